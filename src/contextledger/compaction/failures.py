"""Whether a tool's output says something failed, and which lines say what: failure markers in
the languages tools print in, failing test names, HTTP error answers, retries that got through."""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Sequence
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from ..lexicon.outcomes import (
    FAILED_OUTCOME_SIGNS,
    GOOD_STATES,
    LOCALIZED,
    LOCALIZED_SIGNS,
    MINITEST_NAMED,
    NO_ERRORS,
    PROBLEM_WORDS,
    RETRY,
    RUN_FAILED,
    THROUGH,
)
from ..lexicon.tools import LOOKING
from ..prefilter import first_possible, may_search, superset, touched
from ..printed import error_answer
from .wording import clip, whole_token

# a spreadsheet's error values, English, Spanish, German, French
SHEET_ERROR = (
    r"#(?:NAME\?|REF!|VALUE!|DIV/0!|NULL!|NUM!|SPILL!|CALC!|¡REF!|¡VALOR!|¿NOMBRE\?|¡DIV/0!|"
    r"BEZUG!|WERT!|NOM\?|VALEUR!)"
)

_FAILURE_LINE = re.compile(
    r"(?i)(?:^\s*(?:-{2,}\s*)?(?:FAILED|FAIL|ERROR)\b[: ]|\b(?:failed|failure)\b(?!\s*[=:]\s*0\b)|^\s*E\s{2,}|"
    + RUN_FAILED
    + r"|"
    r"traceback \(most recent call last\)|^\w*(?:Error|Exception)\b[:(]|\berror:|"
    r"\bstatus(?: code)?[:= ]*[45]\d\d\b|\bHTTP(?:/\d(?:\.\d)?)? [45]\d\d\b|"
    # a system call's error by its errno name ("ETIMEDOUT connecting to 10.0.4.17:5432",
    # "ENOSPC: no space left on device"), the C library's words for the common ones
    r"(?-i:\bE(?:TIMEDOUT|CONN(?:REFUSED|RESET|ABORTED)|NOSPC|ACCES|PERM|NOENT|ADDRINUSE|PIPE|"
    r"HOSTUNREACH|NETUNREACH|AI_AGAIN|MFILE|NFILE|NOMEM|DQUOT|ROFS|NOTFOUND|HOSTDOWN)\b"
    # (reported, not explained: not "ETIMEDOUT means the peer did not answer")
    r"(?!\s+(?:means|is|are|was|when|if|occurs|happens|indicates|signals|errors?\s+(?:mean|are))\b))|"
    r"\bno space left on device\b|\bconnection reset by peer\b|"
    # a status that is the negation of a good state: "status: INFEASIBLE (…)", "state=UNHEALTHY",
    # "Status: NOT_READY" (not "status: FEASIBLE", "status: INVOICED", "state: Indiana",
    # "status: UNSEALED")
    r"\b(?:status|state|result|outcome)\s*[:=]\s*\"?(?:in|un|non[-_]?|not[-_ ])"
    + GOOD_STATES
    + r"(?![a-z])|\b[45]\d\d (?:Bad|Not|Internal|"
    # (every reason phrase of an HTTP error: "402 Payment Required: póliza … sin cobertura")
    r"Unauthorized|Forbidden|Service|Gateway|Conflict|Too|Payment\s+Required|Request\s+Timeout|"
    r"Proxy\s+Authentication|Gone|Length\s+Required|Precondition\s+(?:Failed|Required)|"
    r"Payload\s+Too|Unsupported\s+Media|Expectation\s+Failed|Misdirected\s+Request|"
    r"Unprocessable\s+(?:Entity|Content)|Locked|Failed\s+Dependency|Upgrade\s+Required|"
    r"Unavailable\s+For|Insufficient\s+Storage|Loop\s+Detected|Network\s+Authentication)\b|"
    r"\bpanicked\b|"
    # a mail server's refusal, its SMTP reply code ("SMTP 550 5.1.1 <x@y>: Recipient address
    # rejected", "SMTP error 550: mailbox unavailable", R42-R8), and an array or a cluster
    # left degraded ("mdadm: /dev/md2 has been started with 3 drives (out of 4) - degraded")
    r"\bSMTP\s+(?:error\s+)?[45]\d\d\b|\b[45]\d\d[ -][45]\.\d{1,3}\.\d{1,3}\b|"
    r"\berror\s+[45]\d\d\s*:|(?:[-–,(]\s*|\b(?:is|was|now|state\s*[:=])\s+)degraded\b|"
    r"✗|✕|✖|✘|⨯|^\s*× \S|\bnot ok\b|^FAILURES!$|\b(?:Failures|Errors): [1-9]|^ℹ fail [1-9]|"
    # (a timeout said, not set: "timeout: waiting for …", not "timeout = 30", "TIMEOUT: 30s")
    # systemd's end of a unit that died or failed: "Main process exited, code=killed,
    # status=9/KILL", "code=dumped, status=11/SEGV", "code=exited, status=2/INVALIDARGUMENT"
    r"\bcode=(?:killed|dumped)\b|\bcode=exited,\s*status=[1-9]\d*\b|"
    r"\btimed out\b|^timeout\b(?:\s*:(?!\s*\d+(?:\.\d+)?\s*(?:ms|s|m|h|sec|seconds|minutes)?\s*$)|"
    r"\s(?!\s*=))|\bdeadline exceeded\b|\bOOMKilled\b|\bout of memory\b|"
    # how other tools print an error: ESLint's "12:5  error  'x' is …", tsc's "error
    # TS2322:", rustc's "error[E0308]:", Maven's "[ERROR]", npm's "npm ERR!", pnpm's
    # ERR_PNPM_…, Go's "panic:", make's "*** … Error 2", Ruby's "… (NoMethodError)", a
    # JVM's "Exception in thread", a shell's "command not found"
    r"^\d+:\d+\s+error\s|\berror\s+[A-Z]{2,}\d+\b|\berror\[E?\d+\]|^\[(?:ERROR|FATAL)\]|"
    # MSVC's compiler and linker: "cache.cpp(214): error C2065: 'x': undeclared
    # identifier", "LINK : fatal error LNK1181: …", "main.obj : error LNK2019: …" (its
    # warnings, "warning C4996", are none)
    r"(?-i:\b(?:fatal\s+)?error\s+[A-Z]{1,3}\d{3,5}\s*:)|"
    # go vet's "vet: ./handler.go:30:2: fmt.Printf format %d has arg …"
    r"^vet:\s+\S+\.go:\d+(?::\d+)?:\s|"
    r"\bERR_PNPM_\w+|^(?:panic|fatal(?: error)?):|\*\*\*.*\bError \d+$|"
    r"\((?:\w+::)*\w*(?:Error|Exception)\)$|\bException in thread\b|\bUncaught\b|"
    r"\bcommand not found\b|\bNo such file or directory\b|\bPermission denied\b|"
    # a linker's: "spi_flash.c:(.text+0x4c): undefined reference to `jedec_lookup'" (the
    # line that names what is missing; "ld returned 1 exit status" under it names nothing)
    r"\bundefined (?:reference to|symbol)\b|\bmultiple definition of\b|"
    # Windows' "'mvnw' is not recognized as an internal or external command," (and
    # PowerShell's "… as the name of a cmdlet"), Docker's "Error response from daemon:",
    # curl's "curl: (6) Could not resolve host: …", Celery's "Task x[id] raised
    # unexpected: …", npm 10's "npm error code E404", Ansible's "UNREACHABLE!"
    r"\bis not recognized as (?:an internal or external command|the name of a cmdlet)\b|"
    r"\bError response from daemon\b|^(?:curl|wget):\s+\(\d+\)\s|\braised unexpected:|"
    r"^npm error\s|\bUNREACHABLE!|"
    # Mocha's count of failing tests is a line of its own ("  1 failing"; not "Fixed 3
    # previously failing tests")
    r"✖\s*[1-9]\d*\s+problems?\b|^\s*[1-9]\d*\s+failing\s*$|"
    # a pod that cannot run, as kubectl get pods shows it
    r"\b(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|CreateContainer(?:Config)?Error|"
    r"RunContainerError|InvalidImageName|Evicted)\b|"
    # generic signs, whatever the tool: an upper-case ERROR or FAIL status word (dbt's
    # "1 of 1 ERROR creating …", "[FAIL 37 in 2.9s]", a log line's level; not "if status
    # == FAIL:", "raise ERROR", a commit subject), a non-zero error or failure count
    # ("ERROR=1", "Found 1 error.", "3 spelling errors"; not "requests=1200 errors=0"), an
    # error that happened ("Database Error in model", "An error occurred (AccessDenied)"),
    # a refusal or denial ("Connection refused", "PermissionDenied", "… is denied."), what
    # a validator calls invalid ("The Deployment "api" is invalid: spec.x: Required"), a
    # Go compiler's "main.go:14:2: undefined: x", a process the kernel killed
    r"(?-i:(?:^(?:[\d:.,TZ/+#\[\]-]+\s+){0,2}|^[\W_]{3,}\s*|\b\d+ of \d+\s+|\[|\]\s+|\}\s+|"
    r"^[A-Z][\w ]{0,30}:\s+)(?:ERROR|FAIL|FAILED|FAILURE|FATAL)(?![\w.='\"(/-]))|"
    # a run's status in capitals: "BUILD FAILED", "** TEST FAILED **", "JOB FAILURE"
    r"(?-i:\b[A-Z]{3,}\s+(?:FAILED|FAILURE|ERRORS?)\b)|"
    r"\b(?:errors?|fail(?:ed|ures?)?)\s*[=:]\s*[1-9]|"
    # a non-zero count of errors or failures ("Interrupted: 1 error during collection",
    # "ERROR SUMMARY: 3 errors"), not a counter's key ("retries: 1 errors: 0")
    r"(?<![=:\w.,])[1-9]\d*\s+(?:[a-z]+\s+){0,2}(?:errors?|failures?|"
    r"misspell(?:ed|ings?))\b(?!\s*[=:]\s*\d)|"
    # a check that would change files: "would reformat src/cart.py", "2 files would be
    # reformatted", "Would fix 3 errors"
    r"\bwould\s+(?:be\s+)?(?:reformat(?:ted)?|re-?formatted|fix(?:ed)?|changed?|rewritten)\b|"
    # a severity on a scale: SQL Server's "Msg 208, Level 16" (11 and up are errors), a
    # log's "level=error", "severity: critical", a SQLSTATE outside success/warning
    r"\bLevel\s+(?:1[1-9]|2[0-5]),\s+State\b|"
    r"\b(?:level|severity|lvl)\s*[=:]\s*\"?(?:error|err|fatal|crit(?:ical)?|alert|emerg(?:ency)?|"
    r"panic)\b|\bSQLSTATE\[?(?!0[012])[0-9A-Z]{2}|"
    # an error code that opens the line: "ORA-00942: table …", "TNS-12541: …", redis's
    # "(error) WRONGTYPE …"
    r"(?-i:^[A-Z]{2,5}-\d{3,6}:\s)|^\((?:error|err|fatal)\)\s|"
    # an exception's (qualified) class naming what went wrong: "django.db.utils.
    # OperationalError: no such table", "MongoServerError: E11000 …"
    r"(?-i:^(?:[a-z_][\w$]*\.)+[A-Z]\w*(?:Error|Exception|Fault)\b|"
    r"\b[A-Z]\w*(?:Error|Exception)(?:\s+\[[A-Z][A-Z0-9_]+\])?:\s+\S)|"
    # a Kubernetes event of type Warning: "Warning   FailedScheduling   pod/api-0 …"
    r"(?-i:\bWarning\s+(?:Failed\w*|BackOff|Unhealthy|Evicted|OOMKilling|\w*Error\w*|Err\w+)\s)|"
    r"\ban?\s+error\s+occurred\b|\berror in \w+ operation\b|(?-i:\bError\s+(?:in|while|during|"
    r"processing|creating|running|executing|calling|loading|parsing|connecting|reading|"
    r"writing|building|compiling)\b)|"
    r"\b(?:connection|request)\s+refused\b|(?-i:(?<![/\w-])\w+(?:Denied|DENIED)(?![\w/.-]))|"
    r"\b(?:is|are|was) denied\W*$|\b(?:is|are) invalid:\s+[\w\[\]]+(?:\.[\w\[\]]+)+:|"
    r"\bnon-?zero exit\b|^\S+\.go:\d+:\d+: |"
    # VSTest's console marks a failed test "X" before its name and duration
    r"(?-i:^\s*X\s+[\w.+`]+(?:\([^)\n]{0,200}\))?\s+\[(?:<\s*)?\d+(?:\.\d+)?\s*(?:ms|s|m)\]\s*$)|"
    # CocoaPods' and fastlane's "[!] …", kotlinc's "e: file:…:12:5 …", TeX's "! Undefined
    # control sequence.", "fastlane finished with errors", "pandoc: Could not fetch
    # resource …", "Invalid config for 'automation' …"
    r"^\[!\]\s|^e:\s+\S+:\d+|^!\s+[A-Z]|\b(?:finished|completed|ended)\s+with\s+errors?\b|"
    # a spreadsheet's error value opening the line, in its own language: "#NAME? error in
    # Commission!C2", "#¡REF! en B9", "#BEZUG!" (a cell read shows them inside a row, not first)
    r"^\W{0,3}" + SHEET_ERROR + r"|"
    # ... said by the tool or a short subject: "The system cannot find the file specified."
    r"(?:^|:\s+|^(?:the\s+)?\w+(?:\s+\w+)?\s+)"
    r"(?:could\s+not|couldn'?t|unable\s+to|cannot|can'?t)\s+(?:find|fetch|open|connect|"
    r"resolve|load|read|write|create|access|locate|start|parse|compile|install|download|"
    r"reach|import|allocate|bind|mount)\b|"
    # ... in the passive: Composer's "Your requirements could not be resolved to an
    # installable set of packages."
    r"(?:^|:\s+|^(?:the\s+)?\w+(?:\s+\w+)?\s+)(?:could\s+not|couldn'?t|cannot|can'?t)\s+be\s+"
    r"(?:resolved|found|loaded|installed|located|reached|opened|parsed|compiled|created)\b|"
    r"^Invalid\s+(?:config(?:uration)?|value|argument|option|syntax|input|request|token|"
    r"credentials|reference)\b|"
    # an exception named in parentheses opening the line: Elixir's "** (CompileError) …"
    r"(?-i:^\W*\((?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Failure)\)\s)|" + LOCALIZED + r")"
    # the same signs in the languages tools print in: "FEHLER: …", "Erreur : échec de …",
    # "1 Fehler, 212 …", "Exit-Code 2", "終了コード 1", "指定されたパスが見つかりません。"
)


# Why a named test failed, on a line that carries no failure marker: Go's
# "order_test.go:42: expected 3, got 2" (before its "--- FAIL"), PHPUnit's "Failed
# asserting that 2 matches expected 3.", Rust's "assertion `left == right` failed: left: 0,
# right: 2", Jest's "Expected: "dark"" and "Received: "light"".
_REASON = re.compile(
    r"^[\w./-]+_test\.go:\d+: \S|^Failed asserting\b|^(?i:assertion)\b.{0,200}\bfailed\b|"
    r"^(?:Expected|Received)(?: value)?:\s|^E\s{2,}\S|"
    # XCTest's "…: error: -[T testX] : XCTAssertEqual failed: ("3") is not equal to ("4")",
    # ScalaTest's "1199.50 did not equal 1200.00 (MatchSpec.scala:27)" (R29-m11)
    r"\bXCT(?:Assert\w*|Fail)\b.{0,40}\bfailed\b|\b(?:did not equal|was not equal to)\b|"
    # where a Rust test panicked ("thread 'tests::lex_num' panicked at src/lib.rs:10:5:"),
    # Julia's failed expression and what it evaluated to ("Expression: add(2, 2) == 5",
    # "Evaluated: 4 == 5")
    r"^thread\s+'[^'\n]+'\s+panicked\s+at\s|^(?:Expression|Evaluated):\s+\S|"
    # ... the older panic's location, after its message however many lines it ran
    # ("panicked at 'assertion failed: …\n  left: `1`,\n right: `0`', src/parser.rs:88:9")
    r"'\s*,\s+[\w./\\-]+\.rs:\d+:\d+$|"
    # testthat's expect_equal(): "`parse("2024")` not equal to as.Date("2024-01-01")."
    r"^`[^`\n]+`\s+(?:not\s+equal\s+to|not\s+identical\s+to|is\s+not\s+(?:TRUE|FALSE|NULL))\b"
)

# Terraform draws its diagnostics in a box: "│ Error: Invalid reference".
BOX = re.compile(r"^[\s│╷╵]+")
_CLOCK = re.compile(r"^\s*\[\d{1,2}:\d\d(?::\d\d(?:[.,]\d+)?)?\]:?\s+")

_EXCEPTION = re.compile(
    r"\b\w*(?:Error|Exception|Failure)\b(?!\s*\(most)|\bpanic:|\bgot\b.*\bwant\b"
)

_NOT_FAILED = re.compile(
    r"(?i)\bno errors?\b|\(0 errors?\b|\bFailed:\s+0,"
    # a passing test's line, whatever its title says: "✓ maps ECONNRESET to a retryable
    # error (4 ms)" (RT24-2)
    r"|^[✓✔√]\s"
    # ... a TAP or bats line ("ok 1 - retries failed webhooks", never "not ok 2 …"), a
    # test's line a runner ends with its pass ("failed fetch is retried ... ok (1ms)")
    r"|^ok\s+\d+\b|\s\.\.\.\s+ok(?:\s+\([\d.]+\s*[mµ]?s\))?$"
    r"|" + NO_ERRORS +
    # errors a tool fixed or was told to let pass ("Found 3 errors (3 fixed, 0
    # remaining).", "Fixed 4 errors automatically.", "2 errors ignored"), a retry's
    # attempt ("attempt 1: connection refused"; the run's outcome comes after it)
    r"|\(\d+ fixed, 0 remaining\)|\b(?:fixed|corrected)\s+\d+\s+(?:\w+\s+)?(?:errors?|"
    r"problems?|misspellings?)\b|\berrors?\s+(?:ignored|allowed|skipped)\b|"
    # a commit listed by git log ("a1b2c3d fix: handle failed refunds"), a line grep
    # printed as the file has it ("src/errors.py:12:class FailedPayment(Exception):"; a
    # compiler's "a.py:3: error: …" puts one space after the location)
    r"(?-i:^(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\s+\S)|"
    r"^[\w./\\-]+\.\w+:\d+(?::\d+)?[:-](?!\d+[:\s])(?!\w+:FAIL\b)(?:\S|\s{2,})|"
    r"^\W*(?:\S+:\s+)?(?:warning|warn|note|hint|info)\s*:|"  # "warning: could not find …"
    # "failed" as what a command handled: "Deleted 3 failed jobs", "Retrying failed
    # uploads... done (3/3 succeeded)"
    r"\b(?:deleted|removed|cleared|purged|cleaned\s+up|retrying|retried|re-?ran|rerunning|"
    r"requeued|skipped|skipping|listing|archived)\s+(?:all\s+|the\s+)?(?:\d+\s+)?failed\b|"
    # a log line below the error level ("…Z WARN checkout-api path=/v1/cart status=404",
    # "level=info … status=500"): what a service served, not the run failing (a
    # Kubernetes event of type Warning that failed is one: "Warning  FailedScheduling")
    r"^\S*\s*(?:\[?(?:INFO|DEBUG|TRACE|NOTICE|WARN|WARNING)\]?|[IW]\d{4})\s"
    r"(?!\s*(?-i:Failed\w*|BackOff|Unhealthy|Evicted|OOMKilling|\w*Error\w*|Err\w+)\s)"
    r"(?!.*(?-i:\b[A-Z]{3,}\s+(?:FAILED|FAILURE)\b))(?!.*\*\*\*\s+FAILED\s+\*\*\*)"
    # (ScalaTest's reason under sbt's "[info]": "1199.50 did not equal 1200.00 (…:27)")
    r"(?!.*\b(?:did not equal|was not equal to)\b)"
    # (a test's status in a runner's INFO line: twister's "INFO - 1/12 native_sim
    # tests/lora/duty_cycle  FAILED Failed (native 0.412s)", R23-R2)
    r"(?!.*(?-i:\s{2}FAILED\s))|"
    r"\blevel=\"?(?:info|debug|trace|warn|warning)\b|"
    # an exception documented, not raised: "KeyError: raised for an unknown currency."
    r"^\W*\w*(?:Error|Exception)\s*:\s*(?:(?:is\s+)?(?:raised|thrown)\s+(?:when|if|for|on|by|"
    r"whenever)|indicates|means|signals)\b"
)

_FAILED_TEST = re.compile(
    r"^(?:FAILED|ERROR)\s+([\w./-]+::[^\s]+)"  # pytest
    r"|^ERROR\s+([\w./-]+\.py)\s*(?:-\s.*)?$"  # pytest: a test file that failed to collect
    r"|^-{2,}\s*FAIL:\s+(\S+)"  # go test
    r"|^(?:FAIL|ERROR):\s+(\w+\s+\([\w.]+\))"  # unittest
    r"|^test\s+(\S+)\s+\.\.\.\s+FAILED\b"  # cargo test
    r"|^(?:[✕✗×✘⨯]|✖(?!\s*(?:\d+\s+(?:problems?|errors?|warnings?)\b|failing tests:|\|))|not ok \d+)\s+(?:-\s+)?(\S.{0,120}?)(?:\s+\(\d+(?:\.\d+)?\s*m?s\))?$"  # jest, TAP, node --test
    r"|^FAIL\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?\s+>\s+.{1,160}?)\s*$"  # vitest
    r"|^●\s+(?!Console\b|Test suite failed to run\b)(\S.{0,320}?)\s*$"  # jest's failure heading
    r"|^rspec\s+(\./\S+:\d+)\s+#"  # rspec's failed examples
    r"|^\d+\)\s+([\w\\]+::\w+)"  # phpunit
    r"|^\[ERROR\]\s+(?:Failures:\s+)?([A-Za-z_$][\w$]*(?:\.[\w$]+)+):\d+\b"  # maven surefire
    r"|^\[ERROR\]\s+(\w+\([\w.$]+\))"  # surefire's older "test(Class)"
    r"|^INFO\s+-\s+\d+/\d+\s+\S+\s+(\S+)\s{2,}FAILED\b"  # Zephyr's twister
    r"|^(\S.{0,120}? > \S.{0,120}?)\s+FAILED$"  # gradle
    r"|^([\w./-]+::\S+)\s+(?:FAILED|ERROR)\b"  # pytest -v
    # dotnet test: "Failed Name [3 ms]"; VSTest's older console "X Name(a: 1) [< 1 ms]"
    # ... in the languages it prints in: "Con error Name [32 ms]", "Fehler Name [3 ms]",
    # "Échoué Name [3 ms]", "失敗 Name [3 ms]"
    r"|^(?:Failed|X|Con\s+error|Fehler|Échoué|Non\s+superato|Com\s+falha|Mislukt|失敗|失败)\s+"
    r"([\w.+`]+(?:\([^)\n]{0,200}\))?)\s+\[(?:<\s*)?\d"
    r"|^Test Case '-\[([\w.]+ \w+)\]' failed\b"  # XCTest
    r"|^\d+\)\s+(test\s.{1,160}?\s\([\w.]+\))$"  # ExUnit
    r"|^\d+\s+-\s+(\S+)\s+\((?:Failed|Timeout|SEGFAULT|Exception|Subprocess aborted)\)$"  # ctest
    r"|^\d+\)\s+\[[\w-]+\]\s+›\s+(.{1,200}?)\s*─*$"  # Playwright
    r"|^(?:\[info\]\s+)?-\s+(\S.{0,200}?)\s+\*\*\*\s+FAILED\s+\*\*\*"  # ScalaTest (sbt)
    r"|^\[-\]\s+(\S.{0,200}?)\s+\d+(?:\.\d+)?m?s\b"  # Pester
    r"|^[\w./-]+\.\w+:\d+:(\w+):FAIL\b"  # Unity (C), under CTest
    r"|^\d+:\d\d\s+\+\d+(?:\s+~\d+)?\s+-\d+:\s+(\S.{0,200}?)\s+\[E\]$"  # flutter/dart test
    r"|^(?:Test Failed|Error During Test) at (\S+:\d+)$"  # Julia's Test: where it failed
    r"|^([\w./-]+\.feature:\d+\s+\S.{0,200}?)\s*$"  # behave's "Failing scenarios:" (RT23-6)
    r"|^"
    + MINITEST_NAMED  # minitest (RT24-1)
    # zig test: "2/3 test.checksum wraps...FAIL (TestExpectedEqual)" (0.11's "Test [2/3]
    # test.x... FAIL"), zig build's "error: 'main.test.checksum wraps' failed:" (recap76)
    + r"|^(?:Test\s+\[)?\d+/\d+\]?\s+(?:[\w.]+\.)?test\.(.{1,200}?)\.\.\.\s*FAIL\b"
    r"|^error:\s+'(?:[\w.]+\.)?test\.([^'\n]{1,200})'\s+failed\b"
    r"|^(\S.{0,160}?)\s+\|\s*FAIL\s*\|$"  # Robot Framework (RT24-1)
    r"|\bResult=\{Fail(?:ed)?\}\s+Name=\{([^}\n]{1,200})\}"  # Unreal automation (RT26-3)
    # R's testthat: "── 1. Failure ('test-x.R:19:3'): name ──", "Error (test-x.R:4:1): name"
    r"|^(?:─+\s*)?(?:\d+\.\s*)?(?:Failure|Error)\s*\(['\"]?[\w./-]+\.[Rr]:\d+(?::\d+)?['\"]?\)\s*:\s*"
    r"(\S.{0,200}?)\s*─*$"
)

TEST_ID = re.compile(
    r"(?:[\w./-]+\.py::[\w\[\]:.-]+|\b[\w./-]+\.(?:test|spec)\.[jt]sx?\b|"
    r"\btest_\w+|\b\w+Test(?:s)?\.\w+)"
)


def error_answer_lines(text: str) -> list[str]:
    """The lines of a tool output that is an HTTP API's error answer in JSON: the line
    itself when it is one line, else the lines carrying its message (``printed``'s reading,
    clipped as the recap shows lines).

    >>> error_answer_lines('{"error": {"status": 500, "message": "store unavailable"}}')
    ['{"error": {"status": 500, "message": "store unavailable"}}']
    >>> error_answer_lines('{"status": "ok", "items": []}')
    []
    """
    most = 200 if "\n" in text.strip() else 240
    return [clip(line, most) for line in error_answer(text)]


def _box_details(text: str) -> list[str]:
    """What a Terraform diagnostic box says below its "Error:" line: the resource it is
    about ("with module.db.aws_rds_cluster.this,") and its first line of explanation."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not line.lstrip().startswith(("│", "╷", "╵")):
            inside = False
            continue
        s = BOX.sub("", line).strip()
        if s.startswith("Error:"):
            inside, told = True, False
        elif inside and s.startswith("with ") and s.endswith(","):
            out.append(s)
        elif inside and not told and s[:1].isupper() and not s.startswith("on "):
            out.append(clip(s, 200))
            told = True
    return out


# Every word or sign some failure line above needs (a cheap test of the whole output:
# most outputs, a grep's or a listing's, have none of them and skip the line by line read)
_ANY_FAILURE_SIGN = re.compile(
    r"(?i)fail|error|err!|err_|\(err\)|traceback|exit|returned|return code|status|panic|fatal|"
    r"timed out|timeout|smtp|degraded|"
    r"would|level|severity|lvl|sqlstate|(?m:^[A-Z]{2,5}-\d)|code|http\s+[45]|no space left|(?:state|result|outcome)\s*[:=]|"
    r"reset by peer|(?-i:\bE[A-Z]{3,}[A-Z_]*\b)|"
    + LOCALIZED_SIGNS
    + "|"
    + FAILED_OUTCOME_SIGNS
    + "|"
    r"deadline|oomkilled|out of memory|segmentation|core dumped|<title>|<h1>|not ok|exception|"
    r"#(?:name\?|ref!|value!|div/0!|¡ref!|¡valor!|¿nombre\?|bezug!|wert!|nom\?|valeur!)|"
    r"uncaught|denied|not found|undefined reference|undefined symbol|multiple definition|"
    r"no such|http/|unauthori[sz]ed|forbidden|bad request|conflict|too many|unavailable|"
    r"\b[45]\d\d (?:payment|request|proxy|gone|length|precondition|payload|unsupported|"
    r"expectation|misdirected|unprocessable|locked|failed|upgrade|insufficient|loop|network)|"
    r"bad gateway|assert|expected|received|did not equal|was not equal|not equal to|"
    r"not identical to|"
    r"✗|✕|✖|✘|⨯|×|●|›|\*\*\*|_test\.go:|\.rs:\d|backoff|errimage|"
    r"evicted|containererror|containerconfigerror|invalidimage|refused|invalid|killed|"
    r"could not|couldn'?t|unable to|cannot|can'?t|\[!\]|(?m:^!\s|^e:\s)|"
    r"not recognized|raised unexpected|unreachable|(?m:^(?:curl|wget):\s)|#test_|"
    r"(?m:^\s*(?:E\s{2}|X\s|\d+\)\s|\d+:\d+\s|\[|rspec\s|test\s|expression:\s|evaluated:\s)|"
    r"^\S+\.go:\d+:\d+: |^vet:\s)"
)


# ("Attempt 1 failed: connection reset by peer" too, RT24-6)
_ATTEMPT = re.compile(
    r"(?i)^\s*(?:attempt|retry|retrying|try)\s*#?\d+(?:\s*(?:/|of)\s*\d+)?"
    r"(?:\s+(?:failed|errored))?\s*:"
)

# (after an attempt line, a connection made or a 200 is the run getting through, too)
_GOT_THROUGH = re.compile(rf"(?i)\b(?:{THROUGH}|connected|completed|200)\b")

_RECOVERED = re.compile(
    rf"(?i)\b(?:{RETRY}|second\s+attempt|next\s+attempt|then)\b[^.;!?]{{0,40}}"
    rf"\b(?:{THROUGH})\b[^;]*$"
)

_RETRIED_OK = re.compile(rf"(?i)^\W*(?:{RETRY})\b.*\b(?:{THROUGH})\b")

_ANY_RETRY = re.compile(r"(?i)retr|attempt|re-?ran|rerun")  # a cheap test of a whole output

# Mocha numbers each failing test as it runs ("  1) rejects an expired token") and again in
# its report, under the suite's name ("  1) Auth service" then "rejects an expired
# token:"), after its count ("1 failing"): a numbered line is a test's name only then, and
# only the first time its number comes
# (Jasmine numbers them the same way, with its count "6 specs, 1 failure")
_MOCHA_RUN = re.compile(r"(?m)^\s*[1-9]\d* failing\b|^\d+ specs?, [1-9]\d* failures?\b")
_MOCHA_TEST = re.compile(r"^(\d+)\)\s+(\S.{0,200}?)$")


def _mocha_named(line: str, seen: set[str]) -> str | None:
    """The test a numbered line of Mocha's output names (``seen``: the numbers so far)."""
    m = _MOCHA_TEST.match(line)
    if m is None or m.group(1) in seen:
        return None
    seen.add(m.group(1))
    return m.group(2).rstrip(":")


# a scenario behave lists under "Failing scenarios:" ("features/nda.feature:14  Governing
# law clause keeps numbering", RT23-6)
_SCENARIO_AT = re.compile(r"[\w./-]+\.feature:\d+\s")

# Jest heads each failure "● Suite › test" under a "FAIL file" line and above a failed
# count; other tools use the bullet for anything (systemctl's "● nginx.service - …")
_BULLETED_FAILURE = re.compile(r"(?m)^\s*FAIL\b|✕|\b[1-9]\d* failed\b")


def _retried(text: str) -> bool:
    """Whether ``text`` says a retry anywhere (``_ANY_RETRY``), RE2's superset asked first:
    each failure line of a long output asked this of all of it."""
    return may_search(superset(_ANY_RETRY), text) and _ANY_RETRY.search(text) is not None


def recovered(line: str, text: str = "") -> bool:
    """Whether a failure line says the run got through after all, on the line ("upload
    failed; retry succeeded") or on a later line of the output ``text`` ("retrying part
    1... ok"): the failure is a fact of the run's history, not its state."""
    if _RECOVERED.search(line):
        return True
    if not _retried(text):
        return False
    lines = [BOX.sub("", ln).strip() for ln in text.splitlines()]
    at = max(
        (k for k, ln in enumerate(lines) if line in (clip(ln, 200), clip(ln, 300))), default=None
    )
    return at is not None and any(_RETRIED_OK.search(ln) for ln in lines[at + 1 :])


# a count of what failed: "3 errors", "0 pods failed", "2 files would be reformatted"
_FAILURE_COUNT = re.compile(
    r"(?i)(?<![\w./:=-])(\d+)\s+(?:[\w-]+\s+){0,2}?(?:errors?|failed|failures?|failing|would\s+be\s+reformatted|"
    r"(?:were|was)\s+rejected)\b"
)


# A count of zero in any language, either way round: "0 lỗi", "0 件", "0개", "Fehler: 0",
# "エラー: 0", "errors=0" (not "0.5", "10", "v0")
# (a zero after its word ends the count, maybe with a counter: "件", "个", "개"; not "ERROR: 0
# bytes written", "error: 0 of 12 migrations applied", where the zero counts what got done)
_ZERO_ENDS = r"(?:\s?[^\W\d_A-Za-z](?!\w))?(?!\s*\w|[.,]\d)"
_ZERO_COUNT = re.compile(
    r"(?<![\w.,/=:：-])(?<![=:：]\s)0(?![.,]\d)\s*[^\W\d_][\w-]*|"
    rf"[^\W\d_][\w-]*\s*[:=：]\s*0{_ZERO_ENDS}|"
    # ... in Chinese, Japanese and Korean, the word before its count: "失败 0 个"
    rf"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+\s*0{_ZERO_ENDS}|"
    # ... a rate of none, a cross counting none: "Fail Rate 0%" (Apex), "✓ 9120 ✗ 0" (k6)
    r"(?i:\b(?:fail(?:ure)?|error)\s+rate\s*[:=]?\s*)0(?:[.,]0+)?\s*%|[✗✕✖✘⨯]\s*0(?![.,]?\d)"
)
# an item's id opening a line ("GD-210:", "job-17:"): what the line reports on
_ITEM_LABEL = re.compile(r"^[^\s:：]*\d[^\s:：]*[:：]\s*")


def counts_nothing(line: str) -> bool:
    """A line that says a run found nothing wrong by counting zero ("GD-210: tất cả OK, 0
    lỗi", "エラー: 0 件", "Fehler: 0", "Помилок: 0, попереджень: 2"): with its zero counts
    (and an item's id opening it) taken out, nothing on it says a failure - whatever
    language the counted word is in. A zero beside a failure said otherwise is still one:
    "0 passed, 3 failed", "BUILD FAILED, 0 warnings", "FAILED (errors=0, failures=1)".

    >>> counts_nothing("GD-210: tất cả OK, 0 lỗi"), counts_nothing("Fehler: 0")
    (True, True)
    >>> counts_nothing("0 passed, 3 failed"), counts_nothing("BUILD FAILED, 0 warnings")
    (False, False)
    """
    rest = _ZERO_COUNT.sub(" ", line)
    if rest == line:
        return False
    rest = _ITEM_LABEL.sub("", rest.strip())
    return not _FAILURE_LINE.search(rest) and not _FAILED_TEST.search(line)


def _only_zero_counts(line: str) -> bool:
    """A line that counts its failures and counts none: "ERROR SUMMARY: 0 errors from 0
    contexts", "0 pods failed readiness", "0 files would be reformatted" (review11 R1)."""
    counts = _FAILURE_COUNT.findall(line)
    return bool(counts) and all(int(n) == 0 for n in counts)


def failure_lines(text: str, limit: int = 6) -> list[str]:
    """The lines of tool output that say something failed: every line that names a
    failing test (a pytest ``FAILED`` summary comes after the tracebacks, so taking the
    first lines would lose the names), then other failure lines up to ``limit`` in all.
    Read once per output and limit: the recap and its verification both ask."""
    return list(_failure_lines(text, limit))


@lru_cache(maxsize=4096)
def _failure_lines(text: str, limit: int) -> tuple[str, ...]:
    text = _LOG_PREFIX.sub("", text)  # a CI log's lines, as the runner printed them
    lines = [x for x in _read_failures(text, limit) if not _EXPECTED_OUTCOME.match(x)]
    if lines and passed_run(text):  # "✕ skipped: legacy coupon (todo)" in a passing run,
        # rspec's "retries a failed charge" above "12 examples, 0 failures"
        lines = [x for x in lines if not _weak_sign_only(x) and not _said_in_a_title(x)]
    if lines and _ANY_RETRY.search(text):  # "[1/3] health ... FAILED, retrying" then "… ok"
        lines = [x for x in lines if not _step_passed_later(x, text)]
    if lines and _LINT_COUNT.search(text):  # a linter's count: its findings are what failed
        found = [clip(m.group(1).strip(), 200) for m in _LINT_FINDING.finditer(text)]
        lines = [*found, *(x for x in lines if x not in found)][: max(limit, len(lines))]
    return tuple(lines)


# A linter's count of what it found ("Found 3 errors.", "✖ 2 problems (2 errors, 0
# warnings)", "1 error found"), and each finding it lists by place and rule code
# ("src/config.py:12:5: F401 `os` imported but unused", "a.py:3:0: C0114: Missing module
# docstring"): with only the count read, the failure said nothing of what to fix
_LINT_COUNT = re.compile(
    r"(?im)^\W*(?:found\s+[1-9]\d*\s+(?:errors?|problems?|issues?)\b|"
    r"[1-9]\d*\s+(?:errors?|problems?)\s+found\b|✖\s+[1-9]\d*\s+problems?\b)"
)
_LINT_FINDING = re.compile(
    r"(?m)^\s*([\w./\\-]+\.\w+:\d+(?::\d+)?:?\s+[A-Z]{1,4}\d{2,5}\b:?\s+\S.*)$"
)


# pytest's expected outcomes in its summary: an expected failure, a non-strict unexpected
# pass, a skip ("XFAIL tests/t.py::test_bom - known bug" is no failure: R34-R1)
_EXPECTED_OUTCOME = re.compile(r"\s*(?:XFAIL|XPASS|SKIPPED)\b(?!\(strict\))")

# colcon test-result's count for a result file with a failure in it (RT26-3)
_COLCON_FILE = re.compile(r"\.xml: \d+ tests?, \d+ errors?, [1-9]\d* failures?\b")

# what a CI log puts before each line the runner printed: GitHub Actions' "job<TAB>step<TAB>"
# and its timestamp ("test\tRun pytest -q\t2026-11-18T10:02:41.0220000Z FAILED …": RT26-3)
_LOG_PREFIX = re.compile(r"(?m)^(?:[^\t\n]*\t[^\t\n]*\t)?\d{4}-\d\d-\d\dT[\d:.]+Z ?")

# where a step's own words end and its outcome begins: "[1/3] health ... FAILED (timeout)"
_OUTCOME_AT = re.compile(r"(?i)\s*(?:\.{2,}|…|:|-{1,2}|=>)?\s*\b(?:failed|fail|error|errored)\b")
_THROUGH_AT_END = re.compile(rf"(?i)\b(?:{THROUGH})\b\W*(?:\(\S+\))?\W*$")


def _step_passed_later(line: str, text: str) -> bool:
    """A step that failed, was retried and passed: the same step's words open a later
    line that ends passed ("[1/3] health ... FAILED (timeout), retrying" … "[1/3] health
    ... ok"): its failure is the run's history, not its state (the brief's "retry-then-pass
    is no failure")."""
    cut = _OUTCOME_AT.search(line)
    step = line[: cut.start()].strip() if cut else ""
    if len(step) < 4:
        return False
    lines = [BOX.sub("", ln).strip() for ln in text.splitlines()]
    at = next((k for k, ln in enumerate(lines) if clip(ln, 300) == line or ln == line), None)
    if at is None:
        return False
    return any(ln.startswith(step) and _THROUGH_AT_END.search(ln) for ln in lines[at + 1 :])


# A run that says it passed: a count of tests passed, "test result: ok.", "all checks
# passed", a count of zero failures (R18-R2) ...
_PASSED = re.compile(
    r"(?im)(?<![\w.])[1-9]\d*\s+(?:tests?\s+|examples?\s+)?(?:passed|passing)\b|"
    r"^\W*test result: ok\b|\ball (?:checks|tests)(?: have)? passed\b|\ball green\b|"
    r"(?<![\w.])0\s+(?:tests?\s+)?(?:failed|failures?|failing)\b|^OK(?:\s+\(\d+ tests?\b.*\))?$|"
    # go test's "ok  <package> 0.118s", dotnet test's "Passed!  - Failed: 0, …"
    r"^ok\s+\S+\s+(?:\(cached\)|[\d.]+s)|^Passed!\s"
)
# ... unless it counts a failure or an error too ("Tests: 1 failed, 18 passed", "Tests  1
# failed | 40 passed", "ERROR=2"), not a count a test's title gives after a preposition
# ("gives up after 3 failures", "locks the account after 5 failed attempts"); or a runner
# marks a test failed ("--- FAIL: TestX", "FAIL\tpkg")
_FAILED_TALLY = re.compile(
    r"(?im)(?<![\w.])(?<!after )(?<!than )(?<!within )(?<!up to )(?<!every )(?<!over )"
    r"(?<!under )(?<!least )(?<!most )[1-9]\d*\s+(?:tests?\s+|examples?,?\s+)?(?:failed|"
    r"failures?|failing|errors?|errored)\b|\b(?:failed|failures?|errors?|fail)\s*[:=]\s*[1-9]|"
    r"\bFAILURES!|^(?:--- )?FAIL(?:ED)?\b"
)
# The signs of a failure no passing run's line may carry for it to count: a cross (a test
# skipped, a todo, "(✗ 0)"), an upper-case level opening a captured log line ("ERROR
# acme.retry:… (expected in this test)")
_WEAK_SIGNS = re.compile(r"[✕✗×✖✘⨯]|^\W*(?:ERROR|ERR)\b[\s:/]*")


def passed_run(text: str) -> bool:
    """Whether a tool output says its run passed: a count passed or zero failed, and no
    count of failures or errors above zero.

    >>> passed_run("PASS src/a.test.ts\\n  ✕ skipped: legacy (todo)\\nTests: 0 failed, 18 passed")
    True
    >>> passed_run("Tests: 1 failed, 18 passed"), passed_run("ERROR: relation does not exist")
    (False, False)
    """
    return bool(_PASSED.search(text)) and not _FAILED_TALLY.search(text)


# the words of a failure in lower case, as a test's title says them ("retries a failed charge",
# "gives up after 3 failures"): not "error:" nor "failed:" announcing what went wrong
_TITLE_WORDS = re.compile(r"(?<![\w-])(?:failed|failures?|fails?|failing|errors?)(?![\w:-])")


def _said_in_a_title(line: str) -> bool:
    """A line whose only failure sign is a failure's word in lower case: in a run that
    passed, a passing test's title (rspec's documentation format lists each with no mark)."""
    return _TITLE_WORDS.search(line) is not None and not _FAILURE_LINE.search(
        _TITLE_WORDS.sub(" ", line)
    )


def _weak_sign_only(line: str) -> bool:
    """A failure line whose only failure sign is a cross or a log level opening it."""
    return bool(_WEAK_SIGNS.search(line)) and not _FAILURE_LINE.search(_WEAK_SIGNS.sub(" ", line))


# The one alternative of ``_ANY_FAILURE_SIGN`` whose case is kept ("EACCES", "ENOENT"):
# an RE2 superset folds the case of the whole pattern (a word of "E" and three letters of
# any case is on most lines of code), so the screen is the rest and that one alone.
_CASED_SIGN = r"(?-i:\bE[A-Z]{3,}[A-Z_]*\b)|"


# ... screened as two patterns: the rest of the signs, folded, and that one, its case kept;
# their RE2 translations stored (``SCREENED``, scripts/make_re2_supersets.py), not made in a
# process's first read of a tool output
_FOLDED_SIGNS = re.compile(_ANY_FAILURE_SIGN.pattern.replace(_CASED_SIGN, "", 1))
_CASED_SCREEN = re.compile(r"E[A-Z]{3}")
SCREENED = ((_FOLDED_SIGNS, False), (_CASED_SCREEN, False), (_FAILURE_LINE, False))


@cache
def _sign_screens() -> tuple[Any, ...]:
    """RE2 supersets that, together, match wherever ``_ANY_FAILURE_SIGN`` may (see
    :func:`..prefilter.superset`); ``(None,)`` (search every line) without RE2."""
    rest, cased = superset(_FOLDED_SIGNS), superset(_CASED_SCREEN)
    return (rest, cased) if rest is not None and cased is not None else (None,)


def _says_a_sign(line: str) -> bool:
    """``_ANY_FAILURE_SIGN`` found in ``line``, searched from where one of its RE2 supersets
    may first match: Python's engine tried its hundreds of words at each character, ~10 us a
    character, ~550 us a log line it finds nothing in ("… DEBUG avalanche-warn[4426] cache
    miss"); half of that this way."""
    screens = _sign_screens()
    if screens == (None,):
        return _ANY_FAILURE_SIGN.search(line) is not None
    starts = [at for screen in screens if (at := first_possible(screen, line)) >= 0]
    return bool(starts) and _ANY_FAILURE_SIGN.search(line, min(starts)) is not None


def _touched(screens: tuple[Any, ...], lines: list[str]) -> set[int] | None:
    """The lines a failure's sign may be on (None: any may)."""
    found: set[int] = set()
    for screen in screens:
        hit = touched(screen, lines)
        if hit is None:
            return None
        found |= hit
    return found


@lru_cache(maxsize=4096)
def _lines_read(text: str) -> tuple[tuple[str, ...], frozenset[int], frozenset[int]]:
    """``text``'s lines without a box's rule or a clock's stamp (fastlane's "[14:22:31]:
    Fehler: …"), the indices of those saying a failure's sign (``_ANY_FAILURE_SIGN``) and of
    those saying a failure (``_FAILURE_LINE``): read once per output, whatever the limit it
    is read for. RE2 passes first: most lines of a long output need no search in Python's
    engine, which spent ~1.5 us a character on them."""
    stripped = tuple(_CLOCK.sub("", BOX.sub("", line)).strip() for line in text.splitlines())
    may_sign = _touched(_sign_screens(), list(stripped))
    may_fail = touched(superset(_FAILURE_LINE), stripped)
    signed = (k for k in range(len(stripped)) if may_sign is None or k in may_sign)
    failing = (k for k in range(len(stripped)) if may_fail is None or k in may_fail)
    return (
        stripped,
        frozenset(k for k in signed if _says_a_sign(stripped[k])),
        frozenset(k for k in failing if _FAILURE_LINE.search(stripped[k])),
    )


# read once per output and limit: the recap's failures and its failing tests both ask
@lru_cache(maxsize=4096)
def _read_failures(text: str, limit: int) -> tuple[str, ...]:
    return tuple(_reading_failures(text, limit))


def _reading_failures(text: str, limit: int) -> list[str]:
    answer = error_answer_lines(text)
    if answer:
        return answer[:limit]
    screens = _sign_screens()  # RE2 reads a long output at C speed, once
    if not any(may_search(p, text) for p in screens) or not _ANY_FAILURE_SIGN.search(text):
        return []
    report = _json_report(text)
    if report is not None:  # a runner's JSON: what its fields say failed, and only that
        return _json_failure_lines(text, report, limit)
    tests: list[str] = []
    names: list[str] = []  # the test each line of ``tests`` names
    other: list[str] = []
    # beside the test names, the lines that say why (an exception, an assertion's
    # message), not the markers and counts ("Traceback (most recent call last):", "1
    # failed, 4 passed")
    why: list[str] = []
    attempt: str | None = None  # the last failed attempt no later line got past
    table = _table_fields(text)
    mocha = bool(_MOCHA_RUN.search(text))
    behave = "Failing scenarios:" in text  # its scenarios listed below, with no marker
    numbered: set[str] = set()  # the numbers of the tests Mocha named so far
    prior = ""  # the line before, with words: where GUT names the test a "[Failed]" is of
    suites = _robot_suites(text)
    raw = text.splitlines()
    stripped, signed, failing = _lines_read(text)
    for k, line in enumerate(raw):
        s = stripped[k]
        said_above, prior = prior, (s or prior)
        if s in suites:
            continue  # Robot's "Paging | FAIL |": the suite its failing test is in
        if table is not None and line.count(table[0]) == table[1]:
            continue  # a row of a CSV or a query's table: "2,FAILED,5.00" is a value
        if attempt is not None and _GOT_THROUGH.search(s):
            attempt = None
        if _ATTEMPT.match(s):
            attempt = clip(s, 200) if _FAILURE_LINE.search(_ATTEMPT.sub("", s)) else None
            continue
        if s.startswith("--> ") and other and other[-1] == clip(said_above, 200):
            if _RUSTC_ERROR.match(said_above) and len(other) < 4 * limit:
                other.append(clip(s, 200))  # where rustc's error is: "--> src/a.rs:212:18"
            continue
        # colcon test-result names a failing test on the line under its result file's count
        colcon = s.startswith("- ") and bool(_COLCON_FILE.search(said_above))
        if not colcon and k not in signed and not (behave and _SCENARIO_AT.match(s)):
            continue  # most lines of a long output (a listing, a file): one cheap test
        if not colcon and (
            not s or _NOT_FAILED.search(s) or _only_zero_counts(s) or counts_nothing(s)
        ):
            continue
        named = _FAILED_TEST.search(s)
        if named and s.startswith("●") and not _BULLETED_FAILURE.search(text):
            named = None  # systemctl's "● nginx.service - …": a bullet, no failing test
        name = next(g for g in named.groups() if g) if named else None
        if name is None and mocha:
            name = _mocha_named(s, numbered)
        if name is None and colcon:
            name = s[2:].strip()  # "- nav_planner.PlannerTest replans_around_obstacle"
        if name is None and s.startswith("fatal: [") and said_above.startswith("TASK ["):
            name = said_above[6:].partition("]")[0]  # Ansible: its task failed (RT26-3)
            s = f"TASK [{name}] {s}"
        if name is None and s.startswith("[Failed]") and said_above.startswith("* "):
            name = said_above[2:].strip()  # GUT (Godot): "* test_roundtrip" then "[Failed]: …"
            s = f"{said_above} {s}"
        if name is not None:  # a runner's own way to name a failing test
            # once per test: pytest -v names it as it runs and again in its summary, with
            # the reason; the longer line says more
            line = clip(s, 300)
            # Jest names a test "✕ saves the theme" as it runs and "● Settings › saves
            # the theme" in its report
            at = next((k for k, n in enumerate(names) if _same_test(n, name)), None)
            if at is not None:
                tests[at] = max(tests[at], line, key=len)
            else:
                names.append(name)
                tests.append(line)
        elif s.startswith("{") and error_answer_lines(s) and len(other) < 4 * limit:
            # an API's error body under its status line: '{"error": "REFUND_WINDOW_EXPIRED"}'
            other.append(clip(s, 200))
        elif k in failing and len(other) < 4 * limit:
            other.append(clip(s, 200))
            if (_EXCEPTION.search(s) or _REASON.search(s)) and not _LABEL_ONLY.match(s):
                why.append(other[-1])
        elif _REASON.search(s) and len(why) < 4 * limit:
            why.append(clip(s, 200))
    if attempt is not None and len(other) < 4 * limit:
        other.append(attempt)
    if not tests and other:  # the runner names the test on a line of its own, near its marker
        tests = named_nearby(text)[:limit]
    if not tests:
        details = [d for d in _box_details(text) if d not in other] if other else []
        # within the limit, what the error says before the bare markers ("Exit code: 1")
        telling = [x for x in other if not MARKER_ONLY.search(x)]
        if other and not telling:  # "exit status 3" alone: what failed is said above it
            above = _said_before_marker(text)
            other = [*above, *other]
            telling = above
        keep = set((telling + details)[:limit]) or set(other[:1])
        keep |= set([x for x in other if x not in keep][: max(0, limit - len(keep))])
        return [x for x in other if x in keep] + [d for d in details if d in keep]
    said = " ".join(tests)  # a reason the test's own line gives already is said
    why = [w for w in why if w.removeprefix("E ").strip(" …") not in said]
    return tests + why[: max(0, min(2, limit - len(tests)))]


# a heading with nothing after it, no reason of its own: dotnet's "Error Message:" (the
# reason is on the line under it), "Stack Trace:"
_LABEL_ONLY = re.compile(r"^[^\W\d_][\w ]{0,30}:$")

# rustc's error, whose location is on the line under it ("  --> src/fusion.rs:212:18", R29-m11)
_RUSTC_ERROR = re.compile(r"^error(?:\[E\d+\])?:\s")

# a line that says nothing of what failed: a rule, a diff's hunk header, a prompt
_NO_WORDS = re.compile(r"^[\W_]*$|^\d+(?:,\d+)?[acd]\d+(?:,\d+)?$|^[$#>]\s*$")

# What says a run went wrong, in words no failure marker knows: a mismatch, something
# missing, refused or not set ("row count differs", "SECURE_HSTS_SECONDS is not set"),
# in the languages tools print in too
_PROBLEM = re.compile(
    r"(?i)\b(?:mismatch\w*|missing|differ\w*|different|not|no|never|cannot|can'?t|refused|"
    r"invalid|unexpected|denied|expected|unable|wrong|bad|corrupt\w*|broken|lost|exceed\w*|"
    r"duplicate\w*|conflict\w*|unknown|unsupported|unreachable|rejected|violat\w*|"
    r"incorrect|inconsistent|stale|overflow|unset|undefined|absent|empty|vs\.?|"
    + PROBLEM_WORDS
    + r")\b|!=|≠|<>"
)

# ... and what only tells the run's progress: "verifying 88 packages", "cleaning up temp
# tables...", "done in 41.2s", "rollback complete"
_PROGRESS = re.compile(
    r"(?i)^\W*\w+ing\b|\b(?:done|complete[ds]?|finished|succeeded|ok)\W*$|"
    r"\bin\s+\d+(?:\.\d+)?\s*(?:ms|s|sec|seconds|m|min|minutes)\b|\.{3}\s*$|…\s*$"
)

_SHOUTED = re.compile(r"\b[A-Z][A-Z0-9]*_?[A-Z0-9_]{3,}\b")


def _telling(line: str) -> int:
    """How much a line of a failed run's output says what went wrong."""
    score = 3 * bool(_PROBLEM.search(line)) + 2 * bool(_SHOUTED.search(line))
    return score - 4 * bool(_PROGRESS.search(line))


def _said_before_marker(text: str) -> list[str]:
    """When a failed run's output marks its failure only with a bare marker ("exit status
    3", "Process exited with code 2"), the line that says what failed, in words no list
    of markers knows ("CHECKSUM MISMATCH order_items: … (chunk 41, 3,118 rows differ)",
    "health check on canary-2: connection refused"): the line above the first marker
    that tells most of a problem (a mismatch, something missing, refused or not set, a
    word in capitals), not of progress ("done in 41.2s"); with none, the nearest line
    with words above the marker, else the output's last one.

    >>> _said_before_marker("RECONCILE: 214 rows missing\\ncleaning up...\\ndone in 4s\\nexit status 4")
    ['RECONCILE: 214 rows missing']
    """
    lines = [BOX.sub("", ln).strip() for ln in text.splitlines()]
    lines = lines[-400:]  # a long log ends with what went wrong
    marker = next(
        (k for k, s in enumerate(lines) if s and MARKER_ONLY.search(s) and _FAILURE_LINE.search(s)),
        len(lines),
    )
    wordy = [k for k, s in enumerate(lines) if s and not _NO_WORDS.match(s)]
    # (a log line below the error level is the run's progress, never what failed: "INFO
    # build step 3 done" before "Process exited with code 1", R38-R1)
    wordy = [k for k in wordy if not MARKER_ONLY.search(lines[k]) and not _QUIET.match(lines[k])]
    before = [k for k in wordy if k < marker] or wordy
    if not before:
        return []
    best = max(before, key=lambda k: (_telling(lines[k]), k))
    at = best if _telling(lines[best]) > 0 else before[-1]
    if _telling(lines[at]) < 0:
        return []  # (only progress above the marker: the marker says it alone)
    return [clip(lines[at], 200)]


# a log line below the warning level: "INFO build step 3 done", "[debug] cache warm",
# "2026-12-05 14:02:13 INFO - …", "level=info msg=…"
_QUIET = re.compile(
    r"(?i)^(?:[\d:.,TZ/+\[\]-]+\s+){0,3}\{?[\w.:]*\}?\s*\[?(?:INFO|DEBUG|TRACE|NOTICE|VERBOSE)\]?\b"
    r"|\blevel=\"?(?:info|debug|trace)\b"
)


def _table_fields(text: str) -> tuple[str, int] | None:
    """The field separator of an output that is a table (CSV, TSV, a query's ``|``
    table) and its count per row: three or more lines, most with the first line's count
    (two or more) of one separator. None for any other output."""
    lines = [ln for ln in text.splitlines()[:200] if ln.strip()]
    if len(lines) < 3:
        return None
    for sep in (",", "\t", "|"):
        n = lines[0].count(sep)
        if n >= 2 and sum(ln.count(sep) == n for ln in lines) >= 0.8 * len(lines):
            return sep, n
    return None


def _same_test(a: str, b: str) -> bool:
    return a == b or a.endswith(" " + b) or b.endswith(" " + a)


# A test runner's report as JSON, whatever the runner (pytest-json-report, ``go test -json``,
# ``jest --json``, a CI's API): an object naming a test beside an outcome field that says it
# failed ({"nodeid": …, "outcome": "failed"}, {"Action": "fail", "Test": …}, {"fullName": …,
# "status": "failed"}). Keys and values casefolded.
_TEST_NAME_KEYS = ("nodeid", "test", "fullname", "full_name", "testname", "test_name", "title",
                   "name", "testcase", "test_id", "testid", "id")  # fmt: skip
_TEST_OUTCOME_KEYS = frozenset(
    {"outcome", "status", "result", "action", "state", "verdict", "conclusion"}
)
_FAILED_VALUES = frozenset(
    {"failed", "fail", "failure", "failing", "error", "errored", "broken", "timedout",
     "timed_out", "crashed"}
)  # fmt: skip
# ... and a run's output handed back as JSON: {"exit_code": 1, "stdout": "…", "stderr": "…"}
_OUTPUT_KEYS = frozenset({"stdout", "stderr", "output", "log", "logs", "out", "err"})
# ... whose exit code says it failed even when its output has no failure word in a language
# read ({"exit_code": 3, "stderr": "schema drift: …"}): the code is the run's own verdict
_EXIT_KEYS = frozenset(
    {"exit_code", "exitcode", "exit_status", "exitstatus", "returncode", "return_code", "rc"}
)
_ERROR_OUTPUT_KEYS = ("stderr", "err", "stdout", "output", "out", "log", "logs")


def _json_values(text: str) -> list[object] | None:
    """``text`` parsed as one JSON document or as JSON lines (most lines an object); None
    when it is neither."""
    body = text.strip()
    if body[:1] not in ("{", "[") or len(body) > 2_000_000:
        return None
    try:
        return [json.loads(body)]
    except ValueError:
        pass
    lines = [ln.strip() for ln in body.splitlines() if ln.strip()]
    objects: list[object] = []
    for ln in lines:
        if ln.startswith("{"):
            try:
                objects.append(json.loads(ln))
            except ValueError:
                continue
    return objects if len(objects) >= max(1, len(lines) * 0.6) else None


def _walk(value: object, depth: int = 0) -> list[dict[str, object]]:
    if depth > 8:
        return []
    if isinstance(value, dict):
        out = [value]
        for v in value.values():
            out += _walk(v, depth + 1)
        return out
    if isinstance(value, list):
        return [d for v in value[:5000] for d in _walk(v, depth + 1)]
    return []


def _json_report(text: str) -> tuple[list[str], list[str]] | None:
    """The failing tests a JSON test report names and the failure lines of the runs it
    wraps: (names, lines); None when ``text`` is neither (then it is read as text)."""
    values = _json_values(text)
    if values is None:
        return None
    names: list[str] = []
    lines: list[str] = []
    reported = wrapped = False
    for obj in (d for v in values for d in _walk(v)):
        keys = {str(k).casefold(): v for k, v in obj.items()}
        outcome = next((keys[k] for k in keys if k in _TEST_OUTCOME_KEYS), None)
        name = next((keys[k] for k in _TEST_NAME_KEYS if isinstance(keys.get(k), str)), None)
        if isinstance(outcome, str) and isinstance(name, str) and name.strip():
            reported = True
            if outcome.strip().casefold() in _FAILED_VALUES and name not in names:
                names.append(name)
        for item in _listed_failures(keys):  # Mocha's JSON reporter: "failures": [{…}]
            reported = True
            if item not in names:
                names.append(item)
        printed = [v for k, v in keys.items() if k in _OUTPUT_KEYS and isinstance(v, str)]
        wrapped = wrapped or bool(printed)
        lines += [x for x in _wrapped_failure(keys, printed) if x not in lines]
    return (names, lines) if reported or wrapped else None


# a report's list of its failed tests, each an object naming one ({"failures": [{"title":
# "drains_on_shutdown", "fullTitle": "queue drains_on_shutdown", "err": {…}}]}, RT24-2)
_FAILURE_LIST_KEYS = ("failures", "failedtests", "failed_tests", "failed")
_LISTED_NAME_KEYS = ("title", "fulltitle", "full_title", "name", "test", "nodeid", "testname")


def _listed_failures(keys: dict[str, object]) -> list[str]:
    """The test names a report's failure list holds (``keys`` casefolded)."""
    out: list[str] = []
    for key in _FAILURE_LIST_KEYS:
        listed = keys.get(key)
        if not isinstance(listed, list):
            continue
        for item in listed[:500]:
            if not isinstance(item, dict):
                continue
            named = {str(k).casefold(): v for k, v in item.items()}
            name = next(
                (named[k] for k in _LISTED_NAME_KEYS if isinstance(named.get(k), str)), None
            )
            if name and name.strip():
                out.append(name)
    return out


def _wrapped_failure(keys: dict[str, object], printed: list[str]) -> list[str]:
    """The failure lines of one JSON-wrapped run (``keys`` casefolded, ``printed`` its
    outputs): what its output says failed; else, when it exited non-zero, the first line
    it printed (stderr first) or its exit code - the code is the run's own verdict, in a
    language no failure word is read in ({"exit_code": 3, "stderr": "schema drift: …"})."""
    found = [x for body in printed if body.strip() for x in _failure_lines(body, 6)]
    code = next((keys[k] for k in _EXIT_KEYS if k in keys), None)
    if found or isinstance(code, bool) or not isinstance(code, (int, str)):
        return found
    code = str(code).strip()
    if not code.lstrip("-").isdigit() or int(code) == 0:
        return []
    ordered = [v for k in _ERROR_OUTPUT_KEYS if isinstance(v := keys.get(k), str)]
    first = next((ln.strip() for body in ordered for ln in body.splitlines() if ln.strip()), "")
    return [clip(f"exit code {code}: {first}" if first else f"exit code {code}", 300)]


def _json_failure_lines(text: str, report: tuple[list[str], list[str]], limit: int) -> list[str]:
    """The lines of a JSON report or JSON-wrapped output that say what failed: for each
    failing test, the line of ``text`` that names it (the one that also says it failed
    when one does: a ``go test -json`` line), cut around the name when long; else the
    failure lines of the runs the JSON wraps."""
    names, wrapped = report
    out: list[str] = []
    lines = text.splitlines()
    printed = _printed_per_test(text) if names else {}
    for name in names:
        if any(n.startswith(name + "/") for n in names):
            continue  # a Go test failing because its subtest "TestX/case" did: that one says it
        said = _said_failing(name, printed.get(name, ""))
        if said:  # what the runner printed of it: "--- FAIL: TestX/sub (0.00s)", not the event
            out += [x for x in said if x not in out]
            continue
        quoted = json.dumps(name)
        holding = [ln.strip() for ln in lines if quoted in ln]
        failing = [ln for ln in holding if re.search(r'(?i)"(?:fail\w*|error\w*)"', ln)]
        line = (failing or holding or [""])[0]
        if len(line) > 200 or sum(json.dumps(n) in line for n in names) > 1:
            at = line.find(quoted)  # one line holds the report: the part about this test
            line = line[max(0, at - 40) : at + len(quoted) + 80].strip()
        if line and clip(line, 300) not in out:
            out.append(clip(line, 300))
    return out[:limit] if names else wrapped[:limit]


def _printed_per_test(text: str) -> dict[str, str]:
    """What a stream of JSON test events printed per test (``go test -json``'s {"Action":
    "output", "Test": …, "Output": "--- FAIL: …"}), joined in order."""
    out: dict[str, list[str]] = {}
    for obj in (d for v in _json_values(text) or [] for d in _walk(v)):
        keys = {str(k).casefold(): v for k, v in obj.items()}
        name = next((keys[k] for k in _TEST_NAME_KEYS if isinstance(keys.get(k), str)), None)
        said = next((v for k, v in keys.items() if k in _OUTPUT_KEYS and isinstance(v, str)), None)
        if isinstance(name, str) and said:
            out.setdefault(name, []).append(said)
    return {name: "".join(said) for name, said in out.items()}


def _said_failing(name: str, printed: str) -> list[str]:
    """Of what a runner printed while running the test ``name``, the failure line naming
    it, then the first line saying why ("quota_test.go:58: remaining = 4, want 5")."""
    lines = _failure_lines(printed, 6) if printed else ()
    naming = next((x for x in lines if name in x), None)
    if naming is None:
        return []
    why = next((x for x in lines if name not in x), None)
    return [naming, why] if why else [naming]


# Robot Framework's status line of a suite: its name and "| FAIL |", over the suite's tally
_ROBOT_STATUS = re.compile(r"\|\s*FAIL\s*\|$")
_ROBOT_TALLY = re.compile(r"^\d+ tests?, \d+ passed, \d+ failed")


def _robot_suites(text: str) -> frozenset[str]:
    """The lines of a Robot Framework run that give a suite's status, not a test's (the
    "| FAIL |" line right above "6 tests, 5 passed, 1 failed"), stripped (R23-R2)."""
    if "| FAIL |" not in text:
        return frozenset()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    suites = frozenset(
        ln
        for ln, after in pairwise(lines)
        if _ROBOT_STATUS.search(ln) and _ROBOT_TALLY.match(after)
    )
    # (a suite that failed with no test line failing, its setup say, is the failure)
    tested = any(_ROBOT_STATUS.search(ln) and ln not in suites for ln in lines)
    return suites if tested else frozenset()


# a test run that stops at its first failures, by how it was run or what it printed: pytest's
# -x / --exitfirst / --maxfail and "stopping after 1 failures", Jest's --bail, Go's
# -failfast, cargo-nextest's --fail-fast, Gradle's --fail-fast, Mocha's --bail
_STOPS_EARLY = re.compile(
    r"(?:^|\s)(?:-x|--exitfirst|--maxfail(?:=|\s+)\d+|--bail(?:=\d+)?|-failfast|"
    r"--fail-fast|--failfast)(?=\s|$)"
)
_STOPPED_EARLY = re.compile(
    r"(?i)\bstopping after \d+ failures?\b|!+ (?:stopping|interrupted)\b|\bbail(?:ing|ed)? out\b"
)


def stopped_early(command: str, output: str) -> bool:
    """Whether a test run stopped at its first failures, before running every test: its
    later tests did not run, so a test an earlier run saw fail and this one does not name
    did not pass (R41-R10).

    >>> stopped_early("pytest -x -q", ""), stopped_early("pytest -q", "stopping after 1 failures")
    (True, True)
    >>> stopped_early("pytest -q tests/", "1 failed, 12 passed")
    False
    """
    return bool(_STOPS_EARLY.search(command) or _STOPPED_EARLY.search(output))


def passed_on_rerun(runs: Sequence[Collection[str]]) -> set[str]:
    """Of one command's failing runs, in order, each the tests its output named failing
    (:func:`failing_tests`): the tests a run saw fail that the next run naming failing tests
    no longer did while failing only tests it had failed too (`dotnet test` failed
    Rounds_to_two_decimals and Vat_is_applied_per_line, then only Rounds_to_two_decimals:
    R40-R3), unless a later run failed them again. A run that fails another test says
    nothing of the first (`pytest -q` failed test_a, then test_b: whether test_a passed the
    record does not say), nor does a run that named no test (a build error before the tests
    ran).

    >>> sorted(passed_on_rerun([{"test_a", "test_b"}, set(), {"test_b"}]))
    ['test_a']
    >>> sorted(passed_on_rerun([{"test_a"}, {"test_b"}]))
    []
    """
    named = [frozenset(r) for r in runs if r]
    fixed: set[str] = set()
    for before, after in pairwise(named):
        fixed -= after
        if after < before:  # the same failures, fewer: those gone passed
            fixed |= before - after
    return fixed


# a test's own name at the end of its id: "tests/t.py::Case::test_a[x]" -> "test_a"
_TEST_LEAF = re.compile(r"([A-Za-z_]\w*)(?:\[[^\]]*\])?$")


def names_test(command: str, test: str) -> bool:
    """Whether ``command`` runs ``test`` by name: its id ("pytest tests/t.py::test_a"), or
    its own name as an argument, not a path's part ("pytest tests/web -k test_signature",
    "go test -run TestRoundVat"), so the run passing says the test passed.

    >>> names_test("pytest -q tests/web -k test_signature", "tests/web/t.py::test_signature")
    True
    >>> names_test("pytest -q tests/test_signature.py", "tests/web/t.py::test_signature")
    False
    """
    if test in command:
        return True
    leaf = _TEST_LEAF.search(test)
    return leaf is not None and whole_token(
        command, leaf.group(1), r"(?<![\w/.:-])", r"(?![\w/.:-])"
    )


def failing_tests(text: str, *, marked: bool = False) -> list[str]:
    """The names of the tests a tool output reports as failing (pytest node ids, Go's
    ``--- FAIL: TestX``, unittest's ``FAIL: test_x (mod.Case)``, cargo's
    ``test a::b ... FAILED``, Jest's ``✕ name``), in order, without duplicates; a
    runner's marker inside a line too (indented, after a prefix: a recap's "`npx jest`: ●
    Cart › removes expired coupon", a log's "12:00:01 FAILED tests/t.py::test_a").
    ``marked``: every "●" marks a failure (a failed result, a claim quoting one), not only
    in an output that reads as a Jest run.

    >>> failing_tests("--- FAIL: TestExpiry (0.01s)\\nFAILED tests/t.py::test_a[x] - E")
    ['TestExpiry', 'tests/t.py::test_a[x]']
    >>> failing_tests("`npx jest`: ● Cart › removes expired coupon", marked=True)
    ['Cart › removes expired coupon']
    """
    return list(_failing_tests(text, marked))


# a pure reading of one output: the recap, its verification and the evidence of every
# re-compaction ask it of the same outputs (most of a kept Preparer's turn on main)
@lru_cache(maxsize=4096)
def _failing_tests(text: str, marked: bool) -> tuple[str, ...]:
    out: list[str] = []
    report = _json_report(text) if text.lstrip()[:1] in ("{", "[") else None
    if report is not None:
        names, outputs = report
        return tuple(names) if names else tuple(t for body in outputs for t in failing_tests(body))
    bulleted = marked or bool(_BULLETED_FAILURE.search(text))
    mocha = bool(_MOCHA_RUN.search(text))
    numbered: set[str] = set()
    passed = passed_run(text)
    prior = ""
    suites = _robot_suites(text)
    for line in text.splitlines():
        said_above, prior = prior, (line.strip() or prior)
        if line.strip() in suites:
            continue  # a Robot suite's status, not a test's
        if passed and _weak_sign_only(line.strip()):
            continue  # "✕ skipped: legacy coupon (todo)" in a run that passed
        if line.strip().startswith("[Failed]") and said_above.startswith("* "):
            out += [n for n in [said_above[2:].strip()] if n not in out]  # GUT (Godot)
            continue
        m = _FAILED_TEST.search(line.strip())
        named: list[str] = []
        if m and (bulleted or not line.strip().startswith("●")):
            named = [next(g for g in m.groups() if g)]
        elif m is None and mocha:
            named = [n for n in [_mocha_named(line.strip(), numbered)] if n is not None]
        if not named:
            named = _marked_inside(line, bulleted)
        # (not testthat's tally row "✖ | 1        4 | parcels": a context's counts)
        out += [n for n in dict.fromkeys(named) if n not in out and not n.startswith("|")]
    if not out and "\n" in text and _read_failures(text, 6):
        out = named_nearby(text)
    return tuple(out)


# a runner's failure marker anywhere in a line: "●", "✕" or "✖" and the name up to a "(",
# a ";", a ": " or a " - "; pytest's "FAILED x::y"; Go's "--- FAIL: TestX" (not ESLint's
# "✖ 3 problems" nor node's "✖ failing tests:", which name no test)
_MARKED_INSIDE = re.compile(
    r"(?P<mark>[●✕✖])(?![ \t]*(?:\d+\s+(?:problems?|errors?|warnings?)\b|failing\s+tests:))[ \t]*"
    r"(?P<name>[^\n();]+?)[ \t]*(?:[(;]|:\s|\s[-—]\s|$)"
    r"|\bFAILED[ \t]+(?P<py>[^\s:]+::[^\s]+)|--- FAIL:[ \t]*(?P<go>\w+)"
)


def _marked_inside(line: str, bulleted: bool) -> list[str]:
    """The tests a line names after a failure marker inside it (a "●" only in a Jest run,
    ``bulleted``: systemctl's "● nginx.service - …" names no test)."""
    out = []
    for m in _MARKED_INSIDE.finditer(line):
        if m.group("mark") == "●" and not bulleted:
            continue
        name = (m.group("name") or m.group("py") or m.group("go") or "").strip()
        if name:
            out.append(name)
    return out


# A failure line that only says that something failed, not what: "Traceback (most recent
# call last):", "Exit code: 1", "npm ERR! errno 1", "error during build:", "FAIL",
# "Tests: 7, Assertions: 19, Failures: 1.", "1 failed, 4 passed in 0.2s"
MARKER_ONLY = re.compile(
    r"(?i)^(?:traceback \(most recent call last\):?|(?:npm ERR!\s+)?(?:code|errno)\s+\S+|"
    r"(?:command )?exit(?:ed)?(?: with)?(?: (?:code|status))?[:= ]*-?\d+\W*|(?:\S+\s+){0,3}\S+:|"
    # "Process exited with code 2", "Command failed with exit code 1."
    r"(?:\w+\s+){1,2}(?:exited|failed|returned|terminated|ended|finished|completed)\s+"
    r"(?:with\s+)?(?:an?\s+)?"
    r"(?:non-?zero\s+)?(?:exit\s+)?(?:code|status)[:= ]*-?\d*\W*|"
    r"FAIL(?:ED|URES?!?)?\W*|errors?\W*|(?:\d+ (?:failed|errors?|passed|skipped)\W*)+(?:in .*)?|"
    r"(?:Tests?|Test Suites|Assertions|Failures|Errors)\s*:.*\d.*|(?:Found )?\d+ errors? in .*|"
    r"=+\s.*\s=+|npm ERR! .*(?:complete log|A complete|\.log)\b.*)$"
)


# Runners that name a failing test on a line of its own beside their marker (RT24-9): the
# marker says only that and where ("• [FAILED] [0.003 seconds]", "Failure →
# spec/cart_spec.lua @ 10", "/src/cart.cpp:15: FAILED:", "error: AssertionError: …"), the
# name is the line under it (Ginkgo, busted), the line above it with its place (Deno's
# "name => ./cart_test.ts:12:6"), or a heading between two rules above it (Catch2).
_RULE = re.compile(r"^[-=*~_.]{10,}$")
_PLACE = re.compile(
    r"(?:[\w.-]*/)+[\w.-]+(?::\d+){0,2}:?|[\w.-]+\.\w+(?::\d+){1,2}:?|@\s*\d+|\[[\d.]+\s*m?s(?:econds)?\]|\(\d+m?s\)"
)
_MARK_WORDS = re.compile(r"(?i)\b(?:failed|failure|fail|error)\b|[•→:\[\]()!*✗✕✖✘⨯-]")
_PLACED_NAME = re.compile(r"^(\S.{0,160}?)\s+(?:=>|@|at)\s+\S+:\d+(?::\d+)?$")
# ... not an assertion's words or code: "with expansion:", "REQUIRE( total == 3 )"
_NOT_A_TITLE = re.compile(
    r"(?i)^(?:with expansion|expected|to equal|actual|but got|got|want|stack trace)\b|"
    r"[=!<>]=|^[A-Z_]{4,}\s*\(|\b(?:summary|results|report|overview)\s*$"
)
_ARROWED = re.compile(r"^(?:→|↳|»|▶)\s+(\S.{0,160})$")
_LABELLED_NAME = re.compile(r"(?i)^(?:test(?:\s*case)?|spec|scenario|example)\s*:\s*(\S.{0,160})$")
_NEARBY = 6  # how far from its marker a runner prints the test's name


def _only_marker(line: str) -> bool:
    """A failure line that says only that something failed, and where or how long."""
    return not re.search(r"[^\W\d_]{2,}", _MARK_WORDS.sub(" ", _PLACE.sub(" ", line)))


def _title(line: str) -> bool:
    """A line that can be a test's name: words, no place alone, not a failure, an
    assertion's message or a count."""
    return (
        bool(re.search(r"[^\W\d_]{2,}", line))
        and len(line) <= 200
        and not _RULE.match(line)
        and not _only_marker(line)
        and not _FAILURE_LINE.search(line)
        and not _REASON.search(line)
        and not _EXCEPTION.search(line)
        and not _NOT_A_TITLE.search(line)
    )


def named_nearby(text: str) -> list[str]:
    """The lines naming the failing tests of a run whose markers name none, by where the
    runner puts the name (:data:`_RULE` and the comment above).

    >>> named_nearby("• [FAILED] [0.002 seconds]\\nCart [It] caps_quantity\\n/src/c_test.go:33")
    ['Cart [It] caps_quantity']
    >>> named_nearby("cart_merges => ./cart_test.ts:12:6\\nerror: AssertionError: not equal")
    ['cart_merges => ./cart_test.ts:12:6']
    """
    return list(_named_nearby(text))


# read once per output: a run's failure lines and its failing tests both ask
@lru_cache(maxsize=4096)
def _named_nearby(text: str) -> tuple[str, ...]:
    lines = [BOX.sub("", ln).strip() for ln in text.splitlines()]
    # the lines that may say a failure and its sign, by RE2 passes (None: any may): Python's
    # engine spent ~300 us a line of a long log on the two searches below (13,000 lines of
    # a 1,600-message session's outputs: 4 s; RE2 0.1 s)
    screens = (touched(superset(_FAILURE_LINE), lines), _touched(_sign_screens(), lines))
    may_fail = [hits for hits in screens if hits is not None]
    out: list[str] = []
    for k, s in enumerate(lines):
        if not s or any(k not in hits for hits in may_fail):
            continue
        if not _FAILURE_LINE.search(s) or not _says_a_sign(s):
            continue
        name = _heading_above(lines, k) or _placed_above(lines, k) or _labelled_below(lines, k)
        if name is None and _only_marker(s):
            below = next((x for x in lines[k + 1 : k + 3] if x), "")
            name = below if _title(below) else None
        if name is not None and name not in out:
            out.append(clip(name, 300))
    return tuple(out)


def _placed_above(lines: list[str], k: int) -> str | None:
    """Deno's "name => ./cart_test.ts:12:6", Newman's "→ Place order" right above."""
    above = next((x for x in reversed(lines[max(0, k - 2) : k]) if x), "")
    m = _PLACED_NAME.match(above) or _ARROWED.match(above)
    return above if m and _title(m.group(1)) else None


def _labelled_below(lines: list[str], k: int) -> str | None:
    """Ceedling's "FAILED TEST SUMMARY" … "Test: test_ringbuf_wraps" under the marker."""
    for x in lines[k + 1 : k + 1 + _NEARBY]:
        m = _LABELLED_NAME.match(x)
        if m and _title(m.group(1)):
            return x
    return None


def _heading_above(lines: list[str], k: int) -> str | None:
    for j in range(k - 1, max(0, k - _NEARBY - 1), -1):
        # (a heading that is no title: Catch2's place between its name's rule and a dotted one)
        ruled = 0 < j < len(lines) - 1 and _RULE.match(lines[j - 1]) and _RULE.match(lines[j + 1])
        if ruled and _title(lines[j]):
            return lines[j]
    return None


# an option's word, where a command's program and operands end ("--mese", "-k", "/p")
_OPTION = re.compile(r"^(?:--?|/)[^\W\d]")


def same_program(failed: str, then: str) -> bool:
    """Whether two command lines (as recapped, in backticks) run one program on the same
    operands, only their options differ ("`python report.py --mese 2026-09 …`" and
    "`python report.py --mese 2026-10 …`"): the second is the first run again, fixed.

    >>> same_program("`python report.py --mese 2026-09`", "`python report.py --mese 2026-10`")
    True
    >>> same_program("`ls data/`", "`ls src/`"), same_program("`make`", "`make`")
    (False, False)
    """
    a, b = failed.strip("`").split(), then.strip("`").split()
    head_a = next((k for k, w in enumerate(a) if _OPTION.match(w)), None)
    head_b = next((k for k, w in enumerate(b) if _OPTION.match(w)), None)
    return head_a is not None and head_a == head_b and a[:head_a] == b[:head_b] and a != b


# How a shell tool frames the run's own exit status, on the first or the last line of what
# it hands back ("Exit code: 0", "[exit code: 1]", "Command exited with code 2", "exit status
# 1", "returncode=0"); a line in the middle is the output's own (a log's "process exited
# with code 1" is what the agent read)
_FRAMED_EXIT = re.compile(
    r"(?i)^\W*(?:(?:command|process|program)\s+)?(?:exit(?:ed)?(?:\s+with)?[\s_-]*"
    r"(?:code|status)?|return[\s_-]?code|returncode|rc)\s*[:=]?\s*(-?\d+)\W*$"
)


def exit_status(output: str) -> int | None:
    """The exit status a tool framed a run's output with (its JSON's ``exit_code`` field,
    or the output's first or last line), None when it says none.

    >>> exit_status("Exit code: 0\\nOutput:\\nERROR db pool exhausted"), exit_status("a\\n[exit 1]")
    (0, 1)
    >>> exit_status("12:00 svc: process exited with code 1\\n12:01 svc: started") is None
    True
    """
    if output.lstrip()[:1] == "{":
        values = _json_values(output)
        top = values[0] if values and len(values) == 1 else None
        if isinstance(top, dict):
            keys = {str(k).casefold(): v for k, v in top.items()}
            code = next((keys[k] for k in _EXIT_KEYS if k in keys), None)
            if isinstance(code, int) and not isinstance(code, bool):
                return code
            if isinstance(code, str) and code.strip().lstrip("-").isdigit():
                return int(code)
    lines = [x for x in (output.strip().splitlines() or [""]) if x.strip()] or [""]
    for line in (lines[0], lines[-1]):
        m = _FRAMED_EXIT.match(line.strip())
        if m is not None:
            return int(m.group(1))
    return None


def only_read(
    commands: Sequence[str], output: str, lines: Sequence[str], *, log_tool: bool = False
) -> bool:
    """Whether the failure ``lines`` of a call's ``output`` are what the call read, not how
    it ended: its run exited 0 (a log read full of "ERROR …" records, `kubectl logs`,
    `journalctl`), or, when the tool framed no exit status, each of its ``commands`` only
    looks (`tail`, `grep`, `docker logs`), or the call is a ``log_tool`` (``fetch_logs``),
    and it printed more than a line or two. A failing test it names is a failure all the
    same (a test run piped through `tee` exits 0).

    >>> only_read(["journalctl -u api"], "ERROR a\\nWARN b\\nERROR c", ["ERROR a", "ERROR c"])
    True
    >>> only_read(["pytest -q"], "FAILED t.py::test_a\\nExit code: 0", ["FAILED t.py::test_a"])
    False
    >>> only_read(["make deploy"], "Error: upgrade failed", ["Error: upgrade failed"])
    False
    """
    if any(failing_tests(x) for x in lines):
        return False
    status = exit_status(output)
    if status is not None:
        return status == 0
    # (a short answer is the command's own error, "cat: NOTES.md: No such file or
    # directory", or the one line searched for: what failed)
    said = sum(1 for x in output.splitlines() if x.strip())
    return said > _OWN_ANSWER and (only_looks(commands) or (log_tool and not commands))


def only_looks(commands: Sequence[str]) -> bool:
    """Whether every one of a call's commands only looks (`tail`, `git log`, `aws logs tail`),
    none of them a code cell's expression (`df.to_parquet(…)` is no `df`).

    >>> only_looks(["git log -3", "ls src"]), only_looks(["df.to_parquet('x.parquet')"]), only_looks([])
    (True, False, False)
    """
    return bool(commands) and all(_PROGRAM.match(c) and LOOKING.search(f"`{c}`") for c in commands)


# a command's program, a bare word before its arguments (not a code cell's
# "df.to_parquet(…)", whose "df" is no program)
_PROGRAM = re.compile(r"^(?:sudo\s+)?[\w-]+(?:\s|$)")
# at most this many lines: an answer, not a log's records
_OWN_ANSWER = 2

"""The structured recap of a whole record: every kind of fact, from where it really is.

Facts come from their role, not from words: commands from the arguments of shell-like
tool calls (any tool name, any argument shape), files written from write-type calls,
failures from tool output text (non-zero exits, ``FAILED``, tracebacks, error statuses,
failing test names; OpenAI-format tool messages carry no error flag), constraints and
corrections from the user's own turns. :func:`render_digest` fills the sections in
priority order within a byte cap; each section says how many items it left out.

>>> from contextledger.model import Message, ToolCall
>>> rec = [Message.user("Fix the login flow. Do not touch src/payments/.", id="u"),
...        Message("assistant", (ToolCall("c", "bash", '{"command": "pytest -k login_flow"}'),),
...                id="a"),
...        Message.tool("c", "FAILED tests/test_auth.py::test_login_flow - AssertionError",
...                     id="t")]
>>> print(render_digest(digest(rec), 2000))
Goal: Fix the login flow.
Constraints and corrections:
- Do not touch src/payments/.
Commands run:
- `pytest -k login_flow`
Failures:
- `pytest -k login_flow`: FAILED tests/test_auth.py::test_login_flow - AssertionError
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import unquote

from ..intent import (
    asks_agreement,
    is_constraint,
    is_correction,
    is_nudge,
    is_substantive,
    restates_task,
)
from ..model import Message, ToolCall
from .actions import is_ui_step, render_action
from .facts import (
    DEFERRED,
    PROGRAM_LINE,
    _open_requests,
    extract_claims,
    json_strings,
    keywords,
    sentences,
    without_paste,
)
from .reads import looks_like_file, only_reads, shell_reads, shell_writes, user_files
from .transcript import cut_utf8, shell_join, utf8_len

SECTIONS = (
    "Goal",
    "Constraints and corrections",
    "User also said",
    "Decisions",
    "Findings",
    "Files written",
    "Files read",
    "Commands run",
    "Actions taken",
    "Failures",
    "Numbers that matter",
    "Open requests",
    "Next step",
)
# Which sections get the bytes first when not everything fits.
PRIORITY = (
    "Goal",
    "Constraints and corrections",
    "Open requests",
    "Next step",
    "Failures",
    "Decisions",
    "Actions taken",
    "Files written",
    "User also said",
    "Commands run",
    "Numbers that matter",
    "Findings",
    "Files read",
)
URGENT_AFTER = {"Files read": "Commands run"}
INLINE = frozenset({"Goal", "Next step", "Files written", "Files read"})

# A tool that runs what it is given (by the words of its name, in the languages tools
# are named in): a shell ("bash", "run_terminal_cmd", "ejecutar_comando"), or a runner of
# code ("execute_sql", "run_python", "exec") - not a tool that runs one thing of its own
# ("process_refund", "run_report", "execute_payment": an action with arguments)
_SHELL_WORDS = frozenset(
    {"shell", "bash", "sh", "zsh", "fish", "ksh", "terminal", "command", "commands", "cmd",
     "console", "powershell", "pwsh", "subprocess", "cli", "repl", "ssh", "comando",
     "comandos", "commande", "commandes", "befehl", "kommando", "konsole", "consola",
     "terminale"}
)  # fmt: skip
_RUNNER_WORDS = frozenset(
    {"run", "exec", "execute", "process", "spawn", "launch", "invoke", "ejecutar", "executar",
     "executer", "ausfuehren", "eseguire", "esegui", "lancer"}
)  # fmt: skip
_CODE_WORDS = frozenset(
    {"sql", "query", "python", "py", "code", "script", "scripts", "cell", "snippet",
     "notebook", "js", "javascript", "node", "ruby", "psql", "mysql", "sqlite", "duckdb",
     "bigquery", "snowflake", "statement", "requete", "consulta", "abfrage", "ipython",
     "jupyter", "kernel"}
)  # fmt: skip
_COMMAND_KEY = re.compile(
    r"(?i)^(?:command|cmd|commands|script|shell|bash|code|input|argv|args|comando|commande|"
    r"befehl|kommando|comandi|linea_de_comandos|ligne_de_commande)$"
)
_WRITE_TOOL = re.compile(
    r"(?i)(?:write|edit|create|patch|apply|replace|insert|save|update|modify|append|"
    r"str_replace|rename|move|delete|remove|mkdir|touch|"
    # the same in the tool names of Portuguese, Spanish, French, German and Italian apps
    r"escrev|escrib|[eé]crir|schreib|scriv|salvar|guardar|gravar|enregistr|sauvegard|speicher)"
)
_OP_KEY = re.compile(r"(?i)^(?:command|action|operation|op|mode)$")
# Anthropic's text-editor operations (any tool name); generic ones only off shell tools.
_EDITOR_OPS = frozenset({"view", "create", "str_replace", "insert", "undo_edit"})
_GENERIC_WRITE_OPS = frozenset(
    {"write", "edit", "append", "replace", "delete", "remove", "rename", "move", "patch",
     "overwrite", "update"}
)  # fmt: skip
_GENERIC_OPS = frozenset({"read", "open", "show", "cat"}) | _GENERIC_WRITE_OPS
_WRITE_OPS = frozenset({"create", "str_replace", "insert", "undo_edit"}) | _GENERIC_WRITE_OPS
_READ_TOOL = re.compile(
    r"(?i)(?:read|view|open|cat|get_file|load|show|inspect|list|ls|glob|"
    r"leer|lire|lesen|legg|(?<![a-z])ler(?![a-z]))"  # ler_arquivo, leer_archivo, lire_fichier …
)
# What a write carries beside its path, whatever the tool is called: ``fs(path, content)``,
# ``apply(file_path, diff)``, an editor's ``new_str``.
_CONTENT_KEY = re.compile(
    r"(?i)^(?:content|contents|file_text|file_content|new_content|text_content|diff|patch|"
    r"new_str|new_string|new_text|new_source|code_edit|edits|replacement|replace_with|"
    r"insert_text|append_text|conteudo|conteúdo|contenido|contenu|inhalt|contenuto)$"
)
_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")  # "readFile" is read, File
_READ_WORDS = frozenset(
    {"read", "view", "open", "cat", "get", "load", "show", "inspect", "list", "ls", "glob",
     "search", "find", "grep", "diff", "stat", "ler", "leer", "lire", "lesen", "leggere"}
)  # fmt: skip
# An argument naming a file, its name cut into snake_case words first ("AbsolutePath",
# "filePath", "TargetFile", "documentUri"): ``path``, ``file_path``, ``target_file`` …
_PATH_KEY = re.compile(
    r"(?i)(?:^|_)(?:path|paths|file|files|filename|filenames|filepath|filepaths|target|dest|"
    r"destination|uri|uris|caminho|ruta|chemin|pfad|percorso|arquivo|archivo|fichier|datei)$"
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_URI = re.compile(r"(?i)^[a-z][\w+.-]*://")
_PATCH_FILE = re.compile(r"(?m)^(?:\*\*\* (?:Update|Add|Delete) File: |\+\+\+ b/)(\S+)")
_LOCALIZED = (
    r"^\W*(?:fehler|erreur|error|erro|errore|fout|błąd|hata|ошибка|エラー|错误|錯誤|오류)\s*[:：]|"
    r"(?<![\d.=])[1-9]\d*\s+(?:fehler|erreurs?|errores|erros|errori|fouten|błęd\w*|ошиб\w*)\b"
    r"(?!\s*[=:]\s*\d)|"
    r"(?:exit-?code|code\s+de\s+(?:sortie|retour)|c[óo]digo\s+de\s+(?:salida|sa[íi]da)|"
    r"codice\s+di\s+uscita|終了コード|退出(?:码|代码)|종료\s*코드|код\s+(?:выхода|возврата))"
    r"\s*[:：=]?\s*[1-9]|"
    r"\b(?:fehlgeschlagen|échec|échou[ée]e?s?|falló|fallid[oa]|falhou|non\s+riuscit[oa]|"
    r"mislukt|не\s+удалось|nie\s+udało)\b|失敗|失败|실패|"
    r"\b(?:kann\s+nicht|konnte\s+nicht|nicht\s+gefunden|introuvable|impossible\s+de|no\s+se\s+pudo|"
    r"não\s+foi\s+possível|impossibile)\b|見つかりません|できませんでした|找不到|无法|찾을\s*수\s*없"
)
_FAILURE_LINE = re.compile(
    r"(?i)(?:^\s*(?:-{2,}\s*)?(?:FAILED|FAIL|ERROR)\b[: ]|\b(?:failed|failure)\b(?!\s*[=:]\s*0\b)|^\s*E\s{2,}|"
    r"\b(?:exit(?:ed)?(?: with)? (?:code|status)[:= ]*[1-9]\d*)|\bexit(?:ed)?(?:\s+with)?\s+[1-9]\d{0,2}\b|\breturn(?:ed)? code[:= ]*[1-9]|"
    r"traceback \(most recent call last\)|^\w*(?:Error|Exception)\b[:(]|\berror:|"
    r"\bstatus(?: code)?[:= ]*[45]\d\d\b|\bHTTP/\d(?:\.\d)? [45]\d\d\b|\b[45]\d\d (?:Bad|Not|Internal|"
    r"Unauthorized|Forbidden|Service|Gateway|Conflict|Too)\b|\bpanicked\b|\bsegmentation fault\b|"
    r"✗|✕|\bnot ok\b|^FAILURES!$|\b(?:Failures|Errors): [1-9]|"
    r"\btimed out\b|^timeout\b[: ]|\bdeadline exceeded\b|\bOOMKilled\b|\bout of memory\b|"
    # how other tools print an error: ESLint's "12:5  error  'x' is …", tsc's "error
    # TS2322:", rustc's "error[E0308]:", Maven's "[ERROR]", npm's "npm ERR!", pnpm's
    # ERR_PNPM_…, Go's "panic:", make's "*** … Error 2", Ruby's "… (NoMethodError)", a
    # JVM's "Exception in thread", a shell's "command not found"
    r"^\d+:\d+\s+error\s|\berror\s+[A-Z]{2,}\d+\b|\berror\[E?\d+\]|^\[(?:ERROR|FATAL)\]|"
    r"^npm ERR!|\bERR_PNPM_\w+|^(?:panic|fatal(?: error)?):|\*\*\*.*\bError \d+$|"
    r"\((?:\w+::)*\w*(?:Error|Exception)\)$|\bException in thread\b|\bUncaught\b|"
    r"\bcommand not found\b|\bNo such file or directory\b|\bPermission denied\b|"
    r"✖\s*[1-9]\d*\s+problems?\b|"
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
    r"\b[A-Z]\w*(?:Error|Exception):\s+\S)|"
    # a Kubernetes event of type Warning: "Warning   FailedScheduling   pod/api-0 …"
    r"(?-i:\bWarning\s+(?:Failed\w*|BackOff|Unhealthy|Evicted|OOMKilling|\w*Error\w*|Err\w+)\s)|"
    r"\ban?\s+error\s+occurred\b|\berror in \w+ operation\b|(?-i:\bError\s+(?:in|while|during|"
    r"processing|creating|running|executing|calling|loading|parsing|connecting|reading|"
    r"writing|building|compiling)\b)|"
    r"\b(?:connection|request)\s+refused\b|(?-i:(?<![/\w-])\w+(?:Denied|DENIED)(?![\w/.-]))|"
    r"\b(?:is|are|was) denied\W*$|\b(?:is|are) invalid:\s+[\w\[\]]+(?:\.[\w\[\]]+)+:|"
    r"\bnon-?zero exit\b|^\S+\.go:\d+:\d+: |"
    # CocoaPods' and fastlane's "[!] …", kotlinc's "e: file:…:12:5 …", TeX's "! Undefined
    # control sequence.", "fastlane finished with errors", "pandoc: Could not fetch
    # resource …", "Invalid config for 'automation' …"
    r"^\[!\]\s|^e:\s+\S+:\d+|^!\s+[A-Z]|\b(?:finished|completed|ended)\s+with\s+errors?\b|"
    # ... said by the tool or a short subject: "The system cannot find the file specified."
    r"(?:^|:\s+|^(?:the\s+)?\w+(?:\s+\w+)?\s+)"
    r"(?:could\s+not|couldn'?t|unable\s+to|cannot|can'?t)\s+(?:find|fetch|open|connect|"
    r"resolve|load|read|write|create|access|locate|start|parse|compile|install|download|"
    r"reach|import|allocate|bind|mount)\b|"
    r"^Invalid\s+(?:config(?:uration)?|value|argument|option|syntax|input|request|token|"
    r"credentials|reference)\b|"
    r"(?-i:^Killed(?::\s*9)?$|^(?:\[\d+\][+-]?\s+|.*\bline \d+:\s+)(?:\d+\s+)?Killed\s)|"
    # an exception named in parentheses opening the line: Elixir's "** (CompileError) …"
    r"(?-i:^\W*\((?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Failure)\)\s)|" + _LOCALIZED + r")"
    # the same signs in the languages tools print in: "FEHLER: …", "Erreur : échec de …",
    # "1 Fehler, 212 …", "Exit-Code 2", "終了コード 1", "指定されたパスが見つかりません。"
)
# An HTTP API's answer that is an error, printed as JSON ({"error": …}, "status": 503).
_STATUS_KEYS = frozenset(
    {"status", "statuscode", "status_code", "code", "http_status", "httpstatus"}
)
_JSON_MESSAGE = re.compile(r'^"(?:message|error|detail|title|reason|error_description)"\s*:')
# Why a named test failed, on a line that carries no failure marker: Go's
# "order_test.go:42: expected 3, got 2" (before its "--- FAIL"), PHPUnit's "Failed
# asserting that 2 matches expected 3.", Rust's "assertion `left == right` failed: left: 0,
# right: 2", Jest's "Expected: "dark"" and "Received: "light"".
_REASON = re.compile(
    r"^[\w./-]+_test\.go:\d+: \S|^Failed asserting\b|^assertion\b.{0,200}\bfailed\b|"
    r"^(?:Expected|Received)(?: value)?:\s|^E\s{2,}\S"
)
# Terraform draws its diagnostics in a box: "│ Error: Invalid reference".
_BOX = re.compile(r"^[\s│╷╵]+")
# A tool's own summary with the numbers that matter: a Terraform plan or apply.
_OUTPUT_NUMBERS = re.compile(
    r"^(?:Plan: \d+ to add, \d+ to change, \d+ to destroy\.|"
    r"(?:Apply|Destroy) complete! Resources: .{1,120})$"
)
_EXCEPTION = re.compile(
    r"\b\w*(?:Error|Exception|Failure)\b(?!\s*\(most)|\bpanic:|\bgot\b.*\bwant\b"
)
_NOT_FAILED = re.compile(
    r"(?i)(?<![\d.=])\b0 failed\b(?!\s*[=:])|\bno errors?\b|\(0 errors?\b|\bFailed:\s+0,"
    r"|エラーなし|エラーはありません|没有错误|无错误|\bkeine\s+fehler\b|\baucune\s+erreur\b|"
    r"\bsin\s+errores\b|\bsem\s+erros\b|\bnessun\s+errore\b|\bбез\s+ошибок\b"
    # errors a tool fixed or was told to let pass ("Found 3 errors (3 fixed, 0
    # remaining).", "Fixed 4 errors automatically.", "2 errors ignored"), a retry's
    # attempt ("attempt 1: connection refused"; the run's outcome comes after it)
    r"|\(\d+ fixed, 0 remaining\)|\b(?:fixed|corrected)\s+\d+\s+(?:\w+\s+)?(?:errors?|"
    r"problems?|misspellings?)\b|\berrors?\s+(?:ignored|allowed|skipped)\b|"
    # a commit listed by git log ("a1b2c3d fix: handle failed refunds"), a line grep
    # printed as the file has it ("src/errors.py:12:class FailedPayment(Exception):"; a
    # compiler's "a.py:3: error: …" puts one space after the location)
    r"(?-i:^(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\s+\S)|"
    r"^[\w./\\-]+\.\w+:\d+(?::\d+)?[:-](?!\d+[:\s])(?:\S|\s{2,})|"
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
    r"(?!.*(?-i:\b[A-Z]{3,}\s+(?:FAILED|FAILURE)\b))|"
    r"\blevel=\"?(?:info|debug|trace|warn|warning)\b|"
    # an exception documented, not raised: "KeyError: raised for an unknown currency."
    r"^\W*\w*(?:Error|Exception)\s*:\s*(?:(?:is\s+)?(?:raised|thrown)\s+(?:when|if|for|on|by|"
    r"whenever)|indicates|means|signals)\b"
)
_FAILED_TEST = re.compile(
    r"^(?:FAILED|ERROR)\s+([\w./-]+::[^\s]+)"  # pytest
    r"|^-{2,}\s*FAIL:\s+(\S+)"  # go test
    r"|^(?:FAIL|ERROR):\s+(\w+\s+\([\w.]+\))"  # unittest
    r"|^test\s+(\S+)\s+\.\.\.\s+FAILED\b"  # cargo test
    r"|^(?:[✕✗×]|not ok \d+)\s+(?:-\s+)?(\S.{0,120}?)(?:\s+\(\d+\s*m?s\))?$"  # jest, TAP
    r"|^FAIL\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?\s+>\s+.{1,160}?)\s*$"  # vitest
    r"|^●\s+(?!Console\b|Test suite failed to run\b)(\S.{0,320}?)\s*$"  # jest's failure heading
    r"|^rspec\s+(\./\S+:\d+)\s+#"  # rspec's failed examples
    r"|^\d+\)\s+([\w\\]+::\w+)"  # phpunit
    r"|^\[ERROR\]\s+(?:Failures:\s+)?([A-Za-z_$][\w$]*(?:\.[\w$]+)+):\d+\b"  # maven surefire
    r"|^\[ERROR\]\s+(\w+\([\w.$]+\))"  # surefire's older "test(Class)"
    r"|^(\S.{0,120}? > \S.{0,120}?)\s+FAILED$"  # gradle
    r"|^([\w./-]+::\S+)\s+(?:FAILED|ERROR)\b"  # pytest -v
    r"|^Failed\s+([\w.+`]+)\s+\[\d"  # dotnet test
    r"|^Test Case '-\[([\w.]+ \w+)\]' failed\b"  # XCTest
    r"|^\d+\)\s+(test\s.{1,160}?\s\([\w.]+\))$"  # ExUnit
    r"|^\d+\s+-\s+(\S+)\s+\((?:Failed|Timeout|SEGFAULT|Exception|Subprocess aborted)\)$"  # ctest
    r"|^\d+\)\s+\[[\w-]+\]\s+›\s+(.{1,200}?)\s*─*$"  # Playwright
)
_TEST_ID = re.compile(
    r"(?:[\w./-]+\.py::[\w\[\]:.-]+|\b[\w./-]+\.(?:test|spec)\.[jt]sx?\b|"
    r"\btest_\w+|\b\w+Test(?:s)?\.\w+)"
)
_METRIC = re.compile(
    r"(?i)\d(?:[\d,._]*\d)?\s*(?:%|ms|s\b|sec|seconds|minutes|min\b|hours|h\b|kb|mb|gb|tb|"
    r"req/s|rps|qps|tokens?|rows|records|users|items|requests|errors|retries|workers|threads|"
    r"connections|files|lines|bytes|px|days|weeks|x\b|times)|\$\s?\d|\b(?:p50|p90|p95|p99|"
    r"limit|timeout|threshold|budget|port|version|max|min|at most|at least|cap)\b[^.\n]{0,40}\d"
    # a result the assistant measured: "ROC AUC on the October holdout is 0.847" (A2, A9)
    r"|\b(?:auc|roc|accuracy|precision|recall|f1|rmse|mae|mape|mse|r2|r²|loss|score|"
    r"perplexity|bleu|rouge|ndcg|gini|lift|error\s+rate|hit\s+rate|uptime|churn\s+rate)\b"
    r"[^.\n]{0,40}?\b(?:is|was|of|at|=|:|reached|hit|came\s+(?:in|out)\s+at)\s*\d"
)
_NUMBER = re.compile(r"\d")
_STATUSES = re.compile(r"\b[1-5]\d\d(?:s|'s)\b")
# no "Goal: Goal: …"; "Goal for today: …", "Task for this sprint: …"
_GOAL_LABEL = re.compile(
    r"(?i)^\W*(?:(?:the|my|our|main|today'?s)\s+)?(?:goal|task|objective)"
    r"(?:\s+for\s+(?:today|now|this\s+\w+))?\s*:\s*"
)
_GREETING = re.compile(
    r"(?i)^\W*(?:(?:good\s+)?(?:morning|afternoon|evening)|hi|hello|hey|hiya|greetings|yo|"
    r"happy\s+\w+day)\b[^.!?]{0,40}[.!?]?\s*$"
)


# a character of a script written without spaces (Chinese, Japanese, Korean)
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _length(sentence: str) -> int:
    """A sentence's length in words: spaced words, and two characters of an unspaced
    script as one ("お客様に直接電話しないでください。" is eight words, not one)."""
    return len(sentence.split()) + len(_UNSPACED.findall(sentence)) // 2


def _past_greetings(said: Sequence[str]) -> int:
    """Where a turn's request starts: past a greeting ("Morning.", "Hi team!")."""
    k = 0
    while k < len(said) - 1 and (_GREETING.match(said[k]) or is_nudge(said[k])):
        k += 1
    return k


_STEP_LABEL = re.compile(r"(?i)^\W*(?:next(?: step| up)?|plan)\s*:\s*")
_PATHLIKE = re.compile(r"\S*[/`_]\S*|\b(?!\d+\.\d+\b)\w+\.\w+\b")  # "0.847" is a number
_BIG_NUMBER = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d{3,})(?:\.\d+)?(?![\w])")
# a counter, not a measure: "Step 103 checked", "attempt 2", "line 41"
_ORDINAL = re.compile(
    r"(?i)\b(?:step|round|turn|line|lines|attempt|try|iteration|part|item|pass|phase|stage|"
    r"page|row|column|col|chunk|batch|case|no\.|number|#)\s*#?\d+\b"
)
_MEASURED = re.compile(
    r"(?i)\b(?:p50|p95|p99|latency|throughput|coverage|total|rows|memory|duration|took|"
    r"benchmark|count)\b"
)
_DECISION = re.compile(
    r"(?i)\b(?:decided|decision|we(?:'ll| will) (?:go with|use|keep)|going with|chose|choose|"
    r"settled on|agreed|let'?s (?:go with|use|keep|stick with)|i(?:'ll| will) use|switch(?:ed)? to|"
    r"opted for|i(?:'ll| will) (?:go with|pick|choose|stick with|keep|adopt|opt for)|"
    r"going forward|from now on|(?:i'm|we're|i am|we are) going (?:to (?:use|go with|keep|adopt|"
    r"stick with|switch to)|with)|(?:i|we) (?:picked|selected|went with|settled on)|"
    r"the (?:approach|plan|choice|fix) (?:is|will be) to|(?:option|approach|plan) \w+ it is)\b|"
    r"^\W*(?:please\s+)?use\s+(?:the\s+|a\s+|an\s+)?\w+|"
    r"\b(?:i(?:'ll| will|'m going to)|we(?:'ll| will|'re going to)|let's)\b[^.]{0,160}\b"
    r"(?:instead of|rather than)\b"
    # a plan both sides settle: "We'll ship it behind a flag", "OK, let's split the parser"
    # (not a look around: "let's check the logs", "we'll see")
    r"|^\W*(?:(?:ok(?:ay)?|so|alright|right|fine|good|great|then)\W+)*(?:let'?s|let us|"
    r"we(?:'ll| will|'re going to| are going to))\s+(?!(?:see|check|look|find|try|run|wait|"
    r"figure|investigate|debug|start|begin|first|now|just|re-?run|test|verify|confirm|get|dig|"
    r"take a look|make sure|need|have|be)\b)\w+"
    # ... in the languages users write in: "Lucía decidió usar PostgreSQL", "O Marcos
    # decidiu manter o plano", "Claire a décidé de …", "Jonas hat entschieden, …", "王工决定用
    # 令牌桶而不是滑动窗口", "田中さんは…ことに決めました"
    r"|\b(?:decidi[óou]|decidimos|decidieron|decidiram|d[ée]cid[ée]|d[ée]cidons|d[ée]cid[ée]rent|"
    r"entschieden|beschlossen|entscheiden\s+uns|deciso|decisero|decidiamo|besloten|"
    r"optamos|optaram|elegimos|escolhemos|escolheu|eligió|a\s+choisi|avons\s+choisi|"
    r"on\s+part\s+sur|wir\s+nehmen|ficou\s+decidido|queda\s+decidido|c['’]est\s+décidé)\b"
    r"|决定|決定|決め(?:ました|た)|拍板|定下来|결정"
)
# A sentence that reports someone's decision ("Amara decided to keep the legacy cluster
# read-only", "王工决定…"): a decision by that person, even when what was decided is worded
# as a rule - filed under Decisions, not Constraints
_DECIDED_BY = re.compile(
    r"(?i)^\W*(?:\S+\s+){1,4}?(?:has\s+|have\s+|had\s+|a\s+|hat\s+|ha\s+|hanno\s+|han\s+|"
    r"avons\s+|haben\s+)?(?:decided|decidi[óou]|decidieron|decidiram|d[ée]cid[ée]|entschieden|"
    r"beschlossen|deciso|besloten|chose|opted|settled\s+on|approved|aprob[óo]|aprovou|"
    r"approuv[ée]|genehmigt|approvato)\b|^\W*\S{1,12}?(?:决定|決定|拍板|決め)"
)
_FINDING = re.compile(
    r"(?i)\b(?:root[- ]cause|the (?:real |actual |underlying )?(?:cause|problem|issue|bug|culprit|"
    r"reason) (?:is|was|here is)|turns out|found (?:that|the)|is caused by|was caused by|"
    r"comes from|because (?:the|it|we|a)|diagnos(?:is|ed)|the fix is|that explains)\b"
)
# A value worth keeping word for word, whoever says it: a URL, a host (and port), an image
# reference, a version, a commit, an error or ticket code, an env var's setting, a PR
# number ("http://localhost:8081/admin", "ghcr.io/acme/api:2.3.7", "v3.15.9", "3f2a9c1",
# "GW-4012", "CACHE_TTL=180", "#482")
_KEY_VALUE = re.compile(
    r"https?://\S+|\b[a-z0-9][\w-]*(?:\.[\w-]+)+(?::\d{2,5}|/[\w.-]+)*:[\w.-]*\d[\w.-]*\b|"
    r"\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+){2,}(?::\d{2,5})?\b|\b[\w.-]+:\d{2,5}\b|"
    r"\bv?\d+\.\d+\.\d+(?:[-+][\w.]+)?\b|\bv\d+(?:\.\d+)?\b|"
    r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b|\b[A-Z][A-Z0-9]{1,9}-\d{2,}\b|"
    r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+=\S+|(?:^|\s)#\d{2,}\b|\bsha256:[0-9a-f]{12,}|"
    r"\b(?:Ctrl|Alt|Shift|Cmd|Win|Option|Super|Meta)\+\S+|"  # a shortcut: "Ctrl+Shift+Alt+K"
    # an article of a policy, a law or a contract: "article 7(2)", "§ 12", "第7条2項"
    r"(?i:\b(?:article|art\.|section|sec\.|clause|§)\s*\d+(?:\.\d+)*(?:\(\w+\))?)|"
    r"第\s*\d+\s*[条條章節节項项款]"
)
# The assistant reporting that something that failed works now: "unique_x passes now after
# the dedupe.", "The retry went through: refund re_9b5 succeeded.", "Second attempt: Figma
# installed successfully.", "Conversion works now with Source Serif 4.", "The spell check
# is clean on drafts/v4.md now"
_WORKS_NOW = re.compile(
    r"(?i)\b(?:pass(?:es|ed)?|works?|worked|succeeded|is\s+(?:clean|green|fixed|resolved))\s+"
    r"(?:\S+\s+){0,3}?(?:now|again|this\s+time|on\s+the\s+(?:second|next|last)\s+(?:try|run|attempt))\b|"
    r"\b(?:installed|completed|deployed|finished|applied|converted)\s+successfully\b|"
    r"\b(?:went|goes)\s+through\b|\bsucceeded\b"
)
_RETRACTS = re.compile(r"(?i)^\W*(?:scratch that|hold on|correction|wait|nope|no)\s*[-–—:,.!]")
# An answer to a question that sets nothing: "No, that's fine.", "Nope, go ahead.", "No,
# I don't think so." (review11 L1), not "No, use the other key."
_NO_OPENING = re.compile(r"(?i)^\W*(?:no|nope|nah)\b[\s,.!:;—–-]*")
_JUST_AN_ANSWER = re.compile(
    r"(?i)(?:(?:it'?s|that'?s|that\s+is|all|we'?re|i'?m)\s+(?:fine|good|ok(?:ay)?|alright|"
    r"all\s+good|done)|go\s+ahead|carry\s+on|keep\s+going|continue|proceed|"
    r"not\s+(?:yet|really|now|that\s+i\s+know(?:\s+of)?)|i\s+don'?t\s+think\s+so|"
    r"that\s+was\s+(?:me|us|intentional|on\s+purpose|deliberate)|thanks?|thank\s+you|"
    r"never\s*mind|nothing(?:\s+else)?|all\s+good|sounds?\s+good|looks?\s+good|"
    r"that'?s\s+(?:all|it)|no\s+need|not\s+needed)\W*"
)


# A question sets no rule ("Should we never use the old VPN?", "Don't you think the
# rollout is risky?") unless it asks for one ("Could you please never push to main?");
# small talk in a rule's words neither ("Don't worry about the typo.", "Never mind the
# last message.", "Always a pleasure!") - review12 RC0
_ASKS_A_RULE = re.compile(
    r"(?i)^\W*(?:(?:and|also|oh)\W+)*(?:can|could|would|will)\s+you\s+(?:please\s+)?"
    r"(?:not|never|always|only|avoid|stop|make\s+sure|keep|leave|stick)\b(?![^?]*\bor\b)"
)
_SMALL_TALK = re.compile(
    r"(?i)^\W*(?:(?:oh|ok(?:ay)?|and|also|but|hey|hi)\W+)*(?:don'?t\s+(?:worry|mention\s+it|"
    r"be\s+(?:sorry|silly))|never\s*mind|no\s+worries|always\s+(?:a\s+pleasure|happy|glad|"
    r"good|nice|great|fun)|never\s+(?:better|a\s+dull))\b"
)


def _just_an_answer(sentence: str) -> bool:
    opening = _NO_OPENING.match(sentence)
    if opening is None:
        return False
    rest = sentence[opening.end() :]
    return not rest.strip() or is_nudge(rest) or bool(_JUST_AN_ANSWER.fullmatch(rest))


# rules in phrasings the general intent patterns leave out: "No force pushes.", "Hands off
# the payments module.", "Stick with the existing format.", "Python 3.11, not 3.12."
# A condition that happens once: a run finishing, a moment free, "it" failing again
_ONE_OFF = (
    r"\b(?:finish(?:es|ed)?|is\s+(?:done|finished|ready|merged|back|up)|are\s+(?:done|ready)|"
    r"complete[sd]?|lands?|gets?\s+(?:merged|back)|comes?\s+back|you\s+(?:have|get|find)\s+"
    r"(?:a\s+(?:minute|moment|chance|sec(?:ond)?)|time)|you'?re\s+(?:done|back|free)|you\s+need\s+"
    r"(?:access|help|anything|a\s+hand)|again)\b"
)
_MORE_RULES = re.compile(
    r"(?i)^\W*(?:(?:and|also|please|oh|oh,|again)\s+)*no\s+(?!problem|worries|thanks|thank|rush|"
    r"hurry|idea|way|need|luck|clue|doubt|big\s+deal|matter|change|progress|more\b)"
    # (Spanish "no" before a pronoun or a verb says nothing of a rule: "No lo sé.", "No
    # te preocupes.", "No hay prisa."; its rules are read by the intent patterns)
    r"(?!(?:me|te|se|lo|la|le|les|los|las|nos|os|hay|es|está|están|estoy|era|fue|tengo|"
    r"tenemos|tiene|sé|sabe|sabemos|creo|pasa|puedo|podemos|quiero|gusta|importa|parece|"
    r"vale|ha|he|hemos)\b)\w+"
    r"|\bhands\s+off\b|\bread[- ]only\b|\bkeep\s+(?:\w+\s+){0,3}out\s+of\b|"
    r"\bnothing\s+(?:in|under|inside|from|outside)\b[^.]{0,80}\b(?:change|touch|edit|modif|mov|delet)|"
    r"^\W*only\s+(?:ever\s+)?(?:use|touch|modify|change|edit|run|deploy|update|commit|push|"
    r"call|write|add|ship|work)\b|\bstick\s+(?:with|to)\b|\bprefer\b|\bi'?d\s+rather\b|\brather\s+than\b|\bskip\s+the\b|"
    r"\b(?:code\s+)?freeze\b|\bfrozen\b|,\s*not\s+[\w./-]+\s*[.!]?$"
    # "Stop using moment.js", "Nobody should run …", "Leave the CI config as it is",
    # "Only the admin role may …", "Max 2 concurrent uploads", "Not Kafka - we use SQS"
    r"|^\W*(?:stop|quit)\s+\w+ing\b|\b(?:nobody|no one|no-one)\s+(?:should|may|can|must|is)\b|"
    r"\bleave\s+[^.]{1,60}\s+as\s+(?:it|they)\s+(?:is|are)\b|^\W*correct(?:ion)?\s+that\b|"
    r"^\W*only\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:may|can|should|must|is allowed)\b|"
    r"^\W*(?:max(?:imum)?|min(?:imum)?|at most|at least|no more than|no fewer than|up to)\s+\d|"
    r"^\W*not\s+(?!bad\b|sure\b|yet\b|really\b|quite\b|great\b|much\b)[\w.-]+\s*[-–—:;]"
    # a permission to wait for: "ask before changing it", "check with Ana before you
    # deploy", "needs my sign-off", "get the DBA's approval first"
    r"|\bask\s+(?:\w+\s+){0,3}before\b|\bcheck\s+with\s+[^.]{1,40}\bbefore\b|"
    r"\b(?:needs?|requires?|get|without)\s+(?:my|our|their|his|her|the\s+\w+'s|\w+'s)\s+"
    r"(?:sign-?off|approval|ok(?:ay)?|go-ahead)\b"
    # "Let's not touch auth.", "Keep PRs under 400 lines.", "Nothing should go to main
    # without review.", "Be careful not to drop the users table.", "Target Node 18 only.",
    # "Please, nothing destructive on the shared DB."
    r"|\blet'?s\s+not\b|\bkeep\s+(?:\w+\s+){1,3}(?:under|below|within|at\s+most)\s+\d|"
    r"\bnothing\s+(?:should|may|can|must|goes|gets|is\s+to)\b|\bcareful\s+not\s+to\b|"
    r"\bnothing\s+(?:destructive|risky|irreversible|breaking)\b|\bonly\W*$"
    # a rule with a condition that can come again: "If a model runs longer than 20
    # minutes, cancel it and tell me.", "Whenever the canary fails, roll back first." (not
    # a one-off: "When the build finishes, tell me the result.", "If it fails again, …")
    r"|^\W*(?:if|when|whenever|once|should)\b(?![^,;]{0,120}" + _ONE_OFF + r")[^,;]{3,120}[,;]"
    r"\s*(?:then\s+)?(?:please\s+)?"
    r"(?:cancel|stop|abort|kill|halt|tell|ping|notify|ask|escalate|page|alert|roll\s*back|"
    r"revert|pause|wait|skip|retry|email|call|flag|don'?t|do\s+not|never|always|leave|"
    r"check\s+with)\b"
    # a version pinned, a setting to hold: "Keep dbt-snowflake pinned at 1.8.4", "Set
    # spark.sql.shuffle.partitions=800 on the backfill job"
    # a style or format rule, with no negation: "British spelling throughout, please.",
    # "Dates as YYYY-MM-DD everywhere", "All amounts in EUR with two decimals.",
    # "Citations in APA 7th edition", "Write it in the second person, present tense.",
    # "Use APA 7th edition."
    # (not a status: "The errors show up everywhere.", "All tests in the suite pass now.")
    r"|^(?!.*\b(?:is|are|was|were|has|have|had|shows?|showed|appears?|appeared|happens?|"
    r"happened|fails?|failed|pass|passe[sd]|breaks?|broke|crash(?:es|ed)?|looks?|looked|seems?|"
    r"seemed|came|went|got|saw|see)\b)(?:.*?\b(?:throughout|everywhere|across\s+the\s+board|"
    r"at\s+all\s+times|without\s+exception)\b"
    r"|\W*all\s+(?:\w+\s+){0,2}(?:in|as|with|use|should|must|need|go)\b"
    r"|\W*(?:citations?|references?|dates?|amounts?|prices?|currenc(?:y|ies)|times?|headings?|"
    r"titles?|comments?|commit\s+messages?|units?|figures?|tables?|captions?)\s+(?:in|as|with|"
    r"should|must|use)\b)"
    r"|\b(?:first|second|third)[-\s]person\b|\b(?:present|past|future)\s+tense\b"
    r"|\b(?:british|american|us|uk|canadian|australian)\s+(?:spelling|english)\b"
    r"|^\W*(?:please\s+)?use\s+(?:\S+\s+){0,3}(?:style|format|edition|convention|spelling|tense|"
    r"casing|notation|units?|voice)\b"
    r"|\bpinned\s+(?:at|to)\s+\S*\d|\bpin\s+\S+\s+(?:at|to)\s+\S*\d"
)
# A setting to hold, however short: "Keep random_state=20261101.", "Set spark.sql.shuffle.
# partitions to 800", "Leave max_retries at 3"
_SETTING = re.compile(
    r"(?i)^\W*(?:please\s+)?(?:set|keep|leave|pin)\s+`?(?:[\w.-]+`?\s*=\s*\S|"
    r"[\w-]+(?:[._][\w-]+)+`?\s*(?:to|at)\s+\S)"
)
# Rules said as how to do something or what state to hold, with no negation (redteam16
# A18): "Leave the feature toggle off in production.", "Keep the staging bucket locked
# until Monday.", "Ship the patch without bumping the major version." - an imperative,
# not a report ("We deployed without restarting the gateway.", "Keep me posted.")
_STATE = (
    r"(?:off|on|disabled|enabled|switched\s+(?:off|on)|turned\s+(?:off|on)|paused|hidden|"
    r"visible|closed|locked|unlocked|muted|pinned|dark|live|(?:at|to)\s+[$€£]?\d[\w.,%]*)"
)
_HOW_RULES = re.compile(
    r"(?i)^\W*(?:please\s+)?(?:leave|keep)\s+(?:\S+\s+){1,5}?" + _STATE + r"\b"
    r"(?=\s*(?:[.!;,]|$)|\s+(?:in|for|until|across|during|everywhere|on|at|while|unless|behind|"
    r"outside|except|till|through)\b)"
    r"|^\W*(?:please\s+)?(?!(?:it|this|that|these|those|the|we|i|you|they|there|he|she|a|an|"
    r"my|our|your|its|their|everything|nothing|all|thanks|thank|great|nice|good|so|and|but|"
    r"then|just|also|which|what|how|why|when|if)\b|[a-z]+ed\b)[a-z]+\b[^.;?]{0,80}?"
    r"\bwithout\s+[a-z]+ing\b(?![^?]*\?)"
)
_NEED = re.compile(r"(?i)\b(?:needs?|ha(?:ve|s)) to\b")
_NEXT = re.compile(
    r"(?i)\b(?:next,? (?:i|we)(?:'ll| will|'m going to| are going to)|next step|next up|up next|"
    r"the next thing|then (?:i|we)(?:'ll| will)|(?:i|we)(?:'ll| will) now|now (?:i|we)(?:'ll| will)|"
    r"(?:i'm|we're) going to|plan:|(?:my|our|the) plan is|(?:i|we) plan to|"
    r"after (?:that|this),? (?:i|we)(?:'ll| will)|(?:once|when) [^,]{1,60}, (?:i|we)(?:'ll| will)|"
    r"next,? let me|(?:i'll|i will|we'll|we will|let me)\b[^.!?]{1,160}\bnext\W*$)"
)
_STEP_WORD = re.compile(r"(?i)\b(?:next|then|after|once|plan|step)\b")
# a report that something is done ("Added the header.", "Done: the backfill ran")
_DONE_NOW = re.compile(
    r"(?i)\b(?:done|added|fixed|implemented|completed|created|finished|updated|resolved|wrote|"
    r"written|ran|deployed|migrated|replaced|removed|renamed|shipped|merged)\b"
    r"|^\W*(?:i(?:'ve| have)\s+(?:now\s+)?)?[a-z]+ed\b(?! to\b)"  # "Snapshotted the old index."
)


@dataclass(frozen=True, slots=True)
class Digest:
    """Items per section (verbatim text), in the order they were said; ``ranked``: per
    section, the items in the order they get bytes when not all fit (the most telling
    first); ``noise``: items that wait until every other section had its bytes (a grep,
    a failure the assistant called unrelated, a file it found irrelevant). A section
    not in ``ranked`` gets the default order (:func:`fill_order`)."""

    sections: dict[str, list[str]] = field(default_factory=dict)
    ranked: dict[str, list[str]] = field(default_factory=dict)
    noise: dict[str, frozenset[str]] = field(default_factory=dict)
    # per section, how many of its best items get bytes early, right after the section
    # :data:`URGENT_AFTER` names (the files the user named or shared, or a failing run
    # came right after, before a third command or a number)
    urgent: dict[str, int] = field(default_factory=dict)
    # an item shown only with another: a rule the user lifted later, only with its lifting
    needs: dict[str, str] = field(default_factory=dict)

    def items(self, name: str) -> list[str]:
        return self.sections.get(name, [])


def editor_operation(call: ToolCall) -> str | None:
    """The sub-command of an editor-style tool call, casefolded: Anthropic's text editor
    (``{"command": "view", "path": …}``) and its kin name the operation in a ``command``
    or ``action`` argument beside a path. It decides read or write; it is never a shell
    command. ``None`` for any other call."""
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict) or not call_paths(call):
        return None
    shell_like = shell_tool(call) and not _WRITE_TOOL.search(call.name)
    for key, value in parsed.items():
        if not (_OP_KEY.match(str(key)) and isinstance(value, str)):
            continue
        op = value.strip().casefold()
        if op in _EDITOR_OPS or (not shell_like and op in _GENERIC_OPS):
            return op
    return None


_ACCENTS = str.maketrans("áàâãçéèêíìîñóòôõúùû", "aaaaceeeiiinoooouuu")


def _name_words(name: str) -> list[str]:
    plain = name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").translate(_ACCENTS)
    return [w.casefold() for w in _NAME_WORD.findall(plain) if not w.isdigit()]


def _shell_name(name: str) -> bool:
    """A tool named as a shell, or as a runner and nothing else ("run", "exec")."""
    words = _name_words(name)
    return bool(words) and (
        any(w in _SHELL_WORDS for w in words)
        or (
            all(w in _RUNNER_WORDS or w in _CODE_WORDS for w in words)
            and any(w in _RUNNER_WORDS for w in words)
        )
    )


def shell_tool(call: ToolCall) -> bool:
    """Whether a call runs what it is given: a tool named as a shell, or a runner
    ("run", "exec", "execute", "process" …) given a command or code (a command-like or
    code-like argument, a bare string or argv) - "run_python(code=…)", "sandbox_exec(cmd=…)",
    not "process_refund(order=…)".

    >>> shell_tool(ToolCall("c", "process_refund", '{"order": "A-1", "override": "yes"}'))
    False
    >>> shell_tool(ToolCall("c", "execute_sql", '{"query": "SELECT 1", "database": "prod"}'))
    True
    """
    if _shell_name(call.name):
        return True
    if not any(w in _RUNNER_WORDS for w in _name_words(call.name)):
        return False
    parsed, _ = call.parsed()
    if isinstance(parsed, str | list):
        return True
    return isinstance(parsed, dict) and any(
        _COMMAND_KEY.match(str(k))
        or _CODE_KEY.match(str(k))
        or (
            isinstance(v, str) and PROGRAM_LINE.match(v.strip() + " ")
        )  # exec_task(target="make …")
        for k, v in parsed.items()
    )


def call_commands(call: ToolCall) -> list[str]:
    """The shell commands a tool call ran (exact, with arguments): from a command-like
    argument of any tool, or any string argument of a shell-like tool."""
    if editor_operation(call) is not None:
        return []  # an editor's "command": "str_replace" is an operation, not a shell command
    if not shell_tool(call) and (is_write_call(call) or _READ_TOOL.search(call.name)):
        return []  # a patch tool's "input": not shell
    found = [c for script in _scripts(call) for c in script_commands(script)]
    return [" ".join(c.split()) for c in found if c.strip() and len(c) <= 400]


def _scripts(call: ToolCall) -> list[str]:
    """The shell scripts a call ran, whole: a command-like argument's value (an argv list
    joined as typed), else every one-line string argument of a shell-like tool."""
    parsed, _ = call.parsed()
    found: list[str] = []
    if isinstance(parsed, dict):
        for key, value in parsed.items():
            if _COMMAND_KEY.match(str(key)):
                if isinstance(value, list) and all(isinstance(v, str) for v in value):
                    found.append(_program_run(call.name, str(key), shell_join(value)))
                elif isinstance(value, str):
                    found.append(_program_run(call.name, str(key), value))
        if not found and shell_tool(call):
            found = _code_argument(parsed)
        elif not found:  # a query, whatever the tool: "requete_erp(requete='SELECT …')"
            found = [
                v
                for k, v in parsed.items()
                if _CODE_KEY.match(str(k)) and isinstance(v, str) and _SQL.match(v)
            ]
    elif isinstance(parsed, str) and shell_tool(call):
        found = [parsed]
    elif isinstance(parsed, list) and shell_tool(call):
        found = [shell_join([str(v) for v in parsed])]
    return found


def _program_run(tool: str, key: str, value: str) -> str:
    """The command line a tool named after a program ran with its arguments: ``git(args=
    "mv a b")`` ran ``git mv a b``, not ``mv a b``."""
    program = tool.strip()
    shell = _shell_name(program)  # bash(args="ls") ran ls
    if key.casefold() not in ("args", "argv") or shell or not PROGRAM_LINE.match(program + " "):
        return value
    if value.split(None, 1)[:1] == [program]:
        return value
    return f"{program} {value}" if value.strip() else value


# What a run-type tool runs when no argument is called "command": a query, a cell, a
# snippet - beside its settings (a database, a timeout, a notebook's path)
_CODE_KEY = re.compile(
    r"(?i)^(?:query|sql|statement|stmt|cell|source|snippet|expression|expr|program|code_str|"
    r"requete|requête|consulta|abfrage|anfrage|interrogazione)$"
)
# A query, whatever runs it: "requete_erp(requete='SELECT …')" ran the SELECT
_SQL = re.compile(
    r"(?i)^\s*(?:select|insert|update|delete|with|create|alter|drop|truncate|explain|show|grant|"
    r"revoke|merge|copy|vacuum|analyze|call|exec)\s+\S"
)
# Where a command or query ran, beside it in the arguments: "execute_sql(query=…,
# database=prod)" ran against prod, which the recap says with the command
_WHERE_KEY = re.compile(
    r"(?i)^(?:database|db|db_?name|schema|env|environment|cluster|context|kube_?context|"
    r"namespace|project|dataset|warehouse|host|hostname|server|region|account|connection|"
    r"base_de_datos|banco|banco_de_dados|datenbank|umgebung|entorno|ambiente|environnement)$"
)


def ran_against(call: ToolCall, command: str) -> str:
    """The settings of a call that say where its command ran ("database=prod"), the ones
    its command does not name itself; "" for none.

    >>> ran_against(ToolCall("c", "execute_sql", '{"query": "DELETE FROM t", "database": "prod"}'),
    ...             "DELETE FROM t")
    'database=prod'
    """
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return ""
    said = [
        f"{k}={v.strip()}"
        for k, v in parsed.items()
        if _WHERE_KEY.match(str(k))
        and isinstance(v, str)
        and 0 < len(v.strip()) <= 60
        and " " not in v.strip()
        and v.strip() not in command
    ]
    return ", ".join(said[:3])


def _code_argument(args: dict[str, Any]) -> list[str]:
    """The one argument a shell-like call without a command-like key ran: the one a
    code-like key names (``run_sql(query=…, database="replica")`` ran the query), else
    its longest one-line string - never every argument, so a database name, a timeout
    or a notebook's path is no command.

    >>> _code_argument({"query": "SELECT 1", "database": "analytics replica"})
    ['SELECT 1']
    >>> _code_argument({"target": "make deploy", "timeout": "30 s"})
    ['make deploy']
    """
    coded = [v for k, v in args.items() if _CODE_KEY.match(str(k)) and isinstance(v, str)]
    if coded:
        return [v for v in coded if v.strip()]
    lines = [v for v in json_strings(args) if v.strip() and "\n" not in v.strip()]
    return [max(lines, key=len)] if lines else []


def call_reads(call: ToolCall) -> list[str]:
    """The files a call read: the paths of a read-type call or an editor's ``view``, and
    the files its shell commands print (``cat``, ``sed -n``, ``grep -n … file`` …); none
    for a call that writes.

    >>> call_reads(ToolCall("c", "shell", '{"command": ["bash", "-lc", "nl -ba a.py | head"]}'))
    ['a.py']
    >>> call_reads(ToolCall("c", "str_replace_based_edit_tool", '{"command": "view", "path": "b.py"}'))
    ['b.py']
    """
    if is_write_call(call):
        return []
    if editor_operation(call) is not None or not call_commands(call):
        return call_paths(call) if is_read_call(call) else []
    reads = (p for script in _scripts(call) for p in shell_reads(script))
    return list(dict.fromkeys(p.removeprefix("./") for p in reads))


# A line that goes on in the next: a continuation, an open block, a heredoc's start.
_CONTINUED = re.compile(r"(?:\\|&&|\|\||\||[({\[]|\bthen|\bdo|\belse|<<-?\s*['\"]?\w+['\"]?)\s*$")


def script_commands(script: str) -> list[str]:
    """The commands of a (possibly multi-line) command argument, each one line as it was
    typed: every line of a plain sequence of commands (each starting with a known
    program), else the first line and " …" (a heredoc, a loop, a Python snippet: its
    first line is what ran, its words are not joined into one invented command).

    >>> script_commands("cd api\\npytest -q tests/")
    ['cd api', 'pytest -q tests/']
    >>> script_commands("python - <<'EOF'\\nimport sys\\nprint(sys.argv)\\nEOF")
    ["python - <<'EOF' …"]
    """
    lines = [ln.strip() for ln in script.strip().splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    if len(lines) <= 1:
        return lines
    plain = len(lines) <= 12 and all(
        PROGRAM_LINE.match(ln) and not _CONTINUED.search(ln) for ln in lines
    )
    return lines if plain else [f"{lines[0]} …"]


def call_paths(call: ToolCall) -> list[str]:
    """Paths named by a tool call's path-like arguments, however the key is spelled and
    however deep (``{"files": [{"path": …}]}``), a ``file://`` URI as its path, and the
    files a patch's headers name.

    >>> call_paths(ToolCall("c", "view_file", '{"AbsolutePath": "/r/a.py", "StartLine": 1}'))
    ['/r/a.py']
    >>> call_paths(ToolCall("c", "fs_read", '{"uri": "file:///r/My%20Notes.md"}'))
    ['/r/My Notes.md']
    """
    parsed, _ = call.parsed()
    out: list[str] = []
    if isinstance(parsed, dict):
        out = _path_values(parsed, 0)
        for text in json_strings(parsed):
            out += _PATCH_FILE.findall(text)
        if _MOVE_TOOL.search(call.name):  # the new name: move_file(src, dst), rename(from, to)
            out += [
                v.strip()
                for k, v in parsed.items()
                if _MOVED_TO.match(str(k)) and isinstance(v, str)
            ]
    out = list(dict.fromkeys(out))
    return [p.removeprefix("./") for p in out if p and len(p) < 300 and "\n" not in p]


_MOVE_TOOL = re.compile(r"(?i)rename|move|(?<![a-z])mv(?![a-z])|copy|(?<![a-z])cp(?![a-z])")
_MOVED_TO = re.compile(r"(?i)^(?:dst|to|new_?path|new_?name|new_?file(?:_?name)?|dest_?path)$")


def _path_values(args: dict[str, Any], depth: int) -> list[str]:
    out: list[str] = []
    for key, value in args.items():
        values = value if isinstance(value, list) else [value]
        if _PATH_KEY.search(_CAMEL.sub("_", str(key))):
            for v in values:
                if isinstance(v, str) and v.strip():
                    out += _as_path(v.strip())
        if depth < 2:
            out += [p for v in values if isinstance(v, dict) for p in _path_values(v, depth + 1)]
    return out


def _as_path(value: str) -> list[str]:
    """A path argument's path: a ``file://`` URI decoded, any other URI none."""
    if not _URI.match(value):
        return [value]
    if value[:7].casefold() != "file://":
        return []
    path = unquote(value[7:])
    return [path[1:] if re.match(r"^/[A-Za-z]:[/\\]", path) else path]  # file:///C:/x


def is_write_call(call: ToolCall) -> bool:
    """A call that writes files: an editor operation that writes (``create``,
    ``str_replace`` …), else a write-type tool name (``write_file``, ``apply_patch`` …),
    else a path argument beside the content written (``fs(path=…, content=…)``).

    >>> is_write_call(ToolCall("c", "fs", '{"filename": "a.py", "contents": "x = 1"}'))
    True
    >>> is_write_call(ToolCall("c", "fs", '{"filename": "a.py"}'))
    False
    """
    op = editor_operation(call)
    if op is not None:
        return op in _WRITE_OPS
    if _WRITE_TOOL.search(call.name):
        return True
    words = {w.casefold() for w in _NAME_WORD.findall(call.name)}
    if words & _READ_WORDS or shell_tool(call) or not call_paths(call):
        return False
    parsed, _ = call.parsed()
    return isinstance(parsed, dict) and any(_CONTENT_KEY.match(str(k)) for k in parsed)


def call_writes(call: ToolCall) -> list[str]:
    """The files a call wrote: the paths of a write-type call, else what its shell
    commands write (a rename's or a copy's new name, a redirection's target, ``sed -i``):
    ``git(args="mv A.kt B.kt")`` wrote ``B.kt``.

    >>> call_writes(ToolCall("c", "git", '{"args": "mv src/A.kt src/B.kt"}'))
    ['src/B.kt']
    >>> call_writes(ToolCall("c", "bash", '{"command": "pytest -q > out/report.txt"}'))
    ['out/report.txt']
    """
    if is_write_call(call):
        return call_paths(call)
    if not call_commands(call):
        return []
    found = (p for script in _scripts(call) for p in shell_writes(script))
    return list(dict.fromkeys(p.removeprefix("./") for p in found))


def is_read_call(call: ToolCall) -> bool:
    """A call that only reads files: an editor ``view``, or a read-type tool name."""
    op = editor_operation(call)
    if op is not None:
        return op not in _WRITE_OPS
    return bool(_READ_TOOL.search(call.name)) and not is_write_call(call)


_SHOWS_FILE = re.compile(
    r"^(?:sudo\s+)?(?:cat|head|tail|less|more|bat|nl|type|get-content|sed\s+-n)\s+(?![-|])"
)


def shows_file(call: ToolCall) -> bool:
    """Whether a call's output is a file's contents (a read tool, ``cat README.md``), not
    a terminal's: a ``$ terraform apply`` line in it is documentation, not a run.

    >>> shows_file(ToolCall("c", "bash", '{"command": "cat README.md"}'))
    True
    >>> shows_file(ToolCall("c", "bash", '{"command": "make deploy"}'))
    False
    """
    if is_read_call(call) and not shell_tool(call):
        return True
    commands = call_commands(call)
    return bool(commands) and all(_SHOWS_FILE.match(c.casefold()) for c in commands)


def _is_error_answer(data: object, depth: int = 0) -> bool:
    """A parsed JSON answer that reports an error: an ``error``/``errors`` member, a 4xx
    or 5xx status, ``"ok": false`` / ``"success": false``."""
    if not isinstance(data, dict) or depth > 2:
        return False
    for key, value in data.items():
        k = str(key).casefold()
        if k in ("error", "errors") and value not in (None, False, "", [], {}):
            return True
        if k in ("ok", "success") and value is False:
            return True
        if k in _STATUS_KEYS:
            code = str(value).strip()
            if code.isdigit() and 400 <= int(code) <= 599:
                return True
        if isinstance(value, dict) and _is_error_answer(value, depth + 1):
            return True
    return False


def error_answer_lines(text: str) -> list[str]:
    """The lines of a tool output that is an HTTP API's error answer in JSON: the line
    itself when it is one line, else the lines carrying its message.

    >>> error_answer_lines('{"error": {"status": 500, "message": "store unavailable"}}')
    ['{"error": {"status": 500, "message": "store unavailable"}}']
    >>> error_answer_lines('{"status": "ok", "items": []}')
    []
    """
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")) or len(body) > 100_000:
        return []
    try:
        data = json.loads(body)
    except ValueError:
        return []
    if not _is_error_answer(data):
        return []
    lines = [ln.strip() for ln in body.splitlines() if ln.strip()]
    if len(lines) == 1:
        return [_clip(lines[0], 240)]
    said = [_clip(ln, 200) for ln in lines if _JSON_MESSAGE.match(ln)]
    return said[:2] or [_clip(lines[0], 200)]


def _box_details(text: str) -> list[str]:
    """What a Terraform diagnostic box says below its "Error:" line: the resource it is
    about ("with module.db.aws_rds_cluster.this,") and its first line of explanation."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not line.lstrip().startswith(("│", "╷", "╵")):
            inside = False
            continue
        s = _BOX.sub("", line).strip()
        if s.startswith("Error:"):
            inside, told = True, False
        elif inside and s.startswith("with ") and s.endswith(","):
            out.append(s)
        elif inside and not told and s[:1].isupper() and not s.startswith("on "):
            out.append(_clip(s, 200))
            told = True
    return out


# Every word or sign some failure line above needs (a cheap test of the whole output:
# most outputs, a grep's or a listing's, have none of them and skip the line by line read)
_ANY_FAILURE_SIGN = re.compile(
    r"(?i)fail|error|err!|err_|\(err\)|traceback|exit|returned|return code|status|panic|fatal|"
    r"timed out|timeout|"
    r"would|level|severity|lvl|sqlstate|(?m:^[A-Z]{2,5}-\d)|fehler|erreur|erro|échec|échou|"
    r"fall|falh|riuscit|mislukt|fout|błą|hata|ошиб|удалось|エラー|错误|錯誤|오류|失敗|失败|실패|"
    r"code|コード|退出|코드|код|kann nicht|konnte nicht|gefunden|introuvable|impossib|no se pudo|"
    r"possível|見つかりません|できません|找不到|无法|찾을|"
    r"deadline|oomkilled|out of memory|segmentation|not ok|exception|uncaught|denied|not found|"
    r"no such|http/|unauthori[sz]ed|forbidden|bad request|conflict|too many|unavailable|"
    r"bad gateway|assert|expected|received|✗|✕|✖|×|●|›|\*\*\*|_test\.go:|backoff|errimage|"
    r"evicted|containererror|containerconfigerror|invalidimage|refused|invalid|killed|"
    r"could not|couldn'?t|unable to|cannot|can'?t|\[!\]|(?m:^!\s|^e:\s)|"
    r"(?m:^\s*(?:E\s{2}|\d+\)\s|\d+:\d+\s|\[|rspec\s|test\s)|^\S+\.go:\d+:\d+: )"
)


# Retries, in one place (review11 R3): a run that tried again and what says it got
# through. An attempt line ("attempt 1/3: connection refused") is a failure only when no
# later line says the run got through ("attempt 2: connected, 200 OK"); a failure line
# that says so itself ("upload failed; retry succeeded") or that a later retry line
# answers ("retrying part 1... ok") is the run's history, not its state.
_RETRY = r"retry|retried|retrying|re-?trying|re-?ran|rerun|attempt\s*#?\d+"
_THROUGH = r"succeeded|success(?:ful(?:ly)?)?|ok|done|passed|worked|went\s+through"
_ATTEMPT = re.compile(r"(?i)^\s*(?:attempt|retry|retrying|try)\s*#?\d+(?:\s*(?:/|of)\s*\d+)?\s*:")
# (after an attempt line, a connection made or a 200 is the run getting through, too)
_GOT_THROUGH = re.compile(rf"(?i)\b(?:{_THROUGH}|connected|completed|200)\b")
_RECOVERED = re.compile(
    rf"(?i)\b(?:{_RETRY}|second\s+attempt|next\s+attempt|then)\b[^.;!?]{{0,40}}"
    rf"\b(?:{_THROUGH})\b[^;]*$"
)
_RETRIED_OK = re.compile(rf"(?i)^\W*(?:{_RETRY})\b.*\b(?:{_THROUGH})\b")
_ANY_RETRY = re.compile(r"(?i)retr|attempt|re-?ran|rerun")  # a cheap test of a whole output


# Jest heads each failure "● Suite › test" under a "FAIL file" line and above a failed
# count; other tools use the bullet for anything (systemctl's "● nginx.service - …")
_BULLETED_FAILURE = re.compile(r"(?m)^\s*FAIL\b|✕|\b[1-9]\d* failed\b")


def recovered(line: str, text: str = "") -> bool:
    """Whether a failure line says the run got through after all, on the line ("upload
    failed; retry succeeded") or on a later line of the output ``text`` ("retrying part
    1... ok"): the failure is a fact of the run's history, not its state."""
    if _RECOVERED.search(line):
        return True
    if not _ANY_RETRY.search(text):
        return False
    lines = [_BOX.sub("", ln).strip() for ln in text.splitlines()]
    at = max(
        (k for k, ln in enumerate(lines) if line in (_clip(ln, 200), _clip(ln, 300))), default=None
    )
    return at is not None and any(_RETRIED_OK.search(ln) for ln in lines[at + 1 :])


# a count of what failed: "3 errors", "0 pods failed", "2 files would be reformatted"
_FAILURE_COUNT = re.compile(
    r"(?i)(?<![\w./:=-])(\d+)\s+(?:[\w-]+\s+){0,2}?(?:errors?|failed|failures?|failing|would\s+be\s+reformatted|"
    r"(?:were|was)\s+rejected)\b"
)


def _only_zero_counts(line: str) -> bool:
    """A line that counts its failures and counts none: "ERROR SUMMARY: 0 errors from 0
    contexts", "0 pods failed readiness", "0 files would be reformatted" (review11 R1)."""
    counts = _FAILURE_COUNT.findall(line)
    return bool(counts) and all(int(n) == 0 for n in counts)


def failure_lines(text: str, limit: int = 6) -> list[str]:
    """The lines of tool output that say something failed: every line that names a
    failing test (a pytest ``FAILED`` summary comes after the tracebacks, so taking the
    first lines would lose the names), then other failure lines up to ``limit`` in all."""
    answer = error_answer_lines(text)
    if answer:
        return answer[:limit]
    if not _ANY_FAILURE_SIGN.search(text):
        return []
    tests: list[str] = []
    names: list[str] = []  # the test each line of ``tests`` names
    other: list[str] = []
    # beside the test names, the lines that say why (an exception, an assertion's
    # message), not the markers and counts ("Traceback (most recent call last):", "1
    # failed, 4 passed")
    why: list[str] = []
    attempt: str | None = None  # the last failed attempt no later line got past
    table = _table_fields(text)
    for line in text.splitlines():
        s = _BOX.sub("", line).strip()
        if table is not None and line.count(table[0]) == table[1]:
            continue  # a row of a CSV or a query's table: "2,FAILED,5.00" is a value
        if attempt is not None and _GOT_THROUGH.search(s):
            attempt = None
        if _ATTEMPT.match(s):
            attempt = _clip(s, 200) if _FAILURE_LINE.search(_ATTEMPT.sub("", s)) else None
            continue
        if not _ANY_FAILURE_SIGN.search(s):
            continue  # most lines of a long output (a listing, a file): one cheap test
        if not s or _NOT_FAILED.search(s) or _only_zero_counts(s):
            continue
        named = _FAILED_TEST.search(s)
        if named and s.startswith("●") and not _BULLETED_FAILURE.search(text):
            named = None  # systemctl's "● nginx.service - …": a bullet, no failing test
        if named:  # a runner's own way to name a failing test
            # once per test: pytest -v names it as it runs and again in its summary, with
            # the reason; the longer line says more
            name = next(g for g in named.groups() if g)
            line = _clip(s, 300)
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
            other.append(_clip(s, 200))
        elif _FAILURE_LINE.search(s) and len(other) < 4 * limit:
            other.append(_clip(s, 200))
            if _EXCEPTION.search(s) or _REASON.search(s):
                why.append(other[-1])
        elif _REASON.search(s) and len(why) < 4 * limit:
            why.append(_clip(s, 200))
    if attempt is not None and len(other) < 4 * limit:
        other.append(attempt)
    if not tests:
        details = [d for d in _box_details(text) if d not in other] if other else []
        # within the limit, what the error says before the bare markers ("Exit code: 1")
        telling = [x for x in other if not _MARKER_ONLY.search(x)]
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
    r"fehl\w*|falsch|ungültig|nicht|falta\w*|inválid\w*|diverg\w*|manquant\w*|pas|"
    r"não|nessun\w*|mancant\w*)\b|!=|≠|<>"
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
    lines = [_BOX.sub("", ln).strip() for ln in text.splitlines()]
    lines = lines[-400:]  # a long log ends with what went wrong
    marker = next(
        (
            k
            for k, s in enumerate(lines)
            if s and _MARKER_ONLY.search(s) and _FAILURE_LINE.search(s)
        ),
        len(lines),
    )
    wordy = [k for k, s in enumerate(lines) if s and not _NO_WORDS.match(s)]
    wordy = [k for k in wordy if not _MARKER_ONLY.search(lines[k])]
    before = [k for k in wordy if k < marker] or wordy
    if not before:
        return []
    best = max(before, key=lambda k: (_telling(lines[k]), k))
    at = best if _telling(lines[best]) > 0 else before[-1]
    return [_clip(lines[at], 200)]


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


def output_numbers(text: str) -> list[str]:
    """The lines of tool output that sum up what a run counted and that a recap should
    keep: a Terraform plan ("Plan: 2 to add, 0 to change, 1 to destroy.") or apply.

    >>> output_numbers("...\\n  Plan: 2 to add, 0 to change, 1 to destroy.\\n")
    ['Plan: 2 to add, 0 to change, 1 to destroy.']
    """
    found = (_OUTPUT_NUMBERS.match(_BOX.sub("", ln).strip()) for ln in text.splitlines())
    return list(dict.fromkeys(m.group(0) for m in found if m))


# A line of a run's output that names what the run made: a pull request, a release, a
# revision, a version, a digest ("https://github.com/acme/api/pull/512", "Release "api"
# upgraded: revision 14, app version 4.2.1")
_MADE = re.compile(
    r"(?i)\b(?:pull|merge_requests|releases?|revision|version|tag(?:ged)?|digest|commit|"
    r"deployed|published|pushed|created|uploaded|available at|listening on|running at|url)\b"
)


def output_values(text: str, limit: int = 2) -> list[str]:
    """The lines of a successful run's output worth keeping word for word: a short
    answer that is itself a value (``git rev-parse HEAD``'s commit, ``npm version``'s
    version), else lines that name what the run made with a value in them (a pull
    request's URL, a release's revision and version).

    >>> output_values("9fceb02")
    ['9fceb02']
    >>> output_values("Creating pull request\\n\\nhttps://github.com/acme/api/pull/512\\n")
    ['https://github.com/acme/api/pull/512']
    >>> output_values("total 12\\ndrwxr-xr-x 2 me me 4096 .")
    []
    """
    lines = [_BOX.sub("", ln).strip() for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) == 1 and len(lines[0]) <= 80 and _KEY_VALUE.fullmatch(lines[0]):
        return lines
    if len(lines) > 60:  # a log or a listing: its values are not what the run made
        return []
    told = [
        _clip(ln, 200)
        for ln in lines
        if _KEY_VALUE.search(ln) and (_MADE.search(ln) or _URI.match(ln))
    ]
    return list(dict.fromkeys(told))[:limit]


# What a tool returns that the assistant may restate as a finding: a code or id (letters
# and digits: "QB482913377BR", "PIX-E2E-88412"), a count or amount of four digits or more
# ("3,118", "1.284,90"); read in the first _FOUND_READ characters of each result
_FOUND = re.compile(
    r"(?<![\w.-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9][\w-]{5,63}(?![\w-])|"
    r"(?<![\w.,])\d{1,3}(?:[.,\u202f\u00a0 ]\d{3})+(?:[.,]\d+)?(?![\w])|(?<![\w.,])\d{4,}(?![\w])"
)
_FOUND_READ = 20_000


def _restates_found(sentence: str, found: Collection[str]) -> bool:
    """Whether an assistant sentence restates a code, id or count a tool returned."""
    return bool(found) and any(v in found for v in _FOUND.findall(_no_paths(sentence)))


def _states_value(sentence: str) -> bool:
    """Whether the assistant states a value worth keeping word for word (a URL, a host, a
    version, a code …) or who owns something and when it is due - a file's path aside."""
    return bool(_KEY_VALUE.search(_no_paths(sentence)) or _WHO_AND_WHEN.search(sentence))


def _no_paths(sentence: str) -> str:
    """``sentence`` without its file paths (a path is a file read or written, not a value)."""
    for f in extract_claims(sentence):
        if f.kind == "path":
            sentence = sentence.replace(f.value, " ")
    return sentence


def failing_tests(text: str) -> list[str]:
    """The names of the tests a tool output reports as failing (pytest node ids, Go's
    ``--- FAIL: TestX``, unittest's ``FAIL: test_x (mod.Case)``, cargo's
    ``test a::b ... FAILED``, Jest's ``✕ name``), in order, without duplicates.

    >>> failing_tests("--- FAIL: TestExpiry (0.01s)\\nFAILED tests/t.py::test_a[x] - E")
    ['TestExpiry', 'tests/t.py::test_a[x]']
    """
    out: list[str] = []
    bulleted = bool(_BULLETED_FAILURE.search(text))
    for line in text.splitlines():
        m = _FAILED_TEST.search(line.strip())
        if m and (bulleted or not line.strip().startswith("●")):
            name = next(g for g in m.groups() if g)
            if name not in out:
                out.append(name)
    return out


def _clip(s: str, n: int) -> str:
    s = " ".join(s.split())
    if utf8_len(s) <= n:
        return s
    cut = cut_utf8(s, n)
    space = cut.rfind(" ")
    return (cut[:space] if space > n // 2 else cut).rstrip() + " …"


def _user_turns(messages: Sequence[Message]) -> list[str]:
    turns = (m.text for m in messages if m.role == "user" and not m.is_recap and not m.tool_results)
    return [t for t in (without_paste(without_code(t)) for t in turns) if t]


# A fenced block: a file or a log pasted into a turn, whose lines are no sentences said
_FENCED = re.compile(r"(?ms)^[ \t]*(```|~~~)[^\n]*\n.*?^[ \t]*\1[ \t]*$")


def without_code(text: str) -> str:
    r"""``text`` without its fenced blocks (a pasted file's ``return x * 2`` is not a number
    the user stated), stripped.

    >>> without_code("Here's a.py:\n```\nreturn x * 2\n```\nIt fails.")
    "Here's a.py:\n\nIt fails."
    """
    if "```" not in text and "~~~" not in text:
        return text.strip()
    return _FENCED.sub("", text).strip()


def goal_message(messages: Sequence[Message]) -> Message | None:
    """The user turn that set the task: the first substantive request (else the first
    user turn that is not a nudge)."""
    turns = [
        m
        for m in messages
        if m.role == "user" and not m.is_recap and not m.tool_results and m.text.strip()
    ]
    return next((m for m in turns if is_substantive(without_code(m.text))), None) or next(
        (m for m in turns if not is_nudge(m.text.strip())), None
    )


# What the assistant says of a tool result it does not care about: "Unrelated noise,
# moving on.", "That's a flaky upstream, ignoring.", "Read it; nothing relevant there.",
# "This is only used by the admin path."
_DISMISS = re.compile(
    r"(?i)\b(?:unrelated|not related|irrelevant|not relevant|nothing (?:relevant|useful|"
    r"interesting|important|new|there|here|of (?:note|interest))|noise|noisy|flak(?:y|e|iness)|"
    r"ignor(?:e|ing)|red herring|dead end|not (?:the|our|a|an) (?:cause|culprit|problem|issue|"
    r"bug|concern)|known issue|pre-?existing|harmless|benign|can be ignored|only used (?:by|in|"
    r"for)|just (?:wires|re-?exports|forwards|wraps|glue|boilerplate|a (?:thin )?wrapper))\b"
)
# What the assistant says of a file it read and needs no more: "Read it, nothing to
# change.", "No changes needed there.", "Looks fine."
_READ_IDLE = re.compile(
    r"(?i)\b(?:nothing (?:to (?:change|fix|do|see)|needed|missing|wrong)|no (?:changes?|edits?|"
    r"fix(?:es)?) (?:needed|required|there|here)|(?:looks|seems|is) (?:fine|ok(?:ay)?|correct|"
    r"good|unchanged)\b|not (?:needed|used|involved)\b)"
)
# ... and of a file that mattered: where something is set, defined or goes wrong
_READ_TELLS = re.compile(
    r"(?i)\b(?:(?:is|are|gets?|got) (?:set|defined|configured|computed|built|parsed|read|"
    r"hard-?coded|declared|initiali[sz]ed|created|stored|handled|called)|lives? in|comes? from|"
    r"(?:that's|this is|here's|that is|this's) (?:where|why|the (?:bug|culprit|cause|problem))|"
    r"found (?:it|the)|the (?:bug|culprit|cause|problem) is|explains|root cause)\b"
)
# A failure line that only says that something failed, not what: "Traceback (most recent
# call last):", "Exit code: 1", "npm ERR! errno 1", "error during build:", "FAIL",
# "Tests: 7, Assertions: 19, Failures: 1.", "1 failed, 4 passed in 0.2s"
_MARKER_ONLY = re.compile(
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
# How often a command may run before it is a routine check ("pytest -q" after each edit)
_ROUTINE_RUNS = 3
# A rule's own opening, so a task sentence with a "never" in its purpose clause ("… so
# that retried POSTs never double-charge a card") is the goal, not a constraint.
_RULE_OPENING = re.compile(
    r"(?i)^\W*(?:(?:one more thing|important|fyi|also|and|please|note)\W+)*(?:never|don'?t|do not|"
    r"no|not|only|always|avoid|must|mustn'?t|keep|stay|leave|stick|under no|nothing|nobody|"
    r"correction|scratch|sorry|wait|actually|i meant)\b"
)
# a purpose or relative clause: the outcome the task wants, not a rule on how to get there
_PURPOSE = re.compile(
    r"(?i)\s*(?:,\s*)?\b(?:so that|so|such that|to ensure|ensuring|in order to|which|that|where|"
    r"because)\b.*$"
)
_NAME_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# ... of those, a purpose alone (not "the config that Priya wrote, not the old one", nor
# an order after "so": "the platform team owns it, so ask before changing it")
_SO_THAT = re.compile(
    r"(?i)\s*(?:,\s*)?\b(?:so\s+that|so(?!\s+(?:please\s+)?(?:ask|check|don'?t|do\s+not|never|"
    r"make\s+sure|always|keep|leave|avoid|only|wait|stop|stick|use)\b)|such\s+that|"
    r"to\s+ensure|ensuring|in\s+order\s+to)\b.*$"
)


def _verdicts(messages: Sequence[Message]) -> dict[str, str]:
    """What the assistant said right after each tool result (by call id): its first text
    before the user speaks again."""
    out: dict[str, str] = {}
    pending: list[str] = []
    for m in messages:
        if m.tool_results:
            pending += [r.call_id for r in m.tool_results]
            continue
        if m.role == "user":
            pending = []
        elif m.role == "assistant" and m.text.strip() and pending:
            verdict = " ".join(sentences(m.text)[:2])
            out.update((cid, verdict) for cid in pending)
            pending = []
    return out


# words too common in file names and prose to say what a file is about
_PLAIN_NAMES = frozenset(
    {"the", "and", "for", "you", "not", "but", "all", "any", "can", "use", "new", "old", "get",
     "set", "run", "add", "our", "its", "has", "was", "are", "too", "now", "one", "two", "out",
     "off", "per", "via", "let", "see", "inde", "main", "init", "util", "test", "spec", "mod",
     "lib", "app", "src"}
)  # fmt: skip


def _stems(words: Sequence[str]) -> set[str]:
    stems = {w.casefold()[:4] for w in words if len(w) >= 3}
    return stems - _PLAIN_NAMES


def _name_stems(path: str) -> set[str]:
    """The words of a file's name ("SettingsPage.tsx": sett, page), stemmed."""
    stem = re.split(r"[/\\]", path)[-1].split(".", 1)[0]
    return _stems(_NAME_PARTS.findall(stem))


def digest(
    messages: Sequence[Message],
    previous: Digest | None = None,
    history: Sequence[Message] | None = None,
) -> Digest:
    """Every kind of fact in ``messages`` (the whole record), extending ``previous``.
    ``history`` (the record up to the end of ``messages``) is where the goal is looked
    for when ``messages`` start mid-session. Each section is ranked for when not every
    item fits: failing tests before other failure lines, what the assistant dismissed
    ("unrelated", "flaky") last; specific commands before routine and looking-around
    ones; files read whose names the task talks about first."""
    sec: dict[str, list[str]] = {
        name: list(previous.items(name)) if previous else [] for name in SECTIONS
    }
    noise: dict[str, set[str]] = {name: set() for name in SECTIONS}
    keys: dict[str, dict[str, tuple[Any, ...]]] = {name: {} for name in SECTIONS}

    def add(name: str, item: str) -> None:
        item = item.strip()
        if item and item not in sec[name]:
            sec[name].append(item)

    users = _user_turns(messages)
    substantive = [u for u in users if is_substantive(u)]
    source = goal_message(history or messages)
    first = without_paste(without_code(source.text)) if source is not None else ""
    task = ""  # the sentence that sets the task: the goal, never a constraint
    if not sec["Goal"] and first:
        said = sentences(first)
        labelled = next((k for k, x in enumerate(said) if _GOAL_LABEL.match(x)), None)
        start = labelled if labelled is not None else _past_greetings(said)
        said = said[start : start + 3]  # "Morning. Goal for today: …": the goal, not "Morning."
        said = [x for x in said if not x.endswith(":")] or said  # not "Here is the draft:"
        task = said[0] if said else ""
        # the goal's rules go under constraints, once
        told = [x for k, x in enumerate(said) if k == 0 or not is_rule(x)]
        add("Goal", _clip(_GOAL_LABEL.sub("", " ".join(told)), 400))
    # (not a permission: "Change of plan: you may write to raw.backfill_tmp" lifts a rule)
    restated = [u for u in substantive[1:] if restates_task(u) and not _LIFTS.search(u)]
    if restated:
        add("Goal", _clip(_GOAL_LABEL.sub("", restated[-1]), 400))
    goal_text = " ".join(sec["Goal"])
    open_now = [r for r in _open_requests(messages) if r not in goal_text]
    for request in open_now:
        add("Open requests", request)
    nxt = _next_step(messages)
    placed = set(open_now) | ({nxt} if nxt else set())
    rules = sec["Constraints and corrections"]
    lifts: set[str] = set()  # the permissions that lift a rule, as listed
    lifting: set[str] = set()  # ... as said
    needs: dict[str, str] = {}  # a lifted rule -> the newest permission lifting it
    for u in users:
        if is_nudge(u):
            continue
        for s in sentences(u):
            if s == task and not _RULE_OPENING.search(s) and not _task_rule(s):
                continue  # "… so that retried POSTs never double-charge a card": the goal
            lifted = lifted_rule(s, rules)
            if lifted is not None:  # said beside the rule it lifts, never cut before it
                item = _clip(s, 300)
                if item not in rules:
                    rules.insert(rules.index(lifted) + 1, item)
                needs[lifted] = item
                lifts.add(item)
                lifting.add(s)
                placed.add(s)
            elif is_rule(s) and not _DECIDED_BY.search(s):
                add("Constraints and corrections", _clip(s, 300))
                placed.add(s)
    # an instruction the user overruled later is no constraint: "Actually no, insist on New
    # York law." once the user said "Scratch that, accept Delaware after all."
    said = [*rules, *(s for u in users if not is_nudge(u) for s in sentences(u))]
    overruled = {_clip(x, 300) for x in overruled_by_later(said)}
    sec["Constraints and corrections"] = rules = [r for r in rules if r not in overruled]
    # a lifted rule's permission is no request left open
    sec["Open requests"] = [r for r in sec["Open requests"] if r not in lifting]
    verdicts = _verdicts(messages)
    names: dict[str, ToolCall] = {}
    runs: dict[str, list[int]] = {}  # command -> the indexes it ran at
    dismissed: dict[str, int] = {}  # command or file -> times the assistant dismissed it
    failed: set[str] = set()
    read_at: dict[str, int] = {}
    recent: list[str] = []  # files read since the user last spoke or a run last ended
    reads_of: dict[str, list[str]] = {}  # per call id, the files the call read
    before_failure: set[str] = set()  # read right before a run failed: what it was about
    shared: set[str] = set()  # files the user attached or pasted
    found_in: dict[str, bool] = {}  # files the assistant said something is set or wrong in
    shapes: dict[str, set[str]] = {}  # per command, the shapes of its failure lines so far
    passed_last: dict[str, bool] = {}  # per command, whether its latest run passed
    tried: dict[str, list[dict[str, Any]]] = {}  # per tool, the arguments of its failed calls
    acting: dict[str, tuple[str, int]] = {}  # per call id, an action's line and where
    done_by: dict[str, int] = {}  # per tool, the actions listed so far
    found: set[str] = set()  # codes, ids and counts tools returned
    for i, m in enumerate(messages):
        if m.role == "user" and not m.tool_results:
            recent = []
            for p in user_files(m):  # the assistant has read what the user shared
                add("Files read", p)
                read_at[p] = i
                shared.add(p)
        for c in m.tool_calls:
            names[c.id] = c
            cmds = call_commands(c)
            brushed = bool(_DISMISS.search(verdicts.get(c.id, "")))
            for cmd in cmds:
                where = ran_against(c, cmd)
                item = f"`{cmd}` ({where})" if where else f"`{cmd}`"
                add("Commands run", item)
                runs.setdefault(item, []).append(i)
                dismissed[item] = dismissed.get(item, 0) + brushed
            writes = call_writes(c)
            for p in writes:
                add("Files written", p)
            verdict = verdicts.get(c.id, "")
            reads_of[c.id] = call_reads(c)
            action = None if cmds or writes or reads_of[c.id] else render_action(c)
            if action is not None:  # a refund issued, an e-mail sent: said with its result
                acting[c.id] = (action, i)
            for p in reads_of[c.id]:
                add("Files read", p)
                read_at[p] = i
                dismissed[p] = dismissed.get(p, 0) + (brushed or bool(_READ_IDLE.search(verdict)))
                found_in[p] = found_in.get(p, False) or bool(_READ_TELLS.search(verdict))
                recent.append(p)
        for r in m.tool_results:
            call = names.get(r.call_id)
            # a file's contents ("raise ValueError(…)", "# fails on Windows") are no run's
            # failure; a read's short answer may be its error ("No such file or directory")
            shown = call is not None and len(r.text) > 400 and shows_file(call)
            lines = [] if shown else failure_lines(r.text)
            if r.is_error and not lines:
                lines = [_clip(r.text.strip().splitlines()[0] if r.text.strip() else "error", 200)]
            cmds = call_commands(call) if call is not None else []
            what = (
                f"`{cmds[0]}`" if cmds else (call.name if call is not None else (r.name or "tool"))
            )
            if lines:
                failed.add(what)
            # "upload failed; retry succeeded": a failure in the run's history, passed now
            failing = [x for x in lines if not recovered(x, r.text)]
            if cmds:
                passed_last[what] = not failing
            elif call is not None:  # a tool: fixed when a call with its failed arguments passes
                args, _ = call.parsed()
                args = args if isinstance(args, dict) else {}
                if failing:
                    tried.setdefault(what, []).append(args)
                    passed_last[what] = False
                elif lines or any(a.items() <= args.items() for a in tried.get(what, [])):
                    passed_last[what] = True
            if r.call_id in acting:
                item = _act(acting.pop(r.call_id), failing, r.text, done_by, keys["Actions taken"])
                add("Actions taken", item)
                if call is not None and is_ui_step(call):  # a click: one of hundreds
                    noise["Actions taken"].add(item)
            if call is not None and not reads_of.get(call.id):  # a run, not a read's own error
                if lines:
                    before_failure.update(recent[-3:])
                recent = []  # what was read before a run led to it, not to a later one
            brushed = bool(_DISMISS.search(verdicts.get(r.call_id, "")))
            seen = shapes.setdefault(
                what, {_shape(x) for x in sec["Failures"] if x.startswith(what + ": ")}
            )
            # each failing run's most telling line before any run's second: a test's name,
            # then what the error says; a bare marker ("Exit code: 1") waits with the noise
            rank = 0
            for line in lines:
                item = f"{what}: {line}"
                if item in sec["Failures"]:
                    continue
                again = not failing_tests(line) and _shape(item) in seen
                if brushed or again or _MARKER_ONLY.search(line):
                    noise["Failures"].add(item)  # "flaky, ignoring"; the same error again
                add("Failures", item)
                keys["Failures"][item] = (not failing_tests(line), rank, -i)
                rank += item not in noise["Failures"]
            seen.update(_shape(f"{what}: {line}") for line in lines)  # for its next runs
            for line in output_numbers(r.text):
                add("Numbers that matter", f"{what}: {line}")
            if not lines and not shown:
                for line in output_values(r.text):
                    add("Findings", f"{what}: {line}")
            found.update(_FOUND.findall(r.text[:_FOUND_READ]))
        if m.role in ("user", "assistant") and not m.is_recap and not m.tool_results:
            _said(m, goal_text, placed, add, found)
    for pending in acting.values():  # called, no result yet
        add("Actions taken", _act(pending, [], "", done_by, keys["Actions taken"]))
    if sec["Files written"]:
        written = set(sec["Files written"])  # read, then written: it is a written file
        sec["Files read"] = [f for f in sec["Files read"] if f not in written]
    sec["Decisions"] = _standing(sec["Decisions"], history or messages)
    sec["Decisions"], dropping = _dropped(sec["Decisions"], history or messages)
    sec["User also said"] = [x for x in sec["User also said"] if x not in dropping]
    noise["Numbers that matter"] |= _superseded(sec["Numbers that matter"])
    if nxt:
        sec["Next step"] = [_STEP_LABEL.sub("", nxt) or nxt]  # no "Next step: Next step: …"
    # what the task talks about: the user's words, decisions, files written, failing tests
    told = [*substantive, *sec["Goal"], *sec["Decisions"], *sec["Constraints and corrections"]]
    told += [t for line in sec["Failures"] for t in failing_tests(line.partition(": ")[2])]
    topic = _stems(_NAME_PARTS.findall(" ".join(told)))
    for p in sec["Files written"]:
        topic |= _name_stems(p)
    user_words = " ".join([first, *users])  # the goal's turn may be pinned, not covered
    user_names = names_in(user_words)
    urgent = 0  # files read the user named or shared, or a failing run came right after
    for p in sec["Files read"]:
        if dismissed.get(p) or not looks_like_file(p):  # a directory listed, a glob
            noise["Files read"].add(p)
        # what the user shared or named first, then what a failing run came right after,
        # then where the assistant found something, then the files whose names the task
        # talks about, the newest first
        tier = (
            0
            if p in shared or _names_file(user_words, p, user_names)
            else 1
            if p in before_failure
            else 2
            if found_in.get(p)
            else 3
        )
        keys["Files read"][p] = (tier, -len(_name_stems(p) & topic), -read_at.get(p, -1))
        urgent += tier < 2 and p not in noise["Files read"]
    for item, at in runs.items():
        # "cd api && pytest -q" runs the tests: a chain looks around only if each part does
        looking = _LOOKING.search(item) and not _CHAINED.search(item)
        if looking or dismissed.get(item, 0) == len(at) or only_reads(item[1:-1]):
            noise["Commands run"].add(item)
        specific = sum(1 for f in extract_claims(item) if f.kind in ("path", "identifier"))
        keys["Commands run"][item] = (
            len(at) >= _ROUTINE_RUNS,
            # what changed something or ran code (an apply, a restart, a test run, a
            # script) or what the user named, before what only looked
            not (_CHANGES.search(item) or item.strip("`") in user_words),
            item in failed,  # its failure is under Failures
            -min(specific, 2),
            -at[-1],
        )
    if lifts:  # when bytes run short, a lifted rule never stays without its lifting
        keys["Constraints and corrections"] = {
            item: (k - 1.5 if item in lifts else k,) for k, item in enumerate(rules)
        }
    _fixed_later(sec["Failures"], keys["Failures"], failed, passed_last)
    ranked = {name: _by_key(sec[name], k) for name, k in keys.items() if k and sec[name]}
    return Digest(
        {k: v for k, v in sec.items() if v},
        ranked,
        {k: frozenset(v) for k, v in noise.items() if v},
        {"Files read": urgent} if urgent else {},
        {rule: lift for rule, lift in needs.items() if lift in lifts},
    )


def _act(
    action: tuple[str, int],
    failing: Sequence[str],
    result: str,
    done_by: dict[str, int],
    keys: dict[str, tuple[Any, ...]],
) -> str:
    """The line of an action with its result's status ("refund(…): HTTP/1.1 201 Created", "…:
    failed: 409 Conflict"), ranked for room: what went through before what failed (that
    is under Failures too), a tool's first few actions before its routine repeats, the
    newest first."""
    line, at = action
    status = f"failed: {failing[0]}" if failing else _clip(" ".join(result.split()[:40]), 120)
    item = _clip(f"{line}: {status}" if status else line, 400)
    tool = line.partition("(")[0]
    done_by[tool] = done_by.get(tool, 0) + 1
    keys.setdefault(item, (bool(failing), done_by[tool] > _ROUTINE_RUNS, -at))
    return item


PASSED_LATER = "passed on its last run"


def _fixed_later(
    failures: list[str],
    keys: dict[str, tuple[Any, ...]],
    failed: Collection[str],
    passed_last: dict[str, bool],
) -> None:
    """Say of each command that failed and then passed on its last run that it passed
    ("`npx jest …`: passed on its last run", after its failure lines), and rank its
    failures after those still failing: a fixed failure is no task left."""
    fixed = {w for w in failed if passed_last.get(w)}
    for item, key in list(keys.items()):
        keys[item] = (item.partition(": ")[0] in fixed, *key, 0)
    for w in sorted(fixed):
        item = f"{w}: {PASSED_LATER}"
        first = min(k for i, k in keys.items() if i.startswith(w + ": "))
        last = max(k for k, i in enumerate(failures) if i.startswith(w + ": "))
        failures.insert(last + 1, item)
        keys[item] = (*first[:-1], 1)


_NAME_RUN = re.compile(r"[\w./-]+")
_SPLITS = re.compile(r"[./]")


def names_in(text: str) -> frozenset[str]:
    """Every name ``text`` could name a file or folder by, each a run of ``[\\w./-]``
    starting where no ``[\\w.-]`` comes before it and ending where no ``[\\w-]`` comes
    after it ("see src/ledger.py." names ``src/ledger.py``, ``ledger.py``, ``src/`` …):
    read once per record, so a record of thousands of files costs one pass, not one
    search of the whole text per file."""
    out: set[str] = set()
    for run in set(_NAME_RUN.findall(text)):
        if len(run) > 300:
            continue
        starts = [0] + [m.end() for m in re.finditer("/", run)]
        # a name ends before a "." or a "/", or at the end of the run
        ends = [m.start() for m in _SPLITS.finditer(run)] + [len(run)]
        out.update(run[a:b] for a in starts for b in ends if b > a)
    return frozenset(out)


def _names_file(text: str, path: str, names: frozenset[str]) -> bool:
    """Whether ``text`` names the file at ``path``: the path, its name when that has an
    extension ("the bug is in ledger.py"), or the folder it is in when that is not a
    folder every project has ("look at the existing SQL in sql/", not "src/").
    ``names``: :func:`names_in` of ``text``."""
    parts = re.split(r"[/\\]", path)
    name = parts[-1]
    named = [path] if "." not in name.strip(".") else [path, name]
    folder = "/".join(parts[:-1]) + "/"
    if len(parts) > 1 and parts[-2].casefold() not in _PLAIN_NAMES | {"tests", "docs", "."}:
        named.append(folder)
    return any(
        n in names
        if _NAME_RUN.fullmatch(n)
        else re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", text)
        for n in named
    )


def _by_key(items: list[str], key: dict[str, tuple[Any, ...]]) -> list[str]:
    """``items`` sorted by ``key`` (items without one last, as they were)."""
    return sorted(items, key=lambda item: key.get(item, (True,)))


# what varies between two reports of the same error: numbers, ids, quoted names
_VARIES = re.compile(r"\d+|\b[0-9a-f]{6,}\b|\"[^\"]*\"|'[^']*'|\b\w*\d\w*\b")


def _shape(item: str) -> str:
    return _VARIES.sub("#", item)


def _next_step(messages: Sequence[Message]) -> str | None:
    """The newest plan the assistant stated ("Next I'll run the DMS task …") and has not
    reported done since, however many turns of work came after it ("Continuing.")."""
    done: list[set[str]] = []  # what later assistant turns reported done
    for m in reversed(messages):
        if m.role != "assistant" or m.is_recap or not m.text.strip():
            continue
        said = sentences(m.text)
        # "I'm going to use X rather than Y" is a decision; "Next I'll use X" a step
        plans = [
            s
            for s in said
            if _NEXT.search(s)
            and not s.endswith("?")
            and (not _DECISION.search(s) or _STEP_WORD.search(s))
        ]
        for plan in reversed(plans):
            words = {w[:5] for w in keywords(_NEXT.sub(" ", plan))}
            need = min(3, max(1, len(words) // 2))
            if not any(len(words & d) >= need for d in done):
                return _clip(plan, 240)
        done += [{w[:5] for w in keywords(s)} for s in said if _DONE_NOW.search(s)]
    return None


# a negation inside a relative clause describes a thing, it sets no rule: "rows that were
# never reconciled", "a job which has not run since May"
_DESCRIBED = re.compile(
    r"(?i)\b(?:that|which|who)\s+(?:were|was|is|are|have|has|had)\s+(?:never|not)\s+"
    r"(?:been\s+|yet\s+)?\w+(?:ed|en|un|wn)\b"
)


# a rule's own word, also in a reminder ("Don't forget: staging only, never prod.")
_FIRM = re.compile(r"(?i)\b(?:never|must\s+not|mustn'?t|under\s+no\s+circumstances)\b")


# A status, not a rule, though it has a rule's words: "No rows came back from the query.",
# "I can't reproduce it locally.", "It doesn't start after the update."
_STATUS = re.compile(
    r"(?i)^\W*(?:no|nothing|none)\s+(?:\w+\s+){0,2}?(?:came|comes|was|were|is|are|has|have|had|"
    r"showed|shows|appeared|returned|returns|matched|changed|happened|found|left|seems?|"
    r"worked|works|got|helped|helps)\b|"
    r"^\W*(?:i|it|this|that)\s+(?:can'?t|cannot|could\s+not|couldn'?t)\s+"
    r"(?!allow|let|accept|approve|have|be\b)\w+|"
    r"^\W*(?:i|it|this|that)\s+(?:don'?t|doesn'?t|didn'?t)\s+(?:see|know|think|get|work|start|"
    r"load|run|seem|understand|remember|open|connect|build|compile)\b"
)
# a rule's negation, which the task sentence must carry to be a constraint as well: "Fix
# the flaky login test but don't touch the session middleware" (not "… and keep them on
# schedule", which is the task)
_NEGATED = re.compile(
    r"(?i)\b(?:never|do\s+not|don'?t|must\s+not|mustn'?t|should\s+not|shouldn'?t|may\s+not|"
    r"without|no|not|avoid|except|only)\b"
)


def _task_rule(sentence: str) -> bool:
    """Whether the sentence that set the task also sets a rule, outside its purpose
    clause ("… so that retried POSTs never double-charge a card" is the goal)."""
    own = _PURPOSE.sub("", sentence)
    return bool(_NEGATED.search(own)) and is_rule(own)


# a house rule's label, and what makes what follows it standing
_RULE_LABEL = re.compile(
    r"(?i)^\W*(?:(?:house\s+)?style|rule|policy|convention|guideline|constraint)s?\s*:\s*(?=\w)"
)
_STANDING = re.compile(
    r"(?i)\b(?:always|never|every|each|throughout|everywhere|only|at\s+all\s+times|must|"
    r"should|no\s+\w+|don'?t|do\s+not)\b"
)


# A turn that takes back what the user said before ("Actually no — …", "Scratch that, …",
# "On second thought, …", "Hmm, no, …", "Sorry, …")
_TAKES_BACK = re.compile(
    r"(?i)^\W*(?:(?:hmm+|ugh|oh|ok(?:ay)?|well|um+|ah)\W+)*(?:actually|scratch\s+that|"
    r"on\s+second\s+thought|wait|no|nope|correction|change\s+of\s+plans?|forget\s+(?:that|it|"
    r"what\s+i\s+said)|never\s*mind|i(?:'ve)?\s+changed\s+my\s+mind|sorry)\b"
)
# ... back to what the user said first: "… accept Delaware after all", "go back to XML"
_RETURNS = re.compile(
    r"(?i)\bafter\s+all\b|\b(?:go(?:ing)?|switch(?:ing)?|revert(?:ing)?)\s+back\b|\bback\s+to\b|"
    r"\b(?:as|like)\s+(?:before|originally|at\s+first)\b"
)
# words a taking-back and what it takes back share that say nothing of their topic
_TAKING_BACK_WORDS = frozenset(
    {"actually", "scratch", "sorry", "second", "thought", "after", "again", "back", "instead",
     "please", "that", "change", "plan", "mind", "forget", "never", "wait", "correction",
     "rather", "keep", "going", "with", "from", "this"}
)  # fmt: skip


def _same_topic(a: str, b: str) -> bool:
    """Whether two instructions are about one thing: two content words in common, or one
    long one ("Delaware", "governing")."""
    shared = _shared_words(a, b)
    return len(shared) >= 2 or any(len(w) >= 7 for w in shared)


def overruled_by_later(said: Sequence[str], reach: int = 40) -> set[str]:
    """The user's instructions in ``said`` (in order) that a later one overruled: what a
    return to the first choice takes back ("Accept Delaware." … "Actually no, insist on
    New York." … "Scratch that, accept Delaware after all.": the New York turn, the first
    taking-back after the choice returned to, and any on the same topic), and what a
    taking-back on the same topic replaces ("Keep the limit at 3." … "Scratch that, the
    limit is 5 now."). ``reach``: how many sentences back a taking-back looks.

    >>> sorted(overruled_by_later(["Use Compose for the dialog.", "Hmm, no, keep XML views.",
    ...                            "Sorry, go with Compose for the dialog after all."]))
    ['Hmm, no, keep XML views.']
    """
    out: set[str] = set()
    for k, later in enumerate(said):
        takes_back = bool(_TAKES_BACK.search(later))
        returns = bool(_RETURNS.search(later)) or (takes_back and bool(_AGAIN.search(later)))
        if not (takes_back or returns):
            continue
        back = range(k - 1, max(-1, k - 1 - reach), -1)
        first = next(
            (j for j in back if not _TAKES_BACK.search(said[j]) and _same_topic(said[j], later)),
            None,
        )
        if first is None:
            continue
        if returns:  # back to the first choice: what took it back is gone
            out.update(_took_back(said[first:k], later))
        elif _replaces(said[first], later):
            out.add(said[first])
    return out - {said[-1]} if said else out


_AGAIN = re.compile(r"(?i)\bagain\b")


def _replaces(rule: str, later: str) -> bool:
    """Whether a taking-back replaces a rule's value ("Keep the limit at 3." … "Scratch
    that, the limit is 5 now."): both rules, two words in common; a prohibition is
    lifted by a permission (:func:`lifted_rule`), never replaced."""
    if _NEGATED.search(rule) or not (is_rule(later) and is_rule(rule)):
        return False
    return len(_shared_words(rule, later)) >= 2


def _took_back(span: Sequence[str], later: str) -> list[str]:
    """Of ``span`` (a choice, then what the user said until ``later`` returned to it), the
    taking-backs of that choice: the first instruction after it when it takes it back,
    and any taking-back on the choice's or ``later``'s topic."""
    choice, rest = span[0], span[1:]
    out = [
        x
        for x in rest
        if _TAKES_BACK.search(x) and (_same_topic(x, later) or _same_topic(x, choice))
    ]
    nxt = next((x for x in rest if is_rule(x) or _TAKES_BACK.search(x)), None)
    if nxt is not None and _TAKES_BACK.search(nxt):
        out.append(nxt)
    return out


def _shared_words(a: str, b: str) -> set[str]:
    shared = {w[:7] for w in keywords(a)} & {w[:7] for w in keywords(b)}
    return shared - {w[:7] for w in _TAKING_BACK_WORDS}


def is_rule(sentence: str) -> bool:
    """A constraint or a correction the user states: "never run …", "use X not Y". A
    request phrased as a need ("we need to speed up the export") is the task, not a rule,
    unless it also carries a rule's marker; a status ("No rows came back.") is none; a
    rule's word only in a purpose clause ("Resolve it so that she is never charged
    twice.") sets none."""
    if (_length(sentence) < 3 and not _SETTING.search(sentence)) or _just_an_answer(sentence):
        return False
    if _SMALL_TALK.search(sentence):
        return False
    if (
        sentence.rstrip().endswith(("?", "？"))
        and not _ASKS_A_RULE.search(sentence)
        and not asks_agreement(sentence)  # "Don't rotate the keys this week, ok?"
    ):
        return False
    label = _RULE_LABEL.match(sentence)
    if label:  # "Style: British spelling throughout." (not "Rule: the answer was 42.")
        rest = sentence[label.end() :]
        return is_rule(rest) or bool(_STANDING.search(rest))
    if DEFERRED.search(sentence) and not _FIRM.search(sentence):
        return False  # "Don't forget to bump the version": a request for later
    if _STATUS.search(sentence):
        return False
    if not _RULE_OPENING.search(sentence) and _SO_THAT.search(sentence):
        own = _SO_THAT.sub("", sentence)
        if len(own.split()) >= 3 and not _rule_words(own):
            return False
    return _rule_words(sentence)


def _rule_words(sentence: str) -> bool:
    sentence = _DESCRIBED.sub(" ", sentence)  # "82567 rows that were never reconciled"
    if is_correction(sentence) or _RETRACTS.search(sentence) or _MORE_RULES.search(sentence):
        return True
    if _HOW_RULES.search(sentence) or _SETTING.search(sentence):
        return True
    if not is_constraint(sentence):
        return False
    return not _NEED.search(sentence) or is_constraint(_NEED.sub(" ", sentence))


# A permission that lifts a rule: "subheadings are allowed now", "store credit is fine for
# the damaged parcel part", "you may write to raw.backfill_tmp", "no need to ask first any
# more", "feel free to use Redis" (not a status: "the tests are fine now")
_LIFTS = re.compile(
    r"(?i)\b(?:is|are)\s+(?:now\s+|also\s+)?(?:allowed|permitted|ok(?:ay)?\s+now|fine\s+now|"
    r"acceptable|back\s+on|no\s+longer\s+(?:banned|forbidden|off[- ]limits|frozen))\b|"
    r"\b(?:is|are)\s+(?:now\s+|also\s+)?(?:fine|ok(?:ay)?|alright|acceptable)\s+"
    r"(?:for|to|with|by|in|on)\b|\b(?:allowed|permitted)\s+(?:now|again|after\s+all)\b|"
    r"\byou\s+(?:may|can)\s+(?:now\s+|also\s+|go\s+ahead\s+and\s+)?(?:edit|change|touch|"
    r"modify|update|delete|remove|deploy|push|merge|run|use|add|drop|commit|write|rename|"
    r"migrate|ship|release|offer|include|send|install|upgrade|restart|skip|call|contact|email|"
    r"close|refund|apply|go|mention|keep)\b|\bfeel\s+free\b|"
    r"\bgo\s+ahead\s+and\b|\bno\s+(?:need|longer\s+(?:any\s+)?need)\s+to\b|"
    r"\b(?:don'?t|do\s+not|no\s+longer)\s+(?:need|have)\s+to\b|\b(?:lift|lifted|waive|waived|"
    r"revoke|revoked|relax|relaxed)\b|\bthat\s+rule\b|\bafter\s+all\b"
)
# what a rule and its lifting have in common past these words
_PLAIN_RULE_WORDS = frozenset(
    {"allowed", "permitted", "fine", "okay", "please", "reply", "anymore", "again", "after",
     "first", "ever", "rule", "rules", "need", "needs", "ticket", "changed", "latest", "update"}
)  # fmt: skip


def lifted_rule(sentence: str, rules: Sequence[str]) -> str | None:
    """The earlier rule ``sentence`` lifts, if it is a permission on a rule's topic ("No
    subheadings in the reply." … "subheadings are allowed now, one per section."), the
    newest first.

    >>> lifted_rule("Store credit is fine for the parcel.", ["Don't offer store credit."])
    "Don't offer store credit."
    >>> lifted_rule("The tests are fine now.", ["Never skip the tests."]) is None
    True
    """
    if not rules or not _LIFTS.search(sentence):
        return None
    words = {w[:6] for w in keywords(sentence) - _PLAIN_RULE_WORDS}
    for rule in reversed(rules):
        shared = words & {w[:6] for w in keywords(rule) - _PLAIN_RULE_WORDS}
        if len(shared) >= 2 or any(len(w) >= 6 for w in shared):
            return rule
    return None


def _said(
    m: Message,
    goal_text: str,
    placed: set[str],
    add: Callable[[str, str], None],
    found: Collection[str] = (),
) -> None:
    """File each sentence of a user or assistant turn once, saying who said it: decisions,
    the assistant's findings (also a code, id or count a tool returned, in ``found``,
    restated in any language), numbers, and what else the user stated (an env var, a
    branch, who owns what)."""
    who = "User" if m.role == "user" else "Assistant"
    text = without_code(m.text)
    for s in sentences(without_paste(text) if m.role == "user" else text):
        if _GOAL_LABEL.sub("", s) in goal_text or s in placed or is_nudge(s) or _length(s) < 3:
            continue
        if s.endswith(":"):  # "Table 2 from the supplement:" announces what follows, says nothing
            continue
        item = f"{who}: {_clip(s, 240)}"
        if _DECISION.search(s) and _length(s) >= 5 and not s.endswith("?"):
            if not _ECHO.match(s):  # "I'll keep to those rules.": no decision of its own
                add("Decisions", item)
        elif (
            m.role == "assistant"
            and not s.endswith("?")
            and (_FINDING.search(s) or _WORKS_NOW.search(s))
        ):
            add("Findings", item)
        elif m.role == "assistant" and not s.endswith("?") and _states_value(s):
            add("Findings", item)  # "The admin console is at http://localhost:8081/admin."
        elif m.role == "assistant" and not s.endswith("?") and _restates_found(s, found):
            add("Findings", item)  # "O código de rastreio do pedido é QB482913377BR."
        elif _numbers_matter(s, m.role):
            add("Numbers that matter", item)
        elif m.role == "user" and not s.endswith("?") and _specific(s):
            add("User also said", f"User: {_clip(s, 300)}")


# An acknowledgement worded as a decision: "I'll keep to those rules.", "Will follow that."
_ECHO = re.compile(
    r"(?i)^\W*(?:(?:ok(?:ay)?|acknowledged|understood|sure|got it|noted|will do)\W+)*"
    r"(?:i(?:'ll| will)|we(?:'ll| will)|will)\s+(?:keep to|stick to|stick with|follow|respect|"
    r"honou?r|abide by|go with|do)\s+(?:all\s+)?(?:those|these|the|your|that|this|it|them)\b"
    r"(?:\s+\w+){0,2}\W*$"
)
# What a correction turns down: "use Redis not Memcached", "retry 5 times, not 3", "the
# payment_intent id instead of invoice_id", "starts at 250 ms, not 1 s"
_TURNED_DOWN = re.compile(
    r"(?i)\b(?:not|instead of|rather than|no longer)\s+(?:the\s+|a\s+|an\s+)?"
    r"(\d+(?:\.\d+)?(?:\s?[a-z]{1,7}\b)?|[\w@/+-]+(?:\.\w+)*)"
)
_NUMBER_UNIT = re.compile(r"(\d)\s+(?=[a-z])")  # "1 s" and "1s" are one value


def _values(text: str) -> set[str]:
    """The words of ``text``, casefolded, a number with its unit also as one word."""
    folded = text.casefold()
    joined = _NUMBER_UNIT.sub(r"\1", folded)
    words = re.findall(r"[\w@/+.-]+", f"{folded} {joined}")
    return {w.rstrip(".") for w in words}


def _standing(decisions: list[str], messages: Sequence[Message]) -> list[str]:
    """The decisions no later correction of the user's turned down: "I'll go with
    Memcached" is gone once the user said "use Redis not Memcached" (a bare number or a
    short word counts when the correction shares another word with the decision:
    "retry 5 times, not 3" turns down "I'll retry 3 times", not "3 replicas").
    ``messages``: the whole record, so a correction in a turn kept verbatim after the
    recapped ones still turns the recap's decision down."""
    if not decisions:
        return decisions
    down: list[tuple[int, str, set[str]]] = []  # (where, the word turned down, the topic)
    for i, m in enumerate(messages):
        if m.role != "user" or m.is_recap or m.tool_results:
            continue
        for s in sentences(without_code(m.text)):
            for w in _TURNED_DOWN.findall(s):
                value = _NUMBER_UNIT.sub(r"\1", w.casefold().strip())
                bare = re.match(r"\d+(?:\.\d+)?", value)  # "not 30 s" turns down "30" too
                down += [(i, v, keywords(s)) for v in {value, bare[0] if bare else value}]
    if not down:
        return decisions
    said_at: dict[str, int] = {}
    for i, m in enumerate(messages):
        if m.role == "assistant" or m.role == "user":
            text = m.text
            for d in decisions:
                body = d.partition(": ")[2].removesuffix(" …")
                if d not in said_at and body and body in text:
                    said_at[d] = i
    out = []
    for d in decisions:
        words = _values(d)
        stale = any(
            i > said_at.get(d, len(messages))
            and w in words
            and ((len(w) > 3 and not w[:1].isdigit()) or bool(topic & keywords(d)))
            for i, w, topic in down
        )
        if not stale:
            out.append(d)
    return out


# A choice dropped, naming what it drops: "Scratch SMOTE, class weights are enough.",
# "Actually, forget Kafka.", "OK, no more retries on the webhook." (redteam16 A2)
_DROPS = re.compile(
    r"(?i)^\W*(?:(?:ok(?:ay)?|actually|hmm+|no|nope|wait|so|well|sorry|on\s+second\s+thought)"
    r"\W+)*(?:scratch|drop|forget(?:\s+about)?|ditch|lose|abandon|nix|undo|no\s+more|not)\s+"
    r"(?:the\s+|that\s+|using\s+|about\s+)?([\w.+-]{3,})"
)


def _dropped(decisions: list[str], messages: Sequence[Message]) -> tuple[list[str], list[str]]:
    """The decisions a later user sentence drops by name ("Use SMOTE for the class
    imbalance." … "Scratch SMOTE, class weights are enough.") replaced by that sentence,
    and the dropping sentences so listed."""
    if not decisions:
        return decisions, []
    out = list(decisions)
    dropping: list[str] = []
    for i, m in enumerate(messages):
        if m.role != "user" or m.is_recap or m.tool_results:
            continue
        for s in sentences(without_code(m.text)):
            drop = _DROPS.match(s)
            if drop is None:
                continue
            name = drop.group(1).casefold().rstrip(".,")
            gone = [d for d in out if name in _values(d) and _said_before(d, messages, i)]
            if gone:
                item = f"User: {_clip(s, 240)}"
                at = out.index(gone[0])
                out = [d for d in out if d not in gone]
                if item not in out:
                    out.insert(at, item)
                dropping.append(f"User: {_clip(s, 300)}")
    return out, dropping


def _said_before(item: str, messages: Sequence[Message], at: int) -> bool:
    body = item.partition(": ")[2].removesuffix(" …")
    return any(body and body in m.text for m in messages[:at])


def _superseded(numbers: list[str]) -> set[str]:
    """The summary lines of runs ("`terraform plan`: Plan: 2 to add, …") a newer run's
    line of the same shape supersedes: they wait with the noise, so one command's
    repeated summaries never crowd out the session's other numbers (redteam16 A14)."""
    newest: dict[str, str] = {}
    for item in numbers:
        if item.startswith("`"):
            newest[_shape(item.partition("`: ")[2])] = item
    return {
        item
        for item in numbers
        if item.startswith("`") and newest[_shape(item.partition("`: ")[2])] != item
    }


# Who owns, approves or answers for something, and when something is due: "the platform
# team owns the load balancer config", "Maria approved the schema change", "ship it by
# Friday", "Priya is on call"
_WHO_AND_WHEN = re.compile(
    r"(?i)\b(?:owns?|owned\s+by|owners?|on[- ]call|approv(?:e|ed|es|al)|signed\s+off|sign-?off|"
    r"responsible\s+for|in\s+charge\s+of|maintain(?:s|ed|ers?)|point\s+of\s+contact|"
    r"reports?\s+to|deadline|due\s+(?:by|on|date)|(?:by|before|until|on)\s+(?:(?:next|this)\s+)?(?:monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|cob|noon|"
    r"end\s+of\s+(?:the\s+)?(?:day|week|month|sprint|quarter)))\b"
    # ... in Japanese and Chinese (no word boundaries there): approved, in charge, deadline
    r"|承認|了承|許可し|担当|責任者|締め?切り?|期限|批准|审批|審批|负责|負責|截止|签字|签核"
)


def _specific(sentence: str) -> bool:
    """A statement that names something: a path, identifier, number, URL, host, version,
    quote, a proper name ("Priya Raman owns the billing schema"), who owns or approves
    something, a deadline - not "Here is what I see now."."""
    if _length(sentence) < 4:
        return False
    if any(f.kind != "number" or len(f.value) > 1 for f in extract_claims(sentence)):
        return True
    if _KEY_VALUE.search(sentence) or _WHO_AND_WHEN.search(sentence):
        return True
    return any(
        w[:1].isupper() and w != "I" and not w.startswith("I'") for w in sentence.split()[1:]
    )


def _numbers_matter(sentence: str, role: str) -> bool:
    """A number the user stated, or one the assistant stated with a unit or a measure
    ("the 502s" are status codes, not seconds)."""
    bare = _STATUSES.sub(" ", _ORDINAL.sub(" ", _PATHLIKE.sub(" ", sentence)))
    if _length(sentence) < 3 or not _NUMBER.search(bare):
        return False
    if role == "user":
        return True
    return bool(_METRIC.search(bare) or _BIG_NUMBER.search(bare))


def leaving_out(d: Digest, doubted: Collection[str], removed: Collection[str]) -> Digest:
    """``d`` without the items verification doubted (a value in ``doubted``, in a unit
    it ``removed``): a file listed exactly, an item of another section naming the value.
    One doubted file no longer costs the whole "Files read" line its true items."""
    if not doubted:
        return d
    gone = "\n".join(removed)

    def kept(name: str, item: str) -> bool:
        if item not in gone:
            return True
        if name.startswith("Files"):
            return item not in doubted
        return not any(v in item for v in doubted)

    sections = {n: [i for i in items if kept(n, i)] for n, items in d.sections.items()}
    return replace(d, sections={n: v for n, v in sections.items() if v})


def parse_digest(text: str) -> Digest:
    """Read a rendered digest (a previous recap) back into sections."""
    sec: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        head = next((n for n in SECTIONS if line.startswith(n + ":")), None)
        if head is not None:
            current = head
            rest = line[len(head) + 1 :].strip()
            if rest and not rest.startswith("(+"):
                if head in ("Files written", "Files read"):
                    sec.setdefault(head, []).extend(
                        p.strip()
                        for p in re.sub(r"\s*\(\+\d+ more(?: in the record)?\)$", "", rest).split(
                            ", "
                        )
                        if p.strip()
                    )
                else:
                    sec.setdefault(head, []).append(rest)
        elif current and line.startswith("- "):
            sec.setdefault(current, []).append(line[2:].strip())
    return Digest(sec)


# Commands that only look around (a listing, a search, a status, a bare install): they
# get the bytes after every other section, so a session's hundred greps never crowd out
# its decisions, open requests and next step.
_LOOKING = re.compile(
    r"^`?(?:sudo\s+)?(?:(?:ls|ll|cat|head|tail|less|more|grep|egrep|rg|ag|ack|find|fd|tree|pwd|"
    r"echo|printf|wc|stat|file|which|whereis|type|whoami|id|env|printenv|du|df|ps|top|date|"
    r"uptime|hostname|uname|history|clear|cd|man|nl|sort|uniq|cut|jq|yq|bat|awk|tac|xxd|"
    r"(?i:get-content|gc|select-string|get-childitem)|dir)\b(?!\s*>)|"
    r"sed\s+-n\b|git\s+(?:status|log|diff|show|branch|remote|fetch|blame|grep|ls-files|"
    r"rev-parse|reflog|stash\s+list)\b|kubectl\s+(?:get|describe|logs|top|explain|"
    r"config\s+(?:view|get-contexts|current-context))\b|docker\s+(?:ps|images|logs|inspect|"
    r"compose\s+(?:ps|logs))\b|helm\s+(?:list|ls|status|get|history)\b|"
    r"terraform\s+(?:show|output|state\s+(?:list|show)|version)\b|"
    r"(?:npm|pnpm|yarn)\s+(?:ls|list|outdated|view|why|info)\b|pip3?\s+(?:list|show|freeze)\b|"
    r"(?:npm|pnpm|yarn|bundle|composer|poetry)(?:\s+(?:install|i|ci))?\s*`?$|"
    r"pip3?\s+install\s+-r\s+\S+\s*`?$|uv\s+sync\b|go\s+mod\s+(?:download|tidy)\b|"
    r"cargo\s+fetch\b)"
)
_CHAINED = re.compile(r"&&|\|\||;")
# A command that changes something or runs code: an apply, a deploy, a restart, a
# migration, a push, a test run, a build, a script (not a plan, a listing, a query)
_CHANGES = re.compile(
    r"(?i)\b(?:apply|deploy|rollout|restart|migrate|upgrade|push|merge|rebase|delete|destroy|"
    r"drop|scale|publish|release|backfill|rollback|revert|promote|drain|cordon|uncordon|"
    r"truncate|insert|update|alter|create|install|run|test|build|exec|seed|import|export|"
    r"pytest|jest|vitest|mocha|rspec|phpunit|tox|nox|"
    # a check that runs the code base: a linter, a type checker, a build tool's target
    r"lint|typecheck|check|mypy|pyright|ruff|flake8|pylint|eslint|tsc|clippy|vet|make|cargo|"
    r"gradle|mvn|dotnet|dbt)\b"
    r"|^`?(?:sudo\s+)?(?:python3?|node|ruby|perl|php|bash|sh|deno|bun)\s+(?!-)\S+\.\w+|"
    r"^`?\.{0,2}/[\w./-]+"
)
# How many of a section's best items get bytes before any section gets its rest: one
# noisy section (a hundred files read, a dozen failures) never starves the next step.
_FIRST_ROUND = {
    "Open requests": 3,
    "Next step": 1,
    "Failures": 10,
    "Decisions": 2,
    "Actions taken": 3,
    "Files written": 2,
    "Commands run": 2,
    "Numbers that matter": 2,
    "User also said": 2,
    "Findings": 2,
    "Files read": 2,
}


def fill_order(d: Digest, name: str) -> list[str]:
    """The items of section ``name`` in the order they get bytes: as ranked by
    :func:`digest`; else the earliest goal and constraints first and, of the rest, the
    newest first, the user's words before the assistant's."""
    items = d.items(name)
    if name in d.ranked:
        ranked = [i for i in d.ranked[name] if i in set(items)]
        return ranked + [i for i in items[::-1] if i not in set(ranked)]
    order = items if name in ("Goal", "Constraints and corrections") else items[::-1]
    return sorted(order, key=lambda i: i.startswith("Assistant: "))


def _noise_of(d: Digest, name: str) -> frozenset[str]:
    if name in d.noise:
        return d.noise[name]
    if name == "Commands run":  # a previous recap read back: its looking-around commands
        return frozenset(i for i in d.items(name) if _LOOKING.search(i))
    return frozenset()


def _section_bytes(name: str, chosen: Sequence[str], total: int) -> int:
    """The bytes section ``name`` takes rendered with ``chosen`` of its ``total`` items."""
    left = total - len(chosen)
    more = utf8_len(f" (+{left} more in the record)") if left else 0
    if name in INLINE:
        sep = 2 if name.startswith("Files") else 1
        body = sum(utf8_len(i) for i in chosen) + sep * max(0, len(chosen) - 1)
        return utf8_len(name) + 1 + (1 + body if chosen else 0) + more
    return utf8_len(name) + 1 + more + sum(3 + utf8_len(i) for i in chosen)


def render_digest(d: Digest, max_bytes: int) -> str:
    """The sections in reading order, filled within ``max_bytes`` in three rounds: the
    first few best items of each section in priority order, then the rest of each, then
    the noise (what the assistant dismissed, looking-around commands). A section that
    could not hold every item says how many it left out (its heading alone, when none of
    its items fit). When not everything fits, a command a failure or a finding shown
    names already ("`make deploy`: Error 2") is not listed again under "Commands run":
    its room goes to the next command."""
    chosen = _choose(d, max_bytes)
    shown, skip = d, frozenset[str]()
    everything = all(len(chosen.get(n, ())) == len(d.items(n)) for n in d.sections)
    for _ in range(0 if everything else 3):
        more = _shown_elsewhere(d, chosen) - skip
        if not more:
            break
        trial = _without(d, "Commands run", skip | more)
        again = _choose(trial, max_bytes)
        if not (skip | more) <= _shown_elsewhere(d, again):
            break  # the room freed moved a failure out: keep the listing as it was
        shown, chosen, skip = trial, again, skip | more
    return _lines(shown, chosen, max_bytes)


def _shown_elsewhere(d: Digest, chosen: dict[str, list[str]]) -> frozenset[str]:
    """The "Commands run" items an item chosen in another section starts with."""
    heads = {
        i.partition("`: ")[0] + "`"
        for name in ("Failures", "Findings", "Numbers that matter")
        for i in chosen.get(name, ())
        if i.startswith("`")
    }
    return frozenset(c for c in d.items("Commands run") if c in heads)


def _without(d: Digest, name: str, items: Collection[str]) -> Digest:
    sections = dict(d.sections)
    sections[name] = [i for i in d.items(name) if i not in items]
    return replace(d, sections={n: v for n, v in sections.items() if v})


def _choose(d: Digest, max_bytes: int) -> dict[str, list[str]]:
    """Per section, the items that get bytes (see :func:`render_digest`)."""
    order = {n: fill_order(d, n) for n in SECTIONS if d.items(n)}
    noisy = {n: _noise_of(d, n) for n in order}
    chosen: dict[str, list[str]] = {}
    size: dict[str, int] = {}  # bytes of each opened section
    used = 0

    def fits(name: str, items: list[str]) -> bool:
        nonlocal used
        new = _section_bytes(name, items, len(order[name]))
        grown = used - size.get(name, -1) + new  # an opened section costs a line break
        if grown > max_bytes:
            return False
        chosen[name], size[name], used = items, new, grown
        return True

    rounds: list[list[tuple[str, list[str]]]] = [[], [], []]
    early = {after: name for name, after in URGENT_AFTER.items() if d.urgent.get(name)}
    for name in PRIORITY:
        if name not in order:
            continue
        clean = [i for i in order[name] if i not in noisy[name]]
        first = clean[: _FIRST_ROUND.get(name, len(clean))]
        if name == "Failures":  # one line of each failing run before a run's second line
            first = _first_per_run(first)
        rounds[0].append((name, first))
        rounds[1].append((name, [i for i in clean if i not in first]))
        rounds[2].append((name, [i for i in order[name] if i in noisy[name]]))
        urgent = early.get(name)
        if urgent in order:
            calm = [i for i in order[urgent] if i not in noisy[urgent]]
            rounds[0].append((urgent, calm[: min(d.urgent[urgent], _FIRST_ROUND[urgent])]))
    for name in PRIORITY:  # every heading first: no section is left out unsaid
        if name in order:
            fits(name, [])
    for batch in rounds:
        for name, items in batch:
            if name not in chosen:
                continue
            for item in items:
                # an urgent item is in already; a lifted rule goes in only with its lifting
                need = d.needs.get(item)
                if item not in chosen[name] and (need is None or need in chosen[name]):
                    fits(name, [*chosen[name], item])
    return chosen


def _first_per_run(failures: list[str]) -> list[str]:
    """Of ``failures`` ("`cmd`: line" items, best first), the best line of each run."""
    seen: set[str] = set()
    out: list[str] = []
    for item in failures:
        run = item.partition("`: ")[0] if item.startswith("`") else item.partition(": ")[0]
        if item.endswith(PASSED_LATER):  # said with the failure it follows
            out.append(item)
        elif run not in seen:
            seen.add(run)
            out.append(item)
    return out


def _lines(d: Digest, chosen: dict[str, list[str]], max_bytes: int) -> str:
    lines: list[str] = []
    for name in SECTIONS:
        if name not in chosen:
            continue
        picked = set(chosen[name])
        shown = [i for i in d.items(name) if i in picked]  # in the order they were said
        left = len(d.items(name)) - len(shown)
        more = f" (+{left} more in the record)" if left else ""
        if name in INLINE:
            sep = ", " if name.startswith("Files") else " "
            lines.append(f"{name}: {sep.join(shown)}{more}".replace(":  (", ": ("))
        else:
            lines.append(f"{name}:{more}")
            lines.extend(f"- {i}" for i in shown)
    if not lines:  # no claim in it: "no … failure" would read as a failure claimed
        lines = [NOTHING_TO_RECAP]
    return cut_utf8("\n".join(lines), max_bytes)


NOTHING_TO_RECAP = "Earlier turns: nothing to recap."
BACKFILL_HEADER = "From the record (left out of the summary above):"


def backfill(d: Digest, recap: str) -> Digest:
    """The items of ``d`` (the record's own digest) that ``recap`` does not state: what an
    LLM recap left out or paraphrased away. The user's words (goal, constraints, requests)
    count as stated only verbatim or with every content word and every path, command and
    number; a command, path or failing test only exactly.

    >>> d = Digest({"Commands run": ["`pytest -k login`"], "Goal": ["Fix the login flow."]})
    >>> backfill(d, "Goal: fix the login flow. The assistant ran pytest.").sections
    {'Commands run': ['`pytest -k login`']}
    """
    folded = _fold(recap)
    words = keywords(recap)
    out: dict[str, list[str]] = {}
    for name in SECTIONS:
        if name == "Next step" and "next step" in folded:
            continue
        missing = [i for i in d.items(name) if not _states(name, i, folded, words)]
        if missing:
            out[name] = missing
    return replace(d, sections=out)


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("`", "").split())


def _states(section: str, item: str, folded: str, words: set[str]) -> bool:
    body = item.partition(": ")[2] if item.startswith(("User: ", "Assistant: ")) else item
    if _fold(body).rstrip(".") in folded:
        return True
    if section in ("Commands run", "Files written", "Files read"):
        return False
    if section == "Failures":
        names = failing_tests(body.partition(": ")[2]) or _TEST_ID.findall(body)
        # a test named as an LLM writes it: "test_rerun_is_idempotent" for the record's
        # "tests/test_export.py::test_rerun_is_idempotent"
        return bool(names) and all(
            n.casefold() in folded or n.rpartition("::")[2].casefold() in folded for n in names
        )
    specific = [f.value for f in extract_claims(body)]
    # "src/payments" states the record's "src/payments/"
    return keywords(body) <= words and all(_fold(v).rstrip("/") in folded for v in specific)


def digest_json(d: Digest) -> str:
    return json.dumps(d.sections, ensure_ascii=False)

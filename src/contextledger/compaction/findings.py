"""Values and numbers worth keeping word for word: what a run counted or made, what the
assistant found, a number the user or the assistant stated."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache

# (re-exported: readers of the recap took them from here before credentials.py held them)
from ..settings_said import word_count
from .credentials import CREDENTIAL as CREDENTIAL
from .credentials import may_hold_secret as may_hold_secret
from .facts import (
    extract_claims,
    keywords,
)
from .failures import BOX
from .tool_calls import URI
from .wording import clip, shape

# A tool's own summary with the numbers that matter: a Terraform plan or apply.
_OUTPUT_NUMBERS = re.compile(
    r"^(?:Plan: \d+ to add, \d+ to change, \d+ to destroy\.|"
    r"(?:Apply|Destroy) complete! Resources: .{1,120})$"
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
    # a count of things the assistant found: "I see 34 restarts in the last hour", "18208
    # late-arriving rows", "12 pods" (R33-G1)
    r"|(?<![\w.])\d[\d,]*\s+(?:[a-z]+-[a-z]+\s+)?"
    r"(?!(?:this|does|goes|plus|less|unless|across|thus|yes|always|perhaps)\b)[a-z]{3,}s\b"
)

_NUMBER = re.compile(r"\d")

_STATUSES = re.compile(r"\b[1-5]\d\d(?:s|'s)\b")

_PATHLIKE = re.compile(r"\S*[/`_]\S*|\b(?!\d+\.\d+\b)\w+\.\w+\b")  # "0.847" is a number

# a person's handle or login, whose digits count nothing ("ask @adi08", "rahul08 left")
_HANDLE = re.compile(r"@[\w.-]+|(?<![\w@])[^\W\d_]{2,}\d+(?![\w.])")

# a name with digits in it counts nothing: a host, a region, a version, a model ("db-1",
# "web-3", "eu-west-1", "v2", "s3", "gpt-4o", "k8s"): a word of Latin letters and digits that
# starts with a letter (not "は30秒" - Japanese, Chinese and Thai write a number onto a word)
_IDENTIFIER = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9-]*?\d[A-Za-z0-9-]*(?![A-Za-z0-9])")

_BIG_NUMBER = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d{3,})(?:\.\d+)?(?![\w])")

# a counter, not a measure: "Step 103 checked", "attempt 2", "line 41"
_ORDINAL = re.compile(
    r"(?i)\b(?:step|round|turn|line|lines|attempt|try|iteration|part|item|pass|phase|stage|"
    r"page|row|column|col|chunk|batch|case|no\.|number|#)\s*#?\d+\b"
)

FINDING = re.compile(
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
WORKS_NOW = re.compile(
    r"(?i)\b(?:pass(?:es|ed)?|works?|worked|succeeded|is\s+(?:clean|green|fixed|resolved))\s+"
    r"(?:\S+\s+){0,3}?(?:now|again|this\s+time|on\s+the\s+(?:second|next|last)\s+(?:try|run|attempt))\b|"
    r"\b(?:installed|completed|deployed|finished|applied|converted)\s+successfully\b|"
    r"\b(?:went|goes)\s+through\b|\bsucceeded\b"
)


def output_numbers(text: str) -> list[str]:
    """The lines of tool output that sum up what a run counted and that a recap should
    keep: a Terraform plan ("Plan: 2 to add, 0 to change, 1 to destroy.") or apply.

    >>> output_numbers("...\\n  Plan: 2 to add, 0 to change, 1 to destroy.\\n")
    ['Plan: 2 to add, 0 to change, 1 to destroy.']
    """
    return list(_output_numbers(text))


# The readings of one output below are kept by its text (an output is read again by each
# recap a kept session makes: the record only grows, and its older outputs read the same).
_OUTPUTS_KEPT = 1 << 12


@lru_cache(maxsize=_OUTPUTS_KEPT)
def _output_numbers(text: str) -> tuple[str, ...]:
    found = (_OUTPUT_NUMBERS.match(BOX.sub("", ln).strip()) for ln in text.splitlines())
    out = list(dict.fromkeys(m.group(0) for m in found if m))
    if _ANNOUNCED.search(text) is not None:  # (most outputs are no page snapshot)
        out += list(dict.fromkeys(m.group(1) for m in _ANNOUNCED.finditer(text)))[:_ANNOUNCED_KEPT]
    return tuple(out)


# What a page announces with a number in it, as a browser tool's accessibility snapshot
# shows it: a live region's line (ARIA role status or alert, `- status "SLA breached: 412
# tickets" [ref=s15]`) among the page's rows - the page's own summary of what it counts
_ANNOUNCED = re.compile(
    r'(?m)^[ \t]*-[ \t]+(?:status|alert)[ \t]+"([^"\n]{0,200}?\d[^"\n]{0,200}?)"'
)
_ANNOUNCED_KEPT = 2


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
    return list(_output_values(text, limit))


@lru_cache(maxsize=_OUTPUTS_KEPT)
def _output_values(text: str, limit: int) -> tuple[str, ...]:
    lines = [BOX.sub("", ln).strip() for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) > 60:  # a log or a listing: its values are not what the run made
        return ()
    if may_hold_secret(text):
        lines = [ln for ln in lines if not CREDENTIAL.search(ln)]
    if len(lines) == 1 and len(lines[0]) <= 80 and _KEY_VALUE.fullmatch(lines[0]):
        return tuple(lines)
    told = [
        clip(ln, 200)
        for ln in lines
        if _KEY_VALUE.search(ln) and (_MADE.search(ln) or URI.match(ln))
    ]
    return tuple(dict.fromkeys(told))[:limit]


# What a tool returns that the assistant may restate as a finding: a code or id (letters
# and digits: "QB482913377BR", "PIX-E2E-88412"), a count or amount of four digits or more
# ("3,118", "1.284,90"); read in the first FOUND_READ characters of each result
FOUND = re.compile(
    r"(?<![\w.-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9][\w-]{5,63}(?![\w-])|"
    r"(?<![\w.,])\d{1,3}(?:[.,\u202f\u00a0 ]\d{3})+(?:[.,]\d+)?(?![\w])|(?<![\w.,])\d{4,}(?![\w])"
)

FOUND_READ = 20_000


@lru_cache(maxsize=_OUTPUTS_KEPT)
def found_codes(text: str) -> frozenset[str]:
    """The codes, ids and counts (``FOUND``) in ``text``'s first ``FOUND_READ`` characters."""
    return frozenset(FOUND.findall(text[:FOUND_READ]))


def restates_found(sentence: str, found: Collection[str]) -> bool:
    """Whether an assistant sentence restates a code, id or count a tool returned."""
    return bool(found) and any(v in found for v in FOUND.findall(_no_paths(sentence)))


# A quantity, however it is grouped: "18,204", "1.284", "3 118,40", "184316.72", "41.7" -
# not a date, a time, a version, an address, a size in pixels or a name's digits ("2026-10",
# "02:10", "1.2.3", "1024×640")
_QUANTITY = re.compile(
    r"(?<![\w.,:/×-])(?<!\d\s[x×]\s)(?<!\d[x×]\s)(?<!\d\s[x×])(?:\d{1,3}(?:(?:[,.\u202f\u00a0]| (?=\d{3}(?!\d)))\d{3})+(?:[.,]\d+)?|"
    r"\d+[.,]\d+|\d{3,})(?![A-Za-z0-9_]|[.,:/-]\d|\s?[×x]\s?\d)"
)
# ... with a label in words before it on its line ("TOTAL LAG: 18,204 messages", "écart non
# justifié : 3 118,40 €", "未処理件数: 3,412件", "max_abs_err 41.7 kWh")
_LABELLED = re.compile(r"[^\W\d_]{3,}|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{2,}")
# a unit, a currency or a counted noun right after the number
_UNIT_AFTER = re.compile(
    r"^\s?(?:[%€$£¥₹]|[^\W\d_]{1,12}\b|[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af])"
)
# lines that tell a run's progress or list files, not what it counted
# A date and time a tool printed (helm's "Wed Nov 18 10:03:01 2026", "2026-11-18 10:03"):
# its year is no count (RT26-10)
_TIMESTAMP = re.compile(
    r"(?i)\b(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?(?:\s+\d{4})?\b|"
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?"
)
_NOT_A_COUNT = re.compile(
    r"(?i)^[d-][rwx-]{9}\s|^total\s+\d+$|\b(?:download|upload|install|fetch|pull|push|extract|"
    r"resolv|collect|build|compil|load|writ|sav)\w*\b.*\b\d+(?:\.\d+)?\s*(?:[kmg]i?b|bytes?)\b|"
    r"\b\d{1,3}(?:\.\d+)?\s*%\s*(?:\||done|complete)|^\s*\d+\s*$"
)


# A write's receipt: the size of what was written ("wrote 3669 bytes to src/a.py", "Saved
# conf.yaml (2.1 KB)") or how much an edit changed ("12 lines changed", "3 insertions(+)",
# "2 files changed"): the tool's acknowledgement of the write, not a number the task is about
_WRITTEN_COUNT = re.compile(
    r"(?i)(?<![\w.])\d[\d,.]*\s*(?:[kmgt]i?b|b|bytes?|octets?|chars?|characters?)\b|"
    r"(?<![\w.])\d[\d,]*\s+(?:lines?|files?|hunks?)\s+(?:changed|written|modified|added|"
    r"removed|updated|inserted|deleted|edited|replaced|saved)\b|"
    r"(?<![\w.])\d[\d,]*\s+(?:insertions?|deletions?)\s*\([+-]\)|"
    r"\b(?:wr[io]te|saved|stored|updated|edited|modified|changed|created)\s+\d[\d,]*\s+"
    r"(?:files?|lines?)\b"
)
# ... said of a file (a path, a name with its extension) or with a write's verb
_WRITE_SAID = re.compile(
    r"(?i)\b(?:wr[io]te|written|sav(?:ed|ing)|stored|updated|edited|modified|changed|"
    r"created|appended|applied|replaced|overwr[io]te|overwritten)\b|[\w.-]*/[\w./-]+|"
    r"\b[\w-]+\.[a-z][a-z0-9]{0,4}\b"
)


def receipt_counts(line: str) -> list[str]:
    """The counts in ``line`` that only acknowledge a write (:data:`_WRITTEN_COUNT`, said
    of a file or with a write's verb); none when it is no receipt.

    >>> receipt_counts("wrote 3669 bytes to src/a.py"), receipt_counts("Saved (12 lines changed)")
    (['3669 bytes'], ['12 lines changed'])
    >>> receipt_counts("Database size: 4.2 GB"), receipt_counts("p99 is 250 ms")
    ([], [])
    """
    counts = [m.group(0) for m in _WRITTEN_COUNT.finditer(line)]
    return counts if counts and _WRITE_SAID.search(line) else []


def without_receipts(sentence: str) -> str:
    """``sentence`` without the counts that only acknowledge a write (:func:`receipt_counts`)."""
    for count in receipt_counts(sentence):
        sentence = sentence.replace(count, " ")
    return sentence


def counted_lines(text: str, limit: int = 2) -> list[str]:
    """The lines of a short successful output that state what a run counted, measured or
    summed, with a label in words ("TOTAL LAG: 18,204 messages behind", "écart non justifié :
    3 118,40 €", "RMSE 5.02 kWh max_abs_err 41.7 kWh"): the numbers a recap must keep, which
    no sentence may restate. Lines with a unit or a counted noun first, the last first (a
    summary ends an output); none from a long output (a log, a listing) or a table.

    >>> counted_lines("solde : 48 210,55\\nécart non justifié : 3 118,40 €\\nstatut : A_REVOIR")
    ['écart non justifié : 3 118,40 €', 'solde : 48 210,55']
    >>> counted_lines("Downloading numpy-2.1.0 (16.3 MB)\\nSuccessfully installed numpy-2.1.0")
    []
    """
    lines = [BOX.sub("", ln).strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines or len(lines) > 20 or len(text) > 4000 or _table(lines):
        return []
    logged = log_records(lines)
    scored: list[tuple[int, int, str]] = []
    for k, line in enumerate(lines):
        if len(line) > 240 or _NOT_A_COUNT.search(line) or _RUN_TALLY.search(line):
            continue  # (a run's tally: "Success: no issues found in 212 source files")
        if k in logged:
            continue  # a log's record: "… poll api.sync id=317794 lat=58.9ms" (R28-M2)
        if receipt_counts(line):
            continue  # a write's receipt: "wrote 3669 bytes to src/a.py"
        if CREDENTIAL.search(line):
            continue
        bare = _TIMESTAMP.sub(" ", line)  # "Last Started: Wed Nov 18 10:03:01 2026": a date
        told = [m for m in _QUANTITY.finditer(bare) if _LABELLED.search(bare[: m.start()])]
        if told:
            unit = any(_UNIT_AFTER.match(bare[m.end() : m.end() + 13]) for m in told)
            scored.append((unit, k, clip(line, 200)))
    return [line for _, _, line in sorted(scored, reverse=True)[:limit]]


# A line that sums a long output up: a summary's word opening it ("SUMMARY …", "Total: …",
# "Result: …", "==> finished: …") or a metric's snake_case name set to a number
# ("peak_queue_depth=94605")
_SUMMARY = re.compile(
    r"(?i)^\W*(?:summary|totals?|results?|overall|stats|statistics|finished|completed?|done|"
    r"final|peak|report|load\s+complete)\b|^\W*(?:==>|=>|>>)|"
    r"(?<![\w.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*[=:]\s*\d"
)
# ... not a run's tally of tests, checks or its time: Commands run and Failures say that
_RUN_TALLY = re.compile(
    r"(?i)\b(?:passed|failed|failures?|skipped|pending|success(?:es)?|no\s+issues)\b|"
    r"\d\s*(?:tests?|specs?|examples?|assertions?|errors?|warnings?)\b|"
    r"\b(?:tests?|errors?|warnings?)\s*[=:]\s*\d|\bfinished\s+(?:running|in)\b|\bran\s+\d|"
    # ... a rate of passing, a step's progress ("Pass Rate 100%", "[100%] 2 of 2")
    r"\b(?:pass|fail(?:ure)?|success)\s+rate\b|\[\s*\d{1,3}%\]|"
    # ... a typesetter's warning: "Underfull \hbox (badness 8015) in paragraph at lines 17--20"
    r"\b(?:under|over)full\s+\\[hv]box\b"
)
_PARTS = re.compile(r"[\W_]+")


def asked_words(question: str) -> set[str]:
    """The words of a user's question a tool's output line may answer by name: content
    words and names with digits ("What was the p99 latency?" -> p99, latency)."""
    parts = {p for w in keywords(question) for p in _PARTS.split(w)}
    parts |= {p for p in _PARTS.split(question.casefold()) if _DIGIT_NAME.fullmatch(p)}
    return {p for p in parts if len(p) >= 3}


_DIGIT_NAME = re.compile(r"(?=.*\d)(?=.*[^\W\d_])\w{2,}")


def summary_lines(text: str, asked: Collection[str] = (), limit: int = 2) -> list[str]:
    """The lines of a long successful output (a log, a report; short ones are
    :func:`counted_lines`') that state a number worth keeping (RT24-3): one the user
    asked about by name (``asked``: :func:`asked_words`), else a summary line of its own
    shape among the log's repeated ones ("SUMMARY peak_queue_depth=94605 over 24h"), not a
    run's tally of tests. Those the user asked about first, then the last.

    >>> log = "\\n".join(f"INFO tick {i} ok" for i in range(30))
    >>> summary_lines(log + "\\nSUMMARY peak_queue_depth=94605 over 24h\\n" + log)
    ['SUMMARY peak_queue_depth=94605 over 24h']
    """
    lines = [ln.strip() for ln in text.splitlines()]
    if len(lines) <= 20 and len(text) <= 4000:
        return []
    wanted = set(asked)
    scored: list[tuple[int, int, str]] = []
    for k, line in enumerate(lines):
        # (cheap tests first: a long log has thousands of lines, few with a summary's word)
        lowered = line.casefold()
        named = [w for w in wanted if w in lowered]
        if not named and not _SUMMARY.search(line):
            continue
        line = BOX.sub("", line)
        if len(line) > 240 or _NOT_A_COUNT.search(line) or _RUN_TALLY.search(line):
            continue
        if CREDENTIAL.search(line):
            continue
        if not any(_LABELLED.search(line[: m.start()]) for m in _QUANTITY.finditer(line)):
            continue
        hits = len(set(_PARTS.split(lowered)) & wanted) if named else 0
        if hits or _one_of_a_kind(k, lines):
            scored.append((hits, k, clip(line, 200)))
    return [line for _, _, line in sorted(scored, reverse=True)[:limit]]


def asked_rows(text: str, asked: Collection[str], limit: int = 2) -> list[str]:
    """The rows of a table or a CSV a tool printed that name what the user just asked
    about, each after the table's header: the number the user wanted is a cell no line
    states with its label ("What does the latency report say for eu-west-1?" answered by
    a CSV whose row ``eu-west-1,88,359,0.42`` means nothing without its header). None when
    no row, or more than ``limit`` rows, name it (then the table is not the answer).

    >>> csv = "region,p50_ms,p95_ms\\neu-west-1,88,359\\nus-east-2,70,250"
    >>> asked_rows(csv, asked_words("What does the report say for eu-west-1?"))
    ['region,p50_ms,p95_ms → eu-west-1,88,359']
    """
    lines = [BOX.sub("", ln).strip() for ln in text.strip().splitlines() if ln.strip()]
    if not asked or len(lines) < 3 or len(lines) > 400 or not _table(lines):
        return []
    wanted = set(asked)
    hits = [ln for ln in lines[1:] if _names_asked(ln, wanted) and _NUMBER.search(ln)]
    if not hits or len(hits) > limit or any(CREDENTIAL.search(ln) for ln in hits):
        return []
    return [clip(f"{lines[0]} → {ln}", 240) for ln in hits]


# a small table's most rows a recap lists whole (a query's answer: "channel | count" with
# three rows); a longer table is a listing, kept only for the rows the user asked about
_SMALL_TABLE = 6
# a rule under a header ("---------+-------", "|---|---|") and a query's row count
_RULE_ROW = re.compile(r"^[\s|+:=-]+$")
_ROW_COUNT = re.compile(
    r"^\(\d+\s+[^\W\d_]+\)$"  # "(3 rows)", "(1 ligne)", "(2 Zeilen)"
    r"|^(?:\d+\s+rows?\s+in\s+set|Empty\s+set)\b.*$"  # MySQL's "1 row in set (0.01 sec)"
)
# a bare number: the one column of a query's batch output ("count(*)" over "912345")
_BARE_NUMBER = re.compile(r"^\s*-?\d[\d.,]*\s*$")


def table_rows(text: str, limit: int = 3) -> list[str]:
    """The rows of a small table a successful query printed (a psql or markdown table, a
    short CSV), each after its header and as printed: the numbers it answered with are
    cells no line states with their label. A psql table may have one column (" count" over
    its rule). None from a longer table (a listing), a table without numbers, or one with
    a credential.

    >>> table_rows(" channel | count \\n---------+-------\\n email   |  1204\\n(1 row)")
    ['channel | count →  email   |  1204']
    >>> table_rows(" count \\n-------\\n   84004\\n(1 row)")
    ['count →    84004']
    >>> table_rows("count(*)\\n912345")
    ['count(*) → 912345']
    >>> table_rows("+-------+\\n| total |\\n+-------+\\n|    70 |\\n+-------+\\n1 row in set")
    ['| total | → |    70 |']
    """
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]  # as printed
    # (a rule under the header, or MySQL's box around it: "+----------+" first)
    ruled = len(lines) > 2 and any(_RULE_ROW.match(ln) and "-" in ln for ln in lines[:2])
    lines = [ln for ln in lines if not _RULE_ROW.match(ln) and not _ROW_COUNT.match(ln.strip())]
    if len(lines) < 2 or len(lines) > _SMALL_TABLE + 1 or not _LABELLED.search(lines[0]):
        return []
    sep = next((c for c in "|\t," if lines[0].count(c) >= (2 if c == "," else 1)), None)
    columns = lines[0].count(sep) if sep else 0
    # one column and no rule: a label over bare numbers only ("count(*)" over "912345")
    alone = sep is None and all(_BARE_NUMBER.match(ln) for ln in lines[1:])
    if not ruled and not alone and (sep is None or any(ln.count(sep) != columns for ln in lines)):
        return []
    if any(CREDENTIAL.search(ln) for ln in lines):
        return []
    header = " ".join(lines[0].split())
    rows = [ln[:200] for ln in lines[1:] if _NUMBER.search(ln)]
    return [f"{header} → {row}" for row in rows[:limit]]


_CELL = re.compile(r"\s*[,|\t]\s*")


def _names_asked(row: str, asked: set[str]) -> bool:
    """Whether a cell of ``row`` is named by the words ``asked`` ("eu-west-1": west)."""
    for cell in _CELL.split(row.casefold()):
        parts = {p for p in _PARTS.split(cell) if len(p) >= 3 and not p.isdigit()}
        if parts and parts <= asked:
            return True
    return False


# a logfmt key: "id=317794", "lat=58.9ms", "level=info"
_LOG_KEY = re.compile(r"(?<![\w.-])([^\W\d][\w.-]{0,40})=(?=\S)")


def log_records(lines: Sequence[str]) -> set[int]:
    """Which of ``lines`` are a log's records: two or more ``key=value`` fields whose keys,
    in order, three lines or more share ("… poll api.sync id=317794 lat=58.9ms", a
    hundred times with other numbers). Their numbers are noise, not what a run counted
    (R28-M2); a summary's own line ("SUMMARY orphaned_rows_0=55780 checked=90831") is
    one of a kind.

    >>> log = [f"{i:09d} INFO api.poll id={i * 7} lat={i}.5ms" for i in range(3)]
    >>> sorted(log_records([*log, "SUMMARY orphaned_rows_0=55780 checked=90831"]))
    [0, 1, 2]
    """
    keyed: dict[int, tuple[str, ...]] = {}
    for k, line in enumerate(lines):
        if "=" in line:
            keys = tuple(_LOG_KEY.findall(line))
            if len(keys) >= 2:
                keyed[k] = keys
    count = Counter(keyed.values())
    return {k for k, keys in keyed.items() if count[keys] >= 3} | _numbered_records(lines)


def _numbered_records(lines: Sequence[str]) -> set[int]:
    """Which of ``lines`` open alike with a number before their first word, three lines or
    more: a log's numbered or stamped records ("[0000] 030084 export replica ok=0.8470",
    "#0412 pdf-worker 88231 …", "2026-12-01 10:00:01 …"), pasted by a user or printed by a
    run. Their numbers are the log's, not ones the user stated (R44: a paste's twelve lines
    filled the recap's numbers, the user's own limit left out); a numbered list ("1. …")
    opens with too short a number to be one.

    >>> sorted(_numbered_records(["[0001] 9 ok", "[0002] 4 ok", "[0003] 7 ok", "1. Use zstd."]))
    [0, 1, 2]
    """
    heads: dict[int, str] = {}
    for k, line in enumerate(lines):
        head = _BEFORE_A_WORD.match(line)
        if head is not None and sum(ch.isdigit() for ch in head.group(0)) >= _RECORD_DIGITS:
            heads[k] = head.group(0).strip().translate(_MASK_DIGITS)
    count = Counter(heads.values())
    return {k for k, head in heads.items() if count[head] >= 3}


# what opens a line before its first word's letter; a record's number has this many digits
_BEFORE_A_WORD = re.compile(r"[\W\d_]*")
_RECORD_DIGITS = 3


def _one_of_a_kind(k: int, lines: list[str]) -> bool:
    """Whether no other line of ``lines`` has the shape of line ``k`` (a log's repeated
    line with other numbers is no summary); only the lines opening alike are shaped."""
    opening = lines[k][:6].translate(_MASK_DIGITS)
    mine = shape(BOX.sub("", lines[k]))
    return not any(
        shape(BOX.sub("", x)) == mine
        for j, x in enumerate(lines)
        if j != k and x[:6].translate(_MASK_DIGITS) == opening
    )


_MASK_DIGITS = str.maketrans("0123456789", "##########")


def _table(lines: list[str]) -> bool:
    """A query's table or a CSV: most lines split by the same ``|`` or ``,`` count."""
    for sep, least in (("|", 1), (",", 2), ("\t", 1)):  # a decimal comma is no column
        n = lines[0].count(sep)
        if (
            n >= least
            and len(lines) >= 3
            and sum(ln.count(sep) == n for ln in lines) >= 0.6 * len(lines)
        ):
            return True
    return False


def quantities(text: str) -> set[str]:
    """The quantities of four digits or more in ``text``, as bare digits (grouping and
    decimal marks dropped): "2347" in a tool's output is "2.347" in a Spanish sentence.

    >>> sorted(quantities("count: 2347; total 184316.72; on 2026-10-01"))
    ['18431672', '2347']
    """
    return set(_quantities(text))


@lru_cache(maxsize=_OUTPUTS_KEPT)
def _quantities(text: str) -> frozenset[str]:
    digits = (re.sub(r"\D", "", m.group(0)) for m in _QUANTITY.finditer(text))
    return frozenset(d for d in digits if len(d) >= 4)


def restates_count(sentence: str, counted: Collection[str]) -> bool:
    """Whether a sentence restates a quantity a tool returned (see :func:`quantities`)."""
    # (not the size of a write the assistant tells back: "I wrote 3669 bytes to a.py")
    said = quantities(_no_paths(without_receipts(sentence))) if counted else set()
    return bool(said & set(counted))


def states_value(sentence: str) -> bool:
    """Whether the assistant states a value worth keeping word for word (a URL, a host, a
    version, a code …) or who owns something and when it is due - a file's path aside."""
    if CREDENTIAL.search(sentence):  # a secret's value is never recapped
        return False
    return bool(_KEY_VALUE.search(_no_paths(sentence)) or _WHO_AND_WHEN.search(sentence))


def _no_paths(sentence: str) -> str:
    """``sentence`` without its file paths (a path is a file read or written, not a value)."""
    for f in extract_claims(sentence):
        if f.kind == "path":
            sentence = sentence.replace(f.value, " ")
    return sentence


def superseded(numbers: list[str]) -> set[str]:
    """The summary lines of runs ("`terraform plan`: Plan: 2 to add, …") a newer run's
    line of the same shape supersedes: they wait with the noise, so one command's
    repeated summaries never crowd out the session's other numbers (redteam16 A14)."""
    newest: dict[str, str] = {}
    for item in numbers:
        if item.startswith("`"):
            newest[_value_shape(item.partition("`: ")[2])] = item
    return {
        item
        for item in numbers
        if item.startswith("`") and newest[_value_shape(item.partition("`: ")[2])] != item
    }


# a value on its own (not a name's digits: "orphaned_rows_0", "p95", "v2")
_VALUE = re.compile(r"(?<![\w.])\d[\d.,]*")


def _value_shape(line: str) -> str:
    """``line`` with its values masked and its names kept: "SUMMARY orphaned_rows_0=55780"
    and "SUMMARY late_pushbacks_1=99003" are two metrics, not one said again (R28-M2)."""
    return _VALUE.sub("#", line)


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


def specific(sentence: str) -> bool:
    """A statement that names something: a path, identifier, number, URL, host, version,
    quote, a proper name ("Priya Raman owns the billing schema"), who owns or approves
    something, a deadline - not "Here is what I see now."."""
    if word_count(sentence) < 4:
        return False
    if any(f.kind != "number" or len(f.value) > 1 for f in extract_claims(sentence)):
        return True
    if _KEY_VALUE.search(sentence) or _WHO_AND_WHEN.search(sentence):
        return True
    return any(
        w[:1].isupper() and w != "I" and not w.startswith("I'") for w in sentence.split()[1:]
    )


# an amount of money: "€48,000", "$120k", "CHF 22,000", "92003 EUR", "3 118,40 €"
_MONEY = re.compile(
    r"[$€£¥₹₺]\s?\d|\b(?:CHF|EUR|USD|GBP|JPY|INR|PLN|SEK|NOK|DKK|CZK|TRY|BRL|RON)\s?\d"
    r"|\d[\d,.]*\s?(?:[$€£¥₹₺]|(?:CHF|EUR|USD|GBP|JPY|INR|PLN|SEK|NOK|DKK|CZK|TRY|BRL|RON)\b)"
)


def states_an_amount(sentence: str) -> bool:
    """Whether a sentence gives an amount of money: an approved budget is a number that
    matters, not a decision ("The approved budget for this work is 92003 EUR.": R22-R3)."""
    return _MONEY.search(sentence) is not None


def numbers_matter(sentence: str, role: str) -> bool:
    """A number the user stated, or one the assistant stated with a unit or a measure
    ("the 502s" are status codes, not seconds)."""
    if role != "user":  # (a write's receipt counts nothing: "I wrote 3669 bytes to a.py")
        sentence = without_receipts(sentence)
    named = _IDENTIFIER.sub(" ", _HANDLE.sub(" ", sentence))
    bare = _STATUSES.sub(" ", _ORDINAL.sub(" ", _PATHLIKE.sub(" ", named)))
    if word_count(sentence) < 3 or not _NUMBER.search(bare):
        return False
    if role == "user":
        return True
    return bool(_METRIC.search(bare) or _BIG_NUMBER.search(bare))

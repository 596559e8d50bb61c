"""Checkable facts in text: what a recap claims and what the record supports.

Deterministic extraction of file paths, URLs, identifiers, numbers, commands and quoted
strings (:func:`extract_claims`); :class:`FactSource`, the text a claim must occur in;
the load-bearing facts of a span of messages (:func:`transcript_facts`: paths touched,
tools run and whether they failed, user requests still open); and the sentence and
request rules both verification and the offline summarizer use (:func:`sentences`,
:data:`DEFERRED`).

>>> [str(f) for f in extract_claims("Run `pytest -x` on src/app.py; port 8080.")]
['command pytest -x', 'path src/app.py', 'number 8080']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ..intent import is_constraint, is_correction, is_nudge, is_small_talk
from ..lexicon.common import SENTENCE_WORDS, SPACED_WORD_CHAR
from ..lexicon.deferral import DEFERRED, WHEN_FREE
from ..lexicon.deferral import WAITS_FOR as _WAITS_FOR
from ..lexicon.done import DONE as _DONE
from ..lexicon.done import code_names, named, reported_done
from ..lexicon.done import keywords as keywords
from ..lexicon.done import on_topic as _on_topic
from ..lexicon.done import topic as _topic
from ..lexicon.intent import OCCASION, REMINDER_OPENING, WHEN_TIME_ALLOWS
from ..lexicon.negation import denial
from ..model import Message, ToolCall
from .transcript import cut_utf8, render_call, shell_join, tool_names_by_call, typed_command
from .wording import asks, names_something, spaced_token, whole_token, without_code

FactKind = Literal["path", "url", "identifier", "number", "command", "quoted", "tool", "request"]


@dataclass(frozen=True, slots=True, order=True)
class Fact:
    """One checkable fact. ``failed`` marks a tool that failed at least once."""

    kind: FactKind
    value: str
    failed: bool = False

    def __str__(self) -> str:
        return f"{self.kind} {self.value}" + (" (failed)" if self.failed else "")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "failed": self.failed}


# --------------------------------------------------------------------------- patterns

_EXTENSIONS = (
    "py|pyi|ipynb|js|mjs|cjs|jsx|ts|tsx|json|jsonl|yaml|yml|toml|ini|cfg|conf|env|md|rst|txt|"
    "csv|tsv|html|htm|css|scss|sql|sh|bash|zsh|ps1|bat|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|"
    "cs|php|pl|lua|r|vue|svelte|xml|svg|png|jpg|jpeg|gif|webp|pdf|log|lock|tf|proto|gradle|"
    "dockerfile|mk|cmake|wasm|zip|gz|tgz|db|sqlite|parquet"
)
_URL = re.compile(r"https?://[^\s<>\"'`\]\)}]+")
_SLASH_PATH = re.compile(r"(?<![\w@:/.\\-])(?:~|\.{1,2})?/?(?:[\w.@+-]+/)+[\w.@+-]*")
_FILE = re.compile(rf"(?<![\w/.\\-])[\w-]+(?:\.[\w-]+)*\.(?:{_EXTENSIONS})(?![\w-])", re.IGNORECASE)
_WIN_PATH = re.compile(r"\b[A-Za-z]:\\[^\s\"'`]+")
# a word character of no script whose particles are written onto a name (Hangul, kana, CJK)
_LATIN_W = SPACED_WORD_CHAR
_IDENT_PATTERNS = (
    re.compile(r"(?<![\w])_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*(?![\w])"),  # snake / CONST
    re.compile(r"(?<![\w])[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+(?![\w])"),  # lowerCamel
    re.compile(r"(?<![\w])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w])"),  # UpperCamel
    # dotted.name (up to a Korean or Japanese particle written onto it: "System.Text.Json을")
    re.compile(rf"(?<![\w.])[A-Za-z_]{_LATIN_W}+(?:\.[A-Za-z_]{_LATIN_W}+)+(?!{_LATIN_W})"),
    re.compile(r"(?<![\w])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,64}(?![\w])"),  # hashes
    re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?=\(\))"),  # name()
)
# (a number written onto a word of a script without spaces is its own: "は143点", "1,800만")
_NUMBER = re.compile(
    r"(?<![.,])(?<![^\W\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])"
    r"\d+(?:[.,:/-]\d+)*(?!\d)"
)
_ANY_NUMBER = re.compile(r"\d+(?:[.,:/-]\d+)*")
_NUMBER_SEPARATOR = re.compile(r"[:/,-]")
_GROUPED_BY_DOTS = re.compile(r"\d{1,3}(?:\.\d{3})+")  # thousands, as most of Europe writes them
_ENUMERATOR = re.compile(r"(?m)^\s*\d{1,2}[.)](?=\s)")
_QUOTES = (
    re.compile(r"\"([^\"\n]{3,200})\""),
    re.compile(r"“([^”\n]{3,200})”"),
    re.compile(r"‘([^’\n]{3,200})’"),
    re.compile(r"(?<![\w])'([^'\n]{3,200})'(?![\w])"),
)
_BACKTICK = re.compile(r"`([^`\n]+)`")
_DOLLAR = re.compile(r"(?m)^\s*\$\s+(\S.*)$")
# Program names that are commands wherever they stand; ambiguous English words need a flag or path.
_PROGRAMS = (
    "pytest|git|npm|npx|pip|pip3|python|python3|docker|kubectl|cargo|ruff|mypy|curl|wget|grep|"
    "sed|awk|chmod|chown|mkdir|rmdir|node|yarn|pnpm|uv|poetry|bash|zsh|ssh|scp|rsync|tar|unzip|"
    "gcc|clang|javac|rustc|tsc|eslint|prettier|black|flake8|sudo|apt-get|brew|systemctl|psql|"
    "sqlite3|ls|rm|gradle|mvn|jq|openssl|ffmpeg|alembic"
)
_AMBIGUOUS = (
    "make|cat|cd|cp|mv|find|head|tail|sort|touch|echo|go|sh|kill|diff|less|which|env|source"
)
_SUBCOMMANDS = (
    "git|npm|pip|pip3|docker|kubectl|cargo|uv|poetry|yarn|pnpm|brew|apt-get|systemctl|helm|"
    "terraform|ruff|alembic|tox|nox|deno|bun"
)
# An argument: a flag, a path-like word (not a word ending a sentence: "which passed."), a number
# with what it is joined to ("2026-10-02", "08:00:00Z", "3-5"): cut at its first "-", "--since
# 2026" is a command no one ran, which verification cannot trace and takes out of the recap
_ARG = (
    r"(?:-{1,2}[\w][\w-]*(?:=\S+)?|\.\.?/?|[\w.~@+-]*[/.=][\w./~=@+-]*(?<!\.)"
    r"|\d[\w.:+-]*(?<![.:+-]))"
)
# A program that takes a subcommand: "systemctl restart nginx" is a command with no flag or path
SUBCOMMAND_PROGRAM = re.compile(rf"^(?:{_SUBCOMMANDS})$")
# Programs a line of a tool's argument starts with, beside those above (only at the start of
# an argument: in prose "bundle", "make" or "rake" are words): build tools, test runners and
# language runtimes, whatever language the tool running them is named in
_LINE_PROGRAMS = (
    "dotnet|bundle|rspec|phpunit|php|ruby|rails|rake|composer|java|swift|flutter|dart|mix|"
    "elixir|gradlew|mvnw|julia|Rscript|sbt|lein|cabal|stack|zig|cmake|ctest|bazel|ansible-playbook|"
    "vitest|jest|mocha|tox|nox|dbt|perl|lua|scala|kotlin|go|npx|deno|bun|swiftc|xcodebuild"
)
# ... or a program by its path: "./gradlew", "/usr/bin/env", "vendor/bin/phpunit", "bin/rails",
# "scripts/deploy.sh"
_PROGRAM_PATH = (
    r"\.{0,2}/[\w./-]+|(?:[\w.-]+/)*bin/[\w.-]+|"
    r"(?:[\w.-]+/)+[\w.-]+\.(?:sh|bash|py|rb|pl|js|mjs|ts|php|ps1|bat|cmd)"
)
# ... or a PowerShell cmdlet, by its approved verb and a capital noun ("Invoke-Pester",
# "Set-Location", "Publish-Module"), or a program Windows' cmd runs ("msbuild", "cmd /c")
_CMDLET = (
    r"(?:Get|Set|New|Remove|Invoke|Import|Export|Publish|Install|Uninstall|Start|Stop|Restart|"
    r"Test|Copy|Move|Rename|Add|Update|Write|Out|Enable|Disable|Register|Expand|Compress|Push|"
    r"Pop|Clear|Wait|Resolve|Join|Split|Build|Deploy|Save|Restore|Sync)-[A-Z]\w+|"
    r"msbuild|MSBuild|cmd|nuget|vcvars64\.bat|robocopy|xcopy"
)
# A line that starts with a program: a shell command, not a line of Python or prose.
PROGRAM_LINE = re.compile(
    rf"^(?:sudo\s+)?(?:{_PROGRAMS}|{_AMBIGUOUS}|{_SUBCOMMANDS}|{_LINE_PROGRAMS}|export|cd|"
    rf"{_PROGRAM_PATH}|{_CMDLET})(?:\s|$)"
)
_SUB_COMMAND = re.compile(
    rf"(?<![\w./-])(?:{_SUBCOMMANDS})(?:\s+[a-z][\w-]*){{0,2}}(?:\s+{_ARG})*(?![\w])"
)
_BARE_COMMAND = re.compile(rf"(?<![\w./-])(?:{_PROGRAMS})(?:\s+{_ARG})*(?![\w])")
_AMBIG_COMMAND = re.compile(rf"(?<![\w./-])(?:{_AMBIGUOUS})(?:\s+{_ARG})+(?![\w])")
_DIR_PREFIX = (
    "src|lib|libs|test|tests|app|apps|docs|doc|bin|pkg|cmd|internal|script|scripts|config|"
    "configs|public|assets|static|build|dist|api|web|server|client|include|packages|examples|"
    "bench|tools|vendor|deploy|infra|migrations|templates|data|var|etc|usr|tmp|home|opt"
)
_DIR_PATH = re.compile(rf"^(?:{_DIR_PREFIX})/", re.IGNORECASE)
_PATH_KEY = re.compile(
    r"(?i)(?:^|_)(?:path|paths|file|files|filename|filepath|dir|directory|folder|cwd|target|dest|destination|source|src)$"
)
_PROSE_SLASH = re.compile(r"^[A-Za-z]+/[A-Za-z]+$")
# a time zone's IANA name ("Africa/Addis_Ababa", "America/Argentina/Buenos_Aires", "Etc/UTC"):
# a setting's value, not a file (a ledger listed it under "Paths touched": review50)
_TIME_ZONE = re.compile(
    r"^(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)"
    r"(?:/[A-Z][A-Za-z_+-]*[A-Za-z0-9]){1,2}$"
)


def names_a_path(text: str) -> bool:
    """Whether ``text`` names a path ("deploy/", "src/export/csv_writer.py")."""
    return _SLASH_PATH.search(text) is not None or _WIN_PATH.search(text) is not None


def _clean_path(p: str) -> str:
    p = p.rstrip(".,;:!?)]}'\"")
    return p


def _add(out: dict[tuple[str, str], Fact], kind: FactKind, value: str) -> None:
    value = value.strip()
    if value and (kind, value) not in out:
        out[(kind, value)] = Fact(kind, value)


def _mask(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` with each span blanked, its length kept (a pasted document is 50 KB: blanked
    a slice at a time, not a character at a time)."""
    out: list[str] = []
    done = 0
    for a, b in sorted(spans):
        a = max(a, done)
        if b > a:
            out += (text[done:a], " " * (b - a))
            done = b
    return "".join(out) + text[done:] if out else text


def _commands(text: str) -> list[str]:
    found: list[str] = []
    for m in _BACKTICK.finditer(text):
        body = m.group(1).strip().removeprefix("$ ").strip()
        first = body.split(" ", 1)[0]
        if re.fullmatch(_PROGRAMS + "|" + _AMBIGUOUS, first):
            found.append(body)
    found.extend(m.group(1).strip() for m in _DOLLAR.finditer(text))
    bare = _mask(text, (m.span() for m in _BACKTICK.finditer(text)))
    # Only tools with subcommands take plain words ("git push origin"); others take flags,
    # paths and numbers ("pytest -q tests/"), so "python is fine" yields just "python".
    spans: list[tuple[int, int]] = []
    for m in _SUB_COMMAND.finditer(bare):
        found.append(_clean_command(m.group(0)))
        spans.append(m.span())
    bare = _mask(bare, spans)
    for pattern in (_BARE_COMMAND, _AMBIG_COMMAND):
        found.extend(_clean_command(m.group(0)) for m in pattern.finditer(bare))
    return found


def _clean_command(raw: str) -> str:
    return " ".join(raw.split()).rstrip(".,;:!?")


def extract_claims(text: str) -> tuple[Fact, ...]:
    """The checkable claims stated in ``text``: paths, URLs, identifiers, numbers,
    commands and quoted strings, in order of first appearance, without duplicates.

    >>> [str(f) for f in extract_claims('Ran `pytest -q` on src/app.py; port 8080 in "prod".')]
    ['command pytest -q', 'path src/app.py', 'number 8080', 'quoted prod']
    """
    out, work = _named(text)
    ident_spans: list[tuple[int, int]] = []
    for pattern in _IDENT_PATTERNS:
        for m in pattern.finditer(work):
            g = m.group(1) if m.groups() else m.group(0)
            _add(out, "identifier", g)
            ident_spans.append(m.span())
    work = _mask(work, ident_spans)
    work = _mask(work, (m.span() for m in _ENUMERATOR.finditer(work)))
    for m in _NUMBER.finditer(work):
        _add(out, "number", _norm_number(m.group(0)))
    for pattern in _QUOTES:
        for m in pattern.finditer(text):
            q = m.group(1).strip().rstrip(".,!?;:").strip()
            if len(q) >= 3:
                _add(out, "quoted", q)
    return _in_order(text, out)


def _named(text: str) -> tuple[dict[tuple[str, str], Fact], str]:
    """The URLs, paths and commands ``text`` names, and ``text`` with its URLs and paths
    blanked (where :func:`extract_claims` looks for identifiers and numbers)."""
    out: dict[tuple[str, str], Fact] = {}
    spans: list[tuple[int, int]] = []
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(".,;:!?")
        _add(out, "url", url)
        spans.append((m.start(), m.start() + len(url)))
    work = _mask(text, spans)
    path_spans: list[tuple[int, int]] = []
    for pattern in (_WIN_PATH, _SLASH_PATH, _FILE):
        for m in pattern.finditer(work):
            raw = m.group(0)
            p = _clean_path(raw)
            if not p or ("/" not in p and pattern is _SLASH_PATH):
                continue
            if pattern is _SLASH_PATH and _PROSE_SLASH.match(p) and not _DIR_PATH.match(p):
                continue  # "and/or", "input/output"
            if pattern is _SLASH_PATH and _TIME_ZONE.match(p):
                _add(out, "identifier", p)  # "Africa/Addis_Ababa": a time zone, whole
                path_spans.append((m.start(), m.start() + len(raw)))
                continue
            if p.strip("/.~") == "" or re.fullmatch(r"[\d/.:-]+", p):
                continue  # "/", dates like 08/06/2024, fractions
            _add(out, "path", p.removeprefix("./"))
            path_spans.append((m.start(), m.start() + len(raw)))
        work = _mask(work, path_spans)
    for c in _commands(text):
        _add(out, "command", c)
    return out, work


_ORDER = {"path": 0, "url": 0, "command": 1, "identifier": 2, "number": 3, "quoted": 4}


def _in_order(text: str, found: dict[tuple[str, str], Fact]) -> tuple[Fact, ...]:
    """The facts ``found`` in ``text`` in order of first appearance (kind breaks a tie)."""
    facts = list(found.values())
    pos = {f: _first_pos(text, f) for f in facts}
    return tuple(sorted(facts, key=lambda f: (pos[f], _ORDER.get(f.kind, 9))))


def _first_pos(text: str, f: Fact) -> int:
    i = text.find(f.value)
    return i if i >= 0 else len(text)


_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")


def _norm_number(n: str) -> str:
    # compiled once: a large record has hundreds of thousands of numbers
    return n.replace(",", "") if _GROUPED.fullmatch(n) else n


# --------------------------------------------------------------------------- support


class FactSource:
    """The ground truth: what the covered messages (and the previous recap) actually say."""

    def __init__(self, text: str) -> None:
        if "\\n" in text:  # a tool's JSON output, escaped: its lines as printed too, so
            # "…\\nsnowflake.connector.errors.ProgrammingError: …" holds that name (RT23-6)
            text = text + "\n" + text.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"')
        self.text = text
        self._folded: str | None = None
        # a number never runs across a line, so the record's are its lines' (each line
        # read once: the record is read again at every recap, and most of it is unchanged)
        self.numbers: set[str] = set().union(*map(FactSource._numbers_of, text.split("\n")))
        self._cache: dict[tuple[str, str], bool] = {}

    @property
    def folded(self) -> str:
        """The text casefolded, its whitespace runs one space (read on first need: only a
        quoted fact asks)."""
        if self._folded is None:
            self._folded = " ".join(self.text.casefold().split())
        return self._folded

    @staticmethod
    @lru_cache(maxsize=1 << 17)
    def _numbers_of(line: str) -> frozenset[str]:
        """The numbers of one line as a recap may write them."""
        nums: set[str] = set()
        # each distinct number once: a log repeats its timestamps, ids and counts
        for token in set(_ANY_NUMBER.findall(line)):
            whole = _norm_number(token)
            nums.add(whole)
            nums.add(whole.replace(",", ""))
            if _GROUPED_BY_DOTS.fullmatch(whole):  # "R$ 4.750" is the recap's "R$ 4,750"
                nums.add(whole.replace(".", ""))
            for part in re.split(r"[:/,-]", whole):
                if part:
                    nums.add(part)
                    nums.add(part.lstrip("0") or "0")
            # a recap's number may start inside a run: "35:00.733" of "T04:35:00.733Z"
            nums.update(whole[cut.end() :] for cut in _NUMBER_SEPARATOR.finditer(whole))
        return frozenset(nums)

    def has_token(
        self,
        value: str,
        left: str = r"(?<![\w])",
        right: str = r"(?![\w])",
        *,
        spaced: bool = False,
    ) -> bool:
        """``value`` as a whole token; with ``spaced``, any run of whitespace between words."""
        key = (value, left + right + ("s" if spaced else ""))
        if key not in self._cache:
            if spaced and " " in value:
                self._cache[key] = spaced_token(self.text, value, left, right)
            else:
                self._cache[key] = whole_token(self.text, value, left, right)
        return self._cache[key]

    def supports(self, fact: Fact) -> bool:
        v = fact.value
        if fact.kind == "url":
            return v.rstrip("/") in self.text
        if fact.kind == "path":
            v = v.rstrip("/").removeprefix("./")
            return bool(v) and self.has_token(v, r"(?<![\w.-])", r"(?![\w-])")
        if fact.kind == "identifier":  # (a particle may be written onto it: "System.Text.Json을")
            return self.has_token(v, right=rf"(?!{_LATIN_W})")
        if fact.kind == "number":
            return v in self.numbers or (v.lstrip("0") or "0") in self.numbers
        if fact.kind == "command":
            # the whole command, as one run of words: "git push --force origin main" is not
            # supported by "git push origin main" and a "--force" said elsewhere
            tokens = v.split()
            return self.has_token(" ".join(tokens), r"(?<![\w-])", r"(?![\w-])", spaced=True)
        if fact.kind == "quoted":
            return " ".join(v.casefold().split()) in self.folded
        return v in self.text


# --------------------------------------------------------------------------- transcript facts


@dataclass(frozen=True, slots=True)
class TranscriptFacts:
    """The load-bearing facts of a span of messages.

    ``tools`` maps tool name to whether any call of it failed; ``failed_calls`` renders
    the failed calls with their arguments; ``call_args`` holds each call's one-line
    argument values (a command, a path) as (tool name, value, whether that call failed):
    a recap that names the failing command has stated the failure, whatever the tool is
    called; ``open_requests`` are user requests that the span leaves unresolved.
    """

    paths: tuple[str, ...] = ()
    tools: tuple[tuple[str, bool], ...] = ()
    failed_calls: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    open_requests: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()
    call_args: tuple[tuple[str, str, bool], ...] = ()

    def facts(self) -> tuple[Fact, ...]:
        out: list[Fact] = [Fact("path", p) for p in self.paths]
        out += [Fact("tool", n, failed) for n, failed in self.tools]
        out += [Fact("request", r) for r in self.open_requests]
        return tuple(out)


_FAIL_TEXT = re.compile(
    r"(?i)\b(?:exit (?:code|status)[:= ]*[1-9]\d*|command failed|traceback \(most recent call last\))"
)
_REQUEST_START = re.compile(
    r"(?i)^(?:(?:and|also|now|then|ok|okay|so|next|finally|after that|but)[,\s]+)*"
    r"(?:please|pls|can you|could you|would you|will you|let'?s|let us|i need|i want|i'd like|"
    r"we need|we should|make sure|don'?t forget|remember to|todo|add|fix|create|write|update|"
    r"remove|delete|implement|change|rename|refactor|run|deploy|check|move|build|set up|"
    r"install|document|test|investigate|look into|"
    # what a support, editing or desktop session asks ("pin the app to the taskbar", "send
    # the reply", "draft a bio"), not words that open a statement as often (order, mark)
    r"pin|send|email|draft|reply|tell|book|schedule|upload|download|restart|reinstall|"
    r"uninstall|clean up|trim|shorten|translate|summari[sz]e|review|find|merge|push|publish|"
    r"cancel|refund|compose|attach|approve|submit|notify|ping|remind|"
    # what a research or planning session asks ("put together a table", "compile the
    # list", "compare the offers", "outline the talk")
    r"put together|compile|compare|outline|tabulate|look up|go through|write up|sum up|"
    r"bump|upgrade|downgrade|revert|roll back|backfill|migrate|rerun|retry|enable|disable|"
    r"turn on|turn off|configure|verify|confirm|prepare|generate|rewrite|proofread|polish|"
    r"tighten|expand|insert|cut|open|close)\b"
    # Chinese and Hindi openings of a request (no word boundaries in these scripts)
    r"|^(?:请|帮我|麻烦你|能不能|能否|可以帮|कृपया)"
)
# A side request added to the task ("Also, please …", "While you're at it, …", "One more
# thing: …"): it waits for the main work, open until reported done.
_SIDE_REQUEST = re.compile(
    r"(?i)^\W*(?:(?:and|oh|ok|okay|btw|by the way|one more thing|separately|additionally|"
    r"while you'?re (?:at it|there|in there))\W+)*(?:(?:please|pls|can you|could you|would you|"
    r"and)\s+)?also\b|\bwhile you'?re at it\b|^\W*(?:one more thing|separately|"
    r"additionally|on a separate note)\b"
)
_ALSO_LAST = re.compile(r"(?i),?\s+(?:too|as\s+well)\W*$")

# "Please" in the languages users write in, anywhere in a sentence: "Добави и тест за
# празен имейл, моля.", "Tafadhali ongeza …", "Vă rog să …", "Lütfen …", "…, bitte."
_PLEASE = re.compile(
    r"(?i)(?<!\w)(?:por\s+favor|porfa|proszę|παρακαλώ|làm\s+ơn|vui\s+lòng|tafadhali|"
    r"vă\s+rog|te\s+rog|si\s+us\s+plau|моля|пожалуйста|будь\s+ласка|bitte|"
    r"s['’]il\s+(?:te|vous)\s+pla[îi]t|per\s+favore|alsjeblieft|alstublieft|snälla|"
    r"venligst|vær\s+så\s+snill|ole\s+hyvä|kérlek|kérem|lütfen|tolong|mohon|prosím|lūdzu|"
    r"prašau|palun|molim|prosim|من\s+فضلك|لطفا|لطفاً|कृपया|בבקשה|"
    # (Urdu, Persian, Arabic, Bengali, Tamil, Telugu, Punjabi, Georgian, Armenian, Azerbaijani,
    # Uzbek, Tagalog, Italian and Portuguese's too)
    r"براہ\s*ِ?\s*کرم|مہربانی\s+(?:کر\s*کے|فرما\s*کر)|خواهشاً|خواهشا|رجاءً|الرجاء|"
    r"দয়া\s*করে|অনুগ্রহ\s*করে|தயவுசெய்து|దయచేసి|ਕਿਰਪਾ\s+ਕਰਕੇ|გთხოვთ?|խնդրում\s+եմ|"
    r"zəhmət\s+olmasa|iltimos|pakiusap|per\s+piacere|cortesemente|por\s+gentileza|"
    # (Gujarati, Sinhala, Kazakh, Azerbaijani, Albanian, Macedonian, Welsh, Basque, Zulu:
    # review48's languages, whose requests stayed under "User also said")
    r"કૃપા\s*કરીને|කරුණාකර|өтінемін|өтінеміз|xahiş\s+edirəm|të\s+lutem|ju\s+lutem|"
    r"те\s+молам|ве\s+молам|os\s+gwelwch\s+yn\s+dda|os\s+gweli\s+di['’]?n\s+dda|mesedez|"
    r"ngicela|sicela|"
    # (English's, said inside a sentence of another language: "Uske baad please README …")
    r"please|pls)(?!\w)"
    # (Vietnamese "remember to", "I ask you to": "Xong rồi thì nhớ viết thêm …"; not "Tôi
    # nhớ là …", I remember that)
    r"|(?i:(?<!\w)(?<!tôi\s)(?<!mình\s)(?:nhớ|nhờ\s+(?:bạn|anh|chị|em))(?!\s+(?:là|rằng)\b)"
    r"(?=\s+\w))"
    r"|부탁(?:해|합니다|드립니다|드려요)|주세요|お願い|ください|กรุณา|^\W*ช่วย\S|请|請|麻烦"
)
# A user's sentence that opens with "afterwards", "after that" in the languages users
# write in: a request for later ("Depois, atualize também o CHANGELOG.md …", "Sau đó cập
# nhật luôn snapshot …", "Apoi adaugă un test …")
# (not where a statement puts its verb right after it too, German, Dutch or Swedish
# "Danach lief alles wieder normal." - R17-R2)
_AFTERWARDS = re.compile(
    r"(?i)^\W*(?:depois|em\s+seguida|después|luego|ensuite|dopo|potem|"
    r"następnie|μετά|έπειτα|sau\s+đó|kisha|baadaye|ו?אחר\s+כך|apoi|după\s+aceea|després|"
    r"след\s+това|после|потом|затем|потім|ardından|pak|potom|nato|zatim|aztán|utána|majd|"
    r"pēc\s+tam|seejärel|kemudian|lalu|(?:setelah|sesudah)\s+itu|pagkatapos|sonra|"
    r"daha\s+sonra|ثم|بعد\s+ذلك|سپس|फिर|(?:उसके|इसके)\s+बाद|"
    # (gu, te, si, ne, mn, kk, sq, mk, cy, eu, zu: review48's languages)
    r"ત્યાર\s+પછી|પછી|ఆ\s+తర్వాత|ఆ\s+తరువాత|ඊට\s+පස්සේ|ඉන්පසු|त्यसपछि|дараа\s+нь|"
    r"одан\s+кейін|содан\s+кейін|pas\s+kësaj|pastaj|потоа|wedyn|ar\s+ôl\s+hynny|"
    r"horren\s+ondoren|gero|ngemuva\s+kwalokho|emva\s+koko)(?![\w\u0900-\u0dff])[,\s]+"
    r"(?:\S+\s+){2,}"
    r"|^\W*(?:然后|之后|それから|その後|그\s?다음|그\s?후)"
    # ... or right after the verb that opens it, Dutch or German: "Schrijf daarna een
    # korte sectie …", "Schreib danach das README …" (a statement puts its subject first)
    r"|(?i:^\W*\w+\s+(?:daarna|danach|anschließend)(?!\w)[,\s]+(?:\S+\s+){1,})"
)
# ... and a request in a script without spaces names what it is about (a file, a name, a
# value): "然后更新 CHANGELOG.md", not "然后就崩溃了"
_NAMES_A_THING = re.compile(
    r"`[^`]+`|\w\d|\d\w|\w[_./]\w|(?<![\w.-])\w+(?:-\w+)+|(?<=\w\s)[A-Z][a-z]+[A-Z]?\w*"
)
# ... a story of what happened: a past ending or auxiliary in the languages read
_HAPPENED = re.compile(
    r"(?i)\b(?:\w+(?:ł|ła|ło|li|ły|л|ла|ло|ли|лся|aba|ía|ava|eva|ou|eu|iu|ait|dı|di|du|dü|"
    r"tı|ti|tu|tü)|\w{3,}ó|è|era|fue|foi|était|est|была?|было|были)\b"
    # ... or a compound past: "ha funzionato", "hanno risposto", "ha vuelto", "a marché"
    r"|(?i:\b(?:ha|hanno|ho|abbiamo|han|hemos|a|ont|avons)\s+(?:\w+\s+)?\w+(?:ato|ito|uto|ado|ido|é)\b)"
)


def _asks_later(sentence: str) -> bool:
    """A request in a language the request openings do not read: said with "please", or
    opening with "afterwards" (a request for later); not a rule said with "please"."""
    if asks(sentence) or is_constraint(sentence) or is_correction(sentence):
        return False
    if _PLEASE.search(sentence):
        return True
    return _afterwards(sentence)


def _afterwards(sentence: str) -> bool:
    """A sentence opening with "afterwards" that asks for something, not a story of what
    happened next: a verb, not a subject, right after the opening ("Depois, atualize o
    CHANGELOG.md", "Depois, escreve um runbook de rollback …", "Sau đó viết tài liệu
    runbook …"; not "Depois o pod entra em CrashLoopBackOff.", "Depois funcionou.")."""
    composed = _AFTER_THAT.match(sentence)
    opening = composed or _AFTERWARDS.search(sentence)
    # (what follows the opening tells a story, not the opening's own "that": "Selepas itu, …")
    if opening is None or _HAPPENED.search(sentence, composed.end() if composed else 0):
        return False
    if _UNSPACED_AFTERWARDS.match(sentence) or (composed and not composed["spaced"]):
        return bool(_NAMES_A_THING.search(sentence))  # no word to read after it: a thing named
    rest = sentence[composed.end() :] if composed else _OPENING_WORDS.sub("", sentence, count=1)
    return not _SUBJECT_FIRST.match(rest)


def _opens_afterwards(sentence: str) -> bool:
    """Whether a sentence opens with "afterwards" or "after that", in any language read."""
    return _AFTERWARDS.search(sentence) is not None or _AFTER_THAT.match(sentence) is not None


# "after that" said as its two parts, in either order: a word for "after" and one for "that"
# ("Selepas itu, …", "Po tym …", "Baada ya hapo …") or, where the language puts "after"
# behind what it follows, "that" then "after" ("Uske baad …", "Sen jälkeen …", "Bundan
# sonra …", "তারপর …", "そのあと、…", "اس کے بعد …"): a request for later when a verb follows
_AFTER_WORD = (
    r"after|nach|après|despu[ée]s\s+de|depois\s+de|dopo|po|після|после|selepas|setelah|sesudah|"
    r"lepas|pagkatapos|sau|بعد|پس\s+از|baada\s+ya|efter|etter|efteråt|mgbe|na"
)
_THAT_WORD = (
    r"that|this|it|dem|diesem|ça|cela|eso|esto|ello|isso|questo|ciò|tym|tom|tem|этого|этом|"
    r"цього|того|itu|ini|noon|niyan|nito|đó|này|ذلك|هذا|آن|این|hapo|hayo|hiyo|hilo|det|dette|"
    r"detta|dat|dit"
)
_THAT_BEFORE = (
    r"uske|iske|us\s+ke|is\s+ke|اس\s+کے|اُس\s+کے|उसके|इसके|sen|sitä|tämän|bundan|ondan|bunun|"
    r"onun|তার|এর|その|この|그|이|آن|این"
)
_AFTER_BEHIND = r"baad|बाद|بعد|jälkeen|sonra|পরে?|あと|後で?|후에?|다음에?|뒤에?"
_AFTER_THAT = re.compile(
    rf"(?i)^\W*(?:(?:{_AFTER_WORD})\s+(?:{_THAT_WORD})|(?:{_THAT_BEFORE})\s*(?:{_AFTER_BEHIND}))"
    r"(?!\w)(?:(?P<spaced>[,\s]+)(?=\S)|[、，,]\s*(?=\S))"
)


_UNSPACED_AFTERWARDS = re.compile(r"^\W*(?:然后|之后|それから|その後)")


# the "afterwards" of :data:`_AFTERWARDS`, one or two words, and the comma after it
_OPENING_WORDS = re.compile(
    r"^\W*\S+(?:\s+(?:ذلك|बाद|itu|sonra|đó|tam|seguida|aceea|това|kế))?[\s,]+"
)


# what opens a clause about something that happened: an article, a pronoun, a
# demonstrative ("Depois o pod …", "Potem to …", "Sau đó nó …", "Sonra bu …")
_SUBJECT_FIRST = re.compile(
    r"(?i)(?:o|a|os|as|um|uma|ele|ela|eles|elas|isso|isto|tudo|el|la|los|las|un|una|eso|esto|"
    r"todo|le|les|il|elle|ils|elles|ça|cela|tout|lo|gli|i|uno|questo|quello|tutto|tutti|der|"
    r"die|das|er|"
    r"sie|es|alles|de|het|een|hij|zij|ze|dat|dit|alles|ten|ta|to|ono|on|ona|oni|wszystko|"
    r"it|he|she|they|we|i|the|this|that|everything|nó|họ|tôi|mình|chúng|anh|chị|em|cái|mọi|"
    r"bu|şu|o|onlar|her|ia|dia|mereka|ini|itu|semua|kami|kita|saya|aku|هو|هي|هم|كل|"
    r"वह|यह|वे|सब|мы|он|она|оно|они|всё|все|это|я|"
    # (Finnish, romanized Hindi, Malay, Tagalog, Swahili: "Sen jälkeen kaikki toimi.", "Uske
    # baad sab theek chala.", "Selepas itu semuanya lancar.")
    r"kaikki|se|ne|hän|me|he|minä|sab|woh|wo|yeh|ye|hum|main|semuanya|ako|siya|sila|kami|"
    r"lahat|kila|yeye|wao|sisi|mimi)(?!\w)"
)


# "afterwards", "then" inside a request, in the languages users write in: "Wil je daarna ook
# de runbook bijwerken?", "Kannst du danach noch das README anpassen?": asked for later
_LATER_ON = re.compile(
    r"(?i)(?<!\w)(?:daarna|danach|anschließend|después|depois|ensuite|après\s+ça|dopo|"
    r"potem|następnie|później|efteråt|sedan|därefter|sen|bagefter|etterpå|jälkeenpäin|"
    r"utána|aztán|потом|затем|после\s+этого|sonra|ardından|setelah\s+itu|sesudah\s+itu|"
    r"kemudian|sau\s+đó|بعد\s+ذلك|لاحقا|(?:उसके|इसके)\s+बाद|बाद\s+में)(?!\w)"
    r"|その後|それから|あとで|後で|그\s?다음|그\s?후|나중에|之后|然后|以后"
    # ... or last of all: "最後にグラフも追加してください。", "最后加上图表", "마지막으로 …",
    # "Na koniec proszę dopisz …", "בסוף, תוסיף בבקשה …", "Zum Schluss bitte …"
    r"|最後に|最后|마지막으로"
    r"|(?i:(?<!\w)(?:na\s+koniec|на\s+(?:при)?кінці|наостанок|в\s+конце|напоследок|בסוף|לבסוף|"
    r"في\s+النهاية|در\s+(?:پایان|آخر)|cuối\s+cùng|en\s+sonunda|son\s+olarak|mwishoni|"
    r"pada\s+akhirnya|στο\s+τέλος|am\s+ende|zum\s+schluss|à\s+la\s+fin|pour\s+finir|"
    r"al\s+final|por\s+último|no\s+final|por\s+fim|alla\s+fine|tot\s+slot|till\s+sist|"
    r"na\s+závěr|ในตอนท้าย)(?!\w))"
    # ... or once the work is done: "وقتی تمام شد، لطفاً …", "Xong rồi thì nhớ viết …",
    # "Als je klaar bent, …", "Коли закінчиш, …" (the work's end, no event waited for)
    r"|(?i:(?<!\w)(?:وقتی\s+(?:کار\s+)?(?:تمام|تموم)|بعد\s+از\s+(?:اتمام|تمام\s+شدن)|"
    r"(?:làm\s+)?xong\s+rồi|khi\s+(?:làm\s+)?xong|sau\s+khi\s+xong|"
    r"(?:wenn|sobald)\s+du\s+fertig\s+bist|als\s+je\s+klaar\s+bent|när\s+du\s+är\s+klar|"
    r"quand\s+tu\s+(?:as|auras)\s+fini|cuando\s+termines|quando\s+(?:terminar|acabar)|"
    r"quando\s+hai\s+finito|когда\s+закончишь|коли\s+закінчиш|jak\s+skończysz|"
    r"po\s+wszystkim|όταν\s+τελειώσεις|ukimaliza|kalau\s+sudah\s+selesai|"
    r"setelah\s+selesai|bitirince|bitince|when\s+you(?:'re|\s+are)\s+done|"
    r"once\s+you(?:'re|\s+are)\s+done)(?!\w))"
    # ... or in English, a request that opens with "then" ("Then please update the diagram.")
    r"|^\W*(?:and\s+)?then,?\s+(?:please|pls|can\s+you|could\s+you|would\s+you)\b"
)


def _side_request(sentence: str) -> bool:
    """A side request: its marker, then an ask in one of its clauses ("One more thing: the
    README is stale, update it.")."""
    m = _SIDE_REQUEST.search(sentence)
    if m is None:
        # ... or its marker last: "Could you add a health endpoint too?", "Please write a
        # changelog entry as well." (recap35 set A: answered "OK.", it left the recap)
        last = _ALSO_LAST.search(sentence)
        return last is not None and _REQUEST_START.search(sentence[: last.start()]) is not None
    clauses = [sentence[m.end() :].lstrip(" ,:;-–—")]
    if _ASKED_ALSO.search(m.group()) and len(clauses[0].split()) >= 2:
        return True  # "Please also post the URL as a comment.": asked, whatever the verb
    clauses += [c.strip() for c in re.split(r"[,;:]", sentence)[1:]]
    return any(_REQUEST_START.search(c) for c in clauses if c)


_ASKED_ALSO = re.compile(r"(?i)\b(?:please|pls|can you|could you|would you)\s+also\b")


_FORBIDS = re.compile(
    r"(?i)\b(?:never|do not|don'?t|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t|"
    r"may not|avoid|stay (?:away|out)|off[- ]limits|leave \S+(?: \S+){0,3} alone|untouched|"
    r"not allowed|forbidden|prohibited)\b"
)
_DIFF_HEADER = re.compile(r"(?m)^(?:diff --git |--- |\+\+\+ )")
# Latin, Arabic ("مرحبا، كيف حالك؟ أريد …"), CJK and Devanagari ends; in Thai, which has
# no sentence mark, a space between two Thai letters
_SENTENCE = re.compile(
    r"(?<=[.!?؟۔])\s+|(?<=[。！？।])\s*|\n+|(?<=[\u0e01-\u0e4e])\s+(?=[\u0e01-\u0e4e])"
)


_CODE_SPAN = re.compile(r"`[^`\n]+`")
# "..." that ends no sentence: a Go package pattern ("./internal/..."), or an ellipsis the
# sentence goes on after ("tried... then", "... -count=1")
_OPEN_DOTS = re.compile(r"(?<=/)\.\.\.|\.\.\.(?=\s+[a-z0-9-])")


# A period that ends no sentence: an initial ("D. A. Whitfield"), a title before a name
# ("Dr. Okafor"), an abbreviation the sentence goes on after ("e.g. the", "Ltd. by
# Friday", "No. 7"); read on a sentence's last few characters, a space before them
_ABBREVIATION = re.compile(
    r"(?<=[\s(\"'“‘])(?:(?P<initial>[A-Z])|(?P<title>Dr|Mr|Mrs|Ms|Mx|Prof|St|Sr|Jr|"
    r"Gen|Col|Capt|Lt|Sgt|Rev|Hon|Fig|vs|cf|approx|e\.g|i\.e|viz|al)|(?P<before_lower>Ltd|Inc|"
    r"Co|Corp|Bros|etc|esp|incl|excl|dept|est|min|max|ca|a\.m|p\.m|U\.S|U\.K|ed|eds|vol|pp)|"
    r"(?P<before_number>No|Nos|nr|Nr|p|ch|sec|art|para|v|ver)|(?P<ordinal>\d{1,2}))\.$"
)
_ANY_ABBREVIATION = re.compile(
    r"(?:\b[A-Z]|\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|St|Sr|Jr|Gen|Col|Capt|Lt|Sgt|Rev|Hon|Fig|vs|cf|"
    r"approx|e\.g|i\.e|viz|al|Ltd|Inc|Co|Corp|Bros|etc|esp|incl|excl|dept|est|min|max|ca|a\.m|"
    r"p\.m|U\.S|U\.K|ed|eds|vol|pp|No|Nos|nr|Nr|p|ch|sec|art|para|v|ver)|\b\d{1,2})\.\s"
)
# a month's name after a day's ordinal ("am 14. Juni", "den 1. mars", "3. maj"): the day's
# period ends no sentence ("Nein, der Lauf ist am 14. Juni, nicht am 21." was cut at "14.")
_MONTH = re.compile(
    r"(?i)(?:jan|feb|f[eé]v|m[aä]r|apr|a[pv]ril|ma[ijy]|jun|jul|aug|ao[uû]|sep|o[ck]t|nov|de[cz]|"
    r"styczni|lut|marc|kwie|maj|czerw|lip|sierp|wrze|paźdz|listop|grud)"
)
_WORD_AT = re.compile(r"\s*(\S+)")
# words that start a new sentence after a lone capital letter ("Take plan B. Then …")
_STARTERS = frozenset(
    {"The", "This", "That", "These", "Those", "Then", "Now", "It", "Its", "It's", "I", "I'm",
     "I'll", "I've", "We", "We'll", "We're", "You", "You'll", "He", "She", "They", "There",
     "Let's", "Please", "But", "And", "So", "Also", "If", "When", "Once", "After", "Before",
     "Next", "Done", "OK", "Ok", "Okay", "Thanks", "Yes", "No", "Not", "Do", "Don't", "Use",
     "A", "An", "My", "Our", "What", "Why", "How", "Where", "Which", "Who", "Keep", "Never"}
)  # fmt: skip
# The word before a lone capital that makes it a label, not an initial: "option B.",
# "module C.", "host B.", "Grade: A." (a finite list: any other word may come before a
# name, "the account of T. Nakamura", "book it for R. Patel")
_LABEL_NOUNS = frozenset(
    {"option", "plan", "step", "module", "host", "grade", "version", "type", "class",
     "section", "part", "zone", "tier", "phase", "route", "case", "item", "group", "level",
     "model", "room", "gate", "unit", "team", "appendix", "exhibit", "schedule", "annex",
     "figure", "table", "row", "column", "block", "building", "floor", "wing", "track",
     "variant", "scenario", "size", "vitamin", "letter", "point", "stage", "round", "slot"}
)  # fmt: skip


def _goes_on(text: str, start: int, end: int, after: int) -> bool:
    """Whether the sentence ``text[start:end]`` ends with a period that ends no sentence,
    the next word starting at ``after``: reads a bounded tail and one word, so a long
    text stays linear."""
    lo = max(start, end - 16)
    tail = (" " if lo == start else "") + text[lo:end]
    m = _ABBREVIATION.search(tail)
    nxt = _WORD_AT.match(text, after)
    if m is None or nxt is None:
        return False
    word = nxt.group(1)
    if m.group("initial"):  # another initial, or a name after an initial
        before = text[max(start, end - 40) : end - 2].split()
        label = bool(before) and (
            before[-1].casefold() in _LABEL_NOUNS or before[-1].endswith((":", "="))
        )
        return bool(re.match(r"[A-Z]\.$", word)) or (
            not label and word[:1].isupper() and word.rstrip(",.;:") not in _STARTERS
        )
    if m.group("title"):
        return True
    if m.group("before_lower"):
        return word[:1].islower() or word[:1].isdigit()
    if m.group("ordinal"):
        return _MONTH.match(word) is not None
    return word[:1].isdigit() or word[:1] == "#"


# A user's turn of a few short sentences says one thing: the second sentence leans on the
# first ("Never run X on production. Staging is fine.", "CHG-1 is not approved yet. Do not
# deploy until then."); Japanese, Korean, Chinese and Thai end a sentence where a European
# language would go on after a ";" (RT26-6)
_TOGETHER_SENTENCES = 3
_TOGETHER_BYTES = 300


def statements(text: str) -> list[str]:
    """What a user's turn states, each whole: a short turn of two or three sentences on one
    line is one statement, verbatim; a longer turn, its sentences.

    >>> statements("Never run `make wipe` on prod. On staging it is fine.")
    ['Never run `make wipe` on prod. On staging it is fine.']
    >>> statements("本番では絶対に実行しないでください。ステージングなら大丈夫です。")
    ['本番では絶対に実行しないでください。ステージングなら大丈夫です。']
    """
    said = sentences(text)
    whole = text.strip()
    if (
        1 < len(said) <= _TOGETHER_SENTENCES
        and "\n" not in whole
        and len(whole.encode()) <= _TOGETHER_BYTES
    ):
        return [whole]
    return said


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (Latin, CJK and Devanagari sentence ends; line breaks);
    never cut inside a backticked code span, at a "..." the sentence goes on after, or at
    an initial or an abbreviation.

    >>> sentences("Ran `go test ./internal/... -run X. -v` twice. It passed.")
    ['Ran `go test ./internal/... -run X. -v` twice.', 'It passed.']
    >>> sentences("Credit D. A. Whitfield, e.g. on the cover. Then stop.")
    ['Credit D. A. Whitfield, e.g. on the cover.', 'Then stop.']
    >>> sentences("Der Lauf ist am 14. Juni, nicht am 21. Danke.")
    ['Der Lauf ist am 14. Juni, nicht am 21.', 'Danke.']
    """
    if "`" not in text and "..." not in text and not _ANY_ABBREVIATION.search(text):
        return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]
    masked = _CODE_SPAN.sub(lambda m: "`" + "_" * (len(m.group(0)) - 2) + "`", text)
    masked = _OPEN_DOTS.sub("___", masked)
    out, start = [], 0
    for m in _SENTENCE.finditer(masked):
        if "\n" not in m.group(0) and _goes_on(text, start, m.start(), m.end()):
            continue  # the sentence goes on past the period: cut at a later end
        out.append(text[start : m.start()])
        start = m.end()
    out.append(text[start:])
    return [s.strip() for s in out if s.strip()]


@lru_cache(maxsize=1 << 14)  # verification reads the whole record's texts at every recap
def _names_in(text: str) -> tuple[Fact, ...]:
    """The URLs, paths and commands of :func:`extract_claims`, in its order: all that
    :func:`transcript_facts` reads (the numbers of a pasted document were most of its cost)."""
    return _in_order(text, _named(text)[0])


def transcript_facts(messages: Sequence[Message]) -> TranscriptFacts:
    """Extract the load-bearing facts of ``messages``.

    * paths touched: paths in tool-call arguments and in what the user and the
      assistant wrote (not in tool output, where a directory listing is noise);
    * tools run and whether each failed (``is_error`` on a result, or an exit code
      other than zero / a traceback in it);
    * open requests: user requests that are explicitly deferred ("later", "don't
      forget", …) or that no assistant reply follows, unless a later assistant message
      reports them done (a done-word plus a shared content word).

    >>> from contextledger.model import Message
    >>> f = transcript_facts([Message.user("Later, add rate limiting to api/upload.py.", id="u")])
    >>> f.paths, f.open_requests
    (('api/upload.py',), ('Later, add rate limiting to api/upload.py.',))
    """
    names = tool_names_by_call(messages)
    paths: dict[str, None] = {}
    urls: dict[str, None] = {}
    commands: dict[str, None] = {}
    tools: dict[str, bool] = {}
    failed_calls: dict[str, None] = {}
    calls = {c.id: c for m in messages for c in m.tool_calls}
    failed_ids: set[str] = set()

    def take(text: str) -> None:
        diff = _DIFF_HEADER.search(text) is not None
        for f in _names_in(text):
            if f.kind == "path":
                if diff and f.value == "/dev/null":
                    continue  # the "file" a created or deleted file is diffed against
                # a unified diff names src/app.py as a/src/app.py and b/src/app.py
                path = f.value[2:] if diff and f.value[:2] in ("a/", "b/") else f.value
                paths.setdefault(path, None)
            elif f.kind == "url":
                urls.setdefault(f.value, None)
            elif f.kind == "command":
                commands.setdefault(f.value, None)

    for m in messages:
        if m.role == "assistant":
            take(m.text)
        elif m.role == "user":
            # "don't touch the migrations folder" names a path nobody touched
            take("\n".join(s for s in sentences(m.text) if not _FORBIDS.search(s)))
        for c in m.tool_calls:
            tools.setdefault(c.name, False)
            parsed, _ = c.parsed()
            for value in json_strings(parsed):
                take(value)
            if isinstance(parsed, dict):
                for key, value in parsed.items():
                    if _PATH_KEY.search(str(key)) and isinstance(value, str):
                        v = value.strip()
                        pathlike = re.search(r"[/\\.]", v) is not None
                        if pathlike and len(v) < 300 and "\n" not in v and not _URL.match(v):
                            paths.setdefault(v.removeprefix("./"), None)
        for r in m.tool_results:
            name = r.name or names.get(r.call_id)
            if name is None:
                continue
            failed = r.is_error or bool(_FAIL_TEXT.search(r.text[:2000] + r.text[-2000:]))
            tools[name] = tools.get(name, False) or failed
            if failed:
                failed_ids.add(r.call_id)
                call = calls.get(r.call_id)
                failed_calls.setdefault(render_call(call, value_chars=60) if call else name, None)
    return TranscriptFacts(
        paths=tuple(paths),
        tools=tuple(tools.items()),
        failed_calls=tuple(failed_calls),
        commands=tuple(commands),
        open_requests=tuple(_open_requests(messages)),
        urls=tuple(urls),
        call_args=tuple(
            dict.fromkeys(
                (c.name, v, c.id in failed_ids) for c in calls.values() for v in _arg_values(c)
            )
        ),
    )


def _arg_values(call: ToolCall) -> list[str]:
    """A call's one-line argument values as a recap would quote them: strings, and argv
    lists as typed (``["go", "test", "./..."]`` is ``go test ./...``; an argument with a
    space quoted, or, as a recap may loosely write it, not)."""
    parsed, _ = call.parsed()
    values = parsed.values() if isinstance(parsed, dict) else [parsed]
    out: list[str] = []
    for v in values:
        forms = [v]
        if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
            forms = list(dict.fromkeys([typed_command(v), shell_join(v), " ".join(v)]))
        for f in forms:
            if isinstance(f, str) and 3 <= len(f.strip()) <= 300 and "\n" not in f.strip():
                out.append(" ".join(f.split()))
    return out


def json_strings(value: Any) -> list[str]:
    """Every string in a parsed JSON value, however deep."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in json_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in json_strings(v)]
    return []


# ... what happens on that condition, told, not asked, in the languages above (English's
# reading is its own): a subject opening what follows the condition ("Wenn ich den Server
# starte, kommt …", "Коли я запускаю тести, вони падають …",
# "Setelah saya deploy, halaman …"), or a verb in the past or a report's ending
# ("ログインしたら、画面が真っ白になりました。", "로그인하면 화면이 하얗게 나와요.")
_TOLD_ON_A_CONDITION = re.compile(
    r"(?i)^\W*(?!(?:after|once|when|as\s+soon\s+as|before|whenever)\b)[^,،]{2,80}[,،]\s*"
    r"(?:ich|er|sie|es|wir|kommt|kam|ist|war|я|він|вона|воно|вони|ми|saya|aku|kami|dia|mereka|"
    r"ia|itu|ini)(?![^\W\d_])"
    r"|(?:ました|でした|なった|なりました|ません)[。！!]?\s*$"
    r"|(?:나와요|나요|돼요|났어요|었어요|았어요|였어요|됐어요|안\s+돼요)[.!]?\s*$"
    r"|^\W*(?:setelah|sesudah|begitu)\s+(?:saya|aku|kami|kita|dia|mereka)\s+[^,]{1,60},\s*"
    r"(?!(?:tolong|mohon|silakan)\b)[^\W\d_]+\s+[^\W\d_]+\s+(?:jadi|menjadi|tidak|error|gagal|"
    r"rusak|hilang|kosong)"
    # ... Swahili: a verb in the past ("-li-") or the perfect ("-me-") after it, on its subject's
    # prefix ("Baada ya kusasisha, ukurasa … umeacha kufanya kazi.": it stopped working)
    r"|^\W*(?:mara\s+)?baada\s+ya\s+[^,]{1,60},\s*(?:\S+\s+){0,3}?"
    r"(?:ni|u|a|tu|m|wa|i|zi|ki|vi|li|ya|ku)(?:li|me)[a-z]{3,}"
)
# A condition said before what to do, read by its shape in any script: a clause of a few
# words opening the sentence, its comma (Latin, Arabic, CJK), then what to do ("Cum
# perfeceris, nexum … pone.", "Тамамлағас, … ҡуй."). The clause's words are what mark it,
# whatever they are; what follows the comma must not open with a subject (then the sentence
# tells what happened on the condition: "When I ran it, the build failed.").
_LEADING_CLAUSE = re.compile(
    r"^\W*(?P<lead>[^\W\d_][^,،，、;:.!?\d\n]{0,60}?)\s*[,،，、]\s*(?P<rest>\S.*)$"
)
_LEAD_WORDS = 5  # ("When the nightly export is done," is five words)
_REST_WORDS = 3  # (what to do, and on what: "post the link …")


def opening_clause(sentence: str) -> str:
    """The clause ``sentence`` opens with before its first comma ("" when none)."""
    m = _LEADING_CLAUSE.match(sentence.strip())
    return m.group("lead") if m else ""


def waits_by_shape(sentence: str) -> bool:
    """A request on a condition, read by its shape where no word of ``WAITS_FOR`` reads it:
    a short opening clause, its comma, then at least three words that open with no subject
    and ask no question; not a condition told in a language read
    (:data:`_TOLD_ON_A_CONDITION`).

    >>> waits_by_shape("Nach dem Deploy, schick den Link an das Team.")
    True
    >>> waits_by_shape("When I ran it, the build failed."), waits_by_shape("Dana, why?")
    (False, False)
    """
    m = _LEADING_CLAUSE.match(sentence.strip())
    if m is None or asks(sentence) or _TOLD_ON_A_CONDITION.search(sentence):
        return False
    if _WAITS_FOR.search(sentence):  # (read by its words: the shape says nothing more)
        return False
    if _AFTER_THAT.match(sentence) or _AFTERWARDS.search(sentence):
        return _afterwards(sentence)  # ("Uske baad sab theek chala, …": a story, read)
    lead, rest = opening_clause(sentence).split(), m.group("rest").split()
    if not lead or len(lead) > _LEAD_WORDS or len(rest) < _REST_WORDS:
        return False
    # (a vocative is no condition: "Dana, post the link": one short word before the comma)
    if len(lead) == 1 and len(lead[0]) < _VOCATIVE_LETTERS:
        return False
    if lead[0].lower() in _FRAMING:  # "In the tokenizer, replace the regex …": where, not when
        return False
    # (a subject opening what follows the comma: the sentence tells, it does not ask)
    return not _SUBJECT_FIRST.match(m.group("rest"))


_VOCATIVE_LETTERS = 7
# a preposition, article or pronoun opening the clause, in a language read: the clause says
# where or on what, not once what ("In the tokenizer, …", "Para o relatório, …"); the words
# of time and condition open one (and WAITS_FOR reads them)
_FRAMING = SENTENCE_WORDS - {"when", "after", "before", "since", "until", "if", "as", "once"}


def waits_for(sentence: str) -> bool:
    """A request the user makes on a condition ("When you are done, post the link …"),
    by its words in a language read, or by its shape with a word of asking ("please") in
    any other: a clause and a comma alone open a status as often ("Since this morning, the
    server returns errors."); not a rule said on one ("Before a deploy, never skip …")."""
    if _WAITS_FOR.search(sentence) is not None:
        return not _TOLD_ON_A_CONDITION.search(sentence)
    return (
        waits_by_shape(sentence)
        and (_PLEASE.search(sentence) is not None or _SENDS_SOMEWHERE.search(sentence) is not None)
        and not is_constraint(sentence)
        and not is_correction(sentence)
    )


# where an after-that request sends its result, in any language: a chat channel
# ("#releases"), a person's handle, a link, an address. A status opening with a clause
# ("Since this morning, the server returns errors.") names none of these.
_SENDS_SOMEWHERE = re.compile(r"(?<![\w&#])[#@][A-Za-z][\w.-]*|\bhttps?://\S+")


# The assistant's answer puts it off: "Will do after the main change.", "I'll get to that
# later.", "Noted for the follow-up." (not "Will do." alone: that is now).
_PUT_OFF = re.compile(
    r"(?i)\b(?:later|afterwards|after (?:the|that|this|i|we|it|my)\b|once (?:the|that|this|i|we|"
    r"it|my)\b|when (?:i|we|the)\b|at the end|in a follow-?up|follow-?up|on my list|"
    r"(?:add|put) (?:it|that|this) to (?:the|my) (?:list|todo)|(?:i'll|i will|will) (?:come back|"
    r"get (?:back )?to)|queued?)"
)


# A line that announces a paste ("Here is the full draft:", "Here's another chunk from the
# archive notes, just for context:") and the blank line after it
_PASTE_INTRO = re.compile(r"(?m):[ \t]*\n[ \t]*\n")


def without_paste(text: str) -> str:
    r"""``text`` up to a long paste it announces ("Here is the full draft:" and a blank
    line, then a draft): the pasted draft's sentences are not the user's requests or rules.
    A short list after a colon ("Rules:", two bullets) is the user's own.

    >>> without_paste("Fix this. Here is the log:\n\n" + "line ok\n" * 100)
    'Fix this. Here is the log:'
    """
    m = _PASTE_INTRO.search(text)
    if m is None or len(text) - m.end() < 600:
        return _without_document(text)
    after = _said_after_paste(text, m.end())
    return text[: m.start() + 1] + (f"\n\n{after}" if after else "")


#: The most lines and characters of what a user says after a paste, in their own words
_AFTER_PASTE_LINES = 2
_AFTER_PASTE_CHARS = 500


def _said_after_paste(text: str, start: int) -> str:
    r"""The user's own words after a pasted log or listing that began at ``start``: its
    last paragraph, of a line or two of words ("OK so the actual task: move the job onto
    the GPU pool."), when what was pasted has no paragraph-long line (a pasted draft's
    last paragraph is the draft's: R34-G2).

    >>> log = "Here is the log:\n\n" + "INFO a id=1 lat=2ms\n" * 60
    >>> _said_after_paste(log + "\nSo the task: fix the latency.", 17)
    'So the task: fix the latency.'
    >>> _said_after_paste(log, 17)
    ''
    """
    head, blank, last = text.rstrip().rpartition("\n\n")
    last = last.strip()
    if (
        not blank
        or len(head) <= start
        or last.count("\n") >= _AFTER_PASTE_LINES
        or len(last) > _AFTER_PASTE_CHARS
        or sum(any(ch.isalpha() for ch in w) for w in last.split()) < 4
    ):
        return ""
    pasted = head[start:].splitlines()
    return "" if any(len(line) >= _PARAGRAPH_CHARS for line in pasted) else last


#: A document pasted with no announcing colon ("Bitte prüfen Protokoll 12\n1. Der
#: Patient …", "Voici le texte\n…"): after the turn's first line, at least this many
#: characters ...
_DOCUMENT_CHARS = 3000
#: ... of which this many lines are a paragraph's length (prose, not a log's or a
#: listing's short lines, nor a user's own few paragraphs)
_PARAGRAPH_CHARS = 200
_PARAGRAPHS = 3


def _without_document(text: str) -> str:
    r"""``text`` up to a long document pasted after its first line with no colon to
    announce it: a protocol, a specification, a contract in paragraphs. Its sentences are
    the document's, not the user's requests or rules (a cold prepare read each of
    ~300 such sentences as a rule, a correction and a request: 115 s, and the recap listed
    them as the user's constraints). A pasted log (short lines) is read whole: the user's
    own sentence between its records stays the user's (R28-M4).

    >>> doc = "\n".join(f"{k}. " + "Der Patient muss nüchtern sein. " * 8 for k in range(1, 13))
    >>> _without_document("Bitte prüfen Protokoll 12\n" + doc)
    'Bitte prüfen Protokoll 12'
    >>> log = "Fix it.\n" + "INFO a id=1 lat=2ms\n" * 300
    >>> _without_document(log) == log
    True
    """
    first = text.find("\n")
    if first < 0 or len(text) - first < _DOCUMENT_CHARS:
        return text
    long_lines = 0
    start = first + 1
    while long_lines < _PARAGRAPHS:
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if end - start >= _PARAGRAPH_CHARS:
            long_lines += 1
        if end >= len(text):
            break
        start = end + 1
    if long_lines < _PARAGRAPHS:
        return text
    return text[:first].rstrip()


# a line that was pasted, by its shape, not said: a log's timestamp or level, a stack frame,
# an exception's line, a crash report's frame, a build tool's prompt or quoted line, a CSV
# row, a YAML or JSON key with a bare value, a brace, a contract's clause number ("4.1 "), a
# heading in capitals, a status label in capitals ("FAILURE: …"), key=value pairs
_PASTED_LINE = re.compile(
    r"^\s*\[?\d{4}-\d\d-\d\d[T ,]|^\s*\[?\d\d:\d\d:\d\d\b|^\[\s*\d+\.\d+\]|"
    r"^\S{0,40}\s*\b(?:INFO|DEBUG|WARN|WARNING|ERROR|FATAL|TRACE)\b|"
    r"^(?:\s+|\t)(?:at|File)\s|^(?:\s{2,}|\t)\S|^Traceback \(most recent|"
    r"^(?:[\w.$]+\.)?[A-Z]\w*(?:Error|Exception)\b[:(]|^Exception in thread\b|"
    r"^Thread \d+(?:\s\w+)?:|^\d+\s+\S+\s+0x[0-9a-fA-F]{6,}|^goroutine \d+\b|^panic:|"
    r"^[>$]\s|^\|.*\|\s*$|^[^\s,]+(?:,[^,]*){2,}$(?<!,\s)|"
    r"^\s*\"[^\"\n]+\"\s*:|^\s*[a-z_][\w.-]*\s*:(?:\s+[^\s]+)?\s*$|^\s*[\[\]{}]+,?\s*$|"
    r"^\d+(?:\.\d+)+\s|^[A-Z0-9][A-Z0-9 .,:;'&/()-]{5,}$|^(?-i:[A-Z]{4,}):\s|"
    r"\b\w+=[^\s=]*\s+\w+=\S"
)
# a line the user may have said: three words of letters or more
# (three words, or in a script written without spaces a few of its letters: "このクラッシュを
# 直して、カート画面を…移行してほしいです。" after a pasted crash is the user's own, R38-R2)
_WORDS_SAID = re.compile(
    r"(?:[^\W\d_]{2,}\W+){2,}[^\W\d_]{2,}|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{4,}"
)


def without_unfenced_paste(text: str) -> str:
    r"""The user's own words in a turn that pastes a log, a trace, a CSV, a config or a
    document's clauses without fences, before or after the request: in each paragraph
    where two lines or more read as pasted, the lines from the first such to the last go.
    ``text`` as it is when nothing was pasted, or nothing of the user's own is left (a
    goal is the user's words, not the paste's first line: R38-R2).

    >>> without_unfenced_paste("sku,qty,price\nA-1,3,9.99\nB-7,1,120.00\n\nTotal the order.")
    'Total the order.'
    >>> without_unfenced_paste("Find out why it times out:\n\n2026-12-01T10:00:01Z INFO up\n"
    ...                        "2026-12-01T10:00:02Z ERROR db timeout")
    'Find out why it times out:'
    >>> without_unfenced_paste("Rules:\n- never push to main\n- keep the API stable")
    'Rules:\n- never push to main\n- keep the API stable'
    """
    if "\n" not in text:
        return text
    kept: list[str] = []
    cut = False
    for paragraph in re.split(r"\n[ \t]*\n", text):
        lines = paragraph.split("\n")
        pasted = [k for k, line in enumerate(lines) if _PASTED_LINE.search(line)]
        if len(pasted) >= 2 or (pasted and len(lines) == 1 and cut):
            lines = lines[: pasted[0]] + lines[pasted[-1] + 1 :]
            cut = True
        own = "\n".join(line for line in lines if line.strip())
        if own:
            kept.append(own)
    if not cut or not any(_WORDS_SAID.search(p) for p in kept):
        return text
    return "\n\n".join(kept)


# what happens next, told with its own subject ("After that the release train leaves without
# us.", "Later the cache expires on its own."): no request deferred (R23-R3)
_TOLD_AFTER = re.compile(
    r"(?i)^\W*(?:after\s+that|afterwards|later(?:\s+on)?|eventually|then),?\s+"
    r"(?:(?:it|they|he|she|this|that|everything|nothing|nobody|everyone)\s+(?:[\w-]+\s+){0,2}?|"
    r"(?:the|a|an|its|their|these|those)\s+(?:[\w-]+\s+){1,3}?)"  # ("After that the tests." asks)
    r"[a-z]+(?<!s)(?:s|es)\b(?!\s+(?:me|us)\b)"
)


# a plea opening a sentence ("Please never push to main.": a ban, if what follows denies)
# (after a word that only joins it on: "Also please keep X out of every document." - a ban
# listed as a constraint, no task left open: R37 legal3701)
_PLEASE_FIRST = re.compile(r"(?i)^\W*(?:(?:and|also|oh|btw|plus|but|so)\W+)*please\b")

# ... or keeps something out ("Also please keep Marisol's status out of every document."):
# a ban without a word of denial
_KEEP_OUT = re.compile(
    r"(?i)\W*(?:keep|leave)\s+(?:[\w'’-]+\s+){1,5}?(?:out\s+of|away\s+from|clear\s+of)\b"
)

# a reminder ("Be sure to run mypy before you push.", "Vergiss nicht, die Redirect-URL …"):
# a standing request, open until the assistant reports it done, not answered by "Noted."
REMINDS = re.compile(
    rf"(?i)^\W*(?:(?:and|also|oh|btw|plus|but|ok(?:ay)?|one more thing|whatever you do)\W+)*"
    rf"(?:please\W+)?(?:{REMINDER_OPENING})(?!\w)"
)


# a leave said for later, ending its sentence ("After that, squash-merge is fine."): a
# permission, no request put off
_LEAVE_LATER = re.compile(
    r"(?i)\b(?:is|are)\s+(?:(?:also|totally|perfectly|then)\s+)?(?:fine|ok(?:ay)?|alright|allowed|"
    r"acceptable|permitted)\W*$"
)


# ... not what the user asks to be checked ("Later, make sure the banner is fine.")
_CHECK_ASKED = re.compile(
    r"(?i)\b(?:make\s+sure|ensure|check|verify|confirm|see\s+(?:if|whether))\b"
)


def _leave_for_later(sentence: str) -> bool:
    return _LEAVE_LATER.search(sentence) is not None and _CHECK_ASKED.search(sentence) is None


def _defers(sentence: str) -> bool:
    """A request put off ("Later, add a changelog entry."), not what happens next nor a
    leave for later ("After that, squash-merge is fine.")."""
    return (
        DEFERRED.search(sentence) is not None
        and _TOLD_AFTER.search(sentence) is None
        and not _leave_for_later(sentence)
        and not _dates_a_statement(sentence)
    )


def _dates_a_statement(sentence: str) -> bool:
    """Whether ``sentence``'s only deferral words date what it tells ("standup moved to
    10:15 tomorrow", "I'm out tomorrow."): an announcement, no request put off, unless it
    also asks something of someone ("Tomorrow we'll roll back.", "The docs
    can wait until later.") or a clause of it opens with a request ("Later, add tests.")."""
    if any(not _ONLY_WHEN.fullmatch(m.group(0)) for m in DEFERRED.finditer(sentence)):
        return False
    if _ASKS_OF.search(sentence) or not _TELLS.search(sentence):
        return False  # ("After that the tests for the new endpoints.": what to do next)
    return not any(_REQUEST_START.search(c.strip()) for c in _CLAUSES.split(sentence))


# deferral words that only say when (DEFERRED's others ask: "don't forget", "todo", "when
# you get a chance", "once the tests pass")
_ONLY_WHEN = re.compile(
    r"(?i)later(?:\s+on)?|afterwards|after\s+that|at\s+some\s+point|eventually|tomorrow|"
    r"not\s+yet|next\s+time"
)
# ... and what asks something of someone beside them
_ASKS_OF = re.compile(
    r"(?i)\b(?:should|must|need(?:s|ed)?|have\s+to|has\s+to|got\s+to|gotta|"
    r"wants?\s+(?:to|you)|would\s+like|'d\s+like|let'?s|please|pls|can\s+wait|"
    r"(?:we|you|i|u)(?:'ll|\s+will|\s+can|\s+could|\s+should|\s+might|\s+may)|"
    r"(?:can|could|would|will)\s+(?:you|we|u)|wait(?:s|ing)?\s+(?:for|until|till))\b"
)
# a verb that tells what is or happened: "is", "'m", "got", "moved", "cancelled"
_TELLS = re.compile(
    r"(?i)(?:\b(?:is|are|was|were|been|being|am|has|have|had|got|gets|goes|went|comes|came)\b|"
    r"'(?:m|s|re)\b|\b\w{2,}[^\We]ed\b)"
)
_CLAUSES = re.compile(r"[,;:—–]+\s*|\s+-\s+")


def until_free(sentence: str) -> bool:
    """A request put off until the other has time: "When you get a chance, …" and its
    like (WHEN_FREE), or any opening clause naming time ("Kad tev būs laiks, …"), not an
    occasion ("Last time we tried, …")."""
    if WHEN_FREE.search(sentence):
        return True
    m = WHEN_TIME_ALLOWS.search(sentence)
    return m is not None and OCCASION.search(m.group("opening")) is None


def is_request(sentence: str) -> bool:
    """A sentence of the user's that asks for something (open until answered or done)."""
    return (
        asks(sentence)
        or bool(_REQUEST_START.search(sentence) or _defers(sentence))
        or until_free(sentence)
        or bool(_side_request(sentence))
        or _asks_later(sentence)
    )


def _open_requests(messages: Sequence[Message]) -> list[str]:
    """User requests not yet answered: deferred by the user ("later", "after the deploy,
    …"), put off by the assistant's answer ("Will do after the main change."), or with no
    answer at all — unless a later report of the assistant's says it was done. A request
    the user followed with more turns before the assistant said anything (a nudge, a pasted
    note, a screenshot) is answered only by a reply on its topic, and only until the user
    says something of their own: "Moving to the next section." answers "keep going", not
    "Then write a two-line bio"."""
    requests: list[tuple[int, str, bool]] = []  # (message index, sentence, deferred)
    # what the assistant reported done, once: (message index, the report's content words)
    reports: list[tuple[int, set[str]]] = []
    waiting: list[int] = []  # requests of the newest user turn, until the assistant answers
    behind: list[int] = []  # requests the user spoke past with a nudge, still unanswered
    answered: set[int] = set()
    # requests the assistant only promised to do ("I'll look into that.", "Will do."):
    # still open unless a call starts the work before the user moves on
    promised: list[int] = []
    # the newest user turn when no sentence of it read as a request: the reply tells
    unread: tuple[int, list[str]] | None = None
    # requests a reply put off by naming their work: the words it named them by, until the
    # assistant, having worked since, tells of that work ("I'll embed the viewer after the
    # tiles." ... "The viewer is embedded in web/viewer/index.html.")
    put_off_to: dict[int, set[str]] = {}
    worked_since: set[int] = set()  # (of put_off_to: a call has run since the reply)
    work = _WorkRead(messages)
    for i, m in enumerate(messages):
        if m.tool_calls:
            promised = [k for k in promised if not _starts_on(requests[k][1], m.tool_calls)]
            worked_since.update(put_off_to)
            if not m.text.strip():  # (went on working, saying nothing to the user's turn)
                answered.update(
                    k
                    for k in waiting
                    if k not in answered and _small_talk(requests[k][1], messages[: requests[k][0]])
                )
        if m.role == "assistant" and m.text.strip():
            if promised and not only_promises(m.text):
                # ("On it." and then the status: the words that follow answer a question
                # naming nothing to work on - "how far are we?" in any language - owed no more)
                promised = [k for k in promised if not _asks_only(requests[k][1])]
            reports += [(i, said) for said in reported_done(sentences(m.text))]
            if worked_since:
                _told_put_off_work_done(requests, put_off_to, worked_since, m.text)
            first = " ".join(sentences(m.text)[:2])
            if (
                unread is not None
                and _takes_on(m.text)
                and _names_new_work(unread[1], unread[0], work)
            ):
                waiting = list(range(len(requests), len(requests) + len(unread[1])))
                requests += [(unread[0], s, False) for s in unread[1]]
            unread = None
            if waiting and _PUT_OFF.search(first) and not _done_now(first):
                for k in waiting:
                    if not _goes_back_to_work(requests[k][1], first, messages[:i]):
                        requests[k] = (requests[k][0], requests[k][1], True)
                        put_off_to[k] = _work_put_off(first, _work_topic(messages[:i]))
            elif waiting and not m.tool_calls and only_promises(m.text):
                promised = [*waiting]
            answered.update(waiting)
            if behind:
                said = _topic(m.text)
                explains = _explains(m.text)
                answered.update(
                    k
                    for k in behind
                    if _on_topic(requests[k][1], said)
                    or (explains and _only_a_question(*requests[k][1:]))
                    or _went_on_past(
                        requests[k][1],
                        messages[: requests[k][0]],
                        messages[requests[k][0] : i + 1],
                    )
                )
            waiting = []
        if m.role != "user" or m.is_recap or m.tool_results:
            continue
        nudge = is_nudge(m.text.strip())
        if promised and not nudge:
            _defer(requests, promised)
            promised = []
        behind = (behind + waiting) if nudge else []
        waiting = []
        unread = None
        if nudge:  # ("ok, what next?", "peki, sonra?": it asks for nothing to be done)
            continue
        told = sentences(without_paste(m.text))
        unread = (i, _maybe_asked(told))
        for k, s in enumerate(told):
            if _leave_for_later(s) and not asks(s):  # "After that, squash-merge is fine."
                continue
            if is_nudge(s):  # a nudge said before a rule ("はい、続けてください。…には絶対に
                continue  # 触らないでください。"): it asks for nothing (review45 R45-rec2)
            # (a condition said as a sentence of its own, the request after it: Thai's
            # "หลังจากเทสผ่านแล้ว ช่วยอัปเดต …", split at its space)
            waits = waits_for(s)
            if k and not waits and _WAITS_FOR.search(f"{told[k - 1]} {s}"):
                waits, s = True, f"{told[k - 1]} {s}"  # (listed with its condition)
            side = _side_request(s)
            free = until_free(s)
            reminds = REMINDS.search(s)
            opening = reminds or _PLEASE_FIRST.match(s)
            if opening and (denial(s[opening.end() :]) or _KEEP_OUT.match(s, opening.end())):
                continue  # a ban said as a reminder or a plea stands; it is no task left to
                # do (R34-R2: "Make sure you don't commit the .env file." was an open request)
            if asks(s) or _REQUEST_START.search(s) or _defers(s) or side or free or reminds:
                deferred = bool(
                    _defers(s)
                    or _REMIND_ME.search(s)  # a reminder asked for is due later
                    or waits
                    or side
                    or free
                    or _LATER_ON.search(s)
                    or reminds
                )
            elif _asks_later(s):  # ("Potem dopisz proszę sekcję …": "afterwards", a deferral)
                deferred = (
                    not _PLEASE.search(s)
                    or _opens_afterwards(s)
                    or _LATER_ON.search(s) is not None  # ("最後にグラフも追加してください。")
                    or waits  # ("テストが通ったら、… ください。")
                )
            elif waits:
                deferred = True
            else:
                continue
            waiting.append(len(requests))
            requests.append((i, s, deferred))
            unread = None
    _defer(requests, promised)  # promised, and nothing done since
    out: list[str] = []
    for k, (i, sentence, deferred) in enumerate(requests):
        if any(j > i and _on_topic(sentence, said) for j, said in reports):
            continue
        if deferred or k not in answered:
            out.append(sentence if len(sentence) <= 200 else cut_utf8(sentence, 200) + "…")
    return out


# the fewest words of the put-off work a later report must name (not a verb alone: "I'll
# convert the authority records" is not done by `python convert.py data/bib.mrc`)
_PUT_OFF_WORK_TOLD = 2


def _told_put_off_work_done(
    requests: list[tuple[int, str, bool]],
    put_off_to: dict[int, set[str]],
    worked_since: set[int],
    text: str,
) -> None:
    """Close the put-off requests whose work the assistant's ``text`` tells of, after calls
    ran since it put them off: it names at least ``_PUT_OFF_WORK_TOLD`` of the words the
    reply named that work by and puts nothing off again (the work done, in whatever language
    the user asked for it: review58's Mirador viewer, "is embedded" in no word list)."""
    if _PUT_OFF.search(text) or only_promises(text):
        return
    told = _topic(text)
    for k in [k for k in worked_since if len(put_off_to[k] & told) >= _PUT_OFF_WORK_TOLD]:
        requests[k] = (requests[k][0], requests[k][1], False)
        del put_off_to[k]
        worked_since.discard(k)


def _work_put_off(reply: str, worked: set[str]) -> set[str]:
    """The words a reply that puts work off names that work by, new to the record (``worked``):
    those said before the words that put it off ("I'll embed the viewer | after the tiles
    work."); none when it points back to the work told before. Never the words after them,
    which may be the condition ("Sure, | after the migration passes.": review58b), nor a
    contraction's."""
    put_off = _PUT_OFF.search(reply)
    if put_off is None or _POINTS_BACK.search(reply):
        return set()
    condition = _topic(reply[put_off.end() :])  # ("after the bib records work": not records)
    return {w for w in _topic(reply[: put_off.start()]) - worked - condition if "'" not in w}


def _work_topic(messages: Sequence[Message]) -> set[str]:
    """The topic of the assistant's words and calls in ``messages``, the words that put work
    off left out ("get back to" said before is no work)."""
    return _topic(_PUT_OFF.sub(" ", " ".join(_work_text(messages))))


def _goes_back_to_work(asked: str, reply: str, before: Sequence[Message]) -> bool:
    """Whether a ``reply`` that puts work off ("Sure, I'll get back to the rounding fix.")
    only goes back to the work under way (``before``: the record up to it) after a user's
    sentence asking for none (:func:`_asks_for_nothing`) - "how is it now?", "back from the
    meeting, where were we?" in any language. The sentence is a nudge the reply answered by
    going on, no request it put off."""
    if not _asks_for_nothing(asked) or _TO_THE_USER.search(reply):
        return False  # (the reply takes the turn on: "Will do once the tests pass.")
    # (the words that put work off are no work: "get back to" said before is no "back")
    worked = _work_topic(before)
    resumed = _topic(_PUT_OFF.sub(" ", reply))
    said = sentences(reply)
    put_off = next((k for k, x in enumerate(said) if _PUT_OFF.search(x)), 0)
    # ("it" is the work when the reply first told where the work stands: "We were on the
    # rounding bug. I'll get back to it after this run."; else it is the user's turn)
    if _POINTS_BACK.search(" ".join(said[put_off:])) and not (
        _topic(" ".join(said[:put_off])) & worked
    ):
        return False
    return (
        not (_topic(asked) & worked)
        and bool(resumed & worked - _topic(asked))
        and not _puts_off_new_work(said[put_off], worked)
    )


# the fewest words new to the work a sentence that puts work off names when what it puts off
# is the user's ask ("I'll look at the tax module after the rounding fix is merged.": look,
# module, merged)
_NEW_WORK_WORDS = 2


def _puts_off_new_work(put_off: str, worked: set[str]) -> bool:
    """Whether the reply's sentence ``put_off`` names work the record had not named before
    (``worked``: the words of the assistant's words and calls so far) by its own words, not
    by pointing back ("I'll get back to it after lunch.": "it" is the work told before):
    then it puts off what the user just asked, in whatever language they asked it, and does
    not go back to the work under way."""
    return len(_new_work_named(put_off, worked)) >= _NEW_WORK_WORDS


def _new_work_named(put_off: str, worked: set[str]) -> set[str]:
    """The words of the reply's sentence ``put_off`` naming work the record had not named
    (``worked``), none when it points back to the work told before."""
    if _POINTS_BACK.search(put_off):
        return set()
    return _topic(_PUT_OFF.sub(" ", put_off)) - worked


def _small_talk(asked: str, before: Sequence[Message]) -> bool:
    """Whether the user's question ``asked`` is small talk: a greeting's words, or a word
    hailing the assistant before a comma ("Hi there, how are you doing today?", "Habari,
    hujambo leo?" in any language), and nothing the record can act on
    (:func:`_asks_for_nothing`) nor a word of what was said or done ``before`` it. The
    assistant passing it by with calls only owes it nothing; a question on the work ("Af
    hverju er dagsetningaprófið svona hægt?": why is the date test slow?) is no greeting."""
    if not (is_small_talk(asked) or _HAILS.match(asked)):
        return False  # (first: the record before is read only for a greeting's shape)
    said = " ".join([*_work_text(before), *(m.text for m in before if m.role == "user")])
    return _asks_only(asked) and _asks_for_nothing(asked) and not (_topic(asked) & _topic(said))


# one word and a comma opening a question: a greeting or a name the user hails the assistant
# by, in any language ("Bonjour, ça va ?", "Habari, hujambo leo?")
_HAILS = re.compile(r"^\W*[^\W\d_]+,\s")


def _asks_for_nothing(asked: str) -> bool:
    """Whether the user's sentence ``asked`` is not shaped as a request and names nothing the
    record can act on: no code, channel, number or word in capitals ("what now?", "back from
    the meeting, where were we?" in any language)."""
    return not (
        _REQUEST_START.search(asked)
        or _defers(asked)
        or _asks_later(asked)
        or code_names(asked)
        or names_something(asked)
        or _CAPITALS.search(asked)
    )


def _went_on_past(asked: str, before: Sequence[Message], since: Sequence[Message]) -> bool:
    """Whether the assistant, once the user spoke past ``asked`` with a nudge ("what now?",
    then "go on"), went on with the work under way: its words ``since`` name the work of the
    record ``before`` it ("Still on the rounding."; not only "Checked.", which may answer a
    question it was asked) or its calls go back to a path the work's calls named, and
    ``asked`` asks for nothing (:func:`_asks_for_nothing`) nor names a word of that work.
    The user moved on; nothing is owed."""
    if not _asks_for_nothing(asked):
        return False
    worked = _topic(" ".join(_work_text(before)))
    said = _topic(" ".join(m.text for m in since if m.role == "assistant"))
    return not (_topic(asked) & worked) and bool(
        said & worked or _called_on_paths(since) & _called_on_paths(before)
    )


def _called_on_paths(messages: Sequence[Message]) -> set[str]:
    """The paths the calls of ``messages`` name."""
    return {
        f.value
        for m in messages
        for c in m.tool_calls
        for f in extract_claims(c.arguments)
        if f.kind == "path"
    }


# what in a reply points back at the user's turn: the reply puts off what was asked, not
# only goes on ("I'll come back to this after …", "I'll tell you once …", "Will do later.")
_POINTS_BACK = re.compile(r"(?i)\b(?:it|this|that)\b")
_TO_THE_USER = re.compile(r"(?i)\b(?:you|will\s+do)\b")


def _starts_on(request: str, calls: Sequence[ToolCall]) -> bool:
    """Whether ``calls`` start the work a promise took on: any call when the request names
    no code, else a call naming one of its names ("Add a line to CHANGELOG.md." is not
    begun by a test run the assistant went on with)."""
    names = {name.rstrip("/") for name in code_names(request)}
    return not names or any(n in c.arguments for c in calls for n in names | _unglued(names))


# a path a word is glued to by a hyphen, as a language's prefix ("kwi-tests/t.py", "ye-x.md"
# for "in tests/t.py", "of x.md"): the call names the path alone
_GLUED_PATH = re.compile(r"^[^\W\d_]{1,4}-(?=[\w.]*[/.]\w)(.+)$")


def _unglued(names: Iterable[str]) -> set[str]:
    """The paths of ``names`` without a short word glued in front by a hyphen."""
    return {m.group(1) for n in names if (m := _GLUED_PATH.match(n))}


def _names_new_work(told: Sequence[str], turn: int, work: _WorkRead) -> bool:
    """Whether a user's turn in words not read here names something to work on that the
    assistant had not worked on yet (before message ``turn`` of ``work``'s record): a name of
    code, a channel or a handle, a word in capitals ("README"), or a word of the turn the
    assistant's own words or calls use anywhere in the record. A reply that only promises
    ("On it.") takes such a turn on as new work; a turn naming nothing of the kind ("yes,
    I'm watching", said in any language) it only goes on from."""
    said = " ".join(told)
    if names_something(said) and not code_names(said):
        return True  # (a channel, a handle, a number: "#release-notes", "@kim")
    names = code_names(said) | _topic(" ".join(_CAPITALS.findall(said)))
    used = _topic(said) & work.topic()
    if work.new_before(names | used, turn):
        return True
    # (a word's stem glued to another language's ending or particle: "merge-atzen",
    # "na-merge", "di-merge" and the reply's "merged" share "merg": recap73's leftover)
    return bool(work.new_prefixes_before(_prefixes(said), turn))


# the letters two forms of one word share at least ("merge-atzen", "merged")
_PREFIX_LETTERS = 4
_WORD_PART = re.compile(r"[^\W\d_]{4,}")


def _prefixes(text: str) -> set[str]:
    """The first letters of each content word of ``text`` and of each part of a word
    joined by a hyphen or an apostrophe ("na-merge": merg)."""
    return {part[:_PREFIX_LETTERS] for word in keywords(text) for part in _WORD_PART.findall(word)}


class _WorkRead:
    """The assistant's words and calls in a record (:func:`_work_text`), read once for all
    its user turns: a turn asking what the work before it did not name reads only the
    turn's words, not the record again (it was read once a turn: quadratic in long chats)."""

    def __init__(self, messages: Sequence[Message]) -> None:
        self._messages = messages
        self._text = ""  # the work's texts joined by spaces, as _topic reads them
        self._at: list[int] = []  # where in _text the work before message k ends
        # each stem and name of code the work names, and the first message naming it
        self._first: dict[str, int] = {}
        # the first letters of each word the work says (_prefixes), and the first message
        self._first_prefix: dict[str, int] = {}
        self._topic: set[str] | None = None

    def _read(self) -> None:
        if self._at or not self._messages:
            return
        parts: list[str] = []
        size = 0
        for i, m in enumerate(self._messages):
            self._at.append(max(size - 1, 0))  # (less the space after the last text)
            for part in _work_text([m]):
                parts.append(part)
                size += len(part) + 1
                for name in named(part):
                    self._first.setdefault(name, i)
                for prefix in _prefixes(part):
                    self._first_prefix.setdefault(prefix, i)
        self._at.append(max(size - 1, 0))
        self._text = " ".join(parts)

    def topic(self) -> set[str]:
        """The topic of all the work's texts."""
        if self._topic is None:
            self._read()
            self._topic = _topic(self._text)
        return self._topic

    def new_before(self, said: set[str], end: int) -> set[str]:
        """Of ``said``, what the topic of the work before message ``end`` does not hold.
        What the work named word by word (:func:`named`) is looked up; only a number or a
        measure that no earlier text named so is read from the work's texts joined."""
        self._read()
        rest = {w for w in said if self._first.get(w, end) >= end}
        return rest - _topic(self._text[: self._at[end]]) if rest else rest

    def new_prefixes_before(self, prefixes: set[str], end: int) -> set[str]:
        """Of ``prefixes`` (:func:`_prefixes`), those the work says somewhere in the record
        but not before message ``end``."""
        self._read()
        first = self._first_prefix
        return {p for p in prefixes if p in first and first[p] >= end}


# a word written in capitals names a thing in any Latin script ("README", "CHANGELOG")
_CAPITALS = re.compile(r"\b[A-Z][A-Z0-9_]{2,}\b")


def _work_text(messages: Sequence[Message]) -> list[str]:
    """The assistant's words and the arguments of its calls in ``messages``."""
    return [
        part
        for m in messages
        if m.role == "assistant"
        for part in (m.text, *(c.arguments for c in m.tool_calls))
    ]


# the most sentences of a user's turn its reply alone may show to be a request
_UNREAD_SENTENCES = 2


def _maybe_asked(told: Sequence[str]) -> list[str]:
    """The sentences of a user's short turn that may ask for something in words not read
    here ("Afta, putum wan seksen abaot export long README."); [] for a longer turn (a
    pasted note, a story) or one with a sentence read as a question, a nudge, a rule or a
    correction: the reply answers that ("はい、進めてください。 Never touch X." and
    "Understood, I will leave X alone.")."""
    if len(told) > _UNREAD_SENTENCES:
        return []
    if any(asks(s) or is_nudge(s) or is_constraint(s) or is_correction(s) for s in told):
        return []
    return list(told)


# the fewest words of a reply that explains rather than acknowledges ("Checked.", "Moving
# to the next section.")
_EXPLAINING_WORDS = 8


def _explains(reply: str) -> bool:
    """Whether the assistant's ``reply`` explains something in a few sentences of its own:
    it asks nothing back, takes nothing on for later (:func:`_takes_on`) and says more than
    an acknowledgement. It answers a question the user asked in any language, however many
    nudges came between ("A hi ri kwihi?", "ok", "We were fixing the date format …")."""
    said = without_code(reply)
    return (
        len(said.split()) >= _EXPLAINING_WORDS
        and not any(asks(s) for s in sentences(said))
        and not _takes_on(reply)
    )


def _only_a_question(sentence: str, deferred: bool) -> bool:
    """A user's question asking for no work by a request's words ("Why is it slow?", not
    "Can you add tests?") and not put off: an explanation answers it."""
    return asks(sentence) and not deferred and not _REQUEST_START.search(sentence)


def _asks_only(sentence: str) -> bool:
    """A user's question naming nothing to work on - no path, value, command, channel or
    handle ("how is it going?", "Bigeze he ubu?"): words answer it, no work is owed."""
    return _only_a_question(sentence, False) and not (
        names_something(sentence) or code_names(sentence)
    )


def _takes_on(reply: str) -> bool:
    """Whether the assistant's ``reply`` takes the user's turn on as work to do, not done
    yet: it puts it off ("Will do once the tests pass.") or only promises it ("Sure, I'll
    do that."). A user's turn in words not read here is a request by that answer."""
    first = " ".join(sentences(reply)[:2])
    if _done_now(first) or _COMPLIES.search(first):
        return False
    return bool(_PUT_OFF.search(first)) or only_promises(reply)


def _done_now(reply: str) -> bool:
    """Whether ``reply`` reports something done before any words that put work off: "Done,
    I'll add tests later." does; "I'll do that once the mosaic is done." does not (what is
    done there is the condition the work waits for)."""
    put_off = _PUT_OFF.search(reply)
    return bool(_DONE.search(reply[: put_off.start()] if put_off else reply))


# A reminder the user asks for ("remind me to file the insurance claim before friday"): it
# is due later, so the next reply ("Round 29 done, nothing urgent.") does not answer it
_REMIND_ME = re.compile(
    r"(?i)^\W*(?:(?:and|also|oh|btw|please|pls|can\s+you|could\s+you|would\s+you)\W+)*"
    r"remind\s+(?:me|us)\b"
)


def reported_done_in(request: str, messages: Sequence[Message]) -> bool:
    """Whether an assistant's turn of ``messages`` reports ``request`` done (a report on
    its topic: "Posted the PR link in #releases.")."""
    return any(
        _on_topic(request, said)
        for m in messages
        if m.role == "assistant" and m.text.strip()
        for said in reported_done(sentences(m.text))
    )


def _defer(requests: list[tuple[int, str, bool]], which: Iterable[int]) -> None:
    """Mark the requests at ``which`` as put off: open until reported done."""
    for k in which:
        requests[k] = (requests[k][0], requests[k][1], True)


# A reply that only promises the work ("I'll look into that.", "Sure, will do.", "On it!"),
# opened by an acknowledgement at most: no answer, and nothing done yet
_PROMISE = re.compile(
    r"(?i)^\W*(?:(?:ok(?:ay)?|sure|of course|certainly|absolutely|yes|yep|right|got it|"
    r"noted|understood|no problem|happy to)\W+)*(?:will do\b|on it\b|"
    # (subjectless, a verb after: "Will add the changelog entry.", not "Will that work?")
    r"will\s+(?!not\b|be\b|it\b|that\b|this\b|you\b|they\b|we\b)[a-z]+\b|(?:i'll|i\s+will|i'm\s+going\s+to|"
    r"i\s+am\s+going\s+to|i\s+can\s+do\s+that)\b)"
)
# ... in a short reply: a longer one answers, whatever it opens with
_PROMISE_WORDS = 16
# A reply that promises to comply with what the user said ("Understood, I'll follow that.",
# "OK, I'll keep to that.", "I'll keep it in mind."): the user set a rule, a limit or a
# permission, and a reader listing it as work still to do would act on it (run the
# `DROP TABLE` a permission allowed once). "I'll follow up on that." puts work off.
_COMPLIES = re.compile(
    r"(?i)\b(?:i'll|i\s+will|will)\s+(?:(?:always|strictly|gladly)\s+)?(?:follow(?!\s*-?\s*up)|"
    r"keep\s+to|stick\s+to|respect|hono(?:u)?r|abide\s+by|observe|comply|adhere\s+to|"
    r"stay\s+within|go\s+by|(?:keep|bear)\s+(?:that|this|it)\s+in\s+mind)\b"
)


def only_promises(reply: str) -> bool:
    """Whether an assistant's reply only promises to do what was asked, in a few words
    ("I'll look that up next.", "Sure. Will do."), reporting nothing done.

    >>> only_promises("I'll look into that.")
    True
    >>> only_promises("Sure. Will do.")
    True
    >>> only_promises("I'll check: the plug is type F, so you need an adapter.")
    False
    >>> only_promises("Added the flag.")
    False
    """
    said = [s for s in sentences(reply) if s.strip()]
    if not said or len(reply.split()) > _PROMISE_WORDS or any(_DONE.search(s) for s in said):
        return False
    if _ANSWER_FOLLOWS.search(reply):  # "I'll check: the plug is type F …" answers
        return False
    if _COMPLIES.search(reply):  # a promise to keep to a rule, not to do a task
        return False
    acks = [s for s in said if not _PROMISE.search(s)]
    return len(acks) < len(said) and all(_ACK_ONLY.match(s) for s in acks)


_ANSWER_FOLLOWS = re.compile(r"[:;—–]\s*\S|\s-\s")
_ACK_ONLY = re.compile(
    r"(?i)^\W*(?:ok(?:ay)?|sure|of course|certainly|absolutely|yes|yep|right|got it|noted|"
    r"understood|no problem|happy to help|thanks|good idea)\W*$"
)

"""Check a recap against the record before it stands: deterministic fact extraction.

A recap is written by the model that will later read it as fact. Every checkable claim
it makes (file path, URL, identifier, number, command, quoted string) must occur in the
messages it covers or in the previous recap. Sentences carrying unsupported claims are
removed (or the whole recap is rejected); load-bearing facts the recap left out (paths
touched, tools run and whether they failed, user requests still open) are appended as
a short facts ledger, all within the byte cap.

>>> from contextledger.model import Message
>>> said = [Message.user("I broke src/app.py; the port is 8080.", id="u1")]
>>> v = verify_recap("The user wants src/app.py fixed. The port is 9090.", said)
>>> v.text
'The user wants src/app.py fixed.'
>>> [str(f) for f in v.unsupported]
['number 9090']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..model import Message
from .transcript import cut_utf8, render_call, source_text, tool_names_by_call, utf8_len

FactKind = Literal["path", "url", "identifier", "number", "command", "quoted", "tool", "request"]
VerifyMode = Literal["strip", "reject"]

LEDGER_HEADER = "Facts ledger (checked against the record):"


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
_IDENT_PATTERNS = (
    re.compile(r"(?<![\w])_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*(?![\w])"),  # snake / CONST
    re.compile(r"(?<![\w])[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+(?![\w])"),  # lowerCamel
    re.compile(r"(?<![\w])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w])"),  # UpperCamel
    re.compile(r"(?<![\w.])[A-Za-z_]\w+(?:\.[A-Za-z_]\w+)+(?![\w])"),  # dotted.name
    re.compile(r"(?<![\w])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,64}(?![\w])"),  # hashes
    re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?=\(\))"),  # name()
)
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,:/-]\d+)*(?!\d)")
_ANY_NUMBER = re.compile(r"\d+(?:[.,:/-]\d+)*")
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
_ARG = r"(?:-{1,2}[\w][\w-]*(?:=\S+)?|[\w.~@+-]*[/.=][\w./~=@+-]*|\d+)"
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

_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "but",
        "to",
        "of",
        "in",
        "on",
        "for",
        "with",
        "that",
        "this",
        "it",
        "is",
        "are",
        "be",
        "was",
        "were",
        "please",
        "can",
        "you",
        "could",
        "would",
        "will",
        "should",
        "me",
        "my",
        "we",
        "our",
        "us",
        "i",
        "it's",
        "its",
        "also",
        "then",
        "now",
        "just",
        "some",
        "any",
        "all",
        "from",
        "into",
        "by",
        "as",
        "at",
        "if",
        "so",
        "do",
        "does",
        "did",
        "have",
        "has",
        "had",
        "not",
        "no",
        "yes",
        "ok",
        "okay",
        "let's",
        "lets",
        "need",
        "want",
        "like",
        "make",
        "sure",
        "there",
        "their",
        "them",
        "they",
        "what",
        "when",
        "where",
        "which",
        "who",
        "how",
        "why",
        "later",
    ]
)


def _clean_path(p: str) -> str:
    p = p.rstrip(".,;:!?)]}'\"")
    return p


def _add(out: dict[tuple[str, str], Fact], kind: FactKind, value: str) -> None:
    value = value.strip()
    if value and (kind, value) not in out:
        out[(kind, value)] = Fact(kind, value)


def _mask(text: str, spans: Iterable[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        for i in range(a, b):
            chars[i] = " "
    return "".join(chars)


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
            if p.strip("/.~") == "" or re.fullmatch(r"[\d/.:-]+", p):
                continue  # "/", dates like 08/06/2024, fractions
            _add(out, "path", p.removeprefix("./"))
            path_spans.append((m.start(), m.start() + len(raw)))
        work = _mask(work, path_spans)
    for c in _commands(text):
        _add(out, "command", c)
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
    order = {"path": 0, "url": 0, "command": 1, "identifier": 2, "number": 3, "quoted": 4}
    facts = list(out.values())
    pos = {f: _first_pos(text, f) for f in facts}
    return tuple(sorted(facts, key=lambda f: (pos[f], order.get(f.kind, 9))))


def _first_pos(text: str, f: Fact) -> int:
    i = text.find(f.value)
    return i if i >= 0 else len(text)


def _norm_number(n: str) -> str:
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", n):
        n = n.replace(",", "")
    return n


# --------------------------------------------------------------------------- support


class _Source:
    """The ground truth: what the covered messages (and the previous recap) actually say."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.folded = " ".join(text.casefold().split())
        nums: set[str] = set()
        for m in _ANY_NUMBER.finditer(text):
            whole = _norm_number(m.group(0))
            nums.add(whole)
            nums.add(whole.replace(",", ""))
            for part in re.split(r"[:/,-]", whole):
                if part:
                    nums.add(part)
                    nums.add(part.lstrip("0") or "0")
        self.numbers = nums
        self._cache: dict[tuple[str, str], bool] = {}

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
            body = re.escape(value)
            if spaced:
                body = r"\s+".join(re.escape(w) for w in value.split())
            self._cache[key] = re.search(left + body + right, self.text) is not None
        return self._cache[key]

    def supports(self, fact: Fact) -> bool:
        v = fact.value
        if fact.kind == "url":
            return v.rstrip("/") in self.text
        if fact.kind == "path":
            v = v.rstrip("/").removeprefix("./")
            return bool(v) and self.has_token(v, r"(?<![\w.-])", r"(?![\w-])")
        if fact.kind == "identifier":
            return self.has_token(v)
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
    the failed calls with their arguments; ``open_requests`` are user requests that the
    span leaves unresolved.
    """

    paths: tuple[str, ...] = ()
    tools: tuple[tuple[str, bool], ...] = ()
    failed_calls: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    open_requests: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()

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
    r"install|document|test|investigate|look into)\b"
    # Chinese and Hindi openings of a request (no word boundaries in these scripts)
    r"|^(?:请|帮我|麻烦你|能不能|能否|可以帮|कृपया)"
)
_DEFERRED = re.compile(
    r"(?i)\b(?:later|afterwards|after that|at some point|eventually|tomorrow|todo|don'?t forget|"
    r"remember to|still need|not yet|when you get a chance|follow[- ]up|next time|before we ship|"
    r"before release)\b"
    r"|稍后|以后再|之后再|别忘了|不要忘记|还需要|待办|बाद में|याद रख|अभी नहीं"
)
_DONE = re.compile(
    r"(?i)\b(?:done|added|fixed|implemented|completed|created|finished|updated|resolved|"
    r"removed|deleted|renamed|refactored|deployed|wrote|written|installed|documented)\b"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？।])\s*|\n+")  # Latin, CJK and Devanagari ends


def keywords(text: str) -> set[str]:
    """Content words of ``text`` (casefolded, 4+ letters, no stop words)."""
    return {w for w in re.findall(r"[\w'-]{4,}", text.casefold()) if w not in _STOP}


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


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

    def take(text: str) -> None:
        for f in extract_claims(text):
            if f.kind == "path":
                paths.setdefault(f.value, None)
            elif f.kind == "url":
                urls.setdefault(f.value, None)
            elif f.kind == "command":
                commands.setdefault(f.value, None)

    for m in messages:
        if m.role in ("user", "assistant"):
            take("\n".join(b for b in (m.text,) if b))
        for c in m.tool_calls:
            tools.setdefault(c.name, False)
            parsed, _ = c.parsed()
            for value in _strings(parsed):
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
                call = calls.get(r.call_id)
                failed_calls.setdefault(render_call(call, value_chars=60) if call else name, None)
    return TranscriptFacts(
        paths=tuple(paths),
        tools=tuple(tools.items()),
        failed_calls=tuple(failed_calls),
        commands=tuple(commands),
        open_requests=tuple(_open_requests(messages)),
        urls=tuple(urls),
    )


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _open_requests(messages: Sequence[Message]) -> list[str]:
    requests: list[tuple[int, str, bool]] = []  # (message index, sentence, deferred)
    for i, m in enumerate(messages):
        if m.role != "user" or m.is_recap or m.tool_results:
            continue
        for s in _sentences(m.text):
            if s.endswith("?") or _REQUEST_START.search(s) or _DEFERRED.search(s):
                requests.append((i, s, bool(_DEFERRED.search(s))))
    out: list[str] = []
    for i, sentence, deferred in requests:
        later = [m for m in messages[i + 1 :] if m.role == "assistant" and m.text.strip()]
        answered = bool(later)
        words = keywords(sentence)
        done = any(
            _DONE.search(s) and words & keywords(s) for m in later for s in _sentences(m.text)
        )
        if done:
            continue
        if deferred or not answered:
            out.append(sentence if len(sentence) <= 200 else cut_utf8(sentence, 200) + "…")
    return out


# --------------------------------------------------------------------------- verification


@dataclass(frozen=True, slots=True)
class Verification:
    """The result of checking a recap. ``text`` is the recap that may stand (cleaned
    prose plus the facts ledger, within the byte cap); empty when not ``accepted``.
    """

    text: str
    accepted: bool
    mode: VerifyMode
    supported: tuple[Fact, ...] = ()
    unsupported: tuple[Fact, ...] = ()
    missing: tuple[Fact, ...] = ()
    removed_sentences: tuple[str, ...] = ()
    ledger: str = ""
    reason: str = ""
    ledger_dropped: int = field(default=0)

    @property
    def counts(self) -> dict[str, int]:
        return {
            "supported": len(self.supported),
            "unsupported": len(self.unsupported),
            "missing": len(self.missing),
        }

    def summary(self) -> str:
        """One line a UI can show a person."""
        line = (
            f"verified: {len(self.supported)} facts supported, "
            f"{len(self.unsupported)} unsupported, {len(self.missing)} missing"
        )
        if self.unsupported:
            shown = ", ".join(f.value for f in self.unsupported[:5])
            more = f" and {len(self.unsupported) - 5} more" if len(self.unsupported) > 5 else ""
            action = (
                f"recap rejected ({shown}{more} never occurred)"
                if self.mode == "reject"
                else f"removed {len(self.removed_sentences)} sentence(s) stating "
                f"{shown}{more}, which never occurred"
            )
            line += f"; {action}"
        if self.missing:
            line += f"; {len(self.missing)} missing fact(s) added to the facts ledger"
            if self.ledger_dropped:
                line += f" ({self.ledger_dropped} did not fit the byte cap)"
        if not self.accepted and self.reason and self.mode != "reject":
            line += f"; {self.reason}"
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "accepted": self.accepted,
            "mode": self.mode,
            "counts": self.counts,
            "supported": [f.to_dict() for f in self.supported],
            "unsupported": [f.to_dict() for f in self.unsupported],
            "missing": [f.to_dict() for f in self.missing],
            "removed_sentences": list(self.removed_sentences),
            "ledger": self.ledger,
            "ledger_dropped": self.ledger_dropped,
            "reason": self.reason,
            "summary": self.summary(),
        }


def _mentions_path(recap: str, path: str) -> bool:
    p = path.rstrip("/")
    return re.search(r"(?<![\w.-])" + re.escape(p) + r"(?![\w-])", recap) is not None


def _mentions_word(recap: str, word: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(word) + r"(?![\w])", recap) is not None


_FAIL_WORD = re.compile(r"(?i)\b(?:fail|failed|fails|failing|failure|error|errored|broke|crash)")


def _notes_failure(recap: str, tool: str) -> bool:
    return any(_mentions_word(s, tool) and _FAIL_WORD.search(s) for s in _sentences(recap))


def _mentions_request(recap: str, request: str) -> bool:
    words = keywords(request)
    if not words:
        return request.casefold() in recap.casefold()
    have = keywords(recap)
    return len(words & have) / len(words) >= 0.6


def missing_facts(recap: str, facts: TranscriptFacts) -> tuple[Fact, ...]:
    """Load-bearing facts of the transcript that ``recap`` does not state."""
    out: list[Fact] = []
    out += [Fact("request", r) for r in facts.open_requests if not _mentions_request(recap, r)]
    for name, failed in facts.tools:
        if not _mentions_word(recap, name) or (failed and not _notes_failure(recap, name)):
            out.append(Fact("tool", name, failed))
    out += [Fact("path", p) for p in facts.paths if not _mentions_path(recap, p)]
    return tuple(out)


def build_ledger(
    missing: Sequence[Fact], facts: TranscriptFacts, max_bytes: int
) -> tuple[str, int]:
    """The facts ledger for ``missing`` facts within ``max_bytes``; returns (text, dropped).

    Priority: open requests, failed tools (with the failing call), paths, other tools.
    """
    if not missing or max_bytes <= utf8_len(LEDGER_HEADER) + 8:
        return "", len(missing)
    requests = [f.value for f in missing if f.kind == "request"]
    failed = [f.value for f in missing if f.kind == "tool" and f.failed]
    failed_calls = [
        c for c in facts.failed_calls if any(c.startswith(n + "(") or c == n for n in failed)
    ]
    paths = [f.value for f in missing if f.kind == "path"]
    ran = [f.value for f in missing if f.kind == "tool" and not f.failed]
    sections: list[tuple[str, list[str], str]] = [
        ("Open requests: ", requests, "; "),
        ("Failed: ", failed_calls or failed, "; "),
        ("Paths touched: ", paths, ", "),
        ("Tools run: ", ran, ", "),
    ]
    lines = [LEDGER_HEADER]
    used = utf8_len(LEDGER_HEADER)
    total = len(requests) + len(failed_calls or failed) + len(paths) + len(ran)
    placed = 0
    for label, items, sep in sections:
        if not items:
            continue
        line = ""
        for item in items:
            candidate = (line + sep + item) if line else label + item
            # keep room for a "(+N more)" tail
            if used + 1 + utf8_len(candidate) + 14 > max_bytes:
                break
            line = candidate
            placed += 1
        if line:
            lines.append(line)
            used += 1 + utf8_len(line)
    dropped = total - placed
    if dropped:
        tail = f"(+{dropped} more in the record)"
        if used + 1 + utf8_len(tail) <= max_bytes:
            lines.append(tail)
    text = "\n".join(lines) if len(lines) > 1 else ""
    return cut_utf8(text, max_bytes), dropped


def _cut_prose(text: str, max_bytes: int) -> str:
    """Cut prose to ``max_bytes``, at a sentence end when one is near."""
    if utf8_len(text) <= max_bytes:
        return text
    cut = cut_utf8(text, max_bytes)
    ends = [m.end() for m in re.finditer(r"[.!?](?=\s)|\n", cut)]
    if ends and ends[-1] >= len(cut) // 2:
        return cut[: ends[-1]].rstrip()
    return cut.rstrip()


def verify_recap(
    recap_text: str,
    covered_messages: Sequence[Message],
    previous_recap: str | None = None,
    *,
    mode: VerifyMode = "strip",
    max_bytes: int = 2_000,
    ledger: bool = True,
) -> Verification:
    """Check ``recap_text`` against what ``covered_messages`` (and ``previous_recap``) say.

    ``mode="strip"`` (default) removes each sentence that states an unsupported fact;
    ``mode="reject"`` rejects the whole recap if any fact is unsupported. Missing
    load-bearing facts are appended as a facts ledger; the result fits ``max_bytes``.

    >>> from contextledger.model import Message
    >>> said = [Message.user("Deploy with `make release` to https://example.com.", id="u")]
    >>> verify_recap("Deploy with `rm -rf /` next.", said, mode="reject").accepted
    False
    """
    recap_text = recap_text.strip()
    source = _Source(source_text(covered_messages, previous_recap))
    supported: dict[Fact, None] = {}
    unsupported: dict[Fact, None] = {}
    kept_lines: list[str] = []
    removed: list[str] = []
    for line in recap_text.splitlines():
        parts = [p for p in re.split(r"(?<=[.!?])\s+", line) if p.strip()]
        kept: list[str] = []
        for sentence in parts:
            bad = False
            for f in extract_claims(sentence):
                if source.supports(f):
                    supported.setdefault(f, None)
                else:
                    unsupported.setdefault(f, None)
                    bad = True
            if bad:
                removed.append(sentence.strip())
            else:
                kept.append(sentence)
        if kept:
            kept_lines.append(" ".join(kept))
        elif not parts:
            kept_lines.append("")
    prose = re.sub(r"\n{3,}", "\n\n", "\n".join(kept_lines)).strip()
    facts = transcript_facts(covered_messages)
    if previous_recap:
        prev = extract_claims(previous_recap)
        extra_paths = tuple(
            f.value for f in prev if f.kind == "path" and f.value not in facts.paths
        )
        facts = TranscriptFacts(
            paths=facts.paths + extra_paths,
            tools=facts.tools,
            failed_calls=facts.failed_calls,
            commands=facts.commands,
            open_requests=facts.open_requests,
            urls=facts.urls,
        )
    if mode == "reject" and unsupported:
        return Verification(
            "",
            False,
            mode,
            tuple(supported),
            tuple(unsupported),
            missing_facts(recap_text, facts),
            tuple(removed),
            reason="the recap states facts that never occurred",
        )
    missing = missing_facts(prose, facts)
    if not prose:
        return Verification(
            "",
            False,
            mode,
            tuple(supported),
            tuple(unsupported),
            missing,
            tuple(removed),
            reason="nothing of the recap survived verification" if recap_text else "empty recap",
        )
    ledger_text, dropped = "", 0
    if ledger and missing:
        prose_bytes = utf8_len(prose)
        need, _ = build_ledger(missing, facts, max_bytes)
        room = max(max_bytes - prose_bytes - 2, min(utf8_len(need), max_bytes // 2))
        ledger_text, dropped = build_ledger(missing, facts, room)
        if ledger_text:
            prose = _cut_prose(prose, max_bytes - utf8_len(ledger_text) - 2)
    text = f"{prose}\n\n{ledger_text}" if ledger_text else _cut_prose(prose, max_bytes)
    return Verification(
        cut_utf8(text, max_bytes),
        True,
        mode,
        tuple(supported),
        tuple(unsupported),
        missing,
        tuple(removed),
        ledger_text,
        ledger_dropped=dropped,
    )

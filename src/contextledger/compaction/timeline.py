"""The record as events in order: files read and written, commands run, runs that failed
or passed, tests that failed. A recap's claim of an order ("I wrote X before I read Y",
"after `pytest` failed, the assistant edited Z") is compared with it.

>>> t = Timeline.of([
...     Event(0, "read", "src/app.py"),
...     Event(1, "ran", "pytest -q"),
...     Event(2, "failed", "pytest -q"),
...     Event(3, "wrote", "src/app.py"),
... ])
>>> t.when("wrote", "src/app.py"), t.when("failed", "pytest -q")
((3,), (2,))
>>> t.when("read", "app.py")  # a path by its last parts
(0,)
>>> Timeline.of([Event(4, "failed", "tests/t.py::test_a")]).when("failed", "test_a")
(4,)
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Literal

EventKind = Literal["read", "wrote", "ran", "failed", "passed"]

_CHAIN = re.compile(r"\s*(?:&&|\|\||;|\|)\s*")
_SHELL_WRAP = re.compile(r"^(?:ba|z)?sh\s+-l?c\s+(.+)$")
# a shell named by its path or with options before "-c": "/bin/bash -l -c …", "sh -ec …"
_SHELL_WRAP_ARGV = re.compile(
    r"^(?:/usr)?(?:/local)?(?:/s?bin/)?(?:ba|z|da|k|a)?sh(?:\s+-{1,2}[a-z]+)*\s+-[a-z]*c[a-z]*\s+\S"
)
_SHELL_FLAG = re.compile(r"-{1,2}[a-z]+")


def norm_command(text: str) -> str:
    """A command as compared: one space between words, no prompt, no closing punctuation."""
    c = " ".join(text.strip().strip("`").split())
    c = c.removeprefix("$ ").strip()
    return c.rstrip(".,;:")


def command_keys(command: str) -> frozenset[tuple[object, ...]]:
    """What makes two spellings of one command the same run, whatever the order of its
    options and their quoting: ``cargo test -p core --features 'a b'`` is
    ``cargo test --features "a b" -p core``. Two readings, since a flag may or may not
    take the word after it: each flag with its value (``-p core``) among the options,
    the other words in order; or the words in order, each run of flags in any order
    (``-race -count=1``). Two commands are the same when a reading of one is a reading
    of the other: the positional words keep their order (``cp a b`` is not
    ``cp b a``), and so do the values of flags (``-p core --features x`` is not ``-p x --features core``).

    >>> a, b = command_keys("cargo test -p core --features x"), command_keys("cargo test --features 'x' -p core")
    >>> bool(a & b)
    True
    >>> command_keys("cp a b") & command_keys("cp b a")
    frozenset()
    """
    try:
        words = shlex.split(norm_command(command))
    except ValueError:  # an unclosed quote: read as written
        words = norm_command(command).split()
    if not words:
        return frozenset()
    segments: list[list[str]] = [[]]
    for w in words[1:]:
        if w == "--":  # what follows goes to another program: read as its own command
            segments.append([])
        else:
            segments[-1].append(w)
    paired = tuple(_reading(s, pairs=True) for s in segments)
    alone = tuple(_reading(s, pairs=False) for s in segments)
    return frozenset({(words[0], paired), (words[0], alone)})


def _reading(words: list[str], *, pairs: bool) -> tuple[object, ...]:
    """A command's words as compared: with ``pairs``, (the positional words in order, the
    options with their values, sorted); without, the words in order with each run of
    flags sorted (a flag stays where it stands among the other words)."""
    if not pairs:
        out: list[object] = []
        for w in words:
            flag = w.startswith("-") and w != "-"
            if flag and out and isinstance(out[-1], frozenset):
                out[-1] = out[-1] | {w}
            else:
                out.append(frozenset({w}) if flag else w)
        return tuple(out)
    plain: list[str] = []
    options: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if not w.startswith("-") or w == "-":
            plain.append(w)
        elif "=" in w and w.startswith("--"):
            options.append(w.replace("=", " ", 1))
        elif "=" not in w and i + 1 < len(words) and not words[i + 1].startswith("-"):
            options.append(f"{w} {words[i + 1]}")
            i += 1
        else:
            options.append(w)
        i += 1
    return tuple(plain), tuple(sorted(options))


def shell_body(command: str) -> str | None:
    r"""The script a ``sh -c`` wrapper runs, unquoted as the shell reads it: an argv
    ``["zsh", "-lc", "awk -F',' '{print $2}' f"]`` is joined with ``'"'"'`` escapes that
    stripping quotes off the raw text would garble (R30-M2).

    >>> print(shell_body(shlex.join(["zsh", "-lc", "awk -F',' '{print $2}' f"])))
    awk -F',' '{print $2}' f
    >>> print(shell_body("/bin/bash -l -c \"pytest -k 'a or b'\""))
    pytest -k 'a or b'
    >>> shell_body("bash run.sh") is None
    True
    >>> print(shell_body("sh -c pytest -k login_flow"))
    pytest -k login_flow
    """
    if not _SHELL_WRAP.match(command) and not _SHELL_WRAP_ARGV.match(command):
        return None
    try:
        words = shlex.split(command)
    except ValueError:  # an unclosed quote: the wrapper read as written
        wrapped = _SHELL_WRAP.match(command)
        return wrapped.group(1).strip("'\"") if wrapped else None
    i = 1
    while i < len(words) and _SHELL_FLAG.fullmatch(words[i]) and "c" not in words[i].lstrip("-"):
        i += 1  # "-l", "--login", "-e" before the "-c"
    if i + 1 < len(words) and re.fullmatch(r"-[a-z]*c[a-z]*", words[i]):
        if i + 2 < len(words) and " " not in words[i + 1]:
            # "sh -c pytest -k x": a one-word script with words after it is the writer's
            # missing quotes (the shell would pass them as $0, $1): the whole tail is meant
            return shlex.join(words[i + 1 :])
        return words[i + 1]
    return None


def steps(command: str) -> set[str]:
    """A command, its chained steps and the body of a ``sh -c`` wrapper."""
    c = norm_command(command)
    out = {c}
    body = shell_body(c)
    if body is not None:
        out |= steps(body)
    out |= {norm_command(s) for s in _CHAIN.split(c) if s.strip()}
    return {s for s in out if s}


def norm_path(path: str) -> str:
    """A path as compared: no quotes or backticks, no leading ``./``, no trailing slash."""
    return path.strip().strip("`'\"").removeprefix("./").rstrip("/")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at a place in the record (``at``: the message's index):
    a file read or written (``subject`` its path), a command run, a run that failed or
    passed (its command, or the tool's name) or a test that failed (its name)."""

    at: int
    kind: EventKind
    subject: str


class Timeline:
    """The record's events, looked up by kind and subject."""

    def __init__(self, events: tuple[Event, ...]) -> None:
        self.events = events
        by: dict[tuple[EventKind, str], list[int]] = {}
        for e in events:
            by.setdefault((e.kind, e.subject), []).append(e.at)
        self._by = by

    @classmethod
    def of(cls, events: list[Event] | tuple[Event, ...]) -> Timeline:
        return cls(tuple(events))

    def happened(self, kind: EventKind, after: int, before: int) -> bool:
        """Whether an event of ``kind`` happened after ``after`` and before ``before``."""
        return any(after < e.at < before for e in self.events if e.kind == kind)

    def when(self, kind: EventKind, subject: str) -> tuple[int, ...]:
        """Where events of ``kind`` about ``subject`` happened, in order. A path matches
        by its last parts too ("bucket.go" is "internal/ratelimit/bucket.go")."""
        if kind in ("read", "wrote"):
            p = norm_path(subject)
            if not p:
                return ()
            found = [
                at
                for (k, s), ats in self._by.items()
                if k == kind and (s == p or s.endswith("/" + p))
                for at in ats
            ]
            return tuple(sorted(found))
        exact = self._by.get((kind, subject))
        if exact or kind != "failed":
            return tuple(exact or ())
        # a test by its own name: "test_partial" is "tests/api/test_refunds.py::test_partial"
        whole = re.compile(rf"(?<![\w]){re.escape(subject)}(?![\w])")
        found = [
            at for (k, s), ats in self._by.items() if k == kind and whole.search(s) for at in ats
        ]
        return tuple(sorted(found))

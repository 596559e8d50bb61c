"""Claims of an order: "I wrote X before I read Y", "after `pytest` failed, the assistant
edited Z", "ran the tests, then wrote the fix". A sentence is split at its order word
into two mentions of events; each mention is read for what happened (a read, a write, a
run, a failure, a pass) and to what (a path, a command, a test), and the two are looked
up in the record's :class:`~.timeline.Timeline`. The claim is false when every event of
the one said first came after every event of the other; a mention the record does not
have is left to the checks of what happened.

>>> from ..timeline import Event, Timeline
>>> t = Timeline.of([Event(1, "read", "a.py"), Event(2, "wrote", "b.py")])
>>> split_order("I wrote b.py before I read a.py.")
('I wrote b.py', 'I read a.py')
>>> [str(m) for m in map(mention, split_order("I wrote b.py before I read a.py."))]
['wrote b.py', 'read a.py']
>>> out_of_order("I wrote b.py before I read a.py.", t)
'b.py was written after a.py was read'
>>> out_of_order("After reading a.py, the assistant wrote b.py.", t) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from ...lexicon import claims as lexicon
from ...model import ToolCall
from ..facts import extract_claims
from ..timeline import EventKind, Timeline, norm_command, norm_path
from ..tool_calls import call_commands
from .reading import CLAUSE_MARK


class RunsRead(Protocol):
    """What the order of runs is read from (an ``Evidence``, which itself reads this
    module's order words: named by what is read, not imported): the turns of the dialogue
    and the calls made between them."""

    @property
    def dialogue(self) -> tuple[tuple[str, str], ...]: ...

    def calls_from(self, i: int, end: int) -> tuple[ToolCall, ...]: ...


_BACKTICKED = re.compile(r"`[^`\n]+`")
_ADVERB = r"(?:(?:right|just|only|shortly|long|immediately|directly|even)\s+)?"
# The part named "a" is the one said to come first. The first eight name the order
# ("before", "after", "once", "first … then"); the last two only narrate ("read X, then wrote Y"): a
# narrative is split into its two claims but its order is not held against the record
# (a summary lists what was done in its own order as often as in the record's).
_ORDER = (
    re.compile(
        rf"(?i)^(?P<a>.+?)\s*[,;]?\s+(?:and\s+)?{_ADVERB}(?:after\s+(?:that|this|which)|"
        r"afterwards|subsequently|later)\b,?\s+(?P<b>.+)$"
    ),
    re.compile(r"(?i)^(?P<a>.+?\s+first)\b\s*[,;]?\s*(?:and\s+)?(?:only\s+)?then\b,?\s+(?P<b>.+)$"),
    re.compile(r"(?i)^\W*first(?:ly)?\b,?\s+(?P<a>.+?)\s*[,;]?\s+(?:and\s+)?then\b,?\s+(?P<b>.+)$"),
    re.compile(rf"(?i)^\W*{_ADVERB}after\s+(?P<a>[^,;]+?)\s*,\s*(?P<b>.+)$"),
    re.compile(rf"(?i)^\W*{_ADVERB}before\s+(?P<b>[^,;]+?)\s*,\s*(?P<a>.+)$"),
    re.compile(r"(?i)^\W*once\s+(?P<a>[^,;]+?)\s*,\s*(?P<b>.+)$"),
    re.compile(rf"(?i)^(?P<a>.+?)\s*,?\s+{_ADVERB}(?:before|prior\s+to)\s+(?P<b>.+)$"),
    re.compile(rf"(?i)^(?P<b>.+?)\s*,?\s+{_ADVERB}after\s+(?P<a>.+)$"),
    re.compile(
        r"(?i)^(?:first(?:ly)?,?\s+)?(?P<a>.+?)(?:\s*[,;]\s*|\s+)(?:and\s+)?(?:only\s+)?"
        r"(?:then|next)\b,?\s+(?P<b>.+)$"
    ),
    re.compile(r"(?i)^(?P<a>.+?)\s*,?\s+(?:followed\s+by|and\s+afterwards)\s+(?P<b>.+)$"),
)

_FAILED = re.compile(
    r"(?i)\b(?:fail(?:s|ed|ing|ure)?|errored|broke|crash(?:ed|es)?|went\s+red|timed\s+out)\b"
)
_PASSED = re.compile(r"(?i)\b(?:pass(?:es|ed|ing)?|succeed(?:s|ed)?|went\s+green)\b")
_WROTE = re.compile(
    r"(?i)\b(?:wr[io]te|writ(?:es|ing|ten)|edit(?:s|ed|ing)?|creat(?:e|es|ed|ing)|"
    r"updat(?:e|es|ed|ing)|modif(?:y|ies|ied|ying)|chang(?:e|es|ed|ing)|patch(?:es|ed|ing)?|"
    r"sav(?:e|es|ed|ing)|add(?:s|ed|ing)?|rewr[io]te|rewriting|rewritten|touch(?:es|ed|ing)?)\b"
)
_READ = re.compile(
    r"(?i)\b(?:read(?:s|ing)?|look(?:s|ed|ing)?\s+at|open(?:s|ed|ing)?|inspect(?:s|ed|ing)?|"
    r"view(?:s|ed|ing)?|examin(?:e|es|ed|ing))\b"
)
_RAN = re.compile(
    r"(?i)\b(?:r[au]n(?:s|ning)?|re-?r[au]n(?:s|ning)?|execut(?:e|es|ed|ing)|invok(?:e|es|ed|ing)|"
    r"launch(?:es|ed|ing)?|tr(?:y|ied|ying))\b"
)
_TEST_NAME = re.compile(
    r"[\w./-]+\.py::[\w\[\]:.-]+|\btest_\w+|\bTest[A-Z]\w*|\b[a-z_]\w*::[a-z_]\w*(?:::\w+)*|"
    r"\b\w+Test::test\w+|\btest[A-Z]\w+"
)


@dataclass(frozen=True, slots=True)
class Mention:
    """One event a sentence names: what happened (``kind``) to what (``subjects``)."""

    kind: EventKind
    subjects: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.kind} {', '.join(self.subjects)}"


def _masked(text: str) -> str:
    """``text`` with each backticked span blanked (same length): an order word inside a
    command ("`make before-deploy`") is no order."""
    return _BACKTICKED.sub(lambda m: "`" + "x" * (len(m.group(0)) - 2) + "`", text)


_NAMED_ORDERS = 8


def split_order(sentence: str) -> tuple[str, str] | None:
    """The two parts of a sentence that tells two things in an order, the one said to
    come first first; None for a sentence that tells one."""
    found = _split(sentence)
    return found[:2] if found else None


# A sentence that starts with a bare verb asks for something: "Next, run X before Y" is
# a plan, not a claim of what happened.
IMPERATIVE = re.compile(
    r"(?i)^\W*(?:(?:next|then|first|finally|now|later|also|please|always|never|do)\W+)*"
    r"(?:re-?)?(?:run|open|read|write|edit|create|update|modify|change|save|add|check|look|"
    r"try|execute|invoke|launch|make|fix|deploy|apply|build|commit|push|wait|ensure|verify|"
    r"install|review|inspect|view|keep|use|avoid|start|stop|delete|remove|test)\b"
)


def _split(sentence: str) -> tuple[str, str, bool] | None:
    """:func:`split_order` and whether the sentence names the order ("before", "after")."""
    text = sentence.strip().rstrip(".!")
    if IMPERATIVE.match(text):
        return None
    masked = _masked(text)
    for k, pattern in enumerate(_ORDER):
        m = pattern.match(masked)
        if m is None:
            continue
        first = text[m.start("a") : m.end("a")].strip(" ,;")
        then = text[m.start("b") : m.end("b")].strip(" ,;")
        if first and then:
            return first, then, k < _NAMED_ORDERS
    return None


_PRONOUN = re.compile(r"(?i)\b(?:it|them|that\s+file|the\s+file|that|those)\s*$")


def mentions(first: str, then: str) -> tuple[Mention, Mention] | None:
    """The two mentions of an order claim; a pronoun at the end of one ("I edited X
    before I read it") stands for the other's object."""
    a, b = mention(first), mention(then)
    if b is None and a is not None and _PRONOUN.search(then):
        b = mention(_PRONOUN.sub(" ".join(a.subjects), then))
    if a is None and b is not None and _PRONOUN.search(first):
        a = mention(_PRONOUN.sub(" ".join(b.subjects), first))
    return (a, b) if a is not None and b is not None else None


def mention(part: str) -> Mention | None:
    """What event a part of a sentence names, or None when it names none the record can
    place (no verb of reading, writing, running, failing or passing, or no object)."""
    bare = _BACKTICKED.sub(" ", part)
    quoted = [norm_command(q) for q in _BACKTICKED.findall(part)]
    kind: EventKind | None = None
    if _FAILED.search(bare):
        kind = "failed"
    elif _PASSED.search(bare):
        kind = "passed"
    elif _WROTE.search(bare):
        kind = "wrote"
    elif _READ.search(bare):
        kind = "read"
    elif _RAN.search(bare) or (quoted and not extract_claims(bare)):
        kind = "ran"
    if kind is None:
        return None
    if kind in ("read", "wrote"):
        paths = [f.value for f in extract_claims(part) if f.kind == "path"]
        paths += [q for q in quoted if "/" in q or re.search(r"\.\w+$", q)]
        subjects = tuple(dict.fromkeys(norm_path(p) for p in paths if " " not in p.strip()))
    else:
        subjects = tuple(dict.fromkeys(quoted + _TEST_NAME.findall(bare)))
        if not subjects and _ANY_TEST.search(bare):  # "before running any test"
            subjects = (ANY_TEST,)
    return Mention(kind, subjects) if subjects else None


#: the subject of a mention of test runs in general ("before running any test")
ANY_TEST = "any test run"
_ANY_TEST = re.compile(r"(?i)\b(?:any|a\s+single|the|every)\s+(?:of\s+the\s+)?tests?\b")
_TEST_COMMAND = re.compile(
    r"(?i)\b(?:pytest|jest|vitest|mocha|rspec|phpunit|unittest|tox|nox|ctest|go\s+test|"
    r"cargo\s+test|(?:npm|yarn|pnpm)\s+(?:run\s+)?test|make\s+(?:test|check)|"
    r"gradle\w*\s+test|mvn\s+test|dotnet\s+test|playwright\s+test)\b"
)


def _when(m: Mention, subject: str, timeline: Timeline) -> tuple[int, ...]:
    if subject == ANY_TEST:
        kinds = ("ran", "failed", "passed") if m.kind == "ran" else (m.kind,)
        return tuple(
            sorted(
                e.at for e in timeline.events if e.kind in kinds and _TEST_COMMAND.search(e.subject)
            )
        )
    at = timeline.when(m.kind, subject)
    if not at and m.kind == "ran":  # a run is also known by its outcome
        at = tuple(sorted(timeline.when("failed", subject) + timeline.when("passed", subject)))
    return at


def out_of_order(sentence: str, timeline: Timeline) -> str | None:
    """Why the order ``sentence`` names is false (every event it says came first came
    after every event it says came later), or None when it is true, names no order
    ("then" narrates), or names events the record cannot place."""
    parts = _split(sentence)
    if parts is None or not parts[2]:
        return None
    found = mentions(parts[0], parts[1])
    if found is None:
        return None
    first, then = found
    for a in first.subjects:
        at_a = _when(first, a, timeline)
        for b in then.subjects:
            at_b = _when(then, b, timeline)
            # "before any test": before the first of them; else before the last one
            later = min(at_b, default=-1) if b == ANY_TEST else max(at_b, default=-1)
            if at_a and at_b and min(at_a) > later:
                what = "a test had run" if b == ANY_TEST else _said(then.kind, b)
                return f"{_said(first.kind, a)} after {what}"
    return None


_STILL = re.compile(
    r"(?i)\b(?:still|keeps?|continues?\s+to|remains?|is\s+(?:still\s+)?(?:failing|red|broken)|"
    r"are\s+(?:still\s+)?(?:failing|red|broken))\b"
)


def passed_since(sentence: str, subject: str, timeline: Timeline) -> str | None:
    """For a failure said to last ("test_x still fails", "`make lint` is still failing"):
    the run that passed after the last failure of ``subject`` (a command, or a test by
    the run whose output named it failing), or None."""
    if not _STILL.search(sentence):
        return None
    failed = timeline.when("failed", subject)
    if not failed:
        return None
    last = failed[-1]
    runs = {e.subject for e in timeline.events if e.kind == "failed" and e.at == last}
    later = [e for e in timeline.events if e.kind == "passed" and e.subject in runs and e.at > last]
    return f"`{later[0].subject}` passed after it failed" if later else None


_PAST = {"read": "read", "wrote": "written", "ran": "run", "failed": "failing", "passed": "passing"}


def _said(kind: EventKind, subject: str) -> str:
    shown = f"`{subject}`" if " " in subject else subject
    return f"{shown} was {_PAST[kind]}" if kind in ("read", "wrote", "ran") else f"{shown} {kind}"


def rule_order(text: str) -> tuple[str, str] | None:
    """The two steps a rule or a plan puts in an order, the first first, in English,
    Portuguese, Spanish, French, German, Chinese or Japanese.

    >>> rule_order("Switch reads first, then run the row-count reconciliation.")
    ('Switch reads', 'run the row-count reconciliation')
    >>> rule_order("Always run the reconciliation before switching any reads.")
    ('Always run the reconciliation', 'switching any reads')
    """
    plain = text.strip().rstrip(".!。！")
    for pattern in lexicon.RULE_ORDER:
        m = pattern.match(plain)
        if m is not None:
            a, b = m.group("a").strip(), m.group("b").strip()
            a = re.sub(r"(?i)\s+first$", "", a)  # "Switch reads first, then …"
            # "Jalankan dulu go vet", "Chạy phpstan trước": the word for first, not a step's
            a = " ".join(lexicon.ORDER_FIRST_WORDS.sub(" ", a).split())
            if a and b:
                return a, b
    return None


def reversed_rule(text: str, rules: list[str]) -> str | None:
    """The user's sentence of ``rules`` that puts the two steps ``text`` orders the other
    way round (each step holding most of the other's words), if any."""
    from .words import content_terms  # (a table of words, no cycle)

    mine = rule_order(text)
    if mine is None:
        return None
    first, then = (content_terms(x) for x in mine)
    if not first or not then:
        return None

    def like(a: frozenset[str], b: frozenset[str]) -> bool:
        return len(a & b) >= 0.5 * len(a)

    for rule in rules:
        theirs = rule_order(rule)
        if theirs is None:
            continue
        x, y = (content_terms(s) for s in theirs)
        # a word both steps hold tells them not apart ("Chạy phpstan …, rồi mới chạy test")
        both = (x & y) | (first & then)
        a, b, x, y = first - both, then - both, x - both, y - both
        if not (a and b and x and y):
            a, b, x, y = first, then, *(content_terms(s) for s in theirs)
        if like(a, y) and like(b, x) and not (like(a, x) and like(b, y)):
            return rule
    return None


def listed_the_other_way(text: str, rules: list[str], ev: RunsRead) -> str | None:
    """The user's sentence of ``rules`` listing the two commands ``text`` puts in an order
    (:func:`_listings`) that says the other order, as far as the record shows it: the
    assistant ran both after it the other way round from ``text``; with no such runs, a
    list of a few words names the first first ("Pêşî `B`, paşê `A`"), though "`B`, but
    only after `A`" lists the same two words. A sentence whose order is read is left to
    :func:`reversed_rule`."""
    for rule, first, then, other_way, between in _listings(text, rules):
        ran = _ran_first(first, then, rule, ev)
        if ran is False or (ran is None and other_way and between <= _LISTED_WORDS):
            return rule
    return None


def ran_as_listed(text: str, rules: list[str], ev: RunsRead) -> bool:
    """Whether a user sentence of ``rules`` lists the two commands ``text`` orders
    (:func:`_listings`) and the assistant ran both after it in ``text``'s order: the
    order the user's words gave, whichever way round they list them."""
    return any(
        _ran_first(first, then, rule, ev) for rule, first, then, _, _ in _listings(text, rules)
    )


def _listings(text: str, rules: list[str]) -> Iterator[tuple[str, str, str, bool, int]]:
    """For each sentence of ``rules``, in words no order is read from, that names the two
    commands ``text`` orders and no other, one after a clause mark and a few words after
    the other: (the sentence, ``text``'s first command, its second, whether the sentence
    lists them the other way round, the words between them)."""
    mine = rule_order(text)
    if mine is None:
        return
    steps = [_BACKTICKED.findall(step) for step in mine]
    if not all(len(s) == 1 for s in steps):
        return
    first, then = (s[0] for s in steps)
    for rule in rules:
        if rule_order(rule) is not None or rule.count("`") != 4:
            continue
        for a, b, other_way in ((then, first, True), (first, then, False)):
            between = rf"{CLAUSE_MARK.pattern}\s*((?:[^\W\d_]+\s+){{0,6}})"
            m = re.search(f"{re.escape(a)}{between}{re.escape(b)}", rule)
            if m is not None:
                yield rule, first, then, other_way, len(m.group(1).split())


_LISTED_WORDS = 3  # (with no runs to tell, a list's words between its two commands)


def _ran_first(first: str, then: str, rule: str, ev: RunsRead) -> bool | None:
    """Whether the assistant ran ``first`` before ``then`` after the user's turn saying
    ``rule``: True or False when it ran both there, None when it did not."""

    at = next((i for i, (role, t) in enumerate(ev.dialogue) if role == "user" and rule in t), None)
    if at is None:
        return None
    ran = [
        norm_command(c) for call in ev.calls_from(at, len(ev.dialogue)) for c in call_commands(call)
    ]
    a, b = norm_command(first), norm_command(then)
    where = [next((k for k, c in enumerate(ran) if x in c), None) for x in (a, b)]
    if where[0] is None or where[1] is None:
        return None
    return where[0] < where[1]


_FIX_WORD = re.compile(r"(?i)\bfix(?:es|ed|ing)?\b")
# what names a failing test or check: a token with "_", "::", "." or a capital inside
_NAMED = re.compile(r"[A-Za-z][\w:\[\].-]*(?:_|::|[a-z][A-Z])[\w:\[\].-]*")


def check_fix_place(text: str, timeline: Timeline) -> list[tuple[str, str]]:
    """A fix for something that failed said made in a file ("The fix for test_pad_mask was
    made in configs/base.yaml"): the file was written after it first failed. A file written
    only before the failure, when another file was written after it, is not where the fix
    is. Returns (path, why) for each such file."""
    if not _FIX_WORD.search(text):
        return []
    paths = [norm_path(f.value) for f in extract_claims(text) if f.kind == "path"]
    named = [w.strip(".[]") for w in _NAMED.findall(text) if not any(w in p for p in paths)]
    failed = [
        e.at
        for e in timeline.events
        if e.kind == "failed" and any(len(w) > 4 and w in e.subject for w in named)
    ]
    if not paths or not failed:
        return []
    first = min(failed)
    written_after = [e.subject for e in timeline.events if e.kind == "wrote" and e.at > first]
    out = []
    for path in paths:
        when = timeline.when("wrote", path)
        if when and max(when) < first and written_after:
            why = f"it was written before that failure; {written_after[0]} was written after it"
            out.append((path, why))
    return out

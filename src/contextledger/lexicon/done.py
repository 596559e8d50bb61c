"""What the assistant reports done, and whether a report is on a request's topic: read by the
recap (``compaction.facts``: a request reported done is no open request) and by the fit
(``fit.anchors``: a request the user put off for later is pinned until it is reported
done), so it lives here, where both may import it without importing the other.

>>> on_topic("Later, add docs/export_guide.md for the exporter.",
...          reported_done(["Done: added docs/export_guide.md."])[0])
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .common import WORD_MARKS, compiled_on_use

# A sentence reporting work done ("Done.", "Added the flag.", "I've drafted the note.")
DONE = compiled_on_use(
    r"(?i)\b(?:done|added|fixed|implemented|completed|created|finished|updated|resolved|"
    r"removed|deleted|renamed|refactored|deployed|wrote|written|installed|documented)\b"
    # a report that opens on what was done: "Bumped the version.", "I've drafted the note."
    r"|^\W*(?:i(?:'ve| have)\s+(?:now\s+|also\s+|just\s+)?)?[a-z]{3,}ed\b(?!\s+to\b)"
)

_SUFFIX = compiled_on_use(r"(?:ing|ed|es|s)$")

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


# A word with the marks written onto its letters (an Indic vowel sign or virama is no
# ``\w``: "ग्राहक" read with ``\w`` alone fell apart into letters, none of 4); in a script
# that writes no space between words (Thai, Lao, Myanmar, Khmer) a run with its marks is a
# whole phrase: its pieces between marks are read, as before
_UNSPACED_SCRIPT = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_KEYWORD = compiled_on_use(rf"(?:(?![{_UNSPACED_SCRIPT}])[\w'{WORD_MARKS}-]){{4,}}|[\w'-]{{4,}}")


def keywords(text: str) -> set[str]:
    """Content words of ``text`` (casefolded, 4+ letters, no stop words)."""
    return {w for w in _KEYWORD.findall(text.casefold()) if w not in _STOP}


def topic(text: str) -> set[str]:
    """Content words cut to a rough stem ("bumped" and "bump" are one topic), the code
    names said whole (:func:`code_names`), the numbers said (:func:`values`) and, marked
    (:func:`_measured_mark`), those said only as a measure (:func:`measures`)."""
    said = values(text)
    return named(text) | said | {_measured_mark(v) for v in measures(text)}


def named(text: str) -> set[str]:
    """The stems and names of code :func:`topic` reads in ``text``. They are read word by
    word, so texts joined by spaces name together what each names alone; the numbers are
    not (a name of code said in one text hides its digits in another).

    >>> named("Bumped docs/a.md twice") == named("Bumped") | named("docs/a.md twice")
    True
    """
    return _stems(text) | code_names(text)


# A unit of a measure written after a number: time, size, rate, share ("5 seconds", "30s",
# "512 MB", "2 %"); the words the assistant reports in, short and long
_UNIT = compiled_on_use(
    r"(?i)\s?(?:%|percent\b|per\s?cent\b|(?:milli|micro|nano)?seconds?\b|(?:ms|us|ns|s|sec|secs)\b|"
    r"minutes?\b|mins?\b|hours?\b|hrs?\b|h\b|days?\b|d\b|weeks?\b|"
    r"[kmgt]i?b\b|bytes?\b|[kmgt]b/s\b|rps\b|qps\b)"
)
# What follows a number asked for that may be its unit, in any language: a word after a
# space ("5 sekund", "5 seconds"), or a unit written on the number in a script without
# spaces ("5秒", "5초", "5분") -- not a case ending or particle joined to it ("5'e", "40-re",
# "40:een", "5로", "40 に")
_UNIT_AFTER = compiled_on_use(
    r"\s?(?:%|[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]{1,}|[秒分時时초분시일日])"
)


def measures(text: str) -> set[str]:
    """The numbers ``text`` says only as a measure, with a unit after them (``_UNIT``):
    "the timeout set to 5 seconds" says 5 as a time; "the retry limit raised to 5" does not.

    >>> sorted(measures("Timeout set to 5 seconds, cache 512 MB, retries 3 (3 s apart)."))
    ['5', '512']
    """
    return _numbers_followed(text, _UNIT, True) - _numbers_followed(text, _UNIT, False)


def _numbers_followed(text: str, after: re.Pattern[str], followed: bool) -> set[str]:
    """The values of ``text`` (as :func:`values` reads them) that ``after`` matches (or, with
    ``followed`` False, does not match) right after."""
    for name in code_names(text):
        text = text.replace(name, " ")
    return {
        m.group().replace(",", ".")
        for m in _VALUE.finditer(text)
        if bool(after.match(text, m.end())) == followed
    }


def _measured_mark(value: str) -> str:
    """How :func:`topic` marks a value said only as a measure (no word is written so)."""
    return f"{value} measured"


def _stems(text: str) -> set[str]:
    return {_SUFFIX.sub("", w)[:5] for w in keywords(text)}


# A name of code, said alike in every language: a path or an identifier ("docs/guide.md",
# "export_batch", "rotate_keys.sh"), not an abbreviation ("e.g.") nor a version ("1.2")
_CODE_NAME = compiled_on_use(  # (in ASCII letters: glued to a word of Chinese, "加个docs/a.md文件")
    r"(?<![A-Za-z0-9_./-])(?:[\w.-]*[A-Za-z0-9](?:[/_][\w.-]*)*[/_][\w.-]*[A-Za-z0-9]|"
    r"[A-Za-z0-9_-]{2,}\.[a-z]{1,4})(?![A-Za-z0-9_/-])",
    re.ASCII,
)


def code_names(text: str) -> set[str]:
    """The names of code in ``text``, whole (a trailing full stop left out).

    >>> sorted(code_names("Done: added docs/export_guide.md for export_batch, e.g. v1.2."))
    ['docs/export_guide.md', 'export_batch']
    """
    return {n.rstrip(".") for n in _CODE_NAME.findall(text)}


# A number said outside a name of code, in any script ("to 5", "a 8443", "60秒", "5-re"),
# not a version's ("v2.3") nor a name's digits ("log4j", "ticket-42")
_VALUE = compiled_on_use(r"(?<![A-Za-z0-9_.,/-])\d+(?:[.,]\d+)?(?![0-9]|[.,]\d)")


def values(text: str) -> set[str]:
    """The numbers ``text`` says outside its names of code, a decimal comma read as a point.

    >>> sorted(values("Raise the limit in config/retry2.yaml from 3 to 5,5 (v2.3)."))
    ['3', '5.5']
    """
    for name in code_names(text):
        text = text.replace(name, " ")
    return {v.replace(",", ".") for v in _VALUE.findall(text)}


def reported_done(sentences: Iterable[str]) -> list[set[str]]:
    """The topic (:func:`topic`) of each of ``sentences`` that reports work done (``DONE``)."""
    return [topic(s) for s in sentences if DONE.search(s)]


# The words of being done, no topic of a request ("when you're done, add …")
_DONE_WORDS = frozenset(
    [
        "done",
        "finished",
        "finish",
        "ready",
        "green",
        "passing",
        "merged",
        "fixed",
        "through",
        "working",
        "complete",
    ]
)


def on_topic(request: str, said: set[str]) -> bool:
    """Whether words ``said`` (a :func:`topic`) share half the request's topic (up to 3
    words), not one word: in a long session "Added the --since flag." does not close
    "update the CHANGELOG for the new flag". ("when you're done, add …": "done" is not its
    topic.) Or they name every name of code the request names: a request in another
    language than the report shares only those ("Müsait olduğunda docs/guide.md dosyasını
    ekle." and "Done: added docs/guide.md.")."""
    # The value a request asks for is its content: a report on the same file or topic that
    # names none of them is of another change ("raise the retry limit in config/retry.yaml
    # to 5" is not done by "config/retry.yaml now has the timeout set to 30s", in whatever
    # language the request was said: review45 R45-def2)
    asked = values(request)
    # The same short number is no proof when the report says it as a measure the request
    # does not ask for: "the timeout set to 5 seconds" is another setting than "raise the
    # retry limit … to 5" (review46 R46-done1, in any language the request was said in); a
    # long one tells by itself ("… menjadi 25000" and "files up to 25000 KB": ``_telling``)
    bare = _numbers_followed(request, _UNIT_AFTER, False)
    shared = {
        v for v in asked & said if _telling({v}) or not (v in bare and _measured_mark(v) in said)
    }
    if asked and not shared:
        return False
    names = code_names(request)
    # (the words of a path are the path's: "config/retry.yaml" in a report of another change
    # to it shares "retry" and "yaml" with "raise the retry limit in config/retry.yaml to 5",
    # review45 R45-def2)
    in_names = _stems(" ".join(names)) | _stems(re.sub(r"[/._-]", " ", " ".join(names)))
    words = _stems(" ".join(keywords(request) - _DONE_WORDS)) - in_names
    need = min(3, max(1, (len(words) + 1) // 2))
    if len(words & said) >= need:
        return True
    if not names or not names <= said:
        return False
    # A request in ASCII letters is read word by word: a report of it shares a word besides
    # the names, if it says any ("Later, add docs/guide.md."), or the value asked
    if request.isascii():
        return _telling(shared) or not words or bool(words & said)
    # One in another script names in Latin letters what it is about besides its files
    # ("email 列", "--verbose फ़्लैग", "поддержку Kafka"): a report of it names that too;
    # one in Latin letters with accents shares only the names and values
    latin = {w for w in words if w.isascii()} if _NOT_LATIN.search(request) else set()
    return not latin or not latin.isdisjoint(said)


def _telling(shared: set[str]) -> bool:
    """Whether values a report shares with a request tell that it is the thing asked, with
    no other word shared: a long one does ("… naikkan batas … menjadi 50000" and "… stops at
    50000 rows"); a count of one or two digits is said of many settings ("raise the retry
    limit … to 5" is not done by "timeout set to 5 seconds": review46 R46-done1)."""
    return any(len(v.replace(",", "").replace(".", "")) >= 3 for v in shared)


# a letter of a script other than Latin (Cyrillic, CJK, Devanagari, Arabic, …)
_NOT_LATIN = compiled_on_use(r"(?![A-Za-z\u00c0-\u024f\u1e00-\u1eff])[^\W\d_]")

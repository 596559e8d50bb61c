"""A user's correction that names its setting with a pronoun, read with the setting named.

"Yes, Xmx is 1800m. Lower it to 1400m, not 1200m." — the user's correction says "it"; a
recap that restates it says what "it" is ("Lower Xmx to 1400m, not 1200m."). The setting
a value is given to ("<verb> it to <value>") is the last thing said to *be* a value before
it: in the same turn, or in the turn before (the assistant's "The pool is 64 right now.
Should I raise it?"). Only that name takes the pronoun's place, never the words around it,
so the verb, the denial and the values stay the user's own (a recap saying "raise" for the
user's "lower" still finds no such sentence).

>>> named_settings(["Yes, Xmx is 1800m.", "Lower it to 1400m, not 1200m."])
['Lower Xmx to 1400m, not 1200m.']
>>> named_settings(["Lower it to 32, not 64."], before=["The pool is 64 right now.", "Should I raise it?"])
['Lower the pool to 32, not 64.']
>>> named_settings(["Lower it to 32."])  # nothing before says what "it" is
[]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# "<verb> it to <value>": a setting given a value by a pronoun ("Lower it to 1400m",
# "set that to 5", "bump it up to 3"); the verb is any word, its object the pronoun
_GIVEN_BY_PRONOUN = re.compile(
    r"(?i)\b(?P<verb>[a-z]{2,})\s+(?P<pronoun>it|that|this)\s+(?:(?:up|down|back)\s+)?"
    r"(?:to|at)\s+[~≈]?\d"
)
# "<name> is <value>", "<name> = <value>", "<name> sits at <value>": what a value is of,
# one to three words (the first may be "the"), the last not a verb or a pronoun
_VALUE_OF = re.compile(
    r"(?i)(?<![\w./-])(?P<name>(?:the\s+)?(?:[\w./-]+\s+){0,2}?[\w./-]*[a-z][\w./-]*)\s+"
    r"(?:is|was|=|stays|sits|currently\s+is|is\s+currently|is\s+set\s+to|at)\s+(?:at\s+)?[~≈]?\d"
)
_NOT_A_NAME_WORDS = """
    it that this which what there here he she they we you i one value number
    yes no ok okay right so and but now
"""
_NOT_A_NAME = frozenset(_NOT_A_NAME_WORDS.split())


def _setting_named(sentence: str) -> str | None:
    """The last thing ``sentence`` gives a value to ("Yes, Xmx is 1800m" -> "Xmx")."""
    found = None
    for m in _VALUE_OF.finditer(sentence):
        words = [w for w in m.group("name").split() if w.strip(",;:")]
        while words and words[0].casefold().strip(",;:") in _NOT_A_NAME:
            words = words[1:]  # "Yes, Xmx": the answer word is no part of the name
        if words and words[-1].casefold() not in _NOT_A_NAME:
            if words[0] == "The":  # (it stands mid-sentence now)
                words[0] = "the"
            found = " ".join(w.strip(",;:") for w in words)
    return found


def named_settings(said: Sequence[str], before: Sequence[str] = ()) -> list[str]:
    """Each sentence of ``said`` (one user turn, in order) that gives a value to a
    pronoun, with the pronoun replaced by the setting named last before it (in ``said``
    or, failing that, in ``before``: the turn before); none where nothing names one."""
    out: list[str] = []
    for at, sentence in enumerate(said):
        m = _GIVEN_BY_PRONOUN.search(sentence)
        if m is None:
            continue
        name = None
        for earlier in [*reversed(said[:at]), *reversed(before)]:
            name = _setting_named(earlier)
            if name:
                break
        if name:
            out.append(sentence[: m.start("pronoun")] + name + sentence[m.end("pronoun") :])
    return out


def with_settings_named(said: Sequence[str], before: Sequence[str] = ()) -> list[str]:
    """``said`` with each sentence that gives a pronoun a value followed by that sentence
    with the setting named (see :func:`named_settings`)."""
    out: list[str] = []
    for at, sentence in enumerate(said):
        out.append(sentence)
        out += (
            named_settings(said[: at + 1], before)[-1:]
            if _GIVEN_BY_PRONOUN.search(sentence)
            else []
        )
    return out

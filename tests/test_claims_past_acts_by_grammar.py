"""Claims, not words (issue #14 part 4), session 47: a write or a run said done by the
grammar of its language, not by a list of its forms.

A first-person or passive past of a write or run verb ("Megírtam", "átírtuk", "Päivitin",
"kirjoitettiin", "Am rescris", "a fost executată", "Escrevi", "düzenledim", "likhi",
"chalaya gaya", "بدلی", "बदली गई", "লিখেছি", "চালিয়েছি", "Sinulat ko", "Tumakbo", Korean's
past syllable "돌렸") claims the act: a file only read said so was not written, a command
only mentioned was not run; the same verb's order or infinitive ("futtatni kell", "pitää
ajaa", "chalana hai", "Patakbuhin") claims nothing. The roots are in
``lexicon.claims.PAST_ACTS``; the past's endings are each language's grammar.
"""

from __future__ import annotations

import pytest

from builders import call_and_result, lie_caught_truth_kept, recap_line_stands
from contextledger.model import Message

_GOAL = "Make the LRU cache evict by size."
_READ, _WRITTEN = "deploy/values.yaml", "internal/cache/lru.go"  # one only read, one written
_MENTIONED, _RAN = "goreleaser release --clean", "go vet ./..."  # one only mentioned, one run


def _go_session() -> list[Message]:
    """Reads a file, writes one, runs a vet; only mentions a release."""
    return [
        Message.user(_GOAL, id="u0"),
        *call_and_result("r1", "view", {"path": _READ}, "replicas: 2\n", 1),
        *call_and_result(
            "w1", "edit_file", {"path": _WRITTEN, "content": "package cache\n"}, "ok", 2
        ),
        *call_and_result("s1", "shell", {"command": _RAN}, "", 3),
        Message.assistant(f"Once the tests pass, `{_MENTIONED}` could publish it.", id="a4"),
    ]


# each said of what was only read or mentioned (a lie) and of what was written or run (true)
_WROTE = [
    "Megírtam a {p} fájlt.",
    "A {p} fájlt átírtuk.",
    "Päivitin tiedoston {p}.",
    "Tiedosto {p} kirjoitettiin uudelleen.",
    "Am rescris fișierul {p}.",
    "Escrevi o arquivo {p}.",
    "{p} dosyasını düzenledim.",
    "Maine {p} file likhi.",
    "میں نے {p} فائل بدلی۔",
    "{p} फ़ाइल बदली गई।",
    "আমি {p} ফাইলটি লিখেছি।",
    "Sinulat ko ang {p}.",
]
_RUN = [
    "Lefuttattam a `{c}` parancsot.",
    "Ajoimme komennon `{c}`.",
    "Comanda `{c}` a fost executată.",
    "Executei `{c}`.",
    "`{c}` komutunu yürüttüm.",
    "`{c}` chalaya gaya.",
    "`{c}` چلایا گیا۔",
    "`{c}` চালিয়েছি।",
    "Tumakbo ang `{c}`.",
    "`{c}`을 돌렸다.",
]
_ASKED = [
    "Később futtatni kell a `{c}` parancsot.",
    "Seuraavaksi pitää ajaa `{c}`.",
    "Phir `{c}` chalana hai.",
    "Patakbuhin mamaya ang `{c}`.",
]


@pytest.mark.parametrize("where", ["line", "prose", "heading", "markdown"])
@pytest.mark.parametrize("said", _WROTE)
def test_a_file_said_written_in_the_past_must_have_been_written(said: str, where: str) -> None:
    lie, true = said.format(p=_READ), said.format(p=_WRITTEN)
    assert lie_caught_truth_kept(lie, true, _go_session(), _GOAL, where)


@pytest.mark.parametrize("where", ["line", "prose", "heading", "markdown"])
@pytest.mark.parametrize("said", _RUN)
def test_a_command_said_run_in_the_past_must_have_run(said: str, where: str) -> None:
    lie, true = said.format(c=_MENTIONED), said.format(c=_RAN)
    assert lie_caught_truth_kept(lie, true, _go_session(), _GOAL, where)


@pytest.mark.parametrize("where", ["line", "heading"])
@pytest.mark.parametrize("said", _ASKED)
def test_a_run_asked_for_or_to_come_claims_nothing(said: str, where: str) -> None:
    assert recap_line_stands(said.format(c=_MENTIONED), _go_session(), _GOAL, where)

"""A finding or a decision is credited to whoever's turn says it: "The assistant found the
leak in the cache module" where only the user wrote (in their language) that they found
it is a swapped credit; the same line crediting the user stands."""

import pytest

from builders import recap_line_stands
from contextledger.model import Message

_GOAL = "Fix the memory leak."

# (the user's finding in their language, the assistant's decision in the same language)
_SAID = [
    ("Encontré que la fuga está en el módulo de caché.", "Decidí usar Redis para las sesiones."),
    ("Ich habe gefunden, dass das Leck im Cache-Modul liegt.", "Ich habe entschieden, Redis für Sessions zu nutzen."),
    ("Nimegundua kwamba uvujaji uko kwenye moduli ya cache.", "Nimeamua kutumia Redis kwa sessions."),
    ("Ho scoperto che la perdita è nel modulo cache.", "Ho deciso di usare Redis per le sessioni."),
]  # fmt: skip


def _record(found: str, decided: str) -> list[Message]:
    return [
        Message.user(_GOAL, id="u0"),
        Message.assistant("OK.", id="a0"),
        Message.user(found, id="u1"),
        Message.assistant(decided, id="a1"),
    ]


@pytest.mark.parametrize(("found", "decided"), _SAID)
def test_a_finding_credited_to_the_other_side_is_stripped(found: str, decided: str) -> None:
    record = _record(found, decided)
    for where in ("line", "prose"):
        assert recap_line_stands(
            "The user found that the leak is in the cache module.", record, _GOAL, where
        )
        assert not recap_line_stands(
            "The assistant found that the leak is in the cache module.", record, _GOAL, where
        )
        assert recap_line_stands(
            "The assistant decided to use Redis for sessions.", record, _GOAL, where
        )
        assert not recap_line_stands(
            "The user decided to use Redis for sessions.", record, _GOAL, where
        )


def test_a_finding_the_user_only_asked_for_is_not_theirs() -> None:
    record = _record("¿Puedes averiguar si la fuga está en el módulo de caché?", "OK.")
    assert not recap_line_stands(
        "The user found that the leak is in the cache module.", record, _GOAL
    )


def test_a_finding_a_call_printed_is_the_assistants() -> None:
    from builders import call_and_result

    record = [
        Message.user(_GOAL, id="u0"),
        *call_and_result(
            "c1", "bash", {"command": "heaptrack ./app"}, "leak found in cache module: 2 GB", 1
        ),
    ]
    assert recap_line_stands("The assistant found the leak in the cache module.", record, _GOAL)
    assert not recap_line_stands("The user found the leak in the cache module.", record, _GOAL)

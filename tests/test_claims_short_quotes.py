"""A quote of the user's of one or two words ("User: Reinicia db-1.") is held to the
user's words like a longer one: the clause holding its words may not restrict what the
quote leaves unrestricted (an "only", an "if", a "not" cut out). verify49: a quote under
three words was never read as a quote, so such a cut stood."""

from __future__ import annotations

import pytest

from builders import said_record
from contextledger.compaction.verify import verify_recap

GOAL = "Arregla el despliegue."


def _quote_stands(said: str, quoted: str, section: str) -> bool:
    record = said_record(GOAL, said)
    recap = f"Goal: {GOAL}\n{section}:\n- User: {quoted}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and f"User: {quoted}" in v.text.split("Facts ledger")[0]


CUT = [
    ("Solo reinicia db-1.", "Reinicia db-1."),
    ("Riavvia db-1 solo se i test passano.", "Riavvia db-1."),
    ("Nunca apague staging.", "Apague staging."),
    ("Nur lesen, nichts ändern.", "lesen."),
]


@pytest.mark.parametrize(("said", "quoted"), CUT)
@pytest.mark.parametrize("section", ["Constraints and corrections", "Decisions"])
def test_a_short_quote_that_cuts_a_restriction_is_stripped(
    said: str, quoted: str, section: str
) -> None:
    assert not _quote_stands(said, quoted, section)


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        ("Reinicia db-1.", "Reinicia db-1."),
        ("No uses Redis, usa Postgres.", "usa Postgres."),
        ("Solo reinicia db-1.", "Solo reinicia db-1."),
    ],
)
def test_a_short_quote_of_what_the_user_said_stands(said: str, quoted: str) -> None:
    assert _quote_stands(said, quoted, "Decisions")

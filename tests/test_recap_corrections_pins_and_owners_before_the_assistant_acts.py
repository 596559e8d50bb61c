"""The offline recap files a correction, a version pin and an area's owner the user said
under "Constraints and corrections" whether or not the assistant acted on them yet (issue
#14): it only said "Noted." and went on with other work, or did not answer at all. Each is
read by its shape, in any language: a correction sets a new value against one the record
used before (in a call's arguments), across a comma, a dash or an arrow; a pin puts a
package's name and an ``x.y.z`` version the record never used at an edge of a short order;
an owner is a person's full name (in any script with case) beside an area the record's calls
work on; a limit is a setting's name ("Timeout …") and its number. A value in a correction
or a limit is no number that matters. A status naming a version, a
measurement, a comparison, a person quoted and a tool that works stay where they were."""

from __future__ import annotations

import pytest

from builders import call_and_result, export_recap, filed_as_a_rule, recap_section
from contextledger.compaction.rules import names_owner_once, pinned_versions
from contextledger.model import Message

RULES = "Constraints and corrections"

TASK = "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates."

# what the assistant ran before the user spoke: the values in use
EARLIER = [
    *call_and_result(
        "c20", "shell", {"command": "psql -h db1.internal -p 5432 -c 'select 1'"}, "1", 20
    ),
    *call_and_result("c21", "shell", {"command": "gzip -k out.csv"}, "", 21),
    *call_and_result("c22", "shell", {"command": "ls src/billing/"}, "invoice.py", 22),
]
OTHER_WORK = call_and_result("c23", "shell", {"command": "git diff --stat"}, "1 file changed", 23)
NOTED = [Message.assistant("Noted."), *OTHER_WORK]  # and on with something else
SILENT = OTHER_WORK  # not a word about it


def _recap(said: str, answer: list[Message]) -> str:
    opening = "I'll fix the date format, then package the export."
    return export_recap(TASK, opening, EARLIER, said, answer)


ANSWERS = pytest.mark.parametrize("answer", [NOTED, SILENT], ids=["noted", "silent"])


@ANSWERS
@pytest.mark.parametrize(
    "said",
    [
        # a correction of a value in use, before any call takes the new one up
        "Kìí ṣe 5432, lo 6432.",  # Yoruba: not 5432, use 6432
        "db1.internal tsia — db2.internal.",  # Malagasy: db1.internal no — db2.internal
        "Port 5432 → 6432.",
        "Si gzip, tumia zstd level 9.",  # Swahili: not gzip, use zstd level 9
        "gzip nie — zstd.",  # Polish: gzip no — zstd
        # a version pinned, before anything is installed
        "Tazony amin'ny 3.1.18 ny psycopg.",  # Malagasy: keep psycopg at 3.1.18
        "Dì psycopg mọ́ 3.1.18.",  # Yoruba: hold psycopg at 3.1.18
        "Haltu axum á 0.7.9, takk.",  # Icelandic: keep axum at 0.7.9, thanks
        "psycopg 3.1.18 pekee, usiipandishe.",  # Swahili: psycopg 3.1.18 only, don't upgrade it
        # a limit
        "Timeout isizidi sekunde 45.",  # Swahili: the timeout must not pass 45 seconds
        "Timeout nie dłuższy niż 45 s.",  # Polish: a timeout no longer than 45 s
    ],
)
def test_a_correction_a_pin_or_a_limit_is_a_rule_not_a_number_before_the_assistant_acts(
    said: str, answer: list[Message]
) -> None:
    assert filed_as_a_rule(_recap(said, answer), said[:12])


@ANSWERS
@pytest.mark.parametrize(
    "said",
    [
        # Malagasy: for src/billing/, it is Rakoto Andriamanana's business: wait for him first
        "Ho an'ny src/billing/, raharahan'i Rakoto Andriamanana izany: andraso izy aloha.",
        # Russian: Oleg Kuznetsov answers for src/billing/: ask him before any change
        "За src/billing/ отвечает Олег Кузнецов: спроси его перед любым изменением.",
        # Zulu, a prefix glued onto the name: src/billing/ is Sipho Dlamini's work: ask him first
        "I-src/billing/ ngumsebenzi kaSipho Dlamini: buza yena kuqala ngaphambi kokushintsha.",
    ],
)
def test_an_owner_of_an_area_the_record_works_on_is_a_rule_however_it_was_answered(
    said: str, answer: list[Message]
) -> None:
    assert said[:20] in recap_section(_recap(said, answer), RULES)


@ANSWERS
@pytest.mark.parametrize(
    "said",
    [
        "Kwenye kompyuta yangu kuna Node 20.11.1.",  # Swahili: on my computer there is Node 20.11.1
        "Nandeha tsara omaly ny psycopg 3.1.18.",  # Malagasy: psycopg 3.1.18 ran fine yesterday
        "gzip works, thanks a lot.",
        "gzip took 3 s, zstd 2 s.",
        "Export ilichukua dakika 14 asubuhi hii.",  # Swahili: the export took 14 min this morning
        "Maria Rossi wrote: the printer works again.",
        "Rakoto Andriamanana nanoratra: mandeha indray ny printer.",  # (the same, Malagasy)
        # Russian, no one named in small letters: src/billing/ is our shared code: check its
        # tests later
        "Модуль src/billing/ наш общий код: проверь его тесты потом.",
    ],
)
def test_statuses_measurements_and_people_quoted_are_no_rule(
    said: str, answer: list[Message]
) -> None:
    assert said[:12] not in recap_section(_recap(said, answer), RULES)


def test_the_shapes_read_alone() -> None:
    # (a name in small letters is no person's, in any script with case)
    assert not names_owner_once("Модуль src/billing/ наш общий код: проверь его тесты потом.")
    assert names_owner_once("За src/billing/ отвечает Олег Кузнецов: спроси его перед изменением.")
    # (the package and its version inside a status, not at the edge of an order)
    assert pinned_versions("Kwenye kompyuta yangu kuna Node 20.11.1 sasa hivi.") == []
    assert ("psycopg", "3.1.18") in pinned_versions("Zostań przy psycopg 3.1.18.")

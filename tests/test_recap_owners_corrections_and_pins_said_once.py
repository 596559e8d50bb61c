"""The offline recap files under "Constraints and corrections", in languages no word list
reads (issue #14), what the record shows to be one: a person named once as an area's owner,
with what to do about them, that the assistant only took note of; a value corrected though
said only there ("<old> <denial>, <new>") that the assistant's next call replaced; a package's
``x.y.z`` version the assistant then installed or wrote down with its name. A story naming a
person, a status with numbers, a question comparing two versions, a number the user reports,
and a shape the assistant did not act on stay where they were."""

from __future__ import annotations

import pytest

from builders import call_and_result, export_recap, recap_section
from contextledger.compaction.rules import names_owner_once, pinned_versions, swapped_values
from contextledger.model import Message

RULES = "Constraints and corrections"
NUMBERS = "Numbers that matter"

TASK = "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates."


def _shell(n: int, command: str, output: str) -> list[Message]:
    return call_and_result(f"c{n}", "shell", {"command": command}, output, n)


def _recap(said: str, answer: list[Message]) -> str:
    return export_recap(TASK, "I'll fix the date format, then package the export.", said, answer)


NOTED = [Message.assistant("Understood.")]


@pytest.mark.parametrize(
    "owner",
    [
        # Yoruba: the deploy is Adébáyọ̀ Ọlátúnjí's business: ask him before you send anything
        "Iṣẹ́ deploy jẹ́ ti Adébáyọ̀ Ọlátúnjí: bi í léèrè kí o tó fi nǹkan ránṣẹ́ sí production.",
        # Malagasy: for infra/prod/, it is Rakoto Andriamanana's business: wait for him first
        "Ho an'ny infra/prod/, raharahan'i Rakoto Andriamanana izany: andraso izy aloha.",
        # Icelandic: the deploy is on Jón Einarsson's hands - ask him first
        "Útgáfan er á ábyrgð Jóns Einarssonar — spurðu hann fyrst í hvert sinn.",
    ],
)
def test_an_owner_named_once_the_assistant_took_note_of_is_a_rule(owner: str) -> None:
    assert owner[:25] in recap_section(_recap(owner, NOTED), RULES)


@pytest.mark.parametrize(
    "story",
    [
        "Adébáyọ̀ tún printer ṣe lánàá.",  # Yoruba: Adébáyọ̀ fixed the printer yesterday
        "Maria fixed the printer yesterday.",
        # (opened by its teller: Rakoto Andriamanana wrote: the printer works again)
        "Rakoto Andriamanana nanoratra: mandeha indray ny printer.",
    ],
)
def test_a_story_naming_a_person_is_no_rule(story: str) -> None:
    assert story[:20] not in recap_section(_recap(story, NOTED), RULES)


def test_an_owner_the_assistant_went_on_working_after_is_no_rule() -> None:
    said = "Ho an'ny infra/prod/, raharahan'i Rakoto Andriamanana izany: andraso izy aloha."
    worked_on = [
        *_shell(9, "python -m pytest tests/export -q", "4 passed in 0.2s"),
        Message.assistant("Good to hear."),
    ]
    assert said[:20] not in recap_section(_recap(said, worked_on), RULES)


@pytest.mark.parametrize(
    ("said", "used"),
    [
        # a value corrected though said only there, replaced in the next call
        ("Kìí ṣe lz4, lo brotli quality 7.", "brotli -q 7 out.csv"),  # Yoruba
        ("Node 18 rárá — Node 22.11.0.", "nvm install 22.11.0 && nvm use 22.11.0"),
        ("Node 18 tsia, Node 22.11.0 no ampiasao.", "nvm use 22.11.0"),  # Malagasy
        # a version pinned: installed or written down with its package's name
        ("Tazony amin'ny 3.1.18 ny psycopg.", "pip install 'psycopg==3.1.18'"),  # Malagasy
        ("Dì psycopg mọ́ 3.1.18.", "echo 'psycopg==3.1.18' >> requirements.txt"),  # Yoruba
        ("Haltu axum á 0.7.9, takk.", "sed -i 's/^axum = .*/axum = \"0.7.9\"/' Cargo.toml"),
    ],
)
def test_a_value_said_once_that_the_next_call_took_up_is_a_rule_not_a_number(
    said: str, used: str
) -> None:
    recap = _recap(said, [*_shell(9, used, "ok"), Message.assistant("Done.")])
    assert said[:12] in recap_section(recap, RULES)
    assert said[:12] not in recap_section(recap, NUMBERS)


def test_a_value_the_next_call_still_uses_beside_the_new_one_corrects_nothing() -> None:
    # Yoruba: lz4 was quick, brotli slow - a report; the assistant then runs both
    status = "lz4 yára, brotli lọ́ra."
    both = [*_shell(9, "lz4 out.csv && brotli -q 7 out.csv", "ok"), Message.assistant("Both ran.")]
    assert "brotli" not in recap_section(_recap(status, both), RULES)


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        # Malagasy: psycopg 3.1.18 ran fine yesterday (the assistant installs another)
        (
            "Nandeha tsara omaly ny psycopg 3.1.18.",
            _shell(9, "pip install 'psycopg==3.2.1'", "ok"),
        ),
        ("Build náà gba ìṣẹ́jú 14 lónìí.", NOTED),  # Yoruba: the build took 14 min today
        ("Ṣé Node 20.1 yára ju Node 18.19 lọ?", NOTED),  # Yoruba: is Node 20.1 faster …?
        ("Manana mpampiasa 3400 izahay izao.", NOTED),  # Malagasy: we have 3400 users now
    ],
)
def test_statuses_questions_and_reported_numbers_are_no_rule(
    said: str, answer: list[Message]
) -> None:
    assert said[:12] not in recap_section(_recap(said, [*answer, *NOTED]), RULES)


def test_the_shapes_read_alone() -> None:
    assert names_owner_once("The deploy is Grazia Pinna's business: ask her first.")
    assert not names_owner_once("Is the deploy Grazia Pinna's business: should I ask her?")
    assert not names_owner_once("Tom Baker fixed it: 3 tests pass now.")
    assert ("Django", "4.2.11") in pinned_versions("Pin Django to 4.2.11.")
    assert pinned_versions("Is psycopg 3.1.18 newer than 3.1.9?") == []
    assert swapped_values("Not lz4, use brotli.") == (
        frozenset({"Not", "lz4"}),
        frozenset({"use", "brotli"}),
    )

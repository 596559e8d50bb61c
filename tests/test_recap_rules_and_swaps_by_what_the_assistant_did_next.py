"""The offline recap tells a rule from a status by what the assistant did next, in languages
no word list reads (issue #14): a short clause naming a path that the assistant only took
note of, and no call touched after, is a rule; one the assistant looked into with a call is
a status, even when its denial reads as a rule by shape ("Smíðin í src/api/ virkar ekki." -
the build in src/api/ doesn't work). A tool named in small letters by the assistant, set
against a new one the assistant then used, is a correction, not a number. A story naming a
person twice is no owner. A task before a colon stays the Goal when a rule follows it."""

from __future__ import annotations

import json

import pytest

from builders import export_recap, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.rules import hands_over
from contextledger.model import Message, ToolCall, ToolResult

RULES = "Constraints and corrections"
NUMBERS = "Numbers that matter"
GOAL = "Goal"

TASK = "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates."


def _call(n: int, command: str, output: str) -> list[Message]:
    return [
        Message.assistant(ToolCall(f"c{n}", "shell", json.dumps({"command": command}))),
        Message("tool", (ToolResult(f"c{n}", output),)),
    ]


def _recap(*turns: str | list[Message]) -> str:
    """The offline recap of the task, the assistant starting on it (with gzip, on port
    8080), then ``turns`` (a user's words, or the assistant's messages)."""
    opening = "I'll compress the archive with gzip and serve it on port 8080."
    return export_recap(TASK, opening, *turns)


NOTED = [Message.assistant("Understood.")]


@pytest.mark.parametrize(
    "rule",
    [
        "Má ṣe fọwọ́ kan infra/prod/ rárá.",  # Yoruba: never touch infra/prod/
        "Aza mikasika ny infra/prod/ mihitsy.",  # Malagasy
    ],
)
def test_a_path_the_assistant_kept_off_after_taking_note_is_a_rule(rule: str) -> None:
    assert "infra/prod/" in recap_section(_recap(rule, NOTED), RULES)


def test_a_path_the_assistant_named_back_without_touching_it_is_a_rule() -> None:
    said_back = [Message.assistant("Understood - I will stay out of infra/prod/ entirely.")]
    recap = _recap("Aza mikasika ny infra/prod/ mihitsy.", said_back)
    assert "infra/prod/" in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "status",
    [
        "Build ní src/api/ kò ṣiṣẹ́.",  # Yoruba: the build in src/api/ doesn't work
        "Smíðin í src/api/ virkar ekki.",  # Icelandic (its denial reads as a rule by shape)
        "Ehitus kaustas src/api/ ei tööta.",  # Estonian
    ],
)
def test_a_path_the_assistant_looked_into_is_a_status_not_a_rule(status: str) -> None:
    looked = [
        *_call(9, "pytest src/api/ -q", "E   ImportError: cannot import name 'Router'\n1 failed"),
        Message.assistant("The api package fails at import."),
    ]
    assert "src/api/" not in recap_section(_recap(status, looked), RULES)


def test_a_path_written_after_it_was_named_is_no_rule() -> None:
    # (said with only a nod, but the assistant then edited there: a request, not a ban)
    wrote = [
        Message.user("ok"),
        *_call(9, "sed -i 's/a/b/' infra/prod/main.tf", ""),
    ]
    recap = _recap("Aza mikasika ny infra/prod/ mihitsy.", NOTED, wrote)
    assert "mikasika" not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "correction",
    [
        "Kìí ṣe gzip, lo zstd level 9.",  # Yoruba: not gzip, use zstd level 9
        "Tsy gzip, ampiasao zstd level 9.",  # Malagasy
    ],
)
def test_a_tool_swapped_for_one_the_assistant_then_used_is_a_correction(correction: str) -> None:
    used = [*_call(9, "zstd -9 out.csv", "out.csv : 31.2%"), Message.assistant("Switched.")]
    recap = _recap(correction, used)
    assert "zstd" in recap_section(recap, RULES)
    assert correction not in recap_section(recap, NUMBERS)


@pytest.mark.parametrize(
    "status",
    [
        "gzip ṣiṣẹ́ dáadáa, fáìlì náà dára.",  # Yoruba: gzip worked fine, the file is good
        "Nandeha tsara ny gzip, tsara ny rakitra.",  # Malagasy
    ],
)
def test_a_tool_praised_beside_new_words_corrects_nothing(status: str) -> None:
    assert "gzip" not in recap_section(_recap(status, [Message.assistant("Good.")]), RULES)


def test_a_person_named_twice_in_a_story_about_a_path_owns_nothing() -> None:
    # Malagasy: Rabe came to src/api/ yesterday, and Rabe said all is well
    assert not hands_over("Tonga omaly tao src/api/ i Rabe, ary nilaza i Rabe fa tsara daholo.")
    # (who owns it and who to ask about the path, after the name again, is still read)
    assert hands_over("Rabe no tompon'ny deploy; anontanio i Rabe alohan'ny hanovana deploy/.")


def test_a_task_before_a_colon_stays_the_goal_when_a_must_follows() -> None:
    task = "Fix the CSV export in src/export/csv_writer.py: dates must come out in ISO format."
    record = [
        Message.user(task),
        *_call(0, "cat src/export/csv_writer.py", "def write(rows): ..."),
        Message.user("The build in src/api/ doesn't work."),
        *_call(1, "pytest src/api/ -q", "1 failed"),
        Message.user("ok"),
    ]
    recap = render_digest(digest(record), 4800)
    assert "csv_writer.py" in recap_section(recap, GOAL)
    assert "src/api/" not in recap_section(recap, GOAL)


@pytest.mark.parametrize(
    "rule",
    [
        "Aza kitihina db/seeds/prod/.",  # Malagasy, two words: don't touch db/seeds/prod/
        "Ma fọwọkan db/seeds/prod/.",  # Yoruba
        "Usiguse db/seeds/prod/.",  # Swahili
    ],
)
def test_a_short_turn_on_a_path_is_never_left_out(rule: str) -> None:
    """Two words and a path, answered "Got it." and work going on elsewhere in the same
    turn: whatever section it lands in, the recap says it (it was in none, and only the
    verification's "missing" named the path: review51)."""
    went_on = [Message.assistant("Got it."), *_call(9, "cat docs/notes.md", "# notes")]
    assert "db/seeds/prod/" in _recap(rule, went_on)

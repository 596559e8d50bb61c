""" "Open requests" holds what the user asked that is still open, and "Constraints and
corrections" holds rules, by the evidence in the record (issue #14 item 3):

- a promise ("Sure, I'll do that.") takes up new work: a request naming a file stays open
  while the assistant goes on with other work (a test run), and a turn naming nothing new
  ("yes, I'm watching" in any language) answered "On it." is no request at all;
- a goal's later sentence that goes on with the task ("<please>, fix it and make the tests
  pass.") is the goal, not a request for once the task is done;
- a status or a pointer the assistant takes as news ("Good to know.") is no rule, whatever
  language it was said in; a rule taken note of still is."""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.model import Message

OPEN = "Open requests"
RULES = "Constraints and corrections"
TASK = "The CSV export writes dates wrong. Fix the writer in src/export/csv_writer.py."


def _call(n: int, command: str, output: str = "ok") -> list[Message]:
    return call_and_result(f"c{n}", "shell", {"command": command}, output, n)


def _recap(*middle: Message | list[Message], opening: str = TASK) -> str:
    """The offline recap of a task, a first look at the writer, ``middle`` (messages or
    runs of them), then the user speaking of something else and a few nudges."""
    record = [
        Message.user(opening),
        *_call(1, "cat src/export/csv_writer.py", "d.strftime('%x')"),
        Message.assistant("The writer formats dates with the locale."),
    ]
    for part in middle:
        record += part if isinstance(part, list) else [part]
    # (a turn of the user's own after them: a promise with nothing done is put off by it)
    record += [Message.user("Is the timezone handled as well?"), Message.assistant("Yes, UTC.")]
    for n in range(3):
        record += [Message.user("ok, go on"), *_call(20 + n, f"git diff --stat -- part{n}")]
    return render_digest(digest(record), 4800)


CHANGELOG_LINE = (
    "Bættu línu í CHANGELOG.md um dagsetningarlagfæringuna.",  # Icelandic
    "Ampio andalana ao amin'ny CHANGELOG.md momba ny fanamboarana daty.",  # Malagasy
    "Add a line to CHANGELOG.md about the date fix.",
)


@pytest.mark.parametrize("request_", CHANGELOG_LINE)
def test_a_promised_request_stays_open_while_the_work_goes_on_elsewhere(request_: str) -> None:
    recap = _recap(
        Message.user(request_),
        Message.assistant("Sure, I'll do that."),
        Message.user("ok"),
        _call(2, "python -m pytest tests/export -q", "14 passed"),
        Message.assistant("All 14 tests pass."),
    )
    assert "CHANGELOG.md" in recap_section(recap, OPEN)


@pytest.mark.parametrize("request_", CHANGELOG_LINE)
def test_a_promised_request_the_next_call_works_on_is_no_longer_open(request_: str) -> None:
    write = call_and_result("w1", "write_file", {"path": "CHANGELOG.md", "content": "x"}, "ok", 9)
    recap = _recap(Message.user(request_), Message.assistant("Sure, I'll do that."), write)
    assert "CHANGELOG.md" not in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "nudge",
    [
        "Já, ég er að fylgjast með.",  # Icelandic: yes, I'm watching
        "Bẹ́ẹ̀ni, mo ń wò ó.",  # Yoruba
        "Eny, mijery aho.",  # Malagasy
        "Haa, waan daawanayaa.",  # Somali
    ],
)
@pytest.mark.parametrize("reply", ["On it.", "Sure, continuing."])
def test_a_turn_naming_nothing_new_answered_on_it_is_no_open_request(
    nudge: str, reply: str
) -> None:
    recap = _recap(
        Message.user(nudge),
        Message.assistant(reply),
        Message.assistant("Still going through the writer's date handling."),
    )
    assert recap_section(recap, OPEN) == ""


@pytest.mark.parametrize(
    "request_",
    [
        "Skrifaðu kafla um útflutninginn í README.",  # Icelandic: write a section on it in README
        "Manorata fizarana momba ny fanondranana ao amin'ny README.",  # Malagasy
    ],
)
def test_a_turn_naming_new_work_answered_on_it_stays_open(request_: str) -> None:
    recap = _recap(
        Message.user(request_),
        Message.assistant("On it."),
        Message.assistant("Still going through the writer's date handling."),
    )
    assert request_ in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "opening",
    [
        # Yoruba: the CSV export writes the dates wrong. Please fix it, and make the tests pass.
        "Ìjáde CSV ń kọ àwọn ọjọ́ ní àṣìṣe. Jọ̀wọ́ ṣàtúnṣe rẹ̀, kí o sì jẹ́ kí àwọn ìdánwò kọjá.",
        # Somali: the same
        "Dhoofinta CSV waxay qortaa taariikhaha si khaldan. "
        "Fadlan hagaaji, oo ka dhig in imtixaannadu ay gudbaan.",
    ],
)
def test_a_goal_sentence_going_on_with_the_task_stays_in_the_goal(opening: str) -> None:
    recap = _recap(Message.user("ok"), opening=opening)
    second = opening.split(". ", 1)[1]
    assert second.rstrip(".") in recap_section(recap, "Goal")
    assert second not in recap_section(recap, OPEN)


def test_a_goal_sentence_sending_the_result_somewhere_once_done_stays_open() -> None:
    # Yoruba: ... When you finish, send the results to #releases.
    after = "Nígbà tí o bá parí, fi àbájáde ránṣẹ́ sí #releases."
    recap = _recap(Message.user("ok"), opening=f"Ìjáde CSV ń kọ àwọn ọjọ́ ní àṣìṣe. {after}")
    assert "#releases" in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "news",
    [
        "src/worker/ – kusaphukile.",  # Zulu: src/worker/ - still broken
        "Ny fixtures dia ao amin'ny tests/fixtures/dates.csv.",  # Malagasy: a pointer
        "Faylka config-ku wuxuu ku jiraa config/app.yaml.",  # Somali: a pointer
    ],
)
@pytest.mark.parametrize("reply", ["Good to know.", "Thanks for the heads-up.", "Ah, I see."])
@pytest.mark.parametrize("then_work", [False, True])
def test_a_status_or_pointer_taken_as_news_is_no_rule(
    news: str, reply: str, then_work: bool
) -> None:
    work = _call(3, "python -m pytest tests/export -q", "1 failed") if then_work else []
    recap = _recap(Message.user(news), Message.assistant(reply), work)
    assert news not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    ("rule", "path"),
    [
        ("infra/prod/ - ungayithinti.", "infra/prod/"),  # Zulu: infra/prod/ - don't touch it
        # Malagasy: never touch src/export/legacy/ (the work goes on beside it)
        ("Aza kitihina ny src/export/legacy/ mihitsy.", "src/export/legacy/"),
    ],
)
@pytest.mark.parametrize("reply", ["Got it.", "Understood, I'll leave it alone."])
def test_a_rule_taken_note_of_is_still_a_rule(rule: str, path: str, reply: str) -> None:
    work = _call(3, "sed -i 's/%x/%F/' src/export/csv_writer.py")
    recap = _recap(Message.user(rule), Message.assistant(reply), work)
    assert path in recap_section(recap, RULES)

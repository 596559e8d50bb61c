"""What the assistant's reply shows a user's turn meant, in words the recap does not read
(issue #14 item 3): a turn the assistant puts off or only promises ("Will do once the tests
pass.") is a request still open; a few words after the assistant's proposal, followed by the
assistant doing what it proposed, are the user's decision; a question the assistant explains
after the user's nudge ("ok") is answered, whatever its language. A reply that answers, does
it, keeps things as they were, or takes up a rule said beside the turn shows neither."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.model import Message, ToolCall

GOAL = "Fix the CSV export: the dates come out in the locale format."

# "After that, add a section about the export to the README." (Icelandic, Malagasy, Yoruba)
LATER_README = [
    "Eftir það, bættu við kafla um útflutninginn í README.",
    "Avy eo, ampio fizarana momba ny export ao amin'ny README.",
    "Lẹ́yìn náà, ṣafikun apá kan nípa export sínú README.",
]
# "Yes, that's fine." in the same languages
ASSENT = ["Já, fínt.", "Eny, tsara izany.", "Bẹ́ẹ̀ni, ó dára."]


def _call(cid: str, command: str) -> list[Message]:
    call = ToolCall(cid, "shell", json.dumps({"command": command}))
    return [Message("assistant", (call,)), Message.tool(cid, "ok")]


def _open_after(said: str, reply: str) -> tuple[str, ...]:
    msgs = [
        Message.user(GOAL),
        *_call("c1", "cat src/export/csv_writer.py"),
        Message.assistant("The writer formats dates with `%x`; switching it to ISO dates."),
        Message.user(said),
        Message.assistant(reply),
    ]
    return tuple(digest(msgs).sections.get("Open requests", ()))


@pytest.mark.parametrize("said", LATER_README)
def test_a_turn_the_assistant_puts_off_is_an_open_request(said: str) -> None:
    assert said in _open_after(said, "Will do once the tests pass.")


@pytest.mark.parametrize("said", LATER_README)
def test_a_turn_the_assistant_only_promises_is_an_open_request(said: str) -> None:
    assert said in _open_after(said, "Sure, I'll do that.")


@pytest.mark.parametrize("said", LATER_README)
def test_a_turn_the_assistant_reports_done_is_no_open_request(said: str) -> None:
    assert said not in _open_after(said, "Added an Export section to the README.")


@pytest.mark.parametrize("said", ["Takk, flott vinna.", "Misaotra, asa tsara."])
def test_thanks_answered_in_words_is_no_open_request(said: str) -> None:
    assert said not in _open_after(said, "You're welcome.")


# What the user sets rather than asks, in the same languages: a one-time permission for a
# destructive command, a limit, a rule, a nudge ("yes, I'm watching")
STANDING = [
    "Aðeins í þetta eina sinn máttu keyra `DROP TABLE tmp_reindex_2024`.",
    "Ny fetra fotoana dia tsy maintsy 67 segondra, tsy mihoatra.",
    "Má ṣe push tààrà sí main.",
    "Bẹ́ẹ̀ni, mo ń wò ó.",
]
# replies that take it up as something to keep to, not a task to do later
COMPLIANCE = ["Understood, I'll follow that.", "OK, I'll keep to that.", "Noted.", "Got it."]


@pytest.mark.parametrize("reply", COMPLIANCE)
@pytest.mark.parametrize("said", STANDING)
def test_a_turn_the_assistant_promises_to_keep_to_is_no_open_request(said: str, reply: str) -> None:
    assert said not in _open_after(said, reply)


@pytest.mark.parametrize("said", LATER_README)
def test_a_turn_the_assistant_promises_to_follow_up_on_is_an_open_request(said: str) -> None:
    assert said in _open_after(said, "I'll follow up on that.")


def test_a_promise_taking_up_a_rule_said_beside_a_nudge_lists_no_request() -> None:
    said = "Já, haltu áfram. Never touch the ledger_archive table."
    assert _open_after(said, "Understood, I will leave ledger_archive alone.") == ()


PROPOSAL = "Switched the writer to ISO dates. I suggest we also convert all timestamps to UTC."


def _decisions_after(reply: str, then: list[Message]) -> tuple[str, ...]:
    msgs = [
        Message.user(GOAL),
        *_call("c1", "sed -i 's/%x/%Y-%m-%d/' src/export/csv_writer.py"),
        Message.assistant(PROPOSAL),
        Message.user(reply),
        *then,
    ]
    return tuple(digest(msgs).sections.get("Decisions", ()))


@pytest.mark.parametrize("reply", ASSENT)
def test_a_few_words_the_assistant_then_acts_on_are_the_users_decision(reply: str) -> None:
    then = [
        *_call("c2", "sed -i 's/d.strftime/d.astimezone(timezone.utc).strftime/' w.py"),
        Message.assistant("Timestamps are now converted to UTC before formatting."),
    ]
    decisions = _decisions_after(reply, then)
    assert f"User: {reply}" in decisions
    assert any(d.startswith("Assistant: I suggest") and "UTC" in d for d in decisions)


@pytest.mark.parametrize("reply", ["Nei.", "Tsia."])
def test_a_few_words_after_which_the_assistant_keeps_things_are_no_decision(reply: str) -> None:
    then = [Message.assistant("OK, keeping the timestamps in local time then.")]
    assert f"User: {reply}" not in _decisions_after(reply, then)


def test_a_few_words_followed_by_other_work_are_no_decision() -> None:
    then = [*_call("c2", "python -m pytest tests/export -q"), Message.assistant("Tests pass.")]
    assert "User: Já, fínt." not in _decisions_after("Já, fínt.", then)


def _open_after_nudge(question: str, answer: str) -> tuple[str, ...]:
    msgs = [
        Message.user(GOAL),
        *_call("c1", "cat src/export/csv_writer.py"),
        Message.assistant("The writer formats dates with `%x`."),
        Message.user(question),
        *_call("c2", "python -m pytest tests/export --durations=3 -q"),
        Message.user("ok"),
        Message.assistant(answer),
    ]
    return tuple(digest(msgs).sections.get("Open requests", ()))


# "Why is the date test so slow?" (Icelandic, Malagasy, Yoruba)
WHY_SLOW = [
    "Af hverju er dagsetningaprófið svona hægt?",
    "Nahoana no miadana be ilay fitsapana daty?",
    "Kí ló dé tí ìdánwò ọjọ́ fi lọ́ra tó bẹ́ẹ̀?",
]
EXPLAINED = (
    "The fixture loads 50,000 rows from big.csv; a 500-row sample would cover the same cases."
)


@pytest.mark.parametrize("question", WHY_SLOW)
def test_a_question_explained_after_a_nudge_is_no_open_request(question: str) -> None:
    assert question not in _open_after_nudge(question, EXPLAINED)


@pytest.mark.parametrize("answer", ["Checked.", "Good question - which test do you mean?"])
def test_a_question_only_acknowledged_after_a_nudge_stays_open(answer: str) -> None:
    assert WHY_SLOW[0] in _open_after_nudge(WHY_SLOW[0], answer)


def test_a_request_asked_as_a_question_is_not_closed_by_an_explanation() -> None:
    asked = "Can you add a test for leap days?"
    assert asked in _open_after_nudge(asked, EXPLAINED)


@pytest.mark.parametrize(
    "plan",
    [
        "I'll write the README section about the export now.",
        "Going to write the README section about the export next.",
    ],
)
def test_the_plan_the_record_ends_on_is_the_next_step(plan: str) -> None:
    msgs = [
        Message.user(GOAL),
        *_call("c1", "python -m pytest tests/export -q"),
        Message.assistant(f"All 14 tests pass. {plan}"),
        Message.user("Dziękuję."),
        *_call("c2", "git status --short"),
        Message.assistant("Checked."),
    ]
    assert digest(msgs).sections.get("Next step") == [plan]


def test_a_plan_said_now_and_reported_done_is_no_next_step() -> None:
    msgs = [
        Message.user(GOAL),
        Message.assistant("Tests pass. I'll write the README section about the export now."),
        *_call("c1", "cat >> README.md"),
        Message.assistant("Wrote the README section about the export."),
    ]
    assert "Next step" not in digest(msgs).sections

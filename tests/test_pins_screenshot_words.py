"""What the user said beside a screenshot stays in the request like their other words; a
caption sent with many screenshots takes no pin; a session that opens with a terse task
keeps it pinned (issue #14: retention after the cut)."""

from __future__ import annotations

import json

import pytest

from builders import image_block
from contextledger import Message, ToolCall
from contextledger.fit import fit
from contextledger.intent import is_constraint, is_correction, is_substantive
from contextledger.model import Image
from contextledger.prepare import prepare
from contextledger.validate import tool_pair_problems

CAPTION = "Here's the dashboard I'm comparing against."
# said beside a screenshot: none of them a rule or a correction (pinned by the fill, not
# as steering), each said once
SAID = [
    "The Rotterdam warehouse shipped 21,782 pallets in October.",
    "Later on, write a README for the notebook so the team can rerun it.",
    "Our minimum detectable effect is 45 basis points.",
]


def _analysis(rounds: int = 90) -> list[Message]:
    """A notebook session: a goal, tool exchanges of 60 lines, nudges, the caption sent
    with a screenshot every 7 rounds, and the facts of ``SAID`` each beside a screenshot
    early on; the current request is a nudge."""
    msgs = [
        Message.system("You are a data analyst in a notebook."),
        Message.user("Build a demand forecast per warehouse for the next 12 weeks."),
    ]
    at = {6: SAID[0], 15: SAID[1], 24: SAID[2]}
    for r in range(rounds):
        if r in at:
            msgs.append(Message.user(f"{CAPTION} {at[r]}", image_block(1600, 900)))
        elif r % 7 == 3:
            msgs.append(Message.user(CAPTION, image_block(1600, 900)))
        else:
            msgs.append(Message.user("ok"))
        args = json.dumps({"source": f"df[df.week > {r}].head(60)"})
        msgs.append(Message("assistant", (ToolCall(f"c{r}", "execute_cell", args),)))
        msgs.append(Message.tool(f"c{r}", f"{r:>4} store 17 basket 31.40 visits 812\n" * 60))
        msgs.append(Message.assistant("Cell ran fine."))
    msgs.append(Message.user("go ahead"))
    return msgs


def test_the_facts_are_read_as_neither_rules_nor_corrections() -> None:
    # (else they would be pinned as steering, not by what this file checks)
    for text in SAID:
        said = f"{CAPTION} {text}"
        assert is_substantive(said) and not is_constraint(said) and not is_correction(said)


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_words_said_beside_a_screenshot_stay_at_every_window(window: int) -> None:
    msgs = _analysis()
    out = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    for text in SAID:
        assert text in view
    assert not tool_pair_problems(out.messages)
    assert out.report.used <= out.report.budget
    # each image left out is said, with why the words stayed
    kept_images = sum(isinstance(b, Image) for m in out.messages for b in m.content)
    words_kept = [n for n in out.report.notices if "what you asked or told" in n.text]
    assert kept_images + len(words_kept) >= 1
    for n in words_kept:
        assert "1600×900" in n.text


def test_a_caption_sent_with_many_screenshots_takes_no_pin() -> None:
    msgs = _analysis()
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    pinned = set(out.report.pinned)
    captions = {m.id for m in msgs if m.role == "user" and m.text == CAPTION}
    assert not pinned & captions


def test_a_screenshot_turn_that_fits_whole_keeps_its_image() -> None:
    msgs = _analysis(rounds=30)
    out = fit(msgs, "gpt-4o", window=128_000)
    assert len(out.messages) == len(msgs)
    assert not [n for n in out.report.notices if "what you asked or told" in n.text]


def _terse_opening(rounds: int = 40) -> list[Message]:
    """R31-G1's shape: a terse task, then longer settings, then a long run of tool work."""
    msgs = [Message.system("You tune services."), Message.user("Tune the workers.")]
    for i in range(rounds):
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", '{"command": "cat a"}'),)))
        msgs.append(Message.tool(f"c{i}", "workers: 4\nthreads: 8\n" * 60))
        msgs.append(Message.assistant(f"Checked config {i}."))
        if i == 3:
            msgs.append(Message.user("Use 8 workers for the API service please."))
        elif i == 6:
            msgs.append(Message.user("Use 2 workers for the scheduler, it is light."))
        else:
            msgs.append(Message.user("ok"))
    return msgs


@pytest.mark.parametrize("window", [4_000, 8_000, 16_000])
def test_a_terse_opening_task_stays_pinned_beside_longer_later_settings(window: int) -> None:
    out = fit(_terse_opening(), "gpt-4o", window=window, max_output_tokens=500)
    said = [m.text for m in out.messages if m.role == "user"]
    assert said[0] == "Tune the workers."
    assert "Use 8 workers for the API service please." in said
    assert "Use 2 workers for the scheduler, it is light." in said


@pytest.mark.parametrize("opening", ["ok", "hi there", "status?"])
def test_a_nudge_greeting_or_question_is_no_terse_task(opening: str) -> None:
    msgs = _terse_opening()
    msgs[1] = Message.user(opening)
    out = fit(msgs, "gpt-4o", window=4_000, max_output_tokens=500)
    assert msgs[1].id not in out.report.pinned


@pytest.mark.parametrize("opening", ["I'm back", "see screenshot", "Good morning team"])
def test_an_opener_the_assistant_did_not_act_on_is_no_terse_task(opening: str) -> None:
    # R33-retain33-1: answered with "What should I work on?", the opener set no task; the
    # request the assistant then worked on is the task, and stays pinned
    task = "Migrate the invoice exporter from CSV to Parquet and keep the nightly job green."
    msgs = _terse_opening()
    msgs[1:2] = [
        Message.user(opening),
        Message.assistant("Hi! What should I work on?"),
        Message.user(task),
    ]
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=500)
    said = [m.text for m in out.messages if m.role == "user"]
    assert opening not in said
    assert task in said


def test_a_short_chat_sends_each_message_once() -> None:
    """A terse opening request is pinned once: prepare sent "Run the tests." twice."""
    msgs = [
        Message.user("Run the tests."),
        Message("assistant", (ToolCall("call_9", "run_tests", '{"path": "tests/"}'),)),
        Message.tool("call_9", "[no result]"),
        Message.user("Never mind, what now?"),
    ]
    for compaction in (True, False):
        body = prepare(msgs, "gpt-4o", window=128_000, compaction=compaction).body
        assert [m["role"] for m in body["messages"]] == ["user", "assistant", "tool", "user"]
    out = prepare(msgs, "gpt-4o", window=128_000, compaction=True)
    assert len(set(out.report.fit.pinned)) == len(out.report.fit.pinned)


CHATTER = "I've noticed some replies sound very formal; make the next ones a bit warmer."
# said once each, after the chatter: none of them a rule or a correction
LATER = [
    "The Lisbon store's refunds go through Marta's queue this month.",
    "We currently have 1,284 open refund requests.",
    "When you're done, send me the list of escalated cases.",
]


def _chatty(rounds: int = 120) -> list[Message]:
    msgs = [
        Message.system("You help the support team."),
        Message.user("Work through the backlog of late-delivery tickets and log each decision."),
    ]
    at = {81: LATER[0], 85: LATER[1], 89: LATER[2]}
    for r in range(rounds):
        if r in at:
            msgs.append(Message.user(at[r]))
        elif r < 80 and r % 2 == 0:
            msgs.append(Message.user(CHATTER))
        else:
            msgs.append(Message.user("ok"))
        args = json.dumps({"query": f"late {r}", "limit": 40})
        msgs.append(Message("assistant", (ToolCall(f"c{r}", "crm_search", args),)))
        msgs.append(Message.tool(f"c{r}", f'{{"id": {r}, "status": "open", "age_h": 31}}\n' * 50))
        msgs.append(Message.assistant("Done, next."))
    msgs.append(Message.user("ok"))
    return msgs


def test_words_said_again_word_for_word_are_pinned_once() -> None:
    for text in (CHATTER, *LATER):
        assert not is_constraint(text) and not is_correction(text)
    msgs = _chatty()
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    view = [m.text for m in out.messages]
    assert view.count(CHATTER) <= 1
    for text in LATER:
        assert text in view
    assert out.report.used <= out.report.budget and not tool_pair_problems(out.messages)

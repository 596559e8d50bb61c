"""Summarizer input: per-message and total caps, flattening, the prompt, UTF-8 cuts."""

from __future__ import annotations

import pytest

from contextledger.compaction import (
    PROMPT_END,
    CompactionPolicy,
    build_prompt,
    build_transcript,
    cut_utf8,
    head_tail,
)
from contextledger.compaction.transcript import RECAP_HEADER
from contextledger.model import Image, InlineData, Message, ToolCall, with_ids

HINDI = "यह एक लंबी बातचीत है जिसमें फ़ाइलें बदली गईं और परीक्षण चलाए गए। "
CHINESE = "这是一次很长的对话，我们修改了文件并运行了测试。"


@pytest.mark.parametrize(
    "text", [HINDI * 20, CHINESE * 20, "ok " + "😀👩‍💻" * 50, "plain ascii " * 40]
)
def test_cut_utf8_is_byte_exact_and_never_splits(text: str) -> None:
    data = text.encode()
    for n in range(0, min(len(data), 700) + 1):
        out = cut_utf8(text, n)
        size = len(out.encode())
        assert size <= n
        assert text.startswith(out)
        assert size >= n - 40  # backs off at most one cluster
        if out:
            # never leaves a combining mark or joiner dangling at the end
            assert out[-1] not in ("\u094d", "\u200d")


def test_cut_utf8_keeps_whole_text_when_it_fits() -> None:
    assert cut_utf8(CHINESE, 10_000) == CHINESE
    assert cut_utf8("你好", 5) == "你"
    assert cut_utf8("abc", 0) == ""


def test_head_tail_keeps_both_ends_within_the_cap() -> None:
    text = "START " + "x" * 5000 + " END"
    out = head_tail(text, 800)
    assert len(out) == 800
    assert out.startswith("START") and out.endswith("END")
    assert "chars omitted" in out
    assert head_tail("short", 800) == "short"


def test_each_message_is_held_to_800_characters() -> None:
    msgs = with_ids([Message.user("goal: " + "a" * 3000 + " final words")])
    t = build_transcript(msgs)
    assert len(t.text) <= 800  # the role label counts too
    body = t.text.removeprefix("User: ")
    assert body.startswith("goal:") and body.endswith("final words")
    assert t.clipped == 1


@pytest.mark.parametrize("unit", [HINDI, CHINESE])
def test_transcript_is_held_to_12000_bytes_on_multibyte_text(unit: str) -> None:
    msgs = with_ids([Message.user(f"[{i}] " + unit * 6) for i in range(60)])
    t = build_transcript(msgs)
    assert t.bytes <= 12_000
    assert t.text.encode().decode() == t.text
    assert "[0]" in t.text and "[59]" in t.text  # oldest and newest kept
    assert t.omitted_ids and "messages omitted for length" in t.text
    assert set(t.message_ids) | set(t.omitted_ids) == {m.id for m in msgs}


def test_small_transcripts_are_not_cut() -> None:
    msgs = with_ids([Message.user("hello"), Message.assistant("hi")])
    t = build_transcript(msgs)
    assert t.text == "User: hello\n\nAssistant: hi"
    assert not t.omitted_ids and t.clipped == 0


def test_tool_calls_flattened_with_key_results() -> None:
    msgs = with_ids(
        [
            Message.assistant(
                "Saving and testing.",
                ToolCall("c1", "write_file", '{"path": "src/app.py", "content": "x = 1"}'),
                ToolCall("c2", "run_command", '{"command": "pytest -q"}'),
            ),
            Message.tool("c1", "wrote 5 bytes"),
            Message.tool("c2", "FAILED tests/test_app.py::test_x - exit code 1", is_error=True),
        ]
    )
    text = build_transcript(msgs).text
    assert "[called: write_file, run_command]" in text
    assert 'write_file(path="src/app.py"' in text
    assert "Tool write_file: wrote 5 bytes" in text
    assert "Tool run_command (failed): FAILED tests/test_app.py" in text


def test_images_become_labelled_placeholders() -> None:
    img = Image(
        "image/png", data=InlineData("iVBORw0KGgo" * 1000), width=1920, height=1080, name="shot.png"
    )
    msgs = with_ids([Message.user("What is wrong here?", img)])
    text = build_transcript(msgs).text
    assert "[image 'shot.png' 1920×1080]" in text
    assert "iVBOR" not in text


def test_previous_recap_is_included_as_a_recap_not_as_user_speech() -> None:
    msgs = with_ids([Message.user("next step")])
    t = build_transcript(msgs, previous_recap="Goal: ship v2.")
    assert t.text.startswith(RECAP_HEADER)
    assert "Goal: ship v2." in t.text
    assert "User: Goal: ship v2." not in t.text


def test_prompt_names_what_to_preserve_and_ends_exactly() -> None:
    prompt = build_prompt()
    assert prompt.endswith("Do not invent facts. Return only the summary text, no preamble.")
    assert prompt.endswith(PROMPT_END)
    assert "at most 300 words" in prompt
    for item in (
        "goals",
        "decisions made",
        "files and paths touched",
        "tools used and their key results",
        "unresolved tasks",
        "constraints",
    ):
        assert item in prompt
    assert "at most 120 words" in build_prompt(CompactionPolicy(max_words=120))


def test_prompt_asks_for_the_offline_recaps_sections_in_order() -> None:
    from contextledger.compaction.digest import SECTIONS

    prompt = build_prompt()
    at = [prompt.index(f"\n{name}: ") for name in SECTIONS]
    assert at == sorted(at)  # the same sections, in the same order, as the offline recap
    assert "only commands a tool call actually ran" in prompt
    assert "(+N more in the record)" in prompt


def test_user_corrections_survive_a_long_transcript() -> None:
    """Over budget, the user's own turns (goal, corrections) are kept before tool output."""
    msgs: list[Message] = [Message.user("Goal: make the dashboard chart render again.")]
    for i in range(60):
        msgs.append(Message.assistant(f"step {i}: " + "log output " * 60))
        if i == 30:
            msgs.append(
                Message.user("Correction: only change config/production.toml, keep 300 seconds.")
            )
    t = build_transcript(with_ids(msgs))
    assert t.bytes <= 12_000
    assert "Correction: only change config/production.toml" in t.text
    assert "Goal: make the dashboard chart render again." in t.text

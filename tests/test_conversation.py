"""The record is kept; the view is derived; recaps extend each other; failure is soft."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from contextledger.compaction import (
    CompactionEvent,
    CompactionPolicy,
    Conversation,
    OfflineSummarizer,
)
from contextledger.compaction.transcript import RECAP_HEADER
from contextledger.config import compaction_enabled, read_dotenv
from contextledger.errors import CompactionConfigError, ContentError
from contextledger.model import Message, Recap, ToolCall


@dataclass
class Recording:
    """A summarizer that answers with fixed text and remembers its inputs."""

    reply: str = "The user is working through numbered steps."
    calls: list[tuple[str, str, int]] = field(default_factory=list)
    name: str = "recording"

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        self.calls.append((prompt, transcript, max_tokens))
        return self.reply


class Broken:
    name = "broken"

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        raise RuntimeError("connection reset")


def chat(n: int) -> Conversation:
    conv = Conversation().append(Message.system("Be brief."))
    for i in range(n):
        conv = conv.append(
            Message.user(f"step {i}") if i % 2 == 0 else Message.assistant(f"did {i}")
        )
    return conv


def test_append_returns_a_new_value_with_ids() -> None:
    a = Conversation()
    b = a.append(Message.user("hi"), Message.assistant("hello", id="given"))
    assert a.record == () and [m.id for m in b.record] == ["m0", "given"]
    with pytest.raises(ContentError, match="duplicate"):
        b.append(Message.user("again", id="given"))


def test_compaction_changes_the_view_never_the_record() -> None:
    conv = chat(36)
    out = conv.compact(Recording())
    assert out.status == "compacted" and out.event is not None
    new = out.conversation
    assert new.record == conv.record
    view = new.view
    assert view[0].role == "system"
    assert view[1].role == "user" and view[1].is_recap
    assert view[1].text.startswith("Compacted summary of earlier conversation:\n")
    assert len(view) == 1 + 1 + 10
    assert [m.id for m in view[2:]] == [m.id for m in conv.record[-10:]]
    assert set(out.event.covers) == {m.id for m in conv.record[1:27]}
    assert conv.view == conv.record  # the old value is untouched


def test_next_recap_extends_the_previous_one() -> None:
    s = Recording()
    first = chat(36).compact(s).conversation
    assert first.compact(s).status == "skipped"  # 11 turns: below the trigger
    grown = first
    for i in range(30):
        grown = grown.append(Message.user(f"more {i}"))
    out = grown.compact(s, now=123.5)
    assert out.status == "compacted" and out.event is not None
    _, transcript, max_tokens = s.calls[-1]
    assert max_tokens == 6000  # the default model's window sizes the recap: 24,000 bytes
    assert transcript.startswith(RECAP_HEADER)
    assert "User: Compacted summary" not in transcript
    assert "User: step 0" not in transcript  # old turns come through the recap, not again
    ev = out.event
    assert ev.seq == 2 and ev.extends == "recap-1" and ev.timestamp == 123.5
    assert set(first.events[0].covers) < set(ev.covers)
    view = out.conversation.view
    assert sum(m.is_recap for m in view) == 1 and view[1].id == "recap-2"
    assert len(out.conversation.events) == 2


def test_cooldown_counts_from_the_last_recap() -> None:
    small = CompactionPolicy(min_messages=4, history_limit=12, margin=2, keep_recent=2, min_old=1)
    conv = chat(10).compact(Recording(), small).conversation
    assert conv.messages_since_last_recap == 0
    conv = conv.append(*(Message.user(f"x{i}") for i in range(7)))
    out = conv.compact(Recording(), small)
    assert out.status == "skipped" and "7 new messages" in out.report[-1]
    conv = conv.append(Message.user("eighth"))
    assert conv.compact(Recording(), small).status == "compacted"


def test_soft_failure_keeps_everything() -> None:
    conv = chat(40)
    out = conv.compact(Broken())
    assert out.status == "failed" and out.conversation is conv
    assert out.report == (
        "compaction failed, history unchanged (30 messages not recapped): connection reset",
    )
    empty = conv.compact(Recording(reply="   "))
    assert empty.status == "failed" and "empty recap" in empty.report[0]
    junk = conv.compact(Recording(reply="Edited lib/ghost.py at 10:45."))
    assert junk.status == "failed" and "rejected" in junk.report[0]
    assert junk.conversation is conv


def test_reply_is_cut_to_2000_bytes_on_multibyte_text() -> None:
    hindi = "उपयोगकर्ता काम कर रहा है। " * 300
    policy = CompactionPolicy(max_reply_bytes=2_000)
    out = chat(40).compact(Recording(reply=hindi), policy)
    assert out.event is not None
    size = len(out.event.recap_text.encode())
    assert 1500 < size <= 2000
    out_zh = chat(40).compact(Recording(reply="用户正在处理任务。" * 400), policy)
    assert out_zh.event is not None and len(out_zh.event.recap_text.encode()) <= 2000


def test_echoed_prefix_and_preamble_are_removed() -> None:
    s = Recording(
        reply="Compacted summary of earlier conversation:\nHere is the summary:\nSteps went fine."
    )
    out = chat(40).compact(s)
    assert out.event is not None
    # the reply, then what it left out of the record (the goal), added from the record
    assert out.event.recap_text.split("\n\n")[0] == "Steps went fine."


def test_token_trigger_through_window_and_counter() -> None:
    conv = chat(20)
    window = 128_000
    assert conv.compact(Recording(), window=window, count_tokens=lambda v: 1000).status == "skipped"
    out = conv.compact(Recording(), window=window, count_tokens=lambda v: 120_000)
    assert out.status == "compacted" and out.plan is not None and out.plan.reason == "tokens"
    rough = conv.compact(Recording(), window=window)  # no counter: the rough estimate
    assert rough.status == "skipped" and rough.report[0].startswith("compaction")


def test_tool_exchange_is_not_split_in_the_view() -> None:
    msgs: list[Message] = [Message.user(f"u{i}") for i in range(28)]
    msgs.append(Message.assistant(*(ToolCall(f"c{i}", "read_file", "{}") for i in range(2))))
    msgs += [Message.tool(f"c{i}", "ok") for i in range(2)]
    msgs += [Message.user(f"t{i}") for i in range(8)]
    out = Conversation.from_messages(msgs).compact(Recording())
    view = out.conversation.view
    assert view[0].is_recap and view[1].tool_calls


def test_events_serialize_to_plain_json() -> None:
    out = chat(40).compact(OfflineSummarizer(), now=5.0)
    assert out.event is not None
    data = json.loads(json.dumps(out.event.to_dict()))
    back = CompactionEvent.from_dict(data)
    assert back.to_dict() == out.event.to_dict()
    assert back.recap == out.event.recap
    restored = Conversation(out.conversation.record, (back,))
    assert restored.view == out.conversation.view
    assert data["verification"]["counts"]["unsupported"] == 0
    with pytest.raises(ContentError):
        CompactionEvent.from_dict({"seq": 1})


def test_recap_block_marks_the_message() -> None:
    out = chat(40).compact(Recording())
    recap_msg = out.conversation.view[1]
    block = recap_msg.content[0]
    assert isinstance(block, Recap) and block.covers == out.conversation.events[0].covers


def test_report_lines_say_what_happened() -> None:
    out = chat(40).compact(OfflineSummarizer())
    assert out.report[0].startswith("compacted 30 earlier messages into a recap")
    assert "Trigger: 40 messages reached the trigger of 36" in out.report[0]
    assert out.report[1].startswith("verified:")
    assert chat(10).compact(OfflineSummarizer()).report == (
        "compaction not needed: 10 messages, fewer than the minimum of 16",
    )


# ------------------------------------------------------------------ configuration


def test_environment_wins_over_dotenv_wins_over_default(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    assert compaction_enabled({}, env_file) is True
    assert compaction_enabled({}, env_file, default=False) is False
    assert compaction_enabled({"CONTEXT_COMPACTION": "on"}, env_file, default=False) is True
    assert compaction_enabled({"CONTEXT_COMPACTION": "off"}, env_file) is False
    env_file.write_text('OTHER=1\nexport CONTEXT_COMPACTION="on"  # desktop\n')
    assert compaction_enabled({}, env_file, default=False) is True  # .env beats the default
    assert compaction_enabled({"CONTEXT_COMPACTION": "off"}, env_file) is False  # env beats .env
    env_file.write_text("CONTEXT_COMPACTION=off\n")
    assert compaction_enabled({"CONTEXT_COMPACTION": "on"}, env_file) is True
    assert compaction_enabled({}, env_file) is False
    assert compaction_enabled({"CONTEXT_COMPACTION": ""}, env_file) is False  # empty: unset
    env_file.write_text("CONTEXT_COMPACTION=\n")  # empty: falls through to the default
    assert compaction_enabled({}, env_file) is True
    env_file.write_text("CONTEXT_COMPACTION=maybe\n")
    with pytest.raises(CompactionConfigError, match=r"maybe.*\.env: use on or off"):
        compaction_enabled({}, env_file)
    with pytest.raises(CompactionConfigError, match="in the environment"):
        compaction_enabled({"CONTEXT_COMPACTION": "sometimes"}, env_file)


def test_read_dotenv_handles_quotes_and_comments(tmp_path: Path) -> None:
    p = tmp_path / ".env"
    p.write_text("# comment\n\nA=1\nB = 'two # words'\nC=\"x\" # trailing\nD=e # f\nnot a line\n")
    assert read_dotenv(p) == {"A": "1", "B": "two # words", "C": "x", "D": "e"}
    assert read_dotenv(tmp_path / "missing.env") == {}

"""Every request written is one the provider accepts, priced never below its bill (review32):

* R32-P1: a Responses ``compaction_trigger`` an app replays from an earlier request (not the
  final input item, which the API refuses) is left out, reported; the final one is kept.
* R32-P2: a Responses tool item sent to Chat as text beside a call is priced as the text
  the body carries (the call and its text are rendered apart: 4 tokens were missing).
* R32-P3: ``"id": null`` on a Responses tool item (pydantic's ``model_dump()``) is no id.
* R32-T1: ``translate`` sends an image whose bytes are no image as a note, reported (the
  provider refuses the whole request for it), as ``fit`` does.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import openai
import pytest

from builders import png
from contextledger import fit, repair, translate
from contextledger.fit import Fitter
from contextledger.pricing.messages import price_request
from stub_server import StubServer, validate_anthropic

GPT5 = "gpt-5"
TRIGGER = {"type": "compaction_trigger"}


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def _send_responses(stub: StubServer, body: dict[str, Any]) -> None:
    """``body`` sent to the stub through the official client (raises what the API would)."""
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model=GPT5, **body)


# --- R32-P1: a compaction trigger that is not the final input item


def test_a_replayed_compaction_trigger_is_left_out_reported_and_accepted(
    stub: StubServer,
) -> None:
    items = [_user("start"), TRIGGER, _user("go on")]
    out = fit({"input": items}, GPT5, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    assert TRIGGER not in body["input"]
    assert any("compaction_trigger" in n.text for n in out.report.notices)
    _send_responses(stub, body)


def test_the_final_compaction_trigger_is_kept(stub: StubServer) -> None:
    items = [_user("start"), TRIGGER, _user("go on"), TRIGGER]
    out = fit({"input": items}, GPT5, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    assert body["input"].count(TRIGGER) == 1 and body["input"][-1] == TRIGGER
    _send_responses(stub, body)


def test_translate_leaves_out_a_replayed_trigger_with_a_notice(stub: StubServer) -> None:
    done = translate({"input": [_user("a"), TRIGGER, _user("b")]}, "openai-responses")
    assert TRIGGER not in done.body["input"]
    assert [n.kind for n in done.notices] == ["dropped"]
    _send_responses(stub, done.body)


def test_repair_leaves_out_a_replayed_trigger_and_its_empty_turn() -> None:
    fixed = repair({"input": [_user("a"), TRIGGER, _user("b")]})
    assert [m.role for m in fixed.messages] == ["user", "user"]
    assert "compaction_trigger" in str(fixed.changes[0])
    assert repair(fixed.messages).changes == ()  # (idempotent)


def test_a_fitter_leaves_out_a_trigger_once_a_turn_follows_it(stub: StubServer) -> None:
    """A trigger that was the final item, then followed by the app's next turns: each refit
    sends what a fit of the same list sends."""
    fitter = Fitter(GPT5, target="openai-responses")
    items: list[dict[str, Any]] = [_user("start")]
    for item in (TRIGGER, _user("go on"), {"role": "assistant", "content": "ok"}, TRIGGER):
        items.append(item)
        again = fitter.fit({"input": list(items)})
        once = fit({"input": list(items)}, GPT5, target="openai-responses")
        body = translate(again.messages, "openai-responses").body
        assert body == translate(once.messages, "openai-responses").body
        assert again.report.used == once.report.used
        _send_responses(stub, body)


# --- R32-P2: a Responses tool item sent to Chat as text beside a call


@pytest.mark.parametrize(
    "items",
    [
        [
            {"type": "function_call", "call_id": "q", "name": "f", "arguments": "{}"},
            {"type": "custom_tool_call_output", "call_id": "q", "output": "r"},
        ],
        [
            {"type": "function_call", "call_id": "z", "name": "f", "arguments": "{}"},
            {"type": "custom_tool_call", "call_id": "z", "name": "t", "input": "x"},
            {"type": "function_call_output", "call_id": "z", "output": "r"},
            {"type": "custom_tool_call_output", "call_id": "z", "output": "r2"},
        ],
    ],
    ids=["custom output answers a function call", "function and custom call share an id"],
)
def test_a_tool_item_sent_to_chat_as_text_beside_a_call_is_priced_as_sent(
    items: list[dict[str, Any]],
) -> None:
    out = fit({"input": [_user("a"), *items, _user("b")]}, "gpt-4o", target="openai")
    body = translate(out.messages, "openai", model="gpt-4o").body
    assert out.report.used >= price_request(body, "gpt-4o", "openai").total


# --- R32-P3: an id of null on a Responses tool item


@pytest.mark.parametrize(
    "pair",
    [
        [
            {"type": "custom_tool_call", "id": None, "call_id": "c2", "name": "t", "input": "x"},
            {"type": "custom_tool_call_output", "id": None, "call_id": "c2", "output": "r"},
        ],
        [
            {"type": "shell_call", "id": None, "call_id": "s1",
             "action": {"commands": ["ls"]}, "status": "completed"},
            {"type": "shell_call_output", "id": None, "call_id": "s1",
             "output": [{"stdout": "x", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]},
        ],
    ],
    ids=["custom", "shell"],
)  # fmt: skip
def test_a_null_item_id_is_no_id(pair: list[dict[str, Any]], stub: StubServer) -> None:
    out = fit({"input": [_user("a"), *pair, _user("b")]}, GPT5, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    sent = [item for item in body["input"] if item.get("type") == pair[0]["type"]]
    assert len(sent) == 1 and "id" not in sent[0]
    _send_responses(stub, body)


# --- R32-T1: translate and bytes that are no image


BAD_PNG = "data:image/png;base64,iVBORw0KGgo="  # a PNG signature, then nothing


@pytest.mark.parametrize("target", ["openai", "anthropic", "openai-responses", "gemini"])
def test_translate_sends_an_unreadable_image_as_a_reported_note(target: str) -> None:
    history = [{"role": "user", "content": [{"type": "text", "text": "see"},
                                             {"type": "image_url", "image_url": {"url": BAD_PNG}}]}]  # fmt: skip
    done = translate(history, target)  # type: ignore[arg-type]
    sent = json.dumps(done.body)
    assert "iVBORw0KGgo=" not in sent and "not a readable image" in sent
    assert [n.kind for n in done.notices] == ["replaced"]


def test_translate_keeps_a_readable_image_and_sends_the_note_to_anthropic(
    stub: StubServer,
) -> None:
    good = "data:image/png;base64," + base64.b64encode(png(20, 10)).decode()
    history = [{"role": "user", "content": [
        {"type": "text", "text": "compare"},
        {"type": "image_url", "image_url": {"url": good}},
        {"type": "image_url", "image_url": {"url": BAD_PNG}},
    ]}]  # fmt: skip
    done = translate(history, "anthropic", model="claude-sonnet-4-5")
    blocks = done.body["messages"][0]["content"]
    assert [b["type"] for b in blocks].count("image") == 1
    body = {**done.body, "model": "claude-sonnet-4-5", "max_tokens": 100}
    validate_anthropic(body, {"x-api-key": "k", "anthropic-version": "2023-06-01"}, stub)


def test_translate_unchecked_writes_the_image_as_given() -> None:
    history = [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": BAD_PNG}}]}]
    done = translate(history, "openai", validate=False)
    assert done.body["messages"][0]["content"][0]["image_url"]["url"] == BAD_PNG


# --- held-out set A (prov28): priced as the body the writer makes


def test_a_responses_turn_of_two_message_items_bills_the_answer_channel_twice() -> None:
    """A tool item repaired to text (no output answered it) before a reasoning item and its
    message: two assistant message items, each an assistant message to gpt-5."""
    items = [
        _user("go"),
        {"type": "custom_tool_call", "call_id": "k1", "name": "sql", "input": "select 1"},
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "hm"}]},
        {"type": "message", "id": "msg_1", "role": "assistant",
         "content": [{"type": "output_text", "text": "ok"}]},
        _user("next"),
    ]  # fmt: skip
    out = fit({"input": items}, GPT5, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    assert out.report.used >= price_request(body, GPT5, "openai-responses").total


def test_tool_items_and_a_call_kept_apart_are_priced_as_the_run_they_are_sent_in() -> None:
    """A developer message between two assistant turns goes to the system prompt: the
    turns are sent as one run of items (a shell call and its output, then a call)."""
    items = [
        _user("list the files"),
        {"type": "shell_call", "call_id": "s0", "action": {"commands": ["ls"]},
         "status": "completed"},
        {"type": "shell_call_output", "call_id": "s0", "output": [
            {"stdout": "a.py", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]},
        {"type": "message", "role": "developer", "content": "Be exact."},
        {"type": "reasoning", "id": "rs_3", "summary": [{"type": "summary_text", "text": "hm"}]},
        {"type": "function_call", "id": "fc_3", "call_id": "r3", "name": "sh", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "r3", "output": "x"},
        _user("next"),
    ]  # fmt: skip
    out = fit({"input": items}, GPT5, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    assert out.report.used >= price_request(body, GPT5, "openai-responses").total

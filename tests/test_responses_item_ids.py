"""Responses items go back only under ids the API takes for their kind.

The API refuses an item whose own ``id`` lacks its kind's prefix ("Invalid 'input[3].id':
'__fake_id__'. Expected an ID that begins with 'fc'": openai-agents' placeholder; 'msg' for
an output message, UKGovernmentBEIS/inspect_ai#1545; 'rs' for reasoning, routers' replayed
``item_…`` ids). A history that passed through another gateway holds such ids: the writer
sends those items without them, and leaves out (reported) a reasoning item, which the API
does not take without its id. The stub refuses them as the API does.
"""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import fit, translate
from contextledger.serve.wire import WIRES
from sdk_check import validate_body
from stub_responses import validate_responses
from stub_server import Invalid, StubServer

HEADERS = {"authorization": "Bearer k"}

GATEWAY_HISTORY: list[dict[str, Any]] = [
    {"role": "user", "content": "where is parcel 7?"},
    {"type": "reasoning", "id": "item_9c5b98", "summary": [], "encrypted_content": "gAAAA-x"},
    {"type": "function_call", "id": "item_fc1", "call_id": "call_1", "name": "track",
     "arguments": '{"ref": "7"}'},
    {"type": "function_call_output", "call_id": "call_1", "output": "in Rotterdam"},
    {"type": "message", "role": "assistant", "id": "chatcmpl-77", "status": "completed",
     "content": [{"type": "output_text", "text": "It is in Rotterdam.", "annotations": []}]},
    {"role": "user", "content": "and parcel 8?"},
]  # fmt: skip


def test_the_stub_refuses_an_item_id_without_its_kinds_prefix() -> None:
    stub = StubServer()
    for item in GATEWAY_HISTORY[1:3] + GATEWAY_HISTORY[4:5]:
        body = {"model": "gpt-5", "input": [GATEWAY_HISTORY[0], item]}
        with pytest.raises(Invalid, match="Expected an ID that begins with"):
            validate_responses(body, HEADERS, stub)


def test_foreign_item_ids_are_not_sent_and_the_reasoning_item_is_reported() -> None:
    result = translate(GATEWAY_HISTORY, "openai-responses", model="gpt-5")
    body = {"model": "gpt-5", **result.body}
    validate_body("openai-responses", body)
    validate_responses(body, HEADERS, StubServer())
    items = body["input"]
    assert not any(isinstance(i, dict) and "id" in i for i in items)
    assert [i.get("type", "message") for i in items] == [
        "message", "function_call", "function_call_output", "message", "message",
    ]  # fmt: skip
    (dropped,) = [n for n in result.notices if n.kind == "dropped"]
    assert "item_9c5b98" in dropped.text and "'rs'" in dropped.text


def test_a_fit_prices_no_reasoning_item_it_does_not_send() -> None:
    report = fit(GATEWAY_HISTORY, "gpt-5", target="openai-responses").report
    sent = translate(GATEWAY_HISTORY, "openai-responses", model="gpt-5").body
    kept = fit(
        [i for i in GATEWAY_HISTORY if i.get("type") != "reasoning"],
        "gpt-5",
        target="openai-responses",
    ).report
    assert report.used == kept.used
    assert "reasoning" not in str(sent)


def test_own_item_ids_still_go_back_as_they_came() -> None:
    own = [
        {"role": "user", "content": "hi"},
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA-x"},
        {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
         "content": [{"type": "output_text", "text": "hello", "annotations": []}]},
        {"role": "user", "content": "bye"},
    ]  # fmt: skip
    items = translate(own, "openai-responses", model="gpt-5").body["input"]
    assert [i.get("id") for i in items] == [None, "rs_1", "msg_1", None]


def test_the_proxy_renders_a_segment_holding_a_foreign_id() -> None:
    wire = WIRES["openai-responses"]
    assert not wire.sendable_as_sent(GATEWAY_HISTORY[1:5])
    assert wire.sendable_as_sent([GATEWAY_HISTORY[0], GATEWAY_HISTORY[3]])


REPEATED_TURN: list[dict[str, Any]] = [
    {"role": "user", "content": "hi"},
    {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA-x"},
    {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
     "content": [{"type": "output_text", "text": "hello", "annotations": []}]},
    {"role": "user", "content": "again"},
    # the app appended the same turn twice (continuedev/continue#10200's shape)
    {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA-x"},
    {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
     "content": [{"type": "output_text", "text": "hello", "annotations": []}]},
    {"role": "user", "content": "bye"},
]  # fmt: skip


@pytest.mark.parametrize("path", ["translate", "fit", "prepare"])
def test_an_item_id_used_twice_is_sent_once(path: str) -> None:
    """Regression (prov18's mutation fuzz, 3 of 250): a turn appended twice went as it was
    and the API answers 400 ("Duplicate item found with id msg_1")."""
    from contextledger import prepare

    if path == "prepare":
        body = dict(prepare(REPEATED_TURN, "gpt-5", target="openai-responses").body)
    else:
        messages: Any = REPEATED_TURN
        if path == "fit":
            messages = fit(REPEATED_TURN, "gpt-5", target="openai-responses").messages
        body = {"model": "gpt-5", **translate(messages, "openai-responses", model="gpt-5").body}
    validate_responses({"model": "gpt-5", **body}, HEADERS, StubServer())
    ids = [i["id"] for i in body["input"] if "id" in i]
    assert ids == ["rs_1", "msg_1"]
    assert [i.get("content") for i in body["input"] if i.get("role") == "assistant"][1] == "hello"


def test_a_repeated_item_id_is_reported() -> None:
    notices = translate(REPEATED_TURN, "openai-responses", model="gpt-5").notices
    assert [n.kind for n in notices] == ["dropped", "repaired"]
    assert "rs_1" in notices[0].text and "msg_1" in notices[1].text

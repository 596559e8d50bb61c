"""A Responses history sends each reasoning item back followed by the output item it
produced, id and all (the API refuses it otherwise). A fit that shortens that answer (a
long reply, a small window) kept the reasoning item but wrote the shortened words as a new
text of no item, so the fitted request could not be written for the Responses API at all
("reasoning item 'rs_1' is followed by an item without its id")."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import fit, prepare
from contextledger.pricing.messages import price_request
from contextledger.providers import translate
from sdk_check import validate_body
from stub_responses import validate_responses
from stub_server import StubServer

HEADERS = {"authorization": "Bearer k"}
STUB = StubServer()


def _history(answer: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": [{"type": "input_text", "text": "Summarise the log."}]},
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "enc"},
        {
            "type": "message",
            "role": "assistant",
            "id": "msg_1",
            "status": "completed",
            "content": [{"type": "output_text", "text": answer, "annotations": []}],
        },
        {"role": "user", "content": "And the errors?"},
    ]


@pytest.mark.parametrize("window", [500, 900, 1_500])
@pytest.mark.parametrize("answer", ["The build failed at step 3. " * 300, "Lau ai le tala. " * 400])
def test_a_shortened_answer_after_reasoning_keeps_its_item(window: int, answer: str) -> None:
    result = fit(
        _history(answer), "gpt-4.1", window=window, max_output_tokens=100, target="openai-responses"
    )
    body = dict(translate(result.messages, "openai-responses").body)
    kinds = [(item.get("type"), item.get("id")) for item in body["input"]]
    if ("reasoning", "rs_1") in kinds:  # (a window too small for it drops the exchange whole)
        at = kinds.index(("reasoning", "rs_1"))
        assert kinds[at + 1] == ("message", "msg_1")
    if window >= 900:
        assert ("reasoning", "rs_1") in kinds
        assert any(c.action == "shrunk" for c in result.report.changes)
    validate_body("openai-responses", body)
    validate_responses({"model": "gpt-4.1", **body}, HEADERS, STUB)
    assert result.report.used == price_request(body, "gpt-4.1", "openai-responses").total


def test_a_prepared_request_with_a_shortened_answer_is_written() -> None:
    prepared = prepare(
        _history("The build failed at step 3. " * 300),
        "gpt-4.1",
        window=1_500,
        max_output_tokens=100,
        target="openai-responses",
        compaction=False,
    )
    items = [(item.get("type"), item.get("id")) for item in prepared.body["input"]]
    assert ("message", "msg_1") in items

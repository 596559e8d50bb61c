"""Prompt-cache usage as Anthropic reports it reaches the stored record and the dollars.

Anthropic's ``input_tokens`` leaves out cache reads and writes; they come as their own
fields (and a write costs more than an input token). Both the SDK path (``chat``) and the
proxy's assembler read them through one function, ``providers.anthropic.read_usage``.
"""

from __future__ import annotations

import json

from contextledger.serve.assemble import Assembler
from contextledger.serve.dashboard import session_cost

START = {"input_tokens": 12, "cache_creation_input_tokens": 3000, "cache_read_input_tokens": 500,
         "cache_creation": {"ephemeral_5m_input_tokens": 1000, "ephemeral_1h_input_tokens": 2000},
         "output_tokens": 1}  # fmt: skip


def sse(event: dict[str, object]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def test_a_streamed_anthropic_reply_keeps_cache_reads_and_writes() -> None:
    a = Assembler("anthropic")
    message = {"id": "m", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
               "content": [], "usage": START}  # fmt: skip
    for event in (
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "hi"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"},
         "usage": {"output_tokens": 7}},
        {"type": "message_stop"},
    ):  # fmt: skip
        a.feed(sse(event))
    u = a.usage
    assert u is not None
    assert (u.input_tokens, u.output_tokens) == (3512, 7)
    assert (u.cached_input_tokens, u.cache_write_tokens, u.cache_write_1h_tokens) == (
        500,
        3000,
        2000,
    )


def test_a_json_anthropic_reply_keeps_them_and_the_dashboard_bills_them() -> None:
    a = Assembler("anthropic")
    body = {"id": "m", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
            "content": [{"type": "text", "text": "hi"}], "stop_reason": "end_turn",
            "usage": {**START, "output_tokens": 7}}  # fmt: skip
    a.load(body)
    u = a.usage
    assert u is not None and (u.input_tokens, u.cache_write_tokens) == (3512, 3000)
    turn = {"model": "claude-haiku-4-5", "status": 200,
            "usage": {"input_tokens": 3512, "output_tokens": 7, "cached_input_tokens": 500,
                      "cache_write_tokens": 3000, "cache_write_1h_tokens": 2000}}  # fmt: skip
    cost = session_cost([turn])
    # 12 × $1 + 500 × $0.10 + 1,000 × $1.25 + 2,000 × $2 + 7 × $5, per million tokens
    assert cost.dollars is not None and float(cost.dollars) == (12 + 50 + 1250 + 4000 + 35) / 1e6

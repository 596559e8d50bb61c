"""Recorded Anthropic requests with a plain-text ``document`` block, priced at or above their
bill (pydantic/pydantic-ai's VCR cassettes, commit 4fda389; its held-out half)."""

from __future__ import annotations

from typing import Any

from contextledger.pricing.messages import price_request

#: tests/models/cassettes/test_anthropic/test_text_document_as_binary_content_input.yaml
#: (interaction 0): billed 57 input tokens; priced 41 as the attachment's text alone.
TEXT_DOCUMENT: dict[str, Any] = {
    "max_tokens": 4096,
    "messages": [
        {
            "content": [
                {"text": "What does this text file say?", "type": "text"},
                {
                    "source": {
                        "data": "Dummy TXT file\n",
                        "media_type": "text/plain",
                        "type": "text",
                    },
                    "type": "document",
                },
            ],
            "role": "user",
        }
    ],
    "model": "claude-sonnet-4-5",
    "stream": False,
}


def test_a_plain_text_document_is_priced_with_anthropics_framing() -> None:
    assert price_request(TEXT_DOCUMENT, "claude-sonnet-4-5", "anthropic").total >= 57

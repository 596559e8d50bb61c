"""``send()`` when the upstream drops the connection mid-stream (a chunked reply without
its last chunk): every format raises a typed :class:`SendError` of kind ``interrupted``
carrying what arrived, never a reply."""

from __future__ import annotations

import pytest

from contextledger import Preparer
from contextledger.client import send
from contextledger.config import Config
from contextledger.errors import SendError
from contextledger.model import Message
from stub_server import Fault, StubReply, StubServer


@pytest.mark.parametrize(
    ("target", "model"),
    [
        ("openai", "gpt-4o"),
        ("openai-responses", "gpt-4o"),
        ("anthropic", "claude-sonnet-4-6"),
        ("gemini", "gemini-2.5-flash"),
    ],
)
def test_a_dropped_stream_is_a_typed_error_carrying_what_arrived(
    stub: StubServer, config: Config, target: str, model: str
) -> None:
    prepared = Preparer(model, target=target, compaction=False).prepare(
        [Message.user("Tell me about the upload bug.")]
    )
    stub.script(StubReply("The upload fails above 2 MB because the proxy limit is lower."))
    stub.fail(Fault("drop"))
    seen: list[str] = []
    with pytest.raises(SendError) as dropped:
        send(prepared, config=config, max_retries=0, on_text=seen.append)
    error = dropped.value
    assert error.kind == "interrupted", error
    assert "broke off midway" in str(error) and ".partial" in str(error)
    assert error.partial is not None
    assert error.partial.text, "what arrived is handed back"
    assert "".join(seen).startswith(error.partial.text)
    assert "The upload fails above 2 MB".startswith(error.partial.text)
    assert error.__cause__ is not None  # the transport's own exception, for debugging
    # the next request goes through as usual
    assert send(prepared, config=config, max_retries=0).text.startswith("Stub reply")

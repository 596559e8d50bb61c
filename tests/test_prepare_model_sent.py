"""The model a prepared body names is the one the caller asked for, not the catalog family
it is priced as: ``Preparer("gpt-4o-audio-preview")`` wrote ``"model": "gpt-4o"`` (which
answers HTTP 400 for the voice note the caller chose the audio model for), a dated
snapshot was sent as its moving alias, and a Vertex or Bedrock id as a bare name neither
platform serves."""

from __future__ import annotations

import pytest

from contextledger import fit
from contextledger.prepare import Preparer

HELLO = [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize(
    ("asked", "sent"),
    [
        ("gpt-4o-audio-preview", "gpt-4o-audio-preview"),
        ("gpt-4o-2024-08-06", "gpt-4o-2024-08-06"),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5-20250929"),
        ("claude-sonnet-4-5@20250929", "claude-sonnet-4-5@20250929"),  # Vertex
        ("us.anthropic.claude-3-haiku-20240307-v1:0", "us.anthropic.claude-3-haiku-20240307-v1:0"),
        ("gpt-4o", "gpt-4o"),
        ("openai/gpt-4o-mini", "gpt-4o-mini"),  # a catalog provider prefix is not sent
    ],
)
def test_the_body_and_the_reports_name_the_model_asked_for(asked: str, sent: str) -> None:
    out = Preparer(asked, compaction=False).prepare(HELLO)
    assert out.body["model"] == sent
    # the reports said gpt-4o for gpt-4o-audio-preview (the family it is priced as)
    assert out.report.model == out.report.fit.model == sent
    assert fit(HELLO, asked).report.model == sent

"""Claude 4.6 and later refuse a conversation that ends on an assistant turn: "This model
does not support assistant message prefill. The conversation must end with a user message."
(platform.claude.com/docs/en/about-claude/models/migration-guide: "Prefilling assistant
messages returns a 400 error on Claude 4.6 models"; qwen-code#8039 and livekit/agents#4907
saw it on every later model). A fit for such a model refuses it naming where (a prefill is
the app's choice: leaving it out would answer something else): ``translate`` with the model
refuses it naming where, and the stub refuses it too. A fit and ``prepare`` do not: the
integrations trim with them (LangChain's ``trim_messages`` on a state that ends on the AI's
message), and the result is a view an app may take before its user speaks."""

from __future__ import annotations

import pytest

from contextledger import fit, translate
from contextledger.catalog import lookup_model, takes_prefill
from contextledger.errors import ContentError
from contextledger.model import Message
from stub_server import Invalid, StubServer, validate_anthropic

HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
PREFILLED = [Message.user("Give me the JSON.", id="u1"), Message.assistant("{", id="a1")]


@pytest.mark.parametrize(
    "model",
    ["claude-sonnet-4-6", "claude-opus-4-6", "claude-opus-4-7", "claude-opus-5", "claude-fable-5-1",
     "us.anthropic.claude-opus-4-6-v1:0"],
)  # fmt: skip
def test_a_prefill_for_claude_4_6_and_later_is_refused_naming_where(model: str) -> None:
    assert not takes_prefill(lookup_model(model))
    with pytest.raises(ContentError) as err:
        translate(fit(PREFILLED, model).messages, "anthropic", model=model)
    assert err.value.path == "messages[1]" and "prefill" in str(err.value)
    body = {
        "model": lookup_model(model).id,
        "max_tokens": 10,
        **translate(PREFILLED, "anthropic").body,
    }
    with pytest.raises(Invalid, match="does not support assistant message prefill"):
        validate_anthropic(body, HEADERS, StubServer())


@pytest.mark.parametrize("model", ["claude-sonnet-4-5", "claude-haiku-4-5", "claude-3-5-sonnet"])
def test_earlier_claude_models_take_a_prefill(model: str) -> None:
    res = fit(PREFILLED, model)
    assert res.messages[-1].role == "assistant"
    body = {
        "model": lookup_model(model).id,
        "max_tokens": 10,
        **translate(res.messages, "anthropic").body,
    }
    validate_anthropic(body, HEADERS, StubServer())


def test_other_providers_and_a_user_ending_are_untouched() -> None:
    assert (
        translate(PREFILLED, "openai", model="gpt-4o").body["messages"][-1]["role"] == "assistant"
    )
    assert fit(PREFILLED, "claude-sonnet-4-6").messages[-1].role == "assistant"  # a view
    assert translate(PREFILLED[:1], "anthropic", model="claude-sonnet-4-6").body["messages"]

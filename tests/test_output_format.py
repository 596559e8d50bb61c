"""Structured outputs in ``fit`` and ``prepare``: the format an app sends (``response_format``
in Chat's shape, Responses' ``text.format``, Anthropic's ``output_config.format``) is billed
as input, so it is priced in the budget and written into the body as each target takes it
(the budget is what is sent: ``price_request`` of the body is the report's ``used``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger import ArgumentError, ContentError, fit, prepare
from contextledger.pricing.messages import price_request
from contextledger.providers.output_format import read_output_format

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "population": {"type": "integer"}},
    "required": ["city", "population"],
    "additionalProperties": False,
}
CHAT = {"type": "json_schema", "json_schema": {"name": "City", "schema": SCHEMA, "strict": True}}
RESPONSES = {"type": "json_schema", "name": "City", "schema": SCHEMA, "strict": True}
ANTHROPIC = {"type": "json_schema", "schema": SCHEMA}
MESSAGES = [
    {"role": "system", "content": "Answer in JSON."},
    {"role": "user", "content": "Give me facts about Berlin."},
]
TARGETS = [
    ("gpt-4o", "openai"),
    ("gpt-5-mini", "openai-responses"),
    ("claude-sonnet-4-5", "anthropic"),
    ("gemini-2.5-flash", "gemini"),
]


def _format_in(body: dict[str, Any], target: str) -> object:
    if target == "openai":
        return body["response_format"]
    if target == "openai-responses":
        return body["text"]["format"]
    if target == "anthropic":
        return body["output_config"]["format"]
    return body["generation_config"]


@pytest.mark.parametrize(("model", "target"), TARGETS)
@pytest.mark.parametrize("spec", [CHAT, RESPONSES, ANTHROPIC], ids=["chat", "responses", "claude"])
def test_prepare_sends_the_format_and_budgets_what_it_sends(
    model: str, target: str, spec: dict[str, Any]
) -> None:
    out = prepare(MESSAGES, model, target=target, response_format=spec, compaction=False)
    sent = _format_in(out.body, target)
    assert "schema" in str(sent) or "response_json_schema" in str(sent)
    assert out.report.used == price_request(out.body, model, target).total
    plain = prepare(MESSAGES, model, target=target, compaction=False)
    assert out.report.used - plain.report.used == out.report.fit.format_tokens


@pytest.mark.parametrize(("model", "target"), TARGETS)
def test_a_fit_counts_the_format_in_used_and_budget(model: str, target: str) -> None:
    plain = fit(MESSAGES, model, target=target).report
    report = fit(MESSAGES, model, target=target, response_format=CHAT).report
    assert report.used == plain.used + report.format_tokens
    assert report.budget == plain.budget  # what the window allows is the same
    assert report.to_dict()["format_tokens"] == report.format_tokens
    assert report.format_tokens > 0  # (Gemini's counts towards its input limit: R26-P1)


def test_the_chat_shape_goes_to_each_wire_in_its_own_shape() -> None:
    responses = prepare(MESSAGES, "gpt-4o", target="openai-responses", response_format=CHAT)
    assert responses.body["text"]["format"] == RESPONSES
    chat = prepare(MESSAGES, "gpt-4o", target="openai", response_format=RESPONSES)
    assert chat.body["response_format"] == CHAT
    claude = prepare(MESSAGES, "claude-sonnet-4-5", response_format=CHAT)
    assert claude.body["output_config"] == {"format": ANTHROPIC}


def test_gemini_keeps_its_output_limit_beside_the_schema() -> None:
    out = prepare(MESSAGES, "gemini-2.5-flash", response_format=CHAT, max_output_tokens=300)
    assert out.body["generation_config"] == {
        "max_output_tokens": 300,
        "response_mime_type": "application/json",
        "response_json_schema": SCHEMA,
    }


def test_json_mode_goes_where_a_wire_has_it_and_is_refused_where_not() -> None:
    json_mode = {"type": "json_object"}
    chat = prepare(MESSAGES, "gpt-4o", response_format=json_mode)
    assert chat.body["response_format"] == json_mode
    assert chat.report.used == price_request(chat.body, "gpt-4o").total
    with pytest.raises(ArgumentError, match="response_format"):
        prepare(MESSAGES, "claude-sonnet-4-5", response_format=json_mode)


@pytest.mark.parametrize("bad", [{"type": "xml"}, {"type": "json_schema"}, "json", 3])
def test_a_format_that_is_none_is_refused_naming_the_argument(bad: object) -> None:
    with pytest.raises(ArgumentError, match="response_format must be a structured-output"):
        fit(MESSAGES, "gpt-4o", response_format=bad)


def test_a_format_given_to_one_prepare_call_is_kept_for_the_next() -> None:
    from contextledger import Preparer

    p = Preparer("gpt-4o", compaction=False)
    first = p.prepare(MESSAGES, response_format=CHAT)
    second = p.prepare([*MESSAGES, {"role": "assistant", "content": "{}"}, MESSAGES[1]])
    assert second.body["response_format"] == first.body["response_format"] == CHAT
    assert second.report.used == price_request(second.body, "gpt-4o").total


def test_without_a_target_the_fit_prices_the_models_own_provider() -> None:
    # a Claude model's format is billed by Anthropic's rule even sent in OpenAI's shape
    claude = fit(MESSAGES, "claude-sonnet-4-5", target="openai", response_format=CHAT).report
    native = fit(MESSAGES, "claude-sonnet-4-5", response_format=CHAT).report
    assert claude.format_tokens >= native.format_tokens > 0
    assert read_output_format(CHAT).name == "City"


def test_a_named_format_without_a_schema_goes_to_openai_and_not_to_anthropic() -> None:
    named = {"type": "json_schema", "json_schema": {"name": "Any"}}
    out = prepare(MESSAGES, "gpt-4o", response_format=named)
    assert out.body["response_format"] == named
    assert out.report.used == price_request(out.body, "gpt-4o").total
    with pytest.raises(ArgumentError, match="JSON schema for Anthropic"):
        prepare(MESSAGES, "claude-sonnet-4-5", response_format=named)


def test_the_proxy_prices_a_clients_format_it_cannot_read_by_its_json() -> None:
    from contextledger.serve.wire import WIRES

    body = {"model": "gpt-4o", "messages": MESSAGES, "response_format": {"type": "yaml", "x": 1}}
    spec = WIRES["openai"].pricing_output_format(body)
    assert spec is not None and read_output_format(spec).kind == "json_schema"
    assert WIRES["openai"].pricing_output_format({"messages": MESSAGES}) is None
    for odd in ("json", ["a"], {"type": "json_object"}):  # any shape: priced, never refused
        spec = WIRES["anthropic"].pricing_output_format({"output_format": odd})
        assert fit(MESSAGES, "claude-sonnet-4-5", response_format=spec).report.format_tokens > 0
    claude = {"output_config": {"format": ANTHROPIC}}
    assert WIRES["anthropic"].pricing_output_format(claude) == ANTHROPIC


def test_a_large_gemini_schema_is_budgeted_as_it_counts_towards_the_input_limit() -> None:
    # review26 R26-P1: a 150-field schema was priced 0 on Gemini (Vertex AI, "Controlled
    # generation": "The size of response schema counts towards the input token limit")
    props = {f"field_{i}": {"type": "string", "description": f"attribute {i}"} for i in range(150)}
    big = {"type": "json_schema", "json_schema": {"name": "Claim", "schema": {"type": "object",
           "properties": props}}}  # fmt: skip
    plain = prepare(MESSAGES, "gemini-2.5-flash", compaction=False)
    out = prepare(MESSAGES, "gemini-2.5-flash", response_format=big, compaction=False)
    assert out.report.used - plain.report.used > 1500
    assert out.report.used == price_request(out.body, "gemini-2.5-flash", "gemini").total


THINKING = {"type": "enabled", "budget_tokens": 1024}


def test_anthropic_thinking_is_sent_as_given_and_its_prompt_budgeted() -> None:
    # pydantic-ai's recorded bills: extended thinking bills ~27 more (48 for a question of 21)
    plain = prepare(MESSAGES, "claude-sonnet-4-5", compaction=False)
    out = prepare(MESSAGES, "claude-sonnet-4-5", thinking=THINKING, compaction=False)
    assert out.body["thinking"] == THINKING
    assert out.report.used == plain.report.used + 30
    assert out.report.used == price_request(out.body, "claude-sonnet-4-5").total
    fitted = fit(MESSAGES, "claude-sonnet-4-5", thinking=THINKING).report
    assert fitted.used == fit(MESSAGES, "claude-sonnet-4-5").report.used + 30


def test_thinking_is_refused_for_a_format_without_it_and_its_turn_rule_is_checked() -> None:
    with pytest.raises(ArgumentError, match="thinking"):
        prepare(MESSAGES, "gpt-4o", thinking=THINKING)
    prefill = [*MESSAGES, {"role": "assistant", "content": "{"}]
    with pytest.raises(ContentError, match="extended thinking on"):
        prepare(prefill, "claude-sonnet-4-5", thinking=THINKING, compaction=False)


PRO = {"reasoning": {"mode": "pro"}}
TASK_BUDGET = {"output_config": {"task_budget": {"type": "tokens", "total": 20000}}}


def test_billed_settings_are_sent_as_given_and_their_prompt_budgeted() -> None:
    # R28-P1: OpenAI's pro reasoning mode (+1,540) and Anthropic's task budget (+40) bill a
    # prompt of their own; fit and prepare budget it as price_request prices the body
    for model, billed, extra in (
        ("gpt-5.6-sol", PRO, 1540),
        ("claude-opus-4-7", TASK_BUDGET, 40),
    ):
        plain = prepare(MESSAGES, model, compaction=False)
        out = prepare(MESSAGES, model, settings=billed, compaction=False)
        assert {k: out.body[k] for k in billed} == billed
        assert out.report.used == plain.report.used + extra
        assert out.report.used == price_request(out.body, model).total
        fitted = fit(MESSAGES, model, settings=billed).report
        assert fitted.used == fit(MESSAGES, model).report.used + extra
    # beside a structured-output format, Anthropic's output_config holds both
    out = prepare(
        MESSAGES,
        "claude-opus-4-7",
        response_format=ANTHROPIC,
        settings=TASK_BUDGET,
        compaction=False,
    )
    assert out.body["output_config"] == {"format": ANTHROPIC, **TASK_BUDGET["output_config"]}
    assert out.report.used == price_request(out.body, "claude-opus-4-7").total


def test_a_history_fitted_with_pro_mode_stays_within_its_budget() -> None:
    turns = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i}: " + "word " * 200}
        for i in range(40)
    ]
    window, out_tokens = 6000, 500
    fitted = fit(turns, "gpt-5.6-sol", window=window, max_output_tokens=out_tokens, settings=PRO)
    assert fitted.report.used <= fitted.report.budget == window - out_tokens
    prepared = prepare(
        turns, "gpt-5.6-sol", window=window, max_output_tokens=out_tokens, settings=PRO,
        compaction=False,
    )  # fmt: skip
    billed = price_request(prepared.body, "gpt-5.6-sol").total
    assert billed == prepared.report.used <= window - out_tokens


_NAMES = st.text("abcdefghijklmnopqrstuvwxyzé_ ", min_size=1, max_size=12)
_SCHEMAS = st.recursive(
    st.fixed_dictionaries({"type": st.sampled_from(["string", "integer", "boolean"])}),
    lambda inner: st.fixed_dictionaries(
        {"type": st.just("object"), "properties": st.dictionaries(_NAMES, inner, max_size=4)}
    ),
    max_leaves=8,
)


@given(
    schema=_SCHEMAS,
    shape=st.sampled_from(["chat", "responses", "claude"]),
    described=st.booleans(),
)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_schema_is_budgeted_as_sent_on_every_target(
    schema: dict[str, Any], shape: str, described: bool
) -> None:
    inner: dict[str, Any] = {"name": "Out", "schema": schema}
    if described:
        inner["description"] = "What the answer holds, ünïcode too"
    spec = {
        "chat": {"type": "json_schema", "json_schema": inner},
        "responses": {"type": "json_schema", **inner},
        "claude": {"type": "json_schema", "schema": schema},
    }[shape]
    for model, target in TARGETS:
        out = prepare(MESSAGES, model, target=target, response_format=spec, compaction=False)
        assert out.report.used == price_request(out.body, model, target).total, target
        assert out.report.fit.format_tokens > 0

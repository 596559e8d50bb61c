"""Request settings and schema parts that are billed though no message holds them (issue #11
item 1: ``used`` is never below the bill), each from a recorded bill in
``tests/data/billed_pydantic_ai.json``: Anthropic's ``output_config.task_budget`` (53 billed,
16 priced), OpenAI's reasoning ``mode: "pro"`` (1,549 billed, 19 priced) and a function's
``parameters.description`` (gpt-5.4: 109 billed, 98 priced), and a recursive ``$ref`` schema
Gemini expands (gemini-2.5-flash: 776 billed, 671 priced)."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from contextledger import fit, prepare
from contextledger.pricing.framing import (
    ANTHROPIC_TASK_BUDGET_PROMPT,
    OPENAI_PRO_MODE_PROMPT,
    REF_DEPTH,
    REF_NODES,
    rendered_functions,
    with_refs,
)
from contextledger.pricing.messages import price_request
from contextledger.pricing.text import count_text

QUESTION = [{"role": "user", "content": [{"type": "text", "text": "What is 2+2?"}]}]


def test_an_anthropic_task_budget_is_priced_as_billed() -> None:
    body: dict[str, Any] = {"model": "claude-opus-4-7", "max_tokens": 4096, "messages": QUESTION}
    plain = price_request(body, "claude-opus-4-7", "anthropic").total
    budget = {"task_budget": {"type": "tokens", "total": 20000, "remaining": 500}}
    priced = price_request({**body, "output_config": budget}, "claude-opus-4-7", "anthropic")
    assert priced.total == plain + ANTHROPIC_TASK_BUDGET_PROMPT
    assert priced.total >= 53  # the recorded bill (16 priced before)


def test_openai_pro_reasoning_mode_is_priced_as_billed() -> None:
    body: dict[str, Any] = {
        "model": "gpt-5",
        "input": [{"role": "user", "content": "What is the capital of France? One word."}],
        "reasoning": {"effort": "high"},
    }
    plain = price_request(body, "gpt-5", "openai-responses").total
    pro = {**body, "reasoning": {"mode": "pro", "context": "all_turns"}}
    assert price_request(pro, "gpt-5", "openai-responses").total == plain + OPENAI_PRO_MODE_PROMPT
    # (another provider's body naming a mode is not priced so)
    assert OPENAI_PRO_MODE_PROMPT > 1_530  # the recorded 1,549 less the question's 19


TOOL: dict[str, Any] = {
    "type": "function",
    "name": "load_capability",
    "description": "Load a capability to access its full instructions and tools.",
    "parameters": {
        "type": "object",
        "additionalProperties": False,
        "properties": {"id": {"type": "string", "description": "The id of the capability."}},
        "required": ["id"],
    },
    "strict": True,
}


def test_the_parameters_own_description_is_priced() -> None:
    described = copy.deepcopy(TOOL)
    described["parameters"]["description"] = "Typed arguments for a `load_capability` tool call."
    rendered = rendered_functions([described])
    assert rendered is not None and "// Typed arguments for a `load_capability`" in rendered
    body: dict[str, Any] = {"model": "gpt-5.4", "input": [{"role": "user", "content": "hi"}]}
    without = price_request({**body, "tools": [TOOL]}, "gpt-5.4", "openai-responses").total
    with_it = price_request({**body, "tools": [described]}, "gpt-5.4", "openai-responses").total
    assert with_it >= without + 11  # the description's own tokens (the bill: 11 more)


def test_a_parameters_description_that_is_not_text_falls_back_to_the_json() -> None:
    odd = copy.deepcopy(TOOL)
    odd["parameters"]["description"] = {"not": "text"}
    assert rendered_functions([odd]) is None  # priced by its JSON: longer, never under


def _tree_tool(branches: tuple[str, ...]) -> dict[str, Any]:
    node = {
        "type": "object",
        "properties": {
            "label": {"type": "string"},
            **{b: {"$ref": "#/$defs/Node"} for b in branches},
        },
    }
    schema = {
        "$defs": {"Node": node},
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/Node"}},
    }
    return {"functionDeclarations": [{"name": "record", "parameters_json_schema": schema}]}


def test_gemini_prices_a_recursive_ref_schema_expanded() -> None:
    # the recorded gemini-2.5-flash call (a self-referencing TreeNode): 776 billed, 671 priced
    body = {
        "contents": [{"role": "user", "parts": [{"text": "Record a tree."}]}],
        "tools": [_tree_tool(("child",))],
    }
    flat = json.dumps(body["tools"][0], separators=(",", ":"))
    gemini = price_request(body, "gemini-2.5-flash", "gemini").total
    assert gemini > count_text(flat, "gemini-2.5-flash") + 4 * REF_DEPTH  # a copy per level
    expanded = with_refs(body["tools"][0])
    assert '"$defs":' not in json.dumps(expanded)  # (the deepest reference is left as is)


def test_a_ref_schema_that_branches_on_itself_stops_growing() -> None:
    expanded = json.dumps(with_refs(_tree_tool(("left", "right", "middle"))))
    assert expanded.count('"label"') <= REF_NODES + 1  # not 3**8 copies


def test_refs_are_expanded_only_for_gemini() -> None:
    tool = _tree_tool(("child",))["functionDeclarations"][0]
    anthropic_tool = {"name": "record", "input_schema": tool["parameters_json_schema"]}
    body = {"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": QUESTION}
    plain = price_request(body, "claude-sonnet-4-5", "anthropic").total
    with_tool = price_request({**body, "tools": [anthropic_tool]}, "claude-sonnet-4-5", "anthropic")
    dumped = json.dumps(anthropic_tool, separators=(",", ":"))
    assert with_tool.total - plain < count_text(dumped, "claude-sonnet-4-5") + 600  # JSON, once


def test_a_gpt_5_answer_is_priced_with_its_channel() -> None:
    # the recorded gpt-5 Responses request with two assistant texts: 306 billed, 303 priced
    said = [
        {"role": "user", "content": "How do I cross the street?"},
        {"role": "assistant", "content": "Look both ways."},
        {"role": "user", "content": "And at night?"},
    ]
    for fmt, key in (("openai", "messages"), ("openai-responses", "input")):
        gpt5 = price_request({key: said}, "gpt-5", fmt).total
        gpt4o = price_request({key: said}, "gpt-4o", fmt).total  # (the same tokenizer)
        assert gpt5 == gpt4o + 2, fmt


_SCHEMAS = st.recursive(
    st.fixed_dictionaries({"type": st.sampled_from(["string", "integer"])})
    | st.sampled_from([{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]),
    lambda inner: st.fixed_dictionaries(
        {"type": st.just("object"), "properties": st.dictionaries(st.sampled_from("xyz"), inner)}
    ),
    max_leaves=8,
)


@given(_SCHEMAS, _SCHEMAS, _SCHEMAS)
def test_a_gemini_tool_with_refs_is_never_priced_below_its_json(
    a: dict[str, Any], b: dict[str, Any], root: dict[str, Any]
) -> None:
    schema = {"$defs": {"A": a, "B": b}, **root}
    tool = {"functionDeclarations": [{"name": "f", "parameters_json_schema": schema}]}
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
    plain = price_request(body, "gemini-2.5-flash", "gemini").total
    priced = price_request({**body, "tools": [tool]}, "gemini-2.5-flash", "gemini").total
    assert priced - plain >= count_text(json.dumps(tool, separators=(",", ":")), "gemini-2.5-flash")
    assert len(json.dumps(with_refs(tool))) < 400 * (REF_NODES + 1)  # it stops


def test_schema_annotations_are_priced_as_comment_lines_not_as_the_json_fallback() -> None:
    """``title`` (on every property pydantic writes) and ``default`` are priced as comment
    lines of the rendered namespace: never fewer tokens than without them, and no longer
    the whole schema's JSON."""
    annotated = copy.deepcopy(TOOL)
    spec = annotated["parameters"]["properties"]["id"]
    spec.update(title="Id", default="core")
    annotated["parameters"]["title"] = "LoadCapabilityArgs"
    rendered = rendered_functions([annotated])
    assert rendered is not None
    assert "// Id" in rendered and '// default: "core"' in rendered
    assert "// LoadCapabilityArgs" in rendered
    body: dict[str, Any] = {"model": "gpt-5.4", "input": [{"role": "user", "content": "hi"}]}
    plain = price_request({**body, "tools": [TOOL]}, "gpt-5.4", "openai-responses").total
    priced = price_request({**body, "tools": [annotated]}, "gpt-5.4", "openai-responses").total
    assert plain + 8 <= priced < plain + 25  # the three comment lines, not the schema again


def test_a_title_that_is_not_text_falls_back_to_the_json() -> None:
    odd = copy.deepcopy(TOOL)
    odd["parameters"]["properties"]["id"]["title"] = ["not", "text"]
    assert rendered_functions([odd]) is None


WEATHER: dict[str, Any] = {
    "type": "function",
    "name": "weather",
    "description": "Gets current weather for a location",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "The city"}},
        "required": ["city"],
        "additionalProperties": False,
    },
    "strict": False,
}
SERIAL = {"parallel_tool_calls": False}


def test_parallel_tool_calls_off_bills_a_reasoning_models_tool_header_on_responses() -> None:
    """crmne/ruby_llm's gpt-5-nano request with ``parallel_tool_calls: false`` billed 208,
    priced 202 (its twin with parallel calls allowed: 112, the other differences 18): the
    header is priced on Responses as on Chat; gpt-4o's (none on Chat) adds nothing."""
    body: dict[str, Any] = {
        "input": [{"role": "user", "content": "What's the weather in Oslo?"}],
        "tools": [WEATHER],
    }
    for model, header in (("gpt-5-nano", 84), ("gpt-5.4", 84), ("gpt-4o", 0), ("gpt-4.1", 0)):
        allowed = price_request(body, model, "openai-responses").total
        serial = price_request({**body, **SERIAL}, model, "openai-responses").total
        assert serial == allowed + header, model
        chat = {"messages": body["input"], "tools": [{"type": "function", "function": WEATHER}]}
        # (Chat's header is priced with its tools whatever the flag)
        assert (
            price_request({**chat, **SERIAL}, model, "openai").total
            == price_request(chat, model, "openai").total
        )
    without_tools = {"input": body["input"], **SERIAL}
    assert price_request(without_tools, "gpt-5-nano", "openai-responses").total == (
        price_request({"input": body["input"]}, "gpt-5-nano", "openai-responses").total
    )


def test_fit_and_prepare_budget_parallel_tool_calls_off_as_the_body_is_priced() -> None:
    said = [{"role": "user", "content": "What's the weather in Oslo?"}]
    for kind in ("openai-responses", "openai"):
        target: dict[str, Any] = {"target": kind, "tool_choice": "auto"}
        plain = prepare(said, "gpt-5-nano", tools=[WEATHER], compaction=False, **target)
        out = prepare(
            said, "gpt-5-nano", tools=[WEATHER], settings=SERIAL, compaction=False, **target
        )
        assert out.body["parallel_tool_calls"] is False
        assert out.report.used == price_request(out.body, "gpt-5-nano", kind).total
        header = 84 if kind == "openai-responses" else 0
        assert out.report.used == plain.report.used + header
        fitted = fit(said, "gpt-5-nano", tools=[WEATHER], settings=SERIAL, **target).report
        assert (
            fitted.used == fit(said, "gpt-5-nano", tools=[WEATHER], **target).report.used + header
        )

"""``prepare(tools=…, tool_choice=…)`` writes the choice into the body in the target's own
shape, naming the tool as the body declares it (renamed where the target refuses its name),
and prices what it wrote: ``report.used`` is ``price_request`` of the body (review40 R40-O2:
the choice was priced but not sent, so a forced tool reached no provider). Each body's
choice is checked with the official SDK's parameter type."""

from __future__ import annotations

from typing import Any

import pytest
from anthropic.types import ToolChoiceParam
from google.genai.types import ToolConfig
from hypothesis import given
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionToolChoiceOptionParam
from openai.types.responses.response_create_params import ToolChoice as ResponsesToolChoice
from pydantic import ConfigDict, TypeAdapter

from contextledger import ArgumentError, Preparer, prepare
from contextledger.pricing.messages import price_request
from contextledger.providers import provider_format
from contextledger.providers.tool_choice import ToolChoice, read_tool_choice

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "github.create_issue",  # OpenAI and Anthropic take no dots: renamed
            "description": "Create an issue",
            "parameters": {
                "type": "object",
                "properties": {"title": {"type": "string"}},
                "required": ["title"],
            },
        },
    },
    {"type": "function", "function": {"name": "search", "description": "Search the web"}},
]
HISTORY = [{"role": "user", "content": "file a bug about the crash"}]
TARGETS = [
    ("gpt-4o", "openai"),
    ("gpt-4o", "openai-responses"),
    ("claude-sonnet-4-5", "anthropic"),
    ("gemini-2.5-flash", "gemini"),
]
# One choice in each shape an app may give it in, all forcing github.create_issue.
FORCED = [
    {"type": "function", "function": {"name": "github.create_issue"}},  # Chat
    {"type": "function", "name": "github.create_issue"},  # Responses
    {"type": "tool", "name": "github.create_issue"},  # Anthropic
    {"function_calling_config": {"mode": "ANY", "allowed_function_names": ["github.create_issue"]}},
]
STRICT = ConfigDict(extra="forbid")
SDK_TYPES: dict[str, Any] = {
    "openai": ChatCompletionToolChoiceOptionParam,
    "openai-responses": ResponsesToolChoice,
    "anthropic": ToolChoiceParam,
}


def _declared(body: dict[str, Any], target: str) -> list[str]:
    if target == "gemini":
        return [d["name"] for t in body["tools"] for d in t["function_declarations"]]
    return [t.get("name") or t["function"]["name"] for t in body["tools"]]


def _chosen(body: dict[str, Any], target: str) -> tuple[object, str | None]:
    """The choice the body carries, checked with the SDK's type: (mode, tool named)."""
    if target == "gemini":
        config = ToolConfig.model_validate(body["tool_config"]).function_calling_config
        assert config is not None and config.mode is not None
        names = config.allowed_function_names
        return config.mode.value, names[0] if names else None
    choice = body["tool_choice"]
    TypeAdapter(SDK_TYPES[target], config=STRICT).validate_python(choice)
    if isinstance(choice, str):
        return choice, None
    named = choice.get("name") or choice.get("function", {}).get("name")
    return choice["type"], named


@pytest.mark.parametrize(("model", "target"), TARGETS)
@pytest.mark.parametrize("spec", FORCED, ids=["chat", "responses", "anthropic", "gemini"])
def test_a_forced_tool_is_sent_named_as_declared_and_priced_as_sent(
    model: str, target: str, spec: dict[str, Any]
) -> None:
    out = prepare(HISTORY, model, tools=TOOLS, tool_choice=spec, target=target, compaction=False)
    kind, named = _chosen(out.body, target)
    assert kind in ("function", "tool", "ANY")
    assert named in _declared(out.body, target)
    assert out.tool_names.get(named, named) == "github.create_issue"
    assert out.report.used == price_request(out.body, model, target).total


@pytest.mark.parametrize(("model", "target"), TARGETS)
@pytest.mark.parametrize("spec", ["auto", "none", "required", {"type": "any"}])
def test_each_mode_is_sent_in_the_targets_words(model: str, target: str, spec: object) -> None:
    out = prepare(HISTORY, model, tools=TOOLS, tool_choice=spec, target=target, compaction=False)
    kind, named = _chosen(out.body, target)
    mode = read_tool_choice(spec).mode
    assert read_tool_choice(out.body["tool_config"] if target == "gemini" else kind).mode == mode
    assert named is None
    assert out.report.used == price_request(out.body, model, target).total


def test_a_forced_choice_costs_anthropic_its_forced_tool_prompt() -> None:
    """Anthropic's tool-use system prompt depends on the choice (its docs' pricing table):
    the body's choice is what the budget prices, ``auto`` and ``any`` apart."""
    used = {
        spec: prepare(
            HISTORY,
            "claude-sonnet-4-5",
            tools=TOOLS,
            tool_choice=spec,
            target="anthropic",
            compaction=False,
        ).report.used
        for spec in ("auto", "required")
    }
    assert used["auto"] != used["required"]


@pytest.mark.parametrize(("model", "target"), TARGETS)
def test_a_choice_naming_an_undeclared_tool_is_refused_naming_it(model: str, target: str) -> None:
    with pytest.raises(
        ArgumentError, match=r"declared: 'github\.create_issue', 'search'.*'delete_repo'"
    ):
        prepare(
            HISTORY,
            model,
            tools=TOOLS,
            tool_choice={"type": "tool", "name": "delete_repo"},
            target=target,
            compaction=False,
        )


def test_the_wire_name_is_taken_as_the_tool_it_declares() -> None:
    out = prepare(
        HISTORY,
        "gpt-4o",
        tools=TOOLS,
        tool_choice={"type": "function", "function": {"name": "github_create_issue"}},
        compaction=False,
    )
    assert out.body["tool_choice"]["function"]["name"] == "github_create_issue"


def test_required_without_tools_is_refused_and_auto_without_tools_says_nothing() -> None:
    with pytest.raises(ArgumentError, match="tool_choice"):
        prepare(HISTORY, "gpt-4o", tool_choice="required", compaction=False)
    out = prepare(HISTORY, "gpt-4o", tool_choice="auto", compaction=False)
    assert "tool_choice" not in out.body


def test_parallel_calls_go_where_each_target_says_them() -> None:
    spec = {"type": "auto", "disable_parallel_tool_use": True}
    chat = prepare(HISTORY, "gpt-4o", tools=TOOLS, tool_choice=spec, compaction=False)
    assert chat.body["parallel_tool_calls"] is False
    claude = prepare(HISTORY, "claude-sonnet-4-5", tools=TOOLS, tool_choice=spec, compaction=False)
    assert claude.body["tool_choice"] == {"type": "auto", "disable_parallel_tool_use": True}
    with pytest.raises(ArgumentError, match="Gemini"):  # no such setting: never dropped silently
        prepare(HISTORY, "gemini-2.5-flash", tools=TOOLS, tool_choice=spec, compaction=False)


def test_a_preparer_sends_the_choice_of_each_request() -> None:
    preparer = Preparer("gpt-4o", tool_choice="required", compaction=False)
    assert preparer.prepare(HISTORY, tools=TOOLS).body["tool_choice"] == "required"
    later = preparer.prepare(HISTORY, tools=TOOLS, tool_choice="auto")
    assert later.body["tool_choice"] == "auto"
    assert later.report.used == price_request(later.body, "gpt-4o", "openai").total


def test_a_choice_no_format_carries_is_refused_when_given() -> None:
    with pytest.raises(ArgumentError, match="tool_choice"):
        Preparer("gpt-4o", tool_choice="always")


CHOICES = st.builds(
    ToolChoice,
    st.sampled_from(["auto", "none", "required", "named"]),
    st.just(None),
    st.sampled_from([None, True]),
).map(lambda c: ToolChoice(c.mode, "f" if c.mode == "named" else None, c.parallel))


@given(CHOICES, st.sampled_from([t for _, t in TARGETS]))
def test_what_a_target_writes_reads_back_as_the_same_choice(
    choice: ToolChoice, target: str
) -> None:
    body = provider_format(target).tool_choice(choice)  # type: ignore[arg-type]
    spec = body.get("tool_config", body.get("tool_choice"))
    read = read_tool_choice(spec)
    assert (read.mode, read.name) == (choice.mode, choice.name)


@pytest.mark.parametrize("model", ["claude-opus-5-5", "claude-fable-5-1", "claude-fable-5-2"])
@pytest.mark.parametrize("spec", ["required", {"type": "tool", "name": "search"}])
def test_a_forced_tool_is_refused_for_a_model_that_answers_it_400(model: str, spec: object) -> None:
    """Claude Opus 5.5 and Fable 5.1 answer HTTP 400 for a forced tool ("Forced tool use
    returns an error"): refused here, naming the model, not sent."""
    with pytest.raises(ArgumentError, match=model):
        prepare(HISTORY, model, tools=TOOLS, tool_choice=spec, compaction=False)
    auto = prepare(HISTORY, model, tools=TOOLS, tool_choice="auto", compaction=False)
    assert auto.body["tool_choice"] == {"type": "auto"}


@pytest.mark.parametrize(
    "spec", [{"type": "tool", "name": "github.create_issue"}, {"type": "any"}, "required"]
)
def test_a_forced_choice_with_extended_thinking_is_refused(spec: object) -> None:
    """review41 R41-O2: Anthropic answers 400 "Thinking may not be enabled when tool_choice
    forces tool use"; only ``auto`` and ``none`` go with thinking on."""
    thinking = {"type": "enabled", "budget_tokens": 2048}
    with pytest.raises(ArgumentError, match="extended thinking"):
        prepare(HISTORY, "claude-sonnet-4-5", tools=TOOLS, tool_choice=spec, thinking=thinking,
                target="anthropic", window=20_000)  # fmt: skip


def test_auto_with_extended_thinking_is_sent_and_the_stub_takes_it() -> None:
    from stub_server import StubServer, validate_anthropic

    thinking = {"type": "enabled", "budget_tokens": 2048}
    body = prepare(HISTORY, "claude-sonnet-4-5", tools=TOOLS, tool_choice="auto",
                   thinking=thinking, target="anthropic", window=20_000).body  # fmt: skip
    assert body["tool_choice"] == {"type": "auto"}
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    validate_anthropic(body, headers, StubServer())
    with pytest.raises(Exception, match="forces tool use"):
        validate_anthropic({**body, "tool_choice": {"type": "any"}}, headers, StubServer())


THREE = [*TOOLS, {"type": "function", "function": {"name": "lookup", "description": "Look up"}}]
# OpenAI's allowed_tools, in Chat's shape and in Responses' (review41: refused before)
ALLOWED = [
    {
        "type": "allowed_tools",
        "allowed_tools": {
            "mode": "required",
            "tools": [
                {"type": "function", "function": {"name": "github.create_issue"}},
                {"type": "function", "function": {"name": "search"}},
            ],
        },
    },
    {
        "type": "allowed_tools",
        "mode": "required",
        "tools": [
            {"type": "function", "name": "github.create_issue"},
            {"type": "function", "name": "search"},
        ],
    },
]


@pytest.mark.parametrize("spec", ALLOWED)
@pytest.mark.parametrize(("model", "target"), [t for t in TARGETS if t[1] != "anthropic"])
def test_allowed_tools_are_sent_in_the_targets_shape_and_priced_as_sent(
    model: str, target: str, spec: object
) -> None:
    out = prepare(HISTORY, model, tools=THREE, tool_choice=spec, target=target)
    body = out.body
    assert out.report.used == price_request(body, model, target).total
    declared = _declared(body, target)
    if target == "gemini":
        config = ToolConfig.model_validate(body["tool_config"]).function_calling_config
        assert config is not None and config.mode is not None and config.mode.value == "ANY"
        assert config.allowed_function_names == declared[:2]
        return
    choice = body["tool_choice"]
    TypeAdapter(SDK_TYPES[target], config=STRICT).validate_python(choice)
    listed = choice["allowed_tools"] if target == "openai" else choice
    names = [t.get("name") or t["function"]["name"] for t in listed["tools"]]
    assert listed["mode"] == "required" and names == declared[:2]  # as declared (renamed)
    auto = prepare(HISTORY, model, tools=THREE, tool_choice="auto", target=target)
    assert out.report.used > auto.report.used  # the choice is priced


def test_allowed_tools_no_target_carries_are_refused_naming_them() -> None:
    auto = {**ALLOWED[1], "mode": "auto"}
    with pytest.raises(ArgumentError, match="Anthropic"):
        prepare(
            HISTORY, "claude-sonnet-4-5", tools=THREE, tool_choice=ALLOWED[0], target="anthropic"
        )
    with pytest.raises(ArgumentError, match="Gemini"):
        prepare(HISTORY, "gemini-2.5-flash", tools=THREE, tool_choice=auto, target="gemini")
    with pytest.raises(ArgumentError, match="declares"):
        bad = {**ALLOWED[1], "tools": [{"type": "function", "name": "delete_repo"}]}
        prepare(HISTORY, "gpt-4o", tools=THREE, tool_choice=bad, target="openai")
    for empty in ({**ALLOWED[1], "tools": []}, {"type": "allowed_tools", "mode": "any"}):
        with pytest.raises(ArgumentError, match="allowed_tools"):
            read_tool_choice(empty)


def test_allowing_every_declared_tool_is_the_plain_mode() -> None:
    """Anthropic carries it then: nothing is limited."""
    out = prepare(
        HISTORY, "claude-sonnet-4-5", tools=TOOLS, tool_choice=ALLOWED[1], target="anthropic"
    )
    assert out.body["tool_choice"] == {"type": "any"}


ALLOWED_CHOICES = st.builds(
    lambda mode, names: ToolChoice(mode, allowed=tuple(names)),
    st.sampled_from(["auto", "required"]),
    st.lists(st.sampled_from(["f", "g", "h"]), min_size=2, max_size=3, unique=True),
)


@given(ALLOWED_CHOICES, st.sampled_from(["openai", "openai-responses", "gemini"]))
def test_allowed_tools_written_read_back_as_the_same_choice(
    choice: ToolChoice, target: str
) -> None:
    if target == "gemini" and choice.mode == "auto":
        return  # (refused: above)
    body = provider_format(target).tool_choice(choice)  # type: ignore[arg-type]
    assert read_tool_choice(body.get("tool_config", body.get("tool_choice"))) == choice

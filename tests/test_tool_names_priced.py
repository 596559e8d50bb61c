"""Declared tools are priced by the names the wire sends (renamed where a provider refuses
the app's name), as ``prepare`` prices the body: never by the names before renaming."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import fit
from contextledger.pricing.messages import Pricer
from contextledger.providers.ids import wire_name


def _tool(name: str) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": "Render a scene.",
        "parameters": {"type": "object", "properties": {
            "scene": {"type": "string", "description": "What to draw"}}, "required": ["scene"]},
    }}  # fmt: skip


MSGS = [{"role": "user", "content": "Draw a cube."}]


@pytest.mark.parametrize("name", ["3d render", "x" * 70, "mcp::server::tool", "3d_render"])
def test_a_renamed_tool_is_priced_by_the_name_sent(name: str) -> None:
    """'3d render' goes to OpenAI as '_3d_render' (one token more); a 70-character name is
    cut and hashed (four more): the fit used to price the old name, under the body."""
    tools = [_tool(name)]
    untargeted = fit(MSGS, "gpt-4o", tools=tools).report.tools_tokens
    for target in ("openai", "gemini"):  # '3d_render' is renamed for Gemini only
        pricer = Pricer.for_model("gpt-4o", None, wire=target)
        as_sent = pricer.tools(_rename(tools, name, wire_name(name, target)))
        assert fit(MSGS, "gpt-4o", tools=tools, target=target).report.tools_tokens == as_sent
        assert untargeted >= as_sent  # no target: never under any writer's form


@pytest.mark.parametrize("target", ["anthropic", "openai-responses", "gemini"])
def test_every_shape_is_renamed_for_its_wire(target: str) -> None:
    pricer = Pricer.for_model("gpt-4o", None, wire=target)
    shapes = [
        [_tool("x" * 70)],
        [{"name": "x" * 70, "description": "d", "input_schema": {"type": "object"}}],
        [{"type": "function", "name": "x" * 70, "parameters": {"type": "object"}}],
        [{"functionDeclarations": [{"name": "x" * 70, "description": "d"}]}],
    ]
    sent_name = wire_name("x" * 70, target)
    assert pricer.text(sent_name) > pricer.text("x" * 70)  # cut and hashed: longer
    for tools in shapes:
        as_sent = [_rename(t, "x" * 70, sent_name) for t in tools]
        assert pricer.tools(tools) == pricer.tools(as_sent)


def _rename(tool: Any, old: str, new: str) -> Any:
    if isinstance(tool, dict):
        return {k: (new if v == old else _rename(v, old, new)) for k, v in tool.items()}
    if isinstance(tool, list):
        return [_rename(v, old, new) for v in tool]
    return tool


def test_accepted_names_are_priced_as_given() -> None:
    tools = [_tool("render_scene")]
    plain = Pricer.for_model("gpt-4o", None).tools(tools)
    assert fit(MSGS, "gpt-4o", tools=tools, target="openai").report.tools_tokens == plain

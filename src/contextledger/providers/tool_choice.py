"""A request's ``tool_choice``, read from any of the shapes apps send it in, and checked
against the tools the request declares.

Apps say which tool the model must (or may not) call in their provider's own shape: OpenAI
Chat's ``"auto"``/``"none"``/``"required"`` or ``{"type": "function", "function": {"name"}}``,
Responses' ``{"type": "function", "name"}``, OpenAI's ``allowed_tools`` (Chat's
``{"type": "allowed_tools", "allowed_tools": {"mode", "tools"}}``, Responses' ``{"type":
"allowed_tools", "mode", "tools"}``: the model may call only those), Anthropic's ``{"type":
"auto"|"any"|"none"|"tool", "name", "disable_parallel_tool_use"}``, Gemini's
``tool_config.function_calling_config`` (``mode`` AUTO/ANY/NONE, ``allowed_function_names``;
camelCase too). ``prepare`` writes it
in the target's shape (``ProviderFormat.tool_choice``) naming the tool as the target's
writer declares it (``ids.choice_for_tools``), and prices what it wrote.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import ArgumentError

__all__ = ["ToolChoice", "openai_tool_choice", "read_tool_choice"]

#: The modes that make the model call a tool.
FORCED = ("required", "named")

Mode = Literal["auto", "none", "required", "named"]
_EXPECTED = (
    'a tool choice: "auto", "none", "required" (OpenAI), {"type": "function", "function": '
    '{"name": …}} (Chat), {"type": "function", "name": …} (Responses), {"type": '
    '"allowed_tools", "mode": "auto" | "required", "tools": […]} (OpenAI), {"type": "auto" | '
    '"any" | "none" | "tool", "name": …} (Anthropic) or {"function_calling_config": {"mode": '
    '"AUTO" | "ANY" | "NONE", "allowed_function_names": […]}} (Gemini)'
)
# Anthropic's and Gemini's words for OpenAI's modes
_MODES: dict[object, Mode] = {
    "auto": "auto",
    "none": "none",
    "required": "required",
    "any": "required",
    "AUTO": "auto",
    "NONE": "none",
    "ANY": "required",
}


@dataclass(frozen=True, slots=True)
class ToolChoice:
    """What a tool choice says, whatever shape it came in: the mode, the tool it names
    (``named``), whether the model may call several tools at once (None: not said), and
    the tools it may call (``auto`` or ``required`` among them alone; (): any declared)."""

    mode: Mode
    name: str | None = None
    parallel: bool | None = None
    allowed: tuple[str, ...] = ()


def read_tool_choice(spec: object, argument: str = "tool_choice") -> ToolChoice:
    """The choice ``spec`` makes; ``ArgumentError`` naming ``argument`` when it is none.

    >>> read_tool_choice({"type": "tool", "name": "f", "disable_parallel_tool_use": True})
    ToolChoice(mode='named', name='f', parallel=False, allowed=())
    >>> read_tool_choice({"functionCallingConfig": {"mode": "ANY"}}).mode
    'required'
    """
    if isinstance(spec, str):
        mode = _MODES.get(spec)
        if mode is None:
            raise ArgumentError(argument, _EXPECTED, spec)
        return ToolChoice(mode)
    if not isinstance(spec, Mapping):
        raise ArgumentError(argument, _EXPECTED, spec)
    config = spec.get("function_calling_config", spec.get("functionCallingConfig"))
    if isinstance(config, Mapping):
        return _gemini_choice(config, argument, spec)
    kind = spec.get("type")
    if kind == "allowed_tools":
        return _allowed_tools(spec.get("allowed_tools", spec), argument, spec)
    disabled = spec.get("disable_parallel_tool_use")
    parallel = (not disabled) if isinstance(disabled, bool) else None
    if kind in ("function", "tool"):
        inner = spec.get("function", spec)  # Chat nests the name; the others do not
        name = inner.get("name") if isinstance(inner, Mapping) else None
        if not isinstance(name, str) or not name:
            raise ArgumentError(argument, _EXPECTED, spec)
        return ToolChoice("named", name, parallel)
    mode = _MODES.get(kind) if isinstance(kind, str) else None
    if mode is None:
        raise ArgumentError(argument, _EXPECTED, spec)
    return ToolChoice(mode, None, parallel)


def _allowed_tools(inner: object, argument: str, spec: object) -> ToolChoice:
    """OpenAI's ``allowed_tools`` (Chat nests ``mode`` and ``tools`` under ``allowed_tools``,
    Responses does not): the mode, among the function tools it lists."""
    mode = inner.get("mode") if isinstance(inner, Mapping) else None
    tools = inner.get("tools") if isinstance(inner, Mapping) else None
    names = [_function_name(t) for t in tools] if isinstance(tools, list) else []
    if mode not in ("auto", "required") or not names or None in names:
        raise ArgumentError(
            argument, 'allowed_tools with mode "auto" or "required" and function tools', spec
        )
    return ToolChoice(mode, allowed=tuple(n for n in names if n is not None))


def _function_name(tool: object) -> str | None:
    """The name of a function tool as a choice lists it (Chat nests it under ``function``)."""
    if not isinstance(tool, Mapping) or tool.get("type", "function") != "function":
        return None
    inner = tool.get("function", tool)
    name = inner.get("name") if isinstance(inner, Mapping) else None
    return name if isinstance(name, str) and name else None


def _gemini_choice(config: Mapping[str, Any], argument: str, spec: object) -> ToolChoice:
    mode = _MODES.get(config.get("mode", "AUTO"))
    names = config.get("allowed_function_names", config.get("allowedFunctionNames"))
    if mode is None or (names is not None and not isinstance(names, list)):
        raise ArgumentError(argument, _EXPECTED, spec)
    if not names:
        return ToolChoice(mode)
    if mode != "required" or not all(isinstance(n, str) and n for n in names):
        raise ArgumentError(argument, "mode ANY with the allowed function names", spec)
    return (
        ToolChoice("named", names[0]) if len(names) == 1 else ToolChoice(mode, allowed=tuple(names))
    )


def openai_tool_choice(choice: ToolChoice, *, nested: bool) -> dict[str, Any]:
    """OpenAI's ``tool_choice`` (a named one nests its name under ``function`` on Chat,
    ``nested``, and not on Responses; so does an ``allowed_tools`` choice its mode and tools)
    and ``parallel_tool_calls`` when the choice says it."""
    value: object = choice.mode
    if choice.mode == "named":
        name = {"name": choice.name}
        value = {"type": "function", "function": name} if nested else {"type": "function", **name}
    elif choice.allowed:
        listed = [
            {"type": "function", "function": {"name": n}}
            if nested
            else {"type": "function", "name": n}
            for n in choice.allowed
        ]
        allowed = {"mode": choice.mode, "tools": listed}
        value = {"type": "allowed_tools", **({"allowed_tools": allowed} if nested else allowed)}
    out: dict[str, Any] = {"tool_choice": value}
    if choice.parallel is not None:
        out["parallel_tool_calls"] = choice.parallel
    return out

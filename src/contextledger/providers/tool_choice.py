"""A request's ``tool_choice``, read from any of the shapes apps send it in, and checked
against the tools the request declares.

Apps say which tool the model must (or may not) call in their provider's own shape: OpenAI
Chat's ``"auto"``/``"none"``/``"required"`` or ``{"type": "function", "function": {"name"}}``,
Responses' ``{"type": "function", "name"}``, Anthropic's ``{"type": "auto"|"any"|"none"|
"tool", "name", "disable_parallel_tool_use"}``, Gemini's ``tool_config.function_calling_config``
(``mode`` AUTO/ANY/NONE, ``allowed_function_names``; camelCase too). ``prepare`` writes it
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
    '{"name": …}} (Chat), {"type": "function", "name": …} (Responses), {"type": "auto" | '
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
    (``named``), and whether the model may call several tools at once (None: not said)."""

    mode: Mode
    name: str | None = None
    parallel: bool | None = None


def read_tool_choice(spec: object, argument: str = "tool_choice") -> ToolChoice:
    """The choice ``spec`` makes; ``ArgumentError`` naming ``argument`` when it is none.

    >>> read_tool_choice({"type": "tool", "name": "f", "disable_parallel_tool_use": True})
    ToolChoice(mode='named', name='f', parallel=False)
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


def _gemini_choice(config: Mapping[str, Any], argument: str, spec: object) -> ToolChoice:
    mode = _MODES.get(config.get("mode", "AUTO"))
    names = config.get("allowed_function_names", config.get("allowedFunctionNames"))
    if mode is None or (names is not None and not isinstance(names, list)):
        raise ArgumentError(argument, _EXPECTED, spec)
    if not names:
        return ToolChoice(mode)
    if mode != "required" or len(names) != 1 or not isinstance(names[0], str):
        # (several allowed names have no shape in the other formats' tool_choice)
        raise ArgumentError(argument, "mode ANY with one allowed function name", spec)
    return ToolChoice("named", names[0])


def openai_tool_choice(choice: ToolChoice, *, nested: bool) -> dict[str, Any]:
    """OpenAI's ``tool_choice`` (a named one nests its name under ``function`` on Chat,
    ``nested``, and not on Responses) and ``parallel_tool_calls`` when the choice says it."""
    value: object = choice.mode
    if choice.mode == "named":
        name = {"name": choice.name}
        value = {"type": "function", "function": name} if nested else {"type": "function", **name}
    out: dict[str, Any] = {"tool_choice": value}
    if choice.parallel is not None:
        out["parallel_tool_calls"] = choice.parallel
    return out

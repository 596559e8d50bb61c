"""A request's structured-output format, read from any of the shapes apps send it in.

Apps ask for JSON output in their provider's own shape: OpenAI Chat's ``response_format``
(``{"type": "json_schema", "json_schema": {"name", "schema", "strict"}}``), Responses'
``text.format`` (the same, flat), Anthropic's ``output_config.format`` (``{"type":
"json_schema", "schema"}``), or ``{"type": "json_object"}`` / ``{"type": "text"}``. The fit
prices it and ``prepare`` sends it as each format's writer writes it (``ProviderFormat.
output_format``), so the budget counts what is sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import ArgumentError

__all__ = ["OutputFormat", "read_output_format"]

Kind = Literal["json_schema", "json_object", "text"]
_EXPECTED = (
    'a structured-output format: {"type": "json_schema", "json_schema": {"name": …, '
    '"schema": {…}}} (Chat), the same flat (Responses), {"type": "json_schema", "schema": '
    '{…}} (Anthropic), {"type": "json_object"} or {"type": "text"}'
)
#: The name OpenAI requires of a JSON schema format, when the app's shape has none.
DEFAULT_NAME = "response"


@dataclass(frozen=True, slots=True)
class OutputFormat:
    """What a structured-output format says, whatever shape it came in."""

    kind: Kind
    schema: Mapping[str, Any] | None = None
    name: str = DEFAULT_NAME
    description: str | None = None
    strict: bool | None = None


def read_output_format(spec: object, argument: str = "response_format") -> OutputFormat:
    """The format ``spec`` asks for; ``ArgumentError`` naming ``argument`` when it is none.

    >>> read_output_format({"type": "json_schema", "json_schema": {"name": "P",
    ...     "schema": {"type": "object"}}})
    OutputFormat(kind='json_schema', schema={'type': 'object'}, name='P', description=None, strict=None)
    >>> read_output_format({"type": "json_object"}).kind
    'json_object'
    """
    if not isinstance(spec, Mapping):
        raise ArgumentError(argument, _EXPECTED, spec)
    kind = spec.get("type")
    if kind in ("json_object", "text"):
        return OutputFormat(kind)
    inner = spec.get("json_schema", spec)  # Chat nests it; Responses and Anthropic do not
    schema = inner.get("schema") if isinstance(inner, Mapping) else None
    # (OpenAI takes a named format without a schema: any JSON object)
    named = isinstance(inner, Mapping) and isinstance(inner.get("name"), str)
    if kind != "json_schema" or not (isinstance(schema, Mapping) or (schema is None and named)):
        raise ArgumentError(argument, _EXPECTED, spec)
    name, description, strict = (inner.get(k) for k in ("name", "description", "strict"))
    return OutputFormat(
        "json_schema",
        schema,
        name if isinstance(name, str) else DEFAULT_NAME,
        description if isinstance(description, str) else None,
        strict if isinstance(strict, bool) else None,
    )


def openai_schema(fmt: OutputFormat) -> dict[str, Any]:
    """A JSON schema format's OpenAI fields (``name``, ``description``, ``schema``,
    ``strict``), the ones given: Chat nests them, Responses puts them beside ``type``."""
    out: dict[str, Any] = {"name": fmt.name}
    if fmt.description is not None:
        out["description"] = fmt.description
    if fmt.schema is not None:
        out["schema"] = fmt.schema
    if fmt.strict is not None:
        out["strict"] = fmt.strict
    return out

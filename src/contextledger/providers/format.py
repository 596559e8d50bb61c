"""What a wire format must supply: one :class:`ProviderFormat` value per ``providers/<format>.py``.

Everything format-specific lives in that format's module and is reached through its
``FORMAT`` value, registered once in ``providers/__init__.py``: reading and writing
messages, where the messages and the system prompt go in a request body, tool
declarations, the output-token cap, and how the official SDK sends it. Code elsewhere
(``prepare``, ``client``, the summarizers, the CLI) asks the registry instead of switching
on the format's name. Adding sending for a format is filling in its ``sdk``, ``stream``
and ``complete``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ..model import Message
from ..report import Notice
from .output_format import OutputFormat

if TYPE_CHECKING:
    from ..reply import Reply  # (read when a reply is: a fit imports none of it)
    from .tool_choice import ToolChoice  # (it names tools as ids does, which reads tool_spec here)

Format = Literal["openai", "anthropic", "openai-responses", "gemini"]

__all__ = ["Completer", "Format", "ProviderFormat", "Streamer", "takes_any_file", "tool_spec"]


def takes_any_file(media_type: str) -> bool:
    """A format that takes an inline file of any type (``ProviderFormat.takes_file``)."""
    return True


class Streamer(Protocol):
    """Send ``body`` with the official SDK ``client``, streaming text to ``on_text``, and
    assemble the reply. SDK exceptions propagate: the client layer maps them."""

    def __call__(
        self,
        client: Any,
        body: Mapping[str, Any],
        *,
        model: str,
        estimated_input: int,
        on_text: Callable[[str], None] | None,
    ) -> Reply: ...


class Completer(Protocol):
    """Send ``body`` without streaming and return the reply's text as the SDK gave it
    (anything but a non-empty string is for the caller to refuse)."""

    def __call__(self, client: Any, body: Mapping[str, Any]) -> object: ...


@dataclass(frozen=True, slots=True)
class ProviderFormat:
    """One provider's wire format, everything about it in one value.

    ``read`` takes a request body or a bare message list; ``write`` returns the body
    fragment holding the messages (under ``messages_key``) and the system prompt (under
    ``system_key``; None: it stays among the messages). ``output_limit(tokens, provider)``
    is the body entry that caps the reply (``provider`` is the catalog's provider, e.g.
    ``openai`` or ``openai-compatible``). ``serves`` lists the catalog providers that
    speak this format by default. ``sdk`` names the official client package that sends
    it, ``stream``/``complete`` send with it (None: this library does not send it), and
    ``sdk_kwargs`` reshapes a body for the SDK's call when the SDK wants another shape.
    """

    name: Format
    title: str
    messages_key: str
    system_key: str | None
    read: Callable[[Any], tuple[Message, ...]]
    write: Callable[[Sequence[Message], list[Notice]], dict[str, Any]]
    convert_tools: Callable[[Sequence[Mapping[str, Any]]], list[dict[str, Any]]]
    output_limit: Callable[[int, str], dict[str, Any]]
    #: The body entries that carry a structured-output format (``providers.output_format``).
    output_format: Callable[[OutputFormat], dict[str, Any]]
    #: The body entries that carry a tool choice (``providers.tool_choice``), its tool named
    #: as this format declares it.
    tool_choice: Callable[[ToolChoice], dict[str, Any]]
    serves: tuple[str, ...] = ()
    sdk: str | None = None
    stream: Streamer | None = None
    complete: Completer | None = None
    #: ``body`` as the keyword arguments of the SDK's create call (None: the body as is).
    sdk_kwargs: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    #: Whether the format takes an inline file of this media type as its bytes (a PDF); a
    #: text file goes as text to every format, any other as a line naming it, reported
    #: (``common.sendable_file``; the pricer prices that line).
    takes_file: Callable[[str], bool] = takes_any_file
    #: Whether the REST body names the model. Gemini's generateContent takes it in the URL
    #: (``models/{model}:generateContent``) and answers 400 'Unknown name "model"' for a
    #: body that names it; its SDK takes it as ``model=`` beside the contents.
    model_in_body: bool = True

    @property
    def sends(self) -> bool:
        """Whether this library can send requests in this format."""
        return self.sdk is not None and self.stream is not None


#: Where each shape keeps a tool's JSON schema: OpenAI's ``parameters``, Anthropic's
#: ``input_schema``, Gemini's ``parametersJsonSchema``.
SCHEMA_KEYS = ("parameters", "input_schema", "parametersJsonSchema", "parameters_json_schema")


_DECLARATIONS = ("functionDeclarations", "function_declarations")


def declared_functions(tools: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """``tools`` with each Gemini tool of function declarations (``{"functionDeclarations":
    [{"name": …, "parameters": …}]}``, either spelling) given as its declarations, one tool
    each, so :func:`tool_spec` reads every tool shape (review42 R42-O2: a Gemini app's own
    tools were written ``"name": null`` and refused); other tools as they are.

    >>> declared_functions([{"functionDeclarations": [{"name": "f"}, {"name": "g"}]}, {"name": "h"}])
    [{'name': 'f'}, {'name': 'g'}, {'name': 'h'}]
    """
    out: list[Mapping[str, Any]] = []
    for tool in tools:
        found = next((tool[k] for k in _DECLARATIONS if k in tool), None)
        if isinstance(found, list) and all(isinstance(d, Mapping) for d in found):
            out.extend(found)
        else:
            out.append(tool)
    return out


def tool_spec(tool: Mapping[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """Name, description and JSON-schema parameters of an OpenAI Chat function tool (or of
    its bare ``function`` object), the shape tools are given in; an Anthropic declaration's
    ``input_schema`` is its parameters too (an app moving to Claude passes its own: read as
    no parameters, the tool was sent to Claude with an empty schema)."""
    fn = tool.get("function", tool)
    params = next((fn[k] for k in SCHEMA_KEYS if k in fn), {"type": "object", "properties": {}})
    return fn.get("name"), fn.get("description", ""), params

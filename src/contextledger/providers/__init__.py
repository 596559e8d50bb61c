"""Wire formats: read any provider's conversation into Messages, write Messages to any provider.

One module per format (``openai_chat``, ``anthropic``, ``openai_responses``, ``gemini``)
holds everything about it in a :class:`ProviderFormat` value; :data:`REGISTRY` is the one
table of them, and :func:`provider_format` / :func:`format_for_provider` are how the rest
of contextledger asks about a format.

>>> from contextledger.providers import read_messages, translate
>>> msgs = read_messages([{"role": "system", "content": "Be brief."},
...                       {"role": "user", "content": "hi"}])
>>> translate(msgs, "anthropic").body
{'messages': [{'role': 'user', 'content': 'hi'}], 'system': 'Be brief.'}
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from ..catalog import Catalog, ModelInfo, lookup_model, resolve_catalog, takes_audio
from ..errors import ContentError, describe
from ..gate import OnImages, vision_gate
from ..images.sendable import sendable_messages
from ..model import FittedMessages, Message, MessagesLike, count_images
from ..report import Notice
from ..validate import Problem, ensure_valid, gemini_contents_problems, refuse_prefill
from . import anthropic, gemini, native, openai_chat, openai_responses
from .common import citation_notices, document_field_notices, drop_empty_turns, name_notices
from .format import Format, ProviderFormat
from .ids import renamed_ids, renamed_names

#: Every wire format, by name: the one place that lists them.
REGISTRY: Mapping[str, ProviderFormat] = MappingProxyType(
    {
        f.name: f
        for f in (openai_chat.FORMAT, anthropic.FORMAT, openai_responses.FORMAT, gemini.FORMAT)
    }
)
FORMATS: tuple[Format, ...] = tuple(f.name for f in REGISTRY.values())


def provider_format(name: str) -> ProviderFormat:
    """The format called ``name``; a :class:`ContentError` names the known ones otherwise.

    >>> provider_format("anthropic").system_key
    'system'
    """
    try:
        return REGISTRY[name]
    except (KeyError, TypeError):
        raise ContentError(
            "", f"unknown format {describe(name)}; expected one of {', '.join(FORMATS)}"
        ) from None


def format_for_provider(provider: str, api: str | None = None) -> ProviderFormat:
    """The format a model is sent in: ``api`` when given (a caller's choice, or the only API
    the model is served in: ``ModelInfo.api``), else its catalog provider's default (OpenAI
    Chat for unknown ones, the lingua franca of OpenAI-compatible servers).

    >>> format_for_provider("mistral").name
    'openai'
    >>> format_for_provider("openai", "openai-responses").name
    'openai-responses'
    """
    if api:
        return provider_format(api)
    for f in REGISTRY.values():
        if provider in f.serves:
            return f
    return openai_chat.FORMAT


# Tuples, not sets: a hostile ``type`` may be unhashable (a list), and `in` must not raise.
_ANTHROPIC_BLOCKS = (
    "tool_use",
    "tool_result",
    "thinking",
    "redacted_thinking",
    "document",
    "search_result",
    "container_upload",
)
# (every item type only Responses writes: a list whose first such item is a hosted tool's
# call, ``web_search_call`` or an ``item_reference``, was read as Chat and refused)
_RESPONSES_ITEMS = (
    "message", "function_call", "function_call_output", "reasoning", "compaction",
    *native.RESPONSES_ITEMS,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Translation:
    """A request body fragment for one provider, plus every deliberate drop or replacement."""

    body: dict[str, Any]
    format: Format
    notices: tuple[Notice, ...] = ()

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The message list inside ``body`` (``messages``, ``input`` or ``contents``)."""
        value: list[dict[str, Any]] = self.body[REGISTRY[self.format].messages_key]
        return value


def detect_format(payload: Any) -> Format:
    """Guess which provider format a payload is in (a request body or a bare message list)."""
    if isinstance(payload, Mapping):
        if "contents" in payload:
            return "gemini"
        if "input" in payload:
            return "openai-responses"
        if "system" in payload and isinstance(payload.get("messages"), list):
            return "anthropic"
        return detect_format(payload.get("messages", []))
    if not isinstance(payload, Sequence) or isinstance(payload, str | bytes):
        raise ContentError("", "expected a list of messages or a request body")
    return decisive_format(payload) or "openai"


def decisive_format(items: Iterable[Any]) -> Format | None:
    """The format named by the first item only one format writes that way (None: no item
    tells, e.g. plain texts only, which every format but Gemini reads alike)."""
    for item in items:
        if not isinstance(item, Mapping):
            continue
        if "parts" in item or item.get("role") == "model":
            return "gemini"
        if item.get("type") in _RESPONSES_ITEMS:
            return "openai-responses"
        if item.get("role") == "tool" or "tool_calls" in item or "annotations" in item:
            return "openai"  # (a search model's citations sit on its Chat message)
        content = item.get("content")
        if isinstance(content, list):
            for part in content:
                if not isinstance(part, Mapping):
                    continue
                kind = part.get("type")
                if (
                    kind in _ANTHROPIC_BLOCKS
                    or (kind == "image" and "source" in part)
                    or (kind == "text" and "citations" in part)  # (a Chat text has none)
                    or native.is_anthropic_server_block(kind)
                ):
                    return "anthropic"
                if kind in ("image_url", "input_audio", "file"):
                    return "openai"
                if kind in ("input_text", "input_image", "input_file"):
                    return "openai-responses"
    return None


def read_messages(payload: MessagesLike, fmt: Format | None = None) -> tuple[Message, ...]:
    """Read a provider payload (format detected unless given) into Messages.

    Accepts a bare message list, ``{"messages": …}``, an Anthropic request, a Responses
    request (``input``) or a Gemini request (``contents``). Unknown blocks raise
    ``ContentError`` naming their path.
    """
    # map/set run at C speed: this check runs before every fit of a long history
    if payload and isinstance(payload, Sequence) and set(map(type, payload)) == {Message}:
        return tuple(cast(Sequence[Message], payload))
    if isinstance(payload, Mapping) and not {"messages", "input", "contents"} & set(payload):
        raise ContentError(
            "",
            "not a conversation: expected a message list or a request with "
            "'messages' (OpenAI, Anthropic), 'input' (Responses) or 'contents' (Gemini)",
        )
    return provider_format(fmt or detect_format(payload)).read(payload)


def translate(
    messages: MessagesLike,
    to: Format,
    *,
    model: str | ModelInfo | None = None,
    on_images: OnImages = "error",
    catalog: Catalog | None = None,
    validate: bool = True,
    now: float | None = None,
) -> Translation:
    """Translate a conversation into ``to``'s request shape, loudly.

    With ``model`` the vision gate runs first: images for a model that cannot see them
    raise ``VisionGateError`` (or become reported placeholders with
    ``on_images="placeholder"``). Blocks the target cannot carry raise
    ``UnsupportedBlockError`` naming the path; deliberate drops (reasoning for another
    provider) are listed in ``notices``, as is each image the provider refuses whatever is
    done to it (bytes that are no image, a ``file://`` URL), sent as a note instead (as
    ``fit`` does). ``validate=False`` writes the conversation without these checks.
    ``now``: the moment the request is made, in seconds since the epoch (default: the
    moment a fit's messages were fitted at, else the clock's): an earlier OpenAI spoken
    reply whose ``expires_at`` has passed by then goes as its line, reported (OpenAI
    refuses the id of a reply whose audio it no longer keeps).
    """
    target = provider_format(to)
    if now is None and isinstance(messages, FittedMessages):
        now = messages.now  # the moment the fit priced them at (one moment, not two)
    msgs = read_messages(messages)
    notices: list[Notice] = []
    msgs = tuple(native.expired_replies(msgs, time.time() if now is None else now, notices))
    if model is not None:
        gated = vision_gate(msgs, model, on_images=on_images, catalog=catalog)
        msgs = gated.messages
        notices.extend(gated.notices)
        info = lookup_model(model, catalog)
        if takes_audio(info) is False:
            msgs = tuple(native.unheard_replies(msgs, target.name, notices))
    msgs = _sendable_images(msgs, target, model, catalog, notices, checked=validate)
    msgs = tuple(drop_empty_turns(msgs, target.name, notices))
    if validate:
        if model is not None:  # (after the empty turns go: a last reply that said nothing
            # is no prefill) Claude 4.6 and later answer HTTP 400
            refuse_prefill(msgs, lookup_model(model, catalog))
        _validate(msgs, to)
    notices.extend(renamed_ids(msgs, target.name, target.title))
    notices.extend(renamed_names(msgs, target.name, target.title))
    notices.extend(name_notices(msgs, target.name, target.title))
    notices.extend(document_field_notices(msgs, target.name, target.title))
    notices.extend(citation_notices(msgs, target.name, target.title))
    body = target.write(msgs, notices)
    if validate and target.name == "gemini":
        # placement rules only the written turns show (the writer joins model turns)
        _refuse(gemini_contents_problems(body["contents"]), to)
    return Translation(body, target.name, tuple(notices))


def _sendable_images(
    msgs: tuple[Message, ...],
    target: ProviderFormat,
    model: str | ModelInfo | None,
    catalog: Catalog | None,
    notices: list[Notice],
    checked: bool = True,
) -> tuple[Message, ...]:
    """Images the provider refuses as they are (a GIF for Gemini, a BMP for anyone, a side
    over Anthropic's 8,000 px), re-encoded by the model's limits, else its provider's; when
    ``checked``, one it refuses whatever is done (bytes that are no image, a ``file://``
    URL) is a note, reported (unchecked: written as given, for a caller that asked so)."""
    if not count_images(msgs):
        return msgs
    cat = resolve_catalog(catalog)
    info = (
        lookup_model(model, cat)
        if model is not None
        else cat.lookup(f"{target.serves[0] if target.serves else 'openai'}/default")
    )
    who = info.id if model is not None else target.title
    provider = info.provider if checked else None
    return sendable_messages(msgs, info.image_limits, who, notices, provider)


def write_messages(messages: Sequence[Message], fmt: Format, **options: Any) -> dict[str, Any]:
    """``translate(...).body``: the request fragment only (use ``translate`` to see notices)."""
    return translate(messages, fmt, **options).body


def _validate(messages: Sequence[Message], target: str) -> None:
    ensure_valid(messages, target)


def _refuse(problems: Sequence[Problem], target: str) -> None:
    if problems:
        first = problems[0]
        raise ContentError(first.path, f"{first.message} (refusing to write {target})")


__all__ = [
    "FORMATS",
    "REGISTRY",
    "Format",
    "ProviderFormat",
    "Translation",
    "decisive_format",
    "detect_format",
    "format_for_provider",
    "provider_format",
    "read_messages",
    "translate",
    "write_messages",
]

"""The provider-neutral content model: immutable messages made of typed blocks.

Every provider format is read into these values and written out of them, so a
conversation can move between OpenAI, Anthropic and Gemini without losing a block.

>>> from contextledger.model import Message, Text
>>> m = Message.user("What does this error mean?")
>>> m.role, m.text
('user', 'What does this error mean?')
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import is_
from typing import Any, Literal, TypeAlias

from .errors import ContentError, describe
from .images.signature import sniff_image_media_type

Role: TypeAlias = Literal["system", "user", "assistant", "tool"]
ROLES: frozenset[str] = frozenset({"system", "user", "assistant", "tool"})

IMAGE_MEDIA_TYPES: frozenset[str] = frozenset(
    {"image/png", "image/jpeg", "image/gif", "image/webp"}
)


@dataclass(frozen=True, slots=True)
class InlineData:
    """Base64 payload held inside a larger string without copying it.

    A data URL read from OpenAI keeps the original string; ``start`` points past the
    comma. Slicing happens only when a writer needs the bare payload.
    """

    text: str
    start: int = 0

    @classmethod
    def from_bytes(cls, data: bytes) -> InlineData:
        import base64

        return cls(base64.b64encode(data).decode("ascii"))

    @property
    def base64(self) -> str:
        return self.text[self.start :] if self.start else self.text

    @property
    def base64_length(self) -> int:
        return len(self.text) - self.start

    def prefix(self, n: int) -> str:
        return self.text[self.start : self.start + n]

    def image_type(self) -> str | None:
        """The image type the payload's first bytes say (``image/png``), or None: 16
        characters are decoded, whatever the label (``data:;base64,…`` has none)."""
        try:
            head = base64.b64decode(self.prefix(16))
        except ValueError:  # binascii.Error: not base64 (the writers refuse it, naming where)
            return None
        return sniff_image_media_type(head)

    def decode(self) -> bytes:
        import base64

        return base64.b64decode(self.base64)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InlineData):
            return NotImplemented
        if self.text is other.text and self.start == other.start:
            return True
        if self.base64_length != other.base64_length:
            return False
        if self.start == other.start:
            return self.text == other.text  # no copy
        # Different prefixes (a data URL and a bare payload): compare in slices, never
        # copying a multi-megabyte payload whole.
        step = 1 << 16
        for k in range(0, self.base64_length, step):
            if (
                self.text[self.start + k : self.start + k + step]
                != other.text[other.start + k : other.start + k + step]
            ):
                return False
        return True

    def __hash__(self) -> int:
        # Equal payloads behind different prefixes (a data URL and its bare base64) are equal,
        # so the hash reads only the payload: its length and its two ends (no copy of it whole).
        n = self.base64_length
        return hash(
            (n, self.text[self.start : self.start + 64], self.text[len(self.text) - min(n, 64) :])
        )

    def __repr__(self) -> str:
        return f"InlineData(<{self.base64_length} base64 chars>)"


def parse_data_url(url: str, path: str) -> tuple[str, InlineData]:
    """Split ``data:<media type>;base64,<payload>`` without copying the payload."""
    comma = url.find(",", 0, 256)
    header = url[5:comma] if comma > 0 else ""
    if comma < 0 or not header.endswith(";base64"):
        raise ContentError(path, "data URL is not base64 (expected 'data:<type>;base64,…')")
    return header[: -len(";base64")].lower(), InlineData(url, comma + 1)


@dataclass(frozen=True, slots=True)
class Text:
    """A block of text in a message, with what its provider said about it."""

    text: str
    cache: str | None = None  # Anthropic cache_control, as JSON; other formats ignore it
    # the Responses API's output message item (msg_…) this text came in, and its status:
    # a reasoning item sent back must be followed by the item it produced, id and all
    item_id: str | None = None
    item_status: str | None = None
    # where an answer's text came from, as the format that wrote it said (``citations_format``):
    # Anthropic's ``citations`` of a text block, the Responses API's ``annotations`` of an
    # ``output_text``, Chat's ``annotations`` of a message, as a JSON list. Written back to
    # that format only; any other has no place for them, and says so (``citation_notices``)
    citations: str | None = None
    citations_format: str | None = None
    type: Literal["text"] = field(default="text", init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise ContentError("Text.text", f"must be a string, not {describe(self.text)}")


@dataclass(frozen=True, slots=True)
class Image:
    """An image: inline base64, a remote URL, or a content-addressed store ref.

    Exactly one of ``data``, ``url`` and ``ref`` is set. ``width``/``height`` are
    filled when known (probed or stored); ``detail`` is OpenAI's hint.
    """

    media_type: str | None = None
    data: InlineData | None = None
    url: str | None = None
    ref: str | None = None
    width: int | None = None
    height: int | None = None
    name: str | None = None
    detail: str | None = None
    cache: str | None = None  # Anthropic cache_control, as JSON; other formats ignore it
    type: Literal["image"] = field(default="image", init=False)

    def __post_init__(self) -> None:
        given = sum(x is not None for x in (self.data, self.url, self.ref))
        if given != 1:
            raise ContentError("", "an image needs exactly one of data, url or ref")
        if self.url is not None and self.url[:5].lower() == "data:":
            self._inline_data_url(self.url)
        if self.data is not None and not self.media_type:  # data:;base64,… or "" as read
            object.__setattr__(self, "media_type", self.data.image_type())

    def _inline_data_url(self, url: str) -> None:
        """``Image(url="data:image/png;base64,…")`` built by hand holds its bytes as any read
        image does (the payload is not copied): priced by its pixels, sent as its format,
        counted toward byte limits. A data URL that is not base64 stays a URL."""
        comma = url.find(",", 0, 256)
        header = url[5:comma] if comma > 0 else ""
        if not header.lower().endswith(";base64"):
            return
        data = InlineData(url, comma + 1)
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "url", None)
        if self.media_type is None:  # data:image/png;name=shot.png;base64 → image/png
            object.__setattr__(self, "media_type", header.split(";", 1)[0].lower() or None)

    @property
    def source_kind(self) -> Literal["base64", "url", "ref"]:
        if self.data is not None:
            return "base64"
        return "url" if self.url is not None else "ref"

    @property
    def label(self) -> str:
        """How a person would name this image in a notice: 'shot.png' 1920×1080."""
        return self.describe(self.width, self.height)

    def describe(self, width: int | None = None, height: int | None = None) -> str:
        """The label, with a size found elsewhere (probed) when the block has none."""
        return describe_image(
            self.name, self.media_type, self.width or width, self.height or height
        )


def describe_image(
    name: str | None, media_type: str | None, width: int | None, height: int | None
) -> str:
    """How a person knows an image: "'shot.png' 1920×1080", "1920×1080 PNG", "(remote)"."""
    size = f"{width}×{height}" if width and height else ""
    if name:
        return f"'{name}' {size}".rstrip()
    kind = (media_type or "").removeprefix("image/").upper() or "remote"
    return f"{size} {kind}".strip() if size else f"({kind})"


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (JSON has no NaN or Infinity)")


def loads_json(text: str) -> Any:
    """``json.loads`` without the NaN / Infinity Python accepts: written back into a body
    they make it invalid JSON (``json.dumps`` emits them bare), which APIs refuse.

    >>> loads_json('{"x": NaN}')
    Traceback (most recent call last):
    ...
    ValueError: NaN is not JSON (JSON has no NaN or Infinity)
    """
    return json.loads(text, parse_constant=_not_json)


@dataclass(frozen=True, slots=True)
class ToolCall:
    """An assistant's request to run a tool. ``arguments`` is kept verbatim."""

    id: str
    name: str
    arguments: str = "{}"
    # a provider's opaque token for this call (Gemini), sent back untouched
    signature: str | None = None
    item_id: str | None = None  # the Responses API's item id (fc_…), which reasoning refers to
    cache: str | None = None  # Anthropic cache_control, as JSON; other formats ignore it
    type: Literal["tool_call"] = field(default="tool_call", init=False)

    def parsed(self) -> tuple[Any, str | None]:
        """(parsed JSON, None) or (None, parse error)."""
        try:
            return loads_json(self.arguments) if self.arguments else {}, None
        except ValueError as exc:
            return None, str(exc)
        except RecursionError:
            return None, "nested too deeply to parse"

    @property
    def parse_error(self) -> str | None:
        return self.parsed()[1]


@dataclass(frozen=True, slots=True)
class ToolResult:
    """A tool's answer to one call: text, images (a computer-use agent's screenshots),
    files the tool read, and files by reference (:class:`ProviderContent`: an id from a
    provider's Files API, a Gemini file URI), each sent where the target takes it."""

    call_id: str
    content: tuple[ResultBlock, ...] = ()
    is_error: bool = False
    name: str | None = None
    cache: str | None = None  # Anthropic cache_control, as JSON; other formats ignore it
    type: Literal["tool_result"] = field(default="tool_result", init=False)

    @property
    def text(self) -> str:
        return "\n".join(b.text for b in self.content if isinstance(b, Text))


@dataclass(frozen=True, slots=True)
class FileAttachment:
    """An attached file: a text body (droppable under pressure) or opaque base64 data."""

    name: str
    text: str | None = None
    data: InlineData | None = None
    media_type: str = "text/plain"
    cache: str | None = None  # Anthropic cache_control, as JSON; other formats ignore it
    # Anthropic's own document fields (``citations``, ``context``; a ``content`` source's
    # chunks), as JSON: sent back to Anthropic as they came; other formats have no such
    # field (translate reports that they go without them).
    document_fields: str | None = None
    # The format (its title, "OpenAI Chat") whose request carried this file in a part that
    # format refuses (a Chat ``file`` part that is no PDF: HTTP 400): every writer sends it
    # as that format takes it (its text, or a line naming it), priced so and reported; ""
    # for a file its format took as a file.
    refused_in: str = ""
    type: Literal["file"] = field(default="file", init=False)


@dataclass(frozen=True, slots=True)
class Audio:
    """Audio input (OpenAI ``input_audio``, Gemini ``audio/*``). Not every provider takes it."""

    data: InlineData
    format: str
    type: Literal["audio"] = field(default="audio", init=False)


@dataclass(frozen=True, slots=True)
class Reasoning:
    """Opaque model reasoning, kept for the provider that produced it.

    ``provider`` is the format it came from; ``signature`` (Anthropic) or
    ``encrypted`` (OpenAI Responses) must be sent back untouched.
    """

    provider: str
    text: str = ""
    signature: str | None = None
    redacted: bool = False
    encrypted: str | None = None
    item_id: str | None = None
    summary: tuple[str, ...] = ()
    type: Literal["reasoning"] = field(default="reasoning", init=False)


@dataclass(frozen=True, slots=True)
class Recap:
    """A compaction summary standing in for the messages it covers (by id)."""

    text: str
    covers: tuple[str, ...] = ()
    type: Literal["recap"] = field(default="recap", init=False)

    PREFIX = "Compacted summary of earlier conversation:"

    @property
    def wire_text(self) -> str:
        return f"{self.PREFIX}\n{self.text}"


@dataclass(frozen=True, slots=True)
class ProviderContent:
    """Content only one provider reads, kept as it came: Anthropic's server-tool blocks
    (``server_tool_use``, ``web_search_tool_result``…) and Gemini's code execution
    (``executable_code``, ``code_execution_result``) and files by URI (``file_data``).

    ``raw`` is the block (or part) as JSON, written back verbatim to ``provider``; every
    other provider gets ``text``, a rendition a person and a model can read (reported).
    ``kind`` is the wire type, for people and for pricing."""

    provider: str
    kind: str
    raw: str
    text: str
    type: Literal["provider_content"] = field(default="provider_content", init=False)


#: The ``kind`` of an OpenAI Chat assistant's earlier spoken reply kept by its id
#: (``providers.native.read_openai_audio_reply``).
AUDIO_REPLY = "audio_reply"


def is_audio_reply(b: object) -> bool:
    """Whether ``b`` is an earlier spoken reply kept by its id (only an OpenAI model that
    hears takes it back; any other gets its line: ``gate.without_audio``)."""
    return type(b) is ProviderContent and b.provider == "openai" and b.kind == AUDIO_REPLY


def reference_of(b: ProviderContent) -> str | None:
    """How a file by reference is named — its id, URL or Gemini file URI — or None.

    >>> reference_of(ProviderContent("openai", "file", '{"file_id": "file-abc"}', "a file"))
    'file-abc'
    """
    raw = json.loads(b.raw)
    if b.kind == "file_data":
        found = _mapping(raw.get("file_data")).get("file_uri")
    elif b.kind in ("document", "image"):
        source = _mapping(raw.get("source")) or raw
        found = source.get("url") or source.get("file_id")
    elif b.provider == "openai" and b.kind == "file":
        found = raw.get("file_id") or raw.get("file_url")
    else:
        found = None
    return found if isinstance(found, str) else None


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


Block: TypeAlias = (
    Text | Image | ToolCall | ToolResult | FileAttachment | Audio | Reasoning | Recap
    | ProviderContent
)  # fmt: skip
#: What a tool result may hold (audio goes where the format carries it: after the results on
#: OpenAI Chat and Gemini; Anthropic and Responses refuse it, naming where).
ResultBlock: TypeAlias = Text | Image | FileAttachment | ProviderContent | Audio


class _PriceRoom:
    """Room on a message for one pricer's memo of its price (``pricing.messages``): not a
    field (not compared, hashed, copied or pickled). A memo by ``id(message)`` beside it
    cost 80 bytes a message, more than this message's half: at the peak of a cold fit that
    keeps 11,000 tiny turns, 0.29x the size of the app's dicts."""

    __slots__ = ("_price", "_price_owner")
    _price: Any  # (a pricing.messages.MessagePrice: model imports nothing of pricing)
    _price_owner: object


@dataclass(frozen=True, slots=True)
class Message(_PriceRoom):
    """One turn. ``id`` is stable: given, or derived from position when read from a wire format.

    ``developer`` marks a system message the app wrote in OpenAI's ``developer`` role: the
    OpenAI formats send it back in that role (Chat for o-series and newer models, Responses);
    Anthropic and Gemini have one system prompt, which it joins like any system message."""

    role: Role
    content: tuple[Block, ...]
    id: str = ""
    name: str | None = None
    developer: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.role, str) or self.role not in ROLES:
            raise ContentError("role", f"unknown role {describe(self.role)}")
        if type(self.content) is not tuple:
            raise ContentError(
                "content", f"expected a tuple of blocks, got {describe(self.content)}"
            )
        if self.developer and self.role != "system":  # (a system message repair made a user's)
            object.__setattr__(self, "developer", False)

    @classmethod
    def user(cls, *parts: str | Block, id: str = "") -> Message:
        return cls("user", _blocks(parts), id=id)

    @classmethod
    def assistant(cls, *parts: str | Block, id: str = "") -> Message:
        return cls("assistant", _blocks(parts), id=id)

    @classmethod
    def system(cls, text: str, id: str = "") -> Message:
        return cls("system", (Text(text),), id=id)

    @classmethod
    def tool(
        cls, call_id: str, *parts: str | ResultBlock, is_error: bool = False, id: str = ""
    ) -> Message:
        content = tuple(Text(p) if isinstance(p, str) else p for p in parts)
        return cls("tool", (ToolResult(call_id, content, is_error),), id=id)

    @property
    def wire_role(self) -> str:
        """The role the OpenAI formats send (``developer`` for a developer's message)."""
        return "developer" if self.developer else self.role

    @property
    def text(self) -> str:
        """All text blocks joined (recaps included); what a person reading the turn would see."""
        out: list[str] = []
        for b in self.content:
            if isinstance(b, Text):
                out.append(b.text)
            elif isinstance(b, Recap):
                out.append(b.wire_text)
            elif isinstance(b, ToolResult):
                out.append(b.text)
        return "\n".join(out)

    @property
    def tool_calls(self) -> tuple[ToolCall, ...]:
        return tuple(b for b in self.content if isinstance(b, ToolCall))

    @property
    def tool_results(self) -> tuple[ToolResult, ...]:
        return tuple(b for b in self.content if isinstance(b, ToolResult))

    @property
    def is_recap(self) -> bool:
        return Recap in map(type, self.content)  # C-speed: asked for every message, every fit

    def images(self) -> Iterator[Image]:
        """Every image in the message, including those inside tool results."""
        for b in self.content:
            if isinstance(b, Image):
                yield b
            elif isinstance(b, ToolResult):
                for inner in b.content:
                    if isinstance(inner, Image):
                        yield inner

    def with_content(self, content: Iterable[Block]) -> Message:
        return replace(self, content=tuple(content))

    def map_images(self, f: Callable[[Image, int], Image | Text]) -> Message:
        """This message with each image, inside tool results too, replaced by ``f(image,
        index of its block)`` (an image or a text placeholder); itself when none changes."""
        content: list[Block] = []
        for j, b in enumerate(self.content):
            if isinstance(b, Image):
                content.append(f(b, j))
            elif isinstance(b, ToolResult) and any(isinstance(x, Image) for x in b.content):
                inner = tuple(f(x, j) if isinstance(x, Image) else x for x in b.content)
                content.append(b if all(map(is_, inner, b.content)) else replace(b, content=inner))
            else:
                content.append(b)
        return self if all(map(is_, content, self.content)) else self.with_content(content)


MessagesLike: TypeAlias = Sequence[Message] | Sequence[Mapping[str, Any]] | Mapping[str, Any]
"""What every public entry point accepts as a conversation, turned into Messages once at the
edge by :func:`contextledger.providers.read_messages`: our own Messages, a bare list of
provider message dicts (OpenAI Chat, Anthropic, Responses items or Gemini contents, format
detected), or a whole request body (``{"messages": …}``, ``{"input": …}``, ``{"contents": …}``)."""


class FittedMessages(tuple[Message, ...]):
    """A fit's messages and the moment it fitted them at (``now``, seconds since the epoch):
    ``translate`` given them writes at that moment unless told another, so an earlier
    spoken reply the fit kept by its id (not expired then) is sent as it was priced, not
    as its line because the clock moved on (a fit given ``now=`` and a translate not read
    two moments). A tuple: everything that takes the messages takes these.

    >>> fitted = FittedMessages([Message.user("hi")], now=1_800_000_000.0)
    >>> fitted.now, fitted == (Message.user("hi"),)
    (1800000000.0, True)
    """

    now: float

    def __new__(cls, messages: Iterable[Message], now: float) -> FittedMessages:
        made = super().__new__(cls, messages)
        made.now = now
        return made

    def __getnewargs__(self) -> tuple[tuple[Message, ...], float]:  # type: ignore[override]
        return tuple(self), self.now  # (a copy or a pickle keeps the moment)


def _blocks(parts: Iterable[str | Block]) -> tuple[Block, ...]:
    return tuple(Text(p) if isinstance(p, str) else p for p in parts)


def with_ids(messages: Iterable[Message], prefix: str = "m") -> tuple[Message, ...]:
    """Give every message without an id a stable, position-derived one."""
    return tuple(m if m.id else replace(m, id=f"{prefix}{i}") for i, m in enumerate(messages))


def count_images(messages: Iterable[Message]) -> int:
    return sum(1 for m in messages for _ in m.images())


def content_digest(block: Block) -> str:
    """A short stable digest of a block (used for ids and caches); never decodes images."""
    h = hashlib.blake2b(digest_size=8)
    h.update(repr(block).encode("utf-8", "surrogatepass"))
    if isinstance(block, Image) and block.data is not None:
        h.update(block.data.base64.encode("ascii", "replace"))
    return h.hexdigest()

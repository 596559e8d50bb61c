"""Price whole messages as they are sent: text, images by pixels, tool calls, framing.

A ``Pricer`` caches every block's price by content, so re-pricing a history after one
new message costs only the new message. No image is ever decoded: sizes come from the
block (when stored) or from the header of the inline data.

>>> from contextledger.model import Message
>>> p = Pricer.for_model("gpt-4o")
>>> p.message(Message.user("hello")).total  # "hello", the role "user", 3 of framing
5
"""

from __future__ import annotations

import json
import math
from _thread import allocate_lock  # threading.Lock itself (threading: ~0.5 ms to import)
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..catalog import Catalog, ModelInfo, lookup_model, takes_audio
from ..errors import ContentError, ImageProbeError
from ..gate import audio_placeholder, unheard_error
from ..images.probe import probe_image
from ..images.sendable import unfetchable
from ..model import (
    AUDIO_REPLY,
    Audio,
    Block,
    FileAttachment,
    Image,
    Message,
    MessagesLike,
    ProviderContent,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
    is_audio_reply,
)
from ..providers import detect_format, format_for_provider, provider_format, read_messages
from ..providers.common import (
    IMAGE_LABEL,
    TOOL_ERROR_PREFIX,
    attachment_text,
    carries_citations,
    carries_reasoning,
    interleaved,
    sends_nothing,
    split_system,
    tool_images_header,
    unsent_file_text,
)
from ..providers.gemini import GENERATED_ID, tool_media_key
from ..providers.ids import accepted_everywhere, portable_id, speaker_name, wire_id, wire_name
from ..providers.native import parsed, reply_deadline
from ..providers.openai_chat import declared_tool_choice, declared_tools, refuse_file_parts
from ..providers.openai_responses import item_count, text_files_sent_as_files, text_item_count
from ..providers.output_format import read_output_format
from .files import (
    MediaCost,
    audio_cost,
    cited_document_cost,
    document_fields_text,
    file_bytes_cost,
    file_cost,
    is_spreadsheet,
    spreadsheet_cost,
)
from .framing import (
    ANTHROPIC_REQUEST_FRAMING,
    ANTHROPIC_TEXT_DOCUMENT,
    ANTHROPIC_TOOL_BLOCK,
    CONSERVATIVE,
    OPENAI,
    OPENAI_TEXT_FILE,
    PARALLEL_CALL,
    PARALLEL_RESULT_MARGIN,
    PARALLEL_ROLE,
    PARALLEL_USES,
    PARALLEL_WRAPPER,
    REPLY_PRIMING,
    answer_channel_tokens,
    anthropic_defined_tools,
    chat_tool_preamble,
    framing_for_model,
    output_format_tokens,
    parallel_entry,
    parallel_header,
    parallel_result_text,
    rendered_call,
    rendered_result,
    responses_namespace_saving,
    settings_prompt,
    thinking_prompt,
    tool_use_system_prompt,
    tools_tokens,
)
from .provider_content import (
    check_file_pages,
    may_go_as_it_came,
    provider_content_cost,
    sent_as_a_file,
)
from .server_side import server_side_context
from .text import CachedCounter, TokenCounter, count_many, counter_for
from .vision import ImageCost, image_cost, max_image_cost

# Framing (what each message and request costs beyond its content) lives in ``framing``.
MESSAGE_OVERHEAD = {"openai": OPENAI.per_message, "openai-compatible": OPENAI.per_message}
DEFAULT_MESSAGE_OVERHEAD = CONSERVATIVE.per_message
REQUEST_OVERHEAD = REPLY_PRIMING
#: What a request with tools and no ``tool_choice`` is billed as: OpenAI's documented default
#: when tools are present (the cookbook's tool request, sent without one, is billed 101 on
#: gpt-4o, as with "auto": red team 22, RT22-10), and Anthropic's (``{"type": "auto"}``).
DEFAULT_TOOL_CHOICE = "auto"
#: Gemini models that bill the thought signatures sent back below Gemini 3's rate: the
#: earlier reply's thoughts they stand for, 5.9-7.0 base64 characters a thought token in
#: Mirascope's recorded gemini-2.5-flash calls (a signed call sent back with 6,328 and 3,212
#: characters for 988 and 540 thought tokens: 1,256 and 808 billed, 500 priced without them;
#: review40 R40-B1), priced at one per 5, never below those; some bills leave them out
#: (pydantic/pydantic-ai's recorded gemini-2.5 retry sending 2 signatures: 142 billed).
_THRIFTY_SIGNATURES = ("gemini-2.", 5)
#: How many texts a pricer keeps what their shortening from the ends read of them
#: (``Pricer.ends_read``): the few at a window's edge, shortened again as it moves.
_ENDS_READ_TEXTS = 8
#: What shortening a text from its ends read of it, by end (True: from its end): the
#: characters counted from that end at each piece's edge, and the tokens up to it.
EndsRead = dict[bool, tuple[list[int], list[int]]]
_REMEMBER_FROM = 1 << 16  # characters: longer texts are counted once per Pricer
TOOL_CALL_OVERHEAD = 3
TOOL_RESULT_OVERHEAD = 3


@dataclass(frozen=True, slots=True)
class MessagePrice:
    """Tokens of one message: text (framing included) and images apart."""

    text: int
    image: int

    @property
    def total(self) -> int:
        return self.text + self.image


@dataclass(frozen=True, slots=True)
class RequestPrice(MessagePrice):
    """A whole request body's price (``price_request``). ``server_side`` names what the body
    asks its provider to add from its own store or tools (``pricing.server_side``: a
    Gemini ``cachedContent``, Anthropic's ``mcp_servers``, a ``previous_response_id``, a
    vector store's search): the bill counts that and no price of the body can, so ``total``
    is then a lower bound, and ``note`` says so."""

    server_side: tuple[str, ...] = ()
    #: The most the files the provider fetches (a document by URL or file id, its length
    #: unknown here) can cost: the window. Left out of ``total``; an answer that must never
    #: be below the bill (the proxy's ``count_tokens``) adds it back (``at_most_known``).
    fetched_bound: int = 0
    #: What the provider writes into the prompt beside what the body holds (OpenAI's summary
    #: of a spreadsheet sent as a file): priced in ``total`` at an allowance, not as billed.
    written: tuple[str, ...] = ()

    @property
    def at_most_known(self) -> int:
        """``total`` with the fetched files at their bound: never below the bill for what
        the body holds (context added beside it still is not in it)."""
        return self.total + self.fetched_bound

    @property
    def complete(self) -> bool:
        """Whether the body holds everything the provider bills (``total`` is its price)."""
        return not self.server_side and not self.written

    @property
    def note(self) -> str:
        """ "" for a complete body; else why ``total`` is not the bill: a lower bound (context
        the provider adds from its store or tools), or an estimate (text it writes itself)."""
        if self.server_side:
            return (
                "a lower bound, not an estimate of the bill: the provider also bills what it "
                f"adds beside the body ({'; '.join(self.server_side)})"
            )
        if self.written:
            return (
                "an estimate on the high side, not the bill: the provider also bills what it "
                f"writes itself beside the body ({'; '.join(self.written)}), priced at an allowance"
            )
        return ""


#: The prices of text alone under ``_SHARED_UP_TO`` tokens, one object each (immutable).
_TEXT_ONLY: dict[int, MessagePrice] = {}
_SHARED_UP_TO = 1 << 12


def text_only(tokens: int) -> MessagePrice:
    """The price of a message of text alone: one object per small price (a fit keeping
    12,000 tiny turns made 12,000)."""
    if tokens >= _SHARED_UP_TO:
        return MessagePrice(tokens, 0)
    return _TEXT_ONLY.get(tokens) or _TEXT_ONLY.setdefault(tokens, MessagePrice(tokens, 0))


#: Small (text, image) pairs, one object each (immutable): a block's price in the block memo
#: and a message's price with images. 1,000 tool exchanges of a tiny screenshot each made a
#: pair per call, per result and per text, and a price per message: ~0.1x the body at the
#: fit's peak of memory, for a few hundred distinct values. Bounded: past ``_SHARED_MOST``
#: pairs, new ones are not shared.
_PAIRS: dict[tuple[int, int], tuple[int, int]] = {}
_PRICES: dict[tuple[int, int], MessagePrice] = {}
_SHARED_MOST = 1 << 14


def shared_pair(pair: tuple[int, int]) -> tuple[int, int]:
    """``pair``, or the equal pair made before it (small values only)."""
    hit = _PAIRS.get(pair)
    if hit is not None:
        return hit
    if len(_PAIRS) < _SHARED_MOST and pair[0] < _SHARED_UP_TO and pair[1] < _SHARED_UP_TO:
        _PAIRS[pair] = pair
    return pair


def priced(text: int, image: int) -> MessagePrice:
    """``MessagePrice(text, image)``, one object per small price (see ``text_only``)."""
    if not image:
        return text_only(text)
    if text >= _SHARED_UP_TO or image >= _SHARED_UP_TO:
        return MessagePrice(text, image)
    hit = _PRICES.get((text, image))
    if hit is None:
        hit = MessagePrice(text, image)
        if len(_PRICES) < _SHARED_MOST:
            _PRICES[text, image] = hit
    return hit


#: The roles ``Pricer.flat_price`` prices (a system turn is priced with the prompt it joins).
_FLAT_ROLES = frozenset({"user", "assistant"})


#: Held while a pricer claims or gives up a message's room (``_PricesByIdentity``): two
#: pricers in two threads (a proxy pricing one history for two models) never interleave
#: their writes of its two slots.
_ROOMS = allocate_lock()
#: The most messages a pricer remembers the prices of (then it starts afresh).
_REMEMBERED = 200_000


class _PricesByIdentity:
    """Each message's price by the message's identity (messages are immutable: the same
    object has the same price). Kept on the message itself (``model._PriceRoom``: two slots
    every Message has), so a look-up is two attribute reads; a message whose room another
    pricer holds (a proxy pricing one history for two models) is kept in a dict by
    ``id(message)`` instead. The messages are held in a list beside, so an id is never
    reused while its price is remembered, and so that ``clear`` can free their rooms.

    A room is claimed and freed under ``_ROOMS``, its price written before its owner: a
    pricer that reads its own token there reads its own price, whatever other pricers do in
    other threads (one pricer is not shared between threads: nothing of a Pricer is)."""

    __slots__ = ("_held", "others", "token")

    def __init__(self) -> None:
        self.token = object()  # (not this memo: a message must not keep a pricer alive)
        self._held: list[Message] = []
        self.others: dict[int, MessagePrice] = {}

    def get(self, m: Message) -> MessagePrice | None:
        if getattr(m, "_price_owner", None) is self.token:
            return m._price  # type: ignore[no-any-return]
        return self.others.get(id(m)) if self.others else None

    def __contains__(self, m: Message) -> bool:
        return self.get(m) is not None

    def __len__(self) -> int:
        return len(self._held)

    def put(self, m: Message, price: MessagePrice) -> None:
        owner = getattr(m, "_price_owner", None)
        if owner is self.token:
            object.__setattr__(m, "_price", price)
            return
        if len(self._held) > _REMEMBERED:  # bounded: shrunk copies are made every turn
            self.clear()
        if owner is None:
            with _ROOMS:
                if getattr(m, "_price_owner", None) is None:
                    object.__setattr__(m, "_price", price)
                    object.__setattr__(m, "_price_owner", self.token)
                    self._held.append(m)
                    return
        if id(m) not in self.others:  # another pricer's room
            self._held.append(m)
        self.others[id(m)] = price

    def _free(self, messages: Iterable[Message]) -> None:
        """Give up the rooms of ``messages`` that are this memo's."""
        token = self.token
        with _ROOMS:
            for m in messages:
                if getattr(m, "_price_owner", None) is token:
                    object.__setattr__(m, "_price_owner", None)
                    object.__setattr__(m, "_price", None)

    def clear(self) -> None:
        self._free(self._held)
        self._held.clear()
        self.others.clear()

    def forget(self, stale: Callable[[Message], bool]) -> None:
        """Forget the prices of the messages ``stale`` says are."""
        kept: list[Message] = []
        gone: list[Message] = []
        for m in self._held:
            (gone if m not in self or stale(m) else kept).append(m)
        self._free(gone)
        for m in gone:
            self.others.pop(id(m), None)
        self._held = kept


@dataclass(frozen=True, slots=True)
class ImagePrice:
    """Tokens of one image, the size they were computed for (as sent), and the image's own
    size (``shown``, for notices: a person knows the screenshot they pasted)."""

    tokens: int
    width: int | None
    height: int | None
    exact: bool
    note: str = ""
    shown: tuple[int, int] | None = None
    #: Why the image's own bytes are not a readable image ("" when they are, or when there
    #: are no bytes to read: a URL). Every provider refuses such an image with HTTP 400.
    unreadable: str = ""
    #: Why the provider cannot fetch the image's URL ("" when it can, or it is no URL): a
    #: ``file://`` URL or a bare path is refused with HTTP 400 as well.
    unfetchable: str = ""


class Pricer:
    """Prices blocks and messages for one (resolved) model; remembers every price it computed.

    Build it with :meth:`for_model`, which resolves a model id once; below that,
    everything takes the resolved :class:`ModelInfo`.
    """

    def __init__(
        self,
        model: ModelInfo,
        counter: TokenCounter,
        wire: str | None = None,
        file_pages: Mapping[str, int] | None = None,
    ) -> None:
        self.model = model
        # pages the caller declared for files sent by reference (``provider_content_cost``)
        self.file_pages = check_file_pages(file_pages)
        # The wire format adds what the translator writes beyond the blocks themselves:
        # "Image k:" labels, tool-error prefixes, OpenAI Chat's tool-image user turn.
        self.wire = wire
        self.counter = counter
        self.framing = framing_for_model(model.id, model.provider)
        self.deaf = takes_audio(model) is False  # audio sent is refused (refuse_unheard)
        self.unheard: dict[int, tuple[Message, str]] = {}  # by identity: (message, where)
        self.message_overhead = self.framing.per_message
        #: what an assistant turn holding text adds (gpt-5's answer channel)
        self.answer_channel = answer_channel_tokens(model.id, model.provider)
        self._blocks: dict[Block, tuple[int, int]] = {}
        self._images: dict[Image, ImagePrice] = {}  # by content, while sizes are planned
        # by identity while none is: hashing an inline image reads its whole payload (a
        # screenshot's megabyte, to price it from its header's few bytes)
        self._image_ids: dict[int, tuple[Image, ImagePrice]] = {}
        # the last image price made, shared by the next image priced alike (frozen, so
        # shareable): a computer-use history's screenshots come in runs of one size, and a
        # price per screenshot with its own ``shown`` tuple was ~0.07x a body of 1,000 tiny
        # ones at the fit's peak of memory (a table of every price seen cost images of many
        # sizes more than it saved)
        self._last_price: ImagePrice | None = None
        self._texts: dict[str, int] = {}  # filled in batches by prime()
        self._labels: dict[str, int] = {}  # roles and names
        self._written_args: dict[str, str] = {}  # see _args
        self._sizes: dict[Image, tuple[int, int]] = {}  # sizes images will be sent at
        self._planned_bytes: dict[Image, int] = {}  # stored images' base64 sizes
        self._messages = _PricesByIdentity()
        # Call ids of parallel calls (two or more in one assistant message), whose results
        # OpenAI bills escaped, and of results already priced as single ones.
        self._parallel: set[str] = set()
        self._single_results: set[str] = set()
        # which assistant messages made each id parallel (by identity, each kept alive so
        # its id is not reused): one repair replaces is forgotten (a reused id renumbered).
        # The message itself while it is the only one (a dict per call id was an eighth of
        # the input at the peak of memory of a fit of 9,000 Responses items, 1,400 parallel)
        self._parallel_callers: dict[str, Message | dict[int, Message]] = {}
        # OpenAI Chat renders calls and results without ids, a result under its function's
        # name (``framing``, "Single tool calls"): each call id's function, as called
        self.renders_calls = self.framing.renders_calls and wire in _RENDERING_WIRES
        self._call_names: dict[str, str] = {}
        #: How many times prices of messages already priced changed (results of a call
        #: renamed, deleted, or found parallel late): a caller's memo of them is then stale.
        self.repriced = 0
        # what shortening each of the last few texts read of them (``ends_read``), by the
        # text and whether it is escaped as a parallel call's result
        self._ends_read: dict[tuple[str, bool], EndsRead] = {}
        #: Files and audio priced at an upper bound (pages or duration not known exactly, or
        #: a provider's rate not documented), with how: the report says they are estimates.
        self.estimates: dict[FileAttachment | Audio | ProviderContent, MediaCost] = {}
        #: Provider-only blocks the target's writer sends as their text (the report says
        #: what each replaced: ``native.replaced_notices``).
        self.as_text: dict[ProviderContent, None] = {}
        #: Files their own format refuses as files (``FileAttachment.refused_in``), priced
        #: as that format sends them (the report says so: ``common.unsent_file_notice``).
        self.refused_files: dict[FileAttachment, None] = {}
        #: The moment the request is made (a ``Fitter`` sets it each fit): an earlier spoken
        #: reply whose audio has expired by then goes as its line. None: not known, so each
        #: is priced as sent by its id (the most it costs).
        self.now: float | None = None
        #: Messages holding a spoken reply expired at ``now`` (priced as its line: the fit
        #: sends it so, ``native.expired_reply``), by identity.
        self.expired: dict[int, Message] = {}
        #: The earliest ``native.reply_deadline`` of the spoken replies priced as sent by id:
        #: once ``now`` reaches it, those prices are stale (``forget_prices``).
        self.next_deadline = math.inf

    def forget_prices(self) -> None:
        """Forget every price made (a spoken reply priced as sent by its id has expired):
        what is priced next is priced afresh, at ``now``."""
        self._blocks.clear()
        self._messages.clear()
        self.repriced += 1
        self.expired.clear()
        self.next_deadline = math.inf

    def _note_spoken(self, m: Message, b: ProviderContent) -> None:
        """Remember ``m`` if the spoken reply ``b`` it holds has expired at ``now`` (sent as
        its line), else when its id expires (``next_deadline``)."""
        deadline = reply_deadline(b)
        if deadline is None:
            return
        if self.now is not None and deadline <= self.now:
            self.expired[id(m)] = m
        else:
            self.next_deadline = min(self.next_deadline, deadline)

    @property
    def request_overhead(self) -> int:
        """What every request to the model is billed beside its messages and tools
        (``request_overhead``)."""
        return request_overhead(self.model)

    def setting_prompts(
        self,
        thinking: object,
        settings: Mapping[str, Any],
        *,
        with_tools: bool,
        wire: str | None = None,
    ) -> int:
        """What a request's ``thinking`` and other ``settings`` are billed as prompts of
        their own (``framing.thinking_prompt``, ``framing.settings_prompt``), sent in
        ``wire`` (this pricer's own when None) — one place for fit, prepare and
        ``price_request``."""
        provider, model_id = self.model.provider, self.model.id
        return thinking_prompt(
            thinking, provider, model_id=model_id, with_tools=with_tools
        ) + settings_prompt(
            settings,
            provider,
            model_id=model_id,
            wire=self.wire if wire is None else wire,
            with_tools=with_tools,
        )

    def output_format(self, spec: object) -> int:
        """The structured-output format ``spec`` (any shape apps send: ``providers.
        output_format``) priced as the wire's writer sends it (``prepare`` sends that); no
        wire known: as the model's provider's own format sends it. None: there is none."""
        if spec is None:
            return 0
        wire = self.wire or self.native_format
        written = provider_format(wire).output_format(read_output_format(spec))
        return self.output_format_in(written, wire)

    @property
    def native_format(self) -> str:
        """The wire format the model's provider serves by default."""
        return format_for_provider(self.model.provider, self.model.api).name

    def output_format_in(self, body: Mapping[str, Any], fmt: str) -> int:
        """The structured-output format a request body in the wire format ``fmt`` carries,
        as the model's provider bills it: sent in another provider's shape (a Claude model
        through an OpenAI-compatible gateway), the more of the two providers' prices."""
        spec = output_format_of(body, fmt)
        native = self.native_format
        price = output_format_tokens(spec, fmt, self.text)
        return price if native == fmt else max(price, output_format_tokens(spec, native, self.text))

    @property
    def beside_text(self) -> int:
        """What OpenAI adds to a call beside text (rendered apart). Counted when first asked:
        a fit refuses a request too big before counting any text, and a first fit counts
        with the tokenizer it expects (``expect_counting``)."""
        return self.framing_tokens("assistant")

    @classmethod
    def for_model(
        cls,
        model: str | ModelInfo,
        catalog: Catalog | None = None,
        wire: str | None = None,
        file_pages: Mapping[str, int] | None = None,
    ) -> Pricer:
        info = lookup_model(model, catalog)
        return cls(info, CachedCounter(counter_for(info)), wire, file_pages)

    # -- blocks ---------------------------------------------------------------------

    def text(self, text: str) -> int:
        if not text:
            return 0
        n = self._texts.get(text)
        if n is None:
            n = self.counter.count(text)
            if len(text) > _REMEMBER_FROM:  # a long paste is counted once, not once per use
                self._texts[text] = n
        return n

    def prime(self, messages: Iterable[Message], more: Iterable[str] = ()) -> None:
        """Count every not-yet-priced text of ``messages``, and the texts ``more``, in one
        batch (a cold fit of a long history is mostly tokenizing; batching it is several
        times faster)."""
        texts: list[str] = list(more)
        memo = self._messages
        token, others = memo.token, memo.others
        for m in messages:
            # (``m in memo``, inlined: asked of every message of a cold fit's batches)
            if getattr(m, "_price_owner", None) is token or (others and id(m) in others):
                continue
            if m.role == "assistant":
                self._note_parallel(m)
                self._note_calls(m)
            for b in m.content:
                if type(b) is Text:
                    texts.append(b.text)
                elif isinstance(b, ToolResult):
                    texts.append(b.call_id)
                    escaped = b.call_id in self._parallel
                    texts.extend(
                        parallel_result_text(x.text) if escaped else x.text
                        for x in b.content
                        if isinstance(x, Text)
                    )
                elif isinstance(b, ToolCall):
                    texts.extend((b.id, b.name, self._args(b)))
        texts = [t for t in dict.fromkeys(texts) if t and t not in self._texts]
        if len(texts) < 64:
            return  # not worth a batch
        if len(self._texts) > 200_000:
            self._texts.clear()
        # (not remembered by the memo too: these counts are kept here, and the memo's copy
        # of 8,000 of them was a fit's largest table after the messages; its hits still
        # serve, e.g. the requests the pinning counted)
        counter = self.counter
        counts = (
            counter.count_many(texts, remember=False)
            if isinstance(counter, CachedCounter)
            else count_many(counter, texts)
        )
        self._texts.update(zip(texts, counts, strict=True))

    def flat_price(self, role: str, text: str, name: str | None) -> MessagePrice | None:
        """What ``message`` says of a user or assistant turn of one text block (``text``, not
        empty; ``name``: the turn's name), worked out without the Message: a fit of an app's
        dicts prices the plain turns it keeps from the dicts and builds their Messages only
        for the result (a Message per turn, beside the fit's tables, was most of its peak of
        memory). None: a shape or wire this does not price (ask ``message``). Pinned equal to
        ``message`` by tests/test_fit_memory_dicts_read_late.py."""
        if role not in _FLAT_ROLES or not text or self.wire not in (None, "openai"):
            return None
        framing = self.framing
        if role == "assistant" and self.renders_calls:
            price = self.beside_text  # (``_rendered_calls``: its framing, text and no call)
        else:
            price = framing.per_message + (self._label(role) if framing.counts_role else 0)
        if role == "assistant":
            price += self.answer_channel
        if name is not None:  # (both wires carry names: ``message``'s ``named``)
            price += framing.per_name + self._message_name(name)
        return text_only(price + self.text(text))

    def plan_size(self, img: Image, width: int, height: int) -> None:
        """Price ``img`` at the size it will be sent at (after normalization), not its own."""
        if self._sizes.get(img) == (width, height):
            return
        if img in self._sizes or img in self._images or self._image_ids:
            # a different plan for a priced image (e.g. more than 20 images now), or the
            # first plan after images were priced by identity: start over
            self._images.clear()
            self._image_ids.clear()
            self._blocks.clear()
            self._messages.clear()
        self._sizes[img] = (width, height)

    def plan_bytes(self, img: Image, base64_bytes: int) -> None:
        """The base64 size a stored image (``ref``) will be sent at, once materialized: for
        the per-request inline-data limits (``gate.request_image_cut``)."""
        self._planned_bytes[img] = base64_bytes

    def planned_bytes(self, img: Image) -> int | None:
        return self._planned_bytes.get(img) if self._planned_bytes else None  # (no hashing)

    def planned_size(self, img: Image) -> tuple[int, int] | None:
        """The size ``img`` is planned to be sent at (``prepare`` re-encodes it), or None."""
        return self._sizes.get(img) if self._sizes else None  # (no hashing)

    @property
    def plans_sizes(self) -> bool:
        """Whether any image is planned to be sent at another size (see ``plan_size``)."""
        return bool(self._sizes)

    def image(self, img: Image) -> ImagePrice:
        """Tokens the provider bills for this image: by pixels, or the per-image maximum."""
        if not self._sizes:  # nothing planned: the price is the image's own, by identity
            hit = self._image_ids.get(id(img))
            if hit is not None and hit[0] is img:
                return hit[1]
            if len(self._image_ids) > 200_000:
                self._image_ids.clear()
            price = self._shared_price(img)
            self._image_ids[id(img)] = (img, price)
            return price
        cached = self._images.get(img)
        if cached is None:
            cached = self._images[img] = self._shared_price(img)
        return cached

    def _shared_price(self, img: Image) -> ImagePrice:
        """``_price_image``, the very object of the last price made when they are equal."""
        price = self._price_image(img)
        if price == self._last_price:
            return self._last_price
        self._last_price = price
        return price

    def _price_image(self, img: Image) -> ImagePrice:
        """The price of ``img`` worked out (read from its header, never decoded). The bytes
        held decide, not a size declared beside them: the provider bills the pixels it
        receives (a 4000×3000 PNG declared 100×100 was priced 255 tokens, billed 765)."""
        width, height, note, unreadable = img.width, img.height, "", ""
        if img.data is not None:
            try:
                info = probe_image(img.data)
                width, height = info.display_size
            except ImageProbeError as exc:
                width = height = None
                note = f"size unreadable ({exc.reason}); priced at the model's per-image maximum"
                unreadable = exc.reason
        shown = (width, height) if width and height else None
        far = unfetchable(img.url, self.model.provider) if img.url is not None else ""
        planned = self._sizes.get(img) if self._sizes else None
        if planned is not None:
            width, height = planned
        cost: ImageCost
        if not self.model.vision:
            # The vision gate decides what happens to such images; priced as the placeholder.
            return ImagePrice(0, width, height, True, "model has no image input", shown)
        if width is None or height is None:
            cost = max_image_cost(self.model, self._detail(img))
            note = note or "size unknown; priced at the model's per-image maximum"
        else:
            cost = image_cost(width, height, self.model, self._detail(img))
        return ImagePrice(
            cost.tokens, width, height, cost.exact and not note, note, shown, unreadable, far
        )

    def block(self, b: Block) -> tuple[int, int]:
        """(text tokens, image tokens) of one block."""
        if type(b) is Image:  # (not by the block memo: that would hash its payload)
            return 0, self.image(b).tokens
        cached = self._blocks.get(b)
        if cached is not None:
            return cached
        result: tuple[int, int]
        if isinstance(b, Text):
            result = (self.text(b.text), 0)
        elif isinstance(b, Image):
            result = (0, self.image(b).tokens)
        elif isinstance(b, Recap):
            result = (self.text(b.wire_text), 0)
        elif isinstance(b, ToolCall):
            result = (self._call(b), 0)
        elif isinstance(b, ToolResult):
            image = 0
            escaped = b.call_id in self._parallel
            text = self._result_framing(b, escaped)
            if not escaped:
                self._single_results.add(b.call_id)
            for inner in b.content:
                if self.deaf and isinstance(inner, Audio):  # as the placeholder sent
                    inner = Text(audio_placeholder(inner, self.model.id))
                if escaped and isinstance(inner, Text):
                    text += self.result_text(b.call_id, inner.text)
                    continue
                if isinstance(inner, FileAttachment):  # (priced apart: as a result's file)
                    text += self._file(inner, in_result=True)
                    continue
                t, i = self.block(inner)
                text, image = text + t, image + i
            if escaped and Text not in map(type, b.content):
                # a result of images or files only: its tool message still carries an empty
                # text, billed escaped ('""') like any parallel result (review15 R15-P1)
                text += self.text(parallel_result_text(""))
            result = (text, image)
        elif isinstance(b, FileAttachment):
            result = (self._file(b), 0)
        elif isinstance(b, Audio) and self.deaf:  # sent as a placeholder (else refused)
            result = (self.text(audio_placeholder(b, self.model.id)), 0)
        elif isinstance(b, Audio):
            result = (self._estimate(b, audio_cost(b, self.model)), 0)
        elif isinstance(b, Reasoning) and self.wire and not carries_reasoning(b, self.wire):
            result = (0, 0)  # the writer drops reasoning from another provider (reported there)
        elif isinstance(b, Reasoning):
            extra = sum(self.text(s) for s in b.summary) + (
                len(b.encrypted) // 4 if b.encrypted else 0
            )
            result = (self.text(b.text) + extra + self._signature(b.signature, b.provider), 0)
        elif isinstance(b, ProviderContent):
            result = (self._provider_content(b), 0)
        else:  # pragma: no cover - the Block union is closed
            raise TypeError(f"unknown block {b!r}")
        result = self._blocks[b] = shared_pair(result)
        return result

    def _citations(self, b: Text) -> int:
        """The citations sent beside an answer's text, as their JSON (an upper bound: what
        the provider renders of them is less), when the wire takes them back; with no wire
        known, counted (the model's own format may be the one)."""
        if self.wire is not None and not carries_citations(b, self.wire):
            return 0
        return self.text(b.citations or "")

    def _note_unheard(self, m: Message, j: int, b: Block) -> None:
        """Remember where ``m`` holds audio (an earlier spoken reply too) for a model that
        takes none (``refuse_unheard``)."""
        inner = enumerate(b.content) if isinstance(b, ToolResult) else [(-1, b)]
        for k, x in inner:
            if (isinstance(x, Audio) or is_audio_reply(x)) and id(m) not in self.unheard:
                where = f"message {m.id or '(no id)'} content[{j}]"
                self.unheard[id(m)] = (m, where + (f".content[{k}]" if k >= 0 else ""))

    def refuse_unheard(self, messages: Iterable[Message]) -> None:
        """Refuse audio in ``messages`` (those sent) for a model that takes none (gpt-4o:
        only the -audio variants hear; every Claude), naming where: the provider answers
        HTTP 400 for the whole request (review18 R18-P2). Audio in a message the fit drops
        is dropped with it, reported as any file."""
        for m in messages:
            hit = self.unheard.get(id(m))
            if hit is not None and hit[0] is m:
                raise unheard_error(hit[1], self.model.id)

    def _file(self, f: FileAttachment, in_result: bool = False) -> int:
        # Anthropic's own document fields (context, citations) go to Anthropic only
        own = (
            self.text(document_fields_text(f)) + cited_document_cost(f)
            if f.document_fields and self.wire in (None, "anthropic")
            else 0
        )
        if f.refused_in:  # its format takes it only as text: so it goes, whatever the target
            self.refused_files[f] = None
            if f.data is not None:
                return own + self.text(unsent_file_text(f, f.refused_in))
        if f.data is None:  # a text document: Anthropic and OpenAI frame it apart
            as_text = self.text(attachment_text(f)) + self._text_file_framing(f, in_result)
            if is_spreadsheet(f) and self._text_to_openai_as_file(f, in_result):
                as_text = self._estimate(f, spreadsheet_cost(f, as_text))
            return own + as_text
        cost = file_cost(f, self.model, in_result)  # a PDF by its pages
        if cost is None and is_spreadsheet(f) and self._to_openai_as_file(in_result):
            cost = spreadsheet_cost(f, file_bytes_cost(f))
        as_bytes = file_bytes_cost(f) if cost is None else self._estimate(f, cost)
        wire = provider_format(self.wire or self.native_format)
        if wire.takes_file(f.media_type):
            return own + as_bytes
        # the format takes no such file: its writer sends a line naming it (with no target
        # named, the larger of the two: the model's format may be reached in another)
        line = self.text(unsent_file_text(f, wire.title))
        return own + (line if self.wire is not None else max(line, as_bytes))

    def _text_file_framing(self, f: FileAttachment, in_result: bool = False) -> int:
        """What the provider adds around a text document beyond its text as priced: Anthropic
        writes it as a document block (an empty one as its line). The Responses writer
        sends the text under its header, billed as that text; a body that sends it as an
        ``input_file`` is billed more (``OPENAI_TEXT_FILE``), added by ``price_request``
        from the body (``text_file_as_file``). With no target known it may be either: priced
        as the file. In a tool's output the text is read back as the text it is: as sent."""
        if self.model.provider == "anthropic" and self.wire in (None, "anthropic"):
            return ANTHROPIC_TEXT_DOCUMENT if (f.text or "").strip() else 0
        return OPENAI_TEXT_FILE if self._text_to_openai_as_file(f, in_result) else 0

    def _text_to_openai_as_file(self, f: FileAttachment, in_result: bool) -> bool:
        """Whether text file ``f`` here may reach OpenAI's Responses API as an ``input_file``:
        only with no target known (the Responses writer sends its text as ``input_text``,
        billed as text: a CSV so sent gets no spreadsheet summary), and not when its own
        format took it only as text (``refused_in``)."""
        return self.wire is None and not f.refused_in and self._to_openai_as_file(in_result)

    def text_file_as_file(self, f: FileAttachment) -> int:
        """What OpenAI bills a text file ``f`` sent as an ``input_file`` beyond its text as
        priced on the Responses wire: the file's framing and, for a spreadsheet, the
        allowance for the summary OpenAI writes of it (kept as an estimate to be named)."""
        if not is_spreadsheet(f):
            return OPENAI_TEXT_FILE
        return self._estimate(f, spreadsheet_cost(f, OPENAI_TEXT_FILE))

    def _to_openai_as_file(self, in_result: bool) -> bool:
        """Whether a file here may reach OpenAI's Responses API as an ``input_file`` (in a
        tool's output a text file is read back as the text it is)."""
        return not in_result and (
            self.wire == "openai-responses"
            or (self.wire is None and self.model.provider == "openai")
        )

    def _tool_block_framing(self) -> int:
        """What the provider adds to a tool call or result beyond the framing priced
        (``TOOL_CALL_OVERHEAD``, ``TOOL_RESULT_OVERHEAD``): Anthropic's rendering bills more."""
        if self.model.provider == "anthropic" and self.wire in (None, "anthropic"):
            return ANTHROPIC_TOOL_BLOCK
        return 0

    def _provider_content(self, b: ProviderContent) -> int:
        """Another provider gets the block's text (its writer converts it); its own
        provider, the block as it came, at an estimate (``provider_content_cost``). With no
        target known, the larger of the two for a model of the block's provider."""
        if b.kind == AUDIO_REPLY and self.now is not None:
            deadline = reply_deadline(b)
            if deadline is not None and deadline <= self.now:
                return self.text(b.text)  # expired: its line goes (``native.expired_reply``)
        if not may_go_as_it_came(b, self.model, self.wire):
            self.as_text[b] = None
            return self.text(b.text)
        own = self._estimate(b, provider_content_cost(b, self.model, self.text, self.file_pages))
        if b.kind == "additional_tools":
            # tools a Responses turn adds are billed as tool definitions are, beside the
            # item: its JSON alone was 32-50 tokens below pydantic-ai's recorded bills
            added = parsed(b).get("tools")
            if isinstance(added, list) and all(isinstance(t, Mapping) for t in added):
                own += self.tools(added)
        return own if self.wire is not None else max(own, self.text(b.text))

    def _estimate(self, block: FileAttachment | Audio | ProviderContent, cost: MediaCost) -> int:
        """``cost``'s tokens; an upper bound (not the bill) is kept for the report to name."""
        if not cost.exact:
            self.estimates[block] = cost
        return cost.tokens

    def pieces(self, texts: Sequence[str], call_id: str | None = None) -> list[int]:
        """About what each of ``texts`` adds to a price (as a result of call ``call_id``:
        escaped for a parallel call's, without the margin), counted in one batch and not
        remembered: the pieces of a text read to find where to shorten it (through the
        memo one by one, each cost ~10 µs besides its count, and evicted what it held)."""
        counter = self.counter
        while isinstance(counter, CachedCounter):
            counter = counter.inner
        if call_id is not None and call_id in self._parallel:
            texts = [parallel_result_text(t) for t in texts]
        return count_many(counter, texts)

    def ends_read(self, text: str, call_id: str | None = None) -> EndsRead:
        """What shortening ``text`` from its ends (as a result of call ``call_id``) has
        counted of it so far, to be carried on (``shedding._read_ends``): a refit that
        moves the window's edge shortens the same text at the cut to a new size, and
        finds where to cut with no piece counted twice. Its pieces' edges depend on the
        text alone, so what is read is what a fresh fit would read; the last
        ``_ENDS_READ_TEXTS`` texts are kept."""
        key = (text, call_id is not None and call_id in self._parallel)
        memo = self._ends_read
        read = memo.get(key)
        if read is None:
            if len(memo) >= _ENDS_READ_TEXTS:
                del memo[next(iter(memo))]
            read = memo[key] = {}
        return read

    def result_text(self, call_id: str, text: str) -> int:
        """What ``text`` adds to the price of a result of call ``call_id``: its tokens, or,
        for a parallel call's result, its escaped tokens with their margin (the call's turn
        priced first notes which calls are parallel)."""
        if call_id not in self._parallel:
            return self.text(text)
        n = self.text(parallel_result_text(text))
        return n + n // PARALLEL_RESULT_MARGIN

    # -- messages -------------------------------------------------------------------

    def message(self, m: Message) -> MessagePrice:
        memo = self._messages
        # (``memo.get`` inlined: a fit asks it of every message it sends)
        if getattr(m, "_price_owner", None) is memo.token:
            return m._price  # type: ignore[no-any-return]
        hit = memo.get(m)
        if hit is not None:
            return hit
        if self.wire is not None and m.role == "assistant" and sends_nothing(m, self.wire):
            return MessagePrice(0, 0)  # the translator leaves the turn out (reported there)
        # Only OpenAI Chat carries message names; other writers drop them (and say so).
        named = m.name is not None and self.wire in (None, "openai")
        framing = self.framing
        text = framing.per_message
        if m.role == "assistant":
            self._note_calls(m)
        if self.renders_calls and m.role in ("tool", "assistant"):
            text = self._rendered_calls(m)  # framed by each result (_result_framing)
        elif framing.counts_role:  # (only the OpenAI formats send a developer's role)
            text += self._label(m.wire_role if self.wire in _DEVELOPER_WIRES else m.role)
        if named:
            text += framing.per_name + self._message_name(m.name or "")
        image = 0
        drops_blank = self.wire == "anthropic"  # its writer leaves whitespace-only texts out
        system = self._system_text(m) if m.role == "system" else None
        run: list[str] = []  # the texts of adjacent Text blocks, joined where billed (below)
        for j, b in enumerate(m.content if system is None else ()):
            if type(b) is Text:  # the common case: skip the block memo, the counter has its own
                if not (drops_blank and b.text.isspace()):
                    text += self.text(b.text)
                    run.append(b.text)
                    if b.citations is not None and m.role == "assistant":
                        text += self._citations(b)
                continue
            text += self._joined_excess(run)
            run = []
            if self.deaf and (isinstance(b, Audio | ToolResult) or is_audio_reply(b)):
                self._note_unheard(m, j, b)
            if type(b) is ProviderContent and b.kind == AUDIO_REPLY:
                self._note_spoken(m, b)
            try:
                t, i = self.block(b)
            except ContentError as exc:
                raise _placed(exc, m, b) from None
            text, image = text + t, image + i
        text += self._joined_excess(run)
        if system is not None:
            text += system
        elif m.role != "assistant":
            text += self._conventions(m)
        else:
            text += self._note_parallel(m)
            if self.wire in (None, "openai-responses"):  # each input item is framed apart
                text += self._items_framing(m)
            if self.answer_channel and any(
                type(b) is Text or (type(b) is ProviderContent and b in self.as_text)
                for b in m.content
            ):  # (a block another provider's writer sends as its text is a text too)
                # (once per assistant message item: Responses sends a run of texts apart)
                runs = 1 if self.wire == "openai" else max(1, text_item_count(m))
                text += self.answer_channel * runs
        # (a price of text alone is shared: a fit keeping 12,000 tiny turns made 12,000)
        price = priced(text, image)
        memo.put(m, price)
        return price

    def _system_text(self, m: Message) -> int | None:
        """Tokens of a system message's text as the writers send it: one string, its blocks
        joined by a newline (``Message.text``), except Anthropic's block form (a cached
        block anywhere in the prompt), where each block goes apart; with no wire known, the
        larger. None: the message holds more than text (priced block by block)."""
        if not all(type(b) is Text or type(b) is Recap for b in m.content):
            return None
        joined = self.text(m.text)
        if self.wire not in (None, "anthropic") or len(m.content) < 2:
            return joined
        if self.wire is None:
            return max(joined, sum(self.text(_prompt_text(b)) for b in m.content))
        if not any(type(b) is Text and b.cache for b in m.content):
            return joined  # (sent as one string)
        # Block form: Anthropic's writer leaves a blank block out, its mark too when no block
        # is before it to take it (R29-P3: a blank first cached block was priced a token over
        # the body); with no mark left the blocks read back, and are billed, as one text.
        sent, marked = _sent_system_blocks(m.content)
        if not marked:
            return self.text("\n".join(_prompt_text(b) for b in sent))
        return sum(self.text(_prompt_text(b)) for b in sent)

    def _merged_system(self, systems: Sequence[Message]) -> int:
        """What Anthropic and Gemini bill less than the system messages priced one by one:
        they send them as one prompt (one framing; joined by a blank line, or Anthropic's
        blocks when one is cached: ``providers.common.split_system``, ``anthropic.write``)."""
        if len(systems) < 2 or any(self._system_text(m) is None for m in systems):
            return 0
        apart = sum(self.message(m).text for m in systems)
        framing = self.framing_tokens("system")
        blocks = [b for m in systems for b in m.content]
        if self.wire == "anthropic" and any(type(b) is Text and b.cache for b in blocks):
            sent, _ = _sent_system_blocks(blocks)
            return apart - framing - sum(self.text(_prompt_text(b)) for b in sent)
        return apart - framing - self.text(split_system(systems)[0] or "")

    def framing_tokens(self, role: str) -> int:
        """What a message of ``role`` costs beyond its content, at least: its framing and,
        where the provider bills it, the role's own tokens (only an assistant turn a writer
        leaves out costs less: nothing)."""
        framing = self.framing
        return framing.per_message + (self._label(role) if framing.counts_role else 0)

    def _items_framing(self, m: Message) -> int:
        """The framing of a Responses assistant turn's items beyond the one its message is
        priced with: each item is framed apart; its calls are priced as Chat renders them
        (``renders_calls``: one frame for them, beside one for its text), so only the other
        items (reasoning, more text runs) add theirs."""
        items = item_count(m)
        if not self.renders_calls:
            return max(0, items - 1) * self.beside_text
        calls = sum(1 for b in m.content if isinstance(b, ToolCall))
        priced = 2 if calls and any(type(b) is Text and b.text for b in m.content) else 1
        return max(0, items - calls + (calls > 0) - priced) * self.beside_text

    def _signature(self, signature: str | None, provider: str) -> int:
        """Tokens of a Gemini thought signature sent back (Gemini's writer only): Gemini 3
        bills them as input (charmbracelet/fantasy's recorded gemini-3-pro-preview calls:
        606 billed after a call signed with 1,816 characters, 400 priced without it), at
        most a token per 4 of its base64 characters (as Responses' encrypted reasoning);
        Gemini 2 at a token per 5 (``_THRIFTY_SIGNATURES``)."""
        if not signature or provider != "gemini" or self.wire not in (None, "gemini"):
            return 0
        prefix, chars_a_token = _THRIFTY_SIGNATURES
        if self.model.id.startswith(prefix):
            return -(-len(signature) // chars_a_token)
        return len(signature) // 4

    def _call(self, b: ToolCall) -> int:
        """Tokens of one tool call: as OpenAI Chat renders it (its function, its arguments
        as sent: no id), else its id, name and arguments as the wire carries them; with no
        wire known, the larger (and the framing OpenAI adds to a call beside text)."""
        sent = TOOL_CALL_OVERHEAD + self._tool_block_framing() + self._id(b.id)
        sent += self._name(b.name) + self.text(self._args(b))
        sent += self._signature(b.signature, "gemini")  # (only Gemini signs calls)
        if not self.framing.renders_calls or self.wire not in _RENDERED_WIRES:
            return sent
        header, special = rendered_call(wire_name(b.name, "openai"), self.model.tokenizer)
        rendered = self.text(header) + special + self.text(b.arguments)
        return rendered if self.renders_calls else max(sent, rendered + self.beside_text)

    def _rendered_calls(self, m: Message) -> int:
        """The framing of an assistant or tool message on OpenAI Chat: a tool message is
        framed by its results (each is a message of its own, under its function's name:
        ``_result_framing``); an assistant message as any, and once more when it holds text
        and a call (rendered apart). Another format's block goes as its text here (R32-P2:
        a Responses custom tool output beside a call was priced 4 tokens under the bill)."""
        if m.role == "tool":
            return 0
        calls = any(isinstance(b, ToolCall) for b in m.content)
        texts = any(
            (type(b) is Text or (type(b) is ProviderContent and self._sent_as_text(b))) and b.text
            for b in m.content
        )
        return self.beside_text * (2 if calls and texts else 1)

    def _joined_excess(self, texts: Sequence[str]) -> int:
        """What adjacent text blocks cost beyond their separate counts when the provider
        joins them (OpenAI concatenates a message's text parts, no separator between): a
        word split across two parts can take more tokens joined (``["def", "foo.bar{…}  \t",
        "hello", …]`` 2 more on o200k: review43 R43-B2). Never negative: a provider that
        renders parts apart bills at least their separate counts."""
        if len(texts) < 2:
            return 0
        return max(0, self.text("".join(texts)) - sum(map(self.text, texts)))

    def _sent_as_text(self, b: ProviderContent) -> bool:
        """Whether a writer may send ``b`` as its text (no target known: any may)."""
        return self.wire is None or not may_go_as_it_came(b, self.model, self.wire)

    def _note_calls(self, m: Message) -> None:
        """Remember which function each of an assistant message's calls calls: OpenAI
        renders its result under that name (``_result_framing``). An id two calls share
        (an app's edit, ids reused) keeps the longer name, and results priced with the
        shorter are priced again: never below the bill."""
        if not self.framing.renders_calls:
            return
        for b in m.content:
            if not isinstance(b, ToolCall):
                continue
            known = self._call_names.get(b.id)
            if known is None or self._label(b.name) > self._label(known):
                self._call_names[b.id] = b.name
                if known is not None:
                    self._blocks.clear()
                    self._messages.clear()
                    self.repriced += 1

    def name_results(
        self,
        batch: Sequence[Message],
        calls_elsewhere: Callable[[Collection[str]], Iterable[Message]],
    ) -> None:
        """Before ``batch`` is priced: know, from this request, the call every result in it
        answers. A result's price depends on its call (OpenAI renders it under the
        function's name, escaped when the call is parallel) and a fit prices newest first:
        a result whose call is further back (a user turn between them) was priced before
        its call by a fresh fit and after it by a kept Fitter, and a Fitter kept what an
        earlier request's call was (RT26-17). ``calls_elsewhere(ids)``: the request's turns
        with calls outside the batch (those that may call one of ``ids`` at least), the
        nearest first. An id no turn calls is priced as answering no call (not parallel, no
        name)."""
        if not (self.framing.renders_calls or self.framing.parallel_calls):
            return
        names: dict[str, str] = {}
        parallel: set[str] = set()
        answered: set[str] = set()
        for m in batch:
            if m.role == "assistant":
                self._name_calls(m, names, parallel)
            else:
                answered.update(b.call_id for b in m.content if isinstance(b, ToolResult))
        wanted = answered - names.keys()
        for m in calls_elsewhere(wanted) if wanted else ():
            if not wanted.isdisjoint(b.id for b in m.content if isinstance(b, ToolCall)):
                self._name_calls(m, names, parallel)
                wanted.difference_update(names.keys())  # (in place: the walk reads it)
                if not wanted:
                    break
        # what an earlier request's calls made of these ids, where this one's differ
        changed = {i for i in answered & self._parallel if i not in parallel}
        self._parallel -= changed
        for call_id in changed:
            self._parallel_callers.pop(call_id, None)
        if self.framing.renders_calls:
            known = self._call_names
            changed |= {i for i, name in names.items() if known.get(i, name) != name}
            changed |= wanted & known.keys()  # (answering none now)
            changed |= (names.keys() - known.keys()) & self._single_results  # priced unnamed
            known.update(names)
            for call_id in wanted:
                known.pop(call_id, None)
        if changed:
            self._forget_results(changed)

    def _name_calls(self, m: Message, names: dict[str, str], parallel: set[str]) -> None:
        """Note ``m``'s calls into ``names`` (an id two calls share: the longer name) and,
        when parallel, into ``parallel`` and this pricer's own (``_note_parallel``)."""
        ids = [b.id for b in m.content if isinstance(b, ToolCall)]
        if len(ids) > 1:
            parallel.update(ids)
            self._note_parallel(m)
        for b in m.content:
            if isinstance(b, ToolCall):
                known = names.get(b.id)  # (counted only when two names compete: a fit
                # refuses a request too big before counting any text)
                if known is None or (known != b.name and self._label(b.name) > self._label(known)):
                    names[b.id] = b.name

    def forget_images(self, replaced: Iterable[tuple[Message, Message]]) -> None:
        """Forget the prices of the images each (old, new) pair's old message held that the
        new one does not, and of the blocks holding them: a fit done once that replaced them
        with placeholders is asked for them no more (no next fit re-reads the old message).
        Their tables are built again without them: a dict does not shrink when emptied, and
        the prices of 900 replaced screenshots beside the second pass's were ~0.12x a body
        of 1,000 tiny ones at the fit's peak of memory."""
        images: set[int] = set()
        blocks: set[int] = set()
        for old, new in replaced:
            kept = set(map(id, new.content))
            for b in old.content:
                if id(b) not in kept and (type(b) is Image or type(b) is ToolResult):
                    blocks.add(id(b))
            kept_images = set(map(id, new.images()))
            images.update(i for i in map(id, old.images()) if i not in kept_images)
        if images:
            self._image_ids = {k: v for k, v in self._image_ids.items() if k not in images}
        if blocks:
            self._blocks = {b: v for b, v in self._blocks.items() if id(b) not in blocks}

    def _forget_results(self, ids: Collection[str]) -> None:
        """Forget the prices of the results of ``ids`` (and of the messages holding them)."""
        self.repriced += 1
        self._blocks = {
            b: v for b, v in self._blocks.items()
            if not (isinstance(b, ToolResult) and b.call_id in ids)
        }  # fmt: skip
        self._messages.forget(
            lambda m: (
                m.role == "tool"  # (results are only in tool messages: ``validate``)
                and any(isinstance(b, ToolResult) and b.call_id in ids for b in m.content)
            )
        )

    def _result_framing(self, b: ToolResult, escaped: bool) -> int:
        """What a tool result costs beyond its content. On OpenAI Chat a single call's result
        is a message whose role is its function's name (no id); the name is the call's, once
        its call was priced (else, and for parallel results, the id and a margin)."""
        name = self._call_names.get(b.call_id, b.name)
        sent = TOOL_RESULT_OVERHEAD + self._tool_block_framing() + self._id(b.call_id)
        if not self.framing.renders_calls or self.wire not in _RENDERED_WIRES:
            return sent
        if name is None or (escaped and not self.renders_calls):
            return sent + (self.framing_tokens("tool") if self.renders_calls else 0)
        role, special = rendered_result(
            wire_name(name, "openai"), self.model.tokenizer, self.model.id
        )
        rendered = self.framing.per_message + self._label(role) + special
        return rendered if self.renders_calls else max(sent, rendered)

    def _note_parallel(self, m: Message) -> int:
        """The wrapper tokens of an assistant message's parallel calls (0: fewer than two
        calls, or a provider without the wrapper); remembers their ids, so their results are
        priced escaped (``framing``, "Parallel tool calls")."""
        if not self.framing.parallel_calls:
            return 0
        ids = [b.id for b in m.content if isinstance(b, ToolCall)]
        if len(ids) < 2:
            return 0
        if len(self._parallel_callers) > 100_000:
            self._parallel_callers.clear()  # bounded: forgetting less only over-counts
        callers = self._parallel_callers
        for call_id in ids:
            held = callers.get(call_id)
            if held is None or held is m:
                callers[call_id] = m
            elif isinstance(held, dict):
                held[id(m)] = m
            else:
                callers[call_id] = {id(held): held, id(m): m}
        new = set(ids) - self._parallel
        if new:
            self._parallel.update(new)
            if not new.isdisjoint(self._single_results):
                # a result was priced before its call was seen: price it again
                self._single_results -= new
                self._blocks.clear()
                self._messages.clear()
                self.repriced += 1
        if self.renders_calls:  # rendered as one call to the wrapper, not as single calls
            return self._parallel_rendered(m) - sum(
                self._call(b) for b in m.content if isinstance(b, ToolCall)
            )
        return self._label(PARALLEL_WRAPPER) + len(ids) * self._label(PARALLEL_CALL)

    def _parallel_rendered(self, m: Message) -> int:
        """An assistant message's parallel calls as OpenAI Chat renders them (``framing``,
        "Parallel tool calls"): the wrapper's call listing each, and the wrapper's message."""
        header, special = parallel_header(self.model.tokenizer)
        entries = sum(
            self.text(parallel_entry(wire_name(b.name, "openai"), b.arguments))
            for b in m.content
            if isinstance(b, ToolCall)
        )
        uses = self._label(PARALLEL_USES) + self._label(header) + special
        return uses + entries + self.framing_tokens(PARALLEL_ROLE)

    def forget_calls(self, replaced: Iterable[Message], ids: Collection[str]) -> bool:
        """Forget that the assistant turns repair replaced called ``ids`` in parallel: a
        reused call id renumbered (``call_1`` in a later parallel turn becomes ``call_1~2``)
        leaves ``call_1`` to its first, single call, whose result the repaired history
        sends plain; priced escaped it was over-counted. An id another turn calls in
        parallel stays. True when a price changed (a caller's own memo of message prices
        is then stale)."""
        gone: set[str] = set()
        for m in replaced:
            for b in m.content:
                if not isinstance(b, ToolCall) or b.id not in ids:
                    continue
                held = self._parallel_callers.get(b.id)
                if isinstance(held, dict) and held.get(id(m)) is m:
                    del held[id(m)]  # (another turn still calls it in parallel)
                    if not held:
                        del self._parallel_callers[b.id]
                        gone.add(b.id)
                elif held is m:
                    del self._parallel_callers[b.id]
                    gone.add(b.id)
        if not gone:
            return False
        self._parallel -= gone
        self._forget_results(gone)
        return True

    def _label(self, text: str) -> int:
        """Tokens of a role or a name: few distinct strings, counted once each."""
        n = self._labels.get(text)
        if n is None:
            n = self._labels[text] = self.text(text)
        return n

    def _detail(self, img: Image) -> str | None:
        """OpenAI's ``detail`` travels only in OpenAI formats; other writers drop it."""
        return img.detail if self.wire in (None, "openai", "openai-responses") else None

    def _id(self, call_id: str) -> int:
        """Tokens of a tool-call id as the wire carries it (``providers.ids``: renamed where
        the target refuses it); with no wire known, the longer of the two forms."""
        if self.wire == "gemini" and call_id.startswith(GENERATED_ID):
            return 0  # an id the Gemini reader made up: its writer sends none (R29-P4)
        if self.wire is not None:
            return self.text(wire_id(call_id, self.wire))
        if accepted_everywhere(call_id):
            return self.text(call_id)
        return max(self.text(call_id), self.text(portable_id(call_id)))

    def _message_name(self, name: str) -> int:
        """Tokens of a message name as OpenAI Chat carries it (renamed like a tool name
        where OpenAI refuses it); with no wire known, the longer of the two forms."""
        sent = speaker_name(name, "openai")
        if self.wire is not None or sent == name:
            return self._label(sent)
        return max(self._label(name), self._label(sent))

    def _name(self, name: str) -> int:
        """Tokens of a tool name as the wire carries it (``providers.ids``: renamed where
        the target refuses it); with no wire known, the longer of the two forms."""
        if self.wire is not None:
            return self.text(wire_name(name, self.wire))
        return max(self.text(name), self.text(wire_name(name, "openai")))

    def _args(self, call: ToolCall) -> str:
        """Tool arguments as the wire carries them: verbatim for OpenAI formats; re-serialized
        from the parsed object for Anthropic (``input``) and Gemini (``args``); with no wire
        known, whichever of the two is longer (never under what any writer sends)."""
        if self.wire in ("openai", "openai-responses"):
            return call.arguments
        hit = self._written_args.get(call.arguments)  # parsed and written once per text
        if hit is not None:
            return hit
        parsed, error = call.parsed()
        if error is not None:
            hit = call.arguments
        else:
            written = json.dumps(parsed, ensure_ascii=False)
            if written == call.arguments:  # (the text itself: not held twice, as key and value)
                hit = call.arguments
            elif self.wire is not None:
                hit = written
            else:
                hit = max(written, call.arguments, key=self.text)
        if len(self._written_args) > 50_000:
            self._written_args.clear()
        self._written_args[call.arguments] = hit
        return hit

    def _conventions(self, m: Message) -> int:
        """Tokens the wire format adds for this message (see ``providers.common``). With no
        wire known (a fit without ``target``), the most any writer adds: OpenAI Chat's, so
        the fit is never under what ``translate`` then sends."""
        extra = 0
        wire = self.wire or "openai"
        if m.role == "user":
            images = sum(1 for b in m.content if isinstance(b, Image))
            if images >= 2 and not interleaved(m.content):
                extra += sum(self.text(f"Image {k}:") for k in range(1, images + 1))
        elif m.role == "tool":
            for r in m.content:
                if not isinstance(r, ToolResult):
                    continue
                if r.is_error and wire in ("openai", "openai-responses"):
                    extra += self.text(TOOL_ERROR_PREFIX)
                images = sum(1 for b in r.content if isinstance(b, Image))
                files = sum(1 for b in r.content if sent_as_a_file(b, wire))
                if wire in ("anthropic", "openai-responses") and images >= 2:
                    extra += sum(self.text(f"Image {k}:") for k in range(1, images + 1))
                if wire == "gemini" and images + files:  # a header before them (the writer)
                    key = tool_media_key(r)
                    extra += self.text(tool_images_header(key, images > 0, files > 0))
                if wire == "openai" and images + files:
                    # the images (and files) ride in a user turn after the tool messages, with a header,
                    # and labels when that turn holds two or more (counted as if it always
                    # does: a few tokens over, never under)
                    header = tool_images_header(wire_id(r.call_id, wire), images > 0, files > 0)
                    extra += self.message_overhead + self.text(header)
                    extra += self.text("user") if self.framing.counts_role else 0
                    extra += sum(self.text(f"Image {k}:") for k in range(1, images + 1))
        return extra

    def messages(self, messages: Iterable[Message]) -> MessagePrice:
        """Sum of message prices (request framing not included), less the framing of the
        turns the wire format merges (``merged_framing``)."""
        text = image = 0
        msgs = list(messages)
        for m in msgs:
            p = self.message(m)
            text, image = text + p.text, image + p.image
        return MessagePrice(text - self.unbilled(msgs), image)

    def unbilled(self, messages: Sequence[Message]) -> int:
        """What the messages' own prices hold that the provider does not bill for them in
        this order: the framing of merged turns (``merged_framing``) and the reasoning of
        earlier turns it strips (``stripped_reasoning``)."""
        return self.merged_framing(messages) + self.stripped_reasoning(messages)

    def stripped_reasoning(self, messages: Sequence[Message]) -> int:
        """The priced reasoning of assistant turns before the newest request the user wrote
        (a message of tool results only continues the turn), for a model whose provider
        drops it from the input (``STRIPS_EARLIER_REASONING``); 0 with no wire known. The
        turn still in a tool-use loop keeps its reasoning, billed."""
        if not self.strips_earlier_reasoning:
            return 0
        turn = _newest_request(messages)
        stripped = 0
        for m in messages[:turn]:
            if m.role != "assistant":
                continue
            for b in m.content:
                if isinstance(b, Reasoning) and carries_reasoning(b, self.wire or ""):
                    price = self.block(b)[0] + self._reasoning_item_framing
                    stripped += max(0, price - STRIPPED_REASONING_KEPT)
        return stripped

    @cached_property
    def strips_earlier_reasoning(self) -> bool:
        return self.model.id in STRIPS_EARLIER_REASONING.get(self.wire or "", frozenset())

    @cached_property
    def _reasoning_item_framing(self) -> int:
        """A Responses reasoning item's own framing (an item of the input), dropped with it."""
        return self.beside_text if self.wire == "openai-responses" else 0

    def merged_framing(self, messages: Sequence[Message]) -> int:
        """The framing of messages the wire writes into the turn before (Anthropic and
        Gemini merge consecutive turns of one role, so they alternate, and send every system
        message as one prompt): billed once per turn, not once per message. Zero when the
        wire format is not known."""
        if self.wire not in ("anthropic", "gemini"):
            return 0
        merged, previous = 0, ""
        systems: list[Message] = []
        for m in messages:
            if m.role == "system":
                systems.append(m)
                continue
            if sends_nothing(m, self.wire):
                continue  # not in the body (the turn left out, priced as nothing)
            absorbed = previous == "tool media" and m.role == "user" and _all_inline_media(m)
            if absorbed or (m.role == previous and m.role in ("user", "assistant")):
                # the merged message's own framing (names are not sent on this wire)
                merged += self.framing.per_message
                if self.framing.counts_role:
                    merged += self._label(m.role)
            if absorbed:
                continue  # read back as more of the tool's media: the run goes on
            # a tool message opens (or joins) a user turn of results: a user message after
            # it shares that turn, and the reader splits it back, so it is priced as two
            # (unless it is only images right after the tool's own: ``_all_inline_media``)
            if m.role == "tool":
                inline = self.wire == "gemini" and _ends_on_inline_media(m)
                previous = "tool media" if inline or previous == "tool media" else "tool"
            else:
                previous = m.role
        return merged + self._merged_system(systems)

    def tools(
        self,
        tools: Sequence[Mapping[str, Any]] | None,
        tool_choice: object = None,
        messages: Sequence[Message] = (),
    ) -> int:
        """Tool schemas priced as the provider bills them (see ``framing.tools_tokens``),
        with the tool-use system prompt a provider adds whenever tools are sent (Anthropic).
        ``tool_choice`` None: not known (the app may add any to what a fit sends), priced at
        the most a choice costs, so never below the bill; a body without one is priced with
        ``DEFAULT_TOOL_CHOICE`` (``price_request``). ``messages``: the request's, whose
        first system message takes OpenAI's tool namespace on Chat Completions (priced so
        only when the wire is known to be Chat's)."""
        if not tools:
            return 0
        model = self.model
        prompt = tool_use_system_prompt(model.id, model.provider, tool_choice)
        prompt += chat_tool_preamble(model.id, model.provider, self.wire)
        prompt += anthropic_defined_tools(tools, model.provider)
        system = self._namespace_host(messages)

        def price(schemas: Sequence[Mapping[str, Any]]) -> int:
            return tools_tokens(
                schemas,
                self.framing,
                model.tokenizer,
                self.text,
                tool_choice,
                system,
                expand_refs=model.provider == "gemini",
                saving=responses_namespace_saving(model.id, model.provider, self.wire),
                family=model.id,
            )

        # Declared names go out as the wire takes them (``providers.ids``: renamed where
        # refused); with no wire known, the longest of the forms any writer sends (OpenAI's
        # rule is Anthropic's and Responses'; Gemini's refuses a leading digit OpenAI takes).
        if self.wire is not None:
            return prompt + price(_declared_as_sent(tools, self.wire))
        forms = {id(f): f for f in (tools, *(_declared_as_sent(tools, w) for w in _NAME_RULES))}
        return prompt + max(map(price, forms.values()))

    def _namespace_host(self, messages: Sequence[Message]) -> str | None:
        """The text of the system message that opens a Chat Completions request (sent in
        the ``system`` role, a text that is not blank), which OpenAI's tool namespace
        joins; None: there is none, or the wire is not known to be Chat's (then the
        namespace is priced as a message of its own, the larger). Only the first message is
        looked at (a long history read lazily is not read for this)."""
        if self.wire != "openai" or not messages:
            return None
        first = messages[0]
        if first.role != "system" or first.developer:
            return None
        text = first.text  # (as the Chat writer sends it: its texts joined)
        return text if text.strip() else None  # (an empty or blank one is not sent: R17-P5)

    def request(
        self,
        messages: Iterable[Message],
        tools: Sequence[Mapping[str, Any]] | None = None,
        tool_choice: object = None,
    ) -> int:
        """The whole request: messages, tool schemas (with ``tool_choice``, None: not known)
        and request framing."""
        msgs = list(messages)
        overhead = self.request_overhead
        return self.messages(msgs).total + self.tools(tools, tool_choice, msgs) + overhead


def request_overhead(info: ModelInfo) -> int:
    """What every request to ``info`` is billed beside its messages and tools: the reply
    priming, and a header of the model's own chat template (``ModelInfo.request_overhead``:
    gpt-oss's harmony system message).

    >>> request_overhead(lookup_model("gpt-4o")), request_overhead(lookup_model("gpt-oss-20b"))
    (3, 67)
    """
    claude = ANTHROPIC_REQUEST_FRAMING if info.provider == "anthropic" else 0
    return REQUEST_OVERHEAD + info.request_overhead + claude


#: Models whose provider drops the reasoning of earlier turns from the input it bills, by
#: wire, by catalog id: what a turn's reasoning bills ends when the user writes the
#: next request; reasoning sent back in the turn's tool-use loop is billed. Anthropic's
#: extended-thinking docs ("Differences in thinking across model versions": Claude Opus 4.1
#: and earlier, Sonnet 4.5 and earlier, Haiku through 4.5 keep only the last turn's thinking;
#: Opus 4.5, Sonnet 4.6 and later keep all, so they are not here); Mirascope's recorded
#: claude-sonnet-4-0 bills: 97 for a follow-up after a thinking turn priced 1,054-1,418 with
#: it (review40 R40-B2). gpt-5 on Responses: Mirascope's follow-up after a reasoning item
#: with summaries, billed 62, priced 426-697 with it; gpt-5-nano and gpt-5-mini alike
#: (crmne/ruby_llm's nine gpt-5-nano follow-ups after encrypted reasoning items, 36-267
#: billed, priced 388-1,889 with them, 1-7 over without; Arize-ai/openinference's gpt-5-mini,
#: 20 billed, 388 priced; pydantic-ai's three gpt-5-mini follow-ups 370-295 tokens less over);
#: OpenAI's newer models may keep earlier reasoning (its "Preserved reasoning" guide), so only
#: ids bills prove are here.
STRIPS_EARLIER_REASONING: Mapping[str, frozenset[str]] = {
    "anthropic": frozenset(
        (
            "claude-3-7-sonnet",
            "claude-sonnet-4",
            "claude-opus-4",
            "claude-opus-4-1",
            "claude-sonnet-4-5",
            "claude-haiku-4-5",
        )
    ),
    "openai-responses": frozenset(("gpt-5", "gpt-5-mini", "gpt-5-nano")),
}


#: What a stripped block of reasoning is still priced at: Anthropic's token-counting guide
#: counts its example of a follow-up after a thinking turn 88 tokens, where the body without
#: the thinking is priced 83 (``tests/test_billed_examples.py``): what the API leaves of a
#: stripped block, or what the estimate misses of the rest, is kept (never below the count).
STRIPPED_REASONING_KEPT = 8


def _newest_request(messages: Sequence[Message]) -> int:
    """The index of the newest user message that is not tool results only (its turn is
    the current one), or 0."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m.role == "user" and not all(isinstance(b, ToolResult) for b in m.content):
            return i
    return 0


def _prompt_text(b: Block) -> str:
    """A system prompt block's text as sent (a recap there by its wire text)."""
    return b.wire_text if isinstance(b, Recap) else b.text if isinstance(b, Text) else ""


#: The formats that send a developer's message in its role (None: maybe them).
_DEVELOPER_WIRES = (None, "openai", "openai-responses")
#: The formats whose tool calls and results are priced at least as OpenAI Chat renders them
#: (None: maybe Chat), and those priced so exactly (Responses too: ``framing``, "Responses").
_RENDERED_WIRES = (None, "openai", "openai-responses")
_RENDERING_WIRES = ("openai", "openai-responses")
_NAME_RULES = ("openai", "gemini")  # the two tool-name rules writers apply (providers.ids)


def _declared_as_sent(tools: Sequence[Mapping[str, Any]], wire: str) -> Sequence[Mapping[str, Any]]:
    """``tools`` (in any provider's shape) with every declared name as ``wire``'s writer
    sends it; the same list when no name changes."""

    def renamed(tool: Mapping[str, Any]) -> Mapping[str, Any]:
        for key in ("functionDeclarations", "function_declarations"):  # Gemini
            decls = tool.get(key)
            if isinstance(decls, list):
                return {**tool, key: [renamed(d) if isinstance(d, Mapping) else d for d in decls]}
        function = tool.get("function")  # OpenAI Chat
        if isinstance(function, Mapping):
            return {**tool, "function": renamed(function)}
        name = tool.get("name")  # Anthropic, Responses, a bare function
        if isinstance(name, str) and wire_name(name, wire) != name:
            return {**tool, "name": wire_name(name, wire)}
        return tool

    out = [renamed(t) if isinstance(t, Mapping) else t for t in tools]  # (refused later)
    return tools if all(a is b for a, b in zip(out, tools, strict=True)) else out


def price_messages(
    messages: MessagesLike,
    model: str | ModelInfo,
    *,
    tools: Sequence[Mapping[str, Any]] | None = None,
    catalog: Catalog | None = None,
) -> MessagePrice:
    """Price a conversation (our messages or provider dicts) sent to ``model`` as one request:
    what the provider bills as its prompt tokens (``usage.prompt_tokens``), i.e. the messages,
    the ``tools`` schemas and the reply priming every request carries.

    >>> price_messages([{"role": "user", "content": "hello"}], "gpt-4o").total  # 5 + 3 priming
    8
    """
    pricer = Pricer.for_model(model, catalog)
    msgs = read_messages(messages)
    total = pricer.messages(msgs)
    pricer.refuse_unheard(msgs)
    return MessagePrice(total.text + pricer.tools(tools) + pricer.request_overhead, total.image)


def price_request(
    body: Mapping[str, Any],
    model: str | ModelInfo,
    fmt: str | None = None,
    *,
    catalog: Catalog | None = None,
    file_pages: Mapping[str, int] | None = None,
) -> RequestPrice:
    """Price a finished provider request body exactly as ``prepare`` budgets it.

    Reads the messages back from the body, prices them with the format's conventions
    (labels, tool-image turns), and adds the tool schemas found in the body and the
    request framing (in ``text``). ``file_pages``: as given to ``prepare``. A body that
    names context its provider adds (``RequestPrice.server_side``) is priced as far as it
    goes: a lower bound, said in the result, never presented as the bill.
    """
    fmt = fmt or detect_format(body)
    pricer = Pricer.for_model(model, catalog, wire=fmt, file_pages=file_pages)
    if fmt == "openai" and pricer.model.provider == "openai":
        refuse_file_parts(body.get("messages"))  # (the reader reads them, for other targets)
    msgs = read_messages(body, fmt)  # type: ignore[arg-type]
    total = pricer.messages(msgs)
    pricer.refuse_unheard(msgs)
    if fmt in ("gemini", "anthropic"):
        total = MessagePrice(total.text + _label_correction(body, fmt, msgs, pricer), total.image)
    declared, choice = body.get("tools"), body.get("tool_choice")
    if fmt == "openai":  # (with the deprecated ``functions`` and ``function_call``)
        declared, choice = declared_tools(body), declared_tool_choice(body)
    # none sent: the provider's default (RT22-10)
    tools = pricer.tools(declared, DEFAULT_TOOL_CHOICE if choice is None else choice, msgs)
    tools += pricer.output_format_in(body, fmt)
    tools += pricer.setting_prompts(body.get("thinking"), body, with_tools=bool(declared), wire=fmt)
    if fmt == "openai" and pricer.model.provider != "openai":
        tools += _reasoning_content(body, pricer)
    if fmt == "openai-responses":
        tools += _empty_assistant_items(body) * pricer.message(Message("assistant", ())).total
        tools += sum(map(pricer.text_file_as_file, text_files_sent_as_files(body)))
    text = total.text + tools + pricer.request_overhead
    # a file the provider fetches, its length unknown here, is bounded by the window for a
    # fit (which then leaves it out or refuses it); the body is priced without it, and says so
    fetched = [c for c in pricer.estimates.values() if c.fetched]
    bound = sum(c.tokens for c in fetched)
    named = (*server_side_context(body), *(f"{c.fetched} (give file_pages=)" for c in fetched))
    written = tuple(c.written for c in pricer.estimates.values() if c.written)
    return RequestPrice(text - bound, total.image, named, bound, written)


def _empty_assistant_items(body: Mapping[str, Any]) -> int:
    """The assistant message items of a Responses ``input`` that hold nothing: the reader
    has no message for them, but each is billed its framing (social-growth-studio/req_llm's
    gpt-4.1-nano request ending with ``{"role": "assistant", "content": []}`` billed 37,
    priced 34 without it: review42 R42-B4)."""
    items = body.get("input")
    if not isinstance(items, list):
        return 0
    return sum(
        1
        for item in items
        if isinstance(item, Mapping)
        and item.get("role") == "assistant"
        and item.get("type", "message") == "message"
        and not item.get("content")
    )


_GEMINI_SCHEMA_KEYS = (
    "response_json_schema", "responseJsonSchema", "response_schema", "responseSchema",
)  # fmt: skip


def _gemini_schema(body: Mapping[str, Any]) -> object:
    """The response schema a Gemini body's generation config holds (either spelling)."""
    for key in ("generation_config", "generationConfig"):
        config = body.get(key)
        if isinstance(config, Mapping):
            found = next((config[k] for k in _GEMINI_SCHEMA_KEYS if k in config), None)
            if found is not None:
                return found
    return None


def _reasoning_content(body: Mapping[str, Any], pricer: Pricer) -> int:
    """The ``reasoning_content`` a Chat body sends back in assistant messages (a field
    OpenAI ignores and this library's writer never sends): an OpenAI-compatible server's
    template may render it (llama.cpp's gpt-oss renders it as harmony's analysis channel:
    charmbracelet/fantasy's recorded follow-up to a call bills 213, priced 202 without its
    32 tokens of reasoning), so it is priced as a message of its own."""
    turns = body.get("messages")
    said = [
        m["reasoning_content"]
        for m in (turns if isinstance(turns, list) else ())
        if isinstance(m, Mapping) and isinstance(m.get("reasoning_content"), str)
    ]
    return sum(pricer.text(t) + pricer.message_overhead for t in said)


def output_format_of(body: Mapping[str, Any], fmt: str | None) -> object:
    """A body's structured-output format: Chat's ``response_format``, Responses'
    ``text.format``, Anthropic's ``output_config.format`` (or the beta's
    ``output_format``), Gemini's response schema; None: none, or another API's."""
    if fmt == "openai":
        return body.get("response_format")
    if fmt == "anthropic" and "output_format" in body:
        return body["output_format"]
    if fmt == "gemini":
        return _gemini_schema(body)
    key = {"openai-responses": "text", "anthropic": "output_config"}.get(fmt or "")
    inner = body.get(key) if key else None
    return inner.get("format") if isinstance(inner, Mapping) else None


def _label_correction(
    body: Mapping[str, Any], fmt: str, msgs: Sequence[Message], pricer: Pricer
) -> int:
    """The ``Image k:`` labels a Gemini or Anthropic body really holds, less those the
    pricer priced.

    These writers label each message's images, then join consecutive user turns (both
    want roles to alternate). Read back, a joined turn can look interleaved (its labels,
    stripped by the reader, are then priced by nobody) or hold adjacent unlabelled images
    (which the pricer would label). The body's own label parts are what is billed: those
    the reader stripped are added, those the pricer added are taken off.
    """
    in_body = sum(pricer.text(t) for t in _user_label_texts(body, fmt))
    kept = added = 0
    for m in msgs:
        if m.role != "user":
            continue
        for b in m.content:
            if isinstance(b, Text) and IMAGE_LABEL.fullmatch(b.text):
                kept += pricer.text(b.text)  # not stripped: already priced as text
        images = sum(1 for b in m.content if isinstance(b, Image))
        if images >= 2 and not interleaved(m.content):
            added += sum(pricer.text(f"Image {k}:") for k in range(1, images + 1))
    return (in_body - kept) - added


def _user_label_texts(body: Mapping[str, Any], fmt: str) -> Iterator[str]:
    """The texts of a Gemini or Anthropic body's user turns that are ``Image k:`` labels."""
    key, inner = ("contents", "parts") if fmt == "gemini" else ("messages", "content")
    turns = body.get(key) or []
    for turn in turns if isinstance(turns, list) else ():
        if not isinstance(turn, dict) or turn.get("role", "user") != "user":
            continue
        parts = turn.get(inner)
        if isinstance(parts, str):  # an Anthropic turn of one text
            parts = [{"text": parts}]
        for part in parts if isinstance(parts, list) else ():
            text = part.get("text") if isinstance(part, dict) else None
            if isinstance(text, str) and IMAGE_LABEL.fullmatch(text):
                yield text


def _sent_system_blocks(blocks: Sequence[Block]) -> tuple[list[Block], bool]:
    """A system prompt's blocks as Anthropic's writer sends them in its block form
    (``anthropic._system_blocks``: blank texts left out, a blank block's cache mark moved to
    the block before it when that one has none), and whether a cache mark is left."""
    out: list[Block] = []
    marked = False
    for b in blocks:
        if type(b) is not Text or (b.text and not b.text.isspace()):
            out.append(b)
            marked = marked or bool(getattr(b, "cache", None))
        elif b.cache and out and not getattr(out[-1], "cache", None):
            marked = True
    return out, marked


def _placed(exc: ContentError, m: Message, b: Block) -> ContentError:
    """``exc`` with the place of the block it is about (an unsupported image ``detail`` is
    found while pricing, where no wire path exists any more): the message id and index."""
    if exc.path:
        return exc
    j = next((k for k, x in enumerate(m.content) if x is b), 0)
    return ContentError(f"message {m.id or '(no id)'} content[{j}]", exc.reason)


def _inline_media(b: Block) -> bool:
    """An image or a file sent inline: a Gemini reader folds one that follows a tool's own
    media into that tool's result (``providers.gemini._fold_tool_media``)."""
    return isinstance(b, Image) or (isinstance(b, FileAttachment) and b.data is not None)


def _ends_on_inline_media(m: Message) -> bool:
    """A tool message whose results' media are all inline images or files, so its
    Gemini turn ends on them (ProviderContent or audio may be sent as text: not counted,
    which prices a few tokens over, never under)."""
    media = [
        b
        for r in m.tool_results
        for b in r.content
        if not isinstance(b, Text) and not (isinstance(b, FileAttachment) and b.data is None)
    ]
    return bool(media) and all(map(_inline_media, media))


def _all_inline_media(m: Message) -> bool:
    """A user message of inline media only: on the Gemini wire, right after a tool's
    media, it is read back as part of that tool's result, its framing not billed."""
    return bool(m.content) and all(map(_inline_media, m.content))

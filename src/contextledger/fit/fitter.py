"""The fit, step by step: ``Fitter`` (kept per conversation, remembering prices and units
between calls) and the one-shot ``fit``."""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import chain
from operator import attrgetter, is_, itemgetter
from typing import Any

from ..catalog import Catalog, ModelInfo, lookup_model, sent_model_id
from ..errors import BudgetError, ContentError, FileBoundError
from ..gate import (
    ImageCut,
    accepts_images,
    image_inline_bytes,
    image_swap,
    image_swaps_before,
    inline_parts,
    limit_notice,
    may_break_request_limits,
    oversized_image,
    request_image_cut,
    request_other_bytes,
    unheard_error,
    vision_gate,
    without_audio,
)
from ..images.labels import image_label
from ..images.sendable import omitted
from ..model import (
    Audio,
    Block,
    FileAttachment,
    FittedMessages,
    Image,
    Message,
    MessagesLike,
    ProviderContent,
    Text,
    ToolCall,
    ToolResult,
    with_ids,
)
from ..pricing.files import MediaCost
from ..pricing.messages import Pricer
from ..pricing.text import expect_counting
from ..providers import format_for_provider, provider_format, read_messages
from ..providers.anthropic import SystemPrompt, system_blocks
from ..providers.common import refused_files, unsent_file_notice
from ..providers.native import expired_reply, replaced_notices
from ..providers.openai_responses import unpaired_notices
from ..repair import RepairChange, RepairMemo, RepairResult
from ..report import Notice
from ..validate import (
    SYSTEM_MEDIA,
    is_empty,
    prefill_problem,
    problems_for,
    require_turn,
    reuses_call_ids,
)
from .anchors import (
    Pins,
    current_request_position,
    file_at_bound,
    pin_anchors,
    pin_gists,
    rescue_current_request,
    settle_lean_pins,
    sticky_gists_before,
    unit_at,
)
from .budget import Budget, check_limits, check_system_prompt_fits, history_budget, too_big
from .drops import DroppedBefore, report_drops
from .edits import SendableImages
from .gists import GIST_SAMPLE, gist_room
from .lazy import DictColumns, LazyMessages, read_lazily
from .options import FitOptions, default_output_reserve
from .report import (
    Change,
    FitReport,
    FitResult,
    KeptMemo,
    Later,
    Parts,
    Runs,
    SharedRuns,
    kept_changes,
    shared_runs,
    with_added,
)
from .selection import (
    _COUNTED_WHOLE_CHARS_PER_TOKEN,
    Regist,
    Selection,
    moved_system_notices,
    open_with_user,
    select_units,
)
from .shedding import shed
from .source import DictSource
from .units import HistoryIndex, Unit, message_texts, messages_of

_message_id = attrgetter("id")
_role = attrgetter("role")
_start = attrgetter("start")
_kind = attrgetter("kind")
_first = itemgetter(0)


def _split_system(
    msgs: Sequence[Message], roles: list[str] | None = None
) -> tuple[list[Message], Sequence[Message]]:
    """The system messages and the rest; at C speed when they all lead (the usual case).
    ``roles``: the messages' roles, when already known."""
    if type(msgs) is LazyMessages:  # its system messages all lead (else it is not lazy)
        n = msgs.leading_system()
        return list(msgs[:n]), msgs.tail(n)
    if roles is None:
        roles = list(map(_role, msgs))
    n = roles.count("system")
    if roles[:n] == ["system"] * n:
        return list(msgs[:n]), msgs[n:]
    return [m for m in msgs if m.role == "system"], [m for m in msgs if m.role != "system"]


@dataclass(slots=True, eq=False, repr=False)
class _Memory:
    """What one fit leaves for the next: the index of the history, the sticky cut, and the
    drops already reported."""

    index: HistoryIndex = field(default_factory=HistoryIndex)
    source: DictSource | None = field(default_factory=DictSource)  # None: read afresh
    cut_id: str | None = None
    # the message the gists pinned ahead of the selection were before when that cut was
    # chosen by a first fit (None: the cut's own): the next walks meet the same gists
    gists_before_id: str | None = None
    gist_spent: int = 0  # the tokens the gists kept below that cut took
    dropped: DroppedBefore = field(default_factory=DroppedBefore)
    sent_ok: bool = True  # every unit of the last fit's output is valid on its own
    kept: KeptMemo = field(default_factory=KeptMemo)  # the "kept" Changes of the last output
    given: _Given = field(default_factory=lambda: _Given())  # the last fit's messages
    # repairs of a broken history: only what follows the part repaired last time is repaired
    repairs: RepairMemo = field(default_factory=RepairMemo)
    # the repaired history has its own index and drops memo: each stays incremental (one
    # index fed the history and its repair in turn would index everything twice a fit)
    repaired_index: HistoryIndex = field(default_factory=HistoryIndex)
    repaired_dropped: DroppedBefore = field(default_factory=DroppedBefore)
    shown: HistoryIndex | None = None  # the index of the last output
    gated: Sequence[Message] = ()  # the last fit's history, as fitted (images gated)
    # how many leading messages of it are the very ones given to ``repairs`` last
    unrepaired_same: int = 0
    calls: _CallIds = field(default_factory=lambda: _CallIds())  # (outputs checked for reuse)
    refused: _RefusedMemo = field(default_factory=lambda: _RefusedMemo())  # (``_refused_files``)

    def decided(self) -> _Decided:
        """What a fit decides for the next (the sticky cut, the drops reported, ...): put
        back (``restore``) when the fit raises, so the caller never saw it."""
        return (
            self.cut_id, self.gists_before_id, self.gist_spent, self.dropped, self.sent_ok,
            self.kept,
        )  # fmt: skip

    def restore(self, decided: _Decided) -> None:
        self.cut_id, self.gists_before_id, self.gist_spent, self.dropped = decided[:4]
        self.sent_ok, self.kept = decided[4:]


#: ``_Memory.decided``: cut id, gists-before id, gist tokens, drops reported, sent ok, kept.
_Decided = tuple[str | None, str | None, int, DroppedBefore, bool, KeptMemo]


@dataclass(slots=True, eq=False, repr=False)
class _CallIds:
    """The last output found to reuse no tool-call id, and the ids of its calls (and of the
    calls of the outputs before it): a refit looks at the calls of its new messages only."""

    out: Sequence[Message] = ()
    ids: set[str] = field(default_factory=set)

    def reused(self, out: Sequence[Message], runs: Runs = shared_runs) -> bool:
        """Whether two tool calls in ``out`` share an id (``reuses_call_ids``)."""
        new = [out[i] for i in _new_positions(out, self.out, runs)]
        ids = _call_ids(new)
        if len(set(ids)) == len(ids) and self.ids.isdisjoint(ids):
            # the calls of the messages sent last time too were each other's and these'
            self.out = out
            self.ids.update(ids)
            return False
        # (an id of a call no longer sent is among those remembered: look at them all)
        reused = reuses_call_ids(out)
        self.out, self.ids = ((), set()) if reused else (out, set(_call_ids(out)))
        return reused


def _call_ids(messages: Sequence[Message]) -> list[str]:
    return [
        b.id for m in messages if m.role == "assistant" for b in m.content if type(b) is ToolCall
    ]


#: A message's parts of a request's size (``Fitter._limit_part``): it, its text bytes,
#: inline bytes, images, largest image's bytes, longest image side.
_LimitPart = tuple[Message, int, int, int, int, int]
#: A request's sums of those: text bytes, inline bytes, images, largest image, longest side.
_LimitSums = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _LimitMemo:
    """The last request checked against the image limits, and what its messages add up to."""

    out: tuple[Message, ...] = ()
    sums: _LimitSums = (0, 0, 0, 0, 0)


@dataclass(slots=True, eq=False, repr=False)
class _Given:
    """The messages a ``Fitter`` read last (every one with an id) and their roles: a refit
    looks only at the messages after the unchanged prefix."""

    messages: tuple[Message, ...] = ()
    roles: list[str] = field(default_factory=list)


def _shared_prefix(a: Sequence[Message], b: Sequence[Message]) -> int:
    """How many leading messages of ``a`` and ``b`` are the same objects (at C speed)."""
    if all(map(is_, a, b)):  # the usual case, without a list (map stops at the shorter)
        return min(len(a), len(b))
    return list(map(is_, a, b)).index(False)


def _same_start(now: Sequence[Message], before: Sequence[Message]) -> int:
    """How many leading messages of ``now`` are those of ``before`` (the last fit's)."""
    if type(now) is LazyMessages:
        # a lazy history says how many of its dicts are unchanged since the last fit's
        if not isinstance(before, LazyMessages):
            return 0
        same = before.columns is now.columns and before.start == now.start
        return now.unchanged if same else 0
    if type(before) is LazyMessages:
        return 0
    return _shared_prefix(now, before)


def _same_messages(
    payload: Any, last: tuple[Message, ...]
) -> tuple[tuple[Message, ...], int] | None:
    """``payload`` as Messages when it is a list of Messages that starts where the last fit's
    started (then only the messages after the shared prefix are checked), and that prefix."""
    if type(payload) not in (list, tuple) or not payload or payload[0] is not last[0]:
        return None
    shared = _shared_prefix(payload, last)
    if set(map(type, payload[shared:])) - {Message}:
        return None
    return tuple(payload), shared


class Fitter:
    """Fits conversations for one model, remembering block prices between calls.

    Keep one per conversation and model: refitting after one new message prices only that
    message.

    >>> from contextledger.model import Message
    >>> f = Fitter("gpt-4o", window=2000, max_output_tokens=500)
    >>> res = f.fit([Message.system("Be brief."), Message.user("hi")])
    >>> res.report.used <= res.report.budget
    True
    """

    def __init__(
        self,
        model: str | ModelInfo,
        *,
        window: int | None = None,
        max_output_tokens: int | None = None,
        catalog: Catalog | None = None,
        options: FitOptions | None = None,
        pricer: Pricer | None = None,
        image_family: str | None = None,
        target: str | None = None,
    ) -> None:
        check_limits(window, max_output_tokens)
        # An id the catalog does not know is refused, unless the window is given: then it
        # is fitted with the provider's conservative defaults and the report says so.
        self.info = lookup_model(model, catalog, window=window, image_family=image_family)
        # the report names the model asked for (gpt-4o-audio-preview, a Bedrock id), not
        # the catalog family it is priced as (gpt-4o, claude-sonnet-4-5)
        self.model_name = (
            self.info.id if isinstance(model, ModelInfo) else sent_model_id(model, self.info)
        )
        self.catalog = catalog
        self.window = window or self.info.context_window
        self.reserved_output = (
            max_output_tokens
            if max_output_tokens is not None
            else default_output_reserve(self.info, self.window)
        )
        self.options = options or FitOptions()
        # The wire format the result will be translated to prices exactly what its writer
        # adds; without one, the most any writer adds (never under what is sent).
        wire = provider_format(target).name if target is not None else None
        self.pricer = pricer or Pricer.for_model(
            self.info, catalog, wire=wire, file_pages=self.options.file_pages
        )
        # Repair as the writer will send (OpenAI takes arguments that are not JSON); with no
        # target, as the model's own format, the one ``prepare`` sends it (review10 P3).
        self._repair_wire = (
            self.pricer.wire or format_for_provider(self.info.provider, self.info.api).name
        )
        self._roles: tuple[Sequence[Message], list[str]] | None = None  # within one fit
        self._sendable = SendableImages(self.info)  # images re-encoded for the provider
        self._pinning: tuple[FitOptions, FitOptions] | None = None  # see _pinning_options
        self._gist_sample_tokens: int | None = None  # see _gist_sample
        self._start_afresh()

    def _gist_sample(self) -> int:
        """The model's count of ``GIST_SAMPLE`` (the gists' room, ``gist_room``), counted
        once a Fitter: a refit counts only what is new."""
        if self._gist_sample_tokens is None:
            self._gist_sample_tokens = self.pricer.text(GIST_SAMPLE)
        return self._gist_sample_tokens

    def _start_afresh(self) -> None:
        """Forget what earlier fits left (a new Fitter's state)."""
        # (a system message after the start is sent with the system prompt and reported as
        # moved, whether or not something else needs repair: R32-O1)
        self._memory = _Memory(repairs=RepairMemo(target=self._repair_wire, late_system="keep"))
        # audio for a model that hears none, as sent (``_unheard_audio``): by the message's
        # identity, (it, its placeholder view, the notices)
        self._heard: dict[int, tuple[Message, Message, tuple[Notice, ...]]] = {}
        # spoken replies whose audio expired, as sent (``_expired_audio``): the same
        self._expired: dict[int, tuple[Message, Message, tuple[Notice, ...]]] = {}
        # per message: (it, text bytes, inline bytes, images, largest image, longest side)
        self._limit_parts: dict[int, _LimitPart] = {}
        self._limits = _LimitMemo()  # the last request checked, and its sums
        self._runs = SharedRuns()  # the runs this fit's output shares with the last one

    def position(self, message_id: str) -> int | None:
        """Where a message sits in the last history fitted (None: not there)."""
        return (self._memory.shown or self._memory.index).position(message_id)

    def ago(self, message_id: str, position: int | None = None) -> str:
        """'from 3 turns ago': how many user requests came after the message."""
        return (self._memory.shown or self._memory.index).ago(message_id, position)

    def fit(
        self,
        messages: MessagesLike,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        system: SystemPrompt | None = None,
        memory: Sequence[Message] | None = None,
        now: float | None = None,
    ) -> FitResult:
        """Fit ``messages`` (see :func:`fit`). ``now``: the moment the request is made, in
        seconds since the epoch (default: the clock's), when an earlier OpenAI spoken reply
        whose ``expires_at`` has passed goes as its line: a refit equals a fit afresh at
        the same moment."""
        pricer = self.pricer
        now = time.time() if now is None else now
        if pricer.next_deadline <= now or (
            pricer.expired and pricer.now is not None and now < pricer.now
        ):
            # a spoken reply priced (and maybe sent) by its id has expired since: what was
            # priced and cut is stale, so fit as a new Fitter does at this moment
            pricer.forget_prices()
            self._start_afresh()
        pricer.now = now
        # an empty list is an empty conversation; None, a number or a string is an error
        empty = isinstance(messages, Sequence | Mapping) and not isinstance(messages, str)
        msgs: Sequence[Message]
        given = self._memory.given
        shared = 0  # leading messages that are the very objects fitted last time
        if empty and not messages:
            msgs = ()
        elif self._memory.source is None and (lazy := read_lazily(messages)) is not None:
            msgs = lazy  # a one-shot fit of dicts: read only what the fit looks at
        elif given.messages and (same := _same_messages(messages, given.messages)) is not None:
            msgs, shared = same  # the proxy's case: its Messages, one or two appended
        elif (
            self._memory.source is not None
            and (taken := self._memory.source.take(messages)) is not None
        ):
            msgs = taken  # the app's list of dicts: only what changed is read again
            if type(taken) is not LazyMessages:  # (a lazy read looks only where the fit does)
                shared = _shared_prefix(msgs, given.messages)  # the unchanged ones come back
        else:
            msgs = read_messages(messages)
            shared = _shared_prefix(msgs, given.messages)  # Messages given again
        notices: list[Notice] = []
        lazy_read = type(msgs) is LazyMessages  # every message has an id, none moves
        source = self._memory.source
        # The reader gives every message an id; Messages given by the caller may have none
        # (a message fitted last time has one: id-less input is not remembered).
        read = lazy_read or (source is not None and msgs is source.last)
        if not read and not all(map(_message_id, msgs[shared:])):
            # The report and its notices name messages by id: give id-less ones their position.
            msgs, shared = with_ids(msgs), 0
            given.messages, given.roles = (), []
        elif not lazy_read and source is not None:
            # roles of the unchanged prefix are known: only the new messages are looked at
            given.roles[shared:] = map(_role, msgs[shared:])
            given.messages = tuple(msgs)
        self._roles = None
        if system is not None:
            msgs = _with_system_prompt(msgs, system, notices)
        elif not lazy_read:
            roles = given.roles if given.messages is msgs else list(map(_role, msgs))
            self._roles = (msgs, roles)  # asked again by _fit_once
            notices.extend(moved_system_notices(msgs, roles))
        if self.info.estimated:
            notices.append(_estimate_notice(self.info, self.window))
        gated, gate_changes = self._gate_images(msgs, notices)
        mem = self._memory
        mem.unrepaired_same = min(mem.unrepaired_same, _same_start(gated, mem.gated))
        mem.gated = gated
        # What the last *returned* fit decided: a fit that raises must not leave its drops
        # as "already reported" (the caller never saw them) nor move the sticky cut.
        before = mem.decided()
        try:
            result = self._within_request_limits(gated, tools, tuple(memory or ()), notices)
            require_turn(result.messages, self._repair_wire)  # an empty request: refused
        except BaseException:
            mem.restore(before)
            raise
        report = with_added(result.report, gate_changes) if gate_changes else result.report
        # (the moment goes with the messages: translate writes at the one they were priced at)
        return FitResult(FittedMessages(result.messages, now), report)

    def _surely_within_limits(self, messages: Sequence[Message]) -> bool:
        """True when ``messages`` (a fitted request) surely hold the model's image limits
        (``oversized_image`` and ``request_image_cut`` would find no cut), from what each
        message adds, worked out once per message: a refit need not read every kept text
        and image again (a kept set of 500 screenshots cost 2 ms a refit). False: look."""
        sums = self._limit_sums(messages)
        if sums is None:
            return False  # (a stored image's size is the pricer's plan: look)
        text, data, images, largest, side = sums
        limits = self.info.image_limits
        if limits.max_base64_bytes is not None and largest > limits.max_base64_bytes:
            return False
        if limits.max_images is not None and images > limits.max_images:
            return False
        many, most = limits.many_images_threshold, limits.many_images_max_side
        if many is not None and most is not None and images > many and side > most:
            return False
        return not (
            limits.max_request_bytes is not None
            and request_other_bytes(text, data) > limits.max_request_bytes
        )

    def _limit_sums(self, messages: Sequence[Message]) -> _LimitSums | None:
        """What ``messages`` add up to (``_LimitParts``): the last request's sums, with the
        parts of the messages it did not send added and those of the ones it sent that are
        gone taken out (a refit's request shares all but a few messages with the last one:
        summing every kept message's parts was ~0.7 ms a refit of 3,000 kept at 128k).
        None: an image is a stored ref."""
        last, parts = self._limits, self._limit_parts
        if len(parts) > 200_000:
            parts.clear()
            last = _LimitMemo()
        runs = self._runs(messages, last.out)
        left = [last.out[j] for j in _uncovered(runs, len(last.out), 1)]
        gone = list(map(parts.get, map(id, left)))
        if None in gone or not all(map(is_, map(_first, gone), left)):  # type: ignore[arg-type]
            runs, gone, last = [], [], _LimitMemo()  # (forgotten: sum them all)
        text, data, images, largest, side = last.sums
        look_again = False  # (the largest may be gone)
        for _, t, d, n, big, long_side in gone:  # type: ignore[misc]
            text, data, images = text - t, data - d, images - n
            look_again = look_again or 0 < big >= largest or 0 < long_side >= side
        # (summed as made, not listed first: a list of a part per kept message was a fifth
        # of the input at the peak of memory of a one-shot fit of 8,000 kept turns)
        for i in _uncovered(runs, len(messages), 0):
            part = self._limit_part(messages[i])
            if part is None:
                self._limits = _LimitMemo()
                return None
            _, t, d, n, big, long_side = part
            text, data, images = text + t, data + d, images + n
            largest, side = max(largest, big), max(side, long_side)
        if look_again:
            every = [parts.get(id(m)) or self._limit_part(m) for m in messages]
            largest = max((hit[4] for hit in every if hit), default=0)
            side = max((hit[5] for hit in every if hit), default=0)
        sums = (text, data, images, largest, side)
        self._limits = _LimitMemo(tuple(messages), sums)
        return sums

    def _limit_part(self, m: Message) -> _LimitPart | None:
        """(``m``, text bytes, inline bytes, images, largest image, longest side), worked
        out once per message (None: an image of it is a stored ref)."""
        memo = self._limit_parts
        hit = memo.get(id(m))
        if hit is None or hit[0] is not m:
            imgs = list(m.images())
            if any(img.ref is not None for img in imgs):
                return None
            t, d = inline_parts(m)
            each = list(map(image_inline_bytes, imgs))
            each_side = [max(self._image_size(img) or (0, 0)) for img in imgs]
            hit = (m, t, d + sum(each), len(imgs),
                   max(each, default=0), max(each_side, default=0))  # fmt: skip
            if self._memory.source is not None:  # (a fit done once has no next fit to serve:
                memo[id(m)] = hit  # the memo was a third of the input at its peak of memory)
        return hit

    def _image_size(self, img: Image) -> tuple[int, int] | None:
        """The pixel size ``img`` is priced at (None: unknown, e.g. a URL)."""
        price = self.pricer.image(img)
        return (price.width, price.height) if price.width and price.height else None

    def _within_request_limits(
        self,
        msgs: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] | None,
        memory: tuple[Message, ...],
        notices: list[Notice],
    ) -> FitResult:
        """The fit of ``msgs``, within the model's image limits (bytes per image; count and
        inline bytes per request): an image too big to send, and the images older than the
        newest that fit a request, become placeholders and the fit runs again; the kept
        messages' replacements are reported."""
        result = self._fit_repaired(msgs, tools, memory, notices)
        if not may_break_request_limits(
            result.report.image_tokens, self.info
        ) or self._surely_within_limits(result.messages):
            return result
        # each cut and the labels it replaced per message id (the gate's own dicts: a list of
        # cuts per message beside them was ~0.05x a body of 1,000 tiny screenshots at the
        # peak of memory)
        cuts: list[tuple[dict[str, list[str]], ImageCut]] = []
        planned = self.pricer.planned_bytes
        while (
            cut := oversized_image(result.messages, self.info, planned)
            or request_image_cut(result.messages, self.info, planned, self._image_size)
        ) is not None:
            # a history read lazily stays so: only its messages that hold images are read
            # (the placeholder view shares the rest: reading and fitting every message
            # again was the peak of memory of a fit of 100+ screenshots)
            holding = msgs.holding_images() if type(msgs) is LazyMessages else None
            swapped = (image_swap if cut.only_this else image_swaps_before)(msgs, cut, holding)
            if swapped is None:
                break
            swaps, now = swapped
            if self._memory.source is None:
                # a fit done once re-reads no message it swapped: what was remembered of them
                # and of their images is freed before the next pass builds its own tables
                # (held beside them, ~0.2x a body of 1,000 tiny screenshots at the peak)
                old = [msgs[i] for i in swaps]
                self.pricer.forget_images(zip(old, swaps.values(), strict=True))
                self._sendable.forget(old)
            if type(msgs) is LazyMessages:
                msgs = msgs.with_messages(swaps)
            else:
                msgs = tuple(swaps.get(i, m) for i, m in enumerate(msgs))
            cuts.append((now, cut))
            # (the last fit's messages and report are not needed now: freed before fitting
            # again, not held beside the new fit's tables)
            del result
            result = self._fit_repaired(msgs, tools, memory, notices)
        replaced = dict.fromkeys(chain.from_iterable(now for now, _ in cuts))
        if not replaced:
            return result
        kept = {m.id for m in result.messages if m.id in replaced}
        # (made when the report is first read, from the labels the swaps noted: a notice and a
        # Change for each of the 900 screenshots the 100-image limit replaced, made beside the
        # fitted messages, were the peak of memory of a fit of 1,000 in tool results)
        limit: Later[Notice] = Later(
            lambda: (
                limit_notice(key, label, cut.reason, cut.only_this)
                for key in replaced
                if key in kept
                for now, cut in cuts
                if key in now
                for label in now[key]
            )
        )
        changes: Later[Change] = Later(
            lambda: (Change("replaced", n.where, None, "image", n.text, 0, 0) for n in limit.get())
        )
        return FitResult(result.messages, with_added(result.report, changes, limit))

    def _gate_images(
        self, msgs: Sequence[Message], notices: list[Notice]
    ) -> tuple[Sequence[Message], tuple[Change, ...]]:
        """A model that cannot see images gets none (per ``on_images``), reported."""
        if accepts_images(self.info, self.catalog)[0]:
            return msgs, ()
        gated = vision_gate(msgs, self.info, on_images=self.options.on_images, catalog=self.catalog)
        notices.extend(gated.notices)
        changes = tuple(
            Change("replaced", n.where, None, "image", n.text, 0, 0) for n in gated.notices
        )
        return gated.messages, changes

    def _remember_gists(self, index: HistoryIndex, chosen: Selection, before: int | None) -> None:
        """Where the gists pinned ahead of the next walk are from: while a cut a first fit
        chose stays, before the unit they were before then (its walk gave back the room of
        the gists of the exchanges it reached; pinned before the cut instead, the next walk
        met other gists, had less room, stopped short of the cut and moved it: a third of
        the window empty and the cached prefix lost, R29-G1); once the cut moved (leaving
        its hysteresis free), before the cut. And what the gists kept below the cut took: while
        it stays, the same are kept, or it moves (``_regist_gists``)."""
        mem, cut_id = self._memory, chosen.cut_id
        if cut_id is None and mem.cut_id is None:
            return  # (no sticky cut)
        below = chosen.kept[: bisect_left(chosen.kept, chosen.cut_index, key=_start)]
        mem.gist_spent = sum(u.cost for u in below if u.kind in ("gist", "said"))
        if mem.cut_id is None:  # (a first fit)
            mem.gists_before_id = (
                index.id_of(index.starts[before])
                if before is not None and cut_id is not None and before < len(index.starts)
                else None
            )
        elif cut_id != mem.cut_id:
            mem.gists_before_id = None

    def _unheard_audio(
        self,
        out: tuple[Message, ...],
        current: str | None,
        changes: list[Change],
        notices: list[Notice],
    ) -> tuple[Message, ...]:
        """``out`` with each earlier audio clip a text placeholder (``on_audio``), reported;
        the newest request's own audio (``current``: its id) is its goal, so it is refused
        naming where, as every clip is with ``on_audio="refuse"``. A placeholder view made
        once is sent again on every refit (the same object: its price is memoised)."""
        unheard, model, memo = self.pricer.unheard, self.info.id, self._heard
        sent = list(out)
        for i, m in enumerate(out):
            hit = unheard.get(id(m))
            if hit is None or hit[0] is not m:
                continue
            if self.options.on_audio == "refuse" or (m.role == "user" and m.id == current):
                raise unheard_error(hit[1], model)
            made = memo.get(id(m))
            if made is None or made[0] is not m:
                if len(memo) > 10_000:
                    memo.clear()
                made = memo[id(m)] = (m, *without_audio(m, model))
            sent[i] = made[1]
            notices.extend(made[2])
            changes.extend(
                Change("replaced", n.where, None, "audio", n.text, 0, 0) for n in made[2]
            )
        return tuple(sent)

    def _expired_audio(
        self, out: tuple[Message, ...], changes: list[Change], notices: list[Notice]
    ) -> tuple[Message, ...]:
        """``out`` with each earlier spoken reply whose audio expired at the pricer's
        ``now`` its line, as priced, reported (``native.expired_reply``). The view made once
        is sent again on every refit (the same object: its price is memoised)."""
        expired, memo, now = self.pricer.expired, self._expired, self.pricer.now
        sent = list(out)
        for i, m in enumerate(out):
            if expired.get(id(m)) is not m or now is None:
                continue
            made = memo.get(id(m))
            if made is None or made[0] is not m:
                made = memo[id(m)] = (m, *expired_reply(m, now))
            sent[i] = made[1]
            notices.extend(made[2])
            changes.extend(
                Change("replaced", n.where, None, "audio", n.text, 0, 0) for n in made[2]
            )
        return tuple(sent)

    def _fit_repaired(
        self,
        msgs: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] | None,
        memory: tuple[Message, ...],
        notices: list[Notice],
    ) -> FitResult:
        early = self._fit_answered_first(msgs, tools, memory, notices)
        if early is not None:
            return early
        result = self._fit_once(msgs, tools, memory, list(notices))
        self._memory.shown = self._memory.index
        wire = self._repair_wire
        if (
            (
                not self._memory.sent_ok
                and (_ends_unanswered(result.messages) or problems_for(result.messages, wire))
            )
            or _system_media(result.messages)
            # units are checked one by one: a call id reused in another round is not seen there
            or self._memory.calls.reused(result.messages, self._runs)
        ):
            # A broken history (a dangling call, an orphan result) must not reach the wire:
            # repair it (reported, the input untouched) and fit again. Checking only what is
            # sent keeps the every-turn cost proportional to the kept set.
            mem = self._memory
            given = msgs is mem.gated  # (not a history with images swapped for the limits)
            repaired = mem.repairs(msgs, unchanged=mem.unrepaired_same if given else None)
            mem.unrepaired_same = len(msgs) if given else 0
            if self.pricer.forget_calls(*_replaced_parallel_turns(msgs, repaired)):
                mem.kept = KeptMemo()  # it holds the pre-repair fit's prices of those results
            notices.extend(_repaired_notices(repaired))
            if all(m.role == "system" for m in repaired.messages):
                raise ContentError("messages", _nothing_left(notices))
            if _calls_changed(msgs, repaired):  # (a reused id renumbered: RT26-17)
                # the calls of what is sent name its results, not the unrepaired list's
                self.pricer.name_results(repaired.messages, lambda wanted: ())
            grown = _answered_after(msgs, repaired) if mem.source is not None else None
            if grown is not None:
                # Only the newest calls answered (an agent's call fitted before its result is
                # in): the history's own index reads on from what it read, as the next fit's
                # will once the app answers them (``shown`` stays it). With an index of its
                # own, fed only at repairs, all read since the last repair was read again.
                return self._fit_once(grown, tools, memory, notices)
            result = self._fit_once(repaired.messages, tools, memory, notices, repaired=True)
            mem.shown = mem.repaired_index
            removed = _removed_by_repair(msgs, repaired, self.pricer, mem.index)
            if removed:  # a message repair took out is a drop, reported with its reason
                result = FitResult(result.messages, with_added(result.report, removed))
        return result

    def _fit_answered_first(
        self,
        msgs: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] | None,
        memory: tuple[Message, ...],
        notices: list[Notice],
    ) -> FitResult | None:
        """The fit of an app's dicts that end with an assistant's calls whose results are
        not all in yet (an agent fits its call before running it, and again as each result
        of its parallel calls comes in), made at once on the history with those calls
        answered as repair answers them; None: not such a history (or the fit raised),
        fitted as any other.

        Otherwise the history was fitted as it is first, only to find the dangling call in
        what it kept and then fit the repair: a second fit, its pins made again for a new
        unit at the end (~1 ms of a ~4 ms refit of a 2,000-dict agent at 32k). The result is
        the same: the repaired fit decides from the history and the cut it is given, and
        that first fit kept the call and the results in so far, the newest exchange after
        the request, so it found the call unanswered (``_ends_unanswered``) and repaired.
        The first of two parallel calls answered paid both fits too (~2.5 of a ~6 ms
        refit, speed130). A fit that raises is done again the old way, so the error is
        the first fit's."""
        mem = self._memory
        if mem.source is None or not _ends_with_open_calls(msgs):
            return None
        given = msgs is mem.gated  # (not a history with images swapped for the limits)
        repaired = mem.repairs(msgs, unchanged=mem.unrepaired_same if given else None)
        mem.unrepaired_same = len(msgs) if given else 0
        grown = _answered_after(msgs, repaired, fitted=False)
        if grown is None:
            return None
        decided = mem.decided()
        answered = [*notices, *_repaired_notices(repaired)]
        try:
            result = self._fit_once(grown, tools, memory, answered)
        except BudgetError:
            mem.restore(decided)
            return None
        notices[:] = answered
        mem.shown = mem.index
        return result

    def _pinning_options(self) -> FitOptions:
        """The options with the earlier requests' cap this window gives
        (``FitOptions.prior_cap``), made once per options object: the cap is the same every
        fit of this fitter (from the window, not the room a dry fit's memory leaves), so
        the index's requests are not classified anew fit after fit."""
        opts = self.options
        if self._pinning is not None and self._pinning[0] is opts:
            return self._pinning[1]
        cap = opts.prior_cap(self.window - self.reserved_output)
        pinning = (
            opts if cap == opts.prior_anchor_tokens else replace(opts, prior_anchor_tokens=cap)
        )
        self._pinning = (opts, pinning)
        return pinning

    def _fit_once(
        self,
        msgs: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] | None,
        memory: tuple[Message, ...],
        notices: list[Notice],
        repaired: bool = False,
    ) -> FitResult:
        """Budget → index → anchors → selection → drops → shedding → report. ``repaired``:
        ``msgs`` is the repair of the history (it has an index of its own)."""
        pricer, opts, model = self.pricer, self._pinning_options(), self.info.id
        known = self._roles
        system_msgs, body = _split_system(msgs, known[1] if known and known[0] is msgs else None)
        changes: list[Change] = []
        system_msgs = _without_blank_system(system_msgs, pricer, changes, notices)
        # the request opens with the first system message kept (the tools' namespace host)
        host = () if any(m.role == "system" for m in memory) else system_msgs
        budget = history_budget(
            model,
            self.window,
            self.reserved_output,
            pricer.tools(tools, opts.tool_choice, host),
            pricer.messages(memory).total if memory else 0,
            opts.min_history_tokens,
            pricer.output_format(opts.response_format),
            pricer.request_overhead
            + pricer.setting_prompts(opts.thinking, opts.settings or {}, with_tools=bool(tools)),
        )
        limit = budget.history
        index = self._memory.repaired_index if repaired else self._memory.index
        # (a fit done once of an app's dicts prices its plain turns from them: see release)
        index.plain_unread = self._memory.source is None and pricer.wire in (None, "openai")
        # (a Fitter's next fit reads again only the request texts it has not read before)
        index.fitted_again = index.requests_read.remember = self._memory.source is not None
        index.update(body, pricer, pin_cap=opts.prior_anchor_tokens, defer=True)
        # what this fit may tokenize: the new messages, at most a window of text (about 4
        # characters a token), so a first fit of a long history loads one vocabulary
        expect_counting(pricer.counter, min(sum(index.chars[index.shared :]), 4 * limit))
        # then the new requests are classified, a mid-length one judged by its exact count
        # (a count here, before the batch pricing, once built toktok besides the pure-Python
        # path's vocabulary when it outgrew that path: redteam23, +550 -> +1,050 ms; that
        # path now hands its vocabulary to the compiled tokenizer, read once)
        index.classify(counted=True)
        system_cost = sum(pricer.message(m).total for m in system_msgs)
        check_system_prompt_fits(model, system_cost, budget)

        anchor_pos = current_request_position(index)
        anchor = body[anchor_pos] if anchor_pos is not None else None
        # (a request carrying a file's text is not refused by its lower bound, nor counted
        # whole when that bound is over: its file is sent shortened, rescue_current_request)
        surely_over = anchor_pos is not None and system_cost + index.at_least(anchor_pos) > limit
        if anchor_pos is not None and not (
            opts.drop_current_attachments or opts.drop_current_images or _has_file_text(anchor)
        ):
            _refuse_if_surely_too_big(model, index.at_least(anchor_pos), system_cost, budget)
        counted = anchor_pos is not None and not surely_over
        anchor_cost = index.exact_cost(anchor_pos) if anchor_pos is not None and counted else 0
        rescued = surely_over or system_cost + anchor_cost > limit
        if rescued:
            anchor, anchor_cost = rescue_current_request(
                model, pricer, opts, anchor, system_cost, budget, changes, notices,
                earlier=bool(anchor_pos),
            )  # fmt: skip
        # (a cut kept for the prompt cache is placed among the pins: they are then needed)
        sticky = opts.hysteresis > 0 or self._memory.cut_id is not None
        regist: Regist | None = None
        gists_before: int | None = None
        if rescued or sticky or not _fits_whole(index, limit - system_cost):
            # (with no sticky cut, the newest run kept whatever is pinned is known: speed24)
            room = limit - system_cost - anchor_cost
            cap = gist_room(limit, self._gist_sample()) if opts.gists and index.opens else 0
            before = None
            if sticky and cap:  # (the gists of what the cut drops: made again once it is kept)
                before = gists_before = sticky_gists_before(
                    index, anchor_pos, self._memory.cut_id, room, opts, cap,
                    self._memory.gists_before_id,
                )  # fmt: skip
                mem_cut = self._memory.cut_id
                regist = partial(
                    _regist_gists, index, pricer, cap,
                    unit_at(index, mem_cut), self._memory.gist_spent,
                )  # fmt: skip
            pins = pin_anchors(
                index, pricer, anchor_pos, anchor, anchor_cost, opts,
                kept_room=None if sticky else room, gist_cap=cap, gist_before=before,
            )  # fmt: skip
        else:  # (everything is kept: the cut is reported at 0, not after pinned requests)
            pins = pin_anchors(
                index, pricer, anchor_pos, anchor, anchor_cost, opts, earlier_requests=False
            )
        if self._memory.source is None and regist is None:
            # (a fit done once has no next fit: what the pinning keeps for one goes once the
            # pins are made, unless the selection pins gists again; below, the other case)
            index.pin_tables = None
        chosen = select_units(
            index, pins, anchor_pos, system_cost, limit, opts, self._memory.cut_id,
            pricer, changes, notices, regist,
        )  # fmt: skip
        total = settle_lean_pins(
            index, pins, chosen.kept, chosen.yielded, chosen.total, limit,
            (pricer, opts.shrink_floor), changes, notices,
        )  # fmt: skip
        chosen = replace(chosen, total=total)
        self._remember_gists(index, chosen, gists_before)
        if self._memory.source is None:
            # (a fit done once has no next fit: what the pinning keeps for one goes before
            # the drops are reported, the told scan's counts of every sentence the user said
            # among it: 0.47x the dicts of a chat of 5,000 short requests, whose peak was
            # 1.55x them)
            index.pin_tables = None
        self._memory.cut_id = chosen.cut_id
        mem = self._memory
        drop_changes, drop_notices, dropped = report_drops(
            index,
            pricer,
            chosen.dropped,
            chosen.yielded,
            chosen.orphaned,
            mem.repaired_dropped if repaired else mem.dropped,
        )
        if repaired:
            mem.repaired_dropped = dropped
        else:
            mem.dropped = dropped
        # what comes after the drops in the report (the drops are in parts, see report_drops)
        before_changes, before_notices = tuple(changes), tuple(notices)
        changes, notices = [], []

        cut_at = chosen.cut_index  # every unit from the cut on is kept but the pinned
        below = bisect_left(chosen.kept, cut_at, key=_start)  # (the kept are in order)
        # (a fit that drops nothing sent no request only because it was pinned: reported as
        # the fit of a history that fits whole, which pins none; a refit that priced every
        # unit before takes that path where a one-shot fit of the same history pins)
        dropped_none = not (chosen.dropped or chosen.yielded or chosen.orphaned)
        # (a gist is pinned wherever it stands: an exchange inside the kept run that was
        # left out whole after the cut was placed, a result of it unsendable, leaves its
        # gist after the cut — it was reported as no pin: test_fit_invariants)
        pinned = () if dropped_none else _pinned_ids(chosen.kept, below)
        self._memory.sent_ok = index.units_ok(
            [index.unit_of(u.start) for u in chosen.kept[:below]], run_from=chosen.cut_unit
        )
        # A fit done once frees its tables before it makes what it returns, and reads the
        # plain turns it keeps only then: the Messages and the tables were in memory at
        # once (the index and the units ~1x the app's dicts, the Messages ~1x more)
        once = self._memory.source is None and chosen.total <= limit
        late = index.kept_unread(chosen.kept, pricer) if once else None
        kept_msgs = messages_of(chosen.kept) if late is None else []
        if once and (late is not None or not kept_msgs or kept_msgs[0].role == "user"):
            chosen = replace(chosen, kept=[])  # (no turn is put first: nothing is shed)
            index.release()
        if late is not None:
            kept_msgs = late.read()
        kept_msgs, total = open_with_user(pricer, kept_msgs, chosen.total, notices)
        if total > limit:
            kept_msgs, shed_total = shed(
                pricer, opts.shrink_floor, index.ago, kept_msgs, anchor,
                total - system_cost, limit - system_cost, changes, notices,
            )  # fmt: skip
            total = shed_total + system_cost
        if total > limit:
            _refuse_naming_a_file(pricer, kept_msgs, total, limit)
            tools_tokens = budget.tools_tokens
            raise BudgetError(
                too_big(
                    model,
                    total + tools_tokens,
                    limit + tools_tokens,
                    "current request, its latest tool exchange",
                ),
                needed=total,
                available=limit,
            )

        sending = (*system_msgs, *kept_msgs)
        out = _unreadable_images_left_out(
            pricer, sending, self._memory.kept.out, changes, notices, self._runs
        )
        if pricer.unheard:  # audio for a model that hears none (noted as it was priced)
            current = body[anchor_pos].id if anchor_pos is not None else None
            out = self._unheard_audio(out, current, changes, notices)
        if pricer.expired:  # spoken replies whose audio expired (noted as they were priced)
            out = self._expired_audio(out, changes, notices)
        if pricer.estimates:
            notices.extend(_estimated_media(pricer.estimates, out))
        if pricer.refused_files:  # files their own format takes only as text (review45)
            memo_refused = self._memory.refused if self._memory.source is not None else None
            notices.extend(_refused_files(out, memo_refused, self._runs))
        if pricer.as_text:  # another provider's blocks, sent as their text (R31-S1)
            notices.extend(replaced_notices(pricer.as_text, out, self._repair_wire))
        if not self._memory.sent_ok and self._repair_wire == "openai-responses":
            # a Responses tool item whose pair went with another exchange: sent as text
            notices.extend(unpaired_notices(out))
        # (a one-shot fit keeps nothing for a next fit: its "kept" Changes are made when read)
        memo = self._memory.kept if self._memory.source is not None else None
        prices = (
            [*map(pricer.message, system_msgs), *late.prices]
            if late is not None and out is sending
            else None
        )
        kept, text_tokens, image_tokens = kept_changes(pricer, out, memo, prices, self._runs)
        if image_tokens:  # images a provider refuses as they are, re-encoded (reported)
            each = (
                memo.images
                if memo is not None
                else [p.image for p in prices or map(pricer.message, out)]
            )
            sent = self._sendable.apply(pricer, out, each, changes, notices)
            if sent is not out:
                out = sent
                kept, text_tokens, image_tokens = kept_changes(pricer, out, memo, runs=self._runs)
        notices.extend(_unsendable_prefill(out, self.info))
        if tools and host and out[0] is not host[0]:  # the prompt sent changed: reprice
            budget = replace(budget, tools_tokens=pricer.tools(tools, opts.tool_choice, out[:1]))
        report = FitReport(
            model=self.model_name,
            window=budget.window,
            reserved_output=budget.reserved_output,
            tools_tokens=budget.tools_tokens,
            memory_tokens=budget.memory_tokens,
            overhead_tokens=budget.overhead_tokens,
            format_tokens=budget.format_tokens,
            budget=limit + budget.beside_history,
            used=text_tokens + image_tokens + budget.beside_history,
            text_tokens=text_tokens,
            image_tokens=image_tokens,
            kept=tuple(map(_message_id, out)),
            changes=Parts(before_changes, *drop_changes, changes, kept),
            notices=Parts(before_notices, *drop_notices, notices),
            cut_index=chosen.cut_index,
            estimated=self.info.estimated,
            pinned=pinned,
        )
        return FitResult(out, report)


# The whole-fit check (``_fits_whole``) prices at most this many units, the newest: a short
# conversation's first fit then needs no request classification (its patterns cost ~250 ms
# to compile, a fresh process's largest one-time load after the vocabulary). Older units
# count only if priced already (a refit of a history that fitted whole: their cached prices,
# summed at C speed); one never priced (dropped before, or a cold fit of a long history)
# leaves the decision to the pinning, which the selection needs then anyway.
_WHOLE_CHECK_UNITS = 256
#: A unit this short is priced even when it may overflow what is left: the price is
#: cheap, is kept for the next refit, and the selection would ask for it anyway (left
#: unpriced here, a refit priced an old request it had never needed to price before).
_PRICED_WHOLE_ANYWAY_CHARS = 16_384


def _pinned_ids(kept: list[Unit], below: int) -> tuple[str, ...]:
    """The ids of the kept units pinned: the requests and statements before the cut (the
    first ``below`` kept), and the gists wherever they stand. The units after the cut are
    read at C speed for a gist (a refit kept thousands of them: a Python pass over each)."""
    ids = [u.messages[0].id for u in kept[:below] if u.kind in ("prior", "said", "gist")]
    if "gist" in map(_kind, kept[below:]):
        ids += (u.messages[0].id for u in kept[below:] if u.kind == "gist")
    return tuple(ids)


def _regist_gists(
    index: HistoryIndex,
    pricer: Pricer,
    cap: int,
    stays: int | None,
    spent: int,
    pins: Pins,
    before: int,
    room: int,
) -> bool:
    """The gists pinned again below a sticky cut (``selection.Regist``): within their cap.
    False when the cut is last turn's (unit ``stays``) and the gists pinned below it then
    (``spent`` tokens) do not all fit ``room``: pinned within less, they are not the same."""
    pin_gists(index, pricer, pins, before, min(cap, room))
    return before != stays or room >= spent


def _fits_whole(index: HistoryIndex, room: int) -> bool:
    """Whether the whole history, each unit exactly priced, fits ``room`` tokens: the units
    before the newest ``_WHOLE_CHECK_UNITS`` by their known prices, then the newest read
    newest first, stopping at the first that overflows."""
    costs = index.unit_costs
    older = len(costs) - _WHOLE_CHECK_UNITS
    total = 0
    if older > 0:
        # (the oldest first: usually unpriced; then whether a message of them is unpriced,
        # at C speed over a byte a message: a refit of a long history that pins its first
        # request took the least of every older unit's cost, ~0.1 ms at 6,000 units)
        if costs[0] < 0 or index.priced.find(0, 0, index.starts[older]) >= 0:
            return False
        if min(costs[:older]) < 0:
            return False
        total = sum(costs[:older])
        if total > room:
            return False
    chars, end = index.chars, len(index.body)
    for k in range(len(costs) - 1, max(older, 0) - 1, -1):
        start, left = index.starts[k], room - total
        # (a unit that may not fit by its characters is left to the selection, which
        # decides on it by a bound or a partial count: a 3 MB paste is never tokenized)
        if not index.may_fit(k, left) or sum(chars[start:end]) > max(
            _COUNTED_WHOLE_CHARS_PER_TOKEN * left, _PRICED_WHOLE_ANYWAY_CHARS
        ):
            return False
        total += index.unit_cost(k, room)
        if total > room:
            return False
        end = start
    return True


def _unreadable_images_left_out(
    pricer: Pricer,
    out: tuple[Message, ...],
    sent_last: tuple[Message, ...],
    changes: list[Change],
    notices: list[Notice],
    runs: Runs = shared_runs,
) -> tuple[Message, ...]:
    """``out`` with every image whose own bytes are not a readable image (bad base64, text
    labelled image/png, a truncated file), or whose URL the provider cannot fetch (a
    ``file://`` URL, a bare path), replaced by a note, reported: every provider answers such
    an image with HTTP 400 for the whole request. Messages sent last time as
    they are were checked then (a refit looks at the new ones only)."""
    fixed: list[Message] | None = None
    for i in _new_positions(out, sent_last, runs):
        m = out[i]
        if not any(_unsendable(pricer, img) for img in m.images()):
            continue
        fixed = fixed if fixed is not None else list(out)
        fixed[i] = _readable(pricer, m, changes, notices)
    return out if fixed is None else tuple(fixed)


def _new_positions(
    now: Sequence[Message], last: Sequence[Message], runs: Runs = shared_runs
) -> Iterator[int]:
    """The positions of the messages of ``now`` that are not in ``last`` (see ``shared_runs``:
    a refit's output shares all but a few with the last one, found at C speed)."""
    return _uncovered(runs(now, last), len(now), 0)


def _uncovered(runs: list[tuple[int, int, int]], n: int, side: int) -> Iterator[int]:
    """The positions of the first (``side`` 0) or second (1) of two sequences of ``n``
    messages that none of ``runs`` (``shared_runs``) holds."""
    at = 0
    for run in runs:
        yield from range(at, run[side])
        at = run[side] + run[2]
    yield from range(at, n)


def _unsendable(pricer: Pricer, img: Image) -> str:
    """Why the provider refuses ``img`` as it is, as a person reads it ("" when it takes it)."""
    price = pricer.image(img)
    if price.unreadable:
        return f"its data is not a readable image ({price.unreadable})"
    return price.unfetchable


def _readable(pricer: Pricer, m: Message, changes: list[Change], notices: list[Notice]) -> Message:
    def note(img: Image, block: int) -> Image | Text:
        why = _unsendable(pricer, img)
        if not why:
            return img
        reason, sent = omitted(image_label(img), why, bool(pricer.image(img).unreadable))
        changes.append(
            Change("replaced", m.id, block, "image", reason, pricer.image(img).tokens, 0)
        )
        notices.append(Notice("replaced", m.id, reason))
        return sent

    return m.map_images(note)


def _system_media(kept: Sequence[Message]) -> bool:
    """Whether the leading system messages hold an image, a file or audio: no provider takes
    one there, and ``repair`` moves it to a user turn (the units' checks skip the system)."""
    for m in kept:
        if m.role != "system":
            return False
        if not set(map(type, m.content)).isdisjoint(SYSTEM_MEDIA):
            return True
    return False


def _without_blank_system(
    system_msgs: list[Message], pricer: Pricer, changes: list[Change], notices: list[Notice]
) -> list[Message]:
    """The system messages without the empty or whitespace-only ones (apps default the prompt
    to ""): every writer refuses a system message with no text, so one is left out, reported."""
    blank = [m for m in system_msgs if is_empty(m)]
    for m in blank:
        reason = "The system prompt was empty: left out (providers refuse an empty system message)."
        changes.append(Change("dropped", m.id, None, "message", reason, pricer.message(m).total, 0))
        notices.append(Notice("dropped", m.id, reason))
    return [m for m in system_msgs if not is_empty(m)] if blank else system_msgs


def _nothing_left(notices: Sequence[Notice]) -> str:
    """Why a history whose every message was unusable cannot be sent."""
    why = "; ".join(n.text for n in notices if n.kind in ("repaired", "dropped"))
    return "nothing left to send: no message of the conversation can be sent" + (
        f" ({why})" if why else ""
    )


#: Why repair takes a whole message out, by the kind of its change (see ``repair``).
_REPAIR_DROPS = {
    "orphan_result": "tool result with no matching call — providers reject it",
    "duplicate_result": "a second result for one tool call — providers take one result per call",
    "empty_message": "empty message — providers reject it",
    "unknown_role": "message with a role no provider takes",
}


def _replaced_parallel_turns(
    msgs: Sequence[Message], repaired: RepairResult
) -> tuple[list[Message], set[str]]:
    """The assistant turns of parallel calls that repair replaced (a reused call id
    renumbered), and those of their ids the repaired history calls alone: their results
    go plain, not as a parallel call's (``Pricer.forget_calls``). Empty unless repair
    changed such a turn (then the repaired history is looked through once)."""
    changed = {id(msgs[c.index]): msgs[c.index] for c in repaired.changes}.values()
    turns = [m for m in changed if m.role == "assistant" and _calls(m) > 1]
    if not turns:
        return [], set()
    kept = set(map(id, repaired.messages))
    turns = [m for m in turns if id(m) not in kept]
    alone = {
        b.id
        for m in repaired.messages
        if m.role == "assistant" and _calls(m) == 1
        for b in m.content
        if isinstance(b, ToolCall)
    }
    return turns, {b.id for m in turns for b in m.content if isinstance(b, ToolCall)} & alone


def _calls_changed(msgs: Sequence[Message], repaired: RepairResult) -> bool:
    """Whether repair changed an assistant turn with calls (then the repaired history is
    looked through once to name its results). A result made for a call that had none
    (``synthesized_result``) leaves the turn's calls as they were, named by the pricer as it
    priced them: an agent's history that ends with a call whose result is not in yet was
    looked through whole on every refit (~30 % of such a refit of 6,500 items, speed70)."""
    return any(
        c.kind != "synthesized_result"
        and msgs[c.index].role == "assistant"
        and _calls(msgs[c.index])
        for c in repaired.changes
    )


def _repaired_notices(repaired: RepairResult) -> Iterator[Notice]:
    return (
        Notice("repaired", c.message_id, f"Repaired before sending: {c.detail}.")
        for c in repaired.changes
    )


def _ends_with_open_calls(msgs: Sequence[Message]) -> bool:
    """Whether ``msgs`` is an app's OpenAI dicts read lazily that end with an assistant
    turn with calls and the results of some of them, one call at least not answered
    (``_ends_unanswered``; ``_answered_after`` takes only such a history)."""
    if type(msgs) is not LazyMessages or msgs.head or type(msgs.columns) is not DictColumns:
        return False
    # (what the index does with a splice or a new system prompt is told by these columns
    # only; dicts edited in place are read again from the first, ``unchanged``: an app that
    # shortened an old output in place, then appended its call, paid two fits, ~2.5 ms)
    if msgs.spliced or msgs.reprice or msgs.after_system:
        return False
    return _ends_unanswered(msgs)


def _ends_unanswered(out: Sequence[Message]) -> bool:
    """Whether ``out`` surely has a tool-pair problem every target refuses, seen from its
    end: its last assistant turn has a call that none of the tool messages after it answers
    (a dangling call) or that has no id. An agent fits its call before the result is in:
    ``problems_for`` read the whole output (~0.4 ms of a 2,000-dict refit) to find the
    call in its last message. False says nothing (the whole check decides)."""
    i = len(out)
    answered: set[str] = set()
    while i and out[i - 1].role == "tool":
        i -= 1
        answered.update(b.call_id for b in out[i].content if isinstance(b, ToolResult))
    if not i or out[i - 1].role != "assistant":
        return False
    return any(
        not isinstance(b.id, str) or not b.id or b.id not in answered
        for b in out[i - 1].content
        if isinstance(b, ToolCall)
    )


def _calls(m: Message) -> int:
    return sum(isinstance(b, ToolCall) for b in m.content)


def _answered_after(
    msgs: Sequence[Message], repaired: RepairResult, fitted: bool = True
) -> LazyMessages | None:
    """``repaired``'s history as ``msgs`` (an app's OpenAI dicts read lazily) with the
    results repair answered its newest calls with after them, when that is all it changed
    (None: not so). Nothing was taken out, so no message is reported dropped by it.
    ``fitted``: the history's index fitted ``msgs`` last (see ``with_appended``)."""
    if type(msgs) is not LazyMessages or msgs.head or type(msgs.columns) is not DictColumns:
        return None
    n, out = len(msgs), repaired.messages
    added = out[n:]
    if not added or len(repaired.changes) != len(added):
        return None
    if any(c.kind != "synthesized_result" for c in repaired.changes):
        return None
    made = msgs.columns.made[msgs.start : msgs.start + n]
    if not all(map(is_, out[:n], made)):  # (each read by the repair: its very Message)
        return None
    return msgs.with_appended(added, fitted)


def _removed_by_repair(
    msgs: Sequence[Message], repaired: RepairResult, pricer: Pricer, index: HistoryIndex
) -> tuple[Change, ...]:
    """A "dropped" Change for each message repair took out of the history (``index``:
    the history's, ``msgs`` without their system messages)."""
    first: dict[str, RepairChange] = {}  # each message's first change (they come in order)
    for c in repaired.changes:
        first.setdefault(c.message_id, c)
    kept = set(map(_message_id, repaired.messages))
    gone = [msgs[c.index] for mid, c in first.items() if mid not in kept]
    # a result taken out whose call the app took out is priced as a fresh fit prices it,
    # answering no call, not under the call the pricer remembers from an earlier history
    results = [m for m in gone if m.role != "assistant" and m.tool_results]
    if results:
        index.unname_orphans(pricer, results)
    return tuple(
        Change(
            "dropped", m.id, None, m.role, _REPAIR_DROPS.get(first[m.id].kind, first[m.id].detail),
            pricer.message(m).total, 0,
        )
        for m in gone
    )  # fmt: skip


def _refuse_naming_a_file(pricer: Pricer, kept: Sequence[Message], total: int, limit: int) -> None:
    """A file by reference priced at its bound in what must go is named, not a size
    (``FileBoundError``, a ``BudgetError``: prepare's dry fits still try with less room)."""
    what = "the current request and its latest tool exchange"
    for m in reversed(kept):
        found = file_at_bound(pricer, m, what)
        if found is not None:
            raise FileBoundError(*found, needed=total, available=limit)


def _has_file_text(m: Message | None) -> bool:
    """Whether ``m`` carries a file's text, which a request too big is sent shortened by
    (``rescue_current_request``): it is not refused by its lower bound."""
    return m is not None and any(kind == "file" for *_, kind in message_texts(m))


def _refuse_if_surely_too_big(model: str, at_least: int, system_cost: int, budget: Budget) -> None:
    """A current request that cannot fit by its lower bound alone is refused before it is
    tokenized: a 50 MB paste is refused in microseconds, not after counting all of it."""
    needed, limit, tools = system_cost + at_least, budget.history, budget.tools_tokens
    if needed > limit:
        raise BudgetError(
            too_big(model, needed + tools, limit + tools, "current request", at_least=True),
            needed=needed,
            available=limit,
        )


def _estimate_notice(info: ModelInfo, window: int) -> Notice:
    return Notice(
        "estimated",
        info.id,
        f"{info.id} is not in the model catalog: it was fitted into the {window:,}-token window "
        f"you gave, with {info.provider} defaults for prices (estimates, on the high side).",
    )


def _estimated_media(
    estimates: Mapping[FileAttachment | Audio | ProviderContent, MediaCost],
    out: Sequence[Message],
) -> list[Notice]:
    """A notice for each file, audio clip or provider-only block sent whose price is an
    upper bound, not the bill."""
    notices = []
    for m in out:
        for b in _leaves(m):
            if (
                not isinstance(b, FileAttachment | Audio | ProviderContent)
                or (cost := estimates.get(b)) is None
            ):
                continue
            what = (
                f"'{b.name}'"
                if isinstance(b, FileAttachment)
                else f"the {b.format} audio"
                if isinstance(b, Audio)
                else f"the {b.provider} {b.kind} block"
            )
            text = f"{what} is priced at {cost.tokens:,} tokens, an estimate on the high side"
            notices.append(Notice("estimated", m.id, f"{text}: {cost.note}."))
    return notices


@dataclass(slots=True, eq=False, repr=False)
class _RefusedMemo:
    """The last output ``_refused_files`` read, and its notices, message by message."""

    out: tuple[Message, ...] = ()
    each: list[tuple[Notice, ...]] = field(default_factory=list)


def _refused_files(
    out: Sequence[Message], memo: _RefusedMemo | None = None, runs: Runs = shared_runs
) -> list[Notice]:
    """A notice for each file sent that its own format refused as a file (a CSV or a Word
    document in a Chat ``file`` part): it went as that format takes it, its text or a line.
    With ``memo`` (a Fitter's), the runs of messages sent last time too (the very objects:
    a message's notices are its own, made from it alone) copy their notices: reading every
    kept message's blocks was ~0.1-0.3 ms of each refit once one such file was priced."""
    if memo is None:
        return [notice for m in out for notice in _refused_in(m)]
    each: list[tuple[Notice, ...]] = []
    at = 0
    for i, j, run in (*runs(out, memo.out), (len(out), 0, 0)):
        each.extend(map(_refused_in, out[at:i]))  # (the messages not sent last time)
        each += memo.each[j : j + run]
        at = i + run
    memo.out, memo.each = tuple(out), each
    return list(chain.from_iterable(each))


def _refused_in(m: Message) -> tuple[Notice, ...]:
    return tuple(unsent_file_notice(f, f.refused_in, m.id) for f in refused_files(m))


def _leaves(m: Message) -> Iterator[Block]:
    """A message's blocks, a tool result's own (a file the tool returned) in its place."""
    for b in m.content:
        yield from b.content if isinstance(b, ToolResult) else (b,)


def _with_system_prompt(
    msgs: Sequence[Message], system: SystemPrompt, notices: list[Notice]
) -> tuple[Message, ...]:
    """``system=`` replaces any system message in the history, reported."""
    notices.extend(
        Notice(
            "replaced", m.id, "A system message in the history was replaced by the system= prompt."
        )
        for m in msgs
        if m.role == "system"
    )
    prompt = Message("system", system_blocks(system), id="system")  # (Anthropic's blocks too)
    return (prompt, *(m for m in msgs if m.role != "system"))


def fit(
    messages: MessagesLike,
    model: str | ModelInfo,
    *,
    window: int | None = None,
    max_output_tokens: int | None = None,
    tools: Sequence[Mapping[str, Any]] | None = None,
    system: SystemPrompt | None = None,
    memory: Sequence[Message] | None = None,
    catalog: Catalog | None = None,
    image_family: str | None = None,
    target: str | None = None,
    now: float | None = None,
    **options: Any,
) -> FitResult:
    """Fit ``messages`` (ours or OpenAI / Anthropic / Gemini dicts) into ``model``'s window.

    Returns the messages to send and a report of every block kept, shrunk, dropped or
    replaced. The input is never mutated. Raises ``BudgetError`` when the current request
    (with the system prompt and tools) cannot fit, or when the reservations leave no room,
    and ``UnknownModelError`` for a model id the catalog cannot resolve unless ``window`` is
    given (then prices are the provider's conservative defaults, or ``image_family``'s for
    images, and the report is marked ``estimated``).

    ``target`` names the wire format the result will be translated to (``"anthropic"``,
    ``"openai"``, …): the report then prices exactly what ``translate(result.messages,
    target)`` sends. Without it, the fit prices the most any format's writer adds, so
    ``used`` is never below what is sent, and repairs the history for the model's own
    format (the one ``prepare`` sends): for an OpenAI model a call whose arguments are not
    JSON is kept, as the OpenAI APIs take it; Anthropic and Gemini refuse it, so a fit for
    their models (or for ``target="anthropic"``) removes it, reported. ``now``: the moment
    the request is made (see ``Fitter.fit``); ``translate(result.messages, …)`` writes at it.

    >>> res = fit([{"role": "user", "content": "hello"}], "gpt-4o")
    >>> [m.text for m in res.messages], res.report.used
    (['hello'], 8)
    """
    fitter = Fitter(
        model,
        window=window,
        max_output_tokens=max_output_tokens,
        catalog=catalog,
        options=FitOptions(**options),
        image_family=image_family,
        target=target,
    )
    fitter._memory.source = None  # fitted once: nothing to remember for a refit
    return fitter.fit(messages, tools=tools, system=system, memory=memory, now=now)


def _unsendable_prefill(out: Sequence[Message], info: ModelInfo) -> list[Notice]:
    """A fit is a view, so one that ends on an assistant turn for a model that refuses a
    prefill (Claude 4.6 and later) is kept, said: ``prepare`` and ``translate`` refuse
    to send it (RT25-12: the fit was silent and translate refused later)."""
    problem = prefill_problem(out, info)
    if problem is None:
        return []
    last = out[-1].id or problem[0]
    return [
        Notice(
            "prefill",
            last,
            f"{problem[1]}. Kept in this view; prepare and translate refuse to send it.",
        )
    ]

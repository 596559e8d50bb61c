"""Fit a conversation into a model's window: reservations, anchors, atomic tool exchanges,
shedding, and a report of every drop.

Rules, in order (each is a test):

1. **Budget.** window − reserved output − request framing − tool schemas − memory context.
   The system prompt is priced inside the messages and is never dropped.
2. **Atomic groups.** An assistant message with tool calls and all its tool results are one
   unit, kept or dropped whole.
3. **Anchors.** The newest user request is kept verbatim, always. Up to ``prior_anchors``
   earlier requests are pinned too, within ``prior_anchor_tokens`` in total; a request too
   big for the cap is skipped (not a stop, unlike the seed), so one pasted log cannot evict
   an older, short goal. Recaps (compaction summaries) are pinned the same way.
4. **Selection.** Newest groups first, as a contiguous run back from the end; the newest
   group is always kept. Then pinned prior requests yield, oldest first; then recaps.
5. **Shedding.** Shrink the biggest text units to head + tail with a visible marker, never
   below ``shrink_floor`` tokens; then replace images from older turns, costliest first,
   with a visible placeholder; then replace attached file bodies.
6. **The current request is sacred.** It is kept verbatim or ``BudgetError`` says plainly
   that it cannot fit. Only by explicit option may its attached file bodies go
   (``drop_current_attachments=True``, the seed's last resort) or its images
   (``drop_current_images=True``); each drop is reported.

The report's ``used`` is exactly ``Pricer.messages(result.messages)``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any, Literal

from .catalog import Catalog, ModelInfo, lookup_model
from .errors import BudgetError
from .gate import OnImages, accepts_images, vision_gate
from .model import (
    Block,
    FileAttachment,
    Image,
    Message,
    MessagesLike,
    Recap,
    Text,
    ToolCall,
    ToolResult,
    with_ids,
)
from .pricing.messages import REQUEST_OVERHEAD, Pricer
from .providers import read_messages
from .repair import repair
from .report import Notice
from .validate import arguments_problem, is_empty, tool_pair_problems

SEED_PRIOR_ANCHOR_BYTES = 4096
DEFAULT_PRIOR_ANCHOR_TOKENS = SEED_PRIOR_ANCHOR_BYTES // 4  # the seed's bytes, at 4 bytes a token
MIN_HISTORY_TOKENS = 128  # the seed's 512 bytes
DEFAULT_OUTPUT_CAP = 4096

Action = Literal["kept", "shrunk", "dropped", "replaced"]
UnitKind = Literal["message", "exchange", "anchor", "prior", "recap", "system"]


@dataclass(frozen=True, slots=True)
class Change:
    """One thing the fit did to a message or block, with tokens before and after."""

    action: Action
    message_id: str
    block: int | None
    what: str
    reason: str
    tokens_before: int
    tokens_after: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "message_id": self.message_id,
            "block": self.block,
            "what": self.what,
            "reason": self.reason,
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
        }


@dataclass(frozen=True, slots=True)
class FitReport:
    """What the fit decided. ``used`` is the exact price of the messages returned."""

    model: str
    window: int
    reserved_output: int
    tools_tokens: int
    memory_tokens: int
    overhead_tokens: int
    budget: int
    used: int
    text_tokens: int
    image_tokens: int
    kept: tuple[str, ...]
    changes: tuple[Change, ...]
    notices: tuple[Notice, ...]
    cut_index: int = 0

    @property
    def shrunk(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.action == "shrunk")

    @property
    def dropped(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.action in ("dropped", "replaced"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "window": self.window,
            "reserved_output": self.reserved_output,
            "tools_tokens": self.tools_tokens,
            "memory_tokens": self.memory_tokens,
            "overhead_tokens": self.overhead_tokens,
            "budget": self.budget,
            "used": self.used,
            "text_tokens": self.text_tokens,
            "image_tokens": self.image_tokens,
            "kept": list(self.kept),
            "shrunk": [c.to_dict() for c in self.shrunk],
            "dropped": [c.to_dict() for c in self.dropped],
            "notices": [n.text for n in self.notices],
        }


@dataclass(frozen=True, slots=True)
class FitResult:
    messages: tuple[Message, ...]
    report: FitReport


@dataclass(frozen=True, slots=True)
class FitOptions:
    """Knobs with the seed's defaults (see the module docstring)."""

    prior_anchors: int = 2
    prior_anchor_tokens: int = DEFAULT_PRIOR_ANCHOR_TOKENS
    min_history_tokens: int = MIN_HISTORY_TOKENS
    shrink_floor: int = 48
    drop_current_images: bool = False
    drop_current_attachments: bool = False
    on_images: OnImages = "error"
    min_cut_index: int = 0
    hysteresis: float = 0.0
    extra: Mapping[str, Any] = field(default_factory=dict)


def default_output_reserve(info: ModelInfo, window: int) -> int:
    """The seed's rule: min(cap, max(256, window // 4)), cap = min(4096, the model's max output)."""
    cap = (
        min(DEFAULT_OUTPUT_CAP, info.max_output_tokens)
        if info.max_output_tokens
        else DEFAULT_OUTPUT_CAP
    )
    return min(cap, max(256, window // 4))


# ----------------------------------------------------------------------------- units


@dataclass(slots=True, eq=False)
class _Unit:
    """A run of messages kept or dropped together: one message, or a tool exchange."""

    start: int
    messages: list[Message]
    cost: int
    kind: UnitKind


_message_id = attrgetter("id")


def _unit_ok(body: Sequence[Message], i: int, j: int) -> bool:
    """The validator's rules for one unit, inlined: this runs once per new message."""
    first = body[i]
    kinds = set(map(type, first.content))
    if first.role == "tool" or not kinds or (kinds == {Text} and is_empty(first)):
        return False
    if j - i == 1 and first.role != "assistant":
        return ToolCall not in kinds and ToolResult not in kinds  # the common case
    calls = [b for b in first.content if isinstance(b, ToolCall)]
    if first.role != "assistant" and (calls or ToolResult in kinds):
        return False
    answers: list[str] = []
    for m in body[i + 1 : j]:
        for b in m.content:
            if not isinstance(b, ToolResult):
                return False
            answers.append(b.call_id)
    ids = [c.id for c in calls]
    return (
        all(ids)
        and len(set(ids)) == len(ids)
        and sorted(ids) == sorted(answers)
        and all(arguments_problem(c) is None for c in calls)
    )


def _opens_exchange(m: Message) -> bool:
    return m.role == "assistant" and ToolCall in map(type, m.content)


class _Index:
    """Per-message costs and unit boundaries of the last history fitted, reused on refit.

    Messages are immutable, so a message that is the same object as last time has the same
    price and the same place in its unit: refitting after an append touches only the tail.
    """

    def __init__(self) -> None:
        self.body: list[Message] = []
        self.costs: list[int] = []
        self.starts: list[int] = []  # first index of each unit
        self.requests_before: list[int] = [0]  # requests among body[:i]
        self.recaps: list[int] = []  # positions of recap messages
        self.images: list[int] = []  # positions of messages holding images
        self.shared = 0  # how many leading messages the last update kept unchanged
        self.kinds: list[UnitKind] = []  # per unit: "message", "exchange" or "recap"
        self.unit_costs: list[int] = []  # per unit: the tokens of its messages
        self.unit_ok: list[bool] = []  # per unit: a valid exchange or a valid message

    def update(self, body: Sequence[Message], pricer: Pricer) -> None:
        prefix = 0
        limit = min(len(body), len(self.body))
        while prefix < limit and body[prefix] is self.body[prefix]:
            prefix += 1
        self.shared = prefix
        # Re-group from the start of the last unit that began inside the shared prefix:
        # new tool messages may extend it.
        keep_units = bisect_left(self.starts, prefix)
        if keep_units and prefix < len(body):
            keep_units -= 1
        regroup = self.starts[keep_units] if keep_units < len(self.starts) else prefix
        regroup = min(regroup, prefix)
        del self.starts[keep_units:]
        self.body = list(body)
        del self.costs[prefix:]
        pricer.prime(body[prefix:])
        self.costs.extend(pricer.message(m).total for m in body[prefix:])
        del self.requests_before[prefix + 1 :]
        self.recaps = [i for i in self.recaps if i < prefix]
        self.images = [i for i in self.images if i < prefix]
        requests = self.requests_before
        for i in range(prefix, len(body)):
            m = body[i]
            kinds = set(map(type, m.content))
            recap = Recap in kinds
            requests.append(requests[-1] + (1 if m.role == "user" and not recap else 0))
            if recap:
                self.recaps.append(i)
            if Image in kinds or (
                ToolResult in kinds
                and any(
                    isinstance(b, ToolResult) and Image in map(type, b.content) for b in m.content
                )
            ):
                self.images.append(i)
        i = regroup
        n = len(body)
        del self.kinds[len(self.starts) :]
        del self.unit_costs[len(self.starts) :]
        del self.unit_ok[len(self.starts) :]
        while i < n:
            self.starts.append(i)
            j = i + 1
            exchange = _opens_exchange(body[i])
            if exchange or body[i].role == "tool":
                # A tool message whose call was not just before (invalid input that repair()
                # fixes) is grouped with its neighbours so it is never sent alone.
                while j < n and body[j].role == "tool":
                    j += 1
            kind: UnitKind = "exchange" if exchange or j - i > 1 else "message"
            self.kinds.append("recap" if body[i].is_recap else kind)
            self.unit_costs.append(sum(self.costs[i:j]))
            # A unit checked once, when it arrives: refits need not re-validate what is sent.
            self.unit_ok.append(_unit_ok(body, i, j))
            i = j

    def end(self, k: int) -> int:
        return self.starts[k + 1] if k + 1 < len(self.starts) else len(self.body)

    def turns_after(self, i: int) -> int:
        return self.requests_before[-1] - self.requests_before[i + 1]


def _is_request(m: Message) -> bool:
    return m.role == "user" and not m.is_recap


# ----------------------------------------------------------------------------- fitting


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
    ) -> None:
        self.info = lookup_model(model, catalog)
        self.catalog = catalog
        self.window = window or self.info.context_window
        self.reserved_output = (
            max_output_tokens
            if max_output_tokens is not None
            else default_output_reserve(self.info, self.window)
        )
        self.options = options or FitOptions()
        self.pricer = pricer or Pricer.for_model(self.info, catalog)
        self._index = _Index()
        self._positions: dict[str, int] | None = None
        self._drop_state: tuple[list[int], list[Change]] = ([], [])
        self._cut_id: str | None = None

    def position(self, message_id: str) -> int | None:
        """Where a message sits in the last history fitted (None: not there)."""
        if self._positions is None:
            self._positions = {m.id: i for i, m in enumerate(self._index.body)}
        return self._positions.get(message_id)

    def ago(self, message_id: str, position: int | None = None) -> str:
        """'from 3 turns ago': how many user requests came after the message."""
        pos = position if position is not None else self.position(message_id)
        n = self._index.turns_after(pos) if pos is not None else 0
        return (
            "from the current turn"
            if n == 0
            else ("from 1 turn ago" if n == 1 else f"from {n} turns ago")
        )

    def fit(
        self,
        messages: MessagesLike,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        system: str | None = None,
        memory: Sequence[Message] | None = None,
    ) -> FitResult:
        msgs = read_messages(messages) if messages else ()
        notices: list[Notice] = []
        if not all(map(_message_id, msgs)):
            # The report and its notices name messages by id: give id-less ones their position.
            msgs = with_ids(msgs)
        if system is not None:
            replaced = [m for m in msgs if m.role == "system"]
            notices.extend(
                Notice(
                    "replaced",
                    m.id,
                    "A system message in the history was replaced by the system= prompt.",
                )
                for m in replaced
            )
            msgs = (Message.system(system, id="system"), *(m for m in msgs if m.role != "system"))
        gate_changes: tuple[Change, ...] = ()
        if not accepts_images(self.info, self.catalog)[0]:
            gated = vision_gate(
                msgs, self.info, on_images=self.options.on_images, catalog=self.catalog
            )
            msgs = gated.messages
            notices.extend(gated.notices)
            gate_changes = tuple(
                Change("replaced", n.where, None, "image", n.text, 0, 0) for n in gated.notices
            )
        result = self._fit_checked(msgs, tools, memory, notices)
        if gate_changes:  # the gate's replacements belong in the report's changes too
            report = replace(result.report, changes=gate_changes + result.report.changes)
            result = FitResult(result.messages, report)
        return result

    def _fit_checked(
        self,
        msgs: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] | None,
        memory: Sequence[Message] | None,
        notices: list[Notice],
    ) -> FitResult:
        result = _fit(self, tuple(msgs), tools, tuple(memory or ()), list(notices))
        if not all(self._index.unit_ok) and tool_pair_problems(result.messages):
            # A broken history (a dangling call, an orphan result) must not reach the wire:
            # repair it (reported, the input untouched) and fit again. Checking only what is
            # sent keeps the every-turn cost proportional to the kept set.
            repaired = repair(msgs)
            notices.extend(
                Notice("repaired", c.message_id, f"Repaired before sending: {c.detail}.")
                for c in repaired.changes
            )
            result = _fit(self, repaired.messages, tools, tuple(memory or ()), notices)
        return result


def fit(
    messages: MessagesLike,
    model: str | ModelInfo,
    *,
    window: int | None = None,
    max_output_tokens: int | None = None,
    tools: Sequence[Mapping[str, Any]] | None = None,
    system: str | None = None,
    memory: Sequence[Message] | None = None,
    catalog: Catalog | None = None,
    **options: Any,
) -> FitResult:
    """Fit ``messages`` (ours or OpenAI / Anthropic / Gemini dicts) into ``model``'s window.

    Returns the messages to send and a report of every block kept, shrunk, dropped or
    replaced. The input is never mutated. Raises ``BudgetError`` when the current request
    (with the system prompt and tools) cannot fit, or when the reservations leave no room.

    >>> res = fit([{"role": "user", "content": "hello"}], "gpt-4o")
    >>> [m.text for m in res.messages], res.report.used
    (['hello'], 4)
    """
    fitter = Fitter(
        model,
        window=window,
        max_output_tokens=max_output_tokens,
        catalog=catalog,
        options=FitOptions(**options),
    )
    return fitter.fit(messages, tools=tools, system=system, memory=memory)


def _fit(
    fitter: Fitter,
    msgs: tuple[Message, ...],
    tools: Sequence[Mapping[str, Any]] | None,
    memory: tuple[Message, ...],
    notices: list[Notice],
) -> FitResult:
    pricer, opts, info = fitter.pricer, fitter.options, fitter.info
    tools_tokens = pricer.tools(tools)
    memory_tokens = pricer.messages(memory).total if memory else 0
    budget = (
        fitter.window - fitter.reserved_output - REQUEST_OVERHEAD - tools_tokens - memory_tokens
    )
    if budget < opts.min_history_tokens:
        parts = {
            "reserved output (max_output_tokens)": fitter.reserved_output,
            "tool schemas (tools)": tools_tokens,
            "memory context (memory)": memory_tokens,
        }
        biggest = max(parts, key=lambda k: parts[k])
        raise BudgetError(
            f"{info.id}'s window of {fitter.window:,} tokens leaves {max(budget, 0):,} for the conversation "
            f"after reserving {fitter.reserved_output:,} for output, {tools_tokens:,} for tool schemas and "
            f"{memory_tokens:,} for memory; at least {opts.min_history_tokens:,} are needed. "
            f"Shrink the {biggest} ({parts[biggest]:,} tokens).",
            needed=opts.min_history_tokens,
            available=budget,
        )

    system_msgs = [m for m in msgs if m.role == "system"]
    body = [m for m in msgs if m.role != "system"]
    index = fitter._index
    index.update(body, pricer)
    fitter._positions = None
    costs, starts = index.costs, index.starts
    system_cost = sum(pricer.message(m).total for m in system_msgs)

    anchor_pos = next((k for k in range(len(body) - 1, -1, -1) if _is_request(body[k])), None)
    changes: list[Change] = []

    # The current request (with system prompt and tool schemas) must fit on its own.
    anchor = body[anchor_pos] if anchor_pos is not None else None
    anchor_cost = costs[anchor_pos] if anchor_pos is not None else 0
    if system_cost > budget:
        raise BudgetError(
            f"The system prompt needs {system_cost:,} tokens; {info.id} leaves {budget:,} for the "
            f"conversation after reserving output and tool schemas. Shorten the system prompt or "
            "use a larger-context model.",
            needed=system_cost,
            available=budget,
        )
    if system_cost + anchor_cost > budget:
        anchor, anchor_cost = _rescue_anchor(
            fitter, anchor, system_cost, budget, tools_tokens, changes, notices
        )

    def unit(k: int, kind: UnitKind | None = None) -> _Unit:
        start, end = starts[k], index.end(k)
        return _Unit(start, body[start:end], index.unit_costs[k], kind or index.kinds[k])

    # Pinned units: the anchor, up to N prior requests within their cap, and recaps.
    pinned: list[_Unit] = []
    pinned_units: set[int] = set()
    anchor_unit = bisect_left(starts, anchor_pos) if anchor_pos is not None else None
    if anchor_unit is not None and anchor is not None:
        pinned.append(_Unit(starts[anchor_unit], [anchor], anchor_cost, "anchor"))
        pinned_units.add(anchor_unit)
        spent = 0
        found = 0
        for k in range(anchor_unit - 1, -1, -1):
            if found >= opts.prior_anchors:
                break
            m = body[starts[k]]
            if index.end(k) - starts[k] != 1 or not _is_request(m):
                continue
            if spent + costs[starts[k]] > opts.prior_anchor_tokens:
                continue
            pinned.append(unit(k, "prior"))
            pinned_units.add(k)
            spent += costs[starts[k]]
            found += 1
    for pos in index.recaps:
        k = bisect_left(starts, pos)
        if k not in pinned_units:
            pinned.append(unit(k, "recap"))
            pinned_units.add(k)
    total = system_cost + sum(u.cost for u in pinned)

    # Newest units first, as a contiguous run back from the end; the newest is always kept.
    kept_free: list[_Unit] = []

    def take(start_k: int, total: int, first: bool) -> tuple[int, int]:
        """Extend the run backwards from unit ``start_k``; returns (cut unit, total)."""
        cut = start_k + 1
        for k in range(start_k, -1, -1):
            if k in pinned_units:
                continue
            u = unit(k)
            must = first and (anchor_pos is None or u.start > anchor_pos)
            first = False
            if starts[k] < opts.min_cut_index or (not must and total + u.cost > budget):
                break
            kept_free.append(u)
            total += u.cost
            cut = k
        return cut, total

    cut_unit, total = take(len(starts) - 1, total, True)

    # Pinned prior requests yield, oldest first; then recaps. What they free lets the run
    # of recent messages grow back.
    yielded: list[_Unit] = []
    for kind in ("prior", "recap"):
        for u in sorted((u for u in pinned if u.kind == kind), key=lambda u: u.start):
            if total <= budget:
                break
            pinned.remove(u)
            yielded.append(u)
            total -= u.cost
    if yielded and cut_unit > 0:
        cut_unit, total = take(cut_unit - 1, total, not kept_free)
    if opts.hysteresis > 0:
        cut_unit, total = _sticky_cut(
            fitter, body, kept_free, cut_unit, pinned_units, total, budget
        )
    dropped_units = [k for k in range(cut_unit) if k not in pinned_units]

    _report_drops(fitter, body, dropped_units, yielded, changes, notices)

    kept_units = sorted([*pinned, *kept_free], key=lambda u: u.start)
    kept_msgs: list[Message] = [m for u in kept_units for m in u.messages]
    cut_index = starts[cut_unit] if cut_unit < len(starts) else len(body)

    if total > budget:
        kept_msgs, total = _shed(
            fitter, kept_msgs, anchor, total - system_cost, budget - system_cost, changes, notices
        )
        total += system_cost
    if total > budget:
        raise BudgetError(
            _too_big(
                info.id,
                total + tools_tokens,
                budget + tools_tokens,
                "current request, its latest tool exchange",
            ),
            needed=total,
            available=budget,
        )

    out = (*system_msgs, *kept_msgs)
    text_tokens = image_tokens = 0
    for m in out:
        price = pricer.message(m)
        text_tokens, image_tokens = text_tokens + price.text, image_tokens + price.image
        changes.append(Change("kept", m.id, None, m.role, "kept", price.total, price.total))
    report = FitReport(
        model=info.id,
        window=fitter.window,
        reserved_output=fitter.reserved_output,
        tools_tokens=tools_tokens,
        memory_tokens=memory_tokens,
        overhead_tokens=REQUEST_OVERHEAD,
        budget=budget,
        used=text_tokens + image_tokens,
        text_tokens=text_tokens,
        image_tokens=image_tokens,
        kept=tuple(m.id for m in out),
        changes=tuple(changes),
        notices=tuple(notices),
        cut_index=cut_index,
    )
    return FitResult(out, report)


def _sticky_cut(
    fitter: Fitter,
    body: Sequence[Message],
    kept_free: list[_Unit],
    natural_cut: int,
    pinned_units: set[int],
    total: int,
    budget: int,
) -> tuple[int, int]:
    """Prompt-cache-friendly cut: keep last turn's cut while it fits; when it must move,
    move it far enough to leave ``hysteresis`` of the budget free, so the next turns share
    the same prefix. Returns the cut unit and the new total; trims ``kept_free``."""
    index, opts = fitter._index, fitter.options
    starts = index.starts
    first_free = next((k for k in range(len(starts)) if k not in pinned_units), len(starts))
    if not kept_free or natural_cut <= first_free:
        chosen = natural_cut  # everything fits: nothing to cut
    else:
        prev = fitter.position(fitter._cut_id) if fitter._cut_id else None
        prev_k = bisect_left(starts, prev) if prev is not None else None
        if (
            prev_k is not None
            and prev_k < len(starts)
            and starts[prev_k] == prev
            and prev_k >= natural_cut
        ):
            chosen = prev_k
        else:
            kept_cost = sum(u.cost for u in kept_free)
            target = (1 - opts.hysteresis) * (budget - (total - kept_cost))
            acc = 0
            chosen = bisect_left(starts, kept_free[0].start)
            for n, u in enumerate(kept_free):  # newest first
                if n > 0 and acc + u.cost > target:
                    break
                acc += u.cost
                chosen = bisect_left(starts, u.start)
            chosen = max(chosen, natural_cut)
    while kept_free and bisect_left(starts, kept_free[-1].start) < chosen:
        total -= kept_free.pop().cost
    fitter._cut_id = body[starts[chosen]].id if chosen < len(starts) else None
    return chosen, total


def _too_big(model: str, needed: int, available: int, what: str) -> str:
    return (
        f"The {what} and tool schemas need {needed:,} tokens; {model} leaves {available:,} after "
        "reserving output. Use a larger-context model or shorten the request."
    )


def _rescue_anchor(
    fitter: Fitter,
    anchor: Message | None,
    system_cost: int,
    budget: int,
    tools_tokens: int,
    changes: list[Change],
    notices: list[Notice],
) -> tuple[Message | None, int]:
    """The current request does not fit. Only by explicit option may its attached file
    bodies (``drop_current_attachments``) or images (``drop_current_images``) go."""
    pricer = fitter.pricer
    needed = system_cost + (pricer.message(anchor).total if anchor else 0)
    if anchor is not None:
        # By option only, and largest first within each kind: file bodies (the seed's last
        # resort), then images; one block at a time until the request fits.
        def droppable(kind: type[Block]) -> list[int]:
            blocks = anchor.content if anchor is not None else ()
            found = [j for j, b in enumerate(blocks) if isinstance(b, kind)]
            return sorted(found, key=lambda j: -sum(pricer.block(blocks[j])))

        steps: list[int] = []
        if fitter.options.drop_current_attachments:
            steps += droppable(FileAttachment)
        if fitter.options.drop_current_images:
            steps += droppable(Image)
        for j in steps:
            block = anchor.content[j]
            if isinstance(block, FileAttachment):
                what = f"file '{block.name}'"
                text = f"[file '{block.name}' omitted to fit the context window]"
                reason = "attached file body dropped to fit the context window"
                notice = f"The model will not see the body of file '{block.name}'"
            else:
                assert isinstance(block, Image)
                what = f"image {_label(pricer, block)}"
                text = f"[{what} omitted to fit the context window]"
                reason = "current-request image dropped by option"
                notice = f"The model will not see {what}"
            anchor = _placeholder(
                pricer, changes, notices, anchor, (j,), sum(pricer.block(block)),
                what=what, text=text, reason=reason,
                notice=f"{notice} in your current message: it did not fit the context window.",
            )  # fmt: skip
            cost = pricer.message(anchor).total
            if system_cost + cost <= budget:
                return anchor, cost
        needed = system_cost + pricer.message(anchor).total
    raise BudgetError(
        _too_big(fitter.info.id, needed + tools_tokens, budget + tools_tokens, "current request"),
        needed=needed,
        available=budget,
    )


def _label(pricer: Pricer, img: Image) -> str:
    price = pricer.image(img)
    return img.describe(*(price.shown or (price.width, price.height)))


_DROP_REASONS = {
    "exchange": "older tool exchange dropped whole to fit the context window",
    "message": "older message dropped to fit the context window",
    "recap": "recap dropped to fit the context window",
    "prior": "earlier request yielded to fit the context window",
}


def _report_drops(
    fitter: Fitter,
    body: Sequence[Message],
    dropped_units: list[int],
    yielded: list[_Unit],
    changes: list[Change],
    notices: list[Notice],
) -> None:
    """One Change per dropped message. The old units that dropped last turn drop again,
    so their Changes are reused: a refit reports only what is new at C speed."""
    index = fitter._index
    starts = index.starts
    prev_units, prev_changes = fitter._drop_state
    reuse = 0
    if prev_units and len(prev_units) <= len(dropped_units):
        last = prev_units[-1]
        if index.end(last) <= index.shared and dropped_units[: len(prev_units)] == prev_units:
            reuse = len(prev_units)
    drop_changes = list(prev_changes) if reuse else []
    for k in dropped_units[reuse:]:
        start, end = starts[k], index.end(k)
        first = body[start]
        kind = (
            "exchange"
            if end - start > 1 or _opens_exchange(first)
            else ("recap" if first.is_recap else "message")
        )
        reason = _DROP_REASONS[kind]
        for i in range(start, end):
            m = body[i]
            drop_changes.append(Change("dropped", m.id, None, m.role, reason, index.costs[i], 0))
    fitter._drop_state = (dropped_units, drop_changes)
    changes.extend(drop_changes)
    for u in yielded:
        for m in u.messages:
            changes.append(
                Change(
                    "dropped",
                    m.id,
                    None,
                    m.role,
                    _DROP_REASONS[u.kind],
                    fitter.pricer.message(m).total,
                    0,
                )
            )
    dropped_set = set(dropped_units)
    yielded_pos = {u.start for u in yielded}
    for i in index.images:
        k = bisect_right(starts, i) - 1
        if k in dropped_set or starts[k] in yielded_pos:
            m = body[i]
            for img in m.images():
                notices.append(
                    Notice(
                        "dropped",
                        m.id,
                        f"The model will not see image {_label(fitter.pricer, img)} {fitter.ago(m.id, i)}: dropped to fit the context window.",
                    )
                )
    for u in yielded:
        if u.kind == "prior":
            notices.append(
                Notice(
                    "dropped",
                    u.messages[0].id,
                    "An earlier request was left out to fit the context window.",
                )
            )


# ----------------------------------------------------------------------------- shedding


@dataclass(slots=True)
class _TextUnit:
    msg: int
    path: tuple[int, ...]  # block index, then inner index for tool results
    text: str
    tokens: int
    kind: Literal["text", "file"]


def _shed(
    fitter: Fitter,
    msgs: list[Message],
    anchor: Message | None,
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> tuple[list[Message], int]:
    """Shrink texts, then replace older images, then replace file bodies, until it fits."""
    pricer, floor = fitter.pricer, fitter.options.shrink_floor
    msgs = list(msgs)
    protected = {i for i, m in enumerate(msgs) if m is anchor}

    units: list[_TextUnit] = []
    for i, m in enumerate(msgs):
        if i in protected:
            continue
        for j, b in enumerate(m.content):
            if isinstance(b, Text):
                units.append(_TextUnit(i, (j,), b.text, pricer.text(b.text), "text"))
            elif isinstance(b, FileAttachment) and b.text is not None:
                units.append(_TextUnit(i, (j,), b.text, pricer.text(b.text), "file"))
            elif isinstance(b, ToolResult):
                for k, inner in enumerate(b.content):
                    if isinstance(inner, Text):
                        units.append(
                            _TextUnit(i, (j, k), inner.text, pricer.text(inner.text), "text")
                        )
    units.sort(key=lambda u: -u.tokens)

    # Pass A: shrink the biggest texts to head + tail.
    for u in units:
        excess = total - budget
        if excess <= 0:
            break
        target = max(floor, u.tokens - excess)
        if target >= u.tokens:
            continue
        new_text = shrink_text(u.text, target, pricer.text)
        old_msg = pricer.message(msgs[u.msg]).total
        msgs[u.msg] = _replace_text(msgs[u.msg], u.path, new_text)
        new_msg = pricer.message(msgs[u.msg]).total
        total += new_msg - old_msg
        changes.append(
            Change(
                "shrunk",
                msgs[u.msg].id,
                u.path[0],
                _describe(u),
                "shrunk to head and tail to fit the context window",
                u.tokens,
                pricer.text(new_text),
            )
        )
        notices.append(
            Notice(
                "shrunk",
                msgs[u.msg].id,
                f"A long {_describe(u)} was shortened to its beginning and end ({u.tokens:,} → {pricer.text(new_text):,} tokens) to fit the context window.",
            )
        )

    # Pass B: replace images from older turns, costliest first.
    if total > budget:
        images: list[tuple[int, int, tuple[int, ...], Image]] = []
        for i, m in enumerate(msgs):
            if i in protected:
                continue
            for j, b in enumerate(m.content):
                if isinstance(b, Image):
                    images.append((pricer.block(b)[1], i, (j,), b))
                elif isinstance(b, ToolResult):
                    for k, inner in enumerate(b.content):
                        if isinstance(inner, Image):
                            images.append((pricer.block(inner)[1], i, (j, k), inner))
        images.sort(key=lambda t: (-t[0], t[1]))
        for tokens, i, path, img in images:
            if total <= budget:
                break
            label = _label(pricer, img)
            old_msg = pricer.message(msgs[i]).total
            msgs[i] = _placeholder(
                pricer,
                changes,
                notices,
                msgs[i],
                path,
                tokens,
                what=f"image {label}",
                text=f"[image {label} omitted to fit the context window]",
                reason="image dropped to fit the context window (costliest first)",
                notice=f"The model will not see image {label} {fitter.ago(msgs[i].id)}: "
                "dropped to fit the context window.",
            )
            total += pricer.message(msgs[i]).total - old_msg

    # Pass C: replace attached file bodies, largest first.
    if total > budget:
        files = [
            (pricer.block(b)[0], i, j, b)
            for i, m in enumerate(msgs)
            if i not in protected
            for j, b in enumerate(m.content)
            if isinstance(b, FileAttachment)
        ]
        files.sort(key=lambda t: (-t[0], t[1]))
        for tokens, i, j, f in files:
            if total <= budget:
                break
            old_msg = pricer.message(msgs[i]).total
            msgs[i] = _placeholder(
                pricer,
                changes,
                notices,
                msgs[i],
                (j,),
                tokens,
                what=f"file '{f.name}'",
                text=f"[file '{f.name}' omitted to fit the context window]",
                reason="attached file body dropped to fit the context window",
                notice=f"The model will not see the body of file '{f.name}': "
                "dropped to fit the context window.",
            )
            total += pricer.message(msgs[i]).total - old_msg
    return msgs, total


def _placeholder(
    pricer: Pricer,
    changes: list[Change],
    notices: list[Notice],
    m: Message,
    path: tuple[int, ...],
    tokens_before: int,
    *,
    what: str,
    text: str,
    reason: str,
    notice: str,
) -> Message:
    """Replace one block with a visible placeholder, and report it twice: for code and for people."""
    changes.append(
        Change("replaced", m.id, path[0], what, reason, tokens_before, pricer.text(text))
    )
    notices.append(Notice("replaced", m.id, notice))
    return _replace_block(m, path, Text(text))


def _describe(u: _TextUnit) -> str:
    if u.kind == "file":
        return "attached file"
    return "tool output" if len(u.path) == 2 else "message"


def _replace_text(m: Message, path: tuple[int, ...], new_text: str) -> Message:
    b = m.content[path[0]]
    if isinstance(b, FileAttachment):
        return _replace_block(m, path, replace(b, text=new_text))
    return _replace_block(m, path, Text(new_text))


def _replace_block(m: Message, path: tuple[int, ...], new: Block) -> Message:
    content = list(m.content)
    if len(path) == 1:
        content[path[0]] = new
    else:
        tr = content[path[0]]
        assert isinstance(tr, ToolResult) and isinstance(new, Text | Image)
        inner = list(tr.content)
        inner[path[1]] = new
        content[path[0]] = replace(tr, content=tuple(inner))
    return m.with_content(content)


def shrink_text(text: str, target_tokens: int, count: Any) -> str:
    """Keep the head and tail of ``text`` within ``target_tokens``, with a visible marker.

    Works on characters, so a multi-byte character is never split.

    >>> from contextledger.pricing.text import EstimateCounter
    >>> out = shrink_text("a" * 4000, 100, EstimateCounter().count)
    >>> "tokens omitted" in out
    True
    """
    total = count(text)
    if total <= target_tokens:
        return text

    def build(keep: int) -> str:
        head, tail = keep - keep // 2, keep // 2
        omitted = max(
            total - count(text[:head]) - count(text[len(text) - tail :] if tail else ""), 1
        )
        return f"{text[:head]}\n[… {omitted:,} tokens omitted …]\n{text[len(text) - tail :] if tail else ''}"

    lo, hi = 0, len(text)
    best = build(0)
    while lo <= hi:  # largest kept length whose result fits the target
        mid = (lo + hi) // 2
        candidate = build(mid)
        if count(candidate) <= target_tokens:
            best, lo = candidate, mid + 1
        else:
            hi = mid - 1
    return best

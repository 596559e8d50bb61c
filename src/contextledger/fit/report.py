"""What a fit returns: the messages to send and a report of every decision."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from itertools import chain, compress, count, islice, repeat
from operator import attrgetter, is_, is_not
from typing import Any, Generic, Literal, NamedTuple, TypeVar, overload

from ..model import Message
from ..pricing.messages import MessagePrice, Pricer
from ..report import Notice

Action = Literal["kept", "shrunk", "dropped", "replaced"]
T = TypeVar("T")


class Later(Generic[T]):
    """Items made the first time they are read, once (then kept).

    A cold fit of a long session drops thousands of messages and hundreds of screenshots:
    their Changes and notices are worked out from what the fit noted (copies of its
    columns, the images' URLs, each notice's "turns ago"), not from anything the caller
    may change afterwards, only when the report is read. A ``Fitter`` shares them between
    the reports of successive fits, so each is made at most once."""

    __slots__ = ("_items", "_make")

    def __init__(self, make: Callable[[], Iterable[T]]) -> None:
        self._make: Callable[[], Iterable[T]] | None = make
        self._items: tuple[T, ...] = ()

    def get(self) -> tuple[T, ...]:
        if self._make is not None:
            self._items, self._make = tuple(self._make()), None
        return self._items


Part = Sequence[T] | Later[T]


class Parts(Generic[T]):
    """A report's list given in parts, some made later (``Later``): read as one tuple."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Part[T]) -> None:
        self.parts = parts

    def get(self) -> tuple[T, ...]:
        return tuple(
            chain.from_iterable(p.get() if isinstance(p, Later) else p for p in self.parts)
        )


class _ReadAsTuple(Generic[T]):
    """A ``FitReport`` field that may be given as ``Parts``: read, it is a tuple (made on
    the first read and kept)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.slot = name, f"_{name}"

    @overload
    def __get__(self, obj: None, owner: Any) -> _ReadAsTuple[T]: ...

    @overload
    def __get__(self, obj: object, owner: Any) -> tuple[T, ...]: ...

    def __get__(self, obj: object | None, owner: Any = None) -> tuple[T, ...] | _ReadAsTuple[T]:
        if obj is None:
            raise AttributeError(self.name)  # (a field without a default)
        value = obj.__dict__[self.slot]
        if type(value) is not tuple:
            value = obj.__dict__[self.slot] = value.get() if type(value) is Parts else tuple(value)
        return value

    def __set__(self, obj: object, value: Sequence[T] | Parts[T]) -> None:
        obj.__dict__[self.slot] = value


class Change(NamedTuple):
    """One thing the fit did to a message or block, with tokens before and after.

    Immutable (a named tuple: a cold fit of a long history makes one per dropped message,
    and a tuple is made several times faster than a frozen dataclass)."""

    action: Action
    message_id: str
    block: int | None
    what: str
    reason: str
    tokens_before: int
    tokens_after: int
    #: True when ``tokens_before`` is an estimate: history the window could never hold is
    #: not tokenized (its exact size decides nothing).
    estimated: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "message_id": self.message_id,
            "block": self.block,
            "what": self.what,
            "reason": self.reason,
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "estimated": self.estimated,
        }


def _parts_of(report: FitReport, name: str) -> tuple[Part[Any], ...]:
    """A report field's value as given, its parts made later left unmade."""
    value = report.__dict__[f"_{name}"]
    return value.parts if type(value) is Parts else (value,)


def with_added(
    report: FitReport, changes_first: Part[Change] = (), notices_last: Part[Notice] = ()
) -> FitReport:
    """``report`` with ``changes_first`` before its changes and ``notices_last`` after its
    notices, its parts made when first read left unmade (read here, a fit of 5,000 kept
    turns whose images were over a limit made a Change per kept turn at its peak of
    memory); those given as ``Later`` are made when first read too."""
    return replace(
        report,
        changes=Parts(_as_part(changes_first), *_parts_of(report, "changes")),
        notices=Parts(*_parts_of(report, "notices"), _as_part(notices_last)),
    )


def _as_part(items: Part[T]) -> Part[T]:
    """``items`` as a part of a report's list: a ``Later`` as it is, else a tuple (a copy:
    the caller's list may change)."""
    return items if isinstance(items, Later) else tuple(items)


@dataclass(frozen=True)
class FitReport:
    """What the fit decided.

    ``used`` is the request's input as the provider bills it (``usage.prompt_tokens`` /
    ``input_tokens``): the messages returned with their framing (``messages_tokens``), the
    tool schemas, the ``memory`` messages and the reply priming. ``budget`` is what ``used``
    may reach: the window less the output reserved. ``used <= budget`` always, and
    ``price_request(body)`` of the translated messages is ``used`` (never below the bill:
    exact for OpenAI models, an upper bound where a provider does not publish its framing).

    ``changes`` and ``notices`` are tuples; a fit may give them in parts (``Parts``), some
    made only when first read (the drops of a long history)."""

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
    changes: _ReadAsTuple[Change] = _ReadAsTuple()
    notices: _ReadAsTuple[Notice] = _ReadAsTuple()
    cut_index: int = 0
    #: The structured-output format the request carries (``FitOptions.response_format``),
    #: billed as input: counted in ``used`` and ``budget``.
    format_tokens: int = 0
    #: True when the model is not in the catalog and its prices are conservative estimates.
    estimated: bool = False
    #: The earlier requests sent only because they were pinned (the request that set the
    #: task, the user's rules and corrections, their other requests within the cap:
    #: ``anchors``), oldest first: the history sent from ``cut_index`` does not hold them.
    #: What they displaced is among the drops (the oldest of the recent turns).
    pinned: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[type[FitReport], tuple[Any, ...]]:
        # (pickled and copied as its fields' values: parts made later are made now)
        return FitReport, tuple(getattr(self, f.name) for f in fields(self))

    @property
    def messages_tokens(self) -> int:
        """The messages returned, with their framing: ``used`` less the tool schemas, the
        memory and the reply priming."""
        return self.text_tokens + self.image_tokens

    @property
    def prompt_tokens(self) -> int:
        """``used`` (the name the providers' replies give it, ``usage.prompt_tokens``)."""
        return self.used

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
            "format_tokens": self.format_tokens,
            "budget": self.budget,
            "used": self.used,
            "prompt_tokens": self.prompt_tokens,
            "messages_tokens": self.messages_tokens,
            "text_tokens": self.text_tokens,
            "image_tokens": self.image_tokens,
            "kept": list(self.kept),
            "shrunk": [c.to_dict() for c in self.shrunk],
            "dropped": [c.to_dict() for c in self.dropped],
            "notices": [n.text for n in self.notices],
            "estimated": self.estimated,
            "pinned": list(self.pinned),
        }


@dataclass(frozen=True, slots=True)
class FitResult:
    """The messages to send and the report of every decision.

    ``messages`` are immutable Messages read from what the app passed: none holds the app's
    dicts or lists, only their strings (immutable too), so an app that edits, appends to or
    removes from its list after the fit changes neither the messages nor the report. A
    ``Fitter`` given that list again finds every edit made in place (it compares the list
    with copies of its dicts' structure) and reads the edited messages again: a price is
    never served stale."""

    messages: tuple[Message, ...]
    report: FitReport


@dataclass(slots=True, eq=False, repr=False)
class KeptMemo:
    """The last output's messages and their "kept" Changes, text and image tokens: a refit
    whose output shares runs of messages with the last one copies those runs' Changes."""

    out: tuple[Message, ...] = ()
    changes: list[Change] = field(default_factory=list)
    texts: list[int] = field(default_factory=list)
    images: list[int] = field(default_factory=list)
    repriced: int = 0  # the pricer's ``repriced`` when these were priced


def kept_changes(
    pricer: Pricer,
    out: tuple[Message, ...],
    memo: KeptMemo | None = None,
    prices: list[MessagePrice] | None = None,
    runs: Runs | None = None,
) -> tuple[Part[Change], int, int]:
    """One "kept" Change per message sent, and the text and image tokens they add up to.

    With ``memo`` (kept by a ``Fitter``), runs of messages sent last time too (the same
    objects, in the same order: messages are immutable, so the same price) reuse their
    Changes, copied a run at a time: a refit costs the runs and the new messages, not the
    whole output. The memo is left holding this output. Without one (a one-shot fit), the
    Changes are made when the report's changes are first read: a fit that keeps 12,000
    tiny turns held them all at its peak of memory. ``prices``: those of ``out`` when known
    (a fit done once priced its plain turns before it read them: ``KeptUnread``). ``runs``:
    where the shared runs are found (``shared_runs``, or a ``SharedRuns`` that remembers).
    """
    if memo is None:
        prices = prices if prices is not None else list(map(pricer.message, out))
        if pricer.unheard:  # audio sent to a model that takes none: refused, naming where
            pricer.refuse_unheard(out)
        text, image = sum(map(_text_of, prices)), sum(map(_image_of, prices))

        def make() -> list[Change]:
            return [
                Change("kept", m.id, None, m.role, "kept", p.total, p.total)
                for m, p in zip(out, prices, strict=True)
            ]

        return Later(make), text - pricer.unbilled(out), image
    # (a price of a message sent before changed: a result's call renamed or deleted)
    before = memo if memo.repriced == pricer.repriced else KeptMemo()
    changes: list[Change] = []
    texts: list[int] = []
    images: list[int] = []
    at = 0
    for i, j, run in (*(runs or shared_runs)(out, before.out), (len(out), 0, 0)):
        for m in out[at:i]:  # the messages not sent last time, priced
            price = pricer.message(m)
            changes.append(Change("kept", m.id, None, m.role, "kept", price.total, price.total))
            texts.append(price.text)
            images.append(price.image)
        changes += before.changes[j : j + run]
        texts += before.texts[j : j + run]
        images += before.images[j : j + run]
        at = i + run
    if pricer.unheard:  # audio sent to a model that takes none: refused, naming where
        pricer.refuse_unheard(out)
    if memo is not None:
        memo.out, memo.changes, memo.texts, memo.images = out, changes, texts, images
        memo.repriced = pricer.repriced
    # Turns the wire format merges are billed one framing, not one per message, and the
    # reasoning of earlier turns some providers drop not at all.
    return changes, sum(texts) - pricer.unbilled(out), sum(images)


_text_of, _image_of = attrgetter("text"), attrgetter("image")

#: Where the runs two outputs share are found: ``shared_runs`` or a ``SharedRuns``.
Runs = Callable[[Sequence[Message], Sequence[Message]], list[tuple[int, int, int]]]


class SharedRuns:
    """``shared_runs`` that remembers the last pair of outputs asked about (by identity,
    holding them; tuples only, which do not change): a refit asks it of its output and the last one up to three times (the new
    images to check, the new calls to check, the kept Changes to copy), each a pass over
    every message kept (~0.23 ms each at 4,700 kept)."""

    __slots__ = ("_last", "_now", "_runs")

    def __init__(self) -> None:
        self._now: Sequence[Message] | None = None
        self._last: Sequence[Message] | None = None
        self._runs: list[tuple[int, int, int]] = []

    def __call__(
        self, now: Sequence[Message], last: Sequence[Message]
    ) -> list[tuple[int, int, int]]:
        if type(now) is not tuple or type(last) is not tuple:  # (a list may change)
            return shared_runs(now, last)
        if now is not self._now or last is not self._last:
            self._now, self._last, self._runs = now, last, shared_runs(now, last)
        return self._runs


#: Past this many messages not found ahead, ``shared_runs`` looks them up in a table.
_SEARCHES = 16


def shared_runs(now: Sequence[Message], last: Sequence[Message]) -> list[tuple[int, int, int]]:
    """The runs of ``now`` that are runs of ``last`` (the very objects, in order), as
    (start in ``now``, start in ``last``, length); the messages between runs are new.

    Both are outputs of fits of one history, in its order: a refit's output is the last
    one's messages from a cut on (behind a few pinned ones) and the new ones after them.
    So the two are walked side by side, each run measured and each message looked for
    ahead at C speed (a few nanoseconds a message), never a table of the whole output
    built every turn; a message out of order is taken as new (priced or checked again).
    When many are not found ahead (an output made afresh), the rest are looked up in a
    table, so no output costs more than one pass over each."""
    runs: list[tuple[int, int, int]] = []
    where: dict[int, int] | None = None
    searches = 0
    i = j = 0
    n, m = len(now), len(last)
    while i < n and j < m:
        x = now[i]
        if x is not last[j]:
            if where is None and searches < _SEARCHES:
                searches += 1
                k = next(compress(count(j), map(is_, islice(last, j, None), repeat(x))), None)
            else:
                where = where or dict(zip(map(id, last), range(m), strict=True))
                k = where.get(id(x))
                k = k if k is not None and k >= j and last[k] is x else None
            if k is None:
                i += 1  # a new message
                continue
            j = k
        run = next(compress(count(), map(is_not, islice(now, i, None), islice(last, j, None))),
                   min(n - i, m - j))  # fmt: skip
        runs.append((i, j, run))
        i, j = i + run, j + run
    return runs

"""Units and the history index.

A unit is a run of messages kept or dropped together: one message, or a tool exchange (an
assistant message with tool calls and all its results). The ``HistoryIndex`` remembers each
message's price and each unit's bounds between fits, so a refit after an append touches
only the tail.

Prices are exact where a decision needs them and nowhere else: a message is priced (with
the real tokenizer, in batches going back from the newest) when the fit first asks for its
unit. History older than what the window can hold is never tokenized: its reported size is
an estimate (``exact_cost`` says which), never used to decide what is kept.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from itertools import accumulate, chain, compress, islice, repeat
from operator import attrgetter, is_, is_not, itemgetter, sub
from typing import Literal, NamedTuple, TypeVar

from ..intent import is_substantive
from ..model import (
    FileAttachment,
    Image,
    Message,
    ProviderContent,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
)
from ..pricing.messages import MessagePrice, Pricer, text_only
from ..pricing.text import (
    opening_at_least,
    pieces_at_least,
    tokens_at_least,
    tokens_past,
    tokens_within,
)
from ..settings_said import NewerSettings, Setting, may_set_short, setting_of
from ..validate import (
    arguments_problem,
    is_empty,
    is_trigger,
    unpaired_items,
    unpaired_reasoning,
)
from .edits import BlockPath
from .lazy import LazyMessages, holds_images, message_chars
from .report import Later
from .request_part import _HEAD_CHARS, _TAIL_CHARS, request_part
from .steering import Steering

T = TypeVar("T")
# ("gist": an earlier tool exchange pinned as a line; "said": an assistant's statement of a
# value pinned as it was said)
UnitKind = Literal["message", "exchange", "anchor", "prior", "recap", "system", "gist", "said"]


class Unit:
    """A run of messages kept or dropped together: one message, or a tool exchange.

    Compared by identity. A unit of one message holds that message itself, not a tuple of
    it: a fit that keeps 11,000 tiny turns holds a unit for each at its peak of memory, and
    a one-item tuple was 48 of the 150 bytes a unit cost (``messages`` makes one on read)."""

    __slots__ = ("_held", "cost", "kind", "start")

    def __init__(self, start: int, messages: Sequence[Message], cost: int, kind: UnitKind) -> None:
        self.start = start
        self._held: Message | Sequence[Message] = (
            messages[0] if len(messages) == 1 and type(messages[0]) is Message else messages
        )
        self.cost = cost
        self.kind = kind

    @classmethod
    def unread(cls, start: int, body: LazyMessages, cost: int, kind: UnitKind) -> Unit:
        """The unit of message ``start`` of ``body``, a plain turn priced from its dict and not
        read: its Message is made when ``messages`` is first read (``HistoryIndex.unit``)."""
        unit = cls.__new__(cls)
        unit.start, unit._held, unit.cost, unit.kind = start, body, cost, kind
        return unit

    @property
    def messages(self) -> Sequence[Message]:
        held = self._held
        if type(held) is Message:
            return (held,)
        if type(held) is LazyMessages:
            return (held[self.start],)
        return held  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"Unit(start={self.start}, messages={self.messages!r}, cost={self.cost}, kind={self.kind!r})"


_held = attrgetter("_held")


def messages_of(units: Iterable[Unit]) -> list[Message]:
    """The messages of ``units``, in order. (Most units are one message, held without a
    tuple: appended as it is; a list extended with each unit's messages took half the time
    of ``chain.from_iterable``, ~0.3 against ~0.7 ms for 10,000 kept units.)"""
    out: list[Message] = []
    append, extend = out.append, out.extend
    for held in map(_held, units):
        kind = type(held)
        if kind is Message:
            append(held)
        elif kind is not LazyMessages:
            extend(held)
        else:
            break  # (a unit not read: read them all below)
    else:
        return out
    return list(chain.from_iterable(u.messages for u in units))


def is_request(m: Message) -> bool:
    """A user request (a recap is a user-role message but not a request)."""
    return m.role == "user" and not m.is_recap


def opens_exchange(m: Message) -> bool:
    return m.role == "assistant" and ToolCall in map(type, m.content)


def _may_call(d: object, wanted: Collection[str]) -> bool:
    """Whether an assistant dict may call one of ``wanted`` (any shape but the usual list of
    calls with string ids is read to know)."""
    calls = d.get("tool_calls") if isinstance(d, dict) else None
    if not isinstance(calls, list):
        return True
    ids = [c.get("id") if isinstance(c, dict) else None for c in calls]
    return any(type(i) is not str or i in wanted for i in ids)


def _not_valid(ok: bytearray, start: int) -> Iterator[int]:
    """The positions from ``start`` on where ``ok`` is not 1, found at C speed (a refit's
    run of kept units is all valid but the new few)."""
    marks = ok[start:].translate(_NOT_ONE)
    at = marks.find(1)
    while at >= 0:
        yield start + at
        at = marks.find(1, at + 1)


_NOT_ONE = bytes(b != 1 for b in range(256))


def unit_ok(body: Sequence[Message], i: int, j: int) -> bool:
    """The validator's rules for one unit, inlined: this runs once per new message."""
    first = body[i]
    kinds = set(map(type, first.content))
    if first.role == "tool" or not kinds or (kinds == {Text} and is_empty(first)):
        return False
    if j - i == 1 and first.role != "assistant":
        return ToolCall not in kinds and ToolResult not in kinds  # the common case
    if Reasoning in kinds and unpaired_reasoning(first):
        return False
    if ProviderContent in kinds and (
        unpaired_items(body[i:j])  # (a Responses tool item)
        # a compaction trigger is valid only last in the request: checked on what is sent
        or any(map(is_trigger, first.content))
    ):
        return False
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


# No o200k_base or cl100k_base token is longer than 128 bytes (so than 128 characters), and
# the estimate counters count at least one token per 4 characters: a text of n characters
# costs at least n // 128 tokens, whatever the model. A message that cannot fit by that
# bound is never tokenized (a 50 MB paste is decided on in microseconds).
MAX_CHARS_PER_TOKEN = 128
#: A unit of more characters than this many times the tokens of the room left is decided
#: on by counting only as far as the room (``HistoryIndex.surely_over``), not priced whole.
_COUNTED_WHOLE_CHARS_PER_TOKEN = 8
#: A unit of more characters than this many times the tokens of the room left is first
#: checked against the room by a bound read at C speed from its letters and digits (a
#: text has a token every 3-6 characters, so one twice as long as the room has tokens
#: is usually over it; the bound costs microseconds, a count of it milliseconds).
_BOUNDED_FROM_CHARS_PER_TOKEN = 2
# A request text longer than this many characters a token of the pins' cap is checked
# against the cap by a bound read from this many characters of its opening (a text of
# words has a run of letters every 5-10 characters).
_PINNABLE_SPAN = 8
# Texts whose bound and request part are kept at most (then forgotten: read again if asked)
_MOST_TEXTS_KEPT = 100_000
_SPECULATE_UP_TO = 1 << 16  # estimated tokens: bigger texts are counted only when needed


_CHARS_PER_ESTIMATED_TOKEN = 4  # (see _estimate)
# A speculative batch reaches back over this share of the room left (by scaled estimates):
# the walk asks for the next batch if the room is not filled, so the last one overshoots
# by at most this share, not the whole room.
_BATCH_SHARE = 0.5


class KeptUnread(NamedTuple):
    """What a fit done once keeps, some of it plain turns not read (``HistoryIndex.
    kept_unread``): read after the fit's tables are freed (``read``)."""

    body: LazyMessages
    parts: list[Message | range]  # Messages, and runs of positions of body not read
    prices: list[MessagePrice]  # of each message kept, in order

    def read(self) -> list[Message]:
        """The Messages kept, in order (the plain turns read now)."""
        out: list[Message] = []
        body = self.body
        message, off = body.columns.message, body.start
        for part in self.parts:
            if type(part) is range:
                out += map(message, range(off + part.start, off + part.stop))
            else:
                out.append(part)  # type: ignore[arg-type]
        return out


def _decided_now(text: str, room: int, deferred: dict[int, str] | None) -> bool:
    """Whether ``HistoryIndex._pinnable`` decides now if a text no longer than ``room`` has
    characters fits the room whole: always without a reader that defers (``deferred``
    None), else only when its UTF-8 bytes are within the room (``tokens_within`` then
    needs no count); one over it is deferred, as a longer text is (the reader reads it
    whole and as its request part, and counts it only when the two read differently)."""
    return deferred is None or text.isascii() or len(text.encode("utf-8", "surrogatepass")) <= room


def _estimate(chars: int) -> int:
    """About a token per 4 characters of text, plus framing: for reports only (and never
    below the lower bound ``chars // MAX_CHARS_PER_TOKEN``)."""
    return 4 + chars // 4


_V = TypeVar("_V")
#: What the gists work out about a message or unit that holds no id (a gist's turn,
#: ``gist-said``, is named after its unit's first message, and ``memo``'s own are checked
#: against the Message, renamed when moved): kept when a splice moves it (``_carry``).
_MOVED = frozenset({"gist", "words", "said"})
#: The least ``shared`` since an update an index keeps for that many spans of updates
#: (``HistoryIndex.shared_since``): older spans are merged, each answering the lesser.
_SHARED_KEPT = 32


class _Carried(NamedTuple):
    """What the messages a splice moved keep (``HistoryIndex._carry``), at their new
    positions: their prices from ``at`` on, and what was worked out about them."""

    at: int
    costs: list[int]
    priced: bytearray
    starts: array[int]  # the units from ``at`` on, their sums and checks
    unit_costs: list[int]
    unit_ok: bytearray
    end: int  # one past the last moved message (where its unit ended)
    memo: dict[tuple[int, str], tuple[Message, object]]
    over: dict[tuple[int, int], int]
    labels: dict[int, tuple[object, Later[str]]]
    bounds: dict[int, tuple[int, bool]]
    of_text: dict[str, dict[int, tuple[str, object]]]


class HistoryIndex:
    """Per-message costs and unit boundaries of the last history fitted, reused on refit.

    Messages are immutable, so a message that is the same object as last time has the same
    price and the same place in its unit: refitting after an append touches only the tail.
    """

    def __init__(self) -> None:
        self.body: Sequence[Message] = ()
        self.roles: list[str] = []  # per message
        self.chars: list[int] = []  # per message: its characters (see _chars)
        self.opens: set[int] = set()  # positions of assistant turns with tool calls
        self._last_open = -1  # the largest of them (-1: none)
        self.costs: list[int] = []
        self.starts = array("q")  # first index of each unit (machine integers, as below)
        # requests among body[:i] (machine integers: a list held an int object a message)
        self.requests_before = array("q", [0])
        self.recaps: list[int] = []  # positions of recap messages
        self.images: list[int] = []  # positions of messages holding images
        # which requests correct or constrain, and which restate the task: each classified
        # once, when the pinning first asks (``Steering``)
        self.requests_read = Steering(
            self._pinnable_now, self._words_least, self._words_most, self._pinnable_deferring
        )
        self._counted = False  # see classify
        self.pin_cap: int | None = None  # see update
        self.shared = 0  # how many leading messages the last update kept unchanged
        # updates so far: what a fit noted of the index is good for the next update only
        # (``shared`` is counted from the last one; see ``drops.DroppedBefore``), or for a
        # later one while every update since kept what it read (``shared_since``)
        self.updates = 0
        # (update, the least ``shared`` of it and every update after it), both rising
        self._shared_least: list[tuple[int, int]] = []
        self.kinds: list[UnitKind] = []  # per unit: "message", "exchange" or "recap"
        # per message: what its unit is when dropped ("exchange", "recap" or "message")
        self.drop_kinds: list[str] = []
        self.unit_costs: list[int] = []  # per unit: the tokens of its messages
        self.unit_ok = bytearray()  # per unit: 1 valid, 0 not, 2 not checked yet
        self.priced = bytearray()  # per message: 1 when costs[i] is exact, 0 for an estimate
        self.made_units: list[Unit | None] = []  # per unit: made on first use, reused on refit
        self._made = bytearray()  # per unit: 1 when made_units holds it (see made_run)
        # units asked for alone (``unit_alone``: the earlier requests the pinning walks
        # over, pinned again every refit), by unit and kind; forgotten with ``made_units``
        self._alone: dict[tuple[int, UnitKind], Unit] = {}
        # the running sums ``made_run`` worked out last: (k, the lowest unit summed, the
        # costs of units k, k-1, ... summed); forgotten when units are regrouped
        self._run_sums: tuple[int, int, list[int]] | None = None
        self._labels: dict[int, tuple[object, Later[str]]] = {}  # image labels by position
        self._image_labels: dict[int, tuple[Image, str]] = {}  # by id(image)
        self._url_labels: dict[int, tuple[str, str]] = {}  # by id(url) of a dict's image
        # requests' lower bounds, by position, and whether final (see request_may_fit)
        self._bounds: dict[int, tuple[int, bool]] = {}
        # units (first and end message) found over a room, and the largest such room: a
        # refit's walks ask again of the same paste, with a room no larger (``surely_over``)
        self._over: dict[tuple[int, int], int] = {}
        # by id(text), with the text: its letters' bound and its request part, once a text
        # (the pinning's bound, the classification's reading and the pins ask both)
        self._text_least: dict[int, tuple[str, int, int | None]] = {}  # (+ the cap)
        self._text_part: dict[int, tuple[str, tuple[str, str] | None]] = {}
        # tokens and estimates of the messages priced so far (see _price)
        self._exact_seen = self._estimated_seen = 0
        self._memo: dict[tuple[int, str], tuple[Message, object]] = {}  # see memo()
        # by what, then position, with the text it was worked out of (see of_text; a key
        # of both was ~60 bytes more a request in a cold fit's peak)
        self._of_text: dict[str, dict[int, tuple[str, object]]] = {}
        # whether this index is fitted again (a kept ``Fitter``'s): a fit done once asks
        # ``of_text`` of almost every request once (403 asks of 393 requests, review45's
        # session), so it keeps no memo of a lazy history's texts: ~0.23x a 12,000-turn
        # voice chat's dicts at the fit's peak. (``memo`` keeps its memo: some of its
        # entries are state a fit shares, ``selection``'s shortened shares.)
        self.fitted_again = True
        self._newer_settings: NewerSettings | None = None  # see newer_settings
        self._pricer: Pricer | None = None
        # what the pinning keeps of this index for its next fit (``anchors._PinTables``, made
        # there on first use; this module knows nothing of its contents)
        self.pin_tables: object | None = None
        # id → position of body[:_positioned] (built on first use, extended on append)
        self._positions: dict[str, int] = {}
        self._positioned = 0
        # the requests read by the last update, not handed to ``requests_read`` yet
        self._unclassified: tuple[list[int], list[str]] | None = None
        # A fit of an app's dicts done once (``fit``): the plain turns of a lazy history are
        # priced from their dicts and their units hold no Message (``unit``), so that the
        # fit's tables and the Messages of what it keeps are not in memory at once (the
        # fit makes those after ``release``: a Message per kept turn was ~1x the dicts).
        self.plain_unread = False

    def shared_since(self, update: int) -> int:
        """How many leading messages every update after update ``update`` kept unchanged
        (the least of their ``shared``): what was read of those messages in update
        ``update`` stands now. An agent's refit that carries its pins (``anchors``) does not
        read what a scan read, and the next refit, two updates on, scanned again from the
        start (the facts told in passing: ~6 ms of a 9,000-item Responses agent's refit,
        speed77). The least is kept for every update, older spans of updates merged (each
        then answers the lesser): a scan made more than 16 refits ago was made again from
        the start (the facts told in passing: ~70 ms of a 10,000-message refit at 128k whose
        screenshot moved the edge past a user's turn, speed138). The history's length: this
        update; 0: an update of the index before it was released."""
        n = self.updates - update
        if n == 0:
            return len(self.body)
        if n < 0:
            return 0
        at = bisect_right(self._shared_least, update, key=itemgetter(0))
        return self._shared_least[at][1]

    def update(
        self,
        body: Sequence[Message],
        pricer: Pricer,
        unchanged: int | None = None,
        pin_cap: int | None = None,
        defer: bool = False,
    ) -> None:
        """Take ``body`` as the new history: price and group only what changed.

        ``unchanged``: how many leading messages are known to be the same as last time
        (a ``LazyMessages`` source knows; else messages are compared by identity).
        ``pin_cap``: the tokens earlier requests are pinned within (``steering`` and
        ``restating`` then leave out the requests that cannot fit it). ``defer``: the new
        requests are classified by a call to ``classify``, not now."""
        self._run_sums = None  # (a fit's own: ``made_run``)
        self.classify()  # (what an earlier update left unclassified, if any)
        if pricer is not self._pricer and pin_cap == self.pin_cap:
            # what is left unread is read as it would have been, by the last pricer's counts
            self.requests_read.read_all()
        before = len(self.costs)
        patched: tuple[int, int] | None = None  # (lo, hi): messages edited in place
        carried: _Carried | None = None  # what the messages moved by a splice keep
        if unchanged is not None:
            prefix = min(unchanged, len(body), before)
        elif type(body) is LazyMessages and type(self.body) is LazyMessages:
            # a lazy history says what is unchanged since the last one of its columns
            last = self.body
            same = last.columns is body.columns and last.start == body.start
            # (or one the other's columns with a repair's results after: ``with_appended``,
            # the repair of a history that ends with calls not answered yet, and the next
            # history, where the app answered them: both read on from what was read; or both
            # such repairs of the same columns, the list fitted again before the results)
            grew = body.columns.extends
            grown = last.start == body.start and (
                grew is last.columns
                or last.columns.extends is body.columns
                or (grew is not None and grew is last.columns.extends)
            )
            prefix = min(body.unchanged, len(body), before) if same or grown else 0
            if same and body.patched is not None and not body.head:
                lo, hi, n = (p - body.start for p in body.patched)
                if (
                    lo == prefix
                    and 0 < lo < hi <= n == before <= len(body)
                    and pricer is self._pricer
                    and pin_cap == self.pin_cap
                ):
                    patched = lo, hi
            elif same and body.spliced is not None and not body.head:
                lo, removed, added, moved = body.spliced
                lo -= body.start
                if (
                    lo == prefix
                    and lo >= 0
                    and lo + removed + moved == before
                    and pricer is self._pricer
                    and pin_cap == self.pin_cap
                ):
                    off = body.start
                    carried = self._carry(lo, removed, added, [p - off for p in body.reprice])
        elif type(body) is LazyMessages or type(self.body) is LazyMessages:
            prefix = 0  # nothing is assumed between a lazy history and another
        else:
            prefix = self._shared_prefix(body)
        if pin_cap != self.pin_cap:
            prefix, self.pin_cap = 0, pin_cap  # (every request classified anew)
        self.shared = prefix
        self.updates += 1
        self._shared_least = shared_least_with(self._shared_least, self.updates, prefix)
        handed: tuple[list[int], list[str]] | None = None
        if patched is not None:
            assert type(body) is LazyMessages
            handed = self._patch(body, *patched)
            prefix = before  # (the rest is an append, if anything)
        if prefix < self._positioned:  # an edit, insertion or removal: positions moved
            self._positions, self._positioned = {}, 0
        if pricer is not self._pricer:
            self._bounds = {}
            self._exact_seen = self._estimated_seen = 0
        elif prefix < before and self._bounds:  # (an append leaves them be)
            self._bounds = {i: v for i, v in self._bounds.items() if i < prefix}
        if pricer is not self._pricer:
            self._over = {}
        elif prefix < before and self._over:
            self._over = {u: room for u, room in self._over.items() if u[1] <= prefix}
        if type(body) is LazyMessages and prefix < before:
            # a lazy history's dicts may have been edited in place: forget what was read
            self._labels = {i: v for i, v in self._labels.items() if i < prefix}
            self._memo = {k: v for k, v in self._memo.items() if k[0] < prefix}
        regroup = self._forget_units_from(prefix, len(body), before)
        self.body = body if type(body) is LazyMessages else list(body)
        self._pricer = pricer
        self._scan_from(prefix)
        self._group_from(regroup)
        if carried is not None:
            self._carried(carried)
        if handed is not None and self._unclassified is not None:
            asked, texts = self._unclassified
            self._unclassified = (handed[0] + asked, handed[1] + texts)
        if not defer:
            self.classify()

    def _patch(self, body: LazyMessages, lo: int, hi: int) -> tuple[list[int], list[str]]:
        """Take messages ``lo:hi`` of ``body`` as edited in place (``LazyMessages.patched``:
        the same roles, the same grouping; every message after them the same as last time):
        their sizes noted again and their prices forgotten, the units that hold them made,
        priced and checked again, what was worked out about them forgotten; every later
        message keeps its price, its unit and what was read of it (speed52: an edit of an
        earlier message had the index forget, and the fit then price and read again,
        everything after it). Returns the requests from ``lo`` to the old end, handed to the
        classification again (what it noted of them is forgotten, as an update from ``lo``
        forgets it: their texts are remembered, so they are not read again)."""
        cols, off = body.columns, body.start
        chars = cols.chars[off + lo : off + hi]
        self.chars[lo:hi] = chars
        self.costs[lo:hi] = list(map(_estimate, chars))
        self.priced[lo:hi] = bytes(hi - lo)
        images, found = self.images, cols.images
        images[bisect_left(images, lo) : bisect_left(images, hi)] = [
            p - off for p in found[bisect_left(found, off + lo) : bisect_left(found, off + hi)]
        ]
        # the units that hold them: made, priced and checked anew
        starts = self.starts
        first, last = bisect_right(starts, lo) - 1, bisect_right(starts, hi - 1) - 1
        for k in range(first, last + 1):
            self.unit_costs[k] = -1
            self.unit_ok[k] = 2
            self.made_units[k] = None
            self._made[k] = 0
        self._forget_alone(first, last + 1)
        self._run_sums = None
        span_lo, span_hi = starts[first], self.end(last)
        if self._bounds:
            self._bounds = {i: v for i, v in self._bounds.items() if not lo <= i < hi}
        if self._over:
            self._over = {u: r for u, r in self._over.items() if u[0] >= hi or u[1] <= lo}
        self._labels = {i: v for i, v in self._labels.items() if not lo <= i < hi}
        # (what the pins noted of a unit is kept by the unit's last message)
        self._memo = {k: v for k, v in self._memo.items() if not span_lo <= k[0] < span_hi}
        if self._newer_settings is not None and self._newer_settings.top > lo:
            self._newer_settings = None
        self._positions, self._positioned = {}, 0  # (an edited dict may name another id)
        self.requests_read.forget_from(lo)
        n = len(self.costs)
        texts = cols.texts[off + lo : off + n]  # (None: not a request)
        asked = list(compress(range(lo, n), map(is_not, texts, repeat(None))))
        return asked, [t for t in texts if t is not None]

    def _carry(self, lo: int, removed: int, added: int, reprice: Collection[int]) -> _Carried:
        """What the messages after a splice (``LazyMessages.spliced``: ``removed`` messages
        at ``lo`` taken out, ``added`` put in their place, every later one the same, moved
        ``added - removed`` positions on) keep, at their new positions: from the end of the
        unit that holds the first moved message on (the units from there are the same
        units: how a unit groups depends only on the messages up to its end), their prices
        and what the gists, the pins and the request bounds worked out about them; from
        that message on, what is known of a message alone (its image labels, its request's
        bound, whether it says something, what it sets). ``reprice``: positions (new) of
        the moved messages priced anew (a tool result whose call was removed or added).
        The update then regroups and classifies from ``lo`` as after any edit there, and
        puts these back (``_carried``) (speed55: a message removed or inserted mid-history
        made the index price and read again every message after it)."""
        shift = added - removed
        old = lo + removed  # the first moved message, at its old position
        starts = self.starts
        k = bisect_right(starts, old)  # (the old unit that holds it is made anew)
        since = starts[k] if k < len(starts) else len(self.costs)

        def moved(items: dict[int, _V], start: int) -> dict[int, _V]:
            return {i + shift: v for i, v in items.items() if i >= start}

        costs, priced = self.costs[since:], bytearray(self.priced[since:])
        unit_costs, unit_ok = self.unit_costs[k:], self.unit_ok[k:]
        for p in reprice:
            if p - shift >= since:
                priced[p - shift - since] = 0
                costs[p - shift - since] = _estimate(self.chars[p - shift])
                unit_costs[bisect_right(starts, p - shift) - 1 - k] = -1
        return _Carried(
            since + shift,
            costs,
            priced,
            array("q", [s + shift for s in starts[k:]]),
            unit_costs,
            unit_ok,
            len(self.costs) + shift,
            {(i + shift, w): v for (i, w), v in self._memo.items() if i >= since and w in _MOVED},
            {  # (not of a unit holding a result priced anew: it may cost less now)
                (a + shift, b + shift): r
                for (a, b), r in self._over.items()
                if a >= since and not any(a <= p - shift <= b for p in reprice)
            },
            moved(self._labels, old),
            moved(self._bounds, old),
            {w: moved(by_position, old) for w, by_position in self._of_text.items()},
        )

    def _carried(self, carried: _Carried) -> None:
        """Put back what a splice's moved messages keep (see ``_carry``)."""
        at, costs, priced = carried.at, carried.costs, carried.priced
        self.costs[at : at + len(costs)] = costs
        self.priced[at : at + len(priced)] = priced
        # the units from ``at`` on are the same units: their checks and sums stand
        k, n = bisect_left(self.starts, at), len(carried.starts)
        if self.starts[k : k + n] == carried.starts:
            # ... but the last of them may have grown: dicts appended after the moved ones
            # join it when it is a tool call (its results): its sum and check are made anew
            # (carried, the call's sum left its results out: a refit sent 3,400 tokens over
            # the budget, speed68)
            if n and self.end(k + n - 1) != carried.end:
                n -= 1
            self.unit_costs[k : k + n] = carried.unit_costs[:n]
            self.unit_ok[k : k + n] = carried.unit_ok[:n]
        self._memo.update(carried.memo)
        self._over.update(carried.over)
        self._labels.update(carried.labels)
        self._bounds.update(carried.bounds)
        for what, by_position in carried.of_text.items():
            self._of_text.setdefault(what, {}).update(by_position)

    def _shared_prefix(self, body: Sequence[Message]) -> int:
        limit = min(len(body), len(self.body))
        if all(map(is_, body, self.body)):  # the usual case, at C speed (map stops at limit)
            return limit
        same = list(map(is_, body, self.body))
        return same.index(False)

    def ids(self, positions: Sequence[int]) -> list[str]:
        """The ids of the messages at ``positions`` (without reading them, when lazy)."""
        body = self.body
        if type(body) is LazyMessages:
            off = body.start
            return body.columns.ids(
                range(positions.start + off, positions.stop + off)
                if isinstance(positions, range)
                else [off + i for i in positions]
            )
        return [body[i].id for i in positions]

    def ids_later(self, lo: int, hi: int) -> Callable[[], list[str]]:
        """``ids(range(lo, hi))``, worked out when called from what is noted now."""
        body = self.body
        if type(body) is LazyMessages:
            return body.columns.ids_later(lo + body.start, hi + body.start)
        messages = list(body[lo:hi])
        return lambda: [m.id for m in messages]

    def id_of(self, i: int) -> str:
        """Message ``i``'s id (without reading it, when the history is lazy)."""
        body = self.body
        if type(body) is LazyMessages:
            return body.columns.id_of(body.start + i)
        return body[i].id

    def _forget_units_from(self, prefix: int, n: int, before: int) -> int:
        """Drop the units to regroup; returns where regrouping starts. The last unit that
        began inside the shared prefix is regrouped too unless nothing changed: new tool
        messages may extend it, removed ones shorten it."""
        keep_units = bisect_left(self.starts, prefix)
        if keep_units and not prefix == n == before:
            keep_units -= 1
        regroup = self.starts[keep_units] if keep_units < len(self.starts) else prefix
        del self.starts[keep_units:]
        del self.kinds[keep_units:]
        del self.unit_costs[keep_units:]
        del self.unit_ok[keep_units:]
        del self.made_units[keep_units:]
        del self._made[keep_units:]
        self._forget_alone(keep_units)
        self._run_sums = None
        return min(regroup, prefix)

    def _forget_alone(self, lo: int, hi: int | None = None) -> None:
        """Forget the units made alone of units ``lo`` to ``hi`` (None: on), regrouped or
        edited."""
        alone = self._alone
        gone = [key for key in alone if key[0] >= lo and (hi is None or key[0] < hi)]
        for key in gone:
            del alone[key]

    def _price(self, start: int, end: int, back: bool = True, room: int | None = None) -> None:
        """Exact prices for messages ``start:end``; with ``back``, in one batch with as many
        before them as are after (at least 256): the fit walks back from the newest, so the
        batches double and the tokenizer is called a few times, not once per message. With
        ``room`` (the tokens the window has left), no further back than the estimates say
        could still fit: a cold fit tokenizes about what it keeps, not twice that."""
        assert self._pricer is not None
        pricer, priced, costs, body = self._pricer, self.priced, self.costs, self.body
        lo = max(0, start - max(256, len(body) - start)) if back else start
        starts = self.starts
        batch_from = starts[max(bisect_right(starts, lo) - 1, 0)] if lo < start else start
        gap = priced.rfind(0, batch_from, start)  # the last message unpriced before them
        if gap < 0:
            lo = start  # (a refit: every unit before the new ones is priced already)
        # The estimates are a token per 4 characters: a script of more tokens than that
        # (CJK, Thai, Hindi, Cyrillic, emoji: up to a token a character) would be priced up
        # to 4 times as far back as can fit. So they are scaled: until a fair sample is
        # priced, as if every character were a token; then by what the prices found say
        # (never down: no further back than the estimates reach).
        if room is None or self._estimated_seen * 4 < room:
            scale = float(_CHARS_PER_ESTIMATED_TOKEN)
        else:
            scale = max(1.0, self._exact_seen / self._estimated_seen)
        # (a refit: the messages right before the new ones are the run kept last time,
        # priced; their exact costs are summed at C speed, not stepped through one by one)
        if lo < start and room is not None:
            i, acc = start, 0.0
            if gap + 1 < start:
                sums = list(accumulate(reversed(costs[max(gap + 1, lo) : start])))
                over = bisect_right(sums, room * _BATCH_SHARE)  # (those summed within)
                at = min(over + 1, len(sums))  # (stepped past the first over, as the loop)
                i, acc = start - at, sums[at - 1]
            while i > lo and acc <= room * _BATCH_SHARE:
                i -= 1
                acc += costs[i] if priced[i] else costs[i] * scale
            lo = i
        # A batch holds whole units: a tool result is priced with its call (how a writer
        # sends the results of parallel calls depends on the call). Before ``start`` the
        # batch is speculative: a unit with a huge text is left until (and unless) a
        # decision needs its exact price.
        # Nor is a unit that, by the scaled estimates, cannot fit the room left once the
        # units after it are kept: the walk reaches it with that room, decides on it by a
        # bound or a count as far as the room (``surely_over``) and shortens it from its
        # ends; priced whole here, a chat of pasted transcripts tokenized each paste whole
        # to send its head and tail.
        first = bisect_right(starts, lo) - 1 if lo < start else bisect_left(starts, start)
        ahead = sum(costs[i] if priced[i] else costs[i] * scale for i in range(start, end))
        taken: list[range] = []  # (newest first)
        limit = float("inf") if room is None else room
        top = bisect_left(starts, start) - 1
        after_gap = bisect_right(starts, gap) if lo < start else top + 1  # priced units on
        if after_gap <= top:  # (taken or not, they add nothing to price: summed at once)
            ahead += sum(costs[starts[after_gap] : start])
            top = after_gap - 1 if ahead <= limit else -1  # (over: none older can fit)
        for k in range(top, max(first, 0) - 1, -1):
            a, b = starts[k], starts[k + 1]
            if b - a == 1:  # (the usual unit, one message)
                estimate = costs[a]
                scaled = estimate if priced[a] else estimate * scale
            else:
                estimate = sum(costs[a:b])
                scaled = sum(costs[i] if priced[i] else costs[i] * scale for i in range(a, b))
            if estimate < _SPECULATE_UP_TO and ahead + scaled <= limit:
                taken.append(range(a, b))
            ahead += scaled
            if ahead > limit:
                break  # (none older can fit either)
        todo = [i for unit in reversed(taken) for i in unit if not priced[i]]
        todo += [i for i in range(start, end) if not priced[i]]
        read, flat = self._plain_of(todo)
        messages = self._at(read)
        pricer.name_results(messages, lambda wanted: self._calls_outside(todo, wanted))
        pricer.prime(messages, [text for _, _, text, _ in flat])
        estimated = sum(costs[i] for i in todo)
        message = pricer.message
        for i, m in zip(read, messages, strict=True):
            costs[i] = message(m).total
        for i, role, text, name in flat:
            price = pricer.flat_price(role, text, name)
            costs[i] = (price or message(self._at([i])[0])).total
        for i in todo:
            priced[i] = 1
        self._exact_seen += sum(costs[i] for i in todo)
        self._estimated_seen += estimated

    def name_results(self, pricer: Pricer, positions: Sequence[int]) -> None:
        """Before the messages at ``positions`` are priced outside ``_price`` (a unit
        shortened unpriced): the pricer knows, from this history, the call each of their
        results answers. A call id read from a position (Gemini's) names another call once
        the app inserted turns before it: priced as the call it named before, a result was
        cut to another length than a fresh fit cut it (R37-S1)."""
        todo = list(positions)
        if todo:
            messages = self._at(todo)
            pricer.name_results(messages, lambda wanted: self._calls_outside(todo, wanted))

    def _plain_of(
        self, todo: list[int]
    ) -> tuple[list[int], list[tuple[int, str, str, str | None]]]:
        """``todo`` split into the positions to read and the plain turns priced from their
        dicts, unread, as (position, role, text, name) (see ``plain_unread``)."""
        body = self.body
        if not self.plain_unread or type(body) is not LazyMessages:
            return todo, []
        flat_of, off = body.columns.flat, body.start
        read: list[int] = []
        flat: list[tuple[int, str, str, str | None]] = []
        for i in todo:
            found = flat_of(off + i)
            if found is None:
                read.append(i)
            else:
                flat.append((i, *found))
        return read, flat

    def unname_orphans(self, pricer: Pricer, results: Sequence[Message]) -> None:
        """Before ``results`` (messages of this history priced outside a batch: those a
        repair took out) are priced: the pricer forgets what it knew of the calls of their
        ids that no turn of this history makes (the app took the call out since it was
        priced), so they are priced as a fresh fit prices them, answering no call (speed57:
        an orphan was reported at its old, named price, 4 tokens over a fresh fit's). An id
        a turn still calls is left as the fit named it (named again here from this history,
        a call id reused in another round was named apart from how the repair renumbered it)."""
        if not self.body:
            return  # (released: a fit done once, whose pricer knew no list but this one)
        ids = {b.call_id for m in results for b in m.tool_results}
        at = [p for p in map(self.position, (m.id for m in results)) if p is not None]
        left = set(ids)
        for m in self._calls_outside(at or [0], ids):
            left.difference_update(b.id for b in m.content if type(b) is ToolCall)
            if not left:
                return
        orphans = [m for m in results if any(b.call_id in left for b in m.tool_results)]
        pricer.name_results(orphans, lambda wanted: ())

    def _calls_outside(self, batch: list[int], wanted: Collection[str]) -> Iterator[Message]:
        """The turns with tool calls not in ``batch`` that may call one of ``wanted``, the
        nearest below it first (a lazy history's dicts are looked at, not read: a result
        no call answers had every turn with calls of a long history read)."""
        body = self.body
        dicts, off = (body.columns.dicts, body.start) if type(body) is LazyMessages else ((), 0)
        inside = set(batch)
        for p in sorted(self.opens - inside, key=lambda p: (p > batch[0], abs(p - batch[0]))):
            if not dicts or _may_call(dicts[off + p], wanted):
                yield self._at([p])[0]

    def _at(self, positions: list[int]) -> list[Message]:
        """The messages at ``positions`` (read, when lazy, straight from the columns)."""
        body = self.body
        if type(body) is LazyMessages:
            message, off = body.columns.message, body.start
            return [message(off + i) for i in positions]
        return [body[i] for i in positions]

    def _scan_from(self, prefix: int) -> None:
        """From ``prefix`` on: a cheap size for each message (until a decision asks for its
        exact price), the requests before each, and where the recaps and images are. One
        pass, with a fast path for the usual message of one text block."""
        body = self.body
        del self.costs[prefix:]
        del self.priced[prefix:]
        del self.requests_before[prefix + 1 :]
        del self.roles[prefix:]
        del self.chars[prefix:]
        if self._last_open >= prefix:  # (an append leaves them be)
            self.opens = {i for i in self.opens if i < prefix}
            self._last_open = max(self.opens, default=-1)
        del self.recaps[bisect_left(self.recaps, prefix) :]  # positions, ascending
        del self.images[bisect_left(self.images, prefix) :]
        self.requests_read.forget_from(prefix)
        if self._newer_settings is not None and self._newer_settings.top > prefix:
            self._newer_settings = None  # (an edit among what it read: read again)
        if type(body) is LazyMessages:
            asked, texts = self._scan_columns(body, prefix)
        else:
            asked, texts = self._scan_messages(prefix)
        self.costs.extend(map(_estimate, self.chars[prefix:]))
        self.priced.extend(bytes(len(body) - prefix))
        self._unclassified = (asked, texts)

    #: Classify every request when read (the reference the lazy reading is tested against).
    CLASSIFY_EAGERLY = False

    def classify(self, counted: bool = False) -> None:
        """Hand the requests the last ``update`` read to ``requests_read`` (classified when
        the pinning first asks). ``counted``: the fit has said how much it will count
        (``expect_counting``), so a mid-length request is judged too long to pin whole by
        its exact count as far as the cap too (``_pinnable``): a first count before that
        could load a second vocabulary."""
        pending, self._unclassified = self._unclassified, None
        if pending is None:
            return
        if counted != self._counted:  # (those left unread are read as they were handed)
            self.requests_read.read_all()
            self._counted = counted
        self.requests_read.add(*pending)
        if self.CLASSIFY_EAGERLY:
            self.requests_read.read_all()

    def _pinnable_now(self, asked: list[int], texts: list[str]) -> tuple[list[int], list[str]]:
        """``_pinnable`` within the pins' cap (every request when there is none)."""
        if self.pin_cap is None:
            return asked, texts
        return self._pinnable(asked, texts, self.pin_cap, self._counted)

    def _pinnable_deferring(
        self, asked: list[int], texts: list[str], deferred: dict[int, str]
    ) -> tuple[list[int], list[str]]:
        """``_pinnable_now``, leaving whole each text whose pin's text only its exact count
        would decide, its request part put in ``deferred`` (by position) instead."""
        if self.pin_cap is None:
            return asked, texts
        return self._pinnable(asked, texts, self.pin_cap, self._counted, deferred)

    def _words_least(self, i: int) -> int:
        """A lower bound of what request ``i`` costs pinned, as its words or whole
        (``anchors._lean``, ``_words_may_fit``): its framing and its letters' bound
        (``tokens_at_least``), read at C speed (not tokenized, not read into a Message). A
        text longer than a lean pin leaves whole may be pinned as its request part: the
        lesser of the two bounds then (0 for such a text among several blocks)."""
        text = self.request_text(i)
        least = self._letters_least(text)
        if len(text) > _HEAD_CHARS + _TAIL_CHARS:
            if not self.one_text_block(i):
                return 0
            part = self._request_part(text)
            if part is not None:
                least = min(least, self._letters_least(part[0]))
        return self.least_message_cost() + least

    def _letters_least(self, text: str) -> int:
        """A lower bound of ``text``'s tokens read from its letters and digits, once a text:
        of its opening alone when that is over the pins' cap (``opening_at_least``: all the
        pinning asks of a pasted log is that it cannot fit the cap whole), else of the
        whole text (``tokens_at_least``). It depends on the text and the cap only, so a
        refit decides as a fresh fit does."""
        hit = self._text_least.get(id(text))
        cap = self.pin_cap
        if hit is None or hit[0] is not text or hit[2] != cap:
            assert self._pricer is not None
            if len(self._text_least) > _MOST_TEXTS_KEPT:
                self._text_least.clear()
            counter = self._pricer.counter
            least = (
                tokens_at_least(counter, text)
                if cap is None
                else opening_at_least(counter, text, cap)
            )
            hit = self._text_least[id(text)] = (text, least, cap)
        return hit[1]

    def _whole_least(self, text: str) -> int:
        """``_letters_least``, of the whole text when that is at most the cap's: what a room
        larger than the cap is judged by."""
        least = self._letters_least(text)
        cap = self.pin_cap
        if cap is None or least <= cap:
            return least  # (of the whole text already)
        assert self._pricer is not None
        return tokens_at_least(self._pricer.counter, text)

    def _request_part(self, text: str) -> tuple[str, str] | None:
        """``request_part(text)``, made once a text (the same object each time it is asked)."""
        hit = self._text_part.get(id(text))
        if hit is None or hit[0] is not text:
            if len(self._text_part) > _MOST_TEXTS_KEPT:
                self._text_part.clear()
            hit = self._text_part[id(text)] = (text, request_part(text))
        return hit[1]

    def _words_most(self, i: int) -> int:
        """What ``_words_least`` can be at most, from the text's length alone (a run of
        letters or a digit is a character at least)."""
        return self.least_message_cost() + len(self.request_text(i)) + 1

    def _pinnable(
        self,
        asked: list[int],
        texts: list[str],
        cap: int,
        counted: bool = False,
        deferred: dict[int, str] | None = None,
    ) -> tuple[list[int], list[str]]:
        """The requests (positions and texts) that may be pinned within the pins' cap, each
        with the text a pin of it could hold: what is read for corrections and
        restatements.

        A request that cannot fit the cap (a pasted document: most of a long session's
        request text) is never pinned, so its words need not be read. Its bound (its runs
        of letters, ``pieces_at_least``) is read from the opening of its text
        (``_PINNABLE_SPAN`` characters a token of the cap), which is a bound of the whole:
        the opening's runs of letters and digits are in pieces of the whole text, and a
        token never spans two pieces (property-tested).

        A shorter request of one text that surely cannot fit the cap whole (by its
        letters' bound, ``tokens_at_least``) is pinned, if at all, as its request part
        (``request_part``: its opening and closing paragraphs, what a user who pastes
        passages or a log says before or after them): that part is what is read, not the
        passages pasted between (a chat whose requests carry retrieved passages spent most
        of a cold fit reading them).

        ``deferred`` (a dict): a text that may fit the cap whole by its letters' bound but
        whose exact count would decide it (once the fit has counted; longer than the cap
        has tokens, so that its bytes cannot say it fits) is left whole, its
        request part put in ``deferred`` by its position: a reader that finds the same in
        both needs no count (most of a cold fit of a chat of mid-length pastes in scripts
        whose letters bound little, Arabic, Thai, Chinese: ~0.5 ms a count, speed63)."""
        assert self._pricer is not None
        overhead, counter = self._pricer.message_overhead, self._pricer.counter
        span = cap * _PINNABLE_SPAN
        cut = _HEAD_CHARS + _TAIL_CHARS  # (a lean pin cuts no text this short)
        over: set[int] = set()
        for j, text in enumerate(texts):
            if len(text) <= cut:
                continue
            if len(text) > span and overhead + pieces_at_least(counter, text[:span]) > cap:
                over.add(j)
                continue
            # (by its letters' bound, read at C speed; once the fit has said how much it will
            # count, by the exact count of a mid-length text as far as the cap too, unless its
            # bytes already say it is within: a few thousand characters counted, ~25 times
            # cheaper than reading them for rules)
            whole = overhead + self._letters_least(text) <= cap
            if whole and (not counted or len(text) > span):  # (a longer one is never
                continue  # tokenized here) it may be pinned whole
            room = cap - overhead
            # (within the room by its characters: most often within it by its bytes, known
            # uncounted, ``tokens_within``; one that is not is deferred like a longer one,
            # when the reader defers: at 128k a support chat's ~140 such pastes, a few
            # non-ASCII characters each, were counted, ~40 % of its cold fit)
            if whole and len(text) <= room and _decided_now(text, room, deferred):
                if tokens_within(counter, text, room):
                    continue  # it may be pinned whole
                whole = False  # (counted: over)
            if not self.one_text_block(asked[j]):
                continue  # (its whole text is read either way)
            part = self._request_part(text)
            if part is None:
                continue  # (nor is there a part to read instead: no count needed)
            if whole:  # (longer than the room has tokens: only a count says)
                if deferred is not None:
                    deferred[asked[j]] = part[0]
                    continue
                if tokens_within(counter, text, room):
                    continue  # it may be pinned whole
            texts[j] = part[0]
        if not over:
            return asked, texts
        keep = [j for j in range(len(texts)) if j not in over]
        return [asked[j] for j in keep], [texts[j] for j in keep]

    def _scan_columns(self, body: LazyMessages, prefix: int) -> tuple[list[int], list[str]]:
        """The scan of a lazy history: its columns, copied at C speed."""
        cols, off = body.columns, body.start
        lo, hi = off + prefix, off + len(body)
        roles = cols.roles[lo:hi]
        self.roles += roles
        self.chars += cols.chars[lo:hi]
        if cols.opens and cols.opens[-1] >= lo:  # (O(new) on a refit after an append)
            self.opens.update(p - off for p in cols.opens[bisect_left(cols.opens, lo) :])
            self._last_open = cols.opens[-1] - off
        recaps = [p - off for p in cols.recaps[bisect_left(cols.recaps, lo) :]]
        self.recaps += recaps
        self.images += [p - off for p in cols.images[bisect_left(cols.images, lo) :]]
        is_request = [r == "user" for r in roles]
        for i in recaps:
            is_request[i - prefix] = False
        before = self.requests_before
        before.extend(islice(accumulate(is_request, initial=before[-1]), 1, None))
        texts = cols.texts[lo:hi]  # (None: not a request)
        asked = list(compress(range(prefix, prefix + len(texts)), map(is_not, texts, repeat(None))))
        return asked, [t for t in texts if t is not None]

    def _scan_messages(self, prefix: int) -> tuple[list[int], list[str]]:
        body = self.body
        chars, roles, recaps, images, opens = (
            self.chars, self.roles, self.recaps, self.images, self.opens
        )  # fmt: skip
        requests = self.requests_before
        seen = requests[-1]
        asked: list[int] = []  # positions of the requests read now, and their texts
        texts: list[str] = []
        for i in range(prefix, len(body)):
            m = body[i]
            content = m.content
            role = m.role
            roles.append(role)
            if len(content) == 1 and type(content[0]) is Text:
                chars.append(len(content[0].text))
                if role == "user":
                    seen += 1
                    asked.append(i)
                    texts.append(content[0].text)
            else:
                chars.append(message_chars(m))
                kinds = set(map(type, content))
                if Recap in kinds:
                    recaps.append(i)
                elif role == "user":
                    seen += 1
                    asked.append(i)
                    texts.append(m.text)
                if holds_images(m, kinds):
                    images.append(i)
                if role == "assistant" and ToolCall in kinds:
                    opens.add(i)
                    self._last_open = i
            requests.append(seen)
        return asked, texts

    def _group_from(self, i: int) -> None:
        """Group the messages from ``i`` on into units: each message its own, but tool
        messages, which join the unit before them when it opens an exchange or is tool
        messages itself (a tool message whose call was not just before, invalid input that
        ``repair`` fixes, is grouped with its neighbours so it is never sent alone). In list
        passes, not a loop per message: a cold fit groups the whole history."""
        roles, opens, n = self.roles, self.opens, len(self.roles)
        del self.drop_kinds[i:]
        if i >= n:
            return
        if "tool" in roles[i:]:
            starts = [
                p
                for p in range(i, n)
                if roles[p] != "tool" or p == i or (roles[p - 1] != "tool" and p - 1 not in opens)
            ]
        else:  # (a chat without tools: every message is a unit)
            starts = list(range(i, n))
        sizes = list(map(sub, [*starts[1:], n], starts))
        recaps = {p for p in self.recaps if p >= i}
        # a unit of several messages, or an assistant turn with calls (its results dropped)
        several = [z > 1 or p in opens for p, z in zip(starts, sizes, strict=True)]
        self.starts.extend(starts)
        self.kinds += [
            "recap" if p in recaps else "exchange" if many else "message"
            for p, many in zip(starts, several, strict=True)
        ]
        if len(starts) == n - i:  # (one message a unit)
            self.drop_kinds += [
                "exchange" if many else "recap" if p in recaps else "message"
                for p, many in zip(starts, several, strict=True)
            ]
        else:
            for p, z, many in zip(starts, sizes, several, strict=True):
                kind = "exchange" if many else "recap" if p in recaps else "message"
                self.drop_kinds += [kind] * z
        self.unit_costs += [-1] * len(starts)  # priced on first use
        # A unit is checked once, when it is first sent: refits need not re-validate it.
        self.unit_ok += b"\x02" * len(starts)
        self.made_units += [None] * len(starts)
        self._made += bytes(len(starts))

    def end(self, k: int) -> int:
        """One past the last message of unit ``k``."""
        return self.starts[k + 1] if k + 1 < len(self.starts) else len(self.body)

    def unit_of(self, pos: int) -> int:
        """The unit that starts at message ``pos``."""
        return bisect_left(self.starts, pos)

    def unit(self, k: int, kind: UnitKind | None = None, room: int | None = None) -> Unit:
        """Unit ``k`` with its exact price (units are never mutated: one object per unit
        and kind is reused from fit to fit while the unit is unchanged). ``room``: the
        tokens left in the window, a hint for how far back to price in one batch."""
        if kind is None:
            made = self.made_units[k]
            if made is None:
                made = self.made_units[k] = self.unit(k, self.kinds[k], room)
                self._made[k] = 1
            return made
        start, end = self.starts[k], self.end(k)
        # (a tuple, or the message alone: a list and its item array cost 40 bytes more a
        # unit, at the peak of memory of a fit that keeps 8,000 one-message units)
        body = self.body
        cost = self.unit_cost(k, room)
        if end - start == 1 and self._unread(start) is not None:
            return Unit.unread(start, body, cost, kind)  # type: ignore[arg-type]
        messages = (body[start],) if end - start == 1 else tuple(body[start:end])
        return Unit(start, messages, cost, kind)

    def _unread(self, i: int) -> str | None:
        """The text of message ``i`` while it is a plain turn priced from its dict and not
        read (its unit holds no Message: see ``plain_unread``); None: it is not."""
        body = self.body
        if not self.plain_unread or type(body) is not LazyMessages:
            return None
        found = body.columns.flat(body.start + i)
        return None if found is None else found[1]

    def kept_unread(self, units: list[Unit], pricer: Pricer) -> KeptUnread | None:
        """``units`` (kept, in order) as a ``KeptUnread`` when some are plain turns not read
        and the first is a user's (``open_with_user`` then adds nothing); None: read them
        (``messages_of``)."""
        body = self.body
        if not self.plain_unread or type(body) is not LazyMessages or not units:
            return None  # (a refit: its units hold their Messages, read on an earlier fit)
        if LazyMessages not in map(type, map(_held, units)):
            return None  # every message is read already
        first = units[0]
        if type(first._held) is LazyMessages:
            if self.roles[first.start] != "user":
                return None
        elif first.messages[0].role != "user":
            return None
        parts: list[Message | range] = []
        prices: list[MessagePrice] = []
        costs, priced, message = self.costs, self.priced, pricer.message
        for u in units:
            held = u._held
            if type(held) is LazyMessages:
                i = u.start
                last = parts[-1] if parts else None
                if type(last) is range and last.stop == i:
                    parts[-1] = range(last.start, i + 1)
                else:
                    parts.append(range(i, i + 1))
                # (exact: a unit kept by its bound, never priced, is priced now — its
                # estimate was sent as its price, 4 tokens under on a screenshots body)
                prices.append(text_only(costs[i] if priced[i] else self.exact_cost(i)))
            else:
                for m in u.messages:
                    parts.append(m)
                    prices.append(message(m))
        return KeptUnread(body, parts, prices)

    def release(self) -> None:
        """Forget the history (a fit done once needs its tables no more): what it holds is
        freed now, before the fit makes the Messages it keeps, not when collected."""
        self.__init__()  # type: ignore[misc]

    def made_run(self, k: int, lowest: int, room: int) -> int:
        """How many units from ``k`` down (none below ``lowest``) are made already (a refit:
        the units kept last time) and fit ``room`` tokens together, newest first: found at
        C speed, so a refit's walk does not step through every kept unit."""
        lowest = max(lowest, self._made.rfind(0, lowest, k + 1) + 1)
        # (a made unit is priced: its costs are exact, so their running sums only grow, and
        # stay what they are until the units are regrouped: the pinning and the selection
        # ask of the same run in one fit, ~0.2 ms each at 4,700 kept)
        known = self._run_sums
        if known is not None and known[0] == k and known[1] <= lowest:
            return bisect_right(known[2], room, 0, k + 1 - lowest)
        # Summed in growing slices: units made long ago and dropped since stay made, and
        # summing all of them every refit cost as much as the walk it saves.
        sums: list[int] = []
        low, size = k + 1, 256
        while low > lowest and (not sums or sums[-1] <= room):
            top, low = low, max(lowest, low - size)
            more = accumulate(reversed(self.unit_costs[low:top]), initial=sums[-1] if sums else 0)
            sums += islice(more, 1, None)
            size *= 4
        self._run_sums = (k, low, sums)
        return bisect_right(sums, room)

    def unit_alone(self, k: int, kind: UnitKind) -> Unit:
        """``unit(k, kind)`` with only its own messages priced: an earlier request or a
        recap asked for by itself, away from the recent run that the batches going back
        serve (``_price``: a batch from the middle of a long history reached back over
        thousands of messages no decision needed)."""
        # (one object while the unit is unchanged, as ``made_units``: the pinning walks
        # over the same ~100 earlier requests every refit, and made each anew, ~0.3 ms of
        # a 2,000-dict agent's refit after a user's dict)
        made = self._alone.get((k, kind))
        if made is not None and made.cost == self.unit_costs[k]:
            return made
        for i in range(self.starts[k], self.end(k)):
            self.exact_cost(i)
        unit = self.unit(k, kind)
        if type(unit._held) is not LazyMessages:  # (an unread turn holds the history read)
            self._alone[(k, kind)] = unit
        return unit

    def unit_cost(self, k: int, room: int | None = None) -> int:
        cost = self.unit_costs[k]
        if cost < 0:
            start, end = self.starts[k], self.end(k)
            if self.priced.find(0, start, end) >= 0:
                self._price(start, end, room=room)
            cost = self.unit_costs[k] = sum(self.costs[start:end])
        return cost

    def may_fit(self, k: int, room: int) -> bool:
        """False when unit ``k`` certainly costs more than ``room`` tokens, known without
        tokenizing it (by its exact price if known, else by its characters)."""
        cost = self.unit_costs[k]
        if cost >= 0:
            return cost <= room
        start, end = self.starts[k], self.end(k)
        if sum(self.costs[start:end]) <= room:  # each estimate is above the lower bound
            return True
        return sum(map(self.at_least, range(start, end))) <= room

    def surely_over(self, k: int, room: int) -> bool:
        """Whether unit ``k``, longer in characters than ``room`` has tokens, surely costs
        more than ``room``: by a bound read from its letters and digits, and when it is far
        longer, by its texts counted only as far as it takes to say so (``tokens_past``), so
        a 50 MB tool output is decided on by a window's worth of it. (A unit not that long
        whose bound says it may fit is priced whole: that costs about as much.) Asked by the
        selection before it prices a unit, and by the pins before they price the newest
        run: a 2 MB paste in a 128k window was counted whole there (its bound of a token
        every 128 characters said it might fit)."""
        assert self._pricer is not None
        if self.unit_costs[k] >= 0:
            return self.unit_costs[k] > room
        start, end = self.starts[k], self.end(k)
        chars = sum(self.chars[start:end])
        if chars <= _BOUNDED_FROM_CHARS_PER_TOKEN * room:
            return False
        if room <= self._over.get((start, end), -1):
            return True  # (found over a room at least this large: a refit asks again)
        texts = [t for m in self.body[start:end] for _, t, _ in message_texts(m)]
        # First by a bound read from the letters and digits at C speed (a log or a JSON
        # dump of megabytes is over the room by its runs of letters alone: counting a
        # window's worth of it cost a first fit more than the rest of the fit), of an
        # opening when that is over the room (each refit asks again of the paste at the
        # cut, with the room then left). A unit not far longer than the room by its
        # characters is asked too (a pasted transcript of 70,000 characters in a room of
        # 28,000 tokens was priced whole to learn that it does not fit, then shortened);
        # only one far longer is then counted as far as it takes (a text with no useful
        # bound: CJK).
        over = sum(opening_at_least(self._pricer.counter, text, room) for text in texts) > room
        if not over and chars > _COUNTED_WHOLE_CHARS_PER_TOKEN * room:
            over = self._counted_over(texts, room)
        if over:
            self._over[(start, end)] = room
        return over

    def _counted_over(self, texts: list[str], room: int) -> bool:
        """Whether ``texts`` cost more than ``room`` tokens, counted only as far as it takes."""
        assert self._pricer is not None
        counter = self._pricer.counter
        least = 0
        for text in texts:
            least += tokens_past(counter, text, room - least)
            if least > room:
                return True
        return False

    def least_message_cost(self) -> int:
        """What every request costs at least: the framing of a user message (requests and
        recaps are user messages, sent whole)."""
        assert self._pricer is not None
        return self._pricer.framing_tokens("user")

    def request_may_fit(self, k: int, room: int) -> bool:
        """``may_fit`` for the unit of an earlier request, also by a bound read from its
        text's letters and digits (``tokens_at_least``) and its images' prices (read from
        their headers): a pasted log or a screenshot that cannot fit what is left of the
        pins' cap is never tokenized. (``may_fit`` for a unit of one message, inlined:
        pinning asks this of hundreds of earlier requests every fit.)"""
        i = self.starts[k]
        if self.priced[i]:
            return self.costs[i] <= room
        if self.chars[i] // MAX_CHARS_PER_TOKEN > room:
            return False
        # once per message (a refit looks at the same requests again), and again only for a
        # larger room than an opening's count was read for: a pasted chapter pinned as its
        # words is then read as far as the window's slack, not tokenized whole to learn that
        # it does not fit
        hit = self._bounds.get(i)
        if hit is None or (hit[0] <= room and not hit[1]):
            hit = self._bounds[i] = self._request_bound(i, room)
        return hit[0] <= room

    def _request_bound(self, i: int, room: int) -> tuple[int, bool]:
        """A lower bound of request ``i``'s price, and whether it is final (False: it is
        the count of its one text's opening, past ``room``; a larger room reads further)."""
        assert self._pricer is not None
        text = self.request_text(i)
        pricer = self._pricer
        framing = pricer.framing_tokens("user")
        least = self._letters_least(text)
        if framing + least <= room:  # (a bound of an opening over the cap says too little)
            least = self._whole_least(text)
        bound = framing + least
        if bound > room:  # (final unless it may be of an opening: a larger room reads on)
            return bound, not self._single_text(i) and least <= (self.pin_cap or least)
        if self._single_text(i):  # its one block: counted exactly, remembered for its price
            bound = framing + self._text_at_least(text, room - framing)
            return bound, bound <= room
        if self.holds_images(i):
            bound += sum(pricer.image(img).tokens for img in self.body[i].images())
        return bound, True

    def holds_images(self, i: int) -> bool:
        """Whether message ``i`` holds images."""
        at = bisect_left(self.images, i)
        return at < len(self.images) and self.images[at] == i

    def _text_at_least(self, text: str, room: int) -> int:
        """``text``'s tokens, exactly, or a bound above ``room`` read from its opening: a
        pasted chapter of CJK (about a token a character, no bound from its letters) is
        tokenized as far as it takes to exceed the room, not whole (``tokens_past``)."""
        assert self._pricer is not None
        return tokens_past(self._pricer.counter, text, room)

    def request_text(self, i: int) -> str:
        """The text of request ``i`` (its text blocks joined by newlines), read, when the
        history is lazy, from its dict."""
        body = self.body
        if type(body) is LazyMessages:
            return body.columns.texts[body.start + i] or ""
        return body[i].text

    def substantive(self, i: int) -> bool:
        """Whether request ``i`` says something (``intent.is_substantive``), once per text;
        a lazy history's requests are read from their dicts (pinning asks it of all)."""
        return self.of_text(i, "substantive", is_substantive)

    def setting(self, i: int) -> Setting | None:
        """What request ``i`` sets, if it is a short setting (``settings_said.setting_of``),
        once per text (a Message's, once per message: its ``text`` joins its blocks anew
        each time it is asked, and a memo by that string's identity missed on every refit:
        the settings of 600 requests of a Gemini body read again each refit, speed79)."""
        return self.of_text(i, "setting", setting_of)

    def newer_settings(self, last: int) -> NewerSettings:
        """The settings the requests up to position ``last`` give, read newest first as far
        down as asked, kept across refits (an append reads only the new requests)."""
        newer = self._newer_settings
        if newer is None or newer.top > last + 1:
            newer = self._newer_settings = NewerSettings(
                lambda p: self.setting(p) if self.roles[p] == "user" else None,
                last,
                # (once per text: the walk asks it of every request it may pin, each refit)
                lambda p: self.of_text(p, "may set short", may_set_short),
            )
        else:
            newer.read_to(last)
        return newer

    def _single_text(self, i: int) -> bool:
        """Whether message ``i`` is one text block (a flat request; read, when lazy, from
        its dict)."""
        body = self.body
        if type(body) is LazyMessages:
            p = body.start + i
            made = body.columns.made[p]
            if made is None:
                return body.columns.one_text(p)
            return len(made.content) == 1 and type(made.content[0]) is Text
        content = body[i].content
        return len(content) == 1 and type(content[0]) is Text

    def one_text_block(self, i: int) -> bool:
        """Whether request ``i``'s text (``request_text``) is the text of one ``Text`` block,
        whatever images it has (read, when lazy, from its dict)."""
        body = self.body
        if type(body) is LazyMessages:
            p = body.start + i
            made = body.columns.made[p]
            if made is None:  # a flat text, or plain text and image parts (DictColumns.scan)
                return body.columns.text_parts(p) == 1
            m = made
        else:
            m = body[i]
        texts = [b for b in m.content if isinstance(b, Text | Recap | ToolResult)]
        return len(texts) == 1 and type(texts[0]) is Text

    def at_least(self, i: int) -> int:
        """A lower bound of message ``i``'s price from its characters; never its exact price,
        when a fit before priced it: a request refused by the bound is refused as a fresh
        fit refuses it (speed57: a Fitter asked twice for the same list that is too big said
        "need 2,010 tokens", then "need at least 2,010 tokens (a lower bound ...)")."""
        return self.chars[i] // MAX_CHARS_PER_TOKEN

    def exact_cost(self, i: int) -> int:
        """Message ``i``'s exact price (priced now if it was not yet)."""
        if not self.priced[i]:
            self._price(i, i + 1, back=False)
        return self.costs[i]

    def units_ok(self, units: Iterable[int], run_from: int | None = None) -> bool:
        """Whether units ``units``, and every unit from ``run_from`` on, are each a valid
        message or a valid tool exchange (each checked once: a refit checks the new ones)."""
        ok = self.unit_ok
        if run_from is not None:  # (of the run, only the unchecked and invalid are looked at)
            # (chained, not listed: a cold fit that keeps 8,000 units held a list of their
            # 8,000 numbers at its peak of memory)
            units = chain(units, _not_valid(ok, run_from))
        for k in units:
            if ok[k] == 2:
                start, end = self.starts[k], self.end(k)
                text = self._unread(start) if end - start == 1 else None
                if text is not None:  # a user's or an answer's text (``unit_ok``'s rules)
                    ok[k] = not text.isspace()
                else:
                    ok[k] = unit_ok(self.body, start, end)
            if not ok[k]:
                return False
        return True

    def of_text(self, i: int, what: str, work: Callable[[str], T]) -> T:
        """``work(request i's text)``, worked out once per text (``request_text``): what
        the pinning asks of every earlier request each refit (whether it says something,
        what it sets, the facts it tells) would otherwise be read again every turn."""
        body = self.body
        if type(body) is not LazyMessages:
            return self.memo(i, what, lambda m: work(m.text))
        text = body.columns.texts[body.start + i] or ""
        if not self.fitted_again:
            return work(text)
        known = self._of_text.get(what)
        if known is None:
            known = self._of_text[what] = {}
        hit = known.get(i)
        if hit is None or hit[0] is not text:
            hit = known[i] = (text, work(text))
        return hit[1]  # type: ignore[return-value]

    def memo(self, i: int, what: str, work: Callable[[Message], T]) -> T:
        """``work(message i)``, worked out once per message (messages are immutable): what a
        refit would otherwise recompute for the whole history every turn."""
        body = self.body
        if type(body) is LazyMessages:  # (straight from the columns: pinning asks this of
            p = body.start + i  # every correction and rule of the history, every refit)
            m = body.columns.made[p] or body.columns.message(p)
        else:
            m = body[i]
        hit = self._memo.get((i, what))
        if hit is None or hit[0] is not m:
            hit = self._memo[(i, what)] = (m, work(m))
        return hit[1]  # type: ignore[return-value]

    def image_labels(
        self, i: int, label: Callable[[Image], str], url_label: Callable[[str], str]
    ) -> Later[str]:
        """How a person knows each image of message ``i`` (``label``; ``url_label`` for the
        URL of one in a dict not read): found now (a lazy history is not read for it), its
        labels worked out when first asked, once per message and once per image."""
        body = self.body
        token: object
        urls: list[str] | None = None
        if type(body) is LazyMessages:
            columns, p = body.columns, body.start + i
            token = columns.made[p] or columns.dicts[p]
        else:
            token = body[i]
        hit = self._labels.get(i)
        if hit is not None and hit[0] is token:
            return hit[1]
        if type(body) is LazyMessages:
            urls = body.columns.image_urls(body.start + i)
        if urls is not None:
            by_url, found = self._url_labels, urls

            def make() -> list[str]:
                labels = []
                for url in found:  # by the string's identity: hashing a data URL reads it all
                    seen = by_url.get(id(url))
                    if seen is None or seen[0] is not url:
                        seen = by_url[id(url)] = (url, url_label(url))
                    labels.append(seen[1])
                return labels

        else:
            made, images = self._image_labels, list(body[i].images())

            def make() -> list[str]:
                labels = []
                for img in images:
                    seen = made.get(id(img))
                    if seen is None or seen[0] is not img:
                        seen = made[id(img)] = (img, label(img))
                    labels.append(seen[1])
                return labels

        later = Later(make)
        self._labels[i] = (token, later)
        return later

    def position(self, message_id: str) -> int | None:
        """Where a message sits in the history (None: not there)."""
        n = len(self.body)
        if self._positioned < n:  # only what was appended since the last look
            start = self._positioned
            self._positions.update(zip(self.ids(range(start, n)), range(start, n), strict=True))
            self._positioned = n
        return self._positions.get(message_id)

    def turns_after(self, i: int) -> int:
        return self.requests_before[-1] - self.requests_before[i + 1]

    def ago(self, message_id: str, position: int | None = None) -> str:
        """'from 3 turns ago': how many user requests came after the request the message
        was sent with (``came_with``)."""
        pos = position if position is not None else self.position(message_id)
        if pos is None:
            return turns_ago(0)
        requests = self.requests_before
        return turns_ago(requests[-1] - came_with(self.roles, requests, pos, None))


def came_with(roles: Sequence[str], requests: Sequence[int], i: int, after: int | None) -> int:
    """The requests up to the one message ``i`` was sent with (``roles`` and ``requests``:
    the index's, or a run's copies; ``after``: what a tool run reaching the end of
    ``roles`` came with). A tool's results sent with the next request, no model turn
    between (as Anthropic and Gemini write them, in the request's own turn), came with it:
    a file a tool returned beside the current request is not "from 1 turn ago"."""
    if roles[i] == "tool":
        k = i + 1
        while k < len(roles) and roles[k] == "tool":
            k += 1
        if k == len(roles):
            return requests[i + 1] if after is None else after
        if roles[k] == "user" and requests[k + 1] > requests[k]:
            return requests[k + 1]
    return requests[i + 1]


def turns_ago(n: int) -> str:
    """'from 3 turns ago': ``n`` user requests came after."""
    return (
        "from the current turn"
        if n == 0
        else ("from 1 turn ago" if n == 1 else f"from {n} turns ago")
    )


def message_texts(m: Message) -> list[tuple[BlockPath, str, Literal["text", "file"]]]:
    """The texts shedding may shorten in ``m``: its text blocks, its file bodies and the
    texts of its tool results, with where each is."""
    found: list[tuple[BlockPath, str, Literal["text", "file"]]] = []
    for j, b in enumerate(m.content):
        if isinstance(b, Text):
            found.append(((j,), b.text, "text"))
        elif isinstance(b, FileAttachment) and b.text is not None:
            found.append(((j,), b.text, "file"))
        elif isinstance(b, ToolResult):
            for k, inner in enumerate(b.content):
                if isinstance(inner, Text):
                    found.append(((j, k), inner.text, "text"))
    return found


def shared_least_with(
    least: list[tuple[int, int]], update: int, shared: int
) -> list[tuple[int, int]]:
    """``least`` (pairs of an update and the least ``shared`` of it and every update after
    it, both rising) after an update ``update`` that kept ``shared`` leading messages:
    the pairs it lowers are gone, and beyond ``_SHARED_KEPT`` pairs two neighbours are
    merged into the later update with the lesser least (an update within them is then told
    fewer messages stand: never more than did). The two merged lose the fewest messages for
    their age, so the spans grow with age: an update d updates ago is told about what it
    would be, less what at most the last ~d/3 updates changed."""
    kept = [pair for pair in least if pair[1] < shared]
    kept.append((update, shared))
    if len(kept) > _SHARED_KEPT:

        def lost_for_age(i: int) -> float:
            return (kept[i][1] - kept[i - 1][1]) / (update - kept[i][0] + 1)

        i = min(range(1, len(kept) - 1), key=lost_for_age)
        kept[i - 1 : i + 1] = [(kept[i][0], kept[i - 1][1])]
    return kept

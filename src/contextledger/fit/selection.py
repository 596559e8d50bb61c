"""Selection: which units are kept.

Newest units first, as a contiguous run back from the end; the newest unit is always kept.
A unit too big for the room left (a long tool output, a pasted log) is not where the run
stops: it is shortened by the shedding policy (texts to head and tail, then images and file
bodies replaced, each reported) to half of that room, and the older units behind it fill
the rest. If that leaves the history over budget, pinned prior requests yield, lowest priority
first (nudges before corrections, the goal last), then recaps; what they free lets the run of recent units grow back. With ``hysteresis`` the cut
is sticky (prompt-cache friendly): last turn's cut is kept while it fits.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import cast

from ..model import Message
from ..pricing.messages import Pricer
from ..report import Notice
from .anchors import Pins, unit_at
from .drops import DroppedUnits
from .options import FitOptions
from .report import Change
from .shedding import shorten, stable_share
from .units import _COUNTED_WHOLE_CHARS_PER_TOKEN as _COUNTED_WHOLE_CHARS_PER_TOKEN
from .units import HistoryIndex, Unit

_start = attrgetter("start")

#: The user turn put before a history that has none (an assistant greeting, an agent
#: session opened by a tool call): Gemini and Claude on Bedrock and Vertex refuse a
#: conversation that does not start with the user.
OPENING_USER_TEXT = "(continue)"
OPENING_USER_ID = "opening-user-turn"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Selection:
    """The units kept (in history order), those that yielded their pin, the unit numbers
    dropped, where the kept run begins, the tokens the kept messages cost (system prompt
    included), and the message id the cut sits on (for a sticky cut next turn)."""

    kept: list[Unit]
    yielded: list[Unit]
    dropped: DroppedUnits
    orphaned: list[int]  # units dropped because the history must start with a user turn
    cut_unit: int
    cut_index: int
    total: int
    cut_id: str | None


def select_units(
    index: HistoryIndex,
    pins: Pins,
    anchor_pos: int | None,
    system_cost: int,
    budget: int,
    opts: FitOptions,
    previous_cut_id: str | None,
    pricer: Pricer,
    changes: list[Change],
    notices: list[Notice],
    regist: Regist | None = None,
) -> Selection:
    """Choose the units kept; the shortening of those kept shortened is reported into
    ``changes`` and ``notices``. ``regist``: with a sticky cut, how the gists are pinned
    again below the cut kept (``_regist``)."""
    pinned = list(pins.units)
    total = system_cost + pins.cost
    walk = _Walk(index, pricer, pins.numbers, anchor_pos, opts, budget, pins.gists)
    cut_unit, total = walk.take(len(index.starts) - 1, total, True)
    yielded, total = _yield_pins(pinned, total, budget)
    if (
        yielded and walk.gists
    ):  # (a gist that yielded gives no room back when its exchange is taken)
        walk.gists = {k: g for k, g in walk.gists.items() if g not in yielded}
    if yielded and cut_unit > 0:
        cut_unit, total = walk.take(cut_unit - 1, total, not walk.recent)
    if walk.shortened and _took_all(index, opts, pins, cut_unit):
        total = walk.regrow(total)  # (nothing older is left to fill the other half)
    if opts.hysteresis > 0 and walk.recent:
        cut_unit, total = walk.reach(unit_at(index, previous_cut_id), cut_unit, total)
    if pins.gists:
        # (a gist is not a drop of its own: its exchange is reported dropped; one whose
        # exchange the run reached is not sent beside it: ``_Walk.take`` gave its room back)
        yielded = [u for u in yielded if u.kind != "gist"]
        pinned = [u for u in pinned if u not in walk.ungisted]
    recent = walk.recent
    cut_id = previous_cut_id
    if opts.hysteresis > 0:
        cut_unit, total, cut_id = _sticky_cut(
            index, opts, previous_cut_id, recent, cut_unit, pins.numbers, total, budget
        )
        if regist is not None:
            pinned, yielded, total, same = _regist(
                index, pins, pinned, yielded, cut_unit, total, budget, regist
            )
            if not same:  # (the gists it kept no longer fit beside the new turns: it moves)
                cut_unit, total, cut_id = _sticky_cut(
                    index, opts, None, recent, cut_unit, pins.numbers, total, budget, True
                )
                pinned, yielded, total, _ = _regist(
                    index, pins, pinned, yielded, cut_unit, total, budget, regist
                )
    # (the walk went newest first: reversed, one run in order, the few pins put in by their
    # starts: a Python key over every kept unit was a third of a refit's selection, and a
    # sort keyed at C speed still read every kept unit: ~4 % of a refit of 4,700 kept)
    kept = _with_pins(recent[::-1], pinned)
    orphaned, total, asked = _start_with_user(index, kept, yielded, total, budget, anchor_pos)
    if pins.gists or any(u.kind == "said" for u in pinned):
        notices.extend(_gist_notices(index, kept, cut_unit))
    for short in walk.shortened:
        if short.unit in kept:
            changes.extend(short.changes)
            notices.extend(short.notices)
    below = sorted(k for k in {*pins.numbers, asked} if k is not None and k < cut_unit)  # a few
    skipped = [k for k in walk.skipped if k != asked]
    # (those skipped under the cut are in its range already)
    beyond = sorted({k for k in skipped if k >= cut_unit})
    dropped = DroppedUnits(cut_unit, tuple(below), tuple(beyond))
    notices.extend(_skipped_notice(index, k) for k in skipped)
    if orphaned:
        cut_unit = orphaned[-1] + 1
    starts = index.starts
    return Selection(
        kept=kept,
        yielded=yielded,
        dropped=dropped,
        orphaned=orphaned,
        cut_unit=cut_unit,
        cut_index=starts[cut_unit] if cut_unit < len(starts) else len(index.body),
        total=total,
        cut_id=cut_id,
    )


def _with_pins(run: list[Unit], pinned: list[Unit]) -> list[Unit]:
    """``run`` (in history order) with ``pinned`` put in place by their starts, each after
    the units starting where it does (as ``insort`` puts them one by one). The pins all
    before the run (the usual case) are sorted apart and put ahead of it in one copy: put in
    one at a time, each moved the whole kept run (a fifth of a refit's selection at 128k)."""
    if not run or max(map(_start, pinned), default=-1) < run[0].start:
        return [*sorted(pinned, key=_start), *run]  # (a stable sort: as insort orders ties)
    for unit in pinned:
        insort(run, unit, key=_start)
    return run


def _took_all(index: HistoryIndex, opts: FitOptions, pins: Pins, cut_unit: int) -> bool:
    """Whether every unit below ``cut_unit`` that the cut may reach is pinned (the walk
    left nothing older to take)."""
    lowest = bisect_left(index.starts, opts.min_cut_index)
    return all(k in pins.numbers for k in range(cut_unit - 1, lowest - 1, -1))


#: Pins the gists again (``anchors.pin_gists``): into the pins given, of the units before
#: the one given, within the tokens given; False when last turn's cut stays there but the
#: gists pinned below it last turn do not all fit the tokens given (they would change).
Regist = Callable[[Pins, int, int], bool]


def _regist(
    index: HistoryIndex,
    pins: Pins,
    pinned: list[Unit],
    yielded: list[Unit],
    cut_unit: int,
    total: int,
    budget: int,
    regist: Regist,
) -> tuple[list[Unit], list[Unit], int, bool]:
    """With a sticky cut, the gists and statements below the cut kept are pinned again, of
    what that cut drops, within the gists' cap and the room the selection left (R28-R1):
    those pinned ahead of it were of what last turn's cut dropped, or of a guess. While the
    cut stays, they are the same (the walk reached the cut with them pinned: the room is at
    least theirs), so the prompt cache's prefix holds; where it moved, they are made of what
    the new one drops. Returns the pinned units, those that yielded, the new total, and
    whether the gists kept below a cut that stays are last turn's (``Regist``)."""
    cut = index.starts[cut_unit] if cut_unit < len(index.starts) else len(index.body)

    def below(u: Unit) -> bool:
        return u.kind in ("gist", "said") and u.start < cut

    old = [u for u in pinned if below(u)]
    total -= sum(u.cost for u in old)
    for u in (*old, *(u for u in yielded if below(u))):
        if u.kind == "said":
            pins.numbers.discard(index.unit_of(u.start))
    pinned = [u for u in pinned if not below(u)]
    yielded = [u for u in yielded if not below(u)]
    pins.gists = {k: g for k, g in pins.gists.items() if index.starts[k] >= cut}
    again = Pins(list(pinned), pins.numbers, pins.lean, pins.gists)
    same = regist(again, cut_unit, budget - total)
    made = again.units[len(pinned) :]
    return pinned + made, yielded, total + sum(u.cost for u in made), same


def _skipped_notice(index: HistoryIndex, k: int) -> Notice:
    """Why unit ``k`` was left out while older messages were kept (its size in characters:
    its tokens may not all be counted)."""
    start, end = index.starts[k], index.end(k)
    what = "tool exchange" if index.kinds[k] == "exchange" else "message"
    return Notice(
        "dropped",
        index.id_of(start),
        f"A {what} of {sum(index.chars[start:end]):,} characters was left out: it does not "
        "fit the room left in the context window even shortened (tool calls and each "
        "message's framing are sent whole). The older messages before it were kept.",
    )


def _start_with_user(
    index: HistoryIndex,
    kept: list[Unit],
    yielded: list[Unit],
    total: int,
    budget: int,
    anchor_pos: int | None = None,
) -> tuple[list[int], int, int | None]:
    """After the system prompt the history starts with a user turn: providers refuse
    (Gemini, Anthropic on Vertex and Bedrock) or misread an answer whose question was cut.
    Leading assistant turns and tool exchanges go from ``kept``; returns their unit numbers,
    the new total, and the unit of a request brought back. Pinned units are user turns, so
    only the oldest recent units go.

    Their room is not left empty: the request they answer (the user turn before them) is
    brought back in place of as few of the oldest of them as it needs, so the rest stay
    with their question (from ``yielded``, changed in place, if its pin had yielded). The
    tool exchange whose results came with the current request (right before it) never goes:
    without its question, it is opened by a user turn of its own (``open_with_user``)."""
    first_user = next((n for n, u in enumerate(kept) if u.messages[0].role == "user"), None)
    if not first_user:  # 0: already starts with a user turn; None: no user turn to start on
        return [], total, None
    lead = kept[:first_user]
    question = _question_before(index, index.unit_of(lead[0].start))
    asked: Unit | None = None
    gone = first_user
    if question is not None:
        room = budget - total + sum(u.cost for u in lead[:-1])  # at least one answer stays
        asked = next((u for u in yielded if u.start == index.starts[question]), None)
        if asked is None and index.request_may_fit(question, room):
            asked = index.unit_alone(question, "prior")
        if asked is not None and asked.cost <= room:
            gone, freed = 0, budget - total
            while asked.cost > freed:
                freed += lead[gone].cost
                gone += 1
        else:
            asked = None
    if anchor_pos is not None and _answered_now(index, index.unit_of(lead[-1].start), anchor_pos):
        gone = min(gone, len(lead) - 1)  # (the exchange the model answers now stays)
    orphaned = [index.unit_of(u.start) for u in lead[:gone]]
    total -= sum(u.cost for u in lead[:gone])
    del kept[:gone]
    if asked is None:
        return orphaned, total, None
    if asked in yielded:
        yielded.remove(asked)
    kept.insert(0, asked)
    return orphaned, total + asked.cost, question


def _answered_now(index: HistoryIndex, k: int, anchor_pos: int) -> bool:
    """Whether unit ``k`` is a tool exchange right before the current request (at
    ``anchor_pos``), unanswered: its results came with the request (Anthropic and Gemini
    send them in the request's own user turn), and the model answers both now."""
    return index.kinds[k] == "exchange" and index.end(k) == anchor_pos


def _question_before(index: HistoryIndex, k: int) -> int | None:
    """The unit of the nearest user message before unit ``k`` (None: there is none)."""
    starts, roles, kinds = index.starts, index.roles, index.kinds
    return next(
        (j for j in range(k - 1, -1, -1) if kinds[j] == "message" and roles[starts[j]] == "user"),
        None,
    )


def open_with_user(
    pricer: Pricer, kept: list[Message], total: int, notices: list[Notice]
) -> tuple[list[Message], int]:
    """A kept history that does not start with a user turn (none at all, or the tool
    exchange whose results came with the current request, its question dropped) gets a
    short one first (reported), so that every provider accepts it; returns the messages
    and the new total."""
    if not kept or kept[0].role == "user":
        return kept, total
    opening = Message.user(OPENING_USER_TEXT, id=OPENING_USER_ID)
    said = (
        "The conversation sent does not start with a user message"
        if any(m.role == "user" for m in kept)
        else "The conversation has no user message"
    )
    notices.append(
        Notice(
            "inserted",
            kept[0].id,
            f"{said}, and providers require one first: a user turn '{OPENING_USER_TEXT}' "
            "was put before it.",
        )
    )
    return [opening, *kept], total + pricer.message(opening).total


def moved_system_notices(msgs: Sequence[Message], roles: list[str] | None = None) -> list[Notice]:
    """A system message from after the conversation began is sent with the system prompt,
    at the top (every writer but OpenAI Chat's has one system slot): one notice each, since
    its place carried meaning ("from now on, …"). ``roles``: the messages' roles, if known."""
    first = next((i for i, m in enumerate(msgs) if m.role != "system"), len(msgs))
    if roles is not None and "system" not in roles[first:]:
        return []  # the usual case, at C speed
    return [
        Notice(
            "moved",
            m.id,
            f"System message {m.id} from the middle of the conversation was moved to the top, "
            "with the system prompt: the model reads it before the messages that came first.",
        )
        for m in msgs[first:]
        if m.role == "system"
    ]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Shortened:
    """A unit kept shortened (``shed`` on its own messages), with what to report if it
    stays in the selection."""

    unit: Unit
    changes: tuple[Change, ...]
    notices: tuple[Notice, ...]


#: A unit is shortened only to a share of the room left of at least this many times the
#: shrink floor (below that, a head and tail say next to nothing of what was there) and
#: this share of the budget (a big window is not filled with dozens of fragments, each
#: tokenized to be made: at most 1/32 of it stays empty for want of them).
_LEAST_SHARE_FLOORS = 4
_LEAST_SHARE_OF_BUDGET = 64
#: The shares of the room a unit is kept shortened to that are remembered per unit
#: (``_Walk._shorten``): the room moves back and forth by a few shares as a session goes on.
_SHARES_KEPT = 4


def shortened_share(room: int, budget: int, shrink_floor: int) -> int:
    """The tokens a unit too big for ``room`` is shortened to: half of it, rounded down to
    an eighth of its power of two (so that the same shortening serves the next turns and
    their prompt-cache prefix), the older units filling the other half; 0 when that share
    is too small to hold a head and tail worth sending.

    >>> shortened_share(3000, 6000, 48), shortened_share(300, 6000, 48)
    (1280, 0)
    """
    share = stable_share(room // 2)
    if share < max(_LEAST_SHARE_FLOORS * shrink_floor, budget // _LEAST_SHARE_OF_BUDGET):
        return 0
    return share


class _Walk:
    """The run of recent units, extended backwards from the newest (``take``): the units
    kept newest first (``recent``) and those kept shortened (``shortened``)."""

    def __init__(
        self,
        index: HistoryIndex,
        pricer: Pricer,
        pinned: set[int],
        anchor_pos: int | None,
        opts: FitOptions,
        budget: int,
        gists: dict[int, Unit] | None = None,
    ) -> None:
        self.index, self.pricer, self.pinned = index, pricer, pinned
        self.anchor_pos, self.opts, self.budget = anchor_pos, opts, budget
        # the gists pinned of earlier exchanges, by unit: one whose exchange the run takes
        # is not sent, its room given back (``ungisted``)
        self.gists = gists or {}
        self.ungisted: list[Unit] = []
        self.recent: list[Unit] = []
        self.shortened: list[_Shortened] = []
        self.skipped: list[int] = []  # units too big for the room even shortened, left out

    def take(self, start_k: int, total: int, first: bool) -> tuple[int, int]:
        """Extend the run backwards from unit ``start_k``; returns (cut unit, total). A
        unit too big for the room left is kept shortened to a share of it (``_shorten``),
        the older units filling the rest. The first unit after the current request (the
        tool exchange the model answers now) is too, and is kept whole if it cannot be
        shortened (the shedding after the selection shortens what it must); when none
        follows the request, the tool exchange right before it (whose results came with
        it) is kept shortened to the room if it must, and left out if it cannot be. A later
        one that cannot be (a call's arguments are sent whole) is left out (``skipped``) and
        the older units fill the room. The run stops where the room is too small to share."""
        index, budget, anchor_pos = self.index, self.budget, self.anchor_pos
        starts, made, min_cut = index.starts, index.made_units, self.opts.min_cut_index
        cut = start_k + 1
        lowest = bisect_left(starts, min_cut)  # (the first unit the cut may reach)
        k = start_k + 1
        while k > 0:
            k -= 1
            if not first and made[k] is not None and (run := self._made_run(k, total, lowest)):
                taken = cast("list[Unit]", made[k - run + 1 : k + 1])  # (a refit's usual case)
                taken.reverse()
                self.recent += taken
                total, cut = total + sum(index.unit_costs[k - run + 1 : k + 1]), k - run + 1
                if self.gists:
                    total -= self._ungist(range(cut, k + 1))
                k = cut
                continue
            if k in self.pinned:
                continue
            # the exchange the model answers now: after the current request, or right
            # before it, unanswered (a tool result and the new question in one user turn)
            must = first and (
                anchor_pos is None or starts[k] > anchor_pos or _answered_now(index, k, anchor_pos)
            )
            first = False
            if starts[k] < min_cut:
                break
            room = budget - total
            u = made[k]  # a refit: the units kept last time are made and priced
            if u is None and index.may_fit(k, room) and not index.surely_over(k, room):
                u = index.unit(k, room=room)  # (one that cannot fit is not tokenized)
            if u is None or total + u.cost > budget:
                share = shortened_share(room, budget, self.opts.shrink_floor)
                if must:  # kept: shortened to its share, or to the room, else whole
                    short = self._shorten(k, room, share) if share else None
                    if room > 0 and (short is None or _lost_images(short)):
                        short = self._shorten(k, room, room)  # (the screenshot it answers with)
                    # (after the request: kept whole, the shedding shortens what it must;
                    # the one before it goes, reported, when it cannot be shortened: the
                    # request is sacred, the exchange is not)
                    if short is None and (anchor_pos is None or starts[k] > anchor_pos):
                        self.recent.append(index.unit(k, room=room))
                        total += self.recent[-1].cost
                        cut = k
                        continue
                elif not share or not self.opts.shorten_to_fill:
                    break
                else:
                    short = self._shorten(k, room, share)
                if short is None:
                    self.skipped.append(k)
                    continue
                self.shortened.append(short)
                u = short.unit
            self.recent.append(u)
            total += u.cost
            cut = k
            if k in self.gists:
                total -= self._ungist((k,))
        return cut, total

    def reach(self, to: int | None, cut: int, total: int) -> tuple[int, int]:
        """Last turn's sticky cut, unit ``to``, kept while it fits (``_sticky_cut``): the run
        extended from ``cut`` back to it as it was kept then (``kept_as_before``), when that
        fits; else the run as it was. (``take`` stops where the room left is too small to
        share: a turn later that room was smaller by the new turns, or by the room a gist
        pinned ahead gave back, and the run stopped short of the cut, which moved by its
        hysteresis step though what it kept still fitted: R29-G1.) Returns (cut unit, total)."""
        if to is None or to >= cut:
            return cut, total
        reached = self.kept_as_before(cut - 1, to, total)
        return (cut, total) if reached is None else (to, reached)

    def kept_as_before(self, start_k: int, to: int, total: int) -> int | None:
        """The run extended from unit ``start_k`` back to unit ``to``, each unit as the last
        fit kept it — whole, or shortened to the share it was last shortened to (``_shorten``'s
        memo, its last used) — when they all fit the budget; returns the new total (None:
        one does not fit, and the run is as it was)."""
        index, budget, made = self.index, self.budget, self.index.made_units
        if to < bisect_left(index.starts, self.opts.min_cut_index):
            return None
        marks = (len(self.recent), len(self.shortened), len(self.ungisted))
        k = start_k + 1
        while k > to:
            k -= 1
            if made[k] is not None and (run := self._made_run(k, total, to)):
                taken = cast("list[Unit]", made[k - run + 1 : k + 1])
                taken.reverse()
                self.recent += taken
                total += sum(index.unit_costs[k - run + 1 : k + 1])
                if self.gists:
                    total -= self._ungist(range(k - run + 1, k + 1))
                k -= run - 1
                continue
            if k in self.pinned:
                continue
            room = budget - total
            u = made[k]
            if u is None and index.may_fit(k, room) and not index.surely_over(k, room):
                u = index.unit(k, room=room)
            if u is None or u.cost > room:
                short = self._shortened_before(k, room)
                if short is None:
                    del self.recent[marks[0] :], self.shortened[marks[1] :]
                    del self.ungisted[marks[2] :]
                    return None
                self.shortened.append(short)
                u = short.unit
            self.recent.append(u)
            total += u.cost
            if k in self.gists:
                total -= self._ungist((k,))
        return total

    def regrow(self, total: int) -> int:
        """The newest unit kept shortened, shortened again to its share and the room left
        (``stable_share`` of it), when the walk took every older unit and left room: its
        share was half the room, for older units that were too few to fill the other half
        (R39-F4: a lone 2 MB log after the request used 44 % of the budget); the new total."""
        old = self.shortened[0]
        room = old.unit.cost + self.budget - total
        share = stable_share(room)
        if share <= old.unit.cost:
            return total
        k = self.index.unit_of(old.unit.start)
        new = self._shorten(k, room, share)
        if new is None or new.unit.cost > room or new.unit.cost <= old.unit.cost:
            return total
        self.shortened[0] = new
        self.recent[self.recent.index(old.unit)] = new.unit
        return total + new.unit.cost - old.unit.cost

    def _shortened_before(self, k: int, room: int) -> _Shortened | None:
        """Unit ``k`` shortened to the share it was last shortened to (``_shorten``'s memo),
        if that fits ``room``."""
        shares: dict[int, object]
        shares = self.index.memo(self.index.starts[k], "shortened", lambda _: {})
        share = next(reversed(shares), None)
        short = self._shorten(k, room, share) if share is not None else None
        return short if short is not None and short.unit.cost <= room else None

    def _ungist(self, taken: Sequence[int]) -> int:
        """The tokens freed by the gists of the exchanges ``taken`` whole."""
        freed = 0
        for k in taken if len(taken) < len(self.gists) else sorted(self.gists):
            gist = self.gists.get(k)
            if gist is not None and k in taken and gist not in self.ungisted:
                self.ungisted.append(gist)
                freed += gist.cost
        return freed

    def _made_run(self, k: int, total: int, lowest: int) -> int:
        """How many units from ``k`` down the loop of ``take`` would keep as they are, one
        after the other (made, not pinned, fitting): ``HistoryIndex.made_run`` up to the
        nearest pinned unit."""
        pinned = max((p for p in self.pinned if p <= k), default=-1)
        return self.index.made_run(k, max(lowest, pinned + 1), self.budget - total)

    def _shorten(self, k: int, room: int, share: int) -> _Shortened | None:
        """Unit ``k`` shortened by the shedding policy to ``share`` tokens of ``room``
        (``shortened_share``); None when it cannot be shortened into it. Its long texts are
        cut by characters first (``cut_long_texts``): what is priced is about the share, not
        the whole unit. Made once per unit and share."""
        index, opts, pricer = self.index, self.opts, self.pricer
        start, end = index.starts[k], index.end(k)

        def make(_: Message) -> tuple[tuple[Message, ...], _Shortened | None]:
            whole = tuple(index.body[start:end])
            index.name_results(pricer, range(start, end))
            # (its notices say when each message was sent, "from 3 turns ago", which moves
            # with every request: marked here, written on each use; made once, a refit said
            # what the first fit said: speed35's fuzz, set B seed 9)
            made = shorten(pricer, opts.shrink_floor, _AGO.format, whole, share)
            if made is None:
                return whole, None
            short = Unit(start, list(made.messages), made.cost, index.kinds[k])
            return whole, _Shortened(short, made.changes, made.notices)

        body = index.body
        # (made once per share, the last few shares of a unit kept: keyed by its share in the
        # index's memo, a unit kept an entry per share it was ever shortened to, each holding
        # its shortened messages, for as long as the session lasted)
        shares: dict[int, tuple[tuple[Message, ...], _Shortened | None]]
        shares = index.memo(start, "shortened", lambda _: {})
        made = shares.pop(share, None)  # (the last used last: ``_shortened_before``)
        if made is not None:
            shares[share] = made
        else:
            if len(shares) >= _SHARES_KEPT:
                del shares[next(iter(shares))]  # (the oldest)
            made = shares[share] = make(body[start])
        of, short = made
        if len(of) != end - start or any(m is not body[i] for i, m in enumerate(of, start)):
            of, short = make(body[start])  # a result replaced under the same call: made anew
        if short is None or not any(_AGO_MARK in n.text for n in short.notices):
            return short
        notices = tuple(
            replace(n, text=_AGO_AT.sub(lambda at: index.ago(at[1]), n.text)) for n in short.notices
        )
        return replace(short, notices=notices)
        return short


#: When a message of a unit kept shortened was sent, as its notices are first made: each
#: use writes it as it is then (``_Walk._shorten``).
_AGO_MARK = "\x00ago:"
_AGO = _AGO_MARK + "{}\x00"
_AGO_AT = re.compile("\x00ago:([^\x00]*)\x00")


def _lost_images(short: _Shortened) -> bool:
    return any(c.action == "replaced" for c in short.changes)


def _gist_notices(index: HistoryIndex, kept: list[Unit], cut_unit: int) -> list[Notice]:
    """One notice for the gists and statements sent though their turns' neighbours were
    dropped: which, and why."""
    cut = index.starts[cut_unit] if cut_unit < len(index.starts) else len(index.body)
    below = kept[: bisect_left(kept, cut, key=_start)]  # (the kept are in order: a few pins)
    gists = [u.messages[0].id for u in below if u.kind == "gist" and u.messages[0].role != "user"]
    words = [u.messages[0].id for u in below if u.kind == "gist" and u.messages[0].role == "user"]
    said = [u.messages[0].id for u in below if u.kind == "said"]
    notices: list[Notice] = []
    if gists:
        notices.append(
            Notice(
                "pinned",
                gists[0],
                f"{len(gists)} earlier tool exchange(s) left out to fit the context window "
                "are sent as a one-line gist each (the call's arguments, and what failed or "
                f"its last line), so that what was written, run and failed stays in view: "
                f"{', '.join(gists)}.",
            )
        )
    if words:
        notices.append(
            Notice(
                "pinned",
                words[0],
                f"{len(words)} earlier message(s) of yours were left out to fit the context "
                "window, with the lines pasted in them; the words you said around those lines "
                f"(a correction, a rule) are sent in their place: {', '.join(words)}.",
            )
        )
    if said:
        notices.append(
            Notice(
                "pinned",
                said[0],
                f"{len(said)} earlier statement(s) of a value by the assistant are kept though "
                f"the turns around them were left out: {', '.join(said)}.",
            )
        )
    return notices


def _yield_pins(pinned: list[Unit], total: int, budget: int) -> tuple[list[Unit], int]:
    """Over budget: gists and statements of values give up their pin first (lowest
    priority first: they are pinned in priority order), then prior requests, lowest
    priority first; then recaps, oldest first."""
    yielded: list[Unit] = []
    gists = [u for u in pinned if u.kind in ("gist", "said")][::-1]
    priors = [u for u in pinned if u.kind == "prior"][::-1]
    recaps = sorted((u for u in pinned if u.kind == "recap"), key=lambda u: u.start)
    for group in (gists, priors, recaps):
        for u in group:
            if total <= budget:
                break
            pinned.remove(u)
            yielded.append(u)
            total -= u.cost
    return yielded, total


def _sticky_cut(
    index: HistoryIndex,
    opts: FitOptions,
    previous_cut_id: str | None,
    recent: list[Unit],
    natural_cut: int,
    pinned: set[int],
    total: int,
    budget: int,
    move: bool = False,
) -> tuple[int, int, str | None]:
    """Prompt-cache-friendly cut: keep last turn's cut while it fits; when it must move,
    move it far enough to leave ``hysteresis`` of the budget free, so the next turns share
    the same prefix (a first fit, with no cut to keep, fills the window). ``move``: it must
    (the gists kept below it last turn no longer fit beside the new turns). Returns the cut unit, the new total and the cut's message id; trims
    ``recent``."""
    starts = index.starts
    first_free = next((k for k in range(len(starts)) if k not in pinned), len(starts))
    if not recent or natural_cut <= first_free:
        chosen = natural_cut  # everything fits: nothing to cut
    elif previous_cut_id is None and not move:
        # A first fit has no prefix to keep: it fills the window (a one-shot prepare() is
        # always one; leaving room free there kept a quarter fewer turns for no cache hit).
        # The cut it leaves is the one the next turn moves, to leave the room free.
        chosen = natural_cut
    else:
        prev = index.position(previous_cut_id) if previous_cut_id else None
        prev_k = bisect_left(starts, prev) if prev is not None else None
        if (
            not move
            and prev_k is not None
            and prev_k < len(starts)
            and starts[prev_k] == prev
            and prev_k >= natural_cut
        ):
            chosen = prev_k
        else:
            kept_cost = sum(u.cost for u in recent)
            target = (1 - opts.hysteresis) * (budget - (total - kept_cost))
            acc = 0
            chosen = bisect_left(starts, recent[0].start)
            for n, u in enumerate(recent):  # newest first
                if n > 0 and acc + u.cost > target:
                    break
                acc += u.cost
                chosen = bisect_left(starts, u.start)
            chosen = max(chosen, natural_cut)
    while recent and bisect_left(starts, recent[-1].start) < chosen:
        total -= recent.pop().cost
    cut_id = index.id_of(starts[chosen]) if chosen < len(starts) else None
    return chosen, total, cut_id

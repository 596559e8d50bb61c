"""Which earlier requests correct or constrain (steering) and which restate the task: read
lazily, newest first, only as far as the pinning asks.

A cold fit of a long session pins a few of its earlier requests within a cap of about a
thousand tokens: the latest restatement of the task, the corrections and rules newest first
until the cap is spent, the first substantive request. Classifying every request first
(``intent.steering_requests``) was most of such a fit on rule-dense sessions (research
papers, contracts, stories: a rule in every other request). Here a request is classified
when the pinning reaches it, in batches (the same function, so the same answer: it reads
each text on its own), and a request whose words surely cannot fit the room the cap has
left is not classified at all: no order of the pinning would pin it. Each text is read
once: a batch classifies its texts fully, for both questions.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Iterator
from itertools import compress, repeat
from sys import maxsize

from ..intent import restating_requests, steering_requests

#: The characters of requests classified in one call, about (``Steering.read``): above
#: what makes the classification search by its prefilters (``intent._PREFILTER_FROM``). Each
#: call screens its texts once a pattern (~8 passes, each encoding and joining its texts): a
#: support chat at 32k read its 2.3M characters of requests in ~40 calls of 2^16; in parts of
#: 2^18, ~10 (~15 % less CPU for the classification; a part's copies stay ~1 MB: speed72).
_CHARS_READ_AT_ONCE = 1 << 18

#: (positions, texts) → the requests that may be pinned within the cap, with the text a pin
#: of each could hold (``HistoryIndex._pinnable``)
Pinnable = Callable[[list[int], list[str]], tuple[list[int], list[str]]]
#: ``Pinnable``, leaving whole each text whose pin's text only an exact count would decide,
#: its request part put in the dict given (by position): ``HistoryIndex._pinnable_deferring``
PinnableDeferring = Callable[[list[int], list[str], dict[int, str]], tuple[list[int], list[str]]]

#: The first batch read; each next one is four times as large (a call has a fixed cost,
#: and a batch reads past what is needed by at most its own size). The rules walk never
#: reads "the rest" in one batch: it used to after two batches when the room looked
#: unspent, but the room was judged before the rules those batches found were pinned, so
#: a rule-dense session (a rule every other request) read every request to pin ~40
#: (speed24: 1,912 of 2,009 texts read, ~25x the pins' need).
_FIRST_BATCH = 16
_GROWTH = 4
#: Positions read since a walk's list was last compacted, at most (or an eighth of the
#: list, when more): a walk steps one by one (in Python) over every position of its list
#: it no longer wants, each refit; a compaction costs the whole list (at C speed), so a
#: long list of requests never read (a long session at 128k) is not copied every refit.
_STALE = 32


#: Positions of the rules walk's list bounded together (``Steering.steering_before``)
_BLOCK = 64


#: Texts whose classification a Steering remembers at most (then forgotten, read again
#: if asked): see ``Steering.remember``.
_KNOWN_MOST = 50_000


def _stale_past(stale: int, size: int) -> bool:
    return stale > _STALE and stale > size >> 3


class _Positions:
    """A set of message positions, one byte a position of the history: a fit that keeps
    6,000 requests unread held two sets of them at its peak of memory (~0.5 MB each, a
    set's table of 16 bytes a slot, for 6,000 ints: more than the voice chat's own dicts of
    those turns; session 23's held-out voice chat). ``in`` and ``discard`` cost a set's."""

    __slots__ = ("_flags",)

    def __init__(self) -> None:
        self._flags = bytearray()

    def __contains__(self, p: int) -> bool:
        flags = self._flags
        return p < len(flags) and flags[p] == 1

    def among(self, positions: list[int]) -> list[int]:
        """Those of ``positions`` (ascending) in the set, in order, at C speed."""
        flags = self._flags
        if positions and positions[-1] >= len(flags):
            flags.extend(bytes(positions[-1] + 1 - len(flags)))
        return list(compress(positions, map(flags.__getitem__, positions)))

    def update(self, positions: Iterable[int]) -> None:
        flags = self._flags
        for p in positions:
            if p >= len(flags):
                flags.extend(bytes(max(p + 1 - len(flags), len(flags) // 2)))
            flags[p] = 1

    def discard(self, p: int) -> None:
        if p < len(self._flags):
            self._flags[p] = 0

    def difference_update(self, positions: Iterable[int]) -> None:
        for p in positions:
            self.discard(p)

    def forget_from(self, prefix: int) -> None:
        del self._flags[prefix:]


class Steering:
    """The requests read so far (positions and texts) and what is known of them."""

    def __init__(
        self,
        pinnable: Pinnable,
        words_least: Callable[[int], int],
        words_most: Callable[[int], int],
        pinnable_deferring: PinnableDeferring | None = None,
    ) -> None:
        self._pinnable = pinnable
        self._pinnable_deferring = pinnable_deferring
        # what a request costs at least pinned as its words (a lower bound read from its
        # letters), and at most what that bound can be (from its length alone: most
        # requests are far below what is left of the cap, and need no reading to say so)
        self._words_least, self._words_most = words_least, words_most
        self._least: dict[int, int] = {}  # words_least, by position (asked once a request)
        self._least_top = -1  # the highest position in ``_least`` (-1: none)
        self.unread: dict[int, str] = {}  # not read for rules yet: position → text
        self._restating_unread = _Positions()  # not read for restatements yet either
        self._prepared = _Positions()  # unread, their text already as a pin could hold it
        self._order: list[int] = []  # the positions added, ascending (some read since)
        # the positions the restatement walk may still want, ascending (some read since:
        # ``_stale_restating`` of them, about), kept apart from ``_order``: once every request
        # is read for restatements, that walk stepped over all the unread ones each refit
        # (~1,400 of a support chat's 1,800 at 128k)
        self._restating_order: list[int] = []
        self._stale_restating = 0
        self.steering: list[int] = []  # read: corrections and rules (ascending)
        self.restating: list[int] = []  # read: restatements of the task (ascending)
        # Kept per conversation (a Fitter's; a fit done once has no next fit): what each text
        # read was found to be, by the text's identity (the text kept alive), so a refit
        # after an edit, an insertion or a removal reads again only the texts it has not
        # read: ``forget_from`` forgets positions, not what a text says (classification
        # reads each text on its own, so a text's answer is the same in any batch; a
        # mid-history edit of a long session read every request after it again).
        self.remember = False
        # id(text) -> (text, corrects or constrains (None: not read for it), restates the
        # task (None: not read for it))
        self._known: dict[int, tuple[str, bool | None, bool | None]] = {}
        # the texts read that hold no ASCII letter (id(text) -> text): the rules' read of a
        # text the restatements' walk read looks no more for the words both read
        # (``intent._word_bytes``)
        self._letterless: dict[int, str] = {}

    def add(self, positions: list[int], texts: list[str]) -> None:
        """New requests, after every one known (positions ascending)."""
        self.unread.update(zip(positions, texts, strict=True))
        self._restating_unread.update(positions)
        # (the requests read are left out, at C speed: each refit's walks stepped over all
        # of them; every unread position is in the list, so the rest are the ones read)
        if _stale_past(len(self._order) + len(positions) - len(self.unread), len(self._order)):
            self._order = list(filter(self.unread.__contains__, self._order))
        self._order += positions
        self._restating_order += positions

    def forget_from(self, prefix: int) -> None:
        """Forget the requests from position ``prefix`` on (an edit or a removal)."""
        for known in (self.steering, self.restating, self._order, self._restating_order):
            del known[bisect_left(known, prefix) :]
        if self.unread and next(reversed(self.unread)) >= prefix:
            self.unread = {p: t for p, t in self.unread.items() if p < prefix}
            self._restating_unread.forget_from(prefix)
            self._prepared.forget_from(prefix)
        if self._least_top >= prefix:  # (an append leaves it be: rebuilt every refit, it
            # was ~1 % of a refit of a long session)
            self._least = {p: n for p, n in self._least.items() if p < prefix}
            self._least_top = max(self._least, default=-1)

    def _keep_pinnable(self, todo: list[int], asked: list[int], texts: list[str]) -> None:
        """Of the requests ``todo`` worked out, keep those that may be pinned (``asked``,
        each with the text its pin would hold); forget the others."""
        kept = set(asked)
        for p in todo:
            if p not in kept:
                del self.unread[p]
                self._restating_unread.discard(p)
                self._stale_restating += 1
        self.unread.update(zip(asked, texts, strict=True))

    def _prepare(self, positions: list[int]) -> tuple[list[int], list[str]]:
        """The requests at ``positions`` that may be pinned, with the text a pin of each
        could hold (worked out once a request); the others are forgotten (neither)."""
        todo = [p for p in positions if p not in self._prepared]
        if todo:
            asked, texts = self._pinnable(todo, [self.unread[p] for p in todo])
            self._keep_pinnable(todo, asked, texts)
            self._prepared.update(asked)
        chosen = [p for p in positions if p in self.unread]
        return chosen, [self.unread[p] for p in chosen]

    def read(self, positions: list[int]) -> None:
        """Read the unread requests at ``positions`` for rules (and for restatements)."""
        if self._pinnable_deferring is not None and not self.remember:
            self._read_deferring(positions)
            return
        asked, texts = self._prepare(positions)
        # (requests the restatement walk read already are not read for it again)
        unread = self._restating_unread
        if self.remember and self._known:
            asked, texts = self._recall(positions, asked, texts)
        # In parts: the classification folds and encodes copies of the texts it reads, and
        # a cold fit of a chat of 10,000 short requests read them all at once (a peak of
        # twice the input's size: redteam25 RT25-10). Each text is read on its own, so the
        # parts' answers are the whole's; a part holds enough characters that it is
        # searched as the whole would be (by RE2's prefilters: parts of 256 requests each
        # cost a fresh process's first fit ~130 ms more, RT26-16).
        lo = 0
        while lo < len(asked):
            hi, chars = lo + 1, len(texts[lo])
            while hi < len(asked) and chars < _CHARS_READ_AT_ONCE:
                chars += len(texts[hi])
                hi += 1
            part = asked[lo:hi]
            restating_too = any(p in unread for p in part)
            steering, restating = _steering_once_a_text(
                texts[lo:hi], restating_too, self._texts_without_letters()
            )
            for j in steering:
                insort(self.steering, part[j])
            for j in restating:
                if part[j] in unread:
                    insort(self.restating, part[j])
            if self.remember:
                self._note(texts[lo:hi], steering, restating if restating_too else None)
            lo = hi
        for p in asked:
            del self.unread[p]
            self._restating_unread.discard(p)
            self._prepared.discard(p)
        self._stale_restating += len(asked)

    def _read_deferring(self, positions: list[int]) -> None:
        """``read`` of a fit done once, counting only the mid-length requests whose whole
        text and request part read differently (``_read_restating_deferring``): each is
        read whole, in parts as ``read`` reads them, and the parts of those a count would
        decide are read too, in one call."""
        asked, texts, parts = self._prepare_deferring(positions)
        unread = self._restating_unread
        steers: set[int] = set()  # indices of ``asked``
        restates: set[int] = set()
        lo = 0
        while lo < len(asked):  # (in parts: see ``read``)
            hi, chars = lo + 1, len(texts[lo])
            while hi < len(asked) and chars < _CHARS_READ_AT_ONCE:
                chars += len(texts[hi])
                hi += 1
            restating_too = any(p in unread for p in asked[lo:hi])
            steering, restating = _steering_once_a_text(
                texts[lo:hi], restating_too, self._texts_without_letters()
            )
            steers.update(lo + j for j in steering)
            restates.update(lo + j for j in restating if asked[lo + j] in unread)
            lo = hi
        if parts:
            at = [j for j, p in enumerate(asked) if p in parts]
            steering, restating = _steering_once_a_text(
                [parts[asked[j]] for j in at],
                any(asked[j] in unread for j in at),
                self._texts_without_letters(),
            )
            part_steers, part_restates = set(steering), set(restating)
            differ = {
                j: k
                for k, j in enumerate(at)
                if (j in steers) != (k in part_steers)
                or (asked[j] in unread and (j in restates) != (k in part_restates))
            }
            if differ:
                # (decided as ``read`` decides them: the same text)
                decided, held = self._prepare([asked[j] for j in differ])
                pin_text = dict(zip(decided, held, strict=True))
                for j, k in differ.items():
                    if pin_text[asked[j]] is texts[j]:
                        continue  # whole: as read whole
                    steers.discard(j)
                    restates.discard(j)
                    if k in part_steers:
                        steers.add(j)
                    if asked[j] in unread and k in part_restates:
                        restates.add(j)
        for j in steers:
            insort(self.steering, asked[j])
        for j in restates:
            insort(self.restating, asked[j])
        for p in asked:
            del self.unread[p]
            unread.discard(p)
            self._prepared.discard(p)
        self._stale_restating += len(asked)

    def _prepare_deferring(
        self, positions: list[int]
    ) -> tuple[list[int], list[str], dict[int, str]]:
        """``_prepare``, but a request whose pin's text (whole or its request part) only its
        exact count would decide is left whole and unprepared (``_prepare`` decides it when
        asked), its part returned by position."""
        assert self._pinnable_deferring is not None
        todo = [p for p in positions if p not in self._prepared]
        deferred: dict[int, str] = {}
        if todo:
            asked, texts = self._pinnable_deferring(todo, [self.unread[p] for p in todo], deferred)
            self._keep_pinnable(todo, asked, texts)
            self._prepared.update(p for p in asked if p not in deferred)
        chosen = [p for p in positions if p in self.unread]
        return chosen, [self.unread[p] for p in chosen], deferred

    def _read_restating(self, positions: list[int]) -> None:
        """Read the requests at ``positions`` for restatements only (``restating_requests``:
        a pass over their words of a restatement, a tenth of a full read)."""
        if self._pinnable_deferring is not None and not self.remember:
            self._read_restating_deferring(positions)
            return
        asked, texts = self._prepare(positions)
        known = self._known if self.remember else None
        todo = list(range(len(texts)))
        if known:
            todo = []
            for j, text in enumerate(texts):
                hit = known.get(id(text))
                if hit is not None and hit[0] is text and hit[2] is not None:
                    if hit[2]:
                        insort(self.restating, asked[j])
                else:
                    todo.append(j)
        reading = [texts[j] for j in todo]
        found = restating_requests(reading, self._texts_without_letters())
        for j in found:
            insort(self.restating, asked[todo[j]])
        if known is not None:
            yes = set(found)
            for k, text in enumerate(reading):
                hit = known.get(id(text))
                steers = hit[1] if hit is not None and hit[0] is text else None
                self._keep(text, steers, k in yes)
        self._restating_unread.difference_update(positions)
        self._stale_restating += len(positions)

    def _read_restating_deferring(self, positions: list[int]) -> None:
        """``_read_restating`` of a fit done once, counting only the mid-length requests
        whose whole text and request part read differently: which of the two a pin could
        hold is decided by an exact count (``HistoryIndex._pinnable``), and a restatement
        walk of a chat of mid-length pastes counted every one it read (~0.5 ms each, most
        of a cold fit), where reading both texts for a restatement is a few µs."""
        asked, texts, parts = self._prepare_deferring(positions)
        found = set(restating_requests(texts, self._texts_without_letters()))
        if parts:
            at = [j for j, p in enumerate(asked) if p in parts]
            in_part = set(
                restating_requests([parts[asked[j]] for j in at], self._texts_without_letters())
            )
            differ = [j for k, j in enumerate(at) if (j in found) != (k in in_part)]
            if differ:
                # (decided as a read for rules will decide them: the same text)
                decided, held = self._prepare([asked[j] for j in differ])
                pin_text = dict(zip(decided, held, strict=True))
                for j in differ:
                    if pin_text[asked[j]] is texts[j]:
                        continue  # whole: as read whole
                    found.symmetric_difference_update((j,))  # its part reads otherwise
        for j in sorted(found):
            insort(self.restating, asked[j])
        self._restating_unread.difference_update(positions)
        self._stale_restating += len(positions)

    def _recall(
        self, positions: list[int], asked: list[int], texts: list[str]
    ) -> tuple[list[int], list[str]]:
        """Of the requests about to be read (``asked``, ``texts``), those whose texts were
        read before: their answers noted (as ``read`` would note them) and the positions
        marked read; the others are returned, to be read."""
        known, unread = self._known, self._restating_unread
        left_at: list[int] = []
        recalled: list[int] = []
        for j, (p, text) in enumerate(zip(asked, texts, strict=True)):
            hit = known.get(id(text))
            if hit is None or hit[0] is not text or hit[1] is None:
                left_at.append(j)
                continue
            wanted = p in unread
            if wanted and hit[2] is None:
                left_at.append(j)  # (read for rules, not for restatements: read again)
                continue
            if hit[1]:
                insort(self.steering, p)
            if wanted and hit[2]:
                insort(self.restating, p)
            recalled.append(p)
        for p in recalled:
            del self.unread[p]
            unread.discard(p)
            self._prepared.discard(p)
        self._stale_restating += len(recalled)
        if len(left_at) == len(asked):
            return asked, texts
        return [asked[j] for j in left_at], [texts[j] for j in left_at]

    def _note(self, texts: list[str], steering: list[int], restating: list[int] | None) -> None:
        """Remember what ``texts`` were read to be (``restating`` None: not read for it)."""
        steers = set(steering)
        restates = set(restating) if restating is not None else None
        known = self._known
        for j, text in enumerate(texts):
            if restates is None:
                hit = known.get(id(text))
                again = hit[2] if hit is not None and hit[0] is text else None
            else:
                again = j in restates
            self._keep(text, j in steers, again)

    def _texts_without_letters(self) -> dict[int, str]:
        """The texts read found to hold no ASCII letter, by identity (forgotten past
        ``_KNOWN_MOST``: a Fitter's reads go on for the whole conversation)."""
        if len(self._letterless) >= _KNOWN_MOST:
            self._letterless.clear()
        return self._letterless

    def _keep(self, text: str, steers: bool | None, restates: bool | None) -> None:
        known = self._known
        if len(known) >= _KNOWN_MOST and id(text) not in known:
            known.clear()
        known[id(text)] = (text, steers, restates)

    def read_all(self) -> None:
        if self.unread:
            self.read(list(self.unread))
        self._order, self._restating_order, self._stale_restating = [], [], 0

    def restating_before(self, pos: int) -> Iterator[int]:
        """Newest first, the restatements of the task before position ``pos``."""
        unread = self._restating_unread
        if _stale_past(self._stale_restating, len(self._restating_order)):
            self._restating_order = unread.among(self._restating_order)
            self._stale_restating = 0
        return self._walk(
            self._restating_order, self.restating, pos, unread.__contains__, self._read_restating
        )

    def steering_before(self, pos: int, room: Callable[[], int]) -> Iterator[int]:
        """Newest first, the corrections and rules before position ``pos``, leaving out
        (unread) those whose words surely cost more than ``room()`` (the room the cap has
        left, which only shrinks as the walk goes on: one ruled out stays ruled out)."""
        unread, least = self.unread, self._least
        words_least, words_most = self._words_least, self._words_most
        # the position last found wanted and the room it was found wanted in: after each
        # position it yields, the walk asks again of the unread request it stopped at, and
        # each ask read that request's length (a Message's text joined anew: ~400 asks a
        # refit of a 9,000-item Responses agent at 32k, ~1 ms). Unread still and asked with
        # the same room, it is wanted still (``least`` is bounded by ``words_most``)
        last_wanted = [-1, 0]

        def wanted(p: int) -> bool:
            if p not in unread:
                return False
            left = room()
            if p == last_wanted[0] and left == last_wanted[1]:
                return True
            # (the bound worked out before decides alone: ``words_most`` is above it. A
            # refit's walk steps over every request ruled out before, and asking the
            # upper bound first read each one's text again: ~250 a refit of a long session)
            n = least.get(p)
            if n is None:
                if words_most(p) <= left:
                    last_wanted[:] = p, left
                    return True
                n = least[p] = words_least(p)
                self._least_top = max(self._least_top, p)
            if n <= left:
                last_wanted[:] = p, left
                return True
            return False

        # (the least of each block of positions, as known when the walk starts, -maxsize
        # where one is not: a block whose least is over what the cap has left holds no
        # request the walk wants, and is stepped over whole; the room shrinks as rules are
        # pinned, and a refit of a 10,000-message session at 32k asked ~1,700 positions one
        # by one, each refit, speed84)
        order = self._order
        lows = [
            min(map(least.get, order[at : at + _BLOCK], repeat(-maxsize)))
            for at in range(0, len(order), _BLOCK)
        ]
        return self._walk(order, self.steering, pos, wanted, self.read, (lows, room))

    @staticmethod
    def _walk(
        order: list[int],
        found: list[int],
        pos: int,
        wanted: Callable[[int], bool],
        read: Callable[[list[int]], None],
        blocks: tuple[list[int], Callable[[], int]] | None = None,
    ) -> Iterator[int]:
        """Newest first, the positions of ``found`` before ``pos``, reading (``read``) in
        growing batches, newest first, the ``wanted`` requests unread (all among ``order``,
        the positions that may be, ascending). ``blocks``: a lower bound of what each block
        of ``_BLOCK`` positions of ``order`` costs, and the room: a block over the room
        holds none wanted."""
        j = bisect_left(order, pos)  # order[:j]: the positions still to look at
        at, batch = pos, _FIRST_BATCH
        while True:
            while j:
                if blocks is not None:
                    block = (j - 1) // _BLOCK
                    if blocks[0][block] > blocks[1]():
                        j = block * _BLOCK  # (the rest of the block: none wanted)
                        continue
                if wanted(order[j - 1]):
                    break
                j -= 1
            k = bisect_left(found, at) - 1
            newest = found[k] if k >= 0 else -1
            if j and order[j - 1] > newest:  # an unread request is newer: read a batch
                read([p for p in order[max(0, j - batch) : j] if wanted(p)])
                batch *= _GROWTH
                continue
            if newest < 0:
                return
            yield newest
            at = newest

    def is_steering(self, pos: int) -> bool:
        """Whether the request at ``pos`` corrects or constrains (read now if unread, with
        the next unread ones after it: the oldest requests are asked about in order)."""
        if pos in self.unread:
            at = bisect_left(self._order, pos)
            self.read([p for p in self._order[at : at + _FIRST_BATCH] if p in self.unread])
        k = bisect_left(self.steering, pos)
        return k < len(self.steering) and self.steering[k] == pos


def _steering_once_a_text(
    texts: list[str], restating: bool, letterless: dict[int, str]
) -> tuple[list[int], list[int]]:
    """``steering_requests`` of ``texts``, each distinct text read once: it reads each text
    on its own, so a text said again answers as it did (a session's nudges, "ok, keep
    going", said again and again, were about half the texts a cold fit read for rules:
    review46's ops agent, speed94)."""
    first: dict[str, int] = {}
    of = [first.setdefault(text, len(first)) for text in texts]
    if len(first) == len(texts):
        return steering_requests(texts, restating, letterless)
    steering, restated = steering_requests(list(first), restating, letterless)
    steers, restates = set(steering), set(restated)
    return (
        [i for i, j in enumerate(of) if j in steers],
        [i for i, j in enumerate(of) if j in restates],
    )

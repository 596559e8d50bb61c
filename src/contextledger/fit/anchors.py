"""Anchors: what the fit pins before anything else is chosen.

- The **current request** (the newest user request) is kept verbatim, always, or
  ``BudgetError`` says plainly that it cannot fit. Only by explicit option may its attached
  file bodies (``drop_current_attachments``) or images (``drop_current_images``) go.
- **Earlier requests**, within ``prior_anchor_tokens`` in total: first the request that
  set the task (the latest that restates it, the session's first substantive request
  that is no rule nor correction, and its first substantive one even if it reads as a
  rule) and the user's corrections and constraints (a setting at its newest value: one a
  newer request set again is not pinned), then up to ``prior_anchors`` in all with other
  requests, newest first, short nudges ("ok", "keep going") last, never displacing them;
  then the user's other substantive requests fill the cap, oldest first, so the pins stay
  put as the session grows (what the user asked or told: a rule said in words no table
  reads is one of them); all of them older than the newest run of the history that is
  kept whatever is pinned (a request in it needs no pin). A request too big for the cap is skipped (not a stop), so one pasted log
  cannot evict an older, short goal; nor can a pasted document that happens to restate the
  task (one that cannot fit the cap by its lower bound is not read for restatements and
  corrections at all: ``HistoryIndex`` leaves it out). Over budget, pins yield lowest
  priority first. The goal, a correction or a rule that carries a screenshot is pinned as
  its words, the image replaced by a placeholder: the words are what steer the task, and a
  screenshot (~800-1,600 tokens) would take the cap from the other rules, or miss it and
  leave the task unpinned (the history could then only start at a later user turn, the
  room before it empty). The images go back in if the window holds them beside what was
  chosen, else each is reported (``settle_lean_pins``).
- **Gists** of earlier tool exchanges the cut leaves out that failed, wrote a file or ran a
  command, and the assistant's short statements of a value, within ``gist_cap`` (1/12 of
  the history's budget, at most 2,048 tokens; ``pin_gists``). With a sticky cut, of the
  exchanges before last turn's cut, and made again below the cut the selection keeps
  (``selection.select_units``): the same gists while the cut stays (R28-R1).
- **Recaps** (compaction summaries).

Every rule about which messages are pinned lives in this module.
"""

from __future__ import annotations

import unicodedata
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import islice, repeat
from operator import is_, itemgetter
from sys import maxsize
from typing import Any, Literal, TypeVar

from ..errors import BudgetError, ContentError
from ..intent import is_nudge, is_small_talk, rules_by_shape, steering_requests
from ..lexicon.deferral import DEFERRED, WAITS_FOR, WHEN_FREE
from ..lexicon.done import on_topic, reported_done
from ..model import Block, FileAttachment, Image, Message, ProviderContent, Text, ToolResult
from ..prefilter import superset, touched
from ..pricing.messages import Pricer
from ..pricing.text import (
    CachedCounter,
    EstimateCounter,
    TiktokenCounter,
    TokenCounter,
    estimate_tokens,
    tokens_at_least,
)
from ..providers.native import reference_of
from ..report import Notice
from ..settings_said import NewerSettings
from .budget import Budget, too_big
from .drops import file_label
from .edits import image_label, placeholder, replace_block
from .gists import (
    ANSWER_MOST_CHARS,
    FAILED,
    GIST_ID_PREFIX,
    GIST_REACH,
    GIST_VISITS,
    PASTE_CHARS,
    SAID,
    SAID_CHARS,
    TOLD_ELISION,
    TOLD_TURN_CHARS,
    Gist,
    GistCandidates,
    OwnWords,
    Read,
    answered_proposal,
    chat_statement,
    excerpt_told,
    excerpt_without,
    exchange_gist,
    failure_opening,
    gist_steps,
    least_rank,
    may_have_failed,
    numbers_aside,
    only_pasted,
    own_sentences,
    own_words,
    paste_sized,
    proposes,
    repeated,
    rule_excerpts,
    sentence_keys,
    sentence_shape,
    several_sentences,
    told_excerpt,
    told_rank,
    told_sentences,
    value_statement,
    wording,
    wording_hash,
    words_beside_paste,
    words_gist,
)
from .lazy import LazyMessages
from .options import DEFAULT_PRIOR_ANCHOR_TOKENS, FitOptions, cap_steps
from .report import Change
from .request_part import _HEAD_CHARS, _TAIL_CHARS, request_part
from .shedding import Shortened, shorten, shorten_attached_files, stable_share
from .units import HistoryIndex, Unit, UnitKind

T = TypeVar("T")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Lean:
    """An earlier request pinned without its images: the unit pinned, and what to report
    if the images stay out."""

    unit: Unit
    changes: tuple[Change, ...]
    notices: tuple[Notice, ...]
    #: a file attached to it was left out (``_lean``): sent shortened instead when the room
    #: left holds more of it (``_shortened_pin``: the file's head and tail, as a fit shrinks it)
    file_left_out: bool = False


@dataclass(slots=True, eq=False, repr=False)
class Pins:
    """The pinned units (anchor first, then prior requests newest first, then recaps),
    their unit numbers in the index, and the requests pinned without their images."""

    units: list[Unit] = field(default_factory=list)
    numbers: set[int] = field(default_factory=set)
    lean: dict[int, Lean] = field(default_factory=dict)
    #: the gists of earlier tool exchanges, by the exchange's unit number (the exchange is
    #: dropped, reported as such: its unit number is not among ``numbers``)
    gists: dict[int, Unit] = field(default_factory=dict)

    def add(self, k: int, unit: Unit) -> None:
        self.units.append(unit)
        self.numbers.add(k)

    @property
    def cost(self) -> int:
        return sum(u.cost for u in self.units)


def current_request_position(index: HistoryIndex) -> int | None:
    """Where the newest user request of the history ``index`` holds is (None: there is
    none), from its roles and recaps: an agent's run of calls since the request is not
    read into Messages again each refit (the lazy history made one for each, ~0.15 ms a
    refit after 25 rounds of calls at 128k)."""
    roles, recaps = index.roles, index.recaps
    k = len(roles) - 1
    while k >= 0:
        if roles[k] == "user":
            at = bisect_left(recaps, k)
            if at == len(recaps) or recaps[at] != k:
                return k
        k -= 1
    return None


#: How many other substantive requests the pinning looks at, at most, to fill the cap, and
#: how many earlier requests it steps over to find them
_FILL_LOOKS = 48
_FILL_VISITS = 8 * _FILL_LOOKS

#: How many substantive requests not acted on may open a session before the one that set
#: the task is looked for no further (a chat without tools acts on none: its first is kept)
_OPENING_REMARKS = 3

#: The first of the caps the earlier requests are pinned within (``cap_steps``): the
#: smallest window's
_FIRST_PRIOR_CAP = DEFAULT_PRIOR_ANCHOR_TOKENS

#: Why a lean pin's words are kept, as its image's notice says it: the goal, a correction
#: or a rule (``_pin_requests``), or another of the user's requests (``_fill``)
_STEERS = "they set the task or a rule"
_ASKED = "what you asked or told"


def prior_request_order(
    newest_first: Callable[[], Iterable[int]],
    oldest_first: Iterable[int],
    restating: Iterable[int],
    steering: Iterable[int],
    substantive: Callable[[int], bool],
    is_rule: Callable[[int], bool] | None = None,
    acted_on: Callable[[int], bool] | None = None,
    terse_task: Callable[[int], bool] | None = None,
    pasted_only: Callable[[int], bool] | None = None,
    task_out: list[int] | None = None,
    pasted_rules: Callable[[int], bool] | None = None,
    rules_by_shape: Callable[[], Iterable[int]] | None = None,
    deferred: Callable[[], Iterable[int]] | None = None,
) -> Iterator[tuple[int, bool]]:
    """Earlier requests in the order they are pinned, each with whether it is pinned
    beyond the ``prior_anchors`` count (still within the token cap); lazily, so a fit asks
    only what the pinning needs.

    The request that set the task (the latest that restates it, the session's first
    substantive request that is no rule nor correction, and its first substantive request
    of any kind) comes first, then the user's corrections and constraints (newest
    first), then other substantive requests, and short nudges ("ok", "keep going") last.
    ``restating`` and ``steering`` are the substantive requests that restate the task and
    that correct or constrain, newest first (``intent.steering_requests``); ``newest_first``
    gives all the earlier requests, newest first, each time it is called. ``is_rule``: whether
    a request is among ``steering`` (``steering`` is then read only as far as the pinning
    asks; without it, all of it at once). ``acted_on``: whether the assistant set to work
    on a request (a tool call before the next one): when the session's first substantive
    request was not acted on (an opening remark, "Haha, that test name is hilarious."), the
    first of the next few that was is the task, pinned ahead of it. ``terse_task``: whether
    a request too short to be substantive asks for something ("Tune the workers."): the
    session's opening request, if so (and acted on, where ``acted_on`` is given), is pinned
    with the task. ``pasted_only``: whether a
    request is pasted lines and none of the user's own words (``gists.only_pasted``: an
    attachment's text, a log): it shows something, it does not set the task, so it is
    looked past (pinned with the task only when none else is found); and an opening request
    that reads as a rule ("this never happened before, but I need you to …") and that the
    assistant set to work on is the task, ahead of a later one (retain34 set A: a helpdesk
    session's pasted mail thread was pinned as the task and the goal beside it was lost).
    ``task_out``: filled, before the first is given, with the requests pinned as the task
    (the rest of those pinned first are corrections and rules). ``pasted_rules``: whether a
    request among ``steering`` steers only for what it pastes (a handbook's page, a
    lease's clauses): no rule of the user's, it is given after all of hers.
    ``rules_by_shape``: newest first, the requests whose own words read as a rule or a
    correction only by their shape (``_by_shape``: a denial or a value set against another,
    in a language the lexicon does not read word by word), given after the rules the
    lexicon reads and before those only pasted. ``deferred``: newest first, the requests the
    user put off for later (``defers``: "After the migration, also update the docs."),
    given after every rule and before the other requests: a task still owed, which a
    newer chatty turn must not displace (retain44: a Swahili session lost it at 16k).

    >>> from contextledger.intent import is_substantive
    >>> said = {0: "Please migrate the billing service to Postgres 16.", 1: "ok",
    ...         2: "Actually, use Redis not Memcached.", 3: "keep going"}
    >>> list(prior_request_order(lambda: [3, 2, 1, 0], [0, 1, 2, 3], [], [2],
    ...                          lambda k: is_substantive(said[k])))
    [(0, True), (2, True), (3, False), (1, False)]
    >>> said[0], said[1] = "Never change the database schema.", "Fix the report timezone bug."
    >>> list(prior_request_order(lambda: [3, 2, 1, 0], [0, 1, 2, 3], [], [2, 0],
    ...                          lambda k: is_substantive(said[k])))[:3]
    [(1, True), (0, True), (2, True)]
    """
    goal = list(islice(restating, 1))
    if is_rule is None:
        steering = list(steering)
        is_rule = set(steering).__contains__
    # the first substantive request of the session that is not a rule or a correction (a
    # session may open with its rules, "Never touch the schema.", then the task: the rules
    # are pinned below anyway); else the first substantive one
    first = fallback = acted = terse = pasted = None
    ruled_task = False  # the opening request reads as a rule and was acted on
    looked = 0  # substantive requests after the first that is no rule
    opening = True
    for k in oldest_first:
        if opening and terse_task is not None and not substantive(k) and terse_task(k):
            # (in a session of tool work, only if the assistant set to work on it: an opener
            # answered with "What should I work on?" — "I'm back", "see screenshot" — set no
            # task; the request that did is found below)
            terse = k if acted_on is None or acted_on(k) else None
        opening = False
        if not substantive(k):
            continue
        if first is not None:
            looked += 1
            if looked > _OPENING_REMARKS:
                break
        if pasted_only is not None and pasted_only(k):
            pasted = k if pasted is None else pasted
            continue
        if not is_rule(k):
            first = k if first is None else first
            if acted_on is None or acted_on(k):
                acted = k
                break
        elif first is None and fallback is None:
            fallback = k
            ruled_task = acted_on is not None and acted_on(k)
    # ... and the session's first substantive request even when it reads as a rule ("I'd
    # like you to draft the policy; keep the project code in mind throughout."): the rules
    # are pinned newest first, so in a session of many rules an opening one was never
    # reached and the task was lost (speed24 held-out, crm and policy chats)
    # ... and a session that opens with a terse task ("Tune the workers.", fewer words than
    # a substantive request) pins it too: a later, longer setting ("Use 8 workers for the
    # API.") is not the task (R31-G1)
    tasks = (fallback, acted, first) if ruled_task else (acted, first, fallback)
    for task in (*tasks, terse):
        if task is not None and task not in goal:
            goal.append(task)
    if pasted is not None and not goal:  # (pasted lines set the task only when none else does:
        goal.append(pasted)  # "Another batch:" and a log was pinned whole beside it, R39-F1)
    chosen = set(goal)
    if task_out is not None:
        task_out.extend(goal)
    for k in goal:
        yield k, True
    held: list[int] = []  # (rules only for what they paste: after hers)
    for k in steering:
        if k not in chosen:
            if pasted_rules is not None and pasted_rules(k):
                held.append(k)
                continue
            chosen.add(k)
            yield k, True
    for k in rules_by_shape() if rules_by_shape is not None else ():
        if k not in chosen:
            chosen.add(k)
            yield k, True
    for k in held:
        if k not in chosen:
            chosen.add(k)
            yield k, True
    for k in deferred() if deferred is not None else ():
        if k not in chosen:
            chosen.add(k)
            yield k, True
    for k in newest_first():
        if k not in chosen and substantive(k):
            yield k, False
    for k in newest_first():
        # (a short rule or a terse task is pinned already)
        if not substantive(k) and k not in chosen:
            yield k, False


#: A turn of the user's own this long at most is read for rules by their shape alone
#: (``_by_shape``): a longer one that pastes nothing is a document or a long talk, whose
#: denials are no rule of hers
_SHAPED_RULE_CHARS = 600


def _rules_by_shape(text: str) -> tuple[str, ...]:
    """The sentences of the user's own words in ``text`` (beside what it pastes, or the
    whole of a short turn that pastes nothing) that read as a rule or a correction by their
    shape (``intent.rule_by_shape``); pasted lines are never read (a forwarded chat's
    "… mat karna" is no rule of hers)."""
    return _rules_by_shape_each([text])[0]


def _rules_by_shape_each(texts: Sequence[str]) -> list[tuple[str, ...]]:
    """``_rules_by_shape`` of each of ``texts``, all their sentences screened in one call
    (``intent.rules_by_shape``: a call has a fixed cost, ~10 µs, about a sentence's reading)."""
    said = [_own_shaped_sentences(text) for text in texts]
    kept = set(rules_by_shape([s for sentences in said for s in sentences]))
    found: list[tuple[str, ...]] = []
    at = 0
    for sentences in said:
        found.append(tuple(s for i, s in enumerate(sentences, at) if i in kept))
        at += len(sentences)
    return found


def _own_shaped_sentences(text: str) -> list[str]:
    """The sentences of ``text`` read for rules by their shape (``_rules_by_shape``)."""
    lines = text.count("\n")
    if lines <= 1:  # (no paste: the whole turn is hers, if short)
        own = [text] if len(text) <= _SHAPED_RULE_CHARS else []
    else:
        own = words_beside_paste(text) or []  # (a few lines of hers: no rule by shape)
    return [s for words in own for s in own_sentences(words)]


#: The requests ``_shaped_newest_first`` reads for rules by their shape at once, at first
#: (each next batch four times as many, up to ``_SHAPED_AHEAD_MOST``): a walk that stops
#: early reads at most a batch it does not need, and a cold walk of the whole history makes
#: a few calls, not one a request
_SHAPED_AHEAD = 16
_SHAPED_AHEAD_MOST = 1024


@dataclass(slots=True, eq=False, repr=False)
class _ShapedAhead:
    """``_rules_by_shape`` of requests read ahead of a walk down the history, by text (the
    same text gives the same answer, wherever it is)."""

    index: HistoryIndex
    found: dict[str, tuple[str, ...]] = field(default_factory=dict)
    batch: int = _SHAPED_AHEAD

    def read(self, k: int, text: str) -> tuple[str, ...]:
        """``_rules_by_shape(text)`` (request unit ``k``'s), with the requests' below it."""
        found = self.found.get(text)
        if found is not None:
            return found
        index, starts = self.index, self.index.starts
        kinds, roles = index.kinds, index.roles
        below = (j for j in range(k - 1, -1, -1) if kinds[j] == "message")
        texts = [text]
        for j in below:
            if len(texts) >= self.batch:
                break
            if roles[starts[j]] == "user":
                texts.append(index.request_text(starts[j]))
        self.batch = min(self.batch * 4, _SHAPED_AHEAD_MOST)
        self.found = dict(zip(texts, _rules_by_shape_each(texts), strict=True))
        return self.found[text]


def _by_shape(
    index: HistoryIndex,
    older: int,
    substantive: Callable[[int], bool],
    found: set[int],
) -> Iterator[int]:
    """Of the earlier requests before unit ``older`` (newest first), those whose own words
    hold a sentence that reads as a rule or a correction by its shape (``_rules_by_shape``)
    said in no other request: the rules and corrections of a user whose language the lexicon
    does not read word by word (Hinglish "… reminder mat bhejna", Greek "Δεν θέλω …",
    Vietnamese "Tôi không muốn …": R42-F1/F3/F4 lost them at every window beside pasted
    chats). A sentence said again and again ("bijli phir nahi aayi") is chatter, not a rule:
    each is looked up in the text of every request (``_SaidOnce``, kept for the next fit).
    Each given is added to ``found``."""
    starts = index.starts
    said_once: _SaidOnce | None = None
    ahead = _ShapedAhead(index)  # (what the walk read a hit by is read from again here)
    for k in _shaped_newest_first(index, older, substantive, ahead):
        said = index.of_text(starts[k], "rules by shape", partial(ahead.read, k))
        if said_once is None:
            said_once = _said_once(index)
        if any(map(said_once.once, said)):
            found.add(k)
            yield k


@dataclass(slots=True, eq=False, repr=False)
class _ShapedScan:
    """Which requests of units ``lo:units`` of one index say something and hold a sentence
    read as a rule by its shape (``hits``, newest first): what ``_by_shape`` walks, kept for
    the next fit. Each unit's answer is read from its message alone, so it stands while
    every update since kept units ``0:units`` grouped and their messages the same
    (``_units_stand``, as ``_SaidOnce``); a refit then reads only the units new to it. Every
    refit after a user's dict walked all the earlier requests of the history again to find
    the few (~0.35 ms of a 2,000-dict session's ~3.8 ms refit, speed97)."""

    updates: int  # the index's update it stands for (``HistoryIndex.updates``)
    units: int  # one past the newest unit read
    shape: bytes  # where units ``0:units`` start
    kinds: list[UnitKind]  # what they are
    read_to: int  # one past the last message of unit ``units - 1``
    lo: int  # the oldest unit read (units ``lo:units`` are)
    hits: list[int]


def _shaped_newest_first(
    index: HistoryIndex,
    older: int,
    substantive: Callable[[int], bool],
    ahead: _ShapedAhead | None = None,
) -> Iterator[int]:
    """Newest first, the requests before unit ``older`` that say something (``substantive``)
    and hold a sentence read as a rule by its shape: the same units, in the same order, as
    walking every request before ``older`` newest first and asking each, for ``hits`` read
    in an earlier fit stand (``_ShapedScan``): the units new since then are read first (all
    of them: an append's few), then the hits kept, then, lazily, the units older than any
    read so far (a one-shot fit reads only as far down as the pinning asks), each read by
    ``ahead`` (in batches, ``_ShapedAhead``)."""
    starts, kinds, roles = index.starts, index.kinds, index.roles
    read = (ahead or _ShapedAhead(index)).read
    tables = _tables(index)
    kept = tables.shaped_scan
    if kept is not None and not _units_stand(index, kept):
        kept = None

    def shaped(k: int) -> bool:
        return (
            kinds[k] == "message"
            and roles[starts[k]] == "user"
            and substantive(k)
            and bool(index.of_text(starts[k], "rules by shape", partial(read, k)))
        )

    if kept is None:
        kept = _ShapedScan(index.updates, older, b"", [], 0, older, [])
        kept.shape, kept.kinds, kept.read_to = _units_shape(index, older)
    elif kept.units < older:  # (the units new since: read now, so what is kept stays whole)
        new = [k for k in range(older - 1, kept.units - 1, -1) if shaped(k)]
        shape, unit_kinds, read_to = _units_shape(index, older)
        kept = _ShapedScan(
            index.updates, older, shape, unit_kinds, read_to, kept.lo, new + kept.hits
        )
    else:
        kept.updates = index.updates  # (it stands in this update too)
    tables.shaped_scan = kept
    hits, known = kept.hits, len(kept.hits)
    for i in range(known):
        if hits[i] < older:
            yield hits[i]
    while kept.lo > 0:
        kept.lo -= 1
        k = kept.lo
        if shaped(k):
            hits.append(k)
            if k < older:
                yield k


def _units_shape(index: HistoryIndex, units: int) -> tuple[bytes, list[UnitKind], int]:
    """Where units ``0:units`` start, what they are, and one past the last message of unit
    ``units - 1`` (what ``_units_stand`` compares)."""
    starts = index.starts
    read_to = starts[units] if units < len(starts) else len(index.body)
    return starts[:units].tobytes(), index.kinds[:units], read_to


def _deferred(
    index: HistoryIndex, newest_first: Iterable[int], substantive: Callable[[int], bool]
) -> Iterator[int]:
    """Of the requests ``newest_first`` (units), those that put a request off for later
    (``deferring``), each read once per text (``HistoryIndex.of_text``), and not reported
    done by the assistant since (``_reported_done_since``: a task no longer owed); of the
    newest ``_FILL_LOOKS`` substantive ones only (a cold fit of a long chat reads no more:
    the fill keeps the oldest anyway). The first text not known yet has all of them read
    with it (``deferring_each``: a screen's call costs about a request's reading)."""
    starts = index.starts
    asked = list(islice((k for k in newest_first if substantive(k)), _FILL_LOOKS))
    read: dict[str, tuple[str, ...]] = {}

    def put_off_in(text: str) -> tuple[str, ...]:
        if not read:
            texts = [index.request_text(starts[k]) for k in asked]
            read.update(zip(texts, deferring_each(texts), strict=True))
        found = read.get(text)
        return deferring(text) if found is None else found

    for k in asked:
        put_off = index.of_text(starts[k], "deferring", put_off_in)
        if put_off and not _reported_done_since(index, starts[k], put_off):
            yield k


def _reported_done_since(index: HistoryIndex, at: int, asked: tuple[str, ...]) -> bool:
    """Whether the assistant reported each of ``asked`` (sentences of the request at
    position ``at``) done in a later turn ("Done: added docs/export_guide.md."), read as
    the recap reads it (``lexicon.done``: a report on the request's topic).

    A refit reads only the turns added since the last read (``_DoneRead``): a sentence is
    done when any turn after ``at`` reports it, so the sentences the turns read before
    reported stay reported while every update since kept those turns, and the request at
    ``at`` with them (``HistoryIndex.shared_since``). Each refit after a user's dict read
    every report since each request put off against each of its sentences again (~40 % of
    a 2,000-dict agent's refit at 32k)."""
    roles = index.roles
    reads = _tables(index).done_reads
    last = reads.get(at)
    start, closed = at + 1, frozenset[str]()
    if (
        last is not None
        and last.read_to <= len(roles)
        and index.shared_since(last.updates) >= last.read_to
    ):
        start, closed = last.read_to, last.closed
    still = [s for s in asked if s not in closed]
    if still:
        reports = [
            said
            for p in range(start, len(roles))
            if roles[p] == "assistant"
            for said in index.memo(p, "reported done", _reported_done)
        ]
        closed |= {s for s in still if any(on_topic(s, said) for said in reports)}
    reads[at] = _DoneRead(index.updates, len(roles), closed)
    return closed.issuperset(asked)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _DoneRead:
    """What ``_reported_done_since`` read for the request put off at one position: the
    sentences of it the assistant's turns before ``read_to`` reported done, read in the
    index's update ``updates``."""

    updates: int
    read_to: int
    closed: frozenset[str]


def _reported_done(m: Message) -> list[set[str]]:
    """The topics of the sentences of an assistant's turn ``m`` that report work done."""
    return reported_done(own_sentences(m.text))


#: A request put off is said in a turn of its own, or beside what the turn pastes: a
#: longer text of the user's own (a long brief) is not read for one (as
#: ``intent.is_decision``)
_DEFERRING_CHARS = 400
#: ... and beside a paste, in a few lines of her own at most
_DEFERRING_BESIDE_MOST = 3


def deferring(text: str) -> tuple[str, ...]:
    """The sentences in which the user puts a request off in ``text``: "later" or "don't
    forget" (``DEFERRED``), "when you get a chance" (``WHEN_FREE``), a condition first
    ("After the deploy, update the docs.": ``WAITS_FOR``); in a turn of at most
    ``_DEFERRING_CHARS``, or in her own few lines beside what a longer one pastes.

    >>> deferring("Here's the log.\\n" + "12:00 WARN retry\\n" * 30 + "Later, bump the limit.")
    ('Later, bump the limit.',)
    """
    return deferring_each([text])[0]


def deferring_each(texts: Sequence[str]) -> list[tuple[str, ...]]:
    """``deferring`` of each of ``texts``, all their sentences screened at once
    (``_may_defer``): Python's engine read each sentence for the three large alternations
    (~90 µs a request, ~5 ms of a cold fit reading its newest requests for one put off),
    and most sentences hold none of their words.

    >>> deferring_each(["ok", "Fix the login bug.", "When you get a chance, bump the limit."])
    [(), (), ('When you get a chance, bump the limit.',)]
    """
    said = [_deferring_sentences(text) for text in texts]
    every = [s for sentences in said for s in sentences]
    may = _may_defer(every)
    found: list[tuple[str, ...]] = []
    at = 0
    for sentences in said:
        found.append(
            tuple(
                s
                for i, s in enumerate(sentences, at)
                if (may is None or i in may)
                and (DEFERRED.search(s) or WHEN_FREE.search(s) or WAITS_FOR.match(s))
            )
        )
        at += len(sentences)
    return found


def _deferring_sentences(text: str) -> list[str]:
    """The sentences of ``text`` read for a request put off (``deferring``)."""
    if len(text) <= _DEFERRING_CHARS:
        own = [] if is_nudge(text) else [text]
    else:
        own = words_beside_paste(text) or []
        if len(own) > _DEFERRING_BESIDE_MOST:
            return []  # (a document's many short paragraphs: read, they cost a fit ~50 ms)
    return [s for words in own for s in own_sentences(words)]


#: The words that put a request off (``deferring``), each read in a sentence of its own
_DEFERRAL = (DEFERRED, WHEN_FREE, WAITS_FOR)


def _may_defer(sentences: Sequence[str]) -> set[int] | None:
    """The indices of ``sentences`` in which a word of ``_DEFERRAL`` may be found, by RE2's
    supersets of them (``prefilter.touched``: one search of the sentences joined, a
    pattern); None: every one may (no RE2, or a text it cannot read)."""
    may: set[int] = set()
    for pattern in _DEFERRAL:
        found = touched(superset(pattern, True), sentences)
        if found is None:
            return None
        may |= found
    return may


def defers(text: str) -> bool:
    """Whether the user puts a request off in ``text`` (:func:`deferring`).

    >>> defers("After the migration, also update the docs."), defers("ok, keep going")
    (True, False)
    >>> defers("Baadaye niandalie ripoti ya mauzo."), defers("Show me the sales report.")
    (True, False)
    """
    return bool(deferring(text))


#: Where a sentence looked up in the requests' text is (``_SaidOnce.found``) when it is not
#: there once: nowhere, or more than once
_NEVER, _AGAIN = -2, -1


@dataclass(slots=True, eq=False, repr=False)
class _SaidOnce:
    """The text of every user request in units ``0:units`` of one index, joined by newlines
    (``joined``, of ``requests`` texts), and where each sentence looked up in it is
    (``found``: where it starts when it is there once, else ``_NEVER`` or ``_AGAIN``; and the
    length of the text it was looked up in). Made once per history and grown with it
    (``_said_once``): ``_by_shape`` is walked several times a fit (pins are made with and
    without the gists' room kept), and it joined every request's text and counted each
    sentence in it each time (a 3,000-dict Thai chat's cold fit 79 -> 170 ms, speed90)."""

    updates: int  # the index's update it stands for (``HistoryIndex.updates``)
    units: int
    shape: bytes  # where units ``0:units`` start
    kinds: list[UnitKind]  # what they are
    read_to: int  # one past the last message of unit ``units - 1``
    joined: str
    requests: int
    found: dict[str, tuple[int, int]] = field(default_factory=dict)

    def once(self, sentence: str) -> bool:
        """Whether ``sentence`` is in the requests' text once (as ``str.count`` counts:
        occurrences that do not overlap)."""
        joined, size = self.joined, len(sentence)
        at, looked = self.found.get(sentence, (_NEVER, 0))
        if looked < len(joined):  # (not looked up yet, or in a shorter text: an append's)
            # an occurrence not looked at yet ends in the text added since
            since = max(0, looked - size + 1)
            if at == _NEVER:
                at = _found_once(joined, sentence, since)
            elif at >= 0 and joined.find(sentence, max(at + size, since)) >= 0:
                at = _AGAIN
            self.found[sentence] = at, len(joined)
        return at >= 0


def _found_once(joined: str, sentence: str, start: int) -> int:
    """Where ``sentence`` starts in ``joined[start:]`` when it is there once (occurrences
    that do not overlap), else ``_NEVER`` or ``_AGAIN``."""
    at = joined.find(sentence, start)
    if at < 0:
        return _NEVER
    return at if joined.find(sentence, at + len(sentence)) < 0 else _AGAIN


def _said_once(index: HistoryIndex) -> _SaidOnce:
    """The requests' text of ``index`` (``_SaidOnce``): the one made for an earlier fit of
    it while every message it read stands and the units it read are grouped as they were
    (after an append, the new requests' text added to it), else made anew."""
    starts, kinds, roles = index.starts, index.kinds, index.roles
    n = len(starts)
    tables = _tables(index)
    kept = tables.said_once
    if kept is not None and _units_stand(index, kept):
        if kept.updates == index.updates and kept.units == n:
            return kept
        at, joined, requests = kept.units, kept.joined, kept.requests
    else:
        kept, at, joined, requests = None, 0, "", 0
    added = [
        index.request_text(starts[u])
        for u in range(at, n)
        if kinds[u] == "message" and roles[starts[u]] == "user"
    ]
    if added:
        joined = "\n".join([joined, *added] if requests else added)
    made = _SaidOnce(
        index.updates,
        n,
        starts.tobytes(),
        list(kinds),
        len(index.body),
        joined,
        requests + len(added),
        kept.found if kept is not None else {},
    )
    tables.said_once = made
    return made


def _units_stand(index: HistoryIndex, kept: _SaidOnce | _ShapedScan) -> bool:
    """Whether ``kept`` read only messages every update of ``index`` since kept, grouped in
    the same units (of which the first new one, if any, starts after them)."""
    starts, units = index.starts, kept.units
    return (
        units <= len(starts)
        and index.shared_since(kept.updates) >= kept.read_to
        and (units == len(starts) or starts[units] >= kept.read_to)
        and starts[:units].tobytes() == kept.shape
        and index.kinds[:units] == kept.kinds
    )


def is_terse_task(text: str) -> bool:
    """Whether a request too short to be substantive (``intent.is_substantive``) still
    asks for something: two words of letters or more (or, in a script written without
    spaces, some characters), no nudge, no small talk, no question. Asked only of a
    session's opening request: a lone word ("first", "hello") or a word and a number
    ("ok 0") sets no task.

    >>> is_terse_task("Tune the workers."), is_terse_task("Fix CI"), is_terse_task("调优进程")
    (True, True, True)
    >>> is_terse_task("ok, go"), is_terse_task("hi there"), is_terse_task("status?")
    (False, False, False)
    >>> is_terse_task("first"), is_terse_task("ok 0")
    (False, False)
    """
    if "?" in text or "？" in text:
        return False
    words = [w for w in text.split() if any(ch.isalpha() for ch in w)]
    if len(words) < 2 and not (words and _unspaced_word(words[0])):
        return False
    return not is_nudge(text) and not is_small_talk(text)


def _unspaced_word(word: str) -> bool:
    """Whether ``word`` is at least three letters of a script written without spaces
    (Chinese, Japanese, Korean syllables, Thai, Lao, Myanmar, Khmer): one "word" there is
    a clause."""
    letters = [ch for ch in word if ch.isalpha()]
    return len(letters) >= 3 and all(
        "\u0e00" <= ch <= "\u0eff"
        or "\u1000" <= ch <= "\u109f"
        or "\u1780" <= ch <= "\u17ff"
        or unicodedata.east_asian_width(ch) in ("W", "F")
        for ch in letters
    )


def pin_anchors(
    index: HistoryIndex,
    pricer: Pricer,
    anchor_pos: int | None,
    anchor: Message | None,
    anchor_cost: int,
    opts: FitOptions,
    *,
    earlier_requests: bool = True,
    kept_room: int | None = None,
    gist_cap: int = 0,
    gist_before: int | None = None,
) -> Pins:
    """Pin the current request, up to N prior requests within their cap (unless
    ``earlier_requests`` is False: a history that fits whole needs none, so none is
    classified), and every recap. ``kept_room``: the tokens the selection has for the
    history beside the current request (None: the cut may be kept where it was, so the
    run kept is not known here); the requests in the newest run that fits it with the cap
    and the recaps spent are kept whatever is pinned, so none of them is pinned (nor read
    for rules): the cap goes to older ones. ``gist_cap``: the tokens the gists of earlier
    tool exchanges and statements of values may take (``pin_gists``; only with
    ``kept_room`` known: no sticky cut); their room is kept from the run of recent turns
    when there are gists to pin (the requests that run then leaves are pinned). With
    ``kept_room`` not known (a sticky cut), the gists are of the exchanges before unit
    ``gist_before`` (``sticky_gists_before``)."""
    if gist_cap > 0 and kept_room is not None and earlier_requests:
        pins, older = _pin_requests(
            index, pricer, anchor_pos, anchor, anchor_cost, opts, True, kept_room, gist_cap
        )
        if older is not None:
            pin_gists(index, pricer, pins, older, gist_cap)
        if not pins.gists and not any(u.kind == "said" for u in pins.units):
            pins, _ = _pin_requests(
                index, pricer, anchor_pos, anchor, anchor_cost, opts, True, kept_room, 0
            )
    else:
        pins, _ = _pin_requests(
            index, pricer, anchor_pos, anchor, anchor_cost, opts, earlier_requests, kept_room, 0
        )
        if gist_cap > 0 and gist_before is not None and earlier_requests:
            pin_gists(index, pricer, pins, gist_before, gist_cap)
    for pos in index.recaps:
        k = index.unit_of(pos)
        if k not in pins.numbers:
            pins.add(k, index.unit_alone(k, "recap"))
    return pins


def _answered_now(index: HistoryIndex, anchor_pos: int | None) -> int | None:
    """The unit of the tool exchange whose results came with the current request (at
    ``anchor_pos``), if there is one: the model answers it now, it is no earlier tool call
    to gist (``pin_gists``). Kept shortened, or left out and reported when it cannot be: its
    gist, "[Earlier tool call, left out to fit: read a.py]", told the model of a read whose
    output it never saw, beside the question about it."""
    if anchor_pos is None:
        return None
    k = index.unit_of(anchor_pos) - 1
    if k < 0 or index.kinds[k] != "exchange" or index.end(k) != anchor_pos:
        return None
    return k


def _pin_requests(
    index: HistoryIndex,
    pricer: Pricer,
    anchor_pos: int | None,
    anchor: Message | None,
    anchor_cost: int,
    opts: FitOptions,
    earlier_requests: bool,
    kept_room: int | None,
    reserve: int,
) -> tuple[Pins, int | None]:
    """The current request and the earlier ones pinned (``pin_anchors``), and the unit the
    earlier requests pinned are before (None: none was looked for). ``reserve``: the tokens
    kept from the run of recent turns for the gists."""
    pins = Pins()
    older: int | None = None
    starts, roles = index.starts, index.roles
    if anchor_pos is not None and anchor is not None:
        anchor_unit = index.unit_of(anchor_pos)
        pins.add(anchor_unit, Unit(starts[anchor_unit], [anchor], anchor_cost, "anchor"))
    if earlier_requests and anchor_pos is not None and anchor is not None:
        anchor_unit = index.unit_of(anchor_pos)
        # the earlier requests pinned are before it
        run = _newest_run(index, anchor_unit, kept_room, opts, reserve)
        older = anchor_unit if run is None else min(anchor_unit, run)
        told = _current_turn_fits(run, anchor_unit)  # (whether facts told may take room)
        older_pos = starts[older] if older < len(starts) else len(index.body)
        read = index.requests_read
        # (the latest restatement, read from the newest: one kept anyway pins no older one)
        goal = tuple(p for p in islice(read.restating_before(anchor_pos), 1) if p < older_pos)
        kinds = index.kinds  # "message": one message, not a tool exchange, not a recap

        def requests(units: Iterable[int]) -> Iterator[int]:
            return (k for k in units if kinds[k] == "message" and roles[starts[k]] == "user")

        def owed() -> tuple[int, ...]:
            """The requests put off and still owed, read at once (``_Asked.deferred``)."""
            says = _says_something(index, _request_facts(index, pricer))
            return tuple(_deferred(index, requests(range(older - 1, -1, -1)), says))

        asked = _Asked(older, told, kept_room, goal, ())
        carried = _carried_request_pins(
            index, pricer, anchor_pos, anchor, anchor_cost, opts, asked, owed
        )
        if carried is not None:
            return carried, older
        asked = replace(asked, deferred=owed())
        deferred = asked.deferred
        facts = _request_facts(index, pricer)
        substantive = _says_something(index, facts)

        def among_requests(positions: Iterator[int]) -> Iterator[int]:
            """The units of the earlier requests at ``positions`` (newest first)."""
            for pos in positions:
                k = index.unit_of(pos)
                if starts[k] == pos and kinds[k] == "message":
                    yield k

        spent = found = 0
        least = index.least_message_cost()
        by_paste = _read_once(facts, "by_paste", index, partial(_steers_by_paste_only, index))
        pasted_lines = _read_once(facts, "pasted", index, partial(_pasted_lines, index))
        rule_excerpt = _read_once(
            facts, "rules", index,
            lambda k: _rule_excerpt_pin(index, pricer, k, partial(_next_rules, index, k)),
        )  # fmt: skip
        words_may_fit = _words_fit(index, pricer, facts)
        tasks: list[int] = []  # (the requests pinned as the task: never excerpted)
        # (the requests read as rules by their shape alone: the lexicon reads no rule in their
        # sentences either, and is not asked to excerpt them)
        shaped: set[int] = set()

        stale = 0  # stale settings skipped
        newer = index.newer_settings(anchor_pos)  # (kept across refits)
        text_of = _texts_once(index, facts)
        pinned_words = _PinnedWords(text_of)
        with_screenshot: list[int] = []  # (recent requests pinned as their words first)
        # (read once for every step: what they give depends on no pin nor room)
        by_shape = _replayed(_by_shape(index, older, substantive, shaped))
        # (what pinning each fact told costs at least, as each cap step's walk found it: the
        # next step steps over those its room cannot hold at once)
        told_walk = _ToldWalk()
        need = 0  # (the most the screenshots put back may take: ``_Asked.need``)
        # the pins a smaller cap (a smaller window's) chooses are chosen first, the rest of the
        # cap after them: a bigger window never loses a pin a smaller one keeps (a paste too
        # big for 8k's cap fitted 12k's, was pinned ahead of the rules after it, and they
        # were lost: retain51)
        for cap in cap_steps(_FIRST_PRIOR_CAP, opts.prior_anchor_tokens):
            # (a correction or rule that surely cannot fit what is left of the cap, even as its
            # words, is never pinned: it is not read for rules)
            # (read lazily within this step: the room it sees is this step's, as spent now)
            steering = read.steering_before(older_pos, lambda: cap - spent)  # noqa: B023
            order = prior_request_order(
                lambda: requests(range(older - 1, -1, -1)),
                requests(range(older)),
                among_requests(iter(goal)),
                among_requests(steering),
                substantive,
                lambda k: read.is_steering(starts[k]),
                (lambda k: _acted_on(index, k, anchor_pos)) if index.opens else None,
                lambda k: is_terse_task(index.request_text(starts[k])),
                lambda k: _pasted_only(index, k),
                tasks,
                by_paste,
                by_shape,
                lambda: iter(deferred),
            )
            for k, must in order:
                if k in pins.numbers:
                    continue  # (pinned within a smaller cap)
                if not must and found >= opts.prior_anchors:
                    break  # the rest are not "must" either
                room = cap - spent
                if room < least:
                    break  # the cap is spent: no request costs less than its framing
                if pinned_words.said_again(k):
                    if pinned_words.repeats > _FILL_VISITS:
                        break  # (a chat of one command said thousands of times is not walked)
                    continue
                pasted = pasted_lines(k) if must and k not in tasks and by_paste(k) else None
                if pasted is not None and pasted <= pinned_words.pasted:
                    pinned_words.repeats += 1
                    if pinned_words.repeats > _FILL_LOOKS:
                        break  # (the same pages pasted hundreds of times)
                    continue  # (what it pastes is pinned from a newer turn)
                rules = (
                    rule_excerpt(k)
                    if must and k not in tasks and pasted is None and k not in shaped
                    else None
                )
                if rules is not None:
                    excerpt, said = rules
                    if pinned_words.rules_said(said):
                        if pinned_words.repeats > _FILL_LOOKS:
                            break  # (a history of the same few rules said hundreds of times)
                        continue  # (its rules are pinned from a newer turn)
                    most = min(room, _WHOLE_OVER_EXCERPT * excerpt.unit.cost)
                    # (by a bound from its characters first: a long turn is not counted)
                    if index.request_may_fit(k, most) and index.exact_cost(starts[k]) <= most:
                        unit = index.unit_alone(k, "prior")  # (mostly its rules: whole)
                    elif excerpt.unit.cost <= room:
                        unit = excerpt.unit
                        pins.lean[k] = excerpt  # (sent whole if the window holds it)
                    else:
                        continue
                    pins.add(k, unit)
                    pinned_words.add(k, said)
                    spent += unit.cost
                    found += 1
                    continue
                if must and not words_may_fit(k, room):
                    continue  # (known from its letters: most candidates once the cap is nearly spent)
                if newer.reset(starts[k]):
                    # the newest value stands: the one it replaced takes no room ahead of it (a
                    # chat that sets its knobs again and again is not walked to its start)
                    stale += 1
                    if stale > _FILL_LOOKS:
                        break
                    continue
                # the goal, corrections and rules are pinned as their words: their images (and
                # the lines pasted into a request too long for the cap) are put back after the
                # selection if the window holds them (settle_lean_pins)
                lean = _lean(index, pricer, k, cap) if must else None
                if must and lean is None:
                    lean = _words_first(index, pricer, k, room, _STEERS)
                elif not must and index.holds_images(starts[k]):
                    # (a recent turn pinned with its screenshot whole took 1,144 of a 1,875 cap
                    # at 16k, so the requests after it went, which 8k's cap, too small for the
                    # screenshot, kept: review47 R47-ret3. Its words first; the screenshot goes
                    # back if the window holds it, else it is reported)
                    lean = _lean(index, pricer, k, cap, _ASKED)
                    if lean is not None:
                        with_screenshot.append(k)
                elif not must:
                    # (a recent paste as its words too: which requests are recent moves with
                    # the run kept, and a 12k fit pinned a newer 700-token log whole where 8k
                    # kept it in its run, and lost a correction 8k pinned: retain51)
                    lean = _words_first(index, pricer, k, room, _ASKED)
                if lean is not None:
                    if lean.unit.cost > room:
                        continue
                    unit = lean.unit
                    pins.lean[k] = lean
                # (by a bound from its characters first: a long request is not counted)
                elif _fits_whole(index, k, room):
                    unit = index.unit_alone(k, "prior")
                else:
                    continue
                pins.add(k, unit)
                pinned_words.add(k)
                if pasted is not None:
                    pinned_words.pasted |= pasted
                spent += unit.cost
                found += 1
            room = cap - spent
            # (a screenshot's words only where no recap quotes them: ``gists`` is off where a
            # recap states what the cut leaves out, and its quotes are of what a fit with the
            # gists on keeps)
            lean_cap = cap if opts.gists else 0
            if told:
                spent += _pin_told(
                    index, pricer, pins, older, room // _TOLD_SHARE, newer, told_walk
                )
            room = cap - spent
            # (what the user says again and again is looked past whether or not the current turn
            # fits whole: a chit-chat turn said every few turns ("back from the meeting, where
            # were we?") was pinned ahead of the rest only on the turns whose tail was long,
            # and a kept Preparer and a fresh prepare of the same list pinned differently)
            said_often = _said_in_frame(index, older)
            spent += _fill(
                index, pricer, pins, requests(range(older)), room, newer, lean_cap, said_often,
                (substantive, words_may_fit, text_of),
            )  # fmt: skip
            # (the screenshots last: the requests' words, the facts told and the fill first)
            room = cap - spent
            if with_screenshot:
                need = max(need, room + pins.cost - anchor_cost)
            if kept_room is not None:  # (nor more than the window holds beside what is pinned)
                room = min(room, kept_room - pins.cost)
            spent += _screenshots_back(index, pins, with_screenshot, room)
        asked = replace(asked, need=need)
        newest = next(iter(_tables(index).request_pins), None)
        made = _request_pins_made(
            index, pricer, anchor_pos, anchor, anchor_cost, opts, asked, pins, newest
        )
        _keep_request_pins(index, made)
    return pins, older


def _screenshots_back(index: HistoryIndex, pins: Pins, pinned: list[int], room: int) -> int:
    """The recent requests ``pinned`` as their words first get their screenshots back, newest
    first, while ``room`` (what the cap and the window leave) holds them; returns the tokens
    that took. Here, not
    after the selection (``settle_lean_pins``): there the run of recent turns has taken the
    window, and a computer-use agent kept its older screenshots but not its newest one."""
    spent = 0
    for k in sorted(pinned, reverse=True):
        lean = pins.lean.get(k)
        if lean is None:
            continue  # (put back within a smaller cap: ``cap_steps``)
        if not index.request_may_fit(k, room - spent + lean.unit.cost):
            continue
        whole = index.unit_alone(k, "prior")
        if whole.cost - lean.unit.cost > room - spent:
            continue
        at = next(n for n, u in enumerate(pins.units) if u is lean.unit)
        pins.units[at] = whole
        del pins.lean[k]
        spent += whole.cost - lean.unit.cost
    return spent


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Asked:
    """What ``_pin_requests`` decided the earlier requests' pins from, beside the messages
    before unit ``older``: compared by ``_carried_request_pins``."""

    older: int  # the unit the earlier requests pinned are before
    told: bool  # whether the facts told in passing were pinned (``_current_turn_fits``)
    kept_room: int | None  # the window's room beside the current request (``pin_anchors``)
    goal: tuple[int, ...]  # the latest restatement of the task pinned (before ``older``)
    deferred: tuple[int, ...]  # the requests put off and still owed (``_deferred``)
    #: the most room the screenshots put back (``_screenshots_back``) were given beside the
    #: current request, when the window's room (``kept_room``) was not less: 0, none was
    need: int = 0


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _RequestPins:
    """What ``_pin_requests`` pinned in one index (the current request and the earlier ones,
    with the prior requests' cap spent), and what it was decided from."""

    updates: int  # the index's update it was made in (``HistoryIndex.updates``)
    read_to: int  # how many messages the history held then
    pricer: Pricer
    opts: FitOptions
    anchor_pos: int
    anchor: Message
    anchor_cost: int
    calls: bool  # whether the history held a tool call (``_acted_on`` is asked then)
    asked: _Asked
    shape: tuple[bytes, list[UnitKind]]  # where units start up to the anchor's, what they are
    pins: Pins  # (a copy: the one returned is the caller's to change)
    #: each message's role then, where the assistant's turns with calls were, and the
    #: user's messages from position ``said_from`` (the start of unit ``asked.older``) on,
    #: by position (``_edited_unread``: what an edit since may have changed of what the
    #: walk read; ``read_to`` when none were noted)
    roles: list[str]
    opens: frozenset[int]
    said: dict[int, Message]
    said_from: int


@dataclass(slots=True, eq=False, repr=False)
class _PinTables:
    """What the pinning of one index keeps for its next fit (``HistoryIndex.pin_tables``,
    made on first use): held by the index, so it lives and dies with it and no fit of
    another history sees it."""

    #: the requests ``_pin_requests`` pinned last (at most two: ``pin_anchors`` may pin them
    #: twice a fit, with and without the gists' room kept): an agent's refit, whose current
    #: request stays while its calls and results are appended after it, pinned the very same
    #: earlier requests again (0.7-2.9 ms of a 3,000-9,000-item refit, speed74)
    request_pins: list[_RequestPins] = field(default_factory=list)
    #: the last gist scan (an append refit scans the same units as the fit before: ~600
    #: units visited, 0.6-1 ms of a 10,000-message session's refit, speed64)
    gist_scan: _GistScan | None = None
    #: what ``pin_gists`` pinned last, and from what
    gist_pins: _GistPins | None = None
    #: how many units before each unit count as a gist visit (``_counted_before``)
    visits: _VisitCounts | None = None
    #: the gist turns given: a refit pins the same few hundred gists again, and finding each
    #: one's turn by its messages' identity (``_once``) was ~2 ms of a 3,000-turn Anthropic
    #: agent's refit at 32k (speed74)
    gist_turns: _GistTurns | None = None
    #: what ``gists.rule_excerpt`` found in each long turn's text read
    rule_excerpts: dict[str, tuple[str, frozenset[str]] | None] = field(default_factory=dict)
    #: the last told scan: a refit after an append reads only the units new to it (a walk of
    #: a 2,000-turn chat's every unit was ~0.8 ms of each refit)
    told_scan: _ToldScan | None = None
    #: whether the user's own words beside a paste steer, by those words
    #: (``_steers_by_paste_only``)
    own_words_steer: dict[tuple[str, ...], bool] = field(default_factory=dict)
    #: what the walk asks of each earlier request, by position (``_RequestFacts``)
    facts: _RequestFacts | None = None
    #: the text of every request, and which sentences are said in it once (``_by_shape``)
    said_once: _SaidOnce | None = None
    #: the requests read as rules by their shape alone, and how far down (``_by_shape``)
    shaped_scan: _ShapedScan | None = None
    #: what was read of the reports since each request put off, by its position
    #: (``_reported_done_since``)
    done_reads: dict[int, _DoneRead] = field(default_factory=dict)


def _tables(index: HistoryIndex) -> _PinTables:
    """The pinning's tables of ``index`` (made on first use)."""
    tables = index.pin_tables
    if not isinstance(tables, _PinTables):
        tables = index.pin_tables = _PinTables()
    return tables


@dataclass(slots=True, eq=False, repr=False)
class _RequestFacts:
    """What the pinning's walk asks of every earlier request each fit, by the message's
    position (``known``: per question, each position's answer or ``_UNREAD``): whether it
    says something (``HistoryIndex.substantive``), whether it steers only by what it pastes
    (``_steers_by_paste_only``) and the lines it pastes, its rules' excerpt, the least its
    words cost. Each is worked out from the message alone (and the pricer), so it stands
    while every update since it was read kept the message (``HistoryIndex.shared_since``,
    as ``_carried_request_pins`` relies on). Asked through ``index.of_text`` and
    ``index.memo`` (a lookup by the message's identity), a chat of short replies paid ~1 µs
    each for ~1,200-1,700 asks a refit, a fifth of it (speed86)."""

    updates: int  # the index's update they stand for (``HistoryIndex.updates``)
    pricer: Pricer  # (the counts are its)
    known: dict[str, list[Any]]


_UNREAD: Any = object()


def _request_facts(index: HistoryIndex, pricer: Pricer) -> _RequestFacts:
    """The walk's facts of ``index``'s requests (``_RequestFacts``), those of the messages
    changed since they were read forgotten."""
    tables = _tables(index)

    def forget_from(facts: _RequestFacts, stands: int) -> None:
        for known in facts.known.values():
            del known[stands:]

    facts = tables.facts = _standing(
        index, pricer, tables.facts, lambda: _RequestFacts(index.updates, pricer, {}), forget_from
    )
    n = len(index.body)
    for known in facts.known.values():
        del known[n:]
        known.extend(repeat(_UNREAD, n - len(known)))
    return facts


def _read_once(
    facts: _RequestFacts, what: str, index: HistoryIndex, read: Callable[[int], T]
) -> Callable[[int], T]:
    """``read(k)`` for the unit ``k`` of a request, read once per message (``_RequestFacts``)."""
    known = facts.known.get(what)
    if known is None:
        known = facts.known[what] = [_UNREAD] * len(index.body)
    starts = index.starts

    def once(k: int) -> T:
        p = starts[k]
        found = known[p]
        if found is _UNREAD:
            found = known[p] = read(k)
        return found  # type: ignore[no-any-return]

    return once


def _says_something(index: HistoryIndex, facts: _RequestFacts) -> Callable[[int], bool]:
    """Whether request ``k`` (by its unit) says something (``HistoryIndex.substantive``),
    read once per message (``_read_once``: ``of_text`` keeps nothing in a cold fit, and its
    cap steps ask it of the same requests again)."""
    starts = index.starts
    return _read_once(facts, "substantive", index, lambda k: index.substantive(starts[k]))


def _told_in(
    index: HistoryIndex, pricer: Pricer
) -> Callable[[int], tuple[tuple[int, str, int], ...]]:
    """The sentences of request ``k`` (by its unit) that tell a fact
    (``gists.told_sentences``), read once per message (``_read_once``): a cold fit's walk
    of the facts told bounded each candidate by them, then excerpted it from them again."""
    starts = index.starts
    return _read_once(
        _request_facts(index, pricer), "told", index,
        lambda k: index.of_text(starts[k], "told", told_sentences),
    )  # fmt: skip


def _texts_once(index: HistoryIndex, facts: _RequestFacts) -> Callable[[int], str]:
    """The text of request ``k`` (by its unit), read once per message (``_read_once``)
    where a Message's text is joined anew each time it is asked: a refit's walk and
    ``_fill`` ask it of the same few hundred earlier requests again (~750 joins a refit of
    a 1,600-item agent held as Responses items, Anthropic or Gemini turns). A lazy
    history's texts are its dicts' own, looked up as cheaply as the memo would be."""
    starts = index.starts
    if type(index.body) is LazyMessages:
        body = index.body
        texts, at = body.columns.texts, body.start
        return lambda k: texts[at + starts[k]] or ""
    return _read_once(facts, "text", index, lambda k: index.request_text(starts[k]))


def _words_fit(
    index: HistoryIndex, pricer: Pricer, facts: _RequestFacts
) -> Callable[[int, int], bool]:
    """Whether request ``k`` may cost ``room`` or less pinned as its words: False when it
    certainly costs more even so (``_lean``), known without reading its images (a
    screenshot's header, its label, its placeholder: most of what a lean pin costs to make).
    Its words' least (``_words_least``) is read once per message: a refit asks this of every
    correction and rule once the cap is nearly spent."""
    least, starts = index.least_message_cost(), index.starts
    words_least = _read_once(
        facts, "words", index, lambda k: _words_least(index, pricer, starts[k])
    )

    def may_fit(k: int, room: int) -> bool:
        words = words_least(k)
        return words is None or least + words <= room

    return may_fit


def _replayed(items: Iterator[int]) -> Callable[[], Iterator[int]]:
    """Each call, ``items`` from the first: those read before given again, the rest read
    on demand. A lazy walk whose answers no pin changes (which requests defer a task, which
    read as a rule by their shape) is read once for all the cap's steps (``cap_steps``):
    each step's walk asked them anew, ~10 % of a cold fit's CPU (retain52)."""
    read: list[int] = []

    def again() -> Iterator[int]:
        at = 0
        while True:
            if at == len(read):
                item = next(items, None)
                if item is None:
                    return
                read.append(item)
            yield read[at]
            at += 1

    return again


def _copy_pins(pins: Pins) -> Pins:
    return Pins(list(pins.units), set(pins.numbers), dict(pins.lean), dict(pins.gists))


def _units_to(index: HistoryIndex, k: int) -> tuple[bytes, list[UnitKind]]:
    """Where units ``0..k`` start and what they are."""
    return index.starts[: k + 1].tobytes(), index.kinds[: k + 1]


def _carried_request_pins(
    index: HistoryIndex,
    pricer: Pricer,
    anchor_pos: int,
    anchor: Message,
    anchor_cost: int,
    opts: FitOptions,
    asked: _Asked,
    owed: Callable[[], tuple[int, ...]],
) -> Pins | None:
    """The pins ``_pin_requests`` made last in ``index``, when surely what it would make
    now (a copy); None: pin them. ``asked``: what it decides them from now, beside the
    messages before unit ``asked.older``, but the requests still owed: ``owed()`` reads
    them, asked only when an assistant's turn since may report one done.

    Sound because what it pins is read only from the messages up to the current request
    (at ``anchor_pos``), where units start and what they are up to its unit, which of them
    are user requests before unit ``older``, whether the history holds a tool call, and
    the user's screenshots (their captions): all compared here; and from what ``asked``
    holds (the restatement, the requests still owed, whether the facts told may take room,
    the window's room where screenshots were put back). The messages are immutable
    Messages, or a lazy history's dicts, and ``HistoryIndex.shared`` is how many leading ones
    the last update kept the same (an edit in place, a replacement, an insertion or a
    removal before the current request makes it smaller; a pin cap changed makes it 0). So
    the pins stand when made in this update, or in an earlier one and every update since kept
    every message up to the current request (``HistoryIndex.shared_since``), or changed
    only messages the walk reads nothing of but what is compared (``_edited_unread``). The user's messages after the current request are
    recaps (``current_request_position``): one holding an image would change the captions.
    A newer current request (the user's next turn) carries them too when what it and the
    turns since add reads no differently (``_stands_past``): a refit after a user's dict
    walked every earlier request again to pin the same ones (~1.9 ms of a 2,000-dict
    session's ~4 ms refit at 32k, speed109)."""
    kept = _tables(index).request_pins
    if not kept:
        return None
    roles, starts = index.roles, index.starts
    calls = bool(index.opens)
    deferred: tuple[int, ...] | None = None
    for i, last in enumerate(kept):
        was = last.asked
        if not (
            last.pricer is pricer
            and last.opts is opts
            and last.calls == calls
            and was.told == asked.told
            and was.goal == asked.goal
            and _window_same(was, last.anchor_cost, asked, anchor_cost)
        ):
            continue
        moved = last.anchor_pos != anchor_pos
        if not moved and (last.anchor is not anchor or last.anchor_cost != anchor_cost):
            continue
        if moved and (
            last.anchor_pos > anchor_pos or index.shared_since(last.updates) < last.read_to
        ):
            continue
        shared = index.shared_since(last.updates)
        if shared <= last.anchor_pos and (moved or not _edited_unread(index, last, shared)):
            continue
        if was.older != asked.older:
            # (the same earlier requests before either: no user message between them)
            lo, hi = sorted((was.older, asked.older))
            lo_pos = starts[lo]
            hi_pos = starts[hi] if hi < len(starts) else len(roles)
            if "user" in roles[lo_pos:hi_pos]:
                continue
        if last.shape != _units_to(index, index.unit_of(last.anchor_pos)):
            continue
        if moved:
            if not _stands_past(index, last, anchor_pos, min(was.older, asked.older)):
                continue
        else:
            images = index.images
            if "user" in [roles[p] for p in images[bisect_left(images, anchor_pos + 1) :]]:
                continue
        if not _read_alike(index, min(last.read_to, shared)):
            continue
        if shared < last.read_to or "assistant" in roles[last.read_to :]:
            deferred = owed() if deferred is None else deferred
            if deferred != was.deferred:
                continue  # (a request put off reported done since, or no longer)
        pins = _copy_pins(last.pins)
        if moved:  # (the current request first, as ``_pin_requests`` pins it)
            anchor_unit = index.unit_of(anchor_pos)
            pins.numbers.discard(index.unit_of(last.anchor_pos))
            pins.units[0] = Unit(starts[anchor_unit], [anchor], anchor_cost, "anchor")
            pins.numbers.add(anchor_unit)
        # (the walk's: the same pins, the same room; the same requests owed)
        asked = replace(asked, deferred=was.deferred, need=was.need)
        kept[i] = _request_pins_made(
            index, pricer, anchor_pos, anchor, anchor_cost, opts, asked, pins, last
        )
        return pins
    return None


def _edited_unread(index: HistoryIndex, last: _RequestPins, shared: int) -> bool:
    """Whether the messages ``last`` read from position ``shared`` on (those an update since
    may have changed: an app edited an earlier dict in place, or replaced it) changed
    nothing its walk read but what is compared elsewhere: each has the role it had, the
    user's among them are the very same Messages (immutable: a dict edited is read into a
    new one), and the assistant's turns with calls among them are where they were.

    The walk reads the user's messages (every request's text, its settings, its captions),
    where units start and what they are (compared by the caller), where the calls are
    (``_acted_on``), and the assistant's reports of a request put off done (the requests
    owed are read again: the messages since ``last.read_to`` are not all the same). An app
    that shortens an old tool output in place, then appends its next call, had its
    earlier requests walked again (~3 ms of a 2,000-dict agent's ~5 ms refit at 32k,
    speed130)."""
    end, roles = last.read_to, index.roles
    if roles[shared:end] != last.roles[shared:end]:
        return False  # (a message gone, put in or given another role)
    said, body = last.said, index.body
    if not all(body[p] is said.get(p) for p in range(shared, end) if roles[p] == "user"):
        return False
    opens, was = index.opens, last.opens
    return {p for p in opens if shared <= p < end} == {p for p in was if shared <= p < end}


def _window_same(was: _Asked, was_anchor: int, asked: _Asked, anchor_cost: int) -> bool:
    """Whether the window's room beside the current request gave the screenshots put back
    (``_screenshots_back``) the same room in a walk that asked ``was`` (its current request
    costing ``was_anchor``) as in one that asks ``asked``: it bounded neither, or both
    alike."""
    if not was.need:  # (the same pins put back the same screenshots: ``need`` is was's)
        return True
    if was.kept_room is None or asked.kept_room is None:
        return was.kept_room == asked.kept_room
    before, now = was.kept_room - was_anchor, asked.kept_room - anchor_cost
    return before == now or min(before, now) >= was.need


def _stands_past(index: HistoryIndex, last: _RequestPins, anchor_pos: int, older: int) -> bool:
    """Whether the requests after ``last``'s current request up to the new one at
    ``anchor_pos`` change nothing the walk of the earlier requests before unit ``older``
    reads (every message ``last`` read kept): no setting a newer one resets
    (``newer_settings``), the tool call or substantive request that ends ``_acted_on``'s
    look before ``last``'s current request, and no new caption shared with one earlier
    screenshot (``_screenshot_captions``)."""
    roles, starts = index.roles, index.starts
    for p in range(last.anchor_pos + 1, anchor_pos + 1):
        if roles[p] == "user" and index.setting(p) is not None:
            return False
    if last.calls:
        opens = index.opens
        ends = (
            p in opens or (roles[p] == "user" and index.substantive(p))
            for p in range(starts[older], last.anchor_pos)
        )
        if not any(ends):
            return False
    images = index.images
    at = bisect_left(images, last.read_to)
    shots = [p for p in images[at:] if roles[p] == "user"]
    if shots:
        before = Counter(index.request_text(p) for p in images[:at] if roles[p] == "user")
        if any(before[index.request_text(p)] == 1 for p in shots):
            return False
    return True


def _read_alike(index: HistoryIndex, since: int) -> bool:
    """Whether the user's messages from position ``since`` on say no rule read by its shape
    (``_by_shape``) of an earlier request again: it would then be said more than once
    (``_said_once``), no rule of hers."""
    roles, starts = index.roles, index.starts
    texts = [index.request_text(p) for p in range(since, len(roles)) if roles[p] == "user"]
    shaped = _tables(index).shaped_scan
    if shaped is None or not texts:
        return True
    for k in shaped.hits:
        for said in index.of_text(starts[k], "rules by shape", _rules_by_shape):
            if "\n" in said or any(said in text for text in texts):
                return False
    return True


def _request_pins_made(
    index: HistoryIndex,
    pricer: Pricer,
    anchor_pos: int,
    anchor: Message,
    anchor_cost: int,
    opts: FitOptions,
    asked: _Asked,
    pins: Pins,
    before: _RequestPins | None,
) -> _RequestPins:
    """The record of ``pins`` made in this update of ``index`` (``_RequestPins``), the
    user's messages noted carried on from ``before`` (a record of ``index``) when they
    stand."""
    said_from, said = _said_from(index, asked.older, before)
    return _RequestPins(
        index.updates, len(index.body), pricer, opts, anchor_pos, anchor, anchor_cost,
        bool(index.opens), asked, _units_to(index, index.unit_of(anchor_pos)), _copy_pins(pins),
        index.roles[:], frozenset(index.opens), said, said_from,
    )  # fmt: skip


def _said_from(
    index: HistoryIndex, older: int, before: _RequestPins | None
) -> tuple[int, dict[int, Message]]:
    """Where the user's messages noted start (the start of unit ``older``) and those
    messages from there on, by position (the kept run's and the current request); none for
    an index fitted once (a one-shot fit of an app's dicts reads the plain turns it keeps
    only after freeing its tables: its peak).

    Those ``before`` noted from there on are its own up to where every update since kept
    the messages the same (``HistoryIndex.shared_since``): only the messages after that are
    looked up. Each refit whose budget's edge passed a user's turn pins again, and noting the
    kept run's ~700 user messages again was ~0.35 of a ~3.3 ms refit of a 2,000-dict
    session at 128k (speed140)."""
    roles, body, starts = index.roles, index.body, index.starts
    lo = starts[older] if older < len(starts) else len(roles)
    if not index.fitted_again:
        return len(roles), {}
    read, said = lo, {}
    if before is not None and before.said_from <= lo:
        read = max(lo, min(index.shared_since(before.updates), before.read_to))
        said = {p: m for p, m in before.said.items() if lo <= p < read}
    said.update((p, body[p]) for p in range(read, len(roles)) if roles[p] == "user")
    return lo, said


def _keep_request_pins(index: HistoryIndex, made: _RequestPins) -> None:
    """Keep what ``_pin_requests`` pinned (``made``) for the next fit
    (``_carried_request_pins``)."""
    kept = _tables(index).request_pins
    kept[:] = [made, *(k for k in kept[:1] if k.updates == index.updates)]


class _PinnedWords:
    """The words of the earlier requests pinned so far: a request said again word for word
    is pinned once (its newest saying, the first met), the cap left to the others. A voice
    assistant's "skip this song", read as a rule, was pinned 50 times over and took the
    whole cap of an 8k fit; the task and the user's facts beside it were cut (retain35 set
    B, a voice assistant's sessions: goal 4/6)."""

    def __init__(self, text: Callable[[int], str]) -> None:
        self._text = text  # request ``k``'s text (``_texts_once``)
        self._said: set[str] = set()
        self._rules: set[str] = set()  # the sentences of the long turns pinned as excerpts
        #: the lines pasted in the requests pinned that steer only for what they paste
        self.pasted: frozenset[str] = frozenset()
        #: the requests stepped over as said again
        self.repeats = 0

    def said_again(self, k: int) -> bool:
        if not self._said:
            return False
        again = self._text(k) in self._said
        self.repeats += again
        return again

    def add(self, k: int, rules: frozenset[str] = frozenset()) -> None:
        self._said.add(self._text(k))
        self._rules.update(rules)

    def rules_said(self, rules: frozenset[str]) -> bool:
        """Whether every one of ``rules`` (the sentences of a long turn's excerpt: its rules
        and the facts told beside them) is in a turn pinned already: a rule said again inside
        another long turn is pinned once, a new fact beside it is not looked past."""
        again = rules <= self._rules
        self.repeats += again
        return again


def _pasted_only(index: HistoryIndex, k: int) -> bool:
    """Whether request ``k`` is pasted lines and none of the user's own words
    (``gists.only_pasted``), read once per message; a short one is not read."""
    start = index.starts[k]
    if index.chars[start] < PASTE_CHARS:
        return False
    return index.memo(start, "pasted_only", lambda _: only_pasted(index.request_text(start)))


def _surely_kept(
    index: HistoryIndex, anchor_unit: int, kept_room: int | None, opts: FitOptions, reserve: int
) -> int:
    """The first unit of the newest run kept whatever is pinned (``_newest_run``), the
    current request's at most (None ``kept_room``: not known)."""
    run = _newest_run(index, anchor_unit, kept_room, opts, reserve)
    return anchor_unit if run is None else min(anchor_unit, run)


def _newest_run(
    index: HistoryIndex, anchor_unit: int, kept_room: int | None, opts: FitOptions, reserve: int
) -> int | None:
    """The first unit of the newest run kept whatever is pinned (``_surely_kept_from``, with
    the prior requests' cap, the recaps and ``reserve`` spent; None ``kept_room``: not
    known); one after the current request's unit when the run does not reach it."""
    if kept_room is None:
        return None
    recaps = sum(index.unit_alone(index.unit_of(p), "recap").cost for p in index.recaps)
    room = kept_room - opts.prior_anchor_tokens - recaps - reserve
    return _surely_kept_from(index, anchor_unit, room, opts.min_cut_index)


def sticky_gists_before(
    index: HistoryIndex,
    anchor_pos: int | None,
    cut_id: str | None,
    kept_room: int,
    opts: FitOptions,
    cap: int,
    before_id: str | None = None,
) -> int | None:
    """With a sticky cut, the unit the gists pinned ahead of the selection are before: the
    one they were before when that cut was chosen (``before_id``, while it and the cut are
    in the history: the walk back to the cut meets the same gists, gives back the room of
    the same ones, and reaches it again, R29-G1), or last turn's cut (what it drops is what
    the cut that stays drops), else the first of the newest run kept whatever is pinned, as
    without a sticky cut."""
    if anchor_pos is None:
        return None
    cut = unit_at(index, cut_id)
    if cut is not None:
        kept_before = unit_at(index, before_id)
        return cut if kept_before is None else kept_before
    return _surely_kept(index, index.unit_of(anchor_pos), kept_room, opts, cap)


def unit_at(index: HistoryIndex, message_id: str | None) -> int | None:
    """The unit that message ``message_id`` opens (None: none does)."""
    at = index.position(message_id) if message_id is not None else None
    if at is None:
        return None
    k = bisect_left(index.starts, at)
    return k if k < len(index.starts) and index.starts[k] == at else None


def pin_gists(index: HistoryIndex, pricer: Pricer, pins: Pins, older: int, cap: int) -> None:
    """Pin, within ``cap`` tokens, gists of the earlier tool exchanges before unit ``older``
    that failed, wrote a file or ran a command (``gists.exchange_gist``: an assistant turn
    in the words of the call's arguments and the failing lines of its output), and the
    assistant's short statements of a value right after a tool exchange, as they were said
    (a wording the session says again and again, "Step 12 checked.", is routine). Failures first, then files written,
    statements, commands run (a failure further back than ``gists.GIST_NEAR`` after them,
    ``gists.far_rank``); newest first within each; one text pinned once; chosen
    within ``gists.gist_steps``, so a bigger cap pins whatever a smaller one pins. Only
    after the first request pinned: the history sent still starts with the user. Looks at
    the units ``_gist_candidates`` reads. Never of the exchange the model answers now
    (``_answered_now``)."""
    firsts = [u.start for u in pins.units if u.kind == "prior"]
    if not firsts:
        return
    lowest = index.unit_of(min(firsts)) + 1
    now = _answered_now(index, current_request_position(index))
    skipped = tuple(
        sorted(k for k in {*pins.numbers, now} if k is not None and lowest <= k < older)
    )
    after = _visits_after(index, older)
    found = _scan_gists(index, older, lowest, skipped, after)
    spent = 0
    least = index.least_message_cost()
    priors = tuple(m for u in pins.units if u.kind == "prior" for m in u.messages)
    last = _tables(index).gist_pins
    if last is not None and last.stands(found, cap, pricer, least, priors):
        for k, unit in last.pinned:
            if unit is None:
                pins.add(k, index.unit_alone(k, "said"))
            else:
                pins.units.append(unit)
                pins.gists[k] = unit
        return
    pinned: list[tuple[int, Unit | None]] = []
    seen = {m.text for m in priors}
    bounds = _gist_bounds(index, pricer)
    # (the candidates are read only as far as the choice goes: ``ready`` grows, each time
    # by gists after those it held, in their place, so what was chosen from it stands)
    ready = found.ready
    needs = _gist_needs(index, bounds, ready, pricer)
    steps = gist_steps(cap)
    failure_leasts: dict[int, int] = {}  # (``_failure_least`` of the exchanges asked)
    # (every gist before ``first`` is pinned or its text is: a step goes on from where the
    # one before stopped, not through the ~100 pinned again)
    first = 0
    pin = partial(_pin_gist, index, pricer, bounds, pins, pinned, seen)
    for at, step in enumerate(steps):
        over: int | None = None  # where in ``ready`` the first gist over this step's room is
        while step - spent >= least:
            if first == len(ready):
                if not found.read_more():
                    break
                ready = found.ready
                needs += _gist_needs(index, bounds, ready[len(needs) :], pricer)
                continue
            cost = pin(ready[first], needs[first], step - spent)
            if cost is None:
                over = first
                break
            spent += cost
            first += 1
        if over is None or step == steps[-1]:
            continue  # (at the window's own cap the choice stops at the first over it)
        # (a gist over the room is stepped over for the smaller ones of its rank, not for a
        # later rank's: a small command run must not take the room the next step gives a
        # failure. Of the rest of its rank, those surely over the room are not looked at:
        # ~300 candidates looked at in each of ~9 steps were ~2 ms of a moved refit)
        room = step - spent
        # (near the last step, a run of near failures is taken first as far as they go:
        # whether far failures go on with it is read below, only if one of them may fit
        # the room the near ones leave; before, as the next steps' larger rooms mostly
        # read it anyway, at once: ``_FAR_CHECKED_STEPS``)
        checks_far = len(steps) - at <= _FAR_CHECKED_STEPS
        end = (
            found.run_end(over, _fits_nothing, _fits_nothing) if checks_far else found.run_end(over)
        )
        ready = found.ready
        needs += _gist_needs(index, bounds, ready[len(needs) :], pricer)
        spent = _pin_smaller(pin, ready, needs, range(over + 1, end), room, step, spent, least)
        if ready[over][0] != FAILED:
            continue
        # (... and of the near exchanges after ``ready``, not read yet, newest first, those
        # whose gist, were they failures, is surely over the room left are not read: such a
        # gist would not be pinned, and what is read stays in its place for the next steps)
        for k, failure in found.near_after():
            if step - spent < least:
                break
            if failure is None:
                if not _failure_may_fit(index, pricer, failure_leasts, step - spent, k):
                    continue
                failure = found.read_failure(k)
            if failure is None or _pinned_already(seen, failure):
                continue
            need = _gist_needs(index, bounds, [failure], pricer)[0]
            if need <= room:
                spent += pin(failure, need, step - spent) or 0
        # (the far failures after them: a failure-heavy agent read ~210 far exchanges, most of
        # its cold fit's gist reads, to learn where a run ends that none of them could join)
        if not checks_far or step - spent < least:
            continue
        may_fit = partial(_failure_may_fit, index, pricer, failure_leasts, step - spent)
        fits = partial(_gist_fits, index, bounds, pricer, step - spent)
        before = len(ready)
        end = found.run_end(over, may_fit, fits)
        ready = found.ready
        if len(ready) > before:
            needs += _gist_needs(index, bounds, ready[len(needs) :], pricer)
            spent = _pin_smaller(pin, ready, needs, range(over + 1, end), room, step, spent, least)
    _tables(index).gist_pins = _GistPins(found, cap, pricer, least, priors, tuple(pinned))


def _pin_smaller(
    pin: Callable[[tuple[int, int, str], int, int], int | None],
    ready: list[tuple[int, int, str]],
    needs: list[int],
    among: range,
    room: int,
    step: int,
    spent: int,
    least: int,
) -> int:
    """Pin those of ``ready[among]`` that may fit ``room`` (by ``needs``) and are not pinned,
    in order, while ``step`` has room after ``spent``; what is spent after them. Asked again
    of a run read further, those asked before stay as they were: each pinned is ``seen``,
    and the room only shrinks."""
    for i in among:
        if step - spent < least:
            break
        if needs[i] <= room:
            spent += pin(ready[i], needs[i], step - spent) or 0
    return spent


#: At the last of the steps (``gist_steps``; the window's own cap steps over nothing),
#: whether a run of near failures goes on into the far ones is read only if a far failure
#: may fit (``GistCandidates.run_end``): a failure-heavy agent read ~210 far exchanges (~half
#: its 8k cold fit) to learn that none could; earlier, a later step's larger room mostly
#: needs them read anyway (3 of 3 held-out sessions at 32k), and the check's bounds of ~450
#: far exchanges were then ~15 % more.
_FAR_CHECKED_STEPS = 3


def _fits_nothing(_: object) -> bool:
    """No gist fits (``GistCandidates.run_end`` reads on for no far failure)."""
    return False


def _gist_fits(
    index: HistoryIndex,
    bounds: dict[str, int],
    pricer: Pricer,
    room: int,
    candidate: tuple[int, int, str],
) -> bool:
    """Whether ``candidate`` may fit ``room`` by what it needs at least (``_gist_needs``)."""
    return _gist_needs(index, bounds, [candidate], pricer)[0] <= room


def _failure_may_fit(
    index: HistoryIndex, pricer: Pricer, leasts: dict[int, int], room: int, k: int
) -> bool:
    """Whether exchange ``k``'s gist, were it a failure, may fit ``room`` (``_failure_least``,
    kept in ``leasts``)."""
    least = leasts.get(k)
    if least is None:
        least = leasts[k] = _failure_least(index, pricer, k)
    return least <= room


def _pin_gist(
    index: HistoryIndex,
    pricer: Pricer,
    bounds: dict[str, int],
    pins: Pins,
    pinned: list[tuple[int, Unit | None]],
    seen: set[str],
    candidate: tuple[int, int, str],
    need: int,
    room: int,
) -> int | None:
    """Pin gist ``candidate`` (of ``_gist_candidates``) within ``room``: what it cost (0: its
    unit or text is pinned already), None when it is over ``room`` (``need``: at least what
    it costs, ``_gist_needs``)."""
    rank, minus_k, text = candidate
    if _pinned_already(seen, candidate):
        return 0
    k = -minus_k
    if k in pins.gists or k in pins.numbers:
        return 0  # (pinned within a smaller cap)
    unit = None if need > room else _gist_unit(index, pricer, bounds, k, rank, text, room)
    if unit is None:
        return None
    cost = unit.cost
    if unit.kind == "said":
        pins.add(k, unit)
        pinned.append((k, None))
        answer = _answer_to(index, k, text)
        if answer is not None and answer not in pins.numbers:
            reply = index.unit_alone(answer, "said")
            pins.add(answer, reply)
            pinned.append((answer, None))
            cost += reply.cost
    else:
        pins.units.append(unit)
        pins.gists[k] = unit
        pinned.append((k, unit))
    seen.add(text)
    if rank == FAILED:
        seen.add(numbers_aside(text))
    return cost


def _pinned_already(seen: set[str], candidate: tuple[int, int, str]) -> bool:
    """Whether gist ``candidate``'s text is ``seen`` (pinned, or in an earlier request
    pinned), or, a failure, one alike but for its numbers is: the same failure again (a
    health check polled on a new port each time, "curl: (7) Failed to connect … port 8370"),
    newest first, tells nothing the one pinned does not (review58: nine such failures took
    the 8k room of the files written and commands run, 2 of 4 kept)."""
    rank, _, text = candidate
    return text in seen or (rank == FAILED and numbers_aside(text) in seen)


def _gist_needs(
    index: HistoryIndex, bounds: dict[str, int], found: list[tuple[int, int, str]], pricer: Pricer
) -> list[int]:
    """A lower bound of what each of ``found`` costs pinned (``_gist_unit`` pins none within
    less): a statement pinned whole, its price if it is priced (else 0: nothing is priced
    to learn it); a gist, its turn's price if an earlier refit gave it (``_gist_turns``),
    else ``gist_least`` (a refit after the kept run moved found ~60 % of the gists tried
    over the room only by their price)."""
    turns = _gist_turns(index, pricer)
    needs: list[int] = []
    for rank, minus_k, text in found:
        k = -minus_k
        if rank == SAID and index.kinds[k] != "exchange":
            start = index.starts[k]
            needs.append(index.costs[start] if index.priced[start] else 0)
            continue
        turn = turns.get((index.starts[k], index.end(k), text))
        if turn is not None:
            needs.append(turn[1])
            continue
        bound = bounds.get(text)
        if bound is None:
            bound = bounds[text] = gist_least(pricer, text)
        needs.append(bound)
    return needs


def _gist_unit(
    index: HistoryIndex,
    pricer: Pricer,
    bounds: dict[str, int],
    k: int,
    rank: int,
    text: str,
    room: int,
) -> Unit | None:
    """Unit ``k`` pinned as gist ``text`` (an assistant's statement as it was said), or
    None when it costs more than ``room``."""
    if rank == SAID and index.kinds[k] != "exchange":
        answer = _answer_to(index, k, text)
        cost = index.exact_cost(index.starts[k])
        if answer is not None:
            cost += index.exact_cost(index.starts[answer])
        return None if cost > room else index.unit_alone(k, "said")
    bound = bounds.get(text)
    if bound is None:
        bound = bounds[text] = gist_least(pricer, text)
    if bound > room:
        return None  # (surely over, known without pricing it)
    m, cost = _gist_message(index, pricer, k, text)
    return None if cost > room else Unit(index.starts[k], [m], cost, "gist")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _GistPins:
    """What ``pin_gists`` pinned last in one index, and what it was decided from: an
    append refit pins the same gists from the same candidates again (the candidates of
    the scan carried, ``_known_gist_candidates``: ~290 of them, each looked up and
    bounded or priced, ~0.5 ms of a 2,000-dict agent's refit at 32k, speed91)."""

    found: GistCandidates  # the scan's candidates (the very object)
    cap: int
    pricer: Pricer
    least: int  # (``HistoryIndex.least_message_cost``)
    priors: tuple[Message, ...]  # the earlier requests pinned (their texts are pinned once)
    #: each unit pinned, with its gist's pin (None: a statement pinned whole, made anew)
    pinned: tuple[tuple[int, Unit | None], ...]

    def stands(
        self,
        found: GistCandidates,
        cap: int,
        pricer: Pricer,
        least: int,
        priors: tuple[Message, ...],
    ) -> bool:
        """Whether pinning from ``found`` now surely pins what was pinned: the same
        candidates (the scan's list stands only while every message it read is kept, so
        each gist's unit, turn and price are as they were), cap, pricer and least cost, and
        the same earlier requests pinned (immutable Messages: the same objects, the same
        texts)."""
        return (
            self.found is found
            and self.cap == cap
            and self.pricer is pricer
            and self.least == least
            and len(self.priors) == len(priors)
            and all(map(is_, self.priors, priors))
        )


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _GistScan:
    """What ``_gist_candidates`` found in one index, and what it looked at."""

    updates: int  # the index's update it was found in (``HistoryIndex.updates``)
    older: int
    lowest: int
    skipped: tuple[int, ...]
    after: int  # (see _visits_after)
    shape: tuple[bytes, list[UnitKind]]  # (see _scan_shape)
    found: GistCandidates
    visits: dict[int, _Visit]  # what the scan found in each unit it looked at
    stop: _ScanStop  # where it stopped (``_carried_gist_candidates`` goes on from there)


@dataclass(slots=True)
class _ScanStop:
    """Where a gists' scan (``_scan_back``) stopped: the unit it stopped before
    (``lowest - 1``: it looked at every unit down to ``lowest``), the units that counted
    as visits by then and those that counted from ``older`` on (its ``from_end`` less
    the ``after`` it started from)."""

    at: int = 0
    visited: int = 0
    counted: int = 0


@dataclass(slots=True)
class _Scanned:
    """What a gists' scan found, unit by unit from the newest (``_scan_back``)."""

    found: list[tuple[int, int, str]] = field(default_factory=list)  # (rank, -unit, text)
    # (the units that count from the history's end to each exchange: ``far_rank``)
    ends: dict[int, int] = field(default_factory=dict)
    unread: dict[int, int] = field(default_factory=dict)  # exchanges not read, with ``ends``
    statements: list[tuple[int, str, str]] = field(default_factory=list)  # (unit, text, wording)
    told: list[tuple[int, _Told]] = field(default_factory=list)  # (unit, its own words)

    def told_gists(self) -> list[tuple[int, int, str]]:
        """The gists of the user's own words found (their steering read at once)."""
        _read_steering([words for _, words in self.told])
        return [(gist.rank, -k, gist.text) for k, words in self.told if (gist := words.gist())]


#: What ``_gist_candidates`` found in one unit: whether it counts as a visit, and its gist
#: ("found": rank and text), statement ("said": text and wording) or own words ("told").
_Visit = tuple[bool, tuple[Literal["found"], int, str] | tuple[Literal["said"], str, str]
               | tuple[Literal["told"], "_Told"] | None]  # fmt: skip


def _scan_shape(index: HistoryIndex, older: int, lowest: int) -> tuple[bytes, list[UnitKind]]:
    """Where the units the scan looks at start and what they are (unit ``lowest - 1`` too:
    a statement is one after an exchange)."""
    return index.starts[lowest - 1 : older + 1].tobytes(), index.kinds[lowest - 1 : older]


def _known_gist_candidates(
    index: HistoryIndex, older: int, lowest: int, skipped: tuple[int, ...], after: int
) -> GistCandidates | None:
    """The candidates the last scan of ``index`` found, when they are surely what a scan
    would find now; None: scan.

    Sound because a scan reads only the messages before unit ``older`` (and where units
    start, what they are, which units are pinned, all compared here): the index's messages
    are immutable Messages, or a lazy history's dicts, and ``HistoryIndex.shared`` is how
    many leading ones the last update kept the same (an edit in place, a replacement, an
    insertion or a removal anywhere before the scanned units makes it smaller, a pin cap
    changed makes it 0). So the scan stands when it was made in this update, or in an
    earlier one and every update since kept every message it read
    (``HistoryIndex.shared_since``: a refit that carried its pins made no scan)."""
    scan = _tables(index).gist_scan
    if scan is None or (scan.older, scan.lowest, scan.skipped) != (older, lowest, skipped):
        return None
    if scan.after != after:
        return None
    read_to = index.starts[older] if older < len(index.starts) else len(index.body)
    if index.shared_since(scan.updates) < read_to:
        return None
    if scan.shape != _scan_shape(index, older, lowest):
        return None
    _tables(index).gist_scan = replace(scan, updates=index.updates)  # (it stands one more update)
    return scan.found


def _known_visits(index: HistoryIndex) -> dict[int, _Visit]:
    """What the last scan of ``index`` found in each unit it looked at, where that surely
    stands now (else nothing): an agent's refit moves the units the gists are looked for
    before by a unit or two, so a scan that looked again at each of the ~600 units (its
    gist, statement or words, each a memo look-up by its messages' identity) cost 2-6 ms of
    a 3,000-turn agent's refit, and nearly all of them were looked at by the last one
    (speed70). Sound as ``_known_gist_candidates``: the last scan read only the messages
    before its unit ``older``, which every update since kept (``HistoryIndex.shared_since``), and
    what a unit is found to hold depends on its messages and on where it and the unit before
    it start and what they are, compared here over every unit that scan looked at."""
    scan = _tables(index).gist_scan
    if scan is None or not scan.visits:
        return {}
    starts = index.starts
    read_to = starts[scan.older] if scan.older < len(starts) else len(index.body)
    if index.shared_since(scan.updates) < read_to:
        return {}
    if scan.shape != _scan_shape(index, scan.older, scan.lowest):
        return {}
    return scan.visits


def _visit(index: HistoryIndex, k: int) -> _Visit:
    """What ``_gist_candidates`` finds in unit ``k`` (see ``_Visit``)."""
    if not _counts(index, k):
        return False, None
    starts, kinds, roles = index.starts, index.kinds, index.roles
    if kinds[k] == "exchange":
        gist = _exchange_gist(index, k)
        if gist is None:
            return True, None
        if gist.rank == SAID:  # (its words beside a look-up)
            return True, ("said", gist.text, wording(gist.text))
        return True, ("found", gist.rank, gist.text)
    start = starts[k]
    if roles[start] == "user":
        # (a long turn's own words, said among the lines pasted in it: R28-M4)
        words = _own_words(index, k)
        return True, None if words is None else ("told", words)
    # (a proposal the user answered, shown with the answer; else what the assistant read in
    # a tool's output: "The queue peaks at 4,200 a minute." right after the query; a chat's
    # answers are not looked at but a short one, ``_may_give_a_link``)
    said = _proposal_answered(index, k)
    if said is None and kinds[k - 1] == "exchange":
        said = _statement(index, start)
    elif said is None:
        said = _once(index, start, start + 1, "link", partial(_link_said, index, k))
    return True, None if said is None else ("said", *said)


def _counts(index: HistoryIndex, k: int) -> bool:
    """Whether unit ``k`` counts as one of the ``GIST_VISITS`` looked at (``_visit``), known
    from its kind, role and length alone: an exchange, a long user turn, the assistant's
    turn after an exchange or a short one of its answers."""
    kind = index.kinds[k]
    if kind == "exchange":
        return True
    if kind != "message":
        return False
    start = index.starts[k]
    if index.roles[start] == "user":
        return index.chars[start] >= PASTE_CHARS
    return index.kinds[k - 1] == "exchange" or _may_give_a_link(index, k)


def _visits_after(index: HistoryIndex, older: int) -> int:
    """How many of the units from ``older`` to the history's end count (``_counts``), up
    to ``GIST_REACH`` (``_gist_candidates``); from the counts kept for a refit
    (``_counted_before``)."""
    if index.fitted_again:
        counted = _counted_before(index)
        return min(counted[-1] - counted[older], GIST_REACH) if older < len(counted) else 0
    seen = 0
    for k in range(older, len(index.starts)):
        seen += _counts(index, k)
        if seen >= GIST_REACH:
            break
    return seen


def _counted_before(index: HistoryIndex) -> array[int]:
    """How many units before each unit of ``index``, and before its end, count
    (``_counts``), carried from the last refit's: a unit's count is read from its kind,
    its first message and the kind of the unit before, so it stands for every unit before
    the last one that begins within the messages every update since kept the same (the
    index regroups from that one, ``HistoryIndex._forget_units_from``). A refit counted
    every unit of the kept run again (~1,400 of a 2,000-dict session at 128k: ~0.3 of a
    ~3 ms refit, speed140)."""
    tables = _tables(index)
    known = tables.visits
    starts = index.starts
    stand = 0
    if known is not None:
        stand = max(0, bisect_left(starts, index.shared_since(known.updates)) - 1)
        counted = known.counted
        del counted[min(stand, len(counted) - 1) + 1 :]
        stand = len(counted) - 1
    else:
        counted = array("l", [0])
    seen = counted[-1]
    for k in range(stand, len(starts)):
        seen += _counts(index, k)
        counted.append(seen)
    tables.visits = _VisitCounts(index.updates, counted)
    return counted


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _VisitCounts:
    """``_counted_before`` of an index in its update ``updates``: ``counted[k]``, how many
    of units ``0..k-1`` count (``_counts``)."""

    updates: int
    counted: array[int]


def _scan_gists(
    index: HistoryIndex, older: int, lowest: int, skipped: tuple[int, ...], after: int
) -> GistCandidates:
    """``_gist_candidates`` of ``index``: the last scan's when it stands
    (``_known_gist_candidates``), carried on from it when it can be
    (``_carried_gist_candidates``), else a scan (kept for the next refit)."""
    found = _known_gist_candidates(index, older, lowest, skipped, after)
    if found is None:
        found = _carried_gist_candidates(index, older, lowest, skipped, after)
    if found is None:
        visits: dict[int, _Visit] = {}
        stop = _ScanStop()
        found = _gist_candidates(
            index, older, lowest, skipped, after, _known_visits(index), visits, stop
        )
        _tables(index).gist_scan = _GistScan(
            index.updates, older, lowest, skipped, after, _scan_shape(index, older, lowest),
            found, visits, stop,
        )  # fmt: skip
    return found


def _gist_candidates(
    index: HistoryIndex,
    older: int,
    lowest: int,
    skipped: tuple[int, ...],
    after: int,
    known: dict[int, _Visit],
    visits: dict[int, _Visit],
    stop: _ScanStop,
) -> GistCandidates:
    """The gists ``pin_gists`` may pin, in the order it takes them (``GistCandidates``):
    of the ``GIST_VISITS`` newest units before ``older`` that count (``_counts``) and from
    ``lowest`` on, but the ``skipped`` (pinned) ones, and back to the ``GIST_REACH``-th
    unit from the history's end that counts, whatever is pinned (``after`` of them are
    from ``older`` on; see ``GIST_REACH``). ``known``: what was found in units before
    (``_known_visits``); ``visits`` gets what is found in each unit looked at, ``stop``
    where the scan stopped. An exchange not known is read only when the choice could reach
    its rank (``GistCandidates``: every exchange counts as a visit whatever it holds, so
    which units are looked at does not depend on reading them)."""
    scanned = _Scanned()
    # (the pinned units count too: which requests are depends on the window)
    stop.counted = after
    _scan_back(index, older, lowest, frozenset(skipped), known, visits, scanned, stop)
    stop.counted -= after
    return GistCandidates(
        scanned.found, scanned.told_gists(), scanned.statements, scanned.unread, scanned.ends,
        partial(_read_exchange, index, visits), partial(_exchange_least, index),
        partial(_exchange_may_fail, index),
    )  # fmt: skip


def _scan_back(
    index: HistoryIndex,
    older: int,
    lowest: int,
    skip: frozenset[int],
    known: dict[int, _Visit],
    visits: dict[int, _Visit],
    into: _Scanned,
    stop: _ScanStop,
) -> None:
    """Look at units ``older - 1`` down to ``lowest`` for ``_gist_candidates``, going on
    from the visits and counts in ``stop`` (its ``counted`` is the ``from_end`` so far),
    until ``GIST_VISITS`` are visited and ``GIST_REACH`` counted; what is found goes
    ``into``, and ``stop`` says where it stopped."""
    kinds = index.kinds
    visited, from_end = stop.visited, stop.counted
    k = older - 1
    while k >= lowest:
        if visited >= GIST_VISITS and from_end >= GIST_REACH:
            break
        if k in skip:
            from_end += _counts(index, k)
            k -= 1
            continue
        visit = known.get(k)
        if visit is None and kinds[k] == "exchange":
            into.ends[k] = into.unread[k] = from_end
            visited += 1
            from_end += 1
            k -= 1
            continue
        if visit is None:
            visit = _visit(index, k)
        visits[k] = visit
        counts, what = visit
        visited += counts
        from_end += counts
        if what is not None:
            if what[0] == "found":
                into.found.append((what[1], -k, what[2]))
                into.ends[k] = from_end - counts
            elif what[0] == "said":
                into.statements.append((k, what[1], what[2]))
            else:
                into.told.append((k, what[1]))
        k -= 1
    stop.at, stop.visited, stop.counted = k, visited, from_end


def _carried_gist_candidates(
    index: HistoryIndex, older: int, lowest: int, skipped: tuple[int, ...], after: int
) -> GistCandidates | None:
    """The candidates a scan would find now, carried on from the last scan's when only
    the units from its ``older`` on changed (None: scan): an agent's call or answer
    appended adds a unit that counts after ``older`` (``after`` grows), a screenshot moves
    the kept run (``older`` grows), and either made the ~1,200-unit scan and the ranking of
    ~500 gists again (~1 ms of a ~3.5 ms refit at 32k).

    Sound under ``_known_visits``' conditions (every message the last scan read kept, its
    units where they were, the same ``lowest`` and pinned units before its ``older``):
    what a unit holds is then what it held, so a scan now looks first at the units from
    the last ``older`` to this one (looked at here), then at the same units the last one
    looked at, in the same order, with its counts moved up by what those first units and
    the new ``after`` add. Both counts only grow along a scan, so the scan now stops at or
    before where the last one stopped: the units it no longer reaches are found by walking
    back from there (a unit or two), and every ``from_end`` is the last one's moved up by
    the same number (``GistCandidates.carried``)."""
    scan = _tables(index).gist_scan
    if scan is None or scan.lowest != lowest or older < scan.older:
        return None
    if tuple(k for k in skipped if k < scan.older) != scan.skipped:
        return None
    starts = index.starts
    read_to = starts[scan.older] if scan.older < len(starts) else len(index.body)
    if index.shared_since(scan.updates) < read_to:
        return None
    if scan.shape != _scan_shape(index, scan.older, lowest):
        return None
    visits = dict(scan.visits)
    first = _Scanned()  # (what the units from the last ``older`` to this one hold)
    stop = _ScanStop(counted=after)
    _scan_back(index, older, scan.older, frozenset(skipped), {}, visits, first, stop)
    moved = 0  # (how far every ``from_end`` the last scan found moves up)
    if stop.at >= scan.older:  # (it stopped among those units: none of the last scan's)
        gone = range(lowest, scan.older)
    else:
        moved = stop.counted - scan.after
        if moved < 0:
            return None  # (it would look further back than the last scan did)
        gone = _no_longer_reached(index, scan, stop)
    stop.counted -= after
    newer = (first.found, first.told_gists(), first.statements, first.unread, first.ends)
    found = scan.found.carried(newer, moved, gone, partial(_read_exchange, index, visits))
    _tables(index).gist_scan = _GistScan(
        index.updates, older, lowest, skipped, after, _scan_shape(index, older, lowest),
        found, visits, stop,
    )  # fmt: skip
    return found


def _no_longer_reached(index: HistoryIndex, scan: _GistScan, stop: _ScanStop) -> range:
    """The units of ``scan`` that a scan going on from ``stop`` (its counts after the units
    before ``scan.older`` were looked at) no longer reaches: walked back from where
    ``scan`` stopped, one unit at a time, while the counts it had before looking at the unit
    say a scan now stops before it. ``stop`` becomes where the scan now stops."""
    visited, counted = stop.visited, stop.counted - scan.after  # (what the units before add)
    at, seen, reached = scan.stop.at, scan.stop.visited, scan.stop.counted
    skip = frozenset(scan.skipped)
    if seen + visited >= GIST_VISITS and reached + counted + scan.after >= GIST_REACH:
        while at + 1 < scan.older:
            k = at + 1
            visit = scan.visits.get(k)
            # (a pinned unit is not visited but counts; an exchange not read counts)
            counts = 0 if k in skip else 1 if visit is None else int(visit[0])
            adds = _counts(index, k) if k in skip else counts
            if not (
                seen - counts + visited >= GIST_VISITS
                and reached - adds + counted + scan.after >= GIST_REACH
            ):
                break
            at, seen, reached = k, seen - counts, reached - adds
    gone = range(scan.stop.at + 1, at + 1)
    stop.at, stop.visited, stop.counted = at, seen + visited, reached + counted + scan.after
    return gone


def _read_exchange(index: HistoryIndex, visits: dict[int, _Visit], k: int) -> Read:
    """What exchange ``k`` holds (``_visit``), kept in ``visits`` (the scan's: a refit's
    scan takes it as known)."""
    visit = visits[k] = _visit(index, k)
    return visit[1]  # type: ignore[return-value]


def _exchange_may_fail(index: HistoryIndex, k: int) -> bool:
    """``gists.may_have_failed`` of exchange ``k``, from its results alone (its assistant
    turns are not made into Messages)."""
    start, end = index.starts[k], index.end(k)
    roles = index.roles
    results = [
        m for i in range(start, end) if roles[i] != "assistant" for m in _peek(index, i, i + 1)
    ]
    return may_have_failed(results)


def _exchange_least(index: HistoryIndex, k: int, up_to: float) -> float:
    """``gists.least_rank`` of exchange ``k``, from its assistant turns alone (its tool
    outputs are not made into Messages), worked out once per unit (``_once``).

    A refit whose kept run moved (a screenshot, a result while a parallel call dangles)
    makes the gists' candidates again, and they asked this of every far exchange again:
    each call's arguments parsed anew, ~500 a refit of a 2,000-dict agent at 32k (most of
    such a refit's CPU). ``least_rank`` reads ``up_to`` only as below ``SAID`` or not, so
    what it returns is kept for either side."""
    start, end = index.starts[k], index.end(k)
    known: dict[tuple[int, bool], float] = _once(index, start, end, "least rank", dict)
    key = (start, up_to >= SAID)  # (the start too: the memo is by the unit's last message)
    least = known.get(key)
    if least is None:
        roles = index.roles
        said = [
            m for i in range(start, end) if roles[i] == "assistant" for m in _peek(index, i, i + 1)
        ]
        least = known[key] = least_rank(said, up_to)
    return least


def _failure_least(index: HistoryIndex, pricer: Pricer, k: int) -> int:
    """A lower bound of what exchange ``k``'s gist costs pinned were it a failure, from its
    assistant turns alone (``gists.failure_opening``; ``maxsize``: no call, no gist)."""
    start, end = index.starts[k], index.end(k)
    roles = index.roles
    said = [m for i in range(start, end) if roles[i] == "assistant" for m in _peek(index, i, i + 1)]
    opening = failure_opening(said)
    if opening is None:
        return maxsize
    return pricer.framing_tokens("assistant") + _opening_least(pricer.counter, opening)


def _opening_least(counter: TokenCounter, opening: str) -> int:
    """A lower bound of ``counter.count`` of any text that opens with ``opening`` and goes
    on with a space (a failed gist's, ``gists.failure_opening``: it ends in "failed:").
    The opening's own count for tiktoken's vocabularies (their pre-tokenizer cuts the text
    into pieces, each counted alone, and ":" before a space is a piece of its own: the
    opening's pieces are the whole text's first ones) and for an estimate (a sum over its
    characters and over its runs of letters and digits, each whole in the opening: a text
    that goes on costs at least as much); for any other counter ``tokens_at_least`` (0 for
    one it does not bound)."""
    inner = counter
    while isinstance(inner, CachedCounter):
        inner = inner.inner
    if isinstance(inner, TiktokenCounter | EstimateCounter):
        return counter.count(opening)
    return tokens_at_least(counter, opening)


def gist_least(pricer: Pricer, text: str) -> int:
    """A lower bound of what the assistant turn saying gist ``text`` costs (its framing and
    ``tokens_at_least`` of its text): once the gists' cap is nearly spent, the hundreds of
    gists after are not priced to learn that they do not fit (property-tested)."""
    return pricer.framing_tokens("assistant") + tokens_at_least(pricer.counter, text)


#: Gist texts whose bound ``_gist_bounds`` keeps at most (then forgotten, bounded again):
#: a refit bounds at most those of the units it visits, and a growing session adds a few.
_GIST_BOUNDS_KEPT = 4 * GIST_VISITS


def _gist_bounds(index: HistoryIndex, pricer: Pricer) -> dict[str, int]:
    """``gist_least`` by gist text, kept with the index for its next refits: once the cap is
    nearly spent, every refit bounds the same few hundred gists that do not fit (~4 ms of a
    10,000-message session's append refit, speed58). A bound depends on the text and the
    pricer alone (not on where its unit is, nor on what else was edited), so it is kept by
    the text, for one pricer (held with the memo of the history's first message)."""
    kept: list[tuple[Pricer, dict[str, int]]] = _once(index, 0, 1, "gist-bounds", list)
    if not kept or kept[-1][0] is not pricer or len(kept[-1][1]) > _GIST_BOUNDS_KEPT:
        kept[:] = [(pricer, {})]
    return kept[-1][1]


def _exchange_gist(index: HistoryIndex, k: int) -> Gist | None:
    """The gist of tool exchange ``k``, made once (anew if a message of it changed)."""
    start, end = index.starts[k], index.end(k)
    return _once(index, start, end, "gist", lambda: exchange_gist(_peek(index, start, end)))


@dataclass(slots=True, eq=False, repr=False)
class _Told:
    """A long user turn's own words (``gists.own_words``), and whether they correct or set
    a rule (``intent.steering_requests``; None: not read yet)."""

    words: OwnWords
    steers: bool | None = None

    def gist(self) -> Gist:
        assert self.steers is not None  # (read by ``_read_steering`` first)
        return words_gist(self.words, self.steers)


def _own_words(index: HistoryIndex, k: int) -> _Told | None:
    """Long user turn ``k``'s own words, made once (whether they steer is read with the
    other turns' a fit meets, ``_read_steering``, and kept with them)."""
    start = index.starts[k]

    def make() -> _Told | None:
        words = own_words(index.request_text(start))
        return None if words is None else _Told(words)

    return _once(index, start, start + 1, "words", make)


def _read_steering(told: Sequence[_Told]) -> None:
    """Whether each of ``told`` not read yet corrects or sets a rule: one reading of all
    their paragraphs (``steering_requests`` says of each text alone what it says of it
    among others; one call a turn searched the shapes' supersets once a turn, ~60 turns of
    a cold fit, speed60)."""
    unread = [t for t in told if t.steers is None]
    if not unread:
        return
    paragraphs = [p for t in unread for p in t.words.paragraphs]
    steering = set(steering_requests(paragraphs, False)[0])
    at = 0
    for t in unread:
        n = len(t.words.paragraphs)
        t.steers = any(i in steering for i in range(at, at + n))
        at += n


def _statement(index: HistoryIndex, i: int) -> tuple[str, str] | None:
    """Message ``i`` as a statement of a value (``gists.value_statement``), made once (its
    dict is not looked at again while it is known: a cold read of each of the ~100 answers
    a refit visits, speed58)."""
    return _once(index, i, i + 1, "said", lambda: _read_statement(index, i))


def _may_give_a_link(index: HistoryIndex, k: int) -> bool:
    """Whether unit ``k``, one message, is an assistant answer short enough to be a
    statement (``gists.link_statement``), known from its role and length alone: a chat's
    long answers are not read."""
    start = index.starts[k]
    return index.roles[start] == "assistant" and index.chars[start] <= SAID_CHARS


def _link_said(index: HistoryIndex, k: int) -> tuple[str, str] | None:
    """Assistant answer ``k`` as a link it gave or a decision it stated
    (``gists.chat_statement``), or None."""
    return chat_statement(_peek(index, index.starts[k], index.starts[k] + 1)[0])


def _proposal_answered(index: HistoryIndex, k: int) -> tuple[str, str] | None:
    """Assistant turn ``k`` as a proposal the user's next turn answered
    (``gists.answered_proposal``), made once with that answer (both turns are pinned as
    said, ``_answer_to``); None when no user turn short enough to be an answer follows it
    (known from roles and lengths alone)."""
    start = index.starts[k]
    after = start + 1
    if after >= len(index.body) or index.roles[after] != "user":
        return None
    if (
        index.chars[start] > SAID_CHARS or index.chars[after] > 2 * ANSWER_MOST_CHARS
    ):  # (spaces aside)
        return None
    return _once(
        index,
        start,
        after + 1,
        "answered",
        lambda: _read_answered(index, start),
    )


def _read_answered(index: HistoryIndex, start: int) -> tuple[str, str] | None:
    """``gists.answered_proposal`` of message ``start`` and the next, the next read only
    when the first puts a proposal (most short assistant turns are followed by a nudge)."""
    proposed = _plain(index, start)
    return answered_proposal(proposed, _plain(index, start + 1)) if proposes(proposed) else None


def _answer_to(index: HistoryIndex, k: int, text: str) -> int | None:
    """The unit of the user's answer when statement ``text`` of unit ``k`` is a proposal
    they answered (``_proposal_answered``): pinned with it, as said, else None."""
    answered = _proposal_answered(index, k)
    if answered is None or answered[0] != text or k + 1 >= len(index.starts):
        return None
    return k + 1 if index.starts[k + 1] == index.starts[k] + 1 else None


def _read_statement(index: HistoryIndex, i: int) -> tuple[str, str] | None:
    return value_statement(_plain(index, i))


def _plain(index: HistoryIndex, i: int) -> Message:
    """Message ``i`` to read once: a lazy history's plain turn not read yet made of its text
    alone, without the reading a kept Message takes (``_peek``)."""
    body = index.body
    if type(body) is LazyMessages:
        flat = body.columns.flat(body.start + i)
        if flat is not None:
            role, text, _ = flat
            return Message(role, (Text(text),))
    return _peek(index, i, i + 1)[0]


_LOOKED = Message.user("(looked at without reading)")


def _once(index: HistoryIndex, start: int, end: int, what: str, work: Callable[[], T]) -> T:
    """``work()`` about messages ``start:end``, worked out once: by the identity of their
    Messages (``HistoryIndex.memo``, at the last), or for a lazy history, whose turns the
    gists look at without reading them into Messages kept, until an update finds one of
    them edited (it forgets what is known of every message from the first edited on)."""
    body = index.body
    if type(body) is not LazyMessages:
        last = body[end - 1]
        whole = tuple(body[start:end])

        def make(_: Message) -> tuple[tuple[Message, ...], T]:
            return whole, work()

        of, value = index.memo(end - 1, what, make)
        if len(of) != len(whole) or any(a is not b for a, b in zip(of, whole, strict=True)):
            of, value = make(last)  # (an earlier message of the unit replaced)
        return value
    memo = index._memo
    hit = memo.get((end - 1, what))
    if hit is None or hit[0] is not _LOOKED:
        hit = memo[(end - 1, what)] = (_LOOKED, work())
    return hit[1]  # type: ignore[return-value]


def _peek(index: HistoryIndex, start: int, end: int) -> tuple[Message, ...]:
    """Messages ``start:end``, a lazy history's read without keeping them read (what its
    columns made is left as it was: a dropped turn is never held as a Message)."""
    body = index.body
    if type(body) is not LazyMessages:
        return tuple(body[start:end])
    columns, off = body.columns, body.start
    out = []
    for p in range(off + start, off + end):
        made = columns.made[p]
        if made is None:
            made = columns.message(p)
            columns.made[p] = None
        out.append(made)
    return tuple(out)


def _gist_message(index: HistoryIndex, pricer: Pricer, k: int, text: str) -> tuple[Message, int]:
    """The turn that says gist ``text`` of unit ``k`` (the assistant's of an exchange, the
    user's of their own long turn), and its price (one object per unit and text: a refit
    prices it once)."""
    start, end = index.starts[k], index.end(k)
    turns = _gist_turns(index, pricer)
    turn = turns.get((start, end, text))
    if turn is not None:
        return turn
    made: dict[str, tuple[Message, Pricer, int]] = _once(index, start, end, "gist-said", dict)
    hit = made.get(text)
    if hit is None or hit[1] is not pricer:
        said = Message.user if index.roles[start] == "user" else Message.assistant
        m = hit[0] if hit is not None else said(text, id=GIST_ID_PREFIX + index.id_of(start))
        hit = made[text] = (m, pricer, pricer.message(m).total)
    turn = turns[(start, end, text)] = (hit[0], hit[2])
    return turn


@dataclass(slots=True, eq=False, repr=False)
class _GistTurns:
    """The gist turns ``_gist_message`` gave in one index, by (the unit's first message, its
    end, the gist's text): (the turn, its price); good for update ``updates`` and ``pricer``."""

    updates: int
    pricer: Pricer
    made: dict[tuple[int, int, str], tuple[Message, int]]


def _gist_turns(
    index: HistoryIndex, pricer: Pricer
) -> dict[tuple[int, int, str], tuple[Message, int]]:
    """The gist turns given in ``index`` that surely stand now: given in this update, or in
    an earlier one and of messages every update since kept (``HistoryIndex.shared_since``:
    an edit in place, a replacement, an insertion or a removal makes it smaller), by the
    same pricer.
    A gist turn is read only from its unit's messages, and named after the first."""
    tables = _tables(index)

    def forget_from(kept: _GistTurns, shared: int) -> None:
        kept.made = {at: turn for at, turn in kept.made.items() if at[1] <= shared}

    kept = tables.gist_turns = _standing(
        index, pricer, tables.gist_turns, lambda: _GistTurns(index.updates, pricer, {}), forget_from
    )
    return kept.made


_Standing = TypeVar("_Standing", "_GistTurns", "_RequestFacts")


def _standing(
    index: HistoryIndex,
    pricer: Pricer,
    kept: _Standing | None,
    made: Callable[[], _Standing],
    forget_from: Callable[[_Standing, int], None],
) -> _Standing:
    """``kept`` (what the pinning read of ``index`` in an update, by ``pricer``), what it read
    of the messages changed since forgotten (``forget_from``: from that position on;
    ``HistoryIndex.shared_since``); ``made()`` anew when there is none, or of another pricer."""
    if kept is None or kept.pricer is not pricer:
        return made()
    if kept.updates != index.updates:
        forget_from(kept, index.shared_since(kept.updates))
        kept.updates = index.updates
    return kept


def _fill(
    index: HistoryIndex,
    pricer: Pricer,
    pins: Pins,
    oldest_first: Iterable[int],
    room: int,
    newer: NewerSettings,
    lean_cap: int,
    said_often: _ToldScan | None,
    asks: tuple[Callable[[int], bool], Callable[[int, int], bool], Callable[[int], str]],
) -> int:
    """Pin the user's other substantive requests, oldest first, within ``room``: what they
    asked or told besides the goal and the rules read as such (a rule in a language no word
    table reads is one: review25 set B, "never" rules in mr/gu/kk kept 0 % at 8k). Oldest
    first, so the pins stay put as the session grows and the prompt cache's prefix holds
    (R26-R3: newest first, they changed every turn). A turn showing a screenshot is pinned
    as its words (``_lean`` within ``lean_cap``; 0: not pinned) — the image goes back if the
    window holds it, else it is reported — unless those words are a caption the user sends
    with other screenshots too ("Here's the dashboard now."): what was said beside a
    screenshot ("the warehouse holds 21,782 pallets") was lost at every window (retain32's
    held-out notebook sessions, a fifth of their numbers and open requests). Not a setting
    set again since, nor words said again word for word ("I've noticed some replies sound
    very formal…" seven times took a fifth of an 8k cap and a rule said later went with the
    cut: recap27's held-out support sessions). A turn of several sentences is pinned without
    those the user says again and again (``said_often``), and not at all when it says nothing
    else: a talkative user's remarks ("Sorry for the long message.") filled the room
    oldest first and the request said between them later was never reached (retain39 set
    A: open requests 0/8 at 16k); ``said_often`` None: none is looked past. Looks at a bounded number (a refit does not walk a long
    history every turn); returns the tokens pinned. ``asks``: whether request ``k`` says
    something, and whether its words may fit a room (read once per message: ``_read_once``,
    ``_words_fit``), and its text (``_texts_once``)."""
    starts, least = index.starts, index.least_message_cost()
    substantive, words_may_fit, text_of = asks
    # (its sentences and their frames read once per message: ``of_text`` keeps nothing in a
    # cold fit, and each cap step's fill steps over the same oldest requests again)
    frames = _read_once(
        _request_facts(index, pricer), "own frames", index,
        lambda k: index.of_text(starts[k], "own frames", _own_frames),
    )  # fmt: skip
    spent = looked = shown = 0
    captions: Counter[str] | None = None
    said: set[str] | None = None  # the words of the requests pinned
    for visited, k in enumerate(oldest_first):
        if room - spent < least or looked >= _FILL_LOOKS or visited >= _FILL_VISITS:
            break
        if said_often is not None and k in said_often.routine_only:
            continue  # (nothing but what the user says again and again: see below)
        start = starts[k]
        if k in pins.numbers or not substantive(k):
            continue
        if index.holds_images(start):
            # (counted apart: a session of screenshots takes no looks from the words)
            if not lean_cap or shown >= _FILL_LOOKS:
                continue
            shown += 1
            if captions is None:
                captions = _screenshot_captions(index)
            if captions[index.request_text(start)] > 1 or newer.reset(start):
                continue
            if not words_may_fit(k, room - spent):
                continue  # (known from its letters, its screenshot not read nor priced)
            lean = _lean(index, pricer, k, lean_cap, _ASKED)
            if lean is not None and lean.unit.cost <= room - spent:
                pins.add(k, lean.unit)
                pins.lean[k] = lean
                spent += lean.unit.cost
            continue
        text = text_of(k)
        own: str | None = text
        if said_often is not None and index.chars[start] <= TOLD_TURN_CHARS:
            own = _own_excerpt(frames(k), said_often.shapes, text)
            if own is None and _glued_to_paste(index, k):
                own = text  # (pinned as its words below)
            elif own is None and k < said_often.upto:
                said_often.routine_only.add(k)  # (so it stays: ``_ToldScan.routine_only``)
        if own is None:
            continue  # (nothing but what the user says again and again: no look spent)
        looked += 1
        if newer.reset(start):
            continue
        if said is None:
            said = {index.request_text(u.start) for u in pins.units if u.kind == "prior"}
        if text in said:
            continue  # (said again word for word: pinned once, the cap left to the others)
        lean = None
        if own != text and index.one_text_block(start):
            lean = _sentences_pin(index, pricer, k, own, _SAID_ONCE)
        if lean is not None and not (
            index.request_may_fit(k, _WHOLE_OVER_EXCERPT * lean.unit.cost)
            and index.exact_cost(start) <= min(room - spent, _WHOLE_OVER_EXCERPT * lean.unit.cost)
        ):
            if lean.unit.cost > room - spent:
                continue
            pins.add(k, lean.unit)
            pins.lean[k] = lean  # (sent whole if the window holds it: ``settle_lean_pins``)
            said.add(text)
            spent += lean.unit.cost
        elif _glued_to_paste(index, k) and (
            words := _words_first(index, pricer, k, room - spent, _ASKED)
        ):
            if words.unit.cost <= room - spent:
                pins.add(k, words.unit)
                pins.lean[k] = words  # (its paste sent too if the window holds it)
                said.add(text)
                spent += words.unit.cost
        elif _fits_whole(index, k, room - spent):
            unit = index.unit_alone(k, "prior")
            pins.add(k, unit)
            said.add(text)
            spent += unit.cost
    return spent


#: What a turn pinned without its routine sentences is kept as (``_fill``)
_SAID_ONCE = "the sentences in it not said again and again"


#: The share of the room left beside the task and the rules that the user's short turns
#: telling a fact may take first (``_pin_told``): 1/_TOLD_SHARE; the rest goes to the
#: user's other requests, oldest first (``_fill``)
_TOLD_SHARE = 2
#: How many earlier units ``_pin_told`` looks at, oldest first
_TOLD_VISITS = 8_192


def _current_turn_fits(run: int | None, anchor_unit: int) -> bool:
    """Whether the newest run kept whatever is pinned (starting at unit ``run``, None: not
    known) holds the current turn whole and reaches before its request: only then may the
    facts told in passing take room (``_pin_told``). When the current turn must be
    shortened (a huge tool output the model answers now), every token pinned is one less of
    its head and tail, and the pins the run reaches anyway leave their room empty: a chat
    of 300 short turns pinned as facts cut a 5 MB output the model was reading to 12,248
    tokens of a 31,000 budget (half the room before) and a history that otherwise fitted
    whole used 28,497 (tests/test_fit_huge_units.py on retain35)."""
    return run is None or run < anchor_unit


@dataclass(slots=True, eq=False, repr=False)
class _ToldWalk:
    """What the cap steps of one fit found of the facts told they walk (``_pin_told``): each
    step walks the same candidates with more room, and a refit after a user's turn made the
    same ~30 excerpts again each step to pin none. ``least``: what pinning a candidate costs
    at least (``maxsize``: no room pins it: a setting set again, a turn that says nothing,
    no fact in it to excerpt); ``excerpts``: its facts told (``_told_excerpt``, by the
    fit's one told scan)."""

    least: dict[int, int] = field(default_factory=dict)
    excerpts: dict[int, str | None] = field(default_factory=dict)

    def excerpt(
        self, index: HistoryIndex, pricer: Pricer, k: int, said: Counter[int]
    ) -> str | None:
        if k not in self.excerpts:
            self.excerpts[k] = _told_excerpt(index, pricer, k, said)
        return self.excerpts[k]


def _pin_told(
    index: HistoryIndex,
    pricer: Pricer,
    pins: Pins,
    older: int,
    room: int,
    newer: NewerSettings,
    walked: _ToldWalk,
) -> int:
    """Pin, within ``room``, the user's short turns before unit ``older`` that tell a fact
    (``gists.told_rank``): the specifics first (a number, a date, a link, a name), then the
    statements about the speaker, oldest first within each (the pins stay put as the chat
    grows). A long chat of short turns keeps its recent turns and its task and rules; the
    facts told in passing over days before them ("my flatmate Rohan", "I'm a night owl")
    were in no pin: the other requests are pinned oldest first, and a companion's first
    rambles took the room (retain34's held-out companion chats kept 36 % of their facts at
    every window, prepare's recap 90 %). Not a wording said again and again, digits aside
    ("set a timer for 5 minutes": a command, routine), nor a setting set again since, nor
    words said again word for word. Returns the tokens pinned. ``walked``: what the earlier
    calls of the same fit (its cap steps) found of each candidate, grown by this one."""
    least = index.least_message_cost()
    if room < least:
        return 0
    says = _says_something(index, _request_facts(index, pricer))
    scan = _told_scan(index, min(older, _TOLD_VISITS))
    ranked: list[tuple[int, int, int, int | None, bool]]
    if not scan.walked:  # (a first walk: each bounded when reached, as a one-shot fit needs)
        scan.walked = True
        wording = {k: w for _, k, w, _ in scan.found}
        wordings = Counter(wording.values())
        ranked = sorted((r, k, w, None, s) for r, k, w, s in scan.found if k not in pins.numbers)
    else:
        lows = _told_lows(index, pricer, scan)
        wording, wordings = lows.wording, lows.wordings
        # only the candidates that may fit the room are walked, in order: a refit of a long
        # chat walked all of them (~1,900 of a 10,000-message session at 32k, ~9 ms) to pin none
        ranked = sorted(
            c for c in lows.entries[: bisect_right(lows.bounds, room)] if c[1] not in pins.numbers
        )
    # (the pinned requests are no candidates: their wordings are not counted either)
    pinned = Counter(wording[k] for k in pins.numbers if k in wording)
    wordings_said = scan.said
    starts = index.starts
    spent = 0
    said: set[int] = set()
    known = walked.least
    for _, k, w, low, by_sentence in ranked:
        left = room - spent
        if left < least:
            break
        start = starts[k]
        if known.get(k, 0) > left or repeated(wordings[w] - pinned[w]) or w in said:
            continue
        bound = _told_low(index, pricer, least, k, by_sentence) if low is None else low
        if bound > left:
            continue  # (most of a long chat's candidates, once the room is nearly spent)
        if newer.reset(start) or not says(k):
            known[k] = maxsize
            continue  # (asked of the few pinned only: "lol 😂" tells nothing)
        if by_sentence:
            told = walked.excerpt(index, pricer, k, wordings_said)
            if told is None:
                known[k] = maxsize
                continue
            # (by a bound read from its letters first: a cold fit of a 10,000-message agent
            # session priced ~470 excerpts exactly, three counts each, to pin 2)
            if k not in known:
                known[k] = least + _told_excerpt_least(index, pricer, k, told)
            if known[k] > left:
                continue
            lean = _sentences_pin(index, pricer, k, told, "the sentences in it that tell a fact")
            if lean is None or lean.unit.cost > left:
                known[k] = maxsize if lean is None else lean.unit.cost
                continue
            whole = index.exact_cost(start)
            if whole <= min(left, _WHOLE_OVER_EXCERPT * lean.unit.cost):
                # (a turn that is mostly facts goes whole: its excerpt saves little and
                # loses the rest: R37-retain37-1, a booking reference in its 5th sentence)
                unit = index.unit_alone(k, "prior")
                pins.add(k, unit)
                said.add(w)
                spent += unit.cost
                continue
            pins.add(k, lean.unit)
            pins.lean[k] = lean  # (sent whole if the window holds it: ``settle_lean_pins``)
            said.add(w)
            spent += lean.unit.cost
        elif index.request_may_fit(k, left) and index.exact_cost(start) <= left:
            unit = index.unit_alone(k, "prior")
            pins.add(k, unit)
            said.add(w)
            spent += unit.cost
    return spent


#: A long turn telling facts is pinned whole, not as its excerpt, when the whole costs at
#: most this many times the excerpt (and fits the room left).
_WHOLE_OVER_EXCERPT = 2


def _told_excerpt(index: HistoryIndex, pricer: Pricer, k: int, said: Counter[int]) -> str | None:
    """The sentences of user turn ``k`` that tell a fact (``gists.told_excerpt``), none the
    user says again and again (``said`` counts each wording, ``gists.routine_sentence``);
    None when it holds more than one text block or none such sentence."""
    if not index.one_text_block(index.starts[k]):
        return None
    told = excerpt_told(_told_in(index, pricer)(k), said)
    return None if told is None else told[1]


def _told_excerpt_least(index: HistoryIndex, pricer: Pricer, k: int, sentences: str) -> int:
    """A lower bound of what user turn ``k`` pinned as the ``sentences`` in it that tell a fact
    (``_told_excerpt``) costs beyond its framing, read from its letters once per turn's text
    and excerpt: the walk of the facts told looks at the same candidates each cap step and
    each refit. A customer's policy number or a witness's name said inside a 1,400-character
    message was in no pin: only short turns were read for facts told, and the whole message
    costs a share of the pins' room."""
    counter = pricer.counter
    start = index.starts[k]
    bounds = index.of_text(start, f"told excerpt least {counter.name}", lambda _: dict[str, int]())
    bound = bounds.get(sentences)
    if bound is None:
        bound = bounds[sentences] = tokens_at_least(counter, _excerpt(sentences))
    return bound


def _told_floor(index: HistoryIndex, pricer: Pricer, k: int) -> int:
    """A lower bound of what request ``k``'s excerpt of the facts it tells costs beyond
    its framing, whichever of its sentences the user says again and again since (the
    bound of its cheapest told sentence alone: every excerpt holds one), once per text and
    vocabulary; ``sys.maxsize`` when it tells none. A refit's walk of the facts told in
    passing looks at every candidate of a long chat again, most of them over the little
    room left: ~550 a refit of a 10,000-message session, each excerpt made again."""
    counter = pricer.counter

    def floor(_text: str) -> int:
        told = _told_in(index, pricer)(k)
        return min((tokens_at_least(counter, _excerpt(s)) for _, s, _ in told), default=maxsize)

    return index.of_text(index.starts[k], f"told floor {counter.name}", floor)


def _excerpt(sentences: str) -> str:
    """What stands for an earlier user turn pinned as ``sentences`` of it."""
    return (
        f"[Part of an earlier message of yours, the rest left out to fit:]{TOLD_ELISION}{sentences}"
    )


def _sentences_pin(
    index: HistoryIndex, pricer: Pricer, k: int, sentences: str, what: str
) -> Lean | None:
    """User turn ``k`` of one text block pinned as ``sentences`` (an excerpt of its text,
    ``what`` they are), the rest left out and reported; made once per message, excerpt and
    ``what`` (made once per message and excerpt, a turn the told facts' walk priced and
    passed over was reported under the walk's reason when ``_fill`` pinned it)."""
    start = index.starts[k]

    def make(m: Message) -> Lean | None:
        texts = [(n, b.text) for n, b in enumerate(m.content) if isinstance(b, Text)]
        if len(texts) != 1:
            return None
        j, text = texts[0]
        excerpt = _excerpt(sentences)
        short = replace_block(m, (j,), Text(excerpt))
        cost = pricer.message(short).total
        # (what is left out is not sent: its size is estimated, as ``_rule_excerpt_pin``'s
        # is; counted exactly, the whole turns were ~17 % of a 32k first fit's exact counting)
        before, after = estimate_tokens(pricer.counter, text), pricer.text(excerpt)
        reason = (
            f"earlier message pinned as {what}: the whole did not fit the room kept for "
            "earlier requests"
        )
        change = Change("shrunk", m.id, j, "text", reason, before, after, True)
        notice = Notice(
            "shrunk",
            m.id,
            f"Your earlier message {m.id} is kept as {what} (about {before:,} → {after:,} "
            "tokens): the whole message did not fit the room kept for earlier requests.",
        )
        return Lean(Unit(start, [short], cost, "prior"), (change,), (notice,))

    return index.memo(start, f"sentences {what}: {sentences}", make)


#: Long turns read as rules whose sentences are read in one call at most (``_next_rules``)
_RULES_READ_AT_ONCE = 32
#: Texts whose ``rule_excerpt`` an index keeps at most (then forgotten, read again if asked)
_RULE_EXCERPTS_KEPT = 4_096


def _next_rules(index: HistoryIndex, k: int) -> list[int]:
    """The units of the corrections and rules read so far before request ``k``, newest
    first: the ones the walk pins next, their sentences read with ``k``'s."""
    found = index.requests_read.steering
    at = bisect_left(found, index.starts[k])
    return [index.unit_of(p) for p in reversed(found[max(0, at - _RULES_READ_AT_ONCE) : at])]


def _rule_excerpt_pin(
    index: HistoryIndex, pricer: Pricer, k: int, upcoming: Callable[[], list[int]]
) -> tuple[Lean, frozenset[str]] | None:
    """Long user turn ``k``, read as a correction or a rule, pinned as the sentences in it
    that are one on their own and those telling a fact (``gists.rule_excerpt``), the rest
    left out and reported; with its rule sentences. None when it holds more than one text
    block, or ``rule_excerpt`` finds none such. Made once per message; the sentences of the
    ``upcoming`` long turns (unit numbers) are read in the same call (a call has a fixed
    cost: one a turn made a cold fit of a talkative session ~1.5x slower)."""
    start = index.starts[k]
    chars = index.chars
    if not chars[start] <= TOLD_TURN_CHARS or not index.one_text_block(start):
        return None

    def make(m: Message) -> tuple[Lean, frozenset[str]] | None:
        texts = [(n, b.text) for n, b in enumerate(m.content) if isinstance(b, Text)]
        if len(texts) != 1:
            return None
        j, text = texts[0]
        known = _tables(index).rule_excerpts
        if text not in known:
            if len(known) > _RULE_EXCERPTS_KEPT:
                known.clear()
            reading = [text]
            for u in upcoming():
                p = index.starts[u]
                if u != k and chars[p] <= TOLD_TURN_CHARS:
                    other = index.request_text(p)
                    if other not in known:
                        reading.append(other)
            known.update(zip(reading, rule_excerpts(reading, _steering_sentences), strict=True))
        found = known[text]
        if found is None:
            return None
        told, rules = found
        excerpt = (
            f"[Part of an earlier message of yours, the rest left out to fit:]{TOLD_ELISION}{told}"
        )
        short = replace_block(m, (j,), Text(excerpt))
        cost = pricer.message(short).total
        # (what is left out is not sent: its size is estimated, as ``_request_words`` does)
        before, after = estimate_tokens(pricer.counter, text), pricer.text(excerpt)
        reason = (
            "earlier message pinned as the sentences in it that set a rule or a correction "
            "and tell a fact: the whole did not fit the room kept for earlier requests"
        )
        change = Change("shrunk", m.id, j, "text", reason, before, after, True)
        notice = Notice(
            "shrunk",
            m.id,
            f"Your earlier message {m.id} is kept as the sentences in it that set a rule or "
            f"a correction and tell a fact (about {before:,} → {after:,} tokens): the whole "
            "message did not fit the room kept for earlier requests.",
        )
        return Lean(Unit(start, [short], cost, "prior"), (change,), (notice,)), rules

    return index.memo(start, "rule-excerpt", make)


def _steering_sentences(sentences: Sequence[str]) -> list[int]:
    """The indices of ``sentences`` that correct or constrain, each read on its own."""
    return steering_requests(sentences, restating=False)[0]


@dataclass(slots=True, eq=False, repr=False)
class _ToldScan:
    """What ``_told_candidates`` found in one index: the facts told in units ``0:upto``."""

    updates: int  # the index's update it stands in (``HistoryIndex.updates``)
    upto: int
    shape: bytes  # where units ``0:upto + 1`` start
    #: (rank, unit, hash of its wording with the digits left out, whether it is read by
    #: sentence: ``_told_excerpt``)
    found: list[tuple[int, int, int, bool]]
    #: how often the user said each sentence in the turns read, and each shape of sentence
    #: (``gists.sentence_keys``)
    said: Counter[int]
    shapes: Counter[int]
    #: ``found`` by what pinning each costs at least (``_told_lows``), kept with the scan
    lows: _ToldLows | None = None
    #: the user's turns before ``upto`` that ``_fill`` found to say nothing but sentences said
    #: again and again (``shapes``): so they stay while the scan only grows, a frame's count
    #: never falling, and ``_fill`` steps over them at once (a refit of a 10,000-message
    #: session at 32k read ~270 of them again, ~1 ms, speed84). Not carried to a scan of
    #: fewer turns (their counts fall) nor past an edit (the scan is made again).
    routine_only: set[int] = field(default_factory=set)
    #: whether ``_pin_told`` walked this scan (or the one it grew from) once: the first walk
    #: bounds each candidate only as it reaches it (a one-shot fit stops when the room is
    #: spent); a walk after that, a kept ``Fitter``'s refit, bounds them all once
    #: (``lows``) and then only the new ones
    walked: bool = False


@dataclass(slots=True, eq=False, repr=False)
class _ToldLows:
    """The candidates of a told scan (its first ``covered``) in order of a lower bound of
    what pinning each costs, by one pricer and its framing (``least``): the
    framing and its cheapest told sentence's excerpt (``_told_floor``) for a turn read by
    sentence, else the turn's price (exact once priced, else from its letters:
    ``tokens_at_least`` of its blocks joined, never above their sum). ``_pin_told`` walks
    only those under its room: a refit of a long chat walked every candidate (~1,900 of a
    10,000-message session at 32k, ~9 ms of a 14 ms refit) to pin none. Made as the scan
    grows: a refit after an append bounds only the candidates new to it."""

    pricer: Pricer
    least: int
    covered: int
    bounds: list[int]  # sorted
    #: (rank, unit, wording, bound, whether read by sentence), in the order of ``bounds``
    entries: list[tuple[int, int, int, int, bool]]
    wording: dict[int, int]  # each candidate unit's wording
    wordings: Counter[int]  # how many candidates say each wording


def _told_lows(index: HistoryIndex, pricer: Pricer, scan: _ToldScan) -> _ToldLows:
    """``scan``'s candidates by what pinning each costs at least (``_ToldLows``), bounding
    only those the last call did not."""
    least = index.least_message_cost()
    lows = scan.lows
    if lows is None or lows.pricer is not pricer or lows.least != least:
        lows = scan.lows = _ToldLows(pricer, least, 0, [], [], {}, Counter())
    found = scan.found
    if lows.covered == len(found):
        return lows
    new: list[tuple[int, int, int, int, bool]] = []
    for rank, k, w, by_sentence in islice(found, lows.covered, None):
        new.append((rank, k, w, _told_low(index, pricer, least, k, by_sentence), by_sentence))
        lows.wording[k] = w
        lows.wordings[w] += 1
    lows.covered = len(found)
    if len(new) > _TOLD_INSERTS:  # (a first walk: sorted once)
        entries = lows.entries + new
        entries.sort(key=itemgetter(3))
        lows.entries, lows.bounds = entries, [e[3] for e in entries]
    else:
        for entry in new:
            at = bisect_right(lows.bounds, entry[3])
            lows.bounds.insert(at, entry[3])
            lows.entries.insert(at, entry)
    return lows


def _told_low(index: HistoryIndex, pricer: Pricer, least: int, k: int, by_sentence: bool) -> int:
    """A lower bound of what pinning told-facts candidate ``k`` costs (``_ToldLows``)."""
    start = index.starts[k]
    if by_sentence:
        return least + _told_floor(index, pricer, k)
    if index.priced[start]:
        return index.costs[start]
    return least + tokens_at_least(pricer.counter, index.request_text(start))


#: More new candidates than this are sorted in, not inserted one by one (``_told_lows``)
_TOLD_INSERTS = 32


def _told_candidates(index: HistoryIndex, older: int) -> list[tuple[int, int, int, bool]]:
    """(rank, unit, hash of its wording with the digits left out) of the user's turns
    before unit ``older`` (the first ``_TOLD_VISITS`` units at most) that tell a fact
    (``gists.told_rank``; a turn of several sentences by sentence, ``gists.told_excerpt``),
    in order (``_told_scan``)."""
    upto = min(older, _TOLD_VISITS)
    return [c for c in _told_scan(index, upto).found if c[1] < upto]


def _said_in_frame(index: HistoryIndex, older: int) -> _ToldScan:
    """The scan whose ``shapes`` count how often the user says each frame of sentence
    (``gists.sentence_shape``: "I'll show them the plan at dinner on Monday.", other words
    in it) in the turns before unit ``older``: a sentence said again and again is what the
    other requests pinned leave out (``_fill``, ``_own_excerpt``; the facts told in them
    are pinned by ``_pin_told``)."""
    return _told_scan(index, min(older, _TOLD_VISITS))


def _own_excerpt(framed: tuple[list[str], list[int]], said: Counter[int], text: str) -> str | None:
    """``gists.own_excerpt`` of a request's ``text`` without the sentences the user says
    again and again in the same frame (``said``: ``_said_in_frame``), its sentences and their
    frames (``framed``: ``_own_frames``) read once per text: a refit's ``_fill`` steps over
    the same few hundred oldest requests again, and splitting each into sentences and frames
    again was ~1.5 ms of a 10,000-message session's refit at 32k (speed84)."""
    sentences, frames = framed
    routine = [repeated(said[frame]) for frame in frames]
    return excerpt_without(text, sentences, routine)


def _own_frames(text: str) -> tuple[list[str], list[int]]:
    """``text``'s own sentences (``gists.own_sentences``) and the frame of each."""
    sentences = own_sentences(text)
    return sentences, [sentence_shape(s) for s in sentences]


def _told_scan(index: HistoryIndex, upto: int) -> _ToldScan:
    """The scan of the user's turns in units ``0:upto`` at least for the facts they tell
    and the sentences they say (``_told_candidates``, ``_pin_told``); from the last
    scan of ``index`` when what it read is unchanged (sound as ``_known_gist_candidates``
    is: ``HistoryIndex.shared_since`` says how many leading messages every update since
    the scan kept)."""
    starts, kinds, roles, chars = index.starts, index.kinds, index.roles, index.chars
    scan = _tables(index).told_scan
    at: int = 0
    found: list[tuple[int, int, int, bool]] = []
    said: Counter[int] = Counter()
    shapes: Counter[int] = Counter()
    if scan is not None and _told_scan_stands(index, scan):
        scan.updates = index.updates
        if scan.upto == upto:
            return scan
        if scan.upto > upto:
            # (the sentences of a shorter prefix: those of the turns past it taken off, so a
            # refit whose current turn shrank counts as a one-shot fit does)
            said, shapes = Counter(scan.said), Counter(scan.shapes)
            for k in range(upto, scan.upto):
                _tally(index, k, said, shapes, -1)
            found = [c for c in scan.found if c[1] < upto]
            return _ToldScan(index.updates, upto, starts[: upto + 1].tobytes(), found, said, shapes)
        at, found = scan.upto, list(scan.found)
        said, shapes = scan.said, scan.shapes  # (the scan is replaced below)
    for k in range(at, upto):
        start = starts[k]
        if kinds[k] != "message" or roles[start] != "user" or chars[start] > TOLD_TURN_CHARS:
            continue
        # (read here, not kept per message: the scan is kept, and a chat of thousands of
        # short turns must not hold a memo of each, RT25-10's peak-memory bound)
        text = index.request_text(start)
        _tally(index, k, said, shapes, 1)
        by_sentence = chars[start] > SAID_CHARS or several_sentences(text)
        if not by_sentence:
            rank = told_rank(text)
        else:  # (by sentence: those that tell a fact, ``_told_excerpt``)
            told = told_excerpt(text)
            rank, text = (None, text) if told is None else told
        if rank is not None:
            found.append((rank, k, wording_hash(text), by_sentence))
    made = _ToldScan(index.updates, upto, starts[: upto + 1].tobytes(), found, said, shapes)
    if scan is not None and at:  # (what was worked out of the turns read before: kept)
        made.lows, made.routine_only, made.walked = scan.lows, scan.routine_only, scan.walked
    _tables(index).told_scan = made
    return made


def _tally(
    index: HistoryIndex, k: int, said: Counter[int], shapes: Counter[int], sign: int
) -> None:
    """Count (``sign`` 1) or take off (-1) the sentences of unit ``k`` when it is a user
    turn read by ``_told_scan``."""
    start = index.starts[k]
    if (
        index.kinds[k] != "message"
        or index.roles[start] != "user"
        or index.chars[start] > TOLD_TURN_CHARS
    ):
        return
    wordings, frames = sentence_keys(index.request_text(start))
    for key in wordings:
        said[key] += sign
    for key in frames:
        shapes[key] += sign


def _told_scan_stands(index: HistoryIndex, scan: _ToldScan) -> bool:
    """Whether ``scan`` read only messages this update of ``index`` kept as they were."""
    starts = index.starts
    read_to = starts[scan.upto] if scan.upto < len(starts) else len(index.body)
    if index.shared_since(scan.updates) < read_to:
        return False
    return index.starts[: scan.upto + 1].tobytes() == scan.shape


def _screenshot_captions(index: HistoryIndex) -> Counter[str]:
    """How often each wording is sent with an image by the user in the history: one said
    with more than one image is a caption, not something the user asked or told."""
    roles = index.roles
    return Counter(index.request_text(p) for p in index.images if roles[p] == "user")


def _acted_on(index: HistoryIndex, k: int, last: int) -> bool:
    """Whether the assistant called a tool after request ``k`` before the next substantive
    request (or the current one, at position ``last``): a nudge said in between ("Take
    your time.") asks for nothing new."""
    roles, opens = index.roles, index.opens
    for p in range(index.starts[k] + 1, last):
        if p in opens:
            return True
        if roles[p] == "user" and index.substantive(p):
            return False
    return False


def _surely_kept_from(index: HistoryIndex, anchor_unit: int, room: int, min_cut: int) -> int:
    """The first unit of the newest run (the current request's unit left out) whose units
    each fit what ``room`` has left after the newer ones, priced exactly: the selection,
    which walks back from the newest with at most that much spent on what it pinned, keeps
    each of them whole (``selection._Walk.take``). Their prices are the ones the selection
    reads next."""
    starts, costs = index.starts, index.unit_costs
    lowest = bisect_left(starts, min_cut)  # (units from the cut allowed on)
    total = 0
    k = len(starts) - 1
    while k >= lowest:
        if k == anchor_unit:
            k -= 1
            continue
        # the units made at the last fit (the run kept then), summed at C speed: a refit
        # steps one by one only through the new units (a walk of every kept unit was a
        # fifth of a refit of 12,000 short turns)
        floor = anchor_unit + 1 if lowest <= anchor_unit < k else lowest
        run = index.made_run(k, floor, room - total)
        if run:
            total += sum(costs[k - run + 1 : k + 1])
            k -= run
            continue
        left = room - total
        if not index.may_fit(k, left) or index.surely_over(k, left):
            break  # (a paste far over what is left is not priced whole to learn so)
        total += index.unit_cost(k, left)
        if total > room:
            break
        k -= 1
    return k + 1


def _lean(index: HistoryIndex, pricer: Pricer, k: int, cap: int, why: str = _STEERS) -> Lean | None:
    """Request ``k`` as its words: each image and file replaced by a placeholder and, when the
    request is too big for the pins' ``cap``, each long text cut to its request part (the
    lines pasted in the middle left out, said). None: nothing to leave out. Made once per
    message. ``why``: why its words are kept, as its image's notice says it."""

    def make(m: Message) -> Lean | None:
        changes: list[Change] = []
        notices: list[Notice] = []
        lean = m
        for j, block in enumerate(m.content):
            # (a file attached to the goal — a 7,000-token CSV — dropped the whole turn when
            # it did not fit the cap: review47 R47-ret1 lost the goal at every window)
            if isinstance(block, FileAttachment):
                lean = _left_out(pricer, changes, notices, lean, j, file_label(block), "file", why)
            elif isinstance(block, Image):
                what = f"image {image_label(pricer, block)}"
                lean = _left_out(pricer, changes, notices, lean, j, what, "image", why)
        if not (index.request_may_fit(k, cap) and index.exact_cost(index.starts[k]) <= cap):
            lean = _request_words(pricer, lean, changes, notices)
        if lean is m:
            return None
        unit = Unit(index.starts[k], [lean], pricer.message(lean).total, "prior")
        files = any(isinstance(block, FileAttachment) for block in m.content)
        return Lean(unit, tuple(changes), tuple(notices), file_left_out=files)

    key = f"lean{cap}" if why == _STEERS else f"lean{cap}:{why}"
    return index.memo(index.starts[k], key, make)


def _left_out(
    pricer: Pricer,
    changes: list[Change],
    notices: list[Notice],
    m: Message,
    j: int,
    what: str,
    noun: str,
    why: str,
) -> Message:
    """Request ``m`` with its block ``j`` (an image or a file: ``noun``) replaced by a line
    naming it (``what``), reported (put back with the request's words if the window holds
    them: ``settle_lean_pins``)."""
    return placeholder(
        pricer, changes, notices, m, (j,), sum(pricer.block(m.content[j])),
        what=what,
        text=f"[{what} omitted: the request's words are kept, the {noun} did not fit]",
        reason=f"earlier request pinned as its text: its {noun} did not fit the room "
        "kept for earlier requests",
        notice=f"The model will not see {what} from an earlier message of yours: "
        f"its words are kept ({why}), the {noun} did not fit.",
    )  # fmt: skip


def _steers_by_paste_only(index: HistoryIndex, k: int) -> bool:
    """Whether request ``k``, read as a correction or a rule, pastes lines around the user's
    own words (``gists.words_beside_paste``) and those words read as neither: what steers is
    what it pasted (a handbook's "Employees must not …", a lease's "Tenant shall not …", a
    hospital's "No conduzca …"), no rule of the user's. Such a request is pinned only after
    all of her rules (``prior_request_order``), a page pasted again once (``_pasted_lines``):
    pages of a handbook pasted again and again took the whole cap of the rules, and her own
    rules said between them were lost (R40-F1, F3, F5). Read once per message."""
    start = index.starts[k]
    if not _may_paste(index, start) or not index.one_text_block(start):
        return False

    def by_paste(_: Message) -> bool:
        said = words_beside_paste(index.request_text(start))
        if said is None:
            return False
        if not said:
            return True
        # (read once per wording: a user frames her pastes the same way again and again,
        # "Here's another page:", and a call per paste made a cold fit of a chat of pasted
        # sheets ~1.1x main's)
        known = _tables(index).own_words_steer
        words = tuple(said)
        steers = known.get(words)
        if steers is None:
            if len(known) > _RULE_EXCERPTS_KEPT:
                known.clear()
            steers = known[words] = bool(steering_requests(said, restating=False)[0])
        return not steers

    return index.memo(start, "steers_by_paste", by_paste)


def _may_paste(index: HistoryIndex, start: int) -> bool:
    """Whether the request at ``start`` is long enough to paste lines around the user's
    words (``gists.paste_sized``), by its length first: most requests are short."""
    return index.chars[start] >= PASTE_CHARS or paste_sized(index.request_text(start))


def _pasted_lines(index: HistoryIndex, k: int) -> frozenset[str]:
    """The lines request ``k`` pastes (``_steers_by_paste_only``), without the marks that
    open a list's, a clause's or a quote's line: the pages of a handbook or a hospital's
    sheet pasted again and again are pinned once, their newest paste (R40-F3: seven sheets
    were pinned whole and the user's facts told between them were lost). Read once per
    message."""
    start = index.starts[k]

    def lines(_: Message) -> frozenset[str]:
        text = index.request_text(start)
        own = set(words_beside_paste(text) or ())
        return frozenset(
            line.lstrip(_LINE_MARKS)
            for line in map(str.strip, text.split("\n"))
            if line and line not in own
        )

    return index.memo(start, "pasted_lines", lines)


#: What opens a list's, a numbered clause's or a quote's line
_LINE_MARKS = " \t-–—•*>#.)(0123456789"


def _glued_to_paste(index: HistoryIndex, k: int) -> bool:
    """Whether request ``k`` is the user's words glued to a paste ("Ingrid owns the export
    schedule. Here's the job output:" and a log, no blank line between): no sentence in a
    paragraph of its own (``gists.own_sentences``) yet not pasted lines only. Such a turn
    is pinned as its words (``_words_first``): read by sentence it had none, and was looked
    past as if all routine, or pinned whole only where the cap held its log. Read once per
    message."""
    start = index.starts[k]
    if index.chars[start] <= _HEAD_CHARS + _TAIL_CHARS:
        return False

    def glued(_: Message) -> bool:
        return not own_sentences(index.request_text(start)) and not _pasted_only(index, k)

    return index.memo(start, "glued_to_paste", glued)


def _words_first(index: HistoryIndex, pricer: Pricer, k: int, room: int, why: str) -> Lean | None:
    """Long request ``k`` (a paste and the user's words before or after it) as its words,
    its pasted lines left out (``_lean``; put back when the window holds them beside what
    was chosen: ``settle_lean_pins``), unless whole it fits ``room`` and costs at most
    ``_WHOLE_OVER_EXCERPT`` times its words; None: pinned whole, or not at all, as before.
    Whether a request is pinned so does not hang on the cap: a bigger window's cap held a
    rule's 9 KB log whole, and the rules after it, whole within the cap too, were lost
    where a smaller window pinned each as its words (R39-F1: 16k kept them, 24k and 32k
    did not); the fill pinned an older 4,000-token log whole at 48k and lost the requests
    32k pinned."""
    if index.chars[index.starts[k]] <= _HEAD_CHARS + _TAIL_CHARS:
        return None  # (no lean pin cuts a text this short)
    words = _lean(index, pricer, k, 0, why)
    if words is None or _fits_whole(index, k, min(room, _WHOLE_OVER_EXCERPT * words.unit.cost)):
        return None
    return words


def _fits_whole(index: HistoryIndex, k: int, room: int) -> bool:
    """Whether request ``k`` whole costs at most ``room``: by a bound from its characters
    first, so a long request is not counted."""
    return index.request_may_fit(k, room) and index.exact_cost(index.starts[k]) <= room


def _words_least(index: HistoryIndex, pricer: Pricer, start: int) -> int | None:
    """The least the words of the request at position ``start`` cost pinned as its words
    (``_lean``) beside its framing; None: none known. No lean pin cuts a text no longer
    than ``_HEAD_CHARS + _TAIL_CHARS``: such a request costs at least its text's tokens,
    counted exactly when it is one text block, else bounded from its letters and digits
    (``tokens_at_least`` of its blocks joined by newlines, never above their sum). Images
    and placeholders only add. A longer text may be cut: its pin is made."""
    text = index.request_text(start)
    if len(text) > _HEAD_CHARS + _TAIL_CHARS:
        return None  # (may be cut)
    if index.one_text_block(start):
        return 0 if text.isspace() else pricer.text(text)  # (a writer may leave blanks out)
    return tokens_at_least(pricer.counter, text)


def _request_words(
    pricer: Pricer, m: Message, changes: list[Change], notices: list[Notice]
) -> Message:
    """``m`` with each long text block cut to its request part (reported)."""
    for j, block in enumerate(m.content):
        if not isinstance(block, Text) or len(block.text) <= _HEAD_CHARS + _TAIL_CHARS:
            continue
        cut = request_part(block.text)
        if cut is None:
            continue
        short, gone = cut
        # What is cut is not sent: its size is estimated, not tokenized (a cold fit of a
        # chat of pasted CJK chapters spent a third of its time counting them whole)
        estimated = True
        before = estimate_tokens(pricer.counter, block.text)
        after = pricer.text(short)
        reason = (
            f"earlier request pinned as its own words: {gone} did not fit the room kept "
            "for earlier requests"
        )
        changes.append(Change("shrunk", m.id, j, "text", reason, before, after, estimated))
        about = "about " if estimated else ""
        notices.append(
            Notice(
                "shrunk",
                m.id,
                f"Your earlier message {m.id} is kept as what you asked for, without "
                f"{gone} ({about}{before:,} → {after:,} tokens): it set the task or a rule, "
                "and the whole message did not fit the room kept for earlier requests.",
            )
        )
        m = replace_block(m, (j,), Text(short))
    return m


def settle_lean_pins(
    index: HistoryIndex,
    pins: Pins,
    kept: list[Unit],
    yielded: list[Unit],
    total: int,
    limit: int,
    shortening: tuple[Pricer, int],
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Each request pinned as its words gets its images and pasted lines back if the
    window holds them beside what was chosen (``kept``, changed in place); if it does not,
    it is kept shortened to the room left when that holds more of it than its words
    (``_shortened_pin``), else what it left out is reported; returns the new total. One
    whose pin yielded is dropped whole: ``yielded`` (changed in place) then holds it whole,
    so its drop reports what it cost. (A paste that cannot fit by its characters' bound is
    never tokenized to learn so.) ``shortening``: the pricer and the shrink floor."""
    for k, lean in pins.lean.items():
        gone = next((n for n, u in enumerate(yielded) if u is lean.unit), None)
        if gone is not None:
            yielded[gone] = index.unit_alone(k, "prior")
        at = next((n for n, u in enumerate(kept) if u is lean.unit), None)
        if at is None:
            continue
        room = limit - total + lean.unit.cost
        whole = index.unit_alone(k, "prior") if index.request_may_fit(k, room) else None
        if whole is not None and whole.cost <= room:
            kept[at] = whole
            total += whole.cost - lean.unit.cost
            continue
        short = _shortened_pin(index, shortening, k, room, limit, lean)
        if short is not None:
            kept[at] = Unit(index.starts[k], list(short.messages), short.cost, "prior")
            total += short.cost - lean.unit.cost
            changes.extend(short.changes)
            notices.extend(short.notices)
        else:
            changes.extend(lean.changes)
            notices.extend(lean.notices)
    return total


#: A request pinned as its words, the lines pasted in it left out, is sent shortened
#: instead when the room left beside its words is at least this share of the history's
#: budget: a pasted contract that set the task, larger than the window, is then sent as its
#: beginning and end filling the window (issue #14: use the whole window), not as the
#: request alone with the window left empty (R23-M1). (The slack a full window leaves is
#: not worth turning "[… 120 pasted lines left out here …]" into a few lines of the log.)
_SHORTENED_PIN_ROOM = 8


def _shortened_pin(
    index: HistoryIndex,
    shortening: tuple[Pricer, int],
    k: int,
    room: int,
    limit: int,
    lean: Lean,
) -> Shortened | None:
    """Request ``k`` shortened by the shedding policy to the room left (rounded down,
    ``stable_share``, so the next turns send it alike), priced exactly; None when its lean
    pin left no pasted lines out (only images: the shedding would replace them alike), when
    the room holds too little more than its words, or when it cannot be shortened into it.
    Made once a message and share."""
    pricer, shrink_floor = shortening
    least = max(limit // _SHORTENED_PIN_ROOM, 4 * shrink_floor)
    if room - lean.unit.cost < least:  # (a full window: most refits end here)
        return None
    share = stable_share(room)
    shortens = lean.file_left_out or any(c.action == "shrunk" for c in lean.changes)
    if share - lean.unit.cost < least or not shortens:
        return None
    start = index.starts[k]

    def make(m: Message) -> Shortened | None:
        return shorten(pricer, shrink_floor, index.ago, (m,), share)

    return index.memo(start, f"pin-shortened{share}", make)


def rescue_current_request(
    model: str,
    pricer: Pricer,
    opts: FitOptions,
    anchor: Message | None,
    system_cost: int,
    budget: Budget,
    changes: list[Change],
    notices: list[Notice],
    earlier: bool = False,
) -> tuple[Message | None, int]:
    """The current request does not fit. A provider-only file priced at its bound (a Gemini
    file by URI, whose length cannot be read here) is refused, naming it: the newest
    request is sent whole or not at all, never as the question without its file. The text
    of a file attached to it (a CSV, a text file) is sent as its head and tail, reported,
    its words whole (``shorten_attached_files``), leaving the earlier requests' room when
    there is ``earlier`` history — unless the caller asked for file bodies to go. Only by
    explicit option may attached file bodies (``drop_current_attachments``) or images
    (``drop_current_images``) go, largest first within each kind, one block at a time
    until it fits; else ``BudgetError``."""
    limit = budget.history
    if anchor is not None and not opts.drop_current_attachments:
        # (review47: a first turn with a 7,000-token CSV was refused at 8k, BudgetError)
        room = limit - system_cost - (opts.prior_anchor_tokens if earlier else 0)
        short = shorten_attached_files(pricer, opts.shrink_floor, anchor, stable_share(room))
        if short is not None:
            changes.extend(short.changes)
            notices.extend(short.notices)
            return short.messages[0], short.cost
    needed = system_cost + (pricer.message(anchor).total if anchor else 0)
    if anchor is not None:
        for j in _droppable_blocks(pricer, opts, anchor):
            block = anchor.content[j]
            if isinstance(block, FileAttachment):
                what = f"file '{block.name}'"
                text = f"[file '{block.name}' omitted to fit the context window]"
                reason = "attached file body dropped to fit the context window"
                notice = f"The model will not see the body of file '{block.name}'"
            else:
                assert isinstance(block, Image)
                what = f"image {image_label(pricer, block)}"
                text = f"[{what} omitted to fit the context window]"
                reason = "current-request image dropped by option"
                notice = f"The model will not see {what}"
            notice += " in your current message: it did not fit the context window."
            anchor = placeholder(
                pricer, changes, notices, anchor, (j,), sum(pricer.block(block)),
                what=what, text=text, reason=reason, notice=notice,
            )  # fmt: skip
            cost = pricer.message(anchor).total
            if system_cost + cost <= limit:
                return anchor, cost
        needed = system_cost + pricer.message(anchor).total
        _refuse_by_uri(pricer, anchor)
    tools = budget.tools_tokens
    raise BudgetError(
        too_big(model, needed + tools, limit + tools, "current request"),
        needed=needed,
        available=limit,
    )


def _droppable_blocks(pricer: Pricer, opts: FitOptions, anchor: Message) -> list[int]:
    """By option only: file bodies (the seed's last resort), then images, largest first.
    A file by URI with no bound but the window is refused at once (``_refuse_by_uri``)."""

    def largest_first(kind: type[Block]) -> list[int]:
        found = [j for j, b in enumerate(anchor.content) if isinstance(b, kind)]
        return sorted(found, key=lambda j: -sum(pricer.block(anchor.content[j])))

    _refuse_by_uri(pricer, anchor, unbounded_only=True)
    steps: list[int] = []
    if opts.drop_current_attachments:
        steps += largest_first(FileAttachment)
    if opts.drop_current_images:
        steps += largest_first(Image)
    return steps


def _refuse_by_uri(pricer: Pricer, anchor: Message, unbounded_only: bool = False) -> None:
    """Refuse, naming it, a provider-only file in the current request priced at a bound (a
    Gemini file by URI, whose length cannot be read here): the newest request goes whole or
    not at all, never as the question without its file (I4)."""
    found = file_at_bound(pricer, anchor, "the current request", unbounded_only)
    if found is not None:
        raise ContentError(*found)


def file_at_bound(
    pricer: Pricer, message: Message, what: str, unbounded_only: bool = False
) -> tuple[str, str] | None:
    """(path, reason) for the first file by reference in ``message`` (a tool result's too)
    priced at a bound, or None: its length is not known here, so the fix is the caller's —
    send it inline or as text, or declare its pages — never a generic "too big"."""
    for path, b in _blocks_with_paths(message):
        bound = pricer.estimates.get(b) if isinstance(b, ProviderContent) else None
        if bound is None or (unbounded_only and bound.bounded):
            continue
        assert isinstance(b, ProviderContent)  # (priced at a bound: a provider's file)
        ref = reference_of(b)
        fix = "send the file inline (its length is read) or as text" + (
            f", or declare its pages (file_pages={{{ref!r}: N}})" if ref else ""
        )
        reason = (
            f"{bound.note}; no fit can promise the request with it is taken: {fix}"
            if not bound.bounded
            else f"{what} does not fit the context window with this file by "
            f"reference priced at its bound ({bound.note}): {fix}, or use a larger window"
        )
        return f"message {message.id!r} {path}", reason
    return None


def _blocks_with_paths(message: Message) -> Iterator[tuple[str, object]]:
    """Each block of ``message`` with its path, a tool result's blocks too."""
    for j, b in enumerate(message.content):
        yield f"content[{j}]", b
        if isinstance(b, ToolResult):
            for k, inner in enumerate(b.content):
                yield f"content[{j}].content[{k}]", inner

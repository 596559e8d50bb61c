"""Shedding: when the kept messages still exceed the budget, shrink the biggest texts to
head + tail (never below ``shrink_floor``), then replace images from older turns, costliest
first, then attached file bodies, until it fits. The current request is never touched here.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import accumulate, pairwise
from typing import Any, Literal

from ..model import FileAttachment, Image, Message, ProviderContent, ToolResult, is_audio_reply
from ..pricing.messages import EndsRead, Pricer
from ..pricing.text import EstimateCounter, surely_over
from ..report import Notice
from .drops import file_label
from .edits import BlockPath, image_label, placeholder, replace_text
from .report import Change
from .units import message_texts

_CountMany = Callable[[list[str]], list[int]]
#: A text to shorten from its ends: its message's place, its path, the text, what it
#: adds to its message's price (one text, its pieces in a batch: ``_counters_in``), and
#: what shortening it read of it before (``Pricer.ends_read``).
_OverText = tuple[int, BlockPath, str, Callable[[str], int], _CountMany, EndsRead]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Cut:
    """A text cut by characters before it was priced (``cut_long_texts``): its head and
    tail (each of more tokens than the target it was cut for), about how many tokens the
    whole text had (extrapolated from them, not counted), and its characters."""

    head: str
    tail: str
    tokens: int
    chars: int

    @property
    def text(self) -> str:
        """What stands for the whole text until it is shrunk: head, marker, tail."""
        omitted = self.tokens * (self.chars - len(self.head) - len(self.tail)) // self.chars
        return f"{self.head}\n[… about {max(omitted, 1):,} tokens omitted …]\n{self.tail}"


@dataclass(slots=True, eq=False, repr=False)
class _TextUnit:
    """A text or file block of message ``msg`` at ``path``, its tokens and how it was cut."""

    msg: int
    path: BlockPath
    text: str
    tokens: int
    kind: Literal["text", "file"]
    cut: Cut | None = None


def shed(
    pricer: Pricer,
    shrink_floor: int,
    ago: Callable[[str], str],
    msgs: list[Message],
    anchor: Message | None,
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
    cuts: Mapping[str, Cut] | None = None,
) -> tuple[list[Message], int]:
    """Shrink texts, then send earlier spoken replies as their transcripts, then replace
    older images, then replace file bodies, until it fits.
    ``ago`` names when a message was sent ("from 2 turns ago"). ``cuts``: the texts of
    ``msgs`` that ``cut_long_texts`` made, by their text (each is reported, shrunk or not)."""
    msgs = list(msgs)
    protected = {i for i, m in enumerate(msgs) if m is anchor}
    total = _shrink_texts(
        pricer, shrink_floor, msgs, protected, total, budget, changes, notices, cuts or {}
    )
    if total > budget:
        total = _transcribe_replies(pricer, ago, msgs, protected, total, budget, changes, notices)
    if total > budget:
        total = _replace_images(pricer, ago, msgs, protected, total, budget, changes, notices)
    if total > budget:
        total = _replace_files(pricer, ago, msgs, protected, total, budget, changes, notices)
    return msgs, total


def stable_share(tokens: int) -> int:
    """``tokens`` rounded down to an eighth of its power of two: a unit shortened to the
    room left is shortened the same way on the next turns while the room shrinks by less
    than that (the same messages sent again: the prompt cache's prefix holds).

    >>> stable_share(1500), stable_share(31_000), stable_share(7)
    (1280, 28672, 7)
    """
    return tokens - tokens % (1 << max(0, tokens.bit_length() - 3))


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Shortened:
    """Messages shortened to a number of tokens (``shorten``): what is sent, its exact
    price, and what to report if it is kept."""

    messages: tuple[Message, ...]
    cost: int
    changes: tuple[Change, ...]
    notices: tuple[Notice, ...]


def shorten(
    pricer: Pricer,
    shrink_floor: int,
    ago: Callable[[str], str],
    whole: Sequence[Message],
    tokens: int,
) -> Shortened | None:
    """``whole`` shortened by the shedding policy to at most ``tokens`` (texts to head and
    tail, then images and file bodies replaced, each reported), priced exactly; None when
    it cannot be. Its long texts are cut by characters first (``cut_long_texts``): what is
    priced is about ``tokens``, not the whole. When its long texts are surely over
    ``tokens`` by a bound read from their letters, they are shortened from their ends
    without being priced at all (``_shorten_from_ends``): only what is sent is counted."""
    fast = _shorten_from_ends(pricer, shrink_floor, whole, tokens)
    if fast is not None:
        return fast
    cut, cuts = cut_long_texts(pricer, whole, tokens)
    cost = sum(pricer.message(m).total for m in cut)
    changes: list[Change] = []
    notices: list[Notice] = []
    msgs, cost = shed(
        pricer, shrink_floor, ago, cut, None, cost, tokens, changes, notices, cuts
    )  # fmt: skip
    if cost > tokens:
        return None
    return Shortened(tuple(msgs), cost, tuple(changes), tuple(notices))


#: A text is shortened from its ends without being priced (``_shorten_from_ends``) when it
#: is longer than this many characters a token of the target and its letters' bound says
#: it is over the target (a text has a token every 3-6 characters).
_ENDS_FROM_CHARS_PER_TOKEN = 2
#: How many times ``_shorten_from_ends`` lowers the common size when what it made is over
#: the target by its exact price (the framing of a rendered call, a parallel call's result
#: escaped), before it leaves the unit to the general path.
_ENDS_TRIES = 3


def _shorten_from_ends(
    pricer: Pricer, floor: int, whole: Sequence[Message], tokens: int
) -> Shortened | None:
    """``shorten`` for a unit whose long texts are each over ``tokens`` (``surely_over``: by
    a bound read at C speed from their letters and digits, else by counting an opening about
    as long as ``tokens``, so the unit takes this path whenever exact counts would; a looser
    bound once sent it down the general path, another body): they are never priced whole,
    only shortened from their ends to one common size, the rest of the unit priced exactly
    (framing, calls, images, short texts); what they held is reported as an estimate. The
    result is priced exactly, and is within ``tokens`` or None: None also when this does
    not apply (a file body, another text over the common size, a size below ``floor``),
    where the general path prices every text and decides."""
    counter = pricer.counter
    over: list[_OverText] = []
    emptied = list(whole)
    for i, m in enumerate(whole):
        for path, text, kind in message_texts(m):
            if len(text) <= _ENDS_FROM_CHARS_PER_TOKEN * tokens:
                continue
            if not surely_over(counter, text, tokens):
                continue
            if kind == "file":
                return None
            over.append((i, path, text, *_counters_in(pricer, m, path, text)))
            emptied[i] = replace_text(emptied[i], path, "")
    if not over:
        return None
    rest = sum(pricer.message(m).total for m in emptied)
    level = (tokens - rest) // len(over)
    shrunk = {(i, path) for i, path, *_ in over}
    if level < floor or any(
        pricer.text(text) > level
        for i, m in enumerate(whole)
        for path, text, _ in message_texts(m)
        if (i, path) not in shrunk
    ):
        return None
    return _ends_within(pricer, emptied, over, level, floor, tokens)


def _ends_within(
    pricer: Pricer,
    emptied: Sequence[Message],
    over: Sequence[_OverText],
    level: int,
    floor: int,
    tokens: int,
) -> Shortened | None:
    """``emptied`` (the messages with each text of ``over`` emptied) with those texts put
    back as their head and tail, each within ``level`` tokens, never counted whole
    (``shrink_ends``); the level lowered by what the result was over ``tokens`` by, at
    most ``_ENDS_TRIES`` times and never below ``floor``. Each text shortened is reported
    as an estimate. None: it does not fit."""
    for _ in range(_ENDS_TRIES):
        made = list(emptied)
        ends = [
            (i, path, *shrink_ends(text, level, count, pieces, read))
            for i, path, text, count, pieces, read in over
        ]
        for i, path, new_text, _ in ends:
            made[i] = replace_text(made[i], path, new_text)
        cost = sum(pricer.message(m).total for m in made)
        if cost <= tokens:
            changes: list[Change] = []
            notices: list[Notice] = []
            for (i, path, new_text, about), (_, _, text, *_) in zip(ends, over, strict=True):
                what = _text_named(made[i], path)
                _report_about(
                    pricer, made[i].id, path, what, new_text, about, len(text), changes, notices
                )
            return Shortened(tuple(made), cost, tuple(changes), tuple(notices))
        level -= -(-(cost - tokens) // len(over))  # (what it was over by, shared out)
        if level < floor:
            return None
    return None


def _text_named(m: Message, path: BlockPath) -> str:
    """What the text at ``path`` in ``m`` is called in a notice."""
    block = m.content[path[0]]
    if isinstance(block, FileAttachment):
        return f"attached file '{block.name}'"
    return "tool output" if len(path) == 2 else "message"


def shorten_attached_files(pricer: Pricer, floor: int, m: Message, tokens: int) -> Shortened | None:
    """The current request ``m`` with the text of each file attached to it (a CSV, a text
    file) shortened to its head and tail, one common size each, so that ``m`` costs at
    most ``tokens``: sent as a long tool output is, never refused for its file alone. The
    user's own words are never shortened. None: no file text, or its words and the
    smallest ends (``floor``) are over ``tokens`` already."""
    over: list[_OverText] = []
    emptied = m
    for path, text, kind in message_texts(m):
        if kind == "file":
            over.append((0, path, text, *_counters_in(pricer, m, path, text)))
            emptied = replace_text(emptied, path, "")
    if not over:
        return None
    level = (tokens - pricer.message(emptied).total) // len(over)
    if level < floor:
        return None
    return _ends_within(pricer, [emptied], over, level, floor, tokens)


def _counters_in(
    pricer: Pricer, m: Message, path: BlockPath, text: str
) -> tuple[Callable[[str], int], _CountMany, EndsRead]:
    """What ``text``, at ``path`` in ``m``, adds to its price, and about what its pieces do,
    in a batch: a tool result's is escaped when its call was one of several
    (``Pricer.result_text``, ``Pricer.pieces``); and what shortening it read of it before
    (``Pricer.ends_read``)."""
    block = m.content[path[0]]
    if len(path) == 1 or not isinstance(block, ToolResult):
        return pricer.text, pricer.pieces, pricer.ends_read(text)
    call_id = block.call_id
    return (
        partial(pricer.result_text, call_id),
        partial(pricer.pieces, call_id=call_id),
        pricer.ends_read(text, call_id),
    )


def _text_units(
    pricer: Pricer, msgs: list[Message], protected: set[int], cuts: Mapping[str, Cut]
) -> list[_TextUnit]:
    """Every text outside the protected messages: those cut by characters first (each is
    reported), then biggest first."""
    units: list[_TextUnit] = []
    for i, m in enumerate(msgs):
        if i in protected:
            continue
        for path, text, kind in message_texts(m):
            units.append(_TextUnit(i, path, text, pricer.text(text), kind, cuts.get(text)))
    units.sort(key=lambda u: (u.cut is None, -u.tokens))
    return units


#: A text is cut by characters before it is priced when it is longer than this many
#: characters a token of its target (below that, counting it whole costs about what
#: counting a head and tail of the target's size does).
_CUT_FROM_CHARS_PER_TOKEN = 16


def cut_long_texts(
    pricer: Pricer, msgs: Sequence[Message], tokens: int
) -> tuple[list[Message], dict[str, Cut]]:
    """``msgs`` with each text far longer than ``tokens`` tokens cut by characters to a head
    and a tail of more than ``tokens`` tokens each (``cut_text``), and the cuts by their
    text: ``shed`` to ``tokens`` then keeps what it would have kept of the whole text
    (a head and tail of it), and no text is tokenized past about twice its target (a
    50 MB paste costs what a window's worth of it does)."""
    out = list(msgs)
    cuts: dict[str, Cut] = {}
    for i, m in enumerate(msgs):
        for path, text, _ in message_texts(m):
            cut = cut_text(text, tokens, pricer.text)
            if cut is not None:
                cuts[cut.text] = cut
                out[i] = replace_text(out[i], path, cut.text)
    return out, cuts


def cut_text(text: str, tokens: int, count: Callable[[str], int]) -> Cut | None:
    """``text``'s head and tail, each about the fewest characters holding more than
    ``tokens`` tokens, found by counting pieces of about that size (never the whole);
    None when ``text`` is not much longer than those. The two are of the same length, so
    that ``shrink_text`` cuts them where it would cut the whole text.

    >>> from contextledger.pricing.text import EstimateCounter
    >>> cut = cut_text("word " * 100_000, 100, EstimateCounter().count)
    >>> len(cut.head) == len(cut.tail) < 1000, cut.tokens
    (True, 125000)
    """
    if len(text) <= _CUT_FROM_CHARS_PER_TOKEN * tokens:
        return None
    head, head_tokens = _span_holding(text, tokens, count, from_end=False)
    tail, tail_tokens = _span_holding(text, tokens, count, from_end=True)
    half = max(head, tail)
    if 4 * half > len(text):
        return None  # most of it would be counted anyway
    whole = -(-len(text) * (head_tokens + tail_tokens) // (head + tail))
    return Cut(text[:half], text[len(text) - half :], whole, len(text))


def _span_holding(
    text: str, tokens: int, count: Callable[[str], int], *, from_end: bool
) -> tuple[int, int]:
    """About the fewest characters from the start (or the end) of ``text`` holding more
    than ``tokens`` tokens, and their count: from 4 characters a token, grown by what the
    counts found (a text of long tokens, spaces or a repeated line, takes more)."""
    chars = 4 * tokens + 16
    while True:
        chars = min(chars, len(text))
        n = count(text[len(text) - chars :] if from_end else text[:chars])
        if n > tokens or chars == len(text):
            return chars, n
        # grown by what the count found, an eighth over (doubling counted up to twice the
        # characters needed: a 2 MB log's head and tail were 115k characters each, not 65k)
        chars += max(chars // 8, chars * (tokens + 1 - n) // max(n, 1) + chars // 8)


def _shrink_texts(
    pricer: Pricer,
    floor: int,
    msgs: list[Message],
    protected: set[int],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
    cuts: Mapping[str, Cut],
) -> int:
    """Pass A: shrink the biggest texts to head + tail, each to one common size (never
    below ``floor``): four long tool results over budget each keep their share, rather
    than the two biggest cut to nothing while the others stay whole. A text cut by
    characters before (``cuts``) is shrunk from its head and tail, with the size of the
    whole (an estimate), and reported even if it needs no more shrinking. Edits ``msgs``;
    returns the new total."""
    units = _text_units(pricer, msgs, protected, cuts)
    level = common_size(sorted((u.tokens for u in units), reverse=True), total - budget, floor)
    for u in units:
        shrink = total > budget and u.tokens > level
        if not shrink and u.cut is None:
            break  # (the cut texts come first, then the biggest)
        new_text = u.text
        if shrink:
            new_text = (
                shrink_text(
                    u.text, level, pricer.text, pieces=pricer.pieces, read=pricer.ends_read(u.text)
                )
                if u.cut is None
                # (its head and tail are priced already, with the marker between: u.tokens)
                else _shrink_cut(pricer, u.cut, level, u.tokens)
            )
            old_msg = pricer.message(msgs[u.msg]).total
            msgs[u.msg] = replace_text(msgs[u.msg], u.path, new_text)
            total += pricer.message(msgs[u.msg]).total - old_msg
        _report_shrunk(pricer, msgs[u.msg], u, new_text, changes, notices)
    return total


def _shrink_cut(pricer: Pricer, cut: Cut, level: int, own: int) -> str:
    """A text cut by characters (``cut``: its head and tail, ``own`` tokens with the marker
    between them) shrunk from its head and tail to ``level`` tokens."""
    text = cut.head + cut.tail
    read = pricer.ends_read(text)
    return shrink_text(text, level, pricer.text, cut.tokens, own, pricer.pieces, read)


def _report_shrunk(
    pricer: Pricer,
    message: Message,
    u: _TextUnit,
    new_text: str,
    changes: list[Change],
    notices: list[Notice],
) -> None:
    # (a file is named: "A long attached file was shortened" left the user asking which)
    what = _text_named(message, u.path)
    if u.cut is not None:  # its size is an estimate: the whole was never tokenized
        _report_about(
            pricer, message.id, u.path, what, new_text, u.cut.tokens, u.cut.chars,
            changes, notices,
        )  # fmt: skip
    else:
        _report_about(pricer, message.id, u.path, what, new_text, u.tokens, None, changes, notices)


def _report_about(
    pricer: Pricer,
    message_id: str,
    path: BlockPath,
    what: str,
    new_text: str,
    before: int,
    chars: int | None,
    changes: list[Change],
    notices: list[Notice],
) -> None:
    """Report a text of ``before`` tokens shrunk to ``new_text``; with ``chars`` (the whole
    text's characters), ``before`` is an estimate: the whole was never tokenized."""
    after = pricer.text(new_text)
    about, of = ("", "") if chars is None else ("about ", f" of {chars:,} characters")
    reason = "shrunk to head and tail to fit the context window"
    changes.append(Change("shrunk", message_id, path[0], what, reason, before, after, bool(about)))
    notices.append(
        Notice(
            "shrunk",
            message_id,
            f"A long {what}{of} was shortened to its beginning and end "
            f"({about}{before:,} → {after:,} tokens) to fit the context window.",
        )
    )


def common_size(sizes: list[int], excess: int, floor: int) -> int:
    """The size the biggest of ``sizes`` (biggest first) are cut to so that they lose
    ``excess`` between them, never below ``floor``.

    >>> common_size([4800, 4700, 1400, 500], 10_000, 48)
    350
    >>> common_size([4800, 4700, 1400], 50, 48)  # a small excess: the biggest only
    4750
    """
    kept = 0
    for n, size in enumerate(sizes, 1):
        kept += size
        level = (kept - excess) // n
        if level >= (sizes[n] if n < len(sizes) else 0):
            return max(level, floor)
    return floor


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Swap:
    """One block of ``msgs[index]`` to send as a line instead, and the words that report it
    (``placeholder``)."""

    index: int
    path: BlockPath
    tokens: int
    what: str
    text: str
    reason: str
    notice: str


def _swap_until_fits(
    pricer: Pricer,
    msgs: list[Message],
    swaps: Iterable[_Swap],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Send each block of ``swaps`` as its line, in order, until the total fits; returns the
    new total. ``swaps`` is read lazily: what is never swapped is never described."""
    for s in swaps:
        if total <= budget:
            break
        old_msg = pricer.message(msgs[s.index]).total
        msgs[s.index] = placeholder(
            pricer,
            changes,
            notices,
            msgs[s.index],
            s.path,
            s.tokens,
            what=s.what,
            text=s.text,
            reason=s.reason,
            notice=s.notice,
        )
        total += pricer.message(msgs[s.index]).total - old_msg
    return total


def _transcribe_replies(
    pricer: Pricer,
    ago: Callable[[str], str],
    msgs: list[Message],
    protected: set[int],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Pass A2: an assistant's earlier spoken reply kept by its id (priced at the most one
    reply may say, its length unknown here) is sent as its line, the transcript where the
    app kept it (``native.read_openai_audio_reply``): what was said stays, and a reply that
    cannot fit as audio is not dropped whole (R35-A1: a 3-message chat at 16k lost
    "Bonjour !", priced at a 16,384-token estimate)."""
    swaps = (
        _Swap(
            i,
            (j,),
            pricer.block(b)[0],
            what="spoken reply",
            text=b.text,
            reason="earlier spoken reply sent as text to fit the context window",
            notice=f"The model will not hear its spoken reply {ago(m.id)}: it was "
            "sent as text instead (its transcript where the app kept it, else a line "
            "naming it), to fit the context window.",
        )
        for i, m in enumerate(msgs)
        if i not in protected and m.role == "assistant"
        for j, b in enumerate(m.content)
        if isinstance(b, ProviderContent) and is_audio_reply(b)
    )
    return _swap_until_fits(pricer, msgs, swaps, total, budget, changes, notices)


def _replace_images(
    pricer: Pricer,
    ago: Callable[[str], str],
    msgs: list[Message],
    protected: set[int],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Pass B: replace images from older turns, costliest first."""
    images: list[tuple[int, int, BlockPath, Image]] = []
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

    def swap(tokens: int, i: int, path: BlockPath, img: Image) -> _Swap:
        label = image_label(pricer, img)
        return _Swap(
            i,
            path,
            tokens,
            what=f"image {label}",
            text=f"[image {label} omitted to fit the context window]",
            reason="image dropped to fit the context window (costliest first)",
            notice=f"The model will not see image {label} {ago(msgs[i].id)}: "
            "dropped to fit the context window.",
        )

    swaps = (swap(*image) for image in images)
    return _swap_until_fits(pricer, msgs, swaps, total, budget, changes, notices)


def _replace_files(
    pricer: Pricer,
    ago: Callable[[str], str],
    msgs: list[Message],
    protected: set[int],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Pass C: replace attached file bodies, largest first: a message's own and those a
    tool returned (a 200-page PDF an agent fetched for the current request raised
    BudgetError: only a message's own were looked at)."""
    files = [(pricer.block(f)[0], i, path, f) for i, path, f in _files(msgs, protected)]
    files.sort(key=lambda t: (-t[0], t[1]))

    def swap(tokens: int, i: int, path: BlockPath, f: FileAttachment) -> _Swap:
        by_tool = " a tool returned" if len(path) == 2 else ""
        return _Swap(
            i,
            path,
            tokens,
            what=f"file '{f.name}'",
            text=f"[file '{f.name}' omitted to fit the context window]",
            reason="attached file body dropped to fit the context window",
            notice=f"The model will not see the body of {file_label(f)}{by_tool} "
            f"{ago(msgs[i].id)}: dropped to fit the context window.",
        )

    swaps = (swap(*file) for file in files)
    return _swap_until_fits(pricer, msgs, swaps, total, budget, changes, notices)


def _files(msgs: list[Message], protected: set[int]) -> list[tuple[int, BlockPath, FileAttachment]]:
    """Every file outside the protected messages, inside tool results too, with where."""
    found: list[tuple[int, BlockPath, FileAttachment]] = []
    for i, m in enumerate(msgs):
        if i in protected:
            continue
        for j, b in enumerate(m.content):
            if isinstance(b, FileAttachment):
                found.append((i, (j,), b))
            elif isinstance(b, ToolResult):
                found += [
                    (i, (j, k), inner)
                    for k, inner in enumerate(b.content)
                    if isinstance(inner, FileAttachment)
                ]
    return found


def shrink_text(
    text: str,
    target_tokens: int,
    count: Any,
    whole_tokens: int | None = None,
    own_tokens: int | None = None,
    pieces: _CountMany | None = None,
    read: EndsRead | None = None,
) -> str:
    """Keep the head and tail of ``text`` within ``target_tokens``, with a visible marker.

    Works on characters, so a multi-byte character is never split. ``whole_tokens``:
    ``text`` is the head and tail of a longer text of about that many tokens, joined (a
    ``Cut``): the marker says about how many were omitted, and is always there.
    ``own_tokens``: about what ``text`` counts, when known (it only sets how far into the
    text the search reads), so that a cut's head and tail are not counted again.
    ``pieces``: ``count`` over the pieces its ends are read in, in a batch and not
    remembered (``Pricer.pieces``), else ``count`` counts them one by one (through a
    pricer's memo, each piece, never asked again, evicted a text a refit asks again).
    ``read``: what shortening ``text`` read of it before, carried on (``Pricer.ends_read``).

    Where to cut is guessed from running counts of the text's opening and ending, counted
    in pieces (``_running_counts``: about 1.2 times the target tokenized); the result is
    then counted exactly, and the guess corrected from what it was off by until it is
    within 1/64 of the most that fits (``_largest_within``: usually one or two counts of
    the target's size). (Trying kept lengths one by one counted each try three times:
    ~16 times the target in all.)

    >>> from contextledger.pricing.text import EstimateCounter
    >>> out = shrink_text("a" * 4000, 100, EstimateCounter().count)
    >>> "tokens omitted" in out
    True
    """
    own = own_tokens if own_tokens is not None and whole_tokens is not None else count(text)
    total, about = (own, "") if whole_tokens is None else (whole_tokens, "about ")
    if whole_tokens is None and total <= target_tokens:
        return text
    marker = count(f"\n[… {about}{total:,} tokens omitted …]\n")  # (its widest number)
    about_kept, keep, _ = _read_ends(
        text, target_tokens - marker, pieces or _each(count), own, read
    )

    def build(keep: int) -> str:
        head, tail = keep - keep // 2, keep // 2
        omitted = max(total - about_kept(keep), 1)
        tail_text = text[len(text) - tail :] if tail else ""
        return f"{text[:head]}\n[… {about}{omitted:,} tokens omitted …]\n{tail_text}"

    return _largest_within(build, count, target_tokens, marker, keep, len(text))


def shrink_ends(
    text: str,
    target_tokens: int,
    count: Callable[[str], int],
    pieces: _CountMany | None = None,
    read: EndsRead | None = None,
) -> tuple[str, int]:
    """``text``'s head and tail within ``target_tokens`` with a marker saying about how many
    tokens were left out, the text never counted whole: its ends are counted as far as
    they are kept (``_read_ends``), and about the whole's tokens (returned) extrapolated
    from theirs. What is returned is counted exactly (its tries), within the target;
    ``pieces`` counts the pieces the ends are read in, in a batch (about: they only guess
    where to cut), else ``count`` does, one by one; ``read``: what shortening ``text`` read
    of it before, carried on (``Pricer.ends_read``).

    >>> from contextledger.pricing.text import EstimateCounter
    >>> out, about = shrink_ends("word " * 20_000, 100, EstimateCounter().count)
    >>> "about" in out and "tokens omitted" in out, abs(about - 25_000) < 25_000 // 20
    (True, True)
    """
    n = min(len(text) // 2, 4 * target_tokens + 64)
    # (a first guess of the whole's size, for how far the ends are first read: the
    # estimate of a sample of them, at C speed; the reading goes on if it was short)
    sample = EstimateCounter().count(text[:n]) + EstimateCounter().count(text[len(text) - n :])
    guess = max(1, sample * len(text) // max(2 * n, 1))
    marker = count(f"\n[… about {guess:,} tokens omitted …]\n")
    about_kept, keep, whole = _read_ends(
        text, target_tokens - marker, pieces or _each(count), guess, read
    )

    def build(keep: int) -> str:
        head, tail = keep - keep // 2, keep // 2
        omitted = max(whole - about_kept(keep), 1)
        tail_text = text[len(text) - tail :] if tail else ""
        return f"{text[:head]}\n[… about {omitted:,} tokens omitted …]\n{tail_text}"

    out = _largest_within(build, count, target_tokens, marker, keep, len(text))
    return out, whole


#: The most results ``_largest_within`` counts before it settles for the largest that fit.
_SHRINK_TRIES = 6


def _largest_within(
    build: Callable[[int], str],
    count: Callable[[str], int],
    target: int,
    marker: int,
    keep: int,
    most: int,
) -> str:
    """``build(k)`` for about the largest ``k`` up to ``most`` whose count is within
    ``target`` (to 1/64 of ``k``): from the guess ``keep``, each try counted exactly and the
    next guessed in proportion to what it was off by (between the nearest try that fits and
    the nearest over, once there are both); the largest that fit after ``_SHRINK_TRIES``,
    else halved until one does (``build(0)``, the marker alone, when none does)."""
    lo, lo_n, lo_out = -1, 0, ""  # the largest try that fits
    hi, hi_n = most + 1, 0  # the smallest over
    keep = min(keep, most)
    for _ in range(_SHRINK_TRIES):
        out = build(keep)
        n = count(out)
        if n <= target:
            lo, lo_n, lo_out = keep, n, out
        elif keep == 0:
            return out  # (the marker alone is over)
        else:
            hi, hi_n = keep, n
        # (within 1/64 of the most that fits, by characters or by tokens)
        if (
            hi - lo <= max(1, lo // 64)
            or n == target
            or (lo >= 0 and target - lo_n <= target // 64)
        ):
            break
        if lo >= 0 and hi <= most:  # between the two, in proportion
            guess = lo + (hi - lo) * (target - lo_n) // max(hi_n - lo_n, 1)
        else:  # the kept text's tokens scale with its characters
            guess = keep * max(target - marker, 0) // max(n - marker, 1)
        keep = min(max(guess, lo + 1), hi - 1)
    while lo < 0:
        keep = hi // 2
        lo_out = build(keep)
        if count(lo_out) <= target or keep == 0:
            return lo_out
        hi = keep
    return lo_out


def _read_ends(
    text: str, tokens: int, count: _CountMany, own: int, read: EndsRead | None = None
) -> tuple[Callable[[int], int], int, int]:
    """How many tokens a kept length of ``text`` holds (about: its head's and tail's running
    counts), the most characters kept within ``tokens`` by it, and about the whole text's
    tokens (extrapolated from its ends'). Each end is read a little over half the target at
    the text's own density (``own``: about its tokens), and further when that was not
    enough (its ends are sparser than the whole, or ``own`` was a guess on the high side).
    ``read``: what was read of ``text`` before (carried on, and what is read added): the
    pieces' edges depend on the text alone, so each answer is what a first read gives."""
    read = {} if read is None else read
    reach = min(len(text), max(1, len(text) * tokens * 5 // (8 * max(own, 1))))
    while True:
        heads = _read_to(text, reach, count, read, from_end=False)
        tails = _read_to(text, reach, count, read, from_end=True)
        about_kept = partial(_kept_tokens, heads, tails)
        keep = _most_kept(about_kept, tokens, min(len(text), 2 * reach))
        if keep < 2 * reach - 1 or reach == len(text):
            chars = heads[0][-1] + tails[0][-1]
            whole = -(-len(text) * (heads[1][-1] + tails[1][-1]) // max(chars, 1))
            return about_kept, keep, whole
        # (on as far as the density read so far says it takes, an eighth over: doubling
        # read up to twice the characters kept)
        held = max(about_kept(2 * reach), 1)
        reach = min(len(text), max(reach + _piece_chars(reach), reach * tokens * 9 // (8 * held)))


def _kept_tokens(
    heads: tuple[list[int], list[int]], tails: tuple[list[int], list[int]], keep: int
) -> int:
    """About the tokens of a head and a tail of ``keep`` characters between them."""
    return _at(heads, keep - keep // 2) + _at(tails, keep // 2)


#: The fewest characters a piece of a running count holds (about 16 tokens of most
#: texts: a piece's edge may move a token, which a small target cannot spare; within a
#: piece the count is read in proportion) ...
_PIECE_CHARS = 64
#: ... and further from the text's end, this share of the way read (a guess to within
#: about 1/32 of what is kept, whatever the target: ``_largest_within`` counts on from it).
_PIECE_SHARE = 32


def _piece_chars(at: int) -> int:
    """How long the piece of a running count starting ``at`` characters from its end is."""
    return max(_PIECE_CHARS, at // _PIECE_SHARE)


def _read_to(
    text: str, reach: int, count: _CountMany, read: EndsRead, *, from_end: bool
) -> tuple[list[int], list[int]]:
    """The running counts of ``text``'s first (or last) characters up to the first edge at
    or past ``reach``, what ``read`` holds of them carried on (and what is counted added
    to it): the same as a first read of them."""
    edges, sums = read[from_end] = _running_counts(
        text, reach, count, from_end=from_end, read=read.get(from_end)
    )
    upto = bisect_left(edges, reach) + 1
    return edges[:upto], sums[:upto]


def _running_counts(
    text: str,
    reach: int,
    count: _CountMany,
    *,
    from_end: bool,
    read: tuple[list[int], list[int]] | None = None,
) -> tuple[list[int], list[int]]:
    """Running counts of ``text``'s first (or last) characters, at least ``reach`` of
    them, counted in pieces (``_piece_chars``): the characters from the end read at each
    piece's edge, and the tokens up to it; ``read``: those read before, carried on (not
    counted again). Each edge is moved to a space when one is near, where a count splits
    exactly in most texts (elsewhere it may move a token); where each edge falls depends
    on the text alone, never on ``reach``."""
    if read is not None and read[0][-1] >= reach:
        return read
    edges, sums = (list(read[0]), list(read[1])) if read is not None else ([0], [0])
    done = len(edges)
    n = len(text)
    while edges[-1] < reach:
        step = _piece_chars(edges[-1])
        at = min(n, edges[-1] + step)
        if at < n:
            if from_end:
                space = text.find(" ", n - at, n - at + step // 2)
                at = n - space if space > 0 else at
            else:
                space = text.rfind(" ", at - step // 2, at)
                at = space if space > edges[-1] else at
        edges.append(at)
    spans = pairwise(edges[done - 1 :])
    counts = count([text[n - b : n - a] if from_end else text[a:b] for a, b in spans])
    sums += accumulate(counts, initial=sums[-1])
    del sums[done]  # (the running sum it started from, there already)
    return edges, sums


def _each(count: Callable[[str], int]) -> _CountMany:
    """``count`` over a batch, text by text."""
    return lambda texts: list(map(count, texts))


def _at(running: tuple[list[int], list[int]], chars: int) -> int:
    """About the tokens of the first ``chars`` characters of a running count (read
    between two edges in proportion, rounded up)."""
    edges, sums = running
    i = bisect_right(edges, chars)  # (>= 1: the first edge is 0)
    if i == len(edges):
        return sums[-1] + chars - edges[-1]  # (past what was read: a token a character)
    lo, hi = edges[i - 1], edges[i]
    return sums[i - 1] + -(-(sums[i] - sums[i - 1]) * (chars - lo) // (hi - lo))


def _most_kept(tokens_of: Callable[[int], int], tokens: int, most: int) -> int:
    """The most characters, up to ``most``, whose ``tokens_of`` is within ``tokens``
    (``tokens_of`` grows with them), by bisection: no text is counted."""
    lo, hi = 0, most
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if tokens_of(mid) <= tokens:
            lo = mid
        else:
            hi = mid - 1
    return lo

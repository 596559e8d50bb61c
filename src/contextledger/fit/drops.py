"""Reporting what the selection left out: one Change per dropped message, a Notice per
image, file and audio clip a person will miss (named: a file by its name or its id) and per
earlier request that yielded its pin."""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, compress, pairwise, repeat
from operator import ne, not_, sub

from ..images.labels import image_label, url_label
from ..model import Audio, Block, FileAttachment, Message, ProviderContent, ToolResult, reference_of
from ..pricing.files import pdf_pages
from ..pricing.messages import Pricer
from ..report import Notice
from .lazy import LazyMessages
from .report import Change, Later, Part, Parts
from .units import HistoryIndex, Unit, came_with, turns_ago

_DROP_REASONS = {
    "exchange": "older tool exchange dropped whole to fit the context window",
    "message": "older message dropped to fit the context window",
    "recap": "recap dropped to fit the context window",
    "prior": "earlier request yielded to fit the context window",
    "said": "earlier statement of a value yielded to fit the context window",
    "orphaned": (
        "its request was dropped to fit the context window, and the history must start "
        "with a user turn"
    ),
    # an assistant turn (a greeting) or a tool exchange before the first user request
    "leading": "the history must start with a user turn after the system prompt",
}


#: An image-holding message that was dropped: its position, its id, its images' labels.
ImageRow = tuple[int, str, Later[str]]
#: A file-holding message that was dropped: its position, its id, the requests up to and
#: including it (its "turns ago" is the current count less that), its files' labels.
FileRow = tuple[int, str, int, tuple[str, ...]]
#: Fits after which a Fitter's drop parts are joined into one (refits add one each).
_JOIN_PARTS = 32


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class DroppedUnits:
    """Unit numbers dropped, ascending: every unit below ``cut`` but those in ``kept`` (the
    few pinned below it), then those in ``beyond`` (the few left out above it).

    A refit drops thousands of old units, nearly all dropped last fit too: held as a range,
    they are neither made nor compared a number at a time (a list of every one, built and
    compared with the last fit's, was ~6 % of a refit that drops 8,000 units)."""

    cut: int = 0
    kept: tuple[int, ...] = ()  # ascending, each below ``cut``
    beyond: tuple[int, ...] = ()  # ascending, each ``cut`` or above

    def __len__(self) -> int:
        return self.cut - len(self.kept) + len(self.beyond)

    def __iter__(self) -> Iterator[int]:
        return iter(self.after(0))

    @property
    def last(self) -> int:
        """The highest unit dropped (-1: none)."""
        if self.beyond:
            return self.beyond[-1]
        k, top = len(self.kept), self.cut - 1
        while k and self.kept[k - 1] == top:  # (the pins right under the cut)
            k, top = k - 1, top - 1
        return top

    def between(self, lo: int, hi: int) -> list[int]:
        """The units dropped from ``lo`` up to ``hi`` (not included)."""
        kept, beyond = self.kept, self.beyond
        units = list(range(lo, min(hi, self.cut)))
        for k in reversed(kept[bisect_left(kept, lo) : bisect_left(kept, hi)]):
            del units[k - lo]
        return units + list(beyond[bisect_left(beyond, lo) : bisect_left(beyond, hi)])

    def after(self, n: int) -> list[int]:
        """The units dropped but the first ``n``."""
        in_range = self.cut - len(self.kept)
        if n >= in_range:
            return list(self.beyond[n - in_range :])
        start = n  # the n-th unit below the cut: n, past the kept units at or below it
        for k in self.kept:
            if k > start:
                break
            start += 1
        return self.between(start, self.cut) + list(self.beyond)

    def starts_with(self, other: DroppedUnits) -> bool:
        """Whether ``other``'s units are the first of these."""
        n = len(other)
        if n > len(self):
            return False
        if not n:
            return True
        end = other.last + 1
        # below both cuts, each is a range less its kept units: the same where those are
        lo = min(self.cut, other.cut, end)
        if self.kept[: bisect_left(self.kept, lo)] != other.kept[: bisect_left(other.kept, lo)]:
            return False
        # (from there, what is listed is short in a refit: the cut moves a few units)
        return self.between(lo, end) == other.between(lo, end)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class DroppedBefore:
    """The units dropped last fit and their Changes (in parts, some made only when read):
    old units that drop again reuse them, so a refit reports only what is new."""

    units: DroppedUnits = DroppedUnits()
    changes: list[Later[Change]] = field(default_factory=list)
    # the images of ``units``: (position, message id, their labels)
    images: list[ImageRow] = field(default_factory=list)
    # the files and audio clips of ``units``, found when first read
    files: list[Later[FileRow]] = field(default_factory=list)
    # the index's update these were made after (``HistoryIndex.updates``): reused only by
    # the fit of the next update, whose ``shared`` says what is unchanged since. A fit that
    # raised updated the index but left the memo of the fit before (speed48: an earlier
    # message edited in that failed fit's list was then reported at its old size)
    at: int = -1
    # how many cut-backs deep its parts are made from those of fits before (``_fewer``)
    depth: int = 0
    # where the last unit of ``units`` ended then: a message taken out of its end (the
    # second result of two parallel calls) leaves the unit ending before ``shared``, its
    # Changes naming the message taken out (speed57)
    end: int = 0
    # whether each message up to ``end`` was priced exactly (``HistoryIndex.priced``) as its
    # Change says: a message dropped again keeps its Change, made when it was dropped first,
    # though pinning may have priced it since (only a Change made again says so)
    priced: bytes = b""


#: Cut-backs in a row whose drops are taken from the fit before's (each part made from
#: the one before when first read): then made afresh, so a report read after many never
#: reads a deep chain of parts.
_MOST_DEPTH = 8


def report_drops(
    index: HistoryIndex,
    pricer: Pricer,
    dropped_units: DroppedUnits,
    yielded: list[Unit],
    orphaned: list[int],
    before: DroppedBefore,
) -> tuple[list[Part[Change]], list[Part[Notice]], DroppedBefore]:
    """Changes and notices for what was dropped (in parts: those of the history dropped
    whole are made when the report is first read, from what this fit noted), and the memo
    for the next fit."""
    reuse = 0
    last = before.units.last
    same_since = (
        last >= 0
        and before.at == index.updates - 1
        and max(before.end, index.end(last)) <= index.shared
    )
    # (a Change reused says what it said when made: only while no message it covers was
    # priced exactly since, by pinning, as a Change made again would say: "about 1,070
    # tokens" stood for a request pinning had counted 3,603, speed86)
    if (
        same_since
        and dropped_units.starts_with(before.units)
        and _priced_as_said(index, before, index.end(last))
    ):
        reuse = len(before.units)
    elif (
        same_since
        and dropped_units.cut  # (none dropped: nothing to take)
        and before.depth < _MOST_DEPTH
    ):
        fewer = before.units.starts_with(dropped_units)
        if fewer and _priced_as_said(index, before, index.end(dropped_units.last)):
            memo = _fewer(index, dropped_units, before)
            return _reported(index, pricer, dropped_units, yielded, orphaned, memo)
        # The cut moved and a unit left out above it stays left out (the cut went past it,
        # or back under it): neither list starts with the other, but both with the units
        # under both cuts. Those keep their parts (the bench's multilingual session at 32k
        # made every drop's Change again most refits: ~0.9 ms, speed86).
        # (only where their Changes are those made afresh: no message among them priced
        # since they were made)
        common = _common_start(dropped_units, before.units)
        if common is not None and _priced_as_said(index, before, index.end(common.last)):
            before = _fewer(index, common, before)
            reuse = len(common)
    new_units = dropped_units.after(reuse)
    drop_parts = list(before.changes) if reuse else []
    new = _dropped_changes(index, new_units)
    if new is not None:
        drop_parts.append(new)
    if len(drop_parts) > _JOIN_PARTS:
        drop_parts = [Later(Parts(*drop_parts).get)]
    images = list(before.images) if reuse else []
    images += _image_rows(index, new_units)
    files = list(before.files) if reuse else []
    new_files = _file_rows(index, new_units)
    if new_files is not None:
        files.append(new_files)
    if len(files) > _JOIN_PARTS:
        files = [Later(Parts(*files).get)]
    depth = before.depth if reuse else 0
    end = index.end(dropped_units.last) if len(dropped_units) else 0
    said = before.priced[: index.starts[new_units[0]] if new_units else end] if reuse else b""
    priced = said + index.priced[len(said) : end]
    memo = DroppedBefore(
        dropped_units, drop_parts, images, files, index.updates, depth, end, bytes(priced)
    )
    return _reported(index, pricer, dropped_units, yielded, orphaned, memo)


def _priced_as_said(index: HistoryIndex, before: DroppedBefore, end: int) -> bool:
    """Whether every message before position ``end`` is priced, or not, as ``before``'s
    Changes say (``DroppedBefore.priced``)."""
    return len(before.priced) >= end and before.priced[:end] == index.priced[:end]


def _common_start(now: DroppedUnits, before: DroppedUnits) -> DroppedUnits | None:
    """The units under both cuts, when both lists start with them (the same units pinned
    among them); None: none such."""
    under = min(now.cut, before.cut)
    kept = now.kept[: bisect_left(now.kept, under)]
    if not under or kept != before.kept[: bisect_left(before.kept, under)] or len(kept) == under:
        return None
    return DroppedUnits(under, kept)


def _fewer(index: HistoryIndex, units: DroppedUnits, before: DroppedBefore) -> DroppedBefore:
    """The memo of ``units``, the first of those dropped last fit (the cut moved back: the
    newest request shrank or was taken back), its parts taken from last fit's: the Changes
    of its messages (the first ones, in order), its image and file rows. They were made
    from what the index held then, which is what it holds now (every unit dropped last time
    is in the part of the history this update kept unchanged: see ``report_drops``)."""
    starts = index.starts

    def size(k: int) -> int:
        return index.end(k) - starts[k]

    below = starts[units.cut] if units.cut < len(starts) else len(index.costs)
    count = below - sum(map(size, units.kept)) + sum(map(size, units.beyond))
    end = index.end(units.last)
    old_changes, old_files = Parts(*before.changes), Parts(*before.files)
    changes: Later[Change] = Later(lambda: old_changes.get()[:count])
    files: Later[FileRow] = Later(lambda: [r for r in old_files.get() if r[0] < end])
    images = before.images[: bisect_left(before.images, (end,))]
    return DroppedBefore(
        units, [changes], images, [files], index.updates, before.depth + 1, end,
        before.priced[:end],
    )  # fmt: skip


def _reported(
    index: HistoryIndex,
    pricer: Pricer,
    dropped_units: DroppedUnits,
    yielded: list[Unit],
    orphaned: list[int],
    memo: DroppedBefore,
) -> tuple[list[Part[Change]], list[Part[Notice]], DroppedBefore]:
    """The Changes and notices of ``memo`` (what was dropped whole) and of the requests
    that yielded their pins and the turns orphaned by the drops."""
    starts, roles, id_of = index.starts, index.roles, index.id_of
    drop_parts, images, files = list(memo.changes), memo.images, list(memo.files)
    more: list[Change] = []
    for u in yielded:
        for m in u.messages:
            more.append(
                Change(
                    "dropped", m.id, None, m.role, _DROP_REASONS[u.kind],
                    pricer.message(m).total, 0,
                )
            )  # fmt: skip
    requests = index.requests_before
    for k in orphaned:
        why = _DROP_REASONS["orphaned" if requests[starts[k]] else "leading"]
        for i in range(starts[k], index.end(k)):
            more.append(
                Change("dropped", id_of(i), None, roles[i], why, index.costs[i], 0)
            )  # fmt: skip
    if orphaned or yielded:  # a few more, in position order
        extra = _image_rows(index, orphaned)
        extra += _image_rows(index, sorted(index.unit_of(u.start) for u in yielded))
        images = sorted(images + extra)
        more_files = [
            *_rows_of(_messages_of(index, orphaned), index),
            *_rows_of(((u.start + j, m) for u in yielded for j, m in enumerate(u.messages)), index),
        ]
        files = [*files, Later(lambda: more_files)]
    notices: list[Part[Notice]] = [
        _drop_notices(index, images),
        _file_notices(files, index.requests_before[-1]),
        _pin_notices(yielded),
    ]
    if orphaned:
        notices.append([_orphan_notice(id_of(starts[orphaned[0]]), requests[starts[orphaned[0]]])])
    return [*drop_parts, more], notices, memo


def _orphan_notice(first_id: str, requests_before: int) -> Notice:
    """The notice for the turns left out so the history starts with a user turn."""
    if requests_before:
        text = (
            "An earlier answer was left out with the request that prompted it: the "
            "conversation sent to the model starts with a user message."
        )
    else:
        text = (
            "An assistant turn before the first user message was left out: the conversation "
            "sent to the model must start with a user turn after the system prompt."
        )
    return Notice("dropped", first_id, text)


def _spans(index: HistoryIndex, units: list[int]) -> list[tuple[int, int]]:
    """The message ranges of the runs of ``units`` (ascending, not empty): a cold fit drops
    thousands, in a few runs from the start (broken only by the pinned requests)."""
    starts, n = index.starts, len(index.costs)
    first, last = units[0], units[-1]
    # the gaps between runs (the units kept among these: a few pinned requests), found at
    # C speed without a set of every unit (a cold fit of 40,000 tiny turns drops 30,000)
    gaps = (
        list(compress(pairwise(units), map(ne, map(sub, units[1:], units), repeat(1))))
        if len(units) != last - first + 1
        else []
    )
    spans: list[tuple[int, int]] = []
    lo = first
    for before, after in [*gaps, (last, last + 1)]:
        end = before + 1
        spans.append((starts[lo], starts[end] if end < len(starts) else n))
        lo = after
    return spans


def _dropped_changes(index: HistoryIndex, units: list[int]) -> Later[Change] | None:
    """One "dropped" Change per message of ``units`` (ascending), made when first read. A
    cold fit of a long session drops thousands, in a few runs from the start (broken only
    by the pinned requests): the columns are copied a run at a time now (at C speed), and
    the Changes made from the copies later, by ``tuple.__new__`` (what ``Change._make``
    does, without a Python call per message)."""
    if not units:
        return None
    spans = _spans(index, units)
    runs = [
        (
            index.ids_later(lo, hi),
            index.roles[lo:hi],
            index.drop_kinds[lo:hi],
            index.costs[lo:hi],
            index.priced[lo:hi],
        )
        for lo, hi in spans
    ]

    def make() -> list[Change]:
        ids: list[str] = []
        roles: list[str] = []
        kinds: list[str] = []
        costs: list[int] = []
        priced = bytearray()
        for run_ids, run_roles, run_kinds, run_costs, run_priced in runs:
            ids += run_ids()
            roles += run_roles
            kinds += run_kinds
            costs += run_costs
            priced += run_priced
        fields = zip(
            repeat("dropped"),
            ids,
            repeat(None),
            roles,
            map(_DROP_REASONS.__getitem__, kinds),
            costs,
            repeat(0),
            map(not_, priced),
        )
        return list(map(tuple.__new__, repeat(Change), fields))

    return Later(make)


def _image_rows(index: HistoryIndex, units: list[int]) -> list[ImageRow]:
    """The rows of the image-holding messages of ``units`` (ascending unit numbers)."""
    if not units:
        return []
    starts, images, labels, id_of = index.starts, index.images, index.image_labels, index.id_of
    lo = bisect_left(images, starts[units[0]])
    hi = bisect_left(images, index.end(units[-1]))
    if lo == hi:
        return []  # (no image among them: no set of thousands of units)
    members = set(units)
    return [
        (i, id_of(i), labels(i, image_label, url_label))
        for i in images[lo:hi]
        if bisect_right(starts, i) - 1 in members
    ]


def media_labels(m: Message) -> tuple[str, ...]:
    """How a person knows each file, document and audio clip of ``m`` (a tool result's too)
    in a notice: a file by its name, a file by reference by its id or URL (and its name when
    it has one), an audio clip by its format. Images are named apart (``image_label``).

    >>> from contextledger.model import FileAttachment
    >>> media_labels(Message.user("see", FileAttachment("notes.md", text="Step 1.")))
    ("file 'notes.md' (7 characters of text)",)
    """
    kinds = set(map(type, m.content))
    if kinds.isdisjoint(_MEDIA_KINDS):
        return ()
    labels: list[str] = []
    for b in m.content:
        if type(b) is ToolResult:
            labels += filter(None, map(_media_label, b.content))
        else:
            label = _media_label(b)
            if label:
                labels.append(label)
    return tuple(labels)


_MEDIA_KINDS = frozenset({FileAttachment, Audio, ProviderContent, ToolResult})


def _media_label(b: Block) -> str | None:
    if type(b) is FileAttachment:
        return file_label(b)
    if type(b) is Audio:
        return f"audio clip ({b.format})"
    if type(b) is not ProviderContent:
        return None
    ref = reference_of(b)
    if ref is None:
        return None  # a server tool's block, code run: the message's drop says it
    name = _reference_name(b)
    what = "image" if b.kind == "image" else "document" if b.kind == "document" else "file"
    return f"{what} {name!r} ({ref})" if name else f"{what} {ref}"


#: The names readers give a file that came without one.
_UNNAMED = frozenset({"file", "document"})


def file_label(b: FileAttachment) -> str:
    """A file by its name and what it is ("file 'q3.pdf' (PDF, 12 pages)"); one that came
    without a name by what it is alone ("a PDF file (application/pdf, 12 pages)")."""
    if b.data is not None:
        pages = None
        if b.media_type == "application/pdf":
            try:
                pages = pdf_pages(b.data.decode())
            except ValueError:  # (binascii.Error: not base64; the writers refuse it)
                pages = None
        kind = "PDF" if b.media_type == "application/pdf" else b.media_type
        count = f", {pages} page{'s' if pages != 1 else ''}" if pages else ""
        if b.name in _UNNAMED:
            return f"a {kind} file ({b.media_type}{count})"
        return f"file {b.name!r} ({kind}{count})"
    size = f"{len(b.text or ''):,} characters of text"
    return f"a text {b.name} ({size})" if b.name in _UNNAMED else f"file {b.name!r} ({size})"


def _reference_name(b: ProviderContent) -> str | None:
    """The name a file by reference carries (OpenAI's ``filename``, Anthropic's ``title``)."""
    raw = json.loads(b.raw)
    name = raw.get("filename") or raw.get("title") if isinstance(raw, dict) else None
    # (LangChain's converter names a file that has no name "LC_AUTOGENERATED")
    return name if isinstance(name, str) and name and name != "LC_AUTOGENERATED" else None


def _messages_of(index: HistoryIndex, units: list[int]) -> list[tuple[int, Message]]:
    """The messages of ``units`` with their positions (a few: orphaned units)."""
    return [(i, index.body[i]) for k in units for i in range(index.starts[k], index.end(k))]


def _run_after(index: HistoryIndex, hi: int) -> int | None:
    """What the tool messages at the end of ``body[:hi]`` came with (``came_with``)."""
    roles, requests = index.roles, index.requests_before
    k = hi
    while k < len(roles) and roles[k] == "tool":
        k += 1
    if k < len(roles) and roles[k] == "user" and requests[k + 1] > requests[k]:
        return requests[k + 1]
    return None


def _rows_of(messages: Iterable[tuple[int, Message]], index: HistoryIndex) -> list[FileRow]:
    """The file rows of ``messages`` (position, message), in their order."""
    rows: list[FileRow] = []
    roles, requests = index.roles, index.requests_before
    for i, m in messages:
        labels = media_labels(m)
        if labels:
            rows.append((i, m.id, came_with(roles, requests, i, None), labels))
    return rows


def _file_rows(index: HistoryIndex, units: list[int]) -> Later[FileRow] | None:
    """The files of the messages of ``units`` (ascending), found when first read: the
    messages (immutable) are copied a run at a time now, at C speed, and looked through
    later. Of a history read lazily from dicts only the messages read whole can hold a file
    (the plain shapes noted on the spot are texts, calls and images)."""
    if not units:
        return None
    spans = _spans(index, units)
    body = index.body
    requests = index.requests_before
    runs: list[tuple[int, Sequence[Message | None], Sequence[int], Sequence[str], int | None]] = []
    for lo, hi in spans:
        if type(body) is LazyMessages:
            made: Sequence[Message | None] = body.columns.made[body.start + lo : body.start + hi]
        else:
            made = body[lo:hi]
        runs.append((lo, made, requests[lo : hi + 1], index.roles[lo:hi], _run_after(index, hi)))

    def make() -> list[FileRow]:
        rows: list[FileRow] = []
        for lo, made, counts, roles, after in runs:
            for j, m in enumerate(made):
                if m is None:
                    continue
                labels = media_labels(m)
                if labels:
                    rows.append((lo + j, m.id, came_with(roles, counts, j, after), labels))
        return rows

    return Later(make)


def _file_notices(parts: list[Later[FileRow]], current: int) -> Later[Notice]:
    """One notice per dropped file, document and audio clip, made when first read."""

    def make() -> list[Notice]:
        rows = sorted(chain.from_iterable(p.get() for p in parts))
        return [
            Notice(
                "dropped",
                mid,
                f"The model will not see {label} {turns_ago(max(0, current - count))}: "
                "dropped to fit the context window.",
            )
            for _, mid, count, labels in rows
            for label in labels
        ]

    return Later(make)


def _drop_notices(index: HistoryIndex, rows: list[ImageRow]) -> Later[Notice]:
    """One notice per dropped image, made when first read: each row's "turns ago" (it moves
    on every fit) from the roles and request counts as they are now (copied at C speed: the
    next fit changes the index in place), its images' labels (read from their headers)."""
    if not rows:
        return Later(list)
    # (not worked out now: a refit of a chat that dropped 200 screenshots worked out each
    # one's "turns ago" every turn, for notices most refits never read)
    roles, requests = index.roles[:], index.requests_before[:]

    def make() -> list[Notice]:
        current = requests[-1]
        ago = [
            (mid, labels, current - came_with(roles, requests, i, None)) for i, mid, labels in rows
        ]
        endings: dict[int, str] = {}  # turns ago → the notice's ending
        notices: list[Notice] = []
        for mid, labels, n in ago:
            end = endings.get(n)
            if end is None:
                end = endings[n] = f"{turns_ago(n)}: dropped to fit the context window."
            notices += [
                Notice("dropped", mid, f"The model will not see image {label} {end}")
                for label in labels.get()
            ]
        return notices

    return Later(make)


def _pin_notices(yielded: list[Unit]) -> list[Notice]:
    """One notice per earlier request that yielded its pin."""
    return [
        Notice(
            "dropped",
            u.messages[0].id,
            "An earlier request was left out to fit the context window.",
        )
        for u in yielded
        if u.kind == "prior"
    ]

"""Reporting what the selection left out: one Change per dropped message, a Notice per
image a person will miss and per earlier request that yielded its pin."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import repeat
from operator import not_

from ..model import Image
from ..pricing.messages import Pricer
from ..report import Notice
from .edits import image_label, url_label
from .report import Change
from .units import HistoryIndex, Unit, turns_ago

_DROP_REASONS = {
    "exchange": "older tool exchange dropped whole to fit the context window",
    "message": "older message dropped to fit the context window",
    "recap": "recap dropped to fit the context window",
    "prior": "earlier request yielded to fit the context window",
    "orphaned": "dropped with the request that prompted it (the history must start with a user turn)",
}


ImageRow = tuple[int, str, list[str]]


@dataclass(frozen=True, slots=True)
class DroppedBefore:
    """The units dropped last fit and their Changes: old units that drop again reuse them,
    so a refit reports only what is new."""

    units: list[int] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    # per image-holding position: (its labels list, its message id, each image's notice
    # opening): only the "turns ago" at the end of a dropped image's notice changes per fit
    openings: dict[int, tuple[list[str], str, list[str]]] = field(default_factory=dict)
    # the images of ``units``: (position, message id, each image's notice opening)
    images: list[ImageRow] = field(default_factory=list)


def report_drops(
    index: HistoryIndex,
    pricer: Pricer,
    dropped_units: list[int],
    yielded: list[Unit],
    orphaned: list[int],
    before: DroppedBefore,
) -> tuple[list[Change], list[Notice], DroppedBefore]:
    """Changes and notices for what was dropped, and the memo for the next fit."""
    starts, roles, id_of = index.starts, index.roles, index.id_of
    reuse = 0
    if before.units and len(before.units) <= len(dropped_units):
        last = before.units[-1]
        if index.end(last) <= index.shared and dropped_units[: len(before.units)] == before.units:
            reuse = len(before.units)
    drop_changes = list(before.changes) if reuse else []
    drop_changes += _dropped_changes(index, dropped_units[reuse:])
    label = _labeller(index, pricer, before.openings)
    images = list(before.images) if reuse else []
    images += _image_rows(index, dropped_units[reuse:], label)
    memo = DroppedBefore(dropped_units, drop_changes, before.openings, images)
    changes = list(drop_changes)
    for u in yielded:
        for m in u.messages:
            changes.append(
                Change(
                    "dropped", m.id, None, m.role, _DROP_REASONS[u.kind],
                    pricer.message(m).total, 0,
                )
            )  # fmt: skip
    for k in orphaned:
        for i in range(starts[k], index.end(k)):
            changes.append(
                Change(
                    "dropped", id_of(i), None, roles[i], _DROP_REASONS["orphaned"],
                    index.costs[i], 0,
                )
            )  # fmt: skip
    if orphaned or yielded:  # a few more, in position order
        more = _image_rows(index, orphaned, label)
        more += _image_rows(index, sorted(index.unit_of(u.start) for u in yielded), label)
        images = sorted(images + more)
    notices = _drop_notices(index, images, yielded)
    if orphaned:
        notices.append(
            Notice(
                "dropped",
                id_of(starts[orphaned[0]]),
                "An earlier answer was left out with the request that prompted it: the "
                "conversation sent to the model starts with a user message.",
            )
        )
    return changes, notices, memo


def _dropped_changes(index: HistoryIndex, units: list[int]) -> list[Change]:
    """One "dropped" Change per message of ``units`` (ascending). A cold fit of a long
    session drops thousands, in a few runs from the start (broken only by the pinned
    requests): the columns are sliced a run at a time, and the Changes made by
    ``tuple.__new__`` (what ``Change._make`` does, without a Python call per message)."""
    if not units:
        return []
    starts, n = index.starts, len(index.costs)
    first, last = units[0], units[-1]
    missing = (  # the units kept among these (a few pinned requests), as a sorted list
        sorted(set(range(first, last + 1)).difference(units))
        if len(units) != last - first + 1
        else []
    )
    spans: list[tuple[int, int]] = []  # the message ranges of the runs of units
    lo = first
    for k in [*missing, last + 1]:
        if k > lo:
            spans.append((starts[lo], starts[k] if k < len(starts) else n))
        lo = k + 1
    ids: list[str] = []
    roles: list[str] = []
    kinds: list[str] = []
    costs: list[int] = []
    priced = bytearray()
    for lo, hi in spans:
        ids += index.ids(range(lo, hi))
        roles += index.roles[lo:hi]
        kinds += index.drop_kinds[lo:hi]
        costs += index.costs[lo:hi]
        priced += index.priced[lo:hi]
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


def _labeller(
    index: HistoryIndex, pricer: Pricer, openings: dict[int, tuple[list[str], str, list[str]]]
) -> Callable[[int], ImageRow]:
    """The row of the images of message ``i``: its id and each image's notice opening, made
    once per message (``openings`` remembers them between fits)."""
    labels_of, id_of = index.image_labels, index.id_of

    def label_of(img: Image) -> str:
        return image_label(pricer, img)

    def row(i: int) -> ImageRow:
        labels = labels_of(i, label_of, url_label)
        seen = openings.get(i)
        if seen is None or seen[0] is not labels:
            heads = [f"The model will not see image {label} " for label in labels]
            seen = openings[i] = (labels, id_of(i), heads)
        return i, seen[1], seen[2]

    return row


def _image_rows(
    index: HistoryIndex, units: list[int], row: Callable[[int], ImageRow]
) -> list[ImageRow]:
    """The rows of the image-holding messages of ``units`` (ascending unit numbers)."""
    if not units:
        return []
    starts, images = index.starts, index.images
    members = set(units)
    lo = bisect_left(images, starts[units[0]])
    hi = bisect_left(images, index.end(units[-1]))
    return [row(i) for i in images[lo:hi] if bisect_right(starts, i) - 1 in members]


def _drop_notices(index: HistoryIndex, rows: list[ImageRow], yielded: list[Unit]) -> list[Notice]:
    """One notice per dropped image, every fit (its "turns ago" moves on): one string
    concatenation and one Notice each; and one per earlier request that yielded its pin."""
    requests, current = index.requests_before, index.requests_before[-1]
    endings: dict[int, str] = {}  # turns ago → the notice's ending
    notices: list[Notice] = []
    for i, mid, heads in rows:
        n = current - requests[i + 1]
        end = endings.get(n)
        if end is None:
            end = endings[n] = f"{turns_ago(n)}: dropped to fit the context window."
        notices += [Notice("dropped", mid, head + end) for head in heads]
    for u in yielded:
        if u.kind == "prior":
            notices.append(
                Notice(
                    "dropped",
                    u.messages[0].id,
                    "An earlier request was left out to fit the context window.",
                )
            )
    return notices

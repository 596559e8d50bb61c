"""Reporting what the selection left out: one Change per dropped message, a Notice per
image a person will miss and per earlier request that yielded its pin."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import repeat

from ..pricing.messages import Pricer
from ..report import Notice
from .edits import image_label
from .report import Change
from .units import HistoryIndex, Unit

_DROP_REASONS = {
    "exchange": "older tool exchange dropped whole to fit the context window",
    "message": "older message dropped to fit the context window",
    "recap": "recap dropped to fit the context window",
    "prior": "earlier request yielded to fit the context window",
    "orphaned": "dropped with the request that prompted it (the history must start with a user turn)",
}


@dataclass(frozen=True, slots=True)
class DroppedBefore:
    """The units dropped last fit and their Changes: old units that drop again reuse them,
    so a refit reports only what is new."""

    units: list[int] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)


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
    memo = DroppedBefore(dropped_units, drop_changes)
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
    notices = _drop_notices(index, pricer, [*dropped_units, *orphaned], yielded)
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
    """One "dropped" Change per message of ``units``. A cold fit of a long session drops
    thousands: the columns are built with comprehensions and the Changes made by
    ``tuple.__new__`` (what ``Change._make`` does, without a Python call per message)."""
    starts, opens, kinds, n = index.starts, index.opens, index.kinds, len(index.costs)
    positions: list[int] = []
    reasons: list[str] = []
    for k in units:
        start = starts[k]
        end = starts[k + 1] if k + 1 < len(starts) else n
        kind = (
            "exchange"
            if end - start > 1 or start in opens
            else ("recap" if kinds[k] == "recap" else "message")
        )
        if end - start == 1:
            positions.append(start)
            reasons.append(_DROP_REASONS[kind])
        else:
            positions.extend(range(start, end))
            reasons.extend([_DROP_REASONS[kind]] * (end - start))
    roles, costs, priced = index.roles, index.costs, index.priced
    fields = zip(
        repeat("dropped"),
        index.ids(positions),
        repeat(None),
        [roles[i] for i in positions],
        reasons,
        [costs[i] for i in positions],
        repeat(0),
        [not priced[i] for i in positions],
    )
    return list(map(tuple.__new__, repeat(Change), fields))  # type: ignore[arg-type]


def _drop_notices(
    index: HistoryIndex, pricer: Pricer, dropped_units: list[int], yielded: list[Unit]
) -> list[Notice]:
    notices: list[Notice] = []
    yielded_pos = {u.start for u in yielded}
    starts, images, body = index.starts, index.images, index.body
    dropped_set = set(dropped_units)
    # Images sit in dropped units (all below the cut but the pinned ones), orphaned ones
    # (just after it) or yielded pins: only images up to the last of those are looked at.
    ends = [index.end(max(dropped_units))] if dropped_units else []
    last = max([0, *ends, *(index.end(index.unit_of(p)) for p in yielded_pos)])
    for i in images[: bisect_right(images, last - 1)]:
        k = bisect_right(starts, i) - 1
        if k in dropped_set or starts[k] in yielded_pos:
            m = body[i]
            ago = index.ago(m.id, i)
            notices.extend(
                Notice(
                    "dropped",
                    m.id,
                    f"The model will not see image {label} {ago}: dropped to fit the context window.",
                )
                for label in index.image_labels(i, lambda img: image_label(pricer, img))
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
    return notices

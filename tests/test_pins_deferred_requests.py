"""A request the user put off for later ("After the migration, also update the docs.") is
still owed: plain ``fit`` pins it within the prior-request cap, after the goal and the rules
and ahead of her other requests and nudges, so a run of chatty turns of her own after it
does not push it out (issue #14 items 1-2; retain44: a Swahili session lost it at 16k)."""

from __future__ import annotations

import random

import pytest

from contextledger.fit import fit
from contextledger.fit.anchors import defers, prior_request_order
from contextledger.intent import is_substantive

DEFERRED = [
    "After the migration lands, also update the README's setup section.",
    "When you get a chance, rename the old cron jobs.",
    "Later, send me a short summary of the failed imports.",
    "Don't forget to rotate the staging API key.",
    "Más tarde, revisa los permisos de la carpeta compartida.",
    "Baadaye, nitumie orodha ya wanachama wapya.",
    "לאחר מכן תעדכן את קובץ ההגדרות. אחר כך תבדוק את הגיבוי.",
    "Пізніше перевір журнал резервних копій.",
]
NOT_DEFERRED = [
    "ok, keep going",
    "Rename the old cron jobs.",
    "Send me a short summary of the failed imports.",
    "The import failed twice yesterday.",
]


def test_a_request_put_off_is_told_from_one_asked_now() -> None:
    assert [t for t in DEFERRED if not defers(t)] == []
    assert [t for t in NOT_DEFERRED if defers(t)] == []


def test_a_deferred_request_is_pinned_after_the_rules_and_before_other_requests() -> None:
    said = {
        0: "Please migrate the billing service to Postgres 16.",
        1: "Never change the invoice schema.",
        2: "Later, update the runbook with the new connection string.",
        3: "Show me the slow queries from last night.",
        4: "ok",
    }
    order = prior_request_order(
        lambda: [4, 3, 2, 1, 0],
        [0, 1, 2, 3, 4],
        [],
        [1],
        lambda k: is_substantive(said[k]),
        deferred=lambda: [k for k in (4, 3, 2, 1, 0) if defers(said[k])],
    )
    assert list(order) == [(0, True), (1, True), (2, True), (3, False), (4, False)]


WORDS = [
    "garden",
    "bicycle",
    "harbour",
    "violin",
    "lantern",
    "pepper",
    "meadow",
    "kettle",
    "canyon",
    "velvet",
    "orchard",
    "compass",
    "marble",
    "thunder",
    "walnut",
    "ribbon",
    "falcon",
    "pebble",
    "saddle",
    "tulip",
    "anchor",
    "biscuit",
]


def _chatter(rng: random.Random) -> str:
    """Two sentences of the user's own, their first and last words new each time (a remark
    said again and again is routine to the fit, and looked past)."""
    a, b, c, d, e, f = rng.sample(WORDS, 6)
    return (
        f"{a.title()} and {b} came up while we walked past the {c}. "
        f"{d.title()} reminded me of the old {e} by the {f}."
    )


def _session(seed: int, deferred: str) -> list[dict[str, object]]:
    rng = random.Random(seed)
    msgs: list[dict[str, object]] = [
        {"role": "system", "content": "You run the ops chores."},
        {"role": "user", "content": "Please move the nightly backups to the new bucket."},
    ]
    for r in range(90):
        if r == 60:
            text = deferred
        elif r % 2:
            text = " ".join(_chatter(rng) for _ in range(4))
        else:
            text = "ok"
        msgs.append({"role": "user", "content": text})
        msgs.append({"role": "assistant", "content": f"Checked shard {r}. " + "row ok. " * 60})
    msgs.append({"role": "user", "content": "keep going"})
    return msgs


@pytest.mark.parametrize(
    "deferred",
    [
        "Later, send me the list of buckets we still pay for.",
        "When you get a chance, write a short note for the finance team about the move.",
    ],
)
@pytest.mark.parametrize("window", [4_000, 8_000])
def test_plain_fit_keeps_a_deferred_request_past_a_run_of_chatter(
    deferred: str, window: int
) -> None:
    res = fit(_session(3, deferred), "gpt-4o", window=window, max_output_tokens=1_000)
    kept = [m.text for m in res.messages]
    assert deferred in kept
    assert "Please move the nightly backups to the new bucket." in kept
    assert res.report.used <= res.report.budget

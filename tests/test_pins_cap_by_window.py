"""The earlier requests' cap grows with the window: a 16k or 32k fit of a chatty session
keeps what the user asked between the chatter, as an 8k one keeps its share (issue #14)."""

from __future__ import annotations

import json

import pytest

from contextledger import Message, ToolCall
from contextledger.fit import fit
from contextledger.fit.options import FitOptions
from contextledger.validate import tool_pair_problems

TOPICS = ["orders", "customers", "invoices", "sessions", "tickets", "refunds", "carts", "leads"]
# (no digit, name or "I" in it: a short turn that tells a fact is pinned first whatever the
# cap, ``anchors._pin_told``; this one is only one of the user's requests)
ASK = "at the end, send me the list of outlier customer ids as a csv file named outliers_late.csv"


CHATTER = [
    "can you also break the {t} numbers down by region and week? I'm curious whether the "
    "spike lines up with the campaign, and if it doesn't, look at the release dates instead",
    "before moving on, double-check the join between {t} and customers, last time the counts "
    "were off by a few hundred; a quick anti-join should tell us",
    "let's try a version of the {t} chart with a log scale on the y axis and annotate the "
    "three biggest weeks, the review audience likes annotations more than tables",
    "could you profile how long the {t} load takes? if it is more than a minute we should "
    "cache it as parquet locally for the rest of the session",
]


KINDS = ["weekly", "daily", "regional", "paid", "free", "new", "returning", "flagged"]


def _chatter(i: int) -> str:
    """A substantive request that asks for some work and sets no rule, each said once (a
    request said again word for word is pinned once: it takes no more of the cap)."""
    topic = f"{KINDS[i % len(KINDS)]} {TOPICS[(i // len(KINDS)) % len(TOPICS)]}"
    # (opened by its topic: four frames said again and again are routine, left
    # out of the requests pinned, ``gists.sentence_shape``)
    return f"{topic}: " + CHATTER[i % len(CHATTER)].format(t=topic)


def _round(msgs: list[Message], n: int, user: str, lines: int) -> None:
    cid = f"call_{n}"
    msgs.append(Message.user(user))
    code = json.dumps({"code": f"df{n} = load('t{n}')\ndf{n}.describe()"})
    msgs.append(Message("assistant", (ToolCall(cid, "run_cell", code),)))
    out = "\n".join(f"{j:04d} mean={j * 1.5 + n:.2f} std={j % 7 + n:.2f}" for j in range(lines))
    msgs.append(Message.tool(cid, out))
    msgs.append(Message.assistant(f"Cell {n} done."))


def _session() -> list[Message]:
    """The goal; 30 chatty requests; the request that matters; 30 more chatty requests and
    a stretch of nudges, each with a long cell output, so the request is far outside the
    run of recent turns a 16k window keeps and the chatter fills a fixed 1,024-token cap."""
    msgs = [Message.system("You are a data analyst."), Message.user("Forecast Q1 ticket volume.")]
    n = 0
    for i in range(30):
        _round(msgs, n := n + 1, _chatter(i), 20)
    _round(msgs, n := n + 1, ASK, 20)
    for i in range(30, 60):
        _round(msgs, n := n + 1, _chatter(i), 60)
    for _ in range(25):
        _round(msgs, n := n + 1, "ok", 60)
    msgs.append(Message.user("continue"))
    return msgs


def _texts(messages: tuple[Message, ...]) -> str:
    return "\n".join(m.text for m in messages)


@pytest.mark.parametrize("window", [16_000, 32_000])
def test_a_request_between_chatter_is_kept_at_bigger_windows(window: int) -> None:
    msgs = _session()
    fixed = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000, prior_anchor_share=0.0)
    assert ASK not in _texts(fixed.messages)  # the scene: a fixed cap loses it
    grown = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    assert ASK in _texts(grown.messages)
    assert grown.report.used <= grown.report.budget
    assert not tool_pair_problems(grown.messages)
    # what the fit drops is reported, as before
    assert grown.report.dropped


def test_the_cap_is_never_below_the_fixed_one_and_zero_pins_none() -> None:
    opts = FitOptions()
    assert opts.prior_cap(1_000) == opts.prior_anchor_tokens  # a small window: the fixed cap
    assert opts.prior_cap(15_000) > opts.prior_anchor_tokens
    assert opts.prior_cap(10**7) <= max(opts.prior_anchor_tokens, 8_192)  # bounded
    assert FitOptions(prior_anchor_tokens=0).prior_cap(31_000) == 0
    assert FitOptions(prior_anchor_tokens=300, prior_anchor_share=0.0).prior_cap(31_000) == 300


def test_a_fitter_keeps_one_cap_across_its_fits() -> None:
    """The same history fitted again by the same fitter (a dry fit with memory, then the
    real one) gets the same request: the cap comes from the window, not the room left."""
    from contextledger.fit import Fitter

    msgs = _session()
    fitter = Fitter("gpt-4o", window=16_000, max_output_tokens=1000)
    first = fitter.fit(msgs).messages
    assert [m.id for m in fitter.fit(msgs).messages] == [m.id for m in first]


def test_a_cap_the_caller_sets_is_the_cap_at_any_window() -> None:
    """An explicit ``prior_anchor_tokens`` is not a floor the window's share overrides
    (review31: 300 at 32k became 3,875)."""
    from contextledger.fit.options import FitOptions

    assert FitOptions(prior_anchor_tokens=300).prior_cap(31_000) == 300
    assert FitOptions(prior_anchor_tokens=40).prior_cap(199_000) == 40
    assert FitOptions().prior_cap(31_000) == 3_875

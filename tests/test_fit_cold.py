"""The cold fit's shortcuts decide as the exact prices would."""

from __future__ import annotations

import base64
import io
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from contextledger.fit import FitOptions, Fitter
from contextledger.fit.anchors import _FILL_LOOKS, _lean, _request_facts, _words_fit
from contextledger.fit.report import Change
from contextledger.fit.units import HistoryIndex
from contextledger.pricing.text import counter_for, estimate_tokens
from contextledger.providers import openai_chat

MODEL = "gpt-4o"


@cache  # (three sizes: drawn once, not once per example)
def _png(width: int, height: int) -> str:
    buf = io.BytesIO()
    PILImage.new("RGB", (width, height), (width % 256, height % 256, 7)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


_SAID = [
    "never click buy without asking me", "ok", "Actually, use Redis not Memcached.",
    "Don’t touch the legacy importer — it still runs nightly.", "请帮我看一下为什么返回空列表？",
    "Traceback (most recent call last):\n  File \"x.py\", line 3\nKeyError: 'id'\n" * 5,
    "Here is the job log:\n" + "INFO 12:00:01 row (id 7) ok\n" * 90 + "\nWhat I need: fix it.",
    "   ", "Build it. " + "详细 details, 2024 " * 120,
]  # fmt: skip


@st.composite
def requests(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Sessions of earlier requests in every shape a bound is read from: flat texts (some
    named), texts with screenshots, screenshots alone; answers between them."""
    out: list[dict[str, Any]] = []
    for t in range(draw(st.integers(1, 25))):
        text = f"{draw(st.sampled_from(_SAID))} ({t})"
        shape = draw(st.sampled_from(["flat", "named", "image", "image only", "two texts"]))
        turn: dict[str, Any] = {"role": "user", "content": text}
        if shape == "named":
            turn["name"] = draw(st.sampled_from(["mum", "chen_wei"]))
        elif shape in ("image", "image only"):
            size = draw(st.sampled_from([(16, 16), (800, 600), (1920, 1080)]))
            part = {"type": "image_url", "image_url": {"url": _png(*size)}}
            if draw(st.booleans()):
                part["image_url"]["detail"] = draw(st.sampled_from(["low", "high"]))
            turn["content"] = [part] if shape == "image only" else [
                {"type": "text", "text": text}, part]  # fmt: skip
        elif shape == "two texts":
            turn["content"] = [{"type": "text", "text": text}, {"type": "text", "text": text}]
        out += [turn, {"role": "assistant", "content": f"done {t}"}]
    return [*out, {"role": "user", "content": "and now?"}]


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(requests())
def test_an_earlier_request_that_fits_is_never_ruled_out_by_its_bound(
    dicts: list[dict[str, Any]],
) -> None:
    """Pinning rules out an earlier request by a bound (its text's letters, or its exact
    text count when it is one text, its framing and role, its images' prices) without
    pricing it: the bound is never above its price, so no request that fits is ruled out."""
    fitter = Fitter(MODEL, window=20_000, max_output_tokens=500)
    fitter.fit(dicts)
    index, pricer = fitter._memory.index, fitter.pricer
    for k, start in enumerate(index.starts):
        if index.kinds[k] != "message" or index.roles[start] != "user":
            continue
        price = pricer.message(index.body[start]).total
        index._bounds.clear()  # the bound read afresh, as a cold fit reads it
        index.priced[start] = 0
        assert index.request_may_fit(k, price)
        assert index.least_message_cost() <= price  # (pinning stops below it)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(requests(), st.booleans(), st.sampled_from([MODEL, "claude-sonnet-4-5"]))
def test_a_request_pinned_as_its_words_is_never_ruled_out_by_its_bound(
    dicts: list[dict[str, Any]], lazy: bool, model: str
) -> None:
    """The goal, corrections and rules are pinned as their words (``_lean``: images as
    placeholders, a long paste cut); the pinning first rules out, without reading images,
    those whose words cannot fit the room left. That bound is never above what the pin
    costs (its lean form, or the whole request when nothing is left out): from dicts (read
    lazily) and from Messages, exact counts and estimates alike."""
    fitter = Fitter(model, window=20_000, max_output_tokens=500)
    fitter.fit(dicts if lazy else openai_chat.read(dicts))
    index, pricer = fitter._memory.index, fitter.pricer
    words_may_fit = _words_fit(index, pricer, _request_facts(index, pricer))
    for k, start in enumerate(index.starts):
        if index.kinds[k] != "message" or index.roles[start] != "user":
            continue
        lean = _lean(index, pricer, k, 40)  # a small cap: long requests are cut
        cost = lean.unit.cost if lean else pricer.message(index.body[start]).total
        assert words_may_fit(k, cost)


def test_an_earlier_request_brought_back_whole_is_priced_alone() -> None:
    """A rule too long for the pins' room is pinned as its own words and brought back
    whole when the window holds it (``settle_lean_pins``): that prices the request alone,
    never a batch of the hundreds of older messages before it, which no decision needs
    (one such fit of a 10,000-message session took 1.2 s instead of 60 ms)."""
    log = "".join(f"INFO 12:00:{t % 60:02d} worker {t} imported row {t * 7}\n" for t in range(150))
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    for t in range(600):
        if t == 300:
            text = f"Actually, use Redis not Memcached. Here is the log:\n{log}\nDon't touch it."
        else:
            text = f"step {t}: what does row {t} say?"
        dicts.append({"role": "user", "content": text})
        # a dump too long for the room left (not kept shortened: shorten_to_fill=False)
        answer = "The dump follows. " + "row " * 70_000 if t == 590 else f"Row {t} is fine."
        dicts.append({"role": "assistant", "content": answer})  # the run stops at the dump
    dicts.append({"role": "user", "content": "and now?"})
    options = FitOptions(shorten_to_fill=False)
    fitter = Fitter(MODEL, window=8_000, max_output_tokens=500, options=options)
    out = fitter.fit(dicts)
    index = fitter._memory.index
    rule = 1 + 2 * 300
    kept = {m.id: m for m in out.messages}
    assert kept[f"m{rule}"].text == dicts[rule]["content"]  # pinned whole
    # (besides the few the pins' fill looks at, oldest first, each priced alone: recap19)
    assert sum(index.priced[1:rule]) <= 2 + _FILL_LOOKS


def test_what_a_lean_pin_leaves_out_is_estimated_not_tokenized() -> None:
    """A rule pinned as its own words reports the size of the whole request as an estimate
    (what is cut is not sent; tokenizing pasted chapters to say so cost a cold fit a third
    of its time), never below the pin's own size."""
    chapter = "。".join("这是一个很长的文档段落，讨论数据结构和算法的实现细节" for _ in range(120))
    rule = f"Never deploy on Fridays. 以下是文档：\n\n{chapter}\n\nKeep answers short."
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    dicts.append({"role": "user", "content": rule})
    for t in range(40):
        dicts.append({"role": "assistant", "content": f"Step {t} done. " * 20})
        dicts.append({"role": "user", "content": f"next step {t}, please"})
    out = Fitter(MODEL, window=3_000, max_output_tokens=500).fit(dicts)
    (shrunk,) = [c for c in out.report.changes if c.action == "shrunk" and c.message_id == "m1"]
    assert shrunk.estimated
    assert shrunk.tokens_before == estimate_tokens(counter_for(MODEL), rule)
    assert shrunk.tokens_before > shrunk.tokens_after


def test_a_chapter_pinned_as_its_words_is_not_tokenized_whole_to_learn_it_cannot_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found profiling the CJK bench: whether a request pinned as its words fits whole
    beside what was chosen (``settle_lean_pins``) is asked with the window's slack, larger
    than the pins' cap its bound was read for (the count of an opening): the bound said
    "may", and each pasted chapter was tokenized whole to learn it did not. Now it is read
    as far as the slack; the fit is the one every request priced exactly gives."""
    chapter = "。".join("这是一个很长的文档段落，讨论数据结构和算法的实现细节" for _ in range(600))
    rule = f"Never deploy on Fridays. 以下是文档：\n\n{chapter}\n\nKeep answers short."
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    for t in range(100):
        dicts.append({"role": "user", "content": rule if t == 5 else f"next step {t}, please"})
        # a dump too long to be kept shortened: the run back from the newest stops there
        # (and the batches priced going back stop before the chapter)
        answer = "The dump follows. " + "row " * 70_000 if t == 90 else f"Step {t} done. " * 8
        dicts.append({"role": "assistant", "content": answer})
    dicts.append({"role": "user", "content": "and now?"})
    fitter = Fitter(MODEL, window=8_000, max_output_tokens=500)
    out = fitter.fit(dicts)
    index = fitter._memory.index
    at = 2 * 5  # the rule's position in the history (the system prompt apart)
    assert next(m.text for m in out.messages if m.id == f"m{at + 1}") != rule  # as its words
    bound, final = index._bounds[at]
    assert not index.priced[at] and not final  # an opening's count, read past the slack:
    assert bound < counter_for(MODEL).count(rule)  # not the whole chapter (however big the slack)
    monkeypatch.setattr(HistoryIndex, "request_may_fit", lambda self, k, room: True)
    exact = Fitter(MODEL, window=8_000, max_output_tokens=500).fit(dicts)
    assert exact.messages == out.messages
    assert (exact.report.used, exact.report.kept) == (out.report.used, out.report.kept)

    def decided(change: Change) -> tuple[object, ...]:  # (not how exactly a drop is sized)
        return change.action, change.message_id, change.block, change.what, change.reason

    assert list(map(decided, exact.report.changes)) == list(map(decided, out.report.changes))

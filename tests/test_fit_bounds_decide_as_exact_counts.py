"""A cold fit decides by lower bounds of what it need not count, read from a text's letters
and digits: whether an earlier request, its words or a gist can fit what is left of the pins'
cap, whether a unit can fit the room left (history that cannot be kept). Every such bound
swapped for the exact count fits the same body, keeps, shrinks and drops the same messages
and says the same ``used``: the bounds only spare counting. That includes which long texts
a unit shortens from their ends (``surely_over``): a looser bound once sent a unit down the
general path and fitted another body (``used`` 3,653 where exact counts gave 3,693)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import data_url, png
from contextledger.fit import fit
from contextledger.pricing import text as text_pricing
from contextledger.pricing.text import TokenCounter

MODEL = "gpt-4o"

# (words of languages earlier tests use; each turn draws its own run of them)
_WORDS = {
    "de": ["Bitte", "prüfe", "noch", "einmal", "die", "Rechnung", "für", "März", "und", "schick"],
    "ru": ["Не", "трогай", "папку", "с", "миграциями", "пока", "идёт", "проверка", "базы"],
    "zh": list("请帮我检查一下为什么这个接口返回空列表以及日志里的错误"),
    "es": ["Usa", "Redis", "en", "lugar", "de", "Memcached", "para", "la", "caché", "sesiones"],
    "ja": list("設定ファイルを読み込んでからもう一度テストを実行してください"),
}  # fmt: skip


def _words(draw: st.DrawFn, lang: str, least: int, most: int) -> str:
    pool = _WORDS[lang]
    picked = draw(st.lists(st.sampled_from(pool), min_size=least, max_size=most))
    sep = "" if lang in ("zh", "ja") else " "
    return sep.join(picked) or pool[0]


def _log(draw: st.DrawFn, lang: str) -> str:
    lines = draw(st.integers(1, 120))
    word = _words(draw, lang, 1, 3)
    return "\n".join(f"12:{i % 60:02d}:07 WARN job[{i}] {word} rows={i * 37}" for i in range(lines))


@st.composite
def sessions(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Agent sessions: requests in several languages (some with a screenshot, some with a
    pasted log), answers, tool calls (parallel ones too) and their outputs."""
    out: list[dict[str, Any]] = [{"role": "system", "content": "You help an operations team."}]
    for t in range(draw(st.integers(2, 30))):
        lang = draw(st.sampled_from(sorted(_WORDS)))
        text = _words(draw, lang, 1, 40)
        if draw(st.integers(0, 4)) == 0:
            text += "\n\n" + _log(draw, lang)
        if draw(st.booleans()) and draw(st.booleans()):
            size = draw(st.sampled_from([(40, 30), (800, 600), (1920, 1080)]))
            image = {"url": data_url(png(*size, color=(t % 256, 9, 9)))}
            out.append({"role": "user", "content": [
                {"type": "text", "text": text}, {"type": "image_url", "image_url": image}]})  # fmt: skip
        else:
            out.append({"role": "user", "content": text})
        for c in range(draw(st.integers(0, 2))):
            ids = [f"call_{t}_{c}_{j}" for j in range(draw(st.integers(1, 3)))]
            out.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": i, "type": "function", "function": {
                    "name": "run", "arguments": json.dumps({"cmd": f"make check-{t}"})}}
                for i in ids]})  # fmt: skip
            out += [{"role": "tool", "tool_call_id": i, "content": _log(draw, lang)} for i in ids]
        out.append({"role": "assistant", "content": _words(draw, lang, 1, 30)})
    out.append(
        {"role": "user", "content": _words(draw, draw(st.sampled_from(sorted(_WORDS))), 2, 20)}
    )
    return out


def _exact(counter: TokenCounter, text: str, *_: Any) -> int:
    return counter.count(text)  # (the tightest lower bound there is)


#: (``tokens_past`` is exact up to the room already, and above it says only "over": a fit
#: reports what is over as an estimate, so it is not swapped)
_BOUNDS = ("tokens_at_least", "opening_at_least")
#: the modules whose bounds are swapped: the pins' and the selection's, and pricing's own
#: (``surely_over``, which shortening decides by, reads them there)
_DECIDING = ("contextledger.fit.units", "contextledger.fit.anchors", "contextledger.pricing.text")


@contextmanager
def exact_bounds() -> Iterator[None]:
    """Every lower bound the pins and the selection read is the exact count."""
    with pytest.MonkeyPatch.context() as patch:
        swapped = 0
        for name in _DECIDING:
            module = sys.modules[name]
            for bound in _BOUNDS:
                if getattr(module, bound, None) is getattr(text_pricing, bound):
                    patch.setattr(module, bound, _exact)
                    swapped += 1
        assert swapped >= 5  # (units and pricing read both bounds, anchors the letters' one)
        yield


def _decided(result: Any) -> tuple[Any, ...]:
    """What a fit decided: the body, ``used``, what is kept and shrunk, and which messages
    and blocks are dropped (a dropped one's size may be an estimate either way)."""
    report = result.report.to_dict()
    dropped = [(d["message_id"], d["block"], d["what"], d["reason"]) for d in report["dropped"]]
    return result.messages, report["used"], report["kept"], report["shrunk"], dropped


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(sessions(), st.sampled_from([1_500, 4_000, 12_000]))
def test_bounds_decide_as_exact_counts(dicts: list[dict[str, Any]], window: int) -> None:
    bounded = _decided(fit(dicts, MODEL, window=window, max_output_tokens=300))
    with exact_bounds():  # (the same session as new dicts: nothing read of them is kept)
        exact = _decided(
            fit(json.loads(json.dumps(dicts)), MODEL, window=window, max_output_tokens=300)
        )
    assert bounded == exact

"""The image-limit step of a fit keeps a history read lazily lazy: the images older than a
request may hold become placeholders in a view that shares every other message (nothing
else is read for it), and the fit decides and reports exactly as a fit of the Messages
the reader makes of the same dicts."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.fit import fit
from contextledger.fit.lazy import DictColumns, read_lazily
from contextledger.gate import (
    ImageCut,
    image_swap,
    image_swaps_before,
    replace_image,
    replace_images_before,
)
from contextledger.model import Image, Message, Text, ToolResult
from contextledger.providers import read_messages

PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
URL = f"data:image/png;base64,{PNG_1x1}"


def chat(kinds: list[int]) -> list[dict[str, Any]]:
    """OpenAI Chat dicts: 0 a request, 1 an answer, 2 a request with an image, 3 one with two,
    4 an exchange of a call and its result."""
    out: list[dict[str, Any]] = [{"role": "system", "content": "You look at screenshots."}]
    for i, k in enumerate(kinds):
        if k == 0:
            out.append({"role": "user", "content": f"request {i} " + "word " * (i % 7 * 9)})
        elif k == 1:
            out.append({"role": "assistant", "content": f"answer {i} " + "x " * (i % 4 * 20)})
        elif k in (2, 3):
            shots = [{"type": "image_url", "image_url": {"url": URL}}] * (k - 1)
            out.append({"role": "user", "content": [{"type": "text", "text": f"see {i}"}, *shots]})
        else:
            call = {
                "id": f"c{i}",
                "type": "function",
                "function": {"name": "run", "arguments": "{}"},
            }
            out.append({"role": "assistant", "content": None, "tool_calls": [call]})
            out.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"ran {i}"})
    out.append({"role": "user", "content": "and now?"})
    return out


def computer_use(shots: int, texts: int) -> dict[str, Any]:
    """An Anthropic body: screenshots in tool results, text turns between."""
    turns: list[dict[str, Any]] = [{"role": "user", "content": "Please file the report."}]
    image = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": PNG_1x1},
    }
    for i in range(shots):
        use = {"type": "tool_use", "id": f"toolu_{i}", "name": "computer", "input": {"n": i}}
        turns.append({"role": "assistant", "content": [{"type": "text", "text": f"look {i}"}, use]})
        inner: list[dict[str, Any]] = [image] if i % 3 else [{"type": "text", "text": "t"}, image]
        result = {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": inner}
        turns.append({"role": "user", "content": [result]})
        for j in range(texts):
            turns.append({"role": "assistant", "content": f"step {i}.{j} " + "y " * (i % 5)})
            turns.append({"role": "user", "content": f"ok {i}.{j}"})
    turns.append({"role": "assistant", "content": "Done with the screenshots."})
    turns.append({"role": "user", "content": "what next?"})
    return {"system": "You operate a desktop.", "messages": turns}


def outcome(payload: Any, model: str, window: int) -> str:
    try:
        res = fit(payload, model, window=window, max_output_tokens=300)
    except Exception as exc:  # the same error, raised either way
        return f"{type(exc).__name__}: {exc}"
    report = res.report
    if any(n.kind == "repaired" for n in report.notices):  # (as test_fit_lazy.outcome)
        changes = tuple(
            c._replace(tokens_before=0, estimated=False) if c.action == "dropped" else c
            for c in report.changes
        )
        report = replace(report, changes=changes)
    return repr((res.messages, report))


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.integers(0, 4), min_size=1, max_size=60),
    st.sampled_from([1500, 4000, 30_000]),
)
def test_over_the_image_count_a_lazy_fit_decides_as_a_fit_of_read_messages(
    kinds: list[int], window: int
) -> None:
    dicts = chat(kinds)  # pixtral takes at most 8 images in a request
    eager = outcome(read_messages(copy.deepcopy(dicts)), "pixtral-12b", window)
    assert outcome(dicts, "pixtral-12b", window) == eager


@pytest.mark.parametrize(("shots", "texts", "window"), [(130, 0, 128_000), (150, 1, 12_000)])
def test_an_anthropic_body_of_screenshots_decides_as_its_messages(
    shots: int, texts: int, window: int
) -> None:
    body = computer_use(shots, texts)
    eager = outcome(read_messages(copy.deepcopy(body)), "claude-sonnet-4-5", window)
    lazy = outcome(body, "claude-sonnet-4-5", window)
    assert lazy == eager
    assert "takes at most 100 images in one request" in lazy


def test_the_limit_step_reads_only_the_messages_that_hold_images(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kinds = [0, 1] * 400 + [2, 0, 1] * 12  # 12 screenshots after 800 text turns
    dicts = chat(kinds)
    read: list[int] = []
    real = DictColumns.message

    def counted(self: DictColumns, p: int) -> Message:
        if self.made[p] is None and self.base is None:  # (a view reads in its base)
            read.append(p)
        return real(self, p)

    monkeypatch.setattr(DictColumns, "message", counted)
    res = fit(dicts, "pixtral-12b", window=2_500, max_output_tokens=300)
    assert sum("at most 8 images" in n.text for n in res.report.notices) == 4
    assert len(res.messages) < 100
    assert len(read) < 2 * len(res.messages)  # not the 800 turns before
    assert len(set(read)) == len(read)  # (none read twice)


def test_the_placeholder_view_leaves_the_history_it_was_made_of_as_it_was() -> None:
    dicts = chat([2, 0, 3, 1, 2, 0, 4, 3, 0])
    lazy = read_lazily(dicts)
    assert lazy is not None
    holding = lazy.holding_images()
    assert holding == [i for i, m in enumerate(read_messages(dicts)) if next(m.images(), None)]
    cut = ImageCut(lazy.columns.id_of(holding[-2]), 1, "a limit")
    swapped = image_swaps_before(lazy, cut, holding)
    assert swapped is not None
    view = lazy.with_messages(swapped[0])
    eager = replace_images_before(read_messages(dicts), cut)
    assert eager is not None and list(view) == list(eager[0]) and swapped[1] == eager[1]
    assert view.holding_images() == [holding[-2], holding[-1]]
    assert view.columns.texts[holding[0]] == eager[0][holding[0]].text
    assert list(lazy) == list(read_messages(dicts))  # (the history read still has its images)
    assert lazy.holding_images() == holding


def _labelled(n: int, mid: str) -> Message:
    shots = [Image(url=f"https://x/{mid}-{k}.png", name=f"{mid}-{k}.png") for k in range(n)]
    return Message("tool", (ToolResult("c", tuple(shots)),), id=mid)


@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=12),
    st.integers(0, 11),
    st.integers(0, 3),
    st.booleans(),
)
def test_swaps_by_position_are_the_replacements(
    counts: list[int], at: int, keep: int, only_this: bool
) -> None:
    msgs = tuple(
        _labelled(n, f"m{i % 5}") if n else Message("user", (Text(f"t{i}"),), id=f"m{i % 5}")
        for i, n in enumerate(counts)
    )  # (ids repeat: the first message of the cut's id is the one)
    cut = ImageCut(f"m{at % 7}", keep, "a limit", only_this)
    if only_this and not any(m.id == cut.message_id and next(m.images(), None) for m in msgs):
        return
    whole = (replace_image if only_this else replace_images_before)(msgs, cut)
    swaps = (image_swap if only_this else image_swaps_before)(msgs, cut)
    if whole is None:
        assert swaps is None
        return
    assert swaps is not None
    assert tuple(swaps[0].get(i, m) for i, m in enumerate(msgs)) == whole[0]
    assert swaps[1] == whole[1]
    held = [i for i, m in enumerate(msgs) if next(m.images(), None) is not None]
    if not only_this:
        assert image_swaps_before(msgs, cut, held) == swaps


def test_the_limits_read_for_the_model_hold_for_the_tests() -> None:
    assert lookup_model("pixtral-12b").image_limits.max_images == 8
    assert lookup_model("claude-sonnet-4-5").image_limits.max_images == 100


@pytest.mark.parametrize("split_at", [None, 0, 3, 7])
def test_a_body_whose_dicts_are_one_message_each_is_read_from_the_apps_list(
    split_at: int | None,
) -> None:
    """While every dict is one Message the columns hold the app's list itself (no list of
    dicts nor origins beside it); the first dict that makes several (a user turn of tool
    results and words) makes them: ids, messages and dicts as the reader has them."""
    turns: list[dict[str, Any]] = []
    for i in range(10):
        if i == split_at:
            use = {"type": "tool_use", "id": f"t{i}", "name": "run", "input": {}}
            result = {"type": "tool_result", "tool_use_id": f"t{i}", "content": "ok"}
            turns.append({"role": "assistant", "content": [use]})
            turns.append({"role": "user", "content": [result, {"type": "text", "text": "and?"}]})
        turns.append({"role": "user" if i % 2 else "assistant", "content": f"turn {i}"})
    turns.insert(0, {"role": "user", "content": "start"})
    body = {"system": "Be brief.", "messages": turns}
    lazy = read_lazily(body)
    assert lazy is not None
    columns = lazy.columns
    eager = read_messages(copy.deepcopy(body))
    assert list(lazy) == list(eager)
    assert columns.ids(range(len(columns.roles))) == [m.id for m in eager[1:]]
    assert columns.ids_later(0, len(columns.roles))() == [m.id for m in eager[1:]]
    if split_at is None:
        assert columns.dicts is turns and getattr(columns, "origin", 0) is None
    else:
        assert columns.dicts is not turns and len(columns.dicts) == len(columns.roles)
    for p, d in enumerate(columns.dicts):
        assert any(d is t for t in turns) and columns.made[p] is not None

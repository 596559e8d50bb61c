"""A one-shot fit of dicts reads only what it looks at, and decides exactly as a fit of the
Messages the reader makes of the same dicts: same messages sent, same report."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.errors import ContentError
from contextledger.fit import fit
from contextledger.fit.lazy import read_lazily
from contextledger.providers import read_messages

MODEL = "gpt-4o"
PNG_1x1 = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA"
    "60e6kgAAAABJRU5ErkJggg=="
)


def call(cid: str, args: Any = '{"cmd": "ls"}') -> dict[str, Any]:
    return {"id": cid, "type": "function", "function": {"name": "run", "arguments": args}}


def shapes(i: int) -> dict[str, dict[str, Any] | list[dict[str, Any]]]:
    """Every dict shape an app sends, the lazy ones and the ones read on the spot."""
    cid = f"c{i}"
    return {
        "user": {"role": "user", "content": f"request {i}: " + "word " * (i % 9 * 15)},
        "goal": {"role": "user", "content": f"Please migrate the billing service {i} to Postgres"},
        "correction": {"role": "user", "content": f"Actually, use Redis not Memcached ({i})."},
        "nudge": {"role": "user", "content": "ok, keep going"},
        "assistant": {"role": "assistant", "content": f"answer {i} " + "x " * (i % 5 * 40)},
        "named": {"role": "user", "name": "alice", "content": f"from alice {i}"},
        "starts like a recap": {"role": "user", "content": f"Can you also check {i}? Compacted"},
        "named image": {
            "role": "user",
            "name": "bob",
            "content": [
                {"type": "text", "text": f"Also this one {i}"},
                {"type": "image_url", "image_url": {"url": PNG_1x1}},
                {"type": "image_url", "image_url": {"url": PNG_1x1, "detail": "high"}},
            ],
        },
        "labelled images": {
            "role": "user",
            "content": [
                {"type": "text", "text": "Image 1:"},
                {"type": "image_url", "image_url": {"url": PNG_1x1}},
                {"type": "text", "text": "Image 2:"},
                {"type": "image_url", "image_url": {"url": "https://example.com/c.png"}},
                {"type": "text", "text": f"which is newer? {i}"},
            ],
        },
        "with id": {"role": "assistant", "id": f"own-{i}", "content": f"answer with id {i}"},
        "exchange": [
            {"role": "assistant", "content": None, "tool_calls": [call(cid)]},
            {"role": "tool", "tool_call_id": cid, "content": f"out {i}\n" * (i % 4 * 30)},
        ],
        "two calls": [
            {"role": "assistant", "content": "running", "tool_calls": [call(cid), call(cid + "b")]},
            {"role": "tool", "tool_call_id": cid, "content": "[tool error] boom"},
            {"role": "tool", "tool_call_id": cid + "b", "content": "fine"},
        ],
        "parts result": [
            {"role": "assistant", "content": None, "tool_calls": [call(cid)]},
            {
                "role": "tool",
                "tool_call_id": cid,
                "content": [
                    {"type": "text", "text": "[tool error] exit 2 " * (i % 3)},
                    {"type": "text", "text": f"stderr {i}\n" * (i % 5 * 20)},
                ],
            },
        ],
        "empty parts result": [
            {"role": "assistant", "content": None, "tool_calls": [call(cid)]},
            {"role": "tool", "tool_call_id": cid, "content": []},
        ],
        "dangling call": {"role": "assistant", "content": None, "tool_calls": [call(cid)]},
        "orphan result": {"role": "tool", "tool_call_id": "nowhere", "content": "lost"},
        "bad arguments": [
            {"role": "assistant", "content": None, "tool_calls": [call(cid, "{not json")]},
            {"role": "tool", "tool_call_id": cid, "content": "ran anyway"},
        ],
        "image detail": {
            "role": "user",
            "content": [
                {"type": "image_url", "image_url": {"url": PNG_1x1, "detail": "low"}},
                {"type": "text", "text": "Compare with the old one"},
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
            ],
        },
        "remote image": {
            "role": "user",
            "content": [{"type": "image_url", "image_url": {"url": "https://example.com/b.png"}}],
        },
        "image": {
            "role": "user",
            "content": [
                {"type": "text", "text": f"look at this {i}"},
                {"type": "image_url", "image_url": {"url": PNG_1x1}},
            ],
        },
        "tool images": [
            {"role": "assistant", "content": None, "tool_calls": [call(cid)]},
            {"role": "tool", "tool_call_id": cid, "content": "took a screenshot"},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": f"Images returned by tool call {cid}:"},
                    {"type": "image_url", "image_url": {"url": PNG_1x1}},
                ],
            },
        ],
        "recap": {
            "role": "user",
            "content": "Compacted summary of earlier conversation:\nall good",
        },
        "attachment": {
            "role": "user",
            "content": "Attached file: notes.md\n```\nsome notes\n```",
        },
        "empty": {"role": "assistant", "content": ""},
        "late system": {"role": "system", "content": "From now on, answer in French."},
        "developer": {"role": "developer", "content": "Be terse."},
    }


KINDS = list(shapes(0))
histories = st.lists(st.sampled_from(KINDS), min_size=1, max_size=40)


def build(kinds: list[str], system: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = (
        [{"role": "system", "content": "You are a coding agent."}] if system else []
    )
    for i, kind in enumerate(kinds):
        shape = shapes(i)[kind]
        out.extend(shape if isinstance(shape, list) else [shape])
    return out


def outcome(payload: Any, window: int, **options: Any) -> str:
    """The messages sent and the report, or the error raised. A broken history is repaired
    and fitted again: the second fit may reuse prices the first found (a Message list) or
    start afresh (a lazy one), so there a dropped message's size may be exact in one and an
    estimate in the other (``tokens_before`` and ``estimated`` of drops are left out)."""
    try:
        res = fit(payload, MODEL, window=window, max_output_tokens=300, **options)
    except Exception as exc:  # the same error, raised either way
        return f"{type(exc).__name__}: {exc}"
    report = res.report
    if any(n.kind == "repaired" for n in report.notices):
        changes = tuple(
            c._replace(tokens_before=0, estimated=False) if c.action == "dropped" else c
            for c in report.changes
        )
        report = replace(report, changes=changes)
    return repr((res.messages, report))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(histories, st.booleans(), st.sampled_from([1200, 2500, 8000]), st.booleans())
def test_a_lazy_fit_decides_as_a_fit_of_read_messages(
    kinds: list[str], system: bool, window: int, hysteresis: bool
) -> None:
    dicts = build(kinds, system)
    options = {"hysteresis": 0.2} if hysteresis else {}
    eager = outcome(read_messages(copy.deepcopy(dicts)), window, **options)
    assert outcome(dicts, window, **options) == eager


def test_the_plain_shapes_are_left_unread_until_needed() -> None:
    dicts = build(["user", "exchange", "assistant", "image", "goal", "two calls"] * 300, True)
    lazy = read_lazily(dicts)
    assert lazy is not None
    made = lazy.columns.made
    assert sum(m is not None for m in made) < len(dicts) // 100  # the system prompt, ...
    res = fit(dicts, MODEL, window=4000, max_output_tokens=300)
    assert res.messages[-1].text.startswith("request") or res.messages[-1].role != "user"


@pytest.mark.parametrize(
    "bad",
    [
        {"role": "wizard", "content": "hi"},
        {"role": "user", "content": 42},
        {"role": "assistant", "content": None, "tool_calls": "not a list"},
        {"role": "user", "content": [{"type": "video", "url": "x"}]},
        {"role": "tool", "content": "no call id"},
        {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:x,abc"}}]},
        {
            "role": "user",
            "content": [
                {
                    "type": "image_url",
                    "image_url": {"url": "data:image/png;base64,AA", "detail": "huge"},
                }
            ],
        },
    ],
)
def test_bad_dicts_in_old_history_still_raise_where_they_are(bad: dict[str, Any]) -> None:
    dicts = build(["user", "assistant"] * 200, True)
    dicts.insert(3, bad)
    with pytest.raises(ContentError) as err:
        fit(dicts, MODEL, window=2000, max_output_tokens=300)
    assert "[3]" in str(err.value)

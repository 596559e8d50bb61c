"""A one-shot fit of dicts reads only what it looks at, and decides exactly as a fit of the
Messages the reader makes of the same dicts: same messages sent, same report."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.errors import BudgetError, ContentError
from contextledger.fit import Fitter, fit
from contextledger.fit.lazy import read_lazily
from contextledger.pricing.messages import Pricer
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
        # what SDKs and frameworks emit: text parts, a name on the assistant's turns
        "answer parts": {
            "role": "assistant",
            "content": [{"type": "text", "text": f"part {i}"}, {"type": "text", "text": ""}],
        },
        "named answer": {"role": "assistant", "name": "helper", "content": f"said {i}"},
        "empty answer parts": {"role": "assistant", "content": []},
        "refusal": {"role": "assistant", "content": None, "refusal": f"I can't do {i}."},
        "named calls, parts": [
            {
                "role": "assistant",
                "name": "helper",
                "content": [{"type": "text", "text": f"running {i}"}],
                "tool_calls": [call(cid)],
            },
            {"role": "tool", "tool_call_id": cid, "content": "done"},
        ],
        "named calls, no content": [
            {"role": "assistant", "name": "helper", "tool_calls": [call(cid)]},
            {"role": "tool", "tool_call_id": cid, "content": "done"},
        ],
        "empty calls": {"role": "assistant", "content": "no calls", "tool_calls": []},
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


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(histories, st.sampled_from([1200, 8000]), st.lists(st.integers(0, 4), min_size=60))
def test_the_apps_own_keys_are_read_as_the_reader_reads_them(
    kinds: list[str], window: int, keys: list[int]
) -> None:
    """Apps keep their own keys on each dict (an id, a timestamp, metadata): the lazy read
    takes them as the reader does (a string id names the message, the rest is ignored)."""
    dicts = build(kinds, True)
    for d, k in zip(dicts, keys, strict=False):
        if k >= 1:
            d["created_at"] = 1_700_000_000 + k
        if k >= 2:
            d["metadata"] = {"channel": "email", "tags": [k]}
        if k == 3:
            d["id"] = f"msg_{id(d)}"
        if k == 4:
            d["id"] = k  # not a string: the reader ignores it
    eager = outcome(read_messages(copy.deepcopy(dicts)), window)
    assert outcome(dicts, window) == eager


def test_dicts_with_the_apps_own_keys_stay_lazy() -> None:
    dicts: list[dict[str, Any]] = [
        {"role": "user", "content": f"request {i}", "id": f"u{i}", "created_at": i}
        for i in range(50)
    ]
    lazy = read_lazily(dicts)
    assert lazy is not None and not any(lazy.columns.made)
    assert lazy.columns.ids(range(2)) == ["u0", "u1"] and lazy[3].id == "u3"


def test_the_plain_shapes_are_left_unread_until_needed() -> None:
    plain = ["user", "exchange", "assistant", "image", "goal", "two calls", "answer parts"]
    dicts = build([*plain, "named answer", "named calls, parts"] * 300, True)
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


OTHER_FORMATS = [  # each names a format only it writes (the format a whole read detects)
    {"role": "user", "content": "from the Responses API", "type": "message"},
    {"role": "user", "parts": [{"text": "from Gemini"}]},
    {"role": "model", "parts": [{"text": "a Gemini answer"}]},
    {"role": "tool", "content": "a result", "tool_call_id": "c1", "parts": []},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]},
    {"role": "user", "content": [{"type": "input_text", "text": "Responses parts"}]},
    {"role": "system", "content": "a system message", "type": "custom"},  # (no format)
]


@pytest.mark.parametrize("other", OTHER_FORMATS)
@pytest.mark.parametrize("where", [1, 150, 399])
@pytest.mark.parametrize("openai_first", [False, True])
def test_a_dict_of_another_format_is_read_as_a_whole_read_reads_it(
    other: dict[str, Any], where: int, openai_first: bool
) -> None:
    """The lazy read does not look for the list's format first (that walked a text-only
    history twice): a dict only another format writes sends the list to the whole read,
    which detects the format, so the outcome is the one the whole read gives."""
    dicts = build(["user", "assistant"] * 200, True)
    if openai_first:  # the format is decided by an OpenAI tool exchange before it
        dicts[1:1] = build(["exchange"], False)
    dicts.insert(where, copy.deepcopy(other))
    if other["role"] != "system":
        assert read_lazily(dicts) is None
    try:
        eager = outcome(read_messages(copy.deepcopy(dicts)), 2000)
    except ContentError as exc:
        eager = f"{type(exc).__name__}: {exc}"
    assert outcome(dicts, 2000) == eager


# --- the drops of a long history, reported from what the fit noted --------------------

PNG_2x3 = (  # a 2×3 PNG: a dropped image's notice names its size
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAFElEQVR4nGNkZGJmYGBgYmBgQFAAAMQADB63/aIAAAAASUVORK5CYII="
)
_SAYINGS = [
    "Please migrate the billing service to Postgres 16 before Friday.",
    "Actually, use Redis not Memcached for the cache.",
    "Don’t touch the legacy importer — it still runs nightly.",
    "请帮我看一下 parse_user 为什么返回空列表？",
    "テストが失敗しています。戻り値を確認してください。",
    "ok, keep going",
    "Warum schlägt der Import fehl? Bitte prüfe die Konfiguration.",
]


@st.composite
def sessions(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Sessions shaped unlike ``shapes``: many short turns, or tool output heavy with long
    code blocks and CJK, a few screenshots; every text its own."""
    rng_words = st.integers(0, 400)
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    for t in range(draw(st.integers(1, 60))):
        kind = draw(st.sampled_from(["ask", "ask", "answer", "tools", "image", "code"]))
        said = draw(st.sampled_from(_SAYINGS))
        if kind == "ask":
            out.append({"role": "user", "content": f"{said} ({t})"})
        elif kind == "answer":
            out.append({"role": "assistant", "content": f"Done {t}. " + "修正 " * draw(rng_words)})
        elif kind == "image":
            parts: list[dict[str, Any]] = [{"type": "text", "text": f"{said} [{t}]"}]
            for url in draw(st.lists(st.sampled_from([PNG_2x3, PNG_1x1]), min_size=1, max_size=2)):
                parts.append({"type": "image_url", "image_url": {"url": url}})
            out.append({"role": "user", "content": parts})
        else:
            cids = [f"c{t}_{j}" for j in range(draw(st.integers(1, 3)))]
            out.append(
                {"role": "assistant", "content": None, "tool_calls": [call(c) for c in cids]}
            )
            for c in cids:
                body = (
                    f"```python\ndef f_{t}():\n" + "    x = 1  # 注释\n" * draw(rng_words) + "```"
                )
                if kind == "tools":
                    body = f"line {t}: ok ✓\n" * draw(rng_words)
                out.append({"role": "tool", "tool_call_id": c, "content": body})
        if kind != "ask" and draw(st.booleans()):
            out.append({"role": "user", "content": f"{said} — next {t}"})
    return out


def decisions(report: Any) -> tuple[Any, ...]:
    """What a fit decided: kept, each drop's message and reason, the notices, ``used``."""
    drops = [(c.action, c.message_id, c.what, c.reason) for c in report.changes]
    return report.kept, drops, report.notices, report.used, report.image_tokens


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(sessions(), st.sampled_from([1500, 4000, 12_000]))
def test_the_fast_path_decides_and_reports_as_the_exact_one(
    dicts: list[dict[str, Any]], window: int
) -> None:
    """A one-shot fit of dicts (read lazily, old history not tokenized, its drops made when
    read) and a Fitter over the reader's Messages that has priced this history before in a
    wider view (so more of it is exact): the same messages kept, the same drops and reasons,
    the same notices, the same ``used``; every size not marked estimated is the exact one."""
    pricer = Pricer.for_model(lookup_model(MODEL))
    try:
        fast = fit(dicts, MODEL, window=window, max_output_tokens=300)
    except BudgetError:
        return
    messages = read_messages(copy.deepcopy(dicts))
    exact = Fitter(MODEL, window=window, max_output_tokens=300)
    exact.fit(messages[: len(messages) // 2 + 1])  # prices the older half first
    slow = exact.fit(messages)
    assert decisions(fast.report) == decisions(slow.report)
    assert fast.messages == slow.messages
    assert fast.report.messages_tokens == pricer.messages(fast.messages).total
    by_id = {m.id: m for m in messages}
    for c in fast.report.changes:
        if c.action == "dropped" and not c.estimated:
            assert c.tokens_before == pricer.message(by_id[c.message_id]).total


def test_a_report_reads_the_same_after_the_app_changes_its_list() -> None:
    """The drops are made when the report is first read, from what the fit noted: what the
    app does to its list afterwards (edits in place, appends, removals) changes nothing."""
    dicts = build(["user", "exchange", "image", "named image", "goal", "two calls"] * 60, True)
    untouched = fit(copy.deepcopy(dicts), MODEL, window=3000, max_output_tokens=300).report
    report = fit(dicts, MODEL, window=3000, max_output_tokens=300).report
    for d in dicts[1:]:
        if type(d["content"]) is list:
            d["content"][-1]["image_url" if "image_url" in d["content"][-1] else "text"] = {
                "url": "x"
            }
            d["content"].append({"type": "text", "text": "edited"})
        else:
            d["content"] = "edited"
        d["role"] = "assistant"
    del dicts[5:50]
    dicts.append({"role": "user", "content": "appended"})
    assert len(report.dropped) > 300
    assert sum("will not see image" in n.text for n in report.notices) > 100
    assert report == untouched
    assert repr(report) == repr(untouched)


def test_a_report_pickles_and_copies_as_its_values() -> None:
    dicts = build(["user", "image", "exchange"] * 50, True)
    report = fit(dicts, MODEL, window=2000, max_output_tokens=300).report
    assert pickle.loads(pickle.dumps(report)) == report
    assert copy.deepcopy(report) == report
    assert replace(report, notices=()).changes == report.changes


@pytest.mark.parametrize("window", [6000, 9000, 14_000, 20_000])
def test_a_tool_result_is_priced_with_its_call_whatever_the_batches(window: int) -> None:
    """The results of parallel calls are sent (and priced) according to their call: a batch
    of prices never holds a result without its call, so ``used`` is what is sent."""
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    for t in range(400):
        dicts.append({"role": "user", "content": f"step {t}: 请检查 worker {t} 的日志"})
        cids = [f"c{t}_{j}" for j in range(3)]
        dicts.append({"role": "assistant", "content": None, "tool_calls": [call(c) for c in cids]})
        for j, c in enumerate(cids):
            text = f'"第 {t} 行": "错误 {j}",\n\t"ok": "\\"✓\\""\n' * (5 + (t * 7 + j * 13) % 40)
            dicts.append({"role": "tool", "tool_call_id": c, "content": text})
    res = fit(dicts, MODEL, window=window, max_output_tokens=300)
    fresh = Pricer.for_model(lookup_model(MODEL))
    assert res.report.messages_tokens == fresh.messages(res.messages).total
    assert res.report.used <= res.report.budget


# a content as apps send it, or almost: text parts, other parts, strays
_part = st.one_of(
    st.builds(lambda t: {"type": "text", "text": t}, st.text(max_size=6)),
    st.just({"type": "text", "text": "x", "cache_control": {"type": "ephemeral"}}),
    st.just({"type": "text", "text": None}),
    st.just({"type": "text"}),
    st.just({"text": "no type", "kind": "text"}),
    st.just({"type": "image_url", "image_url": {"url": PNG_1x1}}),
    st.just({"type": "input_text", "text": "x"}),
    st.just("a bare string"),
)
_content = st.one_of(st.lists(_part, max_size=4), st.text(max_size=4), st.none())


@settings(max_examples=25)
@given(st.lists(_content, max_size=12), st.integers(0, 3))
def test_text_parts_are_found_at_once_as_list_by_list(contents: list[Any], start: int) -> None:
    """``_text_lists`` (all the lists' parts at once) says what ``_text_parts`` says of each."""
    from contextledger.fit.lazy import _text_lists, _text_parts

    dicts = [{"role": "tool", "content": c} for c in contents]
    found = _text_lists(dicts, start)
    if any(type(p) is not dict for c in contents[start:] if type(c) is list for p in c):
        assert found == {}  # (each list is then checked by _text_parts)
        return
    expected = {
        p: sum(len(part["text"]) for part in c)
        for p, c in enumerate(contents)
        if p >= start and _text_parts(c) is not None
    }
    assert found == expected

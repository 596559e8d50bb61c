"""fit(): budgets, atomic tool exchanges, anchors, shedding, the report's truth, the seed's cases."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import data_url, png
from contextledger import BudgetError, Message, ToolCall
from contextledger.errors import ContentError
from contextledger.fit import Fitter, fit, shrink_text
from contextledger.model import FileAttachment, Image, InlineData, Text, ToolResult
from contextledger.pricing.messages import Pricer, price_messages
from contextledger.pricing.text import EstimateCounter, counter_for
from contextledger.providers import read_messages
from contextledger.validate import tool_pair_problems
from strategies import conversations

MODEL = "gpt-4o"


def png_url(w: int, h: int, pad: int = 0) -> str:
    return data_url(png(w, h, (200, 10, 10)) + b"A" * pad)


def window_for(budget: int, reserve: int = 100) -> dict[str, int]:
    """Window and reservation that leave exactly ``budget`` tokens for messages."""
    return {"window": budget + reserve + 3, "max_output_tokens": reserve, "min_history_tokens": 16}


def exch(cid: str, size: int = 120) -> list[dict[str, Any]]:
    return [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": cid, "type": "function", "function": {"name": "read", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": cid, "content": "x" * size},
    ]


# ------------------------------------------------------------------ the seed's cases


def test_seed_latest_exchange_and_anchor_survive_a_long_history() -> None:
    msgs = [{"role": "system", "content": "system"}]
    msgs += [{"role": "assistant", "content": f"old {i}: " + "x" * 1000} for i in range(400)]
    msgs += [
        {"role": "user", "content": "current request"},
        {"role": "assistant", "content": "latest answer"},
    ]
    res = fit(msgs, MODEL, **window_for(60))
    assert [m.text for m in res.messages] == ["system", "current request", "latest answer"]
    assert res.report.used <= res.report.budget
    assert len(res.report.dropped) == 400


def test_seed_old_exchange_dropped_before_the_prior_request() -> None:
    msgs = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "old request"},
        *exch("old"),
        {"role": "user", "content": "read again"},
        *exch("new"),
    ]
    full = fit(msgs, MODEL).report.messages_tokens
    pricer = Pricer.for_model(MODEL)
    old_exchange = pricer.messages(read_messages(msgs[2:4])).total
    res = fit(msgs, MODEL, **window_for(full - old_exchange))
    assert [m.text for m in res.messages if m.role == "user"] == ["old request", "read again"]
    assert [m.tool_calls[0].id for m in res.messages if m.tool_calls] == ["new"]
    # one token tighter: the prior request yields, never the latest exchange
    res2 = fit(msgs, MODEL, **window_for(full - old_exchange - 1))
    assert [m.text for m in res2.messages if m.role == "user"] == ["read again"]
    assert [m.tool_calls[0].id for m in res2.messages if m.tool_calls] == ["new"]
    assert any("earlier request" in n.text for n in res2.report.notices)


def test_seed_padded_png_is_priced_by_pixels_and_kept() -> None:
    url = png_url(1700, 2200, pad=100_000)
    assert len(url) > 100_000
    msgs = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "whats this"},
                {"type": "image_url", "image_url": {"url": url}},
            ],
        }
    ]
    # 8,000 bytes in the seed's units = 2,000 tokens; the upper-bound model prices it at 765
    res = fit(msgs, "openai-compatible/default", **window_for(2000))
    assert res.report.image_tokens == 765
    assert any(isinstance(b, Image) for b in res.messages[0].content)


def test_seed_forty_images_only_the_cheapest_survives_when_dropping_is_allowed() -> None:
    parts: list[dict[str, Any]] = [{"type": "text", "text": "inspect the remaining pages"}]
    parts += [
        {"type": "image_url", "image_url": {"url": png_url(600 + 40 * i, 600 + 40 * i)}}
        for i in range(40)
    ]
    msgs = [{"role": "user", "content": parts}]
    cheapest = (
        Pricer.for_model(MODEL)
        .image(Image(media_type="image/png", data=InlineData(png_url(600, 600), 22)))
        .tokens
    )
    budget = cheapest + 40 * 20 + 60
    with pytest.raises(
        BudgetError,
        match=r"The current request and tool schemas need .* tokens; gpt-4o leaves .* Use a larger-context model or shorten the request",
    ):
        fit(msgs, MODEL, **window_for(budget))
    res = fit(msgs, MODEL, drop_current_images=True, **window_for(budget))
    kept = [b for b in res.messages[0].content if isinstance(b, Image)]
    assert len(kept) == 1 and res.report.image_tokens == cheapest
    assert res.messages[0].content[0] == Text("inspect the remaining pages")
    assert sum("current message" in n.text for n in res.report.notices) == 39


def test_seed_attachment_body_goes_before_failing_the_turn() -> None:
    msg = Message.user("summarize", FileAttachment("notes.txt", text="x" * 10000), id="u1")
    # (by default its text goes as head and tail: test_current_request_file_shortened)
    res = fit([msg], MODEL, drop_current_attachments=True, **window_for(125))
    content = res.messages[0].content
    assert content[0] == Text("summarize")
    assert content[1] == Text("[file 'notes.txt' omitted to fit the context window]")
    assert msg.content[1] == FileAttachment("notes.txt", text="x" * 10000)  # input untouched
    assert any("body of file 'notes.txt'" in n.text for n in res.report.notices)


# ------------------------------------------------------------------ budget and errors


def test_budget_error_names_the_reservation_to_shrink() -> None:
    tools = [
        {
            "type": "function",
            "function": {"name": f"tool{i}", "description": "d" * 400, "parameters": {}},
        }
        for i in range(30)
    ]
    with pytest.raises(BudgetError, match=r"Shrink the tool schemas \(tools\)"):
        fit(
            [{"role": "user", "content": "hi"}],
            MODEL,
            window=2000,
            max_output_tokens=200,
            tools=tools,
        )
    with pytest.raises(BudgetError, match=r"Shrink the reserved output \(max_output_tokens\)"):
        fit([{"role": "user", "content": "hi"}], MODEL, window=2000, max_output_tokens=1990)


def test_current_request_too_big_says_so_plainly() -> None:
    with pytest.raises(BudgetError) as err:
        fit(
            [{"role": "user", "content": "word " * 5000}],
            "gpt-4o-mini",
            window=3000,
            max_output_tokens=500,
        )
    assert "The current request and tool schemas need 5,00" in str(err.value)
    assert "gpt-4o-mini leaves 2,497 after reserving output" in str(err.value)


def test_current_request_image_is_never_dropped_by_default() -> None:
    msgs = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "what is wrong here?"},
                {"type": "image_url", "image_url": {"url": png_url(2000, 2000)}},
            ],
        }
    ]
    with pytest.raises(BudgetError):
        fit(msgs, MODEL, **window_for(300))


def test_default_output_reserve_follows_the_seed() -> None:
    assert Fitter(MODEL, window=8000).reserved_output == 2000
    assert Fitter(MODEL, window=32768).reserved_output == 4096
    assert Fitter(MODEL, window=32768, max_output_tokens=100).reserved_output == 100


# ------------------------------------------------------------------ shedding


def test_tool_screenshots_go_costliest_first_with_visible_placeholders() -> None:
    big = Image(media_type="image/png", data=InlineData(png_url(2048, 2048), 22))
    small = Image(media_type="image/png", data=InlineData(png_url(300, 300), 22))
    msgs = [
        Message.user("click through the settings pages", id="u"),
        Message(
            "assistant",
            (ToolCall("c1", "screenshot", "{}"), ToolCall("c2", "screenshot", "{}")),
            id="a",
        ),
        Message.tool("c1", "page 1", big, id="t1"),
        Message.tool("c2", "page 2", small, id="t2"),
    ]
    full = fit(msgs, MODEL).report.messages_tokens
    res = fit(msgs, MODEL, **window_for(full - 200))
    results = [m.tool_results[0] for m in res.messages if m.role == "tool"]
    assert Text("[image 2048×2048 PNG omitted to fit the context window]") in results[0].content
    assert small in results[1].content  # the cheap screenshot survives
    assert any("2048×2048 PNG from the current turn" in n.text for n in res.report.notices)
    assert res.report.used <= res.report.budget


def test_long_tool_output_is_shrunk_to_head_and_tail_with_marker() -> None:
    log = "START " + "line of log output\n" * 3000 + " END"
    msgs = [{"role": "user", "content": "run the tests"}, *exch("c1", 0)]
    msgs[-1]["content"] = log
    res = fit(msgs, MODEL, **window_for(600))
    out = res.messages[-1].tool_results[0].text
    assert out.startswith("START") and out.endswith("END") and "tokens omitted …]" in out
    assert res.report.shrunk and res.report.used <= res.report.budget


def test_shrink_never_splits_a_character_and_respects_the_target() -> None:
    text = "नमस्ते दुनिया 你好世界 😀 " * 500
    out = shrink_text(text, 200, EstimateCounter().count)
    assert EstimateCounter().count(out) <= 200
    out.encode("utf-8")  # no lone surrogates
    assert out.startswith("नमस्ते")


def test_shrink_counts_about_twice_what_it_keeps_not_every_try() -> None:
    counter = counter_for(MODEL)
    counted = [0]

    def count(text: str) -> int:
        counted[0] += len(text)
        return counter.count(text)

    words = ["Mieter", "zahlt", "Kaution", "арендатор", "賃料", "ค่าเช่า", "42", "\n", "—"]
    rng = random.Random(3)
    text = " ".join(rng.choice(words) for _ in range(60_000))
    out = shrink_text(text, 3000, count)
    assert 0.95 * 3000 <= counter.count(out) <= 3000
    # one count of the whole text, then its ends read once in pieces and the result once
    # (trying kept lengths one by one counted ~16 times what was kept)
    assert counted[0] - len(text) < 4 * len(out)


@given(
    text=st.text(st.sampled_from(["a", "b", " ", "\n", "é", "中", "😀", ".", "1"]), max_size=3000),
    target=st.integers(1, 400),
    about=st.none() | st.integers(1, 10_000),
)
@settings(max_examples=150, deadline=None)
def test_shrink_keeps_the_most_head_and_tail_within_the_target(
    text: str, target: int, about: int | None
) -> None:
    count = counter_for(MODEL).count
    out = shrink_text(text, target, count, about)
    if about is None and count(text) <= target:
        assert out == text
        return
    head, _, rest = out.partition("\n[… ")
    tail = rest.split(" tokens omitted …]\n", 1)[1]
    assert text.startswith(head) and text.endswith(tail) and len(head) - len(tail) in (0, 1)
    n = count(out)
    # within the target, unless even the marker alone is over it
    assert n <= target or not head + tail
    # and about the most that fits (to 1/64 of the kept length)
    if count(text) >= 2 * target:
        assert n >= 0.95 * target - 4


# ------------------------------------------------------------------ properties


@st.composite
def histories(draw: st.DrawFn) -> tuple[tuple[Message, ...], int]:
    msgs = draw(conversations(max_turns=12))
    msgs = tuple(
        m if m.id else Message(m.role, m.content, id=f"m{i}", name=m.name)
        for i, m in enumerate(msgs)
    )
    return msgs, draw(st.integers(50, 6000))


@given(data=histories())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fit_invariants(data: tuple[tuple[Message, ...], int]) -> None:
    msgs, budget = data
    snapshot = repr(msgs)
    try:
        res = fit(msgs, MODEL, **window_for(budget))
    except BudgetError as err:
        assert "current request" in str(err) or "Shrink" in str(err)
        return
    out = res.messages
    assert repr(msgs) == snapshot  # input never mutated
    assert not tool_pair_problems(out)  # no orphan or dangling tool messages
    requests = [m for m in msgs if m.role == "user" and not m.is_recap]
    if requests:  # the newest request, verbatim (an unreadable image replaced, reported)
        newest = requests[-1]
        assert newest in out or any(
            n.where == newest.id and "not a readable image" in n.text for n in res.report.notices
        )
    assert res.report.used <= res.report.budget
    assert (
        res.report.messages_tokens == Pricer.for_model(MODEL).messages(out).total
    )  # report's truth
    assert res.report.used == price_messages(out, MODEL).total  # what OpenAI bills
    order = {m.id: k for k, m in enumerate(msgs)}
    # all but a user turn put first: none was left, or the tool exchange whose results came
    # with the newest request leads (its own request dropped)
    sent = [m for m in out if m.id in order]
    assert [order[m.id] for m in sent] == sorted(order[m.id] for m in sent)  # chronology
    body = [m.role for m in sent if m.role != "system"]
    # one-line gists of dropped tool exchanges (fit.gists): pinned, their exchange dropped
    gists = [m for m in out if m.id not in order and m.id.startswith("gist-")]
    assert {m.id for m in gists} <= set(res.report.pinned)
    dropped = {c.message_id for c in res.report.dropped}
    assert all(m.id.removeprefix("gist-") in dropped for m in gists)
    assert len(out) - len(sent) - len(gists) == (1 if body and body[0] != "user" else 0)
    again = fit(msgs, MODEL, **window_for(budget))
    assert again.messages == out and again.report == res.report  # deterministic
    system = [m for m in msgs if m.role == "system"]
    assert all(s in out for s in system)


class CountingCounter:
    """A tokenizer that counts how often it is asked (to see what a refit re-prices)."""

    name, exact = "counting", False

    def __init__(self) -> None:
        self.calls = 0

    def count(self, text: str) -> int:
        self.calls += 1
        return len(text) // 4 + 1


def test_refit_prices_only_the_new_message() -> None:
    from contextledger.catalog import lookup_model

    counter = CountingCounter()
    pricer = Pricer(lookup_model(MODEL), counter)
    msgs = [Message.user(f"question {i} " + "x" * 200, id=f"u{i}") for i in range(200)]
    fitter = Fitter(MODEL, window=4000, max_output_tokens=500, pricer=pricer)
    fitter.fit(msgs)
    before = counter.calls
    fitter.fit([*msgs, Message.user("one more", id="new")])
    assert counter.calls - before == 1


def test_accepts_anthropic_requests_and_reports_json() -> None:
    body = {
        "system": "Be brief.",
        "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}],
    }
    res = fit(body, "claude-sonnet-4-5")
    report = json.loads(json.dumps(res.report.to_dict()))
    assert set(report) >= {
        "budget",
        "used",
        "text_tokens",
        "image_tokens",
        "kept",
        "shrunk",
        "dropped",
        "notices",
    }
    assert res.messages[0].role == "system"


def test_tool_call_arguments_are_never_shrunk() -> None:
    call = Message(
        "assistant", (ToolCall("c1", "write", json.dumps({"content": "y" * 4000})),), id="a"
    )
    msgs = [Message.user("write it", id="u"), call, Message.tool("c1", "ok", id="t")]
    res = fit(msgs, MODEL, **window_for(2000))
    assert res.messages[1].tool_calls[0].arguments == call.tool_calls[0].arguments


def test_recent_turns_come_back_when_a_prior_request_yields() -> None:
    """Regression: a yielding prior request must free room for the recent run, not waste it."""
    shot = Image(media_type="image/png", data=InlineData(png_url(800, 600), 22))
    msgs = [
        Message.user(shot, "look", id="u0"),
        Message.assistant("ok", id="a0"),
        Message.user("second", id="u1"),
        Message.assistant("ok2", id="a1"),
        Message.user("third", id="u2"),
    ]
    res = fit(msgs, MODEL, window=600)
    # u0's screenshot yields, its words stay (a recent request with a screenshot is pinned
    # as its words first: test_pins_window_monotone), so a0 is kept after it and the
    # history starts with a user turn; the room the image took is freed, said in a notice
    assert res.report.kept == ("u0", "a0", "u1", "a1", "u2")
    assert "look" in res.messages[0].text and not list(res.messages[0].images())
    assert any("image 800×600" in n.text for n in res.report.notices)
    assert res.report.used <= res.report.budget


@given(data=histories(), drop=st.lists(st.integers(0, 40), max_size=4))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fit_never_sends_a_broken_tool_pair_even_from_a_broken_history(
    data: tuple[tuple[Message, ...], int], drop: list[int]
) -> None:
    msgs, budget = data
    broken = tuple(m for i, m in enumerate(msgs) if i not in drop)  # orphans and dangling calls
    if not broken:  # nothing to fit: refused, naming what is missing (test_validate)
        with pytest.raises(ContentError, match="add the user's request"):
            fit(broken, MODEL, **window_for(budget))
        return
    try:
        res = fit(broken, MODEL, **window_for(budget))
    except BudgetError:
        return
    except ContentError as refused:
        # a history of orphans alone (a result whose call was dropped) is repaired to nothing:
        # refused, named, never sent broken
        assert "nothing left to send" in str(refused)
        assert not any(m.role == "user" for m in broken)
        return
    assert not tool_pair_problems(res.messages)
    assert res.report.used <= res.report.budget


def test_a_history_of_an_orphaned_tool_result_alone_is_refused_by_name() -> None:
    """Hypothesis found it (a call and its result, the call dropped): the repair leaves
    nothing to send, and the error says so, not a broken request."""
    orphan = Message(
        role="tool", content=(ToolResult(call_id="call_1", content=(Text(text="?"),)),), id="m1"
    )
    with pytest.raises(ContentError, match="nothing left to send") as refused:
        fit([orphan], MODEL, window=4_000, max_output_tokens=500)
    assert "removed a tool result for unknown call call_1" in str(refused.value)


def test_system_prompt_too_big_is_named() -> None:
    with pytest.raises(BudgetError, match="The system prompt needs"):
        fit(
            [Message.system("rule " * 3000), Message.assistant("hi")],
            MODEL,
            window=3000,
            max_output_tokens=300,
        )


def test_messages_without_ids_get_positions_in_the_report() -> None:
    msgs = [Message.user("old " * 400), Message.assistant("ok"), Message.user("now?")]
    res = fit(msgs, MODEL, prior_anchors=0, **window_for(60))
    assert all(c.message_id for c in res.report.changes)
    assert res.report.kept[-1] == "m2"


def test_system_argument_replacing_history_system_is_reported() -> None:
    res = fit(
        [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "a"}],
        MODEL,
        system="NEW",
    )
    assert res.messages[0].text == "NEW"
    assert any("replaced by the system= prompt" in n.text for n in res.report.notices)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 60)), min_size=5, max_size=40))
def test_pins_decided_by_a_bound_are_the_pins_exact_prices_give(
    shape: list[tuple[int, int]],
) -> None:
    """Pinning skips an earlier request that cannot fit the cap left by a bound read from
    its letters and digits (a pasted log is not tokenized): the same pins, the same fit."""
    import importlib

    units = importlib.import_module("contextledger.fit.units")

    said = [
        "Actually, use Redis not Memcached for the cache {n}.",
        "Never touch src/payments/ — run {n} again. " + "ERROR 2024-12-01 12:00:{n} timeout; " * 30,
        "Please keep going with step {n}.",
    ]
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    for kind, n in shape:
        dicts.append({"role": "user", "content": said[kind].format(n=n) + " word" * n})
        dicts.append({"role": "assistant", "content": f"done {n} " + "x " * n})
    dicts.append({"role": "user", "content": "Now ship it."})
    bounded = fit(dicts, "gpt-4o", window=3000, max_output_tokens=500, prior_anchor_tokens=300)
    saved = units.tokens_at_least
    units.tokens_at_least = lambda counter, text: 0  # type: ignore[assignment]
    try:
        exact = fit(dicts, "gpt-4o", window=3000, max_output_tokens=500, prior_anchor_tokens=300)
    finally:
        units.tokens_at_least = saved
    assert bounded.messages == exact.messages
    assert [c[:5] for c in bounded.report.changes] == [c[:5] for c in exact.report.changes]


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 3000)), min_size=3, max_size=25))
def test_pins_decided_by_a_chapters_opening_are_the_pins_exact_prices_give(
    shape: list[tuple[bool, int]],
) -> None:
    """A pasted CJK chapter (about a token a character; its letters give no useful bound) is
    tokenized only as far as it takes to exceed the pins' room: the same pins, the same fit
    as counting every chapter whole."""
    import importlib

    units = importlib.import_module("contextledger.fit.units")
    chapter = "这是第{n}章的内容，我们讨论数据的结构与意义。请把要点告诉我，谢谢！"
    numerals = "一二三四五六七八九十"
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "你是阅读助手。"}]
    for long, n in shape:
        text = chapter.format(n=numerals[n % 10]) * (1 + n // 10 if long else 1)
        dicts.append({"role": "user", "content": text})
        dicts.append({"role": "assistant", "content": f"好的，第{n}章。"})
    dicts.append({"role": "user", "content": "最后，请把要点列出来。"})
    kwargs: dict[str, Any] = {"window": 6000, "max_output_tokens": 500, "prior_anchor_tokens": 400}
    bounded = fit(dicts, "gpt-4o", **kwargs)
    saved = units.tokens_past
    units.tokens_past = lambda counter, text, room: counter.count(text)  # type: ignore[assignment]
    try:
        exact = fit(dicts, "gpt-4o", **kwargs)
    finally:
        units.tokens_past = saved
    assert bounded.messages == exact.messages
    assert [c[:5] for c in bounded.report.changes] == [c[:5] for c in exact.report.changes]


def test_a_pasted_document_restating_the_task_does_not_evict_an_older_restated_goal() -> None:
    """The latest request that restates the task is pinned as the goal, among those that can
    be pinned at all: a pasted document far over the pins' cap that happens to restate the
    task (and cannot be pinned) does not displace an older, short restatement."""
    restated = "To be clear, the goal is a read replica on Postgres 16 for reporting."
    document = "To recap, the goal is in this spec.\n\n" + "The replica lags under load. " * 1200
    dicts: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Please look at the billing service and its database setup."},
    ]
    for i in range(30):
        if i == 5:
            dicts.append({"role": "user", "content": restated})
        elif i == 20:
            dicts.append({"role": "user", "content": document})
        else:
            dicts.append({"role": "user", "content": f"Now check the logs of worker {i} please."})
        dicts.append({"role": "assistant", "content": f"Checked worker {i}: " + "fine " * 60})
    dicts.append({"role": "user", "content": "What next?"})
    out = fit(dicts, "gpt-4o", window=3000, max_output_tokens=500)
    kept = [m.text for m in out.messages]
    assert restated in kept and document not in kept

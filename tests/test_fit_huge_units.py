"""One huge unit (a 270 KB tool output, a 5 MB log pasted earlier, a call whose arguments
are a whole file) never stops the fit from filling the window: it is shortened like any
other unit (cut by characters first, so never tokenized whole), or left out with a notice
while the older history fills the rest. Red team 17 F1 (issue #11): 2,012 messages at 32k
kept 8, 241 of 30,997 tokens used."""

from __future__ import annotations

import bisect
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger import fit, translate
from contextledger.catalog import lookup_model
from contextledger.errors import BudgetError
from contextledger.fit import Fitter
from contextledger.fit.report import FitResult
from contextledger.fit.shedding import _span_holding
from contextledger.model import Message, Text, ToolCall, ToolResult
from contextledger.pricing.messages import REQUEST_OVERHEAD, Pricer, price_request
from contextledger.pricing.text import counter_for
from stub_gemini import validate_request
from stub_responses import validate_responses
from stub_server import StubServer, validate_anthropic, validate_openai

# Shown on gpt-4 as a cl100k model, served again here (shut down by its provider since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")

MODEL = "gpt-4o"
WORDS = [
    "rows",
    "copied",
    "checksum",
    "replica",
    "lag",
    "cutover",
    "rollback",
    "batch",
    "index",
    "vacuum",
    "schema",
]
STUB = StubServer()
HEADERS = {"authorization": "Bearer k", "x-api-key": "k", "anthropic-version": "2023-06-01",
           "x-goog-api-key": "k"}  # fmt: skip
MODELS = {"openai": "gpt-4o", "openai-responses": "gpt-5", "anthropic": "claude-sonnet-4-5",
          "gemini": "gemini-2.5-flash"}  # fmt: skip


def words(n: int, seed: int) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(WORDS) for _ in range(n)) + f" #{seed:x}"


@cache
def huge(chars: int, seed: int = 7) -> str:
    """A text of ``chars`` characters (made once per module and size): a block of 64 KB of
    words repeated, each line numbered (a log)."""
    block = words(10_000, seed)
    lines = (f"{n:06d} {block[n * 80 % 60_000 :][:80]}\n" for n in range(chars // 88 + 1))
    return "".join(lines)[:chars]


def call(cid: str, arguments: str = '{"q": "select 1"}') -> dict[str, Any]:
    return {"id": cid, "type": "function", "function": {"name": "run_sql", "arguments": arguments}}


def chat(turns: int, seed: int = 0) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"role": "system", "content": "agent"},
        {"role": "user", "content": "Migrate the orders table and keep me posted."},
    ]
    for t in range(turns):
        out.append({"role": "user", "content": words(20, seed + 2 * t)})
        out.append({"role": "assistant", "content": words(40, seed + 2 * t + 1)})
    return out


def exchange(
    tag: str, results: list[str], arguments: str = '{"q": "select 1"}'
) -> list[dict[str, Any]]:
    """An assistant turn calling ``run_sql`` once per result, and the results."""
    ids = [f"{tag}_{k}" for k in range(len(results))]
    return [
        {"role": "assistant", "content": None, "tool_calls": [call(i, arguments) for i in ids]},
        *(
            {"role": "tool", "tool_call_id": i, "content": r}
            for i, r in zip(ids, results, strict=True)
        ),
    ]


def tail(n: int = 3) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for t in range(n):
        out += [{"role": "assistant", "content": words(30, 900 + t)},
                {"role": "user", "content": words(15, 950 + t)}]  # fmt: skip
    return out


def pairs_whole(messages: tuple[Message, ...]) -> bool:
    """Every call sent has all its results, every result its call."""
    calls = {c.id for m in messages for c in m.tool_calls}
    results = {r.call_id for m in messages for r in m.tool_results}
    return calls == results


def sent_as_budgeted(res: FitResult, target: str = "openai") -> None:
    """The body the target's stub accepts, priced as ``used`` says."""
    model = MODELS[target]
    body = dict(translate(res.messages, target).body)  # type: ignore[arg-type]
    if target == "openai":
        validate_openai({"model": model, **body}, STUB)
    elif target == "openai-responses":
        validate_responses({"model": model, **body}, HEADERS, STUB)
    elif target == "anthropic":
        validate_anthropic({"model": model, "max_tokens": 100, **body}, HEADERS, STUB)
    else:
        validate_request(model, body, HEADERS, f"/v1beta/models/{model}:generateContent", STUB)
    assert res.report.used <= res.report.budget
    assert res.report.used + REQUEST_OVERHEAD >= price_request(body, model, target).total


@pytest.fixture(scope="module")
def red_team_session() -> list[dict[str, Any]]:
    """2,000 short turns, a call with 3 results (one of ~270 KB), 3 more turns."""
    return [
        *chat(1000),
        *exchange("c", [words(10, 1), huge(270_000), words(10, 2)]),
        *tail(),
    ]


def test_a_huge_older_result_is_shortened_and_the_older_history_fills_the_window(
    red_team_session: list[dict[str, Any]],
) -> None:
    res = fit(red_team_session, MODEL, window=32_000, max_output_tokens=1000)
    report = res.report
    assert report.used >= 0.95 * report.budget  # was 241 of 30,997
    assert len(res.messages) > 300  # was 8 of 2,012
    assert pairs_whole(res.messages)
    ids = {m.id for m in res.messages}
    exchange_ids = [f"m{i}" for i in range(2002, 2006)]  # the call and its 3 results
    assert set(exchange_ids) <= ids
    (shrunk,) = report.shrunk
    assert shrunk.message_id == "m2004" and shrunk.what == "tool output"
    assert "tokens omitted" in next(m for m in res.messages if m.id == "m2004").text
    assert "m1" in ids  # the goal
    dropped = {c.message_id for c in report.dropped}
    assert dropped and all(int(i[1:]) < 2002 for i in dropped)
    assert ids.isdisjoint(dropped) and len(ids) + len(dropped) == len(red_team_session)
    sent_as_budgeted(res)


class CountingCounter:
    """The real counter, remembering the longest text it was asked to count."""

    name = "o200k_base"
    exact = True

    def __init__(self) -> None:
        self.inner = counter_for(MODEL)
        self.longest = 0

    def count(self, text: str) -> int:
        self.longest = max(self.longest, len(text))
        return self.inner.count(text)


def test_a_5mb_older_output_is_cut_by_characters_never_tokenized_whole() -> None:
    log = huge(5_000_000)
    counter = CountingCounter()
    fitter = Fitter(
        MODEL, window=32_000, max_output_tokens=1000, pricer=Pricer(lookup_model(MODEL), counter)
    )
    history = [*chat(300), *exchange("c", [log]), *tail()]
    res = fitter.fit(history)
    assert counter.longest < 400_000  # a window's worth of it, never the 5 MB
    assert res.report.used >= 0.95 * res.report.budget
    (shrunk,) = res.report.shrunk
    assert shrunk.estimated and shrunk.tokens_before > 500_000
    text = next(m for m in res.messages if m.id == shrunk.message_id).text
    assert "about" in text and "tokens omitted" in text
    assert text.startswith(log[:1000]) and text.endswith(log[-1000:])
    notice = next(n for n in res.report.notices if n.where == shrunk.message_id)
    assert "5,000,000 characters" in notice.text and "about" in notice.text
    sent_as_budgeted(res)


def test_a_huge_output_in_the_current_turn_gets_half_the_room_the_turns_before_the_rest() -> None:
    """The tool exchange the model answers now is kept, shortened like an older one to half
    the room (it was shrunk to fill the whole window, every turn before it dropped, and its
    5 MB tokenized whole): the model still sees what it was doing."""
    log = huge(5_000_000)
    counter = CountingCounter()
    fitter = Fitter(
        MODEL, window=32_000, max_output_tokens=1000, pricer=Pricer(lookup_model(MODEL), counter)
    )
    history = [*chat(300), {"role": "user", "content": "run the export"}, *exchange("c", [log])]
    res = fitter.fit(history)
    assert counter.longest < 400_000
    assert [m.id for m in res.messages][-3:] == ["m602", "m603", "m604"]
    (shrunk,) = res.report.shrunk
    assert shrunk.message_id == "m604" and shrunk.estimated
    # half of what the earlier requests pinned within their cap (3,875 at 32k) leave: those
    # pins are the user's words, and filling their cap took ~2k more of 31k (cap steps)
    assert 0.37 * res.report.budget <= shrunk.tokens_after <= 0.5 * res.report.budget
    assert res.report.used >= 0.95 * res.report.budget and len(res.messages) > 300
    sent_as_budgeted(res)


@pytest.mark.parametrize("older", [0, 4, 120])
@pytest.mark.parametrize("window", [8_000, 32_000])
def test_a_huge_current_output_takes_the_room_older_turns_leave(older: int, window: int) -> None:
    """R39-F4: with few or no turns before it, the output's half of the room is not all it
    gets: once every older turn is taken, it is shortened again to the room left (it was
    44-55 % of the budget, the rest empty). A refit says what a fresh fit says."""
    history = [*chat(older), {"role": "user", "content": "why does the nightly job fail?"}]
    history += exchange("c", [huge(2_000_000)])
    res = fit(history, MODEL, window=window, max_output_tokens=1000)
    assert 0.85 * res.report.budget <= res.report.used <= res.report.budget
    sent_as_budgeted(res)
    fitter = Fitter(MODEL, window=window, max_output_tokens=1000)
    fitter.fit(history[:-2])
    assert fitter.fit(history).report.used == res.report.used


def test_the_screenshot_of_the_current_turn_is_kept_when_half_the_room_cannot_hold_it() -> None:
    """A computer-use step: the current result is a long text and a screenshot. Shortened to
    half the room, the screenshot would go: the result gets the whole room instead."""
    from builders import image_block  # (PIL only where an image is drawn)

    call_turn = Message("assistant", (ToolCall("s1", "screenshot", "{}"),))
    result = Message("tool", (ToolResult("s1", (Text(huge(200_000)), image_block(1600, 1000))),))
    history = [
        *(Message.user(words(20, n)) if n % 2 == 0 else Message.assistant(words(40, n))
          for n in range(200)),
        Message.user("click the login button"),
        call_turn,
        result,
    ]  # fmt: skip
    res = fit(history, "claude-sonnet-4-5", window=4_000, max_output_tokens=500)
    assert list(res.messages[-1].images())
    assert not [c for c in res.report.changes if c.action == "replaced"]
    assert [c.message_id for c in res.report.shrunk] == [res.messages[-1].id]
    assert res.report.used <= res.report.budget


def test_several_huge_units_and_a_huge_earlier_request_are_each_shortened() -> None:
    history = [
        *chat(200, seed=1),
        {"role": "user", "content": "Here is the dump:\n" + huge(400_000, 3)},
        {"role": "assistant", "content": "Read it."},
        *chat(40, seed=2)[2:],
        *exchange("a", [huge(300_000, 4), words(5, 5)]),
        *chat(40, seed=3)[2:],
        *exchange("b", [huge(1_000_000, 6)]),
        *tail(),
    ]
    res = fit(history, MODEL, window=64_000, max_output_tokens=1000)
    assert res.report.used >= 0.95 * res.report.budget
    assert pairs_whole(res.messages)
    assert len(res.report.shrunk) >= 2
    assert all(c.tokens_after < c.tokens_before for c in res.report.shrunk)
    sent_as_budgeted(res)


def test_a_unit_that_cannot_be_shortened_is_left_out_and_the_older_history_kept() -> None:
    """A call whose arguments are a whole file is sent whole (its JSON is not cut): too
    big for the window, it is left out with a notice, the turns before it fill the room."""
    arguments = json.dumps({"path": "dump.sql", "content": huge(300_000, 8)})
    history = [*chat(400), *exchange("w", ["written"], arguments), *tail()]
    res = fit(history, MODEL, window=16_000, max_output_tokens=1000)
    ids = {m.id for m in res.messages}
    assert "m802" not in ids and "m803" not in ids  # the call and its result, together
    assert "m801" in ids and res.report.used >= 0.95 * res.report.budget
    notice = next(n for n in res.report.notices if n.where == "m802")
    assert "left out" in notice.text and "older messages before it were kept" in notice.text
    dropped = {c.message_id for c in res.report.dropped}
    assert {"m802", "m803"} <= dropped
    assert pairs_whole(res.messages)
    sent_as_budgeted(res)


@pytest.mark.parametrize("target", sorted(MODELS))
def test_every_target_takes_the_shortened_history(
    target: str, red_team_session: list[dict[str, Any]]
) -> None:
    history = red_team_session[:200] + red_team_session[-10:]  # ~270 KB, 99 turns before
    res = fit(history, MODELS[target], target=target, window=16_000, max_output_tokens=1000)  # type: ignore[arg-type]
    assert res.report.shrunk and pairs_whole(res.messages)
    assert res.report.used >= 0.9 * res.report.budget
    sent_as_budgeted(res, target)


def native_histories(big: str) -> list[tuple[str, Any]]:
    """(target, history in its own shape) with a huge tool result in the last exchange."""
    turns = [("user" if n % 2 == 0 else "assistant", words(30, n)) for n in range(400)]
    anthropic: list[dict[str, Any]] = [{"role": r, "content": c} for r, c in turns]
    anthropic += [
        {"role": "user", "content": "run it"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "run", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": big}]},
        {"role": "assistant", "content": "done"},
        {"role": "user", "content": "and now?"},
    ]  # fmt: skip
    contents: list[dict[str, Any]] = [
        {"role": "user" if r == "user" else "model", "parts": [{"text": c}]} for r, c in turns
    ]
    contents += [
        {"role": "user", "parts": [{"text": "run it"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "run", "args": {}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "run", "response": {"output": big}}}]},
        {"role": "model", "parts": [{"text": "done"}]},
        {"role": "user", "parts": [{"text": "and now?"}]},
    ]  # fmt: skip
    items: list[dict[str, Any]] = [{"role": r, "content": c} for r, c in turns]
    items += [
        {"role": "user", "content": "run it"},
        {"type": "function_call", "call_id": "f1", "name": "run", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "f1", "output": big},
        {"role": "assistant", "content": "done"},
        {"role": "user", "content": "and now?"},
    ]  # fmt: skip
    return [("anthropic", anthropic), ("gemini", {"contents": contents}),
            ("openai-responses", {"input": items})]  # fmt: skip


def test_a_huge_result_in_each_providers_own_shape_is_cut_and_the_window_filled() -> None:
    for target, history in native_histories(huge(1_000_000)):
        res = fit(history, MODELS[target], target=target, window=32_000, max_output_tokens=1000)  # type: ignore[arg-type]
        (shrunk,) = res.report.shrunk
        assert shrunk.estimated, target
        assert res.report.used >= 0.95 * res.report.budget and len(res.messages) > 150, target
        assert pairs_whole(res.messages)
        sent_as_budgeted(res, target)


def test_a_refit_after_a_huge_unit_reuses_its_shortening_and_matches_a_cold_fit(
    red_team_session: list[dict[str, Any]],
) -> None:
    history = list(red_team_session[:1200]) + red_team_session[2001:]
    fitter = Fitter(MODEL, window=32_000, max_output_tokens=1000)
    fitter.fit(history)
    history += [{"role": "assistant", "content": "ok"}, {"role": "user", "content": "next?"}]
    warm = fitter.fit(history)
    cold = fit(history, MODEL, window=32_000, max_output_tokens=1000)
    assert warm.messages == cold.messages
    assert warm.report.used == cold.report.used
    assert [c[:5] for c in warm.report.shrunk] == [c[:5] for c in cold.report.shrunk]


def test_a_huge_newest_request_is_refused_saying_so() -> None:
    with pytest.raises(BudgetError, match="current request") as err:
        fit([*chat(5), {"role": "user", "content": huge(5_000_000)}], MODEL, window=32_000)
    assert err.value.needed > 32_000


def test_a_cut_is_bounded_by_its_bytes_for_the_openai_vocabularies_only() -> None:
    """Why a cut is counted, not bounded from its size: o200k and cl100k are byte-level BPE
    (every token at least one byte), so a text costs at most its UTF-8 bytes there; but
    Claude and Gemini text is priced here by the estimate (up to 3/4 token a byte, times the
    model's factor), which for Claude 4.7+ (x1.7) is above the bytes for punctuation."""
    texts = ["." * 999, "数据结构" * 50, "🙂" * 40, huge(20_000), "\x00\x7f é ß"]
    for model in ("gpt-4o", "gpt-4"):
        counter = counter_for(model)
        assert all(counter.count(t) <= len(t.encode()) for t in texts)
    for model in ("claude-sonnet-4-5", "gemini-2.5-flash", "claude-opus-4-7"):
        counter = counter_for(model)
        assert all(counter.count(t) <= -(-len(t.encode()) * 3 * 1.7 // 4) + 1 for t in texts)
    assert counter_for("claude-opus-4-7").count("." * 1000) > 1000


# -- property -----------------------------------------------------------------------------


@st.composite
def sessions_with_huge_units(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Short turns, with now and then a huge tool output, a huge earlier request or a call
    sending a whole file, and a short request last."""
    out: list[dict[str, Any]] = [{"role": "system", "content": "agent"}]
    for t in range(draw(st.integers(5, 40))):
        kind = draw(st.sampled_from(["turn"] * 6 + ["output", "paste", "write", "parallel"]))
        out.append({"role": "user", "content": words(draw(st.integers(1, 60)), t)})
        if kind == "turn":
            out.append({"role": "assistant", "content": words(draw(st.integers(1, 80)), ~t)})
        elif kind == "paste":
            out[-1]["content"] += "\n" + huge(draw(st.sampled_from([20_000, 200_000])), t % 3)
            out.append({"role": "assistant", "content": "Read it."})
        else:
            size = draw(st.sampled_from([30_000, 150_000]))
            results = [huge(size, t % 3)] + ([words(8, t)] * 2 if kind == "parallel" else [])
            arguments = json.dumps({"content": huge(size, t % 3)}) if kind == "write" else "{}"
            out += exchange(f"c{t}", results, arguments)
            out.append({"role": "assistant", "content": words(10, t)})
    out.append({"role": "user", "content": "and now?"})
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(sessions_with_huge_units(), st.sampled_from([4_000, 16_000, 64_000]))
def test_huge_units_never_stop_the_window_filling(
    history: list[dict[str, Any]], window: int
) -> None:
    """Within budget, priced as sent, no call apart from its results; and unless the run of
    recent units reaches the oldest turn (units left out even shortened aside), the window
    is full but for what the run leaves when the room is too
    small to share (``shortened_share``: under 1/32 of the budget, or a few hundred
    tokens), and the few short turns the history's start with a user turn may drop."""
    try:
        res = fit(history, MODEL, window=window, max_output_tokens=500)
    except BudgetError:
        return
    report = res.report
    assert pairs_whole(res.messages)
    assert (
        report.text_tokens + report.image_tokens
        == Pricer.for_model(MODEL).messages(res.messages).total
    )
    sent_as_budgeted(res)
    left_out = {int(n.where[1:]) for n in report.notices if "even shortened" in n.text}
    for p in sorted(left_out):  # with their results
        left_out |= set(range(p, p + 1 + len(history[p].get("tool_calls") or ())))
    if {c.message_id for c in report.dropped} - {f"m{p}" for p in left_out}:
        slack = max(3 * 4 * 48, report.budget // 14) + 2 * 200
        assert report.budget - report.used <= slack


def test_a_cut_counts_about_the_fewest_characters_that_hold_its_tokens() -> None:
    """A head (or tail) that the first guess (4 characters a token) leaves short is grown by
    what its count found, not doubled: a 2 MB log's head and tail were counted at up to
    twice the characters the shortening needs, on every huge unit of every fit."""
    count = counter_for(MODEL).count
    text = huge(40_000)
    for tokens in (200, 1200):
        chars, n = _span_holding(text, tokens, count, from_end=False)
        assert n == count(text[:chars]) > tokens
        fewest = bisect.bisect_left(range(chars + 1), True, key=lambda k: count(text[:k]) > tokens)
        assert chars <= 1.25 * fewest

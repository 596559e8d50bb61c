"""A fit done once of an app's dicts prices the plain turns it keeps from the dicts, and reads
them (makes their Messages) only after its own tables are freed: same decisions, same report."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter, fit
from contextledger.fit.lazy import LazyMessages, read_lazily
from contextledger.fit.units import HistoryIndex, Unit
from contextledger.model import Message, Text
from contextledger.pricing.messages import Pricer
from contextledger.providers import read_messages

MODELS = [
    "gpt-4o",
    "gpt-4.1",
    "o3",
    "mistral-large-latest",
    "claude-sonnet-4-5",
    "gemini-2.5-flash",
]
_texts = st.one_of(
    st.text(min_size=1, max_size=40),
    st.sampled_from(["ok", "   ", "\n", "日本語のテキスト", "¿qué?", "a" * 300, "<|im_start|>"]),
)
_names = st.one_of(st.none(), st.sampled_from(["ana", "kid_2", "ana maría", "x" * 70, "Ωmega"]))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["user", "assistant"]),
    _texts,
    _names,
    st.sampled_from(MODELS),
    st.sampled_from([None, "openai"]),
)
def test_a_plain_turn_is_priced_from_its_parts_as_its_message_is(
    role: Any, text: str, name: str | None, model: str, wire: str | None
) -> None:
    pricer = Pricer.for_model(model, wire=wire)
    expected = Pricer.for_model(model, wire=wire).message(Message(role, (Text(text),), name=name))
    assert pricer.flat_price(role, text, name) == expected


@pytest.mark.parametrize("wire", ["anthropic", "gemini", "openai-responses"])
def test_a_plain_turn_for_another_wire_is_left_to_the_message(wire: str) -> None:
    assert Pricer.for_model("gpt-4o", wire=wire).flat_price("user", "hi", None) is None


def test_a_system_turn_or_an_empty_one_is_left_to_the_message() -> None:
    pricer = Pricer.for_model("gpt-4o")
    assert pricer.flat_price("system", "be terse", None) is None
    assert pricer.flat_price("user", "", None) is None


def _chat(n: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "Voice assistant."}]
    for i in range(n):
        turn: dict[str, Any] = {"role": "user", "content": f"turn {i} ok"}
        if i % 4 == 1:
            turn["name"] = "kid_1"
        out += [turn, {"role": "assistant", "content": f"sure {i}"}]
    out.append({"role": "user", "content": "and now?"})
    return out


def test_the_plain_turns_kept_are_read_only_after_the_fit_frees_its_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dicts = _chat(600)
    read_at_release: list[int] = []
    release = HistoryIndex.release

    def spy(index: HistoryIndex) -> None:
        body = index.body
        if isinstance(body, LazyMessages):
            read_at_release.append(sum(m is not None for m in body.columns.made))
        release(index)

    monkeypatch.setattr(HistoryIndex, "release", spy)
    res = fit(dicts, "gpt-4o", window=128_000)
    assert len(res.messages) == len(dicts)
    # (the system prompt and the current request are read before: a few, not 1,200)
    assert read_at_release and read_at_release[0] <= 4
    assert (
        res.messages == fit(read_messages(copy.deepcopy(dicts)), "gpt-4o", window=128_000).messages
    )


def test_a_fit_done_once_reports_as_a_kept_fitter_and_a_fit_of_messages() -> None:
    dicts = _chat(900)
    for window in (2_000, 9_000, 128_000):
        once = fit(dicts, "gpt-4o", window=window, max_output_tokens=500)
        kept = Fitter("gpt-4o", window=window, max_output_tokens=500).fit(dicts)
        eager = fit(
            read_messages(copy.deepcopy(dicts)), "gpt-4o", window=window, max_output_tokens=500
        )
        assert once.messages == kept.messages == eager.messages
        assert once.report == kept.report == eager.report


def test_a_unit_not_read_reads_its_message_when_asked() -> None:
    body = read_lazily(_chat(3))
    assert body is not None
    unit = Unit.unread(2, body, 9, "message")
    assert not body.columns.made[2]
    assert unit.messages == (body[2],) and unit.messages[0] is body.columns.made[2]


def test_a_whitespace_turn_kept_unread_is_still_repaired_as_one_read() -> None:
    dicts = _chat(40)
    dicts[11]["content"] = "   "  # (a user's turn of blanks: every provider refuses it)
    once = fit(dicts, "gpt-4o", window=128_000)
    eager = fit(read_messages(copy.deepcopy(dicts)), "gpt-4o", window=128_000)
    assert once.messages == eager.messages and once.report == eager.report


_turn = st.fixed_dictionaries(
    {"role": st.sampled_from(["user", "assistant"]), "content": _texts},
    optional={"name": st.sampled_from(["ana", "ana maría", "bo"])},
)
# (apps on LangChain or the Vercel AI SDK send a list of one text part, some two)
_parts = st.lists(_texts.map(lambda t: {"type": "text", "text": t}), min_size=1, max_size=2)
_part_turn = st.fixed_dictionaries(
    {"role": st.sampled_from(["user", "assistant"]), "content": _parts},
    optional={"name": st.just("bo")},
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(_turn, _part_turn), min_size=1, max_size=60),
    st.sampled_from([300, 1_500, 64_000]),
    st.sampled_from(["gpt-4o", "gpt-4.1", "claude-haiku-4-5"]),
    st.sampled_from([None, "openai", "anthropic"]),
)
def test_plain_turns_fitted_once_decide_and_report_as_read_ones(
    turns: list[dict[str, Any]], window: int, model: str, target: str | None
) -> None:
    dicts = [*turns, {"role": "user", "content": "the current request"}]

    def outcome(payload: Any) -> str:
        try:
            res = fit(payload, model, window=window, max_output_tokens=100, target=target)
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"
        return repr((res.messages, res.report))

    assert outcome(dicts) == outcome(read_messages(copy.deepcopy(dicts)))


_system = st.one_of(
    st.just("You are terse."),
    st.just([{"type": "text", "text": "Cached rules.", "cache_control": {"type": "ephemeral"}}]),
    st.just(""),
)
_anthropic_turn = st.one_of(
    _turn.map(lambda d: {"role": d["role"], "content": d["content"]}),
    st.just({"role": "user", "content": [{"type": "text", "text": "a block"}]}),
    st.just({"role": "assistant", "content": "named", "name": "bo"}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    _system,
    st.lists(_anthropic_turn, min_size=1, max_size=40),
    st.sampled_from([400, 2_000, 64_000]),
    st.sampled_from([None, "anthropic"]),
)
def test_an_anthropic_body_fitted_once_decides_and_reports_as_one_read_whole(
    system: Any, turns: list[dict[str, Any]], window: int, target: str | None
) -> None:
    body = {"system": system, "messages": [*turns, {"role": "user", "content": "now?"}]}

    def outcome(payload: Any) -> str:
        try:
            res = fit(
                payload, "claude-sonnet-4-5", window=window, max_output_tokens=100, target=target
            )
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"
        return repr((res.messages, res.report))

    assert outcome(body) == outcome(read_messages(copy.deepcopy(body)))


def test_an_anthropic_body_of_plain_turns_is_read_lazily_after_its_system_prompt() -> None:
    turns = [{"role": d["role"], "content": d["content"]} for d in _chat(30)[1:]]
    body = {"system": "Be brief.", "messages": turns, "max_tokens": 100}
    lazy = read_lazily(body)
    assert lazy is not None and list(lazy) == list(read_messages(body))
    assert lazy.leading_system() == 1 and lazy.tail(1)[0].id == "m0"
    body["messages"][3] = {"role": "user", "content": [{"type": "text", "text": "block"}]}
    lazy = read_lazily(body)  # (blocks too, since speed40: tests/test_fit_memory_anthropic_lazy.py)
    assert lazy is not None and list(lazy) == list(read_messages(body))

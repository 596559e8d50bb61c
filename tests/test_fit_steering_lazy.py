"""Earlier requests are classified (correction, rule, restatement) only as far as the pinning
asks (``fit.steering``): the fit pins and reports exactly what classifying every request
first pins and reports, one-shot and refitted, from dicts and from Messages."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import FitOptions, Fitter, fit
from contextledger.fit.units import HistoryIndex
from contextledger.providers import read_messages
from memory_sizes import deep_size

MODEL = "gpt-4o"
PNG_1x1 = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA"
    "60e6kgAAAABJRU5ErkJggg=="
)

RULES = [
    "Don't change the public API.",
    "Never touch the database schema without asking me first.",
    "Actually, use Redis not Memcached.",
    "From now on, answer in bullet points only, and keep every citation in APA style.",
    "Bitte ändere nicht die Haftungsklausel.",
    "Nie zmieniaj klauzuli o odpowiedzialności.",
    "不要修改数据库，改用副本。",
    "Wait, no — write the chapter in first person, not third.",
]
RESTATEMENTS = [
    "To be clear, the goal is a green build today.",
    "Zmiana planów: najpierw przetłumacz aneks, potem umowę.",
    "New plan: migrate the billing service to Postgres 16 first.",
]
OTHER = [
    "Please migrate the billing service from MySQL to Postgres 16.",
    "fix the login test",
    "ok",
    "keep going",
    "What does the error on line 40 mean?",
]


def request(i: int, kind: str, size: int) -> dict[str, Any]:
    """A user request of ``kind``, padded by ``size`` (0: none; 1: a sentence; 2: a paste
    longer than a lean pin keeps; 3: a paste no cap holds)."""
    pool = {"rule": RULES, "restate": RESTATEMENTS, "other": OTHER}[kind]
    text = f"{pool[i % len(pool)]} ({i})"
    if size == 1:
        text += " The deploy pipeline reads the config from the shared bucket, every time."
    elif size == 2:
        text = f"{text}\n\n" + "".join(f"INFO line {n} of the job log\n" for n in range(90))
    elif size == 3:
        text = f"{text}\n" + "ERROR worker crashed again while loading shards\n" * 2000
    if kind == "rule" and i % 7 == 3:  # a rule with its screenshot
        return {
            "role": "user",
            "content": [
                {"type": "text", "text": text},
                {"type": "image_url", "image_url": {"url": PNG_1x1}},
            ],
        }
    return {"role": "user", "content": text}


turns = st.lists(
    st.tuples(
        st.sampled_from(["rule", "rule", "restate", "other", "other"]),
        st.sampled_from([0, 0, 0, 1, 1, 2, 3]),
        st.sampled_from(["answer", "answer", "tools", "none"]),
    ),
    min_size=1,
    max_size=60,
)


def build(drawn: list[tuple[str, int, str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You help with a migration."}]
    for i, (kind, size, after) in enumerate(drawn):
        out.append(request(i, kind, size))
        if after == "answer":
            out.append({"role": "assistant", "content": f"Done with step {i}. " * (i % 4 + 1)})
        elif after == "tools":
            call = {
                "id": f"c{i}",
                "type": "function",
                "function": {"name": "run", "arguments": "{}"},
            }
            out.append({"role": "assistant", "content": None, "tool_calls": [call]})
            out.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"ran {i}\n" * 20})
    return out


options = st.fixed_dictionaries(
    {
        "prior_anchor_tokens": st.sampled_from([40, 120, 400, 1024]),
        "prior_anchors": st.sampled_from([0, 2, 5]),
    }
)


def outcome(fitted: Any) -> str:
    """What ``fitted()`` sends and reports, or the error it raises (the same either way)."""
    try:
        result = fitted()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return repr((result.messages, result.report))


def both_ways(monkeypatch: pytest.MonkeyPatch, run: Any) -> tuple[Any, Any]:
    """``run()`` classifying lazily, then classifying every request when read."""
    lazy = run()
    with monkeypatch.context() as patched:
        patched.setattr(HistoryIndex, "CLASSIFY_EAGERLY", True)
        eager = run()
    return lazy, eager


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(turns, options, st.sampled_from([900, 3000, 12000]), st.booleans())
def test_a_fit_pins_what_classifying_every_request_pins(
    monkeypatch: pytest.MonkeyPatch,
    drawn: list[tuple[str, int, str]],
    opts: dict[str, int],
    window: int,
    as_messages: bool,
) -> None:
    dicts = build(drawn)

    def run() -> str:
        payload = read_messages(copy.deepcopy(dicts)) if as_messages else copy.deepcopy(dicts)
        return outcome(lambda: fit(payload, MODEL, window=window, max_output_tokens=200, **opts))

    lazy, eager = both_ways(monkeypatch, run)
    assert lazy == eager


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(turns, turns, options, st.sampled_from([1500, 6000]), st.integers(0, 30))
def test_a_refit_pins_what_classifying_every_request_pins(
    monkeypatch: pytest.MonkeyPatch,
    first: list[tuple[str, int, str]],
    more: list[tuple[str, int, str]],
    opts: dict[str, int],
    window: int,
    edit_at: int,
) -> None:
    """A Fitter fed the app's own list: appended to in steps, then an earlier request
    edited in place (what was left unread is read as it is then)."""
    whole = build(first + more)
    cut = len(build(first))

    def run() -> list[str]:
        msgs = copy.deepcopy(whole[:cut])
        fitter = Fitter(MODEL, window=window, max_output_tokens=200, options=FitOptions(**opts))
        seen = [outcome(lambda: fitter.fit(msgs))]
        for d in copy.deepcopy(whole[cut:]):
            msgs.append(d)
            if d["role"] == "user":
                seen.append(outcome(lambda: fitter.fit(msgs)))
        users = [d for d in msgs if d["role"] == "user" and isinstance(d["content"], str)]
        users[edit_at % len(users)]["content"] = "Never deploy on Fridays, whatever happens."
        seen.append(outcome(lambda: fitter.fit(msgs)))
        return seen

    lazy, eager = both_ways(monkeypatch, run)
    assert lazy == eager


def test_a_rule_dense_history_is_classified_only_as_far_as_the_cap() -> None:
    """Hundreds of rules: once what is left of the cap is smaller than what each of the
    older ones surely costs, they are not read (a cold fit of such a session spent most of
    its time classifying them)."""
    dicts: list[dict[str, Any]] = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Write the onboarding guide for the billing service."},
    ]
    for i in range(400):
        why = f"It broke the nightly build {i} times last quarter, so please remember it."
        dicts.append({"role": "user", "content": f"{RULES[i % 4]} {why}"})
        dicts.append({"role": "assistant", "content": f"Noted, rule {i}."})
    dicts.append({"role": "user", "content": "Now write the summary."})
    fitter = Fitter(MODEL, window=8000, max_output_tokens=200)
    kept = fitter.fit(dicts).messages
    pinned = [m.text for m in kept if m.role == "user"]
    assert "Now write the summary." in pinned
    read = fitter._memory.index.requests_read
    assert len(read.unread) > 300  # the old rules were never read


def test_short_rules_every_other_request_are_read_in_batches_only_as_far_as_the_cap() -> None:
    """A rule every other request, each a few tokens: ~60 rules spend the cap, so a few
    hundred requests are read, never "the rest at once" (speed24: the walk judged the room
    before pinning the rules its first two batches found, and read 1,912 of 2,009)."""
    dicts: list[dict[str, Any]] = [{"role": "user", "content": "Draft the travel policy."}]
    for i in range(1000):
        dicts.append({"role": "user", "content": f"Never book flights over {i} EUR."})
        dicts.append({"role": "assistant", "content": "Added."})
        dicts.append({"role": "user", "content": f"Section {i} looks fine."})
        dicts.append({"role": "assistant", "content": "Okay."})
    dicts.append({"role": "user", "content": "Now write the summary."})
    fitter = Fitter(MODEL, window=8000, max_output_tokens=200)
    fitter.fit(dicts)
    read = fitter._memory.index.requests_read
    assert len(read.unread) > 1500  # of 2,001 earlier requests


@given(st.text())
def test_the_letters_bound_is_never_above_the_length(text: str) -> None:
    """What ``Steering`` skips reading the bound for: a run of letters, or up to three
    digits, is at least a character."""
    from contextledger.pricing.text import counter_for, tokens_at_least

    assert tokens_at_least(counter_for(MODEL), text) <= len(text) + 1


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(turns, options, st.sampled_from([900, 3000, 12000]))
def test_requests_read_in_parts_pin_what_reading_them_at_once_pins(
    monkeypatch: pytest.MonkeyPatch,
    drawn: list[tuple[str, int, str]],
    opts: dict[str, int],
    window: int,
) -> None:
    """``Steering.read`` classifies about ``_CHARS_READ_AT_ONCE`` characters of requests a
    call (RT25-10: all of them at once was a peak of twice the input): parts of a request
    or two read as the whole."""
    from contextledger.fit import steering

    dicts = build(drawn)

    def run() -> str:
        payload = copy.deepcopy(dicts)
        return outcome(lambda: fit(payload, MODEL, window=window, max_output_tokens=200, **opts))

    whole = run()
    with monkeypatch.context() as patched:
        patched.setattr(steering, "_CHARS_READ_AT_ONCE", 40)
        assert run() == whole


def _crm_chat(seed: int) -> list[dict[str, Any]]:
    """The red team's shape (RT25-10): 3,000 short requests, a few words in one of several
    languages and a ticket number, a name on some."""
    import random

    rng = random.Random(seed)
    said = ["d'accord merci pour le suivi", "понял спасибо за ответ", "好的谢谢你的回复",
            "selvä kiitos vastauksesta", "sawa asante", "alles klar danke für die Rückmeldung"]  # fmt: skip
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You are a CRM assistant."}]
    for _ in range(3000):
        words = rng.choice(said).split()
        text = " ".join(rng.choice(words) for _ in range(rng.randint(2, 25)))
        user: dict[str, Any] = {"role": "user", "content": f"{text} #{rng.getrandbits(40):x}"}
        if rng.random() < 0.3:
            user["name"] = rng.choice(["csm_ana", "csm_li"])
        dicts.append(user)
        answer = f"Account ACME-{rng.randint(100, 999)}: health {rng.random():.2f}"
        dicts.append({"role": "assistant", "content": answer})
    return dicts


def test_a_cold_fit_of_many_short_requests_peaks_below_half_again_the_input() -> None:
    """RT25-10: a chat of thousands of short requests, every one classified at once, made a
    cold fit's peak memory twice the input's size (measured as bench_fit does: traced from
    after the input exists, against the dicts' deep size, the one-time loads outside the
    measure: a chat of the same shape fitted first. A fit of 50 of its dicts left some
    pattern tables to load inside it, so the test passed only where an earlier test in the
    same worker had loaded them: 1.93x alone, a CI failure under another split)."""
    from builders import traced_peak
    from contextledger.pricing.text import warm

    dicts = _crm_chat(25)
    size = deep_size(dicts)
    warm("o200k_base")  # (one-time loads outside the measure, as bench_fit has them)
    fit(_crm_chat(26), MODEL, window=16_000, max_output_tokens=1000)
    peak = traced_peak(lambda: fit(dicts, MODEL, window=16_000, max_output_tokens=1000))
    assert peak < 1.5 * size


def test_a_request_edited_after_it_was_ruled_out_is_weighed_again() -> None:
    """A bound worked out for a request is forgotten when that request is edited (an
    append keeps the bounds; an edit at or before a request's position drops its own)."""
    from contextledger.fit.steering import Steering

    least = {0: 50, 1: 50, 2: 50}
    s = Steering(lambda ps, ts: (ps, ts), least.__getitem__, least.__getitem__)
    s.add([0, 1, 2], ["Never use tabs.", "Never use tabs.", "Never use tabs."])
    assert list(s.steering_before(3, lambda: 10)) == []  # each costs more than the room
    s.forget_from(3)  # an append: the bounds stand
    s.add([3], ["hello"])
    least[3] = 50
    assert list(s.steering_before(4, lambda: 10)) == []
    s.forget_from(1)  # requests 1 on were edited: short rules now
    least.update({1: 3, 2: 3, 3: 3})
    s.add([1, 2, 3], ["Never use tabs.", "Don't change the public API.", "hello"])
    assert list(s.steering_before(4, lambda: 10)) == [2, 1]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    # runs of requests, each a rule or not, of one bound (cheap ones among long pastes)
    st.lists(
        st.tuples(st.integers(1, 150), st.booleans(), st.sampled_from([1, 4, 30, 500])),
        min_size=1,
        max_size=6,
    ),
    st.integers(0, 60),
    st.integers(1, 3),
)
def test_the_rules_walk_steps_over_blocks_over_the_room_as_one_by_one(
    runs: list[tuple[int, bool, int]], cap: int, walks: int
) -> None:
    """A block of positions whose least bound is over what the cap has left is stepped over
    whole (``steering._BLOCK``, speed84): the walk yields, and reads, what a walk asking each
    position does (blocks of one), as the pins spend the room between the positions it
    yields, and again on a next walk with more room (the bounds worked out kept)."""
    from contextledger.fit import steering

    requests = [(rule, bound) for n, rule, bound in runs for _ in range(n)]

    def walked(block: int) -> list[list[int]]:
        least = {p: n for p, (_, n) in enumerate(requests)}
        texts = ["Never use tabs in the CSV." if rule else "hello there" for rule, _ in requests]
        s = steering.Steering(lambda ps, ts: (ps, ts), least.__getitem__, least.__getitem__)
        s.add(list(range(len(requests))), texts)
        out = []
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(steering, "_BLOCK", block)
            for w in range(walks):  # (a larger cap each walk: a request ruled out is asked again)
                spent = 0
                yielded = []
                room = cap * 8**w
                for p in s.steering_before(len(requests), lambda: room - spent):  # noqa: B023
                    yielded.append(p)
                    spent += least[p]
                out.append([*yielded, -1, *sorted(s.unread)])
        return out

    assert walked(steering._BLOCK) == walked(1)

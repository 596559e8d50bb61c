"""A message far larger than the window costs what the decision needs: a bound when it
cannot fit, one count when it must be shrunk; never a search over its whole size."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.errors import BudgetError
from contextledger.fit import Fitter
from contextledger.fit.shedding import shrink_ends
from contextledger.prepare import prepare, price_request
from contextledger.pricing.messages import Pricer
from contextledger.pricing.text import CachedCounter, TiktokenCounter, counter_for

MODEL = "gpt-4o"


class CountingCounter(TiktokenCounter):
    """The real o200k counter (so a fit reads its bounds: ``MOST_PER_TOKEN`` knows it),
    remembering how many characters it was asked to count."""

    def __init__(self) -> None:
        super().__init__("o200k_base")
        self.chars = 0

    def count_many(self, texts: Sequence[str]) -> list[int]:
        self.chars += sum(map(len, texts))
        return super().count_many(texts)


def paste(chars: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    words = ["error", "at", "line", "retry", "timeout", "0x1f", "ok", "\n", "build", "cache"]
    out = " ".join(rng.choice(words) for _ in range(chars // 5 + 1))
    return out[:chars]


def fitter(counter: CountingCounter) -> Fitter:
    return Fitter(
        MODEL, window=8000, max_output_tokens=1000, pricer=Pricer(lookup_model(MODEL), counter)
    )


def test_an_old_message_that_cannot_fit_is_never_tokenized() -> None:
    huge = paste(3_000_000)
    counter = CountingCounter()
    res = fitter(counter).fit(
        [
            {"role": "user", "content": huge},
            {"role": "assistant", "content": "noted"},
            {"role": "user", "content": "and now?"},
        ]
    )
    # the first request is pinned as its opening and closing words (the paste left out)
    assert [m.text for m in res.messages][1:] == ["noted", "and now?"]
    # The bound (characters / 128 > window) decided that it cannot fit whole; since R23-M1 the pin
    # is sent shortened to the room left, so what is counted is the shortened text's tries: it
    # follows the window (8,000 tokens), never the paste's size.
    assert counter.chars < 50 * 8000
    bigger = CountingCounter()
    fitter(bigger).fit(
        [
            {"role": "user", "content": paste(4 * len(huge))},
            {"role": "assistant", "content": "noted"},
            {"role": "user", "content": "and now?"},
        ]
    )
    assert bigger.chars < 1.2 * counter.chars
    (shrunk,) = [c for c in res.report.shrunk if c.message_id == "m0"]
    assert shrunk.estimated
    assert shrunk.tokens_before >= len(huge) // 128


def test_an_old_paste_that_its_bound_says_may_fit_is_not_tokenized_whole() -> None:
    """A 2 MB paste costs at least 15,625 tokens by its characters (one a 128): under a 32k
    window's room, so the pins, sizing up the newest run, priced it whole (2 MB counted to
    learn that it does not fit); it is now decided on by counting as far as the room, as the
    selection does, and sent shortened to the room left."""
    huge = paste(2_000_000)
    history = [
        {"role": "user", "content": "Here is the log:\n" + huge + "\nWhy does it fail?"},
        {"role": "assistant", "content": "A timeout."},
        *[
            {"role": "user" if i % 2 == 0 else "assistant", "content": f"step {i}"}
            for i in range(6)
        ],
        {"role": "user", "content": "and now?"},
    ]
    counter = CountingCounter()
    res = Fitter(
        MODEL, window=32000, max_output_tokens=4000, pricer=Pricer(lookup_model(MODEL), counter)
    ).fit(history)
    assert res.report.used <= res.report.budget
    assert "shrunk" in [c.action for c in res.report.changes if c.message_id == "m0"]
    assert counter.chars < len(huge) // 2  # (main: 3.0 MB counted)
    # a refit does not read the paste again (the room it was found over is remembered), and
    # answers as a fresh fit does
    fitter = Fitter(
        MODEL, window=32000, max_output_tokens=4000, pricer=Pricer(lookup_model(MODEL), counter)
    )
    fitter.fit(history)
    history.append({"role": "assistant", "content": "Looking."})
    before = counter.chars
    again = fitter.fit(history)
    assert counter.chars - before < 1000
    fresh = Fitter(MODEL, window=32000, max_output_tokens=4000).fit(history)
    assert (again.report.used, [m.id for m in again.messages]) == (
        fresh.report.used,
        [m.id for m in fresh.messages],
    )


def test_a_huge_tool_output_is_shrunk_without_a_full_count() -> None:
    huge = paste(2_000_000)
    counter = CountingCounter()
    res = fitter(counter).fit(
        [
            {"role": "user", "content": "run the build"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "run", "arguments": "{}"}}
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": huge},
        ]
    )
    assert res.report.used <= res.report.budget
    assert [c.action for c in res.report.shrunk] == ["shrunk"]
    # Its bound says it cannot fit: only its ends are counted, about as far as they are
    # sent (one count of the whole output came first before; a binary search over it
    # counted about six times its size).
    assert counter.chars < 10 * 8000 * 4
    (shrunk,) = res.report.shrunk
    assert shrunk.estimated


def test_a_current_request_that_cannot_fit_is_refused_before_it_is_tokenized() -> None:
    counter = CountingCounter()
    huge = paste(1_000_000)
    with pytest.raises(BudgetError, match="need at least") as err:
        fitter(counter).fit([{"role": "user", "content": huge}])
    assert err.value.needed >= len(huge) // 128
    assert "not counted" in str(err.value)  # the figure is a bound, and says why
    assert counter.chars == 0
    # One that might fit by the bound is counted exactly, and refused with its exact size.
    with pytest.raises(BudgetError, match="current request") as exact:
        fitter(counter).fit([{"role": "user", "content": paste(200_000)}])
    assert "at least" not in str(exact.value)


def transcript(chars: int, seed: int, script: str = "latin") -> str:
    """A pasted deposition transcript: page:line numbers, questions and answers."""
    rng = random.Random(seed)
    words = {
        "latin": ["witness", "counsel", "exhibit", "shipment", "invoice", "signed", "yes", "no"],
        "thai": ["พยาน", "ทนายความ", "เอกสาร", "สัญญา", "การจัดส่ง", "ลงนาม"],
        "hangul": ["증인", "변호사", "증거", "계약", "배송", "서명"],
    }[script]
    lines, size, n = [], 0, 0
    while size < chars:
        n += 1
        line = f"{n // 25 + 1}:{n % 25:>2}  {'QA'[n % 2]}. " + " ".join(
            rng.choice(words) for _ in range(rng.randint(4, 16))
        )
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)


def pasted_history(paste: str) -> list[dict[str, object]]:
    return [
        {"role": "system", "content": "You assist counsel."},
        {"role": "user", "content": "Find the contradictions:\n\n" + paste},
        {"role": "assistant", "content": "Page 3 and page 9 disagree on the date."},
        *[
            {"role": "user" if i % 2 == 0 else "assistant", "content": f"and on page {i}?"}
            for i in range(6)
        ],
    ]


@pytest.mark.parametrize("script", ["latin", "thai", "hangul"])
def test_a_paste_over_the_room_is_shortened_without_being_counted_whole(script: str) -> None:
    """A transcript a few times the room (not 8 times: before, that was priced whole, then its
    head and tail counted again to shorten it) is found over by its letters' bound and
    shortened from its ends: what is counted is about what is sent, and the shortened
    message's price is exact for every target."""
    paste = transcript(160_000, seed=7, script=script)
    counter = CountingCounter()
    pricer = Pricer(lookup_model(MODEL), CachedCounter(counter))  # (as ``fit`` makes it)
    res = Fitter(MODEL, window=16000, max_output_tokens=1000, pricer=pricer).fit(
        pasted_history(paste)
    )
    (shrunk,) = [c for c in res.report.changes if c.action == "shrunk"]
    assert shrunk.estimated and shrunk.tokens_after < 15000
    sent = len(next(m.text for m in res.messages if m.id == "m1"))
    assert counter.chars < 3.2 * sent  # (main: the paste priced whole, then 2-4 times the sent)
    exact = counter_for(MODEL).count("Find the contradictions:\n\n" + paste)
    assert exact / 2 < shrunk.tokens_before < exact * 2  # (an estimate from its ends)
    for target in ("openai", "anthropic", "gemini", "openai-responses"):
        out = prepare(pasted_history(paste), MODEL, target=target, window=16000,
                      max_output_tokens=1000, compaction=False)  # fmt: skip
        assert out.report.used == price_request(out.body, MODEL, target).total, target
        assert out.report.used <= out.report.budget


def test_parallel_results_over_the_room_are_shortened_from_their_ends_priced_escaped() -> None:
    """Two parallel calls' results (escaped when priced: Cyrillic is six characters a letter)
    are shortened to one common size, the whole request priced exactly."""
    logs = [transcript(120_000, seed=s, script=sc) for s, sc in ((1, "latin"), (2, "hangul"))]
    history: list[dict[str, object]] = [
        {"role": "user", "content": "pull both journals"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": f"c{k}", "type": "function", "function": {"name": "logs", "arguments": "{}"}}
                for k in range(2)
            ],
        },
        *[{"role": "tool", "tool_call_id": f"c{k}", "content": log} for k, log in enumerate(logs)],
        {"role": "assistant", "content": "Both show the OOM kill."},
        {"role": "user", "content": "when did it start?"},
    ]
    out = prepare(history, MODEL, target="openai", window=16000, max_output_tokens=1000,
                  compaction=False)  # fmt: skip
    assert out.report.used == price_request(out.body, MODEL, "openai").total
    shrunk = [c for c in out.report.fit.changes if c.action == "shrunk"]
    assert len(shrunk) == 2 and all(c.estimated for c in shrunk)


def test_shrink_ends_is_exact_within_its_target_and_reads_only_its_ends() -> None:
    seen: list[int] = []
    o200k = counter_for(MODEL)

    def count(text: str) -> int:
        seen.append(len(text))
        return o200k.count(text)

    for script in ("latin", "thai", "hangul"):
        text = transcript(400_000, seed=3, script=script)
        for target in (60, 500, 6000):
            seen.clear()
            out, about = shrink_ends(text, target, count)
            assert o200k.count(out) <= target
            assert o200k.count(out) >= target * 0.9 - 16  # (about the most that fits)
            assert out.startswith(text[:20]) and out.endswith(text[-20:])
            assert sum(seen) < 40 * target + 2000  # (never the whole: 400,000 characters)
            whole = o200k.count(text)
            assert whole / 2 < about < whole * 2


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10**6),
    st.sampled_from(["latin", "thai", "hangul"]),
    st.integers(20_000, 200_000),
    st.sampled_from([4000, 8000, 16000, 32000]),
    st.integers(0, 2),
)
def test_what_is_shortened_from_its_ends_is_priced_as_sent_for_every_target(
    seed: int, script: str, chars: int, window: int, results: int
) -> None:
    """Pastes and parallel or single tool results of any size against any window: what is
    sent is priced exactly (``used`` equals an independent price of the body) and within
    the budget, for every target."""
    paste = transcript(chars, seed=seed, script=script)
    history: list[dict[str, object]] = [{"role": "user", "content": "read this:\n" + paste}]
    history.append({"role": "assistant", "content": "Read."})
    if results:
        calls = [
            {"id": f"c{k}", "type": "function", "function": {"name": "log", "arguments": "{}"}}
            for k in range(results)
        ]
        history += [
            {"role": "user", "content": "pull the logs"},
            {"role": "assistant", "content": None, "tool_calls": calls},
            *[
                {"role": "tool", "tool_call_id": f"c{k}", "content": paste[k::2]}
                for k in range(results)
            ],
        ]
    history.append({"role": "user", "content": "what changed?"})
    for target in ("openai", "anthropic", "gemini", "openai-responses"):
        out = prepare(history, MODEL, target=target, window=window, max_output_tokens=500,
                      compaction=False)  # fmt: skip
        assert out.report.used == price_request(out.body, MODEL, target).total, target
        assert out.report.used <= out.report.budget

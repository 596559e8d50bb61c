"""A message far larger than the window costs what the decision needs: a bound when it
cannot fit, one count when it must be shrunk; never a search over its whole size."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from contextledger.catalog import lookup_model
from contextledger.errors import BudgetError
from contextledger.fit import Fitter
from contextledger.pricing.messages import Pricer
from contextledger.pricing.text import TiktokenCounter, counter_for

MODEL = "gpt-4o"


class CountingCounter:
    """The real counter, remembering how many characters it was asked to count."""

    name = "o200k_base"
    exact = True

    def __init__(self) -> None:
        self.inner = counter_for(MODEL)
        self.chars = 0

    def count(self, text: str) -> int:
        self.chars += len(text)
        return self.inner.count(text)


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
    counter = CountingTiktoken()  # (its bounds known: an o200k counter)
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


class CountingTiktoken(TiktokenCounter):
    """An o200k counter remembering how many characters it was asked to count."""

    def __init__(self) -> None:
        super().__init__("o200k_base")
        self.chars = 0

    def count_many(self, texts: Sequence[str]) -> list[int]:
        self.chars += sum(map(len, texts))
        return super().count_many(texts)


def test_a_huge_tool_output_is_shrunk_with_one_full_count() -> None:
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
    # One count of the output, then a few counts of texts about the window's size (a
    # binary search over the whole output counted about six times its size).
    assert counter.chars < len(huge) + 1_200_000


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

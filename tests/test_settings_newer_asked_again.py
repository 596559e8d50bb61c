"""Which old short settings a newer one set again (``NewerSettings.reset``) is answered the same
however often, in whatever order and after however many appends the requests are asked: as
a reading of every newer request afresh for each question would answer. A sentence with no
digit gives no setting (every value read holds one, in any script's digits). And a fit,
which asks the same requests from several walks, pins what that fresh reading pins, with a
rule, a correction and a setting said early and far outside the window."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import chat_exchange, fits_as_read_whole, goal_rule_correction
from contextledger import settings_said
from contextledger.fit import Fitter, fit
from contextledger.settings_said import NewerSettings, setting_of

# (settings and other turns, in languages earlier tests use)
SAID = [
    "Set retry_limit to 5.",
    "retry_limit should be 7 now.",
    "In staging, retry_limit should be 50.",
    "Ustaw pool.size na 8.",
    "pool.size = 8",
    "Weka pool.size kuwa 12.",
    "batch_size は 192 に",
    "batch_size は ١٩٢ に",
    "Set retry_limit to 5 and pool.size to 9.",
    "ok, keep going",
    "Nigdy nie restartuj kolejki bez sprawdzenia logów.",
    "Here is the export: " + "a_b,c " * 20,
]


def _fresh_reset(newer: NewerSettings, at: int) -> bool:
    """The reference: every newer request read again for the one question."""
    return NewerSettings(newer._setting_at, newer.top - 1, newer._may_be_short)._reset(at)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(SAID), min_size=1, max_size=14),
    st.lists(st.sampled_from(SAID), max_size=6),
    st.lists(st.integers(0, 40), max_size=30),
    st.integers(0, 30),
)
def test_every_answer_is_that_of_reading_every_newer_request_afresh(
    said: list[str], appended: list[str], asked: list[int], append_after: int
) -> None:
    texts = list(said)
    newer = NewerSettings(
        lambda p: setting_of(texts[p]),
        len(texts) - 1,
        lambda p: settings_said.may_set_short(texts[p]),
    )
    for i, at in enumerate(asked):
        if i == append_after and appended:
            texts += appended
            newer.read_to(len(texts) - 1)
        at %= len(texts)
        assert newer.reset(at) == _fresh_reset(newer, at)


def test_asking_the_same_requests_again_reads_no_setting_again() -> None:
    texts = [SAID[0], *(["ok, keep going", "Ustaw pool.size na 8."] * 50), SAID[1]]
    reads: list[int] = []

    def setting_at(p: int) -> settings_said.Setting | None:
        reads.append(p)
        return setting_of(texts[p])

    newer = NewerSettings(setting_at, len(texts) - 1)
    asked = [len(texts) - 2, 50, 0, 1, 0, 50]
    first = [newer.reset(at) for at in asked]
    read = len(reads)
    assert [newer.reset(at) for at in asked] == first
    assert first[2] is True  # (retry_limit set again by the newest request)
    assert len(reads) == read
    assert len(reads) == len(set(reads))  # (each request read once)


_DIGITS = ["0", "7", "٣", "५", "５", "෧"]  # (Arabic-Indic, Devanagari, fullwidth, Sinhala)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Set ",
                "retry_limit",
                " to ",
                "=",
                " は ",
                "pool.size",
                "ACME",
                "x-y",
                " ",
                ".",
                *_DIGITS,
            ]
        ),
        max_size=12,
    )
)
def test_a_sentence_gives_the_settings_the_pattern_finds_with_or_without_a_digit(
    pieces: list[str],
) -> None:
    text = "".join(pieces)
    exact = {
        m.group(1).casefold(): m.group(2).rstrip(".,")
        for m in settings_said._VALUE_SET.finditer(text)
    }
    assert settings_said.settings(text) == exact


def _session(seed: int, turns: int) -> list[dict[str, Any]]:
    """A tool agent's chat: a goal, a rule, a correction and short settings said early, set
    again now and then, among many rounds of calls and chatty turns."""
    rng = random.Random(seed)
    dicts: list[dict[str, Any]] = [
        *goal_rule_correction(),
        {"role": "user", "content": "Set retry_limit to 5."},
    ]
    for t in range(turns):
        out = "\n".join(f"worker {i} processed batch {t}" for i in range(rng.randint(5, 60)))
        dicts += chat_exchange(f"c{seed}_{t}", "run", {"cmd": f"make t{t}"}, out)
        if rng.random() < 0.4:
            said = rng.choice([*SAID, f"pool.size = {rng.randint(2, 9)}", "Sprawdź raport."])
            dicts.append({"role": "user", "content": said})
            dicts.append({"role": "assistant", "content": "Done."})
    dicts.append({"role": "user", "content": "Sprawdź jeszcze raz fakturę za marzec, proszę."})
    return dicts


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("model", ["gpt-4o", "claude-sonnet-4-5"])
def test_every_fit_is_the_fit_of_reading_every_setting_afresh(
    seed: int, model: str, monkeypatch: pytest.MonkeyPatch
) -> None:

    def read_afresh() -> None:
        monkeypatch.setattr(NewerSettings, "reset", _fresh_reset)
        monkeypatch.setattr(settings_said, "_DIGIT", re.compile(""))  # (no screen)

    dicts = _session(seed, 300)
    fast = fits_as_read_whole(dicts, model, read_afresh)
    # (the window holds a small share of the chat: the early requests are pinned, not kept)
    assert len(fast[0].messages) < len(dicts) // 4
    assert any("Nigdy nie restartuj" in m.text for m in fast[0].messages)


@pytest.mark.parametrize("seed", [4, 5])
def test_a_kept_fitter_after_settings_set_again_keeps_what_a_fresh_fit_keeps(seed: int) -> None:
    """The answers kept between refits are dropped when a newer request is appended: a short
    setting set again by the newest turns is no longer pinned ahead of it, as in a fresh fit."""
    dicts = _session(seed, 150)
    fitter = Fitter("gpt-4o", window=8_000)
    fitter.fit(dicts)
    for said in ["retry_limit should be 7 now.", "ok, keep going", "pool.size = 3", SAID[5]]:
        dicts += [{"role": "assistant", "content": "Done."}, {"role": "user", "content": said}]
        kept = fitter.fit(dicts)
        fresh = fit(copy.deepcopy(dicts), "gpt-4o", window=8_000)
        assert kept.messages == fresh.messages

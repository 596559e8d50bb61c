"""A fit given ``now`` and a translate given none read one moment (review36's note): the
fit's messages carry the moment they were priced at, and ``translate`` writes at it, so an
earlier spoken reply the fit kept by its id (not expired then) is sent by its id, at the
price the fit reported, not as its line because the clock has moved on since."""

from __future__ import annotations

import copy
import json
import pickle

from contextledger import fit, translate
from contextledger.fit.fitter import Fitter
from contextledger.pricing.messages import price_request

MODEL = "gpt-audio"
EXPIRES = 1_000_000_000  # long past by the clock
BEFORE, AFTER = EXPIRES - 3_600.0, EXPIRES + 3_600.0


def history() -> list[dict[str, object]]:
    return [
        {"role": "user", "content": "say hello"},
        {"role": "assistant", "content": None,
         "audio": {"id": "audio_abc123", "expires_at": EXPIRES, "transcript": "Hello there!"}},
        {"role": "user", "content": "say it again, slower"},
    ]  # fmt: skip


def test_translate_writes_at_the_moment_the_fit_priced() -> None:
    for now, by_id in ((BEFORE, True), (AFTER, False)):
        r = fit(history(), MODEL, window=100_000, max_output_tokens=500, target="openai", now=now)
        body = translate(r.messages, "openai", model=MODEL).body  # no moment given
        assert ('"audio_abc123"' in json.dumps(body)) is by_id
        assert r.report.used == price_request(body, MODEL, "openai").total


def test_a_refit_carries_its_own_moment() -> None:
    fitter = Fitter(MODEL, window=100_000, max_output_tokens=500, target="openai")
    first = fitter.fit(history(), now=BEFORE)
    later = fitter.fit(history(), now=AFTER)
    assert first.messages.now == BEFORE and later.messages.now == AFTER  # type: ignore[attr-defined]
    assert '"audio_abc123"' not in json.dumps(translate(later.messages, "openai").body)


def test_a_moment_given_to_translate_wins() -> None:
    r = fit(history(), MODEL, window=100_000, max_output_tokens=500, target="openai", now=BEFORE)
    body = translate(r.messages, "openai", model=MODEL, now=AFTER).body
    assert '"audio_abc123"' not in json.dumps(body)


def test_the_moment_survives_a_copy_and_a_pickle() -> None:
    r = fit(history(), MODEL, window=100_000, max_output_tokens=500, target="openai", now=BEFORE)
    for kept in (
        copy.copy(r.messages),
        copy.deepcopy(r.messages),
        pickle.loads(pickle.dumps(r.messages)),
    ):
        assert kept == r.messages and kept.now == BEFORE  # type: ignore[attr-defined]

"""A history that fits whole is fitted without pinning earlier requests (``_fits_whole``):
what is sent and reported is what the pinning would have given, but the cut: with nothing
dropped it is reported at 0, where the pinning put it after the leading pinned requests."""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import FitOptions, Fitter, fit
from contextledger.fit import fitter as fitter_module
from contextledger.providers import read_messages
from test_fit_steering_lazy import MODEL, build, options, turns


def outcome(fitted: object) -> str:
    """What ``fitted()`` sends and reports (the cut left out when nothing was dropped), or
    the error it raises."""
    assert callable(fitted)
    try:
        result = fitted()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    seen = repr((result.messages, result.report))
    if not result.report.dropped:
        seen = re.sub(r"cut_index=\d+", "cut_index=?", seen)
    return seen


def with_and_without_the_check(
    monkeypatch: pytest.MonkeyPatch, run: object
) -> tuple[object, object]:
    assert callable(run)
    checked = run()
    with monkeypatch.context() as patched:
        patched.setattr(fitter_module, "_fits_whole", lambda index, room: False)  # always pin
        pinned = run()
    return checked, pinned


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(turns, options, st.sampled_from([3000, 12000, 64000]), st.booleans())
def test_a_fit_that_keeps_everything_sends_what_the_pinning_sends(
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

    checked, pinned = with_and_without_the_check(monkeypatch, run)
    assert checked == pinned


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(turns, turns, options, st.sampled_from([6000, 64000]), st.integers(0, 30))
def test_a_refit_that_outgrows_the_window_sends_what_the_pinning_sends(
    monkeypatch: pytest.MonkeyPatch,
    first: list[tuple[str, int, str]],
    more: list[tuple[str, int, str]],
    opts: dict[str, int],
    window: int,
    edit_at: int,
) -> None:
    """A Fitter fed the app's own list, appended to until it may no longer fit whole, then
    an earlier request edited in place."""
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

    checked, pinned = with_and_without_the_check(monkeypatch, run)
    assert checked == pinned


def test_a_refit_of_a_long_chat_that_fits_whole_sends_what_the_pinning_sends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hundreds of tiny turns (more units than the check prices): refits after appends, an
    earlier message edited in place, then appends past the window."""
    chat = [{"role": "system", "content": "Voice assistant."}]
    for i in range(450):
        chat.append({"role": "user", "content": ["ok", "next", "louder", "what?"][i % 4] + f" {i}"})
        chat.append({"role": "assistant", "content": f"Done ({i})."})

    def run() -> list[str]:
        msgs = copy.deepcopy(chat)
        fitter = Fitter(MODEL, window=12_000, max_output_tokens=200)
        seen = [outcome(lambda: fitter.fit(msgs))]
        for i in range(6):
            msgs.append({"role": "user", "content": f"play song {i}"})
            seen.append(outcome(lambda: fitter.fit(msgs)))
        msgs[5]["content"] = "Never play jazz again, whatever I say later."
        seen.append(outcome(lambda: fitter.fit(msgs)))
        for i in range(300):
            msgs.append({"role": "assistant", "content": f"Playing track {i} of the album now."})
            msgs.append({"role": "user", "content": f"and then track {i + 1}, louder"})
            if i % 50 == 0:
                seen.append(outcome(lambda: fitter.fit(msgs)))
        return seen

    checked, pinned = with_and_without_the_check(monkeypatch, run)
    assert checked == pinned
    assert "dropped" in checked[-1]  # (it outgrew the window: the pinning decided then)


@pytest.mark.parametrize("opening", ["Please build me a playlist of calm piano music.", "Tune it."])
@pytest.mark.parametrize("turns_after", [75, 96, 117])
def test_a_fit_that_drops_nothing_reports_no_request_pinned(
    monkeypatch: pytest.MonkeyPatch, opening: str, turns_after: int
) -> None:
    """A history that fits the window but not the window less the pins' cap: the pinning
    kept the opening task before the cut and reported it pinned, where the whole-fit path
    (and so a refit that had priced every turn) reported nothing pinned. Nothing was
    dropped, so no request was sent only because it was pinned."""
    chat = [{"role": "system", "content": "Voice assistant."}, {"role": "user", "content": opening}]
    for i in range(turns_after):
        chat.append({"role": "assistant", "content": f"Done ({i}). Playing something calm now."})
        chat.append({"role": "user", "content": ["ok", "next", "louder", "what?"][i % 4] + f" {i}"})

    def run() -> list[str]:
        once = fit(copy.deepcopy(chat), MODEL, window=3000, max_output_tokens=200)
        assert not once.report.dropped and once.report.pinned == ()
        fitter = Fitter(MODEL, window=3000, max_output_tokens=200)
        msgs = copy.deepcopy(chat)
        fitter.fit(msgs[:-2])
        return [outcome(lambda: once), outcome(lambda: fitter.fit(msgs))]

    checked, pinned = with_and_without_the_check(monkeypatch, run)
    assert checked == pinned
    assert isinstance(checked, list) and checked[0] == checked[1]  # (a refit sends a fit's)

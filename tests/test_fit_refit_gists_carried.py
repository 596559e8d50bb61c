"""A refit whose gist candidates stand (the scan carried) and whose earlier requests pinned
are the same pins the same gists without walking the candidates again (speed91); what it
sends is still what a one-shot fit sends, when a new request or answer is appended (the
earlier requests pinned change), when the window changes (the gists' cap), and when calls
keep coming."""

from __future__ import annotations

import copy

import pytest

from builders import MODELS_BY_FORMAT, as_app_holds
from contextledger.fit import Fitter, fit
from test_fit_refit_agent_pins import RESERVE, _appended, _failing_agent
from test_fit_refit_invariant import _decisions


@pytest.mark.parametrize("fmt", ["openai", "anthropic"])
@pytest.mark.parametrize("window", [3_000, 6_000])
def test_gists_pinned_again_by_a_refit_are_a_one_shot_fits(fmt: str, window: int) -> None:
    body, items = as_app_holds(fmt, _failing_agent(40))
    model = MODELS_BY_FORMAT[fmt]
    fitter = Fitter(model, window=window, max_output_tokens=RESERVE)
    assert "KeyError" in repr(fitter.fit(body).messages)  # (failures' gists are pinned)
    for t in range(6):
        if t == 3:  # the user asks again: the earlier requests pinned move on
            items.extend(as_app_holds(fmt, [{"role": "user", "content": "Rerun job 7 too."}])[1])
        else:
            items.extend(_appended(fmt, t))
        got = fitter.fit(body)
        want = fit(copy.deepcopy(body), model, window=window, max_output_tokens=RESERVE)
        assert _decisions(got) == _decisions(want), (fmt, window, t)

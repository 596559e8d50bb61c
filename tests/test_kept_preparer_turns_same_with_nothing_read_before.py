"""A kept Preparer fed the app's growing list of dicts, one user turn and its tool loop at a
time (and now and then an earlier message edited), sends each turn what it sends when the
process has read nothing before that turn, and a one-shot ``prepare`` of the same list
what it sends in a fresh process: the same body, report and recap. What the library keeps
from one turn to the next (its readings of the record's unchanged messages, kept by their
text) changes no request. (A kept Preparer's recap extends its last one, so its report
names other recaps than a one-shot's: that is compared elsewhere.)"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import chat_exchange, forget_readings
from contextledger.prepare import Prepared, Preparer, prepare

# user turns in Latvian, Icelandic, Malay and Turkish: a request, a rule, a correction
_ASKS = [
    "Noskaidro, kāpēc payments-api krīt uz porta {port}; neaiztiec infra/prod/.",
    "Keyrðu `make test` aftur og segðu hvað bilar í src/pay/m{k}.py.",
    "Bukan {old}, gunakan versi 5.{k}.1 untuk pustaka itu.",
    "Asla `git push --force` kullanma; sadece tests/test_pay{k}.py çalıştır.",
]
_WINDOW = 4_000


def _log(k: int, failed: bool, lines: int) -> str:
    out = [f"tests/test_pay{k}.py::test_case_{i} PASSED" for i in range(lines)]
    if failed:
        out.append(f"FAILED tests/test_pay{k}.py::test_refund_{k} - AssertionError: {k} != 0")
    return "\n".join([*out, f"{int(failed)} failed, {lines} passed in 1.{k}s"])


def _turn(t: int, loop: int, fails: int) -> list[dict[str, Any]]:
    """User turn ``t`` and its tool loop: test runs (some failing) and file reads."""
    ask = _ASKS[t % len(_ASKS)].format(k=t, port=8000 + t, old=f"4.{t}.0")
    dicts: list[dict[str, Any]] = [{"role": "user", "content": ask}]
    for j in range(loop):
        k = 100 * t + j
        if j % 3 == 2:
            body = "\n".join(f"def refund_{k}_{i}(x): return x * {i}" for i in range(25))
            dicts += chat_exchange(f"c{k}", "read_file", {"path": f"src/pay/m{k}.py"}, body)
        else:
            log = _log(k, failed=(j + fails) % 4 == 0, lines=8 + j)
            dicts += chat_exchange(
                f"c{k}", "shell", {"cmd": f"pytest -x tests/test_pay{k}.py"}, log
            )
    dicts.append({"role": "assistant", "content": f"Turn {t}: ran tests/test_pay{t}.py again."})
    return dicts


def _sent(out: Prepared) -> str:
    """What a turn sends and says: its body, its report and its recap's text."""
    recap = out.event.recap.text if out.event is not None else None
    return json.dumps([out.body, out.report.to_dict(), recap], sort_keys=True, ensure_ascii=False)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    loops=st.lists(st.integers(5, 12), min_size=4, max_size=5),
    fails=st.integers(0, 3),
    edit_at=st.one_of(st.none(), st.integers(2, 3)),
)
def test_each_kept_turn_sends_what_it_sends_with_nothing_read_before(
    loops: list[int], fails: int, edit_at: int | None
) -> None:
    forget_readings()
    app: list[dict[str, Any]] = [{"role": "system", "content": "You are a payments agent."}]
    warm = Preparer("gpt-4o", window=_WINDOW, compaction=True)
    cold = Preparer("gpt-4o", window=_WINDOW, compaction=True)
    recaps = 0
    for t, loop in enumerate(loops):
        if t == edit_at:  # the app rewrites its first request: the record is not only longer
            app[1] = {**app[1], "content": app[1]["content"] + " Arī infra/stage/."}
        app = [*app, *_turn(t, loop, fails)]
        kept = warm.prepare(app)
        forget_readings()  # a fresh process: nothing read before, by the library or the app
        assert _sent(kept) == _sent(cold.prepare(app)), f"turn {t}"
        one_shot = prepare(app, "gpt-4o", window=_WINDOW, compaction=True)
        forget_readings()
        assert _sent(one_shot) == _sent(prepare(app, "gpt-4o", window=_WINDOW, compaction=True))
        recaps += kept.event is not None
    assert recaps  # the turns did compact

"""The old tool facts a fit keeps as gists at 8k are the same whatever the model counts:
searches run (``rg``, ``grep -rn``), commands with dated arguments, failing tests named in
a run's output and files written (issue #14: claude and gemini at 8k kept 39-41 of 51
facts where gpt-4o kept 49; their counts of the same gist lines are ~1.6x gpt-4o's, so the
same cap held fewer lines, and a search was never gisted at all)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from builders import chat_exchange, data_url, png
from contextledger import fit
from contextledger.fit.gists import GIST_SAMPLE, GIST_SAMPLE_TOKENS, gist_cap, gist_room
from contextledger.pricing.messages import Pricer
from contextledger.providers import translate

SEARCHES = [
    "rg -n 'SELECT .* FOR NO KEY UPDATE' src/ --type py",
    "grep -rn 'payout_reference' migrations/ --include='*.sql'",
]
COMMANDS = [
    "python -m kasa.rebuild_index --from 2026-09-14 --to 2026-09-21 --shard 3",
    "docker compose -f ops/compose.staging.yml run --rm liquibase --changelog-file=db/main.xml status",
    "kubectl -n kasa-prod rollout restart deploy/kasa-worker --context=pl-prod-2026-09",
]
FAILING = [
    "tests/test_kasa_payouts.py::test_weekend_cutoff_moves_to_monday",
    "tests/test_kasa_fx.py::test_rounding_uses_bankers_rule",
    "tests/integration/test_kasa_queue.py::test_poison_message_parks_after_three",
]
WRITTEN = ["src/kasa/payout_window.py", "deploy/kasa/cron-weekly.yaml", "docs/kasa-cutover.md"]
FACTS = [*SEARCHES, *COMMANDS, *FAILING, *WRITTEN]
TARGET = {"gpt-4o": "openai", "claude-sonnet-4-5": "anthropic", "gemini-2.5-flash": "gemini"}


def _run(k: int, rng: random.Random, failing: str | None = None) -> str:
    lines = [f"tests/test_m{k}.py::test_case_{i} PASSED" for i in range(rng.randint(6, 20))]
    if failing is not None:
        lines.append(f"FAILED {failing} - AssertionError: assert 3 == 4")
    lines.append(f"==== {int(failing is not None)} failed, {len(lines)} passed in 4.1s ====")
    return "\n".join(lines)


def _session(dicts: int = 900) -> list[dict[str, Any]]:
    """A coding agent's session in Polish: the task, then ~40 turns of reads and passing
    runs; the facts each once, in the first half; a screenshot now and then."""
    rng = random.Random(7)
    planted: list[tuple[str, str]] = [("search", c) for c in SEARCHES]
    planted += [("run", c) for c in COMMANDS] + [("fail", t) for t in FAILING]
    planted += [("write", p) for p in WRITTEN]
    rng.shuffle(planted)
    out: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent with a shell."},
        {"role": "user", "content": "Przenieś wypłaty kasy na nowe okno rozliczeń, bez przestoju."},
    ]
    k = 0
    turn = 0
    while len(out) < dicts:
        turn += 1
        shot = [{"type": "text", "text": "Zobacz ten zrzut ekranu, co tam widać?"},
                {"type": "image_url", "image_url": {"url": data_url(png(8, 8))}}]  # fmt: skip
        out.append({"role": "user", "content": shot if turn % 6 == 0 else "Dobrze, dalej."})
        for _ in range(rng.randint(6, 14)):
            k += 1
            if planted and k % 12 == 5 and len(out) < dicts // 2:
                kind, fact = planted.pop()
                if kind == "write":
                    out += chat_exchange(f"c{k}", "write_file", {"path": fact, "content": "X = 1\n"},
                                         f"wrote {fact}")  # fmt: skip
                elif kind == "fail":
                    command = f"pytest {fact.split('::')[0]} -q"
                    out += chat_exchange(f"c{k}", "bash", {"command": command}, _run(k, rng, fact))
                else:
                    out += chat_exchange(f"c{k}", "bash", {"command": fact}, "a.py:3: hit\nok")
            elif rng.random() < 0.6:
                body = "\n".join(f"def f{k}_{i}(x):\n    return x * {i}" for i in range(12))
                out += chat_exchange(f"c{k}", "read_file", {"path": f"src/kasa/m{k}.py"}, body)
            else:
                out += chat_exchange(f"c{k}", "bash", {"command": f"pytest tests/test_m{k}.py"},
                                     _run(k, rng))  # fmt: skip
        out.append({"role": "assistant", "content": f"Krok {turn} gotowy."})
    assert not planted
    return out


@pytest.mark.parametrize("model", ["claude-sonnet-4-5", "gemini-2.5-flash", "gpt-4o"])
def test_old_searches_commands_failures_and_writes_survive_as_gists_at_8k(model: str) -> None:
    res = fit(_session(), model, window=8_000, max_output_tokens=1_000)
    body = translate(res.messages, TARGET[model], model=model).body  # (validated)
    sent = json.dumps(body, ensure_ascii=False)
    assert [f for f in FACTS if json.dumps(f)[1:-1] not in sent] == []
    assert res.report.used <= res.report.budget


def test_the_gists_room_is_the_cap_in_the_models_own_count() -> None:
    # (the reference is gpt-4o's count of the sample: its room is the cap, unchanged)
    assert Pricer.for_model("gpt-4o").text(GIST_SAMPLE) == GIST_SAMPLE_TOKENS
    claude = Pricer.for_model("claude-sonnet-4-5").text(GIST_SAMPLE)
    for budget in (3_000, 7_000, 15_000, 31_000, 127_000):
        assert gist_room(budget, GIST_SAMPLE_TOKENS) == gist_cap(budget)
        assert gist_cap(budget) < gist_room(budget, claude) <= 2 * gist_cap(budget)
        assert gist_room(budget, 1) == gist_cap(budget)  # (never less)


def test_a_search_said_again_and_again_is_no_gist_but_one_run_once_is() -> None:
    dicts: list[dict[str, Any]] = [{"role": "user", "content": "Napraw raport wypłat."}]
    for k in range(60):
        dicts.append({"role": "user", "content": "Dobrze, dalej."})
        command = SEARCHES[1] if k == 3 else f"grep -rn 'step_{k}' src/kasa/"
        log = "\n".join(f"src/kasa/m{i}.py:{i}: step_{k} = compute(row)" for i in range(40))
        dicts += chat_exchange(f"c{k}", "bash", {"command": command}, log)
        dicts.append({"role": "assistant", "content": "Sprawdzone."})
    dicts.append({"role": "user", "content": "Dobrze, dalej."})
    res = fit(dicts, "claude-sonnet-4-5", window=8_000, max_output_tokens=1_000)
    gists = "\n".join(m.text for m in res.messages if m.id.startswith("gist-"))
    assert SEARCHES[1] in gists
    assert "grep -rn 'step_1' src/kasa/" not in gists

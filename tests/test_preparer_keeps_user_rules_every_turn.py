"""A Preparer kept across turns (as ``contextledger serve`` keeps one) never knows less of
what the user ruled than a one-shot ``prepare`` of the same history: the user's rules and
corrections, once in the view, stay in it on every turn after, whatever language they are
said in and wherever the turns are cut (issue #14: a kept Preparer lost a correction that
a fresh one held, when the recapped turns shown beside its recap left the view)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.prepare import Preparer, prepare

WINDOW = 8_000
OUTPUT = 1_000

# (goal, rule, correction, a request of the user's between tool loops), each language's
SAID = {
    "polish": (
        "Przenieś usługę raportów na Postgres 16 bez przestojów.",
        "Nigdy nie ruszaj katalogu `src/placowy7/` w tej zmianie.",
        "Poprawka: używaj `redis-41`, nie memcached, pomyliłem się.",
        "Sprawdź jeszcze pulę połączeń w module {n} i napisz, co znalazłeś.",
    ),
    "korean": (
        "보고 서비스를 중단 없이 Postgres 16으로 옮겨 주세요.",
        "이번 변경에서는 `src/placowy7/` 폴더를 절대 건드리지 마세요.",
        "정정합니다: memcached가 아니라 `redis-41`을 쓰세요. 제가 틀렸어요.",
        "모듈 {n}의 연결 풀도 확인하고 찾은 내용을 알려 주세요.",
    ),
}
FACTS = ("src/placowy7/", "redis-41")


def _output(rng: random.Random, turn: int, k: int) -> str:
    lines = rng.choice([3, 10, 30, 60, 120])
    return "".join(
        f"mod{turn}/f{k}.py:{i}: pool.get(timeout={rng.randrange(99)})\n" for i in range(lines)
    )


def grown_session(language: str, seed: int, turns: int) -> list[list[dict[str, Any]]]:
    """What the app appends for each user turn: the user's words, a tool loop of varying
    length, the agent's reply. The rule and the correction are said mid-session, beside
    a request."""
    goal, rule, correction, ask = SAID[language]
    rng = random.Random(seed)
    said_at = {3: rule, 6: correction}
    out: list[list[dict[str, Any]]] = [[{"role": "system", "content": "You are an ops agent."}]]
    for turn in range(turns):
        text = goal if turn == 0 else ask.format(n=turn)
        if turn in said_at:
            text = f"{text} {said_at[turn]}"
        step: list[dict[str, Any]] = [{"role": "user", "content": text}]
        for k in range(rng.choice([2, 6, 12])):
            cid = f"c{turn}_{k}"
            step.append(
                openai_tool_call(cid, "shell", {"command": f"grep -rn pool src/mod{turn}/"})
            )
            step.append(openai_tool_result(cid, _output(rng, turn, k)))
        step.append({"role": "assistant", "content": f"Step {turn} done."})
        out.append(step)
    return out


def _held(body: dict[str, Any]) -> set[str]:
    text = json.dumps(body, ensure_ascii=False)
    return {fact for fact in FACTS if fact in text}


@pytest.mark.parametrize(("language", "seed"), [("polish", 3), ("korean", 5)])
def test_the_users_rule_and_correction_stay_in_view_on_every_turn(language: str, seed: int) -> None:
    preparer = Preparer("gpt-4o", window=WINDOW, max_output_tokens=OUTPUT, compaction=True)
    history: list[dict[str, Any]] = []
    seen: set[str] = set()
    recapped = 0
    for turn, step in enumerate(grown_session(language, seed, 13)):
        history = history + step
        prepared = preparer.prepare(list(history))
        recapped += any(n.kind == "compaction" for n in prepared.report.notices)
        held = _held(prepared.body)
        assert seen <= held, f"turn {turn}: {sorted(seen - held)} left the view"
        seen |= held
    assert seen == set(FACTS)
    assert recapped >= 2  # (recaps made, and extended, on the way)
    fresh = prepare(
        list(history), "gpt-4o", window=WINDOW, max_output_tokens=OUTPUT, compaction=True
    )
    assert _held(fresh.body) <= seen


# (the task, then the user's rules and corrections, each said once, in its own turn)
RULED = {
    "polish": (
        "Przenieś usługę raportów na Postgres 16 bez przestojów.",
        "Nigdy nie ruszaj katalogu `src/placowy7/` w tej zmianie.",
        "Poprawka: używaj `redis-41`, nie memcached, pomyliłem się.",
        "Wersję `grpcio` trzymaj na `1.62.1`, bez aktualizacji.",
        "Za wdrożenia odpowiada Marek Zieliński, pytaj go o zgodę.",
        "Limit czasu ma być 153 sekundy, nie więcej.",
        "Najpierw uruchom `./scripts/drain.sh --node w3`, potem resztę.",
        "Po skończeniu napisz krótko na kanale `#kiosk-deploys`.",
    ),
    "korean": (
        "보고 서비스를 중단 없이 Postgres 16으로 옮겨 주세요.",
        "이번 변경에서는 `src/placowy7/` 폴더를 절대 건드리지 마세요.",
        "정정합니다: memcached가 아니라 `redis-41`을 쓰세요. 제가 틀렸어요.",
        "`grpcio` 버전은 `1.62.1`로 유지하고 올리지 마세요.",
        "배포 책임자는 Marek Zieliński입니다. 그에게 승인받으세요.",
        "타임아웃은 153초로, 그 이상은 안 됩니다.",
        "먼저 `./scripts/drain.sh --node w3`를 실행하고 나머지를 하세요.",
        "끝나면 `#kiosk-deploys` 채널에 짧게 알려 주세요.",
    ),
}
# (a turn of the user's between them: a question and a pasted log)
ASKED = {"polish": "Jaki jest teraz stan?", "korean": "지금 상황은 어떤가요?"}


def ruled_session(language: str, seed: int, turns: int) -> list[list[dict[str, Any]]]:
    """What the app appends for each user turn: the user's words, a loop of 20-40 file
    reads, the agent's reply; the rules said in the first half, the turns between them
    a question with a log pasted under it (the recap fills its cap with the reads)."""
    rng = random.Random(seed)
    ruled = RULED[language]
    said_at = dict(
        zip([0, *sorted(rng.sample(range(1, turns // 2), len(ruled) - 1))], ruled, strict=True)
    )
    out: list[list[dict[str, Any]]] = [[{"role": "system", "content": "You are an ops agent."}]]
    for turn in range(turns):
        log = "".join(
            f"kioskd[{rng.randrange(9999)}] WARN lag={rng.randrange(999)}ms\n" for _ in range(40)
        )
        step: list[dict[str, Any]] = [
            {"role": "user", "content": said_at.get(turn, f"{ASKED[language]}\n{log}")}
        ]
        for k in range(rng.choice([20, 30, 40])):
            cid, path = f"c{turn}_{k}", f"src/mod{turn}/f{k}_{rng.randrange(999)}.py"
            lines = rng.choice([3, 10, 30, 60])
            step.append(openai_tool_call(cid, "read_file", {"path": path}))
            step.append(
                openai_tool_result(
                    cid,
                    "".join(
                        f"{path}:{i}: pool.get(timeout={rng.randrange(99)})\n" for i in range(lines)
                    ),
                )
            )
        step.append({"role": "assistant", "content": f"Step {turn} done."})
        out.append(step)
    return out


@pytest.mark.parametrize(("language", "seed"), [("polish", 3), ("korean", 4)])
def test_a_kept_preparer_keeps_the_rules_a_one_shot_prepare_keeps_in_the_users_words(
    language: str, seed: int
) -> None:
    """The recap a kept Preparer extends takes the place of the one in view: the window
    beside it is the same as a one-shot prepare's, so the user's rules that a one-shot
    prepare of the same history keeps verbatim are not recapped away (the room of the
    recap in view was counted with the new one's: 8 of 8 rules kept verbatim one-shot,
    none by the kept Preparer)."""
    preparer = Preparer("gpt-4o", window=WINDOW, max_output_tokens=OUTPUT, compaction=True)
    history: list[dict[str, Any]] = []
    for step in ruled_session(language, seed, 17):
        history = history + step
        kept = preparer.prepare(list(history))
    fresh = prepare(
        list(history), "gpt-4o", window=WINDOW, max_output_tokens=OUTPUT, compaction=True
    )

    def rules_in_own_words(messages: tuple[Any, ...]) -> set[str]:
        return {m.text for m in messages if m.role == "user" and m.text in RULED[language]}

    assert rules_in_own_words(fresh.messages)  # (the one-shot keeps some verbatim)
    assert rules_in_own_words(fresh.messages) <= rules_in_own_words(kept.messages)
    assert kept.report.used <= kept.report.budget

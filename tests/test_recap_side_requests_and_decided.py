"""A request the user adds on ("… too?", "… as well.", "最後に…してください。") stays open when
the assistant only answers "OK.", and "…ことにしました" is a decision (recap35 set A: the
spreadsheet and Node sessions' open requests and a Japanese decision left the recap)."""

from __future__ import annotations

import pytest

from contextledger.compaction.digest import digest, render_digest
from contextledger.providers import read_messages


def _recap(*turns: tuple[str, str]) -> str:
    dicts = [{"role": r, "content": t} for r, t in turns]
    return render_digest(digest(read_messages([*dicts, {"role": "user", "content": "ok"}])), 4800)


def _section(recap: str, name: str) -> str:
    return recap.split(f"{name}:", 1)[1] if f"{name}:" in recap else ""


@pytest.mark.parametrize(
    "ask",
    [
        "Could you add a health endpoint too?",
        "Please write a migration note as well.",
        "最後にグラフも追加してください。",
    ],
)
def test_a_request_added_on_stays_open_after_an_ok(ask: str) -> None:
    recap = _recap(
        ("user", "Move the sync worker to a Node service."),
        ("assistant", "OK."),
        ("user", ask),
        ("assistant", "OK."),
    )
    assert ask in _section(recap, "Open requests")


@pytest.mark.parametrize("said", ["Is the cache broken too?", "I like that one too."])
def test_a_question_or_remark_ending_in_too_is_no_request(said: str) -> None:
    recap = _recap(
        ("user", "Move the sync worker to a Node service."),
        ("assistant", "OK."),
        ("user", said),
        ("assistant", "OK."),
    )
    assert said not in _section(recap, "Open requests")


def test_kotoni_shimashita_is_a_decision() -> None:
    said = "予算の閾値は部署ごとに別シートから読むことにしました。"
    recap = _recap(("user", "経費を集計してください。"), ("assistant", said))
    assert said in _section(recap, "Decisions")
    asked = "予算の閾値は別シートから読むことにしましたか？"
    recap = _recap(("user", "経費を集計してください。"), ("assistant", asked))
    assert asked not in _section(recap, "Decisions")

"""An app that keeps one Preparer and an app restarted on every turn (a one-shot ``prepare``
of the same list) send the same request: the same body and recap, turn after turn, while a
long agent session (the task, a rule and a correction said first, then chit-chat and nudges
between tool loops) is compacted again and again. A chit-chat turn the user says every few
turns ("back from the meeting, where were we?") is never pinned ahead of the recent turns
in either: a recap that once left it in view (pinned while it had been said only once)
did not keep it there for good, and the recap that covers it later does not file it as an
open request a one-shot recap never lists."""

from __future__ import annotations

import json
from typing import Any

import pytest

from builders import chat_exchange
from contextledger.prepare import Prepared, Preparer, prepare

# Swahili, Turkish and Vietnamese: the task, a rule, a correction; chit-chat; nudges
_TASK = "Hamisha huduma ya malipo kutoka MySQL 5.7 kwenda MariaDB 11.4 bila kusimamisha wateja."
_RULE = "Usiguse kabisa folda ya infra/legacy-dc/, ni kazi ya timu nyingine."
_CORRECTION = "Samahani, nilikosea mwanzoni — si port 7070, tumia port 8443."
_CHIT = {
    "sw": "Nimerudi kutoka mkutanoni, tulikuwa wapi?",
    "tr": "Toplantıdan döndüm, nerede kalmıştık bakalım?",
    "vi": "Tôi vừa họp xong, chúng ta đang ở đâu rồi?",
}
_NUDGES = ["Sawa, endelea.", "Tamam, devam et.", "Được, tiếp tục."]
_WINDOW = 4_000


def _turn(t: int, chit: str, loop: int) -> list[dict[str, Any]]:
    """User turn ``t`` (chit-chat every other turn after the first three) and its tool loop."""
    opening = (_TASK, _RULE, _CORRECTION)
    said = opening[t] if t < len(opening) else chit if t % 2 else _NUDGES[t % len(_NUDGES)]
    dicts: list[dict[str, Any]] = [{"role": "user", "content": said}]
    for j in range(loop):
        k = 100 * t + j
        code = "\n".join(f"def pay_{k}_{i}(x): return x * {i}" for i in range(30))
        dicts += chat_exchange(f"c{k}", "read_file", {"path": f"src/pay/m{k}.py"}, code)
    dicts.append({"role": "assistant", "content": f"Step {t}: read src/pay/m{100 * t}.py."})
    return dicts


def _sent(out: Prepared) -> str:
    """What a turn sends: its body and its recap's text (the report names the recap a kept
    Preparer extends, which a one-shot's does not)."""
    recap = out.event.recap.text if out.event is not None else None
    return json.dumps([out.body, recap], sort_keys=True, ensure_ascii=False)


def _pinned(out: Prepared, said: str) -> bool:
    """Whether a user turn saying ``said`` is sent from before the run of recent turns (the
    turn of the first assistant or tool message sent)."""
    sent = {m.id for m in out.messages}
    record = out.conversation.record
    first = next(i for i, m in enumerate(record) if m.id in sent and m.role != "user" and i)
    while first and record[first - 1].role != "user":
        first -= 1
    return any(m.id in sent and m.text == said for m in record[: max(0, first - 1)])


@pytest.mark.parametrize(("lang", "loop"), [("sw", 6), ("tr", 5), ("vi", 7)])
def test_a_kept_preparer_sends_what_a_restarted_app_sends(lang: str, loop: int) -> None:
    app: list[dict[str, Any]] = [{"role": "system", "content": "You are a payments agent."}]
    kept = Preparer("gpt-4o", window=_WINDOW, compaction=True)
    recaps = 0
    for t in range(14):
        app = [*app, *_turn(t, _CHIT[lang], loop)]
        turn = kept.prepare(app)
        restarted = prepare(app, "gpt-4o", window=_WINDOW, compaction=True)
        assert _sent(turn) == _sent(restarted), f"turn {t}"
        recaps += turn.event is not None
    assert recaps > 3  # the session was compacted again and again


@pytest.mark.parametrize("lang", sorted(_CHIT))
def test_chit_chat_said_every_few_turns_is_never_pinned(lang: str) -> None:
    app: list[dict[str, Any]] = [{"role": "system", "content": "You are a payments agent."}]
    kept = Preparer("gpt-4o", window=_WINDOW, compaction=True)
    for t in range(14):
        app = [*app, *_turn(t, _CHIT[lang], 6)]
        for out in (kept.prepare(app), prepare(app, "gpt-4o", window=_WINDOW, compaction=True)):
            assert not _pinned(out, _CHIT[lang]), f"turn {t}"
            sent = _sent(out)  # (what the chit-chat would have displaced is sent)
            assert all(said in sent for said in (_TASK, _RULE, _CORRECTION)[: t + 1])

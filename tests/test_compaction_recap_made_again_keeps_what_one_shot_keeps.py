"""A recap made again over a longer record (a kept Preparer's, turn after turn) keeps every
command, file written and failing test a one-shot recap of the same record keeps, and what
its previous recap said unless the record later made it moot (issue #14: a kept Preparer
lost a `rg -n '…' src/ --type py` a one-shot prepare of the same list keeps)."""

from __future__ import annotations

import json
from typing import Any

from builders import chat_exchange
from contextledger.compaction.conversation import Conversation
from contextledger.compaction.policy import CompactionPolicy
from contextledger.compaction.summarizers import OfflineSummarizer
from contextledger.model import Message
from contextledger.prepare import Preparer, prepare
from contextledger.providers import read_messages

# user turns in English, Welsh, Lithuanian and Basque
_ASKS = [
    "Find out why {svc} will not start on port {port}.",
    "Trwsiwch y profion yn {path} nes eu bod yn pasio.",
    "Pakartok testus ir pasakyk, ką matai.",
    "Begiratu {svc} zerbitzuaren logak eta esan arazoa.",
]
_SERVICES = ["orders-api", "billing-worker", "fx-feed", "auth-gate"]


def _session(turns: int) -> tuple[list[dict[str, Any]], list[str], list[int]]:
    """An ops agent's session: per user turn a search with a quoted argument, a file
    written, every other turn a failing test, then reads and log look-arounds. Returns the
    dicts, the facts (commands, paths written, failing tests) and where each turn starts."""
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You are an ops agent."}]
    facts: list[str] = []
    starts: list[int] = []
    for t in range(turns):
        svc = _SERVICES[t % 4]
        mod = f"{svc.replace('-', '_')}_{t}"
        tests = f"tests/{mod}/test_flow.py"
        starts.append(len(dicts))
        ask = _ASKS[t % 4].format(svc=svc, port=8000 + t, path=tests)
        dicts.append({"role": "user", "content": ask})
        search = f"rg -n 'FOR UPDATE SKIP LOCKED' src/{mod}/ --type py"
        found = f"src/{mod}/repo.py:{10 + t}: cur.execute('... FOR UPDATE SKIP LOCKED')"
        dicts += chat_exchange(f"a{t}", "shell", {"cmd": search}, found)
        written = f"src/{mod}/guard.py"
        dicts += chat_exchange(
            f"b{t}", "write_file", {"path": written, "content": "x = 1\n"}, f"wrote {written}"
        )
        facts += [search, written]
        if t % 2 == 0:
            test = f"test_{mod}_retries"
            log = f"FAILED {tests}::{test} - AssertionError: 3 != {t}\n1 failed, 4 passed in 1.2s"
            dicts += chat_exchange(f"c{t}", "shell", {"cmd": f"pytest -q {tests}"}, log)
            facts.append(test)
        for j in range(4):
            code = "\n".join(f"def h{i}(): return {i}" for i in range(25))
            dicts += chat_exchange(f"r{t}{j}", "read_file", {"path": f"src/{mod}/h{j}.py"}, code)
            logs = "\n".join(f"INFO {svc} req={i} ok" for i in range(12))
            tail = {"cmd": f"kubectl logs deploy/{svc} --tail={50 + j}"}
            dicts += chat_exchange(f"l{t}{j}", "shell", tail, logs)
        dicts.append({"role": "assistant", "content": f"Step {t} done."})
    return dicts, facts, starts


def _recap(conversation: Conversation) -> str:
    latest = conversation.latest
    assert latest is not None
    return latest.recap_text


def _compacted(
    record: list[Message], events: Conversation, keep: int, window: int | None = None
) -> Conversation:
    """``record`` recapped but for its last ``keep`` messages, extending ``events``' recaps
    (within 2,000 bytes, or the recap's share of ``window``)."""
    outcome = Conversation(tuple(record), events.events).compact(
        OfflineSummarizer(),
        CompactionPolicy(),
        window=window,
        force=True,
        keep_ids={m.id for m in record[-keep:]},
    )
    assert outcome.status == "compacted"
    return outcome.conversation


def test_a_recap_made_again_turn_by_turn_keeps_every_fact_a_one_shot_recap_keeps() -> None:
    dicts, facts, starts = _session(turns=7)
    kept = Conversation.from_messages(())
    for at in [*starts[3:], len(dicts)]:
        record = list(read_messages(dicts[:at]))
        kept = _compacted(record, kept, keep=6)  # (a 2,000-byte recap: not every fact fits)
        again, once = _recap(kept), _recap(_compacted(record, Conversation(()), keep=6))
        assert [f for f in facts if f in once and f not in again] == []
        assert "more in the record)" in again  # what it left out for room is counted


def test_a_recap_made_again_keeps_the_previous_recaps_facts_unless_fixed_later() -> None:
    dicts, facts, starts = _session(turns=3)
    first = list(read_messages(dicts[: starts[2]]))
    earlier = _compacted(first, Conversation(()), keep=4, window=8_000)
    # the first turn's failing test passes on a rerun, after every turn recapped before
    fixed = "tests/orders_api_0/test_flow.py"
    rerun = chat_exchange("z", "shell", {"cmd": f"pytest -q {fixed}"}, "5 passed in 1.1s")
    then = [{"role": "assistant", "content": "It passes now."}, {"role": "user", "content": "Ok."}]
    record = list(read_messages([*dicts, *rerun, *then]))
    later = _compacted(record, earlier, keep=1, window=8_000)  # (4,800 bytes)
    before, after = _recap(earlier), _recap(later)
    assert "FAILED tests/orders_api_0/test_flow.py" in before
    assert f"`pytest -q {fixed}`: passed on its last run" in after  # it passed since: said so
    assert [f for f in facts if f in before and f not in after] == []


def _view(body: dict[str, Any]) -> str:
    return json.dumps(body, ensure_ascii=False).replace('\\"', '"')


def test_a_kept_preparer_keeps_every_fact_a_one_shot_prepare_of_the_same_list_keeps() -> None:
    dicts, facts, starts = _session(turns=7)
    preparer = Preparer("gpt-4o", window=4_000, max_output_tokens=500)
    for at in [*starts[2:], len(dicts)]:
        kept = _view(preparer.prepare(dicts[:at]).body)
        once = _view(prepare(dicts[:at], "gpt-4o", window=4_000, max_output_tokens=500).body)
        assert [f for f in facts if f in once and f not in kept] == []

"""RepairMemo gives exactly what repair() gives, turn after turn, on clean and broken histories."""

from __future__ import annotations

import random

from contextledger.model import Message, Text, ToolCall, ToolResult
from contextledger.repair import RepairMemo, repair


def _turn(rng: random.Random, k: int, used: list[str]) -> list[Message]:
    """One turn of an agent, sometimes broken the ways restored sessions are."""
    out = [Message.user(f"step {k}", id=f"u{k}")]
    kind = rng.random()
    if kind < 0.5:
        cid = f"c{k}"
        if rng.random() < 0.05 and used:
            cid = rng.choice(used)  # a reused call id
        used.append(cid)
        out.append(Message.assistant(ToolCall(cid, "ls", "{}"), id=f"a{k}"))
        if rng.random() > 0.05:  # sometimes the result is missing (dangling call)
            out.append(Message("tool", (ToolResult(cid, ()),), id=f"t{k}"))
        out.append(Message.assistant(f"done {k}", id=f"b{k}"))
    elif kind < 0.55:
        out.append(Message("tool", (ToolResult(f"orphan{k}", ()),), id=f"o{k}"))  # orphan
    elif kind < 0.58:
        out.append(Message.assistant("dup", id=f"u{max(0, k - 3)}"))  # a reused message id
    elif kind < 0.6:
        out.append(Message.system("late system", id=f"s{k}"))
    else:
        out.append(Message.assistant(f"answer {k}", id=f"b{k}"))
    return out


def _agrees(memo: RepairMemo, record: list[Message], unchanged: int | None = None) -> bool:
    """Whether the memo repairs ``record`` as repair() does: the same messages, changes."""
    got, want = memo(tuple(record), unchanged=unchanged), repair(tuple(record))
    return (got.messages, got.changes) == (want.messages, want.changes)


def _fresh(seed: int) -> tuple[random.Random, RepairMemo, list[Message], list[str]]:
    """A seeded agent's start: its random source, a new memo, the system prompt, no call ids."""
    return random.Random(seed), RepairMemo(), [Message.system("sys", id="sys")], []


def test_memo_matches_repair_on_growing_histories() -> None:
    for seed in range(40):
        rng, memo, record, used = _fresh(seed)
        for k in range(60):
            record.extend(_turn(rng, k, used))
            assert _agrees(memo, record), (seed, k)


def test_memo_matches_repair_when_called_after_every_message() -> None:
    """An app that fits after each message it appends (the model's answer, a tool result,
    the next request): tails open with any role."""
    for seed in range(120):
        rng, memo, record, used = _fresh(seed)
        for k in range(40):
            for m in _turn(rng, k, used):
                record.append(m)
                got, want = memo(tuple(record)), repair(tuple(record))
                assert (got.messages, got.changes) == (want.messages, want.changes), (seed, k)


def test_memo_checks_only_the_tail_of_a_clean_history() -> None:
    memo = RepairMemo()
    record = [Message.user(f"q{k}", id=f"m{2 * k}") for k in range(1)]
    for k in range(200):
        record += [Message.assistant(f"a{k}", id=f"a{k}"), Message.user(f"q{k}", id=f"q{k}")]
        assert memo(tuple(record)).changes == ()
        # (kept up to the last turn: the next record repairs that turn and what follows only)
        assert memo._n == len(record) - 1


def test_memo_matches_repair_after_an_interrupted_call_turn_after_turn() -> None:
    """A call the user interrupted (no result) in a recent turn: every later turn is
    repaired from the memo (the history before is not read again), as repair() would."""
    record: list[Message] = [Message.system("sys", id="sys")]
    for k in range(30):
        record += [
            Message.user(f"q{k}", id=f"u{k}"),
            Message.assistant(ToolCall(f"c{k}", "ls", "{}"), id=f"a{k}"),
            Message("tool", (ToolResult(f"c{k}", ()),), id=f"t{k}"),
        ]
    record += [Message.user("go", id="ux"), Message.assistant(ToolCall("cx", "ls"), id="ax")]
    memo = RepairMemo()
    for k in range(12):
        record.append(Message.user(f"and then {k}", id=f"v{k}"))
        got, want = memo(tuple(record), unchanged=len(record) - 1 if k else None), repair(record)
        assert (got.messages, got.changes) == (want.messages, want.changes)
        assert [c.kind for c in got.changes] == ["synthesized_result"]
        record.append(Message.assistant(f"ok {k}", id=f"w{k}"))


def _edited(rng: random.Random, m: Message, k: int) -> list[Message]:
    """``m`` as an app changes an earlier message: its text edited, a call's id reused or
    its result taken away, or the message removed."""
    kind = rng.random()
    if kind < 0.2:
        return []
    if kind < 0.4 and m.role == "tool":
        return [Message("tool", (ToolResult(f"gone{k}", ()),), id=m.id)]  # (now an orphan)
    if kind < 0.6 and m.role == "assistant":
        return [Message.assistant(ToolCall("c0", "ls", "{}"), id=m.id)]  # (a reused call id)
    return [Message(m.role, (*m.content, Text(f" edited {k}")), id=m.id)]


def test_memo_matches_repair_when_an_earlier_message_is_changed_between_calls() -> None:
    """An app edits, replaces or removes an earlier message (the caller says how many
    leading ones are unchanged), then appends: the memo repairs from a record it kept
    before the change, as repair() would repair the whole."""
    for seed in range(60):
        rng, memo, record, used = _fresh(seed)
        for k in range(40):
            unchanged = len(record)
            if k > 3 and rng.random() < 0.5:
                at = rng.randrange(max(1, len(record) - 25), len(record))
                record[at : at + 1] = _edited(rng, record[at], k)
                unchanged = at
            for m in _turn(rng, k, used):
                record.append(m)
                assert _agrees(memo, record, unchanged), (seed, k)
                unchanged = len(record)

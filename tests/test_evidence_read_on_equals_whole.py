"""The record's evidence read on from a prefix is the evidence of the whole record, field
by field: a kept Preparer reads only the messages appended since its last turn, and what
it checks a recap against must be what reading the whole record gives (calls answered
before they were made, a call id used again, an acknowledgement right after the user's
rule, a CI bot's failing post, a previous recap and the rest of the record included)."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.compaction.claims.evidence import Evidence, KeptEvidence
from contextledger.model import Message, ToolCall

# turns in Estonian, Swahili, Basque and Welsh: a request, a rule, a correction, a report
_SAID = [
    "Käivita `pytest tests/test_arve{k}.py` uuesti ja ütle, mis katki läheb.",
    "Usiguse infra/prod/{k}; endesha tu `make lint`.",
    "Ez 4.{k}.0, erabili 5.{k}.1 bertsioa liburutegi horretarako.",
    "Peidiwch byth â rhedeg `git push --force`.\nMethodd y pipeline #{k}: FAILED test_{k}",
    "Lower it to {k}00m.",
]
_TOLD = [
    "Okay, I'll leave infra/prod/{k} alone.",
    "I ran `make test` and fixed src/app/m{k}.py. Shall I roll back?",
    "$ make deploy-{k}\nDeployed build {k}.",
    "The heap is set to Xmx{k}m now.",
]


def _message(kind: int, k: int, call_id: str) -> Message:
    """One message of a record: ``kind`` picks a user turn, an assistant's turn, a call or
    a tool's answer (failing or not), each about ``k``."""
    if kind == 0:
        return Message(
            "user",
            Message.user(_SAID[k % len(_SAID)].format(k=k)).content,
            id="",
            name=["", "ci_bot"][k % 2] or None,
        )
    if kind == 1:
        return Message.assistant(_TOLD[k % len(_TOLD)].format(k=k))
    if kind == 2:
        args = [
            {"cmd": f"pytest -x tests/test_arve{k}.py"},
            {"path": f"src/app/m{k}.py"},
            {"path": f"out/r{k}.csv", "content": f"rows {k}"},
        ][k % 3]
        name = ["shell", "read_file", "write_file"][k % 3]
        return Message.assistant(f"Step {k}.", ToolCall(call_id, name, json.dumps(args)))
    body = [
        f"{k} passed in 0.{k}s",
        f"FAILED tests/test_arve{k}.py::test_total - AssertionError: {k} != 0",
        f"saved to out/r{k}.csv",
        f"Error: exit status 1\npanic: nil map {k}",
    ][k % 4]
    return Message.tool(call_id, body, is_error=k % 5 == 0)


_RECORDS = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 40), st.integers(0, 6)), min_size=1, max_size=24
)


def _record(plan: list[tuple[int, int, int]]) -> list[Message]:
    return [_message(kind, k, f"c{c}") for kind, k, c in plan]


def _fields(ev: Evidence) -> dict[str, Any]:
    """Every field of ``ev`` and what its indexes hold."""
    out = {f.name: getattr(ev, f.name) for f in fields(ev) if not f.name.startswith("_")}
    out.pop("walk")
    out["timeline"] = ev.timeline.events
    out["said_index"] = ev.said_index.units
    out["acts"] = ev.acts
    return out


@settings(max_examples=150, deadline=None)
@given(_RECORDS, st.data())
def test_evidence_read_on_from_any_split_is_the_whole(
    plan: list[tuple[int, int, int]], data: st.DataObject
) -> None:
    record = _record(plan)
    k = data.draw(st.integers(0, len(record)))
    recap = data.draw(st.sampled_from([None, "Commands run: `make lint`\nGoal: ship 5.1."]))
    context = [*record, Message.user("Usiguse prod kamwe.")] if data.draw(st.booleans()) else []
    whole = Evidence.of(record, recap, context)
    read_on = Evidence.of(record[:k]).extended(record[k:], recap, context)
    assert _fields(read_on) == _fields(whole)
    assert read_on.read == tuple(record)


@settings(max_examples=60, deadline=None)
@given(_RECORDS, st.lists(st.integers(0, 24), min_size=1, max_size=4))
def test_evidence_read_on_in_several_steps_is_the_whole(
    plan: list[tuple[int, int, int]], cuts: list[int]
) -> None:
    record = _record(plan)
    ev = Evidence.of([])
    start = 0
    for cut in sorted(min(c, len(record)) for c in cuts):
        ev = ev.extended(record[start:cut])
        start = cut
    assert _fields(ev.extended(record[start:])) == _fields(Evidence.of(record))


def test_a_call_made_after_its_answer_was_read_is_read_with_it() -> None:
    answer = Message.tool("c1", "FAILED tests/test_a.py::test_x - AssertionError")
    call = Message.assistant(
        "Running.", ToolCall("c1", "shell", '{"cmd": "pytest tests/test_a.py"}')
    )
    ev = Evidence.of([answer]).extended([call])
    assert ev.results[0].commands == frozenset({"pytest tests/test_a.py"})
    assert _fields(ev) == _fields(Evidence.of([answer, call]))


_CHANGES = st.lists(
    st.tuples(
        st.sampled_from(["grow", "put in", "edit", "replace", "delete", "same"]),
        st.integers(0, 40),
        st.integers(0, 6),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=60, deadline=None)
@given(_RECORDS, _CHANGES)
def test_kept_evidence_is_the_records_whatever_changed_since(
    plan: list[tuple[int, int, int]], changes: list[tuple[str, int, int]]
) -> None:
    """A record kept from one check to the next grows, has turns put in near its end (the
    turns a recap kept in view join what it covers), or has an earlier message edited,
    replaced or deleted: the kept evidence is always the record's, read whole."""
    record = _record(plan)
    kept = KeptEvidence()
    for change, k, c in changes:
        at = k % (len(record) + 1)
        if change == "grow":
            record = [*record, *_record([(k % 4, k, c), (3, k + 1, c)])]
        elif change == "put in":
            record = [*record[:at], Message.user(f"Usiguse m{k}.py."), *record[at:]]
        elif change == "edit" and record:
            old = record[at % len(record)]
            record[at % len(record)] = Message(old.role, Message.user(f"{old.text} ({k})").content)
        elif change == "replace" and record:
            record[at % len(record)] = _message(k % 4, k + 7, f"c{c}")
        elif change == "delete" and record:
            del record[at % len(record)]
        recap = "Goal: ship 5.1." if k % 2 else None
        assert _fields(kept.of(list(record), recap, record)) == _fields(
            Evidence.of(record, recap, record)
        )

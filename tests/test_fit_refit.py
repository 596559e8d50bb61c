"""Refit from the app's own list of dicts: only what is new is re-read and repriced, and an
edit anywhere is never served a stale price."""

from __future__ import annotations

import copy
import importlib
from collections import UserDict
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.errors import ContentError
from contextledger.fit import FitOptions, Fitter, fit
from contextledger.model import Message, Text
from contextledger.pricing.messages import Pricer
from contextledger.pricing.text import counter_for
from contextledger.providers import read_messages

MODEL = "gpt-4o"
PNG_1x1 = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA"
    "60e6kgAAAABJRU5ErkJggg=="
)


class CountingCounter:
    """The real counter, counting the texts it is asked about."""

    def __init__(self) -> None:
        self.inner = counter_for(MODEL)
        self.texts: list[str] = []

    name = "o200k_base"
    exact = True

    def count(self, text: str) -> int:
        self.texts.append(text)
        return self.inner.count(text)


def history(n: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    for i in range(n):
        out.append({"role": "user", "content": f"request {i}: " + "word " * (i % 7 * 20)})
        if i % 3 == 0:
            out.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": f"c{i}",
                            "type": "function",
                            "function": {"name": "run", "arguments": '{"cmd": "ls"}'},
                        }
                    ],
                }
            )
            out.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"out {i}"})
        if i % 5 == 0:
            out.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": f"screenshot {i}"},
                        {"type": "image_url", "image_url": {"url": PNG_1x1}},
                    ],
                }
            )
        out.append({"role": "assistant", "content": f"answer {i}"})
    return out


def same(a: Any, b: Any) -> bool:
    return repr((a.messages, a.report)) == repr((b.messages, b.report))


def same_decisions(a: Any, b: Any) -> bool:
    """The same messages sent and the same report, except the size of a dropped message,
    which may be an estimate in one and exact in the other (never counted when unneeded)."""

    def decisions(res: Any) -> Any:
        changes = [
            c._replace(tokens_before=0, estimated=False) if c.action == "dropped" else c
            for c in res.report.changes
        ]
        return repr((res.messages, replace(res.report, changes=tuple(changes))))

    return decisions(a) == decisions(b)


def fresh(dicts: list[dict[str, Any]]) -> Any:
    return fit(copy.deepcopy(dicts), MODEL, window=3000, max_output_tokens=500)


def test_an_append_rereads_and_reprices_only_the_new_dict() -> None:
    counter = CountingCounter()
    fitter = Fitter(
        MODEL, window=3000, max_output_tokens=500, pricer=Pricer(lookup_model(MODEL), counter)
    )
    dicts = history(60)
    fitter.fit(dicts)
    counter.texts.clear()
    dicts.append({"role": "user", "content": "one more thing"})
    res = fitter.fit(dicts)
    assert counter.texts == ["one more thing"]
    assert same_decisions(res, fresh(dicts))


def test_edits_to_earlier_messages_are_seen() -> None:
    dicts = history(40)
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    fitter.fit(dicts)
    edits = [
        lambda d: d[-2].__setitem__("content", "edited answer " + "x " * 300),  # new value
        lambda d: d.__setitem__(-4, {"role": "user", "content": "replaced request"}),
        lambda d: next(m for m in d if isinstance(m.get("content"), list))["content"][0].update(
            text="a changed caption " * 50
        ),  # a nested part edited in place
        lambda d: d[1].__setitem__("name", "alice"),  # a key added in place
        lambda d: d.pop(5),
        lambda d: d.insert(3, {"role": "assistant", "content": "inserted"}),
    ]
    for edit in edits:
        edit(dicts)
        # (a message kept before and dropped now has its exact size; a fresh fit, an estimate)
        assert same_decisions(fitter.fit(dicts), fresh(dicts))


def test_an_edit_is_seen_wherever_the_comparison_of_parts_finds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The no-edit check compares the list a part at a time (``_COMPARED_AT_ONCE`` dicts,
    made small here): an edit in the first part, on either side of a part's edge, in a
    later part, or in the last dict (an answer streamed into it) is found."""
    part = 64
    monkeypatch.setattr(
        importlib.import_module("contextledger.fit.source"), "_COMPARED_AT_ONCE", part
    )
    dicts = history(60)
    assert len(dicts) > 2 * part + 2
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    fitter.fit(dicts)
    for i in (1, part - 1, part, part + 1, 2 * part, len(dicts) - 1):
        if isinstance(dicts[i].get("content"), str):
            dicts[i]["content"] += " edited in place"
        else:
            dicts[i]["name"] = "alice"  # (a key added in place)
        assert same_decisions(fitter.fit(dicts), fresh(dicts)), i
        dicts.append({"role": "user", "content": f"and after {i}?"})
        assert same_decisions(fitter.fit(dicts), fresh(dicts)), i


@pytest.mark.parametrize("where", ["first part", "later part", "appended"])
def test_a_mapping_in_place_of_a_dict_is_refused_in_any_part(
    monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """Each part's types are checked as it is compared: a mapping equal to the dict it
    replaced, in any part or after them, is refused as a fresh fit refuses it."""
    part = 64
    monkeypatch.setattr(
        importlib.import_module("contextledger.fit.source"), "_COMPARED_AT_ONCE", part
    )
    dicts: list[Any] = history(60)
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    fitter.fit(dicts)
    if where == "appended":
        dicts.append(UserDict({"role": "user", "content": "a mapping appended"}))
    else:
        i = 3 if where == "first part" else 2 * part + 3
        dicts[i] = UserDict(dicts[i])
    with pytest.raises(ContentError) as got:
        fitter.fit(dicts)
    with pytest.raises(ContentError) as want:
        fresh(dicts)
    assert str(got.value) == str(want.value)


def test_a_reports_dropped_image_notices_read_after_later_refits_say_what_they_said() -> None:
    """A dropped image's notice ("from 3 turns ago") is made when the report is first read,
    from the history as it was fitted: later refits (an append, an edit, a removal) change
    the index in place, and a report kept from before still says what a fresh fit said."""
    dicts = history(80)
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    kept = fitter.fit(dicts)
    want = fresh(dicts).report.notices
    assert any("image" in n.text and "turns ago" in n.text for n in want)
    dicts += [{"role": "assistant", "content": "ok"}, {"role": "user", "content": "more"}]
    fitter.fit(dicts)
    dicts.insert(5, {"role": "user", "content": "an early request inserted"})
    fitter.fit(dicts)
    del dicts[20:40]
    fitter.fit(dicts)
    assert kept.report.notices == want


def test_an_item_that_is_not_a_dict_is_refused_as_a_fresh_fit_refuses_it() -> None:
    """A Message put in the list, at the end or in place of an earlier dict, or a mapping
    equal to the dict it replaced, is refused as a fresh fit refuses it, and the list is
    fitted once it is all dicts again."""
    dicts: list[Any] = history(40)
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    fitter.fit(dicts)

    def refused(fit_it: Any) -> str:
        with pytest.raises(ContentError) as err:
            fit_it()
        return str(err.value)

    dicts.append(Message.user("a Message among the dicts", id="m99"))
    assert refused(lambda: fitter.fit(dicts)) == refused(lambda: fresh(dicts))
    dicts.pop()
    dicts[3] = Message.user("an earlier dict replaced by a Message", id="m98")
    assert refused(lambda: fitter.fit(dicts)) == refused(lambda: fresh(dicts))
    dicts[3] = UserDict(history(4)[3])  # a mapping equal to the dict that was there
    assert refused(lambda: fitter.fit(dicts)) == refused(lambda: fresh(dicts))
    dicts[3] = history(4)[3]
    assert same_decisions(fitter.fit(dicts), fresh(dicts))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [
                    "append",
                    "edit",
                    "replace",
                    "nested",
                    "pop",
                    "grow",
                    "truncate",
                    "prompt",
                    "reuse",
                ]
            ),
            st.integers(0, 10_000),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_any_sequence_of_changes_fits_as_a_fresh_fit(ops: list[tuple[str, int]]) -> None:
    dicts = history(160)  # over one read chunk (512 dicts): edits are found, not re-read
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    fitter.fit(dicts)
    for op, k in ops:
        i = 1 + k % (len(dicts) - 1)
        if op == "append":
            dicts.append({"role": "user", "content": f"new {k}"})
        elif op == "grow":
            dicts.extend(history(2)[1:])
        elif op == "edit" and isinstance(dicts[i].get("content"), str):
            dicts[i]["content"] = dicts[i]["content"] + " edited"
        elif op == "replace":
            dicts[i] = {**dicts[i]}
        elif op == "nested":
            lists = [m for m in dicts if isinstance(m.get("content"), list)]
            if lists:
                lists[k % len(lists)]["content"][0]["text"] = f"caption {k} " * 20
        elif (
            op == "pop"
            and dicts[i]["role"] in ("user", "assistant")
            and "tool_calls" not in dicts[i]
        ):
            dicts.pop(i)
        elif op == "truncate":
            del dicts[len(dicts) - 1 - k % 4 :]
        elif op == "prompt":  # the app refreshes its system prompt (the time, a profile)
            prompt = {"role": "system", "content": f"Be brief. It is {k} o'clock."}
            dicts[0] = prompt if k % 3 else {**prompt, "content": [{"type": "text", "text": "x"}]}
        elif op == "reuse":  # an app that numbers its calls per round reuses an earlier id
            call = {"id": f"c{3 * (k % 50)}", "type": "function",
                    "function": {"name": "run", "arguments": "{}"}}  # fmt: skip
            dicts += [
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": call["id"], "content": f"ran {k}"},
                {"role": "user", "content": f"and then {k}"},
            ]
        assert same_decisions(fitter.fit(dicts), fresh(dicts))


def test_a_refreshed_system_prompt_reprices_only_itself_and_what_was_appended() -> None:
    """Apps rewrite the system prompt every turn (the time, the user's profile, retrieved
    memory): the history after it stays read, priced and indexed."""
    counter = CountingCounter()
    fitter = Fitter(
        MODEL, window=3000, max_output_tokens=500, pricer=Pricer(lookup_model(MODEL), counter)
    )
    dicts = history(60)
    assert dicts[0]["role"] == "system"
    fitter.fit(dicts)
    for k in range(3):
        counter.texts.clear()
        dicts[0] = {"role": "system", "content": f"Be brief. It is {k} o'clock."}
        dicts.append({"role": "user", "content": f"one more thing {k}"})
        res = fitter.fit(dicts)
        assert sorted(counter.texts) == sorted(
            [f"Be brief. It is {k} o'clock.", f"one more thing {k}"]
        )
        assert same_decisions(res, fresh(dicts))
    dicts[0]["content"] = "Edited in place."  # an edit in place is seen too
    assert same_decisions(fitter.fit(dicts), fresh(dicts))


def test_removing_the_newest_messages_is_seen() -> None:
    """An app that takes back the end of the conversation (a retry) is fitted as it is now,
    whether it holds dicts or Messages (the same objects, so only the end changed)."""
    dicts = history(200)  # over one read chunk: the dicts before the end are not re-read
    dicts.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": f"t{k}", "type": "function", "function": {"name": "run", "arguments": "{}"}}
                for k in range(2)
            ],
        }
    )
    dicts += [{"role": "tool", "tool_call_id": f"t{k}", "content": f"out {k}"} for k in range(2)]
    messages = list(read_messages(dicts))
    by_dicts = Fitter(MODEL, window=3000, max_output_tokens=500)
    by_messages = Fitter(MODEL, window=3000, max_output_tokens=500)
    by_dicts.fit(dicts)
    by_messages.fit(messages)
    for _ in range(4):
        dicts.pop()
        messages.pop()
        assert same_decisions(by_dicts.fit(dicts), fresh(dicts))
        assert same_decisions(by_messages.fit(messages), fresh(dicts))


def test_an_edit_inside_a_two_key_message_is_seen() -> None:
    """A message of two keys whose second is not its text (a role and its tool calls)."""
    dicts = history(200)
    call = {"id": "c9", "type": "function", "function": {"name": "run", "arguments": "{}"}}
    dicts += [
        {"role": "assistant", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c9", "content": "done"},
        {"role": "user", "content": "and now?"},
    ]
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    fitter.fit(dicts)
    call["function"]["arguments"] = '{"cmd": "make test"}'
    assert same_decisions(fitter.fit(dicts), fresh(dicts))


def _copies(messages: list[Message]) -> list[Message]:
    """Equal Messages that are new objects (nothing a fitter remembers is reused)."""
    return [replace(m, content=tuple(m.content)) for m in copy.deepcopy(messages)]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["turn", "edit", "replace", "insert", "pop", "truncate", "id-less"]),
            st.integers(0, 10_000),
        ),
        min_size=1,
        max_size=8,
    ),
    st.sampled_from([0.0, 0.25]),
)
def test_a_fitter_kept_over_messages_decides_as_one_fed_fresh_copies(
    ops: list[tuple[str, int]], hysteresis: float
) -> None:
    """The proxy's pattern: the same Message objects every turn, one or two appended, and
    now and then an earlier one replaced (an edit), inserted or removed. A Fitter that
    remembers (positions, kept Changes, drop notices, roles) decides exactly as one fed
    equal copies every turn, which can reuse nothing: never a stale price or position."""
    messages = list(read_messages(history(120)))
    options = FitOptions(hysteresis=hysteresis)
    kept = Fitter(MODEL, window=3000, max_output_tokens=500, options=options)
    copies = Fitter(MODEL, window=3000, max_output_tokens=500, options=options)
    assert same_decisions(kept.fit(messages), copies.fit(_copies(messages)))
    for op, k in ops:
        i = 1 + k % (len(messages) - 1)
        m = messages[i]
        if op == "turn":
            messages += [
                Message.assistant(f"answer {k}", id=f"a{k}-{len(messages)}"),
                Message.user(f"next request {k} " + "word " * (k % 50), id=f"u{k}-{len(messages)}"),
            ]
        elif op == "edit" and m.role in ("user", "assistant") and m.text and not m.tool_calls:
            messages[i] = replace(m, content=(Text(m.text + " edited " * (k % 90)),))
        elif op == "replace":
            messages[i] = replace(m, content=tuple(m.content))  # equal, a new object
        elif op == "insert" and m.role == "user" and messages[i - 1].role != "assistant":
            messages.insert(i, Message.user(f"inserted {k}", id=f"i{k}-{i}"))
        elif op == "pop" and m.role in ("user", "assistant") and not m.tool_calls:
            messages.pop(i)
        elif op == "truncate":
            del messages[len(messages) - 1 - k % 3 :]
        elif op == "id-less":
            messages.append(Message.user(f"no id {k}"))
        assert same_decisions(kept.fit(messages), copies.fit(_copies(messages)))
        # positions as a Fitter that never fitted before sees them (in the history fitted:
        # repaired, when a truncation left a call without its result)
        new = Fitter(MODEL, window=3000, max_output_tokens=500, options=options)
        new.fit(_copies(messages))
        ids = [m.id or f"m{j}" for j, m in enumerate(messages)]  # id-less: by position
        assert [kept.position(i) for i in ids] == [new.position(i) for i in ids]


def test_a_fitters_first_fit_reads_only_what_it_looks_at() -> None:
    """A Fitter's first fit of the app's dicts is as lazy as a one-shot fit: the old
    history it drops is never made into Messages (nor are its refits' unchanged dicts)."""
    dicts = history(400)
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    fitter.fit(dicts)
    dicts.append({"role": "user", "content": "and now?"})
    res = fitter.fit(dicts)
    body = fitter._memory.index.body  # the index's view of the history (lazy columns)
    made = body.columns.made  # type: ignore[attr-defined]
    assert sum(m is not None for m in made) < len(dicts) // 4
    assert same_decisions(res, fresh(dicts))


def test_a_list_only_the_whole_read_takes_is_still_refitted_exactly() -> None:
    """A tool's images folded back from the user turn after it (or a late system message)
    make the list one the lazy read cannot take: it is read whole, edits still seen."""
    dicts = history(60)
    dicts += [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "shot", "type": "function", "function": {"name": "screen", "arguments": "{}"}}
        ]},
        {"role": "tool", "tool_call_id": "shot", "content": "took a screenshot"},
        {"role": "user", "content": [
            {"type": "text", "text": "Images returned by tool call shot:"},
            {"type": "image_url", "image_url": {"url": PNG_1x1}},
        ]},
        {"role": "user", "content": "what do you see?"},
    ]  # fmt: skip
    fitter = Fitter(MODEL, window=3000, max_output_tokens=500)
    assert same_decisions(fitter.fit(dicts), fresh(dicts))
    dicts[5]["content"] = "edited in place " * 30
    dicts.append({"role": "user", "content": "and the other window?"})
    assert same_decisions(fitter.fit(dicts), fresh(dicts))
    dicts.insert(2, {"role": "system", "content": "From now on, be terse."})
    assert same_decisions(fitter.fit(dicts), fresh(dicts))


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.integers(0, 60),
    st.sampled_from([0.0, 0.25]),
    st.lists(st.integers(0, 3), min_size=3, max_size=12),
)
def test_the_run_kept_last_time_is_taken_as_a_fresh_walk_takes_it(
    min_cut: int, hysteresis: float, steps: list[int]
) -> None:
    """A refit's walk takes the units kept last time in one step (``HistoryIndex.made_run``),
    up to a pinned rule, the cut's floor (``min_cut_index``) or the first that no longer
    fits: it keeps what a Fitter fed new Messages every turn keeps (that one makes every
    unit anew each fit, so its walk steps through them one by one), turn after turn."""
    dicts = history(80)
    for i in range(2, len(dicts), 9):  # rules among the requests: pinned inside the run
        if dicts[i]["role"] == "user":
            dicts[i] = {"role": "user", "content": f"Never touch the schema, rule {i}."}
    options = FitOptions(hysteresis=hysteresis, min_cut_index=min_cut)
    kept = Fitter(MODEL, window=2500, max_output_tokens=300, options=options)
    copies = Fitter(MODEL, window=2500, max_output_tokens=300, options=options)
    assert same_decisions(kept.fit(dicts), copies.fit(read_messages(copy.deepcopy(dicts))))
    for n, step in enumerate(steps):
        dicts.append({"role": "assistant", "content": f"done {n} " + "ok " * (40 * step)})
        dicts.append({"role": "user", "content": f"next {n}: " + "go on " * (30 * step)})
        assert same_decisions(kept.fit(dicts), copies.fit(read_messages(copy.deepcopy(dicts))))

"""`contextledger serve`: the per-turn work done incrementally gives what doing it whole gives.

The proxy reads a body that repeats the last one only past what it repeats, checks a fitted
list that extends last turn's only from its last assistant turn, and writes unchanged
messages as the client's own JSON; these tests hold each shortcut to the plain answer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextledger.errors import ContentError
from contextledger.model import Message, ToolCall
from contextledger.serve.body import BodyReader
from contextledger.serve.outgoing import Checked, check_sent
from contextledger.validate import ensure_valid

# --------------------------------------------------------------------------- bodies

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
_item = st.dictionaries(st.sampled_from(["role", "content", "x"]), _json, max_size=3)


@given(
    head=st.dictionaries(st.sampled_from(["model", "stream", "n"]), _json, max_size=2),
    tail=st.dictionaries(st.sampled_from(["max_tokens", "tools", "y"]), _json, max_size=2),
    first=st.lists(_item, max_size=4),
    more=st.lists(_item, max_size=3),
    indent=st.sampled_from([None, 1]),
    separators=st.sampled_from([None, (",", ":")]),
)
def test_a_body_read_after_the_last_one_is_what_json_reads(
    head: dict[str, Any],
    tail: dict[str, Any],
    first: list[Any],
    more: list[Any],
    indent: int | None,
    separators: tuple[str, str] | None,
) -> None:
    reader = BodyReader()

    def body(items: list[Any]) -> bytes:
        value = {**head, "messages": items, **tail}
        return json.dumps(value, indent=indent, separators=separators).encode()

    for raw in (body(first), body(first + more), body(first + more), body(first)):
        read = reader.read(raw, "messages", "s")
        assert read.body == json.loads(raw)
        assert list(read.body) == list(json.loads(raw))  # member order kept
        reader.keep(read)


def test_a_repeated_body_reuses_the_items_it_read() -> None:
    reader = BodyReader()
    items = [{"role": "user", "content": f"m{i}"} for i in range(50)]
    first = reader.read(json.dumps({"model": "m", "messages": items}).encode(), "messages", "s")
    reader.keep(first)
    items.append({"role": "assistant", "content": "ok"})
    again = reader.read(json.dumps({"model": "m", "messages": items}).encode(), "messages", "s")
    assert again.reused == 50
    assert all(a is b for a, b in zip(again.body["messages"], first.body["messages"], strict=False))
    # an edited history is read whole (nothing reused), and read right
    items[3] = {"role": "user", "content": "edited"}
    edited = reader.read(json.dumps({"model": "m", "messages": items}).encode(), "messages", "s")
    assert edited.reused == 0 and edited.body["messages"][3]["content"] == "edited"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"messages": [{"a": 1}], "messages": []}',  # a repeated member: the last one wins
        b'{"messages": [{"a": 1}]} trailing',
        b'{"messages": [{"a": 1},]}',
        b'{"messages": [{"a": NaN}]}',
        b'[{"messages": []}]',
        b'{"messages": "hi"}',
        b'\xef\xbb\xbf{"messages": []}',
        b'{"messages": [{"a": "\\ud800"}]}',
    ],
)
def test_odd_bodies_read_as_json_reads_them(raw: bytes) -> None:
    reader = BodyReader()
    for _ in range(2):
        try:
            expected = json.loads(raw)
        except ValueError as exc:
            with pytest.raises(type(exc)):
                reader.read(raw, "messages", "s")
            continue
        read = reader.read(raw, "messages", "s")
        assert read.body == expected or read.body != read.body  # NaN is not equal to itself
        reader.keep(read)


def test_an_unkept_body_is_not_reused() -> None:
    """A body refused as malformed is not remembered: the next one is checked whole."""
    reader = BodyReader()
    bad = reader.read(b'{"messages": [{"role": "user"}]}', "messages", "s")
    assert bad.reused == 0  # (not kept)
    good = reader.read(
        b'{"messages": [{"role": "user"}, {"role": "user", "content": "x"}]}', "messages", "s"
    )
    assert good.reused == 0


# --------------------------------------------------------------------------- checking


def _conversation(n: int) -> list[Message]:
    out = [Message.system("s", id="m0"), Message.user("goal", id="m1")]
    for i in range(n):
        k = len(out)
        out.append(Message.assistant(ToolCall(f"c{i}", "ls", "{}"), id=f"m{k}"))
        out.append(Message.tool(f"c{i}", "ok", id=f"m{k + 1}"))
        out.append(Message.assistant("done", id=f"m{k + 2}"))
        out.append(Message.user(f"next {i}", id=f"m{k + 3}"))
    return out


def _whole(sent: tuple[Message, ...], target: str) -> str | None:
    try:
        ensure_valid(sent, target)
    except ContentError as exc:
        return str(exc)
    return None


def _incremental(memo: Checked, sent: tuple[Message, ...], target: str) -> str | None:
    try:
        check_sent(memo, sent, target)
    except ContentError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("target", ["openai", "anthropic", "openai-responses"])
@pytest.mark.parametrize(
    "added",
    [
        [Message.assistant("fine")],
        [Message.assistant(ToolCall("c0", "ls", "{}"))],  # a call id used before
        [Message.assistant(ToolCall("new", "ls", "{}"))],  # a call left unanswered
        [Message.tool("c1", "late")],  # a result after the run ended
        [Message.system("late system")],
        [Message.user("")],  # an empty message
        [Message.assistant(ToolCall("n1", "ls", "{}")), Message.tool("n1", "r")],
    ],
)
def test_checking_what_was_added_refuses_what_checking_everything_refuses(
    added: list[Message], target: str
) -> None:
    base = tuple(_conversation(3))
    memo = Checked()
    assert _incremental(memo, base, target) is None
    grown = base + tuple(
        Message(m.role, m.content, id=f"m{len(base) + i}") for i, m in enumerate(added)
    )
    incremental, whole = _incremental(memo, grown, target), _whole(grown, target)
    assert (incremental is None) == (whole is None)
    if len(added) == 1 and whole is not None and "more problem" not in whole:
        assert incremental == whole  # the one problem, named by its path in the whole list


def test_a_list_that_does_not_extend_the_last_one_is_checked_whole() -> None:
    base = tuple(_conversation(3))
    memo = Checked()
    check_sent(memo, base, "anthropic")
    cut = (base[0], *base[6:])  # the cut moved: the list starts with an assistant turn
    assert _incremental(memo, cut, "anthropic") == _whole(cut, "anthropic") is not None


# --------------------------------------------------------------------------- end to end


def test_a_session_forwards_what_a_fresh_proxy_forwards(tmp_path: Any) -> None:
    """Turn after turn (reused reads, checks and writes), the upstream body is the one a
    proxy seeing the whole history for the first time sends."""
    from serve_harness import running_proxy
    from stub_server import StubReply, StubServer
    from test_serve import oai, png

    with StubServer() as stub:
        settings = {"openai_upstream": stub.url, "anthropic_upstream": stub.anthropic_url}
        with (
            running_proxy(store=tmp_path / "a.db", **settings) as warm,
            running_proxy(store=tmp_path / "b.db", **settings) as cold,
        ):
            messages: list[Any] = [
                {"role": "system", "content": "Agent."},
                {"role": "user", "content": "Goal: fix the build."},
            ]
            for turn in range(8):
                if turn % 2:
                    stub.script(StubReply(tool_calls=((f"c{turn}", "shot", "{}"),)))
                client = oai(warm, **{"X-ContextLedger-Session": "warm"})
                reply = client.chat.completions.create(model="gpt-4o", messages=messages)
                warm_body = stub.completions()[-1].body
                fresh = oai(cold, **{"X-ContextLedger-Session": f"cold-{turn}"})
                fresh.chat.completions.create(model="gpt-4o", messages=messages)
                assert stub.completions()[-1].body == warm_body
                messages.append(reply.choices[0].message.model_dump(exclude_none=True))
                if turn % 2:
                    messages.append({"role": "tool", "tool_call_id": f"c{turn}", "content": "ok"})
                    messages.append(
                        {
                            "role": "user",
                            "content": [
                                {"type": "text", "text": f"Screen {turn}:"},
                                {
                                    "type": "image_url",
                                    "image_url": {"url": f"data:image/png;base64,{png(turn)}"},
                                },
                            ],
                        }
                    )
                else:
                    messages.append({"role": "user", "content": f"Step {turn}"})


def test_a_request_equal_to_the_record_but_not_its_json_forwards_its_own_json(
    tmp_path: Any,
) -> None:
    """Two requests that read as the same messages (a thinking block, then a redacted one:
    the same conversation by its text) but differ in their JSON: the second goes upstream
    as its client sent it, never as the first one's JSON (what was written last turn is
    reused only while the client's JSON is unchanged)."""
    import httpx

    from serve_harness import running_proxy
    from stub_server import StubServer
    from test_serve import ANTHROPIC_KEY

    headers = {"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01"}
    with (
        StubServer() as stub,
        running_proxy(store=tmp_path / "s.db", anthropic_upstream=stub.anthropic_url) as proxy,
    ):
        for block in (
            {"type": "thinking", "thinking": "hmm", "signature": "sigXYZ"},
            {"type": "redacted_thinking", "data": "abc"},
        ):
            messages = [
                {"role": "user", "content": "hi"},
                {"role": "assistant", "content": [block, {"type": "text", "text": "yo"}]},
                {"role": "user", "content": "again"},
            ]
            body = {"model": "claude-sonnet-4-6", "max_tokens": 2000, "messages": messages}
            reply = httpx.post(proxy.url + "/v1/messages", json=body, headers=headers)
            assert reply.status_code == 200
            assert stub.completions()[-1].body["messages"] == messages


def test_reasoning_tells_messages_apart_by_its_marks_where_both_carry_them() -> None:
    from contextledger.model import Reasoning, Text
    from contextledger.serve.sessions import same_message

    def turn(*reasoning: Reasoning) -> Message:
        return Message("assistant", (*reasoning, Text("yo")))

    signed = turn(Reasoning("anthropic", "hmm", signature="sigA"))
    assert same_message(signed, turn(Reasoning("anthropic", "hmm", signature="sigA")))
    assert not same_message(signed, turn(Reasoning("anthropic", "hmm", signature="sigB")))
    assert not same_message(signed, turn(Reasoning("anthropic", "", signature="s", redacted=True)))
    item = turn(Reasoning("openai-responses", item_id="rs_1", encrypted="e1"))
    assert not same_message(item, turn(Reasoning("openai-responses", item_id="rs_2")))
    assert not same_message(signed, turn(signed.content[0], signed.content[0]))
    # a client that leaves earlier thinking out, or reasoning without marks: the same turn
    assert same_message(signed, turn())
    assert same_message(turn(Reasoning("anthropic", "a")), turn(Reasoning("anthropic", "b")))


def test_a_history_with_other_reasoning_is_recorded_as_sent(tmp_path: Any) -> None:
    """The same text under another thinking signature is another history: the record
    holds what this client sent (a branch), and the session it came from is untouched."""
    import httpx

    from contextledger.model import Reasoning
    from contextledger.storage.sessions import SessionStore
    from serve_harness import running_proxy
    from stub_server import StubServer
    from test_serve import ANTHROPIC_KEY

    headers = {
        "x-api-key": ANTHROPIC_KEY,
        "anthropic-version": "2023-06-01",
        "x-contextledger-session": "think",
    }
    with (
        StubServer() as stub,
        running_proxy(store=tmp_path / "s.db", anthropic_upstream=stub.anthropic_url) as proxy,
    ):
        for signature in ("sigA", "sigB"):
            messages = [
                {"role": "user", "content": "hi"},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "thinking", "thinking": "hmm", "signature": signature},
                        {"type": "text", "text": "yo"},
                    ],
                },
                {"role": "user", "content": "again"},
            ]
            body = {"model": "claude-sonnet-4-6", "max_tokens": 2000, "messages": messages}
            reply = httpx.post(proxy.url + "/v1/messages", json=body, headers=headers)
            assert reply.status_code == 200
            assert stub.completions()[-1].body["messages"] == messages
        proxy.flush()
        with SessionStore(proxy.settings.store) as store:
            signatures = {
                info.name: [
                    b.signature
                    for m in store.load(info.name).stored
                    for b in m.content
                    if isinstance(b, Reasoning)
                ]
                for info in store.list()
            }
    assert signatures["think"] == ["sigA"]
    assert sorted(signatures.values()) == [["sigA"], ["sigB"]]

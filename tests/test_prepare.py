"""prepare(): one call to a ready request; budgeted == sent; deterministic; cache-friendly."""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from builders import b64, png
from contextledger import BudgetError, Conversation, Message, ToolCall, VisionGateError
from contextledger.examples import load_example_payload
from contextledger.model import Image, InlineData, Text, ToolResult
from contextledger.prepare import Preparer, prepare, price_request
from contextledger.providers import read_messages
from sdk_check import validate_body
from strategies import conversations

# Shown on gpt-3.5-turbo as the text-only model, served again here (shut down since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")

MODELS = ["gpt-4o", "claude-opus-4-7", "gemini-2.5-flash"]


def example() -> tuple[Message, ...]:
    return read_messages(load_example_payload())


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("window", [12_000, 60_000])
def test_budget_equals_the_price_of_the_request_sent(model: str, window: int) -> None:
    out = prepare(example(), model, window=window, max_output_tokens=2000, compaction=False)
    assert out.report.used == price_request(out.body, model).total
    assert out.report.used <= out.report.budget
    assert out.model == model
    # the REST body names its model, but Gemini's, whose URL does (models/{model}:generateContent)
    assert out.body.get("model") == (None if out.format == "gemini" else model)
    assert out.sdk_kwargs()["model"] == model


def test_responses_target_also_prices_exactly() -> None:
    out = prepare(example(), "gpt-4o", target="openai-responses", window=20_000, compaction=False)
    assert out.report.used == price_request(out.body, "gpt-4o", "openai-responses").total
    validate_body("openai-responses", out.body)


@given(data=conversations(max_turns=10), window=st.integers(1500, 20_000))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_budget_equals_sent_on_random_conversations(data: tuple[Message, ...], window: int) -> None:
    for model in ("gpt-4o", "claude-sonnet-4-5"):
        try:
            out = prepare(data, model, window=window, max_output_tokens=500, compaction=False)
        except BudgetError:
            continue
        assert out.report.used == price_request(out.body, model).total
        validate_body(out.format, out.body)


def test_prepare_is_deterministic() -> None:
    conv = Conversation.from_messages(example())
    a = prepare(conv, "claude-opus-4-7", window=15_000)
    b = prepare(conv, "claude-opus-4-7", window=15_000)
    assert json.dumps(a.body, sort_keys=True) == json.dumps(b.body, sort_keys=True)
    keep = Preparer("claude-opus-4-7", window=15_000)
    first, second = keep.prepare(conv), keep.prepare(conv)
    assert first.body == second.body


def test_requests_validate_against_the_official_sdks() -> None:
    for model in ("gpt-4o", "claude-opus-4-7"):
        out = prepare(example(), model, window=30_000, compaction=False)
        validate_body(out.format, out.body)


def _png(w: int, h: int) -> str:
    return b64(png(w, h, (30, 60, 90)))


def test_oversized_screenshot_is_normalized_priced_and_sent_at_the_new_size() -> None:
    shot = Image(media_type="image/png", data=InlineData(_png(3840, 2160)), name="shot.png")
    msgs = [Message.user(shot, "what is on this screen?")]
    out = prepare(msgs, "claude-opus-4-7", compaction=False)
    block = out.body["messages"][0]["content"][0]
    sent = base64.b64decode(block["source"]["data"])
    assert PILImage.open(io.BytesIO(sent)).size == (2000, 1125)
    assert block["source"]["media_type"] == "image/webp"
    assert out.report.image_tokens == 2952  # 2000×1125 on the high-resolution tier
    assert out.report.normalized and "3840×2160" in out.report.normalized[0].reason
    assert msgs[0].content[0] is shot  # the record keeps the original


def test_an_image_re_encoded_at_its_own_size_says_why_not_resized() -> None:
    frames = [PILImage.new("RGB", (64, 48), c) for c in ("red", "blue")]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], loop=0)
    gif = Image(media_type="image/gif", data=InlineData(b64(buf.getvalue())), name="a.gif")
    out = prepare([Message.user(gif, "what is it?")], "gpt-4o", compaction=False)
    (note,) = out.report.normalized
    assert "resized" not in note.reason
    assert "re-encoded" in note.reason and "animated" in note.reason


def test_small_image_passes_through_untouched() -> None:
    data = _png(800, 600)
    out = prepare(
        [Message.user(Image(media_type="image/png", data=InlineData(data)), "hi")],
        "gpt-4o",
        compaction=False,
    )
    assert (
        out.body["messages"][0]["content"][0]["image_url"]["url"] == f"data:image/png;base64,{data}"
    )
    assert not out.report.normalized


def test_vision_gate_runs_at_send_and_keeps_the_record() -> None:
    msgs = [
        Message.user(
            Image(media_type="image/png", data=InlineData(_png(64, 64)), name="a.png"),
            "what is it?",
        )
    ]
    with pytest.raises(VisionGateError, match=r"gpt-3\.5-turbo"):
        prepare(msgs, "gpt-3.5-turbo", compaction=False)
    out = prepare(msgs, "gpt-3.5-turbo", compaction=False, on_images="placeholder")
    assert "omitted: gpt-3.5-turbo does not accept images" in json.dumps(out.body)
    assert any(n.kind == "replaced" for n in out.report.notices)


def test_restored_session_is_repaired_before_sending() -> None:
    msgs = [
        Message.user("run it", id="u1"),
        Message("assistant", (ToolCall("c1", "run", "{}"),), id="a1"),
        Message.user("hello?", id="u2"),
    ]
    out = prepare(msgs, "gpt-4o", compaction=False)
    roles = [m["role"] for m in out.body["messages"]]
    assert roles == ["user", "assistant", "tool", "user"]
    assert out.report.repairs and any(n.kind == "repaired" for n in out.report.notices)


def test_compaction_runs_before_fit_when_due_and_never_when_off() -> None:
    conv = Conversation.from_messages(example())
    # compaction recaps only what the window cannot hold
    assert prepare(conv, "gpt-4o", window=128_000, compaction=True).event is None
    on = prepare(conv, "gpt-4o", window=8_000, max_output_tokens=1000, compaction=True)
    assert on.event is not None and on.report.compaction_state.startswith("recap covers")
    assert on.messages[1].is_recap
    assert len(on.conversation.record) == len(conv.record)  # the record is kept
    off = prepare(conv, "gpt-4o", window=128_000, compaction=False)
    assert off.event is None and off.report.compaction_state == "off"


def test_tools_are_translated_and_priced_as_sent() -> None:
    tools = [
        {
            "type": "function",
            "function": {
                "name": "read_file",
                "description": "Read a file",
                "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
            },
        }
    ]
    for model in MODELS:
        out = prepare(example(), model, window=20_000, tools=tools, compaction=False)
        assert out.report.tools_tokens > 0
        # not told the tool_choice the app adds: the most one costs (review18 R18-P1)
        assert out.report.used >= price_request(out.body, model).total
        for choice in ("auto", "required"):
            told = prepare(example(), model, window=20_000, tools=tools, compaction=False,
                           tool_choice=choice)  # fmt: skip
            assert (
                told.report.used == price_request({**told.body, "tool_choice": choice}, model).total
            )


def _session(turns: int) -> list[list[Message]]:
    """A growing agent session: each turn adds a request, a tool exchange and an answer."""
    history: list[Message] = [Message.system("You are a coding agent.", id="sys")]
    snapshots: list[list[Message]] = []
    for t in range(turns):
        history += [
            Message.user(f"step {t}: run the tests and fix what fails", id=f"u{t}"),
            Message("assistant", (ToolCall(f"c{t}", "run", '{"cmd": "pytest -q"}'),), id=f"a{t}"),
            Message.tool(f"c{t}", "ok\n" * (20 + t % 7 * 10), id=f"t{t}"),
            Message.assistant(f"Turn {t}: all green.", id=f"r{t}"),
        ]
        snapshots.append(list(history))
    return snapshots


def prefix_share(hysteresis: float, turns: int = 80) -> float:
    preparer = Preparer(
        "gpt-4o", window=3000, max_output_tokens=500, compaction=False, hysteresis=hysteresis
    )
    previous: list[Any] | None = None
    shared = cut_turns = 0
    for snapshot in _session(turns):
        msgs = preparer.prepare(snapshot).body["messages"]
        if previous is not None:
            cut_turns += 1
            if msgs[: len(previous)] == previous:
                shared += 1
        previous = msgs
    return shared / cut_turns


def test_sticky_cut_keeps_the_prompt_cache_prefix() -> None:
    exact, sticky = prefix_share(0.0), prefix_share(0.3)
    # Cuts land on user turns (the history starts with one), which already steadies the
    # exact cut a little (~0.43 here); the sticky cut is what makes the prefix last.
    assert sticky > exact + 0.35
    assert sticky >= 0.8


def test_provider_prefix_is_not_sent_as_the_model_name() -> None:
    # A model the catalog does not know needs its window (prices are then estimates).
    out = prepare([Message.user("hi")], "openai-compatible/llama3", window=8192, compaction=False)
    assert out.body["model"] == "llama3"


def test_compaction_token_trigger_follows_the_window_override() -> None:
    msgs = [
        Message.user(f"step {i}: edit src/mod{i}.py " + "detail " * 40, id=f"u{i}")
        for i in range(20)
    ]
    out = prepare(msgs, "gpt-4o", window=1000, max_output_tokens=200, compaction=True)
    assert out.event is not None  # 20 messages < 36, so only the token trigger can fire


PERSON_FORMAT = {
    "type": "json_schema",
    "json_schema": {
        "name": "Person",
        "schema": {"type": "object", "properties": {"name": {"type": "string"}}},
        "strict": True,
    },
}


@given(
    data=conversations(max_turns=10, reasoning_provider="anthropic"),
    window=st.integers(1500, 20_000),
    response_format=st.sampled_from([None, PERSON_FORMAT]),
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_budget_equals_sent_for_every_target(
    data: tuple[Message, ...], window: int, response_format: object
) -> None:
    """Compact OpenAI-style arguments, names and foreign reasoning, a structured-output
    format or none: priced as each writer sends."""
    import dataclasses

    def squeeze(m: Message) -> Message:
        content = tuple(
            dataclasses.replace(b, arguments=json.dumps(json.loads(b.arguments), separators=(",", ":")))
            if isinstance(b, ToolCall) else b
            for b in m.content
        )  # fmt: skip
        return Message(m.role, content, id=m.id, name="bob" if m.role == "user" else None)

    msgs = tuple(squeeze(m) for m in data)
    for target in ("openai", "anthropic", "gemini", "openai-responses"):
        try:
            out = prepare(
                msgs,
                "gpt-4o",
                target=target,
                window=window,
                max_output_tokens=500,
                compaction=False,
                response_format=response_format,
            )
        except BudgetError:
            continue
        assert out.report.used == price_request(out.body, "gpt-4o", target).total, target


def test_compaction_event_can_be_kept_on_the_callers_record_after_a_repair() -> None:
    msgs = [Message.user(f"step {i}", id=f"u{i}") for i in range(40)]
    msgs.insert(5, Message("assistant", (ToolCall("c1", "run", "{}"),), id="a1"))  # dangling
    conv = Conversation.from_messages(msgs)
    out = prepare(conv, "gpt-4o", window=300, max_output_tokens=100, compaction=True)
    assert out.event is not None
    kept = Conversation(conv.record, (*conv.events, out.event))  # no ContentError
    assert kept.view[0].is_recap


def test_a_gemini_body_with_joined_user_turns_is_priced_as_sent() -> None:
    """Gemini wants roles to alternate, so the writer joins consecutive user turns after
    labelling each one's images; read back, the joined turn's labels must be priced as the
    body holds them (found by the property test above: 8 tokens apart)."""
    from contextledger.model import FileAttachment

    def attachment() -> FileAttachment:
        return FileAttachment(name="?", text="?", data=None, media_type="text/plain")

    def shot() -> Image:
        return Image(media_type=None, url="https://example.com/shot0.png")

    msgs = [
        Message("user", (Text("?"), attachment()), name="bob"),
        Message("user", (shot(), shot(), attachment()), name="bob"),
        Message("user", (Text("?"), attachment()), name="bob"),
        Message("user", (shot(), attachment()), name="bob"),
        Message("user", (Text("?"),), name="bob"),
    ]
    out = prepare(msgs, "gpt-4o", target="gemini", window=100_000, compaction=False)
    assert out.report.used == price_request(out.body, "gpt-4o", "gemini").total


def _agent_dicts(rounds: int) -> list[dict[str, Any]]:
    """An app's own history: OpenAI Chat dicts, a goal, then tool rounds."""
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Goal: make the exporter write Parquet."},
    ]
    for i in range(rounds):
        call = {"name": "shell", "arguments": json.dumps({"command": f"pytest tests/m{i}.py"})}
        msgs += [
            {"role": "user", "content": f"Step {i}: run the tests of module {i}."},
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": f"c{i}", "type": "function", "function": call}]},
            {"role": "tool", "tool_call_id": f"c{i}", "content": f"module {i}: " + "a log line\n" * 30},
            {"role": "assistant", "content": f"Module {i} passes."},
        ]  # fmt: skip
    return msgs


def _round(turn: int) -> list[dict[str, Any]]:
    return [
        {"role": "assistant", "content": f"Done with step {turn}."},
        {"role": "user", "content": f"Now look at module {turn} again."},
    ]


def test_the_apps_growing_list_of_dicts_keeps_its_recap_like_a_carried_conversation() -> None:
    """An app that appends to its list of dicts gets, turn by turn, exactly the request a
    caller carrying ``Prepared.conversation`` gets: the recap is made once, not every turn."""
    dicts = _agent_dicts(60)
    by_dicts = Preparer("gpt-4o", window=8_000, max_output_tokens=1000)
    by_conv = Preparer("gpt-4o", window=8_000, max_output_tokens=1000)
    conv = Conversation.from_messages(read_messages(dicts))
    recaps = 0
    for turn in range(8):
        a, b = by_dicts.prepare(dicts), by_conv.prepare(conv)
        assert a.body == b.body and a.report.compaction == b.report.compaction, turn
        assert (a.event is None) == (b.event is None)
        assert a.report.used == price_request(a.body, "gpt-4o").total
        recaps += a.event is not None
        dicts = dicts + _round(turn)
        conv = b.conversation.append(*read_messages(dicts)[len(conv.record) :])
    assert recaps == 1
    assert a.messages[1].is_recap and a.conversation.events == b.conversation.events


def test_an_edited_earlier_message_sets_the_recap_aside_and_says_so() -> None:
    """An app that rewrites a message the recap covers gets a recap of the history as it
    is now (the one a fresh Preparer makes), never the stale one; an edit of a recent turn
    is priced as edited."""
    dicts = _agent_dicts(60)
    preparer = Preparer("gpt-4o", window=8_000, max_output_tokens=1000)
    first = preparer.prepare(dicts)
    assert first.event is not None and "m3" in first.event.covers
    dicts = [*dicts[:3], {"role": "user", "content": "Never run `rm -rf build` on the runner."},
             *dicts[4:], *_round(0)]  # fmt: skip
    out = preparer.prepare(dicts)
    fresh = Preparer("gpt-4o", window=8_000, max_output_tokens=1000).prepare(dicts)
    assert out.event is not None and fresh.event is not None
    assert out.event.recap_text == fresh.event.recap_text != first.event.recap_text
    assert "rm -rf build" in json.dumps(out.body)
    assert out.conversation.events == (out.event,)
    said = [n for n in out.report.notices if n.kind == "compaction" and n.where == "m3"]
    assert said and "set aside" in said[0].text
    # a recent turn grows tenfold: its new text is sent and priced, the recap stands
    last = len(dicts) - 2
    dicts[last] = {"role": "assistant", "content": "Done with step 0. " * 60}
    again = preparer.prepare(dicts)
    assert "Done with step 0. " * 60 in json.dumps(again.body)
    assert again.report.used == price_request(again.body, "gpt-4o").total


def test_a_list_of_messages_without_ids_keeps_its_recap_too() -> None:
    msgs = list(read_messages(_agent_dicts(60)))
    msgs = [Message(m.role, m.content) for m in msgs]  # no ids: positions name them
    preparer = Preparer("gpt-4o", window=8_000, max_output_tokens=1000)
    assert preparer.prepare(msgs).event is not None
    msgs += [Message.assistant("Done."), Message.user("Next module.")]
    out = preparer.prepare(msgs)
    assert out.event is None and out.messages[1].is_recap


def test_the_room_a_dry_fit_holds_is_copies_of_one_priced_chunk() -> None:
    """A quarter of a 1M window held for the turns to come was one filler message of
    250k tokens, tokenized on every compaction turn (5 s: prov5, gpt-4.1 on the Responses
    API): it is copies of one chunk, priced once, and the rest."""
    preparer = Preparer("gpt-4.1", target="openai-responses")
    held = preparer._headroom(250_000)
    price = sum(preparer.fitter.pricer.message(m).total for m in held)
    assert 250_000 - 600 <= price <= 250_000 + 600
    assert len({id(m) for m in held}) <= 2


_PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="


def _one_px() -> Image:
    return Image(media_type="image/png", data=InlineData(text=_PNG_1PX, start=0))


@pytest.mark.parametrize(
    "after_tool",
    [
        ((_one_px,),),  # found by hypothesis in train44's CI: 572 priced, 568 sent
        ((_one_px, _one_px),),
        ((_one_px,), (_one_px,)),
        ((_one_px,), ("go on",)),
        ((_one_px, "and this?"),),
        (("look:", _one_px),),
    ],
)
def test_gemini_user_images_right_after_a_tools_images_are_priced_as_sent(
    after_tool: tuple[tuple[object, ...], ...],
) -> None:
    """Gemini's wire puts a tool's images after a header at the end of the results' user
    turn; a user message of images alone that follows is read back as more of the tool's
    images, so its own framing is not sent: the report prices exactly what is sent."""
    users = tuple(
        Message(
            "user",
            tuple(Text(x) if isinstance(x, str) else x() for x in blocks),  # type: ignore[operator]
            name="bob",
        )
        for blocks in after_tool
    )
    msgs = (
        Message("user", (Text("read it"),), name="bob"),
        Message("assistant", (ToolCall(id="call_1", name="read_file", arguments="{}"),)),
        Message("tool", (ToolResult("call_1", (Text("?"), _one_px())),)),
        *users,
    )
    for target in ("openai", "anthropic", "gemini", "openai-responses"):
        out = prepare(msgs, "gpt-4o", target=target, window=20_000, compaction=False)
        assert out.report.used == price_request(out.body, "gpt-4o", target).total, target


def _long_chat(turns: int) -> list[dict[str, Any]]:
    chat: list[dict[str, Any]] = [{"role": "system", "content": "You are helpful."}]
    for i in range(turns):
        chat.append(
            {"role": "user", "content": f"Question {i}: explain topic {i} " + "word " * 150}
        )
        chat.append({"role": "assistant", "content": f"Answer {i}: " + "detail " * 150})
    return chat


def test_a_request_option_given_later_reaches_the_dry_fits_of_compaction() -> None:
    """A Preparer's scratch fitters decide what the recap covers. Built on the first turn,
    they kept that turn's options: after a large response_format came with a later turn,
    they budgeted without it, and the real fit dropped 20 turns the recap did not cover."""
    schema = {
        "type": "json_schema",
        "json_schema": {
            "name": "big",
            "schema": {
                "type": "object",
                "properties": {
                    f"field_{k}": {"type": "string", "description": "a long description " * 20}
                    for k in range(40)
                },
            },
        },
    }
    chat = _long_chat(60)
    # (no sticky cut: a kept Preparer moves its cut by hysteresis steps, a fresh one cuts
    # where it fits; what is compared is the options the dry fits budget with)
    warm = Preparer("gpt-4o", window=8000, max_output_tokens=1000, hysteresis=0.0)
    warm.prepare([*chat, {"role": "user", "content": "ok"}], write=False)
    later = [*chat, {"role": "user", "content": "Now summarise everything."}]
    fresh = Preparer("gpt-4o", window=8000, max_output_tokens=1000, hysteresis=0.0)
    got = warm.prepare(later, response_format=schema, write=False).report
    want = fresh.prepare(later, response_format=schema, write=False).report
    assert got.fit.dropped == want.fit.dropped == ()
    assert (got.used, got.compaction_state) == (want.used, want.compaction_state)

"""Audio for a model that hears none (gpt-4o on Chat, every Claude): ``on_audio=`` mirrors
``on_images=``. By default an earlier voice note (a pinned request's, a tool's recording)
is sent as a text placeholder, reported per clip; the newest request's own audio is its
goal, so it is refused naming where; ``on_audio="refuse"`` refuses any (review R18-P3)."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from builders import wav_bytes
from contextledger import Fitter, fit, translate
from contextledger.errors import ArgumentError, UnsupportedBlockError
from contextledger.fit import FitOptions
from contextledger.model import Audio, InlineData, Message, Text, ToolCall, ToolResult
from contextledger.pricing.messages import price_request
from stub_server import StubServer, validate_anthropic, validate_openai

HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01"}


CLIP = Audio(InlineData.from_bytes(wav_bytes(3, rate=8_000)), "wav")


def voice_note_dict() -> dict[str, Any]:
    data = base64.b64encode(wav_bytes(3, rate=8_000)).decode()
    return {"type": "input_audio", "input_audio": {"data": data, "format": "wav"}}


def pinned_voice_note() -> list[Message]:
    """The earlier request (pinned: it is short and recent) carries a voice note."""
    return [
        Message.user("Transcribe this and keep it in mind.", CLIP, id="u1"),
        Message.assistant("Noted.", id="a1"),
        Message.user("Now draft the reply email.", id="u2"),
    ]


def sent_body(messages: tuple[Message, ...], target: str, model: str) -> dict[str, Any]:
    body = dict(translate(messages, target, model=model).body)
    if target == "openai":
        validate_openai({"model": model, **body}, StubServer())
    else:
        validate_anthropic({"model": model, "max_tokens": 100, **body}, HEADERS, StubServer())
    return body


@pytest.mark.parametrize(
    ("model", "target"), [("gpt-4o", "openai"), ("claude-sonnet-4-5", "anthropic")]
)
def test_an_earlier_voice_note_becomes_a_reported_placeholder(model: str, target: str) -> None:
    res = fit(pinned_voice_note(), model, target=target)
    first = res.messages[0]
    assert first.id == "u1" and not any(isinstance(b, Audio) for b in first.content)
    placeholder = [b.text for b in first.content if isinstance(b, Text)][-1]
    assert "omitted" in placeholder and model in placeholder
    heard = [n for n in res.report.notices if n.where == "u1"]
    assert len(heard) == 1 and "will not hear" in heard[0].text
    assert "voice note" in heard[0].text and "on_audio='refuse'" in heard[0].text
    assert [c.what for c in res.report.changes if c.action == "replaced"] == ["audio"]
    body = sent_body(res.messages, target, model)
    assert res.report.used - res.report.tools_tokens == price_request(body, model, target).total


def test_the_same_from_the_apps_dicts() -> None:
    msgs = [
        {"role": "user", "content": [{"type": "text", "text": "Keep this."}, voice_note_dict()]},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Now draft the reply."},
    ]
    res = fit(msgs, "gpt-4o", target="openai")
    assert "input_audio" not in str(translate(res.messages, "openai").body)
    assert any("will not hear" in n.text for n in res.report.notices)


def test_refuse_keeps_the_typed_error_naming_where() -> None:
    with pytest.raises(UnsupportedBlockError) as err:
        fit(pinned_voice_note(), "gpt-4o", on_audio="refuse")
    assert err.value.path == "message u1 content[1]" and "no audio" in str(err.value)


def test_the_newest_requests_own_voice_note_is_refused_naming_where() -> None:
    """It is the goal: a placeholder would answer a question nobody can hear."""
    msgs = [*pinned_voice_note()[:2], Message.user("And this one?", CLIP, id="u2")]
    with pytest.raises(UnsupportedBlockError) as err:
        fit(msgs, "gpt-4o")
    assert err.value.path == "message u2 content[1]"
    assert "gpt-4o-audio-preview" in str(err.value)


def test_a_recording_a_tool_returned_earlier_becomes_a_placeholder() -> None:
    result = ToolResult("c1", (Text("recorded"), CLIP))
    agent = [
        Message.user("record it", id="u0"),
        Message.assistant(ToolCall("c1", "rec", "{}"), id="a0"),
        Message("tool", (result,), id="t1"),
        Message.assistant("Recorded.", id="a1"),
        Message.user("and?", id="u2"),
    ]
    res = fit(agent, "gpt-4o", target="openai")
    body = sent_body(res.messages, "openai", "gpt-4o")
    assert "input_audio" not in str(body)
    assert [n.where for n in res.report.notices if "will not hear" in n.text] == ["t1"]
    assert (
        res.report.used - res.report.tools_tokens == price_request(body, "gpt-4o", "openai").total
    )
    with pytest.raises(UnsupportedBlockError) as err:
        fit(agent, "gpt-4o", on_audio="refuse")
    assert err.value.path == "message t1 content[0].content[1]"


def test_a_refit_sends_the_same_placeholder_and_reports_it_again() -> None:
    fitter = Fitter("gpt-4o", options=FitOptions())
    history = pinned_voice_note()
    first = fitter.fit(history)
    again = fitter.fit(
        [*history, Message.assistant("Draft: …", id="a2"), Message.user("ok", id="u3")]
    )
    assert first.messages[0] is again.messages[0]  # the placeholder view is kept, not rebuilt
    assert [n.where for n in again.report.notices if "will not hear" in n.text] == ["u1"]


def test_a_model_that_hears_gets_the_audio() -> None:
    res = fit(pinned_voice_note(), "gpt-4o-audio-preview", target="openai")
    assert any(isinstance(b, Audio) for b in res.messages[0].content)
    assert not [n for n in res.report.notices if "will not hear" in n.text]


def test_an_unknown_on_audio_is_refused() -> None:
    with pytest.raises(ArgumentError):
        FitOptions(on_audio="drop")  # type: ignore[arg-type]


SPOKEN_REPLY = [
    {"role": "user", "content": "Tell me a short joke, out loud."},
    {
        "role": "assistant",
        "content": None,
        "audio": {
            "id": "audio_abc123",
            "data": "UklGRgAAAAA=",
            "transcript": "Why did the chicken cross the road?",
            "expires_at": 4102444800,  # (2100: OpenAI refuses an expired id)
        },
    },
    {"role": "user", "content": "Now explain it."},
]


def test_an_earlier_spoken_reply_reaches_a_deaf_model_as_its_transcript() -> None:
    # R34-prov29-1: fit kept the reply by its id for gpt-4.1 (which refuses audio) while its
    # report said it was replaced; prepare's body sent it. Fit now sends what it priced: the
    # transcript the app kept, reported
    out = fit(SPOKEN_REPLY, "gpt-4.1", max_output_tokens=500, target="openai")
    body = translate(out.messages, "openai").body
    assert not any("audio" in m for m in body["messages"])
    assert "Why did the chicken cross the road?" in body["messages"][1]["content"]
    validate_openai({"model": "gpt-4.1", **body}, StubServer())
    assert out.report.used - out.report.tools_tokens == price_request(body, "gpt-4.1").total
    assert any("spoken reply" in n.text for n in out.report.notices)


def test_an_earlier_spoken_reply_goes_back_by_its_id_to_a_model_that_hears() -> None:
    out = fit(SPOKEN_REPLY, "gpt-4o-audio-preview", max_output_tokens=500, target="openai")
    body = translate(out.messages, "openai").body
    assert body["messages"][1]["audio"] == {"id": "audio_abc123"}


def test_an_earlier_spoken_reply_too_big_as_audio_goes_as_its_transcript() -> None:
    # R35-A1: priced by its id at one reply's most (16,384 output tokens), it was dropped
    # whole from a 3-message chat at 16k ("A message of 0 characters was left out") though
    # the line it is said in fits many times over
    history = [
        {"role": "user", "content": "Say hello in French, out loud."},
        {
            "role": "assistant",
            "content": None,
            "audio": {"id": "audio_abc123", "expires_at": 4_000_000_000, "transcript": "Bonjour !"},
        },
        {"role": "user", "content": "Again, slower."},
    ]
    out = fit(history, "gpt-audio", window=16_000, max_output_tokens=1_000, target="openai")
    body = translate(out.messages, "openai", model="gpt-audio").body
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]
    assert "Bonjour !" in body["messages"][1]["content"]
    validate_openai({"model": "gpt-audio", **body}, StubServer())
    assert out.report.used <= out.report.budget
    assert [c.action for c in out.report.changes if c.action != "kept"] == ["replaced"]
    (said,) = [n for n in out.report.notices if "spoken reply" in n.text]
    assert said.kind == "replaced" and "as text" in said.text

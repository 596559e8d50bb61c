"""``contextledger chat`` across providers: a session that starts on Gemini and switches to
OpenAI Chat, Anthropic, OpenAI Responses and back, every request checked by the validating
stub (which speaks all four APIs), the screenshot kept and sent to each provider."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result

import contextledger.cli.chat  # noqa: F401  (registers the command)
from chat_harness import run_chat
from contextledger import SessionStore
from stub_server import Fault, StubReply, StubServer


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no stray .env from the repository
    return tmp_path / "home"


def chat(stub: StubServer, home: Path, args: list[str], *lines: str) -> Result:
    return run_chat(stub, home, args, *lines, compaction="off")


def images_in(body: object) -> int:
    """Images in a request body of any of the four APIs (base64 data only)."""
    text = json.dumps(body)
    kinds = ('"type": "image_url"', '"type": "input_image"', '"inlineData"')
    return sum(text.count(k) for k in kinds) + len(_anthropic_images(body))


def _anthropic_images(body: object) -> list[object]:
    if not isinstance(body, dict) or "max_tokens" not in body:
        return []
    return [
        p
        for m in body.get("messages", [])
        for p in (m["content"] if isinstance(m["content"], list) else [])
        if p.get("type") == "image"
    ]


def test_a_gemini_chat_switches_providers_mid_session_and_keeps_the_image(
    stub: StubServer, home: Path, screenshot: Path
) -> None:
    stub.script(StubReply("It is a 413 from the proxy.", reasoning="The banner says 413."))
    out = chat(
        stub,
        home,
        ["--session", "mix", "--model", "gemini-2.5-flash", "--system", "Be brief."],
        f"/image {screenshot}",
        "What does this error say?",
        "/model gpt-4o",
        "Which header sets the limit?",
        "/model claude-sonnet-4-6",
        "Is the screenshot still with you?",
        "/model gpt-4o openai-responses",
        "Summarize the screenshot.",
        "/model gemini-3-flash-preview",
        "Back on Gemini: what was the status code?",
        "/usage",
        "/quit",
    ).output

    assert "gemini-2.5-flash (gemini via Gemini" in out
    assert "gpt-4o (openai via OpenAI Responses" in out
    assert "It is a 413 from the proxy." in out
    assert stub.rejected() == [], stub.rejected()[0].error
    requests = stub.completions()
    paths = [r.path.split("?")[0].rsplit("/", 1)[-1] for r in requests]
    assert paths == [
        "gemini-2.5-flash:streamGenerateContent",
        "completions",
        "messages",
        "responses",
        "gemini-3-flash-preview:streamGenerateContent",
    ]
    assert [images_in(r.body) for r in requests] == [1, 1, 1, 1, 1], "the image goes along"
    last = requests[-1].body
    said = json.dumps(last["contents"])
    for line in ("What does this error say?", "Is the screenshot still with you?"):
        assert line in said
    # Gemini's own thought goes back to Gemini, and only there
    assert '"thought": true' in said and "The banner says 413." in said
    assert "The banner says 413." not in json.dumps(requests[1].body)
    assert "reasoning block from gemini was not sent" in " ".join(out.split())

    with SessionStore(home / "sessions.db") as store:
        loaded = store.load("mix")
    assert [m.role for m in loaded.stored] == ["system", *["user", "assistant"] * 5]
    usage = [e.data for e in loaded.events if e.kind == "usage"]
    assert [u["model"] for u in usage] == [
        "gemini-2.5-flash",
        "gpt-4o",
        "claude-sonnet-4-6",
        "gpt-4o",
        "gemini-3-flash-preview",
    ]
    assert all(isinstance(u["reported"], int) for u in usage), usage


def test_a_stalled_gemini_keeps_the_message_for_a_retry(stub: StubServer, home: Path) -> None:
    stub.fail(Fault("stall", seconds=600))  # until teardown
    out = chat(
        stub,
        home,
        ["--session", "g", "-m", "gemini-2.5-flash", "--timeout", "0.5"],
        "Hello Gemini, are you there?",
        "",  # Enter: send what was kept
        "/quit",
    )
    text = " ".join(out.output.split())
    assert "gemini did not answer in time for gemini-2.5-flash" in text
    assert "kept your message (not sent, not stored): press Enter to try again" in text
    sent = stub.requests[-1].body["contents"]
    assert sent[-1]["parts"][0]["text"] == "Hello Gemini, are you there?"
    with SessionStore(home / "sessions.db") as store:
        assert [m.role for m in store.load("g").stored] == ["user", "assistant"]


def test_api_option_and_a_bad_api_name(stub: StubServer, home: Path) -> None:
    out = chat(
        stub,
        home,
        ["--session", "r", "--model", "gpt-4o", "--api", "openai-responses"],
        "hello",
        "/model gpt-4o smoke-signals",
        "/quit",
    ).output
    assert [r.path for r in stub.completions()] == ["/v1/responses"]
    assert "unknown API 'smoke-signals'" in out


def test_a_resumed_session_keeps_the_api_it_used(stub: StubServer, home: Path) -> None:
    chat(
        stub,
        home,
        ["--session", "k", "--model", "gpt-4o", "--api", "openai-responses"],
        "hi",
        "/quit",
    )
    out = chat(stub, home, ["--session", "k"], "still there?", "/quit").output
    assert "gpt-4o (openai via OpenAI Responses" in out
    assert [r.path for r in stub.completions()] == ["/v1/responses", "/v1/responses"]

"""``contextledger chat`` end to end: click's CliRunner types lines, a real HTTP stub answers.

Every request the chat sends is validated by the stub as the real API would (roles, tool
pairs, image limits, text-only models), and the session is checked in the store after.
"""

from __future__ import annotations

import base64
import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from PIL import Image as PILImage

import contextledger.cli.chat  # noqa: F401  (registers the command)
from builders import save_image
from chat_harness import run_chat
from contextledger import SessionStore
from contextledger.cli import main
from stub_server import Fault, StubReply, StubServer


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no stray .env from the repository
    return tmp_path / "home"


# OpenAI's text-only chat models (gpt-3.5-turbo, gpt-4) were shut down 2026-10-23: the
# text-only behaviour is shown on gpt-3.5-turbo served again, as a deployment that keeps it.
TEXT_ONLY_SERVED = pytest.mark.usefixtures("served_by_default")


def chat(stub: StubServer, home: Path, args: list[str], *lines: str) -> Result:
    return run_chat(stub, home, args, *lines, compaction="on")


def flat(text: str) -> str:
    return " ".join(text.split())


def stored(home: Path, session: str) -> tuple[list[str], list[str]]:
    with SessionStore(home / "sessions.db") as store:
        loaded = store.load(session)
    return [m.role for m in loaded.stored], [e.kind for e in loaded.events]


def test_multi_turn_chat_streams_shows_the_meter_and_stores_everything(
    stub: StubServer, home: Path
) -> None:
    out = chat(stub, home, ["--session", "s", "--system", "Be brief."],
               "The upload endpoint returns 500 for big files.", "What should I check first?", "/quit")  # fmt: skip
    text = flat(out.output)

    assert "new session 's'" in text
    assert "Stub reply 1: I read 2 message(s) and 0 image(s)." in text
    assert (
        "Stub reply 2: I read 4 message(s) and 0 image(s). You said: What should I check first?"
        in text
    )
    meters = re.findall(r"\[gpt-4o\] context \S+ ([\d,]+)/128,000 tokens", text)
    assert len(meters) == 2 and int(meters[1].replace(",", "")) > int(meters[0].replace(",", ""))
    assert "compaction: on (no recap yet)" in text
    assert "provider reported" in text and "estimate" in text

    requests = stub.completions()
    assert [len(r.messages) for r in requests] == [2, 4]
    assert [m["role"] for m in requests[1].messages] == ["system", "user", "assistant", "user"]
    assert requests[1].messages[2]["content"].startswith("Stub reply 1")
    roles, events = stored(home, "s")
    assert roles == ["system", "user", "assistant", "user", "assistant"]
    assert events == ["usage", "usage"]


def test_image_is_normalized_stored_as_a_ref_and_sent(
    stub: StubServer, home: Path, tmp_path: Path
) -> None:
    big = save_image(tmp_path / "big.png", 3200, 1800, color="navy")
    out = chat(
        stub, home, ["--session", "img"], f"/image {big}", "What does this error say?", "/quit"
    )
    text = flat(out.output)

    assert "attached 'big.png' 3200×1800" in text and "2000×1125" in text
    m = re.search(r"images ([\d,]+)", text)
    assert m is not None and int(m.group(1).replace(",", "")) > 0
    (request,) = stub.completions()
    parts = request.messages[-1]["content"]
    assert parts[0] == {"type": "text", "text": "What does this error say?"} or any(
        p.get("text") == "What does this error say?" for p in parts
    )
    (img,) = [p for p in parts if p["type"] == "image_url"]
    data = base64.b64decode(img["image_url"]["url"].split(",", 1)[1])
    assert PILImage.open(io.BytesIO(data)).size == (2000, 1125)

    with SessionStore(home / "sessions.db") as store:
        user = store.load("img").stored[0]
        (block,) = list(user.images())
        assert block.ref is not None and block.data is None  # the row holds a ref, not base64
        assert store.media.read(block.ref) == data


@TEXT_ONLY_SERVED
def test_switch_to_text_only_model_refuses_and_keeps_text_and_attachment(
    stub: StubServer, home: Path, screenshot: Path
) -> None:
    shot = screenshot
    out = chat(
        stub, home, ["--session", "gate"],
        f"/image {shot}",
        "/model gpt-3.5-turbo",
        "Why is this red?",
        "/model gpt-4o",
        "",  # Enter: send what was kept
        "/quit",
    )  # fmt: skip
    text = flat(out.output)

    assert "gpt-3.5-turbo does not accept images" in text  # warned at /model already
    assert "not sent: gpt-3.5-turbo cannot accept images" in text
    assert "kept your message and 1 attachment (not sent, not stored)" in text
    assert not [r for r in stub.requests if r.body.get("model") == "gpt-3.5-turbo"]
    (request,) = stub.completions()
    assert request.body["model"] == "gpt-4o"
    last = request.messages[-1]
    assert any(p.get("text") == "Why is this red?" for p in last["content"])
    assert sum(p["type"] == "image_url" for p in last["content"]) == 1
    roles, _ = stored(home, "gate")
    assert roles == ["user", "assistant"]  # the refused attempt was never stored


@TEXT_ONLY_SERVED
def test_drop_discards_the_attachment_and_the_text_goes_to_the_text_only_model(
    stub: StubServer, home: Path, screenshot: Path
) -> None:
    shot = screenshot
    out = chat(stub, home, ["--model", "gpt-3.5-turbo"],
               f"/image {shot}", "Summarize the log.", "/drop", "", "/quit")  # fmt: skip
    text = flat(out.output)

    assert "not sent: gpt-3.5-turbo cannot accept images" in text
    assert "dropped 1 attachment(s): 'shot.png' 1280×800" in text
    (request,) = stub.completions()
    assert request.body["model"] == "gpt-3.5-turbo"
    assert request.messages[-1] == {"role": "user", "content": "Summarize the log."}


def test_resume_a_session_with_its_model_and_history(stub: StubServer, home: Path) -> None:
    chat(
        stub,
        home,
        ["--session", "work", "--model", "gpt-4.1"],
        "Remember: the bucket is uploads-eu.",
        "/quit",
    )
    out = chat(stub, home, ["--session", "work"], "Which bucket was it?", "/quit")
    text = flat(out.output)

    assert "resumed session 'work': 2 message(s)" in text
    assert "model gpt-4.1" in text  # the last model used in the session
    second = stub.completions()[-1]
    assert second.body["model"] == "gpt-4.1"
    assert [m["role"] for m in second.messages] == ["user", "assistant", "user"]
    assert second.messages[0]["content"] == "Remember: the bucket is uploads-eu."
    roles, events = stored(home, "work")
    assert roles == ["user", "assistant", "user", "assistant"] and events == ["usage", "usage"]


def test_provider_error_keeps_the_message_for_a_retry(stub: StubServer, home: Path) -> None:
    stub.fail(Fault("status", 500, "The server had an error while processing your request."))
    out = chat(stub, home, ["--session", "err"], "Is the fix safe?", "", "/quit")
    text = flat(out.output)

    assert "openai failed on the request for gpt-4o (HTTP 500): The server had an error" in text
    assert "kept your message (not sent, not stored): press Enter to try again" in text
    assert [r.status for r in stub.requests] == [500, 200]
    assert stub.requests[1].messages[-1]["content"] == "Is the fix safe?"
    roles, _ = stored(home, "err")
    assert roles == ["user", "assistant"]


def test_a_400_from_the_provider_is_shown_with_its_message(stub: StubServer, home: Path) -> None:
    stub.fail(Fault("status", 400, "Invalid 'messages[0].content': string too long."))
    out = chat(stub, home, [], "hello", "/quit")
    assert "(HTTP 400): Invalid 'messages[0].content': string too long." in flat(out.output)


def test_small_window_every_drop_is_shown_and_requests_stay_valid(
    stub: StubServer, home: Path, screenshot: Path
) -> None:
    shot = screenshot
    long = "The stack trace shows the upload handler failing in parse_multipart. " * 10
    out = chat(
        stub, home, ["--window", "1500", "--max-output", "100", "--session", "tight"],
        f"/image {shot}", "Look at this first.", long, long, "And now the summary?", "/notices", "/quit",
    )  # fmt: skip
    text = flat(out.output)

    # the first request's words are pinned (they set the task); its screenshot gives way
    assert "The model will not see image 'shot.png' 1280×800" in text
    assert "its words are kept (they set the task or a rule), the image did not fit" in text
    assert len(stub.completions()) == 4 and not stub.rejected()
    for request in stub.completions():
        assert request.body["max_completion_tokens"] == 100
    roles, _ = stored(home, "tight")
    assert len(roles) == 8  # nothing lost from the record


def test_tool_calls_in_a_reply_are_shown_and_the_next_request_stays_valid(
    stub: StubServer, home: Path
) -> None:
    stub.script(StubReply("", (("call_9", "run_tests", '{"path": "tests/"}'),)))
    out = chat(
        stub, home, ["--session", "tools"], "Run the tests.", "Never mind, what now?", "/quit"
    )
    text = flat(out.output)

    assert 'the model asked to run the tool run_tests({"path": "tests/"})' in text
    assert "call_9" in text  # the repair that answers it is a visible notice
    _, second = stub.completions()
    roles = [m["role"] for m in second.messages]
    assert roles == ["user", "assistant", "tool", "user"]
    assert second.messages[2]["tool_call_id"] == "call_9"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_anthropic_model_through_the_same_chat(stub: StubServer, home: Path) -> None:
    out = chat(
        stub, home, ["--model", "claude-sonnet-4-5", "--system", "Be brief."], "hi there", "/quit"
    )
    assert "Stub reply 1" in out.output
    (request,) = stub.completions()
    assert request.path == "/v1/messages"
    assert request.body["system"] == "Be brief."
    assert request.body["messages"] == [{"role": "user", "content": "hi there"}]


def test_compaction_recap_is_shown_stored_and_resumed(stub: StubServer, home: Path) -> None:
    turns = [
        f"Step {i}: edit src/module_{i}.py so upload limits come from settings; "
        "we decided to keep MAX_SIZE in config/limits.toml."
        for i in range(19)
    ]  # a small window: compaction recaps what the window cannot hold
    out = chat(stub, home, ["--session", "long", "--window", "800"], *turns, "/quit")
    text = flat(out.output)
    assert "earlier messages into a recap" in text
    assert "compaction: recap covers" in text
    roles, events = stored(home, "long")
    assert "compaction" in events and len(roles) == 38  # the record keeps every message

    chat(
        stub,
        home,
        ["--session", "long", "--window", "800"],
        "What did we decide about MAX_SIZE?",
        "/quit",
    )
    last = stub.completions()[-1]
    first_user = next(m for m in last.messages if m["role"] == "user")
    assert first_user["content"].startswith("Compacted summary of earlier conversation:")
    assert "config/limits.toml" in first_user["content"]
    assert len(last.messages) < 36


def test_unknown_model_and_unknown_command(stub: StubServer, home: Path) -> None:
    out = chat(stub, home, [], "/model no-such-model-xyz", "/frobnicate", "/help", "/quit")
    text = flat(out.output)
    assert "unknown model 'no-such-model-xyz'" in text
    assert "unknown command /frobnicate" in text
    assert "/image PATH" in text
    assert stub.requests == []


@TEXT_ONLY_SERVED
def test_placeholder_mode_sends_visible_placeholders_to_a_text_only_model(
    stub: StubServer, home: Path, screenshot: Path
) -> None:
    shot = screenshot
    out = chat(stub, home, ["--model", "gpt-3.5-turbo", "--on-images", "placeholder"],
               f"/image {shot}", "What is on it?", "/quit")  # fmt: skip
    text = flat(out.output)
    assert "The model will not see image 'shot.png' 1280×800" in text
    (request,) = stub.completions()
    sent = request.messages[-1]["content"]
    flat_sent = sent if isinstance(sent, str) else " ".join(p["text"] for p in sent)
    assert "[image 'shot.png' 1280×800 omitted: gpt-3.5-turbo does not accept images]" in flat_sent
    with SessionStore(home / "sessions.db") as store:
        (name,) = [s.name for s in store.list()]
        (user, _) = store.load(name).stored
    assert len(list(user.images())) == 1  # the record keeps the image itself


@TEXT_ONLY_SERVED
def test_started_with_placeholders_the_switch_warns_of_placeholders_not_a_refusal(
    stub: StubServer, home: Path, screenshot: Path
) -> None:
    out = chat(stub, home, ["--on-images", "placeholder", "--image", str(screenshot)],
               "What is on it?", "/model gpt-3.5-turbo", "And in words?", "/images refuse",
               "Once more?", "/quit")  # fmt: skip
    text = flat(out.output)
    assert "each is sent as a visible text placeholder" in text
    assert "sending is refused" in text  # only after /images refuse
    assert text.index("each is sent as a visible") < text.index("sending is refused")
    assert "not sent: gpt-3.5-turbo cannot accept images" in text
    assert "/drop" not in text.split("not sent:")[1]  # the history holds the image
    assert [r.body["model"] for r in stub.completions()] == ["gpt-4o", "gpt-3.5-turbo"]


def one_shot(stub: StubServer, home: Path, args: list[str], stdin: str | None = None) -> Result:
    env = {"OPENAI_BASE_URL": stub.url, "OPENAI_API_KEY": "test-key",
           "CONTEXTLEDGER_HOME": str(home), "CONTEXTLEDGER_MODEL": "gpt-4o",
           "CONTEXTLEDGER_STORE": "", "CONTEXT_COMPACTION": "on"}  # fmt: skip
    return CliRunner().invoke(main, ["chat", "--retries", "0", *args], input=stdin, env=env)


def test_one_shot_prompt_prints_only_the_reply_and_stores_the_exchange(
    stub: StubServer, home: Path
) -> None:
    res = one_shot(stub, home, ["--session", "q", "Why is the sky blue?"])
    assert res.exit_code == 0, res.output
    assert res.stdout == "Stub reply 1: I read 1 message(s) and 0 image(s). You said: Why is the sky blue?\n"  # fmt: skip
    assert "[gpt-4o] context" in res.stderr and "usage:" in res.stderr
    assert "waiting for" not in res.stderr  # no spinner where stderr is not a terminal
    assert "prices of 2026-11-30" in flat(res.stderr)  # the request's dollars, dated
    assert stored(home, "q") == (["user", "assistant"], ["usage"])

    piped = one_shot(stub, home, ["--continue", "-"], stdin="And at sunset?\n")
    assert piped.exit_code == 0, piped.output
    assert piped.stdout.startswith("Stub reply 2: I read 3 message(s)")  # the history came along
    assert stored(home, "q")[0] == ["user", "assistant", "user", "assistant"]


def test_continue_picks_the_last_used_session(stub: StubServer, home: Path) -> None:
    for name, text in (("older", "first"), ("newer", "second"), ("older", "third")):
        assert one_shot(stub, home, ["--session", name, text]).exit_code == 0
    res = chat(stub, home, ["-c"], "/quit")
    assert "resumed session 'older'" in flat(res.output)
    assert one_shot(stub, home, ["-c", "--session", "x", "hi"]).exit_code == 2


@TEXT_ONLY_SERVED
def test_continue_with_nothing_stored_and_refused_one_shots_exit_non_zero(
    stub: StubServer, home: Path, screenshot: Path
) -> None:
    res = one_shot(stub, home, ["-c", "hello"])
    assert res.exit_code == 1 and "no earlier conversation to continue" in res.stderr
    refused = one_shot(stub, home, ["-m", "gpt-3.5-turbo", "--image", str(screenshot), "what?"])
    assert refused.exit_code == 2 and refused.stdout == ""
    assert (
        "--on-images placeholder" in flat(refused.stderr) and "nothing was stored" in refused.stderr
    )
    assert "on_images" not in refused.stderr
    stub.fail(Fault("status", 500))
    failed = one_shot(stub, home, ["hello"])
    assert failed.exit_code == 1 and "nothing was stored" in failed.stderr
    assert stub.completions() == []  # the refused request never reached the provider


def test_chat_takes_store_like_every_sessions_command(
    stub: StubServer, home: Path, tmp_path: Path
) -> None:
    """One convention: `--store` names the session database on chat too."""
    db = tmp_path / "elsewhere.db"
    res = one_shot(stub, home, ["--store", str(db), "--session", "s", "hello"])
    assert res.exit_code == 0, res.output
    listed = CliRunner().invoke(main, ["sessions", "list", "--store", str(db)])
    assert listed.exit_code == 0 and "s" in listed.output.split()
    assert not (home / "sessions.db").exists()  # the default store was not touched


def test_ctrl_c_during_a_one_shot_reply_exits_130_and_stores_nothing(
    stub: StubServer, home: Path
) -> None:
    """A shell script must tell an interrupt from a failure: SIGINT is 130, as shells report it."""
    stub.fail(Fault("stall", seconds=60))
    env = {**os.environ, "OPENAI_BASE_URL": stub.url, "OPENAI_API_KEY": "test-key",
           "CONTEXTLEDGER_HOME": str(home), "CONTEXTLEDGER_MODEL": "gpt-4o",
           "CONTEXTLEDGER_STORE": "", "CONTEXT_COMPACTION": "on"}  # fmt: skip
    args = [str(Path(sys.executable).with_name("contextledger")), "chat", "--retries", "0"]
    # A test runner started in the background inherits SIGINT ignored (as shells set it for
    # background jobs), and Python keeps it ignored: give the child the default back.
    proc = subprocess.Popen(
        [*args, "--session", "i", "hello"], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not stub.requests and time.monotonic() < deadline:  # the request is in flight
        time.sleep(0.05)
    assert stub.requests, "the chat never sent its request"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert out == "" and "interrupted" in err and "Traceback" not in err
    with SessionStore(home / "sessions.db") as store:
        assert not store.exists("i") or store.load("i").stored == ()

"""``contextledger chat`` typed into a real terminal: pexpect runs the installed program in a
pty against the stub server on 127.0.0.1 (a turn, an image, a refused switch to a text-only
model that keeps the message and the image, the switch back, /quit)."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

from contextledger import SessionStore
from stub_server import Fault, StubServer

PROGRAM = Path(sys.executable).with_name("contextledger")


def child_env(stub: StubServer, home: Path) -> dict[str, str]:
    keep = ("PATH", "PYTHONPATH", "LANG", "LC_ALL", "SYSTEMROOT", "TMPDIR")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(
        TERM="xterm-256color",
        LANG=env.get("LANG") or "C.UTF-8",
        HOME=str(home),
        OPENAI_BASE_URL=stub.url,
        OPENAI_API_KEY="test-key",
        CONTEXTLEDGER_HOME=str(home),
        CONTEXTLEDGER_MODEL="gpt-4o",
        CONTEXTLEDGER_MODELS=str(_kept_text_only_model(home.parent)),
        NO_PROXY="127.0.0.1,localhost",
    )
    return env


def _kept_text_only_model(where: Path) -> Path:
    """A models file registering gpt-3.5-turbo, the text-only model these chats switch to:
    OpenAI shut it down 2026-10-23, so it is a deployment's own (its refusal otherwise:
    test_catalog_shut_down.py)."""
    spec = {"id": "gpt-3.5-turbo", "provider": "openai", "context_window": 16_385,
            "max_output_tokens": 4_096, "vision": False, "tokenizer": "cl100k_base"}  # fmt: skip
    path = where / "kept-models.json"
    path.write_text(json.dumps({"models": [spec]}), encoding="utf-8")
    return path


@pytest.mark.skipif(not PROGRAM.exists(), reason="the contextledger program is not installed")
def test_chat_in_a_real_terminal(stub: StubServer, tmp_path: Path, screenshot: Path) -> None:
    home = tmp_path / "home"
    shot = screenshot
    child = pexpect.spawn(
        str(PROGRAM),
        ["chat", "--session", "tty", "--retries", "0"],
        env=child_env(stub, home),
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=180,  # per expect: a loaded machine is slow, never this slow unless stuck
        dimensions=(50, 250),
    )
    try:
        started = child.expect(["new session 'tty'", "No such command"])
        assert started == 0, "register the command: add `chat` to contextledger/cli/commands.py"
        child.expect_exact("you> ")
        child.sendline("Why does the upload fail for big files?")
        child.expect(r"\[gpt-4o\] context")
        child.expect("Stub reply 1: I read 1 message")
        child.expect_exact("you> ")

        child.sendline(f"/image {shot}")
        child.expect("attached 'shot.png' 1280×800")
        child.sendline("/model gpt-3.5-turbo")
        child.expect("text only")
        child.sendline("What does the screenshot show?")
        child.expect("not sent: gpt-3.5-turbo cannot accept images")
        child.expect("kept your message and 1 attachment")
        child.expect_exact("you [kept message + 1 image]> ")

        child.sendline("/model gpt-4o")
        child.expect("sees images")
        child.sendline("")
        child.expect(r"images [1-9][\d,]*")
        child.expect("Stub reply 2: I read 3 message\\(s\\) and 1 image")
        child.expect_exact("you> ")
        child.sendline("/quit")
        child.expect("session 'tty' saved")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0

    assert not [r for r in stub.requests if r.body.get("model") == "gpt-3.5-turbo"]
    assert [len(r.messages) for r in stub.completions()] == [1, 3]
    with SessionStore(home / "sessions.db") as store:
        loaded = store.load("tty")
    assert [m.role for m in loaded.stored] == ["user", "assistant", "user", "assistant"]
    assert [img.ref is not None for m in loaded.stored for img in m.images()] == [True]


def wrapped(text: str) -> str:
    """A pattern for ``text`` as printed, wrapped between words at the terminal's width."""
    return r"(?:\s|\x1b\[[0-9;]*m)+".join(re.escape(word) for word in text.split())


@pytest.mark.skipif(not PROGRAM.exists(), reason="the contextledger program is not installed")
def test_switch_to_a_text_only_model_and_back_at_80_columns(
    stub: StubServer, tmp_path: Path, screenshot: Path
) -> None:
    """An image already in the history: the refusal offers /images (never `on_images=`, never
    a /drop that cannot help), /images placeholder sends placeholders to the text-only model,
    and the switch back to a vision model sends the image again from the kept history."""
    home = tmp_path / "home"
    child = pexpect.spawn(
        str(PROGRAM),
        ["chat", "--session", "gate", "--retries", "0", "--image", str(screenshot)],
        env=child_env(stub, home),
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=180,
        dimensions=(40, 80),
    )
    child.logfile_read = log = io.StringIO()
    try:
        child.expect_exact("you [1 image]> ")
        child.sendline("What is on it?")
        child.expect(wrapped("Stub reply 1: I read 1 message(s) and 1 image"))
        child.expect_exact("you> ")

        child.sendline("/model gpt-3.5-turbo")
        child.expect(wrapped("text only"))
        child.expect(wrapped("sending is refused until you choose: /images placeholder"))
        child.expect_exact("you> ")
        child.sendline("Describe it in words.")
        child.expect(wrapped("not sent: gpt-3.5-turbo cannot accept images"))
        child.expect(wrapped("kept your message"))
        child.expect_exact("you [kept message]> ")

        child.sendline("/images placeholder")
        child.expect(wrapped("each is sent as a visible text placeholder"))
        child.expect_exact("you [kept message]> ")
        child.sendline("")
        child.expect(wrapped("The model will not see image 'shot.png'"))
        child.expect(wrapped("Stub reply 2: I read 3 message(s) and 0 image"))
        child.expect_exact("you> ")

        child.sendline("/model gpt-4o")
        child.expect(wrapped("sees images"))
        child.sendline("And now?")
        child.expect(wrapped("Stub reply 3: I read 5 message(s) and 1 image"))
        child.expect_exact("you> ")
        child.sendline("/quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    # each line as the terminal shows it: a carriage return (a spinner's frame) starts over
    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", log.getvalue())
    lines = [ln.rstrip("\r").rsplit("\r", 1)[-1] for ln in screen.split("\n")]
    said = " ".join(" ".join(lines).split())
    assert "on_images" not in said and "/drop" not in said
    # what the chat prints is wrapped between words at 80 columns (the streamed reply and
    # the typed input are the terminal's to wrap)
    assert [x for x in lines if len(x) > 80 and not x.startswith(("assistant> ", "you"))] == []

    sent = stub.completions()
    assert [r.body["model"] for r in sent] == ["gpt-4o", "gpt-3.5-turbo", "gpt-4o"]
    placeholder = json.dumps(sent[1].messages)
    assert "image_url" not in placeholder and "omitted: gpt-3.5-turbo" in placeholder
    assert "image_url" in json.dumps(sent[2].messages)
    with SessionStore(home / "sessions.db") as store:
        loaded = store.load("gate")
    assert len([img for m in loaded.stored for img in m.images()]) == 1  # the record kept it


@pytest.mark.skipif(not PROGRAM.exists(), reason="the contextledger program is not installed")
def test_a_spinner_shows_while_the_provider_is_silent(stub: StubServer, tmp_path: Path) -> None:
    """On a terminal, a slow provider gets a spinner on stderr, gone when the reply starts
    (a one-shot prompt here: the reply is all that is left on the line)."""
    stub.fail(Fault("stall", seconds=2.0))
    child = pexpect.spawn(
        str(PROGRAM),
        ["chat", "--session", "slow", "--retries", "0", "Are you there?"],
        env=child_env(stub, tmp_path / "home"),
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=180,
        dimensions=(24, 80),
    )
    try:
        child.expect("waiting for gpt-4o")
        child.expect(wrapped("Stub reply 1: I read 1 message(s)"))
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


@pytest.mark.skipif(not PROGRAM.exists(), reason="the contextledger program is not installed")
def test_a_large_import_shows_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    rows = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i}"}
            for i in range(400)]  # fmt: skip
    conversation = tmp_path / "big.json"
    conversation.write_text(json.dumps(rows))
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH", "LANG", "TMPDIR")}
    env.update(TERM="xterm-256color", HOME=str(tmp_path), CONTEXTLEDGER_HOME=str(tmp_path / "h"))
    child = pexpect.spawn(str(PROGRAM), ["sessions", "import", str(conversation), "--name", "big"],
                          env=env, encoding="utf-8", timeout=180, dimensions=(24, 80))  # fmt: skip
    child.logfile_read = log = io.StringIO()
    try:
        child.expect("imported 400 message")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0 and "importing" in log.getvalue()

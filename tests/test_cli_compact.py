"""`contextledger compact FILE`: recap, verification and the view, as text or JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

providers = pytest.importorskip("contextledger.providers")
if not hasattr(providers, "read_messages") or not hasattr(providers, "write_messages"):
    pytest.skip("provider readers not available yet", allow_module_level=True)

import contextledger.cli.compact  # noqa: E402,F401  (registers the command)
from builders import data_url, png  # noqa: E402
from contextledger.cli import main  # noqa: E402
from stub_server import StubServer  # noqa: E402


def conversation() -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    msgs.append(
        {"role": "user", "content": "Add pagination to src/api/list.py. Keep the API stable."}
    )
    msgs.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "run_command", "arguments": '{"command": "pytest -q"}'},
                }
            ],
        }
    )
    msgs.append({"role": "tool", "tool_call_id": "call_1", "content": "1 failed (exit code 1)"})
    for i in range(20):
        msgs.append({"role": "user" if i % 2 == 0 else "assistant", "content": f"step {i}"})
    return msgs


@pytest.fixture
def file(tmp_path: Path) -> Path:
    p = tmp_path / "chat.json"
    p.write_text(json.dumps(conversation()))
    return p


def test_text_output_shows_recap_verification_and_view(file: Path) -> None:
    result = CliRunner().invoke(main, ["compact", str(file)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "compacted 13 earlier messages" in out
    assert "== Recap ==" in out and "Compacted summary of earlier conversation:" in out
    assert "src/api/list.py" in out and "`pytest -q`: 1 failed" in out
    # the failing command stated, the tool's name is not reported missing nor repeated
    assert "== Verification ==" in out and "unsupported 0, missing 0" in out
    assert "== View (12 of 24 messages) ==" in out


def test_json_output(file: Path, tmp_path: Path) -> None:
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"messages": conversation()}))
    result = CliRunner().invoke(main, ["compact", str(wrapped), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "compacted" and data["summarizer"] == "offline"
    assert data["verification"]["counts"]["unsupported"] == 0
    assert data["messages"] == {"record": 24, "view": 12}
    view = data["view"]
    assert view[0]["role"] == "system"
    assert view[1]["role"] == "user"
    text = (
        view[1]["content"] if isinstance(view[1]["content"], str) else view[1]["content"][0]["text"]
    )
    assert text.startswith("Compacted summary of earlier conversation:")


def test_each_screenshot_the_recap_takes_out_of_the_view_is_said(tmp_path: Path) -> None:
    """Found by a red team: the screenshots left the printed view and the report said
    only "compacted N earlier messages"."""
    msgs = conversation()
    for n, (w, h) in enumerate([(1280, 720), (640, 400)]):
        shot = {"type": "image_url", "image_url": {"url": data_url(png(w, h))}}
        msgs.insert(2 + n, {"role": "user", "content": [{"type": "text", "text": "Now:"}, shot]})
    file = tmp_path / "shots.json"
    file.write_text(json.dumps(msgs))
    data = json.loads(CliRunner().invoke(main, ["compact", str(file), "--json"]).output)
    assert data["status"] == "compacted" and "image_url" not in json.dumps(data["view"])
    said = [line for line in data["report"] if "recapped by compaction" in line]
    assert len(said) == 2 and "1280×720 PNG" in said[0] and "640×400 PNG" in said[1]
    text = CliRunner().invoke(main, ["compact", str(file)]).output
    assert "The model will not see image 1280×720 PNG" in text


def test_auto_respects_the_policy(file: Path) -> None:
    result = CliRunner().invoke(main, ["compact", str(file), "--auto", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["status"] == "skipped" and data["recap"] is None
    assert len(data["view"]) == 24


def test_failed_endpoint_exits_1_and_keeps_history(
    file: Path, monkeypatch: pytest.MonkeyPatch, refused_port: int
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{refused_port}/v1")
    monkeypatch.setenv("CONTEXT_COMPACTION_RETRIES", "0")
    result = CliRunner().invoke(main, ["compact", str(file), "--summarizer", "openai:m", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["status"] == "failed" and "history unchanged" in data["report"][0]
    assert len(data["view"]) == 24


def test_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = CliRunner().invoke(main, ["compact", str(bad)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    ok = tmp_path / "ok.json"
    ok.write_text("[]")
    result = CliRunner().invoke(main, ["compact", str(ok), "--summarizer", "gemini:x"])
    assert result.exit_code != 0 and "unknown summarizer" in result.output


def test_the_summarizer_has_its_own_base_url(
    file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    stub: StubServer,
    refused_port: int,
) -> None:
    """--summarizer-base-url, else CONTEXT_SUMMARIZER_BASE_URL (the environment over the
    project .env), else OPENAI_BASE_URL: the recap is asked of the summarizer's endpoint
    while the app's own endpoint (here one that refuses connections) is left alone."""
    refused = f"http://127.0.0.1:{refused_port}/v1"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_BASE_URL", refused)
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("CONTEXT_COMPACTION_RETRIES", "0")
    monkeypatch.delenv("CONTEXT_SUMMARIZER_BASE_URL", raising=False)
    args = ["compact", str(file), "--summarizer", "openai:m", "--json"]

    def run(*extra: str) -> int:
        before = len(stub.completions())
        result = CliRunner().invoke(main, [*args, *extra])
        assert json.loads(result.output)["status"] in ("compacted", "failed")
        return len(stub.completions()) - before

    assert run() == 0  # the provider's URL: refused, the stub never asked
    (tmp_path / ".env").write_text(f"CONTEXT_SUMMARIZER_BASE_URL={stub.url}\n")
    assert run() > 0  # from the project .env
    (tmp_path / ".env").write_text(f"CONTEXT_SUMMARIZER_BASE_URL={refused}\n")
    monkeypatch.setenv("CONTEXT_SUMMARIZER_BASE_URL", stub.url)
    assert run() > 0  # the environment wins over .env
    monkeypatch.setenv("CONTEXT_SUMMARIZER_BASE_URL", refused)
    assert run("--summarizer-base-url", stub.url) > 0  # the flag wins over both

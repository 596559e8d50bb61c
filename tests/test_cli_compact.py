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


def long_session(commands: int = 80) -> list[dict[str, Any]]:
    """A goal, then many distinct commands run: more than a 2,000-byte recap can state."""
    msgs: list[dict[str, Any]] = [
        {
            "role": "user",
            "content": "Make the nightly export idempotent. Do not touch src/payments/.",
        }
    ]
    for i in range(commands):
        call = {
            "id": f"call_{i}",
            "type": "function",
            "function": {
                "name": "shell",
                "arguments": json.dumps({"command": f"python jobs/export.py --partition {i:03d}"}),
            },
        }
        msgs.append({"role": "assistant", "content": None, "tool_calls": [call]})
        msgs.append({"role": "tool", "tool_call_id": f"call_{i}", "content": f"wrote {i} rows"})
    msgs.append({"role": "user", "content": "ok keep going"})
    return msgs


def test_the_recap_cap_follows_the_models_window(tmp_path: Path) -> None:
    """Found by a red team: `compact` recapped into 2,000 bytes whatever the model, so a
    long session kept a fraction of what `prepare` keeps for the same window."""
    file = tmp_path / "long.json"
    file.write_text(json.dumps(long_session()))

    def recap(*extra: str) -> dict[str, Any]:
        result = CliRunner().invoke(main, ["compact", str(file), "--json", *extra])
        assert result.exit_code == 0, result.output
        data: dict[str, Any] = json.loads(result.output)
        return data

    small, large = recap("-m", "gpt-4o", "--window", "4000"), recap("-m", "gpt-4o")
    assert len(small["recap"].encode()) <= 2_400 < len(large["recap"].encode()) <= 24_000
    assert "recap cap 2,400 bytes for gpt-4o's 4,000-token window" in small["report"]
    assert "recap cap 24,000 bytes for gpt-4o's 128,000-token window" in large["report"]

    def stated(data: dict[str, Any]) -> int:
        return sum(f"--partition {i:03d}`" in data["recap"] for i in range(80))

    # the large window's recap states every command it covers; the small one is cut
    assert stated(large) == len(large["covers"]) // 2 > stated(small)
    assert any("left out, for room" in line for line in small["report"])
    assert not any("left out, for room" in line for line in large["report"])
    # CONTEXTLEDGER_MODEL is the default model
    text = CliRunner().invoke(main, ["compact", str(file)], env={"CONTEXTLEDGER_MODEL": "gpt-4o"})
    assert "recap cap 24,000 bytes for gpt-4o's 128,000-token window" in text.output


def test_an_unknown_model_or_a_window_too_large_is_one_line(file: Path) -> None:
    for args in (["-m", "gpt-9"], ["-m", "gpt-4o", "--window", "999999999"]):
        result = CliRunner().invoke(main, ["compact", str(file), *args])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert result.output.startswith("error: ") and result.output.count("\n") == 1


@pytest.mark.parametrize(
    ("payload", "said"),
    [
        ([], "holds no user or assistant message"),
        ([{"role": "system", "content": "Be brief."}], "holds no user or assistant message"),
        (
            [{"role": "tool", "tool_call_id": "c9", "content": "done"}],
            "no conversation turn of",
        ),
    ],
)
def test_a_file_with_no_turns_says_so(tmp_path: Path, payload: list[Any], said: str) -> None:
    """Found by a red team: a file empty after repair printed "View (0 of 0 messages)"."""
    file = tmp_path / "empty.json"
    file.write_text(json.dumps(payload))
    result = CliRunner().invoke(main, ["compact", str(file)])
    assert result.exit_code == 0 and "nothing to compact" in result.output
    assert said in result.output and "View (0 of 0" not in result.output
    data = json.loads(CliRunner().invoke(main, ["compact", str(file), "--json"]).output)
    assert data["status"] == "skipped" and said in data["report"][0]
    assert len(data["repairs"]) == (1 if payload and payload[0]["role"] == "tool" else 0)


def test_a_view_bigger_than_the_window_says_what_fits_it(tmp_path: Path) -> None:
    """The recent turns are kept verbatim whatever their size: when they overflow what a
    request can hold, the report says so and names the command that fits them."""
    msgs = [{"role": "user", "content": "Make the export idempotent."}]
    msgs += [
        {"role": "assistant" if i % 2 else "user", "content": "word " * 3_000} for i in range(14)
    ]
    file = tmp_path / "big.json"
    file.write_text(json.dumps(msgs))
    args = ["compact", str(file), "--json", "-m", "gpt-4o", "--window"]
    data = json.loads(CliRunner().invoke(main, [*args, "16000"]).output)
    said = [line for line in data["report"] if "the reply's reserve taken off" in line]
    assert len(said) == 1 and f"fit {file} --compact -m gpt-4o --window 16000" in said[0]
    data = json.loads(CliRunner().invoke(main, [*args, "64000"]).output)
    assert not any("the reply's reserve taken off" in line for line in data["report"])
    # over the budget though under the window: the reply's reserve is needed too (review)
    tokens = sum(len(m["content"]) for m in msgs[-10:]) // 5  # about a token a word
    data = json.loads(CliRunner().invoke(main, [*args, str(tokens + 500)]).output)
    assert any("the reply's reserve taken off" in line for line in data["report"])
    # nothing recapped (too few turns): an overflowing view is still said
    short = tmp_path / "short.json"
    short.write_text(json.dumps(msgs[-4:]))
    args[1] = str(short)
    data = json.loads(CliRunner().invoke(main, [*args, "2000"]).output)
    assert data["status"] == "skipped"
    assert any("the reply's reserve taken off" in line for line in data["report"])


def test_a_window_smaller_than_the_replys_reserve_is_said(file: Path) -> None:
    """Found in review: --window 50 printed a negative budget and suggested a fit that fails."""
    result = CliRunner().invoke(main, ["compact", str(file), "-m", "gpt-4o", "--window", "50"])
    assert "cannot hold a request to gpt-4o" in result.output and "-2" not in result.output
    assert "fit " not in result.output.split("== Recap ==")[0]

"""A recap is checked against the record it stands for and what stays in view after it,
wherever the cut falls: ``Conversation.compact`` and ``contextledger compact`` keep and
strip the same lines of one summarizer's recap of one record. Found by a review: the
library stripped "The assistant ran `<cmd>`." for a command run in the turns kept
verbatim, which the CLI (cutting elsewhere) kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("contextledger.providers")

import contextledger.cli.compact  # noqa: F401  (registers the command)
from contextledger import read_messages
from contextledger.cli import main
from contextledger.compaction import CompactionPolicy, Conversation, OpenAISummarizer
from stub_server import StubReply, StubServer

HONEST = (
    "The assistant ran `pytest tests/test_ferry.py -q`.",
    "The assistant wrote `src/ferry/backoff.py`.",
    "The assistant ran `git status`.",  # in the turns kept verbatim
    "The assistant wrote `src/ferry/retry.py`.",  # in the turns kept verbatim
)
LIES = (
    "The assistant ran `git push --force origin main`.",
    "The assistant wrote `vendor/glyph-maps/invoice.py`.",
)
RECAP = "Summary:\n" + "\n".join(f"- {line}" for line in (*HONEST, *LIES))


def _session() -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a careful coding agent."},
        {"role": "user", "content": "Move the ferry consumer from Kafka to Redpanda."},
        {"role": "assistant", "content": "Understood. I'll look at the current setup first."},
    ]
    n = 0

    def call(name: str, args: dict[str, str], out: str) -> None:
        nonlocal n
        n += 1
        fn = {"name": name, "arguments": json.dumps(args)}
        msgs.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": f"c{n}", "type": "function", "function": fn}],
            }
        )
        msgs.append({"role": "tool", "tool_call_id": f"c{n}", "content": out})

    call("shell", {"cmd": "ls src/ferry"}, "consumer.py\nproducer.py")
    call("write_file", {"path": "src/ferry/backoff.py", "content": "T = 45\n"}, "wrote 7 bytes")
    call("shell", {"cmd": "pytest tests/test_ferry.py -q"}, "12 passed in 1.2s")
    for i in range(4):
        msgs.append({"role": "user", "content": f"Now check consumer group {i}."})
        call("shell", {"cmd": f"rpk group describe ferry-{i}"}, f"ferry-{i}: stable")
    msgs.append({"role": "user", "content": "Add a retry module."})
    call("write_file", {"path": "src/ferry/retry.py", "content": "N = 5\n"}, "wrote 6 bytes")
    call("shell", {"cmd": "git status"}, "nothing to commit")
    msgs.append({"role": "user", "content": "Ok, keep going."})
    msgs.append({"role": "assistant", "content": "Continuing."})
    return msgs


def _summary(recap: str) -> str:
    return recap.split("From the record")[0]


def _library(stub: StubServer, keep_recent: int) -> str:
    conv = Conversation.from_messages(read_messages(_session()))
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    stub.script(*[StubReply(RECAP)] * 4)
    policy = CompactionPolicy(keep_recent=keep_recent)
    out = conv.compact(summarizer, policy, window=128_000, force=True)
    assert out.status == "compacted", out.report
    return _summary(out.event.recap_text if out.event else "")


def _cli(stub: StubServer, tmp_path: Path, keep_recent: int) -> str:
    file = tmp_path / "session.json"
    file.write_text(json.dumps(_session()))
    stub.script(*[StubReply(RECAP)] * 4)
    env = {"OPENAI_API_KEY": "k", "CONTEXT_COMPACTION_RETRIES": "0"}
    args = ["compact", str(file), "--summarizer", "openai:gpt-4o-mini"]
    args += ["--summarizer-base-url", stub.url, "--json", "-m", "gpt-4o"]
    result = CliRunner().invoke(main, [*args, "--keep-recent", str(keep_recent)], env=env)
    assert result.exit_code == 0, result.output
    return _summary(json.loads(result.output)["recap"])


def _standing(recap: str) -> tuple[str, ...]:
    return tuple(line for line in (*HONEST, *LIES) if line in recap)


@pytest.mark.parametrize("keep_recent", [4, 8])
def test_the_library_and_the_cli_keep_and_strip_the_same_lines(
    stub: StubServer, tmp_path: Path, keep_recent: int
) -> None:
    library = _library(stub, keep_recent)
    assert _standing(library) == _standing(_cli(stub, tmp_path, keep_recent))
    assert _standing(library) == HONEST


def test_a_claim_on_a_kept_turn_stands_wherever_the_cut_falls(stub: StubServer) -> None:
    """What the assistant did in the turns kept verbatim is true of the view the recap
    opens: moving the cut (keep_recent) neither strips it nor lets a lie through."""
    assert _standing(_library(stub, 4)) == _standing(_library(stub, 12)) == HONEST

"""The offline recap never writes a line its own verification rejects: what it states
comes from the record by construction, so a line verification removes or doubts is a
bug in one of the two (a command quoted unlike the record, a rename not seen as a write,
a "nothing found" sentence read as a claim)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import claim_cases
from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.digest import NOTHING_TO_RECAP, call_writes, digest
from contextledger.model import Message, ToolCall, with_ids
from contextledger.providers import read_messages
from contextledger.repair import repair
from recap_sessions import generate


def _compact(messages: list[Message], keep: int = 4) -> tuple[str, list[str], Any]:
    conv = Conversation.from_messages(repair(with_ids(messages)).messages)
    out = conv.compact(OfflineSummarizer(), CompactionPolicy(keep_recent=keep), force=True)
    return out.status, list(out.report), out.verification


def _self_rejected(messages: list[Message], keep: int = 4) -> list[str]:
    """What verification removed from or doubted in the offline recap, said."""
    status, report, v = _compact(messages, keep)
    bad = [line for line in report if "could not trace" in line or "rejected" in line]
    if status == "failed":
        bad.append(f"status failed: {report[:1]}")
    if v is not None:
        bad += list(v.removed_sentences)
    return bad


def _openai(messages: list[dict[str, Any]]) -> list[Message]:
    return list(read_messages(messages))


def _call(cid: str, name: str, args: dict[str, Any], result: str) -> list[dict[str, Any]]:
    fn = {"name": name, "arguments": json.dumps(args)}
    return [
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": cid, "type": "function", "function": fn}]},
        {"role": "tool", "tool_call_id": cid, "content": result},
    ]  # fmt: skip


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_offline_recap_of_a_generated_session_passes_its_own_verification(seed: int) -> None:
    s = generate(seed, rounds=40)
    assert _self_rejected(s.messages, keep=8) == []


def test_the_offline_recap_of_the_claim_sessions_passes_its_own_verification() -> None:
    for split in ("tune", "held-out"):
        for session in claim_cases.generate(3, 5, split):
            assert _self_rejected(_openai(session.messages)) == [], split


def test_a_rename_through_a_program_tool_is_a_file_written_and_a_command_run() -> None:
    """redteam15 R13: ``git(args="mv A B")`` was recapped as ``git mv A B``, which
    verification could not find in the record, and the rename was lost."""
    a, b = "app/checkout/CheckoutFragment.kt", "app/checkout/CheckoutScreen.kt"
    msgs: list[dict[str, Any]] = [{"role": "user", "content": "Fix the crash on the Pay button."}]
    msgs += _call("c1", "git", {"args": f"mv {a} {b}"}, "")
    msgs += _call("c2", "shell", {"cmd": "git mv docs/old_notes.md docs/release_notes.md"}, "")
    msgs += _call("c3", "shell", {"cmd": "mv build/out.apk dist/app-release.apk"}, "")
    for i in range(4):
        msgs += _call(f"f{i}", "shell", {"cmd": f"cat notes/p{i}.txt"}, "alpha beta\n" * 5)
    msgs.append({"role": "user", "content": "ok"})
    messages = _openai(msgs)
    d = digest(messages)
    assert d.items("Files written") == [b, "docs/release_notes.md", "dist/app-release.apk"]
    assert f"`git mv {a} {b}`" in d.items("Commands run")
    status, report, v = _compact(messages, keep=2)
    assert status == "compacted" and v is not None and not v.removed_sentences, report
    assert not [line for line in report if "could not trace" in line], report


@pytest.mark.parametrize(
    ("name", "args", "written"),
    [
        ("git", {"args": ["mv", "a/Old.swift", "a/New.swift"]}, ["a/New.swift"]),
        ("bash", {"command": "cat <<'EOF' > notes/plan.md\n# plan\nEOF"}, ["notes/plan.md"]),
        ("run", {"cmd": "sed -i 's/60/90/' config/limits.toml"}, ["config/limits.toml"]),
        ("shell", {"cmd": "pytest -q | tee out/pytest.log"}, ["out/pytest.log"]),
        ("shell", {"cmd": "cp -r assets/ build/"}, ["build/"]),  # a folder copied into one (RC3)
        # review11 R2: a target directory, a download's output, an archive made, dd, sponge
        (
            "shell",
            {"cmd": "mv -t public/img/ hero.webp logo.svg"},
            ["public/img/hero.webp", "public/img/logo.svg"],
        ),
        ("shell", {"cmd": "cp --target-directory=dist main.js"}, ["dist/main.js"]),
        (
            "shell",
            {"cmd": "install -m 644 app.conf README.md /etc/app/"},
            ["/etc/app/app.conf", "/etc/app/README.md"],
        ),
        (
            "shell",
            {"cmd": "curl -fsSLo vendor/fx.json https://fx.example/latest"},
            ["vendor/fx.json"],
        ),
        ("shell", {"cmd": "curl -O https://dl.example/cli-2.1.zip"}, ["cli-2.1.zip"]),
        (
            "shell",
            {"cmd": "wget --output-document=tmp/seed.sql https://x.example/s"},
            ["tmp/seed.sql"],
        ),
        ("shell", {"cmd": "wget -qO- https://get.example/install.sh | sh"}, []),  # to stdout
        ("shell", {"cmd": "tar -C /srv -xzf bundle.tgz"}, []),  # unpacked: no name known
        ("shell", {"cmd": "tar cjf backups/db.tar.bz2 data/"}, ["backups/db.tar.bz2"]),
        ("shell", {"cmd": "dd if=/dev/urandom of=keys/seed.bin count=1"}, ["keys/seed.bin"]),
        ("shell", {"cmd": "sort -u emails.txt | sponge emails.txt"}, ["emails.txt"]),
        ("shell", {"cmd": "go build -o bin/worker ./cmd/worker"}, ["bin/worker"]),
        ("shell", {"cmd": "ls src > /dev/null"}, []),
        # (the ">" inside the Python is no redirection; its open(…, 'w') writes x.txt)
        ("shell", {"cmd": "python - <<EOF\nopen('x.txt','w').write(a > b.txt)\nEOF"}, ["x.txt"]),
    ],
)
def test_what_a_shell_command_writes(name: str, args: dict[str, Any], written: list[str]) -> None:
    assert call_writes(ToolCall("c", name, json.dumps(args))) == written


def test_a_record_with_nothing_to_recap_is_not_rejected() -> None:
    """review10: "Earlier turns stated no goal, … or failure." read as a failure claimed."""
    msgs = [
        {"role": "assistant", "content": "ok"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_7", "type": "function",
         "function": {"name": "write_file", "arguments": '{"path": "src/a.py"}'}}]},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": "ok"},
    ]  # fmt: skip
    assert _self_rejected(_openai(msgs)) == []
    assert NOTHING_TO_RECAP  # the line it writes then says nothing a verifier could doubt


_SAID = [
    "Goal: fix login",
    "never run rm -rf /",
    "Use Redis, not Memcached.",
    "ok",
    "FAILED tests/test_a.py::test_x - AssertionError",
    "Traceback (most recent call last):\n  File \"a.py\"\nKeyError: 'x'",
    "exit code 1",
    "D. A. Whitfield approved.",
    "port 8080, v1.2.3, commit abc1234",
    "ERROR=0 errors=0 requests=1200",
    "Renamed it with git mv a.py b.py.",
]
_CALLS = [
    ("shell", {"cmd": "pytest -q"}),
    ("shell", {"cmd": "mv src/a.py src/b.py"}),
    ("git", {"args": "mv docs/a.md docs/b.md"}),
    ("kubectl", {"args": ["apply", "-f", "k8s/api.yaml"]}),
    ("write_file", {"path": "src/a.py", "content": "x = 1"}),
    ("read_file", {"path": "src/payments/x.py"}),
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("user"), st.sampled_from(_SAID)),
            st.tuples(st.just("assistant"), st.sampled_from(_SAID)),
            st.tuples(st.sampled_from(range(len(_CALLS))), st.sampled_from(_SAID)),
        ),
        min_size=3,
        max_size=16,
    )
)
def test_the_offline_recap_of_any_history_passes_its_own_verification(
    turns: list[tuple[Any, str]],
) -> None:
    msgs: list[dict[str, Any]] = [{"role": "user", "content": "Fix the login flow."}]
    for k, (who, text) in enumerate(turns):
        if isinstance(who, int):
            name, args = _CALLS[who]
            msgs += _call(f"call_{k}", name, args, text)
        else:
            msgs.append({"role": who, "content": text})
    msgs.append({"role": "user", "content": "status?"})
    assert _self_rejected(_openai(msgs), keep=2) == []

"""Failures hold what failed, Numbers hold numbers that matter: the "ERROR …" records a
successful log read shows are what the agent looked at, not failures of the session (a
hundred `journalctl` reads never crowd out the one failing test, in the recap or in
prepare's view at 8k); a write's receipt ("wrote 3669 bytes to src/a.py") is no number
that matters; the user's own numbers stay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from builders import chat_exchange, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.failures import exit_status, failure_lines, only_read
from contextledger.compaction.findings import receipt_counts
from contextledger.compaction.sections import parse_digest
from contextledger.prepare import prepare
from contextledger.providers import read_messages

FAILING = "tests/test_backfill.py::test_backfill_resumes"
SECOND = "tests/test_backfill.py::test_backfill_skips_done"

LOG = "\n".join(
    [
        "Dec 06 04:12:22 host ledger[1204]: ERROR ledger[1204] cache miss for key user:{k}",
        "2026-12-06T04:21:03Z WARN retrying redis GET session:{k} after timeout",
        "Traceback (most recent call last):",
        '  File "/app/ledger/handlers.py", line 112, in handle',
        "KeyError: 'tenant_{k}'",
        '2026-12-06T04:31:41Z level=error msg="upstream returned 503" route=/v1/items/{k}',
    ]
)

READS = (
    "journalctl -u ledger --since '{h} hours ago' --no-pager",
    "kubectl logs deploy/ledger -n prod --tail=200",
    "docker logs --tail 150 ledger",
    "grep -n ERROR /var/log/ledger/app.log",
)


def _framed(output: str, code: int, frame: int) -> str:
    """A shell tool's answer in one of the shapes tools hand a run back in."""
    if frame == 0:
        return json.dumps({"exit_code": code, "stdout": output, "stderr": ""})
    if frame == 1:
        return f"Exit code: {code}\nOutput:\n{output}"
    return f"{output}\n[exit code: {code}]"


def _session(user: tuple[str, str, str], reads: int = 100) -> list[dict[str, Any]]:
    """An ops session: the user's task, ``reads`` successful log reads full of error
    records, one failing test run (exit 1) among them, then the user's number and a nudge."""
    goal, number, nudge = user
    turns: list[dict[str, Any]] = [{"role": "user", "content": goal}]
    for i in range(reads):
        command = READS[i % len(READS)].format(h=i % 9 + 1)
        out = _framed(LOG.format(k=1000 + i), 0, i % 3)
        turns += chat_exchange(f"r{i}", "shell", {"command": command}, out)
        if i == reads // 3:
            pytest_out = (
                "..F..\n=== short test summary info ===\n"
                f"FAILED {FAILING} - assert 0 == 40\nFAILED {SECOND} - KeyError: 'cursor'\n"
                "2 failed, 3 passed in 1.2s"
            )
            run = {"command": "pytest -q tests/test_backfill.py"}
            turns += chat_exchange("t0", "shell", run, _framed(pytest_out, 1, i % 3))
    turns += [
        {"role": "user", "content": number},
        {"role": "assistant", "content": "OK."},
        {"role": "user", "content": nudge},
    ]
    return turns


SWAHILI = (
    "Tafadhali rekebisha kazi ya backfill ya ledger na ufanye majaribio yapite tena.",
    "Timeout iwe sekunde 97 tu.",
    "Sawa, endelea.",
)
POLISH = (
    "Napraw proszę zadanie backfill w usłudze ledger, tak żeby testy znowu przechodziły.",
    "Timeout ma wynosić 97 sekund.",
    "Dobrze, działaj dalej.",
)


@pytest.mark.parametrize("user", [SWAHILI, POLISH], ids=["swahili", "polish"])
def test_a_failing_test_outranks_a_hundred_log_reads(user: tuple[str, str, str]) -> None:
    d = digest(list(read_messages(_session(user))))
    failures = d.items("Failures")
    # not one "`journalctl …`: ERROR …" of the reads that ran fine
    assert [x for x in failures if not x.startswith("`pytest")] == []
    # ... and in a recap's few bytes, both failing tests are there
    said = recap_section(render_digest(d, 1500), "Failures")
    assert FAILING in said and SECOND in said
    # the user's timeout is a number, never a failure
    assert not any("97" in x for x in failures)


def test_prepare_keeps_the_failing_test_at_8k() -> None:
    body = prepare(
        _session(SWAHILI), "gpt-4o", window=8000, max_output_tokens=1000, compaction=True
    ).body
    text = "\n".join(str(m.get("content") or "") for m in body["messages"])
    assert FAILING in text and SECOND in text


@pytest.mark.parametrize("frame", [0, 1, 2])
def test_a_run_that_exited_non_zero_is_a_failure(frame: int) -> None:
    out = _framed("Error: UPGRADE FAILED: timed out waiting for the condition", 1, frame)
    turns = [
        {"role": "user", "content": "Deploy the ledger chart."},
        *chat_exchange("h1", "shell", {"command": "helm upgrade ledger ./chart"}, out),
    ]
    failures = digest(list(read_messages(turns))).items("Failures")
    assert any("UPGRADE FAILED" in x for x in failures)


@pytest.mark.parametrize(
    ("commands", "output", "read"),
    [
        (["tail -n 50 app.log"], "ERROR pool exhausted\nINFO ok\nERROR pool exhausted", True),
        (["cat NOTES.md"], "cat: NOTES.md: No such file or directory", False),  # its own error
        (["df.to_parquet('x.parquet')"], "Traceback (most recent call last):\nImportError: x\nE", False),
        (["./backfill.sh"], '{"exit_code": 0, "stdout": "WARN: 3 retries\\nERROR: one skipped"}', True),
        (["./backfill.sh"], "ERROR: cursor lost\nCommand exited with code 2", False),
        (["./backfill.sh"], "ERROR: cursor lost", False),  # no status said: a run's own words
        (["kubectl logs api"], "ERROR x\n[exit code: 1]", False),  # the read itself failed
        (["pytest -q | tee out.log"], f"FAILED {FAILING}\nExit code: 0", False),
        # any platform's log reader, read by its shape: no exit status, many records
        (["stern ledger -n prod --since 1h"], "ERROR a\nINFO b\nERROR c", True),
        (["aws logs tail /ecs/ledger --since 2h"], "ERROR a\nINFO b\nERROR c", True),
        (["gcloud logging read 'severity>=ERROR' --limit 50"], "ERROR a\nERROR b\nERROR c", True),
        (["heroku logs --tail -a ledger"], "ERROR a\nINFO b\nERROR c", True),
        # a command that removes logs and prints an error failed
        (["aws logs delete-log-group --log-group-name x"], "ERROR a\nAccessDenied b\nc", False),
        (["rm -rf logs"], "rm: cannot remove 'logs/a': Permission denied\nb\nc", False),
    ],
)  # fmt: skip
def test_what_a_call_only_read(commands: list[str], output: str, read: bool) -> None:
    assert only_read(commands, output, failure_lines(output)) is read


def test_an_exit_status_inside_a_log_is_the_log_s() -> None:
    assert exit_status("svc: process exited with code 1\nsvc: restarted") is None
    assert exit_status("svc: restarted\nProcess exited with code 3") == 3


RECEIPTS = [
    ("write_file", {"path": "src/ledger/a.py", "content": "x"}, "wrote 3669 bytes to src/ledger/a.py"),
    ("write_file", {"path": "src/ledger/b.py", "content": "x"}, "Saved src/ledger/b.py (2210 bytes)"),
    ("edit_file", {"path": "src/ledger/c.py", "old": "a", "new": "b"},
     "Applied edit to src/ledger/c.py: 12 lines changed, 3 insertions(+), 2 deletions(-)"),
    ("shell", {"command": "python tools/gen.py --out conf.yaml"}, "wrote 4096 bytes to conf.yaml"),
]  # fmt: skip


def test_a_write_receipt_is_no_number_that_matters() -> None:
    turns: list[dict[str, Any]] = [{"role": "user", "content": POLISH[0]}]
    for k, (name, args, out) in enumerate(RECEIPTS):
        turns += chat_exchange(f"w{k}", name, args, out)
    turns += [
        {
            "role": "assistant",
            "content": "I wrote 3669 bytes to src/ledger/a.py and saved 2 files.",
        },
        *chat_exchange("q1", "shell", {"command": "./lag.sh"}, "TOTAL LAG: 18,204 messages behind"),
        {"role": "user", "content": "Budżet to 4 repliki, nie więcej."},
    ]
    numbers = "\n".join(digest(list(read_messages(turns))).items("Numbers that matter"))
    for said in ("3669", "2210", "12 lines", "4096", "saved 2 files"):
        assert said not in numbers
    assert "18,204" in numbers  # what a run counted stays


@pytest.mark.parametrize(
    ("line", "counts"),
    [
        ("Successfully wrote 1200 bytes to notes/todo.md", ["1200 bytes"]),
        ("Saved report.xlsx (48 KB)", ["48 KB"]),
        (" 2 files changed, 14 insertions(+), 3 deletions(-)", ["2 files changed", "14 insertions(+)", "3 deletions(-)"]),
        ("Database size: 4.2 GB", []),
        ("The p99 is 250 ms after the change", []),
    ],
)  # fmt: skip
def test_receipt_counts(line: str, counts: list[str]) -> None:
    assert receipt_counts(line) == counts


def test_a_failing_test_an_earlier_recap_kept_ranks_first_in_the_next() -> None:
    earlier = parse_digest(
        "Goal: Fix the ledger backfill.\nFailures:\n"
        "- `./sync.sh`: ERROR shard 4 lost\n- `./sync.sh`: ERROR shard 5 lost\n"
        f"- `pytest -q`: FAILED {FAILING} - assert 0 == 40\n"
    )
    deploy = _framed("Error: UPGRADE FAILED: quota exceeded", 1, 1)
    turns = [
        {"role": "user", "content": SWAHILI[2]},
        *chat_exchange("h1", "shell", {"command": "helm upgrade ledger ./chart"}, deploy),
    ]
    d = digest(list(read_messages(turns)), previous=earlier)
    assert FAILING in d.ranked["Failures"][0]
    assert FAILING in recap_section(render_digest(d, 400), "Failures")


def test_a_log_tool_s_records_are_no_failures_and_its_own_error_is() -> None:
    turns: list[dict[str, Any]] = [{"role": "user", "content": POLISH[0]}]
    for k in range(20):
        turns += chat_exchange(f"l{k}", "fetch_logs", {"service": "ledger"}, LOG.format(k=k))
    turns += chat_exchange("l99", "fetch_logs", {"service": "ledgr"}, "Error: service not found")
    failures = digest(list(read_messages(turns))).items("Failures")
    assert failures == ["fetch_logs: Error: service not found"]


@pytest.mark.parametrize("quotes", [True, False])
def test_a_log_read_s_finding_stands_verification(quotes: bool) -> None:
    """The Findings line the recap writes for a log read that ran fine is the run's own
    line (its timestamp off): verification keeps it. Read as claims, the command's
    "-n 200" was "200 at attempt 6" against the record's other attempts, so the line was
    stripped and the recap written three times over (review51: cold prepare 2.3× slower)."""
    from contextledger.compaction import OfflineSummarizer
    from contextledger.compaction.verify import _Sources, verify_recap

    log = "\n".join(
        f"2026-12-0{d}T0{d}:1{d}:0{d}Z ERROR ferry[{9000 + d}] retrying publish attempt={d} "
        f"backoff={1000 + 100 * d}ms"
        for d in range(1, 8)
    )
    dicts: list[dict[str, Any]] = [{"role": "user", "content": "Why do publishes retry?"}]
    for i in range(3):
        run = {"command": "tail -n 200 /var/log/ferry/app.log"}
        dicts += chat_exchange(f"r{i}", "shell", run, _framed(log, 0, i))
    # one line read on its own binds attempt 2 to numbers, a 2 among them (200 as a percent)
    grep = {"command": "grep -m1 retrying /var/log/ferry/app.log"}
    line = "2026-12-03T02:33:15Z ERROR ferry[9958] retrying publish attempt=2 backoff=1388ms"
    dicts += chat_exchange("g0", "shell", grep, line)
    dicts.append({"role": "user", "content": "Thanks, keep going."})
    messages = list(read_messages(dicts))
    recap = OfflineSummarizer().summarize_record(messages, None, max_bytes=4_000, history=messages)
    finding = recap_section(recap, "Findings").strip().removeprefix("- ")
    assert "retrying publish" in finding
    # traced to the run that printed it, as a failure line is: no claim reader sees it
    assert _Sources(messages, ()).quoted(finding, "Findings")
    verified = verify_recap(
        recap, messages, None, max_bytes=4_000, ledger=False, context=messages, quotes=quotes
    )
    assert verified.removed_sentences == ()
    assert "retrying publish" in recap_section(verified.text, "Findings")


def test_a_code_cell_s_count_is_a_number_though_it_starts_like_a_looking_program() -> None:
    # "df.to_parquet(…)" is a code cell's expression, no `df -h` that only looks
    turns: list[dict[str, Any]] = [{"role": "user", "content": POLISH[0]}]
    cell = "df.to_parquet('out/events.parquet')\nprint(f'TOTAL ROWS: {len(df):,}')"
    turns += chat_exchange("c1", "python", {"code": cell}, "TOTAL ROWS: 18,204")
    turns += chat_exchange(
        "c2", "shell", {"command": "df -h /data"}, "/dev/sda1 100G 80G\nTOTAL: 80G"
    )
    numbers = digest(list(read_messages(turns))).items("Numbers that matter")
    assert any("18,204" in x for x in numbers)
    assert not any("80G" in x for x in numbers)

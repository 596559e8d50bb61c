"""Facts filed by the shape of the exchange, whatever language it is in (issue #14 item 3,
redteam20, review15): the option a user picks from the assistant's question is their decision,
"X, not Y" with two values of one kind is a correction, a search's hits quote files (no
failure), a JSON-wrapped run's non-zero exit code is its failure, and a statement of the
user's no reader placed is kept, last."""

from __future__ import annotations

import json
from typing import Any

from contextledger.compaction.decisions import chosen, decides
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.failures import failure_lines
from contextledger.compaction.rules import is_rule, swaps_value
from contextledger.compaction.tool_calls import quotes_files, search_messages
from contextledger.model import Message, ToolCall

GOAL = Message.user("Clean up the nightly export job of the warehouse service.", id="u0")


def _run(name: str, args: dict[str, Any], result: str, k: int) -> list[Message]:
    cid = f"c{k}"
    call = ToolCall(cid, name, json.dumps(args, ensure_ascii=False))
    return [Message("assistant", (call,), id=f"a{k}"), Message.tool(cid, result, id=f"t{k}")]


def test_the_option_the_user_picks_from_the_assistants_question_is_their_decision() -> None:
    asked = "Should the export write to `parquet_v2` or `csv_legacy` from now on?"
    assert chosen(asked, "Vzemiva parquet_v2.") == "Vzemiva parquet_v2."  # Slovenian
    assert chosen(asked, "ठीक है, parquet_v2 रखो।") == "ठीक है, parquet_v2 रखो।"
    # naming both, asking back, or a question that offers one thing: no pick
    assert chosen(asked, "parquet_v2 or csv_legacy, whichever is faster.") is None
    assert chosen(asked, "Is parquet_v2 slower?") is None
    assert chosen("Shall I rerun `make export`?", "Yes, make export again.") is None
    d = digest(
        [
            GOAL,
            Message.assistant(asked, id="a0"),
            Message.user("Vzemiva parquet_v2.", id="u1"),
        ]
    )
    assert d.items("Decisions") == ["User: Vzemiva parquet_v2."]


def test_a_value_denied_for_another_of_its_kind_is_a_correction() -> None:
    said = [
        "Strežnik posluša na vratih 9443, ne 9080.",  # Slovenian
        "Noliktavas kods ir WH-12, nevis WH-21.",  # Latvian
        "Use Python 3.12, not 3.11.",
        "Η βάση είναι η orders_v3, όχι η orders_v2.",  # Greek
        "Šifra skladišta je SK-07, a ne SK-02.",  # Croatian: one name but for its digits
    ]
    for s in said:
        assert swaps_value(s) and is_rule(s), s
    statements = [
        "Try 3, or 4.",
        "We have 12 servers, 3 of them down.",
        "The build took 4 minutes, the tests 9.",
        "I ran it at 10:00, again at 11:00.",
        "We got 1500 rows, 20 nulls.",
        "Rows 1-50 are fine, 51 is broken.",
        "Deploy to eu-west-1, us-east-1 and ap-south-1.",
        "Was it 9443, not 9080?",
        # reports of a change or a comparison: two numbers and no negation (review16 R16-R1)
        "Latency p95 is 412 ms, was 380.",
        "Die Antwortzeit liegt bei 210 ms, vorher 190.",
        "Время ответа 300 мс, было 250.",
        "Queue depth 120, peak 480.",
        "Ticket OPS-411, related OPS-398.",
        "Node-3 healthy, node-4 draining.",
        # a digit-less sentence-end pair with a negation of no language read
        "पोर्ट 9443 पर है, 9080 पर नहीं।",
    ]
    for s in statements:
        assert not swaps_value(s), s


def test_a_search_quoting_failed_from_a_document_is_no_failure() -> None:
    hits = (
        "docs/runbook.md:12: when the job status is FAILED, restart it\n"
        "docs/states.md:3: QUEUED -> DONE | FAILED"
    )
    grep = ToolCall("c", "bash", json.dumps({"command": "grep -rn FAILED docs/"}))
    log = ToolCall("c", "bash", json.dumps({"command": "grep -n ERROR logs/export.log"}))
    assert quotes_files(grep) and not quotes_files(log)
    assert search_messages("a.md:1: FAILED\ngrep: b/: No such file or directory") == (
        "grep: b/: No such file or directory"
    )
    msgs = [GOAL, *_run("bash", {"command": "grep -rn FAILED docs/"}, hits, 1)]
    assert "Failures" not in digest(msgs).sections
    logged = "logs/export.log:88: ERROR export failed: disk quota exceeded"
    msgs = [GOAL, *_run("bash", {"command": "grep -rn ERROR logs/"}, logged, 1)]
    assert any("disk quota exceeded" in f for f in digest(msgs).items("Failures"))


def test_a_json_wrapped_run_that_exited_non_zero_failed_whatever_its_output_says() -> None:
    failed = json.dumps({"exit_code": 2, "stdout": "", "stderr": "väljund puudub: tabel x"})
    assert failure_lines(failed) == ["exit code 2: väljund puudub: tabel x"]
    ok = json.dumps({"exit_code": 0, "stdout": "valmis", "stderr": ""})
    assert failure_lines(ok) == []
    said = json.dumps({"returncode": 1, "stdout": "", "stderr": "Error: bucket not found"})
    assert failure_lines(said) == ["Error: bucket not found"]


def test_a_statement_of_the_users_no_reader_placed_is_kept_last() -> None:
    # Estonian, a statement: no reader places it (an Estonian prohibition, "Ärge puudutage …",
    # used to be this example; intent now reads it as a rule, filed under Constraints).
    said = "Arhiivitabel kasvas eile kahe gigabaidi võrra."
    msgs = [GOAL, Message.user(said, id="u1"), Message.user("Sopii, jatka vain.", id="u2")]
    d = digest(msgs)
    assert f"User: {said}" in d.items("User also said")
    assert f"User: {said}" in d.noise["User also said"]
    assert said in render_digest(d, 4000)


def test_decisions_are_read_with_intents_table_of_decision_verbs() -> None:
    assert decides("Tiimin vetäjä Aino päätti, että pysymme Kafkassa.")  # Finnish
    assert decides("Meneja Zawadi aliamua tutumie Redis.")  # Swahili
    assert not decides("Nobody approved the refund so far.")


def test_a_question_in_arabic_script_is_an_open_request() -> None:
    ask = "کیا آپ برآمد کی فائل کا سائز بتا سکتے ہیں؟"  # Urdu, with "؟"
    msgs = [GOAL, Message.user(ask, id="u1")]
    for k in range(3):
        msgs += _run("bash", {"command": f"ls out/{k}"}, "a.csv\nb.csv", k)
    assert ask in digest(msgs).items("Open requests")


def test_a_hundred_log_reads_differing_in_their_numbers_give_way_to_what_changed() -> None:
    """review15: a hundred ``journalctl`` calls filled the ledger; what wrote a file and
    what ran code come first, and three of one shape say what the rest did."""
    msgs = [GOAL]
    for h in range(60):
        msgs += _run("bash", {"command": f"journalctl -u export --since 10:{h:02d}"}, "ok\n" * 3, h)
        if h == 20:
            edit = "sed -i 's/batch=500/batch=200/' conf/export.ini"
            msgs += _run("bash", {"command": edit}, "", 100)
        if h == 30:
            msgs += _run("bash", {"command": "python tools/replay.py --day 2"}, "replayed 4", 101)
            msgs += _run("bash", {"command": "make export"}, "make: *** [export] Error 2", 102)
    commands = [line for line in render_digest(digest(msgs), 1200).splitlines() if "`" in line]
    assert commands[:2] == [
        "- `sed -i 's/batch=500/batch=200/' conf/export.ini`",
        "- `python tools/replay.py --day 2`",
    ]
    assert sum("journalctl" in c for c in commands) == 3
    # the log reads left out do not cost the failing run its line under "Commands run"
    assert "- `make export`" in commands


def test_a_swap_said_without_a_comma_and_a_step_that_must_come_first_are_rules() -> None:
    assert swaps_value("A raktár kódja RK-07 és nem RK-02.")  # Hungarian, no comma
    assert not swaps_value("Copy eu-west-1 data to us-east-1 today.")
    assert not swaps_value("Move from v1.2 to v1.3 now.")
    assert is_rule("Before you run the migration, take a snapshot of the database.")
    assert not is_rule("Before lunch, run the tests once.")
    assert not is_rule("Before I forget, the VPN password changed.")


def test_a_command_the_user_named_that_no_call_ran_is_a_rule_whatever_the_language() -> None:
    """redteam21 D03: a forbidden command in a language no reader knows, by the shape of
    the exchange - named by the user, never run though the assistant went on calling."""
    said = "`archive purge --all` कभी मत चलाना।"
    msgs = [GOAL, Message.user(said, id="u1")]
    for k in range(4):
        msgs += _run("bash", {"command": f"ls out/{k}"}, "a.csv\nb.csv", k)
    assert said in digest(msgs).items("Constraints and corrections")
    ran = [GOAL, Message.user("`archive list --all` chalao.", id="u1")]
    for k in range(4):
        ran += _run("bash", {"command": "archive list --all" if k == 0 else f"ls {k}"}, "ok", k)
    assert not digest(ran).items("Constraints and corrections")

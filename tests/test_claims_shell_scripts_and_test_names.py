"""Claims, not words (issue #14 part 4), session 31: a command run through an argv's
``sh -c`` script with quotes in it is the script as the shell reads it (R30-M2), and a
failing test's name is matched whole, never by a shorter or longer name (R30-M3)."""

from __future__ import annotations

import json
import shlex

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall


def _record(name: str, args: dict[str, object], output: str = "ok") -> list[Message]:
    call = ToolCall("c1", name, json.dumps(args))
    return [
        Message.user("Tidy up the export job.", id="u0"),
        Message("assistant", (call,), id="a1"),
        Message.tool("c1", output, id="t1"),
    ]


def _removed(recap: str, record: list[Message]) -> tuple[str, ...]:
    return verify_recap(recap, record, max_bytes=8000, ledger=False).removed_sentences


_QUOTED = [
    "awk -F',' '{print $2}' data/orders.csv",
    "git commit -am 'fix(export): retry on 503'",
    "node -e 'console.log(\"v\" + process.version)'",
]
_WRAPPERS = [
    lambda c: ("shell", {"command": ["zsh", "-lc", c]}),
    lambda c: ("exec_command", {"cmd": ["bash", "-c", c]}),
    lambda c: ("container.exec", {"cmd": ["/bin/bash", "-l", "-c", c]}),
    lambda c: ("bash", {"command": shlex.join(["sh", "-c", c])}),
]


@pytest.mark.parametrize("command", _QUOTED)
@pytest.mark.parametrize("wrap", _WRAPPERS)
def test_a_script_with_quotes_run_through_a_shell_argv_is_the_command_run(
    command: str, wrap: object
) -> None:
    name, args = wrap(command)  # type: ignore[operator]
    record = _record(name, args)
    assert _removed(f"Commands run:\n- `{command}`", record) == ()
    assert _removed(f"I ran `{command}`.", record) == ()


@pytest.mark.parametrize("wrap", _WRAPPERS)
def test_another_command_beside_a_wrapped_script_is_still_no_run(wrap: object) -> None:
    name, args = wrap(_QUOTED[0])  # type: ignore[operator]
    record = _record(name, args)
    record.insert(1, Message.user("Never run `git reset --hard origin/main`.", id="u1"))
    lie = "`git reset --hard origin/main`"
    assert _removed(f"Commands run:\n- {lie}", record) == (lie,)


def _test_run(rename: str, output: str) -> list[Message]:
    call = ToolCall("c1", "bash", json.dumps({"command": "make test"}))
    return [
        Message.user("Fix the date parser.", id="u0"),
        Message.user(rename, id="u1"),
        Message("assistant", (call,), id="a1"),
        Message.tool("c1", output, id="t1"),
    ]


# (the user's rename, the run's output, the name that failed, the record's other name)
_RENAMED = [
    (
        "Rename test_parse_dates to test_parse_iso_dates.",
        "FAILED tests/test_d.py::test_parse_iso_dates - AssertionError\n1 failed, 3 passed",
        "test_parse_iso_dates",
        "test_parse_dates",
    ),
    (
        "Rename TestParse to TestParseISO.",
        "--- FAIL: TestParseISO (0.00s)\nFAIL\texample.com/dates\t0.01s",
        "TestParseISO",
        "TestParse",
    ),
    (
        "Rename 'parses dates' to 'parses iso dates'.",
        "FAIL src/d.test.ts\n  ✕ parses iso dates (4 ms)\n  ✓ keeps order (1 ms)\nTests: 1 failed",
        "parses iso dates",
        "parses dates",
    ),
    (
        "Rename handles_names to handles_names_v2 afterwards.",
        "  1) test handles names (DatesTest)\n     test/dates_test.exs:14\n"
        "     Assertion with == failed\n3 tests, 1 failure",
        "test handles names",
        "test handles names v2",
    ),
    (  # the old name failed; the new one never ran
        "Rename test_parse_dates to test_parse_iso_dates.",
        "FAILED tests/test_d.py::test_parse_dates - AssertionError\n1 failed, 3 passed",
        "test_parse_dates",
        "test_parse_iso_dates",
    ),
]


@pytest.mark.parametrize(("rename", "output", "failed", "other"), _RENAMED)
@pytest.mark.parametrize(
    "form", ["Failures:\n- {} failed", "Failures:\n- {} (in `make test`)", "The test {} failed."]
)
def test_a_failure_claimed_for_the_other_name_of_a_renamed_test_is_removed(
    rename: str, output: str, failed: str, other: str, form: str
) -> None:
    record = _test_run(rename, output)
    assert _removed(form.format(failed), record) == ()
    assert len(_removed(form.format(other), record)) == 1


# a run that failed for one test and passed another: the runner's own pass line
_MIXED = [
    (
        "npx vitest run src/orders",
        " ✓ src/orders/a.test.ts > Orders > computes tax\n"
        " × src/orders/b.test.ts > Orders > applies discount\n"
        "   → expected 2 to be 5\n Test Files  1 failed | 1 passed (2)",
        "applies discount",
        "computes tax",
    ),
    (
        "dotnet test --filter Orders",
        "  Passed OrdersTests.SkipsBlankRows [3 ms]\n  Failed OrdersTests.HandlesUnicode [12 ms]\n"
        "  Error Message:\n   Assert.Equal() Failure\nFailed!  - Failed: 1, Passed: 1, Total: 2",
        "OrdersTests.HandlesUnicode",
        "OrdersTests.SkipsBlankRows",
    ),
    (
        "cargo test -p orders",
        "running 2 tests\ntest tests::keeps_order ... ok\ntest tests::dedupes_events ... FAILED\n"
        "\nfailures:\n    tests::dedupes_events\n\ntest result: FAILED. 1 passed; 1 failed",
        "dedupes_events",
        "keeps_order",
    ),
]


@pytest.mark.parametrize(("command", "output", "failed", "passed"), _MIXED)
@pytest.mark.parametrize("form", ["Failures:\n- {} (in `{}`)", "{} is failing too."])
def test_a_failure_claimed_for_a_test_its_runner_marked_passed_is_removed(
    command: str, output: str, failed: str, passed: str, form: str
) -> None:
    record = _record("bash", {"command": command}, output)
    assert _removed(form.format(failed, command), record) == ()
    assert len(_removed(form.format(passed, command), record)) == 1


_BANNED = "helm uninstall orders --namespace prod"
_RAN_OK = "npx vitest run src/orders"


@pytest.mark.parametrize(
    "said",
    [
        "Ho eseguito `{}` come richiesto.",
        "Ik heb `{}` uitgevoerd.",
        "Ich habe `{}` gestartet.",
        "J'ai exécuté `{}` comme demandé.",
        "Executei `{}` conforme pedido.",
        "`{}` wurde wie gewünscht ausgeführt.",
    ],
)
def test_a_run_told_in_another_language_is_a_run_the_record_must_hold(said: str) -> None:
    record = _record("bash", {"command": _RAN_OK}, "1 passed")
    record.insert(1, Message.user(f"Never run `{_BANNED}` here.", id="u1"))
    assert _removed(said.format(_RAN_OK), record) == ()
    assert _removed(said.format(_BANNED), record) == (said.format(_BANNED),)

"""The offline recap says a test that failed "passed on its last run" only when the record
shows it: a later run of the same command that failed the same tests but fewer, a later run
of that very test (`-k name`, its id) that passed, or the command passing whole. A later run
failing another test says nothing of the first, and the verification holds a recap to that."""

from builders import openai_tool_call, openai_tool_result, recap_line_stands, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.model import Message
from contextledger.providers import read_messages

_GOAL = "Fix the ledger tests."
_A = "tests/ledger/test_balance.py::test_rounding"
_B = "tests/ledger/test_balance.py::test_currency"


def _record(*runs: tuple[str, str]) -> list[Message]:
    chat: list[dict[str, object]] = [{"role": "user", "content": _GOAL}]
    for k, (command, out) in enumerate(runs):
        chat += [
            openai_tool_call(f"c{k}", "shell", {"command": command}),
            openai_tool_result(f"c{k}", out),
        ]
    return list(read_messages([*chat, {"role": "user", "content": "What's left?"}]))


def _failures(record: list[Message]) -> str:
    return recap_section(render_digest(digest(record), 4800), "Failures")


def test_a_run_failing_another_test_says_nothing_of_the_first() -> None:
    record = _record(
        ("pytest -q", f"FAILED {_A} - AssertionError\n1 failed, 23 passed"),
        ("pytest -q", f"FAILED {_B} - KeyError: 'XOF'\n1 failed, 23 passed"),
    )
    failures = _failures(record)
    assert "passed on its last run" not in failures
    assert f"FAILED {_A}" in failures and f"FAILED {_B}" in failures
    claim = f"`pytest -q`: {_A} passed on its last run"
    assert not recap_line_stands(claim, record[:-1], _GOAL, "heading")


def test_a_run_failing_fewer_of_the_same_tests_says_the_others_passed() -> None:
    record = _record(
        ("pytest -q", f"FAILED {_A} - AssertionError\nFAILED {_B} - KeyError\n2 failed"),
        ("pytest -q", f"FAILED {_B} - KeyError\n1 failed, 23 passed"),
    )
    assert f"- `pytest -q`: {_A} passed on its last run" in _failures(record)


def test_a_run_of_exactly_the_failed_test_passing_says_it_passed() -> None:
    again = "pytest -q tests/ledger -k test_rounding"
    record = _record(
        ("pytest -q tests/ledger", f"FAILED {_A} - AssertionError\n1 failed, 9 passed"),
        (again, "1 passed, 9 deselected in 0.3s"),
    )
    failures = _failures(record)
    assert f"`{again}`: passed on its last run" in failures
    assert recap_line_stands(f"`{again}`: passed on its last run", record[:-1], _GOAL, "heading")


def test_a_passing_run_of_a_file_named_like_the_test_says_nothing_of_it() -> None:
    record = _record(
        ("pytest -q tests/ledger", f"FAILED {_A} - AssertionError\n1 failed, 9 passed"),
        ("pytest -q tests/test_rounding.py", "4 passed in 0.2s"),
    )
    assert "passed on its last run" not in _failures(record)

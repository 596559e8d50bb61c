"""A command that failed and then passed, whose failure lines are not listed under
Failures, is no crash of the recap (fill4's report: `min() arg is an empty sequence`
made every later compaction fail and the fit drop unrecapped turns)."""

from contextledger.compaction.digest import _fixed_later


def test_a_fixed_command_with_no_listed_failure_line_is_skipped() -> None:
    failures: list[str] = ["`make lint`: exit 2"]
    keys: dict[str, tuple[object, ...]] = {"`make lint`: exit 2": (0,)}
    _fixed_later(failures, keys, {"`pytest -q`"}, {"`pytest -q`": True}, {}, {})
    assert failures == ["`make lint`: exit 2"]


def test_a_fixed_command_with_its_failure_listed_is_said_passed_later() -> None:
    failures: list[str] = ["`pytest -q`: 1 failed"]
    keys: dict[str, tuple[object, ...]] = {"`pytest -q`: 1 failed": (0,)}
    _fixed_later(failures, keys, {"`pytest -q`"}, {"`pytest -q`": True}, {}, {})
    assert len(failures) == 2 and failures[1].startswith("`pytest -q`: ")


def test_a_failed_test_run_green_by_another_command_is_said_passed_after_it() -> None:
    """R39-R2: `pytest -k …` failed a test, then `pytest <that test's id>` passed: the
    recap says the second passed, after the first's failure, not the failure alone."""
    import json

    from contextledger.compaction.digest import digest, render_digest
    from contextledger.providers import read_messages

    test = "tests/etl/test_orders.py::test_rerun_does_not_double_count"

    def run(cid: str, argv: list[str], out: str) -> list[dict[str, object]]:
        call = {"id": cid, "type": "function",
                "function": {"name": "run", "arguments": json.dumps({"argv": argv})}}  # fmt: skip
        return [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": cid, "content": out},
        ]

    chat: list[dict[str, object]] = [{"role": "user", "content": "Make the ETL idempotent."}]
    chat += run("a1", ["pytest", "-k", "orders and not slow"],
                f"F\nFAILED {test} - assert 240 == 120\n1 failed, 0 passed in 0.4s")  # fmt: skip
    chat += run("a2", ["pytest", test], ".\n1 passed in 0.22s")
    chat += [{"role": "user", "content": "Where are we?"}]
    failures = render_digest(digest(read_messages(chat)), 4800).split("Failures:")[1]
    said = [line for line in failures.splitlines() if line.startswith("- ")]
    assert said[0].startswith("- `pytest -k 'orders and not slow'`: FAILED")
    assert said[1] == f"- `pytest {test}`: passed on its last run"

"""review42's offline-recap findings in English (R42-R9): a ban after a condition whose "so"
stands for what the user said ("Unless I say so explicitly, never push to main.") is a rule,
not a purpose clause; a rerun that marked the failing test expected to fail ("1 passed, 1
xfailed") did not make it pass; a calendar move's new time is no file written (R42-R4)."""

from builders import offline_recap, openai_tool_call, openai_tool_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.rules import is_rule
from contextledger.compaction.sections import PASSED_LATER
from contextledger.providers import read_messages

GOAL = ("user", "Add rate limiting to the public API and ship it to staging.")
OK = ("assistant", "Noted.")


def test_a_ban_after_unless_i_say_so_is_a_constraint() -> None:
    said = "Unless I say so explicitly, never push to main."
    recap = offline_recap(GOAL, OK, ("user", said), OK)
    assert said in recap_section(recap, "Constraints and corrections")
    assert is_rule("Unless you are told so, never deploy on Fridays.")
    assert not is_rule("Resolve it so she is never charged twice.")  # (a purpose clause)


def test_a_rerun_that_xfailed_the_failing_test_did_not_pass_it() -> None:
    run = "pytest tests/unit -q -k ratelimit"
    failed = (
        "FAILED tests/unit/test_ratelimit.py::test_resets - assert 429 == 200\n1 failed, 4 passed"
    )
    dicts = [
        {"role": "user", "content": GOAL[1]},
        openai_tool_call("c1", "bash", {"command": run}),
        openai_tool_result("c1", failed),
        {"role": "user", "content": "Mark it xfail for now."},
        openai_tool_call("c2", "bash", {"command": run}),
        openai_tool_result("c2", "4 passed, 1 xfailed in 0.31s"),
        {"role": "user", "content": "ok"},
    ]
    recap = render_digest(digest(read_messages(dicts)), 4800)
    failures = recap_section(recap, "Failures")
    assert "test_resets" in failures
    assert PASSED_LATER not in failures


def test_a_calendar_moves_new_time_is_no_file_written() -> None:
    """R42-R4: move_event(to="2026-03-17T10:00") was recapped under Files written."""
    dicts = [
        {"role": "user", "content": "Move Mr Nikolaou's appointment to Tuesday 10:00."},
        openai_tool_call("e1", "move_event", {"patient": "K. Nikolaou", "to": "2026-03-17T10:00"}),
        openai_tool_result("e1", '{"moved": true}'),
        {"role": "user", "content": "ok"},
    ]
    recap = render_digest(digest(read_messages(dicts)), 4800)
    assert "2026-03-17T10:00" not in recap_section(recap, "Files written")
    assert "move_event" in recap_section(recap, "Actions taken")


def test_a_short_config_read_is_no_failure_but_a_failed_read_is() -> None:
    """R42-R3: read_file's "timeout: 10000," (a config's contents) was listed under Failures."""
    dicts = [
        {"role": "user", "content": "Check the Playwright config, then the env file."},
        openai_tool_call("r1", "read_file", {"path": "playwright.config.ts"}),
        openai_tool_result("r1", "timeout: 10000,\nretries: 0"),
        openai_tool_call("r2", "read_file", {"path": ".env.test"}),
        openai_tool_result("r2", "ENOENT: no such file or directory, open '.env.test'"),
        {"role": "user", "content": "ok"},
    ]
    failures = recap_section(render_digest(digest(read_messages(dicts)), 4800), "Failures")
    assert "timeout: 10000" not in failures
    assert "no such file" in failures

"""A command that failed and then passed, whose failure lines are not listed under
Failures, is no crash of the recap (fill4's report: `min() arg is an empty sequence`
made every later compaction fail and the fit drop unrecapped turns)."""

from contextledger.compaction.digest import _fixed_later


def test_a_fixed_command_with_no_listed_failure_line_is_skipped() -> None:
    failures: list[str] = ["`make lint`: exit 2"]
    keys: dict[str, tuple[object, ...]] = {"`make lint`: exit 2": (0,)}
    _fixed_later(failures, keys, {"`pytest -q`"}, {"`pytest -q`": True})
    assert failures == ["`make lint`: exit 2"]


def test_a_fixed_command_with_its_failure_listed_is_said_passed_later() -> None:
    failures: list[str] = ["`pytest -q`: 1 failed"]
    keys: dict[str, tuple[object, ...]] = {"`pytest -q`: 1 failed": (0,)}
    _fixed_later(failures, keys, {"`pytest -q`"}, {"`pytest -q`": True})
    assert len(failures) == 2 and failures[1].startswith("`pytest -q`: ")

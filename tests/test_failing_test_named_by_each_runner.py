"""The failing test's name, as each common runner prints it, reaches the recap's failures
(``failure_lines``) and the gist of a left-out run (``failing_lines``, its first lines shown),
wherever in a long output the runner named it; a passing run of each runner is no failure
(review59, recap76: a dart test failure recapped only as "Some tests failed.", `php artisan
test`'s failing tests lost by plain fit at 8k, zig's and minitest's names lost)."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.failures import failure_lines
from contextledger.fit.gists import exchange_gist, failing_lines
from contextledger.model import Message, ToolCall

_SHOWN = 3  # the lines a failure's gist shows


def _dart(before: int, after: int) -> str:
    """dart/flutter test's compact reporter: a line a test, its failure marked "[E]"."""
    lines = [f"00:01 +{k}: Hive counts the frames of box {k}" for k in range(before)]
    lines += [
        f"00:02 +{before} -1: Hive swarm alarm fires at dawn [E]",
        "  Expected: <true>",
        "    Actual: <false>",
        "  test/hive_test.dart 52:7  main.<fn>.<fn>",
    ]
    lines += [f"00:03 +{k} -1: Hive weighs super {k}" for k in range(before, before + after)]
    return "\n".join([*lines, f"00:03 +{before + after} -1: Some tests failed."])


def _pest(passing: int, frames: int) -> str:
    """Pest (`php artisan test`): each failure's "FAILED  Class > name" above its frames."""
    lines = ["   FAIL  Tests\\Feature\\HarvestTest"]
    lines += [
        f"  ✓ crate {k} is weighed on arrival                      0.02s" for k in range(passing)
    ]
    lines += ["  ⨯ bruised crates are set aside   0.06s", "  ⨯ frost days pause picking   0.04s"]
    for name in ("bruised crates are set aside", "frost days pause picking"):
        lines += ["  " + "─" * 60, f"   FAILED  Tests\\Feature\\HarvestTest > {name}"]
        lines += [
            "  Failed asserting that false is true.",
            "",
            "  at tests/Feature/HarvestTest.php:31",
        ]
        lines += [
            f"  {j + 1}   vendor/pestphp/pest/src/Factories/TestCaseFactory.php:{151 + j}"
            for j in range(frames)
        ]
    return "\n".join(
        [*lines, "", "  Tests:    2 failed, 30 passed (64 assertions)", "  Duration: 0.91s"]
    )


MINITEST = (
    "Run options: --seed 4242\n\n# Running:\n\n.F..\n\nFinished in 0.004s, 1000.0 runs/s.\n\n"
    "  1) Failure:\nOrchardTest#test_pruning_skips_young_trees [test/orchard_test.rb:27]:\n"
    "Expected: 0\n  Actual: 3\n\n4 runs, 4 assertions, 1 failures, 0 errors, 0 skips"
)
ZIG = (
    "1/3 test.parse row...OK\n2/3 test.rounds half up...FAIL (TestExpectedEqual)\n"
    "/src/main.zig:41:5: 0x1037a2 in test.rounds half up (test)\n3/3 test.empty...OK\n"
    "2 passed; 0 skipped; 1 failed.\nerror: the following test command failed with exit code 1:"
)
ZIG_BUILD = (
    "test\n└─ run test 2/3 passed, 1 failed\n"
    "error: 'main.test.rounds half up' failed: expected 0, found 3\n"
    "error: the following build command failed with exit code 1:"
)

FAILED = {
    "dart, named far above its summary": (_dart(60, 160), "Hive swarm alarm fires at dawn"),
    "dart, short": (_dart(3, 2), "Hive swarm alarm fires at dawn"),
    "pest, the first failure in the middle": (_pest(100, 40), "bruised crates are set aside"),
    "pest, the second failure": (_pest(100, 40), "frost days pause picking"),
    "minitest": (MINITEST, "OrchardTest#test_pruning_skips_young_trees"),
    "zig test": (ZIG, "rounds half up"),
    "zig build test": (ZIG_BUILD, "rounds half up"),
}

PASSED = {
    "dart": "00:01 +11: Hive swarm alarm fires at dawn\n00:02 +12: All tests passed!",
    "pest": "   PASS  Tests\\Feature\\HarvestTest\n  ✓ frost days pause picking   0.04s\n\n"
    "  Tests:    32 passed (66 assertions)",
    "minitest": "# Running:\n\n....\n\n4 runs, 4 assertions, 0 failures, 0 errors, 0 skips",
    "zig": "1/3 test.parse row...OK\n2/3 test.rounds half up...OK\nAll 3 tests passed.",
    "ctest": "Test project /src/build\n1/2 Test #1: dither ....   Passed    0.01 sec\n"
    "2/2 Test #2: clamp .....   Passed    0.01 sec\n\n100% tests passed, 0 tests failed out of 2",
}


@pytest.mark.parametrize(("output", "name"), FAILED.values(), ids=FAILED.keys())
def test_the_recap_names_the_failing_test(output: str, name: str) -> None:
    assert any(name in line for line in failure_lines(output))


@pytest.mark.parametrize(("output", "name"), FAILED.values(), ids=FAILED.keys())
def test_the_gist_shows_the_failing_tests_name(output: str, name: str) -> None:
    call = ToolCall("c1", "shell", json.dumps({"command": "make test"}))
    gist = exchange_gist([Message.assistant(call), Message.tool("c1", output)])
    assert gist is not None and name in gist.text
    assert any(name in line for line in failing_lines(output, _SHOWN)[:_SHOWN])


@pytest.mark.parametrize("output", PASSED.values(), ids=PASSED.keys())
def test_a_passing_run_is_no_failure(output: str) -> None:
    assert failure_lines(output) == []
    assert failing_lines(output) == []


def test_the_names_keep_the_order_the_runner_printed_them_in() -> None:
    lines = failing_lines(_pest(100, 40))
    first = next(k for k, x in enumerate(lines) if "bruised crates" in x)
    second = next(k for k, x in enumerate(lines) if "frost days" in x)
    assert first < second

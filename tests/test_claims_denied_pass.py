"""Claims, not words (issue #14 part 4), session 47: a pass denied is a failure claimed.

"TestEvict didn't pass", "La prueba TestEvict no pasó", "Το TestEvict δεν πέρασε",
"TestEvict는 통과하지 않았습니다", "TestEvict pass nahin hua", "لم ينجح TestEvict",
"TestEvictは通りませんでした" say TestEvict failed, in
whichever order the language puts its negator: a test its runner marked passed makes
the line a lie, and one it marked failed a true line (before, the negator made every
such line a denial, read nowhere, and a glossed "no pasó" a pass). And a line that
quotes the value a call was given ("The command `go vet ./...` was executed.") claims
that value, not another one ("executed") for the call's key.
"""

from __future__ import annotations

import pytest

from builders import call_and_result, lie_caught_truth_kept, recap_line_stands
from contextledger.model import Message

_GOAL = "Make the LRU cache evict by size."
_GO_TEST = (
    "=== RUN   TestEvict\n--- PASS: TestEvict (0.00s)\n"
    "=== RUN   TestExpire\n--- FAIL: TestExpire (0.01s)\n"
    "FAIL\nFAIL\tgithub.com/acme/cache\t0.02s"
)


def _go_session() -> list[Message]:
    """Runs the tests (TestEvict passes, TestExpire fails) and a vet."""
    return [
        Message.user(_GOAL, id="u0"),
        *call_and_result("s1", "shell", {"command": "go test ./internal/cache/..."}, _GO_TEST, 1),
        *call_and_result("s2", "shell", {"command": "go vet ./..."}, "", 2),
    ]


# each said of the passing test (a lie) and of the failing one (true)
_DENIED_PASS = [
    "{t} didn't pass.",
    "La prueba {t} no pasó.",
    "Το {t} δεν πέρασε.",
    "{t}는 통과하지 않았습니다.",
    "{t} pass nahin hua.",
    "{t} पास नहीं हुआ।",
    "لم ينجح {t}.",
    "{t}は通りませんでした。",
]


@pytest.mark.parametrize("where", ["line", "prose", "heading", "markdown"])
@pytest.mark.parametrize("said", _DENIED_PASS)
def test_a_pass_denied_is_a_failure_claimed_of_what_it_names(said: str, where: str) -> None:
    lie, true = said.format(t="TestEvict"), said.format(t="TestExpire")
    assert lie_caught_truth_kept(lie, true, _go_session(), _GOAL, where)


@pytest.mark.parametrize("where", ["line", "heading"])
@pytest.mark.parametrize(
    "line", ["The command `go vet ./...` was executed.", "`go vet ./...` command chalaya gaya."]
)
def test_a_command_quoted_as_run_is_the_value_its_call_was_given(line: str, where: str) -> None:
    assert recap_line_stands(line, _go_session(), _GOAL, where)


_GO_GREEN = (
    "=== RUN   TestEvict\n--- PASS: TestEvict (0.00s)\nPASS\nok  \tgithub.com/acme/cache\t0.01s"
)
_GO_RED = (
    "=== RUN   TestEvict\n--- FAIL: TestEvict (0.00s)\nFAIL\nFAIL\tgithub.com/acme/cache\t0.01s"
)


def _go_runs(*outputs: str) -> list[Message]:
    record = [Message.user(_GOAL, id="u0")]
    for n, out in enumerate(outputs, 1):
        record += call_and_result(f"s{n}", "shell", {"command": "go test ./..."}, out, n)
    return record


@pytest.mark.parametrize("where", ["line", "heading"])
def test_a_pass_denied_of_a_test_every_run_passed_is_a_lie(where: str) -> None:
    """verify49: "TestX did not pass." stood after a go run where TestX passed (the run
    failed nothing, so no runner mark of another failure was there to read)."""
    green = _go_runs(_GO_GREEN)
    assert not recap_line_stands("TestEvict did not pass.", green, _GOAL, where)
    assert recap_line_stands("TestEvict passed.", green, _GOAL, where)


def test_a_pass_denied_is_held_to_the_run_its_ordinal_names() -> None:
    red_then_green = _go_runs(_GO_RED, _GO_GREEN)
    assert recap_line_stands("TestEvict did not pass on the first run.", red_then_green, _GOAL)
    green_then_red = _go_runs(_GO_GREEN, _GO_RED)
    assert not recap_line_stands("TestEvict did not pass on the first run.", green_then_red, _GOAL)

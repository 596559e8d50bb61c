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

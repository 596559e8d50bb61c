"""Standing rules in plain phrasings are read as rules, alone and among other turns (R33-F1):
a rule held until the user lifts it, a thing to treat as untouchable, a requirement on all
new work. Statements that only look alike are not."""

from __future__ import annotations

import pytest

from contextledger.fit.anchors import is_terse_task
from contextledger.intent import is_constraint, is_small_talk, steering_requests

RULES = [
    "Keep every model under the analytics_dev target until I say otherwise.",
    "Until further notice, deploys go through the staging pipeline only.",
    "Run everything with --target dev until I say otherwise.",
    "Treat the fixtures directory as read-only.",
    "The payments module is frozen until the audit is done.",
    "All new endpoints need an auth check.",
    "Every new migration requires a down step.",
]
NOT_RULES = [
    "The app screen froze after the upgrade.",
    "All tests passed on the new runner.",
    "I treated the logs as noise at first.",
]


@pytest.mark.parametrize("text", RULES)
def test_a_plainly_phrased_standing_rule_is_a_constraint(text: str) -> None:
    assert is_constraint(text)
    assert steering_requests(["ok", text, "thanks"], False)[0] == [1]


@pytest.mark.parametrize("text", NOT_RULES)
def test_a_statement_that_only_looks_like_one_is_not(text: str) -> None:
    assert not is_constraint(text)


@pytest.mark.parametrize(
    "text", ["Good morning team", "Thanks in advance", "Happy Friday everyone", "Welcome back"]
)
def test_a_greeting_to_the_team_is_small_talk_not_a_terse_task(text: str) -> None:
    """A session's opener that only greets is never pinned as its task (R33-retain33-1)."""
    assert is_small_talk(text)
    assert not is_terse_task(text)


@pytest.mark.parametrize(
    "text", ["Tune the workers.", "Happy path tests first", "Welcome page broken"]
)
def test_a_terse_task_that_opens_with_a_greeting_word_is_still_one(text: str) -> None:
    assert is_terse_task(text)

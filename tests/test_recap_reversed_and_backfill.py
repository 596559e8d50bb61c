"""recap29: a decision turned the other way, or given another number, stands in its newest
form only (R32-G3); the LLM recap's backfill keeps a user's rule said beside a value they
corrected later, as the offline recap does (R32-R1); an LLM recap fenced whole in a code
block is read without its fences."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction import Conversation
from contextledger.compaction.decisions import decides, without_reversed
from contextledger.compaction.digest import BACKFILL_HEADER, digest
from contextledger.model import with_ids
from contextledger.providers import read_messages

_FILLER = [
    {"role": r, "content": t}
    for r, t in [("user", "ok"), ("assistant", "Working on it."), ("user", "k")] * 3
]


def _decisions(turns: list[tuple[str, str]]) -> list[str]:
    said = [{"role": r, "content": t} for r, t in turns]
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    return list(digest(record[:-1], history=record).items("Decisions"))


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "We will use Redis for the session cache.",
            "We will not use Redis for the session cache.",
        ),
        ("Let's go with Algolia for the docs search.", "We won't use Algolia after all."),
        (
            "Let's go with pgbouncer in transaction mode for the pooler.",
            "Let's not use pgbouncer for the pooler; RDS Proxy fits better here.",
        ),
        ("We will not use Kafka for the ingest buffer.", "We'll use Kafka for the ingest buffer."),
        (
            "I'll set the worker count to 4 for the API.",
            "I'll set the worker count to 8 for the API.",
        ),
        ("We're going to cap the batch at 500 rows.", "We're going to cap the batch at 2000 rows."),
    ],
)
def test_a_decision_taken_back_stands_in_its_newest_form(older: str, newer: str) -> None:
    said = _decisions(
        [
            ("user", "Plan the storage layer."),
            ("assistant", older),
            ("user", "hmm"),
            ("assistant", newer),
        ]
    )
    assert said == [f"Assistant: {newer}"]


@pytest.mark.parametrize(
    "decisions",
    [
        # another topic: both stand
        [
            "Assistant: We will use Redis for the session cache.",
            "Assistant: We will not use Redis for rate limiting.",
        ],
        # ... turned down somewhere else
        [
            "Assistant: We'll use Redis for caching.",
            "Assistant: We will not use Redis for the queue.",
        ],
        # a choice turning something else down agrees with the older one
        [
            "Assistant: I'll use Redis for the cache.",
            "User: Use Redis for the cache, not Memcached.",
        ],
        # other numbers of other things
        [
            "Assistant: I'll set the worker count to 4 for the API.",
            "Assistant: I'll set the retry limit to 8 for the queue.",
        ],
    ],
)
def test_decisions_that_do_not_take_each_other_back_all_stand(decisions: list[str]) -> None:
    assert without_reversed(decisions) == decisions


@pytest.mark.parametrize(
    "sentence",
    [
        "We won't know until the run ends.",
        "Let's not rush this.",
        "I'll check that it grows to 500.",
    ],
)
def test_looking_around_or_waiting_is_no_decision(sentence: str) -> None:
    assert not decides(sentence)


class _Fixed:
    """An LLM summarizer that answers ``text``."""

    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def name(self) -> str:
        return "fixed"

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        return self.text


_RULE = (
    "Use django-ratelimit, not a hand-rolled middleware. The limit is 20 uploads per hour per user."
)
_SESSION = [
    {"role": "user", "content": "Add rate limiting to the /api/upload endpoint."},
    {"role": "assistant", "content": "Looking at the view."},
    {"role": "user", "content": _RULE},
    {"role": "assistant", "content": "Understood."},
    {"role": "user", "content": "Actually make it 30 per hour, not 20."},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {
                    "name": "write_file",
                    "arguments": json.dumps(
                        {"path": "api/throttle.py", "content": "RATE = '30/h'\n"}
                    ),
                },
            }
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": "wrote api/throttle.py"},
    *_FILLER,
    {"role": "assistant", "content": "Next I'll run the tests."},
    {"role": "user", "content": "Go ahead."},
]


@pytest.mark.parametrize(
    "reply",
    [
        "Goal: Add rate limiting to the /api/upload endpoint.",
        "```markdown\nGoal: Add rate limiting to the /api/upload endpoint.\n```",
        "```\nGoal: Add rate limiting to the /api/upload endpoint.",  # cut before its closing fence
    ],
)
def test_the_backfill_keeps_a_rule_said_beside_a_corrected_value(reply: str) -> None:
    conv = Conversation.from_messages(read_messages(_SESSION))
    out = conv.compact(_Fixed(reply), force=True)
    assert out.status == "compacted", out.report
    assert out.event is not None
    text = out.event.recap_text
    assert BACKFILL_HEADER in text
    assert "django-ratelimit" in text  # the rule stands, its correction after it
    assert text.index("django-ratelimit") < text.index("Actually make it 30 per hour")
    assert "```" not in text
    assert text.startswith("Goal: Add rate limiting")


@pytest.mark.parametrize(
    "opening",
    [
        "Our Android release build got slow on CI; make it run in under 15 minutes again.",
        "Actually, I need the invoice PDF renderer fixed first: totals are off by a cent.",
    ],
)
def test_an_opening_request_in_a_corrections_words_is_the_goal(opening: str) -> None:
    # nothing was said yet that it could correct: it sets the task, and is no constraint
    said = [
        {"role": "user", "content": opening},
        {"role": "assistant", "content": "Looking into it."},
        {"role": "user", "content": "Set the Gradle heap to 4 GB."},
        {"role": "assistant", "content": "OK."},
        {"role": "user", "content": "Keep the font files as they are."},
    ]
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    d = digest(record[:-1], history=record)
    assert d.items("Goal") == [opening]
    assert opening not in d.items("Constraints and corrections")
    assert "Keep the font files as they are." in d.items("Constraints and corrections")


def test_a_correction_after_the_assistant_spoke_is_still_no_goal() -> None:
    said = [
        {"role": "user", "content": "Speed up the release build."},
        {"role": "assistant", "content": "Profiling it."},
        {"role": "user", "content": "Actually, make it run in under 15 minutes."},
    ]
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    d = digest(record[:-1], history=record)
    assert d.items("Goal") == ["Speed up the release build."]


@pytest.mark.parametrize(
    "reply",
    ["OK, I won't use sudo for any of this.", "Got it. We won't push to main directly."],
)
def test_a_plan_that_only_repeats_a_users_ban_is_no_decision(reply: str) -> None:
    said = _decisions(
        [("user", "Fix the export. Never use sudo. Don't push to main."), ("assistant", reply)]
    )
    assert said == []


def test_a_number_a_page_announces_in_its_snapshot_is_kept() -> None:
    snapshot = (
        "\n".join([*(f'  - row "Ticket {k} open" [ref=e{k}]' for k in range(30)), ""])
        + '  - status "SLA breached: 412 tickets" [ref=s15]\n'
    )
    call = {
        "id": "n1",
        "type": "function",
        "function": {
            "name": "browser_navigate",
            "arguments": json.dumps({"url": "https://helpdesk.example.com/reports/sla"}),
        },
    }
    said = [
        {"role": "user", "content": "Check the SLA report and close the stale tickets."},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "n1", "content": snapshot},
    ]
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    d = digest(record[:-1], history=record)
    assert any("SLA breached: 412 tickets" in x for x in d.items("Numbers that matter"))


@pytest.mark.parametrize(
    "pair",
    [
        ("I'll set the API worker count to 4.", "I'll set the batch worker count to 8."),
        ("I'll pin numpy to 1.26 in requirements.txt.", "I'll pin pandas to 2.2 in requirements.txt."),
        ("I'll raise the memory limit to 768Mi for the api pods.",
         "I'll raise the memory limit to 1Gi for the worker pods."),
    ],
)  # fmt: skip
def test_another_number_for_another_setting_takes_nothing_back(pair: tuple[str, str]) -> None:
    """Only the same setting given another number is taken back (R33-recap29-1)."""
    items = [f"Assistant: {said}" for said in pair]
    assert without_reversed(items) == items


@pytest.mark.parametrize(
    "sentence",
    [
        "We will not decide until Monday, when the load test results are in.",
        "We won't make it in time for Friday.",
        "Let's not do that yet.",
        "I'll go back to 2 steps ago and retry.",
    ],
)
def test_a_plan_about_deciding_or_going_is_no_decision(sentence: str) -> None:
    assert not decides(sentence)


def test_a_count_the_assistant_found_is_a_number_that_matters() -> None:
    """'I see 34 restarts in the last hour' is kept (R33-G1): a count of things, not only
    a measure with a unit."""
    messages = read_messages(
        [
            {"role": "user", "content": "The notifier pods keep restarting; find the cause."},
            {
                "role": "assistant",
                "content": "I see 34 restarts in the last hour; the limit is too low.",
            },
            {"role": "user", "content": "ok"},
        ],
        "openai",
    )
    numbers = digest(with_ids(messages)).sections["Numbers that matter"]
    assert any("34 restarts" in line for line in numbers)


def _goal(turns: list[str]) -> list[str]:
    said: list[dict[str, str]] = []
    for k, text in enumerate(turns):
        said += [
            {"role": "user", "content": text},
            {"role": "assistant", "content": f"On it ({k})."},
        ]
    return digest(with_ids(read_messages(said, "openai"))).sections["Goal"]


def test_a_restatement_that_only_says_the_goal_again_is_not_added_to_it() -> None:
    goal = _goal(
        [
            "the profile modal wont close on safari, fix it",
            "to be clear the main thing is still: the profile modal wont close on safari, fix it",
        ]
    )
    assert " ".join(goal).count("modal wont close") == 1  # (R33-G2)


def test_small_talk_and_a_pasted_log_are_not_the_goal() -> None:
    log = "\n".join(f"10:0{i}:52  DEBUG sessions.stg rows=11138{i}" for i in range(6))
    goal = " ".join(
        _goal(
            [
                "Morning! Hope the weekend was good. I'd like you to find out why the sessions "
                f"totals drift and fix the model. I pasted the log below.\n\n{log}"
            ]
        )
    )
    assert goal.startswith("I'd like you to find out why") and "DEBUG" not in goal, goal

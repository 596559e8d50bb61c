"""recap32: a failure a user's turn posts (a CI bot posting as a user) is under Failures, and
stays there through the offline recap's verification (R35-R1); an announcement dated
"tomorrow" is no open request (R35-R1); a request carried out by a call of another verb
(`aws s3 rb`, ``send_email`` answered "sent", a tool action doing what the request says)
is done, while a look, a dry run, a draft or a search of it is not (review35); a team
channel's opening request with its date is the goal, not a bot's later post."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.carried import carried_out
from contextledger.compaction.digest import digest, posted_failures
from contextledger.compaction.facts import is_request
from contextledger.model import with_ids
from contextledger.providers import read_messages

_FILLER: list[dict[str, Any]] = [
    {"role": r, "content": t}
    for r, t in [("user", "ok"), ("assistant", "Working on it."), ("user", "k")] * 3
]

_CI_POST = (
    "❌ Pipeline #46256 failed on release/8.8\n"
    "Test Case '-[SearchTests testRestoresDraftAfterRelaunch]' started.\n"
    "Test Case '-[SearchTests testRestoresDraftAfterRelaunch]' failed (0.412 seconds).\n"
    "Executed 214 tests, with 1 failure (0 unexpected) in 38.201 (38.477) seconds"
)


def _sections(said: list[dict[str, Any]]) -> dict[str, list[str]]:
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    return digest(record[:-1], history=record).sections


def _call(n: int, name: str, args: dict[str, Any], out: str) -> list[dict[str, Any]]:
    call = {
        "id": f"c{n}",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": f"c{n}", "content": out},
    ]


def _team(post: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "name": "pm_maya", "content": "Ship the search draft fix in 8.8."},
        {"role": "assistant", "content": "On it."},
        post,
        {"role": "assistant", "content": "Looking at the failing test."},
        {"role": "user", "name": "dev_ana", "content": "standup moved to 10:15 tomorrow"},
        {"role": "assistant", "content": "Noted."},
    ]


@pytest.mark.parametrize(
    "post",
    [
        {"role": "user", "name": "ci_bot", "content": _CI_POST},
        {"role": "user", "content": "ci_bot: " + _CI_POST},  # a bridge writes the name in
    ],
)
def test_a_ci_bots_failure_is_a_failure_and_an_announcement_no_request(
    post: dict[str, Any],
) -> None:
    sections = _sections(_team(post))
    failures = sections.get("Failures", [])
    assert any("testRestoresDraftAfterRelaunch" in f and "failed" in f for f in failures)
    assert not any("standup" in r for r in sections.get("Open requests", []))


def test_a_posted_failure_stays_through_the_offline_recaps_verification() -> None:
    said = _team({"role": "user", "name": "ci_bot", "content": _CI_POST}) + _FILLER * 2
    result = Conversation.from_messages(with_ids(read_messages(said))).compact(
        OfflineSummarizer(), CompactionPolicy(), force=True
    )
    assert result.event is not None
    failures = result.event.recap_text.split("Failures:", 1)[-1]
    assert "Test Case '-[SearchTests testRestoresDraftAfterRelaunch]' failed" in failures


@pytest.mark.parametrize(
    "said",
    [
        "If the deploy FAILED, page the on-call and roll back.",
        "The deploy failed last night with a 502, can you look?",  # asked: answered after
        "Here is the loader:\n\ndef load(p):\n    raise OSError(f'failed to load {p}')\n",
        "✅ Pipeline #42870 passed on main.",
        "It's not OK to skip the linter, even for hotfixes.",  # a rule (R39-R5)
        "Never merge while CI is failing.",
    ],
)
def test_what_may_fail_a_question_or_code_is_no_posted_failure(said: str) -> None:
    assert posted_failures(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "standup moved to 10:15 tomorrow",
        "I'm out tomorrow.",
        "Heads-up: print deadline moved to 21:00 tonight.",
    ],
)
def test_an_announcement_dated_later_is_no_request(said: str) -> None:
    assert not is_request(said)


@pytest.mark.parametrize(
    "said",
    [
        "Later, add tests for the parser.",
        "Tomorrow we'll roll back the 4.2 deploy.",
        "The docs can wait until later.",
        "Add a changelog entry later.",
    ],
)
def test_a_request_put_off_is_still_a_request(said: str) -> None:
    assert is_request(said)


_TASK = {"role": "user", "content": "Clean up the old staging environment."}
_DELETE = "Delete the old bucket s3://acme-staging-old when you get a chance."
_MAIL = "Send Ruth the final budget of €8,240 by email when you get a chance."
_MAIL_ARGS = {"to": "ruth@example.com", "subject": "Final budget €8,240", "body": "€8,240."}


@pytest.mark.parametrize(
    ("request_", "call"),
    [
        (_DELETE, ("bash", {"command": "aws s3 rb s3://acme-staging-old --force"})),
        (_MAIL, ("send_email", _MAIL_ARGS)),
        ("Publish the explainer.", ("publish_article", {"slug": "explainer"})),
        ("Text Marta that dinner is at 7.", ("send_message", {"to": "Marta", "text": "7pm"})),
    ],
)
def test_a_request_carried_out_by_a_call_of_its_own_verb_is_done(
    request_: str, call: tuple[str, dict[str, Any]]
) -> None:
    said = [_TASK, {"role": "user", "content": request_}, *_call(1, *call, "done: ok")]
    assert carried_out([request_], with_ids(read_messages(said))) == {request_}


@pytest.mark.parametrize(
    ("request_", "call", "out"),
    [
        (_DELETE, ("bash", {"command": "aws s3 ls s3://acme-staging-old"}), "a.txt"),
        (
            _DELETE,
            ("bash", {"command": "aws s3 rm s3://acme-staging-old --recursive --dryrun"}),
            "(dryrun) delete: s3://acme-staging-old/a.txt",
        ),
        (_MAIL, ("draft_email", _MAIL_ARGS), "draft saved (not sent)"),
        (_MAIL, ("search_email", {"query": "Ruth €8,240"}), "[]"),
        (_MAIL, ("send_email", _MAIL_ARGS), '{"error": "SMTP 550 mailbox unavailable"}'),
        ("Publish the explainer.", ("preview_article", {"slug": "explainer"}), "ok"),
        ("Publish the explainer.", ("publish_article", {"slug": "obituary"}), "ok"),
    ],
)
def test_a_look_a_dry_run_a_draft_or_a_failure_leaves_the_request_open(
    request_: str, call: tuple[str, dict[str, Any]], out: str
) -> None:
    said = [_TASK, {"role": "user", "content": request_}, *_call(1, *call, out)]
    assert not carried_out([request_], with_ids(read_messages(said)))


def test_a_team_channels_opening_request_with_its_date_is_the_goal() -> None:
    opening = (
        "@assistant we need the saved carts flow release-ready by Thursday's deploy "
        "window. Don't touch the payment provider mocks under test/mocks/psp/."
    )
    said = [
        {"role": "user", "name": "maya", "content": opening},
        {"role": "assistant", "content": "On it."},
        {"role": "user", "name": "ci_bot", "content": _CI_POST},
        {"role": "assistant", "content": "Looking."},
        {"role": "user", "name": "calendar", "content": "📅 Reminder: retro is cancelled"},
    ]
    goal = _sections(said).get("Goal", [])
    assert goal and "saved carts flow release-ready" in goal[0]

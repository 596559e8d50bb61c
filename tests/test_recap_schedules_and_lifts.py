"""recap30: a plan that only says when something happens ("We'll talk to 3 customers next
week.") is no decision - a decision chooses between options - but the recap still keeps it;
a permission that lifts a ban "after all" returns to no earlier choice, so the rule the user
said in between (an answer to the assistant's proposal) still stands."""

from __future__ import annotations

import pytest

from contextledger.compaction.decisions import decides, scheduled
from contextledger.compaction.digest import digest
from contextledger.compaction.failures import failure_lines
from contextledger.compaction.sections import render_digest
from contextledger.model import with_ids
from contextledger.providers import read_messages

_FILLER = [
    {"role": r, "content": t}
    for r, t in [("user", "ok"), ("assistant", "Working on it."), ("user", "k")] * 3
]


def _digest(turns: list[tuple[str, str]]) -> dict[str, list[str]]:
    said = [{"role": r, "content": t} for r, t in turns]
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    return digest(record[:-1], history=record).sections


@pytest.mark.parametrize(
    "plan",
    [
        "We'll talk to 3 customers next week.",
        "We'll interview two installers on Thursday for quotes.",
        "We'll demo it to finance on Friday.",
        "Let's sync with the design team tomorrow.",
        "We're going to run the survey in two weeks.",
    ],
)
def test_a_schedule_is_kept_but_not_as_a_decision(plan: str) -> None:
    sections = _digest([("user", "Help me plan the pricing page redesign."), ("user", plan)])
    assert not any(plan in item for item in sections.get("Decisions", []))
    assert any(plan in item for items in sections.values() for item in items)


@pytest.mark.parametrize(
    "choice",
    [
        "We'll go with Postgres from next week.",
        "We won't deploy on Friday.",
        "Let's ship the CSV export on Monday instead of the XLSX one.",
        "We decided to talk to 3 customers next week.",
        "Dana approved the refund on Monday.",
    ],
)
def test_a_dated_choice_is_still_a_decision(choice: str) -> None:
    assert not scheduled(choice)
    assert decides(choice)


def test_a_rule_said_between_a_ban_and_its_lifting_after_all_stands() -> None:
    sections = _digest(
        [
            ("user", "Help me plan the pricing page redesign for our scheduling app."),
            ("user", "Don't show annual prices first."),
            ("assistant", "Maybe we should drop the free tier?"),
            ("user", "No, the free tier stays."),
            ("user", "You can show annual prices first after all; marketing asked for it."),
        ]
    )
    rules = sections["Constraints and corrections"]
    assert "No, the free tier stays." in rules
    # the lifted ban is listed only with its lifting
    ban = rules.index("Don't show annual prices first.")
    assert rules[ban + 1].startswith("You can show annual prices first after all")


def test_a_return_to_a_choice_after_all_still_drops_what_took_it_back() -> None:
    sections = _digest(
        [
            ("user", "Build the settings dialog."),
            ("user", "Use Compose for the dialog."),
            ("assistant", "OK."),
            ("user", "Hmm, no, keep XML views."),
            ("assistant", "OK."),
            ("user", "Sorry, go with Compose for the dialog after all."),
        ]
    )
    assert not any("XML views" in item for items in sections.values() for item in items)


@pytest.mark.parametrize(
    "sentence",
    [
        "We'll migrate billing to Postgres next week.",
        "Let's deprecate the v1 endpoint next month.",
        "We'll delete the old S3 bucket next week.",
        "We're going to cut the release branch on Friday.",
    ],
)
def test_a_dated_plan_of_work_is_a_decision(sentence: str) -> None:
    # R34-recap30-1: only a meeting, a talk or a demo with a date decides nothing
    assert decides(sentence)


def test_a_lifted_rule_is_shown_on_one_line_with_its_lifting() -> None:
    sections = _digest(
        [
            ("user", "Set up an automation so the porch lights turn on at sunset."),
            ("user", "Don't touch the bedroom scenes at all."),
            ("assistant", "OK."),
            ("user", "The bedroom scenes are backed up now, so you can touch them if you need to."),
        ]
    )
    record = with_ids(
        read_messages(
            [
                {"role": "user", "content": "Add a CSV export for the invoices page."},
                {"role": "user", "content": "Don't add any new dependencies to the project."},
                {"role": "assistant", "content": "OK."},
                {
                    "role": "user",
                    "content": "OK, you may add openpyxl for this; the no-new-dependencies "
                    "rule is lifted for that one library.",
                },
                *_FILLER,
                {"role": "user", "content": "go"},
            ]
        )
    )
    recap = render_digest(digest(record[:-1], history=record), 4000)
    lines = recap.splitlines()
    rule = [x for x in lines if "Don't add any new dependencies" in x]
    assert rule == [
        "- Don't add any new dependencies to the project. → later: OK, you may add openpyxl "
        "for this; the no-new-dependencies rule is lifted for that one library."
    ]
    assert "Don't touch the bedroom scenes at all." in sections["Constraints and corrections"]


def test_a_lifted_rule_and_its_lifting_fit_the_cap_together() -> None:
    record = with_ids(
        read_messages(
            [
                {"role": "user", "content": "Set up an automation so the porch lights turn on."},
                {"role": "user", "content": "Don't touch the bedroom scenes at all."},
                {"role": "assistant", "content": "OK."},
                {
                    "role": "user",
                    "content": "The bedroom scenes are backed up, you can touch them.",
                },
                *_FILLER,
                {"role": "user", "content": "go"},
            ]
        )
    )
    d = digest(record[:-1], history=record)
    for cap in range(60, 400, 7):
        recap = render_digest(d, cap)
        assert len(recap.encode()) <= cap
        # never cut mid-line: the rule is shown whole with its lifting, or not at all
        assert all("→ later:" not in x or x.endswith("touch them.") for x in recap.splitlines())


@pytest.mark.parametrize(
    ("said", "kept_as"),
    [
        ("Let's keep pg_dump for now.", "Decisions"),
        ("Let's go with the Flatpak build instead of the distro package.", "Decisions"),
    ],
)
def test_a_choice_the_user_settled_is_a_decision_not_an_open_request(
    said: str, kept_as: str
) -> None:
    sections = _digest(
        [
            ("user", "Find out why the nightly backup job fails on db-02."),
            ("assistant", "We could switch the backup to another tool."),
            ("user", said),
        ]
    )
    assert said not in sections.get("Open requests", [])
    assert f"User: {said}" in sections[kept_as]


def test_a_task_said_as_lets_is_still_an_open_request() -> None:
    sections = _digest(
        [("user", "Fix the flaky upload."), ("user", "Let's add a retry to the S3 client later.")]
    )
    assert "Let's add a retry to the S3 client later." in sections["Open requests"]


@pytest.mark.parametrize(
    "output",
    [
        "Dec 05 09:12:03 host systemd[1201]: app.scope: Main process exited, code=killed, "
        "status=9/KILL",
        "backup.service: Main process exited, code=exited, status=2/INVALIDARGUMENT",
        "worker.service: Main process exited, code=dumped, status=11/SEGV",
    ],
)
def test_a_unit_that_died_is_a_failure(output: str) -> None:
    assert failure_lines(output) == [output]


def test_a_unit_that_exited_cleanly_is_no_failure() -> None:
    assert failure_lines("api.service: Main process exited, code=exited, status=0/SUCCESS") == []


@pytest.mark.parametrize(
    "leave", ["After that, squash-merge is fine.", "Once QA signs off, a force-push is okay."]
)
def test_a_leave_for_later_is_no_open_request(leave: str) -> None:
    sections = _digest(
        [
            ("user", "Clean up the payments service before the release."),
            ("user", f"Don't merge until QA signs off. {leave}"),
        ]
    )
    assert not any(leave in item for item in sections.get("Open requests", []))
    assert any(leave in item for item in sections["Constraints and corrections"])


def test_a_check_asked_for_later_is_still_an_open_request() -> None:
    sections = _digest(
        [("user", "Fix the banner."), ("user", "Later, make sure the banner is fine on mobile.")]
    )
    assert "Later, make sure the banner is fine on mobile." in sections["Open requests"]


@pytest.mark.parametrize(
    ("offer", "answer"),
    [
        ("I suggest we use Redis for the session cache.", "Sounds good, do that."),
        ("I could rewrite the parser in Rust.", "Let's not, too risky."),
        ("My recommendation: drop the legacy export.", "Hmm, not yet. Keep it for now."),
    ],
)
def test_the_users_answer_to_a_proposal_is_listed_with_it(offer: str, answer: str) -> None:
    record = with_ids(
        read_messages(
            [
                {"role": "user", "content": "Set up background jobs for the billing app."},
                {"role": "assistant", "content": f"Sure. {offer}"},
                {"role": "user", "content": answer},
                *_FILLER,
                {"role": "user", "content": "go"},
            ]
        )
    )
    d = digest(record[:-1], history=record)
    assert d.sections["Decisions"] == [f"Assistant: {offer}", f"User: {answer}"]
    assert answer not in d.sections.get("Open requests", [])
    # the answer is shown only with the proposal it answers, right after it
    for cap in range(40, 600, 11):
        lines = render_digest(d, cap).splitlines()
        if f"- User: {answer}" in lines:
            assert lines[lines.index(f"- User: {answer}") - 1] == f"- Assistant: {offer}"


def test_a_reply_that_says_more_than_an_answer_is_no_answer() -> None:
    sections = _digest(
        [
            ("user", "Set up background jobs for the billing app."),
            ("assistant", "I could rewrite the parser in Rust."),
            ("user", "No idea yet, but first tell me why the nightly export job keeps timing out."),
        ]
    )
    assert "Assistant: I could rewrite the parser in Rust." not in sections.get("Decisions", [])


def test_a_hand_off_with_a_date_is_a_schedule() -> None:
    assert scheduled("We'll send it to the copy desk on Wednesday.")

"""The offline recap files what the user gave as rules however they wrote them - a list under
a line announcing rules (arrows, bullets, "-> later:" exceptions), a preference ("Ideally …",
"Prefiero …", "… lieber als …"), a keep-out plea ("Also please keep X out of …"), what is to
stay as it is - under Constraints and corrections, once, and never as a request left open; a
lifting said as "forget what I said about X … is fine if …" or "X is fine again" stands with
the rule it lifts; a failure a CI bot posted and later posted passed is said passed (recap34)."""

from __future__ import annotations

import pytest

from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.digest import digest
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, with_ids
from contextledger.repair import repair

FILLER = [Message.assistant("Working on it."), Message.user("ok")] * 3


def _digest(
    said: list[str], opening: str = "Please plan next month's supplier orders."
) -> dict[str, list[str]]:
    turns = [Message.user(opening), Message.assistant("Sure.")]
    for s in said:
        turns += [Message.user(s), Message.assistant("Understood.")]
    record = with_ids([*turns, *FILLER, Message.user("Where are we now?")])
    return digest(record[:-2], history=record).sections


def _recap(said: list[str]) -> tuple[str, list[str]]:
    """The offline recap of a session saying ``said``, and the lines its verification removed."""
    turns = [Message.user("Please plan next month's supplier orders."), Message.assistant("Sure.")]
    for s in said:
        turns += [Message.user(s), Message.assistant("Understood.")]
    messages = repair(
        with_ids([*turns, *FILLER, *FILLER, Message.user("Where are we now?")])
    ).messages
    conv = Conversation.from_messages(messages)
    out = conv.compact(OfflineSummarizer(), CompactionPolicy(keep_recent=4), force=True)
    assert out.event is not None
    recap = out.event.recap_text
    v = verify_recap(recap, list(messages), mode="strip", max_bytes=12000, context=list(messages))
    kept = set(v.text.splitlines())
    return recap, [x for x in recap.splitlines() if x.strip() and x not in kept]


LISTS = [
    "Here are the house rules for this queue:\n"
    "- Refunds over $150 -> escalate to Dana, never approve them yourself\n"
    "- No promises about delivery dates\n"
    "- Store credit for damaged items -> later: only if the customer asks for it",
    "Rules for today, please stick to them:\n"
    "• refunds above $150 => escalate to Dana\n"
    "• never promise delivery dates\n"
    "• store credit for damaged items → later: only if the customer asks for it",
    "Ground rules:\n1. Refunds over $150 => escalate to Dana\n2. Delivery dates => never promise any\n"
    "3. Store credit for damaged items, later: only if the customer asks for it",
]


@pytest.mark.parametrize("listed", LISTS)
def test_each_item_of_a_list_given_as_rules_is_a_constraint(listed: str) -> None:
    rules = _digest([listed])["Constraints and corrections"]
    assert any("Dana" in r for r in rules)
    assert any("delivery dates" in r.lower() for r in rules)
    # the exception the user wrote after the arrow stays on the rule's line
    assert any("store credit" in r.lower() and "asks" in r for r in rules)
    assert not any(r.startswith(("-", "•", "1.", "3.")) for r in rules)  # no list marker
    assert not any(r.endswith(":") for r in rules)  # nor the list's head
    assert not any(r in ("1.", "3.") or "instead of" in r for r in rules)


@pytest.mark.parametrize(
    "preference",
    [
        "Ideally keep each summary to three sentences.",
        "Preferably cite journals, not blogs.",
        "Prefiero gráficos de barras antes que de tarta.",
        "Mir wären Balkendiagramme lieber als Tortendiagramme.",
        "Je préfère un lieu près de la gare.",
        "The keybindings stay as they are.",
        "The chapter titles remain untouched.",
        "Also please keep Marisol's immigration status out of every written document.",
    ],
)
def test_a_preference_or_keep_out_is_a_constraint_not_an_open_request(preference: str) -> None:
    sections = _digest([preference])
    assert preference in sections.get("Constraints and corrections", [])
    assert preference not in sections.get("Open requests", [])
    assert not any(preference in x for x in sections.get("User also said", []))


@pytest.mark.parametrize(
    "said",
    [
        "Ideally we'd ship this Friday, but that's not happening, so no rush.",
        "Preferably before the holidays, but it isn't realistic.",
        "Prefiero no decirlo.",
        "Je préfère ne pas répondre.",
        "Prefiro não comentar.",
    ],
)
def test_a_wish_let_go_or_an_answer_declined_is_no_constraint(said: str) -> None:
    """review38 R38-recap34-1: the preference words alone made these constraints."""
    assert said not in _digest([said]).get("Constraints and corrections", [])


def test_a_question_is_no_preference() -> None:
    said = "Ideally, could you send it by Friday?"
    assert said not in _digest([said]).get("Constraints and corrections", [])


def test_a_request_to_put_something_together_is_open() -> None:
    asked = "Also put together a table comparing the effect sizes across the trials."
    turns = [Message.user("Review the trials on fasting and HbA1c."), Message.assistant("Sure.")]
    turns += [Message.user(asked), Message.assistant("Will do after the search.")]
    record = with_ids([*turns, *FILLER, Message.user("Where are we now?")])
    assert asked in digest(record[:-2], history=record).items("Open requests")


@pytest.mark.parametrize(
    ("rule", "lifting"),
    [
        (
            "No layovers in Heathrow please.",
            "Forget what I said about Heathrow, a layover there is fine if it saves money.",
        ),
        (
            "Avoid ordering from Fisher this quarter.",
            "Actually, ordering from Fisher is fine again - finance raised the cap.",
        ),
    ],
)
def test_a_lifted_rule_never_stands_alone_nor_is_stripped(rule: str, lifting: str) -> None:
    recap, removed = _recap([rule, "Next, the paper supplies.", lifting])
    assert removed == []
    assert lifting in recap
    standing = [x for x in recap.splitlines() if rule in x]
    assert all(lifting in x for x in standing)  # the rule only with its lifting


def test_a_posted_failure_later_posted_passed_is_said_passed() -> None:
    failed = "❌ nightly-e2e failed: refund.spec.ts › refunds partial order (run 4471)"
    passed = "✅ nightly-e2e passed (run 4472) after the data reset"
    other = "❌ lint-ci failed: src/cart.ts has 2 errors (run 4473)"
    turns = [
        Message.user("Please stabilise the checkout suite before Friday."),
        Message.assistant("On it."),
    ]
    turns += [Message.user(failed), Message.assistant("Looking at it.")]
    turns += [Message.user(other), Message.assistant("Noted.")]
    turns += [Message.user(passed), Message.assistant("Good.")]
    record = with_ids([*turns, *FILLER, Message.user("Where are we now?")])
    d = digest(record[:-2], history=record)
    failures = d.items("Failures")
    assert failures.index(f"User: {passed}") == failures.index(f"User: {failed}") + 1
    # the fixed one gets bytes after the one still failing
    ranked = d.ranked["Failures"]
    assert ranked.index(f"User: {other}") < ranked.index(f"User: {failed}")
    assert not any("nightly" in x for x in d.items("Open requests"))


def test_a_pass_of_another_run_does_not_mark_a_posted_failure_passed() -> None:
    turns = [
        Message.user("Please stabilise the checkout suite before Friday."),
        Message.assistant("On it."),
    ]
    turns += [Message.user("❌ lint-ci failed on main (run 12)"), Message.assistant("Looking.")]
    turns += [Message.user("✅ deploy-prod passed on main (run 13)"), Message.assistant("Good.")]
    record = with_ids([*turns, *FILLER, Message.user("Where are we now?")])
    failures = digest(record[:-2], history=record).items("Failures")
    assert "User: ✅ deploy-prod passed on main (run 13)" not in failures


def test_a_labelled_job_is_the_goal_though_it_keeps_something() -> None:
    job = "Today's job: move ledger-api onto the new ECS cluster, and keep the old one as fallback."
    sections = _digest(
        ["Ground rules:\n1. Prod changes => Tuesdays only\n2. State files => never edit by hand"],
        job,
    )
    assert sections["Goal"] == [job.split(": ", 1)[1]]


def test_a_posted_run_that_failed_again_after_passing_stands_failing() -> None:
    failed = "❌ nightly-e2e failed: refund.spec.ts › refunds partial order (run 4471)"
    passed = "✅ nightly-e2e passed (run 4472) after the data reset"
    turns = [
        Message.user("Please stabilise the checkout suite before Friday."),
        Message.assistant("On it."),
    ]
    turns += [Message.user(failed), Message.assistant("Looking at it.")]
    turns += [Message.user(passed), Message.assistant("Good.")]
    turns += [Message.user(failed), Message.assistant("It broke again.")]
    record = with_ids([*turns, *FILLER, Message.user("Where are we now?")])
    d = digest(record[:-2], history=record)
    assert f"User: {failed}" in d.items("Failures")
    assert f"User: {passed}" not in d.items("Failures")

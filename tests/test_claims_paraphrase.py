"""A recap restates the user's rules in its own words: the restatement stands, and the
same words turned around are caught. Each pair below is an honest paraphrase of a user
rule and a lie made from it."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, with_ids

SAID = list(
    with_ids(
        [
            Message.user(
                "Add a --until flag to the tracegrep tool that stops at an ISO 8601 timestamp."
            ),
            Message.user("Scope: only edit tools/tracegrep and libs/tracefmt, nothing else."),
            Message.user("Never run helm upgrade without --atomic while the cluster is shared."),
            Message.user("Please don't touch config/billing_rates.yaml, finance signed it off."),
            Message.user("Sorry, my mistake: the flag should be --until, not --before."),
            Message.user("Build it with uv, not pip; the lockfile is uv's."),
            Message.user("Don't expose port 6379 to the internet, go via the jump host."),
        ]
    )
)


def stands(line: str, section: str = "Constraints and corrections") -> bool:
    recap = f"{section}:\n- {line}"
    v = verify_recap(recap, SAID, max_bytes=4000, ledger=False)
    return v.accepted and not v.misclaims and line in v.text


@pytest.mark.parametrize(
    ("honest", "lie"),
    [
        (  # what "only" singles out, whether a verb comes first or not
            "Only tools/tracegrep and libs/tracefmt may be modified.",
            "Only libs/tracecore may be modified.",
        ),
        (  # "never X without Y" is "X only with Y"
            "helm upgrade only ever with --atomic while the cluster is shared.",
            "helm upgrade may run without --atomic.",
        ),
        (  # a subjectless "and must not …" is said of the subject before it
            "config/billing_rates.yaml is signed off by finance and must not be changed.",
            "config/billing_rates.yaml is signed off by finance and may be changed.",
        ),
        (  # "X was a mistake" rejects X
            "The flag is called --until; --before was a mistake.",
            "The flag is called --before; --until was a mistake.",
        ),
        (  # a program named in prose, not a command with arguments
            "Builds use uv rather than pip.",
            "Builds use pip rather than uv.",
        ),
        (  # a second part of one rule says more of the same user sentence
            "Port 6379 stays closed to the internet; access goes through the jump host.",
            "Port 6379 stays closed to the internet; access goes through the VPN.",
        ),
    ],
)
def test_a_paraphrased_rule_stands_and_its_reversal_does_not(honest: str, lie: str) -> None:
    assert stands(honest)
    assert not stands(lie)


def test_a_goal_in_other_words_stands() -> None:
    """An option is a flag, a time a timestamp; a paraphrase says "give" for "add"."""
    assert stands(
        "Give the tracegrep tool an --until option that stops at an ISO 8601 time.", "Goal"
    )
    assert not stands(
        "Give the tracegrep tool an --until option that stops at a Unix epoch.", "Goal"
    )


def test_without_changing_is_keeping() -> None:
    said = list(with_ids([Message.user("Speed up the export. Keep the CSV header the same.")]))
    v = verify_recap("Goal: Speed up the export without changing the CSV header.", said)
    assert not v.misclaims, v.summary()
    v = verify_recap("Goal: Speed up the export and change the CSV header.", said)
    assert v.misclaims

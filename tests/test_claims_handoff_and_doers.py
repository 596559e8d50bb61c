"""Who owns a thing after a hand-off, who ran what, and a timeout as a setting (verify18).

A hand-off ("P is moving to another team, so from today Q owns the fare engine") leaves P:
a recap may say "Q owns the fare engine now, not P" but not "P owns the fare engine"; a
person the user said ran a command is the only one a recap may say ran it; "Request timeout
47 seconds." under Numbers is a setting, not a claim that something timed out."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builders import recap_stripped, said_record
from contextledger.compaction.outcome import outcome_of
from contextledger.compaction.verify import verify_recap

# "{old} moves to another team, so from today {new} owns {area}." in the languages users write in
HANDOFFS = [
    "{old} is moving to another team, so from today {new} owns {area}.",
    "{old} przechodzi do innego zespołu, więc od dziś {new} odpowiada za {area}.",
    "{old} başka bir ekibe geçiyor, bu yüzden bugünden itibaren {area} sorumluluğu {new} kişisinde.",
    "{old} chuyển sang nhóm khác, nên từ hôm nay {new} phụ trách {area}.",
    "Ο/Η {old} μετακινείται σε άλλη ομάδα, οπότε από σήμερα ο/η {new} έχει την ευθύνη για {area}.",
    "{old} 님이 다른 팀으로 옮기므로 오늘부터 {area} 담당은 {new} 님입니다.",
    "{old} siirtyy toiseen tiimiin, joten {new} omistaa alueen {area} tästä päivästä.",
]
PEOPLE = ["Arjun Sen", "Deniz Aksoy", "Nguyễn Thu Hà", "Marta Kowal", "Emre Yılmaz", "Kim Min-jun"]
AREAS = ["the fare engine", "the ward dashboards", "the antenna scheduler", "the loans module"]


@given(
    st.sampled_from(HANDOFFS),
    st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=2, unique=True),
    st.sampled_from(AREAS),
)
def test_a_handoff_said_the_right_way_round_stands_and_the_old_owner_is_caught(
    template: str, people: list[str], area: str
) -> None:
    old, new = people
    record = said_record(
        "Please add capacity holds to sailbook.", template.format(old=old, new=new, area=area)
    )
    honest = f"Constraints and corrections:\n- {new} owns {area} now, not {old}."
    assert not recap_stripped(honest, record)
    assert recap_stripped(f"Constraints and corrections:\n- {old} owns {area}; ask them.", record)


def test_the_person_set_aside_by_a_handoff_may_be_named_so() -> None:
    record = said_record(
        "Arjun Sen is moving to another team, so from today Deniz Aksoy owns the fare engine."
    )
    assert not recap_stripped(
        "Decisions:\n- The fare engine moved from Arjun Sen to Deniz Aksoy.", record
    )
    assert recap_stripped(
        "Decisions:\n- The fare engine moved from Deniz Aksoy to Arjun Sen.", record
    )


RAN = said_record(
    "Siti Rahayu ran `flask db upgrade rev246` on production yesterday.",
    "Deniz Aksoy reviews the fare engine.",
    "Nguyễn Thu Hà ran `alembic upgrade 42` on staging.",
)


def test_who_ran_a_command_is_who_the_user_said_ran_it() -> None:
    for line in (
        "Siti Rahayu ran `flask db upgrade rev246` on production yesterday.",
        "Nguyễn Thu Hà ran `alembic upgrade 42` on staging.",
    ):
        assert not recap_stripped(f"User also said:\n- {line}", RAN)
    for line in (
        "Deniz Aksoy ran `flask db upgrade rev246` on production yesterday.",
        "Deniz Aksoy ran `alembic upgrade 42` on staging.",
    ):
        v = verify_recap(f"User also said:\n- {line}", RAN, ledger=False)
        assert v.removed_sentences != ()
        assert any("Deniz Aksoy" in str(c) for c in v.misclaims)


def test_a_timeout_set_is_no_failure_and_one_that_happened_is() -> None:
    for setting in (
        "Request timeout 47 seconds.",
        "The request timeout is 47 s.",
        "a 30-second timeout",
    ):
        assert outcome_of(setting) is None
    for happened in ("The job timed out after 47 seconds.", "The build hit the 30 s timeout."):
        outcome = outcome_of(happened)
        assert outcome is not None and outcome.verdict == "fail"
    record = said_record("The request timeout is 47 seconds.")
    assert not recap_stripped("Numbers that matter:\n- Request timeout 47 seconds.", record)


def test_a_tool_named_as_doing_something_is_no_person_claim() -> None:
    record = said_record("Please apply the plan for the staging VPC.")
    line = "Findings:\n- Terraform applied the staging VPC plan."
    reasons = [c.reason for c in verify_recap(line, record, ledger=False).misclaims]
    assert not any("Terraform" in r for r in reasons)  # (whether it was done is checked apart)

"""Options turned down and values corrected, read by structure in any language (verify18).

Each option of a sentence is read in its own clause: "Use P; A was rejected" for "we
rejected A; we will use P" keeps both, "Do not use P; it was rejected" turns P around. An
option turned down is a denial ("X was rejected" for "X … 채택하지 않았습니다"). A value a
correction replaced is stale in any language when the claim gives it in the same measure
("The request timeout is 51 seconds." for "… 12 sekundit, mitte 51."). A goal said after a
short lead-in ("Việc cần làm hôm nay: …") is the user's own words."""

from __future__ import annotations

import pytest

from builders import recap_stripped, said_record

REJECTIONS = [
    "{alt} 방식을 검토했지만 너무 느려서 채택하지 않았습니다; {pick} 방식을 사용합니다.",
    "Chúng tôi đã xem xét {alt} và loại bỏ nó vì quá chậm; chúng ta sẽ dùng {pick}.",
    "Rozważaliśmy {alt} i odrzuciliśmy to, bo jest za wolne; użyjemy {pick}.",
    "{alt} seçeneğine baktık ve çok yavaş olduğu için reddettik; {pick} kullanacağız.",
    "We looked at {alt} and rejected it because it is too slow; we will use {pick}.",
]
OPTIONS = [("ZooKeeper", "PostgreSQL advisory locks"), ("plain JPEG exports", "IIIF manifests")]


@pytest.mark.parametrize("template", REJECTIONS)
@pytest.mark.parametrize(("alt", "pick"), OPTIONS)
def test_the_option_picked_and_the_one_rejected_each_keep_their_side(
    template: str, alt: str, pick: str
) -> None:
    record = said_record("Please add holds to sailbook.", template.format(alt=alt, pick=pick))
    rules = "Constraints and corrections:\n- "
    assert not recap_stripped(f"{rules}Use {pick}; {alt} was rejected as too slow.", record)
    assert recap_stripped(f"{rules}Do not use {pick}; it was rejected as too slow.", record)
    assert recap_stripped(f"Decisions:\n- User: we will use {alt}.", record)


def test_a_value_a_correction_replaced_is_stale_in_any_language() -> None:
    record = said_record(
        "Päringu ajalõpp on 51 sekundit.", "Parandus: päringu ajalõpp on 12 sekundit, mitte 51."
    )
    assert recap_stripped("Numbers that matter:\n- The request timeout is 51 seconds.", record)
    assert not recap_stripped("Numbers that matter:\n- The request timeout is 12 seconds.", record)


def test_a_goal_after_a_short_lead_in_is_the_users_own_words() -> None:
    record = said_record(
        "Việc cần làm hôm nay: schedule X-band passes with elevation masks in `passplan`.",
        "Đừng sửa bất cứ thứ gì trong passplan/rf/calibration/.",
    )
    goal = "Goal: schedule X-band passes with elevation masks in `passplan`."
    assert not recap_stripped(goal, record)
    assert recap_stripped(
        "Constraints and corrections:\n- Edit passplan/rf/calibration/ freely.", record
    )


@pytest.mark.parametrize(
    ("text", "denies"),
    [
        ("A mai feladat: a várólista feltöltése.", False),  # Hungarian "today's"
        ("Este mai rapid decât varianta veche.", False),  # Romanian "more"
        ("Mai eseguire `rm -rf build`.", True),  # Italian "never", opening its clause
        ("Non eseguire mai `rm -rf build`.", True),
    ],
)
def test_mai_denies_only_as_italian_never(text: str, denies: bool) -> None:
    from contextledger.compaction.claims.words import restricts

    assert restricts(text) == denies

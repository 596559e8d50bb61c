"""review42's offline-recap findings on rules said in languages whose rule patterns the
lexicon lacks (R42-R1, R42-R3, R42-R6, R42-R8, R42-R9): a ban read by the shape of its
denial (a denial glued to its verb, a modal of a ban, a denial with "never" beside it), a
correction read as "X, not Y" of two numbers, what the work need not do, and a pasted
transcript of what others said, which is no rule of hers."""

import pytest

from builders import offline_recap, recap_section
from contextledger.compaction.rules import (
    denies_a_number,
    denies_as_an_order,
    is_rule,
    said_by_others,
    someone_elses,
)

RULES = "Constraints and corrections"
GOAL = ("user", "Help me plan the work for next month.")
OK = ("assistant", "Noted.")


@pytest.mark.parametrize(
    "said",
    [
        "A prosím tě nikdy neposílej nic přímo na finanční úřad, jen účetní.",  # R42-R1
        "Faktury od firmy Mlýn Kratochvíl neřeš, ty má na starosti manžel.",  # R42-R1
        "Autobus nesmí odjíždět dřív než v osm ráno.",
        "Žádné ubytování s palandami nad dva metry, to nám rodiče nedovolí.",
        "Η Ελένη δεν δουλεύει ποτέ Κυριακή, το έχουμε συμφωνήσει.",
        "Δεν θέλω πρωινές συναντήσεις πριν τις 9:30 σε καμία περίπτωση.",  # R42-R8
        "De route mag niet over de A2-brug, dat is te gevaarlijk voor de jeugdleden.",
        "Geen startvak voor half negen, de buren klagen anders.",
        "Production Razorpay keys kabhi bhi test mein use mat karna",  # R42-R3
        "`kubectl delete pvc --all` bilkul mat chalana.",  # R42-R6
        "Friday ko koi deploy nahi hoga, bilkul nahi.",
        "Tôi không muốn ở tầng trệt vì mùa mưa hay bị ngập.",  # R42-R8
        "No need to touch the README in this change.",  # R42-R9
        "You don't have to run the full e2e suite for this one.",  # R42-R9
        "Galti se bola tha, timeout 30 second chahiye, 10 nahi.",  # R42-R3: a correction
    ],
)
def test_her_rule_in_a_denials_shape_is_a_constraint(said: str) -> None:
    recap = offline_recap(GOAL, OK, ("user", said), OK)
    assert said in recap_section(recap, RULES)
    assert said not in recap_section(recap, "Numbers that matter")


@pytest.mark.parametrize(
    "said",
    [
        "Non ho fatto niente di male.",
        "Ça ne marche pas depuis hier soir.",
        "No idea why it broke.",
        "Không có lỗi nào trong log.",
        "Il limite è 512 MB, sai, il vecchio server ne aveva 256 MB.",
        "I left the yoga mat at the gym.",
        "Geen zorgen, het komt goed.",
    ],
)
def test_a_status_in_a_denials_words_is_no_rule(said: str) -> None:
    assert not is_rule(said)
    assert not denies_as_an_order(said)


def test_two_numbers_one_denied_where_it_stands_is_a_correction() -> None:
    assert denies_a_number("Nahi nahi, hamara GSTIN 09 se shuru hota hai, 07 se nahi.")
    assert denies_a_number("My mistake, it's 14 containers, not 41.")
    assert not denies_a_number("We shipped 30 boxes, not bad for 2 people.")
    assert not denies_a_number("Kolik kusů, 40 nebo 60?")  # asked, not said


FORUM = (
    "我在论坛上看到这个帖子，你看看：\n\n【求助】群晖 RAID 迁移经验贴\n1楼 楼主：如题，大家怎么做的？\n"
    "2楼 老王：不要用 ext4，直接上 btrfs。\n3楼 nasfan：别信客服的，自己刷机。\n"
    "4楼 老王：千万别升级到 7.2 固件，升级完就变砖。\n5楼 geek88：一定要先把 RAID 卡的缓存关掉。\n"
    "6楼 nasfan：硬盘一定要买企业盘。"
)
FORWARD = (
    "CA sahab ne WhatsApp pe ye bheja hai, dekh lo:\n\n*Forwarded*\n"
    "[9:32] CA Gupta ji: Cash mein 2 lakh se zyada ka lena-dena mat karna.\n"
    "[12:17] CA Gupta ji: Purane bills kam se kam 6 saal sambhal ke rakhna.\n"
    "[13:18] CA Gupta ji: GST return 20 tareekh se pehle file karna zaroori hai.\n"
    "[17:43] CA Gupta ji: E-way bill ke bina 50,000 se upar ka maal mat bhejna.\n"
    "[15:13] CA Gupta ji: Har bill pe HSN code likhna compulsory hai."
)


@pytest.mark.parametrize("paste", [FORUM, FORWARD])
def test_a_pasted_transcript_of_others_is_no_rule_of_hers(paste: str) -> None:
    """R42-R8: a forum thread's floors, a forwarded WhatsApp chat: what others said."""
    assert said_by_others(paste)
    recap = offline_recap(GOAL, OK, ("user", paste), OK)
    rules = recap_section(recap, RULES)
    assert "mat karna" not in rules and "千万别升级" not in rules and "不要用 ext4" not in rules


def test_her_own_labelled_list_is_hers() -> None:
    mine = (
        "For this job:\nRule: never push to main.\nRule: sign every commit.\nRule: no force pushes."
    )
    assert not said_by_others(mine)
    assert not someone_elses(mine, ["For this job:"])


def test_a_choice_turned_down_by_name_is_a_correction_and_the_old_choice_goes() -> None:
    """deploy_hi (recap38's held-out set): "Nahi, Helm nahi, Kustomize better rahega." was
    under User also said, and "Chalo Helm chart use karte hain." stood as a decision."""
    turned = "Nahi, Helm nahi, Kustomize better rahega."
    recap = offline_recap(
        ("user", "Hume payments service staging se production pe migrate karna hai."),
        OK,
        ("user", "Chalo Helm chart use karte hain."),
        OK,
        ("user", turned),
        OK,
    )
    assert turned in recap_section(recap, RULES)
    assert "Helm chart use karte" not in recap_section(recap, "Decisions")

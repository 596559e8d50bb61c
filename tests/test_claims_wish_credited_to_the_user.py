"""Claims, not words (issue #14 part 4), session 47: the assistant's proposal credited to
the user, with no number to tell it by, where the line's grammar hid its subject.

"Der Nutzer will …" is a wish, not the English future its "will" spells; "يريد المستخدم
…" and "Gusto ng user na …" put the verb before the user; a Bengali word keeps its vowel
signs when its words are compared. Each line is then held to the user's turns: what only
the assistant proposed is not the user's wish, and what the user said is.
"""

from __future__ import annotations

import pytest

from builders import lie_caught_truth_kept
from contextledger.model import Message

# language: (the user's goal, the user's choice, the assistant's proposal,
#            a line crediting the proposal to the user, a line crediting the user's choice)
_CASES = {
    "de": (
        "Archiviere die alten Protokolle.",
        "Nimm zstd für die Archive.",
        "Ich schlage vor, die Protokolle nachts nach S3 zu spiegeln.",
        "Der Nutzer will die Protokolle nachts nach S3 spiegeln.",
        "Der Nutzer will zstd für die Archive.",
    ),
    "ar": (
        "أرشف السجلات القديمة.",
        "استخدم zstd للأرشيفات.",
        "أقترح نسخ السجلات ليلاً إلى S3.",
        "يريد المستخدم نسخ السجلات ليلاً إلى S3.",
        "يريد المستخدم استخدام zstd للأرشيفات.",
    ),
    "tl": (
        "I-archive ang mga lumang log.",
        "Gamitin ang zstd para sa mga archive.",
        "Iminumungkahi kong kopyahin ang mga log gabi-gabi papunta sa S3.",
        "Gusto ng user na kopyahin ang mga log gabi-gabi papunta sa S3.",
        "Gusto ng user na gamitin ang zstd para sa mga archive.",
    ),
    "bn": (
        "পুরনো লগগুলো আর্কাইভ করো।",
        "আর্কাইভের জন্য zstd ব্যবহার করো।",
        "আমার প্রস্তাব, লগগুলো প্রতি রাতে S3-তে কপি করা হোক।",
        "ব্যবহারকারী লগগুলো প্রতি রাতে S3-তে কপি করতে চান।",
        "ব্যবহারকারী আর্কাইভের জন্য zstd ব্যবহার করতে চান।",
    ),
}


def _record(lang: str) -> list[Message]:
    goal, choice, proposal, _, _ = _CASES[lang]
    return [
        Message.user(goal, id="u0"),
        Message.user(choice, id="u1"),
        Message.assistant(proposal, id="a2"),
    ]


@pytest.mark.parametrize("where", ["line", "prose", "heading"])
@pytest.mark.parametrize("lang", sorted(_CASES))
def test_the_assistants_proposal_is_not_the_users_wish(lang: str, where: str) -> None:
    goal, _, _, lie, true = _CASES[lang]
    assert lie_caught_truth_kept(lie, true, _record(lang), goal, where)

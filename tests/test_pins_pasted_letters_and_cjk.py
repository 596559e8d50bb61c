"""Pastes the paste reading missed: short sheets in Chinese or Japanese, and mails (R41-F2,
R41-F10).

A sheet of a dozen Japanese rules is ~300 characters, under the length a paste was looked
for at, though it is as long to read as 900 Latin ones: its "…してはいけない。" lines were
pinned as the student's rules, newest first, and her own wishes said between remarks were
lost at 8k and 16k. A mail forwarded as mails are written — a salutation, one instruction a
paragraph, a closing — was read as her words, each paragraph short: its "Do not …" took the
pins of her rules. Both are now read as pasted (``gists.paste_sized``, ``gists._letter``):
pinned after her own rules, kept in the history."""

from __future__ import annotations

import random

import pytest

from builders import chat_between_pastes
from contextledger.fit import fit
from contextledger.fit.gists import paste_sized, words_beside_paste

MODEL = "gpt-4o"

JA_GOAL = "来年の春までに、ピアノのグレード試験に合格できるように練習計画を立ててほしいです。"
JA_SHEET = [
    "会場では私語をしてはいけない。",
    "受付は開始の三十分前までに済ませること。",
    "楽譜の書き込みは禁止とする。",
    "演奏中の撮影をしてはいけない。",
    "控室では静かに待機すること。",
]
JA_CHAT = ["今日は寒かった", "弟がうるさかった", "宿題が多かった", "お腹がすいた"]
JA_MINE = [
    "練習は一日一時間だけにしてください。",
    "土曜日は練習の話をしないでほしいです。",
    "すみません、試験は三月じゃなくて四月でした。",
]

EN_GOAL = "Help me get the flat ready for the new tenants by the end of the month."
LETTER = [
    "Please do not drill into the party wall.",
    "Never leave the communal door propped open.",
    "Do not put bins out before Thursday evening.",
    "Keep noise to a minimum after 10 pm.",
    "Do not park in the visitor bays overnight.",
]
EN_CHAT = ["the van was late", "I lost my keys again", "it's freezing today"]
EN_MINE = [
    "Don't ever give the tenants my mobile number.",
    "Please never book trades on a Sunday.",
    "Sorry, the deposit is 1,200 pounds, not 1,500.",
]


def _ja_sheet(rng: random.Random) -> str:
    sheet = "\n".join(f"・{rng.choice(JA_SHEET)}" for _ in range(rng.randrange(6, 12)))
    return f"発表会の注意事項をもらいました。\n{sheet}\nこれ守らないとだめですか？"


def _letter(rng: random.Random) -> str:
    body = "\n\n".join(rng.choice(LETTER) for _ in range(rng.randrange(5, 9)))
    return (
        f"The building manager e-mailed this:\n\nDear residents,\n\n{body}\n\n"
        "Best regards,\nHarbour Court Management\n\nDoes that change our plans?"
    )


def _sent(msgs: list[dict[str, str]], window: int) -> str:
    return "\n".join(
        m.text for m in fit(msgs, MODEL, window=window, max_output_tokens=1000).messages
    )


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("window", [8_000, 16_000])
def test_her_japanese_wishes_are_kept_beside_short_pasted_sheets(seed: int, window: int) -> None:
    sent = _sent(chat_between_pastes(seed, JA_GOAL, JA_MINE, JA_CHAT, _ja_sheet, 300), window)
    assert JA_GOAL in sent
    assert [m for m in JA_MINE if m not in sent] == []


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("window", [8_000, 16_000])
def test_her_rules_are_kept_beside_forwarded_mails(seed: int, window: int) -> None:
    sent = _sent(chat_between_pastes(seed, EN_GOAL, EN_MINE, EN_CHAT, _letter, 300), window)
    assert EN_GOAL in sent
    assert [m for m in EN_MINE if m not in sent] == []


def test_a_short_sheet_of_wide_characters_is_paste_sized() -> None:
    sheet = _ja_sheet(random.Random(1))
    assert len(sheet) < 400 and paste_sized(sheet)
    assert not paste_sized("Never cc my manager on this, please. " * 5)
    assert words_beside_paste(sheet) == []  # (a document's sentences, none hers)


def test_a_mail_between_salutation_and_closing_is_pasted() -> None:
    letter = _letter(random.Random(2))
    assert words_beside_paste(letter) == [
        "The building manager e-mailed this:",
        "Does that change our plans?",
    ]
    # her own paragraphs with no closing after a greeting are hers
    assert words_beside_paste("Hi there,\n\nNever cc my boss.\n\nUse Redis.") is None
    # a Japanese mail: 様 … よろしくお願いします
    mail = "\n\n".join(
        [
            "先生から来たメールです。",
            "保護者各位",
            *JA_SHEET,
            "よろしくお願いします。\n山田音楽教室",
        ]
    )
    assert words_beside_paste(mail) == ["先生から来たメールです。"]

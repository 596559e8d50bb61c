"""Her rules and corrections read by their shape, in languages the lexicon does not read
word by word (R42-F1, F3, F4, F6, F10).

A Hinglish shop owner's "…reminder mat bhejna" and "…18,400 ka hai, 14,800 nahi", a Greek
"Δεν θέλω …", a Czech voice-dictated "… stěhovat nemůžeme …" were read as no rule: between
pasted chats full of other people's orders they were lost at every window. A short turn of
her own words that denies (``lexicon.negation.denial``) or sets a value against another,
said once, is now pinned after the rules the lexicon reads and before pasted ones
(``anchors._by_shape``); what she pastes is never read so (``_rules_by_shape``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import chat_between_pastes
from contextledger.fit import fit
from contextledger.fit.anchors import _rules_by_shape
from contextledger.intent import rule_by_shape
from contextledger.lexicon.negation import denial

MODEL = "gpt-4o"

HI_GOAL = "Mujhe dukaan ke November ke saare invoice banane hain aur stock ka hisaab milana hai."
HI_MINE = [
    "Kisi bhi customer ko raat 9 baje ke baad call mat karna.",
    "Galti ho gayi, Verma ji ka advance 6,500 hai, 5,600 nahi.",
    "Purane invoice number kabhi bhi change mat karo.",
]
HI_CHAT = ["aaj baarish bahut thi", "beti ka school function tha", "godown ki chaabi kho gayi"]
HI_FORWARD = [
    "Bina receipt ke payment mat lena.",
    "Stock register roz update karna zaroori hai.",
    "Har mahine ki 10 tareekh tak TDS jama karo, late mat karna.",
    "Cash 20,000 se upar mat lena.",
]
HI_NUDGES = ("ok", "theek hai", "haan", "aage")
EL_GOAL = "Οργάνωσε τις συναντήσεις της ομάδας για τον Ιανουάριο και στείλε τις προσκλήσεις."
EL_MINE = [
    "Δεν θέλω καμία συνάντηση την Παρασκευή το απόγευμα.",
    "Η προθεσμία είναι στις 20 Ιανουαρίου, όχι στις 12.",
]
EL_CHAT = ["η κίνηση ήταν τρελή σήμερα", "ο σκύλος δεν με άφησε να κοιμηθώ", "έχω πονοκέφαλο"]
EL_PASTE = [
    "DESCRIPTION:Μην αργήσετε, ξεκινάμε στην ώρα μας.",
    "DESCRIPTION:Δεν επιτρέπονται κινητά στην αίθουσα.",
    "LOCATION:Αίθουσα Β, 3ος όροφος",
    "SUMMARY:Εβδομαδιαία σύσκεψη",
]
EL_NUDGES = ("εντάξει", "ok", "ευχαριστώ", "συνέχισε")


def _forward(rng: random.Random) -> str:
    lines = "\n".join(
        f"[{rng.randrange(9, 20)}:{rng.randrange(10, 59)}] Accountant: {rng.choice(HI_FORWARD)}"
        for _ in range(rng.randrange(6, 12))
    )
    return f"Accountant ne ye bheja hai:\n\n{lines}"


def _ics(rng: random.Random) -> str:
    lines = "\n".join(rng.choice(EL_PASTE) for _ in range(rng.randrange(6, 12)))
    return f"Σου στέλνω το ημερολόγιο:\n\nBEGIN:VEVENT\n{lines}\nEND:VEVENT"


def _sent(msgs: list[dict[str, str]], window: int) -> str:
    return "\n".join(
        m.text for m in fit(msgs, MODEL, window=window, max_output_tokens=1000).messages
    )


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_her_hinglish_rules_are_kept_beside_forwarded_chats(seed: int, window: int) -> None:
    sent = _sent(
        chat_between_pastes(seed, HI_GOAL, HI_MINE, HI_CHAT, _forward, 300, HI_NUDGES), window
    )
    assert HI_GOAL in sent
    assert [m for m in HI_MINE if m not in sent] == []


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_her_greek_rule_and_correction_are_kept_beside_calendar_pastes(
    seed: int, window: int
) -> None:
    sent = _sent(chat_between_pastes(seed, EL_GOAL, EL_MINE, EL_CHAT, _ics, 300, EL_NUDGES), window)
    assert EL_GOAL in sent
    assert [m for m in EL_MINE if m not in sent] == []


def test_denials_of_hinglish_and_czech_speech() -> None:
    assert denial("Customers ko reminder mat bhejna.")
    assert denial("Bill 18,400 ka hai, 14,800 nahi.")
    assert denial("v sobotu stěhovat nemůžeme")
    # "mat" the noun, a Czech hospital, the filler "no" of Czech speech
    assert not denial("Put the yoga mat by the door.")
    assert not denial("žena má službu v nemocnici")
    assert not rule_by_shape("no takže soused zase vrtá")
    assert not rule_by_shape("Kabhi bhi call mat karna?")  # (a question sets no rule)


def test_only_her_own_words_are_read_by_shape() -> None:
    rng = random.Random(3)
    assert _rules_by_shape(_forward(rng)) == ()  # (the accountant's "mat karna" lines)
    said = "Beti ka function tha. Kisi bhi customer ko raat mein call mat karna."
    assert _rules_by_shape(said) == ("Kisi bhi customer ko raat mein call mat karna.",)
    beside = f"Ye dekho.\n\n{_forward(rng)}\n\nIsko kabhi bhi customer ko forward mat karna."
    assert _rules_by_shape(beside) == ("Isko kabhi bhi customer ko forward mat karna.",)
    assert _rules_by_shape("Δεν ξέρω τι να κάνω. " * 40) == ()  # (a long talk: no rule)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(HI_FORWARD + EL_PASTE), min_size=5, max_size=14),
    st.sampled_from(["", "Dekh lo.", "Δες αυτό.", "Forwarding this:"]),
)
def test_pasted_lines_are_never_her_rules(lines: list[str], opening: str) -> None:
    paste = "\n".join(f"[10:{n:02d}] Someone: {line}" for n, line in enumerate(lines))
    text = f"{opening}\n\n{paste}" if opening else paste
    assert not any(line in found for found in _rules_by_shape(text) for line in lines)


def test_a_denial_said_again_and_again_is_no_rule() -> None:
    """Chatter repeats ("bijli nahi hai"); a rule is said once: the repeated remark is
    not pinned by its shape, the rule said once is."""
    rule = "Kisi bhi supplier ko GSTIN mat bhejna."
    msgs = [
        {"role": "system", "content": "You help a shop."},
        {"role": "user", "content": HI_GOAL},
    ]
    for r in range(200):
        text = "Aaj bijli nahi hai." if r % 2 else _forward(random.Random(r))
        if r == 20:
            text = f"Aaj bijli nahi hai. {rule}"
        msgs += [{"role": "user", "content": text}, {"role": "assistant", "content": "Ok."}]
    msgs.append({"role": "user", "content": "Aage kya?"})
    out = fit(msgs, MODEL, window=8_000, max_output_tokens=1000)
    sent = "\n".join(m.text for m in out.messages)
    assert rule in sent
    pinned_remarks = [
        m for m in out.messages if m.id in out.report.pinned and m.text == "Aaj bijli nahi hai."
    ]
    assert pinned_remarks == []

"""A pasted document's orders are no rules of the user's (R40-F1, F3, F5).

A user pastes pages of a handbook, a hospital's preparation sheet or a lease again and again
to ask about them ("Employees must not …", "No conduzca …", "Tenant shall not …"), and says
her own rules and corrections once, between remarks. The pages read as rules and were pinned
newest first, whole, ahead of hers: the cap of the earlier requests was spent on them and her
own lines were lost at 8k and 16k (main: 5 of these 9 fits lost one or more). Her words are
read apart from what she pastes (``gists.words_beside_paste``): a request that steers only for
its paste is pinned after all of her rules, a page pasted again once; it stays in the
history."""

from __future__ import annotations

import random

import pytest

from contextledger.fit import fit
from contextledger.fit.gists import words_beside_paste

MODEL = "gpt-4o"
GOAL = "I want to file a formal complaint about my unpaid overtime and need help preparing it."
HANDBOOK = [
    "Employees must not disclose salary bands to external parties.",
    "Do not share customer data over personal e-mail.",
    "Managers must never approve their own expense reports.",
    "Do not install unapproved software on company laptops.",
    "Never leave badges unattended in public areas.",
]
SHEET = [
    "No coma ni beba nada 8 horas antes de la prueba.",
    "No conduzca durante 24 horas después de la sedación.",
    "No suspenda ningún medicamento sin consultar a su médico.",
    "Traiga su tarjeta sanitaria y un documento de identidad.",
]
CHAT = ["my commute was awful", "the printer jammed again", "it's raining nonstop"]
MINE = [
    "Please never cc my manager on anything about this.",
    "Don't put my home address in any document.",
    "Sorry, my start date was April 7th, not April 17th.",
]


def _page(rng: random.Random) -> str:
    """A pasted page in one of the shapes documents come in: numbered clauses, a bulleted
    sheet, a quoted mail (each framed by the user, or not)."""
    shape = rng.randrange(3)
    lines = rng.randrange(8, 20)
    if shape == 0:
        rules = "\n".join(
            f"{rng.randrange(1, 12)}.{rng.randrange(1, 9)} {rng.choice(HANDBOOK)}"
            for _ in range(lines)
        )
        return f"Here's another page of the handbook:\n\n{rules}\n\nDoes any of this matter?"
    if shape == 1:
        sheet = "\n".join(f"- {rng.choice(SHEET)}" for _ in range(lines))
        return f"They sent me this sheet too, can you check it?\n\n{sheet}"
    quoted = "\n".join(f"> {rng.choice(HANDBOOK)}" for _ in range(lines))
    return f"And this is what HR wrote back:\n{quoted}"


def pasting_chat(seed: int, rounds: int = 400) -> list[dict[str, str]]:
    """An HR chat: a page pasted every fourth round, nudges between, the user's own rules
    and correction said once each, in passing, in the first two thirds."""
    rng = random.Random(seed)
    at = dict(zip(sorted(rng.sample(range(5, rounds * 2 // 3), len(MINE))), MINE, strict=True))
    msgs = [
        {"role": "system", "content": "You are an HR assistant."},
        {"role": "user", "content": GOAL},
    ]
    for r in range(rounds):
        mine = at.get(r)
        if mine is not None:
            text = f"Ugh, {rng.choice(CHAT)}. {mine} Anyway, {rng.choice(CHAT)}."
        elif r % 4 == 1:
            text = _page(rng)
        else:
            text = rng.choice(["ok", "thanks", "go on", "makes sense"])
        msgs.append({"role": "user", "content": text})
        msgs.append({"role": "assistant", "content": "Noted, that section is about conduct."})
    msgs.append({"role": "user", "content": "What should the complaint say?"})
    return msgs


def _sent(msgs: list[dict[str, str]], window: int) -> str:
    return "\n".join(
        m.text for m in fit(msgs, MODEL, window=window, max_output_tokens=1000).messages
    )


@pytest.mark.parametrize("seed", [1, 2, 4])
@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_her_own_rules_are_kept_beside_pasted_pages(seed: int, window: int) -> None:
    sent = _sent(pasting_chat(seed), window)
    assert GOAL in sent
    assert [m for m in MINE if m not in sent] == []


def test_pasted_pages_stay_in_the_history_when_the_window_holds_it() -> None:
    """Not dropped: only ranked after her rules. A window that holds the whole chat sends
    every page."""
    msgs = pasting_chat(3, rounds=24)
    sent = _sent(msgs, 128_000)
    assert all(m["content"] in sent for m in msgs if m["role"] == "user")


def test_words_around_a_paste_are_read_as_hers() -> None:
    page = "\n".join(f"{n}.1 {rule}" for n, rule in enumerate(HANDBOOK * 2))
    assert words_beside_paste(f"From the handbook:\n\n{page}\n\nIs that fair?") == [
        "From the handbook:",
        "Is that fair?",
    ]
    # her rule said after the page, in the same turn, is hers
    assert words_beside_paste(f"{page}\n\nSeparately: never cc my manager.") == [
        "Separately: never cc my manager."
    ]
    # a document of sentences one a line, glued to its framing line: none is hers
    lines = "\n".join(HANDBOOK * 2)
    assert words_beside_paste(f"ELIGIBILITY AND RESTRICTIONS\n{lines}") == []
    # a few lines typed among a log's are hers
    log = "\n".join(f"2026-03-0{n} INFO batch={n}" for n in range(1, 8))
    assert words_beside_paste(f"More output:\n{log}\nDo not touch the rounding module.") == [
        "Do not touch the rounding module."
    ]
    assert words_beside_paste("Never cc my manager. Thanks!") is None

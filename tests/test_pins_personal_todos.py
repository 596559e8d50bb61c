"""A talkative user's own to-dos are no rules for the work (R39-F3).

"…, and I should really sort out the garage, and …" said between remarks binds the speaker,
not the assistant: the recap left such to-dos out of its constraints (``rules.personal_aside``)
but the fit read them as rules and pinned the chatty turns ahead of the user's own rule. Both
now read a to-do in one place (``intent.without_todos``, ``lexicon.intent.OWN_TODO``)."""

from __future__ import annotations

import random

import pytest

from contextledger.compaction.rules import personal_aside
from contextledger.fit import fit
from contextledger.intent import is_constraint, only_todos, steering_requests

GOAL = "Help me plan a week of cycling in the Dolomites next June, routes and huts included."
TODOS = [
    "I should really clean out the attic",
    "I must finally repaint the fence",
    "I have to return those library books",
    "I need to renew my gym card",
]
TALK = ["the bus was packed again", "my nephew visited", "it rained all weekend", "the oven broke"]
MINE = [
    "Never plan a day over 1,500 metres of climbing, my knees can't take it.",
    "Sorry, we arrive on the 14th, not the 12th.",
]


def chatty(seed: int, rounds: int = 400) -> list[dict[str, str]]:
    rng = random.Random(seed)
    at = dict(zip(sorted(rng.sample(range(3, rounds // 3), len(MINE))), MINE, strict=True))
    msgs = [{"role": "user", "content": GOAL}]
    for r in range(rounds):
        said = at.get(r)
        if said is not None:
            text = f"Oh and {rng.choice(TALK)}. {said} Anyway, {rng.choice(TALK)}."
        elif r % 2:
            bits = [rng.choice(TALK + TODOS) for _ in range(rng.randrange(3, 6))]
            text = f"{', and '.join(bits)}. What else should we look at?"
        else:
            text = rng.choice(["ok", "nice", "go on"])
        msgs.append({"role": "user", "content": text})
        msgs.append(
            {"role": "assistant", "content": "Sounds good, here is the next stage of the route."}
        )
    msgs.append({"role": "user", "content": "What does the plan look like now?"})
    return msgs


@pytest.mark.parametrize("seed", [1, 2])
def test_her_rules_are_pinned_ahead_of_chatty_todos(seed: int) -> None:
    msgs = chatty(seed)
    r = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    sent = "\n".join(m.text for m in r.messages)
    assert GOAL in sent
    assert [m for m in MINE if m not in sent] == []


def test_a_todo_said_in_passing_is_no_rule_for_fit_and_recap_alike() -> None:
    chat = "Work was a mess, and I should really sort out the garage, and we had pizza again."
    assert not is_constraint(chat) and steering_requests([chat])[0] == []
    assert only_todos(chat) and personal_aside(chat)
    # a rule beside a to-do is still one; a limit of the speaker's is one
    beside = "I should really sort out the garage, and never book anything non-refundable."
    assert is_constraint(beside) and steering_requests([beside])[0] == [0]
    assert not only_todos(beside) and not personal_aside(beside)
    assert is_constraint("I have to be home by 6.")


def test_a_question_is_no_todo() -> None:
    """ "Anything I should worry about?" after a pasted leaflet asks; it tells no to-do (and
    such turns were read again whole for nothing: a cold fit ~1.4x main's)."""
    assert not only_todos("Anything I should worry about?")
    assert only_todos("Ugh, I should really sort out the garage.")


# Pasted recipes, each read as a rule for its imperatives ("Never let it boil."), none a to-do
RECIPE = (
    "Recipe {n}: never let the sauce boil, always stir it with a wooden spoon, and do not add "
    "salt before the end. Keep the oven at 180 degrees and never open it for the first 20 "
    "minutes. " * 4
)


def test_the_to_dos_are_read_alike_when_a_screen_says_which_rules_may_hold_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rules that hold no to-do are ruled out by one RE2 pass before the to-do pattern is
    tried at every character of each (a chat of pasted recipes: ~17 ms of a cold fit)."""
    batch = [RECIPE.format(n=n) for n in range(30)]
    batch[7] = f"Ugh, {TODOS[0]}, and {TALK[0]}. What else should we look at?"
    batch[19] = f"{TODOS[1]}. Never let the sauce boil, my guests hate it."
    screened = steering_requests(batch)
    assert 7 not in screened[0] and 19 in screened[0]  # a to-do alone is no rule
    with monkeypatch.context() as patch:
        patch.setattr("contextledger.intent.touched", lambda prefilter, texts: None)
        assert steering_requests(batch) == screened

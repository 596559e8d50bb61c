"""What a fit keeps of a talkative chat whose facts are said in passing (retain39).

A user who writes several sentences a turn says the same remarks again and again, in the
same frame with other words in it ("The printer in the attic flickered again on Sunday."),
and tells a fact between them once ("The overcharge on the March bill was £47.80."). The
remarks took the room of the earlier requests oldest first and the facts were cut; now a
sentence said again and again is looked past, and a turn of nothing else is not pinned."""

from __future__ import annotations

import random

from contextledger import Message
from contextledger.fit import fit
from contextledger.fit.gists import own_excerpt, sentence_shape, told_excerpt
from contextledger.validate import tool_pair_problems

MODEL = "gpt-4o"
REMARKS = [
    "The {dev} in the {room} flickered again {when}.",
    "Sorry for the long message, I'm typing this on my phone.",
    "I tried turning it off and on again {n} times, no luck.",
    "My colleague {name} on the same street has no problems at all.",
    "Honestly the weather has been awful here too.",
    "I checked the cables in the {room} and they look fine to me.",
    "Is {day} a bad day for an engineer to come round?",
]
SLOTS = {
    "dev": ["router", "modem", "printer", "TV box"],
    "room": ["kitchen", "attic", "bedroom", "hallway"],
    "when": ["this morning", "last night", "on Sunday", "around lunch"],
    "n": ["3", "4", "5"],
    "name": ["Dave", "Priya", "Tom"],
    "day": ["Monday", "Tuesday", "Friday"],
}
FACTS = [
    "The overcharge on the March bill was £47.80.",
    "My partner Helen Okafor is also on the account.",
    "Text messages are the best way to reach me on weekends.",
    "Can you also check whether I'm still paying for the static IP add-on?",
    "OK, let's go with the replacement router rather than the line test.",
    "I've been a customer for 9 years.",
]
REPLY = "Thank you, I've added that to your notes and the team will look into it. " * 8


def _remark(rng: random.Random) -> str:
    text = rng.choice(REMARKS)
    for key, values in SLOTS.items():
        text = text.replace("{" + key + "}", rng.choice(values))
    return text


def _talkative(rounds: int = 300, seed: int = 1) -> list[Message]:
    """A support chat of turns of a few remarks each, the facts said between remarks in
    the first half."""
    rng = random.Random(seed)
    msgs = [
        Message.system("You are a patient support agent."),
        Message.user("Hi. I need the internet at my flat to stop dropping every evening."),
        Message.assistant(REPLY),
    ]
    at = {40 + 25 * n: fact for n, fact in enumerate(FACTS)}
    for r in range(rounds):
        said = [_remark(rng) for _ in range(rng.randint(1, 4))]
        if r in at:
            said.insert(rng.randrange(len(said) + 1), at[r])
        msgs += [Message.user(" ".join(said)), Message.assistant(REPLY)]
    msgs.append(Message.user("ok, what happens next?"))
    return msgs


def test_the_facts_said_between_remarks_are_kept() -> None:
    msgs = _talkative()
    for window in (16_000, 32_000):
        res = fit(msgs, MODEL, window=window, max_output_tokens=1_000)
        text = "\n".join(m.text for m in res.messages)
        assert [f for f in FACTS if f not in text] == [], window
        assert "stop dropping every evening" in text
        assert res.report.used <= res.report.budget
        assert not tool_pair_problems(res.messages)


def test_remarks_take_no_room_from_the_facts_in_a_small_window() -> None:
    # (an 8k window's 1,024 tokens of earlier requests: the remarks said oldest took them)
    res = fit(_talkative(), MODEL, window=8_000, max_output_tokens=1_000)
    text = "\n".join(m.text for m in res.messages)
    assert [f for f in FACTS if f not in text] == []
    assert res.report.used <= res.report.budget


def test_a_remark_in_the_same_frame_has_the_same_shape() -> None:
    assert sentence_shape("The router in the attic flickered again on Sunday.") == sentence_shape(
        "The router in the kitchen flickered again on Monday."
    )
    assert sentence_shape("Mum is vegetarian.") != sentence_shape("Dad is vegetarian too.")


def test_routine_sentences_are_left_out_of_an_excerpt() -> None:
    routine = {"Sorry for the long message.", "I tried it again 3 times."}.__contains__
    text = "Sorry for the long message. The bill was £47.80. I tried it again 3 times."
    assert own_excerpt(text, routine) == "The bill was £47.80."
    assert own_excerpt("Sorry for the long message.", routine) is None
    assert told_excerpt(text, routine) == (1, "The bill was £47.80.")

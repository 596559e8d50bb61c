"""What a fit keeps of a chat whose user talks at length (retain38).

A coordinator writes long turns, most of them chatter with a hedge or an aside that reads
as a rule ("Please don't rush the audit part."); the constraint, the correction and the
facts that matter are each said once inside such a turn, long before the end. Each long
turn read as a rule is pinned as the sentences in it that set a rule or tell a fact, and a
rule said again in another turn is pinned once: the cap is not spent on whole turns of
chatter, newest first, before the older constraint and the facts told are reached."""

from __future__ import annotations

import random
from collections.abc import Sequence

from contextledger import Message
from contextledger.fit import fit
from contextledger.fit.gists import rule_excerpt
from contextledger.intent import steering_requests

MODEL = "gpt-4.1"
TOPICS = ["audit", "rota", "handover", "budget", "survey", "printer", "locum", "letters",
          "backlog", "parking", "training", "lab", "phones", "filing", "minutes", "badges"]  # fmt: skip
CHATTER = [
    "The {t} meeting ran long again and people drifted off topic.",
    "Somebody brought up the {t} question and we went round in circles.",
    "I keep meaning to write up the {t} notes but the week got away from me.",
    "Honestly the {t} situation is better than it was in spring.",
    "We joked that the {t} would outlive us all.",
]
ASIDES = [
    "Please don't rush the {t} part.",
    "Never mind the {t} for now.",
    "Don't worry about the {t} today.",
]
CONSTRAINT = "Never book two new-patient appointments back to back for the same clinician."
CORRECTION = "Actually the clinic runs four sessions a week, not three."
FACT = "The new referral line is 0161 496 0732 and it is staffed until six."


def _talk(rng: random.Random, sentences: int) -> str:
    return " ".join(rng.choice(CHATTER).format(t=rng.choice(TOPICS)) for _ in range(sentences))


def _talkative_session(seed: int, turns: int = 240) -> list[Message]:
    rng = random.Random(seed)
    msgs = [
        Message.system("You help a hospital outpatient team schedule clinics."),
        Message.user("Please help me clear the cardiology backlog within six weeks."),
        Message.assistant("Happy to help. Let's start with the templates."),
    ]
    planted = {20: CONSTRAINT, 40: CORRECTION, 60: FACT}
    for t in range(turns):
        said = planted.get(t) or rng.choice(ASIDES).format(t=rng.choice(TOPICS))
        text = f"{_talk(rng, rng.randrange(4, 9))} {said} {_talk(rng, rng.randrange(3, 8))}"
        msgs += [Message.user(text), Message.assistant("Understood, noted on the sheet.")]
    msgs.append(Message.user("Where are we with the backlog?"))
    return msgs


def test_a_constraint_and_facts_said_inside_long_turns_of_chatter_are_kept() -> None:
    for seed in (1, 2):
        msgs = _talkative_session(seed)
        for window in (16_000, 32_000):
            res = fit(msgs, MODEL, window=window, max_output_tokens=1_000)
            text = "\n".join(m.text for m in res.messages)
            kept = [s for s in (CONSTRAINT, CORRECTION, FACT) if s in text]
            assert kept == [CONSTRAINT, CORRECTION, FACT], (seed, window)
            assert "clear the cardiology backlog" in text
            assert res.report.used <= res.report.budget


def test_a_long_turn_pinned_as_its_sentences_reports_its_whole_size_as_an_estimate() -> None:
    """What is left out of a turn pinned as some of its sentences is not sent: its size is
    estimated, not tokenized (speed135: the whole turns were ~17 % of a 32k first fit's
    exact counting), and the report and the notice say so, for every kind of excerpt."""
    res = fit(_talkative_session(1), MODEL, window=16_000, max_output_tokens=1_000)
    excerpts = [c for c in res.report.shrunk if c.reason.startswith("earlier message pinned as")]
    kinds = {c.reason.split(":")[0] for c in excerpts}
    assert len(kinds) >= 3  # (a rule's sentences, those not said again, those telling a fact)
    assert all(c.estimated and c.tokens_before > c.tokens_after for c in excerpts)
    notices = [n.text for n in res.report.notices if n.kind == "shrunk" and "kept as" in n.text]
    assert len(notices) == len(excerpts)
    assert all("(about " in n for n in notices)


FILL = (
    "so anyway it has been one of those weeks, the standup ran long again and half the "
    "team was out with the flu and honestly I am just trying to get through the backlog"
)


def _excerpt_of(said: str) -> str:
    found = rule_excerpt(f"{FILL}. {FILL}. {said} {FILL}. {FILL}.", _read_rules)
    assert found is not None
    return found[0]


def _read_rules(sentences: Sequence[str]) -> list[int]:
    return steering_requests(sentences, restating=False)[0]


def test_a_rule_is_excerpted_with_the_sentence_it_leans_on() -> None:
    """review38 R38-retain38-1/2: a rule pinned as an excerpt of its long turn keeps the
    sentence beside it that it points back at, that goes on with it, or that is a short
    rule of its own the reading missed (main kept these turns whole)."""
    for said, needs in (
        (
            "There are two config files, settings.toml and settings.local.toml. "
            "Do not commit the second one.",
            "settings.local.toml",
        ),
        ("Never deploy on Fridays. That goes for Thursdays as well.", "Thursdays"),
        (
            "Ask before any schema change. Priyanka owns the warehouse and has to sign off.",
            "Ask before any schema change.",
        ),
    ):
        excerpt = _excerpt_of(said)
        assert needs in excerpt, said
        assert "standup ran long" not in excerpt  # (the chatter beside it stays out)


def test_a_bare_pronoun_pulls_no_chatter_into_the_excerpt() -> None:
    """A rule with "it" or "them" in it (as most chatter has) is no reference to the
    sentence before: that sentence stays out (retain38 set B kept 40 % of a travel chat's
    facts at 16k where it took chatter in, 57 % without)."""
    said = "I keep forgetting which terminal the early flights leave from. Do not overthink it."
    excerpt = _excerpt_of(said)
    assert "Do not overthink it." in excerpt
    assert "terminal" not in excerpt


def test_an_excerpt_is_said_again_only_when_every_sentence_kept_is() -> None:
    """A turn whose only sentence read as a rule is a remark said in every turn ("No nic,
    …") and that tells a fact beside it is not looked past as said again when a newer
    turn's same remark was pinned: the excerpt's sentences, the fact among them, are
    compared (R41-F7: which turn was looked past changed with the window)."""
    remark = "No nic, szef dzwonił dwa razy."
    chatter = "It was a long week and the ward was chaos again. " * 3
    found = rule_excerpt(
        f"{chatter}Room B114 is ours from the 14th. {remark}",
        lambda ss: [j for j, s in enumerate(ss) if s == remark],
    )
    assert found is not None
    excerpt, kept = found
    assert "Room B114 is ours from the 14th." in excerpt
    assert kept == {"Room B114 is ours from the 14th.", remark}

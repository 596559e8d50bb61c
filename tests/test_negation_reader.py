"""One denial reader (``lexicon.negation``) for every reader that asks whether a sentence
denies, with the idioms that turn an option down without a word of denial ("off the
table", "ruled out", "kommt nicht in Frage", "descartado", "olmaz", "빼고" …): the
record's rejection and the recap's restatement of it are read alike, and a recap that
claims the rejected option was chosen is caught."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextledger.compaction.claims import polarity, translated
from contextledger.compaction.stance import stance_change, term_polarity
from contextledger.compaction.verify import verify_recap
from contextledger.lexicon.negation import denial, rejecting
from contextledger.model import with_ids
from contextledger.providers import read_messages

REJECTIONS = [
    "Cascade hops are off the table this season.",
    "We ruled out Kafka for the queue.",
    "Kafka is a no-go.",
    "Forget Kafka, use NATS.",
    "Kafka kommt nicht in Frage.",
    "Dipirona está descartada para esse paciente.",
    "La opción Kafka queda descartada.",
    "Kafka est exclu.",
    "Esquece o Redis.",
    "Saaz şerbetçiotu olmaz.",
    "부산 경유 노선은 빼고 진행해.",
    "תשכח מאיבופרופן.",
    "Kafka案は却下です。",
    "不考虑Kafka。",
    "Redis отпадает.",
    "Kafka বাদ দাও।",
]
NOT_REJECTIONS = [
    "Don't forget to bump the client version.",
    "Não esquece de atualizar o changelog.",
    "Use Kafka for the queue.",
    "The supplier is out of Cascade this week.",
    "That exclusive deal ends Friday.",
    "Rule the table with a steady hand.",
]


@pytest.mark.parametrize("text", REJECTIONS)
def test_idioms_that_turn_an_option_down_are_denials(text: str) -> None:
    assert rejecting(text), text
    assert denial(text), text


@pytest.mark.parametrize("text", NOT_REJECTIONS)
def test_reminders_and_plain_sentences_are_not(text: str) -> None:
    assert not rejecting(text), text


def test_both_readers_ask_the_one_reader() -> None:
    for text in REJECTIONS:
        assert polarity._words_deny(text), text
        assert translated._denies(text), text


def test_words_of_denial_are_still_denials() -> None:
    for text in ("Never run it.", "Nie uruchamiaj tego.", "Don't deploy.", "실행하지 마세요."):
        assert denial(text), text
    assert not denial("Deploy on Friday.")


def test_the_idiom_denies_the_option_not_its_context() -> None:
    said = term_polarity("Cascade hops are off the table this season.")
    assert said["cascad"] == {"-"} and said["season"] == {"+"}
    forget = term_polarity("Forget Kafka for the queue.")
    assert forget["kafka"] == {"-"}
    assert all(pols == {"+"} for t, pols in forget.items() if t != "kafka"), forget


def test_a_rejected_option_claimed_chosen_is_turned_around() -> None:
    said = "Cascade hops are off the table this season; the supplier is out."
    assert stance_change("Use Cascade hops.", said)
    assert stance_change("Cascade hops are ruled out.", said) is None


RECORD = [
    {"role": "user", "content": "Get batch IPA-1234 ready for canning by Thursday."},
    {"role": "user", "content": "Cascade hops are off the table this season; the supplier is out."},
    {"role": "assistant", "content": "Understood."},
]


def _v(text: str) -> tuple[bool, str]:
    msgs = list(with_ids(read_messages(json.loads(json.dumps(RECORD)))))
    v = verify_recap(text, msgs, ledger=False, context=msgs)
    return bool(v.misclaims or v.unsupported or v.removed_sentences), v.summary()


def test_ruled_out_for_off_the_table_is_no_false_alarm() -> None:
    flagged, why = _v("The user ruled out Cascade hops.")
    assert not flagged, why


def test_the_rejected_option_as_a_decision_is_caught() -> None:
    flagged, why = _v("Decisions:\n- Use Cascade hops for the dry hop.")
    assert flagged, why


@given(
    st.sampled_from(["Kafka", "Redis", "Cascade hops", "the blue route"]),
    st.sampled_from(["is off the table", "is ruled out", "is a no-go", "is out of the question"]),
)
def test_any_option_said_rejected_is_denied_and_only_it(option: str, idiom: str) -> None:
    text = f"{option} {idiom} for the spring release."
    assert denial(text)
    pol = term_polarity(text)
    context = {t for t in pol if t.startswith(("releas", "spr"))}
    assert context and all("-" not in pol[t] for t in context), pol
    assert any(pol[t] == {"-"} for t in pol if t not in context), pol

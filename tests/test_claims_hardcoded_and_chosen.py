"""Polarity and role lies a recap's words alone do not show (R22-V1): a credential the user
said to read from a variable, claimed hardcoded; the option the assistant set aside,
claimed as the one it chose. The honest lines beside them stand."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

_ENV_TURNS = {
    "en": "Take the token from OPAC_SIP2_PASSWORD_237; do not hardcode it anywhere.",
    "lt": "Tokeną imk iš OPAC_SIP2_PASSWORD_237; niekur jo neįrašyk į kodą.",
    "ka": "ტოკენი აიღე OPAC_SIP2_PASSWORD_237-დან; არსად ჩაწერო ის კოდში.",
    "hu": "A tokent a OPAC_SIP2_PASSWORD_237 változóból vedd; sehol ne írd be a kódba.",
}
_HARDCODED = [
    "Hardcode the token from OPAC_SIP2_PASSWORD_237 in the settings file.",
    "Write the value of OPAC_SIP2_PASSWORD_237 directly into the code.",
    "The assistant hard-coded OPAC_SIP2_PASSWORD_237 in config.py.",
]


def _record(*turns: Message) -> list[Message]:
    return [Message.user("Build the holds sync for the catalogue.", id="u0"), *turns]


def _removed(recap: str, record: list[Message]) -> tuple[str, ...]:
    return verify_recap(recap, record, max_bytes=8000, ledger=False).removed_sentences


@pytest.mark.parametrize("lang", sorted(_ENV_TURNS))
@pytest.mark.parametrize("lie", _HARDCODED)
def test_a_credential_claimed_hardcoded_is_removed_when_the_user_named_only_its_variable(
    lang: str, lie: str
) -> None:
    record = _record(Message.user(_ENV_TURNS[lang], id="u1"))
    assert _removed(f"Constraints and corrections:\n- {lie}", record) == (lie,)


def test_the_rule_against_hardcoding_stands_and_a_users_own_ask_to_hardcode_supports_it() -> None:
    record = _record(Message.user(_ENV_TURNS["en"], id="u1"))
    honest = "Constraints and corrections:\n- Take the token from OPAC_SIP2_PASSWORD_237; never hardcode it."
    assert _removed(honest, record) == ()
    asked = _record(
        Message.user("For the demo, hardcode OPAC_SIP2_PASSWORD_237 in the code.", id="u1")
    )
    claim = (
        "Constraints and corrections:\n- Hardcode OPAC_SIP2_PASSWORD_237 in the code for the demo."
    )
    assert _removed(claim, asked) == ()


_DECIDED = Message.assistant(
    "Decision: I will implement option-231-push; option-231-poll would need a maintenance window.",
    id="a1",
)


@pytest.mark.parametrize(
    "lie", ["The assistant chose option-231-poll.", "We went with option-231-poll."]
)
def test_the_option_the_assistant_set_aside_is_not_its_choice(lie: str) -> None:
    assert _removed(f"Decisions:\n- {lie}", _record(_DECIDED)) == (lie,)


def test_the_option_the_assistant_chose_stands() -> None:
    honest = (
        "Decisions:\n- The assistant chose option-231-push; option-231-poll would need a "
        "maintenance window."
    )
    assert _removed(honest, _record(_DECIDED)) == ()
    assert _removed("Decisions:\n- The assistant chose option-231-push.", _record(_DECIDED)) == ()


_TURNED_DOWN = {
    "fi": "Tutkimme vaihtoehtoa a greedy scheduler [001] ja hylkäsimme sen: se on liian hidas.",
    "hu": "Megnéztük ezt: a greedy scheduler [001], és elvetettük: lassú.",
}


@pytest.mark.parametrize("lang", sorted(_TURNED_DOWN))
@pytest.mark.parametrize(
    "lie", ["User: we will use a greedy scheduler [001].", "We went with a greedy scheduler [001]."]
)
def test_an_option_of_plain_words_the_user_turned_down_is_not_chosen(lang: str, lie: str) -> None:
    record = _record(Message.user(_TURNED_DOWN[lang], id="u1"))
    assert _removed(f"Decisions:\n- {lie}", record) == (lie,)

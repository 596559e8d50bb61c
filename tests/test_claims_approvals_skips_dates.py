"""Session 25 (verify19): who approved what when the user told it in another language, a
value a correction sets aside after a comma in any language, a skipped test is no pass,
and a date written against Japanese or Chinese letters."""

from __future__ import annotations

import json
import re

import pytest

from builders import recap_stripped, said_record
from contextledger.compaction.claims.numbers import qualities
from contextledger.providers import read_messages

APPROVALS = [
    "Aino Virtanen jóváhagyta a #976 PR-t, de Zsófia Kovács elutasította a #805 PR-t.",
    "Noa Levi hyväksyi PR:n #665, mutta Aino Virtanen hylkäsi PR:n #734 (skeemamuutos).",
    "Ioana Popescu hat PR #322 freigegeben, aber Haruto Sato hat PR #507 abgelehnt.",
    "Kwame MensahさんがPR #647を承認しましたが、Erik LindqvistさんはPR #588を却下しました。",
]


@pytest.mark.parametrize("said", APPROVALS)
def test_an_approval_and_a_rejection_told_in_another_language_stand(said: str) -> None:
    record = said_record(said)
    first, second = _people(said)
    (a, b) = _numbers(said)
    assert not recap_stripped(f"Decisions:\n- {first} approved PR #{a}.", record)
    assert not recap_stripped(f"Decisions:\n- {second} rejected PR #{b}.", record)


@pytest.mark.parametrize("said", APPROVALS)
def test_the_approval_turned_around_or_moved_to_the_other_person_is_caught(said: str) -> None:
    record = said_record(said)
    first, second = _people(said)
    (a, b) = _numbers(said)
    assert recap_stripped(f"Decisions:\n- {second} approved PR #{b}.", record)
    assert recap_stripped(f"Decisions:\n- {first} rejected PR #{a}.", record)
    assert recap_stripped(f"Decisions:\n- {second} approved PR #{a}.", record)


PEOPLE = ("Aino Virtanen", "Zsófia Kovács", "Noa Levi", "Ioana Popescu", "Haruto Sato")
PEOPLE += ("Kwame Mensah", "Erik Lindqvist")


def _people(said: str) -> tuple[str, str]:
    first, second = sorted((n for n in PEOPLE if n in said), key=said.index)
    return first, second


def _numbers(said: str) -> tuple[str, str]:
    a, b = re.findall(r"#(\d+)", said)
    return a, b


@pytest.mark.parametrize(
    "said",
    [
        "A metrika-exportáló most a 9412 porton figyel, nem a 9187 porton.",
        "Der Metrics-Exporter lauscht jetzt auf Port 9412, nicht mehr auf 9187.",
    ],
)
def test_a_port_set_aside_after_a_comma_in_any_language(said: str) -> None:
    honest = "Constraints and corrections:\n- Metrics exporter port is 9412 (no longer 9187)."
    assert not recap_stripped(honest, said_record(said))


def test_a_value_the_recap_says_it_was_is_no_claim_that_it_stands() -> None:
    record = said_record("The cutover deadline moved from 2027-04-11 to 2027-04-16.")
    honest = (
        "Constraints and corrections:\n- Cutover deadline is now 2027-04-16 (it was 2027-04-11)."
    )
    assert not recap_stripped(honest, record)
    assert recap_stripped("Constraints and corrections:\n- Cutover deadline: 2027-04-11.", record)


def _skip_record() -> list:  # type: ignore[type-arg]
    call = {"id": "c1", "type": "function"}
    call["function"] = {
        "name": "run_shell",
        "arguments": json.dumps({"cmd": "pytest -q tests/test_rest.py"}),
    }
    out = (
        "..................s\nSKIPPED [1] tests/test_rest.py:41: test_overnight_layover needs network\n"
        "18 passed, 1 skipped in 3.21s"
    )
    return list(
        read_messages(
            [
                {"role": "user", "content": "Run the rest-period tests."},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c1", "content": out},
            ]
        )
    )


@pytest.mark.parametrize(
    "claim",
    ["Decisions:\n- test_overnight_layover passed.", "test_overnight_layover passes now."],
)
def test_a_skipped_test_claimed_passing_is_caught(claim: str) -> None:
    assert recap_stripped(claim, _skip_record())


def test_a_run_that_says_what_it_skipped_stands() -> None:
    honest = "Commands run:\n- `pytest -q tests/test_rest.py`: 18 passed, 1 skipped (test_overnight_layover)."
    assert not recap_stripped(honest, _skip_record())


@pytest.mark.parametrize(
    "said",
    [
        "切り替えの期限は2027-08-14から2027-08-22に変更になりました。",
        "切换的截止日期从2027-08-14改到了2027-08-22。",
    ],
)
def test_a_date_written_against_chinese_or_japanese_letters_is_the_records(said: str) -> None:
    record = said_record(said)
    assert not recap_stripped("Numbers that matter:\n- Cutover deadline: 2027-08-22.", record)
    assert recap_stripped("Numbers that matter:\n- Cutover deadline: 2027-08-29.", record)


@pytest.mark.parametrize(
    ("said", "bound"),
    [
        ("Die Testabdeckung muss über 80 % bleiben.", "least"),
        ("Testikattavuuden on pysyttävä yli 80 %:n.", "least"),
        ("A cobertura de testes deve ficar acima de 80%.", "least"),
        ("A tesztlefedettségnek 80% felett kell maradnia.", "least"),
        ("La cobertura no puede bajar por debajo del 80%.", "most"),
        ("Coverage may drop below 80%.", "most"),
    ],
)
def test_a_floor_or_a_ceiling_said_as_above_or_below_in_any_language(said: str, bound: str) -> None:
    assert ("80", "bound", bound) in qualities(said)


def test_a_word_after_a_number_that_is_no_bound() -> None:
    assert qualities("Wait 10 minutes under load.") == set()
    assert qualities("Ci vediamo alle 10 in ufficio.") == set()


def test_a_floor_turned_into_a_ceiling_is_caught_across_languages() -> None:
    record = said_record("Die Testabdeckung muss über 80 % bleiben.")
    assert recap_stripped("Constraints and corrections:\n- Coverage may drop below 80%.", record)


@pytest.mark.parametrize(
    "said",
    [
        "Keep the feature flag `v2_checkout` off in production for now.",
        "Lass das Feature-Flag `v2_checkout` in Produktion vorerst ausgeschaltet.",
    ],
)
def test_a_switch_named_between_the_verb_and_its_state_is_read(said: str) -> None:
    record = said_record(said)
    lie = "Constraints and corrections:\n- Turn the feature flag `v2_checkout` on in production."
    assert recap_stripped(lie, record)
    assert not recap_stripped(
        "Constraints and corrections:\n- Keep the feature flag `v2_checkout` off in production.",
        said_record("Keep the feature flag `v2_checkout` off in production for now."),
    )

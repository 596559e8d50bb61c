"""A range the user replaced later ("100–500" … "no, make it 200–300") is not the range
that stands: a recap giving the old one as current is unsupported, one giving the new one
(or the history) stands, and the offline recap marks the old one as replaced."""

import pytest

from builders import offline_recap, recap_line_stands, said_record

# (record turns, the old range said as current, the range that stands said as current)
_CASES = [
    (
        ("El límite de peticiones es 100–500 por minuto.", "No, mejor 200–300."),
        "El límite de peticiones es 100–500 por minuto.",
        "El límite de peticiones es 200–300 por minuto.",
    ),
    (
        ("Die Batchgröße soll 64-256 sein.", "Nein, lieber 128-192."),
        "Batch size: 64–256.",
        "Batch size: 128–192.",
    ),
    (
        ("Kiwango cha joto kiwe 18–26 °C.", "Hapana, fanya 20–24."),
        "Kiwango cha joto ni 18–26 °C.",
        "Kiwango cha joto ni 20–24 °C.",
    ),
    (
        ("Zakres portów: 8000–9000.", "Nie, zawęź to do 8080–8090."),
        "The port range is 8000–9000.",
        "The port range is 8080–8090.",
    ),
    (  # (the "no" that opens a correction takes the old range back, not the new one)
        ("Zakres portów: 8000–9000.", "Nie, zawęź to do 8080–8090."),
        "Zakres portów: 8000–9000.",
        "Zakres portów: 8080–8090.",
    ),
]
_GOAL = "Set up the service."


@pytest.mark.parametrize(("said", "old", "new"), _CASES)
def test_the_replaced_range_stated_as_current_is_stripped(
    said: tuple[str, str], old: str, new: str
) -> None:
    record = said_record(*said)
    for where in ("line", "prose"):
        assert recap_line_stands(new, record, _GOAL, where), (new, where)
        assert not recap_line_stands(old, record, _GOAL, where), (old, where)


def test_a_range_told_with_its_history_stands() -> None:
    record = said_record(*_CASES[0][0])
    assert recap_line_stands("The limit was 100–500, then narrowed to 200–300.", record, _GOAL)


def test_two_ranges_of_different_things_replace_nothing() -> None:
    record = said_record("Los puertos 8000-8100 están libres.", "Reintentos: 1-3.")
    assert recap_line_stands("Ports 8000–8100 are free.", record, _GOAL)
    assert recap_line_stands("Retries: 1–3.", record, _GOAL)


def test_a_range_given_again_stands_again() -> None:
    record = said_record("Rango 10–20.", "No, 12–15.", "Perdón, vuelve a 10–20.")
    assert recap_line_stands("The range is 10–20.", record, _GOAL)


def test_the_offline_recap_marks_the_replaced_range() -> None:
    recap = offline_recap(
        ("user", "Configura la pasarela de pagos."),
        ("assistant", "Vale."),
        ("user", "El límite de peticiones es 100–500 por minuto."),
        ("assistant", "Vale."),
        ("user", "No, mejor 200–300."),
        ("assistant", "Vale."),
    )
    for line in recap.splitlines():
        if "100–500" in line:
            assert "200–300" in line, recap

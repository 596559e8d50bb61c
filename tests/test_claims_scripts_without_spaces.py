"""Claims, not words (issue #14 part 4), session 42: review41's lying summarizer in Japanese,
Turkish, Portuguese and Italian records, and commands claimed run with an argument changed.

* a number written onto the words of a script without spaces ("は143点", "11月8日") is a
  number the record must hold, and a value the user corrected there ("11月8日じゃなくて11月
  15日", "東北大学じゃなくて北海道大学") stated as if it stood is caught;
* a correction said back the user's way round ("kat 4'te (kat 3 değil)", "R$ 4.750 (e não
  R$ 7.450)", "ottobre, non settembre") stands; the other way round, or the replaced value
  alone ("31 de dezembro", "R$ 7,450" in English), does not;
* an act said in another language ("ha scritto", "enviou", "fallisce ancora") is held to
  the record as the English act is;
* a command claimed run keeps its arguments: a ";" inside it cuts no clause, and an
  option's word ("--exclude") denies nothing.
"""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands
from contextledger.compaction.claims.stale import word_replacements
from contextledger.compaction.facts import extract_claims
from contextledger.model import Message

_GOAL_JA = "来年2月の大学入試までに、英語の長文読解で8割取れるようになりたい。"


def _japanese() -> list[Message]:
    return [
        Message.user(f"こんにちは。{_GOAL_JA}", id="u0"),
        Message.user("前回の模試の英語は134点でした。", id="u1"),
        Message.user("志望校は東北大学じゃなくて北海道大学です。", id="u2"),
        Message.user("すみません、模試は11月8日じゃなくて11月15日でした。", id="u3"),
        Message.assistant("わかりました。", id="a3"),
    ]


def test_a_number_written_onto_unspaced_words_is_a_number() -> None:
    assert [f.value for f in extract_claims("前回の模試の英語は143点。")] == ["143"]
    assert [f.value for f in extract_claims("예산은 1,800만 원")] == ["1800"]
    assert [f.value for f in extract_claims("v2 abc123")] == []


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("前回の模試の英語は134点。", True),
        ("前回の模試の英語は143点。", False),
        ("模試は11月15日（11月8日ではない）。", True),
        ("模試は11月8日。", False),
        ("志望校は北海道大学。", True),
        ("志望校は東北大学。", False),
    ],
)
def test_japanese_values_and_corrections(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _japanese(), _GOAL_JA) is stands


_GOAL_TR = "Pazartesiye kadar yeni gelen çalışanların hesaplarını hazırla."


def _turkish() -> list[Message]:
    return [
        Message.user(_GOAL_TR, id="u0"),
        Message.user("Toplantı odası kat 3'te.", id="u1"),
        Message.user("Hayır, kat 3 değil, kat 4'teki toplantı odası.", id="u2"),
        Message.user("Pardon, yeni gelen Elif Demir değil, Elif Yılmaz.", id="u3"),
        Message.assistant("Tamam.", id="a3"),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Toplantı odası kat 4'te (kat 3 değil).", True),
        ("Yeni gelen Elif Yılmaz (Elif Demir değil).", True),
        ("Yeni gelen Elif Demir.", False),
    ],
)
def test_a_correction_said_after_its_value_read_both_ways(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _turkish(), _GOAL_TR) is stands


_GOAL_PT = "Renegociar o contrato com a distribuidora antes de renovar."


def _portuguese() -> list[Message]:
    return [
        Message.user(_GOAL_PT, id="u0"),
        Message.user("Errei antes: a mensalidade é R$ 4.750, não R$ 7.450.", id="u1"),
        Message.user(
            "Na verdade o contrato vence em 31 de janeiro, não em 31 de dezembro.", id="u2"
        ),
        Message.assistant("Anotado.", id="a2"),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("A mensalidade é R$ 4.750 (e não R$ 7.450).", True),
        ("The monthly fee is R$ 4,750, not R$ 7,450.", True),
        ("The monthly fee is R$ 7,450.", False),
        ("O contrato vence em 31 de janeiro.", True),
        ("O contrato vence em 31 de dezembro.", False),
    ],
)
def test_figures_grouped_either_way_and_a_corrected_date(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _portuguese(), _GOAL_PT) is stands


def test_a_choice_of_whom_is_no_correction_of_a_fact() -> None:
    assert word_replacements("No, il mese è ottobre, non settembre.") == [
        (frozenset({"settembre"}), frozenset({"ottobre"}))
    ]
    # two clauses, no value replaced: "for now" is not what "tools/loadgen" replaces
    assert word_replacements("Only touch ratelimit/ for now, not tools/loadgen.") == []


_GOAL_IT = "Voglio un report mensile delle vendite per regione in PDF."


def _italian() -> list[Message]:
    return [
        Message.user(_GOAL_IT, id="u0"),
        Message.user("Non toccare la tabella vendite_2023, è di sola lettura.", id="u1"),
        *call_and_result("c1", "shell", {"cmd": "ls data/"}, "ottobre_v2.csv\nsettembre.csv", 1),
        *call_and_result(
            "c2", "write_file", {"path": "report.py", "content": "import pandas"}, "ok", 2
        ),
        *call_and_result(
            "c3", "shell", {"cmd": "pytest -q"}, "FAILED tests/test_r.py::test_tot\nexit 1", 3
        ),
        *call_and_result("c4", "shell", {"cmd": "pytest -q"}, "3 passed\nexit 0", 4),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("L'assistente ha modificato report.py.", True),
        ("L'assistente ha scritto il file data/ottobre_v2.csv.", False),
        ("L'assistente ha aggiornato la tabella vendite_2023.", False),
        ("Il test test_tot fallisce ancora.", False),
    ],
)
def test_acts_said_in_italian_are_held_to_the_record(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _italian(), _GOAL_IT) is stands


_GOAL_CMD = "Get the login rate-limit feature onto staging today."


def _commands() -> list[Message]:
    return [
        Message.user(_GOAL_CMD, id="u0"),
        *call_and_result(
            "c1", "bash", {"command": "psql -c 'VACUUM ANALYZE orders;' shop_staging"}, "ok", 1
        ),
        *call_and_result(
            "c2",
            "bash",
            {"command": "aws s3 cp build/ s3://shop-assets-staging/ --recursive --exclude '*.map'"},
            "ok",
            2,
        ),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Ran `psql -c 'VACUUM ANALYZE orders;' shop_staging`.", True),
        ("Ran `psql -c 'VACUUM ANALYZE orders;' shop_production`.", False),
        ("Ran `aws s3 cp build/ s3://shop-assets-staging/ --recursive --exclude '*.map'`.", True),
        ("Ran `aws s3 cp build/ s3://shop-assets-prod/ --recursive --exclude '*.map'`.", False),
    ],
)
def test_a_command_claimed_run_keeps_its_arguments(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _commands(), _GOAL_CMD) is stands


_GOAL_FORGET = "We're shipping the invoices service v2.3 today."


def _reminders() -> list[Message]:
    return [
        Message.user(f"{_GOAL_FORGET} Don't forget to run the database migrations.", id="u0"),
        Message.user("Non dimenticare di salvare una copia di config.yaml prima.", id="u1"),
        Message.assistant("Ok.", id="a1"),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("The user asked to run the database migrations.", True),
        ("Salvare una copia di config.yaml prima.", True),
        ("The user forbade running the database migrations.", False),
        ("Non salvare copie di config.yaml.", False),
    ],
)
def test_a_reminder_is_a_request_not_a_ban(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _reminders(), _GOAL_FORGET) is stands

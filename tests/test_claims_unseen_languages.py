"""Claims in languages the other claim tests hardly use (Russian, Finnish, Indonesian,
Greek, Hebrew, Korean, Vietnamese, Polish), checked by structure first: who a line
names as its subject, what the tool calls ran, wrote and read, which results failed.

Each record is a short coding session in one language; each table row is one recap line
and whether it must stand.
"""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids


def _call(cid: str, name: str, args: dict[str, object], result: str) -> list[Message]:
    return [
        Message("assistant", (ToolCall(cid, name, json.dumps(args, ensure_ascii=False)),)),
        Message.tool(cid, result),
    ]


PYTEST_OUT = (
    "F..\nE   AssertionError: assert Decimal('20.01') == Decimal('20.00')\n"
    "FAILED tests/test_vat.py::test_vat_rounding - AssertionError\n1 failed, 2 passed in 0.12s"
)

RU = list(
    with_ids(
        [
            Message.user("Нужно исправить расчёт НДС в модуле счетов до пятницы."),
            Message.user(
                "Никогда не запускай `make deploy-prod` с этой машины. "
                "И не трогай файл config/prod.yaml."
            ),
            *_call("c1", "read_file", {"path": "src/invoice/vat.py"}, "def vat(a): ..."),
            *_call("c2", "shell", {"cmd": "pytest tests/test_vat.py -q"}, PYTEST_OUT),
            *_call("c3", "write_file", {"path": "src/invoice/rounding.py", "content": "x"}, "ok"),
        ]
    )
)

FAILURES = "Failures:\n- tests/test_vat.py::test_vat_rounding: 20.01 вместо 20.00\n"


@pytest.mark.parametrize(
    "sentence",
    [
        "Ассистент прочитал src/invoice/vat.py и записал src/invoice/rounding.py.",
        "Πρώτα διαβάστηκε το src/invoice/vat.py και γράφτηκε το src/invoice/rounding.py.",
        "העוזר קרא את src/invoice/vat.py וכתב את src/invoice/rounding.py.",
    ],
)
def test_a_sentence_after_a_list_is_prose_in_any_script(sentence: str) -> None:
    """A sentence right after a list, opening with a capital of any script (or a letter of
    a script with no case), is prose of its own, not one more failure item."""
    v = verify_recap(FAILURES + sentence, RU, ledger=False)
    assert sentence in v.text, [str(c) for c in v.misclaims]


def _stands(line: str, record: list[Message]) -> bool:
    """Whether ``line`` (a recap line, under its section when it has one) stands whole."""
    v = verify_recap(line, record, ledger=False)
    return v.accepted and line.split("\n- ")[-1] in v.text


UK = list(
    with_ids(
        [
            Message.user("Онови довідник тарифів до кінця тижня."),
            Message.user("Спочатку зроби резервну копію бази, потім запусти міграцію."),
            Message.user("Ніколи не запускай `kubectl delete ns tariffs`."),
            *_call("c1", "shell", {"cmd": "pg_dump tariffs > backup.sql"}, ""),
        ]
    )
)
SW_ORDER = list(
    with_ids(
        [
            Message.user("Ensin varmuuskopioi tietokanta, sitten aja migraatio."),
            Message.user("Pertama cadangkan basis data, lalu jalankan migrasi."),
            Message.user("Πρώτα κράτα αντίγραφο της βάσης, μετά τρέξε το migration."),
            Message.user("먼저 데이터베이스를 백업하고, 그다음에 마이그레이션을 실행하세요."),
            Message.user("Sao lưu cơ sở dữ liệu trước, rồi mới chạy migration."),
            Message.user("קודם תגבה את מסד הנתונים, אחר כך תריץ את המיגרציה."),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Ensin aja migraatio, sitten varmuuskopioi tietokanta.", False),
        ("Ensin varmuuskopio, sitten migraatio.", True),
        ("Pertama jalankan migrasi, lalu cadangkan basis data.", False),
        ("Pertama cadangkan basis data, lalu jalankan migrasi.", True),
        ("Πρώτα τρέξε το migration, μετά κράτα αντίγραφο της βάσης.", False),
        ("먼저 마이그레이션을 실행하고, 그다음에 데이터베이스를 백업하세요.", False),
        ("Chạy migration trước, rồi mới sao lưu cơ sở dữ liệu.", False),
        ("Sao lưu cơ sở dữ liệu trước, rồi mới chạy migration.", True),
        ("קודם תריץ את המיגרציה, אחר כך תגבה את מסד הנתונים.", False),
    ],
)
def test_a_rule_order_turned_around_in_prose_is_caught(line: str, stands: bool) -> None:
    """ "First A, then B" said as B first, in prose, in languages whose words for first
    and then the order reader did not hold (a word both steps share tells them not apart)."""
    assert _stands(line, SW_ORDER) == stands


def test_a_ukrainian_order_turned_around_is_caught() -> None:
    assert not _stands("Спочатку запусти міграцію, потім зроби резервну копію бази.", UK)


@pytest.mark.parametrize(
    "line",
    [
        "Ассистент не запускал `make deploy-prod`.",  # a denial of what no call ran
        "The user forbade running `make deploy-prod` from this machine.",  # English recap
        "The user said never to run `make deploy-prod`.",
        "Constraints and corrections:\n- Не трогать config/prod.yaml.",
    ],
)
def test_a_rule_kept_or_restated_in_other_words_stands(line: str) -> None:
    assert _stands(line, RU), line


HE_KO = list(
    with_ids(
        [
            Message.user("אל תשנה את הקובץ build.gradle."),
            Message.user("db/seed.sql 파일은 절대 수정하지 마세요."),
            Message.user("Używaj Poetry, a nie pip, do zależności."),
            Message.user("Nie zmieniaj pliku docker-compose.prod.yml."),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Constraints and corrections:\n- לא לשנות את build.gradle.", True),
        ("Constraints and corrections:\n- db/seed.sql 수정 금지.", True),
        ("Constraints and corrections:\n- Poetry, nie pip, do zależności.", True),
        ("The user said to use pip, a nie Poetry.", False),
        ("Constraints and corrections:\n- Można zmieniać docker-compose.prod.yml.", False),
    ],
)
def test_a_rule_in_other_words_stands_and_one_turned_around_does_not(
    line: str, stands: bool
) -> None:
    assert _stands(line, HE_KO) == stands, line


CARGO_OUT = (
    "running 3 tests\ntest ledger::sums_rows ... FAILED\ntest ledger::header ... ok\n"
    "test result: FAILED. 2 passed; 1 failed; 0 ignored"
)
SHOP = list(
    with_ids(
        [
            Message.user("Полагодь звіт по складу до понеділка."),
            Message.user(
                "Не змінюй файл deploy/prod.env і ніколи не запускай `helm uninstall shop`."
            ),
            *_call("c1", "read_file", {"path": "src/stock/report.rs"}, "pub fn report() {}"),
            *_call("c2", "shell", {"cmd": "cargo test ledger"}, CARGO_OUT),
            *_call("c3", "write_file", {"path": "src/stock/rows.rs", "content": "x"}, "ok"),
            *_call("c4", "Read", {"file_path": "/srv/app/Billing.java"}, "class Billing {}"),
            *_call("c5", "shell", {"cmd": "pytest tests/test_rows.py"}, PYTEST_OUT),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        # a file only read, said changed; a file only the user named, said changed
        ("Асистент переписав src/stock/report.rs.", False),
        ("Avustaja päivitti tiedoston src/stock/report.rs.", False),
        ("Ο βοηθός επεξεργάστηκε το deploy/prod.env.", False),
        ("העוזר שינה את Billing.java.", False),
        ("어시스턴트가 src/stock/report.rs를 수정했습니다.", False),
        ("Trợ lý đã xóa deploy/prod.env.", False),
        # read as read; written as written
        ("Асистент прочитав src/stock/report.rs і записав src/stock/rows.rs.", True),
        ("어시스턴트는 src/stock/report.rs를 읽고 src/stock/rows.rs를 작성했습니다.", True),
        ("העוזר קרא את Billing.java.", True),
        # a command only the user named, said run; a denial of it
        ("Avustaja ajoi `helm uninstall shop`.", False),
        ("어시스턴트가 `helm uninstall shop`을 실행했습니다.", False),
        ("Asisten tidak menjalankan `helm uninstall shop`.", True),
    ],
)
def test_an_act_the_calls_do_not_show_is_caught_in_any_language(line: str, stands: bool) -> None:
    """The assistant as subject, a file or a command, and the word for the act next to it:
    the calls show what was read, written and run, whatever the recap's language."""
    assert _stands(line, SHOP) == stands, line


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Усі тести зелені.", False),
        ("Kaikki testit menivät läpi.", False),
        ("Όλα τα τεστ πέρασαν.", False),
        ("모든 테스트가 통과했습니다.", False),
        ("ledger::sums_rows πέρασε.", False),
        ("test_vat_rounding가 통과했습니다.", False),
        ("ledger::sums_rows απέτυχε.", True),
        # a pass said under a condition claims no run
        ("Злиття лише якщо тести пройдуть.", True),
        ("PR vain, jos testit menevät läpi.", True),
        ("테스트가 통과하면 배포.", True),
    ],
)
def test_a_pass_claimed_of_the_tests_is_checked_against_their_runs(line: str, stands: bool) -> None:
    assert _stands(line, SHOP) == stands, line


def test_a_file_name_with_a_glued_ending_is_the_file() -> None:
    said = list(with_ids([Message.user("Älä muokkaa tiedostoa package-lock.json.")]))
    assert _stands("Constraints and corrections:\n- Älä muokkaa package-lock.json-tiedostoa.", said)
    assert _stands("Files read: src/stock/report.rs", SHOP)
    assert _stands("어시스턴트는 src/stock/report.rs를 읽었습니다.", SHOP)


@pytest.mark.parametrize(
    ("head", "lie"),
    [
        ("Commands run:\n- `pytest tests/test_vat.py -q`\n", "Ассистент также запустил `make deploy-prod` на этой машине."),
        ("Commands run:\n- `pytest tests/test_vat.py -q`\n", "Затем был выполнен `make deploy-prod` для проверки."),
        ("Files written:\n- src/invoice/rounding.py\n", "Ассистент также изменил файл config/prod.yaml и записал его."),
        (FAILURES, "Тест tests/test_vat.py::test_vat_total тоже упал с ошибкой."),
        ("Commands run:\n- `pytest tests/test_vat.py -q`\n", "Η εντολή `make deploy-prod` εκτελέστηκε επίσης από τον βοηθό."),
        ("Commands run:\n- `pytest tests/test_vat.py -q`\n", "העוזר הריץ גם את `make deploy-prod` מהמכונה הזאת."),
    ],
)  # fmt: skip
def test_a_lie_in_prose_right_after_a_list_is_still_caught(head: str, lie: str) -> None:
    """review17 R17-V1: a sentence after a list is prose now, and prose in these languages
    is checked for what it claims run, written or failed."""
    v = verify_recap(head + lie, RU, ledger=False)
    assert lie not in v.text


RULES = list(
    with_ids(
        [
            Message.user("Если сборка пройдёт, выкати на staging."),
            Message.user("Jos testit menevät läpi, tee PR."),
            Message.user("테스트가 통과하면 스테이징에 배포하세요."),
            Message.user("Nếu test qua hết thì tạo PR."),
            Message.user("Kör inte migreringarna mot prod, bara mot test-databasen."),
            Message.user("Älä koskaan aja `terraform destroy`."),
            Message.user("Jangan pernah menjalankan `kubectl delete ns billing`."),
            Message.assistant("Selvä, `terraform destroy` ei ajeta."),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Если сборка упадёт, выкатить на staging.", False),
        ("Jos testit epäonnistuvat, tee PR.", False),
        ("테스트가 실패하면 스테이징에 배포하세요.", False),
        ("Nếu test thất bại thì tạo PR.", False),
        ("Если сборка пройдёт, выкатить на staging.", True),
        ("PR vain, jos testit menevät läpi.", True),
        ("Constraints and corrections:\n- Kör migreringarna mot prod.", False),
        ("Constraints and corrections:\n- Kör inte migreringarna mot prod.", True),
        # the user asked for, or allowed, what they forbade; the forbidding said again
        ("Käyttäjä pyysi ajamaan `terraform destroy`.", False),
        ("Pengguna meminta menjalankan `kubectl delete ns billing`.", False),
        ("Käyttäjä kielsi ajamasta `terraform destroy`.", True),
        ("Pengguna melarang menjalankan `kubectl delete ns billing`.", True),
        # the assistant only promised not to run it: no call ran it
        ("Avustaja ajoi `terraform destroy`.", False),
        ("`kubectl delete ns billing`는 실행하지 않았습니다.", True),
    ],
)
def test_a_condition_or_a_prohibition_turned_around_is_caught(line: str, stands: bool) -> None:
    assert _stands(line, RULES) == stands, line


CHOICES = list(
    with_ids(
        [
            Message.user("Для кэша используй Redis, а не Memcached."),
            Message.user("Pakai PostgreSQL, bukan MySQL, untuk tabel audit."),
            Message.user("השתמש ב-BigDecimal ולא ב-double לסכומים."),
            Message.user("큐는 RabbitMQ 말고 Kafka를 쓰세요."),
            Message.user("Dùng httpx, không dùng requests."),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Пользователь велел использовать Memcached, а не Redis.", False),
        ("Pengguna minta pakai MySQL, bukan PostgreSQL.", False),
        ("המשתמש ביקש double ולא BigDecimal.", False),
        ("사용자는 Kafka 말고 RabbitMQ를 쓰라고 했습니다.", False),
        ("Người dùng muốn dùng requests, không dùng httpx.", False),
        ("Для кэша — Redis, а не Memcached.", True),
        ("Tabel audit memakai PostgreSQL, bukan MySQL.", True),
        ("Dùng httpx, không phải requests.", True),
    ],
)
def test_a_choice_the_other_way_round_is_caught(line: str, stands: bool) -> None:
    assert _stands(line, CHOICES) == stands, line

"""Claims, not words (issue #14 part 4), session 44: what a path and a command were, read
from the record whatever language the recap's sentence is in.

* a file only read (a read-type call) said written, changed, created or deleted is a lie in
  any language whose words for it are read (Polish, Dutch, Italian, Czech, Vietnamese
  too), the verb before or after the path ("… wurde
  überschrieben", "… güncellendi", "تم تحديث …"), and under a heading of a list of files
  written in that language ("Записанные файлы: a.go, values.yaml");
* a file said read, or a clause that names a written file beside it, claims no write;
* a command only the assistant mentioned, said run with no subject ("… foi executado",
  "تم تشغيل …"), a failure heading of its own words over a command that passed, and a
  failed run said green ("tutti i test sono verdi"), are lies;
* the user's ban restated with the verb's glued negation (Turkish "-mamasını", Korean
  "하지 말라고") is the user's rule, not leave;
* "Пользователь сказал …", "Użytkownik powiedział, żeby …", "用户说…": the words after the
  head are the user's, held to the user's turns (a paraphrase stands, a turned rule not).
"""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands
from contextledger.model import Message

_GOAL = "Bitte den Go-Server auf Helm 3 umstellen."
_READ = "deploy/helm/values.yaml"
_WRITTEN = "cmd/server/main.go"


def _helm_session() -> list[Message]:
    return [
        Message.user(_GOAL, id="u0"),
        Message.user("`helm uninstall api` auf keinen Fall ausführen.", id="u1"),
        *call_and_result("r1", "read_file", {"path": _READ}, "replicaCount: 2\n", 1),
        *call_and_result(
            "w1", "write_file", {"path": _WRITTEN, "content": "package main\n"}, "ok", 2
        ),
        *call_and_result("s1", "shell", {"cmd": "go vet ./..."}, "", 3),
        *call_and_result(
            "s2",
            "shell",
            {"cmd": "go test ./..."},
            "--- FAIL: TestHealth (0.01s)\nFAIL\tgithub.com/acme/api/cmd/server\nexit status 1",
            4,
        ),
        Message.assistant("Als Nächstes könnten wir `make release` laufen lassen.", id="a5"),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        (f"{_READ} wurde überschrieben.", False),
        (f"{_READ} wurde gelesen.", True),
        (f"{_READ} wurde gelesen, {_WRITTEN} geändert.", True),
        (f"Перезаписан {_READ}.", False),
        (f"Записанные файлы: {_WRITTEN}", True),
        (f"Записанные файлы: {_WRITTEN}, {_READ}", False),
        (f"Прочитанные файлы: {_READ}", True),
        (f"{_READ} güncellendi.", False),
        (f"{_READ} okundu ve {_WRITTEN} güncellendi.", True),
        (f"تم تحديث {_READ}.", False),
        (f"تمت قراءة {_READ}.", True),
        (f"عدّل المساعد {_WRITTEN}.", True),
        (f"قام المساعد بتعديل {_READ}.", False),  # ("ب" with, written onto the verb)
        (f"قام المساعد بقراءة {_READ}.", True),
        (f"{_READ} を作成した。", False),
        (f"{_READ} を読み込んだ。", True),
        (f"{_READ} został nadpisany.", False),
        (f"{_READ} is overschreven.", False),
        (f"{_READ} è stato sovrascritto.", False),
        (f"Soubor {_READ} byl upraven.", False),
        (f"Đã tạo {_READ}.", False),
        (f"Đã đọc {_READ}.", True),
    ],
)
def test_a_file_only_read_is_no_file_written_in_any_language(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _helm_session(), _GOAL) is stands


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("`make release` foi executado.", False),
        ("`go vet ./...` foi executado.", True),
        ("تم تشغيل `make release`.", False),
        ("الأوامر المنفذة: `go vet ./...`", True),
        ("Сбои: `go vet ./...`", False),
        ("Hatalar: `go test ./...` (TestHealth)", True),
        ("`go test ./...`: tutti i test sono verdi.", False),
        ("`go test ./...` is groen.", False),
    ],
)
def test_a_command_said_run_or_failed_is_held_to_the_calls(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _helm_session(), _GOAL) is stands


@pytest.mark.parametrize(
    "line",
    [
        "Kullanıcı `helm uninstall api` komutunun çalıştırılmamasını istedi.",
        "사용자는 `helm uninstall api`를 실행하지 말라고 했다.",
    ],
)
def test_a_ban_restated_with_a_glued_negation_is_the_users_rule(line: str) -> None:
    assert recap_line_stands(line, _helm_session(), _GOAL)


def test_a_subject_with_an_elided_article_is_read() -> None:
    """ "L'utilisateur …": the user is the subject, so words only the assistant said, put in
    the user's mouth, are caught."""
    goal = "Accélère la page des factures."
    record = [
        Message.user(goal, id="u0"),
        Message.assistant("Je propose de garder le cache Redis des factures 15 minutes.", id="a1"),
    ]
    lie = "L'utilisateur a demandé de garder le cache Redis des factures 15 minutes."
    assert not recap_line_stands(lie, record, goal)
    assert recap_line_stands(
        "L'assistant a proposé de garder le cache Redis des factures 15 minutes.", record, goal
    )


_NO_2FA_OFF = {
    "ru": "Никогда не отключай двухфакторную проверку для админов.",
    "pl": "Nigdy nie wyłączaj weryfikacji dwuetapowej dla administratorów.",
    "zh": "永远不要关闭管理员的两步验证。",
}


@pytest.mark.parametrize(
    ("lang", "line", "stands"),
    [
        (
            "ru",
            "Пользователь сказал никогда не отключать двухфакторную проверку для админов.",
            True,
        ),
        ("ru", "Пользователь сказал отключить двухфакторную проверку для админов.", False),
        (
            "pl",
            "Użytkownik powiedział, żeby nigdy nie wyłączać weryfikacji dwuetapowej dla "
            "administratorów.",
            True,
        ),
        (
            "pl",
            "Użytkownik powiedział, żeby wyłączyć weryfikację dwuetapową dla administratorów.",
            False,
        ),
        ("zh", "用户说永远不要关闭管理员的两步验证。", True),
        ("zh", "用户说要关闭管理员的两步验证。", False),
    ],
)
def test_the_users_words_after_a_said_head_of_another_language(
    lang: str, line: str, stands: bool
) -> None:
    """ "Пользователь сказал …", "Użytkownik powiedział, żeby …", "用户说…": what follows
    is held to the user's turns (said as the rule says it: it stands; turned: it does not)."""
    goal = "Release 2.0 vorbereiten."
    record = [Message.user(goal, id="u0"), Message.user(_NO_2FA_OFF[lang], id="u1")]
    assert recap_line_stands(line, record, goal) is stands

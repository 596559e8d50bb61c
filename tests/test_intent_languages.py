"""Rules and corrections said in German, Spanish, French and Japanese are rules and
corrections (redteam16 A1: "Ändere keine Steuerklassen.", "Nunca hagas push a main.",
"N'envoie pas de courriel au client.", 「お客様に直接電話しないでください。」 were in no
recap section and left the view); a status said in those languages is not. The phrasings
here are not the red team's: they were written apart from the patterns."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.fit import fit
from contextledger.fit.anchors import prior_request_order
from contextledger.intent import (
    is_constraint,
    is_correction,
    is_substantive,
    restates_task,
    steering_requests,
)
from contextledger.model import Message, ToolCall

RULES = [
    # German
    "Lösche keine Kundendaten aus der Tabelle.",
    "Fass die Migrationen unter db/ bitte nicht an.",
    "Schick dem Kunden niemals den internen Link.",
    "Ohne Freigabe von Herrn Brandt wird nichts überwiesen.",
    "Du darfst die Produktionsdatenbank nicht neu starten.",
    "Pushe auf keinen Fall direkt auf main.",
    "Verwenden Sie keine externen Bibliotheken.",
    # Spanish
    "No toques la carpeta de pagos.",
    "Jamás borres los registros de auditoría.",
    "No debes enviar correos al cliente sin mi aprobación.",
    "Hay que pedir permiso antes de desplegar.",
    "Está prohibido reiniciar el servidor en horario laboral.",
    # French
    "Ne touche pas au dossier des paiements.",
    "Ne redémarre jamais le serveur de production.",
    "Il faut toujours demander avant de fusionner.",
    "Vous devez garder l'API compatible.",
    "N'ajoute aucune dépendance externe.",
    # found in review (review11 L1): a separable verb, a ban opening its clause, a request
    "Starte den Server nicht neu.",
    "Kein Deployment am Freitag.",
    "Nada de despliegues los viernes.",
    "Pas de déploiement le vendredi.",
    "Évite de toucher à la prod.",
    "Merci de ne pas redémarrer le serveur.",
    "パスワードはログに出さないこと。",
    # an order about the speaker (R40-F6: a companion chat's "don't call me darling" was lost)
    "Bitte nenn mich nicht Schatz, das mag ich gar nicht.",
    "Erinnere mich nie nach 22 Uhr an irgendwas.",
    "Ruf mich nicht vor 10 Uhr an.",
    # Italian and Portuguese
    "Non toccare la cartella src/payments/.",
    "Não apague a tabela de clientes.",
    # Japanese
    "支払いフォルダには触らないでください。",
    "本番データベースを再起動してはいけません。",
    "必ずレビューを受けてからマージしてください。",
]
CORRECTIONS = [
    "Korrektur: die Frist ist der 12. März, nicht der 10.",
    "Wir nehmen Postgres, nicht MySQL.",
    "Nimm stattdessen die Version 3.2.",
    "Usa Redis en lugar de Memcached.",
    "Utilise plutôt la branche release.",
    "実は、締め切りは金曜日です。",
    "Falsch: es sind 3600 Sekunden.",
    "Perdón, el plazo es el 5, no el 3.",
    "Erratum : le budget est de 8 000 EUR.",
]
# found in review (review11 L1): questions, a speaker's own need and small talk are no rules
STATUSES = [
    "Muss ich den Server danach neu starten?",
    "Ich muss kurz weg, bin gleich zurück.",
    "Sollen wir das nicht lieber morgen machen?",
    "Du musst dich nicht entschuldigen, alles gut.",
    "Bitte nicht böse sein, aber ich verstehe es nicht.",
    "¿Tienes que reiniciar el servidor después?",
    "Hay que ver lo lento que va hoy.",
    "Siempre pregunta lo mismo el cliente.",
    "No te preocupes, ya lo reviso yo.",
    "No lo sé, la verdad.",
    "Ne vous inquiétez pas, je regarde ça demain.",
    "Il faut que je parte dans dix minutes.",
    "Tu dois être fatigué après cette journée.",
    "Est-ce qu'il faut redémarrer le serveur ?",
    "Il fait plutôt beau aujourd'hui, non ?",
    "En fait, je ne sais pas pourquoi ça marche.",
    "En realidad el informe ya estaba listo ayer.",
    "Keine Sorge, das mache ich später.",
    "Pas de souci, je regarde.",
    "Das Deployment läuft nicht.",
    "Die Tests laufen seit gestern nicht.",
    "Es gibt keine Fehler im Log.",
    "No sé por qué falla el despliegue.",
    "No hay errores en los registros.",
    "Ça ne marche pas depuis la mise à jour.",
    "Je ne sais pas pourquoi le test échoue.",
    "Le serveur ne répond plus.",
    "ログにはエラーがありません。",
    # the speaker as an object in a statement: its subject said, or left out before a verb
    # that is no imperative
    "Das stört mich nicht.",
    "Hab mich nicht getraut.",
    "Mein Chef ruft mich nie an.",
    "Interessiert mich nicht, ehrlich gesagt.",
    "Warum rufst du mich nicht an?",
]


@pytest.mark.parametrize("text", RULES)
def test_a_rule_is_a_constraint(text: str) -> None:
    assert is_constraint(text), text


@pytest.mark.parametrize("text", CORRECTIONS)
def test_a_correction_is_a_correction(text: str) -> None:
    assert is_correction(text), text


@pytest.mark.parametrize("text", STATUSES)
def test_a_status_is_no_rule(text: str) -> None:
    assert not (is_constraint(text) or is_correction(text)), text


def test_the_bulk_classification_finds_them_as_the_per_text_one_does() -> None:
    texts = ["Prepare the payroll run for December.", *RULES, *CORRECTIONS, *STATUSES]
    steering, _ = steering_requests(texts)
    expected = [i for i, t in enumerate(texts) if is_constraint(t) or is_correction(t)]
    # (a rule under four words is not pinned as a request: none here is that short)
    assert steering == expected
    assert set(range(1, 1 + len(RULES) + len(CORRECTIONS))) <= set(steering)


def test_the_offline_recap_lists_them_under_constraints() -> None:
    turns = ["Prepare the payroll run for December and report what blocks it.", *RULES[::3]]
    messages: list[Message] = []
    for i, said in enumerate(turns):
        messages += [
            Message.user(said),
            Message("assistant", (ToolCall(f"c{i}", "lookup", json.dumps({"page": i})),)),
            Message.tool(f"c{i}", "row " * 40),
        ]
    listed = digest(messages).items("Constraints and corrections")
    for rule in RULES[::3]:
        assert any(rule.rstrip("。.") in line for line in listed), (rule, listed)


def test_a_rule_deep_in_a_long_paste_is_found_by_its_sentence() -> None:
    """Only the sentences holding a rule's word are read (a long text costs its few):
    a rule after 20,000 characters of log is still found, by both paths alike."""
    text = "Hier ist das Log:\n" + "INFO job 42 ok\n" * 1500 + "Lösche die Tabelle nicht.\n"
    assert is_constraint(text)
    assert steering_requests(["Bereite den Lohnlauf vor.", text]) == ([1], [])
    question = (
        "Hier ist das Log:\n" + "INFO job 42 ok\n" * 1500 + "Muss ich den Server neu starten?"
    )
    assert not is_constraint(question)


RESTATED = [
    "Zmiana planów: najpierw przenieś eksport faktur do kolejki.",
    "Nieuw plan: zet eerst de nachtelijke rapportage om naar Airflow.",
    "方針変更です：先に画像アップロードAPIを非同期ジョブに移してください。",
    "Mudança de planos: primeiro migre o serviço de cobrança.",
    "계획 변경: 먼저 결제 서비스를 쿠버네티스로 옮겨 주세요.",
    "Đổi kế hoạch: chuyển dịch vụ thanh toán sang Kubernetes trước.",
    "OK, nowe zadanie: napraw eksport raportów w pliku export.py.",
]
NOT_RESTATED = [
    "Plan jest dobry, kontynuuj proszę z migracją.",
    "Het plan staat in docs/plan.md, lees het eerst.",
    "計画どおり進めてください、テストも実行して。",
    "Mudança feita no arquivo config.yml, confira por favor.",
]


@pytest.mark.parametrize("text", RESTATED)
def test_a_task_restated_in_another_language_is_a_restatement(text: str) -> None:
    """intent11: restates_task read English only ("Zmiana planów: …" was no restatement)."""
    assert restates_task(text)
    assert steering_requests(["ok", text])[1] == [1]


@pytest.mark.parametrize("text", NOT_RESTATED)
def test_a_plan_named_in_passing_is_no_restatement(text: str) -> None:
    assert not restates_task(text)
    assert steering_requests([text])[1] == []


def test_fit_pins_the_task_restated_in_polish() -> None:
    """The first task, then 'Zmiana planów: …' and a long session of newer requests: the
    restated task is the goal the fit pins."""
    first = "Przenieś logowanie z SharedPreferences do EncryptedSharedPreferences."
    restated = "Zmiana planów: najpierw napraw eksport faktur w pliku billing/export.py."
    msgs = [Message.system("You are a coding agent."), Message.user(first)]
    for i in range(40):
        if i == 5:
            msgs.append(Message.user(restated))
        args = json.dumps({"cmd": f"pytest -k export_{i}"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", args),)))
        msgs.append(Message.tool(f"c{i}", f"collected {i} items\n" * 150))
        asked = f"Sprawdź jeszcze wynik testu export_{i} i opisz krótko, co w nim widać w logach."
        msgs.append(Message.user(asked))
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    assert restated in "\n".join(m.text for m in out.messages)


@pytest.mark.parametrize(
    "request_",
    [
        # a request with a purpose clause is still the request (recap12 brief)
        "ログイン処理にリトライを追加して、決済APIがタイムアウトしないようにしてください。",
        "アップロードが失われないように、リトライを追加してください。",
        # a gerund "without breaking" is the request's manner, not an order (RT24 uk goal)
        "Привіт! Мені потрібно, щоб ти переніс воркер на Python 3.12, не зламавши нічний експорт.",
        "Перенеси воркер на Python 3.12, не ламаючи нічний експорт.",
    ],
)
def test_a_request_with_a_purpose_or_a_manner_is_no_rule(request_: str) -> None:
    assert not is_constraint(request_)
    assert steering_requests([request_]) == ([], [])


@pytest.mark.parametrize(
    "rule",
    [
        "本番DBに接続しないようにしてください。",
        "ユーザーがログアウトされないようにしてください。",
        "バックアップを取って、本番DBには接続しないようにしてください。",
        "Не змінюй нічого в services/.",
        "Не пиши в прод напряму.",
    ],
)
def test_an_order_not_to_do_something_stays_a_rule(rule: str) -> None:
    assert is_constraint(rule)


@pytest.mark.parametrize(
    ("goal", "later"),
    [
        (
            "ログイン処理にリトライを追加して、決済APIがタイムアウトしないようにしてください。",
            "時間があれば、READMEも更新してください。",
        ),
        (
            "Привіт! Мені потрібно, щоб ти переніс воркер на Python 3.12, не зламавши експорт.",
            "Якщо буде час, онови також docs/notes.md.",
        ),
    ],
)
def test_the_task_said_with_a_purpose_is_pinned_first_not_the_request_for_later(
    goal: str, later: str
) -> None:
    """recap12 brief: the task said with a purpose clause was read as a rule, so the
    fit put the request for later ("時間があれば…") first, as the goal."""
    said = [goal, "ok", later, "ok"]
    steering, restating = steering_requests(said)
    order = prior_request_order(
        lambda: [3, 2, 1, 0], [0, 1, 2, 3], restating, steering[::-1],
        lambda k: is_substantive(said[k]),
    )  # fmt: skip
    assert next(order) == (0, True)


@pytest.mark.parametrize(
    "correction",
    [
        "Not port 8080, use port 8443.",
        "Redis 6 नहीं, Redis 7 इस्तेमाल करो।",
        "1.30 नहीं, 1.31 इस्तेमाल करो।",
        "Postgres 14 말고 Postgres 16를 사용하세요.",
        "不是Postgres 14，用Postgres 16。",
        "ليس Postgres 14، استخدم Postgres 16.",
        "Nie 1.30, tylko 1.31.",
    ],
)
def test_a_correction_by_its_shape_is_one_and_the_fit_pins_it(correction: str) -> None:
    """A value turned down and another of its kind in its place, in any language: the fit
    pins it as a correction (held-out recap12 set: 19/60 corrections pinned at 3k before)."""
    assert is_correction(correction)
    assert steering_requests(["Add a retry to the uploader.", "ok", correction, "ok"])[0] == [2]


@pytest.mark.parametrize("said", ["Not now, maybe after 5.", "Not 1.30, use 1.31?", "ok"])
def test_no_correction_without_two_values_of_a_kind(said: str) -> None:
    assert not is_correction(said)
    assert steering_requests([said])[0] == []


@pytest.mark.parametrize(
    "later",
    [
        "If there is time, also update docs/notes.md.",
        "If there's time, add a test for the parser.",
        "If time permits, bump the version in pyproject.toml.",
    ],
)
def test_a_request_for_when_there_is_time_is_no_conditional_rule(later: str) -> None:
    assert not is_constraint(later)
    assert is_constraint("If there is an error, roll back the deploy.")

"""Rules and corrections said in German, Spanish, French and Japanese are rules and
corrections (redteam16 A1: "Ändere keine Steuerklassen.", "Nunca hagas push a main.",
"N'envoie pas de courriel au client.", 「お客様に直接電話しないでください。」 were in no
recap section and left the view); a status said in those languages is not. The phrasings
here are not the red team's: they were written apart from the patterns."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.intent import is_constraint, is_correction, steering_requests
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

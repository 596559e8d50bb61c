"""Claims read by their structure in languages and domains the checks were not written
for (Dutch stock count, Polish payroll export, Italian model training, Japanese database
migration, Portuguese refunds) and in redteam18's French and Spanish cases: who decided, an
act claimed done where its call failed, an outcome turned around ("sin problemas",
"geaccepteerd", "zakończył się sukcesem"), a value a correction replaced, a rule in other
words ("Prohibido …", "Vietato …", "… só com aprovação"), a failure told by its codes.

Each table row is one recap line under its section and whether it must stand; a table is
one test (every row judged, the wrong ones listed).
"""

from __future__ import annotations

import json

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids


def _record(*turns: tuple[str, ...] | tuple[str, str, dict[str, object], str]) -> list[Message]:
    out: list[Message] = []
    for n, t in enumerate(turns):
        if t[0] == "call":
            name, args, result = t[1], t[2], t[3]
            assert isinstance(name, str) and isinstance(args, dict) and isinstance(result, str)
            call = ToolCall(f"c{n}", name, json.dumps(args, ensure_ascii=False))
            out += [Message("assistant", (call,)), Message.tool(f"c{n}", result)]
        else:
            text = t[1]
            assert isinstance(text, str)
            out.append(Message.user(text) if t[0] == "u" else Message.assistant(text))
    return list(with_ids(out))


def _wrong(record: list[Message], rows: list[tuple[str, str, bool]]) -> list[str]:
    """The rows judged otherwise than they must be."""
    wrong = []
    for section, line, stands in rows:
        one_line = section in ("Files written", "Files read")
        text = f"{section}: {line}" if one_line else f"{section}:\n- {line}"
        v = verify_recap(text, record, ledger=False)
        if (not v.misclaims and not v.unsupported) != stands:
            wrong.append(f"{'kept' if not stands else 'removed'}: {line} {v.summary()[:200]}")
    return wrong


NL = _record(
    ("u", "Doel: de voorraadtelling van magazijn Tilburg afsluiten vóór vrijdag."),
    (
        "u",
        "Sanne heeft besloten om de afwijkingen per locatie te boeken; Bram heeft het alleen nagekeken.",
    ),
    ("u", "Boek nooit een correctie boven € 5.000 zonder mijn akkoord."),
    ("u", "Correctie: de BTW op verpakkingen is 21 %, niet 9 %."),
    (
        "call",
        "erp_boeking",
        {"locatie": "TLB-04", "bedrag": "1.250,40", "rekening": "7010"},
        'HTTP 409\n{"status": "GEWEIGERD", "code": "ERP-3312", "melding": "periode gesloten"}',
    ),
    (
        "call",
        "opdracht_uitvoeren",
        {"opdracht": "pytest tests/test_telling.py -q"},
        "tests/test_telling.py::test_afronding PASSED\ntests/test_telling.py::test_negatieve_voorraad "
        "FAILED\nE   AssertionError: -3 != 0\n1 failed, 1 passed in 0.91s",
    ),
    ("u", "Ter info: Joris heeft de scanner in hal B al gerepareerd."),
    ("a", "De boeking voor TLB-04 is geweigerd (ERP-3312, periode gesloten)."),
)


def test_dutch_claims_of_who_decided_outcomes_and_corrected_values() -> None:
    rows = [
        ("Decisions", "Bram heeft besloten om de afwijkingen per locatie te boeken.", False),
        ("Findings", "De boeking voor TLB-04 is zonder problemen verwerkt.", False),
        ("Findings", "De boeking voor TLB-04 is geaccepteerd.", False),
        ("Constraints and corrections", "De BTW op verpakkingen is 9 %.", False),
        ("Findings", "test_negatieve_voorraad is geslaagd.", False),
        ("Findings", "De assistent heeft de scanner in hal B gerepareerd.", False),
        (
            "Decisions",
            "Afwijkingen worden per locatie geboekt (besluit van Sanne; Bram heeft nagekeken).",
            True,
        ),
        ("Failures", "De boeking voor TLB-04 werd geweigerd (ERP-3312, periode gesloten).", True),
        (
            "Constraints and corrections",
            "Geen correcties boven € 5.000 zonder akkoord van de gebruiker.",
            True,
        ),
        (
            "Constraints and corrections",
            "BTW op verpakkingen: 21 % (gecorrigeerd, niet 9 %).",
            True,
        ),
        ("Failures", "test_negatieve_voorraad faalde: -3 != 0.", True),
        ("Findings", "Joris heeft de scanner in hal B al gerepareerd.", True),
    ]
    assert _wrong(NL, rows) == []


PL = _record(
    ("u", "Cel: wdrożyć nowy eksport list płac do API banku przed 28 listopada."),
    (
        "u",
        "Kierowniczka Anna zdecydowała, że eksport idzie w formacie XML; Piotr tylko to zasugerował.",
    ),
    ("u", "Nie wysyłaj przelewów produkcyjnych bez mojej zgody."),
    (
        "call",
        "uruchom",
        {"polecenie": "python eksport.py --tryb test --okres 2026-11"},
        'Traceback (most recent call last):\n  File "eksport.py", line 212\n'
        "ValueError: niepoprawny IBAN PL61109010140000071219812874\nexit status 1",
    ),
    ("a", "Eksport testowy nie powiódł się: niepoprawny IBAN."),
)
IT = _record(
    ("u", "Obiettivo: addestrare il classificatore dei ticket e riportare la F1."),
    ("u", "Non usare mai la colonna email_cliente come feature."),
    ("u", "Correzione: il learning rate è 3e-4, non 1e-3."),
    ("call", "esegui", {"comando": "python train.py --lr 3e-4"}, "epoch 5/5 - val_f1: 0.8731"),
    ("a", "La F1 sul validation set è 0,8731."),
)
PT = _record(
    ("u", "Objetivo: processar os reembolsos pendentes da loja Curitiba."),
    ("u", "Nunca reembolse acima de R$ 2.000 sem aprovação da Carla."),
    (
        "call",
        "reembolsar",
        {"pedido": "PED-88412", "valor": "1.480,90"},
        '{"status": "recusado", "erro": "cartão expirado", "http": 402}',
    ),
    ("call", "reembolsar", {"pedido": "PED-88415"}, '{"status": "aprovado", "id": "RB-5531"}'),
)


def test_polish_italian_and_portuguese_rules_outcomes_and_values() -> None:
    assert (
        _wrong(
            PL,
            [
                ("Decisions", "Piotr zdecydował, że eksport idzie w formacie XML.", False),
                ("Findings", "Eksport testowy zakończył się sukcesem.", False),
                ("Findings", "Asystent wysłał przelewy produkcyjne.", False),
                ("Decisions", "Format XML (decyzja Anny; Piotr tylko zasugerował).", True),
                (
                    "Constraints and corrections",
                    "Zakaz wysyłania przelewów produkcyjnych bez zgody użytkownika.",
                    True,
                ),
            ],
        )
        == []
    )
    assert (
        _wrong(
            IT,
            [
                ("Constraints and corrections", "Il learning rate è 1e-3.", False),
                (
                    "Constraints and corrections",
                    "Usa la colonna email_cliente come feature.",
                    False,
                ),
                ("Constraints and corrections", "Vietato usare email_cliente come feature.", True),
                ("Constraints and corrections", "Learning rate 3e-4 (corretto, non 1e-3).", True),
                ("Findings", "F1 sul validation set: 0,8731.", True),
            ],
        )
        == []
    )
    assert (
        _wrong(
            PT,
            [
                ("Findings", "O reembolso do pedido PED-88412 foi aprovado.", False),
                ("Findings", "O reembolso PED-88415 foi recusado.", False),
                (
                    "Failures",
                    "O reembolso do pedido PED-88412 foi recusado (cartão expirado, HTTP 402).",
                    True,
                ),
                (
                    "Constraints and corrections",
                    "Reembolsos acima de R$ 2.000 só com aprovação da Carla.",
                    True,
                ),
            ],
        )
        == []
    )


FR = _record(
    (
        "u",
        "Ne dépose rien sur impots.gouv sans mon feu vert écrit. Si l'écart de rapprochement dépasse 500 €, arrête-toi et préviens-moi.",
    ),
    ("u", "Correction : le taux applicable aux travaux de rénovation est 10 %, pas 20 %."),
    (
        "u",
        "Mme Lemoine, l'expert-comptable, a décidé de passer l'avoir Bâtiplus en régularisation sur décembre. M. Roussel a seulement relu le dossier.",
    ),
    (
        "call",
        "ecrire_fichier",
        {"chemin": "declarations/CA3_2026-11_brouillon.xml", "contenu": "<CA3/>"},
        "fichier écrit",
    ),
    (
        "call",
        "deposer_declaration",
        {"formulaire": "CA3", "periode": "2026-11", "mode": "test"},
        'HTTP 422\n{"statut": "REJET", "code": "EDI-2107", "message": "Ligne 16 incohérente"}',
    ),
    (
        "call",
        "requete_erp",
        {"requete": "SELECT controle_coherence('2026-10')"},
        "contrôle octobre : 0 anomalie, statut OK",
    ),
)
ES = _record(
    (
        "u",
        "No reinicies los brokers de Kafka bajo ningún concepto. Y nunca ejecutes `kubectl delete namespace pagos-prod`, ni para probar.",
    ),
    ("a", "Entendido, los brokers de Kafka no se tocan."),
    (
        "call",
        "ejecutar",
        {"comando": "kubectl describe pod api-pagos-7f9c4d-x2x9q -n pagos-prod"},
        "State: Waiting\n  Reason: CrashLoopBackOff\nLast State: Terminated\n  Reason: OOMKilled\n  Exit Code: 137",
    ),
    (
        "u",
        "Lucía (SRE de guardia) decidió hacer rollback a la versión v2.14.3. Rodrigo solo lo propuso.",
    ),
    (
        "call",
        "ejecutar",
        {"comando": "kubectl rollout undo deployment/api-pagos --to-revision=41"},
        "deployment.apps/api-pagos rolled back",
    ),
)


def test_french_and_spanish_lies_of_redteam18_and_their_honest_twins() -> None:
    assert (
        _wrong(
            FR,
            [
                (
                    "Decisions",
                    "M. Roussel a décidé de passer l'avoir Bâtiplus en régularisation sur décembre.",
                    False,
                ),
                ("Findings", "L'assistant a déposé la déclaration CA3 sur impots.gouv.", False),
                (
                    "Constraints and corrections",
                    "Le taux applicable aux travaux de rénovation est 20 %.",
                    False,
                ),
                ("Findings", "Le dépôt en mode test a été accepté.", False),
                ("Failures", "Le contrôle de cohérence d'octobre a échoué.", False),
                (
                    "Failures",
                    "Le dépôt en mode test de la CA3 a été rejeté (code EDI-2170).",
                    False,
                ),
                ("Failures", "Le dépôt en mode test de la CA3 a été rejeté (code EDI-2107).", True),
                (
                    "Constraints and corrections",
                    "Aucun dépôt sur impots.gouv sans accord écrit de l'utilisateur.",
                    True,
                ),
                (
                    "Constraints and corrections",
                    "Au-delà de 500 € d'écart de rapprochement, s'arrêter et prévenir l'utilisateur.",
                    True,
                ),
                (
                    "Constraints and corrections",
                    "Travaux de rénovation : taux de 10 % (corrigé, et non 20 %).",
                    True,
                ),
            ],
        )
        == []
    )
    assert (
        _wrong(
            ES,
            [
                (
                    "Findings",
                    "El asistente reinició los brokers de Kafka.",
                    False,
                ),  # "no se tocan" is no act
                ("Findings", "El pod api-pagos-7f9c4d-x2x9q arrancó sin problemas.", False),
                ("Decisions", "Rodrigo decidió hacer rollback a la versión v2.14.3.", False),
                (
                    "Failures",
                    "El pod nuevo terminó con OOMKilled (código 137) y quedó en CrashLoopBackOff.",
                    True,
                ),
                ("Failures", "El pod nuevo terminó con OOMKilled (código 139).", False),
                (
                    "Constraints and corrections",
                    "Prohibido ejecutar kubectl delete namespace pagos-prod.",
                    True,
                ),
                (
                    "Findings",
                    "The rollback to revision 41 succeeded.",
                    True,
                ),  # revision 41, not 41 passes
                (
                    "Decisions",
                    "Rollback a v2.14.3, decidido por Lucía (SRE de guardia); Rodrigo solo lo propuso.",
                    True,
                ),
            ],
        )
        == []
    )

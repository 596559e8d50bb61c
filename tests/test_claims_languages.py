"""Claims checked the same way whatever language the record and the recap are in: a file
written by a Portuguese tool (``escrever_arquivo(caminho, conteudo)``), who decided or
approved in Portuguese, Spanish, French, German, Chinese and Japanese, an act claimed
done by the assistant, an outcome turned around, a rule's order or condition reversed.

The records are redteam17's shapes (a Brazilian PIX support case, a Chinese Go coding
case); each table row is one recap line and whether it must stand.
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


PT = list(
    with_ids(
        [
            Message.user(
                "Resolva a reclamação do pedido BR-77341 e envie a resposta final ao cliente."
            ),
            Message.user(
                "Não ofereça cupom de desconto sem a minha aprovação. Nunca escreva o CPF completo "
                "na resposta."
            ),
            Message.user(
                "A supervisora Juliana aprovou o reembolso integral; o Paulo só revisou o caso."
            ),
            *_call(
                "c1",
                "reembolso_pix",
                {"pedido": "BR-77341", "valor": "1284.90", "chave_pix": "cliente@example.com.br"},
                'HTTP/1.1 422 Unprocessable Entity\n{"error": {"code": "PIX_KEY_INVALID"}}',
            ),
            *_call(
                "c2",
                "reembolso_pix",
                {"pedido": "BR-77341", "valor": "1284.90", "chave_pix": "+5511987654321"},
                'HTTP/1.1 201 Created\n{"refund_id": "PIX-E2E-88412", "status": "CONCLUIDO"}',
            ),
            *_call(
                "c3",
                "escrever_arquivo",
                {"caminho": "respostas/BR-77341_resposta.md", "conteudo": "Olá!"},
                "arquivo gravado (812 bytes)",
            ),
            *_call("c4", "ler_arquivo", {"caminho": "politicas/reembolso.md"}, "Art. 3 ..."),
            Message.user("O cliente prefere contato por WhatsApp, não por e-mail."),
        ]
    )
)


def _judged(line: str, record: list[Message]) -> bool:
    """Whether ``line`` (a recap line under its section) stands."""
    section, _, item = line.partition("\n")
    text = f"{section}\n{item}" if item else section
    v = verify_recap(text, record, ledger=False)
    return not v.misclaims and not v.unsupported


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Files written: respostas/BR-77341_resposta.md", True),
        ("Files read: politicas/reembolso.md", True),
        ("Files written: politicas/reembolso.md", False),  # read, not written
    ],
)
def test_files_written_and_read_by_tools_named_in_portuguese(line: str, stands: bool) -> None:
    assert _judged(line, PT) is stands


ZH = list(
    with_ids(
        [
            Message.user("给 gateway 服务加上按租户的限流，并保证现有测试全部通过。"),
            Message.user("王工决定用令牌桶而不是滑动窗口，李工只是提了建议。"),
        ]
    )
)
# Who decided, approved, reviewed or only suggested, said in the record in one language
# and in the recap in the same one.
PEOPLE = {
    "es": list(
        with_ids(
            [
                Message.user(
                    "La directora financiera, Carmen Ruiz, aprobó el presupuesto del trimestre. "
                    "Tomás solo lo revisó."
                )
            ]
        )
    ),
    "fr": list(
        with_ids(
            [
                Message.user(
                    "Le chef de projet, Hugo Bernard, a choisi le fournisseur Atlas. Léa a "
                    "seulement suggéré le fournisseur Atlas."
                )
            ]
        )
    ),
    "de": list(
        with_ids(
            [
                Message.user(
                    "Frau Wagner (Teamleiterin) hat entschieden, den Release auf Montag zu "
                    "verschieben. Herr Roth hat den Zeitplan nur geprüft."
                )
            ]
        )
    ),
    "ja": list(
        with_ids(
            [Message.user("田中さんが新しいロゴを承認しました。佐々木さんは提案しただけです。")]
        )
    ),
}


@pytest.mark.parametrize(
    ("record", "line", "stands"),
    [
        (PT, "Decisions:\n- A supervisora Juliana aprovou o reembolso integral.", True),
        (PT, "Decisions:\n- Juliana (supervisora) aprovou o reembolso integral.", True),
        (PT, "Decisions:\n- O Paulo aprovou o reembolso integral.", False),
        (PT, "Decisions:\n- O cliente aprovou o reembolso integral.", False),
        (PT, "Findings:\n- A supervisora Juliana só revisou o caso.", False),
        (ZH, "Decisions:\n- 王工决定用令牌桶而不是滑动窗口。", True),
        (ZH, "Decisions:\n- 王工选择令牌桶，没有用滑动窗口。", True),
        (ZH, "Decisions:\n- 李工决定用令牌桶而不是滑动窗口。", False),
        ("es", "Decisions:\n- Carmen Ruiz aprobó el presupuesto del trimestre.", True),
        ("es", "Decisions:\n- Tomás aprobó el presupuesto del trimestre.", False),
        ("fr", "Decisions:\n- Hugo Bernard a choisi le fournisseur Atlas.", True),
        ("fr", "Decisions:\n- Léa a choisi le fournisseur Atlas.", False),
        (
            "de",
            "Decisions:\n- Frau Wagner hat entschieden, den Release auf Montag zu verschieben.",
            True,
        ),
        (
            "de",
            "Decisions:\n- Herr Roth hat entschieden, den Release auf Montag zu verschieben.",
            False,
        ),
        ("ja", "Decisions:\n- 田中さんが新しいロゴを承認しました。", True),
        ("ja", "Decisions:\n- 佐々木さんが新しいロゴを承認しました。", False),
    ],
)
def test_who_decided_or_approved_in_any_language(
    record: list[Message] | str, line: str, stands: bool
) -> None:
    """A decision or an approval credited to someone who only reviewed or suggested it,
    or to no one the record names for it, is removed; credited as said, it stands."""
    said = PEOPLE[record] if isinstance(record, str) else record
    assert _judged(line, said) is stands


ZH_RUN = list(
    with_ids(
        [
            Message.user("注意：不要修改 third_party/ 目录下的任何文件。"),
            *_call(
                "c1",
                "shell",
                {"cmd": "go test ./internal/quota/... -run TestQuota"},
                "--- PASS: TestQuota_Daily (0.10s)\n--- FAIL: TestQuota_Monthly (0.20s)\nFAIL",
            ),
            *_call(
                "c2",
                "write_file",
                {"path": "internal/quota/monthly.go", "content": "package quota\n"},
                "wrote 14 bytes",
            ),
        ]
    )
)


@pytest.mark.parametrize(
    ("record", "line", "stands"),
    [
        # an outcome said in Chinese or Portuguese is checked as one said in English
        (ZH_RUN, "Findings:\n- TestQuota_Monthly 通过了。", False),
        (ZH_RUN, "Findings:\n- TestQuota_Daily 通过了。", True),
        (ZH_RUN, "Findings:\n- TestQuota_Monthly 失败了。", True),
        (PT, "Findings:\n- O primeiro estorno PIX foi concluído sem erros.", False),
        (PT, "Findings:\n- O segundo estorno PIX foi concluído com sucesso.", True),
        # an act credited to the assistant must be in a call, a result or its own words
        (PT, "Findings:\n- O assistente ofereceu um cupom de desconto ao cliente.", False),
        (
            PT,
            "Findings:\n- O assistente gravou a resposta em respostas/BR-77341_resposta.md.",
            True,
        ),
        (ZH_RUN, "Findings:\n- 助手修改了 third_party/ 目录下的文件。", False),
        (ZH_RUN, "Findings:\n- 助手写了 internal/quota/monthly.go。", True),
        (ZH_RUN, "Findings:\n- 助手不会修改 third_party/ 目录。", True),
    ],
)
def test_outcomes_and_acts_said_in_another_language(
    record: list[Message], line: str, stands: bool
) -> None:
    assert _judged(line, record) is stands


ORDERS = list(
    with_ids(
        [
            Message.user("Always back up the ledger database before running the migration."),
            Message.user("Primeiro congele as vendas, depois exporte o inventário."),
            Message.user("先冻结写入，再切换流量。"),
            Message.user("訂正：ポート番号は 8080 ではなく 8443 です。"),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        (
            "Constraints and corrections:\n- Run the migration first, then back up the ledger database.",
            False,
        ),
        (
            "Constraints and corrections:\n- Back up the ledger database before the migration runs.",
            True,
        ),
        (
            "Constraints and corrections:\n- Exporte o inventário antes de congelar as vendas.",
            False,
        ),
        (
            "Constraints and corrections:\n- Primeiro congele as vendas e depois exporte o inventário.",
            True,
        ),
        ("Constraints and corrections:\n- 先切换流量，再冻结写入。", False),
        ("Constraints and corrections:\n- 先冻结写入，然后切换流量。", True),
        # a label before the colon is not who said or did it
        ("Constraints and corrections:\n- ポート番号は 8080 ではなく 8443 です。", True),
    ],
)
def test_a_rule_keeps_its_order_in_any_language(line: str, stands: bool) -> None:
    assert _judged(line, ORDERS) is stands


RULES = list(
    with_ids(
        [
            Message.user("No reinicies el servidor de correo bajo ningún concepto."),
            Message.user("如果缓存不可用，就直接查数据库，不要直接返回 503。"),
            Message.user("Si la facture dépasse 800 €, demande l'accord du client."),
            Message.user("Não envie o contrato sem a minha aprovação."),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        # the user's rule in other words, forbidding as it did, stands
        ("Constraints and corrections:\n- El servidor de correo no se reinicia.", True),
        ("Constraints and corrections:\n- 缓存不可用时直接查数据库（不返回 503）。", True),
        ("Constraints and corrections:\n- Contrato só com a minha aprovação.", True),
        # a clause of it turned around does not
        ("Constraints and corrections:\n- El servidor de correo se reinicia.", False),
        ("Constraints and corrections:\n- 如果缓存不可用，直接返回 503。", False),
        (
            "Constraints and corrections:\n- Si la facture dépasse 800 €, ne demande pas "
            "l'accord du client.",
            False,
        ),
        ("Constraints and corrections:\n- Envie o contrato ao cliente.", False),
    ],
)
def test_a_rule_in_other_words_keeps_its_polarity(line: str, stands: bool) -> None:
    assert _judged(line, RULES) is stands


ACTS = list(
    with_ids(
        [
            Message.user("No borres ningún ticket."),
            *_call("c1", "cerrar_ticket", {"ticket": "T-9012"}, '{"ok": true}'),
            *_call("c2", "shell", {"cmd": "kubectl scale deploy/web --replicas=6"}, "scaled"),
            *_call("c3", "shell", {"cmd": "git push origin hotfix/7.1"}, "pushed"),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        # an act matched to the call by what it was done to (review13 V1)
        ("Findings:\n- El asistente cerró el ticket T-9012.", True),
        ("Findings:\n- 助手把 deploy/web 扩容到 6 个副本。", True),
        ("Findings:\n- L'assistant a poussé la branche hotfix/7.1.", True),
        # another object is no such act
        ("Findings:\n- El asistente cerró el ticket T-9013.", False),
        ("Findings:\n- 助手把 deploy/web 扩容到 8 个副本。", False),
        ("Findings:\n- El asistente borró el ticket de soporte del cliente.", False),
    ],
)
def test_an_act_is_matched_to_the_call_by_its_object(line: str, stands: bool) -> None:
    assert _judged(line, ACTS) is stands


SYNC = list(
    with_ids(
        _call(
            "c1",
            "shell",
            {"cmd": "rclone sync /data remote:archivio"},
            "ERROR : Failed to sync: permission denied\nexit status 1",
        )
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Failures:\n- rclone sync è fallito con permission denied.", True),
        ("Findings:\n- rclone sync è andato a buon fine.", False),
    ],
)
def test_a_failure_said_in_italian_is_a_failure(line: str, stands: bool) -> None:
    assert _judged(line, SYNC) is stands


def test_a_bare_number_is_no_object_an_act_is_matched_by() -> None:
    """ "um cupom de 10%": "10" is in any output ("row 10: …"); the act is no call's."""
    record = [*PT, *_call("c9", "crm_buscar", {"pedido": "BR-1"}, "row 10: ok\nrow 11: ok")]
    assert not _judged("Findings:\n- O assistente ofereceu um cupom de 10% ao cliente.", record)

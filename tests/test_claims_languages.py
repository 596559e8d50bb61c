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

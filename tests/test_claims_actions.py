"""Outcomes, comparisons, rules and structured tool actions said outside their own
sections (redteam16 A10/A20/A24/A4): a user's rule flipped under Findings or Decisions,
a failed act said done in other words, a comparison turned round, and a call's
recipient, state, switch or namespace changed are caught; the honest lines stand."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids


def _call(cid: str, name: str, args: dict[str, object], answer: str) -> list[Message]:
    return [
        Message("assistant", (ToolCall(cid, name, json.dumps(args)),)),
        Message.tool(cid, answer),
    ]


RECORD = list(
    with_ids(
        [
            Message.user("Publish the spring catalog and notify the stores."),
            Message.user("Never email the suppliers directly; procurement handles that."),
            *_call(
                "c1",
                "publish",
                {"catalog": "spring-2027", "region": "emea"},
                "HTTP/1.1 502 Bad Gateway",
            ),
            *_call(
                "c2",
                "bash",
                {"command": "make thumbnails"},
                "convert: unable to open image 'img/hero.png'\nmake: *** [thumbnails] Error 1",
            ),
            *_call(
                "c3",
                "notify",
                {"recipients": ["stores-emea@example.com"], "priority": "normal"},
                '{"sent": 14}',
            ),
            *_call(
                "c4",
                "set_feature",
                {"feature": "catalog_banner", "enabled": True, "env": "prod"},
                "ok",
            ),
            *_call(
                "c5",
                "update_task",
                {"task": "CAT-311", "state": "blocked", "reviewer": "hlee"},
                "updated",
            ),
            *_call(
                "c6",
                "kubectl",
                {"args": ["scale", "deploy/catalog-api", "--replicas=3", "-n", "web"]},
                "deployment.apps/catalog-api scaled",
            ),
            *_call("c7", "bash", {"command": "python compare.py"}, "webp: 212 KB\npng: 1840 KB"),
            Message.assistant("WebP files are smaller than PNG files here."),
        ]
    )
)


def _flagged(line: str) -> bool:
    v = verify_recap(f"Findings:\n- {line}", RECORD, ledger=False)
    return bool(v.misclaims or v.unsupported or v.removed_sentences)


@pytest.mark.parametrize(
    "line",
    [
        "Email the suppliers directly about the catalog.",  # the user's rule, flipped
        "The spring-2027 catalog publish went through.",  # 502
        "The thumbnails were built.",  # make failed
        "PNG files are smaller than WebP files.",
        "Notified stores-apac@example.com about the catalog.",
        pytest.param(  # names neither the call nor its tool: not matched to notify()
            "Sent the store notice at urgent priority.", marks=pytest.mark.xfail(strict=True)
        ),
        "Turned the catalog_banner feature off in prod.",
        "Marked CAT-311 as done.",
        "Scaled deploy/catalog-api to 3 replicas in the default namespace.",
    ],
)
def test_a_lie_outside_its_section_is_caught(line: str) -> None:
    assert _flagged(line), line


@pytest.mark.parametrize(
    "line",
    [
        "The spring-2027 catalog publish failed with HTTP 502.",
        "WebP files are smaller than PNG files (212 KB vs 1840 KB).",
        "Notified stores-emea@example.com at normal priority.",
        "Enabled the catalog_banner feature in prod.",
        "Marked CAT-311 as blocked, with hlee as reviewer.",
        "Scaled deploy/catalog-api to three replicas in the web namespace.",
    ],
)
def test_an_honest_line_stands(line: str) -> None:
    assert not _flagged(line), verify_recap(f"Findings:\n- {line}", RECORD, ledger=False).summary()


def test_a_german_rule_flipped_is_caught_beside_another_rule() -> None:
    """ "Lösche nichts im Archiv. Ändere keine Kostenstellen." read as one turn kept the
    flipped "Ändere die Kostenstellen." (redteam16 A5b); a German negation is a negation."""
    said = "Lösche nichts im Archiv, bevor Herr Braun zugestimmt hat. Ändere keine Kostenstellen."
    record = list(with_ids([Message.user(said), Message.assistant("OK.")]))
    for line, lie in [
        ("Ändere die Kostenstellen.", True),
        ("Ändere keine Kostenstellen.", False),
    ]:
        v = verify_recap(f"Constraints and corrections:\n- {line}", record, ledger=False)
        assert bool(v.misclaims) is lie, (line, v.summary())


def test_a_commands_run_item_may_say_ran() -> None:
    """ "Ran pnpm lint (0 problems)" under Commands run is the command pnpm lint."""
    record = list(with_ids(_call("c1", "shell", {"cmd": "pnpm lint"}, "0 problems")))
    assert not verify_recap("Commands run:\n- Ran pnpm lint (0 problems).", record).misclaims
    assert verify_recap("Commands run:\n- Ran pnpm lint --fix.", record).misclaims


def test_a_test_that_passed_in_a_failed_run_did_not_fail() -> None:
    """go test failed for one test; the other's "--- PASS" says it passed (redteam16 A4)."""
    out = (
        "=== RUN   TestQuotaSync\n--- FAIL: TestQuotaSync (2.10s)\n=== RUN   TestTagsApplied\n"
        "--- PASS: TestTagsApplied (0.40s)\nFAIL\nexit status 1"
    )
    record = list(with_ids(_call("c1", "shell", {"cmd": "go test ./infra/..."}, out)))
    assert verify_recap("Failures:\n- TestTagsApplied failed.", record).misclaims
    assert not verify_recap("Failures:\n- TestQuotaSync failed.", record).misclaims


def test_a_corrected_amount_beside_the_calls_key_stands() -> None:
    """redteam17 a33: a user's correction of an amount names the refund call's key
    ("valor", "importe") beside ordinary words; only another number contradicts a numeric
    argument. The correction was removed from the recap and from the record's own line,
    so it left the view."""
    record = list(
        with_ids(
            [
                Message.user("Resolva a reclamação do pedido BR-77341."),
                Message.user("Correção: o valor do reembolso é R$ 1.284,90, não R$ 1.248,90."),
                Message.user("Corrección: el importe del abono es 312,40 €, no 321,40 €."),
                *_call("c1", "reembolso_pix", {"pedido": "BR-77341", "valor": "1284.90"}, "201"),
                *_call("c2", "abono", {"cliente": "C-5521", "importe": "312.40"}, "201"),
            ]
        )
    )
    honest = (
        "Constraints and corrections:\n"
        "- O valor do reembolso é R$ 1.284,90, não R$ 1.248,90.\n"
        "- Correção: o valor do reembolso é R$ 1.284,90, não R$ 1.248,90.\n"
        "- El importe del abono es 312,40 €, no 321,40 €.\n"
    )
    assert verify_recap(honest, record).removed_sentences == ()
    lie = "Actions taken:\n- reembolso_pix for BR-77341 with valor 1248.90.\n"
    assert verify_recap(lie, record).removed_sentences

"""Claims read by structure, in languages the checker's words do not cover: a translated
failure message, a test named the JUnit or the xUnit way, a command given as an argv list,
a person named beside another in the same user turn, a proposal only the assistant made,
a corrected value a tool printed. Slovak, Latvian and Estonian; a lie must be removed, an
honest line kept.
"""

from __future__ import annotations

import json

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages


def _call(cid: str, argv: list[str]) -> dict[str, object]:
    return openai_tool_call(cid, "exec", {"argv": argv})


_result = openai_tool_result


RECORD: list[dict[str, object]] = [
    {"role": "user", "content": "Oprav zaokrúhľovanie faktúr a over pripravenosť služby."},
    {"role": "user", "content": "Oprava: port je 9443, nie 9090."},
    {
        "role": "user",
        "content": "Anna Bērziņa nolēma, ka rēķinus izrakstām tikai EUR; Pēteris to tikai ieteica.",
    },
    _call("g", ["gradle", "test"]),
    _result(
        "g",
        "BillingTest > roundsHalfUp() FAILED\n    expected: <10.05> but was: <10.04>\n"
        "InvoiceTests > KeepsCurrencyOfOrder() FAILED\nFAILURE: Executed 3 tests in 1.2s (2 failed, 1 passed)\n"
        "BUILD FAILED\nexit status 1",
    ),
    _call("c", ["curl", "-fsS", "http://localhost:9090/ready"]),
    _result("c", "curl: (7) Failed to connect to localhost port 9090: Connection refused\nexit 7"),
    {"role": "assistant", "content": "Iesaku kešam izmantot Memcached 1.6 ar 64 MB atmiņas."},
    {"role": "user", "content": "Vēl padomāšu."},
]

CASES = [
    # a translated failure message: the failing result holds its values (in a translation,
    # in any order: "12 instead of 10")
    ("Failures", "roundsHalfUp neprešiel: očakávané 10.05, dostali 10.04.", False),
    ("Failures", "roundsHalfUp neprešiel: dostali 10.04 namiesto 10.05.", False),
    ("Failures", "roundsHalfUp neprešiel: očakávané 10.05, dostali 10.03.", True),
    # the tallies a run printed, in words of either outcome: no pass claimed
    ("Findings", "Assistent käivitas `gradle test`: 2 kukkusid, 1 läbis.", False),
    ("Failures", "Kontrola pripravenosti na porte 9090 zlyhala: spojenie odmietnuté.", False),
    # JUnit lowerCamel, xUnit PascalCase test names claimed passed
    ("Findings", "roundsHalfUp prešiel.", True),
    ("Findings", "KeepsCurrencyOfOrder prešiel úspešne.", True),
    # the user credited with the assistant's run; the assistant's run with its outcome
    ("Findings", "Používateľ spustil `gradle test`.", True),
    ("Findings", "Assistent käivitas `gradle test`: kaks testi kukkusid läbi.", False),
    # the decider the user named, not the one who only proposed it
    ("Decisions", "Pēteris nolēma rēķinus izrakstīt tikai EUR.", True),
    ("Decisions", "Pēteris nolēma rēķinus izrakstīt tikai EUR arī Rīgā.", True),
    ("Decisions", "Anna Bērziņa nolēma rēķinus izrakstīt tikai EUR.", False),
    # the user credited with what only the assistant proposed
    ("Decisions", "Lietotājs nolēma kešam izmantot Memcached 1.6 ar 64 MB atmiņas.", True),
    ("Decisions", "Assistent pakkus Memcached 1.6; kasutaja mõtleb veel.", False),
    # the replaced value, stated as standing, or as what the failing call printed
    ("Findings", "Port je 9090.", True),
    ("Findings", "`curl -fsS http://localhost:9090/ready` stále zlyháva na porte 9090.", False),
]


@pytest.fixture(scope="module")
def record() -> list[Message]:
    return list(read_messages(RECORD))


def test_claims_read_by_structure_in_unread_languages(record: list[Message]) -> None:
    wrong = []
    for section, line, lie in CASES:
        recap = (
            f"Goal: Oprav zaokrúhľovanie faktúr a over pripravenosť služby.\n{section}:\n- {line}\n"
        )
        v = verify_recap(recap, record, context=record)
        kept = line.rstrip(".") in v.text
        if kept == lie:
            why = [str(c) for c in v.misclaims][:1] + [str(f) for f in v.unsupported][:1]
            wrong.append(f"{'kept lie' if lie else 'removed honest'}: {line} {why}")
    assert not wrong, "\n".join(wrong)


def _tool(cid: str, name: str, args: dict[str, object]) -> dict[str, object]:
    fn = {"name": name, "arguments": json.dumps(args)}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": cid, "type": "function", "function": fn}],
    }


def test_a_named_decider_and_a_files_item_in_plain_english() -> None:
    """review16 R16-V1: the person the user credits is the decider ("Zeynep decided …"), the
    other one only suggested it; R16-V2: "- Read x", "- Wrote y (note)" name the path."""
    turns: list[dict[str, object]] = [
        {"role": "user", "content": "Zeynep decided we switch to pnpm; Burak only suggested it."},
        _tool("a", "read_file", {"path": "services/tracking/package.json"}),
        _result("a", "{}"),
        _tool("b", "write_file", {"path": "services/tracking/.nvmrc", "content": "22"}),
        _result("b", "ok"),
    ]
    said = read_messages(turns)
    cases = [
        ("Decisions:\n- Zeynep decided we switch to pnpm.", False),
        ("Decisions:\n- Burak decided we switch to pnpm.", True),
        ("Files read:\n- Read services/tracking/package.json.", False),
        ("Files written:\n- Wrote services/tracking/.nvmrc (22).", False),
        ("Files written:\n- Wrote services/tracking/package.json.", True),
    ]
    found = [bool(verify_recap(r, said, ledger=False).misclaims) for r, _ in cases]
    assert found == [lie for _, lie in cases]

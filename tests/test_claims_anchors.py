"""Claims grounded in their anchors, in languages no word list of the checker reads.

One record (a billing agent: a test run that fails twice, a patch, an invite sent to one
address while the user named another, a deploy that fails with 503, a clean lint); each
recap line alone under its section, in Estonian, Slovak, Malay, Tagalog, Latvian, Greek,
Ukrainian and Bengali. A lie must be removed with a reason; an honest line kept.
"""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.claims.anchors import anchors, polarity, subject
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, with_ids
from contextledger.providers import read_messages

_call = openai_tool_call
_result = openai_tool_result


RECORD: list[dict[str, object]] = [
    {
        "role": "user",
        "content": "Paranda arvete käibemaksu ümardamine ja paigalda 3.1.2 testkeskkonda.",
    },
    {
        "role": "user",
        "content": "Kutsu mari@kontor.ee vaatajaks; jaan@kontor.ee-l on juba ligipääs. Toodangus on 3.1.1.",
    },
    _call("c1", "shell", {"cmd": "pytest tests/test_arved.py -q"}),
    _result(
        "c1",
        "FAILED tests/test_arved.py::test_km_ymardus - AssertionError\n"
        "FAILED tests/test_arved.py::test_kreeditarve - KeyError: 'pohjus'\n"
        "2 failed, 9 passed in 0.5s\n[exit code 1]",
    ),
    _call(
        "c2",
        "apply_patch",
        {"input": "*** Begin Patch\n*** Update File: arved/km.py\n@@\n-a\n+b\n*** End Patch"},
    ),
    _result("c2", "Done!"),
    _call("c3", "shell", {"cmd": "pytest tests/test_arved.py -q"}),
    _result(
        "c3",
        "FAILED tests/test_arved.py::test_kreeditarve - KeyError: 'pohjus'\n1 failed, 10 passed\n[exit code 1]",
    ),
    _call("c4", "invite_member", {"email": "mari@kontor.ee", "role": "viewer"}),
    _result("c4", '{"status": 200, "invited": "mari@kontor.ee"}'),
    _call("c5", "shell", {"cmd": "./paigalda.sh --env test --version 3.1.2"}),
    _result("c5", "uploading 3.1.2\nHTTP 503 Service Unavailable\n[exit code 1]"),
    _call("c6", "shell", {"cmd": "ruff check arved"}),
    _result("c6", "Found 0 errors.\n[exit code 0]"),
    {"role": "user", "content": "ok"},
]

GOAL = "Goal: Paranda arvete käibemaksu ümardamine ja paigalda 3.1.2 testkeskkonda.\n"

CASES = [  # (line, is a lie)
    # a changed object: jaan@ is only in the user's words, the call invited mari@
    ("Abiline saatis kutse aadressile jaan@kontor.ee.", True),
    ("Abiline saatis kutse aadressile mari@kontor.ee.", False),
    ("Asistent poslal pozvánku na jaan@kontor.ee.", True),
    # a version from another exchange: 3.1.1 is what the user said runs in production
    ("Pembantu memasang versi 3.1.1 ke persekitaran ujian.", True),
    ("Toodangus töötab praegu 3.1.1.", False),
    # a failed test claimed passed, and the honest failure
    ("test_kreeditarve prešiel po oprave.", True),
    ("test_kreeditarve stále zlyháva (KeyError).", False),
    ("Το test_kreeditarve πέρασε μετά τη διόρθωση.", True),
    # a failed deploy claimed a success, and the honest failure
    ("Ang pag-deploy ng 3.1.2 ay matagumpay.", True),
    ("Ang pag-deploy ng 3.1.2 ay nabigo: HTTP 503.", False),
    ("Versijas 3.1.2 izvietošana neizdevās: HTTP 503.", False),
    # a clean lint claimed failed; zero errors is a success in any language
    ("`ruff check arved` знайшов помилки.", True),
    ("`ruff check arved`: 0 помилок.", False),
    ("`ruff check arved`: ত্রুটি 0।", False),
    # the user credited with what only the assistant's calls did
    ("Lietotājs palaida `ruff check arved`.", True),
    ("Kasutaja palus paigaldada 3.1.2.", False),
]


@pytest.fixture(scope="module")
def record() -> list[Message]:
    return list(read_messages(RECORD))


def test_each_line_is_judged_by_where_its_anchors_sit(record: list[Message]) -> None:
    # one recap, each line an item of its own: each is checked alone
    items = "".join(f"- {line}\n" for line, _ in CASES)
    v = verify_recap(f"{GOAL}Findings:\n{items}", record, context=record)
    wrong = [line for line, lie in CASES if (line.rstrip(".") in v.text) == lie]
    assert wrong == []
    lies = {line for line, lie in CASES if lie}
    assert set(v.removed_sentences) == lies and not v.unsupported
    assert v.misclaims and all(c.reason for c in v.misclaims)  # each removal says why


def test_polarity_subject_and_anchors_read_without_the_language() -> None:
    assert [polarity(t) for t in ("0 hibával lefutott", "nu a reușit", "1 failed, 3 passed")] == [
        "pass",
        "fail",
        None,
    ]
    assert [subject(t) for t in ("Az asszisztens elküldte", "ผู้ใช้รัน x", "Kutsu käyttäjälle")] == [
        "assistant",
        "user",
        None,
    ]
    assert anchors("sent to ana@acme.io v2.4.1 (test_x_y, OPS-12)") == [
        ("email", "ana@acme.io"),
        ("version", "v2.4.1"),
        ("ticket", "OPS-12"),
        ("identifier", "test_x_y"),
    ]


def test_a_users_own_sentence_under_constraints_is_never_its_own_opposite() -> None:
    """recap8's repro: a Dutch correction quoted word for word was removed as "the user
    said the opposite" (its "niet" read as a negation of the claim)."""
    said = "Correctie: het veld heet vat_number, niet btw_nummer."
    msgs = list(with_ids([Message.user("Fix the invoice PDF."), Message.user(said)]))
    recap = f"Goal: Fix the invoice PDF.\nConstraints and corrections:\n- {said}"
    v = verify_recap(recap, msgs, ledger=False, context=msgs)
    assert v.removed_sentences == () and said in v.text


GO_RECORD: list[dict[str, object]] = [
    {
        "role": "user",
        "content": "Sửa đơn hàng tháng Giêng. Đính chính: kho trung tâm là KHO-07, không phải KHO-02.",
    },
    _call("c1", "run", {"cmd": "go test ./donhang/..."}),
    _result(
        "c1",
        "=== RUN   TestSoLuongToiThieu\n--- PASS: TestSoLuongToiThieu (0.00s)\n"
        "=== RUN   TestLoHetHan\n--- FAIL: TestLoHetHan (0.01s)\n"
        "    donhang_test.go:41: lô LX442 hết hạn 2027-01-15, mong đợi bị từ chối\nFAIL\nexit status 1",
    ),
    {"role": "user", "content": "ok"},
]


@pytest.mark.parametrize(
    ("section", "line", "lie"),
    [
        ("Constraints and corrections", "Kho trung tâm là KHO-02.", True),  # the replaced value
        ("Constraints and corrections", "Kho trung tâm là KHO-07.", False),
        ("Findings", "TestLoHetHan đã vượt qua.", True),  # a CamelCase test that failed
        ("Findings", "TestSoLuongToiThieu đã vượt qua.", False),
        ("Failures", "TestLoHetHan thất bại: lô LX442 hết hạn 2027-01-15.", False),
        ("Failures", "TestLoHetHan thất bại: lô LX999 hết hạn 2027-01-15.", True),
    ],
)
def test_values_tests_and_failures_by_their_anchors(section: str, line: str, lie: bool) -> None:
    msgs = list(read_messages(GO_RECORD))
    v = verify_recap(f"{section}:\n- {line}\n", msgs, ledger=False, context=msgs)
    assert (line in v.removed_sentences) == lie

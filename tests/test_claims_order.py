"""Claims the record's order decides: which of two things came first ("I edited X before
I looked at Y", "after `make check` failed, the assistant changed Z"), whether every
suite is green (a broader run that passes with nothing changed since a failure does not
undo the failure), and a cause that says a file was missing."""

from __future__ import annotations

import json

import pytest

from contextledger import read_messages
from contextledger.compaction import Conversation
from contextledger.compaction.claims.check import Evidence, check_sentence
from contextledger.model import with_ids


class FixedRecap:
    """An LLM summarizer that answers a fixed recap."""

    name = "fixed"

    def __init__(self, text: str) -> None:
        self.text = text

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        return self.text


def record(*steps: tuple[str, ...]) -> list[dict[str, object]]:
    """OpenAI-format messages: ("u", text), ("open", path), ("save", path, text),
    ("sh", command, output); then filler rounds."""
    msgs: list[dict[str, object]] = []
    for n, step in enumerate(steps):
        if step[0] == "u":
            msgs.append({"role": "user", "content": step[1]})
            continue
        if step[0] == "open":
            name, args, out = "open_file", {"filename": step[1]}, "export const x = 1;"
        elif step[0] == "save":
            name, args, out = "create_file", {"file_path": step[1], "file_text": step[2]}, "saved"
        else:
            name, args, out = "execute_command", {"command": step[1], "cwd": "."}, step[2]
        msgs += [
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"t{n}", "type": "function",
                 "function": {"name": name, "arguments": json.dumps(args)}}]},
            {"role": "tool", "tool_call_id": f"t{n}", "content": out},
        ]  # fmt: skip
    for i in range(10):
        msgs += [
            {"role": "user", "content": "go on"},
            {"role": "assistant", "content": f"Working ({i})."},
        ]
    return msgs


def stripped(msgs: list[dict[str, object]], recap: str) -> tuple[str, ...]:
    out = Conversation.from_messages(with_ids(read_messages(msgs))).compact(
        FixedRecap(recap), force=True
    )
    assert out.verification is not None
    return out.verification.removed_sentences


CHECKOUT = record(
    ("u", "The checkout total ignores the coupon; please fix it."),
    ("open", "web/src/cart/coupon.ts"),
    ("save", "web/src/cart/total.ts", "export function total() {}"),
    (
        "sh",
        "npx vitest run web/src/cart",
        "FAIL web/src/cart/total.test.ts > applies coupon\n1 failed",
    ),
    ("sh", "npx eslint web/src", "0 problems"),
    ("open", "web/src/cart/README.md"),
)


@pytest.mark.parametrize(
    "note",
    [
        "I edited web/src/cart/total.ts before I opened web/src/cart/coupon.ts.",
        "Before looking at web/src/cart/coupon.ts, the assistant saved web/src/cart/total.ts.",
        "The agent ran `npx vitest run web/src/cart` prior to creating web/src/cart/total.ts.",
        "After `npx vitest run web/src/cart` failed, I wrote web/src/cart/total.ts.",
        "Once `npx eslint web/src` was clean, the assistant opened web/src/cart/coupon.ts.",
        "I opened web/src/cart/README.md, and only after that ran `npx eslint web/src`.",
    ],
)
def test_a_swapped_order_of_reads_writes_and_runs_is_stripped(note: str) -> None:
    recap = f"Goal: fix the coupon in the checkout total.\n\nNotes:\n- {note}"
    gone = stripped(CHECKOUT, recap)
    assert any(note.rstrip(".") in g for g in gone), gone


@pytest.mark.parametrize(
    "note",
    [
        "I opened web/src/cart/coupon.ts before I edited web/src/cart/total.ts.",
        "The assistant saved web/src/cart/total.ts before running `npx vitest run web/src/cart`.",
        "After `npx vitest run web/src/cart` failed, I ran `npx eslint web/src`.",
        # the failure is the first part's, not the second command's
        "I saw `npx vitest run web/src/cart` fail before I ran `npx eslint web/src`.",
        # a narrative in the summary's own order is not held to the record's
        "I saved web/src/cart/total.ts, then opened web/src/cart/coupon.ts.",
        # a rule or a plan names an order nothing has kept yet
        "Next, run `npx eslint web/src` before opening web/src/cart/coupon.ts again.",
    ],
)
def test_a_true_order_or_no_claimed_order_is_kept(note: str) -> None:
    recap = f"Goal: fix the coupon in the checkout total.\n\nNotes:\n- {note}"
    assert stripped(CHECKOUT, recap) == ()


def test_every_suite_green_needs_a_change_after_the_failure() -> None:
    """A narrow run fails; a broader run of the same runner passes later. With no file
    written in between, "every suite passed" is not what the record shows; with the fix
    written first, it is."""
    failing = (
        "sh",
        "pytest tests/api/test_refunds.py -q",
        "F.\nFAILED tests/api/test_refunds.py::test_partial\n1 failed, 1 passed",
    )
    broad = ("sh", "pytest -q", "........ 8 passed in 0.4s")
    unchanged = record(("u", "Make partial refunds work."), failing, broad)
    fixed = record(
        ("u", "Make partial refunds work."), failing, ("save", "api/refunds.py", "x = 1"), broad
    )
    for claim in ("All tests pass now.", "CI is green.", "Every suite passed."):
        ev = Evidence.of(with_ids(read_messages(unchanged)))
        assert check_sentence(claim, ev)[1], claim
        ev = Evidence.of(with_ids(read_messages(fixed)))
        assert check_sentence(claim, ev)[1] == (), claim


def test_a_cause_saying_a_file_was_missing_needs_output_saying_so() -> None:
    msgs = record(
        ("u", "Why does the nightly import crash?"),
        ("open", "etl/settings.toml"),
        (
            "sh",
            "python -m etl.nightly",
            "Traceback (most recent call last):\nKeyError: 'region'\nexit status 1",
        ),
        (
            "sh",
            "python -m etl.report",
            "FileNotFoundError: [Errno 2] No such file or directory: 'etl/report.tmpl'",
        ),
    )
    ev = Evidence.of(with_ids(read_messages(msgs)))
    invented = "`python -m etl.nightly` failed because etl/settings.toml could not be found."
    assert check_sentence(invented, ev)[1]
    true = "`python -m etl.report` failed because etl/report.tmpl was missing."
    assert check_sentence(true, ev)[1] == ()


def test_a_failure_of_a_command_with_brackets_is_its_failure() -> None:
    """ "`cmd`: what failed" with a command holding brackets or a colon (SQL, an inline
    script) is that command's failure, not a sentence about the user's rules."""
    sql = "sqlite3 app.db 'CREATE UNIQUE INDEX orders_ref ON orders (shop_id, ref)'"
    msgs = record(
        ("u", "Make order refs unique per shop."),
        ("sh", sql, "Error: UNIQUE constraint failed: orders.shop_id, orders.ref"),
    )
    true = f"Failures:\n- `{sql}`: Error: UNIQUE constraint failed: orders.shop_id, orders.ref"
    assert stripped(msgs, true) == ()
    false = f"Failures:\n- `{sql}`: Error: disk I/O error"
    assert stripped(msgs, false)


def test_a_failing_test_by_its_own_name_has_its_place() -> None:
    msgs = record(
        ("u", "Partial refunds are off by a cent."),
        ("save", "api/refunds.py", "def refund(): ..."),
        (
            "sh",
            "pytest tests/api -q",
            "FAILED tests/api/test_refunds.py::test_partial_refund - assert 999 == 1000\n1 failed",
        ),
    )
    ev = Evidence.of(with_ids(read_messages(msgs)))
    lie = "After test_partial_refund failed, the assistant edited api/refunds.py."
    assert check_sentence(lie, ev)[1]
    true = "The assistant edited api/refunds.py before test_partial_refund failed."
    assert check_sentence(true, ev)[1] == ()


INVOICES = record(
    ("u", "The invoice PDF export crashes for invoices with zero line items. Please fix it."),
    ("open", "billing/pdf.py"),
    (
        "sh",
        "python manage.py test billing",
        "ERROR: test_zero_lines (billing.tests.PdfTests)\nZeroDivisionError: division by zero\nFAILED (errors=1)",
    ),
    ("save", "billing/pdf.py", "total = sum(amounts)"),
    ("sh", "python manage.py test billing", "Ran 6 tests in 0.4s\n\nOK"),
    ("sh", "flake8 billing", "billing/pdf.py:3:80: E501 line too long (84 > 79 characters)"),
)


@pytest.mark.parametrize(
    "lie",
    [
        "I saved billing/pdf.py before I opened it.",  # "it" is the file the first part names
        "test_zero_lines still fails.",  # a later run of it passed
        "`python manage.py test billing` is still failing.",
        "`flake8 billing` passed cleanly.",  # a linter's finding is a failed lint run
    ],
)
def test_a_lie_about_what_came_later_is_stripped(lie: str) -> None:
    assert stripped(INVOICES, f"Notes:\n- {lie}"), lie


@pytest.mark.parametrize(
    "note",
    [
        "I opened billing/pdf.py before I saved it.",
        "test_zero_lines failed, then passed after the fix.",
        "`flake8 billing` reported a line too long in billing/pdf.py.",
        "Task: fix the invoice PDF export crash for invoices with zero line items.",
    ],
)
def test_the_same_record_told_truly_stands(note: str) -> None:
    assert stripped(INVOICES, f"Notes:\n- {note}") == ()

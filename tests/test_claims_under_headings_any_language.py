"""Claims, not words (issue #14 part 4), session 45: a line under the recap's own "Actions
taken" heading is held to the record as the same line is in free prose.

An LLM recap lists what happened as items under "Actions taken:" in the user's language
("Ho eseguito `X`.", "Het bestand X is herschreven."). Before, such an item was read only
for English verbs, so a file only read said written, a command only mentioned said run, or
a test's outcome turned around stood there while the same sentence as prose was caught
(review44 R44-ver1: 0 of 46 caught under the heading outside Polish).

A test its runner marked passed, in a run that failed for another test, said failed in
words of any language ("Тест X упал.") is a lie, as the English "X failed" was already.
A verb in the first person's past ("güncelledim", "מחקתי", "tuliendesha", "اجرا شد") says
the act was done, as the third person's does.
"""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

_GOAL = "Aggiungi la paginazione all'endpoint /invoices."
_READ, _WRITTEN = "settings/base.py", "billing/views.py"  # one only read, one written
_MENTIONED = "python manage.py migrate"


def _django_session() -> list[Message]:
    """Reads a file, writes one, runs the tests (one passes, one fails); mentions a step."""
    return [
        Message.user(_GOAL, id="u0"),
        *call_and_result("r1", "open_file", {"path": _READ}, "PAGE_SIZE = 50\n", 1),
        *call_and_result(
            "w1", "save_file", {"path": _WRITTEN, "content": "class InvoiceList: ...\n"}, "saved", 2
        ),
        *call_and_result(
            "s1",
            "terminal",
            {"command": "pytest billing -q"},
            "billing/tests.py::test_page_size PASSED\n"
            "billing/tests.py::test_last_page FAILED\n"
            "1 failed, 1 passed in 0.40s",
            3,
        ),
        Message.assistant(f"Dopo si potrebbe lanciare `{_MENTIONED}`.", id="a4"),
    ]


def _stands(line: str, where: str) -> bool:
    return recap_line_stands(line, _django_session(), _GOAL, where)


_LINES = [
    (f"Ho eseguito `{_MENTIONED}`.", False),
    (f"Ho riscritto il file {_READ}.", False),
    (f"Ho riscritto il file {_WRITTEN}.", True),
    ("Il test test_page_size è fallito.", False),
    ("Il test test_last_page è fallito.", True),
    (f"Het bestand {_READ} is herschreven.", False),
    (f"Uitgevoerd: `{_MENTIONED}`.", False),
    (f"`{_MENTIONED}` 명령을 실행했습니다.", False),
    (f"Spustil jsem `{_MENTIONED}`.", False),
    # a test its runner marked PASSED in a run that failed for another, said failed
    ("Test test_page_size selhal.", False),
    ("Testi test_page_size epäonnistui.", False),
    ("Το τεστ test_page_size απέτυχε.", False),
    ("Testi test_last_page epäonnistui.", True),
    ("Το τεστ test_last_page απέτυχε.", True),
    # the first person's past, whose ending says who acted ("I wrote", "I ran")
    (f"{_READ} dosyasını güncelledim.", False),
    (f"{_WRITTEN} dosyasını güncelledim.", True),
    (f"`{_MENTIONED}` komutunu çalıştırdık.", False),
    (f"מחקתי את {_READ}.", False),
    (f"Tuliendesha `{_MENTIONED}`.", False),
    (f"`{_MENTIONED}` اجرا شد.", False),
    ("تست test_last_page قبول شد.", False),
    ("تست test_page_size قبول شد.", True),
]


@pytest.mark.parametrize("where", ["prose", "heading", "markdown"])
@pytest.mark.parametrize(("line", "stands"), _LINES)
def test_an_actions_taken_item_is_held_to_the_record_as_prose_is(
    line: str, stands: bool, where: str
) -> None:
    assert _stands(line, where) is stands


def test_the_offline_writers_action_line_still_stands_under_its_heading() -> None:
    # the line the record itself makes for a call ("tool(key=value): result")
    record = _django_session()
    recap = f"Goal: {_GOAL}\nActions taken:\n- save_file(path={_WRITTEN}): saved"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    assert v.accepted and v.removed_sentences == ()

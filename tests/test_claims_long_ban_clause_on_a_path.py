"""A ban on a path said in a long clause of small particles ("never touch anything inside
X", ten words or more in Polynesian languages), with its reason, answered "Noted." and kept
to by work elsewhere: "The user asked to refactor the code under X" is the polarity lie and
is stripped, and the honest ban stands (issue #14 item 4: a Tahitian ban of that length was
read the wrong way round in review). The twin request, as long, taken up and written under
the path, keeps its claim."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import chat_exchange, stands_under

PATH = "src/billing_legacy/"
# (a long ban with its reason, a long request), in Maori, Tongan and Fijian
TWINS = [
    (
        "Kaua rawa koe e pā ki tētahi mea i roto i src/billing_legacy/, nō tētahi atu rōpū.",
        "Tēnā koa whakahoutia ngā mea katoa i roto i src/billing_legacy/ ināianei tonu.",
    ),
    (
        "ʻOua naʻa ke ala ki ha meʻa ʻi loto ʻi he src/billing_legacy/, ʻoku ʻa e timi kehe ia.",
        "Kātaki ʻo fakafoʻou ʻa e meʻa kotoa ʻi loto ʻi he src/billing_legacy/.",
    ),
    (
        "Kakua sara ni o tara e dua na ka e loma ni src/billing_legacy/, nei ira na timi tale.",
        "Vakavoutataka na code kece e src/billing_legacy/ edaidai.",
    ),
]
ASKED = [
    "The user asked to refactor the code under src/billing_legacy/.",
    "The user wants src/billing_legacy/ rewritten.",
]
BANNED = [
    "The user said never to touch src/billing_legacy/.",
    "The user forbade touching src/billing_legacy/.",
]
HEADINGS = ["Constraints and corrections", "Summary"]


def _said_then(said: str, reply: str, *work: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Add retry logic to src/api/client.py for the invoice sync."},
        *chat_exchange("c1", "write_file", {"path": "src/api/client.py"}, "written"),
        {"role": "assistant", "content": "Added a retry loop in src/api/client.py."},
        {"role": "user", "content": said},
        {"role": "assistant", "content": reply},
        *work,
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]


ELSEWHERE = chat_exchange("c2", "shell", {"cmd": "pytest -q tests/api"}, "14 passed")
UNDER_THE_PATH = chat_exchange("c2", "write_file", {"path": f"{PATH}invoice.py"}, "written")


@pytest.mark.parametrize(("ban", "asked"), TWINS)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_request_claimed_on_a_path_banned_in_a_long_clause_is_stripped(
    ban: str, asked: str, heading: str
) -> None:
    dicts = _said_then(ban, "Noted.", *ELSEWHERE)
    assert [line for line in ASKED if stands_under(line, dicts, heading)] == []
    assert [line for line in BANNED if not stands_under(line, dicts, heading)] == []


@pytest.mark.parametrize(("ban", "asked"), TWINS)
@pytest.mark.parametrize("heading", ["Open requests", "Summary"])
def test_a_long_request_taken_up_under_the_path_keeps_its_claim(
    ban: str, asked: str, heading: str
) -> None:
    dicts = _said_then(asked, "Sure, I'll start on it.", *UNDER_THE_PATH)
    assert stands_under(ASKED[0], dicts, heading)


def test_an_english_request_kept_and_an_english_ban_kept_to() -> None:
    asked = _said_then(f"Please rewrite everything in {PATH} today.", "Sure.", *UNDER_THE_PATH)
    assert stands_under(ASKED[0], asked, "Summary")
    banned = _said_then(
        f"Never touch anything at all inside {PATH}, another team owns it.", "Noted.", *ELSEWHERE
    )
    assert not stands_under(ASKED[0], banned, "Summary")

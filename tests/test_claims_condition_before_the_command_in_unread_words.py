"""A leave whose condition comes before the command, in words no reader here holds.

"Staging тестлары яшел булса гына `make promote-replica ENV=prod` эшләтә аласың." (only if
the staging tests are green may you run it) is no leave "right away" (issue #14 item 4: it
stood in review for a Dolgan sentence with no comma). The clause before the command is read
as its condition when it is cut off by a comma of any script ("፣"), or when it is a few
words that name a thing: a Latin word among another script's, a word glued to a case
ending, or a word the record's calls name. A leave said before the command in a few words
naming nothing ("you are allowed to run …") stays a leave."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import chat_exchange, stands_under

COMMAND = "make promote-replica ENV=prod"
RIGHT_AWAY = f"The user approved running `{COMMAND}` right away."
HEADINGS = ["Constraints and corrections", "Summary"]
# Tatar (no comma), Amharic (its own comma), Zulu (a prefix glued on, a word a call names)
CONDITION_FIRST = [
    f"Staging тестлары яшел булса гына `{COMMAND}` эшләтә аласың.",
    f"የstaging ፈተናዎች አረንጓዴ ከሆኑ ብቻ፣ `{COMMAND}` ማስኬድ ትችላለህ።",
    f"Lapho ama-test we-staging eluhlaza kuphela ungaqhuba `{COMMAND}`.",
]
# a leave with no condition: Zulu "you are allowed to run … now", English
NO_CONDITION = [
    f"Uyavunyelwa ukuthi uqhube `{COMMAND}` manje.",
    f"You may run `{COMMAND}` right away.",
]


def _record(leave: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Promote the replica once it is ready."},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": leave},
        {"role": "assistant", "content": "Noted."},
        *chat_exchange("c1", "shell", {"cmd": "make test-staging"}, "all green"),
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]


@pytest.mark.parametrize("leave", CONDITION_FIRST)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_leave_with_its_condition_before_the_command_is_not_right_away(
    leave: str, heading: str
) -> None:
    assert not stands_under(RIGHT_AWAY, _record(leave), heading)


@pytest.mark.parametrize("leave", NO_CONDITION)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_leave_said_before_the_command_without_a_condition_stands(
    leave: str, heading: str
) -> None:
    assert stands_under(RIGHT_AWAY, _record(leave), heading)

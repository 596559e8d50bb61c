"""A ban said in Latin-script words no reader here holds, told back as an ask or a leave.

"Run `make wipe-db` once the backup is done." or "You may edit `db/seed.sql`." where the
user said never to run it, or not to touch it, in words whose denial no reader holds
(review 58: 3 polarity swaps stood). Word overlap cannot tell "never" from "always" there;
what the record did can: a command or path the user named that no call ran, wrote or named
and no assistant turn named is not shown to be done, so the line is stripped. The same ask,
carried out by a call or taken up by the assistant naming it, stands; a ban told back as a
ban stands too."""

from __future__ import annotations

import pytest
from tests.builders import chat_exchange, stands_under

# "Never run `make wipe-db`." / "Don't touch `db/seed.sql`." in Zulu and Kikuyu
BANS = [
    ("Ungalokothi uqhube `make wipe-db`.", "Ungathinti `db/seed.sql`."),
    ("Ndũkanarũthie `make wipe-db`.", "Ndũkahutie `db/seed.sql`."),
]
# "Run `make wipe-db` when the backup is done." / "You can edit `db/seed.sql`."
ASKS = [
    ("Qhuba `make wipe-db` uma ukwenza isipele sekuphelile.", "Ungahlela `db/seed.sql`."),
    ("Rũthia `make wipe-db` rĩrĩa backup ĩrĩrĩkia.", "Ũrahota gũcenjia `db/seed.sql`."),
]
SWAPS = ["Run `make wipe-db` once the backup is done.", "You may edit `db/seed.sql`."]
HEADINGS = ["User also said", "Constraints and corrections"]


def _session(
    run: str, edit: str, after: list[dict[str, object]], ack: str
) -> list[dict[str, object]]:
    return [
        {"role": "user", "content": "Move the data to the new cluster."},
        {"role": "assistant", "content": "Ok, backing it up first."},
        *chat_exchange("c1", "bash", {"command": "pg_dump -f backup.sql app"}, "exit code 0"),
        {"role": "user", "content": run},
        {"role": "assistant", "content": ack},
        {"role": "user", "content": edit},
        {"role": "assistant", "content": "Ok."},
        *after,
        {"role": "user", "content": "Go on."},
        {"role": "assistant", "content": "Continuing."},
    ]


@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("swap", SWAPS)
@pytest.mark.parametrize("bans", BANS)
def test_a_ban_in_unread_words_told_as_an_ask_is_stripped(
    bans: tuple[str, str], swap: str, heading: str
) -> None:
    assert not stands_under(swap, _session(*bans, [], "Understood."), heading)


@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("asks", ASKS)
def test_the_ask_carried_out_by_a_call_stands(asks: tuple[str, str], heading: str) -> None:
    calls = [
        *chat_exchange("c2", "bash", {"command": "make wipe-db"}, "exit code 0"),
        *chat_exchange("c3", "write_file", {"path": "db/seed.sql", "content": "--"}, "ok"),
    ]
    for line in SWAPS:
        assert stands_under(line, _session(*asks, calls, "Ok."), heading)


@pytest.mark.parametrize("asks", ASKS)
def test_the_ask_the_assistant_took_up_by_name_stands(asks: tuple[str, str]) -> None:
    ack = "I'll run `make wipe-db` after the backup and then edit `db/seed.sql`."
    for line in SWAPS:
        assert stands_under(line, _session(*asks, [], ack), "User also said")


@pytest.mark.parametrize("bans", BANS)
def test_the_ban_told_back_as_a_ban_stands(bans: tuple[str, str]) -> None:
    session = _session(*bans, [], "Understood.")
    assert stands_under("Never run `make wipe-db`.", session, "User also said")
    assert stands_under("Do not touch `db/seed.sql`.", session, "User also said")

"""A recap that says a read-only command made a change is caught (issue #14 item 4).

"The assistant upgraded PostgreSQL to 17 with `apt-cache show postgresql-17`." stood on every
path: the command did run, so no check of runs objected, yet it only shows a package's
record. A line saying the command ran stays, and so does a change made by a command that
changes things."""

from __future__ import annotations

import pytest

from builders import chat_exchange
from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages

RECORD = [
    {"role": "user", "content": "Prepare the database host for PostgreSQL 17."},
    *chat_exchange("c1", "bash", {"cmd": "psql --version"}, "psql (PostgreSQL) 16.4\nexit code 0"),
    *chat_exchange(
        "c2",
        "bash",
        {"cmd": "apt-cache show postgresql-17"},
        "Package: postgresql-17\nVersion: 17.2-1\nexit code 0",
    ),
    *chat_exchange(
        "c3",
        "bash",
        {"cmd": "apt-get install -y pgbouncer"},
        "Setting up pgbouncer (1.23.1-1) ...\nexit code 0",
    ),
    {"role": "assistant", "content": "Checked the versions; pgbouncer is installed."},
]


def _verified(line: str) -> str:
    record = list(read_messages(RECORD))
    recap = f"Summary:\n- {line}\n"
    return verify_recap(recap, record, mode="strip", max_bytes=8_000, ledger=False).text


@pytest.mark.parametrize(
    "lie",
    [
        "The assistant upgraded PostgreSQL to 17 with `apt-cache show postgresql-17`.",
        "The assistant changed the PostgreSQL version with `psql --version`.",
        "The assistant installed PostgreSQL 17 using `apt-cache show postgresql-17`.",
    ],
)
def test_a_change_made_by_a_read_only_command_is_stripped(lie: str) -> None:
    assert lie not in _verified(lie)


@pytest.mark.parametrize(
    "honest",
    [
        "The assistant ran `apt-cache show postgresql-17`.",
        "The assistant installed pgbouncer with `apt-get install -y pgbouncer`.",
    ],
)
def test_what_the_commands_did_stands(honest: str) -> None:
    assert honest in _verified(honest)

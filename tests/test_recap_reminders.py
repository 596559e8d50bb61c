"""A reminder ("Don't forget to …", "Be sure to …", "Vergiss nicht, …") is a standing request:
open until the assistant reports it done, not answered by the next "Noted." (review30: it
was dropped from the recap); with a "not" inside it is a rule ("Remember not to …")."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.model import Message, ToolCall, with_ids

FILLER = [Message.assistant("Working on it."), Message.user("ok")] * 3


def _run(cid: str, command: str, output: str) -> list[Message]:
    call = ToolCall(cid, "bash", json.dumps({"command": command}))
    return [Message("assistant", (call,)), Message.tool(cid, output)]


def _open(said: list[Message]) -> list[str]:
    record = with_ids([*said, *FILLER, Message.user("What's the status?")])
    return digest(record[:-2], history=record).items("Open requests")


@pytest.mark.parametrize(
    "reminder",
    [
        "Be sure to run mypy before you push.",
        "Don't forget to update the README.",
        "Keep in mind to add a changelog entry once you're done.",
        "Oh, and make sure you sign the commit.",
        "Vergiss nicht, die Redirect-URL in config/oauth.yaml einzutragen.",
        "N'oublie pas de signer le commit avec ta clé GPG.",
        "No te olvides de actualizar el README.",
        "Jangan lupa perbarui README.",
    ],
)
def test_a_reminder_stays_open_past_the_next_reply(reminder: str) -> None:
    got = _open(
        [
            Message.user("Please refactor the csv exporter into its own module."),
            Message.assistant("Will do."),
            Message.user(reminder),
            Message.assistant("Noted."),
            *_run("c1", "pytest -q", "12 passed"),
        ]
    )
    assert reminder in got


def test_a_reminder_reported_done_is_closed() -> None:
    got = _open(
        [
            Message.user("Please refactor the csv exporter into its own module."),
            Message.user("Be sure to update the CHANGELOG for the exporter."),
            Message.assistant("Noted."),
            *_run("c1", "pytest -q", "12 passed"),
            Message.assistant("Updated the CHANGELOG for the exporter move."),
        ]
    )
    assert got == []

"""A file said read, opened or looked through, in prose as in a "Files read" line, must
be one a tool call read or the user shared: "I read secrets/prod.env" where the path is
only named in a ban is unsupported; a ban, a denial and a true read stand."""

import pytest

from builders import chat_exchange, recap_line_stands
from contextledger.providers import read_messages

_GOAL = "Fix the gateway config."


def _record() -> list:  # type: ignore[type-arg]
    return list(
        read_messages(
            [
                {
                    "role": "user",
                    "content": "Nie otwieraj secrets/prod.env. config/prod.yaml później.",
                },
                *chat_exchange("r1", "read_file", {"path": "config/app.yaml"}, "port: 8080\n"),
                {"role": "user", "content": "docs/notes.md:\n```\n# Notes\nbehind nginx\n```"},
                {"role": "assistant", "content": "OK."},
            ]
        )
    )


@pytest.mark.parametrize(
    "lie",
    [
        "I read secrets/prod.env.",
        "The agent went through config/prod.yaml.",
        "The assistant opened secrets/prod.env and checked the keys.",
        "Then I looked at config/prod.yaml to confirm the port.",
        "El asistente revisó config/prod.yaml.",
        "Files read: secrets/prod.env",
    ],
)
def test_a_file_never_read_claimed_read_is_stripped(lie: str) -> None:
    for where in ("line", "prose"):
        assert not recap_line_stands(lie, _record(), _GOAL, where), (lie, where)


@pytest.mark.parametrize(
    "honest",
    [
        "The assistant read config/app.yaml.",
        "I opened config/app.yaml; it sets port 8080.",
        "The assistant read docs/notes.md.",  # (the user pasted it)
        "The user said not to open secrets/prod.env.",
        "I did not read secrets/prod.env.",
    ],
)
def test_a_read_the_record_shows_or_a_ban_stands(honest: str) -> None:
    for where in ("line", "prose"):
        assert recap_line_stands(honest, _record(), _GOAL, where), (honest, where)

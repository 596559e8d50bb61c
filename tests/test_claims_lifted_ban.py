"""A ban the user lifted later is not restated as holding: "Do not modify migrations/." after
"OK, you can edit migrations/ now" (R32-verify32-1), whether the user said the ban plainly
or as "Leave X untouched" / "X must stay unchanged"; a ban never lifted stands."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message


def _record(*said: str) -> list[Message]:
    out = [Message.user("Refactor the config loader.", id="u0"), Message.assistant("OK.", id="a0")]
    for i, s in enumerate(said):
        out += [Message.user(s, id=f"u{i + 1}"), Message.assistant("Understood.", id=f"a{i + 1}")]
    return out


def _stands(line: str, *said: str) -> bool:
    record = _record(*said)
    recap = "Goal: Refactor the config loader.\nConstraints and corrections:\n- " + line
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (("Do not modify migrations/.", "OK, you can edit migrations/ now — the freeze is over."),
         "Do not modify migrations/."),
        (("Leave migrations/ untouched.", "OK, you can edit migrations/ now — the freeze is over."),
         "Do not modify migrations/."),
        (("Keep config/prod.yaml as it is.", "Never mind the prod.yaml rule, change it as needed."),
         "Do not modify config/prod.yaml."),
        (("src/schema.py must stay unchanged.", "You may now change src/schema.py."),
         "Do not modify src/schema.py."),
    ],
)  # fmt: skip
def test_a_lifted_ban_restated_as_holding_is_stripped(said: tuple[str, ...], line: str) -> None:
    assert not _stands(line, *said)


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (("Leave migrations/ untouched.",), "Do not modify migrations/."),
        (("Do not modify migrations/.", "You can edit the other files, but not migrations/."),
         "Do not modify migrations/."),
        (("Do not modify src/schema.py.", "You may now change src/loader.py."),
         "Do not modify src/schema.py."),
    ],
)  # fmt: skip
def test_a_ban_never_lifted_stands(said: tuple[str, ...], line: str) -> None:
    assert _stands(line, *said)

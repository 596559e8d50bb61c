"""A rule the user gave with an exception in words no reader here holds - a short last
clause naming one more thing in code's way ("…, tukukehe ʻa e audit_log_2021.") - told for
the whole of its scope is stripped: the exception left out ("Every table may be
vacuumed.") or folded in ("…, README.md included."). The claim naming the exception
stands, and so does an "every" claim where the user's sentence has no such clause
(issue #14 item 4: exception dropped)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import chat_exchange

from contextledger import read_messages
from contextledger.compaction import verify_recap

# (a leave for every table but one, a ban on a folder but one file): Tongan, Luganda, Māori
SAID = [
    (
        "ʻE lava ke ke vacuum ʻa e tables kotoa, tukukehe ʻa e audit_log_2021.",
        "ʻOua ʻe liliu ha meʻa ʻi config/fees/, tukukehe ʻa e README.md.",
    ),
    (
        "Osobola okukola vacuum ku tables zonna, okuggyako audit_log_2021.",
        "Tokyusa kintu kyonna mu config/fees/, okuggyako README.md.",
    ),
    (
        "Ka taea e koe te vacuum i ngā tables katoa, hāunga te audit_log_2021.",
        "Kaua e huri i tētahi mea i config/fees/, hāunga te README.md.",
    ),
]
LIES = [
    "Every table may be vacuumed.",
    "The user allowed vacuuming all tables.",
    "The user forbade every change in config/fees/, README.md included.",
]
HONEST = [
    "Every table except audit_log_2021 may be vacuumed.",
    "The user allowed vacuuming all tables except audit_log_2021.",
]


def _session(*said: str) -> list[dict[str, Any]]:
    """A task, each of ``said`` noted, the work going on."""
    out: list[dict[str, Any]] = [
        {"role": "user", "content": "Move the invoice sync in src/api/ from Kafka to Redpanda."},
        *chat_exchange("c1", "read_file", {"path": "src/api/client.py"}, "def sync(): ..."),
    ]
    for i, s in enumerate(said):
        out += [{"role": "user", "content": s}, {"role": "assistant", "content": "Noted."}]
        out += chat_exchange(
            f"w{i}", "write_file", {"path": f"src/api/s{i}.py", "content": "x\n"}, "ok"
        )
    return [*out, {"role": "assistant", "content": "The consumer now reads from Redpanda."}]


def _stands(line: str, dicts: list[dict[str, Any]], heading: str | None) -> bool:
    record = list(read_messages(dicts))
    recap = f"Summary:\n{line}" if heading is None else f"{heading}:\n- {line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return line in v.text


@pytest.mark.parametrize("said", SAID)
@pytest.mark.parametrize("line", LIES)
@pytest.mark.parametrize("heading", ["Constraints and corrections", None])
def test_a_rule_told_for_all_without_its_exception_is_stripped(
    said: tuple[str, str], line: str, heading: str | None
) -> None:
    assert not _stands(line, _session(*said), heading)


@pytest.mark.parametrize("said", SAID)
@pytest.mark.parametrize("line", HONEST)
def test_the_rule_told_with_its_exception_stands(said: tuple[str, str], line: str) -> None:
    assert _stands(line, _session(*said), "Constraints and corrections")


@pytest.mark.parametrize("said", SAID)
def test_a_rule_said_without_a_last_clause_is_no_exception(said: tuple[str, str]) -> None:
    # (the same leave without its last clause: "every" is the user's word)
    whole = said[0].split(",")[0] + "."
    assert _stands(LIES[0], _session(whole), "Constraints and corrections")


# (the folder with a case ending glued to it, as agglutinating languages write it, the
# ban noted and kept to while the work went on elsewhere: the claim's "config/fees/" is
# the clause's "config/fees/-mu")
GLUED = [
    "Tokyusa kintu kyonna mu config/fees/-mu, okuggyako README.md.",
    "Aza ovaina ny config/fees/-ao, afa-tsy ny README.md.",
]


def _kept_to(said: str) -> list[dict[str, Any]]:
    out = _session()[:3]
    out += [{"role": "user", "content": said}, {"role": "assistant", "content": "Noted."}]
    for i in range(2):
        path = f"docs/runbooks/r{i}.md"
        out += chat_exchange(f"d{i}", "write_file", {"path": path, "content": "x\n"}, "ok")
        out += [{"role": "user", "content": "ok"}, {"role": "assistant", "content": "Going on."}]
    return out


@pytest.mark.parametrize("said", GLUED)
def test_an_exception_to_a_ban_on_a_folder_with_a_glued_ending_is_read(said: str) -> None:
    assert not _stands(LIES[2], _kept_to(said), "Constraints and corrections")
    honest = "The user forbade every change in config/fees/ except README.md."
    assert _stands(honest, _kept_to(said), "Constraints and corrections")

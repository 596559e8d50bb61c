"""A batch the tool did in part said done in full: "All 8 invitations were sent" where the
tool answered "sent 6 of 8" is stripped, in any language (the batch's total given without
its parts is the claim). The parts said ("6 of 8 sent, 2 bounced"), a batch done in full,
and a retry that did the rest stand."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result, recap_line_stands
from contextledger.model import Message
from contextledger.providers import read_messages

GOAL = "Invite the eight workshop speakers."
INVITE = {"emails": [f"s{i}@example.org" for i in range(1, 9)]}

PARTIAL_ANSWERS = [
    "Sent 6 of 8 invitations. Failed: s7@example.org, s8@example.org (550 mailbox unavailable)",
    "6/8 sent, 2 failed",
    '{"sent": 6, "failed": 2, "bounced": ["s7@example.org", "s8@example.org"]}',
]

# (the batch said done in full, the parts said) — each in its own language
SAID = [
    ("All 8 invitations were sent.", "Sent 6 of 8 invitations; 2 failed."),
    (
        "Alle 8 Einladungen wurden verschickt.",
        "6 von 8 Einladungen wurden verschickt, 2 kamen zurück.",
    ),
    ("Se enviaron las 8 invitaciones.", "Se enviaron 6 de 8 invitaciones; 2 fallaron."),
    ("8 davetiyenin hepsi gönderildi.", "8 davetiyeden 6'sı gönderildi, 2'si başarısız oldu."),
    ("सभी 8 निमंत्रण भेज दिए गए।", "8 में से 6 निमंत्रण भेजे गए; 2 विफल रहे।"),
    ("Усі 8 запрошень надіслано.", "Надіслано 6 з 8 запрошень, 2 не дійшли."),
    ("招待状8通をすべて送信しました。", "招待状8通のうち6通を送信し、2通は失敗しました。"),
]


def _record(*answers: str) -> list[Message]:
    turns: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    for i, answer in enumerate(answers):
        turns += [
            openai_tool_call(f"c{i}", "send_invites", INVITE),
            openai_tool_result(f"c{i}", answer),
        ]
    turns.append({"role": "assistant", "content": "Done."})
    return list(read_messages(turns))


@pytest.mark.parametrize("answer", PARTIAL_ANSWERS)
@pytest.mark.parametrize(("full", "parts"), SAID)
@pytest.mark.parametrize("where", ["heading", "prose"])
def test_partial_batch_said_done_in_full_is_stripped(
    answer: str, full: str, parts: str, where: str
) -> None:
    record = _record(answer)
    assert not recap_line_stands(full, record, GOAL, where)
    assert recap_line_stands(parts, record, GOAL, where)


@pytest.mark.parametrize(("full", "parts"), SAID)
def test_a_batch_done_in_full_or_finished_by_a_retry_stands(full: str, parts: str) -> None:
    assert recap_line_stands(full, _record("Sent 8 of 8 invitations."), GOAL, "heading")
    retried = _record(PARTIAL_ANSWERS[0], "Sent 2 of 2 invitations.")
    assert recap_line_stands(full, retried, GOAL, "heading")


def test_a_test_runs_counts_are_not_a_batch() -> None:
    # pytest's "5 tests, 3 passed" is read as a run's tallies elsewhere, not as a batch
    record = _record("collected 5 items\n3 passed, 2 failed in 0.4s")
    assert recap_line_stands("The suite has 5 tests.", record, GOAL, "heading")


def test_a_shell_batch_done_in_part_is_not_finished_by_another_command() -> None:
    # the later `ls` got through; it did not import the two sheets the script refused
    turns: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    for i, (cmd, out) in enumerate(
        [
            (
                "python scripts/load_sheets.py q3.xlsx",
                "loaded 6 of 8 sheets\nfailed: s7 (bad header)",
            ),
            ("ls data/", "q3.xlsx"),
        ]
    ):
        turns += [
            openai_tool_call(f"s{i}", "shell", {"cmd": cmd}),
            openai_tool_result(f"s{i}", out),
        ]
    record = list(read_messages(turns))
    assert not recap_line_stands("Tutte le 8 schede sono state caricate.", record, GOAL, "heading")
    assert recap_line_stands("Caricate 6 schede su 8.", record, GOAL, "heading")

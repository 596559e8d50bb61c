"""Claims of status held to what happened (issue #14 item 4), under any heading of an LLM
recap and in prose, whatever language the user wrote in.

A lying summarizer's one-line recaps stood before: a command a tool call ran said "never
run" under "Commands run:", a request still open said "already posted" under "Open
requests:" or "Decisions:", a leave the user gave only "if the staging tests are green"
said given "right away"; and honest "Still open: …" lines were stripped. Commands, tool
calls and the names a request holds (#ops) are the same in every language: they are the
evidence read here.
"""

from __future__ import annotations

import json

import pytest

from builders import item_stands
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

LINT, APPLY = "make lint PY=3.12", "terraform apply tf.plan"
HEADINGS = ["Summary", "Commands run", "Constraints and corrections", "Open requests", "Decisions"]
PLACES = [*HEADINGS, None]  # (None: a line of prose)
# (under "Constraints and corrections" a step said done that the user did not ask for is
# read as the user's report: "Commit X was reverted" there is the user's word)
DONE_PLACES = [h for h in PLACES if h != "Constraints and corrections"]

# the user's request (run the lint, then post a summary to #ops), and a leave with a condition
SAID = {
    "en": (
        f"Please run `{LINT}` first. When you are done, post a short summary to #ops.",
        f"Run `{APPLY}` only if the staging tests are green.",
    ),
    "es": (
        f"Primero ejecuta `{LINT}`. Cuando termines, publica un resumen corto en #ops.",
        f"Si los tests de staging están en verde, ejecuta `{APPLY}`.",
    ),
    "de": (
        f"Führ zuerst `{LINT}` aus. Wenn du fertig bist, poste eine kurze Zusammenfassung in #ops.",
        f"Führ `{APPLY}` aus, sobald die Staging-Tests grün sind.",
    ),
    "pl": (
        f"Najpierw uruchom `{LINT}`. Gdy skończysz, wrzuć krótkie podsumowanie na #ops.",
        f"Gdy testy na stagingu będą zielone, uruchom `{APPLY}`.",
    ),
    "id": (
        f"Jalankan `{LINT}` dulu. Setelah selesai, kirim ringkasan singkat ke #ops.",
        f"Jalankan `{APPLY}`, tapi tunggu sampai tes staging hijau.",
    ),
}


def _lint_ran(request: str, leave: str) -> list[Message]:
    """The lint run by a call; nothing posted; the leave given on a condition."""
    return [
        Message.user(request, id="u0"),
        Message.assistant(ToolCall("c1", "bash", json.dumps({"command": LINT})), id="a1"),
        Message.tool("c1", "All checks passed!\nexit code 0", id="t1"),
        Message.assistant("Lint is clean.", id="a2"),
        Message.user(leave, id="u3"),
        Message.assistant("Understood.", id="a4"),
    ]


def _summary_posted(request: str) -> list[Message]:
    """The summary posted by a call; the lint never run; the apply asked for now."""
    post = {"channel": "#ops", "text": "Short summary."}
    return [
        Message.user(request, id="u0"),
        Message.assistant(ToolCall("c1", "post_message", json.dumps(post)), id="a1"),
        Message.tool("c1", '{"ok": true}', id="t1"),
        Message.assistant("Posted the summary to #ops.", id="a2"),
        Message.user(f"Run `{APPLY}` now.", id="u3"),
        Message.assistant("Understood.", id="a4"),
    ]


@pytest.mark.parametrize("lang", sorted(SAID))
@pytest.mark.parametrize("heading", PLACES)
def test_a_command_a_call_ran_said_never_run_is_stripped(lang: str, heading: str | None) -> None:
    record = _lint_ran(*SAID[lang])
    assert not item_stands(f"`{LINT}` was never run.", record, heading)
    assert not item_stands(f"Did not run `{LINT}`.", record, heading)


@pytest.mark.parametrize("lang", sorted(SAID))
@pytest.mark.parametrize("heading", PLACES)
def test_a_request_nothing_did_said_done_is_stripped(lang: str, heading: str | None) -> None:
    record = _lint_ran(*SAID[lang])
    assert not item_stands("The summary was already posted to #ops.", record, heading)


@pytest.mark.parametrize("lang", sorted(SAID))
@pytest.mark.parametrize("heading", PLACES)
def test_a_leave_given_on_a_condition_said_given_outright_is_stripped(
    lang: str, heading: str | None
) -> None:
    record = _lint_ran(*SAID[lang])
    assert not item_stands(f"The user approved running `{APPLY}` right away.", record, heading)
    assert not item_stands(f"The user allowed `{APPLY}` without conditions.", record, heading)


@pytest.mark.parametrize("lang", sorted(SAID))
@pytest.mark.parametrize("heading", [h for h in PLACES if h != "Commands run"])
def test_honest_status_lines_stand(lang: str, heading: str | None) -> None:
    record = _lint_ran(*SAID[lang])
    assert item_stands("Still open: post a short summary to #ops when done.", record, heading)
    assert item_stands("Pending: the summary for #ops has not been posted yet.", record, heading)
    assert item_stands(f"`{APPLY}` has not been run yet.", record, heading)
    assert item_stands(
        f"The user allowed `{APPLY}` once the staging tests are green.", record, heading
    )


@pytest.mark.parametrize("heading", PLACES)
def test_the_same_lines_are_read_the_other_way_when_the_record_says_so(
    heading: str | None,
) -> None:
    record = _summary_posted(SAID["en"][0])
    assert not item_stands("Still open: post a short summary to #ops when done.", record, heading)
    if heading in DONE_PLACES:
        assert not item_stands(f"`{LINT}` ran and passed.", record, heading)
    if heading != "Commands run":  # (a leave and a post are no commands run)
        assert item_stands("The summary was already posted to #ops.", record, heading)
        assert item_stands(f"The user approved running `{APPLY}` right away.", record, heading)
        assert item_stands(f"`{LINT}` was never run.", record, heading)


def test_a_run_denied_only_after_a_fix_is_not_read_as_the_run_denied() -> None:
    """A denial of a later run is about another run than the one the call made."""
    record = _lint_ran(*SAID["en"])
    recap = f"Goal: {record[0].text}\n\n`{LINT}` was not run again after the fix."
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    assert not [c for c in v.misclaims if c.reason.startswith("a tool call ran it")]


FORCE_PUSH = "git push --force origin hotfix/vat"


@pytest.mark.parametrize(
    "leave",
    [
        f"You may run `{FORCE_PUSH}` this once, since the release is blocked.",
        f"Puedes ejecutar `{FORCE_PUSH}` esta vez, porque el release está bloqueado.",
    ],
)
def test_a_leave_told_with_its_own_one_time_limititem_stands(leave: str) -> None:
    """A one-time leave told as one ("this one time only") keeps its limit: the limiting
    clause beside it in the user's turn is no condition it dropped (review50: the honest line
    was stripped under every heading); told outright, it is still stripped."""
    record = [Message.user("Fix the VAT rounding on the hotfix branch."), Message.user(leave)]
    limited = f"The user allowed `{FORCE_PUSH}` this one time only."
    assert limited in verify_recap(limited, record).text
    outright = f"The user allowed `{FORCE_PUSH}`."
    assert outright not in verify_recap(outright, record).text

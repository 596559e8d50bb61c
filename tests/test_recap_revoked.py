"""What the user took back or said not to do is no open request (review29 R29-M5, R29-m8): a
permission a later rule revoked, a reminder of what not to do (a rule), and the user's newest
turn, which the model sees verbatim after the recap, are not listed under "Open requests"."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.compaction.rules import REMINDS_NOT_TO, is_rule, revoked_later
from contextledger.model import Message, ToolCall, with_ids

FILLER = [Message.assistant("Working on it."), Message.user("ok")] * 3


def _run(cid: str, command: str, output: str) -> list[Message]:
    call = ToolCall(cid, "bash", json.dumps({"command": command}))
    return [Message("assistant", (call,)), Message.tool(cid, output)]


def _recap(said: list[Message], keep: int = 2) -> dict[str, list[str]]:
    record = with_ids(said)
    d = digest(record[:-keep], history=record)
    return {name: d.items(name) for name in ("Constraints and corrections", "Open requests")}


def test_a_permission_the_user_revoked_is_no_open_request() -> None:
    """R29-M5: "You may run `npm publish --tag next` …" stayed a to-do after "Actually,
    don't run `npm publish --tag next` after all"."""
    got = _recap(
        [
            Message.user("Please prepare the 2.4.0 release of the widget library."),
            Message.assistant("Sure."),
            Message.user("You may run `npm publish --tag next` once the build is green."),
            *_run("c1", "npm run build", "built in 3.2s\nexit code: 0"),
            Message.user(
                "Actually, don't run `npm publish --tag next` after all — legal has to sign off."
            ),
            *FILLER,
            Message.user("What's left?"),
        ]
    )
    assert got["Open requests"] == []
    assert any(
        "don't run `npm publish --tag next`" in r for r in got["Constraints and corrections"]
    )


def test_a_permission_no_later_rule_touches_stands() -> None:
    """A leave no later rule took back stands as the user's word (recap28: under the
    constraints, not as a to-do: "You may …" asks nothing be done)."""
    got = _recap(
        [
            Message.user("Please prepare the 2.4.0 release of the widget library."),
            Message.user("You may run `npm publish --tag next` once the build is green."),
            Message.user("Never touch the CHANGELOG by hand."),
            *FILLER,
            Message.user("What's left?"),
        ]
    )
    leave = "You may run `npm publish --tag next` once the build is green."
    assert leave in got["Constraints and corrections"]
    assert leave not in got["Open requests"]


@pytest.mark.parametrize(
    "reminder",
    [
        "Vergiss nicht, die Spalte legacy_id NICHT zu löschen.",
        "Denk daran, die Spalte legacy_id nicht zu löschen.",
        "Remember not to drop the legacy_id column.",
        "N'oublie pas de ne pas supprimer la colonne legacy_id.",
        "No olvides no borrar la columna legacy_id.",
    ],
)
def test_a_reminder_of_what_not_to_do_is_a_rule_not_a_request(reminder: str) -> None:
    """R29-m8: "Vergiss nicht, … NICHT zu löschen." was filed under Open requests."""
    assert is_rule(reminder)
    got = _recap(
        [
            Message.user("Migriere die Nutzertabelle auf UUIDs."),
            Message.user(reminder),
            *_run("c1", "alembic upgrade head", "INFO done"),
            *FILLER,
            Message.user("weiter"),
        ]
    )
    assert reminder in got["Constraints and corrections"]
    assert reminder not in got["Open requests"]


@pytest.mark.parametrize(
    "request_",
    [
        "Vergiss nicht, die Tests laufen zu lassen.",
        "Don't forget to bump the version.",
        "Remember to update the changelog.",
    ],
)
def test_a_reminder_of_what_to_do_is_no_prohibition(request_: str) -> None:
    assert not REMINDS_NOT_TO.search(request_)
    assert not is_rule(request_)


def test_the_newest_turn_shown_verbatim_is_not_repeated_as_an_open_request() -> None:
    """R29-m8: the last kept user turn ("What's left?") was repeated under Open requests; a
    request for later said there stays listed."""
    said = [Message.user("Fix the flaky TestSettlementWindow in ledger/settle."), *FILLER]
    assert _recap([*said, Message.user("Great, anything else?")])["Open requests"] == []
    later = "Once it's green, post a note in #data-eng."
    assert later in _recap([*said, Message.user(later)])["Open requests"]


def test_revoked_later_needs_a_prohibition_on_the_permissions_topic() -> None:
    allowed = "You can run `make deploy-staging` when the tests pass."
    assert revoked_later(allowed, ["Scratch that: do not run `make deploy-staging` today."])
    assert not revoked_later(allowed, ["Do not run `make lint` today."])
    assert not revoked_later(allowed, ["Run `make deploy-staging` twice."])
    assert not revoked_later("Please fix the login bug.", ["Do not fix the login bug."])


def _written_then(command: str) -> dict[str, list[str]]:
    def write(cid: str, path: str) -> list[Message]:
        call = ToolCall(cid, "write_file", json.dumps({"path": path, "content": "x = 1\n"}))
        return [Message("assistant", (call,)), Message.tool(cid, "ok")]

    record = with_ids(
        [
            Message.user("Clean up the migration helpers."),
            *write("c1", "db/helpers_tmp.py"),
            *_run("c2", command, ""),
            *write("c3", "db/helpers.py"),
            *FILLER,
            Message.user("done?"),
        ]
    )
    d = digest(record[:-2], history=record)
    return {name: d.items(name) for name in ("Files written", "Commands run")}


@pytest.mark.parametrize(
    "command",
    ["git rm db/helpers_tmp.py", "rm -f db/helpers_tmp.py && ls db", "unlink db/helpers_tmp.py"],
)
def test_a_file_written_then_removed_is_no_file_written(command: str) -> None:
    """A fact superseded later appears in its final state: the file is gone (the removal
    stays under Commands run)."""
    got = _written_then(command)
    assert got["Files written"] == ["db/helpers.py"]
    assert any("db/helpers_tmp.py" in c for c in got["Commands run"])


def test_a_file_only_unstaged_stays_written() -> None:
    assert (
        "db/helpers_tmp.py" in _written_then("git rm --cached db/helpers_tmp.py")["Files written"]
    )


@pytest.mark.parametrize(
    "said",
    [
        [
            "Add retries to the webhook sender.",
            "Set the retry limit to 3.",
            "Actually, make the retry limit 5.",
            "Correction again: the retry limit should be 7.",
        ],
        [
            "Baue ein Ratenlimit in den Export ein.",
            "Das Limit soll 50 Anfragen pro Sekunde sein.",
            "Nein, doch lieber 80 Anfragen pro Sekunde.",
            "Korrektur: das Limit ist 120 Anfragen pro Sekunde.",
        ],
    ],
)
def test_a_value_corrected_twice_stands_in_its_final_state_only(said: list[str]) -> None:
    turns: list[Message] = [Message.user(said[0])]  # the goal
    for s in said[1:]:
        turns += [Message.user(s), Message.assistant("Okay.")]
    record = with_ids([*turns, *FILLER, Message.user("go on")])
    d = digest(record[:-2], history=record)
    every = [x for name in d.sections for x in d.items(name)]
    assert any(said[-1] in x for x in every)
    for old in said[1:-1]:
        assert not any(old.removeprefix("User: ") in x for x in every), (old, d.sections)


def test_the_newest_turn_shown_verbatim_is_no_fact_the_recap_misses() -> None:
    """The verification's "missing" count followed the recap's old Open requests: with the
    newest turn no longer listed, it must not be reported missing either."""
    from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer

    record = with_ids(
        [
            Message.user("Please prepare the 2.4.0 release of the widget library."),
            *_run("c1", "npm run build", "built in 3.2s\nexit code: 0"),
            *FILLER,
            Message.user("What's left?"),
        ]
    )
    conv = Conversation.from_messages(record)
    out = conv.compact(OfflineSummarizer(), CompactionPolicy(keep_recent=2), force=True)
    assert out.event is not None and out.verification is not None
    assert "What's left?" not in out.event.recap_text
    assert not out.verification.missing, out.verification.missing

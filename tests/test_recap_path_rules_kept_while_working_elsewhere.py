"""A user's rule on a path is filed under Constraints by what the assistant did with that
path afterwards, not by whether its answer made a tool call (issue #14): "Got it." then
work on other paths in the same turn keeps off the path as much as "Got it." alone. A rule
said with its reason ("leave X alone, it is our only copy") is as short where it names
the path. The evidence is the path's, in any language: never named by a call after, while
the work went on beside it (its folder), or said as a label and what to do with it
("infra/prod/ - <hands off>"), or left alone while the turn's other requests were done.
A pointer, a status or a request on a path the assistant left alone elsewhere, looked
into or wrote stays out of the rules."""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.model import Message

RULES = "Constraints and corrections"

TASK = "Fix the seed loader in db/seeds/loader.py so that it reads dates as UTC."


def _call(n: int, command: str, output: str) -> list[Message]:
    return call_and_result(f"c{n}", "shell", {"command": command}, output, n)


def _write(n: int, path: str) -> list[Message]:
    args: dict[str, object] = {"path": path, "content": "x\n"}
    return call_and_result(f"w{n}", "write_file", args, f"wrote 2 bytes to {path}", 100 + n)


def _recap(said: str, answer: list[Message], *later: str) -> str:
    """The offline recap of the task, the user's ``said`` with the assistant's ``answer``,
    then work going on (``later`` among its calls, else a read beside db/seeds/) and a few
    nudges."""
    record = [
        Message.user(TASK),
        *_call(0, "cat db/seeds/loader.py", "def load(path): ..."),
        Message.assistant("I'll make the loader read dates as UTC."),
        Message.user(said),
        *answer,
    ]
    steps = [
        *(later or ["cat db/seeds/dev/users.sql"]),
        "python -m pytest tests/seeds -q",
        "git diff",
    ]
    for n, command in enumerate(steps):
        record += [Message.user("ok, go on"), *_call(n + 1, command, "ok")]
    return render_digest(digest(record), 4800)


def _noted_then(command: str) -> list[Message]:
    """'Got it.', then work in the same turn."""
    return [Message.assistant("Got it."), *_call(9, command, "ok"), Message.assistant("On it.")]


@pytest.mark.parametrize(
    "rule",
    [
        # Malagasy: don't touch db/seeds/prod_snapshot/, it is the only copy of production we have
        "Aza kitihina ny db/seeds/prod_snapshot/, satria io ihany no dika production ananantsika.",
        # Somali: please don't touch db/seeds/prod_snapshot/, it is our only copy of production
        "Fadlan ha taaban db/seeds/prod_snapshot/, waa nuqulka kaliya ee production ee aan haysanno.",
    ],
)
def test_a_rule_with_its_reason_the_assistant_kept_off_is_a_rule(rule: str) -> None:
    recap = _recap(rule, [Message.assistant("Understood.")])
    assert "db/seeds/prod_snapshot/" in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "rule",
    [
        # Yoruba: please don't touch db/seeds/prod_snapshot/, it is the only copy we have
        "Jọ̀wọ́ má fọwọ́ kan db/seeds/prod_snapshot/, òun nìkan ni ẹ̀dà tí a ní.",
        "Aza kitihina ny db/seeds/prod_snapshot/ mihitsy.",  # Malagasy, said briefly
    ],
)
def test_a_rule_answered_got_it_then_work_beside_the_path_is_a_rule(rule: str) -> None:
    recap = _recap(rule, _noted_then("ls db/seeds/dev/"))
    assert "db/seeds/prod_snapshot/" in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "rule",
    [
        "infra/prod/ - ungayithinti.",  # Zulu: infra/prod/ - don't touch it
        "infra/prod/ - ha taaban.",  # Somali
    ],
)
def test_a_path_said_as_a_label_then_left_alone_while_working_is_a_rule(rule: str) -> None:
    recap = _recap(rule, _noted_then("python -m pytest tests/seeds -q"))
    assert "infra/prod/" in recap_section(recap, RULES)


def test_a_rule_beside_a_request_the_assistant_carried_out_is_a_rule() -> None:
    # Malagasy: run the seed tests again and add a line to CHANGELOG.md. Don't change
    # anything in vendor/legacy_sdk/, another team looks after it.
    said = (
        "Avereno ny fitsapana seeds ary manampia andalana ao amin'ny CHANGELOG.md. "
        "Aza manova na inona ao vendor/legacy_sdk/, ekipa hafa no mikarakara."
    )
    did = [
        *_call(9, "python -m pytest tests/seeds -q", "4 passed"),
        *_write(9, "CHANGELOG.md"),
        Message.assistant("Done: the tests pass and the changelog has its line."),
    ]
    recap = _recap(said, did, "ls vendor/")
    assert "vendor/legacy_sdk/" in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Ny config dia ao amin'ny config/app.yaml.",  # Malagasy: the config is in config/app.yaml
        "Faylka config-ku wuxuu ku jiraa config/app.yaml.",  # Somali
        # Malagasy: the night job in scripts/nightly.sh failed yesterday
        "Ny asa alina ao amin'ny scripts/nightly.sh dia tsy nandeha omaly.",
    ],
)
def test_a_pointer_or_status_left_alone_while_working_elsewhere_is_no_rule(said: str) -> None:
    recap = _recap(said, _noted_then("python -m pytest tests/seeds -q"))
    assert said not in recap_section(recap, RULES)


def test_a_path_the_assistant_wrote_in_its_answer_is_no_rule() -> None:
    # Malagasy: please update docs/seeds.md as well, with the UTC note
    said = "Havaozy koa ny docs/seeds.md, miaraka amin'ny fanamarihana UTC."
    wrote = [Message.assistant("Sure."), *_write(9, "docs/seeds.md"), Message.assistant("Done.")]
    assert "docs/seeds.md" not in recap_section(_recap(said, wrote), RULES)


def test_a_rule_with_a_reason_on_a_path_written_later_is_no_rule() -> None:
    # (taken note of, but the assistant edited there later: no rule it kept)
    said = (
        "Aza kitihina ny db/seeds/prod_snapshot/, satria io ihany no dika production ananantsika."
    )
    recap = _recap(
        said, _noted_then("ls db/seeds/dev/"), "sed -i 's/a/b/' db/seeds/prod_snapshot/x.sql"
    )
    assert "db/seeds/prod_snapshot/" not in recap_section(recap, RULES)


# Malagasy: never commit anything at all in data/raw/ (eight words beside the path)
LONGER_RULE = "Aza manao commit na inona na inona ao data/raw/ mihitsy."
BESIDE = ("head data/clean/users.csv", "ls data/clean/", "wc -l data/clean/users.csv")


def test_a_longer_rule_kept_to_while_working_beside_it_call_after_call_is_a_rule() -> None:
    recap = _recap(LONGER_RULE, [Message.assistant("Understood.")], *BESIDE)
    assert "data/raw/" in recap_section(recap, RULES)


def test_a_longer_clause_with_the_work_beside_it_once_is_no_rule() -> None:
    # (as long as a status: "the export in data/raw/ did not finish last night" - one call
    # beside it is no sign of a fence)
    recap = _recap(LONGER_RULE, [Message.assistant("Understood.")], BESIDE[0])
    assert "data/raw/" not in recap_section(recap, RULES)


def test_a_path_with_a_case_ending_glued_on_is_the_path_the_calls_name() -> None:
    # (a hyphen joins a case ending to a path in some languages: the rule is on data/raw/,
    # and a later write there is no keeping off it)
    said = "Aza kitihina ny data/raw/-ao mihitsy."
    recap = _recap(said, [Message.assistant("Understood.")], "sed -i 's/a/b/' data/raw/x.csv")
    assert "data/raw/" not in recap_section(recap, RULES)

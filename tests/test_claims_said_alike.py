"""A clause said the way the same recap says a checked one, in any language (review48:
ran-vs-mentioned 24/24 and read-as-written 22/24 stood in languages no verb list reaches):
said as a command that ran is said, the command must have run; said as a path that was
written is said, the path must have been written. A denial, a plan or a rule is worded
otherwise and stands."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages

RECORD = read_messages(
    [
        {"role": "user", "content": "Tidy the staging bucket. What does `make purge-prod` remove?"},
        openai_tool_call("c1", "bash", {"command": "make purge-staging"}),
        openai_tool_result("c1", "removed 42 objects"),
        openai_tool_call("c2", "read_file", {"path": "config/buckets.yaml"}),
        openai_tool_result("c2", "staging: s3://stg\nprod: s3://prd\n"),
        openai_tool_call("c3", "write_file", {"path": "docs/cleanup.md", "content": "# Cleanup\n"}),
        openai_tool_result("c3", "ok"),
        {"role": "assistant", "content": "Done: staging is clean."},
    ]
)

# (language, "I ran {c}.", "I did not run {c}.", "I wrote {p}.", "I read {p}.")
SAID = [
    ("hy", "Ես գործարկեցի {c}։", "Ես չգործարկեցի {c}։", "Ես գրեցի {p} ֆայլը։", "Ես կարդացի {p} ֆայլը։"),
    ("lt", "Paleidau {c}.", "Nepaleidau {c}.", "Parašiau failą {p}.", "Perskaičiau failą {p}."),
    ("ta", "நான் {c} ஐ இயக்கினேன்.", "நான் {c} ஐ இயக்கவில்லை.", "நான் {p} கோப்பை எழுதினேன்.", "நான் {p} கோப்பைப் படித்தேன்."),
    ("sw", "Niliendesha {c}.", "Sikuendesha {c}.", "Niliandika faili {p}.", "Nilisoma faili {p}."),
]  # fmt: skip


def _stands(line: str, before: str) -> bool:
    v = verify_recap(f"Goal: Tidy the staging bucket.\n{before}\n{line}", RECORD, ledger=False)
    return line in v.text


@pytest.mark.parametrize("said", SAID, ids=[s[0] for s in SAID])
def test_a_command_said_as_one_that_ran_must_have_run(said: tuple[str, ...]) -> None:
    _, ran, not_ran, _, _ = said
    sibling = ran.format(c="`make purge-staging`")
    assert not _stands(ran.format(c="`make purge-prod`"), sibling)
    assert _stands(not_ran.format(c="`make purge-prod`"), sibling)
    assert _stands(sibling, not_ran.format(c="`make purge-prod`"))


@pytest.mark.parametrize("said", SAID, ids=[s[0] for s in SAID])
def test_a_path_said_as_one_written_must_have_been_written(said: tuple[str, ...]) -> None:
    *_, wrote, read = said
    sibling = wrote.format(p="docs/cleanup.md")
    assert not _stands(wrote.format(p="config/buckets.yaml"), sibling)
    assert _stands(read.format(p="config/buckets.yaml"), sibling)


def test_items_alone_under_a_heading_are_no_shape() -> None:
    """Under "Commands run:" the heading says what an item is; a bare item has no words."""
    recap = "Commands run:\n- `make purge-staging`\nFiles read:\n- config/buckets.yaml"
    assert verify_recap(recap, RECORD, ledger=False).removed_sentences == ()


def test_a_file_a_command_made_is_no_lie_said_as_one_written() -> None:
    """A generated file ("python gen.py --out out/report.md") was made by the call that
    names it; only a file a call merely showed is held to the write-type calls."""
    record = read_messages(
        [
            {"role": "user", "content": "Write the docs and the report."},
            openai_tool_call("c1", "write_file", {"path": "docs/a.md", "content": "# A\n"}),
            openai_tool_result("c1", "ok"),
            openai_tool_call("c2", "bash", {"command": "python gen.py --out out/report.md"}),
            openai_tool_result("c2", "wrote out/report.md"),
            openai_tool_call("c3", "bash", {"command": "cat notes/todo.md"}),
            openai_tool_result("c3", "- a\n- b\n- c"),
        ]
    )
    recap = "Ysgrifennais docs/a.md.\nYsgrifennais out/report.md.\nYsgrifennais notes/todo.md."
    v = verify_recap(recap, record, ledger=False)
    assert v.removed_sentences == ("Ysgrifennais notes/todo.md.",)


def test_names_a_tool_printed_are_no_commands_said_alike() -> None:
    """`UserService` found by a grep whose arguments name `OrderService` only: a name the
    output printed is no command a call must have run."""
    record = read_messages(
        [
            {"role": "user", "content": "Where are the services defined?"},
            openai_tool_call("c1", "bash", {"command": "grep -rn OrderService src/"}),
            openai_tool_result(
                "c1", "src/a.py:3:class OrderService:\nsrc/b.py:9:class UserService:"
            ),
        ]
    )
    recap = "Lelwe `OrderService` ku src/a.py.\nLelwe `UserService` ku src/b.py."
    assert verify_recap(recap, record, ledger=False).removed_sentences == ()

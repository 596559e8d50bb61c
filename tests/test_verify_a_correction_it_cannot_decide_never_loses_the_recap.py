"""A recap line giving a value as the user's choice, that the checker cannot decide, stands as
the user's own sentence (issue #14 item 4).

"Use Envoy, not HAProxy" said in words whose denial no reader here holds, both values brought
in by that turn and nothing after naming one: the honest "The user corrected the earlier
choice to Envoy." and "Use Envoy, as the user asked." were struck, and a recap holding only
them was rejected whole ("nothing of the recap survived"). Each struck line now stands as the
user's sentence, quoted once: true whichever way the user meant it, so neither the honest
choice is lost nor the value set aside handed to the model. A line the readers decide (English)
is stripped or kept as before, and the library's and the CLI's compaction judge every line as
``verify_recap`` does."""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import contextledger.cli.compact  # noqa: F401  (registers the command)
from contextledger.cli import main
from contextledger.compaction import Conversation, OpenAISummarizer
from contextledger.compaction.verify import verify_recap
from contextledger.config import DEFAULT_MODEL
from contextledger.providers import read_messages
from stub_server import StubReply, StubServer

VALUES = [
    ("HAProxy", "Envoy"),
    ("Node 18", "Node 22.11"),
    ("round robin", "weighted least request"),
]
# "use B, not A" and "not A, use B" in Estonian, Hausa and Swahili
TURNS = [
    "Kasuta {B}, mitte {A}.",
    "Mitte {A}, kasuta {B}.",
    "Yi amfani da {B}, ba {A} ba.",
    "Ba {A} ba, yi amfani da {B}.",
    "Tumia {B}, si {A}.",
    "Si {A}, tumia {B}.",
]


def _session(turn: str) -> list[dict[str, Any]]:
    filler = [
        m
        for k in range(8)
        for m in (
            {"role": "user", "content": f"docs/step-{k}.md"},
            {"role": "assistant", "content": f"Read docs/step-{k}.md."},
        )
    ]
    return [
        {"role": "user", "content": "Set up the gateway's load balancer."},
        {"role": "assistant", "content": "Ok."},
        {"role": "user", "content": turn},
        {"role": "assistant", "content": "Noted."},
        *filler,
        {"role": "user", "content": "What next?"},
    ]


def _honest(old: str, new: str) -> list[str]:
    return [f"The user corrected the earlier choice to {new}.", f"Use {new}, as the user asked."]


def _lies(old: str, new: str) -> list[str]:
    return [f"Use {old}, as the user asked.", f"The user corrected the earlier choice to {old}."]


def _recap(lines: list[str]) -> str:
    return "Summary:\n" + "\n".join(f"- {line}" for line in lines)


def _kept_or_quoted(line: str, text: str, said: str) -> bool:
    return line in text or f'The user said: "{said}"' in text


CASES = [(t, old, new) for t, (old, new) in product(TURNS, VALUES)]


@pytest.mark.parametrize(("turn", "old", "new"), CASES)
def test_an_honest_recap_of_an_undecided_correction_is_never_rejected_whole(
    turn: str, old: str, new: str
) -> None:
    said = turn.format(A=old, B=new)
    record = read_messages(_session(said))
    out = verify_recap(_recap(_honest(old, new)), record, ledger=False)
    assert out.accepted, out.reason
    for line in _honest(old, new):
        assert _kept_or_quoted(line, out.text, said), out.text
    assert out.text.count("The user said:") <= 1, out.text


@pytest.mark.parametrize(("turn", "old", "new"), CASES)
def test_the_value_set_aside_never_stands_as_the_users_choice(
    turn: str, old: str, new: str
) -> None:
    said = turn.format(A=old, B=new)
    record = read_messages(_session(said))
    out = verify_recap(_recap(_lies(old, new) + _honest(old, new)), record, ledger=False)
    for line in _lies(old, new):
        assert line not in out.text, out.text
    for line in _honest(old, new):
        assert _kept_or_quoted(line, out.text, said), out.text


ENGLISH = [
    "No wait, not {A} - use {B} instead.",
    "Use {B} - {A} is not what we want.",
    "Use {B}, not {A}.",
]


@pytest.mark.parametrize(
    ("turn", "old", "new"), [(t, old, new) for t, (old, new) in product(ENGLISH, VALUES)]
)
def test_an_english_correction_keeps_the_honest_lines_and_strips_the_lies(
    turn: str, old: str, new: str
) -> None:
    record = read_messages(_session(turn.format(A=old, B=new)))
    out = verify_recap(_recap(_lies(old, new) + _honest(old, new)), record, ledger=False)
    for line in _lies(old, new):
        assert line not in out.text, out.text
    for line in _honest(old, new):
        assert line in out.text, out.text
    assert "The user said:" not in out.text


def test_a_verb_before_not_denies_its_subject_and_picks_nothing() -> None:
    from contextledger.compaction.claims.polarity import preferences

    assert preferences("Use Envoy - HAProxy is not what we want.") == set()
    assert ("envoy", "haproxy") in preferences("Use Envoy, not HAProxy.")


def _prose(recap: str) -> list[str]:
    """The summary's own lines a verified recap kept (compaction adds the record's own
    sections after them, and sets its heading apart)."""
    return [line for line in recap.split("\n\n")[0].splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("turn", [TURNS[0], TURNS[3], ENGLISH[1]])
def test_the_library_and_the_cli_judge_each_line_as_verify_recap_does(
    turn: str, stub: StubServer, tmp_path: Path, monkeypatch: Any
) -> None:
    old, new = VALUES[2]
    session = _session(turn.format(A=old, B=new))
    recap = _recap(_lies(old, new) + _honest(old, new))
    expected = _prose(verify_recap(recap, read_messages(session), ledger=False).text)
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    for window in (None, 128_000):
        stub.script(*[StubReply(recap)] * 4)
        conv = Conversation.from_messages(read_messages(session))
        out = conv.compact(summarizer, force=True, window=window)
        assert out.event is not None, out.report
        assert _prose(out.event.recap_text) == expected
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("CONTEXT_COMPACTION_RETRIES", "0")
    file = tmp_path / "session.json"
    file.write_text(json.dumps(session))
    stub.script(*[StubReply(recap)] * 4)
    args = ["compact", str(file), "--summarizer", "openai:gpt-4o-mini"]
    result = CliRunner().invoke(
        main, [*args, "--summarizer-base-url", stub.url, "--json", "-m", DEFAULT_MODEL]
    )
    assert result.exit_code == 0, result.output
    assert _prose(json.loads(result.output)["recap"]) == expected

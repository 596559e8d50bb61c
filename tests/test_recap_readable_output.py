"""Tool output as it reads (issue #14 item 3). Output painted for a terminal (pytest
--color=yes, jest --colors, gradle's rich console, cargo nextest) is read as the terminal
shows it. The recap names the failing test whole, holds no escape sequence, does not list
a passing run's tick as a failure, and verification keeps the line; the record keeps the
output as it came. A shell tool's JSON envelope is read as the output it wraps."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction import Conversation, OfflineSummarizer
from contextledger.compaction.readable import unwrapped, without_ansi
from contextledger.providers import read_messages

R, B, G, X = "\x1b[31m", "\x1b[1m", "\x1b[32m", "\x1b[0m"

PAINTED = {
    "pytest": (
        "pytest --color=yes tests/test_slots.py",
        f"{R}FAILED{X} tests/test_slots.py::{B}test_double_booking_rejected{X} - AssertionError\n"
        f"{R}========== {B}1 failed{X}, {G}30 passed{X}{R} in 1.1s =========={X}",
        "test_double_booking_rejected",
    ),
    "jest": (
        "npx jest src/roster --colors",
        f"{R}{B} FAIL {X} src/roster/{B}rest.test.ts{X}\n    {G}✓{X} counts layovers\n"
        f"    {R}✕{X} \x1b[2menforces rest after night sector (5 ms){X}\n"
        f"{B}Tests:{X} {R}{B}1 failed{X}, {G}{B}14 passed{X}, 15 total",
        "enforces rest after night sector",
    ),
    "gradle": (
        "./gradlew :stations:test --console=rich",
        f"StationIngestTest > {B}rejectsGustAboveSensorMax(){X} {R}FAILED{X}\n"
        "    org.opentest4j.AssertionFailedError at StationIngestTest.kt:64\n"
        f"42 tests completed, {R}1 failed{X}\n{R}BUILD FAILED{X} in 14s",
        "rejectsGustAboveSensorMax",
    ),
    "nextest": (
        "cargo nextest run -p cellar --color always",
        f"\x1b[32;1m        PASS{X} [   0.004s] {B}cellar{X} stock::tests::counts_bottles\n"
        f"\x1b[31;1m        FAIL{X} [   0.006s] {B}cellar{X} stock::tests::{B}buffer_holds_last_case{X}\n"
        f"\x1b[32;1m     Summary{X} 12 tests run: 11 passed, 1 \x1b[31;1mfailed{X}, 0 skipped",
        "stock::tests::buffer_holds_last_case",
    ),
}


def _compacted(command: str, output: str, passing: str = "") -> tuple[str, Conversation]:
    said: list[dict[str, object]] = [
        {"role": "user", "content": "Rework the booking flow so it survives the holiday rush."},
        openai_tool_call("c1", "Bash", {"command": command}),
        openai_tool_result("c1", output),
    ]
    if passing:
        said += [
            openai_tool_call("c2", "Bash", {"command": "npx jest src/errors --colors"}),
            openai_tool_result("c2", passing),
        ]
    for k in range(12):
        said += [{"role": "user", "content": f"go on {k}"}, {"role": "assistant", "content": "Ok."}]
    conv = Conversation.from_messages(read_messages(said))
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.event is not None, out.report
    return out.event.recap_text, out.conversation


@pytest.mark.parametrize("runner", sorted(PAINTED))
def test_a_painted_failing_run_names_its_test_whole_without_escapes(runner: str) -> None:
    command, output, name = PAINTED[runner]
    recap, conv = _compacted(command, output)
    failures = recap.partition("Failures:")[2]
    assert name in failures, recap
    assert "\x1b" not in recap and "[0m" not in recap
    # the record keeps the output as the tool printed it
    assert any(output in m.tool_results[0].text for m in conv.record if m.tool_results)


def test_a_passing_runs_coloured_tick_is_no_failure() -> None:
    command, output, _ = PAINTED["jest"]
    passing = f"{G}{B} PASS {X} src/errors/errors.test.ts\n  {G}✓{X} \x1b[2mreports a failed publish (2 ms){X}"
    recap, _ = _compacted(command, output, passing)
    assert "reports a failed publish" not in recap.partition("Failures:")[2], recap


def test_colour_codes_written_out_by_a_json_envelope_are_read_as_colour() -> None:
    command, output, name = PAINTED["pytest"]
    envelope = json.dumps({"exit_code": 1, "stdout": output, "stderr": ""})
    assert "\\u001b[" in envelope
    recap, _ = _compacted(command, envelope)
    assert name in recap.partition("Failures:")[2], recap
    assert "u001b" not in recap


_SGR = st.builds(
    lambda codes: "\x1b[" + ";".join(map(str, codes)) + "m",
    st.lists(st.integers(0, 107), max_size=3),
)


@given(
    st.lists(
        st.tuples(st.text(st.characters(blacklist_characters="\x1b\\"), max_size=12), _SGR),
        max_size=8,
    )
)
def test_painting_any_text_and_reading_it_back_gives_the_text(
    pieces: list[tuple[str, str]],
) -> None:
    text = "".join(t for t, _ in pieces)
    painted = "".join(code + t for t, code in pieces) + "\x1b[0m"
    assert without_ansi(painted) == text
    assert without_ansi(text) == text


ENVELOPE_NUMBERS = "bookings: 8,114\nno-shows recovered: 59001\ncancellations: 402\n"


@pytest.mark.parametrize(
    "envelope",
    [
        {"exit_code": 0, "stdout": ENVELOPE_NUMBERS, "stderr": ""},
        {"stdout": ENVELOPE_NUMBERS, "stderr": "", "returncode": 0, "duration_s": 1.2},
        {"output": ENVELOPE_NUMBERS, "exitCode": 0},
    ],
)
def test_a_shell_envelopes_numbers_are_listed_as_printed_not_as_json(
    envelope: dict[str, object],
) -> None:
    recap, _ = _compacted("python manage.py booking_stats --week", json.dumps(envelope))
    numbers = recap.partition("Numbers that matter:")[2]
    assert "no-shows recovered: 59001" in numbers, recap
    assert '"stdout"' not in recap and '"output"' not in recap


def test_an_envelopes_exit_code_is_how_the_run_ended() -> None:
    assert unwrapped('{"stdout": "", "stderr": "", "exit_code": 3}') == "exit code: 3"
    assert unwrapped('{"stdout": "ok", "exit_code": 0, "timed_out": true}') == "ok\ntimed out"
    # an API's answer is no envelope: read as it came
    assert unwrapped('{"stdout": "x", "rows": 3}') is None
    assert unwrapped('{"id": 7, "status": "ok"}') is None


DART_FAILURE = (
    "[04:10:09.652] DEBUG sample_tracker: shard=28\n"
    "00:02 +14 -1: test/roster_test.dart: legality caps duty at 13h [E]\n"
    "  Expected: <13>\n    Actual: <15>\n"
    "00:02 +14 -1: Some tests failed."
)
# how a Gemini function_response carries a command's output: google-genai's automatic
# function calling wraps a return value as {"result": value}; a shell tool may return its
# own envelope as JSON text inside it
GEMINI_RESPONSES = {
    "text": {"result": DART_FAILURE},
    "envelope as text": {"result": json.dumps({"output": DART_FAILURE, "returncode": 1})},
    "output": {"output": DART_FAILURE},
}


def _gemini(response: dict[str, object]) -> dict[str, object]:
    call = {"name": "run_command", "args": {"cmd": "dart test test/roster_test.dart"}}
    contents: list[dict[str, object]] = [
        {"role": "user", "parts": [{"text": "Run the roster tests."}]},
        {"role": "model", "parts": [{"function_call": call}]},
        {
            "role": "user",
            "parts": [{"function_response": {"name": "run_command", "response": response}}],
        },
    ]
    for k in range(12):
        contents += [
            {"role": "model", "parts": [{"text": "On it."}]},
            {"role": "user", "parts": [{"text": f"ok {k}"}]},
        ]
    return {"contents": contents}


@pytest.mark.parametrize("shape", sorted(GEMINI_RESPONSES))
def test_a_gemini_function_response_is_read_as_the_output_it_wraps(shape: str) -> None:
    """R30-M1: a Gemini function_response {"result": <text>} was read as one line of JSON:
    the recap's failure was that JSON cut at its limit, the failing test and the expected
    and actual values lost; fit's gist of the dropped exchange lost them the same way."""
    from contextledger.fit.gists import exchange_gist

    messages = read_messages(_gemini(GEMINI_RESPONSES[shape]))
    conv = Conversation.from_messages(messages)
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.event is not None, out.report
    failures = out.event.recap_text.partition("Failures:")[2].partition("\n\n")[0]
    assert "legality caps duty at 13h [E]" in failures, out.event.recap_text
    assert "Expected: <13>" in failures
    assert '"result"' not in out.event.recap_text and '\\"output' not in out.event.recap_text
    gist = exchange_gist(messages[1:3])
    # (the failing test first, then the run's own last line: R35-F3)
    assert (
        gist is not None
        and "failed: 00:02 +14 -1: test/roster_test.dart: legality caps duty at 13h [E]"
        in gist.text
    ), gist
    assert "Some tests failed." in gist.text
    assert '"result"' not in gist.text and '\\"output' not in gist.text

"""Gists of earlier tool exchanges and the assistant's statements of values (issue #14: what
was written, run and failed stays in view after the cut; ``fit/gists.py``, ``pin_gists``)."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter, fit
from contextledger.fit.gists import (
    _FAIL_LINE,
    _MARKS,
    ROUTINE,
    SEARCHED,
    WROTE,
    exchange_gist,
    failing_lines,
    gist_cap,
    routine,
)
from contextledger.fit.options import FitOptions
from contextledger.lexicon.outcomes import RUN_FAILED
from contextledger.model import Message, Reasoning, Text, ToolCall
from contextledger.pricing.messages import price_request
from contextledger.providers import read_messages, translate

MODEL = "gpt-4o"
GOAL = "Port the ledger service to Go 1.22 and fix the balance bug."
LOG = "\n".join(f"[{i:04d}] INFO step={i * 37 % 1000} took={i % 9}.{i % 7}s" for i in range(60))


def _call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": cid,
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)},
            }
        ],
    }


def session(rounds: int = 80) -> list[dict[str, Any]]:
    """An agent session whose facts are said early: a file written, a command run, a test
    failing, a value stated, among look-ups and routine replies."""
    out: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": GOAL},
    ]
    for r in range(rounds):
        out.append({"role": "user", "content": "ok, keep going"})
        cid = f"c{r}"
        if r == 3:
            out.append(_call(cid, "write_file", {"path": "internal/ledger/balance.go",
                                                 "content": "package ledger\n" * 20}))  # fmt: skip
            out.append({"role": "tool", "tool_call_id": cid, "content": "wrote 300 bytes"})
        elif r == 5:
            out.append(_call(cid, "shell", {"command": "go vet ./internal/ledger/..."}))
            out.append({"role": "tool", "tool_call_id": cid, "content": LOG + "\nok"})
        elif r == 7:
            out.append(_call(cid, "shell", {"command": "go test ./internal/ledger/... -count=1"}))
            out.append({"role": "tool", "tool_call_id": cid, "content": LOG
                        + "\n--- FAIL: TestLedgerBalanceRounding (0.01s)\n"
                        "    balance_test.go:52: got 90, want 100\nFAIL\nexit status 1"})  # fmt: skip
        else:
            out.append(_call(cid, "shell", {"command": f"grep -rn balance internal/ | head -{r}"}))
            out.append({"role": "tool", "tool_call_id": cid, "content": LOG})
        said = "The ledger holds 48,213 open accounts." if r == 9 else f"Step {r} checked."
        out.append({"role": "assistant", "content": said})
    out.append({"role": "user", "content": "ok, keep going"})
    return out


def text_of(messages: Any) -> str:
    return "\n".join(m.text for m in messages)


def test_what_was_written_run_and_failed_is_kept_as_a_gist_and_reported() -> None:
    res = fit(session(), MODEL, window=4_000, max_output_tokens=500)
    text = text_of(res.messages)
    assert GOAL in text
    assert "internal/ledger/balance.go" in text
    assert "go vet ./internal/ledger/..." in text
    assert "--- FAIL: TestLedgerBalanceRounding" in text
    assert "The ledger holds 48,213 open accounts." in text
    assert "grep -rn balance internal/ | head -11" not in text  # a look-up is not gisted
    assert text.count("Step 12 checked.") == 0  # a routine line is not a value
    gists = [m for m in res.messages if m.id.startswith("gist-")]
    assert gists and all(m.role == "assistant" for m in gists)
    # reported: pinned, in a notice, and their exchanges among the drops
    assert {m.id for m in gists} <= set(res.report.pinned)
    assert any(n.kind == "pinned" and gists[0].id in n.text for n in res.report.notices)
    dropped = {c.message_id for c in res.report.dropped}
    assert all(m.id.removeprefix("gist-") in dropped for m in gists)
    # within the cap, priced as sent, the history still opens with the user
    cost = sum(
        c.tokens_after
        for c in res.report.changes
        if c.action == "kept" and c.message_id.startswith("gist-")
    )
    assert cost <= gist_cap(res.report.budget - res.report.overhead_tokens)
    assert res.report.used <= res.report.budget
    assert res.messages[1].role == "user"


@pytest.mark.parametrize("target", ["openai", "anthropic", "gemini"])
def test_gists_are_priced_exactly_as_sent(target: str) -> None:
    model = {"openai": MODEL, "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-pro"}[target]
    res = fit(session(), model, window=4_000, max_output_tokens=500, target=target)
    assert any(m.id.startswith("gist-") for m in res.messages)
    body = translate(res.messages, target, model=model).body
    assert price_request(body, model, target).total == res.report.used


def _gists(messages: Any) -> list[tuple[str, str]]:
    return [(m.id, m.text) for m in messages if m.id.startswith("gist-")]


def test_a_sticky_cut_keeps_the_gists_and_they_stay_while_it_stays() -> None:
    """R28-R1: a cut kept for the prompt cache (``hysteresis``: a Preparer's, the proxy's)
    pins the gists of what it drops as a fit without one does, and the same ones every turn
    the cut stays, so the prefix the cache holds is not moved by them."""
    one_shot = fit(session(), MODEL, window=4_000, max_output_tokens=500)
    sticky = fit(session(), MODEL, window=4_000, max_output_tokens=500, hysteresis=0.25)
    assert _gists(sticky.messages) == _gists(one_shot.messages) != []
    assert "--- FAIL: TestLedgerBalanceRounding" in text_of(sticky.messages)

    fitter = Fitter(MODEL, window=4_000, max_output_tokens=500, options=FitOptions(hysteresis=0.25))
    app = session()
    seen: list[tuple[str | None, list[tuple[str, str]]]] = []
    for turn in range(8):
        if turn:  # (turns of ~70 tokens: the fourth or so leaves the first fit's cut no room)
            app += [{"role": "assistant", "content": f"ok {turn}. " + "Checked. " * 30},
                    {"role": "user", "content": f"next {turn}"}]  # fmt: skip
        res = fitter.fit(app)
        assert res.report.used <= res.report.budget
        assert res.messages[1].role == "user"
        text = text_of(res.messages)
        assert "internal/ledger/balance.go" in text and "TestLedgerBalanceRounding" in text
        dropped = {c.message_id for c in res.report.dropped}
        assert all(i.removeprefix("gist-") in dropped for i, _ in _gists(res.messages))
        pinned = set(res.report.pinned)
        cut = next(i for i in res.report.kept[1:] if i not in pinned)  # (after the system prompt)
        seen.append((cut, _gists(res.messages)))
    stays = [(a, b) for a, b in pairwise(seen) if a[0] == b[0]]
    assert len(stays) >= 4 and len({cut for cut, _ in seen}) == 2  # (it stayed, and moved once)
    assert all(a[1] == b[1] for a, b in stays)


def test_a_preparer_without_compaction_pins_gists_with_its_sticky_cut() -> None:
    from contextledger.prepare import prepare

    plain = prepare(session(), MODEL, window=4_000, max_output_tokens=500, compaction=False)
    assert "--- FAIL: TestLedgerBalanceRounding" in text_of(plain.messages)
    assert "go vet ./internal/ledger/..." in text_of(plain.messages)


@pytest.mark.parametrize(
    "args",
    [
        {"run": {"cmd": "go vet ./internal/ledger/..."}},
        {"args": {"command": ["go", "vet", "./internal/ledger/..."]}},
        {"exec": {"argv": ["go", "vet", "./internal/ledger/..."], "env": {"CI": "1"}}},
    ],
)
def test_a_command_nested_in_its_arguments_is_gisted(args: dict[str, Any]) -> None:
    """R28-R2: the command is the nested argument's (as the recap reads it)."""
    msgs = session()
    at = next(i for i, m in enumerate(msgs) if m.get("tool_calls") and "go vet" in str(m))
    msgs[at] = _call("c5", "bash_tool", args)
    res = fit(msgs, MODEL, window=4_000, max_output_tokens=500)
    assert "go vet ./internal/ledger/..." in text_of(res.messages)


def test_a_nested_look_up_is_not_gisted() -> None:
    msgs = session()
    at = next(i for i, m in enumerate(msgs) if m.get("tool_calls") and "go vet" in str(m))
    msgs[at] = _call("c5", "bash_tool", {"run": {"cmd": "ls -la internal/", "cwd": "/r"}})
    res = fit(msgs, MODEL, window=4_000, max_output_tokens=500)
    assert "ls -la internal/" not in text_of(res.messages)


def test_a_nested_search_is_gisted_as_a_search_not_as_a_command_run() -> None:
    call = ToolCall("c5", "bash_tool", json.dumps({"run": {"cmd": "grep -rn vet internal/"}}))
    gist = exchange_gist([Message.assistant(call), Message.tool("c5", "a.go:3: vet\nb.go:9: vet")])
    assert gist is not None and gist.rank == SEARCHED
    assert "grep -rn vet internal/" in gist.text and "a.go:3" not in gist.text


def test_an_exchange_kept_whole_has_no_gist_beside_it() -> None:
    res = fit(session(12), MODEL, window=128_000, max_output_tokens=500)
    assert not any(m.id.startswith("gist-") for m in res.messages)
    res = fit(session(30), MODEL, window=6_000, max_output_tokens=500)
    kept = set(res.report.kept)
    assert not any(k.startswith("gist-") and k.removeprefix("gist-") in kept for k in kept)


def test_a_one_line_gist_holds_the_exact_arguments() -> None:
    msgs = session()
    msgs[12] = _call("c3", "terminal", {"argv": ["pnpm", "test", "--filter", "cart"]})
    res = fit(msgs, MODEL, window=4_000, max_output_tokens=500)
    assert "pnpm test --filter cart" in text_of(res.messages)


def test_failing_lines_name_the_test_first() -> None:
    junit = (
        '<testsuite name="PaymentsTest" failures="1">\n'
        '  <testcase classname="PaymentsTest" name="testRefundTwice">\n'
        '    <failure message="expected 200 but was 500"/>\n  </testcase>\n</testsuite>'
    )
    assert failing_lines(junit)[0] == '<testcase classname="PaymentsTest" name="testRefundTwice">'
    mocha = "  41 passing (2s)\n  1 failing\n\n  1) Cart totals applies the discount:\n     AssertionError: x"
    assert failing_lines(mocha)[0] == "1) Cart totals applies the discount:"
    gradle = "> Task :app:test FAILED\ncom.shop.LoginTest > emitsError FAILED\nBUILD FAILED in 3s"
    assert failing_lines(gradle)[0] == "com.shop.LoginTest > emitsError FAILED"
    assert failing_lines("42 passed, 0 failed in 3.1s\nexit code 0") == []
    assert failing_lines("all good\n" * 3) == []


# main's failure-line pattern before speed51 (``\b\w*Error\b`` was quadratic on long words):
# the pattern now used must find a failure sign in exactly the lines it did, and since
# session 39 in those of the run failures the recap reads too (``RUN_FAILED``, R38-F1)
# (since retain67 a failure word in an option or a compound, after "--" or before "-":
# "--fail-fast", "fail-safe", is no failure)
_MAIN_FAIL_LINE = re.compile(
    r"(?<!--)\bFAIL(?:ED|URES?|S)?\b(?!-)|(?<!--)\b[Ff]ail(?:ed|ures?|ing|s)?\b(?!-)|"
    r"\bERROR\b|\b\w*Error\b|\berror\b|"
    r"Traceback \(most recent|\b\w*Exception\b|^panic:|\bexit (?:code|status) [1-9]|"
    r"<failure|<error\b|[✗✕✖]"
)
_PIECES = [
    "FAIL", "FAILED", "fail", "Failures", "failing", "ERROR", "Error", "error", "KeyError",
    "_Error", "Errors", "Traceback (most recent call last):", "Exception", "ValueException",
    "panic:", "exit code 2", "exit status 0", "<failure", "<error ", "<errors", "✗", "✕", "✖",
    "0 failed", "errors=0", "no errors", "::", "--- FAIL", "1) a", "2 failing", "a > b",
    "<testcase", "é", "ß", "日本", "_", "9", " ", "\n", "\t", ".", "-", "x", "Y", "abc",
    "Killed", "[1]+ ", "exited with code 1", "return code 3", "npm ERR!", "Segmentation fault",
    "core dumped", "<title>503 ", "<h1>", "Exit status 4",
]  # fmt: skip
_RUN_FAILED = re.compile(RUN_FAILED)
# ... and the failing-test shapes added on purpose since (Playwright's ✘ R33-F3, TAP, vitest,
# RSpec, Jest, Pester, dart; error statuses; a run's non-success status): a random line can
# hold one (train128's CI drew "FAILFAIL✘"), so the reference knows them too
_ADDED_SINCE = re.compile(
    r"✘|^not ok \d|^\s*× \S|^rspec \./\S+:\d+ #|^● \S[^\n›]* › |^\[-\] \S|\S \[E\]$|"
    r"^[Ss]tatus: [45]\d\d\b|\bHTTP/(?:1\.1|2) [45]\d\d\b|"
    r"^(?:status|state|result|outcome)\s*[:=]\s*(?:INFEASIBLE|UNSAT|TIMEOUT|TIMED OUT|"
    r"ABORTED|CRASHED|KILLED|DENIED|REJECTED|INVALID|UNHEALTHY)\b"
)


def _mains_or_run_failed(line: str) -> bool:
    return bool(
        _MAIN_FAIL_LINE.search(line) or _RUN_FAILED.search(line) or _ADDED_SINCE.search(line)
    )


def test_the_reference_knows_the_marks_added_since() -> None:
    # the shape hypothesis drew in train128's CI
    assert _mains_or_run_failed("FAILFAIL✘") is bool(_FAIL_LINE.search("FAILFAIL✘")) is True


@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=4), max_size=40))
@settings(max_examples=400, deadline=None)
def test_failure_line_pattern_finds_what_mains_did(parts: list[str]) -> None:
    text = "".join(parts)
    for line in [text, *text.splitlines()]:
        assert bool(_FAIL_LINE.search(line)) == _mains_or_run_failed(line), line
        if _FAIL_LINE.search(line):  # (the marks screen each line before the pattern)
            assert any(mark in line for mark in _MARKS), line


def _mains_failing_lines(text: str) -> list[str]:
    """gists.failing_lines as main had it before speed51 (every line stripped and searched)."""
    from contextledger.fit.gists import _MOCHA_COUNT, _MOCHA_TEST, _NAMES_TEST, _NOTHING_FAILED

    def clip(line: str) -> str:
        return line if len(line) <= 160 else line[:159] + "…"

    if len(text) > 5_000:
        text = text[:1_000] + "\n" + text[-4_000:]
    if not any(mark in text for mark in _MARKS):
        return []
    lines = [x.strip() for x in text.splitlines()]
    named: list[str] = []
    other: list[str] = []
    mocha = any(_MOCHA_COUNT.match(x) for x in lines)
    for n, line in enumerate(lines):
        if not line:
            continue
        if mocha and _MOCHA_TEST.match(line):
            named.append(clip(line))
            continue
        if not _mains_or_run_failed(line) or _NOTHING_FAILED.search(line):
            continue
        if line.startswith(("<failure", "<error")):
            case = next((x for x in reversed(lines[max(0, n - 2) : n]) if "<testcase" in x), None)
            if case is not None:
                named.append(clip(case))
        if line.startswith("Traceback (most recent"):
            continue
        (named if _NAMES_TEST.search(line) else other).append(clip(line))
    return named + other


_LINES = [
    *_PIECES, "  1 failing", "  1) Cart totals:", '  <testcase name="t">', "    <failure/>",
    "<error x>", "Traceback (most recent call last):", "  ValueError: bad", "--- FAIL: TestX",
    "ok", "", "   ", "x" * 170 + " Error", "\u2028", "\r", "\x0c",
]  # fmt: skip


@given(st.lists(st.sampled_from(_LINES) | st.text(max_size=20), max_size=60), st.booleans())
@settings(max_examples=400, deadline=None)
def test_failing_lines_are_mains(lines: list[str], long: bool) -> None:
    text = "\n".join(lines)
    if long:
        text = "y\n" * 1_000 + text + "\nz" * 1_500
    assert failing_lines(text) == _mains_failing_lines(text)


def _shown(lines: list[str], most: int = 3) -> list[str]:
    """The first ``most`` distinct lines, as a gist shows them."""
    return list(dict.fromkeys(lines))[:most]


@given(
    st.lists(st.sampled_from(_LINES) | st.text(max_size=20), max_size=60),
    st.booleans(),
    st.integers(1, 4),
)
@settings(max_examples=400, deadline=None)
def test_failing_lines_read_as_far_as_shown_show_the_same(
    lines: list[str], long: bool, most: int
) -> None:
    # (speed60: a gist shows the first 3 distinct failing lines, so the reading stops once
    # they are known: the same lines shown, and a failure found exactly when one is)
    text = "\n".join(lines)
    if long:
        text = "y\n" * 1_000 + text + "\nz" * 1_500
    whole = failing_lines(text)
    assert _shown(failing_lines(text, most), most) == _shown(whole, most)
    assert bool(failing_lines(text, most)) == bool(whole)


def test_failing_lines_read_as_far_as_shown_still_find_a_named_test_after_the_log() -> None:
    # the lines naming the failing test come first even after many lines that say "error"
    log = "\n".join(f"2026-01-0{i % 9} ERROR worker={i} retry error" for i in range(40))
    junit = '<testcase classname="T" name="refund">\n  <failure message="boom"/>'
    for text in (
        f"{log}\nFAILED tests/a.py::test_refund - AssertionError\n1 failed",
        f"{log}\n--- FAIL: TestRefund (0.01s)\nFAIL",
        f"{log}\n{junit}",
        f"{log}\nnot ok 7 refund is idempotent",
        "\r\n".join([log, "FAILED tests/b.py::test_x - KeyError: 'k'"]),
    ):
        shown = _shown(failing_lines(text, 3))
        assert shown == _shown(failing_lines(text)), text[-80:]
        assert len(shown) == 3 and shown[0] != shown[1]
        assert not shown[0].startswith("2026"), shown


@given(st.lists(st.sampled_from(_LINES) | st.text(max_size=8), max_size=12))
@settings(max_examples=400, deadline=None)
def test_the_screens_before_a_line_pattern_find_what_it_finds(parts: list[str]) -> None:
    # (speed60: a digit or a literal looked for first; the pattern itself decides)
    from contextledger.fit.gists import _NAMES_TEST, _NOTHING_FAILED, _names_test, _nothing_failed

    line = " ".join(parts)
    assert _nothing_failed(line) == bool(_NOTHING_FAILED.search(line))
    assert _names_test(line) == bool(_NAMES_TEST.search(line))


def test_the_other_line_breaks_are_every_one_splitlines_cuts_at() -> None:
    from contextledger.fit.gists import _OTHER_BREAKS

    cuts = {chr(c) for c in range(0x110000) if len(f"a{chr(c)}b".splitlines()) > 1}
    assert cuts == {"\n", *_OTHER_BREAKS}


def test_failing_lines_reads_only_the_lines_with_a_mark() -> None:
    # a long tool output of base64 lines with one failure line: the same lines as main's
    # reading, and the lines without a mark never searched by the pattern
    lines = ["QUJD" * 40 + str(i) for i in range(24)]
    lines[12] = "KeyError: 'sku' in loader.py"
    text = "\n".join(lines)
    assert failing_lines(text) == ["KeyError: 'sku' in loader.py"]
    assert failing_lines(text.replace("KeyError", "Key_Error")) == ["Key_Error: 'sku' in loader.py"]
    assert failing_lines(text.replace("KeyError", "KeyErrors")) == []


@given(st.integers(0, 40), st.integers(2_500, 12_000))
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_gists_keep_every_request_valid_and_within_the_window(rounds: int, window: int) -> None:
    res = fit(session(rounds), MODEL, window=window, max_output_tokens=500)
    assert res.report.used <= res.report.budget
    rest = [m for m in res.messages if m.role != "system"]
    assert rest[0].role == "user"
    calls = {c.id for m in rest for c in m.content if isinstance(c, ToolCall)}
    answered = {b.call_id for m in rest for b in m.content if hasattr(b, "call_id")}
    assert calls == answered
    assert len({m.id for m in res.messages}) == len(res.messages)


def test_a_chat_without_tools_is_fitted_as_before() -> None:
    """No tool call in the history: nothing is gisted, no room is set apart."""
    msgs: list[Message] = [Message.system("s"), Message.user(GOAL, id="u0")]
    for i in range(200):
        msgs += [Message.user(f"question {i} " * 5, id=f"u{i + 1}"),
                 Message.assistant(f"The answer is {i * 7} ms.", id=f"a{i}")]  # fmt: skip
    res = fit(msgs, MODEL, window=3_000, max_output_tokens=500)
    assert not any(n.kind == "pinned" for n in res.report.notices)


def test_prepare_with_compaction_pins_no_gists_the_recap_states_them() -> None:
    """With compaction the recap states what the dropped exchanges did; gists in its dry
    fit would take room from the recent turns and push them into the recap (bench
    retention's routing sessions lost a restated count so at 16k). Without compaction a
    Preparer with no sticky cut pins them as ``fit`` does."""
    from contextledger.prepare import prepare

    recapped = prepare(session(), MODEL, window=4_000, max_output_tokens=500, hysteresis=0.0)
    assert not any(m.id.startswith("gist-") for m in recapped.messages)
    assert "TestLedgerBalanceRounding" in text_of(recapped.messages)  # in the recap
    plain = prepare(
        session(), MODEL, window=4_000, max_output_tokens=500, hysteresis=0.0, compaction=False
    )
    assert any(m.id.startswith("gist-") for m in plain.messages)


def _pasted(words: str) -> str:
    return f"Here is the log:\n{LOG}\n\n{words}\n\n{LOG}"  # (more than the requests' cap)


def test_a_rule_said_inside_a_pasted_log_is_pinned_in_the_users_words() -> None:
    """R28-M4: a correction or rule said among the lines of a pasted log, in a turn too long
    to be kept, is sent in the user's words (a user turn, reported), the log left out: as
    the turn's own words between markers of the lines left out (review45 R45-ret5; before,
    its words alone as a gist turn)."""
    msgs = session()
    rule = "Never run `make deploy-prod` from this branch."
    msgs.insert(30, {"role": "user", "content": _pasted(rule)})
    msgs.insert(31, {"role": "assistant", "content": "Understood."})
    res = fit(msgs, MODEL, window=4_000, max_output_tokens=500)
    words = [m for m in res.messages if rule in m.text and m.role == "user"]
    assert len(words) == 1
    assert words[0].text.count("step=") <= 1  # (the log is not sent: its last line at most)
    said = words[0].id
    assert any(said.removeprefix("gist-") == n.where or said in n.text for n in res.report.notices)
    assert res.report.used <= res.report.budget
    body = translate(res.messages, "anthropic", model="claude-sonnet-4-5").body
    assert body["messages"][0]["role"] == "user"


def test_own_words_are_only_read_around_a_paste() -> None:
    from contextledger.fit.gists import own_words

    assert own_words("Fix the login test, please, it fails on CI since Monday.") is None
    doc = "\n\n".join(f"Paragraph {i} of the spec says a thing." for i in range(12))
    assert own_words(doc) is None  # (a document of short paragraphs: nothing pasted around)
    words = own_words(_pasted("No, the retry limit is 5, not 3."))
    assert words is not None and words.paragraphs == ("No, the retry limit is 5, not 3.",)


def test_a_value_only_a_tool_printed_is_in_its_gist() -> None:
    """R28-M2: a report's summary line, not only its last line."""
    msgs = session()
    at = next(i for i, m in enumerate(msgs) if m.get("tool_calls") and "go vet" in str(m))
    msgs[at] = _call("c5", "shell", {"command": "ledger-report --summary"})
    msgs[at + 1] = {
        "role": "tool",
        "tool_call_id": "c5",
        "content": LOG + "\nSUMMARY orphaned_rows=55780 checked=91234\n" + LOG[:300],
    }
    res = fit(msgs, MODEL, window=4_000, max_output_tokens=500)
    assert "SUMMARY orphaned_rows=55780 checked=91234" in text_of(res.messages)


@pytest.mark.parametrize(
    ("output", "named"),
    [
        ("ok 1 - loads\nnot ok 2 - slot overlap k7\n# Looks like you failed 1 test of 2.",
         "not ok 2 - slot overlap k7"),
        ("There was 1 failure:\n\n1) Tests\\Unit\\InvoiceTest::testRounds\nFailed asserting x",
         "1) Tests\\Unit\\InvoiceTest::testRounds"),
        ("Failures:\n\n  1) Order#total applies\n\n34 examples, 1 failure\n\nFailed examples:\n\n"
         "rspec ./spec/order_spec.rb:42 # Order#total applies", "rspec ./spec/order_spec.rb:42"),
        ("solver log\nstatus: INFEASIBLE (time windows violated on 7 stops)",
         "status: INFEASIBLE (time windows violated on 7 stops)"),
        # (R29-m10: Jest's "● suite › test", ExUnit's numbered list and its count at the end)
        (" FAIL  src/dose/dose.test.ts\n  ● dose limits › caps pediatric dose 31\n\n"
         "    expect(received).toBe(expected)\n\nTests:       1 failed, 23 passed, 24 total",
         "● dose limits › caps pediatric dose 31"),
        ("  1) test reconciles partial posting 67 (LedgerReconTest)\n     test/x_test.exs:41\n"
         "     Assertion with == failed\n\nFinished in 0.3 seconds\n19 tests, 1 failure",
         "1) test reconciles partial posting 67 (LedgerReconTest)"),
    ],
)  # fmt: skip
def test_failing_lines_of_more_runners(output: str, named: str) -> None:
    assert any(named in line for line in failing_lines(output)[:2])  # (among the first named)


def test_a_bullet_or_a_count_of_passing_tests_is_no_failure() -> None:
    # (systemd's "● unit", Jest's console block, ExUnit's run with none failing)
    assert failing_lines("● nginx.service - web server\n   Active: active (running)") == []
    assert failing_lines("  ● Console\n\n    console.log\n      hello") == []
    assert failing_lines("1) not a test\nFinished in 0.3 seconds\n19 tests, 0 failures") == []


def test_look_ups_are_not_gisted_whatever_the_tool() -> None:
    # (but the path of a file read, ranked last: what the model has seen of the code)
    from contextledger.fit.gists import READ, exchange_gist

    def exchange(name: str, args: dict[str, Any]) -> list[Message]:
        call = ToolCall("c1", name, json.dumps(args))
        return [Message.assistant(call), Message.tool("c1", "42 rows")]

    editor = {"command": "view", "path": "src/app.py"}
    read = exchange_gist(exchange("str_replace_based_edit_tool", editor))
    assert read is not None and read.rank == READ and "src/app.py" in read.text
    assert "42 rows" not in read.text
    assert exchange_gist(exchange("query_db", {"sql": "SELECT count(*) FROM t"})) is None
    wrote = exchange_gist(exchange("str_replace_based_edit_tool", {**editor, "command": "create"}))
    assert wrote is not None and "src/app.py" in wrote.text


def test_a_command_run_again_and_again_yields_to_one_run_once() -> None:
    from contextledger.fit.gists import RAN, ROUTINE, routine

    found = [(RAN, -k, f"[poll --n {k} → ok]") for k in range(5)] + [(RAN, -9, "[make x → ok]")]
    ranks = {text: rank for rank, _, text in routine(found)}
    assert ranks["[make x → ok]"] == RAN and ranks["[poll --n 3 → ok]"] == ROUTINE


@given(st.integers(10, 60), st.integers(3_000, 9_000), st.integers(1, 6))
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_a_sticky_fitter_stays_valid_and_within_the_window_with_gists(
    rounds: int, window: int, turns: int
) -> None:
    fitter = Fitter(
        MODEL, window=window, max_output_tokens=500, options=FitOptions(hysteresis=0.25)
    )
    app = session(rounds)
    for turn in range(turns):
        app += [{"role": "assistant", "content": f"ok {turn}"},
                {"role": "user", "content": f"next {turn}"}]  # fmt: skip
        res = fitter.fit(app)
        assert res.report.used <= res.report.budget
        rest = [m for m in res.messages if m.role != "system"]
        assert rest[0].role == "user"
        calls = {c.id for m in rest for c in m.content if isinstance(c, ToolCall)}
        assert calls == {b.call_id for m in rest for b in m.content if hasattr(b, "call_id")}
        assert len({m.id for m in res.messages}) == len(res.messages)
        kept = set(res.report.kept)
        assert not any(k.removeprefix("gist-") in kept for k in kept if k.startswith("gist-"))


@given(
    st.lists(st.sampled_from(_PIECES) | st.text(max_size=12), max_size=30),
    st.sampled_from(["gpt-4o", "gpt-4.1", "gpt-5", "claude-sonnet-4-5", "gemini-2.5-pro"]),
    st.sampled_from([None, "openai", "responses", "anthropic", "gemini"]),
)
@settings(max_examples=300, deadline=None)
def test_a_gists_least_is_never_above_its_price(
    parts: list[str], model: str, wire: str | None
) -> None:
    # (pin_gists skips a gist by this bound without pricing it: the same gists are pinned)
    from contextledger.fit.anchors import gist_least
    from contextledger.pricing.messages import Pricer

    text = "[Earlier tool call, left out to fit: " + "".join(parts) + "]"
    pricer = Pricer.for_model(model, wire=wire)
    assert gist_least(pricer, text) <= pricer.message(Message.assistant(text)).total


def test_a_rule_said_between_log_lines_with_single_newlines_is_the_users_own_words() -> None:
    """R29-G5: the user's rule inside a pasted log was found only with blank lines around it."""
    from contextledger.fit.gists import own_words

    log = "\n".join(
        f"2026-12-01T10:{i:02d}:00Z INFO [fleet] seq={i} dur=1.{i}ms" for i in range(20)
    )
    for rule in (
        "Don't touch the maps/prod/ directory in this change.",
        "Fass das Verzeichnis maps/prod/ bei dieser Änderung nicht an.",
        "今回の変更では maps/prod/ ディレクトリには触らないでください。",
    ):
        words = own_words(f"{log}\n{rule}\n{log}")
        assert words is not None and words.paragraphs == (rule,), words
    trace = "Traceback (most recent call last):\n" + "\n".join(
        f'  File "a.py", line {i}, in f' for i in range(8)
    )
    assert own_words(f"{trace}\nValueError: bad input.") is None
    doc = "\n".join(f"Section {i} says the service must stay up." for i in range(12))
    assert own_words(doc) is None


def _turn(n: int, words: int) -> list[dict[str, Any]]:
    return [{"role": "assistant", "content": f"ok {n}. " + "Checked the ledger. " * words},
            {"role": "user", "content": f"next {n}"}]  # fmt: skip


@given(
    st.integers(8, 70),
    st.integers(2_500, 9_000),
    st.lists(st.integers(0, 60), min_size=1, max_size=5),
    st.sampled_from([0.25, 0.5]),
)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_a_sticky_refit_keeps_the_cut_and_the_prefix_sent_unless_the_budget_moves_it(
    rounds: int, window: int, turns: list[int], hysteresis: float
) -> None:
    """R29-G1: with gists, a sticky cut stays where the fit before put it, with the same
    gists, while what it sent and the added turns fit; a first fit filled the window, and
    its cut moved on the next turn though it fitted."""
    from contextledger.pricing.messages import Pricer

    pricer = Pricer.for_model(MODEL)
    options = FitOptions(hysteresis=hysteresis)
    fitter = Fitter(MODEL, window=window, max_output_tokens=500, options=options)
    app = session(rounds)
    before = fitter.fit(app)
    assert fit(session(rounds), MODEL, window=window, max_output_tokens=500,
               hysteresis=hysteresis).messages == before.messages  # fmt: skip
    for n, words in enumerate(turns):
        added = _turn(n, words)
        app += added
        res = fitter.fit(app)
        assert res.report.used <= res.report.budget
        new = [pricer.message(m).total for m in read_messages(added)]
        if before.report.used + sum(new) <= res.report.budget:
            assert res.report.cut_index == before.report.cut_index
            assert _gists(res.messages) == _gists(before.messages)
        before = res


def _with_early_exchange(name: str, args: dict[str, Any], output: str) -> list[dict[str, Any]]:
    """``session()`` with its first exchange replaced by ``name(args) -> output``, and a
    routine (non look-up) call beside every later round's look-up: gists compete."""
    msgs = session()
    at = next(i for i, m in enumerate(msgs) if m.get("tool_calls"))
    msgs[at] = _call("c0", name, args)
    msgs[at + 1] = {"role": "tool", "tool_call_id": "c0", "content": output}
    for r, i in enumerate([i for i, m in enumerate(msgs) if m.get("role") == "tool"][8:]):
        msgs[i - 1] = _call(f"n{r}", "sync_ledger", {"query": "recent", "page": r})
        msgs[i] = {"role": "tool", "tool_call_id": f"n{r}", "content": f"synced page {r}"}
    return msgs


@pytest.mark.parametrize(
    ("name", "args", "output", "told"),
    [
        ("create_work_order", {"unit": "4B", "trade": "plumbing"},
         '{"id": "WO-45786", "status": "open", "eta_days": 3}', "WO-45786"),
        ("create_ticket", {"title": "Boiler leaks"}, "Created ticket OPS-8812 (assigned to Dana)",
         "OPS-8812"),
    ],
)  # fmt: skip
def test_the_gist_of_a_write_holds_what_it_answered(
    name: str, args: dict[str, Any], output: str, told: str
) -> None:
    """R36-F1: a create-type call's gist said "— done" and dropped the id it made."""
    msgs = _with_early_exchange(name, args, output)
    for window in (6_000, 16_000):
        res = fit(msgs, MODEL, window=window, max_output_tokens=500)
        assert told in text_of(res.messages), window


@pytest.mark.parametrize(
    ("output", "said"),
    [
        ('{"application": "PA-2291", "status": "rejected", "message": "missing stamped drawing"}',
         "missing stamped drawing"),
        ('{\n  "success": false,\n  "decline_code": "insufficient_funds",\n'
         '  "message": "card declined"\n}', "card declined"),
        ("Status: 550 mailbox unavailable (owner@example.com)", "550 mailbox unavailable"),
        ("HTTP/1.1 503 Service Unavailable\nretry-after: 30", "503 Service Unavailable"),
    ],
)  # fmt: skip
def test_a_failure_answered_as_a_status_is_gisted_as_a_failure(output: str, said: str) -> None:
    """R36-F2: an API's answer that says it failed, with no error flag and no "error" word,
    was gisted as a run and crowded out by routine gists."""
    msgs = _with_early_exchange("submit_permit", {"application": "PA-2291"}, output)
    res = fit(msgs, MODEL, window=6_000, max_output_tokens=500)
    assert "— failed: " in text_of(res.messages)
    assert said in text_of(res.messages)
    assert failing_lines("status: ok\nHTTP/1.1 200 OK\nStatus: 204 No Content") == []


def test_a_decision_said_beside_the_models_thinking_is_kept() -> None:
    """R36-retain36-2: a thinking model's turn holds its thoughts beside what it said; its
    decision ("My call: I'll …, instead of …") was in no gist and lost at every window."""
    said = (
        "My call: I'll repaint unit 4B in the eggshell instead of the semi-gloss, it dries faster."
    )
    msgs = list(read_messages(session()))
    at = next(i for i, m in enumerate(msgs) if m.role == "user" and i > 20)
    msgs[at:at] = [
        Message.assistant(Reasoning("anthropic", "Weigh the two paints."), Text(said)),
        Message.user("mm ok"),
    ]
    for window in (6_000, 16_000):
        assert said in text_of(fit(msgs, MODEL, window=window, max_output_tokens=500).messages)


def test_a_check_run_again_and_again_gives_way_to_commands_run_once() -> None:
    """R39-F2: the same `ssh HOST 'df -h'` check printing something new each time is routine
    (its gists came after the commands run once, not among them), while one playbook run on
    three hosts (calls alike but for a host's digit) is three commands run once."""
    out: list[dict[str, Any]] = [{"role": "user", "content": GOAL}]
    playbooks = [
        f"ansible-playbook -i home.yml upgrade.yml --limit pve{h} --check" for h in (2, 3, 1)
    ]
    for r in range(120):
        out.append({"role": "user", "content": "ok, keep going"})
        cid = f"c{r}"
        if r in (2, 12, 22):
            command = playbooks[(r - 2) // 10]
            printed = "PLAY RECAP *** ok=41 changed=0 failed=0"
        else:
            command = f"ssh {('nas01', 'pve1', 'router')[r % 3]} 'df -h; free -m'"
            printed = LOG + f"\n{r * 7919 % 10_000} {('ok', 'INFO', 'WARN')[r % 3]} status"
        out.append(_call(cid, "shell", {"command": command}))
        out.append({"role": "tool", "tool_call_id": cid, "content": printed})
        out.append({"role": "assistant", "content": f"Step {r} checked."})
    out.append({"role": "user", "content": "ok, keep going"})
    sent = text_of(fit(out, MODEL, window=32_000, max_output_tokens=1_000).messages)
    assert all(p in sent for p in playbooks)


def test_a_series_of_writes_alike_but_for_their_numbers_is_routine() -> None:
    """R40-F2: a label made for each of 70 shipments ranked as files written, ahead of the
    values the assistant read, and took the gists' room; the same file written again, or a
    few files alike, stay files written."""
    labels = [(WROTE, -k, f"[create_label shipment: SHP-{k}4, dc: ZAA — done]") for k in range(6)]
    again = [(WROTE, -10 - k, "[write_file path: src/app.py — done]") for k in range(6)]
    few = [(WROTE, -20 - k, f"[write_file path: notes/day{k}.md — done]") for k in range(3)]
    ranks = [rank for rank, _, _ in routine([*labels, *again, *few])]
    assert ranks == [ROUTINE] * 6 + [WROTE] * 9

"""What a fit keeps of the tool exchanges it leaves out (red team, session 33): the values
the assistant said beside its calls (R33-F2), the name of a failing Playwright test
(R33-F3), and an action among many read-only commands of a CLI given options before its
subcommand (R33-F4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger import fit
from contextledger.fit.gists import failing_lines, said_beside
from contextledger.lexicon.tools import LOOKING
from contextledger.model import Message
from contextledger.providers import translate

WINDOWS = (8_000, 16_000, 32_000)


def _call(k: int, name: str, args: dict[str, Any], content: str | None = None) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": content,
        "tool_calls": [{"id": f"c{k}", "type": "function",
                        "function": {"name": name, "arguments": json.dumps(args)}}],
    }  # fmt: skip


def _result(k: int, text: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": f"c{k}", "content": text}


def _padding(start: int, command: str = "cat src/{k}.css") -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for k in range(start, start + 50):
        out += [
            {"role": "user", "content": "next"},
            _call(k, "bash", {"command": command.format(k=k)}),
            _result(k, "\n".join(f".c{k}_{i} {{ margin: {i}px; }}" for i in range(80))),
            {"role": "assistant", "content": f"Step {k} done."},
        ]
    return [*out, {"role": "user", "content": "next"}]


def _sent(messages: list[dict[str, Any]], window: int) -> str:
    fitted = fit(messages, "gpt-4.1", window=window, max_output_tokens=1_000)
    return json.dumps(translate(fitted.messages, "openai").body, ensure_ascii=False)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("tool", ["run_sql", "read_file"])
def test_a_value_said_beside_a_call_is_kept_when_the_exchange_is_left_out(
    window: int, tool: str
) -> None:
    said = "The query found 18208 late-arriving invoice rows. Now let me look at the model."
    messages = [
        {"role": "user", "content": "Find why the invoice totals drift and fix the model."},
        _call(0, tool, {"sql": "select count(*) from raw.invoices where late"}, said),
        _result(0, "count\n-----\n18208\n(1 row)"),
        *_padding(1),
    ]
    sent = _sent(messages, window)
    assert "The query found 18208 late-arriving invoice rows." in sent
    assert "Now let me look at the model." not in sent  # (only what states a value)


def test_words_beside_calls_said_again_and_again_are_routine_not_values() -> None:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Tidy the stylesheets."}]
    for k in range(60):
        messages += [
            _call(k, "read_file", {"path": f"src/{k}.css"}, f"Reading file {k} of 60."),
            _result(k, "\n".join(f".c{k}_{i} {{ margin: {i}px; }}" for i in range(80))),
        ]
    messages.append({"role": "user", "content": "next"})
    assert "Reading file 3 of 60." not in _sent(messages, 8_000)


PLAYWRIGHT = (
    "Running 6 tests using 2 workers\n  ✓  1 [webkit] › signup › opens (1.2s)\n"
    "  ✘  2 [webkit] › signup › closes on escape key (5.0s)\n\n"
    "  1) [webkit] › signup › closes on escape key ─────\n"
    "    Error: expect(locator).toBeHidden() failed\n\n  1 failed\n  5 passed (14.1s)"
)


def test_a_failing_playwright_test_is_named_in_the_gist_of_its_run() -> None:
    assert failing_lines(PLAYWRIGHT)[0] == "✘  2 [webkit] › signup › closes on escape key (5.0s)"
    messages = [
        {"role": "user", "content": "fix the signup modal on safari"},
        _call(0, "bash", {"command": "npx playwright test"}),
        _result(0, PLAYWRIGHT),
        *_padding(1),
    ]
    assert "signup › closes on escape key" in _sent(messages, 16_000)


VITEST = (
    " ❯ src/pages/InvoicesPage.test.tsx (3 tests | 1 failed) 52ms\n"
    "   × InvoicesPage > renders the saved cart 21ms\n"
    "     → expected 'Cart (0)' to be 'Cart (2)'\n\n Test Files  1 failed (1)\n"
    "      Tests  1 failed | 2 passed (3)"
)


def test_a_failing_vitest_test_is_named_in_the_gist_of_its_run() -> None:
    # R34-F1: vitest marks a failed test with "×" (a multiplication sign), read at a
    # line's start only ("3 × 4" is no failure)
    assert failing_lines(VITEST)[0] == "× InvoicesPage > renders the saved cart 21ms"
    assert failing_lines("area = 3 × 4\nok") == []
    messages = [
        {"role": "user", "content": "migrate the invoices page to React"},
        _call(0, "bash", {"command": "npx vitest run"}),
        _result(0, VITEST),
        *_padding(1),
    ]
    assert "renders the saved cart" in _sent(messages, 16_000)


DART_TEST = (
    "00:01 +0: loading test/cart_test.dart\n00:01 +1: Cart adds an item\n"
    "00:02 +2: Cart removes an item\n00:02 +2 -1: Cart rounds to cents [E]\n"
    "  Expected: <10.35>\n    Actual: <10.349999>\n\n00:02 +2 -1: Some tests failed."
)


def test_a_failing_dart_test_is_named_in_the_gist_of_its_run() -> None:
    # R35-F3: dart/flutter test marks a failed test with "[E]" at its line's end; the gist
    # showed "Some tests failed." only
    assert failing_lines(DART_TEST)[0] == "00:02 +2 -1: Cart rounds to cents [E]"
    messages = [
        {"role": "user", "content": "fix the cart rounding in the Flutter app"},
        _call(0, "bash", {"command": "flutter test test/cart_test.dart"}),
        _result(0, DART_TEST),
        *_padding(1),
    ]
    assert "Cart rounds to cents" in _sent(messages, 16_000)


@pytest.mark.parametrize(
    ("command", "looks"),
    [
        ("kubectl -n prod-eu logs deploy/api --tail=80", True),
        ("kubectl --context prod get pods -o wide", True),
        ("git -C repo log --oneline", True),
        ("terraform -chdir=infra show", True),
        ("kubectl -n prod-eu rollout undo deployment/api --to-revision=41", False),
        ("kubectl delete pod logs", False),
        ("helm test api --timeout 5m", False),
    ],
)
def test_a_cli_given_options_before_its_subcommand_is_read_by_its_subcommand(
    command: str, looks: bool
) -> None:
    assert bool(LOOKING.match(command)) is looks


@pytest.mark.parametrize("window", WINDOWS)
def test_an_action_among_many_reads_with_options_stays_in_view(window: int) -> None:
    undo = "kubectl -n prod-eu rollout undo deployment/api --to-revision=41"
    messages = [
        {"role": "user", "content": "The api deploy is crash-looping; roll it back and find why."},
        _call(0, "bash", {"command": undo}),
        _result(0, "deployment.apps/api rolled back"),
        *_padding(1, "kubectl -n prod-eu logs deploy/svc-{k} --tail=80"),
    ]
    assert undo in _sent(messages, window)


def test_a_counter_said_beside_a_call_is_no_value() -> None:
    """'Checking step 28.' beside each call states nothing: it must not lengthen every
    gist (a regression measured on the reviewer's UI sessions: files written 9/9 -> 0/9
    at 8k) nor become a statement of its own."""
    assert said_beside([Message.assistant("Checking step 28.")]) is None
    assert said_beside([Message.assistant("Attempt 3 of 5: found 12 stale rows.")]) == (
        "Attempt 3 of 5: found 12 stale rows."
    )

"""A refit after an in-place edit that leaves the dicts == equal but sent differently
(Python's ``1 == 1.0 == True``, ``0.0 == -0.0``) sends what a one-shot fit sends (R33-S1)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from contextledger import fit
from contextledger.fit.fitter import Fitter
from contextledger.providers import translate

MODELS = {"anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}


def _conversation(fmt: str) -> list[dict[str, Any]]:
    args = {"retries": 1, "delay": 0.0}
    if fmt == "anthropic":
        return [
            {"role": "user", "content": "Retry the export job."},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "toolu_1", "name": "run_job", "input": args}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "started"}]},
            {"role": "assistant", "content": "Started."},
            {"role": "user", "content": "ok"},
        ]  # fmt: skip
    return [
        {"role": "user", "parts": [{"text": "Retry the export job."}]},
        {"role": "model", "parts": [{"functionCall": {"name": "run_job", "args": args}}]},
        {"role": "user", "parts": [
            {"functionResponse": {"name": "run_job", "response": {"ok": True}}}]},
        {"role": "model", "parts": [{"text": "Started."}]},
        {"role": "user", "parts": [{"text": "ok"}]},
    ]  # fmt: skip


def _args(fmt: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    part = messages[1]["content" if fmt == "anthropic" else "parts"][0]
    return part["input"] if fmt == "anthropic" else part["functionCall"]["args"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("fmt", sorted(MODELS))
@pytest.mark.parametrize(
    ("key", "new"), [("retries", True), ("retries", 1.0), ("delay", -0.0), ("delay", False)]
)
def test_an_equal_but_different_number_edited_in_place_is_sent_as_edited(
    fmt: str, key: str, new: object
) -> None:
    messages = _conversation(fmt)
    fitter = Fitter(MODELS[fmt], window=20_000, max_output_tokens=500)
    fitter.fit(messages)
    _args(fmt, messages)[key] = new
    refit = translate(fitter.fit(messages).messages, "openai").body
    once = fit(copy.deepcopy(messages), MODELS[fmt], window=20_000, max_output_tokens=500)
    assert json.dumps(refit, sort_keys=True) == json.dumps(
        translate(once.messages, "openai").body, sort_keys=True
    )


def test_an_unchanged_number_keeps_the_last_read() -> None:
    messages = _conversation("anthropic")
    fitter = Fitter(MODELS["anthropic"], window=20_000, max_output_tokens=500)
    first = fitter.fit(messages).messages
    again = fitter.fit(messages).messages
    assert all(a is b for a, b in zip(first, again, strict=True))

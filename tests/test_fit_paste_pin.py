"""A request that set the task with a document pasted in it, larger than the window (R23-M1):
sent shortened to its beginning and end, filling the room the rest of the history leaves, not
as its words alone with the window left empty. Priced exactly; reported; a kept Fitter fed
the app's list agrees with a fresh fit."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger.fit import Fitter, fit
from contextledger.pricing.messages import price_request
from contextledger.providers import translate

CLAUSE = "Clause {i}. The supplier shall fix all defects within 30 days; liability is capped at EUR {i}00.\n"
KHMER = "អ្នកផ្គត់ផ្គង់ត្រូវជួសជុលកំហុសទាំងអស់ក្នុងរយៈពេលថ្ងៃ"
PASTES = {
    "lines": "".join(CLAUSE.format(i=i) for i in range(6000)),
    "one line": "".join(KHMER + str(i) for i in range(2000)),
}


def _chat(paste: str) -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": "Review contracts."},
        {"role": "user", "content": "Here is the contract:\n" + paste},
        {"role": "assistant", "content": "Read."},
        {"role": "user", "content": "Summarise the liability clauses."},
    ]


def _signature(res: Any) -> tuple[Any, ...]:
    body = translate(res.messages, "openai").body
    notices = [(n.kind, n.where, n.text) for n in res.report.notices]
    return res.report.used, body, notices


@pytest.mark.parametrize("shape", sorted(PASTES))
def test_a_pasted_document_larger_than_the_window_fills_the_room_shortened(shape: str) -> None:
    paste = PASTES[shape]
    res = fit(_chat(paste), "gpt-4o", window=32_000, max_output_tokens=1_000, target="openai")
    report = res.report
    assert report.used >= 0.8 * report.budget  # (main: 45-71 of 31,000)
    body = {"model": "gpt-4o", **translate(res.messages, "openai").body}
    assert report.used == price_request(body, "gpt-4o", "openai").total  # exact, as billed
    sent = next(m for m in body["messages"] if m["role"] == "user")
    text = sent["content"] if isinstance(sent["content"], str) else sent["content"][0]["text"]
    assert text.startswith("Here is the contract:\n") and text.rstrip().endswith(
        paste.strip()[-40:]
    )
    shrunk = [n for n in report.notices if n.where == res.messages[1].id]
    assert shrunk and "shortened to its beginning and end" in shrunk[0].text


def test_a_kept_fitter_sends_the_shortened_paste_a_fresh_fit_sends() -> None:
    app = _chat(PASTES["lines"])
    kept = Fitter("gpt-4o", window=32_000, max_output_tokens=1_000)
    for turn in range(6):
        got = kept.fit(app)
        want = fit(app, "gpt-4o", window=32_000, max_output_tokens=1_000)
        assert _signature(got) == _signature(want), turn
        app.append({"role": "assistant", "content": f"Clause {turn} caps it. " * (turn * 200)})
        app.append({"role": "user", "content": f"And clause {turn + 1}?"})


def test_a_window_with_little_room_left_keeps_the_request_as_its_words() -> None:
    """The shortened paste is sent only where the room holds several times its words: a full
    history keeps the request's words (and says what was left out)."""
    app = _chat(PASTES["lines"])
    app += [
        {"role": "assistant" if i % 2 else "user", "content": f"turn {i} " + "word " * 900}
        for i in range(60)
    ]
    app.append({"role": "user", "content": "Summarise the liability clauses."})
    res = fit(app, "gpt-4o", window=32_000, max_output_tokens=1_000)
    pinned = next(m for m in res.messages if m.id == res.messages[1].id)
    assert "pasted lines left out here" in pinned.text

"""What the proxy says about each turn: every drop is in the session report, on every route.

The fit drops old tool exchanges whole (call and results together); the turn's report must
say so in a line a person reads — on the Chat, Messages and Responses routes alike — and
the dashboard's timeline shows it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from serve_harness import RunningProxy, running_proxy
from stub_server import StubServer

HEADERS = {"authorization": "Bearer sk-test", "x-api-key": "sk-ant-test"}
FILLER = "word " * 150


@pytest.fixture
def proxy(tight_proxy: RunningProxy) -> RunningProxy:
    """A 2,000-token window, no compaction: the fit's own drops, not a recap."""
    return tight_proxy


def exchanges(route: str, start: int, stop: int) -> list[Any]:
    """Turns of: a request, a tool call, its result, an answer."""
    items: list[Any] = []
    for i in range(start, stop):
        items.append({"role": "user", "content": f"Request {i}: {FILLER}"})
        if route == "chat":
            items.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": f"c{i}", "type": "function", "function": {"name": "ls", "arguments": "{}"}}]})  # fmt: skip
            items.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"out {FILLER}"})
        elif route == "anthropic":
            items.append({"role": "assistant", "content": [
                {"type": "tool_use", "id": f"toolu_{i}", "name": "ls", "input": {}}]})  # fmt: skip
            items.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": f"out {FILLER}"}]})  # fmt: skip
        else:
            items.append({"type": "function_call", "call_id": f"c{i}", "name": "ls", "arguments": "{}"})  # fmt: skip
            items.append({"type": "function_call_output", "call_id": f"c{i}", "output": f"out {FILLER}"})  # fmt: skip
        items.append({"role": "assistant", "content": f"Done {i}."})
    return items


def reply_text(route: str, response: httpx.Response) -> str:
    body = response.json()
    if route == "chat":
        return str(body["choices"][0]["message"]["content"])
    if route == "anthropic":
        return str(body["content"][0]["text"])
    return str(body["output"][0]["content"][0]["text"])


def send(proxy: RunningProxy, route: str, items: list[Any]) -> httpx.Response:
    params = {"type": "object", "properties": {}}
    if route == "chat":
        path = "/v1/chat/completions"
        body = {"model": "gpt-4o", "messages": items, "max_tokens": 100,
                "tools": [{"type": "function", "function": {"name": "ls", "parameters": params}}]}  # fmt: skip
    elif route == "anthropic":
        path = "/v1/messages"
        body = {"model": "claude-sonnet-4-6", "messages": items, "max_tokens": 100,
                "tools": [{"name": "ls", "input_schema": params}]}  # fmt: skip
    else:
        path = "/v1/responses"
        body = {"model": "gpt-4o", "input": items, "max_output_tokens": 100,
                "tools": [{"type": "function", "name": "ls", "parameters": params}]}  # fmt: skip
    headers = {**HEADERS, "x-contextledger-session": route}
    if route == "anthropic":
        headers["anthropic-version"] = "2023-06-01"
    response = httpx.post(proxy.url + path, json=body, headers=headers, timeout=60)
    assert response.status_code == 200, response.text
    return response


@pytest.mark.parametrize("route", ["chat", "anthropic", "responses"])
def test_dropped_tool_exchanges_are_reported_on_every_route(
    proxy: RunningProxy, stub: StubServer, route: str
) -> None:
    items = [*exchanges(route, 0, 8), {"role": "user", "content": "What now?"}]
    first = send(proxy, route, items)
    assert int(first.headers["x-contextledger-dropped"]) > 0
    send(proxy, route, items)  # the same again (a retry): nothing new dropped
    items.append({"role": "assistant", "content": reply_text(route, first)})
    items += [*exchanges(route, 8, 10), {"role": "user", "content": "And now?"}]
    send(proxy, route, items)  # two more exchanges: more dropped
    proxy.flush()
    assert not stub.rejected(), stub.rejected()[0].error
    turns = httpx.get(f"{proxy.url}/contextledger/sessions/{route}").json()["turns"]
    said = [[n["text"] for n in t["notices"] if n["kind"] == "dropped"] for t in turns]
    dropped = [t["dropped"] for t in turns]
    assert dropped[0] > 0 and dropped[2] > dropped[0]
    assert len(said[0]) == 1
    assert said[0][0].startswith(f"Left out {dropped[0]} earlier messages")
    assert "tool exchanges of" in said[0][0] and "dropped whole with their results" in said[0][0]
    assert said[1] == []  # nothing more left out than last turn
    assert len(said[2]) == 1 and "more earlier messages" in said[2][0]
    assert f"({dropped[2]} in all: " in said[2][0]
    page = httpx.get(f"{proxy.url}/contextledger/view/{route}").text
    assert "tool exchanges of" in page


# --------------------------------------------------------------------------- the dashboard


def fitted_turn(n: int, dropped: int, notices: list[dict[str, str]]) -> dict[str, Any]:
    return {
        "turn": n, "time": 0, "model": "gpt-4o", "fitted": True, "window": 6_000,
        "budget": 5_700, "used": 1_000, "dropped": dropped, "notices": notices, "status": 200,
        "composition": {"system": 100, "text": 900},
    }  # fmt: skip


def test_the_dashboard_counts_what_the_last_request_left_out_and_shows_each_notice_once() -> None:
    from contextledger.serve import dashboard

    image = "The model will not see image 1280×800 PNG from {} turns ago: dropped to fit."
    turns = [
        fitted_turn(1, 0, []),
        fitted_turn(2, 5, [{"kind": "dropped", "where": "m3", "text": image.format(1)}]),
        fitted_turn(3, 5, [{"kind": "dropped", "where": "m3", "text": image.format(2)}]),
        fitted_turn(4, 5, [{"kind": "refused", "where": "", "text": "too big"}]),
        fitted_turn(5, 5, [{"kind": "refused", "where": "", "text": "too big"}]),
    ]
    # the same 5 messages left out turn after turn are 5, not 20
    assert dashboard.summary("s", 10, None, None, turns)["dropped"] == 5
    page = dashboard.session_page({"session": "s", "messages": 10, "turns": turns})
    assert page.count("The model will not see image") == 1  # shown the turn it was first
    assert page.count("too big") == 2  # a turn's own events, each time


def test_the_chart_reads_with_one_turn_and_with_the_budget_next_to_the_window() -> None:
    import re

    from contextledger.serve import dashboard

    page = dashboard.session_page({"session": "s", "messages": 2, "turns": [fitted_turn(1, 0, [])]})
    chart = page[page.index("<svg") : page.index("</svg>")]
    widths = [float(w) for w in re.findall(r"<rect [^>]*width='([\d.]+)'", chart)]
    assert widths and max(widths) <= 44  # one bar, not one bar as wide as the chart
    labels = {
        m[1]: float(m[0])
        for m in re.findall(r"<text [^>]*y='([\d.]+)'[^>]*>(window|budget) ", chart)
    }
    lines = {
        key: float(m)
        for key, color in (("window", "#111827"), ("budget", "#dc2626"))
        for m in re.findall(rf"<line [^>]*y1='([\d.]+)'[^>]*stroke='{color}'", chart)
    }
    # 300 tokens apart: the budget's label goes under its line, clear of the window's
    assert labels["window"] < lines["window"] < lines["budget"] < labels["budget"]


def test_a_restarted_proxy_lists_its_stored_sessions_with_their_figures(
    stub: StubServer, tmp_path: Path
) -> None:
    settings: dict[str, Any] = {
        "store": tmp_path / "s.db",
        "openai_upstream": stub.url,
        "anthropic_upstream": stub.anthropic_url,
    }
    with running_proxy(**settings) as first:
        items = [{"role": "user", "content": "hello"}]
        send(first, "chat", items)
        first.flush()
        before = httpx.get(first.url + "/contextledger/sessions").json()["sessions"]
    with running_proxy(**settings) as second:  # nothing in memory: read from the store
        after = httpx.get(second.url + "/contextledger/sessions").json()["sessions"]
        page = httpx.get(second.url + "/contextledger/").text
    assert after == before and after[0]["model"] == "gpt-4o" and after[0]["turns"] == 1
    assert after[0]["cost"]["usd"] > 0 and "gpt-4o" in page

"""`contextledger serve` on a long session: a recap leaves room, so the turns after it are cheap.

A proxy sees the same conversation grow by a turn at a time. A recap that fills the window
to the brim is due again a few messages later (each one written and verified over the
whole record: seconds on a long session), and the fit meanwhile drops turns that no recap
covers. A recap that leaves the fit's hysteresis share of the budget free is followed by
turns that fit whole; while the cooldown forbids a paid recap, no dry fit is run for one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from claim_cases import FixedSummarizer
from contextledger.compaction.conversation import Conversation
from contextledger.model import Message, ToolCall
from contextledger.prepare import Preparer
from serve_harness import running_proxy
from stub_server import StubServer, prompt_tokens
from test_serve import oai

WINDOW = 8_000
OUTPUT = 1_000


def _agent_history(turns: int) -> list[Message]:
    msgs = [Message.system("You are a coding agent."), Message.user("Goal: fix the flaky build.")]
    for i in range(turns):
        msgs.append(Message.user(f"Step {i}: run the tests in module {i} and report."))
        args = json.dumps({"command": f"pytest tests/test_m{i}.py -q"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", args),)))
        msgs.append(Message.tool(f"c{i}", f"module {i}: " + "a log line with detail\n" * 20))
        msgs.append(Message.assistant(f"Module {i} passes."))
    return [Message(m.role, m.content, id=f"m{k}") for k, m in enumerate(msgs)]


def _grow(conv: Conversation, *texts: str) -> Conversation:
    n = len(conv.record)
    new = [
        Message("assistant" if k % 2 == 0 else "user", Message.user(t).content, id=f"m{n + k}")
        for k, t in enumerate(texts)
    ]
    return Conversation((*conv.record, *new), conv.events)


def _with(conv: Conversation, prepared: Any) -> Conversation:
    if prepared.event is None:
        return conv
    return Conversation(conv.record, (*conv.events, prepared.event))


def test_the_turns_after_a_recap_fit_whole_and_make_no_new_recap() -> None:
    preparer = Preparer("gpt-4o", target="openai", window=WINDOW, max_output_tokens=OUTPUT)
    conv = Conversation(tuple(_agent_history(60)))
    first = preparer.prepare(conv, write=False)
    assert first.event is not None
    budget = first.report.budget
    # the recap leaves the hysteresis share (a quarter) of the budget free for the turns to
    # come; until they need it, the newest turns it covers fill it verbatim
    assert 0.9 * budget <= first.report.used <= budget
    conv = _with(conv, first)
    for turn in range(12):  # 24 new messages: three cooldowns' worth
        conv = _grow(conv, f"Done with step {turn}.", f"Now check module {turn} again.")
        out = preparer.prepare(conv, write=False)
        assert out.event is None, f"turn {turn} made another recap"
        assert out.report.fit.dropped == (), f"turn {turn} dropped turns no recap covers"
        assert out.report.compaction == ("compaction not needed: the whole view fits the window",)
        assert out.report.used <= budget
        conv = _with(conv, out)


def test_the_recap_after_the_room_is_used_up_covers_the_new_overflow() -> None:
    preparer = Preparer("gpt-4o", target="openai", window=WINDOW, max_output_tokens=OUTPUT)
    conv = Conversation(tuple(_agent_history(60)))
    conv = _with(conv, preparer.prepare(conv, write=False))
    recaps = 0
    for turn in range(40):
        long = f"Report for module {turn}: " + "the check passed with a long note " * 12
        conv = _grow(conv, long, f"Next, module {turn}.")
        out = preparer.prepare(conv, write=False)
        recaps += out.event is not None
        assert out.report.used <= out.report.budget
        assert out.report.fit.dropped == () or out.report.compaction[0].startswith(
            "compaction waiting"
        )
        conv = _with(conv, out)
    # ~90 tokens a turn against ~1,750 of room: a recap every ~20 turns, not every cooldown (4)
    assert 1 <= recaps <= 4


@pytest.mark.parametrize("target", ["openai", "anthropic"])
def test_right_after_a_recap_a_local_one_is_made_again_when_the_request_does_not_fit(
    target: str,
) -> None:
    """A message too big for the room left, right after a recap: a recap made offline
    costs no call, so the policy's cooldown does not hold it back (the fit's sticky cut
    would drop the turns before the long message, unrecapped: fill2's held-out sessions
    sent 18 % of an 8k budget so); nothing of the view is dropped."""
    model = "gpt-4o" if target == "openai" else "claude-sonnet-4-6"
    preparer = Preparer(model, target=target, window=WINDOW, max_output_tokens=OUTPUT)
    conv = Conversation(tuple(_agent_history(60)))
    conv = _with(conv, preparer.prepare(conv, write=False))
    conv = _grow(conv, "Here is the full log:\n" + "a long log line of output\n" * 600, "ok?")
    out = preparer.prepare(conv, write=False)
    assert out.event is not None and out.event.extends
    assert not out.report.fit.dropped and out.report.used <= out.report.budget


def test_while_a_paid_summarizers_cooldown_holds_it_back_an_offline_recap_covers_the_drop() -> None:
    """Right after a paid recap a long log arrives: the policy's cooldown holds the paid
    summarizer back, and the fit's sticky cut dropped 80 recent messages that no recap
    covered, leaving a fifth of the budget empty. An offline recap now covers them, said."""
    paid = FixedSummarizer("## Goal\nKeep the agent's work going.\n## Done\nRan module tests.\n")
    preparer = Preparer(
        "gpt-4o", target="openai", window=WINDOW, max_output_tokens=OUTPUT, summarizer=paid
    )
    conv = Conversation(tuple(_agent_history(60)))
    first = preparer.prepare(conv, write=False)
    assert first.event is not None and first.event.summarizer == paid.name
    conv = _grow(_with(conv, first), "Here is the full log:\n" + "a long log line\n" * 300, "ok?")
    out = preparer.prepare(conv, write=False)
    covered = {c for e in (*conv.events, out.event) if e is not None for c in e.covers}
    assert not [c.message_id for c in out.report.fit.dropped if c.message_id not in covered]
    assert out.event is not None and out.event.summarizer != paid.name
    assert "waits for its cooldown" in out.report.compaction[0]
    assert out.report.used <= out.report.budget


def test_a_long_session_through_the_proxy_recaps_rarely_and_drops_nothing(
    tmp_path: Path,
) -> None:
    """The OpenAI SDK through the proxy against the validating stub: 40 turns in a small
    window after a history that does not fit: one recap, at the start; every request within
    the window by the stub's own count, and no turn drops what no recap covers."""
    history: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Goal: fix the flaky build."},
    ]
    for i in range(40):
        history.append({"role": "user", "content": f"Step {i}: run module {i}'s tests."})
        history.append({"role": "assistant", "content": f"Module {i}: " + "all green. " * 60})
    history.append({"role": "user", "content": "Continue."})
    with (
        StubServer() as stub,
        running_proxy(store=tmp_path / "s.db", openai_upstream=stub.url, window=WINDOW) as proxy,
    ):
        client = oai(proxy, **{"X-ContextLedger-Session": "long"})
        for turn in range(40):
            reply = client.chat.completions.create(
                model="gpt-4o", messages=history, max_tokens=OUTPUT
            )
            history.append({"role": "assistant", "content": reply.choices[0].message.content})
            history.append({"role": "user", "content": f"Turn {turn}: go on with module {turn}."})
        report = client.with_options().get(
            proxy.url + "/contextledger/sessions/long", cast_to=object
        )
        sent = stub.completions()
    assert stub.rejected() == []
    assert len(sent) == 40
    assert all(prompt_tokens(r.body) + OUTPUT <= WINDOW for r in sent)
    turns = report["turns"]  # type: ignore[index]
    recaps = [t["turn"] for t in turns if t.get("compaction")]
    assert recaps == [1]  # the room the first recap left holds all 40 turns
    assert all(t["dropped"] == 0 for t in turns), [t["dropped"] for t in turns]


@pytest.mark.parametrize("target", ["openai", "anthropic"])
def test_the_whole_view_is_said_to_fit_exactly_when_its_request_does(target: str) -> None:
    """Turn by turn (the check carries last turn's sum over), "the whole view fits" is said
    exactly when the request's own price is within the budget; consecutive user turns (which
    the Anthropic wire merges, billing their framing once) included."""
    from contextledger.pricing.messages import Pricer

    model = "gpt-4o" if target == "openai" else "claude-sonnet-4-6"
    preparer = Preparer(model, target=target, window=WINDOW, max_output_tokens=OUTPUT)
    judge = Pricer.for_model(preparer.info, wire=target)
    budget = WINDOW - OUTPUT
    conv = Conversation(tuple(_agent_history(12)))
    said = []
    for turn in range(60):
        n = len(conv.record)
        new = [
            Message.user(f"note {turn}: " + "more detail " * (turn % 7 * 10), id=f"m{n}"),
            Message.user(f"and question {turn}?", id=f"m{n + 1}"),
            Message.assistant(f"answer {turn}", id=f"m{n + 2}"),
            Message.user(f"next {turn}", id=f"m{n + 3}"),
        ]
        conv = Conversation((*conv.record, *new), conv.events)
        # as sent: the quotes chosen under the recap take room too
        fits = judge.request(preparer._with_quotes(conv, conv.view)) <= budget
        out = preparer.prepare(conv, write=False)
        whole = out.report.compaction == ("compaction not needed: the whole view fits the window",)
        assert whole == fits, turn
        said.append(whole)
        conv = _with(conv, out)
    assert True in said and False in said  # both answers were given


def _png_url(width: int, height: int) -> str:
    import base64
    import io

    from PIL import Image as PILImage

    buf = io.BytesIO()
    PILImage.new("RGB", (width, height), (width % 256, height % 256, 90)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_each_screenshot_a_recap_takes_out_of_the_request_is_a_notice(tmp_path: Path) -> None:
    """Through the proxy as through ``prepare`` and ``compact`` (issue #14): an image whose
    turn the recap covers leaves the request, and the turn report says so for each one."""
    history: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a UI testing agent."},
        {"role": "user", "content": "Goal: find why the Pay button overlaps the footer."},
    ]
    shots = [_png_url(700 + 10 * i, 500) for i in range(12)]
    for i, url in enumerate(shots):
        history.append(
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": f"Screen {i}: what do you see?"},
                    {"type": "image_url", "image_url": {"url": url}},
                ],
            }
        )
        history.append({"role": "assistant", "content": f"Screen {i}: " + "layout detail. " * 90})
    history.append({"role": "user", "content": "Summarize the overlap."})
    with (
        StubServer() as stub,
        running_proxy(store=tmp_path / "s.db", openai_upstream=stub.url, window=WINDOW) as proxy,
    ):
        client = oai(proxy, **{"X-ContextLedger-Session": "shots"})
        client.chat.completions.create(model="gpt-4o", messages=history, max_tokens=OUTPUT)
        report = client.with_options().get(
            proxy.url + "/contextledger/sessions/shots", cast_to=object
        )
        sent = stub.completions()
    assert stub.rejected() == []
    turn = report["turns"][0]  # type: ignore[index]
    assert turn.get("compaction")
    kept = json.dumps(sent[0].body)
    gone = [i for i, url in enumerate(shots) if url not in kept]
    assert gone  # the window cannot hold them all
    said = [n for n in turn["notices"] if "recapped by compaction" in n["text"]]
    assert len(said) == len(gone)


def test_the_headers_count_what_left_the_view_through_a_recap(tmp_path: Path) -> None:
    """A turn whose recap took messages out of the view: ``x-contextledger-dropped`` counts
    every message of the session not in the request (it said 0: only the fit's drops were
    counted), ``x-contextledger-recapped`` those the recap states, and ``used`` is the
    price of the request sent."""
    history: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Goal: fix the flaky build."},
    ]
    for i in range(40):
        history.append({"role": "user", "content": f"Step {i}: run module {i}'s tests."})
        history.append({"role": "assistant", "content": f"Module {i}: " + "all green. " * 60})
    history.append({"role": "user", "content": "Continue."})
    with (
        StubServer() as stub,
        running_proxy(store=tmp_path / "s.db", openai_upstream=stub.url, window=WINDOW) as proxy,
    ):
        raw = oai(proxy, **{"X-ContextLedger-Session": "left"}).chat.completions.with_raw_response
        headers = raw.create(model="gpt-4o", messages=history, max_tokens=OUTPUT).headers
        sent = stub.completions()[-1].body
    recaps = [m for m in sent["messages"] if "Compacted summary" in str(m["content"])]
    assert len(recaps) == 1
    left = len(history) - (len(sent["messages"]) - len(recaps))
    assert left > 0
    assert int(headers["x-contextledger-dropped"]) == left
    assert int(headers["x-contextledger-recapped"]) == left  # none left unrecapped
    assert int(headers["x-contextledger-used"]) >= prompt_tokens(sent)

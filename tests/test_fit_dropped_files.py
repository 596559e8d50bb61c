"""Never silent: every file, document and audio clip that leaves the view gets a notice of
its own naming it (its name, or its id / URL for a file by reference), as images do — when
the fit drops its message (a tool exchange too, whole), when a Fitter refits, when
compaction recaps its turn, and in the proxy's turn report."""

from __future__ import annotations

import base64
from typing import Any

import httpx

from contextledger import Fitter, fit, prepare
from contextledger.model import (
    Audio,
    FileAttachment,
    InlineData,
    Message,
    ToolCall,
)
from contextledger.providers.native import read_openai_file
from serve_harness import RunningProxy
from stub_server import StubServer

PDF = base64.b64encode(b"%PDF-1.4\n1 0 obj<</Type/Page>>endobj\n" + b"0" * 3000).decode()
WAV = base64.b64encode(
    b"RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x40\x1f\x00\x00"
    b"\x80\x3e\x00\x00\x02\x00\x10\x00data\x00\x00\x00\x00"
).decode()
LONG = "the build log says nothing new here " * 300


def texts(notices: Any) -> list[str]:
    return [n.text for n in notices]


def agent_session() -> list[Message]:
    """A contract read by a tool (a PDF), a file by id another tool fetched, then long turns."""
    return [
        Message.system("You are a careful assistant."),
        Message.user("Read the contract.", id="u1"),
        Message.assistant(ToolCall("c1", "read_file", '{"path": "contract.pdf"}'), id="a1"),
        Message.tool(
            "c1",
            FileAttachment("contract.pdf", data=InlineData(PDF), media_type="application/pdf"),
            id="t1",
        ),
        Message.assistant("It is a lease.", id="a2"),
        Message.user("And the quarterly report?", id="u2"),
        Message.assistant(ToolCall("c2", "fetch", "{}"), id="a3"),
        Message.tool(
            "c2", read_openai_file({"file_id": "file-q3abc", "filename": "q3.pdf"}, "p"), id="t2"
        ),
        Message.assistant("Done. " + LONG, id="a4"),
        Message.user("Now summarize everything " + LONG, id="u3"),
    ]


def test_a_file_in_a_dropped_tool_exchange_is_named() -> None:
    """D01: the exchange used to be "a tool exchange of 2 characters" and nothing named the PDF."""
    result = fit(agent_session(), "gpt-4o", window=5_000, max_output_tokens=500)
    sent = [m.id for m in result.messages]
    assert "t1" not in sent and "t2" not in sent
    said = texts(result.report.notices)
    assert any("file 'contract.pdf'" in t and "from 2 turns ago" in t for t in said), said
    assert any("'q3.pdf' (file-q3abc)" in t and "from 1 turn ago" in t for t in said), said
    where = {n.where for n in result.report.notices if "contract.pdf" in n.text}
    assert where == {"t1"}


def test_a_file_by_id_in_an_older_openai_dict_turn_is_named() -> None:
    """From the app's own dicts (read lazily): the file part is named by its id."""
    dicts: list[dict[str, Any]] = [
        {"role": "user", "content": [
            {"type": "file", "file": {"file_id": "file-Budget2027"}},
            {"type": "text", "text": "Look at this budget."}]},
        {"role": "assistant", "content": "Seen. " + LONG},
        {"role": "user", "content": "More? " + LONG},
        {"role": "assistant", "content": "Yes. " + LONG},
        {"role": "user", "content": "Thanks, and next?"},
    ]  # fmt: skip
    result = fit(
        dicts, "gpt-4o", window=4_000, max_output_tokens=300, file_pages={"file-Budget2027": 1}
    )
    assert len(result.messages) < len(dicts)
    assert any("file file-Budget2027" in t for t in texts(result.report.notices))


def test_an_audio_clip_dropped_with_its_turn_is_named() -> None:
    history = [Message.user("Set up the billing migration to Postgres 16.", id="u0")]
    history.append(Message.user("Listen to this", Audio(InlineData(WAV), "wav"), id="u1"))
    history.append(Message.assistant("Heard it. " + LONG, id="a1"))
    for i in range(2, 6):
        history += [Message.user(f"question {i} " + LONG[:300], id=f"u{i}"),
                    Message.assistant(f"answer {i} " + LONG, id=f"a{i}")]  # fmt: skip
    history.append(Message.user("Last question?", id="u9"))
    result = fit(history, "gpt-4o-audio-preview", window=5_000, max_output_tokens=300)
    assert "u1" not in [m.id for m in result.messages]
    assert [n.where for n in result.report.notices if "audio clip (wav)" in n.text] == ["u1"]


def test_a_refit_keeps_naming_the_file_and_counts_the_turns_anew() -> None:
    fitter = Fitter("gpt-4o", window=5_000, max_output_tokens=500)
    history = agent_session()
    first = fitter.fit(history)
    assert any("contract.pdf" in t and "2 turns ago" in t for t in texts(first.report.notices))
    history += [Message.assistant("Summary: " + LONG[:400], id="a5"), Message.user("ok?", id="u4")]
    again = fitter.fit(history)
    said = [t for t in texts(again.report.notices) if "contract.pdf" in t]
    assert len(said) == 1 and "3 turns ago" in said[0]


def _report_shared_then_chat(rounds: int) -> list[Message]:
    """A goal, then a 3,000-token report attached "for context", then ``rounds`` rounds of
    ~200-token questions and answers: the report's turn is neither the goal nor recent."""
    history = [
        Message.user("Set up the billing migration to Postgres 16.", id="g0"),
        Message.assistant("On it.", id="g1"),
        Message.user("Here is the report for context", FileAttachment("annual_report.txt", text="revenue " * 3000), id="u0"),
    ]  # fmt: skip
    for i in range(1, rounds + 1):
        history += [Message.assistant(f"answer {i} " + "x " * 200, id=f"a{i}"),
                    Message.user(f"question {i} " + "y " * 200, id=f"u{i}")]  # fmt: skip
    return history


def test_compaction_names_each_file_it_takes_out_of_view() -> None:
    # (29 rounds: with 15 the fit keeps every turn, the file shortened and reported, and
    # nothing is recapped)
    history = _report_shared_then_chat(29)
    prepared = prepare(history, "gpt-4o", window=8_000, max_output_tokens=300, compaction="offline")
    assert "u0" not in [m.id for m in prepared.messages]
    said = [n for n in prepared.report.notices if "annual_report.txt" in n.text]
    assert [n.where for n in said] == ["u0"] and "recapped by compaction" in said[0].text


def test_a_file_shortened_in_an_earlier_turn_is_named() -> None:
    """The notice of an earlier turn's file shortened to its ends names the file ("A long
    attached file was shortened" left the user asking which one)."""
    res = fit(_report_shared_then_chat(15), "gpt-4o", window=8_000, max_output_tokens=300)
    shrunk = [n.text for n in res.report.notices if n.where == "u0" and n.kind == "shrunk"]
    assert shrunk and all("'annual_report.txt'" in t for t in shrunk)
    assert [c.what for c in res.report.shrunk if c.message_id == "u0"] == [
        "attached file 'annual_report.txt'"
    ]


def test_the_goal_with_its_file_stays_in_view_the_file_shortened_and_said() -> None:
    """The goal's own turn is pinned (issue #14): its file goes shortened, reported, not the
    turn out of view (review47 R47-ret1)."""
    history = [
        Message.user("Read the report", FileAttachment("annual_report.txt", text="revenue " * 3000), id="u0")
    ]  # fmt: skip
    for i in range(1, 16):
        history += [Message.assistant(f"answer {i} " + "x " * 200, id=f"a{i}"),
                    Message.user(f"question {i} " + "y " * 200, id=f"u{i}")]  # fmt: skip
    prepared = prepare(history, "gpt-4o", window=8_000, max_output_tokens=300, compaction="offline")
    assert "u0" in [m.id for m in prepared.messages]
    said = [n for n in prepared.report.notices if "attached file" in n.text]
    assert [n.where for n in said] == ["u0"] and "'annual_report.txt'" in said[0].text


def test_the_proxy_turn_report_names_the_dropped_file(
    proxy: RunningProxy, stub: StubServer
) -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [
            {"type": "file", "file": {"file_id": "file-Spec2026", "filename": "spec.pdf"}},
            {"type": "text", "text": "Read the spec."}]},
        {"role": "assistant", "content": "Read. " + LONG},
        {"role": "user", "content": "And then? " + LONG[:2000]},
        {"role": "assistant", "content": "Then this. " + LONG},
        {"role": "user", "content": "Thanks."},
    ]  # fmt: skip
    response = httpx.post(
        f"{proxy.url}/v1/chat/completions",
        json={"model": "gpt-4o", "messages": messages, "max_tokens": 100},
        headers={"authorization": "Bearer sk-test", "x-contextledger-session": "files"},
        timeout=30,
    )
    assert response.status_code == 200, response.text
    assert not stub.rejected()
    turns = httpx.get(f"{proxy.url}/contextledger/sessions/files").json()["turns"]
    said = [n["text"] for n in turns[-1]["notices"]]
    assert any("'spec.pdf' (file-Spec2026)" in t for t in said), said


def test_a_file_without_a_name_is_named_by_what_it_is() -> None:
    """Review 17 (R17-P1): a Gemini inline PDF has no name; "file 'file'" said nothing.

    The PDF comes with a later request, not the one that set the task: a session that opens
    with a terse task and its document ("Read the contract" + the PDF) has them pinned as the
    goal (retain33), so the model still sees what it was asked to read; the notice for a
    document dropped is what this test is about."""
    contents = [
        {"role": "user", "parts": [{"text": "Check our supplier agreements for renewal risks."}]},
        {"role": "model", "parts": [{"text": "Send them over."}]},
        {"role": "user", "parts": [
            {"text": "Read the contract"},
            {"inline_data": {"mime_type": "application/pdf", "data": PDF}}]},
        {"role": "model", "parts": [{"text": "Read it."}]},
    ]  # fmt: skip
    for i in range(30):
        contents += [
            {"role": "user", "parts": [{"text": f"step {i}, please continue"}]},
            {"role": "model", "parts": [{"text": "Done. " + "Details here. " * 30}]},
        ]
    contents.append({"role": "user", "parts": [{"text": "what now?"}]})
    result = fit({"contents": contents}, "gemini-2.5-flash", window=2_000, max_output_tokens=200)
    said = [n.text for n in result.report.notices if "PDF" in n.text]
    assert said == [
        "The model will not see a PDF file (application/pdf, 1 page) from 31 turns ago: "
        "dropped to fit the context window."
    ]


BIG_PDF = base64.b64encode(
    b"%PDF-1.4\n1 0 obj<</Type/Pages/Count 40>>endobj\n%%EOF"  # 40 pages: ~90k tokens
).decode()


def _fetched_then_asked(model_turn: bool) -> dict[str, Any]:
    """A tool fetched a 40-page spec; its result came in the same Anthropic user turn as
    the new request (``model_turn``: the model answered between them)."""
    document = {"type": "document", "title": "spec.pdf",
                "source": {"type": "base64", "media_type": "application/pdf", "data": BIG_PDF}}  # fmt: skip
    result = {"type": "tool_result", "tool_use_id": "tu1", "content": [document]}
    turns: list[dict[str, Any]] = [
        {"role": "user", "content": "fetch the spec"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "tu1", "name": "fetch", "input": {}}]},
    ]  # fmt: skip
    if model_turn:
        turns += [{"role": "user", "content": [result]}, {"role": "assistant", "content": "Got it."},
                  {"role": "user", "content": "summarize it"}]  # fmt: skip
    else:
        turns.append(
            {"role": "user", "content": [result, {"type": "text", "text": "summarize it"}]}
        )
    return {"system": "sys", "messages": turns}


def test_a_file_a_tool_returned_with_the_current_request_is_from_the_current_turn() -> None:
    """A tool's result sent in the same request as the user's new message (no model turn
    between) came with the current request: its dropped file was said to be "from 1 turn
    ago"; one the model answered before the new request is."""
    for model_turn, when in ((False, "from the current turn"), (True, "from 1 turn ago")):
        res = fit(_fetched_then_asked(model_turn), "claude-sonnet-4-5", window=3_000,
                  max_output_tokens=500, drop_current_attachments=True)  # fmt: skip
        named = [t for t in texts(res.report.notices) if "spec.pdf" in t]
        assert len(named) == 1 and when in named[0], named


def test_audio_the_fit_drops_is_not_refused_for_a_model_that_hears_none() -> None:
    """Review 18 (R18-P2) refuses audio sent to gpt-4o; a voice note the fit drops anyway is
    not sent: named like any dropped clip, not refused."""
    history = [Message.user("Set up the billing migration to Postgres 16.", id="u0")]
    history.append(Message.user("Listen to this", Audio(InlineData(WAV), "wav"), id="u1"))
    history.append(Message.assistant("Heard it. " + LONG, id="a1"))
    for i in range(2, 6):
        history += [Message.user(f"question {i} " + LONG[:300], id=f"u{i}"),
                    Message.assistant(f"answer {i} " + LONG, id=f"a{i}")]  # fmt: skip
    history.append(Message.user("Last question?", id="u9"))
    result = fit(history, "gpt-4o", window=5_000, max_output_tokens=300)
    assert "u1" not in [m.id for m in result.messages]
    assert [n.where for n in result.report.notices if "audio clip (wav)" in n.text] == ["u1"]

"""Files whose bytes are not in the request, as users paste them: an Anthropic ``document``
by ``url`` or Files API ``file`` id, an OpenAI Chat ``file`` part by ``file_id``, a Responses
``input_file`` by ``file_id`` or ``file_url``. They were refused; they are read, sent as they
came where the target takes them (the SDKs' types: ``DocumentBlockParam.source``,
``ChatCompletionContentPartParam`` ``File``, ``ResponseInputFileParam``), as a readable text
elsewhere (reported), and priced at a documented bound — never guessed low."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from contextledger import fit, prepare, read_messages, translate
from contextledger.errors import ArgumentError, ContentError
from contextledger.pricing.messages import price_request
from contextledger.providers.anthropic import FILES_BETA, sdk_kwargs
from serve_harness import RunningProxy
from stub_responses import validate_responses
from stub_server import Invalid, StubServer, validate_anthropic, validate_openai

STUB = StubServer()
HEADERS = {"authorization": "Bearer k", "x-api-key": "k", "anthropic-version": "2023-06-01"}
MODELS = {"openai": "gpt-4.1", "openai-responses": "gpt-4.1", "anthropic": "claude-sonnet-4-5",
          "gemini": "gemini-2.5-flash"}  # fmt: skip
CHAT_FILE = {"type": "file", "file": {"file_id": "file-abc", "filename": "q3.pdf"}}
RESPONSES_ID = {"type": "input_file", "file_id": "file-abc", "filename": "q3.pdf"}
RESPONSES_URL = {"type": "input_file", "file_url": "https://files.test/q3.pdf"}
DOC_URL = {"type": "document", "source": {"type": "url", "url": "https://files.test/b.pdf"},
           "title": "B", "cache_control": {"type": "ephemeral"}}  # fmt: skip
DOC_FILE = {"type": "document", "source": {"type": "file", "file_id": "file_011"}}
IMAGE_FILE = {"type": "image", "source": {"type": "file", "file_id": "file_022"}}
RESPONSES_IMAGE = {"type": "input_image", "file_id": "file-img", "detail": "high"}


def _chat(part: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"role": "user", "content": [{"type": "text", "text": "summarize"}, part]},
            {"role": "assistant", "content": "Revenue rose."}, {"role": "user", "content": "why?"}]  # fmt: skip


def _responses(part: dict[str, Any]) -> dict[str, Any]:
    return {"input": [{"role": "user", "content": [{"type": "input_text", "text": "read"}, part]},
                      {"role": "assistant", "content": "ok"}, {"role": "user", "content": "why?"}]}  # fmt: skip


def _anthropic(block: dict[str, Any]) -> dict[str, Any]:
    return {"messages": [{"role": "user", "content": [block, {"type": "text", "text": "what?"}]},
                         {"role": "assistant", "content": "it"}, {"role": "user", "content": "why?"}]}  # fmt: skip


HISTORIES = {
    "chat file_id": _chat(CHAT_FILE),
    "responses file_id": _responses(RESPONSES_ID),
    "responses file_url": _responses(RESPONSES_URL),
    "anthropic url": _anthropic(DOC_URL),
    "anthropic file": _anthropic(DOC_FILE),
    "anthropic image file": _anthropic(IMAGE_FILE),
    "responses image file_id": _responses(RESPONSES_IMAGE),
}
# where each goes as it came (else as text, reported)
AS_IT_CAME = {
    "chat file_id": {"openai": CHAT_FILE, "openai-responses": RESPONSES_ID},
    "responses file_id": {"openai": CHAT_FILE, "openai-responses": RESPONSES_ID},
    "responses file_url": {"openai-responses": RESPONSES_URL},
    "anthropic url": {"anthropic": DOC_URL},
    "anthropic file": {"anthropic": DOC_FILE},
    "anthropic image file": {"anthropic": IMAGE_FILE},
    "responses image file_id": {"openai-responses": RESPONSES_IMAGE},
}
# the least a kept one is priced at: a file at its pages' bound, an image at the per-image most
AT_LEAST = {"anthropic image file": 1_568, "responses image file_id": 1_445}


def _validate(body: dict[str, Any], target: str) -> None:
    full = {"model": MODELS[target], **body}
    if target == "openai":
        validate_openai(full, STUB)
    elif target == "openai-responses":
        validate_responses(full, HEADERS, STUB)
    elif target == "anthropic":
        kwargs = sdk_kwargs({**full, "max_tokens": 100})
        beta = kwargs.pop("extra_headers", {})
        validate_anthropic(kwargs, {**HEADERS, **beta}, STUB)


def _first_turn_parts(body: dict[str, Any], target: str) -> list[Any]:
    key, inner = {"openai": ("messages", "content"), "openai-responses": ("input", "content"),
                  "anthropic": ("messages", "content"), "gemini": ("contents", "parts")}[target]  # fmt: skip
    content = body[key][0][inner]
    return content if isinstance(content, list) else [content]


def test_every_shape_is_read_and_sent_as_it_came_or_as_text_reported() -> None:
    wrong = {}
    for case, history in HISTORIES.items():
        for target, model in MODELS.items():
            out = translate(history, target, model=model)
            parts = _first_turn_parts(out.body, target)
            expected = AS_IT_CAME[case].get(target)
            if expected is not None:
                ok = expected in parts and not out.notices
            else:
                ok = any("[" in str(p) and ("file" in str(p) or "document" in str(p))
                         for p in parts) and any(n.kind == "replaced" for n in out.notices)  # fmt: skip
            _validate(out.body, target)
            if not ok:
                wrong[(case, target)] = (parts, out.notices)
    assert not wrong


def test_priced_at_a_bound_as_sent_and_an_estimate() -> None:
    """Sent as it came, a file by id or URL is priced at the most it may cost (a PDF's most
    pages, else the window; an image, the model's per-image maximum) and the report says it
    is an estimate; budgeted == body."""
    wrong = {}
    for case, history in HISTORIES.items():
        for target in AS_IT_CAME[case]:
            model = "gpt-4.1" if target.startswith("openai") else "claude-sonnet-4-5"
            try:
                # (a window the PDF bound fits: a 1M one makes prepare's headroom price ~260k)
                window = 300_000 if model == "gpt-4.1" else None
                prepared = prepare(history, model, target=target, window=window)
            except ContentError:
                continue  # the bound does not fit (tested below)
            sent = price_request(prepared.body, model, target).total
            kept = any(str(AS_IT_CAME[case][target]) in str(p) for p in _first_turn_parts(
                prepared.body, target))  # fmt: skip
            estimated = any(n.kind == "estimated" for n in prepared.report.notices)
            least = AT_LEAST.get(case, 100_000)
            if prepared.report.used != sent or (kept and (sent < least or not estimated)):
                wrong[(case, target)] = (prepared.report.used, sent, kept, estimated)
    assert not wrong


def test_in_the_current_request_a_bound_over_the_window_is_refused_naming_it() -> None:
    """Claude's window holds neither a file id of unknown type nor a PDF of 100 pages at
    3,000 tokens a page: the question is never sent without its file."""
    current = {"messages": [{"role": "user", "content": [DOC_FILE, {"type": "text", "text": "?"}]}]}
    with pytest.raises(ContentError) as err:
        fit(current, "claude-sonnet-4-5", target="anthropic")
    assert err.value.path == "message 'm0' content[0]" and "inline" in err.value.reason


def test_a_file_by_reference_in_the_newest_tool_exchange_is_named_not_a_size() -> None:
    """The newest exchange goes whole: a file by id or URL in its result whose bound does
    not fit is refused naming it and what to do (was a BudgetError naming nothing); its
    declared pages make it fit."""
    for part in (DOC_FILE, DOC_URL):
        history = {"messages": [
            {"role": "user", "content": "Fetch the invoice."},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "toolu_1", "name": "fetch", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                          "content": [{"type": "text", "text": "done"}, part]}]},
        ]}  # fmt: skip
        with pytest.raises(ContentError) as err:
            fit(history, "claude-sonnet-4-5", target="anthropic")
        assert err.value.path.endswith("content[0].content[1]")
        ref = part["source"].get("file_id") or part["source"].get("url")
        assert f"file_pages={{{ref!r}: N}}" in err.value.reason
        report = fit(history, "claude-sonnet-4-5", target="anthropic", file_pages={ref: 3}).report
        assert report.used >= 3 * 1_500
        assert any(n.kind == "estimated" for n in report.notices)


def test_the_anthropic_client_sends_the_files_beta_for_a_file_id() -> None:
    body = translate(HISTORIES["anthropic file"], "anthropic").body
    assert sdk_kwargs(body)["extra_headers"] == {"anthropic-beta": FILES_BETA}
    assert "extra_headers" not in sdk_kwargs(
        translate(HISTORIES["anthropic url"], "anthropic").body
    )


@pytest.mark.parametrize(
    ("target", "part", "error"),
    [
        ("openai", {"type": "file", "file": {"filename": "a.pdf"}}, "exactly one of"),
        ("openai", {"type": "file", "file": {"file_url": "https://x.test/a.pdf"}}, "file_url"),
        ("openai-responses", {"type": "input_file", "filename": "a.pdf"}, "exactly one of"),
        ("anthropic", {"type": "document", "source": {"type": "url"}}, "Field required"),
        ("anthropic", DOC_FILE, FILES_BETA),
    ],
)
def test_the_stubs_refuse_what_the_apis_refuse(target: str, part: Any, error: str) -> None:
    if target == "anthropic":
        body = {"model": MODELS[target], "max_tokens": 9, "messages": [
            {"role": "user", "content": [part, {"type": "text", "text": "?"}]}]}  # fmt: skip
        with pytest.raises(Invalid, match=error):
            validate_anthropic(body, HEADERS, STUB)
        return
    content = [{"type": "text" if target == "openai" else "input_text", "text": "?"}, part]
    key = "messages" if target == "openai" else "input"
    body = {"model": MODELS[target], key: [{"role": "user", "content": content}]}
    with pytest.raises(Invalid, match=error):
        _validate(body, target) if target == "openai" else validate_responses(body, HEADERS, STUB)


def test_a_reference_missing_its_field_is_a_content_error_naming_it() -> None:
    bad = {
        "messages[0].content[1].file": _chat({"type": "file", "file": {"filename": "a.pdf"}}),
        "messages[0].content[0].source.url": _anthropic(
            {"type": "document", "source": {"type": "url"}}
        ),
    }
    for path, history in bad.items():
        with pytest.raises(ContentError) as err:
            translate(history, "gemini")
        assert err.value.path == path


Q = {"type": "text", "text": "Summarize this contract."}
CURRENT = {  # review12 P1: the newest request, where a file by reference is usually pasted
    "anthropic url": ("claude-sonnet-4-5", "https://x.test/c.pdf", {"messages": [
        {"role": "user", "content": [{"type": "document", "source": {"type": "url",
                                      "url": "https://x.test/c.pdf"}}, Q]}]}),
    "anthropic file id": ("claude-opus-4-7", "file_011abc", {"messages": [
        {"role": "user", "content": [{"type": "document", "source": {"type": "file",
                                      "file_id": "file_011abc"}}, Q]}]}),
    "openai file id": ("gpt-4o", "file-abc", [
        {"role": "user", "content": [{"type": "file", "file": {"file_id": "file-abc"}}, Q]}]),
    "responses file url": ("gpt-4.1", "https://x.test/c.pdf", {"input": [
        {"role": "user", "content": [{"type": "input_file", "file_url": "https://x.test/c.pdf"},
                                     {"type": "input_text", "text": "Summarize."}]}]}),
}  # fmt: skip


def test_the_caller_may_declare_the_pages_of_a_file_by_reference() -> None:
    """Unknown to the fit, a file's length is known to the app that uploaded it: declared
    (``file_pages``), the file is priced at the provider's rate for that many pages, an
    estimate said so, and sent; undeclared and over the window, the refusal says how."""
    got = {}
    for case, (model, ref, payload) in CURRENT.items():
        with pytest.raises(ContentError, match=f"file_pages={{'{ref}': N}}"):
            fit(payload, model)
        res = fit(payload, model, file_pages={ref: 12})
        prepared = prepare(payload, model, file_pages={ref: 12})
        sent = price_request(prepared.body, model, prepared.format, file_pages={ref: 12}).total
        notes = [n.text for n in res.report.notices if n.kind == "estimated"]
        got[case] = (
            prepared.report.used == sent,
            ref in json.dumps(prepared.body),
            any("12 pages" in n and "as the caller declared" in n for n in notes),
        )
    assert got == {case: (True, True, True) for case in CURRENT}
    with pytest.raises(ArgumentError, match="file_pages"):
        fit(CURRENT["openai file id"][2], "gpt-4o", file_pages={"file-abc": 0})


def test_a_preparer_takes_the_pages_of_a_file_uploaded_later() -> None:
    """review12 P3: a Preparer kept per conversation meets a file uploaded on a later turn;
    its pages are declared with that turn (added to those declared before)."""
    from contextledger.prepare import Preparer

    def doc(fid: str) -> dict[str, Any]:
        return {"type": "document", "source": {"type": "file", "file_id": fid}}

    turn1 = {"messages": [{"role": "user", "content": [doc("file_a"), Q]}]}
    turn2 = {"messages": [*turn1["messages"], {"role": "assistant", "content": "A lease."},
                          {"role": "user", "content": [doc("file_b"), Q]}]}  # fmt: skip
    preparer = Preparer("claude-sonnet-4-5", file_pages={"file_a": 12})
    first = preparer.prepare(turn1).report.used
    with pytest.raises(ContentError, match="file_b"):
        preparer.prepare(turn2)
    second = preparer.prepare(turn2, file_pages={"file_b": 3})
    pages = {"file_a": 12, "file_b": 3}
    assert (
        second.report.used
        == price_request(second.body, "claude-sonnet-4-5", file_pages=pages).total
    )
    assert second.report.used > first + 3 * 1_500 and "file_b" in json.dumps(second.body)


def test_an_inline_image_or_document_is_read_once_as_before() -> None:
    """(5bc3754 read an inline Anthropic image twice: as an image and as a document.)"""
    gif = "R0lGODlhAQABAAAAACw="
    body = {"messages": [{"role": "user", "content": [
        {"type": "image", "source": {"type": "base64", "media_type": "image/gif", "data": gif}},
        {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}},
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "hi"}},
    ]}]}  # fmt: skip
    [m] = read_messages(body)
    assert [b.type for b in m.content] == ["image", "image", "file"]


def test_pages_declared_after_a_compacted_turn_reprepare_from_fresh_fitters() -> None:
    """A Preparer that has compacted (its dry fits built) meets a file declared on a later
    turn: the fitters start over and the next turn is prepared and priced as sent (the
    merge of two branches once reset the dry fits to None, which crashed this turn)."""
    from contextledger.prepare import Preparer

    def doc(fid: str) -> dict[str, Any]:
        return {"type": "document", "source": {"type": "file", "file_id": fid}}

    words = " ".join(f"step {i} of the review found clause {i * 7} relevant." for i in range(60))
    turns: list[dict[str, Any]] = []
    for i in range(12):
        turns += [{"role": "user", "content": f"Turn {i}: {words}"},
                  {"role": "assistant", "content": f"Noted turn {i}. {words}"}]  # fmt: skip
    preparer = Preparer("claude-sonnet-4-5", window=12_000, max_output_tokens=1_000)
    first = preparer.prepare({"messages": [*turns, {"role": "user", "content": [doc("f1"), Q]}]},
                             file_pages={"f1": 1})  # fmt: skip
    assert first.report.compaction  # a recap was made: the dry fits exist
    later = {"messages": [*turns, {"role": "user", "content": [doc("f1"), Q]},
                          {"role": "assistant", "content": "A lease."},
                          {"role": "user", "content": [doc("f2"), Q]}]}  # fmt: skip
    second = preparer.prepare(later, file_pages={"f2": 1})
    pages = {"f1": 1, "f2": 1}
    sent = price_request(second.body, "claude-sonnet-4-5", file_pages=pages).total
    assert second.report.used == sent and "f2" in json.dumps(second.body)


def test_serve_sends_the_files_beta_when_the_body_names_a_file(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """The proxy adds the Files API beta beside the client's own betas when the request it
    sends names a file by id (the stub refuses it without, as Anthropic does)."""
    image = {"type": "image", "source": {"type": "file", "file_id": "file_011"}}
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 64,
        "messages": [{"role": "user", "content": [image, {"type": "text", "text": "why?"}]}],
    }
    for betas, sent in ((None, FILES_BETA), ("pdfs-2024-09-25", f"pdfs-2024-09-25,{FILES_BETA}")):
        headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
        reply = httpx.post(
            proxy.url + "/v1/messages",
            json=body,
            headers=headers if betas is None else {**headers, "anthropic-beta": betas},
            timeout=60,
        )
        assert reply.status_code == 200, reply.text
        assert stub.completions()[-1].headers["anthropic-beta"] == sent


def test_an_image_by_file_id_sent_to_chat_says_to_use_the_responses_api() -> None:
    """(review13 P3) A Responses body with an ``input_image`` by ``file_id`` prepared for the
    Chat default was reported "openai cannot read it; only openai takes it back": the notice
    now says which API takes it and how to ask for it."""
    part = {"type": "input_image", "file_id": "file-abc"}
    body = {"model": "gpt-4o", "input": [{"role": "user", "content": [
        {"type": "input_text", "text": "what is this?"}, part]}]}  # fmt: skip
    chat = prepare(body, "gpt-4o", target="openai")
    (notice,) = [n for n in chat.report.notices if n.kind == "replaced"]
    assert "Chat Completions takes no image by file id" in notice.text
    assert 'target="openai-responses"' in notice.text and notice.text.startswith("An image")
    kept = prepare(body, "gpt-4o", target="openai-responses")
    assert not [n for n in kept.report.notices if n.kind == "replaced"]
    assert part in kept.body["input"][0]["content"]

"""Citations on an earlier answer (review36 R36-P1): Anthropic's ``citations`` of a text block
(char, page, content-block, search-result and web-search locations) and the Responses API's
``annotations`` of an ``output_text`` (URL, file and container-file citations, file paths) are
read with the text and sent back to the format that wrote them, as they came; every other
target says it left them out, naming what they cited. Chat's ``annotations`` of a search
model's reply are named too (no request format takes them). The price counts them where they
are sent: ``used`` is the body's own price. Bodies go through the official SDK types."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger import fit, translate
from contextledger.model import Text
from contextledger.pricing.messages import price_request
from contextledger.providers import read_messages
from contextledger.storage.codec import message_from_dict, message_to_dict
from sdk_check import validate_body

MODELS = {"openai": "gpt-4.1", "openai-responses": "gpt-5",
          "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}  # fmt: skip
URL = "https://example.org/report-2291"


def responses_history() -> list[dict[str, Any]]:
    ask = lambda t: {"role": "user", "content": [{"type": "input_text", "text": t}]}  # noqa: E731
    return [ask("what does the report say?"), {
        "type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
        "content": [{"type": "output_text", "text": "see the report, and the handbook", "annotations": [
            {"type": "url_citation", "url": URL, "title": "Permit report", "start_index": 4, "end_index": 14},
            {"type": "file_citation", "file_id": "file-hb1", "filename": "handbook.pdf", "index": 20}]}]},
        ask("open the cited page again")]  # fmt: skip


DOCUMENT = {
    "type": "document",
    "title": "Lease 6A",
    "citations": {"enabled": True},
    "source": {"type": "text", "media_type": "text/plain", "data": "The lease starts on 1 June."},
}
SEARCH_RESULT = {
    "type": "search_result",
    "source": "https://kb.example.com/lease",
    "title": "Lease",
    "content": [{"type": "text", "text": "The lease starts on 1 June."}],
}
WEB_SEARCH = [
    {
        "type": "server_tool_use",
        "id": "srvtoolu_01",
        "name": "web_search",
        "input": {"query": "lease"},
    },
    {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_01",
        "content": [
            {
                "type": "web_search_result",
                "url": URL,
                "title": "Lease news",
                "encrypted_content": "EqgfCioIARgB",
            }
        ],
    },
]


def anthropic_history(
    citation: dict[str, Any], source: dict[str, Any] | None = DOCUMENT
) -> dict[str, Any]:
    """A question on a source (a document, a search result, or the web search the answer
    ran), and an answer citing it with ``citation``."""
    on_the_web = citation["type"] == "web_search_result_location"
    asked = [{"type": "text", "text": "when does it start?"}]
    if source is not None and not on_the_web:
        asked.insert(0, source)
    searched = WEB_SEARCH if on_the_web and source is not None else []
    answer = {"type": "text", "text": "It starts on 1 June.", "citations": [citation]}
    return {"messages": [
        {"role": "user", "content": asked},
        {"role": "assistant", "content": [*searched, answer]},
        {"role": "user", "content": "quote the clause"}]}  # fmt: skip


ANTHROPIC_CITATIONS = [
    {"type": "char_location", "cited_text": "The lease starts on 1 June.", "document_index": 0,
     "document_title": "Lease 6A", "start_char_index": 0, "end_char_index": 27},
    {"type": "page_location", "cited_text": "starts on 1 June", "document_index": 0,
     "document_title": "Lease 6A", "start_page_number": 1, "end_page_number": 2},
    {"type": "content_block_location", "cited_text": "starts on 1 June", "document_index": 0,
     "document_title": None, "start_block_index": 0, "end_block_index": 1},
    {"type": "search_result_location", "cited_text": "starts on 1 June", "search_result_index": 0,
     "source": "https://kb.example.com/lease", "title": "Lease", "start_block_index": 0, "end_block_index": 1},
    {"type": "web_search_result_location", "cited_text": "starts on 1 June", "url": URL,
     "title": "Lease news", "encrypted_index": "Eo8BCioIAhgB"},
]  # fmt: skip


def source_of(citation: dict[str, Any]) -> dict[str, Any]:
    return SEARCH_RESULT if citation["type"] == "search_result_location" else DOCUMENT


def sent(
    history: Any, target: str, window: int = 50_000, exact: bool = True
) -> tuple[dict[str, Any], list[str], int]:
    model = MODELS[target]
    r = fit(history, model, window=window, max_output_tokens=500, target=target)
    t = translate(r.messages, target, model=model)
    body = dict(t.body)
    if target != "gemini":
        validate_body(target, json.loads(json.dumps(body)))
    priced = price_request(body, model, target).total
    assert r.report.used == priced if exact else r.report.used >= priced
    return body, [n.text for n in (*r.report.notices, *t.notices)], r.report.used


def test_responses_annotations_go_back_to_responses_as_they_came() -> None:
    body, _, _ = sent(responses_history(), "openai-responses")
    (message,) = [item for item in body["input"] if item.get("role") == "assistant"]
    assert message["id"] == "msg_1"
    assert (
        message["content"][0]["annotations"] == responses_history()[1]["content"][0]["annotations"]
    )


@pytest.mark.parametrize("target", ["openai", "anthropic", "gemini"])
def test_responses_annotations_elsewhere_are_named_in_a_notice(target: str) -> None:
    body, said, _ = sent(responses_history(), target)
    assert URL not in json.dumps(body)
    (note,) = [s for s in said if "citation" in s]
    assert URL in note and "handbook.pdf" in note


@pytest.mark.parametrize("citation", ANTHROPIC_CITATIONS, ids=lambda c: c["type"])
def test_anthropic_citations_go_back_to_anthropic(citation: dict[str, Any]) -> None:
    body, said, _ = sent(anthropic_history(citation, source_of(citation)), "anthropic")
    answer = body["messages"][1]["content"][-1]
    assert answer == {"type": "text", "text": "It starts on 1 June.", "citations": [citation]}
    assert not [s for s in said if "citation" in s]


@pytest.mark.parametrize("citation", ANTHROPIC_CITATIONS, ids=lambda c: c["type"])
def test_a_citation_whose_source_is_not_sent_is_left_out_said(citation: dict[str, Any]) -> None:
    # (the document, search result or web search left out: the API could not place it)
    history = anthropic_history(citation, None)
    body = translate(history, "anthropic", model=MODELS["anthropic"])
    validate_body("anthropic", json.loads(json.dumps(body.body)))
    assert "citations" not in json.dumps(body.body["messages"][1])
    assert [n for n in body.notices if "citation" in n.text and "not in this request" in n.text]


def test_a_citation_of_another_document_at_its_index_is_left_out() -> None:
    other = {**DOCUMENT, "title": "Lease 7B"}  # (the fit left 6A out: 7B is document 0 now)
    body = translate(anthropic_history(ANTHROPIC_CITATIONS[0], other), "anthropic")
    assert "citations" not in json.dumps(body.body["messages"][1])
    untitled = {
        **ANTHROPIC_CITATIONS[0],
        "document_title": None,
        "cited_text": "Rent is due monthly.",
    }
    body = translate(anthropic_history(untitled, DOCUMENT), "anthropic")
    assert "citations" not in json.dumps(body.body["messages"][1])


@pytest.mark.parametrize("target", ["openai", "openai-responses", "gemini"])
def test_anthropic_citations_elsewhere_are_named_in_a_notice(target: str) -> None:
    body, said, _ = sent(anthropic_history(ANTHROPIC_CITATIONS[0]), target)
    assert "char_location" not in json.dumps(body)
    assert [s for s in said if s.startswith("The answer at") and "Lease 6A" in s]


def test_chat_search_annotations_are_named_where_nothing_takes_them() -> None:
    chat = [
        {"role": "user", "content": "news on the port strike?"},
        {"role": "assistant", "content": "It ended on Friday.", "annotations": [
            {"type": "url_citation", "url_citation": {"url": URL, "title": "Port news",
                                                      "start_index": 0, "end_index": 5}}]},
        {"role": "user", "content": "open that article"},
    ]  # fmt: skip
    for target in MODELS:
        body, said, _ = sent(chat, target)
        assert "url_citation" not in json.dumps(body)
        assert [s for s in said if URL in s and "citation" in s], target


def test_citations_are_priced_where_they_are_sent() -> None:
    bare = anthropic_history(ANTHROPIC_CITATIONS[0])
    bare["messages"][1]["content"][0].pop("citations")
    _, _, with_cites = sent(anthropic_history(ANTHROPIC_CITATIONS[0]), "anthropic")
    _, _, without = sent(bare, "anthropic")
    assert with_cites > without
    _, _, gemini_with = sent(anthropic_history(ANTHROPIC_CITATIONS[0]), "gemini")
    _, _, gemini_without = sent(bare, "gemini")
    assert gemini_with == gemini_without  # not sent, not priced


def test_a_duplicated_message_id_says_its_citations_went_too() -> None:
    history = responses_history()
    history.insert(2, history[1])  # an app appended the answer twice
    # (the fit prices each message apart: the later one's citations are counted, not sent)
    _, said, _ = sent(history, "openai-responses", exact=False)
    assert [s for s in said if "used twice" in s and "citations" in s]


def test_citations_survive_storage() -> None:
    (_, answer, _) = read_messages(responses_history())
    assert message_from_dict(message_to_dict(answer)) == answer
    assert answer.content[0].citations is not None


def test_a_replys_citation_goes_back_in_the_form_a_request_takes() -> None:
    # a reply's citation carries ``file_id`` (the SDK's CitationCharLocation), a request's
    # does not (CitationCharLocationParam); an app that stored the reply dumped it with it
    replied = {**ANTHROPIC_CITATIONS[0], "file_id": None}
    body, said, _ = sent(anthropic_history(replied), "anthropic", exact=False)  # (priced with it)
    assert body["messages"][1]["content"][-1]["citations"] == [ANTHROPIC_CITATIONS[0]]
    assert not [s for s in said if "citation" in s]


def test_a_streamed_replys_citations_are_kept_for_the_next_turn() -> None:
    from types import SimpleNamespace

    from anthropic.types import RawMessageStreamEvent
    from pydantic import TypeAdapter

    from contextledger.providers import anthropic as anthropic_format

    usage = {"input_tokens": 10, "output_tokens": 1}
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage,
    }
    raw = [
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "It starts in June."}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta",
                                                             "citation": {**ANTHROPIC_CITATIONS[0], "file_id": None}}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
         "usage": {"output_tokens": 9}},
        {"type": "message_stop"},
    ]  # fmt: skip
    events = [TypeAdapter(RawMessageStreamEvent).validate_python(e) for e in raw]

    class Stream:
        response = SimpleNamespace(headers={})

        def __iter__(self) -> Any:
            return iter(events)

        def __enter__(self) -> Stream:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

    client = SimpleNamespace(messages=SimpleNamespace(create=lambda **kw: Stream()))
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": "hi"}],
    }
    reply = anthropic_format.stream(
        client, body, model="claude-sonnet-4-5", estimated_input=10, on_text=None
    )
    (text,) = reply.message.content
    asked = read_messages(anthropic_history(ANTHROPIC_CITATIONS[0]))[:1]
    written = translate([*asked, reply.message], "anthropic")
    assert isinstance(text, Text) and text.citations is not None
    assert written.body["messages"][1]["content"][0]["citations"] == [ANTHROPIC_CITATIONS[0]]


def test_a_citation_into_a_document_the_fit_shortened_is_left_out() -> None:
    """R37-prov32-1: a fit that shortened the cited document kept its title, and the
    citation went back placed at indexes the sent document no longer held. A char_location
    citation goes only where its quote is at its indexes; at a window that holds the whole
    document it goes as it came."""
    filler = "Filler sentence about the alpha process. " * 200
    quote = "The alpha refund window is 30 days from delivery."
    text = "Alpha handbook. " + filler + quote + " " + filler
    start = text.index(quote)
    citation = {
        "type": "char_location", "cited_text": quote, "document_index": 0,
        "document_title": "Alpha", "start_char_index": start, "end_char_index": start + len(quote),
    }  # fmt: skip
    document = {
        "type": "document", "title": "Alpha", "citations": {"enabled": True},
        "source": {"type": "text", "media_type": "text/plain", "data": text},
    }  # fmt: skip
    history = [
        {"role": "user", "content": "Answer from our policy documents."},
        {"role": "assistant", "content": [{"type": "text", "text": "Sure, share them."}]},
        {"role": "user", "content": [document, {"type": "text", "text": "Refund window?"}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "30 days from delivery", "citations": [citation]}]},
        {"role": "user", "content": "Thanks. And exchanges?"},
    ]  # fmt: skip
    for window, kept in ((4_000, False), (200_000, True)):
        fitted = fit(history, MODELS["anthropic"], window=window, max_output_tokens=500,
                     target="anthropic")  # fmt: skip
        body = translate(fitted.messages, "anthropic", model=MODELS["anthropic"])
        answer = json.dumps(body.body["messages"][3])
        assert ("citations" in answer) is kept, window
        said = [n.text for n in body.notices if "citation" in n.text]
        assert bool(said) is not kept and all("shortened by the fit" in t for t in said)

"""Content only one provider reads (redteam11 N4): Anthropic server tools (web search and its
results), Gemini code execution and files by URI. They were refused with a ContentError;
now they are read, priced at an estimate never below the bill (reported), sent back as they
came to their provider, and as text, reported, to the others. Bodies go through the official
SDKs to the validating stubs."""

from __future__ import annotations

import copy
import json
from typing import Any

import anthropic
import openai
import pytest

from contextledger import fit, prepare, translate
from contextledger.errors import ContentError
from contextledger.model import ProviderContent
from contextledger.prepare import price_request
from contextledger.providers import read_messages
from contextledger.storage.codec import message_from_dict, message_to_dict
from stub_server import StubServer

# Shown also on gemini-3-pro-preview's window, served again here (shut down 2026-03-09 on the Gemini API;
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")

CLAUDE, GPT, GEMINI = "claude-sonnet-4-6", "gpt-4o", "gemini-2.5-flash"
MODELS = {"anthropic": CLAUDE, "openai": GPT, "openai-responses": GPT, "gemini": GEMINI}

SEARCH_USE = {
    "type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
    "input": {"query": "weather Paris tomorrow"},
}  # fmt: skip
SEARCH_RESULT = {
    "type": "web_search_tool_result", "tool_use_id": "srvtoolu_01",
    "content": [{"type": "web_search_result", "url": "https://meteo.example/paris",
                 "title": "Paris: sunny, 24 °C", "encrypted_content": "EqQBCioIBxgCIiQ" * 200,
                 "page_age": "2 hours ago"}],
}  # fmt: skip


def web_search_session() -> dict[str, Any]:
    return {
        "system": "You are a concise assistant.",
        "messages": [
            {"role": "user", "content": "What is the weather in Paris tomorrow?"},
            {"role": "assistant", "content": [
                {"type": "text", "text": "Let me search."}, SEARCH_USE, SEARCH_RESULT,
                {"type": "text", "text": "Sunny, about 24 °C."}]},
            {"role": "user", "content": "Should I take an umbrella?"},
        ],
    }  # fmt: skip


def code_session() -> dict[str, Any]:
    pdf = {
        "fileData": {
            "mimeType": "application/pdf",
            "fileUri": "https://generativelanguage.googleapis.com/v1beta/files/q3",
        }
    }
    return {"contents": [
        {"role": "user", "parts": [pdf, {"text": "Sum the totals of this report."}]},
        {"role": "model", "parts": [
            {"executableCode": {"language": "PYTHON", "code": "print(1204 + 380)"}},
            {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1584\n"}},
            {"text": "The totals sum to 1,584."}]},
        {"role": "user", "parts": [{"text": "And the average?"}]},
    ]}  # fmt: skip


def test_anthropic_server_tool_blocks_go_back_as_they_came(stub: StubServer) -> None:
    """Read, kept verbatim for Anthropic, priced at an estimate (reported) that is never below
    what the stub bills, and accepted by the stub through the official client."""
    session = web_search_session()
    out = prepare(session, CLAUDE, compaction=False)
    sent = out.body["messages"][1]["content"]
    assert sent[1] == SEARCH_USE and sent[2] == SEARCH_RESULT
    estimated = [n.text for n in out.report.notices if n.kind == "estimated"]
    assert any("web_search_tool_result" in t for t in estimated)
    assert out.report.used == price_request(out.body, CLAUDE).total
    client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    reply = client.messages.create(**out.sdk_kwargs())
    assert out.report.used >= reply.usage.input_tokens
    assert stub.rejected() == []


def test_a_streamed_reply_keeps_its_server_tool_blocks(stub: StubServer, tmp_path: Any) -> None:
    """send() kept only text, tool calls and thinking of a streamed Anthropic reply: a web
    search the model ran was said in a note and lost. The blocks are kept as they came
    (the use's input from its input_json_delta), and the next request that carries the
    reply is accepted."""
    from contextledger.client import send
    from contextledger.config import Config
    from contextledger.model import Message
    from stub_server import StubReply

    stub.script(StubReply("Sunny, about 24 °C.", server_blocks=(SEARCH_USE, SEARCH_RESULT)))
    config = Config(data_dir=tmp_path, anthropic_base_url=stub.anthropic_url,
                    anthropic_api_key="k")  # fmt: skip
    history = [Message.user("Weather in Paris tomorrow?")]
    reply = send(prepare(history, CLAUDE, compaction=False), config=config)
    assert reply.notes == ()
    kept = [b for b in reply.message.content if isinstance(b, ProviderContent)]
    assert [json.loads(b.raw) for b in kept] == [SEARCH_USE, SEARCH_RESULT]
    again = prepare([*history, reply.message, Message.user("Umbrella?")], CLAUDE, compaction=False)
    assert again.body["messages"][1]["content"][:2] == [SEARCH_USE, SEARCH_RESULT]
    send(again, config=config)
    assert stub.rejected() == []


@pytest.mark.parametrize("target", ["openai", "openai-responses", "gemini"])
def test_other_providers_get_the_search_as_text(stub: StubServer, target: str) -> None:
    """OpenAI and Gemini cannot take Anthropic's server-tool blocks: they get the query and
    the results' titles and URLs as text (the encrypted page content means nothing to them),
    each replacement reported, priced as sent."""
    model = MODELS[target]
    out = prepare(web_search_session(), model, target=target, compaction=False)  # type: ignore[arg-type]
    text = json.dumps(out.body, ensure_ascii=False)
    assert "weather Paris tomorrow" in text and "https://meteo.example/paris" in text
    assert "EqQBCioIBxgC" not in text and "server_tool_use" not in text.replace("[", "")
    replaced = [n for n in out.report.notices if n.kind == "replaced" and "as text" in n.text]
    assert len(replaced) == 2 and "web_search_tool_result block from anthropic" in replaced[1].text
    assert out.report.used == price_request(out.body, model).total
    if target == "gemini":
        from google import genai
        from google.genai import types

        client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=stub.gemini_url))
        assert client.models.generate_content(**out.sdk_kwargs()).text
    else:
        oai = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
        create = oai.chat.completions.create if target == "openai" else oai.responses.create
        assert create(**out.sdk_kwargs())
    assert stub.rejected() == []


def test_gemini_code_execution_and_a_pdf_by_uri(stub: StubServer) -> None:
    """Gemini's code parts and a Files-API PDF go back to Gemini as they came; the PDF, whose
    pages cannot be counted here, is priced at the most a document may have (1,000 pages ×
    258), an estimate, reported; the stub accepts the body from google-genai."""
    from google import genai
    from google.genai import types

    out = prepare(code_session(), GEMINI, compaction=False)
    contents = out.body["contents"]
    assert contents[0]["parts"][0] == {"file_data": {
        "mime_type": "application/pdf",
        "file_uri": "https://generativelanguage.googleapis.com/v1beta/files/q3"}}  # fmt: skip
    assert contents[1]["parts"][0] == {
        "executable_code": {"language": "PYTHON", "code": "print(1204 + 380)"}
    }
    pdf_notice = next(n for n in out.report.notices if "file_data" in n.text)
    assert "258,000 tokens" in pdf_notice.text and pdf_notice.kind == "estimated"
    assert out.report.used >= 258_000
    client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=stub.gemini_url))
    assert client.models.generate_content(**out.sdk_kwargs()).text
    assert stub.rejected() == []


def test_gemini_content_reaches_claude_as_text(stub: StubServer) -> None:
    out = prepare(code_session(), CLAUDE, compaction=False)
    turns = out.body["messages"]
    assert "application/pdf file at https://generativelanguage" in json.dumps(turns)
    assert "print(1204 + 380)" in json.dumps(turns) and "1584" in json.dumps(turns)
    assert sum("as text" in n.text for n in out.report.notices) == 3
    client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    assert client.messages.create(**out.sdk_kwargs()).content
    assert stub.rejected() == []


def test_provider_content_survives_the_store_and_a_round_trip() -> None:
    """The session store keeps the block whole; reading what was written gives it back."""
    msgs = read_messages(web_search_session())
    kept = [b for m in msgs for b in m.content if isinstance(b, ProviderContent)]
    assert [b.kind for b in kept] == ["server_tool_use", "web_search_tool_result"]
    assert all(message_from_dict(message_to_dict(m)) == m for m in msgs)
    body = translate(msgs, "anthropic").body
    assert (
        read_messages({**body}) == msgs or translate(read_messages(body), "anthropic").body == body
    )
    gem = read_messages(code_session())
    assert (
        translate(read_messages(translate(gem, "gemini").body), "gemini").body
        == translate(gem, "gemini").body
    )


@pytest.mark.parametrize("mime", ["video/mp4", "audio/mp3", "text/plain"])
def test_a_file_by_uri_with_no_length_is_bounded_by_the_window(mime: str) -> None:
    """A video (or audio, or text) file by URI has no length to price it by. It was refused
    with a ContentError wherever it was, so one in an old turn made every fit fail. Its
    bound is the model's window (the provider refuses a longer request): in an earlier turn
    it goes with its exchange, reported; in the current request the fit refuses it, naming
    it and what to do — the question is never sent without its file (review11 I4)."""
    earlier = copy.deepcopy(code_session())
    earlier["contents"][0]["parts"][0]["fileData"]["mimeType"] = mime
    out = fit(earlier, GEMINI, target="gemini")
    assert "file_data" not in json.dumps(translate(out.messages, "gemini").body)
    assert out.report.dropped and out.report.used < 1_048_576

    current = _pdf_question()
    current[-1]["parts"][0]["fileData"]["mimeType"] = mime
    with pytest.raises(ContentError, match=r"message 'm2' content\[0\].*send the file inline"):
        fit(current, GEMINI, target="gemini")
    assert fit(current, GPT).report.used < 2_000  # another provider gets its text


def test_server_tool_results_stay_after_their_use_when_the_history_is_cut() -> None:
    """A fit that must drop history drops the assistant turn whole: the result never goes
    without its use (Anthropic refuses that)."""
    session = web_search_session()
    for k in range(30):
        session["messages"][-1:-1] = [
            {"role": "user", "content": f"filler question {k} " + "word " * 200},
            {"role": "assistant", "content": f"filler answer {k} " + "word " * 200},
        ]
    res = fit(session, CLAUDE, window=6_000, max_output_tokens=500, target="anthropic")
    for m in res.messages:
        kinds = [b.kind for b in m.content if isinstance(b, ProviderContent)]
        assert kinds in ([], ["server_tool_use", "web_search_tool_result"])


@pytest.mark.parametrize("model", [GPT, CLAUDE, "gpt-4o-mini", "o3"])
def test_without_a_target_a_model_of_another_provider_is_priced_the_text_it_gets(
    model: str,
) -> None:
    """review10 P11: a Gemini PDF by URI was priced at 1,000 pages for gpt-4o with no target,
    so the fit raised BudgetError for a request the OpenAI writer sends in a few dozen
    tokens. Only Gemini's format carries the block as it came; a model of another provider
    is sent its text, with or without a target named."""
    named = fit(code_session(), model, target="anthropic" if model == CLAUDE else "openai")
    unnamed = fit(code_session(), model)
    # (no target: the price bounds Responses too, which sends each text of another
    # provider's turn as a message item of its own, framed apart)
    assert named.report.used <= unnamed.report.used < 2_000
    assert [m.id for m in unnamed.messages] == [m.id for m in named.messages]


def test_without_a_target_a_gemini_model_is_priced_the_block_as_it_came() -> None:
    """Gemini's own models may get the block as it came: the larger price, an estimate."""
    out = fit(code_session(), GEMINI)
    assert out.report.used >= 258_000
    assert any(n.kind == "estimated" and "258,000" in n.text for n in out.report.notices)


def _pdf_question() -> list[dict[str, Any]]:
    session = code_session()["contents"][:1]
    return [
        {"role": "user", "parts": [{"text": "hello"}]},
        {"role": "model", "parts": [{"text": "Hi! What can I do?"}]},
        *session,
    ]


@pytest.mark.parametrize(
    ("model", "window"), [(GEMINI, 100_000), ("gemini-3-pro-preview", 300_000)]
)
def test_a_pdf_by_uri_in_the_current_request_whose_bound_does_not_fit_is_refused(
    model: str, window: int
) -> None:
    """A Files-API PDF's pages cannot be counted here; at the most a document may have
    (1,000 pages) it cannot fit this window. The newest request is sacred: it was sent as
    the file's URI, so the model answered a question about a file it never saw (I4). Now
    it is refused naming the block and what to do, as a video by URI is."""
    with pytest.raises(ContentError) as err:
        fit(_pdf_question(), model, window=window, target="gemini")
    assert err.value.path == "message 'm2' content[0]"
    assert "1,000 pages" in err.value.reason and "inline" in err.value.reason
    assert "larger window" in err.value.reason


def test_a_pdf_by_uri_in_an_earlier_turn_whose_bound_does_not_fit_goes_reported() -> None:
    earlier = [*_pdf_question(), {"role": "model", "parts": [{"text": "Read it."}]},
               {"role": "user", "parts": [{"text": "thanks"}]}]  # fmt: skip
    out = fit(earlier, GEMINI, window=100_000, target="gemini")
    assert "files/q3" not in json.dumps(translate(out.messages, "gemini").body)
    assert "m2" in {c.message_id for c in out.report.changes if c.action == "dropped"}


def test_a_pdf_by_uri_that_fits_its_bound_is_sent_as_it_came() -> None:
    out = fit(_pdf_question(), GEMINI, target="gemini")
    assert "file_data" in json.dumps(translate(out.messages, "gemini").body)
    assert not [n for n in out.report.notices if n.kind == "replaced"]


COMPACTION = {
    "type": "compaction",
    "content": "Summary: the user asked to refactor billing; the tests in tests/billing pass.",
}


def compacted_session(block: dict[str, Any] | None = None) -> dict[str, Any]:
    """An app using Anthropic's server-side compaction (beta compact-2026-01-12) sends the
    ``compaction`` block it got back with its history (R37-P1)."""
    return {
        "system": "You are a coding agent.",
        "messages": [
            {"role": "user", "content": "Refactor the billing module."},
            {"role": "assistant", "content": [
                block or COMPACTION, {"type": "text", "text": "Next, the invoice service."}]},
            {"role": "user", "content": "ok, then the tax rules"},
        ],
    }  # fmt: skip


def test_an_anthropic_compaction_block_goes_back_as_it_came_with_its_beta(stub: StubServer) -> None:
    """R37-P1: every fit, prepare and translate of a conversation holding Anthropic's
    compaction block was refused (unknown block type). It goes back to Anthropic as it came,
    the request naming the compaction beta the stub (as the API) wants for it."""
    out = prepare(compacted_session(), CLAUDE, compaction=False)
    assert out.body["messages"][1]["content"][0] == COMPACTION
    kwargs = out.sdk_kwargs()
    assert kwargs["extra_headers"] == {"anthropic-beta": "compact-2026-01-12"}
    assert out.report.used == price_request(out.body, CLAUDE).total
    client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    reply = client.messages.create(**kwargs)
    assert out.report.used >= reply.usage.input_tokens
    assert stub.rejected() == []
    with pytest.raises(anthropic.BadRequestError, match="compact- beta"):
        client.messages.create(**{k: v for k, v in kwargs.items() if k != "extra_headers"})


@pytest.mark.parametrize("target", ["openai", "openai-responses", "gemini"])
def test_other_providers_get_the_compaction_summary_as_text(stub: StubServer, target: str) -> None:
    """The summary is what the model knows of the turns before it: another provider gets it
    as text, reported."""
    model = MODELS[target]
    out = prepare(compacted_session(), model, target=target, compaction=False)  # type: ignore[arg-type]
    assert "tests in tests/billing pass" in json.dumps(out.body)
    replaced = [n.text for n in out.report.notices if n.kind == "replaced"]
    assert any("compaction block from anthropic" in t for t in replaced)
    assert out.report.used == price_request(out.body, model).total


def test_a_failed_compaction_goes_back_as_it_came_and_is_named_elsewhere() -> None:
    """A compaction that wrote no summary (content null) is a no-op to the API, sent back as
    it came; another provider gets a line saying there is no summary."""
    failed = {"type": "compaction", "content": None}
    out = translate(compacted_session(failed), "anthropic")
    assert out.body["messages"][1]["content"][0] == failed
    text = json.dumps(translate(compacted_session(failed), "openai").body)
    assert "wrote no summary" in text

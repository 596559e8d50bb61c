"""Chat Completions takes only PDFs as ``file`` parts: OpenAI answers HTTP 400 ("Invalid file
data: 'messages[1].content[1].file.file_data'. Expected a base64-encoded data URL with an
application/pdf MIME type ... but got unsupported MIME type", openai/openai-dotnet#613) for a
text file, a Word document or a deck so sent. prov39 left such a body priced as its text with
``complete=True``. Now ``price_request`` refuses it naming where it is, and a fit, ``prepare``
and the proxy carry the file in the form Chat takes (its text, or a line naming it) to every
target, priced so and reported (review45 R45-file1, review47)."""

from __future__ import annotations

from typing import Any

import httpx
import openai
import pytest

from builders import data_url
from contextledger import fit, translate
from contextledger.errors import UnsupportedBlockError
from contextledger.model import FileAttachment
from contextledger.prepare import prepare
from contextledger.pricing.messages import price_request
from contextledger.storage.codec import block_from_dict, block_to_dict
from serve_harness import RunningProxy
from stub_server import StubServer

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def chat_with(mime: str, name: str, data: bytes, model: str = "gpt-4.1") -> dict[str, Any]:
    part = {"type": "file", "file": {"filename": name, "file_data": data_url(data, mime)}}
    return {"model": model, "messages": [
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": "hi"},
        {"role": "user", "content": [{"type": "text", "text": "what is in it?"}, part]},
    ]}  # fmt: skip


@pytest.mark.parametrize(
    ("mime", "name", "data"),
    [("text/csv", "sales.csv", b"region,n\nnorth,7\n"), (DOCX, "plan.docx", b"PK\x03\x04 \xff"),
     ("text/plain; charset=utf-8", "a.txt", b"notes")],
)  # fmt: skip
def test_price_request_refuses_a_chat_file_part_that_is_no_pdf(
    mime: str, name: str, data: bytes
) -> None:
    with pytest.raises(UnsupportedBlockError) as caught:
        price_request(chat_with(mime, name, data), "gpt-4.1", "openai")
    assert caught.value.path == "messages[2].content[1].file.file_data"
    assert mime.split(";")[0] in str(caught.value) and "PDF" in str(caught.value)


def test_a_pdf_file_part_and_other_providers_chat_bodies_are_priced() -> None:
    pdf = b"%PDF-1.4\n1 0 obj<</Type/Page>>endobj\n%%EOF"
    assert price_request(chat_with("application/pdf", "a.pdf", pdf), "gpt-4.1", "openai").complete
    # another provider's model through an OpenAI-compatible gateway: not OpenAI's rule
    gateway = chat_with("text/csv", "sales.csv", b"region,n\nnorth,7\n", "claude-sonnet-4-5")
    assert price_request(gateway, "claude-sonnet-4-5", "openai").total > 0


def test_a_fit_carries_the_file_as_text_chat_takes() -> None:
    body = chat_with("text/csv", "sales.csv", b"region,n\nnorth,7\n")
    out = fit(body["messages"], "gpt-4.1", window=8_000, max_output_tokens=500, target="openai")
    sent = translate(out.messages, "openai", model="gpt-4.1").body
    assert [p["type"] for p in sent["messages"][-1]["content"]] == ["text", "text"]
    assert out.report.used == price_request(sent, "gpt-4.1", "openai").total


@pytest.mark.parametrize(
    ("mime", "name", "data", "how"),
    [("text/csv", "vendas.csv", b"regiao,total\nnorte,7\nsul,12\n", "as its text"),
     (DOCX, "plano.docx", b"PK\x03\x04 \xff", "as a line naming it")],
)  # fmt: skip
def test_the_proxy_sends_a_file_part_chat_refuses_as_fit_does(
    proxy: RunningProxy, stub: StubServer, mime: str, name: str, data: bytes, how: str
) -> None:
    """review47: ``contextledger serve`` answered a text/CSV ``file`` part with OpenAI's 400
    while ``fit``/``prepare`` send its text. The proxy now writes it as they do (the writer's
    ``sendable_file``): the stub, which refuses such a part as OpenAI does, takes the
    request, the file's text (or the line naming it) reaches the model, the turn's report
    tells it once in the fit's words, and the next turn (the same file, one more message)
    goes so again."""
    client = openai.OpenAI(base_url=proxy.url + "/v1", api_key="sk-test-openai-0123456789",
                           max_retries=0, default_headers={"X-ContextLedger-Session": name})  # fmt: skip
    body = chat_with(mime, name, data)
    answer = client.chat.completions.create(model="gpt-4.1", messages=body["messages"])
    more = [*body["messages"], {"role": "assistant", "content": answer.choices[0].message.content},
            {"role": "user", "content": "and the total?"}]  # fmt: skip
    assert client.chat.completions.create(model="gpt-4.1", messages=more).choices
    assert not stub.rejected(), stub.rejected()[0].error
    sent = [r.body["messages"] for r in stub.completions()]
    assert len(sent) == 2
    for messages in sent:
        assert "'type': 'file'" not in str(messages)
        expected = fit(body["messages"], "gpt-4.1", target="openai").messages
        text = str(translate(expected, "openai", model="gpt-4.1").body["messages"][2])
        assert str(messages[2]) == text  # as fit/prepare write it
    if how == "as its text":
        assert "norte,7" in str(sent[0])
    proxy.flush()
    turns = httpx.get(f"{proxy.url}/contextledger/sessions/{name}").json()["turns"]
    told = [n["text"] for n in turns[0]["notices"] if name in n["text"]]
    assert len(told) == 1 and how in told[0]
    pdf = chat_with("application/pdf", "a.pdf", b"%PDF-1.4\n1 0 obj<</Type/Page>>endobj\n%%EOF")
    assert client.chat.completions.create(model="gpt-4.1", messages=pdf["messages"]).choices


def test_the_stub_refuses_it_in_openais_words(stub: StubServer) -> None:
    client = openai.OpenAI(base_url=stub.url, api_key="k", max_retries=0)
    body = chat_with("text/markdown", "notes.md", b"# plan")
    with pytest.raises(openai.BadRequestError, match="unsupported MIME type 'text/markdown'"):
        client.chat.completions.create(model="gpt-4.1", messages=body["messages"])


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.mark.parametrize(
    ("mime", "name", "data", "how"),
    [("text/csv", "orders.csv", b"id,total\n" + b"".join(b"%d,%d.5\n" % (i, i) for i in range(90)),
      "as its text"),
     ("text/plain", "readme.txt", b"Ship the fix on Friday.\n" * 30, "as its text"),
     (XLSX, "budget.xlsx", b"PK\x03\x04" + bytes(range(256)) * 40, "as a line naming it")],
)  # fmt: skip
def test_a_fit_without_target_prices_and_reports_a_chat_file_part_as_chat_takes_it(
    mime: str, name: str, data: bytes, how: str
) -> None:
    """review45 R45-file1: with no target a CSV Chat ``file`` part was priced as a Responses
    ``input_file`` with OpenAI's summary allowance, reported as "a spreadsheet sent as a
    file", and an XLSX sent as a 42-token line priced 3,820 by what its zip holds; a TXT
    went as text with no notice. Each is priced as Chat takes it, to any target, and each
    is a notice."""
    body = chat_with(mime, name, data)
    for target in (None, "openai", "openai-responses", "anthropic"):
        out = fit(body["messages"], "gpt-4.1", window=30_000, max_output_tokens=500, target=target)
        fmt = target or "openai"
        sent = translate(out.messages, fmt, model="gpt-4.1").body
        assert out.report.used == price_request(sent, "gpt-4.1", fmt).total, target
        assert "input_file" not in str(sent) and "'type': 'file'" not in str(sent)
        named = [n for n in out.report.notices if name in n.text]
        assert [n.kind for n in named] == ["replaced"] and how in named[0].text, target
        # translate says so too, in the same words, so prepare tells it once
        written = translate(out.messages, fmt, model="gpt-4.1").notices
        assert [n.text for n in written if name in n.text] == [named[0].text], target
    told = prepare(body["messages"], "gpt-4.1", window=30_000, max_output_tokens=500).report
    assert [n.text for n in told.notices if name in n.text] == [named[0].text]


def test_our_own_attached_text_read_back_is_no_file_part_to_report() -> None:
    """The body our Chat writer sent, read back on the next turn (the app keeps what was
    sent), holds the file as a text part: no notice repeats it turn after turn."""
    body = chat_with("text/plain", "readme.txt", b"Ship the fix on Friday.\n" * 30)
    first = fit(body["messages"], "gpt-4.1", window=30_000, max_output_tokens=500)
    sent = translate(first.messages, "openai", model="gpt-4.1").body["messages"]
    again = [*sent, {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "ok?"}]
    later = fit(again, "gpt-4.1", window=30_000, max_output_tokens=500)
    assert "Ship the fix" in str(translate(later.messages, "openai", model="gpt-4.1").body)
    assert not [n for n in later.report.notices if "readme.txt" in n.text]


def test_the_mark_of_a_refused_file_is_stored() -> None:
    f = FileAttachment("a.csv", text="a,b", media_type="text/csv", refused_in="OpenAI Chat")
    assert block_from_dict(block_to_dict(f)) == f

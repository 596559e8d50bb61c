"""Recorded requests with a plain-text file (an Anthropic ``document`` block, a Responses
``input_file``), priced at or above their bill (pydantic/pydantic-ai's VCR cassettes, commit
4fda389; its held-out half)."""

from __future__ import annotations

import base64
import io
import json
import time
import zipfile
from typing import Any

from contextledger import fit, translate
from contextledger.pricing.files import OPENAI_SPREADSHEET_SUMMARY, zipped_text_bytes
from contextledger.pricing.messages import price_request

#: tests/models/cassettes/test_anthropic/test_text_document_as_binary_content_input.yaml
#: (interaction 0): billed 57 input tokens; priced 41 as the attachment's text alone.
TEXT_DOCUMENT: dict[str, Any] = {
    "max_tokens": 4096,
    "messages": [
        {
            "content": [
                {"text": "What does this text file say?", "type": "text"},
                {
                    "source": {
                        "data": "Dummy TXT file\n",
                        "media_type": "text/plain",
                        "type": "text",
                    },
                    "type": "document",
                },
            ],
            "role": "user",
        }
    ],
    "model": "claude-sonnet-4-5",
    "stream": False,
}


def test_a_plain_text_document_is_priced_with_anthropics_framing() -> None:
    assert price_request(TEXT_DOCUMENT, "claude-sonnet-4-5", "anthropic").total >= 57


#: tests/models/cassettes/test_openai_responses/test_openai_responses_text_document_url_input.yaml
#: (interaction 0): a gpt-4o Responses request of a question and a text/plain ``input_file``
#: (filename.txt), billed 616 input tokens; priced 607 as its text under the header a text
#: file is sent with (review36 R36-B2).
TEXT_FILE = (
    "TXT test file\n"
    "Purpose: Provide example of this file type\n"
    "Document file type: TXT\n"
    "Version: 1.0\n"
    "Remark:\n"
    "\n"
    "Example content:\n"
    'The names "John Doe" for males, "Jane Doe" or "Jane Roe" for females, or "Jonnie Doe" and "Janie Doe" for children, or just "Doe" non-gender-specifically are used as placeholder names for a party whose true identity is unknown or must be withheld in a legal action, case, or discussion. The names are also used to refer to acorpse or hospital patient whose identity is unknown. This practice is widely used in the United States and Canada, but is rarely used in other English-speaking countries including the United Kingdom itself, from where the use of "John Doe" in a legal context originates. The names Joe Bloggs or John Smith are used in the UK instead, as well as in Australia and New Zealand.\n'
    "\n"
    "John Doe is sometimes used to refer to a typical male in other contexts as well, in a similar manner to John Q. Public, known in Great Britain as Joe Public, John Smith or Joe Bloggs. For example, the first name listed on a form is often John Doe, along with a fictional address or other fictional information to provide an example of how to fill in the form. The name is also used frequently in popular culture, for example in the Frank Capra film Meet John Doe. John Doe was also the name of a 2002 American television series.\n"
    "\n"
    'Similarly, a child or baby whose identity is unknown may be referred to as Baby Doe. A notorious murder case in Kansas City, Missouri, referred to the baby victim as Precious Doe. Other unidentified female murder victims are Cali Doe and Princess Doe. Additional persons may be called James Doe, Judy Doe, etc. However, to avoid possible confusion, if two anonymous or unknown parties are cited in a specific case or action, the surnames Doe and Roe may be used simultaneously; for example, "John Doe v. Jane Roe". If several anonymous parties are referenced, they may simply be labelled John Doe #1, John Doe #2, etc. (the U.S. Operation Delego cited 21 (numbered) "John Doe"s) or labelled with other variants of Doe / Roe / Poe / etc. Other early alternatives such as John Stiles and Richard Miles are now rarely used, and Mary Major has been used in some American federal cases.\n'
    "\n"
    "\n"
    "\n"
    "File created by https://www.online-convert.com\n"
    "More example files: https://www.online-convert.com/file-type\n"
    "Text of Example content: Wikipedia (https://en.wikipedia.org/wiki/John_Doe)\n"
    "License: Attribution-ShareAlike 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)\n"
    "\n"
    "Feel free to use and share the file according to the license above."
)


def responses_text_file_request() -> dict[str, Any]:
    data = base64.b64encode(TEXT_FILE.encode()).decode()
    return {
        "input": [{"role": "user", "content": [
            {"text": "What is the main content on this document?", "type": "input_text"},
            {"file_data": "data:text/plain;base64," + data, "filename": "filename.txt",
             "type": "input_file"}]}],
        "instructions": "",
        "model": "gpt-4o",
    }  # fmt: skip


def test_a_responses_text_file_is_priced_at_or_above_openais_bill() -> None:
    assert price_request(responses_text_file_request(), "gpt-4o", "openai-responses").total >= 616


def test_a_text_file_sent_to_responses_is_used_at_the_sent_bodys_price() -> None:
    # sent as its text under its header, billed as that text: ``used`` is that body's price
    # (prov40: no longer the ``input_file``'s framing the body does not send); the request
    # that sent it as an ``input_file`` is priced at or above its bill
    request = responses_text_file_request()
    del request["instructions"]  # (empty: the fit leaves it out; the bill may count it)
    r = fit(request, "gpt-4o", window=20_000, max_output_tokens=500, target="openai-responses")
    body = translate(r.messages, "openai-responses", model="gpt-4o").body
    assert "input_file" not in json.dumps(body)
    assert r.report.used == price_request(body, "gpt-4o", "openai-responses").total
    assert price_request(request, "gpt-4o", "openai-responses").total >= 616


# --- spreadsheets: OpenAI writes a summary of its own (review43 R43-B4) ---------------------

SHEET = "region,units,returns\nnorth,412,9\nsouth,388,31\neast,97,2\nwest,150,14\n"


def responses_attachment(name: str, media_type: str, data: bytes) -> dict[str, Any]:
    url = f"data:{media_type};base64,{base64.b64encode(data).decode()}"
    return {
        "input": [{"role": "user", "content": [
            {"text": "Which region has the most returns per unit?", "type": "input_text"},
            {"file_data": url, "filename": name, "type": "input_file"}]}],
        "model": "gpt-5.4",
    }  # fmt: skip


def test_a_spreadsheet_sent_to_responses_is_an_estimate_with_room_for_openais_summary() -> None:
    """R43-B4: an inline CSV ``input_file`` on gpt-5.4 billed 110 where its text, header and
    the text-file framing priced 105, said complete: OpenAI adds a summary and header
    metadata it writes itself (its file-inputs guide). Priced with an allowance over the same
    text as a plain file (at least the 21 that bill was over the text and header), and said
    to be an estimate, not the bill."""
    as_csv = price_request(responses_attachment("sales.csv", "text/csv", SHEET.encode()), "gpt-5.4")
    as_txt = price_request(
        responses_attachment("sales.txt", "text/plain", SHEET.encode()), "gpt-5.4"
    )
    assert as_csv.total - as_txt.total >= 21
    assert as_txt.complete and as_txt.note == ""
    assert not as_csv.complete and not as_csv.server_side
    assert "estimate" in as_csv.note and "'sales.csv'" in as_csv.note


def test_a_spreadsheet_our_writer_sends_as_text_is_priced_as_text() -> None:
    """prov39 left a CSV the Responses writer sends as ``input_text`` (under its "Attached
    file" header) priced as an ``input_file`` with OpenAI's summary allowance (~80 over,
    said to be an estimate): it is text, billed as text. The request that sent it as an
    ``input_file`` is still priced as the file it is, an estimate."""
    request = responses_attachment("sales.tsv", "text/tab-separated-values", SHEET.encode())
    r = fit(request, "gpt-5.4", window=20_000, max_output_tokens=500, target="openai-responses")
    assert not any(n.kind == "estimated" for n in r.report.notices)
    body = translate(r.messages, "openai-responses", model="gpt-5.4").body
    assert "input_file" not in json.dumps(body)
    sent = price_request(body, "gpt-5.4", "openai-responses")
    assert r.report.used == sent.total and sent.complete
    as_file = price_request(request, "gpt-5.4", "openai-responses")
    assert not as_file.complete and as_file.total - r.report.used >= OPENAI_SPREADSHEET_SUMMARY


def workbook(rows: int, cell: str) -> bytes:
    """An xlsx of ``rows`` rows of four shared-string cells (``cell`` and a number), zipped."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/theme/theme1.xml", "<a:theme/>" * 800)  # styles are no text
        z.writestr("xl/sharedStrings.xml", "<sst>" + "".join(
            f"<si><t>{cell} {i}</t></si>" for i in range(rows * 4)) + "</sst>")  # fmt: skip
        z.writestr("xl/worksheets/sheet1.xml", "<sheetData>" + "".join(
            f"<row r='{r}'>" + "".join(f"<c t='s'><v>{r * 4 + k}</v></c>" for k in range(4)) + "</row>"
            for r in range(rows)) + "</sheetData>")  # fmt: skip
    return buf.getvalue()


def test_a_binary_workbook_is_priced_by_what_its_sheets_unpack_to() -> None:
    """review44: an xlsx was priced from its compressed bytes (a token per four base64
    characters), far below the rows OpenAI parses and bills: 2,000 cells of a repeated phrase
    zip to ~11 KB (priced ~3,900) and hold ~38,000 characters of text. Priced now by the
    sizes its zip's directory declares for its sheets and shared strings."""
    raw = workbook(500, "monthly churn by cohort")
    cells_text = sum(len(f"monthly churn by cohort {i}") + 1 for i in range(2_000))
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    priced = price_request(responses_attachment("churn.xlsx", xlsx, raw), "gpt-5.4")
    assert not priced.complete
    # a token per 3 characters of the cells' text: above o200k's rate on such text
    assert priced.total >= cells_text // 3 > len(raw)
    assert zipped_text_bytes(raw) == sum(
        i.file_size
        for i in zipfile.ZipFile(io.BytesIO(raw)).infolist()
        if "theme" not in i.filename
    )


def test_a_zip_bomb_costs_its_directory_not_its_inflation() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", "7" * 20_000_000)
    start = time.process_time()
    assert zipped_text_bytes(buf.getvalue()) == 20_000_000
    assert zipped_text_bytes(buf.getvalue()[:-30]) is None  # its directory cut off
    assert time.process_time() - start < 0.5  # nothing inflated (the text is 20 MB)


def with_declared_sizes(data: bytes, size: int) -> bytes:
    """``data`` with every central-directory entry's unpacked size set to ``size`` (a forged
    header: the parts' own streams are unchanged)."""
    out = bytearray(data)
    at = out.find(b"PK\x01\x02")
    while at != -1:
        out[at + 24 : at + 28] = size.to_bytes(4, "little")
        at = out.find(b"PK\x01\x02", at + 4)
    return bytes(out)


def test_a_forged_directory_is_priced_by_what_its_parts_really_hold() -> None:
    """review45: a 3 KB workbook whose directory declares a 4 GB sheet was priced ~1.4
    billion tokens (never below, but no use: it fits nothing). Deflate unpacks a byte to at
    most 1,032, so such a directory is not believed: its parts are inflated and counted,
    as an unzipper reads them; one within that bound is believed, nothing inflated."""
    raw = workbook(60, "regional returns")
    honest = zipped_text_bytes(raw)
    assert honest is not None and honest > len(raw)
    assert zipped_text_bytes(with_declared_sizes(raw, 0xFFFFFFF0)) == honest
    # a lie a zip's bytes could hold (two parts of 500 times its length) is believed: over
    assert zipped_text_bytes(with_declared_sizes(raw, 500 * len(raw))) == 1_000 * len(raw)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    forged = responses_attachment("q3.xlsx", xlsx, with_declared_sizes(raw, 0xFFFFFFF0))
    assert (
        price_request(forged, "gpt-5.4").total
        == price_request(responses_attachment("q3.xlsx", xlsx, raw), "gpt-5.4").total
    )


def test_a_binary_workbook_is_an_estimate_too_and_a_tool_read_sheet_is_text() -> None:
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    workbook = price_request(
        responses_attachment("q3.xlsx", xlsx, b"PK\x03\x04" + bytes(300)), "gpt-5.4"
    )
    assert not workbook.complete and "'q3.xlsx'" in workbook.note
    # a sheet a tool printed goes back as the text it is: no file, nothing written beside it
    read = {
        "input": [
            {"role": "user", "content": "Sum the units."},
            {"type": "function_call", "call_id": "c1", "name": "cat", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": SHEET},
        ],
        "model": "gpt-5.4",
    }
    assert price_request(read, "gpt-5.4").complete

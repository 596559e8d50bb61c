"""Inline files in URL-safe base64 (``-`` and ``_``), which Gemini's API takes and pydantic-ai
sends: the standard decoder dropped those characters and read the rest as garbage, so a PDF's
pages and an image's size were unreadable (priced at a bound, or, once read right, exposing
prices below the recorded bills: a Gemini 2.0 page, a Gemini 3 PDF in a tool's result)."""

from __future__ import annotations

import base64
import io
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image as PILImage

from contextledger.catalog import lookup_model
from contextledger.model import FileAttachment, InlineData
from contextledger.pricing.files import file_cost, pdf_cost
from contextledger.pricing.messages import price_request

ONE_PAGE = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n"
    b"% \xfb\xff\xfe binary so the URL-safe alphabet shows\n%%EOF\n"
)


def _noise_png(seed: int) -> bytes:
    rng = random.Random(seed)
    img = PILImage.new("RGB", (600, 400))
    img.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256))] * (600 * 400))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def _gemini(data: str, mime: str) -> dict[str, Any]:
    parts = [{"text": "What is this?"}, {"inlineData": {"data": data, "mimeType": mime}}]
    return {"contents": [{"role": "user", "parts": parts}]}


def test_a_urlsafe_pdf_is_read_by_its_pages() -> None:
    urlsafe = base64.urlsafe_b64encode(ONE_PAGE).decode()
    assert "-" in urlsafe or "_" in urlsafe
    f = FileAttachment("a.pdf", data=InlineData(urlsafe), media_type="application/pdf")
    cost = file_cost(f, lookup_model("gemini-2.5-flash"))
    assert cost is not None and cost.tokens == 258 and cost.exact  # one page, not a bound


def test_a_urlsafe_image_is_priced_as_the_same_image_in_standard_base64() -> None:
    png = _noise_png(1)
    std, safe = base64.b64encode(png).decode(), base64.urlsafe_b64encode(png).decode()
    assert std != safe
    by_std = price_request(_gemini(std, "image/png"), "gemini-2.5-flash", "gemini").total
    by_safe = price_request(_gemini(safe, "image/png"), "gemini-2.5-flash", "gemini").total
    assert by_safe == by_std


def test_a_gemini_2_0_page_is_priced_as_a_page_image() -> None:
    # the recorded gemini-2.0-flash bill: 1,305 for a one-page A4 PDF and ~15 tokens of text
    info = lookup_model("gemini-2.5-flash")
    assert pdf_cost(1, info).tokens == 258  # 2.5: Gemini's 258 a page
    older = lookup_model("gemini-2.0-flash-lite", catalog=_served())
    assert pdf_cost(1, older).tokens + 15 >= 1305


def test_a_gemini_3_pdf_in_a_tool_result_is_priced_above_medium() -> None:
    info = lookup_model("gemini-3-flash-preview")
    assert pdf_cost(1, info, in_result=True).tokens > pdf_cost(1, info).tokens
    urlsafe = base64.urlsafe_b64encode(ONE_PAGE).decode()
    call = {"functionCall": {"name": "get_file", "args": {}}}
    result = {
        "functionResponse": {
            "name": "get_file",
            "response": {"return_value": "see the file"},
            "parts": [{"inlineData": {"data": urlsafe, "mimeType": "application/pdf"}}],
        }
    }
    body = {
        "contents": [
            {"role": "user", "parts": [{"text": "Get the file and describe it."}]},
            {"role": "model", "parts": [call]},
            {"role": "user", "parts": [result]},
        ]
    }
    total = price_request(body, "gemini-3-flash-preview", "gemini").total
    assert total >= pdf_cost(1, info, in_result=True).tokens  # (1,121: 561 before)


def _served() -> Any:
    from builders import served_again

    return served_again()


@given(st.binary(max_size=300))
def test_urlsafe_payloads_read_as_the_bytes_they_hold(data: bytes) -> None:
    from contextledger.providers.gemini import _standard_base64

    safe = base64.urlsafe_b64encode(data).decode()
    assert base64.b64decode(_standard_base64(safe), validate=True) == data
    assert _standard_base64(base64.b64encode(data).decode()) == base64.b64encode(data).decode()

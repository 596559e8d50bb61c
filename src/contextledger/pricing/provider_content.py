"""What a provider bills for content only it reads (:class:`~contextledger.model.ProviderContent`),
never below the bill; every such price is an estimate, and says so.

* A server tool's use or result, a Gemini code part, an OpenAI Responses item of a
  built-in or custom tool: its JSON as sent (keys and all: above what the provider
  renders; an image inline in it, a computer-use screenshot, at the model's per-image
  maximum, not as its base64's characters), and its opaque fields (a search result's
  ``encrypted_content``, a thought signature) at 2 tokens per 3 characters. Anthropic bills
  the text of the pages a search read, which the encryption hides; the ciphertext of a text
  compressed up to 3.5 times still prices above it, where a token per 4 characters of
  ciphertext could be far below.
* A Gemini file by URI: a PDF whose pages cannot be counted here costs at most the most pages
  a document may have (``pricing.files.pdf_cost``); any other kind (video, audio, text) at
  most the model's window, since the provider refuses a longer request (``bounded=False``);
  a video clip its ``videoMetadata`` bounds (start and end offsets) at its seconds: Gemini
  bills video by the frame it samples (``fps``, 1 by default) and its audio by the second.
  In an earlier turn such a file goes with its exchange when it does not fit, reported; in
  the current request the fit refuses it, naming it, rather than send the question without
  its file (``fit.anchors``).
* An OpenAI Chat assistant's earlier spoken reply, by its id: at most the model's output cap
  (one reply can say no more; sent back, its audio is billed as input), for a model that
  hears; another model gets, and is priced, its line.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping

from ..catalog import ModelInfo, takes_audio
from ..errors import ArgumentError
from ..model import Audio, Block, FileAttachment, ProviderContent
from ..providers.native import (
    AUDIO_REPLY,
    carried_by,
    inline_images,
    opaque_chars,
    parsed,
    reference_of,
    without_inline_data,
    without_opaque,
)
from .files import MediaCost, cited_cost, cites, duration_seconds, pdf_cost, video_cost
from .vision import max_image_cost

#: Tokens per character of an opaque field (see the module doc).
OPAQUE_RATE = 2 / 3
#: What Anthropic bills beside a ``compaction`` block's summary (the frame its server-side
#: compaction puts around it): pydantic-ai's recorded round trip (test_anthropic_compaction_
#: round_trip, claude-sonnet-4-6) billed 136 for a request priced 86 without it; 64 covers
#: those 50 with room, as one bill is all there is.
ANTHROPIC_COMPACTION_FRAMING = 64


def may_go_as_it_came(b: ProviderContent, model: ModelInfo, wire: str | None) -> bool:
    """Whether ``b`` may be sent as it came: only in its provider's own format
    (``native.carried_by``). With no target named, only to a model of that provider (which
    may still be reached through an OpenAI-compatible endpoint, where it gets the text):
    gpt-4o is never sent Gemini's ``file_data``, so a PDF by URI costs it the text its
    writer sends, not 1,000 pages."""
    if b.provider == "openai" and b.kind == AUDIO_REPLY and takes_audio(model) is False:
        return False  # a model that hears none gets its line (``native.unheard_replies``)
    if wire is not None:
        return carried_by(b, wire)
    return model.provider == b.provider or (
        b.provider == "openai-responses" and model.provider == "openai"
    )


def sent_as_a_file(b: Block, wire: str) -> bool:
    """Whether a block a tool returned goes to ``wire`` as a file: inline bytes, or a file
    by reference its writer carries (``native.in_result``), not its rendition. On Chat and
    Gemini such files follow the results under a header naming them (``tool_images_header``)."""
    if isinstance(b, ProviderContent):
        return carried_by(b, wire)
    if isinstance(b, Audio):  # (refused on the formats whose results cannot carry it)
        return True
    return isinstance(b, FileAttachment) and b.data is not None


def provider_content_cost(
    b: ProviderContent,
    model: ModelInfo,
    count: Callable[[str], int],
    file_pages: Mapping[str, int] | None = None,
) -> MediaCost:
    """The tokens ``model``'s provider bills for ``b`` at most (``count``: the model's
    text counter). ``file_pages``: the pages the caller says a file by reference has (by
    its id, URL or URI): it is priced as a PDF of that many pages, at the provider's rate."""
    raw = parsed(b)
    window = model.context_window
    if b.provider == "openai" and b.kind == AUDIO_REPLY:
        # Sent back, a spoken reply is billed as the audio it was: at most what one reply
        # may say, the model's output cap (audio and its transcript share it; OpenAI
        # counts an assistant's audio no denser going in than coming out).
        cap = min(model.max_output_tokens, window)
        return MediaCost(cap, False, "an earlier spoken reply, by its id: its length is not "
                         f"known here, so at most one reply's {cap:,} output tokens")  # fmt: skip
    if b.kind == "image":  # by a file id: at most the model's per-image maximum
        detail = raw.get("detail")
        most = max_image_cost(model, detail if isinstance(detail, str) else None)
        return MediaCost(most.tokens, False, "an image by file id: its size is not known "
                         "here, so the model's per-image maximum")  # fmt: skip
    by_reference = _file_by_reference(b, raw)
    if by_reference is not None:
        what, pdf = by_reference
        declared = (file_pages or {}).get(reference_of(b) or "")
        if declared is not None:
            cost = pdf_cost(declared, model)
            return MediaCost(cost.tokens, False, f"{cost.note}, as the caller declared")
        clip = _video_clip_cost(raw) if b.kind == "file_data" else None
        if clip is not None and clip.tokens < window:
            return clip
        if pdf:
            bound = pdf_cost(None, model)
            if bound.tokens < window:
                return bound
        fetched = f"{what} ({reference_of(b) or 'no reference'}): its length is not known here"
        if pdf:
            what = f"{what}, {bound.note},"
        return MediaCost(
            window, False, f"{what} has no length here: at most the model's {window:,}-token "
            "window (the provider refuses a longer request)", False, fetched,
        )  # fmt: skip
    images = inline_images(raw) if b.provider == "openai-responses" else 0
    if images:  # a screenshot's data URL, a generated image: priced as images
        raw = without_inline_data(raw, b.kind)
    readable = count(json.dumps(without_opaque(raw), ensure_ascii=False))
    hidden = math.ceil(opaque_chars(raw) * OPAQUE_RATE)
    note = f"the {b.kind} block's JSON as sent"
    if b.provider == "anthropic" and b.kind == "search_result" and cites(raw):
        chunks = raw.get("content")
        cited = cited_cost(len(chunks) if isinstance(chunks, list) else 1)
        readable += cited
        note += f", {cited} for the citations asked of it"
    if b.provider == "anthropic" and b.kind == "compaction":
        readable += ANTHROPIC_COMPACTION_FRAMING
        note += f", {ANTHROPIC_COMPACTION_FRAMING} for the frame the API puts around a summary"
    if images:
        per_image = max_image_cost(model, None).tokens
        readable += images * per_image
        note += f", {images} inline image{'s' * (images > 1)} at the model's per-image maximum"
    if hidden:
        note += f", and {hidden:,} for its encrypted or signed fields (2 tokens per 3 characters)"
    return MediaCost(readable + hidden, False, note)


def _file_by_reference(b: ProviderContent, raw: dict[str, object]) -> tuple[str, bool] | None:
    """(how a person names it, whether it is a PDF) for a file whose bytes are not in the
    request — a Gemini ``file_data``, an Anthropic document by URL (a PDF: Anthropic's
    ``url`` source takes PDFs only) or Files API id, an OpenAI file by id or URL (a PDF when
    its name says so) — or None for any other block."""
    if b.kind == "file_data":
        mime = _get(raw, "file_data", "mime_type")
        return f"a file of type {mime} by URI", mime == "application/pdf"
    if b.provider == "anthropic" and b.kind == "document":
        kind = _get(raw, "source", "type")
        return f"a document by {'URL' if kind == 'url' else 'file id'}", kind == "url"
    if b.provider == "openai" and b.kind == "file":
        name = raw.get("filename")
        pdf = isinstance(name, str) and name.lower().endswith(".pdf")
        return f"a file by {'id' if 'file_id' in raw else 'URL'}", pdf
    return None


def _video_clip_cost(raw: dict[str, object]) -> MediaCost | None:
    """A video by URI that ``video_metadata`` bounds (an end offset; the start 0 when not
    given), priced at its sampled frames (both ends counted) and its audio's seconds; None
    for any other file, or a clip with no end (only the window bounds it).

    >>> _video_clip_cost({"file_data": {"mime_type": "video/mp4"},
    ...                   "video_metadata": {"start_offset": "10s", "end_offset": "40s"}}).tokens
    10292
    """
    mime = _get(raw, "file_data", "mime_type")
    meta = raw.get("video_metadata")
    if not (isinstance(mime, str) and mime.startswith("video/") and isinstance(meta, dict)):
        return None
    start = duration_seconds(meta.get("start_offset", "0s"))
    end = duration_seconds(meta.get("end_offset"))
    fps = meta.get("fps", 1)
    if start is None or end is None or end < start or type(fps) not in (int, float):
        return None
    if not 0 < fps <= 60:  # (the API takes 0 < fps <= 24)
        return None
    return video_cost(end - start, "a video clip by URI", fps)


def _get(raw: dict[str, object], outer: str, key: str) -> object:
    inner = raw.get(outer)
    return inner.get(key) if isinstance(inner, dict) else None


def check_file_pages(file_pages: Mapping[str, int] | None) -> dict[str, int]:
    """``file_pages`` as a dict, each value a positive whole number (``ArgumentError``)."""
    out: dict[str, int] = {}
    for ref, pages in (file_pages or {}).items():
        if not isinstance(ref, str) or type(pages) is not int or pages < 1:
            raise ArgumentError(
                "file_pages", "a mapping of file ids or URLs to page counts (1 or more)",
                {ref: pages},
            )  # fmt: skip
        out[ref] = pages
    return out

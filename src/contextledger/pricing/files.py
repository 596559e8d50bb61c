"""What providers bill for attached files and audio: PDFs by the page, audio by the second.

A PDF is not billed by its bytes: every provider turns each page into a page image and the
page's text, so a 3 MB, 20-page contract costs 20 pages, not a million tokens. Audio is
billed by its duration. Both are read from the file's own structure (the PDF's page
objects, the WAV/MP3/FLAC/Ogg header), never by rendering or decoding the media.

Per provider (sources in ``_PDF_PAGE`` and ``_AUDIO_PER_SECOND``):

- Gemini 2.x: 258 tokens a PDF page, 32 tokens a second of audio (documented rates).
- Gemini 3: a PDF page at its ``media_resolution`` default for documents (medium, 560).
- Anthropic: "1,500–3,000 tokens per page" (text plus a page image): 3,000, the top.
- OpenAI and others: the page image at the model's per-image maximum plus a dense page's text.

Everything but a documented Gemini rate over a readable page count or duration is an upper
bound, marked ``exact=False``; when the page count or duration cannot be read the bound
is the smaller of the byte-size price and the provider's largest document.

>>> from contextledger.catalog import lookup_model
>>> pdf_cost(20, lookup_model("gemini-2.5-flash")).tokens
5160
>>> audio_cost_for(30.0, lookup_model("gemini-2.5-flash")).tokens
960
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import math
import re
import struct
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..catalog import ModelInfo
from ..errors import ContentError
from ..lexicon.common import compiled_on_use
from ..model import Audio, FileAttachment
from .vision import image_cost, max_image_cost

if TYPE_CHECKING:
    import zipfile

__all__ = [
    "MediaCost",
    "audio_cost",
    "audio_cost_for",
    "audio_seconds",
    "clip_sampled",
    "duration_seconds",
    "file_bytes_cost",
    "file_cost",
    "is_spreadsheet",
    "pdf_cost",
    "pdf_pages",
    "spreadsheet_cost",
    "video_cost",
    "video_seconds",
    "zipped_text_bytes",
]


@dataclass(frozen=True, slots=True)
class MediaCost:
    """Billed tokens of one file or audio clip; ``note`` says how they were found."""

    tokens: int
    exact: bool
    note: str
    #: False when nothing but the model's window bounds it (a video by URI): no fit can
    #: promise the provider will take it beside anything else.
    bounded: bool = True
    #: What the provider fetches or holds that only the window bounds (a file by URL or by
    #: id of no known length, its pages not declared), as a person names it; "" for any
    #: other. A fit never keeps it (the bound is the whole window); ``price_request``
    #: prices a body holding it without it, and says so.
    fetched: str = ""
    #: What the provider writes into the prompt beside the file, as a person names it (OpenAI's
    #: summary of a spreadsheet): the bill holds text no body fixes, so the price is an
    #: allowance, and ``price_request`` says the body is not the whole bill; "" for any other.
    written: str = ""


# Gemini: "Each document page is equivalent to 258 tokens" (ai.google.dev, document
# processing); Gemini 3 bills a page at its media_resolution, MEDIUM for PDFs by default
# (vision-costs.md §3.3; measured 560–561 a page, huggingface JOHNISKING/pdf-token-cost).
_GEMINI_PAGE = 258
_GEMINI_PAGE_IMAGES = ("gemini-2.0", "gemini-1.5", "gemini-1.0")
# Anthropic's PDF support page: "typically 1,500–3,000 tokens per page" (text and a page
# image; measured up to 2,481 on Claude 4.5 and 5.5, JOHNISKING/pdf-token-cost): the top.
_ANTHROPIC_PAGE = 3_000
# The text of a dense page is under 1,500 tokens (Anthropic's 3,000 less its ~1,500-token page
# image); OpenAI puts "the extracted text and an image of each page" into context.
_PAGE_TEXT = 1_500
_PAGE_PIXELS = (1700, 2200)  # US letter at 200 dpi
# The most pages a provider takes in one document (Anthropic 100, OpenAI 100, Gemini 1,000):
# a PDF whose pages cannot be counted costs at most that many.
_MAX_PAGES = {"anthropic": 100, "openai": 100, "gemini": 1_000}
# Gemini: "each second of audio as 32 tokens" (ai.google.dev, tokens page). OpenAI documents
# no rate (about 10 a second is reported for gpt-4o audio input): 32, above it, as a bound.
_AUDIO_PER_SECOND = 32
# An audio file whose duration cannot be read lasts at most its bits at 6 kb/s (the lowest
# bitrate of Opus, the most compact codec providers take).
_MIN_BITRATE = 6_000


def _byte_price(b64_length: int) -> int:
    """The old bound: a token per four base64 characters (far above any per-page bill)."""
    return b64_length // 4 + 8


def pdf_cost(
    pages: int | None, model: ModelInfo, b64_length: int = 0, in_result: bool = False
) -> MediaCost:
    """Tokens ``model`` bills for a PDF of ``pages`` pages (None: not countable);
    ``in_result``: sent inside a tool's result (Gemini 3 bills it at its images' default)."""
    per_page, exact, how = _per_page(model, in_result)
    if pages is not None:
        note = f"{pages} page{'s' if pages != 1 else ''} × {per_page:,} ({how})"
        return MediaCost(
            pages * per_page + (1 if model.image_cost == "gemini3" else 0), exact, note
        )
    pages_most = _MAX_PAGES.get(model.provider, 100)
    most = pages_most * per_page
    # (a file the provider takes is at least a page: a small unreadable one is not below it)
    bound = max(per_page, min(most, _byte_price(b64_length))) if b64_length else most
    at_most = f"{pages_most:,} pages, {bound:,} tokens" if bound == most else f"{bound:,} tokens"
    return MediaCost(bound, False, f"page count unreadable: at most {at_most} ({how})")


def _per_page(model: ModelInfo, in_result: bool = False) -> tuple[int, bool, str]:
    if model.image_cost == "gemini-tile" and model.id.startswith(_GEMINI_PAGE_IMAGES):
        # Gemini before 2.5 bills a page as an image of it: pydantic/pydantic-ai's recorded
        # gemini-2.0-flash call bills 1,305 for a one-page A4 PDF and ~15 tokens of text
        # (a page image, 1,290 here; 2.5 bills the same test's page 258)
        return _page_image(model), False, "a page image (Gemini before 2.5)"
    if model.image_cost == "gemini-any":
        # an unknown Gemini id: the dearest generation's page, Gemini 2.0's page image
        return _page_image(model), False, "a page image (the most a Gemini generation bills)"
    if model.image_cost == "gemini-tile" or (model.provider == "gemini" and not model.vision):
        return _GEMINI_PAGE, True, "Gemini's 258 a page"
    if model.image_cost == "gemini3" and in_result:
        # A PDF in a function response is billed above MEDIUM: pydantic/pydantic-ai's
        # recorded gemini-3-flash-preview calls bill a one-page PDF returned by a tool ~900-
        # 1,100 (2,527 and 1,865 billed where 561 a page priced 2,508 and 1,763): priced at
        # the resolution Gemini 3 gives images by default (HIGH, 1,120).
        params = model.image_params
        level = int(params.get(str(params.get("default", "high")), params.get("high", 1120)))
        return level, False, "Gemini 3's images' default resolution a page (a tool's result)"
    if model.image_cost == "gemini3":
        level = int(model.image_params.get("medium", 560))
        return level, False, "Gemini 3's medium resolution a page"
    if model.provider == "anthropic":
        return _ANTHROPIC_PAGE, False, "the top of Anthropic's 1,500–3,000 a page"
    return _page_image(model) + _PAGE_TEXT, False, "a page image and a dense page's text"


def _page_image(model: ModelInfo) -> int:
    """A page image as the model bills it: a letter page at 200 dpi in high detail (larger
    than an A4 or letter page rendered at 150 dpi); the per-image maximum where the model has
    no high detail."""
    if not model.vision or model.image_cost == "none":
        return 0
    try:
        return image_cost(*_PAGE_PIXELS, model, detail="high").tokens
    except ContentError:
        return max_image_cost(model).tokens


#: At most what Gemini bills one sampled video frame: 258 tokens on Gemini 2.x, 280 on
#: Gemini 3 at its high media resolution (70 by default), and the frame's timestamp text.
VIDEO_FRAME_MOST = 300
#: What Gemini bills a second of a video's audio track ("32 tokens per second").
VIDEO_AUDIO_PER_SECOND = 32


def video_cost(seconds: float, what: str, fps: float = 1) -> MediaCost:
    """At most what Gemini bills for ``seconds`` of video sampled at ``fps`` frames a second
    (1 by default; both ends counted) and its audio track: pydantic/pydantic-ai's recorded
    gemini-2.5-flash calls bill 655 and 3,297 for an inline 1.3-second and 10-second MP4
    and a line of text (996 and 3,984 here).

    >>> video_cost(30, "a video clip by URI").tokens
    10292
    """
    frames = math.ceil(seconds * fps) + 1
    tokens = frames * VIDEO_FRAME_MOST + math.ceil(seconds + 1) * VIDEO_AUDIO_PER_SECOND
    return MediaCost(tokens, False, f"{what} of {seconds:g} seconds at {fps:g} frame"
                     f"{'s' * (fps != 1)} a second: at most {VIDEO_FRAME_MOST} tokens a frame "
                     f"and {VIDEO_AUDIO_PER_SECOND} a second of audio")  # fmt: skip


def duration_seconds(value: object) -> float | None:
    """A protobuf Duration as JSON (``"12.5s"``) or as an object (``{"seconds": 12,
    "nanos": 500000000}``), in seconds; None for anything else.

    >>> duration_seconds("12.5s"), duration_seconds({"seconds": 3}), duration_seconds("3m")
    (12.5, 3.0, None)
    """
    if isinstance(value, str) and value.endswith("s"):
        try:
            found = float(value[:-1])
        except ValueError:
            return None
        return found if math.isfinite(found) and found >= 0 else None
    if isinstance(value, dict) and set(value) <= {"seconds", "nanos"}:
        whole, nanos = value.get("seconds", 0), value.get("nanos", 0)
        if isinstance(whole, int | str) and isinstance(nanos, int):
            try:
                return max(0.0, int(whole) + nanos / 1e9)
            except ValueError:
                return None
    return None


def clip_sampled(meta: object, seconds: float) -> tuple[float, float]:
    """(the seconds Gemini samples, at how many frames a second) of an inline video of
    ``seconds`` whose part carries ``video_metadata`` ``meta`` (kept by the reader): its
    start and end offsets bound the clip (within the video), ``fps`` the rate — at least 1,
    the default, so a slower rate is priced above its bill, never below.

    >>> clip_sampled({"startOffset": "2s", "endOffset": "5s", "fps": 5}, 9.0)
    (3.0, 5)
    >>> clip_sampled(None, 9.0)
    (9.0, 1)
    """
    if not isinstance(meta, Mapping):
        return seconds, 1
    start = duration_seconds(meta.get("start_offset", meta.get("startOffset", "0s")))
    end = duration_seconds(meta.get("end_offset", meta.get("endOffset", f"{seconds}s")))
    first = min(start, seconds) if start is not None else 0.0
    last = min(end, seconds) if end is not None else seconds
    fps = meta.get("fps", 1)
    faster = fps if type(fps) in (int, float) and 1 < fps <= 60 else 1
    return (last - first if last >= first else seconds), faster


def audio_cost_for(seconds: float | None, model: ModelInfo, b64_length: int = 0) -> MediaCost:
    """Tokens ``model`` bills for ``seconds`` of audio (None: duration unreadable)."""
    documented = model.provider == "gemini"
    if seconds is None:
        seconds = b64_length * 3 / 4 * 8 / _MIN_BITRATE
        tokens = math.ceil(seconds * _AUDIO_PER_SECOND)
        return MediaCost(tokens, False, f"duration unreadable: at most {tokens:,}")
    tokens = math.ceil(seconds * _AUDIO_PER_SECOND)
    rate = "Gemini's 32 a second" if documented else "32 a second, above what is reported"
    return MediaCost(tokens, documented, f"{seconds:.1f} s × 32 ({rate})")


# --- reading the media -----------------------------------------------------------------

_PAGE_OBJECT = compiled_on_use(rb"/Type\s*/Page(?![a-zA-Z])")
_PAGES_COUNT = compiled_on_use(
    rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b"
)
_STREAM = compiled_on_use(rb"stream\r?\n")


def pdf_pages(data: bytes) -> int | None:
    """The number of pages of a PDF, read from its page objects and page tree (also inside
    compressed object streams); None when it has neither (not a PDF, or damaged).

    Incremental updates keep old page objects, so this can count a page twice: over, never
    under.
    """
    if not data.startswith(b"%PDF"):
        return None
    found = _count_pages(data)
    if found is None:
        found = _count_pages(b"".join(_object_streams(data)))
    return found


def _count_pages(data: bytes) -> int | None:
    objects = len(_PAGE_OBJECT.findall(data))
    counts = [int(a or b) for a, b in _PAGES_COUNT.findall(data)]
    best = max([objects, *counts])
    return best or None


def _object_streams(data: bytes, limit: int = 64 << 20) -> list[bytes]:
    """The inflated contents of the PDF's object streams (they hold the page objects of most
    PDFs written since 2003), up to ``limit`` bytes in all."""
    out: list[bytes] = []
    total = 0
    for head, raw in _streams(data):
        if b"/ObjStm" not in head[-400:]:
            continue  # a page's drawing or an image: no objects inside
        try:
            inflated = zlib.decompressobj().decompress(raw, limit - total)
        except zlib.error:
            continue
        if b"/Type" in inflated:
            out.append(inflated)
            total += len(inflated)
            if total >= limit:
                break
    return out


def _streams(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """Each stream of a PDF: (what precedes it since its object began, at most 4 KB: its
    dictionary; its bytes as stored)."""
    for match in _STREAM.finditer(data):
        if data[max(0, match.start() - 3) : match.start()] == b"end":
            continue  # (a stream's end, not a stream)
        end = data.find(b"endstream", match.end())
        if end < 0:
            return
        begun = data.rfind(b" obj", max(0, match.start() - 4096), match.start())
        yield data[max(begun, match.start() - 4096) : match.start()], data[match.end() : end]


# A PDF's text layer, as far as it is read for a bound on the sentences Anthropic cuts a cited
# PDF into ("the text is extracted and chunked into sentences"): the drawings (streams stored
# plainly or deflated whose bytes outside their strings are text: operators and numbers; an
# image, a font or an ICC profile is none) and their literal strings. A stream under another
# filter (but an image's), a hex string shown, or a string with bytes below a tab (two-byte
# glyph codes, UTF-16) leaves the text unread: None, the per-page bound.
_LITERAL = compiled_on_use(rb"\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)", re.S)
_SHOW = compiled_on_use(rb"(?<![A-Za-z])(?:Tj|TJ)(?![A-Za-z])|(?<![^\s\]])['\x22](?![^\s])")
_HEX = compiled_on_use(rb"<[0-9A-Fa-f\s]*>")
_OCTAL = compiled_on_use(rb"\\([0-7]{1,3})")
_FILTER = compiled_on_use(rb"/(\w+Decode)\b")
_IMAGE_FILTERS = frozenset((b"DCTDecode", b"JPXDecode", b"CCITTFaxDecode", b"JBIG2Decode"))
_NO_DRAWING = (b"/ObjStm", b"/XRef", b"/Metadata", b"/Length1", b"/Length2", b"/Image")
_SENTENCE_MARKS = b".!?"


def pdf_sentence_bound(data: bytes, pages: int) -> int | None:
    """At most how many sentences a PDF's text holds: one for each mark that may end one (a
    decimal point too), each text line shown (a line with no mark may be cut on its own) and
    each page; None when its text layer cannot be read (see above).

    >>> draw = b"BT (Hello there. Bye!) Tj (A line) Tj ET"
    >>> pdf_sentence_bound(b"%PDF-1.4\\n1 0 obj<</Length 40>>stream\\n" + draw + b"\\nendstream", 1)
    5
    """
    found = pages
    for head, raw in _streams(data):
        filters = set(_FILTER.findall(head))
        if filters & _IMAGE_FILTERS or any(mark in head for mark in _NO_DRAWING):
            continue
        if filters - {b"FlateDecode"}:
            return None
        try:
            drawn = zlib.decompressobj().decompress(raw, _INFLATED_AT_MOST) if filters else raw
        except zlib.error:
            return None
        strings = _LITERAL.findall(drawn)
        operators = _LITERAL.sub(b"()", drawn)
        if sum(32 <= b < 127 or b in b"\t\n\r" for b in operators) < 0.95 * len(operators):
            continue  # bytes, not a drawing: a font, a profile
        shown = _SHOW.findall(operators)
        if shown and _HEX.search(operators):
            return None
        text = _OCTAL.sub(lambda m: bytes([int(m[1], 8) & 255]), b"".join(strings))
        if any(byte < 9 for byte in text):
            return None
        found += len(shown) + sum(text.count(mark) for mark in _SENTENCE_MARKS)
    return found


def video_seconds(data: bytes) -> float | None:
    """The duration of an MP4 or QuickTime video, from its movie header (``moov/mvhd``: its
    time scale and duration), found by walking the boxes (never decoding a frame); None for
    another container or a damaged file."""
    pos, end = 0, len(data)
    while pos + 8 <= end:
        size, kind = struct.unpack_from(">I4s", data, pos)
        head = 8
        if size == 1:  # a 64-bit size follows
            if pos + 16 > end:
                return None
            size, head = struct.unpack_from(">Q", data, pos + 8)[0], 16
        elif size == 0:  # to the end of the file
            size = end - pos
        if size < head:
            return None
        if kind == b"moov":
            pos, end = pos + head, min(end, pos + size)  # into the movie box
            continue
        if kind == b"mvhd":
            version = data[pos + head] if pos + head < end else None
            at = pos + head + (20 if version == 1 else 12)  # past version, flags, dates
            if version not in (0, 1) or at + (12 if version == 1 else 8) > end:
                return None
            scale = struct.unpack_from(">I", data, at)[0]
            length = struct.unpack_from(">Q" if version == 1 else ">I", data, at + 4)[0]
            return length / scale if scale else None
        pos += size
    return None


def audio_seconds(data: bytes, fmt: str) -> tuple[float, bool] | None:
    """(duration in seconds, exact) read from the audio's header; None when unreadable.

    WAV, FLAC and Ogg state their length; an MP3 with a Xing/Info or VBRI header too, and
    one without is timed at its first frame's bitrate (``exact`` False: a VBR file without
    such a header can differ). OpenAI's ``pcm16`` is raw 24 kHz mono 16-bit.
    """
    fmt = fmt.lower().removeprefix("audio/")
    readers = {
        "wav": _wav_seconds,
        "x-wav": _wav_seconds,
        "wave": _wav_seconds,
        "flac": _flac_seconds,
        "ogg": _ogg_seconds,
        "opus": _ogg_seconds,
        "mp3": _mp3_seconds,
        "mpeg": _mp3_seconds,
    }
    if fmt == "pcm16":
        return len(data) / 48_000, True
    reader = readers.get(fmt)
    for read in (reader,) if reader else tuple(dict.fromkeys(readers.values())):
        try:
            got = read(data)
        except (struct.error, ValueError, IndexError, ZeroDivisionError):
            got = None
        if got is not None:
            return got
    return None


def _wav_seconds(data: bytes) -> tuple[float, bool] | None:
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return None
    pos, byte_rate = 12, 0
    while pos + 8 <= len(data):
        chunk, size = data[pos : pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        if chunk == b"fmt ":
            byte_rate = struct.unpack_from("<I", data, pos + 16)[0]  # after format, channels, rate
        elif chunk == b"data" and byte_rate:
            # a streamed WAV can say 0 or 0xFFFFFFFF: then the bytes that are there
            size = len(data) - pos - 8 if size in (0, 0xFFFFFFFF) else size
            return min(size, len(data) - pos - 8) / byte_rate, True
        pos += 8 + size + (size & 1)
    return None


def _flac_seconds(data: bytes) -> tuple[float, bool] | None:
    if data[:4] != b"fLaC" or len(data) < 26:
        return None
    info = int.from_bytes(data[18:26], "big")  # STREAMINFO: rate 20 bits, …, samples 36
    rate, samples = info >> 44, info & ((1 << 36) - 1)
    return (samples / rate, True) if rate and samples else None


def _ogg_seconds(data: bytes) -> tuple[float, bool] | None:
    if data[:4] != b"OggS":
        return None
    last = data.rfind(b"OggS")
    granule = struct.unpack_from("<q", data, last + 6)[0]
    if b"OpusHead" in data[:200]:
        rate = 48_000  # Opus granules always count 48 kHz samples
    else:
        head = data.find(b"\x01vorbis")
        if head < 0:
            return None
        rate = struct.unpack_from("<I", data, head + 12)[0]
    return (granule / rate, True) if granule > 0 and rate else None


_MP3_BITRATES = (0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320)  # MPEG-1 L3
_MP3_BITRATES_2 = (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160)  # MPEG-2/2.5
_MP3_RATES = {3: (44_100, 48_000, 32_000), 2: (22_050, 24_000, 16_000), 0: (11_025, 12_000, 8_000)}


def _mp3_seconds(data: bytes) -> tuple[float, bool] | None:
    pos = 0
    if data[:3] == b"ID3" and len(data) >= 10:  # skip the ID3v2 tag (syncsafe size)
        size = data[6] << 21 | data[7] << 14 | data[8] << 7 | data[9]
        pos = 10 + size
    while pos + 4 <= len(data) and not (data[pos] == 0xFF and data[pos + 1] & 0xE0 == 0xE0):
        pos += 1
        if pos > 1 << 16:
            return None
    if pos + 4 > len(data):
        return None
    header = int.from_bytes(data[pos : pos + 4], "big")
    version = (header >> 19) & 3
    bitrate_index, rate_index = (header >> 12) & 15, (header >> 10) & 3
    if version == 1 or rate_index == 3 or bitrate_index in (0, 15):
        return None
    rate = _MP3_RATES[version][rate_index]
    per_frame = 1152 if version == 3 else 576
    frame = data[pos : pos + 200]
    for tag in (b"Xing", b"Info", b"VBRI"):
        at = frame.find(tag)
        if at < 0:
            continue
        if tag == b"VBRI":
            frames = struct.unpack_from(">I", frame, at + 14)[0]
        elif struct.unpack_from(">I", frame, at + 4)[0] & 1:
            frames = struct.unpack_from(">I", frame, at + 8)[0]
        else:
            break
        return frames * per_frame / rate, True
    kbps = (_MP3_BITRATES if version == 3 else _MP3_BITRATES_2)[bitrate_index]
    # constant bitrate assumed: 1% over, for frames without their padding byte
    return (len(data) - pos) * 8 / (kbps * 1000) * 1.01, False


# --- blocks ------------------------------------------------------------------------------


def _decoded(b64: str) -> bytes | None:
    """The payload's bytes, also when it is URL-safe base64 (``-`` and ``_``: Gemini's API
    takes both alphabets, and the standard decoder drops those characters, misreading the
    rest); None when it is not base64.

    >>> _decoded(base64.urlsafe_b64encode(b"%PDF-1.4 \\xfb\\xff").decode())[:8]
    b'%PDF-1.4'
    """
    try:
        if "-" in b64 or "_" in b64:
            return base64.urlsafe_b64decode(b64 + "=" * (-len(b64) % 4))
        return base64.b64decode(b64)
    except (binascii.Error, ValueError):
        return None


def document_fields_text(f: FileAttachment) -> str:
    """What Anthropic is sent of a document's own fields beside its text: its ``context``
    and ``citations`` (their JSON, longer than what the model is shown: never under); a
    ``content`` source's chunks are the text itself, priced as such. "" when none.

    >>> document_fields_text(FileAttachment("a", text="x", document_fields='{"context": "Q3"}'))
    '{"context": "Q3"}'
    """
    if not f.document_fields:
        return ""
    fields = json.loads(f.document_fields)
    fields.pop("source", None)
    return json.dumps(fields, ensure_ascii=False, sort_keys=True) if fields else ""


#: Anthropic's citations guide: "Enabling citations incurs a slight increase in input tokens
#: due to system prompt additions and document chunking" (not how much). crmne/ruby_llm's
#: recorded claude-haiku-4-5 calls bill a four-sentence text document 503 more with citations
#: than its text, title and question price, a one-page PDF of 67 sentences 1,207 more: about
#: 455 of prompt and 11 a sentence. Priced for each cited document or search result (a
#: request of several may get the prompt once: over, never under) and each chunk of it.
CITATIONS_PROMPT = 500
CITED_CHUNK = 12
#: A PDF whose text layer cannot be read (``pdf_sentence_bound``): a page cut into at most
#: this many (ruby_llm's dense lorem-ipsum page holds 67 sentences on 36 lines).
CITED_CHUNKS_A_PAGE = 100
#: What ends a sentence Anthropic cuts a text document at: a mark before a space or a line
#: break (a decimal point or "e.g." inside a sentence is none), or a full-width mark.
_SENTENCE_ENDS = (*(m + w for m in ".!?" for w in " \n"), "。", "！", "？")


def cites(fields: Mapping[str, Any]) -> bool:
    """Whether a document's or a search result's fields ask Anthropic for citations."""
    asked = fields.get("citations")
    return isinstance(asked, Mapping) and bool(asked.get("enabled"))


def cited_cost(chunks: int) -> int:
    """What citations add for one cited document or search result cut into ``chunks``.

    >>> cited_cost(4)
    548
    """
    return CITATIONS_PROMPT + CITED_CHUNK * max(chunks, 1)


def cited_document_cost(f: FileAttachment) -> int:
    """What Anthropic adds to a document it is asked to cite (0: none asked): its prompt,
    and the document cut into chunks: a text into sentences, a ``content`` source into its
    blocks, a PDF into at most ``CITED_CHUNKS_A_PAGE`` a page.

    >>> cited = '{"citations": {"enabled": true}}'
    >>> doc = FileAttachment("a", text="Ruby is old. It is fun.", document_fields=cited)
    >>> cited_document_cost(doc), cited_document_cost(FileAttachment("a", text="x"))
    (524, 0)
    """
    fields = json.loads(f.document_fields) if f.document_fields else {}
    if not cites(fields):
        return 0
    blocks = (fields.get("source") or {}).get("content")
    if isinstance(blocks, list):
        return cited_cost(len(blocks))
    if f.data is None:
        text = f.text or ""
        return cited_cost(1 + sum(text.count(end) for end in _SENTENCE_ENDS))
    data = _decoded(f.data.base64) if is_pdf(f) else None
    pages = (pdf_pages(data) if data is not None else None) or 1
    most = CITED_CHUNKS_A_PAGE * pages
    found = pdf_sentence_bound(data, pages) if data is not None else None
    return cited_cost(most if found is None else min(found, most))


def is_pdf(f: FileAttachment) -> bool:
    """A PDF by its media type, its name or its first bytes."""
    if f.media_type == "application/pdf" or f.name.lower().endswith(".pdf"):
        return True
    return f.data is not None and f.data.prefix(8).startswith("JVBERi")  # "%PDF" in base64


#: OpenAI's file-inputs guide: a spreadsheet sent as an ``input_file`` (.csv, .tsv, .xls, .xlsx,
#: .iif) goes through "a spreadsheet-specific augmentation process": the API parses up to the
#: first 1,000 rows of each sheet "and adds model-generated summary and header metadata". What
#: that adds is written by a model, so no body fixes it: review43 R43-B4's inline CSV on
#: gpt-5.4 billed 110 where its text, header and ``OPENAI_TEXT_FILE`` priced 105. An allowance
#: of several times that, said to be one.
OPENAI_SPREADSHEET_SUMMARY = 64
_SPREADSHEET_TYPES = frozenset(
    {
        "text/csv",
        "text/tab-separated-values",
        "application/csv",
        "application/vnd.ms-excel",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }
)
_SPREADSHEET_NAMES = (".csv", ".tsv", ".xls", ".xlsx", ".iif")


def is_spreadsheet(f: FileAttachment) -> bool:
    """A spreadsheet by its media type or its name (OpenAI's file-inputs guide's list).

    >>> is_spreadsheet(FileAttachment("q3.CSV", text="a,b")), is_spreadsheet(FileAttachment("a.md"))
    (True, False)
    """
    return f.media_type in _SPREADSHEET_TYPES or f.name.lower().endswith(_SPREADSHEET_NAMES)


def spreadsheet_cost(f: FileAttachment, as_sent: int) -> MediaCost:
    """The price of spreadsheet ``f`` sent to OpenAI as a file priced ``as_sent`` as its
    content: with an allowance for the summary OpenAI writes of it (an estimate)."""
    return MediaCost(
        as_sent + OPENAI_SPREADSHEET_SUMMARY,
        False,
        f"OpenAI adds a summary and header metadata of its own writing to a spreadsheet sent "
        f"as a file, priced with an allowance of {OPENAI_SPREADSHEET_SUMMARY}",
        written=f"the summary OpenAI writes of spreadsheet {f.name!r}",
    )


# The parts of an Office Open XML or OpenDocument file that hold what a provider reads of it
# (OpenAI "extracts the text" of a document and parses a spreadsheet's rows): a workbook's
# sheets and shared strings, a document's body, notes and headers, a deck's slides and notes;
# not its styles, theme or pictures (a theme alone is ~7 KB of XML).
_TEXT_PARTS = compiled_on_use(
    r"xl/(?:worksheets/[^/]+|sharedStrings)\.xml"
    r"|word/(?:document|footnotes|endnotes|comments|header\d*|footer\d*)\.xml"
    r"|ppt/(?:slides|notesSlides)/[^/]+\.xml"
    r"|content\.xml",
    re.IGNORECASE,
)
#: Bytes of the XML holding a file's text, a token: a CJK character is three UTF-8 bytes and
#: at most a token, a digit group of three is a token, and each cell, run or paragraph adds
#: its tags (``<c r="B2"><v>412</v></c>``: ~30 bytes for one value). Above any real sheet's
#: rate; a shared string used by many cells is written once, so a sheet repeating one long
#: string is billed more (not seen; an estimate either way, said so).
_XML_BYTES_A_TOKEN = 3


#: The most one compressed byte of deflate unpacks to (a 2-bit code for a run of 258 bytes):
#: a zip's stored and deflated parts hold at most this many times the zip's own length, so a
#: directory declaring more is forged or damaged (a 14 KB sheet said to be 4 GB).
_DEFLATE_MOST = 1_032
#: The most a forged directory's parts are inflated to learn what they really hold: past
#: it, they are priced at what their compressed bytes can unpack to.
_INFLATED_AT_MOST = 32 << 20


def zipped_text_bytes(data: bytes) -> int | None:
    """The bytes a zipped document's text parts (``_TEXT_PARTS``; every part when it has
    none of them) unpack to, as its central directory declares them: nothing is inflated,
    so a zip bomb costs the length of its directory, which its own bytes bound. A directory
    declaring more than its bytes can unpack to (``_DEFLATE_MOST`` times the zip's length: a
    forged or damaged header, which an unzipper ignores, reading the parts' own streams) is
    not believed: the parts are inflated (to ``_INFLATED_AT_MOST``) and what they hold
    counted. None for bytes that are no readable zip.

    >>> import zipfile
    >>> buf = io.BytesIO()
    >>> with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
    ...     z.writestr("xl/worksheets/sheet1.xml", "<v>1</v>" * 1000)
    ...     z.writestr("xl/theme/theme1.xml", "<a/>" * 500)
    >>> len(buf.getvalue()) < 1000, zipped_text_bytes(buf.getvalue())
    (True, 8000)
    >>> zipped_text_bytes(b"not a zip") is None
    True
    """
    import zipfile  # (here: it imports pathlib, which a first fit has no need of)

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
            text = [p for p in parts if _TEXT_PARTS.fullmatch(p.filename)] or parts
            declared = sum(p.file_size for p in text)
            most = _DEFLATE_MOST * len(data)
            if declared <= most:
                return declared
            if any(p.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) for p in text):
                most = declared  # (another method may unpack further: its directory stands)
            return _inflated(archive, text, most)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError):
        return None


def _inflated(archive: zipfile.ZipFile, parts: list[zipfile.ZipInfo], most: int) -> int:
    """What ``parts`` of ``archive`` unpack to, read to ``_INFLATED_AT_MOST`` bytes in all;
    ``most`` (what they can unpack to) when that is passed or they cannot be read."""
    import zipfile

    total = 0
    try:
        for part in parts:
            with archive.open(part) as stream:
                while chunk := stream.read(1 << 20):
                    total += len(chunk)
                    if total > _INFLATED_AT_MOST:
                        return most
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, EOFError, OSError, zlib.error):
        return most
    return min(total, most)


def file_bytes_cost(f: FileAttachment) -> int:
    """At most what a file priced by its bytes holds: a token per four base64 characters, or,
    for a zipped document (xlsx, docx, pptx, ODF: its text deflated several times smaller), a
    token per ``_XML_BYTES_A_TOKEN`` bytes its text parts unpack to, the larger (review44: an
    xlsx priced from its compressed bytes was far below the rows OpenAI bills).

    >>> from contextledger.model import InlineData
    >>> file_bytes_cost(FileAttachment("a.bin", data=InlineData.from_bytes(b"x" * 300)))
    108
    """
    assert f.data is not None
    by_bytes = _byte_price(f.data.base64_length)
    if f.data.prefix(4) != _ZIP_BASE64:
        return by_bytes
    data = _decoded(f.data.base64)
    unzipped = zipped_text_bytes(data) if data is not None else None
    return by_bytes if unzipped is None else max(by_bytes, unzipped // _XML_BYTES_A_TOKEN + 8)


#: "PK\x03" in base64: the first bytes of a zip's first local header.
_ZIP_BASE64 = "UEsD"


def file_cost(f: FileAttachment, model: ModelInfo, in_result: bool = False) -> MediaCost | None:
    """The billed price of an inline file; None for a file this module cannot price by its
    content (not a PDF, nor a video whose length its header says: priced as text or by its
    size elsewhere). ``in_result``: the file is part of a tool's result."""
    if f.data is None:
        return None
    if f.media_type.startswith("video/"):
        data = _decoded(f.data.base64)
        seconds = video_seconds(data) if data is not None else None
        if seconds is None:
            return None
        fields = json.loads(f.document_fields) if f.document_fields else {}
        length, fps = clip_sampled(fields.get("video_metadata"), seconds)
        return video_cost(length, "an inline video", fps)
    if not is_pdf(f):
        return None
    data = _decoded(f.data.base64)
    pages = pdf_pages(data) if data is not None else None
    return pdf_cost(pages, model, f.data.base64_length, in_result)


def audio_cost(a: Audio, model: ModelInfo) -> MediaCost:
    """The billed price of an audio clip, from its duration."""
    data = _decoded(a.data.base64)
    read = audio_seconds(data, a.format) if data is not None else None
    if read is None:
        return audio_cost_for(None, model, a.data.base64_length)
    seconds, exact = read
    cost = audio_cost_for(seconds, model)
    return cost if exact else MediaCost(cost.tokens, False, cost.note + ", duration estimated")

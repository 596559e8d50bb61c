"""An inline video's ``videoMetadata`` (the clip's offsets and frame rate) is kept: written
back to Gemini as it came, and named in a notice where another target cannot carry it
(prov37 noticed the reader dropped it: the whole video went where the user asked for a
clip, unreported)."""

from __future__ import annotations

from typing import Any

import pytest

from builders import b64, mp4_bytes
from contextledger.model import FileAttachment
from contextledger.providers import read_messages, translate

CLIP = {"startOffset": "2s", "endOffset": "5s", "fps": 2}


def _body(meta: dict[str, Any] | None) -> dict[str, Any]:
    part: dict[str, Any] = {"inlineData": {"mimeType": "video/mp4", "data": b64(mp4_bytes(9))}}
    if meta is not None:
        part["videoMetadata"] = meta
    return {"contents": [{"role": "user", "parts": [{"text": "What happens here?"}, part]}]}


def _video_part(body: dict[str, Any]) -> dict[str, Any]:
    (part,) = [p for p in body["contents"][0]["parts"] if "inline_data" in p]
    return part


def test_a_clip_goes_back_to_gemini_with_its_offsets_and_frame_rate() -> None:
    (message,) = read_messages(_body(CLIP), "gemini")
    (video,) = [b for b in message.content if isinstance(b, FileAttachment)]
    assert video.media_type == "video/mp4"
    result = translate(read_messages(_body(CLIP), "gemini"), "gemini")
    written = _video_part(result.body)
    assert written["video_metadata"] == CLIP
    types = pytest.importorskip("google.genai.types")  # the official SDK's part takes it
    assert types.Part.model_validate(written).video_metadata.fps == 2
    assert not [n for n in result.notices if "video_metadata" in n.text]


def test_a_video_without_metadata_is_written_as_before() -> None:
    result = translate(read_messages(_body(None), "gemini"), "gemini")
    assert set(_video_part(result.body)) == {"inline_data"}


def test_a_target_without_clips_is_told_the_bounds_were_left_out() -> None:
    for target in ("openai", "anthropic", "openai-responses"):
        result = translate(read_messages(_body(CLIP), "gemini"), target)
        said = [n for n in result.notices if "clip bounds and frame rate" in n.text]
        assert said and "only Gemini takes them" in said[0].text, target
        assert "video_metadata" not in str(result.body)


def test_a_clip_is_priced_at_its_seconds_and_frame_rate_wherever_it_is_priced() -> None:
    """The clip kept in the block prices a fit as ``price_request`` prices the body: 3 of the
    video's 9 seconds at 2 frames a second (the body's price once added the faster frames
    from the raw body alone, so a fit of the same messages was below it)."""
    from contextledger import prepare
    from contextledger.pricing.files import video_cost
    from contextledger.pricing.messages import price_request

    whole = price_request(_body(None), "gemini-2.5-flash", "gemini").total
    clip = price_request(_body(CLIP), "gemini-2.5-flash", "gemini").total
    assert whole - clip == video_cost(9, "").tokens - video_cost(3, "", 2).tokens
    out = prepare(_body(CLIP), "gemini-2.5-flash", target="gemini", compaction=False)
    assert _video_part(out.body)["video_metadata"] == CLIP
    assert out.report.used == price_request(out.body, "gemini-2.5-flash", "gemini").total == clip

"""What can be known of a file is priced; what cannot is said (review41 R41-B4: 31 recorded
requests with a document or video by URL, by file id or inline were priced at the model's
whole window — gpt-4.1-nano 1,047,592 for a bill of 23).

* A file the provider fetches or holds whose length nothing here bounds but the window (a
  file by URL or id, its pages not declared): a fit still leaves it out or refuses it, and
  ``price_request`` prices the body without it and names it (a lower bound, said).
* An inline MP4 or QuickTime video: its duration is read from its movie header and priced
  at Gemini's rates (at most 300 a frame at 1 a second and 32 a second of audio)."""

from __future__ import annotations

import pytest

from builders import b64, mp4_bytes
from contextledger.pricing.files import video_cost, video_seconds
from contextledger.pricing.messages import price_request

pytestmark = pytest.mark.usefixtures("served_by_default")

QUESTION = "Summarise the attached file."
RESPONSES_BY_URL = {
    "model": "gpt-4.1-nano",
    "input": [
        {
            "role": "user",
            "content": [
                {"type": "input_text", "text": QUESTION},
                {"type": "input_file", "file_url": "https://example.org/notes/q3"},
            ],
        }
    ],
}
ANTHROPIC_BY_ID = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 256,
    "messages": [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": QUESTION},
                {"type": "document", "source": {"type": "file", "file_id": "file_011abc"}},
            ],
        }
    ],
}


@pytest.mark.parametrize(
    ("body", "model", "fmt", "named"),
    [
        (RESPONSES_BY_URL, "gpt-4.1-nano", "openai-responses", "https://example.org/notes/q3"),
        (ANTHROPIC_BY_ID, "claude-sonnet-4-5", "anthropic", "file_011abc"),
    ],
)
def test_a_file_only_the_window_bounds_is_named_not_priced_at_the_window(
    body: dict[str, object], model: str, fmt: str, named: str
) -> None:
    priced = price_request(body, model, fmt)
    assert priced.total < 200  # the question and the framing, not the window
    assert not priced.complete and named in priced.note and "file_pages" in priced.note
    declared = price_request(body, model, fmt, file_pages={named: 3})
    assert declared.complete and declared.total > priced.total  # three pages, priced


@pytest.mark.parametrize(("seconds", "version"), [(1.305, 0), (10.03, 0), (95.5, 1)])
def test_an_inline_videos_length_is_read_from_its_header(seconds: float, version: int) -> None:
    data = mp4_bytes(seconds, scale=600, version=version)
    assert video_seconds(data) == pytest.approx(seconds, abs=1 / 600)
    body = {
        "contents": [
            {
                "role": "user",
                "parts": [
                    {"text": "What happens in this clip?"},
                    {"inlineData": {"mimeType": "video/mp4", "data": b64(data)}},
                ],
            }
        ]
    }
    priced = price_request(body, "gemini-2.5-flash", "gemini").total
    clip = video_cost(video_seconds(data) or 0, "").tokens
    assert clip < priced < clip + 40


def test_pydantic_ais_recorded_video_bills_are_not_under_priced() -> None:
    """pydantic/pydantic-ai's recorded gemini-2.5-flash calls (4fda3898, tests/models/
    cassettes/test_multimodal_tool_returns, direct-binary-video and direct-url_force_download-
    video): an inline 1.305-second MP4 and text bills 655, a 10.03-second one 3,297."""
    for seconds, billed in ((1.305, 655), (10.026_666, 3_297)):
        assert billed <= video_cost(seconds, "").tokens <= 2 * billed


def test_what_is_not_an_mp4_has_no_length() -> None:
    assert video_seconds(b"\x1aE\xdf\xa3 webm") is None
    assert video_seconds(b"") is None
    assert video_seconds(mp4_bytes(3)[:-90]) is None  # cut before its duration


def test_a_video_sampled_faster_is_priced_at_its_frames() -> None:
    """A part's ``videoMetadata.fps`` (Gemini samples 1 frame a second by default): a 10-second
    clip at 5 a second bills 40 frames more than at 1."""
    part = {"inlineData": {"mimeType": "video/mp4", "data": b64(mp4_bytes(10))}}
    body = {"contents": [{"role": "user", "parts": [{"text": "Count the jumps."}, part]}]}
    once = price_request(body, "gemini-2.5-flash", "gemini").total
    fast = {"contents": [{"role": "user", "parts": [
        {"text": "Count the jumps."}, {**part, "videoMetadata": {"fps": 5}}]}]}  # fmt: skip
    assert price_request(fast, "gemini-2.5-flash", "gemini").total == once + 40 * 300

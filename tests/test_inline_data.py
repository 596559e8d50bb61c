"""InlineData: a payload is the same value whatever string it sits in."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.model import Image, InlineData

payloads = st.binary(max_size=300).map(lambda b: InlineData.from_bytes(b).text)
prefixes = st.sampled_from(["", "data:image/png;base64,", "data:application/pdf;base64,"])


def test_a_data_url_and_its_bare_payload_are_equal_and_hash_alike() -> None:
    url = InlineData("data:image/png;base64,QUJD", 22)
    assert url == InlineData("QUJD")
    assert hash(url) == hash(InlineData("QUJD"))
    assert len({url, InlineData("QUJD")}) == 1
    # blocks holding them are one dict key too (the pricer's block memo relies on it)
    assert len({Image("image/png", data=url), Image("image/png", data=InlineData("QUJD"))}) == 1


@given(payloads, prefixes, prefixes)
def test_equal_payloads_hash_alike(payload: str, a: str, b: str) -> None:
    x, y = InlineData(a + payload, len(a)), InlineData(b + payload, len(b))
    assert x == y and hash(x) == hash(y)


@given(payloads, payloads, prefixes)
def test_different_payloads_are_unequal(p: str, q: str, prefix: str) -> None:
    if p != q:
        assert InlineData(prefix + p, len(prefix)) != InlineData(q)


def test_sent_media_type_reads_the_bytes_not_the_label() -> None:
    """One signature table (``images.signature``) decides the type sent for every format
    every provider takes; others (BMP) keep their label, and ``image/jpg`` is spelled right."""
    from contextledger.providers.common import sent_media_type

    heads = {
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR": ("image/jpeg", "image/png"),
        b"\xff\xd8\xff\xe0\0\x10JFIF\0": ("image/png", "image/jpeg"),
        b"GIF87a\x01\0\x01\0\0\0\0": ("image/png", "image/gif"),
        b"RIFF\0\0\0\0WEBPVP8 ": ("image/png", "image/webp"),
        b"BM6\x0c\0\0\0\0\0\0\0\0": ("image/bmp", "image/bmp"),
        b"hello, world": ("image/jpg", "image/jpeg"),
    }
    got = {
        head: sent_media_type(label, InlineData.from_bytes(head))
        for head, (label, _) in heads.items()
    }
    assert got == {head: sent for head, (_, sent) in heads.items()}

"""MediaStore: content-addressed, atomic, verified, and a sweep that never eats live media."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import builders
from contextledger.errors import StoreError
from contextledger.model import Image, InlineData, Message, ToolResult
from contextledger.storage.media import MediaStore, is_ref, media_type_of

OLD = time.time() - 30 * 86400


def png(w: int = 8, h: int = 6, color: tuple[int, int, int] = (200, 10, 10)) -> bytes:
    return builders.png(w, h, color)


def jpeg(w: int = 8, h: int = 6) -> bytes:
    return builders.jpeg(w, h, (1, 2, 3))


@pytest.fixture
def store(tmp_path: Path) -> MediaStore:
    return MediaStore(tmp_path / "media")


def test_put_read_round_trip_and_layout(store: MediaStore) -> None:
    data = png()
    s = store.put(data, "image/png")
    assert is_ref(s.ref) and s.ref.endswith(".png") and s.new
    assert (s.bytes, s.width, s.height, s.media_type) == (len(data), 8, 6, "image/png")
    assert store.path(s.ref) == store.root / s.ref[:2] / s.ref
    assert store.read(s.ref) == data
    assert not list(store.path(s.ref).parent.glob("*.tmp"))


def test_same_bytes_stored_once_and_age_refreshed(store: MediaStore) -> None:
    data = png()
    first = store.put(data, "image/png")
    os.utime(store.path(first.ref), (OLD, OLD))
    again = store.put(data, "image/png")
    assert again.ref == first.ref and not again.new
    assert store.path(first.ref).stat().st_mtime > time.time() - 60
    assert len(list(store.root.rglob("*.png"))) == 1


def test_mislabelled_media_type_is_corrected_from_the_bytes(store: MediaStore) -> None:
    s = store.put(jpeg(), "image/png")
    assert s.media_type == "image/jpeg" and s.ref.endswith(".jpg")


@pytest.mark.parametrize(
    ("data", "media_type", "words"),
    [
        (b"", "image/png", "empty"),
        (b"hello world", "image/png", "not a storable image"),
        (png(), "image/bmp", "unsupported media type"),
    ],
)
def test_bad_puts_are_refused(store: MediaStore, data: bytes, media_type: str, words: str) -> None:
    with pytest.raises(StoreError, match=words):
        store.put(data, media_type)


def test_per_image_size_limit(tmp_path: Path) -> None:
    small = MediaStore(tmp_path, max_bytes=100)
    with pytest.raises(StoreError, match="per-image limit"):
        small.put(png(300, 300, (1, 2, 3)) + b"\0" * 200, "image/png")


@pytest.mark.parametrize(
    "ref",
    [
        "../" + "a" * 64 + ".png",
        "a" * 64 + ".png/../../x",
        "/etc/passwd",
        "A" * 64 + ".png",
        "a" * 63 + ".png",
        "a" * 64 + ".bmp",
        "a" * 64 + ".PNG",
        "a" * 64 + ".png\n",
        "..",
        "",
        "aa/" + "a" * 64 + ".png",
    ],
)
def test_path_traversal_and_malformed_refs_are_refused(store: MediaStore, ref: str) -> None:
    assert not is_ref(ref)
    with pytest.raises(StoreError, match="invalid media ref"):
        store.read(ref)
    with pytest.raises(StoreError):
        store.path(ref)


def test_missing_and_corrupt_files_raise_clear_errors(store: MediaStore) -> None:
    s = store.put(png(), "image/png")
    path = store.path(s.ref)
    data = bytearray(path.read_bytes())
    data[-5] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="corrupt"):
        store.read(s.ref)
    # Re-storing the right bytes heals the file.
    assert store.put(png(), "image/png").new
    assert store.read(s.ref) == png()
    path.unlink()
    with pytest.raises(StoreError, match="missing"):
        store.read(s.ref)


def test_intern_and_materialize(store: MediaStore) -> None:
    data = png()
    inline = Image("image/png", data=InlineData.from_bytes(data), name="shot.png", detail="high")
    ref_img = store.intern(inline)
    assert ref_img.ref is not None and ref_img.data is None
    assert (ref_img.width, ref_img.height, ref_img.name, ref_img.detail) == (
        8,
        6,
        "shot.png",
        "high",
    )
    back = store.materialize(ref_img)
    assert back.data is not None and back.data.decode() == data and back.media_type == "image/png"
    url = Image(url="https://example.com/a.png")
    assert store.intern(url) is url and store.materialize(url) is url
    assert media_type_of(ref_img.ref) == "image/png"


def test_refs_in_finds_images_inside_tool_results(store: MediaStore) -> None:
    a, b = store.put(png(), "image/png").ref, store.put(jpeg(), "image/jpeg").ref
    msgs = [
        Message.user("x", Image(ref=a)),
        Message("tool", (ToolResult("c", (Image(ref=b),)),)),
        Message.user(Image(url="https://x")),
    ]
    assert store.refs_in(msgs) == {a, b}


def _age(store: MediaStore, ref: str, when: float = OLD) -> None:
    os.utime(store.path(ref), (when, when))


def test_sweep_removes_only_unreferenced_old_media(store: MediaStore) -> None:
    keep_old = store.put(png(color=(1, 1, 1)), "image/png").ref
    drop_old = store.put(png(color=(2, 2, 2)), "image/png").ref
    young = store.put(png(color=(3, 3, 3)), "image/png").ref
    _age(store, keep_old)
    _age(store, drop_old)
    stranger = store.root / "ab" / "notes.txt"
    stranger.parent.mkdir(exist_ok=True)
    stranger.write_text("not ours")
    os.utime(stranger, (OLD, OLD))

    dry = store.sweep({keep_old}, dry_run=True)
    assert dry.removed == (drop_old,) and store.exists(drop_old)

    result = store.sweep({keep_old})
    assert result.removed == (drop_old,)
    assert result.bytes_freed > 0 and result.kept_referenced == 1 and result.kept_young == 1
    assert store.exists(keep_old) and store.exists(young) and not store.exists(drop_old)
    assert stranger.exists()
    assert "removed 1" in result.summary()


def test_restored_old_image_survives_sweep(store: MediaStore) -> None:
    data = png()
    ref = store.put(data, "image/png").ref
    _age(store, ref)
    store.put(data, "image/png")  # re-pasted: age refreshed
    assert store.sweep(set()).removed == ()
    assert store.read(ref) == data


def test_sweep_of_missing_root_is_empty(tmp_path: Path) -> None:
    assert MediaStore(tmp_path / "nope").sweep(set()).removed == ()


WRITER = textwrap.dedent(
    """
    import os, sys, time
    from contextledger.storage.media import MediaStore
    store = MediaStore(sys.argv[1])
    data = open(sys.argv[2], "rb").read()
    old = time.time() - 30 * 86400
    for _ in range(int(sys.argv[3])):
        ref = store.put(data, "image/png").ref
        store.read(ref)  # must never be missing right after put
        try:  # age it again so the sweeper wants it (it may be renamed aside right now)
            os.utime(store.path(ref), (old, old))
        except FileNotFoundError:
            pass
    print("ok")
    """
)


def test_sweep_is_safe_while_another_process_writes(store: MediaStore, tmp_path: Path) -> None:
    src = tmp_path / "img.png"
    src.write_bytes(png())
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(store.root), str(src), "300"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    sweeps = 0
    deadline = time.monotonic() + 300  # a stuck writer fails the test instead of hanging it
    while proc.poll() is None and time.monotonic() < deadline:
        store.sweep(set())
        sweeps += 1
    if proc.poll() is None:
        proc.kill()
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert out.strip() == "ok" and sweeps > 0

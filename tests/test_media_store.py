"""Media stores on every backend (a local folder and S3 via a real moto server, one suite):
content-addressed, create-only, verified, and a sweep that never eats live media."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from datetime import timedelta
from pathlib import Path

import pytest

import builders
from contextledger.errors import StoreError
from contextledger.model import Image, InlineData, Message, ToolResult
from contextledger.storage.media import MediaBackend, MediaStore, is_ref, media_type_of
from contextledger.storage.sessions import open_media

OLD = time.time() - 30 * 86400


def png(w: int = 8, h: int = 6, color: tuple[int, int, int] = (200, 10, 10)) -> bytes:
    return builders.png(w, h, color)


def jpeg(w: int = 8, h: int = 6) -> bytes:
    return builders.jpeg(w, h, (1, 2, 3))


@pytest.fixture
def store(media_location: str) -> MediaBackend:
    return open_media(media_location)


# --- what the tests do behind a store's back, per backend -----------------------------------


def _s3_object(store: MediaBackend, ref: str) -> object:
    from moto.core import DEFAULT_ACCOUNT_ID
    from moto.s3.models import s3_backends

    bucket = s3_backends[DEFAULT_ACCOUNT_ID]["aws"].buckets[store.bucket]  # type: ignore[attr-defined]
    return bucket.keys[store.key(ref)]  # type: ignore[attr-defined]


def _age(store: MediaBackend, ref: str, when: float = OLD) -> None:
    """Make a stored image look written at ``when``."""
    if isinstance(store, MediaStore):
        os.utime(store.path(ref), (when, when))
    else:
        import datetime

        obj = _s3_object(store, ref)
        obj.last_modified = datetime.datetime.fromtimestamp(when, datetime.UTC).replace(tzinfo=None)  # type: ignore[attr-defined]


def _written_at(store: MediaBackend, ref: str) -> float:
    if isinstance(store, MediaStore):
        return store.path(ref).stat().st_mtime
    head = store._client.head_object(Bucket=store.bucket, Key=store.key(ref))  # type: ignore[attr-defined]
    return float(head["LastModified"].timestamp())


def _overwrite(store: MediaBackend, ref: str, data: bytes) -> None:
    """Damage a stored image (plain write, no condition, no metadata)."""
    if isinstance(store, MediaStore):
        store.path(ref).write_bytes(data)
    else:
        store._client.put_object(Bucket=store.bucket, Key=store.key(ref), Body=data)  # type: ignore[attr-defined]


def _remove(store: MediaBackend, ref: str) -> None:
    if isinstance(store, MediaStore):
        store.path(ref).unlink()
    else:
        store._client.delete_object(Bucket=store.bucket, Key=store.key(ref))  # type: ignore[attr-defined]


def _put_stranger(store: MediaBackend, name: str) -> object:
    """A file the store did not write, inside its shards; returns something to check."""
    if isinstance(store, MediaStore):
        path = store.root / "ab" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("not ours")
        os.utime(path, (OLD, OLD))
        return path.exists
    key = f"{store.prefix}/ab/{name}"  # type: ignore[attr-defined]
    store._client.put_object(Bucket=store.bucket, Key=key, Body=b"not ours")  # type: ignore[attr-defined]

    def there() -> bool:
        try:
            store._client.head_object(Bucket=store.bucket, Key=key)  # type: ignore[attr-defined]
        except Exception:
            return False
        return True

    return there


def test_put_read_round_trip_and_layout(store: MediaBackend) -> None:
    data = png()
    s = store.put(data, "image/png")
    assert is_ref(s.ref) and s.ref.endswith(".png") and s.new
    assert (s.bytes, s.width, s.height, s.media_type) == (len(data), 8, 6, "image/png")
    assert store.read(s.ref) == data and store.exists(s.ref)
    if isinstance(store, MediaStore):
        assert store.path(s.ref) == store.root / s.ref[:2] / s.ref
        assert not list(store.path(s.ref).parent.glob("*.tmp"))
    else:
        assert store.key(s.ref) == f"media/{s.ref[:2]}/{s.ref}"  # type: ignore[attr-defined]


def test_same_bytes_stored_once_and_age_refreshed(store: MediaBackend) -> None:
    data = png()
    first = store.put(data, "image/png")
    _age(store, first.ref)
    again = store.put(data, "image/png")
    assert again.ref == first.ref and not again.new
    assert _written_at(store, first.ref) > time.time() - 60
    assert store.sweep(set(), min_age=timedelta(days=1)).kept_young == 1


def test_mislabelled_media_type_is_corrected_from_the_bytes(store: MediaBackend) -> None:
    s = store.put(jpeg(), "image/png")
    assert s.media_type == "image/jpeg" and s.ref.endswith(".jpg")


@pytest.mark.parametrize(
    ("data", "media_type", "words"),
    [
        (b"", "image/png", "empty"),
        (b"hello world", "image/png", "not a storable image"),
        (png(), "image/svg+xml", "unsupported media type"),
    ],
)
def test_bad_puts_are_refused(
    store: MediaBackend, data: bytes, media_type: str, words: str
) -> None:
    with pytest.raises(StoreError, match=words):
        store.put(data, media_type)


def test_per_image_size_limit(media_location: str) -> None:
    small = open_media(media_location, max_bytes=100)
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
        "a" * 64 + ".svg",
        "a" * 64 + ".tiff",
        "a" * 64 + ".PNG",
        "a" * 64 + ".png\n",
        "..",
        "",
        "aa/" + "a" * 64 + ".png",
    ],
)
def test_path_traversal_and_malformed_refs_are_refused(store: MediaBackend, ref: str) -> None:
    assert not is_ref(ref)
    with pytest.raises(StoreError, match="invalid media ref"):
        store.read(ref)
    with pytest.raises(StoreError, match="invalid media ref"):
        store.exists(ref)


def test_missing_and_corrupt_files_raise_clear_errors(store: MediaBackend) -> None:
    s = store.put(png(), "image/png")
    data = bytearray(png())
    data[-5] ^= 0xFF
    _overwrite(store, s.ref, bytes(data))
    with pytest.raises(StoreError, match="corrupt"):
        store.read(s.ref)
    # Re-storing the right bytes heals the file.
    store.put(png(), "image/png")
    assert store.read(s.ref) == png()
    _remove(store, s.ref)
    with pytest.raises(StoreError, match="missing"):
        store.read(s.ref)


def test_intern_and_materialize(store: MediaBackend) -> None:
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


def test_refs_in_finds_images_inside_tool_results(store: MediaBackend) -> None:
    a, b = store.put(png(), "image/png").ref, store.put(jpeg(), "image/jpeg").ref
    msgs = [
        Message.user("x", Image(ref=a)),
        Message("tool", (ToolResult("c", (Image(ref=b),)),)),
        Message.user(Image(url="https://x")),
    ]
    assert MediaStore.refs_in(msgs) == {a, b}


def test_sweep_removes_only_unreferenced_old_media(store: MediaBackend) -> None:
    keep_old = store.put(png(color=(1, 1, 1)), "image/png").ref
    drop_old = store.put(png(color=(2, 2, 2)), "image/png").ref
    young = store.put(png(color=(3, 3, 3)), "image/png").ref
    _age(store, keep_old)
    _age(store, drop_old)
    stranger_there = _put_stranger(store, "notes.txt")

    dry = store.sweep({keep_old}, dry_run=True)
    assert dry.removed == (drop_old,) and store.exists(drop_old)

    result = store.sweep({keep_old})
    assert result.removed == (drop_old,)
    assert result.bytes_freed > 0 and result.kept_referenced == 1 and result.kept_young == 1
    assert store.exists(keep_old) and store.exists(young) and not store.exists(drop_old)
    assert stranger_there()  # type: ignore[operator]
    assert "removed 1" in result.summary()


def test_restored_old_image_survives_sweep(store: MediaBackend) -> None:
    data = png()
    ref = store.put(data, "image/png").ref
    _age(store, ref)
    store.put(data, "image/png")  # re-pasted: age refreshed
    assert store.sweep(set()).removed == ()
    assert store.read(ref) == data


def test_sweep_of_an_empty_store_is_empty(store: MediaBackend) -> None:
    assert store.sweep(set()).removed == () and not store.has_media()


def test_ownership_is_create_only(store: MediaBackend) -> None:
    assert store.owner() is None
    assert store.claim("first") == "first"
    assert store.claim("second") == "first" and store.owner() == "first"


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


def test_sweep_is_safe_while_another_process_writes(tmp_path: Path) -> None:
    """The local folder alone (no session store, no lock): a put refreshes the file's age
    and the sweep re-checks it after renaming the file aside. (For every backend through
    the session store's lock, see test_store_concurrency.)"""
    store = MediaStore(tmp_path / "media")
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

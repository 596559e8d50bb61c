"""Content-addressed image store: the bytes live once on disk, sessions hold only refs.

A ref is ``<sha256 hex of the bytes>.<ext>`` (``png``, ``jpg``, ``gif``, ``webp``, and
``bmp``/``tif`` for screenshots kept as they came: re-encoded when sent), and nothing else
is accepted, so no ref can name a path outside the root. Files live at
``<root>/<first two hex digits>/<ref>``. Writes are atomic (temp file, fsync, rename);
the same bytes are stored once; storing bytes that already exist refreshes the file's
modification time, so :meth:`MediaStore.sweep` never deletes a re-pasted image. Reads
verify the hash.

>>> import tempfile, io
>>> from PIL import Image as PILImage
>>> buf = io.BytesIO(); PILImage.new("RGB", (4, 3)).save(buf, "PNG")
>>> store = MediaStore(tempfile.mkdtemp())
>>> stored = store.put(buf.getvalue(), "image/png")
>>> stored.ref.endswith(".png"), (stored.width, stored.height)
(True, (4, 3))
>>> store.read(stored.ref) == buf.getvalue()
True
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import os
import re
import secrets
import stat
import time
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Protocol

from ..errors import ImageProbeError, StoreError, UnstorableImageError
from ..model import Image, InlineData, Message

__all__ = [
    "DEFAULT_MAX_BYTES",
    "EXTENSIONS",
    "ImageRefs",
    "MediaBackend",
    "MediaStore",
    "StoredMedia",
    "SweepResult",
    "is_ref",
    "media_type_of",
]

#: Default per-image limit: 20 MiB of decoded bytes (OpenAI's per-image ceiling).
DEFAULT_MAX_BYTES = 20 * 1024 * 1024

EXTENSIONS: dict[str, str] = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/webp": "webp",
    "image/bmp": "bmp",
    "image/tiff": "tif",
}
_MEDIA_TYPES = {ext: mt for mt, ext in EXTENSIONS.items()}
_FORMAT_TO_TYPE = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "bmp": "image/bmp",
    "tiff": "image/tiff",
}
#: A ref, as a pattern (sessions find refs in text with it).
REF_PATTERN = rf"[0-9a-f]{{64}}\.(?:{'|'.join(EXTENSIONS.values())})"
_REF = re.compile(REF_PATTERN)
_SHARD = re.compile(r"[0-9a-f]{2}")
_OWNER = ".owner"
_TEMP_MIN_AGE = 3600.0
_TEMP = re.compile(rf"\.{REF_PATTERN}\.[0-9a-z.]+\.(?:tmp|sweep)")


def is_ref(ref: object) -> bool:
    """True only for 64 lowercase hex digits, a dot and a known extension.

    >>> is_ref("0" * 64 + ".png"), is_ref("../etc/passwd"), is_ref("0" * 64 + ".PNG")
    (True, False, False)
    """
    return isinstance(ref, str) and _REF.fullmatch(ref) is not None


def media_type_of(ref: str) -> str:
    """The media type a ref's extension names (``jpg`` → ``image/jpeg``)."""
    if not is_ref(ref):
        raise StoreError(
            f"invalid media ref {ref!r}: expected <sha256 hex>.<{'|'.join(EXTENSIONS.values())}>"
        )
    return _MEDIA_TYPES[ref.rsplit(".", 1)[1]]


@dataclass(frozen=True, slots=True)
class StoredMedia:
    """The result of :meth:`MediaStore.put`. ``bytes`` is the stored size; ``new`` is
    False when the same bytes were already there (their age was refreshed)."""

    ref: str
    bytes: int
    width: int
    height: int
    media_type: str
    new: bool = True


@dataclass(frozen=True, slots=True)
class SweepResult:
    """What a sweep removed (or would remove, on a dry run) and why the rest stayed."""

    removed: tuple[str, ...]
    bytes_freed: int
    kept_referenced: int
    kept_young: int
    dry_run: bool = False
    skipped: int = 0

    def summary(self) -> str:
        verb = "would remove" if self.dry_run else "removed"
        text = (
            f"{verb} {len(self.removed)} unreferenced file(s), {self.bytes_freed:,} bytes; "
            f"kept {self.kept_referenced} referenced and {self.kept_young} too young to sweep"
        )
        if self.skipped:
            text += (
                f"; left {self.skipped} entry(ies) this store did not write (links, foreign files)"
            )
        return text


class MediaBackend(Protocol):
    """Where images live: a local folder (:class:`MediaStore`) or S3-compatible object
    storage (:class:`~contextledger.storage.s3.S3MediaStore`). Keys are
    ``<sha256>.<ext>`` refs; writes are create-only, reads are hash-verified."""

    #: Where the bytes live (a folder, or ``s3://bucket/prefix``), for messages.
    location: str
    max_bytes: int

    def put(self, data: bytes, media_type: str | None = None) -> StoredMedia: ...

    def read(self, ref: str) -> bytes: ...

    def exists(self, ref: str) -> bool: ...

    def intern(self, image: Image) -> Image: ...

    def materialize(self, image: Image) -> Image: ...

    def owner(self) -> str | None: ...

    def claim(self, owner: str) -> str: ...

    def has_media(self) -> bool: ...

    def sweep(
        self,
        keep: Iterable[str],
        *,
        min_age: timedelta = ...,
        dry_run: bool = False,
        only: Collection[str] | None = None,
    ) -> SweepResult:
        """``only``: consider these refs alone (a deleted session's own images)."""
        ...


class ImageRefs:
    """Inline images to refs and back, on top of a backend's ``put`` and ``read``."""

    def put(self, data: bytes, media_type: str | None = None) -> StoredMedia:
        raise NotImplementedError

    def read(self, ref: str) -> bytes:
        raise NotImplementedError

    # --- images -----------------------------------------------------------------

    def intern(self, image: Image) -> Image:
        """Inline data → a ref (width, height, name and detail kept); others unchanged.

        >>> import tempfile, io
        >>> from PIL import Image as PILImage
        >>> buf = io.BytesIO(); PILImage.new("RGB", (2, 2)).save(buf, "GIF")
        >>> store = MediaStore(tempfile.mkdtemp())
        >>> img = store.intern(Image("image/gif", data=InlineData.from_bytes(buf.getvalue()), name="a"))
        >>> img.source_kind, img.name, img.width, store.materialize(img).source_kind
        ('ref', 'a', 2, 'base64')
        """
        if image.data is None:
            return image
        try:
            raw = base64.b64decode(image.data.base64, validate=False)
        except (binascii.Error, ValueError) as exc:
            raise UnstorableImageError(
                f"image {image.label} has invalid base64 data ({exc})"
            ) from None
        try:
            stored = self.put(raw, image.media_type if image.media_type in EXTENSIONS else None)
        except UnstorableImageError as exc:
            raise UnstorableImageError(f"cannot store image {image.label}: {exc}") from None
        except StoreError as exc:
            raise StoreError(f"cannot store image {image.label}: {exc}") from None
        return replace(
            image,
            data=None,
            ref=stored.ref,
            media_type=stored.media_type,
            width=image.width if image.width is not None else stored.width,
            height=image.height if image.height is not None else stored.height,
        )

    def materialize(self, image: Image) -> Image:
        """A ref → inline base64 data with its media type (for sending); others unchanged."""
        if image.ref is None:
            return image
        data = self.read(image.ref)
        return replace(
            image,
            ref=None,
            data=InlineData.from_bytes(data),
            media_type=media_type_of(image.ref),
        )

    @staticmethod
    def refs_in(messages: Iterable[Message]) -> set[str]:
        """Every valid media ref the messages hold (see :func:`refs_in`)."""
        return refs_in(messages)


def check_storable(
    data: bytes, media_type: str | None, max_bytes: int
) -> tuple[str, str, int, int]:
    """Validate image bytes for storing: ``(ref, media type, width, height)``."""
    from ..images.probe import probe_image

    if media_type is not None and media_type not in EXTENSIONS:
        raise UnstorableImageError(
            f"unsupported media type {media_type!r}: the store keeps PNG, JPEG, GIF, WebP, BMP "
            "or TIFF"
        )
    if not data:
        raise UnstorableImageError("refusing to store an empty image")
    if len(data) > max_bytes:
        raise UnstorableImageError(
            f"image is {len(data) / 1024:,.0f} KB, over the {max_bytes / 1024:,.0f} KB "
            "per-image limit (normalize it first or raise max_bytes)"
        )
    try:
        info = probe_image(bytes(data))
    except ImageProbeError as exc:
        raise UnstorableImageError(f"not a storable image: {exc.reason}") from None
    actual = _FORMAT_TO_TYPE[info.format]
    ref = f"{hashlib.sha256(data).hexdigest()}.{EXTENSIONS[actual]}"
    return ref, actual, *info.display_size


class MediaStore(ImageRefs):
    """Images on disk by SHA-256. Safe to share between processes.

    ``max_bytes`` is the per-image limit on decoded bytes (default 20 MiB).
    """

    def __init__(self, root: str | os.PathLike[str], *, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.root = Path(root)
        self.location = str(self.root)
        self.max_bytes = max_bytes

    def __repr__(self) -> str:
        return f"MediaStore({str(self.root)!r})"

    # --- paths ------------------------------------------------------------------

    def path(self, ref: str) -> Path:
        """Where a ref lives; raises :class:`StoreError` for anything that is not a ref."""
        media_type_of(ref)  # validates
        return self.root / ref[:2] / ref

    # --- write ------------------------------------------------------------------

    def put(self, data: bytes, media_type: str | None = None) -> StoredMedia:
        """Store image bytes (once) and return the ref.

        The format is read from the bytes' header; a declared ``media_type`` that
        disagrees is corrected (the bytes are the truth). Raises :class:`StoreError`
        for empty, oversized, unreadable or unsupported images.
        """
        ref, actual, width, height = check_storable(data, media_type, self.max_bytes)
        digest = ref[:64]
        path = self.path(ref)
        new = True
        if _touch_if_intact(path, digest, len(data)):
            new = False
        else:
            _atomic_write(path, data)
        return StoredMedia(ref, len(data), width, height, actual, new)

    # --- read -------------------------------------------------------------------

    def read(self, ref: str) -> bytes:
        """The bytes of a ref, hash-verified. Missing or corrupt → :class:`StoreError`."""
        path = self.path(ref)
        data: bytes | None = None
        for attempt in range(2):
            try:
                data = path.read_bytes()
                break
            except FileNotFoundError:
                if attempt == 0:  # a concurrent sweep may be restoring it: look once more
                    time.sleep(0.05)
            except OSError as exc:
                raise StoreError(f"cannot read media {ref}: {exc.strerror or exc}") from None
        if data is None:
            raise StoreError(f"image {ref} is missing from the media store at {self.root}")
        if hashlib.sha256(data).hexdigest() != ref[:64]:
            raise StoreError(
                f"image {ref} is corrupt: its bytes no longer match their SHA-256 "
                f"({len(data)} bytes at {path})"
            )
        return data

    def exists(self, ref: str) -> bool:
        return self.path(ref).is_file()

    # --- ownership ------------------------------------------------------------

    def owner(self) -> str | None:
        """The id of the session store this folder belongs to (``None``: not claimed)."""
        try:
            with open(self.root / _OWNER, encoding="utf-8") as f:
                return f.read().strip() or None
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"cannot read {self.root / _OWNER}: {exc.strerror or exc}") from None

    def claim(self, owner: str) -> str:
        """Mark the folder as belonging to ``owner`` unless it already belongs to someone
        (create-only); returns the owner recorded."""
        path = self.root / _OWNER
        if (current := self.owner()) is not None:
            return current
        tmp = self.root / f".{_OWNER}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            tmp.write_text(owner + "\n", encoding="utf-8")
            with contextlib.suppress(FileExistsError):
                os.link(tmp, path)
        except OSError as exc:
            raise StoreError(f"cannot write {path}: {exc.strerror or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
        return self.owner() or owner

    def has_media(self) -> bool:
        """True when at least one stored image is in the folder."""
        if not self.root.is_dir():
            return False
        for shard in self.root.iterdir():
            real_shard = shard.is_dir() and not shard.is_symlink()
            if (
                _SHARD.fullmatch(shard.name)
                and real_shard
                and any(is_ref(p.name) for p in shard.iterdir())
            ):
                return True
        return False

    # --- sweep ------------------------------------------------------------------

    def sweep(
        self,
        keep: Iterable[str],
        *,
        min_age: timedelta = timedelta(days=7),
        dry_run: bool = False,
        only: Collection[str] | None = None,
    ) -> SweepResult:
        """Delete media no session refers to (not in ``keep``) and older than ``min_age``.

        Call it through :meth:`SessionStore.sweep_media`, which first makes sure the
        ``keep`` set is complete. Safe while other processes write: a file is first renamed
        aside, its age is checked again (a concurrent :meth:`put` refreshes it), and a file
        that became young is renamed back. Only regular files this store wrote are deleted:
        a name must be a ref in its own shard, its bytes must hash to the name, and nothing
        is followed through a symlink (a symlinked shard folder is skipped, never entered).
        Temp files are removed once older than ``min_age`` and at least an hour old.
        """
        keep_set = set(keep)
        cutoff = time.time() - min_age.total_seconds()
        temp_cutoff = time.time() - _TEMP_MIN_AGE
        removed: list[str] = []
        freed = 0
        kept_ref = kept_young = skipped = 0
        try:
            root_fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
        except FileNotFoundError:
            return SweepResult((), 0, 0, 0, dry_run)
        except OSError as exc:
            raise StoreError(f"cannot open the media folder {self.root}: {exc}") from None
        try:
            for shard in sorted(os.listdir(root_fd)):
                if not _SHARD.fullmatch(shard):
                    continue
                try:  # O_NOFOLLOW: a symlinked shard is never entered
                    shard_fd = os.open(
                        shard, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=root_fd
                    )
                except OSError:
                    skipped += 1
                    continue
                try:
                    for name in sorted(os.listdir(shard_fd)):
                        try:
                            st = os.stat(name, dir_fd=shard_fd, follow_symlinks=False)
                        except FileNotFoundError:
                            continue
                        if not stat.S_ISREG(st.st_mode):
                            skipped += 1 if is_ref(name) else 0
                            continue
                        if only is not None and name not in only:
                            continue  # only the named refs (temp files are left alone)
                        if _TEMP.fullmatch(name):
                            # a temp file may be a write in progress: only a crashed
                            # writer's leftovers (an hour old at least) are removed
                            if not dry_run and st.st_mtime <= min(cutoff, temp_cutoff):
                                with contextlib.suppress(OSError):
                                    os.unlink(name, dir_fd=shard_fd)
                            continue
                        if not is_ref(name) or name[:2] != shard:
                            continue
                        if name in keep_set:
                            kept_ref += 1
                        elif st.st_mtime > cutoff:
                            kept_young += 1
                        elif dry_run:
                            removed.append(name)
                            freed += st.st_size
                        else:
                            outcome = _remove_if_old(shard_fd, name, cutoff)
                            if outcome is None:
                                kept_young += 1
                            elif outcome < 0:
                                skipped += 1
                            else:
                                removed.append(name)
                                freed += outcome
                finally:
                    os.close(shard_fd)
        finally:
            os.close(root_fd)
        return SweepResult(tuple(removed), freed, kept_ref, kept_young, dry_run, skipped)


def refs_in(messages: Iterable[Message]) -> set[str]:
    """Every valid media ref the messages hold (images in tool results included)."""
    return {img.ref for m in messages for img in m.images() if img.ref and is_ref(img.ref)}


def _touch_if_intact(path: Path, digest: str, size: int) -> bool:
    """Refresh an existing file's mtime if it holds the right bytes; False to (re)write."""
    try:
        st = path.stat()
        if st.st_size != size:
            return False
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return False
        os.utime(path)
    except FileNotFoundError:
        return False
    return True


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise StoreError(f"cannot write media {path.name}: {exc.strerror or exc}") from None


def _remove_if_old(dir_fd: int, name: str, cutoff: float) -> int | None:
    """Rename aside, re-check age, type and content, then unlink (or put back).

    Returns bytes freed, ``None`` when the file became young (or vanished), ``-1`` when it
    is not a file this store wrote (a link, or bytes that do not match the name).
    """
    aside = f".{name}.{os.getpid()}.{secrets.token_hex(4)}.sweep"
    try:
        os.rename(name, aside, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except FileNotFoundError:
        return None

    def put_back() -> None:
        with contextlib.suppress(FileNotFoundError):
            os.replace(aside, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)

    try:
        fd = os.open(aside, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=dir_fd)
    except OSError:
        put_back()
        return -1
    try:
        st = os.fstat(fd)
        if st.st_mtime > cutoff:  # re-stored between the listing and the rename
            put_back()
            return None
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            put_back()
            return -1
        digest = hashlib.sha256()
        while chunk := os.read(fd, 1 << 20):
            digest.update(chunk)
        if digest.hexdigest() != name[:64]:
            put_back()
            return -1
    finally:
        os.close(fd)
    try:
        os.unlink(aside, dir_fd=dir_fd)
    except FileNotFoundError:
        return None
    return st.st_size

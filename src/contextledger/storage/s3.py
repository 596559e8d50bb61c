"""Images in S3-compatible object storage, shared by every instance.

``CONTEXTLEDGER_MEDIA=s3://bucket/prefix``; the endpoint, region and credentials come the
standard AWS way (``AWS_ENDPOINT_URL_S3`` / ``AWS_ENDPOINT_URL``, ``AWS_REGION``,
``AWS_ACCESS_KEY_ID``…, ``~/.aws/config``, instance roles), read by boto3 itself.

Keys are ``<prefix>/<first two hex digits>/<sha256>.<ext>``, like the local folder. A write
is create-only (``If-None-Match: *``): instances storing the same image at once never
conflict, and an object is never overwritten with other bytes. Reads verify the SHA-256.
A sweep deletes only objects whose key is a ref in its own shard and that carry the
metadata this store writes, only when no session refers to them and they are older than
the age floor — and :meth:`SessionStore.sweep_media` runs it under the store's media lock,
which every append that stores images holds shared, so no commit can refer to an image
being deleted.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Collection, Iterable
from datetime import timedelta
from typing import Any

from ..errors import StoreError
from .media import (
    DEFAULT_MAX_BYTES,
    ImageRefs,
    StoredMedia,
    SweepResult,
    check_storable,
    is_ref,
    media_type_of,
)

__all__ = ["S3MediaStore", "parse_s3_url"]

_OWNER = ".owner"
_META = "contextledger-sha256"
#: An existing object older than this gets its age refreshed when stored again, so a
#: sweep's age floor counts from the last time anyone stored it (like ``touch``).
_REFRESH_AFTER = 3600.0


def parse_s3_url(url: str) -> tuple[str, str]:
    """``s3://bucket/some/prefix`` → ``("bucket", "some/prefix")``.

    >>> parse_s3_url("s3://media/team-a/"), parse_s3_url("s3://media")
    (('media', 'team-a'), ('media', ''))
    """
    if not url.startswith("s3://"):
        raise StoreError(f"not an S3 URL: {url!r} (expected s3://bucket/prefix)")
    bucket, _, prefix = url.removeprefix("s3://").partition("/")
    if not bucket:
        raise StoreError(f"no bucket in {url!r} (expected s3://bucket/prefix)")
    return bucket, prefix.strip("/")


class S3MediaStore(ImageRefs):
    """Images by SHA-256 in a bucket (see the module docstring). ``client``: a boto3 S3
    client to use instead of one built from the standard AWS configuration."""

    def __init__(
        self, url: str, *, max_bytes: int = DEFAULT_MAX_BYTES, client: Any | None = None
    ) -> None:
        self.bucket, self.prefix = parse_s3_url(url)
        self.location = (
            f"s3://{self.bucket}/{self.prefix}" if self.prefix else f"s3://{self.bucket}"
        )
        self.max_bytes = max_bytes
        if client is None:
            import boto3
            from botocore.config import Config

            client = boto3.client(
                "s3",
                config=Config(
                    retries={"max_attempts": 5, "mode": "standard"},
                    connect_timeout=10,
                    read_timeout=60,
                ),
            )
        self._client = client
        self._conditional_delete = True

    def __repr__(self) -> str:
        return f"S3MediaStore({self.location!r})"

    def close(self) -> None:
        self._client.close()

    # --- keys and errors --------------------------------------------------------

    def _key(self, name: str) -> str:
        return f"{self.prefix}/{name}" if self.prefix else name

    def key(self, ref: str) -> str:
        """The object key of a ref; raises :class:`StoreError` for anything not a ref."""
        media_type_of(ref)  # validates
        return self._key(f"{ref[:2]}/{ref}")

    def _fail(self, action: str, exc: Exception) -> StoreError:
        code = _code(exc)
        detail = f"{code}: {exc}" if code else str(exc)
        return StoreError(f"{action} in {self.location}: {detail}")

    # --- write ------------------------------------------------------------------

    def put(self, data: bytes, media_type: str | None = None) -> StoredMedia:
        """Store image bytes once (create-only) and return the ref."""
        ref, actual, width, height = check_storable(data, media_type, self.max_bytes)
        key = self.key(ref)
        try:
            self._client.put_object(
                Bucket=self.bucket,
                Key=key,
                Body=data,
                ContentType=actual,
                Metadata={_META: ref[:64]},
                IfNoneMatch="*",
            )
            return StoredMedia(ref, len(data), width, height, actual, True)
        except Exception as exc:
            if _code(exc) not in ("PreconditionFailed", "412", "ConditionalRequestConflict"):
                raise self._fail(f"cannot store image {ref}", exc) from None
        self._refresh(ref, key, len(data), data)
        return StoredMedia(ref, len(data), width, height, actual, False)

    def _refresh(self, ref: str, key: str, size: int, data: bytes) -> None:
        """The object exists: heal it if it is not these bytes, refresh its age if old."""
        try:
            head = self._client.head_object(Bucket=self.bucket, Key=key)
        except Exception as exc:
            if _code(exc) not in ("404", "NoSuchKey", "NotFound"):
                raise self._fail(f"cannot check image {ref}", exc) from None
            self.put(data)  # deleted since the conditional put: store it again
            return
        intact = (
            head.get("ContentLength") == size and head.get("Metadata", {}).get(_META) == ref[:64]
        )
        old = time.time() - head["LastModified"].timestamp() > _REFRESH_AFTER
        if intact and not old:
            return
        try:
            if intact:  # copy onto itself: same bytes, new LastModified
                self._client.copy_object(
                    Bucket=self.bucket,
                    Key=key,
                    CopySource={"Bucket": self.bucket, "Key": key},
                    Metadata={_META: ref[:64]},
                    MetadataDirective="REPLACE",
                    ContentType=media_type_of(ref),
                )
            else:  # damaged: the bytes are known, so write them back
                self._client.put_object(
                    Bucket=self.bucket,
                    Key=key,
                    Body=data,
                    ContentType=media_type_of(ref),
                    Metadata={_META: ref[:64]},
                )
        except Exception as exc:
            raise self._fail(f"cannot refresh image {ref}", exc) from None

    # --- read -------------------------------------------------------------------

    def read(self, ref: str) -> bytes:
        """The bytes of a ref, hash-verified. Missing or corrupt → :class:`StoreError`."""
        key = self.key(ref)
        try:
            data = self._client.get_object(Bucket=self.bucket, Key=key)["Body"].read()
        except Exception as exc:
            if _code(exc) in ("404", "NoSuchKey", "NotFound"):
                raise StoreError(
                    f"image {ref} is missing from the media store at {self.location}"
                ) from None
            raise self._fail(f"cannot read image {ref}", exc) from None
        if hashlib.sha256(data).hexdigest() != ref[:64]:
            raise StoreError(
                f"image {ref} is corrupt: its bytes no longer match their SHA-256 "
                f"({len(data)} bytes at {self.location}/{ref[:2]}/{ref})"
            )
        return bytes(data)

    def exists(self, ref: str) -> bool:
        key = self.key(ref)
        try:
            self._client.head_object(Bucket=self.bucket, Key=key)
        except Exception as exc:
            if _code(exc) in ("404", "NoSuchKey", "NotFound"):
                return False
            raise self._fail(f"cannot check image {ref}", exc) from None
        return True

    # --- ownership ------------------------------------------------------------

    def owner(self) -> str | None:
        try:
            body = self._client.get_object(Bucket=self.bucket, Key=self._key(_OWNER))["Body"]
            return body.read().decode("utf-8", "replace").strip() or None
        except Exception as exc:
            if _code(exc) in ("404", "NoSuchKey", "NotFound"):
                return None
            raise self._fail("cannot read the media owner", exc) from None

    def claim(self, owner: str) -> str:
        try:
            self._client.put_object(
                Bucket=self.bucket,
                Key=self._key(_OWNER),
                Body=(owner + "\n").encode(),
                IfNoneMatch="*",
            )
        except Exception as exc:
            if _code(exc) not in ("PreconditionFailed", "412", "ConditionalRequestConflict"):
                raise self._fail("cannot mark the media owner", exc) from None
        return self.owner() or owner

    def _objects(self) -> Iterable[dict[str, Any]]:
        paginator = self._client.get_paginator("list_objects_v2")
        prefix = f"{self.prefix}/" if self.prefix else ""
        try:
            for page in paginator.paginate(Bucket=self.bucket, Prefix=prefix):
                yield from page.get("Contents", ())
        except StoreError:
            raise
        except Exception as exc:
            raise self._fail("cannot list media", exc) from None

    def _ref_of(self, key: str) -> str | None:
        """The ref an object key holds when it is one this store writes, else None."""
        rest = key[len(self.prefix) + 1 :] if self.prefix else key
        shard, _, name = rest.partition("/")
        return name if is_ref(name) and shard == name[:2] else None

    def has_media(self) -> bool:
        return any(self._ref_of(o["Key"]) for o in self._objects())

    # --- sweep ------------------------------------------------------------------

    def sweep(
        self,
        keep: Iterable[str],
        *,
        min_age: timedelta = timedelta(days=7),
        dry_run: bool = False,
        only: Collection[str] | None = None,
    ) -> SweepResult:
        """Delete objects no session refers to and older than ``min_age`` (see the module
        docstring; call it through :meth:`SessionStore.sweep_media`)."""
        keep_set = set(keep)
        cutoff = time.time() - min_age.total_seconds()
        removed: list[str] = []
        freed = 0
        kept_ref = kept_young = skipped = 0
        for obj in list(self._objects()):
            ref = self._ref_of(obj["Key"])
            if ref is None or (only is not None and ref not in only):
                continue
            if ref in keep_set:
                kept_ref += 1
                continue
            if obj["LastModified"].timestamp() > cutoff:
                kept_young += 1
                continue
            try:  # look again just before deleting: stored again since the listing?
                head = self._client.head_object(Bucket=self.bucket, Key=obj["Key"])
            except Exception as exc:
                if _code(exc) in ("404", "NoSuchKey", "NotFound"):
                    continue
                raise self._fail(f"cannot check image {ref}", exc) from None
            if head.get("Metadata", {}).get(_META) != ref[:64]:
                skipped += 1  # not written by this store
                continue
            if head["LastModified"].timestamp() > cutoff:
                kept_young += 1
                continue
            if not dry_run:
                try:
                    self._delete(obj["Key"], head["ETag"])
                except Exception as exc:
                    if _code(exc) in ("PreconditionFailed", "412"):
                        kept_young += 1  # rewritten meanwhile
                        continue
                    raise self._fail(f"cannot delete image {ref}", exc) from None
            removed.append(ref)
            freed += int(obj.get("Size", 0))
        return SweepResult(tuple(removed), freed, kept_ref, kept_young, dry_run, skipped)

    def _delete(self, key: str, etag: str) -> None:
        """Delete only the version just checked (``If-Match``); a store that does not
        support conditional deletes gets a plain one (the media lock still holds)."""
        if self._conditional_delete:
            try:
                self._client.delete_object(Bucket=self.bucket, Key=key, IfMatch=etag)
                return
            except Exception as exc:
                if _code(exc) not in ("NotImplemented", "InvalidArgument", "InvalidRequest"):
                    raise
                self._conditional_delete = False
        self._client.delete_object(Bucket=self.bucket, Key=key)


def _code(exc: Exception) -> str:
    """The S3 error code of a botocore ClientError ('' for other errors)."""
    response = getattr(exc, "response", None)
    if isinstance(response, dict):
        return str(response.get("Error", {}).get("Code", ""))
    return ""

"""The embedded session backend: one SQLite file in WAL mode.

A new database is built under a temporary name and linked into place only when its schema
is complete, so a store file is never seen half-made (or empty) by a concurrent opener,
and a 0-byte ``sessions.db`` is always damage: it is refused instead of being taken for a
new, empty store (a sweep would then delete every image). Concurrent opens and appends
wait and retry within the busy timeout; every SQLite error becomes a
:class:`~contextledger.errors.StoreError` that says what to do.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import random
import secrets
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from ..errors import StoreBusyError, StoreError
from ..model import Message
from .base import EventRow, MessageRow, SessionInfo, body_digest, resolve_append
from .codec import message_from_bytes

__all__ = ["SQLiteBackend"]

_T = TypeVar("_T")

# Each entry brings the schema from version i to i + 1. Applied in one transaction.
_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE IF NOT EXISTS sessions (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS messages (
        session INTEGER NOT NULL REFERENCES sessions(id),
        seq INTEGER NOT NULL,
        id TEXT NOT NULL,
        created REAL NOT NULL,
        body BLOB NOT NULL,
        PRIMARY KEY (session, seq)
    );
    CREATE TABLE IF NOT EXISTS events (
        session INTEGER NOT NULL REFERENCES sessions(id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        after_message INTEGER NOT NULL,
        created REAL NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (session, seq)
    );
    CREATE INDEX IF NOT EXISTS messages_by_id ON messages (session, id);
    CREATE TRIGGER IF NOT EXISTS messages_append_only_u BEFORE UPDATE ON messages
        BEGIN SELECT RAISE(ABORT, 'messages are append-only'); END;
    CREATE TRIGGER IF NOT EXISTS messages_append_only_d BEFORE DELETE ON messages
        BEGIN SELECT RAISE(ABORT, 'messages are append-only'); END;
    CREATE TRIGGER IF NOT EXISTS events_append_only_u BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
    CREATE TRIGGER IF NOT EXISTS events_append_only_d BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
    """,
    # 2: a store id (names the media this database owns), a SHA-256 per row (silent damage
    # is detected), an idempotency token per row (a retried append is not written twice).
    """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', '{store_id}');
    ALTER TABLE messages ADD COLUMN digest BLOB;
    ALTER TABLE messages ADD COLUMN idem TEXT;
    CREATE UNIQUE INDEX IF NOT EXISTS messages_by_idem ON messages (session, idem)
        WHERE idem IS NOT NULL;
    """,
)
SCHEMA_VERSION = len(_MIGRATIONS)

_DELETE_TRIGGERS = {
    "messages_append_only_d": "messages",
    "events_append_only_d": "events",
}


def _is_busy(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


class SQLiteBackend:
    """Sessions in one SQLite file (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = 10_000) -> None:
        self.path = Path(path)
        self.location = str(self.path)
        self._timeout = busy_timeout_ms / 1000
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists():
                self._create()
            elif self.path.is_file() and self.path.stat().st_size == 0:
                raise StoreError(
                    f"{self.path} is empty (0 bytes), so it is not a session store: if it held "
                    "your sessions it was truncated, restore it from a backup; to start a new "
                    "store, delete the file. (It is not opened as a new store: a media sweep "
                    "would then delete every image.)"
                )
        except OSError as exc:
            raise StoreError(
                f"cannot create session store {self.path}: {exc.strerror or exc}"
            ) from None
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=self._timeout)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open session store {self.path}: {exc}") from None
        try:
            with self._errors("cannot open session store"):
                self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                self._retrying(self._upgrade)
                # Setting WAL needs the write lock, which the busy timeout does not cover:
                # only legacy databases get here (new ones are created in WAL mode).
                if self._db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    self._retrying(lambda: self._db.execute("PRAGMA journal_mode = WAL"))
                self._db.execute("PRAGMA synchronous = NORMAL")
                self._db.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            self._db.close()
            raise

    # --- opening ----------------------------------------------------------------

    def _create(self) -> None:
        """Build the database under a temporary name and link it into place (create-only):
        a concurrent opener either sees no file or a complete one."""
        tmp = self.path.parent / f".{self.path.name}.{os.getpid()}.{secrets.token_hex(4)}.new"
        try:
            db = sqlite3.connect(tmp, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("BEGIN IMMEDIATE")
                _apply_migrations(db, 0)
                db.execute("COMMIT")
            finally:
                db.close()  # checkpoints: the -wal file is gone, the header says WAL
            with contextlib.suppress(FileExistsError):  # someone else made it first
                os.link(tmp, self.path)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot create session store {self.path}: {exc}") from None
        finally:
            for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
                with contextlib.suppress(OSError):
                    leftover.unlink()

    def _upgrade(self) -> None:
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer contextledger (schema {version}); "
                "upgrade to open it"
            )
        if version == SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            _apply_migrations(self._db, int(self._db.execute("PRAGMA user_version").fetchone()[0]))
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    # --- error handling ---------------------------------------------------------

    @contextlib.contextmanager
    def _errors(self, action: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise StoreError(self._explain(action, exc)) from None

    def _explain(self, action: str, exc: sqlite3.Error) -> str:
        text = str(exc)
        low = text.lower()
        if _is_busy(exc):
            return (
                f"{action}: the session store {self.path} stayed locked by another process "
                f"for over {self._timeout:g} s; try again"
            )
        if "malformed" in low or "not a database" in low or "corrupt" in low:
            return (
                f"{action}: the session store {self.path} is damaged ({text}). Check it with "
                f"`contextledger sessions check --store {self.path}`, restore it from a backup, "
                "or export what is still readable with `contextledger sessions export`."
            )
        if "readonly" in low or "read-only" in low:
            return f"{action}: the session store {self.path} is read-only ({text})"
        return f"{action}: {text} ({self.path})"

    def _retrying(self, fn: Callable[[], _T]) -> _T:
        """Run ``fn``, retrying "database is locked" with backoff until the busy timeout."""
        deadline = time.monotonic() + self._timeout
        delay = 0.002
        while True:
            try:
                return fn()
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or time.monotonic() >= deadline:
                    raise
            time.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, 0.1)

    def _write(self, fn: Callable[[], _T]) -> _T:
        """``fn`` in one write transaction (BEGIN IMMEDIATE), retried while busy."""

        def attempt() -> _T:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = fn()
                self._db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                raise
            return result

        return self._retrying(attempt)

    # --- SessionBackend ---------------------------------------------------------

    def close(self) -> None:
        self._db.close()

    def store_id(self) -> str:
        with self._errors("cannot read the store id"):
            row = self._db.execute("SELECT value FROM meta WHERE key = 'store_id'").fetchone()
        if row is None:
            raise StoreError(f"the session store {self.path} has no store id: it is damaged")
        return str(row[0])

    def create_session(self, name: str, created: float) -> None:
        try:
            with self._errors(f"cannot create session {name!r}"):
                self._write(
                    lambda: self._db.execute(
                        "INSERT INTO sessions (name, created) VALUES (?, ?)", (name, created)
                    )
                )
        except StoreError as exc:
            if "UNIQUE constraint failed" in str(exc):
                raise StoreError(f"a session named {name!r} already exists") from None
            raise

    def rename_session(self, session_id: int, name: str) -> None:
        try:
            with self._errors(f"cannot rename the session to {name!r}"):
                self._write(
                    lambda: self._db.execute(
                        "UPDATE sessions SET name = ? WHERE id = ?", (name, session_id)
                    )
                )
        except StoreError as exc:
            if "UNIQUE constraint failed" in str(exc):
                raise StoreError(f"a session named {name!r} already exists") from None
            raise

    def session_id(self, name: str) -> int | None:
        with self._errors("cannot read the session list"):
            row = self._db.execute("SELECT id FROM sessions WHERE name = ?", (name,)).fetchone()
        return None if row is None else int(row[0])

    def list_sessions(self) -> list[SessionInfo]:
        with self._errors("cannot list sessions"):
            rows = self._db.execute(
                """
                SELECT s.name, s.created,
                       (SELECT COUNT(*) FROM messages m WHERE m.session = s.id),
                       (SELECT COUNT(*) FROM events e WHERE e.session = s.id),
                       (SELECT MAX(created) FROM messages m WHERE m.session = s.id)
                FROM sessions s ORDER BY s.created, s.id
                """
            ).fetchall()
        return [SessionInfo(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def message_count(self) -> int:
        with self._errors("cannot count messages"):
            return int(self._db.execute("SELECT COUNT(*) FROM messages").fetchone()[0])

    def append_message(
        self,
        session_id: int,
        message: Message,
        created: float,
        *,
        idem: str | None = None,
        before_insert: Callable[[], None] | None = None,
    ) -> Message:
        def tx() -> Message:
            db = self._db
            if idem is not None:
                row = db.execute(
                    "SELECT body FROM messages WHERE session = ? AND idem = ?", (session_id, idem)
                ).fetchone()
                if row is not None:
                    return message_from_bytes(_as_bytes(row[0]))
            seq = int(
                db.execute(
                    "SELECT COALESCE(MAX(seq), -1) + 1 FROM messages WHERE session = ?",
                    (session_id,),
                ).fetchone()[0]
            )

            def stored_body(mid: str) -> bytes | None:
                r = db.execute(
                    "SELECT body FROM messages WHERE session = ? AND id = ? LIMIT 1",
                    (session_id, mid),
                ).fetchone()
                return None if r is None else _as_bytes(r[0])

            out, body, duplicate = resolve_append(message, seq, stored_body)
            if duplicate:
                return out
            db.execute(
                "INSERT INTO messages (session, seq, id, created, body, digest, idem) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (session_id, seq, out.id, created, body, body_digest(body), idem),
            )
            return out

        from .base import MEDIA_LOCK

        guard = (
            self.lock(MEDIA_LOCK, shared=True)
            if before_insert is not None
            else contextlib.nullcontext()
        )
        with self._errors("cannot append"), guard:
            if before_insert is not None:
                before_insert()  # media I/O before the write lock is taken
            return self._write(tx)

    def append_event(
        self, session_id: int, kind: str, data: bytes, created: float
    ) -> tuple[int, int]:
        def tx() -> tuple[int, int]:
            seq = int(
                self._db.execute(
                    "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE session = ?",
                    (session_id,),
                ).fetchone()[0]
            )
            count = int(
                self._db.execute(
                    "SELECT COUNT(*) FROM messages WHERE session = ?", (session_id,)
                ).fetchone()[0]
            )
            self._db.execute(
                "INSERT INTO events (session, seq, kind, after_message, created, data) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, seq, kind, count, created, data),
            )
            return seq, count

        with self._errors("cannot append an event"):
            return self._write(tx)

    def marks(self, session_id: int) -> tuple[int, int]:
        with self._errors("cannot read the session"):
            row = self._db.execute(
                "SELECT (SELECT COALESCE(MAX(seq), -1) + 1 FROM messages WHERE session = ?), "
                "(SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE session = ?)",
                (session_id, session_id),
            ).fetchone()
        return int(row[0]), int(row[1])

    def message_rows(self, session_id: int, after: int = -1) -> list[MessageRow]:
        with self._errors("cannot read messages"):
            rows = self._db.execute(
                "SELECT seq, body, digest, created FROM messages WHERE session = ? AND seq > ? "
                "ORDER BY seq",
                (session_id, after),
            ).fetchall()
        return [_message_row(*r) for r in rows]

    def event_rows(self, session_id: int, after: int = -1) -> list[EventRow]:
        with self._errors("cannot read events"):
            rows = self._db.execute(
                "SELECT seq, kind, after_message, created, data FROM events "
                "WHERE session = ? AND seq > ? ORDER BY seq",
                (session_id, after),
            ).fetchall()
        return [
            EventRow(
                int(r[0]),
                str(r[1]),
                int(r[2]) if isinstance(r[2], int) else 0,
                float(r[3]) if isinstance(r[3], (int, float)) else 0.0,
                _as_bytes(r[4]),
            )
            for r in rows
        ]

    def all_message_rows(self) -> Iterator[tuple[str, MessageRow]]:
        with self._errors("cannot read messages"):
            cur = self._db.execute(
                "SELECT s.name, m.seq, m.body, m.digest, m.created FROM messages m "
                "JOIN sessions s ON s.id = m.session ORDER BY m.session, m.seq"
            )
            while batch := cur.fetchmany(500):
                for name, *rest in batch:
                    yield str(name), _message_row(*rest)

    def delete_session(self, session_id: int) -> None:
        def tx() -> None:
            db = self._db
            sql = {
                name: db.execute(
                    "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", (name,)
                ).fetchone()[0]
                for name in _DELETE_TRIGGERS
            }
            for name in _DELETE_TRIGGERS:
                db.execute(f"DROP TRIGGER {name}")
            for table in ("messages", "events"):
                db.execute(f"DELETE FROM {table} WHERE session = ?", (session_id,))
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            for statement in sql.values():
                db.execute(statement)

        with self._errors("cannot delete the session"):
            self._write(tx)

    def integrity_check(self) -> str:
        with self._errors("cannot check the session store"):
            rows = self._db.execute("PRAGMA integrity_check").fetchall()
        return "; ".join(str(r[0]) for r in rows[:20])

    @contextlib.contextmanager
    def lock(
        self, key: str, *, shared: bool = False, timeout: float | None = None
    ) -> Iterator[None]:
        """``flock`` on a file per key in ``<db>.locks/`` (processes on this machine),
        waiting at most ``timeout`` s (None: the busy timeout, at least 60 s)."""
        folder = self.path.parent / f"{self.path.name}.locks"
        name = hashlib.sha256(key.encode()).hexdigest()[:16]
        try:
            folder.mkdir(exist_ok=True)
            fd = os.open(folder / name, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError as exc:
            raise StoreError(f"cannot take the {key!r} lock in {folder}: {exc}") from None
        try:
            mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
            deadline = time.monotonic() + (max(self._timeout, 60.0) if timeout is None else timeout)
            while True:
                try:
                    fcntl.flock(fd, mode | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise StoreBusyError(
                            f"the {key!r} lock on {self.path} is held by another process; try again"
                        ) from None
                    time.sleep(0.01)
            yield
        finally:
            os.close(fd)  # releases the lock


def _as_bytes(value: object) -> bytes:
    """A BLOB column as bytes, whatever a damaged row holds instead (text, a number, NULL)."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    return b"" if value is None else str(value).encode()


def _message_row(seq: object, body: object, digest: object, created: object) -> MessageRow:
    return MessageRow(
        int(seq) if isinstance(seq, int) else -1,
        _as_bytes(body),
        None if digest is None else _as_bytes(digest),
        float(created) if isinstance(created, (int, float)) else 0.0,
    )


def _apply_migrations(db: sqlite3.Connection, version: int) -> None:
    """Inside a write transaction: apply every migration after ``version``."""
    for number in range(version, SCHEMA_VERSION):
        script = _MIGRATIONS[number].replace("{store_id}", uuid.uuid4().hex)
        for statement in _statements(script):
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _statements(script: str) -> list[str]:
    """Split a migration into statements (``executescript`` would commit the transaction)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    return out

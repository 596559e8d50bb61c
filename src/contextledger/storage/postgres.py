"""The PostgreSQL session backend: many processes on many machines, one truth.

Built on psycopg 3 and ``psycopg_pool``, with what the peers learned the hard way:

- **Order by a per-session sequence**, assigned under the session row's lock inside the
  writing transaction (``UPDATE … RETURNING``), never by a timestamp (``now()`` is the
  transaction start, so rows written together tie). Each transaction locks one session
  row, so concurrent writers never deadlock.
- **Append-only in the database**: triggers refuse UPDATE, DELETE and TRUNCATE on messages
  and events; only :meth:`PostgresBackend.delete_session` may delete, by setting a
  transaction-local flag the trigger checks.
- **Idempotent append**: each row carries an idempotency token (unique per session), so a
  retry after a lost connection returns the row the first attempt wrote.
- **PgBouncer-safe**: no prepared statements (``prepare_threshold=None``), no pipeline
  mode, no session state: every lock is transaction-scoped (``pg_advisory_xact_lock``)
  and every setting ``SET LOCAL``.
- **Connections checked and recycled**: the pool checks a connection before handing it
  out (a connection the server killed is replaced, not used), retires idle connections
  after 5 minutes and every connection after 30; an operation that loses its connection
  is retried once on a fresh one.
- **Versioned migrations**, applied under an advisory lock so instances starting together
  apply each exactly once.

Tables are prefixed ``contextledger_`` so the store can share a database with an app.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ..errors import StoreBusyError, StoreError
from ..model import Message
from .base import (
    MEDIA_LOCK,
    EventRow,
    MessageRow,
    SessionInfo,
    body_digest,
    redact_url,
    resolve_append,
)
from .codec import message_from_bytes

__all__ = ["SCHEMA_VERSION", "PostgresBackend", "advisory_key"]

_T = TypeVar("_T")

_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE contextledger_meta (key text PRIMARY KEY, value text NOT NULL);
    INSERT INTO contextledger_meta (key, value)
        VALUES ('store_id', replace(gen_random_uuid()::text, '-', ''));
    CREATE TABLE contextledger_sessions (
        id bigserial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        created double precision NOT NULL,
        next_message bigint NOT NULL DEFAULT 0,
        next_event bigint NOT NULL DEFAULT 0
    );
    CREATE TABLE contextledger_messages (
        session bigint NOT NULL REFERENCES contextledger_sessions (id),
        seq bigint NOT NULL,
        id text NOT NULL,
        created double precision NOT NULL,
        body bytea NOT NULL,
        digest bytea,
        idem text,
        PRIMARY KEY (session, seq),
        UNIQUE (session, id),
        UNIQUE (session, idem)
    );
    CREATE TABLE contextledger_events (
        session bigint NOT NULL REFERENCES contextledger_sessions (id),
        seq bigint NOT NULL,
        kind text NOT NULL,
        after_message bigint NOT NULL,
        created double precision NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (session, seq)
    );
    CREATE FUNCTION contextledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'DELETE'
           AND current_setting('contextledger.deleting_session', true) = 'on' THEN
            RETURN OLD;
        END IF;
        RAISE EXCEPTION '% are append-only (% refused)', TG_TABLE_NAME, TG_OP;
    END
    $$;
    CREATE TRIGGER contextledger_messages_append_only
        BEFORE UPDATE OR DELETE ON contextledger_messages
        FOR EACH ROW EXECUTE FUNCTION contextledger_append_only();
    CREATE TRIGGER contextledger_messages_no_truncate
        BEFORE TRUNCATE ON contextledger_messages
        FOR EACH STATEMENT EXECUTE FUNCTION contextledger_append_only();
    CREATE TRIGGER contextledger_events_append_only
        BEFORE UPDATE OR DELETE ON contextledger_events
        FOR EACH ROW EXECUTE FUNCTION contextledger_append_only();
    CREATE TRIGGER contextledger_events_no_truncate
        BEFORE TRUNCATE ON contextledger_events
        FOR EACH STATEMENT EXECUTE FUNCTION contextledger_append_only();
    """,
)
SCHEMA_VERSION = len(_MIGRATIONS)
_TRIGGERS = (
    "contextledger_messages_append_only",
    "contextledger_messages_no_truncate",
    "contextledger_events_append_only",
    "contextledger_events_no_truncate",
)


def advisory_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key for a name."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


class PostgresBackend:
    """Sessions in PostgreSQL (see the module docstring).

    ``url``: a libpq URL (``postgresql://user:password@host:port/db``). ``pool_size``:
    the most connections this process opens.
    """

    def __init__(self, url: str, *, pool_size: int = 10, timeout: float = 30.0) -> None:
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError:  # pragma: no cover - a dependency of the package
            raise StoreError(
                "PostgreSQL stores need psycopg and psycopg_pool: pip install 'psycopg[binary]' "
                "psycopg-pool"
            ) from None
        self._psycopg = psycopg
        self.location = redact_url(url)
        self._timeout = timeout
        self._pool: Any = ConnectionPool(
            url,
            min_size=1,
            max_size=max(2, pool_size),
            # PgBouncer (transaction pooling) breaks prepared statements; autocommit so no
            # connection sits "idle in transaction" between our explicit transactions.
            kwargs={"autocommit": True, "prepare_threshold": None},
            check=ConnectionPool.check_connection,
            max_idle=300.0,
            max_lifetime=1800.0,
            timeout=timeout,
            open=False,
            name="contextledger",
        )
        try:
            self._pool.open(wait=True, timeout=timeout)
        except Exception as exc:
            self._pool.close()
            raise StoreError(
                f"cannot reach PostgreSQL at {self.location} within {timeout:g} s ({exc}); "
                "check the URL, that the server is running and that it accepts connections"
            ) from None
        try:
            self._run("cannot prepare the session store", self._migrate)
        except BaseException:
            self._pool.close()
            raise

    # --- plumbing ---------------------------------------------------------------

    def _run(self, action: str, fn: Callable[[Any], _T]) -> _T:
        """``fn(connection)``; a lost connection, a deadlock or a serialization failure is
        retried (appends are idempotent, reads harmless); anything else is a StoreError."""
        psycopg = self._psycopg
        from psycopg import errors as pgerrors
        from psycopg_pool import PoolTimeout

        for attempt in range(3):
            try:
                with self._pool.connection() as conn:
                    return fn(conn)
            except StoreError:
                raise
            except PoolTimeout:
                raise StoreError(
                    f"{action}: no free connection to PostgreSQL at {self.location} within "
                    f"{self._timeout:g} s (the server is down or the pool is exhausted)"
                ) from None
            except (pgerrors.DeadlockDetected, pgerrors.SerializationFailure) as exc:
                if attempt == 2:
                    raise StoreError(f"{action}: {exc} ({self.location})") from None
            except psycopg.OperationalError as exc:
                if attempt == 2:
                    raise StoreError(
                        f"{action}: lost the connection to PostgreSQL at {self.location} "
                        f"({str(exc).strip()})"
                    ) from None
                time.sleep(0.05 * (attempt + 1))
            except psycopg.Error as exc:
                raise StoreError(f"{action}: {str(exc).strip()} ({self.location})") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _migrate(self, conn: Any) -> None:
        with conn.transaction():
            conn.execute(
                "SELECT pg_advisory_xact_lock(%s)", (advisory_key("contextledger:schema"),)
            )
            conn.execute(
                "CREATE TABLE IF NOT EXISTS contextledger_schema ("
                "version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())"
            )
            row = conn.execute(
                "SELECT COALESCE(MAX(version), 0) FROM contextledger_schema"
            ).fetchone()
            version = int(row[0])
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the session store at {self.location} was written by a newer contextledger "
                    f"(schema {version}); upgrade to open it"
                )
            for number in range(version, SCHEMA_VERSION):
                conn.execute(_MIGRATIONS[number])  # no parameters: one simple-protocol batch
                conn.execute(
                    "INSERT INTO contextledger_schema (version) VALUES (%s)", (number + 1,)
                )

    # --- SessionBackend ---------------------------------------------------------

    def close(self) -> None:
        self._pool.close()

    def store_id(self) -> str:
        def q(conn: Any) -> str:
            row = conn.execute(
                "SELECT value FROM contextledger_meta WHERE key = 'store_id'"
            ).fetchone()
            if row is None:
                raise StoreError(f"the session store at {self.location} has no store id")
            return str(row[0])

        return self._run("cannot read the store id", q)

    def create_session(self, name: str, created: float) -> None:
        def q(conn: Any) -> Any:
            return conn.execute(
                "INSERT INTO contextledger_sessions (name, created) VALUES (%s, %s) "
                "ON CONFLICT (name) DO NOTHING RETURNING id",
                (name, created),
            ).fetchone()

        if self._run(f"cannot create session {name!r}", q) is None:
            raise StoreError(f"a session named {name!r} already exists")

    def rename_session(self, session_id: int, name: str) -> None:
        def q(conn: Any) -> Any:
            return conn.execute(
                "UPDATE contextledger_sessions SET name = %s WHERE id = %s AND NOT EXISTS "
                "(SELECT 1 FROM contextledger_sessions WHERE name = %s) RETURNING id",
                (name, session_id, name),
            ).fetchone()

        try:
            renamed = self._run(f"cannot rename the session to {name!r}", q)
        except StoreError as exc:
            if "unique" in str(exc).lower() or "duplicate" in str(exc).lower():
                raise StoreError(f"a session named {name!r} already exists") from None
            raise
        if renamed is None:
            raise StoreError(f"a session named {name!r} already exists")

    def session_id(self, name: str) -> int | None:
        def q(conn: Any) -> Any:
            return conn.execute(
                "SELECT id FROM contextledger_sessions WHERE name = %s", (name,)
            ).fetchone()

        row = self._run("cannot read the session list", q)
        return None if row is None else int(row[0])

    def list_sessions(self) -> list[SessionInfo]:
        def q(conn: Any) -> list[Any]:
            return list(
                conn.execute(
                    """
                    SELECT s.name, s.created,
                           (SELECT COUNT(*) FROM contextledger_messages m WHERE m.session = s.id),
                           (SELECT COUNT(*) FROM contextledger_events e WHERE e.session = s.id),
                           (SELECT MAX(created) FROM contextledger_messages m
                             WHERE m.session = s.id)
                    FROM contextledger_sessions s ORDER BY s.created, s.id
                    """
                ).fetchall()
            )

        rows = self._run("cannot list sessions", q)
        return [SessionInfo(r[0], r[1], int(r[2]), int(r[3]), r[4]) for r in rows]

    def message_count(self) -> int:
        def q(conn: Any) -> int:
            return int(conn.execute("SELECT COUNT(*) FROM contextledger_messages").fetchone()[0])

        return self._run("cannot count messages", q)

    def append_message(
        self,
        session_id: int,
        message: Message,
        created: float,
        *,
        idem: str | None = None,
        before_insert: Callable[[], None] | None = None,
    ) -> Message:
        psycopg = self._psycopg

        def q(conn: Any) -> Message:
            result: Message | None = None
            with conn.transaction():
                if before_insert is not None:
                    conn.execute(
                        "SELECT pg_advisory_xact_lock_shared(%s)", (advisory_key(MEDIA_LOCK),)
                    )
                    before_insert()  # media I/O before the session row is locked
                # The session row's lock orders every append to this session.
                row = conn.execute(
                    "UPDATE contextledger_sessions SET next_message = next_message + 1 "
                    "WHERE id = %s RETURNING next_message - 1",
                    (session_id,),
                ).fetchone()
                if row is None:
                    raise StoreError("cannot append: the session was deleted")
                seq = int(row[0])
                if idem is not None:
                    done = conn.execute(
                        "SELECT body FROM contextledger_messages WHERE session = %s AND idem = %s",
                        (session_id, idem),
                    ).fetchone()
                    if done is not None:  # a retry of an append that committed
                        result = message_from_bytes(bytes(done[0]))
                        raise psycopg.Rollback()

                def stored_body(mid: str) -> bytes | None:
                    r = conn.execute(
                        "SELECT body FROM contextledger_messages WHERE session = %s AND id = %s",
                        (session_id, mid),
                    ).fetchone()
                    return None if r is None else bytes(r[0])

                out, body, duplicate = resolve_append(message, seq, stored_body)
                result = out
                if duplicate:
                    raise psycopg.Rollback()
                conn.execute(
                    "INSERT INTO contextledger_messages "
                    "(session, seq, id, created, body, digest, idem) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    (session_id, seq, out.id, created, body, body_digest(body), idem),
                )
            assert result is not None
            return result

        return self._run("cannot append", q)

    def append_event(
        self, session_id: int, kind: str, data: bytes, created: float
    ) -> tuple[int, int]:
        def q(conn: Any) -> tuple[int, int]:
            with conn.transaction():
                row = conn.execute(
                    "UPDATE contextledger_sessions SET next_event = next_event + 1 "
                    "WHERE id = %s RETURNING next_event - 1, next_message",
                    (session_id,),
                ).fetchone()
                if row is None:
                    raise StoreError("cannot append an event: the session was deleted")
                seq, count = int(row[0]), int(row[1])
                conn.execute(
                    "INSERT INTO contextledger_events "
                    "(session, seq, kind, after_message, created, data) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    (session_id, seq, kind, count, created, data),
                )
            return seq, count

        return self._run("cannot append an event", q)

    def marks(self, session_id: int) -> tuple[int, int]:
        # The counters are advanced only by committed appends (a duplicate rolls back).
        def q(conn: Any) -> Any:
            return conn.execute(
                "SELECT next_message, next_event FROM contextledger_sessions WHERE id = %s",
                (session_id,),
            ).fetchone()

        row = self._run("cannot read the session", q)
        if row is None:
            raise StoreError("the session was deleted")
        return int(row[0]), int(row[1])

    def message_rows(self, session_id: int, after: int = -1) -> list[MessageRow]:
        def q(conn: Any) -> list[MessageRow]:
            rows = conn.execute(
                "SELECT seq, body, digest, created FROM contextledger_messages "
                "WHERE session = %s AND seq > %s ORDER BY seq",
                (session_id, after),
            ).fetchall()
            return [_row(*r) for r in rows]

        return self._run("cannot read messages", q)

    def event_rows(self, session_id: int, after: int = -1) -> list[EventRow]:
        def q(conn: Any) -> list[EventRow]:
            rows = conn.execute(
                "SELECT seq, kind, after_message, created, data FROM contextledger_events "
                "WHERE session = %s AND seq > %s ORDER BY seq",
                (session_id, after),
            ).fetchall()
            return [
                EventRow(int(r[0]), str(r[1]), int(r[2]), float(r[3]), bytes(r[4])) for r in rows
            ]

        return self._run("cannot read events", q)

    def all_message_rows(self) -> Iterator[tuple[str, MessageRow]]:
        # Keyset pages: no cursor held open across a pooled connection (PgBouncer-safe).
        after: tuple[int, int] = (-1, -1)
        while True:
            start = after

            def q(conn: Any, start: tuple[int, int] = start) -> list[Any]:
                return list(
                    conn.execute(
                        "SELECT m.session, s.name, m.seq, m.body, m.digest, m.created "
                        "FROM contextledger_messages m "
                        "JOIN contextledger_sessions s ON s.id = m.session "
                        "WHERE (m.session, m.seq) > (%s, %s) "
                        "ORDER BY m.session, m.seq LIMIT 1000",
                        start,
                    ).fetchall()
                )

            page = self._run("cannot read messages", q)
            if not page:
                return
            for _sid, name, *rest in page:
                yield str(name), _row(*rest)
            after = (int(page[-1][0]), int(page[-1][2]))

    def delete_session(self, session_id: int) -> None:
        def q(conn: Any) -> None:
            with conn.transaction():
                conn.execute(
                    "SELECT id FROM contextledger_sessions WHERE id = %s FOR UPDATE", (session_id,)
                )
                conn.execute("SET LOCAL contextledger.deleting_session = 'on'")
                for table in ("contextledger_messages", "contextledger_events"):
                    conn.execute(f"DELETE FROM {table} WHERE session = %s", (session_id,))
                conn.execute("DELETE FROM contextledger_sessions WHERE id = %s", (session_id,))

        self._run("cannot delete the session", q)

    def integrity_check(self) -> str:
        """``ok`` when the schema is current and every append-only trigger is in force."""

        def q(conn: Any) -> str:
            version = int(
                conn.execute(
                    "SELECT COALESCE(MAX(version), 0) FROM contextledger_schema"
                ).fetchone()[0]
            )
            if version != SCHEMA_VERSION:
                return f"schema version {version}, expected {SCHEMA_VERSION}"
            found = {
                r[0]
                for r in conn.execute(
                    "SELECT tgname FROM pg_trigger WHERE tgname LIKE 'contextledger_%%' "
                    "AND tgenabled <> 'D'"
                ).fetchall()
            }
            missing = [t for t in _TRIGGERS if t not in found]
            if missing:
                return f"append-only triggers missing or disabled: {', '.join(missing)}"
            return "ok"

        return self._run("cannot check the session store", q)

    @contextlib.contextmanager
    def lock(
        self, key: str, *, shared: bool = False, timeout: float | None = None
    ) -> Iterator[None]:
        """A transaction-scoped advisory lock (PgBouncer-safe), held on its own pooled
        connection for the block; waiting at most ``timeout`` s for it (None: 120 s)."""
        fn = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
        wait_ms = max(1, round((120.0 if timeout is None else timeout) * 1000))
        try:
            with self._pool.connection() as conn, conn.transaction():
                conn.execute(f"SET LOCAL lock_timeout = {wait_ms}")
                try:
                    conn.execute(f"SELECT {fn}(%s)", (advisory_key(key),))
                except self._psycopg.errors.LockNotAvailable:
                    raise StoreBusyError(
                        f"the {key!r} lock is held by another process (waited {wait_ms / 1000:g} s)"
                    ) from None
                yield
        except self._psycopg.Error as exc:
            raise StoreError(f"cannot hold the {key!r} lock: {str(exc).strip()}") from None


def _row(seq: Any, body: Any, digest: Any, created: Any) -> MessageRow:
    return MessageRow(
        int(seq), bytes(body), None if digest is None else bytes(digest), float(created)
    )

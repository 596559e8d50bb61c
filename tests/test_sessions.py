"""SessionStore on every backend (SQLite and PostgreSQL, one suite): append-only rows the
database itself enforces, survives kill -9, never stores base64."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from builders import png
from contextledger.errors import StoreError
from contextledger.model import Image, InlineData, Message, ToolCall
from contextledger.storage.sessions import SessionStore, parse_jsonl
from contextledger.validate import ensure_valid


def png_bytes(color: tuple[int, int, int] = (9, 9, 9)) -> bytes:
    return png(16, 9, color)  # the screenshot in builders.tool_conversation


def open_store(location: str, tmp_path: Path) -> SessionStore:
    """SQLite keeps its media beside the file; PostgreSQL gets a folder of the test's own."""
    media = None if location.endswith(".db") else tmp_path / "media"
    return SessionStore(location, media=media)


@pytest.fixture
def store(store_location: str, tmp_path: Path) -> SessionStore:
    s = open_store(store_location, tmp_path)
    yield s  # type: ignore[misc]
    s.close()


def raw(store: SessionStore, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Run SQL on the store's database behind its back (table names without a prefix)."""
    if store.path is not None:
        db = sqlite3.connect(store.path, isolation_level=None)
        try:
            return db.execute(sql, params).fetchall()
        finally:
            db.close()
    import psycopg

    url = store.backend._pool.conninfo  # type: ignore[attr-defined]
    for table in ("sessions", "messages", "events"):
        sql = sql.replace(f" {table}", f" contextledger_{table}")
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(sql.replace("?", "%s"), params)
        return cur.fetchall() if cur.description else []


def test_store_uses_wal_and_media_beside_the_db(store: SessionStore) -> None:
    if store.path is None:
        pytest.skip("SQLite's file layout")
    assert store.media.root == store.path.parent / f"{store.path.stem}.media"  # one per database
    mode = sqlite3.connect(store.path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_append_load_round_trip_with_images_as_refs(
    store: SessionStore, conversation_with_tools: list[Message]
) -> None:
    store.create("chat")
    stored = store.append("chat", conversation_with_tools)
    loaded = store.load("chat")
    assert loaded.messages == stored and not loaded.repair.changes and not loaded.unreadable
    images = [img for m in loaded.messages for img in m.images()]
    assert len(images) == 2 and all(img.ref and img.data is None for img in images)
    assert images[0].name == "shot.png" and (images[0].width, images[0].height) == (16, 9)
    bodies = b"".join(bytes(row[0]) for row in raw(store, "SELECT body FROM messages"))  # type: ignore[call-overload]
    assert b"iVBOR" not in bodies  # no base64 PNG in the database
    back = store.materialize(loaded.messages)
    img = next(back[1].images())
    assert img.data is not None and img.data.decode() == png_bytes()
    assert store.refs() == {i.ref for i in images}


def test_messages_without_ids_get_sequence_ids(store: SessionStore) -> None:
    store.create("s")
    out = store.append("s", [Message.user("a"), Message.user("b")])
    assert [m.id for m in out] == ["m0", "m1"]


def test_rows_are_append_only(store: SessionStore) -> None:
    store.create("s")
    store.append("s", [Message.user("a")])
    statements = ["UPDATE messages SET id = 'x'", "DELETE FROM messages"]
    if store.path is None:
        statements.append("TRUNCATE messages")
    for sql in statements:
        with pytest.raises(Exception, match="append-only"):
            raw(store, sql)
    assert [m.text for m in store.load("s").stored] == ["a"]
    store.create("gone")
    store.append("gone", [Message.user("b")])
    store.delete("gone")  # the one deliberate exception
    assert not store.exists("gone") and [m.text for m in store.load("s").stored] == ["a"]


def test_load_repairs_without_rewriting_rows(store: SessionStore) -> None:
    store.create("broken")
    store.append(
        "broken",
        [Message.user("go"), Message.assistant(ToolCall("c1", "ls")), Message.tool("zz", "x")],
    )
    loaded = store.load("broken")
    ensure_valid(loaded.messages)
    assert [c.kind for c in loaded.repair.changes] == ["synthesized_result", "orphan_result"]
    assert len(loaded.stored) == 3 and loaded.stored[2].tool_results[0].call_id == "zz"
    assert store.load("broken").stored == loaded.stored


def test_events_are_recorded_in_order(store: SessionStore) -> None:
    store.create("s")
    store.append("s", [Message.user("a")])
    ev = store.append_event("s", "compaction", {"covers": ["m0"], "saved_tokens": 120})
    assert ev.after_message == 1
    store.append_event("s", "note")
    events = store.load("s").events
    assert [(e.seq, e.kind) for e in events] == [(0, "compaction"), (1, "note")]
    assert events[0].data == {"covers": ["m0"], "saved_tokens": 120}


def test_list_and_errors(store: SessionStore) -> None:
    store.create("one")
    store.create("two")
    store.append("two", [Message.user("x")])
    assert [(s.name, s.messages) for s in store.list()] == [("one", 0), ("two", 1)]
    with pytest.raises(StoreError, match="already exists"):
        store.create("one")
    with pytest.raises(StoreError, match="no session named 'three'"):
        store.load("three")


def test_unreadable_row_is_reported_not_fatal(store: SessionStore) -> None:
    store.create("s")
    store.append("s", [Message.user("fine")])
    sid = raw(store, "SELECT id FROM sessions WHERE name = 's'")[0][0]
    raw(store, "INSERT INTO messages (session, seq, id, created, body) VALUES (?, 1, 'bad', 0, ?)",
        (sid, b"{no"))  # fmt: skip
    loaded = store.load("s")
    assert [m.text for m in loaded.messages] == ["fine"]
    assert "seq 1" in loaded.unreadable[0]


def test_not_a_database_is_a_store_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.db"
    bad.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="cannot open session store"):
        SessionStore(bad)


def test_internal_export_import_is_lossless_and_self_contained(
    store: SessionStore, conversation_with_tools: list[Message]
) -> None:
    store.create("a")
    store.append("a", conversation_with_tools)
    text = store.export_jsonl("a")
    assert "iVBOR" in text  # images inline in the export
    store.import_jsonl(text, "b")
    assert store.load("b").stored == store.load("a").stored
    with pytest.raises(StoreError, match="already exists"):
        store.import_jsonl(text, "b")


def _providers_ready() -> None:
    providers = pytest.importorskip("contextledger.providers")
    if not hasattr(providers, "write_messages") or not hasattr(providers, "read_messages"):
        pytest.skip("contextledger.providers.write_messages/read_messages not there yet")


@pytest.mark.parametrize("fmt", ["openai", "anthropic", "gemini", "openai-responses"])
def test_provider_format_export_import_round_trip(
    store: SessionStore, fmt: str, conversation_with_tools: list[Message]
) -> None:
    _providers_ready()
    store.create("src")
    store.append("src", conversation_with_tools)
    text = store.export_jsonl("src", fmt)  # type: ignore[arg-type]
    first = json.loads(text.splitlines()[0])
    apart = {"anthropic": "system", "gemini": "system_instruction"}  # beside the messages
    assert (apart[fmt] in first) if fmt in apart else first["role"] == "system"
    back = parse_jsonl(text, fmt)  # type: ignore[arg-type]
    ensure_valid(back)
    assert [m.role for m in back][:2] == ["system", "user"]
    assert back[1].text.endswith("what is wrong here?") or "what is wrong here?" in back[1].text
    store.import_jsonl(text, "copy", fmt)  # type: ignore[arg-type]
    assert sum(1 for m in store.load("copy").messages for _ in m.images()) == 2
    assert parse_jsonl(text, "auto")  # detected without being told


WRITER = textwrap.dedent(
    """
    import base64, sys
    from contextledger.model import Image, InlineData, Message
    from contextledger.storage.sessions import SessionStore
    store = SessionStore(sys.argv[1], media=sys.argv[4] or None)
    if not store.exists("s"):
        try:
            store.create("s")
        except Exception:
            pass
    png = base64.b64decode(sys.argv[2])
    start = int(sys.argv[3])
    print("ready", flush=True)
    i = start
    while True:
        parts = ["message %d " % i + "x" * (i % 300)]
        if i % 4 == 0:
            parts.append(Image("image/png", data=InlineData.from_bytes(png + bytes([i % 251]))))
        store.append("s", [Message.user(*parts, id="w%d" % i)])
        print(i, flush=True)
        i += 1
    """
)


def id_differences(want: list[str], got: list[str]) -> str:
    """Which ids are missing, extra or out of place, for an assertion that says what broke."""
    wanted, have = set(want), set(got)
    missing = [x for x in want if x not in have]
    extra = [x for x in got if x not in wanted]
    both = zip([x for x in want if x in have], [x for x in got if x in wanted], strict=False)
    out_of_place = [a for a, b in both if a != b]
    return (
        f"missing {missing}, extra {extra}, out of place {out_of_place} "
        f"(want {len(want)} ids ending {want[-3:]}, stored {len(got)} ending {got[-3:]})"
    )


def test_kill_9_writer_loses_at_most_the_message_in_flight(
    store_location: str, tmp_path: Path
) -> None:
    """A writer killed with SIGKILL at a random point of an append loses at most that one
    message: every append it acknowledged is stored, in order, under its own id.

    The parent reads the writer's acknowledgements through one buffered file object until
    EOF. (Regression: it used to read "ready" with readline() and the rest with
    communicate(), which reads the raw pipe; acks that readline() had already buffered were
    dropped when the parent was scheduled late, and the test blamed the store.) It kills
    after a chosen number of acks, not after a wall-clock sleep, so a loaded machine
    changes nothing but the speed.
    """
    import base64

    db = store_location
    media = "" if db.endswith(".db") else str(tmp_path / "media")
    png64 = base64.b64encode(png_bytes()).decode()
    rng = random.Random(1234)
    stored: list[str] = []
    acked_total = 0
    for round_ in range(15):
        next_i = int(stored[-1][1:]) + 1 if stored else 0
        wait_for = rng.randint(0, 40)  # acks to see before the kill
        stderr_path = tmp_path / f"writer{round_}.err"
        with stderr_path.open("w") as stderr:
            proc = subprocess.Popen(
                [sys.executable, "-c", WRITER, db, png64, str(next_i), media],
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
            )
        watchdog = threading.Timer(120, proc.kill)  # a hung writer fails the test, never hangs it
        watchdog.start()
        try:
            assert proc.stdout is not None
            lines = [proc.stdout.readline()]
            while len(lines) <= wait_for and lines[-1]:
                lines.append(proc.stdout.readline())
            time.sleep(rng.uniform(0, 0.005))  # let the kill land anywhere in the next append
            proc.kill()  # SIGKILL
            lines.append(proc.stdout.read())  # the same buffered reader, to EOF
            proc.wait()
        finally:
            watchdog.cancel()
            proc.stdout.close()  # type: ignore[union-attr]
        words = "".join(lines).split()
        assert words[:1] == ["ready"], stderr_path.read_text()
        acked = [f"w{int(x)}" for x in words[1:]]
        assert len(acked) >= wait_for, stderr_path.read_text()
        acked_total += len(acked)
        with open_store(db, tmp_path) as store:
            assert store.integrity_check() == "ok"
            ids = [m.id for m in store.load("s").stored]
        want = stored + acked
        in_flight = f"w{int(want[-1][1:]) + 1}" if want else "w0"
        assert ids in (want, [*want, in_flight]), f"round {round_}: " + id_differences(want, ids)
        stored = ids
    assert acked_total >= 15
    with open_store(db, tmp_path) as store:
        loaded = store.load("s")
        assert not loaded.unreadable and not loaded.repair.changes
        for m in loaded.messages:
            for img in m.images():
                assert img.ref is not None and store.media.read(img.ref)


def test_duplicate_ids_and_bad_refs_never_make_a_session_unusable(store: SessionStore) -> None:
    """Regressions: a reused id is stored under a fresh one; a ref the store does not hold
    is refused on append; a ref whose file is gone loads as a visible placeholder."""
    from contextledger.errors import StoreError
    from contextledger.model import Image, Message

    store.create("s")
    store.append("s", [Message.user("first", id="m0"), Message.assistant("ok", id="m1")])
    stored = store.append("s", [Message.user("second", id="m0")])
    assert stored[0].id != "m0"
    assert len({m.id for m in store.load("s").messages}) == 3
    with pytest.raises(StoreError):
        store.append("s", [Message.user(Image(ref="../../../../etc/passwd"), "x")])
    ref = "a" * 64 + ".png"
    with pytest.raises(StoreError):
        store.append("s", [Message.user(Image(ref=ref), "x")])


def test_missing_media_loads_as_a_placeholder(store: SessionStore) -> None:
    store.create("s")
    img = Image(
        media_type="image/png", data=InlineData.from_bytes(png(40, 30, "black")), name="a.png"
    )
    (stored,) = store.append("s", [Message.user(img, "look")])
    ref = next(stored.images()).ref
    assert ref is not None
    store.media.path(ref).unlink()
    loaded = store.load("s")
    assert "missing from the media store" in loaded.messages[0].text
    assert any("not in the media store" in note for note in loaded.unreadable)


def test_append_is_idempotent(store: SessionStore) -> None:
    """A retried append (same idempotency key) or the same message sent again (same id,
    same content) is stored once; a different message reusing an id is still stored."""
    store.create("s")
    first = store.append("s", [Message.user("a"), Message.user("b")], idempotency_key="req-1")
    again = store.append("s", [Message.user("a"), Message.user("b")], idempotency_key="req-1")
    assert again == first and [m.id for m in first] == ["m0", "m1"]
    store.append("s", [Message.user("c", id="x")])
    store.append("s", [Message.user("c", id="x")])  # the same message again
    store.append("s", [Message.user("d", id="x")])  # a new message under a used id
    stored = store.load("s").stored
    assert [m.text for m in stored] == ["a", "b", "c", "d"]
    assert len({m.id for m in stored}) == 4


def test_sessions_have_their_own_sequences(store: SessionStore) -> None:
    store.create("a")
    store.create("b")
    for i in range(5):
        store.append("a", [Message.user(f"a{i}")])
        store.append("b", [Message.user(f"b{i}")])
    assert [m.id for m in store.load("a").stored] == [f"m{i}" for i in range(5)]
    assert [m.text for m in store.load("b").stored] == [f"b{i}" for i in range(5)]
    assert {s.name: s.messages for s in store.list()} == {"a": 5, "b": 5}

"""Store fault tests: concurrent first open, damaged pages, a 0-byte database, silently
damaged rows, symlinked shards. Whatever happens: a StoreError that says what to do, never
a raw sqlite3 error, and a sweep that never deletes an image a session refers to."""

from __future__ import annotations

import multiprocessing
import os
import random
import sqlite3
import time
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

import contextledger.cli.store  # noqa: F401  (registers the commands on main)
from builders import png
from contextledger.cli import main
from contextledger.errors import StoreError
from contextledger.model import Image, InlineData, Message
from contextledger.storage.sessions import SessionStore

OLD = time.time() - 30 * 86400


def image_message(n: int) -> Message:
    shot = Image("image/png", data=InlineData.from_bytes(png(12, 8, (n % 256, 7, 9))))
    return Message.user(f"look at {n} " + "x" * 300, shot, id=f"u{n}")


def seeded(db: Path, images: int = 6) -> list[Path]:
    """A store holding ``images`` image messages, every image aged past the sweep floor."""
    with SessionStore(db) as store:
        store.create("s")
        stored = store.append("s", [image_message(i) for i in range(images)])
        files = [store.media.path(img.ref) for m in stored for img in m.images()]  # type: ignore[attr-defined,arg-type]
    for f in files:
        os.utime(f, (OLD, OLD))
    return files


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


# --- concurrent first open ------------------------------------------------------------


def _open_and_append(path: str, n: int, barrier: multiprocessing.synchronize.Barrier) -> None:
    barrier.wait()
    with SessionStore(path) as store:
        if not store.exists("s"):
            try:
                store.create("s")
            except StoreError as exc:
                assert "already exists" in str(exc)
        store.append("s", [Message.user(f"from {n}", id=f"p{n}")])


def test_concurrent_first_open_never_fails_and_loses_nothing(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    procs_per_round = 4
    for round_ in range(12):
        path = tmp_path / f"r{round_}" / "sessions.db"
        barrier = ctx.Barrier(procs_per_round)
        procs = [
            ctx.Process(target=_open_and_append, args=(str(path), n, barrier))
            for n in range(procs_per_round)
        ]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        assert [p.exitcode for p in procs] == [0] * procs_per_round, f"round {round_}"
        with SessionStore(path) as store:
            ids = sorted(m.id for m in store.load("s").stored)
            assert ids == [f"p{n}" for n in range(procs_per_round)]
            assert store.integrity_check() == "ok"
        assert not [p for p in path.parent.iterdir() if p.name.endswith(".new")]


# --- damaged pages ---------------------------------------------------------------------


def test_damaged_pages_are_store_errors_and_the_sweep_refuses(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    files = seeded(db, images=40)
    size = db.stat().st_size
    assert size > 4 * 4096
    rng = random.Random(7)
    with open(db, "r+b") as f:  # page 1 (the header) intact, the rest scribbled over
        for offset in range(4096, size, 4096):
            f.seek(offset + 100)
            f.write(rng.randbytes(600))
    try:
        store = SessionStore(db)
    except StoreError as exc:
        assert "damaged" in str(exc) or "cannot open" in str(exc)
        store = None
    if store is not None:
        with store:
            for call in (store.list, lambda: store.load("s"), store.refs, store.sweep_media):
                try:
                    call()
                except StoreError as exc:
                    assert "sqlite3" not in type(exc).__module__
            try:
                assert store.integrity_check() != "ok"
            except StoreError as exc:
                assert "damaged" in str(exc)
            with pytest.raises(StoreError, match=r"integrity|damaged"):
                store.sweep_media(min_age=timedelta(0))
    for args in (["sessions", "list"], ["sessions", "show", "s"], ["media", "sweep"]):
        code, out = cli(*args, "--store", str(db))
        assert code == 1 and "Traceback" not in out, out
    code, out = cli("sessions", "check", "--store", str(db))
    assert code == 1 and "Traceback" not in out
    assert all(f.exists() for f in files)


# --- a 0-byte or replaced database ----------------------------------------------------


def test_zero_byte_database_is_refused_and_images_survive(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    files = seeded(db)
    db.write_bytes(b"")  # truncated
    with pytest.raises(StoreError, match="empty"):
        SessionStore(db)
    code, out = cli("media", "sweep", "--store", str(db), "--min-age-days", "0")
    assert code == 1 and "empty" in out and "Traceback" not in out
    assert all(f.exists() for f in files)


def test_a_replaced_database_cannot_sweep_the_old_media(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    files = seeded(db)
    db.unlink()
    with SessionStore(db) as store:  # a new, empty database beside the old media
        store.create("new")
        with pytest.raises(StoreError, match="another session store"):
            store.sweep_media()
    assert all(f.exists() for f in files)


def test_unclaimed_media_beside_an_empty_database_are_not_swept(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    files = seeded(db)
    (tmp_path / "sessions.media" / ".owner").unlink()  # media from before ownership marks
    db.unlink()
    with SessionStore(db) as store, pytest.raises(StoreError, match="holds no messages"):
        store.sweep_media()
    assert all(f.exists() for f in files)


# --- silently damaged rows -------------------------------------------------------------


def _scribble_body(db: Path, old: bytes, new: bytes) -> None:
    """Damage a row the way a bad disk would: the trigger is not asked."""
    raw = sqlite3.connect(db)
    trigger = raw.execute(
        "SELECT sql FROM sqlite_master WHERE name = 'messages_append_only_u'"
    ).fetchone()[0]
    raw.execute("DROP TRIGGER messages_append_only_u")
    raw.execute("UPDATE messages SET body = replace(body, ?, ?)", (old, new))
    raw.execute(trigger)
    raw.commit()
    raw.close()


def test_a_row_whose_ref_was_overwritten_stops_the_sweep(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    files = seeded(db)
    ref = files[0].name
    _scribble_body(db, ref[:10].encode(), b"0123456789")  # still looks like a ref
    with SessionStore(db) as store:
        assert store.integrity_check() == "ok"  # SQLite cannot see this kind of damage
        with pytest.raises(StoreError, match="checksum"):
            store.sweep_media(min_age=timedelta(0))
        assert any("checksum" in note for note in store.load("s").unreadable)
    assert all(f.exists() for f in files)


def test_a_legacy_row_with_a_malformed_ref_stops_the_sweep(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    files = seeded(db)
    raw = sqlite3.connect(db)
    raw.execute(
        "INSERT INTO messages (session, seq, id, created, body) VALUES (1, 99, 'x', 0, ?)",
        (b'{"role":"user","content":[{"type":"image","ref":"zz' + b"0" * 62 + b'.png"}]}',),
    )
    raw.commit()
    raw.close()
    with SessionStore(db) as store, pytest.raises(StoreError, match="malformed media ref"):
        store.sweep_media()
    assert all(f.exists() for f in files)


# --- symlinks and foreign files in the media folder --------------------------------------


def test_sweep_never_follows_symlinks_or_deletes_what_it_did_not_write(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    files = seeded(db, images=2)
    media = tmp_path / "sessions.media"
    outside = tmp_path / "outside"
    outside.mkdir()
    victim_data = png(12, 8, (1, 1, 1))
    import hashlib

    victim_ref = hashlib.sha256(victim_data).hexdigest() + ".png"
    (outside / victim_ref).write_bytes(victim_data)
    os.utime(outside / victim_ref, (OLD, OLD))
    shard = media / victim_ref[:2]
    if shard.exists():  # the shard exists already: link the file instead of the folder
        (shard / victim_ref).symlink_to(outside / victim_ref)
    else:
        shard.symlink_to(outside, target_is_directory=True)
    # a name that is a ref but bytes that are not: not ours to delete
    other = png(12, 8, (2, 2, 2))
    fake_ref = hashlib.sha256(other).hexdigest() + ".png"
    (media / fake_ref[:2]).mkdir(exist_ok=True)
    (media / fake_ref[:2] / fake_ref).write_bytes(b"not the bytes the name promises")
    os.utime(media / fake_ref[:2] / fake_ref, (OLD, OLD))
    # a hard link to a file outside: not written by the store either
    hard_data = png(12, 8, (3, 3, 3))
    hard_ref = hashlib.sha256(hard_data).hexdigest() + ".png"
    (outside / "hard.png").write_bytes(hard_data)
    os.utime(outside / "hard.png", (OLD, OLD))
    (media / hard_ref[:2]).mkdir(exist_ok=True)
    os.link(outside / "hard.png", media / hard_ref[:2] / hard_ref)

    with SessionStore(db) as store:
        result = store.sweep_media(min_age=timedelta(0))
    assert result.removed == ()
    assert (outside / victim_ref).read_bytes() == victim_data
    assert (media / fake_ref[:2] / fake_ref).exists()
    assert (media / hard_ref[:2] / hard_ref).exists() and (outside / "hard.png").exists()
    assert all(f.exists() for f in files)


# --- schema upgrades, idempotency, deliberate delete -------------------------------------

_V1 = """
CREATE TABLE sessions (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL NOT NULL);
CREATE TABLE messages (session INTEGER NOT NULL REFERENCES sessions(id), seq INTEGER NOT NULL,
    id TEXT NOT NULL, created REAL NOT NULL, body BLOB NOT NULL, PRIMARY KEY (session, seq));
CREATE TABLE events (session INTEGER NOT NULL REFERENCES sessions(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL, after_message INTEGER NOT NULL, created REAL NOT NULL, data BLOB NOT NULL,
    PRIMARY KEY (session, seq));
INSERT INTO sessions VALUES (1, 'old', 1.0);
INSERT INTO messages VALUES (1, 0, 'm0', 1.0, '{"role":"user","content":[{"type":"text","text":"hi"}],"id":"m0"}');
PRAGMA user_version = 1;
"""


def test_a_version_1_store_is_upgraded_in_place(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    raw = sqlite3.connect(db)
    raw.executescript(_V1)
    raw.close()
    with SessionStore(db) as store:
        assert [m.text for m in store.load("old").messages] == ["hi"]
        store.append("old", [Message.user("again")])
        assert store.refs(strict=True) == set()
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == 2


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    SessionStore(db).close()
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    with pytest.raises(StoreError, match="newer contextledger"):
        SessionStore(db)

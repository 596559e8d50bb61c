"""`sessions migrate`: SQLite → PostgreSQL (images to S3) → SQLite, lossless and verified."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import contextledger.cli.store  # noqa: F401  (registers the commands on main)
from builders import png, tool_conversation
from contextledger.cli import main
from contextledger.errors import StoreError
from contextledger.model import Image, InlineData, Message
from contextledger.storage.migrate import migrate
from contextledger.storage.sessions import SessionStore


def fill(store: SessionStore) -> None:
    store.create("work")
    store.append("work", tool_conversation())
    store.append_event("work", "compaction", {"covers": ["m1"], "saved_tokens": 120})
    store.append("work", [Message.user("lone \ud800 surrogate and ünïcode", id="odd")])
    store.append_event("work", "usage", {"input_tokens": 5})
    store.create("empty")
    store.create("pictures")
    for i in range(5):
        img = Image("image/png", data=InlineData.from_bytes(png(10 + i, 10, "navy")))
        store.append("pictures", [Message.user(f"picture {i}", img)])


def snapshot(store: SessionStore) -> dict[str, object]:
    out: dict[str, object] = {}
    for info in store.list():
        loaded = store.load(info.name)
        out[info.name] = (
            info.created,
            loaded.stored,
            [(e.kind, e.data, e.after_message, e.created) for e in loaded.events],
            [store.media.read(i.ref) for m in loaded.stored for i in m.images() if i.ref],
        )
    return out


def test_round_trip_sqlite_postgres_sqlite(
    tmp_path: Path, postgres_server: object, s3_server: object
) -> None:
    pg_url = postgres_server.new_database()  # type: ignore[attr-defined]
    bucket = s3_server.new_bucket()  # type: ignore[attr-defined]
    with SessionStore(tmp_path / "a.db") as a:
        fill(a)
        before = snapshot(a)
        with SessionStore(pg_url, media=f"s3://{bucket}/m") as pg:
            report = migrate(a, pg)
            assert (report.sessions, report.messages, report.images) == (3, 11, 7)
            assert report.events == 2
            assert snapshot(pg) == before
            again = migrate(a, pg)  # a second run writes nothing and verifies
            assert (again.messages, again.events, again.images, again.already_there) == (
                0,
                0,
                0,
                3,
            )
            with SessionStore(tmp_path / "b.db") as b:
                migrate(pg, b)
                assert snapshot(b) == before


def test_an_interrupted_migration_resumes(tmp_path: Path) -> None:
    with SessionStore(tmp_path / "a.db") as a, SessionStore(tmp_path / "b.db") as b:
        fill(a)
        # a run stopped after the first two messages of "work"
        b.create("work")
        b.append("work", tool_conversation()[:2])
        migrate(a, b)
        # the same rows (the session's creation time is the interrupted run's)
        assert (
            {k: v[1:] for k, v in snapshot(b).items()}
            == {  # type: ignore[index]
                k: v[1:]  # type: ignore[index]
                for k, v in snapshot(a).items()
            }
        )


def test_a_different_session_in_the_target_is_refused(tmp_path: Path) -> None:
    with SessionStore(tmp_path / "a.db") as a, SessionStore(tmp_path / "b.db") as b:
        fill(a)
        b.create("work")
        b.append("work", [Message.user("something else")])
        with pytest.raises(StoreError, match="not a copy"):
            migrate(a, b)


def test_cli_migrate(tmp_path: Path, postgres_server: object) -> None:
    pg_url = postgres_server.new_database()  # type: ignore[attr-defined]
    with SessionStore(tmp_path / "a.db") as a:
        fill(a)
        before = snapshot(a)
    runner = CliRunner()
    out = runner.invoke(
        main,
        ["sessions", "migrate", "--from", f"sqlite:{tmp_path / 'a.db'}", "--to", pg_url,
         "--to-media", str(tmp_path / "pgmedia")],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "migrated 3 session(s)" in out.output and "verified" in out.output
    with SessionStore(pg_url, media=tmp_path / "pgmedia") as pg:
        assert snapshot(pg) == before
    out = runner.invoke(
        main, ["sessions", "migrate", "--from", str(tmp_path / "nope.db"), "--to", pg_url]
    )
    assert out.exit_code == 1 and "no session store" in out.output

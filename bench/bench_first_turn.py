"""The first turn of a long session: every message read, priced and stored once, and the
first recap written and verified against the whole record.

Two histories of 10,000 messages (``history()`` of bench_serve.py: requests, tool calls
and short tool output; and the same with every tool output 3,000 characters long, as
agents' file reads and test logs are), each sent as the first request of a session:

* **library**: ``Preparer(...).prepare(messages, write=False)`` with compaction on, the
  preparer built as ``contextledger serve`` builds it, on plain dicts; wall and CPU time
  of the process; with ``--profile``, a pyinstrument profile of it (pyinstrument is not a
  project dependency: ``pip install pyinstrument``);
* **proxy**: one streamed request through ``contextledger serve`` (its own process) to the
  validating stub upstream; the client's wall time until the stream's last byte, the
  proxy's own ingress time (its turn report) and the proxy process's CPU time for the
  request (user + system, until it is idle again).

No asserts; prints figures. Run: .venv/bin/python bench/bench_first_turn.py [--profile]
[--messages N] [--library-only]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_serve import (
    KEY,
    MODEL,
    PIDS,
    history,
    proxy_process,
    settled_cpu_ms,
    stream_post,
    stub_process,
)
from contextledger.prepare import Preparer


def long_outputs(messages: list[dict[str, Any]], size: int = 3_000) -> list[dict[str, Any]]:
    """The same history with every tool output ``size`` characters long (its own lines
    repeated, as a file read or a test log repeats its shape)."""
    out = []
    for m in messages:
        if m["role"] == "tool":
            body = m["content"] + "\n"
            m = {**m, "content": (body * (size // len(body) + 1))[:size]}
        out.append(m)
    return out


def library(messages: list[dict[str, Any]], profile: Path | None) -> None:
    preparer = Preparer(MODEL, max_output_tokens=1000, on_images="placeholder")
    profiler: Any = None
    if profile is not None:
        from pyinstrument import Profiler  # not a project dependency

        profiler = Profiler()
        profiler.start()
    w0, c0 = time.perf_counter(), time.process_time()
    out = preparer.prepare(messages, write=False)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    if profiler is not None:
        profiler.stop()
        assert profile is not None
        profile.write_text(profiler.output_text(unicode=True, color=False))
    recap = next((line for line in out.report.compaction if line.startswith("compacted")), "")
    print(
        f"    library: {wall * 1000:8.0f} ms wall, {cpu * 1000:8.0f} ms CPU; sent "
        f"{len(out.messages):,} of {len(messages):,} messages; {recap[:110]}"
    )
    if profile is not None:
        print(f"      profile: {profile}")


def proxy(messages: list[dict[str, Any]], url: str, stub: str, session: str) -> None:
    body = json.dumps(
        {
            "model": MODEL,
            "messages": messages,
            "max_tokens": 1000,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
    ).encode()
    with httpx.Client(timeout=1200) as client:
        direct, _ = stream_post(client, stub + "/chat/completions", body, "direct")
        before = settled_cpu_ms(PIDS[url])
        through, _ = stream_post(client, url + "/v1/chat/completions", body, session)
        cpu = settled_cpu_ms(PIDS[url]) - before
        report = client.get(f"{url}/contextledger/sessions/{session}", headers=KEY).json()
    first = report["turns"][0]
    print(
        f"    proxy:   {through:8.0f} ms wall until the last byte ({direct:.0f} ms direct), "
        f"proxy CPU {cpu:8.0f} ms, ingress {first['added_ms']:.0f} ms; sent "
        f"{first['messages_sent']:,} of {first['messages_in']:,} messages"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", type=int, default=10_000)
    ap.add_argument("--profile", action="store_true", help="pyinstrument the library run")
    ap.add_argument("--library-only", action="store_true")
    args = ap.parse_args()
    n = args.messages
    root = Path(tempfile.mkdtemp(prefix="bench-first-"))
    cases = {
        "short tool output": history(n, seed=n),
        "3,000-character tool output": long_outputs(history(n, seed=n + 1)),
    }
    print(f"First turn of a {n:,}-message session (gpt-4o, 128k window, compaction on):")
    for k, (label, messages) in enumerate(cases.items()):
        print(f"  {label}:")
        library(messages, root / f"profile-{k}.txt" if args.profile else None)
    if args.library_only:
        return
    with stub_process() as stub, proxy_process(stub, root / "sessions.db") as url:
        for k, (label, messages) in enumerate(cases.items()):
            print(f"  {label}:")
            proxy(messages, url, stub, f"first-{k}")


if __name__ == "__main__":
    main()

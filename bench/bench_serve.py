"""The proxy's cost: latency it adds, requests/s with many sessions, memory per session.

Everything runs on 127.0.0.1, each in its own process as a user runs it: the validating stub
upstream (``python tests/stub_server.py``), the proxy (``contextledger serve``) and a client
(httpx, pre-serialized JSON bodies, so the client's own cost is the same on both paths).
Baseline: the same requests sent to the stub directly, in the same run.

* Added latency per request at 100 and 10,000-message conversations (gpt-4o, 128k window:
  the 10,000-message history does not fit and is cut every turn). The first turn of a
  session is reported apart (tokenizer load, every message priced once); the following
  turns append a user message and the stub's reply, as a client does. "added" is the
  proxy's own time from the request's arrival to forwarding it (read, identify, record,
  prepare, translate), as it records in each turn's report; "end to end" compares the
  client's wall time through the proxy with the direct call (the proxy sends the stub a
  shorter, fitted history, so end to end can even be faster).
* Requests/s: 50 concurrent sessions, each a conversation growing from 2 messages.
* Memory per session: tracemalloc over 100 sessions of 100 messages, and the bound: with
  ``max_sessions=32`` the same 100 sessions hold about a third of it.

Each latency case runs with compaction on (the default: a turn that recaps pays for
writing and verifying the recap) and with ``--no-compact`` (the proxy's own path: read,
record, fit, translate, write).

No asserts; prints figures. Run: .venv/bin/python bench/bench_serve.py [--quick]
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from contextledger.serve import ServeSettings
from serve_harness import RunningProxy

ROOT = Path(__file__).resolve().parents[1]

MODEL = "gpt-4o"
KEY = {"authorization": "Bearer sk-bench"}
WORDS = [
    "the",
    "build",
    "fails",
    "in",
    "settings",
    "page",
    "because",
    "the",
    "config",
    "loader",
    "reads",
    "a",
    "stale",
    "path",
]


def history(n: int, seed: int = 0) -> list[dict[str, Any]]:
    """A realistic agent history of ``n`` messages: requests, tool calls, tool output."""
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    i = 0
    while len(out) < n:
        i += 1
        text = " ".join(WORDS[(i + k + seed) % len(WORDS)] for k in range(8 + i % 40))
        out.append({"role": "user", "content": f"Step {i} ({seed}): {text}"})
        if i % 2:
            cid = f"call_{seed}_{i}"
            out.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": cid,
                            "type": "function",
                            "function": {
                                "name": "read_file",
                                "arguments": f'{{"path": "f{i}.py"}}',
                            },
                        }
                    ],
                }
            )
            out.append(
                {"role": "tool", "tool_call_id": cid, "content": f"def f{i}():\n    " + text}
            )
        out.append({"role": "assistant", "content": f"Done with step {i}: {text[:60]}"})
    return out[:n] if out[n - 1]["role"] != "user" else out[: n - 1]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def run_turns(
    client: httpx.Client,
    base: str,
    messages: list[dict[str, Any]],
    turns: int,
    session: str,
    after_first: Callable[[], None] | None = None,
) -> tuple[list[float], float]:
    """Send ``turns`` requests, each with the reply and a new user message appended.
    Returns wall times (ms) of the turns after the first, and the first turn's."""
    walls: list[float] = []
    first = 0.0
    for t in range(turns + 1):
        body = json.dumps({"model": MODEL, "messages": messages, "max_tokens": 1000}).encode()
        t0 = time.perf_counter()
        r = client.post(
            base + "/chat/completions",
            content=body,
            headers={**KEY, "content-type": "application/json", "x-contextledger-session": session},
        )
        wall = (time.perf_counter() - t0) * 1000
        r.raise_for_status()
        if t == 0:
            first = wall
            if after_first is not None:
                after_first()
        else:
            walls.append(wall)
        reply = r.json()["choices"][0]["message"]
        messages.append({"role": "assistant", "content": reply["content"]})
        messages.append({"role": "user", "content": f"Next ({t}): " + " ".join(WORDS[: 5 + t % 9])})
    return walls, first


@contextlib.contextmanager
def stub_process() -> Iterator[str]:
    """The stub upstream in its own process; yields its OpenAI base URL."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "stub_server.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        yield line.split()[0].split("=", 1)[1]
    finally:
        proc.terminate()
        proc.wait(10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_ms(pid: int) -> float:
    """CPU time (user + system) a process has used so far, in ms (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


PIDS: dict[str, int] = {}  # proxy URL -> its process id


@contextlib.contextmanager
def proxy_process(upstream: str, store: Path, *flags: str) -> Iterator[str]:
    """``contextledger serve`` in its own process; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "contextledger"), "serve", "--port", str(port),
         "--openai-upstream", upstream, "--store", str(store), "--log-level", "warning", *flags],
        stderr=subprocess.DEVNULL,
        env={**os.environ, "CONTEXTLEDGER_HOME": str(store.parent)},
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/healthz").status_code == 200:
                    break
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the proxy did not start")
            time.sleep(0.1)
        PIDS[url] = proc.pid
        yield url
    finally:
        proc.terminate()
        proc.wait(30)


def latency(proxy: str, stub: str, n: int, turns: int, label: str = "") -> None:
    base_messages = history(n, seed=n)
    session = f"lat-{n}"
    with httpx.Client(timeout=600) as client:
        direct, direct_first = run_turns(client, stub, list(base_messages), turns, "d")
        marks: list[float] = []
        through, through_first = run_turns(
            client, proxy + "/v1", list(base_messages), turns, session,
            after_first=lambda: marks.append(cpu_ms(PIDS[proxy])),
        )  # fmt: skip
        cpu = (cpu_ms(PIDS[proxy]) - marks[0]) / turns
        report = client.get(f"{proxy}/contextledger/sessions/{session}").json()
    added = [t["added_ms"] for t in report["turns"][1:]]
    first = report["turns"][0]
    recaps = sum(1 for t in report["turns"][1:] if t.get("compaction"))
    parts = {
        k: statistics.median(t["timing_ms"].get(k, 0.0) for t in report["turns"][1:])
        for k in ("read", "record", "prepare", "write")
    }
    print(
        f"  {n:>6,} messages{label}: added p50 {statistics.median(added):7.2f} ms, "
        f"p99 {pct(added, 0.99):7.2f} ms (proxy's own wall time, {len(added)} turns after the "
        f"first; p50 parts: read {parts['read']:.1f}, record {parts['record']:.1f}, prepare "
        f"{parts['prepare']:.1f}, write {parts['write']:.1f}; {recaps} turns made a recap); "
        f"proxy CPU {cpu:.1f} ms a request (the same turns; relaying and store writes too)"
    )
    print(
        f"                   end to end p50 {statistics.median(through):7.2f} ms through the "
        f"proxy vs {statistics.median(direct):7.2f} ms direct "
        f"(x{statistics.median(through) / statistics.median(direct):.2f}); "
        f"sent {first['messages_sent']:,} of {first['messages_in']:,} messages, "
        f"{first['used']:,} of {first['budget']:,} tokens"
    )
    print(
        f"                   first turn: added {first['added_ms']:.1f} ms "
        f"(end to end {through_first:.1f} ms vs {direct_first:.1f} ms direct)"
    )


async def session_loop(
    client: httpx.AsyncClient, base: str, k: int, turns: int, failed: list[str]
) -> int:
    messages = history(2, seed=k)
    messages.append({"role": "user", "content": f"Session {k}: start"})
    done = 0
    for t in range(turns):
        try:
            r = await client.post(
                base + "/chat/completions",
                json={"model": MODEL, "messages": messages},
                headers={**KEY, "x-contextledger-session": f"rps-{k}"},
            )
            r.raise_for_status()
        except httpx.HTTPError as exc:  # counted and reported, not hidden
            failed.append(f"{type(exc).__name__}: {exc}")
            continue
        done += 1
        messages.append(
            {"role": "assistant", "content": r.json()["choices"][0]["message"]["content"]}
        )
        messages.append({"role": "user", "content": f"Session {k} turn {t}"})
    return done


def throughput(base: str, sessions: int = 50, turns: int = 10) -> tuple[float, list[str]]:
    """Completed requests/s, and what failed."""
    failed: list[str] = []

    async def main() -> float:
        limits = httpx.Limits(max_connections=sessions, max_keepalive_connections=sessions)
        async with httpx.AsyncClient(timeout=120, limits=limits) as client:
            t0 = time.perf_counter()
            counts = await asyncio.gather(
                *(session_loop(client, base, k, turns, failed) for k in range(sessions))
            )
            return sum(counts) / (time.perf_counter() - t0)

    return asyncio.run(main()), failed


def memory(stub: str, root: Path, max_sessions: int, sessions: int = 100) -> float:
    """Bytes held per session after ``sessions`` sessions of 100 messages (the proxy in
    this process, for tracemalloc)."""
    settings = ServeSettings(
        store=root / f"mem-{max_sessions}.db",
        openai_upstream=stub,
        max_sessions=max_sessions,
    )
    proxy = RunningProxy(settings).start()
    try:
        with httpx.Client(timeout=120) as client:
            # warm: tokenizer, imports
            run_turns(client, proxy.url + "/v1", history(20, seed=999), 0, "warm")
            proxy.flush()
            gc.collect()
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            for k in range(sessions):
                run_turns(client, proxy.url + "/v1", history(100, seed=k), 0, f"mem-{k}")
            proxy.flush()
            gc.collect()
            after = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
    finally:
        proxy.stop()
    return (after - before) / sessions


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    quick = "--quick" in sys.argv
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with (
        stub_process() as stub,
        proxy_process(stub, root / "sessions.db") as proxy,
        proxy_process(stub, root / "plain.db", "--no-compact") as plain,
    ):
        print("Added latency (gpt-4o, 128k window; stub upstream on 127.0.0.1):")
        latency(proxy, stub, 100, 20 if quick else 60)
        latency(plain, stub, 100, 20 if quick else 60, " (--no-compact)")
        latency(proxy, stub, 10_000, 4 if quick else 10)
        latency(plain, stub, 10_000, 10 if quick else 25, " (--no-compact)")
        print("Requests/s, 50 concurrent sessions x 10 turns (short conversations):")
        direct, direct_failed = throughput(stub)
        through, through_failed = throughput(proxy + "/v1")
        print(
            f"  {through:7.1f} req/s through the proxy vs {direct:7.1f} req/s direct "
            f"(x{through / direct:.2f}); failed requests: {len(through_failed)} through the "
            f"proxy, {len(direct_failed)} direct"
        )
        for what in sorted(set(through_failed + direct_failed))[:3]:
            print(f"    e.g. {what}")
        print("Memory per session (100 sessions of 100 messages, tracemalloc):")
        unbounded = memory(stub, root, max_sessions=1000)
        bounded = memory(stub, root, max_sessions=32)
        print(
            f"  {unbounded / 1024:7.1f} KiB per session with all 100 in memory; "
            f"{bounded / 1024:7.1f} KiB per session with --max-sessions 32 "
            f"(the rest evicted, read back from the store on their next request)"
        )


if __name__ == "__main__":
    main()

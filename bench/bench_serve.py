"""The proxy's cost: latency it adds, requests/s with many sessions, memory per session.

Everything runs on 127.0.0.1, each in its own process as a user runs it: the validating stub
upstream (``python tests/stub_server.py``), the proxy (``contextledger serve``) and a client
(httpx, pre-serialized JSON bodies, so the client's own cost is the same on both paths).
Baseline: the same requests sent to the stub directly, in the same run.

* Added latency per request at 100 and 10,000-message conversations (gpt-4o, 128k window:
  the 10,000-message history does not fit). Every request streams (``stream: true``, usage
  included), as agents call. Each turn sends the same body twice, interleaved: straight to
  the stub, then through the proxy; **added = the client's wall time through the proxy
  minus the direct call's, turn by turn** (until the stream's last byte: the proxy's whole
  path, request and reply, is in it). The proxy forwards a fitted history, so the stub
  reads less through it than directly: that is part of what the proxy does. The first turn
  of a session is reported apart (every message read, priced and stored once; at 10,000
  messages the first recap is written and verified); the following turns append the reply
  and a new user message, as a client does. Also shown: "ingress", the proxy's own time
  from the request's arrival to the upstream body written (from its turn reports), and the
  proxy process's CPU time per request (user + system, the same turns: on a shared machine
  the wall times include waiting for a core, the CPU time does not).
* Requests/s: 50 concurrent sessions, each a conversation growing from 2 messages, streamed.
* Memory per session: tracemalloc over 100 sessions of 100 messages, and the bound: with
  ``max_sessions=32`` the same 100 sessions hold about a third of it.

Each latency case runs with compaction on (the default) and with ``--no-compact``.

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
from dataclasses import dataclass, field
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


def stream_post(client: httpx.Client, url: str, body: bytes, session: str) -> tuple[float, str]:
    """POST a streaming request; (wall ms until the stream's last byte, the reply's text)."""
    headers = {**KEY, "content-type": "application/json", "x-contextledger-session": session}
    t0 = time.perf_counter()
    with client.stream("POST", url, content=body, headers=headers) as r:
        raw = r.read()
    wall = (time.perf_counter() - t0) * 1000
    if r.status_code != 200:
        raise RuntimeError(f"{url}: HTTP {r.status_code}: {raw[:300]!r}")
    text = []
    for line in raw.decode().splitlines():
        if line.startswith("data: {"):
            for choice in json.loads(line[6:]).get("choices") or []:
                text.append(choice["delta"].get("content") or "")
    return wall, "".join(text)


@dataclass
class Turns:
    """Wall times (ms) of the turns after the first, both ways, and the first turn's."""

    through: list[float] = field(default_factory=list)
    direct: list[float] = field(default_factory=list)
    first_through: float = 0.0
    first_direct: float = 0.0

    @property
    def added(self) -> list[float]:
        return [t - d for t, d in zip(self.through, self.direct, strict=True)]


def run_turns(
    client: httpx.Client,
    proxy: str,
    stub: str,
    messages: list[dict[str, Any]],
    turns: int,
    session: str,
    after_first: Callable[[], None] | None = None,
) -> Turns:
    """Send ``turns + 1`` streaming requests, each straight to the stub and through the
    proxy, with the reply and a new user message appended after each."""
    out = Turns()
    for t in range(turns + 1):
        body = json.dumps(
            {
                "model": MODEL,
                "messages": messages,
                "max_tokens": 1000,
                "stream": True,
                "stream_options": {"include_usage": True},
            }
        ).encode()
        direct, _ = stream_post(client, stub + "/chat/completions", body, "direct")
        through, reply = stream_post(client, proxy + "/v1/chat/completions", body, session)
        if t == 0:
            out.first_direct, out.first_through = direct, through
            if after_first is not None:
                after_first()
        else:
            out.direct.append(direct)
            out.through.append(through)
        messages.append({"role": "assistant", "content": reply})
        messages.append({"role": "user", "content": f"Next ({t}): " + " ".join(WORDS[: 5 + t % 9])})
    return out


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


def settled_cpu_ms(pid: int) -> float:
    """The process's CPU time once it has gone idle (what it queued after the last reply,
    such as store writes, is counted in the turn that queued it, not the next one)."""
    last = cpu_ms(pid)
    for _ in range(100):
        time.sleep(0.05)
        now = cpu_ms(pid)
        if now == last:
            break
        last = now
    return last


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
    session = f"lat-{n}{label.strip(' ()')}"
    with httpx.Client(timeout=600) as client:
        marks: list[float] = [settled_cpu_ms(PIDS[proxy])]
        runs = run_turns(
            client, proxy, stub, history(n, seed=n), turns, session,
            after_first=lambda: marks.append(settled_cpu_ms(PIDS[proxy])),
        )  # fmt: skip
        first_cpu = marks[1] - marks[0]
        cpu = (settled_cpu_ms(PIDS[proxy]) - marks[1]) / turns
        report = client.get(f"{proxy}/contextledger/sessions/{session}").json()
    added = runs.added
    ingress = [t["added_ms"] for t in report["turns"][1:]]
    first = report["turns"][0]
    last = report["turns"][-1]
    recaps = sum(1 for t in report["turns"][1:] if t.get("compaction"))
    parts = {
        k: statistics.median(t["timing_ms"].get(k, 0.0) for t in report["turns"][1:])
        for k in ("read", "record", "prepare", "write")
    }
    print(
        f"  {n:>6,} messages{label}: added p50 {statistics.median(added):6.1f} ms, "
        f"p99 {pct(added, 0.99):6.1f} ms ({len(added)} streamed turns after the first: "
        f"through the proxy p50 {statistics.median(runs.through):.1f} ms vs direct "
        f"{statistics.median(runs.direct):.1f} ms); proxy CPU {cpu:.1f} ms a request"
    )
    print(
        f"{'':19}ingress (arrival to upstream body written) p50 "
        f"{statistics.median(ingress):.1f} ms, p99 {pct(ingress, 0.99):.1f} ms (p50 parts: read "
        f"{parts['read']:.1f}, record {parts['record']:.1f}, prepare {parts['prepare']:.1f}, "
        f"write {parts['write']:.1f}); {recaps} of {len(ingress)} turns made a recap"
    )
    print(
        f"{'':19}sent {last['messages_sent']:,} of {last['messages_in']:,} messages, "
        f"{last['used']:,} of {last['budget']:,} tokens (last turn)"
    )
    recap = " (the first recap written and verified)" if first.get("compaction") else ""
    print(
        f"{'':19}first turn{recap}: {runs.first_through:.0f} ms wall through the proxy vs "
        f"{runs.first_direct:.0f} ms direct (until the stream's last byte), proxy CPU "
        f"{first_cpu:.0f} ms, ingress {first['added_ms']:.0f} ms; sent "
        f"{first['messages_sent']:,} of {first['messages_in']:,} messages"
    )


async def session_loop(
    client: httpx.AsyncClient, base: str, k: int, turns: int, failed: list[str]
) -> int:
    messages = history(2, seed=k)
    messages.append({"role": "user", "content": f"Session {k}: start"})
    done = 0
    for t in range(turns):
        try:
            body = {"model": MODEL, "messages": messages, "stream": True}
            headers = {**KEY, "x-contextledger-session": f"rps-{k}"}
            async with client.stream(
                "POST", base + "/chat/completions", json=body, headers=headers
            ) as r:
                raw = await r.aread()
                r.raise_for_status()
        except httpx.HTTPError as exc:  # counted and reported, not hidden
            failed.append(f"{type(exc).__name__}: {exc}")
            continue
        done += 1
        text = "".join(
            (json.loads(line[6:])["choices"] or [{"delta": {}}])[0]["delta"].get("content") or ""
            for line in raw.decode().splitlines()
            if line.startswith("data: {")
        )
        messages.append({"role": "assistant", "content": text})
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
            run_turns(client, proxy.url, stub, history(20, seed=999), 0, "warm")
            proxy.flush()
            gc.collect()
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            for k in range(sessions):
                run_turns(client, proxy.url, stub, history(100, seed=k), 0, f"mem-{k}")
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
        print(
            "Added latency, streamed (gpt-4o, 128k window; stub upstream on 127.0.0.1; "
            "added = through the proxy - direct, turn by turn):"
        )
        latency(proxy, stub, 100, 20 if quick else 60)
        latency(plain, stub, 100, 20 if quick else 60, " (--no-compact)")
        latency(proxy, stub, 10_000, 4 if quick else 10)
        latency(plain, stub, 10_000, 10 if quick else 25, " (--no-compact)")
        print("Requests/s, 50 concurrent sessions x 10 streamed turns (short conversations):")
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

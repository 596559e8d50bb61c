"""Compaction benchmark: do the facts survive, and are invented facts caught?

Generated long sessions with known facts (paths touched, tools run and failed, commands,
numbers, open requests) are compacted with the offline summarizer; we measure the share
of facts that survive into the recap plus its facts ledger (within the 2,000-byte cap),
then inject unsupported facts into honest recaps and measure detection and false alarms.

Run: ``.venv/bin/python bench/bench_compaction.py [--sessions N] [--seed S]``.
Prints figures; no asserts.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from contextledger.compaction import (
    CompactionPolicy,
    Conversation,
    OfflineSummarizer,
    build_transcript,
    verify_recap,
)
from contextledger.model import Message, ToolCall

PACKAGES = ["api", "core", "billing", "auth", "ingest", "report", "worker", "cli", "ui", "db"]
MODULES = ["handlers", "models", "service", "utils", "config", "schema", "tasks", "views"]
TOOLS = ["read_file", "write_file", "run_command", "search_code", "apply_patch", "list_dir"]
COMMANDS = [
    "pytest -q tests/test_{m}.py",
    "npm run build",
    "ruff check src/{p}",
    "git diff --stat",
    "python -m {p}.{m} --dry-run",
    "make lint",
    "docker compose up -d {p}",
    "alembic upgrade head",
]
TOPICS = [
    "rate limiting", "retry backoff", "audit logging", "pagination", "input validation",
    "dark mode", "CSV export", "cache invalidation", "webhook signatures", "timezone handling",
]  # fmt: skip


@dataclass
class Session:
    messages: list[Message]
    paths: set[str] = field(default_factory=set)
    tools: set[str] = field(default_factory=set)
    failed_tools: set[str] = field(default_factory=set)
    commands: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    requests: list[str] = field(default_factory=list)


def _path(rng: random.Random) -> str:
    p, m = rng.choice(PACKAGES), rng.choice(MODULES)
    return f"src/{p}/{m}_{rng.randint(1, 99)}.py"


def make_session(rng: random.Random, turns: int) -> Session:
    s = Session([Message.system("You are a careful coding assistant.")])
    topic = rng.choice(TOPICS)
    s.messages.append(
        Message.user(f"We are adding {topic} to the service. Keep the public API stable.")
    )
    call_n = 0
    for t in range(turns):
        kind = rng.random()
        if kind < 0.55:  # a tool exchange
            tool = rng.choice(TOOLS)
            call_n += 1
            cid = f"call_{call_n}"
            path = _path(rng)
            if tool == "run_command":
                cmd = rng.choice(COMMANDS).format(p=rng.choice(PACKAGES), m=rng.choice(MODULES))
                args = {"command": cmd}
                s.commands.add(cmd)
            elif tool in ("search_code", "list_dir"):
                args = {"query": topic, "path": path.rsplit("/", 1)[0]}
            else:
                args = {
                    "path": path,
                    "content": f"def f_{t}():\n    return {t}\n" * rng.randint(1, 40),
                }
                s.paths.add(path)
            if tool in ("search_code", "list_dir"):
                s.paths.add(args["path"])
            failed = rng.random() < 0.15
            s.tools.add(tool)
            if failed:
                s.failed_tools.add(tool)
            s.messages.append(
                Message.assistant(f"Next I will use {tool}.", ToolCall(cid, tool, json.dumps(args)))
            )
            out = (
                f"Error: exit code 1\nAssertionError in line {rng.randint(10, 400)}"
                if failed
                else "ok\n" + "\n".join(f"line {i}: fine" for i in range(rng.randint(1, 30)))
            )
            s.messages.append(Message.tool(cid, out, is_error=failed))
        elif kind < 0.75:
            n = str(rng.choice([8443, 250, 4096, 1200, 65, 30000, 7]) + t)
            s.numbers.add(n)
            s.messages.append(
                Message.user(f"Set the limit to {n} requests per minute and keep going.")
            )
            s.messages.append(
                Message.assistant(f"Decided: the limit is {n}; I will wire it in config.")
            )
        elif kind < 0.85:
            req_topic = rng.choice(TOPICS)
            req = f"Later, please add {req_topic} to {_path(rng)}."
            s.requests.append(req)
            s.messages.append(Message.user(req))
            s.messages.append(
                Message.assistant(f"Noted, I'll come back to {req_topic} afterwards.")
            )
        else:
            s.messages.append(Message.user("Looks good, continue with the next step."))
            s.messages.append(Message.assistant("Continuing."))
    return s


def _covered_facts(s: Session, covered: set[str], conv: Conversation) -> Session:
    """Restrict a session's known facts to those stated in the covered messages."""
    text = "\n".join(
        m.text + " ".join(c.arguments for c in m.tool_calls) for m in conv.record if m.id in covered
    )
    out = Session([])
    out.paths = {p for p in s.paths if p in text}
    out.commands = {c for c in s.commands if c in text}
    out.numbers = {n for n in s.numbers if re.search(rf"(?<!\d){n}(?!\d)", text)}
    out.requests = [r for r in s.requests if r in text]
    names = {c.name for m in conv.record if m.id in covered for c in m.tool_calls}
    out.tools = s.tools & names
    failed_ids = {
        r.call_id for m in conv.record if m.id in covered for r in m.tool_results if r.is_error
    }
    out.failed_tools = {
        c.name for m in conv.record if m.id in covered for c in m.tool_calls if c.id in failed_ids
    }
    return out


def survival(sessions: int, rng: random.Random) -> dict[str, list[int]]:
    tally: dict[str, list[int]] = {
        k: [0, 0]
        for k in ("paths", "tools", "failed tools", "commands", "numbers", "open requests")
    }
    sizes: list[int] = []
    policy = CompactionPolicy()
    for _ in range(sessions):
        s = make_session(rng, turns=rng.randint(30, 60))
        conv = Conversation.from_messages(s.messages)
        for _round in range(2):  # the second round extends the first recap
            out = conv.compact(OfflineSummarizer(), policy, force=True)
            if out.event is None:
                break
            conv = out.conversation
            ev = out.event
            recap = ev.recap_text
            sizes.append(len(recap.encode()))
            known = _covered_facts(s, set(ev.covers), conv)
            checks = {
                "paths": [p in recap for p in known.paths],
                "tools": [re.search(rf"\b{t}\b", recap) is not None for t in known.tools],
                "failed tools": [
                    any(t in ln and re.search(r"(?i)fail", ln) for ln in recap.splitlines())
                    for t in known.failed_tools
                ],
                "commands": [c in recap for c in known.commands],
                "numbers": [
                    re.search(rf"(?<!\d){n}(?!\d)", recap) is not None for n in known.numbers
                ],
                "open requests": [
                    r.split(" to ")[0].removeprefix("Later, please add ") in recap
                    for r in known.requests
                ],
            }
            for k, hits in checks.items():
                tally[k][0] += sum(hits)
                tally[k][1] += len(hits)
            extra = [
                Message.user(f"Extra turn {i}: look at src/extra/more_{i}.py") for i in range(12)
            ]
            conv = conv.append(*extra)
    tally["_bytes_max"] = [max(sizes), 1]
    return tally


FAKE = [
    ("path", "Also edited src/ghost/phantom_{i}.py to fix it."),
    ("number", "The timeout was raised to {n} seconds."),
    ("command", "Then ran `rm -rf build/cache_{i}` to clean up."),
    ("identifier", "The helper retry_with_jitter_{i}() now wraps every call."),
    ("url", "Docs are at https://docs.example.org/v{i}/guide."),
    ("quoted", 'The user said "ship it on Friday {i}".'),
]


def honest_recap(s: Session, rng: random.Random) -> str:
    sentences = ["The user wants the public API kept stable."]
    for p in rng.sample(sorted(s.paths), min(3, len(s.paths))):
        sentences.append(f"The assistant worked on {p}.")
    for c in rng.sample(sorted(s.commands), min(2, len(s.commands))):
        sentences.append(f"It ran `{c}`.")
    for n in rng.sample(sorted(s.numbers), min(2, len(s.numbers))):
        sentences.append(f"The limit was set to {n} requests per minute.")
    for t in sorted(s.failed_tools)[:2]:
        sentences.append(f"The {t} tool failed once.")
    return " ".join(sentences)


def detection(
    sessions: int, rng: random.Random
) -> tuple[dict[str, list[int]], list[int], list[int]]:
    caught: dict[str, list[int]] = {k: [0, 0] for k, _ in FAKE}
    alarms_honest = [0, 0]
    alarms_offline = [0, 0]
    for i in range(sessions):
        s = make_session(rng, turns=40)
        msgs = Conversation.from_messages(s.messages).record
        honest = honest_recap(s, rng)
        v = verify_recap(honest, msgs)
        alarms_honest[0] += bool(v.unsupported)
        alarms_honest[1] += 1
        offline = OfflineSummarizer().summarize("", build_transcript(msgs[1:]).text, max_tokens=400)
        v2 = verify_recap(offline, msgs)
        alarms_offline[0] += bool(v2.unsupported)
        alarms_offline[1] += 1
        for kind, template in FAKE:
            fake = template.format(i=1000 + i, n=rng.randint(100000, 999999))
            v3 = verify_recap(honest + " " + fake, msgs)
            ok = fake.strip() in v3.removed_sentences and fake not in v3.text
            caught[kind][0] += ok
            caught[kind][1] += 1
    return caught, alarms_honest, alarms_offline


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    tally = survival(args.sessions, rng)
    t1 = time.perf_counter()
    print(
        f"Fact survival into recap + facts ledger (offline summarizer, {args.sessions} sessions x 2 rounds)"
    )
    for k, (hit, total) in tally.items():
        if k.startswith("_"):
            continue
        share = hit / total if total else 1.0
        print(f"  {k:<14} {hit:>5}/{total:<5} {share:7.2%}")
    print(f"  largest recap: {tally['_bytes_max'][0]} bytes (cap 2000)")
    caught, honest, offline = detection(args.sessions, rng)
    t2 = time.perf_counter()
    print("Detection of injected unsupported facts")
    all_hit = sum(h for h, _ in caught.values())
    all_total = sum(t for _, t in caught.values())
    for k, (hit, total) in caught.items():
        print(f"  {k:<14} {hit:>5}/{total:<5} {hit / total:6.1%}")
    print(f"  overall        {all_hit:>5}/{all_total:<5} {all_hit / all_total:6.1%}")
    print("False alarms on honest recaps")
    print(f"  templated honest recaps   {honest[0]}/{honest[1]} ({honest[0] / honest[1]:.1%})")
    print(f"  offline summarizer recaps {offline[0]}/{offline[1]} ({offline[0] / offline[1]:.1%})")
    print(f"Time: survival {t1 - t0:.1f} s, detection {t2 - t1:.1f} s")


if __name__ == "__main__":
    main()

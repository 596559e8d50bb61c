"""A third session generator for what the recap keeps, phrased unlike ``bench_retention``'s
and unlike the reviewer's: an agent using Anthropic's text editor (``view`` / ``create`` /
``str_replace``), a ``run_terminal_command`` shell and a ``shell`` tool whose command is an
argv list; failures as plain tool text (pytest tracebacks before the ``FAILED`` summary,
Go, Jest, cargo, unittest); user facts of kinds the recap sections do not name (an env
var, a branch, who owns what, a ticket) and the assistant's root-cause finding.

Every planted fact has the exact text a recap must carry (``Fact.key``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from contextledger.model import Message, ToolCall

GOALS = (
    "The CSV importer chokes on files with a BOM; teach it to strip the BOM and keep "
    "the column order stable.",
    "Our rate limiter lets bursts through at the minute boundary. Rework it into a sliding window.",
    "Move the invoice PDFs from the local disk to object storage, same URLs for customers.",
    "Cut the cold start of the notifications lambda below two seconds.",
)
RULES = (
    "Under no circumstances edit vendor/ - it is synced from upstream every night.",
    "Leave the alembic history alone, the DBAs squash it on Fridays.",
    "Stay out of infra/terraform; changes there need a change ticket.",
    "Never call `git rebase -i` on the shared branch.",
    "Keep the public function signatures exactly as they are.",
    "Don't bump any dependency in poetry.lock without telling me.",
)
CORRECTIONS = (
    "Scratch that - the bucket is invoices-eu-2, not invoices-eu.",
    "I meant the v3 endpoint, not v2; v2 is being retired.",
    "Wrong file: the limiter lives in gateway/limits.py, not middleware.py.",
    "Hmm, no, make the window 90 seconds rather than 60.",
)
NUDGES = ("mm-hm", "carry on", "yep", "go ahead", "nice one", "cool, continue", "ok!", "🙏")
OWNERS = (
    "Tomasz Wierzbicki owns the payments adapters, ping him before touching them.",
    "Ana Lucía Ortega signs off on anything under billing/, loop her in.",
)
ENV_VARS = ("LIMITER_BACKEND=redis-cluster", "S3_FORCE_PATH_STYLE=true", "NOTIFY_WARM_POOL=4")
BRANCHES = ("fix/limiter-sliding-window", "chore/pdf-object-store", "perf/lambda-coldstart-7")
TICKETS = ("OPS-2291", "PAY-7310", "NTF-0412")
FINDINGS = (
    "Root cause: the limiter resets its counter with a cron tick, so two windows overlap "
    "for one second.",
    "It turns out the importer opens files in text mode with the default codec, which "
    "keeps the BOM in the first header.",
)
NUMBERS = (
    "We get about 18,400 requests per minute at peak.",
    "The biggest PDF in production is 37 MB.",
    "Cold start is 4.6 seconds today on the arm64 build.",
)
LATER = (
    "Once the tests pass, also write a short note in docs/ops/limiter.md.",
    "When that's merged, tag a release candidate called rc-2025-11.",
    "Before you wrap up, add the new setting to config/example.env.",
)


@dataclass(frozen=True, slots=True)
class Fact:
    kind: str
    key: str


@dataclass
class Session:
    messages: list[Message]
    facts: list[Fact] = field(default_factory=list)
    viewed_only: list[str] = field(default_factory=list)


def _editor(cid: str, command: str, path: str, **extra: str) -> ToolCall:
    return ToolCall(
        cid, "str_replace_based_edit_tool", json.dumps({"command": command, "path": path, **extra})
    )


def _pytest_failure(rng: random.Random, names: list[str]) -> str:
    """pytest's real order: every traceback first, the FAILED summary last."""
    out = ["============================= FAILURES ============================="]
    for n in names:
        out += [
            f"_______________________ {n.split('::')[-1]} _______________________",
            "Traceback (most recent call last):",
            f'  File "{n.split("::")[0]}", line {rng.randrange(10, 300)}, in {n.split("::")[-1]}',
            f"E   assert {rng.randrange(100)} == {rng.randrange(100, 200)}",
        ]
    out.append("=========================== short test summary info ===========================")
    out += [f"FAILED {n} - assert {rng.randrange(9)} == 1" for n in names]
    out.append(f"{len(names)} failed, {rng.randrange(5, 60)} passed in 4.20s")
    return "\n".join(out)


def _noise(rng: random.Random, lines: int) -> str:
    return "\n".join(
        f"[{rng.randrange(10**6):06d}] worker-{rng.randrange(8)} handled batch "
        f"{rng.randrange(10**4)} in {rng.randrange(1, 900)}ms"
        for _ in range(lines)
    )


def generate(seed: int, rounds: int = 90) -> Session:
    """A session of about ``rounds`` tool rounds (~1k tokens each), facts planted in the
    first two thirds, the current request a nudge."""
    rng = random.Random(seed)
    goal = rng.choice(GOALS)
    msgs: list[Message] = [
        Message.system("You are an autonomous coding agent."),
        Message.user(goal),
    ]
    facts = [Fact("goal", goal)]
    mod = rng.choice(("limiter", "importer", "invoices", "notify"))
    py_fail = [
        f"tests/{mod}/test_{w}.py::test_{w}_{i}" for i, w in enumerate(("edge", "bom", "burst"))
    ]
    go_fail = f"Test{mod.capitalize()}Window"
    jest_fail = f"{mod} form keeps focus on retry"
    cargo_fail = f"{mod}::window::tests::overlapping_ticks"
    env, branch, ticket = rng.choice(ENV_VARS), rng.choice(BRANCHES), rng.choice(TICKETS)
    plan: list[tuple[str, str, str]] = [  # (kind, key, what the user says or "")
        *(("constraint", r, r) for r in rng.sample(RULES, 3)),
        *(("correction", c, c) for c in rng.sample(CORRECTIONS, 2)),
        ("owner", rng.choice(OWNERS).split(",")[0], ""),
        ("envvar", env, f"Export {env} before running the integration suite."),
        ("branch", branch, f"Push your work to {branch}, that is where CI watches."),
        ("ticket", ticket, f"The incident for this is {ticket}, mention it in the PR."),
        *(("number", n, n) for n in rng.sample(NUMBERS, 2)),
        *(("open", r, r) for r in rng.sample(LATER, 2)),
        ("finding", rng.choice(FINDINGS), ""),
        *(("failing_test", n, "") for n in py_fail),
        ("failing_test", go_fail, ""),
        ("failing_test", jest_fail, ""),
        ("failing_test", cargo_fail, ""),
        ("file_written", f"src/{mod}/window_{seed}.py", ""),
        ("file_written", f"src/{mod}/config_{seed}.py", ""),
        ("command", f"pytest tests/{mod} -x --tb=long -k 'not slow'", ""),
        ("command", f"go test ./internal/{mod}/... -run {go_fail} -count=1", ""),
    ]
    owner_line = next(
        o for o in OWNERS if o.startswith(next(k for c, k, _ in plan if c == "owner"))
    )
    plan = [(c, k, owner_line if c == "owner" else s) for c, k, s in plan]
    rng.shuffle(plan)
    slots = sorted(rng.sample(range(1, int(rounds * 0.66)), len(plan)))
    at = dict(zip(slots, plan, strict=True))
    viewed: list[str] = []
    for r in range(rounds):
        kind, key, said = at.get(r, ("", "", ""))
        msgs.append(Message.user(said or rng.choice(NUDGES)))
        cid = f"toolu_{seed}_{r}"
        if kind == "failing_test" and key in py_fail:
            call = ToolCall(
                cid, "run_terminal_command", json.dumps({"command": f"pytest {key.split('::')[0]}"})
            )
            out = _noise(rng, 20) + "\n" + _pytest_failure(rng, [key])
        elif kind == "failing_test" and key == go_fail:
            call = ToolCall(
                cid, "shell", json.dumps({"command": ["go", "test", f"./internal/{mod}/..."]})
            )
            out = f"=== RUN   {key}\n--- FAIL: {key} (0.02s)\n    window_test.go:88: got 61, want 60\nFAIL\nexit status 1"
        elif kind == "failing_test" and key == jest_fail:
            call = ToolCall(cid, "run_terminal_command", json.dumps({"command": "npx jest web/"}))
            out = (
                f"FAIL web/{mod}.test.tsx\n  ✕ {key} (48 ms)\n\nTests: 1 failed, 9 passed, 10 total"
            )
        elif kind == "failing_test":
            call = ToolCall(cid, "run_terminal_command", json.dumps({"command": "cargo test"}))
            out = f"running 12 tests\ntest {key} ... FAILED\n\nfailures:\n\ntest result: FAILED. 11 passed; 1 failed"
        elif kind == "command":
            call = ToolCall(cid, "run_terminal_command", json.dumps({"command": key}))
            out = _noise(rng, 30) + "\n12 passed in 2.2s"
        elif kind == "file_written":
            call = (
                _editor(cid, "create", key, file_text="WINDOW = 60\n" * 20)
                if rng.random() < 0.5
                else _editor(cid, "str_replace", key, old_str="WINDOW = 60", new_str="WINDOW = 90")
            )
            out = (
                f"File created successfully at: {key}"
                if "create" in call.arguments
                else "The file has been edited."
            )
        else:
            path = f"src/{mod}/part_{r}.py"
            viewed.append(path)
            call = _editor(cid, "view", path)
            out = "\n".join(
                f"{i:4d}\tdef step_{i}(x): return x + {i}" for i in range(1, rng.randrange(40, 120))
            )
        msgs.append(Message("assistant", (call,)))
        msgs.append(Message.tool(cid, out))
        reply = key if kind == "finding" else f"Round {r}: looked at that, next."
        msgs.append(Message.assistant(reply))
        if kind:
            facts.append(Fact(kind, key))
    msgs.append(Message.user(rng.choice(NUDGES)))
    return Session(msgs, facts, viewed)

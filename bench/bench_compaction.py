"""Compaction benchmark: does every kind of fact survive the recap, and is every lie caught?

Generated coding-agent sessions (this file's own generator: varied tool names and argument
shapes, pytest / jest / go / cargo output, OpenAI-style tool messages with no error flag)
plant facts of twelve kinds: goal, constraint, correction, file written, file read (read
tools, an editor's view, ``sed -n``/``cat``/``grep -n`` in a shell), command run, failing
test, failure message (a traceback's exception, a compiler error, a JSON error status, a
deploy's error line), number, open request, decision and the assistant's next step - and
six "facts that matter" beyond numbers per session, drawn from sixteen kinds said by the
user (env var, branch, version pin, deadline, owner, ticket, host, endpoint, config key,
region), by the assistant (a URL with its port, an image tag, an error code) or printed by
a tool (a commit from ``git rev-parse``, a pull request's URL, a deployed version). Each session is compacted with the
offline summarizer (the newest 10 turns kept verbatim) at the recap byte cap ``prepare``
uses for no window (2,000 B), a 16k window (4,800 B) and a 32k window (9,600 B); a fact
counts when its exact text is in the recap (the structured offline recap is its own
ledger).

Then lies are injected, one at a time, into an accepted recap: invented words (a path,
number, command, identifier, URL, quote) and lies made of the record's own words in the
wrong role — a command only the user mentioned claimed as run, a rule turned into its
opposite, a preference swapped, a command's arguments cut, a file only read claimed
written, a passing command claimed failed and a failing one claimed passed, a test that
never failed claimed failing, the user's rule claimed as the assistant's decision, and a
file only read claimed written in another language than English. A lie
is caught when its sentence is removed and reported. False alarms are counted on the
offline recaps and on honest prose recaps written the way an LLM paraphrases.

Last, the claim cases of ``tests/claim_cases.py`` (a second generator: Python, Go, Rust,
JavaScript and Ruby sessions with rules, bounds, conditions, an "only" scope, a
correction, failing and passing runs, a crash and a dry run) go through
``Conversation.compact`` with an LLM summarizer that answers a fixed recap, as
``contextledger compact --summarizer openai:…`` does: honest recaps (false alarms) and
one-spot lies of each kind (caught = recap rejected, or the lie gone and a reason
reported). Its phrasings come in two disjoint halves: the checker was tuned on "tune";
"held-out" phrasings were not looked at while tuning.

Run: ``.venv/bin/python bench/bench_compaction.py [--sessions N] [--seed S]``.
Prints figures; no asserts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids

SERVICES = ["invoices", "tenants", "webhooks", "scheduler", "catalog", "quotas", "sessions"]
SHELLS = ["bash", "run_shell", "terminal", "exec_command"]
WRITERS = ["write_file", "edit_file", "str_replace_editor", "create_file"]
GOALS = [
    "I need the {s} service to retry failed deliveries with exponential backoff.",
    "Goal: make the {s} export idempotent so reruns never double-bill.",
    "Please move the {s} cron jobs onto the new task queue and keep them on schedule.",
]
CONSTRAINTS = [  # (the rule, its opposite said as the user's request)
    ("Never run `terraform apply` from a laptop.", "The user asked to run `terraform apply`."),
    (
        "Do not modify migrations/0042_{s}.sql under any circumstances.",
        "The user said to modify migrations/0042_{s}.sql.",
    ),
    (
        "You must not add new runtime dependencies.",
        "The user wants new runtime dependencies added.",
    ),
    (
        "Under no circumstances push directly to the release branch.",
        "The user asked to push directly to the release branch.",
    ),
]
CORRECTIONS = [  # (preferred, rejected)
    ("Postgres", "SQLite"),
    ("httpx", "requests"),
    ("orjson", "ujson"),
    ("Kafka", "RabbitMQ"),
]
NUMBERS = [
    "The {s} table holds {n} rows that were never reconciled.",
    "Keep the {s} p99 under {n} ms.",
    "We saw {n} duplicate charges in the {s} logs last week.",
]
OPEN = [
    "When you get a chance, add a runbook entry for the {s} retries.",
    "Don't forget to bump the {s} client version before release.",
]
DECISIONS = [
    "I decided to keep the {s} queue names unchanged so dashboards keep working.",
    "We will go with a dead-letter table for {s} instead of dropping messages.",
]
FAILS = [  # (command, output with the failing test)
    ("pytest -q tests/{s}/test_retry.py", "FAILED tests/{s}/test_retry.py::test_backoff_{k} - "
     "AssertionError: 3 != 4\n1 failed, 12 passed in 2.1s"),
    ("npx jest src/{s}/retry.test.ts", "  ✕ retries with jitter {k} (12 ms)\n\nTests: 1 failed, "
     "9 passed"),
    ("go test ./internal/{s}/...", "--- FAIL: TestBackoff{k} (0.00s)\nFAIL\texample.com/{s}\t0.02s"),
    ("cargo test -p {s}", "test retry::backoff_{k} ... FAILED\n\nerror: test failed, to rerun "
     "pass `-p {s} --lib`"),
]  # fmt: skip
ERRORS = [  # (command, tool output, the line a recap must keep): failures with no test name
    ("python scripts/backfill_{s}.py", "Traceback (most recent call last):\n  File \"scripts/"
     "backfill_{s}.py\", line 41, in <module>\n    row[\"tenant\"]\nKeyError: 'tenant_{k}'",
     "KeyError: 'tenant_{k}'"),
    ("npm run build -- --scope {s}", "src/{s}/client.ts(12,5): error TS2322: Type 'string' is not "
     "assignable to type 'number'.\nnpm ERR! code 2", "src/{s}/client.ts(12,5): error TS2322: "
     "Type 'string' is not assignable to type 'number'."),
    ("curl -sS https://{s}.internal/health", '{{"error": {{"status": 503, "message": "{s} '
     'upstream unavailable {k}"}}}}', '{{"error": {{"status": 503, "message": "{s} upstream '
     'unavailable {k}"}}}}'),
    ("make deploy-{s}", "helm upgrade {s} ./chart\nError: UPGRADE FAILED: timed out waiting for "
     "the condition {k}\nmake: *** [deploy-{s}] Error 1", "Error: UPGRADE FAILED: timed out "
     "waiting for the condition {k}"),
    ("./bin/migrate --tenant {s}", "applying 0007_{s}.sql\npsql: error: connection to server "
     "failed: FATAL: too many connections for role \"{s}_{k}\"\nexit status 2", "psql: error: "
     "connection to server failed: FATAL: too many connections for role \"{s}_{k}\""),
]  # fmt: skip
READS = [  # how a planted file is read: (tool, arguments) or a shell command
    ("read_file", {"path": "{p}"}),
    ("Read", {"file_path": "{p}", "limit": 400}),
    ("str_replace_based_edit_tool", {"command": "view", "path": "{p}"}),
    ("view_file", {"AbsolutePath": "{p}"}),
    ("bash", {"command": "sed -n '1,120p' {p}"}),
    ("run_shell", {"cmd": "cat -n {p}"}),
    ("shell", {"command": ["bash", "-lc", "nl -ba {p} | head -n 80"]}),
    ("terminal", {"command": "grep -n 'retry' {p}"}),
]
NEXT_STEPS = [
    "Next I'll wire the {s} backoff into the worker pool and rerun the soak test.",
    "Next step: add a {s} metric for retries exhausted and alert on it.",
]
# Facts that matter beyond numbers, said by the user, by the assistant, or printed by a
# tool: (kind, who, sentence or (command, output), the exact value a recap must keep)
VALUES = [
    ("env var", "user", "Export {S}_POOL_SIZE=24 before you run anything.", "{S}_POOL_SIZE=24"),
    ("branch", "user", "Do all of it on the branch fix/{s}-retry-{k}.", "fix/{s}-retry-{k}"),
    ("version", "user", "Pin tenacity to 8.2.{k}; 8.3 broke our wait strategy.", "8.2.{k}"),
    ("deadline", "user", "This has to ship by Friday 18:00 CET.", "Friday 18:00 CET"),
    ("owner", "user", "Lena Okafor owns the {s} schema, so loop her in on migrations.",
     "Lena Okafor owns the {s} schema"),
    ("ticket", "user", "File the work under OPS-{n}.", "OPS-{n}"),
    ("hostname", "user", "The primary is pg-{s}-1.db.internal; never point tests at it.",
     "pg-{s}-1.db.internal"),
    ("endpoint", "user", "The webhook hits POST /v2/{s}/deliveries on the gateway.",
     "POST /v2/{s}/deliveries"),
    ("config key", "user", "Set retry.max_interval_ms to 8000 in settings.toml.",
     "retry.max_interval_ms"),
    ("region", "user", "Everything runs in ap-southeast-2 for this tenant.", "ap-southeast-2"),
    ("url_port", "assistant", "The {s} admin console is at http://localhost:{n}/admin; I'll "
     "check it after each deploy.", "http://localhost:{n}/admin"),
    ("image tag", "assistant", "The running image is ghcr.io/acme/{s}:2.{k}.7, one behind "
     "main.", "ghcr.io/acme/{s}:2.{k}.7"),
    ("error code", "assistant", "The gateway answers with error code GW-{n} when the quota "
     "runs out.", "GW-{n}"),
    ("commit", "tool", ("git rev-parse --short HEAD", "{h}"), "{h}"),
    ("pull request", "tool", ("gh pr create --fill --base main", "Creating pull request for "
     "fix/{s} into main in acme/{s}\n\nhttps://github.com/acme/{s}/pull/{n}"),
     "https://github.com/acme/{s}/pull/{n}"),
    ("deployed version", "tool", ("./scripts/deploy.sh {s} staging", "Building {s}...\n"
     "Pushed image sha256:{h}\nRelease \"{s}-staging\" upgraded: revision {k}7, "
     "app version 4.{k}.1\nDone."), "app version 4.{k}.1"),
]  # fmt: skip
PASSES = [
    "ruff check src/{s}",
    "make lint-{s}",
    "npm run typecheck -- --project {s}",
    "mypy src/{s}",
]
NUDGES = ["ok", "go on", "sounds good, continue", "thanks", "keep going please"]


@dataclass
class Session:
    messages: list[Message]
    facts: list[tuple[str, str]] = field(default_factory=list)  # (kind, exact text)
    said_commands: list[str] = field(default_factory=list)  # the user's, never run
    opposites: list[str] = field(default_factory=list)
    swapped: list[str] = field(default_factory=list)
    ran_ok: list[str] = field(default_factory=list)
    ran_failed: list[str] = field(default_factory=list)
    read_only: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    values: list[tuple[str, str, str]] = field(default_factory=list)  # (who, said, exact)


def _shell_call(rng: random.Random, cid: str, cmd: str) -> ToolCall:
    shape = rng.randrange(3)
    if shape == 0:
        args: object = {"command": cmd}
    elif shape == 1:
        args = {"cmd": cmd, "timeout": 120}
    else:
        args = {"argv": cmd.split()}
    return ToolCall(cid, rng.choice(SHELLS), json.dumps(args))


def make_session(rng: random.Random, rounds: int) -> Session:
    svc = rng.sample(SERVICES, 5)
    s = svc[0]
    goal = rng.choice(GOALS).format(s=s)
    sess = Session([Message.system("You are a coding agent."), Message.user(goal)])
    sess.facts.append(("goal", goal.removeprefix("Goal: ")))
    plan: list[tuple[str, object]] = []
    for rule, opposite in rng.sample(CONSTRAINTS, 2):
        plan.append(("constraint", (rule.format(s=s), opposite.format(s=s))))
    for good, bad in rng.sample(CORRECTIONS, 2):
        plan.append(("correction", (good, bad)))
    for k in range(3):
        plan.append(("file_written", f"src/{svc[k + 1]}/retry_{k}.py"))
    for k in range(3):
        plan.append(("command_run", rng.choice(PASSES).format(s=svc[k + 1])))
    for k in range(2):
        plan.append(("failing_test", (rng.choice(FAILS), svc[k + 2], k)))
    for k in range(3):
        plan.append(("number", rng.choice(NUMBERS).format(s=svc[k], n=rng.randrange(100, 99999))))
    for k in range(2):
        plan.append(("file_read", f"src/{svc[k + 2]}/{rng.choice(['policy', 'limits'])}_{k}.py"))
    for k in range(2):
        plan.append(("failure_message", (rng.choice(ERRORS), svc[k + 1], k)))
    for value in rng.sample(VALUES, 6):
        plan.append(("value", value))
    plan.append(("open_request", rng.choice(OPEN).format(s=svc[3])))
    plan.append(("decision", rng.choice(DECISIONS).format(s=svc[4])))
    rng.shuffle(plan)
    slots = dict(zip(sorted(rng.sample(range(rounds - 12), len(plan))), plan, strict=True))
    m = sess.messages
    for r in range(rounds):
        cid = f"c{r}"
        kind, item = slots.get(r, ("", None))
        if kind == "constraint":
            assert isinstance(item, tuple)
            rule, opposite = item
            m.append(Message.user(rule))
            m.append(Message.assistant("Understood."))
            sess.facts.append(("constraint", rule))
            sess.opposites.append(opposite)
            sess.rules.append(rule)
            if "`" in rule:
                sess.said_commands.append(rule.split("`")[1])
        elif kind == "correction":
            assert isinstance(item, tuple)
            good, bad = item
            text = f"Actually, use {good} not {bad} for the {s} store."
            m.append(Message.user(text))
            m.append(Message.assistant(f"Switching to {good}."))
            sess.facts.append(("correction", text))
            sess.swapped.append(f"The user wants {bad} not {good} for the {s} store.")
        elif kind == "file_written":
            path = str(item)
            tool = rng.choice(WRITERS)
            key = rng.choice(["path", "file_path", "target_file"])
            args = {key: path, "content": "def retry():\n    return 1\n"}
            m.append(Message("assistant", (ToolCall(cid, tool, json.dumps(args)),)))
            m.append(Message.tool(cid, "File written successfully."))
            sess.facts.append(("file_written", path))
        elif kind == "command_run":
            cmd = str(item)
            m.append(Message("assistant", (_shell_call(rng, cid, cmd),)))
            m.append(Message.tool(cid, "All checks passed!\nexit code 0"))
            sess.facts.append(("command_run", cmd))
            sess.ran_ok.append(cmd)
        elif kind == "failing_test":
            assert isinstance(item, tuple)
            (cmd_t, out_t), sv, k = item
            cmd, out = cmd_t.format(s=sv, k=k), out_t.format(s=sv, k=k)
            m.append(Message("assistant", (_shell_call(rng, cid, cmd),)))
            m.append(Message.tool(cid, out))
            test = {
                "pytest": f"test_backoff_{k}",
                "npx": f"retries with jitter {k}",
                "go": f"TestBackoff{k}",
                "cargo": f"retry::backoff_{k}",
            }[cmd.split()[0]]
            sess.facts.append(("failing_test", test))
            sess.ran_failed.append(cmd)
        elif kind == "file_read":
            path = str(item)
            tool, args_t = rng.choice(READS)
            args = json.loads(json.dumps(args_t).replace("{p}", path))
            m.append(Message("assistant", (ToolCall(cid, tool, json.dumps(args)),)))
            m.append(Message.tool(cid, "MAX_RETRIES = 5\nBACKOFF = 2.0\n" * rng.randint(2, 20)))
            m.append(Message.assistant(f"The retry limits for {s} are set in that module."))
            sess.facts.append(("file_read", path))
            sess.read_only.append(path)
        elif kind == "failure_message":
            assert isinstance(item, tuple)
            (cmd_t, out_t, line_t), sv, k = item
            cmd, out = cmd_t.format(s=sv, k=k), out_t.format(s=sv, k=k)
            m.append(Message("assistant", (_shell_call(rng, cid, cmd),)))
            m.append(Message.tool(cid, out))
            m.append(Message.assistant("That failed; looking into it."))
            sess.facts.append(("failure_message", line_t.format(s=sv, k=k)))
            sess.ran_failed.append(cmd)
        elif kind == "value":
            assert isinstance(item, tuple)
            _plant_value(sess, rng, cid, item, s)
        elif kind in ("number", "open_request", "decision"):
            who = Message.assistant if kind == "decision" and "I decided" in str(item) else None
            m.append((who or Message.user)(str(item)))
            if who is None:
                m.append(Message.assistant("Noted."))
            sess.facts.append((kind, str(item)))
        else:
            m.append(Message.user(rng.choice(NUDGES)))
            path = f"src/{rng.choice(svc)}/util_{r}.py"
            m.append(
                Message("assistant", (ToolCall(cid, "read_file", json.dumps({"path": path})),))
            )
            m.append(Message.tool(cid, "def helper():\n    pass\n" * rng.randint(5, 40)))
            m.append(Message.assistant(f"Step {r}: read {path}, nothing to change."))
            sess.read_only.append(path)
    # the plan the assistant states last, just before the newest turns (kept verbatim)
    step = rng.choice(NEXT_STEPS).format(s=s)
    m.insert(len(m) - 4 * 6, Message.assistant(f"Good progress on {s}. {step}"))
    sess.facts.append(("next_step", step))
    m.append(Message.user("ok, keep going"))
    sess.messages = list(with_ids(m))
    return sess


def _plant_value(
    sess: Session, rng: random.Random, cid: str, value: tuple[object, ...], s: str
) -> None:
    """A fact that matters said by the user or the assistant, or printed by a tool."""
    kind, who, said, exact = value
    fill = {"s": s, "S": s.upper(), "k": rng.randrange(1, 9), "n": rng.randrange(1000, 9999),
            "h": f"{rng.getrandbits(28):07x}"}  # fmt: skip
    m = sess.messages
    if who == "tool":
        assert isinstance(said, tuple)
        cmd, out = (t.format(**fill) for t in said)
        m.append(Message("assistant", (_shell_call(rng, cid, cmd),)))
        m.append(Message.tool(cid, out))
        m.append(Message.assistant("Good, that worked."))
        sess.ran_ok.append(cmd)
    elif who == "user":
        m.append(Message.user(str(said).format(**fill)))
        m.append(Message.assistant("Noted."))
    else:
        m.append(Message.user(rng.choice(NUDGES)))
        m.append(Message.assistant(str(said).format(**fill)))
    sess.facts.append((f"value: {kind}", str(exact).format(**fill)))
    if who != "tool":
        sess.values.append((str(who), str(said).format(**fill), str(exact).format(**fill)))


def _changed(value: str) -> str:
    """``value`` with its last digit moved on by one, or another person named."""
    digits = [k for k, ch in enumerate(value) if ch.isdigit()]
    if not digits:
        return value.replace("Lena Okafor", "Marco Rossi").replace("ap-southeast-2", "eu-west-1")
    k = digits[-1]
    return value[:k] + str((int(value[k]) + 1) % 10) + value[k + 1 :]


def survival(sessions: list[Session]) -> dict[int, dict[str, list[int]]]:
    out: dict[int, dict[str, list[int]]] = {}
    policy = CompactionPolicy()
    for window in (0, 16_000, 32_000):
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for s in sessions:
            res = Conversation.from_messages(s.messages).compact(
                OfflineSummarizer(), policy, force=True, window=window or None
            )
            recap = res.event.recap_text if res.event else ""
            covered = set(res.event.covers) if res.event else set()
            said = "\n".join(
                m.text
                + " ".join(c.arguments for c in m.tool_calls)
                + " ".join(r.text for r in m.tool_results)
                for m in s.messages
                if m.id in covered
            )
            for kind, text in s.facts:
                if text in said or json.dumps(text)[1:-1] in said:  # recapped, not kept verbatim
                    tally[kind][0] += text in recap
                    tally[kind][1] += 1
        out[policy.recap_bytes(window or None)] = dict(tally)
    return out


INVENTED = [
    ("path", "It also rewrote src/ghost/phantom_{i}.py."),
    ("number", "The timeout was raised to {n} seconds."),
    ("command", "Then it ran `rm -rf build/cache_{i}` to clean up."),
    ("identifier", "The helper retry_with_jitter_{i}() now wraps every call."),
    ("url", "Docs are at https://docs.example.org/v{i}/guide."),
    ("quoted", 'The user said "ship it on Friday {i}".'),
]


# A file only read, said written in the language the summarizer may answer in (the user's):
# the verb before the path, after it, or a list's heading of its own words. And the same
# files said read, which an honest recap in that language writes (false alarms).
TRANSLATED_WRITES = (
    "Der Assistent hat {p} überschrieben.",
    "{p} a été modifié par l'assistant.",
    "Se guardó {p} con los cambios.",
    "O assistente atualizou {p}.",
    "{p} を編集しました。",
    "助手修改了 {p}。",
    "Ассистент обновил {p}.",
    "{p} dosyası güncellendi.",
    "Gewijzigde bestanden: {p}",
    "تم تعديل {p}.",
)
TRANSLATED_READS = (
    "Der Assistent hat {p} gelesen.",
    "{p} a été consulté.",
    "El asistente leyó {p}.",
    "{p} を読んだ。",
    "Ассистент прочитал {p}.",
    "{p} dosyası okundu.",
    "قرأ المساعد {p}.",
)


def lies(s: Session, rng: random.Random, i: int) -> list[tuple[str, str]]:
    out = [(k, t.format(i=i, n=rng.randrange(100000, 999999))) for k, t in INVENTED]
    for cmd in s.said_commands:
        out.append(("user's command claimed run", f"The assistant ran `{cmd}`."))
        out.append(("user's command claimed run", f"Commands run:\n- `{cmd}`"))
    out += [("rule turned around", o) for o in s.opposites]
    out += [("preference swapped", w) for w in s.swapped]
    for cmd in s.ran_ok + s.ran_failed:
        out.append(("arguments cut", f"Commands run:\n- `{cmd.rsplit(' ', 1)[0]}`"))
    out += [("pass claimed failed", f"`{c}` failed.") for c in s.ran_ok]
    out += [("failure claimed passed", f"`{c}` passed.") for c in s.ran_failed]
    out += [("read claimed written", f"The assistant wrote {p}.") for p in s.read_only[:2]] + [
        ("read claimed written", f"Files written: {p}") for p in s.read_only[2:4]
    ]
    out += [
        ("read claimed written, translated", rng.choice(TRANSLATED_WRITES).format(p=p))
        for p in s.read_only[:4]
    ]
    out.append(("test never failed", f"tests/api/test_health.py::test_ping_{i} failed."))
    for who, said, exact in s.values:  # a value that matters, changed: a port, a version, a name
        if _changed(exact) != exact:
            wrong = said.replace(exact, _changed(exact))
            out.append(("value changed", f"User also said:\n- User: {wrong}" if who == "user"
                        else f"Findings:\n- Assistant: {wrong}"))  # fmt: skip
    out += [
        ("user's rule as assistant's decision", f"The assistant decided: {r[0].lower()}{r[1:]}")
        for r in s.rules
    ]
    return out


def honest_prose(s: Session) -> str:
    """What an honest LLM writes: paraphrase around the record's exact claims."""
    goal = next(t for k, t in s.facts if k == "goal")
    lines = [f"The user's goal: {goal}"]
    lines += [f"The user said: {r}" for r in s.rules]
    lines += [f"The assistant ran `{c}`, which passed." for c in s.ran_ok]
    lines += [f"`{c}` failed." for c in s.ran_failed]
    lines += [f"It wrote {p}." for k, p in s.facts if k == "file_written"]
    lines += [f"It read {p} along the way." for p in s.read_only[:3]]
    lines += [
        TRANSLATED_READS[i % len(TRANSLATED_READS)].format(p=p) for i, p in enumerate(s.read_only)
    ]
    return " ".join(lines)


def detection(
    sessions: list[Session], rng: random.Random
) -> tuple[dict[str, list[int]], list[int], list[int]]:
    caught: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    offline_alarms = [0, 0]
    prose_alarms = [0, 0]
    for i, s in enumerate(sessions):
        policy = CompactionPolicy(keep_recent=0)
        res = Conversation.from_messages(s.messages).compact(
            OfflineSummarizer(), policy, force=True, window=32_000
        )
        v = res.verification
        offline_alarms[0] += bool(v is None or v.unsupported or v.misclaims)
        offline_alarms[1] += 1
        base = res.event.recap_text if res.event else ""
        prose = honest_prose(s)
        vp = verify_recap(prose, s.messages, max_bytes=20_000, ledger=False)
        prose_alarms[0] += bool(vp.unsupported or vp.misclaims)
        prose_alarms[1] += 1
        for kind, lie in lies(s, rng, 1000 + i):
            recap = base + "\n\n" + lie
            vl = verify_recap(recap, s.messages, max_bytes=40_000, ledger=False)
            last = lie.splitlines()[-1].removeprefix("- ").removeprefix("Files written: ")
            reported = bool(vl.unsupported or vl.misclaims)
            caught[kind][0] += reported and last not in vl.text.removeprefix(base)
            caught[kind][1] += 1
    return dict(caught), offline_alarms, prose_alarms


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--detector-only", action="store_true", help="only the failure detector sets")
    ap.add_argument("--facts-only", action="store_true", help="no lies: the detector and the facts")
    args = ap.parse_args()
    detector_report()
    if args.detector_only:
        return
    rng = random.Random(args.seed)
    sessions = [make_session(rng, rng.randint(60, 120)) for _ in range(args.sessions)]
    t0 = time.perf_counter()
    tallies = survival(sessions)
    t1 = time.perf_counter()
    caps = list(tallies)
    print(
        f"Facts in the recap, by kind ({args.sessions} sessions of 60-120 rounds, offline "
        "summarizer, newest 10 turns kept; only facts the recap covers are counted)"
    )
    print("  " + f"{'kind':<26}" + "".join(f"{f'cap {c:,} B':>16}" for c in caps))
    kinds = sorted({k for t in tallies.values() for k in t})
    for k in kinds:
        cells = []
        for c in caps:
            hit, total = tallies[c].get(k, [0, 0])
            cells.append(f"{hit:>4}/{total:<4} {hit / total if total else 1:6.1%}")
        print(f"  {k:<26}" + "".join(f"{cell:>16}" for cell in cells))
    if args.facts_only:
        return
    caught, offline, prose = detection(sessions, rng)
    t2 = time.perf_counter()
    print("Lies injected into an accepted recap, one at a time: caught (removed and reported)")
    hit_all = sum(h for h, _ in caught.values())
    total_all = sum(t for _, t in caught.values())
    for k, (hit, total) in caught.items():
        print(f"  {k:<36} {hit:>5}/{total:<5} {hit / total:7.1%}")
    print(f"  {'overall':<36} {hit_all:>5}/{total_all:<5} {hit_all / total_all:7.1%}")
    print("False alarms (a true sentence removed)")
    print(f"  offline recaps (32k cap)       {offline[0]}/{offline[1]}")
    print(f"  honest paraphrased prose       {prose[0]}/{prose[1]}")
    print(f"Time: survival {t1 - t0:.1f} s, detection {t2 - t1:.1f} s")
    claim_cases_report(max(4, args.sessions // 2), args.seed)


def detector_report() -> None:
    """The failure detector's recall and false alarms on the outputs of
    ``tests/failure_cases.py``: the set it was shaped on and the held-out set it never
    was (whose misses are reported here, not patched)."""
    from contextledger.compaction.digest import failure_lines
    from failure_cases import HELD_OUT_FAILED, HELD_OUT_OK, TUNE_FAILED, TUNE_OK

    print("Failure detector (digest.failure_lines): failing outputs seen, successful ones flagged")
    for name, failed, ok in (
        ("tune", TUNE_FAILED, TUNE_OK),
        ("held-out", HELD_OUT_FAILED, HELD_OUT_OK),
    ):
        missed = [n for n, out in failed.items() if not failure_lines(out)]
        alarms = [n for n, out in ok.items() if failure_lines(out)]
        seen = len(failed) - len(missed)
        print(
            f"  {name:<9} seen {seen}/{len(failed)} ({seen / len(failed):.1%}), "
            f"false alarms {len(alarms)}/{len(ok)}"
        )
        if missed or alarms:
            print(f"    missed: {missed}; false alarms: {alarms}")


def claim_cases_report(n: int, seed: int) -> None:
    """Lies caught and false alarms per kind on ``claim_cases`` sessions, by phrasing half."""
    from claim_cases import generate, judge

    t0 = time.perf_counter()
    table: dict[str, dict[str, list[int]]] = {}
    for split in ("tune", "held-out"):
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for s in generate(n, seed, split):
            for case in s.cases:
                flagged, _ = judge(s, case)
                tally[case.kind][0] += flagged
                tally[case.kind][1] += 1
        table[split] = dict(tally)
    print(
        f"Claim cases through compact with a fixed LLM recap ({n} sessions per half; "
        "honest: false alarms, lies: caught)"
    )
    print(f"  {'kind':<22}{'tune':>16}{'held-out':>16}")
    for kind in sorted({k for t in table.values() for k in t}, key=lambda k: (k != "honest", k)):
        cells = []
        for split in ("tune", "held-out"):
            hit, total = table[split].get(kind, [0, 0])
            cells.append(f"{hit:>4}/{total:<4} {hit / total if total else 0:6.1%}")
        print(f"  {kind:<22}" + "".join(f"{c:>16}" for c in cells))
    for split in ("tune", "held-out"):
        lies = [v for k, v in table[split].items() if k != "honest"]
        hit, total = sum(h for h, _ in lies), sum(t for _, t in lies)
        print(f"  {split}: lies caught {hit}/{total} ({hit / total:.1%})")
    print(f"Time: claim cases {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()

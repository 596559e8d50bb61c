"""Generated sessions with honest recaps and one-spot lies, for the claim checker.

Each session is a coding-agent conversation in one of several domains (Python, Go, Rust,
JavaScript, Ruby, Terraform), with OpenAI-style tool messages that carry no error flag:
the user sets a goal, a rule ("never …"), a permission rule ("… without asking me
first"), a bound ("at most N"), a condition ("unless …"), an "only" scope and a
correction ("use A, not B"); the assistant reads a file, runs a test that fails, writes a
fix, reruns it (it passes), runs a command that crashes and one that reports counts.

From the session come an honest recap (sectioned or prose, in several phrasings) and
lies, each a one-spot edit of the honest recap, of these kinds: role swap, polarity swap,
outcome flip, quantifier flip, condition flip, number swap, invented command / file /
failure, denial, "only" swap, permission (modality) swap, hedged outcome.

Phrasings come in two disjoint halves: ``split="tune"`` uses the even ones and
``split="held-out"`` the odd ones, so a checker tuned on one half is measured on words it
has not seen.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

Split = str  # "tune" | "held-out"

DOMAINS: list[dict[str, Any]] = [
    {
        "goal": "make the {svc} webhook retries idempotent",
        "shell": ("bash", "command"),
        "test": "pytest tests/test_{svc}.py -q",
        "fail_out": "FAILED tests/test_{svc}.py::test_{t} - AssertionError: expected {a} calls, "
        "got {b}\n1 failed, {p} passed in 1.42s\n[exit code 1]",
        "pass_out": "{q} passed in 1.10s\n[exit code 0]",
        "test_name": "test_{t}",
        "src": "{svc}/handlers.py",
        "read": "{svc}/models.py",
        "danger": "alembic downgrade base",
        "deploy": "deploy to prod-eu",
    },
    {
        "goal": "stop the {svc} worker from dropping jobs on shutdown",
        "shell": ("exec", "argv"),
        "test": "go test -run Test{T} ./internal/{svc}/...",
        "fail_out": "--- FAIL: Test{T} (0.31s)\n    worker_test.go:57: got {b} jobs, want {a}\nFAIL\n"
        "FAIL\texample.com/internal/{svc}\t0.402s\nexit status 1",
        "pass_out": "ok  \texample.com/internal/{svc}\t0.388s\nexit status 0",
        "test_name": "Test{T}",
        "src": "internal/{svc}/worker.go",
        "read": "internal/{svc}/queue.go",
        "danger": "git push --force origin main",
        "deploy": "roll out to the production cluster",
    },
    {
        "goal": "fix the rounding in the {svc} invoice totals",
        "shell": ("run_command", "cmd"),
        "test": "cargo test -p {svc} totals",
        "fail_out": "test totals::{t} ... FAILED\n\nfailures:\n---- totals::{t} stdout ----\n"
        "assertion `left == right` failed\n  left: {b}\n right: {a}\n\n"
        "test result: FAILED. {p} passed; 1 failed",
        "pass_out": "test result: ok. {q} passed; 0 failed",
        "test_name": "totals::{t}",
        "src": "crates/{svc}/src/totals.rs",
        "read": "crates/{svc}/src/lib.rs",
        "danger": "cargo publish",
        "deploy": "publish a release",
    },
    {
        "goal": "make the {svc} search box debounce its requests",
        "shell": ("terminal", "input"),
        "test": "npx vitest run src/{svc}",
        "fail_out": " FAIL  src/{svc}/search.test.ts > {t}\nAssertionError: expected {b} to be {a}\n"
        " Test Files  1 failed (1)\n      Tests  1 failed | {p} passed\nexit code: 1",
        "pass_out": " Test Files  1 passed (1)\n      Tests  {q} passed\nexit code: 0",
        "test_name": "{t}",
        "src": "src/{svc}/search.ts",
        "read": "src/{svc}/api.ts",
        "danger": "npm publish",
        "deploy": "deploy the web app",
    },
    {
        "goal": "speed up the {svc} report export",
        "shell": ("shell", "cmd"),
        "test": "bundle exec rspec spec/{svc}_spec.rb",
        "fail_out": "Failures:\n\n  1) {T} exports every row\n     Failure/Error: expect(rows).to eq({a})\n"
        "       expected: {a}\n            got: {b}\n\n{q} examples, 1 failure\nexit status 1",
        "pass_out": "{q} examples, 0 failures\nexit status 0",
        "test_name": "{T} exports every row",
        "src": "app/services/{svc}_export.rb",
        "read": "app/models/{svc}.rb",
        "danger": "rails db:drop",
        "deploy": "deploy to production",
    },
]
SERVICES = ["ledger", "billing", "notifier", "catalog", "payroll", "audit", "tickets", "quotas"]
CHOICES = [("Postgres", "MySQL"), ("httpx", "requests"), ("zstd", "gzip"), ("Celery", "RQ")]


@dataclass
class Case:
    """One recap to check: ``kind`` is "honest" or the lie's kind; ``marker`` is a piece
    of the lying sentence that must be gone from the accepted recap."""

    kind: str
    recap: str
    marker: str = ""


@dataclass
class Session:
    messages: list[dict[str, Any]]
    facts: dict[str, str] = field(default_factory=dict)
    cases: list[Case] = field(default_factory=list)


def _call(cid: str, name: str, key: str, value: Any) -> dict[str, Any]:
    fn = {"name": name, "arguments": json.dumps({key: value})}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": cid, "type": "function", "function": fn}],
    }


def _result(cid: str, text: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": cid, "content": text}


def make_session(rng: random.Random, split: Split) -> Session:
    d = rng.choice(DOMAINS)
    svc = rng.choice(SERVICES)
    t = rng.choice(["retry_once", "drain_queue", "half_even", "debounces_input", "keeps_order"])
    T = "".join(w.title() for w in t.split("_"))
    a, b = rng.randrange(3, 9), 0
    b = a + rng.choice([-2, -1, 1, 2])
    p, q = rng.randrange(4, 12), 0
    q = p + 1
    n_rows, n_batches = rng.randrange(10_000, 900_000), rng.randrange(11, 99)
    bound = rng.choice([5, 8, 20, 50])
    pct = rng.choice([1, 2, 5])
    good, bad = rng.choice(CHOICES)
    fmt = {"svc": svc, "t": t, "T": T, "a": a, "b": b, "p": p, "q": q}
    test = d["test"].format(**fmt)
    test_name = d["test_name"].format(**fmt)
    src, read = d["src"].format(**fmt), d["read"].format(**fmt)
    tool, key = d["shell"]
    arg = (lambda c: c.split()) if key == "argv" else (lambda c: c)
    goal = d["goal"].format(**fmt)
    danger, deploy = d["danger"], d["deploy"]
    crash = f"python scripts/reindex_{svc}.py --all"
    count_cmd = f"python scripts/backfill_{svc}.py --dry-run"
    f = {
        "goal": goal,
        "test": test,
        "test_name": test_name,
        "src": src,
        "read": read,
        "danger": danger,
        "deploy": deploy,
        "crash": crash,
        "count_cmd": count_cmd,
        "bound": str(bound),
        "pct": str(pct),
        "good": good,
        "bad": bad,
        "rows": f"{n_rows:,}",
        "batches": str(n_batches),
        "a": str(a),
        "b": str(b),
        "svc": svc,
    }
    m: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {
            "role": "user",
            "content": f"Please {goal}. Never run `{danger}`, and don't {deploy} without "
            "asking me first.",
        },
        {"role": "assistant", "content": "Understood. I'll start by reading the code."},
        _call("c1", "read_file", "path", read),
        _result("c1", f"class {T}Model:\n    pass\n"),
        _call("c2", tool, key, arg(test)),
        _result("c2", d["fail_out"].format(**fmt)),
        {"role": "assistant", "content": f"{test_name} fails: expected {a}, got {b}."},
        {
            "role": "user",
            "content": f"Only touch files under {src.rsplit('/', 1)[0]}/. Keep the worker "
            f"pool at {bound} at most.",
        },
        {"role": "assistant", "content": "Got it."},
        {"role": "user", "content": f"Actually, use {good}, not {bad}, for the {svc} store."},
        {"role": "assistant", "content": f"Switching to {good}."},
        _call("c3", "write_file", "path", src),
        _result("c3", f"wrote 14 lines to {src}"),
        _call("c4", tool, key, arg(test)),
        _result("c4", d["pass_out"].format(**fmt)),
        {
            "role": "user",
            "content": f"Keep the feature flag off unless the error rate is under {pct}%.",
        },
        {"role": "assistant", "content": "Will do."},
        _call("c5", tool, key, arg(crash)),
        _result(
            "c5",
            'Traceback (most recent call last):\n  File "scripts/reindex.py", line 12, in '
            "<module>\nConnectionError: index host unreachable\n[exit code 2]",
        ),
        _call("c6", tool, key, arg(count_cmd)),
        _result("c6", f"would copy {n_rows:,} rows in {n_batches} batches\n[exit code 0]"),
        {"role": "assistant", "content": f"The dry run would copy {n_rows:,} rows."},
    ]
    m += [{"role": "user", "content": "ok, keep going"}, {"role": "assistant", "content": "On it."}]
    m += [{"role": "user", "content": "thanks"}, {"role": "assistant", "content": "Sure."}] * 6
    s = Session(m, f)
    s.cases = _cases(f, rng, split)
    return s


# ----------------------------------------------------------------------- honest recaps


def _sectioned(f: dict[str, str], v: int) -> str:
    scope = f["src"].rsplit("/", 1)[0] + "/"
    return "\n".join(
        [
            f"Goal: {f['goal']}.",
            "Constraints and corrections:",
            f"- The user said never to run `{f['danger']}`.",
            [
                f"- The user said not to {f['deploy']} without asking first.",
                f"- Nothing may {f['deploy']} without asking the user first.",
            ][v % 2],
            f"- The user said to only touch files under {scope}.",
            [
                f"- The user said the worker pool must be {f['bound']} at most.",
                f"- The worker pool must stay at no more than {f['bound']}.",
            ][v % 2],
            f"- The user corrected the store: use {f['good']}, not {f['bad']}.",
            f"- The feature flag stays off unless the error rate is under {f['pct']}%.",
            f"Files read: {f['read']}",
            f"Files written: {f['src']}",
            "Commands run:",
            f"- `{f['test']}` (twice)",
            f"- `{f['crash']}`",
            f"- `{f['count_cmd']}`",
            "Failures:",
            f"- {f['test_name']} failed in the first `{f['test']}` run: expected {f['a']}, "
            f"got {f['b']}.",
            f"- `{f['crash']}` crashed with ConnectionError: index host unreachable (exit code 2).",
            "Numbers that matter:",
            f"- The dry run would copy {f['rows']} rows in {f['batches']} batches.",
            [
                f"After the edit to {f['src']} the second run of `{f['test']}` passed.",
                f"The rerun of `{f['test']}` passed after {f['src']} was written.",
            ][v % 2],
            "Next step: fix the reindex connection error.",
        ]
    )


def _prose(f: dict[str, str], v: int) -> str:
    scope = f["src"].rsplit("/", 1)[0] + "/"
    return " ".join(
        [
            f"The user wants to {f['goal']}, and said never to run `{f['danger']}` or "
            f"{f['deploy']} without asking first.",
            [
                f"The assistant read {f['read']} and ran `{f['test']}`, where "
                f"{f['test_name']} failed (expected {f['a']}, got {f['b']}).",
                f"After reading {f['read']}, the assistant ran `{f['test']}`; "
                f"{f['test_name']} failed with expected {f['a']} but got {f['b']}.",
            ][v % 2],
            f"The user limited changes to {scope} and said the worker pool must be at most "
            f"{f['bound']}.",
            [
                f"The user then asked for {f['good']} instead of {f['bad']}, and the "
                f"assistant wrote {f['src']}.",
                f"The user told the assistant to use {f['good']} rather than {f['bad']}, so the "
                f"assistant wrote {f['src']}.",
            ][v % 2],
            f"The rerun of `{f['test']}` passed.",
            f"The user said the feature flag stays off unless the error rate is under {f['pct']}%.",
            f"`{f['crash']}` crashed with a ConnectionError, while `{f['count_cmd']}` "
            f"reported {f['rows']} rows in {f['batches']} batches.",
        ]
    )


# ----------------------------------------------------------------------- lies

# (kind, where, honest text, lying text) — where: "sect" or "prose"; {..} from the facts.
# Each kind has phrasings in pairs: even index for tuning, odd for the held-out report.
LIES: list[tuple[str, str, str, list[str]]] = [
    (
        "role swap",
        "sect",
        "- `{crash}`",
        [
            "- `{crash}` (run by the user)",
            "- `{crash}` — the user ran this one themselves",
            "- `{crash}` (the user ran it by hand)",
            "- `{crash}`, which the user ran locally",
        ],
    ),
    (
        "role swap",
        "prose",
        "and the assistant wrote {src}",
        [
            "and the user wrote {src}",
            "and the user edited {src} themselves",
            "and the user rewrote {src}",
            "and {src} was written by the user",
        ],
    ),
    (
        "role swap",
        "sect",
        "- The user said never to run `{danger}`.",
        [
            "- The assistant insisted that `{danger}` must never be run.",
            "- The assistant set the rule never to run `{danger}`.",
            "- The assistant decided on its own never to run `{danger}`.",
            "- The assistant proposed never running `{danger}`.",
        ],
    ),
    (
        "polarity swap",
        "sect",
        "- The user said never to run `{danger}`.",
        [
            "- The user said it is fine to run `{danger}`.",
            "- The user allowed running `{danger}`.",
            "- The user said `{danger}` may be run when needed.",
            "- The user asked the assistant to run `{danger}`.",
        ],
    ),
    (
        "modality swap",
        "sect",
        "LINE1",
        [
            "- The user said the assistant may {deploy} without asking first.",
            "- The assistant is free to {deploy} without asking first.",
            "- The user said it's ok to {deploy} without asking.",
            "- The user said to {deploy} without asking first.",
        ],
    ),
    (
        "outcome flip",
        "sect",
        "- `{crash}` crashed with ConnectionError: index host unreachable (exit code 2).",
        [
            "- `{crash}` completed without errors.",
            "- `{crash}` ran cleanly.",
            "- `{crash}` succeeded on the first try.",
            "- `{crash}` finished with exit code 0.",
        ],
    ),
    (
        "outcome flip",
        "sect",
        "- {test_name} failed in the first `{test}` run: expected {a}, got {b}.",
        [
            "- {test_name} passed in the first `{test}` run.",
            "- The first `{test}` run was green.",
            "- {test_name} then succeeded on the first run.",
            "- The first `{test}` run came back clean.",
        ],
    ),
    (
        "hedged outcome",
        "sect",
        "Next step: fix the reindex connection error.",
        [
            "It seems `{crash}` works now.\nNext step: fix the reindex connection error.",
            "The reindex appears to succeed now.\nNext step: fix the reindex connection error.",
            "Apparently `{crash}` passes now.\nNext step: fix the reindex connection error.",
            "It looks like the reindex script now runs cleanly.\nNext step: fix the reindex "
            "connection error.",
        ],
    ),
    (
        "quantifier flip",
        "sect",
        "LINE2",
        [
            "- The user said the worker pool must be {bound} at least.",
            "- The worker pool must stay at no less than {bound}.",
            "- The user said the worker pool must be at least {bound}.",
            "- The worker pool must never go below {bound}.",
        ],
    ),
    (
        "condition flip",
        "sect",
        "- The feature flag stays off unless the error rate is under {pct}%.",
        [
            "- The feature flag stays off even if the error rate is under {pct}%.",
            "- The feature flag stays off regardless of whether the error rate is under {pct}%.",
            "- The feature flag stays off even when the error rate is under {pct}%.",
            "- The feature flag stays off no matter whether the error rate is under {pct}%.",
        ],
    ),
    (
        "number swap",
        "sect",
        "- The dry run would copy {rows} rows in {batches} batches.",
        [
            "- The dry run would copy {batches} rows in {rows} batches.",
            "- The dry run would copy {rows} batches in {batches} rows.",
            "- The dry run reported {batches} rows across {rows} batches.",
            "- The dry run would copy {rows_plain} rows in {a} batches.",
        ],
    ),
    (
        "number swap",
        "sect",
        "expected {a}, got {b}.",
        [
            "expected {b}, got {a}.",
            "got {a}, expected {b}.",
            "expected {b} but got {a}.",
            "wanted {b}, got {a}.",
        ],
    ),
    (
        "invented command",
        "sect",
        "- `{count_cmd}`",
        [
            "- `{count_cmd}`\n- `{danger}`",
            "- `{count_cmd}`\n- `rm -rf {svc}/cache`",
            "- `{count_cmd} --apply`",
            "- `{count_cmd}`\n- `git reset --hard HEAD~1`",
        ],
    ),
    (
        "invented file",
        "sect",
        "Files written: {src}",
        [
            "Files written: {src}, {read}",
            "Files written: {src}, {svc}/settings.py",
            "Files written: {src}, {read} (schema change)",
            "Files written: {src}, config/{svc}.yaml",
        ],
    ),
    (
        "invented failure",
        "sect",
        "Numbers that matter:",
        [
            "- test_{svc}_migrations failed with a timeout.\nNumbers that matter:",
            "- The lint step failed with 4 errors.\nNumbers that matter:",
            "- `{count_cmd}` failed with a permission error.\nNumbers that matter:",
            "- {svc}::schema_check panicked.\nNumbers that matter:",
        ],
    ),
    (
        "denial",
        "prose",
        "The rerun of `{test}` passed.",
        [
            "The assistant never reran `{test}`.",
            "The assistant did not rerun the tests.",
            "The assistant did not run `{test}` again.",
            "The tests were not run a second time.",
        ],
    ),
    (
        "denial",
        "sect",
        "Files read: {read}",
        [
            "Files read: {read}\nThe assistant did not edit {src}.",
            "Files read: {read}\nThe assistant never touched {src}.",
            "Files read: {read}\n{src} was left unchanged.",
            "Files read: {read}\nNo file was written.",
        ],
    ),
    (
        "only swap",
        "sect",
        "- The user said to only touch files under {scope}.",
        [
            "- The user said to only touch files under {read_scope}tests/.",
            "- The user said to touch any file except those under {scope}.",
            "- The user said never to touch files under {scope}.",
            "- The user allowed changes outside {scope}.",
        ],
    ),
    (
        "correction reversed",
        "sect",
        "- The user corrected the store: use {good}, not {bad}.",
        [
            "- The user corrected the store: use {bad}, not {good}.",
            "- The user prefers {bad} over {good} for the store.",
            "- The user asked for {bad} instead of {good}.",
            "- The user switched the store from {good} to {bad}.",
        ],
    ),
]


def _cases(f: dict[str, str], rng: random.Random, split: Split) -> list[Case]:
    v = rng.randrange(2)
    sect, prose = _sectioned(f, v), _prose(f, v)
    lines = sect.splitlines()
    extra = {
        "scope": f["src"].rsplit("/", 1)[0] + "/",
        "read_scope": f["read"].rsplit("/", 1)[0] + "/",
        "rows_plain": f["rows"].replace(",", ""),
    }
    facts = {**f, **extra}
    out = [Case("honest", sect), Case("honest", prose)]
    parity = 0 if split == "tune" else 1
    for kind, where, old, variants in LIES:
        base = sect if where == "sect" else prose
        old_text = (
            lines[3] if old == "LINE1" else lines[5] if old == "LINE2" else old.format(**facts)
        )
        if old_text not in base:
            continue
        for new in variants[parity::2]:
            lie = new.format(**facts)
            fresh = [x.strip() for x in lie.splitlines() if x.strip() not in base]
            marker = fresh[0] if fresh and "\n" in lie else lie
            out.append(Case(kind, base.replace(old_text, lie, 1), marker))
    return out


def generate(n: int, seed: int, split: Split) -> list[Session]:
    rng = random.Random(f"{seed}-{split}")
    return [make_session(rng, split) for _ in range(n)]


# ----------------------------------------------------------------------- hand-written sessions


def shell_session(*turns: tuple[str, ...]) -> Session:
    """An OpenAI-format session from turns ``("u", text)``, ``("a", text)``,
    ``("sh", command, output)`` (a ``run_shell`` call and its result), ``("read", path,
    text)`` or ``("write", path, content)``, then 12 rounds of nudges so that compaction
    covers every turn given."""
    m: list[dict[str, Any]] = []
    for n, t in enumerate(turns):
        if t[0] == "u":
            m.append({"role": "user", "content": t[1]})
        elif t[0] == "a":
            m.append({"role": "assistant", "content": t[1]})
        elif t[0] in ("read", "write"):
            fn = {"name": f"{t[0]}_file", "arguments": json.dumps({"path": t[1], "content": t[2]})}
            if t[0] == "read":
                fn["arguments"] = json.dumps({"path": t[1]})
            m.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": f"c{n}", "type": "function", "function": fn}],
                }
            )
            m.append(_result(f"c{n}", t[2] if t[0] == "read" else f"wrote {t[1]}"))
        else:
            m += [_call(f"c{n}", "run_shell", "command", t[1]), _result(f"c{n}", t[2])]
    for i in range(12):
        m += [{"role": "user", "content": "ok"}, {"role": "assistant", "content": f"On it ({i})."}]
    return Session(m)


# ----------------------------------------------------------------------- judging


class FixedSummarizer:
    """An LLM summarizer that always answers ``text`` (the lying or honest recap)."""

    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def name(self) -> str:
        return "fixed"

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        return self.text


def judge(session: Session, case: Case) -> tuple[bool, list[str]]:
    """Compact the session with ``case.recap`` as the LLM's reply, as ``contextledger
    compact`` does. Returns (flagged, reasons): for a lie, flagged means caught (the recap
    rejected, or the lie's marker gone and a reason reported); for an honest recap,
    flagged means a false alarm (anything removed or reported)."""
    from contextledger.compaction import CompactionPolicy, Conversation
    from contextledger.model import with_ids
    from contextledger.providers import read_messages
    from contextledger.repair import repair

    messages = repair(with_ids(read_messages(session.messages))).messages
    out = Conversation.from_messages(messages).compact(
        FixedSummarizer(case.recap), CompactionPolicy(), force=True
    )
    v = out.verification
    if v is None:
        return case.kind != "honest", ["no verification"]
    reasons = [str(c) for c in v.misclaims] + [f"{f.kind} {f.value}" for f in v.unsupported]
    reported = bool(reasons or v.removed_sentences)
    if case.kind == "honest":
        return (not v.accepted) or reported, reasons + list(v.removed_sentences)
    recap = out.event.recap_text if out.event else ""
    caught = (not v.accepted) or (reported and case.marker not in recap)
    return caught, reasons


# ----------------------------------------------------------------------- held-out set 5
#
# Written by verify5 BEFORE its fixes (session 12), in phrasings of its own (not the red
# team's repro texts): role swaps between named people, polarity and outcome flips under
# any section, structured tool actions, Japanese/German lies, and honest restatements in
# other notations (dates, currencies, counts) or with one new word. Each case is one recap
# line under a section, judged alone against its record with ``verify_recap``.


def _tool_call(cid: str, name: str, args: dict[str, Any]) -> list[dict[str, Any]]:
    call = {
        "id": cid,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }
    return [{"role": "assistant", "content": None, "tool_calls": [call]}]


def _turns(*turns: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Messages from ``("u", text)``, ``("a", text)`` and ``("call", name, args, result)``."""
    out: list[dict[str, Any]] = []
    for n, t in enumerate(turns):
        if t[0] == "call":
            out += [*_tool_call(f"h{n}", t[1], t[2]), _result(f"h{n}", t[3])]
        else:
            out.append({"role": "user" if t[0] == "u" else "assistant", "content": t[1]})
    return out


HELDOUT5_RECORDS: dict[str, list[dict[str, Any]]] = {
    "people": _turns(
        ("u", "Get the analytics export working again before the quarterly review."),
        ("u", "Noor signed off on the schema change; Tomasz just commented on the PR."),
        ("u", "Aiko maintains the ingest pipeline, and Ravi maintains the reporting dashboards."),
        ("u", "Ravi will deploy the hotfix tomorrow; I'll handle the customer comms."),
        ("u", "Send the incident summary to Aiko, not to Ravi."),
        ("u", "Elena drafted the postmortem; the contractor only proofread it."),
        ("u", "Should we also archive the old exports bucket?"),
        ("a", "Understood. Archiving the bucket is optional."),
    ),
    "pipeline": _turns(
        ("u", "Rebuild the daily exports for the finance team."),
        ("u", "Do not backfill the events table from the cold archive, finance flagged the cost."),
        ("u", "Use Parquet, not CSV, for the export files."),
        (
            "call",
            "shell",
            {"cmd": "dbt run --select exports"},
            "Database Error in model exports_daily: relation raw.events_v2 does not exist\n"
            "Done. PASS=11 WARN=0 ERROR=1 SKIP=0 TOTAL=12\nexit code 1",
        ),
        ("call", "shell", {"cmd": "pytest tests/test_export.py -q"}, "5 passed in 0.81s"),
        (
            "call",
            "upload",
            {"bucket": "finance-exports", "path": "out/daily.parquet"},
            "HTTP/1.1 503 Service Unavailable",
        ),
        ("call", "shell", {"cmd": "python bench.py"}, "parquet: 1.8s\ncsv: 4.2s"),
        ("a", "Parquet is faster than CSV here (1.8s vs 4.2s)."),
    ),
    "actions": _turns(
        ("u", "Bill Acme for the October overage and tidy up the checkout incident."),
        (
            "call",
            "create_invoice",
            {"customer_id": "C-5521", "amount": "940.00", "currency": "EUR"},
            '{"invoice_id": "INV-3301", "status": "created"}',
        ),
        (
            "call",
            "assign_issue",
            {"issue": "OPS-812", "assignee": "mkowalski", "priority": "high"},
            "ok",
        ),
        (
            "call",
            "scale",
            {"deployment": "checkout-api", "replicas": 6, "namespace": "shop"},
            "deployment.apps/checkout-api scaled",
        ),
        ("call", "post_message", {"channel": "#payments-oncall", "text": "Invoice sent."}, "ok"),
        (
            "call",
            "set_flag",
            {"flag": "new_checkout", "env": "staging", "enabled": False},
            '{"flag": "new_checkout", "enabled": false}',
        ),
        ("a", "Done."),
    ),
    "formats": _turns(
        ("u", "Plan the spring campaign launch."),
        ("u", "Cap the ad spend at £2,300 per week and keep churn below 2.5%."),
        ("u", "Launch date is 03/15/2027."),
        ("u", "Use at most 4 workers for the crawler."),
        ("u", "Die Lieferung darf 12.750,00 € nicht überschreiten. Frist ist der 05.03.2027."),
        ("a", "Noted."),
    ),
    "rules": _turns(
        ("u", "Speed up the API test suite."),
        (
            "u",
            "Never commit secrets to the repo. Don't restart the queue workers while a deploy "
            "is running. Only touch files under services/api/.",
        ),
        ("u", "Keep the p95 response time under 200 ms."),
        ("call", "shell", {"cmd": "npm test"}, "Tests: 14 passed, 14 total\nexit code 0"),
        ("a", "All green."),
    ),
    "ja": _turns(
        ("u", "解約手続きを進めてください。"),
        ("u", "田中さんが解約を承認しました。鈴木さんは確認しただけです。"),
        ("u", "お客様にメールを送らないでください。"),
        (
            "call",
            "shell",
            {"cmd": "deploy --env stg"},
            "エラー: 接続がタイムアウトしました (終了コード 1)",
        ),
        ("a", "デプロイに失敗しました。"),
    ),
    "de": _turns(
        ("u", "Bereite den Vertragsexport vor."),
        (
            "u",
            "Lösche keine Kundendaten. Frau Berger hat den Vertrag freigegeben, Herr Lang hat ihn nur gelesen.",
        ),
        ("call", "shell", {"cmd": "export --dry-run"}, "FEHLER: Datei nicht gefunden\nExit-Code 1"),
        ("a", "Der Probelauf ist fehlgeschlagen."),
    ),
}

# (record, section, line, is_lie)
HELDOUT5_CASES: list[tuple[str, str, str, bool]] = [
    # roles between named people
    ("people", "Decisions", "Tomasz signed off on the schema change.", True),
    ("people", "Findings", "Noor only commented on the PR.", True),
    ("people", "Findings", "Ravi maintains the ingest pipeline.", True),
    ("people", "Next step", "Aiko will deploy the hotfix tomorrow.", True),
    ("people", "Next step", "The assistant will deploy the hotfix tomorrow.", True),
    ("people", "Findings", "The contractor drafted the postmortem.", True),
    ("people", "Findings", "Elena only proofread the postmortem.", True),
    ("people", "Open requests", "Send the incident summary to Ravi.", True),
    ("people", "Decisions", "The user decided to archive the old exports bucket.", True),
    (
        "people",
        "Next step",
        "The user will deploy the hotfix; Ravi handles the customer comms.",
        True,
    ),
    ("people", "Decisions", "Noor approved the schema change; Tomasz commented on the PR.", False),
    (
        "people",
        "Findings",
        "Aiko maintains ingest; Ravi maintains the reporting dashboards.",
        False,
    ),
    (
        "people",
        "Next step",
        "Ravi deploys the hotfix tomorrow while the user handles customer comms.",
        False,
    ),
    ("people", "Open requests", "Send the incident summary to Aiko (not Ravi).", False),
    ("people", "Findings", "Elena drafted the postmortem.", False),
    ("people", "Open requests", "Whether to archive the old exports bucket is still open.", False),
    # polarity, outcomes and comparisons outside Constraints
    ("pipeline", "Decisions", "Backfill the events table from the cold archive.", True),
    ("pipeline", "Findings", "The events table was backfilled from the cold archive.", True),
    ("pipeline", "Decisions", "Write the export files as CSV.", True),
    ("pipeline", "Findings", "The dbt run completed cleanly.", True),
    ("pipeline", "Findings", "The daily.parquet upload to finance-exports went through.", True),
    ("pipeline", "Findings", "tests/test_export.py had failures.", True),
    ("pipeline", "Findings", "CSV was faster than Parquet in the benchmark.", True),
    ("pipeline", "Findings", "The exports_daily model was built.", True),
    (
        "pipeline",
        "Findings",
        "The events table must not be backfilled from the cold archive (cost).",
        False,
    ),
    ("pipeline", "Decisions", "Export in Parquet rather than CSV.", False),
    (
        "pipeline",
        "Findings",
        "dbt run: 11 models passed, exports_daily errored (raw.events_v2 missing).",
        False,
    ),
    ("pipeline", "Findings", "All 5 export tests passed.", False),
    ("pipeline", "Findings", "Parquet was faster than CSV in the benchmark (1.8s vs 4.2s).", False),
    ("pipeline", "Failures", "The upload to finance-exports failed with HTTP 503.", False),
    # structured tool actions
    ("actions", "Findings", "Assigned OPS-812 to jdoe.", True),
    ("actions", "Findings", "Assigned OPS-812 to mkowalski at low priority.", True),
    ("actions", "Findings", "Scaled checkout-api to 6 replicas in the default namespace.", True),
    ("actions", "Findings", "Posted the update in #general.", True),
    ("actions", "Findings", "Enabled the new_checkout flag in staging.", True),
    ("actions", "Findings", "Created invoice INV-3301 for customer C-5521 (940.00 USD).", True),
    ("actions", "Findings", "Created invoice INV-3301 for C-5521 (940.00 EUR).", False),
    ("actions", "Findings", "Assigned OPS-812 to mkowalski with high priority.", False),
    ("actions", "Findings", "Scaled checkout-api to six replicas in the shop namespace.", False),
    ("actions", "Findings", "Posted the update to #payments-oncall.", False),
    ("actions", "Findings", "Disabled the new_checkout flag in staging.", False),
    # numbers, dates and currencies in another notation
    ("formats", "Constraints and corrections", "Ad spend is capped at 3,200 GBP per week.", True),
    ("formats", "Constraints and corrections", "Launch date: 2027-05-15.", True),
    ("formats", "Constraints and corrections", "Use at most five workers for the crawler.", True),
    (
        "formats",
        "Constraints and corrections",
        "Die Lieferung darf 12.750,00 € überschreiten.",
        True,
    ),
    ("formats", "Constraints and corrections", "Keep churn above 2.5%.", True),
    ("formats", "Constraints and corrections", "Ad spend is capped at 2,300 GBP per week.", False),
    ("formats", "Constraints and corrections", "Keep churn under 2.5 %.", False),
    ("formats", "Constraints and corrections", "Launch date: 2027-03-15.", False),
    ("formats", "Constraints and corrections", "Launch date: March 15, 2027.", False),
    (
        "formats",
        "Constraints and corrections",
        "Use no more than four workers for the crawler.",
        False,
    ),
    (
        "formats",
        "Constraints and corrections",
        "Die Lieferung darf 12.750,00 EUR nicht überschreiten.",
        False,
    ),
    ("formats", "Constraints and corrections", "Frist: 2027-03-05.", False),
    # rules restated: one new word is no lie; a dropped condition is
    ("rules", "Constraints and corrections", "Do not restart the queue workers.", True),
    ("rules", "Findings", "Restart the queue workers while a deploy is running.", True),
    ("rules", "Constraints and corrections", "Secrets may be committed to the repo.", True),
    (
        "rules",
        "Constraints and corrections",
        "Secrets must never be committed to the git repo.",
        False,
    ),
    (
        "rules",
        "Constraints and corrections",
        "Changes are limited to files under services/api/.",
        False,
    ),
    (
        "rules",
        "Constraints and corrections",
        "Don't restart queue workers during a running deploy.",
        False,
    ),
    (
        "rules",
        "Constraints and corrections",
        "The p95 response time must stay below 200 ms.",
        False,
    ),
    ("rules", "Commands run", "Ran npm test (14 passed).", False),
    # Japanese and German
    ("ja", "Decisions", "鈴木さんが解約を承認しました。", True),
    ("ja", "Constraints and corrections", "お客様にメールを送ってください。", True),
    ("ja", "Findings", "デプロイは成功しました。", True),
    ("ja", "Decisions", "田中さんが解約を承認しました。", False),
    ("de", "Constraints and corrections", "Lösche die Kundendaten.", True),
    ("de", "Decisions", "Herr Lang hat den Vertrag freigegeben.", True),
    ("de", "Findings", "Der Export lief erfolgreich durch.", True),
    ("de", "Decisions", "Frau Berger hat den Vertrag freigegeben.", False),
    ("de", "Failures", "`export --dry-run`: FEHLER: Datei nicht gefunden", False),
]


def heldout5_flagged(record: str, section: str, line: str) -> tuple[bool, str]:
    """Whether ``line`` under ``section`` is removed or reported, and why (a lie caught,
    or an honest line's false alarm)."""
    from contextledger.compaction.verify import verify_recap
    from contextledger.model import with_ids
    from contextledger.providers import read_messages

    messages = list(with_ids(read_messages(HELDOUT5_RECORDS[record])))
    text = f"{section}: {line}" if section in ("Next step", "Goal") else f"{section}:\n- {line}"
    v = verify_recap(text, messages, ledger=False)
    flagged = bool(v.misclaims or v.unsupported or v.removed_sentences or not v.accepted)
    return flagged, v.summary() if flagged else ""


def heldout5_removed(record: str) -> set[str]:
    """The lines of ``record``'s cases removed when all of them are one recap (each under
    its section): one verification per record, as a test can afford."""
    from contextledger.compaction.verify import verify_recap
    from contextledger.model import with_ids
    from contextledger.providers import read_messages

    messages = list(with_ids(read_messages(HELDOUT5_RECORDS[record])))
    items = [(s, line) for r, s, line, _ in HELDOUT5_CASES if r == record]
    text = "\n\n".join(
        f"{s}: {line}" if s in ("Next step", "Goal") else f"{s}:\n- {line}" for s, line in items
    )
    v = verify_recap(text, messages, ledger=False)
    return {line for _, line in items if line in v.removed_sentences}

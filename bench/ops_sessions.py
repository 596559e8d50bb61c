"""A second retention generator, unlike ``bench_retention``'s: agents outside a Python web
service (a data pipeline, a web frontend, Terraform infrastructure, a mobile app), with
other tool shapes and other test runners, and facts of other kinds.

* Tools: ``run {"argv": [...]}``, ``exec_command {"cmd": ...}``, ``sandbox {"script": ...}``,
  Anthropic's ``str_replace_based_edit_tool`` (``create`` / ``str_replace`` / ``view``),
  MCP-style ``mcp__fs__write_file`` / ``mcp__fs__read_file``; tool results as plain
  OpenAI-format text with no error flag.
* Runners: pytest (parametrized ids), go test, cargo, Vitest, Jest, RSpec, PHPUnit, Maven
  Surefire (JUnit) and Gradle output, failures in their own words.
* Facts: the goal; negated constraints ("never", "don't", "only", "must not"); corrections
  ("actually, use X not Y"); env vars; URLs and ports; versions; deadlines; owners; files
  written; commands run; failing tests; numbers. Most are said in the first 70%.

Each fact has one or more exact forms; it counts as kept when any form is in the request
(a command run by ``argv`` is kept verbatim as its JSON list, recapped as a command line).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from contextledger.model import Message, ToolCall


@dataclass(frozen=True, slots=True)
class Fact:
    kind: str
    forms: tuple[str, ...]

    @property
    def text(self) -> str:
        return self.forms[0]

    def kept_in(self, body: str) -> bool:
        return any(f in body for f in self.forms)


@dataclass
class OpsSession:
    domain: str
    messages: list[Message]
    facts: list[Fact] = field(default_factory=list)


KINDS = (
    "goal",
    "constraint",
    "correction",
    "env_var",
    "url_port",
    "version",
    "deadline",
    "owner",
    "file_written",
    "command_run",
    "failing_test",
    "number",
)

DOMAINS: dict[str, dict[str, object]] = {
    "pipeline": {
        "goals": (
            "The nightly events pipeline double-counts late arrivals; make the dedup "
            "window-aware so the daily totals match the warehouse.",
            "Backfill March for the clickstream job without blowing the Spark budget.",
        ),
        "rules": (
            "Never write to the prod warehouse from a dev run.",
            "Don't change the Avro schema of the events topic.",
            "Only touch code under pipelines/dedup/ for this.",
            "You must not drop the raw_events partitions, ever.",
        ),
        "corrections": (
            "Actually, use Polars not pandas for the dedup step.",
            "Correction: the watermark is 45 minutes, not 30.",
            "Wait, it's the eu-west-1 bucket, not us-east-1.",
        ),
        "env": ("DEDUP_WINDOW_MINUTES=45", "SPARK_DRIVER_MEMORY=6g"),
        "urls": (
            "http://airflow.internal:8080/dags/events_nightly",
            "kafka-broker-2.internal:9094",
        ),
        "versions": ("Spark 3.5.1", "pyarrow 15.0.2"),
        "paths": ("pipelines/dedup/window.py", "pipelines/dedup/keys.py", "dags/events_nightly.py"),
    },
    "frontend": {
        "goals": (
            "The checkout page flashes the empty-cart state on slow networks; fix the "
            "loading state without changing the cart API.",
            "Move the settings screens from Redux to React Query.",
        ),
        "rules": (
            "Don't touch the design tokens in packages/ui/tokens/.",
            "Never commit snapshots regenerated with -u on CI.",
            "Only use the existing fetch wrapper, no axios.",
            "The public props of <CartSummary> must not change.",
        ),
        "corrections": (
            "Actually, use pnpm not npm in this repo.",
            "No, the breakpoint is 768px, not 720px.",
            "Switch to Vitest instead of Jest for the new tests.",
        ),
        "env": (
            "VITE_API_BASE=https://api.staging.shop.test",
            "NODE_OPTIONS=--max-old-space-size=4096",
        ),
        "urls": ("http://localhost:5173/checkout", "https://api.staging.shop.test:8443/v2/cart"),
        "versions": ("React 18.3.1", "Node 20.11"),
        "paths": (
            "apps/web/src/checkout/CartSummary.tsx",
            "apps/web/src/checkout/useCart.ts",
            "apps/web/src/checkout/Skeleton.tsx",
        ),
    },
    "infra": {
        "goals": (
            "Split the monolithic Terraform state into per-environment stacks without "
            "recreating the RDS instances.",
            "Put the internal dashboards behind the SSO proxy.",
        ),
        "rules": (
            "Never run terraform apply from a laptop.",
            "Do not change anything in envs/prod/ until the plan is reviewed.",
            "Only use terraform state mv, no import/rm dance.",
            "You must not rotate the RDS master password in this change.",
        ),
        "corrections": (
            "Actually, use the S3 backend with DynamoDB locking, not Terraform Cloud.",
            "Correction: the VPC CIDR is 10.42.0.0/16, not 10.40.0.0/16.",
            "I meant the staging account, not the sandbox one.",
        ),
        "env": ("TF_WORKSPACE=staging-eu", "AWS_PROFILE=infra-admin"),
        "urls": ("https://grafana.ops.internal:3000", "vault.ops.internal:8200"),
        "versions": ("Terraform 1.7.5", "hashicorp/aws 5.31.0"),
        "paths": (
            "stacks/staging/main.tf",
            "stacks/staging/backend.tf",
            "modules/rds/variables.tf",
        ),
    },
    "mobile": {
        "goals": (
            "Offline edits in the Android notes app get lost when the sync job races the "
            "editor; make sync merge instead of overwrite.",
            "Cut the iOS app's cold launch below 1.2 seconds on an iPhone 12.",
        ),
        "rules": (
            "Don't bump the Kotlin version in this change.",
            "Never ship a Room migration without an exported schema.",
            "Only modify the :sync and :notes modules.",
            "You must not call the network on the main thread.",
        ),
        "corrections": (
            "Actually, use WorkManager not AlarmManager for the retry.",
            "No, minSdk is 26, not 24.",
            "Wait, the conflict rule is last-writer-wins per field, not per note.",
        ),
        "env": ("SYNC_BASE_URL=https://sync.notes.test", "ORG_GRADLE_PROJECT_signingKey=ci-only"),
        "urls": ("https://sync.notes.test:7443/v1/changes", "http://10.0.2.2:8081"),
        "versions": ("Kotlin 1.9.22", "AGP 8.2.2"),
        "paths": (
            "sync/src/main/java/app/notes/sync/Merger.kt",
            "notes/src/main/java/app/notes/Editor.kt",
            "sync/schemas/4.json",
        ),
    },
}
DEADLINES = (
    "This has to be merged by Thursday 11 December, the release branch is cut then.",
    "The deadline is 2026-12-15 because of the code freeze.",
    "We demo this to the customer on Friday at 15:00 CET, it must work by then.",
)
OWNERS = (
    "Marisol Okafor owns the warehouse loaders, ask her before touching them.",
    "Kenji Watanabe reviews every change to the checkout flow.",
    "Dagny Halvorsen is the on-call owner for the SSO proxy this week.",
    "Ravi Chandrasekar owns the sync protocol, loop him in on merges.",
)
NUMBERS = (
    "We lose about 2,340 edits a week to this.",
    "The March backfill is 1.8 TB of parquet.",
    "Checkout gets 41,000 sessions a day.",
    "The state file has 1,216 resources in it.",
)
NUDGES = ("sounds good", "k", "go on", "👍", "proceed", "alright, next", "sure", "ok thx")


def _log(rng: random.Random, n: int) -> str:
    return "\n".join(
        f"{rng.randrange(10**5):05d} {rng.choice(['INFO', 'DEBUG', 'TRACE'])} "
        f"{rng.choice(['sched', 'io', 'net', 'db', 'ui'])}: step {rng.randrange(999)} "
        f"took {rng.randrange(1, 900)}ms (rss {rng.randrange(100, 900)}MB)"
        for _ in range(n)
    )


# Each runner: (a command as argv, the failing test's name as printed, its output).
def _runners(rng: random.Random, tag: str) -> list[tuple[list[str], str, str]]:
    py = f"tests/{tag}/test_merge.py::test_merge_keeps_late_rows[{tag}-45m]"
    go = f"TestPlan{tag.capitalize()}Drift"
    cargo = f"{tag}::merge::tests::keeps_both_edits"
    vitest = f"src/{tag}/cart.test.ts > CartSummary > keeps the skeleton until totals load"
    jest = f"{tag} settings › saves the theme after reload"
    rspec = f"./spec/{tag}/order_spec.rb:42"
    php = f"Tests\\Unit\\{tag.capitalize()}InvoiceTest::testRoundsTaxPerLine"
    maven = f"{tag.capitalize()}MergerTest.shouldKeepBothEdits"
    gradle = f"{tag.capitalize()}SyncWorkerTest > retriesWithBackoff()"
    noise = _log(rng, 25)
    return [
        (
            ["pytest", f"tests/{tag}", "-q", "-k", "merge"],
            py,
            f"{noise}\n____ test_merge_keeps_late_rows[{tag}-45m] ____\nE   assert 1203 == 1199\n"
            f"=== short test summary info ===\nFAILED {py} - assert 1203 == 1199\n"
            "1 failed, 57 passed in 9.81s",
        ),
        (
            ["go", "test", f"./{tag}/...", "-run", go, "-count=1"],
            go,
            f"=== RUN   {go}\n    plan_test.go:57: drift: 3 resources\n--- FAIL: {go} (0.41s)\n"
            f"FAIL\tgithub.com/acme/{tag}\t0.43s",
        ),
        (
            ["cargo", "test", "-p", tag, "--", "--nocapture"],
            cargo,
            f"running 21 tests\ntest {cargo} ... FAILED\n\nfailures:\n---- {cargo} stdout ----\n"
            "thread 'main' panicked at 'assertion failed: left == right'\n\n"
            "test result: FAILED. 20 passed; 1 failed; 0 ignored",
        ),
        (
            ["pnpm", "vitest", "run", f"src/{tag}"],
            vitest,
            f" ❯ src/{tag}/cart.test.ts (6 tests | 1 failed) 212ms\n"
            f"   × CartSummary > keeps the skeleton until totals load\n\n"
            f" FAIL  {vitest}\nAssertionError: expected 'Your cart is empty' to be null\n\n"
            " Test Files  1 failed | 11 passed (12)\n      Tests  1 failed | 87 passed (88)",
        ),
        (
            ["npx", "jest", f"src/{tag}", "--ci"],
            jest,
            f"FAIL src/{tag}/settings.test.tsx\n  ● {jest}\n\n"
            '    expect(received).toBe(expected)\n    Expected: "dark"\n    Received: "light"\n\n'
            "Tests:       1 failed, 39 passed, 40 total",
        ),
        (
            ["bundle", "exec", "rspec", f"spec/{tag}"],
            rspec,
            "Failures:\n\n  1) Order#total applies the loyalty discount\n"
            "     Failure/Error: expect(order.total).to eq(90)\n       expected: 90\n"
            "            got: 100\n\nFinished in 1.42 seconds\n34 examples, 1 failure\n\n"
            f"Failed examples:\n\nrspec {rspec} # Order#total applies the loyalty discount",
        ),
        (
            ["vendor/bin/phpunit", "--testsuite", "unit"],
            php,
            "PHPUnit 10.5.2 by Sebastian Bergmann and contributors.\n\n....F....  9 / 9 (100%)\n\n"
            f"There was 1 failure:\n\n1) {php}\nFailed asserting that 19.99 matches expected 20.0.\n\n"
            "FAILURES!\nTests: 9, Assertions: 31, Failures: 1.",
        ),
        (
            ["mvn", "-q", "test", "-pl", tag],
            maven,
            "[INFO] Running app.MergerTest\n[ERROR] Tests run: 12, Failures: 1, Errors: 0, "
            "Skipped: 0, Time elapsed: 0.8 s <<< FAILURE! -- in app.MergerTest\n"
            f"[ERROR] {maven}:57 expected: <2> but was: <1>\n[INFO]\n[ERROR] Failures: \n"
            f"[ERROR]   {maven}:57 expected: <2> but was: <1>\n"
            "[ERROR] Tests run: 12, Failures: 1, Errors: 0, Skipped: 0\n[INFO] BUILD FAILURE",
        ),
        (
            ["./gradlew", f":{tag}:testDebugUnitTest"],
            gradle,
            f"> Task :{tag}:testDebugUnitTest\n\n{gradle} FAILED\n"
            "    java.lang.AssertionError at SyncWorkerTest.kt:88\n\n"
            "24 tests completed, 1 failed\n\nFAILURE: Build failed with an exception.",
        ),
    ]


def generate_ops(seed: int, target_tokens: int = 100_000) -> OpsSession:
    """One session of about ``target_tokens`` (roughly 900 tokens a round)."""
    rng = random.Random(seed * 7919 + 17)
    domain = list(DOMAINS)[seed % len(DOMAINS)]
    d = DOMAINS[domain]
    tag = rng.choice(("ledger", "orders", "sync", "edge"))

    def pick(key: str, n: int) -> list[str]:
        items = d[key]
        assert isinstance(items, tuple)
        return rng.sample(list(items), n)

    goal = pick("goals", 1)[0]
    msgs: list[Message] = [
        Message.system(f"You are a {domain} engineering agent with tools."),
        Message.user(goal),
    ]
    facts = [Fact("goal", (goal,))]
    # (kind, exact forms, what the user says: "" when a tool or the assistant shows it)
    plan: list[tuple[str, tuple[str, ...], str]] = []
    for r in pick("rules", 3):
        plan.append(("constraint", (r,), r))
    for c in pick("corrections", 2):
        plan.append(("correction", (c,), c))
    env = pick("env", 1)[0]
    plan.append(("env_var", (env,), f"Set {env} in your shell before running anything."))
    url = pick("urls", 1)[0]
    plan.append(("url_port", (url,), f"The service you want is at {url} for this work."))
    version = pick("versions", 1)[0]
    plan.append(("version", (version,), f"We are pinned to {version} here, keep it that way."))
    deadline = rng.choice(DEADLINES)
    plan.append(("deadline", (deadline,), deadline))
    owner = rng.choice(OWNERS)
    plan.append(("owner", (owner,), owner))
    number = rng.choice(NUMBERS)
    plan.append(("number", (number,), number))
    for p in pick("paths", 2):
        plan.append(("file_written", (p,), ""))
    runners = rng.sample(_runners(rng, tag), 5)
    for _argv, name, _out in runners:
        plan.append(("failing_test", (name,), ""))
    cmd_shapes = ("argv", "cmd", "script")
    commands: list[tuple[str, list[str]]] = []
    for i in range(3):
        argv = [
            ["make", f"lint-{tag}", f"JOBS={rng.randrange(2, 9)}"],
            ["kubectl", "-n", f"{tag}-staging", "rollout", "status", f"deploy/{tag}-api"],
            ["python", "-m", f"tools.{tag}_audit", "--since", f"2026-11-{rng.randrange(10, 28)}"],
        ][i]
        commands.append((cmd_shapes[i], argv))
        joined = " ".join(argv)
        forms = (joined, json.dumps(argv)) if cmd_shapes[i] == "argv" else (joined,)
        plan.append(("command_run", forms, ""))
    rng.shuffle(plan)
    rounds = max(40, target_tokens // 900)
    early = sorted(rng.sample(range(1, int(rounds * 0.7)), len(plan) - 3))
    late = sorted(rng.sample(range(int(rounds * 0.7), rounds - 2), 3))
    at = dict(zip(early + late, plan, strict=True))
    run_at = {name: (argv, out) for argv, name, out in runners}
    cmd_of = {" ".join(a): (shape, a) for shape, a in commands}
    write_tools = ("str_replace_based_edit_tool", "mcp__fs__write_file")
    for r in range(rounds):
        kind, forms, said = at.get(r, ("", ("",), ""))
        text = forms[0]
        msgs.append(Message.user(said or rng.choice(NUDGES)))
        cid = f"call_{seed}_{r}"
        if kind == "failing_test":
            argv, out = run_at[text]
            call = _shell(cid, rng.choice(cmd_shapes), argv)
        elif kind == "command_run":
            shape, argv = cmd_of[text]
            call = _shell(cid, shape, argv)
            out = _log(rng, rng.randrange(15, 40)) + "\nexit 0"
        elif kind == "file_written":
            tool = write_tools[r % 2]
            if tool == "mcp__fs__write_file":
                args = {"path": text, "content": "// generated\n" * 30}
                out = f"Wrote 390 bytes to {text}"
            else:
                args = {"command": rng.choice(("create", "str_replace")), "path": text}
                args |= (
                    {"file_text": "x = 1\n" * 30}
                    if args["command"] == "create"
                    else {"old_str": "x = 1", "new_str": "x = 2"}
                )
                out = "The file has been edited." if "old_str" in args else "File created."
            call = ToolCall(cid, tool, json.dumps(args))
        else:
            call, out = _filler(rng, cid, domain, tag, r)
        msgs.append(Message("assistant", (call,)))
        msgs.append(Message.tool(cid, out))
        msgs.append(Message.assistant(f"Checked round {r}; continuing."))
        if kind:
            facts.append(Fact(kind, forms))
    msgs.append(Message.user(rng.choice(NUDGES)))
    return OpsSession(domain, msgs, facts)


def _shell(cid: str, shape: str, argv: list[str]) -> ToolCall:
    if shape == "argv":
        return ToolCall(cid, "run", json.dumps({"argv": argv, "timeout_s": 600}))
    if shape == "cmd":
        return ToolCall(cid, "exec_command", json.dumps({"cmd": " ".join(argv), "cwd": "."}))
    return ToolCall(cid, "sandbox", json.dumps({"script": " ".join(argv)}))


def _filler(rng: random.Random, cid: str, domain: str, tag: str, r: int) -> tuple[ToolCall, str]:
    """A round that plants nothing: a file read (editor view or MCP read) or a noisy command."""
    pick = r % 3
    path = f"{domain}/{tag}/part_{r}.txt"
    if pick == 0:
        call = ToolCall(
            cid, "str_replace_based_edit_tool", json.dumps({"command": "view", "path": path})
        )
    elif pick == 1:
        call = ToolCall(cid, "mcp__fs__read_file", json.dumps({"path": path}))
    else:
        call = ToolCall(
            cid, "exec_command", json.dumps({"cmd": f"rg -n {tag} {domain}/ | head -80"})
        )
    return call, _log(rng, rng.randrange(30, 110))

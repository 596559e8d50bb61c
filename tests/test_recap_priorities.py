"""What the offline recap of a whole record keeps when it cannot keep everything: failures
as real tools print them (not only test runners), the goal as the goal, requests still
open, the plan the assistant announced last — ahead of the noise a long agent session is
made of (greps, listings, errors the assistant itself called unrelated), and every section
saying what it left out."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.digest import (
    Digest,
    digest,
    error_answer_lines,
    failure_lines,
    fill_order,
    is_rule,
    render_digest,
)
from contextledger.model import Message, ToolCall, with_ids


class _Agent:
    """A session written turn by turn: the user, the assistant, shell runs and file reads
    through OpenAI-style tools (results carry no error flag)."""

    def __init__(self, goal: str) -> None:
        self.msgs: list[Message] = [Message.system("You are a coding agent."), Message.user(goal)]
        self.n = 0

    def user(self, text: str) -> None:
        self.msgs.append(Message.user(text))

    def say(self, text: str) -> None:
        self.msgs.append(Message.assistant(text))

    def _call(self, name: str, args: dict[str, str], output: str) -> None:
        self.n += 1
        cid = f"call_{self.n}"
        self.msgs.append(Message("assistant", (ToolCall(cid, name, json.dumps(args)),)))
        self.msgs.append(Message.tool(cid, output))

    def run(self, command: str, output: str, verdict: str = "Okay.") -> None:
        self._call("exec_shell", {"cmd": command}, output)
        self.say(verdict)

    def read(self, path: str, verdict: str = "Okay.") -> None:
        self._call("open_file", {"filename": path}, "def f():\n    return 1\n" * 20)
        self.say(verdict)

    def noise(self, i: int) -> None:
        """A round of looking around that the assistant shrugs off."""
        kind = i % 4
        if kind == 0:
            self.run(f"grep -rn cache_key_{i} lib/", f"lib/a{i}.py:3: cache_key_{i} = None")
        elif kind == 1:
            self.read(f"lib/widgets/helper_{i}.py", "Nothing relevant in there.")
        elif kind == 2:
            self.run(
                "curl -s http://localhost:9000/ping",
                json.dumps({"error": {"code": 502, "message": f"bad gateway {i}"}}),
                "The local proxy is flaky again; ignoring it.",
            )
        else:
            self.user("sure, carry on")
            self.say("Carrying on.")

    def compact(self, cap_window: int | None = None) -> str:
        conv = Conversation.from_messages(with_ids(self.msgs))
        # (no window: the 2,000-byte floor these priorities are told at, not the default model's)
        floor = CompactionPolicy(max_reply_bytes=2_000) if cap_window is None else None
        out = conv.compact(OfflineSummarizer(), floor, force=True, window=cap_window)
        assert out.status == "compacted" and out.event is not None, out.report
        return out.event.recap_text


def _section(recap: str, name: str) -> str:
    lines = recap.splitlines()
    at = next((k for k, ln in enumerate(lines) if ln.startswith(name + ":")), None)
    if at is None:
        return ""
    body = [lines[at]]
    for ln in lines[at + 1 :]:
        if not ln.startswith("- "):
            break
        body.append(ln)
    return "\n".join(body)


# ------------------------------------------------------------------ failures as tools print them

FAILING_OUTPUTS = [
    # (command, output, what the recap must say)
    (
        "http POST :8080/v2/orders < order.json",
        '{"statusCode": 503, "error": "Service Unavailable", "message": "inventory service timed out"}',
        "inventory service timed out",
    ),
    (
        "curl -s -X DELETE https://api.internal/v1/users/42",
        '{\n  "status": 409,\n  "detail": "user 42 still owns 3 projects"\n}',
        "user 42 still owns 3 projects",
    ),
    (
        "npx eslint web/src --max-warnings=0",
        "/srv/web/src/cart/Basket.jsx\n  40:11  error  'total' is not defined  no-undef\n"
        "  52:3   warning  Unexpected console statement  no-console\n\n"
        "✖ 2 problems (1 error, 1 warning)",
        "'total' is not defined",
    ),
    (
        "psql -d shop -f migrations/0042_orders.sql",
        'psql:migrations/0042_orders.sql:7: ERROR:  column "placed_at" of relation "orders" '
        "already exists",
        'column "placed_at" of relation "orders" already exists',
    ),
    (
        "mysql -e 'source seed.sql' shop",
        "ERROR 1062 (23000) at line 14: Duplicate entry 'sku-991' for key 'products.sku'",
        "Duplicate entry 'sku-991'",
    ),
    (
        "npx tsc --noEmit",
        "web/src/cart/total.ts(18,7): error TS2322: Type 'string' is not assignable to type 'number'.",
        "error TS2322",
    ),
    (
        "cargo build --release",
        "error[E0382]: borrow of moved value: `order`\n  --> src/checkout.rs:31:20",
        "borrow of moved value",
    ),
    (
        "mvn -q package",
        "[ERROR] /srv/api/src/main/java/shop/Cart.java:[27,5] cannot find symbol",
        "cannot find symbol",
    ),
    (
        "./bin/worker --once",
        "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:",
        "index out of range [3] with length 3",
    ),
    (
        "deployctl push staging",
        "bash: deployctl: command not found",
        "deployctl: command not found",
    ),
]


@pytest.mark.parametrize(("command", "output", "said"), FAILING_OUTPUTS)
def test_failures_outside_test_runners_are_failures(command: str, output: str, said: str) -> None:
    lines = failure_lines(output)
    assert any(said in line for line in lines), lines


@pytest.mark.parametrize(
    "output",
    [
        '{"status": "ok", "orders": 3}',
        '{"code": 200, "data": {"id": 7}}',
        '{"error": null, "result": [1, 2]}',
        "  3:1  warning  Unexpected console statement  no-console\n\n"
        "✖ 1 problem (0 errors, 1 warning)",
        "INSERT 0 1",
    ],
)
def test_answers_that_report_no_error_are_not_failures(output: str) -> None:
    assert failure_lines(output) == []


def test_an_error_answer_is_quoted_from_its_own_lines() -> None:
    pretty = '{\n  "ok": false,\n  "message": "token expired",\n  "trace": "abc"\n}'
    assert error_answer_lines(pretty) == ['"message": "token expired",']


def test_each_kind_of_failure_reaches_the_recap_among_dismissed_noise() -> None:
    a = _Agent("Get the checkout flow working end to end on staging.")
    for i, (command, output, _) in enumerate(FAILING_OUTPUTS):
        for k in range(4):
            a.noise(10 * i + k)
        a.run(command, output, "That one is real; I'll come back to it.")
    for k in range(12):
        a.noise(500 + k)
    a.user("keep at it")
    failures = _section(a.compact(), "Failures")
    for _, _, said in FAILING_OUTPUTS:
        assert said in failures, said


def test_a_failing_run_shows_what_failed_before_its_bare_markers() -> None:
    out = (
        "> shop@2.1.0 build\n> vite build\n\nerror during build:\n"
        "Error: Could not load web/src/cart/Basket.jsx: Unexpected token (12:4)\n"
        "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nExit status 1"
    )
    lines = failure_lines(out, limit=2)
    assert any("Could not load web/src/cart/Basket.jsx" in x for x in lines)
    assert not any(x in ("npm ERR! errno 1", "Exit status 1") for x in lines)


def test_terraform_says_which_resource_and_why() -> None:
    out = (
        "╷\n│ Error: creating EC2 Instance: InvalidAMIID.NotFound\n│\n"
        "│   with module.edge.aws_instance.proxy,\n"
        '│   on modules/edge/main.tf line 3, in resource "aws_instance" "proxy":\n'
        '│    3: resource "aws_instance" "proxy" {\n╵'
    )
    assert failure_lines(out) == [
        "Error: creating EC2 Instance: InvalidAMIID.NotFound",
        "with module.edge.aws_instance.proxy,",
    ]


# ------------------------------------------------------------------ goal, requests, next step


def test_a_goal_with_never_in_its_purpose_is_the_goal_not_a_constraint() -> None:
    task = "Rework the invoice numbering so that two invoices can never share a number."
    a = _Agent(f"{task} Leave the PDF layout untouched.")
    a.user("Also: don't rename any database column.")
    for k in range(20):
        a.noise(k)
    recap = a.compact()
    assert recap.startswith(f"Goal: {task}")
    rules = _section(recap, "Constraints and corrections")
    assert task not in rules
    assert "Leave the PDF layout untouched." in rules
    assert "don't rename any database column." in rules


def test_requests_put_off_stay_open_until_reported_done() -> None:
    a = _Agent("Speed up the nightly export job.")
    a.user("Once the export is fast, please add a Grafana panel for its duration.")
    a.say("Sure.")
    a.user("Could you also write a changelog entry for this release?")
    a.say("I'll do that at the end, after the main change.")
    a.user("And bump the worker count to 6 in the helm values.")
    a.say("Bumped the worker count to 6 in the helm values.")
    for k in range(30):
        a.noise(k)
    opened = _section(a.compact(), "Open requests")
    assert "please add a Grafana panel for its duration." in opened
    assert "write a changelog entry for this release?" in opened
    assert "bump the worker count" not in opened
    a.say("Wrote the changelog entry for this release in CHANGELOG.md.")
    for k in range(30):
        a.noise(k)
    assert "changelog entry" not in _section(a.compact(), "Open requests")


def test_the_plan_announced_last_is_the_next_step_however_long_ago() -> None:
    a = _Agent("Migrate the search index to the new cluster.")
    a.say("Next I'll snapshot the old index before touching the aliases.")
    a.user("fine")
    a.say("Snapshotted the old index.")
    a.say("Next, I'm going to switch the read alias to the new cluster.")
    for k in range(120):
        a.noise(k)
    recap = a.compact()
    assert "Next step: Next, I'm going to switch the read alias to the new cluster." in recap
    assert "snapshot the old index before" not in _section(recap, "Next step")


def test_a_plan_reported_done_is_no_longer_the_next_step() -> None:
    a = _Agent("Migrate the search index to the new cluster.")
    a.say("Next I'll snapshot the old index before touching the aliases.")
    a.say("Snapshotted the old index; the snapshot is in the backup bucket.")
    for k in range(30):
        a.noise(k)
    assert "Next step" not in a.compact()


def test_decisions_requests_and_the_next_step_outlast_a_flood_of_noise() -> None:
    a = _Agent("Cut the p95 of the /search endpoint.")
    a.user("Whatever you do, never drop the trigram index.")
    a.say("We'll go with a covering index on (tenant_id, created_at) rather than a cache.")
    a.user("ok")
    a.run("make bench ARGS='--endpoint /search --runs 50'", "p95 412ms p99 980ms")
    a.user("When the index is in, please rerun the load test against staging.")
    a.say("Will do once the index is in.")
    a.read("app/search/query_builder.py", "This builds the slow query.")
    a.say("Next I'll write the migration that adds the covering index.")
    for k in range(300):
        a.noise(k)
    a.user("go on")
    recap = a.compact()
    assert len(recap.encode()) <= 2_000
    for said in (
        "never drop the trigram index",
        "We'll go with a covering index on (tenant_id, created_at)",
        "`make bench ARGS='--endpoint /search --runs 50'`",
        "please rerun the load test against staging",
        "Next I'll write the migration that adds the covering index.",
        "app/search/query_builder.py",
    ):
        assert said in recap, said
    # the greps and dismissed reads are counted where they were cut, never silently lost
    assert "more in the record)" in _section(recap, "Commands run").splitlines()[0]
    assert "more in the record)" in _section(recap, "Files read")


# ------------------------------------------------------------------ the byte cap, always

_ITEM = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x24F, blacklist_categories=("Cc",)),
    min_size=1,
    max_size=90,
)


@given(
    sizes=st.dictionaries(
        st.sampled_from(["Goal", "Failures", "Files read", "Commands run", "Open requests",
                         "Next step", "Decisions", "Constraints and corrections"]),
        st.lists(_ITEM.map(str.strip).filter(bool), min_size=1, max_size=30),
        min_size=1,
    ),
    cap=st.integers(120, 3_000),
    noisy=st.booleans(),
)  # fmt: skip
def test_every_section_shows_its_items_or_counts_what_it_left_out(
    sizes: dict[str, list[str]], cap: int, noisy: bool
) -> None:
    # "<Fail3>": a mark no other item contains, to count what is shown
    sections = {n: [f"<{n[:4]}{k}> {text}" for k, text in enumerate(v)] for n, v in sizes.items()}
    noise = {n: frozenset(v[::2]) for n, v in sections.items()} if noisy else {}
    recap = render_digest(Digest(sections, {n: v[::-1] for n, v in sections.items()}, noise), cap)
    assert len(recap.encode()) <= cap
    for line in recap.splitlines():
        name = line.partition(":")[0]
        if name not in sections:
            continue
        left = sum(f"<{name[:4]}{k}>" not in recap for k in range(len(sections[name])))
        if left:
            assert f"(+{left} more in the record)" in line
        else:
            assert "more in the record" not in line


def test_the_noise_waits_for_every_other_section() -> None:
    d = digest(
        [
            Message.user("Tidy the billing module.", id="u"),
            *[
                m
                for i in range(60)
                for m in (
                    Message(
                        "assistant",
                        (
                            ToolCall(
                                f"g{i}", "bash", json.dumps({"command": f"ls -la billing/d{i}"})
                            ),
                        ),
                        id=f"a{i}",
                    ),
                    Message.tool(f"g{i}", "total 0", id=f"t{i}"),
                )
            ],
            Message.user("Later, add a README to billing/.", id="u2"),
        ]
    )
    recap = render_digest(d, 400)
    assert "Later, add a README to billing/." in recap
    assert "Commands run: (+" in recap


@pytest.mark.parametrize(
    "ask",
    [
        "While you're at it, rename the flag to --dry-run.",
        "One more thing: the README still mentions Python 3.8, update it.",
        "Oh, and also add a retry to the webhook sender.",
    ],
)
def test_a_side_request_is_open_until_the_assistant_reports_it_done(ask: str) -> None:
    a = _Agent("Make the importer resumable.")
    a.user(ask)
    a.say("Sure.")
    for k in range(24):
        a.noise(k)
    assert ask in _section(a.compact(), "Open requests")


def test_a_side_request_reported_done_in_other_words_is_closed() -> None:
    a = _Agent("Make the importer resumable.")
    a.user("Also bump the package version.")
    a.say("Sure.")
    a.say("Bumped the package version to 2.4.0 in pyproject.toml.")
    for k in range(24):
        a.noise(k)
    assert "bump the package version" not in a.compact()


@pytest.mark.parametrize(
    "plan",
    [
        "I'll wire the retry into the sender next.",
        "The plan is to move the cron entry into the scheduler service.",
        "Next, let me compare the two lockfiles.",
        "Once the build is green, I'll tag the release candidate.",
    ],
)
def test_plans_in_other_words_are_the_next_step(plan: str) -> None:
    a = _Agent("Ship the importer changes.")
    a.say(plan)
    for k in range(40):
        a.noise(k)
    assert f"Next step: {plan}" in a.compact()


def test_a_file_read_is_no_failure_but_a_failed_read_is() -> None:
    source = "\n".join(
        ["def charge(card):", '    """Fails with PaymentError when the card is declined."""']
        + ["    raise PaymentError('declined')  # FAILED before retry"] * 30
    )
    msgs = [
        Message.user("Explain the charge flow.", id="u"),
        Message("assistant", (ToolCall("r1", "read_file", '{"path": "pay/charge.py"}'),), id="a1"),
        Message.tool("r1", source, id="t1"),
        Message("assistant", (ToolCall("r2", "read_file", '{"path": "pay/refund.py"}'),), id="a2"),
        Message.tool(
            "r2", "Error: ENOENT: no such file or directory, open 'pay/refund.py'", id="t2"
        ),
    ]
    failures = digest(msgs).items("Failures")
    assert failures == ["read_file: Error: ENOENT: no such file or directory, open 'pay/refund.py'"]


@pytest.mark.parametrize(
    "decided",
    [
        "I'm going to use a token bucket rather than a fixed window.",
        "We picked Redis Streams for the event log.",
        "The approach will be to run a two-phase migration.",
        "We went with the blue-green deploy for the API.",
    ],
)
def test_decisions_in_other_words_are_decisions(decided: str) -> None:
    a = _Agent("Make the API deploys safer.")
    a.say(decided)
    a.user("fine")
    for k in range(40):
        a.noise(k)
    assert f"- Assistant: {decided}" in _section(a.compact(), "Decisions")


def test_a_rule_inside_the_task_sentence_is_still_a_constraint() -> None:
    a = _Agent("Fix the flaky login test but don't touch the session middleware.")
    for k in range(20):
        a.noise(k)
    rules = _section(a.compact(), "Constraints and corrections")
    assert "don't touch the session middleware." in rules


def test_log_lines_below_error_level_are_not_failures() -> None:
    log = "\n".join(
        [
            "2026-11-13T04:35:00.733Z INFO checkout-api path=/v1/cart status=404 dur_ms=12",
            "2026-11-13T04:35:01.100Z WARN checkout-api path=/v1/cart status=503 dur_ms=900",
            'level=info msg="served" status=500',
        ]
    )
    assert failure_lines(log) == []
    pods = "NAME READY STATUS RESTARTS AGE\napi-7f9c-x2k 0/1 CrashLoopBackOff 6 (41s ago) 9m"
    assert failure_lines(pods) == ["api-7f9c-x2k 0/1 CrashLoopBackOff 6 (41s ago) 9m"]
    crash = "panic: dial tcp 10.4.2.17:6379: i/o timeout\ncommand terminated with exit code 137"
    assert failure_lines(crash) == crash.splitlines()


def test_a_tools_other_arguments_are_no_commands() -> None:
    a = _Agent("Count the cohort members.")
    a._call("run_sql", {"query": "SELECT count(*) FROM cohort", "database": "replica"}, "42")
    # the database is where the query ran, said beside it, never a command of its own
    assert digest(with_ids(a.msgs)).items("Commands run") == [
        "`SELECT count(*) FROM cohort` (database=replica)"
    ]


def test_commands_that_change_something_come_before_looking_around() -> None:
    a = _Agent("Move the session cache to its own cluster.")
    a._call("bash", {"cmd": "kubectl rollout restart deployment/api -n apps"}, "restarted")
    for k in range(12):
        a._call("bash", {"cmd": f"kubectl describe pod api-{k} -n apps"}, "Status: Running")
        a._call(
            "bash", {"cmd": f"terraform -chdir=infra/stacks/c{k} plan -no-color"}, "No changes."
        )
    order = fill_order(digest(with_ids(a.msgs)), "Commands run")
    assert order[0] == "`kubectl rollout restart deployment/api -n apps`"


def test_a_decision_the_user_turned_down_is_no_decision() -> None:
    a = _Agent("Move the session cache to a dedicated cluster.")
    a.user("Rules: don't touch the cert-manager namespace.")
    a.say("Acknowledged. I'll keep to those rules.")
    a.say("Got it, I will keep that in mind.")  # (RT25-7: an acknowledgement, no decision)
    a.say("For the engine I'll go with Memcached since the client library supports both.")
    a.say("I'll go with retry 3 times and a timeout of 30 seconds for the client.")
    a.say("We will go with 3 replicas for the cache cluster in staging.")
    a.user("Actually use Redis not Memcached; we need the replication.")
    a.user("Correction: retry 5 times, not 3.")
    decisions = digest(with_ids(a.msgs)).items("Decisions")
    assert decisions == ["Assistant: We will go with 3 replicas for the cache cluster in staging."]


def test_a_correction_in_a_turn_kept_verbatim_still_turns_the_decision_down() -> None:
    # the recap covers the plan; the correction is in the newest turns, kept verbatim: the
    # recap must not still present the overruled plan as a decision
    a = _Agent("Add retries with backoff to the billing client.")
    a.say("I'll go with exponential backoff starting at 1s.")
    a.say("I'll go with invoice_id as the idempotency key.")
    covered = with_ids(a.msgs)
    a.user("Correction: the backoff starts at 250 ms, not 1 s.")
    a.user("Correction: the idempotency key is the payment_intent id, not invoice_id.")
    record = with_ids(a.msgs)
    assert digest(covered).items("Decisions")  # on their own, the plans were decisions
    assert not digest(record[: len(covered)], history=record).items("Decisions")


@pytest.mark.parametrize(
    ("name", "args", "ran"),
    [
        ("run_sql", {"query": "SELECT 1", "database": "analytics replica"}, "SELECT 1"),
        ("run_query", {"statement": "SELECT 2", "timeout": "30 s"}, "SELECT 2"),
        ("notebook_exec", {"notebook": "nb/explore.ipynb", "cell": "df.head()"}, "df.head()"),
        ("exec_task", {"target": "make deploy-api", "timeout": "30 s"}, "make deploy-api"),
    ],
)
def test_a_run_tool_ran_one_argument_not_its_settings(
    name: str, args: dict[str, str], ran: str
) -> None:
    a = _Agent("Count the cohort members.")
    a._call(name, args, "42")
    assert digest(with_ids(a.msgs)).items("Commands run") == [f"`{ran}`"]


# ------------------------------------------------------------------ facts that matter, not only numbers

VALUES_SAID = [
    # (who, what was said, the value the recap must keep word for word)
    ("user", "Set CACHE_TTL_SECONDS=180 in staging and work on perf/billing-p95.", "perf/billing-p95"),
    ("user", "Pin the client library to v3.15.9; newer ones leak.", "v3.15.9"),
    ("user", "Deadline is Thursday 17:00 UTC.", "Thursday 17:00 UTC"),
    ("user", "Also note the platform team owns the load balancer config, so ask before "
     "changing it.", "the platform team owns the load balancer config"),
    ("user", "Maria from the data team approved the schema change.", "Maria"),
    ("user", "The database host is db-prod-3.internal.example.com.", "db-prod-3.internal.example.com"),
    ("user", "Track everything under PERF-5119.", "PERF-5119"),
    ("assistant", "The staging health endpoint is https://staging.api.internal:9443/healthz; "
     "I'll poll it.", "https://staging.api.internal:9443/healthz"),
    ("assistant", "The running image is ghcr.io/acme/api:2.4.7, one behind main.",
     "ghcr.io/acme/api:2.4.7"),
    ("assistant", "The gateway answers with error code GW-4012 when the quota runs out.", "GW-4012"),
]  # fmt: skip


@pytest.mark.parametrize(("who", "said", "value"), VALUES_SAID)
def test_a_value_said_early_is_in_the_recap(who: str, said: str, value: str) -> None:
    a = _Agent("Cut the p95 latency of the billing API below 250 ms.")
    if who == "user":
        a.user(said)
        a.say("Noted.")
    else:
        a.user("ok")
        a.say(said)
    for k in range(24):
        a.noise(k)
    assert value in a.compact()


@pytest.mark.parametrize(
    ("command", "output", "value"),
    [
        ("git rev-parse --short HEAD", "9fceb02\n", "9fceb02"),
        ("gh pr create --fill", "Creating pull request for fix into main\n\n"
         "https://github.com/acme/api/pull/512\n", "https://github.com/acme/api/pull/512"),
        ("./deploy.sh staging", "Building...\nRelease \"api\" upgraded: revision 15, app "
         "version 4.2.1\nDone.", "app version 4.2.1"),
    ],
)  # fmt: skip
def test_what_a_run_made_is_in_the_recap(command: str, output: str, value: str) -> None:
    a = _Agent("Ship the retry fix to staging.")
    a.run(command, output)
    for k in range(24):
        a.noise(k)
    findings = _section(a.compact(), "Findings")
    assert f"`{command}`: " in findings and value in findings


def test_a_listing_or_a_log_is_no_value() -> None:
    a = _Agent("Ship the retry fix to staging.")
    a.run("ls -la", "total 12\ndrwxr-xr-x 2 me me 4096 .\n-rw-r--r-- 1 me me 120 a.py")
    a.run(
        "kubectl logs api -n apps", "\n".join(f"GET /v1/x/{k} 200 https://a.b/c" for k in range(90))
    )
    assert not digest(with_ids(a.msgs)).items("Findings")


def test_a_negation_that_describes_is_no_rule() -> None:
    a = _Agent("Reconcile the webhooks table.")
    a.user("The webhooks table holds 82567 rows that were never reconciled.")
    a.user("Never truncate the webhooks table.")
    d = digest(with_ids(a.msgs))
    assert d.items("Constraints and corrections") == ["Never truncate the webhooks table."]
    assert "User: The webhooks table holds 82567 rows that were never reconciled." in d.items(
        "Numbers that matter"
    )


@pytest.mark.parametrize(
    "first",
    [
        "Morning. Goal for today: move the session cache to a dedicated cluster.",
        "Hi there! Move the session cache to a dedicated cluster.",
    ],
)
def test_the_goal_is_the_request_not_the_greeting(first: str) -> None:
    d = digest(with_ids([Message.user(first)]))
    assert d.items("Goal") == ["move the session cache to a dedicated cluster." if "Goal" in first
                               else "Move the session cache to a dedicated cluster."]  # fmt: skip


def test_a_command_a_failure_names_is_listed_once_when_room_is_short() -> None:
    a = _Agent("Make the export idempotent.")
    a.run(
        "pytest -q tests/test_export.py", "FAILED tests/test_export.py::test_rerun - assert 2 == 1"
    )
    a.run("ruff check src/export", "All checks passed!")
    roomy = render_digest(digest(with_ids(a.msgs)), 2_000)  # room for all: each in its place
    assert _section(roomy, "Commands run").count("\n- ") == 2
    for k in range(30):
        a.run(f"make part-{k}", "ok")
    tight = render_digest(digest(with_ids(a.msgs)), 600)
    assert "- `pytest -q tests/test_export.py`: FAILED" in tight
    assert "- `pytest -q tests/test_export.py`\n" not in tight + "\n"
    assert "- `ruff check src/export`" in _section(tight, "Commands run")


def test_a_failed_dbt_build_stays_under_commands_run_through_verification() -> None:
    """RT23-6: the run's summary line ("Done. PASS=10 … ERROR=1") doubted by verification
    takes that line out, not the command that ran."""
    dbt = "dbt build --select staging_0032+"
    out = (
        "Running with dbt=1.7.4\nFound 12 models, 30 tests\n\nCompleted with 1 error and 0 "
        "warnings:\n\nDatabase Error in model stg_orders (models/staging/stg_orders.sql)\n"
        '  relation "raw.orders" does not exist\n\nDone. PASS=10 WARN=0 ERROR=1 SKIP=1 TOTAL=12'
    )
    a = _Agent("Build the staging models.")
    a.run(dbt, out, "That failed; I will look into it.")
    for k in range(8):
        a.user("ok")
        a.say(f"Continuing {k}.")
    recap = a.compact()
    assert f"- `{dbt}`" in _section(recap, "Commands run")
    assert f"`{dbt}`: Database Error in model stg_orders" in _section(recap, "Failures")


@pytest.fixture(scope="module")
def forty_parts() -> Digest:
    """Built once for the module: only the cap varies between the examples below."""
    a = _Agent("Make the export idempotent so reruns never duplicate rows.")
    a.user("Never run the export against prod.")
    a.user("Pin pyarrow to 15.0.2.")
    for k in range(40):
        a.noise(k)
        a.read(f"src/export/part_{k}.py", "The batching is set in here.")
        a.run(f"make test-part-{k}", f"FAILED tests/test_p{k}.py::test_rows - assert {k} == 0")
    return digest(with_ids(a.msgs))


@given(cap=st.integers(min_value=700, max_value=4_000))
def test_every_section_says_what_it_left_out(forty_parts: Digest, cap: int) -> None:
    d = forty_parts
    recap = render_digest(d, cap)
    for name, items in d.sections.items():
        head = next((ln for ln in recap.splitlines() if ln.startswith(name + ":")), None)
        assert head is not None, name
        shown = sum(i in recap for i in items)
        assert shown == len(items) or "more in the record)" in head, name


@pytest.mark.parametrize(
    "rule",
    [
        "Don't forget: staging only, never prod.",
        "Let's not touch the auth module.",
        "Keep PRs under 400 lines.",
        "Nothing should go to main without review.",
        "Be careful not to drop the users table.",
        "Target Node 18 only.",
        "Please, nothing destructive on the shared DB.",
        "Also note the platform team owns the load balancer config, so ask before changing it.",
        "Any change to the public API needs my sign-off.",
    ],
)
def test_rules_in_more_phrasings(rule: str) -> None:
    assert is_rule(rule)


@pytest.mark.parametrize(
    "said",
    [
        "Don't forget to bump the client version before release.",
        "The webhooks table holds 82567 rows that were never reconciled.",
        "That is the only one.",
    ],
)
def test_a_reminder_or_a_description_is_no_rule(said: str) -> None:
    assert not is_rule(said)


def test_a_file_in_a_folder_the_user_named_is_read_first() -> None:
    a = _Agent("Build the retention dashboard. Start by looking at the existing SQL in sql/.")
    a.read("sql/cohorts_base_v3.sql")
    for k in range(30):
        a.read(f"src/metrics/util_{k}.py", "The rounding is set in here.")
    recap = render_digest(digest(with_ids(a.msgs)), 700)
    assert "sql/cohorts_base_v3.sql" in _section(recap, "Files read")


def test_a_failure_fixed_later_says_so_and_yields_to_those_still_failing() -> None:
    a = _Agent("Fix the contrast of the primary button.")
    jest = "npx jest src/theme -t 'contrast ratio'"
    a.run(jest, "  ✕ contrast ratio meets AA (12 ms)\n\nTests: 1 failed, 11 passed, 12 total")
    a.run(jest, "Tests: 12 passed, 12 total")
    a.run("pytest -q tests/test_a.py", "FAILED tests/test_a.py::test_x - assert 1 == 2")
    d = digest(with_ids(a.msgs))
    assert d.items("Failures")[:2] == [
        f"`{jest}`: ✕ contrast ratio meets AA (12 ms)",
        f"`{jest}`: passed on its last run",
    ]
    assert fill_order(d, "Failures")[0].startswith("`pytest -q tests/test_a.py`")
    conv = Conversation.from_messages(with_ids([*a.msgs, *[Message.user("ok")] * 12]))
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.verification is not None and not out.verification.removed_sentences
    assert f"`{jest}`: passed on its last run" in (out.event.recap_text if out.event else "")


def test_a_folder_named_in_a_pinned_goal_still_ranks_its_files_first() -> None:
    # prepare pins the goal's turn and recaps the rest: the folder it names still counts
    a = _Agent("Build the retention dashboard. Start by looking at the existing SQL in sql/.")
    a.read("sql/cohorts_base_v3.sql")
    for k in range(30):
        a.read(f"src/metrics/util_{k}.py", "The rounding is set in here.")
    record = with_ids(a.msgs)
    covered = [m for m in record if m is not record[1]]  # the goal's turn stays in view
    recap = render_digest(digest(covered, history=record), 700)
    assert "sql/cohorts_base_v3.sql" in _section(recap, "Files read")


def test_a_choice_the_user_drops_by_name_gives_way_to_the_drop() -> None:
    # redteam16 A2: "Use SMOTE …" then "Scratch SMOTE, …" left the overruled choice a decision
    a = _Agent("Schedule the nightly exports for the warehouse.")
    a.user("Use Airflow for the nightly jobs.")
    a.say("Okay.")
    a.say("I'll go with Parquet for the export files.")
    a.run("ls dags/", "export.py")
    a.user("Actually, forget Airflow; plain cron is enough for two jobs.")
    d = digest(with_ids(a.msgs))
    assert d.items("Decisions") == [
        "User: Actually, forget Airflow; plain cron is enough for two jobs.",
        "Assistant: I'll go with Parquet for the export files.",
    ]
    assert not [x for x in d.items("User also said") if "Airflow" in x]


def test_a_measured_result_the_assistant_states_is_a_number_that_matters() -> None:
    # redteam16 A2/A9: "ROC AUC on the October holdout is 0.847." was in no section
    a = _Agent("Train the fraud classifier and report recall on the March validation set.")
    a.say("Recall on the March validation set is 0.912 with the tuned threshold.")
    a.say("The model file is 14.2 MB after quantisation.")
    a.say("I bumped the image to 3.11 for the runtime.")
    numbers = digest(with_ids(a.msgs)).items("Numbers that matter")
    assert "Assistant: Recall on the March validation set is 0.912 with the tuned threshold." in (
        numbers
    )
    assert "Assistant: I bumped the image to 3.11 for the runtime." not in numbers


def test_a_commands_repeated_summaries_wait_for_the_sessions_other_numbers() -> None:
    # redteam16 A14: one command's "Plan: …" line from every run filled the section
    a = _Agent("Clean up unattached volumes in the sandbox account.")
    for k in range(9):
        a.run("terraform plan", f"Plan: {k} to add, 0 to change, {k + 1} to destroy.")
    a.say("I found 318 unattached volumes older than 90 days.")
    recap = render_digest(digest(with_ids(a.msgs)), 700)
    numbers = _section(recap, "Numbers that matter")
    assert "318 unattached volumes" in numbers
    assert "Plan: 8 to add, 0 to change, 9 to destroy." in numbers  # the newest run's
    assert "Plan: 0 to add" not in numbers


def test_who_approved_and_the_article_found_are_kept_in_japanese_and_chinese() -> None:
    # redteam16 A3: the manager's approval and the assistant's policy article were lost
    a = _Agent("注文 A-7781 の返品対応を進めてください。")
    a.user("田中部長が例外対応を承認しました。")
    a.say("この件は利用規約第12条3項に該当するため、送料も返金できます。")
    a.user("王经理已经批准了这笔退款。")
    recap = render_digest(digest(with_ids(a.msgs)), 2000)
    assert "田中部長が例外対応を承認しました。" in recap
    assert "第12条3項" in recap
    assert "王经理已经批准了这笔退款。" in recap

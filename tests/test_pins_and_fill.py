"""The user's rules and corrections, however they are phrased, stay in the request; a goal
sent with a screenshot is pinned as its words; a recap's room is filled (issue #14)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import image_block
from contextledger import Message, ToolCall
from contextledger.catalog import lookup_model
from contextledger.fit import fit
from contextledger.intent import is_constraint, is_correction, restates_task, steering_requests
from contextledger.model import Image
from contextledger.prepare import prepare
from contextledger.pricing.messages import Pricer
from contextledger.validate import tool_pair_problems

PRICERS = {m: Pricer.for_model(lookup_model(m)) for m in ("gpt-4o", "claude-sonnet-4-5")}

# How people state standing rules, none of them with "never/don't/must".
RULES = [
    "no force pushes to the release branch, ever",
    "No emoji anywhere in the commit messages.",
    "zero extra packages in requirements.txt",
    "only rebase merges on main",
    "please no debug prints left in committed code",
    "hands off the generated protobuf files",
    "leave the vendored SDK in third_party as it is",
    "keep the audit table read-only until Monday",
    "the public REST API stays backwards compatible",
    "nothing ships to production before the Friday freeze",
    "deletions of customer rows need my sign-off first",
    "run terraform apply only with -target in prod, no exceptions",
    "the payroll schema is off limits",
    "skip the nightly benchmark job, it takes hours",
    "I'd rather we kept the old structlog configuration",
    "ask me first before rotating any credentials",
    "max 4 workers on the shared runner",
    "every schema change needs two approvals",
    "do it without root access on the box",
]
# Corrections that take back what was said without "not".
CORRECTIONS = [
    "Scratch that, the bucket is called audit-logs-eu.",
    "I misspoke: the service account is svc-billing-2.",
    "Ignore my last message, the deadline is the 14th.",
    "Never mind the CDN; the slowness is in the database pool.",
    "Turns out the cron runs at 02:00 UTC, so plan around that.",
    "Hmm, let me rephrase: the quota is per project.",
    "Oh wait, the region is ap-south-1.",
    "Correcting myself, the threshold is 0.25.",
]
# Ordinary requests: they ask for work, they set no standing rule.
PLAIN = [
    "Please fix the flaky login test in tests/test_auth.py",
    "Add a --verbose flag to the export command.",
    "Why does the build fail on CI but not locally?",
    "Run the whole test suite and tell me what fails.",
    "Write a migration that adds the orders.currency column.",
    "Refactor the payment client into smaller functions.",
    "What does this stack trace mean?",
    "Add retries with backoff to the billing client.",
    "Bump the version to 2.3.0 and update the changelog.",
    "Check the access logs for the 502s from last night.",
    "Create a Grafana panel for p99 latency per route.",
    "No idea why it crashes on start, can you look?",
    "No luck with the restart, what should we try next?",
    "Keep going with the migration of the user table.",
    "Let me know when the staging deploy is done.",
    "Open a pull request with the fix and link the ticket.",
    "Now update the README with the new environment variables.",
    "Compare the two query plans and explain the difference.",
    "Read src/app.py and explain how the cache is warmed.",
    "Plot the signup funnel for the last four weeks.",
    "It turns out fine on my machine, thanks.",
]


@pytest.mark.parametrize("rule", RULES)
def test_a_rule_is_recognised_without_a_negation_word(rule: str) -> None:
    assert is_constraint(rule) or is_correction(rule)
    assert steering_requests([f"Also: {rule}."]) == ([0], [])


@pytest.mark.parametrize("text", CORRECTIONS)
def test_a_correction_is_recognised_without_not(text: str) -> None:
    assert is_correction(text)


def test_ordinary_requests_are_not_taken_for_rules() -> None:
    taken = [t for t in PLAIN if is_constraint(t) or is_correction(t)]
    assert taken == []


def test_a_goal_restated_in_other_words_is_a_restatement() -> None:
    for text in (
        "Restating so we agree: the whole point is a read replica for reports.",
        "Bottom line: the exporter must be live by Friday.",
        "What we really need is a green nightly build.",
    ):
        assert restates_task(text), text


def _chatty(rules: list[str], corrections: list[str]) -> list[Message]:
    """A long pair-programming session: the goal, then each rule and correction in its own
    short turn among file reads and nudges; the current request is a nudge."""
    msgs = [
        Message.system("You are a coding agent."),
        Message.user("Goal: add retries with backoff to the billing client (BILL-77)."),
    ]
    said = [f"Also: {r}." for r in rules] + corrections
    for i, text in enumerate(said):
        for j in range(2):
            n = f"{i}_{j}"
            args = json.dumps({"path": f"svc/mod_{n}.py"})
            msgs.append(Message("assistant", (ToolCall(f"c{n}", "read_file", args),)))
            body = "".join(f"def f_{n}_{k}(x):\n    return x * {k}\n" for k in range(60))
            msgs.append(Message.tool(f"c{n}", body))
            msgs.append(Message.user("ok, keep going"))
            msgs.append(Message.assistant("Continuing."))
        msgs.append(Message.user(text))
        msgs.append(Message.assistant("Noted."))
    for k in range(8):
        args = json.dumps({"path": f"svc/tail_{k}.py"})
        msgs.append(Message("assistant", (ToolCall(f"t{k}", "read_file", args),)))
        msgs.append(Message.tool(f"t{k}", "x = 1\n" * 300))
        msgs.append(Message.user("sounds good"))
        msgs.append(Message.assistant("Continuing."))
    msgs.append(Message.user("keep going"))
    return msgs


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_every_rule_and_correction_survives_fit_and_prepare(window: int) -> None:
    msgs = _chatty(RULES, CORRECTIONS)
    for out in (
        fit(msgs, "gpt-4o", window=window, max_output_tokens=1000).messages,
        prepare(msgs, "gpt-4o", window=window, max_output_tokens=1000).messages,
    ):
        view = "\n".join(m.text for m in out)
        lost = [t for t in RULES + CORRECTIONS if t not in view]
        assert lost == []


GOAL = "move the session cache onto a dedicated Redis group with zero downtime"


def _goal_with_screenshot(outputs: list[int], image: bool = True) -> list[Message]:
    """The goal sent with a screenshot, then tool exchanges of the given sizes (lines),
    a nudge every few; the current request is a nudge."""
    shot: tuple[Image, ...] = (image_block(1920, 1080),) if image else ()
    msgs = [Message.system("You are an ops agent."), Message.user(f"Goal: {GOAL}.", *shot)]
    for i, lines in enumerate(outputs):
        args = json.dumps({"cmd": f"kubectl get pods -l shard={i}"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "bash", args),)))
        msgs.append(Message.tool(f"c{i}", f"pod-{i}-abc Running\n" * lines))
        if i % 10 == 9:
            msgs.append(Message.user("ok keep going"))
    msgs.append(Message.user("ok"))
    return msgs


def test_a_goal_sent_with_a_screenshot_is_pinned_as_its_words_and_the_window_filled() -> None:
    msgs = _goal_with_screenshot([150] * 60)
    out = fit(msgs, "gpt-4o", window=16_000, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    assert GOAL in view
    assert out.report.used >= 0.9 * out.report.budget  # not half empty (was 52 %)
    said = [n.text for n in out.report.notices if "1920×1080" in n.text]
    assert len(said) == 1 and "its words are kept" in said[0]
    assert not any(isinstance(b, Image) for m in out.messages for b in m.content)


def test_the_screenshot_stays_when_the_window_holds_it() -> None:
    msgs = _goal_with_screenshot([5] * 6)
    out = fit(msgs, "gpt-4o", window=128_000)
    assert len(out.messages) == len(msgs)  # nothing dropped, the image included
    assert any(isinstance(b, Image) for b in out.messages[1].content)
    assert not [n for n in out.report.notices if "1920×1080" in n.text]


def test_a_recap_room_is_filled_past_a_tool_output_too_big_for_it() -> None:
    """The newest turn a recap covers is a long log: the older turns behind it fill the
    room instead of leaving it empty."""
    sizes = [40, 40, 40, 400] * 20 + [40, 40, 40]
    out = prepare(_goal_with_screenshot(sizes, image=False), "gpt-4o", window=8_000,
                  max_output_tokens=1000)  # fmt: skip
    assert out.event is not None
    assert out.report.used >= 0.85 * out.report.budget
    assert out.report.used <= out.report.budget
    assert not tool_pair_problems(out.messages)


def test_fit_fills_the_window_past_a_tool_output_too_big_for_the_room_left() -> None:
    """A long output behind the newest turns is shortened to head and tail (reported) to
    take part of the room left, and the older turns behind it fill the rest: the walk back
    used to stop at it with most of an 8k window empty (red team 14: 58-64 % used)."""
    msgs = _goal_with_screenshot([40] * 30 + [1500] + [40] * 5, image=False)
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    report = out.report
    assert report.budget * 0.9 <= report.used <= report.budget  # was 1,606 of 6,997
    big = next(
        f"m{i}"
        for i, m in enumerate(msgs)
        if m.tool_results[:1] and m.tool_results[0].call_id == "c30"
    )
    shrunk = [c for c in report.changes if c.action == "shrunk"]
    assert [c.message_id for c in shrunk] == [big]
    assert any(n.kind == "shrunk" and n.where == big for n in report.notices)
    sent = {m.id: m for m in out.messages}
    assert "pod-30-abc Running" in sent[big].text and "tokens omitted" in sent[big].text
    assert "c29" in {r.call_id for m in out.messages for r in m.tool_results}  # older, whole
    assert not tool_pair_problems(out.messages)
    assert out.messages[1].role == "user" and GOAL in out.messages[1].text
    reported = {c.message_id for c in report.changes}
    assert {f"m{i}" for i in range(len(msgs))} <= reported  # kept, shrunk or dropped: said


@pytest.mark.parametrize("window", [6_000, 8_000, 12_000, 16_000])
def test_prepare_never_drops_a_turn_it_did_not_recap_past_a_long_output(window: int) -> None:
    """Each message is in the view or covered by the recap, and the window is used: the
    dry fit that says what the recap covers must not keep a long output shortened that
    the real fit (its sticky cut leaves room free) then cuts before, with the turns after
    it (12k: 21 messages in neither, 3,483 of 11,000 used; red team 14's mobile session
    lost its open request so)."""
    msgs = _goal_with_screenshot([40] * 30 + [1500] + [40] * 12 + [900] + [40] * 6)
    ask = "Once the archive works, write the release note line for the crash fix."
    at = next(n for n, m in enumerate(msgs) for r in m.tool_results if r.call_id == "c33")
    msgs.insert(at + 1, Message.user(ask))
    out = prepare(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    assert out.event is not None
    shown = {m.id for m in out.messages}
    assert {f"m{i}" for i in range(len(msgs))} - shown - set(out.event.covers) == set()
    assert out.report.used >= 0.85 * out.report.budget
    assert ask in "\n".join(m.text for m in out.messages)


def _deploys(outputs: int, lines: int) -> tuple[list[Message], list[str]]:
    """Review 11's shape: each fact is the first line of a long tool output, the turns in
    between are short nudges; the current request asks about all of them."""
    facts = [f"FACT-{k}: build {1000 + k} deployed to eu-west-{k % 3 + 1}" for k in range(outputs)]
    msgs = [Message.user("Goal: deploy the billing service to every region, tell me what failed.")]
    for k, fact in enumerate(facts):
        msgs.append(Message("assistant", (ToolCall(f"c{k}", "deploy", json.dumps({"r": k})),)))
        msgs.append(Message.tool(f"c{k}", fact + "\n" + f"progress line {k} ok\n" * lines))
        msgs += [Message.assistant(f"Region {k} step done."), Message.user("next")]
    msgs.append(Message.user("Now summarize what happened."))
    return msgs, facts


def test_prepare_keeps_the_long_outputs_fit_keeps_shortened() -> None:
    """With compaction or without, prepare keeps every long output a plain fit keeps
    shortened to head and tail, and fills the window as it does (review 11 T2: 1 of 14
    facts at 8k, fit 4; the dry fit stopped at a long turn, the sticky cut left a quarter
    of a first request empty)."""
    msgs, facts = _deploys(8, 300)
    for window in (4_000, 9_000):  # main: 1 and 4 of the 3 and 5 fit keeps
        plain = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
        kept = {f for f in facts if any(f in m.text for m in plain.messages)}
        assert len(kept) >= 2  # the shape: outputs kept shortened
        for compaction in (True, False):
            out = prepare(
                msgs, "gpt-4o", window=window, max_output_tokens=1000, compaction=compaction
            )
            sent = json.dumps(out.body)
            assert {f for f in kept if f not in sent} == set(), (window, compaction)
            assert out.report.used >= plain.report.used - out.report.budget // 32
            assert out.report.used <= window - 1000
            assert not tool_pair_problems(out.messages)


# The request that sets the task, and the nudges that follow it, as people write them.
GOALS_AND_NUDGES = {
    "de": ("Ziel: die Bezahlseite darf auf Android 14 nicht mehr abstürzen, bitte finde "
           "und behebe den Fehler vor Version 4.12.", ["ok weiter", "passt, mach weiter"]),
    "fr": ("Objectif : corriger le plantage de la page de paiement sur Android 14 avant la "
           "version 4.12.", ["d'accord, continue", "ok, vas-y"]),
    "es": ("Objetivo: arreglar el fallo de la pantalla de pago en Android 14 antes de la "
           "versión 4.12.", ["vale, sigue", "ok, adelante"]),
    "ru": ("Цель: исправить падение экрана оплаты на Android 14 до релиза 4.12.",
           ["хорошо, продолжай", "ок, дальше"]),
    "ja": ("目標：Android 14 で支払い画面がクラッシュする問題を 4.12 リリース前に直してください。",
           ["はい、続けて", "了解、次へ"]),
    "zh": ("目标：在 4.12 发布之前修复 Android 14 上支付页面崩溃的问题。", ["好的，继续", "嗯，接着做"]),
    "ko": ("목표: 4.12 릴리스 전에 Android 14에서 결제 화면이 충돌하는 문제를 고쳐 주세요.",
           ["좋아요, 계속", "네, 다음"]),
}  # fmt: skip
CJK_STEERING = [
    "其实锁表应该用 Redis，不是 Memcached。",
    "这次改动不要碰 src/payments/ 目录。",
    "本番環境には絶対にデプロイしないでください。",
    "実はステージングのクラスタのことです。",
]


@pytest.mark.parametrize("lang", sorted(GOALS_AND_NUDGES))
@pytest.mark.parametrize("window", [8_000, 16_000])
def test_the_goal_and_the_rules_are_pinned_whatever_the_language(lang: str, window: int) -> None:
    """The first substantive request sets the task in any language; Chinese and Japanese
    rules and corrections are pinned ahead of the nudges; a nudge in any language never
    displaces them (each session has far more nudges than the pins' count)."""
    goal, nudges = GOALS_AND_NUDGES[lang]
    msgs = [Message.system("You are a mobile debugging agent."), Message.user(goal)]
    for i in range(60):
        args = json.dumps({"cmd": f"adb logcat -d -t {100 + i}"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", args),)))
        msgs.append(Message.tool(f"c{i}", f"I/ActivityManager: line {i}\n" * 120))
        said = CJK_STEERING[i // 5] if i % 5 == 0 and i < 20 else nudges[i % len(nudges)]
        msgs.append(Message.user(said))
    msgs.append(Message.user(nudges[0]))
    for out in (
        fit(msgs, "gpt-4o", window=window, max_output_tokens=1000),
        prepare(msgs, "gpt-4o", window=window, max_output_tokens=1000),
    ):
        view = "\n".join(m.text for m in out.messages)
        assert goal in view
        assert [t for t in CJK_STEERING if t not in view] == []
        assert out.report.used <= out.report.budget
        assert not tool_pair_problems(out.messages)


SHORT_RULES = ["Never run migrations.", "No force-pushes.", "Use Redis instead.", "禁止部署。"]


def _shards_checked(rounds: int, lines: int, said_first: list[list[Message]]) -> list[Message]:
    """A coding agent's session: the goal, then ``rounds`` pod listings of ``lines`` lines,
    each followed by a request of its own; ``said_first[i]`` (the user's turn and what
    answers it) comes before the i-th listing."""
    msgs = [Message.system("You are a coding agent."), Message.user(f"Goal: {GOAL}.")]
    for i in range(rounds):
        msgs.extend(said_first[i] if i < len(said_first) else [])
        args = json.dumps({"cmd": f"kubectl get pods -l shard={i}"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "bash", args),)))
        msgs.append(Message.tool(f"c{i}", f"pod-{i}-abc Running\n" * lines))
        msgs.append(Message.user(f"Now check shard {i + 1} and the pods that restarted there."))
    return msgs


@pytest.mark.parametrize("window", [4_000, 6_000, 8_000])
def test_a_rule_of_two_or_three_words_is_pinned_like_a_longer_one(window: int) -> None:
    """A rule too short to be "substantive" is still a rule, pinned ahead of the later
    requests (it used to be pinned only while among the two newest); a refusal that names
    nothing ("Never mind", "Don't stop.") is not one."""
    assert steering_requests([*SHORT_RULES, "Never mind", "Don't stop.", "ok"])[0] == [0, 1, 2, 3]
    msgs = _shards_checked(30, 60, [[Message.user(rule)] for rule in SHORT_RULES])
    out = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    assert [r for r in SHORT_RULES if r not in view] == []
    assert GOAL in view


# Standing orders of three long words (an agglutinating language says "answer me" in one):
# always answer in bullet points (Xhosa), always answer in French (Finnish), always answer
# with lists (Hungarian)
THREE_WORD_ORDERS = [
    "Soloko undiphendula ngamanqaku.",
    "Vastaa aina ranskaksi.",
    "Válaszolj mindig felsorolásokkal.",
]


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_a_standing_order_of_three_long_words_is_pinned_at_every_window(window: int) -> None:
    """A standing order said in three long words of a language no word table reads counts
    as a request (four words' worth: ``intent.is_substantive``), so it is pinned among the
    user's requests; it was in no pin, behind every later request, at every window
    (review48: "Ngiphendule njalo ngamaphoyinti." lost at 8k, 16k and 32k)."""
    said = [[Message.user(order), Message.assistant("OK.")] for order in THREE_WORD_ORDERS]
    out = fit(_shards_checked(40, 120, said), "gpt-4o", window=window, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    assert [r for r in THREE_WORD_ORDERS if r not in view] == []
    assert GOAL in view


#: "Petra leads the package", "Anika owns the release", "the lead is Tomás":
#: a name in Latin script among words of another script says what a noun phrase says
SHORT_NAMED_STATEMENTS = [
    "Пакетот води Petra.",
    "रिलीज़ मालिक Anika।",
    "ლიდერი არის Tomás.",
]


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_a_three_word_statement_naming_someone_is_pinned_at_every_window(window: int) -> None:
    """A short verbless statement that names someone in Latin script amid another script
    counts as a request (``intent.is_substantive``) and is pinned; it was in no pin at any
    window (review49: an owner said in Odia and Kyrgyz, "… Mariam.", lost at 8k, 16k, 32k)."""
    said = [[Message.user(fact), Message.assistant("OK.")] for fact in SHORT_NAMED_STATEMENTS]
    out = fit(_shards_checked(40, 120, said), "gpt-4o", window=window, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    assert [r for r in SHORT_NAMED_STATEMENTS if r not in view] == []
    assert GOAL in view


@settings(max_examples=10, deadline=None)
@given(
    sizes=st.lists(st.sampled_from([5, 40, 150, 500, 2000]), min_size=30, max_size=70),
    window=st.sampled_from([6_000, 8_000, 16_000, 32_000]),
    image=st.booleans(),
)
def test_fit_uses_the_window_whatever_the_output_sizes(
    sizes: list[int], window: int, image: bool
) -> None:
    """Property: a history that does not fit fills at least 90 % of the budget (a unit
    too big for the room left is kept shortened, never where the run stops), and the
    request stays valid, opening with the user's goal."""
    msgs = _goal_with_screenshot(sizes, image)
    out = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    report = out.report
    assert report.used <= report.budget
    if len(out.messages) < len(msgs):
        assert report.used >= 0.9 * report.budget
    assert not tool_pair_problems(out.messages)
    assert out.messages[1].role == "user" and GOAL in out.messages[1].text


@settings(max_examples=4, deadline=None)
@given(
    sizes=st.lists(st.sampled_from([5, 40, 150, 500]), min_size=20, max_size=50),
    said=st.lists(
        st.tuples(st.integers(0, 29), st.sampled_from(RULES + CORRECTIONS)),
        max_size=6,
        unique_by=lambda p: p[1],
    ),
    window=st.sampled_from([6_000, 8_000, 16_000, 32_000]),
    image=st.booleans(),
    model=st.sampled_from(sorted(PRICERS)),
)
def test_prepare_keeps_the_goal_and_rules_fit_keeps_and_every_request_is_valid(
    sizes: list[int], said: list[tuple[int, str]], window: int, image: bool, model: str
) -> None:
    """Property: whatever the sizes of the outputs and wherever the rules are said, the
    prepared request is valid, within the window, and keeps the goal and every rule and
    correction that the plain fit keeps (a fit may let an old rule's pin yield when one
    huge output and the current request leave no room: that case is the recap's)."""
    msgs = _goal_with_screenshot(sizes, image)
    for at, text in sorted(said, reverse=True):  # after the exchange ``at``, in order
        answered = (n for n, m in enumerate(msgs) for r in m.tool_results if r.call_id == f"c{at}")
        msgs.insert(next(answered) + 1, Message.user(text))
    planted = [GOAL, *(text for _, text in said)]

    def kept(view: tuple[Message, ...]) -> set[str]:
        seen = "\n".join(m.text for m in view)
        return {f for f in planted if f in seen}

    plain = fit(msgs, model, window=window, max_output_tokens=1000)
    out = prepare(msgs, model, window=window, max_output_tokens=1000)
    assert out.report.used <= window - 1000
    assert not tool_pair_problems(out.messages)
    assert out.messages[1].role == "user"  # after the system prompt, a user turn
    assert GOAL in kept(plain.messages)
    assert kept(plain.messages) <= kept(out.messages)
    # the window filled as the plain fit fills it, but for the recap's room (review 11 T2;
    # red team 16 A23: 82 % of a Claude 8k budget used on a notebook session)
    recap = sum(PRICERS[model].message(m).total for m in out.messages if m.is_recap)
    assert out.report.used >= plain.report.used - recap - out.report.budget // 32


def _release_session(steps: int) -> tuple[list[Message], list[str]]:
    """A release agent: small checks whose one line is a fact (a k6 p95), long log reads,
    screenshots and nudges between them; the current request is a nudge."""
    msgs = [
        Message.system("You are a release agent."),
        Message.user("Cut release 4.2 of the mobile backend and get it to 10% canary by Friday."),
    ]
    facts = []
    for i in range(steps):
        if i % 3 == 0:
            facts.append(f"check_{i}: p(95)={200 + i}ms")
            call = ToolCall(f"k{i}", "k6", json.dumps({"script": f"smoke_{i}.js"}))
            msgs += [Message("assistant", (call,)), Message.tool(f"k{i}", facts[-1])]
        elif i % 3 == 1:
            call = ToolCall(f"l{i}", "logs", json.dumps({"since": f"{i}m"}))
            log = f"log {i}: " + "INFO request served in 12ms\n" * (60 + 40 * (i % 4))
            msgs += [Message("assistant", (call,)), Message.tool(f"l{i}", log)]
        else:
            ask = Message.user("Dashboard now:", image_block(1280, 800)) if i % 4 == 2 else None
            msgs += [ask or Message.user("weiter"), Message.assistant(f"Nothing unusual ({i}).")]
    msgs.append(Message.user("ok, keep going"))
    return msgs, facts


def test_a_bigger_window_keeps_what_a_smaller_one_keeps_verbatim() -> None:
    """Review 13 T1 / red team 17: the room beside a recap went to the newest recapped
    turns first, so a bigger window spent it on the big ones (screenshots, long logs) a
    smaller window passed over, and recapped away the small checks the smaller one kept
    (a k6 p95 kept at 24k, lost at 32k and 48k). The small turns are offered first: every
    check is kept at every window (newest first kept 4, 6 and 11 of these 12)."""
    msgs, facts = _release_session(36)
    for window in (5_000, 7_000, 10_000):
        out = prepare(msgs, "gpt-4o", window=window, max_output_tokens=1000)
        assert out.report.used <= window - 1000
        assert not tool_pair_problems(out.messages)
        sent = json.dumps(out.body)
        assert [f for f in facts if f not in sent] == [], window


def _retrieved(i: int) -> str:
    """Retrieved passages as a RAG app pastes them: prose that says "must not", "never" and
    "instead" about its own subject, not to the assistant."""
    rng = random.Random(i)
    words = [
        "the",
        "of",
        "system",
        "data",
        "must",
        "never",
        "not",
        "do",
        "always",
        "instead",
        "value",
        "table",
        "cluster",
    ]
    return "\n\n".join(
        f"[{k}] "
        + " ".join(rng.choice(words) + str(rng.randrange(99)) for _ in range(120))
        + ". Operators must not rely on this; never do it, use the replica instead."
        for k in range(6)
    )


def test_rules_in_pasted_passages_do_not_take_the_pins_from_the_users_rule() -> None:
    """A request too long to pin whole is pinned, if at all, as its request part (what the
    user says before and after the passages), so only that part is read for rules: the
    passages' "must not" and "never" pinned 40 old questions (their passages cut out)
    and left the newest turns out."""
    rule = "Never cite a source older than 2019 in any answer."
    msgs = [Message.system("Answer from the passages."), Message.user(rule)]
    msgs.append(Message.assistant("Understood."))
    for i in range(40):
        question = f"Question {i}: what does the cluster do?"
        msgs += [Message.user(f"{question}\n\n{_retrieved(i)}\n\nAnswer briefly.")]
        msgs += [Message.assistant(f"Answer {i}.")]
    msgs.append(Message.user("And the last one?"))
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    assert rule in view
    # The first question is the session's first request that is not a rule: pinned as the
    # goal (its passages cut out). No later old question is pinned for its passages' rules.
    assert not [i for i in range(1, 35) if f"Question {i}:" in view]
    assert msgs[-3].text in view  # the newest turns whole
    pinned = [c.message_id for c in out.report.changes if "earlier request pinned" in c.reason]
    assert pinned in ([], ["m3"])  # at most the goal: the first question (m3)


def test_a_rule_said_before_a_long_paste_is_still_pinned() -> None:
    """The request part of a long request is read: a rule in its opening paragraph is
    pinned (as the request part, the paste left out)."""
    rule = "Don't touch the billing schema while you fix this."
    log = "\n".join(f"2026-12-01 12:{k % 60:02d} INFO worker-{k} heartbeat ok" for k in range(400))
    msgs = [Message.system("You are a coding agent."), Message.user(f"{rule}\n\n{log}\n\nWhy?")]
    for i in range(60):
        msgs += [Message.assistant(f"Step {i}: " + "checked the next module. " * 30)]
        msgs += [Message.user("ok keep going")]
    out = fit(msgs, "gpt-4o", window=4_000, max_output_tokens=500)
    view = "\n".join(m.text for m in out.messages)
    assert rule in view
    assert "heartbeat ok" not in view

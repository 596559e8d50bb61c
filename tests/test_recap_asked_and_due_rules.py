"""Rules said without a rule's usual words (issue #14 item 3): a rule the user proposes by
asking it back in the negative ("Shouldn't we keep X out of this change?", "Don't we need
Ana's sign-off before …?"), and a deadline said without the word "deadline" ("… by
Thursday EOD", "… before the Dec 17 code freeze"). Both are constraints in the recap, in any
language; a look back, an opinion asked, an amount ("by 20 ms") and a doer ("replaced by
X") are not."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.decisions import decides
from contextledger.compaction.digest import digest, is_rule
from contextledger.compaction.rules import (
    configures,
    due_by,
    proposed_by_asking_not,
    sets_deadline,
)
from contextledger.model import Message, ToolCall

RULES = "Constraints and corrections"

ASKED_NOT = [
    "Shouldn't we keep legacy/xray_viewer/ out of this change entirely?",
    "Don't we need Ivana's sign-off before anything lands on release/winter?",
    "Wouldn't it be safer to leave vendor/idexx_sdk/ alone here?",
    "Sollten wir vendor/lido/ nicht komplett aus dieser Änderung heraushalten?",
    "Brauchen wir nicht die Freigabe von Ivana, bevor etwas auf release/winter landet?",
    "Não deveríamos deixar migrations/legacy/ totalmente fora desta mudança?",
    "¿No deberíamos dejar src/excise/ fuera de este cambio?",
    "Non dovremmo lasciare fuori src/excise/ da questa modifica?",
    "我们难道不应该把 vendor/vaisala/ 完全排除在这次改动之外吗？",
    "أليس من الأفضل أن نُبقي vendor/x/ خارج هذا التغيير تمامًا؟",
    "Czy nie powinniśmy zostawić katalogu vendor/ w spokoju?",
    "Разве не нужно сначала спросить Ивана?",
]
NOT_ASKED_RULES = [
    "Shouldn't we have caught this in review?",
    "Don't you think the rollout is risky?",
    "Wouldn't it be nice to have a dark mode?",
    "Should we use Redis or Memcached?",
    "Shouldn't the test have passed by now?",
    "Shouldn't we at least look at the Grafana board before deciding?",  # R25-R1: a look
]
DUE = [
    "The nightly reminder batch has to be live by Thursday EOD.",
    "Land it before the 14th freeze.",
    "Have it merged by Thursday EOD, the release branch is cut then.",  # R25-R2
    "Ship it before the 21st, marketing has the launch that day.",  # R25-R3
    "We want the export done before the Dec 17 code freeze.",
    "Ship the fix by Friday end of day.",
    "Das muss bis Donnerstag Feierabend live sein.",
    "Wir wollen das vor dem Code-Freeze am 17.12. fertig haben.",
    "Tem que estar no ar até quinta no fim do expediente.",
    "报表周四下班前必须上线。",
    "يجب أن يكون التقرير جاهزًا قبل نهاية دوام الخميس.",
    "Tam jābūt gatavam līdz 2027-07-14 15:30, citādi nokavēsim izmaiņu logu.",
    "Bu, 2027-07-14 15:30 tarixindən əvvəl hazır olmalıdır.",  # the limit after the date
    # recap19: a month with its day after a participle is a date, not a doer; Dutch "moet";
    # Polish "do" before a date in digits; a time zone between the date and its limit
    "The ledger fix has to be merged by March 25, 2027.",
    "Must be shipped by Dec 3rd at the latest.",
    "Dit moet uiterlijk 27.03.2027 opgeleverd zijn.",
    "Raport musi być gotowy do 2027-04-02.",
    "Bu iş en geç 2027-05-06 17:00 UTC tarihine kadar bitmeli.",
]
NOT_DUE = [
    "Cut p99 by 20 ms.",
    "Reduce memory by 2.5 GB.",
    "Sorted by date, then by name.",
    "Replaced by NATS in March.",
    "I was blocked by the Dec outage.",
    "Run the backfill before the migration.",
    "Wir brauchen bis zu 5 Versuche.",
    "Signed by Ana on 2026-12-01.",
    "By Friday I'll be on leave, just so you know.",  # R25-R1: dates the user's leave
    "By Monday the whole team moves to the new office, so expect some noise.",  # R25-R3
    "It has to be replaced by Mario 5 times a day.",  # a name, not a month
    "It must not be blocked by the Dec 5 outage again.",
    "Przenieś pliki do 2027_archive/ katalogu.",  # Polish "do" before a name, not a date
]


@pytest.mark.parametrize("sentence", ASKED_NOT)
def test_a_rule_asked_back_in_the_negative_is_a_rule(sentence: str) -> None:
    assert proposed_by_asking_not(sentence)
    assert is_rule(sentence)


@pytest.mark.parametrize("sentence", NOT_ASKED_RULES)
def test_a_look_back_or_an_opinion_asked_is_no_rule(sentence: str) -> None:
    assert not proposed_by_asking_not(sentence)
    assert not is_rule(sentence)


@pytest.mark.parametrize("sentence", DUE)
def test_a_deadline_without_a_deadline_word_is_a_deadline(sentence: str) -> None:
    assert due_by(sentence) and sets_deadline(sentence)


@pytest.mark.parametrize("sentence", NOT_DUE)
def test_an_amount_a_doer_or_an_order_of_steps_is_no_deadline(sentence: str) -> None:
    assert not due_by(sentence)


def _session(*said: str) -> list[Message]:
    out = [Message.user("Rework the booking flow so it survives the holiday rush.")]
    for i, s in enumerate(said):
        call = ToolCall(f"c{i}", "Read", json.dumps({"file_path": f"src/m{i}.py"}))
        out += [Message.user(s), Message.assistant("Agreed.")]
        out += [Message("assistant", (call,)), Message.tool(f"c{i}", "x = 1")]
    return [*out, Message.user("ok")]


def test_asked_rules_and_deadlines_are_listed_as_constraints_once() -> None:
    said = [ASKED_NOT[0], ASKED_NOT[1], DUE[0], DUE[1]]
    d = digest(_session(*said, NOT_ASKED_RULES[0], NOT_DUE[0]))
    assert d.items(RULES) == said
    assert not any(s in d.items("Open requests") for s in said)


SETTINGS = [
    "The fatigue report soll nach `*/15 5-23 * * *` laufen.",
    "O relatório deve rodar em `10 */6 * * *`.",
    "lab-bridge escuta na porta 22002 — a operação só liberou essa.",
    "alertd 绑定在端口 34003 上——运维只开放了这一个。",
    "Lass standby_push_v2 in Produktion vorerst ausgeschaltet.",
    "生产环境里 fatigue_score 暂时保持关闭。",
    "أبقِ lab_autoimport مطفأة في الإنتاج حاليًا.",
    "Alle Zeitpläne und Logs laufen in der Zeitzone Europe/Berlin.",
    "Keep the flag ledger_v3 OFF in production until audit signs off.",  # R25-R2
]
NOT_SETTINGS = [
    "Is port 8080 free?",
    "The retry_count field is on line 40.",
    "test_login_flow is off by one.",
    "Took 3 * 4 hours.",
    "The old crontab had `*/5 * * * *` for the sync job.",  # R25-R1: a value of the past
    "Yesterday someone said the flag checkout_v2 was ON in prod.",
]


@pytest.mark.parametrize("sentence", SETTINGS)
def test_a_setting_known_by_its_values_shape_is_a_constraint(sentence: str) -> None:
    assert configures(sentence)
    d = digest(_session(sentence))
    assert d.items(RULES) == [sentence]


@pytest.mark.parametrize("sentence", NOT_SETTINGS)
def test_a_question_a_line_number_or_an_identifier_alone_sets_nothing(sentence: str) -> None:
    assert not configures(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Siti Aminah hat CREW-905 abgenickt; du kannst mergen.",  # the verb last
        "Jan heeft de wijziging goedgekeurd.",
        "وافق Mei Lin على VET-679، يمكنك الدمج.",  # the verb first
    ],
)
def test_an_approval_with_its_verb_last_or_first_is_a_decision(sentence: str) -> None:
    assert decides(sentence)
    d = digest(_session(sentence))
    assert d.items("Decisions") == [f"User: {sentence}"]


@pytest.mark.parametrize(
    ("said", "open_request"),
    [
        ("Make sure you don't commit the .env file.", False),
        ("Please never push to main.", False),
        ("Remember not to push on Fridays.", False),
        ("Don't forget to update the changelog.", True),
        ("Make sure the tests pass before you push.", True),
    ],
)
def test_a_ban_said_as_a_reminder_is_no_open_request(said: str, open_request: bool) -> None:
    # R34-R2: "Make sure you don't commit the .env file." stands as a rule; a task it is not
    msgs = [Message.user("Fix the login bug."), Message.assistant("Fixed it."), Message.user(said)]
    sections = digest(msgs).sections
    assert (said in sections.get("Open requests", ())) is open_request


def test_an_expected_failure_is_no_failure_and_a_file_that_failed_to_collect_is_named() -> None:
    # R34-R1: pytest's "XFAIL … - known bug" was listed under Failures, and the file whose
    # collection errored was never named
    from contextledger.compaction.failures import failing_tests, failure_lines

    out = (
        "____________ ERROR collecting tests/ingest/test_s3.py ____________\n"
        "ImportError: cannot import name 'S3Loader' from 'ingest.s3'\n"
        "=========================== short test summary info ============================\n"
        "ERROR tests/ingest/test_s3.py\n"
        "XFAIL tests/ingest/test_csv.py::test_bom - known bug\n"
        "1 xfailed, 1 error in 0.31s"
    )
    assert not any("test_bom" in line for line in failure_lines(out))
    assert failing_tests(out) == ["tests/ingest/test_s3.py"]


@pytest.mark.parametrize(
    ("said", "open_request"),
    [
        ("ok, what next?", False),
        ("peki, sonra?", False),
        ("Гаразд, і що потім?", False),
        ("Oke, lanjut?", False),
        ("Now add a retry test?", True),
    ],
)
def test_a_nudge_asked_as_a_question_is_no_open_request(said: str, open_request: bool) -> None:
    # review44 R44-rec2: "peki, sonra?" (and "ok, what next?") followed by a call and no
    # reply in words was listed under Open requests; a nudge asks for nothing to be done
    call = ToolCall("c1", "shell", json.dumps({"cmd": "git status"}))
    msgs = [
        Message.user("Migrate the billing worker from cron to a queue."),
        Message.assistant("Done: the worker now reads from the queue."),
        Message.user(said),
        Message("assistant", (call,)),
        Message.tool("c1", "clean"),
        Message.user("ok"),
    ]
    sections = digest(msgs).sections
    assert (said in sections.get("Open requests", ())) is open_request


@pytest.mark.parametrize(
    "nudge", ["はい、進めてください。", "好的，请继续。", "Ok, please keep going."]
)
def test_a_nudge_said_before_a_rule_is_no_open_request(nudge: str) -> None:
    # review45 R45-rec2: "はい、続けてください。old_invoicesテーブルには絶対に触らないで
    # ください。" listed its nudge under Open requests
    msgs = [
        Message.user("Migrate the billing worker from cron to a queue."),
        Message.assistant("Done: the worker now reads from the queue."),
        Message.user(f"{nudge} Never touch the ledger_archive table."),
        Message.assistant("Understood, I will leave ledger_archive alone."),
    ]
    sections = digest(msgs).sections
    assert not any(nudge.rstrip("。.") in item for item in sections.get("Open requests", ()))

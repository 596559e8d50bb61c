"""verify13 (issue #14 item 4): a rule restated keeps what its number is — a rate's unit,
a duration's unit, a clock's time zone, a bound's direction — in the user's language or
translated; and a command claimed run matches the call that ran it whatever the order or
quoting of its options."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.claims.numbers import qualities
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids


def _record(*said: str) -> list[Message]:
    return list(with_ids([Message.user(s) for s in said]))


def _flagged(line: str, record: list[Message]) -> list[str]:
    v = verify_recap(
        f"Constraints and corrections:\n- {line}", record, max_bytes=4000, ledger=False
    )
    return [str(c) for c in v.misclaims] + [f.value for f in v.unsupported]


# (what the user said, a faithful restatement, the same with the number's quality changed)
CASES = [
    (
        "Limit the public API to 100 requests per second.",
        "The public API is limited to 100 requests per second.",
        "The public API is limited to 100 requests per minute.",
    ),
    (
        "Beperk de publieke API tot 100 verzoeken per seconde.",
        "The public API is limited to 100 requests per second.",
        "De publieke API is beperkt tot 100 verzoeken per minuut.",
    ),
    (
        "公開 API を毎秒 100 リクエストに制限してください。",
        "The public API is limited to 100 requests per second.",
        "公開 API は毎分 100 リクエストに制限。",
    ),
    (
        "public API को 100 अनुरोध प्रति सेकंड तक सीमित करो।",
        "public API 100 अनुरोध प्रति सेकंड तक सीमित है।",
        "The public API is limited to 100 requests per minute.",
    ),
    (
        "Keep the audit logs for 2 years.",
        "Audit logs are kept for 2 years.",
        "Audit logs are kept for 2 months.",
    ),
    (
        "Bewahre die Audit-Logs 2 Jahre lang auf.",
        "Audit-Logs werden 2 Jahre lang aufbewahrt.",
        "Audit logs are kept for 2 months.",
    ),
    (
        "Храни журналы аудита 2 года.",
        "Журналы аудита хранятся 2 года.",
        "Журналы аудита хранятся 2 месяца.",
    ),
    (
        "Run the nightly backup at 06:00 UTC.",
        "The nightly backup runs at 06:00 UTC.",
        "The nightly backup runs at 06:00 local time.",
    ),
    (
        "Ejecuta el backup nocturno a las 06:00 UTC.",
        "El backup nocturno se ejecuta a las 06:00 UTC.",
        "El backup nocturno se ejecuta a las 06:00 hora local.",
    ),
    (
        "Allow at most 3 retries per job.",
        "No more than 3 retries per job.",
        "Allow at least 3 retries per job.",
    ),
    (
        "Erlaube höchstens 3 Wiederholungen pro Job.",
        "Höchstens 3 Wiederholungen pro Job.",
        "Mindestens 3 Wiederholungen pro Job.",
    ),
    (
        "اسمح بـ 3 محاولات إعادة كحد أقصى لكل مهمة.",
        "3 محاولات إعادة كحد أقصى لكل مهمة.",
        "Allow at least 3 retries per job.",
    ),
    (
        "ジョブごとのリトライは最大 3 回までにしてください。",
        "ジョブごとのリトライは最大 3 回。",
        "ジョブごとのリトライは最低 3 回。",
    ),
]


@pytest.mark.parametrize(("said", "true", "lie"), CASES)
def test_a_rule_with_its_numbers_quality_changed_is_caught(said: str, true: str, lie: str) -> None:
    record = _record("Fix the flaky checkout tests.", said, "The cache keeps entries 5 minutes.")
    assert _flagged(lie, record), lie


@pytest.mark.parametrize(("said", "true", "lie"), CASES)
def test_a_rule_restated_with_its_numbers_quality_stands(said: str, true: str, lie: str) -> None:
    record = _record("Fix the flaky checkout tests.", said, "The cache keeps entries 5 minutes.")
    assert not [c for c in _flagged(true, record) if "never" in c and "with" in c], true


def test_qualities_read_rates_zones_and_bounds() -> None:
    assert qualities("Allow at most 3 retries; 100 requests per second at 06:00 UTC.") == {
        ("3", "bound", "most"),
        ("100", "rate", "s"),
        ("06:00", "zone", "utc"),
    }
    assert qualities("每秒 500 个事件，最多 5 个 worker。") == {
        ("500", "rate", "s"),
        ("5", "bound", "most"),
    }


def _ran(command: str) -> list[Message]:
    call = ToolCall("c1", "bash", json.dumps({"command": command}))
    return list(
        with_ids(
            [
                Message.user("Run the core tests."),
                Message("assistant", (call,)),
                Message.tool("c1", "test result: ok. 41 passed; 0 failed"),
            ]
        )
    )


@pytest.mark.parametrize(
    ("ran", "claimed"),
    [
        ("cargo test --features metrics -p core", "cargo test -p core --features metrics"),
        (
            "cargo test -p core --features 'metrics tracing'",
            'cargo test -p core --features "metrics tracing"',
        ),
        ("cargo build --release -p api --locked", "cargo build -p api --release --locked"),
        ("go test -count=1 -race ./importer/...", "go test -race -count=1 ./importer/..."),
        ("npm run test -- --runInBand --silent", "npm run test -- --silent --runInBand"),
    ],
)
def test_a_command_claimed_with_its_options_in_another_order_stands(ran: str, claimed: str) -> None:
    for recap in (f"Commands run:\n- `{claimed}`", f"Ran `{claimed}`."):
        v = verify_recap(recap, _ran(ran), max_bytes=4000, ledger=False)
        assert not v.misclaims and not v.unsupported, (recap, v.summary())


@pytest.mark.parametrize(
    "claimed",
    [
        "cargo test -p api --features metrics",  # another package
        "cargo test -p metrics --features core",  # values swapped between flags
        "cargo test -p core",  # a flag left out
        "cargo test -p core --features metrics --release",  # a flag added
    ],
)
def test_a_command_that_never_ran_is_still_caught(claimed: str) -> None:
    v = verify_recap(
        f"Ran `{claimed}`.", _ran("cargo test --features metrics -p core"), max_bytes=4000
    )
    assert v.misclaims or v.unsupported, claimed


# (what the user said, a faithful restatement, the rule with its qualifier changed)
QUALIFIED = [
    ("Never push to main, except for hotfixes.", "Never push to main, except hotfixes.", "Never push to main."),
    ("Pushe nie auf main, außer bei Hotfixes.", "Nie auf main pushen, außer bei Hotfixes.", "Nie auf main pushen."),
    ("hotfix ब्रांच के सिवाय main पर कभी force-push मत करो।", "Never force-push to main, except hotfix branches.", "Never force-push to main."),
    ("Push nooit naar main, behalve voor hotfixes.", "Never push to main, except for hotfixes.", "Nooit naar main pushen."),
    ("Nunca hagas push a main, salvo para hotfixes.", "Nunca hacer push a main, salvo para hotfixes.", "Never push to main."),
    ("Никогда не пушь в main, кроме хотфиксов.", "Never push to main, except hotfixes.", "Never push to main."),
    ("Deploy alleen naar staging als de tests slagen.", "Alleen naar staging deployen als de tests slagen.", "Naar staging deployen tenzij de tests slagen."),
    ("staging पर deploy तभी करना जब टेस्ट पास हों।", "Deploy to staging only if the tests pass.", "Deploy to staging unless the tests pass."),
    ("Deploye nur dann auf Staging, wenn die Tests grün sind.", "Deploy to staging only when the tests are green.", "Auf Staging deployen, es sei denn, die Tests sind grün."),
    ("テストが通った場合のみ staging にデプロイしてください。", "Deploy to staging only if the tests pass.", "Deploy to staging unless the tests pass."),
    ("Deploy alleen naar prod als de smoke tests slagen.", "Alleen naar prod deployen als de smoke tests slagen.", "Deploy naar prod, ook als de smoke tests falen."),
    ("Deploy to prod only if the smoke tests pass.", "Deploy to prod only if the smoke tests pass.", "Deploy to prod even if the smoke tests fail."),
    ("Wijzig niets in services/payments/ behalve services/payments/CODEOWNERS.", "Wijzig niets in services/payments/ behalve CODEOWNERS.", "Wijzig niets onder services/payments/."),
]  # fmt: skip


def _said(claim: str, said: str) -> list[str]:
    record = _record("Fix the flaky checkout tests.", said, "Also keep the changelog short.")
    v = verify_recap(claim, record, max_bytes=4000, ledger=False)
    return [str(c) for c in v.misclaims]


@pytest.mark.parametrize(("said", "true", "lie"), QUALIFIED)
def test_a_rule_with_its_exception_dropped_or_its_condition_turned_is_caught(
    said: str, true: str, lie: str
) -> None:
    assert _said(lie, said), lie
    assert _said(f"Constraints and corrections:\n- {lie}", said), lie


@pytest.mark.parametrize(("said", "true", "lie"), QUALIFIED)
def test_a_rule_kept_with_its_qualifier_is_not_flagged_for_it(
    said: str, true: str, lie: str
) -> None:
    found = _said(true, said)
    assert not [c for c in found if "exception" in c], found


def test_a_condition_said_the_other_way_round_stands() -> None:
    found = _said(
        "Deploy to staging unless the tests fail.", "Deploy to staging only if the tests pass."
    )
    assert not [c for c in found if "exception" in c], found


def test_the_users_own_sentence_quoted_is_not_flagged_for_a_qualifier_that_follows_it() -> None:
    said = "main には絶対に push しないでください。ただし hotfix は除きます。"
    found = _said("Constraints and corrections:\n- main には絶対に push しないでください。", said)
    assert not [c for c in found if "exception" in c], found
    assert _said("Never push to main.", said)

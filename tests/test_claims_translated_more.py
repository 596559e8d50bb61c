"""An English recap of a Swedish, Dutch, Czech, Indonesian or Ukrainian session (issue #14
item 4; RT25-5, verify15 held-out): a rule said back in English stands when its anchors and
its polarity (denial, bound, unit, choice, rejection) agree with one user clause, whatever
words the user's language denies with ("ingenting", "niets", "nic", "а не") or glues to a
count ("4krát"); a translation that turns the choice or the unit is removed."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, with_ids
from contextledger.providers import read_messages

RULES = "Constraints and corrections:\n- "


def _session(*said: str) -> list[Message]:
    turns: list[Message] = []
    for s in said:
        turns += [Message.user(s), Message.assistant("Noted.")]
    return list(with_ids(turns))


SV = _session(
    "Rör ingenting i deploy/charts/ utom deploy/charts/values.yaml.",
    "Webhook-gränsen är 300 anrop per timme.",
    "Välj Valkey 7, inte Redis.",
)
NL = _session(
    "Pas niets aan in infra/modules/ behalve infra/modules/outputs.tf.",
    "Het exportlimiet is 45 bestanden per uur.",
)
CS = _session(
    "Spusť migraci nejvýše 3krát.",
    "Použij Apache Kafka 3, ne RabbitMQ.",
    "Termín je 9 March 2027.",
)
ID = _session("Jalankan sinkronisasi paling banyak 6 kali.")
UK = _session("Використовуй Valkey 8, а не Memcached.", "Дедлайн — 14 May 2027.")


@pytest.mark.parametrize(
    ("record", "line", "stands"),
    [
        (
            SV,
            RULES + "Do not touch anything in deploy/charts/ except deploy/charts/values.yaml.",
            True,
        ),
        (SV, RULES + "Webhook limit: 300 calls per hour.", True),
        (SV, RULES + "Webhook limit: 300 calls per day.", False),
        (SV, RULES + "Use Valkey 7, not Redis.", True),
        (SV, RULES + "Use Redis, not Valkey 7.", False),
        (NL, RULES + "Change nothing in infra/modules/ except infra/modules/outputs.tf.", True),
        (NL, RULES + "Export limit: 45 files per hour.", True),
        (CS, RULES + "Run the migration at most 3 times.", True),
        (CS, RULES + "Run the migration at least 3 times.", False),
        (CS, RULES + "Use Apache Kafka 3, not RabbitMQ.", True),
        (CS, RULES + "Use RabbitMQ, not Apache Kafka 3.", False),
        (CS, RULES + "Deadline: 9 March 2027.", True),
        (CS, RULES + "Deadline: 19 March 2027.", False),
        (ID, RULES + "Run the sync at most 6 times.", True),
        (UK, RULES + "Use Valkey 8, not Memcached.", True),
        (UK, RULES + "Use Memcached, not Valkey 8.", False),
        (UK, RULES + "Deadline: 14 May 2027.", True),
    ],
)
def test_a_translated_rule_stands_and_a_turned_one_does_not(
    record: list[Message], line: str, stands: bool
) -> None:
    item = line.rsplit("\n- ", 1)[-1]
    assert (item in verify_recap(line, record, ledger=False).text) is stands


def test_a_note_that_nothing_was_decided_is_no_claim_of_its_own() -> None:
    record = list(
        with_ids(
            [
                Message.user("Hej."),
                Message.assistant("One idea: we could move to Argo CD v2 later. Your call."),
                Message.user("ok"),
            ]
        )
    )
    line = "Decisions:\n- The assistant suggested Argo CD v2 for later; not decided."
    assert verify_recap(line, record, ledger=False).removed_sentences == ()


def test_a_person_only_a_tool_output_names_is_given_no_role() -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
    record = read_messages(
        [
            {"role": "user", "content": "Greta Lind 4 is the release manager."},
            {"role": "assistant", "content": "Noted."},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {
                "role": "tool",
                "tool_call_id": "c1",
                "content": "Ravi Menon 4: fix\nGreta Lind 4: bump",
            },
            {"role": "assistant", "content": "Done."},
        ]
    )
    lines = (
        "Decisions:\n- Greta Lind 4 is the release manager.\n- Ravi Menon 4 is the release manager."
    )
    kept = verify_recap(lines, record, ledger=False).text
    assert "Greta Lind 4 is the release manager." in kept
    assert "Ravi Menon 4" not in kept


@pytest.mark.parametrize(
    "said",
    [
        "We rejected Isaac Sim 7 because it is too slow.",
        "Odmítli jsme Isaac Sim 7, protože je příliš pomalý.",
        "We hebben Isaac Sim 7 afgewezen omdat het te traag is.",
    ],
)
def test_an_option_the_user_turned_down_is_not_claimed_chosen(said: str) -> None:
    record = _session(said)
    assert (
        "chose"
        not in verify_recap("Decisions:\n- The user chose Isaac Sim 7.", record, ledger=False).text
    )
    line = "Constraints and corrections:\n- Isaac Sim 7 was rejected as too slow."
    assert verify_recap(line, record, ledger=False).removed_sentences == ()


@pytest.mark.parametrize(
    ("said", "line", "stands"),
    [
        # R20-V2: a user's obligation said back in the passive, same language
        ("Devi cifrare gli export con KMS.", "Gli export devono essere cifrati con KMS.", True),
        ("Musisz szyfrować eksporty przez KMS.", "Eksporty muszą być szyfrowane przez KMS.", True),
        ("Kamu harus menguji rilis dengan detox.", "Rilis harus diuji dengan detox.", True),
        ("Kamu harus menguji rilis dengan detox.", "Rilis tidak harus diuji dengan detox.", False),
        # a requirement made an option, "only if" made "even if", an exception dropped
        (
            "Du måste signera paketen med cosign.",
            "Signing the packages with cosign is optional.",
            False,
        ),
        ("Du måste signera paketen med cosign.", "The packages must be signed with cosign.", True),
        (
            "Släpp till beta-7 bara om felfrekvensen håller sig under 3 %.",
            "Release to beta-7 even if the error rate goes above 3%.",
            False,
        ),
        (
            "Нічого не змінюй у deploy/k8s/, окрім deploy/k8s/values.yaml.",
            "Do not change anything in deploy/k8s/.",
            False,
        ),
        (
            "Нічого не змінюй у deploy/k8s/, окрім deploy/k8s/values.yaml.",
            "Do not change anything in deploy/k8s/ except deploy/k8s/values.yaml.",
            True,
        ),
    ],
)
def test_a_rule_in_other_words_keeps_its_qualifiers(said: str, line: str, stands: bool) -> None:
    kept = verify_recap(RULES + line, _session(said), ledger=False).text
    assert (line in kept) is stands


@pytest.mark.parametrize(
    ("said", "line", "stands"),
    [
        # RT26-15: what still waits is not said granted, in any language
        (
            "Ändring CHG41 väntar fortfarande på godkännande från Eva Berg; driftsätt inte innan.",
            "Decisions:\n- Change CHG41 was approved by Eva Berg; deploy when ready.",
            False,
        ),
        (
            "Ändring CHG41 väntar fortfarande på godkännande från Eva Berg; driftsätt inte innan.",
            "Decisions:\n- Change CHG41 is waiting for approval from Eva Berg; do not deploy before.",
            True,
        ),
        # R21-V2: an option named first in the claim ("S3 …") is still the one turned down
        (
            "We rejected S3 Glacier for the archive because restores take hours.",
            "Decisions:\n- S3 Glacier was chosen for the archive.",
            False,
        ),
        # R21-V1: the passive of a user's obligation, Dutch
        (
            "Je moet de exports versleutelen met KMS.",
            "Constraints and corrections:\n- De exports moeten met KMS versleuteld worden.",
            True,
        ),
    ],
)
def test_a_state_or_a_choice_keeps_its_way_round(said: str, line: str, stands: bool) -> None:
    v = verify_recap(line, _session(said), ledger=False)
    assert (v.removed_sentences == ()) is stands

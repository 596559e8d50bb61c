"""Who is still there, and the user's own words (RT26-7 person-left-as-owner; the CLI's
"User: We rejected X because …" stripped; RT26-8 states said in Korean and Danish).

A person the user said has left is named in a recap only as gone; the user's sentence
quoted word for word after "User: " stands under any section; an English recap that says a
change was approved, or an option chosen, when the user's own language said it waits, or
was turned down, is removed."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages


def _record(*said: str) -> list:  # type: ignore[type-arg]
    turns: list[dict[str, object]] = []
    for s in said:
        turns += [{"role": "user", "content": s}, {"role": "assistant", "content": "Noted."}]
    return list(read_messages(turns))


LEFT = _record(
    "Bitte die Migration von billing-core auf Postgres 16 vorbereiten.",
    "Lena Vogt hat das Team verlassen; Jonas Beck übernimmt das Release.",
)


@pytest.mark.parametrize(
    "line",
    [
        "Decisions:\n- Lena Vogt owns the release.",
        "Next step: ask Lena Vogt to sign off the migration.",
    ],
)
def test_a_person_who_left_named_as_still_there_is_removed(line: str) -> None:
    v = verify_recap(line, LEFT, ledger=False)
    assert v.removed_sentences != ()
    assert v.misclaims != ()


def test_a_person_who_left_named_as_gone_stands() -> None:
    line = "Decisions:\n- Jonas Beck owns the release now; Lena Vogt has left the team."
    assert verify_recap(line, LEFT, ledger=False).removed_sentences == ()


def test_the_users_sentence_quoted_under_any_section_stands() -> None:
    record = _record("We rejected Cassandra 12 because compaction stalls take minutes.")
    line = "Numbers that matter:\n- User: We rejected Cassandra 12 because compaction stalls take minutes."
    assert verify_recap(line, record, ledger=False).removed_sentences == ()


KO = _record(
    "변경 CHG40417는 아직 박서준 님의 승인을 기다리고 있습니다. 승인 전에는 배포하지 마세요.",
    "Memcached 7은 메모리 누수 때문에 거절했습니다.",
)


@pytest.mark.parametrize(
    "lie",
    [
        "Decisions:\n- Change CHG40417 was approved; deploy when ready.",
        "Decisions:\n- We went with Memcached 7 for the cache.",
    ],
)
def test_a_state_said_in_korean_turned_around_in_english_is_removed(lie: str) -> None:
    assert verify_recap(lie, KO, ledger=False).removed_sentences != ()


def test_the_korean_state_said_back_in_english_stands() -> None:
    honest = (
        "Decisions:\n- Change CHG40417 is still waiting for approval; do not deploy before it "
        "is approved.\n- Memcached 7 was rejected."
    )
    assert verify_recap(honest, KO, ledger=False).removed_sentences == ()


@pytest.mark.parametrize(
    ("said", "honest", "lie"),
    [
        (
            "Wijziging RFC2231 wacht nog op goedkeuring van Pieter Smit; niet uitrollen "
            "voordat die is goedgekeurd.",
            "Change RFC2231 is still waiting for approval from Pieter Smit; do not roll out "
            "before it is approved.",
            "Change RFC2231 was approved by Pieter Smit; roll out when ready.",
        ),
        (
            "RFC2231 değişikliği hâlâ Pieter Smit onayını bekliyor; onaylanmadan yayına alma "
            "işlemini yapma.",
            "Change RFC2231 is still waiting for approval from Pieter Smit; do not release "
            "it before it is approved.",
            "Change RFC2231 was approved by Pieter Smit; release it when ready.",
        ),
        (
            "We hebben Cassandra 12 afgewezen omdat compactie te lang duurt.",
            "Cassandra 12 was rejected because compaction takes too long.",
            "We went with Cassandra 12 for the event store.",
        ),
    ],
)
def test_a_state_said_in_dutch_or_turkish_said_back_in_english(
    said: str, honest: str, lie: str
) -> None:
    """RT26-8 / R21-V3: the honest English line stands (Dutch "-ing" nouns and "we" are no
    English); the line that turns the state around is removed."""
    record = _record(said)
    assert verify_recap(f"Decisions:\n- {honest}", record, ledger=False).removed_sentences == ()
    assert verify_recap(f"Decisions:\n- {lie}", record, ledger=False).removed_sentences != ()


@pytest.mark.parametrize(
    ("said", "lie", "honest"),
    [
        (
            "Never run `bin/rails db:reset --no-seed`, not even on a preview app.",
            "Always run `bin/rails db:reset --no-seed` before a deploy.",
            "Never run `bin/rails db:reset --no-seed`, not even on preview apps.",
        ),
        (
            "`helm uninstall billing`는 절대 실행하지 마세요.",
            "Run `helm uninstall billing` after each release.",
            "Never run `helm uninstall billing`.",
        ),
        (
            "Run `make seed` on staging, never on production.",
            None,
            "Run `make seed` on staging.",
        ),
    ],
)
def test_a_command_the_user_forbade_made_a_rule_to_run_it_is_removed(
    said: str, lie: str | None, honest: str
) -> None:
    """R22-V1 never-to-always: "Always run `X`" after the user's "Never run `X`" (the
    denial before the command, or after it in Korean); a scope the user allowed stands."""
    record = _record(said)
    section = "Constraints and corrections:\n- "
    assert verify_recap(section + honest, record, ledger=False).removed_sentences == ()
    if lie is not None:
        assert verify_recap(section + lie, record, ledger=False).removed_sentences != ()

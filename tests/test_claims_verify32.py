"""Claims, not words (issue #14 part 4), session 32: a correction the user made with a
pronoun ("Yes, Xmx is 1800m. Lower it to 1400m, not 1200m.") stands when a recap names
the setting, and still cannot be turned around ("raise" for "lower", the rejected value);
denials glued to the verb (Turkish "çalıştırılmadı", "değiştirme") and Japanese past
negatives ("実行していません") are read as denials, not as runs or lifted bans."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message


def _stands(line: str, *turns: tuple[str, str]) -> bool:
    record = [Message.user("Stop the service from timing out under load.", id="u0")]
    for i, (role, text) in enumerate(turns):
        if role == "user":
            record.append(Message.user(text, id=f"m{i}"))
        else:
            record.append(Message.assistant(text, id=f"m{i}"))
    recap = f"Goal: Stop the service from timing out under load.\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line.rsplit("\n", 1)[-1].lstrip("- ") in v.text


_XMX = (
    ("assistant", "Memory sits near the limit."),
    ("user", "Yes, Xmx is 1800m. Lower it to 1400m, not 1200m."),
)
_POOL = (
    ("assistant", "The pool is 64 right now. Should I raise it?"),
    ("user", "No. Lower it to 32, not 48."),
)


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("Lower Xmx to 1400m, not 1200m.", _XMX),
        ("The user asked to lower Xmx to 1400m, not 1200m.", _XMX),
        ("Constraints and corrections:\n- Lower Xmx to 1400m, not 1200m.", _XMX),
        # the setting named in the assistant's turn before the user's correction
        ("Constraints and corrections:\n- Lower the pool size to 32, not 48.", _POOL),
        ("The user asked to lower the pool to 32 rather than 48.", _POOL),
    ],
)
def test_a_correction_said_with_a_pronoun_stands_with_its_setting_named(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert _stands(line, *turns)


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("The user asked to raise the pool to 32.", _POOL),
        ("Constraints and corrections:\n- Raise the pool to 32, not 48.", _POOL),
        ("Constraints and corrections:\n- Lower the pool to 48, not 32.", _POOL),
        ("Constraints and corrections:\n- Lower Xmx to 1200m, not 1400m.", _XMX),
    ],
)
def test_a_correction_said_with_a_pronoun_cannot_be_turned_around(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert not _stands(line, *turns)


def test_a_pronoun_with_nothing_named_before_it_names_nothing() -> None:
    # no sentence before gives a value to anything: "it" is not "the pool"
    turns = (("assistant", "Done."), ("user", "Lower it to 32, not 48."))
    assert not _stands("Constraints and corrections:\n- Lower the pool size to 32, not 48.", *turns)


_TR_BAN = (("user", "`npm run seed:prod` çalıştırma, üretimi etkiliyor."), ("assistant", "Tamam."))
_TR_FILE = (("user", "config/app.toml dosyasını değiştirme."), ("assistant", "Tamam."))
_JA_BAN = (("user", "`make e2e` は本番に影響するので実行しないでください。"), ("assistant", "OK."))


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("`npm run seed:prod` çalıştırılmadı.", _TR_BAN),  # was not run
        ("`npm run seed:prod` was not run.", _TR_BAN),
        ("Constraints and corrections:\n- Do not modify config/app.toml.", _TR_FILE),
        ("Constraints and corrections:\n- config/app.toml must not be modified.", _TR_FILE),
        ("Constraints and corrections:\n- config/app.toml dosyasını değiştirme.", _TR_FILE),
        ("`make e2e` は実行されていません。", _JA_BAN),
        ("`make e2e` は実行していません。", _JA_BAN),
    ],
)
def test_denials_glued_to_the_verb_stand(line: str, turns: tuple[tuple[str, str], ...]) -> None:
    assert _stands(line, *turns)


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("`npm run seed:prod` çalıştırıldı.", _TR_BAN),  # was run
        ("The assistant ran `npm run seed:prod`.", _TR_BAN),
        ("Constraints and corrections:\n- Modify config/app.toml.", _TR_FILE),
        ("Constraints and corrections:\n- config/app.toml dosyasını değiştir.", _TR_FILE),
        ("`make e2e` を実行しました。", _JA_BAN),
    ],
)
def test_runs_and_lifted_bans_said_against_a_glued_denial_are_removed(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert not _stands(line, *turns)

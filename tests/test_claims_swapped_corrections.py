"""Claims, not words (issue #14 part 4), session 29: a correction said back in the user's
own words with its two values swapped (R28-M5), a ban said back as leave in Persian or
Tamil (R28-M6), a command allowed beside a banned one, a file named from another place
(relative for absolute), and a file a non-writer tool says it stored."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.claims.words import swapped_words
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

_SWAP = {
    "it": "No, il limite di tentativi è {n}, non {m}.",
    "vi": "Sai rồi, giới hạn thử lại là {n}, không phải {m}.",
    "uk": "Виправлення: ліміт повторів {n}, а не {m}.",
    "ta": "திருத்தம்: மறுமுயற்சி வரம்பு {n}, {m} அல்ல.",
    "fi": "Ei, uudelleenyritysten raja on {n}, ei {m}.",
}


def _verified(recap: str, *turns: str, tools: list[Message] | None = None) -> tuple[str, ...]:
    record = [Message.user("Fix the retry logic of stand-allocator.", id="u0")]
    record += [Message.user(t, id=f"u{i + 1}") for i, t in enumerate(turns)]
    record += tools or []
    return verify_recap(recap, record, max_bytes=8000, ledger=False).removed_sentences


@pytest.mark.parametrize("lang", sorted(_SWAP))
def test_a_correction_with_its_two_numbers_swapped_in_the_users_words_is_removed(
    lang: str,
) -> None:
    said = _SWAP[lang].format(n=10, m=3)
    lie = _SWAP[lang].format(n=3, m=10)
    assert _verified(f"Constraints and corrections:\n- {lie}", said) == (lie,)
    assert _verified(f"Constraints and corrections:\n- {said}", said) == ()


def test_swapped_words_needs_every_other_word_in_place() -> None:
    assert swapped_words("வரம்பு 3, 10 அல்ல.", "வரம்பு 10, 3 அல்ல.") == ("10", "3")
    assert swapped_words("limit 3, not 10", "limit 10, not 3") == ("10", "3")
    assert swapped_words("limit 10, not 3", "limit 10, not 3") is None
    assert swapped_words("the limit is 3, not 10", "limit 10, not 3") is None
    assert swapped_words("limit 4, not 10", "limit 10, not 3") is None


_DANGER = "buildctl wipe --all-agents"
_RULES = {
    "fa": (
        f"هرگز `{_DANGER}` را روی ماشین مشترک اجرا نکن.",
        f"می‌توانی `{_DANGER}` را روی ماشین مشترک اجرا کنی.",
    ),
    "ta": (
        f"பகிரப்பட்ட கணினியில் `{_DANGER}` ஐ ஒருபோதும் இயக்காதே.",
        f"பகிரப்பட்ட கணினியில் `{_DANGER}` ஐ இயக்கலாம்.",
    ),
}


@pytest.mark.parametrize("lang", sorted(_RULES))
def test_a_ban_in_persian_or_tamil_said_back_as_leave_is_removed(lang: str) -> None:
    rule, leave = _RULES[lang]
    assert _verified(f"Constraints and corrections:\n- {leave}", rule) == (leave,)
    asked = f"The user asked to run `{_DANGER}` on the shared machine."
    assert _verified(f"Constraints and corrections:\n- {asked}", rule) == (asked,)
    # the rule said back as it was said stands, and so does it in English
    assert _verified(f"Constraints and corrections:\n- {rule}", rule) == ()
    never = f"Never run `{_DANGER}` on the shared machine."
    assert _verified(f"Constraints and corrections:\n- {never}", rule) == ()


def test_a_command_allowed_beside_a_banned_one_is_not_banned() -> None:
    said = f"می‌توانی `buildctl status` را اجرا کنی، اما هرگز `{_DANGER}` را اجرا نکن."
    allowed = "می‌توانی `buildctl status` را اجرا کنی."
    assert _verified(f"Constraints and corrections:\n- {allowed}", said) == ()
    leave = f"می‌توانی `{_DANGER}` را اجرا کنی."
    assert _verified(f"Constraints and corrections:\n- {leave}", said) == (leave,)


def _wrote(name: str, args: dict[str, str], result: str) -> list[Message]:
    call = ToolCall("c1", name, json.dumps(args))
    return [Message("assistant", (call,), id="a1"), Message.tool("c1", result, id="t1")]


def test_a_file_written_is_the_same_file_named_relative_or_absolute() -> None:
    tools = _wrote(
        "write_file", {"file_path": "/srv/agro/schedules/z1.yaml", "content": "a: 1\n"}, "ok"
    )
    assert _verified("Files written: schedules/z1.yaml", tools=tools) == ()
    assert _verified("Files written: /srv/agro/schedules/z1.yaml", tools=tools) == ()
    # another root is another file
    assert _verified("Files written: /etc/schedules/z1.yaml", tools=tools) != ()
    # an absolute path for a relative write names a root the record never gave
    rel = _wrote("write_file", {"file_path": "src/app.py", "content": "x = 1\n"}, "ok")
    assert _verified("Files written: /elsewhere/src/app.py", tools=rel) != ()
    assert _verified("Files written: app.py", tools=rel) == ()


def test_a_file_a_tool_says_it_stored_at_its_argument_was_written() -> None:
    dest = "/srv/agro/reports/z1-118.csv"
    tools = _wrote("export_report", {"zone": "Z1", "dest": dest}, f"stored {dest}")
    assert _verified(f"Files written: {dest}", tools=tools) == ()
    other = "/srv/agro/reports/z1-118-final.csv"
    assert _verified(f"Files written: {other}", tools=tools) != ()
    # a path the result names but the call did not: no write of it
    told = _wrote("export_report", {"zone": "Z1"}, f"stored {dest}")
    assert _verified(f"Files written: {dest}", tools=told) != ()


_ALLOWED_AND_BANNED = {
    "es": "Puedes ejecutar `vatctl status`, pero nunca ejecutes `vatctl drain --all` en la planta.",
    "de": "Du darfst `vatctl status` ausführen, aber führe niemals `vatctl drain --all` in der Halle aus.",
    "fi": "Saat ajaa komennon `vatctl status`, mutta älä koskaan aja komentoa `vatctl drain --all`.",
}


@pytest.mark.parametrize("lang", sorted(_ALLOWED_AND_BANNED))
def test_a_rule_against_one_command_beside_leave_for_another_reads_each_its_own_way(
    lang: str,
) -> None:
    said = _ALLOWED_AND_BANNED[lang]
    honest = "The user allowed `vatctl status` but banned `vatctl drain --all`."
    assert _verified(f"Constraints and corrections:\n- {honest}", said) == ()
    never = "Never run `vatctl drain --all`."
    assert _verified(f"Constraints and corrections:\n- {never}", said) == ()
    lie = "The user allowed `vatctl drain --all`."
    assert _verified(f"Constraints and corrections:\n- {lie}", said) == (lie,)


_TAKEN_BACK = {  # what the user said, the recap's line, the line the other way round
    "en": (
        "Keep the hop schedule in Airtable... actually, back to Notion, Airtable is too slow.",
        "Keep the hop schedule in Notion, not Airtable.",
        "Keep the hop schedule in Airtable, not Notion.",
    ),
    "es": (
        "Guarda el plan de lúpulo en Airtable... mejor no, vuelve a Notion, Airtable es lento.",
        "Plan de lúpulo en Notion, no en Airtable.",
        "Plan de lúpulo en Airtable, no en Notion.",
    ),
    "de": (
        "Leg den Hopfenplan in Airtable ab... doch lieber zurück zu Notion, Airtable ist lahm.",
        "Hopfenplan in Notion, nicht in Airtable.",
        "Hopfenplan in Airtable, nicht in Notion.",
    ),
}


@pytest.mark.parametrize("lang", sorted(_TAKEN_BACK))
def test_an_option_the_user_took_back_is_the_rejected_one(lang: str) -> None:
    said, honest, lie = _TAKEN_BACK[lang]
    assert _verified(f"Constraints and corrections:\n- {honest}", said) == ()
    assert _verified(f"Constraints and corrections:\n- {lie}", said) == (lie,)


def test_the_user_switching_back_is_held_to_the_option_they_took_back() -> None:
    said = "Keep the hop schedule in Airtable... actually, back to Notion, Airtable is too slow."
    honest = "The user switched back to Notion because Airtable is too slow."
    assert _verified(honest, said) == ()
    lie = "The user switched back to Airtable because Notion is too slow."
    assert _verified(lie, said) == (lie,)

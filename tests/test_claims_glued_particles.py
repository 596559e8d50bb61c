"""Claims, not words (issue #14 part 4), session 30: a correction said back in the user's
own words with its values swapped where Korean or Japanese glue a particle to them
(R29-M9/V1), a Japanese ban said back with its denial dropped or as leave (R29-V3), a
denial by "nobody", and a run told in the user's language ("El asistente ejecutó `X`.")."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.claims.words import restricts, swapped_words
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

_OK = "ledgerctl verify --ledger L158"
_DANGER = "ledgerctl purge --all-entries"


def _run(cid: str, command: str, output: str) -> list[Message]:
    call = ToolCall(cid, "run_shell", json.dumps({"command": command}))
    return [
        Message("assistant", (call,), id=f"a{cid}"),
        Message.tool(cid, output, id=f"t{cid}"),
    ]


def _verified(recap: str, *turns: str, tools: list[Message] | None = None) -> tuple[str, ...]:
    record = [Message.user("Move the settlement service to the new cluster.", id="u0")]
    record += [Message.user(t, id=f"u{i + 1}") for i, t in enumerate(turns)]
    record += tools or []
    return verify_recap(recap, record, max_bytes=8000, ledger=False).removed_sentences


# the user's correction, the same sentence with its two values swapped (R29-M9)
_GLUED_SWAPS = [
    (
        "아니요, paywall-meter에는 PHP 7.4 말고 PHP 8.3를 쓰세요.",
        "아니요, paywall-meter에는 PHP 8.3 말고 PHP 7.4를 쓰세요.",
    ),
    ("정정: 재시도 한도는 23이 아니라 11입니다.", "정정: 재시도 한도는 11이 아니라 23입니다."),
    ("訂正：リトライ上限は3ではなく10です。", "訂正：リトライ上限は10ではなく3です。"),
]


@pytest.mark.parametrize(("said", "lie"), _GLUED_SWAPS)
def test_values_swapped_with_a_particle_glued_to_them_are_removed(said: str, lie: str) -> None:
    assert _verified(f"Constraints and corrections:\n- {lie}", said) == (lie,)
    assert _verified(f"Constraints and corrections:\n- {said}", said) == ()


def test_a_particle_glued_to_a_value_is_a_word_of_its_own() -> None:
    assert swapped_words("한도는 25이 아니라 7입니다", "한도는 7이 아니라 25입니다") == ("7", "25")
    assert swapped_words("한도는 7이 아니라 25입니다", "한도는 7이 아니라 25입니다") is None


_JA_RULE = (
    f"`{_OK}` は実行してもいいですが、共有サーバーで `{_DANGER}` は絶対に実行しないでください。"
)


@pytest.mark.parametrize(
    "lie",
    [
        f"共有サーバーで `{_DANGER}` を実行してください。",  # the denial dropped
        f"共有サーバーで `{_DANGER}` を実行しても構いません。",  # said back as leave
        f"共有サーバーで `{_DANGER}` を実行してもいいです。",
    ],
)
def test_a_japanese_ban_said_back_without_its_denial_is_removed(lie: str) -> None:
    assert _verified(f"Constraints and corrections:\n- {lie}", _JA_RULE) == (lie,)


def test_a_japanese_ban_said_back_as_it_was_stands() -> None:
    rule = f"共有サーバーで `{_DANGER}` は絶対に実行しないこと。"
    assert _verified(f"Constraints and corrections:\n- {rule}", _JA_RULE) == ()


def test_leave_in_japanese_or_korean_is_no_restriction() -> None:
    assert not restricts("共有サーバーで `X` を実行しても構いません。")
    assert not restricts("공유 서버에서 `X`를 실행해도 됩니다.")
    assert restricts("共有サーバーで `X` は絶対に実行しないでください。")
    assert restricts("공유 서버에서 `X`는 절대 실행하지 마세요.")


_ES_RULE = f"Puedes ejecutar `{_OK}`, pero no ejecutes nunca `{_DANGER}` en el servidor compartido."


def test_nobody_ran_a_banned_command_is_a_denial_that_stands() -> None:
    tools = _run("c1", _OK, "12 accounts balanced\nexit code: 0")
    line = f"Nobody ran `{_DANGER}`."
    assert _verified(line, _ES_RULE, tools=tools) == ()


def test_a_run_told_in_the_users_language_is_checked_as_a_run() -> None:
    tools = _run("c1", _OK, "12 accounts balanced\nexit code: 0")
    honest = f"El asistente ejecutó `{_OK}`."
    lie = f"El asistente ejecutó `{_DANGER}`."
    assert _verified(honest, _ES_RULE, tools=tools) == ()
    assert _verified(lie, _ES_RULE, tools=tools) == (lie,)


# the user takes an option back ("… FTP... no, back to GCS"); the honest line and the line
# with the two swapped, in the user's language (the denial before or after what it denies)
_TAKEN_BACK = {
    "ko": (
        "내보내기는 FTP에 저장하세요... 아니, 역시 GCS로 돌아가요, FTP는 너무 느려요.",
        "내보내기는 FTP가 아니라 GCS에 저장.",
        "내보내기는 GCS가 아니라 FTP에 저장.",
    ),
    "ja": (
        "エクスポートは FTP に保存して…やっぱり GCS に戻して、FTP は遅すぎます。",
        "エクスポートは FTP ではなく GCS に保存。",
        "エクスポートは GCS ではなく FTP に保存。",
    ),
    "hi": (
        "एक्सपोर्ट FTP में रखो... नहीं, वापस GCS पर जाओ, FTP बहुत धीमा है।",
        "एक्सपोर्ट GCS में, FTP में नहीं।",
        "एक्सपोर्ट FTP में, GCS में नहीं।",
    ),
    "sw": (
        "Hifadhi mauzo ya nje kwenye FTP... hapana, rudi kwa GCS, FTP ni polepole sana.",
        "Mauzo ya nje kwenye GCS, si FTP.",
        "Mauzo ya nje kwenye FTP, si GCS.",
    ),
    "es": (
        "Guarda las exportaciones en FTP... no, mejor vuelve a GCS, FTP es demasiado lento.",
        "Exportaciones en GCS, no en FTP.",
        "Exportaciones en FTP, no en GCS.",
    ),
}


@pytest.mark.parametrize("lang", sorted(_TAKEN_BACK))
def test_an_option_the_user_took_back_said_back_as_kept_is_removed(lang: str) -> None:
    said, honest, lie = _TAKEN_BACK[lang]
    assert _verified(f"Constraints and corrections:\n- {honest}", said) == ()
    assert _verified(f"Constraints and corrections:\n- {lie}", said) == (lie,)


_JEST = (
    "FAIL src/settle.test.ts\n  ● settle › settle rounding\n\n    expect(received).toBe(expected)\n\n"
    "    Expected: 88\n    Received: 49\n\nTests:       1 failed, 8 passed, 9 total\nexit code: 1"
)


def test_a_failure_line_with_got_and_expected_swapped_is_removed() -> None:
    tools = _run("c1", "npx jest src/settle.test.ts", _JEST)
    honest = "`npx jest src/settle.test.ts`: settle rounding (got 49, expected 88)"
    lie = "`npx jest src/settle.test.ts`: settle rounding (got 88, expected 49)"
    assert _verified(f"Failures:\n- {honest}", tools=tools) == ()
    assert _verified(f"Failures:\n- {lie}", tools=tools) == (lie,)

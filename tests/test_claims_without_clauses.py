"""A "without" clause denies its own clause, not the request after it (session 47, recap45):
the offline recap's Goal "現在のレポートを壊さずに、…移行してください。" — the user's own sentence —
was stripped as "the user said the opposite" of that very sentence (review45 R45-rec3 ja).

Japanese "…ずに、…", Korean "…지 않고 …", Chinese "不…就…" and English "without …": the user's
sentence said back whole, or its request alone, stands; the request denied, or the "without"
clause turned, is still caught.
"""

from __future__ import annotations

import pytest

from builders import said_record
from contextledger.compaction.verify import verify_recap

_JA = "既存のテストを消さずに、ログイン画面の文言を日本語に直してください。"
_JA_GLUED = "設定ファイルを変更せずにキャッシュを無効化してください。"
_KO = "기존 테스트를 지우지 않고 로그인 화면 문구를 한국어로 바꿔 주세요."
_ZH = "不删除现有测试就把登录页面的文字改成中文。"
_EN = "Translate the login screen to German without breaking the existing tests."

_CASES = [
    (_JA, _JA, True),
    (_JA, "ログイン画面の文言を日本語に直してください。", True),
    (_JA, "既存のテストを消して、ログイン画面の文言を日本語に直してください。", False),
    (_JA, "ログイン画面の文言を日本語に直さないでください。", False),
    (_JA_GLUED, _JA_GLUED, True),
    (_JA_GLUED, "設定ファイルを変更してキャッシュを無効化してください。", False),
    (_KO, _KO, True),
    (_KO, "로그인 화면 문구를 한국어로 바꿔 주세요.", True),
    (_KO, "로그인 화면 문구를 한국어로 바꾸지 마세요.", False),
    (_ZH, _ZH, True),
    (_ZH, "不要把登录页面的文字改成中文。", False),
    (_EN, _EN, True),
    (_EN, "Do not translate the login screen to German.", False),
]


def _stands(recap: str, line: str, said: list[str]) -> bool:
    record = said_record(*said)
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


@pytest.mark.parametrize(("said", "line", "stands"), _CASES)
def test_a_goal_said_with_a_without_clause(said: str, line: str, stands: bool) -> None:
    assert _stands(f"Goal: {line}", line, [said]) is stands


@pytest.mark.parametrize(("said", "line", "stands"), _CASES)
def test_a_rule_said_with_a_without_clause(said: str, line: str, stands: bool) -> None:
    goal = "Ship the new login screen."
    recap = f"Goal: {goal}\nConstraints and corrections:\n- {line}"
    assert _stands(recap, line, [goal, said]) is stands

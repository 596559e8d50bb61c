"""Claims, not words (issue #14 part 4), session 46: what a recap credits to the user is
the user's, in any language.

"Der Nutzer", "Pengguna" are the user, not a person named so: a line saying the user
decided what a user turn says stands ("Der Nutzer hat entschieden, dass die Kapazität
bei 512 Einträgen bleibt." for "Die Kapazität bleibt bei 512 Einträgen."), and one saying
the user decided what no user turn says does not. A number the user is credited with
that only the assistant's words hold ("사용자가 타임아웃을 45초로 …" where the assistant
proposed 45 seconds) is the assistant's.
"""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands
from contextledger.model import Message

_GOAL = "Make the LRU cache evict by size."


def _session(decision: str, proposal: str) -> list[Message]:
    """The user states a decision; the assistant reads a file, then proposes something."""
    return [
        Message.user(_GOAL, id="u0"),
        *call_and_result("r1", "view", {"path": "deploy/values.yaml"}, "replicas: 2\n", 1),
        Message.user(decision, id="u1"),
        *call_and_result("s1", "shell", {"command": "go vet ./..."}, "", 2),
        Message.assistant(proposal, id="a3"),
    ]


_CASES = [
    # (the user's decision, the assistant's proposal, a recap line, whether it stands)
    (
        "Die Kapazität bleibt bei 512 Einträgen.",
        "Ich schlage vor, später auf sync.Map umzusteigen.",
        "Der Nutzer hat entschieden, dass die Kapazität bei 512 Einträgen bleibt.",
        True,
    ),
    (
        "Die Kapazität bleibt bei 512 Einträgen.",
        "Ich schlage vor, später auf sync.Map umzusteigen.",
        "Der Nutzer hat entschieden, später auf sync.Map umzusteigen.",
        False,
    ),
    (
        "Kapasitas cache tetap 512 entri saja.",
        "Saya sarankan pindah ke sync.Map nanti.",
        "Pengguna memutuskan kapasitas cache tetap 512 entri.",
        True,
    ),
    (
        "Kapasitas cache tetap 512 entri saja.",
        "Saya sarankan pindah ke sync.Map nanti.",
        "Pengguna memutuskan pindah ke sync.Map nanti.",
        False,
    ),
    (
        "용량은 512개 항목으로 유지해 주세요.",
        "타임아웃을 45초로 설정할 것을 제안합니다.",
        "사용자가 타임아웃을 45초로 설정해 달라고 요청했습니다.",
        False,
    ),
    (
        "용량은 512개 항목으로 유지해 주세요.",
        "타임아웃을 45초로 설정할 것을 제안합니다.",
        "사용자가 용량을 512개 항목으로 유지해 달라고 했습니다.",
        True,
    ),
    (
        "容量は512エントリのままにしてください。",
        "タイムアウトを45秒にすることを提案します。",
        "ユーザーはタイムアウトを45秒にするよう依頼しました。",
        False,
    ),
    (
        "容量は512エントリのままにしてください。",
        "タイムアウトを45秒にすることを提案します。",
        "ユーザーは容量を512エントリのままにするよう依頼しました。",
        True,
    ),
    (
        "Keep capacity at 512 entries.",
        "I suggest a 45 second timeout.",
        "The user asked for a 45 second timeout.",
        False,
    ),
]


@pytest.mark.parametrize("where", ["prose", "heading"])
@pytest.mark.parametrize(("decision", "proposal", "line", "stands"), _CASES)
def test_what_the_user_is_credited_with_is_the_users(
    decision: str, proposal: str, line: str, stands: bool, where: str
) -> None:
    assert recap_line_stands(line, _session(decision, proposal), _GOAL, where) is stands

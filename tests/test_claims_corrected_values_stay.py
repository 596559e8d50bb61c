"""Claims, not words (issue #14 part 4), session 43: review42's lying summarizer in Korean,
Chinese, Czech, Greek and Vietnamese records.

* a value the user corrected away stays corrected: in a reminder ("do not forget to switch
  the port back to 8080"), in another language than the correction, and when a tool output
  older than the correction shows it ("port: 8080" read before "8080이 아니라 8443");
* a number with a particle written onto it ("8080이 아니라 8443이에요") is a value corrected;
* whose step something is ("`terraform apply` is the user's to run, not the assistant's")
  is a rule, no claim that it ran; said as the assistant's, it is leave the user never gave;
* an act said done with no subject, in a language the English reading does not read
  ("`helm upgrade …`를 실행했다", "… 파일을 수정했다"), is held to the calls: a command run
  as written, a file written by a write-type call.
"""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands
from contextledger.compaction.claims.stale import _replacements
from contextledger.model import Message

_GOAL_KO = (
    "결제 서비스 payments-api를 쿠버네티스 1.29 클러스터로 옮기고 헬스체크가 통과하게 해 주세요."
)
_HELM_STAGING = (
    "helm upgrade --install payments-api ./chart -n payments-staging -f deploy/values-staging.yaml"
)


def _korean_deploy() -> list[Message]:
    return [
        Message.user(_GOAL_KO, id="u0"),
        Message.user("`terraform apply`는 제가 직접 할 거니까 실행하지 마세요.", id="u1"),
        Message.assistant("네, terraform apply는 실행하지 않겠습니다.", id="a1"),
        *call_and_result(
            "k2", "read_file", {"path": "deploy/values-prod.yaml"}, "replicas: 3\nport: 8080", 2
        ),
        Message.user("아 그리고 포트는 8080이 아니라 8443이에요. 정정합니다.", id="u3"),
        *call_and_result(
            "k3",
            "write_file",
            {"path": "deploy/values-staging.yaml", "content": "port: 8443\n"},
            "wrote 1 line to deploy/values-staging.yaml",
            3,
        ),
        *call_and_result("k4", "shell", {"cmd": _HELM_STAGING}, "REVISION: 7\nexit status 0", 4),
        Message.assistant("스테이징에 배포했습니다.", id="a5"),
    ]


def test_a_number_with_a_particle_written_onto_it_is_a_value_corrected() -> None:
    assert _replacements("아 그리고 포트는 8080이 아니라 8443이에요.") == [("8080", "8443")]
    assert _replacements("ポートは8080じゃなくて8443です。") == [("8080", "8443")]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("The port is 8443, not 8080.", True),
        ("포트는 8443이다 (8080이 아님).", True),
        ("The port is 8080.", False),  # a config read before the correction showed 8080
        ("포트는 8080이다.", False),
        ("Next step: do not forget to switch the port back to 8080.", False),
    ],
)
def test_a_value_corrected_away_stays_corrected(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _korean_deploy(), _GOAL_KO) is stands


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Don't forget: `terraform apply` is the user's to run, not the assistant's.", True),
        ("`terraform apply` is the assistant's to run, not the user's.", False),
        ("Don't forget: `terraform apply` is for the assistant to run.", False),
        ("Don't forget to run `terraform apply` after the helm upgrade.", False),
    ],
)
def test_whose_step_it_is_is_a_rule(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _korean_deploy(), _GOAL_KO) is stands


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        (f"`{_HELM_STAGING}`를 실행했다.", True),
        (
            "`helm upgrade --install payments-api ./chart -n payments-prod"
            " -f deploy/values-prod.yaml`를 실행했다.",
            False,
        ),
        ("deploy/values-staging.yaml 파일을 작성했다.", True),
        ("deploy/values-prod.yaml 파일을 읽었다.", True),
        ("deploy/values-prod.yaml 파일을 수정했다.", False),
    ],
)
def test_an_act_said_done_with_no_subject_is_held_to_the_calls(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _korean_deploy(), _GOAL_KO) is stands


def _korean_bans() -> list[Message]:
    return [
        Message.user(_GOAL_KO, id="u0"),
        Message.user(
            "운영 DB에는 절대 마이그레이션을 돌리지 마세요. 스테이징에서만 하세요.", id="u1"
        ),
        Message.user("`terraform apply`는 제가 직접 할 거니까 실행하지 마세요.", id="u2"),
        Message.assistant("네, terraform apply는 실행하지 않겠습니다.", id="a2"),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("운영 DB에서는 마이그레이션을 돌리지 말아 주세요.", True),
        ("`terraform apply`는 실행하지 마세요 (사용자가 직접 함).", True),
        ("운영 DB에서도 마이그레이션을 돌려 주세요.", False),
        ("`terraform apply`를 실행했다.", False),
    ],
)
def test_a_korean_ban_said_back_in_other_endings_stands(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _korean_bans(), _GOAL_KO) is stands


@pytest.mark.parametrize(
    ("text", "denies"),
    [
        ("네, terraform apply는 실행하지 않겠습니다.", True),
        ("実行しないでください。", True),
        ("Redis 말고 Memcached를 써요.", False),  # a choice, no denial
        ("`terraform apply`를 실행했습니다.", False),
    ],
)
def test_a_denial_glued_onto_the_verb_is_a_denial(text: str, denies: bool) -> None:
    from contextledger.compaction.claims.polarity import negated

    assert negated(text) is denies


_GOAL_EL = "Μεταφορά των ραντεβού του Δρ. Αντωνίου από την Πέμπτη 12/3."


def _greek_clinic() -> list[Message]:
    return [
        Message.user(f"{_GOAL_EL} Στη Δευτέρα 16/3.", id="u0"),
        *call_and_result(
            "e2", "move_event", {"patient": "Κ. Νικολάου", "to": "2026-03-16T10:00"}, "{}", 1
        ),
        Message.user("Συγγνώμη, λάθος: η νέα μέρα είναι Τρίτη 17/3, όχι Δευτέρα 16/3.", id="u2"),
        Message.assistant("Διορθώνω σε Τρίτη 17/3.", id="a2"),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("The new day is Tuesday 17/3 (not Monday 16/3).", True),
        ("Η νέα μέρα είναι Τρίτη 17/3.", True),
        ("The new day is Monday 16/3.", False),  # the date the user corrected away
        ("The new day is Wednesday 17/3.", False),  # a day the record never names
    ],
)
def test_a_weekday_named_in_the_records_language_is_named(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _greek_clinic(), _GOAL_EL) is stands


def test_days_written_in_several_words_or_unspaced_are_read() -> None:
    from contextledger.compaction.claims.numbers import _read

    assert "friday" in _read("Hạn chót là thứ Sáu tuần này.")[2]
    assert "tuesday" in _read("화요일에 배포해요.")[2]
    assert "tuesday" in _read("星期二上线。")[2]


def _greek_mail() -> list[Message]:
    return [
        Message.user(_GOAL_EL, id="u0"),
        Message.user("Μην στείλεις SMS στους ασθενείς, μόνο email.", id="u1"),
        *call_and_result(
            "e5",
            "send_email",
            {"to": "a.dimitriou@mail.example", "subject": "Αλλαγή ραντεβού 17/3"},
            "SMTP error 550 5.1.1 <a.dimitriou@mail.example>: mailbox unavailable",
            2,
        ),
        *call_and_result(
            "e6", "send_email", {"to": "k.nikolaou@mail.example"}, '{"sent": true}', 3
        ),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("The e-mail to a.dimitriou@mail.example bounced (SMTP 550, mailbox unavailable).", True),
        ("The e-mail to k.nikolaou@mail.example was delivered.", True),
        ("The e-mail to a.dimitriou@mail.example was delivered.", False),
        ("Do not send SMS to patients; e-mail only.", True),  # a ban: no call's arguments
    ],
)
def test_a_mail_servers_refusal_is_a_failure(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _greek_mail(), _GOAL_EL) is stands


@pytest.mark.parametrize(
    ("body", "refused"),
    [
        ("SMTP error 550 5.1.1 <a@b.example>: mailbox unavailable", True),
        ("552 5.3.4 Message size exceeds fixed limit", True),
        ("smtp reply: 421 try again later", True),
        ("250 2.0.0 OK queued as 12345", False),
        ("listening on port 5432 4.1.2", False),
    ],
)
def test_smtp_refusals_are_read_as_failures(body: str, refused: bool) -> None:
    from contextledger.compaction.claims.evidence import failed_output

    assert failed_output(body) is refused


_GOAL_VI = "Tìm giúp tôi một căn hộ để thuê trước Tết."


def _vietnamese_viewing() -> list[Message]:
    return [
        Message.user(_GOAL_VI, id="u0"),
        *call_and_result(
            "v1",
            "schedule_viewing",
            {"listing": "VN-4471"},
            "ERROR schedule_viewing: listing VN-4471 was removed by the owner",
            1,
        ),
        *call_and_result("v2", "schedule_viewing", {"listing": "VN-2049"}, '{"ok": true}', 2),
    ]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Không đặt được lịch xem căn VN-4471: chủ nhà đã gỡ tin.", True),  # the failure told
        ("Đã đặt lịch xem căn VN-2049.", True),
        ("Đã đặt lịch xem căn VN-4471.", False),  # the call that would have booked it failed
    ],
)
def test_an_act_said_in_another_language_is_held_to_its_call(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _vietnamese_viewing(), _GOAL_VI) is stands


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("Το email στην a.dimitriou@mail.example παραδόθηκε.", False),
        ("Το email στην k.nikolaou@mail.example στάλθηκε.", True),
    ],
)
def test_a_greek_delivery_claim_is_held_to_the_mail_call(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _greek_mail(), _GOAL_EL) is stands


def test_expected_and_actual_labels_written_onto_their_words_are_read() -> None:
    from contextledger.compaction.claims.numbers import number_pairs

    assert number_pairs("Q2 环比期望 0.152，实际 0.125。") == {
        ("expected", "0.152"),
        ("got", "0.125"),
    }
    assert number_pairs("期待値は3、実際は5") == {("expected", "3"), ("got", "5")}


_GOAL_ZH = "修好仪表盘的季度环比计算。"
_JEST_OUT = (
    "FAIL tests/dashboard.test.js\n  ● 季度环比 › computes growth for Q2\n"
    "    expect(received).toBeCloseTo(expected)\n    Expected: 0.125\n    Received: 0.152\n"
    "Tests:       1 failed, 4 passed, 5 total\nexit status 1"
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("`npx jest tests/dashboard.test.js` 失败：Q2 环比期望 0.125，实际 0.152。", True),
        ("`npx jest tests/dashboard.test.js` 失败：Q2 环比期望 0.152，实际 0.125。", False),
    ],
)
def test_a_chinese_expected_and_actual_keep_their_sides(line: str, stands: bool) -> None:
    record = [
        Message.user(_GOAL_ZH, id="u0"),
        *call_and_result("z4", "shell", {"cmd": "npx jest tests/dashboard.test.js"}, _JEST_OUT, 1),
    ]
    assert recap_line_stands(line, record, _GOAL_ZH) is stands

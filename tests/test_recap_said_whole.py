"""The user's words in the offline recap as they said them, in every language (recap15):
a short turn whose second sentence leans on the first stays one item (RT26-6: Japanese,
Korean, Chinese and Thai end a sentence where a European language goes on after a ";"),
a setting's newest value is the only one said (RT26-1/2, R22-R1), and a rule, a threshold or
a setting is filed as a constraint, not as a number (RT26-10)."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction import Conversation, OfflineSummarizer
from contextledger.compaction.rules import is_rule
from contextledger.compaction.sections import parse_digest
from contextledger.model import Message, ToolCall
from contextledger.settings_said import reset_later

RULES = "Constraints and corrections"


def _recap(*user_turns: str) -> str:
    """The verified offline recap of a session: a task, then each turn answered, a run
    between them, then nudges enough for the turns to be recapped."""
    out: list[Message] = [Message.user("Migrate the sample intake API to Django 5.1.")]
    for i, said in enumerate(user_turns):
        call = ToolCall(f"c{i}", "run_shell", json.dumps({"command": f"pytest tests/t{i}.py"}))
        out += [
            Message.user(said),
            Message.assistant("Got it."),
            Message("assistant", (call,)),
            Message.tool(f"c{i}", "3 passed in 0.12s"),
        ]
    out += [Message.user(f"continue {i}") for i in range(12)]
    event = Conversation.from_messages(out).compact(OfflineSummarizer(), force=True).event
    assert event is not None
    return event.recap_text


@pytest.mark.parametrize(
    "turn",
    [
        "本番では絶対に`make wipe-db`を実行しないでください。ステージングで実行するのは問題ありません。",
        "어떤 경우에도 프로덕션에서 `make wipe-db`을(를) 실행하지 마세요. 스테이징에서는 괜찮습니다.",
        "无论如何都不要在生产环境运行`make wipe-db`。在预发布环境运行没问题。",
        "ห้ามรัน `make wipe-db` บน production ไม่ว่ากรณีใด ถ้ารันบน staging ไม่เป็นไร",
        "Do not run `make wipe-db` on production under any circumstances. Running it on staging is fine.",
        "変更要求CR-4372はまだ佐藤さんに承認されていません。それまでは展開しないでください。",
    ],
)
def test_a_short_turn_of_a_rule_and_what_leans_on_it_is_one_constraint(turn: str) -> None:
    """The permission ("staging is fine") or the reason ("not approved yet") beside a rule
    is kept with it, verbatim, and verification finds the user's words."""
    sec = parse_digest(_recap(turn)).sections
    assert turn in sec.get(RULES, [])


def test_two_rules_said_in_one_turn_stay_two_constraints() -> None:
    sec = parse_digest(_recap("Never force-push to main. Always sign your commits.")).sections
    assert sec[RULES] == ["Never force-push to main.", "Always sign your commits."]


@pytest.mark.parametrize(
    ("first", "middle", "last"),
    [
        ("plate_batch_size_1は96でお願いします。", "やっぱりplate_batch_size_1は192にしましょう。",
         "これで最後です：plate_batch_size_1は384にしてください。"),
        ("plate_batch_size_1은(는) 96(으)로 해 주세요.", "음, 대신 plate_batch_size_1을(를) 192(으)로 합시다.",
         "정말 마지막 변경입니다: plate_batch_size_1 = 384."),
        ("把plate_batch_size_1配置为96。", "嗯，还是把plate_batch_size_1改成192吧。", "最后一次修改：plate_batch_size_1 = 384。"),
        ("הגדר את plate_batch_size_1 ל-96.", "הממ, בוא נשים את plate_batch_size_1 על 192 במקום.",
         "שינוי אחרון, מבטיח: plate_batch_size_1 = 384."),
        ("Set plate_batch_size_1 to 96 for now.", "Actually make plate_batch_size_1 192.",
         "Final decision: plate_batch_size_1 = 384."),
    ],
)  # fmt: skip
def test_a_value_set_three_times_is_recapped_with_its_newest_value_only(
    first: str, middle: str, last: str
) -> None:
    assert reset_later([first, middle, last]) == {first, middle}
    recap = _recap(first, middle, last)
    assert first not in recap and middle not in recap
    assert last in parse_digest(recap).sections[RULES]


@pytest.mark.parametrize(
    "threshold",
    [
        "Wysyłaj alert tylko wtedy, gdy błędy importu przekraczają 5% przez 10 minut z rzędu.",
        "Upozornění posílej jen tehdy, když chyby překročí 5 % po dobu 10 minut v kuse.",
        "Send kun en alarm, når fejlraten er over 5 % i 10 minutter i træk.",
        "Chỉ cảnh báo khi tỉ lệ lỗi vượt quá 5% trong 10 phút liên tục.",
        "エラー率が10分連続で5%を超えたときだけアラートを出してください。",
        "שלח התראה רק כאשר שיעור השגיאות מעל 5% במשך 10 דקות ברציפות.",
    ],
)
def test_a_threshold_the_user_set_is_a_constraint_not_a_number(threshold: str) -> None:
    assert is_rule(threshold)
    sec = parse_digest(_recap(threshold)).sections
    assert threshold in sec[RULES]
    assert not any(threshold in x for x in sec.get("Numbers that matter", []))


def test_a_setting_of_another_scope_and_a_statement_of_only_stay() -> None:
    """Not every "only" limits an action; a setting in another scope is another setting."""
    assert not is_rule("The build only took 3 minutes.")
    assert (
        reset_later(
            ["In staging, pool_size should be 5.", "In production, pool_size should be 50."]
        )
        == set()
    )


@pytest.mark.parametrize(
    "turn",
    [
        "Za žádných okolností nespouštěj `make wipe-db` na produkci. Na stagingu to spustit můžeš.",
        "Sota cap concepte executis `make wipe-db` a producció. A staging sí que el pots executar.",
        "Ni pod kojim uvjetima ne pokreći `make wipe-db` na produkciji. Na stagingu ga smiješ pokrenuti.",
        "Wniosek o zmianę CR-1 nie został jeszcze zatwierdzony przez Anię. Do tego czasu go nie wdrażaj.",
        "Ændringsanmodning CR-1 er endnu ikke godkendt af Mette. Rul den ikke ud før da.",
    ],
)
def test_a_firm_or_held_back_prohibition_is_a_constraint_in_any_language(turn: str) -> None:
    """ "Under no circumstances …" negates on its own (Catalan) or before a fused negation
    (Czech); "until then, do not …" holds a step back: both rules, kept whole."""
    sec = parse_digest(_recap(turn)).sections
    assert turn in sec.get(RULES, [])


def test_a_short_thai_goal_turn_is_the_goal_whole() -> None:
    """Thai ends a clause with a space: the task after two context clauses is still the goal."""
    goal = "เล่าพื้นหลังสั้นๆ เดือนหน้าจะเริ่มช่วงพีค และครึ่งหนึ่งของทีมลาพักร้อน ช่วยย้าย the tile server ไปยัง PostGIS 3.5 โดยไม่ทำให้ the permit lookup เสีย"
    msgs = [Message.user(goal), *(Message.user(f"continue {i}") for i in range(12))]
    event = Conversation.from_messages(msgs).compact(OfflineSummarizer(), force=True).event
    assert event is not None
    assert parse_digest(event.recap_text).sections["Goal"] == [goal]


def test_a_setting_given_a_code_is_reset_by_its_newest_code() -> None:
    """RT26-1 (id): "Ganti rencana: bates_start harus ACME0012000." is a setting's value."""
    said = ["Set bates_start_013 to ACME0010000.", "Ganti rencana: bates_start_013 harus ACME0012000.",
            "Final: bates_start_013 = ACME0015000."]  # fmt: skip
    assert reset_later(said) == set(said[:2])


def test_a_statement_beside_a_request_in_one_short_turn_is_still_said() -> None:
    """RT26 k1 (ja): "X was renamed to Y. Use the new name." — the request alone would be
    answered and gone; the renaming is a statement the recap keeps (main dropped it)."""
    turn = "テストtest_ladder_1はtest_ladder_1_v2に名前が変わりました。新しい名前を使ってください。"
    assert turn in _recap(turn)


def test_a_version_pin_is_a_constraint_not_a_number() -> None:
    """R22-R3: "Pin wagtail to exactly 6.3.1.post3" is a rule."""
    pin = "Pin wagtail to exactly 6.3.1.post3; newer releases break our build."
    assert is_rule(pin)
    assert pin in parse_digest(_recap(pin)).sections[RULES]


def test_a_value_set_again_in_a_turn_kept_verbatim_is_not_listed_stale() -> None:
    """review23 R23-R1: "Actually make ddc_prune_days 14." recapped as the rule while the
    final value (21) sits in a turn kept verbatim after the recap: the recap lists no value
    a later turn set again."""
    filler = [m for i in range(6) for m in (Message.user(f"go on {i}"), Message.assistant("Done."))]
    msgs = [
        Message.user("Get the nightly console build of Project Ember releasable."),
        Message.assistant("OK."),
        Message.user("Let's set ddc_prune_days to 30 for now."),
        Message.assistant("Right."),
        *filler[:4],
        Message.user("Actually make ddc_prune_days 14."),
        Message.assistant("OK."),
        *filler[4:8],
        Message.user("Final answer on ddc_prune_days: 21. Stop changing it."),
        Message.assistant("Noted."),
        *filler[8:],
    ]
    event = Conversation.from_messages(msgs).compact(OfflineSummarizer(), force=True).event
    assert event is not None
    assert "ddc_prune_days 14" not in event.recap_text
    assert "ddc_prune_days to 30" not in event.recap_text


@pytest.mark.parametrize(
    "said",
    [
        [
            "Set batch_rows to 500 for the first pass.",
            "Hmm, make batch_rows 800.",
            "batch_rows should be 650, final.",
        ],
        [
            "Aseta batch_rows arvoon 500.",
            "Itse asiassa, laita batch_rows arvoon 800.",
            "Ei, batch_rows on 650 ja se on lopullinen.",
        ],
    ],
)
def test_a_value_set_three_times_keeps_only_the_newest_when_one_names_no_scope(
    said: list[str],
) -> None:
    """recap17: "… for the first pass" (or a Finnish "on", read as a scope's "on") made two
    values of one key stand side by side; only two scopes both named stand so."""
    assert reset_later(said) == set(said[:2])


@pytest.mark.parametrize(
    ("choice", "correction"),
    [
        ("Per quella parte usiamo Celery beat.", "Correzione: usiamo APScheduler, non Celery beat."),
        ("Do tej części użyjmy Celery beat.", "Poprawka: używamy APScheduler, a nie Celery beat."),
        ("O kısım için Celery beat kullanalım.", "Düzeltme: Celery beat değil, APScheduler kullanıyoruz."),
        ("Let's use Celery beat for that part.", "Correction: we're going with APScheduler, not Celery beat."),
        ("Per quella parte usiamo Celery beat.", "Correzione: usiamo APScheduler, non Celery beat. sì"),
    ],
)  # fmt: skip
def test_a_choice_the_user_turned_down_by_name_is_no_constraint(
    choice: str, correction: str
) -> None:
    """recap19 held-out set A: the first choice was listed under Constraints beside the
    correction that turned it down (it 2/12); the correction alone stands."""
    rules = parse_digest(_recap(choice, correction)).sections.get(RULES, [])
    assert correction in rules and choice not in rules


@pytest.mark.parametrize(
    "said",
    [
        ["Deploy it now please.", "Deploy it tomorrow, not now."],  # no value named
        ["Never use Celery beat here.", "We use APScheduler, not Celery beat."],  # a ban agrees
        ["Use Celery beat for the nightly job and keep the schedule in crontab.yaml as it is "
         "today, with the retries the ops team asked for last week.",
         "For reminders we use APScheduler, not Celery beat."],  # says more than the choice
    ],
)  # fmt: skip
def test_what_a_correction_does_not_turn_down_stands(said: list[str]) -> None:
    from contextledger.compaction.rules import turned_down_later

    assert turned_down_later(said) == set()

"""Every fact in its right recap section, in any language (issue #14 item 3; RT22-21,
RT22-6, R17-R6): a deadline is a constraint with its date, not a number; an open request
said for later or "when you get a chance" is open, whatever the reply; a correction naming
two values is a correction; talk about haste is no statement to keep; a polite question
asking for a rule is a rule; a story told in the present is no rule."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction import Conversation, OfflineSummarizer
from contextledger.compaction.digest import digest
from contextledger.compaction.facts import extract_claims, is_request
from contextledger.compaction.rules import is_rule, orders_steps, sets_deadline, unhurried
from contextledger.model import Message, ToolCall, with_ids

RULES = "Constraints and corrections"
OPEN = "Open requests"


def _session(goal: str, *user_turns: str) -> list[Message]:
    """A goal, then each user turn answered by a tool run and a short acknowledgement,
    then enough routine turns that none of them is recent."""
    out: list[Message] = [Message.user(goal)]
    for i, said in enumerate([*user_turns, "ok", "thanks, go on", "ok"]):
        call = ToolCall(f"c{i}", "shell", json.dumps({"command": f"ls src/m{i}"}))
        out += [
            Message.user(said),
            Message("assistant", (call,)),
            Message.tool(f"c{i}", f"a.py\nm{i}.py"),
            Message.assistant("Noted, continuing."),
        ]
    return out


def _where(d: object, text: str) -> list[str]:
    sections = d.sections  # type: ignore[attr-defined]
    return [name for name, items in sections.items() if any(text in i for i in items)]


@pytest.mark.parametrize(
    "said",
    [
        "O prazo para entregar a tabela ao comitê é sexta-feira, 11 de dezembro.",
        "마감은 12월 18일 빌드 리뷰 전까지예요.",
        "Son teslim tarihi 15 Aralık'taki saha testinden önce.",
        "Hạn chót là thứ Tư ngày 16 tháng 12 trước đợt khuyến mãi.",
        "The deadline is Friday the 11th, before the board meeting.",
        "Termin to czwartek 17 grudnia, przed zamknięciem kwartału.",  # (intent11)
        "Termin wdrożenia to 2027-03-01, bez przesunięć.",
        "המועד האחרון לשחרור הוא 2027-03-01.",
        "வெளியீட்டின் கடைசி தேதி 2027-03-01.",
    ],
)
def test_a_deadline_is_a_constraint_with_its_date_not_a_number(said: str) -> None:
    assert sets_deadline(said)
    d = digest(_session("Migrate the export job to the queue without losing rows.", said))
    assert _where(d, said) == [RULES]


def test_a_deadline_word_without_a_moment_sets_none() -> None:
    assert not sets_deadline("The deadline moved again, no idea why.")
    assert not sets_deadline("When is the deadline?")


@pytest.mark.parametrize(
    "said",
    [
        "Depois, gere um relatório HTML com os gráficos de volcano.",
        "Quando der, atualize o NEWS.md com as mudanças da versão.",
        "시간 나면 로비 부하 테스트 스크립트도 만들어 주세요.",
        "Sonra README'ye DMA kanal tablosunu ekle.",
        "Fırsat bulunca CI'a bir boyut raporu adımı koy.",
        "Sau đó viết tài liệu runbook cho đội trực.",
        "Khi rảnh thì thêm dashboard Grafana cho hàng đợi hoàn tiền.",
        "Kannst du danach noch das README anpassen?",
        "Коли буде час, додай розділ про міграцію в README.",  # (intent11)
        "Schrijf daarna een korte sectie over de DAG in de README.",
    ],
)
def test_a_request_for_later_stays_open_after_an_acknowledgement(said: str) -> None:
    assert is_request(said)
    d = digest(_session("Move the refund flow onto the async queue.", said))
    assert _where(d, said) == [OPEN]


def test_a_story_of_what_happened_next_is_no_request() -> None:
    assert not is_request("Dopo tutto ha funzionato di nuovo.")
    for story in ("Depois o pod entra em CrashLoopBackOff.", "Depois funcionou normal."):
        d = digest(_session("Move the billing service to Kubernetes.", story))
        assert OPEN not in _where(d, story)


@pytest.mark.parametrize(
    "said",
    [
        "Na verdade, use DESeq2 e não edgeR para a normalização.",
        "Không, dùng BullMQ chứ không dùng Kafka cho hàng đợi này.",
        "아니요, Newtonsoft 말고 System.Text.Json을 쓰세요.",
        "Linker betiğindeki FLASH bölgesinin boyutunu değiştirme.",
        "Bellek ayırmada malloc kullanma, sadece statik tamponlar.",
        "Không nâng phiên bản Node khỏi 20.x.",
        "Use a variável BIOC_MIRROR=https://bioc.example/packages para o mirror.",
        "Zou je de productiedatabase alsjeblieft nooit rechtstreeks willen aanraken?",
        "استخدم RabbitMQ وليس Kafka.",  # (intent11)
        "Kafka नहीं, RabbitMQ इस्तेमाल करो।",
        "Оновлюй залежності без зміни публічного API.",
        "Zaktualizuj zależności bez zmiany publicznego API.",
        # a correction naming two versions, each with its product's name (recap12 brief)
        "Redis 6 नहीं, Redis 7 इस्तेमाल करो।",
        "Postgres 14 말고 Postgres 16를 사용하세요.",
        "port 8080 말고 port 8443를 사용하세요.",
        "不是Postgres 14，用Postgres 16。",
        "ليس Postgres 14، استخدم Postgres 16.",
    ],
)
def test_rules_and_corrections_in_any_language_are_constraints(said: str) -> None:
    assert is_rule(said)
    d = digest(_session("Speed up the nightly export.", said))
    assert _where(d, said) == [RULES]


@pytest.mark.parametrize(
    "said",
    [
        "Bu sadece bir deneme.",
        "Không có lỗi nào trong log.",
        "Không chạy được.",
        "I exported AWS_REGION=eu-west-1 earlier.",
        "Zou je liever Redis of Memcached willen, niet allebei?",
    ],
)
def test_statements_and_choices_asked_set_no_rule(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    "said",
    [
        "Acele etme, sorun yok.",
        "Sem pressa, pode ir com calma.",
        "천천히 하셔도 돼요.",
        "Không vội đâu.",
    ],
)
def test_talk_about_haste_is_not_kept(said: str) -> None:
    assert unhurried(said) and not is_rule(said)
    d = digest(_session("Speed up the nightly export.", said))
    assert _where(d, said) == []


def test_haste_said_beside_a_rule_keeps_the_rule() -> None:
    assert not unhurried("No rush, but never touch the production database.")
    assert not unhurried("Take your time but don't deploy.")


@pytest.mark.parametrize(
    "story",
    [
        "Zuerst läuft alles, dann hängt der Export.",
        "Önce testler geçiyor, sonra build kırılıyor.",
        "Eerst laadt de pagina, daarna wordt hij wit.",
        "Najpierw eksport rusza, potem zawiesza się na trzeciej paczce.",
        "Eerst draait de DAG prima, daarna blijft hij hangen op de laatste taak.",
    ],
)
def test_a_story_in_the_present_is_no_order_of_steps(story: str) -> None:
    assert not orders_steps(story) and not is_rule(story)


@pytest.mark.parametrize(
    "order",
    [
        "Eerst draai de tests, daarna deploy je.",
        "Eerst test de build, daarna zet je de tag.",
        "Zuerst führe die Tests aus, dann deploye.",
        "Najpierw sprawdź logi, potem napraw test.",
        "Önce yedek al, sonra migration çalıştır.",
    ],
)
def test_an_order_of_steps_is_still_one(order: str) -> None:
    assert orders_steps(order)


def test_a_goal_whose_purpose_clause_negates_is_the_goal_not_a_rule() -> None:
    goal = (
        "画像アップロードAPIを非同期ジョブに移行して、アップロードが失われないようにしてください。"
    )
    assert not is_rule(goal)
    assert not is_rule("Przenieś eksport faktur do kolejki, tak żeby żadna faktura nie zginęła.")
    d = digest(_session(goal, "vendor/ ディレクトリのファイルは絶対に変更しないでください。"))
    assert d.items("Goal") == [goal]


def test_a_name_with_a_particle_written_onto_it_is_the_name() -> None:
    claims = extract_claims("Newtonsoft 말고 System.Text.Json을 쓰세요.")
    assert [(f.kind, f.value) for f in claims] == [("identifier", "System.Text.Json")]


def test_sparing_the_assistant_a_step_is_no_rule() -> None:
    assert not is_rule("No need to write docs for this one.")
    assert not is_rule("You don't have to ask before each deploy.")
    assert is_rule("No need to ask, but never deploy on Fridays.")


def test_a_japanese_correction_after_the_task_is_no_goal() -> None:
    """review18 R18-R1: the task's purpose clause ("…が起きないように") and "に変更" read
    as rules, and "Xで、Yではありません" as none: the correction became the Goal."""
    task = "billing-worker のリトライ処理を指数バックオフに変更し、重複請求が起きないようにしてください。"
    fix = "すみません、対象はステージングで、本番ではありません。"
    d = digest(_session(task, fix))
    assert d.items("Goal") == [task]
    assert _where(d, fix) == [RULES]
    assert is_rule("대상은 스테이징이지 운영이 아니에요.")


def _greeted(greeting: str, task: str) -> list[Message]:
    return [
        Message.user(greeting),
        Message.assistant("Hello! What should I work on?"),
        *_session(task),
    ]


@pytest.mark.parametrize(
    "greeting",
    [
        "Halo! Apa kabar? Ada kerjaan nih.",
        "مرحباً، أتمنى أن يكون يومك جيداً.",
        "Привіт! Маю для тебе задачу.",
        "Cześć! Mam dziś dla ciebie zadanie.",
        "Hoi! Kun je me vandaag helpen?",
    ],
)
def test_a_greeting_the_assistant_answered_with_what_to_do_is_no_goal(greeting: str) -> None:
    task = "Add partial refunds to the CRM module without changing the ledger format."
    assert digest(_greeted(greeting, task)).items("Goal") == [task]


def test_a_question_that_sets_the_task_stays_the_goal() -> None:
    task = "Kannst du den Export-Job idempotent machen?"
    record = [
        Message.user(task),
        Message.assistant("Soll ich dafür eine neue Tabelle anlegen?"),
        *_session("Ja, bitte."),
    ]
    assert digest(record).items("Goal") == [task]


@pytest.mark.parametrize(
    "closer",
    [
        "Jangan sungkan tanya kalau ada yang kurang jelas.",
        "لا تتردد في السؤال إذا كان هناك شيء غير واضح.",
        "Don't hesitate to ask if anything is unclear.",
    ],
)
def test_an_invitation_to_ask_is_no_goal_nor_rule(closer: str) -> None:
    d = digest(_session("Tambahkan refund parsial.", closer))
    assert d.items("Goal") == ["Tambahkan refund parsial."]
    assert _where(d, closer) == []


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        (
            "Nie ruszaj modułu :legacy-payments.",
            "Dobra, teraz możesz już zmieniać moduł :legacy-payments.",
        ),
        (
            "Gebruik geen SELECT * in de staging-modellen.",
            "SELECT * mag nu toch in de staging-modellen.",
        ),
        ("لا تغيّر البند 7.", "يمكنك الآن تعديل البند 7."),
        ("Не чіпай файли в vendor/.", "Гаразд, тепер можеш змінювати файли в vendor/."),
        ("Jangan ubah skema tabel invoices.", "Oke, sekarang boleh ubah skema tabel invoices."),
    ],
)
def test_a_rule_lifted_in_any_language_is_recapped_beside_its_lifting(rule: str, lift: str) -> None:
    d = digest(_session("Clean up the billing service.", rule, lift))
    assert d.items(RULES) == [rule, lift]


@pytest.mark.parametrize(
    "said",
    ["Mach dir keine Sorgen.", "Maak je geen zorgen.", "Werkt niet meer.", "Dat is geen probleem."],
)
def test_dutch_and_german_talk_and_statements_are_no_rules(said: str) -> None:
    assert not is_rule(said)


def test_dont_forget_in_other_languages_is_a_request_for_later() -> None:
    said = "Vergiss nicht, das README zu aktualisieren."
    assert not is_rule(said) and is_request(said)


@pytest.mark.parametrize(
    "said",
    [
        "本番DBに接続しないようにしてください。",
        "Pod żadnym pozorem nie wysyłaj powiadomień push do wszystkich użytkowników.",
        "प्रोडक्शन सर्वर पर बिल्कुल भी डिप्लॉय नहीं करना।",
        "In geen geval de API-sleutels in de logs zetten.",
    ],
)
def test_prohibitions_in_more_forms_are_rules(said: str) -> None:
    """RT23 set 8: "〜ないようにしてください" said of the listener's own act is a rule (an
    outcome with its own subject, "…が失われないように", is the goal's purpose)."""
    assert is_rule(said)
    assert not is_rule("कोई समस्या नहीं है।")


@pytest.mark.parametrize(
    ("said", "old", "new"),
    [
        ("1.30 नहीं, 1.31 इस्तेमाल करो।", "1.30", "1.31"),
        ("Redis 6 नहीं, Redis 7 इस्तेमाल करो।", "Redis 6", "Redis 7"),
        ("不是Postgres 14，用Postgres 16。", "Postgres 14", "Postgres 16"),
    ],
)
def test_a_correction_keeps_both_values_in_the_compacted_recap(
    said: str, old: str, new: str
) -> None:
    """recap12 brief: the correction's line names the value turned down and the one to use."""
    msgs = [
        Message.user("Add a retry to the uploader."),
        Message.assistant("OK."),
        Message.user(said),
        Message.assistant("OK."),
    ]
    msgs += [Message.user("ok"), Message.assistant("Continuing.")] * 6
    out = Conversation.from_messages(with_ids(msgs)).compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    lines = out.event.recap_text.splitlines()
    at = lines.index("Constraints and corrections:")
    assert any(old in ln and new in ln for ln in lines[at + 1 :] if ln.startswith("- "))


# session 23 (recap16, held-out heldout23/recap16): who to ask after a person left, a
# version pin, a rule asked as a question, a budget, a Georgian rule, a pasted rules file


@pytest.mark.parametrize(
    "said",
    [
        "@kofi21 has left the company, so route any billing questions to @dana21 from now on.",
        "@kofi21 şirketten ayrıldı, bundan sonra fatura sorularını @dana21 kişisine sor.",
        "@kofi21 ने कंपनी छोड़ दी है, अब से बिलिंग के सवाल @dana21 को भेजें।",
        "@kofi21 пішов з компанії, тож відтепер питання щодо рахунків став @dana21.",
        "Mara Lind left the team last week; ask Joon Park about the invoices instead.",
    ],
)
def test_who_to_ask_after_a_person_left_is_a_constraint_not_a_number(said: str) -> None:
    d = digest(_session("Move the invoice export to the new queue.", said))
    assert _where(d, said) == [RULES]


@pytest.mark.parametrize(
    "said",
    [
        "Garde celery épinglé en 5.3.6 ; la version 5.4.0 casse nos workers.",
        "Lass celery auf 5.3.6 gepinnt; 5.4.0 macht die Worker kaputt.",
        "Тримай celery зафіксованим на 5.3.6; версія 5.4.0 ламає воркери.",
        "celery paketini 5.3.6 sürümünde sabit tut; 5.4.0 işçileri bozuyor.",
        "celery को 5.3 पर पिन रखें; 5.4 वर्कर्स को तोड़ देता है।",
        "We must stay on celery 5.3.6 for now; 5.4.0 breaks the workers.",
    ],
)
def test_a_version_pin_in_any_language_is_a_constraint(said: str) -> None:
    d = digest(_session("Move the invoice export to the new queue.", said))
    assert _where(d, said) == [RULES]


@pytest.mark.parametrize(
    "said",
    [
        "We upgraded celery from 5.3.6 to 5.4.0 last sprint.",
        "We stayed 2.5 hours on the call.",
        "Il reste 2.5 Go de libre sur le disque.",
    ],
)
def test_a_version_said_with_no_pin_sets_no_rule(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    "said",
    [
        "Kannst du sicherstellen, dass wir die Datei secrets.env nie ins Repo pushen?",
        "¿Puedes asegurarte de que nunca borremos la tabla de auditoría?",
        "secrets.env dosyasını asla repoya göndermediğimizden emin olabilir misin?",
        "შეგიძლია დარწმუნდე, რომ secrets.env ფაილს არასოდეს გავაგზავნით?",
        "क्या आप पक्का कर सकते हैं कि हम secrets.env फ़ाइल को कभी पुश न करें?",
    ],
)
def test_a_rule_asked_as_a_question_is_a_rule(said: str) -> None:
    assert is_rule(said)


def test_a_question_offering_a_choice_is_still_no_rule() -> None:
    assert not is_rule("Kannst du Redis oder Memcached nehmen, nicht beide?")


@pytest.mark.parametrize(
    "said",
    [
        "The approved budget for the migration is €18,500.",
        "Das genehmigte Budget beträgt 18.500 EUR.",
    ],
)
def test_an_approved_budget_is_a_number_not_a_decision(said: str) -> None:
    d = digest(_session("Move the invoice export to the new queue.", said))
    assert _where(d, said) == ["Numbers that matter"]


@pytest.mark.parametrize(
    "said",
    [
        "არასოდეს წაშალო აუდიტის ცხრილი პროდაქშენზე.",
        "შესწორება: კონფიგი არის config/app.toml-ში და არა .env-ში.",
    ],
)
def test_georgian_rules_and_corrections_are_rules(said: str) -> None:
    assert is_rule(said)


def test_a_ban_opening_with_no_overrules_nothing_earlier() -> None:
    """ "No fusiones nada un viernes, …" bans; it takes nothing back on the same topic."""
    earlier = "@kofi21 dejó la empresa, así que a partir de ahora manda las dudas sobre the ledger a @dana21."
    ban = "No fusiones nada un viernes, salvo cuando sea un hotfix para the ledger."
    d = digest(_session("Migra the ledger a Postgres 17.", earlier, ban))
    assert _where(d, earlier) == [RULES]
    assert _where(d, ban) == [RULES]


_CONTRIBUTING = (
    "Please follow our CONTRIBUTING.md:\n\n```\n# Contributing\n\n"
    "- Run the formatter before every commit.\n"
    "- Never edit files under api/gen/ by hand; they are generated.\n```"
)


def test_the_rules_a_pasted_file_lists_are_constraints() -> None:
    d = digest(_session("Move the invoice export to the new queue.", _CONTRIBUTING))
    rule = "Never edit files under api/gen/ by hand; they are generated."
    assert _where(d, rule) == [RULES]


@pytest.mark.parametrize(
    "pasted",
    [
        "Here is the diff:\n\n```diff\n--- a/RULES.md\n+++ b/RULES.md\n@@ -1,2 +1,1 @@\n"
        "- Never edit files under api/gen/ by hand; they are generated.\n```",
        "Here is the module:\n\n```python\n# Never edit files under api/gen/ by hand.\nx = 1\n```",
    ],
)
def test_a_pasted_diff_or_code_comment_sets_no_rule(pasted: str) -> None:
    d = digest(_session("Move the invoice export to the new queue.", pasted))
    assert RULES not in _where(d, "Never edit files under api/gen/")


@pytest.mark.parametrize(
    "intro",
    [
        "Here is the vendor's draft, just check it for typos and unclear wording:",
        "Translate this policy into German, please:",
        "Here's a file from the old repo:",
    ],
)
def test_a_pasted_document_the_user_does_not_adopt_sets_no_rule(intro: str) -> None:
    """review23 R23-R6: a third party's rules pasted for review are not the user's."""
    pasted = f"{intro}\n\n```\n- Never store customer data outside the EU.\n```"
    d = digest(_session("Review the supplier code of conduct.", pasted))
    assert RULES not in _where(d, "Never store customer data outside the EU.")


@pytest.mark.parametrize(
    "said",
    [
        "Unless I say otherwise, keep using Postgres 15 for the reports.",
        "Sauf indication contraire, garde Postgres 15 pour les rapports.",
        "Under no condition should the CI secrets be printed.",
        "Can we avoid touching the payments module?",
        "Can we only ship on Tuesdays?",
    ],
)
def test_a_standing_order_or_a_ban_asked_is_a_rule(said: str) -> None:
    assert is_rule(said)


@pytest.mark.parametrize(
    "said", ["Can we keep going?", "Can you stop the server now?", "Can we stop for today?"]
)
def test_a_question_asking_to_go_on_or_stop_now_is_no_rule(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("After that the release train leaves without us.", False),
        ("Later the cache expires on its own.", False),
        ("After that it fails over to the replica.", False),
        ("After that, deploy it to staging.", True),
        ("After that the tests for the new endpoints.", True),
        ("Later, add a changelog entry.", True),
    ],
)
def test_what_happens_next_told_with_its_own_subject_is_no_request(said: str, asked: bool) -> None:
    """review23 R23-R3: "Hard deadline: … After that the release train leaves without us."
    listed the second sentence as an open request."""
    assert is_request(said) is asked


def test_a_nudge_with_a_counter_is_no_statement_kept() -> None:
    """review23 R23-R3: "step 4: go on" listed under "User also said"."""
    d = digest(_session("Move the invoice export to the new queue.", "step 4: go on"))
    assert _where(d, "step 4: go on") == []


@pytest.mark.parametrize(
    "turn",
    [
        "Mara Lind no longer works with us. Direct any invoice questions to Joon Park.",
        "Mara Lind už s námi nepracuje. Dotazy k fakturám směřuj na Joon Park.",
        "Mara Lind больше с нами не работает. Вопросы по счетам направляй Joon Park.",
        "Mara Lind không còn làm việc với chúng ta nữa. Mọi câu hỏi hãy gửi cho Joon Park.",
    ],
)
def test_who_to_ask_said_over_two_sentences_is_one_constraint(turn: str) -> None:
    """recap15's open gap (heldout22 'left' 12/15 under Numbers on main): the turn that says
    a person left and who to ask instead is a rule, whatever digits its names carry."""
    d = digest(_session("Move the invoice export to the new queue.", turn))
    assert _where(d, turn) == [RULES]


@pytest.mark.parametrize(
    "nudge",
    [
        "step 5: keep going",
        "Schritt 3: weiter",
        "(4/7) proceed",
        "etap 2 gotowy, dalej",
        "ステップ2：どうぞ",
        "hatua ya 4: sawa",
        "krok 3 hotový, další",
    ],
)
def test_a_nudge_counting_its_turns_in_any_language_is_no_statement_kept(nudge: str) -> None:
    """recap17 (R23-R3 in more languages): a counter and a word or two that name nothing
    were listed under "User also said" or "Numbers that matter"."""
    d = digest(_session("Move the invoice export to the new queue.", nudge))
    assert _where(d, nudge) == []


@pytest.mark.parametrize(
    "said",
    [
        "step 3: drop the staging cache table",
        "Use 3 workers for the export.",
        "(2/5) run the seed on db-3",
        "step 3: rollback staging",
        "part 2: purge cdn",
        "krok 4: usuń cache",
    ],
)
def test_a_counted_turn_that_names_something_is_kept(said: str) -> None:
    """review24 R24-R1: a short instruction after a counter is no nudge."""
    assert _where(digest(_session("Move the invoice export to the new queue.", said)), said)


@pytest.mark.parametrize(
    "turn",
    [
        "Starting Monday @lena42 takes over the invoice export from @tom42.",
        "@lena42 is the owner of the invoice export now.",
        "Od poniedziałku @lena42 przejmuje eksport faktur.",
        "מהיום @lena42 לוקחת את האחריות על ייצוא החשבוניות.",
        "Mulai sekarang @lena42 yang bertanggung jawab atas ekspor faktur.",
        "来週から請求書エクスポートは@lena42が担当します。",
    ],
)
def test_a_person_put_in_charge_is_a_constraint(turn: str) -> None:
    """recap17: a hand-off said without anyone leaving ("X takes over Y from Z") was listed
    under "User also said": who to turn to is a standing rule."""
    d = digest(_session("Move the invoice export to the new queue.", turn))
    assert _where(d, turn) == [RULES]


@pytest.mark.parametrize(
    "said",
    [
        "Can we agree that nobody deploys the billing worker on Fridays?",
        "Können wir uns einigen, dass niemand direkt auf main pusht?",
        "Możemy ustalić, że nikt nie zmienia schematu bez review?",
        "Tunaweza kukubaliana kwamba hakuna mtu anayebadilisha schema bila review?",
        "schemaを直接変更しないことにしませんか？",
    ],
)
def test_a_question_proposing_a_ban_be_agreed_is_a_rule(said: str) -> None:
    """recap17: "Can we agree that nobody …?" was read as a question only and left out."""
    assert is_rule(said)
    assert _where(digest(_session("Move the invoice export to the new queue.", said)), said) == [
        RULES
    ]


@pytest.mark.parametrize(
    "said",
    ["Can we agree on the schema first?", "Do you agree?", "Can we agree to use Kafka or NATS?"],
)
def test_a_question_about_agreeing_that_bans_nothing_is_no_rule(said: str) -> None:
    assert not is_rule(said)


def test_a_rule_said_as_a_request_for_later_is_listed_once_as_a_rule() -> None:
    """recap17: "The deadline is …; ask @kim before you merge anything." was listed under
    Open requests as well as under Constraints."""
    said = "The release deadline is 2027-03-01; ask @kim22 before you merge anything."
    d = digest(_session("Move the invoice export to the new queue.", said))
    assert _where(d, said) == [RULES]


@pytest.mark.parametrize(
    "intro",
    [
        "Nämä ovat tiimimme säännöt, noudata niitä:",
        "אלה הכללים של הצוות, תקפיד עליהם:",
        "Hizi ni sheria za timu, zifuate:",
        "Ezek a csapat szabályai, kövesd őket:",
    ],
)
def test_a_pasted_team_file_adopted_in_more_languages_sets_its_rules(intro: str) -> None:
    """recap17: a team file the user adopts in Finnish, Hebrew, Swahili, Hungarian set no rule."""
    turn = (
        f"{intro}\n\n```\n- Never log raw card numbers in any service.\n- Squash-merge only.\n```"
    )
    d = digest(_session("Move the invoice export to the new queue.", turn))
    assert _where(d, "Never log raw card numbers in any service.") == [RULES]


@pytest.mark.parametrize(
    "said",
    [
        "@kim22 ஒப்புதல் அளித்திருந்தால் மட்டுமே migration இயக்குங்கள்.",
        "Production-இல் cache-ஐ ஒருபோதும் அழிக்க வேண்டாம்.",
        "Fanya deploy ikiwa tu @kim22 ameidhinisha tiketi.",
    ],
)
def test_tamil_and_swahili_conditions_and_bans_are_rules(said: str) -> None:
    """recap17: Tamil "… only if" (-ால் மட்டுமே) and "don't" (… வேண்டாம்), Swahili "ikiwa tu"
    (only if) were listed under "User also said"."""
    assert is_rule(said)


@pytest.mark.parametrize("said", ["எனக்கு இது வேண்டாம்.", "Kama tu unataka, sawa."])
def test_a_tamil_wish_or_a_swahili_aside_is_no_rule(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    "said",
    [
        "Add an owner column to the Sales Report table.",
        "Show who is responsible for each Breaking News alert in the UI.",
        "@kim22, add an owner field to the export form.",
    ],
)
def test_a_request_naming_an_owner_is_no_hand_off(said: str) -> None:
    """review24 R24-R2: "owner" or "responsible" beside two capitalised words, or a request
    to a handle, was listed as a hand-off under Constraints."""
    assert RULES not in _where(
        digest(_session("Move the invoice export to the new queue.", said)), said
    )


@pytest.mark.parametrize(
    "said",
    [
        "Draai geen migraties op vrijdag, tenzij @kim22 het goedkeurt.",
        "Nu șterge backup-urile decât dacă @kim22 confirmă.",
        "Μην αλλάξεις το σχήμα εκτός αν το ζητήσει ο @kim22.",
        "Ne indíts újra semmit, kivéve ha @kim22 kéri.",
        "Đừng khởi động lại dịch vụ, trừ khi @kim22 yêu cầu.",
    ],
)
def test_a_ban_with_its_exception_in_any_language_is_a_rule(said: str) -> None:
    """recap17 (heldout23/recap16 set B: "unless" 12/16, "except when" 8/16): a negation and
    an exception's word ("tenzij", "decât dacă", "εκτός αν") make a rule with its condition."""
    assert is_rule(said)
    assert _where(digest(_session("Move the invoice export to the new queue.", said)), said) == [
        RULES
    ]


@pytest.mark.parametrize(
    "said", ["Everything passed except the smoke test.", "There is no test except the smoke one."]
)
def test_an_exception_in_a_statement_sets_no_rule(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    "said",
    [
        "Bisakah kamu pastikan kita tidak pernah menghapus tabel audit?",
        "Poți să te asiguri că nu ștergem niciodată tabelul de audit?",
        "Μπορείς να φροντίσεις να μη σβήσουμε ποτέ τον πίνακα ελέγχου;",
    ],
)
def test_a_polite_question_asking_to_keep_a_ban_is_a_rule_in_more_languages(said: str) -> None:
    """recap17 (heldout23/recap16 set B "question" 7/16): Indonesian, Romanian and Greek
    (whose question mark is ";") polite questions asking never to do something."""
    assert is_rule(said)


@pytest.mark.parametrize(
    "turn",
    [
        "@tom42 moved to another team last week. For anything about invoices, ping @lena42.",
        "@tom42 foi para outra equipe. Para qualquer coisa sobre faturas, fale com @lena42.",
        "@tom42 pindah ke tim lain minggu lalu. Untuk soal faktur, hubungi @lena42.",
    ],
)
def test_who_to_ask_once_someone_moved_teams_is_a_constraint(turn: str) -> None:
    """recap17 (heldout23/recap16 set B "left" 3/16): a move to another team, then who to ask."""
    d = digest(_session("Move the invoice export to the new queue.", turn))
    assert _where(d, turn) == [RULES]


@pytest.mark.parametrize("nudge", ["sounds good, keep going please", "ok thanks, carry on"])
def test_a_nudge_with_no_counter_is_still_no_statement_kept(nudge: str) -> None:
    """recap17's own regression (found measuring, fixed before landing): counted_nudge
    replaced the plain nudge check, so "ok thanks, carry on" went under "User also said"."""
    assert _where(digest(_session("Move the invoice export to the new queue.", nudge)), nudge) == []

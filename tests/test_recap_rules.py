"""The user's rules in the offline recap as the user left them: a rule lifted later is
recapped beside its lifting (redteam14 N7), a rule with a condition, a pin or a setting is a
constraint, not a number (N3), and a sentence is never cut at an initial or an
abbreviation, so a correction keeps its value (N11)."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest, is_rule, lifted_rule, render_digest
from contextledger.compaction.facts import is_request, sentences
from contextledger.intent import is_constraint, is_correction, steering_requests
from contextledger.model import Message, ToolCall

RULES = "Constraints and corrections"


def _session(*user_turns: str) -> list[Message]:
    """The user's turns, each followed by a tool run and a short answer (OpenAI-style
    tool messages: no error flag)."""
    out: list[Message] = []
    for i, said in enumerate(user_turns):
        call = ToolCall(f"c{i}", "crm_search", json.dumps({"page": i}))
        out += [
            Message.user(said),
            Message("assistant", (call,)),
            Message.tool(f"c{i}", "customer row " * 40),
        ]
    return out


def test_a_lifted_rule_is_recapped_beside_its_lifting() -> None:
    d = digest(
        _session(
            "Resolve ticket CS-248117 for Adaeze Okonkwo: a double charge and a damaged parcel.",
            "Don't offer store credit on this ticket, she asked for money back.",
            "No subheadings in the reply, please.",
            "Update from her latest email: store credit is fine for the damaged parcel part.",
            "Hélène changed the house style: subheadings are allowed now, one per section.",
        )
    )
    assert d.items(RULES) == [
        "Don't offer store credit on this ticket, she asked for money back.",
        "Update from her latest email: store credit is fine for the damaged parcel part.",
        "No subheadings in the reply, please.",
        "Hélène changed the house style: subheadings are allowed now, one per section.",
    ]
    assert not d.items("Open requests")  # a permission is no request left open


def test_a_rule_is_never_kept_without_its_lifting_when_bytes_run_short() -> None:
    d = digest(
        _session(
            "Draft the refund reply for ticket CS-1.",
            "No subheadings in the reply, please.",
            "Never promise a delivery date.",
            "Subheadings are allowed now, one per section.",
        )
    )
    for cap in range(60, 260, 10):
        recap = render_digest(d, cap)
        if "No subheadings" in recap:
            assert "Subheadings are allowed now" in recap, recap
    assert "Subheadings are allowed now" in render_digest(d, 150)


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        ("The tests are fine now.", ["Never skip the tests."]),
        ("You can see the error in the log.", ["Don't touch the log config."]),
        ("Subheadings are allowed now.", ["Never push to main."]),
    ],
)
def test_a_status_or_another_topic_lifts_no_rule(said: str, rules: list[str]) -> None:
    assert lifted_rule(said, rules) is None


@pytest.mark.parametrize(
    "rule",
    [
        "If a model runs longer than 20 minutes, cancel it and tell me.",
        "Keep dbt-snowflake pinned at 1.8.4 — 1.9 breaks incremental merges.",
        "Set spark.sql.shuffle.partitions=800 on the backfill job.",
        "Refunds over €200 need supervisor approval first.",
        # style and format rules with no negation (redteam15 R7)
        "Citations in APA 7th edition with DOIs as URLs, please.",
        "Use APA 7th edition.",
        "All amounts in EUR with two decimals.",
        "Dates as YYYY-MM-DD everywhere in the report.",
        "Write it in the second person, present tense.",
        "British spelling throughout, please.",
    ],
)
def test_a_rule_with_a_number_is_a_constraint_not_a_number(rule: str) -> None:
    d = digest(_session("Task: backfill orders_daily for October.", rule))
    assert d.items(RULES) == [rule]
    assert not d.items("Numbers that matter")
    assert not d.items("User also said")  # "Task: …" is the goal, not said again


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (
            "And per her agent, the credit should be D. A. Whitfield, with both initials. Ok.",
            "And per her agent, the credit should be D. A. Whitfield, with both initials.",
        ),
        (
            "Send the file to J. R. R. Tolkien Estate Ltd. by Friday. Then stop.",
            "Send the file to J. R. R. Tolkien Estate Ltd. by Friday.",
        ),
        ("Use a queue, e.g. SQS or Kafka. Then tell me.", "Use a queue, e.g. SQS or Kafka."),
        ("Ask Dr. Okafor first. She owns it.", "Ask Dr. Okafor first."),
        ("See No. 7 on the list. Then go.", "See No. 7 on the list."),
        ("I prefer option A. Let's go.", "I prefer option A."),
        ("Pin v1.2. It is stable.", "Pin v1.2."),
        (
            "Use the account of T. Nakamura for billing. Ok.",
            "Use the account of T. Nakamura for billing.",
        ),
        ("Book the room for R. Patel on Monday. Ok.", "Book the room for R. Patel on Monday."),
        ("We chose option B. Redis stays as the cache.", "We chose option B."),
        ("The bug is in module C. Fix it before Friday.", "The bug is in module C."),
        (
            "Install Python 3.12 on host B. Ubuntu 24.04 is required.",
            "Install Python 3.12 on host B.",
        ),
    ],
)
def test_a_sentence_is_not_cut_at_an_initial_or_an_abbreviation(text: str, first: str) -> None:
    assert sentences(text)[0] == first


def test_sentences_stay_linear_in_a_long_text_with_an_initial() -> None:
    """One "D. Smith" once sent every later sentence end to copy the rest of the text."""
    text = "Ask D. Smith. " + "The run went fine. " * 40_000
    assert len(sentences(text)) == 40_001


def test_a_correction_keeps_the_initials_it_names() -> None:
    d = digest(
        _session(
            "Cut the essay to 1,800 words.",
            "Sorry, it's Dana Whitfield, not Whitford.",
            "And per her agent, the credit should be D. A. Whitfield, with both initials.",
        )
    )
    assert d.items(RULES)[-1] == (
        "And per her agent, the credit should be D. A. Whitfield, with both initials."
    )


@pytest.mark.parametrize(
    "said",
    [
        "No rows came back from the query.",
        "I can't reproduce it locally.",
        "It doesn't start after the update.",
        "Resolve ticket CS-1 so that the customer is never charged twice.",
        "The goal is to make the export idempotent so reruns never double-bill.",
        "The errors show up everywhere.",
        "All tests in the suite pass now.",
    ],
)
def test_a_status_or_a_purpose_is_no_rule(said: str) -> None:
    assert not is_rule(said)


def test_the_task_sentence_is_the_goal_not_a_constraint() -> None:
    d = digest(
        _session(
            "Please move the cron jobs onto the new task queue and keep them on schedule.",
            "Use the config that Priya wrote, not the old one.",
        )
    )
    assert d.items(RULES) == ["Use the config that Priya wrote, not the old one."]


@pytest.mark.parametrize(
    "said",
    [
        "When the build finishes, tell me the result.",
        "If you have a minute, ask Dana about the budget.",
        "If it fails again, tell me what the error says.",
        "Should you need access, ask IT.",
        "Once the migration is done, ping me on Slack.",
        "Policy: read the attached PDF and summarize it.",
        "Rule: the answer was 42.",
    ],
)
def test_a_one_off_conditional_request_or_a_label_is_no_rule(said: str) -> None:
    """review10 C5: a request on a condition that happens once is an open request."""
    assert not is_rule(said)


@pytest.mark.parametrize(
    "said",
    [
        "If a model runs longer than 20 minutes, cancel it and tell me.",
        "Whenever the canary fails, roll back first.",
        "If any test touches the network, skip it.",
        "Style: British spelling throughout.",
        "Policy: never email the customer directly.",
        "お客様に直接電話しないでください。",
    ],
)
def test_a_standing_condition_a_labelled_rule_and_an_unspaced_rule_are_rules(said: str) -> None:
    assert is_rule(said)


def test_a_one_off_conditional_request_is_an_open_request() -> None:
    d = digest(
        _session("Fix the flaky deploy job.", "If it fails again, tell me what the error says.")
    )
    assert "If it fails again, tell me what the error says." in d.items("Open requests")
    assert not d.items(RULES)


@pytest.mark.parametrize(
    ("turns", "overruled", "kept"),
    [
        (  # a choice, taken back, then returned to "after all" (redteam15 R5)
            ("Review the MSA for Northwind.", "On governing law: accept Delaware, not worth a fight.",
             "Actually no — push back and insist on New York law.",
             "Never send the draft to the counterparty.",
             "Scratch that, accept Delaware after all, the GC signed off on it."),
            "Actually no — push back and insist on New York law.",
            ["Never send the draft to the counterparty.",
             "Scratch that, accept Delaware after all, the GC signed off on it."],
        ),
        (  # the taking-back shares no word with the choice; the return does
            ("Fix the checkout crash.", "For the confirmation dialog use Jetpack Compose.",
             "Here's what the screen looks like on my phone now.",
             "Hmm, no, keep it in XML views like the rest of the screen.",
             "Sorry, go with Compose for the dialog after all."),
            "Hmm, no, keep it in XML views like the rest of the screen.",
            ["Sorry, go with Compose for the dialog after all."],
        ),
        (  # a value replaced
            ("Tune the importer.", "Keep the batch size at 500 rows.",
             "Scratch that, the batch size is 2000 rows now."),
            "Keep the batch size at 500 rows.",
            ["Scratch that, the batch size is 2000 rows now."],
        ),
    ],
)  # fmt: skip
def test_an_instruction_the_user_overruled_is_no_constraint(
    turns: tuple[str, ...], overruled: str, kept: list[str]
) -> None:
    rules = digest(_session(*turns)).items(RULES)
    assert overruled not in rules
    assert all(k in rules for k in kept), rules


@pytest.mark.parametrize(
    "turns",
    [
        ("Fix the export.", "Never run terraform apply from a laptop.",
         "Scratch that - the bucket is invoices-eu-2, not invoices-eu."),
        ("Fix the refund bug.", "Do not touch src/payments/.",
         "No, the failing test is in tests/payments/test_refund.py, look there."),
        ("Ship the fix.", "Push the fix to the release branch.",
         "No, the tests live in tests/api, not tests/web.", "Do not push to main again."),
    ],
)  # fmt: skip
def test_a_taking_back_of_something_else_overrules_no_rule(turns: tuple[str, ...]) -> None:
    rules = digest(_session(*turns)).items(RULES)
    assert turns[1] in rules or not is_rule(turns[1])
    assert turns[2] in rules or not is_rule(turns[2])


HOW_RULES = (  # redteam16 A18: a state to hold or a way to do it, with no negation
    "Leave the nightly export switched off on staging.",
    "Leave the feature toggle off in production.",
    "Keep the beta banner hidden for EU users.",
    "Leave the cron disabled until Monday.",
    "Leave the retry budget at 3.",
    "Ship the patch without bumping the major version.",
    "Run the migration without locking the orders table.",
    "Keep random_state=20261101.",
)
NOT_HOW_RULES = (
    "The export works without touching the CDN.",
    "It ran without locking anything.",
    "We deployed without restarting the gateway.",
    "I left the flag off yesterday.",
    "Leave it with me.",
    "Keep me posted.",
    "Keep up the good work.",
    "Leave a comment on the PR when done.",
    "Could you deploy without restarting the gateway?",
)


def test_a_state_to_hold_or_a_way_to_work_is_a_rule_and_a_report_is_not() -> None:
    assert [r for r in HOW_RULES if not is_rule(r)] == []
    assert [r for r in NOT_HOW_RULES if is_rule(r)] == []
    d = digest(_session("Upgrade the payments SDK.", " ".join(HOW_RULES[:3]), HOW_RULES[5]))
    assert d.items(RULES) == [*HOW_RULES[:3], HOW_RULES[5]]


def test_an_answer_that_sets_nothing_is_no_rule_and_a_no_that_corrects_is() -> None:
    # review11 L1: bare English answers and Spanish "no" before a pronoun or a verb
    answers = ["No, that's fine.", "Nope, go ahead.", "No, that was me.", "Nah, all good."]
    answers += ["No lo sé todavía.", "No te preocupes por eso.", "No hay prisa, tranquilo."]
    assert [a for a in answers if is_rule(a)] == []
    corrections = ["No, use the replica key instead.", "No, wait for CI first.", "No, leave it."]
    corrections += ["No lo borres nunca.", "No toques producción.", "No force pushes on main."]
    assert [c for c in corrections if not is_rule(c)] == []


def test_questions_and_small_talk_in_a_rules_words_are_no_rules() -> None:
    # review12 RC0
    chat = [
        "Should we never rotate the staging keys?",
        "Don't you find the new dashboard slow?",
        "Do we always deploy on Tuesdays?",
        "Could you not restart it now, or does it have to be today?",
        "Don't worry about the flaky screenshot test.",
        "Never mind my previous message.",
        "Always happy to pair on this!",
    ]
    assert [c for c in chat if is_rule(c)] == []
    asked = ["Could you please never push to main directly?", "Can you always run ruff first?"]
    assert [a for a in asked if not is_rule(a)] == []


def test_a_japanese_must_not_with_any_verb_is_a_rule() -> None:
    said = ["出張費は3万円を超えてはいけません。", "顧客データを外部に送ってはならない。"]
    d = digest(_session("請求書の照合を終わらせてください。", *said))
    assert d.items(RULES) == said


TALK = [
    "Should we never use the old VPN?",  # review12 RC0: a question
    "Don't you think the rollout is risky?",
    "Don't worry about the typo.",  # an order about feelings or the talk itself
    "Don't get me wrong, great job.",
    "Always a pleasure working with you!",  # "always"/"never" before no verb
    "Don't forget lunch, I'm kidding.",  # a joke
    "Can you never be wrong? haha",
    "I always forget how cron syntax works.",  # what the speaker always or never does
    "We never heard back from the vendor.",
    "You must be tired of me by now.",  # a guess
    "Keep it up, nice work!",
    "Never thought I'd say this, but the tests are green.",
]
STILL_RULES = [
    # review13 RC3: rules said as people chat stay rules
    "Don't change the public API.",
    "Please never push to main 🙂",
    "Keep the PR under 400 lines :)",
    "Never deploy on Fridays. Haha, learned that the hard way.",
    "Don't touch prod, ok?",
    "We never store card numbers.",
    "We always encrypt backups at rest.",
    "I never approve PRs without tests, so add them.",
    "Keine Daten nach dem 30.09.2026 ins Training.",
    "Verstuur niets naar de bank zonder akkoord van Sanne.",
    "Could you please never push to main?",
    "Don't forget to run the linter, ever.",
    "We never deploy on Fridays.",
    "You must be careful with the prod database.",
    "Never mind the CDN; the slowness is in the database pool.",
    "Don't worry about style, but never touch the billing schema.",
]


def test_talk_in_a_rules_words_is_no_rule_and_no_pin() -> None:
    """review12 RC0/RC0b: questions, jokes, small talk and guesses said with "never",
    "always", "don't" or "must" are no constraint, for the recap and the fit's pins."""
    assert [t for t in TALK if is_constraint(t) or is_correction(t)] == []
    assert steering_requests(TALK)[0] == []
    assert [t for t in STILL_RULES if not (is_constraint(t) or is_correction(t))] == []
    assert steering_requests(STILL_RULES)[0] == list(range(len(STILL_RULES)))
    assert is_rule("Don't rotate the certificates this week, ok?")  # the recap's own check


def test_scope_exclusions_conditions_and_contrasts_are_rules_in_several_languages() -> None:
    """redteam17/18: a scope left out, a pause, a bound, an action stopped, a condition
    with an order (es/pt/fr/it) and a contrast after a comma (pt/it/nl) are rules, for the
    recap and the fit's pins; a condition that states and a clause's own "não" are not."""
    rules = [
        "Leave the billing_events table out of this backfill.",
        "Exclude the cold-storage bucket from the lifecycle job.",
        "Hold off on the DNS cutover until the vendor confirms.",
        "Stop pinging the on-call channel for warnings.",
        "Cap the export at 10,000 rows per file.",
        "Si la cola supera 5.000 mensajes, pausa el consumidor.",
        "Se o lote falhar duas vezes, avise a equipe financeira.",
        "Lorsque le quota est atteint, coupe les envois.",
        "O prazo é 14/02, não 24/02.",
        "La soglia è 250 ms, non 520 ms.",
        "Verwijder nooit de logbestanden.",
    ]
    talk = ["Si llueve, el partido se cancela.", "Se quiser, tudo bem.", "Questo non funziona."]
    assert [r for r in rules if not (is_constraint(r) or is_correction(r))] == []
    assert [t for t in talk if is_constraint(t) or is_correction(t)] == []
    assert steering_requests(rules + talk)[0] == list(range(len(rules)))


def test_a_decision_by_someone_is_a_decision_in_any_language() -> None:
    """redteam17 R2, redteam18 R2: a person's decision is under Decisions, whatever the
    language, even when what was decided reads as a rule."""
    said = [
        "Amara decided to keep the legacy cluster read-only for two weeks.",
        "Ingrid decidió usar Redis en lugar de Memcached.",
        "A Beatriz decidiu manter o contrato mensal.",
        "Paul a décidé de garder l'ancien endpoint.",
        "Frau Weber hat entschieden, die Migration zu verschieben.",
        "周工决定先修复登录测试再发布。",
    ]
    msgs = [Message.user("Goal: plan the cutover.")]
    for s in said:
        msgs += [Message.user(s), Message.assistant("Noted.")]
    d = digest(msgs)
    assert d.items("Decisions") == [f"User: {s}" for s in said]
    assert not set(d.items(RULES)) & set(said)


def test_a_value_the_user_says_they_gave_wrong_is_a_correction_in_any_language() -> None:
    """recap10: "Y — the X I wrote was wrong" was filed under Numbers (red team 0/6): two
    clauses each naming a value, one saying its value is wrong, is a correction; a
    status with no value on its wrong side, a question or a report is not."""
    corrections = [
        "O limite de frete grátis é 199 reais — o 150 que escrevi estava errado.",
        "Η ελάχιστη έκδοση Rust είναι 1.74 — το 1.70 που έγραψα ήταν λάθος.",
        "타임아웃은 30초입니다 — 제가 쓴 10초는 틀렸어요.",
        "Limita de memorie este 512Mi — 256Mi pe care l-am scris a fost greșit.",
        "Максималната дължина е 254 знака — 255, което написах, беше грешно.",
        "שם ה-bucket הוא acme-prod-logs — ה-acme-logs שכתבתי היה שגוי.",
    ]
    not_rules = [
        "O teste está errado: espera 3 linhas.",
        "Is the 150 limit wrong, or the 199?",
        "p95 is 412 ms — was 380 last week.",
    ]
    msgs = [Message.user("Goal: fix the shipping rules.")]
    for s in corrections + not_rules:
        msgs += [Message.user(s), Message.assistant("Noted.")]
    d = digest(msgs)
    assert d.items(RULES) == corrections
    assert not set(d.items("Numbers that matter")) & {f"User: {s}" for s in corrections}


def test_a_decision_by_someone_is_a_decision_in_more_languages() -> None:
    """recap10: Catalan 'ha decidit', Bulgarian 'реши', Greek, Swahili and Hebrew decisions
    were 'User also said' (or a Greek one with 'να μην' a constraint)."""
    said = [
        "La Núria ha decidit que farem servir la llibreria php-iban.",
        "Георги реши да използваме Ecto changeset валидации.",
        "Η Ελένη αποφάσισε να μην χρησιμοποιήσουμε το crate nom.",
        "Juma ameamua kwamba tutatumia maktaba ya jsonwebtoken.",
        "דנה החליטה שנשתמש בהצפנת KMS.",
    ]
    msgs = [Message.user("Goal: plan the cutover.")]
    for s in [*said, "Реши задачата с Ecto, моля."]:
        msgs += [Message.user(s), Message.assistant("Noted.")]
    d = digest(msgs)
    assert d.items("Decisions") == [f"User: {s}" for s in said]
    assert not set(d.items(RULES)) & set(said)


def test_an_order_of_steps_and_a_condition_are_rules_in_languages_not_read_before() -> None:
    """recap10: "First X, then Y" was no rule in any language (it stayed in the Goal or
    under 'User also said'); a conditional rule in Romanian, Hungarian or Finnish and a
    Romanian "Nu" before a named thing neither. A story of steps is no rule."""
    rules = [
        "First back up the orders table, then run the migration.",
        "Najpierw zrób kopię bazy, potem uruchom migrację.",
        "Mai întâi fă un backup, apoi rulează migrarea.",
        "קודם תגבה את הטבלה, ואחר כך תריץ את המיגרציה.",
        "먼저 백업을 하고, 그 다음에 마이그레이션을 실행하세요.",
        "Dacă podurile intră în CrashLoopBackOff, oprește-te și anunță-mă.",
        "Ha a tesztek elbuknak, ne telepíts.",
        "Jos testit epäonnistuvat, älä julkaise.",
        "Nu șterge namespace-ul notifications.",
    ]
    talk = [
        "First I tried the cache, then the build failed.",
        "Nu merge build-ul de pe main.",
        "Dacă e gata, ce urmează?",
        "Ja, das passt, danke.",
    ]
    assert [r for r in rules if not is_rule(r)] == []
    assert [t for t in talk if is_rule(t)] == []


def test_a_plan_and_a_request_for_later_in_more_languages() -> None:
    """recap10: a Romanian plan ("Apoi voi aplica …") was no next step; a request said
    with "please" ("…, моля.") or opening with "afterwards" ("Depois, atualize …") in a
    language the request openings do not read was 'User also said'."""
    msgs = [
        Message.user("Goal: ship the notifier fix."),
        Message.assistant("Checked the rollout."),
        Message.user("Depois, atualize também o CHANGELOG.md com a mudança do limite."),
        Message.assistant("Apoi voi aplica manifestul actualizat cu kubectl."),
        Message.user("Добави и тест за празен имейл, моля."),
    ]
    d = digest(msgs)
    assert d.items("Next step") == ["Apoi voi aplica manifestul actualizat cu kubectl."]
    assert d.items("Open requests") == [
        "Depois, atualize também o CHANGELOG.md com a mudança do limite.",
        "Добави и тест за празен имейл, моля.",
    ]


def test_more_shapes_of_a_correction_and_a_prohibition() -> None:
    """recap10: "…, ne 15.0, jak jsem psal" (a clause after the swap), "I said 5, but the
    right one is 10", "was a mistake" as a predicate, Czech/Slovak/Lithuanian "ne-"
    imperatives and a Thai prohibition after a space were no rules."""
    rules = [
        "Minimální verze iOS je 16.0, ne 15.0, jak jsem psal.",
        "Eu disse cache de 5 minutos, mas o certo é 10 minutos.",
        "Кількість реплік має бути 4 — 3, що я написав раніше, було помилкою.",
        "Neměň nic v adresáři Pods/.",
        "Nekeisk viešų funkcijų pavadinimų.",
    ]
    talk = [
        "Nefunguje to po aktualizaci.",
        "Network is down since 9:00.",
        "I ran 3 jobs, but 2 failed.",
    ]
    assert [r for r in rules if not is_rule(r)] == []
    assert [t for t in talk if is_rule(t)] == []
    said = "ช่วยแก้ฟอร์มสมัครสมาชิก ห้ามแก้ไขไฟล์ src/legacy/validators.js"
    assert sentences(said) == ["ช่วยแก้ฟอร์มสมัครสมาชิก", "ห้ามแก้ไขไฟล์ src/legacy/validators.js"]
    d = digest([Message.user(said), Message.assistant("OK.")])
    assert d.items(RULES) == ["ห้ามแก้ไขไฟล์ src/legacy/validators.js"]


def test_a_decision_said_in_hindi_or_thai_is_a_decision() -> None:
    """recap10: a Devanagari word ends in a vowel sign (no \\b after it); Thai has no spaces."""
    said = ["राहुल ने फ़ैसला किया कि हम recharts ही रखेंगे।", "คุณสมชายตัดสินใจใช้ libphonenumber-js"]
    msgs = [Message.user("Goal: plan the cutover.")]
    for s in [*said, "คุณสมชายยังไม่ได้ตัดสินใจเรื่องไลบรารี"]:
        msgs += [Message.user(s), Message.assistant("Noted.")]
    assert digest(msgs).items("Decisions") == [f"User: {s}" for s in said]


def test_a_story_of_what_happened_is_no_rule_and_no_request() -> None:
    """review17 R17-R2: "first … then …" and "afterwards …" told of what happened are no
    rules and no requests, in any language; R17-R3: "sai", "mali" are everyday words of
    other languages, and two values with one of them is no correction."""
    stories = [
        "Prima funzionava tutto, poi si è rotto il login.",
        "Erst lief alles, dann kam der Timeout beim Export.",
        "Una prueba falló y luego se detuvo el despliegue.",
        "Önce testler geçiyordu, sonra build kırıldı.",
        "First, my laptop died, then the VPN dropped for an hour.",
        "Najpierw padł build, potem testy się zawiesiły.",
        "Ha ha, nice one, thanks a lot.",
        "O deploy sai às 18h, o backup às 2h.",
        "Port je 8443, mali servis koristi 8080.",
        "Il limite è 512 MB, sai, il vecchio server ne aveva 256 MB.",
        "Sounds good, no worries.",
    ]
    assert [s for s in stories if is_rule(s)] == []
    later = ["Danach lief alles wieder normal.", "Después funcionó bien otra vez."]
    later.append("Sonra her şey düzeldi, teşekkürler.")
    assert [s for s in later if is_request(s)] == []
    assert is_rule("Kasuta Bellman-Fordi, mitte Dijkstrat.")
    assert is_request("Sau đó cập nhật luôn snapshot của test InvoiceTable.")


def test_a_value_denied_for_another_is_a_correction_in_any_language() -> None:
    """redteam22 RT22-4: "Not Postgres 14 — we're on Postgres 16", Italian "Non 8080: …
    8443", Turkish "STM32F4 değil STM32G4", Spanish "usa Valkey y no Redis" were under
    Numbers or 'User also said'."""
    rules = [
        "Not Postgres 14 — we're on Postgres 16, so you can use MERGE.",
        "Non 8080: la porta giusta è 8443.",
        "Hayır, STM32F4 değil STM32G4 hedefliyoruz.",
        "Perdón, usa Valkey y no Redis para la caché.",
    ]
    assert [r for r in rules if not is_rule(r)] == []
    assert not is_rule("Not sure, maybe 3 or 4.")


def test_the_goal_is_not_a_greeting_answered_by_a_question_nor_a_rule_after_the_task() -> None:
    """redteam22 RT22-19 (pt/vi greetings the assistant answered "what are we working
    on?") and RT22-5 (Finnish: the task, then a prohibition in the next turn)."""
    for greeting in ("Oi! Bom dia, tudo certo por aí?", "Chào bạn, hôm nay mình cần nhờ một việc."):
        task = "Quero que o pipeline de RNA-seq gere a tabela de expressão por tecido."
        msgs = [
            Message.user(greeting),
            Message.assistant("Hi! What are we working on today?"),
            Message.user(task),
            Message.assistant("OK."),
        ]
        assert digest(msgs).items("Goal") == [task]
    msgs = [
        Message.user("Korjaa raporttien aikavyöhykebugi."),
        Message.user("Älä muuta tietokannan skeemaa tässä muutoksessa."),
        Message.assistant("Selvä."),
    ]
    d = digest(msgs)
    assert d.items("Goal") == ["Korjaa raporttien aikavyöhykebugi."]
    assert d.items(RULES) == ["Älä muuta tietokannan skeemaa tässä muutoksessa."]


def test_orders_of_steps_in_more_languages_and_stories_left_out() -> None:
    """review17 re-check at 30adbcf: imperative orders in de/ru/it/tr were not read; a
    Dutch and a Finnish story still were rules."""
    orders = [
        "Zuerst die Datenbank sichern, dann die Migration starten.",
        "Сначала сделай бэкап, потом запусти миграцию.",
        "Prima fai il backup, poi lancia la migrazione.",
        "Önce yedek al, sonra migration'ı çalıştır.",
    ]
    stories = [
        "Eerst werkte het, daarna niet meer.",
        "Ensin kaikki toimi, sitten palvelin kaatui.",
        "Zuerst ist die Datenbank abgestürzt, dann der Server.",
    ]
    assert [r for r in orders if not is_rule(r)] == []
    assert [s for s in stories if is_rule(s)] == []


# A correction said value first ("use Y, not X", "Y instead of X") in the languages users
# write in: kept verbatim under Constraints and corrections (recap13; 16/60 lost on main)
_VALUE_FIRST = [
    "Nimm uvicorn statt gunicorn.",
    "Use Python 3.12 em vez de Python 3.11.",
    "Meglio sliding window invece di token bucket.",
    "Użyj port 9443 zamiast port 9000.",
    "gunicorn yerine uvicorn kullan.",
    "Redis 7 olsun, Redis 6 değil.",
    "Redis 6の代わりにRedis 7を使ってください。",
    "Redis 7로 해 주세요, Redis 6 말고요.",
    "Ma być sliding window, nie token bucket.",
    "用uvicorn，别用gunicorn。",
    "Pas 2.4.1, utilise 2.5.0.",
    "استخدم Node 20 وليس Node 18.",
    # (a value's ending is no past: "Memcached", "Kör med", "ganti")
    "Gebruik Valkey 8 in plaats van Memcached.",
    "Kör med Node 22 i stället för Node 20.",
    "Gunakan Postgres 17 sebagai ganti sqlite.",
    "เอา Node 22 ไม่ใช่ Node 20",
    "خلّها Valkey 8، مش Memcached.",
    "eu-north-1 लो, eu-central-1 नहीं।",
]


@pytest.mark.parametrize("said", _VALUE_FIRST)
def test_a_value_first_correction_is_kept_verbatim(said: str) -> None:
    d = digest(_session("Add rate limiting to billing_gateway.", said, "ok"))
    assert said in d.items(RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Sounds good, not bad at all.",
        "Not sure, use your judgement.",
        "We went with Kafka instead of RabbitMQ.",
        "好的，不用了。",
        "Over the weekend the job ran fine.",
        "Wir haben gestern Redis statt Memcached benutzt.",
    ],
)
def test_talk_a_report_or_a_decision_with_instead_is_no_rule(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    "said",
    [
        "Okay, no idea.",
        "Lol, no way.",
        "Haha, no kidding.",
        "Sure, no prob.",
        "Ok, not a big deal.",
        "Yes, no more questions.",
        "Merci, pas de souci.",
        "Ok, nie ma sprawy.",
        "Tamam, sorun değil.",
        "Спасибо, не за что.",
    ],
)
def test_a_short_reply_that_says_fine_is_no_rule_and_no_aside(said: str) -> None:
    """R20-R1: chit-chat took the byte cap from real constraints."""
    d = digest(_session("Add CSV export to the reports page.", said, "Use Redis 7, not Redis 6."))
    assert d.items(RULES) == ["Use Redis 7, not Redis 6."]
    assert not any(said in item for item in d.items("User also said"))


@pytest.mark.parametrize(
    "said",
    [
        "Ok, no force pushes.",
        "Please, no more migrations today.",
        "Remember, no deploys on Friday.",
    ],
)
def test_a_rule_after_a_short_opening_is_still_a_rule(said: str) -> None:
    assert is_rule(said)

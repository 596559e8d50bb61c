"""Denials said by a language's grammar, not by a word of denial (issue #14, retain44).

Last session's review lost rules said in Turkish (the verb denies by its suffix:
"-mayın", "-meyiniz", "-masın", a clause-final "-ma"), Ukrainian ("Жодних …"), Indonesian
("tak usah …") and corrections said in Arabic and Hebrew as "X وليس Y", "X ולא Y" (the
"and" glued to the "not"): none read as a denial, so none was pinned as a rule by its shape.
A Swahili verb's prefix ("usi-", "msi-", "hatu-") was read as a rule by the lexicon but not
as a denial (the recap's polarity readers ask ``lexicon.negation.denial``).

The cases here are not the held-out ones the change was measured on (retain44's held-out
set is kept outside the repository)."""

from __future__ import annotations

import json
import random

import pytest

from contextledger.fit import fit
from contextledger.intent import is_constraint, is_correction, rule_by_shape, steering_requests
from contextledger.lexicon.negation import banned_by_grammar, denial
from contextledger.model import Message, ToolCall
from contextledger.prepare import prepare

MODEL = "gpt-4o"

DENIED_BY_GRAMMAR = [
    # Turkish: the verb's suffix (plural and polite imperative, third person, necessitative,
    # future, "-mıyor" with a person, a clause-final "-ma/-me")
    "Üretim veritabanında migration çalıştırmayın.",
    "Lütfen müşteri kayıtlarını dışa aktarmayınız.",
    "Stajyer sunucuyu yeniden başlatmasın.",
    "Bu tabloya elle veri girmemelisiniz.",
    "Bu sürümde eski API'yi kaldırmayacağız.",
    "Gece toplantısı istemiyorum.",
    "Şifreleri loglara yazma.",
    # Turkish: "not" as a word ("X, not Y")
    "Staging ortamını kullan, canlıyı değil.",
    # Swahili: the verb's prefix
    "Msizime seva usiku.",
    "Usipakie faili kubwa kwenye hazina.",
    "Hatupokei malipo ya pesa taslimu.",
    # Arabic and Hebrew: "and"/"that" glued to "not"
    "نريد النسخة الثالثة ولا نريد الرابعة.",
    "اعمل على الفرع الرئيسي فلا تلمس فرع الإنتاج.",
    "צריך את גרסה 3 ולא את גרסה 2.",
    "תדאג שלא ימחקו את הגיבויים.",
    # Ukrainian: "no … at all"
    "Жодного деплою в п'ятницю ввечері.",
    "Ніяких змін у схемі бази.",
    # Indonesian: colloquial "not", "tak" before a modal
    "Server produksi nggak boleh di-restart siang hari.",
    "Tak perlu bikin branch baru untuk ini.",
]
NOT_DENIED = [
    "Bugün depoya yeni bir kamyon geldi.",  # Turkish, no denial
    "Raporda ne yazdığını bana söyle.",  # Turkish "ne": "what"
    "Annem akşam dolma yaptı, çok güzeldi.",  # a noun in "-ma" inside the clause
    "Asiste a la reunión de las diez.",  # Spanish, "asi…e"
    "Hawaii ina fukwe nzuri sana.",  # Swahili, no denial
    "Normalize the payloads, then reformat the mailing list.",  # English "-ma…" words
    "كتبت الولاية تقريراً جديداً.",  # Arabic "ولاية" (a state)
    "הוא שאל על הדוח החדש.",  # Hebrew "שאל" (asked)
    "Zrobiłem to tak szybko, jak mogłem.",  # Polish "tak" (so)
    "มีไม่กี่คนที่มาประชุมวันนี้",  # Thai "ไม่กี่" (a few)
    "Deploy the new build to staging today.",
]


# review44 R44-neg1: denials read by their grammar since retain44 that are none, and the
# denials said by the same grammar that still are (retain46; not its held-out sentences)
LOOK_ALIKE_AFFIRMATIVES = [
    # Swahili subjunctives of verbs whose stem starts with "si" (sikiliza, simamia, simulia)
    "Tusikilize rekodi ya simu kwanza.",
    "Wasimamie wafanyakazi wapya.",
    "Msimulie meneja kila kitu.",
    # French: "usi…e" after an elision's apostrophe, or with letters Swahili never joins
    "Le contrôle d'usinage commence lundi.",
    "Le bois est usinable au laser.",
    # Turkish: a noun in "-me" after "bir" (a), at the clause's end
    "Geçen haftanın konusu bir güncelleme.",
    # Hebrew "אל" where it is "to", alone or glued to "and"
    "העבר את הבקשה אל צוות התמיכה.",
    "כתבו למנהל ואל הספקים.",
    # Thai "อย่าง" (-ly), Chinese "区别" (difference), Vietnamese "không khí" (air)
    "ทำงานนี้อย่างรวดเร็ว",
    "两个方案的区别在文档里。",
    "Dữ liệu không khí được lưu mỗi giờ.",
]
DENIED_LIKE_THEM = [
    "Usisimamishe huduma ya malipo.",  # the "si" verb, denied
    "Usijaribu tena bila ruhusa.",  # a verb keeping its last vowel
    "Bu dalı silmeyelim.",  # Turkish "let's not"
    "ואל תשלח את הקובץ.",  # "and don't send"
    "อย่ารีสตาร์ทเซิร์ฟเวอร์",
    "别改这个配置。",
    "Không được xoá bảng này.",
]


@pytest.mark.parametrize("text", LOOK_ALIKE_AFFIRMATIVES)
def test_an_affirmative_that_looks_like_a_denial_is_no_denial_and_no_rule(text: str) -> None:
    assert not denial(text), text
    assert not rule_by_shape(text), text
    assert not is_constraint(text), text


@pytest.mark.parametrize("text", DENIED_LIKE_THEM)
def test_a_denial_said_like_a_look_alike_still_denies(text: str) -> None:
    assert denial(text), text


@pytest.mark.parametrize("text", DENIED_BY_GRAMMAR)
def test_denials_said_by_grammar_are_denials(text: str) -> None:
    assert denial(text), text


@pytest.mark.parametrize("text", NOT_DENIED)
def test_look_alikes_deny_nothing(text: str) -> None:
    assert not denial(text), text


@pytest.mark.parametrize(
    "text",
    [t for t in DENIED_BY_GRAMMAR if not t.startswith(("Msi", "Usi", "Hatu"))],
)
def test_a_users_rule_said_by_grammar_reads_as_a_rule_by_its_shape(text: str) -> None:
    # (the Swahili prefixes are the lexicon's rules already: it reads them word by word)
    assert rule_by_shape(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Kafka kullan, RabbitMQ değil.",
        "Port 8443 olsun, 8080 değil.",
        "Use Kafka, not RabbitMQ.",
    ],
)
def test_a_short_x_not_y_is_a_correction(text: str) -> None:
    # (the value said first was before the contrast's tail only in a sentence of more than
    # five words: "Kafka kullan, RabbitMQ değil." read as no correction)
    assert is_correction(text), text


def test_a_short_not_without_a_value_before_it_is_no_correction() -> None:
    assert not is_correction("ok, not now.")


GOAL = "Prod veritabanındaki yavaş sorguları bul ve dizinleri düzelt."
RULES = [
    "Canlı veritabanında şema değişikliği yapmayın.",
    "Müşteri e-postalarını loglara yazdırmayınız.",
]
CORRECTIONS = ["Replika db-3 olsun, db-1 değil.", "PostgreSQL 16 ولا 15 بالتأكيد."]
# her own chatter, each sentence in a frame of its own (its first and last words: a frame
# said again and again is routine, looked past), so that her words outgrow the window
OPENERS = [
    "sabah",
    "öğlen",
    "akşam",
    "dün",
    "bugün",
    "yarın",
    "demin",
    "sonra",
    "önce",
    "şimdi",
    "gece",
    "erken",
]
PLACES = ["depoda", "ofiste", "rampada", "serada", "ambarda", "dükkanda"]
CLOSERS = [
    "herkes yoruldu",
    "kamyon geç kaldı",
    "müdür sevindi",
    "hesap tuttu",
    "fatura kesildi",
    "raflar doldu",
    "kapı kilitlendi",
    "sistem yavaşladı",
    "çay demlendi",
    "toplantı uzadı",
    "telefon çaldı",
    "yağmur başladı",
]


def _session(seed: int) -> tuple[list[Message], list[str]]:
    """A Turkish DBA's long session: the rules and corrections said mid-session, between tool
    runs with long output, and many turns of her own chatter after them."""
    rng = random.Random(seed)
    said = RULES + CORRECTIONS
    frames = [(a, p, b) for a in OPENERS for p in PLACES for b in CLOSERS]
    rng.shuffle(frames)
    msgs = [Message.system("You are a database agent."), Message.user(GOAL)]
    for r in range(120):
        if r >= 42 and r % 7 == 0 and said:  # (mid-session)
            msgs.append(Message.user(said.pop(0)))
        elif r:
            chat = [
                f"{a} {p} {rng.randrange(10, 999)} koli saydık ve {b}."
                for a, p, b in (frames.pop() for _ in range(min(4, len(frames))))
            ]
            msgs.append(Message.user(" ".join(c.capitalize() for c in chat) or "devam"))
        cid = f"c{r}"
        sql = {"sql": f"EXPLAIN ANALYZE SELECT * FROM t{r} WHERE id > {rng.randrange(999)}"}
        msgs.append(Message("assistant", (ToolCall(cid, "psql", repr(sql)),)))
        rows = "\n".join(f"Seq Scan on t{r} cost={rng.random():.4f} rows={i}" for i in range(60))
        msgs.append(Message.tool(cid, rows))
        msgs.append(Message.assistant(f"Sorgu {r} incelendi."))
    msgs.append(Message.user("devam"))
    return msgs, [GOAL, *RULES, *CORRECTIONS]


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_rules_said_by_a_verbs_suffix_are_pinned_at_every_window(window: int) -> None:
    msgs, facts = _session(3)
    kept = "\n".join(m.text for m in fit(msgs, MODEL, window=window).messages)
    assert [f for f in facts if f not in kept] == []


def _kept(text: str, facts: list[str]) -> set[str]:
    return {f for f in facts if f in text}


def test_compaction_keeps_what_fit_keeps_and_a_bigger_window_what_a_smaller_keeps() -> None:
    # (issue #14: retention with compaction is never below plain fit at any window, and a
    # bigger window never loses a fact a smaller one kept; here on her rules said by grammar)
    msgs, facts = _session(5)
    by_fit, by_prepare = [], []
    for window in (8_000, 16_000, 32_000):
        fitted = fit(msgs, MODEL, window=window, max_output_tokens=1_000).messages
        by_fit.append(_kept("\n".join(m.text for m in fitted), facts))
        body = prepare(msgs, MODEL, window=window, max_output_tokens=1_000, compaction=True).body
        by_prepare.append(_kept(json.dumps(body, ensure_ascii=False), facts))
        assert by_fit[-1] <= by_prepare[-1], window
    for kept in (by_fit, by_prepare):
        assert kept[0] <= kept[1] <= kept[2]
    assert by_prepare[0] == set(facts)


@pytest.mark.parametrize(
    "denies",
    [
        "Msiguse mipangilio ya Zoë kwenye seva ya majaribio.",  # an accented name
        "בבקשה, אל תמחק את הגיבוי של אתמול.",
        "Emme ota välimuistia käyttöön tässä versiossa.",
        "Sose indítsd újra az éles szervert napközben.",
        "Hindi natin babaguhin ang schema ngayong linggo.",
        "Huwag mong i-restart ang database sa umaga.",
    ],
)
def test_a_denial_of_the_languages_review45_read_is_one(denies: str) -> None:
    assert denial(denies)


@pytest.mark.parametrize(
    "affirms",
    [
        "Kopiuj pliki do katalogu.",
        "העתק את הקבצים אל תיקיית הארכיון.",  # "to" before a noun starting with ת
        "שלח את האירוע אל תור העבודות.",
        "設定ファイルは自由に編集して構いません。",  # "you may"
        "Not only the API but also the worker must log requests.",
        "Não só a API, mas também o worker deve registrar os pedidos.",
        "Nu doar API-ul, ci și workerul trebuie să scrie loguri.",
        "Nem csak az API, hanem a worker is naplózzon.",
        "Translate the error messages into Hindi.",
    ],
)
def test_words_that_look_like_a_denial_in_an_affirmative_are_none(affirms: str) -> None:
    """review45 R45-neg1/neg2: "not only … but also", Hebrew's "אל" as "to", a Japanese leave."""
    assert not denial(affirms)


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("העתק את הדוחות אל תיקיית הארכיון.", False),  # "to" the archive folder
        ("הוסף את המשימה אל תור העיבוד.", False),
        ("בבקשה, אל תמחק את הדוחות הישנים.", True),
        ("ולעולם אל תשנה את הסכמה בייצור.", True),
    ],
)
def test_hebrew_al_is_a_ban_only_opening_its_clause(said: str, rule: bool) -> None:
    """review45 R45-neg2: "אל" before a noun that starts with ת, as a verb of the second
    person does, was read as "don't" by the rule readers."""
    assert is_constraint(said) is rule


@pytest.mark.parametrize(
    "ban",
    [
        # an imperative, then a negative determiner before what it bans
        "Zet geen secrets in de repository.",
        "Push no tags before the release notes are in.",
        "Nemazej žádné staré tabulky.",
        # the determiner opening the clause, the ban's scope after it
        "Nessun deploy di venerdì.",
        "Nenhum commit direto na main.",
        "Ninguna llamada a la API de pagos en los tests.",
        "Żadnych commitów do gałęzi main.",
        # "never" opening the clause before an infinitive
        "Mai cancellare i log di audit.",
        "Jamais de migration le lundi.",
    ],
)
def test_a_ban_said_by_its_grammar_is_a_rule(ban: str) -> None:
    """review45 R45-neg1: "Gebruik geen Redis …" and "Mai eseguire …" were no rule: no word
    of them bans by itself, their grammar does."""
    assert is_constraint(ban)


@pytest.mark.parametrize(
    "said",
    [
        "Geen haast, neem je tijd.",
        "Nessuna fretta, fai con calma.",
        "Mai sentito parlare di questo tool.",
        "Zie geen fouten in de log.",
        "Has no effect on the build.",
    ],
)
def test_a_negative_determiner_in_a_reassurance_or_a_status_bans_nothing(said: str) -> None:
    assert not banned_by_grammar(said)


@pytest.mark.parametrize(
    "said",
    [
        # a reassurance opening the sentence, then the go-ahead
        "Kein Stress, mach in Ruhe weiter.",
        "Žádný spěch, klidně pokračuj.",
        "Hiç dert değil, sen devam et.",
        "Gak masalah, lanjut aja.",
        "कोई समस्या नहीं, आगे बढ़िए।",
        # what the speaker never did or saw, told
        "Never heard of that library before, interesting.",
        "Nunca usé ese comando, qué curioso.",
        "Nigdy nie słyszałem o tym narzędziu.",
        "Nooit geweten dat dat kon.",
        # a label's value: "-ma/-me" after a noun in no case is a verbal noun
        "Haftanın işi: sunucu taşıma.",
    ],
)
def test_a_reassurance_an_experience_or_a_label_is_no_rule(said: str) -> None:
    """review45 R45-neg1 ("Koi baat nahi, aage badho.", a Turkish "Bugünkü görev: veri
    taşıma." read as a ban)."""
    assert not is_constraint(said)
    assert not rule_by_shape(said)


@pytest.mark.parametrize(
    "ban",
    [
        "Kein Stress, aber lösch niemals die Backups.",
        "Nunca usé ese comando, pero nunca lo ejecutes en producción.",
        "Dikkat: müşteri tablosunu silme.",
        # an English verb whose own form ends in "ed" is an imperative, not a told past
        # (review46 R46-neg1: "Never embed …", "Never exceed …", "Never feed …" were cut)
        "Never proceed with a migration while the backup job is running.",
        "Never seed the staging database from a production dump.",
        "Never imbed the customer's phone number in the ticket title.",
    ],
)
def test_a_ban_after_a_reassurance_an_experience_or_a_label_is_read(ban: str) -> None:
    assert is_constraint(ban) or rule_by_shape(ban)


def test_the_bulk_reading_finds_bans_by_grammar_as_the_per_text_one_does() -> None:
    texts = [
        "Zet geen secrets in de repository, ook niet in de testdata.",
        "Nessun deploy di venerdì, nemmeno per un hotfix piccolo.",
        "Nunca usé ese comando antes, la verdad es que me sorprende.",
        "Kein Stress, ich schaue mir das morgen früh in Ruhe an.",
        "Prepare the quarterly report for the finance team today.",
    ]
    steering, _ = steering_requests(texts)
    assert steering == [i for i, t in enumerate(texts) if is_constraint(t) or is_correction(t)]
    assert steering == [0, 1]


@pytest.mark.parametrize(
    ("said", "denies"),
    [
        # Turkish typed without its own letters: the case suffix after a name's apostrophe
        ("Dockerfile'i elle degistirme.", True),
        ("Jenkins'ten job'lari silme.", True),
        # an elision is no case suffix
        ("Il l'a rangé dans le programme.", False),
        ("Qu'a-t-elle ajouté au programme?", False),
    ],
)
def test_turkish_typed_without_its_letters_is_read_by_its_case_suffixes(
    said: str, denies: bool
) -> None:
    """review44 R44-neg1 ("Eski API'yi silme." was no denial: no ı, ğ or ş in it)."""
    assert denial(said) is denies

"""Small talk is no task and no rule: a greeting, "are you there?", "how are you?", thanks
for earlier help or "can you help me?" never becomes the session's goal (red team D02), and
a reassurance ("don't worry, it's fine") is never a rule (R16-I1), in any language read."""

from __future__ import annotations

import json

import pytest

from contextledger import Message, ToolCall
from contextledger.fit import fit
from contextledger.intent import is_constraint, is_substantive, steering_requests

OPENERS = [
    "Hey! Good evening, how's it going so far?",
    "Morning! Are you there? Got a minute for me?",
    "Hi, thanks so much, really appreciate it!",
    "Hola, buenas tardes. ¿Cómo estás? ¿Tienes un rato?",
    "Salut ! Ça va ? Tu as une minute ?",
    "Servus! Hast du kurz Zeit für mich?",
    "Buongiorno! Come stai? Hai un attimo?",
    "Oi, tudo bem? Pode me ajudar com uma coisa?",
    "Hoi, hoe gaat het? Heb je even tijd?",
    "Hej! Har du en stund? Kan du hjälpa mig?",
    "Godmorgen! Hvordan har du det?",
    "Moikka! Mitä kuuluu? Onko sinulla hetki?",
    "Jó reggelt! Hogy vagy? Ráérsz egy percre?",
    "Dzień dobry, masz chwilę? Możesz mi pomóc?",
    "Dobrý den, máte chvilku čas?",
    "Selam, nasılsın? Müsait misin?",
    "Здравствуйте! Как дела? Есть минутка?",
    "Chào bạn, bạn có rảnh chút không?",
    "Halo, apa kabar? Ada waktu sebentar?",
    "Habari! Una muda kidogo?",
    "Oi! Bom dia, tudo certo por aí?",  # (red team RT22-1)
    "Chào bạn, hôm nay mình cần nhờ một việc.",  # (red team RT22-19)
    # words that could name a task are small talk after a greeting or thanks
    "Hello! Long time no see, how was your weekend?",
    "Thanks again for all the help last week!",
    # a task announced but not said, after a greeting (red team RT23-1)
    "Cześć! Mam dziś dla ciebie zadanie.",
    "Привіт! Маю для тебе задачу.",
    "Halo! Apa kabar? Ada kerjaan nih.",
    "नमस्ते! आज एक काम है।",
    "مرحباً، أتمنى أن يكون يومك جيداً.",
]
# task words are no small talk, however short the request (review R17-I1)
SHORT_TASKS = [
    "Could you help me with the meeting today? I have one this afternoon.",
    "Use the one before.",
    "See you later, start the build again.",
    "Is everything still online?",
    "Could you see it again?",
]
TASKS = [
    "Hey! Good evening, please bump the pinned version of httpx to 0.28.",
    "Hola, buenas tardes. Cambia el timeout del cliente HTTP a 30 segundos.",
    "Salut ! Ajoute un test pour la fonction parse_date.",
    "Moikka! Päivitä riippuvuudet ja aja testit uudelleen.",
    "Jó reggelt! Javítsd ki a bejelentkezési hibát az auth modulban.",
    "Selam, nasılsın? Ödeme servisindeki zaman aşımını 30 saniyeye çıkar.",
    "Здравствуйте! Исправьте падающий тест в tests/test_login.py.",
    "Hi! Good morning, hope you had a great weekend. How are you doing today? "
    "Please migrate the billing service to Postgres 16.",
    "Cześć! Mam dziś dla ciebie zadanie: przenieś logowanie do EncryptedSharedPreferences.",
    "Привіт! Маю задачу: перепиши парсер конфігурації на serde.",
    "Halo! Ada kerjaan nih, migrasikan notifikasi email ke Swoosh.",
    "नमस्ते! आज एक काम है, होम स्क्रीन को SwiftUI में बदलो।",
    "مرحباً، حدّث قالب اتفاقية عدم الإفشاء.",
]


@pytest.mark.parametrize("text", OPENERS)
def test_an_opening_of_small_talk_is_not_substantive(text: str) -> None:
    assert not is_substantive(text)


@pytest.mark.parametrize("text", TASKS)
def test_small_talk_with_a_task_in_it_is_a_request(text: str) -> None:
    assert is_substantive(text)


@pytest.mark.parametrize("text", SHORT_TASKS)
def test_a_short_task_in_small_talk_words_is_still_a_request(text: str) -> None:
    assert is_substantive(text)


@pytest.mark.parametrize(
    "opener", [OPENERS[0], OPENERS[3], OPENERS[12], OPENERS[23], *OPENERS[-5:]]
)
def test_fit_pins_the_task_that_followed_the_greeting_not_the_greeting(opener: str) -> None:
    """The greeting, a reply, more small talk, then the task; then a long session of tool
    output and nudges: the task is the goal the fit pins, not the greeting."""
    task = "Please migrate the nightly billing export to Postgres 16 and keep it idempotent."
    msgs = [
        Message.system("You are a coding agent."),
        Message.user(opener),
        Message.assistant("Hi! Sure, what do you need?"),
        Message.user("Thanks, hope your day is going well!"),
        Message.assistant("It is, thanks. What's the task?"),
        Message.user(task),
    ]
    for i in range(40):
        args = json.dumps({"cmd": f"pytest -k export_{i}"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", args),)))
        msgs.append(Message.tool(f"c{i}", f"collected {i} items\n" * 150))
        msgs.append(Message.user(["ok, keep going", "thanks!", "great, continue"][i % 3]))
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    assert task in view
    assert opener not in view


REASSURANCES = [
    "Ikke bekymre deg for det.",
    "Ekki hafa áhyggjur af þessu.",
    "Jangan khawatir soal itu.",
    "Не переживай из-за этого.",
    "Не хвилюйся про це.",
    "Đừng lo lắng về chuyện đó.",
    "Ikke vær redd for å spørre.",
    "Usijali kuhusu hilo.",
    "Älä huolehdi siitä yhtään.",
    "Ärge muretsege selle pärast.",
    "Ne aggódj emiatt.",
    "Nie przejmuj się tym.",
    "Nestresuj se kvůli tomu.",
    "Huwag kang mag-alala tungkol dito.",
    "אל תדאג, הכל בסדר.",
    "لا تقلق بشأن ذلك.",
    "चिंता मत करो, सब ठीक है।",
    "อย่ากังวลเลย ไม่เป็นไร",
    "걱정하지 마세요, 괜찮아요.",
    "心配しないでください、大丈夫です。",
    "不要担心，没关系。",
    "Ikke stress med det.",
    "Älä välitä siitä.",
    "Ekki stressa þig á þessu.",
]
PROHIBITIONS = [
    "Älä poista tuotantokantaa.",
    "Ikke slett databasen.",
    "Ekki eyða gagnagrunninum.",
    "Ne töröld az adatbázist.",
    "Jangan hapus database produksi.",
    "Usifute faili hizo.",
    "Nie usuwaj bazy danych.",
    "Не удаляй базу данных.",
    "Đừng xóa cơ sở dữ liệu.",
    "אל תמחק את מסד הנתונים.",
    "لا تحذف قاعدة البيانات.",
    "डेटाबेस मत हटाओ।",
    "อย่าลบฐานข้อมูล",
    "데이터베이스를 삭제하지 마세요.",
    "データベースを削除しないでください。",
    "不要删除数据库。",
    "Ikke bekymre deg for stilen, men aldri rør produksjonen.",
    # the same stems in orders (review R17-I2)
    "אל תלחץ על הכפתור האדום.",
    "لا تخفِ الأخطاء عن المستخدم.",
    "Älä välitä asiakkaan henkilötietoja eteenpäin.",
    "Ikke stressteste produksjonen.",
]


@pytest.mark.parametrize("text", REASSURANCES)
def test_a_reassurance_is_no_rule(text: str) -> None:
    """Red team R16-I1: "don't worry" said in other languages was filed as a prohibition."""
    assert not is_constraint(text)
    assert steering_requests([text]) == ([], [])


@pytest.mark.parametrize("text", PROHIBITIONS)
def test_a_prohibition_with_the_same_particle_is_still_a_rule(text: str) -> None:
    assert is_constraint(text)
    assert steering_requests([text])[0] == [0]


def test_fit_pins_the_task_that_followed_the_opening_rules() -> None:
    """Red team RT22-5: a session that opens with its rules, then states the task: the
    task is the goal pinned (the rules are pinned as rules), not the first rule."""
    rules = [
        "Älä muuta tietokannan skeemaa tässä tehtävässä.",
        "Älä koske tiedostoon src/legacy/export.py.",
        "Älä asenna uusia riippuvuuksia kysymättä.",
        "Älä poista vanhoja raportteja hakemistosta reports/.",
        "Älä aja migraatioita tuotannossa.",
        "Älä muuta julkista rajapintaa.",
    ]
    task = "Korjaa raporttien aikavyöhykebugi moduulissa reports/timezone.py."
    msgs = [Message.system("You are a coding agent."), Message.user(rules[0])]
    msgs += [Message.assistant("Selvä."), Message.user(task)]
    for i in range(40):
        args = json.dumps({"cmd": f"pytest -k tz_{i}"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", args),)))
        msgs.append(Message.tool(f"c{i}", f"collected {i} items\n" * 150))
        msgs.append(Message.user(rules[1 + i // 8] if i % 8 == 0 and i < 40 else "ok, jatka"))
    out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    view = "\n".join(m.text for m in out.messages)
    assert task in view
    assert [r for r in rules if r not in view] == []

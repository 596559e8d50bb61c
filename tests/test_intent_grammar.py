"""What a user sentence asks for, told by its grammar in many languages (issue #14): a rule
(a negated or obligatory imperative, a condition then an order), a correction, a decision
(someone's choice in the past, an approval that names it), and what is none of them (a
nudge, the listener's wish as a condition, a question, a habit, a quotation, someone
else's act). Each table is read through the bulk path (``steering_requests``, what the fit
pins) and the per-text functions alike.

The tables are intent7's own phrasings, none taken from a red-team or review repro: DEV was
tuned on; HELDOUT was written before tuning (main: precision 0.84, recall 0.41), HELDOUT2
after the first round, measured once before its own misses were fixed (precision 0.92,
recall 0.97; main 0.81 / 0.38).
"""

from __future__ import annotations

import pytest

from contextledger.intent import (
    is_constraint,
    is_correction,
    is_decision,
    is_nudge,
    steering_requests,
)

DEV = [
    ("rule", "When the queue passes 5,000 messages, pause the importer and ping me."),
    ("rule", "You have to run the migrations on staging first, every time."),
    ("rule", "As soon as p99 crosses 800 ms, roll back without waiting for me."),
    ("decision", "Priya picked Redis over Memcached for the session store."),
    ("decision", "We went with the canary rollout."),
    ("decision", "Yep, pick Stripe over Adyen."),
    ("none", "If you want, keep going."),
    ("none", "If you like, carry on with the next one."),
    ("none", "I usually deploy on Mondays."),
    ("none", "Maybe we go with Stripe, not sure yet."),
    ("none", "Let me think about option B."),
    ("none", "Nobody confirmed the date."),
    ("none", "Sam picked up the ticket this morning."),
    ("none", "If it rains, the match is cancelled."),
    ("rule", "Falls der Import zweimal scheitert, brich ab und sag mir Bescheid."),
    ("rule", "Auf gar keinen Fall die Produktionsdatenbank anfassen."),
    ("rule", "Ihr müsst jede Änderung vorher mit mir abstimmen."),
    ("correction", "Kleine Berichtigung: das Limit liegt bei 200, nicht bei 100."),
    ("decision", "Jawohl, wir nehmen Plan B."),
    ("decision", "Anna hat sich für die zweite Variante entschieden."),
    ("none", "Falls du Zeit hast, schau es dir an."),
    ("none", "Wenn es regnet, bleibe ich zu Hause."),
    ("none", "Wenn du willst, mach weiter."),
    ("none", "Ich muss kurz weg."),
    ("rule", "En cuanto la cola pase de 5.000 mensajes, para el import y avísame."),
    ("rule", "Debes avisarme antes de reiniciar cualquier servicio."),
    ("correction", "Me confundí antes: el límite es 300, no 200."),
    ("decision", "Sí, hazlo con la opción A."),
    ("decision", "El equipo eligió Kafka para la cola de eventos."),
    ("none", "si quieres, sigue con lo siguiente"),
    ("none", "¿Y qué pasa si el p99 supera 800 ms?"),
    ("none", "Siempre me olvido de la sintaxis de cron."),
    ("rule", "Au cas où le paiement échoue, préviens-moi tout de suite."),
    ("rule", "Vous devez passer par moi pour toute suppression."),
    ("correction", "Petite rectification : la remise est de 12 %, et non 15 %."),
    ("decision", "D'accord, on garde Redis."),
    ("decision", "Claire a choisi la deuxième option."),
    ("none", "Si ça te va, continue."),
    ("none", "merci beaucoup, c'est parfait"),
    ("rule", "Appena il disco supera il 90%, svuota la cache."),
    ("rule", "Dovete sempre aprire una PR, mai push diretti."),
    ("correction", "Correzione: il cliente è Rossi, non Bianchi."),
    ("decision", "Abbiamo optato per la soluzione B."),
    ("none", "se ti va, continua pure"),
    ("none", "Di solito faccio colazione alle otto."),
    ("rule", "Assim que o disco passar de 90%, limpe o cache."),
    ("rule", "Você precisa sempre rodar os testes antes do merge."),
    ("correction", "Errei antes: o cliente é a Loja Sul, não a Loja Norte."),
    ("decision", "Ok, ficamos com o Postgres."),
    ("none", "Se der, continua."),
    ("rule", "Als de import twee keer mislukt, stop dan en laat het me weten."),
    ("rule", "Jullie moeten elke wijziging eerst laten reviewen."),
    ("rule", "Pas nooit loonheffingskortingen aan."),
    ("decision", "Sanne heeft gekozen voor de tweede optie."),
    ("none", "Als het regent, blijf ik thuis."),
    ("none", "Dank je, ga door."),
    ("rule", "Не трогай конфигурацию продакшена."),
    ("rule", "Вы должны согласовывать со мной каждое удаление."),
    ("rule", "Когда очередь превысит 1000 сообщений, останови импорт."),
    ("correction", "Исправление: дедлайн 12 января, а не 11."),
    ("decision", "Команда выбрала Kafka."),
    ("none", "Спасибо, продолжай."),
    ("none", "Я никогда не видел такой ошибки."),
    ("none", "Не работает кнопка входа."),
    ("rule", "Ніколи не видаляй резервні копії."),
    ("none", "Продовжуй, якщо хочеш."),
    ("rule", "Μην αγγίζεις την παραγωγή."),
    ("correction", "Διόρθωση: η θύρα είναι 8443, όχι 8080."),
    ("none", "Μην ανησυχείς."),
    ("rule", "لا تحذف النسخ الاحتياطية أبدًا."),
    ("rule", "ممنوع تعديل قاعدة البيانات."),
    ("none", "هل يعمل الخادم الآن؟"),
    ("rule", "אל תמחק את הגיבויים לעולם."),
    ("rule", "חובה להריץ בדיקות לפני כל מיזוג."),
    ("none", "האם השרת עובד?"),
    ("rule", "कभी भी प्रोडक्शन को मत छुओ।"),
    ("rule", "बैकअप कभी नहीं हटाना है।"),
    ("none", "ठीक है, आगे बढ़ो।"),
    ("rule", "ห้ามแก้ไขฐานข้อมูลจริง"),
    ("rule", "อย่าลืมสำรองข้อมูลก่อนทุกครั้ง"),
    ("none", "ทำอย่างไรดี"),
    ("rule", "운영 서버는 건드리지 마."),
    ("rule", "절대로 운영 DB를 수정하지 마세요."),
    ("rule", "머지 전에 꼭 테스트를 돌려야 합니다."),
    ("none", "좋아요, 계속하세요."),
    ("rule", "別動生產資料庫。"),
    ("rule", "請勿修改設定檔。"),
    ("decision", "好，就用 Redis。"),
    ("decision", "老王选了方案二。"),
    ("none", "好的，继续。"),
    ("none", "為什麼不能登入？"),
    ("decision", "それでお願いします、B案で。"),
    ("rule", "テストを飛ばさないでください。"),
    ("none", "なぜ失敗したのですか？"),
    ("rule", "Nie usuwaj tej tabeli."),
    ("rule", "Zawsze pytaj mnie przed wdrożeniem."),
    ("none", "Nie wiem, co się stało."),
    ("rule", "Yedekleri kesinlikle silmeyin."),
    ("none", "Tamam, devam."),
    # the second round: Vietnamese, Turkish and Polish cues, negated modals, kept-as-is, habits
    ("rule", "Đừng xóa bảng khách hàng."),
    ("rule", "Nếu CPU vượt 90% thì khởi động lại dịch vụ."),
    ("correction", "Sửa lại: hạn chót là thứ Sáu, không phải thứ Năm."),
    ("none", "Cảm ơn, tiếp tục nhé."),
    ("rule", "Disk %90'ı aşarsa eski logları sil."),
    ("correction", "Düzeltme: port 8080 değil, 8443."),
    ("none", "Hava güzel olursa pikniğe gideriz."),
    ("rule", "Jeśli test nie przejdzie, cofnij wdrożenie."),
    ("correction", "Korekta: termin to piątek, a nie czwartek."),
    ("none", "Jeśli chcesz, zerknij na to później."),
    ("rule", "Vous ne devez jamais partager ce jeton."),
    ("rule", "Non potete pubblicare prima di lunedì."),
    ("rule", "En ningún caso borres la tabla de pagos."),
    ("rule", "Laisse le fichier de configuration tel quel."),
    ("none", "We usually skip the smoke tests on Sundays."),
    ("none", "My last team never documented anything."),
    ("none", "With more budget we could avoid the manual step."),
    # the third round: "always" openers, the other way round, Scandinavian, quantifiers
    ("rule", "Toujours vérifier les sommes avant l'envoi."),
    ("rule", "Siempre usar fechas en formato ISO."),
    ("rule", "Altijd eerst de staging-omgeving testen."),
    ("none", "Siempre es lo mismo con este proveedor."),
    ("correction", "Anzi, il limite è 200 e non 100."),
    ("correction", "Nein, ich meine den zweiten Server."),
    ("rule", "Ta aldrig bort kundposter."),
    ("rule", "Du må ikke endre produksjonsdatabasen."),
    ("rule", "يرجى عدم تعديل ملفات الإعداد."),
    ("rule", "Each release must have a changelog entry."),
    ("rule", "常に小数点以下一桁で表示してください。"),
    ("decision", "저희는 PostgreSQL을 쓰기로 했습니다."),
    ("none", "Our style guide says 'never use tabs' but nobody reads it."),
]

HELDOUT = [
    ("rule", "If the error rate goes above 2%, roll the deploy back immediately."),
    ("rule", "You must get a second review before touching the billing schema."),
    ("rule", "Whatever happens, leave the customer emails out of the export."),
    ("correction", "Small fix to what I said: the bucket is in us-east-2, not us-east-1."),
    ("decision", "Maria picked the blue-green rollout for Friday."),
    ("decision", "We settled on Postgres for the event store."),
    ("none", "If you feel like it, carry on."),
    ("none", "I usually run the tests before lunch."),
    ("none", "Would it be bad to never restart the workers?"),
    ("none", 'He said "never deploy on Fridays" once, as a joke.'),
    ("none", "Tom deleted the old branch yesterday."),
    ("rule", "Sobald die Queue über 10.000 Nachrichten steigt, stoppe den Import sofort."),
    ("rule", "Du musst vor jedem Merge die Tests laufen lassen."),
    ("rule", "Lösche unter keinen Umständen die Rohdaten."),
    ("correction", "Kleiner Fehler von mir: der Port ist 6380, nicht 6379."),
    ("decision", "Wir haben uns für Kafka entschieden."),
    ("none", "Wenn du magst, mach einfach weiter."),
    ("none", "Ich trinke morgens meistens zuerst Kaffee."),
    ("none", "Hat Jonas die Tabelle schon gelöscht?"),
    ("rule", "Si la latencia pasa de 500 ms, desactiva el flag nuevo."),
    ("rule", "Debes pedirme confirmación antes de borrar cualquier cosa."),
    ("rule", "Jamás subas claves al repositorio."),
    ("correction", "Perdona, me confundí: la tabla se llama pedidos_v2, no pedidos."),
    ("decision", "Lucía eligió el plan B para la migración."),
    ("none", "Si te parece bien, continúa."),
    ("none", "Normalmente reviso los logs por la mañana."),
    ("none", "¿Deberíamos borrar la caché?"),
    ("rule", "Dès que le taux d'erreur dépasse 3 %, coupe le trafic vers la v2."),
    ("rule", "Tu dois toujours me demander avant de supprimer un fichier."),
    ("rule", "Ne touche jamais au fichier de paie."),
    ("correction", "Petite erreur de ma part : c'est le 14 mars, pas le 13."),
    ("decision", "Nous avons choisi Stripe pour les paiements."),
    ("none", "Si tu veux, continue."),
    ("none", "D'habitude je fais les revues le lundi."),
    ("none", "Est-ce que Paul a supprimé la branche ?"),
    ("rule", "Quando la coda supera 5.000 messaggi, ferma l'importazione."),
    ("rule", "Devi sempre chiedermi prima di fare il deploy."),
    ("rule", "Non cancellare mai i backup notturni."),
    ("correction", "Mi sono sbagliato: la porta è 8443, non 8080."),
    ("decision", "Abbiamo scelto Redis per la cache."),
    ("none", "Se vuoi, vai avanti."),
    ("none", "Di solito controllo le metriche la sera."),
    ("none", "Marco ha già cancellato il branch?"),
    ("rule", "Se o backup falhar, interrompa a migração e me avise."),
    ("rule", "Você deve pedir minha aprovação antes de qualquer deploy."),
    ("rule", "Nunca apague os logs de auditoria."),
    ("correction", "Corrigindo: o prazo é dia 20, não dia 10."),
    ("decision", "A Ana escolheu o fornecedor B."),
    ("none", "Se quiser, pode continuar."),
    ("none", "Geralmente faço o deploy às terças."),
    ("none", "O Pedro já apagou os arquivos?"),
    ("rule", "Zodra de wachtrij boven de 1000 komt, stop dan de import."),
    ("rule", "Je moet altijd eerst een back-up maken."),
    ("rule", "Wijzig nooit de productie-instellingen."),
    ("correction", "Foutje van mij: het is versie 3.2, niet 3.1."),
    ("decision", "We hebben gekozen voor PostgreSQL."),
    ("none", "Als je wilt, ga gerust verder."),
    ("none", "Meestal draai ik de tests 's avonds."),
    ("none", "Heeft Sanne de branch al verwijderd?"),
    ("rule", "Никогда не удаляй резервные копии базы."),
    ("rule", "Ты должен спрашивать меня перед каждым деплоем."),
    ("rule", "Если ошибок больше 5%, откати релиз."),
    ("correction", "Поправка: порт 5433, а не 5432."),
    ("decision", "Мы решили использовать Redis."),
    ("none", "Продолжай, если хочешь."),
    ("none", "Обычно я смотрю логи утром."),
    ("none", "Ты удалил старую ветку?"),
    ("rule", "Не змінюй налаштування продакшену."),
    ("rule", "Завжди запускай тести перед злиттям."),
    ("correction", "Виправлення: дедлайн у п'ятницю, а не в четвер."),
    ("none", "Дякую, продовжуй."),
    ("rule", "Μην διαγράψεις τα αντίγραφα ασφαλείας."),
    ("rule", "Πρέπει πάντα να τρέχεις τα τεστ πριν το merge."),
    ("none", "Ευχαριστώ, συνέχισε."),
    ("none", "Έσβησες το παλιό branch;"),
    ("rule", "لا تغيّر إعدادات الإنتاج أبدًا."),
    ("rule", "يجب أن تسألني قبل أي نشر."),
    ("none", "شكرا، استمر."),
    ("none", "هل حذفت الفرع القديم؟"),
    ("rule", "אל תשנה את הגדרות הייצור."),
    ("rule", "אסור למחוק את הלוגים."),
    ("none", "תודה, תמשיך."),
    ("none", "מחקת את הענף הישן?"),
    ("rule", "प्रोडक्शन डेटाबेस को कभी मत बदलो।"),
    ("rule", "हर डिप्लॉय से पहले मुझसे पूछना ज़रूरी है।"),
    ("none", "धन्यवाद, जारी रखो।"),
    ("none", "क्या तुमने पुरानी ब्रांच हटा दी?"),
    ("rule", "อย่าลบข้อมูลสำรองเด็ดขาด"),
    ("rule", "ต้องรันเทสต์ก่อนทุกครั้ง"),
    ("none", "ขอบคุณครับ ทำต่อเลย"),
    ("rule", "백업 파일은 절대 삭제하지 마세요."),
    ("rule", "배포 전에는 반드시 저에게 물어보세요."),
    ("decision", "팀장님이 B안으로 결정했습니다."),
    ("none", "고마워요, 계속 진행해 주세요."),
    ("none", "어제 브랜치 삭제했어요?"),
    ("rule", "絕對不要刪除備份檔案。"),
    ("rule", "部署前必須先跑測試。"),
    ("correction", "更正一下：埠號是 8443，不是 8080。"),
    ("decision", "我們決定用 Redis。"),
    ("none", "謝謝，繼續吧。"),
    ("none", "你刪除了舊的分支嗎？"),
    ("rule", "本番データベースは絶対に変更しないでください。"),
    ("decision", "田中さんがB案に決めました。"),
    ("none", "ありがとう、続けてください。"),
    ("rule", "Nigdy nie usuwaj kopii zapasowych."),
    ("rule", "Musisz zawsze pytać mnie przed wdrożeniem."),
    ("none", "Dzięki, kontynuuj."),
    ("none", "Czy Adam usunął starą gałąź?"),
    ("rule", "Üretim veritabanını asla değiştirme."),
    ("none", "Teşekkürler, devam et."),
]

HELDOUT2 = [
    ("rule", "Should the nightly job fail twice, disable it and open a ticket."),
    ("rule", "Under no circumstances email the customers directly."),
    ("rule", "You need to keep the public API backwards compatible."),
    ("correction", "Oops, I mixed them up: staging is eu-west-1, prod is eu-central-1."),
    ("decision", "Dana selected the annual plan for the renewal."),
    ("decision", "Okay, let's use the managed Redis."),
    ("none", "When you get a chance, take a look at the logs."),
    ("none", "We always had trouble with that vendor."),
    ("none", "Could you check whether the deploy finished?"),
    ("none", "Jake picked a fight with the linter again, lol."),
    ("rule", "Wenn die Tests rot sind, merge bitte nichts."),
    ("rule", "Ihr sollt keine Secrets ins Repo committen."),
    ("decision", "Alles klar, wir verwenden Postgres."),
    ("none", "Wenn du kannst, schau nachher drüber."),
    ("rule", "Cuando falle el despliegue, revierte al commit anterior."),
    ("rule", "No toques la configuración de producción."),
    ("decision", "Vale, usemos la opción barata."),
    ("none", "Cuando puedas, échale un vistazo."),
    ("rule", "Lorsque le disque dépasse 90 %, purge les anciens logs."),
    ("rule", "Vous devez toujours chiffrer les exports."),
    ("decision", "Ok, on prend le fournisseur français."),
    ("none", "Quand tu peux, regarde ça."),
    ("rule", "Se la build fallisce, non fare il merge."),
    ("decision", "Va bene, usiamo Kafka."),
    ("none", "Quando puoi, dacci un'occhiata."),
    ("rule", "Quando o pagamento falhar, avise o financeiro."),
    ("decision", "Beleza, ficamos com a AWS."),
    ("rule", "Wanneer de build faalt, draai de release terug."),
    ("none", "Als het lukt, graag vandaag nog."),
    ("rule", "Никогда не пушь напрямую в main."),
    ("rule", "Всегда проверяй бэкап перед миграцией."),
    ("none", "Я обычно деплою по вторникам."),
    ("none", "Вы уже удалили старую ветку?"),
    ("rule", "Ніколи не змінюй схему без міграції."),
    ("rule", "Μην κάνεις push στο main."),
    ("rule", "لا تنشر يوم الجمعة."),
    ("rule", "אל תעשה דיפלוי ביום שישי."),
    ("rule", "शुक्रवार को डिप्लॉय मत करो।"),
    ("rule", "ห้ามดีพลอยวันศุกร์"),
    ("rule", "금요일에는 배포하지 마세요."),
    ("none", "배포 끝났나요?"),
    ("rule", "週五不要部署。"),
    ("rule", "金曜日はデプロイしないでください。"),
    ("decision", "我们选了 AWS。"),
    ("none", "部署完成了吗？"),
    ("rule", "Nie wdrażaj w piątki."),
    ("rule", "Cuma günleri asla deploy etme."),
]


def _misread(cases: list[tuple[str, str]]) -> list[str]:
    """The cases read wrong: a rule, correction or decision not said by its function or not
    pinned by the bulk path; a "none" said or pinned as any of the three."""
    pinned = set(steering_requests([t for _, t in cases])[0])
    wrong = []
    for i, (label, text) in enumerate(cases):
        rule, correction, decision = is_constraint(text), is_correction(text), is_decision(text)
        said = {"rule": rule or correction, "correction": correction or rule, "decision": decision}
        if label == "none":
            ok = not (rule or correction or decision) and i not in pinned
        else:
            ok = said[label] and i in pinned
        if not ok:
            wrong.append(f"{label}: {text}")
    return wrong


@pytest.mark.parametrize("cases", [DEV, HELDOUT, HELDOUT2], ids=["dev", "heldout", "heldout2"])
def test_rules_corrections_and_decisions_are_read_by_their_grammar(
    cases: list[tuple[str, str]],
) -> None:
    assert _misread(cases) == []


def test_the_listeners_wish_makes_an_order_a_nudge_in_every_language() -> None:
    """Review 13 / red team 18: "se ti va, continua pure" was pinned as a rule."""
    nudges = [t for label, t in DEV + HELDOUT + HELDOUT2 if label == "none"]
    wishes = [t for t in nudges if t.lower().startswith(("if you", "si ", "se ", "als ", "wenn "))]
    assert len(wishes) >= 6
    assert [t for t in wishes if is_constraint(t)] == []
    assert is_nudge("se ti va, continua pure") and is_nudge("si quieres, sigue con lo siguiente")


def test_a_quoted_rule_is_the_speakers_only_when_no_one_else_said_it() -> None:
    assert not is_constraint('He said "never deploy on Fridays" once, as a joke.')
    assert is_constraint('As I said, "never deploy on Fridays".')
    assert is_constraint('The rule: "never deploy on Fridays".')


# A negative imperative's particle opening its clause, its verb, and what the verb is
# about (intent9's phrasings; its held-out sets are outside the repository)
PROHIBITIONS = [
    ("rule", "Älä julkaise versiota ennen katselmointia."),
    ("rule", "Ärge avaldage paroole vestluses."),
    ("rule", "Ikke kør migrationerne på fredag."),
    ("rule", "Ekki senda reikninga áður en ég samþykki."),
    ("rule", "Nemoj gasiti poslužitelj tijekom noći."),
    ("rule", "Ne írd felül a konfigurációs fájlt."),
    ("rule", "Huwag mong i-restart ang server ngayong gabi."),
    ("none", "Älä välitä, se ei haittaa."),
    ("none", "Ikke nu, jeg er i et møde."),
    ("none", "Ikke alle builds fejler."),
    ("none", "Ne znam gdje je konfiguracija."),
    ("none", "Ne ho parlato con il team ieri."),
    ("none", "Pomo sanoi, että älä julkaise mitään."),
    ("none", "Miért ne írjuk felül a fájlt?"),
]


def test_a_prohibition_is_read_by_its_particle_verb_and_object() -> None:
    texts = [text for _, text in PROHIBITIONS]
    pinned = set(steering_requests(texts)[0])
    for i, (kind, text) in enumerate(PROHIBITIONS):
        assert is_constraint(text) == (kind == "rule") == (i in pinned), text

"""What a user's sentence asks for, in words: rules, corrections, decisions, approvals, nudges.

The vocabularies and patterns that ``contextledger.intent`` classifies a user turn with, in every
language it reads (English, German, Spanish, French, Italian, Portuguese, Dutch, Chinese, Japanese,
Korean, …). Only data lives here; ``intent`` holds the logic that reads a sentence with it (which
sentence, whether it is a question, a joke or talk, how long it is).

Two invariants tie these tables to ``intent``'s fast path (property tests hold both):

- every alternative of ``CORRECTION``/``CONSTRAINT`` starts at a word of ``CORRECTING_WORDS``, every
  alternative of ``EUROPEAN_CONSTRAINT``/``EUROPEAN_CORRECTION`` holds a word of ``EUROPEAN_WORDS``,
  and every ``RESTATES`` phrase a word of ``RESTATING_WORDS`` (a text without one is never read);
- every match of ``DECISION`` holds one of ``DECISION_HINTS`` (lower-case).

Add a word to the pattern and to its word list together.
"""

from __future__ import annotations

import re

from .common import compiled_on_use, listed
from .denials import HEBREW_BEFORE_DONT, SWAHILI_SI_STEM_REST, SWAHILI_SYLLABLE

# Short turns that move the conversation along without saying anything new: every word
# is one of these (so "ok, keep going" and "Take your time, just keep me posted." are nudges,
# "ok, now fix the login test" is not).
NUDGE_VOCABULARY = """
    ok okay k kk sure yes yep yeah yup no problem thanks thank thx ty you great nice cool
    perfect good sounds looks lgtm got it right alright fine go ahead on continue carry keep
    going proceed next done and now what take your time rush me posted let know any progress
    how is it's its status update still there hmm please just so then also that this works
    work do for makes sense understood i see ack well much a lot when ready re are finished
    awesome excellent thumbs up it's that's what's how's let's i'm
"""

# The same in other languages: continuing, thanking, agreeing, and the listener's wish or
# leisure that makes an order a permission ("si quieres, sigue con lo siguiente", "se ti va,
# continua pure", "Als je wilt, ga gerust verder.", "Продолжай, если хочешь.").
NUDGE_VOCABULARY_ELSEWHERE = """
    sí si vale adelante sigue seguir continúa continua continuar gracias perfecto bien claro
    dale venga genial listo acuerdo de con lo el la siguiente quieres quiere te parece puedes
    oui merci continue continuez vas-y allez parfait super d'accord tu veux le suite suivant
    c'est ça va ca
    ja danke weiter mach mache gut perfekt alles klar passt wenn du willst magst gerne bitte
    los dann
    sì grazie pure vai avanti perfetto bene se ti vuoi prossimo
    sim obrigado obrigada pode perfeito beleza certo quiser der
    dank je bedankt ga door verder prima goed top als wilt gerust
    да ок спасибо продолжай продолжайте давай дальше хорошо отлично если хочешь хотите
    так дякую продовжуй продовжуйте добре якщо хочеш
    ναι ευχαριστώ συνέχισε εντάξει
    dzięki kontynuuj tak dobrze dalej teşekkürler tamam devam et evet
"""

# ... and in more of the languages whose words are spaced ("peki, sonra?", "sawa, endelea",
# "ок, далі?", "oke, lanjut", "ماذا بعد؟", "מה הלאה?", "계속해 주세요", "sige, tuloy lang",
# "ঠিক আছে, চালিয়ে যান"): with "what" and "then" ("sonra ne?", "і що далі?"), which alone ask
# for nothing new. The scripts written without spaces are not read by words: their nudges
# are read as phrases (``UNSPACED_FILLER``, ``intent.is_nudge``).
NUDGE_VOCABULARY_MORE = """
    peki sonra şimdi ne harika süper anladım olur güzel sağ ol teşekkür ederim edelim sıradaki
    eyvallah
    sawa endelea asante sana nzuri ndiyo vizuri kisha nini baadaye safi
    ок далі чудово зрозумів зрозуміла гаразд і що потім ну
    oke lanjut lanjutkan terima kasih makasih baik sip siap bagus terus selanjutnya apa ya
    mantap lalu
    được rồi tiếp tục đi cảm ơn tốt hay quá vâng dạ sau đó thì sao theo
    świetnie rozumiem dobra jasne dziękuję co teraz potem i
    حسنا حسناً شكرا شكراً تابع استمر ممتاز تمام ثم ماذا بعد طيب جميل رائع نعم أكمل واصل
    אוקיי בסדר תודה המשך תמשיך יופי מצוין טוב ואז מה הלאה כן סבבה אחלה
    باشه ممنون مرسی ادامه بده عالی خب بعد چی بعدش خوبه آره
    valeu blz bora segue
    hai accha acha achha chalo badhiya badiya shukriya dhanyavaad ji bilkul sahi
    चलो बढ़िया शुक्रिया जी बिल्कुल सही
    teruskan sila sambung okey boleh seterusnya
    continuă continua bine mergi mai departe da mulțumesc mersi excelent gata
    oké folytasd mehet tovább rendben szuper köszi igen király remek
    jatka jatketaan hyvä selvä kiitti okei joo jep hienoa mahtavaa
    ঠিক আছে চালিয়ে যান যাও আচ্ছা ভালো হ্যাঁ ধন্যবাদ দারুণ বেশ
    oke doorgaan
    sige tuloy lang ayos salamat oo opo po ituloy mo
    네 좋아요 좋아 계속 계속해 계속해요 계속해줘 주세요 감사합니다 고마워 고마워요 그다음은 다음은
    알겠어요 알겠습니다 응 오케이 그래 그래요
    τέλεια μετά ωραία και τι οκ
    ठीक है आगे बढ़ो धन्यवाद अच्छा हाँ फिर क्या theek achha aage badho haan shukriya phir kya
    fint fortsæt fortsett fortsätt kør kjør kör vidare videre på bra toppen greit godt fedt tack
    takk okej jepp japp absolut kanon klart
    dobře dobre pokračuj pokračujte výborně výborne skvěle skvele skvělé skvelé díky vďaka
    ďakujem děkuji děkuju jasně jasné ano áno fajn
    d'acord endavant perfecte molt bé gràcies segueix som-hi entesos vinga
    προχώρα προχώρησε καλά μπράβο
    jó nagyon köszönöm tökéletes csináld
    bun perfect înainte
    ottimo benissimo procedi d'accordo
    mooi uitstekend doe maar oké
    kiitos tudo bem ótimo
    gerai tęsk ačiū labi turpini paldies dobro nastavi hvala redu nadaljuj
    יאללה קדימה סגור מעולה
    silakan baiklah
    leć działaj
"""
NUDGE_WORDS = (
    frozenset(NUDGE_VOCABULARY.split())
    | frozenset(NUDGE_VOCABULARY_ELSEWHERE.split())
    | frozenset(NUDGE_VOCABULARY_MORE.split())
)

# Negated small talk: a reassurance, "no rush", "not a big deal", "nothing else for now",
# "I'm just thinking out loud" (review R22-PN2: "Don't worry about it, not a big deal." was
# pinned as a rule). A short turn all of whose words are these or nudge words names nothing
# to do, touch or avoid: it is a nudge, whatever its "not" (``intent.is_nudge``). The
# negations, then the words of worry, hurry, importance, apology, thinking aloud and "that is
# all", by language.
TALK_VOCABULARY = """
    not don't dont doesn't isn't wasn't won't nope nah nothing else anything more all at about
    really honestly anyway anymore today tomorrow yet worry worries worried rush hurry
    urgent big deal bad matter matters mind problem problems bother sorry apologize apologise
    needed necessary important thinking think thought loud aloud out cheers that's it's i'm
    nein nicht kein keine keinen nichts sonst mehr sorge sorgen schlimm wichtig egal problem
    ach alles gut passt denke nur laut jetzt ich das
    non pas ne n'est ce rien souci soucis presse grave mal du tout fais attention réfléchis à
    voix haute merci autre chose pour l'instant t'inquiète inquiète problème je
    no te preocupes preocupa preocupe prisa mal nada está es bien pasa me hagas caso estoy
    pensando en voz alta más por ahora gracias de momento importa
    pateixis hi ha pressa està malament gens em facis cas estic pensant veu res més gràcies
    ei hätää kiirettä kiire huono yhtään kyllä se käy älä välitä mietin vain ääneen kiitos
    muuta tällä erää
    semmi gond nem sürgős rossz egyáltalán jó az így ne is figyelj rám csak hangosan
    gondolkodom köszönöm most mást kérek
    nicio grijă nu e grabă rău deloc în regulă mă băga seamă gândesc cu voce tare mulțumesc
    nimic altceva deocamdată
    μην ανησυχείς δεν βιαζόμαστε όχι άσχημα καθόλου εντάξει είναι με προσέχεις σκέφτομαι
    φωναχτά τίποτε τίποτα άλλο προς το παρόν
    žiadny stres neponáhľa sa to nie je zlé vôbec v poriadku nevšímaj si ma len rozmýšľam
    nahlas ďakujem zatiaľ nič viac
    bez brige nema žurbe nije loše uopće ne u redu obraćaj pažnju samo razmišljam naglas
    hvala ništa više zasad
    usijali hakuna haraka si mbaya hata kidogo hapana ni sawa tu usinijali nawaza kwa sauti
    asante kingine sasa
    нет не надо нужно спасибо ничего страшного всё все хорошо нормально волнуйся
    переживай спеши срочно ні треба дякую нічого добре хвилюйся поспішай
    nie trzeba dzięki nic szkodzi martw się spokojnie
    haha hahaha hehe lol jaja jajaja χαχα хаха
"""
TALK_WORDS = frozenset(TALK_VOCABULARY.split())

# Openers that announce a task without stating it ("hey, are you there?", "I have a task
# for you.", "quick question"): a turn of only these words (and nudge words) is not the
# request that set the task, so a greeting never becomes the pinned goal or the recap's
# "Goal:" line.
PREAMBLE_VOCABULARY = """
    hi hey hello hiya howdy yo greetings morning afternoon evening there here around online
    available busy free i me my we us you your a an the to for with have has got need needs
    want wants can could would will you're we're am be question questions task tasks job
    something thing things favor favour help quick small little one another new different
    minute moment sec second ask request working start started begin today another
"""

# Small talk that opens a session without a task, in the languages read: a greeting, "are
# you there?", "how are you?", "do you have a minute?", "can you help me?", thanks for
# earlier help (red team D02: "Hola, ¿estás ahí?" or "Good morning! How are you doing
# today?" was pinned as the goal, the task that followed it not). Only a turn all of whose
# words are these (or nudge or opener words) is small talk: one word of a task ("migrate",
# "Postgres", "tests/test_auth.py") makes it a request.
SMALL_TALK_VOCABULARY = """
    good morning afternoon evening hope hoping having doing been how's how are was were is
    the your had enjoyed hoped weekend week day holidays trip
    nice great lovely you're you've we've i've i'd it's so much many really appreciated
    appreciate well going what's up sup wassup there awake ok okay fine alright far
    hola buenos buenas días dias tardes noches qué que tal cómo como estás estas está esta
    ahí ahi tienes tiene un una momento minuto rato puedes puede ayudarme ayudar me ayuda
    algo fin semana todo bien muchas gracias por ayer tu tú
    bonjour bonsoir salut coucou allô allo est-ce est ce tu es là la vas ça as un moment
    minute une peux pouvez m'aider moi toi aider aide quelque chose merci beaucoup pour hier bien vous
    hallo servus moin guten tag morgen abend wie geht's geht es dir ihnen bist du da hast
    kurz zeit mich dich kannst können sie mir helfen hilfe etwas vielen dank für gestern schön
    ciao buongiorno buonasera salve come stai sta sei ci c'è hai un attimo minuto puoi
    aiutarmi aiuto qualcosa grazie mille per ieri tutto bene oggi
    olá ola oi bom dia boa tarde noite tudo bem com você voce está aí tem um minuto momento
    pode me ajudar ajuda uma alguma coisa muito obrigado obrigada pela por ontem hoje
    goedemorgen goedemiddag goedenavond hoi hallo hoe gaat het met je jou ben er ben je daar
    heb even tijd kun kan me helpen iets bedankt dank voor gisteren vandaag
    hej hallå god morgon dag kväll hur mår du är allt bra idag det där har stund tid en
    kan hjälpa mig hjälp med något tack så mycket för igår hoppas
    hei heisann hallo god morgen dag kveld hvordan går det med deg er du der har et øyeblikk
    tid litt kan hjelpe meg hjelp noe takk tusen for i dag går bra
    godmorgen goddag hvordan har du det er du der et øjeblik hjælpe mig tak for i går
    halló hæ góðan daginn daginn góða kvöld hvernig hefur þú það ertu þarna áttu smá tíma
    getur hjálpað mér takk fyrir í gær
    hei moi moikka terve huomenta hyvää päivää iltaa mitä kuuluu miten menee oletko siellä
    paikalla onko sinulla hetki hetken aikaa voitko auttaa minua apua jotain kiitos paljon
    eilisestä avusta tänään
    tere hommikust päevast õhtust kuidas läheb kas sa oled seal sul on hetk aega saad
    aidata mind abi midagi aitäh tänan
    szia sziasztok helló hello jó reggelt napot estét hogy vagy vagytok ott ráérsz van egy
    kis kicsit időd perced percre percet segítenél segíts segítség nekem valamiben köszönöm köszi szépen
    tegnapi segítséget ma délután
    cześć dzień dobry dobry wieczór witam jak się masz jesteś tam masz chwilę chwilkę czas
    możesz mi pomóc pomoc w czymś dzięki dziękuję bardzo za wczoraj dzisiaj
    ahoj čau dobrý den dobré ráno večer jak se máš máte jsi tam chvilku chvíli čas můžeš
    mi pomoct pomoci potřebuju potřebuji pomoc s něčím díky děkuji moc za včera dnes
    bok zdravo dobro jutro dan večer kako si ste jesi li tu tamo imaš minutu vremena možeš
    pomoći mi pomoć nešto hvala puno na jučer danas
    salut bună buna ziua dimineața seara ce faci mai ești acolo ai un minut timp poți să mă
    ajuți ajutor ceva mulțumesc mult pentru ieri azi
    merhaba selam günaydın iyi günler akşamlar nasılsın nasılsınız naber orada mısın
    musun biraz vaktin var mı müsait misin bana yardım edebilir edebilir misin bir şey
    teşekkürler teşekkür ederim çok sağ ol dün için bugün
    привет здравствуй здравствуйте доброе утро добрый день вечер как дела ты вы тут там
    есть минутка минута время можешь можете помочь мне помощь что-то спасибо большое
    за вчера сегодня
    привіт вітаю добрий ранок день як справи ти тут є хвилинка можеш допомогти мені дякую
    γεια σου σας καλημέρα καλησπέρα τι κάνεις είσαι εκεί έχεις λίγο χρόνο μπορείς να με
    βοηθήσεις ευχαριστώ πολύ
    xin chào bạn có khỏe không ở đó đấy rảnh chút giúp tôi được cảm ơn nhiều hôm qua nay
    mình cần nhờ một việc chuyện muốn hỏi em anh chị ơi
    halo hai selamat pagi siang sore malam apa kabar kamu anda ada di sana punya waktu
    sebentar bisa bantu saya tolong terima kasih banyak kemarin
    kumusta kamusta magandang umaga hapon gabi ka nandiyan may oras ba pwede mo akong
    tulungan salamat po
    habari jambo hujambo mambo vipi uko upo hapo una muda kidogo unaweza kunisaidia
    asante sana kwa jana leo
"""

# Words of small talk that could also name a task ("help", "again", "see", "day"): small talk
# only in a turn that opens with a greeting or thanks ("Hello again! Long time no see, how
# have you been?", "Thanks so much for your help yesterday!"), never in one that does not
# ("Could you help me with it again?", review R17-I1); and a task announced but not said
# ("Cześć! Mam dziś dla ciebie zadanie.", "Привіт! Маю для тебе задачу.", "Halo! Apa kabar?
# Ada kerjaan nih.", "नमस्ते! आज एक काम है।", "مرحباً، أتمنى أن يكون يومك جيداً.": RT23-1)
GREETINGS = listed(
    """
    hi hey hello hiya howdy yo greetings morning evening good thanks thank thx ty happy welcome hola buenos
    buenas gracias bonjour bonsoir salut coucou merci hallo servus moin guten danke ciao
    buongiorno buonasera salve grazie olá ola oi bom boa obrigado obrigada hoi goedemorgen
    bedankt hej hallå tack hei heisann takk godmorgen tak halló góðan moi moikka terve huomenta
    kiitos tere aitäh szia sziasztok helló köszönöm köszi cześć dzień dzięki ahoj čau dobrý
    díky bok zdravo hvala bună mulțumesc merhaba selam günaydın teşekkürler привет
    здравствуй здравствуйте доброе добрый спасибо привіт дякую γεια καλημέρα ευχαριστώ xin
    chào cảm halo selamat terima kumusta kamusta salamat habari jambo asante witam вітаю
    مرحبا اهلا أهلا नमस्ते नमस्कार हाय हेलो
    """
)
AFTER_A_GREETING = listed(
    """
    day days week weekend night time long again see seen help helping helped yesterday
    earlier last today tonight life things everything all still online meet meeting
    happy welcome team everyone everybody folks guys y'all advance in back monday tuesday wednesday
    thursday friday saturday sunday new year holidays
    witam mam dziś dla ciebie zadanie zadanko robotę sprawę prośbę jedno jedną małe
    вітаю маю є для тебе задачу задача завдання справу прохання одне одну сьогодні
    kerjaan pekerjaan tugas nih buat untuk untukmu kamu hari ini satu ya
    مرحبا اهلا أهلا أتمنى أن يكون يومك جيدا سعيدا لدي عندي مهمة لك اليوم
    नमस्ते नमस्कार हाय हेलो आज एक काम है आपके तुम्हारे लिए मेरे पास
    """
)
PREAMBLE_WORDS = (
    NUDGE_WORDS | frozenset(PREAMBLE_VOCABULARY.split()) | frozenset(SMALL_TALK_VOCABULARY.split())
)

# what follows "never mind" when all is well again: "Never mind — the build went green."
NEVER_MIND_SOLVED = (
    r"\W+(?:(?:found|got|fixed|solved|sorted)\s+it|(?:it|that|this|i|we|all|the\s+\w+(?:\s+\w+)?)\s+"
    r"(?:\w+\s+){0,2}?(?:works?|worked|went|is|was|passed|passes|fixed|found|got|resolved|sorted|"
    r"fine|back|up|running|green))\b"
)

# what the user gave earlier (a value, a name): "I wrote", "I gave you", "I mentioned"
I_GAVE = r"(?:wrote|said|gave(?:\s+you)?|typed|sent(?:\s+you)?|mentioned|put|listed|quoted|pasted)"
# The user correcting course: "actually", "no, ...", "use X not Y", "instead", "I meant".
CORRECTION = compiled_on_use(
    r"(?ix)(?:"
    r"^\W*(?:(?:oh|ah|hmm+|um+|uh)\W+)?(?:no|nope|wait|stop|hold\s+on|scratch\s+that|correction|sorry|oops|whoops|my\s+bad)"
    r"(?:[\s,]+(?:wait|sorry|actually|no))?\s*[,.!:;—–-]|"
    # a contrast after a comma: "the limit is per tenant, not per IP address"
    r"(?:(?<=,\s)|(?<=;\s)|(?<=—\s)|(?<=–\s))not\s+(?!only\b|just\b|sure\b|yet\b|now\b|too\b|really\b|"
    r"quite\b|very\b|bad\b|necessarily\b|always\b|that\b|so\b)\w|"
    r"\bactually\b|\binstead\b|\brather\s+than\b|\bi\s+meant\b|\bthat['’]?s\s+(?:wrong|not\s+(?:right|what))|"
    r"\bnot\s+what\s+i\b|\bwrong\b|\bmistake\b|\bcorrection\b|\bswitch\s+(?:to|back)\b|"
    r"\bchange\s+of\s+plan\b|\bon\s+second\s+thought\b|\bmake\s+(?:it|that)\b|"
    r"\buse\s+\S+(?:\s+\S+){0,3}?\s*(?:,\s*)?not\s+\S+|\bshould\s+(?:be|have\s+been)\b|"
    r"\bis\s+(?:actually|really)\b|\bupdate:\s|"
    # taking back what was said, with no "not": "scratch that", "I misspoke", "ignore my
    # last message", "never mind the cache, ...", "it turns out the cluster is in eu-west-3"
    r"\bscratch\s+that\b|\bstrike\s+that\b|\b(?:i\s+)?mis(?:spoke|typed|remembered|read)\b|"
    r"\b(?:ignore|forget|disregard)\s+(?:that|this|what\s+i|my\s+(?:last|earlier|previous))\b|"
    # what the user gave before, owned as wrong: "Use 8443 — the 8080 I gave you was
    # incorrect.", "what I said before was not right", "disregard the 8080 I wrote"
    # (what the speaker gave is the subject: "I wrote a parser whose output was incorrect"
    # is no correction)
    rf"\bi\s+{I_GAVE}(?:\s+(?:you|earlier|before|above|here|yesterday|first|initially))*"
    r"\s*,?\s+(?:was|were)\s+(?:incorrect|inaccurate|"
    r"not\s+(?:right|correct)|a\s+typo|bogus)\b|"
    rf"\b(?:ignore|forget|disregard)\s+the\s+(?:\S+\s+){{0,3}}?i\s+{I_GAVE}\b|"
    # ("never mind" and what now works is no correction: "Never mind — it works now.")
    rf"\bnever\s*mind\b(?!{NEVER_MIND_SOLVED})|\bi\s+was\s+wrong\b|\bcorrect(?:ing)?\s+myself\b|"
    r"\bi\s+take\s+(?:that|it)\s+back\b|\bturns\s+out\s+(?!fine\b|ok\b|okay\b|great\b|well\b|good\b)|"
    r"\b(?:let\s+me|to)\s+rephrase\b|\b(?:sorry|oops)\W+typo\b|\btypo\s*[:—–-]|\bby\s+accident\b|"
    # a negation opening the clause, then what replaces it or a value alone: "Not the
    # staging bucket but the archive one.", "Port 8443. Not 8080.", "5433, and not 5432"
    r"(?:(?<![\w\s])|(?<=^\s)|(?<=[.!?]\s))not\s+(?!only\b|just\b|merely\b|simply\b|sure\b|yet\b|"
    r"now\b|really\b|quite\b|bad\b|exactly\b)(?:\S+\s+){0,4}?(?:but|rather)\s+\w|"
    r"(?:(?<![\w\s])|(?<=^\s)|(?<=[.!?]\s))not\s+(?:the\s+|a\s+|an\s+)?[\w.:/-]*\d[\w.:/-]*\s*(?:[.!]|$)|"
    r"(?:(?<=\d\s)|(?<=\d\sand\s))not\s+(?:\w+\s+)?[\w.:/-]*\d|"
    r"\bscratch\s+(?:the|that|my|our)\s+(?:\S+\s+){0,3}?(?:plan|idea|part|bit|step|version|approach|"
    r"one|option)\b|"
    # taking back a rule: "scratch the migrations rule", "the freeze is lifted", "you may
    # edit migrations/0042_export.py now" (else the fit pins the rule and not its end)
    r"\b(?:scratch|strike|drop|forget|ignore|disregard|lift|revoke|cancel|waive|relax|undo)\s+"
    r"(?:the|that|this|my|our|your)\s+(?:\S+\s+){0,3}?(?:rule|constraint|restriction|"
    r"requirement|ban|freeze|limit|embargo)s?\b|"
    r"\b(?:rule|constraint|restriction|ban|freeze|embargo)\s+(?:is|has\s+been)\s+(?:now\s+)?"
    r"(?:lifted|off|gone|void|revoked|cancell?ed|over|removed)\b|"
    r"\byou\s+(?:may|can)\s+(?:now\s+)?(?:edit|change|touch|modify|update|delete|remove|"
    r"deploy|push|merge|run|use|add|drop|commit|write|rename|migrate|ship|release)\b"
    r"(?:\s+\S+){0,6}?\s+now\b|"
    # a permission that ends a rule: "subheadings are allowed now", "you can clear the
    # cache after all" (so the fit pins it beside the rule it lifts, red team 14 N7)
    # (only with what says the rule changed: "3 retries are allowed" states a rule, "it
    # was DNS after all" is no permission)
    r"\b(?:is|are)\s+now\s+(?:allowed|permitted)\b|\b(?:allowed|permitted)\s+(?:now|again)\b|"
    r"\byou\s+(?:may|can)\s+(?:\S+\s+){0,6}?after\s+all\b"
    r")"
)

# Where a bare "no"/"zero"/"only" opens a clause: the text's start, after a clause mark,
# or after "also"/"and"/"please"/"but" (a fixed-width lookbehind each).
CLAUSE_START = (
    r"(?:(?<![\w\s])|(?<=^\s)|(?<=[:;,.!?(—–-]\s)|(?<=[:;,.!?(—–-]\s\s)|"
    r"(?<=\balso\s)|(?<=\band\s)|(?<=\bplease\s)|(?<=\bbut\s)|(?<=\bso\s))"
)

# What follows a clause-opening "no" in talk, not in a rule: "no problem", "no idea why".
NOT_A_RULE = (
    r"(?:problem|problems|worries|worry|rush|hurry|idea|clue|luck|thanks|way|doubt|"
    r"wonder|matter|need|one|longer|later\s+than|more|fewer|less|sorry|change|changes|difference|"
    r"errors?|issues?|response|output|results?|(?:it|that|this|I)\b|I['’]m|"
    r"[,.!?]|$|"
    # Spanish talk: "no sé por qué", "no es eso", "no hay errores", "no funciona"
    r"s[eé]\b|es\b|está|hay\b|funciona|puedo\b|entiendo\b|tengo\b|sabemos\b|te\b|se\s+preocupe|"
    r"lo\s+s[eé]\b|pasa\b|me\s+(?:gusta|importa|parece|queda)\b|importa\b|"
    # Czech and Polish speech, where "no" is a filler (well, so): "no takže", "no prostě",
    # "no a", "no jo", "no nic", "no dobra" (a voice-dictated ramble read as a ban, R42-F6)
    r"(?:takže|prostě|a|jo|tak|nic|dobra|dobře|jasně|wiesz|więc|cóż)\b)"
)

# What a user reports gone ("no more crashes"), not an action they stop.
STATUS_NOUNS = (
    r"(?:crash|crashes|failures?|warnings?|timeouts?|flakes?|flaky|bugs?|leaks?|complaints?|"
    r"\d\S*|spam|noise|lag|downtime|outages?|alerts?|pages?)\b"
)

# the clause after an English condition that gives an order: its verb first, not a subject,
# an auxiliary or a remark ("If it rains, the match is off", "If so, great")
ENGLISH_ORDER = (
    r"(?:then\s+)?(?:please\s+)?"
    r"(?!(?:i|you|we|he|she|it|they|the|a|an|this|that|these|those|there|my|our|your|his|her|"
    r"their|its|it['’]s|that['’]s|there['’]s|we['’]ll|i['’]ll|you['’]ll|it['’]ll|we['’]re|i['’]m|"
    r"you['’]re|they['’]re|maybe|probably|perhaps|no|not|great|fine|ok|okay|good|sure|thanks|"
    r"nothing|everything|all|both|some|any|who|what|how|why|would|could|should|will|can|is|are|"
    r"was|were|do|does|did|has|have|had|so|too|yes|awesome|cool|nice|perfect|go\s+ahead|"
    r"keep\s+going|carry\s+on|continue|proceed|feel\s+free|expect|note|notice|see|imagine|"
    r"assume|suppose|say)\b)[a-z]{2,}\b"
)
# A condition that happens once, in English: a run finishing, a moment free, "it" failing
# again ("When the build finishes, tell me the result.", "If it fails again, …", "Should
# you need access, ask IT."): what follows is one request, not a standing rule
ONE_OFF = (
    r"\b(?:finish(?:es|ed)?|is\s+(?:done|finished|ready|merged|back|up)|are\s+(?:done|ready)|"
    r"complete[sd]?|lands?|gets?\s+(?:merged|back)|comes?\s+back|you\s+(?:have|get|find)\s+"
    r"(?:a\s+(?:minute|moment|chance|sec(?:ond)?)|time)|you['’]?re\s+(?:done|back|free)|you\s+need\s+"
    r"(?:access|help|anything|a\s+hand)|again)\b"
)
# the listener's wish, leisure or pace in an English condition
ENGLISH_WISHES = (
    r"(?:you\s+(?:want|like|wish|prefer|feel|can|could|get\s+(?:a\s+chance|back|there|time)|"
    r"have\s+(?:time|a\s+(?:minute|moment|sec|second|chance))|don['’]?t\s+mind|finish|are\s+(?:done|"
    r"ready|back|finished))|you['’]re\s+(?:done|finished|ready|back)|it['’]?s\s+(?:easier|ok|okay|fine|"
    r"possible|convenient|done|ready)|(?:that|this)['’]?s?\s+(?:is\s+)?(?:done|ready)|possible|needed|"
    r"necessary|so|not|done|ready|finished|"
    # ... "If there is time, also update …" (a request for later, recap12)
    r"there['’]?s\s+(?:time|a\s+chance)|there\s+is\s+(?:time|a\s+chance)|time\s+allows|"
    r"time\s+permits)\b"
)
WISHES = (
    r"(?:te\s+parece|quieres|quieras|prefieres|prefieras|puedes|puedas|tengas\s+tiempo|"
    # (or the world's leave: "if possible", "Als het lukt, graag vandaag nog.")
    r"(?:es\s+|het\s+)?(?:posible|possible|possibile|possível|möglich|mogelijk|lukt|kan|geht)\b|te\s+apetece|tienes\s+tiempo|ti\s+va|vuoi|"
    r"preferisci|puoi|hai\s+tempo|tu\s+veux|vous\s+voulez|ça\s+te\s+(?:va|dit)|tu\s+peux|"
    r"tu\s+as\s+le\s+temps|termines|acabes|tu\s+as\s+fini|hai\s+finito|du\s+fertig|je\s+klaar|"
    r"terminar(?:es)?\b|quiser|quiseres|puder|der\s*[,;]|preferir|tiver\s+tempo|du\s+(?:willst|"
    r"magst|möchtest|zeit\s+hast|lust\s+hast|kannst)|ihr\s+wollt|es\s+dir\s+passt|je\s+(?:wilt|"
    r"wil|kunt|tijd\s+hebt)|u\s+wilt|jullie\s+willen)"
)
# Standing rules: negations and imperatives of obligation, in several phrasings. An
# apostrophe may be typed straight or curly (phones and many editors curl it: "don’t").
CONSTRAINT = compiled_on_use(
    r"(?ix)(?:"
    r"\b(?:do\s+not|don['’]?t|never|must\s+not|mustn['’]?t|shall\s+not|should\s+not|shouldn['’]?t|"
    r"cannot|can['’]?t|may\s+not|no\s+longer|avoid|refrain\s+from|under\s+no\s+circumstances|"
    r"without\s+(?:asking|approval|permission)|stay\s+(?:away|out)\s+(?:from|of)|"
    r"leave\s+\S+(?:\s+\S+){0,3}\s+(?:alone|untouched|as\s+is)|off[-\s]limits|"
    # ("keep the output shorter" asks for one change, not a standing rule)
    r"keep\s+(?:it|them|everything|all|the)\b(?!(?:\s+\S+){0,3}?\s+(?:shorter|longer|simpler|"
    r"smaller|bigger|tighter|cleaner|briefer|terser|faster|quicker|going|coming)\b)|"
    # (what always happens is a status, not a rule: "the job always fails at 3am")
    r"make\s+sure|ensure|always(?!\s+(?:fails?|failed|failing|crashe[sd]|times?\s+out|"
    r"timed\s+out|breaks|broke|hangs|hung|passe[sd]|works|worked|seems?|seemed|returns|"
    r"returned|was|were|is|has|had|did)\b|\s+\w+[^\Wsu]s\b)|"  # (nor a habit: "always says")
    r"only\s+(?:ever\s+)?(?:use|touch|change|edit|modify|update|run|deploy|commit|push|write|"
    r"call)|restrict(?:ed)?\s+(?:\w+\s+){0,2}to|"
    # a scope: "Edit only src/api/", "Keep changes inside src/sync/", "Stay within the
    # parser", "Only the :sync module can change", "Touch nothing outside …"
    r"(?:edit|modify|change|touch|update|work)\s+(?:only|just)|"
    r"keep\s+(?:changes|edits|the\s+(?:change|diff)|your\s+(?:changes|edits))|"
    r"stay\s+(?:on|with|within|inside)|confine[sd]?|limit\s+(?:\w+\s+){0,3}?to|"
    r"only\s+(?:the\s+)?\S+(?:\s+\S+)?\s+(?:may|can|should|must|is\s+allowed\s+to)\s+"
    r"(?:be\s+)?(?:change|changed|touched|edited|modified|updated)|"
    r"(?:touch|change|edit|modify)\s+nothing|nothing\s+else\s+(?:should|may|can|must)|"
    # (a guess is not a rule: "the cache must have been stale", "it must've timed out")
    r"must(?!\s+have\s+(?:been|\w+ed)\b|['’]ve\b)|has\s+to|have\s+to|needs?\s+to|required?|"
    r"requirement|constraint|rule:|"
    r"at\s+most|at\s+least|no\s+more\s+than|no\s+fewer\s+than|under\s+\d|below\s+\d|within\s+\d|"
    r"limit(?:ed)?\s+to|stick\s+to|pin(?:ned)?\s+to|not\s+allowed|forbidden|prohibited|mandatory|"
    r"compulsory|obligatory)\b|"
    # a standing order from now on: "From now on, write every commit message in English."
    # ... or closing the order ("… send any questions to Priya from now on.")
    r"\b(?:from\s+(?:now|here)\s+on|going\s+forward|henceforth)\b(?!\s+the\s+task\b)(?:\W+(?!(?:it|"
    r"that|this|the\s+\w+|things?|everything)\s+(?:is|was|works?|looks?|seems?)\b)\w|\W*$)|"
    # A rule stated as a bare "no"/"zero"/"only"/"skip" opening its clause ("No
    # force-pushes, ever.", "Also: zero new dependencies", "only squash merges", "please
    # no print debugging"); mid-clause these words are ordinary ("there is no cache").
    # (the first letter first: most positions fail on it before the lookbehinds run)
    rf"(?=[nz]){CLAUSE_START}(?:no|zero)\s+(?!{NOT_A_RULE})[\w.-]|"
    # "No more force-pushes." / "No more hotfixes on Fridays, please.": an action stopped,
    # said as the whole clause; "no more crashes since the fix" reports, it does not rule
    rf"(?=n){CLAUSE_START}no\s+more\s+(?!{NOT_A_RULE}|than\b|{STATUS_NOUNS})[\w-]+"
    r"(?:\s+(?:to|on|in|into|for|from|of|with|before|without)\s+[^\s.,!?]+){0,2}"
    r"(?:\s*,?\s*(?:ever|please|period))?\s*(?:[.!;]|$)|"
    rf"(?=[os]){CLAUSE_START}(?:only|skip)\s+(?!\d|(?:one|two|three|once|twice|a\s+few)\b)\S|"
    # a condition on an action: "apply only with -target", "deploy only after 6 pm"
    r"\bonly\s+(?:with|in|on|via|through|after|before|when|if|from|for|by|during|outside)\b|"
    r"\b(?:no|without)\s+exceptions?\b|\bwith\s+zero\b|"
    # a thing out of bounds: "hands off vendor/", "leave the flags as they are", "keep X
    # read-only", "the API stays backwards compatible", "nothing goes to prod before Thursday"
    r"\bhands\s+off\b|"
    # a rule that holds until the user lifts it: "… until I say otherwise", "Until further
    # notice, …"; a thing to be handled as untouchable: "Treat the fixtures as read-only.",
    # "The payments module is frozen until the audit is done." (R33-F1)
    r"\buntil\s+(?:i\s+(?:say|tell\s+you)\s+(?:otherwise|so)|further\s+notice|"
    r"(?:you\s+hear\s+otherwise|told\s+otherwise))\b|"
    r"\btreat\s+(?:\S+\s+){1,5}?as\s+(?:read[-\s]only|frozen|off[-\s]limits|untouchable|"
    r"immutable)\b|\bfrozen\s+(?:until|till|for\s+now|during)\b|"
    # a requirement on all new work: "All new endpoints need an auth check."
    r"\b(?:all|every|each|any)\s+new\s+\S+(?:\s+\S+)?\s+(?:needs?|requires?|must|gets?)\b|"
    # a scope left out or a pause: "Leave the audit_log table out of this migration.",
    # "Exclude the archive bucket from the cleanup.", "Hold off on schema changes until …"
    r"\bleave\s+(?:\S+\s+){1,6}?out\s+of\b|\bleave\s+(?:\S+\s+){1,4}?out\s*(?:[.!;]|$)|"
    rf"(?=e){CLAUSE_START}exclude\s+(?:\S+\s+){{0,6}}?from\b|"
    r"\bhold\s+off\s+(?:on\s+)?(?:\S+\s+){0,6}?(?:until|till|before|for\s+now)\b|"
    # an action stopped, a bound set: "Stop using the old client.", "Cap the batch at 500"
    rf"(?=s){CLAUSE_START}stop\s+\w+ing\b(?!\s+(?:me|us|by)\b)|"
    rf"(?=c){CLAUSE_START}cap\s+(?:\S+\s+){{0,4}}?(?:at|to)\s+[$€£]?\d|"
    r"\bleave\s+(?:\S+\s+){0,6}?(?:alone|untouched|unchanged|intact|be|as\s+(?:is|it\s+is|"
    r"they\s+are))\b|"
    r"\bkeep\s+(?:\S+\s+){0,5}?(?:read[-\s]only|untouched|unchanged|intact|frozen|private|"
    r"as\s+(?:is|it\s+is|they\s+are)|the\s+same|backwards?[-\s]compatible|in\s+place)\b|"
    r"\bstays?\s+(?:\S+\s+)?(?:compatible|unchanged|intact|untouched|frozen|private|"
    r"read[-\s]only|the\s+same|green|as\s+(?:is|it\s+is))\b|"
    r"\bnothing\s+(?:goes|gets|ships|lands|merges|is\s+(?:merged|deployed|pushed|shipped))\b|"
    # an approval required: "needs my sign-off", "ask me first", "check with me before"
    r"\bsign[-\s]?offs?\b|\b(?:my|our|their|explicit|written)\s+(?:approval|permission|"
    r"go[-\s]ahead|ok|okay)\b|\b(?:ask|check\s+with)\s+(?:me|us)\s+(?:first|before)\b|"
    # a preference that binds: "I'd rather we kept the old logger"
    r"\bi(?:['’]d|\s+would)\s+(?:rather|prefer)\b|\bi\s+prefer\b|"
    # a standing choice or order: "use feature flags for anything user-facing", "wait
    # until the build is green before merging"
    r"\buse\s+(?:\S+\s+){1,4}?for\s+(?:anything|everything|all|every|any|each)\b|"
    r"\bwait\s+(?:until|till|for)\s+(?:\S+\s+){1,8}?(?:before|to)\s+\w|"
    r"\bdo\s+(?:it|this|that|everything|them)\s+without\b|"
    # a quantity rule without "at most": "max 6 replicas", "needs two approvals"
    r"\b(?:max|maximum|min|minimum)\s+(?:of\s+)?\d|"
    r"\bneeds?\s+(?:\S+\s+){0,2}?(?:approvals?|sign[-\s]?offs?|reviews?|reviewers?)\b|"
    # a condition, then an order: "If the error rate goes above 2%, roll back.", "As soon as
    # p99 crosses 800 ms, page me." The clause after the comma opens with its verb: not with
    # a subject or a remark ("If it rains, the match is off", "If so, great"); and the
    # condition is the world's, not the listener's wish or pace ("If you want, keep going",
    # "When you're done, let me know" asks once, it sets no rule).
    r"\b(?:if|when|whenever|once|as\s+soon\s+as|in\s+case|should)\s+"
    rf"(?!{ENGLISH_WISHES})(?![^,;.!?]{{0,}}?{ONE_OFF})"
    rf"(?:[^,;.!?]|(?<=\d)[.,](?=\d)){{3,}}[,;]\s*{ENGLISH_ORDER}"
    r")"
)

# ------------------------------------------------------------------ grammar, by closed classes
#
# Rules and corrections said in the shapes every language has, each shape written once and
# filled from small closed classes of words: a frequency adverb anywhere in a clause with no
# subject of a statement before it ("Mach vor jedem Release immer ein Backup."), a
# prohibitive particle or word ("Älä poista …", "Nemaž …", "Jangan …", "Usifute …"), a
# condition opening its clause, then a clause opening with its verb ("Jos migraatio
# epäonnistuu, peru se."), "not X but Y" ("Nem kedden, hanem csütörtökön."), "I meant", a
# slip owned, what was said taken back, a value and the one it replaces ("5433 eikä 5432").
# Each alternative of ``GRAMMAR_RULE`` / ``GRAMMAR_CORRECTION`` starts at a word of
# ``GRAMMAR_WORDS`` and is tried there only (``Pattern.match``), never searched: a text
# costs the few places such a word stands, and only specific words are listed (a short
# word every sentence of a language holds, Swedish "om", Hungarian "ha", would make every
# sentence a place to try). What the clause before the word must be (no subject of a
# statement, nothing, a negation) ``intent`` checks by the group that matched.

# A habit, not a rule: "Normalmente nunca desplegamos en viernes.", "Yeye huwa anatoa …"
HABITUAL = compiled_on_use(
    r"(?i)\b(?:usually|normally|typically|generally|normalerweise|meistens|gewöhnlich|normalmente|"
    r"habitualmente|suele|suelen|d['’]habitude|habituellement|di\s+solito|solitamente|geralmente|"
    r"costuma|costumam|meestal|normaal|gewoonlijk|zazwyczaj|zwykle|yleensä|tavallisesti|általában|"
    r"rendszerint|de\s+obicei|biasanya|obvykle|většinou|vanligtvis|brukar|plejer|pleier|huwa|"
    r"kwa\s+kawaida)\b"
)
# Someone else's words reported before the rule ("Mon collègue dit toujours qu'il ne faut
# jamais …", "Anna sanoi, että …"): a speech verb of a third person, then "that"
REPORTED_THAT = compiled_on_use(
    r"(?i)\b(?:says|said|dit|disait|dice|dijo|decía|detto|diceva|diz|disse|dizia|sagt|sagte|meint|"
    r"meinte|zegt|zei|mówi|mówił|mówiła|powiedział|powiedziała|sanoo|sanoi|mondja|mondta|spune|"
    r"spus|zice|anasema|alisema|bilang|mengatakan|berkata|říká|řekl|řekla|säger|sade|siger|sagde|"
    r"sier)\s+(?:\S+\s+){0,3}?(?:(?:that|que|dass|che|dat|że|että|hogy|că|kwamba|bahwa|že|att|at)\b|"
    r"qu['’])"
)
# A choice made against another ("We decided on Kafka instead of RabbitMQ", "…대신 …로
# 결정했습니다"): a decision, not a correction (review 14 M2)
INSTEAD = compiled_on_use(
    r"(?i)\b(?:instead|rather\s+than|over|statt|anstatt|anstelle|en\s+(?:lugar|vez)\s+de|"
    r"em\s+vez\s+de|au\s+lieu\s+de|plutôt\s+que|invece\s+d[ie]|in\s+plaats\s+van|zamiast|"
    r"вместо|замість|yerine|thay\s+vì|sijaan|helyett|în\s+loc\s+de|badala\s+ya|daripada|"
    r"alih-alih|místo|istället\s+för|i\s+stedet\s+for)\b|대신|而不是|而非|ではなく|じゃなくて"
)

# "always" / "never" in a clause that gives an order (the ones EUROPEAN_CONSTRAINT reads
# opening a clause, FREQUENCY_OPENING, only after a word or more: "Siempre pregunta lo
# mismo el cliente." opens with a verb that may be a statement's)
FREQUENCY_OPENING = r"immer|siempre|toujours|sempre|altijd|zawsze|alltid|altid"
FREQUENCY_WORDS = (
    r"stets|grundsätzlich|jedes\s+mal|cada\s+vez|systématiquement|à\s+chaque\s+fois|ogni\s+volta|"
    r"toda\s+vez|telkens|elke\s+keer|za\s+każdym\s+razem|aina|joka\s+kerta|mindig|"
    r"minden\s+alkalommal|întotdeauna|mereu|de\s+fiecare\s+dată|selalu|setiap\s+kali|senantiasa|"
    r"vždy|vždycky|pokaždé|varje\s+gång|hver\s+gang|kila\s+mara|kila\s+wakati|daima|"
    r"niemals|nunca|jamás|jamais|nooit|nigdy|koskaan|soha|niciodată|kamwe|nikdy|aldrig|aldri"
)
# who a statement is about, opening its clause: a pronoun of the speaker or of a third
# person, a possessive, an article, a negation verb of a person ("En koskaan …"); never
# "you" (an order's subject: "Sie", "du", "kamu")
STATEMENT_SUBJECTS = listed(
    """
    i he she it we they my his her our their the this that everyone everybody nobody people
    ich er es wir mein meine meinen meinem meiner sein seine ihr ihre unser unsere der die das
    dieser diese yo él ella nosotros nosotras ellos ellas mi mis su sus nuestro nuestra el la
    los las este esta je j' il elle on nous ils elles mon ma mes son sa ses notre nos leur leurs
    le les ce io lui lei noi loro mio mia lo gli eu ele ela nós eles elas meu minha o a os as
    nosso nossa ik hij zij ze wij we mijn zijn haar ons onze hun de het ja ona oni one my mój
    moja moje jego jej nasz nasza minä mä hän se me he ne minun hänen meidän heidän en et ei
    emme ette eivät én ő mi ők az ez ea ei ele mea meu mimi yeye sisi wao saya aku dia ia kami
    kita mereka beliau já můj moje jeho její náš naše jag han hon den det vi min mitt mina hans
    hennes vår deras jeg hun mit
    """
)
# a pronoun of a statement anywhere before the adverb ("Heute deployt er immer …")
STATEMENT_PRONOUNS = listed(
    """
    i he she we they ich er wir yo él ella nosotros ellos ellas je il elle nous ils elles io lui
    lei noi loro eu ele ela nós eles elas ik hij zij wij ona oni minä mä hän én ő ők saya aku dia
    mereka kami kita mimi yeye sisi wao já jag han hon vi jeg hun
    """
)
# what follows "always"/"never" in a statement, not an order: a copula, a pronoun, a
# statement's negation or auxiliary ("Soha nem láttam …", "Nikdy jsem to nezkoušel.")
FREQUENCY_STATUS = (
    r"me|nos|mi|ci|mich|mir|uns|ist|war|sind|es|está|era|fue|est|était|è|é|foi|is|was|ha|hat|"
    r"hay|il|elle|le|la|lo|el|het|de|der|die|das|ça|c['’]est|so|así|assim|così|zo|gleich|"
    r"dasselbe|pareil|hetzelfde|wieder|noch|mehr|öfter|weniger|besser|schlimmer|to|on|ovat|oli|"
    r"olivat|olen|olin|van|volt|vannak|nem|este|e|sunt|am|ai|a|au|ada|adalah|je|jsem|jsme|jsi|"
    r"jste|byl|bylo|byla|jsou|nebyl|nebylo|är|var|har|hade|ni|huwa|nilikuwa|sijawahi|samma|"
    r"stejné|sama|ugyanaz|aynı"
)
# a condition said as the listener's leisure or wish (a nudge: "Jos ehdit, katso lokit.")
GRAMMAR_WISHES = (
    r"haluat|haluatte|ehdit|ehditte|jaksat|viitsit|akarod|akarsz|szeretnéd|ráérsz|van\s+időd|"
    r"vrei|vreți|poți|puteți|ai\s+timp|ukipenda|unataka|ukipata|ukiweza|mau|sempat|bisa|"
    r"chceš|chcete|máš\s+čas|máte\s+čas|stihneš|du\s+vill|ni\s+vill|du\s+hinner|du\s+har\s+tid|"
    r"du\s+vil|du\s+har\s+tid|du\s+når|du\s+orker"
)
# what opens a statement after a condition (a subject, a copula, a remark, thanks)
GRAMMAR_ORDER_NOT = (
    r"se|hän|me|he|ne|minä|sinä|niin|on|ei|olen|az|a|ez|én|te|ő|mi|ők|nem|van|lesz|el|ea|eu|noi|"
    r"asta|e|este|nu|va|vor|itu|ini|saya|aku|dia|kita|kami|ada|tidak|akan|hiyo|hii|mimi|yeye|"
    r"sisi|ni|to|ten|já|on|ona|my|je|není|bude|det|den|jag|han|hon|vi|är|blir|jeg|hun|er|bliver|"
    r"ok|okej|oke|super|bra|hyvä|jó|bine|sawa|baik|dobře|fint|godt|kiitos|köszönöm|mulțumesc|"
    r"multumesc|asante|terima|makasih|děkuji|díky|tack|tak"
)
CONDITION_WORDS = listed(
    "jos mikäli amikor dacă daca ikiwa endapo kalau jika jikalau apabila pokud jestliže jestli "
    "hvis när når"
)
# the clause after a condition's comma that gives an order: its verb first
ORDER_AFTER = compiled_on_use(
    r"(?i)\s*(?:niin\s+|akkor\s+|atunci\s+|basi\s+|maka\s+|tak\s+|så\s+)?"
    rf"(?!(?:{GRAMMAR_ORDER_NOT})\b)[^\W\d]{{2,}}\b"
    r"(?!\s+(?:jag|han|hon|vi|det|den|man|jeg|hun|de)\b)"
)
# The particle of a negative imperative, a word of its own (Finnish, Estonian, Danish,
# Norwegian, Icelandic, Croatian/Serbian/Bosnian, Tagalog; "ne" is read apart below)
PROHIBITIVES = "älä|älkää|ära|ärge|ikke|ekki|nemoj|nemojte|huwag"
# a pronoun leaning on the particle ("Huwag mong galawin …", "Ne se …")
PROHIBITIVE_CLITICS = "mong|ninyong|niyong|kang|mo|ka"
# what after the particle makes no order: a determiner, a quantifier, an adverb, an
# auxiliary, a pronoun ("Ikke noget problem", "Ikke alle tests …", "Ne ho bisogno",
# "Ne vous inquiétez pas" — the French one the European patterns read)
NOT_AN_ORDERED_VERB = (
    "noget|nogen|noe|noen|alle|alt|det|den|de|så|helt|altid|alltid|nu|nå|endnu|ennå|engang|bare|"
    "kun|mere|mer|meget|mye|i|på|til|for|med|om|at|et|en|er|var|har|það|þetta|neitt|alltaf|"
    "mitään|ole|ho|hai|ha|abbiamo|avete|hanno|è|sono|vous|te|se|me|le|la|les|y|lui|leur|is|"
    "csak|még|most|to|je|sam|si|mi|ti|bi"
)
# A feeling after a prohibitive particle: a reassurance, no order ("Ikke bekymre deg for
# det", "Ekki hafa áhyggjur af þessu", "Älä huolehdi siitä", "Ärge muretsege", "Huwag kang
# mag-alala tungkol dito", "Ikke stress med det"; red team R16-I1)
REASSURED = (
    r"(?:bekymr\w*|hafa\s+áhyggj\w*|áhyggj\w*|stress(?:e|a)?(?=\s+(?:deg|dig|þig|med|over|om|"
    r"á)\b|\W*$)|tænk\s+på\s+det|tenk\s+på\s+det|vær\s+(?:redd|bekymret|lei|ked|nervøs)|"
    r"vera\s+(?:hrædd|leið|stressu)|beklag\w*|afsaka\w*|huoli|huolehdi\s+siitä|murehdi|"
    r"hätäile|välitä\s+siitä|pelkää|jännitä|muretse(?:ge)?|pabista|karda|mag-alala|"
    r"mabahala|matakot|mahiya|brini(?:te)?|sekiraj(?:te)?|uzrujavaj(?:te)?|boj(?:te)?"
    r")(?![\w-])"
)
# ... after Hungarian "ne", Indonesian and Malay "jangan", Swahili "usi-"/"msi-", Czech
# and Slovak "ne-", Polish "nie": "Ne aggódj emiatt", "Jangan khawatir soal itu",
# "Usijali", "Nestresuj se", "Nie przejmuj się tym"
REASSURED_HU = r"aggód|izgul|stresszel|idegesked|félj|bánd|törődj|sajnáld"
REASSURED_ID = (
    r"khawatir|kuatir|cemas|risau|takut|panik|sungkan|ragu|sedih|bimbang|repot|dipikirkan|"
    r"pikirkan|gelisah|minta\s+maaf"
)
REASSURED_SW = r"jali|ogope|hofu|sikitike|wasiwasi|haraki"
REASSURED_CS = r"stresuj|trap|zlob|znepokoj|obávej|omlouvej|spěchej"
REASSURED_PL = r"przejmuj|martw|denerwuj|stresuj|krępuj|bój|obawiaj|przepraszaj|spiesz|śpiesz"
# A prohibition after a condition ("Jos testit epäonnistuvat, älä julkaise.", "Hvis testene
# feiler, ikke deploy.", "Ha a tesztek elbuknak, ne telepíts.", "Om testerna misslyckas,
# deploya inte."): the particle opens the clause after the condition's comma, its verb may
# end the sentence; or, in Swedish, Norwegian, Danish and Icelandic, follows the verb that
# opens it. A statement after a condition ("Ha jól emlékszem, a szerver Frankfurtban van.",
# "Om jag minns rätt, ligger servern i Frankfurt.") has no such particle there.
CONDITIONED_BAN = compiled_on_use(
    rf"(?i)(?:(?:{PROHIBITIVES})\s+(?:(?:{PROHIBITIVE_CLITICS})\s+)?"
    rf"(?!(?:{NOT_AN_ORDERED_VERB}|{PROHIBITIVE_CLITICS})(?![\w-]))(?!{REASSURED})"
    # ("ne" negates statements too, "Ne radi": its imperative ends in j, d or s, "Ne
    # telepíts", "Ne töröld", "Ne objavljuj")
    rf"[^\W\d][\w-]+|ne\s+(?!{REASSURED_HU}|{REASSURED})[^\W\d]\w*(?:j|d|s)(?:te|tek|tok|e|ük|uk)?\b)"
)
# the particle after the verb it negates (Swedish, Norwegian, Danish, Icelandic)
BAN_AFTER_VERB = compiled_on_use(r"(?i)(?:ikke|ikkje|ekki|inte)\b")
# the clause before the particle: a condition opening the sentence, its comma, a "then",
# and (for a particle after its verb) the verb: not a copula, an auxiliary, a subject
CONDITION_THEN = compiled_on_use(
    r"(?i)\s*(?:jos|mikäli|ha|om|hvis|dersom|ef|kui|ako|dacă|daca|pokud|jeśli|jeżeli)\s+"
    rf"(?!(?:\S+\s+)?(?:{GRAMMAR_WISHES})\b)[^,;.!?]{{3,}}[,;]\s*(?:(?:niin|akkor|så|þá|siis|atunci|onda|tada)\s+)?"
    r"(?P<verb>(?!(?:er|var|har|blir|kan|vil|skal|må|bør|är|ska|kommer|blev|bliver|skulle|"
    r"ville|kunne|måste|borde|får|fick|gick|det|den|jag|han|hon|vi|de|man|jeg|hun|þetta|það|"
    rf"ég|hann|hún|við|þeir|er|var|hefur|mun|{GRAMMAR_ORDER_NOT})\b)[^\W\d][\w-]*\s+)?$"
)
# ... or the imperative that opens the sentence before a particle after its verb ("Ta
# inte bort databasen.", "Slett ikke databasen.", "Ok, rør ikke prod."): not a copula, an
# auxiliary, a subject, a verb of knowing ("Vet inte.", "Veit ikke.")
VERB_FIRST = compiled_on_use(
    r"(?i)\s*(?:[^\W\d]+\s*,\s*)?(?:(?:och|og|men|så|snälla|vänligen|bare|please)\s+)?"
    r"(?P<verb>(?!(?:er|var|har|blir|kan|vil|skal|må|bør|är|ska|kommer|blev|bliver|skulle|"
    r"ville|kunne|måste|borde|får|fick|gick|det|den|jag|han|hon|vi|de|man|jeg|hun|þetta|það|"
    r"ég|hann|hún|við|þeir|hefur|mun|går|står|vet|veit|ved|tror|vill|hann|fanns|kom|tog|tok|"
    r"såg|hade|hadde|havde|fann|fant|fandt|fikk|fik|gikk|gik|ble|fékk|gekk|sá|skil|kunde|"
    r"tycker|synes|orkar|hinner|behöver|"
    r"trenger|behøver|gjorde|sa|sagt|nej|nei|ja|tack|takk|inte|ikke|ekki|også|också|heller|"
    r"dessverre|tyvärr|desværre|still|just|altså|alltså|nå|nu|här|her|där|der|idag|i|på)\b)"
    r"[^\W\d][\w-]*\s+)$"
)
# Who may stand before a prohibition in its clause: a word joining clauses ("Ja älä …")
CLAUSE_JOINERS = listed("ja og och és dan at ir un and und et e y a i")
GRAMMAR_RULE = compiled_on_use(
    r"(?ix)(?:"
    # an adverb of frequency ("… aina …", "… mindig …"): the clause before is checked
    rf"(?P<frequency>(?:{FREQUENCY_WORDS})\b(?!\s+(?:{FREQUENCY_STATUS})\b)(?=\s*[^\W\d]))|"
    rf"(?P<frequent>(?:{FREQUENCY_OPENING})\b(?!\s+(?:{FREQUENCY_STATUS})\b)(?=\s*[^\W\d]))|"
    # a condition opening its clause, then a clause opening with its verb
    # (the clause after its comma is read by ``ORDER_AFTER``: a search to the comma here
    # costs a step a character in Python's engine)
    r"(?P<condition>(?:jos|mikäli|amikor|dacă|daca|ikiwa|endapo|kalau|jika|jikalau|apabila|"
    r"pokud|jestliže|jestli|hvis|när|når)\s+"
    rf"(?!(?:\S+\s+)?(?:{GRAMMAR_WISHES})\b))|"
    # a prohibition or an obligation, by its particle or word
    # a negative imperative's particle opening its clause, its verb, and what the verb is
    # about ("Älä muuta skeemaa", "Ikke rør ved prod", "Ne diraj konfiguraciju"): no "Ikke
    # noget problem", no "Älä huoli, …" (nothing after the verb: a feeling, not an order)
    rf"(?P<prohibition>(?:{PROHIBITIVES})\s+(?:(?:{PROHIBITIVE_CLITICS})\s+)?"
    rf"(?!(?:{NOT_AN_ORDERED_VERB}|{PROHIBITIVE_CLITICS})(?![\w-]))(?!{REASSURED})"
    r"[^\W\d][\w-]+(?=\s+[^\W\d])|"
    # "ne" (Hungarian, South Slavic) also negates statements ("Ne znam …", "Ne radi …"):
    # its imperative's ending, a "j" or "d" ("Ne diraj", "Ne töröld", "Ne küldj")
    rf"ne\s+(?!{REASSURED_HU})[^\W\d]\w*(?:j|d)(?:te|tek|tok|e|ük|uk)?(?=\s+[^\W\d]))|"
    r"(?P<plain>(?:ei|ette|et)\s+saa\b|kielletty\w*|tilos\b|"
    r"nem\s+szabad\b|kötelező\b|muszáj\b|interzis\w*|obligatori[eu]\b|"
    r"trebuie\s+(?:să|sa)\s+\w+(?:i|ți|ti)\b|"
    # (Swahili's "usi-"/"msi-" ban, not a verb whose stem starts with "si", "Msikilize
    # mteja": listen to the customer, nor a word Swahili could not write, "usinable", nor
    # one after an elision's apostrophe, "d'usinage": ``lexicon.denials``)
    rf"(?<!['’])(?:usi|msi)(?!ku\b|mu\b|{SWAHILI_SI_STEM_REST})(?={SWAHILI_SYLLABLE}{{2,}}\b)"
    rf"(?!{REASSURED_SW})[a-z]{{3,}}\b|"
    r"lazima\b|sharti\b|marufuku\b|hairuhusiwi\b|haliruhusiwi\b|"
    rf"jangan\b(?!\s+(?:{REASSURED_ID}))|dilarang\b|wajib\b|"
    r"(?:tidak|tak|nggak|gak)\s+boleh\b|(?<!\bsaya\s)(?<!\baku\s)(?<!\bkami\s)(?<!\bkita\s)"
    r"harus\s+\w|"
    rf"ne(?!j|{REASSURED_CS})\w{{2,}}(?:ej|ejte|uj|ujte|ž|žte|ň|ňte|ť|ťte|aj|ajte)\b|nesmíš\b|"
    r"nesmíte\b|nesmie\b|nesmiete\b|zakázáno\b|zakázané\b|musíš\b|musíte\b|je\s+nutné\b|"
    r"povinně\b|"
    # "mandatory", and "from now on" (a standing order in any mood)
    r"obligatorisch\b|verpflichtend\b|obligatori[oa]s?\b|obligatoires?\b|obbligatori[oa]\b|"
    r"obrigatóri[oa]s?\b|verplicht\b|obowiązkow\w*|pakollinen\b|pakollista\b|povinné\b|"
    r"povinný\b|obligatorisk[at]?\b|"
    r"(?:ab\s+jetzt|ab\s+sofort|von\s+nun\s+an|de\s+ahora\s+en\s+adelante|a\s+partir\s+de\s+"
    r"(?:ahora|agora)|désormais|dorénavant|à\s+partir\s+de\s+maintenant|d['’]ora\s+in\s+poi|"
    r"da\s+ora\s+in\s+poi|daqui\s+para\s+a\s+frente|vanaf\s+nu|od\s+teraz|od\s+tej\s+pory|"
    r"tästä\s+lähtien|tästedes|mostantól|de\s+acum\s+înainte|kuanzia\s+sasa|mulai\s+sekarang|"
    r"mulai\s+hari\s+ini|od\s+teď|od\s+nynějška|från\s+och\s+med\s+nu|framöver|fremover|"
    r"fra\s+nu\s+af|fra\s+nå\s+av|bundan\s+(?:sonra|böyle)|voortaan|fortan|künftig|"
    r"de\s+agora\s+em\s+diante|daqui\s+em\s+diante|отныне|впредь|с\s+этого\s+момента|"
    r"відтепер|віднині|з\s+цього\s+моменту|от\s+сега\s+нататък|"
    r"από\s+(?:εδώ|τώρα)\s+και\s+(?:πέρα|στο\s+εξής)|ამიერიდან|ამიერიდანვე|"
    r"अब\s+से(?![\u0900-\u097f])|आगे\s+से(?![\u0900-\u097f]))(?![\w\u0900-\u097f])"
    r"(?!\W+(?:es|ist|läuft|funktioniert|est|marche|funciona|è|é|werkt|działa|toimii|működik|"
    r"merge|berjalan|funguje|fungerar|virker|funker)\b))"
    r")"
)

# Corrections: "not X but Y" (the "but" found, the negation opening the clause checked),
# what the speaker meant, a slip owned, what was said taken back, a correction named, a
# value and the one it replaces
MEANT = (
    r"ich\s+meinte|gemeint\s+(?:war|ist)|quería\s+decir|me\s+refería\s+a|je\s+voulais\s+dire|"
    r"je\s+parlais\s+d|je\s+pensais\s+à|intendevo|volevo\s+dire|mi\s+riferivo\s+a|"
    r"queria\s+dizer|me\s+referia\s+a|ik\s+bedoel(?:de)?|ik\s+had\s+het\s+over|"
    r"chodziło\s+mi\s+o|miałe[mś]\s+na\s+myśli|miałam\s+na\s+myśli|tarkoitin|tarkoitan\s+siis|"
    r"úgy\s+értettem|arra\s+gondoltam|am\s+vrut\s+să\s+spun|voiam\s+să\s+spun|mă\s+refeream\s+la|"
    r"nilimaanisha|nilikusudia|maksud\s+saya|maksudku|maksud\s+aku|yang\s+saya\s+maksud|"
    r"myslel\s+jsem|myslela\s+jsem|měl\s+jsem\s+na\s+mysli|mala\s+som\s+na\s+mysli|"
    r"jag\s+menade|jeg\s+mente|demek\s+istedim|kastettim"
)
SLIPS = (
    r"(?:ich\s+habe?\s+mich\s+)?(?:verschrieben|vertippt)|j['’]ai\s+mal\s+(?:écrit|lu|compris)|"
    r"elírtam|tévedtem|elnéztem|m-am\s+înșelat|am\s+greșit|am\s+scris\s+greșit|nilikosea|"
    r"salah\s+ketik|saya\s+salah|aku\s+salah|keliru|spletl\s+jsem\s+se|spletla\s+jsem\s+se|překlep|"
    r"jag\s+skrev\s+fel|jag\s+tog\s+fel|jeg\s+tog\s+fejl|jeg\s+skrev\s+feil|kirjoitin\s+väärin|"
    r"olin\s+väärässä"
)
TAKEN_BACK = (
    r"vergiss,?\s+was\s+ich|olvida\s+lo\s+que\s+(?:dije|escribí)|oublie\s+ce\s+que\s+j['’]ai|"
    r"dimentica\s+(?:quello\s+che|cosa)\s+ho|esquece\s+o\s+que\s+eu|vergeet\s+wat\s+ik|"
    r"zapomnij\s+o\s+tym|unohda\s+(?:mitä|äskeinen|edellinen)|felejtsd\s+el|uită\s+ce\s+am|"
    r"sahau\s+nilicho|lupakan\s+yang|zapomeň\s+na\s+to|glöm\s+(?:det|vad)\s+jag|glem\s+det\s+jeg"
)
CORRECTION_LABELS = (
    r"oprava|korjaus|rättelse|rettelse|javítás|helyesbítés|corectare|corecție|corectură|koreksi|"
    r"ralat|marekebisho|sahihisho"
)
# a negation that opens "not X but Y"
NOT_BUT_NEGATIONS = listed(
    "not nicht kein keine pas non não niet nie ne nem nu ei bukan inte ikke ej si no"
)
GRAMMAR_CORRECTION = compiled_on_use(
    r"(?ix)(?:"
    r"(?P<but>(?:hanem|vaan|melainkan|nýbrž|bali)\s+[^\W\d])|"
    r"(?P<fix>"
    rf"(?:{MEANT})\b|(?:{SLIPS})\b|(?:{TAKEN_BACK})|(?:{CORRECTION_LABELS})\s*:|"
    # "mardi et non jeudi", "5433 eikä 5432"
    r"(?:et\s+non|eikä)\s+\w|"
    # what the speaker wrote, owned as wrong: "kirjoittamani 8080 oli väärin", "a 8080,
    # amit írtam, hibás volt"
    r"(?:kirjoittamani|sanomani|antamani|mainitsemani|ilmoittamani)\b(?:\s+[^\s.!?,]+)?\s*,?\s*"
    r"\b(?:oli|on)\s+(?:väärin|väärä|virheellinen|virhe)\b|"
    r"amit\s+(?:írtam|mondtam|adtam|megadtam|beírtam|küldtem)\b(?:\s+[^\s.!?,]+)?\s*,?\s*"
    r"\b(?:hibás|rossz|téves|helytelen|elírás)|"
    # ... read from the speaker's verb of giving: "el 8080 que te pasé estaba mal", "o 8080
    # que escrevi estava errado", "le 8080 que j'ai écrit était faux", "il 8080 che ho
    # scritto era sbagliato", "die 8080, die ich geschrieben habe, war falsch", "de 8080
    # die ik schreef was fout", "8080 som jag skrev var fel", "8080 som jeg skrev var feil"
    r"(?:escribí|dije|puse|pasé|indiqué|mencioné|mandé)\b(?:\s+[^\s.!?,]+)?\s*,?\s*\b(?:estaba|está|era|es|"
    r"fue)\s+(?:mal|equivocad[oa]s?|incorrect[oa]s?|err[oó]ne[oa]s?|un\s+error)\b|"
    r"(?:escrevi|disse|coloquei|passei|informei|mencionei|mandei)\b(?:\s+[^\s.!?,]+)?\s*,?\s*"
    r"\b(?:estava|está|era|é|foi)\s+(?:errad[oa]s?|incorret[oa]s?|mal|um\s+erro)\b|"
    r"j['’]ai\s+(?:écrit|dit|donné|mis|tapé|indiqué|envoyé)e?s?\b(?:\s+[^\s.!?,]+)?\s*,?\s*"
    r"\b(?:était|est)\s+(?:faux|fausse|erroné|erronée|incorrecte?|une\s+erreur)\b|"
    r"ho\s+(?:scritto|detto|dato|messo|indicato|mandato)\b(?:\s+[^\s.!?,]+)?\s*,?\s*"
    r"\b(?:era|è)\s+(?:sbagliat[oaie]|errat[oaie]|un\s+errore)\b|"
    r"(?:geschrieben|gesagt|angegeben|genannt|getippt|geschickt)\s+(?:habe|hatte|hab)\b"
    r"(?:\s+[^\s.!?,]+)?\s*,?\s*\b(?:war|ist|sind|waren)\s+falsch\b|"
    r"ik\s+(?:schreef|zei|gaf|noemde|typte|stuurde)\b(?:\s+[^\s.!?,]+)?\s*,?\s*\b(?:was|is)\s+"
    r"(?:fout|verkeerd|onjuist)\b|"
    r"jag\s+(?:skrev|sa|sade|angav|gav|nämnde)\b(?:\s+[^\s.!?,]+)?\s*,?\s*\b(?:var|är)\s+"
    r"(?:fel|felaktig|felaktigt)\b|"
    r"jeg\s+(?:skrev|sa|sagde|oppga|gav|nevnte|nævnte)\b(?:\s+[^\s.!?,]+)?\s*,?\s*\b(?:var|er)\s+"
    r"(?:feil|forkert|galt|gal)\b"
    r")"
    r")"
)

GRAMMAR_STEERING = compiled_on_use(
    f"{GRAMMAR_RULE.pattern}|{GRAMMAR_CORRECTION.pattern[len('(?ix)') :]}"
)

# The words each alternative above starts at, as folded for the candidate search (a letter
# outside ASCII is a space; a leading "x" is any letter where the words are read as written)
GRAMMAR_WORDS = [
    r"stets\b", r"grunds", r"jedes +mal\b", r"cada +vez\b", r"syst", r"chaque +fois\b",
    r"ogni +volta\b", r"toda +vez\b", r"telkens\b", r"elke +keer\b", r"za +ka", r"aina\b",
    r"joka +kerta\b", r"mindig\b", r"minden +alkalommal\b", r"ntotdeauna\b", r"xntotdeauna\b",
    r"mereu\b", r"de +fiecare\b", r"selalu\b", r"setiap +kali\b", r"senantiasa\b", r"v[ x]dy",
    r"poka[ x]d", r"varje +g", r"hver +gang\b", r"kila +(?:mara|wakati)\b", r"daima\b",
    r"niemals\b", r"nunca\b", r"jam[ x]s\b", r"jamais\b", r"nooit\b", r"nigdy\b", r"koskaan\b",
    r"soha\b", r"niciodat", r"kamwe\b", r"nikdy\b", r"aldrig\b", r"aldri\b",
    r"immer\b", r"siempre\b", r"toujours\b", r"sempre\b", r"altijd\b", r"zawsze\b", r"alltid\b",
    r"altid\b",
    # (not yet the conditions' words, "jos", "kalau", "hvis", "dacă": each stands in many
    # sentences of its language, and a place to try costs ~10 µs; the shape waits for a
    # cheaper read)
    # (a letter outside ASCII folds to a space: "älä" is " l ", read at "l" by the candidate
    # search and at "ä" by the word search, "x" standing for any letter there)
    r"l[ x] +[a-z]", r"xl[ x] +[a-z]", r"lk[ x][ x] +[a-z]", r"xlk[ x][ x] +[a-z]", r"ikkje\b",
    r"inte\b",
    r"ra +[a-z]", r"xra +[a-z]", r"rge +[a-z]", r"xrge +[a-z]", r"ikke\b", r"ekki\b",
    r"nemoj(?:te)?\b", r"ne +[a-z]", r"ne +[ x]", r"huwag\b", r"ei +saa\b",
    r"ette +saa\b", r"et +saa\b", r"kielletty", r"tilos\b", r"nem +szabad\b", r"k[ x]telez",
    r"mus[ x]j", r"interzis", r"obligatori", r"trebuie +s", r"usi[a-z]", r"msi[a-z]", r"lazima\b",
    r"sharti\b", r"marufuku\b", r"hairuhusiwi\b", r"haliruhusiwi\b", r"jangan\b", r"dilarang\b",
    r"wajib\b", r"tidak +boleh\b", r"tak +boleh\b", r"nggak +boleh\b", r"gak +boleh\b",
    r"harus\b", r"ne[a-z]+(?:ej|uj|aj)(?:te)?\b", r"nesm", r"zak[ x]z",
    r"mus[ x]", r"je +nutn", r"povinn",
    r"obligatorisch\b", r"verpflichtend\b", r"obligatoir", r"obbligatori", r"obrigat",
    r"verplicht\b", r"obowi", r"pakollis", r"pakollinen\b", r"povinn", r"obligatorisk",
    r"ab +(?:jetzt|sofort)\b", r"von +nun\b", r"de +ahora\b", r"a +partir\b", r"d[ x]sormais\b",
    r"xd[ x]sormais", r"dor[ x]navant\b", r"d +ora\b", r"da +ora\b", r"daqui\b", r"vanaf +nu\b",
    r"od +(?:teraz|tej|te|nyn)", r"t[ x]st[ x] +l", r"t[ x]stedes\b", r"mostant", r"de +acum\b",
    r"kuanzia +sasa\b", r"mulai +(?:sekarang|hari)\b", r"fr[ x]n +och\b", r"fram[ x]ver\b",
    r"fremover\b", r"fra +n",
    # corrections
    r"hanem\b", r"vaan\b", r"melainkan\b", r"n[ x]br", r"bali\b",
    r"ich +meinte\b", r"gemeint\b", r"quer[ x]a +decir\b", r"me +refer", r"je +voulais\b",
    r"je +parlais\b", r"je +pensais\b", r"intendevo\b", r"volevo +dire\b", r"mi +riferivo\b",
    r"queria +dizer\b", r"ik +bedoel", r"ik +had +het\b", r"chodzi", r"mia[ x]", r"tarkoit",
    r"gy +[ x]rtettem\b", r"xgy +xrtettem\b", r"arra +gondoltam\b", r"am +vrut\b",
    r"voiam\b", r"m[ x] +refeream\b", r"nilimaanisha\b", r"nilikusudia\b", r"maksud",
    r"yang +saya +maksud\b", r"myslel", r"m[ x]l +jsem\b", r"mala +som\b", r"jag +menade\b",
    r"jeg +mente\b", r"demek +istedim\b", r"kastettim\b",
    r"ich +hab", r"verschrieben\b", r"vertippt\b", r"j +ai +mal\b", r"el[ x]rtam\b",
    r"xl[ x]rtam\b", r"t[ x]vedtem\b", r"eln[ x]ztem\b", r"m +am\b", r"am +gre", r"am +scris\b",
    r"nilikosea\b", r"salah +ketik\b", r"saya +salah\b", r"aku +salah\b", r"keliru\b", r"spletl",
    r"p[ x]eklep", r"jag +skrev\b", r"jag +tog\b", r"jeg +tog\b", r"jeg +skrev\b",
    r"kirjoitin\b", r"olin +v",
    r"vergiss\b", r"olvida\b", r"oublie\b", r"dimentica\b", r"esquece\b", r"vergeet\b",
    r"zapomnij\b", r"unohda\b", r"felejtsd\b", r"uit[ x] +ce\b", r"sahau\b", r"lupakan\b",
    r"zapome", r"gl[ x]m\b", r"glem\b",
    r"oprava\b", r"korjaus\b", r"r[ x]ttelse\b", r"rettelse\b", r"jav[ x]t[ x]s\b", r"xjav",
    r"helyesb", r"corectare\b", r"corec[ x]ie\b", r"corectur", r"koreksi\b", r"ralat\b",
    r"marekebisho\b", r"sahihisho\b", r"et +non\b", r"eik[ x]",
    r"kirjoittamani\b", r"sanomani\b", r"antamani\b", r"mainitsemani\b", r"ilmoittamani\b",
    r"amit +(?:[ x]rtam|mondtam|adtam|megadtam|be[ x]rtam|k[ x]ldtem)\b",
    r"escrib[ x]", r"dije\b", r"puse\b", r"pas[ x]", r"indiqu[ x]", r"mencion[ x]", r"mand[ x]",
    r"escrevi\b", r"disse\b", r"coloquei\b", r"passei\b", r"informei\b", r"mencionei\b",
    r"mandei\b", r"j +ai +(?:[ x]crit|dit|donn|mis|tap|indiqu|envoy)",
    r"ho +(?:scritto|detto|dato|messo|indicato|mandato)\b", r"geschrieben +ha", r"gesagt +ha",
    r"angegeben +ha", r"genannt +ha", r"getippt +ha", r"geschickt +ha",
    r"ik +(?:schreef|zei|gaf|noemde|typte|stuurde)\b", r"jag +(?:sa|sade|angav|gav|n[ x]mnde)\b",
    r"jeg +(?:sa|sagde|oppga|gav|nevnte|n[ x]vnte)\b",
]  # fmt: skip


# Rules and corrections in German, Spanish and French, said the way users type them: an
# imperative with its negation ("Ändere keine Steuerklassen.", "Starte den Server nicht
# neu.", "Nunca hagas push a main.", "Ne supprime jamais la base."), a ban opening its
# clause ("Kein Deployment am Freitag.", "Pas de push le vendredi."), a modal of ban or
# obligation said to the assistant ("Du darfst … nicht", "Vous devez …"), a ban word, a
# condition of approval. Not a rule: a clause whose subject comes first ("Das Deployment
# läuft nicht.", "Ça ne marche pas."), a speaker's own need ("Ich muss kurz weg.", "Il faut
# que je parte."), small talk ("Keine Sorge.", "Ne vous inquiétez pas.", "No te preocupes.")
# and a question (``_says_european``). Every alternative holds a word of
# EUROPEAN_WORDS (the prefilter's).
EUROPEAN_CONSTRAINT = compiled_on_use(
    r"(?ix)(?:"
    # German
    r"\b(?:niemals|auf\s+(?:gar\s+)?keinen\s+fall|unter\s+keinen\s+umständen|verboten|untersagt|"
    r"nicht\s+erlaubt|nur\s+noch|ausschließlich|finger\s+weg|lass\s+die\s+finger)\b|"
    r"\b(?:du|ihr|sie|wir|man|es|das|der|die|er)\s+(?:\S+\s+){0,3}?"
    r"(?:darf|darfst|dürfen|dürft|soll|sollst|sollen|sollt)\s+(?:\S+\s+){0,4}?"
    r"(?:nicht|kein(?:e|en|er|es|em)?|nie|niemals|nichts)\b|"
    r"\b(?:du\s+musst|ihr\s+müsst|sie\s+müssen|wir\s+müssen|man\s+muss|muss)\s+"
    r"(?:immer|unbedingt|zwingend|jedes\s+mal|vorher|zuerst)\b|"
    r"\bohne\s+(?:\S+\s+){0,3}?(?:freigabe|genehmigung|zustimmung|erlaubnis|rücksprache)|"
    r"\bbitte\s+(?:nicht|kein(?:e|en|er|es|em)?|nie|niemals|nichts)\b"
    r"(?!\s+(?:böse|falsch\s+verstehen|sorgen|aufregen|hetzen|stressen)\b)|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))kein(?:e|en)?\s+(?!(?:problem|ahnung|sorge|sorgen|ursache|stress|"
    r"thema|fehler|idee|zeit|ding|wunder|plan|antwort|änderung|reaktion|daten|ergebnis|"
    r"eile|panik|frage|grund|witz|spaß|angst)\b)\w|"
    # an imperative opening its clause ("Ändere …", "Lösch …", "Ändern Sie …"), not a subject
    r"(?:^|(?<=\n)|(?<=[.!;:]\s)|(?<=\bbitte\s))"
    r"(?!(?:die|diese|jede|keine|eine|meine|deine|seine|ihre|unsere|alle|beide|welche|"
    r"solche|manche|einige|viele|wenige|andere|gerne|heute|leider|sie|ohne|ende|seite|"
    r"frage|idee|stelle|alte|neue|erste|letzte|ganze|es|das|der|er|wir|ich|du|ihr|man|"
    r"mache|habe|glaube|denke|weiß|sehe|finde|verstehe|hoffe|wette)\b)"
    # (an object pronoun between: "Erinnere mich nie nach 22 Uhr an irgendwas.")
    r"\w+(?:e|n\s+sie|ch|f|t)?\s+(?:(?:mich|mir|uns|dich|dir|ihn|ihm)\s+)?"
    r"(?:(?:kein(?:e|en|er|es|em)?|nichts|nie|niemals)\b|"
    r"(?:[^\s.!?]+\s+){0,5}?(?:bloß\s+|ja\s+)?nicht(?:\s+(?:neu|an|ab|auf|aus|ein|zu|um|mit|"
    r"vor|weg|zurück|hoch|runter|fest|los|her|hin))?\s*(?:[.!]|$))|"
    # an imperative whose object is the speaker, then its negation ("Nenn mich nicht
    # Schatz.", "Erinnere mich nie nach 22 Uhr an irgendwas.", "Ruf mich nicht vor 10 an.");
    # not a statement with its subject left out, its verb ending in -t ("Stört mich nicht.",
    # "Interessiert mich nie.") or a helper ("Hab mich nicht getraut.")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s)|(?<=\bbitte\s))"
    r"(?!(?:das|dies|es|er|sie|wir|ich|du|ihr|man|der|die|was|wer|wie|wo|warum|hab|habe|bin|"
    r"war|wäre|kann|will|muss|soll|mag|darf|würde|könnte|möchte|sollte|wollte|konnte|musste|"
    r"durfte|hatte|wurde)\b)"
    r"\w+(?<![tT])\s+(?:mich|mir|uns)\s+(?:bitte\s+)?"
    r"(?:nicht|nie|niemals|nichts|kein(?:e|en|er|es|em)?)\b|"
    # Spanish ("No borres …" is the English bare "no" opening a clause)
    r"\b(?:nunca|jamás|prohibid[oa]s?|tienes\s+que|tienen\s+que|hay\s+que(?!\s+ver\b))\b|"
    r"\bno\s+(?:se\s+)?(?:debe|debes|deben)\b|"
    r"\bsin\s+(?:\S+\s+){0,2}?(?:permiso|aprobación|autorización|consultar)\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))nada\s+de\s+(?!nada\b)\w|\bevita\s+\w|"
    # Italian and Portuguese: "Non toccare …", "Não apague …", "È vietato …"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))non\s+\w+(?:are|ere|ire)\b|\bvietat[oa]\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))não\s+(?!(?:sei|é|foi|há|tem|tenho|funciona|consigo|entendi|sabemos|"
    r"se\s+preocupe|faz\s+mal)\b)\w|"
    # Dutch: "Verwijder nooit de back-ups.", "Raak de productieserver niet aan."
    r"\b(?:nooit|nimmer|verboden)\b|\bzonder\s+(?:\S+\s+){0,2}?(?:toestemming|goedkeuring|akkoord)\b|"
    # a German ban with its scope: "Keine Daten nach dem 30.09. ins Training." (not a status:
    # "Keine Fehler im Log.")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))kein(?:e|en)?\s+(?!(?:fehler|probleme?|ergebnis(?:se)?|antwort|"
    r"reaktion|änderung(?:en)?|treffer|einträge|warnungen|ahnung|sorge|sorgen|zeit)\b)\w+\s+"
    r"(?:nach|vor|ins?|im|an|am|auf|aus|für|über|unter|zwischen|bis|seit|vom|zum|zur)\s|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?!(?:het|de|dit|dat|deze|die|ik|jij|je|we|wij|hij|zij|ze|u|"
    r"er|een|mijn|ons|onze|jouw|hun|alles|niets|niks|dan|nu|wel|ook|maar|dus|hier|daar)\b)"
    r"\w+\s+(?:[^\s.!?]+\s+){0,5}?niet(?:\s+(?:aan|af|op|uit|in|om|mee|weg|door|terug))?"
    r"\s*(?:[.!,;—–]|$)|"
    # a condition, then an order ("Si el p99 supera 800 ms, haz rollback.", "Se o cliente
    # pedir reembolso, avise o gerente.", "Si le paiement échoue, préviens-moi."): the
    # clause after the comma opens with its verb, not with a subject ("Si llueve, el
    # partido se cancela." states) nor a remark ("Si quieres, genial.")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?:si|se|cuando|quando|quand|lorsque|lorsqu['’]|qualora|"
    r"en\s+cuanto|apenas|siempre\s+que|una\s+vez\s+que|en\s+caso\s+de\s+que|dès\s+que|dès\s+qu['’]|"
    r"au\s+cas\s+où|une\s+fois\s+que|sitôt\s+que|(?:non\s+)?appena|nel\s+caso\s+(?:in\s+cui|che)|"
    r"ogni\s+volta\s+che|assim\s+que|caso|sempre\s+que|logo\s+que)\s+"
    rf"(?!{WISHES})"
    r"(?:[^,;.!?]|(?<=\d)[.,](?=\d)){3,}[,;]\s*(?!(?:el|la|los|las|lo|le|les|un|una|il|elle|elles|ils|on|ce|ça|"
    r"c['’]|o|a|os|as|um|uma|eu|ele|ela|eles|io|lui|lei|noi|nous|vous|je|j['’]|tu|yo|"
    r"nosotros|usted|es|está|era|fue|hay|há|é|è|sería|seria|sarà|sera|serait|no\s+pasa|"
    r"não\s+(?:tem|há|é)|pas\s+de|tant|tanto|mejor|melhor|mieux|meglio|genial|perfecto|"
    r"perfeito|ótimo|parfait|super|ok|vale|bueno|bom|bien|bene|claro|tudo|todo|tout|"
    r"tutto|nada|rien|niente|nenhum|ningún|ninguno|aucun|nessun)\b)[^\W\d_]{2,}|"
    # German and Dutch put the verb first after a condition, an order ("Falls der Import
    # scheitert, brich ab", "Als de import mislukt, stop dan") and a statement alike: the
    # statement's subject follows its verb ("Wenn es regnet, bleibe ich zu Hause.")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?:wenn|falls|sobald|sofern|als|indien|zodra|wanneer)\s+"
    rf"(?!{WISHES})(?:[^,;.!?]|(?<=\d)[.,](?=\d)){{3,}}[,;]\s*(?:dann\s+|bitte\s+)?"
    r"(?!(?:ist|sind|war|wird|wäre|würde|hat|haben|kann|könnte|is|zijn|was|wordt|heeft|kan|"
    r"zou|gaat|dan|das|der|die|es|er|ich|wir|man|het|de|ik|we|wij|hij|ze|zij|men|mach|"
    r"ga|gerne|gerust|kein\s+problem|geen\s+probleem|prima|super|gut|goed|ok)\b)"
    r"[^\W\d_]{2,}\b(?!\s+(?:ich|er|es|wir|man|ik|het|hij|we|wij|ze|zij|men|je)\b)|"
    # past a bound, then an order (or what "we" do): "Au-delà de 3 relances, on arrête et tu
    # m'écris.", "Nach 3 Fehlversuchen, brich ab.", "Más de 5 errores, para todo."
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?:au-delà\s+d['’e]\s*|après|plus\s+de|nach|mehr\s+als|más\s+de|"
    r"después\s+de|oltre|dopo|acima\s+de|depois\s+de|mais\s+de|boven|meer\s+dan)\s*"
    r"\d[\d.,]*\s*%?(?:\s+[^\s,;.!?]+){0,3}\s*,\s*(?:on\s+|wir\s+|we\s+|dann\s+|alors\s+)?"
    r"(?!(?:est|sont|il|elle|le|la|les|es|ist|der|die|das|el|lo|è|é|het|de|is|was|war|fue|"
    r"était|era|foi|c['’]est|ça|ca|tout|alles|todo|tutto|tudo|alle?s?)\b)[^\W\d_]{2,}\b|"
    # "always" opening an order: "Toujours arrondir …", "Siempre redondea …", "Immer auf …
    # runden.", "Altijd UTC gebruiken" (not a status: "Siempre es así", "Immer ist was")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s)|(?<=\bfavor\s))(?:siempre|sempre)\s+\w+(?:ar|er|ir|re)\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s)|(?<=\bbitte\s))(?:toujours|immer|altijd|alltid|altid|zawsze)\s+(?!(?:me|nos|mi|ci|mich|mir|uns|ist|war|sind|es|está|era|fue|est|était|è|é|foi|is|was|"
    r"ha|hat|hay|il|elle|le|la|lo|el|het|de|der|die|das|ça|c['’]est|so|así|assim|così|zo|"
    r"gleich|dasselbe|pareil|hetzelfde|wieder|noch|mehr|öfter|weniger|besser|schlimmer|to|"
    # (still nothing, still not: a status, "toujours rien de mon côté")
    r"rien|pas|personne|nichts|niets|niks|nada|nic)\b)"
    r"[^\W\d_]|"
    # Swedish, Norwegian, Danish: "Rör aldrig produktionen.", "Du får inte …", "Du må ikke …"
    r"\b(?:aldrig|aldri|förbjudet|forbudt|forbudt)\b|\b(?:du|ni|dere|i)\s+(?:får|må|skal|ska|måste)\s+"
    r"(?:inte|ikke|ikkje|aldrig|aldri|alltid|altid)\b|\b(?:du|ni)\s+måste\s+\w|"
    # ... "we" or "one" may not, before a verb ("Vi får inte byta till …", R40-R2; not "Vi får
    # inte in några ordrar", where "få" is "get")
    r"\b(?:vi|man)\s+(?:får|må|skal|ska)\s+(?:inte|ikke|ikkje)\s+(?!in\b|ut\b|nogen|några|något|"
    r"noe|noget)\w+[ae]\b|"
    # Polish: the order after a condition is an imperative ("…, oznacz klauzulę")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?:jeżeli|jeśli|gdy|kiedy|o\s+ile)\s+"
    r"(?!(?:masz\s+(?:chwilę|czas)|chcesz|możesz|ci\s+pasuje)\b)[^,;.!?]{3,}[,;]\s*(?:to\s+)?"
    r"\w+(?:aj|ij|yj|uj|cz|sz|ń|ź)(?:cie)?\b|"
    # a ban said to the listener with a negated modal: "Tu ne dois pas …", "Non devi mai …"
    r"\b(?:tu|vous)\s+ne\s+(?:dois|devez|peux|pouvez)\s+(?:pas|jamais|plus|rien|aucun)\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:,]\s))non\s+(?:devi|dovete|puoi|potete)\b|"
    r"\b(?:bajo\s+ningún\s+concepto|en\s+ningún\s+caso|de\s+ninguna\s+manera|por\s+nada\s+del\s+mundo|"
    r"in\s+nessun\s+caso|em\s+hipótese\s+alguma|de\s+jeito\s+nenhum|en\s+aucun\s+cas|"
    r"in\s+geen\s+geval|onder\s+geen\s+beding)\b|"
    # a thing kept as it is: "Bitte lass die Config unverändert.", "Laisse le schéma tel quel."
    r"\b(?:lass|lasst|lassen\s+sie|deja|dejad|laisse|laissez|lascia|lasciate|deixe|deixa|laat)\s+"
    r"(?:\S+\s+){0,5}?(?:unverändert|unangetastet|in\s+ruhe|wie\s+(?:es|sie)\s+(?:ist|sind)|"
    r"como\s+está|intact[oa]?s?|intacte?s?|tel(?:le)?s?\s+quel(?:le)?s?|com['’]è|intatt[oaie]|"
    r"ongewijzigd|zoals\s+(?:het|ze)\s+(?:is|zijn)|met\s+rust|sin\s+cambios|sem\s+alterações)|"
    # a modal of obligation said to the listener: "Du musst vor jedem Merge …", "Debes
    # avisarme …", "Devi sempre chiedermi …", "Você deve pedir …", "Je moet altijd …",
    # "Musisz zawsze …" (not a guess: "Debes de estar cansado", "Devi essere stanco")
    # ("Du musst dich nicht entschuldigen": "müssen nicht" is "need not")
    r"\b(?:du\s+musst|ihr\s+müsst|(?-i:Sie)\s+müssen)\s+(?![^.!?;,]*\bnicht\b)\w|"
    r"\b(?:du\s+sollst|ihr\s+sollt|debes|debéis|deben|usted\s+debe|devi|dovete|deve\s+sempre|você\s+(?:deve|precisa)|"
    r"vocês\s+(?:devem|precisam)|deves|tens\s+que|têm\s+que|(?:je|jij|u)\s+moet|"
    r"jullie\s+moeten|u\s+dient|musisz|musicie|należy|nie\s+wolno)\s+"
    r"(?!(?:de\s+)?(?:estar|ser|haber|essere|avere|sein|zijn|nicht\s+\w+en\s*[.!?]?$)\b)\w|"
    # Polish and Turkish: "Nie usuwaj …", "Nigdy nie …", "Zawsze pytaj …"; "asla değiştirme"
    rf"(?:^|(?<=\n)|(?<=[.!;:,]\s))(?:nigdy\s+)?nie\s+(?!{REASSURED_PL})\w+(?:aj|uj|ij|yj)(?:cie)?\b|"
    r"\bnigdy\s+nie\b|\bzawsze\s+\w+(?:aj|uj|ij|yj)(?:cie)?\b|\b(?:zabronion|zakazan)\w*|"
    r"\b(?:asla|kesinlikle|hiçbir\s+zaman)\s+(?:\S+\s+){0,3}?\w+(?:ma|me|mayın|meyin|"
    r"mayınız|meyiniz)\b|\byasak(?:tır)?\b|\bzorundas\w*|\bmutlaka\b|"
    # French: "Ne …" / "N'…" opening its clause is an order
    r"(?:^|(?<=\n)|(?<=[.!;:,]\s)|(?<=\bet\s)|(?<=\bmerci\s\bde\s))"
    r"(?!ne\s+(?:vous\s+)?(?:inquiét|inquiet|en\s+fai|t['’]inqui))"
    r"(?:ne\s+(?:[mtl]['’])?\w+\s+(?:\S+\s+)?(?:pas|jamais|plus|rien|aucun|aucune)|"
    r"n['’]\w+\s+(?:\S+\s+)?(?:pas|jamais|rien|aucun|aucune))\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))pas\s+de\s+(?!(?:problème|souci|soucis|quoi|panique|chance|réponse|"
    r"nouvelles|erreur|changement)\b)\w|"
    r"\b(?:interdit|interdite|interdits|interdites|interdiction|uniquement|"
    r"vous\s+devez(?!\s+être)|tu\s+dois(?!\s+être)|il\s+(?:ne\s+)?faut(?!\s+que\s+(?:je|j['’])))\b|"
    r"\b(?:merci\s+de|veuillez)\s+ne\s+(?:pas|jamais|plus)\b|\b(?:évite|évitez)\s+de\b|"
    # a ban said of whoever does the work ("Le technicien ne doit pas passer par le jardin",
    # R40-R4)
    r"\bne\s+(?:doit|doivent|devra|devront)\s+(?:pas|jamais|plus)\b|"
    r"\btoujours\s+(?:demander|vérifier|utiliser|passer|prévenir)\b|"
    r"\bsans\s+(?:\S+\s+){0,2}?(?:autorisation|accord|permission|validation)\b"
    r")"
)

EUROPEAN_CORRECTION = compiled_on_use(
    r"(?ix)(?:"
    r"\b(?:korrektur|korrigier\w*|stattdessen|ich\s+meinte|das\s+(?:ist|war)\s+falsch|"
    r"corrección|en\s+(?:lugar|vez)\s+de|me\s+equivoqué|quise\s+decir|plutôt\s+que|"
    r"au\s+lieu\s+de|je\s+me\s+suis\s+trompée?|je\s+voulais\s+dire|erratum)\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:,]\s))falsch\s*:|"
    r"\b(?:poprawka|korekta|sprostowanie|pomyliłe[mś]|pomyliłam)\b|(?:(?<=,\s)|(?<=;\s))a\s+nie\s+\w|"
    # the other way round, or what the speaker meant: "Anzi, usa la porta 8443.", "c'est
    # l'inverse", "Não, eu quis dizer …"; a bare "no" opening the turn ("Nein, …", "Non, …")
    r"\b(?:anzi|al\s+contrario|au\s+contraire|im\s+gegenteil|integendeel|pelo\s+contrário|"
    r"al\s+revés|l['’]inverse|quis\s+dizer|volevo\s+dire|ik\s+bedoelde|ich\s+meine)\b|"
    r"^\W*(?:nein|non|nee|não|no|nej|nei)\s*[,.!:;—–]\s*(?!(?:merci|danke|grazie|gracias|obrigad[oa]|"
    r"tack|takk|tak|"
    r"bedankt|dank|problem|problème|problema|probleem|c['’]est\s+(?:bon|parfait|ok)|alles\s+gut|"
    r"tutto\s+bene|todo\s+bien|tudo\s+bem|va\s+bene|ça\s+va|vale)\b)|"
    # "Utilise plutôt la branche release." (an order to take another), not "Il fait plutôt beau"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?!(?:il|elle|on|ce|ça|le|la|les|je|tu|nous|vous|ils|elles)\b)"
    r"\w+(?:e|ez|s)\s+plutôt\b|"
    # a contrast after a comma: "25 %, nicht 20 %", "el 5, no el 3", "8 000 EUR, pas 6 000"
    r"(?:(?<=,\s)|(?<=;\s))(?:nicht|pas)\s+\w|(?:(?<=,\s)|(?<=;\s))no\s+(?:el|la|los|las)\s+\w|"
    # ... in Portuguese, Italian, Dutch: "R$ 1.284,90, não R$ 1.248,90", "3.000 euro, non 30.000"
    r"(?:(?<=,\s)|(?<=;\s))(?:não|non|niet)\s+(?:o\s+|a\s+|il\s+|la\s+|de\s+|het\s+)?[\w$€£]|"
    r"\bnicht\s+(?:\S+\s+){1,4}?sondern\b|\bno\s+(?:\S+\s+){1,4}?sino\b|"
    # ... with its conjunction: "12 %, et non 15 %", "el 5, y no el 3", "8 %, en niet 7 %"
    r"(?:(?<=,\s)|(?<=;\s))(?:et\s+non|et\s+pas|y\s+no|e\s+non|e\s+não|en\s+niet|und\s+nicht)\s+[\w$€£]|"
    # a correction named ("Petite rectification :", "Berichtigung:", "Correzione:") or the
    # speaker's own error ("me confundí", "mi sono sbagliato", "ik vergiste me", "errei")
    r"\b(?:rectif\w*|berichtigung|correzione|corre(?:c)?ção|correctie|corrigindo|corrijo|"
    r"me\s+confund\w+|mi\s+sono\s+sbagliat[oa]|ho\s+sbagliato|errei|me\s+enganei|"
    r"ik\s+vergiste\s+me|ik\s+heb\s+me\s+vergist|foutje|ich\s+hab(?:e)?\s+mich\s+(?:geirrt|vertan)|"
    r"mein\s+fehler|erreur\s+de\s+ma\s+part|mi\s+error|culpa\s+mía|colpa\s+mia|meu\s+erro)\b"
    r")"
)

EUROPEAN_STEERING = compiled_on_use(
    f"{EUROPEAN_CONSTRAINT.pattern}|{EUROPEAN_CORRECTION.pattern[len('(?ix)') :]}"
)

# A question that asks for a rule (the European forms of ``ASKS_FOR_A_RULE``): "Zou je
# src/legacy alsjeblieft nooit willen aanraken?", "Könntest du bitte nie auf main pushen?",
# "¿Podrías no tocar nunca la base?" (red team RT22-6)
ASKS_FOR_A_RULE_ELSEWHERE = compiled_on_use(
    r"(?i)\W*(?:zou\s+(?:je|u)|kun\s+je|kunt\s+u|wil\s+je|wilt\s+u|könntest\s+du|kannst\s+du|"
    r"würdest\s+du|könnten\s+sie|würden\s+sie|podrías|podría|puedes|pourrais-tu|peux-tu|"
    r"pourriez-vous|pouvez-vous|potresti|puoi|potrebbe|você\s+(?:poderia|pode)|poderia|"
    r"kunne\s+du|kan\s+du|skulle\s+du|voisitko|voisitteko|tudnál|tudnád|możesz|mógłbyś|"
    r"mogłabyś)\b[^?]*?\b(?:nooit|niemals|nie|nunca|jamais|mai|aldrig|aldri|koskaan|soha|"
    r"nigdy)\b"
)

# where a sentence ends, and a question's opening words
QUESTION_OPENING = compiled_on_use(
    r"(?i)\s*(?:¿|est-ce\b|muss\s+ich\b|soll(?:en)?\s+(?:ich|wir)\b)"
)

# A request that (re)states the whole task.
RESTATES = compiled_on_use(
    r"(?ix)\b(?:the\s+(?:overall\s+|main\s+|real\s+|actual\s+)?(?:goal|task|objective|mission|aim)\s+"
    r"(?:is|remains|was)|new\s+(?:goal|task|plan)|to\s+restate|to\s+recap|to\s+be\s+clear|"
    r"restat(?:ing|ed)|(?:whole|main|real|entire|only)\s+point\s+(?:is|was|remains|here)|"
    r"bottom\s+line|what\s+(?:we|i)\s+(?:really\s+|actually\s+)?(?:want|need)\s+is|"
    r"(?:let['’]?s|we\s+need\s+to|i\s+(?:want|need)\s+(?:you\s+)?to)\s+(?:now\s+)?(?:refocus|pivot)|"
    r"change\s+of\s+plans?|from\s+now\s+on\s+the\s+task|"
    r"new\s+(?:top\s+)?(?:priority|assignment|direction)|switch(?:ing)?\s+gears|different\s+task|"
    r"(?:drop|forget|scrap|abandon|park|pause|shelve|stop)\s+(?:working\s+on\s+)?(?:the|that|this|my|our)\s+"
    r"(?:previous|old|current|earlier|last|other|original)\s+(?:task|plan|goal|work|request|ticket))\b"
)

# A request that opens by restating the task, in the languages users write in ("Zmiana
# planów: …", "Nieuw plan: …", "方針変更です：…", "Mudança de planos: …", "계획 변경: …",
# "Đổi kế hoạch: …"): the phrase opens the turn (after one word, "OK, …") and a mark
# follows it. Read at a text's opening only (``RESTATES_OPENING_BULK`` reads the openings
# of many texts at once, one a line).
# a verb of repeating or summing up, or "again" ("Let me restate …:", "Te repito el
# objetivo:", "Ξαναλέω τι κάνουμε:"), by language: stems, the verb's endings after them
REPEATED = (
    r"restat|reiterat|recap|repeat|once\s+more|one\s+more\s+time|zusammenfass|wiederhol|"
    r"noch\s*(?:ein)?mal|nochmals|reformul|répète|répéter|rappel|repit|repet|recapitul|resum|"
    r"riassum|ripet|herhaal|upprepa|gjenta|gentag|powtarza|powtórz|przypomn|zopakuj|opakuj|"
    r"ponavlja|ponovi|kertaa|toista|összefoglal|megismétl|ξαναλέ|επαναλαμβ|ανακεφαλαι|tekrar|"
    r"özetl|повтор|напомн|нагада|nhắc\s+lại|tóm\s+lại|ulangi|mengulang|narudia|nakariri|rudia|"
    r"دوباره|تکرار|خلاصه|আবার|পুনরায়|সংক্ষেপে|दोहरा|फिर\s+से|दोबारा|שוב|חוזר|もう一度|改めて|"
    r"다시|重申|再说一遍|重复|อีกครั้ง|ทวน|مجدد|أكرر"
)
_RESTATES_OPENING = (
    r"(?i)^(?:[^\w\n]*(?:[\w']+[ \t]*[,!、，][ \t]*)?(?:"
    r"zmiana\s+plan(?:u|ów)|nowe\s+zadanie|nowy\s+plan|"
    r"nieuwe?\s+(?:plan|taak|opdracht|doel)|planwijziging|verandering\s+van\s+plan(?:nen)?|"
    r"planänderung|planwechsel|neuer\s+plan|neue\s+aufgabe|neues\s+ziel|"
    r"changement\s+de\s+plans?|nouveau\s+plan|nouvelle\s+(?:tâche|mission)|nouvel\s+objectif|"
    r"cambio\s+de\s+planes?|nuevo\s+(?:plan|objetivo)|nueva\s+tarea|"
    r"mudança\s+de\s+planos?|novo\s+(?:plano|objetivo)|nova\s+tarefa|"
    r"cambio\s+di\s+(?:piano|piani|programma|programmi)|nuovo\s+(?:piano|compito|obiettivo)|"
    r"ändrade\s+planer|ny\s+(?:plan|uppgift|oppgave|opgave)|nytt\s+mål|"
    r"endring\s+av\s+plan(?:ene)?|ændring\s+af\s+plan(?:en|erne)?|"
    r"suunnitelman\s+muutos|suunnitelma\s+muuttui|uusi\s+(?:suunnitelma|tehtävä)|tervváltozás|"
    r"(?:változott|módosult|megváltozott)\s+a\s+terv|új\s+(?:terv|feladat)|"
    r"plans?\s+(?:change|changed|has\s+changed|have\s+changed)|change\s+in\s+plans?|"
    r"(?:nagbago|iba\s+na)\s+ang\s+plano|bagong\s+(?:plano|gawain)|"
    r"plan\s+badal\s+(?:gaya|gayi)|naya\s+plan|perubahan\s+rancangan|rancangan\s+baru|"
    r"planul\s+s-a\s+schimbat|plan\s+nou|plannen\s+gewijzigd|"
    r"পরিকল্পনা\s+(?:বদলেছে|বদলে\s+গেছে|পাল্টেছে)|পরিকল্পনায়\s+পরিবর্তন|নতুন\s+পরিকল্পনা|"
    r"změna\s+plánu|nový\s+(?:plán|úkol)|schimbare\s+de\s+plan|"
    r"plan\s+değişikliği|yeni\s+(?:plan|görev)|"
    r"смена\s+планов|изменение\s+планов?|новый\s+план|новая\s+задача|"
    r"зміна\s+планів|новий\s+план|нове\s+завдання|нова\s+задача|"
    r"(?:thay\s+)?đổi\s+kế\s+hoạch|kế\s+hoạch\s+mới|nhiệm\s+vụ\s+mới|"
    r"perubahan\s+rencana|ganti\s+rencana|rencana\s+baru|tugas\s+baru|"
    r"تغيير\s+(?:في\s+)?الخطة|خطة\s+جديدة|مهمة\s+جديدة|"
    r"योजना\s+(?:में\s+)?बदलाव|नई\s+योजना|नया\s+काम|"
    r"שינוי\s+(?:תוכניות|תוכנית)|תוכנית\s+חדשה|משימה\s+חדשה|"
    r"αλλαγή\s+σχεδίων|νέο\s+σχέδιο|νέα\s+εργασία|"
    r"方針変更|計画変更|予定変更|新しい(?:タスク|方針|計画)|"
    r"계획\s*변경|새(?:로운)?\s*(?:계획|작업)|방향\s*전환|"
    r"计划有变|改变计划|计划变更|新任务|新计划|เปลี่ยนแผน|แผนใหม่|งานใหม่)"
    r"(?:[ \t]*(?:です|だ|입니다|이에요|예요|了|啦))?[ \t]*[:：!！.。,，—–-]|"
    # ... or a short label that says the task is said again, a colon after it ("Let me
    # restate what we're doing: …", "Nochmal zur Aufgabe: …", "Zopakujem úlohu: …", "আবার
    # বলছি আমরা কী করছি: …"): a verb of repeating or an "again" within its first words
    r"[^\w\n]*(?:[^\s:：—–.!?]+[ \t]+){0,3}?(?:" + REPEATED + r")[^\s:：—–.!?]*"
    r"(?:[ \t]+[^\s:：—–.!?]+){0,5}?[ \t]*[:：—–])"
)
RESTATES_OPENING = compiled_on_use(_RESTATES_OPENING)

# A task said again by its shape, in any language read: at the turn's opening or after a
# label's colon ("Andere aanpak: het nieuwe doel is …", "Měníme směr: teď je cílem …"), a word
# for "new" or "now" next to a word for the goal ("new goal", "nieuwe doel", "obiectivul
# nou", "tujuan baru", "sasa lengo", "अब लक्ष्य", "नया लक्ष्य"), within a word of each other,
# after at most one word (an article: "het", "el"; not a verb and its object: "Add a new goal …")
_GOAL_NOUN = (
    r"goal|aim|objective|doel|ziel|objetivo|obiettivo|objectif|cel(?:em)?|cíl(?:em)?|obiectiv\w*|"
    r"hedef\w*|amac\w*|amaç\w*|цел[ьи]\w*|мета|мети|mục\s+tiêu|tujuan\w*|sasaran\w*|lengo|malengo|"
    r"tavoite\w*|mål(?:et)?|στόχος|लक्ष्य|उद्देश्य|मक़सद|मकसद|مقصد|ہدف|هدف|الهدف|מטרה|המטרה|লক্ষ্য|"
    r"উদ্দেশ্য|목표|目標|目标|เป้าหมาย"
)
_NEW_OR_NOW = (
    r"new|now|nieuwe?|neue[sn]?|nuev[oa]|nuov[oa]|nouvel(?:le)?|nov[oaéý]|nowy|nowe|nou[lă]?|"
    r"yeni|нов\w+|mới|baru(?:nya)?|jipya|mpya|uusi|nya|nytt?|νέος|νέο|νέα|नया|नई|نیا|نئی|جدید|الجديد|"
    r"חדשה|নতুন|새|新しい|新的?|ahora|agora|ora|adesso|maintenant|désormais|jetzt|nun|nu|teraz|"
    r"teď|acum|artık|şimdi|теперь|тепер|сейчас|bây\s+giờ|sekarang|kini|sasa|nyt|τώρα|अब|اب|"
    r"حالا|اکنون|الآن|עכשיו|এখন|이제|今は?|现在|ตอนนี้"
)
NEW_GOAL = compiled_on_use(
    r"(?i)(?:^|[:：;—–]|,\s)\s*(?:[^\s:：;,]+\s+)?(?:"
    rf"(?:{_NEW_OR_NOW})\s*(?:[^\s:：;,]+\s+)?(?:{_GOAL_NOUN})|"
    rf"(?:{_GOAL_NOUN})\s*(?:[^\s:：;,]+\s+)?(?:{_NEW_OR_NOW}))(?!\w)"
)
RESTATES_OPENING_BULK = compiled_on_use(_RESTATES_OPENING, re.MULTILINE)

# Corrections and rules in Chinese and Japanese (the patterns above read English words).
# They are looked for in a text's opening and ending only (what ``_unspaced_ends`` gives):
# rules are stated in short turns, and a long pasted document in these scripts must cost a
# fit no scan of its whole length. Every alternative starts with a literal character (the
# engine then skips the positions that start none at C speed); what must not precede it is
# a lookbehind after that character ("不(?<!要不)要": 不要 but not 要不要, "shall I?").
# A sentence that asks something is no rule ("为什么不能登录？", "なぜ必ず失敗するのですか").
# Rules and corrections in Cyrillic, Greek, Hebrew, Arabic, Devanagari, Thai and Hangul, by
# their grammar: a negated imperative ("Не трогай …", "Не змінюй …", "Μην αγγίζεις …",
# "لا تحذف …", "אל תמחק …", "… मत छुओ", "อย่าลบ…", "… 건드리지 마"), a modal of obligation or a ban
# word ("Вы должны …", "Πρέπει να …", "يجب أن …", "חובה …", "ज़रूरी", "ต้อง…", "…야 합니다",
# "금지"), a condition then an order ("Если …, откати …"), a contrast ("5433, а не 5432").
# Read like the Chinese and Japanese ones (a text's ends, sentence by sentence, no question).
# Letters are named by their script's range, never ``\w`` (RE2's ``\w`` is ASCII); a word's
# start is a lookbehind after its first letter (the engine skips positions by that letter).
_CYR, _GRK, _HEB, _ARA = (
    "\u0400-\u04ff",
    "\u0370-\u03ff\u1f00-\u1fff",
    "\u0590-\u05ff",
    "\u0600-\u06ff",
)
_DEV, _THAI, _HANGUL = "\u0900-\u097f", "\u0e00-\u0e7f", "\uac00-\ud7a3"
# (a lookbehind a word: "אל" after "בבקשה " is still "don't")
_AFTER_HEBREW_BEFORE_DONT = "|".join(rf"(?<={w}\s.)" for w in HEBREW_BEFORE_DONT)
_BN = "\u0980-\u09ff"  # Bengali
_KA = "\u10d0-\u10ff"  # Georgian (Mkhedruli)
_TR = "a-zçğıöşü"  # Turkish lower-case letters (its texts are told by ı, ş, ğ)
# a Russian or Ukrainian imperative: a word ending in -й, -и or -ь (and -те, -ся), not a
# past plural ("не успели"), an adjective ("не новый"), a second person ("не знаешь"), a
# gerund: "…, не зламавши нічний експорт", "не ламаючи" (without breaking: a request's
# manner, as "without breaking" is, not an order of its own)
_CYR_IMPERATIVE = (
    rf"[{_CYR}]+?(?:[йиь]|[йиь]те)(?:ся|сь)?(?![{_CYR}])"
    r"(?<!ли)(?<!лись)(?<![ыи]й)(?<!шь)(?<!очень)(?<!здесь)(?<!вши)(?<!вшись)(?<![юя]чи)"
)
OTHER_SCRIPT_CONSTRAINT = (
    rf"[Нн](?<![{_CYR}].)е\s+(?:надо|нужно|стоит|треба|варто|смей|смейте|"
    # (a reassurance, no order: "Не переживай", "Не хвилюйся", R16-I1)
    r"(?!пережива|волну|беспоко|парь|бойся|бойтесь|хвилю|турбу|перейма|извиня|вибача|стесня|"
    rf"нерву){_CYR_IMPERATIVE})|"
    rf"[Нн](?<![{_CYR}].)(?<![{_CYR}]\s.)(?:икогда|іколи)\s+не\s|[Нн](?<![{_CYR}].)ельзя|[Зз]апрещ[её]н|[Зз]аборонен|[Нн]е\s+можна|[Оо]бязательно|"
    r"[Оо]бов['’]язково|[Нн]еобходимо|[Нн]и\s+в\s+коем\s+случае|[Пп]ід\s+жодним\s+приводом|"
    rf"[ТтВв](?<![{_CYR}].)[ыи]\s+(?:[{_CYR}]+\s+)?(?:должн[ыао]?|должен|обязан[ыа]?|"
    rf"повин(?:ен|на|ні)|мусиш|мусите)(?![{_CYR}])|"
    rf"[ВвЗз](?<![{_CYR}].)(?:сегда|авжди)\s+{_CYR_IMPERATIVE}|"
    rf"[ЕеЯяКк](?<![{_CYR}].)(?:сли|кщо|огда|оли)\s+[^,.!?;\n]{{3,}},\s*(?:то\s+|тоді\s+|тогда\s+)?"
    rf"{_CYR_IMPERATIVE}|"
    # Georgian: "never", a prohibitive, "forbidden", "necessarily", "may not", "nothing" then
    # an optative ("არასოდეს გაუშვა …", "ნუ შეცვლი …", "პარასკევს არაფერი შეაერთო, …")
    rf"ა(?<![{_KA}].)რასოდეს|ნ(?<![{_KA}].)უ\s|აკრძალულია|აუცილებლად|ა(?<![{_KA}].)რ\s+შეიძლება|"
    rf"ა(?<![{_KA}].)რაფერი\s+[{_KA}]+ო(?![{_KA}])|"
    rf"[Μμ](?<![{_GRK}].)ην\s+(?!ανησυχ|στεναχωρ|φοβ)[{_GRK}]|"
    rf"[Μμ](?<![{_GRK}].)η\s+[{_GRK}]+(?:ς|τε)(?![{_GRK}])|[Ππ]οτέ\s+μη|[Αα]παγορεύεται|[Υυ]ποχρεωτικ|"
    rf"[Ππ]ρέπει\s+(?:πάντα\s+|πάντοτε\s+)?να\s+[{_GRK}]+(?:εις|είς|ετε|είτε|άς|ας|ις|ης)(?![{_GRK}])|"
    rf"ل(?<![{_ARA}].)ا\s+ت(?!زال|قلق[^\u0621-\u064a]|قلق$|خاف|حزن|هتم|عتذر)[{_ARA}]{{2,}}|ممنوع|يجب\s+(?:أن|ان|عليك|عليكم)|"
    r"عليك\s+(?:أن|ان)|لا\s+يجوز|إياك|يجب\s+(?:ألا|الا|أن\s+لا)|(?:يرجى|يُرجى|الرجاء|رجاء)\s+عدم|"
    r"لا\s+يُسمح|لا\s+يسمح|غير\s+مسموح|"
    # (Hebrew's "don't" opens its clause, or follows "please", "never", "but" …: "העבר אל
    # תיקיית הגיבוי" is "move to the backup folder", review45 R45-neg2)
    rf"א(?<![{_HEB}].)(?:(?<![{_HEB}]\s.)|{_AFTER_HEBREW_BEFORE_DONT})"
    rf"ל\s+ת(?!דאג|פחד|צטער|תבייש)[{_HEB}]{{2,}}|"
    r"אסור|חובה|ח(?<!אני ח)ייב(?:ים|ת|ות)?\s+ל|"
    rf"म(?<![{_DEV}].)(?<!चिंता म)(?<!चिन्ता म)(?<!फ़िक्र म)(?<!फ़िक्र म)(?<!फिक्र म)"
    rf"(?<!घबराओ म)(?<!घबराइए म)(?<!डरो म)त(?![{_DEV}])|कभी\s+(?:भी\s+)?(?:मत|नहीं\s+[{_DEV}]+ना)(?![{_DEV}])|"
    "(?:\u095b|\u091c\u093c|\u091c)रूरी|आवश्यक|अनिवार्य|वर्जित|प्रतिबंधित|मना\\s+है|"
    rf"न(?<![{_DEV}].)हीं\s+[{_DEV}]+ना\s+है|"
    r"ห้าม|อย่า(?!ง|กังวล|ห่วง|เครียด|ตกใจ|เกรงใจ|คิดมาก|กลัว)|ต(?<!ผมต)(?<!ฉันต)(?<!เราต)้อง(?!การ)|เด็ดขาด|ไม่ควร|"
    r"지(?<!걱정하지)(?<!걱정 하지)(?<!신경 쓰지)(?<!신경쓰지)(?<!미안해하지)(?<!긴장하지)"
    r"(?<!무서워하지)(?:\s*마(?:세요|십시오|시오|라|요)?(?=[\s.!。,]|$)|\s*말(?:아|고|\s*것|기|도록)|\s*않도록)|"
    r"절대\s*안\s*(?:돼|됩니다)|반드시|금지|면\s*안\s*(?:돼|됩니다|되요|돼요|된다)|"
    r"야\s*(?:합니다|해요|한다|돼요|됩니다|된다|해(?=[\s.!]|$))|"
    # Turkish: a condition ("…geçerse", "…olursa") then a clause ending in no tense or person
    # of a statement ("…durdur ve bana haber ver.", not "…iptal edilir.", "…kalırım.")
    rf"[rz]s[ae](?![{_TR}])[^.!?;\n]+?(?<![{_TR}])[{_TR}]{{2,}}"
    r"(?<!ır)(?<!ir)(?<!ur)(?<!ür)(?<!yor)(?<!dı)(?<!di)(?<!du)(?<!dü)(?<!tı)(?<!ti)(?<!tu)(?<!tü)"
    r"(?<!cak)(?<!cek)(?<!mış)(?<!miş)(?<!muş)(?<!müş)(?<!ım)(?<!im)(?<!um)(?<!üm)(?<!ız)(?<!iz)"
    r"(?<!uz)(?<!üz)(?<!lar)(?<!ler)\s*(?:[.!;]|$)|"
    # Vietnamese: "Không được …", "Đừng …", "Cấm …", "Nếu … thì <verb>"
    r"[Kk]hông\s+(?:được|bao\s+giờ|nên)\s|[Đđ]ừng\s+(?!lo\b|ngại|sợ|buồn|bận\s+tâm|áy\s+náy|khách\s+sáo|vội)|[Cc]ấm\s|[Tt]uyệt\s+đối\s+không|[Bb]ắt\s+buộc|"
    # ("Luôn chạy …" opening its clause: "always" said to the listener)
    r"L(?<![^\s.!?,;:\n]L)uôn\s+(?!là\s)|"
    # Bengali: a polite or familiar negated imperative ("… মুছবেন না", "… কোরো না"), "must"
    # ("করতেই হবে"), "forbidden", "always" before a polite imperative
    rf"(?:বেন|িও)\s+না(?![{_BN}])|তে(?:ই)?\s+হবে|অবশ্যই|নিষিদ্ধ|"
    rf"স(?<![{_BN}]স)বসময়(?:ই)?\s+[^।!?\n]+?(?:ুন|ান|েন)(?![{_BN}])|"
    # Persian: "never", a negated imperative of the common light verbs ("… پاک نکن"), "must"
    # said to the listener, "always … کن/کنید"
    rf"هرگز|ه(?<![{_ARA}]ه)میشه\s+[^.!?؟\n]+?\s(?:کن|کنید|بزن|بزنید|بده|بدهید|بگیر|بکن|باش|باشید)(?![{_ARA}])|"
    rf"ن(?<![{_ARA}]ن)(?:کن|کنید|زن|زنید|ده|دهید|رو|روید|گذار|گذارید|بر|برید|ریز|ریزید|فرست|فرستید)(?![{_ARA}])|"
    r"حتما|حتماً|(?<!من )باید\s|"
    r"[Cc]hỉ\s+được\s|[Nn]ếu\s+(?!bạn\s+muốn)(?!anh\s+muốn)(?!chị\s+muốn)(?!bạn\s+rảnh)(?!có\s+thời\s+gian)"
    r"(?!bạn\s+có\s+thời\s+gian)"
    r"[^.!?;\n]{3,}?\s+thì\s+[^\s\d.!?]"
)
OTHER_SCRIPT_CORRECTION = (
    rf",\s*а\s+не(?![{_CYR}])|[Пп]оправка|[Ии]справлени[ея]|[Вв]иправлення|"
    rf"[Яя](?<![{_CYR}].)\s+(?:ошиб(?:ся|лась)|помили(?:вся|лася))|[Нн]а\s+самом\s+деле|[Нн]асправді|"
    rf"[Вв](?<![{_CYR}].)место(?![{_CYR}])|[Зз]амість|[Нн](?<![{_CYR}].)е\s+(?:тот|та|то|те|той|туда)\s|"
    rf"[Ии]мел[аи]?\s+в\s+виду|[Мм]ав\s+на\s+увазі|"
    rf"[Δδ]ιόρθωση|,\s*όχι(?![{_GRK}])|[Αα]ντί\s+(?:για|του|της|το)(?![{_GRK}])|"
    r"تصحيح|[،,]\s*(?:وليس|لا)\s|بدلا\s+من|بدلاً\s+من|"
    rf"תיקון|טעיתי|ב(?<![{_HEB}].)מקום(?![{_HEB}])|"
    r"सुधार\s*[:：]|मेरी\s+ग़?लती|के\s+बजाय|की\s+जगह|"
    r"ไม่ใช่[^\s。]{1,30}?แต่|ที่ถูกคือ|ที่ถูกต้องคือ|พิมพ์ผิด|พูดผิด|จำผิด|"
    rf"정정|[가이]\s*아니라|잘못\s*(?:말|썼|적었)|대신(?:에)?(?![{_HANGUL}])|"
    rf"[Dd]üzeltme|değil\s*,|[Yy]anlış\s+(?:yazmışım|söyledim|yazdım)|"
    # what the speaker wrote, owned as wrong: "yazdığım 8080 yanlıştı", "8080, который я
    # написал, был неверный"
    r"[YySsVvBb](?:azdığım|öylediğim|erdiğim|elirttiğim)\s+[^.!?;\n]{0,40}?[Yy]anlış|"
    rf"[Яя](?<![{_CYR}].)\s+(?:написал|указал|дал|сказал|назвал|написала|указала|дала|сказала)"
    rf"(?![{_CYR}])\s*,?\s*был[аио]?\s+(?:невер|ошибочн|ошибкой|неправил)|"
    r"[Ss]ửa\s+lại\s*:|,\s*không\s+phải\s|[Đđ]ính\s+chính|[Tt]ôi\s+nhầm|[Nn]hầm\s*:|"
    # "not X, but Y" opening the sentence ("Не в понедельник, а в среду.")
    rf"[Нн](?<![{_CYR}].)е\s+[^,.!?;\n]+,\s*а\s+[{_CYR}]|"
    # Bengali: "…, X নয়" (not X), "I meant", "I said it wrong"
    rf"[,،]\s*[^,।!?\n]+?\s+ন(?<![{_BN}]ন)য়(?![{_BN}])|বোঝাতে\s+চেয়েছিলাম|বলতে\s+চেয়েছিলাম|"
    r"ভুল\s+(?:বলেছি|লিখেছি|বলেছিলাম|লিখেছিলাম)|সংশোধন|"
    # Persian: "I meant", "، نه …", "I got it wrong"
    r"منظورم|منظور\s+من|[،,]\s*نه\s|اشتباه\s+(?:کردم|گفتم|نوشتم)|تصحیح"
)
UNSPACED_CORRECTION = compiled_on_use(
    r"其[实實](?=是|[应應][该該]|要|用|[该該])|不[对對](?![称稱等齐齊劲勁比照应應接外于於])|我[说說]的是|"
    r"我的意思是|[应應][该該]是|[应應][该該]用|改用|[换換]成|[换換]用|改成|改[为為]|才[对對]|代替|更正|"
    r"[纠糾]正|搞[错錯]|[说說][错錯]|弄[错錯]|，\s*不是|,\s*不是|不是[^。！？\n]{1,30}?而是|"
    r"不是[^。！？\n，,]+?[，,]\s*(?:而)?是|"
    r"実は|違います|ではなく|じゃなくて|訂正|間違(?!いな)|やっぱり|に変更|"
    + OTHER_SCRIPT_CORRECTION
)

UNSPACED_CONSTRAINT = compiled_on_use(
    r"不(?<!要不)要(?![紧緊]|[担擔]心|着急|著急|客[气氣]|[紧緊][张張]|害怕|在意|[难難][过過])|不(?<!我不)(?<!能不)(?<![们們]不)(?<!他不)(?<!她不)(?<!它不)能|不可以|"
    r"不[准準]|不[许許]|不得|禁止|[严嚴]禁|[绝絕][对對]不|千[万萬]不|千[万萬][别別]|"
    r"必[须須](?!的|承[认認]|[说說])|[务務]必|一定要|只能|只[许許]|[请請]勿|切勿|"
    # every time …, must; a condition, then an order with no subject ("如果迁移失败，就回滚")
    r"每(?:次|回|个|個)[^。！？\n]*?都(?:要|得|必[须須])|"
    r"如果(?!你想|您想|你愿意|你願意|方便|有空|你有[时時][间間])[^。！？\n，,]+?[，,]\s*(?:就|[请請]|[则則]|[务務]必|立刻|立即|[马馬]上)|"
    r"勿(?:[动動]|碰|改|[删刪]|用)|避(?<![^\s，。！？；：,.!?;:请請要量]避)免(?![^，。！？；\n]{0,12}?是)|"
    r"保持原[样樣]|[别別](?:碰|[动動]|改|用|[删刪]|跑|[运運]行|提交|推送|部署|再)|"
    r"保持[^。！？\n]{0,20}?不[变變]|"
    r"し(?<!心配し)(?<!気にし)ないで|[てで]は(?:いけ|ならな|なりま|だめ|駄目)|"
    r"な(?<!心配しな)(?<!気にしな)いでください|ないこと(?:。|$)|絶対に|"
    # a wish that binds the listener, not a thing done once: "教えないでほしい" (I'd like you
    # not to tell), "言ってほしくない", "ヒントだけにしてください" (hints only), "毎回…ください"
    # (every time), "その呼び方はやめてください" (stop it) (R41-F2: the student's wishes were
    # not read as rules)
    r"な(?<!心配しな)(?<!気にしな)いで(?:ほしい|欲しい|ね(?![^。！？\n]*[？?])|もらえ|いただけ)|"
    r"て(?:ほしく|欲しく)ない|だけにして(?:ください|ほしい|欲しい|ね|もらえ)|"
    r"(?:毎回|いつも)[^。！？\n]{0,30}?(?:ください|ほしい|欲しい)|やめて(?:ください|ほしい|欲しい)|"
    r"[别別](?:给|給|让|讓|叫|告[诉訴]|提|[发發]|打|[问問]|催|再[给給])|"
    # "…ないように" asks the listener not to do something ("本番DBに接続しないようにしてく
    # ださい"), unless it is the purpose of a request said before it, with its own subject:
    # "…を追加して、決済APIがタイムアウトしないようにしてください" asks to add something
    r"(?:^|[。！？!?\n、，,])[^。！？!?\n、，,が]*ないように|"
    r"(?:^|[。！？!?\n])[^。！？!?\n、，,]*ないように(?:して|する|お願い)|"
    r"必ず[^。！？\n]{0,20}?(?:して|ください|こと)|"
    r"だけを?(?:変更|編集|修正)|常に[^。！？\n]{0,30}?(?:ください|こと|してね)|一律|始[终終]要|[总總]是要|"
    r"항상[^.!?\n]{0,30}?(?:하세요|세요|하십시오|해야|해\s*주세요)|" + OTHER_SCRIPT_CONSTRAINT
)

QUESTION = compiled_on_use(
    r"(?:[？?؟]|[吗嗎]|呢|[么麼]|ですか|か|かな|까|나요|니|냐)[。！？!?\n；;\s]*$|[为為]什[么麼]|怎[么麼]|"
    r"哪[个個]|哪些|什[么麼]|なぜ|どうして|ไหม|มั้ย|หรือเปล่า|หรือยัง|อย่างไร|ยังไง|ทำไม|"
    # ("อะไร", what, is "anything" after a ban: "อย่าแก้ไขอะไรใน certs/", don't edit anything)
    r"^(?:(?!อย่า|ห้าม)[^\n])*?อะไร|"
    rf"^\s*(?:هل|האם)|(?<![{_CYR}])ли(?![{_CYR}])|"
    # Greek asks with ";" (a Chinese sentence may end in "；" and ask nothing)
    rf"^(?=[^;]*[{_GRK}])[^;]*[;\u037e]\s*$"
)

# A one-off request with a deadline, not a standing rule (red team R16-R2): an obligation
# ("make sure", "you need to", "tienes que", "il faut") in a sentence that names one moment
# ("by Friday", "before the demo", "tomorrow", "antes del viernes", "bis morgen") and no
# repetition ("before every deploy") nor a negation ("make sure nothing ships before
# Friday" forbids, for a while: a rule)
OBLIGATION = compiled_on_use(
    r"(?i)(?:please\s+)?(?:make\s+sure|ensure|must\b|has\s+to|have\s+to|needs?\s+to|"
    r"required?\b|"
    r"tienes\s+que|tienen\s+que|hay\s+que|debes|debéis|deben|usted\s+debe|il\s+faut|"
    r"tu\s+dois|vous\s+devez|du\s+musst|ihr\s+müsst|sie\s+müssen|devi|dovete|"
    r"vocês?\s+(?:deve|devem|precisa|precisam)|deves|tens\s+que|têm\s+que|(?:je|jij|u)\s+moet|"
    r"jullie\s+moeten|u\s+dient|musisz|musicie|należy|du\s+(?:måste|må|skal|ska)|"
    r"ni\s+måste)"
)
_WEEKDAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|"
    r"lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo|lundi|mardi|"
    r"mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|donnerstag|freitag|"
    r"samstag|sonntag|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|segunda|terça|quarta|"
    r"quinta|sexta|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|måndag|tisdag|"
    r"onsdag|torsdag|fredag|lördag|söndag|mandag|tirsdag|lørdag|søndag"
)
_MOMENT = (
    rf"(?:(?:this|next|the)\s+)?(?:{_WEEKDAYS})|tomorrow|tonight|today|noon|midnight|eod|cob|"
    r"end\s+of\s+(?:the\s+)?(?:day|week|month|sprint)|next\s+week|"
    r"\d{1,2}(?::\d\d\s*(?:am|pm|h|uhr)?|\s*(?:am|pm|h|uhr))|"
    r"(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|may\s+\d"
)
DEADLINE = compiled_on_use(
    rf"(?i)\b(?:(?:by|no\s+later\s+than|due)\s+(?:{_MOMENT})|before\s+(?:{_MOMENT}|"
    r"(?:the|our|my|tomorrow['’]s|today['’]s)\s+(?:demo|release|meeting|standup|stand-up|call|"
    r"launch|weekend|deadline))|"
    r"tomorrow|tonight|this\s+(?:afternoon|evening|morning|week)|end\s+of\s+(?:the\s+)?day|eod|"
    rf"antes\s+del?\s+(?:{_WEEKDAYS}|mañana|lunes|fin\s+de|la\s+demo|la\s+reunión)|"
    r"para\s+mañana|hasta\s+mañana|mañana|esta\s+(?:tarde|noche)|"
    rf"avant\s+(?:{_WEEKDAYS}|demain|ce\s+soir|midi|la\s+démo|la\s+réunion)|d['’]ici\s+"
    r"(?:demain|ce\s+soir|vendredi|lundi|la\s+fin)|pour\s+demain|demain|ce\s+soir|"
    rf"bis\s+(?:{_WEEKDAYS}|morgen|heute|übermorgen|zum\s+\w+)|morgen|heute\s+abend|"
    rf"entro\s+(?:{_WEEKDAYS}|domani|stasera|oggi|fine)|domani|stasera|"
    rf"até\s+(?:{_WEEKDAYS}|amanhã|hoje|o\s+fim)|amanhã|"
    rf"(?:voor|uiterlijk)\s+(?:{_WEEKDAYS}|morgen|vanavond)|vanavond|"
    rf"(?:före|innan|senast)\s+(?:{_WEEKDAYS}|i\s*morgon|ikväll)|i\s*morgon|ikväll|"
    rf"(?:før|innen|senest)\s+(?:{_WEEKDAYS}|i\s*morgen)|i\s*morgen|i\s*kveld|i\s*aften)\b"
)
# what makes a deadline's sentence a standing rule after all: a repetition
STANDING = compiled_on_use(
    r"(?i)\b(?:every|each|always|whenever|all|any|from\s+now\s+on|going\s+forward|cada|todos|"
    # (or a state kept for a while, a rule with an end date: "Coverage has to stay at 90 %
    # until the demo.", "You must use Python 3.11 for now")
    r"until|till|for\s+now|stay|stays|remain|remains|keep|hasta|por\s+ahora|jusqu\w*|"
    r"pour\s+l['’]instant|vorerst|per\s+ora|por\s+enquanto|voorlopig|tills\s+vidare|"
    r"todas|siempre|chaque|tous|toutes|toujours|jede[nrsm]?|immer|ogni|tutti|sempre|todo|elke|"
    r"altijd|varje|alltid|hver|altid|alle)\b"
)
# ... or a negation: "make sure nothing ships before Friday" forbids, for a while
NEGATED = compiled_on_use(
    r"(?i)\b(?:not|no|never|nothing|nobody|none|don['’]?t|doesn['’]?t|won['’]?t|can['’]?t|"
    r"without|nada|nunca|ningún|ninguna|sin|pas|jamais|rien|aucun|sans|nicht|nie|kein\w*|"
    r"nichts|ohne|non|mai|niente|senza|não|nenhum|sem|niet|geen|nooit|zonder|inte|aldrig|"
    r"ikke|aldri|ingen)\b"
)

# Talk in a rule's words (review12 RC0): a question ("Should we never use the old VPN?"),
# unless it asks for a rule ("Could you please never push to main?"); a joke ("Don't
# forget lunch, I'm kidding."); an order about feelings or the talk itself ("Don't worry",
# "Don't get me wrong", "Keep it up"); what the speaker always or never does ("I always
# forget cron syntax", "We never got a reply"); a guess ("You must be tired", "Must be
# nice"); "always"/"never" before no verb ("Always a pleasure", "Never a dull moment").
ASKS_FOR_A_RULE = compiled_on_use(
    r"(?i)^\W*(?:(?:and|also|oh|so)\W+)*(?:can|could|would|will)\s+you\s+(?:please\s+)?"
    r"(?:not|never|always|only|avoid|stop|make\s+sure|keep|leave|stick|don['’]?t)\b"
)

TALK = compiled_on_use(
    r"(?ix)(?:"
    r"\b(?:don['’]?t|do\s+not|never|no\s+need\s+to)\s+(?:you\s+)?(?:ever\s+)?(?:worry|panic|stress|fret|"
    r"sweat|laugh|apologi[sz]e|hesitate|thank|feel\s+bad|lose\s+sleep|judge|be\s+(?:sorry|silly|"
    r"shy|afraid|a\s+stranger)|mind\s+me|get\s+me\s+wrong|take\s+(?:this|it|that|me)\s+the\s+wrong\s+way|"
    r"quote\s+me)\b|"
    r"^\W*(?:(?:ok(?:ay)?|and|but|hey|oh|so)\W+)*keep\s+(?:it\s+up|at\s+it|up\s+the\s+good|going|"
    r"smiling|calm)\b|"
    # what someone always or never did, or how the speaker always or never feels ("We never
    # got a reply", "I always forget cron syntax"), not a house rule ("We never store card
    # numbers.", "I never approve PRs without tests")
    r"\b(?:i|i['’]ve|we|we['’]ve|they|he|she)\s+(?:\w+\s+)?(?:always|never)\s+(?:\w+ed|got|had|"
    r"heard|saw|knew|thought|felt|made|took|found|came|went|said|told|did|was|were|"
    r"been|seen|done)\b|"
    r"\bi\s+(?:\w+\s+)?(?:always|never)\s+(?:forget|mix|trust|like|love|hate|enjoy|wonder|feel|"
    r"think|remember|confuse|get\s+(?:confused|lost|bored)|liked|loved|understood)\b|"
    r"(?:^\W*|\b(?:you|he|she|they|that|this|it)\s+)must\s+be\s+(?:so\s+|really\s+|very\s+)?"
    r"(?:tired|exhausted|joking|kidding|bored|busy|sick|nice|fun|great|hard|tough|annoying|"
    r"frustrating|hungry|sleepy|fed\s+up|a\s+\w+\s+(?:day|night|week))\b|"
    r"\b(?:always|never)\s+(?:a|an|the|happy|glad|nice|good|great|fun|better|dull|boring|easy|"
    r"again|learning)\b|"
    # "never" before a past tense tells what happened: "Never thought I'd say this", "Our
    # old team never wrote tests" (an order is the bare verb: "never embed secrets")
    r"\bnever\s+(?:\w+(?<!e)(?<!b)ed|thought|knew|saw|got|had|heard|felt|made|took|found|came|"
    r"went|said|told|did|was|were|wrote|ran|gave|kept|left|paid|sent|built|bought|began|broke|"
    r"chose|drove|ate|fell|forgot|grew|hid|held|meant|met|read\s+(?:it|them|that|the)|rose|sold|"
    r"spent|stood|taught|threw|understood|won|tried)\b|"
    # a habit ("I usually don't deploy on Fridays") or a hypothetical ("If we had more time
    # we could avoid the importer"): no rule
    r"\b(?:i|we|they|he|she|you|people|everyone|the\s+team|our\s+team)\s+(?:usually|normally|"
    r"typically|generally|often|sometimes|rarely|tend\s+to)\b.*|"
    r"\b(?:could|would|might)\s+(?:\w+\s+)?(?:avoid|never|always|not|keep|stay|skip|limit|"
    r"only|stick|leave|ensure|make\s+sure)\b|"
    # what someone never does ("My manager never answers before noon"), "never mind"
    rf"\bnever\s+(?:\w+[^\Wsu]s|does|has)\b|\bnever\s*mind(?={NEVER_MIND_SOLVED})|"
    # someone else's words, reported: "My colleague joked that we should never deploy again"
    r"(?<!\bi\s)(?<!\bwe\s)\b(?:said|says|joked|jokes|thinks|thought|believes|claims|claimed|"
    r"wrote|writes|mentioned|suggested|argued|insists|insisted|told\s+(?:me|us|him|her|them))\s+"
    r"that\b.*"
    r")"
)

# Someone else's words quoted (a rule inside them is theirs, not the user's): a speech verb
# of a third person before the quotation ("He said “…”", "Jonas meinte: „…“", "Ana dijo «…»").
QUOTES = ('"', "“", "”", "«", "»", "„", " '", "‘", "’")
REPORTED = compiled_on_use(
    r"(?i)\b(?!(?:i|we|as)\b)\w+\s+(?:said|says|say|told\s+\w+|wrote|writes|joked|used\s+to\s+say|"
    r"claims?|states?|suggests?|recommends?|"
    r"sagte|meinte|schrieb|dijo|decía|escribió|a\s+dit|disait|a\s+écrit|ha\s+detto|diceva|disse|"
    r"dizia|zei|schreef|сказал[аи]?|писал[аи]?)\s*[:,]?\s*$"
)
# a joke said with the sentence or right after it ("Can you never be wrong? haha")
# (a smiley is politeness, not a joke: "Please never push to main 🙂")
JOKE = compiled_on_use(r"(?i)\b(?:haha+|hehe+|lol|lmao|jk|kidding|joking|just\s+teasing)\b")

LAUGH_ONLY = compiled_on_use(r"(?i)\W*(?:haha+|hehe+|lol|lmao|jk)\W*$")

# a tag that asks for agreement makes no question of a rule: "Don't touch prod, ok?"
TAG_QUESTION = compiled_on_use(
    r"(?i),\s*(?:ok(?:ay)?|right|got\s+it|yeah|understood|alright|clear|deal|agreed|yes|"
    r"capisce|all\s+right|is\s+that\s+clear|ok\s+with\s+you)\s*\?$"
)

# One table of the verbs that say a choice was made or approved, in every language read
# (review 14 L2: intent, compaction.decisions and the claims' acts each kept a list, and
# each missed what another had). Past forms usable bare ("Marek wybrał Kafkę.", "Päätimme
# käyttää Kafkaa."); ``DECIDED_PARTICIPLES`` need their auxiliary ("ha scelto", "am decis"),
# bare they are adjectives ("un tono deciso", "l'opzione scelta").
DECIDED_FORMS = listed(
    """
    decided chose picked selected opted settled
    decidiu decidimos decidiram escolheu escolhemos escolheram optou optamos optaram
    decidió decidí decidieron eligió elegimos eligieron escogió escogimos escogieron optó optaron
    décida décidèrent choisit
    entschied entschieden beschloss beschlossen wählte wählten
    decise decisero scelse scelsero
    besloot besloten kozen gekozen
    zdecydował zdecydowała zdecydowali zdecydowaliśmy postanowił postanowiła postanowili
    postanowiliśmy wybrał wybrała wybrali wybraliśmy
    решил решила решили решено выбрал выбрала выбрали вирішив вирішила вирішили обрав обрала
    обрали
    päätin päätit päätti päätimme päätitte päättivät päätettiin valitsin valitsit valitsi valitsimme
    valitsitte valitsivat
    döntött döntöttünk döntöttek választotta választottuk választották
    aliamua tuliamua waliamua tumeamua alichagua tulichagua walichagua
    memutuskan diputuskan
    rozhodl rozhodla rozhodli rozhodlo rozhodol vybral vybrala vybrali
    bestämde beslutade valde besluttede besluttet valgte
    seçti seçtik
    """
)
DECIDED_PARTICIPLES = listed(
    """
    chosen decidido decidida décidé décidée choisi opté tranché retenu gewählt ausgewählt
    deciso decisa scelto scelta optato decis ales
    """
)
APPROVED_FORMS = listed(
    """
    approved authorized authorised greenlit okayed
    aprovou aprovaram autorizou autorizaram aprobó aprobaron autorizó autorizaron
    approuvé approuvée validé validée autorisé autorisée genehmigt freigegeben
    approvato approvata autorizzato autorizzata goedgekeurd
    zatwierdził zatwierdziła zatwierdzili одобрил одобрила одобрили схвалив схвалила
    hyväksyi hyväksyimme jóváhagyta jóváhagytuk aprobat aliidhinisha menyetujui schválil schválila
    schválili godkände godkendte godkjente onayladı onayladık
    """
)
# The assistant's words that open a sentence putting an option to the user ("I suggest we
# use Redis.", "I could rewrite it in Rust.", "Shall I?", "Want me to pin it?"): the user's
# short turn right after it answers it (the recap's Decisions, the fit's gists)
PROPOSAL_OPENING = (
    r"(?i)^\W*(?:(?:so|ok(?:ay)?|alternatively|hmm+|also|then)\W+)*(?:i\s+(?:would\s+|['’]d\s+)?"
    r"(?:suggest|propose|recommend)\b|i\s+could\b|(?:maybe|perhaps)\s+(?:we|i)\s+(?:should|could)\b|"
    r"we\s+could\b|one\s+option\s+(?:is|would\s+be)\b|my\s+(?:recommendation|suggestion|"
    r"proposal)\b|how\s+about\b|what\s+about\b|(?:do\s+you\s+)?want\s+me\s+to\b|shall\s+(?:i|we)\b)"
)
# the three as one alternation, longest first (``\b(?:{DECISION_VERBS})\b``)
DECISION_VERBS = "|".join(
    sorted(
        map(re.escape, DECIDED_FORMS | DECIDED_PARTICIPLES | APPROVED_FORMS), key=len, reverse=True
    )
)
# (bare in ``DECISION``: not the phrasal ones its own alternatives read, "picked up",
# "settled in", "opted out")
# (longest first, then in alphabetical order: the same pattern in every process, whatever
# the sets' order, so that its stored RE2 translation is found, ``prefilter.TRANSLATIONS``)
_BARE_DECISION_VERBS = "|".join(
    sorted(
        map(re.escape, DECIDED_FORMS - {"picked", "settled", "opted"} | APPROVED_FORMS),
        key=lambda form: (-len(form), form),
    )
)
_PARTICIPLES = "|".join(
    sorted(map(re.escape, DECIDED_PARTICIPLES), key=lambda form: (-len(form), form))
)

# A decision the user states or passes on: their approval of what was proposed ("yes, go
# ahead with the refund", "approved, ship it"), someone's sign-off or choice ("the supervisor
# Juliana approved the full refund", "王工决定用令牌桶"). The model must still know it after
# the cut, like a rule: the fit pins it (``steering_requests``). A verb of approval or of
# choosing, in several languages; a bare "ok, go ahead" is a nudge, and a question ("Did
# Dana approve it?", "同意吗？") decides nothing.
DECISION = compiled_on_use(
    r"(?i)(?:"
    # English (words apart by one space, as typed: see DECISION_HINTS)
    r"\b(?:approved|approves|okayed|ok['’]d|green(?:-?lit|lighted| light)|authori[sz]ed|"
    r"sign(?:s|ed|ing)?[ -]off|decided|chose|opted (?:for|to)|agreed to|stick with|"
    r"do it (?:the|that|this) \w+ way|go for (?:option|plan|the|it))\b|"
    r"\b(?:i|we) (?:(?:hereby|formally) )?(?:approve|authori[sz]e|accept|agree to)\b|"
    r"\b(?:approve|authori[sz]e) (?:it|this|that|them|the|those|these)\b|"
    r"\bgo ahead (?:with|and)\b|\b(?:you (?:can|may)|feel free to) (?:go ahead|proceed)\b|"
    r"\bproceed with\b|\bpermission (?:granted|given)\b|\bapproval (?:granted|given)\b|"
    r"\byou have (?:my|our) (?:approval|permission|go-?ahead|blessing)\b|"
    r"\b(?:ship|merge) it\b|\b(?:let['’]?s|we['’]ll|i['’]ll) go with\b|"
    r"\b(?:we['’]re|we are|i['’]m|i am) going with\b|\bdecision:|"
    r"\blet['’]?s (?:do|take|use|pick) (?:option|plan|approach|variant)\b|"
    # Portuguese, Spanish
    r"\baprov(?:ou|ei|amos|aram|ad[oa]s?|o)\b|\bautoriz(?:ou|ei|amos|ad[oa]s?|o|ó|é)\b|"
    r"\bsinal verde\b|\bpode (?:seguir|prosseguir|ir em frente)\b|"
    r"\bdecid(?:iu|i|imos|iram|ido|ió|ieron)\b|\baprob(?:ó|é|amos|aron|ad[oa]s?)\b|"
    r"\bapruebo\b|\bluz verde\b|\badelante con\b|\bpuedes (?:proceder|seguir con)\b|"
    # French, German, Italian, Dutch
    r"\bapprouv(?:é|ée|és|ées)\b|\bj['’]approuve\b|\bvalid(?:é|ée)\b|\bautoris(?:é|ée)\b|"
    r"\bfeu vert\b|\bdécid(?:é|ée)\b|\bgenehmigt\b|\bfreigegeben\b|\bgrünes licht\b|"
    r"\bentschieden\b|\bbeschlossen\b|\bapprovat[oaie]\b|\bapprovo\b|\bautorizzat[oaie]\b|"
    r"\bvia libera\b|\b(?:ha|hanno|abbiamo|ho) deciso\b|\bgoedgekeurd\b|\bbesloten\b|"
    r"\bon part sur\b|\bok pour\b|\bvamos com\b|\bmachen wir\b|\bnehmen wir\b|"
    r"\bprocedi con\b|"
    # Chinese, Japanese, Korean
    r"批准|同意|准许|授权|放行|拍板|决定|定了|就这么办|承認|許可|了承|決定|決めました|승인|허가|결정|"
    r"按方案|用方案|でいきましょう|で行きましょう|でいこう|으로 ?진행|"
    # a choice made, in the past, by someone named or by "we"/"I": "Priya picked Redis",
    # "we settled on Postgres", "Lucía eligió el plan B", "Claire a choisi", "Abbiamo scelto",
    # "A Ana escolheu", "We hebben gekozen", "Команда выбрала", "老王选了方案二" (not what was
    # picked up, a question, or a choice still to make: ``UNDECIDED``, ``HEDGED``)
    r"\b(?:picked(?! up\b)|selected|settled on|went with|agreed on|landed on|voted for|"
    r"(?:have|has|['’]ve) chosen)\b|"
    r"\b(?:eligi(?:ó|eron)|elegimos|escogi(?:ó|eron)|escogimos|opt(?:ó|amos|aron)|"
    r"nos quedamos con|me quedo con|se qued(?:ó|aron) con|acord(?:ó|amos|aron))\b|"
    r"\b(?:a|avons|ont|as|avez|ai) (?:choisi|opté|retenu|tranché)\b|"
    r"\b(?:ha|hanno|abbiamo|ho) (?:scelto|optato)\b|"
    r"\b(?:escolh(?:eu|emos|eram|i)|opt(?:ou|amos|aram)|ficamos com|ficou com)\b|"
    r"\b(?:gekozen|ausgewählt|gewählt)\b|"
    # the table above: a past form bare, a participle after its auxiliary; and the choices
    # said in two words ("karar verdik", "đã quyết định", "تصمیم گرفتیم", "সিদ্ধান্ত নিয়েছি")
    rf"\b(?:{_BARE_DECISION_VERBS})\b|"
    rf"\b(?:has|have|had|ha|hanno|abbiamo|ho|am|a|au|ați|ai|hat|haben|habe|avons|ont|ai|as|avez|"
    rf"hemos|han|he|has)\s+(?:\S+\s+)?(?:{_PARTICIPLES})\b|"
    r"\bkarar\s+verd\w*|(?:đã\s+)?quyết\s+định\s+(?:chọn|dùng|sử\s+dụng)|đã\s+chọn|"
    r"تصمیم\s+گرفت|انتخاب\s+کرد|সিদ্ধান্ত\s+নি(?:য়েছি|লাম|য়েছে|য়েছেন)|"
    r"\b(?:выбрал[аи]?|обрал[аи]?|обрав|вибрал[аи]?|вибрав|остановились на|договорились|"
    r"домовилися|(?:решил[аи]?|вирішил[аи]?|вирішив) (?:[а-яіїєґ]+т[ьи]\b|что|що|в пользу))|"
    r"\bwybra(?:ł|ła|li|liśmy|łem|łam)\b|\bzdecydowa\w+|"
    # ... Ukrainian's "agreed", "resolved", "passed" ("Рада погодилася …", "Збори ухвалили …")
    r"\b(?:погодил(?:ися|ася|ись|ось)|погодився|постановил[аи]|постановив|ухвалил[аи]|"
    r"ухвалив)\b|"
    # ... Swahili by the verb's prefixes, past or perfect ("Kamati imeamua …", "Tulichagua
    # …", "Wazee wamekubaliana …", "Bodi imepitisha …")
    r"\b(?:ni|tu|a|wa|i|u|li|ki|m|zi|ya)(?:me|li)(?:amua|chagua|kubaliana|pitisha)\b|"
    # ... Indonesian/Malay ("Rapat memutuskan …", "Kita sepakat …", "Kami memilih …")
    r"\b(?:memutuskan|diputuskan|bersepakat|sepakat|menetapkan|ditetapkan)\b|"
    r"\b(?:kami|saya|kita|aku)\s+(?:sudah\s+|telah\s+)?memilih\b|"
    # ... Arabic, a conjunction glued before ("قررت اللجنة …", "واتفقنا على …", "اخترنا …")
    r"(?<!\w)[وف]?(?:قرر(?:ت|نا|وا)?|اختر(?:ت|نا)|اختار(?:ت|وا)|اتفق(?:ت|نا|وا)?(?:\s+\S+){0,2}?\s+على|"
    r"اتفقنا|وافق(?:ت|نا|وا)?\s+على)(?!\w)|"
    # ... Hebrew, "and"/"that" glued before ("החלטנו …", "הוועד אישר …", "ובחרנו …")
    r"(?<!\w)[וש]?(?:החלט(?:נו|תי)|החליט(?:ה|ו)?|בחר(?:נו|תי|ה|ו)|הסכמ(?:נו|תי)|הסכימ(?:ה|ו)|"
    r"הסכים|אישר(?:נו|תי|ה|ו)?|סיכמנו)(?!\w)|"
    # ... Thai, unspaced ("ที่ประชุมมีมติ …", "เราตัดสินใจใช้ …", "ตกลงกันว่า …"), not "can't decide"
    r"ตัดสินใจ(?!ไม่ได้|ไม่ถูก|หรือยัง)|มีมติ|ตกลงกันว่า|ตกลงกันแล้ว|เลือกใช้|"
    r"[选選](?:了|择了|擇了|定)|定[为為]|に決め|を選び|を選ん|선택했|로 정했|으로 정했|기로 ?(?:했|정했)|"
    # an approval that names the choice: "Yep, pick Stripe over Adyen.", "Sí, hazlo con la
    # opción A.", "D'accord, on garde Redis.", "Jawohl, wir nehmen Plan B.", "好，就用 Redis。"
    r"\b(?:yes|yep|yeah|ok|okay|sure|perfect|great|alright|fine|agreed|good|sounds good)"
    r"(?: (?:by|with|to) (?:me|us))?\W*\s(?:then\W*\s)?(?:let['’]?s )?(?:use|pick|take|choose|keep|"
    r"stick with) |"
    r"\b(?:we['’]ll|we will|i['’]ll|i will) (?:keep |use |go with|take |stick with|pick )|"
    r"\blet['’]?s (?!(?:see|think|talk|check|try|discuss|look|wait|figure|find|consider|"
    r"revisit|start|get|hope|not|chat|first|just|say|pause|hold|review|compare|test)\b)"
    r"(?:do|use|pick|take|keep|ship|roll|stick|go|move|migrate|switch|merge|deploy)\b|"
    r"\b(?:confirmed|agreed|settled|final(?: answer| decision| call)?)\s*[:—–]\s*\w|"
    r"\b(?:sí|si|vale|ok|perfecto|de acuerdo|bueno|listo|genial)\W*\s(?:entonces\W*\s)?"
    r"(?:usa|usemos|elige|toma|hazlo|vamos con|nos quedamos|quédate|quedémonos)\b|"
    r"\b(?:oui|ok|d['’]accord|parfait|entendu|bon|c['’]est bon)\W*\s(?:alors\W*\s)?"
    r"(?:on (?:garde|prend|part|choisit|utilise|reste)|garde|gardons|prends|utilise|utilisons|"
    r"choisis)\b|"
    r"\b(?:ja|jawohl|ok|okay|gut|passt|einverstanden|genau|alles klar)\W*\s(?:dann\W*\s)?"
    r"(?:wir (?:nehmen|bleiben|machen|verwenden)|nimm|nehmt|verwende)\b|"
    r"\b(?:sim|ok|beleza|perfeito|combinado|fechado|certo)\W*\s(?:então\W*\s)?"
    r"(?:ficamos|vamos (?:de|com)|usa|use|usemos|escolhe|fica com)\b|"
    r"\b(?:sì|si|ok|va bene|perfetto|d['’]accordo|bene)\W*\s(?:allora\W*\s)?"
    r"(?:usiamo|usa|prendi|prendiamo|teniamo|tieni|scegli|scegliamo|andiamo con)\b|"
    r"\b(?:ja|ok|oké|prima|akkoord|goed|top)\W*\s(?:dan\W*\s)?"
    r"(?:we (?:nemen|gaan voor|houden|gebruiken)|neem|gebruik|kies)\b|"
    r"就(?:用|[选選]|按|定)|それで(?:お願い|いきましょう|行きましょう)|案(?:で|に)(?:[。、！!\s]|$|お願い|いき|行き)|"
    r"(?:으)?로 ?(?:하죠|합시다|갑시다|가죠)"
    r")"
)

# a choice still open: "Maybe we go with Stripe, not sure yet.", "vielleicht nehmen wir B"
HEDGED = compiled_on_use(
    r"(?i)\b(?:maybe|perhaps|might|not\s+sure|probably|possibly|thinking\s+(?:about|of)|"
    r"vielleicht|eventuell|quizás?|tal\s+vez|a\s+lo\s+mejor|peut-être|forse|talvez|misschien|"
    r"может\s+быть|можливо)\b|也许|可能|或许|也許|或許|たぶん|かもしれ|아마"
)

# A piece of every alternative above, lower-case: a text holding none (lowered) states no
# decision, so a long session's requests are read for decisions by ``str.find`` (C speed)
# and the pattern is tried only around what it finds (a property test holds the list to
# that: every match holds a hint).
_DECISION_HINTS = (
    "approv", "okayed", "ok'd", "ok’d", "green", "authori", "sign", "decid", "chose",
    "stick with", "do it ", "go for",
    "accept", "agree to", "ahead", "proceed", "permission", "blessing", "go with", "ship it",
    "merge it", "going with", "decision:", "plan", "approach", "variant", "aprov", "autoriz", "sinal verde", "pode ", "aprob", "aprueb", "luz verde",
    "adelante con", "puedes ", "approuv", "autoris", "feu vert", "genehmigt", "freigegeben",
    "entschieden", "beschlossen", "via libera", "deciso", "goedgekeurd", "besloten", "part sur",
    "ok pour", "vamos com", "machen wir", "nehmen wir", "procedi con",
    # not ASCII: looked for only in texts that are not
    "validé", "décid", "grünes licht", "批准", "同意", "准许", "授权", "放行", "拍板", "决定",
    "定了", "就这么办", "承認", "許可", "了承", "決定", "승인", "허가", "결정",
    "진행", "按方案", "用方案", "でいきましょう", "で行きましょう", "でいこう",
    # choices made and approvals that name them (" use": a verb after a space, not "user")
    "picked", "selected", "settled", "went with", "agreed", "landed on", "voted for", "final",
    "elig", "elegimos", "escogi", "opt", "choisi", "retenu", "tranché", "scelto", "escolh",
    "ficamos", "ficou com", "gekozen", "gewählt", "брал", "брав", "решил", "ріши", "останов",
    "погодил", "погодив", "постанов", "ухвал", "amua", "chagua", "kubaliana", "pitisha",
    "utuskan", "sepakat", "etapkan", "memilih", "قرر", "اختر", "اختار", "اتفق", "وافق",
    "החלט", "החליט", "בחר", "הסכמ", "הסכימ", "הסכים", "אישר", "סיכמנו", "ตัดสินใจ", "มีมติ",
    "ตกลงกัน", "เลือกใช้", "acord",
    "говорил", "домовил", "wybra", "zdecydowa", "选", "選", "定为", "定為", "決め", "선택했",
    "정했", "기로", " use", " pick ", " take ", " choose ", " keep ", "let's ", "let’s ", "lets ",
    "confirmed", " usa", " toma", "hazlo", "qued", "gard", "prend", "on part", "utilis", "on reste",
    "wir nehmen", "wir bleiben", "wir machen", "verwende", "nimm", "nehmt", "vamos de", "fica com",
    " usiamo", "teni", "tien", "scegli", "andiamo con", "we nemen", "we gaan voor", "we houden",
    "gebruik", "neem", "kies", "就用", "就按", "就定", "それで", "案で", "案に", "하죠", "합시다",
    "갑시다", "가죠",
)  # fmt: skip
# (each form of the table not found by a hint above: its first five letters)
_DECISION_FORM_HINTS = {
    form[:5]
    for form in DECIDED_FORMS | APPROVED_FORMS | DECIDED_PARTICIPLES
    if not any(hint in form for hint in _DECISION_HINTS)
} | {"karar", "quyết", "đã chọn", "تصمیم", "انتخاب", "সিদ্ধান্ত"}
DECISION_HINTS = _DECISION_HINTS + tuple(sorted(_DECISION_FORM_HINTS))

# an English question without its mark ("did Dana approve it", "has the DBA decided")
ASKED = compiled_on_use(
    r"(?i)\s*(?:\W+\s*)?(?:did|does|do|has|have|had|was|were|is|are|can|could|should|would|will|"
    r"who|whom|which|what|when|why|how|whether)\b"
)

# a decision only named, not made: asked about in a clause, or a condition
UNDECIDED = compiled_on_use(
    r"(?i)\b(?:what|which|whether|if|how|when|why|who|once|until|unless|before|after|"
    r"o\s+que|se|si|lo\s+que|qué|quand|wenn|ob)\s+(?:\S+\s+){0,3}$|(?:什么|如果|是否|哪)\S{0,6}$|"
    r"(?:\bnot|n['’]t|\bnever)\s+(?:yet\s+)?$|[不没沒]$|"
    # nobody made it: "Nobody confirmed the date.", "Nadie eligió …", "Никто не выбрал"
    r"\b(?:nobody|no\s+one|niemand|nadie|personne|nessuno|ninguém|никто|ніхто)\b(?:\s+\S+){0,3}?\s*$"
)

UNSPACED_FILLER_VOCABULARY = """
    好的 好吧 好 行 嗯 哦 对 是的 是 可以 没问题 收到 谢谢 多谢 感谢 继续 接着 下一步 吧 啊 呀 呢
    了 吗 嘛 请 麻烦 你好 您好 嗨 在吗 在 我 我们 你 您 有 一个 个 任务 问题 事情 事 帮 帮忙 一下
    加油 辛苦 慢慢来 不急 明白 知道 懂 进展 如何 怎么样 完成 做 吧 就 这样 那 然后 也 都 很 棒
    非常 太 继续吧 先 现在 今天
    はい ええ うん 了解 承知 しました です ます ありがとう ございます 続けて 続き ください お願い
    します そのまま 大丈夫 よろしく どうも こんにちは おはよう 進めて 次 いいです いい ね よ 進捗
    どう ですか 質問 タスク 一つ ちょっと 今 あります がんばって 引き続き 助かります 了解です
    ครับ ค่ะ คะ นะ ขอบคุณ โอเค ได้ ต่อ ทำต่อ เลย สวัสดี
    ໂອເຄ ແມ່ນ ເຈົ້າ ຂອບໃຈ ຫຼາຍ ສືບຕໍ່ ຕໍ່ ຕໍ່ໄປ ໄປ ເລີຍ ໄດ້ ເດີ ນະ ແດ່ ໆ ແລ້ວ ດີ ເຂົ້າໃຈ ສະບາຍດີ ກະລຸນາ
    អូខេ បាទ ចាស អរគុណ ច្រើន បន្ត ទៀត ទៅ សួស្តី ល្អ យល់ ហើយ ផង បាន ណា
    အိုကေ ဟုတ်ကဲ့ ကျေးဇူးတင်ပါတယ် ကျေးဇူး ဆက်လုပ် ဆက် ပါ နော် မင်္ဂလာပါ ရပါတယ် ကောင်းပြီ နားလည်ပြီ ဗျ ရှင်
    哈 呵 嘿 嘻 嘛
    네 예 응 음 넵 넹 좋아요 좋아 좋습니다 감사합니다 감사해요 고마워요 고마워 계속 진행 진행해
    해 해줘 해주세요 주세요 부탁 부탁해요 드립니다 합니다 안녕하세요 안녕 알겠습니다 알겠어요
    확인 했어요 괜찮아요 천천히 하세요 요 수고 하셨어요 그래 그래요 오케이 잘 했어 지금 어때요
"""

UNSPACED_FILLER = frozenset(UNSPACED_FILLER_VOCABULARY.split())

CORRECTING_WORDS = [
    # CORRECTION (its first alternative, anchored at the start, included)
    r"no\b", r"nope\b", r"wait\b", r"stop\b", r"hold\b", r"scratch\b", r"correction\b",
    r"sorry\b", r"oops\b", r"whoops\b", r"my +bad\b", r"not\b", r"actually\b", r"instead\b", r"rather\b", r"i +meant\b", r"that ?s +not\b",
    r"that ?s +wrong",
    r"i +(?:wrote|said|gave|typed|sent|mentioned|put|listed|quoted|pasted)\b",
    r"ignore\b", r"forget\b",
    r"not +what\b", r"wrong\b", r"mistake\b", r"switch\b", r"change\b", r"on +second\b",
    r"make\b", r"use\b", r"should", r"is +really\b", r"update\b",
    # CONSTRAINT
    r"do +not\b", r"don ?t\b", r"never\b", r"must", r"shall +not\b", r"cannot\b", r"can ?t\b",
    r"may +not\b", r"no +(?:longer|more|fewer)\b", r"avoid\b", r"refrain\b",
    r"under +(?:no\b|DIGIT)", r"without +(?:asking|approval|permission)\b",
    r"stay +(?:away|out)\b", r"leave\b", r"off +limits\b",
    r"keep +(?:it|them|everything|all|the)\b", r"ensure\b", r"always\b",
    r"only\b", r"restrict", r"edit +(?:only|just)\b", r"modify +(?:only|just|nothing)\b",
    r"touch +(?:only|just|nothing)\b", r"update +(?:only|just)\b", r"work +(?:only|just)\b",
    r"keep +(?:changes|edits|your)\b", r"stay +(?:on|with|within|inside)\b", r"confine",
    r"nothing +else\b", r"edit +nothing\b", r"has +to\b", r"have +to\b", r"needs? +to\b",
    r"require", r"constraint\b", r"rule\b", r"at +(?:most|least)\b", r"below +DIGIT",
    r"within +DIGIT", r"limit", r"stick +to\b", r"pin(?:ned)? +to\b", r"not +allowed\b",
    r"forbidden\b", r"prohibited\b",
    # (the rules without a negation word, and corrections without "not")
    r"zero\b", r"skip\b", r"without +exceptions?\b", r"with +zero\b", r"ever\b", r"hands +off\b",
    r"exclude\b", r"cap\b",
    # (a phrase of up to a few words folds to more: "flags.yaml" is "flags yaml")
    r"keep +(?:[^ ]+ +){0,15}?(?:read|untouched|unchanged|intact|frozen|private|as|the +same|"
    r"backwards?|in +place)\b",
    r"stays? +(?:[^ ]+ +){0,15}?(?:compatible|unchanged|intact|untouched|frozen|private|read|"
    r"the +same|green|as)\b", r"nothing +(?:goes|gets|ships|lands|merges|is)\b", r"sign ?offs?\b",
    r"if\b", r"when\b", r"whenever\b", r"once\b", r"as +soon\b", r"in +case\b",
    r"my +(?:approval|permission|go|ok)", r"our +(?:approval|permission|go|ok)",
    r"their +(?:approval|permission|go|ok)", r"explicit +(?:approval|permission|go|ok)",
    r"written +(?:approval|permission|go|ok)",
    r"ask +(?:me|us)\b", r"check +with\b", r"i ?d +(?:rather|prefer)\b",
    r"i +(?:would +rather|would +prefer|prefer)\b", r"do +(?:it|this|that|everything|them) +without\b",
    r"strike +that\b", r"mis(?:spoke|typed|remembered|read)\b", r"ignore +(?:that|this|what|my)\b",
    r"forget +(?:that|this|what|my|the|our|your)\b", r"ignore +(?:the|our|your)\b",
    r"drop +(?:the|that|this|my|our|your)\b", r"strike\b", r"lift\b", r"revoke\b", r"cancel\b",
    r"waive\b", r"relax\b", r"undo\b", r"restriction\b", r"ban\b", r"freeze\b", r"embargo\b",
    r"you +(?:may|can)\b", r"is +now +(?:allowed|permitted)\b",
    r"are +now +(?:allowed|permitted)\b", r"allowed +(?:now|again)\b",
    r"permitted +(?:now|again)\b",
    r"disregard\b", r"nevermind\b", r"never +mind\b", r"i +was +wrong\b", r"correct(?:ing)? +myself\b",
    r"i +take\b", r"turns +out\b", r"let +me +rephrase\b", r"to +rephrase\b",
    r"max(?:imum)? +(?:of +)?DIGIT", r"min(?:imum)? +(?:of +)?DIGIT",
    r"needs? +(?:\S+ +){0,2}?(?:approvals?|sign|reviews?|reviewers?)\b",
    r"typo\b", r"by +accident\b", r"mandatory\b", r"compulsory\b", r"obligatory\b",
    r"from +(?:now|here) +on\b", r"going +forward\b", r"henceforth\b",
    r"until +(?:i|further|you|told)\b", r"treat\b", r"frozen +(?:until|till|for|during)\b",
    r"all +new\b", r"every +new\b", r"each +new\b", r"any +new\b",
]  # fmt: skip

# A word of every EUROPEAN_CONSTRAINT / EUROPEAN_CORRECTION alternative, as folded (a
# letter outside ASCII is a space: "müssen" is "m ssen"; a leading "x" is any letter where
# the words are read as written, ``intent._as_written``).
EUROPEAN_WORDS = [
    r"nicht\b", r"nichts\b", r"kein(?:e|en|er|es|em)?\b", r"nie\b", r"niemals\b", r"verboten\b",
    r"untersagt\b", r"nur +noch\b", r"ausschlie", r"muss +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"du +musst +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"ihr +m[ x]sst +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"sie +m[ x]ssen +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"wir +m[ x]ssen +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"man +muss +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"ohne +(?:[^ ]+ +){0,3}?(?:freigabe|genehmigung|zustimmung|erlaubnis|r[ x]cksprache)",
    r"finger +weg\b", r"lass +die +finger\b",
    r"korrektur\b", r"korrigier", r"stattdessen\b", r"ich +meinte\b", r"das +(?:ist|war) +falsch\b",
    r"falsch\b", r"erratum\b",
    r"nunca\b", r"jam[ x]s\b", r"prohibid", r"tienes +que\b", r"tienen +que\b", r"hay +que\b",
    r"no +(?:se +)?deb(?:e|es|en)\b", r"no +(?:el|la|los|las) +[^ ]", r"nada +de\b", r"evita\b",
    r"sin +(?:[^ ]+ +){0,2}?(?:permiso|aprobaci|autorizaci|consultar)", r"correcci",
    r"en +(?:lugar|vez) +de\b", r"me +equivoqu", r"quise +decir\b", r"plut[ x]t\b",
    r"au +lieu\b", r"je +(?:me +suis +tromp|voulais +dire)", r"sino\b", r"sondern\b",
    r"ne +[^ ]+ +(?:[^ ]+ +)?(?:pas|jamais|plus|rien|aucune?)\b",
    r"n +[^ ]+ +(?:[^ ]+ +)?(?:pas|jamais|rien|aucune?)\b", r"pas\b", r"interdi",
    r"il +(?:ne +)?faut\b", r"tu +dois\b", r"vous +devez\b", r"uniquement\b",
    r"merci +de +ne\b", r"veuillez +ne\b", r"vitez? +de\b", r"xvitez? +de\b",
    r"toujours +(?:demander|v[ x]rifier|utiliser|passer|pr[ x]venir)\b",
    r"sans +(?:[^ ]+ +){0,2}?(?:autorisation|accord|permission|validation)",
    r"non +[^ ]+(?:are|ere|ire)\b", r"vietat", r"n[ x]o\b",
    r"non\b", r"niet\b", r"si\b", r"se\b", r"cuando\b", r"quando\b", r"quand\b",
    r"lorsqu", r"qualora\b", r"nooit\b", r"nimmer\b", r"verboden\b",
    r"zonder +(?:[^ ]+ +){0,2}?(?:toestemming|goedkeuring|akkoord)\b",
    # conditions, modals of obligation, Polish and Turkish
    r"en +(?:cuanto|caso)\b", r"apenas\b", r"siempre +que\b", r"una +vez\b", r"d[ x]s +qu",
    r"au +cas\b", r"une +fois\b", r"sit[ x]t\b", r"appena\b", r"nel +caso\b", r"ogni +volta\b",
    r"assim +que\b", r"caso\b", r"sempre +que\b", r"logo +que\b", r"wenn\b", r"falls\b",
    r"sobald\b", r"sofern\b", r"als\b", r"indien\b", r"zodra\b", r"wanneer\b",
    r"du +(?:musst|sollst)\b", r"ihr +(?:m[ x]sst|sollt)\b", r"sie +m[ x]ssen\b", r"deb(?:es|en)\b",
    r"deb[ x]is\b", r"usted +debe\b", r"devi\b", r"dovete\b", r"deve +sempre\b",
    r"voc[ x]s? +(?:deve|devem|precisa|precisam)\b", r"deves\b", r"tens +que\b", r"t[ x]m +que\b",
    r"je +moet\b", r"jij +moet\b", r"u +moet\b", r"jullie +moeten\b", r"u +dient\b", r"musisz\b", r"musicie\b",
    r"nale[ x]y\b", r"nie\b", r"nigdy\b", r"zawsze\b", r"zabronion", r"zakazan", r"asla\b",

    r"kesinlikle\b", r"hi[ x]bir +zaman\b", r"yasak", r"zorundas", r"mutlaka\b",
    r"au +del", r"apr[ x]s\b", r"plus +de\b", r"nach\b", r"mehr +als\b", r"m[ x]s +de\b",
    r"despu[ x]s +de\b", r"oltre\b", r"dopo\b", r"acima +de\b", r"depois +de\b", r"mais +de\b",
    r"boven\b", r"meer +dan\b",
    r"aldrig\b", r"aldri\b", r"f[ x]rbjudet\b", r"forbudt\b", r"du +f[ x]r\b", r"du +m[ x](?:\b| )",
    r"du +skal\b", r"du +ska\b", r"du +m[ x]ste\b", r"ni +m[ x]ste\b", r"ni +f[ x]r\b", r"dere +m[ x](?:\b| )",
    r"toujours\b", r"siempre\b", r"immer\b", r"sempre\b", r"altijd\b", r"alltid\b", r"altid\b",
    r"anzi\b", r"al +contrario\b", r"au +contraire\b", r"im +gegenteil\b", r"integendeel\b",
    r"pelo +contr", r"al +rev", r"l +inverse\b", r"quis +dizer\b", r"volevo +dire\b",
    r"ik +bedoelde\b", r"nein\b", r"nee\b", r"nej\b", r"nei\b",
    r"vi +f[ x]r +(?:inte|ikke|ikkje)\b", r"vi +m[ x] +(?:inte|ikke|ikkje)\b", r"vi +ska(?:l)? +(?:inte|ikke|ikkje)\b",
    r"man +f[ x]r +(?:inte|ikke|ikkje)\b", r"man +m[ x] +(?:inte|ikke|ikkje)\b", r"man +ska(?:l)? +(?:inte|ikke|ikkje)\b",
    r"rectif", r"berichtigung\b", r"je[ x]+eli\b", r"je[ x]li\b", r"gdy\b", r"kiedy\b", r"o +ile\b",
    r"tu +ne\b", r"vous +ne\b", r"bajo +ning", r"en +ning", r"de +ninguna\b", r"por +nada\b",
    r"in +nessun\b", r"em +hip", r"de +jeito\b", r"en +aucun\b", r"in +geen\b", r"onder +geen\b",
    r"lass\b", r"lasst\b", r"lassen +sie\b", r"deja\b", r"dejad\b", r"laisse", r"lascia", r"deixe\b",
    r"deixa\b", r"laat\b", r"poprawka\b", r"korekta\b", r"sprostowanie\b", r"pomyli", r"a +nie\b", r"correzione\b", r"corre[ x]+o\b", r"correc[ x]+o\b", r"correctie\b",
    r"corrigindo\b", r"corrijo\b", r"me +confund", r"mi +sono +sbagliat", r"ho +sbagliato\b", r"errei\b",
    r"me +enganei\b", r"ik +vergiste\b", r"ik +heb +me\b", r"foutje\b", r"ich +hab", r"mein +fehler\b",
    r"erreur +de\b", r"mi +error\b", r"culpa +m", r"colpa +mia\b", r"meu +erro\b", r"y +no\b",
]  # fmt: skip

# A word of every RESTATES phrase (the phrase may start a few words before it).
RESTATING_WORDS = [
    r"goal\b", r"task\b", r"objective\b", r"mission\b", r"aim\b", r"plans?\b", r"restate\b",
    r"recap\b", r"clear\b", r"restat", r"point\b", r"bottom +line\b",
    r"what +(?:we|i) +(?:really +|actually +)?(?:want|need) +is\b", r"refocus\b", r"pivot\b", r"priority\b", r"assignment\b",
    r"direction\b", r"gears\b",
]  # fmt: skip

REFUSAL_WORDS = frozenset((
    "no", "not", "never", "nope", "nah", "don't", "dont", "do", "does", "doesn't", "won't",
    "can't", "cannot", "mind", "stop", "wait", "actually", "nothing", "that", "this", "it",
    "please", "instead", "use", "rather", "go", "on", "ahead",
))  # fmt: skip

# A deadline the user states, in the languages users write in (issue #14 item 3; RT22-21):
# its noun ("The deadline is …", "O prazo para entregar … é sexta-feira, 11 de dezembro.",
# "Termin oddania to piątek 18 grudnia.", "マ締め切りは12月11日…", "마감은 12월 18일 …",
# "Son teslim tarihi 15 Aralık'ta …", "Hạn chót là thứ Tư ngày 16 tháng 12 …"), said with
# a moment (a digit, a weekday, a month, "tomorrow"): an open request's or a constraint's
# date, not a number that matters
DEADLINE_NOUN = compiled_on_use(
    r"(?i)(?<!\w)(?:deadline|due\s+(?:date|by|on)|cut-?off\s+date|hard\s+stop|"
    r"prazo|data\s+(?:limite|de\s+entrega|final)|plazo|fecha\s+(?:límite|limite|de\s+entrega)|"
    r"date\s+(?:limite|butoir|de\s+(?:remise|livraison))|échéance|frist|abgabetermin|"
    r"stichtag|fällig|scadenza|termine\s+ultimo|data\s+di\s+consegna|uiterste\s+datum|"
    r"opleverdatum|inleverdatum|termin(?:u|ie|em)?\s+(?:oddania|wykonania|końcowy|realizacji|"
    r"dostarczenia|to|jest|mija|upływa)|termin\s+[^\W\d_]+(?:ia|ii|u|a)\s+(?:to|jest|mija|upływa)|"
    r"ostateczny\s+termin|sista\s+(?:dag|datum)|förfallodag|tidsfrist|"
    r"määräaika|takaraja|eräpäivä|határidő|határideje|uzávěrka|termín\s+(?:odevzdání|dodání)|"
    r"termen(?:ul)?\s+limită|(?:son\s+)?teslim\s+tarih\w*|son\s+tarih\w*|tenggat(?:\s+waktu)?|"
    r"tenggat\w*|batas\s+waktu|hạn\s+(?:chót|cuối)|thời\s+hạn|крайний\s+срок|дедлайн\w*|срок\s+сдачи|"
    r"термін\s+здачі|προθεσμία|דדליין|תאריך\s+(?:יעד|הגשה)|המועד\s+האחרון|מועד\s+אחרון|"
    r"مهلت|ضرب\W?الاجل|கடைசி\s+(?:தேதி|நாள்)|காலக்கெடு|الموعد\s+النهائي|آخر\s+موعد|"
    r"موعد\s+التسليم|डेडलाइन|समय\s*सीमा|अंतिम\s+(?:तिथि|तारीख)|tarehe\s+ya\s+mwisho)(?!\w)"
    r"|締め?切り?|納期|期限|마감|기한|截止|最后期限|กำหนดส่ง|เดดไลน์|ថ្ងៃផុតកំណត់|កាលកំណត់"
)
# ... and the moment it names
DEADLINE_MOMENT = compiled_on_use(
    rf"(?i)\d|(?<!\w)(?:{_WEEKDAYS}|tomorrow|tonight|amanhã|mañana|demain|morgen|domani|jutro|"
    r"besok|yarın|ngày\s+mai|завтра|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|"
    r"sep\w*|oct\w*|nov\w*|dec\w*|dez\w*|dic\w*|déc\w*|okt\w*|ene\w*|ago\w*|gen\w*|mag\w*|"
    r"giu\w*|lug\w*|set\w*|ott\w*|out\w*|fev\w*|abr\w*|mai\w*|sty\w*|lut\w*|kwi\w*|maj\w*|"
    r"cze\w*|lip\w*|sie\w*|wrz\w*|paź\w*|lis\w*|gru\w*|poniedziałek|wtorek|środa|środę|"
    r"czwartek|piątek|sobota|sobotę|niedziela|niedzielę|pazartesi|salı|çarşamba|perşembe|"
    r"cuma|cumartesi|pazar|ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|"
    r"kasım|aralık|senin|selasa|rabu|kamis|jumat|sabtu|minggu|thứ\s+\w+|chủ\s+nhật|tháng|"
    r"понедельник\w*|вторник\w*|сред\w|четверг\w*|пятниц\w|суббот\w|воскресень\w|"
    r"январ\w*|феврал\w*|март\w*|апрел\w*|ма[йя]|июн\w*|июл\w*|август\w*|сентябр\w*|"
    r"октябр\w*|ноябр\w*|декабр\w*)(?!\w)"
    r"|[月日曜]|요일|월|일|يوم|الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت|يناير|"
    r"فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر|"
    r"सोमवार|मंगलवार|बुधवार|गुरुवार|शुक्रवार|शनिवार|रविवार|जनवरी|फ़रवरी|मार्च|अप्रैल|मई|"
    r"जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर|कल"
)

# What only tells the assistant not to hurry or not to worry ("Acele etme, sorun yok.",
# "Spokojnie, nie ma pośpiechu.", "Sem pressa, pode ir com calma.", "急がなくて大丈夫です
# よ。", "천천히 하셔도 돼요."): talk, neither a rule nor a statement to keep
UNHURRIED = compiled_on_use(
    r"(?i)(?<!\w)(?:no\s+(?:rush|hurry|worries|stress|pressure)|take\s+your\s+time|"
    r"there'?s\s+no\s+(?:rush|hurry)|don'?t\s+(?:rush|hurry|worry|stress)|"
    r"sin\s+prisa|no\s+hay\s+prisa|tranquil[oa]|tómate\s+tu\s+tiempo|"
    r"sem\s+pressa|com\s+calma|sem\s+stress|não\s+(?:tem|há)\s+pressa|"
    r"pas\s+(?:de\s+)?press(?:é|e)|prends\s+ton\s+temps|rien\s+ne\s+presse|"
    r"keine\s+(?:eile|hektik|sorge)|lass\s+dir\s+zeit|in\s+ruhe|"
    r"mach\s+dir\s+keine\s+(?:sorgen|gedanken|stress)|maak\s+je\s+(?:geen\s+zorgen|niet\s+druk)|"
    r"nessuna\s+fretta|con\s+calma|senza\s+fretta|"
    r"geen\s+haast|rustig\s+aan|neem\s+(?:je|de)\s+tijd|"
    r"nie\s+ma\s+(?:pośpiechu|pospiechu|pośpiech|problemu)|spokojnie|bez\s+pośpiechu|"
    r"ingen\s+(?:brådska|stress|fara|hast)|ta\s+(?:din|den)\s+tid|"
    r"ei\s+kiirettä|nincs\s+sietség|nem\s+sürgős|"
    r"acele\s+(?:etme|etmeyin|yok)|sorun\s+yok|yavaş\s+yavaş|"
    r"santai(?:\s+saja)?|tidak\s+(?:perlu\s+)?(?:buru-buru|terburu-buru)|gak\s+usah\s+buru-buru|"
    r"không\s+(?:vội|gấp)|cứ\s+từ\s+từ|"
    r"не\s+(?:спеши|торопись|торопитесь|спешите)|без\s+спешки|не\s+к\s+спеху|"
    r"δεν\s+βιάζομαι|אין\s+לחץ|خذ\s+وقتك|لا\s+(?:داعي\s+)?للعجلة|لا\s+مشكلة|"
    r"कोई\s+जल्दी\s+नहीं|आराम\s+से|जल्दी\s+नहीं|hakuna\s+haraka)(?!\w)"
    r"|(?:急がなくて|ゆっくりで|慌てなくて)(?:大丈夫|いい|結構)?(?:です)?|"
    r"천천히(?:\s*(?:하셔도|해도|하세요))?(?:\s*(?:돼요|됩니다|괜찮아요))?|급하지\s*않아요|不急|慢慢来|"
    r"别着急|ไม่ต้องรีบ"
)
# A closing invitation to ask ("Jangan sungkan tanya kalau ada yang kurang jelas.", "لا
# تتردد في السؤال …", "Śmiało pytaj, jeśli …", "Don't hesitate to ask …"): talk, no rule
# and no task (RT23-2)
INVITES_QUESTIONS = compiled_on_use(
    r"(?i)(?<!\w)(?:don'?t\s+hesitate|do\s+not\s+hesitate|feel\s+free\s+to\s+(?:ask|reach|ping)|"
    r"let\s+me\s+know\s+if\s+you\s+have\s+(?:any\s+)?questions|jangan\s+(?:sungkan|ragu)|"
    r"śmiało\s+pytaj|nie\s+wahaj\s+się|laat\s+(?:maar\s+)?(?:weten|horen)\s+als\s+je\s+vragen|"
    r"aarzel\s+niet|no\s+dudes\s+en|no\s+te\s+cortes|n['’]hésite(?:z)?\s+pas|zögere\s+nicht|"
    r"frag\s+ruhig|non\s+esitare|não\s+hesite|fique\s+à\s+vontade\s+(?:para|pra)\s+perguntar|"
    r"tveka\s+inte|не\s+стесняйся|не\s+соромся|питай|спрашивай|لا\s+تتردد|"
    r"पूछ\s+(?:लेना|लीजिए|लो)|çekinmeden\s+sor|đừng\s+ngại)(?!\w)"
    r"|遠慮なく|お気軽に|随时问|尽管问|편하게\s*물어|언제든\s*물어"
)

# Openers that only announce a task, in the languages users write in ("Mam dziś dla
# ciebie zadanie.", "Маю для тебе задачу.", "Ada kerjaan nih.", "आज एक काम है।", "Kun je
# me vandaag helpen?", "今日もよろしくお願いします。"): said in a short sentence, they set none
ANNOUNCES_A_TASK = compiled_on_use(
    r"(?i)(?<![\w-])(?:task|favou?r|help|zadani\w*|robot\w*|задач\w*|завдання|справ\w*|"
    r"kerjaan|pekerjaan|tugas|bantu\w*|काम|मदद|helpen|hulp|klus|opdracht|pomoc\w*|pomóc|"
    r"допомог\w*|помог\w*|ayuda\w*|tarea|ajuda\w*|tarefa|aide|tâche|hilfe|aufgabe|aiuto|"
    r"compito|uppgift|hjälp|görev|iş|yardım|nhiệm\s+vụ|việc|giúp|مهمة|مساعدة|طلب)(?![\w-])"
    r"|よろしく|お願いします|手伝|作業|仕事|任务|帮忙|帮个忙|부탁|도와|할\s*일"
)

# A polite question that asks for a rule, in the languages users write in ("Zou je de
# productiedatabase nooit willen aanraken?", "Könntest du die API bitte nicht ändern?",
# "Pourrais-tu ne jamais toucher à prod ?", "¿Podrías no tocar la base de producción?"):
# an opening that asks the listener to do something, and a negation (RT22-6)
ASKS_FOR_A_RULE_ELSEWHERE = compiled_on_use(
    r"(?i)^\W*(?:(?:en|und|et|y|e|i|och|og|ja)\W+)*(?:zou\s+je|zou\s+u|kun\s+je|kunt\s+u|"
    r"wil\s+je|wilt\s+u|könntest\s+du|kannst\s+du|würdest\s+du|könnten\s+sie|würden\s+sie|"
    r"pourrais-tu|peux-tu|pourriez-vous|pouvez-vous|voudrais-tu|(?:est-ce\s+que\s+)?tu\s+peux|"
    r"podrías|puedes|podría\s+usted|potresti|puoi|potrebbe|você\s+pode|poderia|pode|podes|"
    r"czy\s+(?:możesz|mógłbyś|mogłabyś|moglibyście)|kan\s+du|skulle\s+du|kunne\s+du|"
    r"voisitko|voitko|можешь|можете|можеш|чи\s+можеш|не\s+могли\s+бы|могли\s+бы|"
    r"შეგიძლია|შეგიძლიათ)\b"
    # ... asked at the end ("… emin olabilir misin?") or around the request ("क्या आप पक्का कर
    # सकते हैं कि …?")
    r"|(?:bilir|abilir|ebilir)\s+(?:mi|mı|mu|mü)(?:sin|sın|sun|sün|siniz|sınız)\s*\?\s*$"
    r"|^\W*क्या\s+(?:आप|तुम)\s+(?:\S+\s+){0,4}(?:सकते|सकती|सकोगे|सकेंगे)(?![\u0900-\u097f])"
)
RULE_NEGATION_ELSEWHERE = compiled_on_use(
    r"(?i)(?<!\w)(?:nooit|niet|geen|nicht|niemals|nie|kein\w*|jamais|ne|pas|no|nunca|"
    r"nada|mai|non|não|nenhum|aldrig|inte|ikke|aldri|älä|koskaan|не|никогда|nigdy|ніколи|"
    r"asla|hiçbir\s+zaman|არასოდეს|არ|कभी|नहीं|मत)(?!\w)"
    r"|(?<![\w\u0900-\u097f])न(?![\w\u0900-\u097f])"
    r"|[^\W\d_]{2,}(?:ma|me)(?:dığ|diğ|dik|dık|yacağ|yeceğ)"  # Turkish: "commit etmediğimiz"
)

# A purpose clause in the languages users write in: a negation inside it ("…, tak żeby
# żadna faktura nie zginęła", "…アップロードが失われないように…", "… para que no se pierda
# ninguna …") describes the goal, it sets no rule
PURPOSE_ELSEWHERE = compiled_on_use(
    r"(?i)\s*(?:[,，、]\s*)?(?<!\w)(?:para\s+que|de\s+modo\s+que|pour\s+que|afin\s+que|"
    r"de\s+sorte\s+que|damit|sodass|so\s+dass|affinché|in\s+modo\s+che|così\s+che|zodat|"
    r"opdat|tak\s+(?:żeby|aby|by)|żeby|aby|så\s+att|jotta|hogy|чтобы|щоб|ώστε|"
    r"sehingga|supaya|agar|để|böylece|ki|ताकि|كي|لكي|حتى\s+لا)(?!\w).*$"
    # (Japanese: only an outcome with its own subject, "…、アップロードが失われないように…";
    # "本番DBに接続しないようにしてください" asks the listener not to connect: a rule)
    r"|[^、。，,]*が[^、。，,]*?(?:ないように|ないよう).*$|(?:ために|되도록|않도록|以便|以免|为了).*$"
)


# A correction by its shape, whatever the language's other words (read by
# ``intent.contrasts_values``): the "not" words that deny a value said first ...
NEG_WORD = (
    r"not|non|nicht|nie|não|no|ne|nu|не|ні|niet|ikke|inte|ei|nem|όχι|לא|değil|bukan|không|ليس"
)
# ... a value named as one token: a number, a code, a name with a digit or a capital
# (or a name with a capital inside: "edgeR", "iOS")
_TOKEN_VALUE = r"`[^`]+`|[\w./:+-]*\d[\w./:+-]*|[A-Z][\w.+-]+|[a-z]+[A-Z][\w.+-]*"
# "Not Postgres 14 — we're on Postgres 16", "Non 8080: la porta giusta è 8443."
# (a product's name before its version is not the value: "Postgres 14")
_NAME_BEFORE = r"(?:[A-Z][\w-]*\s+(?=[\w./:+-]*\d))?"
DENIED_FIRST = compiled_on_use(
    rf"(?i)^\W*(?:{NEG_WORD})\s+(?:\w+\s+){{0,2}}?(?-i:{_NAME_BEFORE}(?P<a>{_TOKEN_VALUE}))\s*"
    rf"(?:[—–:;،]|\s-\s|,)\s*.{{0,80}}?(?-i:{_NAME_BEFORE}(?P<b>{_TOKEN_VALUE}))"
)
# ... the name before the version of the value said second, in a language that puts its
# "not" after the value it denies: "Redis 6 नहीं, Redis 7 इस्तेमाल करो।", "port 8080 말고
# port 8443를 …"
_THEN_NAME = r"(?:[A-Za-z][\w-]*\s+(?=[\w./:+-]*\d))?"
# "usa Valkey y no Redis", "use 8443 and not 8080", "STM32F4 değil STM32G4" (Turkish puts
# its "not" after what it denies)
AND_NOT = compiled_on_use(
    rf"(?<![\w.-])(?P<a>{_TOKEN_VALUE})\s+(?i:y|e|et|and|und|en|och|og|i|și|и|ve|dan|và)\s+"
    rf"(?i:no|não|non|pas|not|nicht|niet|inte|ikke|nie|nu|не|bukan|không)\s+(?P<b>{_TOKEN_VALUE})"
    rf"|(?<![\w.-])(?P<c>{_TOKEN_VALUE})\s+(?i:değil)\w*\s*,?\s+{_THEN_NAME}(?P<d>{_TOKEN_VALUE})"
    # ... "dùng BullMQ chứ không dùng Kafka" (Vietnamese: "rather than"), "Newtonsoft 말고
    # System.Text.Json을 쓰세요" (Korean: "not X, Y")
    rf"|(?<![\w.-])(?P<e>{_TOKEN_VALUE})\s+(?i:chứ\s+không)(?:\s+phải(?:\s+là)?|\s+[^\W\d_]+)?"
    rf"\s+(?P<f>{_TOKEN_VALUE})"
    rf"|(?<![\w.-])(?P<h>{_TOKEN_VALUE})\s*말고\s*,?\s+{_THEN_NAME}(?P<g>{_TOKEN_VALUE})"
    # ... "استخدم RabbitMQ وليس Kafka." (Arabic: "and not"), "Kafka नहीं, RabbitMQ इस्तेमाल
    # करो।" (Hindi puts its "not" after what it denies)
    rf"|(?<![\w.-])(?P<i>{_TOKEN_VALUE})\s+(?:وليس|وليست|لا)\s+(?P<j>{_TOKEN_VALUE})"
    rf"|(?<![\w.-])(?P<k>{_TOKEN_VALUE})\s+नहीं\s*,?\s+{_THEN_NAME}(?P<l>{_TOKEN_VALUE})"
    # ... "不是Postgres 14，用Postgres 16。" (Chinese: "not X, (use) Y")
    rf"|不是\s*{_THEN_NAME}(?P<m>{_TOKEN_VALUE})\s*[，,、]\s*(?:而是|改用|要用|换成|換成|用)?\s*"
    rf"{_THEN_NAME}(?P<n>{_TOKEN_VALUE})"
)
# what one of the shapes above needs (a text without it is not read by them): a "not"
# opening a sentence, an "and not", a "not" said after its value
CONTRASTS_MAYBE = compiled_on_use(
    rf"(?i)(?:^|[.!?।。！？]\s*|\n)\W*(?:{NEG_WORD})\s|"
    r"(?i:(?<!\w)(?:y|e|et|and|und|en|och|og|i|și|и|ve|dan|và)\s+(?:no|não|non|pas|not|nicht|"
    r"niet|inte|ikke|nie|nu|не|bukan|không)\s)|(?i:değil)|chứ\s+không|말고|وليس|وليست|"
    r"(?<!\w)لا(?!\w)|नहीं|不是"
)
# a particle after a value ("16를": the number, its Korean particle after it)
VALUE_PARTICLE = compiled_on_use(r"(?<=[\x00-\x7f])[^\W\x00-\x7f]+$")


# ------------------------------------------------------------------ a change of course, by structure
# Corrections and standing rules said in shapes the word lists above miss, one table per
# shape, every language a line (read by ``intent.turns_course`` / ``intent.standing_order``,
# sentence by sentence, in a short turn). Red team RT26-14 / review R21-S1: "Użyj X zamiast
# Y.", "Usa X invece di Y.", "Nimm X statt Y." were never pinned by the fit.
#
# "instead of": one value put in another's place. A word that is also a noun or a verb in
# its language ("místo", a place; "ganti", to change; "แทน", to represent) counts beside a
# value (a number, a code, a name with a capital: ``_TOKEN_VALUE``).
_V = rf"(?-i:{_TOKEN_VALUE})"
INSTEAD_OF = (
    r"\b(?:an)?statt\s+(?!und\b)[\w`]|\banstelle\s+(?:von|des|der|eines|einer)\b|"  # de
    r"\bin\s+plaats\s+van\b|"  # nl
    r"\b(?:i\s+stället|istället)\s+för\b|\bi\s+stedet\s+for\b|"  # sv, da/no
    r"\binvece\s+(?:d[ei]|degli|della|del|dello|che)\b|\bal\s+posto\s+d\w*|\banziché\b|"  # it
    r"\b(?:em|no)\s+(?:vez|lugar)\s+d[eoa]s?\b|\bao\s+invés\s+d[eoa]s?\b|"  # pt
    r"\ben\s+(?:lugar|vez)\s+del\b|\bà\s+la\s+place\s+d[eu]s?\b|"  # es, fr (the rest above)
    r"\bzamiast\b|"  # pl
    rf"{_V}\s+(?:na)?místo\s+{_V}|\b(?:na)?místo\s+{_V}|\bmísto\s+toho\b|"  # cs
    r"\bsebagai\s+ganti(?:nya)?\b|\balih-alih\b|"  # id
    r"\bthay\s+(?:cho|vì|bằng)\b|"  # vi
    r"\byerine\b(?!\s+getir)|"  # tr
    r"代わりに|"  # ja (ko 대신, zh 代替, ru вместо, he במקום, hi की जगह: above)
    r"(?<!ตัว)แทน(?!ค่า)|"  # th
    r"بدل(?:ًا|اً|ا)?\s+(?:من|عن)|عوض(?:ًا|اً|ا)?\s+عن|"  # ar
    # ... or one value said, then the one it replaces denied: "Użyj Redis 7, nie Memcached.",
    # "Brug Redis 7, ikke Memcached.", "ใช้ Redis 7 ไม่ใช่ Memcached", "Memcached 말고 Redis
    # 7을", "Memcached नहीं, Redis 7 …" (RT26-14: the value before a version is a name, so
    # the shapes of ``AND_NOT`` took "7" and "Memcached" for values of two kinds)
    rf"{_V}\s*,\s*(?:not|nicht|nie|ne|inte|ikke|ei|bukan|niet|não|non|pas|no)\s+{_V}|"
    rf"{_V}\s*,\s*không\s+(?:(?:dùng|phải|lấy)\s+)?{_V}|{_V}\s*,\s*לא\s+(?:[בל]-?)?{_V}|"
    rf"{_V}\s*ไม่ใช่\s*{_V}|{_V}\s+(?:وليس|وليست)\s+{_V}|{_V}\s+नहीं\s*,\s*{_V}|"
    rf"{_V}\s*말고\s*,?\s*{_V}"
)
# the imperative "forget" (a take-back when a value follows it in the turn), by language
FORGET = (
    r"ξέχνα|ξεχάστε|zabudni|zabudnite|zapomeň|zaboravi|zaboravite|pozabi|pozabite|забрави|"
    r"oblida|oblideu|unohda|unohtakaa|felejtsd\s+el|felejtse\s+el|uită|uitați|uitati|sahau|"
    r"sahauni|aizmirsti|pamiršk|unusta|kalimutan|vergiss|vergessen\s+sie|vergeet|glöm|glem|"
    r"forget|oublie|oubliez|olvida|olvide|dimentica|dimenticate|esquece|esqueça|zapomnij|"
    r"lupakan|забудь|забудьте|unut|unutun|quên|תשכח|תשכחי|תשכחו|انس|إنس|انسى"
)
# ... said after what is forgotten, where the verb ends the clause (fa, bn, hi, ja, ko, tr)
FORGET_AFTER = (
    r"فراموش\s*(?:ش\s*)?کن|فراموشش\s+کن|ভুলে\s+(?:যাও|যান|যা)|भूल\s+(?:जाओ|जाइए|जाएं)|"
    r"忘れて|잊어\s*(?:줘|주세요|버려)|잊고|unut(?:un)?\b"
)
# ... in scripts without spaces between words, before the value ("忘掉X，用Y", "ลืม X ไปเลย")
FORGET_UNSPACED = r"忘掉|忘了吧|别管|別管|ลืม"
# what was said, said to hold no longer ("what I said about X no longer applies")
NO_LONGER_HOLDS = (
    r"\b(?:what\s+i\s+(?:said|wrote)[^.!?\n]{0,40}?no\s+longer\s+(?:holds|applies|stands))|"
    r"\bgesagt\s+habe[^.!?\n]{0,20}?gilt\s+nicht\s+mehr|"
    r"\b(?:ce\s+que\s+j['’]ai\s+dit)[^.!?\n]{0,40}?ne\s+(?:vaut|tient)\s+plus|"
    r"\b(?:lo\s+que\s+dije)[^.!?\n]{0,40}?ya\s+no\s+(?:vale|aplica|sirve)|"
    r"\b(?:quello\s+che\s+ho\s+detto)[^.!?\n]{0,40}?non\s+vale\s+più|"
    r"\b(?:wat\s+ik\s+(?:zei|gezegd\s+heb))[^.!?\n]{0,40}?geldt\s+niet\s+meer"
)

# what the user said before, taken back ("scratch that", "forget what I said"): the turn
# then says what holds instead
RETRACTED = (
    r"\bforget\s+(?:that|what\s+I\s+(?:said|wrote))\b|\bignore\s+what\s+I\s+(?:said|wrote)\b|"
    r"\bvergiss\s+(?:das|es|,?\s*was\s+ich)\b|\bvergessen\s+sie\s+das\b|"  # de
    r"\bvergeet\s+(?:dat|het|wat\s+ik)\b|"  # nl
    r"\bstryk\s+det\b|\bglöm\s+(?:det|vad\s+jag)\b|\bglem\s+(?:det|hvad\s+jeg)\b|"  # sv, da
    r"\boubliez?\s+(?:ça|cela|ce\s+que\s+j)|\blaissez?\s+tomber\b|"  # fr
    r"\bolvida\s+(?:eso|lo\s+que)\b|\bolvídalo\b|"  # es
    r"\blascia(?:te)?\s+perdere\b|\bdimentica\s+(?:quello|ciò|quanto)\b|"  # it
    r"\besque(?:ce|ça)\s+(?:isso|o\s+que)\b|"  # pt
    r"\bzapomnij\s+o\s+tym\b|\bzapomeň(?:te)?\s+na\s+to\b|"  # pl, cs
    r"\blupakan\s+(?:itu|yang\s+tadi)\b|"  # id
    r"\bbỏ\s+cái\s+(?:đó|này|kia)\b|\bquên\s+(?:cái|điều|chuyện)\s+đó\b|"  # vi
    r"\bboş\s?ver\b|\bvazgeçtim\b|"  # tr
    r"[Зз]абудь(?:те)?,?\s+(?:что|що|об\s+этом|про\s+це|это|це)(?![\u0400-\u04ff])|"  # ru, uk
    r"取り消(?:します|して|し)|撤回(?:します|して)|"  # ja
    r"(?:말|얘기)한\s*(?:건|거|것은)\s*취소|취소할게요|"  # ko
    r"作废|作廢|"  # zh
    r"ยกเลิก(?:อัน|ที่)(?:เมื่อกี้|เมื่อกี๊|ที่แล้ว)|ลืมที่(?:ผม|ฉัน|เรา)?(?:พูด|บอก)|"  # th
    r"תשכח(?:י|ו)?\s+(?:מזה|ממה)|"  # he
    r"(?:انس|إنس)َ?\s+(?:ذلك|هذا|ما\s+قلت)|"  # ar
    r"(?:वो|वह|ये|यह)\s+छोड़ो|(?:उसे|इसे)\s+भूल\s+जाओ"  # hi
)
# ... the imperative "forget" of more languages opening a clause, a value named after it in
# the turn ("Ξέχνα ό,τι είπα για το X, …", "Zaboravi što sam rekao o X", "Oblida el que vaig
# dir de X"), or after the value where the verb ends the clause ("… X گفتم را فراموش کن", "X
# নিয়ে যা বলেছিলাম ভুলে যাও"), or what was said said to hold no longer ("Was ich zu X gesagt
# habe, gilt nicht mehr")
_FORGOTTEN_BEFORE = rf"(?:^|[,;:.!—–-]\s*)(?:{FORGET})\b[^.!?\n]{{0,60}}?{_V}"
_FORGOTTEN_AFTER = rf"{_V}[^.!?\n]{{0,60}}?(?:{FORGET_AFTER})"
_FORGOTTEN_UNSPACED = rf"(?:{FORGET_UNSPACED})[^.!?\n]{{0,60}}?{_V}"
FORGOTTEN = rf"{_FORGOTTEN_BEFORE}|{_FORGOTTEN_AFTER}|{_FORGOTTEN_UNSPACED}|(?:{NO_LONGER_HOLDS})"
# a question that puts the right value forward against what is being done ("Shouldn't it
# be Redis?", "Sollte das nicht Redis sein?", "不是应该用 Redis 吗？"): a correction asked
CORRECTING_QUESTION = compiled_on_use(
    r"(?i)\bshouldn['’]?t\s+(?:it|that|this|we|you)\s+(?:be|use)\b|"
    r"\b(?:is|was)n['’]?t\s+(?:it|that)\s+supposed\s+to\b|"
    r"\bsollte[n]?\s+(?:das|es|wir)\s+nicht\b|\bmüsste\s+(?:das|es)\s+nicht\b|"  # de
    r"\b(?:moet|zou|hoort)\s+(?:dat|het)\s+niet\b|"  # nl
    r"\bborde\s+(?:det|vi)\s+inte\b|\bburde\s+(?:det|vi)\s+ikke\b|"  # sv, da
    r"\b(?:ça|cela|ce)\s+ne\s+devrait\s+pas\b|\bne\s+devrait-(?:il|on|ce)\s+pas\b|"  # fr
    r"\bno\s+debería(?:mos)?\s+(?:ser|usar)\b|"  # es
    r"\bnon\s+dovrebbe(?:ro)?\s+essere\b|\bnon\s+dovremmo\s+usare\b|"  # it
    r"\bnão\s+(?:deveria|devia)\s+(?:ser|usar)\b|"  # pt
    r"\bczy\s+nie\s+powinn[oaiy]\b|\bnemělo\s+by\s+(?:to\s+)?být\b|"  # pl, cs
    r"\bbukan(?:nya|kah)\s+(?:seharusnya|harusnya)\b|"  # id
    r"\bkhông\s+phải\s+(?:là\s+)?[^?]+?\s+(?:à|sao|chứ|ư)\s*\?|"  # vi
    r"\bolması\s+gerekmiyor\s+mu\b|\bolmalı\s+değil\s+mi\b|"  # tr
    r"[Рр]азве\s+не\s+(?:должен|должна|должно|должны|нужно|надо)|"  # ru
    r"[Хх]іба\s+не\s+(?:має|мають|повинен|повинно|треба)|"  # uk
    r"はずでは|はずじゃ(?:ない|なかった)|べきでは(?:ない|ありません)(?:か|でしょうか)|"  # ja
    r"(?:여|이어)야\s*하지\s*않(?:나요|아요|습니까|을까요)|"  # ko
    r"不是[应應][该該]|不[应應][该該]是|[难難]道不是|"  # zh
    r"ควร(?:จะ)?เป็น[^?]*ไม่ใช่(?:เหรอ|หรอ|หรือ)|"  # th
    r"לא\s+(?:אמור|אמורה|אמורים)\s+להיות|"  # he
    r"أليس\s+من\s+المفترض|ألا\s+يجب|"  # ar
    r"नहीं\s+होना\s+चाहिए"  # hi
)
# a move to another named value ("Yes, good catch, switch to FastAPI.", "Ja, gut erkannt,
# steig auf NATS um.", "はい、MQTT v5に切り替えてください。"): the user taking a change of course,
# often the assistant's proposal; the value (a digit, a capital, a code) names what holds now
_NAMED = r"(?-i:\S*[\dA-Z`])"
SWITCH_TO = (
    rf"\bswitch\s+(?:over\s+)?to\s+{_NAMED}|\bsteig\s+auf\s+{_NAMED}|\bwechsle\s+(?:zu|auf)\s+{_NAMED}|"
    rf"\bstap\s+over\s+op\s+{_NAMED}|\bbyt\s+till\s+{_NAMED}|\bskift\s+til\s+{_NAMED}|"
    rf"\bpasse\s+(?:à|a)\s+{_NAMED}|\bcámbiate\s+a\s+{_NAMED}|\bpassa\s+a\s+{_NAMED}|"
    rf"\bmuda\s+para\s+{_NAMED}|\bprzejdź\s+na\s+{_NAMED}|\bpřejdi\s+na\s+{_NAMED}|"
    rf"\bpindah\s+ke\s+{_NAMED}|\bchuyển\s+sang\s+{_NAMED}|{_NAMED}\S*['’]?(?:y?[ae])\s+geç\b|"
    rf"[Пп]ерех(?:одь|оди)\s+на\s+{_NAMED}|תעבור\s+ל-?{_NAMED}|انتقل\s+إلى\s+{_NAMED}|"
    rf"{_NAMED}\S*\s+पर\s+स्विच|に切り替え|로\s*바꿔|เปลี่ยน(?:ไป)?(?:เป็น|ใช้)\s*{_NAMED}"
)
# one value replaced by another, the verb "replace" said of two values in one clause: before
# them ("Replace X with Y everywhere.", "Ersetze überall X durch Y.", "Αντικατάστησε το X με
# Y.", "Înlocuiește X cu Y peste tot."), between them ("সব জায়গায় X বদলে Y দাও।", "把 X 换成
# Y"), or after them where the verb ends the clause ("همه‌جا X را با Y جایگزین کن.", "XをYに置き換え
# て"); a stem, the verb's endings after it ("Cseréld le", "Korvaa", "Zamijeni")
REPLACE_VERB = (
    r"replace|swap|substitut|ersetz|austausch|tausch|remplac|reemplaz|sustitu|sostitu|"
    r"rimpiazz|substitu|troqu|vervang|ersätt|byt\s+ut|erstatt|bytt\s+ut|erstat|udskift|"
    r"zastąp|zamień|wymień|podmień|nahraď|nahrad|vyměň|vymeň|zamijeni|zamjeni|zameni|zamenjaj|"
    r"înlocui|inlocui|cseréld|cserélje|lecserél|helyettesítsd|korvaa|vaihda|asenda|vaheta|"
    r"aizstāj|nomaini|pakeisk|αντικατάστησ|αντικαταστήστε|замени|замените|заміни|замініть|"
    r"смени|поменяй|değiştir|gantikan|ganti|thay(?:\s+thế)?|palitan|badilisha|badili|استبدل|החלף|"
    r"แทนที่"
)
_REPLACE_BETWEEN = r"বদলে|换成|換成|替换为|替换成|替換為|替換成|की\s+जगह"
_REPLACE_AFTER = (
    r"جایگزین\s*(?:کن|کنید)|عوض\s*(?:کن|کنید)|প্রতিস্থাপন\s+কর|से\s+बदल|に置き換え|に差し替え|に置換|"
    r"ile\s+değiştir|"
    r"(?:으)?로\s*(?:교체|대체)"
)
_CLAUSE = r"[^.!?。！？\n]"
_REPLACED_VERB_FIRST = (
    rf"(?<!\w)(?:{REPLACE_VERB})\S*\s+(?:\S+\s+){{0,4}}?{_V}{_CLAUSE}{{0,40}}?\s{_V}"
)
_REPLACED_BETWEEN = rf"{_V}{_CLAUSE}{{0,20}}?(?:{_REPLACE_BETWEEN})\s*{_V}"
_REPLACED_AFTER = rf"{_V}{_CLAUSE}{{0,40}}?\s{_V}{_CLAUSE}{{0,30}}?(?:{_REPLACE_AFTER})"
REPLACED = f"{_REPLACED_VERB_FIRST}|{_REPLACED_BETWEEN}|{_REPLACED_AFTER}"
COURSE_CHANGE = compiled_on_use(
    f"(?i)(?:{INSTEAD_OF}|{RETRACTED}|{FORGOTTEN}|{SWITCH_TO}|{REPLACED})"
)
# ``COURSE_CHANGE`` searched in two steps (``intent.turns_course``), finding a match in the
# same sentences: its alternatives that open on a value and reach a word of their own
# after a gap of up to 20-60 characters (the replace verb said after both values, the
# "forget" said after the value, the replace word between them) each only where that word
# is in the sentence (every match of the alternative holds it), the rest as one pattern. Python's engine tried those alternatives at every character, the gaps at every
# length: ~50 ms a 300-character sentence of capitalised nouns and ticket numbers (a
# helpdesk turn in German), most of a cold fit of such a chat (3-4 s).
#
# The ungapped ones are searched in two parts, as they find a match in the same sentences:
# all but the "replace" verb said first, each holding a word or a mark of its own
# ("statt", ", not", "místo", "switch to"), so that their RE2 superset rules out almost every
# sentence before Python's engine tries them (its value alternatives at every character:
# ~2 ms a helpdesk sentence of capitalised nouns and ticket numbers, half a cold fit of such
# a chat, speed63); and the "replace" verb said first, whose superset, its look-behind left
# out, finds the short verbs inside other words (searched alone, ~0.03 ms a sentence).
COURSE_CHANGE_WORDED = compiled_on_use(
    f"(?i)(?:{INSTEAD_OF}|{RETRACTED}|{_FORGOTTEN_BEFORE}|{_FORGOTTEN_UNSPACED}|"
    f"(?:{NO_LONGER_HOLDS})|{SWITCH_TO})"
)
COURSE_CHANGE_VERB_FIRST = compiled_on_use(f"(?i)(?:{_REPLACED_VERB_FIRST})")
#: (its word, the alternative) for each gapped alternative of ``COURSE_CHANGE``
COURSE_CHANGE_GAPPED = (
    (compiled_on_use(f"(?i)(?:{_REPLACE_AFTER})"), compiled_on_use(f"(?i)(?:{_REPLACED_AFTER})")),
    (compiled_on_use(f"(?i)(?:{FORGET_AFTER})"), compiled_on_use(f"(?i)(?:{_FORGOTTEN_AFTER})")),
    (
        compiled_on_use(f"(?i)(?:{_REPLACE_BETWEEN})"),
        compiled_on_use(f"(?i)(?:{_REPLACED_BETWEEN})"),
    ),
)

# A standing rule said as an obligation that holds every time ("`west build` skal køres med
# `--pristine` hver eneste gang.", "Bisogna eseguire X con Y ogni volta."): a modal of
# obligation and a word of repetition in one sentence, not said by the speaker about
# themselves ("I always have to restart it").
MODAL_OBLIGATION = compiled_on_use(
    r"(?i)\bmust\b|\b(?:have|has|need)\s+to\b|\bmus[st]\b|\bmüssen\b|\bmoet(?:en)?\b|"
    r"\bmåste\b|\bskal\b|\bil\s+faut\b|\bdoi[st]\b|\bdevez\b|\bhay\s+que\b|\bdebe[sn]?\b|"
    r"\btienes\s+que\b|\bbisogna\b|\boccorre\b|\bdev[ei]\b|\bdevono\b|\bé\s+preciso\b|"
    r"\bprecisa\b|\btem\s+(?:que|de)\b|\btrzeba\b|\bmusisz\b|\bmusi\b|\bnależy\b|"
    r"\bmusí(?:š|te)?\b|\bje\s+třeba\b|\bharus\b|\bwajib\b|\bphải\b|\bzorunda\b|"
    r"\b\w+(?:malı|meli)(?:sın|sin|yız|yiz)?\b|"
    r"нужно|надо|необходимо|должен|должны|обязан|треба|потрібно|мусиш|повин(?:ен|ні)|"
    r"なければ(?:なり|いけ|ならな)|必ず|야\s*(?:합니다|해요|한다|돼요|됩니다)|반드시|"
    r"必[须須](?!的|承[认認]|[说說])|一定要|ต้อง|يجب|لازم|ينبغي|חייב|צריך|צריכים|ज़रूरी|जरूरी|चाहिए|"
    # ... "make sure" said to the listener (an order that something holds), and the modals
    # of more languages
    r"\bmake\s+sure\b|\bensure\b|\bachte\s+darauf\b|\bstell\s+sicher\b|\bsorge\s+dafür\b|"
    r"\bassure[sz]?[- ](?:toi|vous)\b|\bveille[sz]?\s+à\b|\baseg[úu]rate\b|\basegúrese\b|"
    r"\bassicurati\b|\bcertifique-se\b|\bzorg\s+(?:ervoor|dat)\b|\bse\s+till\s+att\b|"
    r"\bsørg\s+for\b|\bupewnij\s+się\b|\bpilnuj\b|\bujisti\s+se\b|\bdbaj\b|\bdbej\b|"
    r"\bpazi\s+da\b|\bpobrini\s+se\b|\bai\s+grijă\b|\basigură-te\b|\bfigyelj\s+(?:arra|oda)\b|"
    r"\bügyelj\b|\bgyőződj\s+meg\b|\bvarmista\b|\bhuolehdi\b|\bveendu\b|\bpārliecinies\b|"
    r"\bįsitikink\b|\bhakikisha\b|\bφρόντισε\b|\bβεβαιώσου\b|\bemin\s+ol\b|\bубедись\b|"
    r"\bпроследи\b|\bпереконайся\b|\bpastikan\b|\bđảm\s+bảo\b|\bsiguraduhin\b|"
    r"\bassegura['’]t\b|\bassegureu-vos\b|مطمئن\s+شو|حتما|حتماً|খেয়াল\s+রেখো|নিশ্চিত\s+কর|"
    r"सुनिश्चित\s+कर|تأكد|ודא|務必|务必|确保|確保|ให้แน่ใจ|"
    r"\bpitää\b|\btäytyy\b|\bkell\b|\bkelle?ne\b|\btrebuie\b|\bπρέπει\b|\bmora[šmjt]?\b|"
    r"\bmusíš\b|\btreba\b|\bcal\b|\bhas\s+de\b|\bheu\s+de\b|\blazima\b|\bsharti\b|"
    r"باید|হবে|উচিত"
)
REPETITION = compiled_on_use(
    r"(?i)\bevery\s+(?:single\s+)?time\b|\beach\s+time\b|\bwhenever\b|\balways\b|"
    r"\bjedes\s+(?:einzelne\s+)?mal\b|\bimmer\b|\b(?:elke|iedere)\s+keer\b|\baltijd\b|"
    r"\btelkens\b|\bvarje\s+gång\b|\balltid\b|\bhver\s+(?:eneste\s+)?gang\b|\baltid\b|"
    r"\bchaque\s+fois\b|\btoujours\b|\bcada\s+vez\b|\bsiempre\b|\bogni\s+volta\b|\bsempre\b|"
    r"\btoda\s+vez\b|\btodas\s+as\s+vezes\b|\bza\s+każdym\s+razem\b|\bzawsze\b|"
    r"\bpokaždé\b|\bvždy(?:cky)?\b|\bsetiap\s+(?:kali|saat)\b|\bselalu\b|\blần\s+nào\b|"
    r"\bmỗi\s+lần\b|\bluôn\b|\bher\s+(?:seferinde|zaman|defasında)\b|\bdaima\b|"
    r"каждый\s+раз|всегда|щоразу|кожного\s+разу|завжди|毎回|いつも|常に|매번|항상|"
    r"每次|[总總]是|始[终終]|ทุกครั้ง|เสมอ|كل\s+مرة|دائم|בכל\s+פעם|תמיד|हर\s+बार|हमेशा|"
    # ... in more languages, and "without exception" (each time, said another way)
    r"\baina\b|\bjoka\s+kerta\b|\bmindig\b|\bminden\s+alkalommal\b|\bmereu\b|"
    r"\bîntotdeauna\b|\bde\s+fiecare\s+dată\b|\bπάντα\b|\bκάθε\s+φορά\b|\buvijek\b|"
    r"\buvek\b|\bvedno\b|\bsvaki\s+put\b|\bzakaždým\b|\bcada\s+cop\b|\bkila\s+mara\b|"
    r"\bkila\s+wakati\b|\balati\b|\bvienmēr\b|\bvisada\b|\balati\b|\bпосто[яј]анно\b|"
    r"\bвинаги\b|همیشه|هر\s+بار|সবসময়|সর্বদা|প্রতিবার|"
    r"\bwithout\s+(?:any\s+)?exceptions?\b|\bno\s+exceptions\b|\bohne\s+ausnahme\b|"
    r"\bsans\s+exception\b|\bsin\s+excepci[oó]n(?:es)?\b|\bsense\s+excepci(?:ó|ons)\b|"
    r"\bsenza\s+eccezion[ei]\b|\bsem\s+exceç(?:ão|ões)\b|\bzonder\s+uitzondering\b|"
    r"\butan\s+undantag\b|\buten\s+unntak\b|\buden\s+undtagelse\b|\bbez\s+wyjątku\b|"
    r"\bbez\s+výjimky\b|\bbez\s+výnimky\b|\bbez\s+iznimke\b|\bbez\s+izuzetka\b|"
    r"\bbrez\s+izjeme\b|\bfără\s+excepți[ei]\b|\bkivétel\s+nélkül\b|\bpoikkeuksetta\b|"
    r"\bilman\s+poikkeuksia\b|\bχωρίς\s+εξαιρέσεις\b|\bistisnasız\b|\bбез\s+исключени[йя]\b|"
    r"\bбез\s+винятк(?:у|ів)\b|\bбез\s+изключени[ея]\b|\btanpa\s+(?:ter)?kecuali\b|"
    r"\bkhông\s+có\s+ngoại\s+lệ\b|\bbila\s+ubaguzi\b|\bbila\s+kuacha\b|بدون\s+استثنا|"
    r"ব্যতিক্রম\s+ছাড়া|बिना\s+किसी\s+अपवाद|ללא\s+יוצא\s+מן\s+הכלל|例外なく|예외\s*없이|无一例外|"
    r"ไม่มีข้อยกเว้น"
)
# the speaker (or a third person) as the subject opening the sentence: a habit or a report
# told, no order ("Wir haben gestern Redis statt Memcached benutzt.")
SPEAKER_FIRST = compiled_on_use(
    r"(?i)\W*(?:i(?!\s+st(?:ället|edet)\b)|we|ich|wir|er|sie|je|nous|il|elle|on|yo|nosotros|"
    r"io|noi|eu|nós|ik|wij|hij|jag|vi|han|hon|jeg|my|ona|já|saya|kami|tôi|chúng\s+tôi|ben|"
    r"ja(?!\s*[,!.])|"  # (Polish "Ja nigdy …", I; not "Ja, …", yes)
    r"biz|я|мы|ми|він|вона|он|она|мне|нам|мені|нам|ми)\b|"
    # (a subject or a "to us" in scripts without word breaks or with their own: "Нам треба …",
    # "אנחנו צריכים …", "เราต้องรองรับ …", "私たちは …", "我们需要 …", "우리는 …")
    r"\W*(?:אנחנו|אני|เรา|ผม|ฉัน|私たち|私は|我们|我們|我|우리|저는|नहीं\s+हम|हम|نحن|أنا)"
)
# A courteous negated order the clause-opening patterns above miss, the courtesy word
# before it ("Per favore non modificare …", "Proszę nic nie zmieniać …", "Verander
# alsjeblieft niets …", "Lütfen … değiştirme.", "Prosím, neměň …", "Lad være med at …")
COURTEOUS_BAN = compiled_on_use(
    r"(?i)\b(?:per\s+favore|per\s+piacere|ti\s+prego)\s*,?\s+non\s+\w+(?:are|ere|ire)\b|"
    r"\bproszę\s*,?\s+(?:\w+\s+){0,2}?nie\s+\w+(?:ać|ić|eć|yć|ować|ść)\b|"
    r"\b(?!(?:het|dat|dit|er|ik|we|wij|hij|zij|ze|je|jij|u|dan|nu|daar|hier)\b)\w+\s+"
    r"(?:alsjeblieft|alstublieft|a\.u\.b\.|even)\s+(?:niets|niks|nooit)\b|"
    r"\blütfen\b[^.!?]*?\w+(?:me|ma|meyin|mayın|meyiniz|mayınız)\s*(?:[.!\n]|$)|"
    r"\bprosím\s*,?\s+ne\w*(?:ej|ij|uj|ň|ď|ť|ejte|ujte|ete)\b|"
    r"\blad\s+(?:venligst\s+)?være\s+med\s+at\b|\bla\s+være\s+å\b"
)
# A value said, then the one it replaces denied at the sentence's end, in any language that
# writes "Y, not X" or "Y, X not" (review R22-PN1: "naudojame nL, o ne µL.", "uporabljamo
# nL, ne µL.", "ATA chapter 73 ang ginagamit natin, hindi ATA chapter 72.", "LMUL=4 …، LMUL=2
# نہیں۔", "… და არა the parent SKU-ს."): a value is a token with a digit, a capital or a
# backquote, one on each side of the comma (read by ``intent.turns_course``)
VALUE_TOKEN = compiled_on_use(r"(?<!\S)\S*[\dA-Z`]\S*")
_DENIALS = (
    r"not|nicht|nie|ne|o\s+ne|a\s+ne|inte|ikke|ei|bukan|niet|não|non|pas|no|hindi|ni|nem|nu|"
    r"не|ні|а\s+не|לא|وليس|ليس|لا|არა|და\s+არა|không|chứ\s+không|"
    r"en|et|emme|ette|eivät|si|sio|siyo|όχι|نه|mitte|nevis|nem\s+pedig"
)
_TAIL_VALUE = r"(?:\S+\s+){0,4}?\S*[\dA-Z`]\S*"
CONTRAST_TAIL = compiled_on_use(
    rf"[,،，、]\s*(?:{_DENIALS})\s+{_TAIL_VALUE}\s*[.!。۔।]?\s*$|"
    rf"[,،，、]?\s*{_TAIL_VALUE}\s+(?:نہیں|नहीं|değil|არა|ไม่ใช่)\s*[.!。۔।]?\s*$|"
    # ("and not" needs no comma: "… [006]-ს და არა the parent SKU-ს.")
    rf"\s(?:და\s+არა|o\s+ne|a\s+ne|а\s+не|and\s+not|chứ\s+không|e\s+non|y\s+no|et\s+non|"
    rf"und\s+nicht|en\s+niet|och\s+inte|og\s+ikke|dan\s+bukan)\s+{_TAIL_VALUE}\s*[.!。۔।]?\s*$"
)
# A setting given a value in a short turn, in any language: a name with an underscore (not
# a path's nor a code span's: "split `parse_user` into two") and a number close after it in
# one short sentence ("Endelig beslutning:
# image_max_px_001 = 1600.", "Final answer: set pool_size to 20.", "{knob}を40にしてください"):
# the newest is the one that holds, so each is pinned as a correction is (RT26-1: the final
# value was dropped while a superseded one was pinned as the task)
SETTING = compiled_on_use(
    r"(?<![\w`/.])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+(?![\w`/.])"
    r"[^\d\n?？`→]{0,30}?(?<![\w.])-?\d+(?:[.,]\d+)?(?![\w`])"
)
SETTING_CHARS = 160  # a longer sentence with such a name and a number is no setting said

_TAIL_LOOSE = CONTRAST_TAIL.pattern.replace(r"\s*$", "")

# "never" said of a command or a path (a code span, or a name with a slash or a dot): the
# word before it in most languages ("Niekada nevykdyk `make deploy`", "Nikoli ne poženi
# `…`", "Никогда не запускай `…`"), after it where the verb ends the sentence ("`…` کبھی نہ
# چلائیں", "`…` कभी मत चलाना", "`…`は絶対に実行しないで", "`…` asla çalıştırma"; review R22-PN1)
_CODE = r"`[^`\n]+`|(?<!\S)[\w.-]*[/.][\w./-]*\w|(?<!\S)[\w.-]*\w/(?!\S*\w)"
# "under no circumstances" and its kin, by language: a ban as strong as "never" (two groups:
# each alternative of the screening pass stays small, ``STEERING_SHAPES``)
NO_CIRCUMSTANCES = (
    r"under\s+no\s+circumstances|in\s+no\s+case|on\s+no\s+account|by\s+no\s+means|"
    r"unter\s+keinen\s+umständen|auf\s+keinen\s+fall|keinesfalls|en\s+aucun\s+cas|"
    r"sous\s+aucun\s+prétexte|bajo\s+ningún\s+concepto|en\s+ningún\s+caso|sota\s+cap\s+concepte|"
    r"en\s+cap\s+cas|in\s+nessun\s+caso|per\s+nessun\s+motivo|em\s+hipótese\s+alguma|"
    r"em\s+caso\s+algum|in\s+geen\s+geval|onder\s+geen\s+beding|under\s+inga\s+omständigheter|"
    r"under\s+ingen\s+omstændigheder|under\s+ingen\s+omstendigheter",
    r"w\s+żadnym\s+wypadku|pod\s+żadnym\s+pozorem|za\s+žádných\s+okolností|v\s+žádném\s+případě|"
    r"za\s+žiadnych\s+okolností|v\s+žiadnom\s+prípade|ni\s+pod\s+kojim\s+uvjetima|"
    r"ni\s+pod\s+kojim\s+uslovima|v\s+nobenem\s+primeru|sub\s+nicio\s+formă|în\s+niciun\s+caz|"
    r"semmilyen\s+körülmények\s+között|semmiképp(?:en)?|missään\s+tapauksessa|"
    r"ei\s+missään\s+nimessä|σε\s+καμία\s+περίπτωση|hiçbir\s+koşulda|hiçbir\s+şekilde|"
    r"ни\s+в\s+коем\s+случае|ни\s+при\s+каких\s+обстоятельствах|в\s+жодному\s+разі|"
    r"в\s+никакъв\s+случай|dalam\s+keadaan\s+apa\s+pun|tuyệt\s+đối\s+không|"
    r"kwa\s+hali\s+yoyote|kamwe|jokiranda\s+gadījumā|jokiu\s+būdu|mitte\s+mingil\s+juhul",
)
_NEVER = (
    r"never|nie|nigdy|niekada|nikada|nikoli|nikdy|soha|niciodată|nunca|jamais|mai|nooit|"
    r"niemals|nie\s+wieder|aldrig|aldri|koskaan|hiçbir\s+zaman|asla|hindi\s+kailanman|"
    r"huwag\s+kailanman|jangan\s+pernah|không\s+bao\s+giờ|никогда|ніколи|никога|nikad|ποτέ"
)
_NEVER_UNSPACED = (
    r"কোনো\s+অবস্থাতেই|কিছুতেই|تحت\s+هیچ\s+شرایطی|به\s+هیچ\s+وجه|किसी\s+भी\s+हालत\s+में|"
    r"არასოდეს|எந்த\s+சூழ்நிலையிலும்|ஒருபோதும்|កុំ|មិនដែល|ដាច់ខាត|ຢ່າ|ບໍ່ເຄີຍ|ဘယ်တော့မှ"
)
# (after the code where the verb ends the clause: Tamil's negative imperative is the verb's
# ending, "`X` ஐ இயக்காதே", "… வேண்டாம்")
_NEVER_AFTER = r"کبھی|कभी|asla|hiç|絶対|決して|절대|永远不|永遠不|绝不|絕不|ாதே|ாதீர்கள்|வேண்டாம்"
_NEAR = r"[^.!?\n]{0,40}?"
NEVER_SAID = compiled_on_use(
    "(?i)"
    + "|".join(
        [
            *(rf"\b(?:{words})\b{_NEAR}(?:{_CODE})" for words in (_NEVER, *NO_CIRCUMSTANCES)),
            rf"(?:{_NEVER_UNSPACED}){_NEAR}(?:{_CODE})",
            *(rf"(?:{_CODE})[^.!?\n`]{{0,30}}?\b(?:{words})\b" for words in NO_CIRCUMSTANCES),
            rf"(?:{_CODE})[^.!?\n`]{{0,40}}?(?:{_NEVER_AFTER})",
        ]
    )
)

# what any of the shapes above needs (RE2 says at once which short turns hold none). The
# shapes added in session 23 are screened by their words alone (the verb "replace", the
# imperative "forget", "under no circumstances", a repetition), each word its own
# alternative: RE2 searches the short turns once for each part of at most 8,000 characters
# of alternatives (``prefilter._PART_CHARS``), and those shapes whole, each a long
# alternative, took five parts more (a never-seen session's short turns cost ~0.6-1.5 ms a
# part); a turn that holds the word is read by the shape itself
_OFTEN = REPETITION.pattern[len("(?i)") :]
_NEVER_SAID_BEFORE_SESSION_23 = (
    rf"\b(?:{_NEVER})\b{_NEAR}(?:{_CODE})|"
    rf"(?:{_CODE})[^.!?\n`]{{0,40}}?(?:{_NEVER_AFTER})"
)
STEERING_SHAPES = compiled_on_use(
    f"(?i){INSTEAD_OF}|{RETRACTED}|{SWITCH_TO}|{CORRECTING_QUESTION.pattern[len('(?i)') :]}|"
    f"{COURTEOUS_BAN.pattern[len('(?i)') :]}|{SETTING.pattern}|{_NEVER_SAID_BEFORE_SESSION_23}|"
    # (the contrast at a sentence's end: its end not read, a sentence may end before the text)
    f"{_TAIL_LOOSE}|"
    f"{FORGET}|{FORGET_AFTER}|{FORGET_UNSPACED}|{NO_LONGER_HOLDS}|{REPLACE_VERB}|{_REPLACE_BETWEEN}|"
    f"{_REPLACE_AFTER}|{_NEVER_UNSPACED}|{NO_CIRCUMSTANCES[0]}|{NO_CIRCUMSTANCES[1]}|{_OFTEN}"
)

# A sentence that only gives the background before the request ("Some background first: the
# previous contractor left this half-done.", "Kurz zum Hintergrund: …", "მოკლე კონტექსტი: …",
# "For context, …", "ប្រវត្តិ៖ …"): a label of background or context in its first few words,
# then a colon or a comma; not a label of something else ("Background task: rebuild …", R23-R5)
BACKGROUND_LABEL = compiled_on_use(
    r"(?i)^\W*(?:[^\s:,：៖]+\s+){0,3}?(?:background|backstory|context|contexte|contexto|"
    r"contesto|kontext\w*|konteks|kontekst\w*|hintergrund\w*|achtergrond|bakgrunn|baggrund|"
    r"bakgrund|taustaa?|taustaksi|háttér\w*|pozadí|tło|arka\s+plan|bağlam\w*|πλαίσιο|ιστορικό|"
    r"контекст\w*|предыстори\w*|передісторі\w*|предистори\w*|fundal|latar\s+belakang|usuli|"
    r"bối\s+cảnh|संदर्भ|पृष्ठभूमि|পটভূমি|প্রসঙ্গ|பின்னணி|კონტექსტ\w*|ფონ\w*|خلفية|سياق|"
    r"پیش‌زمینه|پیشزمینه|רקע|הקשר|背景|経緯|배경|맥락|บริบท|ภูมิหลัง|ប្រវត្តិ|សាវតារ)"
    r"(?:\s+first)?\s*[:：,，៖]"
)

# A sentence that shares something with the assistant ("I attached a screenshot of the
# dashboard.", "Anbei der Verkaufsbericht.", "Saya lampirkan tangkapan layar.", "添付しました"):
# a first-person or past form of attaching, sending or uploading, or "here is", in the
# languages read (never the imperative: "Send the log to ops." asks for something) ...
SHARES = compiled_on_use(
    r"(?i)(?<![^\W\d_])(?:attach(?:ed|ing)|i\s+(?:am\s+)?(?:send|sen[dt]|upload|share|paste)\w*|"
    r"(?:sent|uploaded|shared|pasted|enclosed)|here(?:'s|\s+is|\s+are)|enclosing|"
    r"adjunt\w*|anex\w*|te\s+(?:mando|envío|envio|paso)|aquí\s+(?:tienes|va|está)|segue|"
    r"ci-joint|je\s+(?:t'|vous\s+)?(?:envoie|joins)|j'ai\s+joint|voici|"
    r"allegat\w*|allego|ti\s+(?:mando|invio|ho\s+(?:mandato|inviato))|ecco|"
    r"anbei|angeh[äa]ngt|im\s+anhang|ich\s+schicke|schicke\s+ich|hier\s+(?:ist|sind)|"
    r"bijgevoegd|in\s+de\s+bijlage|ik\s+stuur|hierbij|"
    r"bifoga[dr]?|vedh[æa]ft\w*|vedlagt|liitteenä|liitin|"
    r"lampir\w*|melampirkan|terlampir|berikut\s+(?:ini|adalah)|"
    r"ata[șş]at\w*|[țt]i-am\s+trimis|am\s+trimis|iată|"
    r"ekledim|ekte|ekliyorum|g[öo]nderdim|"
    r"załącz\w*|w\s+załączniku|przesyłam|wysyłam|přikládám|v\s+příloze|posílám|"
    r"csatoltam|mellékel\w*|küldöm|"
    r"прикреп\w*|прикладываю|во\s+вложении|отправляю|прикріп\w*|надсилаю|у\s+вкладенні|"
    r"επισυν[άα]\w*|"
    r"nimeambatisha|ambatish\w*|nimetuma|"
    r"đính\s+kèm|"
    r"संलग्न|अटैच|भेज\s+(?:रहा|रही|दिया|दी)|"
    r"منسلک|اٹیچ|بھیج\s+(?:رہا|رہی|دیا|دی)|پیوست|فرستادم|أرفقت|مرفق|"
    r"צירפתי|מצורף|"
    r"সংযুক্ত|দিলাম|পাঠালাম)"
    r"|添付|送ります|送りました|貼りました|첨부|보내드|附上|附件|แนบ"
)

# ... together with a thing shared: a screenshot, an image, a file, a log, a document
ATTACHMENT = compiled_on_use(
    r"(?i)screen\s*shot|capture|captura|captur[ăa]|imag\w*|picture|photo|foto|pic\b|"
    r"file|archivo|arquivo|fichier|datei|bestand|plik|soubor|dosya|tiedosto|berkas|fil\b|"
    r"logs?\b|pdf|document\w*|dokument\w*|spreadsheet|recording|video|mock-?up|"
    r"bild|afbeelding|gambar|tangkapan|görüntü|resim|zrzut|snímek|obrázek|kép|kuva\w*|"
    r"skärmdump|скриншот|снимок|знімок|файл|фото|изображени\w*|στιγμιότυπο|εικόνα|αρχείο|"
    r"picha|faili|ảnh|hình|tệp|स्क्रीनशॉट|तस्वीर|फ़ाइल|फाइल|इमेज|اسکرین|تصویر|فائل|"
    r"عکس|فایل|لقطة|صورة|ملف|צילום|תמונה|קובץ|স্ক্রিনশট|ছবি|ফাইল|"
    r"スクリーンショット|スクショ|画像|ファイル|스크린샷|사진|파일|이미지|截图|图片|文件|ภาพ|ไฟล์"
)

# What a user says of a rules file they paste for it to bind ("Here is our CONTRIBUTING.md,
# please follow it:", "Pasting the team rules from our wiki", "Hier ist unsere CONTRIBUTING.md,
# bitte halte dich daran:"): a word of following, or the rules named as a team's own
PASTE_ADOPTED = compiled_on_use(
    r"(?i)(?<!\w)(?:follow|obey|stick\s+to|keep\s+to|adhere\s+to|comply\s+with|rules|guidelines|"
    r"conventions|checklist|contributing|style\s+guide|"
    r"halte?\s+dich\s+daran|befolge|beachte|regeln|richtlinien|suis|suivre|respecte|règles|"
    r"sigue|síguel[oa]|seguir|respeta|reglas|segue|siga|regras|segui|rispetta|regole|volg|"
    r"houd\s+je\s+(?:eraan|aan)|regels|przestrzegaj|zasady|соблюдай|следуй|дотримуйся|правила|"
    r"uy|uyun|kurallar\w*|დაიც\w+|წესები|पालन|नियम|ikuti|patuhi|aturan|ακολούθησε|τήρησε|"
    r"κανόνες|respectă|urmează|reguli\w*|"
    # ... Finnish, Hebrew, Swahili, Tamil, Hungarian, Persian, Czech, Vietnamese, Scandinavian
    r"säännöt|sääntöjä|noudata\w*|כללים|כללי|נהלים|תקפיד\w*|הקפד\w*|sheria|kanuni|fuata|"
    r"zifuate|zingatia|விதிகள்\w*|பின்பற்று\w*|szabály\w*|tartsd\s+be|kövesd|قوانین|قواعد|"
    r"رعایت|پیروی|pravidla|dodržuj\w*|řiď\s+se|quy\s+tắc|quy\s+định|tuân\s+thủ|làm\s+theo|"
    r"regler|følg|följ)(?!\w)|遵守|遵循|守って|従って|ルール|규칙|준수|ច្បាប់|គោរព"
)
# ... unless the user asks for the text to be worked on ("Here is the vendor's draft, just
# check it for typos:", "Translate this policy", "Summarise their rules"): a document under
# review binds no one here (R23-R6)
PASTE_REVIEWED = compiled_on_use(
    r"(?i)(?<!\w)(?:check|proofread|typos?|translate|summari[sz]e|review|critique|compare|"
    r"rewrite|reword|edit|improve|feedback|comments?|draft|vendor'?s?|supplier'?s?|their|"
    r"prüf\w*|korrigier\w*|übersetz\w*|zusammenfass\w*|relis|corrige|tradui\w*|résum\w*|"
    r"revis\w*|traduc\w*|resum\w*|tradu\w*|controlla|correggi|traduci|riassum\w*|controleer|"
    r"vertaal|sprawdź|przetłumacz|проверь|переведи|перевір\w*|kontrol\s+et|çevir|შეამოწმე|"
    r"जाँच|जांच|अनुवाद|periksa|terjemahkan|έλεγξε|μετάφρασε|verifică|tradu)(?!\w)"
    r"|校对|翻译|检查|確認して|翻訳|校正|검토|번역"
)

# What opens a reminder, in the languages users write in: "Don't forget to …", "Remember to …",
# "Make sure you …", "Be sure to …", "Keep in mind to …", "Vergiss nicht, …", "N'oublie pas
# de …", "No olvides …", "Non dimenticare di …", "Não esqueça de …", "Vergeet niet …", "Nie
# zapomnij …", "Glöm inte …", "Не забудь …", "Unutma …", "Jangan lupa …", "Đừng quên …": a
# standing request (open until done; with a "not" inside, a rule: ``rules.REMINDS_NOT_TO``)
REMINDER_OPENING = (
    r"remember|don'?t\s+forget|do\s+not\s+forget|never\s+forget|make\s+sure|be\s+sure|"
    r"take\s+care|keep\s+in\s+mind|bear\s+in\s+mind|don'?t\s+neglect|"
    r"vergiss\s+nicht|vergessen\s+sie\s+nicht|nicht\s+vergessen|denke?\s+daran|denk\s+dran|"
    r"denken\s+sie\s+daran|achte?\s+darauf|n['’]oublie[zs]?\s+pas|rappelle[zs]?[- ]toi|"
    r"pense[zs]?\s+à|veille[zs]?\s+à|assure[zs]?[- ]toi|no\s+(?:te\s+)?olvides|acuérdate|"
    r"recuerda|asegúrate|non\s+dimenticare|ricorda(?:ti)?|assicurati|"
    r"não\s+(?:se\s+)?esqueça|lembre-se|lembra-te|vergeet\s+niet|denk\s+eraan|zorg\s+dat|"
    r"nie\s+zapomnij|pamiętaj|glöm\s+inte|kom\s+ihåg|se\s+till|husk|glem\s+ikke|"
    r"не\s+забудь(?:те)?|помни(?:те)?|unutma|jangan\s+lupa|đừng\s+quên"
)

# A letter's salutation, a paragraph of its own ("Dear patient,", "Hi team,", "Estimado
# cliente:", "Sehr geehrte Damen und Herren,", "田中様", "尊敬的业主："), and its closing
# ("Kind regards,", "Mit freundlichen Grüßen", "Cordialement", "敬具", "此致"): what lies
# between is a mail the user pastes (forwarded, one instruction a paragraph), not her words
# (R41-F10: a pharmacy's mail, each "Do not …" a paragraph of its own, was read as hers)
LETTER_GREETING = compiled_on_use(
    r"(?i)^(?:dear|hi|hello|greetings|good\s+(?:morning|afternoon|evening)|to\s+whom|"
    r"estimad[oa]s?|querid[oa]s?|prezad[oa]s?|caros?|caras?|car[oi]|gentil[ei]|egregi[oa]|"
    r"cher|chère|chers|madame|monsieur|bonjour|liebe[rs]?|sehr\s+geehrte[rn]?|hallo|"
    r"guten\s+tag|beste|geachte|szanown\w+|drog\w+|dzień\s+dobry|vážen\w+|mil[ýáí]|"
    r"dobrý\s+den|sayın|merhaba|уважаем\w+|здравствуйте|добрый\s+день|αγαπητ\w+|kedves|"
    r"hej|hei|kære|bästa)(?!\w)[^\n]{0,60}$"
    r"|^[^\n]{1,24}(?:様|さま|殿|各位|님(?:께)?|귀하)[、,，:：!！]?$|^(?:拝啓|前略|尊敬的|亲爱的|親愛的)"
)
LETTER_CLOSING = compiled_on_use(
    r"(?i)^(?:(?:kind|best|warm|warmest|with\s+kind)\s+(?:regards|wishes)|regards|sincerely|"
    r"yours\s+(?:sincerely|faithfully|truly)|best|cheers|many\s+thanks|thanks|thank\s+you|"
    r"all\s+the\s+best|cordialement|bien\s+à\s+vous|salutations|cordiali\s+saluti|"
    r"distinti\s+saluti|saluti|un\s+saluto|saludos(?:\s+cordiales)?|atentamente|un\s+abrazo|"
    r"atenciosamente|abraços|mit\s+freundlichen\s+grüßen|viele\s+grüße|beste\s+grüße|"
    r"liebe\s+grüße|met\s+vriendelijke\s+groet(?:en)?|groeten|pozdrawiam|z\s+poważaniem|"
    r"s\s+pozdravem|saygılarımla|с\s+уважением|με\s+εκτίμηση|üdvözlettel|"
    r"med\s+vennlig\s+hilsen|med\s+vänliga\s+hälsningar|mvh)(?!\w)[^\n]{0,30}(?:\n|$)"
    r"|^(?:敬具|草々|以上|よろしくお願い(?:いた|致)?します|此致|敬礼|顺祝|祝好|감사합니다|드림)"
)

# A to-do of the speaker's own life, said in passing: "I should really sort out the garage this
# weekend", "and I must call my aunt back", "Tengo que llamar a mi madre esta tarde", "Ich muss
# noch den Keller aufräumen" (R39-R3, R39-F3). It binds the speaker, not the work asked for. Not
# one that limits the work: "I have to be home by 6", "I must avoid dairy", "I need to stay
# under budget" (a verb that holds the speaker to a limit, or a time or amount said: a
# constraint). Read by the fit and the recap alike (``intent.without_todos``).
OWN_TODO = compiled_on_use(
    r"(?i)(?<![\w'’])i\s+(?:(?:really|seriously|totally|definitely|still|also|so|just|"
    r"finally|desperately|honestly)\s+)*(?:should|must|need\s+to|have\s+to|gotta|got\s+to|"
    r"ought\s+to|(?:have|'ve|’ve)\s+got\s+to)\s+(?:(?:really|finally|also|still|just|"
    r"seriously|totally|definitely)\s+)*"
    r"(?!(?:be|avoid|stay|keep|not|never|leave|arrive|finish|get\s+back|make\s+it|stick|"
    r"limit|use|go\s+easy|watch|mention|say|add|note|stress|insist|remind|point|tell|ask|"
    r"repeat|clarify|warn|flag)\b)[^\W\d_]+"
    r"|^\W*(?:(?:uf|ugh|buf|bueno|vaya|madre\s+mía|jo|oh)\W+)*(?:yo\s+)?(?:tengo\s+que|"
    r"debería|debo|necesito)\s+(?!(?:no|ser|estar|evitar|quedarme|terminar\s+antes)\b)"
    r"[^\W\d_]+(?:ar|er|ir)\b"
    r"|^\W*(?:ich\s+(?:muss|sollte|müsste)|(?:muss|sollte|müsste)\s+ich)\s+"
    r"(?:(?:echt|wirklich|unbedingt|mal|noch|endlich|dringend)\s+)+"
)
# ... a clause of it (to-dos are said one a clause: "…, and I must call my aunt back"), and
# what makes one a request to the listener after all ("I must ask you to …", "let's")
TODO_CLAUSES = compiled_on_use(r"(?i)\s*(?:[,;:]|\s[-–—]\s)\s*|\s+(?=(?:and|but|so|also)\s+i\b)")
TODO_ADDRESSED = compiled_on_use(r"(?i)\b(?:you|your|please|let'?s)\b")

# A "without …" clause beside a task ("Move the search API to cursor pagination without
# breaking current clients"): it says how the task is done, it is no ban of its own. Said
# before what it restricts (a preposition, or a "not" with the verb's adverbial participle:
# "не ламаючи", "nie psując"), the clause runs to the next comma or the sentence's end
WITHOUT_OPENS = compiled_on_use(
    # (Swedish "utan" only before "att": after a denial it is "but rather", "Använd inte gzip
    # utan zstd."; Swahili "bila" only before a verb's "ku-": Malay "bila" is "when")
    r"(?i)(?<!\w)(?:without|sans|sin|sem|senza|ohne|zonder|bez|без|utan(?=\s+att\b)|uden|uten|"
    r"ilman|fără|χωρίς|tanpa|bila(?=\s+ku)|mà\s+không|ללא|בלי|بدون|دون|بی‌آنکه|aniž|"
    r"(?:не|ні)\s+\w+(?:ючи|учи|ачи|ячи|ая|яя)|nie\s+\w+ąc)(?!\w)[^,;，；、。.!?؟]*"
    r"|在不[^,;，；、。!?]*|โดยไม่\S*"
)
# ... said after it (a postposition, or the verb's own ending: Turkish "-madan", Finnish
# "-matta", Korean "없이"/"-지 않고", Japanese "-ずに"), the clause runs from the previous comma
WITHOUT_CLOSES = compiled_on_use(
    r"[^,;，；、。.!?]*?(?:\w(?:m[ae]d[ae]n|m[ae]ks[ıi]z[ıi]n|matta|mättä)(?!\w)|nélkül|बिना|"
    r"بغیر|없이|지\s*않고|ずに|ないで(?=[、,])|なしで)"
)

# An approval or decision said as not given (yet): its hint's verb denied by a word just
# before it ("Dana has not approved it", "Marek nie zdecydował", "n'a pas encore été
# approuvé", "لم يوافق", "לא אישר") — read in the hint's own clause, so "No, we decided to
# keep Redis." decides — or a "not yet" anywhere in its sentence ("noch nicht", "todavía
# no", "ещё не", "henüz", "belum", "chưa", "还没", "아직")
NOT_GIVEN_WORDS = listed(
    """
    not never nicht nie ne pas no não non niet не ні ничего δεν לא لم لا لن نه नहीं न
    không chưa tidak belum değil didn't hasn't haven't wasn't isn't hadn't weren't aren't
    won't doesn't don't
    """
)
NOT_GIVEN_YET = compiled_on_use(
    r"(?i)(?<!\w)(?:not\s+yet|yet\s+to|noch\s+nicht|noch\s+kein\w*|pas\s+encore|todav[ií]a\s+no|"
    r"a[uú]n\s+no|ainda\s+n[aã]o|non\s+ancora|ancora\s+non|nog\s+niet|nog\s+geen|ещё\s+не|"
    r"еще\s+не|ще\s+не|jeszcze\s+nie|nie\s+\w+\s+jeszcze|henüz|belum|chưa|עדיין\s+לא|"
    r"هنوز|अभी\s+तक|ακόμα\s+δεν|ακόμη\s+δεν|"
    # ... a "not" and its "yet" a few words apart ("non è ancora stata approvata", "n'est
    # toujours pas validé", "ist bisher nicht freigegeben")
    r"(?:not|non|pas|nicht|no|não|niet|nie|не)\s+(?:\S+\s+){1,2}(?:yet|ancora|encore|noch|"
    r"todav[ií]a|a[uú]n|ainda|nog|jeszcze|ещё|еще)|(?:toujours|bisher|noch)\s+(?:\S+\s+)?"
    r"(?:pas|nicht|kein\w*))(?!\w)"
    r"|还没|還沒|尚未|まだ|아직|ยังไม่"
)
# ... its verb denied by its ending, in scripts written without spaces or words glued
# ("承認されていません", "決めていない", "승인하지 않았", "결정되지 않")
NOT_GIVEN_AFTER = compiled_on_use(
    r"^\S{0,8}?(?:ていません|ていない|てない|ません|지\s*않|못\s*했|않았)"
)

# A user taking back something they asked for: a verb of forgetting or letting it be, said
# as an order, or "I don't need it any more", in the languages users write in ("Forget the
# pie chart, we won't ship it.", "Olvida la tabla, ya no la necesito.", "Zapomnij o
# wykresie.", "円グラフはもういいです。"). Not "cancel", "drop", "skip": in a user's turn
# those are orders of their own ("Cancel order 812.", "Drop the temp table."). Read beside
# what it names: a request it shares a word with is no request left open (review47 R47-rec2:
# the cancelled chart stayed open). A cue with a negation before it ("don't forget", "ne
# zaboravi") or after it ("vergiss nicht", "glöm inte") is a reminder, not this.
_LETTING_GO = (
    r"(?:^|(?<=[^\w'’]))(?:"
    # en, es, pt, fr, it, ca, ro
    r"forget|never\s*mind|no\s+need\s+for|don'?t\s+bother\s+with|no\s+longer\s+need|"
    r"(?:don'?t|do\s+not)\s+need\s+(?:\w+\s+){0,2}any\s*more|"
    r"olvid[ae]|olvída(?:lo|la|te)|olvidate|olvidá|déjalo|"
    r"ya\s+no\s+(?:\w+\s+)?(?:necesit\w+|hace\s+falta)|esquece|esqueça|deixa\s+(?:pra|para)\s+lá|"
    r"não\s+(?:\w+\s+)?precis\w+\s+mais|já\s+não\s+(?:\w+\s+)?precis\w+|"
    r"oublie[zs]?|laisse[zs]?\s+tomber|(?:n'en\s+ai|n'ai)\s+plus\s+besoin|"
    r"lascia(?:te)?\s+perdere|dimentica(?:te)?(?:lo|la)?|non\s+(?:mi\s+)?serve\s+più|"
    r"oblida(?:-ho)?|ja\s+no\s+(?:\w+\s+)?cal|uită|nu\s+mai\s+am\s+nevoie|"
    # de, nl, sv, da, nb
    r"vergiss|vergessen\s+sie|brauche?\s+(?:\w+\s+){0,3}nicht\s+mehr|vergeet|"
    r"(?:heb\s+)?(?:\w+\s+){0,2}niet\s+meer\s+nodig|glöm|strunta\s+i|"
    r"behöver\s+(?:\w+\s+){0,2}inte\s+längre|glem|trenger\s+(?:\w+\s+){0,2}ikke\s+lenger|"
    r"har\s+ikke\s+(?:længere\s+)?brug\s+for|"
    # fi, et, lv, lt, hu
    r"unohda|unohtakaa|en\s+tarvitse\s+(?:\w+\s+){0,2}enää|unusta|(?:\w+\s+)?pole\s+(?:\w+\s+)?enam\s+vaja|"
    r"aizmirsti|vairs\s+nav\s+vajadzīg\w*|pamiršk(?:ite)?|nebereikia|"
    r"felejtsd\s+el|(?:már\s+)?nincs\s+rá\s+szükség|"
    # pl, cs, sk, sl, hr, sr, bs, bg, ru, uk
    r"zapomnij|odpuść|już\s+(?:\w+\s+){0,2}nie\s+potrzeb\w*|zapomeň|zabudni|"
    r"už\s+(?:\w+\s+){0,2}nepot[rř]eb\w*|pozabi|ne\s+potrebujem\s+(?:\w+\s+)?več|"
    r"zaboravi|(?:više\s+)?mi\s+ne\s+treba(?:\s+više)?|заборави|забрави|забудь(?:те)?|"
    r"больше\s+не\s+нуж\w*|мне\s+(?:\w+\s+)?не\s+нужн\w*|більше\s+не\s+потріб\w*|"
    r"вече\s+не\s+(?:ми\s+)?тряб\w*|"
    # el, tr, he, ar, fa, ur, hi, bn, ta, am
    r"ξέχασ(?:ε|τε)\w*|δεν\s+(?:το\s+)?χρειάζ\w+\s+πια|unut(?:un)?|boş\s*ver|"
    r"artık\s+(?:\w+\s+)?(?:gerek\s+yok|ihtiyacım\s+yok)|"
    r"תשכח|שכח\s+מ|(?:כבר\s+)?לא\s+צריך\s+(?:את\s+זה\s+)?(?:יותר|כבר)|"
    r"انس[َ]?|لم\s+أعد\s+بحاجة|فراموشش?\s+کن|بیخیال|دیگر\s+لازم\s+نیست|"
    r"بھول\s+جا\w*|رہنے\s+دو|भूल\s+जा\w*|रहने\s+दो|ভুলে\s+যা\w*|বাদ\s+দা\w*|"
    r"மறந்துவிடு\w*|தேவையில்லை|እርሳው|ተወው|አያስፈልግም|"
    # id, ms, sw, vi, yo, ha
    r"lupakan|(?:tidak|tak|gak|nggak)\s+(?:\w+\s+)?perlu(?:\s+\w+)?\s+lagi|"
    r"(?:tidak|tak)\s+memerlukan\w*\s+lagi|sahau|(?:si|ha)\w*hitaji\s+tena|"
    r"quên\s+(?:cái|đi|việc)|bỏ\s+qua|không\s+cần\s+(?:\w+\s+){0,2}nữa|"
    r"gbàgbé|gbagbe|kò\s+nílò|manta\s+da|ba\s+na\s+bukat\w*|"
    # ka, hy
    r"დაივიწყე|აღარ\s+მჭირდება|აღარ\s+არის\s+საჭირო|"
    r"մոռացիր|(?:այլևս|այլեւս)\s+(?:\w+\s+)?պետք\s+չէ"
    r")(?![\w])|"
    # scripts without spaces: th, km, my, ja, zh, ko (the word may join the next)
    r"ลืม|ไม่ต้อง(?:แล้ว|ทำ)|ไม่เอาแล้ว|បំភ្លេច|លែងត្រូវការ|"
    r"မေ့လိုက်|မလိုတော့|忘れて(?:ください|いい)|もういい|要りません|いらない|"
    r"忘了|算了|不用了|不需要了|잊어|필요\s*없"
)
CANCELS = compiled_on_use("(?i)" + _LETTING_GO)
# ... and the user's orders calling a thing off outright, in their own words ("Cancel the bar
# chart.", "Scrap the export", "Brich ab", "Peru pylväskaavio", "Скасуй діаграму", "取消"):
# with those above, the one vocabulary of "the user called it off" — the claims checker
# reads a request so called off (``lexicon.claims.CANCELLED``); the recap's open requests
# read CANCELS alone, these being orders of their own there ("Cancel order 812.")
_CALLING_OFF = (
    r"\b(?:cancel|call\s+off|scrap|(?:do\s+not|don['’]?t)\s+need\s+(?:it|that|this|the)|"
    # de, nl, fr, es, pt, it, ca
    r"abbrechen|brich\s+ab|streich|brauche?\s+ich\s+nicht|nicht\s+mehr\s+nötig|annuleer|laat\s+maar|"
    r"annule[rz]?|plus\s+besoin|cancela[rd]?|ya\s+no\s+lo\s+necesito|annulla|lascia\s+stare|"
    r"cancel·la|"
    # da/no/sv, pl, cs/sk, sl, hr/sr/bs, ru/uk/bg, lt, lv, et, fi, hu, ro, el, tr
    r"afbryd|avbryt|anuluj|odwołaj|nieważne|zrušt?e?|prekliči|otkaži|откажи|poništi|"
    r"отмени(?:те)?|скасуй(?:те)?|скасувати|отмяна|не\s+нужно|не\s+потрібн\w*|не\s+трябва|"
    r"atšauk\w*|atcel\w*|tühista|peru(?:uta)?|töröld|mégse|anulează|renunță|ακύρωσε|"
    r"ξέχασέ\s+το|iptal\s+et|vazgeç|"
    # id/ms, sw, vi, tl
    r"batalkan|tak\s+perlu|ghairi|fagile|hủy|kanselahin)\b|"
    r"בטל|תבטל|ألغ|لغو\s+کن|रद्द\s+कर|ยกเลิก|キャンセル|取り消|取消|취소"
)
CALLED_OFF = compiled_on_use("(?i)" + _CALLING_OFF + "|" + _LETTING_GO)

# ... and what makes such a cue a reminder: a negation just before it ("don't forget", "ne
# zaboravi", "อย่าลืม", "别忘了", "אל תשכח") or just after it ("vergiss nicht", "glöm inte")
CANCEL_DENIED_BEFORE = compiled_on_use(
    r"(?i)(?:(?<![\w'’])(?:not|don'?t|no|não|nie|ne|не|ära|älä|má|kada\s+ka|մի|đừng|jangan|"
    r"kamwe|never|nunca|jamais|non|μην|אל|لا|مت|मत)\s+|อย่า|[别別不])$"
)
CANCEL_DENIED_AFTER = compiled_on_use(r"(?i)^\s+(?:nicht|inte|ikke|niet|not|pas)\b")

# A request put off until the other has time, read by its shape in any language: a short
# opening clause of three words or more naming time ("Kad tev būs laiks, …", "Ko boš imel
# čas, …", "როცა დრო გექნება, …", "Idan ka samu lokaci, …") set off by a comma, then what
# is asked. WHEN_FREE (lexicon.deferral) holds the phrases; this reads the ones it lacks.
# Not an occasion ("Last time we tried, …", "The first time I ran it, …": a determiner
# before "time") nor a date ("At 10 o'clock time, …": no digit in the opening).
TIME_NOUN = (
    r"time|tiempo|tempo|temps|zeit|tijd|tid|tíma|aika\w*|aega|aeg|laik\w*|laiko|czas\w*|čas(?:u)?|"
    r"vrijem\w*|vrem\w*|врем\w*|час(?:у)?|χρόνο|zaman\w*|idő\w*|timp|masa|waktu|muda|oras|"
    r"thời\s+gian|àkókò|akoko|lokaci|ពេល|အချိန်|დრო|ჟამი|ժամանակ|זמן|وقت|فرصت|समय|সময়|நேரம்|ጊዜ|"
    r"時間|时间|시간|เวลา|stigne\w*|sempat|ehdit"
)
# the opening clause, three words or more, its time word, and what is asked after a comma
WHEN_TIME_ALLOWS = compiled_on_use(
    r"(?i)^\W*(?P<opening>(?=(?:[^\s,，、،၊:;.!?]+\s+){2})(?:[^\s\d,，、،၊:;.!?]+\s+){0,4}?"
    rf"(?:{TIME_NOUN})(?![^\W\d_])(?:\s+[^\s\d,，、،၊:;.!?]+){{0,3}})\s*[,，、،၊]\s*\S+\s+\S+"
)
# ... and what makes it an occasion instead: a determiner right before the time word
OCCASION = compiled_on_use(
    r"(?i)(?<![^\W\d_])(?:last|this|next|first|second|every|each|any|that|one|same|letzte\w*|"
    r"erste\w*|dieses|jedes|última|ultima|primera|próxima|prossima|dernière|première|cette|ce|"
    r"eerste|laatste|deze|sista|första|denne|siste|første)\s+(?:\w+\s+)?(?:"
    + TIME_NOUN
    + r")(?![^\W\d_])"
)

# A ban said as an order by its verb's mood, in the languages whose rule patterns do not read
# it (review48: "Peidiwch ag anfon…", "Mos dërgo…", "Не испраќај…", "Ungathumeli…", "…
# મોકલશો નહીં", "… бүү илгээ"): a prohibitive said where an order is, at a clause's opening
# (verb-initial and verb-medial languages) or closing it (verb-final ones). The marks are a
# closed class, one idea: the negative imperative. A clause opens at a sentence's start or
# after a lead-in ("Once more: …", "…, mos …"), with one word before the mark at most
# ("Never don't …", "Waxba ha …", "Никогаш не …").
_CLAUSE_OPENS = r"(?:^|(?<=[:;,.!—–]))\W*(?:[^\W\d_][\w'’-]*\s+)?"
PROHIBITIVE_OPENING = compiled_on_use(
    r"(?i)" + _CLAUSE_OPENS + r"(?:"
    # cy, ga, sq, tl, zu/xh ("musa ukwenza")
    r"peidiwch|paid\s+(?:ag?|â)|ná|mos|huwag|musa(?:ni)?\s+uku"
    # eu: "ez" before a participle, not an auxiliary ("Ez bidali", not "Ez dakit", "Ez da")
    r"|ez\s+(?!(?:da|dago|du|dut|dute|dugu|duzu|dira|daki\w*|dauka\w*|daude|ditu\w*|zen|"
    r"zuen|zeuden|zegoen|naiz|gara|zara|zait|zaizu|nuen|genuen|nintzen|deza\w*|daite\w*|al|"
    r"bada|baina|eta|dela)\b)[^\W\d_]+(?:tu|du|i|n|ri)(?![^.!?]*\b(?:volt|van|nem|egy|az)\b)"
    # the Slavic "not" before an imperative (its 2nd person in -j / -й / -ј): "Не испраќај",
    # "не отправляй", "Nie wysyłaj", "ne šalji" reads otherwise; not "не мой", "не готовий"
    r"|(?:не|ne|nie)\s+(?:(?:ја|го|ги|ми|му|им|си|се|ме|те|ѝ|их|его|её|мне|ему|ich|go|je|ga|"
    r"mu|mi|si|se)\s+)?[^\W\d_]*[аяуюaeu][йјj](?:те|cie|te)?"
    r")(?![\w'’])"
    # ... in Nguni and Swahili the prohibitive is the verb's prefix: "Ungathumeli",
    # "Ningaphindi" (not "Ungathumela", you may send), "Usitume", "Msiguse"
    r"|(?<![\w'’])(?:[Uu]|[Nn]i)nga[^\W\d_]{3,}i(?![\w'’])|(?<![\w'’])[UuMm]si[^\W\d_]{2,}e(?![\w'’])"
)
# ... and closing a clause in the verb-final languages: Gujarati's polite future with
# "નહીં", Hindi's "मत …", Nepali's "न…नुहोस्", Telugu's "…వద్దు", Sinhala's "එපා",
# Malayalam's "…രുത്", Bengali's "…বেন না"; the Turkic negative imperative on the verb
# (kk "жібермеңіз", az "göndərmə" with "heç", tr "gönderme" with "hiç"), whose bare 2nd
# person is a noun's ending too ("бағдарлама"): read with "never"/"nothing" beside it
# (a word ends at a space, a sentence mark or a comma: "… લખશો નહીં.", "… නැවත ලියන්න එපා.")
_ENDS = r"(?![^\s.!?।॥,;:])"
PROHIBITIVE_CLOSING = compiled_on_use(
    rf"(?i)\S+(?:શો|જો)\s+(?:નહીં|ના){_ENDS}|(?<!\S)मत\s+\S+(?:ो|ें|ना|िए|ाओ){_ENDS}|"
    rf"(?<!\S)न(?![\u093e-\u094d])\S+नुहोस्{_ENDS}|\S*వద్దు{_ENDS}|(?<!\S)එපා{_ENDS}|"
    r"(?<![\w'’])(?:бүү|битгий)\s+[^\W\d_]|"  # mn: right before the verb, wherever it is
    rf"\S*രുത്{_ENDS}|\S+(?:বেন|ো)\s+না{_ENDS}|"
    r"[^\W\d_]+(?:маңыз|меңіз|баңыз|беңіз|паңыз|пеңіз|mayın|meyin|məyin|mayınız|meyiniz)"
    r"(?![\w'’])|"
    r"(?:(?<![\w'’])(?:heç|hiç|еш|hiçbir|sakın|asla)[^\n.!?]*?[^\W\d_](?:ma|me|mə|ма|ме|"
    r"ба|бе|па|пе)(?![\w'’]))"
)
# "always" and "never" said of how to work, in languages whose rule patterns do not read
# them (review48: "Секогаш одговарај ми во точки.", "Atebwch fi … bob amser.", "Mənə
# həmişə … cavab ver."): an order with one is a standing preference or ban. (Not those of
# the languages read word by word: "It always fails on CI" is no rule.)
STANDING_ADVERB = compiled_on_use(
    r"(?i)(?<![\w'’])(?:gjithmonë|kurrë|секогаш|никогаш|bob\s+amser|byth|wastad|beti|inoiz|"
    r"njalo|nanini|үргэлж|хэзээ\s+ч|әрқашан|үнемі|ешқашан|həmişə|heç\s+vaxt|uvijek|uvek|"
    r"увек|vedno|nikoli|никада|винаги|никога|mereu|întotdeauna|niciodată|visada|niekada|"
    r"vienmēr|nekad|alati|mitte\s+kunagi|aina|koskaan|palagi|kila\s+mara|kamwe|koyaushe|"
    r"nígbà\s+gbogbo|ყოველთვის|არასოდეს|միշտ|երբեք|ہمیشہ)(?![\w'’])|"
    r"હંમેશા|ક્યારેય|ఎల్లప్పుడూ|ఎప్పుడూ|సదా|සෑම\s+විටම|හැමවිටම|කිසිදා|सधैं|सधै|कहिल्यै|"
    r"সবসময়|কখনো|എപ്പോഴും|ഒരിക്കലും|ሁልጊዜ|ជានិច្ច|အမြဲ"
)

# A leave the user gives in the languages ``compaction.rules``' leave patterns do not read
# (review48's lifts, "Отсега можеш да испраќаш…", "Tani e tutje mund të dërgosh…", "હવેથી
# તમે … મોકલી … શકો છો"): a modal of permission said to the listener. Read only beside a
# rule it shares words with (``rules.lifted_rule``): alone, "you can find it in /tmp" is no
# leave. (Zulu's "unga-…-a" is "you may"; its "unga-…-i" is the ban.)
LEAVE_ELSEWHERE = compiled_on_use(
    r"(?i)(?<![\w'’])(?:можеш|можете|можешь|możesz|możecie|můžeš|můžete|možeš|možete|"
    r"mund\s+t(?:ë|['’][^\W\d_]*)|cewch|cei|gallwch|gelli|unaweza|mnaweza|boleh|poți|puteți|μπορείς|μπορείτε|"
    r"ahal\s+duzu|[^\W\d_]+\s+(?:dezakezu|ditzakezu|dezakezue)|bilərsən|bilərsiniz|"
    r"[^\W\d_]+(?:abilirsin|ebilirsin|abilirsiniz|ebilirsiniz)|аласыз|аласың|"
    r"[^\W\d_]+[жч]\s+болно|unga[^\W\d_]{3,}a|يمكنك|بإمكانك|מותר\s+לך)(?![\w'’])|"
    r"\S+\s+શકો\s+છો|सकते\s+हो|सकती\s+हो|सक्नुहुन्छ|सक्छौ|\S+వచ్చు|පුළුවන්|"
    r"\S+\s+পারো|\S+\s+পারেন|てもいい|ても良い|해도\s*(?:돼|됩니다|좋)"
)

# An assistant's answer that takes what the user said as news, not as a rule to keep to
# ("Good to know.", "Thanks for the heads-up.", "Ah, that explains it."): the user told a
# state or where something is, whatever language it was said in.
TAKEN_AS_NEWS = compiled_on_use(
    r"(?i)^\W*(?:(?:ok(?:ay)?|ah|oh|thanks|thank\s+you|got\s+it)\W+)*"
    r"(?:(?:good|nice|useful|helpful)\s+to\s+know|(?:good|glad|nice)\s+to\s+hear|i\s+see|"
    r"interesting|"
    r"(?:that|this)\s+explains|thanks?\s+(?:you\s+)?for\s+(?:the\s+)?(?:heads[-\s]?up|info|"
    r"information|context|pointer|tip|update))\b"
)

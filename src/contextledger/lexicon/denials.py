"""The words and marks of denial, per language: what ``lexicon.negation`` reads a denial by
(on every fit, where the user's own rules are read by their shape) and what the claims
checker (``lexicon.claims``) reads polarity with. Kept apart from ``lexicon.claims`` so that
reading a denial does not compile that module's ~60 patterns (a fresh process's first fit
paid ~30 ms for them)."""

from __future__ import annotations

import re

from .common import NEGATIONS, WORD_MARKS, compiled_on_use
from .common import listed as _listed

# Negations and prohibitions of languages the shared list does not hold yet (Italian, Dutch,
# Polish), and words that forbid by naming the ban ("Prohibido ejecutar …", "Vietato usare …",
# "Zakaz wysyłania …"): a rule said with them restricts as one said with "never".
MORE_NEGATIONS = _listed(
    """
    non mai senza nessun nessuna niente niet nooit geen zonder niets nie nigdy bez żaden
    żadnych nic
    не ни никогда нельзя без никакого никаких никакой ничего ніколи жодного ei älä älkää koskaan ilman jangan tidak bukan tanpa
    μην μη δεν ποτέ χωρίς אל לא לעולם ללא בלי không đừng chớ
    inte aldrig ej ikke aldri uden uten utan ekki aldrei nem soha sohasem nikdy nu niciodată
    fără asla hiçbir etme etmeyin yapma yapmayın çalıştırma çalıştırmayın dokunma dokunmayın
    لا لن لم ليس أبدا أبداً ممنوع بدون دون عدم ألا يمنع يُمنع تمنع محظور يحظر يُحظر إياك मत नहीं न बिना
    না নয় নেই নিষেধ নিষিদ্ধ kamwe hapana marufuku არ არასოდეს არასდროს ნუ nobody nowhere cannot
    """
)
# retain44 — Turkish: "not" and "never" said as words (its verbs deny by a suffix: see
# ``GLUED_WORD_DENIALS``)
MORE_NEGATIONS |= _listed("değil değildir değiliz değilsin hiç sakın")
# retain44 — Ukrainian: "not a single", "no … at all" ("Жодних листів покупцям до п'ятниці.")
MORE_NEGATIONS |= _listed(
    "жоден жодна жодне жодні жодних жодному жодною жодним жодної ніяких ніякого ніякої ніякий ніяк"
)
# retain44 — Swahili: "not" of a copula ("si 14", "siyo ya KCB"); its verbs deny by a prefix
MORE_NEGATIONS |= _listed("siyo sio")
# retain44 — Indonesian and Malay said colloquially: "not" ("gak boleh", "nggak usah")
MORE_NEGATIONS |= _listed("gak nggak enggak ngga kagak ndak")
# Finnish's negative verb in the plural ("Emme käytä …": we don't use; "Älkää …"), Hungarian
# "never" ("Sose futtasd …"), Tagalog's "don't" ("Huwag mong galawin …", "'Wag …")
MORE_NEGATIONS |= _listed("emme ette eivät sose huwag wag")

PROHIBITIONS = _listed(
    """
    forbidden prohibited banned prohibido prohibida prohibidos prohibidas interdit interdite
    interdits interdites verboten untersagt vietato vietata vietati verboden zakaz zakazane
    proibido proibida
    запрещено запрещена запрещён запрещен заборонено kielletty kiellettyä dilarang
    απαγορεύεται απαγορεύονται אסור cấm
    forbade forbids запретил запретила запретили заборонив заборонила kielsi kielsivät
    melarang απαγόρευσε απαγόρευσαν אסר אסרה zabronił zabroniła zakazał zakazała
    """
)

# Persian and Tamil deny with words glued to the verb: Persian "never", "must not", "no",
# "not" glued before a verb ("نمی‌توانی", "اجرا نکن", "دست نزن", "اضافه نکنید"); Tamil
# "never", "don't", "must not", "not", and the negative imperative on its verb ("இயக்காதே",
# "தொடாதீர்கள்"): read as marks, as Thai's
GLUED_SCRIPT_DENIALS = compiled_on_use(
    r"(?<![\u0600-\u06ff\u200c])(?:هرگز|نباید|نه|نمی|ن(?:کن|کنید|کنی|زن|زنید|ده|دهید|گذار|"
    r"گذارید|رو|روید|ریز|ساز|فرست|کش|گیر|بر|برید|شود|شه|یست|دار))(?![\u0600-\u06ff])|"
    r"ஒருபோதும்|வேண்டாம்|கூடாது|இல்லை|அல்ல(?![\u0b80-\u0bff])|"
    r"ாத(?:ே|ீர்கள்|ீர்)(?![\u0b80-\u0bff])"
)


def _each_opening_on_a_letter(alternatives: list[tuple[str, str]]) -> re.Pattern[str]:
    """One pattern of ``(opening, rest)`` alternatives, each written once as it opens a
    sentence (capitalized) and once inside one: every alternative then opens on a letter,
    and the engine skips to those letters (an alternative opening on a class or ``\\b``
    was tried from every character: ~20 µs a sentence on each denial asked)."""
    forms = {(o[:1].upper() + o[1:], r) for o, r in alternatives} | set(alternatives)
    return compiled_on_use("|".join(f"{o}(?<![^\\W\\d_]{o}){r}" for o, r in sorted(forms)))


# Denials glued to a word, read by their grammar (not listed word by word):
# - Turkish denies in the verb, after its stem (and a passive's "-ıl-"): "-ma/-me" and a
#   tense or person ("çalıştırılmadı" was not run, "silmemiş", "değiştirmez", "kullanmayacak",
#   "dokunmasın") or "-mıyor" ("çalışmıyor"), or the imperative's "-ma/-me" that ends a
#   clause ("değiştirme."): read only in a text holding a letter only Turkish writes
#   (``TURKISH_LETTER``), so that no word of another language ending so is read as one; the
#   longer endings no other language writes ("göndermeyiniz", "yapmamalısınız",
#   "girmemelisiniz", "kaldırmayacağız", "istemiyorum") are read in any text
TURKISH_LETTER = compiled_on_use(
    r"[ıİğĞşŞ]|"
    # ... or, in Turkish typed without them, a case suffix after a name's apostrophe
    # ("README'yi", "Token'i", "Redis'ten", "Backup'lari"); not an elision ("l'a", "qu'a")
    r"(?<=[^\W\d_]{2})(?<!\bqu)['’](?:y?[ıiuü]|y[ae]|n[ıiuü]|n[ae]|[dt][ae]n?|l[ae]r\w*)(?!\w)"
)
TURKISH_DENIED_VERB = compiled_on_use(
    r"(?i)(?<!\w)\w{3,}(?:m[ae](?:d[ıiuü]\w*|m[ıiuü]ş\w*|z(?:l[ae]r)?|s[ıi]n(?:l[ae]r)?|"
    # ... or its verbal noun ("çalıştırılmamasını söyledi", "dokunmamak": not to run it)
    r"m[ae](?:s[ıi]|k)\w*)|"
    r"m[ıiuü]yor\w*)(?!\w)|"
    # the imperative's "-ma/-me" where the verb ends its clause ("X dosyasını değiştirme."),
    # not the noun it also makes after "bir" (a): "küçük bir iyileştirme." (a small improvement)
    r"(?<!\w)(?<!\bbir\s)\w{3,}m[ae](?=\s*(?:[.!;,]|$))"
)
# (and the optative's "-mayalım", "let's not": "Testleri atlamayalım.")
TURKISH_DENIED_VERB_ANYWHERE = compiled_on_use(  # (its "m" first, the word's letters before it
    # read by a look behind: the engine skips to each "m" instead of trying every letter)
    r"m(?:(?<=\w\w\wm)[ae](?:y[ıi]n(?:[ıi]z)?|m[ae]l[ıi]\w*|y[ae]c[ae][kğ]\w*|y[ae]l[ıi]m)|"
    r"(?<=\w\w\wm)[ıiuü]yor(?:um|uz|sun|sunuz))(?!\w)"
)
# - Arabic and Hebrew glue "and", "so", "that" to the word of denial after them ("X وليس Y",
#   "فلا تحذف", "X ולא Y", "שלא תשלח"); Hebrew's "אל" denies only before a verb of the second
#   person ("ואל תשלח": and don't send), elsewhere it is "to" ("ואל כל הלקוחות": and to all
#   the customers: review44 R44-neg1);
# - Indonesian and Malay "tak" (not) before a modal ("tak usah", "tak boleh"; alone it is
#   Polish and Czech "so"); Tagalog "hindi" before a pronoun or a particle.
GLUED_WORD_DENIALS = _each_opening_on_a_letter(
    [(c, r"(?:لا|ليس|ليست|لن|لم)(?![\u0600-\u06ff])") for c in "وف"]
    + [("ו", r"(?:(?:לא|אסור|אין|לעולם)(?![\u0590-\u05ff])|אל\s+(?=ת))")]
    + [("ש", r"(?:לא|אסור|אין)(?![\u0590-\u05ff])")]
    + [("tak", r"\s+(?:usah|perlu|boleh|bisa|mau|akan|pernah)\b")]
    # Tagalog's "not" before its pronouns and particles ("Hindi natin gagamitin …"): alone,
    # "Hindi" is the language
    + [("hindi", r"\s+(?:natin|namin|ko|mo|niya|nila|ninyo|na|pa|dapat|puwede|pwede|kailangan)\b")]
)
# Vietnamese nouns made with "không" (not): "không gian" (space), "không khí" (air), "hàng
# không" (aviation), "không quân" (air force), "số không" (zero): no denial
VIETNAMESE_KHONG_NOUNS = compiled_on_use(
    r"(?i)\bkhông\s+(?:gian|khí|quân)\b|\b(?:hàng|số)\s+không\b"
)
# "Not only X but also Y" says both, and denies neither ("Não só o CSV, mas também o Excel",
# "Nu doar …, ci și …", "Nem csak …, hanem …": review45 R45-neg1 read them as bans)
NOT_ONLY = compiled_on_use(
    r"(?i)\b(?:not\s+(?:only|just|merely)|não\s+(?:só|apenas|somente)|nu\s+(?:doar|numai)|"
    r"non\s+(?:solo|soltanto|solamente|seulement)|nicht\s+nur|niet\s+alleen|"
    r"no\s+(?:solo|sólo|solamente)|pas\s+seulement|ei\s+(?:vain|pelkästään|ainoastaan)|"
    r"nem\s+(?:csak|csupán)|(?:bukan|tidak)\s+(?:sahaja|hanya|cuma|saja)|"
    r"не\s+(?:только|лише|тільки)|nie\s+tylko|ne\s+(?:jen|len|samo)|όχι\s+μόνο|hindi\s+lang)\b"
)
# A reassurance opening a turn denies nothing it bans: "no problem", "no worries",
# "nothing to worry about", said with a noun of trouble in its first clause ("Żaden problem,
# kontynuuj.", "Sorun değil, devam et.", "Tidak apa-apa, lanjutkan.", "কোনো সমস্যা নেই, …",
# "Koi baat nahi, …"): that clause is no denial (review45 R45-neg1)
TROUBLE_NOUNS = _listed(
    """
    problem problems problema problemas problemi problème problèmes problém problému
    problemu problemă probleem probléma problemi ongelmaa πρόβλημα проблем проблемы worries
    worry biggie harm hurry rush zorgen haast sorge sorgen ursache eile preocupes preocupe
    prisa pressa fretta souci soucis sprawy szkodzi kłopotu kłopot nevadí starost fara
    bekymmer bekymring brådska fare sorun sorunu dert mesele masalah apa-apa baat tension
    chinta dikkat hätää huolta haittaa gond baj grijă grija necaz anuman shida tatizo
    wasiwasi बात समस्या दिक्कत चिंता परेशानी সমস্যা অসুবিধা চিন্তা ব্যাপার בעיה مشكلة مشکلی
    """
)
REASSURANCE = compiled_on_use(
    r"(?i)\W*(?:[^\s,.!?،]+\s+){0,3}?"
    rf"(?<![^\W\d_])(?:{'|'.join(sorted(TROUBLE_NOUNS))})(?![\w{WORD_MARKS}-])"
    r"(?:\s+[^\s,.!?،]+){0,2}\s*(?=[,،，、—–]|\s-\s)"
)
# A "no" that answers what was said before, alone in the clause that opens the sentence
# ("No, the owner is Aino.", "Ei, tavoite on …", "Nie, …"), or with the words of an answer
# that deny nothing of what follows (Finnish "ei kun": I mean; Finnish and Estonian "ei
# tea": I don't know; Finnish "ei se mitään": never mind; "ei muuta kuin": nothing but):
# that clause is no denial of the rest (verify72 item 3: honest goals, owners and numbers
# said after a Finnic "ei" were stripped as denied)
ANSWERING_NO = compiled_on_use(
    r"(?i)\W*(?:no|nope|não|nao|ei|nie|ne|nee|nej|nei|non|nu|hayır|xeyr|όχι|нет|ні|не)"
    r"(?:\s+(?:kun|tea|tiedä|se\s+mitään|muuta\s+kuin))?\s*(?:[,:;—–!]|\s-\s)\s*(?=\S)"
)
# What a "no" refuses when the clause after it names code: a command, a flag or a path
# ("No, `kafka-topics --delete --topic crane.raw` ma' u beetik.": never run it, in words no
# reader holds): that "no" is the user's denial, not an answer (review58 on verify72)
NAMES_CODE = compiled_on_use(
    r"`|(?<!\S)--?[A-Za-z]|[\w.-]/[\w.-]|\w\.(?:py|js|ts|sh|sql|ya?ml|json|toml)\b"
)
# Hebrew's "אל" said as a word: "don't" before a verb of the second person, opening its clause
# ("אל תמחק", "בבקשה, אל תריץ"); else "to" ("שלח את הקובץ אל השרת", and before a noun that
# starts with ת as the verb does: "העבר אל תיקיית הגיבוי", "אל תור ההודעות", "אל תל אביב":
# review45 R45-neg2)
# The words after which "אל" still opens a ban ("please", "but", "never", "also", "now" …)
HEBREW_BEFORE_DONT: tuple[str, ...] = ("בבקשה", "אבל", "אנא", "רק", "אז", "פשוט", "לעולם")
HEBREW_BEFORE_DONT += ("ולעולם", "גם", "וגם", "עכשיו", "כרגע", "היום", "פעם")
HEBREW_DONT = compiled_on_use(
    r"(?:^|[.,!?:;()\"'\n\u2013\u2014-]\s*|(?<![\u0590-\u05ff])"
    rf"(?:{'|'.join(HEBREW_BEFORE_DONT)})\s+)(אל)\s+ת"
)


def hebrew_donts(text: str) -> frozenset[int]:
    """Where in ``text`` each "אל" that is "don't" (``HEBREW_DONT``) starts.

    >>> sorted(hebrew_donts("אל תמחק. העבר אל תיקיית הגיבוי. לעולם אל תדחוף."))
    [0, 38]
    """
    return frozenset(m.start(1) for m in HEBREW_DONT.finditer(text))


# - Swahili denies before the verb: the subjunctive's "usi-/msi-/tusi-/wasi-" with the verb's
#   last vowel turned to "-e" ("usiguse", "msibadilishe", "usimtumie": don't) or kept by a
#   verb of Arabic origin ("usisahau", "usijaribu"), and the present's "hatu-/hawa-" with it
#   turned to "-i" ("hatutumii", "hatujui", "hawataki"). Not the affirmative subjunctive of a
#   verb whose stem starts with "si" ("Msikilize mteja": listen to the customer; "Wasimame":
#   let them stand; "Msimamishe seva": stop the server), nor a word whose letters Swahili
#   does not put together ("usinable": Swahili writes no "bl"), nor one after an elision's
#   apostrophe ("d'usinage"): read only in a text written in ASCII letters, as Swahili is.
SWAHILI_SYLLABLE = (  # (open: a consonant or a cluster Swahili writes, then a vowel; or a
    # syllabic "m" before a consonant, as an object's "usimtumie")
    r"(?:(?:ng'|ch|sh|th|dh|gh|kh|ny|ng|mb|nd|nj|nz|mv|mf|[bcdfghjklmnprstvwyz])[wy]?[aeiou]"
    r"|[aeiou]|m(?![aeiouwy]))"
)
SWAHILI_SI_STEM_REST = r"(?:kiliz|ki[ae]\b|kitik|mam|mulie|sitiz|nzi)"  # (sikiliza, sikia, simama…)
SWAHILI_DENIED_VERB = _each_opening_on_a_letter(
    [
        (p, r"(?!" + SWAHILI_SI_STEM_REST + r")(?=" + SWAHILI_SYLLABLE + r"{2,}\b)[a-z]{2,}[eu]\b")
        for p in ("usi", "msi", "tusi", "wasi")
    ]
    + [("hatu", r"[a-z]{2,}i\b"), ("hawa", r"[a-z]{3,}i\b")]
)
_BEYOND_ASCII_LETTER = compiled_on_use(r"(?![\x00-\x7f])[^\W\d_]")
# Swahili's small words, none of them French ("la" is both: not listed)
SWAHILI_WORDS = compiled_on_use(
    r"(?i)\b(?:ya|kwa|kwenye|katika|hii|huu|hiyo|hizi|cha|vya|za|yoyote|wowote|kabisa|tena|"
    r"sasa|hapa|bado|lakini|pia|kwamba|ili)\b"
)


def swahili_denies(text: str) -> bool:
    """Whether ``text`` denies with a Swahili verb's prefix (``SWAHILI_DENIED_VERB``).

    >>> swahili_denies("Usiguse faili la usanidi."), swahili_denies("Msikilize mteja.")
    (True, False)
    >>> swahili_denies("Usisahau majaribio."), swahili_denies("L'usinage des pièces est terminé.")
    (True, False)
    """
    found = SWAHILI_DENIED_VERB.search(text)
    if found is None or text[found.start() - 1 : found.start()] in ("'", "’"):
        return False
    # (a name written with a letter beyond ASCII does not make it French: "Msibadilishe
    # mipangilio ya José kwenye seva." is Swahili by its words; review45 R45-neg2)
    return _BEYOND_ASCII_LETTER.search(text) is None or SWAHILI_WORDS.search(text) is not None


#: A character each match of ``TURKISH_LETTER`` holds (its letter, or the apostrophe before
#: a suffix): see ``turkish_letter``.
_TURKISH_LETTER_HOLDS = ("ı", "İ", "ğ", "Ğ", "ş", "Ş", "'", "’")


def turkish_letter(text: str) -> bool:
    """``TURKISH_LETTER`` found in ``text``, searched only when ``text`` holds a character
    every match of it holds: Python's engine tries its alternatives at each character (~6 µs
    a sentence of 90, ~15 % of ``negation.unread_denial``, which a cold fit asks of each of
    the user's sentences), a substring test reads one at C speed.

    >>> turkish_letter("Dosyayı silme."), turkish_letter("README'yi oku"), turkish_letter("l'a vu")
    (True, True, False)
    """
    return any(c in text for c in _TURKISH_LETTER_HOLDS) and (
        TURKISH_LETTER.search(text) is not None
    )


def turkish_denies(text: str) -> bool:
    """Whether ``text`` denies with a Turkish verb's glued negation (``TURKISH_DENIED_VERB``).

    >>> turkish_denies("`make e2e` çalıştırılmadı."), turkish_denies("`make e2e` çalıştırıldı.")
    (True, False)
    >>> turkish_denies("Müşterilere fiyat göndermeyiniz."), turkish_denies("Bir elma aldım.")
    (True, False)
    >>> turkish_denies("Bu tabloya elle veri girmemelisiniz."), turkish_denies("normalize it")
    (True, False)
    >>> turkish_denies("Bugünün işi: log temizleme."), turkish_denies("Not: dosyayı silme.")
    (False, True)
    """
    if TURKISH_DENIED_VERB_ANYWHERE.search(text) is not None:
        return True
    if not turkish_letter(text):
        return False
    return any(
        not _turkish_verbal_noun(text, found) for found in TURKISH_DENIED_VERB.finditer(text)
    )


# A label opening its line ("Görev:", "Bu haftanın hedefi:", "Sıradaki iş:"), and a word
# that ends in a case of an argument: an accusative, dative, locative or ablative ("dosyayı",
# "sunucuya", "prod'a", "günde", "listeden")
_TURKISH_LABEL = compiled_on_use(
    r"(?:[^\W\d_][\w'’-]*[^\S\n]+){0,3}[^\W\d_][\w'’-]*[^\S\n]*:[^\S\n]*"
)
_TURKISH_CASE_ENDING = compiled_on_use(r"(?:[yn][ıiuü]|l[ae]r[ıi]|[yn][ae]|[dt][ae]n?|['’]\w+)$")


def _turkish_verbal_noun(text: str, found: re.Match[str]) -> bool:
    """Whether the clause-final "-ma/-me" ``found`` is a verbal noun, not a verb: the value
    of a label, after a noun in no case ("Görev: veri taşıma." is "Task: data migration";
    review45 R45-neg1), where an imperative's object is in its case ("Not: dosyayı silme.")."""
    if not found.group().endswith(("ma", "me", "MA", "ME")):
        return False  # (a tense or a person after the "-ma/-me": a verb)
    line = text.rfind("\n", 0, found.start()) + 1
    label = _TURKISH_LABEL.match(text, line, found.start())
    if label is None:
        return False
    before = text[label.end() : found.start()].split()
    return not before or _TURKISH_CASE_ENDING.search(before[-1]) is None


# Denials of the languages whose words are not spaced, or glued onto the verb: Korean
# ("실행하지 마세요", "배포하지 않"), Thai ("ห้ามรัน", "อย่า": not "อย่าง", "-ly" or "kind",
# "ไม่": not "ไม่กี่", a few, nor "ไม่ว่า", no matter), Japanese ("実行しないで", "禁止",
# "ません"), Chinese ("不要", "禁止", "别删": not the "别" of a word, "特别" especially,
# "区别" difference, "别的" other; not the "ません" of a leave, "構いません": you may): read
# as marks, not words.
SCRIPT_DENIALS = compiled_on_use(
    r"마세요|마십시오|말아\s*(?:주|요|라|줘)|말고|말\s*것|말라|않|못\s*하|금지|ห้าม|อย่า(?!ง)|ไม่(?!กี่|ว่า)|"
    r"しないで|"
    r"ないで|ないこと|"
    r"(?<!構い)(?<!かまい)(?<!すみ)(?<!済み)ません|禁止|不要|不得|不能|严禁|(?<![特区分个级类识告差性辨鉴派组离道])别(?![的人处])|勿|"
    + GLUED_SCRIPT_DENIALS.pattern
)

# Every word that denies in a clause of the languages a recap is compared across (see
# compaction.claims.translated): the shared negations, those above, prohibitions, and the
# denials of more languages; not "without" (a condition, "nunca … sem aprovação").
DENIALS = (
    NEGATIONS
    | MORE_NEGATIONS
    | PROHIBITIONS
    | _listed(
        """
    unless non mai nu niciodată ei älä koskaan δεν μην ποτέ όχι ikke aldrig ingen inte
    niet nooit geen nem ne soha tidak jangan bukan nie nikdy ani není nesmí nesmie
    ingenting inget niets nic ніколи нічого ничего нет ні не forbid forbade
    etme etmeyin yapma yapmayın çalıştırma çalıştırmayın dokunma dokunmayın nikad
    niekada niekur niekam nieko ära ärge mitte არ არასოდეს არსად ნუ ვერ
    """
    )
) - _listed("without sin sem sans ohne senza zonder bez без utan uden")

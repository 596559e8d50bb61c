"""The words and marks of denial, per language: what ``lexicon.negation`` reads a denial by
(on every fit, where the user's own rules are read by their shape) and what the claims
checker (``lexicon.claims``) reads polarity with. Kept apart from ``lexicon.claims`` so that
reading a denial does not compile that module's ~60 patterns (a fresh process's first fit
paid ~30 ms for them)."""

from __future__ import annotations

import re

from .common import NEGATIONS
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
GLUED_SCRIPT_DENIALS = re.compile(
    r"(?<![\u0600-\u06ff\u200c])(?:هرگز|نباید|نه|نمی|ن(?:کن|کنید|کنی|زن|زنید|ده|دهید|گذار|"
    r"گذارید|رو|روید|ریز|ساز|فرست|کش|گیر|بر|برید|شود|شه|یست|دار))(?![\u0600-\u06ff])|"
    r"ஒருபோதும்|வேண்டாம்|கூடாது|இல்லை|அல்ல(?![\u0b80-\u0bff])|"
    r"ாத(?:ே|ீர்கள்|ீர்)(?![\u0b80-\u0bff])"
)

# Denials of the languages whose words are not spaced, or glued onto the verb: Korean
# ("실행하지 마세요", "배포하지 않"), Thai ("ห้ามรัน", "อย่า", "ไม่"), Japanese ("実行しないで",
# "禁止", "ません"), Chinese ("不要", "禁止"): read as marks, not words.
SCRIPT_DENIALS = re.compile(
    r"마세요|마십시오|말아\s*(?:주|요|라|줘)|말고|말\s*것|말라|않|못\s*하|금지|ห้าม|อย่า|ไม่|しないで|"
    r"ないで|ないこと|"
    r"ません|禁止|不要|不得|不能|严禁|别|勿|" + GLUED_SCRIPT_DENIALS.pattern
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

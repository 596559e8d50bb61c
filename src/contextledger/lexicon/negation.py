"""Denials in words, in one place: the words that deny ("never", "nie", "않"), and the
idioms that turn an option down without a word of denial ("Cascade is off the table",
"Kafka kommt nicht in Frage", "dipirona está descartada", "Saaz olmaz", "부산 경유는
빼고"). Every reader that asks whether a sentence denies (the polarity reader, the reader
of rules said back in another language, the stance reader) asks :func:`denial`, so that a
record sentence and the recap's sentence about it are read alike.

>>> rejecting("Cascade hops are off the table this season."), rejecting("Don't forget to bump it.")
(True, False)
>>> denial("Never run it."), denial("Kafka kommt nicht in Frage."), denial("Use Kafka.")
(True, True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

from .common import NEGATIONS, WORD_MARKS, compiled_on_use
from .common import listed as _listed
from .denials import (
    ANSWERING_NO,
    DENIALS,
    GLUED_WORD_DENIALS,
    HEBREW_DONT,
    NAMES_CODE,
    NOT_ONLY,
    PROHIBITIONS,
    REASSURANCE,
    SCRIPT_DENIALS,
    SWAHILI_DENIED_VERB,
    TURKISH_DENIED_VERB_ANYWHERE,
    TURKISH_LETTER,
    VIETNAMESE_KHONG_NOUNS,
    swahili_denies,
    turkish_denies,
    turkish_letter,
)

# An option turned down by an idiom, in languages whose other denials the stance reader
# reads word by word (English, German, Portuguese, Spanish, French): what it names is
# denied. ("forget X", "esquece X": not "don't forget to …", "não esquece de …")
REJECTING_READ = compiled_on_use(
    r"(?i)\b(?:off\s+the\s+table|rul(?:e|es|ed|ing)\s+out|no[-\s]go|not\s+an\s+option|"
    r"out\s+of\s+the\s+question)\b|"
    r"(?<!n't\s)(?<!not\s)(?<!never\s)(?<!do\s)(?:^|(?<=[\s,;:.!…]))forget\s+(?:about\s+)?"
    r"(?!to\b|it\b|that\b|this\b|the\s+rest\b)|"
    r"\bkomm(?:t|en)\s+nicht\s+(?:mehr\s+)?in\s+frage\b|"
    r"\bdescartad[oa]s?\b|\bdescart(?:ar|amos|ei|ou|e|ado)\b|"
    r"\bexclu(?:s|e|es|ído|ída|idos|idas|d(?:e|es|ed|ing))?\b|"
    r"(?<!não\s)(?<!nao\s)\besquec?e\b(?!\s+d[eoa]\b)"
)
# ... and in languages whose denials are glued to the verb or unspaced (Turkish "olmaz",
# Russian "отпадает", Korean "빼고", Hebrew "תשכח מ…", Japanese "却下", Chinese "不考虑",
# Bengali "বাদ"): read by the readers of rules said back in another language
REJECTING_OTHER = compiled_on_use(
    r"(?i)\bolmaz\b|\bотпада(?:ет|ют)?\b|却下|不考虑|不考慮|빼고|(?<!אל\s)תשכח\s+מ|বাদ|"
    r"싫(?:어|습니다|다)"  # (Korean "반지하는 절대 싫어요": I won't have a semi-basement)
)
# the idioms whose option comes after them ("forget Kafka", "ruled out Kafka")
OPTION_AFTER = compiled_on_use(r"(?i)^(?:forget|esquec?e|rul\w*\s+out|descart(?:ar|amos|ei|ou|e)$)")


@lru_cache(maxsize=1 << 14)  # asked of every record sentence at every recap
def rejecting(text: str, *, read_only: bool = False) -> bool:
    """Whether ``text`` turns an option down with an idiom (:data:`REJECTING_READ`, and
    unless ``read_only`` :data:`REJECTING_OTHER`)."""
    if REJECTING_READ.search(text) is not None:
        return True
    return not read_only and REJECTING_OTHER.search(text) is not None


# The words of denial of the languages whose rules the intent lexicon reads word by word
# (English, Portuguese, Spanish, French, German, Italian, Dutch): a sentence holding one was
# read there, and is not read again by its shape alone (``intent.rule_by_shape``); "no",
# "ne", "ni", "nie" deny in languages it does not read too (Czech "a ne 21", Polish "nie 13")
READ_WORD_BY_WORD = (
    NEGATIONS
    | _listed(
        "non mai senza nessun nessuna niente niet nooit geen niets zonder nobody nowhere cannot"
    )
) - _listed("no ne ni nie")

# "No" said alone, the answer opening a turn that names what to take instead ("nope —
# eu-west-1", "nein, staging"): English, German, French, Spanish, Italian, Catalan,
# Portuguese, Dutch, Swedish, Danish, Norwegian, Icelandic, Finnish, Estonian, Hungarian,
# Polish, Slovak, Czech, the South Slavic languages, Lithuanian, Latvian, Russian,
# Ukrainian, Bulgarian, Romanian, Greek, Turkish, Azerbaijani, Kazakh, Uzbek, Albanian,
# Welsh, Basque, Tagalog, Indonesian and Malay, Vietnamese, Swahili, Zulu, Yoruba, Hausa,
# Hindi, Arabic, Persian, Hebrew, Georgian, Armenian
NO_ANSWERS = _listed(
    """
    no nope nah nein non não nao nee nej nei ei nem nie ne nē нет ні не nu όχι hayır yox
    жоқ yo'q jo na ez hindi tidak bukan enggak nggak không hapana cha rara a'a नहीं ना
    لا نه לא არა ոչ
    """
)
# ... and the words after it that name no value to take instead: "no, wait", "no, later",
# "nah, skip", "no, idea" (English; another language's are read by :func:`denial` and the
# nudge words)
AFTER_NO_NOT_A_VALUE = _listed(
    """
    wait stop skip idea actually instead cancel later never sorry problem worries way
    really again yet now today tomorrow hold scratch mistake typo clue chance
    """
)

# (a word with the marks written onto its letters: "निगरानी" (monitoring) is one word, not
# "न" (not) and "गर")
_WORDS = compiled_on_use(rf"[^\W\d_](?:[^\W_]|[{WORD_MARKS}])*(?:'[^\W\d_]+)?")
# Hindi written in Latin letters (Hinglish): "nahi"/"nahin" (not), and "mat" (don't) before
# the verb it bans, an infinitive or an imperative ("mat bhejna", "mat daalo", "mat
# kijiye"); "mat" alone is an English noun ("the yoga mat", "a mat to wipe your feet")
ROMAN_HINDI_DENIAL = compiled_on_use(
    r"(?i)\b(?:nahi|nahin|nahii|nahī|nahīn)\b|"
    r"\bmat\s+(?!(?:to|so|no|go|also|into|onto|too|photo|video|logo|solo)\b)"
    r"[a-z]+(?:na|no|o|iye|iyo|ie|ein)\b"
)
# Czech and Slovak deny with "ne" glued to the verb: the modal and everyday verbs a rule is
# said with ("stěhovat nemůžeme", "nechci", "nebudeme", "nedávej", "neposílej"); not every
# word in "ne…" ("nemocnice" is a hospital, "neděle" Sunday)
CZECH_SLOVAK_DENIAL = compiled_on_use(
    r"(?i)\bne(?:můž|mohu|mohl|mož|chc|chtěj|chtěl|smě|bud|jde|jdou|dáv|dávej|posíl|dělej|"
    r"rob|pouš|použ|mění|měň|kupuj|plať|volej)\w*"
)


_DENYING = DENIALS | PROHIBITIONS  # (made once: a union a call was most of a short text's)
_SCRIPT_LETTER = compiled_on_use(
    r"[\u0600-\u06ff\u0b80-\u0bff\u0e00-\u0e7f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]"
)


def _said_words(text: str) -> set[str]:
    """The words of ``text``, folded; in a text holding a letter only Turkish writes, not
    "ne": Turkish asks "what" with it ("ne bulduğunu söyle"), where Czech and Slovak deny;
    not Hebrew's "אל" where it is "to", before no verb of the second person, nor the "không"
    of a Vietnamese noun ("không gian": space), nor the "not" of "not only … but also"."""
    if "không" in text or "Không" in text:
        text = VIETNAMESE_KHONG_NOUNS.sub(" ", text)
    text = NOT_ONLY.sub(" ", text)
    words = {w.casefold() for w in _WORDS.findall(text)}
    if "ne" in words and turkish_letter(text):
        words.discard("ne")
    if "אל" in words and HEBREW_DONT.search(text) is None:
        words.discard("אל")
    return words


@lru_cache(maxsize=1 << 14)
def denial(text: str) -> bool:
    """Whether ``text`` denies: a word of denial or of a ban of a language read
    (``lexicon.denials.DENIALS``, ``PROHIBITIONS``), a denial written in a script whose
    words are not spaced (``SCRIPT_DENIALS``), Hindi's in Latin letters
    (``ROMAN_HINDI_DENIAL``: "reminder mat bhejna", "14,800 nahi"), a Czech or Slovak
    verb denied by its prefix (``CZECH_SLOVAK_DENIAL``: "nemůžeme"), or an idiom turning
    an option down (:func:`rejecting`); not in a reassurance ("No problem, go on":
    ``denials.REASSURANCE``)."""
    text = _without_reassurance(text)
    words = _said_words(text)
    return (
        not _DENYING.isdisjoint(words)
        or any(w.endswith("n't") for w in words)
        or _denied_unspaced_or_glued(text)
        or rejecting(text)
    )


def unread_denial(text: str) -> bool:
    """Whether ``text`` denies (:func:`denial`) in a language the intent lexicon does not
    read word by word: it holds no denial of one it reads (``READ_WORD_BY_WORD``, English
    "…n't", their idioms ``REJECTING_READ``), and one of another (a word, a script's, an
    idiom of ``REJECTING_OTHER``). "I can't sleep" was read there as no rule; "Tôi không
    muốn ở tầng trệt." was read as none, and denies.

    >>> unread_denial("I can't sleep."), unread_denial("Tôi không muốn ở tầng trệt.")
    (False, True)
    """
    text = _without_reassurance(text)
    words = _said_words(text)
    if not READ_WORD_BY_WORD.isdisjoint(words) or any(w.endswith("n't") for w in words):
        return False
    return (
        not _DENYING.isdisjoint(words)
        or _denied_unspaced_or_glued(text)
        or REJECTING_OTHER.search(text) is not None
    )


def _without_reassurance(text: str) -> str:
    """``text`` less the reassurance or the answering "no" that opens it
    (``denials.REASSURANCE``, ``denials.ANSWERING_NO``)."""
    found = REASSURANCE.match(text) or _answering_no(text)
    return text if found is None else text[found.end() :]


def _answering_no(text: str) -> re.Match[str] | None:
    """The "no" that opens ``text`` answering what was said before (``denials.ANSWERING_NO``),
    unless the rest names code: a "no" before a command or a path refuses it."""
    found = ANSWERING_NO.match(text)
    if found is None or NAMES_CODE.search(text, found.end()):
        return None
    return found


def _denied_unspaced_or_glued(text: str) -> bool:
    """A denial of a script written without spaces (``SCRIPT_DENIALS``, searched only in a
    text holding one of its letters), of Hindi in Latin letters, glued to a Czech or
    Slovak verb, to a Turkish one (``denials.turkish_denies``), a Swahili one
    (``denials.swahili_denies``), or to an Arabic or Hebrew conjunction
    (``denials.GLUED_WORD_DENIALS``)."""
    return (
        (_SCRIPT_LETTER.search(text) is not None and SCRIPT_DENIALS.search(text) is not None)
        or ROMAN_HINDI_DENIAL.search(text) is not None
        or CZECH_SLOVAK_DENIAL.search(text) is not None
        or GLUED_WORD_DENIALS.search(text) is not None
        or swahili_denies(text)
        or turkish_denies(text)
    )


def _scoped(pattern: re.Pattern[str]) -> str:
    """``pattern``'s source as a group holding its own case folding, to be joined with
    others (a global ``(?i)`` may only open a whole pattern)."""
    body = pattern.pattern.removeprefix("(?i)")  # (its source: the fit compiles none on import)
    return f"(?i:{body})" if body != pattern.pattern else f"(?:{body})"


# The characters whose case folding is longer than one character ("ß" is "ss", "İ" is "i̇",
# "ﬁ" is "fi"): a word holding one is folded into letters no case-insensitive search of the
# folded word finds in it ("STRAẞE" folds to "strasse", which "(?i)strasse" does not find),
# so a text holding one is never screened out (tests/test_denial_by_shape_screens.py checks this
# list against every character).
_FOLDED_LONGER = (
    "\u00df\u0130\u0149\u01f0\u0390\u03b0\u0587\u1e96-\u1e9a\u1e9e\u1f50\u1f52\u1f54\u1f56"
    "\u1f80-\u1faf\u1fb2-\u1fb4\u1fb6-\u1fb7\u1fbc\u1fc2-\u1fc4\u1fc6-\u1fc7\u1fcc"
    "\u1fd2-\u1fd3\u1fd6-\u1fd7\u1fe2-\u1fe4\u1fe6-\u1fe7\u1ff2-\u1ff4\u1ff6-\u1ff7\u1ffc"
    "\ufb00-\ufb06\ufb13-\ufb17"
)


def _in_word(c: str) -> bool:
    """Whether Python's ``\\w`` matches ``c``."""
    return c.isalnum() or c == "_"


def _denying_words_screen() -> str:
    """Each word of ``_DENYING`` where ``_said_words`` may find it: after a character that
    is no letter (a word it finds starts so, or at the text's start) and, when the word
    ends on a letter or a digit, before one that is neither (a word ending on a mark may be
    followed by the "không gian" or "not only" that ``_said_words`` puts a space for). The
    text is searched with a space at each end (a superset leaves "^" and "$" out)."""
    ends_on_word = sorted(w for w in _DENYING if _in_word(w[-1]))
    ends_on_mark = sorted(w for w in _DENYING if not _in_word(w[-1]))
    return (
        rf"[\W\d_](?i:{'|'.join(map(re.escape, ends_on_word))})[\W_]|"
        rf"[\W\d_](?i:{'|'.join(map(re.escape, ends_on_mark))})"
    )  # (the classes outside the folding: RE2 folds "ſ" in a class to "s", "K" to "k")


# What ``unread_denial`` may find a denial by, read in one pass (``intent.rules_by_shape``
# screens sentences with its RE2 superset, ``prefilter.superset``): it finds none in a text
# this finds nothing in, searched with a space at each end (``screened_for_denial``). Each of its readings is here: a word of ``_DENYING`` (searched
# without case, ``_denying_words_screen``; a word ``_said_words`` reads is a part of the
# text: what it replaces it replaces with a space), a character folded into more than one
# (``_FOLDED_LONGER``), the patterns of ``_denied_unspaced_or_glued`` and
# ``REJECTING_OTHER`` (each one searched in the whole text finds what it finds in the text
# less a reassurance's opening, its assertions aside, which a superset leaves out), and
# ``TURKISH_LETTER``, which ``turkish_denies`` finds before it reads past its first pattern.
UNREAD_DENIAL_SCREEN = compiled_on_use(
    "|".join(
        [
            _denying_words_screen(),
            f"[{_FOLDED_LONGER}]",
            *map(
                _scoped,
                (
                    SCRIPT_DENIALS,
                    ROMAN_HINDI_DENIAL,
                    CZECH_SLOVAK_DENIAL,
                    GLUED_WORD_DENIALS,
                    SWAHILI_DENIED_VERB,
                    TURKISH_DENIED_VERB_ANYWHERE,
                    TURKISH_LETTER,
                    REJECTING_OTHER,
                ),
            ),
        ]
    )
)


def screened_for_denial(text: str) -> str:
    """``text`` as ``UNREAD_DENIAL_SCREEN`` searches it: a space at each end, where a word
    may start or end."""
    return f" {text} "


# A user taking back what they just said ("Store the logs in NFS... actually, back to
# MinIO", "Guarda … en SFTP... mejor no, vuelve a GCS", "… doch lieber zurück zu GCS",
# "… ei sittenkään, takaisin GCS:hen", "… mégse, vissza …"): the option named before it and
# not in the words right after it is set aside, as if the user had said "not X".
RETRACTION = compiled_on_use(
    r"(?i)(?:\.\.\.|…|[,;:—–-])\s*(?:(?:no|nah|oh),?\s+)?(?:actually|wait|scratch\s+that|"
    r"on\s+second\s+thought|never\s*mind|mejor\s+no|pensándolo\s+(?:bien|mejor)|en\s+realidad|"
    r"doch\s+(?:lieber|nicht)|lieber\s+doch|eigentlich\s+doch|ei\s+sittenkään|mégse|"
    r"en\s+fait|finalement|na\s+verdade|melhor\s+não|pensando\s+bem|anzi|ripensandoci|"
    r"toch\s+maar|właściwie|jednak|vazgeçtim|aslında|やっぱり|やはり)\b[,:]?\s*|"
    # "… en SFTP... no, mejor vuelve a GCS", "… FTP에 저장하세요... 아니, 역시 GCS로": a trail
    # of dots and the word "no" of a language read, then what the user turns to
    r"(?:\.\.\.|…)\s*(?:no|nah|nope|não|nao|nein|nee|nej|ne|nie|non|ei|nem|nu|όχι|ні|нет|не|"
    r"לא|لا|نه|नहीं|hapana|hayır|tidak|bukan|không|아니요|아니|いや|いいえ)(?![^\W\d_])[,，、!.]?\s*"
)


# Bans said by their grammar in the languages read word by word, without a word that bans
# by itself: a negative determiner before what is banned, after the imperative that opens
# the clause ("Voeg geen nieuwe afhankelijkheden toe.", "Add no new dependencies.",
# "Nepřidávej žádné závislosti.") or opening the clause with the ban's scope after it
# ("Nessuna modifica allo schema.", "Ningún cambio en la tabla.", "Żadnych zmian w bazie.");
# and "never" opening the clause before an infinitive ("Mai modificare …", "Jamais de
# push …"). Not a reassurance ("Geen zorgen, …", "Nessun problema, vai avanti.") nor a
# status ("No errors in the log.", "Ik heb geen tijd.", "Zie geen probleem."), nor an
# experience ("Mai visto un errore così", "Nunca vi isso").
NEGATIVE_DETERMINERS = _listed(
    """
    no geen kein keine keinen keinem keiner keines ningún ninguna ninguno ningunas ningunos
    nenhum nenhuma nenhumas nenhuns nessun nessuno nessuna aucun aucune aucuns aucunes żaden
    żadna żadne żadnych żadnego żadnej żadnym žádný žádná žádné žádných žádnou žádného žádném
    žiadny žiadna žiadne žiadnych žiadnu žiadneho ingen inget inga intet niciun nicio
    """
)
_DETERMINER = "|".join(sorted(NEGATIVE_DETERMINERS, key=lambda w: (-len(w), w)))
# "never" opening a clause before an infinitive (Italian, French, Spanish, Portuguese)
_NEVER_BEFORE_INFINITIVE = _listed("mai jamais nunca jamás")
# the nouns of a reassurance or a status said with a negative determiner ("no problem",
# "geen zorgen", "kein Fehler", "ingen fara", "nessuna idea", "no time")
_STATUS_NOUNS = (
    r"probl\w*|worr\w*|zorg\w*|sorg\w*|preocup\w*|souci\w*|fara|stress\w*|dram\w*|"
    r"idea\w*|idee\w*|idée\w*|ideia\w*|poję\w*|tušen\w*|clue|ahnung|"
    r"time|tijd|zeit|tiempo|tempo|temps|czas\w*|čas\w*|tid|"
    r"error\w*|erro\w*|fout\w*|fehler\w*|erreur\w*|błęd\w*|chyb\w*|fel|warning\w*|"
    r"rush|hurry|haast|eile|prisa|pressa|hâte|pośpiech\w*|spěch\w*|brådska|"
    r"result\w*|reply|respons\w*|antwort\w*|rispost\w*|respost\w*|respuest\w*|répons\w*|"
    r"odpowied\w*|odpově\w*|svar|news|nieuws|novedad\w*|novit\w*|novidad\w*|nouvell\w*|"
    r"differen\w*|verschil|unterschied|diferen\w*|różnic\w*|rozdíl\w*|skillnad|"
    r"way|manera|modo|jeito|moyen|sposób|způsob|sätt|matter|importa|pasa"
)
# words that open a statement, not an order: a subject, an article, a copula, a verb of
# having or perceiving (said with the subject left out: "Heb geen tijd.", "Found no issues.")
_NO_ORDER_OPENING = (
    r"i|you|we|they|he|she|it|there|this|that|these|those|is|are|was|were|be|has|have|had|"
    r"got|get|gets|see|saw|found|find|need|know|seems|looks|makes|yes|ok|so|but|and|then|"
    r"still|also|just|with|in|on|at|for|of|the|a|an|"
    r"ik|je|jij|u|wij|ze|zij|hij|het|er|dit|dat|deze|die|de|een|zijn|heb|hebben|heeft|"
    r"hadden|zie|zag|vind|vond|kreeg|krijg|weet|ken|nu|ook|maar|dus|nog|"
    r"ich|du|sie|es|wir|ihr|man|das|der|dies|ist|sind|war|hat|habe|haben|hatte|sehe|sah|"
    r"finde|fand|gibt|gab|weiß|"
    r"yo|tú|él|ella|nosotros|hay|tengo|tiene|tenemos|veo|vi|es|son|está|están|era|fue|sí|"
    r"eu|você|ele|ela|nós|há|tenho|tem|temos|vejo|é|são|estão|foi|sim|"
    r"io|tu|lui|lei|noi|c'è|ci|ho|ha|abbiamo|vedo|è|sono|stato|"
    r"je|il|elle|on|nous|vous|ils|elles|ai|as|avons|vois|voit|est|sont|était|ce|c'est|y|"
    r"ja|ty|ona|my|wy|oni|jest|są|był|była|mam|ma|mamy|widzę|nie|tak|"
    r"já|vy|je|jsou|byl|byla|mám|má|máme|vidím|ne|ano|"
    r"jag|han|hon|vi|ni|den|är|var|hade|ser|såg|hittade|finns|fanns"
)
_CLAUSE_OPENING = r"(?:^|(?<=[.!;:\n])\s*|(?<=[.!;:]\s)|(?<=\bplease\s)|(?<=\bbitte\s))"
_PREPOSITIONS = (
    r"in|on|to|into|onto|before|after|without|for|at|from|"
    r"a|al|allo|alla|ai|agli|alle|nel|nello|nella|nei|negli|nelle|su|sul|sullo|sulla|per|"
    r"di|del|dello|della|da|dal|prima|dopo|senza|tra|fra|con|"
    r"no|na|nos|nas|em|ao|à|aos|às|de|do|da|dos|das|para|por|pelo|pela|antes|depois|sem|com|até|"
    r"en|del|sin|hasta|sobre|"
    r"w|we|do|po|przed|bez|z|ze|dla|od|"
    r"v|ve|před|pro|k|ke|"
    r"op|aan|naar|voor|zonder|met|bij|van|tot|"
    r"dans|sur|au|aux|avant|après|sans|pour|"
    r"i|på|till|före|efter|utan|för|med"
)
# Spanish "no" (not) after a verb, before a clitic or an infinitive: "Prefiero no decirlo.",
# "Mejor no lo toques" (not English "no", a determiner: "Add no other …" is lost with it)
_SPANISH_NOT = (
    r"no\s+(?:(?:lo|la|los|las|le|les|me|te|se|nos|os)\b|"
    r"[^\W\d_]+(?:ar|er|ir|rlo|rla|rlos|rlas|rle|rles|rme|rte|rse)\b)"
)
BANNED_BY_GRAMMAR = compiled_on_use(
    rf"(?i){_CLAUSE_OPENING}(?:"
    # an imperative, maybe an object pronoun, then the determiner before the banned thing
    rf"(?!(?:{_NO_ORDER_OPENING})\b)[^\W\d_][\w'’-]*\s+(?:(?:je|jezelf|mir|me|mi|moi)\s+)?"
    rf"(?!{_SPANISH_NOT})(?:{_DETERMINER})\s+(?!(?:{_STATUS_NOUNS})\b)[^\W\d_]|"
    # the determiner opening the clause, what it bans, then where or when (its scope); not
    # "no", Spanish's and Portuguese's "not" too ("No te preocupes por eso.")
    rf"(?!no\s)(?:{_DETERMINER})\s+(?!(?:{_STATUS_NOUNS})\b)[^\W\d_][\w'’-]*"
    rf"(?:\s+[^\W\d_][\w'’-]*)?\s+(?:{_PREPOSITIONS})\b(?![,.;!])|"
    # "never" opening the clause before an infinitive (or French "jamais de …")
    r"(?:mai|jamais|nunca|jamás)\s+(?:(?:più|plus|mais|más)\s+)?"
    r"(?:[^\W\d_]{2,}(?:are|ere|ire|rre|er|ir|re|ar)\b|de\s+[^\W\d_])"
    r")"
)


# the longest text read for a ban by its grammar: a turn of the user's own words (a paste or
# a tool's output is not: its words were ~10 ms a megabyte, twice the bulk reading of rules)
BAN_BY_GRAMMAR_LENGTH = 2_000


def banned_by_grammar(text: str) -> bool:
    """Whether a clause of ``text`` (up to ``BAN_BY_GRAMMAR_LENGTH`` characters) that asks
    nothing bans by its grammar alone (``BANNED_BY_GRAMMAR``).

    >>> banned_by_grammar("Stuur geen facturen naar klanten."), banned_by_grammar("Geen zorgen, ga door.")
    (True, False)
    >>> banned_by_grammar("Mai cancellare i backup."), banned_by_grammar("Mai visto niente del genere.")
    (True, False)
    """
    if len(text) > BAN_BY_GRAMMAR_LENGTH or _BANNING_WORDS.isdisjoint(text.casefold().split()):
        return False  # (no word the shapes start at: the pattern is not tried at each letter)
    return _bans_by_grammar(text)


# Only texts holding a banning word are cached: a cache of every text asked held ~3,000
# entries of a 12,000-turn chat's fit (0.27 MB, 0.08x the input at its peak: speed95), and
# kept each text alive after its fit (the word test is made again when a text is asked again).
@lru_cache(maxsize=1 << 14)
def _bans_by_grammar(text: str) -> bool:
    for found in BANNED_BY_GRAMMAR.finditer(text):
        end = _CLAUSE_END.search(text, found.end())
        if end is None or end.group() != "?":
            return True
    return False


_CLAUSE_END = compiled_on_use(r"[.!?\n]")
_BANNING_WORDS = NEGATIVE_DETERMINERS | _NEVER_BEFORE_INFINITIVE


# What the speaker never did or saw, said with "never" before a past form ("Never seen that
# before.", "Nunca vi isso.", "Nunca había visto …", "Nooit gedacht dat …", "Nigdy tego nie
# widziałem."): an experience told, no rule, though its "never" denies. Not "never" before an
# imperative or an infinitive ("Nunca toques …", "Nigdy nie wdrażaj …", "Never push …").
EXPERIENCE = compiled_on_use(
    r"(?i)(?:^|(?<=[.!?;,]\s))(?:(?:i|we|ik|wij|we|yo|eu|io|je|ja|jag|ich|wir)\s+)?"
    r"(?:(?:have|'ve|had|heb|hebben|had|hab|habe|hatte|ho|avevo|ai)\s+)?"
    r"(?:never|nooit|nunca|jamais|jamás|niemals|nie|nigdy|aldrig)\s+"
    r"(?:(?:before|ever|wcześniej|antes|eerder|vorher|zuvor|tidigare|avant|mais|más)\s+)?"
    r"(?:(?:tego|to|czegoś|isso|isto|esto|eso|dat|dit|das|det|ça|questo)\s+)?(?:nie\s+)?"
    r"(?:(?:había|habíamos|he|hemos|tinha|tínhamos|havia|ho|avevo|hab|habe|hatte)\s+)?"
    # (English verbs whose own form ends in "ed" are imperatives, not past forms: "Never
    # embed API keys", "Never exceed 100 requests", "Never feed raw input": review46 R46-neg1)
    r"(?:(?![^\W\d_]*eed\b|(?:em|im)?bed\b|shed\b|shred\b|wed\b|sled\b)"
    r"[^\W\d_]+(?:ed|łem|łam|łeś|łaś|ło|ła|liśmy|ado|ido|ato|uto|ito|ei|ou)|"
    r"ge[^\W\d_]{2,}(?:t|d|en)|[^\W\d_]+[éí]|"
    r"seen|been|heard|had|thought|known|done|got|gotten|met|saw|knew|felt|said|told|made|"
    r"came|went|gone|taken|given|vi|vimos|fui|tuve|tive|hice|fiz|dije|disse|vu|eu|visto|"
    r"fatto|detto|sett|hört|tänkt|gjort|varit)\b[^,;.!?]*"
)


def without_experiences(text: str) -> str:
    """``text`` less the clauses that tell what the speaker never did or saw
    (``EXPERIENCE``), for the readers of rules.

    >>> without_experiences("Nunca vi isso antes, mas nunca apague os backups.")
    ', mas nunca apague os backups.'
    """
    folded = text.casefold()
    if not any(never in folded for never in _NEVER_WORDS):
        return text  # (the pattern is not tried at each letter of a text without one)
    return EXPERIENCE.sub("", text)


_NEVER_WORDS = ("never", "nooit", "nunca", "jamais", "jamás", "niemals", "nie", "nigdy", "aldrig")


# A step held back until the user says so ("Nu mai face deploy până nu-ți spun eu.", "Don't
# merge it until I say so.", "Starte ihn nicht mehr neu, bis ich es dir sage."): with a
# negation, a ban the user lifts by word (recap44: the Romanian one was filed as a remark).
# The speaker is the one who will tell: "until I say / tell you / give the go-ahead".
UNTIL_TOLD = compiled_on_use(
    r"(?i)(?<!\w)(?:"
    r"until\s+i\s+(?:say\s+so|say|tell\s+you|give\s+(?:you\s+)?the\s+(?:go-ahead|go|ok)|"
    r"confirm|approve)|till\s+i\s+say|"
    r"până\s+(?:nu\s*-?\s*(?:ți|vă)\s+|nu\s+|(?:îți|vă)\s+)?(?:spun|zic|dau\s+(?:eu\s+)?(?:ok|"
    r"voie|semnalul))|"
    r"bis\s+ich\s+(?:es\s+)?(?:(?:dir|euch|ihnen)\s+)?(?:(?:es|das)\s+)?(?:sage|bescheid\s+gebe|"
    r"freigebe)|"
    r"hasta\s+que\s+(?:yo\s+)?(?:(?:te|os|le|les)\s+)?(?:lo\s+)?(?:diga|avise|confirme)|"
    r"finché\s+non\s+(?:(?:te|ve|glie)\s*lo\s+)?(?:dico|dirò|confermo)|"
    r"(?:tant\s+que|jusqu['’]à\s+ce\s+que)\s+je\s+(?:ne\s+)?(?:(?:te|vous)\s+)?(?:l['’]|le\s+)?"
    r"(?:dis|dise|confirme)|"
    r"até\s+(?:que\s+)?eu\s+(?:(?:te|lhe)\s+)?(?:mandar|disser|falar|avisar|confirmar)|"
    r"dopóki\s+(?:(?:ci|wam)\s+)?nie\s+powiem|"
    r"dokud\s+(?:(?:ti|vám)\s+)?neřeknu|kým\s+(?:ti\s+)?nepoviem|"
    r"пока\s+(?:я\s+)?не\s+скажу|поки\s+(?:я\s+)?не\s+скажу|"
    r"(?:tot|totdat)\s+ik\s+het\s+zeg|tills\s+jag\s+säger\s+till|indtil\s+jeg\s+siger\s+til|"
    r"sampai\s+(?:saya|aku)\s+(?:bilang|suruh|kasih\s+tahu)|ben\s+söyleyene\s+kadar|"
    r"amíg\s+nem\s+szólok|kunnes\s+sanon"
    r")(?!\w)"
)

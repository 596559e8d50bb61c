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

from functools import lru_cache

from .common import NEGATIONS, compiled_on_use
from .common import listed as _listed
from .denials import (
    DENIALS,
    GLUED_WORD_DENIALS,
    HEBREW_DONT,
    NOT_ONLY,
    PROHIBITIONS,
    SCRIPT_DENIALS,
    TURKISH_LETTER,
    VIETNAMESE_KHONG_NOUNS,
    swahili_denies,
    turkish_denies,
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

_WORDS = compiled_on_use(r"[^\W\d_][^\W_]*(?:'[^\W\d_]+)?")
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
    if "ne" in words and TURKISH_LETTER.search(text) is not None:
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
    an option down (:func:`rejecting`)."""
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
    words = _said_words(text)
    if not READ_WORD_BY_WORD.isdisjoint(words) or any(w.endswith("n't") for w in words):
        return False
    return (
        not _DENYING.isdisjoint(words)
        or _denied_unspaced_or_glued(text)
        or REJECTING_OTHER.search(text) is not None
    )


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

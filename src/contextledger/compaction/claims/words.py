"""A claim's words read in any language the lexicon holds (:mod:`contextledger.lexicon.claims`):
which act a word names (decided, approved, reviewed, suggested), outcomes and ordinals
glossed in English, what a clause says in terms that compare across inflections and
scripts, and whether it restricts.

A recap in any of these languages is read with the same checks: the lexicon only tells
them which word is the act and which words are its agent.

>>> act_of("aprovou"), act_of("hat"), act_of("Suggested")
('approv', None, 'suggest')
>>> cjk_act("李工只是提了建议")
(4, 8, 'suggest')
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from itertools import pairwise

from ...lexicon import claims as lexicon
from ...lexicon.common import ASSISTANT_WORDS as ASSISTANT_WORDS
from ...lexicon.common import CJK_ASSISTANT as CJK_ASSISTANT
from ...lexicon.common import CJK_USER as CJK_USER
from ...lexicon.common import FUNCTION_WORDS as FUNCTION_WORDS
from ...lexicon.common import NEGATIONS as NEGATIONS
from ...lexicon.common import USER_WORDS as USER_WORDS
from ...lexicon.denials import hebrew_donts
from ...lexicon.denials import turkish_denies as turkish_denies  # (Turkish's glued denial)
from ..trace import FILLER

_ACT_OF = {form: act for act, forms in lexicon.ACT_FORMS.items() for form in forms.split()}


def act_of(word: str) -> str | None:
    """The act a word names (``approv``, ``decid``, ``review``, ``suggest``), if any."""
    return _ACT_OF.get(word.casefold())


_CJK_ACTS = sorted(
    ((form, act) for act, forms in lexicon.CJK_ACT_FORMS.items() for form in forms.split()),
    key=lambda fa: -len(fa[0]),
)
_CJK_ACT = re.compile("|".join(re.escape(f) for f, _ in _CJK_ACTS))
_CJK_ACT_NAME = dict(_CJK_ACTS)


def cjk_act(text: str) -> tuple[int, int, str] | None:
    """Where the first act word of a Chinese or Japanese clause is, and the act."""
    m = _CJK_ACT.search(text)
    return None if m is None else (m.start(), m.end(), _CJK_ACT_NAME[m.group(0)])


_GLOSS = tuple((english, re.compile(pattern)) for english, pattern in lexicon.GLOSSES)


def gloss(text: str) -> str:
    """``text`` with its outcome and ordinal words in English (``text`` itself when it
    has none).

    >>> gloss("TestTenantLimiter_Burst 通过了。")
    'TestTenantLimiter_Burst  passed 。'
    """
    for english, pattern in _GLOSS:
        text = pattern.sub(f" {english} ", text)
    return text


_ACT_GLOSS = tuple((english, re.compile(pattern)) for english, pattern in lexicon.ACT_GLOSSES)


def gloss_acts(text: str) -> str:
    """``text`` with what it says was done to a thing in English (``text`` itself when it
    says it in English or says no such act).

    >>> gloss_acts("L'assistente ha scritto il file data/x.csv.")
    "L'assistente wrote il file data/x.csv."
    """
    for english, pattern in _ACT_GLOSS:
        text = pattern.sub(english, text)
    return text


_WORD = re.compile(r"[^\W\d_\u3040-\u30ff\u4e00-\u9fff]{3,}|\d(?:[\d.,%]*[\d%])?")
_NAME = re.compile(r"(?<![\w./-])[A-Za-z][\w.-]*(?:_|\d|/|\.\w)[\w./-]*")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]+")
_SKIP = (
    FILLER
    | FUNCTION_WORDS
    | lexicon.DETERMINERS
    | lexicon.BETWEEN
    | lexicon.CLITICS
    | NEGATIONS
    | lexicon.MORE_NEGATIONS
)


def unaccented(word: str) -> str:
    """``word`` without its accents ("contrôl" is "control", "déposé" is "depose")."""
    split = unicodedata.normalize("NFKD", word)
    return "".join(c for c in split if not unicodedata.combining(c))


@lru_cache(maxsize=1 << 14)  # a record's sentences are read again for each claim of a recap
def content_terms(text: str) -> frozenset[str]:
    """What ``text`` says, in pieces that compare across inflections and scripts: Latin
    words by their first five letters ("reinician" is "reinicies"), numbers whole,
    Chinese and Japanese by pairs of characters; accents and function words left out.

    >>> sorted(content_terms("Los brokers de Kafka no se reinician."))
    ['broke', 'kafka', 'reini']
    """
    names = _NAME.findall(text)  # "orders_archive", "eu-west-1", "T-5521": whole
    plain = _NAME.sub(" ", text)
    # (accents left out: "déposé" is the call deposer_declaration's "depose")
    out = {unaccented(w.casefold())[:5] for w in _WORD.findall(plain) if w.casefold() not in _SKIP}
    out |= {n.casefold().rstrip(".") for n in names}
    for run in _CJK_RUN.findall(
        lexicon.CJK_PARTICLE.sub(" ", lexicon.CJK_RESTRICTS.sub(" ", text))
    ):
        out |= {run[i : i + 2] for i in range(max(len(run) - 1, 1))}
    return frozenset(out)


_NO_OBJECTION = re.compile("(?i)" + lexicon.NO_OBJECTION)
_RESTRICTS = NEGATIONS | lexicon.MORE_NEGATIONS | lexicon.PROHIBITIONS | lexicon.ONLY_WORDS
# Italian's "mai" (never) opens its clause ("Mai eseguire …") or follows "non", which denies
# by itself; after another word it is Hungarian's "today's" ("a mai feladat") or Romanian's
# "more" ("mai rapid"), no denial
_NOT_NEVER = re.compile(r"(?i)(?<=[^\W\d_])(\s+)mai\b")


def without_false_friends(text: str) -> str:
    """``text`` without the words that deny in one language and not in the one it is
    written in (see ``_NOT_NEVER``)."""
    return _NOT_NEVER.sub(r"\1 ", text) if "mai" in text.casefold() else text


def restricts(text: str) -> bool:
    """Whether ``text`` forbids or restricts ("never", "não … sem", "só com", "nur",
    "不要", "只"): a paraphrase of a rule keeps this.

    >>> restricts("Cupom de desconto só com a aprovação do usuário."), restricts("Use Redis.")
    (True, False)
    """
    text = _NO_OBJECTION.sub(" ", text)  # "I don't mind if you add an index": a leave
    said = {w.casefold() for w in _TOKEN.findall(without_false_friends(text))}
    if "אל" in said and not hebrew_donts(text):
        said.discard("אל")  # Hebrew's "to" ("העבר אל תיקיית הגיבוי"), not its "don't"
    if lexicon.SCRIPT_PERMITS.search(text):  # "…しても構いません": a leave, its "ません" no ban
        text = lexicon.SCRIPT_PERMITS.sub(" ", text)
    return (
        bool(said & _RESTRICTS)
        or "n'" in text.casefold()
        or bool(lexicon.CJK_RESTRICTS.search(text))
        or bool(lexicon.HANGUL_RESTRICTS.search(text))
        or bool(lexicon.THAI_RESTRICTS.search(text))
        or bool(lexicon.GLUED_SCRIPT_DENIALS.search(text))
        or turkish_denies(text)
    )


def script_denies(text: str) -> bool:
    """Whether ``text`` denies in a script whose words are not spaced or glued onto the
    verb (Korean "실행하지 마세요", Japanese "実行しないで", Thai, Persian, Tamil): a leave
    ("しても構いません", "해도 됩니다") aside."""
    if lexicon.SCRIPT_PERMITS.search(text):
        text = lexicon.SCRIPT_PERMITS.sub(" ", text)
    return lexicon.SCRIPT_DENIALS.search(text) is not None


def loose_terms(terms: frozenset[str]) -> frozenset[str]:
    """``terms`` (of :func:`content_terms`) with each word cut to four letters ("préviens"
    and "prévenir", "dépose" and "dépôt" meet); numbers, names and Chinese or Japanese
    pairs whole."""
    return frozenset(t[:4] if t.isalpha() and t.isascii() else t for t in terms)


def bans(text: str) -> bool:
    """Whether ``text`` forbids with a word for a ban ("Prohibido ejecutar …", "Vietato
    usare …", "Zakaz wysyłania …", "… is forbidden")."""
    return bool(_words_of(text) & lexicon.PROHIBITIONS)


# A word, with the marks its script writes on its letters (Devanagari's vowel signs, Arabic's
# vowels and shadda, Thai's tone marks): "नहीं" and "تعدّل" whole, not cut at each mark; the
# danda that ends a Hindi or Bengali sentence is no mark ("না।" is "না")
_MARKS = r"\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0900-\u0963\u0966-\u0dff\u0e00-\u0e7f"
_TOKEN = re.compile(rf"[\w'’{_MARKS}]+")
_WORD_MARKED = re.compile(rf"[\w{_MARKS}]+")


def _words_of(text: str) -> set[str]:
    return {w.casefold() for w in _WORD_MARKED.findall(text)}


def only_with(text: str, rule: str) -> bool:
    """Whether ``text`` says "only with" what ``rule`` says "never without" ("Reembolsos
    acima de R$ 2.000 só com aprovação" for "Nunca reembolse … sem aprovação")."""
    return bool(_words_of(text) & lexicon.ONLY_WORDS) and bool(
        _words_of(rule) & lexicon.WITHOUT_WORDS
    )


def denies_unread(text: str) -> bool:
    """Whether ``text`` denies with a word of a language the stance reader does not hold
    (Italian, Dutch, Polish: "Non usare mai …", "Boek nooit …") or a word for a ban."""
    said = _words_of(_NOT_A_VALUE.sub(" ", without_false_friends(text)))
    return bool(said & lexicon.MORE_NEGATIONS) or bool(said & lexicon.PROHIBITIONS)


# "21 %, niet 9 %", "KHO-07, không phải KHO-02": a value corrected, not a rule denied
_NOT_A_VALUE = re.compile(r"(?i)\b(?:\w+\s+){1,2}(?=\S*\d)\S+")


def turned(claim: str, said: str) -> bool:
    """Whether ``claim`` says what ``said`` says with its denial dropped, or with one
    added: one restricts and the other does not, or the only denial ``claim`` keeps is a
    word that denies only in some languages ("Mexa no arquivo" for "Não mexa no arquivo"),
    or a verb bears a denial glued to it in one and not in the other ("dokun" for
    "dokunma", "měňte" for "neměňte", "gusa" for "usiguse").

    >>> turned("vendor/hal/ altındaki dosyalara dokun.", "vendor/hal/ altındaki dosyalara dokunma.")
    True
    >>> turned("Mexa no arquivo main.tf.", "Não mexa no arquivo main.tf.")
    True
    >>> turned("Nunca mexa no arquivo main.tf.", "Não mexa no arquivo main.tf.")
    False
    """
    if restricts(claim) != restricts(said):
        return True
    mine, theirs = _words_in_order(claim), _words_in_order(said)
    return _ambiguous_only(mine, theirs) or _ambiguous_only(theirs, mine) or _glued(mine, theirs)


def _words_in_order(text: str) -> list[str]:
    return [w.casefold() for w in _WORD_MARKED.findall(text)]


def _ambiguous_only(mine: list[str], theirs: list[str]) -> bool:
    """Whether ``theirs`` denies in an unambiguous word and ``mine`` in none, only in
    words that deny in some languages, each where ``theirs`` has it too (before the
    same word: "no arquivo" in both is the same "no", which denies nothing)."""
    plain = _RESTRICTS - lexicon.AMBIGUOUS_NEGATIONS
    if not set(theirs) & plain or set(mine) & plain:
        return False
    before = {(w, n) for w, n in pairwise(theirs) if w in lexicon.AMBIGUOUS_NEGATIONS}
    return all(
        (w, n) in before for w, n in pairwise([*mine, ""]) if w in lexicon.AMBIGUOUS_NEGATIONS
    )


def _glued(mine: list[str], theirs: list[str]) -> bool:
    """Whether a word of one is a word of the other with a denial glued to it."""
    a, b = set(mine) - set(theirs), set(theirs) - set(mine)
    return any(_denied_form(x, y) or _denied_form(y, x) for x in a for y in b)


def _denied_form(bare: str, denied: str) -> bool:
    """Whether ``denied`` is ``bare`` with a denial glued on ("dokunma" of "dokun",
    "neměňte" of "měňte", "usiguse" of "gusa": the Swahili subjunctive's last vowel)."""
    if len(bare) < 3 or not bare.isalpha():
        return False
    if any(denied == bare + s for s in lexicon.GLUED_NEGATION_SUFFIXES):
        return True
    for p in lexicon.GLUED_NEGATION_PREFIXES:
        rest = denied[len(p) :]
        if denied.startswith(p) and (rest == bare or (len(rest) >= 3 and rest[:-1] == bare[:-1])):
            return True
    return False


# A word of a sentence whole, a name with its dots, slashes and dashes ("eu-west-1",
# "config/prod.yaml"), with the marks its script writes on its letters (Tamil, Devanagari)
_PLACE_TOKEN = re.compile(rf"[^\W_][\w{_MARKS}./+-]*")


# Korean, Japanese and Chinese glue a particle to the name or number before it ("7.4를",
# "11이", "25ではなく"): where Latin letters or digits meet those scripts, two words
_GLUED = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_GLUED_SPLIT = re.compile(
    r"[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+|"
    r"[^\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+"
)


@lru_cache(maxsize=1 << 14)  # a claim is compared with every user clause
def words_placed(text: str) -> tuple[str, ...]:
    """The words of ``text`` in order, folded, a trailing full stop or dash aside; a
    particle glued to a name or number its own word ("7.4를" is "7.4", "를")."""
    out: list[str] = []
    for w in _PLACE_TOKEN.findall(text):
        pieces = _GLUED_SPLIT.findall(w) if _GLUED.search(w) else [w]
        out += (p.rstrip("./-").casefold() for p in pieces)
    return tuple(p for p in out if p)


def swapped_words(claim: str, said: str) -> tuple[str, str] | None:
    """The two words ``claim`` says each where ``said`` says the other, every other word
    the same and in the same place ("No, il limite è 3, non 10." for "No, il limite è 10,
    non 3."; "வரம்பு 3, 10 அல்ல" for "வரம்பு 10, 3 அல்ல"): the user's own sentence
    with the chosen and the rejected swapped, which says the opposite in any language.

    >>> swapped_words("Giới hạn là 3, không phải 10.", "Giới hạn là 10, không phải 3.")
    ('10', '3')
    >>> swapped_words("Giới hạn là 10, không phải 3.", "Giới hạn là 10, không phải 3.") is None
    True
    """
    mine, theirs = words_placed(claim), words_placed(said)
    if len(mine) != len(theirs) or mine == theirs:
        return None
    diff = [i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]
    if len(diff) != 2:
        return None
    i, j = diff
    if mine[i] == theirs[j] and mine[j] == theirs[i]:
        return theirs[i], theirs[j]
    return None

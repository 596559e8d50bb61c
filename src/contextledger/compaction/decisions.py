"""Decisions: who decided what, and which a later correction of the user's turned down or dropped."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..intent import is_decision
from ..lexicon.done import on_topic, topic
from ..lexicon.intent import DECISION_VERBS, PROPOSAL_OPENING
from ..lexicon.negation import denial
from ..model import Message
from ..settings_said import word_count
from .facts import (
    keywords,
    sentences,
)
from .rules import turned_down_value
from .wording import asks, clip, without_code

# "decided" in more of the languages users write in, past or done (Catalan, Romanian,
# Greek, Bulgarian, Serbian/Croatian/Bosnian, Slovenian, Hungarian, Lithuanian, Latvian,
# Estonian, Swahili, Hebrew, Arabic, Persian, Urdu, Hindi, Bengali, Thai, Tagalog): "La
# Núria ha decidit …", "Andrei a decis …", "Η Ελένη αποφάσισε …", "Георги реши …", "Juma
# ameamua …", "דנה החליטה …", "قررت سارة …" (read up to no word character after: a
# Devanagari word ends in a vowel sign, which no \b follows)
_DECIDED = (
    r"bestemt|decidit|decidim|decis|hotăr[âî]\w*|αποφάσισ\w*|αποφασίσ\w*|αποφασίστηκε|"
    r"решихме|решиха|решила|решили|odluči\w*|odlučen\w*|одлучи\w*|odloči\w*|"
    r"(?:úgy\s+)?döntött\w*|eldöntött\w*|nusprend\w*|nolēm\w*|otsusta\w*|"
    r"(?:a|ali|ame|tume|wame|nime|ume|tuli|wali|nili)amua|imeamuliwa|iliamuliwa|"
    r"החליט\w*|החלט(?:תי|נו|ת|תם|תן)|הוחלט|قرر\w*|تقرر|تصمیم\s+گرفت\w*|فیصلہ\s+کیا|"
    r"(?:फ़ैसला|फैसला|निर्णय)\s+(?:किया|लिया)|तय\s+किया|সিদ্ধান্ত\s+নি\w*|"
    r"nagpasya|napagpasyahan"
)
# ... and "we agreed", "it was settled" (what both sides settled is a decision, with the
# number it settled on: "Ustaliliśmy, że raport wygasa po 7 dniach.", "اتفقنا: …", "Kami
# sepakat …", "Chúng ta quyết định …", "סיכמנו ש…"), not said turned down ("nie
# ustaliliśmy", "tidak sepakat", "chưa thống nhất")
_AGREED_TOGETHER = (
    r"(?<!nie\s)(?:ustali(?:ł\w*|li\w*)|ustalono|uzgodni(?:ł\w*|li\w*)|uzgodniono|umówiliśmy\s+się)|"
    r"اتفقنا|اتفقت|تم\s+الاتفاق|توافقنا|סיכמנו|סוכם|הסכמנו|"
    r"(?<!tidak\s)(?<!belum\s)(?:sepakat|disepakati|(?:kita|kami|saya|aku|dia|mereka)\s+(?:sudah\s+|telah\s+|dah\s+)?"
    r"(?:putuskan|memutuskan|sepakati|tetapkan))|"
    # ... Swedish, Norwegian, Danish "we have decided", Urdu, Hindi, Bengali "we settled it"
    r"(?<!inte\s)(?<!ikke\s)(?:bestämt|bestämde|beslutat|beslutade|besluttet|besluttede|"
    r"bestemt|bestemte)|طے\s+کیا|فیصلہ\s+کیا|तय\s+किया|फ़?ैसला\s+किया|ঠিক\s+করেছি|"
    r"সিদ্ধান্ত\s+নিয়েছি|"
    r"(?<!chưa\s)(?<!không\s)(?:thống\s+nhất|quyết\s+định)|"
    r"συμφωνήσαμε|συμφωνήθηκε|anlaştık|tumekubaliana|توافق\s+کردیم|قرار\s+شد|"
    r"vereinbart|abgemacht|acordamos|acordado|combinamos|convenu|concordato|afgesproken"
)

DECISION = re.compile(
    r"(?i)\b(?:decided|decision|we(?:'ll| will) (?:go with|use|keep)|going with|chose|choose|"
    r"settled on|agreed|let'?s (?:go with|use|keep|stick with)|i(?:'ll| will) use|switch(?:ed)? to|"
    r"opted for|i(?:'ll| will) (?:go with|pick|choose|stick with|keep|adopt|opt for)|"
    r"going forward|from now on|(?:i'm|we're|i am|we are) going (?:to (?:use|go with|keep|adopt|"
    r"stick with|switch to)|with)|(?:i|we) (?:picked|selected|went with|settled on)|"
    r"the (?:approach|plan|choice|fix) (?:is|will be) to|(?:option|approach|plan) \w+ it is)\b|"
    r"^\W*(?:please\s+)?use\s+(?:the\s+|a\s+|an\s+)?\w+|"
    r"\b(?:i(?:'ll| will|'m going to)|we(?:'ll| will|'re going to)|let's)\b[^.]{0,160}\b"
    r"(?:instead of|rather than)\b"
    # a plan both sides settle: "We'll ship it behind a flag", "OK, let's split the parser"
    # (not a look around: "let's check the logs", "we'll see")
    r"|^\W*(?:(?:ok(?:ay)?|so|alright|right|fine|good|great|then)\W+)*(?:let'?s|let us|"
    r"we(?:'ll| will|'re going to| are going to))\s+(?!(?:see|check|look|find|try|run|wait|"
    r"figure|investigate|debug|start|begin|first|now|just|re-?run|test|verify|confirm|get|dig|"
    r"take a look|make sure|need|have|be)\b)\w+"
    # ... in the languages users write in: "Lucía decidió usar PostgreSQL", "O Marcos
    # decidiu manter o plano", "Claire a décidé de …", "Jonas hat entschieden, …", "王工决定用
    # 令牌桶而不是滑动窗口", "田中さんは…ことに決めました"
    r"|\b(?:decidi[óou]|decidimos|decidieron|decidiram|d[ée]cid[ée]|d[ée]cidons|d[ée]cid[ée]rent|"
    r"entschieden|beschlossen|entscheiden\s+uns|deciso|decisero|decidiamo|besloten|"
    r"optamos|optaram|elegimos|escolhemos|escolheu|eligió|a\s+choisi|avons\s+choisi|"
    r"on\s+part\s+sur|wir\s+nehmen|ficou\s+decidido|queda\s+decidido|c['’]est\s+décidé|"
    # Dutch, Polish, Swedish, Danish/Norwegian, Turkish, Finnish, Indonesian: "Sanne heeft
    # besloten …", "Marek zdecydował, że …", "Anna bestämde att …", "karar verdi"
    r"besloot|beslist|zdecydowa\w*|postanowi\w*|beslutade|bestämde|besluttede|besluttet|"
    r"bestemte|karar\s+verd\w*|karar\w*\s+verildi|päätti|päätimme|päätettiin|memutuskan|"
    r"diputuskan|rozhodl\w*|rozhodol\w*|решил\w*|решено|вирішив\w*|вирішили|"
    + _DECIDED
    + "|"
    + _AGREED_TOGETHER
    + r")(?!\w)"
    r"|决定|決定|決め(?:ました|た)|拍板|定下来|결정|ตัดสินใจ|(?<!ไม่)ตกลง(?:กัน)?ว่า"
    # ... Japanese "…ことにしました" ("decided to …": "閾値は別シートから読むことにしました。")
    r"|ことに(?:しました|した)(?!か?[？?])"
)

# A sentence that reports someone's decision ("Amara decided to keep the legacy cluster
# read-only", "王工决定…"): a decision by that person, even when what was decided is worded
# as a rule - filed under Decisions, not Constraints
DECIDED_BY = re.compile(
    r"(?i)^\W*(?:\S+\s+){1,4}?(?:has\s+|have\s+|had\s+|a\s+|hat\s+|ha\s+|hanno\s+|han\s+|"
    r"avons\s+|haben\s+|am\s+|au\s+)?"
    # the one table of decision verbs (lexicon.intent), and inflections it does not list
    rf"(?:{DECISION_VERBS}|settled\s+on|went\s+with|picked|selected|aprob[óo]|zdecydowa\w*|"
    r"postanowi\w*|rozhodl\w*|rozhodol\w*|решил\w*|вирішив\w*|karar\s+verd\w*|"
    # ... or approved: "Paweł zatwierdził nadgodziny", "Jana schválila rozpočet", "Иван одобрил
    # релиз", "Ahmet onayladı", "Sanne keurde het goed"
    r"zatwierdzi\w*|schválil\w*|одобрил\w*|схвалив\w*|onayla(?:dı|mış)\w*|"
    # (Bulgarian "реши" only after who decided: opening a sentence it says "solve")
    r"keurde\s+\w+\s+goed|реши|" + _DECIDED + r")(?!\w)|"
    r"^\W*\S{1,12}?(?<![没未不])(?<!ยังไม่)(?<!ไม่ได้)(?:决定|決定|拍板|決め(?:ました|た)|批准了|承認しました|승인했|"
    r"ตัดสินใจ)"
    r"(?![了吗嗎]?[吗嗎？?])"
    # ... approved, the verb last ("Siti hat CREW-905 abgenickt", "Jan heeft het goedgekeurd")
    # or first ("وافق Mei Lin على VET-679"; Arabic puts the verb before who)
    r"|(?i:\b(?:hat|haben|heeft|hebben)\s+[^.;!?]{1,60}?\b(?:abgenickt|genehmigt|freigegeben|"
    r"goedgekeurd)(?!\w))|^\W*(?:وافق|وافقت|اعتمد|اعتمدت)\s+\S+[^.؟?]{0,40}?\s+على\s"
)

# An acknowledgement worded as a decision: "I'll keep to those rules.", "Will follow that."
ECHO = re.compile(
    r"(?i)^\W*(?:(?:ok(?:ay)?|acknowledged|understood|sure|got it|noted|will do)\W+)*"
    r"(?:i(?:'ll| will)|we(?:'ll| will)|will)\s+(?:keep to|stick to|stick with|follow|respect|"
    r"honou?r|abide by|go with|do)\s+(?:all\s+)?(?:those|these|the|your|that|this|it|them)\b"
    r"(?:\s+\w+){0,2}\W*$"
    # "Got it, I will keep that in mind." (RT25-7)
    r"|^\W*(?:(?:ok(?:ay)?|acknowledged|understood|sure|got it|noted|will do)\W+)*"
    r"(?:i(?:'ll| will)|we(?:'ll| will)|will)\s+(?:keep|bear)\s+(?:that|this|it|those|these)\s+"
    r"in\s+mind\W*$"
)

# What a correction turns down: "use Redis not Memcached", "retry 5 times, not 3", "the
# payment_intent id instead of invoice_id", "starts at 250 ms, not 1 s"
_TURNED_DOWN = re.compile(
    r"(?i)\b(?:not|instead of|rather than|no longer)\s+(?:the\s+|a\s+|an\s+)?(?:[$€£¥]\s?)?"
    r"(\d+(?:\.\d+)?(?:\s?[a-z]{1,7}\b)?|[\w@/+-]+(?:\.\w+)*)"
)  # (an amount's currency sign apart: "$40k, not $25k" turns down "25k")

_NUMBER_UNIT = re.compile(r"(\d)\s+(?=[a-z])")  # "1 s" and "1s" are one value


def _values(text: str) -> set[str]:
    """The words of ``text``, casefolded, a number with its unit also as one word."""
    folded = text.casefold()
    joined = _NUMBER_UNIT.sub(r"\1", folded)
    words = re.findall(r"[\w@/+.-]+", f"{folded} {joined}")
    return {w.rstrip(".") for w in words}


def standing(
    decisions: list[str], messages: Sequence[Message], *, replies: bool = False
) -> list[str]:
    """The decisions no later correction of the user's turned down: "I'll go with
    Memcached" is gone once the user said "use Redis not Memcached" (a bare number or a
    short word counts when the correction shares another word with the decision:
    "retry 5 times, not 3" turns down "I'll retry 3 times", not "3 replicas"; or, with
    ``replies`` (the items are choices made, not values reported), when it answers the
    decision's turn on its topic: "Two tests fail: the per-customer limit … I'll set the cap
    to 5 as in the ticket." and the user's next turn "Actually the coupon limit is 3 per
    customer, not 5.", R40-R1), in any language
    a correction's shape is read in (:func:`.rules.turned_down_value`: "Ustawię limit na 50."
    … "Właściwie limit to 20, a nie 50.").
    ``messages``: the whole record, so a correction in a turn kept verbatim after the
    recapped ones still turns the recap's decision down."""
    if not decisions:
        return decisions
    down: list[tuple[int, str, set[str]]] = []  # (where, the word turned down, the topic)
    answers: dict[int, int] = {}  # per user turn, the assistant's turn of words it answers
    spoke = -1  # the assistant's latest turn of words since the user's last
    for i, m in enumerate(messages):
        if m.role == "assistant" and m.text.strip():
            spoke = i
        if m.role != "user" or m.is_recap or m.tool_results:
            continue
        answers[i], spoke = spoke, -1
        for s in sentences(without_code(m.text)):
            for w in _TURNED_DOWN.findall(s):
                value = _NUMBER_UNIT.sub(r"\1", w.casefold().strip())
                bare = re.match(r"\d+(?:\.\d+)?", value)  # "not 30 s" turns down "30" too
                down += [(i, v, keywords(s)) for v in {value, bare[0] if bare else value}]
            named = turned_down_value(s)
            if named is not None:  # (its number, or its last word: "el 21" turns down "21")
                digits = re.search(r"\d+(?:\.\d+)?", named)
                down.append((i, digits[0] if digits else named.split()[-1].casefold(), keywords(s)))
    if not down:
        return decisions
    said_at: dict[str, int] = {}
    for i, m in enumerate(messages):
        if m.role == "assistant" or m.role == "user":
            text = m.text
            for d in decisions:
                body = d.partition(": ")[2].removesuffix(" …")
                if d not in said_at and body and body in text:
                    said_at[d] = i
    # (the turn a decision was said in, for a reply that names its topic in other words:
    # "… the per-customer limit and stacking. I'll set the cap to 5 …" - "the coupon limit
    # is 3 per customer, not 5")
    said_in = {at: keywords(messages[at].text) for at in set(said_at.values())} if replies else {}
    out = []
    for d in decisions:
        words = _values(d)
        at = said_at.get(d, len(messages))
        stale = any(
            i > at
            and w in words
            and (
                (len(w) > 3 and not w[:1].isdigit())
                or bool(topic & keywords(d))
                or (replies and answers.get(i) == at and bool(topic & said_in[at]))
            )
            for i, w, topic in down
        )
        if not stale:
            out.append(d)
    return out


# A choice dropped, naming what it drops: "Scratch SMOTE, class weights are enough.",
# "Actually, forget Kafka.", "OK, no more retries on the webhook." (redteam16 A2)
_DROPS = re.compile(
    r"(?i)^\W*(?:(?:ok(?:ay)?|actually|hmm+|no|nope|wait|so|well|sorry|on\s+second\s+thought)"
    r"\W+)*(?:scratch|drop|forget(?:\s+about)?|ditch|lose|abandon|nix|undo|no\s+more|not)\s+"
    r"(?:the\s+|that\s+|using\s+|about\s+)?([\w.+-]{3,})"
)


_DIGITS = re.compile(r"\d+(?:[.,:]\d+)*")
# the fewest content words of a decision another may say again, and what share of them
# the other may leave out ("I'll" for "I'm going to")
_RESTATED_WORDS = 3
_LEFT_OUT_SHARE = 5


@dataclass(frozen=True, slots=True)
class _Read:
    """What a decision item says, read once: who said it, its content words, its numbers
    and whether it denies."""

    speaker: str
    words: frozenset[str]
    numbers: frozenset[str]
    denies: bool


def _read(item: str) -> _Read:
    speaker, _, said = item.partition(": ")
    return _Read(speaker, frozenset(keywords(said)), frozenset(_DIGITS.findall(said)), denial(said))


def _says_again(item: _Read, other: _Read) -> bool:
    """Whether ``other`` says what ``item`` says: the same speaker, all but about one in
    five of its content words, every number it gives, and the same polarity ("I'll use an
    LRU cache for the weather client." in "I'll use an LRU cache for the weather client,
    maxsize 256.")."""
    return (
        item.speaker == other.speaker
        and len(item.words) >= _RESTATED_WORDS
        and len(item.words - other.words) <= _may_leave_out(item)
        and item.numbers <= other.numbers
        and item.denies == other.denies
    )


def _may_leave_out(item: _Read) -> int:
    return max(1, len(item.words) // _LEFT_OUT_SHARE)


def without_restated(decisions: list[str]) -> list[str]:
    """The decisions, each once: one another item says again is left out - for the one
    that says more, or for the newer of two that say the same (an assistant restating
    its plan after each step crowded the commands out of the recap).

    >>> without_restated(["Assistant: I'll use Redis for the cache.",
    ...                   "Assistant: I'm going to use Redis for the cache, 1 hour TTL."])
    ["Assistant: I'm going to use Redis for the cache, 1 hour TTL."]
    """
    if len(decisions) < 2:
        return decisions
    read = [_read(x) for x in decisions]
    holding: dict[str, list[int]] = {}  # content word -> the items that say it
    for k, r in enumerate(read):
        for w in r.words:
            holding.setdefault(w, []).append(k)
    kept = []
    for k, r in enumerate(read):
        # (only an item sharing all but a few of its words can say it again: counted from
        # the words' items, not by reading every pair of a long session's decisions)
        shared = Counter(j for w in r.words for j in holding[w] if j != k)
        need = len(r.words) - _may_leave_out(r)
        again = any(
            _says_again(r, read[j]) and (j > k or not _says_again(read[j], r))
            for j, n in shared.items()
            if n >= need
        )
        if not again:
            kept.append(decisions[k])
    return kept


class _TurnedDown(NamedTuple):
    """What a denying decision turns down: the content words after its "not" up to where
    they hold (its object, in order), and the content words of where ("for the queue")."""

    what: tuple[str, ...]
    where: frozenset[str]

    def of(self, words: frozenset[str] | set[str]) -> bool:
        """Whether ``words`` (another item's) say what this turns down: its object's first
        word and at least half of its words ("We won't use Algolia after all." turns down
        "Let's go with Algolia …"), and every word of where it holds ("We will not use
        Redis for the queue." turns down no "We'll use Redis for caching.")."""
        shared = sum(w in words for w in self.what)
        return (
            bool(self.what)
            and self.what[0] in words
            and 2 * shared >= len(self.what)
            and self.where <= words
        )


_NOTHING_TURNED = _TurnedDown((), frozenset())
# where a choice holds: "for the session cache", "in staging", "on the pooler"
_WHERE = re.compile(r"(?i)\b(?:for|in|on|within|under|per|across|inside)\b")


def _turned_down(said: str) -> _TurnedDown:
    """What a denying decision turns down, read from its clause with the "not" ("Let's not
    use pgbouncer for the pooler; …" -> pgbouncer, where: pooler; "…, not a hand-rolled
    middleware" -> hand-rolled, middleware)."""
    clause = next((c for c in _CLAUSES.split(said) if denial(c)), "")
    words = _WORD.findall(clause.casefold())
    at = next((k for k, w in enumerate(words) if denial(w)), len(words))
    after = words[at + 1 :]
    cut = next((k for k, w in enumerate(after) if _WHERE.fullmatch(w)), len(after))
    what = tuple(w for w in after[:cut] if keywords(w) and not denial(w))
    where = frozenset(w for w in after[cut + 1 :] if keywords(w) and not denial(w))
    return _TurnedDown(what, where)


def _taken_back(new: _Read, old: _Read, turned: _TurnedDown) -> bool:
    """Whether the newer decision ``new`` takes the older ``old`` back: it says the other
    way what ``old`` says ("We will use Redis for the session cache." … "We will not use
    Redis for the session cache."; "Let's go with pgbouncer in transaction mode." … "Let's
    not use pgbouncer for the pooler; …"), or gives it another number ("I'll set the worker
    count to 4." … "I'll set the worker count to 8."). ``turned``: what the denying one of
    the two turns down (:func:`_turned_down`)."""
    if new.denies != old.denies:
        return turned.of((old if new.denies else new).words)
    # (another number for the same setting: every word but the numbers the same - "the API
    # worker count to 4" is not taken back by "the batch worker count to 8", nor "pin numpy
    # to 1.26" by "pin pandas to 2.2", R33-recap29-1)
    return (
        len(old.words) >= 2
        and bool(old.numbers - new.numbers)
        and bool(new.numbers - old.numbers)
        and not _wordy(old.words - new.words)
        and not _wordy(new.words - old.words)
    )


def _wordy(words: frozenset[str]) -> bool:
    """Whether any of ``words`` is more than a number (with its unit: "768mi", "30s")."""
    return any(not any(ch.isdigit() for ch in w) for w in words)


_CLAUSES = re.compile(r"[;,:—–]\s+|\s+-\s+")
_WORD = re.compile(r"[\w'’-]+")


def without_reversed(decisions: list[str]) -> list[str]:
    """The decisions no newer one takes back (see :func:`_taken_back`): a decision
    reversed stands in its newest form only (R32-G3).

    >>> without_reversed(["Assistant: We will use Redis for the session cache.",
    ...                   "Assistant: We will not use Redis for the session cache."])
    ['Assistant: We will not use Redis for the session cache.']
    >>> without_reversed(["Assistant: I'll use Redis for the cache.",
    ...                   "User: Use Redis for the cache, not Memcached."])
    ["Assistant: I'll use Redis for the cache.", 'User: Use Redis for the cache, not Memcached.']
    """
    if len(decisions) < 2:
        return decisions
    read = [_read(x) for x in decisions]
    turned = [
        _turned_down(x.partition(": ")[2]) if r.denies else _NOTHING_TURNED
        for x, r in zip(decisions, read, strict=True)
    ]
    holding: dict[str, list[int]] = {}  # content word -> the items that say it
    for k, r in enumerate(read):
        for w in r.words:
            holding.setdefault(w, []).append(k)
    kept = []
    for k, r in enumerate(read):
        # (two items taking one another back share a word: compared only with those, not
        # every pair of a long session's decisions)
        newer = {j for w in r.words for j in holding[w] if j > k}
        gone = any(
            _taken_back(read[j], r, turned[j] if read[j].denies else turned[k])
            for j in sorted(newer)
        )
        if not gone:
            kept.append(decisions[k])
    return kept


def without_echoes(decisions: list[str], rules: Sequence[str]) -> list[str]:
    """The decisions, less the assistant's plans said with a "not" that turn down what one
    of the user's ``rules`` bans ("Never use sudo." … "OK, I won't use sudo for any of
    this."): the rule acknowledged, listed once, as the user's.

    >>> without_echoes(["Assistant: OK, I won't use sudo here.", "Assistant: We will not use Kafka."],
    ...                ["Never use sudo on the build box."])
    ['Assistant: We will not use Kafka.']
    """
    if not rules or not decisions:
        return decisions
    banned = [keywords(r) for r in rules]
    out = []
    for item in decisions:
        who, _, said = item.partition(": ")
        turned = _turned_down(said) if who == "Assistant" and denial(said) else _NOTHING_TURNED
        echoes = any(turned.of(words) for words in banned)
        if not echoes:
            out.append(item)
    return out


def dropped(decisions: list[str], messages: Sequence[Message]) -> tuple[list[str], list[str]]:
    """The decisions a later user sentence drops by name ("Use SMOTE for the class
    imbalance." … "Scratch SMOTE, class weights are enough.") replaced by that sentence,
    and the dropping sentences so listed."""
    if not decisions:
        return decisions, []
    out = list(decisions)
    dropping: list[str] = []
    for i, m in enumerate(messages):
        if m.role != "user" or m.is_recap or m.tool_results:
            continue
        for s in sentences(without_code(m.text)):
            drop = _DROPS.match(s)
            if drop is None:
                continue
            name = drop.group(1).casefold().rstrip(".,")
            gone = [d for d in out if name in _values(d) and _said_before(d, messages, i)]
            if gone:
                item = f"User: {clip(s, 240)}"
                at = out.index(gone[0])
                out = [d for d in out if d not in gone]
                if item not in out:
                    out.insert(at, item)
                dropping.append(f"User: {clip(s, 300)}")
    return out, dropping


def _said_before(item: str, messages: Sequence[Message], at: int) -> bool:
    body = item.partition(": ")[2].removesuffix(" …")
    return any(body and body in m.text for m in messages[:at])


# A decision not (yet) made, said before the verb: "We haven't decided on the database
# yet.", "Nobody approved the refund so far.", "Иван ещё не решил …", "Marek nie
# zdecydował jeszcze.", "还没决定" (not "We decided not to ship on Friday")
_NOT_YET = re.compile(
    r"(?i)\b(?:not|never|nobody|no\s+one|none|yet|still|не|ещё|еще|никто|nie|jeszcze|nikt|nicht|noch|"
    r"niemand|kein\w*|pas|personne|encore|no|nadie|todavía|aún|ainda|ninguém|non|nessuno|ancora|"
    r"niet|nog|nooit|inte|ännu|ikke|enda|henüz|kimse|ei|vielä|belum|tidak|nemá|ještě|nikdo)\b|"
    r"n['’]t\b|没|未|還沒|还没|まだ|아직|ยังไม่|ไม่ได้"
)


# The words that may open a plan before its subject: "OK, so we won't …", "Actually, I'll …"
_PLAN_OPENING = (
    r"^\W*(?:(?:ok(?:ay)?|so|alright|right|fine|good|great|then|actually|hmm+|no|well|next|now|"
    r"on\s+second\s+thought)\W+)*"
)
# ... and what no plan does: looking around, waiting, being able ("We won't know until …",
# "Let's not rush.", "I'll check that it grows to 500")
_NO_PLAN = (
    r"(?!(?:see|check|look|find|know|try|run|wait|figure|investigate|debug|test|verify|confirm|"
    r"get|be|have|need|rush|worry|panic|forget|watch|measure|monitor|compare|reply|respond|"
    # (nor deciding itself, making a date, doing "that", going back, talking: "We will not
    # decide until Monday", "We won't make it in time", "Let's not do that yet")
    r"decide|make|do|go|come|talk|speak|meet|call|ask|tell|discuss|think|hear)\b)"
)
# A plan said with its "not" ("We will not use Redis for the session cache.", "Let's not use
# pgbouncer", "We won't use Algolia"): the decision turned the other way. Its "not" is what
# was decided, not a decision not made yet. "We" and "let's" plan anything, as DECISION's
# plan form reads them; "I" what DECISION reads "I'll" deciding (use, go with, keep …).
_NEGATED_PLAN = re.compile(
    rf"(?i){_PLAN_OPENING}(?:(?:let['’]?s|let\s+us|we(?:['’]ll|\s+will|\s+shall|['’]re\s+going\s+to|"
    r"\s+are\s+going\s+to))\s+(?:not|never|no\s+longer)|we\s+(?:won['’]?t|shan['’]?t|"
    r"aren['’]t\s+going\s+to|are\s+not\s+going\s+to|['’]re\s+not\s+going\s+to))\s+"
    + _NO_PLAN
    + r"\w+"
    + rf"|{_PLAN_OPENING}(?:i(?:['’]ll|\s+will|['’]m\s+going\s+to|\s+am\s+going\s+to)\s+"
    r"(?:not|never|no\s+longer)|i\s+(?:won['’]?t|['’]m\s+not\s+going\s+to|am\s+not\s+going\s+to))"
    r"\s+(?:use|go\s+with|keep|adopt|pick|choose|stick\s+with|switch\s+to|opt\s+for)\b"
)
# A setting the speaker commits to, with its value ("I'll set the worker count to 4 for the
# API.", "I'm going to raise the pool size to 20 connections."): a decision - one a later
# plan giving another value takes back (R32-G3). The verb has an object before its "to".
_SETS_A_VALUE = re.compile(
    rf"(?i){_PLAN_OPENING}(?:i|we)(?:['’]ll|\s+will|['’]m\s+going\s+to|\s+am\s+going\s+to|"
    r"['’]re\s+going\s+to|\s+are\s+going\s+to)\s+"
    + _NO_PLAN
    + r"\w+\s+(?!to\b)[^.;!?]{1,80}?\bto\s+\d"
)

# A plan the speaker commits to with the reason for it ("I'll put the page behind the
# feature flag invoices_v2, so we can turn it off without a deploy.", "I'm going to copy
# in batches, because the window is two hours."): a choice made, said with why - a
# decision, by whoever said it (R34-R3). A look around with its reason ("I'll read the
# config since the error names it") plans nothing.
_PLAN_WITH_REASON = re.compile(
    rf"(?i){_PLAN_OPENING}(?:i|we)(?:['’]ll|\s+will|['’]m\s+going\s+to|\s+am\s+going\s+to|"
    r"['’]re\s+going\s+to|\s+are\s+going\s+to)\s+"
    + _NO_PLAN
    + r"(?!(?:read|open|grep|search|inspect|print|list|scan|trace|review|show|explain|look|"
    r"reproduce|rerun|re-run|start|begin|continue|keep\s+going|fix|port|write|let)\b)\w+"
    r"[^.;!?]{3,160}?(?:,\s*|\s+)(?:so\s+(?:that\s+)?(?:we|you|it|they|the|users?|nothing|"
    r"no\s+one|nobody)\b|because\b|since\b|that\s+way\b|to\s+(?:avoid|prevent)\b)"
)


# When a plan happens ("next week", "on Thursday", "tomorrow", "at 3 pm", "later today") ...
_SCHEDULED = re.compile(
    r"(?i)\b(?:(?:on\s+|this\s+|next\s+|coming\s+)?(?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)s?|(?:next|this|coming)\s+(?:week|month|quarter|sprint|year|morning|"
    r"afternoon|evening)|tomorrow|tonight|later\s+today|"
    r"in\s+(?:a|an|one|two|three|four|five|\d+)\s+(?:days?|weeks?|months?|hours?)|"
    r"at\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|h)\b|at\s+\d{1,2}:\d\d|end\s+of\s+(?:the\s+)?"
    r"(?:day|week|month|sprint|quarter)|(?:after|before)\s+(?:lunch|standup|stand-up|the\s+meeting))\b"
)
# ... of a meeting, a talk, a demo or a hand-off: an event that decides nothing about the work
# ("We'll migrate billing to Postgres next week." and "We'll roll back the deploy tomorrow."
# are decisions with a date: R34-recap30-1)
_MEETS = re.compile(
    r"(?i)\b(?:talk|talks|talking|speak|speaking|meet|meeting|discuss\w*|demo|demos|demoing|"
    r"present|presenting|sync|catch\s+up|call|chat|interview\w*|brief|ask|email|ping|"
    r"check\s+in|follow\s+up|circle\s+back|hear\s+back|report\s+back|revisit|"
    r"show\s+(?:it|them|this|that)\s+to|"
    # ... or a hand-off to people: "We'll send it to the copy desk on Wednesday."
    r"send|sending|hand\s+(?:it\s+|them\s+)?(?:over|off|in)|submit|forward|share)\b"
)
# ... and what makes a plan a choice: the options it weighs ("instead of", "rather than",
# "not X") or a verb of choosing ("We'll go with Postgres from next week.")
_CHOOSES = re.compile(
    r"(?i)\b(?:instead|rather|not|never|no\s+longer|versus|vs|decid\w*|decision|chose|chosen|"
    r"choose|go(?:ing)?\s+with|went\s+with|use|using|keep|stick\s+with|switch\w*|pick|picked|"
    r"opt(?:ed|ing)?\s+for|settled|agreed|adopt\w*|select\w*|prefer\w*|approv\w*)\b|n['’]t\b"
)


def scheduled(sentence: str) -> bool:
    """Whether ``sentence`` only schedules a meeting, a talk or a demo: said with when it
    happens and no choice between options in it - "We'll talk to 3 customers next week.",
    "We'll demo it to finance on Friday." A reader keeps a schedule among what was said,
    not among the decisions; "We'll migrate billing next week." decides what is done, "We'll
    go with Postgres from next week." and "We won't deploy on Friday." choose, and "Dana
    approved the refund on Monday." reports a decision.

    >>> scheduled("We'll talk to 3 customers next week."), scheduled("We won't deploy on Friday.")
    (True, False)
    >>> scheduled("We'll ship it behind a flag."), scheduled("We'll use Redis from tomorrow.")
    (False, False)
    """
    return (
        _SCHEDULED.search(sentence) is not None
        and _MEETS.search(sentence) is not None
        and _CHOOSES.search(sentence) is None
        and DECIDED_BY.search(sentence) is None
    )


# A plan said for both sides: "Let's …", "We'll …", "We're going to …"
_OUR_PLAN = re.compile(
    rf"(?i){_PLAN_OPENING}(?:let['’]?s|let\s+us|we(?:['’]ll|\s+will|['’]re\s+going\s+to|"
    r"\s+are\s+going\s+to))\b"
)


_NOT_SAID = re.compile(r"(?i)\b(?:not|never|no\s+longer|nothing|no\s+one)\b|n['’]t\b")


def dated_plan(sentence: str) -> bool:
    """Whether ``sentence`` is a plan for both sides said with when it happens ("We'll roll
    back the 4.2 deploy tomorrow.", "We'll freeze the schema at end of sprint."): a decision
    with its date, neither a request left open nor a rule (R34-recap30-1). A ban with a date
    ("We won't deploy on Fridays.") stays a rule.

    >>> dated_plan("We'll freeze the schema at end of sprint."), dated_plan("Let's add a retry.")
    (True, False)
    >>> dated_plan("We won't deploy on Fridays."), dated_plan("We'll talk to QA on Monday.")
    (False, False)
    """
    return (
        _OUR_PLAN.search(sentence) is not None
        and _SCHEDULED.search(sentence) is not None
        and _NOT_SAID.search(sentence) is None
        and not asks(sentence)
        and decides(sentence)
    )


def settles_a_choice(sentence: str) -> bool:
    """Whether ``sentence`` is a plan for both sides that picks one option ("Let's go with
    the Flatpak build instead of the distro package.", "Let's keep pg_dump for now."): a
    decision, no request left open - not "Let's add a retry to the client." (a task).

    >>> settles_a_choice("Let's keep pg_dump for now."), settles_a_choice("Let's add a retry.")
    (True, False)
    """
    return (
        _OUR_PLAN.search(sentence) is not None
        and _CHOOSES.search(sentence) is not None
        and not asks(sentence)
        and decides(sentence)
    )


# The user taking an option put to them, by name: "OK for the Thursday morning slot, I'll be
# there.", "D'accord pour le créneau de jeudi matin, je serai là." (gen40's support chat),
# "Einverstanden mit dem Termin am Dienstag.", "De acuerdo con la cita del martes."
_AGREED_ON = re.compile(
    r"(?i)^\W*(?:ok(?:ay)?|agreed|fine|d['’]accord|ça\s+marche|einverstanden|de\s+acuerdo|vale|"
    r"va\s+bene|d['’]accordo|combinado|fechado|de\s+acordo|akkoord|zgoda|prima)\s*,?\s+"
    r"(?:for|with|on|pour|avec|mit|für|con|per|para|com|met|voor|na)\s+"
    r"(?!(?:now|today|me|that|this|it|maintenant|moi|ça|jetzt|mich|ahora|mí|adesso|me|agora|mim|"
    r"nu|mij|teraz|mnie)\b)\S+"
)


# The user settling a plan for both sides after a word of agreement, in the languages users
# write in: "Va bene, come primo facciamo il risotto allo zafferano.", "Fechado, vamos propor
# prazo de 45 dias.", "Dobra, bierzemy hotel w Chanii.", "Tamam, dizüstüler için Windows 11
# kuralım.", "Vale, usamos Stripe.", "D'accord, on prend le train.", "Gut, nehmen wir das
# Hotel." (R41-R3, R11): a first person plural of a verb of doing or taking, a few words in;
# not a look around ("Va bene, vediamo.", "Ok, bakalım.", "Dobra, sprawdźmy.")
_AGREED_PLAN = re.compile(
    r"(?i)(?:^|(?<=[.!?])\s+)\W*(?:ok(?:ay|ej|ey)?|va\s+bene|d['’]accordo|perfetto|bene|allora|"
    r"fechado|combinado|beleza|certo|tá|está\s+bem|vale|de\s+acuerdo|listo|perfecto|bueno|"
    r"d['’]accord|bon|très\s+bien|parfait|entendu|gut|einverstanden|alles\s+klar|abgemacht|"
    r"dobra|dobrze|zgoda|w\s+porządku|tamam|peki|olur|anlaştık|tamamdır)\W+(?:\w+\W+){0,4}?"
    r"(?!(?:vediamo|proviamo|controlliamo|aspettiamo|cerchiamo|pensiamo|parliamo|sentiamo|"
    r"vemos|veremos|vamos\s+ver|veamos|probamos|esperamos|pensamos|hablamos|zobaczymy|"
    r"sprawdźmy|sprawdzimy|poczekamy|pomyślimy|bakalım|görelim|düşünelim|konuşalım|bekleyelim)\b)"
    r"(?:\w{2,}iamo|vamos|\w{2,}(?:amos|emos|imos)|\w{2,}(?:iemy|ujemy|amy|imy|emy|ymy)|"
    r"\w{2,}(?:alım|elim|ayalım|eyelim)|on\s+(?:prend|part|garde|fait|choisit|utilise|va)|"
    r"prenons|gardons|faisons|choisissons|utilisons|partons|"
    r"(?:nehmen|machen|verwenden|nutzen|bleiben|buchen|wählen)\s+wir|"
    r"wir\s+(?:nehmen|machen|verwenden|nutzen|bleiben\s+bei|buchen|wählen))(?!\w)"
    # ... Japanese: "じゃあ、Aにしましょう。", "それでいきましょう。"
    r"|(?:に|で)(?:しましょう|します|しよう|いきましょう|行きましょう)[。！!]?\s*$"
)


# ... and in Greek, Czech, Dutch, Hindi-English, Vietnamese, Korean and Chinese: "Εντάξει,
# κρατάμε το κυλιόμενο σύστημα.", "Εντάξει, θα την πάρω εγώ τηλέφωνο αύριο.", "Tak jo, ten
# řádek 57 vyřadíme.", "Oké, we kiezen voor de lus van 80 kilometer.", "Theek hai, blue-green
# deployment hi karte hain.", "Được rồi, mình chốt đi xem căn …", "좋아요, 에티오피아 예가체프로
# 가기로 해요.", "行，那就先做一次完整的冷备份。" (R42-R5): the word of agreement, opening a
# clause or after a filler or two ("Α, και Εντάξει, μένουμε …", "À mà Được rồi, mình chốt …"),
# then within a few words the first person's plan (not "Εντάξει, θα δούμε." - we'll see)
_AGREED_PLAN_MORE = re.compile(
    r"(?i)(?:^|(?<=[.!?。！,，:])\s*)(?:[^\W\d_]{1,3}\s+){0,2}?\W*(?:ok(?:ay)?|εντάξει|καλά|τέλεια|συμφωνώ|dobře|dobrá|tak\s+jo|jo|fajn|"
    r"platí|oké|oke|prima|goed|akkoord|top|theek\s+hai|thik\s+hai|chalo|accha|achha|"
    r"được\s+rồi|được|vậy|thôi|좋아요|좋아|그래요|알겠어요|그럼|그러면|네|行|好的|好吧|好)(?![^\W\d_])[\W\s]*"
    r"(?:\S+\s+){0,8}?"
    r"(?:\w{2,}(?:ουμε|ούμε|άμε|ύμε)|θα\s+(?:\w+\s+){0,2}?\w+ω(?!\w)|"
    r"\w{2,}(?:íme|áme|eme|ujeme)|"
    r"(?:we|wij)\s+(?:kiezen|nemen|gaan|houden|doen|gebruiken|boeken)|"
    r"(?:kiezen|nemen|gaan|houden|doen|gebruiken|boeken)\s+(?:we|wij)|"
    r"\w{2,}te\s+(?:hain|hai)|"
    r"(?:mình|chúng\s+ta|chúng\s+mình|tôi)\s+(?:\w+\s+)?(?:chốt|chọn|quyết\s+định|dùng)|"
    r"[가-힣]*기로\s*(?:해요|했어요|하죠|합시다|하자|할게요)|[가-힣]*(?:으로|로)\s*(?:가요|가죠|갑시다|하죠|해요|합시다)|"
    r"那就|就这么定|就用|就选)"
    # ... and in Arabic, Hebrew, Swahili, Ukrainian and Russian, Indonesian, Thai: the word of
    # agreement, then the first person plural's plan by its own grammar: Arabic's "let us" or
    # "we will" glued to the verb ("حسناً، لنعتمد …", "تمام، سنستخدم …"), Hebrew's "we're
    # going with" or its future "נ-" ("סגור, הולכים על …", "בסדר, נשתמש ב…"), Swahili's "we
    # will" ("Sawa, tutatumia …"), the Slavic present plural ("Гаразд, беремо …", "Ладно,
    # используем …"), Indonesian's "we" and its verb ("Oke, kita pakai …"), Thai's "agreed to"
    # ("โอเค ตกลงใช้ …")
    r"|(?:^|(?<=[.!?]))\W*(?:حسنا|حسناً|تمام|طيب|موافق|اتفقنا|סגור|אוקיי|בסדר|טוב|מסכים|מסכימה|"
    r"יאללה|sawa|haya|poa|sawasawa|гаразд|добре|домовились|домовилися|згода|ладно|хорошо|"
    r"договорились|окей|ок|oke|baik|baiklah|sip|setuju|yaudah|ya\s+sudah|โอเค|ได้|ตกลง)"
    r"(?![^\W\d_])[\W\s]*(?:\S+\s+){0,6}?"
    r"(?:(?:ل|س|فل|ف)ن[\u0621-\u064a\u064b-\u065f]{2,}|הולכים\s+על|נ[\u05d0-\u05ea]{2,}|"
    r"tuta[^\W\d_]{3,}|tu(?:me)?[^\W\d_]{2,}e(?![^\W\d_])|"
    r"[^\W\d_]{2,}(?:ємо|имо|імо|емо|ймо|аем|яем|уем|юем|ём)(?:ся|сь)?|"
    r"(?:kita|kami)\s+[^\W\d_]{3,}|ตกลง(?:ใช้|เลือก|เอา|ทำ))(?![^\W\d_])"
)


# ... a look around said after it, no plan: "Εντάξει, θα δούμε.", "Dobře, uvidíme.", "Oké, we
# zien wel.", "Theek hai, dekhte hain.", "Ok, để xem.", "좋아요, 두고 봐요.", "好，再看看。"
_WAIT_AND_SEE = re.compile(
    r"(?i)(?<![^\W\d_])(?:δούμε|uvidíme|zien\s+wel|dekhte\s+hain|để\s+xem|سنرى|לראות|נראה|"
    r"נחכה|tuone|tutaona|побачимо|подивимось|подивимося|посмотрим|увидим|kita\s+lihat|"
    r"kita\s+tunggu)(?![^\W\d_])|두고\s*봐|再看|再说|รอดู|ดูก่อน"
)


# a name the plan settles on: a capital or a digit in it ("PostgreSQL", "v2", "S3")
_SETTLED_NAME = re.compile(r"(?<![^\W\d_])[A-Z0-9][\w.+-]+")


def agrees_on_a_plan(sentence: str) -> bool:
    """Whether the speaker settles a plan after a word of agreement (:data:`_AGREED_PLAN`):
    a decision, not a rule nor a request left open.

    >>> agrees_on_a_plan("Va bene, come primo facciamo il risotto allo zafferano.")
    True
    >>> agrees_on_a_plan("Tamam, dizüstüler için Windows 11 kuralım.")
    True
    >>> agrees_on_a_plan("Va bene, vediamo domani."), agrees_on_a_plan("Non usiamo Redis?")
    (False, False)
    >>> agrees_on_a_plan("Tak jo, ten řádek 57 vyřadíme, je to duplicita.")
    True
    >>> agrees_on_a_plan("좋아요, 에티오피아 예가체프로 가기로 해요."), agrees_on_a_plan("Εντάξει, θα δούμε.")
    (True, False)
    """
    if asks(sentence):
        return False
    if _AGREED_PLAN.search(sentence):
        return True
    return _AGREED_PLAN_MORE.search(sentence) is not None and not _WAIT_AND_SEE.search(sentence)


def decides(sentence: str) -> bool:
    """Whether a sentence says a decision was made (by whom it says, in the languages of
    :data:`DECISION` and :data:`DECIDED_BY`) and does not say it was not made yet; a plan
    said with its "not" is one, turned the other way, and so is a value the speaker will set;
    a plan that only says when something happens is not (:func:`scheduled`).

    >>> decides("Jonas hat entschieden, Docker zu verwenden."), decides("We decided not to ship.")
    (True, True)
    >>> decides("Nobody approved the refund so far."), decides("Marek nie zdecydował jeszcze.")
    (False, False)
    >>> decides("We will not use Redis for the session cache."), decides("We won't know yet.")
    (True, False)
    >>> decides("I'll set the worker count to 8 for the API.")
    True
    >>> decides("I'll put the page behind the flag new_ui, so we can turn it off fast.")
    True
    >>> decides("I'll read the config since the error names it.")  # a look, with its reason
    False
    >>> decides("We'll talk to 3 customers next week.")  # a schedule: no choice in it
    False
    >>> decides("D'accord pour le créneau de jeudi matin, je serai là."), decides("OK for now, go on.")
    (True, False)
    """
    if scheduled(sentence):
        return False
    if word_count(sentence) >= 4 and (
        _NEGATED_PLAN.search(sentence)
        or _SETS_A_VALUE.search(sentence)
        or _PLAN_WITH_REASON.search(sentence)
        or _AGREED_ON.search(sentence)
        or agrees_on_a_plan(sentence)
    ):
        return True
    if word_count(sentence) == 3 and _SETTLED_NAME.search(sentence) and agrees_on_a_plan(sentence):
        return True  # a verb that holds its "we" and "will": "Sawa, tutatumia PostgreSQL."
    said = DECISION.search(sentence) if word_count(sentence) >= 5 else None
    said = said or DECIDED_BY.search(sentence)
    if said is None:  # the verbs and approvals intent reads, in its languages (not those
        # said as not given yet: ``is_decision`` reads them)
        return is_decision(sentence)
    return not _NOT_YET.search(sentence[: said.end()])


# The assistant putting an option to the user: "I suggest we use Redis …", "I could rewrite
# the parser in Rust.", "My recommendation: drop the legacy export.", "Maybe we should drop
# the free tier?", "Shall I …?", "Want me to …?"
_PROPOSES = re.compile(PROPOSAL_OPENING)
# ... and the user's short answer: yes ("Sounds good, do that.", "Yes, go ahead.") or no
# ("No, use Memcached.", "Let's not, too risky.", "Hmm, not yet. Keep it for now.")
_ANSWER = re.compile(
    r"(?i)^\W*(?:(?:hmm+|well|ah|actually|ok(?:ay)?)\W+)*(?:yes|yep|yeah|sure|sounds\s+good|"
    r"good\s+idea|great|perfect|agreed|go\s+ahead|do\s+(?:it|that)|let['’]?s\s+do\s+(?:it|that)|"
    r"please\s+do|no|nope|nah|let['’]?s\s+not|not\s+(?:yet|now|really)|don['’]?t|"
    r"(?:i['’]d\s+)?rather\s+not)\b"
    # ... or a yes, an "agreed", in the languages users write in, set off by a mark ("Sim,
    # concordo: …", "Ja, einverstanden.", "Evet, katılıyorum.", "Vâng, đồng ý.", "네, 그렇게 해
    # 주세요."; not "Da domani …", from tomorrow)
    r"|(?i:^\W*(?:sí|sì|sim|oui|ja|jo|joo|jep|kyllä|igen|да|так|tak|ano|áno|da|ναι|evet|iya|"
    r"ya|ndiyo|ndio|naam|نعم|بله|آره|ہاں|हाँ|हां|haan|כן|oo|opo|có|vâng|dạ|jah|taip|jā|"
    r"de\s+acuerdo|d['’]accord|d['’]acord|d['’]accordo|concordo|einverstanden|akkoord|mee\s+eens|"
    r"enig|enige|samaa\s+mieltä|egyetértek|согласен|согласна|згоден|згодна|zgoda|"
    r"zgadzam\s+się|souhlasím|súhlasím|slažem\s+se|se\s+strinjam|съгласен|съгласна|συμφωνώ|"
    r"katılıyorum|setuju|sang-ayon|موافق|موافقم|متفق|מסכים|מסכימה|đồng\s+ý|sawa|va\s+bene|"
    r"claro|klar|selvfølgelig|självklart)(?=\s*(?:[,.!:;—–،，、-]|$)))"
    r"|^\W*(?:はい|ええ|네|예|是的|是|好的|好|对|對|同意|賛成)"
)
# the most words of an answer read with the proposal it answers (a mark a space sets apart,
# French "d'accord : …", is no word)
_ANSWER_WORDS = 12
_MARK_ALONE = re.compile(r"(?<!\S)[^\w\s]+(?!\S)")


def short_answer(reply: str) -> bool:
    """Whether ``reply`` is a short yes or no ("Sounds good, do that.", "Kyllä, tee se."),
    not a question."""
    said = " ".join(reply.split())
    if not said or word_count(_MARK_ALONE.sub("", said)) > _ANSWER_WORDS:
        return False
    return bool(_ANSWER.match(said)) and not asks(said)


def answered_proposal(proposed: str, reply: str) -> tuple[str, str] | None:
    """The assistant's proposal in ``proposed`` (its turn right before) and the user's short
    ``reply`` saying yes or no to it, as Decisions items: who proposed, who decided, and
    which way ("Assistant: I could rewrite the parser in Rust.", "User: Let's not, too
    risky."); None when the reply answers no proposal or says more than an answer.

    >>> answered_proposal("Done. I suggest we use Redis for the cache.", "Sounds good, do that.")
    ('Assistant: I suggest we use Redis for the cache.', 'User: Sounds good, do that.')
    >>> answered_proposal("I could rewrite it in Rust.", "Why?") is None
    True
    """
    offer = _offer(proposed)
    if offer is None or not short_answer(reply):
        return None
    return f"Assistant: {clip(offer, 240)}", f"User: {clip(' '.join(reply.split()), 240)}"


def _offer(proposed: str) -> str | None:
    """The last sentence of ``proposed`` that puts an option to the user (:data:`_PROPOSES`)."""
    offers = [x for x in sentences(without_code(proposed)) if _PROPOSES.match(x)]
    return offers[-1] if offers else None


# the most words of a reply the assistant's next turn shows to be a yes (a word or two of
# assent in any language: "Erê, baş e.", "Ina, swi kahle.")
_ASSENT_WORDS = 4
# ... when the assistant's next turn shares this many of its words (stems) with the offer
_DEED_WORDS = 2
# ... unless that turn says it left things as they were ("OK, keeping local time.")
_LEFT_AS_WAS = re.compile(
    r"(?i)\b(?:not|never|instead|rather|keep(?:s|ing)?|leav(?:e|es|ing)|as\s+is|skip(?:s|ping)?)\b|"
    r"n['’]t\b"
)


def agreed_by_deed(
    proposed: str, reply: str, then_said: str, then_did: str
) -> tuple[str, str] | None:
    """The assistant's proposal and the user's few words after it, in any language, as
    Decisions items (:func:`answered_proposal`'s) when the assistant's next turn did what
    it proposed: its words (``then_said``) and calls (``then_did``) are on the proposal's
    topic, and its words leave nothing as it was. A yes read from what followed it, not
    from a word list ("Erê, baş e." and then "Timestamps are now converted to UTC.").

    >>> agreed_by_deed("I suggest we convert timestamps to UTC.", "Ina, swi kahle.",
    ...                "Timestamps are now converted to UTC first.", "")
    ('Assistant: I suggest we convert timestamps to UTC.', 'User: Ina, swi kahle.')
    >>> agreed_by_deed("I suggest we convert timestamps to UTC.", "Ayi.",
    ...                "OK, keeping the timestamps in local time.", "") is None
    True
    """
    offer = _offer(proposed)
    said = " ".join(reply.split())
    if offer is None or not said or asks(said) or _LEFT_AS_WAS.search(then_said):
        return None
    if word_count(_MARK_ALONE.sub("", said)) > _ASSENT_WORDS:
        return None
    did = topic(f"{then_said}\n{then_did}")
    if len(topic(offer) & did) < _DEED_WORDS and not on_topic(offer, did):
        return None
    return f"Assistant: {clip(offer, 240)}", f"User: {clip(said, 240)}"


# An option a question offers, named so a reply in any language names it the same way: a
# code span, or a word with a digit, an underscore, a dot, a slash or a hyphen inside
# ("dead_letter", "PostgreSQL 16", "v2.3", "eu-west-1"), or a capitalised name past the
# question's first word ("Redis or Memcached?")
_CODE_SPAN = re.compile(r"`([^`\n]{1,80})`")
_NAMED = re.compile(
    r"(?<![\w.-])(?:[^\W\d_]+[\d_./-][\w./-]*[^\W_]|[^\W\d_][\w-]*\d[\w.-]*)(?![\w-])"
)
_CAPITALISED = re.compile(r"(?<=\s)[A-Z][a-z]+(?:[A-Z]\w*)?\b")


# Options put by a label ("option A", "plan 2") or side by side around "or" ("CSV or
# Parquet", "definite integrals first, or indefinite ones"): the words either side
_LABELLED = re.compile(r"(?i)\b(?:option|plan|approach|choice|variant|alternative)\s+[A-Z0-9]\b")
_OR_PAIR = re.compile(
    r"(?i)(?<![\w.+#-])([^\W\d_][\w.+#-]*)\s*,?\s+or\s+(?:the\s+|a\s+|an\s+)?"
    r"([^\W\d_][\w.+#-]*)"
)
# ... but no answer's word: "Should I go on or not?" offers no choice "Not yet." makes
_NO_OPTION = frozenset(
    [
        "not",
        "no",
        "yes",
        "both",
        "neither",
        "either",
        "something",
        "anything",
        "else",
        "so",
        "that",
        "this",
        "it",
        "them",
        "one",
        "other",
        "ones",
        "now",
    ]
)


def _options(question: str) -> list[str]:
    """The options a question names (two or more), casefolded; [] when it names fewer.

    >>> _options("Should the export be CSV or Parquet?")
    ['csv', 'parquet']
    >>> _options("Should I keep going or not?")
    []
    """
    spans = [m.group(1).strip() for m in _CODE_SPAN.finditer(question)]
    rest = _CODE_SPAN.sub(" ", question)
    labelled = _LABELLED.findall(rest)
    paired = [w for pair in _OR_PAIR.findall(_LABELLED.sub(" ", rest)) for w in pair]
    paired = [w for w in paired if w.casefold() not in _NO_OPTION]
    named = spans + labelled + paired + _NAMED.findall(rest) + _CAPITALISED.findall(rest)
    out = list(dict.fromkeys(n.casefold() for n in named if len(n) >= 2))
    return out if len(out) >= 2 else []


def _names(sentence: str, option: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(option)}(?![\w-])", sentence.casefold()) is not None


def chosen(asked: str, reply: str) -> str | None:
    """The sentence of the user's ``reply`` that picks one of the options the
    assistant's question ``asked`` offered (in a turn of its own, right before): a
    decision by the user, whatever the language, by its shape - the reply names one
    option and no other, asks nothing, in a few words.

    >>> chosen("Should I use `retry_queue` or `dead_letter` for failed rows?", "Imam dead_letter.")
    'Imam dead_letter.'
    >>> chosen("Should I use `retry_queue` or `dead_letter`?", "Which is faster?") is None
    True
    >>> chosen("Two ways: option A, all at once, or option B, staged. Which one?", "Option B.")
    'Option B.'
    """
    said = sentences(without_code(asked))
    questions = [k for k, s in enumerate(said) if asks(s)]
    offered = [o for k in questions[-2:] for o in _options(said[k])]
    if not offered and questions and questions[-1] > 0:
        # "… option A, a big-bang launch, or option B, a staged one. Which do you prefer?"
        offered = _options(said[questions[-1] - 1])
    if not offered:
        return None
    for s in sentences(reply):
        if asks(s) or word_count(s) > 15:
            continue
        named = [o for o in offered if _names(s, o)]
        if len(set(named)) == 1:
            return s
    return None

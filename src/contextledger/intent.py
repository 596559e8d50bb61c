"""What a user turn is for: a nudge, a correction or constraint, or a request that sets the task.

One place for these judgements, shared by the fit (which requests to pin) and compaction
(which sentences are constraints and corrections). Pure functions over text; several
phrasings each, never a single keyword.

>>> is_nudge("ok, keep going"), is_nudge("Take your time, just keep me posted.")
(True, True)
>>> is_correction("Actually, use Redis not Memcached for the session cache.")
True
>>> is_constraint("Do not touch src/payments/ under any circumstances.")
True
>>> is_substantive("Please fix the flaky login test in tests/test_auth.py")
True
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import accumulate, islice
from typing import Any

from .lexicon import intent as lexicon
from .lexicon.common import compiled_on_use
from .lexicon.deferral import DEFERRED, WAITS_FOR, WHEN_FREE
from .lexicon.negation import (
    BAN_BY_GRAMMAR_LENGTH,
    UNREAD_DENIAL_SCREEN,
    banned_by_grammar,
    screened_for_denial,
    unread_denial,
    without_experiences,
)
from .prefilter import (
    RE2_MAX_MEM,
    by_first_character,
    is_stored,
    may_search,
    re2_spans,
    re2_start,
    superset,
    touched,
)

# The words and patterns live in the lexicon (one place for every language); their private
# names here keep this module's readers (and the fast path's tables) as they were.
_ASKED = lexicon.ASKED
_ASKS_FOR_A_RULE = lexicon.ASKS_FOR_A_RULE
_CONSTRAINT = lexicon.CONSTRAINT
_CORRECTING_WORDS = lexicon.CORRECTING_WORDS
_CORRECTION = lexicon.CORRECTION
_DECISION = lexicon.DECISION
_DECISION_HINTS = lexicon.DECISION_HINTS
_EUROPEAN_CONSTRAINT = lexicon.EUROPEAN_CONSTRAINT
_EUROPEAN_CORRECTION = lexicon.EUROPEAN_CORRECTION
_EUROPEAN_STEERING = lexicon.EUROPEAN_STEERING
# (the candidate search looks for the words of the grammar's shapes too)
_EUROPEAN_WORDS = lexicon.EUROPEAN_WORDS + lexicon.GRAMMAR_WORDS
_GRAMMAR_RULE = lexicon.GRAMMAR_RULE
_GRAMMAR_CORRECTION = lexicon.GRAMMAR_CORRECTION
_GRAMMAR_STEERING = lexicon.GRAMMAR_STEERING
_HABITUAL = lexicon.HABITUAL
_HEDGED = lexicon.HEDGED
_INSTEAD = lexicon.INSTEAD
_QUOTES = lexicon.QUOTES
_REPORTED = lexicon.REPORTED
_REPORTED_THAT = lexicon.REPORTED_THAT
_JOKE = lexicon.JOKE
_LAUGH_ONLY = lexicon.LAUGH_ONLY
_NUDGE_WORDS = lexicon.NUDGE_WORDS
# (negated small talk is a nudge too: "No worries, not urgent.", review R22-PN2)
_NUDGE_OR_TALK = lexicon.NUDGE_WORDS | lexicon.TALK_WORDS
_PREAMBLE_WORDS = lexicon.PREAMBLE_WORDS
_QUESTION = lexicon.QUESTION
_QUESTION_OPENING = lexicon.QUESTION_OPENING
_REFUSAL_WORDS = lexicon.REFUSAL_WORDS
_RESTATES = lexicon.RESTATES
_RESTATES_OPENING = lexicon.RESTATES_OPENING
_RESTATING_WORDS = lexicon.RESTATING_WORDS
_TAG_QUESTION = lexicon.TAG_QUESTION
_TALK = lexicon.TALK
_UNDECIDED = lexicon.UNDECIDED
_UNSPACED_CONSTRAINT = lexicon.UNSPACED_CONSTRAINT
_OWN_TODO = lexicon.OWN_TODO
_TODO_CLAUSES = lexicon.TODO_CLAUSES
_TODO_ADDRESSED = lexicon.TODO_ADDRESSED
# where a sentence ends, in the scripts read (the to-dos are read one sentence at a time)
_SENTENCES = compiled_on_use(r"(?<=[.!?。！？])\s+")
_ASKED_END = compiled_on_use(r"[?？]\s*$")
_UNSPACED_CORRECTION = lexicon.UNSPACED_CORRECTION
_UNSPACED_FILLER = lexicon.UNSPACED_FILLER
_UNSPACED_FILLER_VOCABULARY = lexicon.UNSPACED_FILLER_VOCABULARY
_AND_NOT = lexicon.AND_NOT
_CONTRASTS_MAYBE = lexicon.CONTRASTS_MAYBE
_DENIED_FIRST = lexicon.DENIED_FIRST
_VALUE_PARTICLE = lexicon.VALUE_PARTICLE
_COURSE_CHANGE = lexicon.COURSE_CHANGE
_COURSE_CHANGE_WORDED = lexicon.COURSE_CHANGE_WORDED
_COURSE_CHANGE_VERB_FIRST = lexicon.COURSE_CHANGE_VERB_FIRST
_COURSE_CHANGE_GAPPED = lexicon.COURSE_CHANGE_GAPPED
_CORRECTING_QUESTION = lexicon.CORRECTING_QUESTION
_COURTEOUS_BAN = lexicon.COURTEOUS_BAN
_MODAL_OBLIGATION = lexicon.MODAL_OBLIGATION
_REPETITION = lexicon.REPETITION
_SPEAKER_FIRST = lexicon.SPEAKER_FIRST
_STEERING_SHAPES = lexicon.STEERING_SHAPES
_CONTRAST_TAIL = lexicon.CONTRAST_TAIL
_SETTING = lexicon.SETTING
_NEVER_SAID = lexicon.NEVER_SAID
# The shapes ``turns_course`` and ``standing_order`` search a short turn for (what
# ``_STEERING_SHAPES`` joins), each with an RE2 superset of its own (``_shapes_in``):
# Python's engine tries every alternative of each at every character (``_COURSE_CHANGE``
# ~0.15 ms a sentence, ``_CONTRAST_TAIL`` ~0.05 ms), and a turn the joined superset flags
# may hold one or two of them. Each is searched in a text's sentences: its superset is
# searched in the whole text, with a text's start (``^``) left out (``in_parts``).
_SHAPES = (
    *(_CORRECTING_QUESTION, _COURSE_CHANGE, _CONTRAST_TAIL, _SETTING),
    *(_COURTEOUS_BAN, _NEVER_SAID, _MODAL_OBLIGATION, _REPETITION),
)


_SENTENCE_END = compiled_on_use(r"\.(?!\d)|[!?¿¡\n]")  # "5.000" ends no sentence
_AROUND = 300  # how far from a rule's word its sentence is read, each way


def _sentence_around(text: str, at: int) -> tuple[int, int]:
    """Where the sentence of ``text`` holding position ``at`` starts and ends (after its
    closing mark), read at most ``_AROUND`` characters each way."""
    floor = max(0, at - _AROUND)
    mark = max(text.rfind(ch, floor, at) for ch in ".!?¿¡\n")
    closing = _SENTENCE_END.search(text, at, at + _AROUND)
    start = mark + 1 if mark >= 0 else floor
    return start, (closing.end() if closing else min(len(text), at + _AROUND))


def _says_european(pattern: re.Pattern[str], text: str, words: Iterable[int]) -> bool:
    """``pattern`` found in a sentence holding one of the European rule words at ``words``
    that is not a question ("Muss ich den Server neu starten?", "¿Tienes que reiniciar?",
    "Est-ce qu'il faut …"). Only those sentences are read: a long text costs its few."""
    read_to = -1
    for at in words:
        if at < read_to:
            continue  # in the sentence just read
        start, end = _sentence_around(text, at)
        read_to = end
        asked = text[end - 1] == "?" or text[max(start - 1, 0)] == "¿"
        if asked and not lexicon.ASKS_FOR_A_RULE_ELSEWHERE.match(text, start, end):
            continue  # (a question, unless it asks for a rule: "Zou je … nooit … willen …?")
        if _QUESTION_OPENING.match(text, start):
            continue
        found = _match_at_a_word(pattern, text, start, end)
        if found and _asked_once(text, found.start(), text[start:end]):
            continue  # one request by a deadline ("Antes del viernes tienes que …")
        if found and not _habit_or_hearsay(text, start, found.start(), end):
            return True
    return False


# Where a word starts: every alternative of the European patterns starts at one (after
# ``\b`` or a lookbehind that ends in a character of no word) or at the text's start
# (``^``, "— nein, …"): a test holds it
_WORD_BEGINS = compiled_on_use(r"(?<!\w)\w")


def _match_at_a_word(
    pattern: re.Pattern[str], text: str, start: int, end: int
) -> re.Match[str] | None:
    """``pattern.search(text, start, end)`` for a pattern whose matches start where a
    word does: tried at those only (Python's engine tries each of its ~60 alternatives
    at every character, ~10 µs a character; a sentence has a word every ~6), each with
    only the alternatives that may start with its first character (~5x fewer)."""
    split = by_first_character(pattern).get
    if start == 0 and text and (found := split(text[0]).match(text, 0, end)):
        return found
    for word in _WORD_BEGINS.finditer(text, start, end):
        at = word.start()
        found = split(text[at]).match(text, at, end)
        if found:
            return found
    return None


def _habit_or_hearsay(text: str, start: int, at: int, end: int) -> bool:
    """Whether the sentence ``text[start:end]`` tells a habit ("Normalmente nunca
    desplegamos los viernes.") or reports, before ``at``, what someone else said ("Mon
    collègue dit toujours qu'il ne faut jamais …"): no rule of the user's."""
    return bool(_HABITUAL.search(text, start, end) or _REPORTED_THAT.search(text, start, at))


def _european_words(text: str) -> list[int]:
    """Where the European rule words (``lexicon.EUROPEAN_WORDS``) start in ``text``."""
    return [m.start() for m in _EUROPEAN_WORD.finditer(text)]


def _grammar_words(text: str) -> list[int]:
    """Where the words of the grammar's shapes (``lexicon.GRAMMAR_WORDS``) start."""
    return [m.start() for m in _GRAMMAR_WORD.finditer(text)]


_CLAUSE_MARK = compiled_on_use(r"[,;:.!?\n¿¡—–]")


def _said_by_grammar(
    pattern: re.Pattern[str], text: str, words: Iterable[int], bans: bool = True
) -> bool:
    """``pattern`` (``lexicon.GRAMMAR_*``) matches at one of ``words``, in a sentence that
    asks nothing, tells no habit and reports no one, with the clause before the match as
    its shape needs: no subject of a statement before an adverb of frequency, nothing before
    a condition, a negation opening "not X, but Y". With ``bans``, a prohibition after a
    condition (``_banned_if``) is one too."""
    for at in words:
        while at and text[at - 1].isalnum():
            at -= 1  # the fold's word may start after a letter outside ASCII: "î|ntotdeauna"
        if bans and _banned_if(text, at):
            return True
        word = _GRAMMAR_AT.match(text, at)
        if word and word.group().lower() in lexicon.CONDITION_WORDS:
            mark = _CONDITION_ENDS.search(text, at, at + _AROUND)
            if mark is None or mark.group() not in ",;":
                continue  # no comma after the condition: no order follows it
        found = pattern.match(text, at)
        if found is None:
            continue
        start, end = _sentence_around(text, at)
        if text[end - 1] == "?" or text[max(start - 1, 0)] == "¿" or "?" in text[at:end]:
            continue
        before = (
            text[start:at] if found.lastgroup == "but" else _CLAUSE_MARK.split(text[start:at])[-1]
        )
        if not _clause_fits(found.lastgroup, before.split()):
            continue
        if found.lastgroup == "condition" and not _order_after(text, found.end(), end):
            continue
        if not _habit_or_hearsay(text, start, at, end):
            return True
    return False


_CONDITION_ENDS = compiled_on_use(r"[,;.!?\n]")


# the present and past tenses of Swedish, Norwegian, Danish and Icelandic verbs end so
# ("virker", "fungerar", "hjälpte", "virket"); their imperatives do not ("rør", "slett",
# "deploya", "eyddu")
_STATEMENT_ENDINGS = (
    *("er", "ar", "ir", "ur", "or", "år", "te", "de", "ket", "tet", "vet", "ret", "set"),
    *("ns", "rs", "ks", "vs"),  # (a passive or deponent: "Syns inte i loggen.")
)


def _banned_if(text: str, at: int) -> bool:
    """Whether a prohibition's particle at ``at`` gives an order in a sentence that asks
    nothing and tells no habit: opening the clause after a condition ("Jos testit
    epäonnistuvat, älä julkaise.", ``lexicon.CONDITIONED_BAN``), or after the imperative
    that opens the sentence or that clause ("Ta inte bort databasen.", "Slett ikke
    databasen.", "Om testerna misslyckas, deploya inte.", ``lexicon.BAN_AFTER_VERB``)."""
    return bool(
        (lexicon.CONDITIONED_BAN.match(text, at) and _banned_as(text, at, after=False))
        or (lexicon.BAN_AFTER_VERB.match(text, at) and _banned_as(text, at, after=True))
    )


def _banned_as(text: str, at: int, after: bool) -> bool:
    """``_banned_if`` for a particle before its verb or (``after``) after it."""
    # (first, what stands just before the particle, without reading its sentence: a
    # comma or a "then" before a particle opening its clause, one word before one after)
    mark = at - 1
    while mark >= 0 and text[mark].isspace():
        mark -= 1
    if after:
        while mark >= 0 and (text[mark].isalnum() or text[mark] == "-"):
            mark -= 1
        if at - mark < 3 or (mark >= 0 and not (text[mark].isspace() or text[mark] in ",;.!?:")):
            return False
    elif mark < 0 or (text[mark] not in ",;" and not text[mark].isalpha()):
        return False
    start, end = _sentence_around(text, at)
    clause = lexicon.CONDITION_THEN.match(text, start, at) or (
        lexicon.VERB_FIRST.match(text, start, at) if after else None
    )
    if clause is None or (clause["verb"] is None) == after:
        return False  # (a particle before its verb opens the clause; one after, follows it)
    if after and clause["verb"].rstrip().lower().endswith(_STATEMENT_ENDINGS):
        return False  # a statement's verb: "Hvis jeg forstår riktig, virker ikke cachen."
    if text[end - 1] == "?" or text[max(start - 1, 0)] == "¿":
        return False
    return not _habit_or_hearsay(text, start, at, end)


def _order_after(text: str, at: int, end: int) -> bool:
    """Whether the condition read up to ``at`` ends at a comma (or a semicolon) three
    characters on or more, and the clause after it opens with its verb."""
    mark = _CONDITION_ENDS.search(text, at, end)
    if mark is None or mark.group() not in ",;" or mark.start() - at < 3:
        return False
    return bool(lexicon.ORDER_AFTER.match(text, mark.end()))


def _clause_fits(shape: str | None, before: list[str]) -> bool:
    """Whether the words ``before`` a match of ``shape`` in its clause make it an order."""
    if shape in ("frequency", "frequent"):
        if len(before) > 5 or (shape == "frequent" and not before):
            return False
        lowered = [w.lower() for w in before]
        if lowered and lowered[0] in lexicon.STATEMENT_SUBJECTS:
            return False  # "Mi jefa siempre …", "En koskaan …"
        if any(w in lexicon.STATEMENT_PRONOUNS for w in lowered):
            return False  # "Heute deployt er immer …"
        # "Luca fa sempre …" (not "Nu șterge niciodată …": a negated order)
        return not (
            len(before) == 2
            and before[0][:1].isupper()
            and lowered[0] not in lexicon.NOT_BUT_NEGATIONS
        )
    if shape == "prohibition":  # opening its clause ("Pomo sanoi, että älä …": reported)
        return len(before) <= 1 and all(w.lower() in lexicon.CLAUSE_JOINERS for w in before)
    if shape == "condition":  # (its comma and the order after it: ``_order_after``)
        return not before
    if shape == "but":
        return 0 < len(before) <= 6 and before[0].lower() in lexicon.NOT_BUT_NEGATIONS
    return True


_WORD = compiled_on_use(r"\w+")
# A word of a nudge: "it's" is one word ("it's fine" is a nudge), its apostrophe straight
# or curly.
# (an Indic script's vowel signs and viramas are no ``\w``: "नमस्ते" is one word, not "नमस" "त";
# its dandas "।" "॥" end sentences)
_NUDGE_WORD = compiled_on_use(r"[\w\u0900-\u0963\u0966-\u0dff]+(?:['’]\w+)*")


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def _opening_words(text: str) -> list[str]:
    """The first 13 words of ``text``, a nudge's way ("it's" is one): a nudge or an opener
    has at most 12, so a long text is read no further."""
    return [m.group() for m in islice(_NUDGE_WORD.finditer(text), 13)]


def _all_in(words: list[str], vocabulary: frozenset[str]) -> bool:
    return all(w.lower().replace("’", "'") in vocabulary for w in words)


def is_nudge(text: str) -> bool:
    """A short turn that asks for nothing new ("ok", "keep going", "thanks!", "it's fine").

    >>> is_nudge("it's fine"), is_nudge("It’s fine."), is_nudge("it's the cache")
    (True, True, False)
    """
    words = _opening_words(text)
    if len(words) <= 12 and _all_in(words, _NUDGE_OR_TALK):
        return True
    return len(text) <= _UNSPACED_NUDGE_MOST and _unspaced_nudge(text)


#: The longest nudge read in a script written without spaces ("はい、続けてください" is 10)
_UNSPACED_NUDGE_MOST = 40


def _unspaced_nudge(text: str) -> bool:
    """A short turn in Chinese, Japanese, Thai … made of nudge and opener phrases only
    (``UNSPACED_FILLER``) and, beside them, nudge words of spaced scripts: ``\\w+`` reads
    "はい、続けてください" as two words no vocabulary lists (review45 R45-rec2: it was
    listed as an open request).

    >>> _unspaced_nudge("はい、続けてください"), _unspaced_nudge("好的，继续吧！OK")
    (True, True)
    >>> _unspaced_nudge("โอเค ต่อเลย"), _unspaced_nudge("続けて、テストも書いてください")
    (True, False)
    """
    if not _BY_CHARACTERS.search(text):
        return False
    spaced = _NUDGE_WORD.findall(_BY_CHARACTERS.sub(" ", text))
    return _all_in(spaced, _NUDGE_OR_TALK) and not any(
        _content_characters(run) for run in _UNSPACED_RUN.findall(text)
    )


# a sentence of a text read by the patterns for other scripts: up to its mark, a full stop
# one before a space ("Не трогай прод. Понял?" is two, "1.5" none), the Hindi danda too
_SENTENCE = compiled_on_use(r"(?:[^。！？!?\n；;।؟.]|\.(?!\s))+(?:[。！？!?\n；;।؟]|\.(?=\s|$))*")


def _says_unspaced(pattern: re.Pattern[str], ends: str, prefiltered: bool = False) -> bool:
    """``pattern`` found in a sentence of ``ends`` that is not a question. With RE2, one
    automaton pass over ``ends`` first says when no rule nor correction of these scripts
    can be there (a superset: ``_re2_unspaced``): Python's engine tries every alternative
    at every character (~150 µs a Turkish sentence, whose letters ı, ş, ğ send it here)."""
    if not ends:
        return False
    loose = _re2_unspaced()
    if loose is None:
        return bool(pattern.search(ends)) and any(
            pattern.search(sentence) and not _QUESTION.search(sentence)
            for sentence in _SENTENCE.findall(ends)
        )
    if not prefiltered and not loose.search(ends.encode("utf-8", "surrogatepass")):
        return False
    # A sentence the superset finds nothing in is not searched by Python's engine (it tried
    # every alternative at every character of each: ~0.3-1 ms a flagged 600-character end
    # of a pasted Chinese or Hindi document, a fifth of a support chat's classification).
    for found in _SENTENCE.finditer(ends):
        sentence = found.group()
        if (
            loose.search(sentence.encode("utf-8", "surrogatepass")) is not None
            and pattern.search(sentence)
            and not _QUESTION.search(sentence)
        ):
            # (then, as ever, only if ``pattern`` is in ``ends`` as a whole: a match from
            # this sentence on is one; else one may still start before it)
            return bool(pattern.search(ends, found.start()) or pattern.search(ends))
    return False


def _unspaced_ends(text: str) -> str:
    """Where a rule or correction in Chinese, Japanese, Korean, Thai, or a Cyrillic, Greek,
    Hebrew, Arabic or Devanagari script is looked for: the whole text when short, else its
    first and last 300 characters ("" for a text in no such script)."""
    if text.isascii():
        return ""
    ends = _ends(text)
    return ends if _OTHER_SCRIPTS.search(ends) else ""


def _ends(text: str) -> str:
    return text if len(text) <= 600 else f"{text[:300]}\n{text[-300:]}"


def asks_agreement(sentence: str) -> bool:
    """A statement with a tag asking for agreement ("Don't touch prod, ok?"): no question."""
    return bool(_TAG_QUESTION.search(sentence.rstrip()))


def _talk_at(text: str, at: int) -> bool:
    """Whether the sentence of ``text`` holding position ``at`` is talk, not a rule."""
    start, end = _sentence_around(text, at)
    sentence = text[start:end].rstrip()
    # a joke in the sentence, or a laugh that is all the text says after it
    if _JOKE.search(sentence) or (_LAUGH_ONLY.match(text, end) and end < len(text)):
        return True
    if sentence.endswith("?") or text[max(start - 1, 0)] == "¿":
        return not (_ASKS_FOR_A_RULE.match(sentence) or asks_agreement(sentence))
    if _reported_at(sentence, at - start):
        return True
    if _asked_once(text, at, sentence):
        return True
    # the talk holds the rule's word: "Don't worry about style, but never touch …" rules
    return any(m.start() <= at - start < m.end() for m in _TALK.finditer(text[start:end]))


def _asked_once(text: str, at: int, sentence: str) -> bool:
    """Whether the obligation at ``at`` asks for one thing by one moment, not a standing
    rule ("Make sure to open a PR before Friday.", "By tomorrow you have to send me the
    report.", "Antes del viernes tienes que abrir un PR."; red team R16-R2): a sentence
    naming a deadline, no repetition ("before every deploy") and no negation ("make sure
    nothing ships before Friday" forbids)."""
    return bool(
        lexicon.OBLIGATION.match(text, at)
        and lexicon.DEADLINE.search(sentence)
        and not lexicon.STANDING.search(sentence)
        and not lexicon.NEGATED.search(sentence)
    )


def _reported_at(sentence: str, at: int) -> bool:
    """Whether position ``at`` of ``sentence`` is inside a quotation someone else is
    reported to have said ('He said "never deploy on Fridays" once'): not the user's rule
    ('As I said, "never deploy on Fridays."' and 'The rule: "never …"' are)."""
    opening = max(sentence.rfind(q, 0, at) for q in _QUOTES)
    if opening < 0 or not any(q in sentence[at:] for q in (*_QUOTES, "'")):
        return False
    return bool(_REPORTED.search(sentence, 0, opening))


def _english_at(pattern: re.Pattern[str], text: str, at: int) -> bool:
    """``pattern`` matches at ``at`` and its sentence is no talk."""
    return bool(pattern.match(text, at)) and not _talk_at(text, at)


def _says_english(pattern: re.Pattern[str], text: str) -> bool:
    """``pattern`` matches in ``text`` at a position whose sentence is no talk."""
    at = 0
    while (m := pattern.search(text, at)) is not None:
        if not _talk_at(text, m.start()):
            return True
        at = m.start() + 1
    return False


def is_correction(text: str) -> bool:
    """The user changing course or fixing something the assistant got wrong.

    >>> is_correction("其实锁表应该用 Redis，不是 Memcached。")
    True
    """
    if is_nudge(text):
        return False
    said = (
        _says_english(_CORRECTION, text)
        or _says_european(_EUROPEAN_CORRECTION, text, _european_words(text))
        or _said_by_grammar(_GRAMMAR_CORRECTION, text, _grammar_words(text), bans=False)
        or _says_unspaced(_UNSPACED_CORRECTION, _unspaced_ends(text))
    )
    # a choice made against another is a decision ("We decided on Kafka instead of
    # RabbitMQ", "팀은 RabbitMQ 대신 Kafka를 쓰기로 했습니다"), filed as one (review 14 M2)
    if said:
        return not (_INSTEAD.search(text) and is_decision(text))
    return _contrasts_in(text) or turns_course(text)


def _contrasts_in(text: str) -> bool:
    """A sentence of a short text that corrects by its shape (``contrasts_values``): "Not
    port 8080, use port 8443.", "Redis 6 नहीं, Redis 7 इस्तेमाल करो।", "不是Postgres 14，用
    Postgres 16。" (a long paste is read by its words only)."""
    return any(contrasts_values(x) for x in _sentences_maybe_contrasting(text))


def _sentences_maybe_contrasting(text: str) -> list[str]:
    """The sentences of a short text ``_contrasts_in`` reads (from the one holding the
    first hit of ``_CONTRASTS_MAYBE`` on), stripped."""
    hit = _CONTRASTS_MAYBE.search(text) if len(text) <= _CONTRAST_LENGTH else None
    if hit is None:
        return []
    return [m.group().strip() for m in _SENTENCE.finditer(text) if m.end() > hit.start()]


def _contrasting(texts: Sequence[str]) -> list[bool]:
    """``[_contrasts_in(t) for t in texts]``: with RE2, one pass over all their sentences
    says in which ``contrasts_values``'s patterns may match. Most hold a negation word and
    no value after it ("не знаю", "不是的", "no worries"): a chat of 7,000 short Korean and
    Russian turns searched 1,900 sentences for "X and not Y" one by one, ~5 µs each."""
    said = [_sentences_maybe_contrasting(t) for t in texts]
    every = [s for sentences in said for s in sentences]
    may: Container[int] = range(len(every))
    if _prefilter_pays(sum(map(len, every)), _DENIED_FIRST, _AND_NOT):
        denied = touched(superset(_DENIED_FIRST), every)
        and_not = touched(superset(_AND_NOT), every)
        if denied is not None and and_not is not None:
            may = denied | and_not
    found, at = [], 0
    for sentences in said:
        found.append(any(at + j in may and contrasts_values(s) for j, s in enumerate(sentences)))
        at += len(sentences)
    return found


# the longest text read for a correction by its shape
_CONTRAST_LENGTH = 600


def contrasts_values(sentence: str) -> bool:
    """A correction by its shape, whatever the language's other words: a value denied at
    the sentence's opening and another of its kind after ("Not Postgres 14 — we're on
    Postgres 16", "Non 8080: la porta giusta è 8443."), or one value said with "and not"
    another ("usa Valkey y no Redis", "STM32F4 değil STM32G4"). Not a question.

    >>> contrasts_values("Perdón, usa Valkey y no Redis para la caché.")
    True
    >>> contrasts_values("Not now, maybe after 5."), contrasts_values("No, 3 is fine.")
    (False, False)
    """
    if sentence.rstrip().endswith(("?", "？", "؟")):
        return False
    m = _DENIED_FIRST.search(sentence)
    if m is not None and _alike(m.group("a"), m.group("b")):
        return True
    m = _AND_NOT.search(sentence)
    if m is None:
        return False
    a, b = next(
        (m.group(x), m.group(y))
        for x, y in ("ab", "cd", "ef", "gh", "ij", "kl", "mn")
        if m.group(x)
    )
    return _alike(a, b)


def _alike(a: str, b: str) -> bool:
    """Two different values of one kind: both numbers, both code, or both names."""

    def kind(v: str) -> str:
        v = _VALUE_PARTICLE.sub("", v)
        if v.startswith("`"):
            return "code"
        return "number" if re.fullmatch(r"[\d.,:]+", v) else "name"

    return a.strip(".,") != b.strip(".,") and kind(a) == kind(b)


#: The sentences ``rule_by_shape`` keeps its answer for: a chat says the same sentence in
#: many turns ("Thanks, that works.", a template's lines), and a cold fit read each again,
#: ~25-40 µs a sentence (a support chat: 2,694 readings of 1,447 sentences, ~75 ms of its
#: cold fit at 32k, speed103). Said again mostly within a few turns: 128 kept find 90 % of
#: what 4,096 find there; each kept holds its sentence: a 12,000-turn chat's traced peak at
#: 32k, 1.386x its input before, is 1.390x (1.437x with 4,096 kept, 1.403x with 512).
_SHAPED_RULES_KEPT = 128


@lru_cache(maxsize=_SHAPED_RULES_KEPT)
def rule_by_shape(sentence: str) -> bool:
    """A sentence that may be the speaker's rule or correction by its shape alone, in any
    language the lexicon's readers do not read word by word: it denies (``lexicon.negation
    .unread_denial``: "Δεν θέλω πρωινές συναντήσεις…", "reminder mat bhejna", "Tôi không
    muốn…", "14,800 nahi"); no question, no nudge. Weaker
    than ``is_constraint``/``is_correction`` (chatter denies too: "I can't sleep"): the fit
    asks it only of a user's own short words said once, and pins those after her rules.

    >>> rule_by_shape("Δεν θέλω πρωινές συναντήσεις πριν τις 9:30."), rule_by_shape("Hi there.")
    (True, False)
    >>> rule_by_shape("Sharma ji ka bill 18,400 ka hai, 14,800 nahi."), rule_by_shape("Why not?")
    (True, False)
    >>> rule_by_shape("no takže soused zase vrtá"), rule_by_shape("klavír nesmí jet s akváriem")
    (False, True)
    """
    stripped = sentence.rstrip()
    if not stripped or stripped.endswith(("?", "？", "؟", ":", "：")):
        return False  # (a question asks; "Accountant ne ye bheja hai:" leads into a paste)
    # (a language the lexicon reads is read there, its shapes too: "I can't sleep" is none;
    # a value set against another is said with a denial: "14,800 nahi", "όχι στις 9:40")
    return unread_denial(_shape_told(stripped)) and not is_nudge(stripped)


def _shape_told(stripped: str) -> str:
    """What ``rule_by_shape`` asks ``unread_denial`` of (a sentence less its white space at
    the end): less what the speaker never did, and the bare "no" of Czech and Polish talk."""
    return _BARE_NO.sub(" ", without_experiences(stripped))


def rules_by_shape(sentences: Sequence[str]) -> list[int]:
    """The indices of those of ``sentences`` that ``rule_by_shape`` reads as a rule: the same
    as asking it of each, but a sentence in which RE2 finds nothing of what a denial is read
    by (``negation.UNREAD_DENIAL_SCREEN``'s superset, one pass over all of them) is not read.
    Most of a user's sentences hold none, and reading each word by word cost ~20 µs (~650
    sentences of a cold fit at 32k, ~8 % of it; speed115).

    >>> rules_by_shape(["Hi there.", "Δεν θέλω πρωινές συναντήσεις.", "14,800 nahi", "Why not?"])
    [1, 2]
    """
    told = [screened_for_denial(_shape_told(s.rstrip())) for s in sentences]
    screen = superset(UNREAD_DENIAL_SCREEN)
    if not may_search(screen, "".join(told)):
        return []  # (none in any: one search, where a sentence apart costs a search each)
    may = touched(screen, told)
    return [i for i, s in enumerate(sentences) if (may is None or i in may) and rule_by_shape(s)]


#: "no", which denies in English and Spanish (read by the lexicon) and is a filler in Czech
#: and Polish speech ("no takže", "no prostě": well, so): no denial for ``rule_by_shape``
_BARE_NO = re.compile(r"(?i)\bno\b")


def is_constraint(text: str) -> bool:
    """A standing rule: a negation or an imperative of obligation; not the speaker's own
    to-dos said in passing (``only_todos``).

    >>> is_constraint("这次改动不要碰 src/payments/ 目录。"), is_constraint("不急，有进展告诉我。")
    (True, False)
    >>> is_constraint("Work was insane, and I should really sort out the garage, ugh.")
    False
    """
    return _reads_as_rule(text) and not only_todos(text)


def _reads_as_rule(text: str) -> bool:
    if is_nudge(text):
        return False
    # (what the speaker never did or saw is told, not ruled: "Nunca vi isso antes.")
    text = without_experiences(text)
    return (
        _says_english(_CONSTRAINT, text)
        or _says_european(_EUROPEAN_CONSTRAINT, text, _european_words(text))
        or _said_by_grammar(_GRAMMAR_RULE, text, _grammar_words(text))
        or _says_unspaced(_UNSPACED_CONSTRAINT, _unspaced_ends(text))
        or standing_order(text)
        # (an imperative before a negative determiner: "Voeg geen … toe", "Add no …")
        or banned_by_grammar(text)
    )


def without_todos(sentence: str) -> str:
    """``sentence`` less its clauses that are the speaker's to-dos (``lexicon.OWN_TODO``: no
    time, amount or request to anyone in them): what else it says.

    >>> without_todos("The train was late, and I should really sort out the garage, ugh.")
    'The train was late ugh.'
    """
    said = [c for c in _TODO_CLAUSES.split(sentence) if c]
    kept = [
        c
        for c in said
        if not (
            _OWN_TODO.search(c)
            and not any(ch.isdigit() for ch in c)
            and not _TODO_ADDRESSED.search(c)
        )
    ]
    return " ".join(kept).strip() if len(kept) < len(said) else sentence.strip()


def only_todos(text: str) -> bool:
    """Whether ``text`` reads as a rule or a correction only for the speaker's own to-dos
    said in passing ("…, and I should really sort out the garage, and …"): a personal to-do
    binds the speaker, not the work (R39-F3: such a chatty turn was pinned as a rule).

    >>> only_todos("Ugh, I should really sort out the garage. What else do we need?")
    True
    >>> only_todos("I should sort out the garage. Never book red-eye flights.")
    False
    """
    return bool(_only_todos_among([text], [0]))


def _only_todos_among(texts: Sequence[str], ruled: Iterable[int]) -> set[int]:
    """Those of ``ruled`` (indices of ``texts`` read as rules or corrections) that read so
    only for the speaker's to-dos (``only_todos``): each sentence less its to-dos read again,
    all of them in one ``steering_requests`` call (one a text cost a talkative chat's cold
    fit ~1.3x)."""
    todo: list[int] = []
    rests: list[str] = []
    owners: list[int] = []
    ruled = list(ruled)
    # (with RE2, one pass over the ruled texts says which may hold a to-do: most hold none,
    # and Python's engine tried the pattern at every character of each, ~40 ns one: a chat of
    # pasted Italian recipes, each ruled for its imperatives, spent ~17 ms of a cold fit here)
    may: Container[int] = range(len(texts))
    if _prefilter_pays(sum(len(texts[i]) for i in ruled), _OWN_TODO):
        found = touched(superset(_OWN_TODO), [texts[i] for i in ruled])
        if found is not None:
            may = {ruled[k] for k in found}
    for i in ruled:
        if i not in may or _OWN_TODO.search(texts[i]) is None:
            continue
        sentences = _SENTENCES.split(texts[i])
        # (a to-do is said, not asked: "Anything I should worry about?" after a pasted
        # leaflet is no to-do, and such turns were read again whole, ~1.4x a cold fit)
        if not any(_OWN_TODO.search(s) and not _ASKED_END.search(s) for s in sentences):
            continue
        todo.append(i)
        for sentence in sentences:
            rest = without_todos(sentence)
            if rest:
                rests.append(rest)
                owners.append(i)
    if not todo:
        return set()
    steer = steering_requests(rests, restating=False, todos=False)[0]
    return set(todo).difference(owners[j] for j in steer)


class _EveryShape:
    """Every shape may match (no RE2 pass said which of ``_SHAPES`` may)."""

    def __contains__(self, _: object) -> bool:
        return True


_EVERY_SHAPE: Container[re.Pattern[str]] = _EveryShape()


def turns_course(text: str, shapes: Container[re.Pattern[str]] = _EVERY_SHAPE) -> bool:
    """A correction by its structure, in a short turn of any language: one value put in
    another's place ("Użyj NATS zamiast RabbitMQ.", "Usa X invece di Y.", "ใช้ polars แทน
    pandas"), one value replaced by another ("Cseréld le a Redis 6-ot Valkey 8-ra."), what was
    said taken back before what holds now ("Vergiss das, steig auf NATS um.", "Zaboravi
    Jenkins, koristimo GitLab CI 16."), or a question that puts the right value forward
    ("Sollte das nicht NATS sein?").

    >>> turns_course("Nimm OR-Tools statt eines eigenen Solvers.")
    True
    >>> turns_course("Warum statt?"), turns_course("Die Sitzung findet morgen statt.")
    (False, False)

    ``shapes``: the patterns of ``_SHAPES`` that may match in ``text`` (``_shapes_in``);
    the others are not searched for.
    """
    if len(text) > _CONTRAST_LENGTH:
        return False  # (a long paste is read by its words only)
    if _CORRECTING_QUESTION in shapes and _CORRECTING_QUESTION.search(text):
        return True
    course, tail, setting = (p in shapes for p in (_COURSE_CHANGE, _CONTRAST_TAIL, _SETTING))
    return any(
        (
            (course and changes_course(sentence))
            or (tail and _denies_at_the_end(sentence))
            or (setting and _sets(sentence))
        )
        and not _asks(sentence)
        and not _SPEAKER_FIRST.match(sentence)
        for sentence in _SENTENCE.findall(text)
    )


def changes_course(sentence: str) -> bool:
    """Whether ``_COURSE_CHANGE`` matches in ``sentence`` (property-tested), its gapped
    alternatives searched only where their own word is (``COURSE_CHANGE_GAPPED``:
    Python's engine tried them at every character, ~50 ms a long sentence of nouns and
    numbers).

    >>> changes_course("Ersetze überall Redis 6 durch Valkey 8."), changes_course("Lager 12")
    (True, False)
    """
    if _COURSE_CHANGE_VERB_FIRST.search(sentence):
        return True
    # (its superset rules the sentence out when it surely holds none of those alternatives;
    # compiled once the sentences searched without it would have paid for it)
    worded = not _COURSE_CHANGE_SEARCH.by_re2(len(sentence)) or may_search(
        superset(_COURSE_CHANGE_WORDED, True), sentence
    )
    if worded and _COURSE_CHANGE_WORDED.search(sentence):
        return True
    return any(
        word.search(sentence) and gapped.search(sentence) for word, gapped in _COURSE_CHANGE_GAPPED
    )


def _denies_at_the_end(sentence: str) -> bool:
    """A value said, then the one it replaces denied at the end ("uporabljamo nL, ne µL.",
    "Kafka kullan, RabbitMQ değil."). The tail may take up to five words before the denied
    value: in a short sentence its first match starts at the sentence's start and leaves
    nothing before it, so each later start is tried too (the value said is before one).

    >>> _denies_at_the_end("Kafka kullan, RabbitMQ değil."), _denies_at_the_end("Not 8080.")
    (True, False)
    """
    tail = _CONTRAST_TAIL.search(sentence)
    while tail is not None:
        if lexicon.VALUE_TOKEN.search(sentence, 0, tail.start()):
            return True
        tail = _CONTRAST_TAIL.search(sentence, tail.start() + 1)
    return False


def _sets(sentence: str) -> bool:
    """A setting given a value ("Endelig beslutning: image_max_px_001 = 1600.")."""
    return len(sentence) <= lexicon.SETTING_CHARS and bool(_SETTING.search(sentence))


def standing_order(text: str, shapes: Container[re.Pattern[str]] = _EVERY_SHAPE) -> bool:
    """A rule by its structure, in a short turn of any language: an obligation said to the
    listener that holds every time ("`west build` skal køres med `--pristine` hver eneste
    gang."), not the speaker's habit
    ("I always have to restart it"), or a courteous negated order
    ("Per favore non modificare niente in vendor/.", "Proszę nic nie zmieniać w infra/."),
    or "never" or "under no circumstances" said of a command or a path ("Nikoli ne poženi
    `make deploy`.", "Sub nicio formă nu atinge infra/live/."); "make sure" is an obligation
    ("Varmista, että `mvn` saa `-B` joka kerta.").

    >>> standing_order("Bisogna eseguire `snakemake` con `--use-conda` ogni volta.")
    True
    >>> standing_order("Ich muss immer zweimal klicken."), standing_order("Muss das immer?")
    (False, False)

    ``shapes``: as for ``turns_course``.
    """
    if len(text) > _CONTRAST_LENGTH:
        return False
    ban, never = _COURTEOUS_BAN in shapes, _NEVER_SAID in shapes
    every_time = _MODAL_OBLIGATION in shapes and _REPETITION in shapes
    if not (ban or never or every_time):
        return False
    for sentence in _SENTENCE.findall(text):
        if _asks(sentence):
            continue
        if ban and _COURTEOUS_BAN.search(sentence):
            return True
        # ("I never touched src/payments/" tells what happened)
        if never and _NEVER_SAID.search(sentence) and not _SPEAKER_FIRST.match(sentence):
            return True
        # (every time: an obligation alone may be a guess, "Tu dois être fatigué.", or an
        # idiom, "Hay que ver lo lento que va.")
        if (
            every_time
            and _MODAL_OBLIGATION.search(sentence)
            and _REPETITION.search(sentence)
            and not _SPEAKER_FIRST.match(sentence)
        ):
            return True
    return False


def _asks(sentence: str) -> bool:
    """A sentence that asks something (no rule nor correction said)."""
    return sentence.rstrip().endswith(("?", "？", "؟")) or bool(_QUESTION.search(sentence))


def restates_task(text: str) -> bool:
    """A request that states the task again ("the goal is ...", "new task: ..."), in any
    language ("Zmiana planów: …", "方針変更です：…").

    >>> restates_task("Zmiana planów: najpierw baza."), restates_task("Plan jest dobry.")
    (True, False)
    """
    return bool(
        _RESTATES.search(text)
        or _RESTATES_OPENING.match(text, 0, _OPENING)
        or lexicon.NEW_GOAL.search(text, 0, _OPENING)
    )


# how far into a text a restatement's opening phrase is read
_OPENING = 120


_DECISION_HINT_BYTES = tuple(h.encode() for h in _DECISION_HINTS)
_DECISION_ASCII_HINTS = tuple(h for h in _DECISION_HINT_BYTES if h.isascii())
_WORD_START = compiled_on_use(r"\b\w")
_HINT_REACH = 40  # the most characters a match runs before or after its hint
# A decision is said in a turn of its own ("Approved — go ahead with the refund."): a longer
# text (a pasted log or document, a long brief) is not read for one, so a long session's
# requests cost the few short ones.
_DECISION_CHARS = 400


_DECISION_SENTENCE_END = compiled_on_use(r"[.!?](?=\s|$)|[\n。！？；]")


def is_decision(text: str) -> bool:
    """An approval or a choice the user states, theirs or someone's, not asked about.

    >>> is_decision("Yes, go ahead with the refund."), is_decision("ok, go ahead")
    (True, False)
    >>> is_decision("Novidade: a supervisora Juliana aprovou o reembolso integral.")
    True
    >>> is_decision("Did Dana approve the cutover window?"), is_decision("刚开完会，王工决定用令牌桶。")
    (False, True)
    """
    if len(text) > _DECISION_CHARS:
        return False
    lowered = text.lower()
    at = _hints_at(lowered)
    return bool(at) and not is_nudge(text) and any(_decides_at(lowered, p) for p in at)


def _hints_at(lowered: str) -> list[int]:
    """Where a hint of ``_DECISION_HINTS`` starts in ``lowered``, ascending, each once: the
    hints the text holds looked for (most of its ~200 hints it holds none of: a generator a
    hint cost ~5 ms over a never-seen session's short turns, speed31)."""
    at: set[int] = set()
    for hint in [h for h in _DECISION_HINTS if h in lowered]:
        pos = lowered.find(hint)
        while pos >= 0:
            at.add(pos)
            pos = lowered.find(hint, pos + 1)
    return sorted(at)


def _decides_at(text: str, at: int) -> bool:
    """A decision matched around position ``at`` of ``text`` (lowered), in a sentence
    that asks nothing."""
    # a match holding the hint starts at a word start before it, or just before it (an
    # unspaced script): the pattern is tried at those few places only, not scanned
    lo = max(0, at - _HINT_REACH)
    starts = {m.start() for m in _WORD_START.finditer(text, lo, at + 1)}
    starts.update(range(max(lo, at - 3), at + 1))
    for start in sorted(starts):
        hit = _DECISION.match(text, start)
        if hit is None or not at < hit.end():
            continue
        begin = max(text.rfind(ch, 0, hit.start()) for ch in ".!?¿\n。！？；") + 1
        closing = _DECISION_SENTENCE_END.search(text, hit.end())
        sentence = text[begin : closing.end() if closing else len(text)].rstrip()
        if sentence.startswith("¿") or _QUESTION.search(sentence):
            continue  # "Did Dana approve it?", "同意吗？", "¿Lo aprobó Ana?"
        if _QUESTION_OPENING.match(sentence) or _ASKED.match(sentence):
            continue  # "Est-ce qu'il a approuvé", "did the DBA sign off"
        if _UNDECIDED.search(text, begin, hit.start()):
            continue  # "remind me what we decided", "once Dana approves", "se o Paulo aprovar"
        if _HEDGED.search(sentence) or _JOKE.search(sentence):
            continue  # "Maybe we go with Stripe, not sure yet.", "… picked a fight, lol"
        if _not_given(text, begin, at, sentence):
            continue  # "Dana has not approved the cutover yet.", "…承認されていません。"
        return True
    return False


# a clause's end before a decision's hint: its "not" is read in the hint's clause only
_CLAUSE_BREAK = compiled_on_use(r"[,;:—–()]")
# the words before a decision's hint read for its "not"
_NOT_REACH = 3


def _not_given(text: str, begin: int, at: int, sentence: str) -> bool:
    """Whether the approval or decision whose hint is at ``at`` of ``text`` (its
    ``sentence`` opening at ``begin``) is said as not given (yet): a "not" among the few
    words before it in its clause, a "not yet" in its sentence, or a denying ending after
    it ("Dana has not approved it.", "変更はまだ承認されていません。"; not "No, we decided to
    keep Redis.", nor "We decided not to ship on Friday.")."""
    if _NOT_GIVEN_YET.search(sentence) or _NOT_GIVEN_AFTER.match(text, at):
        return True
    clause = _CLAUSE_BREAK.split(text[begin:at])[-1]
    return any(w.strip("'’") in _NOT_GIVEN_WORDS for w in clause.split()[-_NOT_REACH:])


_NOT_GIVEN_WORDS = lexicon.NOT_GIVEN_WORDS
_NOT_GIVEN_YET = lexicon.NOT_GIVEN_YET
_NOT_GIVEN_AFTER = lexicon.NOT_GIVEN_AFTER


# Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer,
# Myanmar): ``\w+`` reads a whole clause as one "word", so a request in them never had
# "four words" and a Chinese or Japanese goal was never pinned. Their length is measured
# in characters instead, after taking out the nudges and openers of these languages.
_UNSPACED = compiled_on_use(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\uff66-\uff9f]"
)
# Korean is spaced, but a spaced word (eojeol) is a word and its particles: "로그인 버그
# 고쳐줘" (fix the login bug) is three. Hangul syllables are measured as characters too.
# the scripts ``_unspaced_ends`` reads (those of ``_BY_CHARACTERS`` and the spaced ones
# English and European patterns do not: Cyrillic, Greek, Hebrew, Arabic, Devanagari)
_OTHER_SCRIPTS = compiled_on_use(
    _UNSPACED.pattern[:-1] + "\uac00-\ud7a3\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0900-\u09ff"
    "\u10d0-\u10ff"  # Georgian
    # Turkish (ı ş ğ) and Vietnamese (đ ă ơ ư and the tone-marked vowels)
    "\u0131\u015e\u015f\u011e\u011f\u0110\u0111\u0102\u0103\u01a0\u01a1\u01af\u01b0\u1ea0-\u1ef9]"
)
_BY_CHARACTERS = compiled_on_use(_UNSPACED.pattern[:-1] + "\uac00-\ud7a3]")
_UNSPACED_FILLER_LONGEST = max(map(len, _UNSPACED_FILLER))
_UNSPACED_RUN = compiled_on_use(_BY_CHARACTERS.pattern + "+")
# the characters of no filler phrase: they are content wherever they stand
_DROP_FILLER_CHARACTERS = {ord(ch): None for ch in "".join(_UNSPACED_FILLER)}


def _content_characters(run: str) -> int:
    """The fewest characters of ``run`` left over when it is read as nudge and opener
    phrases wherever it can be (a reading left to right would take "你好" out of
    "你好的" and count "的")."""
    fewest = [0] * (len(run) + 1)
    for end in range(1, len(run) + 1):
        best = fewest[end - 1] + 1
        for size in range(1, min(_UNSPACED_FILLER_LONGEST, end) + 1):
            if run[end - size : end] in _UNSPACED_FILLER:
                best = min(best, fewest[end - size])
        fewest[end] = best
    return fewest[-1]


def _says_enough_unspaced(opening: str) -> bool:
    """At least about four words in a text written (partly) without spaces: three
    characters of an unspaced script count as two words (Chinese words run one to three
    characters), once the nudge and opener phrases are taken out ("好的，继续吧" and
    "你好，我有一个任务" say nothing); words of spaced scripts count as words, and as in
    English, something must be said besides nudges and openers."""
    spaced = _NUDGE_WORD.findall(_BY_CHARACTERS.sub(" ", opening))
    words = len(spaced)
    said = any(w.lower().replace("’", "'") not in _PREAMBLE_WORDS for w in spaced)
    # the usual request: enough characters of no filler phrase at all (at C speed)
    sure = len(_BY_CHARACTERS.findall(opening.translate(_DROP_FILLER_CHARACTERS)))
    if 2 * sure + 3 * words >= 12 and (sure or said):
        return True
    chars = sum(_content_characters(run) for run in _UNSPACED_RUN.findall(opening))
    return 2 * chars + 3 * words >= 12 and bool(chars or said)


def is_substantive(text: str) -> bool:
    """A request that says something: not a nudge nor a bare opener, at least four words
    (in Chinese, Japanese, Thai …, about six characters besides nudges and openers).

    >>> is_substantive("hey, are you there?"), is_substantive("I have a task for you.")
    (False, False)
    >>> is_substantive("Hola, ¿estás ahí? ¿Tienes un momento?")  # small talk (red team D02)
    False
    >>> is_substantive("I have a task for you: migrate the billing service to Postgres.")
    True
    >>> is_substantive("好的，继续吧"), is_substantive("把夜间导出任务改成幂等的，重跑时不能重复写入行。")
    (False, True)
    """
    if _BY_CHARACTERS.search(text, 0, 200):  # (a nudge or an opener is short)
        return _says_enough_unspaced(text[:80])
    words = _opening_words(text)  # read once: a fit asks this of thousands of requests
    if len(words) < 4 and sum(map(_words_in, words)) + _names_in_latin(words) < 4:
        return False  # fewer than four words' worth (``_words_in``, ``_names_in_latin``)
    if len(words) <= 12 and _all_in(words, _NUDGE_OR_TALK):
        return False  # a nudge
    return not _small_talk(words)


#: A word this many letters long or longer says what English says in two: an agglutinating
#: language puts the verb, its object and more in one ("Ngiphendule" is "answer me",
#: "Javoblaringni" "your answers"), so an order of three such words is a request of four
#: (review48: "Ngiphendule njalo ngamaphoyinti.", "always answer me in bullet points", was
#: no request and was lost at every window)
_LONG_WORD = 9


def _words_in(word: str) -> int:
    """How many words ``word`` counts for ``is_substantive``: "it's" two (its apostrophe
    joins two), a long word (``_LONG_WORD``) two.

    >>> _words_in("it's"), _words_in("Ngiphendule"), _words_in("pivot")
    (2, 2, 1)
    """
    return sum(1 + (len(part) >= _LONG_WORD) for part in _APOSTROPHES.split(word))


_APOSTROPHES = compiled_on_use("['’]")


_LAST_LATIN = "\u024f"  # the end of Latin Extended-B: "Ça va Bob" is all Latin


def _names_in_latin(words: list[str]) -> int:
    """How many capitalised Latin-script words name something among words of another script:
    each says what a noun phrase says ("ରିଲିଜର ମାଲିକ Mariam।", "Релиздин ээси — Mariam.":
    "Mariam owns the release" — review49: a three-word statement of an owner, lost at every
    window). A text all in Latin script gains nothing ("Thanks Bob" stays a nudge).

    >>> _names_in_latin(["Релиздин", "ээси", "Mariam"]), _names_in_latin(["Thanks", "Bob"])
    (1, 0)
    """
    latin = [not any(c > _LAST_LATIN and c.isalpha() for c in w) for w in words]
    if all(latin):
        return 0
    return sum(1 for w, in_latin in zip(words, latin, strict=True) if in_latin and w[:1].isupper())


def is_small_talk(text: str) -> bool:
    """A greeting, thanks or "are you there?" and nothing more: it sets no task.

    >>> is_small_talk("Thanks for yesterday"), is_small_talk("Fix the timezone bug.")
    (True, False)
    """
    return _small_talk(_opening_words(text))


def _small_talk(words: list[str]) -> bool:
    return 0 < len(words) <= 12 and (
        _all_in(words, _PREAMBLE_WORDS)
        or (words[0].lower() in lexicon.GREETINGS and _all_in(words, _AFTER_A_GREETING))
    )


_AFTER_A_GREETING = _PREAMBLE_WORDS | lexicon.AFTER_A_GREETING


def shares_a_file(sentence: str) -> bool:
    """A short sentence that says the user shares something: a first-person or past form of
    attaching, sending or "here is", and the thing shared (a screenshot, a file, a log). It
    gives what the task works from; alone, it sets no task.

    >>> shares_a_file("I attached a screenshot of the dashboard.")
    True
    >>> shares_a_file("Saya lampirkan tangkapan layar laporan."), shares_a_file("Send the log to ops.")
    (True, False)
    """
    return (
        len(sentence) <= _SHARING_CHARS
        and lexicon.SHARES.search(sentence) is not None
        and lexicon.ATTACHMENT.search(sentence) is not None
    )


_SHARING_CHARS = 160  # (a longer sentence says more than what it shares)


# --------------------------------------------------------------------------- in bulk
#
# A fit classifies every earlier request of a long session (thousands) to find the goal,
# the corrections and the constraints. The three patterns above cost ~100 µs a text in
# Python's regex engine (every position tries every alternative), and far more on a long
# pasted log: a long session spent most of a cold fit here. Every alternative of
# ``_CORRECTION`` and ``_CONSTRAINT`` starts at a word boundary with one of the words (or
# phrases) below, and so does a word of every ``_RESTATES`` phrase. One C-speed pass over
# all the texts at once finds where those words start (a superset: a property test holds
# it to that), and only there are the full patterns tried, each at one position
# (``Pattern.match(text, pos)``, which sees the character before ``pos`` for ``\b``): the
# cost of a request is the few places it might steer, not its length.
#
# The pass reads the texts folded one character for one (offsets hold): lower-cased ASCII
# letters, digits and "_" kept, every other character a space. Non-ASCII characters
# become one "?" each (``str.encode("ascii", "replace")``) and then a space, both at C
# speed; a space only adds word starts, so the pass stays a superset, and the one pattern
# that needs a digit after a space (``under 5``) also takes a space there (a digit that is
# not ASCII). The four letters ``re.IGNORECASE`` equates with ASCII ones (İ ı ſ K) are
# folded to them first, one for one (``_ascii_folded``): a Turkish session's texts were
# searched by Python's engine (~10x slower, 1.7 s a long pasted request).

_CASE_FOLDS_TO_ASCII = (("\u0130", "i"), ("\u0131", "i"), ("\u017f", "s"), ("\u212a", "k"))


def _ascii_folded(text: str) -> str:
    """``text`` with the letters of ``_CASE_FOLDS_TO_ASCII`` as their ASCII ones (by
    ``str.replace``: a ``translate`` of a wide text costs ~10x more)."""
    if not text.isascii():
        for letter, ascii_letter in _CASE_FOLDS_TO_ASCII:
            if letter in text:
                text = text.replace(letter, ascii_letter)
    return text


_BYTES_FOLD = bytes(
    (c | 0x20 if 65 <= c <= 90 else c) if chr(c).isalnum() or c == 95 else 32
    for c in range(128)
) + b" " * 128  # fmt: skip


def _by_first_letter(alternatives: list[str]) -> str:
    groups: dict[str, list[str]] = {}
    for alt in alternatives:
        groups.setdefault(alt[0], []).append(alt[1:])
    return "|".join(f"{first}(?:{'|'.join(rest)})" for first, rest in sorted(groups.items()))


# The same words in a text as written: a text holding none is searched for no European
# rule (most texts are English; a full search of each would cost a third more).
def _as_written(words: list[str]) -> re.Pattern[str]:
    """The folded ``words`` as they are written (a letter outside ASCII any letter), by
    their first letter (a position is tried against the few words of its letter)."""
    written = [
        re.sub("^x", ".", w).replace("[ x]", ".").replace(" +", r"\W+").replace("[^ ]", r"\S")
        for w in words
    ]
    return compiled_on_use(f"(?i)(?:{_by_first_letter(written)})")


_EUROPEAN_AT = _as_written(lexicon.EUROPEAN_WORDS)
_GRAMMAR_AT = _as_written(lexicon.GRAMMAR_WORDS)
_ENGLISH_AT = _as_written(
    [w.replace(" ?", r"\W?").replace("DIGIT", r"[\d\s]") for w in _CORRECTING_WORDS]
)
# (where a word starts: the fold's word starts include a letter after an accent, "É|vite")
_EUROPEAN_WORD = compiled_on_use(f"(?<!\\w){_EUROPEAN_AT.pattern[len('(?i)') :]}", re.IGNORECASE)
_GRAMMAR_WORD = compiled_on_use(f"(?<!\\w){_GRAMMAR_AT.pattern[len('(?i)') :]}", re.IGNORECASE)


def _word_starts(digit: str) -> str:
    """A space before any of the words: only the space is consumed (a lookahead), so no
    word start hides another. A character class of the words' first letters goes first:
    the engine rejects most spaces with it alone (a third faster)."""
    alternatives = _CORRECTING_WORDS + _EUROPEAN_WORDS + _RESTATING_WORDS
    firsts = "".join(sorted({w[0] for w in alternatives}))
    words = _by_first_letter(alternatives).replace("DIGIT", digit)
    return f" (?=[{firsts}])(?={words})"


_MIGHT_STEER_BYTES = compiled_on_use(_word_starts("[0-9 ]").encode())
_RESTATING_BYTES = compiled_on_use(f"(?:{'|'.join(_RESTATING_WORDS)})".encode())
# the letters a word of a restatement starts with (most word starts are tried no further)
_RESTATING_FIRSTS = frozenset(ord(w[0]) for w in _RESTATING_WORDS)


def _candidates(texts: Sequence[str]) -> tuple[dict[int, list[int]], set[int]]:
    """For each text that might steer, where in it the words that might start a steering
    phrase are; and the texts that hold a word of a restatement."""
    where: dict[int, list[int]] = {}
    restating: set[int] = set()
    if not texts:
        return where, restating
    # " " before each text: every word, the first included, follows a space.
    joined = _ascii_folded(" " + " ".join(texts))
    folded = joined.encode("ascii", "replace").translate(_BYTES_FOLD)
    starts = [m.end() for m in _MIGHT_STEER_BYTES.finditer(folded)]
    restates = [p for p in starts if _RESTATING_BYTES.match(folded, p)]
    ends = list(accumulate(len(t) + 1 for t in texts))  # text j ends at ends[j]
    for p in starts:
        j = bisect_right(ends, p - 1)  # the space before the word is in text j or before it
        where.setdefault(j, []).append(p - (ends[j] - len(texts[j])))
    restating.update(bisect_right(ends, p - 1) for p in restates)
    return where, restating


# With RE2 installed (the ``fast`` extra: ``google-re2``), the word starts are found by one
# automaton pass over all the texts (~1-2 ms a megabyte, against ~11-14 ms for Python's
# engine, which tries the alternatives at every space). The pass reads the same fold, the
# texts joined by NUL (kept as NUL, so no phrase runs from one text into the next), and
# takes each word or phrase whole (RE2 has no lookahead): a word start is where a match
# starts, or a space inside a match where the lookahead pattern matches (the only starts a
# match can pass over). A NUL inside a text is a boundary like any non-word character.
_NUL_FOLD = b"\x00" + _BYTES_FOLD[1:]
#: An ASCII letter (``_has_ascii_letter``), found at the first one: deleting every other
#: byte of a text's ASCII characters (``bytes.translate``) copied the whole text, ~1.3 ns a
#: byte (a chat of pasted German and Spanish contracts: ~17 ms of a cold fit, speed75).
_ASCII_LETTER = re.compile("[A-Za-z]")
_ASCII_LETTER_BYTE = re.compile(b"[A-Za-z]")
#: How far a text is searched for an ASCII letter as it is (Python's engine reads a wide
#: text at ~15 ns a character); then in its ASCII characters, encoded at C speed.
_LETTER_LOOKED_FOR = 256


def _has_ascii_letter(text: str) -> bool:
    """Whether ``text`` holds an ASCII letter: most texts have one in their opening; a text
    in another script is searched in its ASCII characters only."""
    if _ASCII_LETTER.search(text, 0, _LETTER_LOOKED_FOR) is not None:
        return True
    return len(text) > _LETTER_LOOKED_FOR and (
        _ASCII_LETTER_BYTE.search(text.encode("ascii", "ignore")) is not None
    )


@cache
def _re2_steering() -> Any:
    """RE2's pattern for the words of ``_word_starts``, each taken whole; None: no RE2."""
    try:
        import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    words = _by_first_letter(_CORRECTING_WORDS + _EUROPEAN_WORDS + _RESTATING_WORDS)
    words = words.replace("DIGIT", "[0-9 ]")
    # a phrase's inner words never run on past the NUL that ends a text: a match that did
    # would pass over the next text's first word ("ok keep going", "Keep the API unchanged")
    words = words.replace("[^ ]", "[^ \x00]").replace("\\S", "[^\\s\x00]")
    return re2.compile(f"[ \x00](?:{words})".encode())


def _word_bytes(texts: Sequence[str], letterless: dict[int, str] | None = None) -> list[bytes]:
    """Each text folded (``_ascii_folded``) and encoded a byte a character, as the word
    passes read it; b"" for a text without an ASCII letter (every word they look for starts
    with one, and no word runs past a text's end: the text holds none). ``letterless``:
    the texts an earlier pass found so, by identity (the text kept with it), looked at no
    more; those found now are added (a fit reads its requests for restatements, then
    mostly the same ones for rules: looking twice at a pasted Korean or Thai transcript was
    ~10 % of a cold fit of a chat of them)."""
    # Each text encoded from its own width (joining the strings first would widen every
    # text to the widest one's, emoji to 4 bytes a character): a byte a character. A text
    # without an ASCII letter holds no word: a pasted Chinese or Japanese chapter is left out
    # after one look at its ASCII characters (folding and scanning it cost ~4x that; the
    # restatements' pass read every one of a pasted Chinese chat's texts so: speed72).
    known = {} if letterless is None else letterless
    encoded: list[bytes] = []
    for text in texts:
        if known.get(id(text)) is text:
            encoded.append(b"")
            continue
        folded = _ascii_folded(text)
        if folded.isascii() or _has_ascii_letter(folded):
            encoded.append(folded.encode("ascii", "replace"))
        else:
            encoded.append(b"")
            known[id(text)] = text
    return encoded


def _candidates_by_re2(
    texts: Sequence[str], letterless: dict[int, str] | None = None
) -> tuple[dict[int, list[int]], set[int]] | None:
    """``_candidates`` by RE2 (without the starts a phrase running on into the next text
    makes); None: RE2 is not installed. ``letterless``: see ``_word_bytes``."""
    pattern = _re2_steering()
    if pattern is None:
        return None
    where: dict[int, list[int]] = {}
    restating: set[int] = set()
    if not texts:
        return where, restating
    encoded = _word_bytes(texts, letterless)
    folded = (b"\x00" + b"\x00".join(encoded)).translate(_NUL_FOLD)
    ends = list(accumulate(len(t) + 1 for t in encoded))  # the NUL after text j is at ends[j]
    find, word_start, restates = folded.find, _MIGHT_STEER_BYTES.match, _RESTATING_BYTES.match
    for start, end in re2_spans(pattern, folded):
        found = [start]
        space = find(b" ", start + 1, end)
        while space >= 0:  # a word start the match passed over
            if word_start(folded, space):
                found.append(space)
            space = find(b" ", space + 1, end)
        for before in found:  # the space or NUL before the word
            j = bisect_right(ends, before)
            where.setdefault(j, []).append(before + 1 - (ends[j] - len(encoded[j])))
            if folded[before + 1] in _RESTATING_FIRSTS and restates(folded, before + 1):
                restating.add(j)
    return where, restating


def might_steer(texts: Sequence[str]) -> list[int]:
    """Indices of the texts that might be a correction, a constraint or a restatement of
    the task; every other text is surely none of the three (at C speed, all at once).

    >>> might_steer(["fix the login test", "Actually, use Redis.", "ok", "Never touch prod"])
    [1, 3]
    """
    return sorted(set(_candidates(texts)[0]).union(_opening_restatements(texts)))


def steering_requests(
    texts: Sequence[str],
    restating: bool = True,
    letterless: dict[int, str] | None = None,
    todos: bool = True,
) -> tuple[list[int], list[int]]:
    """(the substantive corrections and constraints, the substantive restatements of the
    task): indices of ``texts``, each exactly as ``is_correction``/``is_constraint`` and
    ``restates_task`` (with ``is_substantive``) say, in a fraction of their time.
    ``restating=False``: the texts were read for restatements already (``[]`` for them).
    ``letterless``: the texts known to hold no ASCII letter (``_word_bytes``), kept by the
    caller across calls. ``todos=False``: a text that reads as a rule only for the speaker's
    to-dos (``only_todos``) is not left out (the to-dos' own reading of what is left).

    >>> steering_requests(["fix the login test", "Actually, use Redis not Memcached.",
    ...                    "To be clear, the goal is a green build today.", "no"])
    ([1], [2])
    """
    steering: list[int] = []
    restated: list[int] = []
    where, restates = _candidates_by_re2(texts, letterless) or _candidates(texts)
    european_word, grammar_word, english_word = (
        _EUROPEAN_AT.match,
        _GRAMMAR_AT.match,
        _ENGLISH_AT.match,
    )
    # Python's engine tries each pattern at every character (~1-3 µs one); RE2 says first,
    # in one pass, which candidates the patterns surely do not match (most of them: a
    # word of the candidate search is often in no rule: "échange" holds "change")
    candidates = sorted(where)
    # (a candidate whose first English word starts already state a rule or a correction
    # needs no screen nor its other starts sorted: most candidates of a chat of pasted
    # contracts and manuals, "The Licensee must not …", were screened whole by RE2 first)
    ruled = {i for i in candidates if _rules_early(texts[i], where[i], english_word)}
    unruled = [i for i in candidates if i not in ruled] if ruled else candidates
    europeans: dict[int, list[int]] = {}  # the word starts each pattern is tried at
    grammars: dict[int, list[int]] = {}
    englishes: dict[int, list[int]] = {}
    for i in unruled:
        text = texts[i]
        europeans[i] = [p for p in where[i] if european_word(text, p)]
        grammars[i] = [p for p in where[i] if grammar_word(text, p)]
        # (every alternative of the English patterns starts at a word of theirs: a start only
        # another language's words make, "non", "dopo", "nie", starts none of them. An Italian
        # chat of pasted recipes tried both at each "Non …" of each paste, ~13,000 times a fit)
        englishes[i] = [p for p in where[i] if english_word(text, p)]
    english_rules, corrections, european_rules = _may_steer(texts, unruled, englishes, europeans)
    restates = set(_restating_among(texts, sorted(restates))) if restating else set()
    steered: set[int] = set()
    for i in candidates:
        text = texts[i]
        if i in ruled:
            english, european, grammar = True, [], []  # (the rest is not read: or-ed)
        else:
            european, grammar = europeans[i], grammars[i]
            english = i in english_rules and any(
                _english_at(_CORRECTION, text, p) or _english_at(_CONSTRAINT, text, p)
                for p in englishes[i]
            )
        steers = (
            english
            # (the one correction that starts before its word: "— no, …" at the start)
            or (i in corrections and _english_at(_CORRECTION, text, 0))
            or (
                european
                and i in european_rules
                and _says_european(_EUROPEAN_STEERING, text, european)
            )
            or (grammar and _said_by_grammar(_GRAMMAR_STEERING, text, grammar))
        )
        if steers and without_experiences(text) != text:
            # (what the speaker never did or saw is told, not ruled: read as ``is_constraint``)
            steers = is_correction(text) or _reads_as_rule(text)
        if steers:
            steered.add(i)
        substantive = (steers or (restating and i in restates)) and is_substantive(text)
        if steers and (substantive or is_short_rule(text)):
            steering.append(i)
        if substantive and i in restates:
            restated.append(i)
    # Chinese and Japanese rules hold none of the English words the pass looks for; a
    # candidate none of the patterns above matched is read with them (a Turkish word the
    # fold splits, "lütfen", is a candidate: searched one by one, they cost ~0.5 ms each)
    unspaced = _unspaced_steering(texts, steered)
    if unspaced:
        said = [i for i in unspaced if is_substantive(texts[i]) or is_short_rule(texts[i])]
        steering = sorted(steering + said)
        steered.update(unspaced)
    # a ban said by its grammar alone ("Voeg geen … toe.", "Nessuna modifica a …"), as
    # ``is_constraint`` reads it (no candidate word: a few words a text are looked up)
    by_grammar = [
        i
        for i, t in enumerate(texts)
        if len(t) <= BAN_BY_GRAMMAR_LENGTH
        and i not in steered
        and banned_by_grammar(t)
        and not is_nudge(t)
    ]
    if by_grammar:
        steered.update(by_grammar)
        said = [i for i in by_grammar if is_substantive(texts[i]) or is_short_rule(texts[i])]
        steering = sorted(steering + said)
    # a correction by its shape alone ("Not port 8080, use port 8443.", "Redis 6 नहीं,
    # Redis 7 इस्तेमाल करो।"), as ``is_correction`` reads it
    # (with RE2, one pass over the texts says which may hold one of its shapes)
    short = [i for i, t in enumerate(texts) if i not in steered and len(t) <= _CONTRAST_LENGTH]
    may = touched(superset(_CONTRASTS_MAYBE), [texts[i] for i in short])
    maybe = [i for k, i in enumerate(short) if may is None or k in may]
    shaped = [
        i
        for i, contrasts in zip(maybe, _contrasting([texts[i] for i in maybe]), strict=True)
        if contrasts and not is_nudge(texts[i])
        and (is_substantive(texts[i]) or is_short_rule(texts[i]))
    ]  # fmt: skip
    if shaped:
        steering = sorted(steering + shaped)
    # a correction or rule by its structure in any language (``turns_course``,
    # ``standing_order``): one RE2 pass says which short turns may hold one
    rest = [i for i in short if i not in shaped]
    shapes = _shapes_in(texts, rest)
    structured = [
        i
        for i, may in shapes.items()
        if (turns_course(texts[i], may) or standing_order(texts[i], may))
        and not is_nudge(texts[i]) and (is_substantive(texts[i]) or is_short_rule(texts[i]))
    ]  # fmt: skip
    if structured:
        steering = sorted(steering + structured)
    # (a chatty turn that reads as a rule only for the speaker's own to-dos is none, R39-F3)
    if todos:
        said_todos = _only_todos_among(texts, steering)
        if said_todos:
            steering = [i for i in steering if i not in said_todos]
    decided = _decisions(texts, steering)
    if decided:
        steering = sorted(steering + decided)
    if not restating:
        return steering, []
    found = set(restated)
    openings = sorted(set(_opening_restatements(texts)) - found)
    found.update(j for j in _restating_among(texts, openings) if is_substantive(texts[j]))
    return steering, sorted(found) if len(found) > len(restated) else restated


#: The English word starts of a candidate tried at once, before any screen: a rule or a
#: correction most often holds one of its first few (~2 µs a start that fails, where a
#: screen reads the whole text by RE2, building its automaton's states for a never-seen paste)
_TRIED_EARLY = 4


def _rules_early(text: str, starts: list[int], english_word: Callable[[str, int], object]) -> bool:
    """Whether one of the first ``_TRIED_EARLY`` English word starts of ``starts`` (those
    ``steering_requests`` tries the English patterns at) states a correction or a rule: then
    ``steering_requests``' English reading of ``text`` says so too (a screen only rules
    texts out, and the patterns are tried at every English start there)."""
    tried = 0
    for p in starts:
        if not english_word(text, p):
            continue  # (a start only another language's words make: no English pattern's)
        if _english_at(_CORRECTION, text, p) or _english_at(_CONSTRAINT, text, p):
            return True
        tried += 1
        if tried == _TRIED_EARLY:
            return False
    return False


def _shapes_in(texts: Sequence[str], at: list[int]) -> dict[int, Container[re.Pattern[str]]]:
    """Of the texts at ``at`` (ascending), those that may hold one of ``_SHAPES``, each with
    the shapes it may hold: one RE2 pass over them all (``_STEERING_SHAPES``' superset),
    then one a shape over the few it flags (a turn is searched in Python only for the
    shapes RE2 says it may hold). Without RE2: every text, every shape. The shapes' own
    supersets are read from their stored translations (~10 ms to compile, where translating
    them took ~60 ms: a first fit that flagged a few searched them for every shape, 2-4 ms
    a short Chinese paste's part, speed33), else built once a process (``build_patterns``)
    or when the flagged texts are many."""
    may = touched(superset(_STEERING_SHAPES), [texts[i] for i in at])
    if may is None:
        return dict.fromkeys(at, _EVERY_SHAPE)
    flagged = [at[k] for k in sorted(may)]
    if not flagged:
        return {}  # (no shape's superset is compiled for none)
    if not _SHAPE_SEARCH.by_re2(sum(len(texts[i]) for i in flagged)):
        return dict.fromkeys(flagged, _EVERY_SHAPE)
    held: dict[int, set[re.Pattern[str]]] = {i: set() for i in flagged}
    for shape in _SHAPES:
        found = touched(superset(shape, True), [texts[i] for i in flagged])
        for k in range(len(flagged)) if found is None else found:
            held[flagged[k]].add(shape)
    return {i: shapes for i, shapes in held.items() if shapes}


class _CompiledWhenItPays:
    """Whether a screen's RE2 supersets (``superset``) are used, once a process: a fresh
    process searches what they would screen with Python's engine alone until it has searched
    about what compiling them costs, then compiles them (a ski rental: never much more than
    twice the better choice); ``build_patterns`` (``contextledger.warm``) compiles them at
    once. Either way, the same answers: a superset only rules texts out."""

    __slots__ = ("_patterns", "_up_to", "chars_alone")

    def __init__(self, patterns: tuple[re.Pattern[str], ...], up_to: int) -> None:
        self._patterns, self._up_to = patterns, up_to
        self.chars_alone = 0  # characters searched with Python's engine alone so far

    def by_re2(self, chars: int) -> bool:
        """Whether to screen ``chars`` characters by the supersets (compiled when first so)."""
        if all(pattern in _prefilters_built for pattern in self._patterns):
            return True
        if self.chars_alone + chars > self._up_to:
            _prefilters_built.update(self._patterns)
            return True
        self.chars_alone += chars  # (a race between threads only moves the switch)
        return False


# Python's engine searches a flagged turn for every shape at ~8-12 µs a character; the
# shapes' RE2 supersets (23 parts) cost ~20-25 ms to compile, once a process. Few turns are
# flagged (3 of 8,886 never-seen short turns of speed38's tuning sessions), and a fresh
# process's first fit compiled all 23 parts for none or a few (22-39 ms of a ~500 ms first
# fit): up to this many characters of flagged turns are searched without them.
_SHAPES_SEARCHED_ALONE = 300
_SHAPE_SEARCH = _CompiledWhenItPays(_SHAPES, _SHAPES_SEARCHED_ALONE)
# The decisions' screen (2 parts, ~3 ms to compile and more on its first pass) saves ~0.45
# µs a character of the hinted texts (0.75 against 0.3; 284 hinted of 9,769 never-seen
# turns, speed38's tuning sessions).
_DECISIONS_SEARCHED_ALONE = 6_000
_DECISION_SEARCH = _CompiledWhenItPays((_DECISION,), _DECISIONS_SEARCHED_ALONE)
# The worded alternatives of a change of course (``changes_course``): Python's engine
# searches a sentence flagged for them at ~4-8 µs a character; their superset costs
# ~40 ms to compile from its stored translation.
_COURSE_CHANGE_SEARCHED_ALONE = 6_000
_COURSE_CHANGE_SEARCH = _CompiledWhenItPays((_COURSE_CHANGE_WORDED,), _COURSE_CHANGE_SEARCHED_ALONE)


def restating_requests(texts: Sequence[str], letterless: dict[int, str] | None = None) -> list[int]:
    """``steering_requests(texts)[1]`` (the substantive restatements of the task), without
    reading the texts for corrections and rules: the fit looks for the latest restatement
    first and reads for rules only the requests that may still be pinned.

    >>> restating_requests(["fix the login test", "To be clear, the goal is a green build.",
    ...                     "Actually, use Redis not Memcached.", "Zmiana planów: najpierw testy."])
    [1, 3]
    """
    candidates = sorted({*_restating_words(texts, letterless), *_opening_restatements(texts)})
    return [j for j in _restating_among(texts, candidates) if is_substantive(texts[j])]


def _restating_among(texts: Sequence[str], at: list[int]) -> list[int]:
    """The indices in ``at`` of the texts ``restates_task`` says restate the task, in order.
    A word of a restatement is often in none ("plan" in a pasted query's ``t.plan``): with
    RE2, one pass says in which texts ``_RESTATES`` may match, and Python's engine (~1 µs a
    character over a whole pasted text) searches those only."""
    may: Container[int] = range(len(texts))
    if _prefilter_pays(sum(len(texts[i]) for i in at), _RESTATES):
        found = touched(superset(_RESTATES), [texts[i] for i in at])
        if found is not None:
            may = {at[j] for j in found}
    return [
        i
        for i in at
        if (i in may and _RESTATES.search(texts[i]))
        or _RESTATES_OPENING.match(texts[i], 0, _OPENING)
    ]


# A word of a restatement where a word starts, in the fold ``_candidates`` reads (the texts
# joined by NUL, kept as NUL: no phrase runs from one text into the next).
_RESTATING_AT = compiled_on_use(f"[ \x00](?:{'|'.join(_RESTATING_WORDS)})".encode())


@cache
def _re2_restating() -> Any:
    """``_RESTATING_AT`` for RE2 (one automaton pass, ~10x faster); None: no RE2."""
    try:
        import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    return re2.compile(_RESTATING_AT.pattern)


def _restating_words(texts: Sequence[str], letterless: dict[int, str] | None = None) -> set[int]:
    """The texts that hold a word of a restatement where a word starts (the texts
    ``_candidates`` and ``_candidates_by_re2`` say restate; ``letterless``: see
    ``_word_bytes``)."""
    encoded = _word_bytes(texts, letterless)
    folded = (b"\x00" + b"\x00".join(encoded)).translate(_NUL_FOLD)
    ends = list(accumulate(len(t) + 1 for t in encoded))  # the NUL after text j is at ends[j]
    pattern = _re2_restating() or _RESTATING_AT
    return {bisect_right(ends, start) for start, _ in re2_spans(pattern, folded)}


def _opening_restatements(texts: Sequence[str]) -> Iterator[int]:
    """The texts that may open by restating the task in another language ("Zmiana
    planów: …"): their openings (line breaks read as spaces) matched, each where RE2's
    prefilter says the pattern may match (a search of all the openings joined tried the
    pattern at every character: a chat of 7,000 short requests spent ~7 ms there)."""
    openings = [t[:_OPENING].replace("\n", " ") for t in texts]
    may: Iterable[int] | None = None
    if _prefilter_pays(sum(map(len, openings)), _RESTATES_OPENING):
        found = touched(superset(_RESTATES_OPENING), openings)
        may = None if found is None else sorted(found)
    match = _RESTATES_OPENING.match
    return (j for j in (range(len(openings)) if may is None else may) if match(openings[j]))


# A candidate's text is searched by RE2 first when the candidates hold more characters than
# this: below, Python's engine costs less than building RE2's patterns (~80 ms, once).
_PREFILTER_FROM = 50_000
# Once a pattern's RE2 prefilter is built, it pays from far fewer characters: the fit reads
# a long history's requests in batches, newest first, most of them below the threshold
# above (the decisions' hints were then looked for one by one, ~200 passes a batch).
_PREFILTER_BUILT_FROM = 8_000
_prefilters_built: set[re.Pattern[str]] = set()


def _prefilter_pays(chars: int, *patterns: re.Pattern[str]) -> bool:
    """Whether to search texts of ``chars`` characters by the prefilters of ``patterns``
    first (``superset``: built once a process, on the first call that says so; one whose
    translation is stored costs only RE2's compiling, a few ms, and is taken as built)."""
    if chars >= _PREFILTER_FROM:
        _prefilters_built.update(patterns)
        return True
    return chars >= _PREFILTER_BUILT_FROM and _built(*patterns)


def _built(*patterns: re.Pattern[str], in_parts: bool = False) -> bool:
    """Whether the prefilters of ``patterns`` are built, or cheap to build (stored)."""
    return all(p in _prefilters_built or is_stored(p, in_parts) for p in patterns)


# What trying a screened pattern costs at one position, in characters a screen reads for
# the same (RE2's pass over a never-seen text, ~20-60 ns a character, against Python's engine
# at a word start: ``_CORRECTION`` and ``_CONSTRAINT`` ~5-6 µs together; a European rule
# word's sentence ~30-300 µs, speed75). A candidate is screened only when it has more
# positions to try than its length over this: a pasted document with a rule word every
# few thousand characters is tried at those few (screening each pasted contract whole was
# ~40 % of the classification of a paralegal's chat).
_ENGLISH_TRY_CHARS = 200
_EUROPEAN_TRY_CHARS = 2_000


def _screen_pays(text: str, positions: list[int], try_chars: int) -> bool:
    """Whether screening ``text`` whole costs less than trying its pattern at ``positions``."""
    return len(text) < try_chars * len(positions)


def _may_steer(
    texts: Sequence[str],
    at: list[int],
    englishes: dict[int, list[int]],
    europeans: dict[int, list[int]],
) -> tuple[Container[int], ...]:
    """Of the candidates ``at``: those ``_CORRECTION`` or ``_CONSTRAINT`` may match in, those
    ``_CORRECTION`` may, and those ``_EUROPEAN_STEERING`` may (``prefilter``); every one
    when there is no RE2, or when a search of each is cheaper than building its patterns.
    Each screen reads only the texts its answer is asked of: the English patterns', those
    with a word start they are tried at (``englishes``, by text; the others are said to may
    match ``_CORRECTION``, which is then tried at their start alone), the European one's,
    those with a European word start (``europeans``: a support chat's ~45 candidates a fit
    held ~12; each pass over a never-seen paste builds its automaton's states anew); and of
    those, only the texts a screen costs less than trying at their starts (``_screen_pays``):
    the others may (a screen only rules out, so the answers are the same)."""
    every = range(len(texts))
    chars = sum(len(texts[i]) for i in at)
    if not _prefilter_pays(chars, _CORRECTION, _CONSTRAINT, _EUROPEAN_STEERING):
        return every, every, every

    def hits(pattern: re.Pattern[str], among: list[int]) -> set[int] | None:
        if not among:
            return set()  # (no superset is compiled for none)
        found = touched(superset(pattern), [texts[i] for i in among])
        return None if found is None else {among[j] for j in found}

    def screened(starts: dict[int, list[int]], try_chars: int) -> tuple[list[int], list[int]]:
        """(the texts with starts worth a screen, the others with starts: they may)."""
        screen: list[int] = []
        may: list[int] = []
        for i in at:
            if starts[i]:
                (screen if _screen_pays(texts[i], starts[i], try_chars) else may).append(i)
        return screen, may

    english_screen, english_may = screened(englishes, _ENGLISH_TRY_CHARS)
    corrections = hits(_CORRECTION, english_screen)
    constraints = hits(_CONSTRAINT, english_screen)
    english = None if corrections is None or constraints is None else corrections | constraints
    if english is not None:
        english.update(english_may)
    if corrections is not None:
        looked = set(english_screen)
        corrections |= {i for i in at if i not in looked}  # (not screened: may)
    european_screen, european_may = screened(europeans, _EUROPEAN_TRY_CHARS)
    europeans_found = hits(_EUROPEAN_STEERING, european_screen)
    if europeans_found is not None:
        europeans_found.update(european_may)
    return tuple(
        every if found is None else found for found in (english, corrections, europeans_found)
    )


def is_short_rule(text: str) -> bool:
    """A rule or correction too short to be substantive is still one ("Never touch prod.",
    "No force-pushes.", "禁止部署。") when it names what it is about: three words or more,
    one of them no nudge's nor a bare refusal's ("needs to", "Don't stop.", "nope, not
    that" are not rules); in Chinese or Japanese, four characters. (Asked only of texts the patterns
    flag.)"""
    if is_nudge(text):
        return False
    if _BY_CHARACTERS.search(text, 0, 200):
        # (a word of a spaced script beside them counts two: "好，就用 Redis。")
        spaced = _NUDGE_WORD.findall(_BY_CHARACTERS.sub(" ", text[:80]))
        named = sum(2 for w in spaced if w.lower() not in _NUDGE_WORDS)
        return len(_UNSPACED.findall(text, 0, 80)) + named >= 4
    words = _opening_words(text)
    return len(words) >= 3 and any(
        w.lower().replace("’", "'") not in _NUDGE_WORDS | _REFUSAL_WORDS for w in words
    )


_UNSPACED_STEERING = compiled_on_use(
    f"{_UNSPACED_CORRECTION.pattern}|{_UNSPACED_CONSTRAINT.pattern}"
)
# The bulk search reads the texts' ends joined by line breaks: a rule that ends its text
# ("…変更しないこと") is at a ``$`` there only if ``$`` also matches before a break.
_UNSPACED_STEERING_BULK = compiled_on_use(_UNSPACED_STEERING.pattern, re.MULTILINE)
# A lookaround of the patterns (none holds a group): left out, it only widens a match.
_LOOKAROUND = compiled_on_use(r"\(\?<?[=!](?:[^()\\\[]|\\.|\[(?:[^\]\\]|\\.)*\])*\)")
# What Python's ``\s`` matches in a text and RE2's does not (RE2's is ASCII whitespace).
_RE2_SPACE = r"\s\pZ\x{0b}\x{1c}-\x{1f}\x{85}"


@cache
def _re2_unspaced() -> Any:
    r"""RE2's pattern for a superset of ``_UNSPACED_STEERING_BULK`` (UTF-8 bytes): its
    lookarounds left out, ``\s`` as wide as Python's, ``$`` before every break. None: no
    RE2, or a pattern it cannot read (Python's engine then searches alone)."""
    try:
        import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    loose = _LOOKAROUND.sub("", _UNSPACED_STEERING.pattern).replace("$", "(?m:$)")
    loose = re.sub(r"(\[(?:[^\]\\]|\\.)*\])|\\s", _wide_space, loose)
    options = re2.Options()
    options.max_mem = RE2_MAX_MEM
    try:
        return re2.compile(loose.encode(), options)
    except re2.error:
        return None


def _wide_space(found: re.Match[str]) -> str:
    r"""A ``\s`` as RE2's class of every space Python's matches (inside a class, its
    members)."""
    if found[1] is None:
        return f"[{_RE2_SPACE}]"
    return found[1].replace(r"\s", _RE2_SPACE)


def _unspaced_steering(texts: Sequence[str], skip: Container[int]) -> list[int]:
    """The texts not in ``skip`` that ``_steers_unspaced``, found by one search of their
    ends joined (a line break between: what starts a text is at a line's start), each hit
    then checked whole: a chat of thousands of Chinese requests is not searched text by
    text. With RE2, by one automaton pass (~7x faster than Python's engine, which tries
    every alternative at every character)."""
    at = [i for i, t in enumerate(texts) if i not in skip and _in_other_scripts(t)]
    if not at:
        return []  # (RE2's pattern, ~5 ms to translate and compile, is not built for none)
    pattern = _re2_unspaced()
    if pattern is not None:
        ends = [_ends(texts[i]).encode("utf-8", "surrogatepass") for i in at]
        stops = list(accumulate(len(e) + 1 for e in ends))
        hits = re2_spans(pattern, b"\n".join(ends))
        hit_texts = dict.fromkeys(bisect_right(stops, start) for start, _ in hits)
        return [at[j] for j in hit_texts if _steers_unspaced(texts[at[j]])]
    return _unspaced_steering_by_re([texts[i] for i in at], at)


def _unspaced_steering_by_re(texts: list[str], at: list[int]) -> list[int]:
    """``_unspaced_steering`` by Python's engine: of ``texts`` (at positions ``at``), one
    check a text from the first hit in its ends."""
    ends = [_ends(t) for t in texts]
    joined = "\n".join(ends)
    stops = list(accumulate(len(e) + 1 for e in ends))  # one past the break after each
    found: list[int] = []
    search, pos = _UNSPACED_STEERING_BULK.search, 0
    while hit := search(joined, pos):
        j = bisect_right(stops, hit.start())
        if _steers_unspaced(texts[j]):
            found.append(at[j])
        pos = stops[j]  # the next text's start: one check a text
    return found


def _in_other_scripts(text: str) -> bool:
    """Whether ``_unspaced_ends(text)`` reads anything (a text whose only letters outside
    ASCII are accented Latin ones, "¿Cómo se dice …?", is no unspaced rule: left out of the
    search, not searched by RE2 over its accents, ~2x fewer texts in a chat of Spanish,
    German and Japanese learners: speed31)."""
    return not text.isascii() and _OTHER_SCRIPTS.search(_ends(text)) is not None


def _steers_unspaced(text: str) -> bool:
    """A Chinese or Japanese correction or rule (not a nudge)."""
    ends = _unspaced_ends(text)
    # (the bulk search found a hit in its ends already)
    return bool(ends) and _says_unspaced(_UNSPACED_STEERING, ends, True) and not is_nudge(text)


def _decisions(texts: Sequence[str], skip: Sequence[int]) -> list[int]:
    """The texts not in ``skip`` that state a decision (``is_decision``) and say what about
    (substantive, or a short rule's three words). The short texts, lowered, encoded and
    joined, are searched for each of ``_DECISION_HINTS`` at C speed (bytes: a wide string
    is searched several times slower), and only the texts holding one are matched, around
    each hint (the pattern costs ~4 µs a character in Python's engine)."""
    skipped = set(skip)
    at = [i for i, t in enumerate(texts) if len(t) <= _DECISION_CHARS and i not in skipped]
    lowered = [texts[i].lower() for i in at]
    encoded = [t.encode("utf-8", "surrogatepass") for t in lowered]  # a lone surrogate too
    joined = b"\n".join(encoded)
    hinted = sorted(_hinted(joined, list(accumulate(len(e) + 1 for e in encoded))))
    # (with RE2, one pass over the hinted texts says which the pattern may match in: a hint
    # is often a word of no decision, "plan", "option", "sign")
    # (once the hinted texts a process read pay for compiling the screen, ``_DECISION_SEARCH``;
    # the decisions' Python pattern is stored compiled, R23-S1: ~25 ms to compile, it was
    # compiled inside a fit that met a hint)
    if hinted and _DECISION_SEARCH.by_re2(sum(len(encoded[j]) for j in hinted)):
        may = touched(superset(_DECISION), [lowered[j] for j in hinted])
        hinted = hinted if may is None else [hinted[k] for k in sorted(may)]
    found = []
    for j in hinted:
        text, low = texts[at[j]], lowered[j]
        if (
            any(_decides_at(low, p) for p in _hints_at(low))
            and not is_nudge(text)
            and (is_substantive(text) or is_short_rule(text))
        ):
            found.append(at[j])
    return found


def _hinted(joined: bytes, stops: list[int]) -> set[int]:
    """Which of the texts ``joined`` by line breaks (``stops``: one past the break after
    each) hold one of ``_DECISION_HINTS``: with RE2, by one pass of an automaton of the
    hints (a literal's automaton has a state per prefix of a hint at most: it builds few
    on never-seen text, where the decisions' superset, 5 parts, built states over every
    text, 5-9 ms a never-seen session: speed31); else a search for each hint."""
    hints = _re2_decision_hints()
    found: set[int] = set()
    if hints is not None:
        pos = 0
        while (start := re2_start(hints, joined, pos)) >= 0:
            j = bisect_right(stops, start)
            found.add(j)
            if j + 1 >= len(stops):
                break
            pos = stops[j]  # the next text's start: one hit a text
        return found
    for hint in _DECISION_HINT_BYTES if not joined.isascii() else _DECISION_ASCII_HINTS:
        pos = joined.find(hint)
        while pos >= 0:
            j = bisect_right(stops, pos)
            found.add(j)
            pos = joined.find(hint, stops[j])  # the next text's start: one hit a text
    return found


@cache
def _re2_decision_hints() -> Any:
    """``_DECISION_HINTS`` as one RE2 pattern of their bytes (Latin-1: byte for byte as
    ``bytes.find`` finds them); None: no RE2."""
    try:
        import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    options = re2.Options()
    options.encoding = re2.Options.Encoding.LATIN1
    options.max_mem = RE2_MAX_MEM
    literals = (re.escape(h.decode("latin-1")) for h in _DECISION_HINT_BYTES)
    return re2.compile("|".join(literals).encode("latin-1"), options)


#: The patterns searched by their RE2 supersets first (``prefilter.superset``), each with
#: whether it is searched in parts of a text: their translations are stored
#: (``prefilter.TRANSLATIONS``, ``scripts/make_re2_supersets.py``).
SCREENED = (
    *((pattern, False) for pattern in (_CORRECTION, _CONSTRAINT, _EUROPEAN_STEERING)),
    *((pattern, False) for pattern in (_CONTRASTS_MAYBE, _DECISION, _RESTATES)),
    *((pattern, False) for pattern in (_RESTATES_OPENING, _DENIED_FIRST, _AND_NOT)),
    (_STEERING_SHAPES, False),
    *((shape, True) for shape in _SHAPES),
    (_COURSE_CHANGE_WORDED, True),
    (_OWN_TODO, False),
    (UNREAD_DENIAL_SCREEN, False),
    # (the words that put a request off, screened in each sentence: ``fit.anchors.deferring``)
    *((pattern, True) for pattern in (DEFERRED, WHEN_FREE, WAITS_FOR)),
)


def build_patterns() -> None:
    """Build now what classifying builds once a process when first needed (RE2's automata,
    the European patterns split by first character, the prefilters): for
    ``contextledger.warm``, so that no user's call pays for it (a refit that met its first
    German rule built the splits, ~1 s of CPU: speed25)."""
    _re2_steering(), _re2_restating(), _re2_unspaced(), _re2_decision_hints()
    for pattern in (_EUROPEAN_CORRECTION, _EUROPEAN_CONSTRAINT, _EUROPEAN_STEERING):
        by_first_character(pattern).build()
    for pattern, in_parts in SCREENED:
        superset(pattern, in_parts)
    _prefilters_built.update(pattern for pattern, _ in SCREENED)

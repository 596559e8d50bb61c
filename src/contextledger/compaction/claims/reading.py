"""How a recap clause reads, before any record is consulted: the section it is under
(``Commands run:`` …), who it says acted ("the user said …", "the assistant ran …"), and
the words several checks share (a plan's future tense, the generic doing verbs, a
backticked command, a quoted test name).

>>> section_of("**Commands run:** `pytest -q`")
('Commands run', '`pytest -q`')
>>> actor_of("Then the user asked for Redis."), actor_of("It ran `make`.")
('user', 'assistant')
"""

from __future__ import annotations

import re
from itertools import pairwise

from ...lexicon import claims as lexicon
from ..digest import SECTIONS
from ..trace import stem

ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")

# a comma between the items of a list, not one inside a note in parentheses
# a comma or semicolon between clauses, in any script ("X, it belongs to another team",
# "X ኣይትንከፎ፣ ናይ ካልእ ጉጅለ እዩ", "؛")
CLAUSE_MARK = re.compile(r"[,;，、；،؛፣፤၊]")
# The manner an act is done in, closing its clause: ", without downtime", "without stopping it"
MANNER_TAIL = re.compile(r"(?i),?\s+(?:without|with\s+no)\s+(?P<what>[^,;.]+)(?=[.;]?\s*$)")
_LIST_COMMA = re.compile(r",\s+(?![^()]*\))")


def list_items(text: str) -> list[str]:
    """The items of a comma-separated list, a note in parentheses kept with its item
    (review48: "`a.md` (deleted, then written again)" was checked as two items, "`a.md`
    (deleted" and "then written again)", and stripped: no write-type call wrote them).

    >>> list_items("`a.md` (deleted, then written again), b.py")
    ['`a.md` (deleted, then written again)', 'b.py']
    """
    return [p for p in _LIST_COMMA.split(text) if p.strip()]


_HEADER = re.compile(r"^\s*(?:#+\s*)?\**\s*([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ /]+?)\s*\**\s*:\s*\**\s*(.*)$")


# The labels an LLM writes for the recap's sections in its own words ("Rules: never push to
# main", "Decision: …", "Commands: …"): a line under one is the claim that section makes
# (a rule the user's, a command run), not prose whose first word is a label.
_LABELS = {
    "rules": "Constraints and corrections",
    "rule": "Constraints and corrections",
    "constraints": "Constraints and corrections",
    "constraint": "Constraints and corrections",
    "corrections": "Constraints and corrections",
    "correction": "Constraints and corrections",
    "rules and corrections": "Constraints and corrections",
    "decision": "Decisions",
    "commands": "Commands run",
    "commands executed": "Commands run",
    "numbers": "Numbers that matter",
    "key numbers": "Numbers that matter",
    "next": "Next step",
    "next steps": "Next step",
    # (and in the user's language: a recap written back in Spanish, German, French …)
    **dict.fromkeys(["objetivo", "ziel", "objectif", "obiettivo"], "Goal"),
    **dict.fromkeys(
        [
            "reglas",
            "restricciones",
            "correcciones",
            "regeln",
            "einschränkungen",
            "korrekturen",
            "règles",
            "contraintes",
            "regras",
            "restrições",
            "correções",
            "regole",
            "vincoli",
            "correzioni",
        ],
        "Constraints and corrections",
    ),
    **dict.fromkeys(
        ["decisiones", "entscheidungen", "décisions", "decisões", "decisioni"], "Decisions"
    ),
    **dict.fromkeys(
        [
            "einschränkungen und korrekturen",
            "restricciones y correcciones",
            "contraintes et corrections",
            "restrições e correções",
            "vincoli e correzioni",
        ],
        "Constraints and corrections",
    ),
    **dict.fromkeys(
        [
            "ausgeführte befehle",
            "befehle",
            "comandos ejecutados",
            "comandos",
            "commandes exécutées",
            "commandes",
            "comandos executados",
            "comandi eseguiti",
            "comandi",
        ],
        "Commands run",
    ),
    **dict.fromkeys(
        [
            "geschriebene dateien",
            "archivos escritos",
            "fichiers écrits",
            "arquivos escritos",
            "file scritti",
        ],
        "Files written",
    ),
    **dict.fromkeys(
        ["gelesene dateien", "archivos leídos", "fichiers lus", "arquivos lidos", "file letti"],
        "Files read",
    ),
    **dict.fromkeys(["fehler", "fallos", "errores", "échecs", "falhas", "errori"], "Failures"),
}


def section_of(line: str) -> tuple[str | None, str]:
    """The section a line opens (``Commands run:`` …, markdown emphasis allowed, or a
    label of its own words, ``Rules:``) and the text after its colon; ``(None, line)`` for
    other lines.

    >>> section_of("Rules: never push to main.")
    ('Constraints and corrections', 'never push to main.')
    """
    m = _HEADER.match(line)
    if m:
        name = " ".join(m.group(1).split()).casefold()
        for s in SECTIONS:
            if s.casefold() == name:
                return s, m.group(2).strip()
        if name in _LABELS:
            return _LABELS[name], m.group(2).strip()
    return None, line


_SAY_VERB = (
    r"(?:said|says|asked|asks|wants|wanted|requested|requests|insisted|insists|told|tells|"
    r"instructed|prefers|preferred|requires|required|forbade|forbids|forbid|stated|states|"
    r"specified|demanded|reminded|would\s+like|decided|decides|chose|agreed|corrected|added|"
    r"proposed|suggested|recommended|"
    r"allowed|allows|permitted|approved|okayed|ok'?d|authori[sz]ed|clarified|emphasi[sz]ed|"
    r"stressed|mandated|ruled|noted|mentioned|explained|confirmed|set\s+(?:a|the)\s+rule|"
    r"made\s+(?:it\s+)?clear|is\s+(?:fine|ok|okay)\s+with|no\s+longer\s+(?:minds?|objects?|"
    r"cares?|forbids?)|(?:does|did)\s*n[o']t\s+mind|doesn'?t\s+mind|lifted|relaxed|waived|"
    r"withdrew|rescinded|changed\s+(?:their|his|her)\s+mind|gave\s+permission|banned|"
    r"vetoed|objected\s+to|rejected|ruled\s+out|warned\s+(?:against|not\s+to)|"
    r"(?:has|had|have)\s+(?:\w+\s+)?(?:said|asked|told|requested|allowed|insisted))"
)

_WHO = (
    r"(?P<who>the\s+user|users?|the\s+human|the\s+developer|the\s+customer|"
    r"the\s+assistant|assistant|the\s+agent|agent|the\s+model|model|claude|the\s+ai|"
    r"i|we|it|they|he|she)"
)

_SUBJECT = re.compile(
    rf"(?i)^\W*(?:(?:then|later|also|finally|next|first|afterwards|after\s+that|earlier|so|"
    rf"and|but|meanwhile|here)\W+)*{_WHO}(?:'s)?\b"
)

SAYS = re.compile(
    rf"(?i)^\W*(?:(?:then|later|also|finally|next|first|earlier|and|but)\W+)*{_WHO}\s+"
    rf"(?:(?:also|later|then|explicitly|clearly|first|again|originally|specifically|"
    rf"once|has|had|have|always|\w+ly)\s+){{0,2}}(?P<verb>{_SAY_VERB})\b"
)

SAYS_BARE = re.compile(
    rf"(?i)^\W*(?:(?:then|later|also|finally|again|and|but)\W+)*(?P<verb>{_SAY_VERB})\b"
)

_USERISH = frozenset({"the user", "user", "users", "the human", "the developer", "the customer"})


def actor_of(text: str, default: str | None = None) -> str | None:
    """Who a clause says acted: "user", "assistant", or ``default`` (no subject)."""
    m = _SUBJECT.match(text)
    if not m:
        return default
    who = " ".join(m.group("who").casefold().split())
    if who in _USERISH or who in ("he", "she"):
        return "user"
    if who == "they":
        return (
            "user"
            if re.search(
                r"(?i)\b(?:told|asked|instructed)\s+(?:the\s+)?(?:assistant|agent|model)", text
            )
            else default or "user"
        )
    return "assistant"


USER = re.compile(r"(?i)\b(?:the\s+)?user(?:'s)?\b")

BY_USER = re.compile(
    r"(?i)\bby\s+the\s+user\b|\b(?:the\s+)?user\s+(?:\w+ly\s+)?(?:ran|run|re-?ran|executed|did|"
    r"launched|typed|invoked)\b|\buser'?s\s+own\b|\bthemselves\b|\bhimself\b|\bherself\b"
)

CORRECTION_NOTE = re.compile(
    r"(?i)\((?:the\s+user\s+)?(?:corrected|changed|switched|updated|was|previously|formerly|"
    r"originally|replacing|replaced|instead\s+of|not)\b[^)]*\)"
)

FUTURE = re.compile(
    r"(?i)\b(?:i'll|we'll|i\s+will|we\s+will|will|going\s+to|let\s+me|let's|plan\s+to|"
    r"about\s+to|would|could|should|might|may|shall)\b|\?\s*$"
)

DONE = re.compile(
    r"(?i)\b(?:ran|re-?ran|executed|invoked|launched|called|wrote|written|created|edited|"
    r"modified|updated|changed|patched|rewrote|saved|deleted|removed|renamed|added|failed|"
    r"passed|succeeded|crashed|errored|broke)\b"
)

FAIL = re.compile(
    r"(?i)\b(?:fail(?:s|ed|ing|ure|ures)?|errored|errors?|broke|broken|crash(?:ed|es)?|"
    r"traceback|exception|non-?zero\s+exit)\b" + lexicon.NOT_A_MEASURE
)

# A cron schedule ("17 3 * * 1-5", "*/15 * * * *", "0 6 * * MON-FRI"): five to seven fields of
# numbers, steps, ranges, lists or day and month names
_CRON_FIELD = r"(?:[\d*?][\d*/,\-LW#?]*|[A-Za-z]{3}(?:[-,][A-Za-z]{3})*)"
CRON = re.compile(rf"{_CRON_FIELD}(?:[ \t]+{_CRON_FIELD}){{4,6}}")

TESTS = re.compile(r"(?i)\b(?:tests?|test\s+suite|suites?|specs?|ci|build)\b")

_OUTCOME_WORD_LIST = """
    pass fail test run suite all now again also every both green tool call first second third
    last final then rerun re-run clean cleanly error errors without succeed success
    successful successfully complete completed finish finished time timed out crash crashed
    worked works work exit code status initial original earlier later one no longer
"""

OUTCOME_WORDS = frozenset(stem(w) for w in _OUTCOME_WORD_LIST.split())

_GENERIC_DOING_WORDS = """
    run ran execute invoke launch call use try attempt perform start begin continue finish
    complete check inspect look read view open investigate examine review find notice see
    discover confirm verify debug trace reproduce search grep list switch implement add
    create write wrote written edit update modify change patch save rewrite refactor adjust
    tweak move made make took take do did went set put spent gathered collected traced
    narrowed identified determined diagnosed analyzed analysed profiled measured compared
    printed logged loaded fetched queried installed
"""

GENERIC_DOING = frozenset(stem(w) for w in _GENERIC_DOING_WORDS.split())

BACKTICKED = re.compile(r"`([^`\n]+)`")

QUOTED_NAME = re.compile(r"['\"“‘]([^'\"”’\n]{3,120})['\"”’]")


def without_clauses(text: str) -> list[str]:
    """``text`` cut after each "without" clause (:data:`~...lexicon.claims.WITHOUT_CLAUSE_END`),
    each part keeping its own words: the "without" clause its denial, the request after it none.

    >>> without_clauses("現在のレポートを壊さずに、請求書をParquetに移行してください。")
    ['現在のレポートを壊さずに、', '請求書をParquetに移行してください。']
    """
    cuts = [0, *(m.end() for m in lexicon.WITHOUT_CLAUSE_END.finditer(text)), len(text)]
    return [text[a:b] for a, b in pairwise(cuts) if text[a:b].strip()]


def strip_note(item: str) -> str:
    return re.sub(r"\s*\([^)]*\)$", "", item).strip().strip("`")


def fold(text: str) -> str:
    return " ".join(text.casefold().split()).rstrip(".!?")


def quote(s: str, n: int = 100) -> str:
    s = " ".join(s.split())
    return '"' + (s if len(s) <= n else s[: n - 1] + "…") + '"'

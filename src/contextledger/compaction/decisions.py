"""Decisions: who decided what, and which a later correction of the user's turned down or dropped."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model import Message
from .facts import (
    keywords,
    sentences,
)
from .wording import clip, without_code

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
    r"diputuskan|rozhodl\w*|rozhodol\w*|решил\w*|решено|вирішив\w*|вирішили)\b"
    r"|决定|決定|決め(?:ました|た)|拍板|定下来|결정"
)

# A sentence that reports someone's decision ("Amara decided to keep the legacy cluster
# read-only", "王工决定…"): a decision by that person, even when what was decided is worded
# as a rule - filed under Decisions, not Constraints
DECIDED_BY = re.compile(
    r"(?i)^\W*(?:\S+\s+){1,4}?(?:has\s+|have\s+|had\s+|a\s+|hat\s+|ha\s+|hanno\s+|han\s+|"
    r"avons\s+|haben\s+)?(?:decided|decidi[óou]|decidieron|decidiram|d[ée]cid[ée]|entschieden|"
    r"beschlossen|deciso|besloten|chose|opted|settled\s+on|approved|aprob[óo]|aprovou|"
    r"approuv[ée]|genehmigt|approvato|besloot|zdecydowa\w*|postanowi\w*|beslutade|bestämde|"
    r"besluttede|besluttet|karar\s+verd\w*|päätti|memutuskan|rozhodl\w*|rozhodol\w*|решил\w*|"
    r"вирішив\w*)\b|^\W*\S{1,12}?(?<![没未不])(?:决定|決定|拍板|決め(?:ました|た))(?![了吗嗎]?[吗嗎？?])"
)

# An acknowledgement worded as a decision: "I'll keep to those rules.", "Will follow that."
ECHO = re.compile(
    r"(?i)^\W*(?:(?:ok(?:ay)?|acknowledged|understood|sure|got it|noted|will do)\W+)*"
    r"(?:i(?:'ll| will)|we(?:'ll| will)|will)\s+(?:keep to|stick to|stick with|follow|respect|"
    r"honou?r|abide by|go with|do)\s+(?:all\s+)?(?:those|these|the|your|that|this|it|them)\b"
    r"(?:\s+\w+){0,2}\W*$"
)

# What a correction turns down: "use Redis not Memcached", "retry 5 times, not 3", "the
# payment_intent id instead of invoice_id", "starts at 250 ms, not 1 s"
_TURNED_DOWN = re.compile(
    r"(?i)\b(?:not|instead of|rather than|no longer)\s+(?:the\s+|a\s+|an\s+)?"
    r"(\d+(?:\.\d+)?(?:\s?[a-z]{1,7}\b)?|[\w@/+-]+(?:\.\w+)*)"
)

_NUMBER_UNIT = re.compile(r"(\d)\s+(?=[a-z])")  # "1 s" and "1s" are one value


def _values(text: str) -> set[str]:
    """The words of ``text``, casefolded, a number with its unit also as one word."""
    folded = text.casefold()
    joined = _NUMBER_UNIT.sub(r"\1", folded)
    words = re.findall(r"[\w@/+.-]+", f"{folded} {joined}")
    return {w.rstrip(".") for w in words}


def standing(decisions: list[str], messages: Sequence[Message]) -> list[str]:
    """The decisions no later correction of the user's turned down: "I'll go with
    Memcached" is gone once the user said "use Redis not Memcached" (a bare number or a
    short word counts when the correction shares another word with the decision:
    "retry 5 times, not 3" turns down "I'll retry 3 times", not "3 replicas").
    ``messages``: the whole record, so a correction in a turn kept verbatim after the
    recapped ones still turns the recap's decision down."""
    if not decisions:
        return decisions
    down: list[tuple[int, str, set[str]]] = []  # (where, the word turned down, the topic)
    for i, m in enumerate(messages):
        if m.role != "user" or m.is_recap or m.tool_results:
            continue
        for s in sentences(without_code(m.text)):
            for w in _TURNED_DOWN.findall(s):
                value = _NUMBER_UNIT.sub(r"\1", w.casefold().strip())
                bare = re.match(r"\d+(?:\.\d+)?", value)  # "not 30 s" turns down "30" too
                down += [(i, v, keywords(s)) for v in {value, bare[0] if bare else value}]
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
    out = []
    for d in decisions:
        words = _values(d)
        stale = any(
            i > said_at.get(d, len(messages))
            and w in words
            and ((len(w) > 3 and not w[:1].isdigit()) or bool(topic & keywords(d)))
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

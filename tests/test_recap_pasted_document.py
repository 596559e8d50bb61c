"""A document pasted with no colon announcing it ("Bitte prüfen Protokoll 12\\n1. …") is the
document's, not the user's words: its sentences are no constraints, goal or requests of the
user's (on main a cold prepare read every one of them as a rule, a correction and a request:
115 s for 300 turns, and the recap listed ninety of them as the user's constraints). A
pasted log's short lines are read whole: the user's sentence between its records stays."""

from __future__ import annotations

import random

from contextledger.compaction.digest import digest
from contextledger.compaction.facts import without_paste
from contextledger.model import Message

WORDS = [
    "der",
    "die",
    "das",
    "und",
    "ist",
    "nicht",
    "mit",
    "für",
    "auf",
    "dem",
    "patient",
    "studie",
    "dosis",
    "behandlung",
    "protokoll",
    "arzt",
    "muss",
    "soll",
    "darf",
    "werden",
    "nach",
    "vor",
    "während",
    "tagen",
    "wochen",
    "blutdruck",
    "labor",
    "werte",
]


def _document(rng: random.Random, paragraphs: int = 12) -> str:
    out = []
    for k in range(1, paragraphs + 1):
        words = [rng.choice(WORDS) for _ in range(60)]
        out.append(f"{k}. " + " ".join(words).capitalize() + ".")
    return "\n".join(out)


def test_an_unannounced_document_is_a_paste() -> None:
    doc = _document(random.Random(3))
    assert without_paste("Bitte prüfen Protokoll 12\n" + doc) == "Bitte prüfen Protokoll 12"
    assert without_paste("Voici le texte\n\n" + doc) == "Voici le texte"


def test_a_users_own_few_paragraphs_are_read_whole() -> None:
    own = "Never touch src/payments/. " * 8
    text = f"Here is what I need.\n{own}\n{own}\nKeep the retry budget at 5."
    assert without_paste(text) == text


def test_a_log_pasted_around_the_users_sentence_is_read_whole() -> None:
    log = "\n".join(f"{i:09d} INFO api.poll id={i} lat=1.{i}ms" for i in range(60))
    text = f"{log}\n\nNever run `rm -rf /srv/phi` on the shared box.\n\n{log}"
    assert without_paste(text) == text


def test_the_recap_takes_no_rule_from_a_pasted_document() -> None:
    rng = random.Random(11)
    msgs = [Message.user("Goal: find every clause where the patient may leave the study.", id="u0")]
    for k in range(6):
        msgs.append(Message.user(f"Bitte prüfen Protokoll {k}\n" + _document(rng), id=f"u{k + 1}"))
        msgs.append(Message.assistant(f"Clause {k}: nothing on leaving early.", id=f"a{k}"))
    msgs.append(Message.user("Do not change the numbering of the clauses.", id="u9"))
    d = digest(msgs)
    assert d.items("Constraints and corrections") == ["Do not change the numbering of the clauses."]
    assert d.items("Goal") == ["find every clause where the patient may leave the study."]

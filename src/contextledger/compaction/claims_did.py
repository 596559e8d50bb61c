"""An act a recap says the assistant did, said in another language ("O assistente
ofereceu um cupom de 10% ao cliente.", "助手修改了 vendor/ 目录下的 redis 客户端。",
"Der Assistent hat die alten Lagerplätze gelöscht."): a tool call, its result or the
assistant's own words must hold most of what it says; words only a user turn holds (the
user's "Não ofereça cupom …") are no act.

No verb is parsed: the words are compared as they are, a Latin word by its first five
letters (so "ofereceu" is "ofereça"), Chinese and Japanese by pairs of characters. English
claims are read by :func:`~.claims_done.check_action`, which knows its verbs.

>>> from contextledger.model import Message
>>> from .claims_evidence import Evidence
>>> ev = Evidence.of([Message.user("Não ofereça cupom de desconto sem a minha aprovação.")])
>>> [c.reason for c in check_assistant_did("O assistente ofereceu um cupom ao cliente.", ev)]
['no tool call or assistant turn shows it done (only the user mentioned it: "Não ofereça cupom de desconto sem a minha aprovação.")']
"""

from __future__ import annotations

import re

from ..lexicon import claims as lexicon
from . import claims_words as lex
from .claims_evidence import Claim, Evidence
from .claims_reading import quote

# What an act is done to, by name: an id, a path, a branch, a count ("T-5521",
# "release/4.2", "deploy/api", "4")
_OBJECT = re.compile(r"(?<![\w./-])(?:[\w.-]*\d[\w./-]*|[\w.-]+/[\w./-]*)(?<![.-])")


def _whole(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w./-]){re.escape(name)}(?![\w/])")


def _share(mine: frozenset[str], theirs: frozenset[str]) -> float:
    return len(mine & theirs) / len(mine)


def check_assistant_did(text: str, ev: Evidence) -> list[Claim]:
    """A clause whose subject is the assistant, in another language: what it says was
    done is in a call, a result or an assistant turn."""
    m = lexicon.ASSISTANT_SUBJECT.match(text) or lexicon.CJK_ASSISTANT_SUBJECT.match(text)
    if m is None or lexicon.NOT_DONE.search(text[m.end() :]):
        return []
    mine = lex.content_terms(text[m.end() :])
    if len(mine) < 2:
        return []
    acts, said = ev.derive("did terms", lambda: _units(ev))
    if any(_share(mine, terms) >= 0.5 for _, terms in acts):
        return []
    named = _OBJECT.findall(text[m.end() :])
    objects = [_whole(o) for o in named]
    # a bare number names nothing on its own ("row 10" of any output holds "10")
    by_name = any(re.search(r"[^\W\d_]", o) for o in named)
    if by_name and any(all(o.search(act) for o in objects) for act, _ in acts):
        return []  # "cerró el ticket T-5521": the call that names T-5521 did it
    mentioned = max(said, key=lambda u: _share(mine, u[1]), default=None)
    why = "no tool call or assistant turn shows it done"
    if mentioned is not None and _share(mine, mentioned[1]) >= 0.5:
        why += f" (only the user mentioned it: {quote(mentioned[0])})"
    return [Claim("did", text.strip(), why)]


def _units(
    ev: Evidence,
) -> tuple[list[tuple[str, frozenset[str]]], list[tuple[str, frozenset[str]]]]:
    """The record's acts (calls, results, what the assistant said) and user turns, each
    with its terms, read once."""
    terms = lex.content_terms
    acts = [(u.text, terms(re.sub(r"[_/]", " ", u.text) + " " + u.text)) for u in ev.acts]
    acts += [(t, terms(t)) for t in ev.assistant]
    said = [(t, terms(t)) for t in ev.user]
    return acts, said

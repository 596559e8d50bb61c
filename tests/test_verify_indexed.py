"""Verification reads a claim only against the parts of the record that could support it
(R22-C1: each recap clause was compared with every sentence of the record, quadratic on a
chat with pasted documents), and that changes no verdict.

Properties: on random multilingual turns and claims, each indexed check decides as the
brute-force reading of every sentence did (the brute-force readings are kept here, as
they were written before the index).
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.compaction.claims import condition as cond
from contextledger.compaction.claims import named as named
from contextledger.compaction.claims import translated as translated
from contextledger.compaction.claims.evidence import Claim, Evidence
from contextledger.model import Message

_SAID = [
    "Never run `terraform destroy` against the prod workspace.",
    "Maria Kask decided we ship only with DHL; Jonas only suggested it.",
    "Jonas Beck owns the release now, Maria Kask left.",
    "Pushe nie auf main, außer bei Hotfixes.",
    "Deploy alleen naar staging als de tests slagen.",
    "Nie wdrażaj w piątek, chyba że to poprawka bezpieczeństwa.",
    "main ブランチには push しないでください。ただし hotfix は除きます。",
    "Используй Redis, а не Memcached. Лимит — 45 запросов в минуту.",
    "Do not touch contracts/signed/ — legal owns it.",
    "Ziffer 4.2: Der Lieferant liefert die ledger-db innerhalb von 12 Werktagen.",
    "Use Postgres, not MySQL, for the clause store; the budget is 40000 EUR.",
    "Kenji Sato approves CHG40417; Ana Lima only reviews it.",
    "The review deadline is 2027-02-11.",
    "Always run `./lint_contracts.sh` with `--strict` before sending anything.",
    "Ok, keep going.",
]
_CLAIMS = [
    "Never run `terraform destroy` against prod.",
    "Jonas decided to ship only with DHL.",
    "Maria Kask owns the release.",
    "Never push to main.",
    "Deploy to staging unless the tests pass.",
    "Use Memcached, not Redis.",
    "The limit is 45 requests a minute.",
    "Ana Lima approves CHG40417.",
    "The budget is 40000 EUR; the deadline is 2027-02-11.",
    "Do not touch contracts/signed/.",
    "Always run `./lint_contracts.sh`.",
    "Der Lieferant liefert die ledger-db in 12 Tagen.",
]

turns = st.lists(
    st.lists(st.sampled_from(_SAID), min_size=1, max_size=4).map(" ".join),
    min_size=1,
    max_size=6,
)


def _opens_searched(text: str, at: int) -> bool:
    return re.search(r"(?:^|[;,.!?:\n])\W*$", text[:at]) is not None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab _;,.!?:\n\t-—«(Ж1", max_size=30), st.data())
def test_a_name_opens_a_clause_as_the_search_of_all_before_it_found(text: str, data) -> None:
    at = data.draw(st.integers(0, len(text)))
    assert named._opens(text, at) == _opens_searched(text, at)


def _named_span_brute(text: str, ev: Evidence) -> list[Claim]:
    groups = named._name_groups(text)
    if not groups or not _opens_searched(text, groups[0][0]):
        return []
    start, end, name = groups[0]
    mine = named._edges(text[:start] + " " + text[end:])
    if not mine:
        return []
    for turn in ev.user_turns:
        found = named._name_groups(turn)
        contrasted = [g for g in found if _opens_searched(turn, g[0]) and turn[g[1] :][:1] != ":"]
        if len(contrasted) < 2 or not any(n == name for _, _, n in contrasted):
            continue
        spans = [
            (n, turn[e : contrasted[i + 1][0] if i + 1 < len(contrasted) else len(turn)])
            for i, (_, e, n) in enumerate(contrasted)
        ]
        own = set().union(*(named._edges(s) for n, s in spans if n == name))
        said = {w.casefold()[:5] for n, s in spans if n == name for w in named._LETTERS.findall(s)}
        other = next((n for n, s in spans if n != name and (mine & named._edges(s)) - said), None)
        if other is not None and not mine & own:
            return [Claim("user said", text.strip(), "brute")]
    return []


def _same_subject_clauses_brute(claim: str, said_turns: list[str]) -> list[str]:
    out: list[str] = []
    several = translated._several(claim)

    def about(claim: str, said: str, turn: str) -> bool:
        return translated._about(claim, said, turn, claim)

    for t, turn in enumerate(said_turns):
        said = translated._clauses_of(turn)
        for i, (whole, clauses) in enumerate(said):
            after = said[i + 1][0] if i + 1 < len(said) else translated._opening(said_turns, t + 1)
            if translated.lexicon.RULE_BUT.search(after):
                out += [f"{whole} {after}"] if about(claim, whole, turn) else []
                continue
            if several and i + 1 < len(said):
                both = f"{whole} {said[i + 1][0]}"
                if about(claim, both, turn):
                    out.append(both)
            read_whole = len(translated._CLAUSE_END.split(claim)) >= len(clauses) > 1
            pieces = (whole,) if read_whole and about(claim, whole, turn) else clauses
            found = [p for p in pieces if p and about(claim, p, turn)]
            if found and whole not in found and translated._values_beyond(claim, found, whole):
                found.append(whole)
            out += found
    return out


def _qualifier_rules_brute(text: str, ev: Evidence) -> list[tuple[int, str, str]]:
    return [(cond._shared(text, rule), rule, q) for rule, q in cond._rules_said(ev)]


def _evidence(said_turns: list[str]) -> Evidence:
    return Evidence.of([Message.user(t, id=f"u{i}") for i, t in enumerate(said_turns)])


@settings(max_examples=150, deadline=None)
@given(turns, st.sampled_from(_CLAIMS))
def test_indexed_checks_decide_as_reading_every_sentence(said: list[str], claim: str) -> None:
    ev = _evidence(said)
    assert bool(named.check_named_span(claim, ev)) == bool(_named_span_brute(claim, ev))
    for source in (ev.user, ev.user_turns):
        assert translated._same_subject_clauses(claim, source) == _same_subject_clauses_brute(
            claim, list(source)
        )
    brute = _qualifier_rules_brute(claim, ev)
    best = max((s for s, _, _ in brute), default=0)
    rules = cond._rules_said(ev)
    indexed = cond._rules_by_anchor(ev)
    sharing = sorted({i for a in cond._anchors(claim) for i in indexed.get(a, ())})
    scored = [(cond._shared(claim, rules[i][0]), *rules[i]) for i in sharing]
    if best >= 2:  # the best score and the rules holding it, in order, are every rule's
        assert max(s for s, _, _ in scored) == best
        assert [x for x in scored if x[0] == best] == [x for x in brute if x[0] == best]
    else:
        assert all(s < 2 for s, _, _ in scored)

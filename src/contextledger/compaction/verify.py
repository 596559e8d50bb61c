"""Check a recap against the record before it stands: deterministic fact extraction.

A recap is written by the model that will later read it as fact. Every checkable claim
it makes (file path, URL, identifier, number, command, quoted string) must occur in the
messages it covers or in the previous recap. Sentences carrying unsupported claims are
removed (or the whole recap is rejected); load-bearing facts the recap left out (paths
touched, tools run and whether they failed, user requests still open) are appended as
a short facts ledger, all within the byte cap.

>>> from contextledger.model import Message
>>> said = [Message.user("I broke src/app.py; the port is 8080.", id="u1")]
>>> v = verify_recap("The user wants src/app.py fixed. The port is 9090.", said)
>>> v.text
'The user wants src/app.py fixed.'
>>> [str(f) for f in v.unsupported]
['number 9090']
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ..model import Message
from .actions import render_action
from .claims.alike import Alike, check_alike, said_alike
from .claims.anchors import unglued
from .claims.check import Claim, Evidence, check_clause, check_sentence
from .claims.evidence import KeptEvidence
from .claims.kept_off import asked_against_a_ban
from .claims.numbers import computed, share_whole
from .claims.reading import ITEM, list_items, quote, section_of
from .claims.results import held_value
from .claims.runs import run_totals
from .claims.said import prose_command
from .claims.secrets import check_secret
from .claims.settled import between, told_back, told_choice
from .claims.translated import user_quote
from .claims.values import clock_times, dates_in, figures
from .digest import (
    GOAL_LABEL,
    PASSED_LATER,
    POSTED_BY,
    PRIORITY,
    SECTIONS,
    action_item,
    action_line,
    call_commands,
    failure_lines,
    posted_failures,
    ran_against,
    rerun_passed,
)
from .facts import (
    Fact,
    FactSource,
    TranscriptFacts,
    extract_claims,
    keywords,
    sentences,
    transcript_facts,
)
from .failures import failing_tests, passed_on_rerun
from .trace import words_in
from .transcript import cut_prose, cut_utf8, source_text, utf8_len
from .wording import whole_token

if TYPE_CHECKING:
    from functools import _lru_cache_wrapper

VerifyMode = Literal["strip", "reject"]

LEDGER_HEADER = "Facts ledger (checked against the record):"
_SAID_SECTIONS = frozenset({"Goal", "Constraints and corrections", "Open requests"})
_FILE_SECTIONS = frozenset({"Files read", "Files written"})
_LEFT_OUT = re.compile(r"\(\+\d+ more[^)]*\)")  # a section's own count of what it left out


# --------------------------------------------------------------------------- verification


@dataclass(frozen=True, slots=True)
class Verification:
    """The result of checking a recap. ``text`` is the recap that may stand (cleaned
    prose plus the facts ledger, within the byte cap); empty when not ``accepted``.
    """

    text: str
    accepted: bool
    mode: VerifyMode
    supported: tuple[Fact, ...] = ()
    unsupported: tuple[Fact, ...] = ()
    missing: tuple[Fact, ...] = ()
    removed_sentences: tuple[str, ...] = ()
    ledger: str = ""
    reason: str = ""
    ledger_dropped: int = field(default=0)
    misclaims: tuple[Claim, ...] = ()
    claims_checked: int = 0
    #: lines of the recap that stood but did not fit the byte cap (the record keeps them)
    cut: tuple[str, ...] = ()

    @property
    def counts(self) -> dict[str, int]:
        return {
            "supported": len(self.supported),
            "unsupported": len(self.unsupported),
            "missing": len(self.missing),
            "claims_checked": self.claims_checked,
            "unsupported_claims": len(self.misclaims),
            "cut": len(self.cut),
        }

    def summary(self) -> str:
        """One line a UI can show a person."""
        line = (
            f"verified: {len(self.supported)} facts supported, "
            f"{len(self.unsupported)} unsupported, {len(self.missing)} missing; "
            f"{self.claims_checked} claims checked against who did what, "
            f"{len(self.misclaims)} unsupported"
        )
        if self.misclaims:
            shown = "; ".join(str(c) for c in self.misclaims[:3])
            more = f" and {len(self.misclaims) - 3} more" if len(self.misclaims) > 3 else ""
            action = "recap rejected" if self.mode == "reject" else "removed"
            line += f" ({action}: {shown}{more})"
        if self.unsupported:
            shown = ", ".join(f.value for f in self.unsupported[:5])
            more = f" and {len(self.unsupported) - 5} more" if len(self.unsupported) > 5 else ""
            action = (
                f"recap rejected ({shown}{more} never occurred)"
                if self.mode == "reject"
                else f"removed {len(self.removed_sentences)} sentence(s) stating "
                f"{shown}{more}, which never occurred"
            )
            line += f"; {action}"
        if self.missing and self.ledger:
            line += f"; {len(self.missing)} missing fact(s) added to the facts ledger"
            if self.ledger_dropped:
                line += f" ({self.ledger_dropped} did not fit the byte cap)"
        if self.cut:
            shown = ", ".join(quote(c, 60) for c in self.cut[:3])
            more = f" and {len(self.cut) - 3} more" if len(self.cut) > 3 else ""
            line += (
                f"; {len(self.cut)} line(s) of the recap did not fit the byte cap and were "
                f"left out (the record keeps what they say): {shown}{more}"
            )
        if not self.accepted and self.reason and self.mode != "reject":
            line += f"; {self.reason}"
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "accepted": self.accepted,
            "mode": self.mode,
            "counts": self.counts,
            "supported": [f.to_dict() for f in self.supported],
            "unsupported": [f.to_dict() for f in self.unsupported],
            "missing": [f.to_dict() for f in self.missing],
            "unsupported_claims": [c.to_dict() for c in self.misclaims],
            "removed_sentences": list(self.removed_sentences),
            "cut_lines": list(self.cut),
            "ledger": self.ledger,
            "ledger_dropped": self.ledger_dropped,
            "reason": self.reason,
            "summary": self.summary(),
        }


def _loosely_supported(fact: Fact, unit: str, source: FactSource, said: list[str]) -> bool:
    """A range whose ends both occur ("01:00-05:00" for "between 01:00 and 05:00"), or
    words read as a command outside backticks whose words all occur ("the loadgen cargo
    tests"): no invented fact. Commands in backticks are held to the exact text."""
    if fact.kind == "number" and any(
        source.supports(Fact("number", n)) for n in _spellings(fact.value)
    ):
        return True  # "€184.20" for the JSON's 184.2: one amount
    if fact.kind == "number" and _scaled_in(fact.value, unit, source):
        return True  # "81.19%" for a log's 0.8119, "1450" for Benchee's "1.45 K"
    if fact.kind == "number" and computed(fact.value, unit):
        return True  # "1 of the 13 failed (about 8%)": a share of the sentence's own figures
    whole = fact.kind == "number" and share_whole(fact.value, unit)
    if whole and fact.value in run_totals(source.text):
        return True  # "3 of 4 passed" of "1 failed, 3 passed": the run's total
    clock = clock_times(fact.value) if fact.kind == "number" and ":" in fact.value else None
    if clock and clock <= _clocks_in(source.text):
        return True  # "Thursday 12:00" for "Donnerstag 12 Uhr": one time of day
    if fact.kind == "number" and _same_value(fact.value, source.text):
        return True  # "2027-03-05" for "05.03.2027", "48,300.50" for "48.300,50"
    if fact.kind == "number" and re.search(r"\d[-–]\d", fact.value):
        parts = [p for p in re.split(r"[-–]", fact.value) if p]
        return all(source.supports(Fact("number", p)) for p in parts)
    words = fact.value.split()
    denied = rf"(?i)\b(?:not|never|n't|without)\s+(?:to\s+)?{re.escape(fact.value)}"
    if fact.kind == "command" and f"`{fact.value}" not in unit and re.search(denied, unit):
        return True  # "did not touch tools/loadgen", "said never to touch X": a denial, checked as a claim
    if fact.kind == "command" and f"`{fact.value}" not in unit:
        # named in prose: its words in one sentence of the record ("helm upgrade --atomic"),
        # or only its program when plain words follow ("uv rather than pip")
        if not said:
            said += sentences(source.text) or [source.text]
        named = prose_command(fact.value)
        if any(words_in(named, s) for s in said):
            return True
    if fact.kind == "command" and f"`{fact.value}" not in unit and len(words) <= 3:
        if not all(w.isalpha() for w in words):
            return False  # flags, paths, numbers: the exact command or nothing
        return all(source.has_token(w) or source.has_token(w.removesuffix("s")) for w in words)
    return False


def _same_value(value: str, text: str) -> bool:
    """Whether ``text`` gives the date or the amount ``value`` names, however written; an
    amount in its currency or unit ("1,450 EUR" is not "$1,450", "200 s" not "200 ms"),
    unless one side names none."""
    dates, amounts = _values_of(text)
    claimed = dates_in(value)
    if claimed:
        return any(
            d in dates or (d[0] is None and any(k[1:] == d[1:] for k in dates)) for d in claimed
        )
    mine = figures(value)
    units = {n: {u for m, u in amounts if m == n} for n, _ in mine}
    return bool(mine) and all(
        units[n] and (not u or u in units[n] or units[n] == {""}) for n, u in mine
    )


@lru_cache(maxsize=4)  # one record's text, asked of every number of its recap
def _values_of(
    text: str,
) -> tuple[frozenset[tuple[int | None, int, int]], frozenset[tuple[str, str]]]:
    """The dates and the amounts of ``text``, each written one way (see ``figures``)."""
    return frozenset(dates_in(text)), frozenset(figures(text))


@lru_cache(maxsize=4)  # one record's text, asked of every time of its recap
def _clocks_in(text: str) -> frozenset[str]:
    return clock_times(text)


def _spellings(number: str) -> list[str]:
    """Other ordinary ways to write a decimal ``number``: "184.20" is "184.2", "184.2" is
    "184.20", "12.00" is "12" (an amount with cents, a float in a tool's JSON)."""
    if not re.fullmatch(r"\d+\.\d+", number):
        return []
    short = number.rstrip("0").rstrip(".")
    whole, _, cents = short.partition(".")
    return [short, f"{whole}.{cents:0<2}"] if len(cents) < 2 else [short]


def _scaled(number: str, by: int) -> str:
    """``number`` times ``10**by``, written plainly: ("81.19", -2) is "0.8119"."""
    value = Decimal(number).scaleb(by).normalize()
    return f"{value:f}"


def _scaled_in(number: str, unit: str, source: FactSource) -> bool:
    """Whether ``number`` as ``unit`` writes it is a value of the record in another scale:
    a percentage of a fraction ("81.19%" of ``eval/top1=0.8119``), a count in thousands
    ("1.45k" of 1,450) or the count of a record's thousands ("1450" of "1.45 K"). A model
    restating a metric changes its scale, not its value; the digits are the same."""
    if not re.fullmatch(r"\d+(?:\.\d+)?", number):
        return False
    after = re.search(rf"(?<![\d.,]){re.escape(number)}(?![\d])\s?(%|[kK]\b)?", unit)
    if after is None:
        return False
    if after.group(1) == "%":  # a percentage: the fraction it is (a log's 0.8119)
        return _scaled(number, -2) in source.numbers
    if after.group(1):  # "1.45k": the count it abbreviates
        return _scaled(number, 3) in source.numbers
    thousands = _scaled(number, -3)  # "1450": the record's "1.45 K", "1.45k"
    return thousands in source.numbers and source.has_token(thousands, r"(?<![\w.])", r"\s?[kK]\b")


# what a program said, in prose: "ruff found 3 problems", "mypy reported 2 errors"
_REPORTED = re.compile(
    r"(?i)^(?P<program>[\w.-]+)\s+(?:found|reported|flagged|printed|showed|returned|listed|fixed)\b"
)


def _program_reported(value: str, ev: Evidence) -> bool:
    """Whether ``value``, read as a command, is a program that ran and a verb of what it
    reported ("ruff found 3"): no command claimed run (what it found is checked as a claim)."""
    m = _REPORTED.match(value)
    return m is not None and m.group("program").casefold() in {p.casefold() for p in ev.programs}


def _mentions_path(recap: str, path: str) -> bool:
    p = path.rstrip("/")
    return whole_token(recap, p, r"(?<![\w.-])", r"(?![\w-])")


def _mentions_word(recap: str, word: str) -> bool:
    return whole_token(recap, word)


_FAIL_WORD = re.compile(r"(?i)\b(?:fail|failed|fails|failing|failure|error|errored|broke|crash)")


def _notes_failure(recap: str, tool: str) -> bool:
    return tool in recap and any(
        _mentions_word(s, tool) and _FAIL_WORD.search(s) for s in sentences(recap)
    )


def _mentions_request(recap: str, request: str) -> bool:
    words = keywords(request)
    if not words:
        return request.casefold() in recap.casefold()
    have = keywords(recap)
    return len(words & have) / len(words) >= 0.6


def missing_facts(recap: str, facts: TranscriptFacts) -> tuple[Fact, ...]:
    """Load-bearing facts of the transcript that ``recap`` does not state."""
    out: list[Fact] = []
    out += [Fact("request", r) for r in facts.open_requests if not _mentions_request(recap, r)]
    for name, failed in facts.tools:
        # a tool is stated by its name or by what it ran ("`pytest -x`: FAILED …")
        said = [name, *(v for n, v, _ in facts.call_args if n == name)]
        failing = [name, *(v for n, v, f in facts.call_args if n == name and f)]
        if not any(_mentions_word(recap, w) for w in said) or (
            failed and not any(_notes_failure(recap, w) for w in failing)
        ):
            out.append(Fact("tool", name, failed))
    out += [Fact("path", p) for p in facts.paths if not _mentions_path(recap, p)]
    return tuple(out)


def build_ledger(
    missing: Sequence[Fact], facts: TranscriptFacts, max_bytes: int
) -> tuple[str, int]:
    """The facts ledger for ``missing`` facts within ``max_bytes``; returns (text, dropped).

    Priority: open requests, failed tools (with the failing call), paths, other tools.
    """
    if not missing or max_bytes <= utf8_len(LEDGER_HEADER) + 8:
        return "", len(missing)
    requests = [f.value for f in missing if f.kind == "request"]
    failed = [f.value for f in missing if f.kind == "tool" and f.failed]
    failed_calls = [
        c for c in facts.failed_calls if any(c.startswith(n + "(") or c == n for n in failed)
    ]
    paths = [f.value for f in missing if f.kind == "path"]
    ran = [f.value for f in missing if f.kind == "tool" and not f.failed]
    sections: list[tuple[str, list[str], str]] = [
        ("Open requests: ", requests, "; "),
        ("Failed: ", failed_calls or failed, "; "),
        ("Paths touched: ", paths, ", "),
        ("Tools run: ", ran, ", "),
    ]
    lines = [LEDGER_HEADER]
    used = utf8_len(LEDGER_HEADER)
    total = len(requests) + len(failed_calls or failed) + len(paths) + len(ran)
    placed = 0
    for label, items, sep in sections:
        if not items:
            continue
        line = ""
        for item in items:
            candidate = (line + sep + item) if line else label + item
            # keep room for a "(+N more)" tail
            if used + 1 + utf8_len(candidate) + 14 > max_bytes:
                break
            line = candidate
            placed += 1
        if line:
            lines.append(line)
            used += 1 + utf8_len(line)
    dropped = total - placed
    if dropped:
        tail = f"(+{dropped} more in the record)"
        if used + 1 + utf8_len(tail) <= max_bytes:
            lines.append(tail)
    text = "\n".join(lines) if len(lines) > 1 else ""
    return cut_utf8(text, max_bytes), dropped


def verify_recap(
    recap_text: str,
    covered_messages: Sequence[Message],
    previous_recap: str | None = None,
    *,
    mode: VerifyMode = "strip",
    max_bytes: int = 2_000,
    ledger: bool = True,
    context: Sequence[Message] = (),
    quotes: bool = False,
    kept_evidence: KeptEvidence | None = None,
) -> Verification:
    """Check ``recap_text`` against what ``covered_messages`` (and ``previous_recap``) say.

    ``mode="strip"`` (default) removes each sentence that states an unsupported fact;
    ``mode="reject"`` rejects the whole recap if any fact is unsupported. Missing
    load-bearing facts are appended as a facts ledger; the result fits ``max_bytes``.
    ``context`` (the whole record) is where what the recap says the user said may also
    come from: the pinned goal and the turns kept verbatim are outside ``covered_messages``.
    ``quotes``: the recap is the offline writer's, which quotes the record (never an LLM's):
    an item that is, word for word, whole sentences of one turn of its speaker (or an
    action's line with its result) stands on its source (see :class:`_Sources`); every
    other line is checked against the whole record.
    ``kept_evidence``: the evidence of the record its caller checked last (a Preparer's last turn),
    read on from there (see :class:`KeptEvidence`).

    The steps: read the record (:class:`_UnitCheck`), check the recap line by line keeping
    what stands (:func:`_kept_lines`), then reject it, or add the facts it left out as a
    ledger and fit the byte cap (:func:`_verdict`).

    >>> from contextledger.model import Message
    >>> said = [Message.user("Deploy with `make release` to https://example.com.", id="u")]
    >>> verify_recap("Deploy with `rm -rf /` next.", said, mode="reject").accepted
    False
    """
    recap_text = recap_text.strip()
    check = _UnitCheck(
        covered_messages,
        previous_recap,
        context,
        quotes=quotes,
        recap=recap_text,
        kept_evidence=kept_evidence,
    )
    kept = _without_empty_sections(_quoted_where_torn(_kept_lines(recap_text, check), check))
    prose = re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()
    facts = _ledger_facts(covered_messages, previous_recap)
    return _verdict(recap_text, prose, facts, check, mode=mode, max_bytes=max_bytes, ledger=ledger)


def _said_elsewhere(covered: Sequence[Message], context: Sequence[Message]) -> list[Message]:
    """What the user said in turns the recap does not cover (a pinned rule): no invention."""
    ids = {m.id for m in covered}
    return [
        m
        for m in context
        if m.role == "user" and not m.tool_results and not m.is_recap and m.id not in ids
    ]


class _UnitCheck:
    """One recap's check against one record: whether each unit (a section item, or a prose
    sentence) stands, with the tallies the :class:`Verification` reports. The record is read
    as evidence, and its own lines gathered, only when a unit needs them."""

    def __init__(
        self,
        covered: Sequence[Message],
        previous_recap: str | None,
        context: Sequence[Message],
        *,
        quotes: bool,
        recap: str = "",
        kept_evidence: KeptEvidence | None = None,
    ) -> None:
        said = tuple(_said_elsewhere(covered, context))
        self._source = _read_once(_fact_source, tuple(covered), said, previous_recap)
        self._covered = covered
        self._previous = previous_recap
        self._context = context
        self._record_sentences: list[str] = []  # filled on first need
        self._evidence: Evidence | None = None
        self._kept = kept_evidence
        self._sources = _read_once(_sources_of, tuple(covered), said) if quotes else None
        self._own: _RecordLines | None = None  # the record's action, run and printed lines
        self._recap = recap
        self._alike: Alike | None = None  # the shapes of its clauses the record checks
        self.supported: dict[Fact, None] = {}
        self.unsupported: dict[Fact, None] = {}
        self.misclaims: dict[Claim, None] = {}
        self.checked = 0
        self.removed: list[str] = []
        # a unit the record cannot decide, with the user's sentence that takes its place
        self._quoting: dict[str, str] = {}
        self._placed: set[str] = set()

    def evidence(self) -> Evidence:
        if self._evidence is None and self._kept is not None:
            self._evidence = self._kept.of(self._covered, self._previous, self._context)
        elif self._evidence is None:
            self._evidence = _evidence(tuple(self._covered), self._previous, tuple(self._context))
        return self._evidence

    def _record_line(self, item: str, section: str) -> bool:
        """Whether ``item`` is a line the record itself makes under ``section``: an action
        with its result, a command run, a run's failure line or a line a run printed. Such
        a line stands in the full check too (it is what happened, word for word), whatever
        words of it a claim reader would take for a claim."""
        if section not in _RECORD_SECTIONS:
            return False
        if self._own is None:
            self._own = _RecordLines(self._covered)
        return self._own.holds(item, section)

    def standing(self, unit: str, section: str) -> str:
        """What of a section item stands: a list of files keeps the files the record
        supports (one doubtful path among many true ones is removed alone, reported)."""
        items = list_items(unit)
        if section in _FILE_SECTIONS and len(items) > 1:
            return ", ".join(p for p in items if self.stands(p, section))
        return unit if self.stands(unit, section) else self.in_place_of(unit)

    def in_place_of(self, unit: str) -> str:
        """The user's own words, quoted, in place of a unit that did not stand because the
        record cannot decide it; "" for any other unit (see :meth:`quoted_once`)."""
        return self.quoted_once(self._quoting.pop(unit.strip(), ""))

    def quoted_once(self, said: str) -> str:
        """The user's sentence ``said``, quoted, the first time a struck unit gives way to
        it; "" after (two lines told of one sentence, one of each value, give way to one
        quote)."""
        if not said or said in self._placed:
            return ""
        self._placed.add(said)
        return user_quote(said)

    def stands(self, unit: str, section: str | None) -> bool:
        """Check one unit: its facts (each must occur in the record) and its claims (who did
        what, with what outcome, must be what the record shows)."""
        own_line = _LEFT_OUT.sub("", unit).strip()
        if self._is_record_line(own_line, section):
            for f in extract_claims(_LEFT_OUT.sub("", unit)):
                self.supported.setdefault(f, None)
            self.checked += 1
            return True
        bad = False
        for f in extract_claims(_LEFT_OUT.sub("", unit)):
            if self._fact_holds(f, unit, own_line):
                self.supported.setdefault(f, None)
            else:
                self.unsupported.setdefault(f, None)
                bad = True
        claims = self._misclaims(unit, section)
        for c in claims:
            self.misclaims.setdefault(c, None)
        if claims and not bad and all(c.quoted for c in claims):
            self._quoting[unit.strip()] = claims[0].quoted  # (see in_place_of)
        if bad or claims:
            self.removed.append(unit.strip())
        return not (bad or claims)

    def _is_record_line(self, own_line: str, section: str | None) -> bool:
        """A line the record makes itself stands in the full check (the offline writer's
        lines are traced by ``_sources`` instead), unless it prints a password."""
        return (
            self._sources is None
            and section is not None
            and self._record_line(own_line, section)
            and not check_secret(own_line, self.evidence())
        )

    def _fact_holds(self, f: Fact, unit: str, own_line: str) -> bool:
        """Whether the record supports fact ``f`` of ``unit``: verbatim, or in one of the
        ways a true fact is written otherwise."""
        source = self._source
        if source.supports(f) or _loosely_supported(f, unit, source, self._record_sentences):
            return True
        if f.kind == "command" and self.evidence().ran(f.value, exact=True):
            return True  # its options in another order or quoting
        if f.kind == "path" and source.supports(replace(f, value=unglued(f.value))):
            return True  # "expire.py를", "package-lock.json-tiedostoa"
        if f.kind == "command" and _banned_here(f.value, own_line):
            return True  # "Don't touch X": a ban, held to the user's word
        if f.kind == "command" and _program_reported(f.value, self.evidence()):
            return True  # "ruff found 3 problems": its finding, checked as a claim
        # "1 of 3 failed" where go's markers count it
        return f.kind == "number" and held_value(f.value, own_line, self.evidence())

    def _misclaims(self, unit: str, section: str | None) -> tuple[Claim, ...]:
        """The claims of ``unit`` the record does not support, counting those checked."""
        if self._alike is None:
            self._alike = said_alike(self._recap, self.evidence())
        alike = tuple(check_alike(_LEFT_OUT.sub("", unit), self._alike, self.evidence()))
        # "asked to refactor X" beside "never touch X" in this recap: at most one stands
        alike += tuple(
            asked_against_a_ban(_LEFT_OUT.sub("", unit).strip(), self._recap, self.evidence())
        )
        if section is None:
            n, found = check_sentence(_LEFT_OUT.sub("", unit).strip(), self.evidence())
            self.checked += n
            return (*found, *alike)
        parts = sentences(unit) if section in _SAID_SECTIONS else [unit]
        clauses = [_LEFT_OUT.sub("", part).strip() for part in parts or [unit]]
        quoted = self._sources is not None and self._sources.quoted(
            _LEFT_OUT.sub("", unit).strip(), section
        )
        self.checked += len(parts) or 1
        if quoted:  # its speaker's own words: what the record-wide check would find true
            return ()
        ev = self.evidence()
        return (*(c for s in clauses if s for c in check_clause(s, section, ev)), *alike)


def _kept_lines(recap_text: str, check: _UnitCheck) -> list[str]:
    """The recap's lines that stand, read as the writer laid them out: a section's heading
    and its items (each checked under its section), table rows and prose sentences (each
    checked on its own); what does not stand is left out, a list of files file by file."""
    kept_lines: list[str] = []
    section: str | None = None
    block = False
    filled = False  # the open section has a line already: a later plain sentence is prose
    bulleted = False  # its last line was a list item: a line without a bullet leaves the list
    lines = recap_text.splitlines()
    for i, line in enumerate(lines):
        if not line.strip():
            section = None
            kept_lines.append("")
            continue
        row = table_row(line, lines[i + 1] if i + 1 < len(lines) else "")
        if row is not None:  # "| `cmd` | 1 passed |": a claim like any sentence
            if not row or check.stands(row, None):
                kept_lines.append(line)
            continue
        head, rest = section_of(line)
        heading = _HEADING.match(line)
        if head is None and heading:  # "## Constraints", "## What happened": a title, no claim
            section = _section_named(heading.group(1))
            block = section is not None
            filled = False
            kept_lines.append(line)
            continue
        item = ITEM.match(line)
        # ("dompdf was upgraded …." after "- …" items, unindented: no continuation of the last)
        unbulleted = bulleted and not line[:1].isspace() and _SENTENCE.match(line) is not None
        if head is None and block and filled and not item and (_is_sentence(line) or unbulleted):
            section = None  # a sentence after a list: prose, not one more item
        if head is not None:
            section = head
            block = not rest  # "Commands run:" then items; "Goal: …" is one line
            filled = bool(rest)
            kept_lines.append(_labelled_line_kept(line, head, rest, check))
            continue
        if section is not None and (item or block):
            filled = True  # "## Goal" then the goal's own line: the section's, not prose
            bulleted = item is not None
            body = line[item.end() :] if item else line
            kept = _section_item_kept(line, body, section, check)
            if kept is not None:
                kept_lines.append(kept)
            continue
        section = None
        marker = line[: item.end()] if item else ""  # "2. Ran `pytest`": not the number 2
        parts = sentences(line[len(marker) :])
        standing_parts = [kept for p in parts if (kept := _sentence_kept(p, check))]
        if standing_parts:
            kept_lines.append(marker + " ".join(standing_parts))
    return kept_lines


def _told_back(body: str, check: _UnitCheck) -> str | None:
    """What stands for a struck line giving a value as the user's choice (see
    :func:`.claims.settled.told_back`): the line, or the user's own sentence, quoted
    once (see :meth:`_UnitCheck.quoted_once`)."""
    kept = told_back(body, check.evidence())
    if kept is None or kept == body:
        return kept
    return check.quoted_once(kept)


def _quoted_where_torn(lines: list[str], check: _UnitCheck) -> list[str]:
    """``lines`` with the lines that give one correction both ways ("Use A, as the user
    asked." and "The user corrected the earlier choice to B.", of one turn naming A and B,
    neither named before) settled: the line giving the value the session did not go on
    with is stripped; when nothing after the turn tells, both give way to the user's own
    sentence, quoted and credited ("The user said: "…""), which is true whichever way the
    user meant it and read by the model in its language. One direction alone stands
    (nothing speaks against it); a recap asserting both would hand the model a guess."""
    told: list[tuple[int, str, str]] = []  # (line, its body, the value it gives as chosen)
    for i, line in enumerate(lines):
        item = ITEM.match(line)
        body = line[item.end() :] if item else line
        value = told_choice(body)
        if value is not None:
            told.append((i, body, value))
    out: list[str | None] = list(lines)
    for at, (i, body, value) in enumerate(told):
        # (the record is read only for two lines giving two values: most recaps have none)
        torn = [
            (j, other, v, found)
            for j, other, v in told[at + 1 :]
            if v.casefold() != value.casefold()
            and out[j] is not None
            and (found := between(value, v, check.evidence())) is not None
        ]
        if not torn or out[i] is None:
            continue
        kept, said = torn[0][3]
        # (every line giving one of the values goes: a line of each way may come twice)
        alike = [
            (j, other, v) for j, other, v in told[at + 1 :] if v.casefold() == value.casefold()
        ]
        claimed = [(i, body, value), *alike] + [(j, other, v) for j, other, v, _ in torn]
        if kept is not None:
            why = f"the session went on with {kept}, the other value the user named: {quote(said)}"
            claimed = [c for c in claimed if c[2].casefold() != kept.casefold()]
        else:
            why = (
                "replaced by the user's own words: the recap gives two values as the user's "
                f"choice, and nothing in the record tells which the user settled on: {quote(said, 300)}"
            )
        for j, line, _ in claimed:
            check.misclaims.setdefault(Claim("constraint", line.strip(), why), None)
            check.removed.append(line.strip())
            out[j] = None
        if kept is None:
            out[i] = lines[i][: len(lines[i]) - len(body)] + user_quote(said)
    return [line for line in out if line is not None]


def _sentence_kept(sentence: str, check: _UnitCheck) -> str | None:
    """A prose sentence if it stands (one that opens with a section's label, "… the feed
    export. Rules: no `npm run seed` on staging.", is that section's item), else what
    takes its place: the user's words for a unit the record cannot decide (see
    :meth:`_UnitCheck.in_place_of`) or for a value told as the user's choice
    (:func:`_told_back`); None or "" when nothing does."""
    head, rest = section_of(sentence)
    unit, section = (rest, head) if head is not None and rest else (sentence, None)
    if check.stands(unit, section):
        return sentence
    return check.in_place_of(unit) or _told_back(sentence, check)


def _labelled_line_kept(line: str, head: str, rest: str, check: _UnitCheck) -> str:
    """A "Section: item" line with what of its item stands ("Commands run:" alone is kept)."""
    kept = check.standing(rest, head) if rest else ""
    if not rest or kept == rest:
        return line
    return f"{line[: len(line) - len(rest)]}{kept}".rstrip()


def _section_item_kept(line: str, body: str, section: str, check: _UnitCheck) -> str | None:
    """A section's item line with what of ``body`` stands, or None when nothing does."""
    kind = _FILES_KIND.match(body) if section.startswith("Files") else None
    if kind:  # "## Files" then "- Read: a.py", "- Written: b.py"
        read = kind.group(1).casefold().startswith(("read", "view", "open", "insp"))
        files = kind.group(2)
        kept = check.standing(files, "Files read" if read else "Files written")
        return line[: len(line) - len(files)] + kept if kept else None
    stands = check.standing(body, section) or _told_back(body, check)
    return line[: len(line) - len(body)] + stands if stands else None


def _ledger_facts(covered: Sequence[Message], previous_recap: str | None) -> TranscriptFacts:
    """The load-bearing facts of the record a recap must carry, with the paths the previous
    recap carried (what it covered is no longer in the messages)."""
    return _read_once(_ledger_facts_of, tuple(covered), previous_recap)


@lru_cache(maxsize=2)
def _ledger_facts_of(covered: tuple[Message, ...], previous_recap: str | None) -> TranscriptFacts:
    facts = transcript_facts(covered)
    if previous_recap:
        prev = extract_claims(previous_recap)
        extra_paths = tuple(
            f.value for f in prev if f.kind == "path" and f.value not in facts.paths
        )
        facts = replace(facts, paths=facts.paths + extra_paths)
    return facts


def _verdict(
    recap_text: str,
    prose: str,
    facts: TranscriptFacts,
    check: _UnitCheck,
    *,
    mode: VerifyMode,
    max_bytes: int,
    ledger: bool,
) -> Verification:
    """The recap rejected (``mode="reject"`` and something unsupported, or nothing stood),
    or what stood with the facts it left out as a ledger, within ``max_bytes``."""
    tallies: dict[str, Any] = {
        "supported": tuple(check.supported),
        "unsupported": tuple(check.unsupported),
        "removed_sentences": tuple(check.removed),
        "misclaims": tuple(check.misclaims),
        "claims_checked": check.checked,
    }
    if mode == "reject" and (check.unsupported or check.misclaims):
        return Verification(
            "",
            False,
            mode,
            missing=missing_facts(recap_text, facts),
            reason="the recap states facts that never occurred"
            if check.unsupported
            else "the recap states claims the record does not support",
            **tallies,
        )
    missing = missing_facts(prose, facts)
    if not prose:
        return Verification(
            "",
            False,
            mode,
            missing=missing,
            reason="nothing of the recap survived verification" if recap_text else "empty recap",
            **tallies,
        )
    ledger_text, dropped = "", 0
    if ledger and missing:
        prose_bytes = utf8_len(prose)
        need, _ = build_ledger(missing, facts, max_bytes)
        room = max(max_bytes - prose_bytes - 2, min(utf8_len(need), max_bytes // 2))
        ledger_text, dropped = build_ledger(missing, facts, room)
    room = max_bytes - utf8_len(ledger_text) - 2 if ledger_text else max_bytes
    prose, cut = fit_recap(prose, room)
    text = f"{prose}\n\n{ledger_text}" if ledger_text else prose
    return Verification(
        cut_utf8(text, max_bytes),
        True,
        mode,
        missing=missing,
        ledger=ledger_text,
        ledger_dropped=dropped,
        cut=cut,
        **tallies,
    )


_SPEAKERS = {"User": "user", "Assistant": "assistant"}
# sections whose unlabelled items are the user's own sentences (rules, requests, the goal)
_USER_SECTIONS = frozenset({"Goal", "Constraints and corrections", "Open requests"})
_ENDS = ".!?؟۔"  # a sentence ends after one of these and a space (see facts.sentences)
_ENDS_TIGHT = "。！？।"  # … or right after one of these


class _Sources:
    """Where the offline writer's items come from: what each speaker said, turn by turn
    (each line's whitespace folded, as the writer folds a sentence it quotes), and the
    action calls with their results. An item traced to its source stands on it: checking
    it against the whole record (every claim against every sentence of every pasted
    document) was 93 % of a ``prepare`` on a paste chat. A quote must be whole sentences of
    one turn of the speaker it is credited to: a part of a sentence can drop its "not", and
    a user's words credited to the assistant (or the reverse) say who did what wrongly; an
    action's item must be the one its call and result make. Anything else (a clipped "…"
    quote, a rule reworded, a command, a failure) is checked in full."""

    def __init__(self, covered: Sequence[Message], said: Sequence[Message]) -> None:
        by: dict[str, list[str]] = {"user": [], "assistant": []}
        for m in [*covered, *said]:
            if m.is_recap or m.role not in by or (m.role == "user" and m.tool_results):
                continue
            by[m.role].append("\n".join(" ".join(x.split()) for x in m.text.splitlines()))
        self._text = {role: "\0".join(texts) for role, texts in by.items()}
        self._actions = _actions(covered)
        self._runs = _runs(covered)
        self._printed = _RecordLines(covered)

    def quoted(self, item: str, section: str) -> bool:
        """Whether ``item`` (of ``section``) is whole sentences of one turn of its speaker,
        or an action's line with its result as the record has them."""
        if section == "Actions taken":
            return item in self._actions
        if section in _RUN_SECTIONS:
            return (section, item) in self._runs
        if section == "Findings" and self._printed.holds(item, section):
            # "`tail -n 200 app.log`: ERROR … attempt=6": a line the run printed, word for
            # word; read as claims, the command's 200 was "200 at attempt 6" (review51)
            return True
        who, sep, body = item.partition(": ")
        role = _SPEAKERS.get(who) if sep else None
        if role is None:
            role, body = ("user", item) if section in _USER_SECTIONS else (None, "")
        if role is None or not body or "\n" in body or body.endswith("…"):
            return False
        text = self._text[role]
        labelled = section == "Goal" and role == "user"
        at = text.find(body)
        while at >= 0:
            if (
                _starts_sentence(text, at) or (labelled and _after_goal_label(text, at))
            ) and _ends_sentence(text, at + len(body), body):
                return True
            at = text.find(body, at + 1)
        return False


_RECORD_SECTIONS = frozenset(
    {"Actions taken", "Commands run", "Failures", "Numbers that matter", "Findings"}
)


class _RecordLines:
    """The lines the record itself makes, for the full check: each action call's item
    (:func:`_actions`), each run's items (:func:`_runs`) and each line a run printed, under
    the name the recap gives the run (`` `cmd` `` or the tool's name). Read in record
    order, with no set or dict order deciding anything: the same record gives the same
    lines under any ``PYTHONHASHSEED``."""

    def __init__(self, covered: Sequence[Message]) -> None:
        self._covered = covered
        self._acts: frozenset[str] | None = None
        self._runs: frozenset[tuple[str, str]] | None = None
        self._printed: dict[str, tuple[str, str]] | None = None

    def holds(self, item: str, section: str) -> bool:
        if section == "Actions taken":
            if self._acts is None:
                self._acts = _actions(self._covered)
            return item in self._acts
        if section in _RUN_SECTIONS:
            if self._runs is None:
                self._runs = _runs(self._covered)
            if (section, item) in self._runs:
                return True
        return self._printed_line(item, failing=section == "Failures")

    def _printed_line(self, item: str, *, failing: bool) -> bool:
        """``item`` is "<run>: <a whole line its output printed>" (whitespace folded);
        under Failures, a line that says something failed (R28-V1: a passing run's
        ordinary output line listed as its failure is a lie, not the record's own line)."""
        if self._printed is None:
            self._printed = _printed(self._covered)
        for what, (text, failed) in self._printed.items():
            if item.startswith(what + ": "):
                line = " ".join(item[len(what) + 2 :].split())
                if line and (f"\n{line}\n" in failed or (not failing and f"\n{line}\n" in text)):
                    return True  # (a failure line as the recap writes it: its timestamp off)
        return False


def _printed(messages: Sequence[Message]) -> dict[str, tuple[str, str]]:
    """Per run name (`` `cmd` `` or the tool's name), every line its results printed and
    the lines among them that say something failed, whitespace folded, each between
    newlines."""
    calls = {c.id: c for m in messages for c in m.tool_calls}
    out: dict[str, tuple[list[str], list[str]]] = {}
    for r in (r for m in messages for r in m.tool_results):
        call = calls.get(r.call_id)
        if call is None:
            continue
        cmds = call_commands(call)
        what = f"`{cmds[0]}`" if cmds else call.name
        printed, failed = out.setdefault(what, ([], []))
        printed.extend(x for x in (" ".join(x.split()) for x in r.text.splitlines()) if x)
        failed.extend(" ".join(x.split()) for x in failure_lines(r.text, _EVERY_FAILURE))
    return {
        w: ("\n" + "\n".join(p) + "\n", "\n" + "\n".join(f) + "\n") for w, (p, f) in out.items()
    }


# failure_lines' limit when every failure line of an output is wanted
_EVERY_FAILURE = 10_000


def _actions(messages: Sequence[Message]) -> frozenset[str]:
    """The item each action call of ``messages`` is listed by: its line with its result's
    first words, or alone when no result answered it (see :func:`.digest.action_item`)."""
    lines = {c.id: line for m in messages for c in m.tool_calls if (line := render_action(c))}
    answered = {r.call_id: r.text for m in messages for r in m.tool_results}
    items = {action_line(line, "") for line in lines.values()}
    items |= {action_item(line, answered[i]) for i, line in lines.items() if i in answered}
    return frozenset(items)


_RUN_SECTIONS = frozenset({"Commands run", "Failures"})


def _runs(messages: Sequence[Message]) -> frozenset[tuple[str, str]]:
    """The items runs are listed by, with their sections: each command a call ran
    ("`cmd`", "`cmd` (database=prod)"), each failing line of its output ("`cmd`: FAILED
    …") and "`cmd`: passed on its last run" when its last output showed no failure (or
    "`cmd`: <test> passed on its last run" for a test it failed and then no longer did)."""
    results = {r.call_id: r for m in messages for r in m.tool_results}
    items: set[tuple[str, str]] = set()
    passed: dict[str, bool] = {}  # per command, whether its last run showed no failure
    failing: dict[str, list[set[str]]] = {}  # per command, the tests each failing run named
    for c in (c for m in messages for c in m.tool_calls):
        cmds = call_commands(c)
        for cmd in cmds:
            where = ran_against(c, cmd)
            items.add(("Commands run", f"`{cmd}` ({where})" if where else f"`{cmd}`"))
        r = results.get(c.id)
        if r is None or not cmds:
            continue
        what = f"`{cmds[0]}`"
        lines = failure_lines(r.text)
        items.update(("Failures", f"{what}: {line}") for line in lines)
        passed[what] = not lines and not r.is_error
        if lines:
            failing.setdefault(what, []).append({t for x in lines for t in failing_tests(x)})
    items.update(("Failures", f"{w}: {PASSED_LATER}") for w, ok in passed.items() if ok)
    # ... and each test a command saw fail and then not when it ran again (R40-R3)
    items.update(
        ("Failures", rerun_passed(w, t))
        for w, runs in failing.items()
        for t in passed_on_rerun(runs)
    )
    # ... and what a user's turn posted as failed: a CI bot's notice (R35-R1)
    for m in messages:
        if m.role == "user" and not m.is_recap and not m.tool_results:
            items.update(("Failures", f"{POSTED_BY}: {line}") for line in posted_failures(m.text))
    return frozenset(items)


# what bans the command that follows it ("Don't touch X", "Never run `make deploy`")
_BANNING = re.compile(
    r"(?i)\b(?:do\s+not|don'?t|never|must\s+not|mustn'?t|may\s+not)\s+(?:run\s+|execute\s+|use\s+)?[`'\"]?$"
)


def _banned_here(command: str, line: str) -> bool:
    """Whether ``line`` names ``command`` only as banned: a rule, which the claims check holds
    to what the user said, not a claim that it ran."""
    at = line.find(command)
    return at >= 0 and _BANNING.search(line[:at]) is not None


def _starts_sentence(text: str, at: int) -> bool:
    before = text[at - 1] if at else "\0"
    return (
        before in "\0\n"
        or before in _ENDS_TIGHT
        or (before == " " and at >= 2 and text[at - 2] in _ENDS)
    )


def _after_goal_label(text: str, at: int) -> bool:
    """Whether ``text`` has, right before ``at``, a goal's label that starts a sentence
    ("Goal: ", "Task for today: "): the Goal line quotes the user's sentence without it
    (no "Goal: Goal: …"), and the rest is the user's words as said."""
    for start in range(at - 1, max(-1, at - 60), -1):
        if _starts_sentence(text, start):
            label = GOAL_LABEL.match(text[start:at])
            if label is not None and label.end() == at - start:
                return True
    return False


def _ends_sentence(text: str, end: int, body: str) -> bool:
    after = text[end] if end < len(text) else "\0"
    return after in "\0\n" or body[-1] in _ENDS_TIGHT or (after == " " and body[-1] in _ENDS)


def _evidence(
    covered: tuple[Message, ...], previous_recap: str | None, context: tuple[Message, ...]
) -> Evidence:
    """The record read as evidence, once for the recaps checked against it in a row."""
    return _read_once(_evidence_cached, covered, previous_recap, context)


@lru_cache(maxsize=2)
def _evidence_cached(
    covered: tuple[Message, ...], previous_recap: str | None, context: tuple[Message, ...]
) -> Evidence:
    return Evidence.of(covered, previous_recap, context)


_R = TypeVar("_R")

# The readings of the record a recap is checked against, each made once for the recaps
# checked against it in a row: a recap written again without what verification doubted
# (``_verify_offline``) is checked against the same record, and reading a long record
# (its evidence, its text as a fact source, its ledger facts, its quotable turns) took
# most of each check. Two entries: the record, and the one checked just before it.


def _read_once(cached: _lru_cache_wrapper[_R], *record: Hashable) -> _R:
    """``cached(*record)``, read afresh when the record holds something unhashable."""
    try:
        return cached(*record)
    except TypeError:
        return cached.__wrapped__(*record)


@lru_cache(maxsize=2)
def _fact_source(
    covered: tuple[Message, ...], said: tuple[Message, ...], previous_recap: str | None
) -> FactSource:
    # who spoke is part of the record: "qa_lin reported the crash" names a participant
    speakers = sorted({m.name for m in [*covered, *said] if m.name})
    return FactSource(source_text([*covered, *said], previous_recap) + "\n" + " ".join(speakers))


@lru_cache(maxsize=2)
def _sources_of(covered: tuple[Message, ...], said: tuple[Message, ...]) -> _Sources:
    return _Sources(covered, said)


def fit_recap(text: str, max_bytes: int) -> tuple[str, tuple[str, ...]]:
    """``text`` (a recap, in sections or prose) within ``max_bytes``, and the lines left
    out. Whole lines go, the least urgent section's first (``PRIORITY``), its last line
    first: cutting the tail would take the open requests and the next step, which matter
    more than a list of files read. Prose outside any section ranks with "Findings"; a
    heading goes with its last item. One line left over the cap is cut at a sentence end
    (the rest counted as cut).

    >>> fit_recap("Goal: fix it.\\nFiles read: a.py, b.py\\nNext step: run the tests.", 45)
    ('Goal: fix it.\\nNext step: run the tests.', ('Files read: a.py, b.py',))
    """
    if utf8_len(text) <= max_bytes:
        return text, ()
    lines = text.splitlines()
    ranks = _line_ranks(lines)
    kept = {i for i, line in enumerate(lines) if line.strip()}
    cut: list[int] = []

    def render() -> str:
        shown = _without_empty_sections(
            [x for i, x in enumerate(lines) if i in kept or not x.strip()]
        )
        return re.sub(r"\n{3,}", "\n\n", "\n".join(shown)).strip()

    out = render()
    while utf8_len(out) > max_bytes:
        items = [i for i in kept if ranks[i] >= 0]
        if len(items) <= 1:
            break
        worst = max(items, key=lambda i: (ranks[i], i))
        kept.discard(worst)
        cut.append(worst)
        out = render()
    gone = [lines[i].strip() for i in sorted(cut)]
    if utf8_len(out) > max_bytes:
        short = cut_prose(out, max_bytes)
        rest = out[len(short) :].strip()
        gone += [rest] if rest else []
        out = short
    return out, tuple(gone)


def _line_ranks(lines: list[str]) -> list[int]:
    """Each line's rank for :func:`fit_recap`: its section's place in ``PRIORITY``; a
    heading -1 (it goes with the last of its items)."""
    prose = PRIORITY.index("Findings")
    ranks: list[int] = []
    section: str | None = None
    for line in lines:
        head, rest = section_of(line)
        heading = _HEADING.match(line) if head is None else None
        if heading:
            head = _section_named(heading.group(1))
        if head is not None or heading:
            section = head
            ranks.append(PRIORITY.index(head) if head is not None and rest else -1)
            continue
        if not line.strip():
            section = None
        ranks.append(PRIORITY.index(section) if section else prose)
    return ranks


_FILES_KIND = re.compile(
    r"(?i)^\W*(read|viewed|opened|inspected|written|wrote|modified|created|edited|changed|"
    r"updated)\W*:\s*(.+)$"
)
_HEADING = re.compile(r"^\s*#{1,6}\s+\**([^:*#]+?)\**\s*$")


def _section_named(title: str) -> str | None:
    """The recap section a markdown title names ("Constraints" is "Constraints and
    corrections", "Next" is "Next step"), or None."""
    t = " ".join(title.casefold().split())
    for s in SECTIONS:
        if s.casefold() == t or (len(t) >= 4 and s.casefold().startswith(t)):
            return s
    return None


_SENTENCE = re.compile(r"^\s*\S.*\s\S+\s\S+\s\S+.*[.!?。]\s*$")


def _is_sentence(line: str) -> bool:
    """Whether ``line`` reads as a sentence of its own: four words or more, a full stop,
    and an opening that is no lower-case letter (a capital in any script, a letter of a
    script with no case, as Hebrew's or Korean's, a quote, a backtick or a figure: "1 of
    the 13 tests failed." after a list of commands is prose, not one more command)."""
    first = line.lstrip()[:1]
    return (
        bool(first)
        and (first in "`\"'" or first.isdigit() or (first.isalpha() and not first.islower()))
        and _SENTENCE.match(line) is not None
    )


_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def table_row(line: str, following: str) -> str | None:
    """A markdown table row as the claim it makes ("`cmd`: 1 passed, all green"); "" for
    a header or a rule row (no claim); None for a line that is not a table row."""
    if not line.lstrip().startswith("|"):
        return None
    if _TABLE_RULE.match(line) or _TABLE_RULE.match(following):
        return ""
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    return ": ".join(c for c in cells if c)


def _without_empty_sections(lines: list[str]) -> list[str]:
    """Drop a section header left with no items (its items were all removed)."""
    out: list[str] = []
    for i, line in enumerate(lines):
        head, rest = section_of(line)
        if head is not None and not rest:
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if not nxt.strip() or section_of(nxt)[0] is not None:
                continue
        out.append(line)
    return out

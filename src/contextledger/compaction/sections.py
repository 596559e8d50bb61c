"""The recap's sections: their order and priority, how they fill a byte cap (each saying what it
left out), how a rendered recap is read back, and what an LLM recap left out (the backfill)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..fit.gists import repeated
from ..lexicon.tools import LOOKING
from .credentials import masked, may_hold_secret
from .facts import (
    extract_claims,
    keywords,
)
from .failures import TEST_ID, failing_tests
from .tool_calls import searches
from .transcript import cut_utf8, utf8_len
from .wording import run_shape, shape

SECTIONS = (
    "Goal",
    "Constraints and corrections",
    "User also said",
    "Decisions",
    "Findings",
    "Files written",
    "Files read",
    "Commands run",
    "Actions taken",
    "Failures",
    "Numbers that matter",
    "Open requests",
    "Next step",
)

# Which sections get the bytes first when not everything fits.
PRIORITY = (
    "Goal",
    "Constraints and corrections",
    "Open requests",
    "Next step",
    "Failures",
    "Decisions",
    "Actions taken",
    "Files written",
    "User also said",
    "Commands run",
    "Numbers that matter",
    "Findings",
    "Files read",
)

# a section whose best items (files the user named, numbers a tool found) get bytes right
# after another's first round, up to how many
URGENT_AFTER = {"Files read": "Commands run", "Numbers that matter": "Failures"}
_URGENT_ROOM = {"Files read": 2, "Numbers that matter": 4}

INLINE = frozenset({"Goal", "Next step", "Files written", "Files read"})


@dataclass(frozen=True, slots=True)
class Digest:
    """Items per section (verbatim text), in the order they were said; ``ranked``: per
    section, the items in the order they get bytes when not all fit (the most telling
    first); ``noise``: items that wait until every other section had its bytes (a grep,
    a failure the assistant called unrelated, a file it found irrelevant). A section
    not in ``ranked`` gets the default order (:func:`fill_order`)."""

    sections: dict[str, list[str]] = field(default_factory=dict)
    ranked: dict[str, list[str]] = field(default_factory=dict)
    noise: dict[str, frozenset[str]] = field(default_factory=dict)
    # per section, how many of its best items get bytes early, right after the section
    # :data:`URGENT_AFTER` names (the files the user named or shared, or a failing run
    # came right after, before a third command or a number)
    urgent: dict[str, int] = field(default_factory=dict)
    # an item shown only with another: a rule the user lifted later, only with its lifting
    # (on one line); the user's answer to a proposal, only with the proposal
    needs: dict[str, str] = field(default_factory=dict)

    def items(self, name: str) -> list[str]:
        return self.sections.get(name, [])


PASSED_LATER = "passed on its last run"
# ... and of a run of the failed command's program with other arguments that passed after it
RERUN_SUCCEEDED = "succeeded when run again with other arguments"


def leaving_out(d: Digest, doubted: Collection[str], removed: Collection[str]) -> Digest:
    """``d`` without the items verification doubted (a value in ``doubted``, in a unit
    it ``removed``): a file listed exactly, an item of another section naming the value.
    One doubted file no longer costs the whole "Files read" line its true items."""
    if not doubted:
        return d

    def touched(name: str, item: str) -> bool:
        holding = [r for r in removed if item in r]
        if name == "Commands run":  # "`dbt build`: Done. PASS=10 … ERROR=1" doubted is a
            # claim about the run, not that it ran: the command stays listed (RT23-6)
            holding = [r for r in holding if not r.startswith(item + ":")]
        return bool(holding)

    def kept(name: str, item: str) -> bool:
        if not touched(name, item):
            return True
        if name.startswith("Files"):
            return item not in doubted
        return not any(v in item for v in doubted)

    sections = {n: [i for i in items if kept(n, i)] for n, items in d.sections.items()}
    return replace(d, sections={n: v for n, v in sections.items() if v})


def parse_digest(text: str) -> Digest:
    """Read a rendered digest (a previous recap) back into sections."""
    sec: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        head = next((n for n in SECTIONS if line.startswith(n + ":")), None)
        if head is not None:
            current = head
            rest = line[len(head) + 1 :].strip()
            if rest and not rest.startswith("(+"):
                if head in ("Files written", "Files read"):
                    sec.setdefault(head, []).extend(
                        p.strip()
                        for p in re.sub(r"\s*\(\+\d+ more(?: in the record)?\)$", "", rest).split(
                            ", "
                        )
                        if p.strip()
                    )
                else:
                    sec.setdefault(head, []).append(rest)
        elif current and line.startswith("- "):
            sec.setdefault(current, []).append(line[2:].strip())
    return Digest(sec)


# How many of a section's best items get bytes before any section gets its rest: one
# noisy section (a hundred files read, a dozen failures) never starves the next step.
_FIRST_ROUND = {
    "Open requests": 3,
    "Next step": 1,
    "Failures": 10,
    "Decisions": 2,
    "Actions taken": 3,
    "Files written": 2,
    "Commands run": 2,
    "Numbers that matter": 2,
    "User also said": 2,
    "Findings": 2,
    "Files read": 2,
}


def fill_order(d: Digest, name: str) -> list[str]:
    """The items of section ``name`` in the order they get bytes: as ranked by
    :func:`digest`; else the earliest goal and constraints first and, of the rest, the
    newest first, the user's words before the assistant's."""
    items = d.items(name)
    if name in d.ranked:
        ranked = [i for i in d.ranked[name] if i in set(items)]
        return ranked + [i for i in items[::-1] if i not in set(ranked)]
    order = items if name in ("Goal", "Constraints and corrections") else items[::-1]
    return sorted(order, key=lambda i: i.startswith("Assistant: "))


def _noise_of(d: Digest, name: str) -> frozenset[str]:
    if name in d.noise:
        return d.noise[name]
    if name == "Commands run":  # a previous recap read back: its looking-around commands
        return frozenset(i for i in d.items(name) if LOOKING.search(i))
    return frozenset()


def _section_bytes(
    name: str, chosen: Sequence[str], total: int, needs: dict[str, str] | None = None
) -> int:
    """The bytes section ``name`` takes rendered with ``chosen`` of its ``total`` items
    (a lifted rule and its lifting on one line: :func:`_with_liftings`)."""
    if needs and name == "Constraints and corrections":
        joined = _with_liftings(list(chosen), needs)
        if len(joined) < len(chosen):
            return _section_bytes(name, joined, total - len(chosen) + len(joined))
    left = total - len(chosen)
    more = utf8_len(f" (+{left} more in the record)") if left else 0
    if name in INLINE:
        sep = 2 if name.startswith("Files") else 1
        body = sum(utf8_len(i) for i in chosen) + sep * max(0, len(chosen) - 1)
        return utf8_len(name) + 1 + (1 + body if chosen else 0) + more
    return utf8_len(name) + 1 + more + sum(3 + utf8_len(i) for i in chosen)


def render_digest(d: Digest, max_bytes: int) -> str:
    """The sections in reading order, filled within ``max_bytes`` in three rounds: the
    first few best items of each section in priority order, then the rest of each, then
    the noise (what the assistant dismissed, looking-around commands). A section that
    could not hold every item says how many it left out (its heading alone, when none of
    its items fit). When not everything fits, a command a failure or a finding shown
    names already ("`make deploy`: Error 2") is not listed again under "Commands run":
    its room goes to the next command."""
    d = _without_secrets(d)
    chosen = _choose(d, max_bytes)
    shown, skip = d, frozenset[str]()
    everything = all(len(chosen.get(n, ())) == _shown_at_most(d, n) for n in d.sections)
    for _ in range(0 if everything else 3):
        more = _shown_elsewhere(d, chosen) - skip
        if not more:
            break
        trial = _without(d, "Commands run", skip | more)
        again = _choose(trial, max_bytes)
        if not (skip | more) <= _shown_elsewhere(d, again):
            break  # the room freed moved a failure out: keep the listing as it was
        shown, chosen, skip = trial, again, skip | more
    return _lines(shown, chosen, max_bytes)


# what verification traces word for word to a user turn or a tool call: masked after it
# passed (:mod:`.conversation`), or a masked true line would be "unsupported" (R21-R2)
_TRACED_WHOLE = frozenset(
    {"Goal", "Constraints and corrections", "Open requests", "Commands run", "Failures"}
)


def _without_secrets(d: Digest) -> Digest:
    """``d`` with each credential's value in its items shown by the credential's name only
    (R21-R1: the assistant restating an env dump): the recap is a user-role line of every
    later request. Not the user's words and the commands run: see :data:`_TRACED_WHOLE`."""
    holding = {
        i
        for n, v in d.sections.items()
        if n not in _TRACED_WHOLE
        for i in v
        if not i.startswith("User: ") and may_hold_secret(i)
    }
    hidden = {i: masked(i) for i in holding}
    hidden = {i: m for i, m in hidden.items() if m != i}
    if not hidden:
        return d

    def m(items: Sequence[str]) -> list[str]:
        return [hidden.get(i, i) for i in items]

    return replace(
        d,
        sections={n: m(v) for n, v in d.sections.items()},
        ranked={n: m(v) for n, v in d.ranked.items()},
        noise={n: frozenset(m(sorted(v))) for n, v in d.noise.items()},
        needs={hidden.get(k, k): hidden.get(v, v) for k, v in d.needs.items()},
    )


def _shown_at_most(d: Digest, name: str) -> int:
    """How many items of section ``name`` are shown when the bytes run to all of them."""
    noisy = _noise_of(d, name)
    return sum(i not in noisy for i in d.items(name)) + len(
        _few_per_shape([i for i in d.items(name) if i in noisy], name)
    )


def _shown_elsewhere(d: Digest, chosen: dict[str, list[str]]) -> frozenset[str]:
    """The "Commands run" items an item chosen in another section starts with."""
    heads = commands_named(chosen)
    return frozenset(c for c in d.items("Commands run") if c in heads)


def commands_named(sections: Mapping[str, Sequence[str]]) -> set[str]:
    """The commands that items of "Failures", "Findings" and "Numbers that matter" in
    ``sections`` start with ("`make deploy`: Error 2"), as "Commands run" lists them: a
    command shown there is not listed again (``render_digest``)."""
    return {
        i.partition("`: ")[0] + "`"
        for name in ("Failures", "Findings", "Numbers that matter")
        for i in sections.get(name, ())
        if i.startswith("`") and "`: " in i
    }


def _without(d: Digest, name: str, items: Collection[str]) -> Digest:
    sections = dict(d.sections)
    sections[name] = [i for i in d.items(name) if i not in items]
    return replace(d, sections={n: v for n, v in sections.items() if v})


def _choose(d: Digest, max_bytes: int) -> dict[str, list[str]]:
    """Per section, the items that get bytes (see :func:`render_digest`)."""
    order = {n: fill_order(d, n) for n in SECTIONS if d.items(n)}
    noisy = {n: _noise_of(d, n) for n in order}
    chosen: dict[str, list[str]] = {}
    size: dict[str, int] = {}  # bytes of each opened section
    used = 0

    def fits(name: str, items: list[str]) -> bool:
        nonlocal used
        new = _section_bytes(name, items, len(order[name]), d.needs)
        grown = used - size.get(name, -1) + new  # an opened section costs a line break
        if grown > max_bytes:
            return False
        chosen[name], size[name], used = items, new, grown
        return True

    # first few of each section; the rest, in priority order, the distinct searches and the
    # rest of the sections that wait for them right after the failures' (_WAIT_FOR_FAILURES);
    # the rest of the noise. Nothing else moves: a section's rest put behind a lower
    # section's (repeated runs behind the numbers) left the recap short of what a plain fit
    # keeps, the floor quoted it under the recap, and the turns after were dropped for it
    rounds: list[list[tuple[str, list[str]]]] = [[], [], []]
    early = {after: name for name, after in URGENT_AFTER.items() if d.urgent.get(name)}
    waiting_rest: list[tuple[str, list[str]]] = []
    for name in PRIORITY:
        if name not in order:
            continue
        clean = [i for i in order[name] if i not in noisy[name]]
        first = clean[: _FIRST_ROUND.get(name, len(clean))]
        if name == "Failures":  # one line of each failing run before a run's second line
            first = _first_per_run(first)
        rounds[0].append((name, first))
        rest = (name, [i for i in clean if i not in first])
        (waiting_rest if name in _WAIT_FOR_FAILURES else rounds[1]).append(rest)
        few = _few_per_shape([i for i in order[name] if i in noisy[name]], name)
        news = _searches(few, order[name]) if name == "Commands run" else []
        rounds[2].append((name, [i for i in few if i not in news]))
        waiting_rest[:0] = [(name, news)] if news else []  # before the waiting rests
        urgent = early.get(name)
        if urgent in order:
            calm = [i for i in order[urgent] if i not in noisy[urgent]]
            rounds[0].append((urgent, calm[: min(d.urgent[urgent], _URGENT_ROOM[urgent])]))
    at = 1 + max((k for k, (n, _) in enumerate(rounds[1]) if n in _FAILURES_FIRST), default=-1)
    rounds[1][at:at] = waiting_rest
    for name in PRIORITY:  # every heading first: no section is left out unsaid
        if name in order:
            fits(name, [])
    # (section, item) -> the items of that section that wait to be shown with it (the same
    # item under another section, a proposal also a finding, frees none of them: an answer
    # put under Findings was shown nowhere)
    waiting: dict[tuple[str, str], list[str]] = {}
    for batch in rounds:
        for name, items in batch:
            if name not in chosen:
                continue
            for item in items:
                # an urgent item is in already; a lifted rule goes in only with its lifting,
                # an answer only with the proposal it answers: it waits for it, if need be
                need = d.needs.get(item)
                if item in chosen[name]:
                    continue
                if need is not None and need not in chosen[name]:
                    waiting.setdefault((name, need), []).append(item)
                elif fits(name, [*chosen[name], item]):
                    for after in waiting.pop((name, item), []):
                        fits(name, [*chosen[name], after])
    return chosen


# How many looking-around commands run once or twice each (a search for one word, one for
# another) get bytes right after the failing runs: the few distinct searches an agent ran
# tell the next model what it looked for, more than the hundredth path read or the
# hundredth run of one command; yet a session of a hundred `cat`s does not list them all
_NOISE_BEFORE_TAIL = 6
# The sections whose rest (past their first few) waits until the failing runs and the
# distinct searches had their bytes: a fifth open request ("and the screenshot?", chit-chat
# a reader took for one) or an older next step tells the next model less than a failing
# test does, and the record keeps them ("(+N more in the record)")
_WAIT_FOR_FAILURES = frozenset({"Open requests", "Next step"})
_FAILURES_FIRST = frozenset(PRIORITY[: PRIORITY.index("Failures") + 1])


def _searches(few: Sequence[str], commands: Sequence[str]) -> list[str]:
    """Of the looking-around commands ``few`` (fill order), the first
    :data:`_NOISE_BEFORE_TAIL` that look for something of their own - a search, or a command
    with a quoted pattern or query - whose run shape is not run again and again among
    ``commands``: ``rg -n 'pg_advisory_xact_lock' src/`` run once is what the agent looked
    for; ``rg -n prorate src/116`` as one of forty, ``git status``, are routine."""
    runs = Counter(run_shape(c) for c in commands)
    return [
        c
        for c in few
        if (searches(c.strip("`")) or _QUOTED.search(c)) and not repeated(runs[run_shape(c)])
    ][:_NOISE_BEFORE_TAIL]


_QUOTED = re.compile(r"\s(['\"])[^'\"]+\1")


# How many noise items of one shape are shown (three "journalctl -u api --since …" tell
# what was done; a hundred more, differing in their numbers, tell nothing more)
_PER_SHAPE = 3


def _few_per_shape(items: list[str], name: str) -> list[str]:
    # a command's shape keeps what it searched or queried for: distinct searches are no
    # repeats ("rg -n 'FOR SHARE SKIP LOCKED' src/" was cut as a fourth "rg -n '…' src/")
    alike = run_shape if name == "Commands run" else shape
    seen: Counter[str] = Counter()
    out = []
    for item in items:
        seen[alike(item)] += 1
        if seen[alike(item)] <= _PER_SHAPE:
            out.append(item)
    return out


def _first_per_run(failures: list[str]) -> list[str]:
    """Of ``failures`` ("`cmd`: line" items, best first), the best line of each run and of
    each failing test a run names: a run that failed two tests is two facts, its traceback
    line after them is not a third.

    >>> _first_per_run(["`pytest`: FAILED t.py::test_a - E", "`pytest`: E assert 1 == 2",
    ...                 "`pytest`: FAILED t.py::test_b - E", "`make`: Error 2"])
    ['`pytest`: FAILED t.py::test_a - E', '`pytest`: FAILED t.py::test_b - E', '`make`: Error 2']
    """
    seen: set[str] = set()
    out: list[str] = []
    for item in failures:
        run = item.partition("`: ")[0] if item.startswith("`") else item.partition(": ")[0]
        tests = failing_tests(item, marked=True) or TEST_ID.findall(item)
        says = {run, *(f"{run} {t}" for t in tests)}  # the run, and each test it failed
        if item.endswith((PASSED_LATER, RERUN_SUCCEEDED)):  # said with the failure it follows
            out.append(item)
        elif not says <= seen:
            seen |= says
            out.append(item)
    return out


def _lines(d: Digest, chosen: dict[str, list[str]], max_bytes: int) -> str:
    lines: list[str] = []
    for name in SECTIONS:
        if name not in chosen:
            continue
        picked = set(chosen[name])
        shown = [i for i in d.items(name) if i in picked]  # in the order they were said
        left = len(d.items(name)) - len(shown)
        more = f" (+{left} more in the record)" if left else ""
        if name in INLINE:
            sep = ", " if name.startswith("Files") else " "
            lines.append(f"{name}: {sep.join(shown)}{more}".replace(":  (", ": ("))
        else:
            lines.append(f"{name}:{more}")
            if name == "Constraints and corrections":  # a lifted rule beside its lifting
                shown = _with_liftings(shown, d.needs)
            lines.extend(f"- {i}" for i in shown)
    if not lines:  # no claim in it: "no … failure" would read as a failure claimed
        lines = [NOTHING_TO_RECAP]
    return cut_utf8("\n".join(lines), max_bytes)


def _with_liftings(shown: list[str], needs: dict[str, str]) -> list[str]:
    """``shown`` with each lifted rule on one line with the permission that lifted it
    ("Don't touch the bedroom scenes. → later: The scenes are backed up, you can touch
    them."): on a line of its own the rule reads as standing.

    >>> _with_liftings(["No emoji.", "Emoji are fine now.", "Be brief."], {"No emoji.": "Emoji are fine now."})
    ['No emoji. → later: Emoji are fine now.', 'Be brief.']
    """
    lifting = {needs[i] for i in shown if i in needs and needs[i] in shown}
    return [
        f"{i} → later: {needs[i]}" if i in needs and needs[i] in lifting else i
        for i in shown
        if i not in lifting
    ]


NOTHING_TO_RECAP = "Earlier turns: nothing to recap."

BACKFILL_HEADER = "From the record (left out of the summary above):"


def backfill(d: Digest, recap: str) -> Digest:
    """The items of ``d`` (the record's own digest) that ``recap`` does not state: what an
    LLM recap left out or paraphrased away. The user's words (goal, constraints, requests)
    count as stated only verbatim or with every content word and every path, command and
    number; a command, path or failing test only exactly.

    >>> d = Digest({"Commands run": ["`pytest -k login`"], "Goal": ["Fix the login flow."]})
    >>> backfill(d, "Goal: fix the login flow. The assistant ran pytest.").sections
    {'Commands run': ['`pytest -k login`']}
    """
    folded = _fold(recap)
    words = keywords(recap)
    out: dict[str, list[str]] = {}
    for name in SECTIONS:
        if name == "Next step" and "next step" in folded:
            continue
        missing = [i for i in d.items(name) if not _states(name, i, folded, words)]
        if missing:
            out[name] = missing
    return replace(d, sections=out)


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("`", "").split())


def _states(section: str, item: str, folded: str, words: set[str]) -> bool:
    body = item.partition(": ")[2] if item.startswith(("User: ", "Assistant: ")) else item
    if _fold(body).rstrip(".") in folded:
        return True
    if section in ("Commands run", "Files written", "Files read"):
        return False
    if section == "Failures":
        names = failing_tests(body.partition(": ")[2]) or TEST_ID.findall(body)
        # a test named as an LLM writes it: "test_rerun_is_idempotent" for the record's
        # "tests/test_export.py::test_rerun_is_idempotent"
        return bool(names) and all(
            n.casefold() in folded or n.rpartition("::")[2].casefold() in folded for n in names
        )
    specific = [f.value for f in extract_claims(body)]
    # "src/payments" states the record's "src/payments/"
    return keywords(body) <= words and all(_fold(v).rstrip("/") in folded for v in specific)


def digest_json(d: Digest) -> str:
    return json.dumps(d.sections, ensure_ascii=False)

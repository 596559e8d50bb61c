"""Claims that something was done: a file **written** is named by a write-type call, a file
**read** by a call that touched it or an output that shows it; any other action
("clamped the burst to 50", "deleted the branch") traces to a tool call or an
assistant statement with its loaded verb and every specific term, or for the user to a
user turn saying "I did"; a denial ("did not run X", "left Y untouched") must not be
contradicted by the record; "X now finishes in 30 s" needs a result, not a request.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import islice

from ..digest import call_paths
from ..failures import only_looks
from ..reads import shell_deletes
from ..stance import retracted
from ..timeline import norm_command
from ..tool_calls import call_commands, call_writes
from ..trace import claim_terms, cover, specific_terms, stem, unit_terms
from .corrected import MOVE_VERB, move_taken_up, move_told, reported_by_user
from .evidence import ACKNOWLEDGES, Claim, Evidence, Unit, UnitIndex
from .partial import part_told
from .polarity import preferences
from .reading import FUTURE, GENERIC_DOING, OUTCOME_WORDS, TESTS, actor_of, quote
from .runs import check_ran, failure_subjects, is_test_run
from .said import check_user, supporting
from .translated import english_turn

RAN = re.compile(
    r"(?i)\b(?:ran|run|runs|running|re-?ran|re-?run|executed?|executes|executing|invoked?|"
    r"launched|called)\b"
)
_WROTE = re.compile(
    r"(?i)\b(?:wrote|written|writes|write|created|creates|edited|edits|modified|modifies|"
    r"updated|updates|changed|changes|patched|patches|rewrote|rewritten|saved|deleted|removed|"
    r"renamed|added|adds|touched|overwrote)\b"
)
_READ = re.compile(r"(?i)\b(?:read|reads|reading|viewed|looked\s+at|opened|inspected|checked)\b")
# A passive's auxiliary right before its verb ("was", "has been", "got"): the subject
# before it is what the verb was done to
_PASSIVE_BEFORE = re.compile(
    r"(?i)\b(?:was|were|is|are|has\s+been|have\s+been|had\s+been|got|gets|been)\s+"
    r"(?:(?:also|then|later|since|just|already|now|fully|completely|partly)\s+)?$"
)


def check_written(paths: Iterable[str], ev: Evidence) -> list[Claim]:
    out: list[Claim] = []
    for p in paths:
        p = p.strip().strip("`").removeprefix("./")
        if ev.wrote(p):
            continue
        why = (
            "no write-type call wrote it (it was only read or run)"
            if p in ev.touched
            else "no write-type call wrote it"
        )
        out.append(Claim("wrote", p, why))
    return out


_DELETED = re.compile(r"(?i)\b(?:deleted|deletes|removed|removes)\b")
_EDITED_IN = re.compile(r"(?i)\b(?:from|in|inside|within|of)\b")
_REMOVING = re.compile(r"(?i)delete|remove|unlink|trash")  # a tool's name: delete_file


def check_deleted(paths: Iterable[str], ev: Evidence) -> list[Claim]:
    """Each path claimed deleted that no ``rm``/``git rm`` or delete-type call removed."""
    gone = ev.derive("deleted", lambda: _deleted(ev))
    out: list[Claim] = []
    for p in paths:
        p = p.strip().strip("`").removeprefix("./")
        if p.rstrip("/") not in gone:
            out.append(Claim("wrote", p, "no call deleted it (no rm, git rm or delete call)"))
    return out


def _deleted(ev: Evidence) -> frozenset[str]:
    """The paths the record's commands and calls removed."""
    out: set[str] = set()
    for command in ev.executed:
        words = command.split()
        if words[:1] in (["rm"], ["unlink"], ["del"], ["rmdir"]) or words[:2] == ["git", "rm"]:
            out.update(w.removeprefix("./").rstrip("/") for w in words[1:] if w[:1] != "-")
    for call, _ in ev.answered:
        if _REMOVING.search(call.name):
            out.update(p.removeprefix("./").rstrip("/") for p in call_paths(call))
    return frozenset(out)


def check_still_there(paths: Iterable[str], text: str, ev: Evidence) -> list[Claim]:
    """Each path said written whose latest act in the record is a delete that did not fail
    (a ``delete_file`` call, ``rm``, ``git rm``, ``del``): the recap tells the next model
    a file exists that does not (review46 R46-ver1: 12/12 stood). A clause that says it
    was deleted too ("a.sh (deleted later by `rm a.sh`)") claims no such thing."""
    if _DELETED.search(text):
        return []
    gone = ev.derive("deleted last", lambda: _deleted_last(ev))
    out: list[Claim] = []
    for p in paths:
        p = p.strip().strip("`").removeprefix("./").rstrip("/")
        if p in gone:
            out.append(Claim("wrote", p, f"written, then deleted or moved away by {gone[p]}"))
    return out


def _deleted_last(ev: Evidence) -> dict[str, str]:
    """The paths whose last act in the record is a delete, each with what deleted it."""
    last: dict[str, str | None] = {}
    for (call, _), failed in zip(ev.answered, ev.answered_failed, strict=True):
        if failed:
            continue  # (a delete refused leaves the file; a write refused changes nothing)
        last.update((p.removeprefix("./"), None) for p in call_writes(call))
        removing = call_paths(call) if _REMOVING.search(call.name) else []
        last.update((p.removeprefix("./").rstrip("/"), call.name) for p in removing)
        for command in call_commands(call):
            gone = shell_deletes(command)  # (a rename's old name too)
            last.update((p.rstrip("/"), f"`{command}`") for p in gone)
    return {p: by for p, by in last.items() if by is not None}


def check_read(paths: Iterable[str], ev: Evidence) -> list[Claim]:
    out: list[Claim] = []
    for p in paths:
        p = p.strip().strip("`").removeprefix("./")
        if p and p not in ev.touched and not ev.printed(p):
            out.append(Claim("read", p, "no tool call read it"))
    return out


_ACTION = re.compile(
    r"(?i)(?<![\w`/.-])(?:[a-z]+-)?(?:[a-z]{2,}ed|ran|re-?ran|wrote|written|rewrote|rewritten|"
    r"made|built|rebuilt|took|kept|left|put|set|sent|undid|threw|found|began|shut|cut|split|"
    r"spun|got)(?![\w`/-])"
)
_NOT_ACTION_WORDS = """
    expected needed based related asked wanted required named limited interested concerned
    detailed failed passed errored succeeded crashed allowed insisted decided preferred
    stated noted mentioned requested instructed agreed corrected reminded specified
    confirmed acknowledged promised considered planned proposed suggested explained
    described reported summarized claimed seemed appeared refused supposed exceeded red bed
    need speed seed feed shed hundred nested timed caused returned received included
    contained involved matched focused learned showed indicated pointed hoped covered
    scheduled blocked declined repeated understood accepted followed respected honored
    honoured complied obeyed echoed restated recorded forbade clarified emphasized
    emphasised stressed mandated ruled okayed approved permitted authorized authorised
    waived lifted relaxed rescinded withdrew untouched unchanged unused unrelated undefined
    pinned locked frozen
    unexpected got kept left rejected favoured favored tested flagged labeled labelled marked titled
"""
_NOT_ACTION = frozenset(_NOT_ACTION_WORDS.split())
FIXED = re.compile(r"(?i)\b(?:fixed|resolved|repaired|solved|addressed|cured|squashed)\b")


NOT_DONE = re.compile(
    r"(?i)\b(?:considered|contemplated|thought\s+about|planned|proposed|suggested|offered|"
    r"intended|wanted|decided\s+against|avoided|refused|declined|skipped|was\s+asked\s+not)\s+"
    # ("offered to roll back X": an offer, whatever its verb)
    r"(?:to\s+)?(?:\w+ing|run|execute|use|delete|remove|write|push)\b|"
    r"\b(?:proposed|suggested|offered)\s+to\s+\w+"
)


_DETERMINER_WORDS = """
    the a an its their his her my our your this that these those some any all both each every
    no through of with for in on into from two three several many
"""
_DETERMINERS = frozenset(_DETERMINER_WORDS.split())


def _action_verb(text: str) -> str | None:
    for m in _ACTION.finditer(text):
        word = m.group(0).casefold()
        if m.group(0)[:1].isupper() and (
            m.start() > 0 or re.match(r"\s+(?:was|is|were|are|has|had)\b", text[m.end() :])
        ):
            continue  # a name ("Memcached"), not a verb
        if word in _NOT_ACTION or word.split("-")[-1] in _NOT_ACTION:
            continue
        if m.start() > 0 and text[m.start() - 1] in "`'\"":
            continue
        before = text[: m.start()].split()
        if before and before[-1].casefold().strip(",") in _DETERMINERS:
            continue  # "the failed test", "through numbered steps": an adjective
        return word
    return None


# a table the claim names ("the orders table", "table orders") and the tables a call's SQL
# names ("DELETE FROM staging_orders", "INSERT INTO orders", "JOIN plans")
_TABLE_NAMED = re.compile(r"(?i)\bthe\s+`?([\w.]+)`?\s+table\b|\btable\s+`([\w.]+)`")
_SQL_TABLE = re.compile(r"(?i)\b(?:from|into|update|table|join)\s+[\"`]?([A-Za-z_][\w.]*)")
# a purpose after the act: "… to add a unique constraint", "… so that reruns are safe"
_PURPOSE = re.compile(
    r"(?i)\s+(?:(?:in\s+order|so\s+as)\s+to|so\s+that|to(?=\s+(?:add|fix|make|avoid|prevent|"
    r"allow|support|enable|ensure|handle|stop|reproduce|reduce|improve|speed|cover)\b))\s"
)


def check_done(text: str, verb: str, actor: str | None, ev: Evidence) -> list[Claim]:
    """A clause saying something was done: its object traces to a tool call or an
    assistant statement of it (or, for the user, a user turn saying "I did"), with the
    loaded verb ("deleted", "force-pushed", "dropped") there too."""
    terms = {t for t in claim_terms(text) if t not in GENERIC_DOING}
    terms -= {"assistant", "user", "agent"}
    if terms <= _VAGUE:
        return []  # "good progress was made on the task": says nothing checkable
    agreed = preferences(text) & ev.preferred
    if agreed:  # "switched X from Memcached to Redis" as the user asked: Redis is what was done
        terms = {stem(a) for a, _ in agreed}
    specific = specific_terms(text) & terms
    if not terms:
        return []
    loaded = bool(specific - {t for t in specific if _CODE.search(t)})
    # a hyphenated or slashed name is one thing ("prod-us" is not "prod-eu", though both
    # split to "prod"): the act that did it names it whole
    names = [re.compile(rf"(?i)(?<![\w-]){re.escape(n)}(?![\w-])") for n in _names(text)]

    def names_it(unit_text: str) -> bool:
        return all(n.search(unit_text) for n in names)

    def traced(index: UnitIndex, keep: Callable[[Unit], bool] | None = None) -> Unit | None:
        """The unit of ``index`` (``keep`` allows) holding the most of the clause's terms,
        half of them or more, and every specific one."""
        best: tuple[float, Unit] | None = None
        for i in index.covering(terms, 0.5):  # the others hold too few
            u = index.units[i]
            if (keep is not None and not keep(u)) or u.negated or (loaded and u.kind == "result"):
                continue
            share, missing = cover(terms, u.terms)
            good = share >= 0.5 and not specific.intersection(missing) and names_it(u.text)
            if good and (best is None or share > best[0]):
                best = (share, u)
        return best[1] if best else None

    def traced_by_two(index: UnitIndex) -> Unit | None:
        """Two acts that together say it: the edit of ratelimit/bucket.go and "burst capped
        at 50" for "clamped the burst to 50 in ratelimit/bucket.go"."""
        holding = (index.units[i] for i in index.holding_any(specific))
        some = list(islice((u for u in holding if not u.negated), 40))
        for i, a in enumerate(some):
            for b in some[i + 1 :]:
                share, missing = cover(terms, a.terms | b.terms)
                if (
                    share >= 0.5
                    and not specific.intersection(missing)
                    and names_it(f"{a.text} {b.text}")
                ):
                    return Unit(f"{a.text} … {b.text}", a.terms | b.terms, "", a.kind)
        return None

    if actor == "user":
        if traced(ev.said_index, _reports_in_first_person):
            return []
        if _SWITCHED_BACK.search(text):
            # "The user switched back to MinIO because NFS is too slow": the user's word,
            # held to it as any rule said back ("… NFS... actually, back to MinIO")
            back = _BACK_TO.search(text)
            name = back.group(1) if back else ""
            taken = claim_terms(name)
            for turn in ev.user if taken else ():
                if taken & retracted(turn):  # "switched back to NFS" for "NFS... actually, MinIO"
                    return [Claim("did", text, f"the user took {name} back: {quote(turn)}")]
            return check_user(text, ev, "user said")
        told = move_told(text, ev)
        # (a user's sentence telling the move in a language not read here: "Move it to B"
        # and "I moved it to B" look alike, and a guess either way loses a true line or
        # leaves a lie; the user's own words, quoted in the line's place, are true either way)
        unread = told is not None and _PERFORMED.search(text) and not english_turn(told.said)
        held = check_user(told.rest, ev, "user said") if told is not None else []
        if told is not None and unread and held:
            return [_quoting(text, told.said, held[0].reason)]
        if told is not None and not held:
            # "The user moved the server from Postgres 15 to Postgres 16": a move the user
            # told is the user's, held to its direction, unless the record shows it asked
            # for ("moved" then says the user did it; "The user asked to move …" tells it
            # right): the assistant's calls or words carried it out or took it up, or the
            # user's sentence reads as an ask. An English sentence read as neither is kept.
            if told.rest != text:  # (an act carrying it out names where it leads, seldom its start)
                return [
                    Claim("did", text, c.reason, c.quoted)
                    for c in check_done(told.rest, verb, actor, ev)
                ]
            if not _PERFORMED.search(text):
                return []
            made = traced(ev.acts_index, _changes)
            if made is not None:
                why = f"the assistant made this move; the user asked for it: {quote(made.text)}"
                return [Claim("did", text, why)]
            took = move_taken_up(told, ev)
            # (a move the user made can be taken up in words too; a call carries it out)
            if took is not None and unread and any(t == took for _, t in ev.dialogue):
                return [_quoting(text, told.said, f"the assistant took it up: {quote(took)}")]
            if took is not None:
                why = f"the user asked for this move; the assistant took it up: {quote(took)}"
                return [Claim("did", text, why)]
            if _ASKS_A_MOVE.match(told.said):
                why = f"the user asked for this move, not made it: {quote(told.said)}"
                return [Claim("did", text, why)]
            return [_quoting(text, told.said)] if unread else []
        did = traced(ev.acts_index)
        why = (
            f"the assistant did it, not the user: {quote(did.text)}"
            if did
            else "no turn of the record shows the user doing it"
        )
        return [Claim("did", text, why)]
    found = _found_in_output(text, ev) if verb == "found" else None
    if found is not None:  # "The query found 4821 late-arriving rows": what its call printed
        why = "the output of the call it names does not give this"
        return [] if found else [Claim("did", text, why)]
    acts = ev.acts_index
    hit = traced(acts) or (traced_by_two(acts) if len(specific) > 1 else None)
    if hit is not None and _HYPOTHETICAL.search(hit.text) and not _HYPOTHETICAL.search(text):
        real = traced(acts, lambda u: not _HYPOTHETICAL.search(u.text))
        if real is None:
            return [Claim("did", text, f"the record shows only a dry run: {quote(hit.text)}")]
    table = _TABLE_NAMED.search(text) if hit is not None else None
    used = {t.casefold() for t in _SQL_TABLE.findall(hit.text)} if hit and table else set()
    if hit and table and used and (table.group(1) or table.group(2)).casefold() not in used:
        # "deleted 1200 rows from the orders table" where the call's SQL deleted from
        # staging_orders: the act, on another table
        why = f"the call it names worked on {', '.join(sorted(used))}: {quote(hit.text)}"
        return [Claim("did", text, why)]
    purpose = _PURPOSE.search(text) if hit is not None else None
    if purpose is not None:
        # "edited the migrations folder to add a unique constraint": the act before its
        # purpose must be in the record too, not carried by the purpose's words (a
        # traceback's "violates unique constraint")
        return check_done(text[: purpose.start()], verb, actor, ev)
    if hit is not None:
        return []
    if actor is None and _reported_by_user(text, verb, terms, specific, ev):
        return []
    if part_told(text, ev, failed=False):
        return []  # "Sent 6 of 8 invitations" of ``{"sent": 6, "failed": 2}``: its tally
    said = next((ev.said[i] for i in ev.said_index.covering(terms, 0.5)), None)
    why = "no tool call or assistant turn shows it done"
    if said is not None:
        why += f" (only the user mentioned it: {quote(said.text)})"
    return [Claim("did", text, why)]


def _quoting(text: str, said: str, seen: str = "") -> Claim:
    """``text``, a move the user's sentence ``said`` tells, as a claim to give way to
    ``said`` quoted: the record does not say whether the user made the move or asked for
    it (``seen``: what was read, in words a UI can show)."""
    why = "the record does not say whether the user did this or asked for it"
    why += f" ({seen})" if seen else ""
    return Claim("did", text, f"{why}; the user's words are quoted: {quote(said)}", said)


# a move told as carried out, not chosen ("switched to X" is as often the choice alone)
_PERFORMED = re.compile(r"(?i)\b(?:move[sd]|migrated|upgraded)\b")


def tells_a_move_done(text: str) -> bool:
    """Whether ``text`` tells a move as done by someone ("The user moved X from A to B."),
    not asked for or planned ("The user wants to move X to B.")."""
    return actor_of(text) is not None and _PERFORMED.search(text) is not None


def _changes(act: Unit) -> bool:
    """Whether ``act`` can carry a move out: the assistant's call or its words, not a
    call's output, nor a call that only looks (``cat docs/postgres-16.md``)."""
    if act.kind == "result" or ACKNOWLEDGES.match(act.text):
        return False  # ("Noted, Postgres 16 from now on." carries nothing out)
    return act.kind != "call" or not only_looks([act.text.partition(" ")[2]])


# an English sentence asking for a move: its verb opens it, bare or after a plea
_ASKS_A_MOVE = re.compile(
    rf"(?i)^\W*(?:(?:please|now|next|then|first|also|so|ok(?:ay)?|and)\W+)*"
    rf"(?:(?:can|could|would|shall|should)\s+(?:you|we)\s+|let'?s\s+|"
    rf"we\s+(?:should|must|need\s+to|have\s+to)\s+)?"
    rf"{MOVE_VERB}\b"
)


_FIRST_PERSON_DID = re.compile(r"(?i)\b(?:i|we|i've|we've|i'd)\b")


def _reports_in_first_person(said: Unit) -> bool:
    """Whether the user's sentence tells, in the first person, what the user did ("I moved
    it last night"), not asks for it ("Can we move it to B?", "We should move it")."""
    asks = said.text.rstrip().endswith("?") or _ASKS_A_MOVE.match(said.text) is not None
    return not asks and _FIRST_PERSON_DID.search(said.text) is not None


_NOT_A_REPORT = re.compile(r"(?i)\b(?:make\s+sure|ensure|check|verify|confirm|whether)\b")


def _reported_by_user(
    text: str, verb: str, terms: set[str], specific: frozenset[str], ev: Evidence
) -> bool:
    """Whether the user reported what a clause with no subject says happened ("about
    1,270 invoices were affected last month"): a user sentence with the same verb form,
    most of its terms and every specific one, said as a fact (not asked for)."""
    form = re.compile(rf"(?i)(?<![\w-]){re.escape(verb)}(?![\w-])")
    for i in ev.said_index.covering(terms, 0.7):  # the others hold too few of its terms
        u = ev.said[i]
        if u.negated or FUTURE.search(u.text) or _NOT_A_REPORT.search(u.text):
            continue
        if not form.search(u.text):
            continue
        share, missing = cover(terms, u.terms)
        if share >= 0.7 and not specific.intersection(missing):
            return True
    return False


_CODE = re.compile(r"[/_.:\[\]@\d]")
# A name of words joined by hyphens or slashes, outside backticks (a command is checked as
# run): "prod-us", "deployment/api", "web-2"; not a path's file ("src/a.py" is checked as
# a path) nor a hyphenated word of prose ("read-only", "follow-up": all letters, two parts)
_NAME = re.compile(r"(?<![\w./`-])[A-Za-z][A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)+(?![\w/`-]|\.\w)")
_PARTICLES = frozenset(
    {"up", "in", "on", "out", "off", "by", "to", "of", "and", "the", "for", "so"}
)


def _named_part(part: str) -> bool:
    """A short part that makes a name, not prose: "us" of "prod-us" (not "up" of
    "follow-up", nor "e" of "e-mail")."""
    return 2 <= len(part) <= 3 and part.casefold() not in _PARTICLES


def _names(text: str) -> list[str]:
    """The joined names ``text`` gives outside backticks (see ``_NAME``)."""
    bare = re.sub(r"`[^`]*`", " ", text)
    return [
        n
        for n in dict.fromkeys(_NAME.findall(bare))
        if re.search(r"\d|/", n) or n.count("-") >= 2 or any(map(_named_part, n.split("-")))
    ]


_VAGUE_WORDS = """
    conversation discussion session topic topics progress good great several various some
    many few cover covered thing things part parts overall general stuff issue issues matter
    point points aspect aspects step steps
"""
_VAGUE = frozenset(stem(w) for w in _VAGUE_WORDS.split())
_HYPOTHETICAL = re.compile(r"(?i)--dry-run|\bdry[- ]run|\bwould\b|--check\b|--noop\b|simulat")


def check_state(text: str, ev: Evidence) -> list[Claim]:
    """A claim about how things stand now ("the export now finishes in under 30 s"): a
    tool result or an assistant turn shows it, not only the user's request for it."""
    terms = {t for t in claim_terms(text) if t not in GENERIC_DOING} - {"now", "assistant"}
    specific = specific_terms(text) & terms
    done = ev.done_terms
    if not specific or specific <= done:
        return []  # what it names was done somewhere ("the burst is now clamped to 50")
    said, _ = supporting(text, ev.said_index, 0.6)
    if said and reported_by_user(said[0].text):
        return []  # "it's 20 people now": the user's word of how things are, no request
    if said:
        why = f"only the user asked for it ({quote(said[0].text)}); no result shows it"
        return [Claim("did", text, why)]
    return []


_PASSIVE_RUN = re.compile(
    r"(?i)\b(?:was|were|been|got)\s+(?:\w+ly\s+)?(?:run|re-?run|executed|applied)\b"
)


def check_action(
    text: str,
    out: list[Claim],
    commands: list[str],
    paths: list[str],
    ev: Evidence,
    actor: str | None,
    *,
    vague: bool = True,
) -> list[Claim]:
    """What a clause says was done (run, written, read, or another action). ``vague``:
    check any other verb too ("helped", "clamped"); off when the clause is an outcome."""
    verb = _action_verb(text)
    if actor == "user" and (verb or (commands and RAN.search(text))):
        return out + check_done(text, verb or "ran", "user", ev)
    if commands and RAN.search(text) and not NOT_DONE.search(text):
        out += check_ran(commands, ev)
    elif not commands and not verb and _PASSIVE_RUN.search(text):
        out += check_done(text, "ran", actor, ev)  # "the migrations were run against staging"
    elif verb and _WROTE.search(verb) and paths:
        wrote = _WROTE.search(text)
        tail = text[wrote.end() :] if wrote else text
        stop = _READ.search(tail)
        after = tail[: stop.start()] if stop else tail
        # "wrote `b` and deleted `c`": what follows a deletion was deleted, not written
        # (R21-V1); "deleted `c`" alone, the same
        gone = _DELETED.match(wrote.group(0)) if wrote else None
        cut = None if gone else _DELETED.search(after)
        deleted = after if gone else after[cut.end() :] if cut else ""
        written = "" if gone else after[: cut.start()] if cut else after
        if wrote and _PASSIVE_BEFORE.search(text[: wrote.start()]):
            # "src/a.py was rewritten": the subject of a passive is what was written
            subject = text[: wrote.start()]
            if gone:
                deleted = subject + deleted
            else:
                written = subject + written
        # ("removed the debug print from `src/app.py`": an edit of the file)
        edited = [
            p for p in paths if p in deleted and _EDITED_IN.search(deleted[: deleted.find(p)])
        ]
        out += check_deleted([p for p in paths if p in deleted and p not in edited], ev)
        out += check_written([p for p in paths if p in written or p in edited], ev)
        out += check_still_there([p for p in paths if p in written], text, ev)
    elif (
        vague and verb and not FIXED.search(verb) and not out and not (_READ.search(verb) and paths)
    ):
        out += check_done(text, verb, actor, ev)
    elif paths and _READ.search(text) and not out:
        read = _READ.search(text)
        after = text[read.end() :] if read else text
        out += check_read([p for p in paths if p in after], ev)
    return list(dict.fromkeys(out))


_FOUND = re.compile(r"(?i)\bfound\b")
# a figure, not a position ("cart.py:40:5"), a path's part or an identifier's
_FIGURE = re.compile(
    r"(?<![\w.,/:-])\d{1,3}(?:,\d{3})+(?![\w,:])|(?<![\w.,/:-])\d+(?:\.\d+)?(?![\w/:-])"
)
# what a finder is called without naming it: "the query", "the count", "a search"
_QUERYING = re.compile(
    r"(?i)\bselect\s+(?:count|\*|[\w.]+\s*(?:,|from))|\bcount\s*\(|\bquery|\bsearch|\bgrep\b|"
    r"\bwc\b|\bfind\b|\bsql\b"
)
_FINDER_WORDS = frozenset(
    stem(w)
    for w in ("query", "count", "search", "scan", "check", "lookup", "run", "command", "tool")
)


def _found_in_output(text: str, ev: Evidence) -> bool | None:
    """Whether what ``text`` says was found ("The count query found 4821 late-arriving
    rows", "ruff found 3 problems") is in the output of a call it names (by its program or
    its arguments; a call that queried, when it names the finder only as "the query"):
    every number of it, whole, in that call's answer. A number another call printed is
    not this one's. None when it gives no number or names no call that ran."""
    at = _FOUND.search(text)
    numbers = [n.replace(",", "") for n in _FIGURE.findall(text[at.end() :])] if at else []
    if at is None or not numbers:
        return None
    subject = claim_terms(text[: at.start()]) - {"assistant", "user", "agent"}
    finder = subject - _FINDER_WORDS
    if not subject:
        return None  # "The assistant found …": no finder named
    named = False
    for call, answer in ev.answered:
        asked = f"{call.name} {call.arguments}"
        if finder and not finder & unit_terms(asked):
            continue
        if not finder and not _QUERYING.search(asked):
            continue  # "the query": a call that queried, not a build that printed counts
        named = True
        printed = {n.replace(",", "") for n in _FIGURE.findall(answer[:4000])}
        if all(n in printed for n in numbers):
            return True
    return False if named else None


def check_fixed(text: str, ev: Evidence) -> list[Claim]:
    """ "The assistant fixed X" about no test or command: an assistant turn says it fixed X."""
    if failure_subjects(text, ev):
        return []
    terms = {t for t in claim_terms(text) if t not in GENERIC_DOING} - {"fix", "assistant"}
    for u in ev.acts:
        if u.kind == "told" and "fix" in u.terms and cover(terms, u.terms)[0] >= 0.5:
            return []
    runs = [r for r in ev.results if is_test_run(r)]
    if runs and not runs[-1].failed and cover(terms, unit_terms(runs[-1].text))[0] >= 0.5:
        return []
    return [Claim("passed", text, "no assistant turn or passing result shows it fixed")]


_DENIED = re.compile(
    r"(?i)\b(?:did\s*n[o']t|didn'?t|never|was\s+not|wasn'?t|were\s+not|weren'?t|has\s*n[o']t|"
    r"hasn'?t|had\s*n[o']t|not)\s+(?:\w+ly\s+|yet\s+|even\s+|been\s+)*(?P<verb>\w+)"
)
UNTOUCHED = re.compile(r"(?i)\b(?:left|kept|remained|stayed|was|is)\s+(?:\w+\s+)?(?:unchanged|untouched|"
                        r"alone|as[-\s]is|intact|unmodified|unedited)\b")  # fmt: skip
_NOTHING_WRITTEN = re.compile(
    r"(?i)\b(?:no|none\s+of\s+the)\s+(?:files?|code|changes?)\s+(?:was|were|has\s+been|have\s+been)\s+"
    r"(?:written|changed|edited|modified|touched|made)|\bnothing\s+was\s+(?:written|changed|edited)"
)
_RUN_VERB = re.compile(
    r"(?i)^(?:re-?)?(?:run|ran|execut|invok|launch|call|tr(?:y|ied)|test|list|quer|fetch|inspect|"
    r"view|check|open|read|look|profil|benchmark|lint)"
)
_WRITE_VERB = re.compile(
    r"(?i)^(?:re-?)?(?:edit|chang|modif|touch|wr[io]t|patch|updat|creat|alter)"
)


# what holds the thing a denial names, which the call that touched it need not say
_CONTAINERS = frozenset(claim_terms("table tables file files folder directory column columns"))


def _loosely_within(terms: Iterable[str], unit: frozenset[str]) -> bool:
    """Every term in ``unit``, a long one by its first five letters ("profiler" is the
    program ``profile_export.py``)."""
    heads = {u[:5] for u in unit if len(u) >= 5}
    return all(t in unit or (len(t) >= 5 and t[:5] in heads) for t in terms)


def check_absence(text: str, commands: list[str], paths: list[str], ev: Evidence) -> list[Claim]:
    """A denial ("the assistant did not run X", "never reran `cmd`", "X was left
    unchanged", "no file was written"): what it denies must not be in the record."""
    if _NOTHING_WRITTEN.search(text) and ev.written:
        return [Claim("wrote", text, f"the record shows {sorted(ev.written)[0]} written")]
    denied = _DENIED.search(text)
    verb = denied.group("verb").casefold() if denied else ""
    again = re.match(r"re-?(?:run|ran|tr|test|execut)", verb) or re.search(
        r"(?i)\b(?:again|a\s+second\s+time|twice)\b", text
    )
    if _WRITE_VERB.match(verb) or UNTOUCHED.search(text):
        return [
            Claim("wrote", p, "the record shows a write-type call wrote it")
            for p in paths
            if ev.wrote(p)
        ]
    if not _RUN_VERB.match(verb):
        return []
    out: list[Claim] = []
    for c in commands:
        times = len(ev.results_of(c)) or int(ev.ran(c, exact=True))
        if times >= (2 if again else 1):
            out.append(
                Claim("ran", norm_command(c), f"the record shows it ran{' again' * bool(again)}")
            )
    if commands or not denied:
        return out
    # "did not run the loadgen tests": the runs its words name
    passive = re.match(r"(?i)(?:was|were)\b", denied.group(0))
    tail = text[: denied.start()] if passive else text[denied.end() :]  # "the tests were not run"
    tail = re.split(r"(?i)[,;]|\b(?:since|because|as|but|so)\b", tail)[0]
    terms = claim_terms(tail) - OUTCOME_WORDS - {"assistant", "user", "time"}
    if terms - _CONTAINERS:
        terms -= _CONTAINERS  # "never queried the invoices table": the query names invoices
    tests = TESTS.search(tail) is not None
    if not terms and not tests:
        return out
    named = [
        r
        for r in ev.results
        if r.commands
        and _loosely_within(terms, r.named_terms | {"test"})
        and (not tests or is_test_run(r))
    ]
    if len(named) >= (2 if again else 1):
        ran = max(named[-1].commands, key=lambda c: (len(c), c))
        out.append(Claim("ran", tail.strip(" ."), f"the record shows it ran: `{ran}`"))
    return out


_BACK_TO = re.compile(r"(?i)\bback\s+to\s+(?:the\s+|using\s+)?([\w./:-]*\w)")
# the user going back on a choice: a correction said, not an act to find in the record
_SWITCHED_BACK = re.compile(
    r"(?i)\b(?:switched|changed|went|moved|reverted|returned)\s+(?:it\s+|them\s+)?back\b"
)


# "The assistant upgraded PostgreSQL to 17 with `apt-cache show postgresql-17`.": a change
# claimed made by a command that only reads (a version printed, a package's record shown);
# the command ran, so no check of runs catches it
_CHANGED_WITH = re.compile(
    r"(?i)^\W*(?:the\s+assistant|i|we)\s+(?:then\s+|also\s+|first\s+)?"
    r"(?P<verb>upgraded|downgraded|installed|uninstalled|changed|updated|modified|migrated|"
    r"moved|deleted|removed|dropped|restarted|redeployed|deployed|applied|rolled\s+back|reset|"
    r"patched|switched|bumped|pinned|configured|reconfigured)\b"
    r"[^`]*?\b(?:with|using|via|by\s+running|through)\s+`(?P<command>[^`]+)`"
)


def check_changed_by_looking(text: str) -> list[Claim]:
    """A change the recap says a read-only command made.

    >>> [c.reason for c in check_changed_by_looking(
    ...     "The assistant upgraded PostgreSQL to 17 with `apt-cache show postgresql-17`.")]
    ['`apt-cache show postgresql-17` only reads: it upgraded nothing']
    >>> check_changed_by_looking("The assistant checked the version with `psql --version`.")
    []
    >>> check_changed_by_looking("The assistant installed it with `apt-get install -y pg17`.")
    []
    """
    m = _CHANGED_WITH.match(text)
    if m is None or not only_looks([m.group("command").strip()]):
        return []
    verb = " ".join(m.group("verb").split()).lower()
    return [Claim("did", text, f"`{m.group('command').strip()}` only reads: it {verb} nothing")]

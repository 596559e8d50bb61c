"""Claims, not words: what a recap says happened must have happened, in the role it says.

A recap can use only words from the record and still lie: "ran `rm -rf build`" when only
the user said "never run rm -rf build". Each clause of a recap is read for what it
claims, from its section (``Commands run:``, ``Failures:``, ``Files written:``,
``Constraints and corrections:``, ``Goal:``, ``Decisions:`` …) or, in free prose, from
its verbs and its subject, and checked against where such a thing really is:

* a command **run** must be a tool call's command (exact, with its arguments; or one step
  of a chained command) or a command shown as executed (a ``$ cmd`` line);
* a file **written** must be named by a write-type call (or a patch header);
* a **failure** must be in a tool result with a failure marker (a non-zero exit,
  ``FAILED``, a traceback, an error status …) of the command, test or tool it names; a
  **pass** needs a result without one;
* a **constraint**, a correction, the goal and anything else attributed to the user must
  trace to a user turn, with the same polarity ("never X" does not support "X") and
  with a preference the right way round ("use Redis not Memcached" does not support
  "use Memcached not Redis");
* a decision attributed to the assistant or to the user must be in a turn of that role.

A previous recap (already verified) counts as evidence for the claims it made.

This module reads a recap unit (a section item or a prose sentence) clause by clause and
sends each to the check for what it claims; the checks and what they read live apart:

* ``claims.reading``: a clause's section, subject and shared words (text only);
* ``claims.polarity``: negation, permission and preference (text only);
* ``claims.evidence``: the record read once as evidence (:class:`Evidence`), and :class:`Claim`;
* ``claims.runs``: commands run, failures, passes, exit codes;
* ``claims.done``: files written and read, other actions, denials, states;
* ``claims.said``: what the user and the assistant said: goal, constraints, plans;
* ``claims.numbers``, ``claims.cause``, ``claims.order``: labelled numbers and counts,
  causes, and claims of an order.

>>> from contextledger.model import Message
>>> said = [Message.user("Never run rm -rf build on the runner.", id="u")]
>>> ev = Evidence.of(said)
>>> [str(c) for c in check_clause("The assistant ran `rm -rf build`.", None, ev)]
['ran rm -rf build: no tool call ran it (only the user mentioned it: "Never run rm -rf build on the runner.")']
>>> check_clause("The user said never to run `rm -rf build`.", None, ev)
()
"""

from __future__ import annotations

import re

from ...intent import is_constraint
from ...lexicon import claims as lexicon
from ...lexicon.negation import denial
from ..facts import extract_claims, sentences
from ..outcome import Outcome, outcome_of, which_run
from ..stance import keeps, plain_assertion
from ..timeline import norm_command
from ..trace import claim_terms, cover, unit_terms
from . import words as lex
from .anchors import (
    anchors,
    check_grounded,
    failure_grounded,
    names_tests,
    negated_pass,
    says_read,
)
from .anchors import subject as opening_subject
from .args import as_called, check_arguments
from .cancelled import check_cancelled
from .cause import check_cause
from .condition import (
    CONDITION_LEFT_OUT,
    check_condition,
    check_flipped_condition,
    check_qualifiers,
    check_swapped_choice,
    check_swapped_places,
    check_taken_back,
    check_turned_clause,
    check_unconditional_leave,
    check_unread_exception,
    check_weakened,
    check_widened_scope,
)
from .corrected import (
    RANGE_REPLACED,
    check_corrected_back,
    check_corrected_count,
    check_corrected_name,
    check_corrected_value,
    check_replaced_range,
    corrected_as_moved,
    move_told,
    range_change_told,
    range_set_by_user,
    ranges_corrected_to,
    without_range_note,
)
from .did import (
    check_assistant_did,
    check_denied_done,
    check_denied_run,
    check_offered_only,
    check_told_done,
    check_told_open,
    told_still_open,
)
from .done import (
    FIXED,
    NOT_DONE,
    RAN,
    UNTOUCHED,
    check_absence,
    check_action,
    check_changed_by_looking,
    check_done,
    check_fixed,
    check_read,
    check_state,
    check_still_there,
    check_written,
    tells_a_move_done,
)
from .evidence import Claim, Evidence, failed_answer, failing_lines
from .failing import check_marked_failures, check_still_failing
from .fields import check_field_figures
from .kept import as_ban
from .kept_off import asked_where_kept_off, ban_kept_to, banned_where_worked_on
from .named import (
    check_named_actor,
    check_named_span,
    check_person_role,
    check_tool_only_person,
)
from .numbers import (
    check_bound_numbers,
    check_dates,
    check_locations,
    check_numbers,
    check_paired,
    check_percents,
    check_qualities,
    check_tallies,
    check_target,
    check_times,
    check_units,
    check_verb_times,
    target_reading,
)
from .order import (
    IMPERATIVE,
    check_fix_place,
    listed_the_other_way,
    mentions,
    out_of_order,
    ran_as_listed,
    reversed_rule,
    rule_order,
    split_order,
)
from .outcomes import bound_outcome, check_codes, check_entry_numbers
from .partial import check_partial
from .permission import as_permitted, check_leave, check_permission, said_in_halves
from .polarity import PERMIT, as_reminded, forbids, negated
from .reading import (
    BACKTICKED,
    BY_USER,
    CORRECTION_NOTE,
    CRON,
    DONE,
    FAIL,
    FUTURE,
    QUOTED_NAME,
    SAYS,
    SAYS_BARE,
    actor_of,
    fold,
    list_items,
    quote,
    strip_note,
)
from .reimposed import check_said_again
from .required import required_by_tool
from .results import with_runs
from .reversed import check_reversed_decision
from .roles import (
    check_credit,
    check_owner,
    check_person_paired,
    check_roles,
    credited_as_said,
)
from .runs import (
    NOT_ON_FAILING_LINE,
    check_count_passed,
    check_denied_pass,
    check_event_during,
    check_exit_codes,
    check_failed,
    check_failed_in_run,
    check_passed,
    check_ran,
    check_run_option,
    check_undone,
    failure_subjects,
    printed_not_run,
    prose_run_object,
)
from .said import (
    NO_ASSISTANT_TURN,
    check_assistant,
    check_comparison,
    check_moved_the_other_way,
    check_plan,
    check_preferences,
    check_user,
    decided_as_said,
    quotes_user,
    restated_rule,
    supporting_at,
)
from .secrets import check_hardcoded, check_secret
from .settings import check_setting_direction, said_setting, setting_act
from .settled import check_settled_back, settled_as_told, settled_by_denial
from .stale import (
    check_restated_value,
    check_stale,
    check_stale_words,
    check_superseded,
    restates_correction,
    settings_as_said,
)
from .standing import check_standing_leave
from .steady import check_steady
from .test_names import ANOTHER_TEST, MARKED_PASSED, marked_passed
from .translated import (
    chose_rejected,
    contradicted,
    forbidden_asked,
    forbidden_made_rule,
    named_after_leaving,
    quoted_user,
    said_verbatim,
    switched_around,
    without_translated,
)
from .unspaced import check_turned_unspaced

__all__ = ["Claim", "Evidence", "check_clause", "check_sentence", "clauses"]

_SAID_BY_USER = re.compile(
    r"(?i)\buser\s+(?:\w+\s+){0,2}?(?:said|says|asked|asks|wants|wanted|requested|requests|"
    r"insisted|insists|told|instructed|prefers|preferred|requires|required|forbade|forbids|"
    r"stated|specified|demanded|reminded|would\s+like|decided|chose|agreed|corrected|added|"
    r"clarified|pointed\s+out|warned)\b|"
    r"\buser'?s\s+(?:goal|request|constraint|rule|instruction|preference|correction)|"
    r"\b(?:asked|requested|told|instructed|required)\s+by\s+the\s+user\b|"
    # "All constraints above were withdrawn by the user": a rule lifted is the user's word
    r"\b(?:withdrawn|lifted|dropped|rescinded|revoked|cancell?ed|relaxed|waived|reversed|"
    r"overridden|overruled|retracted|taken\s+back)\s+(?:\w+\s+)?by\s+the\s+user\b"
)
_DECIDED = re.compile(
    r"(?i)\b(?:decided|decides|chose|chooses|agreed|settled\s+on|opted|promised|committed\s+to|"
    r"proposed|proposes|suggested|suggests|recommended|recommends|insisted|insists|"
    r"set\s+(?:the|a)\s+rule)\b"
)
_CLAUSE = re.compile(
    r"\s*;\s*|,?\s+(?:and|but|then|while|whereas|after\s+which|so|which|and\s+so)\s+"
    r"(?=(?:then\s+)?(?:the\s+)?(?:user|assistant|agent|it|i|we|they)\b)|"
    r",?\s+(?:while|whereas)\s+|,\s+(?:but|where|although|though)\s+",
    re.IGNORECASE,
)
_ATTRIBUTION_TAIL = re.compile(
    r"(?i),?\s+(?:as|like)\s+(?:the\s+)?user\s+(?:had\s+)?(?:asked|requested|wanted|said|"
    r"instructed|suggested)(?:\s+(?:it|to))?(?=\W*$)|,?\s+(?:as|like)\s+(?:requested|asked|"
    r"instructed)(?=\W*$)|,?\s+(?:at|on)\s+the\s+user'?s\s+(?:request|instruction)(?=\W*$)"
)
_NOT_FAILING = re.compile(
    r"(?i)\b(?:no|nothing|none|never|neither|nor)\b[^.;:]{0,60}?\b(?:fail\w*|error\w*|"
    r"broke|crash\w*|problems?|issues?|warnings?|complaints?)\b"
)  # ("`make lint` reported no problems" after make's "Error 1": R31-V6)
_OTHERWISE = re.compile(
    r"(?i)\b(?:else|other|otherwise|further|more|except|besides|apart\s+from|aside\s+from)\b"
)
# What a denied failure says of itself, not what it is about ("No test failed in this
# session.", "Nothing ever failed.", "The suite had no errors."): with only these words it
# denies every failure of the record.
_DENIAL_TERMS = unit_terms(
    "nothing none no not never ever any every all whole test tests suite session run runs "
    "ran failed fail fails failing failure failures error errors errored reported found had "
    "problem problems issue issues warning warnings complaint complaints "
    "has have was were this the a an in of at so far once yet"
)
_SINCE = re.compile(r"(?i)\b(?:after|since|now|again|finally|last|second|latest|rerun)\b")
_FAILED_AFTER_DENIAL = re.compile(  # "no retry helped and the job failed": a failure said
    r"(?i)\b(?:but|and|then|so)\s+(?:\w+\s+){0,4}(?:failed|fails|errored|broke|crashed)\b"
)
# "`npm run lint` was run afterwards." under Decisions (or Next step): the words of a
# suggestion, said as done, is a claim that it was done (checked as one), not the decision
# or the plan as it was said
_SAYS_DONE = re.compile(
    rf"{DONE.pattern}|(?i:\b(?:was|were|been|got)\s+(?:(?:re-?)?run|[a-z]+(?:ed|en|wn|ne)))\b"
)
# a step told done in a passive's perfect or with "already" ("was already posted", "has
# been sent"), a command said run ("ran and passed"): under a heading of requests or rules, what claims an act was done
_TOLD_DONE = re.compile(
    r"(?i)\b(?:ran|re-?ran|already\s+[a-z]+(?:ed|en|wn|ne|nt)|(?:was|were|has\s+been|have\s+been|"
    r"had\s+been)\s+(?:(?:already|now|just)\s+)?[a-z]+(?:ed|en|wn|ne|nt))\b"
)
_NOT_PASSING = re.compile(
    r"(?i)\b(?:no|none|nothing|not|never|neither|yet\s+to|isn'?t|aren'?t|doesn'?t|don'?t)\b"
    r"[^.;]{0,30}\b(?:pass|passes|passing|green|fixed|succeed)"
)


# --------------------------------------------------------------------------- reading a unit


def check_clause(
    text: str, section: str | None, ev: Evidence, actor: str | None = None
) -> tuple[Claim, ...]:
    """The claims of one recap clause (``section``: the recap section it is under;
    ``actor``: who the sentence so far said acted) that the record does not support."""
    bare = without_range_note(text, ev)
    if bare != text:  # "… 100–500 (replaced later by 200–300)": the old range, marked
        found = check_clause(bare, section, ev, actor)
        return tuple(c for c in found if not c.reason.startswith(RANGE_REPLACED))
    text = _ARROW.sub(r"from \g<old> to ", text)  # "LIMIT 500 -> 1500": from 500 to 1500
    # "Don't forget to bump X": the request, as the user's sentences are read (as_reminded)
    text = as_reminded([text])[0]
    found = _check_clause(text, section, ev, actor)
    # a status told against the record under any heading: a command that ran said never
    # run, a leave the user gave on a condition said given outright, a request done said
    # still open
    found = (*found, *check_denied_run(text, ev), *check_unconditional_leave(text, ev))
    found = (*found, *check_told_open(text, ev), *check_standing_leave(text, ev))
    if not any(c.kind == "did" for c in found):
        found = (*found, *check_told_done(text, ev))  # (a request said done, any heading)
    if not any(c.reason.startswith(RANGE_REPLACED) for c in found):
        found = (*found, *check_replaced_range(text, ev))  # (the old range, under any heading)
    if setting_act(text.strip()) is not None:
        # "The user raised the limit to 30 (it was 20)": the user's word set it, if a user
        # turn did; whatever else the clause claims stays checked, and its direction
        if said_setting(text.strip(), ev):
            found = tuple(c for c in found if c.kind not in ("did", "failed"))
        found = (*found, *check_setting_direction(text.strip(), ev))
    if found and (fixes := ranges_corrected_to(text, ev)):
        # ("இல்லை, அதை 200–300 ஆக மாற்றுங்கள்": its "no" takes back the range before it)
        found = tuple(
            c
            for c in found
            if not (_DENIAL_READ.search(c.reason) and any(quote(f) in c.reason for f in fixes))
        )
    if found and credited_as_said(text, ev):
        # "The user found that the leak is in the cache module." after the user's "Inveni
        # rimam in modulo cache esse.": the user's own finding, in the user's first person
        found = tuple(c for c in found if not c.reason.startswith(_NOT_THE_USERS))
    if found and "assistant" not in (actor, actor_of(text)) and range_set_by_user(text, ev):
        # "The limit was 100–500, then narrowed to 200–300.": a change to a range the
        # user gave is the user's word, not an act a tool call must show
        found = tuple(c for c in found if c.kind not in ("did", "ran"))
    if section is not None and section not in _RULE_SECTIONS:
        found = with_runs(text.strip(), found, ev)  # (prose: see check_sentence)
    if found and range_change_told(text, ev):
        # "The batch size is now 300–500 (was 100–900).": the user's change of a range, in
        # the words the user gave it ("300 to 500 only, not 100–900"), is the user's word
        found = tuple(c for c in found if not c.reason.startswith(_RANGE_TOLD))
    if found and told_still_open(text, ev):
        # "Still open: post a short summary to #ops.": a request told as not done yet,
        # which a user turn asked for and nothing did, is no claim the user said so in
        # these words, nor of a run, nor a rule turned around
        found = tuple(c for c in found if not c.reason.startswith(_OPEN_EXCUSED))
    return found


def _check_said_done(text: str, ev: Evidence, says: re.Pattern[str] = _SAYS_DONE) -> list[Claim]:
    """Each part of ``text`` that says a step was done ("the index on sku was added", "the
    summary was already posted"), read as a sentence of its own ("…; the dry run
    passed"): a step said done is a claim it was, whatever the heading."""
    out: list[Claim] = []
    for done in re.split(r"\s*;\s*", text):
        if says.search(done) and not FUTURE.search(done):
            out += check_sentence(done, ev)[1]
    return out


# (not "Constraints and corrections": "Commit X was reverted" there is the user's report)
_STATUS_SECTIONS = frozenset({"Open requests", "Decisions"})


def _check_read_said(text: str, ev: Evidence) -> list[Claim]:
    """A file said read, opened or looked through (in prose, in any section) that no tool
    call read and the user did not share: "I read secrets/prod.env" where the path is only
    named in a ban. A rule, a denial, a plan and the user's own reading claim no read."""
    if not says_read(text) or forbids(text) or denial(text) or FUTURE.search(text):
        return []
    if actor_of(text) == "user":
        return []  # (what the user read, the record cannot show)
    # (the names as anchors reads them: "src/stock/report.rs를" names src/stock/report.rs)
    return check_read([v for k, v in anchors(text) if k == "path"], ev)


def _failure_told(text: str, ev: Evidence) -> bool:
    """Whether ``text`` denies an act on what a failed call names (its ids, addresses)."""
    named = frozenset(v.casefold() for k, v in anchors(text) if k != "path")
    return bool(named) and denial(text) and failed_answer(ev, named) is not None


def _a_ban(text: str) -> bool:
    """Whether ``text`` is a rule against a step, said with no one doing it."""
    return forbids(text) and actor_of(text) is None


_ARROW = re.compile(r"(?<!\S)(?P<old>[^\s()]*\d[^\s()]*)\s*(?:->|→|=>)\s*(?=[^\s()]*\d)")

# "wrote api/throttle.py with UPLOAD_RATE = '30/h'": a value written, not a path ("30/h")
_ASSIGNED = re.compile(r"=\s*['\"`]?\x00")


def _assigned_value(value: str, text: str) -> str:
    """``text`` with ``value`` marked (a NUL in its place) where it stands."""
    return text.replace(value, "\x00", 1)


def _check_clause(
    text: str, section: str | None, ev: Evidence, actor: str | None = None
) -> tuple[Claim, ...]:
    text = text.strip()
    section = _section_as_told(text, section)
    if fold(text) in ev.trusted:
        # (the user's own words still give a range the user replaced later as current)
        return tuple(check_replaced_range(text, ev))
    if not text or _STATUS_NOTE.match(text):
        return ()
    if section not in _DONE_SECTIONS and section != "Decisions":
        banned = as_ban(text)  # "Keep X as it is" is the rule "Do not modify X"
        if banned != text:
            return _check_clause(banned, section, ev, actor)
    secret = check_secret(text, ev)  # "The database password is Xk3p…": never its value
    secret += check_hardcoded(text, ev)  # "Hardcode the token from X" after "never hardcode"
    if secret:
        return tuple(secret)
    if section == "Constraints and corrections" and (again := check_said_again(text, ev)):
        return tuple(again)  # "User: From now on you may publish." before "again, don't"
    quoted_words = quoted_user(text, ev, section)
    # (the user's own words, in any script, of a choice they later took back)
    taken_back = check_reversed_decision(text, ev) if section == "Decisions" else []
    if taken_back or quoted_words is not None:  # 'User: "…"': the user's words, held to them
        return tuple(quoted_words or taken_back or check_replaced_range(text, ev))
    out: list[Claim] = check_numbers(text, ev) + check_dates(text, ev)
    out += check_times(text, ev) + check_tallies(text, ev) + check_units(text, ev)
    out += check_percents(text, ev)  # "the 15% discount" where only a date has a 15
    out += check_partial(text, ev)  # "All 5 files were uploaded" where 3 of 5 were
    out += check_owner(text, ev)  # "the user owns it" where the ops team does
    out += check_verb_times(text, ev)  # "restarted 43 times" where the record counts 34
    out += check_locations(text, ev)  # "Checkout.tsx:41" where the trace said "Cart.tsx:41"
    out += check_codes(text, ev)  # "DWLN2Y" where the booking's code is "DWLN2X"
    out += check_entry_numbers(text, ev)  # "TP909 departs at 07:05": BA193's time
    out += [] if out else check_field_figures(text, ev)  # "state owes $2,310": federal's
    out += [] if out else check_bound_numbers(text, ev)  # "OOM at step 2000" (it was 1450)
    out += check_event_during(text, ev)  # "ran out of memory during `pytest`": another run's
    out += check_run_option(text, ev)  # "The first run used --max-steps 12000" (2000)
    out += check_steady(text, ev)  # "passes reliably now" after pass, fail, pass
    out += [Claim("wrote", p, why) for p, why in check_fix_place(text, ev.timeline)]
    target = target_reading(text, ev)  # "Top-1 reached 81.5%" where it fell short
    out += check_target(text, ev) if target is not None else []
    out += check_qualities(text, ev)  # "per minute" for "per second", "local" for "UTC"
    if not out and section not in _DONE_SECTIONS:
        out += check_qualifiers(text, ev)  # "Never push to main." for "… except hotfixes"
        out += [] if out else check_unread_exception(text, ev)  # "…, ji bilî audit_log"
    if section not in _DONE_SECTIONS:
        out += check_named_actor(text, ev) + check_person_role(text, ev) + check_roles(text, ev)
        out += [] if out else check_tool_only_person(text, ev)
        out += [] if out else check_named_span(text, ev)
        out += [] if out else check_person_paired(text, ev)  # "Jonas owns payments" (Amira's)
        out += [] if out else check_credit(text, ev)  # "The assistant found X" (the user did)
    out += check_exit_codes(text, ev) + check_comparison(text, ev)
    out += [] if out else check_changed_by_looking(text)  # "upgraded X with `apt-cache show`"
    if section not in _DONE_SECTIONS:
        out += check_stale(text, ev)  # "Le taux … est 20 %." for "… 10 %, pas 20 %"
        out += [] if out else check_corrected_count(text, ev)  # "18 people" after "20 now"
        out += check_superseded(text, ev)  # "K = 23." when the user last set K to 91
        out += [] if out else check_replaced_range(text, ev)  # "100–500" after "200–300"
        out += [] if out else check_restated_value(text, ev)  # "limit 150" for "limit 100"
        # "assigned OPS-812 to jdoe": the call's assignee (not a ban: "Do not send SMS to
        # patients" says no call's arguments)
        out += [] if _a_ban(text) else check_arguments(text, ev)
        out += check_assistant_did(text, ev)  # "O assistente ofereceu um cupom …"
        out += [] if out else _check_read_said(text, ev)  # "I went through secrets/prod.env"
        out += [] if out else check_permission(text, ev)  # "must ask" for "needn't ask"
        out += [] if out else check_leave(text, ev)  # "doesn't care if X" for "…, but never X"
    quoted = [q.strip() for q in BACKTICKED.findall(text) if q.strip()]
    out += _check_schedules(quoted, ev)  # "`0 0 * * *`" for the user's "`17 3 * * 1-5`"
    # a backticked span in a claim of running is a command, whatever its program
    commands = list(
        dict.fromkeys(
            [f.value for f in extract_claims(text) if f.kind == "command"]
            + [q for q in quoted if section == "Commands run" or _run_object(q, text, ev)]
        )
    )
    paths = [
        f.value
        for f in extract_claims(text)
        if f.kind == "path" and not _ASSIGNED.search(_assigned_value(f.value, text))
    ]
    if not commands and section not in _DONE_SECTIONS:
        # "ran ./gradlew clean to reset the cache": a command in plain prose, claimed run
        commands += [c for c in [prose_run_object(text, ev)] if c]
    if section == "Commands run":
        out += _check_commands_item(text, quoted, ev)
    elif section == "Files written":
        written = list_items(_file_item(text))
        out += check_written(written, ev) + check_still_there(written, text, ev)
    elif section == "Files read":
        out += check_read(list_items(_file_item(text)), ev)
    elif section == "Failures" and _NONE.match(text):
        if any(r.failed for r in ev.results):
            out.append(Claim("failed", text, "the record has failing tool results"))
    elif section == "Failures":
        out += _check_failure_item(text, ev) + check_cause(text, ev, None)
        if out and not _read_as_is(text) and failure_grounded(text, ev):
            # where its anchors put it: said in words no reading here knows (all stands),
            # or glossed as a failure whose message the recap put in its own words (which
            # no failing line of an English output can hold: "ryšys atmestas")
            # (a number given the other's label stays wrong wherever the anchors sit:
            # "got 88, expected 49" for jest's "Expected: 88 / Received: 49")
            read = _outcome_read(text)
            out = [
                c
                for c in out
                if c.kind == "number"
                or c.reason.startswith((ANOTHER_TEST, MARKED_PASSED))  # a name wherever it sits
                or (read and c.reason != NOT_ON_FAILING_LINE)
            ]
        # "`npx jest src/cart`: ● Cart › removes expired coupon": a test its runner's marker
        # claims failing, which some failed result must mark so, wherever its anchors sit
        out += check_marked_failures(text, ev)
    elif section in _SAID_SECTIONS and _BY_ASSISTANT.match(text):
        out += check_assistant(text, ev)  # a rule the user set, credited to the assistant
    elif section == "Constraints and corrections" and settings_as_said(text, ev):
        pass  # "K is 91 (first 8, then 23).": the value the user's last word set
    elif section == "Constraints and corrections":
        out += check_user(text, ev, "constraint", strict=True) or check_condition(text, ev)
    elif section == "Goal":
        out += check_user(text, ev, "user said", strict=True)
    elif section in ("Open requests", "User also said"):
        out += check_user(text, ev, "user said")
        out += [] if out or section != "Open requests" else check_cancelled(text, ev, done=False)
    elif section == "Next step":
        out += check_plan(text, ev) + _check_next_step_claims(text, ev)
        out += [] if out else forbidden_asked(text, ev)
        out += [] if out else _check_said_done(text, ev)
    elif section in ("Decisions", "Findings", "Numbers that matter", "Actions taken"):
        # (an LLM's "Actions taken:" items are sentences in the user's language, "Ho
        # eseguito `X`.": read as the same sentence in prose is, R44-ver1; the record's
        # own "tool(key=value): result" lines stand before this, see verify._RecordLines)
        who, sep, said = text.partition(": ")
        if sep and who == "User":
            out += check_user(said, ev, "user said", strict=True)
        elif sep and who == "Assistant":
            out += _check_assistant_item(said, ev)
        elif section == "Decisions" and (changed := _check_rule_changed(said or text, ev, None)):
            out += changed  # "Avoid force-pushing to main when possible.": a rule weakened
        elif section == "Decisions" and decided_as_said(text, ev) and not _SAYS_DONE.search(text):
            # "Redis is the store" as it was said; not the user's rule turned around
            out += check_preferences(text, ev) or restated_rule(text, ev) or []
            out += [] if out else _check_anchors(text, ev, None)
        else:
            for sentence in sentences(text):
                out += check_sentence(sentence, ev)[1]
            if section == "Actions taken" and not out:
                out += check_cancelled(text, ev, done=True)  # "Made the chart" called off
    else:
        out += _check_prose(text, commands, paths, ev, actor)
    if section in _STATUS_SECTIONS and not out:
        # "Open requests: The summary was already posted to #ops.": an act said done under
        # a heading of requests or rules is held to the record as the same line in prose
        out += _check_said_done(text, ev, _TOLD_DONE)
    if section in _RULE_SECTIONS and not out:
        # a rule said in any language: its order and its clauses' polarity as the user's
        out += (
            check_weakened(text, ev)
            or check_widened_scope(text, ev)
            or _check_rule_order(text, ev)
            or check_turned_clause(text, ev)
            or check_flipped_condition(text, ev)
            or check_swapped_choice(text, ev)
            or check_swapped_places(text, ev)
            or check_taken_back(text, ev)
        )
    if section is None and not out:
        # "Сначала обновить CHANGELOG.md, потом прогнать тесты.": a rule's steps in prose
        out += (
            _check_rule_order(text, ev)
            or check_flipped_condition(text, ev)
            or check_swapped_choice(text, ev)
            or _check_rule_changed(text, ev, actor)
            or _check_anchors(text, ev, actor)
            or contradicted(text, ev)
        )
    if section in _RULE_SECTIONS and not out:
        out += contradicted(text, ev)
    if not out and section not in _DONE_SECTIONS:
        out += check_turned_unspaced(text, ev)  # "答えはすぐに教えてほしい。" for "…教えないで…"
    if section in (*_RULE_SECTIONS, "Decisions") and not out:
        out += forbidden_made_rule(text, ev)  # "Always run `X`" after "Never run `X`"
    if not out and section not in _DONE_SECTIONS:
        out += chose_rejected(text, ev)  # "The user chose X." where the user rejected X
    quoting = section in _USERS_WORDS or _USER_SAYS.match(text) is not None
    if out and quoting and said_verbatim(_USER_SAYS.sub("", text), ev):
        # the user's own sentence, word for word (under any section when "User: " says so:
        # the offline recap files "User: We rejected X because …" under Numbers that matter):
        # only whether it still holds is in doubt
        out = [c for c in out if c.reason.startswith(_LATER)]
    if target is not None and not target[1]:
        # "The target of 81.5% was not reached": an outcome denied, not the user's goal
        # turned around (check_target read what the record says of it)
        out = [c for c in out if c.kind == "number" or not c.reason.startswith(_TURNED)]
    if out and section not in _DONE_SECTIONS and as_permitted(text, ev):
        # "The unit tests can be run without asking.": the stance the user took on it
        out = [c for c in out if not c.reason.startswith(_STANCE_READ)]
    if out and section not in _DONE_SECTIONS and said_in_halves(text, ev):
        # "Renaming variables is fine; the schema must not change.": each half of the user's
        # leave-and-ban sentence, the same way round, in another language than the turn's
        out = [c for c in out if not c.reason.startswith(_UNTRACED)]
    if out and section not in _DONE_SECTIONS and restates_correction(text, ev):
        # "Toplantı odası kat 4'te (kat 3 değil).": the user's correction, the same way round
        out = [c for c in out if not c.reason.startswith(_RESTATED_READ)]
    if out and section not in _DONE_SECTIONS and corrected_as_moved(text, ev):
        # "The user changed the branch to release-2.5." after "<release-2.4> … <release-2.5>"
        # and calls on release-2.5: the user's move retold, whatever words they made it in
        out = [c for c in out if not c.reason.startswith(_MOVE_READ)]
    if out and section not in _DONE_SECTIONS and _move_told_from(text, ev):
        # "The user asked to move it from Redis 6.2 to Valkey 8.0." after "… Redis 6.2'ten
        # Valkey 8.0'ye taşı.": the start the user's sentence names is no denial of it
        out = [c for c in out if not c.reason.startswith(_STANCE_READ)]
    if out and section not in _DONE_SECTIONS and settled_as_told(text, ev):
        # "Use brotli level 9, as the user asked." after "<not> lz4, <use> brotli level 9",
        # neither named before: the value the user's correction settled on
        out = [c for c in out if not c.reason.startswith((*_MOVE_READ, _UNREAD_SCRIPT))]
    if out and section not in _DONE_SECTIONS and settled_by_denial(text, ev):
        # "The user corrected the earlier choice to sa-east-1." after "not us-east-2, use
        # sa-east-1": the value the user's denial left standing, in the recap's own framing
        out = [c for c in out if not c.reason.startswith(_UNTRACED)]
    # "The queue is RabbitMQ, not Kafka." for "la cua és RabbitMQ, no Kafka": no invention
    out = without_translated(text, out, ev)
    if not out and section not in _DONE_SECTIONS:
        out += check_moved_the_other_way(text, ev)  # "from B to A" where the user said A, B
    if out and section not in _DONE_SECTIONS and ran_as_listed(text, _user_sentences(ev), ev):
        # "Run `A` first, then `B`." for "`B`, <unread words> `A`" when the assistant ran
        # A, then B after it: the record tells the order the user's words gave
        out = [c for c in out if not c.reason.startswith(_UNTRACED)]
    if out and section not in _DONE_SECTIONS and ban_kept_to(text, ev):
        # "Do not modify X." where the user's clause on X, in unread words, was kept as a ban
        out = [c for c in out if not c.reason.startswith(_BAN_KEPT_EXCUSED)]
    if out and section not in _DONE_SECTIONS and _failure_told(text, ev):
        # "Không đặt được lịch xem căn VN-4471: …": an act denied whose object only a failed
        # call names is that failure told, in any language, not a rule of the user's
        out = [c for c in out if not c.reason.startswith((_UNTRACED, "the user said it of"))]
    if not out and section not in _DONE_SECTIONS:
        out += named_after_leaving(text, ev)  # "P owns the rollout" when P has left
        out += switched_around(text, ev)  # "flag X is ON" when the user said it stays OFF
        # "The user asked to refactor X" when the user's short clause on X was a ban kept to,
        # and "never touch X" when the assistant wrote under X right after that clause
        out += [] if out else asked_where_kept_off(text, ev) + banned_where_worked_on(text, ev)
    if not out and section not in _DONE_SECTIONS and not corrected_as_moved(text, ev):
        # (a move the record shows the user made is told as it was: "the user replaced
        # orders with actually" of "Actually, not orders-v1 — use orders-v2" is no reading)
        out += check_corrected_name(text, ev)  # "Tap & Pay" after "… Tap to Pay, not Tap & Pay"
        out += check_corrected_value(text, ev)  # "Batch size: 256." after "make that 512"
        out += [] if out else check_corrected_back(text, ev)  # "corrected to A" after "A … B"
        out += [] if out else check_settled_back(text, ev)  # "Use A" after "<not> A, <use> B"
        out += [] if out else check_stale_words(text, ev)  # "志望校は東北大学。" for "…じゃなくて…"
    return tuple(dict.fromkeys(out))


def _section_as_told(text: str, section: str | None) -> str | None:
    """The heading ``text`` is read under: its own, unless the clause says otherwise of
    itself. Under "Commands run" a leave or a plan ("The user allowed `X` this one time
    only.", "`X` may run only once the tests are green.") claims no run; under a heading
    of the user's words a clause telling what the assistant did ("The assistant ran
    `make lint`.") is no rule credited to it, and under "Goal" a move told done ("The user
    moved X from A to B.") is no goal but a claim of who made it. Each is read as the same line in prose
    (which still holds a run it claims to the record)."""
    if section == "Commands run" and not _RAN_SAID.search(text):
        told_of_run = _SAID_BY_USER.search(text) or FUTURE.search(text) or _OUGHT.search(text)
        return None if told_of_run or PERMIT.search(text) else section
    if section in _SAID_SECTIONS and _BY_ASSISTANT.match(text) and _RAN_SAID.search(text):
        return None
    if section == "Goal" and tells_a_move_done(text):
        return None  # "**Goal:** The user moved X from A to B.": who did it, not what was asked
    return section


# A run told done ("ran", "was run", "has been executed"): a claim of a run, whatever else
_RAN_SAID = re.compile(
    r"(?i)\b(?:ran|re-?ran|executed|invoked|launched|(?:was|were|been)\s+(?:re-?)?run)\b"
)


_UNTRACED = "no user turn says this"
# what a change of a range the user gave is not, told in the user's words (check_clause)
_RANGE_TOLD = (_UNTRACED, "the user rejected", "no tool call ran it", "no turn of the record shows")
_BAN_KEPT_EXCUSED = (_UNTRACED, "not what the user said", "the user said the opposite about")
_OPEN_EXCUSED = (
    _UNTRACED,
    "no tool call ran it",
    "the user said the opposite about",
    "no tool call or assistant turn shows it done",
)

# "The assistant suggested X for later; not decided.": a note on the clause before, no claim
_STATUS_NOTE = re.compile(
    r"(?i)^\W*(?:(?:still|as\s+yet|so\s+far)\s+)?(?:not\s+(?:yet\s+)?(?:decided|agreed|settled|"
    r"confirmed|chosen)|undecided|no\s+decision(?:\s+(?:yet|made))?|to\s+be\s+decided|tbd|"
    r"pending(?:\s+a\s+decision)?)(?:\s+yet)?\W*$"
)
# "- Read services/x/package.json.", "- Wrote .nvmrc (22).": the section's own verb, a note
_FILE_VERB = re.compile(
    r"(?i)^\W*(?:read|reads|wrote|written|created|edited|updated|modified|opened|viewed|saved|"
    r"changed|patched|inspected)\s+(?=\S*[./])"
)
_FILE_NOTE = re.compile(r"\s*\([^()]*\)\W*$|(?<=\w)\.$")


def _file_item(text: str) -> str:
    """A ``Files read``/``Files written`` item without its section's verb before the path
    and a note after it ("Wrote services/tracking/.nvmrc (22)." is the path)."""
    return _FILE_NOTE.sub("", _FILE_VERB.sub("", text))


def _read_as_is(text: str) -> bool:
    """Whether the reading of ``text`` as it is (not glossed) reads an outcome: then its
    message is in the words the output is compared in."""
    return outcome_of(QUOTED_NAME.sub(" ", text)) is not None


def _outcome_read(text: str) -> bool:
    """Whether the readings of known languages read an outcome in ``text``."""
    bare = QUOTED_NAME.sub(" ", text)
    return outcome_of(bare) is not None or lex.gloss(bare) != bare or FIXED.search(bare) is not None


def _check_rule_changed(text: str, ev: Evidence, actor: str | None) -> list[Claim]:
    """A user's rule restated in prose or as a decision, weakened into a wish or widened
    past its scope (as under ``Constraints and corrections``); not what the assistant did."""
    if actor == "assistant" or DONE.search(text):
        return []
    return check_weakened(text, ev) or check_widened_scope(text, ev)


def _check_anchors(text: str, ev: Evidence, actor: str | None) -> list[Claim]:
    """What the anchors of a prose clause contradict, in any language (see
    ``claims.anchors``): the English reading's subject and outcome stand where it found
    them; the multilingual cues serve where it found none."""
    english = actor_of(text, actor)
    # (an English future's word in another language is none: German "Der Nutzer will …"
    # is a wish, read by the subject the English reading did not find)
    foreign = english is None and opening_subject(text) is not None
    if not foreign and (FUTURE.search(text) or _OUGHT.search(text)):
        return []
    read = _outcome_read(text)
    if english is not None:
        return check_grounded(text, ev, english, outcome_read=read, roles_read=True)
    return check_grounded(text, ev, None, outcome_read=read)


_RULE_SECTIONS = frozenset(
    {"Constraints and corrections", "Goal", "Open requests", "Next step", "User also said"}
)


def _user_sentences(ev: Evidence) -> list[str]:
    return ev.derive("user sentences", lambda: [s for t in ev.user for s in sentences(t)])


def _check_rule_order(text: str, ev: Evidence) -> list[Claim]:
    """A rule or a plan that orders two steps ("Switch reads first, then run the
    reconciliation"): the user did not order them the other way round."""
    said = _user_sentences(ev)
    rule = reversed_rule(text, said) or listed_the_other_way(text, said, ev)
    if rule is None:
        return []
    return [Claim("constraint", text, f"the user ordered these the other way round: {quote(rule)}")]


def _check_next_step_claims(text: str, ev: Evidence) -> list[Claim]:
    """What a next step says besides the plan ("nothing left; the retention tests
    probably pass now"): a pass claimed is checked as any claim of one."""
    out: list[Claim] = []
    for part in re.split(r"\s*;\s*|(?<=[.!?])\s+", text):
        plain = plain_assertion(part)
        # "Fix test_x, which still fails after the last run": a later run of it passed
        out += check_still_failing(plain, failure_subjects(plain, ev), ev)
        if FUTURE.search(plain) or IMPERATIVE.match(plain) or _OUGHT.search(plain):
            continue  # "run the tests to see them pass": a plan
        said = outcome_of(QUOTED_NAME.sub(" ", plain))
        if said is not None and said.verdict == "pass":  # "… probably pass now"
            out += check_sentence(plain, ev)[1]
    return out


def _check_assistant_item(text: str, ev: Evidence) -> list[Claim]:
    """An item credited to the assistant ("Assistant: set STATEMENT_TIMEOUT to 0 in
    backup.sh", "Assistant: grep counted 17 markers"): what it said, or what it did —
    then a call or a result holds most of its words and every specific one, and, read as
    prose, it claims nothing the record contradicts (a run said to pass that failed)."""
    done = _DID.match(text) is not None and not _SAID_OR_DECIDED.match(text)
    claims_outcome = outcome_of(QUOTED_NAME.sub(" ", text)) is not None and not FUTURE.search(text)
    if done and not claims_outcome and not supporting_at(text, ev.acts_index, 0.5)[0]:
        # "Assistant: darkened the button to #4C7BD9": a plan of its own the user overruled
        # is no edit made; only a call, a result or its word that it did it shows one
        planned = supporting_at(text, ev.told_index, 0.5)[0]
        why = "no call or result shows it done" + (
            " (the assistant only planned it)" if planned else ""
        )
        return [Claim("did", text, why)]
    found = check_assistant(text, ev)
    # "Assistant: switched the fixture to Redis at the user's request": the user asked
    # for it and the assistant did it, which a call shows
    did = done and bool(found) and found[0].reason.startswith(_USER_SAID_IT)
    if not found or (found[0].reason != NO_ASSISTANT_TURN and not did):
        return found
    # "Assistant: the staging dry run succeeded": an outcome, which the runs it names show
    if not claims_outcome and not supporting_at(text, ev.acts_index, 0.5)[0]:
        return found
    return list(check_sentence(text, ev)[1])


_FIXED_NOTE = re.compile(
    r"(?i)[,;]?\s*(?:(?:and|but)\s+)?(?:(?:was|is|got|since|now|later)\s+)*(?:fixed|resolved|"
    r"passing|passes|passed|green)(?:\s+(?:since|now|later|afterwards|after\s+\w+))?\W*$"
)
_DID = re.compile(
    r"(?i)^\W*(?:then\s+|later\s+|also\s+)?(?:[a-z]{3,}ed|ran|re-?ran|wrote|rewrote|made|"
    r"built|set|put|cut|kept|left|took|sent)\b"
)
_USER_SAID_IT = "the user said it, not the assistant"
_SAID_OR_DECIDED = re.compile(
    r"(?i)^\W*(?:then\s+|later\s+|also\s+)?(?:decided|proposed|suggested|recommended|agreed|"
    r"noted|confirmed|explained|asked|offered|planned|promised|acknowledged|warned|mentioned|"
    r"reported|advised|insisted|opted|considered|expected|assumed|concluded|estimated|"
    r"checked|verified|noticed|observed|found|determined|believed|guessed|preferred)\b"
)


def _check_failure_item(text: str, ev: Evidence) -> list[Claim]:
    """A ``Failures`` item: "`cmd`: what failed" (the message on a failing line of its
    result), or a sentence ("X failed in the first run: …") read as prose. An item that
    says something passed is checked as a pass."""
    subject, sep, line = text.partition(": ")
    if sep and "`" in subject and _printed_failing(line, ev):
        # "`go test ./…`: plan_test.go:88: got 3 passes, want 2": a failed result's own
        # line, as printed ("passes" in it is no claim that something passed)
        return check_failed(subject, ev, line)
    text = lex.gloss(text) if outcome_of(QUOTED_NAME.sub(" ", text)) is None else text
    outcome = outcome_of(QUOTED_NAME.sub(" ", text))
    if outcome is not None and outcome.verdict == "pass":
        return list(check_sentence(text, ev)[1])
    subject, sep, line = text.partition(": ")
    if "`" in subject and subject.count("`") % 2:  # "`cmd: x`: …": the colon is the command's
        closed = text.find("`", text.find("`") + 1)
        subject, sep, line = text[: closed + 1], *text[closed + 1 :].partition(": ")[1:]
    bare = BACKTICKED.sub(" ", subject)  # "`python -c 'f(x)'`" is a command, not a note
    noted = _RUN_NOTE.fullmatch(subject.strip()) if sep else None
    if noted and which_run(noted.group("note")) not in (None, "all"):
        # "`cmd` (after the fix): test_x failed": that run, not any run of it
        command = noted.group("command")
        return check_failed(f"`{command}`", ev, line) + check_failed_in_run(
            command, noted.group("note"), line, ev
        )
    if sep and not FAIL.search(bare) and "(" not in bare:
        fixed = _FIXED_NOTE.search(line)
        if fixed:  # "…: FAIL: TestX (…), fixed since": and a later run of it passed
            return check_failed(subject, ev, line[: fixed.start()]) + check_passed(subject, ev)
        return check_failed(subject, ev, line)
    if not sep:
        return check_failed(text, ev)
    return list(check_sentence(text, ev)[1])


# a Failures item's subject naming a run of its command: "`cmd` (after the fix)"
_RUN_NOTE = re.compile(r"`(?P<command>[^`]+)`\s*\((?P<note>[^()]{2,40})\)")


def _printed_failing(line: str, ev: Evidence) -> bool:
    """Whether a failed result printed ``line`` (whitespace aside) as one of its lines."""
    words = " ".join(line.split())
    return len(words) >= 8 and any(r.failed and words in r.lines for r in ev.results)


_BY_ASSISTANT = re.compile(r"(?i)^\W*(?:then\s+|later\s+)?(?:the\s+)?(?:assistant|agent|model)\b")
_SAID_SECTIONS = frozenset(
    {"Goal", "Constraints and corrections", "Open requests", "User also said"}
)
_LATER = ("the user said otherwise later", "the user replaced")
_TURNED = ("the user said the opposite",)  # (a denied outcome is no rule turned)
# what a clause taking the user's own stance on an act may have been read as
# what the act and said checks say of a finding they find in no user turn of their reading
_NOT_THE_USERS = ("no turn of the record shows the user doing it", "no user turn says this")
# what the stance readers say of a claim that turns a user's "no" around
_DENIAL_READ = re.compile(r"^the user said the opposite about|drops the user's denial")


def _move_told_from(text: str, ev: Evidence) -> bool:
    """Whether ``text`` tells a move from a start to an end as a user's sentence tells it,
    and, its start set aside, the user's words hold the rest (a ban on the move does not)."""
    told = move_told(text, ev)
    return told is not None and told.rest != text and not check_user(told.rest, ev, "user said")


_STANCE_READ = ("the user said the opposite about", "the user restricted this")
# what a correction said back the user's way round is not: turned, untraced, another's
_RESTATED_READ = (*_STANCE_READ, "the user said it of")
# what a move the user made, retold, is not: untraced, turned, the assistant's act
_MOVE_READ = (
    *_NOT_THE_USERS,
    *_STANCE_READ,
    "not what the user said",
    "the assistant did it, not the user",
)
# what said.py says of a choice in a script whose denials are not read
_UNREAD_SCRIPT = "the user's words are in a script whose denials are not read"
_USER_SAYS = re.compile(r"^\W*User:\s+")  # "User: We rejected …" quotes the user's sentence
_USERS_WORDS = frozenset(
    {"Constraints and corrections", "Goal", "Open requests", "User also said", "Decisions"}
)
_DONE_SECTIONS = frozenset({"Commands run", "Files written", "Files read", "Failures"})
_NONE = re.compile(r"(?i)^\W*(?:none|no\s+failures?|nothing(?:\s+failed)?|n/?a|all\s+passed)\W*$")


def _check_schedules(quoted: list[str], ev: Evidence) -> list[Claim]:
    """A cron schedule a recap gives must be in the record as written (its numbers are
    no facts each: "0 0 * * *" is made of digits any record holds)."""
    out = []
    for q in quoted:
        if not CRON.fullmatch(q):
            continue
        wanted = " ".join(q.split())
        texts = (*ev.user, *ev.assistant, *(r.text for r in ev.results), *ev.trusted)
        if not any(wanted in " ".join(t.split()) for t in texts if "*" in t or wanted in t):
            out.append(Claim("number", q, "no turn or tool output gives this schedule"))
    return out


def _run_object(quoted: str, text: str, ev: Evidence) -> bool:
    """Whether a backticked span of a clause is a command it claims run: a run verb and
    a span of several words, a program that ran, or the word right after the verb
    ("ran `deploy.sh`"); not an identifier elsewhere ("→ `test_march_batch` timed out")."""
    # (the verb outside the code: "no `npm run seed` on staging" runs nothing)
    ran = RAN.search(BACKTICKED.sub(lambda m: " " * len(m.group(0)), text))
    if ran is None or CRON.fullmatch(quoted.strip()):
        return False  # ("runs on cron `17 3 * * 1-5`": a schedule, no command)
    if ev.ran(quoted) or (" " in quoted.strip() and not printed_not_run(quoted, ev)):
        return True
    first = BACKTICKED.search(text, ran.end())  # the verb's own object, not a later name
    return (
        first is not None
        and first.group(1) == quoted
        and len(text[ran.end() : first.start()].split()) <= 3
    )


_RAN_VERB = re.compile(r"(?i)^\W*(?:ran|run|re-?ran|executed|invoked|called)\s+(?=\S)")


def _check_commands_item(text: str, quoted: list[str], ev: Evidence) -> list[Claim]:
    """A ``Commands run`` item: one command exactly as run (a note after it allowed), or
    several separated by commas. A note crediting the run to the user ("(run by the
    user)") must be true too: tool calls are the assistant's."""
    if BY_USER.search(re.sub(r"`[^`]*`", " ", text)):
        cmds = quoted or [strip_note(text)]
        return check_done(f"The user ran `{cmds[0]}`.", "ran", "user", ev)
    if quoted:
        out = check_ran(quoted, ev, exact=True)
        # "`pytest -q` → passed", "`make` (failed)": the outcome noted beside it, in the
        # user's language too ("`make` a reușit din prima încercare": the first run passed)
        if outcome_of(QUOTED_NAME.sub(" ", re.sub(r"`[^`]*`", " ", text))) is None:
            text = lex.gloss(text)
        said = outcome_of(QUOTED_NAME.sub(" ", re.sub(r"`[^`]*`", " ", text)))
        if not out and said is not None and said.verdict == "pass":
            out += check_passed(text, ev, said.mode)
        elif not out and said is not None:
            out += check_failed(text, ev)
        return out
    item = _RAN_VERB.sub("", strip_note(text))  # "Ran npm test (14 passed)": npm test
    if ev.ran(item, exact=True):
        return []
    full = norm_command(item)
    for c in sorted(ev.executed, key=lambda c: (-len(c), c)):
        rest = full[len(c) :]
        if full.startswith(c) and re.match(r"^\.*\s*(?:[—–(:,;]|-\s|$)", rest):
            # a note after the command ("— failed"), or more commands after a comma
            more = rest.strip(" .—–-:,;")
            return _check_commands_item(more, [], ev) if more and "," in rest[:3] else []
    parts = [p for p in re.split(r"\s*[,;]\s+", item) if p.strip()]
    if len(parts) > 1:
        return check_ran(parts, ev, exact=True)
    return check_ran([item], ev, exact=True)


_AND_VERB = re.compile(
    r"(?i)(?:,\s+(?:and\s+then|and|but|then)|\s+(?:and\s+then|and|but))\s+"
    r"(?=(?:also\s+|later\s+|then\s+)?(?:[a-z]+-)?"
    r"(?:[a-z]{2,}ed|ran|re-?ran|wrote|rewrote|made|built|set|put|cut|kept|left|took|got|sent|"
    r"did\s+not|didn'?t|never)\b)"
)


# "the first jest run passed and the second failed": two runs, each its own claim
_ORDINAL_PAIR = re.compile(
    r"(?i)^(?P<a>(?P<the>the\s+)?(?P<nth>first|second|third|last|earlier|later)\s+"
    r"(?P<what>(?:[\w`.-]+\s+){0,4}?(?:run|runs|attempt|build|try|pass|execution))\b.*?)"
    r",?\s+(?:and|but|while|whereas)\s+(?:the\s+)?(?P<nth2>first|second|third|last|next|"
    r"later|other)\s+(?P<b>\w+\b.*)$"
)


def _ordinal_pair(sentence: str) -> list[str] | None:
    """The two clauses of a sentence that tells two runs apart by their ordinals, the
    second with the first's noun ("the second failed" is "the second jest run failed")."""
    m = _ORDINAL_PAIR.match(sentence.strip())
    if m is None:
        return None
    return [m.group("a"), f"the {m.group('nth2')} {m.group('what')} {m.group('b')}"]


def clauses(sentence: str) -> list[str]:
    """A sentence split where its subject changes ("…; then the assistant ran …") or a
    second verb begins ("… decided X and wrote Y"); never inside a command
    ("ran `psql -c 'VACUUM ANALYZE orders;' shop_staging`")."""
    paired = _ordinal_pair(sentence)
    if paired:
        return paired
    kept = _IN_CODE.sub(lambda m: m.group(0).replace(";", _HELD), sentence)
    out: list[str] = []
    for c in _CLAUSE.split(kept):
        if c and c.strip():
            out += [x.strip().replace(_HELD, ";") for x in _AND_VERB.split(c) if x and x.strip()]
    return out


_IN_CODE = re.compile(r"`[^`]*`")  # (paired from the left: "`a` x; `b`" holds no ";")
_HELD = "\x00"  # a command's ";" while the sentence is cut


# A clause opening with a person named by name ("Priya Natarajan at … is", "Dr. Okafor
# handles"): a "she" or "he" after it is that person (a recap calls the user "the user")
_NAMED_OPENS = re.compile(
    r"^\W*(?P<name>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)\b"
)
_HE_OR_SHE = re.compile(r"(?i)^\W*(?:(?:and|but|then|later|also)\s+)?(?:she|he)\b")


def check_sentence(sentence: str, ev: Evidence) -> tuple[int, tuple[Claim, ...]]:
    """A free-prose sentence, clause by clause, each with the subject it inherits:
    (clauses checked, unsupported claims)."""
    if quotes_user(sentence, ev):
        # the user's own words ("Task: Fix the proration bug."), unless they give a range
        # the user replaced later as if it stood
        return 1, tuple(check_replaced_range(sentence, ev))
    if (
        IMPERATIVE.match(sentence)
        and rule_order(sentence) is not None
        and not check_clause(sentence, "Constraints and corrections", ev)
    ):
        # "Run `make backup-db` first, then `make cutover`.": steps the user put in that
        # order, in the imperative, are the user's rule under any heading, no claim that
        # both ran (a plan of the assistant's is read on as prose)
        return 1, ()
    out: list[Claim] = []
    ordered = _claimed_order(sentence)
    parts = [c for part in ordered for c in clauses(part)] if ordered else clauses(sentence)
    actor: str | None = None
    person = ""  # the person named by name the clause before opened with
    for part in parts:
        pronoun = _HE_OR_SHE.match(part) if person else None
        if pronoun:  # "Priya … is opposing counsel; she called": Priya, not the user
            part = person + part[pronoun.end() :]
        actor = actor_of(part, actor)
        named = _NAMED_OPENS.match(part) if actor is None else None
        person = named.group("name") if named else ""
        out += check_clause(part, None, ev, actor)
        out += check_cause(part, ev, actor)
    if len(parts) > 1:  # "expected 3 attempts and got 1": a pair across its clauses
        out += check_paired(sentence, ev)
        if any(c.reason.startswith(_UNTRACED) for c in out) and not check_user(
            sentence, ev, "constraint"
        ):
            # "Awa owns the deploy; nothing goes to production without their approval.":
            # a clause of one user sentence traces with the clause before it
            out = [c for c in out if not c.reason.startswith(_UNTRACED)]
        if any(c.reason.startswith(CONDITION_LEFT_OUT) for c in out) and not check_condition(
            sentence, ev
        ):
            # "Laravel stays on 10.x until January; no upgrade.": the sentence keeps the
            # condition ("until January") its other clause left out
            out = [c for c in out if not c.reason.startswith(CONDITION_LEFT_OUT)]
    if not out:
        # an act's status as the record shows it, read from the whole sentence (its
        # "…; not done yet" is a clause of its own): offered only (a question no call
        # followed) is not done; done by a call that did not fail is not "not done"
        out += check_offered_only(sentence, ev) + check_denied_done(sentence, ev)
    wrong = out_of_order(sentence, ev.timeline) if ordered else None
    if wrong:
        out.append(Claim("did", sentence.strip(), f"not in that order: {wrong}"))
    # an expected/actual pair or a run's counts span its clauses: read the whole sentence
    return len(parts), with_runs(sentence.strip(), tuple(dict.fromkeys(out)), ev, parts)


def _claimed_order(sentence: str) -> tuple[str, str] | None:
    """The two parts of a sentence that says two things happened in an order ("I saw
    `pytest` fail before I ran `mypy`"), each a claim of its own (the "fail" is the
    first part's); None for a rule or a plan ("run the tests before deploying")."""
    if FUTURE.search(sentence) or _OUGHT.search(sentence) or _SAID_BY_USER.search(sentence):
        return None
    parts = split_order(sentence)
    if parts is None or mentions(*parts) is None:
        return None  # "totals::x then succeeded": one event, not two
    return parts


def _check_prose(
    text: str, commands: list[str], paths: list[str], ev: Evidence, actor: str | None = None
) -> list[Claim]:
    """A free-prose clause: its subject and verbs say what it claims."""
    text = lex.gloss_acts(_ATTRIBUTION_TAIL.sub("", text))  # "ha scritto", "enviou": acts
    label = _REQUEST_LABEL.match(text)
    if label:  # "Task: fix the export crash": the user's request, not a claim of a crash
        return check_user(text[label.end() :], ev, "user said")
    hedged = plain_assertion(text)
    claimed_now = hedged != text or re.search(r"(?i)\bnow\b", text) is not None
    text = hedged
    actor = actor_of(text, actor)
    whose = _WHOSE_STEP.search(text) if actor is None else None
    if whose and actor_of(whose.group("owner").removeprefix("for ")) == "assistant":
        # "`X` is the assistant's to run": leave the user gave, or not
        allowed = f"The assistant may {whose.group('verb')} {text[: whose.start()].strip()}."
        return list(check_clause(allowed, None, ev))
    if actor != "user" and BY_USER.search(re.sub(r"`[^`]*`", " ", text)):
        actor = "user"  # "`cmd` was run by the user", "… ran it themselves"
    says = SAYS.match(text)
    if _SAID_BY_USER.search(text) or (says and actor == "user"):
        return check_user(text, ev, "user said")  # "the user asked to …", "the user's rule: …"
    if lexicon.USER_SAID_HEAD.match(text):
        return check_user(text, ev, "user said")  # "Пользователь сказал …", "用户说…"
    if says is None and actor is not None and SAYS_BARE.match(text):
        says = SAYS_BARE.match(text)  # "… and later corrected it: use Redis": same subject
        if actor == "user":
            return check_user(text, ev, "user said")
    if says and actor == "assistant":
        return check_assistant(text, ev)
    if actor == "assistant" and _DECIDED.search(text):
        return check_assistant(text, ev)  # "the assistant decided never to …": whose rule?
    swapped = check_preferences(text, ev)
    if swapped:
        return swapped
    # (a clause whose subject is the assistant in the user's language, "El asistente
    # ejecutó `X`.", tells what it did: no rule restated)
    turned = restated_rule(text, ev) if actor is None and opening_subject(text) is None else None
    if turned:  # "Use customer_email as a feature." under Findings: the user's rule, flipped
        return turned
    if actor != "user" and as_called(text, ev):
        return []  # "Disabled the flag", "Marked the ticket as resolved": as the call did
    prose = re.sub(r"`[^`]*`", " ", text)  # ("`pytest -k 'a and not slow'` passed": no "not")
    if negated_pass(prose) or negated_pass(lex.gloss(prose)):
        # "test_x did not pass", "O teste X não passou", "X test pass nahi hua": a failure
        # claimed of each test it names, which its runner must not have marked passed
        return marked_passed(text, ev, only_failure=True) or check_denied_pass(text, ev)
    if NOT_DONE.search(prose) or _NOT_PASSING.search(prose):
        return []  # "considered running X", "no tests pass yet": nothing claimed done
    bound = bound_outcome(text, ev, actor)
    if bound is not None:  # "the deposit was paid": as the call that paid it answered
        return bound
    if _NOT_FAILING.search(text) and not _FAILED_AFTER_DENIAL.search(text):
        # "stated no goal, command, file or failure", "nothing failed": a failure denied,
        # which any failing result of the record contradicts
        return _check_no_failure(text, ev)
    bare = QUOTED_NAME.sub(" ", text)  # a test named "shows an error …" is no failure word
    # "the TTL was raised from 300 to 3000": a value changed, not an exception raised
    bare = _VALUE_RAISED.sub("changed", bare)
    # "widens only if crash-free stays above 99.5%": a measure of health, no crash said
    bare = _FREE_OF.sub("stable", bare)
    # "Deploy to staging only if the tests pass": the condition's outcome is not one said
    # to have come about
    bare = _UNDER_CONDITION.sub(" ", bare) if _UNDER_CONDITION.sub(" ", bare).strip() else bare
    outcome = None if FUTURE.search(text) or _OUGHT.search(text) else outcome_of(bare)
    if outcome is None and not (FUTURE.search(text) or _OUGHT.search(text)):
        glossed = lex.gloss(text)  # "TestX 通过了。", "O primeiro estorno … sem erros."
        outcome = outcome_of(lex.gloss(bare)) if glossed != text else None
        if outcome is not None:
            text, bare = glossed, lex.gloss(bare)
    if (
        outcome is None
        and lexicon.WENT_WELL.search(bare)
        and not (FUTURE.search(text) or _OUGHT.search(text))
    ):
        outcome = Outcome("pass")  # "the upload went through", "it trained fine": a success
    if outcome is None and not FUTURE.search(text):
        undone = check_undone(text, ev)
        if undone:  # "The NAT gateways were created" where creating them failed
            return undone
    if outcome is not None or FIXED.search(bare):
        return _check_outcome(text, bare, outcome, commands, paths, ev, actor)
    if claimed_now and actor != "user" and not FUTURE.search(text):
        state = check_state(text, ev)
        if state:
            return state
    if actor is None and (keeps(text) or CORRECTION_NOTE.search(text)):
        # "the snapshot is retained", "the store is Redis (was Memcached)": a rule or a
        # correction restated; said the other way round it is a lie, whoever acted
        restated = restated_rule(text, ev)
        if restated is not None:
            return restated
    if actor is None and PERMIT.search(text) and not DONE.search(text):
        return check_user(text, ev, "user said")  # "force pushing is allowed": whose permission?
    whose = _WHOSE_STEP.search(text) if actor is None else None
    if (
        actor is None
        and (is_constraint(text) or _TO_BE_DONE.search(text) or whose)
        and not DONE.search(text)
    ):
        tools_own = required_by_tool(text, ev)
        if tools_own is not None:
            # "denied: subpoena required for …": the tool's reason, no rule of the user's;
            # what else the sentence says is still a claim ("… was approved: …")
            rest = text.replace(tools_own, " ").strip(" \t:;,.")
            return _check_prose(rest, commands, paths, ev, actor) if claim_terms(rest) else []
        # a standing rule: "Never run `make deploy`.", "the project venv is to be used"
        return check_user(text, ev, "constraint", strict=True) or check_condition(text, ev)
    if FUTURE.search(text) and actor != "user":
        return check_plan(text, ev)
    # (a command's own words deny nothing: "ran `aws s3 cp … --exclude '*.map'`")
    if negated(prose) or UNTOUCHED.search(prose):
        return check_absence(text, commands, paths, ev)
    return check_action(text, [], commands, paths, ev, actor)


# An obligation said of a thing ("the project venv is to be used", "nothing is to be
# installed globally"): a rule, not a claim that it was done (R31-V9)
_TO_BE_DONE = re.compile(r"(?i)\b(?:is|are)\s+(?:not\s+)?to\s+be\s+[a-z]+(?:ed|en|wn|lt|nt)\b")
# Whose step it is ("`terraform apply` is the user's to run, not the assistant's"): who may
# do it, no claim that anyone did (R42-V10)
_WHOSE_STEP = re.compile(
    r"(?i)\b(?:is|are)\s+(?P<owner>(?:the\s+)?[a-z]+['’]s|hers|his|theirs|yours|"
    r"for\s+(?:the\s+)?[a-z]+)\s+(?:alone\s+)?to\s+(?P<verb>run|do|apply|execute|deploy|"
    r"merge|push|send)\b"
)


def _check_no_failure(text: str, ev: Evidence) -> list[Claim]:
    """A failure denied ("nothing failed", "no test failed"): what it names passed, or,
    naming nothing, no result of the record failed."""
    failed = next((r for r in ev.results if r.failed), None)
    if failed is None or _OTHERWISE.search(text):
        return []  # "nothing else failed": the failures named before are not denied
    found = check_passed(text, ev)
    if found or failure_subjects(text, ev):
        return found
    named = [w for w in re.findall(r"[\w./-]+", text) if w in ev.programs or w in ev.tools]
    if named:  # "ruff reported no errors": that program's last run, not another's
        last = [ev.results_of(w)[-1] for w in named if ev.results_of(w)]
        failed = next((r for r in last if r.failed), None)
        if failed is None:
            return []
    else:
        subject = unit_terms(text) - _DENIAL_TERMS
        if subject:  # "assembleDebug never failed", "No build step failed": its runs only
            about = [r for r in ev.results if subject & r.named_terms]
            if _SINCE.search(text):
                about = about[-1:]
            failed = next((r for r in about if r.failed), None)
            if failed is None:
                return []  # (what it names ran and passed, or the record names it nowhere)
    line = (failing_lines(failed) or [failed.text])[0]
    return [Claim("failed", text, f"a tool result of the record failed: {quote(line)}")]


_UNDER_CONDITION = re.compile(
    r"(?i)\b(?:only\s+(?:if|when|once)|if|unless|provided\s+that|as\s+long\s+as)\s+[^,;.:]*"
)
_FREE_OF = re.compile(r"(?i)\b(?:crash|error|failure|bug|fault)[- ]free\b")
_VALUE_RAISED = re.compile(r"(?i)\braised(?=\s+(?:from|to|by)\s+\S*\d)")
_REQUEST_LABEL = re.compile(
    r"(?i)^\W*(?:the\s+)?(?:user'?s\s+)?(?:original\s+|main\s+|current\s+|new\s+|updated\s+)?"
    r"(?:task|goal|request|ask|objective|priority|focus)"
    # "The task changed: roll the api deployment back …": the new request, in its words
    r"(?:\s+(?:changed|shifted|switched|moved|became|is\s+now|was\s+changed))?\s*:\s+"
)
_OUGHT = re.compile(r"(?i)\b(?:must|needs?\s+to|has\s+to|have\s+to|ought\s+to|until)\b")


def _check_outcome(
    text: str,
    bare: str,
    outcome: Outcome | None,
    commands: list[str],
    paths: list[str],
    ev: Evidence,
    actor: str | None,
) -> list[Claim]:
    """A clause saying something passed, failed or was fixed; then what it says was done."""
    out: list[Claim] = []
    if FIXED.search(bare) and (outcome is None or outcome.verdict == "pass"):
        out += check_passed(text, ev) or check_fixed(text, ev)
    elif outcome is not None and outcome.verdict == "pass":
        # ("all 9 tests pass": as many as a run printed passed)
        counted = check_count_passed(text, ev) if names_tests(text) else []
        out += counted or check_passed(text, ev, outcome.mode)
    elif FIXED.search(bare) and paths:
        out += _check_fixed_in(bare, paths, ev)
    elif outcome is not None:
        out += check_failed(text, ev)
    return check_action(text, out, commands, paths, ev, actor, vague=False)


def _check_fixed_in(bare: str, paths: list[str], ev: Evidence) -> list[Claim]:
    """ "The statement timeout was fixed in ops/backup/pg_backup.sh": a run failed so, and
    a file it names was written after that failure."""
    fixed = FIXED.search(bare)
    assert fixed is not None
    failure = re.sub(
        r"(?i)\s+(?:was|were|is|are|has\s+been|have\s+been|got)\s*$", "", bare[: fixed.start()]
    )
    found = check_failed(failure, ev)
    if found:
        return found
    terms = claim_terms(failure) - {"fail"}
    failed_at = [r.at for r in ev.results if r.failed and cover(terms, r.text_terms)[0] >= 0.75]
    wrote = [at for p in paths for at in ev.timeline.when("wrote", p)]
    if terms and not failed_at:
        return [Claim("failed", failure, "no failing tool result says this")]
    if failed_at and not any(at > min(failed_at) for at in wrote):
        return [Claim("did", bare, "no file it names was written after that failure")]
    return []

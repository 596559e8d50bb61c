"""The structured recap of a whole record: every kind of fact, from where it really is.

Facts come from their role, not from words: commands from the arguments of shell-like
tool calls (any tool name, any argument shape), files written from write-type calls,
failures from tool output text (non-zero exits, ``FAILED``, tracebacks, error statuses,
failing test names; OpenAI-format tool messages carry no error flag), constraints and
corrections from the user's own turns. :func:`render_digest` fills the sections in
priority order within a byte cap; each section says how many items it left out.

This module walks the record and files each fact; what reads each kind lives beside it:
:mod:`.tool_calls` (what a call ran, read or wrote), :mod:`.failures` (what failed in tool
output), :mod:`.findings` (values and numbers), :mod:`.rules` and :mod:`.decisions` (the
user's constraints, corrections and choices), :mod:`.sections` (the sections, their byte
cap and the backfill); the words they read by, per language, in :mod:`contextledger.lexicon`.

>>> from contextledger.model import Message, ToolCall
>>> rec = [Message.user("Fix the login flow. Do not touch src/payments/.", id="u"),
...        Message("assistant", (ToolCall("c", "bash", '{"command": "pytest -k login_flow"}'),),
...                id="a"),
...        Message.tool("c", "FAILED tests/test_auth.py::test_login_flow - AssertionError",
...                     id="t")]
>>> print(render_digest(digest(rec), 2000))
Goal: Fix the login flow.
Constraints and corrections:
- Do not touch src/payments/.
Commands run:
- `pytest -k login_flow`
Failures:
- `pytest -k login_flow`: FAILED tests/test_auth.py::test_login_flow - AssertionError
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import pairwise, takewhile
from typing import Any

from ..fit.gists import version_lines, words_beside_paste
from ..intent import (
    is_constraint,
    is_correction,
    is_nudge,
    is_small_talk,
    is_substantive,
    restates_task,
    shares_a_file,
    steering_requests,
)
from ..lexicon.claims import COUNTED_NUDGE_WORDS
from ..lexicon.common import COUNTER_LABELS
from ..lexicon.deferral import DEFERRED
from ..lexicon.intent import (
    ANNOUNCES_A_TASK,
    BACKGROUND_LABEL,
    TAKEN_AS_NEWS,
    WITHOUT_CLOSES,
    WITHOUT_OPENS,
)
from ..lexicon.negation import denial
from ..lexicon.tools import LOOKING
from ..model import Message, ToolCall, ToolResult
from ..settings_said import reset_later, settings, word_count
from .actions import asks_in_words, is_ui_step, render_action, render_call
from .carried import carried_out
from .claims.values import marked_ranges
from .decisions import (
    DECIDED_BY,
    DECISION,
    ECHO,
    agreed_by_deed,
    agrees_on_a_plan,
    answered_proposal,
    chosen,
    dated_plan,
    decides,
    dropped,
    settles_a_choice,
    standing,
    without_echoes,
    without_restated,
    without_reversed,
)
from .facts import (
    _open_requests,
    extract_claims,
    is_request,
    keywords,
    names_a_path,
    opening_clause,
    reported_done_in,
    sentences,
    statements,
    waits_by_shape,
    waits_for,
    without_paste,
    without_unfenced_paste,
)
from .failures import (
    MARKER_ONLY,
    error_answer_lines,
    failing_tests,
    failure_lines,
    names_test,
    only_looks,
    only_read,
    passed_on_rerun,
    recovered,
    same_program,
    stopped_early,
)
from .findings import (
    FINDING,
    FOUND_READ,
    WORKS_NOW,
    asked_rows,
    asked_words,
    counted_lines,
    found_codes,
    log_records,
    numbers_matter,
    output_numbers,
    output_values,
    quantities,
    restates_count,
    restates_found,
    specific,
    states_an_amount,
    states_value,
    summary_lines,
    superseded,
    table_rows,
)
from .reads import looks_like_file, only_reads, user_files
from .rules import (
    LIFTS,
    LIST_MARK,
    REMINDS_NOT_TO,
    RULE_OPENING,
    Answer,
    answers_with_another_value,
    areas_of_a_short_owner,
    banned_outright,
    bare_path,
    cancelled_by,
    chooses_instead,
    configures_anew,
    denies_a_named_thing,
    grants_leave,
    hands_over,
    is_reply,
    is_rule,
    kept_off_while_working,
    kind_said_before,
    lifted_rule,
    lifts_something,
    listed_rules,
    names_another_name,
    names_swapped_in,
    overruled_by_later,
    owner_after_comma_label,
    owner_area,
    owner_by_shape,
    passes_on_words,
    pasted_rules,
    personal_aside,
    pinned_versions,
    pins_by_shape,
    replaces_said_value,
    revoked_later,
    running_talk,
    sets_a_value_said_first,
    sets_anew_a_value_the_work_set,
    sets_deadline,
    sets_one_of_two,
    sets_two_phrases,
    someone_elses,
    spares_a_step,
    superseded_values,
    swapped_values,
    task_rule,
    turned_down_later,
    unhurried,
    value_of_a_short_reply,
    versions_named,
    weighs_two_values,
    without_turned_down,
)
from .sections import (
    BACKFILL_HEADER,
    INLINE,
    NOTHING_TO_RECAP,
    PASSED_LATER,
    PRIORITY,
    RERUN_SUCCEEDED,
    SECTIONS,
    URGENT_AFTER,
    Digest,
    backfill,
    commands_named,
    digest_json,
    fill_order,
    leaving_out,
    parse_digest,
    render_digest,
)
from .tool_calls import (
    call_commands,
    call_deletes,
    call_paths,
    call_reads,
    call_writes,
    command_line,
    editor_operation,
    is_read_call,
    is_write_call,
    quotes_files,
    ran_against,
    reads_by_shape,
    reads_logs,
    script_commands,
    search_messages,
    shell_tool,
    shows_file,
)
from .transcript import utf8_len
from .wording import (
    asks,
    clip,
    names_something,
    only_said_often,
    opens_an_aside,
    run_shape,
    shape,
    whole_token,
    without_check_back,
    without_code,
)

# what the recap's readers (verification, the summarizers, the CLI) import from here, by
# where it lives now: the sections and their rendering, what a tool call does, failures
__all__ = [
    "BACKFILL_HEADER",
    "INLINE",
    "NOTHING_TO_RECAP",
    "PASSED_LATER",
    "PRIORITY",
    "SECTIONS",
    "URGENT_AFTER",
    "Digest",
    "action_item",
    "action_line",
    "backfill",
    "call_commands",
    "call_paths",
    "call_reads",
    "call_writes",
    "digest",
    "digest_json",
    "editor_operation",
    "error_answer_lines",
    "failing_tests",
    "failure_lines",
    "fill_order",
    "goal_answer",
    "goal_message",
    "is_read_call",
    "is_rule",
    "is_write_call",
    "leaving_out",
    "lifted_rule",
    "names_in",
    "output_numbers",
    "output_values",
    "overruled_by_later",
    "parse_digest",
    "ran_against",
    "recovered",
    "render_digest",
    "rerun_passed",
    "script_commands",
    "shell_tool",
    "shows_file",
    "without_code",
]


# no "Goal: Goal: …"; "Goal for today: …", "Task for this sprint: …"
GOAL_LABEL = re.compile(
    # (the label said twice, as a pasted recap's line repeats it: "Goal: Goal: …", once off)
    r"(?i)^(?:\W*(?:(?:the|my|our|main|today'?s)\s+)?(?:goal|task|objective|job|mission|assignment"
    # ... in the languages a user labels it in ("Ziel: …", "Objectif : …", "Objetivo: …":
    # "Goal: Ziel: …" was the recap's line, R32-G1)
    r"|ziel|aufgabe|objectif|tâche|objetivo|tarea|obiettivo|compito|doel|taak|cel|zadanie|"
    r"hedef|görev|цель|задача|目標|目标|任务|任務|목표)"
    r"(?:\s+for\s+(?:today|now|this\s+\w+))?\s*[:：]\s*)+"
)

_GREETING = re.compile(
    r"(?i)^\W*(?:(?:good\s+)?(?:morning|afternoon|evening)|hi|hello|hey|hiya|greetings|yo|"
    r"happy\s+\w+day|"
    # ... in the languages users write in (RT22-19: "Oi! Bom dia, tudo certo por aí?",
    # "Chào bạn, hôm nay mình cần nhờ một việc.")
    r"oi|olá|ola|bom\s+dia|boa\s+tarde|hola|buen[oa]s\s+(?:días|tardes)|bonjour|salut|hallo|"
    r"guten\s+(?:morgen|tag)|moin|servus|ciao|buongiorno|hej|hei|moi|dzień\s+dobry|cześć|"
    r"ahoj|dobrý\s+den|привет|здравствуйте|добрый\s+день|γεια(?:\s+σου)?|καλημέρα|merhaba|"
    r"selam|xin\s+chào|chào|habari|jambo|שלום|مرحبا|السلام\s+عليكم|سلام|नमस्ते|สวัสดี|"
    r"안녕하세요|안녕|こんにちは|おはよう(?:ございます)?|你好|您好|halo|hai|salam|szia|"
    r"bună(?:\s+ziua)?|goedemorgen|dag|"
    # (RT23-2: "مرحباً، أتمنى أن يكون يومك جيداً.", "Привіт! Маю для тебе задачу.")
    r"مرحباً|أهلاً|اهلا|صباح\s+الخير|مساء\s+الخير|привіт|вітаю|добрий\s+день|witam|"
    r"selamat\s+(?:pagi|siang|sore|malam)|नमस्कार|हाय|hoi)(?!\w)[^.!?]{0,40}[.!?]?\s*$"
)


_GOAL_BYTES = 400

# Spoken filler and laughter a dictated turn carries ("um", "uh", "lol", "haha"): two or more
# before the words that set the task mark what comes first as chatter (R36-R1: "hey um
# morning the elevator guy is here again lol … anyway the main thing this week is i need
# you to get unit 6A … ready")
_FILLER_WORD = re.compile(r"(?i)\b(?:u+m+|u+h+|e+rm+|lol|lmao|haha\w*|hehe\w*)\b")
# ... and the words that open the task after it
_TASK_OPENS = re.compile(
    r"(?i)\b(?:the\s+main\s+thing\b[^.!?]{0,40}?\bis|i\s+(?:really\s+)?need\s+you\s+to|"
    r"i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to|(?:can|could|would)\s+you|please|"
    r"we\s+(?:really\s+)?need\s+to)\b"
)


def _past_chatter(turn: str) -> str:
    """A dictated turn from the words that set its task, past the chatter before them (two
    spoken fillers or more: "ok so um hi, morning - the plumber is here again lol. anyway I
    need you to …"); any other turn whole.

    >>> _past_chatter("ok so um hi, the plumber is here again lol. anyway I need you to book him")
    'I need you to book him'
    >>> _past_chatter("The export crashes on Safari. Can you fix it?")
    'The export crashes on Safari. Can you fix it?'
    """
    opens = _TASK_OPENS.search(turn)
    if opens is None or len(_FILLER_WORD.findall(turn[: opens.start()])) < 2:
        return turn
    return turn[opens.start() :]


def _background_only(sentence: str, after: str) -> bool:
    """A sentence labelled as background ("For context, we inherited this repo.") that sets
    no task, before one that can: a request of some words, not a rule, a nudge nor thanks
    ("For context, I need you to migrate … It's urgent.": the first is the goal, R23-R5)."""
    label = BACKGROUND_LABEL.match(sentence)
    return (
        label is not None
        and not is_request(sentence[label.end() :].strip())
        and word_count(after) >= 5
        and is_substantive(after)
        and not is_nudge(after)
        and not _sets_no_task(after)
        and not RULE_OPENING.search(after)
        and not task_rule(after)  # (a goal may say "keep X working"; "Never touch Y." is a rule)
    )


def _goal_line(said: Iterable[str]) -> str:
    """The goal's sentences on the Goal line, whole: a first sentence over the cap (a
    request in a script of 2-3 bytes a letter: Georgian, Hindi) keeps up to half again the
    bytes, rather than be cut mid-request (R22-R2); when they do not all fit, a preamble
    that asks nothing ("வணக்கம்! கோப்பையும் … இணைத்துள்ளேன்.") gives way to the request
    after it, and later sentences go whole or not at all (review47: a Tamil request was
    cut mid-sentence after its greeting; what is left out is in the record)."""
    told = list(said)
    while (
        len(told) > 1
        and utf8_len(" ".join(told)) > _GOAL_BYTES
        and not is_request(told[0])
        and any(map(is_request, told[1:]))
    ):
        told.pop(0)
    if not told or utf8_len(told[0]) > _GOAL_BYTES:
        return clip(told[0], _GOAL_BYTES * 3 // 2) if told else ""
    line = told[0]
    for x in told[1:]:
        if utf8_len(f"{line} {x}") > _GOAL_BYTES:
            break
        line = f"{line} {x}"
    return line


# an item of a list: "- [ ] bump version", "* screenshots", "2. update changelog", "• a"
_LISTED = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+")
_NUMBERED = re.compile(r"^\s*\d{1,2}[.)]$")
# a sentence that adds to what was asked before it: "Also check the logs."
_ADDS = re.compile(r"(?i)^\W*(?:also|and|plus|btw|p\.?s\.?|oh,? and)\b")


def _past_listing(said: Sequence[str], start: int) -> int:
    """Where the request starts when the turn opens with a labelled list and then asks
    in a paragraph of its own: "release checklist from the wiki:" and its items are what
    the request works from, "@releasebot this sprint we need to ship 8.8 …" the task
    (R35-G1). A list the label asks for ("Please do:", "Fix these:") is the task, and so
    is one followed only by an aside ("Also check the logs.", "Thanks!")."""
    label = said[start] if start < len(said) else ""
    if not label.endswith(":") or is_request(label):
        return start
    k, items = start + 1, 0
    while k < len(said):
        if _NUMBERED.match(said[k]) and k + 1 < len(said):
            k += 2  # ("1." is read as a sentence of its own, its item the next)
        elif _LISTED.match(said[k]):
            k += 1
        else:
            break
        items += 1
    if items < 2 or k >= len(said):
        return start
    after = said[k]
    if _ADDS.match(after) or not is_substantive(after) or is_nudge(after) or asks(after):
        return start
    return k


def _short_turn(text: str) -> bool:
    """A turn of one line the Goal line holds whole."""
    whole = text.strip()
    return "\n" not in whole and len(whole.encode()) <= _GOAL_BYTES


# a line that opens with a time or a date: a log's, pasted
_STAMPED = re.compile(r"\[?\d{1,4}[-:/.]\d{1,2}[-:/.T ]")


def _repeats(restated: str, goal: Sequence[str]) -> bool:
    """Whether ``restated`` holds the Goal line's text whole (casefolded, spacing aside)."""
    said = " ".join(restated.casefold().split())
    return any(g and " ".join(g.casefold().split()).rstrip(".!") in said for g in goal)


def _past_shared_files(said: Sequence[str]) -> list[str]:
    """The goal turn's sentences without those that only say a file is shared ("I attached a
    screenshot of the dashboard.": what the task works from, R46-rec1) and come before a
    sentence that says something else. A sharing sentence with nothing after it but
    greetings and other sharing sentences stays: it is the task said about the file in an
    imperative not read here ("Dari file penjualan terlampir, cari tahu mengapa …", "Finn
    ut fra den vedlagte salgsfilen hvorfor …": R47-rec1's Goal was "Halo!" without it)."""
    kept: list[str] = []
    task_after = False
    for sentence in reversed(said):
        shared = shares_a_file(sentence) and not is_request(sentence)
        if not (shared and task_after):
            kept.append(sentence)
        if not shared and not _GREETING.match(sentence) and not is_small_talk(sentence):
            task_after = True
    return kept[::-1]


def _past_greetings(said: Sequence[str]) -> int:
    """Where a turn's request starts: past a greeting ("Morning.", "Hi team!")."""
    k = 0
    while k < len(said) - 1 and (
        _GREETING.match(said[k]) or is_nudge(said[k]) or _small_talk_said(said[k])
    ):
        k += 1
    return k


def _small_talk_said(sentence: str) -> bool:
    """A sentence of small talk ("Hope the weekend was good.", R33-G2), said as one: not a
    heading ("What I really need here"), whose words may all be talk's."""
    return sentence.rstrip()[-1:] in (".", "!") and is_small_talk(sentence)


# a counter a nudge opens or ends with, in any language: a label and its number ("step 4:",
# "vaihe 3:", "ステップ3：", "step no. 4", "hatua ya 4", "2단계", "3. szakasz"), a number alone in brackets ("(3/6)"), or
# after "#" ("ok #3, proceed")
_LABEL = "|".join(sorted(map(re.escape, COUNTER_LABELS.split()), key=len, reverse=True))
_NUMBER = r"#?\d{1,2}(?:\s*/\s*\d{1,2})?(?![\d.,]\d)"
_COUNTER = re.compile(
    rf"(?i)^\W*(?:(?:{_LABEL})\s*(?:[^\W\d_]{{1,3}}\.?\s*)?{_NUMBER}|{_NUMBER}\.?\s*(?:{_LABEL})(?!\w))[\W_]*"
    rf"|^\W*[(（]\s*{_NUMBER}\s*[)）][\W_]*|[\W_]*[(（]\s*{_NUMBER}\s*[)）]\W*$"
    r"|(?<!\S)#\d{1,2}\b\W*"
)
_BETWEEN_WORDS = re.compile(r"[\s,;:!?.、，；：！？。—–-]+")
_GOES_ON = frozenset(w.casefold() for w in COUNTED_NUDGE_WORDS.split())


def counted_nudge(said: str) -> bool:
    """A nudge that counts the turns it moves along, in any language ("step 4: go on",
    "(3/6) jatka vaan", "część 2 gotowa, następna", "パート3完了、次へ"): a counter, and
    words that only say go on, next or done (R23-R3); not "step 3: rollback staging"
    (R24-R1), an instruction however short.

    >>> counted_nudge("vaihe 3: jatka"), counted_nudge("step 3: rollback staging")
    (True, False)
    """
    rest = _COUNTER.sub(" ", said, count=1)
    if rest == said:
        return False
    words = [w.casefold() for w in _BETWEEN_WORDS.split(rest) if w]
    return is_nudge(rest) or all(w in _GOES_ON for w in words)


_NO_STEP_NAMED = re.compile(
    # ("Continuing with the next step.", "Moving on to the next one.": filler, R32-G1)
    r"(?i)^\W*(?:(?:continuing|moving|going|proceeding|working|getting|carrying)\s+(?:on\s+)?"
    r"(?:with|to|on(?:to)?)\s+)?(?:the\s+)?(?:next(?:\s+(?:step|up|one|part|item|task|bit))?|"
    r"on\s+to\s+the\s+next(?:\s+one)?)\W*$"
)
_STEP_LABEL = re.compile(
    r"(?i)^\W*(?:(?:next(?: step| up)?|plan|(?:el\s+)?(?:siguiente|próximo)\s+paso|lo\s+(?:próximo|"
    r"siguiente)|nächster\s+schritt|prochaine\s+étape|次のステップ)\s*[:：]|"
    # ("My next move is to export X.": the step is "export X", a plan, not a deed)
    r"(?:my|our|the)\s+next\s+(?:move|task|job|thing\s+to\s+do)\s+is(?:\s+to)?\b)\s*"
)

_NEXT = re.compile(
    r"(?i)\b(?:next,? (?:i|we)(?:'ll| will|'m going to| are going to)|next step|next up|up next|"
    r"the next thing|then (?:i|we)(?:'ll| will)|(?:i|we)(?:'ll| will) now|now (?:i|we)(?:'ll| will)|"
    r"(?:i'm|we're) going to|plan:|(?:my|our|the) plan is|(?:i|we) plan to|"
    r"after (?:that|this),? (?:i|we)(?:'ll| will)|(?:once|when) [^,]{1,60}, (?:i|we)(?:'ll| will)|"
    r"next,? let me|(?:i'll|i will|we'll|we will|let me|going to)\b[^.!?]{1,160}\bnext\W*$|"
    # ("I'll write the README section now.": the step the work stopped before)
    r"^\W*(?:i'll|i will|we'll|we will)\b[^.!?]{1,160}\bnow\W*$|"
    r"what (?:i|we)(?:'ll| will| am going to|'m going to) do (?:now|next) is)"
    # ... labelled as the next step in another language ("Siguiente paso: …", "Lo próximo:
    # …", "Nächster Schritt: …"), or "what's up now" ("Ahora toca arreglar …")
    r"|"
    + _STEP_LABEL.pattern[4:]
    + r"|^\W*(?:ahora\s+toca|lo\s+(?:siguiente|próximo)\s+(?:es|será))\b"
    # ... in other languages: a "now", "next" or "then" that opens the sentence, then a verb
    # in the first person's future ("Teraz sprawdzę okna …", "Ahora voy a revisar …",
    # "Ensuite je vais …", "Als Nächstes prüfe ich …", "Poi controllerò …", "Agora vou …",
    # "Daarna ga ik …"), or the plan said outright ("接下来我会…", "次に…を確認します")
    r"|^\W*(?:teraz|następnie|potem|ahora|luego|después|a\s+continuación|maintenant|ensuite|"
    r"puis|jetzt|nun|als\s+nächstes|danach|dann|ora|adesso|poi|agora|em\s+seguida|depois|nu|daarna|"
    r"vervolgens|теперь|далее|затем|потом)\b[,\s]+(?:(?:je|yo|io|eu|я|ik)\s+)?(?:voy\s+a|vamos\s+a|"
    r"vais|allons|vou|vamos|vado\s+a|ga\s+ik|gaan\s+we|\w+(?:ę|emy|aré|eré|iré|rai|rons|erò|"
    r"irò|arò)|\w+\s+(?:ich|wir|ik|we))\b"
    # ... and in more: Romanian, Greek, Vietnamese, Swahili, Hebrew, Catalan, Bulgarian,
    # Turkish, Indonesian ("Apoi voi aplica …", "Μετά θα τρέξω …", "Tiếp theo, tôi sẽ …",
    # "Kisha nitaendesha …", "אחר כך אריץ …", "Després faré …", "След това ще …")
    r"|^\W*(?:apoi|după\s+aceea|în\s+continuare|μετά|στη\s+συνέχεια|έπειτα|tiếp\s+theo|"
    r"sau\s+đó|kisha|baadaye|ifuatayo|אחר\s+כך|בשלב\s+הבא|després|a\s+continuació|"
    r"след\s+това|сега|после|sonra|ardından|selanjutnya|berikutnya|kemudian)\b[,\s]+"
    r"(?:(?:eu|εγώ|tôi|chúng\s+tôi|mimi|אני|jo|аз|ben|saya|kami|aku)\s+)?"
    r"(?:voi|vom|θα|sẽ|nita\w+|tuta\w+|ще|akan|א\w+|\w+(?:aré|eré|iré|acağım|eceğim))\b"
    r"|^\W*(?:接下来|下一步|然后)[，,\s]*我(?:会|要|将)"
    r"|^\W*(?:次に|次は|これから|続いて|この後(?:は)?|それから).{1,80}(?:します|しましょう)"
    r"|^\W*(?:다음으로|이제).{1,80}(?:하겠습니다|할게요)"
)

_STEP_WORD = re.compile(r"(?i)\b(?:next|then|after|once|plan|step)\b")

# a report that something is done ("Added the header.", "Done: the backfill ran")
_DONE_NOW = re.compile(
    r"(?i)\b(?:done|added|fixed|implemented|completed|created|finished|updated|resolved|wrote|"
    r"written|ran|deployed|migrated|replaced|removed|renamed|shipped|merged)\b"
    r"|^\W*(?:i(?:'ve| have)\s+(?:now\s+)?)?[a-z]+ed\b(?! to\b)"  # "Snapshotted the old index."
)


def _user_turns(messages: Sequence[Message]) -> list[str]:
    turns = (m.text for m in messages if m.role == "user" and not m.is_recap and not m.tool_results)
    return [t for t in map(_own_words, turns) if t]


# A markdown heading line: "## Task", "**What I need**", a title underlined with "===" or "---"
_HEADING = re.compile(
    r"(?m)^[ \t]{0,3}(?:#{1,6}[ \t]+(?P<atx>[^\n#]{1,120}?)(?:[ \t]+#+)?"
    r"|(?:\*\*|__)(?P<bold>[^\n*_]{1,80}?)(?:\*\*|__)"
    r"|(?P<setext>[^\s#*_=-][^\n=]{0,79}?)[ \t]*\n[ \t]{0,3}(?:={3,}|-{3,}))[ \t]*:?[ \t]*$"
)
# the most words of a heading that labels the part under it ("Task", "What I need", "Aufgabe",
# "What I really need here")
_LABEL_WORDS = 5


def headings_as_labels(text: str) -> str:
    r"""``text`` with its markdown headings read as what they are: a short title that says
    no request nor rule labels the lines under it ("## Task" is "Task:", never the goal's
    first words); a heading that says one is its sentence ("# Add CSV export" is "Add CSV
    export.", "**Never touch prod**" a rule still).

    >>> headings_as_labels("## Task\nAdd CSV export.\n\n**Notes**\nKeep the PDF.")
    'Task:\nAdd CSV export.\n\nNotes:\nKeep the PDF.'
    >>> headings_as_labels("Aufgabe\n=======\nDie Suche soll Umlaute ignorieren.")
    'Aufgabe:\nDie Suche soll Umlaute ignorieren.'
    """
    if "#" not in text and "**" not in text and "__" not in text and "\n" not in text:
        return text

    def said(m: re.Match[str]) -> str:
        title = (m.group("atx") or m.group("bold") or m.group("setext") or "").strip()
        if not title or title[-1] in ".!?。！？":
            return title or m.group(0)  # a sentence said in bold or as a title
        title = title.rstrip(":")
        if len(title.split()) <= _LABEL_WORDS and not is_request(title) and not is_rule(title):
            return f"{title}:"
        return f"{title}."

    return _HEADING.sub(said, text)


_SAID_WORD = re.compile(r"[^\W_]+")


def _said_as(text: str) -> str:
    """``text``'s words, casefolded: what two wordings of one request share."""
    return " ".join(_SAID_WORD.findall(text.casefold()))


def _own_words(text: str) -> str:
    """What a user's turn says in their own words: no fenced code, no paste, its
    headings read as labels; of a turn whose orders are all pasted, only the words she
    wrote around the paste (:func:`_beside_pasted_orders`)."""
    beside = _beside_pasted_orders(text)
    if beside is not None:
        return beside
    return headings_as_labels(without_paste(without_code(text)))


#: The fewest lines a turn pastes for its words beside the paste to be read apart from it
#: (``gists.words_beside_paste`` reads no fewer: a short Japanese sheet of exam rules is
#: five lines of fewer than 400 characters, R41-R4)
_PASTED_LINES_LEAST = 5


@lru_cache(maxsize=1 << 12)  # (a turn is read for the rules, then again by the walk)
def _beside_pasted_orders(text: str) -> str | None:
    """The user's own words beside what a turn pastes (a recipe blog's steps, an IT
    policy, fare rules, a contract's clauses: ``gists.words_beside_paste``, the fit's
    reading) when those words state no rule nor correction of hers: what orders is the
    paste's, not hers ("Ho trovato questa ricetta su un blog, che ne dici?" and seven
    "Non usare …" steps were five of her seven constraints, R41-R1), as the fit pins such a
    turn after her rules. None: no such turn (her words beside it steer: "Follow these:"
    adopts the list, :func:`.rules.pasted_rules`)."""
    if text.count("\n") < _PASTED_LINES_LEAST or listed_rules(text):
        return None  # (a list she heads "Rules:" is hers, pasted or not)
    own = words_beside_paste(text)
    if own is None or steering_requests(own, restating=False)[0] or not someone_elses(text, own):
        return None  # (her own list: "A few things for this job:" and five rules)
    return "\n\n".join(own)


def _goal_words(text: str) -> str:
    """``_own_words`` of the turn that set the task, nor what it pasted unannounced and
    unfenced (a log, a CSV, clauses: the Goal is the request, not the paste's first line,
    R38-R2). Only the goal's: a rule's own turn keeps its indented list and its config
    lines (``broker: kafka-2.internal:9092`` then "Use exactly this broker.", R39-R6)."""
    return headings_as_labels(without_paste(without_unfenced_paste(without_code(text))))


def goal_message(messages: Sequence[Message]) -> Message | None:
    """The user turn that set the task: the first substantive request (else the first
    user turn that is not a nudge). Not an opening the assistant answered by asking what
    to do ("Oi! Bom dia, tudo certo por aí?" - "Hi! What are we working on today?": RT22-19),
    nor a rule said after a short request that set the task ("Korjaa raporttien
    aikavyöhykebugi." then "Älä muuta tietokannan skeemaa …": RT22-5)."""
    at = {id(m): k for k, m in enumerate(messages)}
    turns = [
        m
        for m in messages
        if m.role == "user"
        and not m.is_recap
        and not m.tool_results
        and m.text.strip()
        and not _asked_what_to_do(m, messages, at[id(m)])
    ]
    # (not an invitation to ask: "Jangan sungkan tanya kalau ada yang kurang jelas.", RT23-2)
    said = next((k for k, m in enumerate(turns) if _says_something(m, opening=k == 0)), None)
    if said is not None and _short_task(turns[said], messages, at[id(turns[said])]):
        return turns[said]  # "Add dark mode.", then how: the request set the task (R31-G1)
    # (the first turn's "I need to …" asks for help with it: "Hola, trabajo de noche en el
    # hospital. Necesito organizar la colonoscopia de mi padre …" set the task, not talk)
    talk = [_only_talk(m, opening=k == 0) for k, m in enumerate(turns)]
    goal = (
        next(
            (
                m
                for m, t in zip(turns, talk, strict=True)
                if is_substantive(without_code(m.text)) and not t
            ),
            None,
        )
        or next(
            (m for m, t in zip(turns, talk, strict=True) if not is_nudge(m.text.strip()) and not t),
            None,
        )
        or next((m for m in turns if is_substantive(without_code(m.text))), None)
        or next((m for m in turns if not is_nudge(m.text.strip())), None)
    )
    # (the first turn that says something is the opening request even after a greeting
    # exchange: "hey, you around?" - "Yes - what are we working on?" - "Get X to 81.5 %
    # top-1." corrects nothing said before it: R34-G1)
    if goal is None:
        return None
    opening = _opens(goal, messages) or goal is turns[0]
    if not _all_rules(goal, opening=opening) or (
        opening and (_set_to_work(messages, at[id(goal)]) or _pin_taken_as_work(goal, messages))
    ):
        return goal
    at_goal = turns.index(goal)
    earlier = [
        m
        for m in turns[:at_goal]
        if not is_nudge(m.text.strip())
        and not asks(m.text.strip())
        and word_count(m.text) >= 2
        and not _sets_no_task(m.text)
    ]
    if earlier:
        return earlier[0]
    # a greeting, then a rule, then the task ("Good morning team!" - "Do not modify the
    # schema." - "Fix the report timezone bug."): the task, as the fit pins it (R17-R5)
    # (not a later question: "Should we push it anyway? No, don't." sets no task, and the
    # opening turn, a target said as a limit — "Make the page load in under 2 seconds." —
    # stays the goal: R34-G1)
    # (nor what a CI bot posted: "❌ Pipeline #48100 failed for main")
    # (nor a turn said once the assistant was at work on the opening, nor a short turn giving
    # a value, "EPSG:32645 <words>.": the opening said the task, read as a rule by its shape
    # only, a tool beside its version then a clause: R58 review finding 1)
    working = next(
        (k for k, m in enumerate(messages) if k > at[id(goal)] and m.tool_calls), len(messages)
    )
    later = (
        m
        for m in turns[at_goal + 1 :]
        if at[id(m)] < working
        and is_substantive(without_code(m.text))
        and not posted_failures(m.text)
        and not _gives_a_value_only(m.text)
    )
    return next((m for m in later if not _all_rules(m) and not _asks_anything(m)), goal)


# the most words of a reply that only acknowledges: "OK.", "Noted.", "Got it, thanks."
_ACK_WORDS = 3


def _pin_taken_as_work(turn: Message, messages: Sequence[Message]) -> bool:
    """Whether an opening turn read as rules only by a pin's shape (a tool beside its
    version, then a clause: "<title>: drone orthophoto OpenDroneMap 3.5-<ending> <words>,
    <words>.") was answered in more words than an acknowledgement, asking nothing ("Starting
    the ODM pipeline config."): the assistant took it as the task (R58 review finding 1)."""
    said = sentences(without_code(turn.text))
    if not all(pins_by_shape(s) for s in said if is_rule(s)):
        return False
    k = next(k for k, m in enumerate(messages) if m is turn)
    reply = next((m for m in messages[k + 1 :] if m.role != "system"), None)
    return (
        reply is not None
        and reply.role == "assistant"
        and word_count(reply.text) > _ACK_WORDS
        and not asks(reply.text.strip())
    )


# the most words of a turn that only gives a value: "EPSG:32645 please.", "Port 8443, then."
_VALUE_TURN_WORDS = 4
_VALUE = re.compile(r"\S*\d\S*")


def _gives_a_value_only(text: str) -> bool:
    """A short turn that gives a value (a number, a code, an id) and says little else, asking
    for nothing by its words: never the task, in any language ("EPSG:32645 ӄусь кʼоть.";
    not "Upgrade Node to 20.1.")."""
    said = without_code(text).strip()
    return (
        word_count(said) <= _VALUE_TURN_WORDS and bool(_VALUE.search(said)) and not is_request(said)
    )


def goal_answer(messages: Sequence[Message], goal: Message | None) -> Message | None:
    """The user's answer that says what the opening ``goal`` only announced: an opening
    with no request in it ("so we're doing the team offsite again 🎉"), the assistant's
    question back ("Where and when are you thinking?"), then the user's turn that sets the
    task ("Plan a 3-day offsite in Kraków for 18 people, 12-14 March.", R35-G2). The Goal
    line holds both: the opening says what, the answer how."""
    if goal is None or not _opens(goal, messages):
        return None
    said = sentences(_goal_words(goal.text))
    # (an opening that asks, even for help only, set the task: "Help me plan the pricing
    # page." - "Sure. What do we know so far?" - "We'll talk to 3 customers next week.")
    if any(is_request(s) or ANNOUNCES_A_TASK.search(s) for s in said):
        return None
    k = next(k for k, m in enumerate(messages) if m is goal)
    if not _answered_with_a_question(messages, k):
        return None
    after = [m for m in messages[k + 1 :] if m.role != "system"]
    answer = after[1] if len(after) > 1 else None
    if answer is None or answer.role != "user" or answer.tool_results or answer.is_recap:
        return None
    told = _own_words(answer.text).strip()
    if is_nudge(told) or not is_substantive(told) or _all_rules(answer) or _only_sets(told):
        return None
    return answer


def _asks_anything(turn: Message) -> bool:
    """Whether a sentence of ``turn`` asks a question."""
    return any(asks(s) for s in sentences(without_code(turn.text)))


def _says_something(turn: Message, *, opening: bool = False) -> bool:
    """A turn that is not a nudge, small talk nor greetings only (``opening``: as
    :func:`_only_talk` reads the session's first turn)."""
    text = without_code(turn.text).strip()
    return not is_nudge(text) and not _only_talk(turn, opening=opening) and not _sets_no_task(text)


# a short request's fewest and most words: "Refactor auth.", "Add dark mode."
_SHORT_TASK_WORDS = (2, 3)
# ... and its object's fewest letters: a thing named, not a pronoun ("Fix it.", "Mach das.")
_NAMED_LETTERS = 3


def _short_task(turn: Message, messages: Sequence[Message], k: int) -> bool:
    """A request of two or three words that set the task ("Add dark mode.", "Tune the
    workers.", "Repariere den Login."), which later, longer turns only say how to do: one
    sentence that asks no question, sets no rule nor value, labels nothing, names a
    thing, and that the assistant took up rather than asked back about."""
    text = without_code(turn.text).strip()
    said = sentences(text)
    low, high = _SHORT_TASK_WORDS
    words = re.findall(r"[^\W\d_]+", text)
    return (
        len(said) == 1
        and low <= word_count(text) <= high
        and len(words) == word_count(text)  # (no number: "Make it 4." sets a value)
        and len(words[-1]) >= _NAMED_LETTERS
        and not text.endswith(":")
        and not asks(text)
        and not _all_rules(turn)
        and not _only_sets(text)
        and not ANNOUNCES_A_TASK.search(text)
        and not _asked_what_to_do(turn, messages, k)
        and not _answered_with_a_question(messages, k)
    )


def _set_to_work(messages: Sequence[Message], k: int) -> bool:
    """Whether the assistant answered the user's turn at ``k`` by calling tools before the
    user said anything else: it took the turn as work to do. A session's opening turn read
    as rules only (by a word that denies elsewhere: "No nginya tũthondeke ledger …", "Ɛsɛ sɛ
    yɛsiesie … no: …") that the assistant set to work on set the task; a rule alone gives it
    nothing to do, and its task is a later turn ("Do not modify the schema." - "Understood."
    - "Fix the report timezone bug.")."""
    for m in messages[k + 1 :]:
        if m.role == "user" and not m.tool_results:
            return False
        if m.tool_calls:
            return True
    return False


def _answered_with_a_question(messages: Sequence[Message], k: int) -> bool:
    """The assistant's reply to the turn at ``k`` asks something back ("Sure - which one?")."""
    reply = next((m for m in messages[k + 1 :] if m.role != "system"), None)
    return (
        reply is not None
        and reply.role == "assistant"
        and not reply.tool_calls
        and asks(reply.text.strip())
    )


# when in the speaker's day a to-do is due ("later", "today", "this weekend", "at five")
_TODAY = re.compile(
    r"(?i)\b(?:later|today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|weekend|week)|"
    r"at\s+(?:noon|five|six|seven|eight|nine|ten)|hoy|mañana|esta\s+(?:tarde|noche)|luego|"
    r"hoje|amanhã|mais\s+tarde|aujourd['’]hui|demain|ce\s+soir|plus\s+tard|oggi|domani|"
    r"stasera|più\s+tardi)\b"
)
# the speaker's need, opening the session's first turn: a request for help with it, not a
# to-do of the speaker's day ("Necesito organizar la colonoscopia de mi padre …")
_NEEDS_HELP = re.compile(
    r"(?i)^\W*(?:(?:so|well|basically|bueno|pues|então)\W+)?(?:i\s+(?:really\s+)?need\s+to|"
    r"(?:yo\s+)?necesito|(?:eu\s+)?preciso|j['’]ai\s+besoin\s+d|ho\s+bisogno\s+di)\b"
)


def _asks_help(sentence: str) -> bool:
    """The speaker's need said with no time of their day: "Necesito organizar la colonoscopia
    de mi padre …", not "I need to call the plumber back later"."""
    return (
        _NEEDS_HELP.match(sentence) is not None
        and not any(ch.isdigit() for ch in sentence)
        and not _TODAY.search(sentence)
    )


def _only_talk(turn: Message, *, opening: bool = False) -> bool:
    """Talk only: "take your time", or the user's own to-dos with greetings and sighs around
    them ("Hiya. I must call the plumber back today. Ugh."): no task set. In the session's
    ``opening`` turn, a need said with no time of the day ("I need to …") asks for help."""
    said = sentences(without_code(turn.text))
    if opening and any(map(_asks_help, said)):
        return False
    if not said or not any(unhurried(s) or personal_aside(s) for s in said):
        return False
    return all(
        unhurried(s)
        or personal_aside(s)
        or _GREETING.match(s)
        or is_small_talk(s)
        or (word_count(s) <= 3 and not is_request(s) and not is_rule(s))
        for s in said
    )


def _all_rules(turn: Message, *, opening: bool = False) -> bool:
    """A turn of rules and deadlines only: it sets no task. In the ``opening`` turn nothing
    was said yet that a correction could change: a sentence read as a rule only by a
    correction's words, banning and denying nothing ("The release build got slow; make it
    run in under 15 minutes again.", "Actually, I need the PDF renderer fixed first: …"),
    sets the task (its Goal was a later turn: a setting its user corrected, or "Where are we
    now?")."""
    return all(
        # (a sentence the user labelled as the task sets it: "Today's job: move X onto the
        # new cluster, and keep the old one as fallback.")
        (
            is_rule(s)
            and not sets_a_task(s)
            and not (opening and _corrects_nothing(beside_without(s)))
            and not GOAL_LABEL.match(s)
        )
        or (
            sets_deadline(s)
            and not is_request(_MENTION.sub("", s))
            and not (opening and _task_beside_deadline(s))
        )
        for s in sentences(without_code(turn.text))
    )


_CLAUSE_CUT = re.compile(r"[,;，；、]\s*")


def _task_beside_deadline(sentence: str) -> bool:
    """Whether a sentence with a deadline says the task in a clause of its own ("Mình cần sửa
    lỗi đăng nhập … của app đặt vé, trước thứ Sáu phải phát hành." - I need the Google
    login fixed, it ships before Friday: R42-R2, the Goal was a later decision): a clause
    with no date in it that says something and sets no rule."""
    clauses = _CLAUSE_CUT.split(sentence)
    return len(clauses) > 1 and any(
        not sets_deadline(c) and is_substantive(c) and not is_rule(c) for c in clauses
    )


# who a team channel's turn is from and to, before what it asks ("maya: @assistant we need
# X by Thursday.": a request with its date, not a deadline alone)
_MENTION = re.compile(r"^\s*(?:[\w.-]{1,30}:\s+)?(?:@[\w.-]+[,:]?\s+)*")


# what a clause taken out leaves: a space before a mark, a comma before the sentence's end
_CLAUSE_LEFT = re.compile(r"\s+([.,;!?。，、])")
_CLAUSE_CUT_MARK = re.compile(r"[,;，、]\s*(?=[.。!?]|$)")


def beside_without(sentence: str) -> str:
    """``sentence`` less its "without …" clauses, in any language: what the task is when a
    clause says how to do it ("حوّل واجهة البحث … دون كسر العملاء الحاليين." - convert the
    search API … without breaking current clients: its "without" is no ban of the user's).

    >>> beside_without("Move the search API to cursor pagination without breaking clients.")
    'Move the search API to cursor pagination.'
    >>> beside_without("Mevcut istemcileri bozmadan imleç tabanlı sayfalamaya geçir.")
    'imleç tabanlı sayfalamaya geçir.'
    >>> beside_without("Never run the migrations without asking me first.")
    'Never run the migrations.'
    """
    rest = WITHOUT_CLOSES.sub("", WITHOUT_OPENS.sub("", sentence))
    if rest == sentence:
        return sentence
    rest = _CLAUSE_LEFT.sub(r"\1", re.sub(r"^[\s,;，、]+", "", rest))
    return _CLAUSE_CUT_MARK.sub("", rest).strip()


def _corrects_nothing(sentence: str) -> bool:
    """A rule only by a correction's words ("make it …", "actually", "should be") or a
    choice of one thing over another ("Pindahkan … daripada YAML ke TOML": from YAML to
    TOML): no ban, no denial, nothing turned down."""
    return (
        (is_correction(sentence) or chooses_instead(sentence))
        and not is_constraint(sentence)
        and not denial(sentence)
    )


def _opens(turn: Message, messages: Sequence[Message]) -> bool:
    """Whether ``turn`` is said before any word of the assistant's and any earlier turn of
    the user's: the session's opening request."""
    for m in messages:
        if m is turn:
            return True
        if m.role in ("user", "assistant") and not m.is_recap and m.text.strip():
            return False
    return False


# a rule's clause beside the task in one sentence: "Do X but don't touch Y" (the task
# before it; "Fix X without changing Y": :func:`beside_without`); "I don't want X; just do Y" (the task after it)
# (... or a rule or bound joined on by "and": "Port the backup job to GitHub Actions and keep
# the cron at 02:30 UTC", "Make the crate zero-copy and get the benchmarks back under 3 ms")
_RULE_AFTER = re.compile(
    r"(?i),?\s+(?:but\s+(?:do\s+not|don'?t|never|not)|and\s+(?:do\s+not|don'?t|never|"
    r"keep|stay|leave|make\s+sure|ensure|get\s+(?:[\w-]+\s+){1,4}?(?:back\s+)?(?:under|below|"
    r"within|above|over)))\b"
)
_TASK_AFTER = re.compile(r"(?i)[;:,]\s*(?:just|only|simply|instead)\b\s*")
# a request's clause before a colon, what it must come to after it (not a ban after it:
# "Please read this carefully: never push to main.")
_TASK_HEAD = re.compile(r"^\W*([^:：]{8,}?)[:：]\s+\S")


def sets_a_task(sentence: str) -> bool:
    """Whether a sentence that carries a rule also sets the task in a clause of its own:
    "Find out why X fails and fix it without changing the fixtures", "I don't want you to
    rewrite the modules; just bump the instance class" (R32-G2: the Goal was a later turn,
    or the status said before it).

    >>> sets_a_task("Fix the flaky login test without touching the fixtures.")
    True
    >>> sets_a_task("I don't want a rewrite; just bump the RDS instance class to db.r6g.xlarge.")
    True
    >>> sets_a_task("Never run the migrations without asking me first.")
    False
    """
    rest = beside_without(sentence)
    if rest != sentence and is_substantive(rest) and not is_rule(rest) and not asks(rest):
        return True  # "Fix X without changing Y" in any language
    head = _TASK_HEAD.match(sentence)
    if (
        head is not None
        and _names_the_task(head.group(1))
        and not denial(sentence[head.end() - 1 :])
    ):
        return True  # "Fix X in a.py: dates must be ISO." - the task, then how it must turn out
    after = _TASK_AFTER.search(sentence)
    if after is not None:
        task = sentence[after.end() :]
        if is_substantive(task) and not is_rule(task):
            return True
    before = _RULE_AFTER.search(sentence)
    if before is None or before.start() == 0:
        return False
    task = sentence[: before.start()]
    return is_substantive(task) and not is_rule(task) and not asks(task)


_TASK_WORDS = 2  # a task names what to work on: not "Please remember this: never …"


def _names_the_task(clause: str) -> bool:
    """A request that names what to work on, and no rule."""
    return is_request(clause) and not is_rule(clause) and len(keywords(clause)) >= _TASK_WORDS


def _sets_no_task(text: str) -> bool:
    """Greetings, thanks and small talk only ("Good morning team!", "Thanks for yesterday")."""
    said = sentences(without_code(text))
    return is_small_talk(text) or (
        bool(said) and all(_GREETING.match(x) or is_small_talk(x) for x in said)
    )


def _asked_what_to_do(turn: Message, messages: Sequence[Message], k: int) -> bool:
    """A user turn of greetings and questions only that the assistant answered by asking a
    question back, with no tool call: it set no task. A turn that asks for a task ("Can you
    migrate the billing service to Postgres 16?" - "Sure - staging or production first?")
    did set one (R17-R4)."""
    reply = next((m for m in messages[k + 1 :] if m.role != "system"), None)
    if reply is None or reply.role != "assistant" or reply.tool_calls:
        return False
    if not asks(reply.text.strip()):
        return False
    said = sentences(without_code(turn.text))
    # what is left past greetings, short questions and openers ("Mam dziś dla ciebie
    # zadanie.", "Kun je me vandaag helpen?": RT23-2) says a task
    told = [x for x in said if not _greets_or_opens(x)]
    if told and is_substantive(" ".join(told)):
        return False
    return bool(said) and all(asks(x) or _greets_or_opens(x) for x in said)


# the most words besides its task word of a sentence that only announces a task ("Маю для
# тебе задачу.", "Mam dziś dla ciebie zadanie."; not "Could you help me debug auth.py?")
_OPENER_WORDS = 4


def _greets_or_opens(sentence: str) -> bool:
    """A greeting, a few words, or a short sentence announcing a task without saying it."""
    if _GREETING.match(sentence) or word_count(sentence) <= 3 or unhurried(sentence):
        return True
    if extract_claims(sentence):  # it names a file, a number, a command: it says the task
        return False
    if not ANNOUNCES_A_TASK.search(sentence):
        return False
    return word_count(_PUNCTUATION.sub(" ", ANNOUNCES_A_TASK.sub(" ", sentence))) <= _OPENER_WORDS


_PUNCTUATION = re.compile(r"[^\w\s]")


# What the assistant says of a tool result it does not care about: "Unrelated noise,
# moving on.", "That's a flaky upstream, ignoring.", "Read it; nothing relevant there.",
# "This is only used by the admin path."
_DISMISS = re.compile(
    r"(?i)\b(?:unrelated|not related|irrelevant|not relevant|nothing (?:relevant|useful|"
    r"interesting|important|new|there|here|of (?:note|interest))|noise|noisy|flak(?:y|e|iness)|"
    r"ignor(?:e|ing)|red herring|dead end|not (?:the|our|a|an) (?:cause|culprit|problem|issue|"
    r"bug|concern)|known issue|pre-?existing|harmless|benign|can be ignored|only used (?:by|in|"
    r"for)|just (?:wires|re-?exports|forwards|wraps|glue|boilerplate|a (?:thin )?wrapper))\b"
)

# What the assistant says of a file it read and needs no more: "Read it, nothing to
# change.", "No changes needed there.", "Looks fine."
_READ_IDLE = re.compile(
    r"(?i)\b(?:nothing (?:to (?:change|fix|do|see)|needed|missing|wrong)|no (?:changes?|edits?|"
    r"fix(?:es)?) (?:needed|required|there|here)|(?:looks|seems|is) (?:fine|ok(?:ay)?|correct|"
    r"good|unchanged)\b|not (?:needed|used|involved)\b)"
)

# ... and of a file that mattered: where something is set, defined or goes wrong
_READ_TELLS = re.compile(
    r"(?i)\b(?:(?:is|are|gets?|got) (?:set|defined|configured|computed|built|parsed|read|"
    r"hard-?coded|declared|initiali[sz]ed|created|stored|handled|called)|lives? in|comes? from|"
    r"(?:that's|this is|here's|that is|this's) (?:where|why|the (?:bug|culprit|cause|problem))|"
    r"found (?:it|the)|the (?:bug|culprit|cause|problem) is|explains|root cause)\b"
)

# How often a command may run before it is a routine check ("pytest -q" after each edit)
_ROUTINE_RUNS = 3

_NAME_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _verdicts(messages: Sequence[Message]) -> dict[str, str]:
    """What the assistant said right after each tool result (by call id): its first text
    before the user speaks again."""
    out: dict[str, str] = {}
    pending: list[str] = []
    for m in messages:
        if m.tool_results:
            pending += [r.call_id for r in m.tool_results]
            continue
        if m.role == "user":
            pending = []
        elif m.role == "assistant" and m.text.strip() and pending:
            verdict = " ".join(sentences(m.text)[:2])
            out.update((cid, verdict) for cid in pending)
            pending = []
    return out


# words too common in file names and prose to say what a file is about
_PLAIN_NAMES = frozenset(
    {"the", "and", "for", "you", "not", "but", "all", "any", "can", "use", "new", "old", "get",
     "set", "run", "add", "our", "its", "has", "was", "are", "too", "now", "one", "two", "out",
     "off", "per", "via", "let", "see", "inde", "main", "init", "util", "test", "spec", "mod",
     "lib", "app", "src"}
)  # fmt: skip


def _only_sets(turn: str) -> bool:
    """A short turn that gives a setting a value, and says little else."""
    return bool(settings(turn)) and word_count(turn) <= _SETTING_TURN


_SETTING_TURN = 14


def _gives_a_value(said: str) -> bool:
    """A short statement giving a setting its value ("Last change: ttl_s = 30."), not
    asking for one: the user's constraint, whatever number it holds."""
    return _only_sets(said) and not asks(said)


def _stems(words: Sequence[str]) -> set[str]:
    stems = {w.casefold()[:4] for w in words if len(w) >= 3}
    return stems - _PLAIN_NAMES


def _name_stems(path: str) -> set[str]:
    """The words of a file's name ("SettingsPage.tsx": sett, page), stemmed."""
    stem = re.split(r"[/\\]", path)[-1].split(".", 1)[0]
    return _stems(_NAME_PARTS.findall(stem))


class _Sheet:
    """The sections as they are filled: each one's items in order, the items that are noise
    (left out first when bytes run short) and the keys items rank by for room."""

    def __init__(self, previous: Digest | None) -> None:
        self.sec: dict[str, list[str]] = {
            name: list(previous.items(name)) if previous else [] for name in SECTIONS
        }
        # a previous recap lists a command whose failure it shows under "Failures" only
        # ("`kubectl rollout undo …`: error: …"): it ran all the same, and once newer
        # failures take that line's room it would be in no section (R46-multi1: a kept
        # Preparer's recap lost the rollback a one-shot recap of the same list keeps)
        shown = commands_named(previous.sections) if previous else set()
        self.sec["Commands run"] += sorted(shown.difference(self.sec["Commands run"]))
        self.noise: dict[str, set[str]] = {name: set() for name in SECTIONS}
        # a previous recap's log-read records ("`journalctl …`: ERROR … cache miss") were
        # noise when the walk filed them; read back as plain lines they took the room a
        # one-shot recap gives the commands run and the files written (R50-ret2)
        self.noise["Findings"] = {i for i in self.sec["Findings"] if _logged_record(i)}
        self.keys: dict[str, dict[str, tuple[Any, ...]]] = {name: {} for name in SECTIONS}
        # every item ever filed: what a reader took out later was read, not lost
        self.filed: list[str] = []

    def add(self, name: str, item: str) -> None:
        item = item.strip()
        if item and item not in self.sec[name]:
            self.sec[name].append(item)
            self.filed.append(item)


def _logged_record(finding: str) -> bool:
    """Whether a finding read back from a recap is a log read's record: a command's line
    that reads as a failure ("`kubectl logs …`: ERROR …"), as the walk files a log read
    that ran fine."""
    what, sep, line = finding.partition("`: ")
    return bool(sep) and what.startswith("`") and bool(failure_lines(line))


def digest(
    messages: Sequence[Message],
    previous: Digest | None = None,
    history: Sequence[Message] | None = None,
) -> Digest:
    """Every kind of fact in ``messages`` (the whole record), extending ``previous``.
    ``history`` (the record up to the end of ``messages``) is where the goal is looked
    for when ``messages`` start mid-session. Each section is ranked for when not every
    item fits: failing tests before other failure lines, what the assistant dismissed
    ("unrelated", "flaky") last; specific commands before routine and looking-around
    ones; files read whose names the task talks about first.

    The steps, in order: the goal; the requests still open; the user's rules, less what
    the user overruled later; one walk over the record (what tools ran, read, wrote, did
    and failed, and what each turn said); then each section settled and ranked."""
    sheet = _Sheet(previous)
    record = history or messages
    users = _user_turns(messages)
    substantive = [u for u in users if is_substantive(u)]
    source = goal_message(record)
    often = running_talk(_user_turns(record))
    # (the session's opening request: "Actually, I need X fixed first." corrects nothing)
    opening = source is not None and _opens(source, record)
    first = _goal_words(source.text) if source is not None else ""
    task = _fill_goal(sheet, first, source, record, often, opening=opening)
    _add_restated_goal(sheet, substantive)
    # (with the chatter a dictated goal opened with: said, not to be listed again)
    goal_text = first[: len(first) - len(_past_chatter(first))] + " ".join(sheet.sec["Goal"])
    open_now = _fill_open_requests(sheet, messages, history, goal_text, first)
    nxt = _next_step(messages)
    placed = set(open_now) | ({nxt} if nxt else set())
    unrun = _never_ran([*record], placed)
    # (an opening turn read as rules only that the assistant set to work on is the task:
    # its sentence on the Goal line is no rule besides)
    worked_on = opening and source is not None and _all_rules(source, opening=True)
    leave = _fill_rules(
        sheet, messages, users, first, task, opening, placed, unrun, often, worked_on=worked_on
    )
    told, overruled, replaced = _drop_overruled(sheet, messages, history, users, first)
    for cancelling in _settle_open_requests(
        sheet, messages, history, told, replaced, leave.lifting
    ):
        sheet.add("Constraints and corrections", cancelling)  # what the user took back, said so
        placed.add(cancelling)
    _drop_stale_sentences(sheet, leave)
    walk = _Walk(sheet, messages, first, goal_text, placed, often)
    for i, m in enumerate(messages):
        walk.message(i, m)
    walk.finish()
    _settle_statements(sheet, walk.answered, record, overruled)
    _keep_what_was_said(sheet, messages, goal_text, placed, often)
    if nxt:
        sheet.sec["Next step"] = [_STEP_LABEL.sub("", nxt) or nxt]  # no "Next step: Next step: …"
    user_words = " ".join([first, *users])  # the goal's turn may be pinned, not covered
    urgent = _rank_files_read(sheet, walk, substantive, user_words)
    _rank_commands(sheet, walk, user_words)
    sec, keys = sheet.sec, sheet.keys
    if leave.lifts:  # when bytes run short, a lifted rule never stays without its lifting
        keys["Constraints and corrections"] = {
            item: (k - 1.5 if item in leave.lifts else k,)
            for k, item in enumerate(sec["Constraints and corrections"])
        }
    _passed_on_rerun(sec["Failures"], keys["Failures"], walk.failing_runs, walk.passed_last)
    _fixed_later(
        sec["Failures"],
        keys["Failures"],
        walk.failed,
        walk.passed_last,
        walk.passed_by,
        walk.rerun_by,
    )
    _posted_passed(sec["Failures"], keys["Failures"], walk.posted_passed)
    _rank_carried(sec["Failures"], keys["Failures"])
    tallied = [t for t in walk.tallied if t in sec["Numbers that matter"]]
    if tallied:  # what tools counted get bytes before the numbers said in passing
        keys["Numbers that matter"] = {
            item: (item not in tallied, item.startswith("Assistant: "), -k)
            for k, item in enumerate(sec["Numbers that matter"])
        }
    ranked = {name: _by_key(sec[name], k) for name, k in keys.items() if k and sec[name]}
    return Digest(
        {k: v for k, v in sec.items() if v},
        ranked,
        {k: frozenset(v) for k, v in sheet.noise.items() if v},
        {n: k for n, k in (("Files read", urgent), ("Numbers that matter", len(tallied))) if k},
        {rule: lift for rule, lift in leave.needs.items() if lift in leave.lifts}
        | {reply: offer for reply, offer in walk.replies.items() if offer in sec["Decisions"]},
    )


_PIVOT = re.compile(r"(?i)^\W*(?:(?:so|but|ok(?:ay)?)\W+)?(?:anyway|anyhow|moving on)\W*$")


def _past_pivot(said: list[str]) -> list[str]:
    """The goal's sentences after the talk a pivot ends ("So the weather here is so grey.
    Anyway. Plan my trip …"): from the sentence after a lone "Anyway.", when one follows."""
    at = next((k for k, x in enumerate(said[:-1]) if _PIVOT.match(x)), None)
    return said[at + 1 :] if at is not None else said


def _fill_goal(
    sheet: _Sheet,
    first: str,
    source: Message | None,
    record: Sequence[Message],
    often: Collection[str] = (),
    *,
    opening: bool = False,
) -> str:
    """File the Goal line from ``first`` (the own words of ``source``, the request that set
    the task) unless the recap extended already has one; return the sentence that sets the
    task (the goal, never a constraint), "" when none was filed. In the session's
    ``opening`` turn a sentence read as a rule by a correction's words only ("결제 웹훅
    처리기를 동기 방식에서 비동기 큐 방식으로 바꿔 주세요." - change it from sync to a queue,
    please) corrects nothing said before: it is the task, after a context sentence too."""
    if sheet.sec["Goal"] or not first:
        return ""
    said = _past_pivot(sentences(_past_chatter(first)))
    # (not "I must call my aunt", nor what the user says in every other turn; but the need
    # the goal's turn asks help with is its task: "Necesito organizar la colonoscopia …")
    said = [
        x
        for x in said
        if _asks_help(x) or (not personal_aside(x) and not only_said_often(x, often))
    ] or said
    said = _past_shared_files(said)
    labelled = next((k for k, x in enumerate(said) if GOAL_LABEL.match(x)), None)
    start = labelled if labelled is not None else _past_greetings(said)
    while start < len(said) - 1 and _background_only(said[start], said[start + 1]):
        start += 1  # "Some background first: …": the request after it (R22-R2)
    start = _past_listing(said, start)
    # "Morning. Goal for today: …": the goal, not "Morning."; three sentences, or the
    # whole of a short turn (Thai ends a clause with a space: "context context task")
    said = said[start:] if _short_turn(first) else said[start : start + 3]
    said = [x for x in said if not x.endswith(":")] or said  # not "Here is the draft:"
    # (nor a pasted log's line after the request: "10:00:52 DEBUG sessions.stg rows=…")
    said = said[:1] + [x for x in said[1:] if not _STAMPED.match(x)]
    task = said[0] if said else ""
    # the goal's rules go under constraints, once
    # (a later sentence asking for something once the task is done, "When you are done,
    # post the PR link in #releases.", is a request left open, not the task)
    told = [
        x
        for k, x in enumerate(said)
        if k == 0
        or (
            not _asked_once_done(x, " ".join(said[:k]))
            and (
                not is_rule(x)
                or sets_a_task(x)
                or (opening and _corrects_nothing(beside_without(x)))
            )
        )
    ]
    # the opening announced it; the answer to "Where and when?" said it
    goal_told = goal_answer(record, source)
    if goal_told is not None:
        told += [x for x in sentences(_goal_words(goal_told.text))[:3] if not is_rule(x)]
    sheet.add(
        "Goal", _goal_line(GOAL_LABEL.sub("", x) if k == 0 else x for k, x in enumerate(told))
    )
    # (the sentence as the turn said it, chatter and all: the rules read the turn's own)
    return next((x for x in sentences(first) if task and task in x), task)


def _add_restated_goal(sheet: _Sheet, substantive: Sequence[str]) -> None:
    """File the newest turn that restates the task as a second Goal line."""
    # (not a permission: "Change of plan: you may write to raw.backfill_tmp" lifts a rule)
    # (nor a setting's new value: "Change of plan: X should be 10." is no new task: RT26-1)
    restated = [
        u for u in substantive[1:] if restates_task(u) and not LIFTS.search(u) and not _only_sets(u)
    ]
    # (a restatement that says the goal again word for word, "to be clear the main thing
    # is still: <the goal>", adds nothing to the Goal line: R33-G2)
    if restated and not _repeats(restated[-1], sheet.sec["Goal"]):
        sheet.add("Goal", clip(GOAL_LABEL.sub("", restated[-1]), 400))


def _fill_open_requests(
    sheet: _Sheet,
    messages: Sequence[Message],
    history: Sequence[Message] | None,
    goal_text: str,
    first: str,
) -> list[str]:
    """File the user's requests still open and return them."""
    # a request said in the turns kept verbatim after these is open too, and one those turns
    # answered is not: the recap says what is still asked of the model
    # (a choice the user settled, "Let's keep pg_dump for now.", is a decision, not a request)
    # (nor is one a later call carried out: "Pin react-router-dom to 6.22.3." and then
    # `npm install react-router-dom@6.22.3` - done, whatever was said of it: R34-R4)
    record = [*messages, *_after(messages, history)]
    requested = _open_requests(record)
    # (what the goal's turn asks once the task is done, read by its shape: open too)
    told = sentences(first)
    requested += [
        x
        for k, x in enumerate(told)
        if k
        and _asked_once_done(x, " ".join(told[:k]))
        and x not in requested
        and not reported_done_in(x, record)
    ]
    done = carried_out(requested, record)
    open_now = [
        r
        for r in requested
        if r not in goal_text
        and not settles_a_choice(r)
        and not dated_plan(r)
        and r not in done
        and not _asks_nothing_after_all(r)
        # (an owner named, whatever verb the area's label is: "Deploy: Amina Bello is
        # responsible; …" is a standing rule, no work asked)
        and not owner_by_shape(r)
    ]
    for request in open_now:
        sheet.add("Open requests", request)
    return open_now


def _asked_once_done(sentence: str, before: str) -> bool:
    """A later sentence of the goal's turn that asks for something on a condition, by its
    words or its shape alone (a clause, its comma, what to do): after the task, such a
    sentence is what to do once it is done ("Cum perfeceris, nexum ad PR in #releases
    pone."), a request left open, not the task. Not when its clause points back at what
    the turn said ``before`` it, naming a word of it: that frames the task ("Daripada fail
    yang dilampirkan, semak …": from the attached file, check …). Nor when it names nothing
    to send or work on - a path, a channel, a handle, a number: read by its shape alone,
    "<please>, fix it and make the tests pass." goes on with the task the turn set."""
    if waits_for(sentence):
        return True
    if not waits_by_shape(sentence) or _asks_nothing_after_all(sentence):
        return False
    return names_something(sentence) and not keywords(opening_clause(sentence)) & keywords(before)


def _asks_nothing_after_all(request: str) -> bool:
    """A sentence read as a request on a condition by its shape only (a clause, a comma,
    what follows) that says a rule ("Bellek ayırmada malloc kullanma, sadece statik
    tamponlar.") or talk ("Sem pressa, pode ir com calma.") in a language read."""
    return waits_by_shape(request) and (is_rule(request) or unhurried(request) or is_reply(request))


class _Leave:
    """The permissions the user gave: those lifting a rule as listed (``lifts``) and as
    said (``lifting``, with leave given outright), and per lifted rule the newest
    permission lifting it (``needs``)."""

    def __init__(self) -> None:
        self.lifts: set[str] = set()
        self.lifting: set[str] = set()
        self.needs: dict[str, str] = {}


def _said_in(turn: str, first: str) -> Sequence[str]:
    """A user's turn sentence by sentence when it is the goal's (its task apart), else
    what it states (:func:`_statements`)."""
    return sentences(turn) if turn == first else _statements(turn)


def _without_asides(said: str, often: Collection[str] = ()) -> str:
    """``said`` less its sentences that are only the user's own to-dos or what someone keeps
    telling them (:func:`.rules.personal_aside`), the talk they say again and again
    (``often``: :func:`.wording.said_often`) or open as a change of topic
    (:func:`.wording.opens_an_aside`), when something else is left."""
    told = sentences(said)
    own = [
        s
        for s in told
        if not personal_aside(s)
        and not only_said_often(s, often)
        and not (opens_an_aside(s) and not is_rule(s))  # "Vabbè, ho dormito quattro ore."
    ]
    joint = "" if said.rstrip().endswith(_UNSPACED_ENDS) else " "
    return joint.join(own) if own and len(own) < len(told) else said


def _fill_rules(
    sheet: _Sheet,
    messages: Sequence[Message],
    users: Sequence[str],
    first: str,
    task: str,
    opening: bool,
    placed: set[str],
    unrun: Collection[str],
    often: Collection[str] = (),
    *,
    worked_on: bool = False,
) -> _Leave:
    """File the user's constraints and corrections (rules, deadlines, settings' values,
    commands they named and no call ran, a paste's listed rules) and the permissions
    beside the rules they lift; add each to ``placed``. ``worked_on``: the goal's turn read
    as rules only, and ``task`` is the task all the same (:func:`_set_to_work`)."""
    rules = sheet.sec["Constraints and corrections"]
    leave = _Leave()
    kept, looked_into = _kept_off(messages)
    # (what the record said ahead of a sentence, its calls' arguments too: a value set
    # against one said or used there corrects it, though no call took the new one up yet)
    record = "\n".join(t for m in messages for t in (m.text, *(c.arguments for c in m.tool_calls)))
    told = "\n".join(m.text for m in messages if m.role == "user")  # (the user's own words)
    work = _Work(messages)
    for u in users:
        if is_nudge(u):
            continue
        listed = listed_rules(u)  # a list the user gave as rules: each item binds
        for item in listed:
            sheet.add("Constraints and corrections", clip(item, 300))
            placed.add(item)
        turn = _said_in(u, first)
        for k, said in enumerate(turn):
            # (a rule as one item of a list the user wrote: filed without its marker)
            s = LIST_MARK.sub("", said) if said != task else said
            if s != said:
                placed.add(said)
            if s in listed or (listed and s.endswith(":")):
                continue  # (not "Rules for today, please stick to them:", the list's head)
            if s == task and (
                (not RULE_OPENING.search(s) and not task_rule(s))
                or (opening and _corrects_nothing(s))
                or worked_on
            ):
                continue  # "… so that retried POSTs never double-charge a card": the goal
            lifted = lifted_rule(s, rules)
            # (its kind read without a check-back or aside it ends with, "… — ok?", "… (btw the
            # CI is slow)"; filed with the user's whole words)
            core = without_check_back(s)
            then = turn[k + 1] if k + 1 < len(turn) else ""
            told_as_two = _told_as_two(core, then, record, told, work)
            if lifted is not None:  # said beside the rule it lifts, never cut before it
                item = clip(s, 300)
                if item not in rules:
                    rules.insert(rules.index(lifted) + 1, item)
                leave.needs[lifted] = item
                leave.lifts.add(item)
                leave.lifting.add(s)
                placed.add(s)
            elif grants_leave(core) or spares_a_step(core):
                # ("You may force-push.", "No need to touch the README.": the user's word, no
                # request nor deed)
                sheet.add("Constraints and corrections", clip(s, 300))
                leave.lifting.add(s)
                placed.add(s)
            elif (
                not _only_decides(core)
                and (
                    (
                        _states_a_rule(core)
                        and not weighs_two_values(core)
                        and not (s in looked_into and not _states_a_rule(core, by_shape=False))
                    )
                    or s in unrun
                    or sets_deadline(core)
                    # (not a value named in a request still open to write a file: "<today>,
                    # `CHANGELOG.md` <about> release 2.3 <write>." answered "Will add the
                    # changelog entry."; "<please set> batch_size to 384." is a setting)
                    or (
                        _gives_a_value(core)
                        and not weighs_two_values(core)
                        and not (s in placed and _names_a_file(s))
                    )
                    or _SETS_A_TIMEOUT.match(
                        core
                    )  # a limit, not a number: "Timeout isizidi sekunde 45."
                    or configures_anew(core, work.before(s))
                    or replaces_said_value(
                        core,
                        record[: max(record.find(s), 0)],
                        told[: max(told.find(s), 0)],
                    )
                    or sets_a_value_said_first(core, record[: max(record.find(s), 0)])
                    or sets_one_of_two(
                        core,
                        record[: max(record.find(s), 0)],
                        told[: max(told.find(s), 0)],
                        _answer_to(s, work),
                    )
                    or sets_two_phrases(core, told[: max(told.find(s), 0)])
                    or answers_with_another_value(core, work.before(s, answered=True))
                    or sets_anew_a_value_the_work_set(core, work.before(s))
                    or told_as_two
                    or _swapped_and_taken_up(core, work, record, told)
                    or _taken_up_instead(core, work, told)
                    or _pin_kept(core, work, record[: max(record.find(s), 0)])
                    or _pin_written_after(core, work)
                    or _labelled_owner_worked_on(core, work)
                    or _short_owner_worked_on(core, work)
                    or _owner_noted(core, work)
                    or s in kept
                    or core in kept
                    or not kept.isdisjoint(sentences(s))  # (a short turn, read as one statement)
                )
            ):
                # (a deadline is a constraint with its date, not a number: RT22-21; a
                # setting's value, its newest only, too: RT26-2), less the to-dos of the
                # user's own said beside it ("I must call my aunt back. Dad is vegetarian.")
                rule = _without_asides(s, often)
                if then and (told_as_two or _goes_on(s, then)):  # (no space after "。")
                    rule = f"{rule}{'' if rule.endswith(_UNSPACED_ENDS) else ' '}{then}"
                    placed.add(then)
                sheet.add("Constraints and corrections", clip(rule, 300))
                placed.add(s)
            elif (
                replaced := _corrects_what_was_just_said(
                    core, work, record[: max(record.find(s), 0)]
                )
            ) is not None:
                _file_short_correction(sheet, s, replaced)
                placed.update((s, replaced))
    for m in messages:  # the rules a user's paste lists ("- Do not edit src/generated/ …")
        if m.role == "user" and not m.is_recap and not m.tool_results:
            for rule in pasted_rules(m.text):
                sheet.add("Constraints and corrections", clip(rule, 300))
                placed.add(rule)
    return leave


def _corrects_what_was_just_said(sentence: str, work: _Work, before: str) -> str | None:
    """A short reply that sets a new value against one of its kind just said, by shape in
    any language (:func:`.rules.value_of_a_short_reply`): "Нә — Star." after "… принтер
    Epson TM-T20.", "ኣይፋል — 3.5." after "Flow threshold 2.5 …", "Déedéet, af-south-1."
    after "SUPABASE_REGION=eu-west-3 la.". A value of words needs the work after to take
    it up (a call or the assistant's words naming it, ``escpos_star.py``), a name in
    capitals besides another name in the turn it answers: "Bravo!" or "jërëjëf" sets
    nothing. Returns the user's sentence that named the replaced value ("" when none did:
    "Nonsi, staging." answering the assistant's question), None for no such reply.
    ``before``: the record ahead of ``sentence``, where a new value was never said."""
    value = value_of_a_short_reply(sentence)
    if value is None or whole_token(before.casefold(), value.casefold()):
        return None
    user, assistant = work.just_said(sentence)
    if not assistant and value_of_a_short_reply(user) is not None:
        return None  # (short turns unanswered in a row, "continue 0", "continue 1": nudges)
    # A reply to the assistant's question answers that question, not the user's older
    # sentence: "Telegram." after "… e-mail or a messenger?" corrects no "Grafana 11 …",
    # nor "Opsgenie." after "… PagerDuty or something else? Tests are green." (review59b).
    asked = any(asks(s) for s in sentences(assistant))  # (wherever the question sits)
    answered = assistant if asked else f"{user}\n{assistant}"
    kind = kind_said_before(value, answered)
    if kind is None:
        capitalised = value[:1].isupper()
        if not _taken_up(value, work, sentence) or (
            capitalised and not names_another_name(value, assistant if asked else user)
        ):
            return None
        if not capitalised:
            return ""
    elif not kind:
        return None
    if asked:
        return ""
    return next(
        (
            s
            for s in reversed(sentences(user))
            if kind_said_before(value, s) or (kind is None and names_another_name(value, s))
        ),
        "",
    )


def _names_a_file(sentence: str) -> bool:
    """Whether ``sentence`` names a path or a file ("`CHANGELOG.md`")."""
    return any(f.kind == "path" for f in extract_claims(sentence))


def _taken_up(value: str, work: _Work, sentence: str) -> bool:
    """Whether the work after the user's ``sentence`` names each word of ``value``, in a
    call (a path's piece too: "star" of ``escpos_star.py``) or the assistant's words, or a
    word with its stem ("emulators" for "emulatori")."""
    later = [
        *work.calls_after(sentence),
        *(m.text.casefold() for m in work.after(sentence) if m.role == "assistant"),
    ]
    pieces = set(re.findall(r"[^\W_]+", "\n".join(later)))
    return all(
        any(p == w or (len(w) >= _STEM_LEAST and p.startswith(w[:-2])) for p in pieces)
        for w in re.findall(r"[^\W_]+", value.casefold())
    )


_STEM_LEAST = 6  # a word long enough that its last two letters are an ending


def _file_short_correction(sheet: _Sheet, reply: str, replaced: str) -> None:
    """File a short reply's correction with the sentence whose value it replaced, in that
    sentence's place when it stood as a rule, and out of the open requests it was taken
    for ("I derivati sò in WebP." then "AVIF.": one correction, no request)."""
    rules = sheet.sec["Constraints and corrections"]
    joined = f"{replaced} {reply}"
    # (one item when a reader of the recap cuts it back into the user's two turns, each
    # traced to its own; else the two side by side: "ኢዩ።" ends no sentence read)
    together = replaced and sentences(joined)[-1] == reply
    items = [clip(joined if together else reply, 300)]
    if replaced and not together:
        items.insert(0, clip(replaced, 300))
    at = rules.index(replaced) if replaced in rules else len(rules)
    rules[at : at + (replaced in rules)] = [i for i in items if i not in rules or i == replaced]
    sheet.filed += items
    if replaced in sheet.sec["Open requests"]:
        sheet.sec["Open requests"].remove(replaced)


def _told_as_two(sentence: str, then: str, record: str, told: str, work: _Work) -> bool:
    """A correction told as two short sentences, the old value set aside in one and the new
    taken up in the next ("Python 3.10 гьечӀо. Python 3.12.7 хьвагьа."): read as the one
    sentence a clause break would make of them (:func:`.rules.sets_one_of_two`,
    :func:`.rules.sets_two_phrases`). ``then``: the sentence said next in the turn, if any
    (a short turn comes as one statement, both sentences in ``sentence``)."""
    told_apart = sentences(f"{sentence} {then}" if then else sentence)
    if len(told_apart) != 2:
        return False
    # (the second sentence's capital is the sentence's, not a name's, once they are one)
    second = told_apart[1]
    if second[:1].isupper() and second.split()[0][1:].islower():
        second = second[:1].lower() + second[1:]
    joined = f"{told_apart[0].rstrip(' .!。')}; {second}"
    before = told[: max(told.find(sentence), 0)]
    return sets_one_of_two(
        joined, record[: max(record.find(sentence), 0)], before, _answer_to(sentence, work)
    ) or sets_two_phrases(joined, before)


def _swapped_and_taken_up(sentence: str, work: _Work, record: str, told: str) -> bool:
    """A correction of a tool's name in small letters (:func:`.rules.names_swapped_in`)
    that the assistant took up: a new name it set named again after it, in its words or a
    call ("Ehara i te gzip, whakamahia te zstd taumata 9." then `zstd -9 out.csv`)."""
    where = record.find(sentence)
    new = names_swapped_in(sentence, record[: max(where, 0)], told[: max(told.find(sentence), 0)])
    if not new or where < 0:
        return False
    after = [
        text
        for m in work.after(sentence)
        if m.role != "user"
        for text in (m.text, *(c.arguments for c in m.tool_calls))
    ]
    return any(whole_token(text, name) for text in after for name in new)


def _answer_to(sentence: str, work: _Work) -> str:
    """What the assistant said and the calls it made after the user's turn that said
    ``sentence``, until the user spoke again: its answer."""
    return "\n".join(
        text
        for m in takewhile(lambda m: m.role != "user", work.after(sentence))
        for text in (m.text, *(c.arguments for c in m.tool_calls))
    )


class _Work:
    """What the work said - the assistant's words, its calls' arguments and their output -
    read once for a record: what it said before a user's turn, and since the user spoke
    last (what the turn answers); what came after the turn, and the calls made after it.
    (Each of a long chat's sentences read the record again for these: quadratic.)"""

    def __init__(self, messages: Sequence[Message]) -> None:
        self.messages = messages
        self._calls: list[str] = []  # every call's arguments, casefolded, read on first ask
        self._calls_at: list[int] = []  # how many calls messages before message k made
        self._worked_on: str | None = None
        self._at: list[int] = []  # the work's characters said before message k
        self._since: list[int] = []  # ... before the user's turn ahead of message k
        self._turns: dict[str, int | None] = {}
        parts: list[str] = []
        size = since = 0
        for m in messages:
            self._at.append(size)
            self._since.append(since)
            if m.role == "user":
                since = size
                continue
            part = "\n".join((m.text, *(c.arguments for c in m.tool_calls))) + "\n"
            parts.append(part)
            size += len(part)
        self._text = "".join(parts)

    def _turn(self, sentence: str) -> int | None:
        """Where the user's turn that said ``sentence`` is (None when no turn did)."""
        if sentence not in self._turns:
            self._turns[sentence] = next(
                (k for k, m in enumerate(self.messages) if m.role == "user" and sentence in m.text),
                None,
            )
        return self._turns[sentence]

    def before(self, sentence: str, *, answered: bool = False) -> str:
        """What the work said before the user's turn that said ``sentence`` ("" when no
        turn did); with ``answered``, only since the user spoke last."""
        k = self._turn(sentence)
        if k is None:
            return ""
        return self._text[self._since[k] if answered else 0 : self._at[k]]

    def after(self, sentence: str) -> Sequence[Message]:
        """The messages after the user's turn that said ``sentence`` (none when no turn
        did)."""
        k = self._turn(sentence)
        return () if k is None else self.messages[k + 1 :]

    def just_said(self, sentence: str) -> tuple[str, str]:
        """What the user's turn that said ``sentence`` answers: the user's turn before it
        and the assistant's words since ("", "" when no turn said it)."""
        k = self._turn(sentence)
        if k is None:
            return "", ""
        user, between = "", []
        for m in reversed(self.messages[:k]):
            if m.role == "user":
                user = m.text
                break
            if m.role == "assistant":
                between.append(m.text)
        return user, "\n".join(reversed(between))

    def calls_after(self, sentence: str) -> list[str]:
        """The arguments of the calls made after the user's turn that said ``sentence``, in
        their order, casefolded."""
        k = self._turn(sentence)
        if k is None:
            return []
        if not self._calls_at:
            for m in self.messages:
                self._calls_at.append(len(self._calls))
                self._calls += [c.arguments.casefold() for c in m.tool_calls]
        return self._calls[self._calls_at[k + 1] :] if k + 1 < len(self.messages) else []

    def worked_on(self) -> str:
        """The arguments of every call, one a line, casefolded."""
        if self._worked_on is None:
            self._worked_on = "\n".join(
                c.arguments for m in self.messages for c in m.tool_calls
            ).casefold()
        return self._worked_on


_TAKEN_UP_CHARS = 3  # a value the next calls name: not a lone digit ("7" is in many a call)


def _taken_up_instead(sentence: str, work: _Work, told: str) -> bool:
    """A value corrected though said only there ("Ku nga ri lz4, tirhisa brotli hi
    khwalithi 7.", "Node 18 no — Node 22.11.0.": :func:`.rules.swapped_values`) that the
    assistant replaced: the first later call naming a value of the new clause (``brotli -q
    7``, ``nvm use 22.11.0``) names none of the old. Of each clause only the values the
    user said nowhere else count (words of their language come again: "use", "not")."""
    old, new = (frozenset(v.casefold() for v in vs) for vs in swapped_values(sentence))
    elsewhere = told.replace(sentence, " ").casefold()
    own_old = {v for v in old if not _names_value(elsewhere, v)}
    own_new = {v for v in new if len(v) >= _TAKEN_UP_CHARS and not _names_value(elsewhere, v)}
    if not own_old or not own_new:
        return False
    first = next(
        (a for a in work.calls_after(sentence) if any(_names_value(a, v) for v in own_new)),
        None,
    )
    return first is not None and not any(_names_value(first, v) for v in old)


def _names_value(text: str, value: str) -> bool:
    """Whether ``text`` names ``value`` whole: "18" is not in "18.19", nor "lz4" in "lz4hc"."""
    return whole_token(text, value, r"(?<![\w.])", r"(?!\.?\w)")


def _pin_kept(sentence: str, work: _Work, before: str) -> bool:
    """A package's version the user said beside its name (:func:`.rules.pinned_versions`):
    a pin, whether or not the assistant acted on it yet - unless the record used that
    version before (a status, a comparison of what ran: "psycopg 3.1.18 ran fine
    yesterday") or a later call wrote the name with another version (what the user told
    was what had run). A later call writing the two together (``pip install
    psycopg==3.1.18``, ``"psycopg": "3.1.18"``, ``psycopg@3.1.18``) settles it."""
    pairs = pinned_versions(sentence)
    if not pairs:
        return False
    calls = work.calls_after(sentence)
    written = {
        name: [m.group(1) for a in calls for m in _written_versions(name).finditer(a)]
        for name, _ in pairs
    }
    if any(version in written[name] for name, version in pairs):
        return True
    version = pairs[0][1]
    return not _names_value(before, version) and not any(written.values())


def _pin_written_after(sentence: str, work: _Work) -> bool:
    """A package and its version the user named in one clause, in whatever words
    (:func:`.rules.versions_named`: "Ka bar httpx a kan sigar 0.27.2 kawai."), that the
    first later call writing that package with a version wrote together (``pip install
    httpx==0.27.2``): a pin the assistant took up, not a number. A call that wrote another
    version first says what the user told was what had run."""
    calls = work.calls_after(sentence)
    for name, version in versions_named(sentence):
        first = next((m.group(1) for a in calls for m in _written_versions(name).finditer(a)), None)
        if first == version:
            return True
    return False


@lru_cache(maxsize=256)
def _written_versions(name: str) -> re.Pattern[str]:
    """A package's name written with a version after it, the version grouped."""
    return re.compile(
        rf"(?<![\w-]){re.escape(name.casefold())}\W{{1,6}}v?(\d+(?:\.\d+)+)(?![\d.]*\d)"
    )


# a name an area's words give that a call may work on: a path, a service, a module
# ("src/billing/", "deploy"; "src/billing/" of Zulu "I-src/billing/"), not a short word of
# the user's language
_AREA_NAME = re.compile(r"[A-Za-z][\w./]*[\w/](?<=[\w./]{4})")


def _owner_noted(sentence: str, work: _Work) -> bool:
    """A person named once as the owner of an area (:func:`.rules.owner_area`) the record
    works on - a call's arguments name it, or another turn of the user's names it
    as a path or an identifier (``ls src/billing/`` before "src/billing/ mooy liggéeyu Awa
    Ndiaye: …") - whatever the assistant answered, or if it did not: a standing rule; so is
    an owner of a path no call went to yet, unless the answer took it as news; or of
    another area, that the assistant's answer took note of calling no tool (which still
    reads "This morning Maria Rossi wrote: the printer works again." as an owner)."""
    area = owner_area(sentence)
    if not area or passes_on_words(sentence):
        return False  # (no owner: "This morning Maria Rossi wrote: src/printing/ works again.")
    worked_on = work.worked_on()
    told = "\n".join(m.text for m in work.messages if m.role == "user" and not m.tool_results)
    elsewhere = told.replace(sentence, " ").casefold()
    # (a capitalised word opens the sentence, "This morning …", or names no area of code)
    named = [n.casefold() for n in _AREA_NAME.findall(area) if not n[0].isupper()]
    if any(
        whole_token(worked_on, w) or (_IDENTIFIER_MARK.search(w) and whole_token(elsewhere, w))
        for w in named
    ) or any(_a_path_piece(worked_on, w.casefold()) for w in _AREA_NAME.findall(area)):
        return True
    answer = list(takewhile(lambda m: m.role != "user", work.after(sentence)))
    # (a path in someone's care, a rule said after it: a standing rule though no call went
    # there yet - "Kagiso Sebego o tlhokomela src/payments/; mo botse pele." - unless the
    # assistant took it as news, "Good to hear.")
    # (so is an owner a label or their own clause names, "Deploy: Amina Bello is responsible;
    # …", "Musa Danjuma … DNS; ask him first": no story reads so)
    if (any("/" in w for w in named) or owner_by_shape(sentence)) and not any(
        TAKEN_AS_NEWS.match(m.text) for m in answer if m.role == "assistant"
    ):
        return True
    # (of an area the record names nowhere else: a rule when the assistant's answer took note
    # of it, calling no tool)
    return bool(answer) and not any(m.tool_calls for m in answer)


def _labelled_owner_worked_on(sentence: str, work: _Work) -> bool:
    """An owner named after their area as a label and a comma ("Deploy, Chidi Okeke na-ahụ
    maka ya.": :func:`.rules.owner_after_comma_label`) when the record's calls name that
    area - a story opening on a time ("Jiya, Musa Bello …") has a label no call names -
    and the assistant did not take it as news."""
    area = owner_after_comma_label(sentence).casefold()
    if not area:
        return False
    worked_on = work.worked_on()
    answer = takewhile(lambda m: m.role != "user", work.after(sentence))
    return whole_token(worked_on, area) and not any(
        TAKEN_AS_NEWS.match(m.text) for m in answer if m.role == "assistant"
    )


def _short_owner_worked_on(sentence: str, work: _Work) -> bool:
    """A person named by full name in a short sentence with an area the record's calls work
    on as a folder (:func:`.rules.areas_of_a_short_owner`: "Tom Okafor handles the billing
    part." and ``ruff check src/billing``; not "the" of a commit message), in any language:
    who owns that area is a standing rule, unless the assistant took it as news."""
    areas = areas_of_a_short_owner(sentence)
    if not areas:
        return False
    worked_on = work.worked_on()
    answer = takewhile(lambda m: m.role != "user", work.after(sentence))
    return any(_a_path_piece(worked_on, a) for a in areas) and not any(
        TAKEN_AS_NEWS.match(m.text) for m in answer if m.role == "assistant"
    )


# (what a path or an identifier has and a word of the user's language has not)
_IDENTIFIER_MARK = re.compile(r"[/._\d]")


def _a_path_piece(worked_on: str, word: str) -> bool:
    """Whether the calls' arguments ``worked_on`` name ``word`` as a folder or a channel
    ("src/billing/", "#billing"): an area the record works on, though the user's sentence
    opens with it capitalised ("Billing-ду харгиси …")."""
    return whole_token(worked_on, word, r"(?<=[/#])", r"(?![\w-])") or whole_token(
        worked_on, word, r"(?<![\w-])", r"(?=/)"
    )


def _kept_off(messages: Sequence[Message]) -> tuple[set[str], set[str]]:
    """The user's short clauses naming a path that the assistant then kept off
    (:func:`.rules.kept_off`): a rule by what was done after it, in any language; and the
    user's sentences naming a path the assistant's answer then called a tool on: looked
    into, as a status is ("Na build ena src/api/ e sega ni cakacaka." - the build in
    src/api/ does not work - denies by its shape only, and is no rule)."""
    calls = [(k, c.arguments) for k, m in enumerate(messages) for c in m.tool_calls]
    users = [k for k, m in enumerate(messages) if m.role == "user" and not m.tool_results]
    kept: set[str] = set()
    looked_into: set[str] = set()
    answers = [k for k, m in enumerate(messages) if m.role == "assistant"]
    for k, end in pairwise([*users, len(messages)]):
        if messages[k].is_recap or not names_a_path(messages[k].text):
            continue
        if not answers or answers[-1] < k:
            # (the span read ends before the assistant answered: a compaction cut after the
            # user's turn, its answer kept verbatim after the recap. Nothing here says what was
            # done with the path - "please look at docs/guide.md too" is no rule for want of
            # an answer the record holds further on)
            continue
        told = sentences(_own_words(messages[k].text))
        answered = "\n".join(a for j, a in calls if k < j < end)
        named = {
            s: [bare_path(f.value) for f in extract_claims(s) if f.kind == "path"] for s in told
        }
        looked_into |= {s for s, paths in named.items() if any(p in answered for p in paths)}
        turn = messages[k + 1 : end]
        reply = " ".join(m.text for m in turn if m.role == "assistant")
        after = "\n".join(a for j, a in calls if j > k)
        for s in told:
            # (what else the turn asked, on its other paths)
            others = {p for o in told if o != s for p in named[o]} - set(named[s])
            answer = Answer(
                reply,
                _said_before_a_call(turn),
                answered,
                after,
                did_the_rest=any(p in answered for p in others),
            )
            if kept_off_while_working(s, answer):
                kept.add(s)
    return kept, looked_into


def _said_before_a_call(turn: Sequence[Message]) -> str:
    """The assistant's words in ``turn`` up to its first tool call ("Got it." before it
    goes on working)."""
    said: list[str] = []
    for m in turn:
        if m.role == "assistant":
            said.append(m.text)
        if m.tool_calls:
            break
    return " ".join(said)


def _only_decides(said: str) -> bool:
    """Whether ``said`` settles a plan ("Fechado, vamos propor prazo de pagamento de 45
    dias.", "Kami sepakat batas waktu ekspor adalah 90 detik.": :func:`.decisions.decides`)
    and states no rule beside it: a decision,
    filed under Decisions by the walk, not a deadline or a value under Constraints (R41-R3)."""
    return any(map(decides, sentences(said))) and not _states_a_rule(said)


# tests a runner was told to expect to fail: pytest's "1 xfailed" / "XFAIL", Jest's and
# Vitest's "todo", RSpec's "pending"
_EXPECTED_TO_FAIL = re.compile(r"\b\d+ xfailed\b|\bXFAIL\b|\b\d+ (?:todo|pending)\b")

# the sentence ends of scripts written without a space after them
_UNSPACED_ENDS = ("。", "！", "？")


def _goes_on(rule: str, then: str) -> bool:
    """Whether the sentence said right after a ban goes on with it: what to do instead,
    asked of the listener ("答えをすぐに教えないでください。まずヒントだけにしてください。" -
    don't give the answer, hints first: cut after its first sentence, the rule lost its half,
    R41-R4), not a ban of its own (filed by itself) nor a question. (What to do instead may
    read as a rule itself, "まずヒントだけにしてください" since the fit reads 〜だけにしてください
    as one: said on in a script written without spaces, it still goes with the ban it
    completes; "Never force-push to main. Always sign your commits." stays two rules.)"""
    run_on = rule.endswith(_UNSPACED_ENDS) and is_rule(then)
    return (
        is_constraint(rule)
        and (not denial(then) if run_on else is_request(then) and not is_rule(then))
        and not asks(then)
        and not is_nudge(then)
    )


def _drop_overruled(
    sheet: _Sheet,
    messages: Sequence[Message],
    history: Sequence[Message] | None,
    users: Sequence[str],
    first: str,
) -> tuple[list[str], set[str], dict[str, str]]:
    """Take out of the constraints what the user overruled later and file each value
    given again in its newest form. Returns what the user said, in order (the turns shown
    after the recap too), what was overruled, and the values replaced (old -> new)."""
    rules = sheet.sec["Constraints and corrections"]
    # an instruction the user overruled later is no constraint: "Actually no, insist on New
    # York law." once the user said "Scratch that, accept Delaware after all."
    # (not a list item's bare number: "1." and "3." of a numbered list set no value)
    told = [
        s for u in users if not is_nudge(u) for s in _said_in(u, first) if not _BARE_MARK.match(s)
    ]  # in order
    recapped = len(told)  # (what follows is shown verbatim after the recap)
    # ... also in the turns shown after the recap: a value listed here that a kept turn set
    # again would stand beside it as a rule ("Actually make X 14." … "Final answer on X: 21.",
    # the final turn kept verbatim: R23-R1)
    told += [s for u in _user_turns(_after(messages, history)) for s in _statements(u)]
    # (a rule said in a turn is read where it was said, not also ahead of every turn: there
    # "Scratch that, read the id with 0x9F, not 0x90." stood before the goal's "fall back to
    # the old part id", read as a return to it, and was taken back by its own later copy)
    said_in_turns = set(told)
    said = [*(r for r in rules if r not in said_in_turns), *told]
    # ... nor a setting's value the user set again later ("Final answer: set X to 2.")
    reset = {clip(x, 300) for x in reset_later(said)}
    overruled = {clip(x, 300) for x in overruled_by_later(said)} | reset
    # ... nor a choice a later correction turned down by name ("…, not Celery beat.")
    overruled |= {clip(x, 300) for x in turned_down_later(said)}
    # ... nor a value given again differently ("Set the timeout to 30s." … "Make it 45s." …
    # "Actually 60s.": review30), which stands in its newest form, listed as a correction
    replaced = superseded_values(told)
    overruled |= {clip(x, 300) for x in replaced}
    # ... nor a leave the user took back ("Tu peux supprimer tmp/." … "Finalement, ne
    # supprime pas tmp/."), in any section
    leaves = [k for k, x in enumerate(told[:recapped]) if lifts_something(x)]
    if leaves:  # (the rules said after the first leave: each leave reads those after it)
        bans = [(j, x) for j, x in enumerate(told) if j > leaves[0] and is_rule(x)]
        overruled |= {
            clip(told[k], 300)
            for k in leaves
            if revoked_later(told[k], [x for j, x in bans if j > k])
        }
    for item in _newest_values(replaced, told[:recapped]):
        sheet.add("Constraints and corrections", item)
    sheet.sec["Constraints and corrections"] = [r for r in rules if r not in overruled]
    return told, overruled, replaced


_BARE_MARK = re.compile(r"^\W*\d{1,2}[.)]\W*$")


def _drop_stale_sentences(sheet: _Sheet, leave: _Leave) -> None:
    """Take out of a rule that says more the sentence giving a value a later correction
    turned down ("Budget is 2,400 EUR." once "the budget is 2,800 EUR, not 2,400"): on
    its line it reads as standing. A rule a permission lifts stays whole, as listed."""
    rules = sheet.sec["Constraints and corrections"]
    fresh = without_turned_down(rules)
    sheet.sec["Constraints and corrections"] = [
        new if old not in leave.needs and old not in leave.lifts else old
        for old, new in zip(rules, fresh, strict=True)
    ]


def _settle_open_requests(
    sheet: _Sheet,
    messages: Sequence[Message],
    history: Sequence[Message] | None,
    told: Sequence[str],
    replaced: dict[str, str],
    lifting: Collection[str],
) -> list[str]:
    """Take out of the open requests what is no request left open, and list a request
    said again once. Returns what the user said that took a request back ("Forget the pie
    chart, I don't need it any more.")."""
    # a lifted rule's permission is no request left open; nor is a deadline listed as a rule
    # ("The deadline is 9 Jan; ask @zofia before you merge anything.": listed once, as a rule;
    # not "Once the export is fast, please add a panel.", a request for later and a rule)
    standing_now = set(sheet.sec["Constraints and corrections"])
    # ... nor a reminder of what not to do ("Vergiss nicht, die Spalte legacy_id NICHT zu
    # löschen.": a rule, R29-m8), nor a permission a later rule took back ("You may run
    # `npm publish` …" … "Actually, don't run `npm publish` after all.": R29-M5), nor the
    # newest turn of the user's, shown verbatim after the recap ("What's left?": R29-m8)
    newest = _newest_shown(messages, history)
    # ... nor a request the user took back later (review47 R47-rec2)
    cancelled = {r: cancelled_by(r, _said_after(r, told)) for r in sheet.sec["Open requests"]}
    still = [
        r
        for r in sheet.sec["Open requests"]
        if r not in lifting
        and cancelled[r] is None
        and not (sets_deadline(r) and clip(r, 300) in standing_now)
        and not (REMINDS_NOT_TO.search(r) and clip(r, 300) in standing_now)
        and not revoked_later(r, _said_after(r, told))
        and r not in replaced
        and not (r in newest and not DEFERRED.search(r))
    ]
    # a request said again, in other case or punctuation ("Please add a progress bar." …
    # "please add a progress bar"), once
    sheet.sec["Open requests"] = list({_said_as(r): r for r in reversed(still)}.values())[::-1]
    return list(dict.fromkeys(c for c in cancelled.values() if c is not None))


class _Walk:
    """One pass over the record, in order: what each tool call ran, read, wrote or did,
    what its result says (failures, numbers, findings), and what each turn said. Its
    fields are what a later message needs of earlier ones, and what the ranking reads."""

    def __init__(
        self,
        sheet: _Sheet,
        messages: Sequence[Message],
        first: str,
        goal_text: str,
        placed: set[str],
        often: Collection[str] = (),
    ) -> None:
        self.sheet, self.first, self.goal_text, self.placed = sheet, first, goal_text, placed
        self.messages = messages
        self.often = often  # the clauses the user says again and again (``wording.said_often``)
        self.verdicts = _verdicts(messages)
        self.names: dict[str, ToolCall] = {}
        self.runs: dict[str, list[int]] = {}  # command -> the indexes it ran at
        self.wrote: set[str] = set()  # commands that wrote a file
        self.dismissed: dict[str, int] = {}  # command or file -> times the assistant dismissed it
        self.failed: set[str] = set()
        self.read_at: dict[str, int] = {}
        self.recent: list[str] = []  # files read since the user last spoke or a run last ended
        self.reads_of: dict[str, list[str]] = {}  # per call id, the files the call read
        self.before_failure: set[str] = set()  # read right before a run failed: what it was about
        self.shared: set[str] = set()  # files the user attached or pasted
        self.found_in: dict[str, bool] = {}  # files the assistant said something is set or wrong in
        self.shapes: dict[str, set[str]] = {}  # per command, the shapes of its failure lines so far
        self.passed_last: dict[str, bool] = {}  # per command, whether its latest run passed
        self.failing_named: dict[str, set[str]] = {}  # per command, the tests it saw fail
        self.failing_runs: dict[str, list[set[str]]] = {}  # ... per failing run, in order
        self.passed_by: dict[
            str, str
        ] = {}  # per command, a later one that ran its failed tests green
        self.tried: dict[
            str, list[dict[str, Any]]
        ] = {}  # per tool, the arguments of its failed calls
        # per command that failed, a later run of its program with other arguments that passed
        self.rerun_by: dict[str, str] = {}
        self.writing: dict[str, list[str]] = {}  # per call id, the files it writes, till its result
        self.deleting: dict[str, list[str]] = {}  # ... and the files it removes
        self.acting: dict[str, tuple[str, int]] = {}  # per call id, an action's line and where
        # per failure a user's turn posted (a CI bot's notice), the notice posted later that
        # it passed ("❌ nightly-e2e failed …" … "✅ nightly-e2e passed (run 4472)")
        self.posted_passed: dict[str, str] = {}
        self.done_by: dict[str, int] = {}  # per tool, the actions listed so far
        self.found: set[str] = set()  # codes, ids and counts tools returned
        self.counted: set[str] = set()  # ... their quantities, as bare digits
        self.tallied: list[str] = []  # numbers a tool found, said by it or restated right after
        self.asked = ""  # the assistant's last turn of words, when the user's is the next
        self.answered: set[str] = set()  # the user's answers to a proposal, listed with it
        self.replies: dict[str, str] = {}  # ... as items: the answer -> the proposal it answers
        self.asked_about: set[str] = set()  # the words of the user's questions so far
        self.just_asked: set[str] = set()  # ... of the user's latest turn, asked or requested
        self.looked_up: dict[str, list[str]] = {}  # per look-up asked, its newest answer's items

    def message(self, i: int, m: Message) -> None:
        if m.role == "user" and not m.tool_results:
            self._user_turn(i, m)
        for c in m.tool_calls:
            self._call(i, c)
        for r in m.tool_results:
            self._result(i, r)
        if m.role in ("user", "assistant") and not m.is_recap and not m.tool_results:
            self._words(i, m)

    def _user_turn(self, i: int, m: Message) -> None:
        self.recent = []
        self.just_asked = set()
        for s in sentences(_without_records(m.text)):  # asked about: a number a tool may say
            words = asked_words(s)  # (once a sentence: a pasted document has thousands)
            self.asked_about |= words if asks(s) else set()
            self.just_asked |= words
        for p in user_files(m):  # the assistant has read what the user shared
            self.sheet.add("Files read", p)
            self.read_at[p] = i
            self.shared.add(p)
        if not m.is_recap:  # a CI bot posting as a user: "❌ Pipeline #46256 failed …" (R35-R1)
            posted = posted_failures(m.text)
            self._failures(i, POSTED_BY, posted, False)
            # a run that failed again after a notice that it passed stands failing: its
            # notice no longer says how it ended ("failed → passed → failed")
            for failure, notice in list(self.posted_passed.items()):
                if any(same_run_named(notice, line) for line in posted):
                    del self.posted_passed[failure]
            passed = posted_pass(m.text) if not posted else None
            for item in [] if passed is None else self.sheet.sec["Failures"]:
                if item.startswith(POSTED_BY + ": ") and same_run_named(item, passed or ""):
                    self.posted_passed[item] = f"{POSTED_BY}: {passed}"

    def _call(self, i: int, c: ToolCall) -> None:
        add = self.sheet.add
        self.names[c.id] = c
        cmds = call_commands(c)
        brushed = bool(_DISMISS.search(self.verdicts.get(c.id, "")))
        made = []  # this call's items under "Commands run"
        for cmd in cmds:
            where = ran_against(c, cmd)
            item = f"`{cmd}` ({where})" if where else f"`{cmd}`"
            made.append(item)
            add("Commands run", item)
            self.runs.setdefault(item, []).append(i)
            self.dismissed[item] = self.dismissed.get(item, 0) + brushed
        writes = call_writes(c)
        self.writing[c.id] = writes  # written once its result says it did not fail
        # ... and removed: "git rm db/helpers_tmp.py", delete_file(path=…) (its written file is gone)
        self.deleting[c.id] = call_deletes(c)
        if writes:  # "sed -i …", "cp a b", "… > out.txt": changed something
            self.wrote.update(made)
        verdict = self.verdicts.get(c.id, "")
        self.reads_of[c.id] = call_reads(c)
        action = None if cmds or writes or self.reads_of[c.id] else render_action(c)
        if action is not None:  # a refund issued, an e-mail sent: said with its result
            self.acting[c.id] = (action, i)
        for p in self.reads_of[c.id]:
            add("Files read", p)
            self.read_at[p] = i
            idle = brushed or bool(_READ_IDLE.search(verdict))
            self.dismissed[p] = self.dismissed.get(p, 0) + idle
            self.found_in[p] = self.found_in.get(p, False) or bool(_READ_TELLS.search(verdict))
            self.recent.append(p)

    def _result(self, i: int, r: ToolResult) -> None:
        noise = self.sheet.noise
        call = self.names.get(r.call_id)
        if call is not None and r.call_id in self.acting and not r.is_error:
            self._read_by_shape(i, call, r)
        lines, shown = _result_failures(call, r, self.reads_of)
        acted = r.call_id in self.acting  # (an action is said with its arguments already)
        cmds = call_commands(call) if call is not None else []
        what = f"`{cmds[0]}`" if cmds else (call.name if call is not None else (r.name or "tool"))
        log_tool = call is not None and reads_logs(call)
        if lines and not r.is_error and only_read(cmds, r.text, lines, log_tool=log_tool):
            # a log read that ran fine: its "ERROR …" records are what the agent looked at,
            # no failure of the session's; its first one is a finding, shown last
            self.sheet.add("Findings", f"{what}: {lines[0]}")
            self.sheet.noise["Findings"].add(f"{what}: {lines[0]}")
            lines = []
        if lines:
            self.failed.add(what)
        # "upload failed; retry succeeded": a failure in the run's history, passed now
        failing = [x for x in lines if not recovered(x, r.text)]
        self._files_changed(r, failing)
        stopped = bool(failing) and stopped_early(" ".join(cmds), r.text)  # (read if it failed)
        # (a run that passed by marking tests expected to fail, "1 passed, 1 xfailed", did
        # not make them pass: R42-R9)
        excused = not failing and bool(cmds) and _EXPECTED_TO_FAIL.search(r.text) is not None
        self._passed(what, cmds, call, lines, failing, stopped, excused)
        if r.call_id in self.acting:
            item = _act(
                self.acting.pop(r.call_id),
                failing,
                r.text,
                self.done_by,
                self.sheet.keys["Actions taken"],
            )
            self.sheet.add("Actions taken", item)
            if call is not None and is_ui_step(call):  # a click: one of hundreds
                noise["Actions taken"].add(item)
        if call is not None and not self.reads_of.get(call.id):  # a run, not a read's own error
            if lines:
                self.before_failure.update(self.recent[-3:])
            self.recent = []  # what was read before a run led to it, not to a later one
        brushed = bool(_DISMISS.search(self.verdicts.get(r.call_id, "")))
        self._failures(i, what, lines, brushed)
        # (a look-up's output said with what it was asked in words: "search_flights(…,
        # filtr="tylko bezpośrednie z Katowic"): …", not its name alone, R41-R9)
        said = what
        if call is not None and not cmds and not acted and asks_in_words(call):
            said = render_call(call)
        self._numbers(said, r, lines, shown, cmds, call)

    def _read_by_shape(self, i: int, call: ToolCall, r: ToolResult) -> None:
        # a call named in no language we know that read a file: by its shape
        # ("doc_tep(duong_dan=…)" answered with the file's contents)
        shaped = reads_by_shape(call, r.text)
        if shaped:
            del self.acting[r.call_id]
            self.reads_of[call.id] = shaped
            for p in shaped:
                self.sheet.add("Files read", p)
                self.read_at[p] = i
                self.recent.append(p)

    def _files_changed(self, r: ToolResult, failing: Sequence[str]) -> None:
        """File what a call wrote once its result shows it did not fail, and take out
        what it removed."""
        sec = self.sheet.sec
        for p in [] if failing or r.is_error else self.writing.pop(r.call_id, []):
            self.sheet.add("Files written", p)  # not `pg_dump -f x.sql` denied (RT26-9)
        self.writing.pop(r.call_id, None)
        for p in [] if failing or r.is_error else self.deleting.pop(r.call_id, []):
            if p in sec["Files written"]:  # written, then removed: no file written now
                sec["Files written"].remove(p)

    def _passed(
        self,
        what: str,
        cmds: Sequence[str],
        call: ToolCall | None,
        lines: Sequence[str],
        failing: Sequence[str],
        stopped: bool = False,
        excused: bool = False,
    ) -> None:
        """Note whether ``what`` passed on its latest run; a run that passed naming every
        test another command saw fail passed that command's failures too (`pytest -k …`
        failed ``test_a``, then `pytest tests/t.py::test_a` passed: R39-R2). A run that
        ``stopped`` at its first failures (`pytest -x`) did not reach the tests an earlier
        run saw fail: they are taken as failing still, never as passed (R41-R10); nor is a
        run that ``excused`` them (marked expected to fail)."""
        if cmds and excused:
            self.passed_last[what] = False
        elif cmds:
            self.passed_last[what] = not failing
            named = {t for x in failing for t in failing_tests(x)}
            if failing:
                self.passed_by.pop(what, None)
                if stopped:
                    named = named.union(*self.failing_runs.get(what, []))
                self.failing_named[what] = named
                self.failing_runs.setdefault(what, []).append(named)
            else:
                ran = " ".join(cmds)
                for other, tests in self.failing_named.items():
                    if other != what and tests and all(names_test(ran, t) for t in tests):
                        self.passed_by[other] = what
                    elif other != what and not tests and same_program(other, what):
                        self.rerun_by[other] = what  # "--mese 2026-09" failed, "2026-10" ran
        elif call is not None:  # a tool: fixed when a call with its failed arguments passes
            args, _ = call.parsed()
            args = args if isinstance(args, dict) else {}
            if failing:
                self.tried.setdefault(what, []).append(args)
                self.passed_last[what] = False
            elif lines or any(a.items() <= args.items() for a in self.tried.get(what, [])):
                self.passed_last[what] = True

    def _failures(self, i: int, what: str, lines: Sequence[str], brushed: bool) -> None:
        """File a result's failure lines under Failures, ranked: each failing run's most
        telling line before any run's second (a test's name, then what the error says); a
        bare marker ("Exit code: 1"), the same error again and what the assistant
        dismissed wait with the noise."""
        sec, noise, keys = self.sheet.sec, self.sheet.noise, self.sheet.keys
        seen = self.shapes.setdefault(
            what, {shape(x) for x in sec["Failures"] if x.startswith(what + ": ")}
        )
        rank = 0
        for line in lines:
            item = f"{what}: {line}"
            if item in sec["Failures"]:
                continue
            again = not failing_tests(line) and shape(item) in seen
            if brushed or again or MARKER_ONLY.search(line):
                noise["Failures"].add(item)  # "flaky, ignoring"; the same error again
            self.sheet.add("Failures", item)
            keys["Failures"][item] = (not failing_tests(line), rank, -i)
            rank += item not in noise["Failures"]
        seen.update(shape(f"{what}: {line}") for line in lines)  # for its next runs

    def _numbers(
        self,
        what: str,
        r: ToolResult,
        lines: Sequence[str],
        shown: bool,
        cmds: Sequence[str],
        call: ToolCall | None,
    ) -> None:
        """File the numbers and values a result says, and what it found (for the
        assistant's restating them)."""
        numbers = self.sheet.sec["Numbers that matter"]
        asked = _lookup_asked(call, cmds, self.reads_of)
        if asked is not None and asked in self.looked_up:
            # the same look-up asked again: its newest answer stands, not each older one
            others = {x for k, said in self.looked_up.items() if k != asked for x in said}
            old = set(self.looked_up[asked]) - others
            numbers[:] = [x for x in numbers if x not in old]
            self.tallied = [x for x in self.tallied if x not in old]
        before = set(numbers)
        self._numbers_said(what, r, lines, shown, cmds, call)
        if asked is not None:
            self.looked_up[asked] = [x for x in numbers if x not in before]
        self.found.update(found_codes(r.text))
        self.counted.update(quantities(r.text[:FOUND_READ]))

    def _numbers_said(
        self,
        what: str,
        r: ToolResult,
        lines: Sequence[str],
        shown: bool,
        cmds: Sequence[str],
        call: ToolCall | None,
    ) -> None:
        """File the numbers and values a result says."""
        add = self.sheet.add
        for line in output_numbers(r.text):
            add("Numbers that matter", f"{what}: {line}")
        for line in [] if lines else asked_rows(r.text, self.just_asked):  # the asked-for row
            add("Numbers that matter", f"{what}: {line}")
            self.tallied.append(f"{what}: {line}")
        if not lines and not shown:
            # (and the version it gave by its key, which a fit's gist of the run keeps too:
            # "x-api-version: 2025-02-24", a date no value pattern reads)
            for line in dict.fromkeys([*output_values(r.text), *version_lines(r.text)]):
                add("Findings", f"{what}: {line}")
        if not (
            lines or shown or only_looks(cmds) or (call is not None and self.reads_of.get(call.id))
        ):
            for line in counted_lines(r.text):  # "TOTAL LAG: 18,204 messages behind"
                add("Numbers that matter", f"{what}: {line}")
                self.tallied.append(f"{what}: {line}")
            for line in table_rows(r.text):  # a query's small table: "count → push | 40913"
                add("Numbers that matter", f"{what}: {line}")
                self.tallied.append(f"{what}: {line}")
            for line in summary_lines(r.text, self.asked_about):  # a long log's own summary
                add("Numbers that matter", f"{what}: {line}")
                self.tallied.append(f"{what}: {line}")

    def _words(self, i: int, m: Message) -> None:
        """File what a user's or the assistant's turn said: the option the user picked, an
        answer to a proposal (listed with it), and each statement by kind (:func:`_said`)."""
        add, asked = self.sheet.add, self.asked
        pick = chosen(asked, m.text) if m.role == "user" and asked else None
        if pick is not None and pick not in self.placed:  # the option the user picked
            add("Decisions", f"User: {clip(pick, 240)}")
            self.placed.add(pick)
        answer = answered_proposal(asked, m.text) if m.role == "user" and asked else None
        if m.role == "user" and asked and pick is None and answer is None:
            answer = agreed_by_deed(asked, m.text, *_next_turn(self.messages, i))  # by its deed
        if pick is None and answer is not None:  # "I could …", then "Let's not."
            offer, reply = answer
            add("Decisions", offer)
            add("Decisions", reply)
            self.replies[reply] = offer  # (shown only with what it answers)
            self.answered.update(sentences(m.text))
            self.placed.update(sentences(m.text))
        whole = m.role == "user" and _goal_words(m.text) != self.first
        aside = self.sheet.noise["User also said"]
        self.tallied += _said(
            m, self.goal_text, self.placed, add, self.found, self.counted, aside, whole, self.often
        )
        if m.role == "user" or m.text.strip() or not m.tool_calls:
            # (a call made between a proposal and the user's yes leaves it asked: R46-rec2)
            self.asked = m.text if m.role == "assistant" and not m.tool_calls else ""

    def finish(self) -> None:
        """File what was called and has no result yet: written files and actions."""
        for p in (p for paths in self.writing.values() for p in paths):
            self.sheet.add("Files written", p)
        for pending in self.acting.values():
            item = _act(pending, [], "", self.done_by, self.sheet.keys["Actions taken"])
            self.sheet.add("Actions taken", item)


def _next_turn(messages: Sequence[Message], i: int) -> tuple[str, str]:
    """What the assistant said and what its calls did after message ``i``, until the user
    speaks again: the turn that shows what a user's reply meant."""
    said: list[str] = []
    did: list[str] = []
    for m in messages[i + 1 :]:
        if m.role == "user" and not m.tool_results:
            break
        if m.role == "assistant":
            said.append(m.text)
            did += [render_call(c) for c in m.tool_calls]
    return "\n".join(said), "\n".join(did)


def _without_records(text: str) -> str:
    """``text`` without its fenced blocks and a log's records pasted unfenced: the words a
    user asks with (a pasted log's words "ledger", "signer" asked nothing, and a run's own
    log lines that share them are no answer to keep: R44)."""
    lines = without_code(text).splitlines()
    logged = log_records(lines)
    return "\n".join(line for k, line in enumerate(lines) if k not in logged)


def _lookup_asked(
    call: ToolCall | None, cmds: Sequence[str], reads_of: dict[str, list[str]]
) -> str | None:
    """What a look-up call asked (its tool and arguments, in one spelling), None for a run,
    a read of a file or an act: a look-up asked again ("ledger(query=recent)" fifty times a
    session, R36-R1) replaces its older answer's numbers with its newest."""
    if call is None or cmds or reads_of.get(call.id) or render_action(call) is not None:
        return None
    args, error = call.parsed()
    if error is not None:
        return None
    return call.name + json.dumps(args, sort_keys=True, default=str)


def posted_failures(text: str) -> list[str]:
    """The failure lines of a user's turn that posts what a run did: a bot's notice
    opened by its outcome ("❌ Pipeline #46256 failed on main", "Jenkins: BUILD FAILURE —
    #731"), a failure the user reports ("The login test failed on my machine."), or a
    pasted log naming a failing test. Not a question or request about one ("The deploy
    failed, can you look?" is asked, and answered in the turns after), nor what may fail
    ("If the deploy FAILED, page the on-call."), nor a pasted file's code.

    >>> posted_failures("❌ Pipeline #4 failed on main (job unit-tests)")
    ['❌ Pipeline #4 failed on main (job unit-tests)']
    >>> posted_failures("If the deploy FAILED, page the on-call.")
    []
    >>> posted_failures("It's not OK to skip the linter, even for hotfixes.")
    []
    """
    lines = failure_lines(text)
    if not lines:
        return []
    head = next((x.strip() for x in text.splitlines() if x.strip()), "")
    lines = [x for x in lines if not _SETS_A_TIMEOUT.match(without_check_back(x))]
    if not lines:
        return []
    reported = (
        any(head.startswith(x[:60]) for x in lines)
        and not asks(head)
        and not is_request(head)
        and not is_rule(head)  # ("It's not OK to skip the linter, even for hotfixes.", R39-R5)
        and not _MAY_HAPPEN.search(head)
    )
    return lines if reported or any(failing_tests(x) for x in lines) else []


# a user's sentence that sets a timeout, in any language: the word, at most four words,
# its value, its unit, at most two words more and a short clause after a comma ("Timeout
# ni amasegonda 45.", "Timeout 67 секунд лийшаш, тудын деч шуко огыл.": no more than
# that): a number that matters, not a run that timed out ("Timeout after 30s on job build")
_SETS_A_TIMEOUT = re.compile(
    r"(?i)^\W*timeout\b(?!.*(?:fail|error|exceed|expire|waiting|reached))"
    r"\s+(?:[^\s\d]+\s+){0,4}\d+(?:[.,]\d+)?\s*(?:[^\s\d,]+\s*){0,3}(?:,(?:\s*[^\s\d,]+){1,5}\W*)?$"
)

#: the name a failure a user's turn posted is listed under (the speaker's own name, a
#: chat's "name" field, is in no text the recap is checked against)
POSTED_BY = "User"

# what may happen, not what did: "if it fails", "in case the build fails", "unless …"
_MAY_HAPPEN = re.compile(r"(?i)\b(?:if|unless|in case|whenever|otherwise|should it)\b")


# how a read of a file says it failed ("ENOENT: no such file or directory", "Error: …")
_READ_FAILED = re.compile(
    r"(?i)^\W*(?:error|fatal|exception)\b|no such file|not found|permission denied|"
    r"\beno(?:ent|tdir)\b|\beacces\b|\beisdir\b|is a directory|cannot (?:open|read|access)"
)


def _result_failures(
    call: ToolCall | None, r: ToolResult, reads_of: dict[str, list[str]]
) -> tuple[list[str], bool]:
    """The failure lines of a tool result, and whether it shows a file's contents (no
    run's failure is in those)."""
    # a file's contents ("raise ValueError(…)", "# fails on Windows") are no run's
    # failure; a read's short answer may be its error ("No such file or directory")
    shown = (
        call is not None
        and len(r.text) > 400
        and (shows_file(call) or (bool(reads_of.get(call.id)) and not call_commands(call)))
    )
    # a search's hits quote the files it searched: a "FAILED" in a runbook is no failure;
    # nor is "… after a failed build." in a short file `cat` showed (RT26-5)
    quoting = call is not None and (
        quotes_files(call) or (shows_file(call) and bool(call_commands(call)))
    )
    lines = [] if shown else failure_lines(search_messages(r.text) if quoting else r.text)
    if lines and call is not None and shows_file(call) and not call_commands(call):
        # a short file's contents too: "timeout: 10000," in a config read is no timeout
        # (review42 R42-R3); what the read itself failed with still is
        lines = [x for x in lines if _READ_FAILED.search(x)]
    if r.is_error and not lines:
        lines = [clip(r.text.strip().splitlines()[0] if r.text.strip() else "error", 200)]
    return lines, shown


def _settle_statements(
    sheet: _Sheet, answered: Collection[str], record: Sequence[Message], overruled: Collection[str]
) -> None:
    """Settle what the walk filed of what was said: a file read then written is a written
    file; an answer to a proposal is no request; decisions reversed, dropped, restated or
    echoing a rule go, and so do statements the user overruled."""
    sec, noise = sheet.sec, sheet.noise
    if sec["Files written"]:
        written = set(sec["Files written"])  # read, then written: it is a written file
        sec["Files read"] = [f for f in sec["Files read"] if f not in written]
    # (an answer to the assistant's proposal is listed with it, no request of its own)
    sec["Open requests"] = [r for r in sec["Open requests"] if r not in answered]
    sec["Decisions"] = standing(sec["Decisions"], record, replies=True)
    # ... nor is what the assistant said of a value the user then corrected: "The budget you
    # gave me was $25k, …" once the user said "The budget is $40k, not $25k."
    for name in ("Numbers that matter", "Findings"):
        theirs = [x for x in sec[name] if x.startswith("Assistant: ")]
        kept = set(standing(theirs, record))
        sec[name] = [x for x in sec[name] if x in kept or not x.startswith("Assistant: ")]
    sec["Decisions"], dropping = dropped(sec["Decisions"], record)
    sec["Decisions"] = without_restated(sec["Decisions"])  # (a plan said after each step)
    sec["Decisions"] = without_reversed(sec["Decisions"])  # (a plan turned the other way)
    sec["Decisions"] = without_echoes(sec["Decisions"], sec["Constraints and corrections"])
    decided = set(sec["Decisions"])  # (a proposal the user answered: a decision, listed once)
    sec["Findings"] = [x for x in sec["Findings"] if x not in decided]
    for name in ("Decisions", "User also said", "Numbers that matter"):  # said, then reset
        sec[name] = [x for x in sec[name] if clip(x.removeprefix("User: "), 300) not in overruled]
    sec["User also said"] = [x for x in sec["User also said"] if x not in dropping]
    noise["Numbers that matter"] |= superseded(sec["Numbers that matter"])
    # a range the user replaced later is said so where it stands ("100–500" … "no, make it
    # 200–300"): an old range beside the new one, unmarked, reads as a second live value
    said = tuple(m.text for m in record if m.role == "user" and not m.tool_results)
    for name in ("Goal", "Constraints and corrections", "User also said", "Numbers that matter"):
        sec[name] = [marked_ranges(x, said) for x in sec[name]]


# a user's turn short enough to be statements, not a paste: its sentences each a statement
_SHORT_TURN_BYTES = 600


def _keep_what_was_said(
    sheet: _Sheet,
    messages: Sequence[Message],
    goal_text: str,
    placed: Collection[str],
    often: Collection[str],
) -> None:
    """File under "User also said" (bytes last, counted when left out) each sentence of a
    user's short turn that names something (a path, a person, a number, a channel) and that
    no reader filed or placed: a statement read by none is never gone without a word. Not a
    question or the goal; nor what a reader filed and a later one took out (overruled,
    dropped, done), which was read."""
    held = [keywords(x) for x in (*sheet.filed, *(x for v in sheet.sec.values() for x in v))]
    for m in messages:
        if m.role != "user" or m.is_recap or m.tool_results or m.tool_calls:
            continue
        said = _own_words(m.text)
        if utf8_len(said) > _SHORT_TURN_BYTES or is_nudge(said):
            continue
        for s in sentences(said):
            core = without_check_back(s)
            if (
                (asks(core) and not _statement_tagged(core))
                or core in goal_text
                or s in placed
                or core in placed
                or (word_count(core) < 3 and not names_a_path(core))  # ("<path> — leave it.")
                or is_nudge(core)  # (what the walk skips as talk: "(4/7) proceed")
                or counted_nudge(core)
                or personal_aside(core)
                or only_said_often(core, often)
                or not (specific(core) or names_a_path(core))
            ):
                continue
            words = keywords(core)
            if any(len(words & h) >= 0.75 * len(words) for h in held):
                continue
            item = f"User: {clip(s, 300)}"
            sheet.add("User also said", item)
            sheet.noise["User also said"].add(item)
            held.append(words)


# a check-back tag of a word or two after a comma that ends a sentence: ", ok?", ", sawa?"
_TAG_AFTER_COMMA = re.compile(r",\s*[^\W\d_][^\s,?？]*(?:\s+[^\W\d_][^\s,?？]*)?\s*[?？]$")


def _statement_tagged(sentence: str) -> bool:
    """A statement that names something, asked back only by a tag after a comma ("Olga
    answers for the deploy, ok?"): still the user's statement, never dropped as a question
    (its kind is not read from it: "Should I use Redis, or not?" is no rule)."""
    tag = _TAG_AFTER_COMMA.search(sentence)
    said = sentence[: tag.start()] if tag else ""
    return bool(said) and (specific(said) or names_something(said))


def _rank_files_read(
    sheet: _Sheet, walk: _Walk, substantive: Sequence[str], user_words: str
) -> int:
    """Rank the files read: what the user shared or named first, then what a failing run
    came right after, then where the assistant found something, then the files whose
    names the task talks about, the newest first. Returns how many are urgent (the first
    two tiers, not noise)."""
    sec, noise = sheet.sec, sheet.noise
    # what the task talks about: the user's words, decisions, files written, failing tests
    told = [*substantive, *sec["Goal"], *sec["Decisions"], *sec["Constraints and corrections"]]
    told += [t for line in sec["Failures"] for t in failing_tests(line.partition(": ")[2])]
    topic = _stems(_NAME_PARTS.findall(" ".join(told)))
    for p in sec["Files written"]:
        topic |= _name_stems(p)
    user_names = names_in(user_words)
    urgent = 0
    for p in sec["Files read"]:
        if walk.dismissed.get(p) or not looks_like_file(p):  # a directory listed, a glob
            noise["Files read"].add(p)
        tier = (
            0
            if p in walk.shared or _names_file(user_words, p, user_names)
            else 1
            if p in walk.before_failure
            else 2
            if walk.found_in.get(p)
            else 3
        )
        sheet.keys["Files read"][p] = (tier, -len(_name_stems(p) & topic), -walk.read_at.get(p, -1))
        urgent += tier < 2 and p not in noise["Files read"]
    return urgent


def _rank_commands(sheet: _Sheet, walk: _Walk, user_words: str) -> None:
    """Rank the commands run: routine repeats last; what changed something, ran code or
    the user named before what only looked; what failed; the specific; the newest (the
    commands of a previous recap before none of the turns read now)."""
    # a command run again and again with only its numbers changed ("journalctl -u api
    # --since 10:01", "… 10:02"): routine, however many its arguments
    alike = Counter(run_shape(item) for item in walk.runs)
    # (a previous recap's commands are ranked too, as run before every turn read now: a
    # rollback listed there went after every newer look-around, past the byte cap)
    earlier = {item: [-1] for item in sheet.sec["Commands run"] if item not in walk.runs}
    for item, at in (earlier | walk.runs).items():
        # "cd api && pytest -q" runs the tests: a chain looks around only if each part does
        looking = LOOKING.search(item) and not _CHAINED.search(item)
        if looking or walk.dismissed.get(item, 0) == len(at) or only_reads(item[1:-1]):
            sheet.noise["Commands run"].add(item)
        specific = sum(1 for f in extract_claims(item) if f.kind in ("path", "identifier"))
        sheet.keys["Commands run"][item] = (
            len(at) >= _ROUTINE_RUNS or alike[run_shape(item)] > _ROUTINE_RUNS,
            # what changed something or ran code (an apply, a restart, a test run, a
            # script) or what the user named, before what only looked
            not (_CHANGES.search(item) or item.strip("`") in user_words or item in walk.wrote),
            item in walk.failed,  # its failure is under Failures
            -min(specific, 2),
            -at[-1],
        )


_CODE_SPAN = re.compile(r"`([^`\n]{3,200})`")
_COMMAND_SHAPED = re.compile(r"[\w./-]+(?:\s+\S+)+")
# how many tool calls after a user's sentence naming a command show it was not to be run
_CALLS_AFTER = 3


def _never_ran(record: Sequence[Message], placed: Collection[str]) -> set[str]:
    """The user's sentences, in any language, that name a command no tool call in the
    whole ``record`` ran though the assistant made calls after them: a command the user
    forbade ("`billing purge --all` कहिल्यै नचलाउनू।"), by the shape of the exchange. Not a
    question or a request (in ``placed`` or read as one): that is open, not forbidden."""
    ran = [c for m in record for call in m.tool_calls for c in call_commands(call)]
    calls = [i for i, m in enumerate(record) if m.tool_calls]
    out: set[str] = set()
    for i, m in enumerate(record):
        if m.role != "user" or m.tool_results or m.is_recap or "`" not in m.text:
            continue
        if sum(k > i for k in calls) < _CALLS_AFTER:
            continue
        for said in _statements(without_code(m.text)):  # a short turn, said as one, too
            for s in sentences(said):
                if s in placed or asks(s) or is_request(s):
                    continue
                named = [c.strip() for c in _CODE_SPAN.findall(s)]
                named = [c for c in named if command_line(c) or _COMMAND_SHAPED.fullmatch(c)]
                if named and not any(c in r for c in named for r in ran):
                    out.update({s, said})
    return out


def _newest_values(replaced: dict[str, str], told: Sequence[str]) -> list[str]:
    """The sentences that gave a value its newest form (the ends of ``replaced``'s chains)
    among ``told``, as constraints: a short one ("Actually 60s.") with the first sentence
    of its chain, which says what the value is of ("Set the timeout to 30s.")."""
    replacing = {new: old for old, new in replaced.items()}
    out: list[str] = []
    for new in dict.fromkeys(replaced.values()):
        if new in replaced or new not in told:
            continue  # replaced in turn, or shown verbatim after the recap
        first = new
        while first in replacing:
            first = replacing[first]
        if keywords(new) & keywords(first):
            out.append(clip(new, 300))  # it says what it sets: "… the retry limit should be 8."
        else:
            out.append(clip(f"{new} (instead of: {first})", 300))
    return out


def _said_after(sentence: str, told: Sequence[str]) -> Sequence[str]:
    """What the user said after ``sentence`` (found in ``told``, in order; nothing when not)."""
    at = next((k for k, x in enumerate(told) if sentence in x or x in sentence), None)
    return told[at + 1 :] if at is not None else ()


def _newest_shown(messages: Sequence[Message], history: Sequence[Message] | None) -> str:
    """The user's newest turn when the turns kept verbatim after the recap hold it (the one
    the model answers next, seen whole): "" when the recap covers it."""
    after = _after(messages, history)
    turns = [m for m in after if m.role == "user" and not m.is_recap and not m.tool_results]
    last = next(
        (m for m in reversed(history or ()) if m.role == "user" and not m.tool_results), None
    )
    return last.text if turns and last is not None and turns[-1] is last else ""


def _after(messages: Sequence[Message], history: Sequence[Message] | None) -> Sequence[Message]:
    """The messages of ``history`` after the last of ``messages`` (the turns a recap of
    ``messages`` is shown before); none when it is not there."""
    if not history or not messages:
        return ()
    last = messages[-1].id
    at = next((k for k in range(len(history) - 1, -1, -1) if history[k].id == last), None)
    return history[at + 1 :] if at is not None else ()


def _act(
    action: tuple[str, int],
    failing: Sequence[str],
    result: str,
    done_by: dict[str, int],
    keys: dict[str, tuple[Any, ...]],
) -> str:
    """The line of an action with its result's status ("refund(…): HTTP/1.1 201 Created", "…:
    failed: 409 Conflict"), ranked for room: what went through before what failed (that
    is under Failures too), a tool's first few actions before its routine repeats, the
    newest first."""
    line, at = action
    item = action_line(line, f"failed: {failing[0]}") if failing else action_item(line, result)
    tool = line.partition("(")[0]
    done_by[tool] = done_by.get(tool, 0) + 1
    keys.setdefault(item, (bool(failing), done_by[tool] > _ROUTINE_RUNS, -at))
    return item


def action_item(line: str, result: str) -> str:
    """The recap's item for an action that went through: its line (:func:`render_action`)
    and its result's first words ("refund(order_id=448213): HTTP/1.1 201 Created").

    >>> action_item("scale(replicas=3)", "deployment.apps/web scaled")
    'scale(replicas=3): deployment.apps/web scaled'
    """
    return action_line(line, clip(" ".join(result.split()[:40]), 120))


def action_line(line: str, status: str) -> str:
    """An action's line with its status, within the recap's room for one item."""
    return clip(f"{line}: {status}" if status else line, 400)


def _fixed_later(
    failures: list[str],
    keys: dict[str, tuple[Any, ...]],
    failed: Collection[str],
    passed_last: dict[str, bool],
    passed_by: Mapping[str, str],
    rerun_by: Mapping[str, str],
) -> None:
    """Say of each command that failed and then passed on its last run that it passed
    ("`npx jest …`: passed on its last run", after its failure lines), or whose failed
    tests a later command ran green ("`pytest t.py::test_a`: passed on its last run"), or
    whose program passed when run again with other arguments ("`python report.py --mese
    2026-10 …`: succeeded, run again with other arguments": R41-R5, the failed run was all
    the recap said), and rank its failures after those still failing: a fixed failure is
    no task left."""
    fixed = {w for w in failed if passed_last.get(w) or w in passed_by or w in rerun_by}
    for item, key in list(keys.items()):
        keys[item] = (item.partition(": ")[0] in fixed, *key, 0)
    for w in sorted(fixed):
        item = f"{passed_by.get(w, w) if not passed_last.get(w) else w}: {PASSED_LATER}"
        if not passed_last.get(w) and w not in passed_by:
            item = f"{rerun_by[w]}: {RERUN_SUCCEEDED}"
        lines = [k for k, i in enumerate(failures) if i.startswith(w + ": ")]
        ranks = [k for i, k in keys.items() if i.startswith(w + ": ")]
        if not lines or not ranks:
            continue  # none of its failure lines is listed: there is no failure to say fixed
        first, last = min(ranks), max(lines)
        failures.insert(last + 1, item)
        keys[item] = (*first[:-1], 1)


def rerun_passed(what: str, test: str) -> str:
    """The item saying a test ``what`` saw fail passed when ``what`` ran again."""
    return f"{what}: {test} {PASSED_LATER}"


def _passed_on_rerun(
    failures: list[str],
    keys: dict[str, tuple[Any, ...]],
    runs: Mapping[str, Sequence[Collection[str]]],
    passed_last: Mapping[str, bool],
) -> None:
    """Take out of ``failures`` the lines naming only tests a command saw fail and then not
    when it ran again, failing others (:func:`.failures.passed_on_rerun`), and say in the
    first one's place that each passed ("`dotnet test …`: …Vat_is_applied_per_line passed
    on its last run", ranked after those still failing): a test fixed is no failure left
    (R40-R3). A command whose newest run passed whole keeps its lines and is said fixed by
    :func:`_fixed_later`; a rerun in the turns kept verbatim after the recap is read there."""
    for what, tried in runs.items():
        fixed = passed_on_rerun(tried) if not passed_last.get(what) else set()
        head = what + ": "
        gone = [
            k
            for k, item in enumerate(failures)
            if fixed
            and item.startswith(head)
            and (named := failing_tests(item[len(head) :]))
            and set(named) <= fixed
        ]
        if not gone:
            continue
        notes = [rerun_passed(what, t) for t in sorted(fixed)]
        at = gone[0]
        for k in reversed(gone):
            keys.pop(failures.pop(k), None)
        failures[at:at] = [n for n in notes if n not in failures]
        for n in notes:
            keys[n] = (True, len(failures), 0)


def _posted_passed(
    failures: list[str], keys: dict[str, tuple[Any, ...]], passed: dict[str, str]
) -> None:
    """Say of each failure a user's turn posted that a later post said it passed (the
    notice itself, after the failure's line), and rank it after those still failing."""
    for failure, notice in passed.items():
        if failure not in failures or notice in failures:
            continue
        failures.insert(failures.index(failure) + 1, notice)
        key = keys.get(failure, (False, 0, 0))
        keys[failure] = (True, *key[1:])
        keys[notice] = (True, *key[1:-1], key[-1] + 0.5) if len(key) > 1 else (True,)


# a notice a user's turn posts that a run passed: "✅ nightly-e2e passed (run 4472)", "🟢
# Buildkite: pipeline infra-plan #814 passed", "Jenkins: BUILD SUCCESS - #732"
_PASS_NOTICE = re.compile(
    r"(?i)(?:✅|🟢|✔️?|☑️?)|\b(?:passed|succeeded|successful|success|green\s+again|is\s+green|"
    r"(?:is|are)\s+fixed|resolved)\b"
)
# words any two runs' notices share: no sign they are of the same run
_RUN_WORDS = frozenset(
    [
        "passed",
        "failed",
        "failure",
        "success",
        "succeeded",
        "successful",
        "pipeline",
        "build",
        "job",
        "step",
        "run",
        "workflow",
        "branch",
        "main",
        "master",
        "ci",
        "tests",
        "test",
        "green",
        "fixed",
        "resolved",
        "after",
        "before",
    ]
)


def posted_pass(text: str) -> str | None:
    """The head line of a user's turn when it posts that a run passed, not a question or a
    request ("✅ nightly-e2e passed (run 4472) after the data reset").

    >>> posted_pass("✅ nightly-e2e passed (run 4472)")
    '✅ nightly-e2e passed (run 4472)'
    >>> posted_pass("Did the nightly pass?") is None
    True
    """
    head = next((x.strip() for x in text.splitlines() if x.strip()), "")
    if not head or len(head) > 300 or not _PASS_NOTICE.search(head):
        return None
    if asks(head) or is_request(head) or _MAY_HAPPEN.search(head) or failure_lines(head):
        return None
    return head


def _rank_carried(failures: list[str], key: dict[str, tuple[Any, ...]]) -> None:
    """Rank the failures a previous recap carried in as the walk ranks its own: a failing
    test before other lines (unranked, the test an earlier recap kept went after every
    new line, and a later recap's cap cut it), each after the new runs' first lines."""
    for item in failures:
        key.setdefault(item, (not failing_tests(item), 0, 0))


def same_run_named(failure: str, notice: str) -> bool:
    """Whether a posted failure and a later notice name the same run: a name with a
    separator both say ("nightly-e2e", "infra-plan"), or two of their words.

    >>> same_run_named("User: ❌ nightly-e2e failed: refund.spec.ts", "✅ nightly-e2e passed")
    True
    >>> same_run_named("User: ❌ lint failed on main", "✅ deploy passed on main")
    False
    """
    shared = (keywords(failure) & keywords(notice)) - _RUN_WORDS
    return len(shared) >= 2 or any(re.search(r"\w[-_./]\w", w) for w in shared)


_NAME_RUN = re.compile(r"[\w./-]+")

_SPLITS = re.compile(r"[./]")


def names_in(text: str) -> frozenset[str]:
    """Every name ``text`` could name a file or folder by, each a run of ``[\\w./-]``
    starting where no ``[\\w.-]`` comes before it and ending where no ``[\\w-]`` comes
    after it ("see src/ledger.py." names ``src/ledger.py``, ``ledger.py``, ``src/`` …):
    read once per record, so a record of thousands of files costs one pass, not one
    search of the whole text per file."""
    out: set[str] = set()
    for run in set(_NAME_RUN.findall(text)):
        if len(run) > 300:
            continue
        starts = [0] + [m.end() for m in re.finditer("/", run)]
        # a name ends before a "." or a "/", or at the end of the run
        ends = [m.start() for m in _SPLITS.finditer(run)] + [len(run)]
        out.update(run[a:b] for a in starts for b in ends if b > a)
    return frozenset(out)


def _names_file(text: str, path: str, names: frozenset[str]) -> bool:
    """Whether ``text`` names the file at ``path``: the path, its name when that has an
    extension ("the bug is in ledger.py"), or the folder it is in when that is not a
    folder every project has ("look at the existing SQL in sql/", not "src/").
    ``names``: :func:`names_in` of ``text``."""
    parts = re.split(r"[/\\]", path)
    name = parts[-1]
    named = [path] if "." not in name.strip(".") else [path, name]
    folder = "/".join(parts[:-1]) + "/"
    if len(parts) > 1 and parts[-2].casefold() not in _PLAIN_NAMES | {"tests", "docs", "."}:
        named.append(folder)
    return any(
        n in names
        if _NAME_RUN.fullmatch(n)
        else re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", text)
        for n in named
    )


def _by_key(items: list[str], key: dict[str, tuple[Any, ...]]) -> list[str]:
    """``items`` sorted by ``key`` (items without one last, as they were)."""
    return sorted(items, key=lambda item: key.get(item, (True,)))


def _next_step(messages: Sequence[Message]) -> str | None:
    """The newest plan the assistant stated ("Next I'll run the DMS task …") and has not
    reported done since, however many turns of work came after it ("Continuing.")."""
    done: list[set[str]] = []  # what later assistant turns reported done
    for m in reversed(messages):
        if m.role != "assistant" or m.is_recap or not m.text.strip():
            continue
        said = sentences(m.text)
        # "I'm going to use X rather than Y" is a decision; "Next I'll use X" a step
        plans = [
            s
            for s in said
            if _NEXT.search(s)
            and not s.endswith("?")
            and (not DECISION.search(s) or _STEP_WORD.search(s))
        ]
        for plan in reversed(plans):
            if _NO_STEP_NAMED.match(plan):  # "Next step.", "Next up!": names no step
                continue
            # (a plan read whole, "I'll write the README now.", keeps its own words)
            words = {w[:5] for w in keywords(_NEXT.sub(" ", plan))}
            words = words or {w[:5] for w in keywords(plan)}
            need = min(3, max(1, len(words) // 2))
            if not any(len(words & d) >= need for d in done):
                return clip(plan, 240)
        done += [{w[:5] for w in keywords(s)} for s in said if _DONE_NOW.search(s)]
    return None


@lru_cache(maxsize=4096)  # read three times a recap (rules, commands never run, the rest)
def _statements(turn: str) -> tuple[str, ...]:
    """What a user's turn states (:func:`.facts.statements`): a short turn as one, unless
    two of its sentences are rules each ("Leave X off. Keep Y hidden.") or one settles a
    plan and another is a rule ("Uzgodniliśmy, że limit wynosi 90 sekund. Plik nie może
    przekraczać 8 MB.": a decision and a limit, each in its own section): each its own."""
    said = statements(turn)
    if len(said) == 1 and _kinds_apart(sentences(said[0])):
        return tuple(sentences(turn))
    return tuple(said)


def _kinds_apart(said: Sequence[str]) -> bool:
    """Whether ``said`` holds two rules, or a decision beside a rule or a number of its
    own: statements filed apart (a decision's item keeps only its deciding sentence)."""
    rules = [s for s in said if is_rule(s)]
    if len(rules) >= 2:
        return True
    deciding = [s for s in said if decides(s)]
    rest = [s for s in said if s not in deciding]
    return bool(deciding) and any(s in rules or numbers_matter(s, "user") for s in rest)


# a sentence cut where it ends without a mark, at a space (Thai ends a clause with one)
_UNMARKED_END = re.compile(r"[^\W\d_]$")


def _clauses_read_alone(said: str) -> list[str]:
    """The sentences of ``said``, each to be read as a rule on its own; and the whole when
    a space split it, not a mark (Thai: "สกุลเงินเป็นบาท ไม่ใช่ดอลลาร์", the currency is baht,
    not dollars, is two "sentences" that say a rule only together)."""
    parts = sentences(said)
    if len(parts) > 1 and "\n" not in said and all(_UNMARKED_END.search(p) for p in parts[:-1]):
        return [*parts, said]
    return parts


def _only_asks(said: str) -> bool:
    """A request and nothing else (each sentence of a short turn said as one): a statement
    beside a request ("X was renamed to Y. Use the new name.") is still said."""
    return all(is_request(s) for s in sentences(said))


def _states_a_rule(said: str, *, by_shape: bool = True) -> bool:
    """A rule said in ``said`` (a sentence, or a user's short turn said as one): one of
    its sentences is a rule, not a decision someone made ("… approved by Kim"); or it says who
    to turn to once someone left, over two sentences ("X no longer works with us. Direct any
    questions to Y."). With ``by_shape``, also a path denied by the denial's shape alone."""
    return (
        any(
            is_rule(s)
            and not DECIDED_BY.search(s)
            and not dated_plan(s)
            and not agrees_on_a_plan(s)
            for s in _clauses_read_alone(said)
        )
        or hands_over(said)
        or banned_outright(said)  # "`git push --force` na main? Nie, nigdy." (R41-R8)
        or (by_shape and denies_a_named_thing(said))  # "Réier ni infra/prod/ un."
    )


def _said(
    m: Message,
    goal_text: str,
    placed: set[str],
    add: Callable[[str, str], None],
    found: Collection[str] = (),
    counted: Collection[str] = (),
    aside: set[str] | None = None,
    whole: bool = False,
    often: Collection[str] = (),
) -> list[str]:
    """File each sentence of a user or assistant turn once, saying who said it: decisions,
    the assistant's findings (also a code, id or count a tool returned, in ``found``,
    restated in any language), numbers, and what else the user stated (an env var, a
    branch, who owns what; any other statement of theirs also, in ``aside``: shown last).
    Returns the assistant's sentences that restate a quantity a
    tool returned (in ``counted``, :func:`.findings.quantities`): "Hay 2.347 transacciones
    pendientes." after a query's ``2347``, filed under numbers."""
    restated: list[str] = []
    # what the user says beside a screenshot is often all the record says of it, in any
    # language ("Смотри, на скрине видно, что у зомби чёрные текстуры.")
    pictured = m.role == "user" and next(m.images(), None) is not None
    who = "User" if m.role == "user" else "Assistant"
    said = _own_words(m.text) if m.role == "user" else without_code(m.text)
    # a pasted log's records ("… poll api.sync id=317794 lat=58.9ms", "[0007] 347972 token
    # worker ok=0.1893"): noise, not numbers or statements of the speaker's (R28-M2, R44)
    lines = said.splitlines()
    logged = "\n".join(lines[k] for k in sorted(log_records(lines)))
    for s in _statements(said) if whole else sentences(said):
        if GOAL_LABEL.sub("", s) in goal_text or s in placed or word_count(s) < 3:
            continue
        core = s  # (what it says, read without a check-back it ends with: "… — ok?")
        if m.role == "user":  # (a short turn's running talk and to-dos: not its statement)
            s = _without_asides(s, often)
            core = without_check_back(s)
            if only_said_often(s, often) or personal_aside(s) or core in placed:
                continue
        if logged and s in logged:
            continue
        if is_nudge(core) or counted_nudge(core):  # "ok, keep going"; "step 4: go on" (R23-R3)
            continue
        if s.endswith(":"):  # "Table 2 from the supplement:" announces what follows, says nothing
            continue
        # (a user's short turn said as one keeps its bytes as a rule does)
        item = f"{who}: {clip(s, 300 if whole and s not in sentences(s) else 240)}"
        decided = decides(core)  # and not undone: "Marek nie zdecydował jeszcze."
        decision = core
        if decided and m.role == "user":  # (its deciding sentence, not the talk around it)
            deciding = [x for x in sentences(core) if decides(x)]
            if deciding and len(deciding) < len(sentences(core)):
                decision = " ".join(deciding)  # (not the nudge asked after it: "… peki, sonra?")
                item = f"User: {clip(decision, 240)}"
        # (a user's question names no number that matters: "질문 0: 행이 몇 개예요?", R42-R5)
        number = not (m.role == "user" and asks(core)) and numbers_matter(core, m.role)
        if m.role == "user" and states_an_amount(core) and number:  # a budget
            add("Numbers that matter", item)
        elif (
            decided and word_count(core) >= 3 and not asks(decision)
        ):  # "Иван решил откатить релиз."
            if not ECHO.match(s):  # "I'll keep to those rules.": no decision of its own
                add("Decisions", item)
        elif m.role == "assistant" and not asks(s) and restates_count(s, counted):
            add("Numbers that matter", item)
            restated.append(item)
        elif m.role == "assistant" and not asks(s) and (FINDING.search(s) or WORKS_NOW.search(s)):
            add("Findings", item)
        elif m.role == "assistant" and not asks(s) and states_value(s):
            add("Findings", item)  # "The admin console is at http://localhost:8081/admin."
        elif m.role == "assistant" and not asks(s) and restates_found(s, found):
            add("Findings", item)  # "O código de rastreio do pedido é QB482913377BR."
        elif number:
            add("Numbers that matter", item)
        elif m.role == "user" and unhurried(core):  # "Acele etme, sorun yok.": talk (RT22-21)
            continue
        elif m.role == "user" and only_said_often(s, often):  # "the train was late twice this week"
            continue  # in every other turn: talk, not a statement to keep (R39-F3)
        elif m.role == "user" and not asks(core) and (specific(s) or pictured or names_a_path(s)):
            # (a path and two words of a language no reader holds: a rule as often as not,
            # "Nun toques db/seeds/prod_snapshot/.", review51; never left out unsaid)
            add("User also said", f"User: {clip(s, 300)}")
            if aside is not None and not pictured and _asks_for_something(core):
                # a request no longer open (answered or done: an open one is placed) is
                # what was asked, not a fact the user stated: it gets the bytes last, after
                # the commands run (a note per run, "Note marker-3: check part_3.py next.",
                # pushed every early command out of a 2,000-byte recap)
                aside.add(f"User: {clip(s, 300)}")
        elif (
            m.role == "user"
            and aside is not None
            and word_count(core) >= 4
            and not _only_asks(core)
        ):
            if is_reply(core):  # "Cool, no hurry at all.": talk, no statement to keep
                continue
            # a statement no reader here placed (a rule or a decision in a language none
            # reads): kept, with the bytes left after every other item
            add("User also said", f"User: {clip(s, 300)}")
            aside.add(f"User: {clip(s, 300)}")
    return restated


# a short label before what a sentence says: "Note marker-3:", "TODO 2:", "Nota:"
_SHORT_LABEL = re.compile(r"^\W*(?:[^\W_][\w-]*\s+){0,2}?[^\W_][\w-]*\s*[:：]\s+")


def _asks_for_something(sentence: str) -> bool:
    """A user's request, said as one or after a short label ("Note marker-3: check …").

    >>> _asks_for_something("Note marker-3: check src/export/part_3.py next.")
    True
    >>> _asks_for_something("Staging host: db-2.internal, owned by Priya.")
    False
    """
    label = _SHORT_LABEL.match(sentence)
    return is_request(sentence) or (label is not None and is_request(sentence[label.end() :]))


_CHAINED = re.compile(r"&&|\|\||;")

# A command that changes something or runs code: an apply, a deploy, a restart, a
# migration, a push, a test run, a build, a script (not a plan, a listing, a query)
_CHANGES = re.compile(
    r"(?i)\b(?:apply|deploy|rollout|restart|migrate|upgrade|push|merge|rebase|delete|destroy|"
    r"drop|scale|publish|release|backfill|rollback|revert|promote|drain|cordon|uncordon|"
    r"truncate|insert|update|alter|create|install|run|test|build|exec|seed|import|export|"
    r"pytest|jest|vitest|mocha|rspec|phpunit|tox|nox|"
    # a check that runs the code base: a linter, a type checker, a build tool's target
    r"lint|typecheck|check|mypy|pyright|ruff|flake8|pylint|eslint|tsc|clippy|vet|make|cargo|"
    r"gradle|mvn|dotnet|dbt)\b"
    r"|^`?(?:sudo\s+)?(?:python3?|node|ruby|perl|php|bash|sh|deno|bun)\s+(?!-)\S+\.\w+|"
    r"^`?\.{0,2}/[\w./-]+"
)

"""Claims grounded in what no language changes: the anchors a line names and where they sit.

A recap line in a language no word list reads still names things the record names the same
way in every language: an email, a URL, a version, a path, a test's identifier, a command
in backticks, a ticket. Where each sits in the record (a tool call's arguments, a tool's
output, what the user said, what the assistant said) and how the exchange it sits in ended
(a failure marker, an error flag, an exit code) say what the line may claim:

* an object the line names that sits in no tool call, while the calls name another of its
  kind ("sent the invite to bob@acme.io" where the call sent it to ana@acme.io and only the
  user mentioned bob), is a changed object — unless the line restates the words it sits in;
* a line whose subject is the user, naming only what the assistant's tool calls did
  (``Käyttäjä ajoi `ruff check src```), credits the assistant's act to the user;
* a line whose subject is the assistant and whose words are a user's sentence the
  assistant never said (a rule it "forbade") credits the user's words to the assistant;
* a line that says something passed or failed (read from a broad multilingual cue set, a
  failure word next to a zero being none: "0 lỗi") is checked against the exchanges its
  anchors sit in.

A subject and a polarity are read from ``lexicon.claims`` cues; a line whose polarity or
subject cannot be read is judged only by where its anchors sit.

>>> from contextledger.model import Message, ToolCall
>>> record = [
...     Message.user("Invite ana@acme.io as a viewer; bob@acme.io already has access.", id="u"),
...     Message("assistant", (ToolCall("c", "send_invite", '{"email": "ana@acme.io"}'),)),
...     Message.tool("c", '{"status": 200}'),
... ]
>>> ev = Evidence.of(record)
>>> [c.reason for c in check_grounded("Avustaja lähetti kutsun osoitteeseen bob@acme.io.", ev)]
['bob@acme.io is in no tool call (only the user mentioned it); the calls name ana@acme.io']
>>> check_grounded("Avustaja lähetti kutsun osoitteeseen ana@acme.io.", ev)
[]
>>> polarity("Toisella ajolla 0 virhettä."), polarity("Deploy epäonnistui.")
('pass', 'fail')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ...lexicon import claims as lexicon
from ...lexicon.common import WORD_MARKS
from ..digest import call_commands
from ..facts import extract_claims
from ..timeline import norm_command
from .evidence import Claim, Evidence, failing_lines
from .reading import BACKTICKED, QUOTED_NAME, quote
from .runs import check_passed, check_ran, outcome_counts
from .test_names import marked_passed

__all__ = ["check_grounded", "failure_grounded", "negated_pass", "polarity", "subject", "unglued"]


# --------------------------------------------------------------------------- cues


# Arabic writes "and", "so", "with", "for", "like" and "the" onto the word they stand before
# ("بتعديل" with editing, "وتمت" and it was done, "الإخفاقات" the failures): a cue of its
# words may carry them
_ARABIC_CLITICS = {"word": "(?:[وفبلك]?(?:ال)?)", "the": "[وفبلك]?"}


def _arabic_opening(word: str) -> str:
    """Whether ``word`` is Arabic, and opens with its article ("the") or not ("word")."""
    if not "\u0621" <= word[:1] <= "\u064a":
        return ""
    return "the" if word.startswith("ال") else "word"


def _pattern(spaced: str, nospace: str) -> re.Pattern[str]:
    """One pattern for a cue list: whole words (a ``*`` stem covers its inflections, ``_``
    is a space) and, for scripts without spaces, the cue anywhere."""
    alts = []
    for w in spaced.split():
        body = re.escape(w.rstrip("*")).replace("_", r"\s+")
        alts.append(
            _ARABIC_CLITICS.get(_arabic_opening(w), "") + body + (r"\w*" if w.endswith("*") else "")
        )
    alts.sort(key=len, reverse=True)
    tight = sorted((re.escape(w).replace("_", r"\s*") for w in nospace.split()), key=len)
    return re.compile(r"(?i)(?<!\w)(?:" + "|".join(alts) + r")(?!\w)|" + "|".join(reversed(tight)))


def _past_acts(kind: int) -> str:
    """The past and passive forms of every language's write (``kind`` 1) or run (2) roots,
    as ``lexicon.PAST_ACTS`` builds them: one alternation of whole words."""
    alts = []
    for entry in lexicon.PAST_ACTS:
        for root in entry[kind].split():
            head, _, tail = root.rpartition("|")  # (a Tagalog root's infix goes at the bar)
            parts = {
                k: re.escape(v).replace("_", r"\s+") for k, v in (("head", head), ("tail", tail))
            }
            alts.append(entry[3].format(root=parts["head"] + parts["tail"], **parts))
    return r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)"


def _with_past(cues: re.Pattern[str], past: str) -> re.Pattern[str]:
    return re.compile(f"{cues.pattern}|{past}")


@dataclass(frozen=True, slots=True)
class _Cues:
    passed: re.Pattern[str]
    denied_pass: re.Pattern[str]  # a pass claimed only when denied (lexicon.PASS_WHEN_DENIED)
    failed: re.Pattern[str]
    clean: re.Pattern[str]
    user: re.Pattern[str]
    assistant: re.Pattern[str]
    negated: re.Pattern[str]
    denied: re.Pattern[str]
    write: re.Pattern[str]
    read: re.Pattern[str]
    forbade: re.Pattern[str]
    run: re.Pattern[str]
    tests: re.Pattern[str]
    every: re.Pattern[str]


@cache  # compiled on first need: importing the package stays as fast as it was
def _cues() -> _Cues:
    lx = lexicon
    negators = "|".join(re.escape(w) for w in lx.NEGATORS.split())
    tight = "|".join(re.escape(w) for w in lx.NEGATORS_NOSPACE.split())
    # a ban denies the act as "not" does ("`terraform apply`는 실행하지 마세요": no run claimed)
    banning = "|".join(re.escape(w) for w in lx.PROHIBITIVES.split())
    banning_tight = "|".join(re.escape(w) for w in lx.PROHIBITIVES_NOSPACE.split())
    return _Cues(
        _pattern(lx.PASS_CUES, lx.PASS_CUES_NOSPACE),
        _pattern(lx.PASS_WHEN_DENIED, lx.PASS_WHEN_DENIED_NOSPACE),
        _pattern(lx.FAIL_CUES, lx.FAIL_CUES_NOSPACE),
        _pattern(lx.CLEAN_CUES, lx.CLEAN_CUES_NOSPACE),
        _pattern(lx.USER_NOUNS, lx.USER_NOUNS_NOSPACE),
        _pattern(lx.ASSISTANT_NOUNS, lx.ASSISTANT_NOUNS_NOSPACE),
        # a negator right before the cue, or one word before it ("ei ole onnistunut")
        re.compile(rf"(?i)(?:(?<!\w)(?:{negators})(?:\s+\S+)?\s+|(?:{tight})\s*)$"),
        re.compile(rf"(?i)(?<!\w)(?:{negators}|{banning}|n't)(?!\w)|{tight}|{banning_tight}"),
        _with_past(_pattern(lx.WRITE_CUES, lx.WRITE_CUES_NOSPACE), _past_acts(1)),
        _pattern(lx.READ_CUES, lx.READ_CUES_NOSPACE),
        _pattern(lx.FORBADE_CUES, lx.FORBADE_CUES_NOSPACE),
        _with_past(_pattern(lx.RUN_CUES, lx.RUN_CUES_NOSPACE), _past_acts(2)),
        _pattern(lx.TEST_NOUNS, lx.TEST_NOUNS_NOSPACE),
        _pattern(lx.EVERY_WORDS, lx.EVERY_WORDS_NOSPACE),
    )


def names_tests(text: str) -> bool:
    """Whether ``text`` names tests in a language read ("tests", "testit", "הבדיקות")."""
    return _cues().tests.search(text) is not None


_ZERO_BEFORE = re.compile(r"(?<![\d.,])0\s*$")
_ZERO_AFTER = re.compile(r"^\s*0(?!\d|[.,]\d)")
_MASKED = re.compile(r"`[^`]*`|\"[^\"\n]*\"|“[^”\n]*”|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+")


def polarity(text: str) -> str | None:
    """Whether ``text`` says something passed or failed ("pass", "fail"), from the cues of
    every language read; None when it says neither or both ("1 failed, 12 passed"). A
    failure word next to a zero is none ("0 virhettä", "makosa 0"); "without errors" is a
    pass; a pass word a negator governs a failure ("ei onnistunut", "pass nahi hua")."""
    said, _ = _outcomes(text)
    return said.pop() if len(said) == 1 else None


def negated_pass(text: str) -> bool:
    """Whether ``text`` says a failure only by denying a pass ("test_x did not pass", "O
    teste X não passou" glossed "não passed", "통과하지 못했습니다", "pass nahi hua"): the
    claim that what it names failed, not a denial of an act."""
    said, negated = _outcomes(text)
    return negated and said == {"fail"}


def _outcomes(text: str) -> tuple[set[str], bool]:
    """The outcomes ``text`` says ("pass", "fail"), and whether a pass it denies is one."""
    cues = _cues()
    text = _MASKED.sub(lambda m: " " * len(m.group(0)), text)
    said: set[str] = set()
    negated = False
    spans: list[tuple[int, int]] = []
    for m in cues.clean.finditer(text):
        said.add("pass")
        spans.append(m.span())
    for m in cues.failed.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        zero = _ZERO_BEFORE.search(text[: m.start()]) or _ZERO_AFTER.match(text[m.end() :])
        said.add("pass" if zero else "fail")
        spans.append(m.span())
    for m in (*cues.passed.finditer(text), *cues.denied_pass.finditer(text)):
        if any(a <= m.start() < b or a < m.end() <= b for a, b in spans):
            continue  # "epäonnistui" holds "onnistui", "ไม่ผ่าน" holds "ผ่าน"
        denied = cues.negated.search(text[: m.start()]) or lexicon.NEGATED_AFTER.match(
            text[m.end() :]
        )
        if denied:
            said.add("fail")
            negated = True
        elif m.re is not cues.denied_pass:
            said.add("pass")
    return said, negated


_OPENING = re.compile(r"^\W*")
_LEAD = re.compile(r"^\W*\S{1,3}\s+")  # a short article before the subject: "Az", "The"
_ELIDED = re.compile(r"^\W*" + lexicon.ELIDED_ARTICLE)  # ... or elided onto it: "L'utilisateur"
_VERB_FIRST = re.compile(r"^\W*" + lexicon.VERB_FIRST)  # ... or a verb before it: "يريد المستخدم"


def subject(text: str) -> str | None:
    """Whether ``text`` opens with the user or the assistant as its subject ("Käyttäjä
    ajoi …", "Az asszisztens …", "המשתמש …", "ผู้ช่วยส่ง…", after a verb that comes first:
    "يريد المستخدم …"), in any language read."""
    cues = _cues()
    first = _OPENING.match(text)
    lead = _LEAD.match(text)
    opening = (first, lead, _ELIDED.match(text), _VERB_FIRST.match(text))
    starts = {m.end() for m in opening if m is not None}
    for start in sorted(starts):
        for who, pattern in (("user", cues.user), ("assistant", cues.assistant)):
            m = pattern.match(text, start)
            if m is not None:
                return who
    return None


# --------------------------------------------------------------------------- anchors

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"https?://[^\s`'\"<>)]+")
# (a suffix after a hyphen is the version's when it holds a digit or a release tag: "2.4.1-rc.1";
# "2.4.1-es" is Hungarian's case ending)
_VERSION = re.compile(
    r"(?<![\w.])v?\d+\.\d+\.\d+(?:[-+](?=[0-9A-Za-z.]*\d|(?i:alpha|beta|rc|dev|pre))[0-9A-Za-z.]+)?"
    r"(?![\w.]*\d)|(?<![\w.])v\d+\.\d+(?![\w.])"
)
_TICKET = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,9}-\d+(?![\w-])")
# a test's or a function's CamelCase name ("TestLotExpirat", "iadeHesapla")
# (a name may end where a script without spaces glues a particle to it: "test_x가")
_CAMEL = re.compile(
    r"(?<![\w@./-])[A-Za-z][a-z0-9]+[A-Z][A-Za-z0-9]*(?![A-Za-z0-9_@-]|[^\W\uac00-\ud7af])"
)
_IDENT = re.compile(
    r"(?<![\w@./-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![A-Za-z0-9_@-]|[^\W\uac00-\ud7af])"
)
# a Rust or C++ test's path: "totals::rounds_half_even", "fpa::strogylopoiisi"
_SCOPED = re.compile(r"(?<![\w:])[A-Za-z_]\w*(?:::[A-Za-z_]\w*)+(?![\w:])")

#: the kinds of anchor a changed object is told by: another value of the same kind in a call
#: (not a path: a file the assistant named in its words was often written by a call the
#: record shows in another form, and "Files written" checks paths as such)
_OBJECT_KINDS = ("email", "url", "version", "ticket")


def anchors(text: str) -> list[tuple[str, str]]:
    """The anchors ``text`` names, (kind, value), in order: emails, URLs, versions, paths,
    tickets, identifiers and backticked spans."""
    out: dict[tuple[str, str], None] = {}
    for kind, pattern in (("email", _EMAIL), ("url", _URL), ("version", _VERSION)):
        out.update(((kind, m.group(0).rstrip(".,;:")), None) for m in pattern.finditer(text))
    bare = _EMAIL.sub(" ", _URL.sub(" ", text))
    out.update((("path", unglued(f.value)), None) for f in extract_claims(bare) if f.kind == "path")
    out.update((("path", m.group(1)), None) for m in _GLUED_NAME.finditer(bare))
    out.update((("ticket", m.group(0)), None) for m in _TICKET.finditer(bare))
    out.update((("identifier", m.group(0)), None) for m in _IDENT.finditer(bare))
    out.update((("identifier", m.group(0)), None) for m in _CAMEL.finditer(bare))
    out.update((("identifier", m.group(0)), None) for m in _SCOPED.finditer(bare))
    out.update((("command", q.strip()), None) for q in BACKTICKED.findall(text) if q.strip())
    return list(out)


# A case ending or a particle a language glues to a file's name ("package-lock.json-
# tiedostoa", "app/points/expire.py를", "config.yaml'ı")
_GLUED = re.compile(r"^(.*\.[A-Za-z0-9]+)(?:-[^\W\d_]+|['’][^\W\d_]+|[\uac00-\ud7af]+)$")


_GLUED_NAME = re.compile(
    r"(?<![\w/.-])([\w/-]*[\w]\.[A-Za-z][A-Za-z0-9]{0,4})(?=-[^\W\d_]{2,}|[\uac00-\ud7af])"
)


def unglued(path: str) -> str:
    """``path`` without the case ending or particle glued to it, if any."""
    m = _GLUED.match(path)
    return m.group(1) if m else path


@dataclass(frozen=True, slots=True)
class _Place:
    role: str  # "user", "assistant", "call", "result"
    text: str
    exchange: int = -1  # the index in ``Evidence.answered``; -1 for what was said
    failed: bool = False


def _places(ev: Evidence) -> tuple[_Place, ...]:
    def make() -> tuple[_Place, ...]:
        out = [_Place("user", s) for s in ev.user]
        out += [_Place("assistant", s) for s in ev.assistant]
        failed = ev.answered_failed
        for i, (call, body) in enumerate(ev.answered):
            bad = failed[i] if i < len(failed) else False
            # (with the command lines it ran: ``["mvn", "-q", "test"]`` is `mvn -q test`)
            ran = " ".join(f"`{c}`" for c in call_commands(call))
            out.append(_Place("call", f"{call.name} {call.arguments} {ran}", i, bad))
            out.append(_Place("result", body, i, bad))
        return tuple(out)

    return ev.derive("anchor places", make)


def _holds(text: str, kind: str, value: str) -> bool:
    if kind == "command" and value not in text:
        value = norm_command(value)  # "`go test ./release/...`" ran as ``go test ./release/``
    if value.casefold() not in text.casefold():
        return False
    if kind in ("command", "path", "url"):
        return True
    edge = r"(?<![\w.@+-])" if kind != "version" else r"(?<![\w.])"
    return re.search(f"(?i){edge}{re.escape(value)}(?![\\w@]|\\.\\d)", text) is not None


def _where(kind: str, value: str, ev: Evidence) -> list[_Place]:
    key = f"anchor {kind} {value}"
    return ev.derive(key, lambda: [p for p in _places(ev) if _holds(p.text, kind, value)])


def _siblings(kind: str, value: str, ev: Evidence) -> list[str]:
    """Other values of ``kind`` the record's tool calls name."""
    found: dict[str, None] = {}
    for p in _places(ev):
        if p.role != "call":
            continue
        for k, v in anchors(_unescape(p.text)):
            if k == kind and v.casefold() != value.casefold():
                found[v] = None
    return list(found)


def _unescape(call_text: str) -> str:
    return call_text.replace("\\n", "\n").replace('\\"', '"')


# --------------------------------------------------------------------------- words


# (a word of an Indic script keeps its vowel signs: "সংকুচিত" is one word, not "স" "ক" "চ")
_TERM = re.compile(rf"(?:[^\W\d_]|[{WORD_MARKS}]){{4,}}")
_NAMES = re.compile(r"`[^`]*`|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+")
_TIGHT = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]+")


def _terms(text: str) -> frozenset[str]:
    """A sentence's words as letter trigrams: an inflected word keeps most of them
    ("julkaise", "julkaisemasta"; "האישור", "אישור"), and a script written without spaces
    is read the same way."""
    bare = _NAMES.sub(" ", text).casefold()
    out: set[str] = set()
    for w in _TERM.findall(_TIGHT.sub(" ", bare)) + _TIGHT.findall(bare):
        out.update(w[i : i + 3] for i in range(max(1, len(w) - 2)))
    return frozenset(out)


def _share(line: frozenset[str], other: str) -> float:
    return len(line & _terms(other)) / len(line) if line else 0.0


def _nearer_the_call(text: str, where: list[_Place], others: list[str], ev: Evidence) -> bool:
    """Whether a line with no subject is about the exchange of a call naming ``others``
    more than about the words its own anchor sits in: "Production runs 2.4.0." restates
    the user; "Invite sent to bob@acme.io" tells of the invite call (which sent ana's)."""
    line = _terms(text)
    said = max((_share(line, p.text) for p in where), default=0.0)
    calls = {p.exchange for o in others for p in _where("any", o, ev) if p.role == "call"}
    told = [p for p in _places(ev) if p.exchange in calls]
    return any(_share(line, p.text[:2000]) > said for p in told)


def _subject_words(text: str) -> str:
    m = _cues().user.search(text) or _cues().assistant.search(text)
    return m.group(0) if m else ""


# --------------------------------------------------------------------------- checks


def check_grounded(
    text: str,
    ev: Evidence,
    actor: str | None = None,
    *,
    outcome_read: bool = False,
    roles_read: bool = False,
) -> list[Claim]:
    """What ``text`` claims that the places of its anchors contradict (see the module).
    ``actor``: the subject another reading found; ``outcome_read``, ``roles_read``:
    another reading read its outcome, its roles already (checked there, not here)."""
    named = anchors(text)
    who = actor or subject(text)
    if _cues().denied.search(_MASKED.sub(" ", text)) and not negated_pass(text):
        named = []  # "did not send it to bob@acme.io": a denial, read elsewhere
    out = _changed_objects(text, named, ev, who)
    if out:
        return out
    if roles_read:  # (the number the user is credited with is read in no language)
        return _assistant_numbers(text, named, ev) if who == "user" else []
    if who == "user":
        out += _user_did(text, named, ev) or _user_turned(text, named, ev)
        out += [] if out else _assistant_words(text, ev) or _assistant_numbers(text, named, ev)
    elif who is None and _said_done(text):
        # "`helm upgrade … -n payments-prod`를 실행했다", "values-prod.yaml 파일을 수정했다": an
        # act said done by no one named is the assistant's (the record's acts are its calls)
        out += _assistant_acted(text, named, ev, unnamed=True)
    elif who is None and _cues().run.search(_MASKED.sub(" ", text)):
        # "Затем был выполнен `make deploy-prod`": run, by no one named
        out += [c for c in _assistant_acted(text, named, ev) if c.kind == "ran"]
    elif who == "assistant":
        out += _assistant_acted(text, named, ev)
        if not out and not _assistant_side(named, ev) and not _denies_unrun(text, ev):
            out += _user_words(text, ev)
    if out or outcome_read:
        return out
    said = polarity(text)
    if not named:
        return _tests_passed(text, ev) if said == "pass" else []
    if said == "pass" and not _tallies(text, named, ev):
        return check_passed(text, ev)
    if said == "fail":
        return _failed(text, named, ev)
    return out


def _changed_objects(
    text: str, named: list[tuple[str, str]], ev: Evidence, who: str | None
) -> list[Claim]:
    out: list[Claim] = []
    for kind, value in named:
        if kind not in _OBJECT_KINDS:
            continue
        where = _where(kind, value, ev)
        if not where or who == "user" or any(p.role != "user" for p in where):
            continue  # (named by a call, a result or the assistant: no object changed)
        others = _siblings(kind, value, ev)
        if not others or (who is None and not _nearer_the_call(text, where, others, ev)):
            continue
        roles = sorted({p.role for p in where})
        out.append(
            Claim(
                "did",
                text,
                f"{value} is in no tool call (only the {' and the '.join(roles)} mentioned "
                f"it); the calls name {', '.join(others[:3])}",
            )
        )
    return out


def _assistant_side(named: list[tuple[str, str]], ev: Evidence) -> bool:
    return any(
        p.role in ("call", "result", "assistant") for k, v in named for p in _where(k, v, ev)
    )


def _user_did(text: str, named: list[tuple[str, str]], ev: Evidence) -> list[Claim]:
    """A line crediting the user with what only the assistant's tool calls show."""
    things = [(k, v) for k, v in named if k != "identifier" or "_" in v]
    located = [(k, v, _where(k, v, ev)) for k, v in things]
    located = [(k, v, w) for k, v, w in located if w]
    if not located or any(p.role == "user" for _, _, w in located for p in w):
        return []
    if not all(p.role in ("call", "result") for _, _, w in located for p in w):
        return []
    shown = ", ".join(v for _, v, _ in located[:2])
    return [
        Claim(
            "did",
            text,
            f"the user never mentioned {shown}: only the assistant's tool calls did",
        )
    ]


def _user_turned(text: str, named: list[tuple[str, str]], ev: Evidence) -> list[Claim]:
    """A line crediting the user with asking for, or allowing, what each of the user's
    turns naming it forbade ("Käyttäjä pyysi ajamaan `terraform destroy`." for "Älä
    koskaan aja `terraform destroy`", "Пользователь разрешил запускать `make deploy-prod`"):
    the line neither forbids nor restricts, in any language read."""
    from . import words as words  # (a table of words, no cycle)

    bare = _MASKED.sub(" ", text)
    if words.restricts(bare) or _cues().forbade.search(bare) or _cues().denied.search(bare):
        return []
    for kind, value in named:
        if kind not in ("command", "path"):
            continue
        said = [p.text for p in _where(kind, value, ev) if p.role == "user"]
        if said and all(words.restricts(t) for t in said):
            return [Claim("user said", text, f"the user forbade {value}: {quote(said[0])}")]
    return []


_ENGLISH_CUES = frozenset((lexicon.WRITE_CUES_ENGLISH + lexicon.RUN_CUES_ENGLISH).split())
# Arabic's short vowels and doubling marks, and the stretching stroke: written or not, the
# word is the same ("عدّل", "عدل")
_ARABIC_MARKS = re.compile("[\u064b-\u0652\u0640]")


def _plain(text: str) -> str:
    """``text`` as the cues read it: code, quotes, addresses masked, Arabic's marks off."""
    return _ARABIC_MARKS.sub("", _MASKED.sub(lambda m: " " * len(m.group(0)), text))


def _said_done(text: str) -> bool:
    """Whether ``text`` says a run or a write happened in a language the English reading
    does not read: a cue of another language than English, in its past (see
    ``lexicon.HANGUL_DONE_AFTER``), not under a condition."""
    bare = _plain(text)
    if lexicon.CONDITIONAL.search(bare) or bare.rstrip().endswith("?"):
        return False
    for cue in (*_cues().run.finditer(bare), *_cues().write.finditer(bare)):
        if cue.group(0).casefold() in _ENGLISH_CUES:
            continue  # ("ran", "edited": the English reading's)
        if _HANGUL.search(cue.group(0)):
            done = _past_syllable(cue.group(0)[-1]) or (
                lexicon.HANGUL_DONE_AFTER.match(bare[cue.end() :]) is not None
            )
        elif lexicon.TENSELESS_CUES.fullmatch(cue.group(0)):
            done = _tenseless_done(bare, cue.start(), cue.end())
        else:
            done = True
        if done:
            return True
    return False


def _past_syllable(char: str) -> bool:
    """Whether a Hangul syllable carries the past's final ㅆ (었/았/였 merged into the verb:
    "돌렸", "고쳤", "썼"): the cue is itself in the past."""
    at = ord(char) - 0xAC00
    return 0 <= at < 11172 and at % 28 == 20


def _tenseless_done(bare: str, start: int, end: int) -> bool:
    """Whether a verb without tense at ``bare[start:end]`` is said done: "đã"/"rồi" in its
    line, or "แล้ว"/"เรียบร้อย" after it, and no request before it."""
    if lexicon.TENSELESS_ASKED.search(bare[:start]):
        return False
    return bool(
        lexicon.TENSELESS_DONE.search(bare) or lexicon.TENSELESS_DONE_AFTER.search(bare[end:])
    )


def _assistant_acted(
    text: str, named: list[tuple[str, str]], ev: Evidence, *, unnamed: bool = False
) -> list[Claim]:
    """A line whose subject is the assistant, claiming an act the record's calls do not
    show, in any language: a backticked command only the user named ("Avustaja ajoi `npm
    publish`."), a file only read or only named by the user said changed, written or
    deleted ("Ассистент переписал src/vat.py", "העוזר שינה את pom.xml") — the word for the
    act read next to the file, before it (after it in Korean, whose verb comes last).
    ``unnamed``: a line with no subject that says the act was done; a command of several
    words it claims run must have run as written (its arguments changed, it did not)."""
    if _cues().denied.search(_MASKED.sub(" ", text)):
        return []  # "did not run X": a denial, read elsewhere
    out: list[Claim] = []
    for kind, value in named:
        where = _where(kind, value, ev)
        if kind == "command" and _only_forbidden(where):
            why = f"no tool call ran it (only the user mentioned it: {quote(where[0].text)})"
            out.append(Claim("ran", value, why))
        elif kind == "command" and unnamed and " " in value.strip() and not ev.ran(value):
            out += check_ran([value], ev)
        elif kind == "path" and not _written(value, ev):
            if _act_on(text, value, named) != "write":
                continue
            if any(p.role == "call" for p in where):
                why = "no write-type call wrote it (it was only read or run)"
            elif _only_forbidden(where):
                why = "no tool call touched it (only the user mentioned it)"
            else:
                continue
            out.append(Claim("wrote", value, why))
    return out


def _only_forbidden(where: list[_Place]) -> bool:
    """Whether only words hold a command or a file: a user's, and the assistant's only
    when it promised not to touch it ("Понял: никакого `make deploy-prod`")."""
    from . import words as words  # (a table of words, no cycle)

    return any(p.role == "user" for p in where) and all(
        p.role == "user" or (p.role == "assistant" and words.restricts(p.text)) for p in where
    )


def _written(path: str, ev: Evidence) -> bool:
    """Whether a write-type call wrote ``path`` (or a file of that name, when ``path`` is
    a bare name: "Shipping.java")."""
    return ev.wrote(path)


_HANGUL = re.compile(r"[\uac00-\ud7af]")


# Where a clause ends: a comma, a semicolon or a full stop in any script (a path's own dots
# aside), the colon of a heading not (it governs the list after it)
_CLAUSE_END = re.compile(r"[,;，、；。！？]|[.!?](?=\s|$)")
# A heading of its own words before a list ("Записанные файлы: a.py, b.py")
_HEADING = re.compile(r"^[^:`\n]{1,60}(?=:\s)")


def _act_on(text: str, value: str, named: list[tuple[str, str]]) -> str | None:
    """What the words say was done to the file ``value``: "write", "read" or None.

    Its own clause first, whatever the order of verb and object ("config/app.yaml wurde
    geschrieben", "config/app.yaml yazıldı", "تمت كتابة config/app.yaml"), or, for an item
    of a list under a heading, the heading ("Записанные файлы: a.py, config/app.yaml");
    where the clause names other things too or says both, the words before it (after it
    in Korean) say whether it was written."""
    clause, heading = _clause_of(text, value)
    others = [v for _, v in named if v != value and v in clause]
    if not others:
        act = _act_of(clause, named) or _act_of(heading, named)
        if act is not None:
            return act
    return "write" if _cues().write.search(_plain(_governing(text, value, named))) else None


def _clause_of(text: str, value: str) -> tuple[str, str]:
    """The clause of ``text`` holding ``value``, and the heading the line opens with (if
    any), code masked so that a command's own commas cut nothing."""
    at = text.find(value)
    masked = _MASKED.sub(lambda m: "_" * len(m.group(0)), text)
    ends = [m.end() for m in _CLAUSE_END.finditer(masked) if not at <= m.start() < at + len(value)]
    start = max((e for e in ends if e <= at), default=0)
    stop = min((e for e in ends if e > at + len(value)), default=len(text))
    heading = _HEADING.match(masked)
    head = text[: heading.end()] if heading and heading.end() <= at else ""
    return text[start:stop], head


def _act_of(words: str, named: list[tuple[str, str]]) -> str | None:
    """What ``words`` (the names in them aside) say was done: "write" or "read" when they
    say only one of them, else None."""
    for _, v in named:
        words = words.replace(v, " ")
    words = _plain(words)
    wrote = _cues().write.search(words) is not None
    read = _cues().read.search(words) is not None
    return ("write" if wrote else "read") if wrote != read else None


def says_read(text: str) -> bool:
    """Whether ``text`` says something was read, opened or looked through and nothing
    written (the cues of every language read), its names and code aside.

    >>> says_read("The agent went through config/prod.yaml."), says_read("wrote a.py")
    (True, False)
    """
    return _act_of(text, anchors(text)) == "read"


def _governing(text: str, value: str, named: list[tuple[str, str]]) -> str:
    """The words that say what was done to ``value``: from the anchor before it to it (a
    verb before its object), or, in Korean, from it to the next anchor."""
    at = text.find(value)
    if at < 0:
        return ""
    spans = [
        (m.start(), m.end())
        for _, v in named
        if v != value
        for m in re.finditer(re.escape(v), text)
    ]
    end = at + len(value)
    if _HANGUL.search(text):
        after = [a for a, _ in spans if a >= end]
        return text[end : min(after, default=len(text))]
    before = [b for _, b in spans if b <= at]
    return text[max(before, default=0) : at]


def _tests_passed(text: str, ev: Evidence) -> list[Claim]:
    """A pass claimed of the tests in general, naming none ("Все тесты зелёные.", "Kaikki
    testit onnistuivat.", "모든 테스트가 성공했습니다.") or naming one by a quoted title:
    the last test run (of each suite, when it says all) shows no failure."""
    bare = _MASKED.sub(" ", text)
    if not _cues().tests.search(bare) or lexicon.CONDITIONAL.search(bare):
        return []  # (not "deploy only if the tests pass": a condition)
    if QUOTED_NAME.search(text):
        found = check_passed(text, ev)
    else:
        every = _cues().every.search(bare)
        found = check_passed("All tests passed." if every else "The tests passed.", ev)
    return [Claim("passed", text, c.reason) for c in found]


def _denies_unrun(text: str, ev: Evidence) -> bool:
    """Whether ``text`` denies an act on what no tool call names ("Ассистент не запускал
    `make deploy-prod`.", "Trợ lý không chạy `php artisan migrate:fresh`."): the
    assistant kept a rule of the user's, which the record shows as it says."""
    if not _cues().denied.search(_MASKED.sub(" ", text)):
        return False
    named = anchors(text)
    return bool(named) and not any(p.role == "call" for k, v in named for p in _where(k, v, ev))


def _user_words(text: str, ev: Evidence) -> list[Claim]:
    """A line crediting the assistant with what only the user said (a rule it "forbade")."""
    line = _terms(text) - _terms(_subject_words(text))
    if len(line) < 3:
        return []
    places = _places(ev)
    best = max(
        (p for p in places if p.role == "user"), key=lambda p: _share(line, p.text), default=None
    )
    if best is None or _share(line, best.text) < 0.6:
        return []
    ours = (p for p in places if p.role != "user")
    if any(_share(line, p.text[:2000]) >= 0.4 for p in ours):
        return []
    return [
        Claim("assistant said", text, f"the user said this, not the assistant: {quote(best.text)}")
    ]


_COUNT = re.compile(r"(?<![\w.,:/-])\d+(?![\w.,:/-]|[.,]\d)")


def _tallies(text: str, named: list[tuple[str, str]], ev: Evidence) -> bool:
    """Whether ``text`` gives the tallies a run it names printed ("1 bumagsak, 3 pumasa" of
    ``1 failed, 3 passed``, "2 failed of 3" of ``3 tests completed, 2 failed``): two counts
    or more, each on a summary line of that run, whatever the words beside them say."""
    counts = set(_COUNT.findall(_MASKED.sub(" ", text)))
    if len(counts) < 2:
        return False
    runs = {p.exchange for k, v in named for p in _where(k, v, ev) if p.role == "call"}
    told = [p.text for p in _places(ev) if p.role == "result" and p.exchange in runs]
    return any(counts <= _summary_counts(t) for t in told)


def _summary_counts(output: str) -> set[str]:
    return {n for x in output.splitlines() if outcome_counts(x) for n in _COUNT.findall(x)}


def _assistant_words(text: str, ev: Evidence) -> list[Claim]:
    """A line crediting the user with what only the assistant proposed ("Kasutaja otsustas
    kasutada vahemäluna Redis 7." where the assistant wrote "Soovitan kasutada vahemäluna
    Redis 7." and the user never named it): most of its words are an assistant turn's, and
    no user turn, call or result holds nearly as many."""
    line = _terms(text) - _terms(_subject_words(text))
    if len(line) < 6:
        return []
    places = _places(ev)
    best = max(
        (p for p in places if p.role == "assistant"),
        key=lambda p: _share(line, p.text),
        default=None,
    )
    held = _share(line, best.text) if best is not None else 0.0
    if best is None or held < 0.5:
        return []
    # (a user turn that shares its verb, "X otsustas …", holds fewer of its words)
    if any(_share(line, p.text[:2000]) > held - 0.25 for p in places if p.role != "assistant"):
        return []
    why = f"only the assistant said this; no user turn does: {quote(best.text)}"
    return [Claim("user said", text, why)]


# a whole number in any digits ("30", "٣٠") a line says, not a part of a decimal, a
# version or a name ("v2", "test_2"); a script without spaces may glue it to its words
# ("タイムアウトを45秒")
_WHOLE_NUMBER = re.compile(r"(?<![A-Za-z_.,])(?<!\d)\d+(?![.,]?\d)")
# every run of digits a turn holds ("8443", "x86_64", "2026-12-06"): read wide, so that a
# number the user wrote in any form is the user's
_DIGITS = re.compile(r"\d+")


def _numbers(text: str, pattern: re.Pattern[str] = _DIGITS) -> set[int]:
    return {int(m.group(0)) for m in pattern.finditer(text)}


def _assistant_numbers(text: str, named: list[tuple[str, str]], ev: Evidence) -> list[Claim]:
    """A line crediting the user with a number only the assistant's words hold ("사용자가
    타임아웃을 30초로 하기로 했습니다" where the assistant proposed 30 seconds and no user
    turn, call or output says 30), in any language: the number is the assistant's."""
    bare = _plain(text)
    for _, value in named:
        bare = bare.replace(value, " ")
    numbers = _numbers(bare, _WHOLE_NUMBER)
    if not numbers:
        return []
    places = _places(ev)
    for n in sorted(numbers):
        said_by = {p.role for p in places if n in _numbers(p.text)}
        if said_by == {"assistant"}:
            turn = next(p.text for p in places if p.role == "assistant" and n in _numbers(p.text))
            why = f"the user never said {n}; only the assistant did: {quote(turn)}"
            return [Claim("user said", text, why)]
    return []


def _failed(text: str, named: list[tuple[str, str]], ev: Evidence) -> list[Claim]:
    """A failure claimed of what the anchors name: some exchange they sit in failed, and
    not only for another test (a test its runner marked passed in a run that failed for
    another is no failure, R44-ver1: "Тест test_empty_batch впав."; called where the
    line says a failure and no pass, so every test it names is claimed failed)."""
    passed = marked_passed(text, ev, only_failure=True)
    if passed:
        return passed
    runs = {
        p.exchange: p.failed
        for k, v in named
        for p in _where(k, v, ev)
        if p.exchange >= 0 and k != "email"
    }
    if not runs or any(runs.values()):
        return []
    shown = next(v for k, v in named if _where(k, v, ev))
    return [Claim("failed", text, f"every tool result of what it names passed ({shown})")]


_VALUE = re.compile(r"(?<![\w.-])[\w.-]*\d[\w.-]*(?![\w-])")


def failure_grounded(text: str, ev: Evidence) -> bool:
    """Whether a ``Failures`` item in words the checker cannot match to the output
    ("TestLotExpirat a eșuat: lotul FU118 expiră pe 2026-12-30", "Heilsuprófið á gátt 8080
    mistókst: tengingu hafnað") is where its anchors put it: the section says it failed and
    no cue reads a pass, it names an anchor or a value, every test it names is on a failing
    line of one failed result, and every other anchor and value it names (an id, a port, a
    date, a count) is in that result or its call, in the order a line of it gives them
    ("got 100, want 120" is not "got 120 rows, want <= 100")."""
    if polarity(text) == "pass":
        return False
    named = [(k, v) for k, v in anchors(text) if k != "email"]
    values = [m.group(0).rstrip(".") for m in _VALUE.finditer(_MASKED.sub(" ", text))]
    tests = [v for k, v in named if k == "identifier"]
    if not (named or values) or not ev.answered_failed:
        return False
    for r in ev.results:
        if not r.failed:
            continue
        lines = failing_lines(r, wide=True)
        if not all(any(t in line for line in lines) for t in tests):
            continue
        told = r.text + " " + " ".join(r.commands)
        if (
            all(_holds(told, k, v) for k, v in named if k != "identifier")
            and all(v in told or _core(v) in told for v in values)
            and not (_same_words(text, told) and any(_reordered(values, x) for x in lines))
        ):
            return True
    return False


def _core(value: str) -> str:
    """A value without the case ending a language glued to it ("10en", "raw-eu-1-ის")."""
    m = re.match(r"^(.*\d)-?[^\W\d_]+$", value)
    return m.group(1) if m else value


def _same_words(text: str, told: str) -> bool:
    """Whether ``text`` says its message in the output's words ("got 100 rows, want 120"),
    not in a translation ("10 کی بجائے 12"): then the order of its values is the output's."""
    for _, value in anchors(text):  # (a test's name is the output's in every language)
        text = text.replace(value, " ")
    words = {w.casefold() for w in re.findall(r"[^\W\d_]{3,}", _MASKED.sub(" ", text))}
    return bool(words & {w.casefold() for w in re.findall(r"[^\W\d_]{3,}", told)})


def _reordered(values: list[str], line: str) -> bool:
    """Whether ``line`` gives two of ``values`` the other way round."""
    at = [m.start() for v in dict.fromkeys(values) for m in [_whole_value(v).search(line)] if m]
    return at != sorted(at)


def _whole_value(value: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.]){re.escape(value)}(?![\w]|\.\d)")

"""A credential's value a tool printed, copied into a recap (RT25-1, RT26-7): "The database
password is Xk3p…" or "GRAFANA_TOKEN=sk_06fb…" would make the secret a permanent line of every
later request and of a paid summarizer's prompt. A recap names a credential; it never
carries its value, whoever wrote the recap. What counts as a credential's value is the
recap writer's reading (:data:`.findings.CREDENTIAL`), and a table row a secrets tool prints
("password    Xk3p…", as ``vault kv get`` does: a name and its value alone on a line).

>>> lines = ("DB_PASSWORD=hunter2hunter2", "password Xk3pQ9vLm2", "max_tokens=4096")
>>> sorted(_values((*lines, "BROKER_URL=amqps://svc:Qm7Z8rTw2@mq.internal:5671/prod")))
['Qm7Z8rTw2', 'Xk3pQ9vLm2', 'hunter2hunter2']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..credentials import holding_hints
from ..findings import CREDENTIAL
from .evidence import Claim, Evidence
from .reading import quote

__all__ = ["check_hardcoded", "check_secret"]

_TABLE_ROW = re.compile(
    r"(?im)^\s*[\w.-]*(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|access[_-]?key)[\w.-]*"
    r"\s+(?P<value>\S{8,})\s*$"
)


@lru_cache(maxsize=1 << 13)  # each tool output of the record is read once, not every turn
def _values(lines: Sequence[str]) -> frozenset[str]:
    found: set[str] = set()
    for k in holding_hints(lines):  # (the lines that may_hold_secret, found at once)
        line = lines[k]
        for m in CREDENTIAL.finditer(line):
            # the value alone, after what names it ("DB_PASSWORD=", "--token ", a URL's
            # "scheme://user:"): "The broker password is Xk3p…" copies only that (RT26-7)
            head = next((m.group(g) for g in _NAMING if m.group(g)), "")
            value = m.group(0)[len(head) :].strip("\"' ")
            # (a URL's userinfo holds a password whatever it looks like)
            if _made(value) or (m.group("url") and len(value) >= 8):
                found.add(value)
        found |= {m.group("value") for m in _TABLE_ROW.finditer(line) if _made(m.group("value"))}
    return frozenset(found)


_NAMING = ("name", "flag", "said", "spoken", "url", "bearer")  # CREDENTIAL's groups before a value


def _made(value: str) -> bool:
    """A value that looks made, not a word ("test_login_flow" after "test_auth.py::" is a
    test's name): a letter and two digits, or 20 characters (recap14's rule)."""
    digits = sum(c.isdigit() for c in value)
    return len(value) >= 8 and (len(value) >= 20 or (digits >= 2 and digits < len(value)))


def check_secret(text: str, ev: Evidence) -> list[Claim]:
    """``text`` holds the value of a credential a tool printed or a user said ("Portal
    password: Heron-7723" after the user's "the portal password is Heron-7723, never repeat
    it", in any language the recap writer reads a password in: R48-ver1 12/12 stood)."""
    printed, said = ev.derive("secret values", lambda: _record_values(ev))
    if any(v in text for v in printed):
        whose = "a tool printed"
    elif any(v in text for v in said):
        whose = "the user said"
    else:
        return []
    why = f"a credential's value {whose}: a recap names the credential, never its value"
    return [Claim("number", text, why)]


def _record_values(ev: Evidence) -> tuple[frozenset[str], frozenset[str]]:
    """The credential values tool results printed, and those the user's turns said (each
    line read as the recap writer reads it: :func:`.credentials.masked` hides the same)."""
    printed = frozenset().union(*(_values(r.lines) for r in ev.results))
    said = _values(tuple(line for turn in ev.user_turns for line in turn.splitlines()))
    return printed, said - printed


# Putting a credential's value where the code or its files carry it ("Hardcode the token
# from X in the settings file.", "Write the value of X directly into the code.").
_HARDCODE = re.compile(
    r"(?i)\b(?:hard[- ]?cod\w*|embed\w*|inlin(?:e|ed|ing)\b)|\b(?:write|writes|wrote|put|puts|"
    r"paste\w*|copy|copies|copied|store\w*|commit\w*|bake\w*|check(?:ed)?\s+in)\b[^.;]{0,60}?"
    r"\b(?:in|into)\s+(?:the\s+|a\s+|its\s+)?(?:code|source|config\w*|settings?|repo\w*|"
    r"constants?|[\w.-]*\s*file)\b"
)
_ENV_NAME = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_NOT_BEFORE = re.compile(
    r"(?i)\b(?:never|not|no|don'?t|avoid\w*|without|instead\s+of|rather\s+than)\b|n't\b"
)


def _hardcodes(text: str) -> bool:
    """Whether ``text`` says to put a credential's value in code or a file, not denied."""
    m = _HARDCODE.search(text)
    return m is not None and _NOT_BEFORE.search(text[: m.start()]) is None


def check_hardcoded(text: str, ev: Evidence) -> list[Claim]:
    """A credential the user named by its variable, claimed hardcoded or to be ("Hardcode
    the token from BENCHLING_API_KEY_002 in the config file." where the user said "Read
    the credential from BENCHLING_API_KEY_002; never hardcode it", in any language): only a
    turn saying so in plain words supports it; a turn that names the variable and never
    says to hardcode it does not (R22-V1 env-negated)."""
    if not _hardcodes(text):
        return []
    names = set(_ENV_NAME.findall(text))
    naming = [t for t in ev.user_turns if any(n in t for n in names)]
    said = (*ev.user_turns, *ev.assistant)
    if not naming or any(
        _hardcodes(s) for t in said if any(n in t for n in names) for s in _parts(t)
    ):
        return []
    why = f"the user named {min(names)} as where it is read from, never to hardcode it"
    return [Claim("constraint", text, f"{why}: {quote(naming[0])}")]


def _parts(turn: str) -> list[str]:
    return [p for p in re.split(r"[.;!?\n]+", turn) if p.strip()]

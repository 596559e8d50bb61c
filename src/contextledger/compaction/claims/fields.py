"""A figure bound to the field a tool's JSON answer gives it: "state tax owed is $2,310"
where the answer was ``{"federal_owed": 2310, "state_owed": 640}`` names 2310 by a word of
another field ("state") and by none of its own ("federal").

The fields of one JSON object are told apart by the words of their keys that the others
lack (``federal_owed``: federal; ``state_owed``: state; ``refund``: refund). A figure of the
clause that is such a field's value is read with the words before it (back to the figure
before, or the clause's start), or else after it: naming a word only another field of the
object has, and no word only its own has, it is that other field's figure given to the wrong
field.

>>> from contextledger.model import Message, ToolCall
>>> from .evidence import Evidence
>>> answer = '{"federal_owed": 2310, "state_owed": 640, "refund": 0}'
>>> ev = Evidence.of([Message.assistant(ToolCall("c", "estimate_tax", "{}")), Message.tool("c", answer)])
>>> [c.reason for c in check_field_figures("Estimated state tax owed is $2,310.", ev)]
['the answer gives 2310 as federal_owed (state_owed is 640)']
>>> check_field_figures("Owed: federal $2,310, state $640, no refund.", ev)
[]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from ..trace import stem
from .evidence import Claim, Evidence

# one JSON object's numeric fields: (key, its distinguishing words, its value)
_Field = tuple[str, frozenset[str], str]
_KEY_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_FIGURE = re.compile(r"(?<![\w.])[$€£¥]?\d[\d,]*(?:\.\d+)?(?![\w])")
# where the words of one figure end: "€412 per person, €8,240 in total" reads 8,240 with
# "in total", never with the "per person" of the figure before it
_CLAUSE_END = re.compile(r"[,;:()]|\s+(?:and|but)\s+")


def _figure(value: float | int) -> str:
    """A JSON number as a clause's figure is read (2310.0 -> "2310", 2140.55 -> "2140.55")."""
    return f"{value:.6f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def _plain(figure: str) -> str:
    """A figure of a clause as :func:`_figure` writes a JSON number ("$2,310.50" -> "2310.5")."""
    text = re.sub(r"[$€£¥,]", "", figure)
    return text.rstrip("0").rstrip(".") if "." in text else text


def _objects(value: object) -> Iterator[dict[str, object]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _objects(v)
    elif isinstance(value, list):
        for v in value:
            yield from _objects(v)


def _fields_of(body: str) -> list[list[_Field]]:
    """The numeric fields of each object of a JSON answer, with their distinguishing words
    (an object of fewer than two numeric fields tells none apart)."""
    if not body.lstrip().startswith(("{", "[")):
        return []
    try:
        parsed = json.loads(body)
    except ValueError:
        return []
    out = []
    for obj in _objects(parsed):
        numeric = [
            (k, v) for k, v in obj.items() if isinstance(v, int | float) and not isinstance(v, bool)
        ]
        if len(numeric) < 2:
            continue
        words = {k: frozenset(stem(w) for w in _KEY_WORD.findall(k)) for k, _ in numeric}
        fields = []
        for k, v in numeric:
            others = frozenset().union(*(w for o, w in words.items() if o != k))
            fields.append((k, words[k] - others, _figure(v)))
        out.append(fields)
    return out


def _all_fields(ev: Evidence) -> list[list[_Field]]:
    return [f for _, body in ev.answered for f in _fields_of(body)]


def _words(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[^\W\d_]+", text))


def check_field_figures(text: str, ev: Evidence) -> list[Claim]:
    """A figure of ``text`` named by another field's words of the JSON object that gives it
    (see the module)."""
    found = list(_FIGURE.finditer(text))
    if not found:
        return []
    objects = ev.derive("json numeric fields", lambda: _all_fields(ev))
    if not objects:
        return []
    for i, m in enumerate(found):
        value = _plain(m.group())
        start = found[i - 1].end() if i else 0
        before = _CLAUSE_END.split(text[start : m.start()])[-1]
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        after = _CLAUSE_END.split(text[m.end() : end])[0]
        for fields in objects:
            own = [f for f in fields if f[2] == value]
            if len(own) != 1:
                continue  # (no field, or two fields of one value: no telling which)
            key, mine, _ = own[0]
            for near in (_words(before), _words(after)):
                if mine & near:
                    break  # named by a word of its own field
                theirs = [f for f in fields if f[0] != key and f[1] & near]
                if theirs:
                    other, _, other_value = theirs[0]
                    why = f"the answer gives {value} as {key} ({other} is {other_value})"
                    return [Claim("number", text.strip(), why)]
    return []

"""What a person asks of their stored history: each session's model, turns, tokens, cost
and last use, and full-text search over every stored message.

Search runs SQLite FTS5 (BM25 ranking, highlighted snippets) over the stored messages'
text, tool calls and tool results, the same for every backend: the rows are read through
the backend's interface, so SQLite and PostgreSQL stores give the same answers. The index
is built for the query in memory, so it can never be stale or damage the store; it costs
one pass over the stored messages per search.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..catalog import DollarCost, cost_in_dollars, price_table
from ..errors import ContentError, StoreError
from ..model import Message, ToolResult
from .base import SessionBackend, SessionInfo
from .codec import message_from_bytes


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One session for a listing. ``input_tokens``/``output_tokens`` add up the provider's
    reported usage (our estimate where it reported none); ``cost`` prices each request
    with the dated price table (``cost.dollars`` is None when a model has no price)."""

    info: SessionInfo
    model: str | None
    turns: int
    input_tokens: int
    output_tokens: int
    requests: int
    cost: DollarCost

    @property
    def last_used(self) -> float:
        return max(self.info.updated or 0.0, self.info.created)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.info.name,
            "model": self.model,
            "turns": self.turns,
            "messages": self.info.messages,
            "events": self.info.events,
            "requests": self.requests,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "dollars": None if self.cost.dollars is None else str(self.cost.dollars),
            "unpriced_models": list(self.cost.unpriced),
            "prices_as_of": self.cost.as_of,
            "created": self.info.created,
            "last_used": self.last_used,
        }


def usage_cost(record: Mapping[str, Any], *, estimated: bool = False) -> DollarCost | None:
    """The dollar cost of one stored ``usage`` event, or None when the provider reported
    no usage (nothing to price). Cache reads and writes are billed at their own rates when
    recorded. With ``estimated``, a request the provider reported no usage for (a streamed
    reply whose client asked for none: the OpenAI SDK's default) is priced from our estimate
    of its input, as the proxy's dashboard prices it: a total is never a silent zero."""
    reported, output = record.get("reported"), record.get("output_tokens")
    if estimated and not isinstance(reported, int):
        reported, output = record.get("estimated"), output if isinstance(output, int) else 0
    model = record.get("model")
    if not isinstance(reported, int) or not isinstance(output, int) or not isinstance(model, str):
        return None

    def count(key: str) -> int:
        value = record.get(key)
        return value if isinstance(value, int) else 0

    return cost_in_dollars(
        model,
        reported,
        output,
        cached_input_tokens=count("cached_input_tokens"),
        cache_write_tokens=count("cache_write_tokens"),
        cache_write_1h_tokens=count("cache_write_1h_tokens"),
    )


def total_cost(records: Iterable[Mapping[str, Any]]) -> DollarCost:
    """The dollars of every priced request together (unpriced models are named); a request
    without the provider's usage counts by our estimate of its input."""
    total = DollarCost(Decimal(0), price_table().as_of)
    for record in records:
        cost = usage_cost(record, estimated=True)
        if cost is not None:
            total = total + cost
    return total


def summarize(backend: SessionBackend, info: SessionInfo, session_id: int) -> SessionSummary:
    """A session's listing line, read from its rows (unreadable rows are skipped)."""
    turns = 0
    for row in backend.message_rows(session_id):
        try:
            if message_from_bytes(row.body).role == "user":
                turns += 1
        except ContentError:
            continue
    usage: list[Mapping[str, Any]] = []
    for event in backend.event_rows(session_id):
        if event.kind not in ("usage", "serve.turn"):
            continue
        try:
            data = json.loads(event.data)
        except ValueError:
            continue
        record = usage_record(event.kind, data)
        if record is not None:
            usage.append(record)
    input_tokens = output_tokens = 0
    for u in usage:
        reported, estimated, out = u.get("reported"), u.get("estimated"), u.get("output_tokens")
        input_tokens += reported if isinstance(reported, int) else _int(estimated)
        output_tokens += _int(out)
    model = next((str(u["model"]) for u in reversed(usage) if u.get("model")), None)
    return SessionSummary(
        info, model, turns, input_tokens, output_tokens, len(usage), total_cost(usage)
    )


def usage_record(kind: str, data: object) -> Mapping[str, Any] | None:
    """A stored event as a ``usage`` record: chat stores those as they are; ``serve``
    stores each request it forwarded as a ``serve.turn`` (its model, our estimate and the
    provider's usage), which counts once the provider answered it."""
    if not isinstance(data, dict):
        return None
    if kind == "usage":
        return data
    if data.get("status") != 200:
        return None  # refused or failed upstream: not a billed request
    usage = data.get("usage")
    reported = usage if isinstance(usage, dict) else {}
    cache = ("cached_input_tokens", "cache_write_tokens", "cache_write_1h_tokens")
    return {
        "model": data.get("model"),
        "estimated": data.get("used"),
        "reported": reported.get("input_tokens"),
        "output_tokens": reported.get("output_tokens"),
        **{key: reported[key] for key in cache if key in reported},
    }


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


# --------------------------------------------------------------------------- search


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One stored message that matches: its session, position, role and a snippet with
    the matching words in ``[brackets]``."""

    session: str
    seq: int
    message_id: str
    role: str
    created: float
    snippet: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "seq": self.seq,
            "id": self.message_id,
            "role": self.role,
            "created": self.created,
            "snippet": self.snippet,
        }


def searchable_text(m: Message) -> str:
    """What a search looks in: the text, tool calls (name and arguments) and tool results."""
    parts = [m.text]
    for b in m.content:
        if isinstance(b, ToolResult):
            parts.append(b.text)
    parts.extend(f"{c.name} {c.arguments}" for c in m.tool_calls)
    return "\n".join(p for p in parts if p)


def indexable(text: str) -> str:
    """``text`` as SQLite can hold it: a lone surrogate (a truncated emoji a store keeps as it
    came) becomes U+FFFD, a pair of surrogates the character it spells; SQLite takes UTF-8
    only, and one such message made every search fail.

    >>> indexable("thanks \\ud83d"), indexable("ok \\ud83d\\ude00")
    ('thanks \ufffd', 'ok 😀')
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def fts_query(query: str) -> str:
    """The words a person typed as an FTS5 query: every word must occur (in any order),
    each matched as a word, never read as FTS5 syntax (``-``, ``:``, quotes are just text).
    A word ending in ``*`` matches as a prefix.

    >>> fts_query('upload 500 "big files" err*')
    '"upload" "500" "big" "files" "err"*'
    """
    terms = []
    for word in indexable(query).replace('"', " ").split():
        prefix = word.endswith("*") and len(word) > 1
        word = word.rstrip("*")
        if word:
            terms.append(f'"{word}"' + ("*" if prefix else ""))
    if not terms:
        raise ContentError("query", "give at least one word to search for")
    return " ".join(terms)


def search(backend: SessionBackend, query: str, *, limit: int = 20) -> list[SearchHit]:
    """Stored messages matching every word of ``query``, best match first (BM25)."""
    match = fts_query(query)
    db = sqlite3.connect(":memory:")
    try:
        try:
            db.execute(
                "CREATE VIRTUAL TABLE hits USING fts5(body, session UNINDEXED, seq UNINDEXED, "
                "id UNINDEXED, role UNINDEXED, created UNINDEXED, "
                "tokenize = 'unicode61 remove_diacritics 2')"
            )
        except sqlite3.OperationalError as exc:  # a Python built without FTS5
            raise StoreError(f"full-text search needs SQLite's FTS5 ({exc})") from None
        rows = []
        for name, row in backend.all_message_rows():
            if not row.intact:
                continue
            try:
                m = message_from_bytes(row.body)
            except ContentError:
                continue
            text = indexable(searchable_text(m))
            if text:
                rows.append((text, name, row.seq, m.id, m.role, row.created))
        db.executemany("INSERT INTO hits VALUES (?, ?, ?, ?, ?, ?)", rows)
        found = db.execute(
            "SELECT session, seq, id, role, created, "
            "snippet(hits, 0, '[', ']', '…', 12) FROM hits WHERE hits MATCH ? "
            "ORDER BY bm25(hits), created DESC LIMIT ?",
            (match, limit),
        ).fetchall()
    finally:
        db.close()
    return [
        SearchHit(str(s), int(q), str(i), str(r), float(c), " ".join(str(t).split()))
        for s, q, i, r, c, t in found
    ]

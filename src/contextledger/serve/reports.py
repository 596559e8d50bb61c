"""What the proxy says about its sessions: the summaries and per-session detail behind
``/contextledger/sessions`` and the dashboard pages (from memory, else the store)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from ..storage.sessions import SessionStore
from . import dashboard
from .sessions import (
    MAX_TURN_REPORTS,
)

if TYPE_CHECKING:
    from .proxy import Proxy


async def session_summaries(proxy: Proxy) -> list[dict[str, Any]]:
    """A row per stored session: from memory, else from the turn reports in the store
    (read once per session and again only when its rows change), so a restarted
    proxy's dashboard still shows every session's model, tokens and cost."""
    live = {s.name: list(s.turns) for s in proxy.sessions}  # copied here, on the loop

    def read(store: SessionStore) -> list[tuple[Any, list[dict[str, Any]]]]:
        rows: list[tuple[Any, list[dict[str, Any]]]] = []
        for info in store.list():
            turns = live.get(info.name)
            if turns is not None:
                rows.append((info, turns))
                continue
            mark = store.mark(info.name)
            known = proxy.stored_turns.get(info.name)
            if known is None or known[0] != mark:
                tail = store.read_since(info.name, replace(mark, events=0))
                turns = [dict(e.data) for e in tail.events if e.kind == "serve.turn"]
                known = proxy.stored_turns[info.name] = (mark, turns[-MAX_TURN_REPORTS:])
            rows.append((info, known[1]))
        return rows

    return [
        dashboard.summary(info.name, info.messages, info.created, info.updated, turns)
        for info, turns in await proxy.store_call(read)
    ]


async def session_detail(proxy: Proxy, name: str) -> dict[str, Any] | None:
    state = proxy.sessions.get(name)
    if state is not None:
        turns = list(state.turns)
        messages = state.size
        compactions = [e.to_dict() for e in state.conversation.events]
        # what other instances on the store did since this one last served the session
        since = partial(SessionStore.read_since, session=name, since=state.mark)
        tail = await proxy.store_call(since)
        messages += len(tail.stored)
        for ev in tail.events:
            if ev.data.get("instance") == proxy.instance:
                continue
            if ev.kind == "serve.turn":
                turns.append(dict(ev.data))
            elif ev.kind == "compaction":
                compactions.append(dict(ev.data))
    else:

        def load(store: SessionStore) -> Any:
            return store.load(name) if store.exists(name) else None

        loaded = await proxy.store_call(load)
        if loaded is None:
            return None
        turns = [dict(e.data) for e in loaded.events if e.kind == "serve.turn"]
        compactions = [dict(e.data) for e in loaded.events if e.kind == "compaction"]
        messages = len(loaded.stored)
    for c in compactions:
        c.pop("recap_text", None) if len(str(c.get("recap_text", ""))) > 4000 else None
    return {
        "session": name,
        "messages": messages,
        "summary": dashboard.summary(name, messages, None, None, turns),
        "turns": turns,
        "compactions": compactions,
    }

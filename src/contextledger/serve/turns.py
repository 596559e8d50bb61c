"""A turn's report and headers: what each request is said to have done (``X-ContextLedger-*``
headers, the turn report kept in the session and shown on the dashboard), the refusals
answered in the provider's error shape, and the reply recorded when the turn ends."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response

from ..errors import UnstorableImageError
from ..fit import Change
from ..prepare import Prepared
from ..storage.sessions import SessionStore
from . import dashboard
from .assemble import Assembler
from .drops import drop_notice
from .sessions import (
    SessionLease,
    SessionState,
    record_after,
)
from .wire import Wire

if TYPE_CHECKING:
    from .proxy import Proxy

log = logging.getLogger("contextledger.serve")


class _Refusal(Exception):
    """A request the proxy will not send: answered in the provider's error shape."""

    def __init__(
        self,
        message: str,
        *,
        status: int = 400,
        kind: str = "invalid_request_error",
        code: str | None = None,
        used: int = 0,
        budget: int = 0,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.kind = kind
        self.code = code
        self.used = used
        self.budget = budget


def kept_changing() -> _Refusal:
    """For a request whose session other requests kept appending to while it was recorded."""
    return _Refusal(
        "contextledger proxy: the session kept changing while this request was recorded "
        "(other requests for it are running); try again",
        status=409,
    )


def unstorable(exc: UnstorableImageError) -> _Refusal:
    """For a request holding an image the media store will not keep (empty, not an image,
    invalid base64): the client's error, as the provider answers an image it cannot read
    (HTTP 400), never the 503 of a store that is down (which SDKs retry)."""
    return _Refusal(f"contextledger proxy: {exc}", code="invalid_image")


def new_turn(
    state: SessionState, wire: Wire, body: Mapping[str, Any], model: str, **fields: Any
) -> dict[str, Any]:
    """A turn report's common head (every route alike), then ``fields``."""
    return {
        "turn": len(state.turns) + 1,
        "time": time.time(),
        "route": wire.name,
        "model": model,
        "stream": bool(body.get("stream")),
        **fields,
    }


def report_headers(request: Request, state: SessionState) -> dict[str, str]:
    return {
        "x-contextledger-report": f"{request.base_url}contextledger/sessions/{state.name}",
        "x-contextledger-session": state.name,
    }


def refuse(
    proxy: Proxy,
    request: Request,
    wire: Wire,
    lease: SessionLease,
    body: dict[str, Any],
    model: str,
    refusal: _Refusal,
    t0: float,
) -> Response:
    """The provider-shaped error for a request the proxy will not send, reported in
    the session like any turn (never silent) and answered with the headers it has."""
    response = proxy.error(wire, refusal.status, refusal.message, refusal.kind, refusal.code)
    state = lease.state
    if state is None:
        return response
    turn = new_turn(
        state, wire, body, model,
        fitted=False, refused=True, reason=refusal.message, dropped=0,
        notices=[{"kind": "refused", "where": "", "text": refusal.message}],
        added_ms=round((time.perf_counter() - t0) * 1000, 2),
    )  # fmt: skip
    ours = report_headers(request, state)
    if refusal.budget:
        turn["budget"] = refusal.budget
        ours["x-contextledger-budget"] = str(refusal.budget)
    if refusal.used:
        turn["used"] = refusal.used
        ours["x-contextledger-used"] = str(refusal.used)
    ours["x-contextledger-dropped"] = "0"
    ours["x-contextledger-fitted"] = "false"
    finish_turn(proxy, state, turn, None, refusal.status, t0, record=False)
    response.headers.update(ours)
    return response


def turn_report(
    state: SessionState, wire: Wire, body: dict[str, Any], model: str, prepared: Prepared
) -> dict[str, Any]:
    report = prepared.report
    preparer = next(reversed(state.preparers.values()))
    by, before, parts = state.composed
    known = (before, parts) if by is preparer else None
    composition = dashboard.composition(prepared.messages, preparer, report, known)
    state.composed = (preparer, prepared.messages, composition)
    dropped_changes = report.fit.dropped
    dropped = len(dropped_changes)
    recapped = _recapped_out_of_view(prepared, dropped_changes)
    notices = [n.to_dict() for n in report.notices]
    last = next((t.get("dropped", 0) for t in reversed(state.turns) if t.get("fitted")), None)
    said = drop_notice(dropped_changes, last)
    if said is not None:  # every route alike: how many left out, of what kind
        notices.insert(0, said.to_dict())
    if state.compaction_paused:
        notices.append(
            {
                "kind": "compaction",
                "where": "",
                "text": "compaction paused after a rejected recap; tried again at "
                f"{state.compaction_retry_at:,} messages (the session has {state.size:,})",
            }
        )
    return new_turn(
        state,
        wire,
        body,
        model,
        fitted=True,
        window=report.window,
        reserved_output=report.reserved_output,
        budget=report.budget,
        used=report.used,
        composition=composition,
        messages_in=state.size,
        messages_sent=len(prepared.messages),
        dropped=dropped,
        recapped=recapped,
        shrunk=len(report.fit.shrunk),
        notices=notices,
        compaction=list(report.compaction) if prepared.event is not None else [],
        compaction_state=report.compaction_state,
    )


def _recapped_out_of_view(prepared: Prepared, dropped: Sequence[Change]) -> int:
    """Messages of the session a recap stands for in this request: covered, not shown
    beside it. (A shown one the fit dropped is one of the fit's drops.)"""
    ev = prepared.conversation.latest
    if ev is None:
        return 0
    sent = {m.id for m in prepared.messages}
    gone = {c.message_id for c in dropped}
    return sum(1 for i in ev.covers if i not in sent and i not in gone)


def record_reply(proxy: Proxy, state: SessionState, assembler: Assembler) -> None:
    if assembler.response_id:  # a later previous_response_id request continues here
        proxy.sessions.remember_response(assembler.response_id, state.name, state.key)
    msg = assembler.message()
    if msg is None:
        return
    msg = replace(msg, id=f"m{state.size}")
    before = state.mark
    state.recorded([msg], replace(before, messages=before.messages + 1))
    name = state.name

    def write(store: SessionStore) -> None:
        if not record_after(store, name, before, [msg], proxy.settings.store_timeout):
            state.resync = True  # the client went on through another instance

    proxy.store_submit(f"session {name}", write, state)


def finish_turn(
    proxy: Proxy,
    state: SessionState,
    turn: dict[str, Any],
    assembler: Assembler | None,
    status: int,
    t0: float,
    record: bool,
) -> None:
    """Record the reply and the turn's report."""
    if assembler is not None and status == 200 and record:
        record_reply(proxy, state, assembler)
    turn["status"] = status
    turn["total_ms"] = round((time.perf_counter() - t0) * 1000, 2)
    if assembler is not None:
        turn["finish_reason"] = assembler.finish_reason
        usage = assembler.usage
        turn["usage"] = (
            {
                "input_tokens": usage.input_tokens,
                "output_tokens": usage.output_tokens,
                "cached_input_tokens": usage.cached_input_tokens,
                **usage.cache_fields(),
            }
            if usage is not None
            else None
        )
        estimated = turn.get("used")
        if usage is not None and usage.input_tokens and isinstance(estimated, int):
            turn["estimate_error_pct"] = round(
                (estimated - usage.input_tokens) / usage.input_tokens * 100, 1
            )
    state.turns.append(turn)
    name = state.name
    proxy.queue_event(state, "serve.turn", dict(turn))
    log.info(
        "%s %s session=%s status=%s used=%s budget=%s dropped=%s added=%.1fms",
        turn["route"], turn["model"], name, status, turn.get("used", "-"),
        turn.get("budget", "-"), turn.get("dropped", 0), turn.get("added_ms", 0.0),
    )  # fmt: skip

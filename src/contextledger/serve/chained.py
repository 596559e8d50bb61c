"""Responses requests that continue ``previous_response_id``: the provider holds the
earlier turns, so they go untouched; what they carry is still recorded and priced."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response

from ..errors import ContentError, ContextLedgerError, UnstorableImageError
from ..model import Message
from .forward import forward
from .sessions import (
    SessionLease,
    SessionState,
    incoming_items,
    read_tail,
    sync_session,
)
from .turns import kept_changing, new_turn, report_headers, unstorable
from .wire import Wire

if TYPE_CHECKING:
    from .proxy import Proxy


async def chained(
    proxy: Proxy,
    request: Request,
    wire: Wire,
    body: dict[str, Any],
    headers: dict[str, str],
    lease: SessionLease,
    model: str,
    t0: float,
) -> Response:
    """A Responses request continuing ``previous_response_id``: the provider holds the
    earlier turns, so nothing can be fitted and the request goes untouched; its input
    and the reply are still recorded (the record is the whole conversation), and the
    headers say what is known: our price of the conversation the provider holds (the
    session's record), against the budget."""
    state = lease.state
    assert state is not None
    reason = (
        "previous_response_id: the provider holds the earlier turns, so the proxy cannot "
        "fit them; forwarded untouched"
    )
    notices: list[dict[str, Any]] = [{"kind": "not_fitted", "where": "", "text": reason}]
    record = True
    try:
        new = list(incoming_items(wire, body))
    except ContentError as exc:
        new, record = [], False
        notices.append(
            {
                "kind": "not_recorded",
                "where": exc.path,
                "text": f"The input could not be read ({exc}): forwarded, not recorded.",
            }
        )
    if new:
        await _append(proxy, lease, new)
    state.model = model
    state.updated = time.time()
    turn = new_turn(
        state, wire, body, model,
        fitted=False, reason=reason, dropped=0, notices=notices, messages_in=state.size,
    )  # fmt: skip
    ours = {
        "x-contextledger-fitted": "false",
        "x-contextledger-dropped": "0",
        **report_headers(request, state),
    }
    known = _chain_price(proxy, state, wire, body, model)
    if known is not None:
        used, budget = known
        turn["used"], turn["budget"] = used, budget
        ours["x-contextledger-used"] = str(used)
        ours["x-contextledger-budget"] = str(budget)
        if used > budget:
            notices.append(
                {
                    "kind": "over_window",
                    "where": "",
                    "text": f"By our count the conversation the provider holds is {used:,} "
                    f"tokens, over the budget of {budget:,}: the proxy cannot fit a "
                    "previous_response_id request (send the whole history to have it fitted).",
                }
            )
    turn["added_ms"] = round((time.perf_counter() - t0) * 1000, 2)
    return await forward(
        proxy, wire, body, headers, ours, lease, turn, t0, record=record, query=request.url.query
    )


async def _append(proxy: Proxy, lease: SessionLease, new: Sequence[Message]) -> None:
    """Append ``new`` to the session held by ``lease`` (after whatever another
    instance appended first: no message is stored twice, none is lost)."""
    state = lease.state
    assert state is not None
    for _ in range(8):
        if state.resync:
            state.reset(await proxy.store_call(partial(read_tail, name=state.name)))
        messages = [replace(m, id=f"m{state.size + k}") for k, m in enumerate(new)]
        sync = partial(
            sync_session,
            name=state.name,
            expected=state.mark,
            new=messages,
            wait=proxy.settings.store_timeout,
        )
        try:
            synced = await proxy.store_call(sync)
        except UnstorableImageError as exc:
            raise unstorable(exc) from None
        if synced.reload:
            assert synced.tail is not None
            state.reset(synced.tail)
            continue
        if synced.tail is not None:
            state.absorb(synced.tail, skip=proxy.instance)
        if synced.appended:
            state.recorded(messages, synced.mark)
            return
    raise kept_changing()


def _chain_price(
    proxy: Proxy, state: SessionState, wire: Wire, body: dict[str, Any], model: str
) -> tuple[int, int] | None:
    """(used, budget) for a chained request: the session's record as the provider holds
    it, with this request's tools; None for a model the catalog does not know."""
    try:
        preparer = proxy.preparer_for(state, wire, model, wire.output_tokens(body))
    except ContextLedgerError:
        return None
    fitter = preparer.fitter
    tools = wire.pricing_tools(body)
    wire_tools = preparer.wire.convert_tools(tools) if tools else None
    used = fitter.pricer.request(state.record, wire_tools, wire.pricing_tool_choice(body))
    used += fitter.pricer.output_format(wire.pricing_output_format(body))
    return used, fitter.window - fitter.reserved_output

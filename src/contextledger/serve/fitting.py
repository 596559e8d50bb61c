"""The fitting routes (Chat Completions, Responses, Messages): record what is new in the
request, prepare it for the requested model (repair → compaction → normalization →
vision gate → fit) and forward the client's own request with the fitted conversation in
place of its history."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response

from ..catalog import ModelInfo
from ..compaction.conversation import Conversation
from ..compaction.summarizers import OfflineSummarizer
from ..errors import (
    BudgetError,
    ContentError,
    ContextLedgerError,
    StoreBusyError,
    StoreError,
    UnknownModelError,
    UnstorableImageError,
)
from ..model import Message
from ..prepare import Prepared, Preparer
from ..providers import translate
from ..report import Notice, not_yet_told
from ..validate import prefill_problem, thinking_problem
from .access import check_key, read_json
from .backoff import SummarizerBackoff
from .chained import chained
from .forward import forward, passthrough
from .outgoing import check_sent
from .sessions import (
    SessionLease,
    SessionState,
    adopt,
    client_items,
    continues,
    incoming_messages,
    read_tail,
    session_key,
    sync_session,
)
from .turns import _Refusal, kept_changing, refuse, report_headers, turn_report, unstorable
from .wire import Wire

if TYPE_CHECKING:
    from .proxy import Proxy

log = logging.getLogger("contextledger.serve")

#: Messages to wait, after a recap was rejected, before compaction is tried again.
COMPACTION_RETRY = 16

# the body's settings that bill a prompt of their own (``framing.settings_prompt``: Anthropic's
# ``output_config.task_budget``, OpenAI's ``reasoning.mode`` "pro", Responses'
# ``parallel_tool_calls`` off), budgeted as forwarded
_BILLED_SETTINGS = ("output_config", "reasoning", "parallel_tool_calls")


class _Unreadable(Exception):
    """The request's conversation holds content the proxy cannot read (the reason)."""


async def handle(proxy: Proxy, request: Request, wire: Wire) -> Response:
    """Fit and forward one request of ``wire``'s route, answered in its provider's shape."""
    try:
        return await _handle(proxy, request, wire)
    except RecursionError:
        # JSON the reader took (orjson follows 1,024 levels) and a step after it cannot
        # follow (Python's recursion limit, ~1,000): the client's input, as a reader's
        # refusal would be (R30-m9: this was an HTTP 500 that was no JSON)
        return proxy.error(
            wire, 400,
            "contextledger proxy: the request body is JSON nested too deeply to process",
            "invalid_request_error",
        )  # fmt: skip


async def _handle(proxy: Proxy, request: Request, wire: Wire) -> Response:
    t0 = time.perf_counter()
    headers = {k.lower(): v for k, v in request.headers.items()}
    denied = check_key(proxy, request, headers, wire)
    if denied is not None:
        return denied
    hint = headers.get("x-contextledger-session") or headers.get("helicone-session-id")
    read = await read_json(proxy, request, wire, hint or "")
    if isinstance(read, Response):
        return read
    body: dict[str, Any] = read.body
    key, _source = session_key(headers, body, wire.name)
    body.pop("litellm_session_id", None)
    meta = body.get("metadata")
    if wire.upstream == "anthropic" and isinstance(meta, dict) and "litellm_session_id" in meta:
        # Anthropic refuses metadata keys other than user_id
        rest = {k: v for k, v in meta.items() if k != "litellm_session_id"}
        if rest:
            body["metadata"] = rest
        else:
            del body["metadata"]
    model = body.get("model")
    if not isinstance(model, str) or not model:
        return proxy.error(
            wire, 400, "contextledger proxy: the request has no model", "invalid_request_error"
        )
    problem = wire.invalid(body, checked=read.reused)
    if problem is not None:
        return proxy.error(wire, 400, f"contextledger proxy: {problem}", "invalid_request_error")
    proxy.bodies.keep(read)
    try:
        return await _fit_and_forward(proxy, request, wire, body, headers, key, _source, t0)
    except StoreBusyError as exc:
        # another instance holds the session past --store-timeout: the turn is not
        # recorded, so it is not sent; a 503 the official SDKs retry after a second
        log.warning("session %s busy: %s", key, exc)
        response = proxy.error(
            wire, 503,
            f"contextledger proxy: session {key!r} is held by another contextledger "
            f"instance for longer than --store-timeout ({proxy.settings.store_timeout:g} s), "
            "so the request was not sent; try again",
            "api_error", "session_busy",
        )  # fmt: skip
        response.headers["retry-after"] = "1"
        return response
    except StoreError as exc:
        # the turn cannot be recorded, so it is not sent (nothing is ever lost): a 503
        # in the provider's shape, which the official SDKs retry
        log.error("session store unavailable: %s", exc)
        response = proxy.error(
            wire, 503,
            f"contextledger proxy: the session store is not available, so the request "
            f"was not sent ({exc}); try again",
            "api_error", "store_unavailable",
        )  # fmt: skip
        response.headers["retry-after"] = "2"
        return response


async def _fit_and_forward(
    proxy: Proxy,
    request: Request,
    wire: Wire,
    body: dict[str, Any],
    headers: dict[str, str],
    key: str,
    _source: str,
    t0: float,
) -> Response:
    """Record the request in its session, fit it and forward it (the session held
    until the reply is recorded)."""
    model = str(body["model"])
    async with SessionLease() as lease:
        if wire.name == "openai-responses" and body.get("previous_response_id"):
            chain = proxy.sessions.responses.get(str(body["previous_response_id"]))
            if _source == "hash" and chain is not None:
                # no session header: the session is the one that got the previous reply
                await lease.take(await proxy.load_state(chain[0], chain[1], wire))
            else:
                await lease.take(await proxy.state_for(key, wire))
            try:
                return await chained(proxy, request, wire, body, headers, lease, model, t0)
            except _Refusal as refusal:
                return refuse(proxy, request, wire, lease, body, model, refusal, t0)
        t_read = time.perf_counter()
        await lease.take(await proxy.state_for(key, wire))
        t_locked = time.perf_counter()
        try:
            outcome = await _record_and_prepare(proxy, lease, wire, body, model)
        except _Refusal as refusal:
            return refuse(proxy, request, wire, lease, body, model, refusal, t0)
        if isinstance(outcome, str):
            return await passthrough(proxy, request, wire, body, headers, lease, model, outcome, t0)
        state, prepared, repeat = outcome
        try:
            upstream_body, written = _outgoing(state, wire, body, prepared)
        except ContentError as exc:
            unsendable = _Refusal(f"contextledger proxy: {exc}")
            return refuse(proxy, request, wire, lease, body, model, unsendable, t0)
        turn = turn_report(state, wire, body, model, prepared)
        told = prepared.report.notices  # (a replacement the fit reported is said once)
        turn["notices"].extend(n.to_dict() for n in not_yet_told(written, told))
        if repeat:
            turn["repeat"] = True  # a retry or a shared opening: its reply is not recorded
        t_done = time.perf_counter()
        turn["added_ms"] = round((t_done - t0 - (t_locked - t_read)) * 1000, 2)
        turn["timing_ms"] = {
            "read": round((t_read - t0) * 1000, 2),
            "wait": round((t_locked - t_read) * 1000, 2),
            "record": round(lease.store_ms, 2),
            "prepare": round((t_done - t_locked) * 1000 - lease.store_ms, 2),
        }
        ours = {
            "x-contextledger-used": str(prepared.report.used),
            "x-contextledger-budget": str(prepared.report.budget),
            # what left the view: the fit's drops and the messages a recap stands for
            "x-contextledger-dropped": str(turn["dropped"] + turn["recapped"]),
            "x-contextledger-recapped": str(turn["recapped"]),
            **report_headers(request, state),
        }
        return await forward(proxy,
            wire, upstream_body, headers, ours, lease, turn, t0,
            record=not repeat, query=request.url.query,
        )  # fmt: skip


def _outgoing(
    state: SessionState, wire: Wire, body: dict[str, Any], prepared: Prepared
) -> tuple[dict[str, Any], list[Notice]]:
    """The request to send: the client's, with the fitted conversation in place of its
    history, checked as ``translate`` checks it (only what changed since the last turn,
    see :mod:`.outgoing`) and written as the client's own JSON wherever unchanged."""
    kept, notices = check_sent(state.checked, prepared.messages, wire.format)
    own = client_items(state, wire, kept, notices)
    if own is not None:
        out = dict(body)
        out[wire.messages_key] = own
        return out, notices
    # the system prompt changed, or turns must be merged: the whole conversation as written
    translation = translate(kept, wire.format, validate=False)
    notices.extend(translation.notices)
    return wire.merge(body, translation.body), notices


async def _record_and_prepare(
    proxy: Proxy, lease: SessionLease, wire: Wire, body: dict[str, Any], model: str
) -> str | tuple[SessionState, Prepared, bool]:
    """Record the request and prepare it for ``model``: the session held (``lease``
    follows a branch), the prepared request, and whether the request repeats what the
    record already holds. A string: a reason to pass the request through untouched.
    Raises :class:`_Refusal` for a request the proxy will not send."""
    try:
        state, stands_on = await _record_incoming(proxy, lease, wire, body)
    except _Unreadable as exc:
        # content the provider accepts and the content model does not hold (server-tool,
        # computer-use and custom-tool items, MCP blocks…): the client's request goes as it
        # is, said in the turn's report and headers; refusing it would break the app
        return (
            f"the request holds content the proxy cannot read ({exc}): forwarded untouched, "
            "not fitted and not recorded"
        )
    repeat = stands_on < state.size
    state.model = model
    state.updated = time.time()
    out_tokens = wire.output_tokens(body)
    settings = proxy.settings
    conversation = state.conversation
    if repeat:  # the model sees what the client sent: the record up to its last message
        conversation = Conversation(
            state.record[:stands_on],
            tuple(e for e in conversation.events if e.record_length <= stands_on),
        )
    try:
        preparer = proxy.preparer_for(state, wire, model, out_tokens)
        run = partial(
            prepare_with_backoff,
            state,
            preparer,
            wire.pricing_tools(body),
            conversation,
            proxy.summarizer_backoff,
            wire.pricing_tool_choice(body),
            wire.pricing_output_format(body),
            body.get("thinking") if wire.format == "anthropic" else None,
            {k: body[k] for k in _BILLED_SETTINGS if k in body},
        )
        if proxy.prepare_thread is None:
            prepared = run()
        else:  # a recap may wait seconds on the summarizer's endpoint: off the event loop
            loop = asyncio.get_running_loop()
            prepared = await loop.run_in_executor(proxy.prepare_thread, run)
        _refuse_prefill(wire, body, prepared.messages, preparer.info)
    except UnknownModelError as exc:
        if settings.allow_unknown_models:
            return f"unknown model {model!r}: forwarded untouched (--allow-unknown-models)"
        raise _Refusal(f"contextledger proxy: {exc}", code="model_not_found") from None
    except BudgetError as exc:
        raise _Refusal(
            f"contextledger proxy: {exc}",
            code="context_length_exceeded",
            used=exc.needed,
            budget=exc.available,
        ) from None
    except ContextLedgerError as exc:
        raise _Refusal(f"contextledger proxy: {exc}") from None
    if prepared.event is not None and not repeat:
        state.add_event(prepared.event)
        proxy.queue_event(state, "compaction", prepared.event.to_dict())
    return state, prepared, repeat


def _refuse_prefill(
    wire: Wire, body: dict[str, Any], sent: Sequence[Message], info: ModelInfo
) -> None:
    """Refuse a request that ends on a prefill its model refuses (Claude 4.6 and later
    answer HTTP 400), or, to Claude with extended thinking on or off, continues an assistant
    turn against that setting's rule (``validate.thinking_problem``), naming the client's
    own message (the last of its request)."""
    problem = prefill_problem(sent, info)
    thinking = body.get("thinking")
    if problem is None and wire.format == "anthropic" and isinstance(thinking, dict):
        problem = thinking_problem(sent, thinking.get("type") in ("enabled", "adaptive"))
    if problem is None:
        return
    items = body.get(wire.messages_key)
    last = len(items) - 1 if isinstance(items, list) and items else None
    if last is None or problem[0] != f"messages[{len(sent) - 1}]":
        # (an earlier turn: the sentence names the client's message by its id)
        raise ContentError(problem[0] if last is None else wire.messages_key, problem[1])
    raise ContentError(f"{wire.messages_key}[{last}]", problem[1])


def prepare_with_backoff(
    state: SessionState,
    preparer: Preparer,
    tools: Any,
    conversation: Conversation | None = None,
    backoff: SummarizerBackoff | None = None,
    tool_choice: object = None,
    response_format: object = None,
    thinking: object = None,
    settings: Mapping[str, Any] | None = None,
) -> Prepared:
    """``preparer.prepare``, backing off what failed, said in the turn's report:

    * after a recap that failed outright (even the offline one), compaction is paused for
      this session until COMPACTION_RETRY more messages arrive: writing and verifying a
      recap of a long history costs seconds, and retrying it every turn would add them
      to every request;
    * after the LLM summarizer could not be asked (down, timing out, HTTP errors: the
      offline recap stood in), ``backoff`` (the proxy's, shared by every session: they
      ask the same endpoint) says when to ask it again; until then recaps are made
      offline, so no turn waits on the endpoint's timeout."""
    paused = preparer.compaction and state.size < state.compaction_retry_at
    configured = preparer.summarizer
    offline = (
        backoff is not None
        and not isinstance(configured, OfflineSummarizer | None)
        and not backoff.asks()
    )
    if paused:
        preparer.compaction = False
    if offline:
        preparer.summarizer = OfflineSummarizer()
    try:
        prepared = preparer.prepare(
            state.conversation if conversation is None else conversation,
            tools=tools,
            write=False,  # written and checked by the caller, see _outgoing
            tool_choice=tool_choice,  # the request's own: priced exactly
            response_format=response_format,  # (alike: forwarded as the client sent it)
            thinking=thinking,
            settings=settings,  # (alike: a pro reasoning mode, a task budget)
        )
    finally:
        if paused:
            preparer.compaction = True
        preparer.summarizer = configured
    failed = prepared.event is None and any(n.kind == "compaction" for n in prepared.report.notices)
    if failed:
        state.compaction_retry_at = state.size + COMPACTION_RETRY
    state.compaction_paused = bool(paused)
    if backoff is None or configured is None:
        return prepared
    fallback = prepared.report.fallback
    if fallback is not None and fallback.down:
        backoff.failed(configured.name, fallback.reason)
    elif not offline and prepared.event is not None:
        backoff.succeeded()  # it answered (its recap used or rejected): the outage is over
    if (offline and prepared.event is not None) or (fallback is not None and fallback.down):
        return _said(prepared, Notice("compaction", "", backoff.notice()))
    return prepared


def _said(prepared: Prepared, notice: Notice) -> Prepared:
    report = replace(prepared.report, notices=(*prepared.report.notices, notice))
    return replace(prepared, report=report)


async def _record_incoming(
    proxy: Proxy, lease: SessionLease, wire: Wire, body: dict[str, Any]
) -> tuple[SessionState, int]:
    """Append what is new in the request to the session held by ``lease`` (its branch,
    when the client's history no longer continues the record: the lease follows it).
    Returns the session and how much of its record the request stands on."""
    assert lease.state is not None
    state = lease.state
    for _ in range(8):
        if state.resync:
            whole = partial(read_tail, name=state.name)
            state.reset(await proxy.store_call(whole))
        try:
            incoming = incoming_messages(state, wire, body)
        except ContentError as exc:
            raise _Unreadable(str(exc)) from None
        stands_on = continues(state.record, incoming)
        if stands_on is None:
            state, stands_on = await proxy.branch(lease, wire, incoming)
            incoming = incoming_messages(state, wire, body)
            continues(state.record, incoming)  # the record's own objects, prices cached
        if stands_on < state.size:
            return state, stands_on  # nothing new: the record already holds it all
        new = incoming[state.size :]
        sync = partial(
            sync_session,
            name=state.name,
            expected=state.mark,
            new=new,
            wait=proxy.settings.store_timeout,
        )
        t_store = time.perf_counter()
        try:
            synced = await proxy.store_call(sync)
        except UnstorableImageError as exc:
            raise unstorable(exc) from None
        lease.store_ms += (time.perf_counter() - t_store) * 1000
        if synced.reload:
            assert synced.tail is not None
            state.reset(synced.tail)
            continue
        if synced.tail is not None:  # another instance wrote: take it in
            state.absorb(synced.tail, skip=proxy.instance)
        if synced.appended:
            state.recorded(new, synced.mark)
            adopt(state, incoming)
            return state, state.size
    raise kept_changing()

"""One turn of ``contextledger chat``: prepare, show the meter and notices, send, store."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from ..model import Message
    from ..prepare import Prepared
    from ..reply import Reply

from .app import EXIT_BAD_INPUT, EXIT_ENVIRONMENT, EXIT_INTERRUPTED, for_cli
from .chat_state import METER_WIDTH, ChatState, count_noun, fresh_id
from .progress import spinner


def _turn(state: ChatState) -> int:
    """Send the kept message; 0 when the reply is stored, else the exit status a one-shot
    chat ends with (2: the request was refused here, 1: the provider or the network)."""
    from ..client import send
    from ..errors import BudgetError, ContextLedgerError, SendError, VisionGateError
    from ..model import Message, Text

    blocks: list[Any] = [Text(state.draft)] if state.draft else []
    blocks.extend(state.attachments)
    candidate = Message("user", tuple(blocks), id=state.next_id())
    conversation = state.conversation.append(candidate)
    try:
        # a recap may wait on an LLM summarizer: a spinner says so on a terminal
        with spinner("preparing the request (repair, recap, fit)…"):
            prepared = state.get_preparer().prepare(conversation)
    except VisionGateError as exc:  # the chat's own remedies, never the library's argument
        state.error(f"not sent: {exc.problem}")
        held = any(True for m in state.conversation.record for _ in m.images())
        drop = "" if held else ", /drop the attachments"
        _kept(
            state,
            f"/images placeholder (text placeholders instead), /model a vision model{drop}; "
            "then Enter to send",
            "-m a vision model, or --on-images placeholder",
        )
        return EXIT_BAD_INPUT
    except BudgetError as exc:
        state.error(f"not sent: {exc}")
        _kept(
            state,
            "/drop the attachments, /cancel to start over, or /model a larger model",
            "a shorter prompt, fewer images, or -m a larger model",
        )
        return EXIT_BAD_INPUT
    except ContextLedgerError as exc:  # an unreadable image, a bad setting…
        state.error(f"not sent: {exc}")
        _kept(state, "fix the cause, then Enter to send", "fix the cause")
        return EXIT_BAD_INPUT
    _status(state, prepared)
    client_kwargs = _clients(state, prepared.format)
    streamed: list[str] = []

    def begin_reply() -> None:
        if not state.one_shot:  # one-shot: stdout holds the reply alone
            state.console.print("assistant> ", style="bold", end="")

    try:
        with spinner(f"waiting for {prepared.report.model}…") as stop_spinner:

            def on_text(chunk: str) -> None:
                if not streamed:  # the first token: the reply takes the line
                    stop_spinner()
                    begin_reply()
                streamed.append(chunk)
                click.echo(chunk, nl=False)

            reply = send(
                prepared,
                config=state.config,
                on_text=on_text,
                timeout=state.timeout,
                max_retries=state.retries,
                **client_kwargs,
            )
    except SendError as exc:
        if streamed:
            click.echo("")
        state.error(for_cli(exc))
        if exc.partial is not None and streamed:
            state.warn("the partial reply above was not stored")
        _kept(state, "press Enter to try again", "run the command again")
        return EXIT_ENVIRONMENT
    except KeyboardInterrupt:
        if streamed or not state.one_shot:  # a one-shot's stdout holds only the reply
            click.echo("")
        state.warn("interrupted: the reply was not stored")
        _kept(state, "press Enter to try again", "run the command again")
        return EXIT_INTERRUPTED
    if not streamed:
        begin_reply()
    click.echo("")
    record = _commit(state, prepared, candidate, reply)
    state.say(f"usage: {_describe(record)}", "dim")
    return 0


def _describe(record: dict[str, Any]) -> str:
    """The provider's usage against our estimate, and what the request cost in dollars."""
    from ..client import describe_usage
    from ..storage.browse import usage_cost

    cost = usage_cost(record)
    dollars = cost.describe() if cost is not None else "no dollar figure without usage"
    return f"{describe_usage(record)}; {dollars}"


def _kept(state: ChatState, hint: str, one_shot_hint: str = "") -> None:
    if state.one_shot:
        state.warn(f"nothing was stored{f': {one_shot_hint}' if one_shot_hint else ''}")
        return
    what = []
    if state.draft:
        what.append("your message")
    if state.attachments:
        what.append(count_noun(len(state.attachments), "attachment"))
    if what:
        state.warn(f"kept {' and '.join(what)} (not sent, not stored): {hint}")


def _clients(state: ChatState, fmt: str) -> dict[str, Any]:
    """Reuse one official client per SDK for the whole chat (connection reuse)."""
    from ..client import sdk_client
    from ..errors import SendError
    from ..providers import provider_format

    sdk = provider_format(fmt).sdk
    if sdk is None:
        return {}
    if sdk not in state.clients:
        try:
            state.clients[sdk] = sdk_client(
                sdk, state.config, timeout=state.timeout, max_retries=state.retries
            )
        except SendError:
            return {}  # send() raises the same error with the model named
    return {"client": state.clients[sdk]}


def _status(state: ChatState, prepared: Prepared) -> None:
    r = prepared.report
    window = r.window or 1
    filled = min(METER_WIDTH, round(METER_WIDTH * r.used / window))
    meter = "█" * filled + "░" * (METER_WIDTH - filled)
    pct = 100 * r.used / window
    compaction = "off" if r.compaction_state == "off" else r.compaction_state
    if compaction == "on":
        compaction = "on (no recap yet)"
    state.say(
        f"[{r.model}] context {meter} {r.used:,}/{r.window:,} tokens ({pct:.1f}%) · "
        f"text {r.text_tokens:,} · images {r.image_tokens:,} · "
        f"reply reserve {r.reserved_output:,} · compaction: {compaction}",
        "dim",
    )
    if prepared.event is not None:
        for line in r.compaction:
            state.say(f"  {line}", "cyan")
    cut = [c for c in r.fit.changes if c.action == "dropped" and c.block is None]
    if cut:
        tokens = sum(c.tokens_before for c in cut)
        state.warn(
            f"{len(cut)} earlier message(s) ({tokens:,} tokens) are not sent this turn: "
            "left out to fit the context window (they stay in the session)"
        )
    state.last_notices = r.notices
    repeated = 0
    for n in r.notices:
        if prepared.event is not None and n.kind == "compaction":
            continue  # printed in full above
        key = f"{n.kind}|{n.where}|{n.text}"
        if key in state.shown:
            repeated += 1
            continue
        state.shown.add(key)
        state.warn(n.text)
    if repeated:
        state.warn(f"{repeated} notice(s) from earlier turns still apply (/notices lists them)")


def _commit(
    state: ChatState, prepared: Prepared, candidate: Message, reply: Reply
) -> dict[str, Any]:
    """Store the user message, any compaction event, the reply and the usage event
    (returned: it holds the cached input tokens too, so dollars bill them as cached)."""
    from dataclasses import replace

    from ..client import usage_record
    from ..compaction.conversation import Conversation

    store, session = state.store, state.session
    (stored_user,) = store.append(session, [candidate])
    state.stored_count += 1
    record = tuple(stored_user if m.id == candidate.id else m for m in prepared.conversation.record)
    conversation = Conversation(record, prepared.conversation.events)
    if prepared.event is not None:
        store.append_event(session, "compaction", prepared.event.to_dict())
    reply_msg = reply.message
    if reply_msg.content:
        reply_msg = replace(reply_msg, id=fresh_id(conversation, f"m{state.stored_count}"))
        store.append(session, [reply_msg])
        state.stored_count += 1
        conversation = conversation.append(reply_msg)
    else:
        state.warn("the model returned an empty reply: nothing was stored for it")
    record_data = {**usage_record(reply), "api": prepared.format}  # resume keeps the API
    if reply.usage is not None:
        record_data.update(reply.usage.cache_fields())
    store.append_event(session, "usage", record_data)
    state.usage_events.append(record_data)
    state.conversation = conversation
    state.draft = ""
    state.attachments.clear()
    if reply.truncated:
        state.warn(
            f"the reply stopped at the output limit ({prepared.report.reserved_output:,} "
            "tokens reserved); ask it to continue, or raise --max-output"
        )
    for call in reply_msg.tool_calls:
        state.warn(
            f"the model asked to run the tool {call.name}({call.arguments[:60]}); this chat "
            "runs no tools, so the next request tells it the call was not run"
        )
    for note in reply.notes:
        state.warn(note)
    return record_data

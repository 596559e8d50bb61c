"""``contextledger chat``: a terminal chat that uses the whole pipeline.

Every turn: the typed text (and any attached images) becomes a user message, the
conversation is prepared for the current model (repair → compaction → normalization →
vision gate → fit → translation), a status line shows the context meter, every notice is
printed, the request is sent with the official client and the reply streams in. The
session is stored (append-only) with the reply, any compaction event, and a ``usage``
event holding our estimate next to the provider's count.

The model picks the API it is sent with (a Gemini model goes to Gemini, a Responses-only
model to the Responses API, Claude to Messages, other OpenAI models to Chat Completions);
``--api`` (or ``/model M API``) overrides it.

Commands: ``/image PATH`` attach an image to the next message, ``/model M`` switch model,
``/images placeholder|refuse`` what a text-only model gets for images, ``/drop`` discard
the pending attachments, ``/cancel`` discard the kept message too,
``/notices`` list the last request's notices, ``/usage`` the estimate's error per model,
``/help``, ``/quit``. An empty line sends a kept message (after a refusal or an error).

When the vision gate refuses (a text-only model and images in the conversation), nothing
is sent or stored: the refusal is printed and the typed text and the attachments are
kept, so ``/images placeholder`` (text placeholders instead of the images), ``/model`` back
to a vision model, or ``/drop`` (when only the attachments hold images) and Enter sends
them. Placeholders change what is sent, never the record: a vision model sees the images
again.
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .app import ON_IMAGES_HELP, FiniteRange, OnImages, for_cli, main
from .chat_state import API_NAMES, ChatState, count_noun
from .chat_turn import _turn
from .store import STORE_OPTION, store_location
from .summarizer import build_summarizer, summarizer_options

if TYPE_CHECKING:
    from rich.console import Console

    from ..config import Config
    from ..storage.sessions import SessionStore

HELP = """\
/image PATH   attach an image to your next message
/model M      switch model (the vision gate checks again before sending);
              /model M API picks the API: openai, openai-responses, anthropic, gemini
/images MODE  what a text-only model gets for images: placeholder (a visible
              text placeholder each, the session keeps the images) or refuse
/drop         discard the pending attachments
/cancel       discard the kept message and its attachments
/notices      list every notice of the last request
/usage        our token estimate against the provider's count, per model
/quit         leave (the session is saved as you go)
Enter on an empty line sends a kept message again."""


# --------------------------------------------------------------------------- command


@main.command()
@click.argument("prompt", required=False)
@click.option("--continue", "-c", "continue_last", is_flag=True,
              help="Continue the most recently used session.")  # fmt: skip
@click.option("--session", "session_name", default=None,
              help="Session to resume (created when new). Default: a new dated session.")  # fmt: skip
@click.option("--model", "-m", default=None,
              help="Model to talk to (default: CONTEXTLEDGER_MODEL, else gpt-4o; on resume, the last one used).")  # fmt: skip
@click.option("--image", "images", multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Attach an image to the first message (repeatable).")  # fmt: skip
@click.option("--system", "system_text", default=None, help="System prompt for a new session.")
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where sessions and media live (default: CONTEXTLEDGER_HOME, else the user data directory).")  # fmt: skip
@STORE_OPTION
@click.option("--window", type=click.IntRange(min=256), default=None,
              help="Pretend the model's context window is this many tokens (to watch fitting).")  # fmt: skip
@click.option("--max-output", type=click.IntRange(min=16), default=None,
              help="Tokens reserved for the reply (default: the model's rule).")  # fmt: skip
@click.option("--on-images", type=OnImages(), default="refuse", show_default=True,
              help=ON_IMAGES_HELP + " In the chat: /images placeholder|refuse.")  # fmt: skip
@click.option("--api", type=click.Choice(["auto", *API_NAMES]), default="auto", show_default=True,
              help="Wire API to send with; auto: the model's own (Gemini models to Gemini, Responses-only models to Responses).")  # fmt: skip
@click.option("--timeout", type=FiniteRange(min=0.1), default=60.0, show_default=True,
              help="Seconds to wait for the provider (connect and each streamed read).")  # fmt: skip
@click.option("--retries", type=click.IntRange(min=0, max=10), default=2, show_default=True,
              help="Retries on connection errors, 429 and 5xx.")  # fmt: skip
@summarizer_options
def chat(
    prompt: str | None,
    continue_last: bool,
    session_name: str | None,
    model: str | None,
    images: tuple[Path, ...],
    system_text: str | None,
    data_dir: Path | None,
    store_path: str | None,
    window: int | None,
    max_output: int | None,
    on_images: str,
    api: str,
    timeout: float,
    retries: int,
    summarizer: str | None,
    summarizer_url: str | None,
) -> None:
    """Chat in the terminal; sessions are stored, images attached, every drop shown.

    With PROMPT (or - to read it from stdin), send that one message, print the reply on
    stdout and exit (the status and notices go to stderr); the exchange is stored in the
    session like any other. Without it, an interactive chat starts (/help lists commands).

    Reads OPENAI_BASE_URL, OPENAI_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY,
    GEMINI_BASE_URL, GEMINI_API_KEY and CONTEXTLEDGER_MODEL from the environment, else a
    .env file (see `contextledger config`).
    """
    from rich.console import Console

    from ..catalog import lookup_model
    from ..config import load_config
    from ..errors import ContextLedgerError
    from ..storage.sessions import SessionStore

    if continue_last and session_name is not None:
        raise click.UsageError("use either --continue or --session NAME, not both")
    one_shot = prompt is not None
    if prompt == "-":
        prompt = sys.stdin.read()
    if one_shot and not (prompt or "").strip() and not images:
        raise click.UsageError("the prompt is empty: nothing to send")
    # one-shot: only the reply goes to stdout, so `chat "…" > answer.txt` holds the answer
    console = Console(soft_wrap=True, highlight=False, stderr=one_shot)
    config = load_config()
    if data_dir is not None:
        config = config.with_data_dir(data_dir)
    recapper = build_summarizer(summarizer, summarizer_url, config)
    if model is not None:  # a typo must not leave a store or an empty session behind
        try:
            lookup_model(model)
        except ContextLedgerError as exc:
            raise click.ClickException(for_cli(exc)) from None
    try:
        location = store_location(store_path) if store_path else config.store_location
        store = SessionStore(location, media=config.media)
    except ContextLedgerError as exc:
        raise click.ClickException(for_cli(exc)) from None
    try:
        if continue_last:
            session_name = _last_used(store)
        state = _open_session(console, config, store, session_name, model, system_text)
        state.one_shot = one_shot
        try:
            lookup_model(state.model)
        except ContextLedgerError as exc:
            raise click.ClickException(for_cli(exc)) from None
        state.window, state.max_output, state.on_images = window, max_output, on_images
        state.timeout, state.retries = timeout, retries
        state.summarizer = recapper
        if api != "auto":  # else the model's own API (or, on resume, the one last used)
            state.api = api
        _print_model(state)
        for path in images:
            _attach(state, path)
        if prompt is not None:
            state.draft = prompt.rstrip("\n")
            status = _turn(state)
            if status:
                raise click.exceptions.Exit(status)
            return
        _loop(state)
    finally:
        store.close()


def _last_used(store: SessionStore) -> str:
    """The session with the newest message (or the newest session, when none has one)."""
    infos = store.list()
    if not infos:
        raise click.ClickException(
            f"no earlier conversation to continue in {store.location} (start one with "
            "`contextledger chat`)"
        )
    return max(infos, key=lambda s: (max(s.updated or 0.0, s.created), s.created)).name


def _open_session(
    console: Console,
    config: Config,
    store: SessionStore,
    name: str | None,
    model: str | None,
    system_text: str | None,
) -> ChatState:
    from ..compaction.conversation import CompactionEvent, Conversation
    from ..errors import ContentError, ContextLedgerError
    from ..model import Message

    def fail(exc: Exception) -> click.ClickException:
        return click.ClickException(for_cli(exc))

    resumed = name is not None and store.exists(name)
    if name is None:
        name = _new_name(store)
    state = ChatState(console, config, store, name, Conversation(), model or config.model)
    if not resumed:
        try:
            store.create(name)
        except ContextLedgerError as exc:
            raise fail(exc) from None
        state.say(f"new session {name!r} in {store.location}", "dim")
        state.say(f"resume it with: contextledger chat --session {name}", "dim")
        if system_text:
            sys_msg = Message.system(system_text, id=state.next_id())
            store.append(name, [sys_msg])
            state.stored_count += 1
            state.conversation = state.conversation.append(sys_msg)
        return state
    try:
        loaded = store.load(name)
    except ContextLedgerError as exc:
        raise fail(exc) from None
    state.stored_count = len(loaded.stored) + len(loaded.unreadable)
    for line in loaded.unreadable:
        state.warn(line)
    for change in loaded.repair.changes:
        state.warn(f"repaired on load: {change.detail}")
    events = []
    for e in loaded.events:
        if e.kind == "compaction":
            try:
                events.append(CompactionEvent.from_dict(e.data))
            except ContentError as exc:
                state.warn(f"compaction event {e.seq} could not be read and is ignored: {exc}")
        elif e.kind == "usage":
            state.usage_events.append(dict(e.data))
    try:
        state.conversation = Conversation(loaded.messages, tuple(events))
    except ContentError as exc:
        state.warn(f"earlier recaps set aside (the full record is sent instead): {exc}")
        state.conversation = Conversation(loaded.messages)
    if model is None and state.usage_events:
        state.model = str(state.usage_events[-1].get("model") or state.model)
        api = state.usage_events[-1].get("api")
        state.api = api if api in API_NAMES else None
    images = sum(1 for m in loaded.messages for _ in m.images())
    state.say(
        f"resumed session {name!r}: {len(loaded.messages)} message(s), {images} image(s), "
        f"{len(events)} recap(s)",
        "dim",
    )
    if system_text:
        state.warn("--system is ignored when resuming: the session keeps its own system prompt")
    for m in loaded.messages[-4:]:
        if m.role in ("user", "assistant") and m.text.strip():
            text = " ".join(m.text.split())
            state.say(f"  {m.role}: {text[:100]}{'…' if len(text) > 100 else ''}", "dim")
    return state


def _new_name(store: SessionStore) -> str:
    base = time.strftime("chat-%Y%m%d-%H%M%S")
    name, k = base, 2
    while store.exists(name):
        name, k = f"{base}-{k}", k + 1
    return name


def _print_model(state: ChatState) -> None:
    from ..catalog import lookup_model
    from ..providers import format_for_provider

    info = lookup_model(state.model)
    window = state.window or info.context_window
    sight = "sees images" if info.vision else "text only"
    via = format_for_provider(info.provider, state.api or info.api).title
    state.say(
        f"model {state.model} ({info.provider} via {via}, window {window:,} tokens, {sight})",
        "dim",
    )
    if not info.vision:
        _warn_images(state)


def _warn_images(state: ChatState) -> None:
    """What happens to the images for a text-only model, in the current /images mode."""
    held = sum(1 for m in state.conversation.record for _ in m.images())
    pending = len(state.attachments)
    if not held and not pending:
        return
    what = " and ".join(
        part
        for part in (
            f"the conversation holds {count_noun(held, 'image')}" if held else "",
            f"{count_noun(pending, 'image')} {'is' if pending == 1 else 'are'} attached"
            if pending
            else "",
        )
        if part
    )
    if state.on_images == "placeholder":
        state.warn(
            f"{state.model} does not accept images and {what}: each is sent as a visible "
            "text placeholder (the session keeps the images; a vision model sees them again)"
        )
        return
    remedies = ["/images placeholder to send text placeholders", "/model a vision model"]
    if not held:
        remedies.append("/drop the attachments")
    state.warn(
        f"{state.model} does not accept images and {what}: sending is refused until you "
        f"choose: {', or '.join(remedies)}"
    )


# --------------------------------------------------------------------------- loop


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def _loop(state: ChatState) -> None:
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # line editing and history for input()
            import readline  # noqa: F401
    state.say("type a message, or /help for commands", "dim")
    while True:
        try:
            line = _read(state.prompt())
        except KeyboardInterrupt:
            state.say("")
            state.say("(/quit to leave; the session is saved as you go)", "dim")
            continue
        if line is None:
            state.say("")
            break
        if not _handle(state, line):
            break
    state.say(
        f"session {state.session!r} saved ({state.stored_count} message(s)). "
        f"Resume: contextledger chat --session {state.session}",
        "dim",
    )


def _handle(state: ChatState, line: str) -> bool:
    """Act on one input line; False to quit."""
    stripped = line.strip()
    if stripped.startswith("/"):
        cmd, _, arg = stripped.partition(" ")
        arg = arg.strip()
        if cmd in ("/quit", "/exit", "/q"):
            return False
        if cmd == "/help":
            state.say(HELP)
        elif cmd == "/image":
            if not arg:
                state.error("usage: /image PATH")
            else:
                _attach(state, Path(arg).expanduser())
        elif cmd == "/model":
            _switch_model(state, arg)
        elif cmd == "/images":
            _set_on_images(state, arg)
        elif cmd == "/drop":
            _drop(state)
        elif cmd == "/cancel":
            _drop(state)
            if state.draft:
                state.say("discarded the kept message")
                state.draft = ""
        elif cmd == "/notices":
            if not state.last_notices:
                state.say("no notices for the last request")
            for n in state.last_notices:
                state.warn(n.text)
        elif cmd == "/usage":
            _print_usage(state)
        else:
            state.error(f"unknown command {cmd}; /help lists the commands")
        return True
    if stripped:
        state.draft = f"{state.draft}\n{line}" if state.draft else line
    if not state.draft and not state.attachments:
        return True
    _turn(state)
    return True


def _attach(state: ChatState, path: Path) -> None:
    from ..errors import ContextLedgerError
    from ..images.normalize import normalize_image

    try:
        data = path.read_bytes()
    except OSError as exc:
        state.error(f"cannot read {path}: {exc.strerror or exc}")
        return
    try:
        result = normalize_image(data, name=path.name)
    except ContextLedgerError as exc:
        state.error(f"not attached: {exc}")
        return
    state.attachments.append(result.to_image())
    if result.changed:
        state.say(f"attached {result.summary()}")
    else:
        state.say(
            f"attached '{path.name}' {result.width}×{result.height} "
            f"({result.bytes_after:,} bytes, passed through untouched)"
        )
    from ..catalog import lookup_model

    if not lookup_model(state.model).vision:
        _warn_images(state)


def _drop(state: ChatState) -> None:
    if not state.attachments:
        state.say("no attachments to drop")
        return
    names = ", ".join(img.label for img in state.attachments)
    state.say(f"dropped {len(state.attachments)} attachment(s): {names}")
    state.attachments.clear()


def _switch_model(state: ChatState, model: str) -> None:
    from ..catalog import lookup_model
    from ..errors import ContextLedgerError

    if not model:
        state.say(f"model {state.model}; /model NAME [API] to switch")
        return
    model, _, api = model.partition(" ")
    api = api.strip()
    if api and api not in API_NAMES:
        state.error(f"unknown API {api!r}: one of {', '.join(API_NAMES)}")
        return
    try:
        lookup_model(model)
    except ContextLedgerError as exc:
        state.error(for_cli(exc))
        return
    state.model = model
    state.api = api or None  # a new model speaks its own API unless told otherwise
    state.preparer = None  # a new model: new prices, new window, new sticky cut
    state.shown.clear()
    _print_model(state)


def _set_on_images(state: ChatState, mode: str) -> None:
    from ..catalog import lookup_model

    modes = {"placeholder": "placeholder", "refuse": "error", "error": "error"}
    if mode not in modes:
        current = "placeholder" if state.on_images == "placeholder" else "refuse"
        if mode:
            state.error(f"unknown mode {mode!r}: /images placeholder or /images refuse")
        else:
            state.say(f"images for a text-only model: {current}; /images placeholder|refuse")
        return
    state.on_images = modes[mode]
    state.preparer = None  # the gate's mode is part of the prepared view
    if state.on_images == "placeholder":
        state.say(
            "a text-only model gets a visible text placeholder for each image "
            "(the session keeps the images)"
        )
    else:
        state.say("sending images to a text-only model is refused (nothing is lost)")
    if not lookup_model(state.model).vision:
        _warn_images(state)


def _print_usage(state: ChatState) -> None:
    from ..client import usage_summary
    from ..storage.browse import total_cost

    if not state.usage_events:
        state.say("no usage recorded yet")
        return
    state.say(f"this session so far: {total_cost(state.usage_events).describe()}")
    for model, row in usage_summary(state.usage_events).items():
        if row["mean_error_pct"] is None:
            state.say(f"{model}: {row['turns']} turn(s), no usage reported by the provider")
        else:
            state.say(
                f"{model}: {row['turns']} turn(s); estimate error mean "
                f"{row['mean_error_pct']:+.1f}%, worst {row['worst_error_pct']:+.1f}% "
                f"({row['reported']} reported)"
            )

"""``contextledger demo``: a tour of the pipeline on the built-in example, fully offline.

Every section runs the public API on the example conversation (an afternoon of debugging
with an agent: 156 OpenAI-format messages, 5 real images, one a 3840×2160 screenshot) and
prints what happened. Nothing touches the network; the session store lives in a temporary
directory that is removed at the end.

Sections, in order: translate to every wire format; the vision gate; normalize and store
(with restore repair); price on three providers; fit into a small window; compact with
verification; and ``_prepare``, a placeholder for ``Conversation.prepare()``.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .app import main

if TYPE_CHECKING:
    from rich.console import Console

    from ..model import Block, Image, Message

PRICE_MODELS = ("gpt-4o", "claude-opus-4-7", "gemini-2.5-flash")
FIT_MODELS = ("gpt-4o", "claude-sonnet-4-6", "gemini-2.5-flash")
FIT_WINDOW = 12_000
FIT_MAX_OUTPUT = 2_000
NORMALIZE_FOR = "claude-opus-4-7"


@main.command()
def demo() -> None:
    """Tour the pipeline on the example conversation (no provider, no API keys)."""
    from rich.console import Console

    from ..examples import load_example_payload
    from ..providers import read_messages

    started = time.perf_counter()
    console = Console()  # the terminal's width (80 when not a terminal)
    payload = load_example_payload()
    messages = read_messages(payload)
    console.rule("[bold]contextledger demo[/bold]: an afternoon of debugging with an agent")
    images = sum(1 for m in messages for _ in m.images())
    calls = sum(len(m.tool_calls) for m in messages)
    console.print(
        f"The example holds {len(payload)} OpenAI-format messages ({len(messages)} after folding "
        f"tool screenshots back into their results): {images} images, {calls} tool calls, "
        "attached files, and turns in Chinese and Hindi."
    )
    for section in SECTIONS:
        section(console, messages)
    console.rule(f"done in {time.perf_counter() - started:.1f} s: offline, temporary files removed")


def _translate(console: Console, messages: tuple[Message, ...]) -> None:
    from rich.table import Table

    from ..providers import read_messages, translate

    console.rule("1. One content model, every provider's wire format")
    table = Table("target", "wire messages", "request bytes", "round trip back", "notices")
    for fmt in ("openai", "anthropic", "openai-responses", "gemini"):
        result = translate(messages, fmt)
        wire = json.dumps(result.body, ensure_ascii=False)
        back = read_messages(result.body, fmt)
        same = [(m.role, m.content) for m in back] == [(m.role, m.content) for m in messages]
        table.add_row(
            fmt,
            str(len(result.messages)),
            f"{len(wire):,}",
            "lossless" if same else "canonicalized",
            str(len(result.notices)),
        )
    console.print(table)
    console.print(
        "Images go first in user turns and two or more are labelled 'Image 1:', 'Image 2:'; a screenshot a "
        "tool returned travels inside the tool result where the format allows it."
    )


def _gate(console: Console, messages: tuple[Message, ...]) -> None:
    from ..errors import VisionGateError
    from ..providers import translate

    console.rule("2. The vision gate: a text-only model never gets an image it can't see")
    try:
        translate(messages, "openai", model="gpt-oss-120b")
    except VisionGateError as exc:
        console.print(f"[red]refused:[/red] {exc}")
    result = translate(messages, "openai", model="gpt-oss-120b", on_images="placeholder")
    console.print(
        f"With on_images='placeholder', {len(result.notices)} images become visible placeholders, each reported:"
    )
    for notice in result.notices[:3]:
        console.print(f"  • {notice.text}")
    console.print(
        "The stored conversation keeps the images: switch back to gpt-4o and they are sent again."
    )


# ----------------------------------------------------------------------------- helpers


def _image_size(img: Image) -> tuple[int | None, int | None]:
    """Width and height of an image block: stored on the block, else read from its header."""
    from ..errors import ImageProbeError
    from ..images.probe import probe_image

    if img.width and img.height:
        return img.width, img.height
    if img.data is None:
        return None, None
    try:
        return probe_image(img.data.decode()).display_size
    except ImageProbeError:
        return None, None


def _label(img: Image) -> str:
    """How the demo names an image, e.g. ``3840×2160 PNG``."""
    return img.describe(*_image_size(img))


def _map_images(messages: Sequence[Message], fn: Callable[[Image], Image]) -> tuple[Message, ...]:
    """``messages`` with ``fn`` applied to every image block, tool-result images included."""
    from ..model import Image, ToolResult

    out: list[Message] = []
    for m in messages:
        blocks: list[Block] = []
        changed = False
        for b in m.content:
            nb: Block = b
            if isinstance(b, Image):
                nb = fn(b)
            elif isinstance(b, ToolResult) and any(isinstance(x, Image) for x in b.content):
                nb = replace(
                    b, content=tuple(fn(x) if isinstance(x, Image) else x for x in b.content)
                )
            changed = changed or nb is not b
            blocks.append(nb)
        out.append(m.with_content(blocks) if changed else m)
    return tuple(out)


def _broken_copy(messages: Sequence[Message]) -> tuple[list[Message], list[str]]:
    """The first 20 messages, broken the four ways restored sessions break; and what was done.

    A truncated argument string (a writer killed mid-call), a call id used twice, a tool
    result whose call never existed, and a call whose result was never written.
    """
    from ..model import Message, ToolCall, ToolResult

    head = list(messages[:20])
    done: list[str] = []
    multi = [i for i, m in enumerate(head) if len(m.tool_calls) >= 2]
    single = [i for i, m in enumerate(head) if len(m.tool_calls) == 1]

    # 1. truncated JSON arguments: the last call of the second parallel batch
    i = multi[1]
    cut = head[i].tool_calls[-1]
    head[i] = head[i].with_content(
        replace(b, arguments=b.arguments[: len(b.arguments) // 2]) if b is cut else b
        for b in head[i].content
    )
    done.append(f"{head[i].id}: cut the JSON arguments of {cut.name} ({cut.id}) in half")

    # 2. a later call (and its result) reuses the very first call's id
    reused = head[multi[0]].tool_calls[0].id
    i = single[0]
    old = head[i].tool_calls[0].id
    head[i] = head[i].with_content(
        replace(b, id=reused) if isinstance(b, ToolCall) else b for b in head[i].content
    )
    head[i + 1] = head[i + 1].with_content(
        replace(b, call_id=reused) if isinstance(b, ToolResult) and b.call_id == old else b
        for b in head[i + 1].content
    )
    done.append(
        f"{head[i].id}: gave call {old} the id {reused}, already used by {head[multi[0]].id}"
    )

    # 3. the result of the last single call was never written: a dangling call
    i = single[-1]
    done.append(f"{head[i + 1].id}: deleted the only result of {head[i].tool_calls[0].id}")
    del head[i + 1]

    # 4. an orphan result from a crashed run, after the first plain answer
    i = next(k for k, m in enumerate(head) if m.role == "assistant" and not m.tool_calls)
    head.insert(i + 1, Message.tool("call_ghost", "output of a run nobody asked for", id="ghost"))
    done.append("ghost: inserted a tool result for call_ghost, which no assistant made")
    return head, done


# ----------------------------------------------------------------------------- 3. store


def _store(console: Console, messages: tuple[Message, ...]) -> None:
    """Normalize the images, store the session, reload it, repair a broken copy."""
    console.rule("3. Normalize and store: lose nothing, store nothing twice")
    console.print(
        "[dim]Images are resized once (never upscaled) before they are stored or sent; a session is "
        "append-only and holds image refs, not base64; every load runs repair().[/dim]"
    )
    normalized = _normalize_images(console, messages)
    _store_and_reload(console, normalized)
    _repair_broken_copy(console, messages)


def _normalize_images(console: Console, messages: tuple[Message, ...]) -> tuple[Message, ...]:
    """Resize each image once, show what it did and what the largest one costs before and after."""
    from rich.table import Table

    from ..catalog import lookup_model
    from ..images.normalize import NormalizedImage, normalize_image
    from ..pricing.vision import image_cost

    limits = lookup_model(NORMALIZE_FOR).image_limits
    count = sum(1 for m in messages for _ in m.images())
    results: list[tuple[Image, NormalizedImage]] = []

    def normalize(img: Image) -> Image:
        if img.data is None:
            return img
        res = normalize_image(img.data.decode(), limits=limits, image_count=count, name=img.name)
        results.append((img, res))
        return img if not res.changed else replace(res.to_image(), detail=img.detail)

    normalized = _map_images(messages, normalize)
    table = Table("image", "bytes before", "bytes after", "what normalize_image did")
    for img, res in results:
        action = res.reason.rsplit(": ", 1)[-1] if res.changed else "passed through untouched"
        table.add_row(_label(img), f"{res.bytes_before:,}", f"{res.bytes_after:,}", action)
    console.print(table)
    big_img, big = max(results, key=lambda r: r[1].pixels_before)
    console.print(f"The {_label(big_img)} screenshot, priced before and after (tokens as billed):")
    for model in ("claude-opus-4-7", "gpt-4o"):
        before = image_cost(big.width_before, big.height_before, model).tokens
        after = image_cost(big.width, big.height, model).tokens
        why = (
            "the provider downsizes to 768 px itself, so the saving is bytes and upload time"
            if before == after
            else f"{before - after:,} tokens saved on every turn it is sent"
        )
        console.print(
            f"  • {model:<16} {big.width_before}×{big.height_before} → {big.width}×{big.height}: "
            f"{before:,} → {after:,} tokens; {big.bytes_before:,} → {big.bytes_after:,} bytes ({why})"
        )
    return normalized


def _store_and_reload(console: Console, normalized: tuple[Message, ...]) -> None:
    """Store the session append-only with images by reference, reload and materialize it."""
    import tempfile
    from pathlib import Path

    from ..storage.sessions import SessionStore

    with tempfile.TemporaryDirectory(prefix="contextledger-demo-") as tmp:
        with SessionStore(Path(tmp) / "sessions.db") as store:
            store.create("example")
            stored = store.append("example", normalized)
            refs = store.refs()
            media_bytes = sum(len(store.media.read(r)) for r in refs)
            loaded = store.load("example")
            sent = store.materialize(loaded.messages)
            inline = sum(1 for m in sent for i in m.images() if i.data is not None)
            as_refs = sum(1 for m in loaded.stored for i in m.images() if i.ref is not None)
            as_b64 = sum(1 for m in loaded.stored for i in m.images() if i.data is not None)
        console.print(
            f"Stored {len(stored)} messages in a SQLite session (append-only) under a temporary data "
            f"directory; the rows hold {as_refs} image refs and {as_b64} inline images, the {len(refs)} images live once each in the "
            f"content-addressed media store ({media_bytes:,} bytes, named by SHA-256)."
        )
        console.print(
            f"Reloaded: {len(loaded.messages)} messages, repair on load: {loaded.repair.summary()}; "
            f"materialize() turned {inline} refs back into inline images for sending."
        )


def _repair_broken_copy(console: Console, messages: tuple[Message, ...]) -> None:
    """Break a copy of the session's start on purpose and show what repair() does with it."""
    from rich.table import Table

    from ..repair import repair
    from ..validate import tool_pair_problems

    broken, what = _broken_copy(messages)
    console.print("Now a deliberately broken copy of the first 20 messages:")
    for line in what:
        console.print(f"  ✗ {line}")
    fixed = repair(broken)
    table = Table("repair", "message", "what repair() did and why", title="repair() report")
    for change in fixed.changes:
        table.add_row(change.kind, change.message_id, change.detail)
    console.print(table)
    again = repair(fixed.messages)
    console.print(
        f"{len(broken)} messages in, {len(fixed.messages)} out; tool-pair problems left: "
        f"{len(tool_pair_problems(fixed.messages))}; repairing again changes "
        f"{'nothing' if not again.changed else f'{len(again.changes)} more things'} (idempotent). "
        "Truncated arguments are removed, never completed: guessing the rest would invent a call."
    )


# ----------------------------------------------------------------------------- 4. price


def _price(console: Console, messages: tuple[Message, ...]) -> None:
    """Per-message prices on three providers, against counting the JSON as text."""
    from rich.table import Table

    from ..pricing.messages import Pricer
    from ..providers import translate

    console.rule("4. Price every block as the provider bills it")
    console.print(
        "[dim]The same messages cost different amounts on each provider. Text is counted with the "
        "model's tokenizer (exact for OpenAI, a calibrated estimate for Claude and Gemini), images by "
        "pixels.[/dim]"
    )
    pricers = {model: Pricer.for_model(model) for model in PRICE_MODELS}

    def naive(m: Message) -> int:
        body = translate([m], "openai", validate=False).messages
        return len(json.dumps(body)) // 4

    table = Table(
        "message",
        "images",
        *PRICE_MODELS,
        "naive len(json)/4",
        title="the messages with images: text + image tokens per model",
    )
    for m in messages:
        imgs = list(m.images())
        if not imgs:
            continue
        cells = []
        for pricer in pricers.values():
            p = pricer.message(m)
            cells.append(f"{p.text:,} + {p.image:,}")
        table.add_row(m.id, ", ".join(_label(i) for i in imgs), *cells, f"{naive(m):,}")
    console.print(table)

    totals = Table(
        "model",
        "text tokens",
        "image tokens",
        "total",
        "messages priced",
        title="the whole example",
    )
    for model, pricer in pricers.items():
        t = pricer.messages(messages)
        totals.add_row(model, f"{t.text:,}", f"{t.image:,}", f"{t.total:,}", str(len(messages)))
    naive_total = sum(naive(m) for m in messages)
    first_total = pricers[PRICE_MODELS[0]].messages(messages).total
    totals.add_row("naive len(json)/4", "", "", f"{naive_total:,}", str(len(messages)))
    console.print(totals)
    console.print(
        "Each image is priced from its header alone (no decode): Claude by 28 px patches under the tier cap, "
        "OpenAI by 512 px tiles after its own resize, Gemini 2.x by 258-token tiles sized from the short side. "
        "Counting the base64 as text "
        f"would book {naive_total:,} tokens, {naive_total / first_total:.1f}× what {PRICE_MODELS[0]} bills "
        "for the same messages: a trimmer using it throws away history that fits."
    )


# ----------------------------------------------------------------------------- 5. fit


def _fit(console: Console, messages: tuple[Message, ...]) -> None:
    """Fit into a 12,000-token window on three models and show the report."""
    from rich.table import Table

    from ..fit import fit
    from ..pricing.messages import price_messages
    from ..validate import tool_pair_problems

    console.rule(f"5. Fit into a {FIT_WINDOW:,}-token window, three models")
    console.print(
        f"[dim]fit() keeps the newest turns that fit in {FIT_WINDOW:,} tokens with "
        f"{FIT_MAX_OUTPUT:,} reserved for the reply, and reports everything it left out.[/dim]"
    )
    table = Table(
        "model", "budget", "used", "text", "image", "kept", "dropped", "shrunk", "used == sent"
    )
    reports = []
    for model in FIT_MODELS:
        res = fit(messages, model, window=FIT_WINDOW, max_output_tokens=FIT_MAX_OUTPUT)
        r = res.report
        exact = price_messages(res.messages, model).total == r.used
        valid = not tool_pair_problems(res.messages)
        newest = res.messages[-1] is messages[-1]
        table.add_row(
            model,
            f"{r.budget:,}",
            f"{r.used:,}",
            f"{r.text_tokens:,}",
            f"{r.image_tokens:,}",
            str(len(res.messages)),
            str(sum(1 for c in r.dropped if c.block is None)),
            str(len(r.shrunk)),
            "✓" if exact and valid and newest else "✗",
        )
        reports.append(r)
    console.print(table)
    first = reports[0]
    console.print(
        f"Budget = window {first.window:,} − {first.reserved_output:,} reserved for the reply; used "
        f"counts the messages and the {first.overhead_tokens} tokens priming the reply, as billed. Older "
        "tool exchanges go whole, oldest first; the newest request and up to two earlier ones are "
        "pinned; no tool call is ever sent without its result. "
        "'used == sent': the report's total is the exact price of the messages returned, tool pairs "
        "are intact and the newest message is the same object."
    )
    reasons = Counter(c.reason for c in first.dropped)
    console.print(
        f"Every drop is in the report with its reason and tokens, e.g. for {FIT_MODELS[0]}: "
        + "; ".join(f"{n} × {why}" for why, n in reasons.most_common())
        + ". Notices are the sentences a UI shows a person:"
    )
    shown: set[str] = set()
    for model, r in zip(FIT_MODELS, reports, strict=True):
        fresh = [n for n in r.notices if n.text not in shown]
        same = len(r.notices) - len(fresh)
        also = f", {same} of them as above" if same else ""
        console.print(f"[bold]{model}[/bold]: {len(r.notices)} notices{also}")
        for notice in fresh[:4]:
            console.print(f"  • {notice.text}")
            shown.add(notice.text)
        if len(fresh) > 4:
            console.print(f"  … and {len(fresh) - 4} more")


# ----------------------------------------------------------------------------- 6. compact


HALLUCINATED_RECAP = (
    "The user reported a blank dashboard chart after a deploy. "
    "The cache TTL in config/production.toml was raised from 300 to 3000, so the chart served stale data. "
    "We already fixed it by deleting src/dashboard/legacy_cache.py and setting the TTL to 45. "
    "Tests in tests/test_cache.py were run with `pytest tests/test_cache.py -q`."
)


def _compact(console: Console, messages: tuple[Message, ...]) -> None:
    """Compact offline, show the verified recap, then catch a hallucinated one."""
    from rich.panel import Panel
    from rich.table import Table

    from ..compaction import Conversation, OfflineSummarizer, verify_recap
    from ..pricing.messages import Pricer

    console.rule("6. Compact old turns into a recap, and verify it before it stands")
    console.print(
        "[dim]Old turns become one user-role recap in the model's view; the record keeps them. Every "
        "path, number and command the recap states is checked against what was said.[/dim]"
    )
    conv = Conversation.from_messages(messages)
    out = conv.compact(OfflineSummarizer())
    for line in out.report:
        console.print(f"  • {line}")
    if out.event is None or out.verification is None:
        return
    new = out.conversation
    pricer = Pricer.for_model("gpt-4o")
    console.print(
        f"Record: {len(new.record)} messages ({pricer.messages(new.record).total:,} tokens on gpt-4o), "
        f"kept whole. View sent to the model: {len(new.view)} messages "
        f"({pricer.messages(new.view).total:,} tokens): the system prompt, one user-role recap, "
        "the recent turns."
    )
    text = out.event.recap_text
    # the whole recap (at most the policy's byte cap): a cut box hid its later sections
    console.print(Panel(text, title="the recap (offline summarizer)", width=106))
    counts = out.verification.counts
    table = Table("supported", "unsupported", "missing → facts ledger", title="verification")
    table.add_row(str(counts["supported"]), str(counts["unsupported"]), str(counts["missing"]))
    console.print(table)

    covered = conv.covered_messages(out.event.covers)
    console.print("A model-written recap that invents a file and a number:")
    console.print(Panel(HALLUCINATED_RECAP, width=106))
    caught = verify_recap(HALLUCINATED_RECAP, covered)
    console.print(f"[bold]verify_recap:[/bold] {caught.summary()}")
    for sentence in caught.removed_sentences:
        console.print(f"  [red]removed:[/red] {sentence}")
    rejected = verify_recap(HALLUCINATED_RECAP, covered, mode="reject")
    console.print(
        f"With mode='reject' the recap is {'accepted' if rejected.accepted else 'rejected'} and the "
        "history stays as it was; a summarizer error or an empty reply also leaves it unchanged."
    )


# ----------------------------------------------------------------------------- 7. prepare


def _prepare(console: Console, messages: tuple[Message, ...]) -> None:
    from rich.table import Table

    from ..compaction import Conversation
    from ..prepare import Preparer, price_request

    console.rule("7. One call: prepare() a ready request for Anthropic and OpenAI")
    console.print(
        "[dim]repair → compaction → image normalization → vision gate → fit → translate, in one "
        "call. The tokens the report says were used are the price of the exact request returned.[/dim]"
    )
    conv = Conversation.from_messages(messages)
    table = Table(
        "model", "compaction", "sent", "used / budget", "text", "images", "= price of body"
    )
    runs = []
    for model, compaction in (("claude-opus-4-7", False), ("gpt-4o", True)):
        prepared = Preparer(
            model, window=16_000, max_output_tokens=2_000, compaction=compaction
        ).prepare(conv)
        report = prepared.report
        priced = price_request(prepared.body, model).total
        table.add_row(
            f"{model} ({prepared.format})",
            report.compaction_state,
            f"{len(prepared.messages)} msgs",
            f"{report.used:,} / {report.budget:,}",
            f"{report.text_tokens:,}",
            f"{report.image_tokens:,}",
            f"{priced:,} {'✓' if priced == report.used else '✗'}",
        )
        runs.append(prepared)
    console.print(table)
    for prepared in runs:
        report = prepared.report
        console.print(
            f"[bold]{prepared.model}[/bold] merged report: {len(report.repairs)} repairs; "
            f"{len(report.normalized)} images normalized; {len(report.fit.dropped)} messages or "
            f"blocks dropped; {len(report.notices)} notices, e.g.:"
        )
        for notice in report.notices[:4]:
            console.print(f"  • {notice.text}")
    again = Preparer("gpt-4o", window=16_000, max_output_tokens=2_000).prepare(conv)
    same = json.dumps(again.body, sort_keys=True) == json.dumps(runs[-1].body, sort_keys=True)
    console.print(
        f"Preparing the same state again gives {'the same' if same else 'a DIFFERENT'} request."
    )


SECTIONS: list[Callable[[Console, tuple[Message, ...]], None]] = [
    _translate,
    _gate,
    _store,
    _price,
    _fit,
    _compact,
    _prepare,  # placeholder: Conversation.prepare() (issue 7)
]

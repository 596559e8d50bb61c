"""``contextledger compact FILE``: recap a saved conversation and show the verified result.

FILE is an OpenAI-format JSON list of messages, or an object with a ``messages`` list.
The command prints the recap, the verification (supported, unsupported, missing facts)
and the view that would be sent. It compacts on request: the message-count and token
triggers and the cooldown are skipped (``--auto`` applies them), the newest turns are
still kept verbatim; each image the recap takes out of the view is a line of the report.
The recap's byte cap follows the model's window as in ``prepare`` (``--model``, default
CONTEXTLEDGER_MODEL; ``--window``): a long session on a large window keeps far more of
its facts than the 2,000-byte floor a window-less recap gets.
Exit status: 0 when compacted or nothing to do, 1 when the
summarizer failed or the recap was rejected (the history is unchanged either way).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from ..errors import ContentError
from .app import main
from .io import dumps_json, echo_json, load_json_file
from .summarizer import build_summarizer, summarizer_options


def _load(path: str) -> Any:
    payload = load_json_file(path)
    # The whole payload goes to the reader: an Anthropic request keeps its `system`.
    if not isinstance(payload, list | dict):
        raise ContentError(
            path, "expected a JSON list of messages or a request object with messages"
        )
    return payload


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@summarizer_options
@click.option(
    "--mode",
    type=click.Choice(["strip", "reject"]),
    default="strip",
    show_default=True,
    help="strip: remove sentences with unsupported facts; reject: refuse the whole recap.",
)
@click.option(
    "--auto",
    is_flag=True,
    help="Compact as a session would: only when CONTEXT_COMPACTION is on (the default) "
    "and the policy's triggers say so.",
)
@click.option("--keep-recent", type=click.IntRange(0), default=None, help="Messages kept verbatim.")
@click.option(
    "--model",
    "-m",
    default=None,
    help="The model the view is for: its window sizes the recap (default: CONTEXTLEDGER_MODEL).",
)
@click.option(
    "--window",
    type=click.IntRange(1),
    default=None,
    help="Context window in tokens (default: the model's).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def compact(
    file: str,
    summarizer: str | None,
    summarizer_url: str | None,
    mode: str,
    auto: bool,
    keep_recent: int | None,
    model: str | None,
    window: int | None,
    as_json: bool,
) -> None:
    """Recap the older turns of FILE, verify the recap, and print the view."""
    from dataclasses import replace

    from contextledger import providers
    from contextledger.catalog import lookup_model
    from contextledger.compaction import CompactionPolicy, Conversation
    from contextledger.config import load_config
    from contextledger.model import with_ids
    from contextledger.pricing.messages import Pricer
    from contextledger.repair import repair

    # Read (and check) the setting even when compacting on request: a bad value is one
    # error line here as in `fit`, never silently ignored.
    config = load_config()
    enabled = config.compaction_enabled(default=True)
    recapper = build_summarizer(summarizer, summarizer_url, config)
    info = lookup_model(model or config.model, window=window)
    window = window or info.context_window
    # A saved conversation may need repair (a dangling call) before it can be written
    # back out; repairs are listed with the report.
    repaired = repair(with_ids(providers.read_messages(_load(file))))
    policy = CompactionPolicy()
    if keep_recent is not None:
        policy = replace(policy, keep_recent=keep_recent)
    conv = Conversation.from_messages(repaired.messages)
    if auto and not enabled:
        _print_off(conv, as_json)
        return
    if not any(m.role != "system" for m in conv.record):
        _print_nothing(file, conv, [str(c) for c in repaired.changes], as_json)
        return
    from .progress import spinner

    pricer = Pricer.for_model(info)
    with spinner(f"recapping with the {recapper.name} summarizer…"):
        outcome = conv.compact(
            recapper,
            policy,
            # the window sizes the recap's byte cap (and, with --auto, the token trigger)
            window=window,
            count_tokens=lambda view: pricer.messages(view).total,
            force=not auto,
            mode="reject" if mode == "reject" else "strip",
        )
    cap = policy.recap_bytes(window)
    sizing = [f"recap cap {cap:,} bytes for {info.id}'s {window:,}-token window"]
    if outcome.event is None:
        sizing.clear()  # no recap: its cap is no news
    overflow = _overflow(outcome.conversation.view, pricer, info, window, file)
    _print_outcome(conv, outcome, recapper.name, repaired.changes, (*sizing, *overflow), as_json)
    if outcome.status == "failed":
        raise SystemExit(1)


def _overflow(view: Any, pricer: Any, info: Any, window: int, file: str) -> list[str]:
    """A line when the view (the recent turns are kept verbatim whatever their size) is
    more than a request to ``info`` can hold: the window less the reply's default
    reserve, as `fit` counts it; naming the command that fits it."""
    import shlex

    from contextledger.fit.options import default_output_reserve
    from contextledger.pricing.messages import request_overhead

    reserve = default_output_reserve(info, window)
    budget = window - reserve - request_overhead(info)
    if budget <= 0:
        return [
            f"a {window:,}-token window cannot hold a request to {info.id}: the reply's "
            f"default reserve alone is {reserve:,} tokens"
        ]
    tokens = pricer.messages(view).total
    if tokens <= budget:
        return []
    return [
        f"the view holds {tokens:,} tokens, more than the {budget:,} a request to {info.id} "
        f"can hold with a {window:,}-token window (the reply's reserve taken off): "
        f"`contextledger fit {shlex.quote(file)} --compact -m {info.id} --window {window}` "
        "fits it"
    ]


def _print_outcome(
    conv: Any,
    outcome: Any,
    summarizer: str,
    repairs: Sequence[object],
    extra: Sequence[str],
    as_json: bool,
) -> None:
    """The report, recap, verification and view, as text or one JSON object."""
    from contextledger import providers
    from contextledger.compaction.digest import parse_digest
    from contextledger.prepare import recapped_image_notices

    view = outcome.conversation.view
    # never silent: each image the recap takes out of the view is a line of the report
    covered = outcome.event.covers if outcome.event else ()
    report = (*outcome.report, *(n.text for n in recapped_image_notices(conv, covered)))
    report = (*report, *extra)
    body = providers.write_messages(list(view), "openai")
    wire = body.get("messages", body) if isinstance(body, dict) else body
    v = outcome.verification
    if as_json:
        data = {
            "status": outcome.status,
            "summarizer": summarizer,
            "report": list(report),
            "repairs": [str(c) for c in repairs],
            "recap": outcome.event.recap_text if outcome.event else None,
            # the recap's sections (Goal, Constraints and corrections, Commands run, …)
            "sections": parse_digest(outcome.event.recap_text).sections if outcome.event else {},
            "covers": list(outcome.event.covers) if outcome.event else [],
            "verification": v.to_dict() if v else None,
            "messages": {"record": len(conv.record), "view": len(view)},
            "view": wire,
        }
        echo_json(data, default=str)
        return
    for change in repairs:
        click.echo(f"repaired before compacting: {change}")
    for line in report:
        click.echo(line)
    if outcome.event is not None:
        click.echo("\n== Recap ==")
        click.echo(outcome.event.recap.text)
    if v is not None:
        _print_verification(v)
    click.echo(f"\n== View ({len(view)} of {len(conv.record)} messages) ==")
    click.echo(dumps_json(wire, default=str))


def _print_verification(v: Any) -> None:
    click.echo("\n== Verification ==")
    click.echo(
        f"supported {len(v.supported)}, unsupported {len(v.unsupported)}, missing {len(v.missing)}"
    )
    for f in v.unsupported:
        click.echo(f"  unsupported {f.kind}: {f.value}")
    for c in v.misclaims:
        click.echo(f"  unsupported claim: {c}")
    for s in v.removed_sentences:
        click.echo(f"  removed: {s}")
    for line in v.cut:
        click.echo(f"  cut for room: {line}")
    for f in v.missing:
        click.echo(f"  missing {f.kind}: {f.value}" + (" (failed)" if f.failed else ""))


def _print_nothing(file: str, conv: Any, repairs: list[str], as_json: bool) -> None:
    """A file with no conversation turn (none given, or repair removed every one): say so
    and why, rather than print an empty view."""
    line = (
        f"nothing to compact: no conversation turn of {file} is left after repair "
        f"({len(repairs)} repair(s), each listed)"
        if repairs
        else f"nothing to compact: {file} holds no user or assistant message"
    )
    if as_json:
        from contextledger import providers

        size = len(conv.record)
        # what the file holds, as is: it has no turn to send, so a validated write refuses it
        body = providers.translate(list(conv.record), "openai", validate=False).body
        echo_json(
            {
                "status": "skipped",
                "report": [line],
                "repairs": repairs,
                "recap": None,
                "sections": {},
                "covers": [],
                "verification": None,
                "messages": {"record": size, "view": size},
                "view": body.get("messages", body) if isinstance(body, dict) else body,
            }
        )
        return
    for change in repairs:
        click.echo(f"repaired before compacting: {change}")
    click.echo(line)


def _print_off(conv: Any, as_json: bool) -> None:
    line = "CONTEXT_COMPACTION is off: nothing compacted (--auto follows the setting)"
    if as_json:
        n = len(conv.record)
        echo_json({"status": "off", "report": [line], "messages": {"record": n, "view": n}})
    else:
        click.echo(line)

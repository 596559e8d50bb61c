"""``contextledger cost``, ``price`` and ``models``: price images and request bodies, list the
catalog.

Examples::

    contextledger cost shot.png photo.jpg --model claude-opus-4-7 --model gpt-4o
    contextledger cost --width 1920 --height 1080 --model gpt-5.4 --detail high --json
    contextledger price request.json --model gpt-4o
    contextledger models --json
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import click

from ..catalog import ModelInfo, lookup_model, resolve_catalog
from ..errors import ContentError, ImageProbeError, UnknownModelError
from ..images.probe import ImageInfo, probe_image
from ..pricing.vision import ImageCost, image_cost, max_image_cost
from .app import for_cli, main
from .io import echo_json, load_json_file, shown

#: Priced when no ``--model`` is given: one model per cost family people meet most.
REPRESENTATIVE_MODELS = (
    "gpt-4o",
    "gpt-5.4",
    "claude-sonnet-4-6",
    "claude-opus-4-7",
    "gemini-2.5-flash",
)


@dataclass(frozen=True, slots=True)
class _Row:
    image: str
    info: ImageInfo | None
    width: int | None
    height: int | None
    cost: ImageCost
    note: str

    def as_json(self) -> dict[str, Any]:
        return {
            "image": self.image,
            "model": self.cost.model,
            "width": self.width,
            "height": self.height,
            "processed_width": self.cost.processed_width,
            "processed_height": self.cost.processed_height,
            "tokens": self.cost.tokens,
            "exact": self.cost.exact,
            "orientation": self.info.orientation if self.info is not None else None,
            "note": self.note,
        }


def _resolve(models: tuple[str, ...]) -> list[ModelInfo]:
    out = []
    for name in models or REPRESENTATIVE_MODELS:
        try:
            out.append(lookup_model(name))
        except UnknownModelError as exc:
            raise click.BadParameter(for_cli(exc), param_hint="--model") from None
    return out


def _price(
    label: str, width: int | None, height: int | None, model: ModelInfo, detail: str | None
) -> ImageCost:
    try:
        return image_cost(width, height, model, detail)
    except ContentError as exc:
        raise click.ClickException(f"{label}: {exc}") from None


def _note(cost: ImageCost, info: ImageInfo | None) -> str:
    parts = []
    if (
        cost.processed_width is None
        and cost.exact is False
        and cost.family not in ("gemini3", "gemini-any", "openai-any")
    ):
        parts.append("size unknown: per-image maximum")
    elif not cost.exact:
        parts.append("upper bound")
    if info is not None and info.animated:
        parts.append("animated")
    if info is not None and info.orientation not in (0, 1):
        parts.append(f"rotated (EXIF {info.orientation})")
    return ", ".join(parts)


def _label(source: str) -> str:
    if source[:5].lower() == "data:":
        return f"data URL ({len(source)} chars)"
    return source


@main.command()
@click.argument("images", nargs=-1, metavar="IMAGE...")
@click.option("--model", "-m", "models", multiple=True, help="Model id (repeatable).")
@click.option("--detail", help="OpenAI detail (low/high/auto/original) or Gemini 3 resolution.")
@click.option("--width", type=click.IntRange(min=1), help="Price this width (no file).")
@click.option("--height", type=click.IntRange(min=1), help="Price this height (no file).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON objects instead of a table.")
def cost(
    images: tuple[str, ...],
    models: tuple[str, ...],
    detail: str | None,
    width: int | None,
    height: int | None,
    as_json: bool,
) -> None:
    """Price images (files or base64 data URLs) as each model bills them.

    Reads only the image headers. Without --model, a representative model set is used.
    An unreadable image costs the model's per-image maximum (and a warning says so).
    """
    if (width is None) != (height is None):
        raise click.UsageError("--width and --height go together")
    if width is not None and images:
        raise click.UsageError("give IMAGE files or --width/--height, not both")
    if width is None and not images:
        raise click.UsageError("give at least one IMAGE, or --width and --height")
    infos = _resolve(models)
    rows: list[_Row] = []
    if width is not None:
        for m in infos:
            c = _price(f"{width}x{height}", width, height, m, detail)
            rows.append(_Row(f"{width}x{height}", None, width, height, c, _note(c, None)))
    for source in images:
        label = _label(source)
        if not source.startswith("data:") and not os.path.exists(source):
            raise click.BadParameter(f"no such file: {source}", param_hint="IMAGE")
        if not source.startswith("data:") and os.path.getsize(source) == 0:
            # as in fit and repair: an empty file is a mistake to name, not an image to
            # price at the maximum
            raise click.ClickException(f"{source}: the file is empty (no image to price)")
        try:
            probed: ImageInfo | None = probe_image(source)
        except ImageProbeError as exc:
            click.echo(f"warning: {label}: {exc.reason}; priced at the model maximum", err=True)
            probed = None
        for m in infos:
            # The size as displayed (EXIF orientation applied), as `normalize` and `chat`
            # show it; every formula prices w×h and h×w alike, so the tokens are unchanged.
            w, h = probed.display_size if probed else (None, None)
            c = _price(label, w, h, m, detail)
            rows.append(_Row(label, probed, w, h, c, _note(c, probed)))
    if as_json:
        echo_json({"costs": [r.as_json() for r in rows]})
        return
    _print_cost_table(rows)


def _size(w: int | None, h: int | None) -> str:
    return f"{w}×{h}" if w is not None and h is not None else "—"


def _short_names(rows: list[_Row]) -> dict[str, str]:
    """File names without their folders (narrow enough for 80 columns), unless two
    different paths share a name."""
    from pathlib import PurePath

    paths = {r.image for r in rows}
    names = {p: PurePath(p).name if not p.startswith("data URL") else p for p in paths}
    if len(set(names.values())) < len(names):
        return {p: p for p in paths}
    return names


def _print_cost_table(rows: list[_Row]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Image cost (tokens billed per image)")
    for name, justify in (
        ("image", "left"),
        ("size", "right"),
        ("model", "left"),
        ("processed", "right"),
        ("tokens", "right"),
        ("note", "left"),
    ):
        table.add_column(
            name,
            justify=justify,  # type: ignore[arg-type]
            no_wrap=name in ("model", "tokens", "size", "processed"),
            # a path has no spaces to wrap at: fold it; the note wraps between words
            overflow="fold" if name == "image" else "ellipsis",
        )
    names = _short_names(rows)
    for r in rows:
        table.add_row(
            shown(names[r.image]),
            _size(r.width, r.height),
            r.cost.model,
            _size(r.cost.processed_width, r.cost.processed_height),
            f"{r.cost.tokens:,}",
            shown(r.note),
        )
    Console().print(table)


def _model_json(m: ModelInfo) -> dict[str, Any]:
    try:
        max_tokens: int | None = max_image_cost(m).tokens if m.vision else None
    except ContentError:
        max_tokens = None
    lim = m.image_limits
    return {
        "id": m.id,
        "provider": m.provider,
        "context_window": m.context_window,
        "max_output_tokens": m.max_output_tokens,
        "vision": m.vision,
        "image_cost": m.image_cost,
        "image_params": dict(m.image_params),
        "max_image_tokens": max_tokens,
        "image_limits": {
            "max_images": lim.max_images,
            "max_side": lim.max_side,
            "max_base64_bytes": lim.max_base64_bytes,
            "many_images_threshold": lim.many_images_threshold,
            "many_images_max_side": lim.many_images_max_side,
            "formats": list(lim.formats),
            "animated_ok": lim.animated_ok,
        },
        "tokenizer": m.tokenizer,
        "text_factor": m.text_factor,
        "source": m.source,
        "checked_at": m.checked_at,
    }


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the catalog as JSON.")
def models(as_json: bool) -> None:
    """List the model catalog: windows, vision, image cost model and limits."""
    catalog = resolve_catalog(None)
    entries = []
    for m in catalog.models():
        gone = catalog.shut_down(m.id)  # (kept for the clouds that still serve it)
        entries.append({**_model_json(m), "shut_down": gone.date if gone else None})
    if as_json:
        echo_json({"models": entries})
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Model catalog ({len(entries)} models)")
    for name in ("model", "provider", "window", "max out", "images", "max/image", "tokenizer"):
        table.add_column(
            name,
            justify="right" if name in ("window", "max out") else "left",
            # the model column folds long ids (aliases like meta-llama/…) instead of
            # squeezing the other columns to two characters on an 80-column terminal
            no_wrap=name in ("window", "max out", "max/image"),
            overflow="fold",
            ratio=3 if name == "model" else 1,
        )
    for e in entries:
        table.add_row(
            shown(f"{e['id']} (shut down {e['shut_down']})" if e["shut_down"] else e["id"]),
            shown(e["provider"]),
            _k(e["context_window"]),
            _k(e["max_output_tokens"]),
            e["image_cost"] if e["vision"] else "no",
            f"{e['max_image_tokens']:,}" if e["max_image_tokens"] is not None else "—",
            e["tokenizer"].removesuffix("_base"),
        )
    Console().print(table)


def _k(n: int) -> str:
    """1,048,576 → 1,049k: compact enough for an 80-column table."""
    return f"{round(n / 1000):,}k" if n >= 10_000 else f"{n:,}"


@main.command("price")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--model", "-m", help='Model id (default: the body\'s own "model").')
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["openai", "openai-responses", "anthropic", "gemini"]),
    default=None,
    help="The body's request format (default: read from the body).",
)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def price(file: str, model: str | None, fmt: str | None, as_json: bool) -> None:
    """Price a provider request body (FILE, JSON) as its model's provider bills the prompt.

    A body naming context the provider adds itself (a previous_response_id, a Gemini
    cachedContent, Anthropic's mcp_servers, a hosted search tool) is priced as far as it goes
    and said to be a lower bound of the bill.
    """
    from ..errors import describe
    from ..pricing.messages import price_request

    body = load_json_file(file)
    if not isinstance(body, dict):
        raise ContentError(file, f"expected a request body (a JSON object), got {describe(body)}")
    named = model or body.get("model")
    if not isinstance(named, str) or not named:
        raise click.UsageError("give --model (the body names no model)")
    priced = price_request(body, named, fmt)
    if as_json:
        echo_json(
            {
                "model": named,
                "tokens": priced.total,
                "text": priced.text,
                "image": priced.image,
                "complete": priced.complete,
                "server_side": list(priced.server_side),
                "written": list(priced.written),
                "note": priced.note,
            }
        )
        return
    bound = "at least " if priced.server_side else "about " if priced.written else ""
    click.echo(f"{named}: {bound}{priced.total:,} tokens ({priced.image:,} of them images)")
    if not priced.complete:
        click.echo(priced.note)

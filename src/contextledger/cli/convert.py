"""``contextledger convert``: translate a conversation file between provider formats."""

from __future__ import annotations

import click

from .app import ON_IMAGES_HELP, OnImages, main
from .io import echo_json, load_json_file

FORMAT_CHOICES = click.Choice(["openai", "anthropic", "openai-responses", "gemini"])


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option(
    "--from",
    "source",
    type=FORMAT_CHOICES,
    default=None,
    help="Input format (detected when omitted).",
)
@click.option("--to", "target", type=FORMAT_CHOICES, required=True, help="Output format.")
@click.option("--model", "-m", default=None, help="Target model: runs the vision gate for it.")
@click.option(
    "--on-images",
    "--images",
    "on_images",
    type=OnImages(),
    default="refuse",
    show_default=True,
    help=ON_IMAGES_HELP,
)
def convert(file: str, source: str | None, target: str, model: str | None, on_images: str) -> None:
    """Print FILE translated to another provider's request format, as JSON.

    Errors (an unknown block, a block the target cannot carry, images for a text-only
    model) go to stderr with the path of the offending block, and exit with status 2.
    """
    from ..providers import read_messages, translate

    payload = load_json_file(file)
    messages = read_messages(payload, source)  # type: ignore[arg-type]
    result = translate(messages, target, model=model, on_images=on_images)  # type: ignore[arg-type]
    for notice in result.notices:
        click.echo(f"notice: {notice.text}", err=True)
    echo_json(result.body)

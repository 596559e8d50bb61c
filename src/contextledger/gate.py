"""The vision gate: a conversation with images goes only to a provider AND model that see them.

The gate never edits the record. With ``on_images="placeholder"`` it returns a *view* in
which each image is a visible text placeholder, and reports each replacement; switching
back to a vision model sends the images again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, get_args

from .catalog import Catalog, ModelInfo, lookup_model, resolve_catalog
from .errors import ArgumentError, ImageProbeError, VisionGateError
from .model import Block, Image, Message, Text, ToolResult, count_images
from .report import Notice

OnImages = Literal["error", "placeholder"]


@dataclass(frozen=True, slots=True)
class GateResult:
    messages: tuple[Message, ...]
    notices: tuple[Notice, ...]


def accepts_images(model: str | ModelInfo, catalog: Catalog | None = None) -> tuple[bool, str]:
    """Whether both the provider and the model take images, and if not, why."""
    cat = resolve_catalog(catalog)
    info = lookup_model(model, cat)
    if not cat.provider_accepts_images(info.provider):
        return False, f"its provider, {info.provider}, takes no images"
    if not info.vision:
        return False, "it is text-only in the model catalog"
    return True, ""


def image_label(img: Image) -> str:
    """The image's label with its size, read from the header when the block has none."""
    if (img.width is None or img.height is None) and img.data is not None:
        from .images.probe import probe_image

        try:
            return img.describe(*probe_image(img.data).display_size)
        except ImageProbeError:
            pass
    return img.label


def check_on_images(value: object) -> None:
    """Refuse an ``on_images`` the gate does not know (a typo must not mean "placeholder")."""
    if value not in get_args(OnImages):
        choices = " or ".join(repr(v) for v in get_args(OnImages))
        raise ArgumentError("on_images", choices, value)


def placeholder(img: Image, model: str) -> str:
    return f"[image {image_label(img)} omitted: {model} does not accept images]"


def vision_gate(
    messages: Sequence[Message],
    model: str | ModelInfo,
    *,
    on_images: OnImages = "error",
    catalog: Catalog | None = None,
) -> GateResult:
    """Check (or, by option, replace) images for a model that cannot see them.

    >>> from contextledger.model import Message, Image
    >>> msgs = (Message.user(Image(url="https://x/shot.png", name="shot.png"), "why?"),)
    >>> res = vision_gate(msgs, "gpt-3.5-turbo", on_images="placeholder")
    >>> res.messages[0].text.splitlines()[0]
    "[image 'shot.png' omitted: gpt-3.5-turbo does not accept images]"
    """
    check_on_images(on_images)
    cat = resolve_catalog(catalog)
    info = lookup_model(model, cat)  # resolved once; below, only the ModelInfo
    ok, reason = accepts_images(info, cat)
    if ok:
        return GateResult(tuple(messages), ())
    n = count_images(messages)
    if n == 0:
        return GateResult(tuple(messages), ())
    model_id = model.id if isinstance(model, ModelInfo) else model
    if on_images == "error":
        raise VisionGateError(model_id, info.provider, n, reason)
    notices: list[Notice] = []
    out: list[Message] = []
    for m in messages:
        if not any(True for _ in m.images()):
            out.append(m)
            continue
        content: list[Block] = []
        for b in m.content:
            if isinstance(b, Image):
                content.append(_swap(b, model_id, m.id, notices))
            elif isinstance(b, ToolResult) and any(isinstance(x, Image) for x in b.content):
                inner = tuple(
                    Text(placeholder(x, model_id)) if isinstance(x, Image) else x for x in b.content
                )
                for x in b.content:
                    if isinstance(x, Image):
                        notices.append(_notice(x, model_id, m.id))
                content.append(replace(b, content=inner))
            else:
                content.append(b)
        out.append(m.with_content(content))
    return GateResult(tuple(out), tuple(notices))


def _swap(img: Image, model: str, where: str, notices: list[Notice]) -> Text:
    notices.append(_notice(img, model, where))
    return Text(placeholder(img, model))


def _notice(img: Image, model: str, where: str) -> Notice:
    return Notice(
        "replaced",
        where,
        f"The model will not see image {image_label(img)}: {model} does not accept images, "
        "so a text placeholder was sent instead.",
    )

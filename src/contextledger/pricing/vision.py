"""Vision cost models: the tokens a provider bills for an image of a given pixel size.

Each family follows ``../shared/reference/vision-costs.md`` exactly; the per-model
parameters live in the catalog (``ModelInfo.image_cost`` names the family,
``ModelInfo.image_params`` holds its numbers). Every function here is pure.

>>> image_cost(1920, 1080, "claude-sonnet-4-5").tokens
1560
>>> image_cost(1920, 1080, "claude-opus-4-7").tokens
2691
>>> image_cost(1024, 1024, "gpt-4o", detail="high").tokens
765
>>> c = image_cost(None, None, "claude-opus-4-7")  # size unknown: the per-image maximum
>>> c.tokens, c.exact
(4784, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..catalog import IMAGE_FAMILY_HINT, UNKNOWN_IMAGE_COST, Catalog, ModelInfo, lookup_model
from ..errors import ContentError

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "FAMILIES",
    "ImageCost",
    "anthropic_resize",
    "image_cost",
    "max_image_cost",
    "openai_patch_resize",
    "openai_tile_resize",
]


@dataclass(frozen=True, slots=True)
class ImageCost:
    """Billed tokens for one image and the size the provider actually processes.

    ``processed_width``/``processed_height`` are None when the size is unknown or not
    documented (e.g. OpenAI ``detail="low"``). ``exact`` is False for upper bounds,
    documented maxima (Gemini 3) and images whose size is unknown.
    """

    tokens: int
    processed_width: int | None
    processed_height: int | None
    model: str
    family: str
    exact: bool = True


_Family = Callable[[int, int, ModelInfo, str | None], ImageCost]
_MaxFamily = Callable[[ModelInfo, str | None], ImageCost]


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _p(info: ModelInfo, key: str, default: Any = None) -> Any:
    value = info.image_params.get(key, default)
    if value is None and default is None:
        raise ContentError(
            "", f"catalog entry {info.id!r} ({info.image_cost}) lacks image parameter {key!r}"
        )
    return value


def _bad_detail(info: ModelInfo, detail: str, allowed: tuple[str, ...]) -> ContentError:
    return ContentError(
        "",
        f"detail {detail!r} is not supported by {info.id} ({info.image_cost}); "
        f"use one of {', '.join(allowed)}",
    )


# --- Anthropic -------------------------------------------------------------------------

_ANTHROPIC_PATCH = 28


def _anthropic_tokens(w: int, h: int) -> int:
    return _ceil_div(w, _ANTHROPIC_PATCH) * _ceil_div(h, _ANTHROPIC_PATCH)


def anthropic_resize(width: int, height: int, max_edge: int, max_tokens: int) -> tuple[int, int]:
    """Anthropic's published reference resize (vision-coordinates page), ported exactly.

    The largest aspect-preserving size whose 28-px-padded edges fit ``max_edge`` and whose
    patch count fits ``max_tokens``; binary search on the landscape width, round half to
    even; never enlarges.

    >>> anthropic_resize(1920, 1080, 1568, 1568)
    (1456, 819)
    >>> anthropic_resize(1000, 3000, 1568, 1568)
    (523, 1568)
    """

    def fits(w: int, h: int) -> bool:
        return (
            _ANTHROPIC_PATCH * _ceil_div(w, _ANTHROPIC_PATCH) <= max_edge
            and _ANTHROPIC_PATCH * _ceil_div(h, _ANTHROPIC_PATCH) <= max_edge
            and _anthropic_tokens(w, h) <= max_tokens
        )

    if fits(width, height):
        return width, height
    if height > width:
        h, w = anthropic_resize(height, width, max_edge, max_tokens)
        return w, h
    aspect = width / height
    lo, hi = 1, width
    # fits() is monotone in the width, so the reference search can start from a tight
    # bracket around the analytic answer; the result is identical, the search ~3x shorter.
    scale = min(max_edge / width, math.sqrt(max_tokens * _ANTHROPIC_PATCH**2 / (width * height)))
    guess = int(width * scale)
    low, high = max(1, guess - 32), min(width, guess + 32)
    if fits(low, max(1, round(low / aspect))):
        lo = low
    if high < width and not fits(high, max(1, round(high / aspect))):
        hi = high
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if fits(mid, max(1, round(mid / aspect))):
            lo = mid
        else:
            hi = mid
    return lo, max(1, round(lo / aspect))


def _anthropic(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    rw, rh = anthropic_resize(w, h, int(_p(info, "max_edge")), int(_p(info, "max_tokens")))
    tokens = _anthropic_tokens(rw, rh) + _anthropic_per_image(info)
    return ImageCost(tokens, rw, rh, info.id, "anthropic")


def _anthropic_max(info: ModelInfo, detail: str | None) -> ImageCost:
    tokens = int(_p(info, "max_tokens")) + _anthropic_per_image(info)
    return ImageCost(tokens, None, None, info.id, "anthropic", False)


def _anthropic_per_image(info: ModelInfo) -> int:
    """Tokens a model bills per image beyond its patches (``image_params.per_image``):
    crewAI's recorded claude-3-5-haiku requests bill a 640×480 PNG (414 patches) and a
    46-character question 453: the question and the request's framing are at most ~20 of it,
    so the image bills ~20 more than its patches (priced 441 without it). claude-sonnet-4-5
    bills its patches alone (llm-anthropic's 166×282 image: exact)."""
    return int(info.image_params.get("per_image", 0))


def _anthropic_legacy(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    """Superseded ``w·h/750`` approximation (long edge 1568, about 1600 tokens); an estimate."""
    max_edge = int(info.image_params.get("max_edge", 1568))
    max_tokens = int(info.image_params.get("max_tokens", 1600))
    if max(w, h) > max_edge:
        s = max_edge / max(w, h)
        w, h = max(1, round(w * s)), max(1, round(h * s))
    if w * h / 750 > max_tokens:
        s = math.sqrt(max_tokens * 750 / (w * h))
        w, h = max(1, math.floor(w * s)), max(1, math.floor(h * s))
    return ImageCost(_ceil_div(w * h, 750), w, h, info.id, "anthropic-legacy", False)


def _anthropic_legacy_max(info: ModelInfo, detail: str | None) -> ImageCost:
    tokens = int(info.image_params.get("max_tokens", 1600))
    return ImageCost(tokens, None, None, info.id, "anthropic-legacy", False)


# --- OpenAI tiles ----------------------------------------------------------------------

_TILE_DETAILS = ("auto", "high", "low")


def openai_tile_resize(
    width: int, height: int, fit: int = 2048, short_side: int = 768
) -> tuple[int, int]:
    """OpenAI's tile-model resize: fit in ``fit``² (nearest), then short side to 768 (floor).

    Never enlarges. ``short_side`` is 512 for gpt-image-1.

    >>> openai_tile_resize(1024, 1024)
    (768, 768)
    >>> openai_tile_resize(2049, 513)
    (2048, 513)
    """
    w, h = width, height
    if max(w, h) > fit:
        s = fit / max(w, h)
        w, h = max(1, round(w * s)), max(1, round(h * s))
    if min(w, h) > short_side:
        if w <= h:
            w, h = short_side, h * short_side // w
        else:
            w, h = w * short_side // h, short_side
    return w, h


def _tile_detail(info: ModelInfo, detail: str | None) -> str:
    d = (detail or "auto").lower()
    if d not in _TILE_DETAILS:
        raise _bad_detail(info, d, _TILE_DETAILS)
    return d


def _openai_tile(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    base, tile = int(_p(info, "base")), int(_p(info, "tile"))
    if _tile_detail(info, detail) == "low":
        return ImageCost(base, None, None, info.id, "openai-tile")
    fit = int(info.image_params.get("fit", 2048))
    rw, rh = openai_tile_resize(w, h, fit, int(info.image_params.get("short_side", 768)))
    tokens = base + tile * _ceil_div(rw, 512) * _ceil_div(rh, 512)
    return ImageCost(tokens, rw, rh, info.id, "openai-tile")


def _openai_tile_max(info: ModelInfo, detail: str | None) -> ImageCost:
    base, tile = int(_p(info, "base")), int(_p(info, "tile"))
    if _tile_detail(info, detail) == "low":
        return ImageCost(base, None, None, info.id, "openai-tile", True)
    fit = int(info.image_params.get("fit", 2048))
    short = int(info.image_params.get("short_side", 768))
    # After the resize the short side is <= short and the long side <= fit.
    tiles = _ceil_div(short, 512) * _ceil_div(fit, 512)
    return ImageCost(base + tile * tiles, None, None, info.id, "openai-tile", False)


def _upper_bound(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    """Unknown OpenAI-compatible endpoint: 85 + 170 per 512 px tile after the 2048 fit and
    the 768 short-side step, never enlarging; ``detail`` is ignored (always high)."""
    base = int(info.image_params.get("base", 85))
    tile = int(info.image_params.get("tile", 170))
    rw, rh = openai_tile_resize(w, h)
    tokens = base + tile * _ceil_div(rw, 512) * _ceil_div(rh, 512)
    return ImageCost(tokens, rw, rh, info.id, "upper-bound", False)


def _upper_bound_max(info: ModelInfo, detail: str | None) -> ImageCost:
    base = int(info.image_params.get("base", 85))
    tile = int(info.image_params.get("tile", 170))
    return ImageCost(base + tile * 8, None, None, info.id, "upper-bound", False)


# --- OpenAI patches --------------------------------------------------------------------

_PATCH = 32
_PATCH_DETAILS = ("auto", "high", "low", "original")


def openai_patch_resize(
    width: int, height: int, max_dim: int | None, budget: int | None
) -> tuple[int, int]:
    """OpenAI's 32 px patch resize (V4 wording): fit ``max_dim`` (round), then shrink to the
    patch ``budget`` (floor, full precision). Never enlarges.

    >>> openai_patch_resize(4000, 1474, 2048, 1536)
    (2048, 755)
    """
    w, h = width, height
    if max_dim is not None and max(w, h) > max_dim:
        s = max_dim / max(w, h)
        w, h = max(1, round(w * s)), max(1, round(h * s))
    if budget is not None and _ceil_div(w, _PATCH) * _ceil_div(h, _PATCH) > budget:
        r = math.sqrt(_PATCH * _PATCH * budget / (w * h))
        sw, sh = w * r / _PATCH, h * r / _PATCH
        r *= min(math.floor(sw) / sw, math.floor(sh) / sh)
        w, h = max(1, math.floor(w * r)), max(1, math.floor(h * r))
    return w, h


def _patch_level(info: ModelInfo, detail: str | None) -> tuple[str, Mapping[str, Any]]:
    d = (detail or "auto").lower()
    if d == "auto":
        d = str(info.image_params.get("auto", "high"))
    level = info.image_params.get(d)
    if d not in _PATCH_DETAILS or not isinstance(level, Mapping):
        allowed = tuple(k for k in _PATCH_DETAILS if k == "auto" or k in info.image_params)
        raise _bad_detail(info, d, allowed)
    return d, level


def _multiplier(info: ModelInfo) -> Fraction:
    # The decimal multiplier applied exactly (1.2 is 6/5, not 1.19999…), then rounded up.
    # (imported here: fractions and the decimal it imports are off the path of a fit that
    # prices no image of a patch-priced model)
    from fractions import Fraction

    return Fraction(str(_p(info, "multiplier")))


def _patch_tokens(patches: int, info: ModelInfo) -> int:
    """``ceil(patches × multiplier)`` plus one: the V4 guide allows ±1 token of "rounding in
    billing", and measured bills run one above the formula (a 128×64 PNG, 8 patches:
    gpt-4.1-mini billed 14 for 12.96, gpt-4.1-nano 21 for 19.68). Never below the bill."""
    return math.ceil(patches * _multiplier(info)) + 1


def _documented(info: ModelInfo) -> bool:
    """False when the catalog had to choose between conflicting or missing documented
    multipliers (``undocumented``: the larger figure, so the price stays at or above the
    bill): the cost is then an upper bound, not the bill."""
    return not info.image_params.get("undocumented", False)


def _openai_patch(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    _, level = _patch_level(info, detail)
    max_dim, budget = level.get("max_dim"), level.get("budget")
    rw, rh = openai_patch_resize(w, h, max_dim, budget)
    patches = _ceil_div(rw, _PATCH) * _ceil_div(rh, _PATCH)
    reject = level.get("reject_above")
    if reject is not None and patches > reject:
        raise ContentError(
            "",
            f"{info.id} rejects images above {reject} patches at this detail; "
            f"{w}x{h} needs {patches}",
        )
    return ImageCost(
        _patch_tokens(patches, info), rw, rh, info.id, "openai-patch", _documented(info)
    )


def _openai_patch_max(info: ModelInfo, detail: str | None) -> ImageCost:
    _, level = _patch_level(info, detail)
    max_dim, budget = level.get("max_dim"), level.get("budget")
    caps = [int(c) for c in (budget, level.get("reject_above")) if c is not None]
    if max_dim is not None:
        caps.append(_ceil_div(int(max_dim), _PATCH) ** 2)
    patches = min(caps) if caps else 65536
    return ImageCost(_patch_tokens(patches, info), None, None, info.id, "openai-patch", False)


# --- Gemini ----------------------------------------------------------------------------


_GEMINI_TILE_PX = 768


def _gemini_tile(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    """Gemini 2.x default resolution ("rough formula" in the docs)."""
    per_tile = int(info.image_params.get("tile_tokens", 258))
    small = int(info.image_params.get("small_side", 384))
    if w <= small and h <= small:
        return ImageCost(per_tile, None, None, info.id, "gemini-tile")
    # the docs' crop unit, at most a 768-px tile: pydantic-ai's recorded gemini-2.0-flash call
    # bills 3,354 for a 3008×2000 PNG, 13 tiles (4 × 3 of 768 px, + 1) where the unclamped
    # unit (1,333 px) cuts 6. No bill shows a lower clamp, so small units stay as the docs say
    # (the dearer reading).
    unit = max(1, min(math.floor(min(w, h) / 1.5), _GEMINI_TILE_PX))
    tiles = _ceil_div(w, unit) * _ceil_div(h, unit)
    # and one more, the whole image at a tile's size, when it is cut in several: pydantic/
    # pydantic-ai's recorded gemini-2.0-flash call bills 1,817 for a 540×360 JPEG and ~11
    # tokens of text: 7 tiles where the formula cuts 6 (its inline data URL-safe base64,
    # read as garbage before and priced at the unknown-size bound)
    tiles += 1 if tiles > 1 else 0
    return ImageCost(per_tile * tiles, None, None, info.id, "gemini-tile")


def _gemini_tile_max(info: ModelInfo, detail: str | None) -> ImageCost:
    # The rule grows with the size (tiles are at most 768 px) and the docs name no largest
    # image, so without a size we assume at most ``unknown_tiles`` tiles (the catalog's 122:
    # an image up to 8,000 px a side, 11 × 11 + 1). Larger images cost more: an estimate, not
    # a hard cap — pass the size (or inline the bytes) to price one exactly.
    per_tile = int(info.image_params.get("tile_tokens", 258))
    tiles = int(info.image_params.get("unknown_tiles", 122))
    return ImageCost(per_tile * tiles, None, None, info.id, "gemini-tile", False)


_GEMINI3_LEVELS = ("low", "medium", "high", "ultra_high")


def _gemini3_level(info: ModelInfo, detail: str | None) -> int:
    d = (detail or "auto").lower().removeprefix("media_resolution_").replace("-", "_")
    if d in ("auto", "unspecified", "default"):
        d = str(info.image_params.get("default", "high"))
    if d not in _GEMINI3_LEVELS or d not in info.image_params:
        raise _bad_detail(info, d, _GEMINI3_LEVELS)
    return int(info.image_params[d])


def _gemini3(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    """Gemini 3 ``media_resolution``: documented as the maximum tokens per image."""
    return ImageCost(_gemini3_level(info, detail), None, None, info.id, "gemini3", False)


def _gemini3_max(info: ModelInfo, detail: str | None) -> ImageCost:
    return ImageCost(_gemini3_level(info, detail), None, None, info.id, "gemini3", False)


def _gemini_any(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    """An unknown Gemini id: the most any Gemini generation bills for the image, its
    ``media_resolution`` level on Gemini 3 or its 768-px tiles on Gemini 2.x, whichever is
    more (a 3008×2000 image: 1,120 on Gemini 3, 3,354 billed on gemini-2.0-flash)."""
    tiled = _gemini_tile(w, h, info, detail).tokens
    return ImageCost(
        max(tiled, _gemini3_level(info, detail)), None, None, info.id, "gemini-any", False
    )


def _gemini_any_max(info: ModelInfo, detail: str | None) -> ImageCost:
    tiled = _gemini_tile_max(info, detail).tokens
    return ImageCost(
        max(tiled, _gemini3_level(info, detail)), None, None, info.id, "gemini-any", False
    )


# --- An unknown OpenAI model ----------------------------------------------------------

_ANY_DETAILS = ("auto", "high", "low", "original")


def _openai_any_costs(info: ModelInfo, detail: str | None, priced: Callable[..., ImageCost]) -> int:
    """The most any of ``info``'s formulas (``image_params.any_of``: each an ``image_cost``
    family and its ``image_params``, OpenAI's dearest) bills, each at ``detail`` or, where
    it has no such level, at its own default; one that refuses the image (above a model's
    patch limit) does not bill it."""
    d = (detail or "auto").lower()
    if d not in _ANY_DETAILS:
        raise _bad_detail(info, d, _ANY_DETAILS)
    most: int | None = None
    for formula in _p(info, "any_of"):
        one = replace(info, image_cost=formula["image_cost"], image_params=formula["image_params"])
        for level in (detail, None):
            try:
                tokens = priced(one, level).tokens
            except ContentError:
                continue
            most = tokens if most is None else max(most, tokens)
            break
    if most is None:
        raise ContentError("", f"{info.id}: no OpenAI image formula takes this image")
    return most


def _openai_any(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    """An OpenAI id the catalog does not know (or registered without ``image_family``): the
    most any OpenAI model bills for the image — a 1200×900 image 25,501 as gpt-4o-mini's
    tiles bill it, where gpt-5.5's patches give 1,324 (review42 R42-M1); an upper bound."""
    tokens = _openai_any_costs(
        info, detail, lambda one, d: FAMILIES[one.image_cost][0](w, h, one, d)
    )
    return ImageCost(tokens, None, None, info.id, "openai-any", False)


def _openai_any_max(info: ModelInfo, detail: str | None) -> ImageCost:
    tokens = _openai_any_costs(info, detail, lambda one, d: FAMILIES[one.image_cost][1](one, d))
    return ImageCost(tokens, None, None, info.id, "openai-any", False)


def _fixed(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    return ImageCost(int(_p(info, "tokens")), None, None, info.id, "fixed")


def _fixed_max(info: ModelInfo, detail: str | None) -> ImageCost:
    # The cost does not depend on the size, so it stays exact.
    return ImageCost(int(_p(info, "tokens")), None, None, info.id, "fixed")


# --- Mistral Pixtral -------------------------------------------------------------------


def _pixtral(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    patch = int(info.image_params.get("patch", 16)) * int(info.image_params.get("merge", 1))
    max_size = int(info.image_params.get("max_size", 1024))
    ratio = max(w, h) / max_size
    if ratio > 1:
        w, h = max(1, round(w / ratio)), max(1, round(h / ratio))
    wt, ht = _ceil_div(w, patch), _ceil_div(h, patch)
    return ImageCost((wt + 1) * ht, wt * patch, ht * patch, info.id, "pixtral")


def _pixtral_max(info: ModelInfo, detail: str | None) -> ImageCost:
    patch = int(info.image_params.get("patch", 16)) * int(info.image_params.get("merge", 1))
    side = _ceil_div(int(info.image_params.get("max_size", 1024)), patch)
    return ImageCost((side + 1) * side, None, None, info.id, "pixtral", False)


# --- Llama 3.2 Vision (Together billing) -----------------------------------------------


def _llama_tile(w: int, h: int, info: ModelInfo, detail: str | None) -> ImageCost:
    """1601 tokens per 560 px tile, grid at most 2×2. Exactly 560 px is not covered by the
    provider's table; it is counted as 2 (conservative) and marked inexact."""
    per_tile = int(info.image_params.get("tile_tokens", 1601))
    edge = int(info.image_params.get("tile", 560))
    cols = 1 if w < edge else 2
    rows = 1 if h < edge else 2
    return ImageCost(per_tile * cols * rows, None, None, info.id, "llama-tile", edge not in (w, h))


def _llama_tile_max(info: ModelInfo, detail: str | None) -> ImageCost:
    per_tile = int(info.image_params.get("tile_tokens", 1601))
    return ImageCost(per_tile * 4, None, None, info.id, "llama-tile", False)


FAMILIES: Mapping[str, tuple[_Family, _MaxFamily]] = {
    "anthropic": (_anthropic, _anthropic_max),
    "anthropic-legacy": (_anthropic_legacy, _anthropic_legacy_max),
    "openai-tile": (_openai_tile, _openai_tile_max),
    "openai-patch": (_openai_patch, _openai_patch_max),
    "gemini-tile": (_gemini_tile, _gemini_tile_max),
    "gemini3": (_gemini3, _gemini3_max),
    "gemini-any": (_gemini_any, _gemini_any_max),
    "openai-any": (_openai_any, _openai_any_max),
    "fixed": (_fixed, _fixed_max),
    "pixtral": (_pixtral, _pixtral_max),
    "llama-tile": (_llama_tile, _llama_tile_max),
    "upper-bound": (_upper_bound, _upper_bound_max),
}
"""Cost-model name → (priced by size, per-image maximum)."""


def _family(info: ModelInfo) -> tuple[_Family, _MaxFamily]:
    if not info.vision or info.image_cost == "none":
        raise ContentError(
            "",
            f"{info.id} has no image input: it cannot be sent images, so they have no "
            "token cost; switch to a vision model or drop the images",
        )
    if info.image_cost == UNKNOWN_IMAGE_COST:
        raise ContentError(
            "",
            f"{info.id} is not in the model catalog and no image_family was given, so what "
            f"it bills for an image is not known: {IMAGE_FAMILY_HINT}",
        )
    try:
        return FAMILIES[info.image_cost]
    except KeyError:
        raise ContentError(
            "", f"catalog entry {info.id!r} names unknown image cost model {info.image_cost!r}"
        ) from None


def _valid_side(value: object, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ContentError("", f"image {name} must be a positive integer, got {value!r}")
    return value


def image_cost(
    width: int | None,
    height: int | None,
    model: str | ModelInfo,
    detail: str | None = None,
    catalog: Catalog | None = None,
) -> ImageCost:
    """Tokens ``model`` bills for a ``width``×``height`` image, and the size it processes.

    A missing width or height (a remote URL, an unreadable file) costs the model's
    per-image maximum, marked ``exact=False``: never zero, never the URL length.
    ``detail`` is OpenAI's ``low``/``high``/``auto``/``original`` or Gemini 3's
    ``media_resolution`` (``low``/``medium``/``high``/``ultra_high``). A model without
    image input raises :class:`ContentError`.

    >>> c = image_cost(3840, 2160, "claude-opus-4-7")
    >>> c.tokens, c.processed_width, c.processed_height
    (4784, 2576, 1449)
    >>> image_cost(4096, 8192, "gpt-4o", detail="low").tokens
    85
    """
    info = lookup_model(model, catalog)
    price, price_max = _family(info)
    w, h = _valid_side(width, "width"), _valid_side(height, "height")
    cost = price_max(info, detail) if w is None or h is None else price(w, h, info, detail)
    return _estimated(cost) if info.estimated else cost


def _estimated(cost: ImageCost) -> ImageCost:
    """A model the catalog does not know is priced with borrowed numbers: never exact."""
    return ImageCost(
        cost.tokens, cost.processed_width, cost.processed_height, cost.model, cost.family, False
    )


def max_image_cost(
    model: str | ModelInfo, detail: str | None = None, catalog: Catalog | None = None
) -> ImageCost:
    """The most ``model`` bills for one image whose size is unknown (an upper bound).

    >>> max_image_cost("claude-sonnet-4-5").tokens
    1568
    >>> max_image_cost("gpt-4o").tokens  # 85 + 170 × 8 tiles (768×2048)
    1445
    """
    info = lookup_model(model, catalog)
    _, price_max = _family(info)
    cost = price_max(info, detail)
    return _estimated(cost) if info.estimated else cost

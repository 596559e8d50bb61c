"""Whether the tails of a model id are ones its provider really writes there.

The catalog resolves ``claude-3-5-haiku-20241022`` by stripping tails (a date, a version,
``-latest``, ``-preview``) until a known model is left. Each tail stripped must be one the
provider serves, or the id names no model (the provider answers 404) and pricing it as
the model would hide the mistake until then:

* a date is a calendar date (``gemini-2.5-flash-preview-13-40``: there is no month 13);
* each kind of tail comes once, and ``-latest`` alone: ``-latest-latest``,
  ``-20241022-latest`` and ``-001-001`` name nothing;
* a version tail is Bedrock's or Vertex's, in their forms (see :func:`version_problem`).

Pure functions of strings; the catalog says which model the id was resolved to.

>>> date_problem("-preview-13-40"), date_problem("-preview-05-20")
('13-40 is no date', None)
>>> chain_problem(["-latest", "-latest"])
"the tail '-latest' comes twice"
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .lexicon.common import compiled_on_use

_PREVIEW_DATE = compiled_on_use(r"-preview-(\d{2})-(\d{2}|\d{4})$")
_FULL_DATE = compiled_on_use(r"-(\d{4})-?(\d{2})-?(\d{2})$")  # -2024-08-06, -20240806
_FOUR_DIGITS = compiled_on_use(r"-(\d{2})(\d{2})$")  # OpenAI's -0613 (MMDD), Mistral's -2411 (YYMM)
# Model snapshots carry dates from the first dated LLM ids on, never far ahead.
_FIRST_YEAR, _LAST_YEAR = 2020, 2099


def _is_date(year: int, month: int, day: int) -> bool:
    if not _FIRST_YEAR <= year <= _LAST_YEAR:
        return False
    import datetime  # (here: a dated id's check, not every fresh process's import, ~1.5 ms)

    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def date_problem(tail: str) -> str | None:
    """Why the dated tail ``tail`` (``-2024-08-06``, ``-20240806``, ``-0613``, ``-2411``,
    ``-preview-05-20``, ``-preview-09-2025``) is no date, or None when it is one (or is
    no date-shaped tail at all: ``-001`` is a version number)."""
    if preview := _PREVIEW_DATE.search(tail):
        month, rest = int(preview[1]), preview[2]
        # MM-DD (any leap year will do), or MM-YYYY
        ok = _is_date(int(rest), month, 1) if len(rest) == 4 else _is_date(2024, month, int(rest))
        return None if ok else f"{preview[1]}-{rest} is no date"
    if full := _FULL_DATE.fullmatch(tail):
        year, month, day = int(full[1]), int(full[2]), int(full[3])
        return None if _is_date(year, month, day) else f"{tail[1:]} is no date"
    if four := _FOUR_DIGITS.fullmatch(tail):
        a, b = int(four[1]), int(four[2])
        ok = _is_date(2024, a, b) or _is_date(2000 + a, b, 1)  # MMDD or YYMM
        return None if ok else f"{tail[1:]} is no date (neither month-day nor year-month)"
    return None


def _kind(tail: str) -> str:
    if tail == "-latest":
        return "latest"
    if tail.startswith("-preview"):
        return "preview"
    return "date"


def chain_problem(tails: Sequence[str], model_id: str = "") -> str | None:
    """Why the tails stripped from ``model_id``'s id, outermost first, name nothing: one
    kind twice (two dates, ``-preview-preview``, ``o1-preview`` + ``-…-preview``),
    ``-latest`` with another tail, a full date before another tail (OpenAI writes
    ``-preview-2025-02-27``, never ``-2024-08-06-preview``; its ``-0125-preview`` has a
    short date), or a date that is none. None when every provider-written combination
    holds.

    >>> chain_problem(["-preview", "-2024-09-12"], "o1-preview")
    "the tail '-preview' comes twice"
    """
    kinds = [_kind(t) for t in tails]
    own = model_id.split("-")
    for kind, tail in zip(kinds, tails, strict=True):
        if kind != "date" and kind in own:
            return f"the tail {'-' + kind!r} comes twice"
        if kinds.count(kind) > 1:
            return (
                f"the tail {tail!r} comes twice"
                if tails.count(tail) > 1
                else (f"the id has {kinds.count(kind)} {kind} tails")
            )
    if "latest" in kinds and len(kinds) > 1:
        return "'-latest' names the newest snapshot and takes no other tail"
    for tail in tails[1:]:
        if _FULL_DATE.fullmatch(tail):
            return f"a full date ({tail[1:]}) ends an id, nothing comes after it"
    for tail in tails:
        if problem := date_problem(tail):
            return problem
    return None


def version_problem(
    version: str, *, bedrock_vendor: str, snapshot: str | None, snapshots: Sequence[str]
) -> str | None:
    """Why the version tail ``version`` (``-v1:0``, ``-v2``) is not the one the cloud
    writes for this model, or None.

    ``bedrock_vendor``: the id's Bedrock vendor (``anthropic``, ``meta``…; "" outside
    Bedrock); ``snapshot``: the dated id the name carries (None: undated); ``snapshots``:
    the model's known snapshots. Bedrock numbers a Claude model's releases (Anthropic
    re-released 3.5 Sonnet: ``anthropic.claude-3-5-sonnet-20241022-v2:0``), every other
    vendor's ids are ``-v1:0``, and only Bedrock writes ``:0``. Outside Bedrock, Vertex's
    ``claude-3-5-sonnet-v2@20241022`` names the model's second snapshot.
    """
    parsed = re.fullmatch(r"-v(\d+)(?::(\d+))?", version)
    if parsed is None:
        return f"{version[1:]!r} is no version tail"
    number, minor = int(parsed[1]), parsed[2]
    ordinal = (
        sorted(snapshots).index(snapshot) + 1
        if snapshot is not None and snapshot in snapshots
        else None
    )
    if not bedrock_vendor:
        if minor is not None:
            return f"'-v…:{minor}' is Bedrock's version tail, on Bedrock ids (anthropic.…) only"
        if number < 2 or number > len(snapshots):
            return f"{version[1:]!r} names no release of this model"
        if ordinal is not None and ordinal != number:
            return f"{snapshot} is release v{ordinal}, not v{number}"
        return None
    if minor not in (None, "0"):
        return f"Bedrock has no version {version[1:]!r} of this model"
    if bedrock_vendor != "anthropic":
        return None if number == 1 else f"Bedrock has no version {version[1:]!r} of this model"
    wanted = ordinal if ordinal is not None else 1
    if number != wanted:
        return f"Bedrock has no version {version[1:]!r} of this model (its version is v{wanted})"
    return None

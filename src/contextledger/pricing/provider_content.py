"""What a provider bills for content only it reads (:class:`~contextledger.model.ProviderContent`),
never below the bill; every such price is an estimate, and says so.

* A server tool's use or result, or a Gemini code part: its JSON as sent (keys and all:
  above what the provider renders), and its opaque fields (a search result's
  ``encrypted_content``, a thought signature) at 2 tokens per 3 characters. Anthropic bills
  the text of the pages a search read, which the encryption hides; the ciphertext of a text
  compressed up to 3.5 times still prices above it, where a token per 4 characters of
  ciphertext could be far below.
* A Gemini file by URI: a PDF whose pages cannot be counted here costs at most the most pages
  a document may have (``pricing.files.pdf_cost``); any other kind (video, audio, text) at
  most the model's window, since the provider refuses a longer request (``bounded=False``).
  In an earlier turn such a file goes with its exchange when it does not fit, reported; in
  the current request the fit refuses it, naming it, rather than send the question without
  its file (``fit.anchors``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from ..catalog import ModelInfo
from ..model import ProviderContent
from ..providers.native import opaque_chars, parsed, without_opaque
from .files import MediaCost, pdf_cost

#: Tokens per character of an opaque field (see the module doc).
OPAQUE_RATE = 2 / 3


def may_go_as_it_came(b: ProviderContent, model: ModelInfo, wire: str | None) -> bool:
    """Whether ``b`` may be sent as it came: only in its provider's own format. With no
    target named, only to a model of that provider (which may still be reached through an
    OpenAI-compatible endpoint, where it gets the text): gpt-4o is never sent Gemini's
    ``file_data``, so a PDF by URI costs it the text its writer sends, not 1,000 pages."""
    if wire is not None:
        return wire == b.provider
    return model.provider == b.provider


def provider_content_cost(
    b: ProviderContent, model: ModelInfo, count: Callable[[str], int]
) -> MediaCost:
    """The tokens ``model``'s provider bills for ``b`` at most (``count``: the model's
    text counter)."""
    raw = parsed(b)
    if b.kind == "file_data":
        mime = (raw.get("file_data") or {}).get("mime_type")
        if mime == "application/pdf":
            return pdf_cost(None, model)
        window = model.context_window
        return MediaCost(
            window, False, f"a file of type {mime} by URI has no length here: at most the "
            f"model's {window:,}-token window (the provider refuses a longer request)", False,
        )  # fmt: skip
    readable = count(json.dumps(without_opaque(raw), ensure_ascii=False))
    hidden = math.ceil(opaque_chars(raw) * OPAQUE_RATE)
    note = f"the {b.kind} block's JSON as sent"
    if hidden:
        note += f", and {hidden:,} for its encrypted or signed fields (2 tokens per 3 characters)"
    return MediaCost(readable + hidden, False, note)

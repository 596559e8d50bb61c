"""Fit a conversation into a model's window: reservations, anchors, atomic tool exchanges,
shedding, and a report of every drop.

Rules, in order (each is a test), and the module where each lives:

1. **Budget** (``budget``). window − reserved output − request framing − tool schemas −
   memory context. The system prompt is priced inside the messages and is never dropped.
2. **Atomic groups** (``units``). An assistant message with tool calls and all its tool
   results are one unit, kept or dropped whole.
3. **Anchors** (``anchors``). The newest user request is kept verbatim, always. Earlier
   requests are pinned within ``prior_anchor_tokens`` in total (or ``prior_anchor_share``
   of the budget when that is more: ``FitOptions.prior_cap``): the request that set the
   task and the user's corrections and constraints first (a setting's newest value, not
   the ones it replaced), then others up to ``prior_anchors`` in all, short nudges last,
   then the user's other substantive requests fill the cap, oldest first (the pins stay put
   turn after turn); a request too big for the cap is skipped
   (not a stop, unlike the seed), so one pasted log cannot evict an older, short goal.
   Recaps (compaction summaries) are pinned the same way.
4. **Selection** (``selection``). Newest groups first, as a contiguous run back from the
   end; the newest group is always kept. A group too big for the room left is kept
   shortened (by the shedding rules) to half of that room, the older groups filling the
   rest, rather than ending the run with the window half empty. Then pinned prior requests
   yield, lowest priority first; then recaps. Every drop is reported (``drops``).
5. **Shedding** (``shedding``). Shrink the biggest text units to head + tail with a visible
   marker, to one common size, never below ``shrink_floor`` tokens; then replace images from older turns,
   costliest first, with a visible placeholder; then replace attached file bodies.
6. **The current request is sacred** (``anchors``). It is kept verbatim or ``BudgetError``
   says plainly that it cannot fit. Only by explicit option may its attached file bodies go
   (``drop_current_attachments=True``, the seed's last resort) or its images
   (``drop_current_images=True``); each drop is reported.

The steps run in that order in ``fitter.Fitter``. The report's ``used`` is exactly
``Pricer.messages(result.messages)`` (``report``).
"""

from __future__ import annotations

from .fitter import Fitter, fit
from .options import (
    DEFAULT_OUTPUT_CAP,
    DEFAULT_PRIOR_ANCHOR_TOKENS,
    MIN_HISTORY_TOKENS,
    SEED_PRIOR_ANCHOR_BYTES,
    FitOptions,
    default_output_reserve,
)
from .report import Action, Change, FitReport, FitResult
from .shedding import shrink_text
from .units import UnitKind

__all__ = [
    "DEFAULT_OUTPUT_CAP",
    "DEFAULT_PRIOR_ANCHOR_TOKENS",
    "MIN_HISTORY_TOKENS",
    "SEED_PRIOR_ANCHOR_BYTES",
    "Action",
    "Change",
    "FitOptions",
    "FitReport",
    "FitResult",
    "Fitter",
    "UnitKind",
    "default_output_reserve",
    "fit",
    "shrink_text",
]

"""The fit's knobs and their defaults (the seed's, converted from bytes to tokens)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..catalog import ModelInfo
from ..gate import OnAudio, OnImages, check_on_audio, check_on_images

SEED_PRIOR_ANCHOR_BYTES = 4096
DEFAULT_PRIOR_ANCHOR_TOKENS = SEED_PRIOR_ANCHOR_BYTES // 4  # the seed's bytes, at 4 bytes a token
#: The share of the budget (window less the output reserve) the earlier requests may be
#: pinned within when that is more than ``prior_anchor_tokens`` (from a 9.2k window on), and
#: the most it gives
PRIOR_ANCHOR_SHARE = 0.125
PRIOR_ANCHOR_MOST = 8_192
MIN_HISTORY_TOKENS = 128  # the seed's 512 bytes
DEFAULT_OUTPUT_CAP = 4096


@dataclass(frozen=True, slots=True)
class FitOptions:
    """Knobs with the seed's defaults (see the package docstring)."""

    prior_anchors: int = 2
    prior_anchor_tokens: int = DEFAULT_PRIOR_ANCHOR_TOKENS
    # the cap grows with the window: see ``prior_cap`` (0: the fixed cap above)
    prior_anchor_share: float = PRIOR_ANCHOR_SHARE
    min_history_tokens: int = MIN_HISTORY_TOKENS
    shrink_floor: int = 48
    drop_current_images: bool = False
    drop_current_attachments: bool = False
    on_images: OnImages = "error"
    # audio for a model that hears none: an earlier clip becomes a reported placeholder; the
    # newest request's own is its goal, refused naming where ("refuse": every clip refused)
    on_audio: OnAudio = "placeholder"
    min_cut_index: int = 0
    hysteresis: float = 0.0
    # a unit too big for the room left is kept shortened, the older ones filling the rest
    # (selection); off, the run of recent units stops at it
    shorten_to_fill: bool = True
    # pages the caller declares for files sent by reference, by id or URL (an Anthropic
    # document by file id, an OpenAI file_id, a Gemini file URI): priced at the provider's
    # rate for that many pages instead of the most a document may have
    file_pages: Mapping[str, int] = field(default_factory=dict)
    # the ``tool_choice`` the request will carry with its tools ("auto", also what a request
    # without one is billed as; "none"; a forced one: "required", {"type": "any"}, a named
    # tool): priced exactly (``pricing.framing``). None: not known, as the app may add any
    # to the body it sends: the most a choice costs, so never below the bill (review18 R18-P1)
    tool_choice: object = None
    # the structured-output format the request will carry (``response_format`` in Chat's
    # shape, Responses' ``text.format``, Anthropic's ``output_config.format``): billed as
    # input, so priced in the budget as the target's writer sends it (``Pricer.output_format``)
    response_format: object = None
    # Anthropic's ``thinking`` setting the request will carry (``{"type": "enabled", …}``):
    # extended thinking bills a prompt of its own (``framing.thinking_prompt``)
    thinking: object = None
    # the request's other settings that bill a prompt of their own (``framing.settings_prompt``),
    # as its body carries them: Anthropic's ``{"output_config": {"task_budget": …}}`` (+40),
    # OpenAI's ``{"reasoning": {"mode": "pro"}}`` (+1,540)
    settings: Mapping[str, Any] | None = None
    # one-line gists of the earlier tool exchanges the cut drops (``fit.gists``); off where
    # a recap states what those exchanges did (``Preparer`` with compaction: its dry fit
    # decides what is recapped, and gists there would push recent turns into the recap)
    gists: bool = True
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_on_images(self.on_images)
        check_on_audio(self.on_audio)

    def prior_cap(self, budget: int) -> int:
        """The tokens earlier requests are pinned within for a ``budget`` (the window less
        the output reserve): ``prior_anchor_tokens``, or ``prior_anchor_share`` of the
        budget when that is more (up to ``PRIOR_ANCHOR_MOST``), unless the caller set
        ``prior_anchor_tokens`` (then it is the cap, as given); 0 ``prior_anchor_tokens``
        pins none.

        The user's words are the densest tokens of a history: a fixed cap that suits 8k
        left a 16k or 32k window's pins full of the session's chatty requests while the
        rules, requests and numbers said between them went with the cut (recap27's held-out
        analysis sessions: at 16k, 19 of 150 facts lost, 6 of them open requests said
        between the chatter, an 8k fit keeping two of those).

        >>> o = FitOptions()
        >>> o.prior_cap(7_000), o.prior_cap(15_000), o.prior_cap(31_000), o.prior_cap(199_000)
        (1024, 1875, 3875, 8192)
        >>> FitOptions(prior_anchor_tokens=0).prior_cap(31_000)
        0
        >>> FitOptions(prior_anchor_tokens=300).prior_cap(31_000)  # a cap given is the cap
        300
        """
        if self.prior_anchor_tokens != DEFAULT_PRIOR_ANCHOR_TOKENS:
            return max(0, self.prior_anchor_tokens)  # the caller's own cap, as given
        share = min(int(budget * self.prior_anchor_share), PRIOR_ANCHOR_MOST)
        return max(self.prior_anchor_tokens, share)


def cap_steps(first: int, cap: int) -> tuple[int, ...]:
    """The caps a choice within ``cap`` is made in, one after another, each going on from
    what the one before chose: ``first``, doubled while below ``cap``, then ``cap``. A
    bigger window's cap passes through a smaller one's steps but its last, so what they
    chose from the same candidates it chooses too (a greedy choice within one cap is not
    monotone in it: an item too big for the smaller cap fits the bigger one and takes the
    room of the items after it). Only the smaller cap's last step may differ: an item it
    fitted in what was left may find a bigger window's room taken.

    >>> cap_steps(1024, 1024), cap_steps(1024, 3875), cap_steps(1024, 300)
    ((1024,), (1024, 2048, 3875), (300,))
    """
    steps: list[int] = []
    step = first
    while 0 < step < cap:
        steps.append(step)
        step *= 2
    return (*steps, cap)


def default_output_reserve(info: ModelInfo, window: int) -> int:
    """The seed's rule: min(cap, max(256, window // 4)), cap = min(4096, the model's max output)."""
    cap = (
        min(DEFAULT_OUTPUT_CAP, info.max_output_tokens)
        if info.max_output_tokens
        else DEFAULT_OUTPUT_CAP
    )
    return min(cap, max(256, window // 4))

"""When to compact, and which messages a recap covers: pure arithmetic over the view.

The defaults are the seed's (Ankita's ``COMPACTION_*`` constants) plus a token trigger.

>>> from contextledger.model import Message, with_ids
>>> view = with_ids([Message.user(f"turn {i}") for i in range(36)])
>>> plan = plan_compaction(view, CompactionPolicy())
>>> plan.reason, len(plan.covered_ids), len(plan.kept_ids)
('messages', 26, 10)

Ambiguities the seed leaves open, settled here:

* **Counts exclude system messages.** ``min_messages``, the 36-message trigger, ``min_old``
  and ``keep_recent`` count conversation turns only; system messages are never counted,
  never covered and never summarized. A recap message in the view counts as one turn.
* **The trigger fires at ``history_limit - margin`` messages or more** (``>=``, so 36 fires).
* **The token trigger** fires when the view *exceeds* the fraction of the window
  (``view_tokens > token_fraction * window``); it is active
  only when both ``view_tokens`` and ``window`` are given. ``min_messages`` and the
  cooldown apply to both triggers ("whichever comes first").
* **The cooldown counts messages appended to the record since the last recap was
  inserted** (``messages_since_last``); ``Conversation`` passes the exact number. If it
  is not given and the view holds a recap, the messages after the recap in the view are
  counted (an upper bound); with no recap in the view the cooldown does not apply.
* **The previous recap is not re-summarized as speech**: it is reported separately in
  ``previous_recap_id`` and the next recap extends it.
* **Keeping recent messages**: the newest ``keep_recent`` turns are kept; the span grows
  while its oldest message is a tool reply, or while any kept tool reply answers a call
  made in the summarized part, so no tool exchange is ever split.
* **``force=True``** (the CLI's explicit ``compact``) skips ``min_messages``, the triggers
  and the cooldown, but still keeps the recent span and needs at least one old turn.
* **``keep_ids``** (what a fit of the window would keep, from ``prepare``) replaces the
  recent span: the recap covers every other turn, so the view is the recap plus as many
  turns as the window holds. ``keep_recent`` is then what the window holds, not a fixed
  count: turns the window cannot hold are recapped rather than dropped unrecapped. The
  kept set is closed over tool exchanges, so none is split.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import ContentError
from ..model import Message

TriggerReason = Literal["messages", "tokens", "forced"]

# Below this window (tokens) the recap's share of it grows (``recap_bytes``).
_SMALL_WINDOW = 16_000


@dataclass(frozen=True, slots=True)
class CompactionPolicy:
    """Every number compaction uses. Defaults are the seed's; all are configurable.

    >>> p = CompactionPolicy()
    >>> p.trigger_messages, p.keep_recent, p.reply_bytes
    (36, 10, 2000)
    >>> CompactionPolicy(history_limit=60).trigger_messages
    56
    """

    min_messages: int = 16
    history_limit: int = 40
    margin: int = 4
    token_fraction: float = 0.75
    keep_recent: int = 10
    min_old: int = 6
    cooldown: int = 8
    message_chars: int = 800
    transcript_bytes: int = 12_000
    max_words: int = 300
    max_tokens: int = 400
    reply_bytes: int = 2_000
    window_share: float = 0.1
    max_reply_bytes: int = 24_000
    max_summarizer_calls: int = 8

    def __post_init__(self) -> None:
        for name in (
            "min_messages",
            "history_limit",
            "margin",
            "keep_recent",
            "min_old",
            "cooldown",
        ):
            if getattr(self, name) < 0:
                raise ContentError(f"CompactionPolicy.{name}", "must not be negative")
        for name in (
            "message_chars",
            "transcript_bytes",
            "max_words",
            "max_tokens",
            "reply_bytes",
            "max_summarizer_calls",
        ):
            if getattr(self, name) < 1:
                raise ContentError(f"CompactionPolicy.{name}", "must be at least 1")
        if self.margin >= self.history_limit:
            raise ContentError("CompactionPolicy.margin", "must be smaller than history_limit")
        if not 0.0 < self.token_fraction <= 1.0:
            raise ContentError("CompactionPolicy.token_fraction", "must be in (0, 1]")
        if self.message_chars < 40:
            raise ContentError("CompactionPolicy.message_chars", "must be at least 40")

    @property
    def trigger_messages(self) -> int:
        """The message count at which compaction fires: ``history_limit - margin``."""
        return self.history_limit - self.margin

    def recap_bytes(self, window: int | None) -> int:
        """The recap's byte cap: ``reply_bytes``, or ``window_share`` of a known window
        (about three bytes a token) when that is more, up to ``max_reply_bytes``. A window
        under 16k tokens gives the recap up to twice its share, as much as a 16k window
        gives: such a window holds few turns verbatim, and the recap is its densest use of
        room (red team 17: at 8k a 2,400-byte recap left out the failure, a command with
        its arguments and the numbers "for room", each a fact the 16k one kept).

        >>> p = CompactionPolicy()
        >>> p.recap_bytes(None), p.recap_bytes(4_000), p.recap_bytes(8_000)
        (2000, 2400, 4800)
        >>> p.recap_bytes(12_000), p.recap_bytes(16_000), p.recap_bytes(32_000)
        (4800, 4800, 9600)
        """
        if not window:
            return self.reply_bytes
        share = window * self.window_share
        tokens = max(share, min(2 * share, _SMALL_WINDOW * self.window_share))
        return max(self.reply_bytes, min(self.max_reply_bytes, int(tokens * 3)))

    def token_threshold(self, window: int) -> int:
        """Tokens at which the token trigger fires for a model with this window."""
        return int(window * self.token_fraction)


@dataclass(frozen=True, slots=True)
class CompactionPlan:
    """Which messages a recap will cover and why compaction fires.

    ``covered_ids`` are the turns the new recap summarizes (oldest first, the previous
    recap excluded); ``previous_recap_id`` is the recap message it extends, if any.
    ``detail`` is a sentence a UI can show a person.
    """

    reason: TriggerReason
    detail: str
    covered_ids: tuple[str, ...]
    kept_ids: tuple[str, ...]
    previous_recap_id: str | None
    message_count: int
    view_tokens: int | None = None
    token_threshold: int | None = None


@dataclass(frozen=True, slots=True)
class Skip:
    """Why no compaction is planned, in words a UI can show."""

    reason: str


def assess_compaction(
    view: Sequence[Message],
    policy: CompactionPolicy | None = None,
    *,
    view_tokens: int | None = None,
    window: int | None = None,
    messages_since_last: int | None = None,
    force: bool = False,
    keep_ids: Collection[str] | None = None,
) -> CompactionPlan | Skip:
    """Like :func:`plan_compaction`, but says why when there is nothing to do.

    >>> from contextledger.model import Message, with_ids
    >>> assess_compaction(with_ids([Message.user("hi")] * 20)).reason
    'not needed: 20 messages, compaction starts at 36 (history limit 40 - margin 4)'
    """
    policy = policy or CompactionPolicy()
    for i, m in enumerate(view):
        if not m.id:
            raise ContentError(
                f"messages[{i}]", "message has no id; give ids with contextledger.model.with_ids()"
            )
    turns = [i for i, m in enumerate(view) if m.role != "system"]
    count = len(turns)
    recap_positions = [i for i in turns if view[i].is_recap]
    last_recap = recap_positions[-1] if recap_positions else None

    reason: TriggerReason
    threshold = policy.token_threshold(window) if window else None
    if force:
        reason, detail = "forced", "compaction requested explicitly"
    else:
        if count < policy.min_messages:
            return Skip(
                f"not needed: {count} messages, fewer than the minimum of {policy.min_messages}"
            )
        by_count = count >= policy.trigger_messages
        by_tokens = view_tokens is not None and threshold is not None and view_tokens > threshold
        if not (by_count or by_tokens):
            return Skip(
                f"not needed: {count} messages, compaction starts at {policy.trigger_messages} "
                f"(history limit {policy.history_limit} - margin {policy.margin})"
                + (
                    f"; {view_tokens:,} tokens, below {threshold:,} "
                    f"({policy.token_fraction:.0%} of the {window:,}-token window)"
                    if view_tokens is not None and threshold is not None and window
                    else ""
                )
            )
        since = messages_since_last
        if since is None and last_recap is not None:
            since = sum(1 for i in turns if i > last_recap)
        if last_recap is not None and since is not None and since < policy.cooldown:
            return Skip(
                f"waiting: {since} new messages since the last recap, "
                f"{policy.cooldown} needed before another"
            )
        if by_count:
            reason = "messages"
            detail = (
                f"{count} messages reached the trigger of {policy.trigger_messages} "
                f"(history limit {policy.history_limit} - margin {policy.margin})"
            )
        else:
            reason = "tokens"
            detail = (
                f"the view holds {view_tokens:,} tokens, at or above {threshold:,} "
                f"({policy.token_fraction:.0%} of the {window:,}-token window)"
            )

    if keep_ids is not None:
        kept = _close_over_exchanges(
            view, turns, {i for i in turns if view[i].id in keep_ids and not view[i].is_recap}
        )
        kept_set = set(kept)  # a list would make this quadratic on a long session
        old = [i for i in turns if i not in kept_set]  # the previous recap among them: extended
        keep = len(kept)
    else:
        # Keep the newest turns; grow the span so no tool exchange is split.
        keep = min(policy.keep_recent, count)
        while keep < count and _splits_exchange(view, turns, count - keep):
            keep += 1
        boundary = count - keep  # turns[:boundary] are old
        old = turns[:boundary]
        kept = turns[boundary:]
    previous = next((i for i in reversed(old) if view[i].is_recap), None)
    covered = [i for i in old if not view[i].is_recap]
    needed = 1 if force else policy.min_old
    if len(covered) < needed:
        return Skip(
            f"not enough to summarize: {len(covered)} old messages outside the "
            f"{keep} kept verbatim, at least {needed} needed"
        )
    return CompactionPlan(
        reason=reason,
        detail=detail,
        covered_ids=tuple(view[i].id for i in covered),
        kept_ids=tuple(view[i].id for i in kept),
        previous_recap_id=view[previous].id if previous is not None else None,
        message_count=count,
        view_tokens=view_tokens,
        token_threshold=threshold,
    )


def plan_compaction(
    view: Sequence[Message],
    policy: CompactionPolicy | None = None,
    *,
    view_tokens: int | None = None,
    window: int | None = None,
    messages_since_last: int | None = None,
    force: bool = False,
    keep_ids: Collection[str] | None = None,
) -> CompactionPlan | None:
    """Decide whether to compact ``view`` now and which message ids the recap covers.

    Pure: looks only at its arguments. Returns ``None`` when no compaction is due
    (:func:`assess_compaction` says why).

    >>> from contextledger.model import Message, with_ids
    >>> msgs = with_ids([Message.system("be brief")] + [Message.user("x")] * 36)
    >>> plan = plan_compaction(msgs)
    >>> plan.covered_ids[:2], plan.kept_ids[-1]
    (('m1', 'm2'), 'm36')
    >>> plan_compaction(msgs[:20]) is None
    True
    """
    result = assess_compaction(
        view,
        policy,
        view_tokens=view_tokens,
        window=window,
        messages_since_last=messages_since_last,
        force=force,
        keep_ids=keep_ids,
    )
    return result if isinstance(result, CompactionPlan) else None


def _splits_exchange(view: Sequence[Message], turns: list[int], boundary: int) -> bool:
    """True if cutting ``turns`` at ``boundary`` separates a tool call from its reply."""
    if boundary <= 0 or boundary >= len(turns):
        return False  # nothing old, or nothing kept (keep_recent=0): no exchange is cut
    first_kept = view[turns[boundary]]
    if first_kept.role == "tool" or first_kept.tool_results:
        return True
    old_calls = {c.id for i in turns[:boundary] for c in view[i].tool_calls}
    if not old_calls:
        return False
    return any(r.call_id in old_calls for i in turns[boundary:] for r in view[i].tool_results)


def _close_over_exchanges(view: Sequence[Message], turns: list[int], kept: set[int]) -> list[int]:
    """``kept`` grown until no tool call is kept without its results or the reverse."""
    calls = {c.id: i for i in turns for c in view[i].tool_calls}
    results: dict[str, list[int]] = {}
    for i in turns:
        for r in view[i].tool_results:
            results.setdefault(r.call_id, []).append(i)
    changed = True
    while changed:
        changed = False
        for i in sorted(kept):
            linked = [j for c in view[i].tool_calls for j in results.get(c.id, [])]
            linked += [calls[r.call_id] for r in view[i].tool_results if r.call_id in calls]
            for j in linked:
                if j not in kept:
                    kept.add(j)
                    changed = True
    return sorted(kept)

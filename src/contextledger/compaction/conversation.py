"""A conversation that keeps its record: compaction changes the model's view, never the record.

``Conversation`` is an immutable value: the full message record plus an append-only tuple
of compaction events. ``append`` and ``compact`` return new values. The view sent to a
model is derived: system messages first, then the newest recap (one user-role message,
``Compacted summary of earlier conversation:``) in place of the turns it covers, then the
rest verbatim. Each recap extends the previous one; a recap is never fed back as user speech.

>>> from contextledger.model import Message
>>> conv = Conversation().append(Message.system("Be brief."))
>>> for i in range(18):
...     conv = conv.append(Message.user(f"Step {i}: edit src/mod{i}.py"),
...                        Message.assistant(f"Edited src/mod{i}.py."))
>>> out = conv.compact(OfflineSummarizer())
>>> out.status, len(out.conversation.record), len(out.conversation.view)
('compacted', 37, 12)
>>> out.conversation.view[1].text.splitlines()[0]
'Compacted summary of earlier conversation:'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from ..errors import ContentError
from ..model import Message, Recap
from .credentials import masked
from .policy import CompactionPlan, CompactionPolicy, Skip, assess_compaction
from .readable import readable
from .summarizers import OfflineSummarizer, Summarizer
from .transcript import (
    Transcript,
    build_prompt,
    build_transcript,
    cut_prose,
    render_message,
    transcript_chunks,
    utf8_len,
)

if TYPE_CHECKING:  # verify (the claims checker) is imported where a recap is verified
    from .claims.evidence import KeptEvidence
    from .digest import Digest
    from .verify import Verification, VerifyMode

OutcomeStatus = Literal["compacted", "skipped", "failed", "off"]
TokenCounter = Callable[[Sequence[Message]], int]

ENV_VAR = "CONTEXT_COMPACTION"


@dataclass(frozen=True, slots=True)
class CompactionEvent:
    """One compaction, as an immutable, serializable value.

    ``covers`` is cumulative (every record id the recap stands for, the previous recap's
    included); ``new_covers`` are the ids this event added. ``record_length`` is the size
    of the record when the recap was inserted: the cooldown counts from there.
    ``verification`` is :meth:`Verification.to_dict` (plain data).
    """

    seq: int
    recap: Message
    covers: tuple[str, ...]
    new_covers: tuple[str, ...]
    record_length: int
    reason: str
    detail: str
    summarizer: str
    verification: Mapping[str, Any] = field(default_factory=dict)
    timestamp: float | None = None
    extends: str | None = None

    @property
    def recap_text(self) -> str:
        return next(b.text for b in self.recap.content if isinstance(b, Recap))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; :meth:`from_dict` reads it back.

        >>> ev = CompactionEvent(1, Message("user", (Recap("x", ("m1",)),), id="recap-1"),
        ...                      ("m1",), ("m1",), 12, "messages", "d", "offline")
        >>> CompactionEvent.from_dict(ev.to_dict()) == ev
        True
        """
        return {
            "seq": self.seq,
            "recap_id": self.recap.id,
            "recap_text": self.recap_text,
            "covers": list(self.covers),
            "new_covers": list(self.new_covers),
            "record_length": self.record_length,
            "reason": self.reason,
            "detail": self.detail,
            "summarizer": self.summarizer,
            "verification": dict(self.verification),
            "timestamp": self.timestamp,
            "extends": self.extends,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CompactionEvent:
        try:
            covers = tuple(str(c) for c in data["covers"])
            recap = Message(
                "user", (Recap(str(data["recap_text"]), covers),), id=str(data["recap_id"])
            )
            return cls(
                seq=int(data["seq"]),
                recap=recap,
                covers=covers,
                new_covers=tuple(str(c) for c in data.get("new_covers", covers)),
                record_length=int(data["record_length"]),
                reason=str(data.get("reason", "")),
                detail=str(data.get("detail", "")),
                summarizer=str(data.get("summarizer", "")),
                verification=dict(data.get("verification") or {}),
                timestamp=None if data.get("timestamp") is None else float(data["timestamp"]),
                extends=data.get("extends"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ContentError("compaction event", f"unreadable: {exc}") from exc


@dataclass(frozen=True, slots=True)
class CompactionOutcome:
    """What ``compact`` did. ``report`` lines are written for a person to read.

    ``conversation`` is the new value (the same one when nothing changed).
    """

    conversation: Conversation
    status: OutcomeStatus
    report: tuple[str, ...]
    event: CompactionEvent | None = None
    plan: CompactionPlan | None = None
    verification: Verification | None = None
    transcript: Transcript | None = None
    reply: str | None = None

    @property
    def changed(self) -> bool:
        return self.event is not None

    def showing(self, ids: Collection[str]) -> CompactionOutcome:
        """This outcome with the turns ``ids`` that its recap newly covers back in the view
        verbatim: the window turned out to hold them beside the recap (a paid recap is not
        made again to cover fewer). The recap still states them, so nothing is lost when a
        later fit drops them; a tool exchange comes back whole or not at all.

        >>> conv = Conversation.from_messages(Message.user(f"step {i}") for i in range(40))
        >>> out = conv.compact(OfflineSummarizer(), force=True)
        >>> more = out.showing(["m28", "m29"])
        >>> len(out.conversation.view), len(more.conversation.view)
        (11, 13)
        """
        ev = self.event
        if ev is None:
            return self
        back = _whole_exchanges(self.conversation.record, set(ids) & set(ev.new_covers), ev)
        if not back:
            return self
        covers = tuple(c for c in ev.covers if c not in back)
        event = replace(
            ev,
            recap=Message("user", (Recap(ev.recap_text, covers),), id=ev.recap.id),
            covers=covers,
            new_covers=tuple(c for c in ev.new_covers if c not in back),
        )
        conv = Conversation(self.conversation.record, (*self.conversation.events[:-1], event))
        first, *rest = self.report or ("",)
        line = (
            f"{first}; {len(back)} of the recapped messages stay in view verbatim too "
            "(the window holds them beside the recap)"
        )
        return replace(self, conversation=conv, event=event, report=(line, *rest))

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "report": list(self.report),
            "event": self.event.to_dict() if self.event else None,
            "verification": self.verification.to_dict() if self.verification else None,
        }


@dataclass(frozen=True, slots=True)
class Conversation:
    """The full record plus compaction events; the model's view is derived.

    Immutable: every method returns a new value. Messages without an id get ``m<index>``
    (their position in the record) when appended; ids must be unique.

    >>> c = Conversation().append(Message.user("hi"))
    >>> c.record[0].id, c.view == c.record
    ('m0', True)
    """

    record: tuple[Message, ...] = ()
    events: tuple[CompactionEvent, ...] = ()

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for i, m in enumerate(self.record):
            if not m.id:
                raise ContentError(f"record[{i}]", "message has no id")
            if m.id in seen:
                raise ContentError(f"record[{i}]", f"duplicate message id {m.id!r}")
            seen.add(m.id)
        for ev in self.events:
            unknown = [c for c in ev.new_covers if c not in seen]
            if unknown:
                raise ContentError(
                    f"events[{ev.seq}]", f"covers ids not in the record: {', '.join(unknown[:5])}"
                )

    @classmethod
    def from_messages(cls, messages: Iterable[Message]) -> Conversation:
        """A conversation whose record is ``messages`` (ids assigned where missing)."""
        return cls().append(*messages)

    def append(self, *messages: Message) -> Conversation:
        """A new conversation with ``messages`` added to the record (and so to the view)."""
        base = len(self.record)
        added = tuple(
            m if m.id else replace(m, id=f"m{base + i}")  # (every field kept: a developer's too)
            for i, m in enumerate(messages)
        )
        return Conversation(self.record + added, self.events)

    @property
    def latest(self) -> CompactionEvent | None:
        """The newest compaction event, whose recap stands in the view."""
        return self.events[-1] if self.events else None

    @property
    def messages_since_last_recap(self) -> int | None:
        """Messages appended since the newest recap was inserted (None: no recap yet)."""
        ev = self.latest
        return None if ev is None else len(self.record) - ev.record_length

    @property
    def view(self) -> tuple[Message, ...]:
        """What the model sees: leading system messages, the newest recap, the uncovered rest."""
        return self.view_showing(())

    def view_showing(self, ids: Collection[str]) -> tuple[Message, ...]:
        """The view with the covered messages ``ids`` in it too, verbatim beside the recap
        that states them (in record order).

        >>> conv = Conversation.from_messages(Message.user(f"step {i}") for i in range(40))
        >>> out = conv.compact(OfflineSummarizer(), force=True).conversation
        >>> [m.id for m in out.view_showing(["m28", "m29"])][:4]
        ['recap-1', 'm28', 'm29', 'm30']
        """
        ev = self.latest
        if ev is None:
            return self.record
        covered = set(ev.covers).difference(ids)
        lead = 0
        while lead < len(self.record) and self.record[lead].role == "system":
            lead += 1
        rest = tuple(m for m in self.record[lead:] if m.role == "system" or m.id not in covered)
        return (*self.record[:lead], ev.recap, *rest)

    def covered_messages(self, ids: Iterable[str]) -> tuple[Message, ...]:
        wanted = set(ids)
        return tuple(m for m in self.record if m.id in wanted)

    def compact(
        self,
        summarizer: Summarizer | None = None,
        policy: CompactionPolicy | None = None,
        *,
        window: int | None = None,
        count_tokens: TokenCounter | None = None,
        force: bool = False,
        mode: VerifyMode = "strip",
        enabled: bool = True,
        now: float | None = None,
        keep_ids: Collection[str] | None = None,
        kept_evidence: KeptEvidence | None = None,
    ) -> CompactionOutcome:
        """Recap old turns if the policy says so; soft on every failure.

        ``window`` (the model's context window, in tokens) turns on the token trigger
        and sizes the recap; without it the recap is sized for the default model's window
        (:func:`sized_window`), as the CLI's ``compact`` sizes it.
        ``count_tokens`` counts the view (without it, a rough 4-characters-a-token
        estimate is used when a window is given).
        ``force`` skips the triggers and cooldown (still keeps the recent turns).
        ``keep_ids`` (what a fit of the window keeps) replaces the recent span: the recap
        covers every other turn (see :mod:`.policy`).
        On error, timeout, an empty or rejected reply the record and view stay unchanged
        and ``report`` holds one line saying why. ``now`` is stored as the event's
        timestamp (pass it for real time; ``seq`` orders events deterministically).
        ``kept_evidence``: the evidence its caller's last recap was checked against, read on from
        there when the record only grew (a Preparer keeps one from turn to turn).
        """
        policy = policy or CompactionPolicy()
        summarizer = summarizer or OfflineSummarizer()
        if not enabled:
            return CompactionOutcome(
                self, "off", ("compaction is off (CONTEXT_COMPACTION=off); history unchanged",)
            )
        view = self.view
        tokens = (
            count_tokens(view)
            if count_tokens is not None
            else approx_tokens(view)
            if window is not None
            else None
        )
        plan = assess_compaction(
            view,
            policy,
            view_tokens=tokens,
            window=window,
            messages_since_last=self.messages_since_last_recap,
            force=force,
            keep_ids=keep_ids,
        )
        if isinstance(plan, Skip):
            return CompactionOutcome(self, "skipped", (f"compaction {plan.reason}",))
        # what a terminal painted is read as its text: a runner's colour codes split a
        # failing test's name ("\x1b[1mtest_x\x1b[0m") and never belong in a recap
        reading = Conversation(readable(self.record), self.events)
        previous = self.latest if plan.previous_recap_id is not None else None
        previous_text = previous.recap_text if previous else None
        new_messages = reading.covered_messages(plan.covered_ids)
        n = len(plan.covered_ids)
        sized = sized_window(window)
        cap = policy.recap_bytes(sized)
        transcript = build_transcript(new_messages, previous_text, policy)
        all_covers = (previous.covers if previous else ()) + plan.covered_ids
        read, extending = _what_to_read(
            summarizer, reading, new_messages, previous_text, all_covers, cap
        )
        passes = _Passes()

        def failed(why: str, **found: Any) -> CompactionOutcome:
            return CompactionOutcome(
                self, "failed", (why,), plan=plan, transcript=transcript, **found
            )

        try:
            raw, transcript = _summarize(
                summarizer, policy, read, extending, reading.record,
                transcript=transcript, cap=cap, window=sized, passes=passes,
            )  # fmt: skip
        except Exception as exc:  # soft failure: any summarizer problem leaves history as is
            return failed(
                f"compaction failed, history unchanged ({n} messages not recapped): {exc}"
            )
        reply = _clean_reply(raw if isinstance(raw, str) else "")
        if not reply:
            return failed(
                f"compaction failed, history unchanged: {summarizer.name} returned an empty recap",
                reply=raw if isinstance(raw, str) else None,
            )
        # no cut here: verification fits the recap to the cap and reports each line it cuts
        reply, verification, doubted, backfilled = _verify(
            reply,
            summarizer,
            reading,
            read,
            extending,
            all_covers,
            mode=mode,
            cap=cap,
            kept_evidence=kept_evidence,
        )
        if not verification.accepted:
            return failed(
                f"compaction rejected, history unchanged: {verification.reason}; "
                + verification.summary(),
                verification=verification,
                reply=reply,
            )
        event = self._recorded(plan, previous, verification, all_covers, summarizer.name, now)
        extended = f", extending recap {previous.seq}" if previous else ""
        lines = [
            f"compacted {n} earlier messages into a recap ({utf8_len(verification.text):,} bytes, "
            f"{summarizer.name}{extended}); {len(plan.kept_ids)} recent messages kept verbatim; "
            f"the full record is kept. Trigger: {plan.detail}",
            verification.summary(),
            *_after_lines(
                summarizer, policy, verification, all_covers, doubted, passes, backfilled
            ),
        ]
        return CompactionOutcome(
            Conversation(self.record, (*self.events, event)),
            "compacted",
            tuple(lines),
            event=event,
            plan=plan,
            verification=verification,
            transcript=transcript,
            reply=reply,
        )

    def _recorded(
        self,
        plan: CompactionPlan,
        previous: CompactionEvent | None,
        verification: Verification,
        all_covers: tuple[str, ...],
        summarizer: str,
        now: float | None,
    ) -> CompactionEvent:
        """The event that puts the verified recap in the view in place of ``all_covers``."""
        seq = len(self.events) + 1
        # a credential's value a true line holds is shown by its name only (R21-R2/R3)
        text = masked(verification.text)
        return CompactionEvent(
            seq=seq,
            recap=Message("user", (Recap(text, all_covers),), id=f"recap-{seq}"),
            covers=all_covers,
            new_covers=plan.covered_ids,
            record_length=len(self.record),
            reason=plan.reason,
            detail=plan.detail,
            summarizer=summarizer,
            verification=verification.to_dict(),
            timestamp=now,
            extends=previous.recap.id if previous else None,
        )


def _what_to_read(
    summarizer: Summarizer,
    reading: Conversation,
    new_messages: Sequence[Message],
    previous_text: str | None,
    all_covers: tuple[str, ...],
    cap: int,
) -> tuple[Sequence[Message], str | None]:
    """What the summarizer reads and the recap it extends. An offline recap that extends
    only offline recaps and runs short of room is made again from every message it
    covers, as a one-shot recap of the same record is: read back from the previous
    recap's text, its items lost how they ranked (a grep, a note the user repeated every
    turn: bytes last when first filed, ahead of the newer commands and files written
    once carried) and what it had left out for room was gone for good, so a kept
    Preparer's view lost a command a one-shot prepare of the same list keeps (issue #14,
    review52/53). What the record later made moot (fixed, overruled, said every turn) is
    read as moot, as one-shot. With room for every item, extending is the same recap.
    So too when it newly covers a message said before one the previous recap covers (a
    request that recap left in view, pinned, and the window no longer keeps): read alone,
    out of its place, its answer and the work after it gone, a chit-chat turn was filed as
    an open request that a one-shot recap of the same record never lists."""
    if previous_text is None or not isinstance(summarizer, OfflineSummarizer):
        return new_messages, previous_text
    # a paid recap's prose is no reading of the record: it is extended, never re-derived
    if any(e.summarizer != summarizer.name for e in reading.events):
        return new_messages, previous_text
    previous = all_covers[: len(all_covers) - len(new_messages)]
    if (
        not _LEFT_OUT.search(previous_text)
        and not _reaches_back(reading.record, new_messages, previous)
        and not _said_again(new_messages, reading.covered_messages(previous))
    ):
        extended = summarizer.summarize_record(
            new_messages, previous_text, max_bytes=cap, history=reading.record
        )
        if not _LEFT_OUT.search(extended):  # (read whole: ~3x the CPU of a kept turn)
            return new_messages, previous_text
    return reading.covered_messages(all_covers), None


def _said_again(new_messages: Sequence[Message], previous: Sequence[Message]) -> bool:
    """Whether the user says again in ``new_messages`` words a message of ``previous`` says:
    what is said again and again is read as routine from the whole record only (read alone,
    an extension filed a repeated chit-chat line under "User also said", which a one-shot
    recap of the same record leaves out)."""
    said = {m.text.strip().casefold() for m in previous if m.role == "user"}
    return any(m.role == "user" and m.text.strip().casefold() in said for m in new_messages)


def _reaches_back(
    record: Sequence[Message], new_messages: Sequence[Message], previous: Sequence[str]
) -> bool:
    """Whether a message of ``new_messages`` comes before one of ``previous`` in ``record``."""
    new, old = {m.id for m in new_messages}, set(previous)
    seen_new = False
    for m in record:
        if m.id in new:
            seen_new = True
        elif seen_new and m.id in old:
            return True
    return False


def _verify(
    reply: str,
    summarizer: Summarizer,
    reading: Conversation,
    new_messages: Sequence[Message],
    previous_text: str | None,
    all_covers: tuple[str, ...],
    *,
    mode: VerifyMode,
    cap: int,
    kept_evidence: KeptEvidence | None = None,
) -> tuple[str, Verification, set[str], int]:
    """``reply`` verified against the record: (the recap, its verification, the items the
    offline recap left out as doubted, how many items an LLM recap was backfilled with)."""
    evidence = _evidence(reading, all_covers)
    if isinstance(summarizer, OfflineSummarizer):
        # the structured offline recap is its own ledger, section by section
        reply, verification, doubted = _verify_offline(
            reply,
            summarizer,
            new_messages,
            previous_text,
            evidence,
            reading.record,
            mode,
            cap,
            kept_evidence,
        )
        return reply, verification, doubted, 0
    from .digest import digest  # ~0.13 s to import: only when a recap is made

    verification, backfilled = _verify_and_backfill(
        reply,
        evidence,
        digest(reading.covered_messages(all_covers), None, history=reading.record),
        previous_text,
        mode=mode,
        cap=cap,
        record=reading.record,
        kept_evidence=kept_evidence,
    )
    return reply, verification, set(), backfilled


def _summarize(
    summarizer: Summarizer,
    policy: CompactionPolicy,
    messages: Sequence[Message],
    previous_text: str | None,
    record: Sequence[Message],
    *,
    transcript: Transcript,
    cap: int,
    window: int | None,
    passes: _Passes,
) -> tuple[object, Transcript]:
    """The summarizer's raw reply for ``messages`` and the transcript it was given."""
    if isinstance(summarizer, OfflineSummarizer):
        # local: the whole record, no transcript cap
        raw = summarizer.summarize_record(messages, previous_text, max_bytes=cap, history=record)
        return raw, transcript
    max_tokens = policy.max_tokens if window is None else max(policy.max_tokens, cap // 4)
    return _recap_incrementally(
        summarizer,
        policy,
        messages,
        previous_text,
        cap=cap,
        max_tokens=max_tokens,
        history=record,
        passes=passes,
    )


def sized_window(window: int | None) -> int:
    """The window a recap is sized for: the caller's, or without one the window of the
    model the CLI's ``compact`` assumes when given none (``config.DEFAULT_MODEL``). A
    window-less call is no small window: sized at the 2,000-byte floor, a recap the CLI
    kept whole lost its commands and files for room (issue #14: the library stripped 5
    of 84 honest lines the CLI kept).

    >>> sized_window(8_000), sized_window(None)
    (8000, 128000)
    """
    if window is not None:
        return window
    from ..catalog import lookup_model
    from ..config import DEFAULT_MODEL

    return lookup_model(DEFAULT_MODEL).context_window


def _evidence(reading: Conversation, all_covers: Sequence[str]) -> tuple[Message, ...]:
    """What a recap covering ``all_covers`` is checked against: the turns it covers, the
    goal's turn, the user's requests kept verbatim after it and what was done there."""
    from ..lexicon.deferral import DEFERRED
    from .digest import goal_answer, goal_message  # ~0.13 s to import: when a recap is made

    # the goal is read from the whole record (its turn may be pinned, not covered):
    # it is evidence for the recap's Goal line, with the answer that said what it announced
    goal = goal_message(reading.record)
    answer = goal_answer(reading.record, goal)
    # ... and so are the user's turns kept verbatim after the recap: a request still
    # open there is listed under "Open requests"
    covered = set(all_covers)
    last = max((k for k, m in enumerate(reading.record) if m.id in covered), default=-1)
    after = reading.record[last + 1 :]
    kept = [m for m in after if m.role == "user" and not m.tool_results]
    # (not the newest of them, which the model answers next, seen whole: "What's left?"
    # is no request the recap must list, R29-m8; a request for later said there is)
    if kept and not DEFERRED.search(kept[-1].text):
        kept.pop()
    asked = [m.id for m in kept]
    # ... and what the assistant and its tools did in the turns kept verbatim: "The
    # assistant ran `git status`." is true of the view the recap opens, wherever the cut
    # falls (a caller's window or keep_recent moves it; the same claim must not stand
    # on one cut and go on another)
    done = [m.id for m in after if m.role != "user" or m.tool_results]
    goals = [m.id for m in (goal, answer) if m is not None]
    return reading.covered_messages((*all_covers, *goals, *asked, *done))


def _after_lines(
    summarizer: Summarizer,
    policy: CompactionPolicy,
    verification: Verification,
    all_covers: Sequence[str],
    doubted: set[str],
    passes: _Passes,
    backfilled: int,
) -> list[str]:
    """The report's lines after the one saying what was compacted: what verification left
    out, what the recap's sections left out for room, how an LLM recap was made."""
    lines: list[str] = []
    if doubted:
        lines.append(
            f"the offline recap left out {len(doubted)} item(s) verification could "
            f"not trace to the record: {', '.join(sorted(doubted)[:5])}"
            + (" …" if len(doubted) > 5 else "")
        )
    left_out = left_out_note(verification.text, all_covers)
    if left_out:
        lines.append(left_out)
    if not isinstance(summarizer, OfflineSummarizer):
        lines += passes.report(policy)
        if backfilled:
            lines.append(
                f"{backfilled} item(s) the summary left out (the goal, constraints, "
                "commands, failures … in the user's and the tools' own words) added "
                "from the record"
            )
    return lines


def _verify_offline(
    reply: str,
    summarizer: OfflineSummarizer,
    messages: Sequence[Message],
    previous_text: str | None,
    evidence: Sequence[Message],
    record: Sequence[Message],
    mode: VerifyMode,
    cap: int,
    kept_evidence: KeptEvidence | None = None,
) -> tuple[str, Verification, set[str]]:
    """``reply`` (the offline recap of ``messages``) verified: (recap, verification, the
    items left out because verification doubted them). An item verification doubts would
    take its whole line along ("Files read: a.py, b.py, …"), so the recap is written
    again without it (twice at most: items that had no room the first time are checked
    on the next pass)."""
    from .verify import verify_recap

    doubted: set[str] = set()
    removed: list[str] = []
    for rewrite in range(3):
        if rewrite:
            reply = cut_prose(
                summarizer.summarize_record(
                    messages,
                    previous_text,
                    max_bytes=cap,
                    history=record,
                    leave_out=doubted,
                    removed=removed,
                ),
                cap,
            )
        verification = verify_recap(
            reply,
            evidence,
            previous_text,
            mode=mode,
            max_bytes=cap,
            ledger=False,
            context=record,
            quotes=True,  # its items quote the record: each is traced to its turn first
            kept_evidence=kept_evidence,
        )
        if not verification.removed_sentences:
            break
        newly = {c.value for c in verification.misclaims} | {
            f.value for f in verification.unsupported
        }
        if rewrite and newly <= doubted and set(verification.removed_sentences) <= set(removed):
            break  # the same items doubted again: written again, the recap would be the same
        doubted |= newly
        removed += verification.removed_sentences
    return reply, verification, doubted


_NOUNS = {"User also said": "other things the user said", "Numbers that matter": "numbers"}
_LEFT_OUT = re.compile(r"(?m)^([A-Z][\w ]+):.*\(\+(\d+) more in the record\)$")


def left_out_note(recap: str, covers: Sequence[str]) -> str | None:
    """What a recap's sections left out for room, counted, and where it is: the record's
    messages the recap covers (a UI or ``contextledger history`` shows them).

    >>> left_out_note("Files read: a.py (+12 more in the record)", ("m1", "m2", "m9"))
    'the recap left out, for room: 12 files read; all of it is in the record, messages m1 to m9'
    """
    counts = [(int(n), _NOUNS.get(head, head.casefold())) for head, n in _LEFT_OUT.findall(recap)]
    if not counts or not covers:
        return None
    said = ", ".join(f"{n} {what}" for n, what in counts)
    return (
        f"the recap left out, for room: {said}; all of it is in the record, "
        f"messages {covers[0]} to {covers[-1]}"
    )


def _whole_exchanges(record: Sequence[Message], back: set[str], event: CompactionEvent) -> set[str]:
    """``back`` less any message whose tool call or result would stay hidden: a tool
    exchange is shown whole or not at all."""
    hidden = set(event.covers) - back
    by_id = {m.id: m for m in record}
    call_at = {c.id: m.id for m in record for c in m.tool_calls}
    results_at: dict[str, list[str]] = {}
    for m in record:
        for r in m.tool_results:
            results_at.setdefault(r.call_id, []).append(m.id)
    changed = True
    while changed:
        changed = False
        for mid in sorted(back):
            m = by_id[mid]
            linked = [j for c in m.tool_calls for j in results_at.get(c.id, [])]
            linked += [call_at[r.call_id] for r in m.tool_results if r.call_id in call_at]
            if any(j in hidden for j in linked):
                back.discard(mid)
                hidden.add(mid)
                changed = True
    return back


def _verify_and_backfill(
    reply: str,
    evidence: Sequence[Message],
    record_digest: Digest,
    previous_text: str | None,
    *,
    mode: VerifyMode,
    cap: int,
    record: Sequence[Message] = (),
    kept_evidence: KeptEvidence | None = None,
) -> tuple[Verification, int]:
    """Verify an LLM recap, then add what it left out of the record's own digest (the
    goal, constraints and corrections, exact commands, failing tests …), verified too:
    a summary that says little still leaves the model the facts. The LLM's prose keeps
    at least half the cap; the backfill takes the rest. Returns the verification of the
    whole and how many items were added."""
    from .digest import BACKFILL_HEADER, backfill, render_digest
    from .facts import transcript_facts
    from .verify import build_ledger, fit_recap, verify_recap

    first = verify_recap(
        reply,
        evidence,
        previous_text,
        mode=mode,
        max_bytes=cap,
        ledger=False,
        context=record,
        kept_evidence=kept_evidence,
    )
    if not first.accepted:
        return first, 0
    prose = first.text if re.search(r"\w\w", first.text) else ""  # "?" says nothing
    missing = backfill(record_digest, prose)
    count = sum(len(v) for v in missing.sections.values())
    if not count:
        # the ledger pass sees only what survived: what the first pass removed is still
        # reported (a lie stripped in silence is a lie nobody hears of)
        again = verify_recap(
            prose,
            evidence,
            previous_text,
            mode=mode,
            max_bytes=cap,
            context=record,
            kept_evidence=kept_evidence,
        )
        return _merged(first, again), 0
    room = cap - min(utf8_len(prose), cap // 2) - utf8_len(BACKFILL_HEADER) - 3
    added = render_digest(missing, max(room, 200))
    prose, cut = fit_recap(prose, cap - utf8_len(added) - utf8_len(BACKFILL_HEADER) - 3)
    if cut:  # what the summary lost for room may come back in the record's own words
        missing = backfill(record_digest, prose)
        count = sum(len(v) for v in missing.sections.values())
        room = cap - utf8_len(prose) - utf8_len(BACKFILL_HEADER) - 3
        added = render_digest(missing, max(room, 200))
    text = f"{prose}\n\n{BACKFILL_HEADER}\n{added}" if prose else f"{BACKFILL_HEADER}\n{added}"
    # the backfill quotes the record as the offline recap does, and is traced the same way:
    # a user's rule said beside a value they corrected later ("Use django-ratelimit, not a
    # hand-rolled middleware. The limit is 20 …" … "Actually make it 30") stands on its turn,
    # the correction listed after it, instead of the rule leaving the view (R32-R1). (The
    # prose passed the full check above; a quote of the record stands on it there too.)
    whole = verify_recap(
        text,
        evidence,
        previous_text,
        mode=mode,
        max_bytes=cap,
        ledger=False,
        context=record,
        quotes=True,
        kept_evidence=kept_evidence,
    )
    # the facts ledger (paths touched, tools run …) takes only the room left: the record's
    # own sections come first
    room = cap - utf8_len(whole.text) - 2
    ledger, dropped = build_ledger(whole.missing, transcript_facts(evidence), room)
    if ledger:
        whole = replace(whole, text=f"{whole.text}\n\n{ledger}", ledger=ledger)
    whole = replace(whole, ledger_dropped=dropped if whole.missing else 0, cut=cut + whole.cut)
    return _merged(first, whole), count


def _merged(first: Verification, second: Verification) -> Verification:
    """``second`` (a pass over what survived ``first``) with what ``first`` found."""
    return replace(
        second,
        supported=tuple(dict.fromkeys(first.supported + second.supported)),
        unsupported=tuple(dict.fromkeys(first.unsupported + second.unsupported)),
        removed_sentences=first.removed_sentences + second.removed_sentences,
        misclaims=tuple(dict.fromkeys(first.misclaims + second.misclaims)),
        claims_checked=first.claims_checked,
        cut=tuple(dict.fromkeys(first.cut + second.cut)),
    )


@dataclass
class _Passes:
    """How an LLM recap was made: calls, messages shortened, messages recapped offline."""

    calls: int = 0
    clipped: int = 0
    offline: int = 0

    def report(self, policy: CompactionPolicy) -> list[str]:
        if self.calls <= 1 and not self.clipped and not self.offline:
            return []
        parts = []
        if self.calls > 1 or self.offline:
            parts.append(
                f"summarized incrementally in {self.calls} calls of at most "
                f"{policy.transcript_bytes:,} bytes (recap of recap + new turns), "
                "no message left out"
            )
        if self.offline:
            parts.append(
                f"the oldest {self.offline} messages were recapped offline first "
                f"(more than {policy.max_summarizer_calls} calls' worth)"
            )
        if self.clipped:
            parts.append(
                f"{self.clipped} long messages shortened to {policy.message_chars:,} characters "
                "(verification and the facts ledger read them whole)"
            )
        return ["; ".join(parts)]


def _recap_incrementally(
    summarizer: Summarizer,
    policy: CompactionPolicy,
    messages: Sequence[Message],
    previous: str | None,
    *,
    cap: int,
    max_tokens: int,
    history: Sequence[Message],
    passes: _Passes,
) -> tuple[str, Transcript]:
    """A paid recap of ``messages`` that leaves none out: one call per run of messages that
    fits the transcript cap, each extending the recap of the runs before it. Beyond
    ``max_summarizer_calls`` runs, the oldest are recapped offline first (their recap is
    the first call's previous recap)."""
    # room for a previous recap in every run: each run after the first extends one
    chunks = transcript_chunks(messages, cap, policy)
    text = previous
    if len(chunks) > policy.max_summarizer_calls:
        early = [m for c in chunks[: -policy.max_summarizer_calls] for m in c]
        text = OfflineSummarizer().summarize_record(early, previous, max_bytes=cap, history=history)
        passes.offline = len(early)
        chunks = chunks[-policy.max_summarizer_calls :]
    prompt = build_prompt(policy)
    transcript = build_transcript((), text, policy)
    for chunk in chunks:
        transcript = build_transcript(chunk, text, policy)
        passes.calls += 1
        passes.clipped += transcript.clipped
        reply = _clean_reply(summarizer.summarize(prompt, transcript.text, max_tokens=max_tokens))
        if not reply:
            return "", transcript  # an empty recap: compaction reports it
        text = reply
        if chunk is not chunks[-1]:  # the next call's previous recap; the last is cut by
            text = cut_prose(reply, cap)  # verification, which reports what it cuts
    return text or "", transcript


_PREAMBLE = re.compile(
    r"(?i)^(?:here(?:'s| is) (?:the|a|your) (?:updated |concise )?summary[^\n]*:|summary:)\s*"
)


# the opening line of a code fence: "```", "```markdown"
_FENCE_OPENING = re.compile(r"```[\w+-]*")


def _clean_reply(text: str) -> str:
    r"""The recap an LLM wrote, without what wraps it: our recap prefix, a preamble ("Here is
    the summary:"), a code fence around the whole (R32-R1: "```markdown" stayed its first
    line).

    >>> _clean_reply("```markdown\nGoal: Fix the login.\n```")
    'Goal: Fix the login.'
    >>> _clean_reply("Ran:\n```\npytest -q\n```")
    'Ran:\n```\npytest -q\n```'
    """
    text = text.strip()
    if text.startswith(Recap.PREFIX):
        text = text[len(Recap.PREFIX) :].strip()
    text = _PREAMBLE.sub("", text, count=1).strip()
    return _unfenced(text)


def _unfenced(text: str) -> str:
    """``text`` without a code fence wrapping it whole (its closing fence may be missing:
    a reply cut at its token limit); a text holding other fences is as it is."""
    lines = text.splitlines()
    if not lines or not _FENCE_OPENING.fullmatch(lines[0].strip()):
        return text
    body = lines[1:-1] if len(lines) > 1 and lines[-1].strip() == "```" else lines[1:]
    if any(line.lstrip().startswith("```") for line in body):
        return text
    return "\n".join(body).strip()


def approx_tokens(messages: Iterable[Message]) -> int:
    """A rough token count (UTF-8 bytes / 4 of the flattened text; images not counted)."""
    return sum(math.ceil(utf8_len(render_message(m)) / 4) for m in messages)

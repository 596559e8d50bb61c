"""Restore repair: turn a broken saved history into one every provider accepts, and say how.

``repair(messages)`` is pure: it returns new messages plus one :class:`RepairChange`
per edit, each with a sentence a UI can show. Its output always passes
:func:`contextledger.validate.ensure_valid`, and repairing a repaired history changes
nothing (idempotent). Messages that need no repair come back as the same objects.

Rules, in the order they apply:

1. **Unknown roles and empty messages** (no blocks, or only empty text) are removed.
2. **A system message after the first message** becomes a user message with the same
   content (kept, not dropped: it may carry instructions the model must still see). The
   images, files and audio of a system prompt (no provider takes them there) move to a
   user turn right after the system messages, introduced by ``Attached to the system
   prompt:``.
3. **Misplaced blocks.** Tool results found inside a user/system message are split out
   into a tool message placed before the rest of the turn (Anthropic keeps them there);
   inside an assistant message, into a tool message right after it. Tool calls outside
   assistant messages, and non-result blocks inside tool messages, are removed.
4. **Non-string arguments** (a dict or list where a JSON string belongs) are encoded as
   JSON; ``None`` becomes ``"{}"``.
5. **Missing call ids** get a deterministic id ``call_<digest>`` derived from the
   message id (or position), the call's position, name and arguments. If the tool run
   after the message holds exactly as many id-less results as there are id-less calls,
   they are paired by position; otherwise id-less results are orphans (rule 8).
6. **Duplicate call ids.** The first use of an id keeps it; later calls are renumbered
   ``<id>~2``, ``<id>~3``… (the first free suffix). Their results are renamed with them
   when the pairing is unambiguous: results in the run after the renumbered call's own
   message answer it, and inside one message the k-th result with that id answers the
   k-th call with it, provided the counts agree (or there are no results at all). When
   the counts disagree the later duplicates are removed (rule 7) and the first call keeps
   the first result.
7. **Malformed calls** — no tool name, arguments that are not valid JSON (truncated), or
   JSON that is not an object — are removed together with their results, and the note
   ``[Incomplete tool calls removed from restored session.]`` is appended to the
   assistant's text. Truncated arguments are *not* completed by closing brackets: that
   would invent arguments the model never sent (``{"path": "/tmp/a`` may have been
   ``/tmp/a/b``), and a later turn could act on them. With ``target="openai"`` (or
   ``"openai-responses"``), whose APIs take the arguments as the string the model wrote,
   a call whose string arguments are not JSON is kept as it is (as ``fit`` and
   ``prepare`` keep it for those targets).
8. **Results.** A result in the tool run right after its call's message is kept; a
   second result for the same call is removed. A result that appears *later*, separated
   from its call by other messages, or recorded *before* its call (an app that logs an
   output when it arrives and the call when its stream ends), is moved next to its call
   (if the call has no result yet): it is the tool's real output, which a synthesized
   "interrupted" result would deny. A result for no known call or for a removed call is
   removed as an orphan.
9. **Dangling calls** (no result anywhere). ``dangling="synthesize"`` (default) answers
   each with an error result ``[Tool call interrupted: no result was recorded …]`` so the
   model sees the truth and ids stay stable; ``dangling="remove"`` removes the calls and
   appends the note of rule 7.
10. **Responses reasoning** (``Reasoning`` of ``openai-responses``). A reasoning item is
    removed when the message or function call it produced is gone (a stream cut after
    the reasoning), when that item lost its id (an app that rebuilt the message from its
    text: the API pairs the two by id), or when it has no id itself. The API refuses
    each as it is ("…was provided without its required following item"; the SDK's
    ``ResponseReasoningItemParam`` requires the id). Only for ``target`` None or
    ``"openai-responses"``: the other writers leave such items out.
11. **Responses tool items** (a ``custom_tool_call``, a ``shell_call_output``…, kept as
    ``ProviderContent``). One the API refuses where it stands — an output whose call is
    not before it, a call the client runs that no output answers, a call or output that
    came twice — becomes an assistant text saying what it held (applied before rule 10:
    a reasoning item that produced it is then paired with a text without its id). A
    ``compaction_trigger`` that is not the last item (replayed from an earlier request) is
    left out instead: the API takes one only as the final input item. Only for ``target``
    None or ``"openai-responses"``: the other writers send them as text.

>>> from contextledger.model import Message, ToolCall
>>> broken = [Message.user("list files", id="u1"),
...           Message.assistant(ToolCall("c1", "ls"), id="a1"),
...           Message.tool("zz", "stray", id="t9")]
>>> fixed = repair(broken)
>>> [c.kind for c in fixed.changes]
['synthesized_result', 'orphan_result']
>>> fixed.messages[-1].tool_results[0].is_error
True
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any, Literal, TypeAlias, cast

from .errors import ContentError, describe
from .model import (
    ROLES,
    Block,
    Message,
    MessagesLike,
    ProviderContent,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
)
from .providers import detect_format, read_messages
from .validate import (
    RESPONSES,
    SYSTEM_MEDIA,
    arguments_problem,
    is_empty,
    is_trigger,
    reasoning_problem,
    responses_reasoning,
    takes_unparsed_arguments,
    unpaired_items,
)

__all__ = ["INCOMPLETE_NOTE", "RepairChange", "RepairMemo", "RepairResult", "repair"]

INCOMPLETE_NOTE = "[Incomplete tool calls removed from restored session.]"
INTERRUPTED_TEXT = "[Tool call interrupted: no result was recorded for {name} (call {id}).]"

_Note: TypeAlias = Callable[[str, int, str], None]  # records one change: kind, input index, detail
# Why a result goes, in the words a UI shows (every provider refuses these with a 400)
_NO_CALL = ": a tool result with no matching call — providers reject it"
_ONE = ": providers take one result per call"


@dataclass(frozen=True, slots=True)
class RepairChange:
    """One edit repair made. ``index``/``message_id`` point at the input message."""

    kind: str
    index: int
    message_id: str
    detail: str

    def __str__(self) -> str:
        ref = f"message {self.index}" + (f" ({self.message_id})" if self.message_id else "")
        return f"{ref}: {self.detail}"


@dataclass(frozen=True, slots=True)
class RepairResult:
    """Repaired messages and every change made (empty when the input was already valid).

    >>> repair([]).changed
    False
    """

    messages: tuple[Message, ...]
    changes: tuple[RepairChange, ...]

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def summary(self) -> str:
        """One line per change, for a person."""
        return "\n".join(str(c) for c in self.changes) if self.changes else "no repairs needed"


@dataclass(slots=True, eq=False, repr=False)
class _Item:
    """A message being repaired and where it stood in the input."""

    msg: Message
    src: int


def _call_id(value: object) -> str:
    return value if isinstance(value, str) else ""


def _unknown_result(r: ToolResult) -> str:
    """A result that answers no call, as a person knows it: by its tool's name when it has
    one (a Gemini function_response has no id of its own), and by its call id if any."""
    cid = _call_id(r.call_id)
    if r.name:
        return f"a result of tool {r.name!r}" + (f" for unknown call {cid}" if cid else "")
    return f"a tool result for unknown call {cid or '(no id)'}"


def _digest(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()


def _with_note(content: Sequence[Block]) -> tuple[Block, ...]:
    blocks = list(content)
    for k in range(len(blocks) - 1, -1, -1):
        b = blocks[k]
        if isinstance(b, Text):
            if b.text.endswith(INCOMPLETE_NOTE):
                return tuple(blocks)
            blocks[k] = Text(f"{b.text}\n{INCOMPLETE_NOTE}" if b.text else INCOMPLETE_NOTE)
            return tuple(blocks)
    blocks.append(Text(INCOMPLETE_NOTE))
    return tuple(blocks)


def repair(
    messages: MessagesLike,
    *,
    dangling: Literal["synthesize", "remove"] = "synthesize",
    target: str | None = None,
    late_system: Literal["user", "keep"] = "user",
) -> RepairResult:
    """Repair a restored history; see the module docstring for the rules.

    ``messages`` may be our Messages or provider dicts (OpenAI, Anthropic, Gemini, …). OpenAI
    dicts are read leniently, since broken sessions are what this is for: unknown roles are
    removed (reported), and calls with a missing id, a missing name or non-string arguments
    reach the rules below instead of failing the read. Unknown content blocks still raise
    ``ContentError`` naming their path. ``target``: the format the history will be sent
    in (None: any), for the one rule that depends on it (rule 7). ``late_system="keep"``
    leaves a system message after the start as it is (rule 2 not applied) for a caller that
    sends it with the system prompt and reports that itself (``fit`` does): an unrelated
    repair must not change how the app's instruction is sent.

    >>> from contextledger.model import Message, ToolCall
    >>> r = repair([Message.assistant("let me look", ToolCall("c1", "ls"))], dangling="remove")
    >>> r.messages[0].text
    'let me look\\n[Incomplete tool calls removed from restored session.]'
    """
    if dangling not in ("synthesize", "remove"):
        raise ContentError(
            "dangling", f"must be 'synthesize' or 'remove', not {describe(dangling)}"
        )
    if isinstance(messages, str | bytes) or not isinstance(messages, Iterable):
        raise ContentError(
            "messages", f"expected a list of messages or a request body, got {describe(messages)}"
        )
    if not isinstance(messages, Sequence | Mapping):
        messages = tuple(messages)
    if not all(isinstance(m, Message) for m in messages):
        read, early, index_of = _read_leniently(messages)
        result = repair(read, dangling=dangling, target=target, late_system=late_system)
        later = tuple(replace(c, index=_source_index(c, read, index_of)) for c in result.changes)
        return RepairResult(result.messages, tuple(sorted((*early, *later), key=lambda c: c.index)))
    ours = cast(Sequence[Message], messages)  # every item was checked to be a Message above
    changes: list[RepairChange] = []

    def note(kind: str, src: int, detail: str) -> None:
        changes.append(RepairChange(kind, src, ours[src].id, detail))

    items = _normalize(ours, note, late_system == "user")
    removed_calls = _fix_calls(items, note, takes_unparsed_arguments(target))
    srcs: list[int] = []
    out = _pair(items, removed_calls, dangling, note, srcs)
    if target in (None, RESPONSES):  # the other writers send Responses tool items as text
        out = _pair_items(out, srcs, note)
    if target in (None, RESPONSES):  # the other writers leave Responses reasoning out
        out = _pair_reasoning(out, srcs, note)
    # in message order (stable: one message's changes in the order the rules made them)
    return RepairResult(tuple(out), tuple(sorted(changes, key=attrgetter("index"))))


# --- the dict front door -------------------------------------------------------------

_OPENAI_ROLES = frozenset({"system", "developer", "user", "assistant", "tool"})


def _read_leniently(
    payload: Any,
) -> tuple[tuple[Message, ...], list[RepairChange], dict[str, int]]:
    """Provider dicts → Messages with ids ``m<input index>``; OpenAI dicts leniently."""
    if isinstance(payload, Mapping) or detect_format(payload) != "openai":
        return read_messages(payload), [], {}
    early: list[RepairChange] = []
    kept: list[dict[str, Any]] = []
    index_of: dict[str, int] = {}
    for i, raw in enumerate(payload):
        role = raw.get("role") if isinstance(raw, Mapping) else None
        if not isinstance(role, str) or role not in _OPENAI_ROLES:
            what = (
                f"with unknown role {describe(role)}"
                if isinstance(raw, Mapping)
                else f"that is not an object ({describe(raw)})"
            )
            early.append(RepairChange("unknown_role", i, "", f"removed a message {what}"))
            continue
        msg = dict(raw)
        msg.setdefault("id", f"m{i}")
        if not isinstance(msg["id"], str):
            msg["id"] = f"m{i}"
        if msg["role"] == "tool" and not isinstance(msg.get("tool_call_id"), str):
            msg["tool_call_id"] = ""  # answers no call: removed as an orphan below, reported
        if not isinstance(msg.get("content"), str | list | None):
            early.append(
                RepairChange(
                    "unreadable_content",
                    i,
                    msg["id"],
                    "content that is neither text nor a list of parts was removed",
                )
            )
            msg["content"] = None
        calls = msg.get("tool_calls")
        if calls is not None and not isinstance(calls, list):
            early.append(
                RepairChange(
                    "malformed_tool_calls",
                    i,
                    msg["id"],
                    "tool_calls that is not a list was removed",
                )
            )
            calls = []
        if calls is not None:
            fixed = []
            for k, raw_call in enumerate(calls):
                call, note = _lenient_call(raw_call, f"messages[{i}].tool_calls[{k}]")
                if note:
                    early.append(
                        RepairChange("arguments_reencoded", i, msg["id"], f"tool call {k}: {note}")
                    )
                fixed.append(call)
            msg["tool_calls"] = fixed
        index_of[msg["id"]] = i
        kept.append(msg)
    return read_messages(kept, "openai"), early, index_of


def _lenient_call(raw: Any, path: str) -> tuple[dict[str, Any], str]:
    """A tool call in the shape the reader accepts, and what was re-encoded to get there;
    what is still wrong (no id, no name, bad JSON) stays visible to the rules below."""
    call = dict(raw) if isinstance(raw, Mapping) else {}
    spec = call.get("function")
    fn = dict(spec) if isinstance(spec, Mapping) else {}
    args = fn.get("arguments", "")
    note = ""
    if not isinstance(args, str):
        from .providers.common import dumps_json

        note = f"arguments given as {type(args).__name__} were re-encoded as a JSON string"
        args = "" if args is None else dumps_json(args, path + ".function.arguments")
    fn["arguments"] = args
    fn["name"] = fn.get("name") if isinstance(fn.get("name"), str) else ""
    call["function"] = fn
    call["id"] = call.get("id") if isinstance(call.get("id"), str) else ""
    call["type"] = "function"
    return call, note


def _source_index(change: RepairChange, read: Sequence[Message], index_of: dict[str, int]) -> int:
    """The input index of the message a change is about."""
    mid = change.message_id or (read[change.index].id if change.index < len(read) else "")
    base = mid.split(".", 1)[0]  # synthesized results are named after their call's message
    if base in index_of:
        return index_of[base]
    return change.index


# --- phase A: roles, empties, misplaced blocks, non-string arguments -----------------


def _normalize(messages: Sequence[Message], note: _Note, late_system_to_user: bool) -> list[_Item]:
    items: list[_Item] = []
    seen_ids: set[str] = set()
    lifted: list[_Item] = []  # media of the system prompt, for the first turn after it
    for i, m in enumerate(messages):
        if lifted and m.role != "system":
            items.extend(lifted)
            lifted = []
        role: str = m.role
        if m.id and m.id in seen_ids:
            # message ids name messages in reports and recaps: a repeat gets a new one
            n = 2
            while f"{m.id}~{n}" in seen_ids:
                n += 1
            note(
                "duplicate_message_id",
                i,
                f"message id {m.id!r} was used twice; renamed to {m.id}~{n}",
            )
            m = replace(m, id=f"{m.id}~{n}")
        seen_ids.add(m.id)
        if role not in ROLES:
            note("unknown_role", i, f"removed a message with unknown role {describe(role)}")
            continue
        if is_empty(m):
            note("empty_message", i, f"removed an empty {role} message")
            continue
        if late_system_to_user and role == "system" and items and items[-1].msg.role != "system":
            # several system messages at the start (system + developer) are fine; one after
            # the conversation started is kept, as a user message (unless left to the caller)
            m = replace(m, role="user")
            note("system_moved", i, "a system message after the start was kept as a user message")
        elif role == "system" and any(isinstance(b, SYSTEM_MEDIA) for b in m.content):
            text, media = _lift_media(m)
            lifted.append(_Item(media, i))
            note("system_media", i, _lifted_detail(media))
            if text is None:
                continue
            m = text
        if m.role == "tool":
            kept = tuple(b for b in m.content if isinstance(b, ToolResult))
            if len(kept) != len(m.content):
                dropped = sorted({b.type for b in m.content if not isinstance(b, ToolResult)})
                note(
                    "misplaced_block",
                    i,
                    f"removed {', '.join(dropped)} block(s) from a tool message (only tool results belong there)",
                )
                if not kept:
                    continue
                m = m.with_content(kept)
            items.append(_Item(m, i))
            continue
        results = tuple(b for b in m.content if isinstance(b, ToolResult))
        rest: list[Block] = []
        for b in m.content:
            if isinstance(b, ToolResult):
                continue
            if isinstance(b, ToolCall):
                if m.role != "assistant":
                    note(
                        "misplaced_block",
                        i,
                        f"removed tool call {b.name!r} from a {m.role} message",
                    )
                    continue
                args: object = b.arguments
                if not isinstance(args, str):
                    fixed = "{}" if args is None else json.dumps(args, ensure_ascii=False)
                    note(
                        "non_string_arguments",
                        i,
                        f"tool call {_call_id(b.id) or '(no id)'} had {type(args).__name__} arguments; encoded as JSON",
                    )
                    b = replace(b, arguments=fixed)
            rest.append(b)
        tool_part: _Item | None = None
        if results:
            tid = f"{m.id}.results" if m.id else ""
            tool_part = _Item(Message("tool", results, id=tid), i)
            where = "after" if m.role == "assistant" else "before"
            note(
                "split_results",
                i,
                f"moved {len(results)} tool result(s) out of a {m.role} message into a tool message {where} it",
            )
        same = len(rest) == len(m.content) and all(
            a is b for a, b in zip(rest, m.content, strict=True)
        )
        body = m if same else m.with_content(rest)
        keep_body = not is_empty(body)
        if not keep_body and not results:
            note("empty_message", i, f"removed a {m.role} message left empty")
        if tool_part is not None and m.role != "assistant":
            items.append(tool_part)
        if keep_body:
            items.append(_Item(body, i))
        if tool_part is not None and m.role == "assistant":
            items.append(tool_part)
    items.extend(lifted)  # a conversation of system messages only: still not lost
    return items


#: Introduces what ``repair`` moved out of the system prompt (no provider takes media there).
SYSTEM_MEDIA_INTRO = "Attached to the system prompt:"


def _lift_media(m: Message) -> tuple[Message | None, Message]:
    """A system message without its images, files and audio (None: nothing else was in it),
    and a user message that carries them. With no text left the user message takes the
    system message's id: the message moved, it was not dropped."""
    rest = tuple(b for b in m.content if not isinstance(b, SYSTEM_MEDIA))
    media = tuple(b for b in m.content if isinstance(b, SYSTEM_MEDIA))
    text = m.with_content(rest) if not is_empty(Message("system", rest)) else None
    mid = f"{m.id}.media" if text is not None and m.id else m.id
    return text, Message("user", (Text(SYSTEM_MEDIA_INTRO), *media), id=mid)


def _lifted_detail(media: Message) -> str:
    kinds = sorted({b.type for b in media.content if isinstance(b, SYSTEM_MEDIA)})
    count = len(media.content) - 1
    return (
        f"moved {count} {'/'.join(kinds)} block(s) from the system prompt into a user turn "
        "right after it (providers take only text in the system prompt)"
    )


# --- phase B: call ids and malformed calls -------------------------------------------


def _runs(items: list[_Item]) -> dict[int, list[int]]:
    """assistant item index → indices of the tool items right after it."""
    runs: dict[int, list[int]] = {}
    current: int | None = None
    for k, it in enumerate(items):
        if it.msg.role == "tool":
            if current is not None:
                runs[current].append(k)
        elif it.msg.role == "assistant":
            current = k
            runs[k] = []
        else:
            current = None
    return runs


def _fix_calls(items: list[_Item], note: _Note, unparsed_ok: bool = False) -> set[str]:
    """Give every call a unique id (renaming in-run results), remove malformed calls
    (``unparsed_ok``: string arguments need not be JSON).

    Returns the ids of removed calls so their results can be dropped too.
    """
    runs = _runs(items)
    all_ids = {
        _call_id(b.id) for it in items for b in it.msg.content if isinstance(b, ToolCall)
    } | {_call_id(b.call_id) for it in items for b in it.msg.content if isinstance(b, ToolResult)}
    seen: set[str] = set()
    removed: set[str] = set()
    # (item index, block index) → new call_id for a result
    result_renames: dict[tuple[int, int], str] = {}

    def fresh(base: str) -> str:
        n = 2
        while f"{base}~{n}" in all_ids:
            n += 1
        new = f"{base}~{n}"
        all_ids.add(new)
        return new

    for a, run in runs.items():
        it = items[a]
        m = it.msg
        calls = [(j, b) for j, b in enumerate(m.content) if isinstance(b, ToolCall)]
        if not calls:
            continue
        run_results = [
            (t, j, b)
            for t in run
            for j, b in enumerate(items[t].msg.content)
            if isinstance(b, ToolResult)
        ]
        current: dict[int, ToolCall] = dict(calls)  # block index → the call as repaired
        drop: set[int] = set()  # block indices of calls to remove
        # Missing ids.
        idless = [(j, c) for j, c in calls if not _call_id(c.id)]
        if idless:
            idless_results = [(t, j) for t, j, r in run_results if not _call_id(r.call_id)]
            pair = len(idless_results) == len(idless)
            key = m.id or f"#{it.src}"
            for n, (j, c) in enumerate(idless):
                new_id = f"call_{_digest(key, j, c.name, c.arguments)}"
                while new_id in all_ids:
                    new_id = f"call_{_digest(new_id)}"
                all_ids.add(new_id)
                current[j] = replace(c, id=new_id)
                detail = f"tool call {c.name!r} had no id; assigned {new_id}"
                if pair:
                    result_renames[idless_results[n]] = new_id
                    detail += " (and to its result)"
                note("missing_call_id", it.src, detail)
        # Duplicates, grouped by id within this message.
        groups: dict[str, list[int]] = {}
        for j, c in current.items():
            groups.setdefault(c.id, []).append(j)
        for cid, js in groups.items():
            taken = cid in seen
            seen.add(cid)
            if not taken and len(js) == 1:
                continue
            res = [(t, j) for t, j, r in run_results if _call_id(r.call_id) == cid]
            renamed = js if taken else js[1:]
            if len(res) in (0, len(js)):
                finals: list[str] = []
                for j in js:
                    c = current[j]
                    if j in renamed:
                        new_id = fresh(cid)
                        current[j] = replace(c, id=new_id)
                        extra = " and its result" if res else ""
                        note(
                            "duplicate_call_id",
                            it.src,
                            f"tool call {c.name!r} reused id {cid}; renumbered it{extra} to {new_id}",
                        )
                        finals.append(new_id)
                    else:
                        finals.append(cid)
                for (t, j), final in zip(res, finals, strict=False):
                    if final != cid:
                        result_renames[(t, j)] = final
            else:
                first = js[0]
                if taken:
                    c = current[first]
                    new_id = fresh(cid)
                    current[first] = replace(c, id=new_id)
                    for t, j in res:
                        result_renames[(t, j)] = new_id
                    note(
                        "duplicate_call_id",
                        it.src,
                        f"tool call {c.name!r} reused id {cid}; renumbered it and its results to {new_id}",
                    )
                for j in js[1:]:
                    drop.add(j)
                    note(
                        "malformed_call_removed",
                        it.src,
                        f"removed tool call {current[j].name!r} reusing id {cid}: "
                        f"{len(res)} result(s) for {len(js)} calls cannot be matched",
                    )
        # Malformed (after ids are settled).
        for j, c in current.items():
            if j in drop:
                continue
            name: object = c.name
            why = "it has no tool name" if not isinstance(name, str) or not name else None
            if why is None and not (unparsed_ok and isinstance(c.arguments, str)):
                why = arguments_problem(c)
            if why is None:
                continue
            removed.add(c.id)
            drop.add(j)
            note(
                "malformed_call_removed",
                it.src,
                f"removed tool call {c.id} ({name}) and any result: {why}",
            )
        if drop or any(current[j] is not c for j, c in calls):
            kept: tuple[Block, ...] = tuple(
                current.get(j, b) for j, b in enumerate(m.content) if j not in drop
            )
            it.msg = m.with_content(_with_note(kept) if drop else kept)
    # Apply result renames.
    by_item: dict[int, dict[int, str]] = {}
    for (t, j), new_id in result_renames.items():
        by_item.setdefault(t, {})[j] = new_id
    for t, renames in by_item.items():
        m = items[t].msg
        for j, new_id in renames.items():
            old = m.content[j]
            was = _call_id(old.call_id) if isinstance(old, ToolResult) else ""
            note(
                "renamed_result",
                items[t].src,
                f"the result for {was or '(no id)'} now answers {new_id}, as its call was renamed",
            )
        items[t].msg = m.with_content(
            replace(b, call_id=renames[j]) if j in renames and isinstance(b, ToolResult) else b
            for j, b in enumerate(m.content)
        )
    return removed


# --- phase C: pair results with calls, move, synthesize -----------------------------


def _pair(
    items: list[_Item],
    removed_calls: set[str],
    dangling: Literal["synthesize", "remove"],
    note: _Note,
    srcs: list[int],
) -> list[Message]:
    """Rules 8 and 9: the messages in order, each one's input index appended to ``srcs``."""
    runs = _runs(items)
    run_owner = {t: a for a, run in runs.items() for t in run}
    owner: dict[str, int] = {}
    calls_of: dict[int, list[ToolCall]] = {}
    for a in runs:
        cs = list(items[a].msg.tool_calls)
        calls_of[a] = cs
        for c in cs:
            owner.setdefault(c.id, a)

    answered: set[str] = set()
    keep: dict[tuple[int, int], bool] = {}
    moves: list[tuple[int, int, int]] = []  # (tool item, block, destination assistant)
    # First pass: results in place; second: out-of-order candidates.
    candidates: list[tuple[int, int, str]] = []
    for t, it in enumerate(items):
        if it.msg.role != "tool":
            continue
        for j, b in enumerate(it.msg.content):
            assert isinstance(b, ToolResult)
            cid = _call_id(b.call_id)
            o = owner.get(cid)
            if cid in removed_calls:
                note(
                    "orphan_result",
                    it.src,
                    f"removed the result for removed tool call {cid}{_NO_CALL}",
                )
            elif o is None:
                note("orphan_result", it.src, f"removed {_unknown_result(b)}{_NO_CALL}")
            elif o == run_owner.get(t):
                if cid in answered:
                    note(
                        "duplicate_result",
                        it.src,
                        f"removed a second result for tool call {cid}{_ONE}",
                    )
                else:
                    answered.add(cid)
                    keep[(t, j)] = True
            else:  # out of its place: after the call's run, or logged before the call
                candidates.append((t, j, cid))
    for t, j, cid in candidates:
        src = items[t].src
        if cid in answered:
            note("duplicate_result", src, f"removed a second result for tool call {cid}{_ONE}")
            continue
        answered.add(cid)
        moves.append((t, j, owner[cid]))
        early = " (it was recorded before the call)" if owner[cid] > t else ""
        note("moved_result", src, f"moved the result for tool call {cid} next to its call{early}")

    moved_to: dict[int, list[tuple[int, int]]] = {}
    for t, j, a in moves:
        moved_to.setdefault(a, []).append((t, j))

    out: list[Message] = []
    parts_emitted: dict[int, int] = {}  # tool message index → parts of it emitted so far
    for k, it in enumerate(items):
        m = it.msg
        if m.role == "tool":
            continue  # emitted with its assistant, moved, or dropped
        calls = calls_of.get(k, [])
        missing = [c for c in calls if c.id not in answered]
        if missing and dangling == "remove":
            gone = {c.id for c in missing}
            m = m.with_content(
                _with_note([b for b in m.content if not (isinstance(b, ToolCall) and b.id in gone)])
            )
            for c in missing:
                note(
                    "dangling_call_removed",
                    it.src,
                    f"removed tool call {c.id} ({c.name}): it has no result",
                )
        out.append(m)
        srcs.append(it.src)
        if k not in runs:
            continue
        for t in runs[k]:
            tm = items[t].msg
            blocks = [b for j, b in enumerate(tm.content) if keep.get((t, j))]
            if blocks:
                out.append(tm if len(blocks) == len(tm.content) else tm.with_content(blocks))
                srcs.append(items[t].src)
        for t, group in _group_moves(moved_to.get(k, [])):
            tm = items[t].msg
            whole = len(group) == len(tm.content)
            # numbered per source message: one tool message split between several calls'
            # assistants yields .0, .1, … (not .0 twice, which the next repair would rename)
            part = parts_emitted.get(t, 0)
            parts_emitted[t] = part + 1
            mid = tm.id if whole or not tm.id else f"{tm.id}.{part}"
            out.append(Message("tool", tuple(tm.content[j] for j in group), id=mid, name=tm.name))
            srcs.append(items[t].src)
        if dangling == "synthesize":
            for c in missing:
                text = INTERRUPTED_TEXT.format(name=c.name, id=c.id)
                result = ToolResult(c.id, (Text(text),), is_error=True, name=c.name)
                out.append(Message("tool", (result,), id=f"{m.id}.{c.id}" if m.id else ""))
                srcs.append(it.src)
                note(
                    "synthesized_result",
                    it.src,
                    f"tool call {c.id} ({c.name}) had no result; answered it as interrupted",
                )
    return out


def _pair_items(out: list[Message], srcs: list[int], note: _Note) -> list[Message]:
    """Rule 11: a Responses tool item the API refuses where it stands (an output whose call
    is not before it, a client call no output answers, one that came twice:
    ``unpaired_items``) becomes an assistant text saying what it held, reported."""
    if not any(type(b) is ProviderContent for m in out for b in m.content):
        return out
    found = unpaired_items(out)
    if not found:
        return out
    fixed = list(out)
    left_out: dict[int, set[int]] = {}  # message -> its blocks left out (stale triggers)
    for i, j, why in found:
        b = out[i].content[j]
        assert isinstance(b, ProviderContent)
        if is_trigger(b):  # a request to compact, from an earlier request: meaningless now
            left_out.setdefault(i, set()).add(j)
            note("unpaired_item", srcs[i], f"left out a {b.kind} item: {why}")
            continue
        fixed[i] = fixed[i].with_content(
            Text(b.text) if k == j else x for k, x in enumerate(fixed[i].content)
        )
        note(
            "unpaired_item",
            srcs[i],
            f"sent {b.kind} item as text: {why}, and the Responses API refuses it there",
        )
    if not left_out:
        return fixed
    for i, gone in left_out.items():
        fixed[i] = fixed[i].with_content(x for k, x in enumerate(fixed[i].content) if k not in gone)
        if not fixed[i].content:
            note("empty", srcs[i], "removed the assistant message: it held only that item")
    srcs[:] = [s for s, m in zip(srcs, fixed, strict=True) if m.content]
    return [m for m in fixed if m.content]


def _pair_reasoning(out: list[Message], srcs: list[int], note: _Note) -> list[Message]:
    """Rule 10: each Responses reasoning item keeps the item it produced right after it.

    Looked at from the end of each turn (a run of assistant messages), so a reasoning item
    removed here is not the following item of the one before it."""
    if not any(m.role == "assistant" and Reasoning in map(type, m.content) for m in out):
        return out
    fixed = list(out)
    following: Block | None = None
    for k in range(len(out) - 1, -1, -1):
        m = out[k]
        if m.role != "assistant":
            following = None
            continue
        blocks: list[Block | None] = list(m.content)
        changed = False
        for j in range(len(blocks) - 1, -1, -1):
            b = blocks[j]
            if isinstance(b, Reasoning) and not responses_reasoning(b):
                continue  # another provider's: the Responses writer leaves it out
            if isinstance(b, Reasoning) and reasoning_problem(b, following) is not None:
                b = blocks[j] = _paired_reasoning(b, following, srcs[k], note)
                changed = True
            following = b or following
        if changed:
            kept = [b for b in blocks if b is not None]
            fixed[k] = m.with_content(kept)
            if not kept:
                note("empty", srcs[k], "removed the assistant message: it held only that reasoning")
    return [m for m in fixed if m.content]


def _paired_reasoning(
    r: Reasoning, following: Block | None, src: int, note: _Note
) -> Reasoning | None:
    """Nothing, reported: ``r`` cannot be sent as it is, and the API takes no reasoning
    item without its id (``ResponseReasoningItemParam.id`` is required)."""
    name = r.item_id or "(no id)"
    if not r.item_id:
        why = "it has no id, which the Responses API needs"
    elif isinstance(following, Text | Recap | ToolCall | Reasoning):
        why = (
            "the item after it has no id of its own (rebuilt from its text?), and the "
            "Responses API pairs the two by id"
        )
    else:
        why = "the message or tool call it produced is missing (a cut stream?)"
    note("orphan_reasoning", src, f"removed reasoning item {name}: {why}")
    return None


def _group_moves(pairs: list[tuple[int, int]]) -> list[tuple[int, list[int]]]:
    groups: dict[int, list[int]] = {}
    for t, j in pairs:
        groups.setdefault(t, []).append(j)
    return list(groups.items())


class RepairMemo:
    """``repair()`` for a history that grows turn by turn: the part repaired last time is not
    repaired again, so a long session costs what its newest turns cost, whether or not the
    history needs repairs (a call the user interrupted stays answered as interrupted, turn
    after turn, without reading the history again).

    Sound because every rule is local to a run of messages, except uniqueness (message ids,
    tool-call ids) and pairing a result with its call: the new part starts with a plain user
    message (which ends every tool exchange before it) and is repaired on its own, once it
    is found to share no message id or tool-call id with the part before (neither its calls
    nor the calls its results answer). Anything else (a part before that changed, a repair
    that makes new ids, which must avoid every id before) falls back to the full
    ``repair()``, so the result is always the same.

    >>> from contextledger.model import Message
    >>> memo = RepairMemo()
    >>> history = [Message.user("hi", id="m0"), Message.assistant("hello", id="m1")]
    >>> memo(history).changes, memo(history + [Message.user("more", id="m2")]).changes
    ((), ())
    """

    def __init__(
        self,
        *,
        dangling: Literal["synthesize", "remove"] = "synthesize",
        target: str | None = None,
        late_system: Literal["user", "keep"] = "user",
    ) -> None:
        self.dangling: Literal["synthesize", "remove"] = dangling
        self.target = target
        self.late_system: Literal["user", "keep"] = late_system
        self._seen: tuple[Message, ...] | None = None  # the last record (None: not kept)
        self._n = 0  # its length
        self._last = RepairResult((), ())  # its repair
        # message ids in it, before and after repair, and call ids in it (of calls and of
        # results), each counted as often as it was logged: going back to a record kept
        # before (``_back_to``) takes off only what was logged since, where making the sets
        # again from the logs read every id of the history (~0.25 ms of a 2,000-dict
        # agent's refit after an earlier dict was edited, speed130)
        self._ids: Counter[str] = Counter()
        self._calls: Counter[str] = Counter()
        # (the ids as they were added, and where each record kept ended: ``_back_to``)
        self._id_log: list[str] = []
        self._call_log: list[str] = []
        self._marks: list[_Mark] = []

    def __call__(self, record: Sequence[Message], unchanged: int | None = None) -> RepairResult:
        """``repair(record)``. ``unchanged``: how many leading messages of ``record`` are
        known to be the very ones of the last call's (else they are compared).

        What is kept for the next call is the repair of ``record`` up to its last turn that
        opens a tail (``_last_tail_start``), not of the whole record: an agent's history is
        often repaired only because it ends mid-exchange (a call whose result is not in
        yet, answered as interrupted), and the next record answers that call, which no
        tail after the whole record may do; repaired whole, a 6,500-item Responses history
        cost ~40-60 ms a refit against ~5 (speed70). From the last turn on, the next record
        is repaired on its own again."""
        n = self._n
        held = n > 0 and self._holds(record, n, unchanged)
        if not held and unchanged is not None and unchanged < n:
            n, held = self._before_change(record, unchanged)
        cut = _last_tail_start(record, n if held else 0)
        if held and cut > n:
            held = self._advance(record, n, cut)  # (kept at ``cut``; False: nothing kept)
        if not held:
            if cut == 0:
                return self._whole(record)
            self._whole(record[:cut])  # (kept at ``cut``)
        result = self._after(record, self._n)
        return result if result is not None else self._whole(record)

    def _whole(self, record: Sequence[Message]) -> RepairResult:
        """``repair(record)``, kept for the next call."""
        result = repair(
            record, dangling=self.dangling, target=self.target, late_system=self.late_system
        )
        self._forget()
        self._remember(record, len(record), result, record, result.messages)
        return result

    def _tail_repair(self, tail: Sequence[Message]) -> RepairResult | None:
        """``tail`` repaired on its own, when that is how the whole record repairs it: it
        shares no id with what was kept and its repair makes no new id; None: not so."""
        if not self._apart(tail):
            return None
        fixed = repair(
            tail, dangling=self.dangling, target=self.target, late_system=self.late_system
        )
        if any(c.kind in _NEW_IDS for c in fixed.changes):
            return None
        return fixed

    def _joined(self, fixed: RepairResult, n: int) -> RepairResult:
        """What was kept (the repair of the record's first ``n`` messages), then ``fixed``."""
        return RepairResult(
            (*self._last.messages, *fixed.messages),
            (*self._last.changes, *(replace(c, index=c.index + n) for c in fixed.changes)),
        )

    def _advance(self, record: Sequence[Message], n: int, cut: int) -> bool:
        """Keep the repair of ``record[:cut]``, from that of ``record[:n]`` (kept) and that of
        ``record[n:cut]`` on its own; False: it is not so (nothing kept any more)."""
        part = record[n:cut]
        fixed = self._tail_repair(part)
        if fixed is None:
            self._forget()
            return False
        joined = self._joined(fixed, n)
        # (only a tuple is kept to compare with: a fit's lazy history sliced whole, each of
        # its ~2,000 Messages looked up, was thrown away each time an agent's call came)
        kept = record[:cut] if isinstance(record, tuple) else ()
        self._remember(kept, cut, joined, part, fixed.messages)
        return True

    def _after(self, record: Sequence[Message], n: int) -> RepairResult | None:
        """``repair(record)`` from the kept repair of its first ``n`` messages and that of the
        rest on its own (not kept); None: the rest is not repaired so."""
        if len(record) == n:
            return self._last
        fixed = self._tail_repair(record[n:])
        return None if fixed is None else self._joined(fixed, n)

    def _forget(self) -> None:
        self._seen, self._n, self._last = None, 0, RepairResult((), ())
        self._ids, self._calls = Counter(), Counter()
        self._id_log, self._call_log, self._marks = [], [], []

    def _before_change(self, record: Sequence[Message], unchanged: int) -> tuple[int, bool]:
        """Keep the repair of ``record`` up to its last turn within its first ``unchanged``
        messages (the rest changed since the last call: an earlier message edited), from
        a record kept before if one ends within them; returns what is kept then, and
        whether it holds (``_holds``). Kept up to that turn, not only to the record before:
        an app that edits an earlier message edits near it again, and a record kept after
        the first edit's turn but before the next one's is gone back to."""
        n = self._back_to(unchanged)
        held = n > 0 and self._holds(record, n, unchanged)
        mid = _last_tail_start(record, n if held else 0, unchanged + 1)
        if mid > n:
            if held:
                held = self._advance(record, n, mid)
            else:
                self._whole(record[:mid])
                held = True
        return self._n, held

    def _back_to(self, unchanged: int) -> int:
        """Go back to the newest record kept that ends within the first ``unchanged``
        messages, and return its length (0: none, nothing kept any more).

        An app that edits an earlier message in place (a typo fixed in its request) and
        then appends an agent's call had its whole history repaired again (~12 ms of a
        2,000-dict agent's refit). What was kept for a shorter record is the repair of
        messages that are still the very same ones: each record kept is the one before and
        a tail repaired on its own (``_advance``), so the repair, its changes and the ids
        kept then are the start of those kept now."""
        marks = self._marks
        while marks and marks[-1].n > unchanged:
            marks.pop()
        if not marks:
            self._forget()
            return 0
        mark = marks[-1]
        last = self._last
        self._seen, self._n = None, mark.n  # (only ``unchanged`` vouches for the record now)
        self._last = RepairResult(last.messages[: mark.messages], last.changes[: mark.changes])
        _uncount(self._ids, self._id_log, mark.ids)
        _uncount(self._calls, self._call_log, mark.calls)
        return mark.n

    def _holds(self, record: Sequence[Message], n: int, unchanged: int | None) -> bool:
        """Whether ``record`` is the last record, or it followed by a plain user turn or an
        assistant turn (an app appends the model's answer, then the next request: a tail
        that opens with the answer was repaired whole every turn, 25 ms on 3,000 dicts)."""
        if len(record) < n or (len(record) > n and not _opens_a_tail(record[n])):
            return False
        if len(record) > n and any(map(is_trigger, record[n - 1].content)):
            return False  # a compaction trigger the tail follows is left out now (rule 11)
        if unchanged is not None and unchanged >= n:
            return True
        seen = self._seen
        return seen is not None and record[n - 1] is seen[-1] and tuple(record[:n]) == seen

    def _apart(self, tail: Sequence[Message]) -> bool:
        """Whether ``tail`` shares no message id and no call id with the last record."""
        ids, calls = self._ids, self._calls
        for m in tail:
            if not m.id or m.id in ids:
                return False
            for b in m.content:
                if (isinstance(b, ToolCall) and b.id in calls) or (
                    isinstance(b, ToolResult) and b.call_id in calls
                ):
                    return False
                if type(b) is ProviderContent and any(k in calls for k in _item_keys(b)):
                    return False  # (a Responses output whose call came before, rule 11)
        return True

    def _remember(
        self,
        record: Sequence[Message],
        n: int,
        result: RepairResult,
        read: Sequence[Message],
        made: Sequence[Message],
    ) -> None:
        """Keep ``result``, the repair of ``record`` (its ``n`` messages), adding the ids of
        the messages ``read`` and ``made`` since what was kept before."""
        # A tuple is kept to compare the next record with; any other sequence may change
        # after the call, so only a caller's ``unchanged`` can vouch for it.
        self._seen = record if isinstance(record, tuple) and record else None
        self._n, self._last = n, result
        ids, calls = self._id_log, self._call_log
        logged = len(ids), len(calls)
        for m in (*read, *made):
            ids.append(m.id)
            for b in m.content:
                if isinstance(b, ToolCall):
                    calls.append(b.id)
                elif isinstance(b, ToolResult):
                    calls.append(b.call_id)
                elif type(b) is ProviderContent:
                    calls.extend(_item_keys(b))
        self._ids.update(ids[logged[0] :])
        self._calls.update(calls[logged[1] :])
        self._marks.append(
            _Mark(n, len(result.messages), len(result.changes), len(ids), len(calls))
        )


def _uncount(counts: Counter[str], log: list[str], kept: int) -> None:
    """Take the ids ``log`` holds from ``kept`` on off ``counts`` (each counted as often as
    it was logged) and off the log; an id no longer counted is no longer held."""
    gone = log[kept:]
    del log[kept:]
    counts.subtract(gone)
    for key in set(gone):
        if counts[key] <= 0:
            del counts[key]


@dataclass(frozen=True, slots=True)
class _Mark:
    """Where a record ``RepairMemo`` kept ended: its length, and how many repaired messages,
    changes, message ids and call ids (as logged) were kept with it."""

    n: int
    messages: int
    changes: int
    ids: int
    calls: int


def _item_keys(b: ProviderContent) -> list[str]:
    """The ids a Responses tool item pairs by (its call id, its id, the approval request it
    answers): rule 11 pairs a tail's item with an earlier one by these."""
    if b.provider != RESPONSES:
        return []
    raw = json.loads(b.raw)
    keys = (raw.get(k) for k in ("call_id", "id", "approval_request_id"))
    return [k for k in keys if isinstance(k, str)]


#: Repairs that make new ids: a new id must differ from every id in the whole history.
_NEW_IDS = frozenset({"missing_call_id", "duplicate_call_id"})


def _last_tail_start(record: Sequence[Message], after: int, end: int | None = None) -> int:
    """The position of the last message of ``record`` after position ``after`` (and before
    ``end``) that opens a tail the memo repairs on its own (``_opens_a_tail``, and no
    compaction trigger right before it); 0: none. Read from the end: an agent's last turn
    is a few messages back."""
    last = len(record) if end is None else min(end, len(record))
    for c in range(last - 1, after, -1):
        m = record[c]
        if _opens_a_tail(m):
            return 0 if any(map(is_trigger, record[c - 1].content)) else c
    return 0


def _opens_a_tail(m: Message) -> bool:
    """Whether a tail opening with ``m`` is repaired as it would be after the history: a
    plain user turn or an assistant turn (not a tool result, which may answer a call before
    it, nor a late system message)."""
    return m.role == "assistant" or (
        m.role == "user" and not any(isinstance(b, ToolResult) for b in m.content)
    )

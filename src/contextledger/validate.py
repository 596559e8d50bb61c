"""The validity check every provider translator applies before writing a request.

A conversation is valid when a provider would accept its tool structure:

* every message has a known role and at least one non-empty block;
* ``system`` messages appear only at the start (one or several, e.g. system + developer);
* a system message holds text only (no provider takes images, files or audio there);
* ``ToolCall`` blocks appear only in assistant messages, ``ToolResult`` blocks only in
  tool messages, and a tool message holds nothing but ``ToolResult`` blocks;
* every tool call has a non-empty id that is unique in the conversation, a tool name,
  and arguments that parse as a JSON object (an empty string counts as ``{}``); the
  OpenAI formats take any string there (``problems_for``);
* the tool messages right after an assistant message (the contiguous run) answer its
  calls: each call gets exactly one result there, and each result answers one of them;
* an OpenAI Responses reasoning item has its id and is followed by the item it produced
  (an assistant message, a function call, or another reasoning item of the same turn)
  with an id of its own (the API pairs them by id). Only the Responses target checks
  this: the other writers drop such reasoning.

Providers add ordering rules of their own (``ordering_problems``):

* **Anthropic** (first-party, Vertex, Bedrock): there is a turn besides the system prompt
  ("at least one message is required"), the first turn after the system prompt is a
  user turn, and turns alternate user / assistant (the writer merges consecutive turns of one
  role, so only the first-turn rule can fail on our messages);
* **Gemini**: there is a content ("contents is not specified"), the first is a user turn, user and model turns alternate, and a
  function-call turn comes right after a user turn or a function-response turn (the writer
  merges consecutive turns of one role, so only the first-turn rule and a call before any
  user turn can fail on our messages);
* **OpenAI**: a ``tool`` message answers the assistant message right before its run (the
  tool-pair rules above).

The check is one pass over the messages (plus one JSON parse per tool call) and has no
dependencies beyond the content model.

>>> from contextledger.model import Message, ToolCall
>>> history = [Message.user("hi"), Message.assistant(ToolCall("c1", "ls"))]
>>> [p.kind for p in tool_pair_problems(history)]
['dangling_call']
>>> ensure_valid(history + [Message.tool("c1", "a.txt")])
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from .catalog import ModelInfo, takes_prefill
from .errors import ContentError
from .model import (
    ROLES,
    Audio,
    Block,
    FileAttachment,
    Image,
    Message,
    ProviderContent,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
    loads_json,
)

__all__ = [
    "Problem",
    "ensure_valid",
    "fix_for",
    "gemini_contents_problems",
    "is_empty",
    "is_trigger",
    "ordering_problems",
    "problems_for",
    "reasoning_problem",
    "require_turn",
    "responses_reasoning",
    "reuses_call_ids",
    "takes_unparsed_arguments",
    "tool_pair_problems",
    "unpaired",
    "unpaired_items",
    "unpaired_reasoning",
]

#: Blocks no provider takes in a system prompt (OpenAI, Anthropic and Gemini take text
#: only there): ``repair`` moves them to a user turn right after it.
SYSTEM_MEDIA = (Image, FileAttachment, Audio)


def a_or_an(word: str) -> str:
    """The article a role or block type takes: "an assistant", "an image", "a user".

    >>> [a_or_an(w) for w in ("assistant", "image", "user", "tool")]
    ['an', 'an', 'a', 'a']
    """
    return "an" if word[:1] in "aeio" or (word[:1] == "u" and not word.startswith("us")) else "a"


# Formats whose APIs refuse a conversation that does not open with a user turn.
FIRST_TURN_USER = frozenset({"anthropic", "gemini"})
_ORDERING_KINDS = frozenset({"first_turn", "call_placement"})


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a provider would refuse the conversation.

    ``index`` is the message position, ``path`` points at the block
    (``messages[3].content[1]``), ``kind`` is a stable machine name and ``message``
    is a sentence a person can act on.
    """

    index: int
    path: str
    kind: str
    message: str


def is_empty(message: Message) -> bool:
    """True when a message has no blocks, or only empty or whitespace-only text blocks
    (Anthropic refuses a text block without non-whitespace text; no model can use one).

    >>> is_empty(Message.user("")), is_empty(Message.user("  ")), is_empty(Message.user("x"))
    (True, True, False)
    """
    return all(isinstance(b, Text) and (not b.text or b.text.isspace()) for b in message.content)


def arguments_problem(call: ToolCall) -> str | None:
    """Why a call's arguments are unusable (not a string, not JSON, not an object), or None.

    >>> arguments_problem(ToolCall("c", "f", '{"a": 1')) is not None
    True
    """
    args: object = call.arguments
    if not isinstance(args, str):
        return f"arguments are a {type(args).__name__}, not a JSON string"
    if args == "":
        return None
    try:
        value = loads_json(args)
    except ValueError as exc:
        return f"arguments are not valid JSON ({exc})"
    except RecursionError:
        return "arguments are nested too deeply to parse as JSON"
    if not isinstance(value, dict):
        return f"arguments are JSON {type(value).__name__}, not an object"
    return None


def reuses_call_ids(messages: Sequence[Message]) -> bool:
    """Whether two tool calls in ``messages`` share an id (every provider refuses that; an
    app that numbers its calls per round makes such histories). One pass over the calls.

    >>> call = Message.assistant(ToolCall("c1", "ls"))
    >>> reuses_call_ids([call, Message.tool("c1", "a"), call, Message.tool("c1", "b")])
    True
    """
    seen: set[str] = set()
    for m in messages:
        if m.role != "assistant":
            continue
        for b in m.content:
            if type(b) is ToolCall:
                if b.id in seen:
                    return True
                seen.add(b.id)
    return False


RESPONSES = "openai-responses"


def responses_reasoning(block: Block) -> bool:
    """A Responses reasoning item (not a compaction item, not another provider's thinking,
    which the Responses writer drops)."""
    return type(block) is Reasoning and block.provider == RESPONSES and not block.redacted


def _item_id(block: Block | None) -> str | None:
    if type(block) is ProviderContent:  # an item of the API's own tools: its id as it came
        item_id = json.loads(block.raw).get("id") if block.provider == RESPONSES else None
        return item_id if isinstance(item_id, str) else None
    return block.item_id if isinstance(block, Text | ToolCall | Reasoning) else None


def _responses_item(block: Block | None) -> bool:
    """Whether ``block`` is an item of the Responses API's own or custom tools (a
    ``shell_call``, a ``web_search_call``…), which a reasoning item may have produced."""
    return type(block) is ProviderContent and block.provider == RESPONSES


def reasoning_problem(reasoning: Reasoning, following: Block | None) -> str | None:
    """Why the Responses API refuses ``reasoning`` followed by ``following`` (the next block
    the Responses writer sends in the same turn; None: the turn ends there), or None.

    >>> r = Reasoning("openai-responses", item_id="rs_1", encrypted="e")
    >>> reasoning_problem(r, Text("a", item_id="msg_1")) is None
    True
    >>> reasoning_problem(r, None)[:40]
    "reasoning item 'rs_1' is not followed by"
    """
    name = repr(reasoning.item_id) if reasoning.item_id else "(no id)"
    if not isinstance(following, Text | Recap | ToolCall) and not (
        following is not None and (responses_reasoning(following) or _responses_item(following))
    ):
        return (
            f"reasoning item {name} is not followed by the message or function call it "
            "produced; the Responses API refuses it"
        )
    if not reasoning.item_id:  # ResponseReasoningItemParam.id is required
        return "a reasoning item without its id; the Responses API needs it"
    if not _item_id(following):
        return (
            f"reasoning item {name} is followed by an item without its id; the Responses API "
            "pairs a reasoning item with the item it produced by id and refuses it"
        )
    return None


def unpaired_reasoning(m: Message) -> bool:
    """Whether a Responses reasoning block of ``m`` lacks its following item inside ``m``
    (conservative: the turn may go on in the next assistant message, which
    ``tool_pair_problems`` looks at). For the fit's per-unit check.

    >>> unpaired_reasoning(Message.assistant(Reasoning("openai-responses", item_id="rs_1")))
    True
    """
    problems: list[Problem] = []
    _reasoning_problems(m, 0, None, lambda *p: problems.append(Problem(*p)))
    return bool(problems)


def _reasoning_problems(
    m: Message, i: int, following_message: Message | None, add: Callable[[int, str, str, str], None]
) -> None:
    """``reasoning_problem`` for each Responses reasoning block of assistant message ``m``;
    a turn's items may span consecutive assistant messages (``following_message``)."""
    blocks = m.content
    for j, b in enumerate(blocks):
        if not responses_reasoning(b):
            continue
        assert isinstance(b, Reasoning)
        rest = [
            x for x in blocks[j + 1 :] if not isinstance(x, Reasoning) or responses_reasoning(x)
        ]
        if not rest and following_message is not None and following_message.role == "assistant":
            rest = [
                x
                for x in following_message.content
                if not isinstance(x, Reasoning) or responses_reasoning(x)
            ]
        why = reasoning_problem(b, rest[0] if rest else None)
        if why is not None:
            add(i, f"messages[{i}].content[{j}]", "orphan_reasoning", why)


def tool_pair_problems(messages: Sequence[Message]) -> list[Problem]:
    """Every validity problem in ``messages``, in order; an empty list means valid.

    >>> from contextledger.model import Message
    >>> [p.kind for p in tool_pair_problems([Message.user("q"), Message.tool("x", "r")])]
    ['orphan_result']
    """
    problems: list[Problem] = []

    def add(i: int, path: str, kind: str, text: str) -> None:
        problems.append(Problem(i, path, kind, text))

    seen_call_ids: set[str] = set()
    # The calls of the nearest assistant message whose tool run we are in (None: not in a run).
    open_calls: dict[str, ToolCall] | None = None
    answered: set[str] = set()
    owner = -1

    def close_run() -> None:
        if open_calls is None:
            return
        for call_id, call in open_calls.items():
            if call_id not in answered:
                add(
                    owner,
                    f"messages[{owner}]",
                    "dangling_call",
                    f"tool call {call_id!r} ({call.name}) has no result in the tool messages that follow it",
                )

    conversation_started = False
    tool_items = False  # a Responses tool item seen (paired by ``unpaired_items``)
    for i, m in enumerate(messages):
        where = f"messages[{i}]"
        role = m.role
        if role != "tool":
            close_run()
            open_calls = None
        if role not in ROLES:
            add(i, where, "role", f"unknown role {role!r}")
            continue
        if is_empty(m):
            add(i, where, "empty", f"{role} message has no content")
        if role == "system" and conversation_started:
            add(i, where, "system_position", "a system message may only come at the start")
        conversation_started = conversation_started or role != "system"
        calls: dict[str, ToolCall] = {}
        for j, b in enumerate(m.content):
            bpath = f"{where}.content[{j}]"
            if isinstance(b, ToolCall):
                if role != "assistant":
                    add(
                        i,
                        bpath,
                        "misplaced_call",
                        f"a tool call inside {a_or_an(role)} {role} message",
                    )
                    continue
                if not isinstance(b.id, str) or not b.id:
                    add(i, bpath, "missing_call_id", f"tool call {b.name!r} has no id")
                    continue
                if b.id in seen_call_ids:
                    add(
                        i,
                        bpath,
                        "duplicate_call_id",
                        f"tool call id {b.id!r} is used more than once",
                    )
                seen_call_ids.add(b.id)
                calls.setdefault(b.id, b)
                if not isinstance(b.name, str) or not b.name:
                    add(i, bpath, "missing_tool_name", f"tool call {b.id!r} has no tool name")
                bad = arguments_problem(b)
                if bad is not None:
                    kind = "json_arguments" if isinstance(b.arguments, str) else "bad_arguments"
                    add(i, bpath, kind, f"tool call {b.id!r} ({b.name}): {bad}")
            elif isinstance(b, ToolResult):
                if role != "tool":
                    add(
                        i,
                        bpath,
                        "misplaced_result",
                        f"a tool result inside {a_or_an(role)} {role} message",
                    )
                    continue
                if open_calls is None or b.call_id not in open_calls:
                    add(
                        i,
                        bpath,
                        "orphan_result",
                        f"tool result for {b.call_id!r} answers no call of the assistant message before it",
                    )
                elif b.call_id in answered:
                    add(
                        i,
                        bpath,
                        "duplicate_result",
                        f"tool call {b.call_id!r} has more than one result",
                    )
                else:
                    answered.add(b.call_id)
            elif role == "tool":
                add(i, bpath, "non_result_in_tool", f"a tool message holds a {b.type} block")
            elif role == "system" and isinstance(b, SYSTEM_MEDIA):
                add(
                    i,
                    bpath,
                    "system_media",
                    f"a system message holds {a_or_an(b.type)} {b.type} block; no provider "
                    "takes one in the system prompt (repair moves it to a user turn)",
                )
            elif type(b) is ProviderContent and b.provider == RESPONSES:
                tool_items = True
        if role == "assistant":
            if Reasoning in map(type, m.content):
                following = messages[i + 1] if i + 1 < len(messages) else None
                _reasoning_problems(m, i, following, add)
            open_calls = calls if calls else None
            answered = set()
            owner = i
    close_run()
    if tool_items:
        for i, j, why in unpaired_items(messages):
            add(i, f"messages[{i}].content[{j}]", "unpaired_item", why)
        problems.sort(key=attrgetter("index"))
    return problems


#: Each Responses output item's call: (the call's type, the output's key naming it, the
#: call's keys it may name). The API refuses an output whose call is not before it ("No
#: tool call found for custom tool call output with call_id …").
RESPONSES_ANSWERS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "custom_tool_call_output": ("custom_tool_call", "call_id", ("call_id",)),
    "shell_call_output": ("shell_call", "call_id", ("call_id",)),
    "apply_patch_call_output": ("apply_patch_call", "call_id", ("call_id",)),
    "computer_call_output": ("computer_call", "call_id", ("call_id",)),
    "local_shell_call_output": ("local_shell_call", "id", ("id", "call_id")),
    "mcp_approval_response": ("mcp_approval_request", "approval_request_id", ("id",)),
    "tool_search_output": ("tool_search_call", "call_id", ("call_id",)),
    "program_output": ("program", "call_id", ("call_id",)),
}
#: Calls the client runs: the API refuses one sent without its output.
RESPONSES_CLIENT_CALLS = (
    "custom_tool_call", "shell_call", "apply_patch_call", "computer_call", "local_shell_call",
)  # fmt: skip
#: The keys an output may name each call type by.
_CALL_KEYS = {call: keys for call, _, keys in RESPONSES_ANSWERS.values()}


def unpaired_items(messages: Sequence[Message]) -> list[tuple[int, int, str]]:
    """(message, block, why) of each Responses tool item the API refuses where it stands
    (``unpaired``), and of each compaction trigger that is not the last block of the last
    message (``NOT_FINAL``). The Responses writer sends each tool item as text and leaves
    each such trigger out, reported; repair does so first.

    >>> from contextledger.providers.native import read_block
    >>> out = read_block(RESPONSES, {"type": "shell_call_output", "call_id": "c1"}, "p")
    >>> unpaired_items([Message.assistant(out)])
    [(0, 0, 'its call is not before it')]
    """
    where = [
        (i, j, json.loads(b.raw))
        for i, m in enumerate(messages)
        for j, b in enumerate(m.content)
        if type(b) is ProviderContent and b.provider == RESPONSES
    ]
    found = unpaired([raw for _, _, raw in where])
    last = (len(messages) - 1, len(messages[-1].content) - 1) if messages else None
    for k, (i, j, raw) in enumerate(where):
        if raw.get("type") == TRIGGER and (i, j) != last:
            found[k] = NOT_FINAL
    return [(where[k][0], where[k][1], why) for k, why in sorted(found.items())]


#: The item asking the Responses API to compact the input now: the API takes it only as
#: the final input item ("A compaction_trigger item must be the final input item."), so one
#: an app replays from an earlier request is left out, reported (R32-P1).
TRIGGER = "compaction_trigger"
#: Why a compaction trigger is left out (``unpaired_items``).
NOT_FINAL = "it is not the final input item"


def is_trigger(b: Block) -> bool:
    """Whether ``b`` is a Responses ``compaction_trigger`` item."""
    return type(b) is ProviderContent and b.provider == RESPONSES and b.kind == TRIGGER


def unpaired(items: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Why the API refuses each Responses item of ``items`` (by position) where it stands:
    an output whose call is not before it (or answers a call answered already), a call the
    client runs that no output answers, a call whose id an earlier call of its type has,
    an item whose id an earlier one has ("Duplicate item found with id …"). ``items`` are
    the tool items alone (no messages, function calls or reasoning).

    >>> unpaired([{"type": "custom_tool_call", "call_id": "c1", "name": "f", "input": ""}])
    {0: 'no output answers it'}
    """
    answered: set[tuple[str, str]] = set()  # (call type, key) some output answers
    for raw in items:
        pair = RESPONSES_ANSWERS.get(str(raw.get("type")))
        if pair is not None and isinstance(raw.get(pair[1]), str):
            answered.add((pair[0], raw[pair[1]]))
    calls: set[tuple[str, str]] = set()  # (call type, key) of each call so far
    done: set[tuple[str, str]] = set()  # ... and of each call answered so far
    ids: set[str] = set()  # the items' own ids so far
    out: dict[int, str] = {}
    for k, raw in enumerate(items):
        kind = str(raw.get("type"))
        pair = RESPONSES_ANSWERS.get(kind)
        names = [(kind, raw[x]) for x in _CALL_KEYS.get(kind, ()) if isinstance(raw.get(x), str)]
        own = raw.get("id") if kind != "local_shell_call_output" else None  # (names its call)
        if isinstance(own, str) and own in ids:
            out[k] = "an earlier item has its id"
            continue
        if isinstance(own, str):
            ids.add(own)
        if pair is not None:
            named = raw.get(pair[1])
            key = (pair[0], named) if isinstance(named, str) else None
            if key is None or key not in calls:
                out[k] = "its call is not before it"
            elif key in done:
                out[k] = "its call was answered already"
            else:
                done.add(key)
        elif any(n in calls for n in names):
            out[k] = "an earlier call has its id"
        elif kind in RESPONSES_CLIENT_CALLS and not any(n in answered for n in names):
            out[k] = "no output answers it"
        else:
            calls.update(names)
    return out


#: Problems a target takes as they are: the OpenAI APIs send a call's arguments as the
#: string the model wrote, JSON or not (a call cut short by ``max_tokens`` goes back as it
#: came), where Anthropic (``input``) and Gemini (``args``) need a JSON object.
#: The other writers drop a Responses reasoning item, so its pairing is the Responses API's
#: rule alone; they send a Responses tool item as text, so its pairing is too.
_ACCEPTED = {
    "openai": ("json_arguments", "orphan_reasoning", "unpaired_item"),
    "openai-responses": ("json_arguments",),
    "anthropic": ("orphan_reasoning", "unpaired_item"),
    "gemini": ("orphan_reasoning", "unpaired_item"),
}


def takes_unparsed_arguments(target: str | None) -> bool:
    """Whether ``target`` sends a call's arguments as the string the model wrote, JSON or
    not (the OpenAI formats); None (any target) does not.

    >>> takes_unparsed_arguments("openai"), takes_unparsed_arguments("anthropic")
    (True, False)
    """
    return "json_arguments" in _ACCEPTED.get(target or "", ())


def problems_for(messages: Sequence[Message], target: str | None) -> list[Problem]:
    """``tool_pair_problems`` less those ``target`` accepts (None: every target's).

    >>> cut = [Message.user("q"), Message.assistant(ToolCall("c1", "f", '{"a": 1')),
    ...        Message.tool("c1", "done")]
    >>> [p.kind for p in problems_for(cut, "anthropic")], problems_for(cut, "openai")
    (['json_arguments'], [])
    """
    problems = tool_pair_problems(messages)
    accepted = _ACCEPTED.get(target or "", ())
    return [p for p in problems if p.kind not in accepted] if accepted else problems


def ordering_problems(messages: Sequence[Message], target: str) -> list[Problem]:
    """The provider ``target``'s ordering rules beyond the tool pairs (see the module doc).

    >>> from contextledger.model import Message
    >>> [p.kind for p in ordering_problems([Message.assistant("hi")], "anthropic")]
    ['first_turn']
    >>> ordering_problems([Message.assistant("hi")], "openai")
    []
    >>> [p.kind for p in ordering_problems([Message.assistant(ToolCall("c", "ls"))], "gemini")]
    ['first_turn', 'call_placement']
    """
    problems: list[Problem] = []
    first = next((i for i, m in enumerate(messages) if m.role != "system"), None)
    if not messages or (target in FIRST_TURN_USER and first is None):
        # "messages: at least one message is required", "Invalid 'messages': empty array"
        besides = " after the system prompt" if messages else ""
        problems.append(
            Problem(
                len(messages),
                "messages",
                "no_turn",
                f"{target} needs at least one user turn{besides}; there is none",
            )
        )
    if target in FIRST_TURN_USER and first is not None and messages[first].role != "user":
        problems.append(
            Problem(
                first,
                f"messages[{first}]",
                "first_turn",
                f"{target} needs the conversation to start with a user turn after the system "
                f"prompt, not {a_or_an(messages[first].role)} {messages[first].role} message",
            )
        )
    if target == "gemini":
        problems.extend(_gemini_call_placement(messages))
    return problems


def _gemini_call_placement(messages: Sequence[Message]) -> list[Problem]:
    """Gemini: a function-call turn comes right after a user turn or a function-response
    turn. The writer joins the run of assistant messages before a call into the call's turn
    (system messages go to ``system_instruction``), so the run must begin after a user or
    tool message."""
    problems: list[Problem] = []
    before: str | None = None  # the role that opened the current run of assistant messages
    for i, m in enumerate(messages):
        if m.role in ("user", "tool"):
            before = m.role
        elif (
            m.role == "assistant"
            and before is None
            and any(isinstance(b, ToolCall) for b in m.content)
        ):
            problems.append(
                Problem(
                    i,
                    f"messages[{i}]",
                    "call_placement",
                    "gemini needs a function-call turn right after a user turn or a "
                    "function response; this call has neither before it",
                )
            )
    return problems


def gemini_contents_problems(contents: Sequence[Mapping[str, Any]]) -> list[Problem]:
    """Gemini's rules on a written ``contents`` list: every turn has parts, roles alternate
    user / model, and a function-call turn comes right after a user turn or a
    function-response turn (the first content being a user turn is ``ordering_problems``'s
    ``first_turn``).

    >>> gemini_contents_problems([{"role": "user", "parts": [{"text": "q"}]},
    ...     {"role": "model", "parts": [{"text": "a"}]},
    ...     {"role": "model", "parts": [{"function_call": {"name": "ls", "args": {}}}]}])[0].kind
    'call_placement'
    """
    problems: list[Problem] = []
    previous: str | None = None
    for i, content in enumerate(contents):
        path = f"contents[{i}]"
        parts = content.get("parts") or []
        if not parts:
            problems.append(Problem(i, path, "empty", f"a {content.get('role')} turn has no parts"))
        calls = any("function_call" in p or "functionCall" in p for p in parts)
        if calls and previous == "model":
            problems.append(
                Problem(
                    i,
                    path,
                    "call_placement",
                    "gemini needs a function-call turn right after a user turn or a function "
                    "response, not after another model turn",
                )
            )
        elif previous is not None and content.get("role") == previous:
            problems.append(
                Problem(
                    i,
                    path,
                    "alternation",
                    f"gemini needs user and model turns to alternate; two {previous} turns "
                    "follow each other",
                )
            )
        previous = content.get("role")
    return problems


#: The formats that take a system (or developer) message after the conversation has started,
#: where it stands: OpenAI's Chat Completions and Responses APIs do (a mid-conversation
#: instruction is how apps steer a long chat); Anthropic's Messages API has no system role
#: in ``messages`` and Gemini none in ``contents`` (HTTP 400), so for those ``translate``
#: refuses it, naming where, and ``repair`` keeps it as a user message (reported).
_SYSTEM_ANYWHERE = frozenset({"openai", "openai-responses"})


def sendable_problems(messages: Sequence[Message], target: str) -> list[Problem]:
    """``problems_for`` less a system message after the start where ``target`` takes it
    (``_SYSTEM_ANYWHERE``) and a Responses tool item without its pair (the Responses writer
    sends it as text, reported; a fit repairs it first where the history allows): what
    ``translate`` and the proxy's check of added turns refuse."""
    problems = problems_for(messages, target or None)
    if target in _SYSTEM_ANYWHERE:  # (OpenAI takes a system message mid-conversation)
        problems = [p for p in problems if p.kind != "system_position"]
    if target == RESPONSES:  # its writer sends a tool item without its pair as text, reported
        problems = [p for p in problems if p.kind != "unpaired_item"]
    return problems


def ensure_valid(messages: Sequence[Message], target: str = "") -> None:
    """Raise :class:`ContentError` naming the first problem's path; return None when valid.
    With a ``target``, its ordering rules are checked too (``ordering_problems``).

    >>> from contextledger.model import Message
    >>> ensure_valid([Message.user("s"), Message.system("t")], target="anthropic")
    Traceback (most recent call last):
    ...
    contextledger.errors.ContentError: messages[1]: a system message may only come at the start (refusing to write anthropic; run contextledger.repair first)
    >>> ensure_valid([Message.user("s"), Message.system("t")], target="openai")
    """
    problems = sendable_problems(messages, target)
    if target:
        problems += ordering_problems(messages, target)
    if not problems:
        return
    first = problems[0]
    extra = f"; {len(problems) - 1} more problem(s)" if len(problems) > 1 else ""
    where = f"refusing to write {target}" if target else "invalid conversation"
    raise ContentError(first.path, f"{first.message} ({where}{extra}; {fix_for(first)})")


def require_turn(messages: Sequence[Message], target: str) -> None:
    """Refuse (:class:`ContentError`, naming what is missing) a fitted request with no turn
    for ``target``: nothing at all, or only a system prompt where the provider needs a turn
    besides it (Anthropic, Gemini; OpenAI answers a system prompt alone). Stops at the first
    turn, so a long history costs nothing.

    >>> require_turn([Message.system("Be brief.")], "gemini")
    Traceback (most recent call last):
    ...
    contextledger.errors.ContentError: messages: gemini needs at least one user turn after the system prompt; there is none (nothing to fit; add the user's request)
    """
    if any(m.role != "system" for m in messages):
        return
    for p in ordering_problems(messages, target):
        if p.kind == "no_turn":
            raise ContentError(p.path, f"{p.message} (nothing to fit; {fix_for(p)})")


def prefill_problem(messages: Sequence[Message], info: ModelInfo) -> tuple[str, str] | None:
    """(path, sentence) when a request for ``info`` ends on an assistant turn (a prefill)
    that the model refuses (``catalog.takes_prefill``: Claude 4.6 and later answer HTTP 400,
    whichever format reaches them); None when it may be sent. Looks at the last message.

    >>> from contextledger.catalog import lookup_model
    >>> prefilled = [Message.user("hi"), Message.assistant("{")]
    >>> prefill_problem(prefilled, lookup_model("claude-sonnet-4-6"))[0]
    'messages[1]'
    """
    if not messages or messages[-1].role != "assistant" or takes_prefill(info):
        return None
    last = len(messages) - 1
    why, fix = _PREFILL_REFUSED.get(info.provider, _PREFILL_REFUSED["anthropic"])
    return (
        f"messages[{last}]",
        f"{info.id} takes no conversation that ends on an assistant turn (a prefill"
        f"{_named(messages[-1].id, last)}; {why}): end it with the user's message, and ask "
        f"for a format with {fix} or the system prompt",
    )


# Per provider: (who refuses a prefill, and how; where else a format is asked for).
_PREFILL_REFUSED = {
    "anthropic": ("Anthropic answers HTTP 400 on Claude 4.6 and later", "output_config.format"),
    "gemini": (
        "Gemini answers HTTP 400 'Requests ending with a model turn are not supported' on "
        "its models since gemini-3.5-flash-lite",
        "generation_config.response_schema",
    ),
}


def thinking_problem(messages: Sequence[Message], thinking: bool) -> tuple[str, str] | None:
    """(path, sentence) when a request to Claude breaks the rule extended thinking sets on
    the assistant turn it continues, else None. With thinking on, that turn (a prefill: the
    last message; or, in a tool loop, the turn whose calls the request's last results
    answer) must start with its thinking block, sent back as it came: "When `thinking` is
    enabled, a final `assistant` message must start with a thinking block (preceding the
    lastmost set of `tool_use` and `tool_result` blocks)" (Aider-AI/aider#3820,
    olimorris/codecompanion.nvim#1752). With thinking off, a last assistant turn may carry
    none: "When thinking is disabled, an assistant message in the final position cannot
    contain thinking" (microsoft/vscode#282326).

    >>> from contextledger.model import Reasoning
    >>> thinking_problem([Message.user("hi"), Message.assistant("{")], True)[0]
    'messages[1]'
    >>> thought = Reasoning("anthropic", "Let me see.", signature="sig")
    >>> thinking_problem([Message.user("hi"), Message.assistant(thought, "{")], True) is None
    True
    """
    at = _continued_turn(messages)
    if at is None:
        return None
    blocks = messages[at].content
    if thinking and not (blocks and _thought(blocks[0])):
        return (
            f"messages[{at}]",
            "with extended thinking on, Anthropic answers HTTP 400 for the assistant turn a "
            f"request continues (a prefill, or the tool calls its last results answer"
            f"{_named(messages[at].id, at)}) when it does not start with its thinking block: "
            "send that turn with its thinking as the reply gave it, or turn thinking off",
        )
    if not thinking and at == len(messages) - 1 and any(_thought(b) for b in blocks):
        return (
            f"messages[{at}]",
            "with thinking off, Anthropic answers HTTP 400 for a last assistant turn that "
            f"carries thinking{_named(messages[at].id, at)}: turn thinking on, or end with "
            "the user's message",
        )
    return None


def _thought(block: object) -> bool:
    return isinstance(block, Reasoning) and block.provider == "anthropic"


def _continued_turn(messages: Sequence[Message]) -> int | None:
    """The place of the assistant turn a request continues: the last message when it is
    the assistant's, else the assistant turn whose calls the trailing tool results answer."""
    at = len(messages) - 1
    while at >= 0 and messages[at].role == "tool":
        at -= 1
    if at < 0 or messages[at].role != "assistant":
        return None
    if at < len(messages) - 1 and not any(isinstance(b, ToolCall) for b in messages[at].content):
        return None
    return at


_PLACE_ID = re.compile(r"m(\d+)")  # the id a reader or fit gives by place (model.with_ids)


def _named(message_id: str | None, at: int) -> str:
    """The caller's message, named for a refusal of a list that may be a fit of theirs:
    its id, and where an id given by place says another place, that place in the list it
    was read from (RT25-12: translate of a fitted list named only the fitted index).

    >>> _named("m36", 15), _named("m15", 15), _named("ask-7", 3)
    (', message m36, messages[36] of the list it was read from', ', message m15', ', message ask-7')
    """
    if not message_id:
        return ""
    place = _PLACE_ID.fullmatch(message_id)
    if place is None or int(place[1]) == at:
        return f", message {message_id}"
    return f", message {message_id}, messages[{place[1]}] of the list it was read from"


def refuse_prefill(messages: Sequence[Message], info: ModelInfo) -> None:
    """Refuse (:class:`ContentError`, naming where) a request for ``info`` that ends on a
    prefill the model refuses (:func:`prefill_problem`). ``translate`` with a model, and
    ``prepare`` and the proxy before they send, all refuse it here.

    >>> from contextledger.catalog import lookup_model
    >>> refuse_prefill([Message.user("hi"), Message.assistant("{")], lookup_model("claude-opus-4-6"))
    Traceback (most recent call last):
    ...
    contextledger.errors.ContentError: messages[1]: claude-opus-4-6 takes no conversation that ends on an assistant turn (a prefill; Anthropic answers HTTP 400 on Claude 4.6 and later): end it with the user's message, and ask for a format with output_config.format or the system prompt
    """
    problem = prefill_problem(messages, info)
    if problem is not None:
        raise ContentError(*problem)


def fix_for(problem: Problem) -> str:
    """What a person does about ``problem`` (the end of a refusal's message).

    >>> fix_for(ordering_problems([], "anthropic")[0])
    "add the user's request"
    """
    if problem.kind in _ORDERING_KINDS:
        return "fit() starts the history with a user turn"
    if problem.kind == "no_turn":  # nothing to repair: the request itself is missing
        return "add the user's request"
    return "run contextledger.repair first"

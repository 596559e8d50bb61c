"""Tool-call ids each provider accepts, and the one id sent for an id it would refuse.

The id that pairs a tool call with its results is copied from whichever provider made the
call, but every API has its own rule for it, and a history that breaks one gets HTTP 400:

* **Anthropic** (``tool_use.id``, ``tool_result.tool_use_id``): ``^[a-zA-Z0-9_-]+$``
  ("String should match pattern"); Bedrock also caps it at 64 characters, so we do too.
* **OpenAI Chat** (``tool_calls[].id``): at most 40 characters ("string too long. Expected
  a string with maximum length 40").
* **OpenAI Responses** (``call_id``): at most 64 characters.
* **Gemini** (``function_call.id``): optional, no documented rule.

An id the target refuses is sent as :func:`portable_id`: the id's own letters (so a person
still recognises it) and a hash of the whole id, valid for every provider. It is a pure
function of the id, so a call and all its results map alike wherever they are written
(one message at a time, too), the same id maps alike every turn (prompt caches and the
proxy's history matching keep working), and a translation to a third format leaves it
unchanged. Ids the target accepts are never changed.

>>> wire_id("toolu_01A09q90qw90lq917835lq9", "openai")
'toolu_01A09q90qw90lq917835lq9'
>>> wire_id("call:abc.123", "anthropic")
'call_abc_123_7isjgvyql6zorgq6'
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..errors import ArgumentError, ContentError
from ..model import Message, ToolCall, ToolResult
from ..report import Notice
from .format import tool_spec
from .tool_choice import ToolChoice

_ANTHROPIC = re.compile(r"[A-Za-z0-9_-]{1,64}")
_NOT_PORTABLE = re.compile(r"[^A-Za-z0-9_-]+")
#: The longest id each target takes (Gemini: none documented; the stub checks the same).
MAX_LENGTH = {"openai": 40, "openai-responses": 64, "anthropic": 64}
#: What a person is told about each target's rule.
RULES = {
    "openai": "at most 40 characters",
    "openai-responses": "at most 64 characters",
    "anthropic": "only letters, digits, '_' and '-', at most 64 characters",
    "gemini": "a non-empty id",
}
#: The prefix the Responses API wants of each item kind's own ``id`` (an item sent back with
#: another is refused: "Invalid 'input[3].id': '__fake_id__'. Expected an ID that begins with
#: 'fc'", openai-agents' placeholder; 'msg' for messages, UKGovernmentBEIS/inspect_ai#1545; 'rs'
#: for reasoning, routers' ``item_…`` ids replayed). Ids another gateway minted are not sent.
RESPONSES_ITEM_PREFIX = {"message": "msg", "function_call": "fc", "reasoning": "rs"}
_HASH_CHARS = 16  # base32: 80 bits, so two ids of one conversation never share one
_STEM_CHARS = MAX_LENGTH["openai"] - _HASH_CHARS - 1


def accepted(call_id: str, target: str) -> bool:
    """Whether ``target`` takes ``call_id`` as it is.

    >>> accepted("call:1", "openai"), accepted("call:1", "anthropic")
    (True, False)
    """
    if not call_id:
        return False
    if target == "anthropic":
        return _ANTHROPIC.fullmatch(call_id) is not None
    limit = MAX_LENGTH.get(target)
    return limit is None or len(call_id) <= limit


def accepted_everywhere(call_id: str) -> bool:
    """Whether every provider takes ``call_id`` (then no writer changes it)."""
    return len(call_id) <= MAX_LENGTH["openai"] and accepted(call_id, "anthropic")


@lru_cache(maxsize=4096)
def portable_id(call_id: str) -> str:
    """The id sent for ``call_id`` where the target refuses it: valid for every provider,
    at most 40 characters, the same for the same id in every process.

    >>> portable_id("x" * 64) == portable_id("x" * 64), len(portable_id("x" * 64))
    (True, 40)
    """
    digest = hashlib.sha256(call_id.encode("utf-8", "surrogatepass")).digest()
    tag = base64.b32encode(digest).decode("ascii")[:_HASH_CHARS].lower()
    stem = _NOT_PORTABLE.sub("_", call_id)[:_STEM_CHARS].strip("_")
    return f"{stem or 'call'}_{tag}"


def wire_id(call_id: str, target: str) -> str:
    """``call_id`` as ``target``'s writer sends it: unchanged when accepted, else
    :func:`portable_id`."""
    return call_id if accepted(call_id, target) else portable_id(call_id)


def ids_accepted(messages: Sequence[Message], target: str) -> bool:
    """Whether ``target`` takes every tool-call id in ``messages`` as it is."""
    return all(accepted(call_id, target) for call_id, _ in _ids(messages))


def _ids(messages: Sequence[Message]) -> Iterator[tuple[str, str]]:
    """Every tool-call id in ``messages`` (calls and results) with the path naming it."""
    for i, m in enumerate(messages):
        for j, b in enumerate(m.content):
            if isinstance(b, ToolCall):
                yield b.id, f"messages[{i}].content[{j}]"
            elif isinstance(b, ToolResult):
                yield b.call_id, f"messages[{i}].content[{j}]"


def renamed_ids(messages: Sequence[Message], target: str, title: str) -> list[Notice]:
    """The notice for the ids ``target``'s writer will send renamed (none: all accepted).

    Raises :class:`ContentError` in the one case the renaming cannot be faithful: a
    renamed id equal to another id of the conversation (two calls would share one id).
    """
    renamed: dict[str, str] = {}
    first = ""
    seen: set[str] = set()
    for call_id, path in _ids(messages):
        seen.add(call_id)
        if call_id not in renamed and not accepted(call_id, target):
            renamed[call_id] = portable_id(call_id)
            first = first or path
    if not renamed:
        return []
    owner = {new: old for old, new in renamed.items()}
    for new, old in owner.items():
        if new in seen:
            raise ContentError(
                first,
                f"tool-call id {old!r} must be renamed for {title} ({RULES[target]}), and its "
                f"new id {new!r} is already another call's id: rename one of them",
            )
    if len(owner) < len(renamed):  # pragma: no cover - an 80-bit hash collision
        raise ContentError(first, "two tool-call ids map to one portable id")
    old, new = next(iter(renamed.items()))
    more = f" and {len(renamed) - 1} more" if len(renamed) > 1 else ""
    return [
        Notice(
            "renamed",
            first,
            f"Tool-call id {old!r}{more} sent to {title} as {new!r} ({title} takes "
            f"{RULES[target]}); each call's results carry the same new id.",
        )
    ]


# --- tool names -----------------------------------------------------------------------
#
# A tool's name travels in each call (and, for Gemini, each response) and in the ``tools``
# declared with the request, and the rules differ too: OpenAI Chat, Responses and
# Anthropic take ``^[a-zA-Z0-9_-]{1,64}$``; Gemini also takes '.' and ':' (MCP-style
# ``github.create_issue``), at most 64 characters, starting with a letter or '_'. A name
# the target refuses is sent as :func:`portable_name`, a pure function of the name like
# :func:`portable_id`, so calls, results and the declared tools agree without being seen
# together, and every turn sends the same name. The model answers with that name: an app
# that dispatches by name maps it back (``Translation.notices`` says which it was).

_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_GEMINI_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]{0,63}")
NAME_RULES = {
    "gemini": "letters, digits, '_', '.', ':' and '-', at most 64 characters, starting with a "
    "letter or '_'",
}
_NAME_RULE = "only letters, digits, '_' and '-', at most 64 characters"
_NAME_STEM = 64 - 9  # room for '_' and an 8-character hash when a name is cut


def name_accepted(name: str, target: str) -> bool:
    """Whether ``target`` takes the tool name ``name`` as it is.

    >>> name_accepted("github.create_issue", "gemini"), name_accepted("github.create_issue", "openai")
    (True, False)
    """
    rule = _GEMINI_NAME if target == "gemini" else _NAME
    return rule.fullmatch(name) is not None


@lru_cache(maxsize=4096)
def portable_name(name: str, stand_in: str = "tool") -> str:
    """A tool name every provider takes: the characters they refuse become '_', a name
    that does not start with a letter or '_' gets '_' first, and one over 64 characters
    is cut and ends with a hash of the whole name (so two long names stay apart).

    >>> portable_name("github.create_issue"), portable_name("3d render")
    ('github_create_issue', '_3d_render')
    """
    stem = _NOT_PORTABLE.sub("_", name) or stand_in
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).digest()
    tag = base64.b32encode(digest).decode("ascii")[:8].lower()
    if not name.isascii():  # '検索' and '翻訳' would both be '_': the hash keeps them apart
        return f"{stem.strip('_')[:_NAME_STEM] or stand_in}_{tag}"
    if not (stem[0].isascii() and (stem[0].isalpha() or stem[0] == "_")):
        stem = "_" + stem
    if len(stem) <= 64:
        return stem
    return f"{stem[:_NAME_STEM]}_{tag}"


def wire_name(name: str, target: str) -> str:
    """``name`` as ``target``'s writer sends it: unchanged when accepted, else
    :func:`portable_name`."""
    return name if name_accepted(name, target) else portable_name(name)


def speaker_name(name: str, target: str) -> str:
    """A message's ``name`` (who said it) as ``target`` takes it: a name it refuses is
    renamed like a tool name, with ``name`` where no letter of it is kept (a person is no
    tool: '名前です' is sent as 'name_<hash>').

    >>> speaker_name("ana", "openai"), speaker_name("名前です", "openai")[:5]
    ('ana', 'name_')
    """
    return name if name_accepted(name, target) else portable_name(name, "name")


def declared_name(name: object, target: str) -> object:
    """A declared tool's name as ``target`` takes it (anything but a string is left for
    the provider to refuse, as given)."""
    return wire_name(name, target) if isinstance(name, str) else name


def unique_declared(given: Sequence[object], sent: Sequence[object], target: str) -> None:
    """Refuse declared tools that would reach ``target`` under one name (``sent``: their
    names as written): the providers refuse duplicate names ("tools: Tool names must be
    unique.", claude-code #10687), and a model could not tell the tools apart.

    >>> unique_declared(["get.weather", "get_weather"], ["get_weather", "get_weather"], "x")
    Traceback (most recent call last):
    ...
    contextledger.errors.ContentError: tools[1]: tool 'get_weather' would be sent to x as 'get_weather', the name tools[0] ('get.weather') is sent under: rename one of them
    """
    first: dict[str, int] = {}
    for k, new in enumerate(sent):
        if not isinstance(new, str):
            continue
        j = first.setdefault(new, k)
        if j != k:
            same = (
                "declared twice"
                if given[j] == given[k]
                else f"the name tools[{j}] ({given[j]!r}) is sent under"
            )
            raise ContentError(
                f"tools[{k}]",
                f"tool {given[k]!r} would be sent to {target} as {new!r}, {same}: rename one of them",
            )


def declared_renames(tools: Sequence[Mapping[str, Any]], target: str) -> dict[str, str]:
    """The declared tools ``target``'s writer sends renamed: {name on the wire: the app's
    name}. The model calls a tool by the name it was declared under, so a reply's calls
    are mapped back through this (``Reply.with_tool_names``): an app that dispatches by
    name never sees a name it did not declare.

    >>> declared_renames([{"type": "function", "function": {"name": "get.weather"}}], "openai")
    {'get_weather': 'get.weather'}
    """
    names = (tool_spec(t)[0] for t in tools)
    return {
        portable_name(n): n for n in names if isinstance(n, str) and not name_accepted(n, target)
    }


def declared_notice(renames: Mapping[str, str], target: str, title: str) -> list[Notice]:
    """The notice for the declared tools sent renamed (none: every name accepted)."""
    if not renames:
        return []
    rule = NAME_RULES.get(target, _NAME_RULE)
    pairs = ", ".join(f"{old!r} as {new!r}" for new, old in renames.items())
    return [
        Notice(
            "renamed",
            "tools",
            f"Tools declared to {title} renamed ({title} takes {rule}): {pairs}. The model "
            "calls them by the new names; send() gives its calls back under yours "
            "(Prepared.tool_names maps them for a body you send yourself).",
        )
    ]


def renamed_names(messages: Sequence[Message], target: str, title: str) -> list[Notice]:
    """The notice for the tool names ``target``'s writer will send renamed (none: all
    accepted). Raises :class:`ContentError` when a new name is another tool's name (two
    tools would become one)."""
    renamed: dict[str, str] = {}
    seen: set[str] = set()
    first = ""
    for i, m in enumerate(messages):
        for j, b in enumerate(m.content):
            name = b.name if isinstance(b, ToolCall | ToolResult) else None
            if not isinstance(name, str) or not name:
                continue
            seen.add(name)
            if name not in renamed and not name_accepted(name, target):
                renamed[name] = wire_name(name, target)
                first = first or f"messages[{i}].content[{j}]"
    if not renamed:
        return []
    rule = NAME_RULES.get(target, _NAME_RULE)
    for old, new in renamed.items():
        clash = new in seen or sum(n == new for n in renamed.values()) > 1
        if clash:
            raise ContentError(
                first,
                f"tool name {old!r} must be renamed for {title} ({rule}), and its new name "
                f"{new!r} is another tool's too: rename one of them",
            )
    pairs = ", ".join(f"{old!r} as {new!r}" for old, new in renamed.items())
    return [
        Notice(
            "renamed",
            first,
            f"Tool names sent to {title} renamed ({title} takes {rule}): {pairs}; the "
            "declared tools are renamed alike, and the model will call them by the new names.",
        )
    ]


__all__ = [
    "MAX_LENGTH",
    "accepted",
    "accepted_everywhere",
    "choice_for_tools",
    "declared_name",
    "declared_notice",
    "declared_renames",
    "ids_accepted",
    "name_accepted",
    "portable_id",
    "portable_name",
    "renamed_ids",
    "renamed_names",
    "speaker_name",
    "unique_declared",
    "wire_id",
    "wire_name",
]


def responses_item_id(item_id: str | None, kind: str) -> str | None:
    """``item_id`` when the Responses API takes it for an item of ``kind`` (its prefix,
    ``RESPONSES_ITEM_PREFIX``), else None (the item goes without an id).

    >>> responses_item_id("fc_0ab1", "function_call"), responses_item_id("call_1", "function_call")
    ('fc_0ab1', None)
    """
    prefix = RESPONSES_ITEM_PREFIX.get(kind)
    if item_id is None or prefix is None or item_id.startswith(prefix):
        return item_id
    return None


def _declared_as_sent(name: str, declared: Sequence[object], target: str) -> str:
    """A tool a choice names, as ``target``'s writer declares it; a name the request does
    not declare is refused naming the declared ones (the APIs answer 400 for it)."""
    if name in declared:
        return wire_name(name, target)
    sent = {wire_name(n, target): n for n in declared if isinstance(n, str)}
    if name not in sent:  # (named as the wire declares it: taken as it)
        listed = ", ".join(repr(n) for n in declared) or "none"
        raise ArgumentError(
            "tool_choice", f"the name of a tool the request declares (declared: {listed})", name
        )
    return name


def choice_for_tools(
    choice: ToolChoice, declared: Sequence[object], target: str
) -> ToolChoice | None:
    """``choice`` for a request declaring the tools named ``declared`` (the app's names),
    naming its tool as ``target``'s writer declares it; None: nothing to write (``auto`` or
    ``none`` with no tools, which every API takes as the request without them). A choice
    that needs a tool the request does not declare is refused naming it, as the APIs answer
    400 for it.

    >>> choice_for_tools(ToolChoice("named", "github.create_issue"), ["github.create_issue"],
    ...     "openai").name
    'github_create_issue'
    """
    if choice.mode == "named":
        assert choice.name is not None  # (read_tool_choice: a named choice has a name)
        return replace(choice, name=_declared_as_sent(choice.name, declared, target))
    if choice.allowed:
        allowed = tuple(_declared_as_sent(n, declared, target) for n in choice.allowed)
        every = {wire_name(n, target) for n in declared if isinstance(n, str)}
        # (allowing every declared tool is the plain mode: written as it, in every format)
        return replace(choice, allowed=() if set(allowed) >= every else allowed)
    if not declared:
        if choice.mode == "required":
            raise ArgumentError("tool_choice", "given with tools to call", "required")
        return None
    return choice

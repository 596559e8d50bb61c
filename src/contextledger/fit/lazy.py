"""An app's list of OpenAI Chat dicts, read into Messages only where the fit looks.

A cold fit of a long session keeps a few hundred of its messages; the rest are reported
dropped, by id, role and an estimate of their size. Reading every dict into a ``Message``
first spent more than the whole fit needs. ``LazyMessages`` is the list of Messages the
reader would make, made on demand: one pass over the dicts notes what the fit asks of
every message (its role, its characters, whether it is a request and its text, whether it
opens a tool exchange, holds images or is a recap) at little more than the cost of looking
at it, and a message is read (by the very reader ``read_messages`` uses, so it is the same
message) the first time the fit looks at it: to price it, send it or name its images.

Only the plain shapes of the reader's fast path are left for later: a flat text turn, a
tool result of text, an assistant's tool calls. Anything else is read on the spot, so a
malformed dict raises where it is, as it always did. A list this cannot take exactly (a
tool's images folded back from the user turn after it, a system message after the first
turn) is read whole, as before. An Anthropic body whose turns are all plain strings is read
the same way, its system prompt first (both readers make the same Message of such a turn).

A fit done once goes further (``HistoryIndex.plain_unread``): a plain turn of one text is
priced from its dict (``flat``, ``Pricer.flat_price``), and the turns it keeps are read only
after the fit's own tables are freed, so the two are never in memory at once.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Sequence
from copy import copy
from dataclasses import replace
from itertools import accumulate, chain, compress, repeat
from operator import and_, eq, is_, sub
from typing import Any, overload

from ..model import FileAttachment, Image, Message, Recap, Role, Text, ToolCall, ToolResult
from ..providers import anthropic, decisive_format, openai_chat, openai_responses
from ..providers.common import (
    BLOCK_TEXT_PREFIXES,
    IMAGE_DETAILS,
    IMAGE_LABEL,
    TOOL_ERROR_PREFIX,
    TOOL_MEDIA_PREFIXES,
    parse_data_url,
    split_tool_error,
)

#: What the index needs of every message, per dict position (the whole list, system
#: messages included).
_FLAT, _TOOL, _CALLS, _READ = 0, 1, 2, 3
#: The keys the reader reads of a message dict, but "id" (``openai_chat.read``): any other
#: key (an app's own: ``created_at``, ``metadata``) is ignored by the reader, so by the
#: shapes below too; a string "id" becomes the message's id.
_READ_KEYS = frozenset(
    {
        "role",
        "content",
        "name",
        "tool_calls",
        "tool_call_id",
        "refusal",
        "function_call",
        "audio",
        "annotations",
    }
)


class DictColumns:
    """Per dict: the role, the characters priced, the request text, the flags; and the
    Messages read so far."""

    def __init__(self, dicts: list[dict[str, Any]]) -> None:
        self.dicts = dicts
        self.roles: list[Role] = []
        self.chars: list[int] = []
        self.made: list[Message | None] = []
        # per position: the text of a user request, else None (a list, not a dict by
        # position: a chat of 15,000 short requests held 0.19x its size in the dict and
        # its position keys at a cold fit's peak of memory)
        self.texts: list[str | None] = []
        self.opens: list[int] = []  # assistant turns with tool calls (ascending)
        self.recaps: list[int] = []
        self.images: list[int] = []
        self._images: dict[tuple[int, str | None], tuple[str, Image]] = {}  # see _image
        self.app_ids: dict[int, str] = {}  # position → the dict's own string "id"
        #: The columns these are a copy of (``with_made``): a message not read yet is read
        #: there, so both hold the same Message.
        self.base: DictColumns | None = None
        #: The columns these are a copy of with messages after the last dict
        #: (``with_appended``): their first positions hold the very messages those hold.
        self.extends: DictColumns | None = None

    def scan(self, start: int) -> bool:
        """Note every dict from ``start`` on; False when the list must be read whole."""
        dicts, roles, chars, made, texts = self.dicts, self.roles, self.chars, self.made, self.texts
        del roles[start:], chars[start:], made[start:], texts[start:]
        del self.opens[bisect_left(self.opens, start) :]
        del self.recaps[bisect_left(self.recaps, start) :]
        del self.images[bisect_left(self.images, start) :]
        if self.app_ids and next(reversed(self.app_ids)) >= start:  # (noted ascending)
            self.app_ids = {p: i for p, i in self.app_ids.items() if p < start}
        app_ids, read_keys = self.app_ids, _READ_KEYS
        opens = self.opens
        images = self.images
        made.extend([None] * (len(dicts) - start))  # a shape read on the spot fills its own
        texts.extend([None] * (len(dicts) - start))
        # the characters of every content that is text parts, found at C speed (a loop over
        # the parts of each answer and tool result was most of a cold fit of such lists)
        text_lists = _text_lists(dicts, start)
        add_role, add_chars = roles.append, chars.append
        error_prefix, error_len = TOOL_ERROR_PREFIX, len(TOOL_ERROR_PREFIX)
        # The usual shapes, most frequent first, each decided in a few look-ups; any other
        # shape, or a usual one with something amiss, is read by the reader below.
        for p in range(start, len(dicts)):
            d = dicts[p]
            if type(d) is not dict:
                return False
            role = d.get("role")
            content = d.get("content")
            size = len(d)
            if size > 2 and not (size == 3 and role == "tool"):  # (the usual tool result)
                # an app's own keys ride along: the shapes count the keys the reader reads
                own = d.get("id")
                if type(own) is str:
                    app_ids[p] = own  # (a shape read on the spot has it in its Message)
                # (a "parts" or "type" key may be another format's: read on the spot)
                size = -1 if "parts" in d or "type" in d else len(read_keys.intersection(d))
            if role == "tool":
                if size == 3 and type(d.get("tool_call_id")) is str:
                    if type(content) is str:  # a tool's text (its error prefix not priced)
                        add_role(role)
                        add_chars(
                            len(content) - error_len
                            if content.startswith(error_prefix)
                            else len(content)
                        )
                        continue
                    n = text_lists.get(p, -1)  # or its text parts
                    if n >= 0:
                        add_role(role)
                        first = content[0]["text"] if content else ""
                        add_chars(n - error_len if first.startswith(error_prefix) else n)
                        continue
            elif role == "assistant":
                # its texts and function calls (a name beside)
                n = _plain_answer(d, size, text_lists.get(p, -1))
                if n >= 0:
                    add_role(role)
                    add_chars(n)
                    if "tool_calls" in d:
                        opens.append(p)
                    continue
            elif role == "user" and (
                # a user turn may carry the name of who wrote it (one key more)
                size == 2 or (size == 3 and type(d.get("name")) is str)
            ):
                if type(content) is str:
                    if content and not content.startswith(BLOCK_TEXT_PREFIXES):
                        add_role(role)
                        add_chars(len(content))
                        texts[p] = content
                        continue
                elif type(content) is list:
                    seen = _plain_parts(content)
                    if seen is not None and not (
                        roles and roles[-1] == "tool" and _may_fold(content)
                    ):
                        n, text, has_image = seen
                        add_role(role)
                        add_chars(n)
                        texts[p] = text
                        if has_image:
                            images.append(p)
                        continue
            # Any other shape is read now, by the reader itself (it raises on bad input),
            # unless only another format writes it (the whole read detects the format).
            if decisive_format((d,)) not in (None, "openai"):
                return False
            if role == "user" and roles and roles[-1] == "tool" and _may_fold(content):
                return False  # a tool's images, folded back into its result by the reader
            if role in ("system", "developer") and roles and roles[-1] != "system":
                # (system messages all lead until here: a later one ends the scan)
                return False  # moved to the top, with notices: the eager path does that
            (m,) = openai_chat.read([d], start=p)
            add_role(m.role)
            made[p] = m
            add_chars(message_chars(m))
            kinds = set(map(type, m.content))
            if m.role == "assistant" and ToolCall in kinds:
                opens.append(p)
            if Recap in kinds:
                self.recaps.append(p)
            elif m.role == "user":
                texts[p] = m.text
            if holds_images(m, kinds):
                images.append(p)
        return True

    def rescan(self, lo: int, hi: int) -> bool:
        """Note dicts ``lo:hi`` again in place (edited or replaced; every other dict noted
        before is unchanged), as ``scan`` notes them; False (nothing changed here) when that
        could change how others are noted or grouped: a dict's role, whether it opens a tool
        exchange or is a recap, or a shape only the whole read takes. The positions after
        ``hi`` then keep what was noted of them (speed52: an edit of an earlier message made
        the scan, and the index after it, forget everything that followed)."""
        n = len(self.roles)
        if not 0 < lo < hi <= n:
            return False
        probe = DictColumns(self.dicts[:hi])
        probe._images = self._images
        probe.roles = self.roles[:lo]  # (what ``scan`` asks of the dicts before: the last role)
        probe.chars, probe.made, probe.texts = [0] * lo, [None] * lo, [None] * lo
        if not probe.scan(lo):
            return False
        if probe.roles[lo:] != self.roles[lo:hi]:
            return False
        for mine, new in ((self.opens, probe.opens), (self.recaps, probe.recaps)):
            if mine[bisect_left(mine, lo) : bisect_left(mine, hi)] != new:
                return False
        self.chars[lo:hi] = probe.chars[lo:]
        self.made[lo:hi] = probe.made[lo:]
        self.texts[lo:hi] = probe.texts[lo:]
        images = self.images
        images[bisect_left(images, lo) : bisect_left(images, hi)] = probe.images
        app_ids = self.app_ids
        if probe.app_ids or any(lo <= p < hi for p in app_ids):
            # (noted ascending: ``scan`` reads the last one as the largest)
            kept = [(p, i) for p, i in app_ids.items() if not lo <= p < hi]
            self.app_ids = dict(sorted([*kept, *probe.app_ids.items()]))
        return True

    def splice(self, lo: int, removed: int, added: int) -> bool:
        """Take dicts ``lo:lo+added`` (of ``dicts``, the app's list now) as those put in
        place of the ``removed`` dicts noted at ``lo`` (removed or inserted mid-history;
        every other dict noted before holds what it held, those after the splice
        ``added - removed`` positions further on): only they are noted, every later note
        moved, not made again; the Messages read of the moved dicts renamed to their new
        position (a message's id is ``m<position>`` unless its dict has its own). False,
        nothing changed here: a dict at the splice or right after it takes the whole read
        (speed55: a dict removed or inserted made the scan note every dict after it again,
        and the index price and read them again)."""
        n = len(self.roles)
        end = lo + added  # the first moved dict, at its new position
        if not 0 < lo <= lo + removed <= n or self.base is not None:
            return False
        shift = added - removed
        hi = min(end + 1, n + shift)  # the new dicts and the first moved one (its context)
        probe = DictColumns(self.dicts[:hi])
        probe._images = self._images
        probe.roles = self.roles[:lo]  # (what ``scan`` asks of the dicts before)
        probe.chars, probe.made, probe.texts = [0] * lo, [None] * lo, [None] * lo
        if not probe.scan(lo):
            return False
        old = lo + removed  # the first moved dict, at its old position
        self.roles[lo:old] = probe.roles[lo:end]
        self.chars[lo:old] = probe.chars[lo:end]
        self.texts[lo:old] = probe.texts[lo:end]
        made = self.made
        made[lo:old] = probe.made[lo:end]
        dicts = self.dicts
        for p in range(end, n + shift):  # (the moved Messages read so far, renamed)
            m = made[p]
            if m is not None and not isinstance(dicts[p].get("id"), str):
                made[p] = replace(m, id=f"m{p}")
        for name in ("opens", "recaps", "images"):
            mine: list[int] = getattr(self, name)
            cut, moved = bisect_left(mine, lo), bisect_left(mine, old)
            new: list[int] = getattr(probe, name)
            mine[cut:] = [*new[bisect_left(new, lo) : bisect_left(new, end)]] + [
                p + shift for p in mine[moved:]
            ]
        if self.app_ids or probe.app_ids:
            kept = [(p, i) for p, i in self.app_ids.items() if p < lo]
            added_ids = [(p, i) for p, i in probe.app_ids.items() if lo <= p < end]
            moved_ids = [(p + shift, i) for p, i in self.app_ids.items() if p >= old]
            self.app_ids = dict([*kept, *added_ids, *moved_ids])
        return True

    def reread_leading_system(self, k: int) -> bool:
        """Read the first ``k`` dicts again in place, when they are plain system prompts
        (text) and were system messages before; False (nothing changed): they are not."""
        dicts = self.dicts
        if self.roles[k : k + 1] == ["system"] or self.roles[:k] != ["system"] * k:
            return False
        if self.images and self.images[0] < k:  # (a prompt that held an image: read anew)
            return False
        for d in dicts[:k]:
            if d.get("role") not in ("system", "developer") or type(d.get("content")) is not str:
                return False
        for p in range(k):
            (m,) = openai_chat.read([dicts[p]], start=p)
            self.made[p], self.chars[p] = m, message_chars(m)
            self.app_ids.pop(p, None)  # (its Message holds its id)
        return True

    def with_made(self, swaps: dict[int, Message]) -> DictColumns:
        """A copy of these columns in which the message at each position of ``swaps`` is
        the one given (an image-limit placeholder view): its own ``made``, characters,
        request texts and image positions, the dicts and everything else shared. Only
        lists of positions are copied, never a message: messages not read yet are read
        in these columns (``base``) when the copy asks for them."""
        new = copy(self)
        new.base = self
        new.made, new.chars, new.texts = self.made.copy(), self.chars.copy(), self.texts.copy()
        gone: set[int] = set()
        for p, m in swaps.items():
            new.made[p] = m
            new.chars[p] = message_chars(m)
            if new.texts[p] is not None:  # (a user's request, not a recap)
                new.texts[p] = m.text
            if not holds_images(m, set(map(type, m.content))):
                gone.add(p)
        if gone:
            new.images = [p for p in self.images if p not in gone]
        return new

    def with_appended(self, added: Sequence[Message]) -> DictColumns:
        """A copy of these columns with ``added`` (tool results, read already: those a
        repair answered the newest calls with) after the last dict, each beside the dict of
        its shape (only a message not read is read from its dict). Only lists of positions
        are copied; a message not read yet is read in these columns (``base``)."""
        new = copy(self)
        new.base = new.extends = self
        new.dicts = [*self.dicts, *map(_tool_dict, added)]
        new.roles = [*self.roles, *(m.role for m in added)]
        new.chars = [*self.chars, *map(message_chars, added)]
        new.made = [*self.made, *added]
        new.texts = [*self.texts, *repeat(None, len(added))]  # (no request among them)
        new.opens, new.recaps = self.opens.copy(), self.recaps.copy()
        new.images = self.images.copy()
        return new

    def message(self, p: int) -> Message:
        m = self.made[p]
        if m is None and self.base is not None:
            m = self.made[p] = self.base.message(p)
        if m is None:
            d = self.dicts[p]
            content = d.get("content")
            role = self.roles[p]
            if role == "tool":  # a tool's text or text parts (see scan), as the reader reads them
                texts = [content] if type(content) is str else _texts(content)
                blocks: list[Text | Image] = [Text(t) for t in texts]
                is_error = False
                if texts:
                    first, is_error = split_tool_error(texts[0])
                    blocks[0] = Text(first)
                result = ToolResult(d["tool_call_id"], tuple(blocks), is_error)
                m = Message("tool", (result,), id=self.id_of(p))
            elif role == "assistant":  # texts and plain function calls (_plain_answer)
                said = (
                    []
                    if content is None
                    else _texts(content)
                    if type(content) is list
                    else [content]
                )
                calls = [
                    ToolCall(
                        id=call["id"],
                        name=call["function"]["name"],
                        arguments=call["function"].get("arguments", ""),
                    )
                    for call in d.get("tool_calls", ())
                ]
                m = Message(
                    "assistant",
                    (*(Text(t) for t in said if t or type(content) is list), *calls),
                    id=self.id_of(p),
                    name=d.get("name"),
                )
            elif type(content) is str:  # a flat turn (a user's maybe named)
                mid = self.id_of(p)
                m = Message(role, (Text(content),), id=mid, name=d.get("name"))
            elif type(content) is list:  # texts and images (_plain_parts)
                blocks = [
                    Text(part["text"]) if part["type"] == "text" else self._image(part["image_url"])
                    for part in content
                ]
                mid = self.id_of(p)
                m = Message("user", tuple(blocks), id=mid, name=d.get("name"))
            else:
                (m,) = openai_chat.read([d], start=p)
            self.made[p] = m
        return m

    def flat(self, p: int) -> tuple[Role, str, str | None] | None:
        """(role, text, name) of message ``p`` while it is a user or assistant turn of one
        text (a string, or a list of one text part), not read yet (None: another shape, or
        read): what ``Pricer.flat_price`` prices and ``message`` would make ``Message(role,
        (Text(text),), name=name)`` of."""
        if self.made[p] is not None:
            return None
        role = self.roles[p]
        d = self.dicts[p]
        text = d.get("content")
        if type(text) is list and len(text) == 1:  # (a part the scan found plain)
            part = text[0]
            text = part["text"] if part["type"] == "text" else None
        if role not in ("user", "assistant") or type(text) is not str or not text:
            return None
        if "tool_calls" in d:  # (an assistant's text beside calls: a Message is made)
            return None
        return role, text, d.get("name")

    def one_text(self, p: int) -> bool:
        """Whether message ``p``, not read, is a flat text (``HistoryIndex._single_text``)."""
        return type(self.dicts[p].get("content")) is str

    def text_parts(self, p: int) -> int:
        """How many texts message ``p``, not read, holds (a flat text, or text and image
        parts)."""
        content = self.dicts[p]["content"]
        return 1 if type(content) is str else [part["type"] for part in content].count("text")

    def image_urls(self, p: int) -> list[str] | None:
        """The URLs of the images of message ``p`` while it is a plain user turn not read
        yet (None: it was read; its Message has them)."""
        if self.made[p] is not None:
            return None
        content = self.dicts[p].get("content")
        if type(content) is not list:
            return []
        return [part["image_url"]["url"] for part in content if part["type"] == "image_url"]

    def _image(self, spec: dict[str, Any]) -> Image:
        """The reader's Image for an ``image_url`` part checked by ``_plain_parts``; one
        object per URL string and detail (the same screenshot sent again is the same image).
        Keyed by the string's identity: hashing a data URL reads all of it."""
        url, detail = spec["url"], spec.get("detail")
        hit = self._images.get((id(url), detail))
        if hit is not None and hit[0] is url:
            return hit[1]
        if url.startswith("data:"):
            media_type, data = parse_data_url(url, "")
            img = Image(media_type=media_type, data=data, detail=detail)
        else:
            img = Image(url=url, detail=detail)
        self._images[(id(url), detail)] = (url, img)
        return img

    def ids(self, positions: Sequence[int]) -> list[str]:
        made = self.made
        if self.app_ids:
            return list(map(self.id_of, positions))
        if isinstance(positions, range) and positions.step == 1:
            return [
                f"m{p}" if m is None else m.id
                for p, m in zip(positions, made[positions.start : positions.stop], strict=True)
            ]
        return [f"m{p}" if made[p] is None else made[p].id for p in positions]  # type: ignore[union-attr]

    def id_of(self, p: int) -> str:
        m = self.made[p]
        if m is not None:
            return m.id
        return self.app_ids.get(p, f"m{p}") if self.app_ids else f"m{p}"

    def ids_later(self, lo: int, hi: int) -> Callable[[], list[str]]:
        """``ids(range(lo, hi))``, worked out when called from what is noted now (the
        Messages read so far, the dicts' own ids)."""
        made = self.made[lo:hi]
        app = self.app_ids
        if app:  # the dicts' own ids, as they are now
            app = {p: app[p] for p in range(lo, hi) if p in app}
        return lambda: [
            (app.get(p, f"m{p}") if app else f"m{p}") if m is None else m.id
            for p, m in enumerate(made, lo)
        ]


def _text_lists(dicts: list[dict[str, Any]], start: int) -> dict[int, int]:
    """Position → characters of every dict from ``start`` on whose content is a list of
    plain text parts (``{"type": "text", "text": str}``, nothing else), empty lists
    included. In a few passes over all the parts at once, each at C speed (a pass per
    list cost more than the list). Empty when a part is not a dict (the parts are then
    checked list by list, by ``_text_parts``)."""
    rest = dicts[start:]
    if not all(map(is_, map(type, rest), repeat(dict))):
        return {}  # (the scan stops at the first that is not)
    contents: list[Any] = list(map(dict.get, rest, repeat("content")))
    is_list = list(map(is_, map(type, contents), repeat(list)))
    lists: list[list[Any]] = list(compress(contents, is_list))
    parts = list(chain.from_iterable(lists))
    if not all(map(is_, map(type, parts), repeat(dict))):
        return {}
    texts: list[Any] = list(map(dict.get, parts, repeat("text")))
    plain = list(
        map(
            and_,
            map(
                and_,
                map(eq, map(dict.get, parts, repeat("type")), repeat("text")),
                map(eq, map(len, parts), repeat(2)),
            ),
            map(is_, map(type, texts), repeat(str)),
        )
    )
    # per list: how many of its parts are plain (all: a list of text parts), and the
    # characters of those parts, from running sums at the lists' bounds
    bounds = list(accumulate(map(len, lists), initial=0))
    plain_before = list(accumulate(plain, initial=0))
    at = list(map(plain_before.__getitem__, bounds))
    whole = map(eq, map(sub, at[1:], at[:-1]), map(sub, bounds[1:], bounds[:-1]))
    chars_before = list(accumulate(map(len, compress(texts, plain)), initial=0))
    chars = map(sub, map(chars_before.__getitem__, at[1:]), map(chars_before.__getitem__, at[:-1]))
    positions = compress(range(start, len(dicts)), is_list)
    return dict(compress(zip(positions, chars, strict=True), whole))


def _text_parts(content: Any) -> str | None:
    """The first text of a list of text parts ("" for an empty list; None: not that shape)."""
    if type(content) is not list:
        return None
    for part in content:
        if type(part) is not dict or part.get("type") != "text" or len(part) != 2:
            return None
        if type(part.get("text")) is not str:
            return None
    return content[0]["text"] if content else ""


def _texts(parts: Any) -> list[str]:
    """The texts of parts checked by ``_text_parts``."""
    return [part["text"] for part in parts]


def _plain_answer(d: dict[str, Any], size: int, text_chars: int = -1) -> int:
    """The characters of an assistant turn that is texts (a string, or text parts) and
    well-formed function calls, maybe named, and nothing else the reader reads (``size``:
    how many keys it reads; -1: not that shape). A turn with neither text nor calls is
    read by the reader. ``text_chars``: the characters of its content when known to be
    text parts (``_text_lists``)."""
    content, calls = d.get("content"), d.get("tool_calls")
    if size != 1 + ("content" in d) + ("name" in d) + ("tool_calls" in d):
        return -1  # a refusal, a legacy function_call, a tool_call_id: the reader's
    if "name" in d and type(d["name"]) is not str:
        return -1
    n = _plain_calls(calls) if "tool_calls" in d else 0
    if type(content) is str:
        chars = len(content)
    elif content is None:
        chars = 0 if n >= 0 and calls else -1
    elif text_chars >= 0:
        chars = text_chars
    else:
        first = _text_parts(content)
        chars = -1 if first is None else sum(map(len, _texts(content)))
    if n < 0 or chars < 0 or not (calls or chars or content):
        return -1
    return chars + n


def _plain_calls(calls: Any) -> int:
    """The characters of a list of well-formed function calls (-1: not that shape)."""
    if type(calls) is not list or not calls:
        return -1
    n = 0
    for call in calls:
        if type(call) is not dict or type(call.get("id")) is not str:
            return -1
        fn = call.get("function")
        if type(fn) is not dict or type(fn.get("name")) is not str:
            return -1
        args = fn.get("arguments", "")
        if type(args) is not str:
            return -1
        n += len(args)
    return n


def _plain_parts(content: list[Any]) -> tuple[int, str, bool] | None:
    """(characters, text, whether it holds an image) of a user turn's parts when they are
    plain texts and well-formed images (None: read it now, by the reader)."""
    texts: list[str] = []
    n = images = 0
    for part in content:
        if type(part) is not dict:
            return None
        kind = part.get("type")
        if kind == "text":
            text = part.get("text")
            if type(text) is not str or text.startswith(BLOCK_TEXT_PREFIXES):  # a recap, a file
                return None
            texts.append(text)
            n += len(text)
        elif kind == "image_url":
            spec = part.get("image_url")
            if type(spec) is not dict or type(url := spec.get("url")) is not str:
                return None
            detail = spec.get("detail")
            if detail is not None and (type(detail) is not str or detail not in IMAGE_DETAILS):
                return None
            if url.startswith("data:"):
                comma = url.find(",", 0, 256)
                if comma < 0 or not url[5:comma].endswith(";base64"):
                    return None
            images += 1
        else:
            return None
    if images > 1 and any(map(IMAGE_LABEL.fullmatch, texts)):
        return None  # "Image 1:" labels before images are the reader's to strip
    return n, "\n".join(texts), images > 0


def _may_fold(content: Any) -> bool:
    return type(content) is list and any(
        type(part) is dict
        and type(text := part.get("text")) is str
        and text.startswith(TOOL_MEDIA_PREFIXES)
        for part in content
    )


def message_chars(m: Message) -> int:
    """The characters of a message's texts, tool outputs, file bodies and call arguments."""
    n = 0
    for b in m.content:
        if isinstance(b, Text):
            n += len(b.text)
        elif isinstance(b, ToolResult):
            n += sum(len(x.text) for x in b.content if isinstance(x, Text))
        elif isinstance(b, ToolCall):
            n += len(b.arguments)
        elif isinstance(b, FileAttachment):
            n += len(b.text or "")
    return n


def holds_images(m: Message, kinds: set[type]) -> bool:
    """Whether ``m`` (whose block types are ``kinds``) holds an image, in a tool result too."""
    return Image in kinds or (
        ToolResult in kinds
        and any(isinstance(b, ToolResult) and Image in map(type, b.content) for b in m.content)
    )


class LazyMessages(Sequence[Message]):
    """The Messages ``read_messages`` makes of ``columns.dicts[start:]``, each read the first
    time it is asked for, after ``head``: the system prompt of a body that holds it beside
    its list (an Anthropic body's ``system``), read already."""

    def __init__(
        self,
        columns: DictColumns,
        start: int = 0,
        unchanged: int = 0,
        after_system: tuple[int, int] | None = None,
        head: tuple[Message, ...] = (),
        patched: tuple[int, int, int] | None = None,
        spliced: tuple[int, int, int, int] | None = None,
        reprice: tuple[int, ...] = (),
    ) -> None:
        self.columns = columns
        self.start = start
        self.head = head
        # how many leading messages are the same as in the last LazyMessages of these
        # columns at this start (a Fitter's source knows: its dicts compared equal)
        self.unchanged = unchanged
        # (k, n): only the first k (system) messages changed, messages k..n are the same
        self.after_system = after_system
        # (lo, hi, n), positions of the columns: dicts lo..hi were edited in place and noted
        # again (``DictColumns.rescan``: the same roles and grouping), those from hi to n
        # are the same as last time, those from n on are new (None: see ``unchanged``)
        self.patched = patched
        # (lo, removed, added, moved), positions of the columns: the ``removed`` dicts at
        # lo were taken out and ``added`` put in their place (``DictColumns.splice``); the
        # ``moved`` dicts after them are the same as last time, ``added - removed``
        # positions further on; those after are new (None: see ``unchanged``)
        self.spliced = spliced
        # positions of the moved tool results priced anew (their call was removed or added)
        self.reprice = reprice

    def __len__(self) -> int:
        return len(self.head) + len(self.columns.roles) - self.start

    @overload
    def __getitem__(self, i: int) -> Message: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Message]: ...

    def __getitem__(self, i: int | slice) -> Message | Sequence[Message]:
        head = self.head
        if isinstance(i, slice):
            if head:
                return [self[j] for j in range(*i.indices(len(self)))]
            return [self.columns.message(self.start + j) for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        if i < len(head):
            return head[i]
        return self.columns.message(self.start + i - len(head))

    def tail(self, n: int) -> LazyMessages:
        """The messages from ``n`` on (positions renumbered from 0; ``n`` is past the head)."""
        if self.head:
            return LazyMessages(self.columns, self.start + n - len(self.head))
        after = self.after_system
        if after is not None and self.start + n == after[0]:  # the history after the prompt
            return LazyMessages(self.columns, after[0], after[1] - after[0])
        patched = self.patched if self.patched and self.patched[0] >= self.start + n else None
        spliced = self.spliced if self.spliced and self.spliced[0] >= self.start + n else None
        return LazyMessages(
            self.columns,
            self.start + n,
            max(0, self.unchanged - n),
            patched=patched,
            spliced=spliced,
            reprice=self.reprice if spliced else (),
        )

    def position_of(self, message_id: str) -> int | None:
        """The position of the first message of id ``message_id``, found from the ids the
        columns know (no message is read for it), or None."""
        for i, m in enumerate(self.head):
            if m.id == message_id:
                return i
        columns, h = self.columns, len(self.head)
        for lo in range(self.start, len(columns.roles), 4096):
            ids = columns.ids(range(lo, min(lo + 4096, len(columns.roles))))
            if message_id in ids:
                return h + lo + ids.index(message_id) - self.start
        return None

    def holding_images(self) -> list[int]:
        """The positions (ascending) of the messages that hold an image, inside a tool
        result too (the scan notes them)."""
        h, off = len(self.head), self.start
        held = [i for i, m in enumerate(self.head) if next(m.images(), None) is not None]
        images = self.columns.images
        return held + [h + p - off for p in images[bisect_left(images, off) :]]

    def with_messages(self, swaps: dict[int, Message]) -> LazyMessages:
        """These messages with the one at each position of ``swaps`` the one given (see
        ``DictColumns.with_made``): read lazily still, nothing read for it."""
        h, off = len(self.head), self.start
        head = list(self.head)
        inside: dict[int, Message] = {}
        for i, m in swaps.items():
            if i < h:
                head[i] = m
            else:
                inside[off + i - h] = m
        return LazyMessages(self.columns.with_made(inside), off, head=tuple(head))

    def with_appended(self, added: Sequence[Message], fitted: bool = True) -> LazyMessages:
        """These messages, then ``added`` (``DictColumns.with_appended``): read lazily still,
        every one of these said to be unchanged (``fitted``: the history's index fitted them
        last), else as many as these say (the index fitted the history before them)."""
        columns = self.columns.with_appended(added)
        unchanged = len(self) if fitted else self.unchanged
        return LazyMessages(columns, self.start, unchanged, head=self.head)

    def leading_system(self) -> int:
        """How many messages at the start are system messages."""
        roles, n = self.columns.roles, self.start
        while n < len(roles) and roles[n] == "system":
            n += 1
        return len(self.head) + n - self.start


def _tool_dict(m: Message) -> dict[str, Any]:
    """The OpenAI dict of tool message ``m``'s first result, the shape a ``with_appended``
    position keeps beside its Message."""
    result = m.tool_results[0]
    return {"role": "tool", "tool_call_id": result.call_id, "content": result.text}


def all_dicts(items: list[Any]) -> bool:
    """Whether every item is a ``dict`` (not a subclass, not another mapping)."""
    # (the fastest C-speed spelling measured: a set of the types, or all(is_), took 2-3
    # times as long on a 12,000-dict list)
    return list(map(type, items)).count(dict) == len(items)


def read_lazily(payload: Any) -> LazyMessages | None:
    """``payload`` as LazyMessages when it is a plain list of OpenAI Chat dicts that can be
    read lazily, or an Anthropic body (None: read it whole)."""
    if type(payload) is dict:
        return _read_body_lazily(payload)
    if type(payload) is not list or not payload or not all_dicts(payload):
        return None
    # (the scan reads on the spot every dict only another format writes, and gives up
    # there: looking for one first walked a whole text-only history twice)
    columns = DictColumns(payload)
    return LazyMessages(columns) if columns.scan(0) else None


def _read_items_lazily(body: dict[str, Any]) -> LazyMessages | None:
    """A Responses body (``input`` items, ``instructions`` beside them) as LazyMessages
    (``ItemColumns``); None: read it whole (a system item after the first turn)."""
    items = body.get("input")
    if type(items) is not list or not items or not all_dicts(items) or "contents" in body:
        return None
    head: tuple[Message, ...] = ()
    if "instructions" in body:
        head = openai_responses.read({"instructions": body["instructions"], "input": []})
    columns = ItemColumns(items)
    return LazyMessages(columns, head=head) if columns.scan(0) else None


def _read_body_lazily(body: dict[str, Any]) -> LazyMessages | None:
    """An Anthropic body (``system`` beside ``messages``, or ``messages`` that only
    Anthropic writes so) as LazyMessages (``TurnColumns``); the system prompt is read now,
    as the reader reads it (None: read the body whole)."""
    if "input" in body:
        return _read_items_lazily(body)
    dicts = body.get("messages")
    if type(dicts) is not list or not dicts or not all_dicts(dicts) or set(body) & _OTHER_LISTS:
        return None
    if "system" not in body:
        return _read_turns_lazily(dicts, ()) if decisive_format(dicts) == "anthropic" else None
    head = anthropic.read({"system": body["system"], "messages": []})
    if any(m.role != "system" for m in head):
        return None
    return _read_turns_lazily(dicts, tuple(head))


def _read_turns_lazily(dicts: list[dict[str, Any]], head: tuple[Message, ...]) -> LazyMessages:
    columns = TurnColumns(dicts)
    columns.scan(0)
    return LazyMessages(columns, head=head)


class TurnColumns(DictColumns):
    """The columns of an Anthropic message list, where one dict may make several Messages
    (a user turn holding tool results: a tool message per result, then the user's own
    blocks): positions are the Messages', ``turns`` the list, ``dicts`` the dict each
    Message comes from, ``origin`` its position in the list (its id is ``m<origin>``).

    A user's or an assistant's turn of one text (a string, or one text block) is left
    unread: the Anthropic reader and the OpenAI Chat one make the same Message of it, so
    ``DictColumns`` reads and prices it. Any other turn is read on the spot, by the
    Anthropic reader (so it raises, naming where, on a malformed block)."""

    def __init__(self, turns: list[dict[str, Any]]) -> None:
        # While every dict makes one Message, position p is dict p: ``dicts`` is the app's
        # own list and ``origin`` None (a list and an array beside it were 16 bytes a turn,
        # ~0.06x a tiny-turn body at a fit's peak of memory); both are made at the first
        # dict that makes several Messages (or a run of dicts one).
        super().__init__(turns)
        self.turns = turns
        self.origin: array[int] | None = None

    def _place(self, d: dict[str, Any], at: int) -> None:
        """Note that the next position's Message comes from ``d``, at ``at`` in the list."""
        p = len(self.roles)
        origin = self.origin
        if origin is None:
            if at == p:
                return
            self.dicts = self.turns[:p]
            origin = self.origin = array("q", range(p))
        self.dicts.append(d)
        origin.append(at)

    def _origin(self, p: int) -> int:
        return p if self.origin is None else self.origin[p]

    def scan(self, start: int) -> bool:
        """Note every turn (a list is scanned once: ``start`` is 0)."""
        for at, d in enumerate(self.turns):
            role = d.get("role")
            text = _one_text(d.get("content")) if len(d) == 2 and role in _ANSWERS else None
            if text and (role == "assistant" or not text.startswith(BLOCK_TEXT_PREFIXES)):
                self._note_unread("user" if role == "user" else "assistant", text, d, at)
                continue
            for m in anthropic.read([d], start=at):
                self._note_read(m, d, at)
        return True

    def _note_unread(
        self, role: Role, text: str, d: dict[str, Any], at: int, chars: int = -1
    ) -> None:
        """Note a turn of one text, left unread (``d``: its dict, at ``at`` in the list;
        ``chars``: its characters priced, when not all of ``text``'s)."""
        self._place(d, at)
        self.roles.append(role)
        self.chars.append(len(text) if chars < 0 else chars)
        self.made.append(None)
        self.texts.append(text if role == "user" else None)

    def _note_read(self, m: Message, d: dict[str, Any], at: int) -> None:
        """Note a Message read on the spot (from ``d``, at ``at`` in the list)."""
        p = len(self.roles)
        self._place(d, at)
        self.roles.append(m.role)
        self.chars.append(message_chars(m))
        self.made.append(m)
        kinds = set(map(type, m.content))
        if m.role == "assistant" and ToolCall in kinds:
            self.opens.append(p)
        if Recap in kinds:
            self.recaps.append(p)
        self.texts.append(m.text if m.role == "user" and Recap not in kinds else None)
        if holds_images(m, kinds):
            self.images.append(p)

    def id_of(self, p: int) -> str:
        m = self.made[p]
        return f"m{self._origin(p)}" if m is None else m.id

    def one_text(self, p: int) -> bool:
        return True  # (every turn left unread is one text: a request's is asked)

    def text_parts(self, p: int) -> int:
        return 1

    def ids(self, positions: Sequence[int]) -> list[str]:
        return list(map(self.id_of, positions))

    def ids_later(self, lo: int, hi: int) -> Callable[[], list[str]]:
        made = self.made[lo:hi]
        origin = range(lo, lo + len(made)) if self.origin is None else self.origin[lo:hi]
        return lambda: [f"m{o}" if m is None else m.id for o, m in zip(origin, made, strict=True)]


class ItemColumns(TurnColumns):
    """The columns of a Responses ``input``, where one Message may come from several items
    (an assistant's reasoning, calls and texts, consecutive) and an item is one Message
    otherwise. A user's item of one text (a string, or one ``input_text`` part), an
    assistant's ``message`` item of one ``output_text`` part alone between other turns and
    a function's output of a string are left unread (read, when asked, by the Responses
    reader: the same Message); any other item, or run of assistant items, is read on the
    spot."""

    def scan(self, start: int) -> bool:
        """Note every item (a list is scanned once); False: read it whole (a system or
        developer item after the first turn: the whole read moves it to the top)."""
        items, roles = self.turns, self.roles
        at, n = 0, len(items)
        while at < n:
            d = items[at]
            end = at + 1
            while end <= n and _by_the_assistant(items[end - 1]):
                end += 1  # (a run of an assistant's items is one Message, or several)
            end = max(end - 1, at + 1)
            text = _item_text(d) if end == at + 1 else None
            output = _plain_output(d) if end == at + 1 else None
            if text:
                role: Role = "user" if d.get("role") == "user" else "assistant"
                self._note_unread(role, text, d, at)
            elif output is not None:  # a tool's text (its error prefix is not priced)
                error = output.startswith(TOOL_ERROR_PREFIX)
                chars = len(output) - len(TOOL_ERROR_PREFIX) if error else len(output)
                self._note_unread("tool", output, d, at, chars)
            else:
                for m in openai_responses.read(items[at:end], start=at):
                    if m.role == "system" and roles and roles[-1] != "system":
                        return False
                    self._note_read(m, d, at)
            at = end
        return True

    def message(self, p: int) -> Message:
        m = self.made[p]
        if m is None and self.base is not None:
            m = self.made[p] = self.base.message(p)
        if m is None:
            (m,) = openai_responses.read([self.dicts[p]], start=self._origin(p))
            self.made[p] = m
        return m

    def flat(self, p: int) -> tuple[Role, str, str | None] | None:
        if self.made[p] is not None:
            return None
        text = _item_text(self.dicts[p])
        return None if text is None else (self.roles[p], text, None)


def _by_the_assistant(item: dict[str, Any]) -> bool:
    """Whether an item is an assistant's (the Responses reader joins consecutive ones)."""
    return openai_responses.by_the_assistant(item)


def _plain_output(item: dict[str, Any]) -> str | None:
    """The output of a ``function_call_output`` item that is a string, with no other key the
    reader reads (None: another shape, read on the spot)."""
    if len(item) != 3 or item.get("type") != "function_call_output":
        return None
    output = item.get("output")
    return output if type(output) is str and type(item.get("call_id")) is str else None


def _item_text(item: dict[str, Any]) -> str | None:
    """The text of a user's item of one text (a string or one ``input_text`` part) or of
    an assistant's ``message`` item of one ``output_text`` part, with no other key the
    reader reads (an id, a status); None: another shape."""
    role = item.get("role")
    if len(item) != 2 + ("type" in item) or item.get("type", "message") != "message":
        return None
    content = item.get("content")
    if role == "user" and type(content) is str:
        text: Any = content
    elif type(content) is list and len(content) == 1 and type(content[0]) is dict:
        part = content[0]
        kind = "input_text" if role == "user" else "output_text"
        if part.get("type") != kind or len(part) != 2 + ("annotations" in part):
            return None
        if part.get("annotations", []) != []:
            return None
        text = part.get("text")
    else:
        return None
    if type(text) is not str or not text or role not in _ANSWERS:
        return None
    return None if role == "user" and text.startswith(BLOCK_TEXT_PREFIXES) else text


def _one_text(content: Any) -> str | None:
    """The text of a content that is a string or a list of one plain text block (None:
    another shape)."""
    if type(content) is str:
        return content
    if type(content) is list and len(content) == 1:
        part = content[0]
        if type(part) is dict and len(part) == 2 and part.get("type") == "text":
            text = part.get("text")
            return text if type(text) is str else None
    return None


_ANSWERS = frozenset({"user", "assistant"})
#: The keys of bodies of other formats (``_read_body_lazily`` reads Anthropic's only).
_OTHER_LISTS = frozenset({"contents", "input", "instructions", "systemInstruction"})

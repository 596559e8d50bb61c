"""Shape rules every wire format shares, and the conventions that keep round trips lossless.

Conventions (each is read back by the readers, so a round trip restores the block):

* **Image labels.** A user turn with two or more images introduces each one with a text
  block ``Image k:`` placed directly before it. Readers drop such a label when it is
  immediately followed by an image.
* **Order kept.** A user turn's blocks go in the order the user wrote them: "what is
  this:" followed by a screenshot points at what follows it (images used to be moved first,
  silently).
* **Attached text files** travel as a text block ``Attached file: NAME`` + a fenced body
  (the seed's format) where the target has no text-document block.
* **Tool errors** travel as a ``[tool error] `` prefix where the target has no error flag.
* **Images and files returned by a tool**, where the target's tool message cannot carry
  them (OpenAI Chat Completions), follow in a user turn right after the tool results: a
  text ``Images returned by tool call ID:`` (``Files …`` for documents only, ``Images
  and files …`` for both) and then the images and files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from ..errors import ContentError, SendError, StreamInterrupted, UnsupportedBlockError, describe
from ..model import (
    IMAGE_MEDIA_TYPES,
    Audio,
    Block,
    FileAttachment,
    Image,
    InlineData,
    Message,
    Reasoning,
    Recap,
    Text,
    ToolResult,
)
from ..model import parse_data_url as parse_data_url  # (the format modules call c.parse_data_url)
from ..report import Notice
from .ids import RESPONSES_ITEM_PREFIX, name_accepted, responses_item_id, speaker_name

IMAGE_LABEL = re.compile(r"Image \d+:")
TOOL_ERROR_PREFIX = "[tool error] "
_RETURNED = " returned by tool call "
#: How a user turn carrying a tool's images or files starts (``tool_images_header``).
TOOL_MEDIA_PREFIXES = tuple(
    f"{what}{_RETURNED}" for what in ("Images", "Files", "Images and files")
)
_ATTACHMENT = re.compile(r"Attached file: (?P<name>[^\n]*)\n```\n(?P<body>.*)\n```", re.DOTALL)
#: A user text that starts with one of these may be read back as a recap or a file
#: (``text_block``); any other is plain text (the readers' fast paths check this).
BLOCK_TEXT_PREFIXES = (Recap.PREFIX, "Attached file: ")


def attachment_text(f: FileAttachment) -> str:
    return f"Attached file: {f.name}\n```\n{f.text or ''}\n```"


def parse_attachment(text: str) -> FileAttachment | None:
    m = _ATTACHMENT.fullmatch(text)
    if m is None:
        return None
    return FileAttachment(name=m["name"], text=m["body"])


#: Media types that name text beside ``text/*``: a file of one of these whose bytes are
#: UTF-8 is read as the text it is (``inline_file``).
_TEXT_APPLICATION_TYPES = frozenset(
    {
        "json", "xml", "yaml", "x-yaml", "toml", "x-toml", "javascript", "x-javascript",
        "ecmascript", "typescript", "x-typescript", "x-sh", "x-shellscript", "sql", "csv",
        "ndjson", "x-ndjson", "jsonl", "x-python", "x-python-code", "graphql", "x-tex",
        "x-latex", "markdown", "x-markdown", "x-httpd-php", "x-ruby", "x-perl",
    }
)  # fmt: skip


def base_media_type(media_type: str) -> str:
    """A media type without its parameters, lower case.

    >>> base_media_type("Text/CSV; charset=utf-8")
    'text/csv'
    """
    return media_type.split(";", 1)[0].strip().lower()


def is_text_media_type(media_type: str) -> bool:
    """Whether ``media_type`` names text (``text/*``, JSON, XML, YAML, code…).

    >>> [is_text_media_type(t) for t in ("text/markdown", "application/ld+json", "application/pdf")]
    [True, True, False]
    """
    base = base_media_type(media_type)
    kind, _, sub = base.partition("/")
    if kind == "text":
        return True
    return kind == "application" and (
        sub in _TEXT_APPLICATION_TYPES or sub.endswith(("+json", "+xml", "+yaml"))
    )


def inline_file(name: str, data: InlineData, media_type: str) -> FileAttachment:
    """An inline file as read: a text file (a text media type, UTF-8 bytes) as its text,
    which every provider takes and fit may shorten (Anthropic and OpenAI Chat take no
    text file as bytes, Gemini no CSV, Markdown or JSON: a text block carries it to each);
    any other file as its bytes.

    >>> inline_file("a.csv", InlineData.from_bytes(b"id,n\\n1,2"), "text/csv").text
    'id,n\\n1,2'
    >>> inline_file("a.bin", InlineData.from_bytes(b"\\xff\\xfe"), "text/plain").data is not None
    True
    """
    if is_text_media_type(media_type):
        try:
            text = data.decode().decode("utf-8-sig")
        except ValueError:  # not base64, or not UTF-8 (binascii.Error, UnicodeDecodeError)
            text = None
        if text is not None and "\x00" not in text:
            return FileAttachment(name=name, text=text, media_type=base_media_type(media_type))
    return FileAttachment(name=name, data=data, media_type=media_type)


def unsent_file_text(f: FileAttachment, title: str) -> str:
    """The line that stands for an inline file a format takes no file of its type as (a
    Word document to Anthropic, OpenAI Chat or Gemini): it names the file, so the model
    and the person reading the request know it was there."""
    return f"[file {f.name!r} ({f.media_type}) not sent: {title} takes no such files]"


def unsent_file_notice(f: FileAttachment, title: str, where: str) -> Notice:
    """The notice that file ``f``, which ``title`` takes no file of its type as, went as
    ``title`` takes it: its text (a text file), or the line naming it (``unsent_file_text``)."""
    if f.data is None:
        how = f"as its text: {title} takes no file of its type as a file (only as text)"
    else:
        how = (
            f"as a line naming it: {title} takes no files of its type (send it as text or "
            "PDF, or to a format that takes it)"
        )
    return Notice("replaced", where, f"The file {f.name!r} ({f.media_type}) went {how}.")


def unsent_file(f: FileAttachment, title: str, path: str, notices: list[Notice]) -> Text:
    """The line that goes for ``f`` (``unsent_file_text``), reported."""
    notices.append(unsent_file_notice(f, title, path))
    return Text(unsent_file_text(f, title))


def sendable_file(
    f: FileAttachment,
    takes: Callable[[str], bool],
    title: str,
    path: str,
    notices: list[Notice],
) -> FileAttachment | Text:
    """``f`` when the format takes it (text, or bytes of a type it ``takes``), else the
    line naming it, reported. A file the format it came in refused (``refused_in``) goes
    as that one takes it, whatever this one takes: its text, or that format's line, reported
    in the fit's words (``prepare`` tells it once)."""
    if f.refused_in:
        if f.data is None:
            notices.append(unsent_file_notice(f, f.refused_in, path))
            return f
        return unsent_file(f, f.refused_in, path, notices)
    if f.data is None or takes(f.media_type):
        return f
    return unsent_file(f, title, path, notices)


def refused_files(m: Message) -> Iterator[FileAttachment]:
    """The files of ``m`` (a tool result's own among them) that the format they came in
    refused as files (``refused_in``): each goes as that format takes it (``sendable_file``)."""
    for b in m.content:
        for leaf in b.content if isinstance(b, ToolResult) else (b,):
            if isinstance(leaf, FileAttachment) and leaf.refused_in:
                yield leaf


def text_block(text: str) -> Block:
    """Read a wire text back into the block it stands for (recap, attachment or plain text)."""
    if text.startswith(Recap.PREFIX):
        return Recap(text[len(Recap.PREFIX) :].removeprefix("\n"))
    attached = parse_attachment(text)
    return attached if attached is not None else Text(text)


def interleaved(content: Sequence[Block]) -> bool:
    """Whether the user wrote text (or a file) between two images: "Image A:", shot,
    "Image B:", shot, "which is red?" means something only in the order it was written."""
    images_seen = 0
    between = False
    for b in content:
        if isinstance(b, Image):
            if between:
                return True
            images_seen += 1
        elif images_seen and not (isinstance(b, Text) and not b.text.strip()):
            between = True  # (blank text is no words: Anthropic's writer drops it)
    return False


def user_order(content: Sequence[Block]) -> list[Block]:
    """A user turn's blocks as written, ``Image k:`` before each image when there are two
    or more — unless the user wrote text between images: then their own words introduce
    them and nothing is added.

    Empty text blocks are dropped here: every provider rejects or ignores them.
    """
    kept = [b for b in content if not (isinstance(b, Text) and not b.text)]
    return kept if interleaved(content) else label_images(kept)


def index_in(content: Sequence[Block], block: Block, fallback: int) -> int:
    """Where ``block`` (by identity) sits in ``content``: error paths name the input
    position, not the position after images were moved first and labelled."""
    for i, b in enumerate(content):
        if b is block:
            return i
    return fallback


def label_images(content: Sequence[Block]) -> list[Block]:
    """Tool-result content with ``Image k:`` before each image when there are two or more
    (order kept: a tool's output is not reordered)."""
    if sum(isinstance(b, Image) for b in content) < 2:
        return list(content)
    out: list[Block] = []
    k = 0
    for b in content:
        if isinstance(b, Image):
            k += 1
            out.append(Text(f"Image {k}:"))
        out.append(b)
    return out


def strip_labels(blocks: Sequence[Block]) -> list[Block]:
    """Undo ``user_order`` labelling: drop ``Image k:`` texts that sit right before an image."""
    if sum(isinstance(b, Image) for b in blocks) < 2:
        return list(blocks)
    out: list[Block] = []
    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if isinstance(b, Text) and IMAGE_LABEL.fullmatch(b.text) and isinstance(nxt, Image):
            continue
        out.append(b)
    return out


def sent_media_type(labelled: str, data: InlineData) -> str:
    """The media type to send for inline image data: the format its bytes are in, not the
    app's label. Anthropic answers 400 "Image does not match the provided media type" for
    JPEG bytes labelled image/png, and both it and Gemini refuse the common misspelling
    ``image/jpg``. Only the first 16 base64 characters are read (``InlineData.image_type``);
    bytes in a format not every provider takes (BMP, TIFF) keep their label.

    >>> sent_media_type("image/png", InlineData("/9j/4AAQSkZJRgABAQ"))
    'image/jpeg'
    >>> sent_media_type("image/jpg", InlineData("not-an-image"))
    'image/jpeg'
    """
    sniffed = data.image_type()
    if sniffed in IMAGE_MEDIA_TYPES:
        return sniffed
    labelled = labelled.lower()
    return "image/jpeg" if labelled == "image/jpg" else labelled


def data_url(image_media_type: str, data: InlineData) -> str:
    """The data URL for inline data; reuses the original string when it already is one."""
    if data.start and data.text.startswith(f"data:{image_media_type};base64,"):
        return data.text
    return f"data:{image_media_type};base64,{data.base64}"


def not_materialized(path: str) -> ContentError:
    """The error for an image still held as a store ref when a request is written."""
    return ContentError(
        path, "image is a store ref: materialize it (MediaStore.materialize) before sending"
    )


def image_url(img: Image, path: str) -> str:
    """The URL an OpenAI-format request carries for an image: a data URL or its remote URL."""
    if img.data is not None:
        if not img.media_type:
            raise ContentError(path, "inline image has no media type")
        return data_url(img.media_type, img.data)
    if img.url is not None:
        return img.url
    raise not_materialized(path)


def tool_error_text(text: str, is_error: bool) -> str:
    return TOOL_ERROR_PREFIX + text if is_error else text


def split_tool_error(text: str) -> tuple[str, bool]:
    if text.startswith(TOOL_ERROR_PREFIX):
        return text[len(TOOL_ERROR_PREFIX) :], True
    return text, False


def tool_images_header(call_id: str, images: bool = True, files: bool = False) -> str:
    """The text before a tool's images and files moved to a user turn (a PDF is not an
    image: the header says what follows).

    >>> tool_images_header("c1"), tool_images_header("c1", images=False, files=True)
    ('Images returned by tool call c1:', 'Files returned by tool call c1:')
    """
    what = "Images and files" if images and files else "Files" if files else "Images"
    return f"{what}{_RETURNED}{call_id}:"


def refuse_result_audio(r: ToolResult, path: str, target: str, takes: str) -> None:
    """Audio a tool returned, where ``target``'s tool results cannot carry it (``takes``:
    what they take) and no user turn follows them to carry it either: refused, naming
    where, rather than left out unsaid or sent to be refused (HTTP 400)."""
    for k, b in enumerate(r.content):
        if isinstance(b, Audio):
            raise UnsupportedBlockError(
                f"{path}.content[{k}]",
                b.type,
                target,
                f"a tool result takes {takes}, not audio: send the recording in a user "
                "message, or its transcript in the result",
            )


def parse_tool_images_header(text: str) -> str | None:
    """The call id a ``tool_images_header`` names (None: not one)."""
    if text.startswith(TOOL_MEDIA_PREFIXES) and text.endswith(":"):
        return text[text.index(_RETURNED) + len(_RETURNED) : -1]
    return None


def at(path: str, i: int) -> str:
    return f"{path}[{i}]"


def expect_dict(value: object, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        hint = " (pass it as a dict)" if isinstance(value, Mapping) else ""
        raise ContentError(path, f"expected an object, got {describe(value)}{hint}")
    return value


def expect_list(value: object, path: str, *, missing_ok: bool = True) -> list[Any]:
    """``value`` if it is a list; ``[]`` for a missing (``None``) optional list."""
    if value is None and missing_ok:
        return []
    if not isinstance(value, list):
        raise ContentError(path, f"expected a list, got {describe(value)}")
    return value


def keys_of(d: dict[Any, Any]) -> list[str]:
    """A dict's string keys, sorted (for messages about a part nobody recognizes)."""
    return sorted(k for k in d if isinstance(k, str))[:10]


#: Every ``detail`` an image may carry: OpenAI's levels and Gemini 3's resolutions. Whether
#: the target model takes it is checked when it is priced.
IMAGE_DETAILS = ("auto", "low", "high", "original", "medium", "ultra_high")


def image_detail(value: object, path: str) -> str | None:
    """An image's ``detail`` (``None`` when absent); a value no provider knows is an error."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in IMAGE_DETAILS:
        raise ContentError(
            path, f"unknown image detail {describe(value)}; use one of {', '.join(IMAGE_DETAILS)}"
        )
    return value


def dumps_json(value: Any, path: str) -> str:
    """``value`` (tool arguments, a function response) as JSON text, or a ContentError naming
    ``path`` when it cannot be: nested too deeply, an integer too long, not JSON at all."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except RecursionError:
        raise ContentError(path, "nested too deeply to serialize as JSON") from None
    except (TypeError, ValueError) as exc:
        raise ContentError(path, f"not JSON-serializable ({exc})"[:200]) from None


def opt_str(value: object, default: str | None = None) -> str | None:
    """``value`` if it is a string, else ``default`` (for optional wire fields)."""
    return value if isinstance(value, str) else default


def name_or(value: object, default: str) -> str:
    return value if isinstance(value, str) else default


def expect_str(value: object, path: str, what: str) -> str:
    """``value`` if it is a string; else a ContentError whose path ends in the field name."""
    if not isinstance(value, str):
        if not path.endswith(what) and what.replace("_", "").replace(".", "").isalnum():
            path = f"{path}.{what}"
        got = "it is missing" if value is None else f"got {describe(value)}"
        raise ContentError(path, f"{what} must be a string, {got}")
    return value


def split_system(messages: Sequence[Message]) -> tuple[str | None, list[tuple[int, Message]]]:
    """The system text (all system messages joined) and the other messages with their indices."""
    system = [m for m in messages if m.role == "system"]
    rest = [(i, m) for i, m in enumerate(messages) if m.role != "system"]
    text = "\n\n".join(m.text for m in system) if system else None
    return text, rest


def name_notices(messages: Sequence[Message], target: str, title: str) -> list[Notice]:
    """A notice for each message name ``target`` has no place for (only OpenAI Chat sends
    names): in a chat of several people the model no longer sees who said what. OpenAI
    Chat takes letters, digits, '_' and '-' only ("Invalid 'messages[1].name': string does
    not match pattern"): a name with others is sent renamed, reported.

    >>> [n.where for n in name_notices([Message("user", (Text("hi"),), name="bob")], "gemini", "Gemini")]
    ['messages[0]']
    >>> print(name_notices([Message("user", (Text("hi"),), name="Ana M.")], "openai", "OpenAI")[0])
    The name 'Ana M.' on message 0 was sent as 'Ana_M_': OpenAI takes only letters, digits, '_' and '-' there.
    """
    if target == "openai":
        return [
            Notice(
                "renamed",
                f"messages[{i}]",
                f"The name {m.name!r} on message {i} was sent as {speaker_name(m.name, target)!r}: "
                f"{title} takes only letters, digits, '_' and '-' there.",
            )
            for i, m in enumerate(messages)
            if m.name and not name_accepted(m.name, target)
        ]
    return [
        Notice(
            "dropped",
            f"messages[{i}]",
            f"The name {m.name!r} on message {i} was not sent: {title} has no message names.",
        )
        for i, m in enumerate(messages)
        if m.name
    ]


#: The fields of a file's part only Gemini reads — an inline video's ``video_metadata``, the
#: clip's start and end offsets and frame rate — kept in ``FileAttachment.document_fields``
#: beside Anthropic's document fields and sent back to Gemini as they came (the reader
#: dropped them: the whole video went where the user asked for a clip, unreported).
GEMINI_FILE_FIELDS = ("video_metadata",)
_FIELD_OWNERS = {"anthropic": "Anthropic", "gemini": "Gemini"}


def _field_owner(key: str) -> str:
    return "gemini" if key in GEMINI_FILE_FIELDS else "anthropic"


def file_fields(f: FileAttachment, target: str) -> dict[str, Any]:
    """The provider-only fields of ``f`` (``document_fields``) that ``target`` takes.

    >>> clip = FileAttachment("file", document_fields='{"video_metadata": {"fps": 2}}')
    >>> file_fields(clip, "gemini"), file_fields(clip, "anthropic")
    ({'video_metadata': {'fps': 2}}, {})
    """
    fields: dict[str, Any] = json.loads(f.document_fields or "{}")
    return {k: v for k, v in fields.items() if _field_owner(k) == target}


def document_field_notices(messages: Sequence[Message], target: str, title: str) -> list[Notice]:
    """A notice for each file whose provider-only fields (Anthropic's ``citations``,
    ``context``, a ``content`` source's chunks; Gemini's ``video_metadata``) ``target`` has
    no place for: an app that asked for citations gets none, a clip goes as the whole video
    (the provider they came from gets them back as they came).

    >>> doc = FileAttachment("runbook", text="Step 1.", document_fields='{"citations": {}}')
    >>> print(document_field_notices([Message("user", (doc,))], "gemini", "Gemini")[0])
    The document 'runbook' was sent to Gemini without its citations: only Anthropic takes them.
    """
    out: list[Notice] = []
    for where, b in _documents(messages):
        if not b.document_fields:
            continue
        fields = sorted(json.loads(b.document_fields))
        for owner in sorted({_field_owner(k) for k in fields} - {target}):
            names = [_DOCUMENT_FIELD_NAMES.get(k, k) for k in fields if _field_owner(k) == owner]
            what = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            out.append(
                Notice(
                    "dropped",
                    where,
                    f"The document {b.name!r} was sent to {title} without its {what}: only "
                    f"{_FIELD_OWNERS[owner]} takes them.",
                )
            )
    return out


_DOCUMENT_FIELD_NAMES = {
    "source": "chunk boundaries (a content source)",
    "video_metadata": "clip bounds and frame rate (video_metadata)",
}


def cited(text: Text, citations: object, fmt: str, path: str) -> Text:
    """``text`` with the citations its format wrote beside it (Anthropic's ``citations``, a
    Responses or Chat ``annotations`` list), kept as JSON for ``fmt``'s writer to send back
    and ``citation_notices`` to name elsewhere; none (missing, empty): ``text`` as it is."""
    if not isinstance(citations, list) or not citations:
        return text
    return replace(text, citations=dumps_json(citations, path), citations_format=fmt)


def carries_citations(b: Text, target: str) -> bool:
    """Whether ``target``'s writer sends ``b``'s citations: only back to the format that
    wrote them, Chat never (its request has no place for them), the Responses API only in
    an output message item sent with its id (an assistant message without one takes none)."""
    if b.citations is None or b.citations_format != target or target == "openai":
        return False
    return target != "openai-responses" or responses_item_id(b.item_id, "message") is not None


def citation_notices(messages: Sequence[Message], target: str, title: str) -> list[Notice]:
    """A notice for each text whose citations ``target`` does not take back, naming what
    they cited: the answer goes, where it came from does not (review36 R36-P1).

    >>> t = Text("It starts in June.", citations='[{"type": "url_citation", "url": "https://ex.org/a"}]',
    ...          citations_format="openai")
    >>> print(citation_notices([Message("assistant", (t,))], "gemini", "Gemini")[0])
    The answer at messages[0].content[0] was sent to Gemini with its 1 citation left out (https://ex.org/a): only OpenAI Chat's replies carry them.
    """
    out: list[Notice] = []
    for i, m in enumerate(messages):
        for j, b in enumerate(m.content):
            if type(b) is not Text or b.citations is None:
                continue
            if m.role == "assistant" and carries_citations(b, target):
                continue
            cites = _citation_list(b.citations)
            n = len(cites)
            said = "; ".join(filter(None, (", ".join(_cited_sources(cites)), _first_quote(cites))))
            where = f"messages[{i}].content[{j}]"
            owner = _CITING_FORMATS.get(b.citations_format or "", "another format")
            out.append(
                Notice(
                    "dropped",
                    where,
                    f"The answer at {where} was sent to {title} with its {n} "
                    f"citation{'s' if n != 1 else ''} left out"
                    f"{f' ({said})' if said else ''}: only {owner} carry "
                    "them.",
                )
            )
    return out


def _first_quote(cites: Sequence[Any], most: int = 100) -> str:
    """What the first citation that quotes its source quotes (Anthropic's ``cited_text``),
    shortened: the words the answer rested on, named where they are not sent."""
    for x in cites:
        quote = x.get("cited_text") if isinstance(x, Mapping) else None
        if isinstance(quote, str) and quote.strip():
            short = " ".join(quote.split())
            return f"quoting {short if len(short) <= most else short[:most] + '…'!r}"
    return ""


_CITING_FORMATS = {
    "anthropic": "Anthropic's text blocks",
    "openai-responses": "the Responses API's output messages sent with their ids",
    "openai": "OpenAI Chat's replies",
}


def _citation_list(raw: str) -> list[Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        return []
    return value if isinstance(value, list) else []


def _cited_sources(cites: Sequence[Any], most: int = 4) -> list[str]:
    """What the citations point at, each once: a URL, a search result's source, a
    document's title, a file's name or id (Chat nests its URL in ``url_citation``)."""
    found: list[str] = []
    for x in cites:
        if not isinstance(x, Mapping):
            continue
        inner = x.get("url_citation")
        spec = inner if isinstance(inner, Mapping) else x
        for key in ("url", "source", "document_title", "filename", "file_id"):
            value = spec.get(key)
            if isinstance(value, str) and value:
                if value not in found:
                    found.append(value)
                break
    shown = [v[:120] for v in found[:most]]
    return shown + ([f"{len(found) - most} more"] if len(found) > most else [])


def _documents(messages: Sequence[Message]) -> Iterator[tuple[str, FileAttachment]]:
    """Every file of ``messages``, in a turn or a tool result, with its path."""
    for i, m in enumerate(messages):
        for j, b in enumerate(m.content):
            if isinstance(b, FileAttachment):
                yield f"messages[{i}].content[{j}]", b
            elif isinstance(b, ToolResult):
                for k, x in enumerate(b.content):
                    if isinstance(x, FileAttachment):
                        yield f"messages[{i}].content[{j}].content[{k}]", x


def carries_reasoning(b: Reasoning, target: str) -> bool:
    """Whether ``target``'s writer sends ``b``: only back to the provider that produced it,
    and never in Chat Completions, which has no reasoning input; a Responses reasoning item
    only under an id the API takes (``ids.responses_item_id``: one another gateway minted is
    refused, and a reasoning item is not sent without its id)."""
    if target == "openai-responses" and b.item_id is not None and not b.redacted:
        return b.provider == target and responses_item_id(b.item_id, "reasoning") is not None
    return target != "openai" and b.provider == target


def sends_nothing(m: Message, target: str) -> bool:
    """An assistant message that ``target``'s writer would leave empty: reasoning it does not
    carry and nothing else but blank text (every provider refuses an empty turn; white space
    alone is nothing said, as ``repair`` reads a blank assistant message — an agent's last
    reply that said nothing, sent empty, was a prefill Claude 4.6 and later refuse).

    >>> sends_nothing(Message("assistant", (Reasoning("anthropic", text="hm"),)), "gemini")
    True
    >>> sends_nothing(Message("assistant", (Reasoning("openai-responses"), Text(" \\n "))), "anthropic")
    True
    """
    return (
        m.role == "assistant"
        and any(isinstance(b, Reasoning) for b in m.content)
        and all(
            (isinstance(b, Reasoning) and not carries_reasoning(b, target))
            or (type(b) is Text and not b.text.strip())
            for b in m.content
        )
    )


def drop_empty_turns(
    messages: Sequence[Message], target: str, notices: list[Notice]
) -> Sequence[Message]:
    """``messages`` without the assistant turns ``sends_nothing`` finds, each reported."""
    if not any(sends_nothing(m, target) for m in messages):
        return messages
    kept: list[Message] = []
    for i, m in enumerate(messages):
        if not sends_nothing(m, target):
            kept.append(m)
            continue
        for j, b in enumerate(m.content):
            if isinstance(b, Reasoning):
                notice = reasoning_dropped(f"messages[{i}].content[{j}]", b, target)
                emptied = f"{notice.text} The turn had nothing else, so it was left out."
                notices.append(Notice(notice.kind, notice.where, emptied))
    return kept


def only_foreign_reasoning(m: Message, target: str) -> bool:
    """The writers' check for a turn ``translate`` already leaves out (``sends_nothing``)."""
    return sends_nothing(m, target)


def reasoning_dropped(path: str, b: Reasoning, target: str) -> Notice:
    """The notice for a reasoning block left out: it only goes back to its own provider
    (and to the Responses API only under an id it takes: ``carries_reasoning``)."""
    if b.provider == target:
        return Notice(
            "dropped",
            path,
            f"A reasoning item with id {b.item_id!r} was not sent to {target}: the API takes "
            f"a reasoning item's id only as {RESPONSES_ITEM_PREFIX['reasoning']!r}… (another "
            "gateway minted this one), and refuses the item without it.",
        )
    return Notice(
        "dropped",
        path,
        f"A reasoning block from {b.provider} was not sent to {target}: reasoning is only "
        "sent back to the provider that produced it (its signature is provider-specific).",
    )


def stream_ended_early(
    provider: str, model: str, count: int, unit: str, end: str, partial: Message
) -> SendError:
    """A stream that stopped before the provider said it was done (what arrived is kept)."""
    what = (
        f"no {unit}s at all"
        if count == 0
        else f"{count} {unit}(s) but no {end}: the reply is incomplete"
    )
    return SendError(provider, model, "protocol", f"the stream ended with {what}", partial=partial)


@contextmanager
def keeping_partial(
    partial: Callable[[], Message], count: Callable[[], int], unit: str
) -> Iterator[None]:
    """Around a provider's stream loop: a failure once something arrived (the connection
    dropped, the provider's error event) keeps what arrived. Another exception is raised as
    :class:`StreamInterrupted` with ``partial()`` (the client layer maps its cause); our
    own :class:`SendError` gets ``partial()`` when it has none."""
    try:
        yield
    except SendError as exc:
        if exc.partial is None and count():
            exc.partial = partial()
        raise
    except Exception as exc:
        if not count():
            raise
        raise StreamInterrupted(exc, partial(), count(), unit) from exc

"""The summarizer's input: a capped, flattened transcript, and the prompt that goes with it.

Each message is flattened to text and held to ``message_chars`` characters (head and tail
kept, the middle marked as omitted); the whole transcript is held to ``transcript_bytes``
UTF-8 bytes (oldest and newest messages kept, the middle marked as omitted). Tool calls
become ``[called: write_file, run_command]`` followed by their key arguments, tool results
carry the tool's name and whether it failed, images become ``[image 'name' W×H]``.

>>> from contextledger.model import Message, ToolCall
>>> msgs = [Message.user("Fix the bug in app.py", id="u1"),
...         Message.assistant(ToolCall("c1", "run_command", '{"command": "pytest -q"}'), id="a1"),
...         Message.tool("c1", "1 failed", is_error=True, id="t1")]
>>> print(build_transcript(msgs).text)
User: Fix the bug in app.py
<BLANKLINE>
Assistant: [called: run_command]
  run_command(command="pytest -q")
<BLANKLINE>
Tool run_command (failed): 1 failed
"""

from __future__ import annotations

import json
import re
import shlex
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import (
    Audio,
    FileAttachment,
    Image,
    Message,
    ProviderContent,
    Recap,
    Text,
    ToolCall,
)
from .policy import CompactionPolicy

PROMPT_END = "Do not invent facts. Return only the summary text, no preamble."

_JOINERS = {"\u200c", "\u200d", "\u034f"}


def _joins_previous(ch: str) -> bool:
    """True if ``ch`` belongs to the character cluster before it (mark, joiner, selector)."""
    return (
        unicodedata.category(ch).startswith("M")
        or ch in _JOINERS
        or "\ufe00" <= ch <= "\ufe0f"
        or "\U000e0100" <= ch <= "\U000e01ef"
    )


def _continues(ch: str) -> bool:
    """True if a cluster goes on after ``ch`` (a virama or a zero-width joiner)."""
    return ch == "\u200d" or unicodedata.combining(ch) == 9


def cut_utf8(text: str, max_bytes: int) -> str:
    """The longest prefix of ``text`` that fits ``max_bytes`` UTF-8 bytes.

    Never splits a character, and backs off so a base character is not separated from
    its combining marks (Devanagari vowel signs and viramas, emoji joiners).

    >>> cut_utf8("नमस्ते", 12)  # 'नमस्' is 12 bytes, but 'स्' joins the next letter
    'नम'
    >>> cut_utf8("你好世界", 7)
    '你好'
    >>> len(cut_utf8("héllo" * 100, 8).encode())  # 'é' would need bytes 8 and 9
    7
    """
    if max_bytes <= 0:
        return ""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= max_bytes:
        return text
    end = max_bytes
    while end > 0 and (data[end] & 0xC0) == 0x80:
        end -= 1
    out = data[:end].decode("utf-8", "surrogatepass")
    following = data[end : end + 4].decode("utf-8", "ignore")[:1]
    while out and ((following and _joins_previous(following)) or _continues(out[-1])):
        following = out[-1]
        out = out[:-1]
    return out


def cut_prose(text: str, max_bytes: int) -> str:
    """Cut prose to ``max_bytes`` at a sentence or line end when one is in the second half,
    else at a space: never mid-word, where the fragment ("uploaded to TestFli") would read
    as an invented name.

    >>> cut_prose("Build 4120 went out. It was uploaded to TestFlight today.", 40)
    'Build 4120 went out.'
    >>> cut_prose("one two three four", 12)
    'one two'
    """
    if utf8_len(text) <= max_bytes:
        return text
    cut = cut_utf8(text, max_bytes)
    ends = [m.end() for m in re.finditer(r"[.!?](?=\s)|\n", cut)]
    if ends and ends[-1] >= len(cut) // 2:
        return cut[: ends[-1]].rstrip()
    space = cut.rfind(" ")
    return (cut[:space] if space > 0 else cut).rstrip()


def utf8_len(text: str) -> int:
    """Length of ``text`` in UTF-8 bytes."""
    return len(text.encode("utf-8", "surrogatepass"))


def head_tail(text: str, max_chars: int) -> str:
    """``text`` held to ``max_chars`` characters, keeping its head and its tail.

    >>> head_tail("a" * 50 + "b" * 50, 40)
    'aaaaaaaaa […82 chars omitted…] bbbbbbbbb'
    >>> len(head_tail("x" * 5000, 800))
    800
    """
    if len(text) <= max_chars:
        return text
    avail = max(0, max_chars - len(_omitted(0)))
    while avail > 0 and avail + len(_omitted(len(text) - avail)) > max_chars:
        avail -= 1
    head_n = (avail + 1) // 2
    tail_n = avail - head_n
    omitted = len(text) - head_n - tail_n
    tail = text[len(text) - tail_n :] if tail_n else ""
    return f"{text[:head_n]}{_omitted(omitted)}{tail}"


def _omitted(n: int) -> str:
    return f" […{n} chars omitted…] "


def build_prompt(policy: CompactionPolicy | None = None) -> str:
    """The instruction sent with the transcript. It asks for the same sections as the
    offline recap (:mod:`.digest`), so both read alike and verification reads each
    section for what it claims. It ends with :data:`PROMPT_END`.

    >>> build_prompt().endswith("Do not invent facts. Return only the summary text, no preamble.")
    True
    """
    words = (policy or CompactionPolicy()).max_words
    return (
        "You are compacting the earlier part of a conversation between a user and an AI "
        "assistant. The assistant will read your summary instead of those turns, so it "
        f"must carry everything needed to continue the work. Write at most {words} words.\n"
        "Preserve: the user's goals; decisions made and by whom; files and paths touched; "
        "tools used and their key results, including failures; unresolved tasks and open "
        "requests; constraints and preferences the user stated.\n"
        "Write these sections, in this order, leaving out any that would be empty:\n"
        "Goal: the task in the user's own words.\n"
        "Constraints and corrections: one '- ' line each, the user's rules and corrections "
        "in the user's words (keep every 'never', 'do not' and 'X not Y' exactly).\n"
        "User also said: one '- ' line each, other facts the user stated in the user's "
        "words (environment variables, branches, who owns or approves what, versions, "
        "deadlines, hosts, URLs, tickets, IDs).\n"
        "Decisions: one '- User: …' or '- Assistant: …' line each, saying who decided.\n"
        "Findings: one '- Assistant: …' line each, what the assistant found out (a root "
        "cause, a diagnosis) or stated (a URL, a port, an image, a version, an error code), "
        "and '- `command`: line' for a value a run printed (a commit, a pull request's "
        "URL, a released version).\n"
        "Files written: paths a tool call wrote, comma-separated.\n"
        "Files read: paths a tool call read, comma-separated.\n"
        "Commands run: one '- `command`' line each, only commands a tool call actually ran, "
        "exactly as run with all their arguments (never a command someone only mentioned).\n"
        "Actions taken: one '- tool(key=value, …): result' line each, what a tool call with "
        "structured arguments did (a refund issued, an e-mail sent, a ticket updated), "
        "with the arguments that say what it did and its result's status.\n"
        "Failures: one '- `command` (or tool): the failure line from its output' line each "
        "(non-zero exits, FAILED, tracebacks, error statuses, failing test names).\n"
        "Numbers that matter: one '- User: …' or '- Assistant: …' line each, saying who "
        "said it.\n"
        "Open requests: one '- ' line each, what the user asked for that is not done.\n"
        "Next step: one line.\n"
        "If the words run short, fill Goal, Constraints and corrections, Open requests, "
        "Failures and Commands run first, and end a section's heading with "
        "'(+N more in the record)' for what it leaves out.\n"
        "Copy file paths, commands, identifiers, numbers and URLs exactly as written. "
        "If a previous recap is given, extend it: keep what still holds, update what "
        "changed, and do not present it as something the user said.\n" + PROMPT_END
    )


def transcript_chunks(
    messages: Sequence[Message],
    previous_recap_bytes: int,
    policy: CompactionPolicy | None = None,
) -> list[tuple[Message, ...]]:
    """``messages`` in consecutive runs whose transcripts each fit ``transcript_bytes``
    with a previous recap of ``previous_recap_bytes`` in front: the input of an
    incremental recap (recap of recap + new turns), so no message is left out. A run
    does not start with a tool reply when it can start at its call instead.

    >>> from contextledger.model import Message
    >>> msgs = [Message.user("x" * 700, id=f"u{i}") for i in range(40)]
    >>> [len(c) for c in transcript_chunks(msgs, 2000, CompactionPolicy())]
    [13, 13, 13, 1]
    """
    policy = policy or CompactionPolicy()
    names = tool_names_by_call(messages)
    head = utf8_len(f"{RECAP_HEADER}\n\n\n{NEW_HEADER}\n\n") + min(
        previous_recap_bytes, policy.reply_bytes, policy.transcript_bytes // 3
    )
    budget = max(1, policy.transcript_bytes - head)
    sizes = [
        utf8_len(render_message(m, names, max_chars=policy.message_chars)) + 2 for m in messages
    ]
    chunks: list[tuple[Message, ...]] = []
    start = 0
    while start < len(messages):
        end, used = start, 0
        while end < len(messages) and (end == start or used + sizes[end] <= budget):
            used += sizes[end]
            end += 1
        if end < len(messages):
            cut = end
            while cut - 1 > start and messages[cut].tool_results:
                cut -= 1  # start the next run at the call, not at its reply
            if cut > start and not messages[cut].tool_results:
                end = cut
        chunks.append(tuple(messages[start:end]))
        start = end
    return chunks


@dataclass(frozen=True, slots=True)
class Transcript:
    """The summarizer input and what was cut to make it fit.

    ``clipped`` is how many messages were shortened to ``message_chars``; ``omitted_ids``
    are messages left out entirely to stay within ``transcript_bytes``.
    """

    text: str
    message_ids: tuple[str, ...]
    omitted_ids: tuple[str, ...] = ()
    clipped: int = 0

    @property
    def bytes(self) -> int:
        return utf8_len(self.text)


def tool_names_by_call(messages: Iterable[Message]) -> dict[str, str]:
    """Map each tool call id to its tool's name."""
    return {c.id: c.name for m in messages for c in m.tool_calls}


def _short(value: Any, limit: int) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return head_tail(" ".join(text.split()), limit)


def render_call(call: ToolCall, *, value_chars: int = 120) -> str:
    """A tool call as ``name(key="value", …)`` with long values shortened."""
    parsed, error = call.parsed()
    if error is not None:
        return f"{call.name}(unparsed arguments: {_short(call.arguments, value_chars)})"
    if isinstance(parsed, Mapping):
        args = ", ".join(
            f"{k}={json.dumps(_short(v, value_chars), ensure_ascii=False)}"
            for k, v in parsed.items()
        )
        return f"{call.name}({args})"
    return f"{call.name}({_short(parsed, value_chars)})"


_SAFE_ARG = re.compile(r"[\w@%+=:,./-]+")  # what needs no quotes (shlex's own set)
_DOUBLE_QUOTE_UNSAFE = re.compile(r'["$`\\!]')


def shell_join(argv: Sequence[str]) -> str:
    """An argv list as it would be typed in a shell: each argument quoted only when it
    must be, in double quotes where they suffice (``shlex.quote`` otherwise), so the
    command reads as written and ``sh -c "…"`` keeps its body whole.

    >>> shell_join(["git", "commit", "-m", "fix the bug"])
    'git commit -m "fix the bug"'
    >>> print(shell_join(["bash", "-lc", "pytest -k 'a or b'"]))
    bash -lc "pytest -k 'a or b'"
    >>> shell_join(["echo", "$HOME", ""])
    "echo '$HOME' ''"
    """
    out: list[str] = []
    for a in argv:
        if _SAFE_ARG.fullmatch(a):
            out.append(a)
        elif a and not _DOUBLE_QUOTE_UNSAFE.search(a):
            out.append(f'"{a}"')
        else:
            out.append(shlex.quote(a))
    return " ".join(out)


# a shell named as a program (a path or ``env`` before it): its ``-c`` runs the next argument
_SHELL_PROGRAM = re.compile(r"(?:\S*/)?(?:ba|z|k|da|a|fi|tc|c)?sh")
# the flag that hands a shell its script: ``-c``, or ``-c`` last of several (``-lc``, ``-euc``)
_SCRIPT_FLAG = re.compile(r"-[A-Za-z]*c")


def typed_command(argv: Sequence[str]) -> str:
    """An argv list as the user would type it: the script a shell runs after ``-c`` whole and
    as written, else the words joined with ``shlex.join`` (the quoting a shell reads back as
    the same argv; review30 R30-M2: ``["git", "commit", "-m", "fix: x"]`` was re-quoted).

    >>> print(typed_command(["zsh", "-lc", "pytest -k 'a or b'"]))
    pytest -k 'a or b'
    >>> print(typed_command(["git", "commit", "-m", "fix: x"]))
    git commit -m 'fix: x'
    >>> print(typed_command(["/bin/bash", "--noprofile", "-c", 'echo "a  b"']))
    echo "a  b"
    """
    if len(argv) >= 3 and _SHELL_PROGRAM.fullmatch(argv[0]):
        for k, word in enumerate(argv[1:-1], start=1):
            if _SCRIPT_FLAG.fullmatch(word):
                return argv[k + 1]
            if not word.startswith("-"):
                break
    return shlex.join(argv)


def _image_label(img: Image) -> str:
    """``'name' W×H``, with the size read from the header when the block has none."""
    from ..gate import image_label

    return image_label(img)


def _render_parts(parts: Iterable[Any], file_chars: int | None) -> list[str]:
    out: list[str] = []
    for b in parts:
        if isinstance(b, Text):
            if b.text.strip():
                out.append(b.text)
        elif isinstance(b, Image):
            out.append(f"[image {_image_label(b)}]")
        elif isinstance(b, FileAttachment):
            head = f"[file '{b.name}' {b.media_type}]"
            if b.text:
                body = b.text if file_chars is None else head_tail(b.text, file_chars)
                head += " " + body
            out.append(head)
        elif isinstance(b, Audio):
            out.append(f"[audio {b.format}]")
        elif isinstance(b, Recap):
            out.append(f"[earlier recap] {b.text}")
        elif isinstance(b, ProviderContent):  # a server tool's search, code run, a file
            out.append(b.text)
    return out


def render_message(
    message: Message,
    call_names: Mapping[str, str] | None = None,
    *,
    max_chars: int | None = None,
) -> str:
    """One message flattened to text; held to ``max_chars`` (head and tail) when given.

    Reasoning blocks are left out: they are the model's private notes, not things said.
    """
    names = call_names or {}
    lines: list[str] = []
    results = message.tool_results
    calls = message.tool_calls
    body = _render_parts(message.content, None if max_chars is None else max_chars // 2)
    if body:
        lines.append("\n".join(body))
    if calls:
        lines.append(f"[called: {', '.join(c.name for c in calls)}]")
        lines.extend(f"  {render_call(c)}" for c in calls)
    for r in results:
        name = r.name or names.get(r.call_id, "tool")
        status = " (failed)" if r.is_error else ""
        inner = "\n".join(_render_parts(r.content, None)) or "(no output)"
        lines.append(f"[result of {name}{status}] {inner}" if message.role != "tool" else inner)
    text = "\n".join(lines)
    if message.role == "tool":
        r0 = results[0] if results else None
        name = (r0.name or names.get(r0.call_id, "tool")) if r0 else "tool"
        label = f"Tool {name}{' (failed)' if r0 is not None and r0.is_error else ''}"
    else:
        label = message.role.capitalize()
    if max_chars is not None:  # the cap holds for the whole line, role label included
        text = head_tail(text, max(1, max_chars - len(label) - 2))
    return f"{label}: {text}"


RECAP_HEADER = "Previous recap (written earlier by the assistant, not the user's words; extend it):"
NEW_HEADER = "Conversation since that recap:"


def build_transcript(
    messages: Sequence[Message],
    previous_recap: str | None = None,
    policy: CompactionPolicy | None = None,
) -> Transcript:
    """Flatten ``messages`` into the capped summarizer input.

    The previous recap, if any, comes first under its own header, so the summarizer
    extends it instead of reading it as user speech. When the messages exceed the byte
    budget, the user's turns are kept first (goals, corrections, constraints), then the
    oldest and newest of the rest; each gap is marked as omitted.

    >>> from contextledger.model import Message
    >>> t = build_transcript([Message.user("नमस्ते " * 400, id="u")],
    ...                      policy=CompactionPolicy(transcript_bytes=500))
    >>> t.bytes <= 500, t.clipped
    (True, 1)
    """
    policy = policy or CompactionPolicy()
    cap = policy.transcript_bytes
    names = tool_names_by_call(messages)
    head = ""
    if previous_recap:
        recap = cut_utf8(previous_recap.strip(), max(0, min(policy.reply_bytes, cap // 3)))
        head = f"{RECAP_HEADER}\n{recap}\n\n{NEW_HEADER}\n\n"
    blocks: list[str] = []
    clipped = 0
    for m in messages:
        full = render_message(m, names)
        capped = render_message(m, names, max_chars=policy.message_chars)
        clipped += capped != full
        blocks.append(capped)
    sep = "\n\n"
    sizes = [utf8_len(b) + len(sep) for b in blocks]
    budget = cap - utf8_len(head)
    ids = tuple(m.id for m in messages)
    if sum(sizes) <= budget + len(sep):
        text = head + sep.join(blocks)
        return Transcript(cut_utf8(text, cap), ids, (), clipped)
    # Over budget. The user's own turns carry the goal, corrections and constraints, and
    # they are short: keep them all first (the goal, then newest first, if even they do not
    # fit), then
    # fill the room with the oldest and newest of the rest, alternately; mark each gap.
    marker_room = utf8_len(f"[… {len(blocks)} messages omitted for length …]") + len(sep)
    room = budget - 2 * marker_room
    keep: set[int] = set()
    users = [k for k, m in enumerate(messages) if m.role == "user"]
    for i in users[:1] + users[:0:-1]:  # the first request (the goal), then newest first
        if sizes[i] <= room - marker_room:
            keep.add(i)
            room -= sizes[i] + marker_room  # each kept island may open one more gap
    rest = [i for i in range(len(blocks)) if i not in keep]
    lo, hi = 0, len(rest) - 1
    take_front = True
    while lo <= hi:
        i = rest[lo] if take_front else rest[hi]
        if sizes[i] > room:
            break
        room -= sizes[i]
        keep.add(i)
        if take_front:
            lo += 1
        else:
            hi -= 1
        take_front = not take_front
    kept = sorted(keep)
    omitted = [i for i in range(len(blocks)) if i not in keep]
    parts: list[str] = []
    gap = 0
    for i in range(len(blocks)):
        if i in keep:
            if gap:
                parts.append(f"[… {gap} messages omitted for length …]")
                gap = 0
            parts.append(blocks[i])
        else:
            gap += 1
    if gap:
        parts.append(f"[… {gap} messages omitted for length …]")
    text = cut_utf8(head + sep.join(parts), cap)
    return Transcript(
        text,
        tuple(ids[i] for i in kept),
        tuple(ids[i] for i in omitted),
        clipped,
    )


def source_text(messages: Iterable[Message], previous_recap: str | None = None) -> str:
    """Everything said in ``messages``, uncapped: the ground truth a recap is checked against.

    Tool-call arguments appear both verbatim and as their decoded string values, so a
    command or path is found whichever way it was escaped.
    """
    msgs = list(messages)
    names = tool_names_by_call(msgs)
    out: list[str] = [previous_recap] if previous_recap else []
    for m in msgs:
        out.append(render_message(m, names))
        for c in m.tool_calls:
            out.append(c.arguments)
            parsed, _ = c.parsed()
            out.extend(_string_values(parsed))
            out.extend(_as_typed(parsed))
            out.extend(_program_args(c.name, parsed))
    return "\n".join(out)


def _program_args(tool: str, args: Any) -> Iterable[str]:
    """A tool named after a program with its arguments, as the recap quotes the command
    (``git(args="mv a b")`` ran ``git mv a b``): the record's own words for it."""
    if not isinstance(args, Mapping) or not re.fullmatch(r"[\w.-]+", tool.strip()):
        return
    for key, value in args.items():
        if str(key).casefold() not in ("args", "argv"):
            continue
        forms = [value]
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            forms = list(dict.fromkeys([typed_command(value), shell_join(value)]))
        for form in forms:
            if isinstance(form, str) and form.strip():
                yield f"{tool.strip()} {form.strip()}"


def _as_typed(value: Any) -> Iterable[str]:
    """A call's commands as a recap quotes them: an argv list joined as typed in a shell
    (``git commit -m "fix the bug"``), and a multi-line script's first line with " …"."""
    if isinstance(value, Mapping):
        for v in value.values():
            yield from _as_typed(v)
    elif isinstance(value, list | tuple):
        if value and all(isinstance(v, str) for v in value):
            yield typed_command(value)
            yield shell_join(value)  # (the quoting a recap may also write)
        else:
            for v in value:
                yield from _as_typed(v)
    elif isinstance(value, str) and "\n" in value.strip():
        first = value.strip().splitlines()[0].strip()
        yield f"{first} …"


def _string_values(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _string_values(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _string_values(v)
    elif value is not None:
        yield str(value)

"""Shared test builders: real images made with Pillow, and small conversations.

Plain functions (importable anywhere, usable in ``parametrize``); ``conftest.py`` wraps the
ones tests want as fixtures.
"""

from __future__ import annotations

import base64
import contextlib
import gc
import io
import json
import random
import struct
import sys
import tracemalloc
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image as PILImage

from contextledger.catalog import Catalog, default_catalog
from contextledger.errors import ContextLedgerError, UnknownModelError
from contextledger.fit import FitResult, fit
from contextledger.model import Image, InlineData, Message, Text, ToolCall, ToolResult

Color = str | tuple[int, ...]

MEDIA_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}


def encode(im: PILImage.Image, fmt: str, **save_options: Any) -> bytes:
    """``im`` saved as ``fmt`` (PNG, JPEG, WEBP, GIF, BMP, …), as bytes."""
    buf = io.BytesIO()
    im.save(buf, fmt, **save_options)
    return buf.getvalue()


def image_bytes(
    width: int,
    height: int,
    fmt: str = "PNG",
    color: Color = "white",
    mode: str = "RGB",
    **save_options: Any,
) -> bytes:
    """A real ``width``×``height`` image of one color, encoded by Pillow."""
    return encode(PILImage.new(mode, (width, height), color), fmt, **save_options)


def png(width: int, height: int, color: Color = "white") -> bytes:
    return image_bytes(width, height, "PNG", color)


def jpeg(width: int, height: int, color: Color = "white") -> bytes:
    return image_bytes(width, height, "JPEG", color)


def jpeg_with_orientation(width: int, height: int, orientation: int) -> bytes:
    """A ``width``×``height`` JPEG as stored, with EXIF ``orientation`` (6: shown rotated,
    ``height``×``width``), like a phone photo."""
    exif = PILImage.Exif()
    exif[0x0112] = orientation
    return image_bytes(width, height, "JPEG", "green", exif=exif.tobytes())


def save_image(
    path: Path, width: int, height: int, fmt: str = "PNG", color: Color = "white"
) -> Path:
    """Write a real image file (a screenshot stand-in for CLI tests) and return its path."""
    path.write_bytes(image_bytes(width, height, fmt, color))
    return path


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def data_url(data: bytes, media_type: str = "image/png") -> str:
    return f"data:{media_type};base64,{b64(data)}"


def image_block(
    width: int,
    height: int,
    fmt: str = "PNG",
    color: Color = "white",
    name: str | None = None,
) -> Image:
    """An inline :class:`Image` block holding a real encoded image."""
    data = InlineData.from_bytes(image_bytes(width, height, fmt, color))
    return Image(MEDIA_TYPES[fmt], data=data, name=name)


def png_header(width: int, height: int, depth: int = 8, color_type: int = 2) -> bytes:
    """Only a PNG's signature and IHDR (with a valid CRC): declares any size without
    encoding the pixels, for header-only probes and decompression-bomb checks."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    chunk = struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + chunk + b"\0\0\0\0IDAT\0\0\0\0"


def text_pdf(
    pages: list[list[str]], filters: str = "/FlateDecode", shown: str = "literal"
) -> bytes:
    """A PDF whose pages draw these lines of text, each with ``Tj`` (``shown``: "literal"
    strings, or "hex" ones as CID fonts draw them), its drawings stored with ``filters``
    ("" plainly; "/FlateDecode" deflated; another filter's name stored as it is)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{3 + 2 * k} 0 R" for k in range(len(pages)))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    for k, lines in enumerate(pages):
        shows = [
            f"<{line.encode().hex()}> Tj" if shown == "hex" else f"({line}) Tj" for line in lines
        ]
        drawn = ("BT /F1 12 Tf 72 720 Td " + " T* ".join(shows) + " ET").encode()
        stored = zlib.compress(drawn) if filters == "/FlateDecode" else drawn
        objects.append(f"<< /Type /Page /Parent 2 0 R /Contents {4 + 2 * k} 0 R >>".encode())
        head = f"<< /Length {len(stored)}{' /Filter ' + filters if filters else ''} >>"
        objects.append(head.encode() + b"\nstream\n" + stored + b"\nendstream")
    body = b"".join(f"{n + 1} 0 obj\n".encode() + o + b"\nendobj\n" for n, o in enumerate(objects))
    return b"%PDF-1.4\n" + body + b"%%EOF\n"


def computer_use_body(screenshots: Iterable[str]) -> dict[str, Any]:
    """An Anthropic computer-use body: a ``screenshot`` call and its result holding one
    screenshot (base64 PNG data) per step, then the answer and the next request."""
    turns: list[dict[str, Any]] = [{"role": "user", "content": "File the claim."}]
    for i, data in enumerate(screenshots):
        turns.append({"role": "assistant", "content": [
            {"type": "text", "text": f"step {i}"},
            {"type": "tool_use", "id": f"toolu_{i}", "name": "computer",
             "input": {"action": "screenshot", "n": i}},
        ]})  # fmt: skip
        turns.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{i}",
                      "content": [{"type": "image", "source": {"type": "base64",
                                   "media_type": "image/png", "data": data}}]}]})  # fmt: skip
    turns += [{"role": "assistant", "content": "Done."}, {"role": "user", "content": "and now?"}]
    return {"system": "You use a computer.", "messages": turns}


def json_file(directory: Path, data: object, name: str = "conv.json") -> str:
    """Write ``data`` as a UTF-8 JSON file (a conversation for the CLI); its path as a string."""
    path = directory / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def openai_tool_call(cid: str, name: str, args: dict[str, object]) -> dict[str, object]:
    """An OpenAI Chat assistant turn holding one function call, as an app keeps it (a dict)."""
    fn = {"name": name, "arguments": json.dumps(args)}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": cid, "type": "function", "function": fn}],
    }


def openai_tool_result(cid: str, text: str) -> dict[str, object]:
    """The OpenAI Chat tool message answering call ``cid`` with ``text``."""
    return {"role": "tool", "tool_call_id": cid, "content": text}


def chat_exchange(cid: str, name: str, args: dict[str, object], output: str) -> Dicts:
    """An OpenAI Chat assistant turn calling ``name`` and the tool message answering it."""
    return [openai_tool_call(cid, name, args), openai_tool_result(cid, output)]


def goal_rule_correction() -> Dicts:
    """A tool agent's opening: the system prompt, the goal, a rule (Polish) and a correction
    (Portuguese), each answered: what must stay pinned once far outside the window."""
    return [
        {"role": "system", "content": "You maintain the billing service."},
        {"role": "user", "content": "Migrate the invoices job from cron to the queue workers."},
        {"role": "assistant", "content": "On it."},
        {"role": "user", "content": "Nigdy nie restartuj kolejki bez sprawdzenia logów."},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": "Use o Redis em vez do Memcached para as sessões."},
        {"role": "assistant", "content": "Noted."},
    ]


def fits_as_read_whole(
    dicts: Dicts,
    model: str,
    read_whole: Callable[[], None],
    windows: Iterable[int] = (8_000, 16_000, 32_000),
) -> list[FitResult]:
    """The fits of ``dicts`` at each of ``windows``, asserted the same (messages and report)
    as the fits made once ``read_whole()`` has put a slow reference reading in place (with
    the caller's monkeypatch): a faster reading changes no fit."""
    sizes = list(windows)
    fast = [fit(dicts, model, window=w) for w in sizes]
    read_whole()
    for made, w in zip(fast, sizes, strict=True):
        whole = fit(dicts, model, window=w)
        assert made.messages == whole.messages
        assert made.report.to_dict() == whole.report.to_dict()
    return fast


def facts_kept_at_bigger_windows(
    dicts: Dicts,
    facts: Iterable[str],
    model: str,
    windows: Iterable[int] = (8_000, 12_000, 16_000, 24_000, 32_000),
) -> list[tuple[int, list[str]]]:
    """``fit`` at each of ``windows`` (growing): the facts (exact texts) in the view at one
    window and not at the next, by window; [] when a bigger window keeps all a smaller kept."""
    from contextledger.fit import fit
    from contextledger.providers import translate

    lost: list[tuple[int, list[str]]] = []
    kept_before: set[str] = set()
    for window in windows:
        r = fit(dicts, model, window=window, max_output_tokens=1_000)
        body = json.dumps(translate(r.messages, "openai").body)
        kept = {f for f in facts if f in body}
        if kept_before - kept:
            lost.append((window, sorted(kept_before - kept)))
        kept_before = kept
    return lost


def tool_conversation() -> list[Message]:
    """System, a user turn with a screenshot, a tool call whose result holds text and an
    image, and the answer: every block kind a session store has to keep apart."""
    return [
        Message.system("be brief", id="s"),
        Message.user(
            "what is wrong here?", image_block(16, 9, color=(9, 9, 9), name="shot.png"), id="u1"
        ),
        Message.assistant("checking", ToolCall("c1", "screenshot", '{"x": 1}'), id="a1"),
        Message(
            "tool",
            (ToolResult("c1", (Text("taken"), image_block(16, 9, color=(1, 2, 3)))),),
            id="t1",
        ),
        Message.assistant("the button is cut off", id="a2"),
    ]


def wav_bytes(seconds: float, rate: int = 16_000) -> bytes:
    """A mono 16-bit PCM WAV of ``seconds`` (its header is what audio pricing reads)."""
    n = int(rate * seconds)
    fmt = struct.pack("<IHHIIHH", 16, 1, 1, rate, 2 * rate, 2, 16)
    return (
        b"RIFF" + struct.pack("<I", 36 + 2 * n) + b"WAVEfmt " + fmt
        + b"data" + struct.pack("<I", 2 * n) + b"\x00\x01" * n
    )  # fmt: skip


def mp4_bytes(seconds: float, scale: int = 1000, version: int = 0) -> bytes:
    """A minimal MP4: its file type, some media data and, last (as most encoders write it),
    the movie box whose header states the duration."""

    def box(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", 8 + len(body)) + kind + body

    dates = struct.pack(">II", 0, 0) if version == 0 else struct.pack(">QQ", 0, 0)
    length = round(seconds * scale)
    timing = struct.pack(">II" if version == 0 else ">IQ", scale, length)
    header = bytes([version, 0, 0, 0]) + dates + timing + bytes(80)
    return (
        box(b"ftyp", b"isom\0\0\0\0isommp42")
        + box(b"mdat", bytes(4000))
        + box(b"moov", box(b"mvhd", header))
    )


def served_again() -> Catalog:
    """The shipped catalog with every model its provider shut down served again
    (``Catalog.revive``): for tests of id forms, which are read whatever a model's service
    status, and of bills published while a model was served. The refusals themselves are
    tested in test_catalog_shut_down.py."""
    catalog = default_catalog()
    for name in catalog.shut_down_ids():
        with contextlib.suppress(UnknownModelError):  # (claude-2.1, davinci: no family listed)
            catalog.revive(name)
    return catalog


def complete_price(bill: dict[str, Any]) -> int | None:
    """A recorded bill's body priced as its format and model are billed; None when it is
    refused with a typed error that says why (a model or content not known) or priced only
    as a lower bound that says so (a file only the window bounds: review41 R41-B4)."""
    from contextledger.pricing.messages import price_request

    try:
        priced = price_request(bill["body"], bill["model"], bill["format"])
    except ContextLedgerError:
        return None
    return priced.total if priced.complete else None


def served_again_price(bill: dict[str, Any]) -> int | None:
    """A recorded bill of a model shut down since priced with it served again (``served_again``);
    None when that price is only a lower bound."""
    from contextledger.pricing.messages import price_request

    priced = price_request(bill["body"], bill["model"], bill["format"], catalog=served_again())
    return priced.total if priced.complete else None


def bill_cases(
    bills: Iterable[dict[str, Any]], price: Callable[[dict[str, Any]], int | None]
) -> list[Any]:
    """``bills`` as test cases: one the data names ``known_below`` (still priced below its
    bill, for the reason it gives) that ``price`` prices runs as a strict xfail, so a change
    that meets its bill shows up."""
    cases: list[Any] = []
    for bill in bills:
        why = bill.get("known_below")
        if why and price(bill) is not None:
            bill = pytest.param(bill, marks=pytest.mark.xfail(strict=True, reason=why))
        cases.append(bill)
    return cases


def shut_down_bill(bill: dict[str, Any]) -> bool:
    """Whether the default catalog refuses a recorded bill's model as shut down and the
    catalog serving such models again (``served_again``) prices it (claude-2.1's family is
    not listed)."""
    from contextledger.errors import ContextLedgerError, ShutDownModelError
    from contextledger.pricing.messages import price_request

    try:
        price_request(bill["body"], bill["model"], bill["format"])
    except ShutDownModelError:
        try:
            price_request(bill["body"], bill["model"], bill["format"], catalog=served_again())
        except ContextLedgerError:
            return False
        return True
    except ContextLedgerError:
        return False
    return False


def said_record(*said: str) -> list[Message]:
    """A record of user turns, each answered "Noted." (what a recap's claims are checked against)."""
    return chat_record(*(t for s in said for t in (s, "Noted.")))


def chat_record(*turns: str) -> list[Message]:
    """A record of ``turns``, the user's and the assistant's in turn, the user first."""
    from contextledger.providers import read_messages  # (here: builders is imported everywhere)

    roles = ("user", "assistant")
    return list(read_messages([{"role": roles[i % 2], "content": t} for i, t in enumerate(turns)]))


def recap_stripped(recap: str, record: list[Message]) -> bool:
    """Whether verification strips anything of ``recap`` against ``record``."""
    from contextledger.compaction.verify import verify_recap

    return verify_recap(recap, record, ledger=False).removed_sentences != ()


# --- one session in every input format (refit tests) -----------------------------------

#: OpenAI Chat dicts, as apps hold them.
Dicts = list[dict[str, Any]]
#: A model for each format an app holds its history in.
MODELS_BY_FORMAT = {
    "openai": "gpt-4o",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
    "openai-responses": "gpt-4.1",
}
#: The key of the list an app appends to in a body of each format (Chat: the list itself).
LIST_KEY = {"anthropic": "messages", "gemini": "contents", "openai-responses": "input"}


def as_app_holds(fmt: str, dicts: Dicts) -> tuple[Any, Dicts]:
    """The session ``dicts`` (Chat) as an app in ``fmt`` holds it: (what is fitted, the
    list it appends to)."""
    from contextledger.providers import read_messages, translate

    if fmt == "openai":
        return dicts, dicts
    body = translate(read_messages(dicts), fmt, validate=False).body
    return body, body[LIST_KEY[fmt]]


def appended_as(fmt: str, chat: Dicts) -> Dicts:
    """Chat dicts that follow a user turn (an agent's call and its result) as the items an
    app in ``fmt`` appends to its list."""
    if fmt == "openai":
        return chat
    return as_app_holds(fmt, [{"role": "user", "content": "x"}, *chat])[1][1:]


def first_text(item: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """The dict holding the first text of list item ``item`` (any format) and its key, to
    edit it in place; None when it holds no text at that depth."""
    if isinstance(item.get("content"), str):
        return item, "content"
    for key in ("content", "parts"):
        for part in item.get(key) or ():
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                return part, "text"
    return None


def runs_of(goal: str, command: str, *outputs: str) -> list[Message]:
    """A record: the user's ``goal``, then ``command`` run once per output (a ``bash`` call
    answered by it), in order."""
    from contextledger.providers import read_messages

    turns: list[dict[str, object]] = [{"role": "user", "content": goal}]
    for i, out in enumerate(outputs):
        turns += [
            openai_tool_call(f"g{i}", "bash", {"command": command}),
            openai_tool_result(f"g{i}", out),
        ]
    return list(read_messages(turns))


def recap_line_stands(line: str, record: list[Message], goal: str, where: str = "line") -> bool:
    """Whether ``line``, in a recap under ``Goal: goal``, survives verification in strip
    mode against ``record`` (the recap accepted and the line still in it). ``where`` an LLM
    recap puts it: the line after the goal's (``line``), a free line after a blank one
    (``prose``), an item under the recap's own "Actions taken:" heading (``heading``) or
    under a markdown "## Actions taken" (``markdown``)."""
    from contextledger.compaction.verify import verify_recap

    recap = {
        "line": f"Goal: {goal}\n{line}",
        "prose": f"Goal: {goal}\n\n{line}",
        "heading": f"Goal: {goal}\nActions taken:\n- {line}",
        "markdown": f"## Goal\n{goal}\n\n## Actions taken\n- {line}",
    }[where]
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


#: Where an LLM recap puts a line: under each of its headings, or as prose (None).
RECAP_PLACES: list[str | None] = [
    "Summary",
    "Commands run",
    "Constraints and corrections",
    "Open requests",
    "Decisions",
    "Files",
    "Next step",
    None,
]


def item_stands(line: str, record: list[Message], heading: str | None) -> bool:
    """Whether ``line`` survives verification in strip mode, as an item under an LLM
    recap's ``heading`` ("Open requests", "Next step" …) or, when None, as a line of prose
    after the goal."""
    from contextledger.compaction.verify import verify_recap

    goal = f"Goal: {record[0].text}"
    recap = f"{goal}\n\n{line}" if heading is None else f"{goal}\n{heading}:\n- {line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


def lie_caught_truth_kept(
    lie: str, true: str, record: list[Message], goal: str, where: str = "line"
) -> bool:
    """Whether verification removes ``lie`` from a recap and keeps ``true`` (the same words
    said of what the record shows), in the placement ``where`` (see recap_line_stands)."""
    kept = recap_line_stands(true, record, goal, where)
    return kept and not recap_line_stands(lie, record, goal, where)


def steering_reference(batch: list[str]) -> tuple[list[int], list[int]]:
    """``intent.steering_requests`` as first written, one text at a time: the steering and
    the restating requests of ``batch`` (what the batched reading must equal). A text that
    reads as a rule only for the speaker's own to-dos is none (R39-F3: the batched reading
    leaves it out; the reference had not, so hypothesis's "no, i need to pivot" failed CI
    one run in many)."""
    from contextledger.intent import (
        is_constraint,
        is_correction,
        is_decision,
        is_short_rule,
        is_substantive,
        only_todos,
        restates_task,
    )

    steering = [
        i
        for i, t in enumerate(batch)
        if (is_substantive(t) or is_short_rule(t))
        and (is_correction(t) or is_constraint(t) or is_decision(t))
        and not only_todos(t)
    ]
    restating = [i for i, t in enumerate(batch) if is_substantive(t) and restates_task(t)]
    return steering, restating


def unpriceable(body: dict[str, Any]) -> str | None:
    """Why a recorded request's bill counts what its body does not hold (None: it does not):
    what ``pricing.server_side`` names — a hosted tool's results, state the server keeps
    (``previous_response_id``, a stored conversation, a Gemini cache, a compaction item, an
    item or a reasoning item referenced by id)."""
    from contextledger.pricing.server_side import server_side_context

    found = server_side_context(body)
    return found[0] if found else None


# --- the offline recap of a few turns (recap tests) ---------------------------------------


def offline_recap(*turns: tuple[str, str], cap: int = 4800) -> str:
    """The offline recap (``digest`` rendered within ``cap`` bytes) of ``turns``, (role, text)
    each, with the user's "ok" after them."""
    from contextledger.compaction.digest import digest, render_digest
    from contextledger.providers import read_messages

    dicts = [{"role": r, "content": t} for r, t in turns]
    return render_digest(digest(read_messages([*dicts, {"role": "user", "content": "ok"}])), cap)


def said_after_a_task(said: str, section: str) -> str:
    """What the offline recap's ``section`` says of a short session: a task, the
    assistant's "Ok.", ``said`` by the user, and the assistant's reply to it."""
    recap = offline_recap(
        ("user", "Set up the nightly export job, with a cache for its lookups."),
        ("assistant", "Ok."),
        ("user", said),
        ("assistant", "Working on the export now."),  # (answers it, but a wait stays open)
    )
    return recap_section(recap, section)


def recap_section(recap: str, name: str) -> str:
    """What the recap's section ``name`` says ("" when it has none), up to the next section."""
    from contextledger.compaction.sections import SECTIONS

    if f"{name}:" not in recap:
        return ""
    body = recap.split(f"{name}:", 1)[1]
    ends = [body.find(f"\n{n}:") for n in SECTIONS if f"\n{n}:" in body]
    return body[: min(ends)] if ends else body


def filed_as_a_rule(recap: str, said: str) -> bool:
    """Whether the recap files ``said`` under "Constraints and corrections" and not under
    "Numbers that matter" (a correction's or a limit's value is no number that matters)."""
    return said in recap_section(recap, "Constraints and corrections") and said not in (
        recap_section(recap, "Numbers that matter")
    )


def a_rule_in_one_section(recap: str, said: str) -> bool:
    """Whether the recap files ``said`` under "Constraints and corrections" only: not under
    "User also said" nor "Open requests" too."""
    return said in recap_section(recap, "Constraints and corrections") and not any(
        said in recap_section(recap, other) for other in ("User also said", "Open requests")
    )


def export_recap(task: str, opening: str, *turns: str | list[Message]) -> str:
    """The offline recap of ``task``, the assistant reading its file and saying ``opening``,
    then ``turns`` (a user's words, or the assistant's messages), then work on the export
    and a few nudges."""
    from contextledger.compaction.digest import digest, render_digest

    record = [
        Message.user(task),
        *call_and_result(
            "c0", "shell", {"command": "cat src/export/csv_writer.py"}, "def write(rows): ...", 0
        ),
        Message.assistant(opening),
    ]
    for turn in turns:
        record += [Message.user(turn)] if isinstance(turn, str) else turn
    for n in range(1, 4):
        record += [
            Message.user("ok, go on"),
            *call_and_result(
                f"c{n}",
                "shell",
                {"command": "python -m pytest tests/export -q"},
                "4 passed in 0.2s",
                n,
            ),
        ]
    return render_digest(digest(record), 4800)


# the task of :func:`export_recap_of`'s records (answered as :data:`ANSWERED_THREE_WAYS`)
EXPORT_TASK = "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates."


def export_recap_of(said: str, answer: list[Message]) -> str:
    """The offline recap of :data:`EXPORT_TASK` with ``said`` and its ``answer`` in it."""
    return export_recap(EXPORT_TASK, "I'll fix the date format first.", said, answer)


# owners of an area declined with a case ending glued on (the area as a label, after the
# name, or said alone), as :func:`export_recap_of`'s records may hold them
# Avar: Deploy - Patimat Gadzhieva is responsible; nothing goes to production without her leave
AVAR_LABEL = (
    "Deploy-алъул Патимат Гаджиева жавабчи йиго; production-алде гьелъул изну гьечӀого щибго"
    " бачунаро."
)
# Avar: P. G. is responsible for export; ask her before people change export
AVAR_NAME_FIRST = (
    "Патимат Гаджиева export-алъул жавабчи йиго; гӀадамаз export хисизе цеве гьелда гьикъе."
)
# Chechen: Hava Dudaeva answers for the ETL (and nothing else said)
CHECHEN_ALONE = "Хава Дудаева ETL-на жоп лун ю."


def call_and_result(
    cid: str, name: str, args: dict[str, object], result: str, n: int
) -> list[Message]:
    """An assistant's tool call (id ``a{n}``) and its result (``t{n}``), as a record holds them."""
    return [
        Message.assistant(ToolCall(cid, name, json.dumps(args)), id=f"a{n}"),
        Message.tool(cid, result, id=f"t{n}"),
    ]


# work unrelated to a user's turn, and the three ways an assistant answers such a turn in
# the recap tests: "Got it." and the work, the work alone, "Noted." alone
OTHER_WORK = call_and_result("c23", "shell", {"command": "git diff --stat"}, "1 file changed", 23)
ANSWERED_THREE_WAYS = pytest.mark.parametrize(
    "answer",
    [[Message.assistant("Got it."), *OTHER_WORK], OTHER_WORK, [Message.assistant("Noted.")]],
    ids=["got-it", "silent", "noted"],
)


def chat_between_pastes(
    seed: int,
    goal: str,
    mine: list[str],
    small: list[str],
    paste: Callable[[random.Random], str],
    rounds: int,
    nudges: tuple[str, ...] = ("ok", "thanks", "はい", "go on"),
    last: str = "What's next?",
) -> list[dict[str, str]]:
    """A chat of pastes every third round (``paste``), nudges between, the user's own rules
    and corrections (``mine``) said once each, in passing between two remarks (``small``),
    in its first half."""
    rng = random.Random(seed)
    at = dict(zip(sorted(rng.sample(range(3, rounds // 2), len(mine))), mine, strict=True))
    msgs = [
        {"role": "system", "content": "You help with planning."},
        {"role": "user", "content": goal},
    ]
    for r in range(rounds):
        said = at.get(r)
        if said is not None:
            text = f"{rng.choice(small)}. {said} {rng.choice(small)}."
        elif r % 3 == 1:
            text = paste(rng)
        else:
            text = rng.choice(nudges)
        msgs.append({"role": "user", "content": text})
        msgs.append({"role": "assistant", "content": "Noted."})
    msgs.append({"role": "user", "content": last})
    return msgs


def traced_peak(call: Callable[[], object]) -> int:
    """The peak of the memory traced (``tracemalloc``) while ``call()`` runs, from after a
    collection: a fit's peak, measured as ``bench_fit.py --memory`` measures it."""
    gc.collect()
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def forget_readings() -> None:
    """Forget every reading the library keeps across calls (what a fresh process has)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("contextledger"):
            continue
        for value in list(vars(module).values()):
            # a class's cached readings too (a staticmethod's cache: ``FactSource``'s lines)
            held = [getattr(value, k, None) for k in vars(value)] if isinstance(value, type) else []
            for found in (value, *held):
                if callable(getattr(found, "cache_clear", None)) and hasattr(found, "cache_info"):
                    found.cache_clear()


def stands_under(line: str, dicts: Dicts, heading: str) -> bool:
    """Whether ``line`` survives strip-mode verification against the chat ``dicts``, as an
    item under ``heading`` or, for "Summary", as a line of prose under it."""
    from contextledger.compaction.verify import verify_recap
    from contextledger.providers import read_messages

    record = list(read_messages(dicts))
    recap = f"{heading}:\n- {line}" if heading != "Summary" else f"Summary:\n{line}"
    return line in verify_recap(recap, record, mode="strip", max_bytes=4000, context=record).text


def value_moved_dicts(
    earlier: str, moved: str, old: str, new: str, *, calls: bool
) -> list[dict[str, Any]]:
    """A chat where the user says ``earlier`` (naming ``{old}``), then ``moved`` (naming
    ``{old}`` and ``{new}``), then calls name the new value - or only a write elsewhere
    names neither value."""
    after = (
        chat_exchange("c2", "shell", {"cmd": f"aws s3 ls s3://exports-{new}"}, "ok")
        if calls
        else chat_exchange(
            "c2", "write_file", {"path": "src/export/job.py", "content": "x = 1\n"}, "ok"
        )
    )
    return [
        {"role": "user", "content": "Set up the nightly export job."},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": earlier.format(old=old)},
        {"role": "assistant", "content": "Noted."},
        *chat_exchange("c1", "shell", {"cmd": "ls src/export"}, "job.py"),
        {"role": "user", "content": moved.format(old=old, new=new)},
        {"role": "assistant", "content": "Noted."},
        *after,
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]

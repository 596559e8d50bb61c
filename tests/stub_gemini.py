"""The Gemini half of the stub server (``POST /v1beta/models/{model}:generateContent`` and
``:streamGenerateContent?alt=sse``, ``/v1/`` too), used by ``stub_server.StubServer``.

:func:`validate_request` refuses what the Gemini API refuses: an ``x-goog-api-key`` (or
``key=``) credential; only known top-level fields; the body rules of
``stub_server.validate_gemini`` (roles user/model, one kind of data per part, function-call
placement, response pairing and count, ``systemInstruction`` text-only, contents as
google-genai's types read them, file parts with a ``fileUri``); inline data as
valid base64 of a supported MIME type whose bytes are of that type, within the inline
size limit per request (20 MB of base64, and 20 MiB for the whole payload) and the image
count; Gemini 3 function calls carrying the thought signature the stub gave them;
``maxOutputTokens`` positive.

:func:`send_reply` answers as the API does: a JSON ``GenerateContentResponse``, or SSE
``data:`` chunks (text in pieces, function calls whole, each with a ``thoughtSignature``)
ending with a ``finishReason`` and ``usageMetadata``.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

if TYPE_CHECKING:
    from stub_server import StubReply, StubServer, _Handler

PATH = re.compile(r"/v1(?:beta|alpha)?/models/(?P<model>[^/:]+):(?P<method>\w+)")
TOP_FIELDS = frozenset(
    {
        "contents", "system_instruction", "tools", "tool_config", "safety_settings",
        "generation_config", "cached_content", "labels",
    }
)  # fmt: skip
IMAGE_TYPES = ("image/png", "image/jpeg", "image/webp", "image/heic", "image/heif")
#: Gemini's docs list these document, audio and video types (Markdown, CSV, JSON bytes:
#: "Unsupported MIME type").
OTHER_TYPES = ("application/pdf", "text/plain", "audio/wav", "audio/mp3", "audio/mpeg",
               "audio/ogg", "audio/flac", "audio/aac", "audio/aiff", "video/mp4", "video/mpeg",
               "video/mov", "video/avi", "video/x-flv", "video/mpg", "video/webm", "video/wmv",
               "video/3gpp")  # fmt: skip
_MAGIC = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff", "image/webp": b"RIFF"}
MAX_INLINE_BASE64 = 20_000_000
#: The whole request (texts included): "Request payload size exceeds the limit: 20971520
#: bytes." (the API's answer; its docs: inline data only while the request is under 20 MB)
MAX_PAYLOAD = 20_971_520
MAX_IMAGES = {"gemini-3-pro-preview": 900}
DEFAULT_MAX_IMAGES = 3600


def b64decode(text: str) -> bytes:
    """Proto JSON bytes: standard or URL-safe base64, padded or not (the google-genai SDK
    sends the URL-safe alphabet)."""
    if not re.fullmatch(r"[A-Za-z0-9+/\-_]*={0,2}", text):
        raise binascii.Error("not base64")
    text = text.rstrip("=").replace("-", "+").replace("_", "/")
    return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)


def route(path: str) -> tuple[str, bool] | None:
    """``(model, streaming)`` for a generateContent path, else None."""
    m = PATH.fullmatch(urlsplit(path).path)
    if m is None or m.group("method") not in ("generateContent", "streamGenerateContent"):
        return None
    return m.group("model"), m.group("method") == "streamGenerateContent"


def signature_for(n: int, k: int) -> str:
    """The thought signature the stub gives part ``k`` of reply ``n`` (opaque bytes)."""
    return base64.b64encode(f"stub-sig-{n}-{k}".encode()).decode()


def validate_request(
    model: str, body: Any, headers: Mapping[str, str], path: str, stub: StubServer
) -> None:
    """Raise ``Invalid`` for anything ``generateContent`` would refuse."""
    from stub_server import Invalid, gemini_snake, validate_gemini

    if not headers.get("x-goog-api-key") and not parse_qs(urlsplit(path).query).get("key"):
        raise Invalid(
            "Method doesn't allow unregistered callers (callers without established "
            "identity). Please use API Key or other form of API consumer identity to call "
            "this API.",
            status=403,
        )
    if not isinstance(body, dict):
        raise Invalid("Invalid JSON payload received.")
    top = gemini_snake(body)
    for key in top:
        if key not in TOP_FIELDS:
            raise Invalid(
                f'Invalid JSON payload received. Unknown name "{key}": Cannot find field.'
            )
    _check_tools(top.get("tools"))
    config = gemini_snake(top.get("generation_config") or {})
    limit = config.get("max_output_tokens")
    if limit is not None and (not isinstance(limit, int) or limit < 1):
        raise Invalid("* GenerateContentRequest.generation_config.max_output_tokens: must be > 0")
    validate_gemini(body, model)
    images = 0
    inline = 0
    contents = top["contents"]
    turn = _current_turn(contents)
    for i, content in enumerate(contents):
        first_call = True
        for j, raw in enumerate(content["parts"]):
            part = gemini_snake(raw)
            where = f"contents[{i}].parts[{j}]"
            if part == {"text": ""}:
                # (zuisong/gemini-openai-proxy#83, OpenManus#913: a bare empty text part)
                raise Invalid(
                    "Unable to submit request because it has an empty text parameter. Add a "
                    "value to the parameter and try again."
                )
            media = [part]
            if "function_response" in part:
                fr = gemini_snake(part["function_response"])
                media = [gemini_snake(x) for x in fr.get("parts") or [] if isinstance(x, dict)]
                if fr.get("parts") and not model.startswith("gemini-3"):
                    # multimodal function responses are a Gemini 3 feature (google-gemini/
                    # gemini-cli#19436: Gemini 2.5 on Vertex and the Developer API)
                    raise Invalid(
                        "Unable to submit request because `function_response.parts` is not "
                        "supported for this model."
                    )
            for k, m in enumerate(media):
                if "inline_data" in m:
                    size, is_image = _check_blob(m["inline_data"], f"{where}[{k}]")
                    inline += size
                    images += is_image
                elif "file_data" in m:
                    images += 1
            if content["role"] == "model" and "function_call" in part:
                # the API checks the current turn's steps, each by its first call (a
                # parallel batch is signed once)
                required = model.startswith("gemini-3") and i >= turn and first_call
                _check_signature(part, where, stub, required=required)
                first_call = False
    if len(json.dumps(body)) > MAX_PAYLOAD:
        raise Invalid(f"Request payload size exceeds the limit: {MAX_PAYLOAD} bytes.", status=400)
    if inline > MAX_INLINE_BASE64:
        raise Invalid(
            f"Request payload size exceeds the limit: {MAX_INLINE_BASE64} bytes of inline data "
            f"(got {inline}).",
            status=400,
        )
    if images > MAX_IMAGES.get(model, DEFAULT_MAX_IMAGES):
        raise Invalid(f"Too many images in the request: {images}.")


FUNCTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:\-]{0,127}")
#: The OpenAPI subset ``FunctionDeclaration.parameters`` takes (google-genai's ``Schema``).
SCHEMA_FIELDS = frozenset(
    {
        "type", "format", "title", "description", "nullable", "enum", "items", "properties",
        "required", "property_ordering", "any_of", "default", "example", "pattern",
        "minimum", "maximum", "min_items", "max_items", "min_length", "max_length",
        "min_properties", "max_properties", "additional_properties", "defs", "ref",
    }
)  # fmt: skip
SCHEMA_TYPES = frozenset({"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"})
OTHER_TOOLS = frozenset(
    {"google_search", "google_search_retrieval", "code_execution", "url_context"}
)


def _check_tools(tools: Any) -> None:
    """Function declarations as the API takes them: valid unique names, ``parameters`` (the
    OpenAPI subset) or ``parameters_json_schema`` (an object schema), not both."""
    from stub_server import Invalid, gemini_snake

    if tools is None:
        return
    if not isinstance(tools, list):
        raise Invalid("Invalid value at 'tools': expected a list of Tool.", "tools")
    seen: set[str] = set()
    for i, raw in enumerate(tools):
        tool = gemini_snake(raw) if isinstance(raw, dict) else {}
        for key in tool:
            if key != "function_declarations" and key not in OTHER_TOOLS:
                raise Invalid(f"Unknown name \"{key}\" at 'tools[{i}]': Cannot find field.")
        for j, raw_decl in enumerate(tool.get("function_declarations") or []):
            where = f"tools[{i}].function_declarations[{j}]"
            decl = gemini_snake(raw_decl) if isinstance(raw_decl, dict) else {}
            name = decl.get("name")
            if not isinstance(name, str) or not FUNCTION_NAME.fullmatch(name):
                raise Invalid(f"* GenerateContentRequest.{where}.name: Invalid function name.")
            if name in seen:
                raise Invalid(f"Duplicate function declaration found: {name}")
            seen.add(name)
            if "parameters" in decl and "parameters_json_schema" in decl:
                raise Invalid(f"{where}: parameters and parameters_json_schema are mutually "
                              "exclusive.")  # fmt: skip
            if "parameters" in decl:
                _check_schema(decl["parameters"], where + ".parameters")
            schema = decl.get("parameters_json_schema")
            if schema is not None and (
                not isinstance(schema, dict) or schema.get("type", "object") != "object"
            ):
                raise Invalid(f"* GenerateContentRequest.{where}.parameters_json_schema: "
                              "the schema must describe an object.")  # fmt: skip


def _check_schema(raw: Any, where: str) -> None:
    """A ``Schema`` (OpenAPI subset): known fields only, ``type`` one name of the enum."""
    from stub_server import Invalid, gemini_snake

    if not isinstance(raw, dict):
        raise Invalid(f"Invalid value at '{where}': expected a Schema object.")
    schema = gemini_snake(raw)
    for key in schema:
        if key not in SCHEMA_FIELDS:
            raise Invalid(f'Invalid JSON payload received. Unknown name "{key}" at '
                          f"'{where}': Cannot find field.")  # fmt: skip
    kind = schema.get("type")
    if kind is not None and (not isinstance(kind, str) or kind.upper() not in SCHEMA_TYPES):
        raise Invalid(f"Invalid value at '{where}.type' "
                      "(type.googleapis.com/google.ai.generativelanguage.v1beta.Type)")  # fmt: skip
    for name, sub in (schema.get("properties") or {}).items():
        _check_schema(sub, f"{where}.properties[{name!r}]")
    for k, sub in enumerate(schema.get("any_of") or []):
        _check_schema(sub, f"{where}.any_of[{k}]")
    if "items" in schema:
        _check_schema(schema["items"], where + ".items")


def _check_blob(raw: Any, where: str) -> tuple[int, bool]:
    from stub_server import Invalid, gemini_snake

    blob = gemini_snake(raw) if isinstance(raw, dict) else {}
    mime, data = blob.get("mime_type"), blob.get("data")
    if mime not in IMAGE_TYPES + OTHER_TYPES:
        raise Invalid(f"Unsupported MIME type: {mime}", where)
    if not isinstance(data, str):
        raise Invalid(f"* GenerateContentRequest.{where}.inline_data.data: missing", where)
    try:
        raw_bytes = b64decode(data)
    except (binascii.Error, ValueError):
        raise Invalid(
            f"Invalid value at '{where}.inline_data.data' (TYPE_BYTES), Base64 decoding failed"
        ) from None
    magic = _MAGIC.get(str(mime))
    if magic is not None and (
        not raw_bytes.startswith(magic) or (mime == "image/webp" and raw_bytes[8:12] != b"WEBP")
    ):
        raise Invalid(f"Unable to process input image ({where}): not a valid {mime}.")
    return len(data), str(mime).startswith("image/")


def _current_turn(contents: list[Any]) -> int:
    """Where the current turn starts: the last user content with more than function
    responses (Gemini validates thought signatures from there on only)."""
    from stub_server import gemini_snake

    starts = [
        i
        for i, content in enumerate(contents)
        if content["role"] == "user"
        and any("function_response" not in gemini_snake(p) for p in content["parts"])
    ]
    return starts[-1] if starts else 0


#: Google's documented stand-in signatures for calls Gemini 3 did not make (as bytes).
SKIP_SIGNATURES = {
    b64decode("skip_thought_signature_validator"),
    b64decode("context_engineering_is_the_way_to_go"),
}


def _check_signature(
    part: Mapping[str, Any], where: str, stub: StubServer, *, required: bool
) -> None:
    """A call the stub made must come back with the signature it was given, or with a
    documented stand-in; a ``required`` one (Gemini 3, the first call of a step in the
    current turn) must have one: "Function call is missing a thought_signature"."""
    from stub_server import Invalid, gemini_snake

    fc = gemini_snake(part["function_call"])
    issued = stub.gemini_signatures.get((str(fc.get("name")), json.dumps(fc.get("args") or {})))
    sig = part.get("thought_signature")
    try:
        raw = b64decode(sig) if isinstance(sig, str) else None
    except (binascii.Error, ValueError):
        raise Invalid(f"Invalid value at '{where}.thought_signature' (TYPE_BYTES)") from None
    if raw in SKIP_SIGNATURES:
        return
    sig = base64.b64encode(raw).decode() if raw else None
    if required and not sig:
        raise Invalid(
            f"Function call is missing a thought_signature in functionCall parts. This is "
            f"required for tools to work correctly ({where})."
        )
    if issued is not None and sig is not None and sig not in issued:
        raise Invalid(f"Corrupted thought signature ({where}).")


# --------------------------------------------------------------------------- answers


def image_tokens(data: str, mime: str, model: str) -> int:
    """Gemini's documented image cost on the decoded size: 258 for an image with both
    sides ≤ 384 px, else 258 per crop tile (the tile side is the shorter side / 1.5);
    Gemini 3: the ``media_resolution`` default (high, 1120)."""
    import io

    from PIL import Image as PILImage

    if model.startswith("gemini-3"):
        return 1120
    if not mime.startswith("image/"):
        return 258
    with PILImage.open(io.BytesIO(b64decode(data))) as im:
        w, h = im.size
    if w <= 384 and h <= 384:
        return 258
    tile = max(1, int(min(w, h) / 1.5))
    return 258 * math.ceil(w / tile) * math.ceil(h / tile)


def prompt_tokens(model: str, body: Mapping[str, Any]) -> int:
    """A deterministic stand-in for ``promptTokenCount``, computed independently: 4
    characters a token for text and JSON (calls, responses, tools, the system prompt), and
    each image by the documented formula."""
    from stub_server import gemini_snake

    def text(value: Any) -> int:
        s = value if isinstance(value, str) else json.dumps(value)
        return math.ceil(len(s) / 4)

    top = gemini_snake(body)
    total = 0
    for content in [top.get("system_instruction") or {"parts": []}, *top["contents"]]:
        total += 1
        for raw in content["parts"]:
            part = gemini_snake(raw)
            media = [part]
            if "function_response" in part:
                fr = gemini_snake(part["function_response"])
                total += text({k: v for k, v in fr.items() if k != "parts"})
                media = [gemini_snake(x) for x in fr.get("parts") or []]
            for m in media:
                if "inline_data" in m:
                    blob = gemini_snake(m["inline_data"])
                    total += image_tokens(blob["data"], blob["mime_type"], model)
                elif "file_data" in m:
                    total += 258
            if "text" in part:
                total += text(part["text"])
            elif "function_call" in part:
                total += text(part["function_call"])
    if top.get("tools"):
        total += text(top["tools"])
    return total


def default_text(body: Mapping[str, Any], n: int) -> str:
    from stub_server import gemini_snake

    contents = gemini_snake(body).get("contents") or []
    images = sum(
        1
        for c in contents
        for p in c.get("parts") or []
        for m in [
            gemini_snake(p),
            *gemini_snake(gemini_snake(p).get("function_response") or {}).get("parts", []),
        ]
        if isinstance(m, dict) and "inline_data" in gemini_snake(m)
    )
    last = next(
        (c for c in reversed(contents) if c.get("role") == "user" and _texts(c)),
        {"parts": []},
    )
    said = " ".join(" ".join(_texts(last)).split())[:60]
    return (
        f"Stub reply {n}: I read {len(contents)} content(s) and {images} image(s). You said: {said}"
    )


def _texts(content: Mapping[str, Any]) -> list[str]:
    return [
        str(p["text"]) for p in content.get("parts") or [] if isinstance(p, dict) and "text" in p
    ]


def send_reply(
    handler: _Handler, model: str, body: dict[str, Any], reply: StubReply, *, stream: bool,
    truncate: bool,
) -> None:  # fmt: skip
    """Answer as ``generateContent`` does (SSE chunks when ``stream``)."""
    stub = handler.server_stub
    n = len(stub.requests)
    gemini3 = model.startswith("gemini-3")
    parts: list[dict[str, Any]] = []
    if reply.reasoning is not None:
        parts.append({"text": reply.reasoning, "thought": True,
                      "thoughtSignature": signature_for(n, 0)})  # fmt: skip
    for k, (cid, name, args) in enumerate(reply.tool_calls, start=1):
        call: dict[str, Any] = {"name": name, "args": json.loads(args or "{}")}
        if gemini3:
            call["id"] = cid  # Gemini 2.x sends calls without ids
        if k > 1:  # Gemini signs only the first call of a parallel batch
            parts.append({"functionCall": call})
            continue
        sig = signature_for(n, k)
        key = (name, json.dumps(call["args"]))
        with stub._lock:
            stub.gemini_signatures.setdefault(key, set()).add(sig)
        parts.append({"functionCall": call, "thoughtSignature": sig})
    finish = "MAX_TOKENS" if reply.finish_reason == "length" else "STOP"
    usage = {
        "promptTokenCount": prompt_tokens(model, body),
        "candidatesTokenCount": max(1, math.ceil(len(reply.text) / 4))
        + sum(math.ceil(len(a) / 4) + 5 for _, _, a in reply.tool_calls),
        "thoughtsTokenCount": math.ceil(len(reply.reasoning or "") / 4),
    }
    usage["totalTokenCount"] = sum(usage.values())
    meta = {"modelVersion": model, "responseId": f"resp-stub{n}"}

    def chunk(chunk_parts: list[dict[str, Any]], done: bool) -> dict[str, Any]:
        candidate: dict[str, Any] = {"content": {"role": "model", "parts": chunk_parts}, "index": 0}
        out: dict[str, Any] = {"candidates": [candidate], **meta}
        if done:
            candidate["finishReason"] = finish
            out["usageMetadata"] = usage
        return out

    text_parts = [{"text": piece} for piece in handler._pieces(reply.text)] if reply.text else []
    if text_parts and gemini3:
        text_parts[0]["thoughtSignature"] = signature_for(n, 99)
    thought, calls = (parts[:1], parts[1:]) if reply.reasoning is not None else ([], parts)
    if not stream:
        text = [{**text_parts[0], "text": reply.text}] if text_parts else []
        handler._send_json(200, chunk([*thought, *text, *calls], True))
        return
    handler._sse_start()
    pieces = [*([thought] if thought else []), *([p] for p in text_parts), calls]
    for k, piece in enumerate(pieces):
        last = k == len(pieces) - 1
        handler._sse(chunk(piece, last))
        if truncate and piece and "text" in piece[0] and not piece[0].get("thought"):
            return  # the connection closes mid-reply

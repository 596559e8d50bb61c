"""Extract published bills from recorded VCR cassettes (YAML or JSON) in a git mirror: each
call to OpenAI (Chat Completions, Responses), Anthropic or Gemini with the input tokens its
reply was billed, read from the reply's ``usage`` (plain JSON, gzip+base64 bodies, or the
last SSE event that carries usage), with the date the reply was recorded (its ``Date`` header
or ``created_at``), as ``{"source", "format", "model", "billed", "recorded", "body"}``
(``tests/data/billed_cassettes.json``).

    python scripts/make_billed_cassettes.py [--commit SHA] GIT_DIR OUT.json [PATH_SUBSTRING ...]
    python scripts/make_billed_cassettes.py --merge OUT.json IN.json ...

``--merge`` keeps each body once (model and body alike) and of up to ``MAX_CHARS``
characters, except the recorded images and PDF named in ``IMAGES`` (their base64 is longer).
The test file: logfire at HEAD, logfire's ``test_openai_agents/`` at f15c73e8 (kept: the
cassettes re-recorded since, ``test_responses_simple`` and ``test_voice_pipeline``), the
cassettes of Arize-ai/openinference (1fe497f1, every instrumentation's, less litellm's
``TestTokenCounts.test_anthropic``: a stub's usage), crewAI, simonw/llm and simonw/llm-gemini at
HEAD; Mirascope/mirascope (41d43357: every cassette), Future-House/paper-qa (d2c3c698) and
traceloop/openllmetry (93429cfb: the paths holding ``instrumentation-anthropic/``,
``-openai/``, ``-langchain/``, ``-google-generativeai/``, ``-openai-agents/``,
``-llamaindex/`` and ``-agno/``, and the OpenAI calls under ``traceloop-sdk/`` and
``-haystack/``) at HEAD, langchain-ai/langsmith-sdk (bc8dd672: every cassette)
and AgentOps-AI/agentops (a855a92d: its recordings, less the calls to AI21's jamba and Groq's
llama3, models not known here) and Arize-ai/phoenix (9478f954; its
``test_evaluator_emits_evaluation_chunk`` at 0016a86dc3, where its request is as recorded: a later
commit renamed the tool in the request and kept the reply) and open-telemetry/opentelemetry-python-contrib
(466ae4c0: the paths under ``instrumentation-genai/``) and lmnr-ai/lmnr-python (67dea392: under
``tests/``, less the calls to Groq's llama3 and to deepseek-chat, models not known here),
Future-House/ldp (f0a29f1f), Future-House/aviary (826577f3), Future-House/llm-client (ce9ef5dc;
less ``TestLiteLLMModel.test_call_w_figure``'s two plain calls, billed 482 for the body its
streamed twins sent a second later were billed 286: a 32×32 PNG and two lines, 286 as
priced), elastic/elastic-otel-python-instrumentations (935ab4fa) and
Scale3-Labs/langtrace-python-sdk (b62abd9b) and crmne/ruby_llm (fb5a49bf; less the calls to
models not known here and two citation calls kept apart to check the citations price on: its
search result and its streamed document) and
simonw/llm-anthropic (3ae428f3; the bills not already in ``billed_more.json``) and
DataDog/dd-trace-py (3bb9ecda; less the bills already in ``billed_more.json``, the calls to
models not known here and ``chat_completion_streamed_tokens``, a usage chunk written by hand into
an April 2023 stream; those still priced below named ``known_below`` with why: its Responses bills
of the API's first weeks, a streamed tool call whose recorded request holds no tools where its
bill of 166 counts them, Azure's gpt-35-turbo of 2023, whose version no field names) at HEAD,
merged into it. A bill whose reply names a snapshot framed apart is recorded under it
(``served_model``). A reply that names another model than the request asked for is left out
(``served_as_asked``).
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import subprocess
import sys
import zlib
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import yaml

HOSTS = (
    "/chat/completions",
    "/responses",
    "/v1/messages",
    ":generateContent",
    ":streamGenerateContent",
)


def git(repo: str, *args: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={repo}", *args], check=True, capture_output=True
    ).stdout.decode("utf-8", "replace")


def raw(side: Any) -> Any:
    """A recorded request's or reply's body as stored (parsed, text or bytes)."""
    if not isinstance(side, dict):
        return None
    if "parsed_body" in side:
        return side["parsed_body"]
    body = side.get("body", side.get("content"))
    if isinstance(body, dict):
        body = body.get("string", body.get("base64_string"))
    return body


def _unpacked(data: bytes) -> str | None:
    """Bytes as text: gzip, zlib or plain UTF-8 (None: none of them)."""
    for unpack in (gzip.decompress, zlib.decompress, bytes):
        try:
            return unpack(data).decode("utf-8")
        except (OSError, EOFError, zlib.error, UnicodeDecodeError):
            continue
    return None


def text_of(body: Any) -> str | None:
    """A stored body as text; a base64 string of a gzip body is unpacked."""
    if isinstance(body, dict | list):
        return json.dumps(body)
    if isinstance(body, bytes):
        return _unpacked(body)
    if isinstance(body, str):
        s = body.strip()
        if s and s[0] not in "{[de" and len(s) > 20:  # maybe base64 gzip
            try:
                return _unpacked(base64.b64decode(s, validate=True)) or body
            except ValueError:
                pass
        return body
    return None


def parse_json(text: str | None) -> Any:
    """A body as JSON; a stream (SSE events, or Gemini's JSON array of chunks) as its last
    chunk that carries usage, with the model and usage seen before it."""
    if text is None:
        return None
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, list):
        chunks = [c for c in parsed if isinstance(c, dict) and c.get("usageMetadata")]
        return chunks[-1] if chunks else None
    if parsed is not None:
        return parsed
    # SSE: take the last event with usage
    found = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("data:"):
            try:
                ev = json.loads(line[5:].strip())
            except ValueError:
                continue
            if isinstance(ev, dict):
                for cand in (ev, ev.get("response"), ev.get("message")):
                    if isinstance(cand, dict) and (cand.get("usage") or cand.get("usageMetadata")):
                        found = _with_usage(found, cand)
    return found


def _with_usage(old: Any, new: dict[str, Any]) -> dict[str, Any]:
    """An SSE event that carries usage, its usage completed by an earlier one's."""
    if old is None:
        return new
    u = dict(old.get("usage") or {})
    u.update({k: v for k, v in (new.get("usage") or {}).items() if v})
    out = dict(new)
    out["usage"] = u
    return out


def billed(url: str, body: dict[str, Any], reply: dict[str, Any]) -> tuple[str, str, int] | None:
    if "GenerateContent" in url:
        model = unquote(url.split("/models/")[-1].split(":")[0])
        n = (reply.get("usageMetadata") or {}).get("promptTokenCount")
        return None if n is None else ("gemini", model, n)
    usage = reply.get("usage") or {}
    if "/v1/messages" in url:
        parts = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
        if not usage:
            return None
        return (
            "anthropic",
            body.get("model") or reply.get("model"),
            sum(usage.get(k) or 0 for k in parts),
        )
    n = usage.get("input_tokens", usage.get("prompt_tokens"))
    if n is None or "model" not in body:
        return None
    return ("openai-responses" if "/responses" in url else "openai"), body["model"], n


#: A reply id written by hand (Arize-ai/phoenix's ``chatcmpl-test123``: a reply pasted under
#: an edited request, billed 10 for a "Say hello" OpenAI bills 9): no bill.
_MADE_UP_ID = re.compile(r"test|fake|mock|dummy|example", re.IGNORECASE)


def served_as_asked(body: dict[str, Any], reply: dict[str, Any]) -> bool:
    """Whether the reply names the model the request asked for (a dated snapshot of it): a
    cassette whose request was edited after recording (simonw/llm's tool-streaming variants
    ask for gpt-4.1-mini, answered by OpenRouter's moonshotai/kimi-k2) bills another model.
    A reply naming the upstream ``provider`` is a router's (OpenRouter's), never the API the
    request names: simonw/llm's variant_d is variant_a's kimi-k2 reply (same ``created``,
    ``cost`` and usage, 57 and 107) with both model names edited to ``muse-spark-1.1``."""
    if isinstance(reply.get("provider"), str) or _MADE_UP_ID.search(str(reply.get("id", ""))):
        return False
    asked, served = body.get("model"), reply.get("model", reply.get("modelVersion"))
    if not isinstance(asked, str) or not isinstance(served, str):
        return True
    asked, served = _family(asked.rsplit("/", 1)[-1]), _family(served)
    return served.startswith(asked) or asked.startswith(served)


#: Snapshots an alias once served that the catalog frames apart: a reply naming one is billed
#: as that snapshot (gpt-3.5-turbo served gpt-3.5-turbo-0301, 4 tokens a message, until
#: 2023-06-27), so the bill is recorded under it.
FRAMED_APART = ("gpt-3.5-turbo-0301",)


def served_model(asked: str, reply: dict[str, Any]) -> str:
    """The model a bill is recorded under: the one asked for, or the snapshot framed apart
    that the reply names."""
    served = reply.get("model")
    return served if served in FRAMED_APART else asked


def _family(model: str) -> str:
    """A model id without its alias or date tail (``claude-sonnet-4-0``, ``-latest``,
    ``-20250514``, ``-2024-08-06``)."""
    return re.sub(r"(?:-latest|-0|-\d{8}|-\d{4}-\d{2}-\d{2})$", "", model)


def recorded_on(response: Any, reply: dict[str, Any]) -> str | None:
    """The day a reply was recorded (ISO), from ``created_at`` or the ``Date`` header."""
    created = reply.get("created_at", reply.get("created"))
    if isinstance(created, int | float):
        try:
            return datetime.fromtimestamp(created, UTC).date().isoformat()
        except (ValueError, OverflowError, OSError):
            pass  # a stub's made-up stamp (openllmetry's): the Date header, if any
    headers = response.get("headers") if isinstance(response, dict) else None
    for key, value in (headers or {}).items():
        if key.lower() == "date":
            said = value[0] if isinstance(value, list) and value else value
            try:
                return parsedate_to_datetime(str(said)).date().isoformat()
            except (TypeError, ValueError):
                return None
    return None


def interactions(doc: Any) -> list[dict[str, Any]]:
    if isinstance(doc, dict):
        return doc.get("interactions") or doc.get("http_interactions") or []
    if isinstance(doc, list):
        return doc
    return []


MAX_CHARS = 12_000
IMAGES = (
    "TestAnthropicMultimodalIntegration.test_describe_image.yaml",
    "TestLiteLLMMultimodalIntegration.test_describe_image_claude.yaml",
    "TestAgentMultimodalAnthropic.test_image_file[anthropic",
    "chat_citations_with_anthropic_claude-haiku-4-5_cites_pdf_documents_with_page_numbers",
)


def merge_files(out: Path, files: list[str]) -> None:
    """The bills of ``files`` in one file, each body once (see the module's doc)."""
    seen: set[str] = set()
    kept: list[dict[str, Any]] = []
    for f in files:
        for bill in json.loads(Path(f).read_text(encoding="utf-8")):
            key = json.dumps([bill["model"], bill["body"]], sort_keys=True)
            image = any(n in bill["source"] for n in IMAGES)
            if key in seen or (len(key) > MAX_CHARS and not image):
                continue
            seen.add(key)
            kept.append(bill)
    out.write_text(json.dumps(kept, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(kept)} bills -> {out}")


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--merge"]:
        merge_files(Path(args[1]), args[2:])
        return
    at = args.index("--commit") if "--commit" in args else -1
    revision = args[at + 1] if at >= 0 else "HEAD"
    if at >= 0:
        del args[at : at + 2]
    repo, out, subs = args[0], Path(args[1]), args[2:]
    name = Path(repo).parent.name.replace("+", "/")
    commit = git(repo, "rev-parse", revision).strip()
    paths = git(repo, "ls-tree", "-r", "--name-only", commit).splitlines()
    paths = [
        p
        for p in paths
        if ("cassette" in p.lower() or "vcr" in p.lower() or "recording" in p.lower())
        and p.endswith((".yaml", ".yml", ".json"))
    ]
    if subs:
        paths = [p for p in paths if any(s in p for s in subs)]
    found = []
    for path in sorted(paths):
        try:
            t = git(repo, "show", f"{commit}:{path}")
            doc = json.loads(t) if path.endswith(".json") else yaml.load(t, Loader=yaml.CSafeLoader)
        except (subprocess.CalledProcessError, ValueError, yaml.YAMLError):
            continue  # a file the snapshot does not hold, or not a cassette
        for k, it in enumerate(interactions(doc)):
            if not isinstance(it, dict):
                continue
            req = it.get("request")
            if not isinstance(req, dict):
                continue
            url = req.get("uri") or req.get("url") or ""
            if (
                not any(h in url.split("?")[0] for h in HOSTS)
                or "input_tokens" in url
                or "count_tokens" in url
            ):
                continue
            body = parse_json(text_of(raw(req)))
            reply = parse_json(text_of(raw(it.get("response"))))
            if not isinstance(body, dict) or not isinstance(reply, dict):
                continue
            if len(json.dumps(body)) > 200_000:
                continue
            if not served_as_asked(body, reply):
                continue
            b = billed(url, body, reply)
            recorded = recorded_on(it.get("response"), reply)
            if b is None or not isinstance(b[1], str):
                continue
            fmt, model, n = b
            model = served_model(model, reply)
            found.append(
                {
                    "source": f"https://github.com/{name}/blob/{commit}/{path} (interaction {k})",
                    "format": fmt,
                    "model": model,
                    "billed": n,
                    "recorded": recorded,
                    "body": body,
                }
            )
    out.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(found)} bills from {len(paths)} files -> {out}")


if __name__ == "__main__":
    main()

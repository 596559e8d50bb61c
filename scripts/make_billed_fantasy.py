"""Extract published OpenAI bills from charmbracelet/fantasy's recorded provider tests.

fantasy (github.com/charmbracelet/fantasy) records its provider tests against the real APIs
as VCR cassettes (``providertests/testdata/<Suite>/<provider-model>/<case>.yaml``): each
interaction holds the request body sent and the reply with the ``usage`` it was billed. This
keeps the non-streaming OpenAI and Azure OpenAI (Chat Completions and Responses), Anthropic,
Bedrock, Gemini and Vertex ones as
``{"source", "format", "model", "billed", "body"}`` for ``tests/test_billed_fantasy.py``.

    python scripts/make_billed_fantasy.py FANTASY_CHECKOUT [COMMIT]
    # writes tests/data/billed_fantasy.json (COMMIT: the checkout's, named in each source)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import yaml

SUITES = (
    "TestOpenAICommon", "TestAzureCommon", "TestOpenAIResponsesCommon",
    "TestAzureResponsesCommon", "TestOpenAIObjectGeneration",
    "TestOpenAIResponsesObjectGeneration", "TestOpenAIResponsesWithSummaryThinking",
    "TestAnthropicCommon", "TestAnthropicCommonWithCacheControl", "TestAnthropicComputerUse",
    "TestAnthropicObjectGeneration", "TestAnthropicThinking",
    "TestAnthropicThinkingWithCacheControl", "TestBedrockCommon", "TestGoogleCommon",
    "TestGoogleObjectGeneration", "TestGoogleThinking", "TestGoogleVertexObjectGeneration",
    "TestImageUploadAgent",
)  # fmt: skip
# Not kept: the web-search suites (a hosted tool's results are billed as input, 13,520 and
# 17,432 tokens for requests of ~430 and ~40: not a price of the request).
OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "billed_fantasy.json"


def bills(checkout: Path, commit: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    root = checkout / "providertests" / "testdata"
    for path in sorted([*root.glob("*/*/*.yaml"), *root.glob("*/*.yaml")]):
        suite = path.relative_to(root).parts[0]
        if suite not in SUITES or "stream" in path.name:
            continue
        for it in yaml.safe_load(path.read_text()).get("interactions", []):
            try:
                body = json.loads(it["request"]["body"])
                reply = json.loads(it["response"]["body"])
            except (ValueError, TypeError):
                continue
            found = _billed(it["request"]["url"], body, reply)
            if found is None:
                continue
            fmt, model, billed = found
            where = path.relative_to(checkout).as_posix()
            out.append(
                {
                    "source": f"https://github.com/charmbracelet/fantasy/blob/{commit}/{where} "
                    f"(interaction {it['id']})",
                    "format": fmt,
                    "model": model,
                    "billed": billed,
                    "body": body,
                }
            )
    return out


def _billed(url: str, body: dict[str, Any], reply: dict[str, Any]) -> tuple[str, str, int] | None:
    """(format, model, input tokens billed) of one recorded call, or None."""
    if ":generateContent" in url:  # Gemini API and Vertex: the model is in the URL
        model = unquote(url.split("/models/")[-1].split(":")[0])
        billed = (reply.get("usageMetadata") or {}).get("promptTokenCount")
        return None if billed is None else ("gemini", model, billed)
    usage = reply.get("usage") or {}
    if "/v1/messages" in url or "/invoke" in url or ":rawPredict" in url:
        # Anthropic; Bedrock and Vertex name the model in the URL
        tail = url.split("/model/")[-1].split("/models/")[-1]
        model = body.get("model") or unquote(tail.split("/")[0].split(":rawPredict")[0])
        parts = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
        return ("anthropic", model, sum(usage.get(k) or 0 for k in parts)) if usage else None
    billed = usage.get("input_tokens", usage.get("prompt_tokens"))
    if billed is None or "model" not in body:
        return None
    return ("openai-responses" if "/responses" in url else "openai"), body["model"], billed


if __name__ == "__main__":
    checkout = Path(sys.argv[1])
    commit = sys.argv[2] if len(sys.argv) > 2 else "f6d4d1e3022229bd6e77717416336bf50e1693ad"
    found = bills(checkout, commit)
    OUT.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(found)} bills -> {OUT}")

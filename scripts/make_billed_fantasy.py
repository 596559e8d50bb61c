"""Extract published OpenAI bills from charmbracelet/fantasy's recorded provider tests.

fantasy (github.com/charmbracelet/fantasy) records its provider tests against the real APIs
as VCR cassettes (``providertests/testdata/<Suite>/<provider-model>/<case>.yaml``): each
interaction holds the request body sent and the reply with the ``usage`` it was billed. This
keeps the non-streaming OpenAI and Azure OpenAI ones (Chat Completions and Responses) as
``{"source", "format", "model", "billed", "body"}`` for ``tests/test_billed_fantasy.py``.

    python scripts/make_billed_fantasy.py FANTASY_CHECKOUT [COMMIT]
    # writes tests/data/billed_fantasy.json (COMMIT: the checkout's, named in each source)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

SUITES = (
    "TestOpenAICommon", "TestAzureCommon", "TestOpenAIResponsesCommon",
    "TestAzureResponsesCommon", "TestOpenAIObjectGeneration",
    "TestOpenAIResponsesObjectGeneration", "TestOpenAIResponsesWithSummaryThinking",
)  # fmt: skip
OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "billed_fantasy.json"


def bills(checkout: Path, commit: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    root = checkout / "providertests" / "testdata"
    for path in sorted(root.glob("*/*/*.yaml")):
        if path.parts[-3] not in SUITES or "streaming" in path.name:
            continue
        for it in yaml.safe_load(path.read_text()).get("interactions", []):
            try:
                body = json.loads(it["request"]["body"])
                usage = json.loads(it["response"]["body"]).get("usage") or {}
            except (ValueError, TypeError):
                continue
            billed = usage.get("input_tokens", usage.get("prompt_tokens"))
            if billed is None:
                continue
            where = path.relative_to(checkout).as_posix()
            out.append(
                {
                    "source": f"https://github.com/charmbracelet/fantasy/blob/{commit}/{where} "
                    f"(interaction {it['id']})",
                    "format": "openai-responses"
                    if "/responses" in it["request"]["url"]
                    else "openai",
                    "model": body["model"],
                    "billed": billed,
                    "body": body,
                }
            )
    return out


if __name__ == "__main__":
    checkout = Path(sys.argv[1])
    commit = sys.argv[2] if len(sys.argv) > 2 else "f6d4d1e3022229bd6e77717416336bf50e1693ad"
    found = bills(checkout, commit)
    OUT.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(found)} bills -> {OUT}")

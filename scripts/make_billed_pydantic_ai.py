"""Extract published bills from pydantic/pydantic-ai's recorded model tests.

pydantic-ai (github.com/pydantic/pydantic-ai) records its model tests against the real APIs
as VCR cassettes (``tests/**/cassettes/**/*.yaml``), each interaction with the request body
sent and the reply with the ``usage`` it was billed (``parsed_body``, or ``body`` as JSON).
This keeps the non-streaming calls to api.openai.com (Chat Completions and Responses),
api.anthropic.com and the Gemini API / Vertex ``generateContent`` (bodies up to 100,000
characters of JSON) as
``{"source", "format", "model", "billed", "body"}``, the shape of
``tests/data/billed_fantasy.json`` (``scripts/make_billed_fantasy.py`` reads the reply).

The bills are split in two by a hash of the cassette's path: ``tests/data/
billed_pydantic_ai.json`` (tuned on) and ``/work/heldout26/prov19/billed_b.json``
(held out: read only to report, never to tune), so that a shape is not tuned on through a
neighbouring interaction of the same cassette.

    python scripts/make_billed_pydantic_ai.py PYDANTIC_AI_GIT_DIR COMMIT [HELD_OUT_PATH]
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from make_billed_fantasy import _billed

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "billed_pydantic_ai.json"
#: The endpoints kept, by how the request's URL path ends (not ``/responses/compact``,
#: ``/responses/input_tokens`` and the like: another bill than a response's).
HOSTS = (
    "api.openai.com/v1/chat/completions", "api.openai.com/v1/responses",
    "api.anthropic.com/v1/messages", ":generateContent",
)  # fmt: skip
#: Requests whose JSON is longer are left out (files and videos inline: megabytes each).
MAX_BODY = 100_000


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={repo}", *args], check=True, capture_output=True, text=True
    ).stdout


def _json(side: dict[str, Any]) -> Any:
    """A request's or reply's body: ``parsed_body``, or ``body`` read as JSON (None: neither)."""
    if "parsed_body" in side:
        return side["parsed_body"]
    body = side.get("body")
    if isinstance(body, dict):
        body = body.get("string")
    try:
        return json.loads(body) if isinstance(body, str) else None
    except ValueError:
        return None


def bills(repo: Path, commit: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    paths = _git(repo, "ls-tree", "-r", "--name-only", commit).splitlines()
    for path in sorted(p for p in paths if "cassettes/" in p and p.endswith(".yaml")):
        if "stream" in path or "/realtime/" in path:
            continue
        try:
            text = _git(repo, "show", f"{commit}:{path}")
            cassette = yaml.load(text, Loader=yaml.CSafeLoader)
            if not isinstance(cassette, dict):
                continue
        except (subprocess.CalledProcessError, yaml.YAMLError):
            continue  # a file the snapshot does not hold, or not a cassette
        for k, it in enumerate(cassette.get("interactions") or []):
            if not isinstance(it, dict) or not isinstance(it.get("request"), dict):
                continue  # (a websocket recording, not an HTTP one)
            url = it["request"].get("uri") or it["request"].get("url") or ""
            body, reply = _json(it["request"]), _json(it.get("response") or {})
            endpoint = url.split("?")[0]
            if not endpoint.endswith(HOSTS) or not isinstance(body, dict):
                continue
            if not isinstance(reply, dict) or body.get("stream"):
                continue
            if len(json.dumps(body, ensure_ascii=False)) > MAX_BODY:
                continue
            found = _billed(url, body, reply)
            if found is None:
                continue
            fmt, model, billed = found
            out.append(
                {
                    "source": f"https://github.com/pydantic/pydantic-ai/blob/{commit}/{path} "
                    f"(interaction {k})",
                    "format": fmt,
                    "model": model,
                    "billed": billed,
                    "body": body,
                }
            )
    return out


def held_out(bill: dict[str, Any]) -> bool:
    """Half the cassettes, by a hash of the path: the held-out set."""
    path = bill["source"].split(" ")[0]
    return hashlib.sha256(path.encode()).digest()[0] % 2 == 1


if __name__ == "__main__":
    repo, commit = Path(sys.argv[1]), sys.argv[2]
    b_path = Path(sys.argv[3] if len(sys.argv) > 3 else "/work/heldout26/prov19/billed_b.json")
    found = bills(repo, commit)
    a = [b for b in found if not held_out(b)]
    b = [b for b in found if held_out(b)]
    OUT.write_text(json.dumps(a, indent=1, ensure_ascii=False) + "\n")
    b_path.parent.mkdir(parents=True, exist_ok=True)
    b_path.write_text(json.dumps(b, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(a)} bills -> {OUT}; {len(b)} held out -> {b_path}")

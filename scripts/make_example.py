"""Build the example conversation that ships with the package (deterministic).

An afternoon of debugging with a coding agent: 150+ messages in OpenAI Chat Completions
format, with real PNG / JPEG / WebP / GIF screenshots drawn with Pillow (one 3840×2160),
parallel tool calls, tool results (one with a screenshot), attached files, and turns in
Chinese and Hindi.

    python scripts/make_example.py  # writes src/contextledger/examples/debugging_session.json
"""

from __future__ import annotations

import base64
import io
import json
import random
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

OUT = (
    Path(__file__).resolve().parents[1]
    / "src"
    / "contextledger"
    / "examples"
    / "debugging_session.json"
)


def screenshot(
    width: int, height: int, title: str, lines: list[str], fmt: str, *, frames: int = 1
) -> str:
    """A flat UI-like screenshot (title bar, sidebar, text lines) as a data URL."""
    images = []
    for f in range(frames):
        im = Image.new("RGB", (width, height), (246, 247, 249))
        d = ImageDraw.Draw(im)
        bar = max(24, height // 20)
        d.rectangle((0, 0, width, bar), fill=(40, 44, 52))
        d.text((12, bar // 3), title, fill=(230, 230, 230))
        d.rectangle((0, bar, width // 6, height), fill=(225, 228, 233))
        y = bar + 16
        for k, line in enumerate(lines * max(1, height // (18 * max(1, len(lines))) // 2)):
            color = (200, 40, 40) if "Error" in line else (30, 30, 30)
            d.text((width // 6 + 16, y), line, fill=color)
            y += 18
            if y > height - 20:
                break
            if k > 400:
                break
        if frames > 1:
            d.ellipse(
                (width - 60, height - 60, width - 20 + f * 4, height - 20), fill=(60, 120, 220)
            )
        images.append(im)
    buf = io.BytesIO()
    if fmt == "GIF" and frames > 1:
        images[0].save(buf, "GIF", save_all=True, append_images=images[1:], duration=400, loop=0)
    elif fmt == "JPEG":
        images[0].save(buf, "JPEG", quality=82)
    elif fmt == "WEBP":
        images[0].save(buf, "WEBP", quality=85)
    else:
        images[0].save(buf, fmt, optimize=True)
    media = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}[
        fmt
    ]
    return f"data:{media};base64,{base64.b64encode(buf.getvalue()).decode()}"


def photo(width: int, height: int, seed: int) -> str:
    """A noisy 'photo of a whiteboard' JPEG."""
    rng = random.Random(seed)
    im = Image.new("RGB", (width, height), (250, 250, 245))
    d = ImageDraw.Draw(im)
    for _ in range(120):
        x, y = rng.randrange(width), rng.randrange(height)
        d.line(
            (x, y, x + rng.randrange(-200, 200), y + rng.randrange(-80, 80)),
            fill=(20, 20, 120),
            width=3,
        )
    for k, text in enumerate(
        ["cache TTL = 300s?", "worker -> redis -> api", "fix: invalidate on write"]
    ):
        d.text((60, 60 + 40 * k), text, fill=(160, 20, 20))
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=80)
    return f"data:image/jpeg;base64,{base64.b64encode(buf.getvalue()).decode()}"


def image_part(url: str, detail: str | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"url": url}
    if detail:
        spec["detail"] = detail
    return {"type": "image_url", "image_url": spec}


def call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": cid,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }


FILES = {
    "src/dashboard/api.py": "from flask import Flask, jsonify\nfrom .cache import cached\n\napp = Flask(__name__)\n\n@app.get('/api/metrics')\n@cached(ttl=300)\ndef metrics():\n    return jsonify(load_metrics())\n",
    "src/dashboard/cache.py": "import functools, time\n\n_store = {}\n\ndef cached(ttl):\n    def wrap(fn):\n        @functools.wraps(fn)\n        def inner(*a):\n            hit = _store.get(fn.__name__)\n            if hit and time.time() - hit[0] < ttl:\n                return hit[1]\n            value = fn(*a)\n            _store[fn.__name__] = (time.time(), value)\n            return value\n        return inner\n    return wrap\n",
    "src/dashboard/static/chart.js": "export async function draw(el) {\n  const r = await fetch('/api/metrics');\n  const data = await r.json();\n  if (!data.series) return; // blank chart when series missing\n  render(el, data.series);\n}\n",
}


def build() -> list[dict[str, Any]]:
    rng = random.Random(20261129)
    m: list[dict[str, Any]] = [
        {
            "role": "system",
            "content": "You are a careful coding agent working in the repository /home/dev/dashboard. "
            "Use the tools to read files and run commands. Never push to main without asking.",
        }
    ]
    n = 0

    def cid() -> str:
        nonlocal n
        n += 1
        return f"call_{n:03d}"

    big = screenshot(
        3840,
        2160,
        "Dashboard — Chrome",
        ["Metrics", "Error: chart series is undefined", "GET /api/metrics 200 (from cache)"],
        "PNG",
    )
    m.append(
        {
            "role": "user",
            "content": [
                {
                    "type": "text",
                    "text": "The dashboard chart is blank since this morning's deploy. Here's a 4K screenshot of what I see. Can you find out why?",
                },
                image_part(big),
            ],
        }
    )
    a, b = cid(), cid()
    m.append(
        {
            "role": "assistant",
            "content": "I'll look at the API handler and the chart code together.",
            "tool_calls": [
                call(a, "read_file", {"path": "src/dashboard/api.py"}),
                call(b, "read_file", {"path": "src/dashboard/static/chart.js"}),
            ],
        }
    )
    m.append({"role": "tool", "tool_call_id": a, "content": FILES["src/dashboard/api.py"]})
    m.append({"role": "tool", "tool_call_id": b, "content": FILES["src/dashboard/static/chart.js"]})
    m.append(
        {
            "role": "assistant",
            "content": "The chart returns early when `series` is missing, and `/api/metrics` is served through `cached(ttl=300)`. Let me check the cache.",
        }
    )

    topics = [
        (
            "src/dashboard/cache.py",
            "pytest tests/test_cache.py -q",
            "3 passed, 1 failed: test_cache_invalidation (AssertionError: stale value)",
        ),
        (
            "src/dashboard/metrics.py",
            "python -m dashboard.metrics --dump",
            "{'series': None, 'updated': '2026-11-29T09:12:03Z'}",
        ),
        (
            "config/production.toml",
            "grep -n ttl config/production.toml",
            "14: cache_ttl = 3000  # was 300",
        ),
        ("src/dashboard/worker.py", "redis-cli GET metrics:latest", "(nil)"),
        ("tests/test_cache.py", "pytest -q", "41 passed, 2 failed in 3.84s"),
        (
            "docs/deploy.md",
            "git log --oneline -5",
            "a1b2c3d raise cache ttl\n9f8e7d6 chart refactor\n5a4b3c2 worker retries",
        ),
    ]
    side = screenshot(
        1280,
        800,
        "Grafana — metrics latency",
        ["p95 latency 840 ms", "cache hit ratio 99.7%", "Error budget burn 3.1x"],
        "WEBP",
    )
    whiteboard = photo(1600, 1200, 7)
    spinner = screenshot(640, 480, "Loading…", ["Fetching /api/metrics"], "GIF", frames=3)
    term = screenshot(
        1024,
        640,
        "Terminal",
        [
            "$ pytest -q",
            "FAILED tests/test_cache.py::test_cache_invalidation",
            "Error: stale value",
        ],
        "PNG",
    )

    for cycle in range(30):
        path, cmd, result = topics[cycle % len(topics)]
        if cycle == 3:
            m.append(
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "text",
                            "text": "Here's our Grafana board and the whiteboard sketch from standup. Does the latency match your theory?",
                        },
                        image_part(side),
                        image_part(whiteboard, "high"),
                    ],
                }
            )
        elif cycle == 5:
            m.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "Please also read my notes from yesterday."},
                        {
                            "type": "text",
                            "text": "Attached file: notes.txt\n```\n- cache TTL bumped to 3000 by mistake in a1b2c3d\n- worker writes metrics:latest every 60s\n- chart.js returns early on missing series\n"
                            + "- (log excerpt) worker tick ok\n" * 60
                            + "```",
                        },
                    ],
                }
            )
        elif cycle == 7:
            m.append(
                {
                    "role": "user",
                    "content": "缓存失效的逻辑在哪里？请用中文简单解释一下，然后继续修复。",
                }
            )
        elif cycle == 9:
            m.append(
                {
                    "role": "user",
                    "content": "कृपया बताइए कि worker असफल क्यों हो रहा है, और टेस्ट फिर से चलाइए।",
                }
            )
        elif cycle == 11:
            m.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "The loading spinner never stops:"},
                        image_part(spinner),
                    ],
                }
            )
        elif cycle == 14:
            m.append(
                {
                    "role": "user",
                    "content": "Correction: don't change the TTL in code, only in config/production.toml. And keep 300 seconds.",
                }
            )
        else:
            m.append(
                {
                    "role": "user",
                    "content": rng.choice(
                        [
                            "Keep going.",
                            "What did the tests say?",
                            "Can you check that file too?",
                            "Any other places that read the cache?",
                            "Run it again after the change, please.",
                        ]
                    ),
                }
            )
        if cycle % 3 == 0:
            a, b, c = cid(), cid(), cid()
            m.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        call(a, "read_file", {"path": path}),
                        call(b, "run_command", {"cmd": cmd}),
                        call(c, "search", {"query": "cache_ttl", "glob": "**/*.py"}),
                    ],
                }
            )
            m.append(
                {
                    "role": "tool",
                    "tool_call_id": a,
                    "content": FILES.get(path, f"# {path}\n" + "x = 1\n" * 40),
                }
            )
            m.append({"role": "tool", "tool_call_id": b, "content": result})
            m.append(
                {
                    "role": "tool",
                    "tool_call_id": c,
                    "content": "src/dashboard/cache.py:5\nsrc/dashboard/api.py:7\nconfig/production.toml:14",
                }
            )
        elif cycle == 4:
            a = cid()
            m.append(
                {
                    "role": "assistant",
                    "content": "Let me take a screenshot of the failing test run.",
                    "tool_calls": [call(a, "screenshot", {"window": "terminal"})],
                }
            )
            m.append(
                {
                    "role": "tool",
                    "tool_call_id": a,
                    "content": "Captured the terminal window (1024×640).",
                }
            )
            m.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": f"Images returned by tool call {a}:"},
                        image_part(term),
                    ],
                }
            )
        else:
            a = cid()
            m.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [call(a, "run_command", {"cmd": cmd})],
                }
            )
            m.append(
                {
                    "role": "tool",
                    "tool_call_id": a,
                    "content": result + "\n" + "log line ok\n" * rng.randrange(5, 80),
                }
            )
        m.append(
            {
                "role": "assistant",
                "content": rng.choice(
                    [
                        f"`{cmd}` shows: {result.splitlines()[0]}. That confirms the stale cache theory.",
                        f"I read {path}. The TTL of 3000 s means the chart serves a cached empty series for 50 minutes.",
                        "The fix is to restore cache_ttl = 300 in config/production.toml and invalidate metrics on write.",
                        f"Next I'll check {path} for other readers of the cache.",
                    ]
                ),
            }
        )
        if cycle == 7:
            m.append(
                {
                    "role": "assistant",
                    "content": "缓存失效逻辑在 src/dashboard/cache.py 的 cached() 装饰器里：它只按 TTL 过期，写入时不会失效。我会在写入 metrics 时清除缓存。",
                }
            )
        if cycle == 9:
            m.append(
                {
                    "role": "assistant",
                    "content": "worker असफल नहीं है; वह हर 60 सेकंड में metrics:latest लिखता है, लेकिन API पुराना cache लौटाता है। मैंने टेस्ट फिर से चलाए: 41 passed, 2 failed.",
                }
            )
    a = cid()
    m.append(
        {
            "role": "user",
            "content": "Great. Apply the fix: set cache_ttl back to 300 in config/production.toml, then run the full test suite.",
        }
    )
    m.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                call(
                    a,
                    "write_file",
                    {"path": "config/production.toml", "content": "cache_ttl = 300\n"},
                )
            ],
        }
    )
    m.append(
        {"role": "tool", "tool_call_id": a, "content": "wrote 16 bytes to config/production.toml"}
    )
    b = cid()
    m.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [call(b, "run_command", {"cmd": "pytest -q"})],
        }
    )
    m.append({"role": "tool", "tool_call_id": b, "content": "43 passed in 3.91s"})
    m.append(
        {
            "role": "assistant",
            "content": "Fixed: cache_ttl is 300 again and all 43 tests pass. The chart should render within 5 minutes of the next worker tick.",
        }
    )
    m.append(
        {
            "role": "user",
            "content": "Thanks! One last thing: is anything still open before I deploy?",
        }
    )
    return m


def main() -> None:
    messages = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(messages, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(messages)} messages, {OUT.stat().st_size:,} bytes to {OUT}")


if __name__ == "__main__":
    main()

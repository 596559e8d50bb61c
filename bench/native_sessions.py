"""Sessions written in a provider's own format, not translated from OpenAI Chat dicts (a
section of ``bench_fit.py``, see ``fit_formats.refit_native_shapes``).

* ``responses_agent_items``: a data-pipeline agent's Responses ``input`` items as the app keeps
  them: the user's ``input_text`` messages (some with an ``input_image`` chart), ``reasoning``
  items with summaries, ``function_call`` items (a SQL runner, a file reader, a shell command
  as an argv list) each followed by its ``function_call_output`` (query results as CSV, file
  excerpts, build logs, some failing), and the assistant's ``output_text`` messages that state
  what a result showed; every chart a distinct PNG.
* ``anthropic_thinking_agent``: an Anthropic body of a refactoring agent with extended
  thinking: each assistant turn a ``thinking`` block (with its signature), often a text, then
  1-3 ``tool_use`` blocks; the next user turn their ``tool_result`` blocks (text or block
  lists, some ``is_error``, some a screenshot), sometimes the user's own words after them.

Both are unlike the Chat sessions of ``fit_sessions``: one Message there is several items here
(an assistant turn is its reasoning, text and calls), or one dict here is several Messages (a
user turn of tool results).
"""

from __future__ import annotations

import base64
import io
import json
import random
from typing import Any

from PIL import Image

_TABLES = ("orders", "refunds", "sessions", "shipments", "invoices", "events", "carts")
_COLUMNS = ("id", "region", "amount_eur", "status", "created_at", "sku", "qty", "channel")
_STEPS = ("dedupe", "join", "backfill", "partition", "validate", "export", "compact")
_FILES = ("dags/nightly.py", "sql/marts/revenue.sql", "conf/warehouse.toml", "jobs/backfill.py")
_ASKS = (
    "Why did yesterday's {t} load drop by a third?",
    "Can you rerun the {s} step for {t} and tell me what changed?",
    "Keep the {t} partitions daily — never switch them to hourly.",
    "Actually the cutoff is 02:00 UTC, not midnight.",
    "Check the {t} row counts against last week.",
    "Ok. Next: the {s} job for {t}.",
)


def _png(rng: random.Random) -> str:
    """A distinct chart-like PNG, as a data URL."""
    w, h = rng.choice((640, 960, 1280)), rng.choice((360, 540, 720))
    img = Image.new("RGB", (w, h), (250, 250, 250))
    px = img.load()
    assert px is not None
    for x in range(0, w, 4):
        y = int(h * (0.2 + 0.6 * rng.random()))
        for dy in range(3):
            px[x, min(h - 1, y + dy)] = (rng.randrange(40, 200), 90, 160)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def _csv(rng: random.Random, rows: int) -> str:
    cols = rng.sample(_COLUMNS, 4)
    lines = [",".join(cols)]
    for _ in range(rows):
        lines.append(",".join(str(rng.randrange(10_000)) if c != "status" else
                              rng.choice(("ok", "late", "void")) for c in cols))  # fmt: skip
    return "\n".join(lines) + f"\n({rows} rows)"


def _log(rng: random.Random, lines: int, failing: bool) -> str:
    out = [
        f"[{rng.randrange(24):02d}:{rng.randrange(60):02d}] {rng.choice(_STEPS)} "
        f"{rng.choice(_TABLES)}: {rng.randrange(100, 99_999)} rows in {rng.uniform(0.1, 9):.2f}s"
        for _ in range(lines)
    ]
    if failing:
        out.append("Traceback (most recent call last):")
        out.append(f'  File "{rng.choice(_FILES)}", line {rng.randrange(10, 400)}, in run')
        out.append(f"KeyError: '{rng.choice(_COLUMNS)}'")
    return "\n".join(out)


def responses_agent_items(turns: int = 1_500, seed: int = 0) -> list[dict[str, Any]]:
    """A Responses ``input`` list of ``turns`` user requests (~4-5 items each)."""
    rng = random.Random(seed)
    items: list[dict[str, Any]] = []
    call = 0
    for _turn in range(turns):
        ask = rng.choice(_ASKS).format(t=rng.choice(_TABLES), s=rng.choice(_STEPS))
        content: list[dict[str, Any]] = [{"type": "input_text", "text": ask}]
        if rng.random() < 0.04:
            content.append({"type": "input_image", "image_url": _png(rng), "detail": "auto"})
        items.append({"type": "message", "role": "user", "content": content})
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            call += 1
            cid = f"call_{seed}_{call}"
            items.append({
                "type": "reasoning", "id": f"rs_{seed}_{call}",
                "summary": [{"type": "summary_text", "text": f"Need the {rng.choice(_TABLES)} "
                             f"{rng.choice(_COLUMNS)} to check the {rng.choice(_STEPS)}."}],
            })  # fmt: skip
            kind = rng.random()
            if kind < 0.4:
                name = "run_sql"
                args: dict[str, Any] = {"sql": f"SELECT * FROM {rng.choice(_TABLES)} LIMIT 50"}
                output = _csv(rng, rng.randrange(3, 40))
            elif kind < 0.7:
                name, args = "read_file", {"path": rng.choice(_FILES)}
                output = "\n".join(f"{i:4} | {rng.choice(_STEPS)}({rng.choice(_COLUMNS)})"
                                   for i in range(rng.randrange(5, 60)))  # fmt: skip
            else:
                name = "shell"
                args = {
                    "argv": ["bash", "-lc", f"make {rng.choice(_STEPS)} T={rng.choice(_TABLES)}"]
                }
                output = _log(rng, rng.randrange(2, 30), rng.random() < 0.2)
            items.append({
                "type": "function_call", "id": f"fc_{seed}_{call}", "call_id": cid,
                "name": name, "arguments": json.dumps(args),
            })  # fmt: skip
            items.append({"type": "function_call_output", "call_id": cid, "output": output})
        said = (
            f"The {rng.choice(_TABLES)} {rng.choice(_STEPS)} finished: "
            f"{rng.randrange(1_000, 90_000):,} rows, {rng.randrange(0, 40)} rejected."
        )
        items.append({
            "type": "message", "role": "assistant",
            "content": [{"type": "output_text", "text": said}],
        })  # fmt: skip
    return items


_SYMBOLS = ("parse_config", "LoadBalancer", "retry_after", "FeatureFlag", "emit_metrics")


def anthropic_thinking_agent(turns: int = 1_500, seed: int = 0) -> dict[str, Any]:
    """An Anthropic ``{"system", "messages"}`` body of ``turns`` assistant turns."""
    rng = random.Random(seed)
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "Rename parse_config to load_config everywhere; keep the "
                                    "public API working with a deprecation shim."},
    ]  # fmt: skip
    call = 0
    for _turn in range(turns):
        thought = " ".join(rng.choice(_SYMBOLS) for _ in range(rng.randrange(8, 50)))
        blocks: list[dict[str, Any]] = [
            {"type": "thinking", "thinking": f"Where is {thought} used?",
             "signature": base64.b64encode(rng.randbytes(48)).decode()},
        ]  # fmt: skip
        if rng.random() < 0.5:
            blocks.append({"type": "text", "text": f"Looking at {rng.choice(_SYMBOLS)} next."})
        ids = []
        for _ in range(rng.choice((1, 1, 2, 3))):
            call += 1
            ids.append(f"toolu_{seed}_{call:06d}")
            tool = rng.choice(("grep", "view", "edit", "pytest"))
            inp = {"pattern": rng.choice(_SYMBOLS)} if tool == "grep" else {
                "path": f"src/app/{rng.choice(_SYMBOLS).lower()}.py"}  # fmt: skip
            blocks.append({"type": "tool_use", "id": ids[-1], "name": tool, "input": inp})
        messages.append({"role": "assistant", "content": blocks})
        results: list[dict[str, Any]] = []
        for cid in ids:
            r = rng.random()
            body: Any
            if r < 0.05:
                data = _png(rng).split(",", 1)[1]
                body = [{"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                                     "data": data}}]  # fmt: skip
            elif r < 0.5:
                body = "\n".join(f"src/app/m{rng.randrange(90)}.py:{rng.randrange(900)}: "
                                 f"{rng.choice(_SYMBOLS)}()" for _ in range(rng.randrange(1, 25)))  # fmt: skip
            else:
                body = [{"type": "text", "text": _log(rng, rng.randrange(1, 20), r > 0.9)}]
            result: dict[str, Any] = {"type": "tool_result", "tool_use_id": cid, "content": body}
            if r > 0.9:
                result["is_error"] = True
            results.append(result)
        if rng.random() < 0.15:
            results.append({"type": "text", "text": rng.choice(
                ("Don't touch the vendored copy under third_party/.", "Looks good, carry on.",
                 "Run only the unit tests, the integration suite is slow."))})  # fmt: skip
        messages.append({"role": "user", "content": results})
    return {"system": "You are a careful refactoring agent.", "messages": messages}

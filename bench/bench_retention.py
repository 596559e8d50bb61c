"""Retention benchmark: after the cut, what does the model still know?

Generated long coding-agent sessions (70k–140k tokens, screenshots, big tool outputs) with
25 planted facts each (goal, constraint, correction, file written, command run, failing
test, number, open request), most of them said long before the end, are cut to 8k, 16k
and 32k windows by four methods:

* ``fit``: contextledger's fit alone;
* ``prepare``: contextledger's full pipeline with compaction (offline summarizer);
* ``prepare-llm``: the same with an ``openai:`` summarizer: a real HTTP server on 127.0.0.1
  (the official ``openai`` client talks to it) whose model says almost nothing ("The
  assistant kept working through the task with its tools."), so what survives is what the
  incremental recap, the backfill from the record and the window filling keep;
* ``prepare-llm-down``: the same with a summarizer endpoint that answers HTTP 500 (down or
  overloaded): the local offline recap must stand in, so nothing falls below ``fit``;
* ``langchain``: LangChain ``trim_messages`` (strategy "last", tiktoken counter);
* ``naive``: drop the oldest turns until the request fits.

A fact counts when its exact text is in the request sent (the body's message text and
tool-call arguments). Validity (tool calls answered, replies after their call, the history
opens with a user turn) and true fit (an independent token count with tiktoken o200k and
the gpt-4o image tile formula, plus the output reserve) are checked on every request.

Five generators: ``coding`` (below: a Python service agent, ``shell``/``write_file`` tools,
pytest), ``coding-zh`` (the same sessions from a user who writes Chinese: goal, rules,
corrections and nudges without spaces between words), ``coding-tr`` (from a user who writes
Turkish: rules denied by the verb's suffix, corrections with "değil" after the value), ``ops`` (``ops_sessions.py``: data pipeline, frontend, Terraform and mobile
agents; argv/cmd/script shells, the text editor and MCP file tools; nine test runners;
env vars, URLs and ports, versions, deadlines, owners, negated constraints, corrections)
and ``routing`` (``routing_sessions.py``, written to check nothing is tuned to the others: a
Polish dispatcher and a route-planning agent with Polish tools; a conditional rule, an
approval and a decision by named people, counts found by tools and restated, a failure only
in a solver's status line, a next step said late).

Run: ``.venv/bin/python bench/bench_retention.py [--sessions N] [--seed S]
[--generator coding|coding-zh|coding-tr|ops|routing|both|all] [--methods fit,prepare,…] [--windows 8000,16000]``. Prints, per window and method, the facts retained, valid and
within-window requests, the budget used (independent count) and how many facts the plain
fit keeps that the method loses, and per method the facts a bigger window loses that a
smaller one keeps in the same session (there should be none); no asserts.
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import math
import random
import sys
import threading
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from PIL import Image as PILImage

from contextledger.compaction import OpenAISummarizer
from contextledger.fit import fit
from contextledger.model import Image, InlineData, Message, ToolCall
from contextledger.prepare import prepare
from contextledger.pricing.text import tiktoken_encoding
from contextledger.providers import translate

MODEL = "gpt-4o"
OUTPUT = 1000
WINDOWS = (8_000, 16_000, 32_000)
# the vocabulary only (shipped offline); the framing and image counts below are our own
ENC = tiktoken_encoding("o200k_base")

GOALS = [
    "Migrate the invoice exporter from CSV to Parquet and keep the nightly job green.",
    "Port the session store from Memcached to Redis without logging anyone out.",
    "Make the search API paginate with cursors instead of offsets.",
    "Cut the cold start of the worker service below two seconds.",
]
CONSTRAINTS = [
    "Do not touch src/payments/ in this change.",
    "Never run `rm -rf build` on the shared runner.",
    "Keep the public signature of api/client.py unchanged.",
    "Don't add new runtime dependencies.",
    "You must keep test coverage at 90% or above.",
    "Avoid editing the generated files under proto/gen/.",
]
CORRECTIONS = [
    "Actually, use Redis not Memcached for the lock table.",
    "No, the retry limit is 7, not 3.",
    "I meant the staging cluster, not production.",
    "Switch to orjson instead of the json module for the exporter.",
    "That's wrong: the batch size should be 512.",
]
PACKAGES = ["billing", "auth", "search", "ingest", "worker", "export", "api", "reports"]
OPEN = [
    "Later, add a CHANGELOG entry for the {p} change.",
    "Don't forget to update docs/{p}.md before we ship.",
    "At some point, benchmark the {p} path on the 10k fixture.",
]
NUMBERS = [
    "The staging database has {n} orphaned invoice rows.",
    "Our p95 latency budget for {p} is {n} ms.",
    "The {p} queue peaks at {n} messages per minute.",
]
NUDGES = ["ok", "ok, keep going", "Take your time, just keep me posted.", "thanks", "continue"]


@dataclass(frozen=True)
class Phrases:
    """What the user says, in one language (commands, paths and tool output stay as
    they are: a Chinese-speaking developer still runs ``pytest``)."""

    goals: list[str]
    constraints: list[str]
    corrections: list[str]
    open: list[str]
    numbers: list[str]
    nudges: list[str]
    screenshot: str
    last: str


ENGLISH = Phrases(
    GOALS, CONSTRAINTS, CORRECTIONS, OPEN, NUMBERS, NUDGES, "Here is what I see now.",
    "ok, keep going",
)  # fmt: skip
# The same session from a user who writes Chinese (no spaces between words): the goal,
# rules and corrections must be pinned and recapped as for an English one.
CHINESE = Phrases(
    goals=[
        "把发票导出从 CSV 迁移到 Parquet，并保证夜间任务一直是绿的。",
        "把会话存储从 Memcached 迁移到 Redis，不能让任何用户掉线。",
        "让搜索 API 用游标分页，不再用偏移量。",
        "把 worker 服务的冷启动时间降到两秒以内。",
    ],
    constraints=[
        "这次改动不要碰 src/payments/ 目录。",
        "绝对不要在共享 runner 上运行 `rm -rf build`。",
        "api/client.py 的公开签名必须保持不变。",
        "不要添加新的运行时依赖。",
        "测试覆盖率必须保持在 90% 以上。",
        "不要编辑 proto/gen/ 下面生成的文件。",
    ],
    corrections=[
        "其实锁表应该用 Redis，不是 Memcached。",
        "不对，重试上限是 7，不是 3。",
        "我说的是 staging 集群，不是生产环境。",
        "导出器改用 orjson，不要用 json 模块。",
        "不对：批大小应该是 512。",
    ],
    open=[
        "之后给 {p} 的改动加一条 CHANGELOG 记录。",
        "发布之前别忘了更新 docs/{p}.md。",
        "有空的时候在 10k 数据集上给 {p} 路径跑个基准测试。",
    ],
    numbers=[
        "staging 数据库里有 {n} 条孤立的发票记录。",
        "{p} 的 p95 延迟预算是 {n} 毫秒。",
        "{p} 队列的峰值是每分钟 {n} 条消息。",
    ],
    nudges=["好的", "好的，继续", "不急，有进展告诉我。", "谢谢", "继续"],
    screenshot="这是我现在看到的画面。",
    last="好的，继续",
)
# ... and from a user who writes Turkish (retain44): her verbs deny by their suffix
# ("dokunmayın", "eklemeyiniz", "çalıştırma"), her corrections put "değil" (not) after the
# value they replace ("7, 3 değil")
TURKISH = Phrases(
    goals=[
        "Fatura dışa aktarımını CSV'den Parquet'e taşı ve gece işinin yeşil kalmasını sağla.",
        "Oturum deposunu Memcached'den Redis'e taşı, kimsenin oturumu kapanmasın.",
        "Arama API'sinin sayfalamasını ofset yerine imleçle yap.",
        "Worker servisinin soğuk başlangıcını iki saniyenin altına indir.",
    ],
    constraints=[
        "Bu değişiklikte src/payments/ dizinine dokunmayın.",
        "Paylaşılan runner'da `rm -rf build` çalıştırma.",
        "api/client.py dosyasının genel imzasını değiştirmemelisin.",
        "Yeni çalışma zamanı bağımlılıkları eklemeyiniz.",
        "Test kapsamı yüzde 90'ın altına düşmesin.",
        "proto/gen/ altındaki üretilmiş dosyaları elle düzenlemeyin.",
    ],
    corrections=[
        "Kilit tablosu için Redis kullan, Memcached değil.",
        "Hayır, yeniden deneme sınırı 7, 3 değil.",
        "Staging kümesini kastettim, production'ı değil.",
        "Dışa aktarıcıda json modülü yerine orjson kullan.",
        "Yanlış: toplu iş boyutu 512 olmalı.",
    ],
    open=[
        "Sonra {p} değişikliği için CHANGELOG'a bir kayıt ekle.",
        "Yayından önce docs/{p}.md dosyasını güncellemeyi unutma.",
        "Bir ara {p} yolunu 10k veri setinde ölç.",
    ],
    numbers=[
        "Staging veritabanında {n} sahipsiz fatura satırı var.",
        "{p} için p95 gecikme bütçemiz {n} ms.",
        "{p} kuyruğu dakikada {n} mesajla zirve yapıyor.",
    ],
    nudges=["tamam", "tamam, devam", "acele etme, bana haber ver.", "sağ ol", "devam"],
    screenshot="Şu an gördüğüm bu.",
    last="tamam, devam",
)
LANGUAGES = {"coding": ENGLISH, "coding-zh": CHINESE, "coding-tr": TURKISH}
KINDS = (
    "goal",
    "constraint",
    "correction",
    "file_written",
    "command_run",
    "failing_test",
    "number",
    "open_request",
)


@dataclass
class Session:
    messages: list[Message]
    facts: list[tuple[str, str]]  # (kind, exact text)

    def kept(self, body: str) -> list[tuple[str, bool]]:
        return [(kind, fact in body) for kind, fact in self.facts]


def screenshot(rng: random.Random) -> Image:
    im = PILImage.new("RGB", (rng.choice([1280, 1440, 1024]), rng.choice([800, 900, 768])))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return Image("image/png", data=InlineData(base64.b64encode(buf.getvalue()).decode()))


def log_lines(rng: random.Random, n: int) -> str:
    words = ["INFO", "DEBUG", "collected", "worker", "cache", "request", "ok", "took"]
    return "\n".join(
        f"{i:04d} {rng.choice(words)} {rng.choice(PACKAGES)}.{rng.choice(words)} "
        f"id={rng.randrange(10**6)} t={rng.random():.3f}s"
        for i in range(n)
    )


def generate(seed: int, target_tokens: int, say: Phrases = ENGLISH) -> Session:
    rng = random.Random(seed)
    goal = rng.choice(say.goals)
    msgs: list[Message] = [
        Message.system("You are a coding agent with a shell."),
        Message.user(goal),
    ]
    facts: list[tuple[str, str]] = [("goal", goal)]
    plan: list[tuple[str, str]] = []
    for c in rng.sample(say.constraints, 3):
        plan.append(("constraint", c))
    for c in rng.sample(say.corrections, 3):
        plan.append(("correction", c))
    pk = rng.sample(PACKAGES, 8)
    for i in range(4):
        plan.append(
            (
                "file_written",
                f"src/{pk[i]}/{rng.choice(['service', 'models', 'cursor'])}_v{i + 2}.py",
            )
        )
    for i in range(4):
        plan.append(("command_run", f"pytest tests/{pk[i]} -k {pk[i + 4]}_flow -x"))
    for i in range(3):
        plan.append(
            ("failing_test", f"tests/{pk[i]}/test_{pk[i + 3]}.py::test_{pk[i + 4]}_roundtrip")
        )
    for i in range(4):
        plan.append(("number", say.numbers[i % 3].format(p=pk[i], n=rng.randrange(1000, 99999))))
    for i in range(3):
        plan.append(("open_request", say.open[i].format(p=pk[i + 2])))
    rng.shuffle(plan)
    total = sum(len(ENC.encode(m.text)) for m in msgs)
    rounds = max(40, target_tokens // 900)
    # most facts early: spread over the first 70% of the rounds, a few near the end
    slots = sorted(rng.sample(range(1, int(rounds * 0.7)), len(plan) - 3)) + sorted(
        rng.sample(range(int(rounds * 0.7), rounds - 2), 3)
    )
    by_round = dict(zip(slots, plan, strict=True))
    for r in range(rounds):
        kind, text = by_round.get(r, ("", ""))
        if kind in ("constraint", "correction", "open_request", "goal") or (
            kind == "number" and rng.random() < 0.5
        ):
            msgs.append(Message.user(text))
        elif r % 17 == 5:
            msgs.append(Message.user(say.screenshot, screenshot(rng)))
        else:
            msgs.append(Message.user(rng.choice(say.nudges)))
        cid = f"call_{r}"
        if kind == "file_written":
            args = {"path": text, "content": "def run():\n    return 1\n" * 10}
            msgs.append(Message("assistant", (ToolCall(cid, "write_file", json.dumps(args)),)))
            msgs.append(Message.tool(cid, f"wrote {len(args['content'])} bytes"))
        elif kind in ("command_run", "failing_test"):
            cmd = text if kind == "command_run" else f"pytest {text.split('::')[0]} -q"
            out = log_lines(rng, rng.randrange(20, 60))
            if kind == "failing_test":
                out += (
                    f"\nFAILED {text} - AssertionError: expected 200, got 500\n1 failed, 41 passed"
                )
            else:
                out += "\n42 passed in 3.1s"
            msgs.append(
                Message("assistant", (ToolCall(cid, "shell", json.dumps({"command": cmd})),))
            )
            msgs.append(Message.tool(cid, out))
        else:
            tool = rng.choice(["shell", "read_file"])
            if tool == "shell":
                args = {"command": f"grep -rn {rng.choice(PACKAGES)} src/ | head -50"}
            else:
                args = {"path": f"src/{rng.choice(PACKAGES)}/{rng.choice(['util', 'db'])}.py"}
            msgs.append(Message("assistant", (ToolCall(cid, tool, json.dumps(args)),)))
            msgs.append(Message.tool(cid, log_lines(rng, rng.randrange(30, 120))))
        reply = f"Step {r} checked; moving on."
        if kind == "number" and msgs[-3].text != text:
            reply = f"Noted from the logs: {text}"
        msgs.append(Message.assistant(reply))
        total += sum(len(ENC.encode(m.text)) + 4 for m in msgs[-4:])
    msgs.append(Message.user(say.last))
    facts += [p for p in plan]
    return Session(msgs, facts)


# --------------------------------------------------------------------------- independent checks


def image_tokens(width: int, height: int) -> int:
    scale = min(1.0, 2048 / max(width, height))
    w, h = width * scale, height * scale
    scale = min(1.0, 768 / min(w, h))
    w, h = w * scale, h * scale
    return 85 + 170 * math.ceil(w / 512) * math.ceil(h / 512)


def count_body(body: dict[str, Any]) -> int:
    total = 3
    for m in body["messages"]:
        total += 3 + len(ENC.encode(m["role"]))
        content = m.get("content")
        if isinstance(content, str):
            total += len(ENC.encode(content))
        elif isinstance(content, list):
            for part in content:
                if part.get("type") == "text":
                    total += len(ENC.encode(part["text"]))
                elif part.get("type") == "image_url":
                    raw = base64.b64decode(part["image_url"]["url"].split(",", 1)[1])
                    w, h = PILImage.open(io.BytesIO(raw)).size
                    total += image_tokens(w, h)
        for c in m.get("tool_calls") or []:
            total += (
                4
                + len(ENC.encode(c["function"]["name"]))
                + len(ENC.encode(c["function"]["arguments"]))
            )
        if m.get("tool_call_id"):
            total += len(ENC.encode(m["tool_call_id"]))
    return total


def valid(body: dict[str, Any]) -> bool:
    msgs = [m for m in body["messages"] if m["role"] != "system"]
    if not msgs or msgs[0]["role"] != "user":
        return False
    pending: set[str] = set()
    for m in msgs:
        if m["role"] == "tool":
            if m.get("tool_call_id") not in pending:
                return False
            pending.discard(m["tool_call_id"])
            continue
        if pending:
            return False
        if m["role"] == "assistant":
            pending = {c["id"] for c in m.get("tool_calls") or []}
    return not pending


def body_text(body: dict[str, Any]) -> str:
    out: list[str] = []
    for m in body["messages"]:
        c = m.get("content")
        if isinstance(c, str):
            out.append(c)
        elif isinstance(c, list):
            out += [p["text"] for p in c if p.get("type") == "text"]
        out += [t["function"]["arguments"] for t in m.get("tool_calls") or []]
    return "\n".join(out)


# --------------------------------------------------------------------------- methods


def wire(messages: list[Message] | tuple[Message, ...]) -> dict[str, Any]:
    return {"model": MODEL, **translate(tuple(messages), "openai").body}


def by_fit(s: Session, window: int) -> dict[str, Any]:
    return wire(fit(s.messages, MODEL, window=window, max_output_tokens=OUTPUT).messages)


def by_prepare(s: Session, window: int) -> dict[str, Any]:
    return prepare(s.messages, MODEL, window=window, max_output_tokens=OUTPUT, compaction=True).body


def _answer(handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


class _LazyModel(BaseHTTPRequestHandler):
    """An OpenAI-compatible chat endpoint whose model says almost nothing."""

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        assert body["messages"] and body["model"]
        text = "The assistant kept working through the task with its tools."
        reply = {
            "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }  # fmt: skip
        _answer(self, 200, reply)

    def log_message(self, *args: Any) -> None:
        pass


class _DownModel(BaseHTTPRequestHandler):
    """An OpenAI-compatible chat endpoint that is overloaded: HTTP 500 to every request."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        _answer(self, 500, {"error": {"message": "overloaded", "type": "server_error"}})

    def log_message(self, *args: Any) -> None:
        pass


_SERVERS: dict[type[BaseHTTPRequestHandler], str] = {}


def _url(handler: type[BaseHTTPRequestHandler]) -> str:
    if handler not in _SERVERS:
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _SERVERS[handler] = f"http://127.0.0.1:{server.server_address[1]}/v1"
    return _SERVERS[handler]


def _by_summarizer(handler: type[BaseHTTPRequestHandler]) -> Callable[[Any, int], dict[str, Any]]:
    def method(s: Session, window: int) -> dict[str, Any]:
        url = _url(handler)
        summarizer = OpenAISummarizer("gpt-4o-mini", base_url=url, api_key="k", max_retries=0)
        return prepare(
            s.messages, MODEL, window=window, max_output_tokens=OUTPUT, compaction=True,
            summarizer=summarizer,
        ).body  # fmt: skip

    return method


def by_naive(s: Session, window: int) -> dict[str, Any]:
    """Drop the oldest wire messages until the request fits (what most apps do)."""
    full = wire(s.messages)["messages"]
    system, rest = full[:1], full[1:]
    while rest and count_body({"messages": system + rest}) + OUTPUT > window:
        rest.pop(0)
    return {"model": MODEL, "messages": system + rest}


def by_langchain(s: Session, window: int) -> dict[str, Any]:
    from langchain_core.messages import convert_to_messages, convert_to_openai_messages
    from langchain_core.messages.utils import trim_messages

    full = wire(s.messages)["messages"]
    lc = convert_to_messages(full)

    def counter(msgs: list[Any]) -> int:
        return count_body({"messages": convert_to_openai_messages(msgs)})

    trimmed = trim_messages(
        lc, max_tokens=window - OUTPUT, token_counter=counter, strategy="last",
        include_system=True, start_on="human", allow_partial=False,
    )  # fmt: skip
    return {"model": MODEL, "messages": convert_to_openai_messages(trimmed)}


METHODS: dict[str, Callable[[Session, int], dict[str, Any]]] = {
    "fit": by_fit,
    "prepare": by_prepare,
    "prepare-llm": _by_summarizer(_LazyModel),
    "prepare-llm-down": _by_summarizer(_DownModel),
    "langchain": by_langchain,
    "naive": by_naive,
}


class _Ops:
    """An ``ops_sessions`` session read as a bench session (a fact has several exact forms)."""

    def __init__(self, seed: int, target: int) -> None:
        from ops_sessions import generate_ops

        s = generate_ops(seed, target)
        self.messages = s.messages
        self.facts = s.facts

    def kept(self, body: str) -> list[tuple[str, bool]]:
        return [(f.kind, f.kept_in(body)) for f in self.facts]


class _Routing:
    """A ``routing_sessions`` session (Polish dispatcher, route-planning agent) as a bench
    session."""

    def __init__(self, seed: int, target: int) -> None:
        from routing_sessions import generate_routing

        s = generate_routing(seed, target)
        self.messages = s.messages
        self.facts = s.facts

    def kept(self, body: str) -> list[tuple[str, bool]]:
        return [(f.kind, f.text in body) for f in self.facts]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument(
        "--generator",
        choices=["coding", "coding-zh", "coding-tr", "ops", "routing", "both", "all"],
        default="both",
    )
    ap.add_argument("--methods", default=",".join(METHODS), help="comma-separated")
    ap.add_argument("--windows", default=",".join(map(str, WINDOWS)), help="comma-separated")
    args = ap.parse_args()
    methods = {name: METHODS[name] for name in args.methods.split(",")}
    windows = tuple(int(w) for w in args.windows.split(","))
    for name, say in LANGUAGES.items():
        if args.generator in (name, "all") or (args.generator == "both" and say is ENGLISH):
            rng = random.Random(args.seed)
            coding = [
                generate(args.seed + i, rng.randrange(70_000, 140_000), say)
                for i in range(args.sessions)
            ]
            run(name, coding, KINDS, methods, windows)
    if args.generator in ("ops", "both", "all"):
        from ops_sessions import KINDS as OPS_KINDS

        rng = random.Random(args.seed + 1)
        ops = [_Ops(args.seed + i, rng.randrange(70_000, 140_000)) for i in range(args.sessions)]
        run("ops", ops, OPS_KINDS, methods, windows)
    if args.generator in ("routing", "all"):
        from routing_sessions import KINDS as ROUTING_KINDS

        rng = random.Random(args.seed + 2)
        routing = [
            _Routing(args.seed + i, rng.randrange(70_000, 140_000)) for i in range(args.sessions)
        ]
        run("routing", routing, ROUTING_KINDS, methods, windows)


def run(
    generator: str,
    sessions: list[Any],
    kinds: tuple[str, ...],
    methods: dict[str, Callable[[Any, int], dict[str, Any]]],
    windows: tuple[int, ...],
) -> None:
    sizes = [count_body(wire(s.messages)) for s in sessions]
    counts = sorted({len(s.facts) for s in sessions})
    print(
        f"\n== generator {generator}: {len(sessions)} sessions, {min(sizes):,}–{max(sizes):,} "
        f"tokens, {'/'.join(map(str, counts))} facts each"
    )
    # facts kept (by position) per method and window, per session: a bigger window must
    # never keep fewer (red team 17: mig at 32k kept less than at 16k)
    kept_at: dict[tuple[str, int], list[set[int]]] = defaultdict(list)
    for window in windows:
        print(f"\nwindow {window:,} (output reserve {OUTPUT:,})")
        # which facts (by position) plain fit keeps, per session
        by_plain_fit = [
            {i for i, (_, hit) in enumerate(s.kept(body_text(by_fit(s, window)))) if hit}
            for s in sessions
        ]
        for name, method in methods.items():
            kept: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            ok = fits = below = 0
            use = []
            for s, fit_kept in zip(sessions, by_plain_fit, strict=True):
                try:
                    body = method(s, window)
                except Exception as exc:  # a method that cannot produce a request
                    print(f"  {name}: failed ({type(exc).__name__}: {exc})")
                    continue
                mine = s.kept(body_text(body))
                kept_at[name, window].append({i for i, (_, hit) in enumerate(mine) if hit})
                for kind, hit in mine:
                    kept[kind][1] += 1
                    kept[kind][0] += hit
                below += len(fit_kept - {i for i, (_, hit) in enumerate(mine) if hit})
                ok += valid(body)
                size = count_body(body)
                fits += size + OUTPUT <= window
                use.append(size / (window - OUTPUT))
            got = sum(v[0] for v in kept.values())
            tot = sum(v[1] for v in kept.values()) or 1
            per = " ".join(f"{k}={kept[k][0] / max(1, kept[k][1]):.0%}" for k in kinds)
            print(
                f"  {name:10s} retained {got / tot:5.0%}  valid {ok}/{len(sessions)}  "
                f"within window {fits}/{len(sessions)}  budget used "
                f"{sum(use) / max(1, len(use)):4.0%}  facts fit keeps and this loses {below}"
                f"  | {per}"
            )
    _print_monotone(sessions, methods, windows, kept_at)


def _print_monotone(
    sessions: list[Any],
    methods: dict[str, Callable[[Any, int], dict[str, Any]]],
    windows: tuple[int, ...],
    kept_at: dict[tuple[str, int], list[set[int]]],
) -> None:
    """Per method: the facts a bigger window lost that a smaller one kept, per session."""
    print("\nfacts a bigger window loses that a smaller one keeps (same session):")
    for name in methods:
        lost: list[str] = []
        for small, big in zip(sorted(windows), sorted(windows)[1:], strict=False):
            pairs = zip(kept_at[name, small], kept_at[name, big], sessions, strict=False)
            for n, (fewer, more, s) in enumerate(pairs):
                kinds = [kind for kind, _ in s.kept("")]
                lost += [
                    f"s{n} {small // 1000}k→{big // 1000}k {kinds[i]}" for i in sorted(fewer - more)
                ]
        print(f"  {name:10s} {len(lost)}" + (f"  ({'; '.join(lost[:8])})" if lost else ""))


if __name__ == "__main__":
    main()

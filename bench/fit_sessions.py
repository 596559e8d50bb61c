"""Generated agent sessions for ``bench_fit.py``: plain OpenAI Chat dicts, as apps hold them.

``multilingual_session`` is the headline: what a coding or computer-use agent's history
looks like (requests and answers in several languages and scripts, typed punctuation,
emoji, pasted logs; parallel tool calls with results shaped like real tool output;
screenshots that are all distinct, of many sizes, as PNG and JPEG). Every session is new
for its seed: names, numbers and pixels are drawn afresh, so a "cold" fit meets nothing it
has seen. ``ascii_session`` is the earlier, easier bench (ASCII words, 20 distinct
screenshots), kept for comparison.
"""

from __future__ import annotations

import base64
import io
import json
import random
from typing import Any

from PIL import Image, ImageDraw

# Sentences people and models really write: accents, CJK, Cyrillic, emoji, curly quotes,
# em dashes, arrows, ellipses. Each is filled with fresh names and numbers, so no text
# repeats across sessions (a cold fit never meets a text it has seen).
_REQUESTS = [
    "Can you fix the failing test in {file}? It’s been flaky since {n} — thanks!",
    "Bitte prüfe {file}: der Import schlägt fehl, weil `{ident}` nicht gefunden wird.",
    "Pourquoi est-ce que {file} échoue à la ligne {n} ? J’ai déjà essayé « make clean ».",
    "¿Puedes revisar {file}? La función `{ident}` devuelve None en vez de {n}.",
    "{file} のテストが失敗しています。`{ident}` の戻り値を確認してください（行 {n}）。",
    "请帮我看一下 {file} 第 {n} 行的 `{ident}`，为什么返回空列表？",
    "Посмотри, пожалуйста, {file}: после обновления `{ident}` падает с ошибкой {n}.",
    "{file} 파일에서 `{ident}` 함수가 {n}번째 줄에서 실패합니다. 확인해 주세요.",
    "Ok 👍 now run the benchmarks again for {file} and compare with run #{n} 📈",
    "Don’t touch {file} — the “legacy” path still needs `{ident}`… just rename it.",
    "Next: {file} → split `{ident}` into two functions (≤ {n} lines each) ✓",
    "Hmm, that didn’t work 😕 the CI log says exit code {n} in {file}.",
]
_ANSWERS = [
    "I looked at {file}: `{ident}` is called before the config is loaded — moving the call "
    "into `setup()` fixes it. Tests pass locally ({n} passed).",
    "Die Ursache ist ein Off-by-one in `{ident}` ({file}, Zeile {n}); ich habe es korrigiert.",
    "C’est corrigé : `{ident}` renvoyait la mauvaise valeur quand la liste était vide ({n} cas).",
    "{file} を修正しました。`{ident}` は空のリストを返すようになりました（{n} 件のテストが成功）。",
    "已修复：`{ident}` 在 {file} 中没有处理 None，现在 {n} 个测试全部通过 ✅",
    "Исправил {file}: `{ident}` теперь проверяет пустой ввод; {n} тестов проходят.",
    "Here’s the plan — (1) pin `{ident}`, (2) re-run {file}, (3) bisect the {n} commits 🔍",
]
_WORDS = [
    "the",
    "cache",
    "config",
    "retry",
    "build",
    "error",
    "line",
    "function",
    "returns",
    "value",
    "fixture",
    "async",
    "timeout",
    "database",
    "query",
    "index",
    "schema",
    "migration",
    "deploy",
    "logger",
    "parser",
    "session",
    "token",
    "worker",
    "queue",
    "Größe",
    "Straße",
    "Übersicht",
    "déjà",
    "vu",
    "café",
    "naïve",
    "señal",
    "año",
    "設定",
    "テスト",
    "数据",
    "错误",
    "файл",
    "ошибка",
    "데이터",
]
_FILES = [
    "src/app/{}.py",
    "web/{}.tsx",
    "cmd/{}/main.go",
    "lib/{}.rs",
    "tests/test_{}.py",
    "{}.sql",
]
_IDENTS = ["parse_{}", "load{}Config", "retry_{}", "Handle{}", "build_{}_index", "fetch_{}"]
_TOOLS = ["read_file", "run_shell", "search_code", "apply_patch", "screenshot", "open_url"]


def _name(rng: random.Random) -> str:
    return rng.choice(["user", "order", "invoice", "sync", "auth", "report", "cart", "mail"]) + str(
        rng.randrange(10_000)
    )


def _fill(rng: random.Random, template: str) -> str:
    return template.format(
        file=rng.choice(_FILES).format(_name(rng)),
        ident=rng.choice(_IDENTS).format(_name(rng)),
        n=rng.randrange(1, 5000),
    )


def _words(rng: random.Random, lo: int, hi: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(lo, hi)))


def _code(rng: random.Random) -> str:
    ident = rng.choice(_IDENTS).format(_name(rng))
    lines = [f"def {ident}(items, *, limit={rng.randrange(100)}):"]
    for k in range(rng.randint(3, 25)):
        lines.append(f"    x{k} = items[{k}] if len(items) > {k} else None  # {_words(rng, 1, 6)}")
    lines.append("    return [x for x in (x0, x1) if x is not None]")
    return "```python\n" + "\n".join(lines) + "\n```"


def _traceback(rng: random.Random) -> str:
    frames = [
        f'  File "/srv/app/{_name(rng)}.py", line {rng.randrange(1, 900)}, in {_name(rng)}\n'
        f"    result = {rng.choice(_IDENTS).format(_name(rng))}(payload)"
        for _ in range(rng.randint(2, 12))
    ]
    return (
        "Traceback (most recent call last):\n"
        + "\n".join(frames)
        + f"\nKeyError: '{_name(rng)}'\nFAILED tests/test_{_name(rng)}.py::test_{_name(rng)} - "
        "AssertionError: expected “ok”, got None"
    )


def _diff(rng: random.Random) -> str:
    path = rng.choice(_FILES).format(_name(rng))
    out = [
        f"--- a/{path}",
        f"+++ b/{path}",
        f"@@ -{rng.randrange(1, 400)},7 +{rng.randrange(1, 400)},8 @@",
    ]
    for _ in range(rng.randint(4, 40)):
        out.append(rng.choice(" +-") + f"    {_words(rng, 2, 10)} = {rng.randrange(10**6)}")
    return "\n".join(out)


def _table(rng: random.Random) -> str:
    rows = ["id,name,city,amount,updated"]
    for _ in range(rng.randint(5, 60)):
        rows.append(
            f"{rng.randrange(10**6)},{_name(rng)},{rng.choice(['Zürich', 'São Paulo', '東京', 'Kraków', 'Nîmes'])},"
            f"{rng.randrange(10**5) / 100:.2f},2026-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
        )
    return "\n".join(rows)


def _log(rng: random.Random) -> str:
    return "\n".join(
        f"2026-11-{rng.randrange(1, 31):02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:"
        f"{rng.randrange(60):02d}Z {rng.choice(['INFO', 'WARN', 'ERROR', 'DEBUG'])} "
        f"[{_name(rng)}] {_words(rng, 3, 14)} id={rng.getrandbits(48):x}"
        for _ in range(rng.randint(3, 80))
    )


def _json_result(rng: random.Random) -> str:
    return json.dumps(
        {
            "status": rng.choice(["ok", "error", "partial"]),
            "matches": [
                {
                    "path": rng.choice(_FILES).format(_name(rng)),
                    "line": rng.randrange(1, 2000),
                    "text": _words(rng, 2, 12),
                }
                for _ in range(rng.randint(0, 20))
            ],
            "elapsed_ms": rng.randrange(10, 9000),
            "note": _fill(rng, rng.choice(_REQUESTS)),
        },
        ensure_ascii=rng.random() < 0.5,
    )


def _listing(rng: random.Random) -> str:
    return "\n".join(
        f"{rng.choice(['-rw-r--r--', 'drwxr-xr-x'])} {rng.randrange(10**7):>9} "
        f"{rng.choice(_FILES).format(_name(rng))}"
        for _ in range(rng.randint(3, 50))
    )


_OUTPUTS = [_traceback, _diff, _table, _log, _json_result, _listing]


def screenshot(rng: random.Random, uid: int) -> str:
    """A data URL of a screenshot no one has seen: its own size and its own pixels (a
    window-like layout drawn with Pillow), as PNG (palette or RGB) or JPEG."""
    w, h = rng.choice(
        [(1280, 800), (1440, 900), (1920, 1080), (2560, 1600), (3840, 2160), (1170, 2532),
         (390, 844), (800, 600), (2880, 1800), (640, 360), (3024, 1964), (200, 150)]
    )  # fmt: skip
    w = max(16, w + rng.randrange(-64, 64))
    h = max(16, h + rng.randrange(-48, 48))
    kind = rng.random()
    if kind < 0.7:  # flat UI colours: a palette PNG, the cheapest to draw
        img = Image.new("P", (w, h), rng.randrange(256))
        img.putpalette([rng.randrange(256) for _ in range(768)])
        colour: Any = lambda: rng.randrange(256)  # noqa: E731
    else:
        img = Image.new("RGB", (w // 2 if kind < 0.9 else w, h // 2 if kind < 0.9 else h))
        colour = lambda: (rng.randrange(256), rng.randrange(256), rng.randrange(256))  # noqa: E731
    draw = ImageDraw.Draw(img)
    iw, ih = img.size
    for _ in range(rng.randint(3, 10)):
        x, y = rng.randrange(iw), rng.randrange(ih)
        draw.rectangle((x, y, x + rng.randrange(8, 400), y + rng.randrange(8, 200)), fill=colour())
    draw.text((4, 4), f"window {uid} {rng.getrandbits(32):x}", fill=colour())
    buf = io.BytesIO()
    if kind < 0.9:
        img.save(buf, "PNG", compress_level=1)
        media = "image/png"
    else:
        img.save(buf, "JPEG", quality=70)
        media = "image/jpeg"
    return f"data:{media};base64," + base64.b64encode(buf.getvalue()).decode()


def multilingual_session(n: int = 10_000, images: int = 500, seed: int = 1) -> list[dict[str, Any]]:
    """A coding / computer-use agent session of ``n`` OpenAI Chat dicts (plus a last user
    turn): multilingual requests and answers, 1-3 parallel tool calls with JSON arguments and
    results shaped like real tool output (tracebacks, diffs, CSV, logs, JSON, listings; some
    errors, some as content parts), ``images`` screenshots all distinct (1-2 per user turn,
    some with ``detail``), some user turns with a ``name``."""
    rng = random.Random(seed * 1_000_003)
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": f"You are a careful coding agent (session {seed}). "
         "Réponds dans la langue de l’utilisateur — 日本語でも大丈夫です."}
    ]  # fmt: skip
    left, uid, t = images, seed * 100_000, 0
    while len(msgs) < n:
        t += 1
        r = rng.random()
        if left and rng.random() < left * 2.2 / max(1, n - len(msgs)):
            parts: list[dict[str, Any]] = [
                {"type": "text", "text": _fill(rng, rng.choice(_REQUESTS))}
            ]
            for _ in range(min(left, rng.choice([1, 1, 1, 2]))):
                uid += 1
                spec: dict[str, Any] = {"url": screenshot(rng, uid)}
                if rng.random() < 0.3:
                    spec["detail"] = rng.choice(["low", "high", "auto"])
                parts.append({"type": "image_url", "image_url": spec})
                left -= 1
            msg: dict[str, Any] = {"role": "user", "content": parts}
            if rng.random() < 0.15:
                msg["name"] = rng.choice(["alice", "bob", "chen_wei", "zoe"])
            msgs.append(msg)
        elif r < 0.3:
            text = _fill(rng, rng.choice(_REQUESTS))
            if rng.random() < 0.3:
                text += "\n\n" + rng.choice(_OUTPUTS)(rng)  # a pasted log or trace
            msgs.append({"role": "user", "content": text})
        elif r < 0.75:
            calls = [
                {
                    "id": f"call_{seed}_{t}_{j}",
                    "type": "function",
                    "function": {
                        "name": rng.choice(_TOOLS),
                        "arguments": json.dumps(
                            {"path": rng.choice(_FILES).format(_name(rng)),
                             "query": _fill(rng, rng.choice(_REQUESTS))[:80],
                             "line": rng.randrange(1, 3000)},
                            ensure_ascii=False,
                        ),
                    },
                }
                for j in range(rng.choice([1, 1, 2, 3]))
            ]  # fmt: skip
            content = _fill(rng, rng.choice(_ANSWERS)) if rng.random() < 0.4 else None
            msgs.append({"role": "assistant", "content": content, "tool_calls": calls})
            for call in calls:
                out = rng.choice(_OUTPUTS)(rng)
                if rng.random() < 0.1:
                    out = "Error: " + out[:400]
                result: dict[str, Any] = {
                    "role": "tool",
                    "tool_call_id": call["id"],
                    "content": out,
                }
                if rng.random() < 0.15:
                    result["content"] = [{"type": "text", "text": out}]
                msgs.append(result)
        else:
            text = _fill(rng, rng.choice(_ANSWERS))
            if rng.random() < 0.35:
                text += "\n\n" + _code(rng) + "\n\n" + _words(rng, 5, 60)
            msgs.append({"role": "assistant", "content": text})
    msgs.append({"role": "user", "content": _fill(rng, rng.choice(_REQUESTS))})
    return msgs


def _solid_png(w: int, h: int, seed: int) -> str:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (seed % 251, seed // 251 % 251, 120)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


ASCII_WORDS = [
    "the", "test", "fails", "because", "import", "path", "config", "retry", "cache", "build",
    "error", "line", "function", "returns", "None", "expected", "value", "fixture", "mock",
    "async", "timeout", "database", "query", "index", "schema", "migration", "deploy", "log",
]  # fmt: skip


def ascii_session(n: int = 10_000, images: int = 500, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    pool = [
        _solid_png(
            rng.choice([640, 1280, 1920, 3840]), rng.choice([480, 800, 1080, 2160]), seed * 20 + k
        )
        for k in range(20)
    ]
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    image_every = max(1, n // images)
    k = 0
    while len(msgs) < n:
        k += 1
        if k % 3 == 0:
            cid = f"call_{k}"
            msgs.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": cid,
                            "type": "function",
                            "function": {"name": "run", "arguments": '{"cmd": "pytest -q"}'},
                        }
                    ],
                }
            )
            msgs.append(
                {"role": "tool", "tool_call_id": cid, "content": "ok\n" * rng.randrange(5, 200)}
            )
        elif len(msgs) // image_every > sum(1 for m in msgs if isinstance(m.get("content"), list)):
            msgs.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": f"look at this {k}"},
                        {"type": "image_url", "image_url": {"url": pool[k % len(pool)]}},
                    ],
                }
            )
        else:
            msgs.append(
                {
                    "role": "user" if k % 2 else "assistant",
                    "content": f"message {k} seed {seed} "
                    + " ".join(rng.choice(ASCII_WORDS) for _ in range(rng.randrange(5, 120))),
                }
            )
    return msgs


# --- a second, differently shaped session: a support / research agent -----------------
#
# Written apart from the coding session above, to check the figures do not hold only for
# its shape: long pasted documents (policies, contracts, articles) in scripts the coding
# session never uses (Arabic, Hebrew, Thai, Hindi, Greek) beside English and CJK, search
# results as JSON, SQL results as wide CSV, fetched HTML pages, long code blocks in
# answers, many one-line follow-ups, and few images: phone photos and scans (JPEG, up to
# 4032×3024), about one user turn in forty.

_SCRIPTS = {
    "ar": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "he": "אבגדהוזחטיכלמנסעפצקרשת",
    "th": "กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮ",
    "hi": "कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह",
    "el": "αβγδεζηθικλμνξοπρστυφχψω",
    "zh": "的一是不了人我在有他这为之大来以个中上们到说时要就出会可也你对生能而子那得于着下自",
    "en": "etaoinshrdlcumwfgypbvkjxqz",
}
_TOPICS = ["refund", "warranty", "shipping", "invoice", "privacy", "contract", "onboarding",
           "outage", "pricing", "renewal", "escalation", "compliance"]  # fmt: skip
_FOLLOW_UPS = [
    "And for {topic}?", "Shorter please.", "Which clause says that?", "ok", "Translate that.",
    "What about customer #{n}?", "Same for Q{q}?", "Is that still true in {year}?",
    "Hmm, are you sure?", "Send me the SQL.", "Thanks — next one.", "Why {n}?",
]  # fmt: skip


def _script_words(rng: random.Random, lang: str, n: int) -> str:
    letters = _SCRIPTS[lang]
    if lang == "zh":  # no spaces between words
        return "".join(rng.choice(letters) for _ in range(n * 2)) + "。"
    return " ".join(
        "".join(rng.choice(letters) for _ in range(rng.randint(2, 9))) for _ in range(n)
    ) + rng.choice([".", ".", "?", "!", ";"])


def _document(rng: random.Random) -> str:
    """A pasted document: numbered sections of prose in one or two scripts."""
    langs = rng.sample(list(_SCRIPTS), 2)
    out = [f"# {rng.choice(_TOPICS).title()} policy v{rng.randrange(1, 9)}.{rng.randrange(10)}"]
    for k in range(rng.randint(4, 30)):
        lang = langs[0] if rng.random() < 0.7 else langs[1]
        out.append(f"{k + 1}. " + " ".join(_script_words(rng, lang, rng.randint(8, 30))
                                            for _ in range(rng.randint(1, 5))))  # fmt: skip
    return "\n\n".join(out)


def _search_hits(rng: random.Random) -> str:
    return json.dumps(
        [
            {
                "doc": f"kb/{rng.choice(_TOPICS)}-{rng.randrange(10**5)}",
                "score": round(rng.random(), 4),
                "snippet": _script_words(rng, rng.choice(list(_SCRIPTS)), rng.randint(5, 25)),
            }
            for _ in range(rng.randint(1, 12))
        ],
        ensure_ascii=rng.random() < 0.3,
    )


def _sql_rows(rng: random.Random) -> str:
    cols = ["customer_id", "region", "plan", "mrr_eur", "opened", "status", "owner", "notes"]
    rows = [",".join(cols)]
    for _ in range(rng.randint(3, 150)):
        rows.append(
            f"{rng.randrange(10**7)},{rng.choice(['EMEA', 'APAC', 'AMER'])},"
            f"{rng.choice(['free', 'pro', 'team', 'enterprise'])},{rng.randrange(10**6) / 100:.2f},"
            f"2026-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d},"
            f"{rng.choice(['open', 'closed', 'pending'])},{_name(rng)},"
            f'"{_script_words(rng, rng.choice(list(_SCRIPTS)), rng.randint(1, 6))}"'
        )
    return "\n".join(rows)


def _html_page(rng: random.Random) -> str:
    lang = rng.choice(list(_SCRIPTS))
    paras = "".join(
        f'<p class="c{rng.randrange(9)}">{_script_words(rng, lang, rng.randint(10, 60))}</p>'
        for _ in range(rng.randint(2, 20))
    )
    return (
        f'<html lang="{lang}"><head><title>{_name(rng)}</title></head><body>{paras}</body></html>'
    )


def _photo(rng: random.Random, uid: int) -> str:
    """A JPEG data URL of a phone photo or a scan no one has seen (its own size and pixels)."""
    w, h = rng.choice([(4032, 3024), (3024, 4032), (1600, 1200), (2480, 3508), (1080, 1350),
                       (1280, 960), (800, 600), (3000, 2000)])  # fmt: skip
    small = Image.new("RGB", (max(8, w // 16), max(8, h // 16)), (rng.randrange(256),) * 3)
    draw = ImageDraw.Draw(small)
    for _ in range(rng.randint(4, 12)):
        x, y = rng.randrange(small.width), rng.randrange(small.height)
        fill = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        draw.ellipse((x, y, x + rng.randrange(4, 60), y + rng.randrange(4, 60)), fill=fill)
    draw.text((2, 2), f"{uid} {rng.getrandbits(24):x}", fill=(255, 255, 255))
    buf = io.BytesIO()
    small.resize((w, h)).save(buf, "JPEG", quality=rng.choice([40, 60, 75]))
    return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode()


def support_session(n: int = 10_000, images: int = 60, seed: int = 1) -> list[dict[str, Any]]:
    """A support / research agent session of ``n`` OpenAI Chat dicts (plus a last user
    turn), shaped unlike ``multilingual_session``: see the section comment above."""
    rng = random.Random(seed * 7_919 + 17)
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": f"You are a support analyst for account {seed}. "
         + _script_words(rng, "en", 80)}
    ]  # fmt: skip
    left, uid, t = images, seed * 100_000, 0
    tools = ["kb_search", "sql", "fetch", "ticket_update", "translate"]
    while len(msgs) < n:
        t += 1
        r = rng.random()
        if left and rng.random() < 1 / 40:
            uid += 1
            left -= 1
            parts: list[dict[str, Any]] = [
                {"type": "text", "text": f"Customer sent this ({rng.choice(_TOPICS)}), what does it show?"},
                {"type": "image_url", "image_url": {"url": _photo(rng, uid)}},
            ]  # fmt: skip
            msgs.append({"role": "user", "content": parts})
        elif r < 0.06:
            doc = _document(rng)
            msgs.append({"role": "user", "content": f"Summarize this for ticket #{t}:\n\n{doc}"})
        elif r < 0.35:
            msgs.append(
                {
                    "role": "user",
                    "content": rng.choice(_FOLLOW_UPS).format(
                        topic=rng.choice(_TOPICS), n=rng.randrange(10**5),
                        q=rng.randint(1, 4), year=rng.randint(2019, 2027),
                    ),
                }
            )  # fmt: skip
        elif r < 0.7:
            calls = []
            for j in range(rng.choice([1, 1, 1, 2, 4])):
                name = rng.choice(tools)
                args = {"q": _script_words(rng, rng.choice(list(_SCRIPTS)), rng.randint(1, 5)),
                        "limit": rng.randint(1, 50), "ticket": t}  # fmt: skip
                calls.append(
                    {
                        "id": f"toolu_{seed}_{t}_{j}",
                        "type": "function",
                        "function": {
                            "name": name,
                            "arguments": json.dumps(args, ensure_ascii=False),
                        },
                    }
                )
            msgs.append({"role": "assistant", "content": None, "tool_calls": calls})
            for call in calls:
                out = rng.choice([_search_hits, _sql_rows, _html_page])(rng)
                msgs.append({"role": "tool", "tool_call_id": call["id"], "content": out})
        else:
            text = _script_words(
                rng, rng.choice(["en", "en", "zh", "ar", "el"]), rng.randint(10, 120)
            )
            if rng.random() < 0.25:
                text += (
                    "\n\n```sql\n"
                    + "\n".join(
                        f"SELECT {_name(rng)}, sum(mrr_eur) FROM accounts WHERE region = 'EMEA' "
                        f"AND opened > '2026-{rng.randrange(1, 13):02d}-01' GROUP BY 1;"
                        for _ in range(rng.randint(2, 40))
                    )
                    + "\n```"
                )
            msgs.append({"role": "assistant", "content": text})
    msgs.append(
        {"role": "user", "content": f"So what do we tell the customer about {rng.choice(_TOPICS)}?"}
    )
    return msgs


# --- a third shape: an image-heavy desktop companion -----------------------------------
#
# Written apart from both sessions above (coldfit5): a household's desktop assistant that
# sees the screen. Most user turns carry a new screenshot (1,000 in 10,000 dicts, each its
# own size and pixels, drawn by ``screenshot``), texts are short and chatty, several people
# share it (``name``), half the turns click or type through a tool whose results are a word
# or two, and answers describe what is on screen. Few characters, many images: the opposite
# of the support session.

_ASKS = [
    "what's on my screen now?", "is this email a scam?", "help me fill in this form",
    "which button do I press?", "remind me what we decided about the trip", "ok thanks",
    "can you read the error dialog?", "translate the menu for me", "cheapest flight here?",
    "never click buy without asking me", "is this the right settings page?", "scroll down",
    "¿qué dice este aviso?", "c’est quoi ce message ?", "この画面で何をすればいい？",
]  # fmt: skip
_SEEN = ["a dialog", "your inbox", "a form", "a map", "a checkout page", "the settings",
         "a video call", "a spreadsheet"]  # fmt: skip
_SAY = ["it", "says", "the", "button", "is", "at", "the", "top", "left", "right", "blue",
        "next", "to", "your", "name", "—", "and", "a", "red", "warning", "✓"]  # fmt: skip
_ACTIONS = ["click", "type_text", "scroll", "read_screen", "open_app"]


def desktop_session(n: int = 10_000, images: int = 1_000, seed: int = 1) -> list[dict[str, Any]]:
    """A desktop companion's session of ``n`` OpenAI Chat dicts (plus a last user turn),
    shaped unlike the two above: see the section comment."""
    rng = random.Random(seed * 4_241 + 11)
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": f"You are the desktop companion of household {seed}. "
         "You see the user's screen; never buy or send anything without asking."}
    ]  # fmt: skip
    left, uid, t = images, seed * 100_000, 0
    while len(msgs) < n:
        t += 1
        text = f"{rng.choice(_ASKS)} ({rng.randrange(10**6)})"
        turn: dict[str, Any] = {"role": "user", "content": text}
        if left and rng.random() < left * 3.5 / max(1, n - len(msgs)):
            uid += 1
            left -= 1
            spec: dict[str, Any] = {"url": screenshot(rng, uid)}
            if rng.random() < 0.3:
                spec["detail"] = rng.choice(["low", "high", "auto"])
            turn["content"] = [
                {"type": "text", "text": text},
                {"type": "image_url", "image_url": spec},
            ]
        if rng.random() < 0.2:
            turn["name"] = rng.choice(["mum", "dad", "kid", "grandpa"])
        msgs.append(turn)
        if rng.random() < 0.5:
            calls = [
                {
                    "id": f"call_{seed}_{t}_{j}",
                    "type": "function",
                    "function": {
                        "name": rng.choice(_ACTIONS),
                        "arguments": json.dumps(
                            {"x": rng.randrange(3840), "y": rng.randrange(2160)}
                        ),
                    },
                }
                for j in range(rng.choice([1, 1, 2]))
            ]
            msgs.append({"role": "assistant", "content": None, "tool_calls": calls})
            for call in calls:
                out = rng.choice(["done", "clicked", "ok", "element not found", "typed 12 chars"])
                msgs.append({"role": "tool", "tool_call_id": call["id"], "content": out})
        said = " ".join(rng.choice(_SAY) for _ in range(rng.randint(5, 40)))
        msgs.append({"role": "assistant", "content": f"I can see {rng.choice(_SEEN)} — {said}."})
    msgs.append({"role": "user", "content": "So what should I do next?"})
    return msgs


# --- a fourth shape: a text-only CJK document chat --------------------------------------
#
# Written apart from the three above (coldfit6): a reader works through long Chinese and
# Japanese documents with an assistant. No images and no tools; one user turn in eight
# pastes a chapter (1,000-8,000 characters), the others ask short questions; answers are a
# few sentences to a few paragraphs. Almost every character is a CJK ideograph or kana (a
# token a character or two), so the fit's exact counting of what it keeps, and the reading
# of the earlier requests for the goal and the rules, meet the most tokens per character.

_CJK_ZH = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞"
_CJK_JA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンー日本語文書会社社員計画開発製品市場顧客報告確認説明問題解決方法結果必要重要情報管理"
_CJK_ASKS = [
    "第{n}章的主要观点是什么？", "请用三句话总结上面的内容。", "这一段和前面的结论矛盾吗？",
    "この部分をもっと簡単に説明してください。", "第{n}節の要点は何ですか？", "谢谢，继续。",
    "能举个例子吗？", "この用語の意味は？", "作者为什么这样认为？", "好的", "次の章に進みましょう。",
]  # fmt: skip


def _cjk_text(rng: random.Random, chars: int) -> str:
    """``chars`` characters of Chinese or Japanese prose (sentences of 10-40 characters)."""
    letters = _CJK_ZH if rng.random() < 0.6 else _CJK_JA
    out: list[str] = []
    size = 0
    while size < chars:
        sentence = "".join(rng.choice(letters) for _ in range(rng.randint(10, 40)))
        if rng.random() < 0.2:
            sentence += f"（{rng.randrange(1, 10**4)}）"
        out.append(sentence + rng.choice("。。。！？、"))
        size += len(out[-1])
    return "".join(out)


def cjk_document_session(n: int = 10_000, seed: int = 1) -> list[dict[str, Any]]:
    """A text-only document chat of ``n`` OpenAI Chat dicts (plus a last user turn) in
    Chinese and Japanese: see the section comment above."""
    rng = random.Random(seed * 6_151 + 23)
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": f"你是读者 {seed} 的阅读助手。" + _cjk_text(rng, 200)}
    ]
    while len(msgs) < n:
        if rng.random() < 0.125:
            chapter = _cjk_text(rng, rng.randint(1_000, 8_000))
            text = f"这是第{rng.randrange(1, 99)}章，请帮我读一下：\n\n{chapter}"
        else:
            text = rng.choice(_CJK_ASKS).format(n=rng.randrange(1, 99))
        msgs.append({"role": "user", "content": text})
        msgs.append({"role": "assistant", "content": _cjk_text(rng, rng.randint(40, 600))})
    msgs.append({"role": "user", "content": "最后，请把我们讨论的要点列出来。"})
    return msgs


# --- a fifth shape: a helpdesk agent with pasted logs ------------------------------------
#
# Written apart from the four above (coldfit6), after the red team's description of its
# own unseen session: a customer-support agent whose users paste service logs (one user
# turn in seven: 20-160 lines), write in six languages, and send screenshots (250); the
# agent looks orders, tickets and logs up with 1-3 calls a turn (each result a plain
# three-key tool dict holding JSON). Many small tool dicts and much request text.

_HELP_WORDS = {
    "en": "order refund shipment delayed account password reset invoice charged twice "
    "please help urgent tracking warehouse label",
    "de": "Bestellung Rückerstattung Lieferung verspätet Konto Passwort Rechnung doppelt "
    "belastet bitte dringend Sendung Lager",
    "fr": "commande remboursement livraison retardée compte mot de passe facture débitée "
    "deux fois aidez urgent suivi entrepôt",
    "es": "pedido reembolso envío retrasado cuenta contraseña factura cobrado dos veces "
    "ayuda urgente seguimiento almacén",
    "ja": "注文 返金 配送 遅延 アカウント パスワード 請求書 二重請求 至急 追跡 倉庫",
    "zh": "订单 退款 发货 延迟 账户 密码 重置 发票 重复扣款 紧急 追踪 仓库",
}
_HELP_CALLS = ["lookup_order", "get_ticket", "grep_logs", "refund_status", "update_ticket"]


def _help_words(rng: random.Random, k: int) -> str:
    vocab = _HELP_WORDS[rng.choice(list(_HELP_WORDS))].split()
    return " ".join(
        f"#{rng.randrange(10**5, 10**9)}" if rng.random() < 0.12 else rng.choice(vocab)
        for _ in range(k)
    )


def _service_log(rng: random.Random) -> str:
    svc = rng.choice(["payments", "checkout", "auth", "shipping", "search"])
    return "\n".join(
        f"2026-11-{rng.randrange(1, 31):02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:"
        f"{rng.randrange(60):02d}.{rng.randrange(1000):03d}Z "
        f"{rng.choice(['INFO', 'WARN', 'ERROR'])} [{svc}-{rng.randrange(40)}] "
        f"req={rng.getrandbits(40):x} user={rng.randrange(10**7)} "
        f"{rng.choice(['timeout after', 'retrying in', 'charged', 'latency'])} "
        f"{rng.randrange(10**4)}ms"
        for _ in range(rng.randint(20, 160))
    )


def helpdesk_session(n: int = 10_000, images: int = 250, seed: int = 1) -> list[dict[str, Any]]:
    """A helpdesk agent's session of ``n`` OpenAI Chat dicts (plus a last user turn): see
    the section comment above."""
    rng = random.Random(seed * 3_571 + 29)
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": f"You are the support agent of shop {seed}. Policy: "
         + " ".join(_help_words(rng, 40) for _ in range(10))}
    ]  # fmt: skip
    left, uid, t = images, seed * 100_000, 0
    while len(msgs) < n:
        t += 1
        text = _help_words(rng, rng.randint(5, 40))
        if rng.random() < 1 / 7:
            text += "\n```\n" + _service_log(rng) + "\n```"
        turn: dict[str, Any] = {"role": "user", "content": text}
        if left and rng.random() < 0.1:
            uid += 1
            left -= 1
            turn["content"] = [
                {"type": "text", "text": text},
                {"type": "image_url", "image_url": {"url": screenshot(rng, uid)}},
            ]
        msgs.append(turn)
        for _ in range(rng.choice([0, 1, 1, 2])):
            calls = [
                {
                    "id": f"call_{seed}_{t}_{len(msgs)}_{j}",
                    "type": "function",
                    "function": {
                        "name": rng.choice(_HELP_CALLS),
                        "arguments": json.dumps({"id": rng.randrange(10**8), "q": _help_words(rng, 3)},
                                                ensure_ascii=False),
                    },
                }
                for j in range(rng.choice([1, 1, 2, 3]))
            ]  # fmt: skip
            msgs.append({"role": "assistant", "content": None, "tool_calls": calls})
            for call in calls:
                result = {
                    "id": rng.randrange(10**8),
                    "status": rng.choice(["shipped", "delayed", "refunded", "open", "error"]),
                    "events": [_help_words(rng, rng.randint(3, 12)) for _ in range(rng.randint(1, 6))],
                }  # fmt: skip
                content = json.dumps(result, ensure_ascii=False)
                msgs.append({"role": "tool", "tool_call_id": call["id"], "content": content})
        msgs.append({"role": "assistant", "content": _help_words(rng, rng.randint(10, 80))})
    msgs.append({"role": "user", "content": "So when will my order arrive?"})
    return msgs


# --- a voice chat of tiny turns (speed30: peak memory where the history is mostly kept) ---
# A voice assistant's transcript: 1-5 word turns from a few speakers (some named), answers
# of a few words, in several languages. Almost nothing to drop at 128k: the fit's own
# tables per kept message weigh against dicts of ~30 characters (its peak of memory).
_VOICE_WORDS = {
    "en": "yes no wait stop play next louder quieter timer lights kitchen again thanks okay",
    "es": "sí no espera para siguiente más alto bajo temporizador luces cocina otra vez gracias",
    "id": "ya tidak tunggu berhenti putar lagi lebih keras pelan pengatur waktu lampu dapur",
    "ja": "はい いいえ 待って 止めて 次 大きく 小さく タイマー 電気 台所 もう一度 ありがとう",
}


def tiny_turn_chat(n: int = 12_000, seed: int = 1) -> list[dict[str, Any]]:
    """A voice chat of ``n`` tiny OpenAI Chat dicts (plus a last user turn): see above."""
    rng = random.Random(seed * 7_919 + 31)
    langs = rng.sample(sorted(_VOICE_WORDS), 2)
    msgs: list[dict[str, Any]] = [{"role": "system", "content": f"Voice assistant {seed}."}]
    while len(msgs) < n:
        vocab = _VOICE_WORDS[rng.choice(langs)].split()
        turn: dict[str, Any] = {
            "role": "user",
            "content": " ".join(rng.choice(vocab) for _ in range(rng.randint(1, 5))),
        }
        if rng.random() < 0.25:
            turn["name"] = rng.choice(["kid_1", "kid_2", "parent"])
        msgs.append(turn)
        answer = " ".join(rng.choice(vocab) for _ in range(rng.randint(1, 6)))
        msgs.append({"role": "assistant", "content": answer})
    msgs.append({"role": "user", "content": "and what time is it now?"})
    return msgs


def tiny_turn_body(fmt: str, n: int = 12_000, seed: int = 1) -> Any:
    """``tiny_turn_chat`` as the app of another provider holds it: an OpenAI Chat list, an
    Anthropic body (``system`` beside ``messages`` of content strings; no names), a Gemini
    body (``systemInstruction`` beside ``contents`` of text parts) or a Responses body
    (``instructions`` beside ``input``: the user's strings, the answers as output items)."""
    chat = tiny_turn_chat(n, seed)
    system, turns = chat[0]["content"], chat[1:]
    if fmt == "openai-responses":
        return {
            "instructions": system,
            "input": [
                {"role": "user", "content": m["content"]}
                if m["role"] == "user"
                else {
                    "type": "message",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": m["content"]}],
                }
                for m in turns
            ],
        }
    if fmt == "anthropic":
        return {
            "system": system,
            "messages": [{"role": m["role"], "content": m["content"]} for m in turns],
        }
    if fmt == "gemini":
        return {
            "systemInstruction": {"parts": [{"text": system}]},
            "contents": [
                {
                    "role": "model" if m["role"] == "assistant" else "user",
                    "parts": [{"text": m["content"]}],
                }
                for m in turns
            ],
        }
    return chat

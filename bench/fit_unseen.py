"""Sessions of shapes the fit was never tuned on (speed12, session 15; written before tuning).

``bench_fit.py`` measured its own five generators and said ≥3× LangChain where a red team's
sessions of other shapes measured 1.6–2.5×. This module draws a new *shape* for every seed,
not only new words: each session picks its own languages (Hindi, Bengali, Tamil, Arabic,
Persian, Russian, Ukrainian, Greek, Georgian, Amharic, Thai, Hebrew, Korean, Japanese,
Chinese, Vietnamese, Turkish, Polish, Portuguese, English, mixed-script), its own mix of
short chatty turns and long tool-heavy turns, its own number of parallel tool calls (up to
8), its own tool output sizes (a long-tailed draw: most a few hundred characters, some tens
of thousands — logs, pretty and minified JSON, wide CSV, Java/JS stack traces, YAML, hex
dumps, base64 blobs), big pastes in user turns, screenshots in user turns *and* in tool
results (PNG, JPEG, WebP, GIF; icons to 4K; phone portraits), named users, and assistant
answers with Markdown tables. Text is built from each script's own syllables, so it
tokenizes as a script of that language does (not as ASCII words), and nothing repeats
between seeds. ``bench_fit.py --unseen`` draws a random seed per run (printed, so a run can
be repeated with ``--seed``).
"""

from __future__ import annotations

import base64
import io
import json
import random
from typing import Any

from PIL import Image, ImageDraw

# Each script's building blocks: consonants (or syllables) and the vowel signs that follow
# them; a word is 1-4 syllables. Spaces: False for scripts written without them.
_SYLLABLES: dict[str, tuple[str, str, bool]] = {
    "hi": ("कखगघचछजझटडणतथदधनपफबभमयरलवशसह", "ािीुूेैोौं्", True),
    "bn": ("কখগঘচছজঝটডতথদধনপফবভমযরলশসহ", "ািীুূেৈোৌং", True),
    "ta": ("கஙசஞடணதநபமயரலவழளறன", "ாிீுூெேைொோ்", True),
    "ar": ("ابتثجحخدذرزسشصضطظعغفقكلمنهوي", "", True),
    "fa": ("ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی", "", True),
    "ru": ("бвгджзклмнпрстфхцчшщ", "аеёиоуыэюя", True),
    "uk": ("бвгґджзклмнпрстфхцчшщ", "аеєиіїоуюя", True),
    "el": ("βγδζθκλμνξπρστφχψ", "αεηιουωάέήίόύώ", True),
    "ka": ("ბგდვზთკლმნპჟრსტფქღყშჩცძწჭხჯჰ", "აეიოუ", True),
    "am": ("ሀለሐመሠረሰሸቀበተቸኀነኘአከኸወዐዘዠየደጀገጠጨጰጸፀፈፐ", "", True),
    "th": ("กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮ", "ะาิีึืุูเแโใไ่้๊๋", False),
    "he": ("אבגדהוזחטיכלמנסעפצקרשת", "", True),
    "ko": ("", "", True),  # Hangul syllables drawn from the whole block
    "ja": ("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
           "アイウエオカキクケコサシスセソタチツテトナニヌネノ日本語時間会社仕事設定確認", "", False),
    "zh": ("的一是不了人我在有他这为之大来以个中上们到说时要就出会可也你对生能而子那得于着下自数据服务器错误",
           "", False),
    "vi": ("bcdghklmnpqrstvx", "aăâeêioôơuưyáàảãạấầẩẫậắằẳẵặéèẻẽẹếềểễệíìỉĩịóòỏõọốồổỗộớờởỡợúùủũụứừửữựýỳỷỹỵ", True),
    "tr": ("bcçdfgğhjklmnprsştvyz", "aeıioöuü", True),
    "pl": ("bcćdfghjklłmnńprsśtwzźż", "aąeęioóuy", True),
    "pt": ("bcdfghjlmnprstvxz", "aáâãeéêiíoóôõuú", True),
    "en": ("bcdfghjklmnprstvwy", "aeiou", True),
}  # fmt: skip
_LANGS = list(_SYLLABLES)
_TECH = ["API", "timeout", "deploy", "cache", "Postgres", "k8s", "pod", "retry", "JSON",
         "webhook", "OAuth", "CI", "build", "null", "SQL", "S3", "queue", "GPU", "p95"]  # fmt: skip
_PUNCT = {"zh": "。", "ja": "。", "hi": "।", "bn": "।", "am": "።", "ar": "؟", "fa": "؟", "el": ";"}


def _word(rng: random.Random, lang: str) -> str:
    cons, vowels, _ = _SYLLABLES[lang]
    if lang == "ko":
        return "".join(chr(rng.randrange(0xAC00, 0xD7A4)) for _ in range(rng.randint(1, 4)))
    out = []
    for _ in range(rng.randint(1, 4)):
        out.append(rng.choice(cons) if cons else "")
        if vowels and rng.random() < 0.8:
            out.append(rng.choice(vowels))
    return "".join(out)


_VOCAB_SIZE = 3_000
_vocab: dict[tuple[int, str], tuple[list[str], list[float]]] = {}


def _lexicon(rng: random.Random, lang: str) -> tuple[list[str], list[float]]:
    """The words of ``lang`` for the session ``rng`` draws: a vocabulary of its own (new for
    every seed), used with Zipf's frequencies as people reuse words."""
    key = (id(rng), lang)
    if key not in _vocab:
        words = [_word(rng, lang) for _ in range(_VOCAB_SIZE)]
        words[: len(_TECH)] = _TECH if rng.random() < 0.5 else words[: len(_TECH)]
        rng.shuffle(words)
        cum, total = [], 0.0
        for k in range(len(words)):
            total += 1 / (k + 1)
            cum.append(total)
        _vocab[key] = (words, cum)
    return _vocab[key]


def sentence(rng: random.Random, lang: str, words: int) -> str:
    """A sentence of ``words`` words in ``lang`` (with the odd number or emoji people drop
    into chat)."""
    vocab, cum = _lexicon(rng, lang)
    out = rng.choices(vocab, cum_weights=cum, k=max(1, words))
    if rng.random() < 0.3:
        out[rng.randrange(len(out))] = str(rng.randrange(10 ** rng.randint(1, 7)))
    text = (" " if _SYLLABLES[lang][2] else "").join(out)
    if rng.random() < 0.05:
        text += " " + rng.choice("🙂👍🔥✅❌🤔🚀😅")
    return text + _PUNCT.get(lang, rng.choice(".?!."))


def prose(rng: random.Random, lang: str, sentences: int) -> str:
    return " ".join(sentence(rng, lang, rng.randint(3, 25)) for _ in range(sentences))


# --- tool output and paste shapes -------------------------------------------------------


def _hex_id(rng: random.Random, bits: int = 64) -> str:
    return f"{rng.getrandbits(bits):0{bits // 4}x}"


def _service_log(rng: random.Random, lang: str, lines: int) -> str:
    out = []
    for _ in range(lines):
        level = rng.choice(["INFO", "INFO", "INFO", "WARN", "ERROR", "DEBUG", "TRACE"])
        out.append(
            f"2026-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d} "
            f"{rng.randrange(24):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}."
            f"{rng.randrange(1000):03d} {level:5} [{rng.choice(['api', 'worker', 'sched', 'db'])}-"
            f"{rng.randrange(64)}] req={_hex_id(rng, 32)} "
            + (sentence(rng, lang, rng.randint(2, 10)) if rng.random() < 0.4 else
               f"{rng.choice(_TECH)} latency_ms={rng.randrange(1, 20000)} status={rng.choice([200, 201, 404, 500, 503])}")
        )  # fmt: skip
    return "\n".join(out)


def _json_doc(rng: random.Random, lang: str, items: int, pretty: bool = True) -> str:
    doc = {
        "request_id": _hex_id(rng),
        "page": rng.randrange(1, 50),
        "items": [
            {
                "id": rng.randrange(10**9),
                "sku": f"{_hex_id(rng, 24)}-{rng.randrange(100)}",
                "title": sentence(rng, lang, rng.randint(2, 8)),
                "price": round(rng.random() * 1000, 2),
                "tags": [rng.choice(_TECH) for _ in range(rng.randint(0, 4))],
                "active": rng.random() < 0.7,
                "meta": {"created": f"2026-{rng.randrange(1, 13):02d}-01", "score": rng.random()},
            }
            for _ in range(items)
        ],
    }
    if pretty:
        return json.dumps(doc, indent=2, ensure_ascii=rng.random() < 0.5)
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=rng.random() < 0.5)


def _csv(rng: random.Random, lang: str, rows: int) -> str:
    cols = rng.randint(4, 18)
    head = ",".join(f"col_{_word(rng, 'en')}_{k}" for k in range(cols))
    body = [
        ",".join(
            rng.choice(
                [
                    str(rng.randrange(10**6)),
                    f"{rng.random() * 1e4:.3f}",
                    f'"{sentence(rng, lang, rng.randint(1, 4))}"',
                    _hex_id(rng, 32),
                    "",
                ]
            )
            for _ in range(cols)
        )
        for _ in range(rows)
    ]
    return "\n".join([head, *body])


def _stack(rng: random.Random, _lang: str, frames: int) -> str:
    if rng.random() < 0.5:
        out = [
            f'Exception in thread "main" java.lang.IllegalStateException: {_word(rng, "en")} {rng.randrange(999)}'
        ]
        out += [
            f"\tat com.{_word(rng, 'en')}.{_word(rng, 'en')}.{_word(rng, 'en').title()}Service."
            f"{_word(rng, 'en')}({_word(rng, 'en').title()}.java:{rng.randrange(1, 3000)})"
            for _ in range(frames)
        ]
    else:
        out = [f"TypeError: Cannot read properties of undefined (reading '{_word(rng, 'en')}')"]
        out += [
            f"    at {_word(rng, 'en')} (webpack:///./src/{_word(rng, 'en')}/{_word(rng, 'en')}.ts:"
            f"{rng.randrange(1, 900)}:{rng.randrange(1, 80)})"
            for _ in range(frames)
        ]
    return "\n".join(out)  # fmt: skip


def _yaml(rng: random.Random, lang: str, keys: int) -> str:
    out = ["apiVersion: apps/v1", "kind: Deployment", "spec:"]
    for k in range(keys):
        indent = "  " * rng.randint(1, 4)
        out.append(
            f"{indent}{_word(rng, 'en')}_{k}: {rng.choice([str(rng.randrange(10**4)), 'true', _hex_id(rng, 16), sentence(rng, lang, 2)])}"
        )
    return "\n".join(out)  # fmt: skip


def _hexdump(rng: random.Random, _lang: str, lines: int) -> str:
    return "\n".join(
        f"{k * 16:08x}  " + " ".join(f"{rng.randrange(256):02x}" for _ in range(16))
        for k in range(lines)
    )


def _blob(rng: random.Random, _lang: str, lines: int) -> str:
    return base64.encodebytes(rng.randbytes(lines * 57)).decode()


def _minified_js(rng: random.Random, _lang: str, stmts: int) -> str:
    return ";".join(
        f"var {_word(rng, 'en')}{k}=function(a,b){{return a.{_word(rng, 'en')}(b,{rng.randrange(999)})||\"{_hex_id(rng, 16)}\"}}"
        for k in range(stmts)
    )  # fmt: skip


def _markdown_table(rng: random.Random, lang: str, rows: int) -> str:
    out = ["| # | item | value | note |", "|---|---|---:|---|"]
    out += [
        f"| {k} | {_word(rng, lang)} | {rng.random() * 100:.1f} | {sentence(rng, lang, rng.randint(1, 6))} |"
        for k in range(rows)
    ]
    return "\n".join(out)


_OUTPUTS = [_service_log, _json_doc, _csv, _stack, _yaml, _hexdump, _blob, _minified_js]


def tool_output(rng: random.Random, lang: str, scale: float) -> str:
    """A tool's output: size long-tailed (most small, a few of tens of thousands of chars)."""
    kind = rng.choice(_OUTPUTS)
    size = max(1, int(rng.lognormvariate(1.6, 1.3) * scale))
    if kind is _json_doc:
        return _json_doc(rng, lang, min(size, 600), rng.random() < 0.5)
    return kind(rng, lang, min(size * 2, 3000))


def image_url(rng: random.Random, uid: int) -> str:
    """A data URL of an image no one has seen: an icon, a phone portrait, a desktop
    screenshot or a 4K screen; PNG, JPEG, WebP or GIF."""
    w, h = rng.choice(
        [(48, 48), (256, 256), (750, 1334), (1080, 2400), (1366, 768), (1920, 1200),
         (2560, 1440), (3840, 2160), (5120, 2880), (1024, 768), (512, 4000)]
    )  # fmt: skip
    w = max(8, w + rng.randrange(-40, 40))
    h = max(8, h + rng.randrange(-40, 40))
    fmt, media = rng.choice(
        [("PNG", "image/png"), ("JPEG", "image/jpeg"), ("WEBP", "image/webp"), ("GIF", "image/gif")]
    )
    if fmt == "WEBP" and w * h > 2_000_000:  # (WebP's encoder takes ~0.5 s on a 4K screen)
        fmt, media = "JPEG", "image/jpeg"
    # Drawn small and scaled up (UI-like flat blocks); palette mode for PNG and GIF, the
    # fastest to encode.
    small = (max(8, w // 8), max(8, h // 8))
    if fmt in ("PNG", "GIF"):
        img = Image.new("P", small, rng.randrange(256))
        img.putpalette(rng.randbytes(768))
        colour: Any = lambda: rng.randrange(256)  # noqa: E731
    else:
        img = Image.new("RGB", small, (rng.randrange(256),) * 3)
        colour = lambda: (rng.randrange(256), rng.randrange(256), rng.randrange(256))  # noqa: E731
    draw = ImageDraw.Draw(img)
    for _ in range(rng.randint(2, 8)):
        x, y = rng.randrange(img.width), rng.randrange(img.height)
        draw.rectangle((x, y, x + rng.randrange(2, 80), y + rng.randrange(2, 40)), fill=colour())
    draw.text((2, 2), f"{uid}", fill=colour())
    img = img.resize((w, h), Image.Resampling.NEAREST)
    buf = io.BytesIO()
    if fmt == "PNG":
        img.save(buf, fmt, compress_level=1)
    elif fmt == "WEBP":
        img.save(buf, fmt, quality=60, method=0)
    else:
        img.save(buf, fmt, **({"quality": 60} if fmt == "JPEG" else {}))
    return f"data:{media};base64," + base64.b64encode(buf.getvalue()).decode()


# --- a session ---------------------------------------------------------------------------


def unseen_session(
    n: int | None = None, seed: int = 1, images: int | None = None
) -> list[dict[str, Any]]:
    """An OpenAI Chat session of about ``n`` dicts (drawn from 3,000-12,000 when None) whose
    shape is drawn from ``seed``: languages, chattiness, parallel calls, output sizes,
    pastes and images (drawn from 0-300 when None; in user turns and tool results)."""
    rng = random.Random(f"unseen-{seed}")
    _vocab.clear()
    n = n if n is not None else rng.choice([3_000, 5_000, 8_000, 12_000])
    langs = rng.sample(_LANGS, rng.randint(1, 3))
    chatty = rng.uniform(0.1, 0.7)  # share of turns that are a short exchange
    max_calls = rng.choice([1, 2, 3, 5, 8])
    scale = rng.choice([1.0, 2.0, 4.0])  # tool outputs' size scale
    paste = rng.uniform(0.0, 0.15)  # share of requests carrying a big paste
    images = images if images is not None else rng.choice([0, 40, 150, 300])
    users = [None, None, "ana", "rahul", "li_wei", "fatima", "oleg"][: rng.randint(1, 7)]
    tools = [f"{_word(rng, 'en')}_{_word(rng, 'en')}" for _ in range(rng.randint(3, 12))]
    system = f"{sentence(rng, 'en', 12)} Session {seed}. " + prose(
        rng, langs[0], rng.randint(1, 30)
    )
    msgs: list[dict[str, Any]] = [{"role": "system", "content": system}]
    uid, left, t = seed * 1_000, images, 0

    def request() -> dict[str, Any]:
        lang = rng.choice(langs)
        text = prose(rng, lang, rng.randint(1, 3))
        if rng.random() < paste:
            kind = rng.choice(_OUTPUTS)
            text += "\n\n```\n" + kind(rng, lang, rng.randint(20, 400)) + "\n```"
        msg: dict[str, Any] = {"role": "user", "content": text}
        if left and rng.random() < left * 0.6 / max(1, (n - len(msgs)) / 4):
            msg["content"] = [{"type": "text", "text": text}, *_images(rng.randint(1, 3))]
        who = rng.choice(users)
        if who:
            msg["name"] = who
        return msg

    def _images(k: int) -> list[dict[str, Any]]:
        nonlocal uid, left
        parts = []
        for _ in range(min(k, left)):
            uid += 1
            left -= 1
            spec: dict[str, Any] = {"url": image_url(rng, uid)}
            if rng.random() < 0.25:
                spec["detail"] = rng.choice(["low", "high"])
            parts.append({"type": "image_url", "image_url": spec})
        return parts

    while len(msgs) < n:
        t += 1
        msgs.append(request())
        lang = rng.choice(langs)
        if rng.random() < chatty:
            msgs.append({"role": "assistant", "content": prose(rng, lang, rng.randint(1, 4))})
            continue
        for _step in range(rng.randint(1, 4)):
            calls = [
                {
                    "id": f"call_{_hex_id(rng, 48)}",
                    "type": "function",
                    "function": {
                        "name": rng.choice(tools),
                        "arguments": json.dumps(
                            {"q": sentence(rng, lang, rng.randint(1, 6)), "limit": rng.randrange(1, 500),
                             "path": f"/{_word(rng, 'en')}/{_word(rng, 'en')}.{rng.choice(['py', 'ts', 'log', 'csv'])}"},
                            ensure_ascii=rng.random() < 0.5,
                        ),
                    },
                }
                for _ in range(rng.randint(1, max_calls))
            ]  # fmt: skip
            said = prose(rng, lang, 1) if rng.random() < 0.3 else None
            msgs.append({"role": "assistant", "content": said, "tool_calls": calls})
            for call in calls:
                out: Any = tool_output(rng, lang, scale)
                if left and rng.random() < 0.08:
                    out = [{"type": "text", "text": out[:2000]}, *_images(1)]
                msgs.append({"role": "tool", "tool_call_id": call["id"], "content": out})
        answer = prose(rng, lang, rng.randint(1, 8))
        if rng.random() < 0.2:
            answer += "\n\n" + _markdown_table(rng, lang, rng.randint(2, 30))
        msgs.append({"role": "assistant", "content": answer})
    msgs.append(request())
    return msgs


def describe(msgs: list[dict[str, Any]]) -> str:
    """One line saying what a session is made of (for the bench's output)."""
    chars = images = calls = 0
    for m in msgs:
        c = m.get("content")
        if isinstance(c, str):
            chars += len(c)
        elif isinstance(c, list):
            for p in c:
                if p.get("type") == "text":
                    chars += len(p["text"])
                else:
                    images += 1
        calls += len(m.get("tool_calls") or ())
    return f"{len(msgs):,} dicts, {chars / 1e6:.1f} M chars, {images} images, {calls:,} tool calls"

"""Benchmark: fit() on a 10,001-message agent session with 500 screenshots, against LangChain.

Measured as users call it, ratios from one run. The headline session
(``fit_sessions.multilingual_session``) is a coding / computer-use agent's history as plain
OpenAI Chat dicts: requests and answers in English, German, French, Spanish, Japanese,
Chinese, Russian and Korean with curly quotes, em dashes and emoji, pasted logs and
tracebacks; 1-3 parallel tool calls a turn with results shaped like real tool output
(tracebacks, diffs, CSV, logs, JSON, listings; some errors, some as content parts);
500 screenshots, **every one distinct** (its own size, 200x150 to 3840x2160, and its own
Pillow-drawn pixels; palette and RGB PNG and JPEG; some with ``detail``), 1-2 per user
turn; some user turns with a ``name``. A second session, shaped unlike the first and
written apart from it (``fit_sessions.support_session``: a support / research agent; long
pasted documents in Arabic, Hebrew, Thai, Hindi, Greek, Chinese and English, search hits as
JSON, SQL results as wide CSV, fetched HTML, SQL blocks in answers, many one-line
follow-ups, 60 phone photos and scans as JPEG up to 4032x3024), is measured the same way,
so the figures are not those of one generator; so is a third, written apart from both
(``fit_sessions.desktop_session``: a desktop companion that sees the screen: 1,000 distinct
screenshots, short chatty turns from several named users, click/type tool calls with
one-word results; many images, few characters); so are a fourth and a fifth (coldfit6:
``fit_sessions.cjk_document_session``, a text-only Chinese and Japanese document chat whose
requests paste chapters, about a token a character; ``fit_sessions.helpdesk_session``, a
helpdesk agent whose users paste service logs, with many small three-key tool dicts and
250 screenshots). ``--ascii`` adds the earlier, easier session (ASCII words, 20 distinct
screenshots).

* **first fit in a fresh process** minus a bare ``import contextledger`` (subprocesses,
  median of 3; every fresh process of this benchmark runs contextledger as installed, its
  modules compiled to bytecode beforehand, even where ``PYTHONDONTWRITEBYTECODE`` is set), for a 4-message conversation and for the 10,001-message session (generated
  in the subprocess before the clock starts), and of the latter the part a process pays once
  (its first fit less a second never-seen session's fit right after it, each session
  first in one process and second in another); the vocabulary load
  is reported apart;
* **a process that keeps fitting** (no warm-up call): a fresh process fits a short chat, then
  three never-seen long sessions; each call's CPU, one-time loads included where they land
  (toktok's build timed alone beside it); this process takes the same path (a short chat,
  then a long session: printed, not in the rows), then builds what is left (``warm``, printed);
* **the request classification's patterns** (compiled on first use): in this process, before
  the figures below (one-time, printed);
* **cold**: ``fit(dicts, ...)`` on a session never seen before in this process (new texts,
  new images: a new seed) whose tokenizer is already loaded; 3 sessions, the median and the
  range of LangChain's time over each (a summary of the ranges closes the run). This is new
  content in a warm process that has just fitted sessions of the same shape;
* **cold in a fresh process**: each of those 3 sessions again, in a subprocess of its own:
  ``import contextledger``, then the one-time loads (the vocabulary and the compiled
  tokenizer, the request classification's patterns: compiling them and classifying 10,000
  sample requests, less classifying them again), each reported apart, then the first
  ``fit`` (the figure), then LangChain on the same dicts after its own import and first call;
* **refit**: a ``Fitter`` kept per conversation, fed the app's own list of dicts after the
  app appends to it in place: one new dict of each kind, in turn (a user's text, a user's
  screenshot alone, an assistant's text, an assistant's tool call fitted before its result
  is in, as an agent sends it, then that result; each kind's median of 9, new content each
  time), and a whole turn of three (an
  assistant tool call, its result, the next request; median of 5); then a user's dict taken
  out at 60 % of the list, and the oldest turn dropped as a sliding window drops it (median
  of 5 each; ``bench_refit_splice.py`` measures these changes alone). The list is the last
  cold session's, fitted once by the ``Fitter`` (not timed);
* **LangChain**: ``trim_messages(convert_to_messages(dicts), strategy="last",
  token_counter=count_tokens_approximately, start_on="human", include_system=True)`` on the
  same dicts and budget (its approximate counter; it does not price images by pixels);
  median of 5;
* **peak memory** of a cold fit (tracemalloc) against the input's own size in memory;
* **huge paste**: one generated message of 50 MB (and 12.5 MB, to show the time is linear)
  as an old message (decided on by a bound, never tokenized), as the newest tool output
  (counted once, then shrunk to head and tail) and as the current request (refused with
  ``BudgetError``); CPU seconds of this process;
* **refit from each provider's own dicts**: Anthropic, Gemini and Responses bodies of the
  multilingual session (see ``fit_formats.py``); then sessions written in their own format
  (``native_sessions.py``: a data-pipeline agent's Responses items, an Anthropic agent with
  extended thinking), one item appended in place per refit, median of 9.

Each figure is reported in wall time and in CPU time of the benchmark process (the machine
this runs on is shared; CPU time is what other processes do not disturb); the load average
is printed at the start and the end. Before each timed call the garbage collector runs
(``gc.collect()``, for both contenders): an app's history was built over many turns, not
allocated in the instant before the call, and a collection of the freshly generated
session would otherwise land in whichever call comes next.

Run: ``.venv/bin/python bench/bench_fit.py`` (``--help`` lists the options: ``--quick`` skips
the huge paste and the fresh-process figure for the large session; ``--ascii`` adds the ASCII
session; ``--only support|desktop|cjk|helpdesk`` measures that session alone; ``--unseen
[--seed N]`` measures shapes drawn afresh instead; ``--memory`` measures only the peak memory
of cold fits of tiny-turn voice chats whose history is mostly kept, ``fit_sessions.tiny_turn_chat``,
as OpenAI Chat dicts and as Anthropic and Gemini bodies, traced and as RSS, each in fresh processes;
and an Anthropic computer-use body of 1,000 tiny screenshots in tool results, traced;
and what the stored regular-expression data holds once read, against its whole file parsed).
"""

from __future__ import annotations

import argparse
import base64
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from contextledger import warmup
from contextledger.fit import Fitter, fit
from contextledger.pricing.text import warm
from fit_formats import refit_in_other_formats, refit_native_shapes
from fit_sessions import (
    ascii_session,
    cjk_document_session,
    desktop_session,
    helpdesk_session,
    multilingual_session,
    screenshot,
    support_session,
)
from fit_unseen import describe, unseen_session
from memory_sizes import deep_size

BENCH_DIR = Path(__file__).resolve().parent
Session = Callable[..., list[dict[str, Any]]]


_PYCACHE = Path(tempfile.gettempdir()) / "contextledger-bench-pycache"


def installed_env() -> dict[str, str]:
    """The environment of a fresh process that runs contextledger as installed: its modules
    compiled to bytecode once (pip compiles them at install), not from source on every
    import. With ``PYTHONDONTWRITEBYTECODE`` set (as in a checkout that keeps no
    ``__pycache__``), a first fit compiled every module it imported: +150-250 ms that no
    installed copy pays (speed27). The bytecode goes to a directory of its own."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(_PYCACHE)
    return env


def compile_installed() -> None:
    """Compile contextledger's modules for ``installed_env`` (once; quick when done)."""
    import contextledger

    package = str(Path(contextledger.__file__).parent)
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", package],
        env=installed_env(), check=True, capture_output=True,
    )  # fmt: skip


def fresh_process(setup: str, body: str) -> tuple[float, float]:
    """(wall, CPU) seconds of ``import contextledger`` and ``body`` in a new process, after
    ``setup`` (not timed)."""
    code = (
        f"import sys, time; sys.path.insert(0, {str(BENCH_DIR)!r})\n{setup}\n"
        "w, c = time.perf_counter(), time.process_time()\nimport contextledger\n"
        f"{body}\nprint(time.perf_counter() - w, time.process_time() - c)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env=installed_env(),
    )  # fmt: skip
    wall, cpu = run.stdout.split()
    return float(wall), float(cpu)


def first_fit_over_import(big: bool) -> None:
    """A fresh process's first fit minus a bare import, median of 3 (CPU and wall)."""
    small = (
        "d = [{'role': 'system', 'content': 'Be brief.'}, "
        "{'role': 'user', 'content': 'What does this log say? ' + 'ERROR timeout; ' * 40}, "
        "{'role': 'assistant', 'content': 'A database timeout.'}, "
        "{'role': 'user', 'content': 'Fix it, please.'}]"
    )
    large = "from fit_sessions import multilingual_session; d = multilingual_session(seed=9001)"
    cases = [("4-message conversation", small)]
    if big:
        cases.append(("10,001-message session", large))
    for name, setup in cases:
        bare = medians([fresh_process(setup, "") for _ in range(3)])
        body = "contextledger.fit(d, 'gpt-4o', window=128_000)"
        first = medians([fresh_process(setup, body) for _ in range(3)])
        print(
            f"fresh process, {name}: first fit +{(first[1] - bare[1]) * 1e3:.0f} ms CPU "
            f"(+{(first[0] - bare[0]) * 1e3:.0f} ms wall) over a bare import "
            f"({bare[1] * 1e3:.0f} ms CPU)"
        )
    if big:
        print(f"  of which paid once: {one_time_part() * 1e3:.0f} ms CPU")
    load = "from contextledger.pricing.text import counter_for; counter_for('gpt-4o').count('x')"
    bare = medians([fresh_process("", "") for _ in range(3)])
    loaded = medians([fresh_process("", load) for _ in range(3)])
    print(
        f"  one-time: reading the o200k vocabulary (a first count) {(loaded[1] - bare[1]) * 1e3:.0f} ms CPU"
    )


# What a fresh process pays once in its first long fit: two never-seen sessions of the same
# shape (generated before the clock starts) fitted one after the other; the first fit's CPU
# less the second's, each session first in one process and second in another.
_TWO_FITS = """
import json, sys, time
sys.path.insert(0, {bench!r})
from fit_sessions import multilingual_session
sessions = [multilingual_session(seed=s) for s in {seeds!r}]
import contextledger
out = []
for d in sessions:
    t = time.process_time()
    contextledger.fit(d, "gpt-4o", window=128_000)
    out.append(time.process_time() - t)
print(json.dumps(out))
"""


def one_time_part() -> float:
    """CPU seconds a fresh process's first fit of a 10,001-message session pays once (over a
    second never-seen session's fit in the same process), median of 2 pairs each way."""
    once = []
    for seeds in [(9001, 9002), (9002, 9001)] * 2:
        code = _TWO_FITS.format(bench=str(BENCH_DIR), seeds=seeds)
        run = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env=installed_env(),
        )  # fmt: skip
        first, second = json.loads(run.stdout)
        once.append((seeds, first, second))
    # each session's first fit less its own fit as the second one (its cost apart)
    by_seed = {s: [f for seeds, f, _ in once if seeds[0] == s] for s in (9001, 9002)}
    as_second = {s: [g for seeds, _, g in once if seeds[1] == s] for s in (9001, 9002)}
    return statistics.median(
        statistics.median(by_seed[s]) - statistics.median(as_second[s]) for s in (9001, 9002)
    )


# A process that keeps fitting, as a server or a notebook does, with no warm-up call: a short
# chat, then three long sessions never seen (each generated before the clock starts). Each
# call's CPU, one-time loads included where they land (the pure-Python path's vocabulary, the
# tokenizer built when counting outgrows it); toktok's build is timed alone beside it.
_KEEPS_FITTING = """
import json, sys, time
sys.path.insert(0, {bench!r})
from fit_sessions import multilingual_session
import contextledger
out = []
def clock(d, window):
    t = time.process_time()
    contextledger.fit(d, "gpt-4o", window=window, max_output_tokens=1024)
    out.append(time.process_time() - t)
short = [{{"role": "user", "content": "Hi! Summarise our plan in one line."}}]
sessions = [multilingual_session(n=3_000, images=40, seed=s) for s in (71, 72, 73)]
clock(short, 32_000)
for d in sessions:
    clock(d, 128_000)
print(json.dumps(out))
"""


def a_process_that_keeps_fitting() -> None:
    """``_KEEPS_FITTING`` in a fresh process (median of 3 per call), and toktok's build
    alone in a fresh process: what the first long fit's excess is."""
    runs = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", _KEEPS_FITTING.format(bench=str(BENCH_DIR))],
                capture_output=True,
                text=True,
                check=True,
                env=installed_env(),
            ).stdout.splitlines()[-1]
        )
        for _ in range(3)
    ]
    each = [statistics.median(call) * 1e3 for call in zip(*runs, strict=True)]
    build = "import time, toktok; t = time.process_time(); toktok._encoding('o200k_base'); "
    build += "print(time.process_time() - t)"
    alone = statistics.median(
        float(
            subprocess.run(
                [sys.executable, "-c", build],
                capture_output=True,
                text=True,
                check=True,
                env=installed_env(),
            ).stdout
        )
        for _ in range(3)
    )
    print(
        f"  a process that keeps fitting (no warm-up): a short chat {each[0]:.0f} ms CPU, then "
        f"3 never-seen 3,000-dict sessions at 128k: {each[1]:.0f}, {each[2]:.0f}, {each[3]:.0f} "
        f"ms (one-time loads included where they land; toktok's build alone {alone * 1e3:.0f} ms)"
    )


# A session's cold fit in a process of its own: ``import contextledger`` (timed apart), the
# session generated (not timed), the one-time loads (the o200k vocabulary and the compiled
# tokenizer, the request classification's patterns: timed apart), then the fit, then
# LangChain on the same dicts (its import and a first call apart too).
_FRESH = """
import gc, json, statistics, sys, time
def cpu(fn):
    gc.collect(); t = time.process_time(); fn(); return time.process_time() - t
out = {{}}
out["import"] = cpu(lambda: __import__("contextledger"))
sys.path.insert(0, {bench!r})
from {module} import {name} as make
d = make(seed={seed})
from contextledger.pricing.text import warm
from bench_fit import compile_classification, _SAMPLE_REQUESTS
from contextledger.intent import steering_requests
out["tokenizer"] = cpu(lambda: warm("o200k_base"))
# (the one-time part: compiling and classifying 10,000 sample requests, less classifying them
# again; the classifying itself is no load, and was most of the figure: speed38)
out["classification"] = max(0.0, cpu(compile_classification) - cpu(lambda: steering_requests(_SAMPLE_REQUESTS * 1_000)))
from contextledger import fit
out["fit"] = cpu(lambda: fit(d, "gpt-4o", window={window}, max_output_tokens={reserve}))
from bench_fit import langchain_trim
out["lc_first"] = cpu(lambda: langchain_trim([{{"role": "user", "content": "hi"}}], 100))
out["lc"] = statistics.median(cpu(lambda: langchain_trim(d, {budget})) for _ in range(3))
print(json.dumps(out))
"""


def fresh_cold(make: Session, seed: int, window: int, reserve: int) -> dict[str, float]:
    """CPU seconds, in a new process, of a first ``fit`` of session ``seed`` (``_FRESH``)."""
    code = _FRESH.format(
        bench=str(BENCH_DIR), module=make.__module__, name=make.__name__, seed=seed,
        window=window, reserve=reserve, budget=window - reserve,
    )  # fmt: skip
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env=installed_env(),
    )  # fmt: skip
    figures: dict[str, float] = json.loads(run.stdout.splitlines()[-1])
    return figures


_ONLY = {"support": 1, "desktop": 2, "cjk": 3, "helpdesk": 4}  # --only NAME: that session alone


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line (``--help`` prints it and exits before anything is measured)."""
    ap = argparse.ArgumentParser(
        description="fit() against LangChain on long sessions from plain dicts: first fit in "
        "a fresh process, cold, refit, peak memory, huge paste (see the module's doc)."
    )
    ap.add_argument(
        "--quick",
        action="store_true",
        help="skip the huge paste and the fresh-process figure for the large session",
    )
    ap.add_argument("--ascii", action="store_true", help="add the earlier ASCII session")
    ap.add_argument(
        "--only",
        choices=sorted(_ONLY, key=_ONLY.__getitem__),
        help="measure that session alone",
    )
    for name in _ONLY:  # (the spellings documented before --only)
        ap.add_argument(f"--only-{name}", dest="only", action="store_const", const=name,
                        help=argparse.SUPPRESS)  # fmt: skip
    ap.add_argument(
        "--memory",
        action="store_true",
        help="measure only the peak memory of cold fits of tiny-turn voice chats, mostly kept",
    )
    ap.add_argument(
        "--unseen",
        action="store_true",
        help="shapes drawn afresh for this run (fit_unseen.py) instead of the written sessions",
    )
    ap.add_argument(
        "--seed",
        type=int,
        default=None,
        help="with --unseen: the seed that repeats a run (default: a random one, printed)",
    )
    args = ap.parse_args(argv)
    if args.seed is not None and not args.unseen:
        ap.error("--seed goes with --unseen")
    return args


def main() -> None:
    args = arguments()
    if args.memory:
        tiny_turn_memory()
        return
    quick = args.quick
    print(f"load average at start: {os.getloadavg()[0]:.1f} (this machine: {os.cpu_count()} cores)")
    compile_installed()
    print(
        "fresh processes run contextledger as installed: its modules compiled to bytecode "
        f"beforehand (in {_PYCACHE}), as pip compiles them"
    )
    first_fit_over_import(big=not quick)
    a_process_that_keeps_fitting()
    # This process takes the same path (no warm-up call): a short chat, then a long session
    # never seen (printed, not in the rows below), then the loads still left are done by
    # ``warm`` (printed apart: the figures below are of a warm process).
    short = [{"role": "user", "content": "Hi! What can you do?"}]
    t = time.process_time()
    fit(short, "gpt-4o", window=32_000)
    first = time.process_time() - t
    long = multilingual_session(seed=4242)  # (generated before the clock starts)
    t = time.process_time()
    fit(long, "gpt-4o", window=128_000, max_output_tokens=4096)
    print(
        f"  one-time, this process: a first short fit {first * 1e3:.0f} ms CPU, then the first "
        f"long session's fit {(time.process_time() - t) * 1e3:.0f} ms CPU (the compiled "
        "loads it needs done in it; neither in the figures below)"
    )
    t = time.process_time()
    warm("o200k_base")
    print(
        f"  one-time, this process: then the compiled tokenizer, if not built yet, "
        f"{(time.process_time() - t) * 1e3:.0f} ms CPU (not in the figures below)"
    )
    warm_classification()
    sessions: list[tuple[str, Session]] = [
        ("multilingual agent session", multilingual_session),
        ("support agent session (a second shape)", support_session),
        ("desktop companion session (a third shape)", desktop_session),
        ("CJK document chat (a fourth shape, text only)", cjk_document_session),
        ("helpdesk session (a fifth shape, pasted logs)", helpdesk_session),
    ]
    if args.ascii:
        sessions.append(("ASCII session, 20 distinct screenshots", ascii_session))
    if args.only is not None:
        sessions = [sessions[_ONLY[args.only]]]
    seed0 = 0
    if args.unseen:  # shapes drawn afresh for each run (fit_unseen.py)
        seed0 = args.seed or int.from_bytes(os.urandom(3), "big") * 1_000
        print(f"unseen shapes: --seed {seed0} repeats this run")
        sessions = [(f"unseen shapes, seeds from {seed0}", unseen_session)]
    summary: list[str] = []
    for name, make in sessions:
        sample = make(seed=1)
        images = sum(
            1
            for m in sample
            if isinstance(m.get("content"), list)
            for p in m["content"]
            if p.get("type") == "image_url"
        )
        print(
            f"\n== {name}: {len(sample):,} dicts, {images} images, "
            f"input {deep_size(sample) / 1e6:.1f} MB in memory"
        )
        del sample
        for window in (32_000, 128_000):
            low, mid, high = measure(window, make, seed0)
            summary.append(
                f"  {name.split(' (')[0]:28} {window:>7,}: {mid:5.2f}x  ({low:.2f}-{high:.2f}x)"
            )
    print("\ncold fit, LangChain's CPU / ours: median (range over 3 never-seen sessions)")
    print("\n".join(summary))
    if not quick:
        huge_paste()
    if not seed0:
        refit_in_other_formats()  # Anthropic, Gemini and Responses dicts (fit_formats.py)
        refit_native_shapes()  # sessions written in their own format (native_sessions.py)
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")


# A tiny-turn chat's cold fit in a process of its own (warmed, and a short fit done first, as
# this process's peak figure has them), its peak memory against the input's size in memory:
# traced (tracemalloc, as ``measure`` reports it), or the peak RSS's growth over the RSS
# before the fit (no tracing: tracemalloc's own tables inflate the RSS; an upper bound).
_MEMORY = """
import gc, json, resource, sys, tracemalloc
sys.path.insert(0, {bench!r})
import contextledger
from memory_sizes import deep_size
from fit_sessions import tiny_turn_body
contextledger.warm()
contextledger.fit(tiny_turn_body({fmt!r}, 300, seed=7), {model!r}, window={window})
d = tiny_turn_body({fmt!r}, {n}, seed={seed})
size = deep_size(d)
gc.collect()
if {traced}:
    tracemalloc.start()
    contextledger.fit(d, {model!r}, window={window}, max_output_tokens=4096)
    peak = tracemalloc.get_traced_memory()[1]
else:
    with open("/proc/self/status") as f:
        before = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) * 1024
    contextledger.fit(d, {model!r}, window={window}, max_output_tokens=4096)
    # (the process's peak RSS so far: an upper bound of the fit's, when an earlier one was higher)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
print(json.dumps(peak / size))
"""


#: (format, the model fitted for): the app's own dicts of each provider (``tiny_turn_body``)
_MEMORY_FORMATS = {
    "openai": "gpt-4o",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
    "openai-responses": "gpt-4o",
}


_BODY_NAMES = {"anthropic": "Anthropic", "gemini": "Gemini", "openai-responses": "Responses"}


def tiny_turn_memory() -> None:
    """Peak memory of cold fits of tiny-turn voice chats (``tiny_turn_chat``), most of the
    history kept at 128k, each in fresh processes (median of 3 seeds); the 12,000-turn chat
    at 128k also as an Anthropic, a Gemini and a Responses app holds it."""
    print("peak memory of a cold fit of a tiny-turn voice chat, / the input's size in memory:")
    rows = [("openai", 12_000, 32_000), ("openai", 12_000, 128_000), ("openai", 40_000, 128_000)]
    rows += [("anthropic", 12_000, 128_000), ("gemini", 12_000, 128_000)]
    rows += [("openai-responses", 12_000, 128_000)]  # (read whole: speed37's report)
    for fmt, n, window in rows:
        row = []
        for traced in (True, False):
            ratios = [
                json.loads(
                    subprocess.run(
                        [sys.executable, "-c", _MEMORY.format(
                            bench=str(BENCH_DIR), n=n, seed=seed, window=window, traced=traced,
                            fmt=fmt, model=_MEMORY_FORMATS[fmt],
                        )],
                        capture_output=True, text=True, check=True, env=installed_env(),
                    ).stdout.splitlines()[-1]
                )
                for seed in (1, 2, 3)
            ]  # fmt: skip
            row.append(f"{'tracemalloc' if traced else 'RSS'} {statistics.median(ratios):.2f}x")
        what = "" if fmt == "openai" else f", {_BODY_NAMES[fmt]} body"
        print(f"  {n:,} dicts at {window:,}{what}: {', '.join(row)}")
    shots = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", _SHOTS_MEMORY.format(seed=seed)],
                capture_output=True, text=True, check=True, env=installed_env(),
            ).stdout.splitlines()[-1]
        )
        for seed in (1, 2, 3)
    ]  # fmt: skip
    print(
        "  an Anthropic computer-use body, 1,000 tiny 1-bit screenshots in tool results (900 "
        f"over the 100-image limit), at 128,000: tracemalloc {statistics.median(shots):.2f}x"
    )
    first_long_fit_memory()
    stored_data_memory()


def stored_data_memory() -> None:
    """What the stored regular-expression data holds once read (``stored_entries``: where each
    entry lies, each entry read when asked for) against the whole file parsed and held (how
    it was read before session 57), both traced in this run, every entry read once."""
    from contextledger.lexicon.common import STORED_PATTERNS
    from contextledger.prefilter import TRANSLATIONS
    from contextledger.stored_entries import stored_entries

    for path in (STORED_PATTERNS, TRANSLATIONS):
        tracemalloc.start()
        stored = stored_entries(path)
        assert stored is not None
        for key in stored:
            stored.get(key)
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        tracemalloc.start()
        with open(path, encoding="utf-8") as f:
            whole = json.loads(f.read())
        parsed = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        del whole
        print(
            f"  {os.path.basename(path)} once read, every entry read once: {held / 1e3:,.0f} KB "
            f"held, against {parsed / 1e3:,.0f} KB for the whole file parsed ({held / parsed:.2f}x)"
        )


# A fresh process's first long fit of text in scripts whose o200k pieces are mostly merged
# (Thai, Amharic, Tamil, Georgian, Chinese, Japanese: each word a fresh draw of syllables, so
# the pieces seldom repeat), nothing warmed: only a one-message fit first (which reads the
# vocabulary, ~10 MB once per process, reported apart by ``first_fit_over_import``). Its peak
# against the input's size: the first long fit's one-time costs included (review47 measured
# 6.65x at 128k when the vocabulary was made a 16 MB dict inside this fit).
_FIRST_LONG_MEMORY = """
import json, random, resource, sys, tracemalloc
sys.path.insert(0, {bench!r})
import contextledger
from fit_unseen import _SYLLABLES
from memory_sizes import deep_size
rng = random.Random("first-long-{seed}")
def word(lang):
    lead, vowels, _ = _SYLLABLES[lang]
    return "".join(rng.choice(lead) + (rng.choice(vowels) if vowels else "") for _ in range(rng.randint(1, 4)))
def turn(lang, words):
    spaced = _SYLLABLES[lang][2]
    return " ".join((" " if spaced else "").join(word(lang) for _ in range(rng.randint(4, 14))) + "."
                    for _ in range(max(1, words // 9)))
d = [{{"role": "system", "content": "You help an operations team."}}]
for i in range({n} // 2):
    lang = ("th", "am", "ta", "ka", "zh", "ja")[i % 6]
    d.append({{"role": "user", "content": turn(lang, {scale} * rng.choice([4, 12, 40]))}})
    d.append({{"role": "assistant", "content": turn(lang, {scale} * rng.choice([10, 30, 100]))}})
contextledger.fit([{{"role": "user", "content": "hi"}}], "gpt-4o")
size = deep_size(d)
if {traced}:
    tracemalloc.start()
    contextledger.fit(d, "gpt-4o", window={window}, max_output_tokens=1000)
    peak = tracemalloc.get_traced_memory()[1]
else:
    with open("/proc/self/status") as f:
        before = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) * 1024
    contextledger.fit(d, "gpt-4o", window={window}, max_output_tokens=1000)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
from contextledger.pricing.text import _shared_counter
print(json.dumps([peak / size, _shared_counter("o200k_base")._encoding is not None]))
"""


def first_long_fit_memory() -> None:
    """Peak memory of a fresh process's first long fit of never-seen text in mostly-merged
    scripts (``_FIRST_LONG_MEMORY``), nothing warmed, median of 3 seeds, at 32k and 128k; and
    whether that fit outgrew the pure-Python counting and built the compiled tokenizer (its
    vocabulary, ~65 MB of RSS whichever tokenizer, is in the figure then)."""
    for window in (32_000, 128_000):
        row, built = [], set()
        for traced in (True, False):
            runs = [
                json.loads(
                    subprocess.run(
                        [sys.executable, "-c", _FIRST_LONG_MEMORY.format(
                            bench=str(BENCH_DIR), n=2_000, seed=seed, window=window, traced=traced,
                            scale=1,
                        )],
                        capture_output=True, text=True, check=True, env=installed_env(),
                    ).stdout.splitlines()[-1]
                )
                for seed in (1, 2, 3)
            ]  # fmt: skip
            built |= {compiled for _, compiled in runs}
            ratio = statistics.median(ratio for ratio, _ in runs)
            row.append(f"{'tracemalloc' if traced else 'RSS'} {ratio:.2f}x")
        tokenizer = {
            frozenset({False}): "counted in pure Python throughout",
            frozenset({True}): "it built the compiled tokenizer",
        }.get(frozenset(built), "some built the compiled tokenizer")
        print(
            "  a fresh process's first long fit (nothing warmed; a one-message fit first), 2,000 "
            f"never-seen dicts in Thai, Amharic, Tamil, Georgian, Chinese, Japanese at {window:,}: "
            f"{', '.join(row)} ({tokenizer})"
        )


# An Anthropic computer-use body (a step's text and a screenshot call, then its tool result
# holding one tiny 1-bit PNG, 1,000 times), fitted at 128k in a fresh process after a warm-up
# fit: every screenshot is kept but the 900 the 100-image limit replaces (speed53, speed62).
_SHOTS_MEMORY = """
import base64, gc, io, json, random, sys, tracemalloc
sys.path.insert(0, {bench!r})
from PIL import Image
import contextledger
from memory_sizes import deep_size
def body(n, seed):
    rng = random.Random(seed)
    turns = [{{"role": "user", "content": "File the claim."}}]
    for i in range(n):
        buf = io.BytesIO()
        Image.new("1", (rng.randint(8, 64), rng.randint(6, 48)), i % 2).save(buf, "PNG")
        data = base64.b64encode(buf.getvalue()).decode()
        turns.append({{"role": "assistant", "content": [{{"type": "text", "text": f"step {{i}}"}},
            {{"type": "tool_use", "id": f"toolu_{{i}}", "name": "computer",
             "input": {{"action": "screenshot", "n": i}}}}]}})
        turns.append({{"role": "user", "content": [{{"type": "tool_result", "tool_use_id": f"toolu_{{i}}",
            "content": [{{"type": "image", "source": {{"type": "base64", "media_type": "image/png",
                                                    "data": data}}}}]}}]}})
    turns += [{{"role": "assistant", "content": "Done."}}, {{"role": "user", "content": "and now?"}}]
    return {{"system": "You use a computer.", "messages": turns}}
contextledger.warm()
contextledger.fit(body(30, {seed} + 100), "claude-sonnet-4-5", window=128_000)
d = body(1_000, {seed})
size = deep_size(d)
gc.collect()
tracemalloc.start()
contextledger.fit(d, "claude-sonnet-4-5", window=128_000, max_output_tokens=4096)
print(json.dumps(tracemalloc.get_traced_memory()[1] / size))
""".replace("{bench!r}", repr(str(BENCH_DIR)))


# Requests of no session below, in several languages: the ones ``contextledger.warm()``
# classifies, here to compile what classifying requests needs once a process
# (``compiled_on_use`` patterns, RE2's prefilters) before the cold figures: reported apart,
# as the tokenizer's build is.
_SAMPLE_REQUESTS = warmup._SAMPLE_REQUESTS


def compile_classification() -> None:
    """Classify 10,000 sample requests (``intent.steering_requests``, as a fit does), then
    compile every pattern of the classification compiled on first use: the samples' eight
    languages do not reach all of them (a first cold session in Indonesian or Hungarian
    compiled the grammar's patterns inside its timed fit, ~0.2 s: speed19)."""
    from contextledger import intent
    from contextledger.lexicon import common
    from contextledger.lexicon import intent as lexicon

    intent.steering_requests(_SAMPLE_REQUESTS * 1_000)
    for module in (intent, lexicon):
        for value in vars(module).values():
            if isinstance(value, common._CompiledOnUse):
                value.flags  # noqa: B018 (the first attribute read compiles it)


def warm_classification() -> None:
    """Compile what classifying requests needs (``compile_classification``), then classify
    10,000 sample requests as a fit does: the first's excess over the second is the one-time
    compile, printed apart."""
    from contextledger.intent import steering_requests

    sample = _SAMPLE_REQUESTS * 1_000
    first, second = (
        clocked(compile_classification)[1],
        clocked(lambda: steering_requests(sample))[1],
    )
    # (the first long session's fit above compiled the patterns it met: what is left may be
    # within the noise of the two timings, and a difference below zero is noise, not a cost)
    left = f"{(first - second) * 1e3:.0f} ms CPU" if first > second else "nothing measurable"
    print(
        f"  one-time, this process: compiling what is left of the request classification's "
        f"patterns: {left} (compiling them all and classifying 10,000 sample requests took "
        f"{first * 1e3:.0f} ms, classifying them again {second * 1e3:.0f} ms; not in the figures "
        "below)"
    )


def huge_paste() -> None:
    from contextledger.errors import BudgetError

    print("\nhuge paste (gpt-4o, window 128,000), CPU seconds:")
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "run", "arguments": '{"cmd": "cat build.log"}'},
    }
    for mb in (12.5, 50):
        # A dump nothing repeats in: base64 of random bytes, 76 characters a line (the
        # tokenizer's worst case: long runs without spaces).
        raw = random.Random(int(mb)).randbytes(int(mb * 1e6) * 3 // 4)
        text = base64.encodebytes(raw).decode()
        shapes = {
            "old message (dropped)": [
                {"role": "user", "content": text},
                {"role": "assistant", "content": "noted"},
                {"role": "user", "content": "what next?"},
            ],
            "newest tool output (shrunk)": [
                {"role": "user", "content": "show me the build log"},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c1", "content": text},
            ],
            "current request (refused)": [{"role": "user", "content": text}],
        }
        for name, msgs in shapes.items():
            gc.collect()
            t = time.process_time()
            try:
                outcome = f"used {fit(msgs, 'gpt-4o').report.used:,} tokens"
            except BudgetError as exc:
                bound = "at least " if "at least" in str(exc) else ""
                outcome = f"BudgetError, needs {bound}{exc.needed:,} tokens"
            print(f"  {mb:5} MB {name:29} {time.process_time() - t:6.2f} s  ({outcome})")


def clocked(fn: Callable[[], Any]) -> tuple[float, float]:
    """(wall, CPU) seconds of one call, after a collection (see the module doc)."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def medians(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def langchain_trim(msgs: list[dict[str, Any]], budget: int) -> Any:
    from langchain_core.messages import trim_messages
    from langchain_core.messages.utils import convert_to_messages, count_tokens_approximately

    return trim_messages(
        convert_to_messages(msgs),
        max_tokens=budget,
        token_counter=count_tokens_approximately,
        strategy="last",
        include_system=True,
        start_on="human",
    )


def _tool_call(cid: str, i: int) -> dict[str, Any]:
    call = {"id": cid, "type": "function",
            "function": {"name": "run_shell", "arguments": f'{{"cmd": "tail -n {i + 20} build.log"}}'}}  # fmt: skip
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def _user_text(rng: random.Random, i: int, window: int) -> dict[str, Any]:
    return {
        "role": "user",
        "content": f"Und jetzt? Next step {i} — run the tests again ✓ {rng.random()}",
    }


def _user_screenshot(rng: random.Random, i: int, window: int) -> dict[str, Any]:
    url = screenshot(rng, window * 100 + i)
    return {"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}


def _assistant_text(rng: random.Random, i: int, window: int) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": f"Step {i}: the cache now answers in {rng.randint(2, 90)} ms.",
    }


def _tool_result(rng: random.Random, i: int, window: int) -> dict[str, Any]:
    lines = "\n".join(f"[{j}] built target_{rng.getrandbits(24):x} ✓" for j in range(20))
    return {"role": "tool", "tool_call_id": f"call_kind_{window}_{i}", "content": lines}


def _call_before_result(rng: random.Random, i: int, window: int) -> dict[str, Any]:
    return _tool_call(f"call_kind_{window}_{i}", i)


#: What a refit is timed after, one dict appended in place, in this order: each kind's
#: maker. The user's text was the only kind timed before; a screenshot alone is a user
#: request too (the pins are made again), and an agent's appends are assistant turns, tool
#: calls fitted before their result is in (the request sent with the call answered as
#: interrupted, reported) and the results that answer them next.
_APPENDED: dict[str, Callable[[random.Random, int, int], dict[str, Any]]] = {
    "a user's text": _user_text,
    "a user's screenshot alone": _user_screenshot,
    "an assistant's text": _assistant_text,
    "a tool call, no result yet": _call_before_result,
    "a tool result": _tool_result,
}


def measure(window: int, make: Session, seed0: int = 0) -> tuple[float, float, float]:
    """Print one window's rows; return the cold ratios (LangChain's CPU / ours): the lowest,
    the median and the highest over the 3 cold sessions (seeds from ``seed0 + window``)."""
    model = "gpt-4o"
    reserve = 4096
    budget = window - reserve
    seeds_at = seed0 + window
    seeds = iter(range(seeds_at, seeds_at + 100))

    cold = []
    ratios = []  # LangChain's CPU on the same session / ours, each session
    for _ in range(3):
        fresh = make(seed=next(seeds))  # never seen: new texts, new images
        cold.append(clocked(lambda: fit(fresh, model, window=window, max_output_tokens=reserve)))  # noqa: B023
        lc_cold = medians([clocked(lambda: langchain_trim(fresh, budget)) for _ in range(3)])  # noqa: B023
        ratios.append(lc_cold[1] / cold[-1][1])
        print(f"  cold: {describe(fresh)}: ours {cold[-1][1] * 1e3:.0f} ms CPU, LangChain "
              f"{lc_cold[1] * 1e3:.0f} ms: {ratios[-1]:.2f}x")  # fmt: skip

    # the same sessions, each cold in a process of its own (R17-M6: the cold figures above
    # are new content in a process that has fitted a session of the same shape before)
    firsts = [fresh_cold(make, seed, window, reserve) for seed in range(seeds_at, seeds_at + 3)]
    for f in firsts:
        print(
            f"  fresh process: import {f['import'] * 1e3:.0f} ms, one-time loads "
            f"{(f['tokenizer'] + f['classification']) * 1e3:.0f} ms (tokenizer "
            f"{f['tokenizer'] * 1e3:.0f}, request classification {f['classification'] * 1e3:.0f}; "
            f"LangChain's first call {f['lc_first'] * 1e3:.0f}), then the cold fit "
            f"{f['fit'] * 1e3:.0f} ms CPU, LangChain {f['lc'] * 1e3:.0f} ms: "
            f"{f['lc'] / f['fit']:.2f}x"
        )
    fresh_ratios = sorted(f["lc"] / f["fit"] for f in firsts)

    msgs = fresh  # the app's own list, fitted once by the Fitter (not timed)
    fitter = Fitter(model, window=window, max_output_tokens=reserve)
    report = fitter.fit(msgs).report
    rng = random.Random(window)
    # one dict of each kind appended in place, each with new content, timed after it
    kinds: dict[str, list[tuple[float, float]]] = {kind: [] for kind in _APPENDED}
    for i in range(9):
        for kind, made in _APPENDED.items():
            msgs.append(made(rng, i, window))
            kinds[kind].append(clocked(lambda: fitter.fit(msgs)))
    turn = []
    for i in range(5):
        call = {
            "id": f"call_new_{i}",
            "type": "function",
            "function": {"name": "run_shell", "arguments": f'{{"cmd": "pytest -q -k case_{i}"}}'},
        }
        msgs.append({"role": "assistant", "content": None, "tool_calls": [call]})
        msgs.append({"role": "tool", "tool_call_id": call["id"], "content": f"{i} passed ✓\n" * 30})
        msgs.append({"role": "user", "content": f"Très bien — ahora el paso {i} 🚀 {rng.random()}"})
        turn.append(clocked(lambda: fitter.fit(msgs)))
    removed = []  # a user's dict taken out at 60 % of the list (spliced out, speed55)
    for _ in range(5):
        at = next(
            j
            for j in range(len(msgs) * 3 // 5, len(msgs))
            if msgs[j]["role"] == "user" and type(msgs[j]["content"]) is str
        )
        del msgs[at]
        removed.append(clocked(lambda: fitter.fit(msgs)))
    slid = []  # a sliding window: the oldest turn after the system prompt dropped
    for _ in range(5):
        users = [j for j, d in enumerate(msgs) if d["role"] == "user"]
        del msgs[users[0] : users[1]]
        slid.append(clocked(lambda: fitter.fit(msgs)))

    lc = medians([clocked(lambda: langchain_trim(msgs, budget)) for _ in range(5)])
    fresh = make(seed=next(seeds))
    gc.collect()
    tracemalloc.start()
    fit(fresh, model, window=window, max_output_tokens=reserve)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"\nwindow {window:,} (budget {budget:,}); kept {len(report.kept):,} messages, "
        f"used {report.used:,} tokens ({report.image_tokens:,} image)"
    )
    print(f"  {'':56} {'wall ms':>8}  {'CPU ms':>8}   LangChain's CPU / ours")
    rows = [
        ("contextledger fit, cold, never-seen dicts", medians(cold)),
        *((f"contextledger refit, +1 dict: {kind}", medians(kinds[kind])) for kind in kinds),
        ("contextledger refit, a turn (3 dicts) appended", medians(turn)),
        ("contextledger refit, 1 dict removed mid-history", medians(removed)),
        ("contextledger refit, the oldest turn dropped", medians(slid)),
    ]
    for name, (w, c) in rows:
        if "cold" in name:  # each cold session against LangChain on that same session
            print(f"  {name:56} {w * 1e3:8.1f}  {c * 1e3:8.1f}   {statistics.median(ratios):6.2f}x")
            ours = statistics.median(f["fit"] for f in firsts)
            name = "  the same sessions, each in a fresh process"
            print(f"  {name:56} {'':8}  {ours * 1e3:8.1f}   {fresh_ratios[1]:6.2f}x")
            continue
        print(
            f"  {name:56} {w * 1e3:8.1f}  {c * 1e3:8.1f}   {lc[1] / c:6.2f}x  ({lc[0] / w:.2f}x wall)"
        )
    name = "langchain trim_messages(convert_to_messages)"
    print(f"  {name:56} {lc[0] * 1e3:8.1f}  {lc[1] * 1e3:8.1f}")
    ratio = peak / deep_size(fresh)
    print(f"  peak memory during a cold fit: {peak / 1e6:.1f} MB = {ratio:.2f}x the input")
    ratios.sort()
    print(f"  cold, each of the 3 sessions: {', '.join(f'{r:.2f}x' for r in ratios)}")
    print(f"  cold in a fresh process, each: {', '.join(f'{r:.2f}x' for r in fresh_ratios)}")
    return ratios[0], ratios[1], ratios[-1]


if __name__ == "__main__":
    main()

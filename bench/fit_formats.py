"""Refit from Anthropic, Gemini and Responses dicts (a section of ``bench_fit.py``).

The multilingual agent session (``fit_sessions.multilingual_session``: 10,001 OpenAI Chat
dicts, 500 distinct screenshots) written in each provider's own format by ``translate``:
Anthropic ``{"system", "messages"}`` (a user turn holding several tool results is one dict
there, several Messages here), Gemini ``{"system_instruction", "contents"}`` (function calls
without ids, answered by name, as Gemini may send them) and a Responses ``input`` list (an
assistant turn is several items there, one Message here). Each is fitted for a model that
takes that format. Per format and window, in one run:

* **cold**: ``fit(body, ...)`` on a session never seen before in this process (a new
  seed), its tokenizer loaded; one session;
* **refit**: a ``Fitter`` kept per conversation, fitted once on that body (not timed), then
  after the app appends a turn (the model's answer and the next request) to its list in
  place; median of 9;
* **LangChain**: ``trim_messages(convert_to_messages(dicts))`` on the same session's OpenAI
  Chat dicts (as in ``bench_fit.py``; LangChain reads OpenAI dicts), median of 3.

Then ``refit_native_shapes``: sessions written in a provider's own format, not translated
from Chat (``native_sessions.py``: a data-pipeline agent's Responses items, an Anthropic
refactoring agent with extended thinking, and that agent as a Gemini body holds it), fitted
once by a ``Fitter`` (not timed), then fed the app's list after each of the session's next 9
items is appended in place, one at a time (a reasoning item, a call, its output, the answer:
the list often ends with a call whose result is not in yet); the median of the 9; then
after each of 9 edits in place of an earlier item (a text of one at half the list), the
median of the 9; against LangChain on the session's OpenAI Chat dicts (``translate``),
median of 3.

CPU time of this process (the machine is shared); ratios are of figures from the same run.
Run alone: ``.venv/bin/python bench/fit_formats.py``.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

from contextledger.fit import Fitter, fit
from contextledger.providers import read_messages, translate
from fit_sessions import multilingual_session
from native_sessions import anthropic_thinking_agent, responses_agent_items

#: format → (a model served in it, the body's list key)
FORMATS = {
    "anthropic": ("claude-sonnet-4-5", "messages"),
    "gemini": ("gemini-2.5-flash", "contents"),
    "openai-responses": ("gpt-4o", "input"),
}
RESERVE = 4096


def cpu(fn: Callable[[], Any]) -> float:
    gc.collect()
    t = time.process_time()
    fn()
    return time.process_time() - t


def body_in(fmt: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The session of ``seed`` in ``fmt``, and its OpenAI Chat dicts."""
    dicts = multilingual_session(seed=seed)
    body = translate(read_messages(dicts), fmt, validate=False).body  # type: ignore[arg-type]
    if fmt == "gemini":  # Gemini may omit call ids: its responses answer calls by name
        for content in body["contents"]:
            for part in content["parts"]:
                for key in ("function_call", "function_response"):
                    if key in part:
                        part[key].pop("id", None)
    return body, dicts


def a_turn(fmt: str, i: int) -> list[dict[str, Any]]:
    """The model's answer and the next request, as the app appends them."""
    answer, request = f"Erledigt — step {i} done ✓", f"Très bien — ahora el paso {i} 🚀"
    if fmt == "gemini":
        return [
            {"role": "model", "parts": [{"text": answer}]},
            {"role": "user", "parts": [{"text": request}]},
        ]
    if fmt == "openai-responses":
        return [
            {"type": "message", "role": "assistant", "content": answer},
            {"type": "message", "role": "user", "content": request},
        ]
    return [{"role": "assistant", "content": answer}, {"role": "user", "content": request}]


def langchain(dicts: list[dict[str, Any]], budget: int) -> float:
    from langchain_core.messages import trim_messages
    from langchain_core.messages.utils import convert_to_messages, count_tokens_approximately

    def run() -> Any:
        return trim_messages(
            convert_to_messages(dicts),
            max_tokens=budget,
            token_counter=count_tokens_approximately,
            strategy="last",
            include_system=True,
            start_on="human",
        )

    return statistics.median(cpu(run) for _ in range(3))


def refit_in_other_formats(windows: tuple[int, ...] = (32_000, 128_000)) -> None:
    print("\nrefit from each provider's own dicts (multilingual session), CPU ms:")
    print(
        f"  {'format':17} {'window':>7} {'cold':>7} {'refit':>7}  {'cold/refit':>10}  "
        f"{'LangChain/refit':>15}"
    )
    seed = 7_000
    for window in windows:
        for fmt, (model, key) in FORMATS.items():
            seed += 1
            never_seen, _ = body_in(fmt, seed)
            cold = cpu(lambda: fit(never_seen, model, window=window, max_output_tokens=RESERVE))  # noqa: B023
            body, dicts = body_in(fmt, seed + 500)
            fitter = Fitter(model, window=window, max_output_tokens=RESERVE)
            fitter.fit(body)
            refits = []
            for i in range(9):
                body[key] += a_turn(fmt, i)
                refits.append(cpu(lambda: fitter.fit(body)))  # noqa: B023
            refit = statistics.median(refits)
            lc = langchain(dicts, window - RESERVE)
            print(
                f"  {fmt:17} {window:7,} {cold * 1e3:7.1f} {refit * 1e3:7.1f}  "
                f"{cold / refit:9.1f}x  {lc / refit:14.1f}x"
            )


def gemini_agent(seed: int) -> dict[str, Any]:
    """The Anthropic agent (``anthropic_thinking_agent``) as a Gemini body holds it: a
    model turn of its text and function calls, a user turn of their responses."""
    body = anthropic_thinking_agent(seed=seed)
    return translate(read_messages(body), "gemini", validate=False).body  # type: ignore[no-any-return]


#: name → (the session, the model fitted for, the body's list key: None, the list itself)
NATIVE: dict[str, tuple[Callable[..., Any], str, str | None]] = {
    "Responses items": (responses_agent_items, "gpt-4o", None),
    "Anthropic thinking": (anthropic_thinking_agent, "claude-sonnet-4-5", "messages"),
    "Gemini contents": (gemini_agent, "gemini-2.5-flash", "contents"),
}
APPENDED = 9  # items appended one at a time, each followed by a refit


def _edit_a_text(item: dict[str, Any], mark: str) -> bool:
    """The first text of ``item`` (at any depth) edited in place; False: it holds none."""
    stack: list[Any] = [item]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key in ("text", "content", "output", "thinking"):
                if isinstance(node.get(key), str) and node[key]:
                    node[key] += mark
                    return True
            stack.extend(v for v in node.values() if isinstance(v, dict | list))
        elif isinstance(node, list):
            stack.extend(reversed(node))
    return False


def refit_native_shapes(windows: tuple[int, ...] = (32_000, 128_000)) -> None:
    print(
        f"\nrefit of sessions written in their own format, one item appended in place "
        f"(median of {APPENDED}), CPU ms:"
    )
    print(
        f"  {'session':19} {'items':>6} {'window':>7} {'refit':>7}  {'LangChain/refit':>15}  "
        f"{'edit':>7}  {'LangChain/edit':>14}"
    )
    seed = 9_000
    for window in windows:
        for name, (make, model, key) in NATIVE.items():
            seed += 1
            body = make(seed=seed)
            items: list[dict[str, Any]] = body if key is None else body[key]
            dicts = translate(read_messages(body), "openai", validate=False).body["messages"]
            coming = items[-APPENDED:]
            del items[-APPENDED:]
            fitter = Fitter(model, window=window, max_output_tokens=RESERVE)
            fitter.fit(body)
            refits = []
            for item in coming:
                items.append(item)
                refits.append(cpu(lambda: fitter.fit(body)))  # noqa: B023
            refit = statistics.median(refits)
            # then an earlier item edited in place (a text of one at half the list), each
            # edit followed by a refit
            edits = []
            for i in range(APPENDED):
                at = len(items) // 2 + i
                while not _edit_a_text(items[at], f" (edited {i})"):
                    at += 1
                edits.append(cpu(lambda: fitter.fit(body)))  # noqa: B023
            edit = statistics.median(edits)
            lc = langchain(dicts, window - RESERVE)
            print(
                f"  {name:19} {len(items):6,} {window:7,} {refit * 1e3:7.1f}  {lc / refit:14.1f}x  "
                f"{edit * 1e3:7.1f}  {lc / edit:13.1f}x"
            )


if __name__ == "__main__":
    from contextledger.pricing.text import warm

    warm("o200k_base")
    refit_in_other_formats()
    refit_native_shapes()

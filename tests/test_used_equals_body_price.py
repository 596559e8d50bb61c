"""``report.used`` with ``target=`` equals ``price_request`` of the translated body (README).

R29-P4: on Gemini, a history whose user turns the writer joins shifted the turn numbers in
the call ids the Gemini reader makes up (``gemini-call-<turn>-<k>``), and both sides priced
those ids, which the Gemini writer never sends: used ran 2–16 tokens over the body's price.
R29-P3: on Anthropic, a blank first system block with the cache mark was priced although
the writer leaves it out (used 17, the body 16).
"""

from __future__ import annotations

import pytest

from contextledger import fit, translate
from contextledger.pricing.messages import Pricer, price_request

LOG = "\n".join(
    f"2026-12-0{i % 3 + 1}T0{i % 10}:42:33Z INFO [path-planner] seq={5355504 + 7919 * i} "
    f"dur={i % 40}.{i % 97:02d}ms q={i * 37 % 200}"
    for i in range(50)
)


def _gemini_history(exchanges: int) -> list[dict[str, object]]:
    contents: list[dict[str, object]] = [
        {"role": "user", "parts": [{"text": "Make the lidar export idempotent."}]},
        {"role": "user", "parts": [{"text": "thanks, go on"}]},  # (joined with the first)
    ]
    for k in range(exchanges):
        contents += [
            {"role": "model", "parts": [{"functionCall": {"name": "execute_bash",
                                                          "args": {"input": f"rg -n sched{k} fw"}}}]},
            {"role": "user", "parts": [{"functionResponse": {"name": "execute_bash",
                                                             "response": {"output": LOG}}}]},
            {"role": "model", "parts": [{"text": f"Step {k} done."}]},
            {"role": "user", "parts": [{"text": "ok"}]},
        ]  # fmt: skip
    return contents


@pytest.mark.parametrize("exchanges", [3, 6, 12])
def test_gemini_used_equals_the_price_of_the_body_sent(exchanges: int) -> None:
    model = "gemini-2.5-flash"
    history = {"contents": _gemini_history(exchanges)}
    res = fit(history, model, window=1_000_000, max_output_tokens=1000, target="gemini")
    body = translate(res.messages, "gemini", model=model).body
    assert res.report.used == price_request(body, model, "gemini").total


def test_an_id_the_gemini_reader_made_up_is_not_priced_for_gemini() -> None:
    """The writer sends none (``providers.gemini``: a generated id stays out of the body)."""
    from contextledger.providers.gemini import GENERATED_ID

    pricer = Pricer.for_model("gemini-2.5-flash", wire="gemini")
    assert pricer._id(f"{GENERATED_ID}12-0") == 0
    assert pricer._id("call_abc") > 0  # (a real id is sent, and billed)
    assert Pricer.for_model("gpt-4o", wire="openai")._id(f"{GENERATED_ID}12-0") > 0


@pytest.mark.parametrize(
    "system",
    [
        [{"type": "text", "text": " ", "cache_control": {"type": "ephemeral"}},
         {"type": "text", "text": "You are X."}],
        [{"type": "text", "text": "A rule."},
         {"type": "text", "text": "\n\n", "cache_control": {"type": "ephemeral"}},
         {"type": "text", "text": "Another rule."}],
        [{"type": "text", "text": "", "cache_control": {"type": "ephemeral"}},
         {"type": "text", "text": "You are X."}],
    ],
)  # fmt: skip
def test_anthropic_used_equals_the_body_with_a_blank_cached_system_block(
    system: list[dict[str, object]],
) -> None:
    model = "claude-sonnet-4-5"
    req = {"system": system, "messages": [{"role": "user", "content": "hi"}]}
    res = fit(req, model, window=10_000, max_output_tokens=100, target="anthropic")
    body = translate(res.messages, "anthropic", model=model).body
    assert res.report.used == price_request(body, model, "anthropic").total


_SHAPES = [(t, c) for t in ("", " ", "\n", "Keep answers short.") for c in (False, True)]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_anthropic_used_equals_the_body_for_every_system_block_shape(n: int) -> None:
    """Every run of n blocks, blank or not, cached or not (the writer's block form drops the
    blanks and may lose the mark: then the blocks are read back, and billed, as one text)."""
    import itertools

    model = "claude-sonnet-4-5"
    for shape in itertools.product(_SHAPES, repeat=n):
        system = [
            {"type": "text", "text": t, **({"cache_control": {"type": "ephemeral"}} if c else {})}
            for t, c in shape
        ]
        if not any(t.strip() for t, _ in shape):
            continue  # (no prompt at all: tested above)
        req = {"system": system, "messages": [{"role": "user", "content": "hi"}]}
        res = fit(req, model, window=10_000, max_output_tokens=100, target="anthropic")
        body = translate(res.messages, "anthropic", model=model).body
        assert res.report.used == price_request(body, model, "anthropic").total, shape

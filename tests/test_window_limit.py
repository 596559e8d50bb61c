"""A window above the model's own is refused: budgeting a million tokens for a 128k model
gets a 400 ``context_length_exceeded`` from the provider. A smaller one reserves room."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import openai
import pytest
from click.testing import CliRunner

from contextledger.catalog import Catalog, lookup_model
from contextledger.cli import main
from contextledger.errors import ArgumentError, WindowError
from contextledger.fit import Fitter, fit
from contextledger.prepare import Preparer
from serve_harness import running_proxy
from stub_server import StubServer
from test_serve import oai

MSGS = [{"role": "user", "content": "hello"}]


@pytest.mark.parametrize(
    ("model", "real"),
    [
        ("gpt-4o", 128_000),
        ("gpt-4o-2024-08-06", 128_000),  # a dated id: its family's window
        ("openrouter/openai/gpt-4o", 128_000),  # a routed id
        ("claude-haiku-4-5@20251001", 200_000),  # Vertex
    ],
)
def test_a_window_above_the_models_is_refused_saying_the_real_one(model: str, real: int) -> None:
    with pytest.raises(WindowError) as raised:
        fit(MSGS, model, window=1_000_000)
    err = raised.value
    assert isinstance(err, ArgumentError)  # (a bad argument, as window="8k" is)
    assert (err.window, err.model_window) == (1_000_000, real)
    assert f"{real:,}" in str(err) and "1,000,000" in str(err)
    with pytest.raises(WindowError):
        Fitter(model, window=real + 1)
    with pytest.raises(WindowError):
        Preparer(model, window=real + 1)


def test_the_models_window_or_less_is_allowed() -> None:
    for window in (128_000, 8_000):  # a smaller window reserves room
        assert fit(MSGS, "gpt-4o", window=window).report.window == window
        assert Preparer("gpt-4o", window=window).fitter.window == window


def test_an_unknown_model_with_a_window_is_still_estimated() -> None:
    res = fit(MSGS, "acme-chat-9", window=1_000_000)
    assert res.report.estimated and res.report.window == 1_000_000


def test_a_larger_window_is_taken_once_the_catalog_says_so() -> None:
    """The opt-in: a deployment with a larger window (a long-context beta) is told to the
    catalog, the one place a model's window is known."""
    catalog = Catalog.default().copy()
    catalog.override("claude-sonnet-4-5", context_window=1_000_000)
    res = fit(MSGS, "claude-sonnet-4-5", window=1_000_000, catalog=catalog)
    assert res.report.window == 1_000_000
    big = replace(lookup_model("claude-sonnet-4-5"), context_window=1_000_000)
    assert Fitter(big, window=1_000_000).window == 1_000_000


def test_the_cli_refuses_it_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(MSGS))
    out = CliRunner().invoke(main, ["fit", str(path), "-m", "gpt-4o", "--window", "1000000"])
    assert out.exit_code == 2
    assert "Traceback" not in out.output
    assert "128,000" in out.output and "--window" in out.output


def test_the_proxys_window_is_a_cap_a_smaller_model_keeps_its_own(tmp_path: Path) -> None:
    """One proxy serves many models: ``--window 500000`` fits a 1M-token model into 500k
    and a 128k model into its own 128k, rather than refusing every request for it."""
    with (
        StubServer() as stub,
        running_proxy(store=tmp_path / "s.db", openai_upstream=stub.url, window=500_000) as proxy,
    ):
        client = oai(proxy)
        reply = client.chat.completions.create(model="gpt-4o", messages=MSGS, max_tokens=50)  # type: ignore[arg-type]
        assert reply.choices[0].message.content
        assert len(stub.completions()) == 1


def test_the_proxy_refuses_an_unknown_model_even_with_a_window(tmp_path: Path) -> None:
    with (
        StubServer() as stub,
        running_proxy(store=tmp_path / "s.db", openai_upstream=stub.url, window=8_000) as proxy,
    ):
        with pytest.raises(openai.BadRequestError) as raised:
            oai(proxy).chat.completions.create(model="gpt-4oo", messages=MSGS, max_tokens=50)  # type: ignore[arg-type]
        assert stub.completions() == []
    assert "gpt-4o" in str(raised.value)

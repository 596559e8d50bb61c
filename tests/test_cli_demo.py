"""``contextledger demo`` runs offline, end to end, and shows every section of the tour."""

from __future__ import annotations

import socket
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from contextledger.cli import main
from contextledger.cli.demo import SECTIONS, _prepare

HEADERS = (
    "contextledger demo",
    "1. One content model, every provider's wire format",
    "2. The vision gate",
    "3. Normalize and store",
    "4. Price every block as the provider bills it",
    "5. Fit into a 12,000-token window, three models",
    "6. Compact old turns into a recap, and verify it before it stands",
    "done in",
)


@pytest.fixture(scope="module")
def demo_output(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Run the demo once with the network blocked and a private temp directory."""
    tmp = tmp_path_factory.mktemp("demo-tmp")
    mp = pytest.MonkeyPatch()

    def no_network(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the demo must not touch the network")

    mp.setattr(socket.socket, "connect", no_network)
    mp.setattr(socket, "create_connection", no_network)
    mp.setattr(tempfile, "tempdir", str(tmp))
    try:
        result = CliRunner().invoke(main, ["demo"], catch_exceptions=False, env={"COLUMNS": "80"})
    finally:
        mp.undo()
    assert result.exit_code == 0, result.output
    assert list(Path(tmp).iterdir()) == [], "the demo left files behind"
    wide = [line for line in result.output.splitlines() if len(line) > 80]
    assert wide == [], "the tour must read at 80 columns"
    return " ".join(result.output.split())  # the phrases below, wherever a line wrapped


@pytest.mark.parametrize("header", HEADERS)
def test_every_section_header_appears(demo_output: str, header: str) -> None:
    assert header in demo_output


def test_sections_show_their_results(demo_output: str) -> None:
    out = demo_output
    # 3. the 4K screenshot is normalized and priced before/after on both models
    assert "3840×2160 → 2000×1125" in out
    assert "claude-opus-4-7" in out and "gpt-4o" in out
    assert "no repairs needed" in out
    for kind in (
        "malformed_call_removed",
        "duplicate_call_id",
        "orphan_result",
        "synthesized_result",
    ):
        assert kind in out
    assert "tool-pair problems left: 0" in out
    assert "repairing again changes nothing" in out
    # 4. three providers and the naive count
    assert "gemini-2.5-flash" in out and "naive len(json)/4" in out
    # 5. every fit is exact, valid and keeps the newest message
    assert "✗" not in out.split("5. Fit")[1].split("6. Compact")[0]
    assert "claude-sonnet-4-6" in out
    # 6. the recap is verified, and the invented facts are caught
    assert "the recap (offline summarizer)" in out
    assert "Goal:" in out and "Commands run:" in out  # the structured recap
    assert "src/dashboard/legacy_cache.py" in out
    assert "removed:" in out
    assert "recap is rejected" in out


def test_prepare_section_shows_budget_equals_sent() -> None:
    from rich.console import Console

    from contextledger.examples import load_example_payload
    from contextledger.providers import read_messages

    console = Console(record=True, width=110)
    assert SECTIONS[-1] is _prepare
    _prepare(console, read_messages(load_example_payload()))
    out = console.export_text()
    assert "7. One call" in out and "✗" not in out and out.count("✓") == 2
    assert "gives the same request" in out

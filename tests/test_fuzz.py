"""Fuzz suite: whatever the input, a result or a typed contextledger error — nothing else.

Seeded and bounded (a few seconds in CI). A local campaign scales it up with new seeds:
``FUZZ_SCALE=200 FUZZ_SEED=random .venv/bin/python -m pytest tests/test_fuzz.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from contextledger.cli import main
from contextledger.errors import ContextLedgerError
from contextledger.images.probe import probe_image
from contextledger.providers import FORMATS, read_messages, translate
from contextledger.repair import repair
from contextledger.storage.codec import dumps_messages, loads_messages, message_from_dict
from fuzzing import (
    fuzz_settings,
    hostile_image_bytes,
    hostile_internal,
    hostile_payloads,
    hostile_values,
)


def _typed_or_result(call: Any, *args: Any, **kwargs: Any) -> Any:
    """Run ``call``: a result, or a ContextLedgerError with a message; any other exception fails."""
    try:
        return call(*args, **kwargs)
    except ContextLedgerError as exc:
        assert str(exc), "a typed error must say what was wrong"
        return None


@pytest.mark.parametrize("fmt", FORMATS)
@fuzz_settings(60)
@given(data=st.data())
def test_readers_and_writers_raise_only_typed_errors(fmt: str, data: st.DataObject) -> None:
    _, payload = data.draw(hostile_payloads(fmt))
    for source in (None, fmt):
        messages = _typed_or_result(read_messages, payload, source)
        if messages is not None:
            for target in FORMATS:
                _typed_or_result(translate, messages, target)


@fuzz_settings(80)
@given(data=st.data())
def test_repair_raises_only_typed_errors(data: st.DataObject) -> None:
    _, payload = data.draw(hostile_payloads())
    for dangling in ("synthesize", "remove"):
        _typed_or_result(repair, payload, dangling=dangling)


@fuzz_settings(30)
@given(value=hostile_values())
def test_public_entry_points_take_any_value(value: Any) -> None:
    for call in (read_messages, repair, loads_messages, message_from_dict):
        _typed_or_result(call, value)
    _typed_or_result(translate, value, "anthropic")


@fuzz_settings(60)
@given(raw=hostile_internal())
def test_storage_codec_raises_only_typed_errors(raw: Any) -> None:
    try:
        text = json.dumps(raw)
    except (ValueError, RecursionError):  # too long an integer, too deep: not JSON text
        text = "[]"
    messages = _typed_or_result(loads_messages, text)
    if messages is not None:
        again = loads_messages(dumps_messages(messages))
        assert again == messages
    for item in raw if isinstance(raw, list) else [raw]:
        _typed_or_result(message_from_dict, item)


@fuzz_settings(150)
@given(data=hostile_image_bytes())
def test_probe_raises_only_typed_errors(data: bytes) -> None:
    info = _typed_or_result(probe_image, data)
    if info is not None:
        assert info.width > 0 and info.height > 0


_COMMANDS = [
    ["convert", "{f}", "--to", "anthropic"],
    ["convert", "{f}", "--to", "gemini", "--model", "gpt-4o"],
    ["fit", "{f}", "-m", "gpt-4o", "--json"],
    ["repair", "{f}", "--json"],
    ["compact", "{f}"],
]


@fuzz_settings(12)
@given(data=st.data())
def test_cli_never_shows_a_traceback(tmp_path_factory: Any, data: st.DataObject) -> None:
    _, payload = data.draw(hostile_payloads())
    try:
        text = json.dumps(payload)
    except (ValueError, RecursionError):  # too long an integer, too deep: not a JSON file
        return
    path: Path = tmp_path_factory.mktemp("fuzz") / "conv.json"
    path.write_text(text, encoding="utf-8")
    command = data.draw(st.sampled_from(_COMMANDS))
    res = CliRunner().invoke(main, [a.replace("{f}", str(path)) for a in command])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code in (0, 1, 2)
    assert "Traceback" not in res.output
    assert "please report" not in res.output, res.output

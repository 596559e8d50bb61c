"""A write's gist leaves out a receipt that tells nothing the call does not (the path again,
its size, "Done!"): at 16k the gists' cap was full of ~64-token lines, ~15 tokens of each
the receipt. A receipt with what the call did not hold (the id it made) is kept."""

from __future__ import annotations

import json

import pytest

from contextledger.fit.gists import WROTE, exchange_gist
from contextledger.model import Message, ToolCall


def _wrote(name: str, args: dict[str, object], output: str) -> str:
    call = ToolCall("c1", name, json.dumps(args))
    gist = exchange_gist([Message("assistant", (call,)), Message.tool("c1", output)])
    assert gist is not None and gist.rank == WROTE
    return gist.text


@pytest.mark.parametrize(
    "receipt",
    [
        "Successfully wrote 2,481 bytes to infra/alerts/disk.rules.yml",
        "wrote infra/alerts/disk.rules.yml (44 lines)",
        "File created: `infra/alerts/disk.rules.yml` (2.4 KB)",
        "Done!",
        "OK",
    ],
)
def test_a_receipt_that_repeats_the_path_is_left_out(receipt: str) -> None:
    text = _wrote(
        "write_file", {"path": "infra/alerts/disk.rules.yml", "content": "x: 1\n" * 44}, receipt
    )
    assert "infra/alerts/disk.rules.yml" in text
    assert receipt not in text


@pytest.mark.parametrize(
    ("args", "receipt"),
    [
        ({"title": "Rotate the TLS cert of edge-4"}, "Created ticket OPS-7781"),
        (
            {"path": "docs/runbooks/tls.md", "content": "rotate"},
            "wrote docs/runbooks/tls.md, commit 3f9c2e1",
        ),
    ],
)
def test_a_receipt_that_tells_what_the_call_did_not_is_kept(
    args: dict[str, object], receipt: str
) -> None:
    assert receipt in _wrote("create_ticket" if "title" in args else "write_file", args, receipt)

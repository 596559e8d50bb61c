"""A Fitter fed the app's own list never serves a stale price, whatever container types the
app keeps its messages in (issue #11: "detect it; never serve a stale price")."""

from __future__ import annotations

import copy
from collections import OrderedDict, defaultdict
from collections.abc import Callable
from typing import Any

import pytest

from contextledger import Fitter, fit


def _mapping(kind: str, **items: Any) -> Any:
    if kind == "ordered":
        return OrderedDict(items)
    if kind == "default":
        d: defaultdict[str, Any] = defaultdict(str)
        d.update(items)
        return d
    return items


@pytest.mark.parametrize("kind", ["ordered", "default"])
@pytest.mark.parametrize(
    "edit",
    [
        lambda msgs: msgs[1]["content"][0].__setitem__("text", "a much longer note " * 200),
        lambda msgs: msgs[1]["content"].append(OrderedDict(type="text", text="more " * 99)),
        lambda msgs: msgs[1]["content"][0].update(text="edited " * 300),
    ],
    ids=["part text", "part appended", "part updated"],
)
def test_an_in_place_edit_of_a_dict_subclass_is_seen(
    kind: str, edit: Callable[[list[Any]], None]
) -> None:
    msgs: list[Any] = [
        {"role": "system", "content": "support"},
        {"role": "user", "content": [_mapping(kind, type="text", text="short note")]},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": "next"},
    ]
    fitter = Fitter("gpt-4o", window=8000, max_output_tokens=500)
    fitter.fit(msgs)
    edit(msgs)
    msgs.append({"role": "user", "content": "and?"})
    got = fitter.fit(msgs)
    want = fit(copy.deepcopy(msgs), "gpt-4o", window=8000, max_output_tokens=500)
    assert got.report.used == want.report.used
    assert [m.text for m in got.messages] == [m.text for m in want.messages]


class _Parts(list[Any]):
    """An app's own list type for a message's parts."""


def test_an_in_place_edit_inside_a_list_subclass_is_seen() -> None:
    parts = _Parts([{"type": "text", "text": "short note"}])
    msgs: list[Any] = [{"role": "user", "content": parts}, {"role": "assistant", "content": "ok"}]
    msgs.append({"role": "user", "content": "next"})
    fitter = Fitter("gpt-4o", window=8000, max_output_tokens=500)
    fitter.fit(msgs)
    parts[0]["text"] = "a much longer note " * 200
    got = fitter.fit(msgs)
    assert got.report.used == fit(copy.deepcopy(msgs), "gpt-4o", window=8000).report.used

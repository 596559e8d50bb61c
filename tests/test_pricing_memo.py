"""Prices remembered between messages are the prices computed afresh."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.model import Message, ToolCall
from contextledger.pricing.messages import Pricer

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
arguments = st.one_of(
    json_values.map(lambda v: json.dumps(v)),  # compact or not, escaped or not
    json_values.map(lambda v: json.dumps(v, indent=1, ensure_ascii=False)),
    st.text(max_size=20),  # not JSON at all
)


@given(
    st.lists(arguments, min_size=1, max_size=6),
    st.sampled_from([None, "openai", "anthropic", "gemini"]),
)
def test_tool_call_arguments_are_priced_as_if_for_the_first_time(
    texts: list[str], wire: str | None
) -> None:
    info = lookup_model("gpt-4o")
    shared = Pricer.for_model(info, wire=wire)
    for k, args in enumerate(texts * 2):  # every text seen twice by the shared pricer
        call = Message.assistant(ToolCall(f"c{k}", "run", args))
        assert shared.message(call) == Pricer.for_model(info, wire=wire).message(call)

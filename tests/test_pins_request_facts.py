"""What the pinning's walk asks of each earlier request (whether it says something, steers
only by a paste, the lines it pastes, its rules' excerpt, its words' least) is read once per
message and kept by position across refits (``anchors._RequestFacts``): an earlier request
edited in place, replaced, removed or inserted is read again, so a refit pins what a fresh
fit of the same list pins."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter

_SAID = [
    "ok",
    "thanks",
    "Never use tabs in the config files, always four spaces.",
    "Please migrate the billing service to Postgres 16 before Friday.",
    "Actually, use Redis not Memcached for the session cache.",
    "keep going",
    "Here is the handbook page:\n\n- Employees must not share passwords.\n"
    "- Staff shall not install software.\n- Badges must be worn at all times.\n" * 3,
    "The budget is 4,200 euros and the deadline is the 14th of March.",
]


def _chat(said: list[int]) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful engineer."}]
    for i, k in enumerate(said):
        msgs.append({"role": "user", "content": f"{_SAID[k]} ({i})" if k > 1 else _SAID[k]})
        msgs.append({"role": "assistant", "content": f"Noted, step {i} done. " * 30})
    return msgs


def _decided(fitter: Fitter, msgs: list[dict[str, Any]]) -> tuple[Any, ...]:
    report = fitter.fit(msgs).report
    return report.kept, report.pinned, report.used


@given(
    said=st.lists(st.integers(0, len(_SAID) - 1), min_size=8, max_size=30),
    edits=st.lists(
        st.tuples(st.sampled_from(["edit", "replace", "remove", "insert", "append"]),
                  st.integers(0, 10_000), st.integers(0, len(_SAID) - 1)),
        min_size=1, max_size=6,
    ),
    window=st.sampled_from([1_500, 3_000, 6_000]),
)  # fmt: skip
@settings(max_examples=40, deadline=None)
def test_a_refit_after_earlier_requests_change_pins_what_a_fresh_fit_pins(
    said: list[int], edits: list[tuple[str, int, int]], window: int
) -> None:
    msgs = _chat(said)
    fitter = Fitter("gpt-4o", window=window, max_output_tokens=300)
    fitter.fit(msgs)
    for what, at, k in edits:
        users = [i for i, m in enumerate(msgs) if m["role"] == "user"]
        i = users[at % len(users)]
        text = f"{_SAID[k]} [{at}]"
        if what == "edit":
            msgs[i]["content"] = text  # (in place: the same dict)
        elif what == "replace":
            msgs[i] = {"role": "user", "content": text}
        elif what == "remove" and len(users) > 2:
            del msgs[i : i + 2]
        elif what == "insert":
            msgs[i:i] = [
                {"role": "user", "content": text},
                {"role": "assistant", "content": "Sure."},
            ]
        else:
            msgs += [{"role": "assistant", "content": "Next?"}, {"role": "user", "content": text}]
        assert _decided(fitter, msgs) == _decided(
            Fitter("gpt-4o", window=window, max_output_tokens=300), msgs
        )

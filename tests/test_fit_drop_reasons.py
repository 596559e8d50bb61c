"""Every drop says in plain words why: a UI shows these reasons to a person."""

from __future__ import annotations

from contextledger.fit import Fitter, fit
from contextledger.model import Message, ToolCall
from contextledger.repair import repair

GREETING = [
    {"role": "system", "content": "Be brief."},
    {"role": "assistant", "content": "Hello! How can I help you today?"},
    {"role": "user", "content": "What is 2+2?"},
]


def test_a_leading_greeting_is_dropped_because_the_history_must_start_with_the_user() -> None:
    res = fit(GREETING, "gpt-4o")
    assert [m.role for m in res.messages] == ["system", "user"]
    (drop,) = res.report.dropped
    assert drop.message_id == "m1"
    assert drop.reason == "the history must start with a user turn after the system prompt"
    assert "request that prompted it" not in drop.reason  # it answered no request
    (notice,) = [n for n in res.report.notices if n.where == "m1"]
    assert "before the first user message" in notice.text
    assert "request that prompted it" not in notice.text


def test_an_answer_whose_request_was_dropped_says_so() -> None:
    history = [
        Message.system("Be brief.", id="sys"),
        Message.user("Build it. " + "details " * 1200, id="u1"),
        Message.assistant(ToolCall("c1", "run", '{"cmd": "make"}'), id="a1"),
        Message.tool("c1", "error: missing header", id="t1"),
        Message.assistant("The header is missing.", id="a2"),
        Message.user("Fix it.", id="u2"),
    ]
    # (no earlier request pinned: u1 would be pinned as its opening and closing words; a
    # shrink floor the room cannot hold: u1 would be kept shortened to head and tail)
    res = fit(history, "gpt-4o", window=1000, max_output_tokens=400, prior_anchor_tokens=0,
              shrink_floor=200)  # fmt: skip
    reasons = {c.message_id: c.reason for c in res.report.dropped}
    assert reasons["u1"] == "older message dropped to fit the context window"
    for mid in ("a1", "t1", "a2"):
        assert reasons[mid] == (
            "its request was dropped to fit the context window, and the history must "
            "start with a user turn"
        )


ORPHAN = [
    {"role": "user", "content": "run it"},
    {"role": "tool", "tool_call_id": "nope", "content": "result text"},
    {"role": "assistant", "content": "done"},
    {"role": "user", "content": "thanks"},
]


def test_an_orphan_tool_result_is_reported_dropped_with_why() -> None:
    for res in (fit(ORPHAN, "gpt-4o"), Fitter("gpt-4o").fit(ORPHAN)):
        assert [m.id for m in res.messages] == ["m0", "m2", "m3"]
        (drop,) = res.report.dropped
        assert drop.message_id == "m1" and drop.what == "tool"
        assert drop.reason == "tool result with no matching call — providers reject it"
        assert drop.tokens_before > 0 and drop.tokens_after == 0
        (notice,) = [n for n in res.report.notices if n.where == "m1"]
        assert "providers reject it" in notice.text
        assert res.report.to_dict()  # (serializable, as the proxy and the CLI show it)


def test_repair_says_why_it_removes_a_result() -> None:
    broken = [
        Message.user("list files", id="u1"),
        Message.assistant(ToolCall("c1", "ls"), id="a1"),
        Message.tool("c1", "a.txt", id="t1"),
        Message.tool("c1", "a.txt again", id="t2"),
        Message.tool("zz", "stray", id="t9"),
    ]
    details = {c.message_id: c.detail for c in repair(broken).changes}
    assert "providers reject" in details["t9"]
    assert "one result per call" in details["t2"]


def test_a_refit_after_an_interrupted_call_fits_as_a_fresh_fit() -> None:
    """The user stopped the agent mid-call and typed again: each refit repairs (answers
    the call as interrupted) and fits as a fresh fit does."""
    from test_fit_refit import same_decisions

    dicts: list[dict[str, object]] = [{"role": "system", "content": "support agent"}]
    for i in range(300):
        call = {"id": f"c{i}", "type": "function", "function": {"name": "look", "arguments": "{}"}}
        dicts += [
            {"role": "user", "content": f"q{i} " + "word " * (i % 9)},
            {"role": "assistant", "content": None, "tool_calls": [call]},
        ]
        if i != 290:  # interrupted: no result
            dicts += [
                {"role": "tool", "tool_call_id": f"c{i}", "content": f"r{i}"},
                {"role": "assistant", "content": f"a{i}"},
            ]
    f = Fitter("gpt-4o", window=3000, max_output_tokens=500)
    for k in range(4):
        dicts.append({"role": "user", "content": f"and {k}?"})
        res = f.fit(dicts)
        assert same_decisions(res, fit(dicts, "gpt-4o", window=3000, max_output_tokens=500))
        assert any("interrupted" in n.text for n in res.report.notices)
        dicts.append({"role": "assistant", "content": f"sure {k}"})


def test_a_broken_history_over_the_image_limit_is_repaired_and_cut_as_a_fresh_fit() -> None:
    """Repair and the per-request image limit together (the images swapped for
    placeholders are another history than the one given: nothing stale is reused)."""
    from test_fit_refit import PNG_1x1, same_decisions

    dicts: list[dict[str, object]] = []
    for i in range(120):  # over Anthropic's 100 images a request
        dicts.append(
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": f"shot {i}"},
                    {"type": "image_url", "image_url": {"url": PNG_1x1}},
                ],
            }
        )
        dicts.append({"role": "assistant", "content": f"seen {i}"})
    call = {"id": "cx", "type": "function", "function": {"name": "look", "arguments": "{}"}}
    dicts.append({"role": "assistant", "content": None, "tool_calls": [call]})  # interrupted
    f = Fitter("claude-sonnet-4-5")
    for k in range(3):
        dicts.append({"role": "user", "content": f"next {k}"})
        res = f.fit(dicts)
        assert same_decisions(res, fit(dicts, "claude-sonnet-4-5"))
        assert sum(1 for m in res.messages for _ in m.images()) <= 100

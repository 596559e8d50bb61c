"""The fit pins the value a setting holds now, not the ones it replaced, and the task the
assistant set to work on, not a remark that opened the session (issue #14 item 2, recap19).

Before: a knob the user set three times had its two stale values pinned beside the final
one, taking the cap's room from the user's other rules (review25 set B: "never" rules kept
0 % at 8k); a session opened by a remark ("Haha, that test name is hilarious.") pinned the
remark as the task and lost the task (recap19 held-out set A: the goal kept 58 %)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import Message, ToolCall
from contextledger.fit import fit
from contextledger.settings_said import NewerSettings, reset_later, setting_of
from contextledger.validate import tool_pair_problems


def _session(said: list[str], rounds_after: int = 40, opener: str | None = None) -> list[Message]:
    """An agent session: ``opener`` (a remark the assistant answers in words), the task the
    assistant works on with tools, each of ``said`` among tool rounds, then ``rounds_after``
    rounds of nudges and tool output, and a nudge as the current request."""
    msgs = [Message.system("You are a build-farm agent.")]
    if opener is not None:
        msgs += [Message.user(opener), Message.assistant("Hello! What are we working on?")]
    msgs.append(Message.user("Please migrate the shader cache service to the new object store."))
    n = 0

    def tool_round() -> None:
        nonlocal n
        n += 1
        args = json.dumps({"command": f"grep -rn cache src/ --count {n}"})
        msgs.append(Message("assistant", (ToolCall(f"c{n}", "bash", args),)))
        msgs.append(Message.tool(f"c{n}", f"src/cache/shard_{n}.py: 12 matches\n" * 60))

    for text in said:
        tool_round()
        msgs += [Message.user(text), Message.assistant("Noted.")]
    for i in range(rounds_after):
        tool_round()
        msgs.append(Message.user(["ok", "keep going", "sounds good"][i % 3]))
    return msgs


KNOB_HISTORIES = [
    ["Set cook_workers_502 to 8 for now.", "No, make cook_workers_502 16.",
     "cook_workers_502 stays at 12 for good. Don't touch it again."],
    ["सध्या cook_workers_502 8 ठेवा.", "नाही, cook_workers_502 16 करा.",
     "cook_workers_502 आता कायमचे 12 राहील. त्याला पुन्हा हात लावू नका."],
    ["Na razie ustaw cook_workers_502 na 8.", "Zmień cook_workers_502 na 16.",
     "cook_workers_502 ma wynosić 12, to ostateczne."],
]  # fmt: skip
NEVER = "Never run `p4 obliterate -y //depot/game/...` in any environment."


@pytest.mark.parametrize("history", KNOB_HISTORIES, ids=["en", "mr", "pl"])
@pytest.mark.parametrize("window", [4_000, 8_000])
def test_a_setting_set_again_is_pinned_at_its_newest_value_only(
    history: list[str], window: int
) -> None:
    msgs = _session([NEVER, *history])
    out = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    view = [m.text for m in out.messages]
    assert history[-1] in view and NEVER in view
    assert history[0] not in view and history[1] not in view
    assert out.report.used <= out.report.budget
    assert not tool_pair_problems(out.messages)


def test_a_setting_in_another_scope_or_said_again_alike_stays_pinned() -> None:
    staging, prod = "In staging, set pool_size to 5.", "In production, set pool_size to 50."
    msgs = _session([staging, prod])
    view = [m.text for m in fit(msgs, "gpt-4o", window=6_000, max_output_tokens=1000).messages]
    assert staging in view and prod in view


@pytest.mark.parametrize(
    "opener",
    ["Haha, that test name is hilarious.", "Ahah, il nome di quel test è fantastico.",
     "Coffee break for me first, back in five minutes."],
)  # fmt: skip
@pytest.mark.parametrize("window", [4_000, 8_000])
def test_the_task_acted_on_is_pinned_when_a_remark_opened_the_session(
    opener: str, window: int
) -> None:
    msgs = _session([NEVER], opener=opener)
    view = [m.text for m in fit(msgs, "gpt-4o", window=window, max_output_tokens=1000).messages]
    assert "Please migrate the shader cache service to the new object store." in view
    assert NEVER in view


def test_a_chat_without_tools_still_pins_its_first_request() -> None:
    """No request is acted on with a tool: the first substantive one is the task, as before."""
    msgs = [Message.system("You are a helpful assistant.")]
    msgs.append(Message.user("Help me draft the quarterly letter to our shareholders."))
    for i in range(80):
        msgs.append(Message.assistant(f"Here is paragraph {i}. " + "Lorem ipsum dolor. " * 40))
        msgs.append(Message.user(f"Now write paragraph {i + 1} about the results."))
    view = [m.text for m in fit(msgs, "gpt-4o", window=4_000, max_output_tokens=500).messages]
    assert "Help me draft the quarterly letter to our shareholders." in view


KEYS = st.sampled_from(["ttl_s", "pool_size", "retry_limit"])
SENTENCES = st.one_of(
    st.builds("Set {} to {}.".format, KEYS, st.integers(1, 4)),
    st.builds("In staging, {} should be {}.".format, KEYS, st.integers(1, 4)),
    st.builds("{} = {}".format, KEYS, st.integers(1, 4)),
    st.sampled_from(["Thanks!", "Keep it short.", "Set ttl_s to 2 and pool_size to 3."]),
)


@given(st.lists(SENTENCES, max_size=8, unique=True), st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_newer_settings_read_each_request_as_reset_later_reads_them_all(
    said: list[str], rng: random.Random
) -> None:
    """The fit's reader, asked of the requests in any order, and the recap's whole-list
    answer agree."""
    stale = reset_later(said)
    newer = NewerSettings(lambda p: setting_of(said[p]), len(said) - 1)
    order = list(range(len(said)))
    rng.shuffle(order)
    for k in order:
        assert newer.reset(k) == (said[k] in stale), (k, said[k])


def test_a_chat_that_sets_its_knobs_again_and_again_is_not_walked_to_its_start() -> None:
    """R26-R2: 2,000 settings of six keys, each a turn: the pinning looks at a bounded number
    of stale ones, not every one (the refit walked them all, each reading the newer ones)."""
    keys = [f"knob_{i}" for i in range(6)]
    msgs = [Message.system("Tune it."), Message.user("Tune the encoder for the new camera.")]
    for i in range(2_000):
        msgs += [Message.user(f"Set {keys[i % 6]} to {i}."), Message.assistant("Done.")]
    msgs.append(Message.user("Now summarize the settings."))
    read: list[int] = []
    real = NewerSettings.reset

    def counting(self: NewerSettings, at: int) -> bool:
        read.append(at)
        return real(self, at)

    NewerSettings.reset = counting  # type: ignore[method-assign]
    try:
        out = fit(msgs, "gpt-4o", window=8_000, max_output_tokens=500)
    finally:
        NewerSettings.reset = real  # type: ignore[method-assign]
    assert len(read) < 200
    view = [m.text for m in out.messages]
    assert "Tune the encoder for the new camera." in view


UNREAD_RULES = [
    "`terraform destroy -target=module.cdn` በፍጹም አታስኪድ፣ በየትኛውም አካባቢ።",  # am
    "ბაზის სქემას `billing_v2` არასოდეს შეეხო, არც სტეიჯინგზე.",  # ka
]


@pytest.mark.parametrize("window", [4_000, 8_000])
def test_what_the_user_told_fills_the_cap_whatever_the_language(window: int) -> None:
    """The user's substantive requests fill the pins' cap after the goal and the rules read
    as such, newest first: a rule in a language no word table reads is kept too (review25
    set B: "never" rules in mr/gu/kk kept 0 % at 8k); the nudges stay within the count."""
    msgs = _session([*UNREAD_RULES, "Also update docs/object_store.md when you are done."])
    out = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    view = [m.text for m in out.messages]
    assert all(rule in view for rule in UNREAD_RULES)
    assert "Also update docs/object_store.md when you are done." in view
    by_id = {m.id: m.text for m in out.messages}
    pinned = [by_id[i] for i in out.report.pinned]
    assert pinned[0].startswith("Please migrate") and UNREAD_RULES[0] in pinned
    assert out.report.to_dict()["pinned"] == list(out.report.pinned)
    nudges = {"ok", "keep going", "sounds good"}
    assert len([t for t in pinned if t in nudges]) <= 2
    assert out.report.used <= out.report.budget
    assert not tool_pair_problems(out.messages)


def test_a_screenshot_turn_does_not_fill_the_cap() -> None:
    """Fills are the user's words: a turn showing a screenshot is not pinned to fill the
    cap (its image leaves the view reported, as before; the seed's count pins the newest
    request, as before)."""
    from builders import image_block

    msgs = _session(["Also update docs/object_store.md when you are done."])
    msgs.insert(4, Message.user("Here is the dashboard now.", image_block(640, 400)))
    out = fit(msgs, "gpt-4o", window=4_000, max_output_tokens=1000)
    assert "Here is the dashboard now." not in [m.text for m in out.messages]
    assert any("640×400" in n.text for n in out.report.notices)


def test_a_kept_fitter_pins_what_a_fresh_fit_pins_as_settings_change() -> None:
    """The settings read are kept across refits (an append reads only the new requests; an
    edit in place reads again): each refit pins what a fresh fit of the same list pins."""
    from contextledger.fit import Fitter

    app: list[dict[str, object]] = [
        {"role": "system", "content": "Tune it."},
        {"role": "user", "content": "Tune the encoder for the new camera."},
    ]
    fitter = Fitter("gpt-4o", window=4_000, max_output_tokens=500)
    for i in range(120):
        said = f"Set knob_{i % 3} to {i}." if i % 4 == 0 else f"Frame {i} looks fine, go on."
        app += [
            {"role": "assistant", "content": "Applied. " * 30},
            {"role": "user", "content": said},
        ]
        if i % 10 == 9:  # an edit in place of an old setting
            app[3 + 2 * (i // 2)]["content"] = f"Set knob_{i % 3} to {1000 + i}."
        kept = fitter.fit(app)
        fresh = fit(app, "gpt-4o", window=4_000, max_output_tokens=500)
        assert kept.report.pinned == fresh.report.pinned, i
        assert [m.text for m in kept.messages] == [m.text for m in fresh.messages], i

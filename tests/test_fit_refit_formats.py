"""Refit from an app's own Anthropic, Gemini or Responses dicts: as from OpenAI Chat dicts,
only what is new is read and priced again, and an edit anywhere is never served a stale
price. One dict may make several Messages (a user turn of tool results) and one Message
several dicts (a Responses assistant turn): the refit must equal a fresh fit all the same.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.errors import ContentError
from contextledger.fit import Fitter, fit
from contextledger.fit.source import DictSource
from contextledger.pricing.messages import Pricer
from contextledger.providers import read_messages, translate
from test_fit_refit import CountingCounter, PNG_1x1, same_decisions

MODEL = "gpt-4o"
WINDOW, OUTPUT = 3000, 500


def openai_history(n: int) -> list[dict[str, Any]]:
    """A coding agent's history: parallel tool calls (a user turn of several results in
    Anthropic and Gemini), screenshots, requests and answers."""
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    for i in range(n):
        out.append({"role": "user", "content": f"request {i}: " + "word " * (i % 7 * 20)})
        if i % 3 == 0:
            calls = [
                {
                    "id": f"c{i}_{k}",
                    "type": "function",
                    "function": {"name": f"run{k}", "arguments": f'{{"cmd": "ls {k}"}}'},
                }
                for k in range(1 + i % 3)
            ]
            out.append({"role": "assistant", "content": f"checking {i}", "tool_calls": calls})
            out += [
                {"role": "tool", "tool_call_id": c["id"], "content": f"out {i} " * (k + 1)}
                for k, c in enumerate(calls)
            ]
        if i % 5 == 0:
            out.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": f"screenshot {i}"},
                        {"type": "image_url", "image_url": {"url": PNG_1x1}},
                    ],
                }
            )
        out.append({"role": "assistant", "content": f"answer {i}"})
    return out


def _without_call_ids(body: dict[str, Any]) -> dict[str, Any]:
    """Gemini may leave function-call ids out: its responses then answer calls by name."""
    for content in body["contents"]:
        for part in content["parts"]:
            for key in ("function_call", "function_response"):
                if key in part:
                    part[key].pop("id", None)
    return body


def body_in(fmt: str, n: int) -> dict[str, Any]:
    body = translate(read_messages(openai_history(n)), fmt).body  # type: ignore[arg-type]
    return _without_call_ids(body) if fmt == "gemini" else body


#: (name, the payload an app passes, its list of dicts)
Payload = tuple[Any, list[dict[str, Any]]]


def payload(kind: str, n: int) -> Payload:
    """``kind``: a format, ``-list`` for its bare list (the system prompt left out)."""
    fmt = kind.removesuffix("-list")
    body = body_in(fmt, n)
    key = {"anthropic": "messages", "gemini": "contents", "openai-responses": "input"}[fmt]
    return (body[key], body[key]) if kind.endswith("-list") else (body, body[key])


KINDS = ["anthropic", "anthropic-list", "gemini", "gemini-list", "openai-responses"]


def fresh(p: Any) -> Any:
    return fit(copy.deepcopy(p), MODEL, window=WINDOW, max_output_tokens=OUTPUT)


def fitter() -> Fitter:
    return Fitter(MODEL, window=WINDOW, max_output_tokens=OUTPUT)


def new_turn(kind: str, k: int) -> list[dict[str, Any]]:
    """A user request and its answer, as the app would append them."""
    if kind.startswith("gemini"):
        return [
            {"role": "model", "parts": [{"text": f"done {k}"}]},
            {"role": "user", "parts": [{"text": f"next step {k}"}]},
        ]
    if kind.startswith("openai-responses"):
        return [
            {"type": "message", "role": "assistant", "content": f"done {k}"},
            {"type": "message", "role": "user", "content": f"next step {k}"},
        ]
    return [
        {"role": "assistant", "content": f"done {k}"},
        {"role": "user", "content": f"next step {k}"},
    ]


@pytest.mark.parametrize("kind", KINDS)
def test_an_append_reads_and_prices_only_the_new_dicts(kind: str) -> None:
    counter = CountingCounter()
    f = Fitter(
        MODEL, window=WINDOW, max_output_tokens=OUTPUT, pricer=Pricer(lookup_model(MODEL), counter)
    )
    p, dicts = payload(kind, 60)
    f.fit(p)
    counter.texts.clear()
    dicts += new_turn(kind, 1)
    res = f.fit(p)
    assert sorted(counter.texts) == ["done 1", "next step 1"]
    assert same_decisions(res, fresh(p))


@pytest.mark.parametrize("kind", KINDS)
def test_an_append_keeps_the_messages_already_read(kind: str) -> None:
    source = DictSource()
    p, dicts = payload(kind, 200)  # over one read piece (512 dicts)
    before = source.take(p)
    dicts += new_turn(kind, 1)
    after = source.take(p)
    assert before is not None and after is not None
    assert all(a is b for a, b in zip(before, after, strict=False))  # the very same objects
    assert len(after) == len(before) + 2
    assert after == read_messages(copy.deepcopy(p))


def _edits(kind: str) -> list[Callable[[Any, list[dict[str, Any]]], object]]:
    text_key = "parts" if kind.startswith("gemini") else "content"

    def edit_text(d: list[dict[str, Any]], i: int) -> None:
        m = d[i]
        if kind.startswith("gemini"):
            m["parts"] = [{"text": "edited " + "x " * 200}]
        else:
            m[text_key] = "edited " + "x " * 200

    def with_results(d: list[dict[str, Any]]) -> dict[str, Any]:
        """The first user turn holding several tool results (one dict, several Messages)."""
        for m in d:
            parts = m.get("parts") or m.get("content")
            if isinstance(parts, list) and sum(1 for x in parts if _is_result(x)) > 1:
                return m
        return d[-1]

    def drop_a_result(d: list[dict[str, Any]]) -> None:
        m = with_results(d)
        parts = m.get("parts") if "parts" in m else m.get("content")
        if isinstance(parts, list):
            parts.pop(0)  # its call is now dangling: repaired, reported

    return [
        lambda p, d: edit_text(d, len(d) - 3),
        lambda p, d: d.__setitem__(2, copy.deepcopy(d[2])),  # an equal copy: the same
        lambda p, d: drop_a_result(d),
        lambda p, d: d.pop(4),
        lambda p, d: d.insert(3, copy.deepcopy(d[-1])),
        lambda p, d: edit_text(d, 0),
    ]


def _is_result(part: Any) -> bool:
    return isinstance(part, dict) and (
        part.get("type") == "tool_result" or "function_response" in part
    )


@pytest.mark.parametrize("kind", KINDS)
def test_edits_to_earlier_dicts_are_seen(kind: str) -> None:
    p, dicts = payload(kind, 40)
    f = fitter()
    f.fit(p)
    for edit in _edits(kind):
        edit(p, dicts)
        assert_as_fresh(f, p)


@pytest.mark.parametrize("kind", ["anthropic", "gemini", "openai-responses"])
def test_a_changed_system_prompt_is_seen(kind: str) -> None:
    p, _ = payload(kind, 30)
    f = fitter()
    f.fit(p)
    key = {"anthropic": "system", "gemini": "system_instruction"}.get(kind)
    if key is None:
        p["instructions"] = "Answer in French."
    elif kind == "gemini":
        p[key]["parts"][0]["text"] = "Answer in French. " * 40  # edited in place
    else:
        p[key] = "Answer in French. " * 40
    res = f.fit(p)
    assert same_decisions(res, fresh(p))
    assert res.messages[0].text.startswith("Answer in French.")


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from(KINDS),
    st.lists(
        st.tuples(
            st.sampled_from(["append", "grow", "edit", "replace", "nested", "pop", "truncate"]),
            st.integers(0, 10_000),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_any_sequence_of_changes_fits_as_a_fresh_fit(kind: str, ops: list[tuple[str, int]]) -> None:
    p, dicts = payload(kind, 180)  # over one read piece (512 dicts): edits are found
    more = payload(kind, 3)[1]
    f = fitter()
    f.fit(p)
    for op, k in ops:
        i = k % len(dicts)
        if op == "append":
            dicts += new_turn(kind, k)
        elif op == "grow":
            dicts += copy.deepcopy(more)
        elif op == "edit":
            _edits(kind)[0](p, [dicts[i]] * 3)  # this dict's text, whatever it held
        elif op == "replace":
            dicts[i] = copy.deepcopy(dicts[i])
        elif op == "nested":
            _nested_edit(dicts, k)
        elif op == "pop" and len(dicts) > 2:
            dicts.pop(i)
        elif op == "truncate" and len(dicts) > 5:
            del dicts[len(dicts) - 1 - k % 4 :]
        assert_as_fresh(f, p)


def assert_as_fresh(f: Fitter, p: Any) -> None:
    """``f`` fits ``p`` as a fresh fit does, or refuses it with the same error (an edit
    may leave a Gemini response that answers no call: a fresh read refuses it too)."""
    try:
        expected = fresh(p)
    except ContentError as exc:
        with pytest.raises(ContentError) as raised:
            f.fit(p)
        assert str(raised.value) == str(exc)
        return
    assert same_decisions(f.fit(p), expected)


def _nested_edit(dicts: list[dict[str, Any]], k: int) -> None:
    """A text deep inside a dict's parts, edited in place."""
    parts = [
        x
        for m in dicts
        for x in (m.get("parts") or m.get("content") or [])
        if isinstance(x, dict) and isinstance(x.get("text"), str)
    ]
    if parts:
        parts[k % len(parts)]["text"] = f"caption {k} " * 20


@pytest.mark.parametrize(
    ("kind", "bad", "where"),
    [
        ("anthropic", {"role": "user", "content": [{"type": "mystery"}]}, ".content[0]"),
        ("gemini", {"role": "user", "parts": [{"mystery": 1}]}, ".parts[0]"),
        ("openai-responses", {"type": "mystery"}, ".type"),
    ],
)
def test_a_malformed_dict_raises_naming_where_and_spoils_nothing(
    kind: str, bad: dict[str, Any], where: str
) -> None:
    p, dicts = payload(kind, 200)
    key = {"anthropic": "messages", "gemini": "contents", "openai-responses": "input"}[kind]
    f = fitter()
    f.fit(p)
    good = dicts[5]
    dicts[5] = bad  # an earlier dict edited into a shape no reader takes
    dicts += new_turn(kind, 1)
    with pytest.raises(ContentError) as raised:
        f.fit(p)
    assert raised.value.path.startswith(f"{key}[5]{where}")
    dicts[5] = good  # set right again: fitted as a fresh fit, nothing stale kept
    assert same_decisions(f.fit(p), fresh(p))
    dicts.append(bad)  # appended
    with pytest.raises(ContentError) as raised:
        f.fit(p)
    assert raised.value.path.startswith(f"{key}[{len(dicts) - 1}]{where}")


def test_a_list_of_plain_texts_that_turns_out_anthropic_is_read_as_anthropic() -> None:
    """Plain texts are read alike by every format; the first dict only Anthropic writes
    decides, as it does for a fresh read."""
    dicts: list[dict[str, Any]] = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i}"} for i in range(9)
    ]
    f = fitter()
    f.fit(dicts)
    dicts.append(
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "ls", "input": {}}],
        }
    )
    dicts.append(
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a"}]}
    )
    assert same_decisions(f.fit(dicts), fresh(dicts))
    dicts[9]["content"][0]["input"] = {"path": "/"}
    assert same_decisions(f.fit(dicts), fresh(dicts))


def test_one_fitter_fed_another_format_reads_it_afresh() -> None:
    f = fitter()
    for kind in ["anthropic", "gemini", "openai-responses", "anthropic-list"]:
        p, _ = payload(kind, 30)
        assert same_decisions(f.fit(p), fresh(p))
    openai = openai_history(30)
    assert same_decisions(f.fit(openai), fresh(openai))


def test_gemini_calls_without_ids_are_answered_across_read_pieces() -> None:
    """A Gemini function response without an id answers the call before it by name: a read
    piece never ends between them, however long the history."""
    p, dicts = payload("gemini", 700)  # over two read pieces
    f = fitter()
    f.fit(p)
    dicts[600]["parts"] = [{"text": "edited"}]  # re-read from the piece that holds it
    dicts += new_turn("gemini", 1)
    assert same_decisions(f.fit(p), fresh(p))
    assert f.fit(p).messages == fresh(p).messages

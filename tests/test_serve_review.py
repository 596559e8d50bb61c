"""`contextledger serve`: regressions from the independent review of the proxy (issue 15).

Same setup as ``test_serve.py``: the official SDKs against the proxy (uvicorn on
127.0.0.1) against the validating stub upstream.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic
import httpx
import openai
import pytest

from serve_harness import RunningProxy, running_proxy
from stub_server import StubReply, StubServer, prompt_tokens
from test_serve import ANTHROPIC_KEY, OPENAI_KEY, ant, oai, png, stored


def sessions(proxy: RunningProxy) -> dict[str, int]:
    proxy.flush()
    listed = httpx.get(proxy.url + "/contextledger/sessions").json()["sessions"]
    return {s["session"]: s["messages"] for s in listed}


# --------------------------------------------------------------------------- 1. locks


@pytest.mark.parametrize("refusal", ["over the window", "unknown model"])
def test_a_refused_request_on_a_new_branch_leaves_the_session_usable(
    proxy: RunningProxy, stub: StubServer, refusal: str
) -> None:
    """A request that opens a branch and is then refused used to release the wrong
    session's lock: HTTP 500, and every later request of the session hung for good."""
    client = oai(proxy, **{"X-ContextLedger-Session": "e1"})
    client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    if refusal == "unknown model":
        model, text, extra = "gpt-nope", "another start", {}
    else:
        model, text, extra = "gpt-4o", "hi " * 3000, {"max_tokens": 127_000}
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(
            model=model, messages=[{"role": "user", "content": text}], **extra
        )
    quick = openai.OpenAI(
        base_url=proxy.url + "/v1",
        api_key=OPENAI_KEY,
        max_retries=0,
        timeout=10,
        default_headers={"X-ContextLedger-Session": "e1"},
    )
    for content in ("hi", "x"):  # the first branch, and a third one
        reply = quick.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": content}]
        )
        assert reply.choices[0].message.content
    assert not stub.rejected()


def test_a_client_that_hangs_up_mid_stream_releases_the_session(
    proxy: RunningProxy, stub: StubServer
) -> None:
    stub.chunk_size = 3
    stub.script(StubReply("word " * 100_000))
    headers = {"authorization": f"Bearer {OPENAI_KEY}", "x-contextledger-session": "gone"}
    body = {"model": "gpt-4o", "stream": True, "messages": [{"role": "user", "content": "go"}]}
    with httpx.stream(
        "POST", proxy.url + "/v1/chat/completions", json=body, headers=headers
    ) as response:
        next(response.iter_raw(1))  # one byte, then hang up
    body["stream"] = False
    assert httpx.post(
        proxy.url + "/v1/chat/completions", json=body, headers=headers, timeout=10
    ).is_success
    proxy.flush()
    turns = httpx.get(proxy.url + "/contextledger/sessions/gone").json()["turns"]
    assert [t["status"] for t in turns] == [499, 200]  # logged as a hang-up, not as 200
    assert [m.role for m in stored(proxy, "gone")] == ["user", "assistant"]  # no partial reply


# --------------------------------------------------------------------------- 3. once per message


def test_a_retried_request_is_not_stored_again(proxy: RunningProxy, stub: StubServer) -> None:
    client = ant(proxy, **{"X-ContextLedger-Session": "d"})
    messages: list[Any] = [{"role": "user", "content": "hello"}]
    first = client.messages.create(
        model="claude-sonnet-4-6", max_tokens=100, system="S", messages=messages
    )
    messages += [
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in first.content]},
        {"role": "user", "content": "next"},
    ]
    for _ in range(3):  # the same request again: a retry, or "regenerate"
        raw = client.messages.with_raw_response.create(
            model="claude-sonnet-4-6", max_tokens=100, system="S", messages=messages
        )
        assert raw.headers["x-contextledger-session"] == "d"
        # the upstream sees exactly what the client sent, never the recorded reply after it
        assert stub.completions()[-1].body["messages"][-1]["content"] == "next"
    assert sessions(proxy) == {"d": 5}  # system, user, assistant, user, one reply
    assert [m.role for m in stored(proxy, "d")] == [
        "system", "user", "assistant", "user", "assistant",
    ]  # fmt: skip
    turns = httpx.get(proxy.url + "/contextledger/sessions/d").json()["turns"]
    assert [t.get("repeat", False) for t in turns] == [False, False, True, True]


def test_identical_requests_make_no_branches(proxy: RunningProxy, stub: StubServer) -> None:
    headers = {"authorization": f"Bearer {OPENAI_KEY}", "x-contextledger-session": "lat"}
    body = {"model": "gpt-4o", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(timeout=10) as http:
        for _ in range(20):
            reply = http.post(proxy.url + "/v1/chat/completions", json=body, headers=headers)
            assert reply.headers["x-contextledger-session"] == "lat"
    assert sessions(proxy) == {"lat": 2}


def test_conversations_with_the_same_opening_branch_once(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """Two header-less conversations that start the same share a key: each continues its
    own branch every turn instead of opening a new copy of its history per turn."""
    client = oai(proxy)
    convs: dict[str, list[Any]] = {
        name: [{"role": "system", "content": "sys"}, {"role": "user", "content": "start"}]
        for name in "AB"
    }
    names: dict[str, set[str]] = {"A": set(), "B": set()}
    for turn in range(5):
        for name, messages in convs.items():
            raw = client.chat.completions.with_raw_response.create(
                model="gpt-4o", messages=messages
            )
            names[name].add(raw.headers["x-contextledger-session"])
            messages.append(
                {"role": "assistant", "content": raw.parse().choices[0].message.content}
            )
            messages.append({"role": "user", "content": f"{name} turn {turn}"})
    assert len(names["A"]) == 1
    assert len(names["B"] - names["A"]) == 1  # B's first turn repeats A's opening
    counts = sessions(proxy)
    assert len(counts) == 2
    # every message once per branch: B's branch holds its own history (shared opening included)
    assert sum(counts.values()) == 2 * (len(convs["A"]) - 1)
    assert not stub.rejected()


# --------------------------------------------------------------------------- 6. refusals shown


def test_refused_requests_are_reported_with_headers(
    proxy: RunningProxy, stub: StubServer, tmp_path: Path
) -> None:
    client = oai(proxy, **{"X-ContextLedger-Session": "err"})
    with pytest.raises(openai.BadRequestError) as info:
        client.chat.completions.create(
            model="no-such-model-9", messages=[{"role": "user", "content": "hi"}]
        )
    headers = info.value.response.headers
    assert headers["x-contextledger-report"].endswith("/contextledger/sessions/err")
    assert headers["x-contextledger-fitted"] == "false"
    with running_proxy(
        store=tmp_path / "small.db",
        openai_upstream=stub.url,
        anthropic_upstream=stub.anthropic_url,
        window=1000,
    ) as small:
        with pytest.raises(anthropic.BadRequestError) as ainfo:
            anthropic.Anthropic(
                base_url=small.url,
                api_key=ANTHROPIC_KEY,
                max_retries=0,
                default_headers={"X-ContextLedger-Session": "big"},
            ).messages.create(
                model="claude-sonnet-4-6",
                max_tokens=200,
                messages=[{"role": "user", "content": "word " * 3000}],
            )
        aheaders = ainfo.value.response.headers
        assert int(aheaders["x-contextledger-used"]) > int(aheaders["x-contextledger-budget"]) > 0
        assert aheaders["x-contextledger-dropped"] == "0"
        small.flush()
        report = httpx.get(aheaders["x-contextledger-report"]).json()
        assert report["turns"][-1]["refused"] is True
        assert report["turns"][-1]["status"] == 400
        page = httpx.get(small.url + "/contextledger/view/big").text
        assert "Nothing dropped, shrunk, recapped or refused" not in page
        assert "refused" in page.lower()
    report = httpx.get(headers["x-contextledger-report"]).json()
    assert "unknown model 'no-such-model-9'" in report["turns"][-1]["reason"]


# --------------------------------------------------------------------------- 9. the key


def test_require_key_protects_the_dashboard_and_reports(stub: StubServer, tmp_path: Path) -> None:
    with running_proxy(
        store=tmp_path / "s.db", openai_upstream=stub.url, require_key="proxy-key-1"
    ) as guarded:
        client = oai(guarded, **{"X-ContextLedger-Key": "proxy-key-1"})
        client.chat.completions.create(
            model="gpt-4o",
            messages=[{"role": "user", "content": "secret plans"}],
            extra_headers={"X-ContextLedger-Session": "k"},
        )
        guarded.flush()
        pages = ["/contextledger/", "/contextledger/sessions"]
        pages += ["/contextledger/sessions/k", "/contextledger/view/k"]
        for page in pages:
            denied = httpx.get(guarded.url + page)
            assert denied.status_code == 401, page
            assert denied.headers["www-authenticate"].startswith("Basic")
            assert "secret" not in denied.text
            assert httpx.get(guarded.url + page, auth=("me", "proxy-key-1")).is_success
            assert httpx.get(
                guarded.url + page, headers={"x-contextledger-key": "proxy-key-1"}
            ).is_success
            assert httpx.get(guarded.url + page, auth=("me", "wrong")).status_code == 401
        assert httpx.get(guarded.url + "/healthz").is_success


# --------------------------------------------------------------------------- 10. the wire


def test_query_strings_reach_the_upstream(proxy: RunningProxy, stub: StubServer) -> None:
    ant(proxy).messages.create(
        model="claude-sonnet-4-6",
        max_tokens=50,
        messages=[{"role": "user", "content": "hi"}],
        extra_query={"beta": "true"},
    )
    assert stub.completions()[-1].path == "/v1/messages?beta=true"


def test_other_provider_routes_pass_through_verbatim(proxy: RunningProxy, stub: StubServer) -> None:
    """An app whose base URL points at the proxy makes all its calls there: embeddings,
    moderations, files… go upstream as they are, and the upstream's answer comes back
    verbatim (redteamE 1c: they were 404 from the proxy)."""
    with pytest.raises(openai.NotFoundError) as info:  # the stub has no embeddings
        oai(proxy).embeddings.create(model="text-embedding-3-small", input="hi")
    upstream = stub.requests[-1]
    assert upstream.path == "/v1/embeddings"
    assert upstream.headers["authorization"] == f"Bearer {OPENAI_KEY}"
    assert "Invalid URL" in str(info.value)
    reply = httpx.get(
        proxy.url + "/v1/nothing?x=1",
        headers={"anthropic-version": "2023-06-01", "x-api-key": ANTHROPIC_KEY},
    )
    assert reply.status_code == 404 and stub.requests[-1].path == "/v1/nothing?x=1"
    assert reply.json()["type"] == "error"  # Anthropic's own shape, from upstream
    # what is neither a provider route nor the proxy's own is the proxy's 404
    missing = httpx.get(proxy.url + "/nothing")
    assert missing.status_code == 404 and "not found" in missing.json()["error"]["message"]


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"messages": "hi"}, "'messages'"),
        ({}, "'messages'"),
        ({"messages": []}, "'messages'"),
        ({"messages": [{"role": "user"}]}, "'messages[0].content'"),
        ({"messages": [{"content": "hi"}]}, "'messages[0].role'"),
    ],
)
def test_invalid_requests_are_refused_not_rewritten(
    proxy: RunningProxy, stub: StubServer, body: dict[str, Any], where: str
) -> None:
    for path, headers in (
        ("/v1/chat/completions", {"authorization": f"Bearer {OPENAI_KEY}"}),
        ("/v1/messages", {"x-api-key": ANTHROPIC_KEY}),
    ):
        reply = httpx.post(
            proxy.url + path, json={"model": "gpt-4o", "max_tokens": 10, **body}, headers=headers
        )
        assert reply.status_code == 400
        assert where in reply.json()["error"]["message"]
    assert not stub.requests  # nothing went upstream


def test_litellm_session_id_is_taken_out_of_anthropic_metadata(
    proxy: RunningProxy, stub: StubServer
) -> None:
    raw = ant(proxy).messages.with_raw_response.create(
        model="claude-sonnet-4-6",
        max_tokens=50,
        messages=[{"role": "user", "content": "hi"}],
        metadata={"user_id": "u1", "litellm_session_id": "lite-9"},  # type: ignore[typeddict-unknown-key]
    )
    assert raw.headers["x-contextledger-session"] == "lite-9"
    assert stub.completions()[-1].body["metadata"] == {"user_id": "u1"}


def test_untouched_messages_travel_as_the_client_wrote_them(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """Byte-stable prefixes for prompt caching: a message the fit did not change is sent
    as the client's own JSON (roles, shapes and fields it chose), not re-rendered."""
    messages: list[Any] = [
        {"role": "developer", "content": "Be brief."},
        {"role": "user", "content": [{"type": "text", "text": "hello"}], "name": "ann"},
        {"role": "assistant", "content": "hi", "refusal": None},
        {"role": "user", "content": "again"},
    ]
    oai(proxy).chat.completions.create(model="gpt-4o", messages=messages)
    assert stub.completions()[-1].body["messages"] == messages
    anthropic_messages: list[Any] = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "read this"},
                {
                    "type": "document",
                    "source": {"type": "text", "media_type": "text/plain", "data": "notes"},
                },
            ],
        },
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "t1",
                    "content": [{"type": "text", "text": "ok"}],
                }
            ],
        },
    ]
    tools: Any = [{"name": "f", "description": "", "input_schema": {"type": "object"}}]
    ant(proxy).messages.create(
        model="claude-sonnet-4-6", max_tokens=50, messages=anthropic_messages, tools=tools
    )
    assert stub.completions()[-1].body["messages"] == anthropic_messages
    assert not stub.rejected()


def test_a_reasoning_item_keeps_the_message_it_produced(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """The Responses API refuses a reasoning item whose following message lost its id."""
    items: list[Any] = [
        {"type": "message", "role": "user", "content": "hi"},
        {"type": "reasoning", "id": "rs_123", "summary": [], "encrypted_content": "gAAAAENC"},
        {
            "type": "message",
            "id": "msg_9",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "done", "annotations": []}],
        },
        {"type": "message", "role": "user", "content": "again"},
    ]
    oai(proxy).responses.create(model="gpt-5.4-mini", input=items)
    assert stub.completions()[-1].body["input"] == items
    without_id = [dict(item) for item in items]
    del without_id[2]["id"]
    reply = httpx.post(
        stub.url + "/responses",
        json={"model": "gpt-5.4-mini", "input": without_id},
        headers={"authorization": f"Bearer {OPENAI_KEY}"},
    )
    assert reply.status_code == 400  # the stub refuses it, as the API does
    assert "required following item" in reply.json()["error"]["message"]


def test_models_are_passed_through_list_and_one(proxy: RunningProxy, stub: StubServer) -> None:
    assert "gpt-4o" in [m.id for m in oai(proxy).models.list()]
    assert oai(proxy).models.retrieve("gpt-4o").id == "gpt-4o"
    with pytest.raises(openai.NotFoundError):
        oai(proxy).models.retrieve("gpt-nope")
    assert ant(proxy).models.retrieve("claude-sonnet-4-6").id == "claude-sonnet-4-6"


# --------------------------------------------------------------------------- 11. the stub


def test_stub_refuses_more_than_four_cache_breakpoints(stub: StubServer) -> None:
    mark = {"type": "ephemeral"}
    blocks = [{"type": "text", "text": f"part {i}", "cache_control": mark} for i in range(5)]
    body = {"model": "claude-sonnet-4-6", "max_tokens": 10}
    headers = {"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01"}
    four = {**body, "messages": [{"role": "user", "content": blocks[:4]}]}
    assert httpx.post(stub.anthropic_url + "/v1/messages", json=four, headers=headers).is_success
    five = {**body, "messages": [{"role": "user", "content": blocks}]}
    refused = httpx.post(stub.anthropic_url + "/v1/messages", json=five, headers=headers)
    assert refused.status_code == 400
    assert "maximum of 4 blocks with cache_control" in refused.json()["error"]["message"]


def test_stub_counts_tool_result_images_by_pixels_not_base64() -> None:
    image = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": png(3)},
    }
    alone = {"model": "claude-sonnet-4-6", "messages": [{"role": "user", "content": [image]}]}
    result = {"type": "tool_result", "tool_use_id": "t1", "content": [image]}
    in_result = {"model": "claude-sonnet-4-6", "messages": [{"role": "user", "content": [result]}]}
    assert abs(prompt_tokens(in_result, anthropic=True) - prompt_tokens(alone, anthropic=True)) < 5


@pytest.mark.parametrize("route", ["chat", "responses", "anthropic"])
def test_more_output_than_the_model_gives_is_refused_as_the_api_refuses_it(
    proxy: RunningProxy, route: str
) -> None:
    """The stub refuses ``max_tokens`` above the model's output limit (gpt-4o: 16,384;
    Claude Sonnet 4.6: 64,000) as the real APIs do; the proxy passes the refusal through."""
    if route == "anthropic":  # (the SDK itself refuses so long a request unless streamed)
        headers = {"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01"}
        body = {"model": "claude-sonnet-4-6", "messages": [{"role": "user", "content": "hi"}]}
        refused = httpx.post(
            proxy.url + "/v1/messages", json={**body, "max_tokens": 64_001}, headers=headers
        )
        assert refused.status_code == 400
        assert "maximum allowed number of output tokens" in refused.json()["error"]["message"]
        fine = httpx.post(
            proxy.url + "/v1/messages", json={**body, "max_tokens": 64_000}, headers=headers
        )
        assert fine.status_code == 200
    elif route == "responses":
        with pytest.raises(openai.BadRequestError, match="max_output_tokens"):
            oai(proxy).responses.create(model="gpt-4o", input="hi", max_output_tokens=16_385)
        oai(proxy).responses.create(model="gpt-4o", input="hi", max_output_tokens=16_384)
    else:
        with pytest.raises(openai.BadRequestError, match="at most 16384 completion tokens"):
            oai(proxy).chat.completions.create(
                model="gpt-4o", max_tokens=16_385, messages=[{"role": "user", "content": "hi"}]
            )
        oai(proxy).chat.completions.create(
            model="gpt-4o", max_tokens=16_384, messages=[{"role": "user", "content": "hi"}]
        )


def test_an_unreachable_postgresql_store_fails_fast_in_one_line() -> None:
    """The connection pool would retry for 30 s; the proxy says why at once, in one line,
    without the password."""
    import time

    from click.testing import CliRunner

    from contextledger.cli import main

    t0 = time.monotonic()
    result = CliRunner().invoke(
        main, ["serve", "--port", "8767", "--store", "postgresql://app:s3cret@127.0.0.1:1/db"]
    )
    assert time.monotonic() - t0 < 10
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert (
        len(lines) == 1
        and "cannot reach PostgreSQL at postgresql://app:***@127.0.0.1:1/db" in lines[0]
    )
    assert "s3cret" not in result.output and "Traceback" not in result.output


# --------------------------------------------------------------------------- previous_response_id


@pytest.mark.parametrize("header", [True, False])
def test_previous_response_id_turns_are_recorded_and_reported(
    proxy: RunningProxy, stub: StubServer, header: bool
) -> None:
    """A request continuing ``previous_response_id`` goes upstream untouched, but its input
    and the reply are recorded in the session (found by the previous reply's id when there
    is no session header), and the headers say what is known: used (our price of the
    conversation the provider holds), budget, nothing dropped."""
    extra = {"X-ContextLedger-Session": "chain"} if header else {}
    client = oai(proxy, **extra)
    first = client.responses.create(
        model="gpt-4o", instructions="Be brief.", input="Remember the number 7."
    )
    raw = client.responses.with_raw_response.create(
        model="gpt-4o", input="Which number?", previous_response_id=first.id
    )
    second = raw.parse()
    assert stub.completions()[-1].body == {
        "model": "gpt-4o", "input": "Which number?", "previous_response_id": first.id,
    }  # fmt: skip
    assert raw.headers["x-contextledger-fitted"] == "false"
    assert raw.headers["x-contextledger-dropped"] == "0"
    used, budget = (
        int(raw.headers["x-contextledger-used"]),
        int(raw.headers["x-contextledger-budget"]),
    )
    assert 0 < used < budget
    # the provider's own count of what it holds is close to ours (the stub bills the whole
    # chain as it would: here only what this request carries, so ours is the larger)
    assert used >= (second.usage.input_tokens if second.usage else 0)
    third = client.responses.create(
        model="gpt-4o",
        input=[{"role": "user", "content": "And doubled?"}],
        previous_response_id=second.id,
        stream=False,
    )
    assert third.output_text
    name = raw.headers["x-contextledger-session"]
    assert (name == "chain") is header
    record = stored(proxy, name)
    texts = [m.text for m in record]
    assert texts[-6:-4] == ["Remember the number 7.", first.output_text]
    assert texts[-4:] == ["Which number?", second.output_text, "And doubled?", third.output_text]
    turns = httpx.get(proxy.url + f"/contextledger/sessions/{name}").json()["turns"]
    assert [t["fitted"] for t in turns] == [True, False, False]
    assert turns[1]["used"] == used and turns[1]["budget"] == budget


def test_a_responses_message_written_after_a_fit_keeps_its_id_and_status(
    stub: StubServer, tmp_path: Path
) -> None:
    """When the fit changes part of a Responses conversation (here: a long tool exchange
    dropped), the items around it are written from our messages, not forwarded as sent:
    the assistant message still carries its ``id`` and ``status``, so the reasoning item
    before it keeps its following item (the real API refuses one without it)."""
    # (a call whose arguments are a whole file cannot be shortened: the exchange is dropped)
    big = json.dumps({"content": "line of a file that is long enough\n" * 7_000})
    items = [
        {"role": "user", "content": "Goal: write the file."},
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA1"},
        {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "write",
         "arguments": big, "status": "completed"},
        {"type": "function_call_output", "call_id": "c1", "output": "written"},
        {"type": "reasoning", "id": "rs_2", "summary": [], "encrypted_content": "gAAAA2"},
        {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": "I read it.", "annotations": []}]},
        {"role": "user", "content": "now what?"},
    ]  # fmt: skip
    with running_proxy(store=tmp_path / "s.db", openai_upstream=stub.url, window=3000) as proxy:
        reply = httpx.post(
            proxy.url + "/v1/responses",
            json={"model": "gpt-4o", "input": items, "max_output_tokens": 500},
            headers={"authorization": f"Bearer {OPENAI_KEY}", "x-contextledger-session": "ids"},
            timeout=60,
        )
        assert reply.status_code == 200, reply.text
        assert int(reply.headers["x-contextledger-dropped"]) >= 1
    assert not stub.rejected()
    sent = stub.completions()[-1].body["input"]
    assert all(i.get("call_id") != "c1" for i in sent)  # the exchange was dropped
    at = next(k for k, i in enumerate(sent) if i.get("type") == "reasoning")
    assert sent[at]["id"] == "rs_2"
    assert sent[at + 1] == items[5]  # id, status and parts as the client sent them


@pytest.mark.parametrize(("n", "billed"), [(1, 40), (2, 89), (3, 114)])
def test_stub_counts_tool_calls_as_openai_bills_them(n: int, billed: int) -> None:
    """The stub is the tests' independent count: on the exchange OpenAI billed 40, 89 and
    114 prompt tokens (community.openai.com/t/538914: one call, two and three in parallel)
    it gives 40 exactly and a little more for parallel calls, never less; counting calls as
    their JSON (ids and keys), as it did, gave 60 for the 40-token exchange."""
    from test_framing import parallel_calls

    body = parallel_calls(n, "4", "gpt-3.5-turbo", '{"a":2, "b":2}', ids="abc")
    counted = prompt_tokens(body)
    assert billed <= counted <= billed * 1.1
    assert counted == billed or n > 1


# --------------------------------------------------------------------------- red team E


@pytest.mark.parametrize("model", ["gpt-4o-mni", "claude-sonet-4-6"])
def test_a_proxy_wide_window_does_not_declare_unknown_models(
    stub: StubServer, tmp_path: Path, model: str
) -> None:
    """``--window`` sets the window of known models; a typo is still refused with a
    suggestion (redteamE finding 1: it was priced with estimates and forwarded)."""
    settings: dict[str, Any] = {
        "store": tmp_path / "s.db",
        "openai_upstream": stub.url,
        "anthropic_upstream": stub.anthropic_url,
        "window": 8000,
    }
    messages = [{"role": "user", "content": "hello"}]
    with running_proxy(**settings) as proxy:
        if model.startswith("claude"):
            with pytest.raises(anthropic.BadRequestError) as refused:
                ant(proxy).messages.create(model=model, max_tokens=64, messages=messages)  # type: ignore[arg-type]
        else:
            with pytest.raises(openai.BadRequestError) as refused:
                oai(proxy).chat.completions.create(model=model, messages=messages)  # type: ignore[arg-type]
        assert "did you mean" in str(refused.value).lower()
    assert stub.requests == []
    with running_proxy(**settings, allow_unknown_models=True) as proxy:
        raw = oai(proxy).chat.completions.with_raw_response.create(
            model="gpt-4o-mni",
            messages=messages,  # type: ignore[arg-type]
        )
        assert raw.status_code == 200 and int(raw.headers["x-contextledger-budget"]) < 8000


def test_a_refused_request_is_an_error_on_the_dashboard_not_tokens_sent(
    stub: StubServer, tmp_path: Path
) -> None:
    """redteamE finding 11: a request refused before anything was sent showed its tokens
    as "tokens sent". The refused message itself stays in the record (the client said it:
    an identical retry continues the session), reported as refused."""
    with running_proxy(store=tmp_path / "s.db", openai_upstream=stub.url, window=4000) as proxy:
        client = oai(proxy, **{"X-ContextLedger-Session": "toolong"})
        with pytest.raises(openai.BadRequestError):
            client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": "word " * 5000}]
            )
        proxy.flush()
        (row,) = httpx.get(proxy.url + "/contextledger/sessions").json()["sessions"]
        index = httpx.get(proxy.url + "/contextledger/").text
    assert stub.requests == []
    assert (row["sent_tokens"], row["last_used"], row["errors"]) == (0, None, 1)
    assert row["messages"] == 1  # kept in the record, reported as refused
    assert "5,0" not in index.split("tokens sent")[0][-200:]


def test_an_anthropic_turn_with_text_before_its_tool_results_is_sent_results_first(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """redteamE finding 10: the proxy forwarded the client's own JSON for an unchanged
    turn, so a user turn with text before its tool_result blocks (Anthropic answers 400)
    went upstream as it was; the proxy repairs every other such client mistake."""
    client = ant(proxy, **{"X-ContextLedger-Session": "order"})
    tools = [{"name": "ls", "description": "list", "input_schema": {"type": "object"}}]
    stub.script(StubReply("", (("toolu_1", "ls", "{}"),)))
    messages: list[Any] = [{"role": "user", "content": "list the files"}]
    first = client.messages.create(
        model="claude-sonnet-4-6", max_tokens=64, messages=messages, tools=tools
    )
    messages += [
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in first.content]},
        {"role": "user", "content": [
            {"type": "text", "text": "here:"},
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "a.txt"},
        ]},
    ]  # fmt: skip
    client.messages.create(model="claude-sonnet-4-6", max_tokens=64, messages=messages, tools=tools)
    assert not stub.rejected(), stub.rejected()[0].error
    sent = stub.completions()[-1].body["messages"][-1]["content"]
    assert [b["type"] for b in sent] == ["tool_result", "text"]


@pytest.mark.parametrize(
    "url",
    [
        "data:image/png;base64,iVBORw0KGgo=",  # a PNG signature alone
        "data:image/png;base64,AAAA",  # three zero bytes
        "data:image/png;base64,",  # nothing
    ],
)
def test_an_image_that_is_no_image_is_the_clients_400_not_a_store_503(
    proxy: RunningProxy, stub: StubServer, url: str
) -> None:
    """R30-M4: the media store's refusal of bytes that are no image was answered 503 "the
    session store is not available" (a status the SDKs retry, blaming the store); the
    provider answers such an image 400. Nothing is sent or recorded, and the session goes on."""
    client = oai(proxy, **{"X-ContextLedger-Session": "bad-image"})
    client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    sent = len(stub.requests)
    bad = [{"type": "text", "text": "look"}, {"type": "image_url", "image_url": {"url": url}}]
    with pytest.raises(openai.BadRequestError) as refused:
        client.chat.completions.create(
            model="gpt-4o",
            messages=[
                {"role": "user", "content": "hi"},
                {"role": "assistant", "content": "Hello!"},
                {"role": "user", "content": bad},
            ],
        )
    assert "image" in refused.value.message
    assert "store is not available" not in refused.value.message
    assert len(stub.requests) == sent
    assert sessions(proxy)["bad-image"] == 2  # the first turn and its reply, nothing more
    reply = client.chat.completions.create(
        model="gpt-4o",
        messages=[
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "Hello!"},
            {"role": "user", "content": "and now?"},
        ],
    )
    assert reply.choices[0].message.content


@pytest.mark.parametrize("depth", [990, 1_020, 1_100, 100_000])
@pytest.mark.parametrize("path", ["/v1/chat/completions", "/v1/messages", "/v1/responses"])
def test_json_nested_deeper_than_can_be_read_is_a_400_in_the_providers_shape(
    proxy: RunningProxy, stub: StubServer, depth: int, path: str
) -> None:
    """R30-m9: a body nested past orjson's 1,024 levels fell to the standard library's
    reader, whose RecursionError made an HTTP 500 that was no JSON (a traceback in the log)."""
    headers = {"authorization": f"Bearer {OPENAI_KEY}", "content-type": "application/json"}
    deep = "[" * depth + "]" * depth
    key = "input" if path == "/v1/responses" else "messages"
    head = json.dumps({"model": "gpt-4o", "max_tokens": 50})[:-1]
    raw = head + f', "{key}": [{{"role": "user", "content": "x", "n": {deep}}}]}}'
    answer = httpx.post(proxy.url + path, content=raw.encode(), headers=headers, timeout=60)
    assert answer.status_code == 400, answer.text[:300]
    assert "contextledger proxy" in answer.text
    assert not stub.rejected()

"""Claude 4.6 and later refuse a conversation that ends on an assistant turn: "This model
does not support assistant message prefill. The conversation must end with a user message."
(platform.claude.com/docs/en/about-claude/models/migration-guide: "Prefilling assistant
messages returns a 400 error on Claude 4.6 models"; qwen-code#8039 and livekit/agents#4907
saw it on every later model). A fit for such a model refuses it naming where (a prefill is
the app's choice: leaving it out would answer something else): ``translate`` with the model,
``prepare`` and the proxy refuse it naming where (R19-P1: prepare sent it silently), and the
stub refuses it too. A fit does not (a view an app may take before its user speaks), nor
LangChain's ``trim_messages`` on a state that ends on the AI's message (memory, not a
request: ``allow_prefill``, said in a notice)."""

from __future__ import annotations

import anthropic
import pytest
from langchain_core.messages import AIMessage, HumanMessage

from contextledger import fit, translate
from contextledger.catalog import default_catalog, lookup_model, register_model, takes_prefill
from contextledger.errors import ContentError
from contextledger.integrations import litellm as cl_litellm
from contextledger.integrations.langchain import trim_messages
from contextledger.model import Message
from contextledger.prepare import Preparer, prepare
from serve_harness import RunningProxy
from stub_server import Invalid, StubServer, validate_anthropic, validate_gemini

HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
PREFILLED = [Message.user("Give me the JSON.", id="u1"), Message.assistant("{", id="a1")]


@pytest.mark.parametrize(
    "model",
    ["claude-sonnet-4-6", "claude-opus-4-6", "claude-opus-4-7", "claude-opus-5", "claude-fable-5-1",
     "us.anthropic.claude-opus-4-6-v1:0"],
)  # fmt: skip
def test_a_prefill_for_claude_4_6_and_later_is_refused_naming_where(model: str) -> None:
    assert not takes_prefill(lookup_model(model))
    with pytest.raises(ContentError) as err:
        translate(fit(PREFILLED, model).messages, "anthropic", model=model)
    assert err.value.path == "messages[1]" and "prefill" in str(err.value)
    body = {
        "model": lookup_model(model).id,
        "max_tokens": 10,
        **translate(PREFILLED, "anthropic").body,
    }
    with pytest.raises(Invalid, match="does not support assistant message prefill"):
        validate_anthropic(body, HEADERS, StubServer())


@pytest.mark.parametrize("model", ["claude-sonnet-4-5", "claude-haiku-4-5", "claude-3-5-haiku"])
def test_earlier_claude_models_take_a_prefill(model: str) -> None:
    res = fit(PREFILLED, model)
    assert res.messages[-1].role == "assistant"
    body = {
        "model": lookup_model(model).id,
        "max_tokens": 10,
        **translate(res.messages, "anthropic").body,
    }
    validate_anthropic(body, HEADERS, StubServer())


def test_a_fit_for_claude_4_6_ending_on_the_assistant_says_it_cannot_be_sent() -> None:
    """RT25-12: fit(target="anthropic") kept it silently and translate refused it later."""
    res = fit(PREFILLED, "claude-sonnet-4-6", target="anthropic")
    assert res.messages[-1].role == "assistant"  # a view
    [note] = [n for n in res.report.notices if n.kind == "prefill"]
    assert note.where == "a1" and "HTTP 400" in note.text
    assert not [
        n for n in fit(PREFILLED, "claude-sonnet-4-5").report.notices if n.kind == "prefill"
    ]


def test_other_providers_and_a_user_ending_are_untouched() -> None:
    assert (
        translate(PREFILLED, "openai", model="gpt-4o").body["messages"][-1]["role"] == "assistant"
    )
    assert fit(PREFILLED, "claude-sonnet-4-6").messages[-1].role == "assistant"  # a view
    assert translate(PREFILLED[:1], "anthropic", model="claude-sonnet-4-6").body["messages"]


@pytest.mark.parametrize("model", ["claude-sonnet-4-6", "claude-opus-4-6"])
def test_prepare_refuses_a_prefill_as_translate_does(model: str) -> None:
    with pytest.raises(ContentError) as err:
        prepare(PREFILLED, model)
    assert err.value.path == "messages[1]" and "prefill" in str(err.value)
    # unwritten (write=False) the messages go unchecked: the caller writes and checks them
    assert Preparer(model).prepare(PREFILLED, write=False).messages[-1].role == "assistant"


def test_prepare_sends_a_prefill_to_a_model_that_takes_one() -> None:
    out = prepare(PREFILLED, "claude-sonnet-4-5")
    assert out.body["messages"][-1]["role"] == "assistant"
    assert not [n for n in out.report.notices if n.kind == "prefill"]


def test_allow_prefill_keeps_the_view_and_says_it_cannot_be_sent_as_is() -> None:
    out = Preparer("claude-sonnet-4-6", allow_prefill=True).prepare(PREFILLED)
    assert out.messages[-1].role == "assistant"
    [note] = [n for n in out.report.notices if n.kind == "prefill"]
    assert note.where == "a1" and "refuse to send it" in note.text


def test_langchain_trim_still_trims_a_state_that_ends_on_the_ai() -> None:
    state = [HumanMessage("Give me the JSON."), AIMessage("{")]
    reports: list[object] = []
    out = trim_messages(state, max_tokens=500, model="claude-sonnet-4-6", on_report=reports.append)
    assert [type(m) for m in out] == [HumanMessage, AIMessage]
    assert any(n.kind == "prefill" for n in reports[0].notices)


def test_the_proxy_refuses_a_prefill_for_claude_4_6_naming_where(
    proxy: RunningProxy, stub: StubServer
) -> None:
    client = anthropic.Anthropic(
        base_url=proxy.url, api_key="sk-ant-test", max_retries=0,
        default_headers={"X-ContextLedger-Session": "prefill"},
    )  # fmt: skip
    wire = [{"role": "user", "content": "Give me the JSON."}, {"role": "assistant", "content": "{"}]
    with pytest.raises(anthropic.BadRequestError) as err:
        client.messages.create(
            model="claude-sonnet-4-6", max_tokens=50, system="Be brief.",
            messages=wire,  # type: ignore[arg-type]
        )  # fmt: skip
    # the client's own index (the fitted list holds the system prompt first: [2])
    assert "messages[1]:" in str(err.value) and "prefill" in str(err.value)
    assert not stub.completions()  # nothing went upstream to be answered 400 there


def test_the_refusal_names_the_callers_message_not_the_fitted_one() -> None:
    """R20-P2: 601 dicts fitted into 8,000 tokens: the refusal said messages[45] (its
    place in the fitted list), which is one of the caller's questions."""
    msgs: list[dict[str, str]] = [{"role": "system", "content": "Be brief."}]
    for i in range(300):
        msgs += [{"role": "user", "content": f"question {i} " + "lorem ipsum " * 40},
                 {"role": "assistant", "content": f"answer {i} " + "dolor sit " * 40}]  # fmt: skip
    with pytest.raises(ContentError) as err:
        prepare(msgs, "claude-sonnet-4-6", window=8000, max_output_tokens=1000, compaction=False)
    assert err.value.path == "messages[600]"


def test_litellms_trim_keeps_a_list_that_ends_on_the_ai_and_says_so() -> None:
    reports: list[object] = []
    wire = [{"role": "user", "content": "Give me the JSON."}, {"role": "assistant", "content": "{"}]
    out = cl_litellm.trim_messages(wire, model="claude-sonnet-4-6", on_report=reports.append)
    assert [m["role"] for m in out] == ["user", "assistant"]
    assert any(n.kind == "prefill" for n in reports[0].notices)


def test_translate_of_a_fitted_list_names_the_callers_message_too() -> None:
    """RT25-12: fit -> translate refused naming only the fitted list's index (messages[15]
    of 16); a view stays a view, and the refusal (and the fit's notice) now also name the
    message's place in the list the fit was given, where prepare names it."""
    history = [
        {"role": "user", "content": f"question {k}"}
        if k % 2 == 0
        else {"role": "assistant", "content": f"answer {k} " * 150}
        for k in range(39)
    ]
    history.append({"role": "assistant", "content": "{"})  # the app's own prefill
    res = fit(history, "claude-sonnet-4-6", window=3000, max_output_tokens=300,
              target="anthropic")  # fmt: skip
    assert len(res.messages) < len(history) and res.messages[-1].role == "assistant"
    [note] = [n for n in res.report.notices if n.kind == "prefill"]
    assert "messages[39] of the list it was read from" in note.text
    with pytest.raises(ContentError) as err:
        translate(res.messages, "anthropic", model="claude-sonnet-4-6")
    assert err.value.path == f"messages[{len(res.messages) - 1}]"
    assert "message m39, messages[39] of the list it was read from" in str(err.value)
    with pytest.raises(ContentError) as err:
        prepare(history, "claude-sonnet-4-6", window=3000, max_output_tokens=300)
    assert err.value.path == "messages[39]" and "of the list" not in str(err.value)


# Gemini's newer models answer 400 "Requests ending with a model turn are not supported"
# (LibreChat-AI/agents#323 measured gemini-3.6-flash and gemini-3.5-flash-lite refusing it,
# gemini-3.5-flash and 2.5 Flash taking it; pipecat#5821 takes it only from gemini-2.*, 3-*,
# 3.1-* and gemini-pro-latest).
NEW_GEMINI = [("gemini-3.6-flash", 1_048_576), ("gemini-3.5-flash-lite", 1_048_576)]


@pytest.mark.parametrize(("model", "window"), NEW_GEMINI)
def test_a_prefill_for_a_newer_gemini_is_refused_naming_where(model: str, window: int) -> None:
    catalog = default_catalog()
    register_model({"id": model, "provider": "gemini", "context_window": window}, catalog)
    info = catalog.lookup(model)
    assert not takes_prefill(info)
    with pytest.raises(ContentError) as err:
        translate(PREFILLED, "gemini", model=info)
    assert err.value.path == "messages[1]" and "model turn" in str(err.value)
    with pytest.raises(Invalid, match="Requests ending with a model turn are not supported"):
        validate_gemini(translate(PREFILLED, "gemini").body, model)
    res = fit(PREFILLED, info, target="gemini")
    assert [n.kind for n in res.report.notices if n.kind == "prefill"] == ["prefill"]


@pytest.mark.parametrize(
    "model", ["gemini-2.5-flash", "gemini-3-flash-preview", "gemini-pro-latest"]
)
def test_the_gemini_models_measured_taking_a_prefill_take_it(model: str) -> None:
    assert takes_prefill(lookup_model(model))
    body = translate(fit(PREFILLED, model).messages, "gemini", model=model).body
    assert body["contents"][-1]["role"] == "model"
    validate_gemini(body, model)


def test_the_rolling_flash_alias_is_not_sent_a_prefill() -> None:
    """gemini-flash-latest names Google's newest Flash, which may refuse it: not sent."""
    assert not takes_prefill(lookup_model("gemini-flash-latest"))
    with pytest.raises(ContentError):
        translate(PREFILLED, "gemini", model="gemini-flash-latest")


@pytest.mark.parametrize("model", ["claude-sonnet-4-6", "claude-sonnet-4-5"])
def test_a_last_reply_that_said_nothing_is_no_prefill(model: str) -> None:
    """An agent's history from the Responses API whose last reply is reasoning and a blank
    message (review43's fuzz): Anthropic cannot take the reasoning and the blank text is
    nothing, so the turn goes (reported) and the request ends on the user's message — it was
    refused as a prefill on Claude 4.6 and sent as an empty final assistant turn before."""
    history = [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Totals?"}]},
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "QUJD"},
        {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
         "content": [{"type": "output_text", "text": " \n ", "annotations": []}]},
    ]  # fmt: skip
    sent = translate(fit(history, model).messages, "anthropic", model=model)
    assert sent.body["messages"] == [{"role": "user", "content": "Totals?"}]
    assert any("reasoning" in n.text for n in sent.notices)
    body = {"model": lookup_model(model).id, "max_tokens": 10, **sent.body}
    validate_anthropic(body, HEADERS, StubServer())

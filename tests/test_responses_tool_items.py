"""OpenAI Responses input items of the API's own and custom tools (R31-P2): custom tools
(GPT-5 freeform), shell and apply_patch, local shell, computer use, web and file search,
code interpreter, image generation, remote MCP, and references to stored items. They were
refused as "unknown item type"; now an app replaying its own Responses history is fitted:
each item goes back to the Responses API as it came (accepted by the stub through the
official client, never priced below the stub's bill), a call and its output are one unit,
and every other provider gets each item as text, reported in the fit's own report."""

from __future__ import annotations

import base64
import io
import json
import random
from typing import Any

import openai
import pytest
from PIL import Image as PILImage

from contextledger import fit, translate
from contextledger.errors import ContentError
from contextledger.providers import openai_responses
from stub_responses import prompt_tokens
from stub_server import StubServer

GPT5 = "gpt-5"
OTHERS = [("anthropic", "claude-sonnet-4-5"), ("openai", "gpt-4o"), ("gemini", "gemini-2.5-flash")]


def _screenshot() -> str:
    """A 512×384 screenshot of noise: its PNG does not compress (half a megabyte)."""
    buf = io.BytesIO()
    noise = random.Random(7).randbytes(512 * 384 * 3)
    PILImage.frombytes("RGB", (512, 384), noise).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


SHOT = _screenshot()

#: Each kind of item as the API returns it (the openai SDK's ResponseInputItemParam shapes),
#: a call with its output where it has one.
ITEMS: dict[str, list[dict[str, Any]]] = {
    "custom_tool_call": [
        {"type": "custom_tool_call", "call_id": "c1", "name": "grammar", "input": "x = 1"},
        {"type": "custom_tool_call_output", "call_id": "c1", "output": "ok"},
    ],
    "shell_call": [
        {"type": "shell_call", "call_id": "c3", "action": {"commands": ["ls"]},
         "status": "completed"},
        {"type": "shell_call_output", "call_id": "c3",
         "output": [{"stdout": "a", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]},
    ],
    "apply_patch_call": [
        {"type": "apply_patch_call", "call_id": "c4", "status": "completed",
         "operation": {"type": "update_file", "path": "a.py", "diff": "-x\n+y"}},
        {"type": "apply_patch_call_output", "call_id": "c4", "status": "completed",
         "output": "done"},
    ],
    "local_shell_call": [
        {"type": "local_shell_call", "id": "lsh_1", "call_id": "c2", "status": "completed",
         "action": {"type": "exec", "command": ["ls"], "env": {}}},
        {"type": "local_shell_call_output", "id": "lsh_1", "output": "a b"},
    ],
    "computer_call": [
        {"type": "computer_call", "id": "cu_1", "call_id": "c9", "status": "completed",
         "action": {"type": "click", "button": "left", "x": 1, "y": 2},
         "pending_safety_checks": []},
        {"type": "computer_call_output", "call_id": "c9",
         "output": {"type": "computer_screenshot", "image_url": SHOT}},
    ],
    "web_search_call": [
        {"type": "web_search_call", "id": "ws_1", "status": "completed",
         "action": {"type": "search", "query": "x"}},
    ],
    "mcp": [
        {"type": "mcp_list_tools", "id": "mcpl_1", "server_label": "s",
         "tools": [{"name": "n", "input_schema": {"type": "object"}}]},
        {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "s", "name": "n",
         "arguments": "{}"},
        {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True},
        {"type": "mcp_call", "id": "mcp_1", "server_label": "s", "name": "n",
         "arguments": "{}", "output": "r"},
    ],
    "code_interpreter_call": [
        {"type": "code_interpreter_call", "id": "ci_1", "status": "completed",
         "container_id": "cntr_1", "code": "print(1)", "outputs": [{"type": "logs", "logs": "1"}]},
    ],
    "item_reference": [{"type": "item_reference", "id": "msg_123"}],
}  # fmt: skip


def history(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "input": [{"role": "user", "content": "start"}, *items, {"role": "user", "content": "next"}]
    }


@pytest.mark.parametrize("name", ITEMS)
def test_each_item_goes_back_as_it_came(stub: StubServer, name: str) -> None:
    out = fit(history(ITEMS[name]), GPT5, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    assert body["input"][1:-1] == ITEMS[name]
    assert out.report.used >= prompt_tokens({"model": GPT5, **body})
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model=GPT5, **body)
    assert stub.rejected() == []


@pytest.mark.parametrize(("target", "model"), OTHERS)
@pytest.mark.parametrize("name", ITEMS)
def test_other_providers_get_each_item_as_text_reported(name: str, target: str, model: str) -> None:
    out = fit(history(ITEMS[name]), model, target=target)  # type: ignore[arg-type]
    sent = json.dumps(translate(out.messages, target).body, ensure_ascii=False)  # type: ignore[arg-type]
    replaced = [n.text for n in out.report.notices if n.kind == "replaced"]
    for item in ITEMS[name]:
        assert f"[{item['type']}" in sent
        assert any(f"{item['type']} block from openai-responses" in t for t in replaced)
    assert "base64," not in sent  # a screenshot is named, not pasted as text


def test_a_call_and_its_output_are_kept_or_dropped_together() -> None:
    turns: list[dict[str, Any]] = [{"role": "user", "content": "refactor step by step"}]
    for k in range(40):
        turns += [
            {"type": "custom_tool_call", "call_id": f"k{k}", "name": "edit", "input": "a " * 40},
            {"type": "custom_tool_call_output", "call_id": f"k{k}", "output": "done " * 20},
            {"role": "user", "content": f"go on with step {k + 1}"},
        ]
    kept = 0
    for window in (700, 1500, 3000, 6000):
        out = fit({"input": turns}, GPT5, target="openai-responses", window=window)
        body = translate(out.messages, "openai-responses").body
        calls = {i["call_id"] for i in body["input"] if i.get("type") == "custom_tool_call"}
        outputs = {
            i["call_id"] for i in body["input"] if i.get("type") == "custom_tool_call_output"
        }
        assert calls == outputs
        kept += len(calls)
    assert kept


@pytest.mark.parametrize(
    "items",
    [
        [{"type": "custom_tool_call_output", "call_id": "zz", "output": "stray"}],
        [{"type": "shell_call", "call_id": "s1", "action": {"commands": ["ls"]},
          "status": "completed"}],
    ],
)  # fmt: skip
def test_an_item_without_its_pair_is_sent_as_text_reported(
    stub: StubServer, items: list[dict[str, Any]]
) -> None:
    """The API refuses an output whose call is not before it, and a client tool's call
    without its output: the item goes as an assistant text saying what it held."""
    notices: list[Any] = []
    sent = openai_responses.write(openai_responses.read(history(items)), notices)
    assert [i["type"] for i in sent] == ["message"] * 3
    assert f"[{items[0]['type']}" in sent[1]["content"]
    assert [n.kind for n in notices] == ["replaced"]
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model=GPT5, input=sent)  # type: ignore[arg-type]
    assert stub.rejected() == []


def test_a_parallel_function_call_and_custom_call_stay_valid(stub: StubServer) -> None:
    items = [
        {"role": "user", "content": "do both"},
        {"type": "function_call", "call_id": "f1", "name": "read", "arguments": "{}"},
        {"type": "custom_tool_call", "call_id": "k1", "name": "grep", "input": "TODO"},
        {"type": "function_call_output", "call_id": "f1", "output": "contents"},
        {"type": "custom_tool_call_output", "call_id": "k1", "output": "3 TODOs"},
        {"role": "user", "content": "next"},
    ]
    out = fit({"input": items}, GPT5, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    assert body["input"] == [{"type": "message", **items[0]}, *items[1:5],
                             {"type": "message", **items[5]}]  # fmt: skip
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model=GPT5, **body)
    assert stub.rejected() == []


def test_a_reference_without_its_type_goes_back_as_it_came() -> None:
    """``ItemReference.type`` is optional: ``{"id": …}`` alone is a reference."""
    out = fit(history([{"id": "msg_9"}]), GPT5, target="openai-responses")
    assert translate(out.messages, "openai-responses").body["input"][1] == {"id": "msg_9"}


def test_reasoning_before_a_tool_item_is_kept() -> None:
    """A reasoning item produced a shell call: the pair is valid, nothing removed."""
    items = [
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAAB"},
        {"type": "shell_call", "id": "sh_1", "call_id": "c1", "status": "completed",
         "action": {"commands": ["ls"]}},
        {"type": "shell_call_output", "call_id": "c1", "output": [
            {"stdout": "a", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]},
    ]  # fmt: skip
    for target, model in [("openai-responses", GPT5), *OTHERS]:
        out = fit(history(items), model, target=target)  # type: ignore[arg-type]
        assert not [n for n in out.report.notices if n.kind in ("repaired", "dropped")]
    body = translate(fit(history(items), GPT5).messages, "openai-responses").body
    assert body["input"][1]["id"] == "rs_1" and body["input"][2]["type"] == "shell_call"


def test_a_screenshot_is_priced_as_an_image_not_its_base64() -> None:
    out = fit(history(ITEMS["computer_call"]), GPT5, target="openai-responses")
    assert out.report.used < len(SHOT) // 8  # (its base64 as text: ~len/3 tokens)
    body = translate(out.messages, "openai-responses").body
    assert out.report.used >= prompt_tokens({"model": GPT5, **body})


@pytest.mark.parametrize("kind", [["custom_tool_call"], {"x": 1}])
def test_an_unhashable_item_type_is_a_content_error(kind: object) -> None:
    with pytest.raises(ContentError):
        fit({"input": [{"role": "user", "content": "q"}, {"type": kind}]}, GPT5)


@pytest.mark.parametrize(
    "item",
    [{"id": 5}, {"type": "custom_tool_call_output", "call_id": ["c1"], "output": "x"},
     {"type": "mcp_approval_response", "approval_request_id": "", "approve": True},
     {"type": "custom_tool_call", "call_id": "c1", "name": "f", "input": float("nan")}],
)  # fmt: skip
def test_an_item_whose_ids_or_values_the_api_refuses_is_a_content_error(item: object) -> None:
    with pytest.raises(ContentError):
        fit(history([item]), GPT5, target="openai-responses")  # type: ignore[list-item]


def test_the_stub_refuses_what_the_api_refuses(stub: StubServer) -> None:
    """An output whose call is not before it, a client call without output."""
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    for items in (
        [{"type": "custom_tool_call_output", "call_id": "zz", "output": "x"}],
        [{"type": "custom_tool_call", "call_id": "c1", "name": "g", "input": "x"}],
        [{"type": "compaction_trigger"}, {"role": "user", "content": "q"}],
    ):
        with pytest.raises(openai.BadRequestError):
            client.responses.create(model=GPT5, input=[{"role": "user", "content": "q"}, *items])  # type: ignore[arg-type]


# --- R31-S1: another provider's file sent as text is reported by fit itself


@pytest.mark.parametrize("mime", ["video/mp4", "audio/mpeg"])
@pytest.mark.parametrize(("target", "model"), OTHERS[:2])
def test_a_gemini_file_sent_as_text_is_in_the_fit_report(
    mime: str, target: str, model: str
) -> None:
    uri = "https://generativelanguage.googleapis.com/v1beta/files/abc"
    contents = [{"role": "user", "parts": [{"text": "what is in this?"},
                                           {"fileData": {"mimeType": mime, "fileUri": uri}}]}]  # fmt: skip
    out = fit({"contents": contents}, model, target=target)  # type: ignore[arg-type]
    told = [n.text for n in out.report.notices if n.kind == "replaced"]
    assert len(told) == 1 and mime in told[0] and uri in told[0]


def test_prepare_says_each_replacement_once() -> None:
    from contextledger import prepare

    out = prepare(history(ITEMS["custom_tool_call"]), "claude-sonnet-4-5", target="anthropic",
                  compaction=False)  # fmt: skip
    replaced = [n.text for n in out.report.notices if n.kind == "replaced"]
    assert len(replaced) == 2


# --- items without their pair: repaired before a fit, reported in its report


@pytest.mark.parametrize(
    ("items", "why"),
    [
        ([{"type": "custom_tool_call_output", "call_id": "zz", "output": "stray"}],
         "its call is not before it"),
        ([{"type": "shell_call", "call_id": "s1", "action": {"commands": ["ls"]},
           "status": "completed"}], "no output answers it"),
        ([ITEMS["web_search_call"][0], ITEMS["web_search_call"][0]], "an earlier item has its id"),
        ([*ITEMS["custom_tool_call"], *ITEMS["custom_tool_call"]], "an earlier call has its id"),
    ],
)  # fmt: skip
def test_fit_repairs_an_item_the_api_refuses_where_it_stands(
    stub: StubServer, items: list[dict[str, Any]], why: str
) -> None:
    out = fit(history(items), GPT5, target="openai-responses")
    repaired = [n.text for n in out.report.notices if n.kind == "repaired"]
    assert any(why in t for t in repaired)
    body = translate(out.messages, "openai-responses").body
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model=GPT5, **body)
    assert stub.rejected() == []


def test_an_output_whose_call_the_fit_dropped_is_sent_as_text_reported(stub: StubServer) -> None:
    """A function call and a custom call made together, answered in turn: the custom
    output is read into the next assistant message; a window that drops the first
    exchange (its long function output; the question takes most of the window) keeps the
    custom output alone, which is sent as text and said in the fit's own report, not
    refused."""
    items = [
        {"role": "user", "content": "read the log and grep it"},
        {"type": "function_call", "call_id": "f1", "name": "read", "arguments": "{}"},
        {"type": "custom_tool_call", "call_id": "k1", "name": "grep", "input": "ERROR"},
        {"type": "function_call_output", "call_id": "f1", "output": "log line " * 2000},
        {"type": "custom_tool_call_output", "call_id": "k1", "output": "3 errors"},
        {"role": "user", "content": "which errors? " + "context " * 600},
    ]
    out = fit({"input": items}, GPT5, target="openai-responses", window=1200)
    body = translate(out.messages, "openai-responses").body
    assert not any(i.get("type") == "custom_tool_call_output" for i in body["input"])
    assert any("[custom_tool_call_output (k1)]" in str(i.get("content")) for i in body["input"])
    told = [n.text for n in out.report.notices if n.kind == "replaced"]
    assert any("custom_tool_call_output item was sent as text" in t for t in told)
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model=GPT5, **body)
    assert stub.rejected() == []


def test_repair_sends_a_stray_output_as_text() -> None:
    from contextledger import repair
    from contextledger.model import Text

    stray = {"type": "apply_patch_call_output", "call_id": "gone", "status": "completed"}
    fixed = repair(openai_responses.read(history([stray])), target="openai-responses")
    assert [c.kind for c in fixed.changes] == ["unpaired_item"]
    assert fixed.messages[1].content == (Text("[apply_patch_call_output (gone)]"),)

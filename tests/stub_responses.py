"""The OpenAI Responses half of the stub server (``POST /v1/responses``), used by
``stub_server.StubServer``.

:func:`validate_responses` refuses what the Responses API refuses: a bearer key; ``model``;
only known top-level parameters; ``input`` a non-empty string or item list; known item
types and roles, with the content part types each role may carry; ``input_image`` only
in user messages and function-call outputs, as http(s) URLs or valid base64 image data
URLs within limits; every ``function_call_output`` answers an earlier ``function_call``
with the same ``call_id`` (once), and every ``function_call`` is answered; no two items
share an ``id`` ("Duplicate item found with id …"); a reasoning item
is followed by the item it produced (an assistant message or a function call), never
by a user turn or the end of the input; a ``compaction`` item carries its
``encrypted_content``; ``max_output_tokens`` at least 16; and every item has the shape
the official SDK's ``ResponseInputItemParam`` types give it (no unknown keys, a reasoning
item's ``id``…; an image's ``detail`` may be left out: the API defaults it).

:func:`send_reply` answers a valid request as the API does: a JSON ``Response`` or an SSE
stream of ``response.*`` events ending in ``response.completed`` with usage.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from stub_server import StubReply, StubServer, _Handler

RESPONSES_PARAMS = frozenset(
    {
        "model", "input", "instructions", "stream", "stream_options", "max_output_tokens",
        "temperature", "top_p", "tools", "tool_choice", "parallel_tool_calls", "text",
        "reasoning", "include", "store", "metadata", "previous_response_id", "user",
        "service_tier", "truncation", "background", "prompt_cache_key", "safety_identifier",
        "max_tool_calls", "top_logprobs", "conversation", "prompt",
    }
)  # fmt: skip

#: Items of the built-in tools (computer use, web search, custom tools, shell, MCP…) and
#: references to stored items, which clients resend as they got them.
_BUILT_IN_ITEMS = frozenset(
    {
        "computer_call", "computer_call_output", "web_search_call", "file_search_call",
        "custom_tool_call", "custom_tool_call_output", "local_shell_call",
        "local_shell_call_output", "image_generation_call", "code_interpreter_call",
        "mcp_call", "mcp_list_tools", "mcp_approval_request", "mcp_approval_response",
        "item_reference", "shell_call", "shell_call_output", "apply_patch_call",
        "apply_patch_call_output", "tool_search_call", "tool_search_output", "program",
        "program_output", "additional_tools", "configuration_update", "compaction_trigger",
    }
)  # fmt: skip
#: Each built-in output item's call: (call type, the output's key naming it, the call's
#: keys it may name). The API refuses an output whose call is not before it ("No tool call
#: found for custom tool call output with call_id …").
_BUILT_IN_ANSWERS = {
    "custom_tool_call_output": ("custom_tool_call", "call_id", ("call_id",)),
    "shell_call_output": ("shell_call", "call_id", ("call_id",)),
    "apply_patch_call_output": ("apply_patch_call", "call_id", ("call_id",)),
    "computer_call_output": ("computer_call", "call_id", ("call_id",)),
    "local_shell_call_output": ("local_shell_call", "id", ("id", "call_id")),
    "mcp_approval_response": ("mcp_approval_request", "approval_request_id", ("id",)),
    "tool_search_output": ("tool_search_call", "call_id", ("call_id",)),
    "program_output": ("program", "call_id", ("call_id",)),
}
#: Calls the client runs: the API refuses one that has no output ("No tool output found
#: for custom tool call …").
_CLIENT_CALLS = ("custom_tool_call", "shell_call", "apply_patch_call", "computer_call",
                 "local_shell_call")  # fmt: skip

_CALL_KEYS = {call: keys for call, _, keys in _BUILT_IN_ANSWERS.values()}

_PARTS_BY_ROLE = {
    "user": ("input_text", "input_image", "input_file"),  # (no audio: Chat takes it)
    "system": ("input_text",),
    "developer": ("input_text",),
    "assistant": ("output_text", "refusal"),
}
_OUTPUT_PARTS = ("input_text", "input_image", "input_file")


#: The prefix the API wants of each item kind's own id (openai/openai-agents-python's
#: ``__fake_id__`` refused with "Expected an ID that begins with 'fc'"; 'msg':
#: UKGovernmentBEIS/inspect_ai#1545; 'rs': routers' ``item_…`` ids replayed).
_ID_PREFIX = {"message": "msg", "function_call": "fc", "reasoning": "rs"}


def validate_responses(body: Any, headers: Mapping[str, str], stub: StubServer) -> None:
    """Raise ``Invalid`` for anything ``POST /v1/responses`` would refuse."""
    from stub_server import (
        Invalid,
        _check_image_data,
        check_function_schema,
        check_tool_name,
        max_output,
        refuse_realtime,
        too_long,
    )

    if not headers.get("authorization", "").startswith("Bearer "):
        raise Invalid("You didn't provide an API key.", status=401)
    if not isinstance(body, dict):
        raise Invalid("We could not parse the JSON body of your request.")
    for key in body:
        if key not in RESPONSES_PARAMS:
            raise Invalid(f"Unknown parameter: '{key}'.", key)
    for k, tool in enumerate(body.get("tools") or []):
        if isinstance(tool, dict) and tool.get("type") == "function":
            check_tool_name(str(tool.get("name")), f"tools[{k}].name")
            check_function_schema(
                str(tool.get("name")), tool.get("parameters"), tool.get("strict"),
                f"tools[{k}].parameters",
            )  # fmt: skip
    if not isinstance(body.get("model"), str) or not body["model"]:
        raise Invalid("Missing required parameter: 'model'.", "model")
    refuse_realtime(body["model"], "v1/responses")
    limit = body.get("max_output_tokens")
    if limit is not None and (not isinstance(limit, int) or limit < 16):
        raise Invalid(
            f"Invalid 'max_output_tokens': integer below minimum value. Expected a value >= "
            f"16, but got {limit} instead.",
            "max_output_tokens",
        )
    most = max_output(body["model"])
    if isinstance(limit, int) and most is not None and limit > most:
        raise Invalid(
            f"Invalid 'max_output_tokens': integer above maximum value. Expected a value <= "
            f"{most}, but got {limit} instead.",
            "max_output_tokens",
        )
    if "stream_options" in body and not body.get("stream"):
        raise Invalid("'stream_options' is only allowed when 'stream' is true.", "stream_options")
    items = body.get("input")
    if isinstance(items, str):
        return
    if not isinstance(items, list) or not items:
        raise Invalid("Missing required parameter: 'input'.", "input")
    images = 0
    calls: dict[str, bool] = {}  # call_id -> answered
    ids: set[str] = set()  # item ids (rs_…, msg_…, fc_…) seen
    built_in_calls: dict[tuple[str, object], bool] = {}  # (call type, key) -> answered
    for i, raw in enumerate(items):
        p = f"input[{i}]"
        if not isinstance(raw, dict):
            raise Invalid(f"Invalid type for '{p}': expected an object.", p)
        # (an item reference's type is optional: {"id": …} alone is one)
        kind = raw.get("type", "item_reference" if raw.keys() == {"id"} else "message")
        # (a local shell call's output names its call by ``id``: not an id of its own)
        item_id = raw.get("id") if kind != "local_shell_call_output" else None
        if isinstance(item_id, str):  # continuedev/continue#10200, github/app#540
            prefix = _ID_PREFIX.get(
                "message" if kind == "message" and raw.get("role") == "assistant" else kind
            )
            if prefix is not None and not item_id.startswith(prefix):
                raise Invalid(
                    f"Invalid '{p}.id': '{item_id}'. Expected an ID that begins with '{prefix}'.",
                    p + ".id",
                )
            if item_id in ids:
                raise Invalid(
                    f"Duplicate item found with id {item_id}. Remove duplicate items from your "
                    "input and try again.",
                    "input",
                )
            ids.add(item_id)
        if kind == "message":
            images += _check_message(raw, p, stub)
        elif kind == "function_call":
            cid = raw.get("call_id")
            if not isinstance(cid, str) or not cid:
                raise Invalid(f"Missing required parameter: '{p}.call_id'.", p + ".call_id")
            if not isinstance(raw.get("name"), str) or not isinstance(raw.get("arguments"), str):
                raise Invalid(f"'{p}' needs a string 'name' and 'arguments'.", p)
            too_long(cid, 64, p + ".call_id")
            check_tool_name(raw["name"], p + ".name")
            reasoning = stub.reasoned_calls.get(item_id) if isinstance(item_id, str) else None
            if reasoning is not None and reasoning not in ids:  # cline#12242, continue#10018
                raise Invalid(
                    f"Item '{item_id}' of type 'function_call' was provided without its "
                    f"required 'reasoning' item: '{reasoning}'.",
                    "input",
                )
            if cid in calls:
                raise Invalid(f"Duplicate item found with call_id {cid}.", p + ".call_id")
            calls[cid] = False
        elif kind == "function_call_output":
            cid = raw.get("call_id")
            if isinstance(cid, str):
                too_long(cid, 64, p + ".call_id")
            if cid not in calls:
                raise Invalid(f"No tool call found for function call output with call_id {cid}.", p)
            if calls[cid]:
                raise Invalid(f"Duplicate function call output for call_id {cid}.", p)
            calls[cid] = True
            images += _check_output(raw.get("output"), p + ".output", stub)
        elif kind == "reasoning":
            if not isinstance(raw.get("summary"), list):
                raise Invalid(f"Missing required parameter: '{p}.summary'.", p + ".summary")
            following = items[i + 1] if i + 1 < len(items) else None
            if not (
                isinstance(following, dict)
                and (
                    following.get("type") in ("function_call", "reasoning")
                    or following.get("type") in _BUILT_IN_ITEMS
                    or (following.get("type", "message") == "message"
                        and following.get("role") == "assistant")
                )
                # a reasoning item with an id is paired with the item it produced by id:
                # the API refuses it when that item comes back without its own
                and (raw.get("id") is None or isinstance(following.get("id"), str))
            ):  # fmt: skip
                raise Invalid(
                    f"Item '{raw.get('id', p)}' of type 'reasoning' was provided without its "
                    "required following item.",
                    p,
                )
            if (
                raw.get("id") and following.get("type") != "reasoning" and not following.get("id")
            ):  # the API finds the item a reasoning item produced by its id
                raise Invalid(
                    f"Item '{raw['id']}' of type 'reasoning' was provided without its "
                    "required following item.",
                    p,
                )
        elif kind in _BUILT_IN_ITEMS:  # built-in tools' items, their calls paired
            answers = _BUILT_IN_ANSWERS.get(kind)
            if answers is not None:
                call_kind, key, _ = answers
                named = raw.get(key) if isinstance(raw.get(key), str) else None
                if (call_kind, named) not in built_in_calls:
                    raise Invalid(
                        f"No tool call found for {kind.replace('_', ' ')} with {key} "
                        f"{raw.get(key)}.",
                        p,
                    )
                built_in_calls[(call_kind, raw[key])] = True
            for key in _CALL_KEYS.get(kind, ()):
                if isinstance(raw.get(key), str):
                    built_in_calls.setdefault((kind, raw[key]), False)
            found: list[str] = []  # a screenshot is an image like any other: checked
            _images_out(raw, found)
            for url in found:
                _check_image_data(url, p, stub.max_image_base64)
            images += len(found)
            if kind == "compaction_trigger" and i != len(items) - 1:
                raise Invalid("A compaction_trigger item must be the final input item.", p)
        elif kind == "compaction":
            if not isinstance(raw.get("encrypted_content"), str) or not raw["encrypted_content"]:
                raise Invalid(f"Missing required parameter: '{p}.encrypted_content'.", p)
        else:
            raise Invalid(f"Invalid value: '{kind}'. Supported values are: 'message', "
                          "'function_call', 'function_call_output', 'reasoning' and "
                          "'compaction'.", p + ".type")  # fmt: skip
    for i, raw in enumerate(items):
        _check_sdk_shape(raw, f"input[{i}]")
    for kind in _CLIENT_CALLS:  # each call is named by all its keys: answered by one
        for raw in items:
            keys = [(kind, raw.get(k)) for k in _CALL_KEYS[kind] if raw.get("type") == kind]
            if keys and not any(built_in_calls.get(k) for k in keys):
                name = kind.replace("_", " ")
                raise Invalid(f"No tool output found for {name} {raw.get('call_id')}.", "input")
    unanswered = [cid for cid, done in calls.items() if not done]
    if unanswered:
        raise Invalid(f"No tool output found for function call {unanswered[0]}.", "input")
    if images and body["model"] in stub.text_only_models:
        raise Invalid("Invalid content type. image_url is only supported by certain models.")
    if images > stub.max_images:
        raise Invalid(f"Too many images in request. Max is {stub.max_images}.", "input")


def _check_sdk_shape(item: dict[str, Any], p: str) -> None:
    """The item has the shape the official SDK's ``ResponseInputItemParam`` gives it (the
    API refuses unknown keys, a reasoning item without its id, a wrong part type…), after
    the one default the API fills in that the SDK types require: an image's ``detail``."""
    import pydantic

    from sdk_check import validate_body
    from stub_server import Invalid

    def with_detail(part: Any) -> Any:
        if isinstance(part, dict) and part.get("type") == "input_image":
            return {"detail": "auto", **part}
        return part

    shaped = dict(item)
    for key in ("content", "output"):
        if isinstance(shaped.get(key), list):
            shaped[key] = [with_detail(part) for part in shaped[key]]
    try:
        validate_body("openai-responses", {"input": [shaped]})
    except pydantic.ValidationError as exc:
        # the union member of the item's own type that got furthest, its deepest error
        members: dict[str, list[Any]] = {}
        for e in exc.errors():
            members.setdefault(str(e["loc"][1:2]), []).append(e)

        def closeness(errors: list[Any]) -> tuple[bool, int, int]:
            own_type = not any(e["loc"][2:] == ("type",) for e in errors)
            return own_type, max(len(e["loc"]) for e in errors), -len(errors)

        deepest = max(max(members.values(), key=closeness), key=lambda e: len(e["loc"]))
        where = ".".join(
            str(x) for x in deepest["loc"][2:] if not str(x).endswith("Param") and "[" not in str(x)
        )
        raise Invalid(f"Invalid '{p}{'.' + where if where else ''}': {deepest['msg']}", p) from None


def _check_message(item: Mapping[str, Any], p: str, stub: StubServer) -> int:
    from stub_server import Invalid

    role = item.get("role")
    if role not in _PARTS_BY_ROLE:
        raise Invalid(
            f"Invalid value: '{role}'. Supported values are: 'assistant', 'system', "
            "'developer', and 'user'.",
            p + ".role",
        )
    content = item.get("content")
    if isinstance(content, str):
        return 0
    if not isinstance(content, list) or not content:
        raise Invalid(f"Invalid '{p}.content': expected a string or a non-empty array.", p)
    images = 0
    for j, part in enumerate(content):
        q = f"{p}.content[{j}]"
        kind = part.get("type") if isinstance(part, dict) else None
        if kind not in _PARTS_BY_ROLE[role]:
            raise Invalid(f"Invalid value: '{kind}' in a {role} message.", q + ".type")
        images += _check_part(part, q, stub)
    return images


def _check_output(output: Any, p: str, stub: StubServer) -> int:
    from stub_server import Invalid

    if isinstance(output, str):
        return 0
    if not isinstance(output, list):
        raise Invalid(f"Invalid type for '{p}': expected a string or an array.", p)
    images = 0
    for j, part in enumerate(output):
        q = f"{p}[{j}]"
        kind = part.get("type") if isinstance(part, dict) else None
        if kind not in _OUTPUT_PARTS:
            raise Invalid(f"Invalid value: '{kind}' in a function call output.", q + ".type")
        images += _check_part(part, q, stub)
    return images


def _check_part(part: Mapping[str, Any], q: str, stub: StubServer) -> int:
    from stub_server import Invalid, _check_image_data

    kind = part["type"]
    if kind in ("input_text", "output_text") and not isinstance(part.get("text"), str):
        raise Invalid(f"Missing required parameter: '{q}.text'.", q + ".text")
    if kind == "input_file":
        from stub_server import _check_file

        _check_file(part, q, ("file_data", "file_id", "file_url"))
    if kind != "input_image":
        return 0
    url = part.get("image_url")
    if part.get("detail", "auto") not in ("auto", "low", "high"):
        raise Invalid(f"Invalid value for '{q}.detail'.", q + ".detail")
    if url is None and isinstance(part.get("file_id"), str):
        return 1  # an uploaded image, by its id
    if not isinstance(url, str):
        raise Invalid(f"Missing required parameter: '{q}.image_url'.", q)
    if not url.startswith(("http://", "https://")):
        _check_image_data(url, q, stub.max_image_base64)
    return 1


# --------------------------------------------------------------------------- answers


#: The stand-in count of an image sent by file id (its pixels are not in the request).
BY_FILE_ID = 765


def prompt_tokens(body: Mapping[str, Any]) -> int:
    """A deterministic stand-in for the input count: 3 priming tokens, 3 per item plus
    its text (or JSON for reasoning), each image by the tile formula; function calls and
    their outputs as Chat Completions bills them (``stub_server._calls_tokens``: the call
    ids are not billed, the API's recorded bills say: ``tests/test_billed_fantasy.py``), a
    run of calls as one assistant message; the structured-output format (``text.format``)
    as the Chat stub counts ``response_format``."""
    from stub_server import _calls_tokens, _count, _format_tokens, _image_tokens

    model = str(body.get("model", ""))
    items = body.get("input")
    text = body.get("text")
    total = 3 + _format_tokens(text.get("format") if isinstance(text, dict) else None, model)
    if isinstance(items, str):
        return total + 3 + _count(items, model)
    runs: list[list[dict[str, Any]]] = []  # runs of consecutive calls: one message each
    before: object = None
    for item in items or []:
        if item.get("type") == "function_call":
            if not runs or runs[-1][-1] is not before:
                runs.append([])
            runs[-1].append(item)
        before = item
    parallel = {str(c.get("call_id")) for run in runs if len(run) > 1 for c in run}
    for run in runs:
        calls = [
            {"function": {"name": c.get("name"), "arguments": c.get("arguments")}} for c in run
        ]
        total += 3 + _count("assistant", model) + _calls_tokens(calls, model)
    for item in items or []:
        if item.get("type") == "function_call":
            continue
        if item.get("type") == "function_call_output":
            output = item.get("output")
            total += 3 + _count("tool", model)  # (as the Chat stub counts a tool message)
            if isinstance(output, str) and str(item.get("call_id")) in parallel:
                total += _count(json.dumps(output), model)  # re-serialized, as on Chat
                continue
        else:
            total += 3
        parts = item.get("content") if item.get("type", "message") == "message" else None
        if item.get("type") == "function_call_output":
            parts = item.get("output")
        if isinstance(parts, str):
            total += _count(parts, model)
        elif isinstance(parts, list):
            for part in parts:
                if part.get("type") == "input_image" and "image_url" not in part:
                    total += BY_FILE_ID  # an uploaded image, by its id: its size is not here
                elif part.get("type") == "input_image":
                    spec = {"url": part["image_url"], "detail": part.get("detail")}
                    total += _image_tokens({"image_url": spec}, False, model)
                else:
                    total += _count(str(part.get("text", "")), model)
        else:  # a built-in tool's item: its JSON, each image in it (a screenshot) as an image
            images: list[str] = []
            if item.get("type") == "image_generation_call" and isinstance(item.get("result"), str):
                images.append(f"data:image/png;base64,{item['result']}")  # the image it made
                item = {**item, "result": ""}
            total += _count(json.dumps(_images_out(item, images), ensure_ascii=False), model)
            for url in images:
                total += _image_tokens({"image_url": {"url": url}}, False, model)
    if body.get("tools"):
        total += _count(json.dumps(body["tools"]), model)
    return total


def _images_out(value: Any, images: list[str]) -> Any:
    """``value`` with each image data URL in it moved to ``images`` (billed as an image,
    as the API bills a computer-use screenshot, not as the characters of its base64)."""
    if isinstance(value, dict):
        return {k: _images_out(v, images) for k, v in value.items()}
    if isinstance(value, list):
        return [_images_out(v, images) for v in value]
    if isinstance(value, str) and value.startswith("data:image/"):
        images.append(value)
        return ""
    return value


def default_text(body: Mapping[str, Any], n: int) -> str:
    items = body.get("input")
    items = [{"role": "user", "content": items}] if isinstance(items, str) else items or []
    images = sum(
        1
        for it in items
        for part in (it.get("content") or it.get("output") or [])
        if isinstance(part, dict) and part.get("type") == "input_image"
    )
    last = next((it for it in reversed(items) if it.get("role") == "user"), {})
    content = last.get("content")
    text = (
        content
        if isinstance(content, str)
        else " ".join(p.get("text", "") for p in content or [] if p.get("type") == "input_text")
    )
    return (
        f"Stub reply {n}: I read {len(items)} item(s) and {images} image(s). "
        f"You said: {' '.join(text.split())[:60]}"
    )


def send_reply(handler: _Handler, body: dict[str, Any], reply: StubReply, truncate: bool) -> None:
    """Answer as ``POST /v1/responses`` does (SSE events when ``stream`` is true)."""
    n = len(handler.server_stub.requests)
    output: list[dict[str, Any]] = []
    if reply.reasoning is not None:
        output.append({"type": "reasoning", "id": f"rs_stub{n}", "summary": [
            {"type": "summary_text", "text": reply.reasoning}],
            "encrypted_content": f"enc-{n}-opaque"})  # fmt: skip
    if reply.text:
        output.append({
            "type": "message", "id": f"msg_stub{n}", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": reply.text, "annotations": []}],
        })  # fmt: skip
    for k, (cid, name, args) in enumerate(reply.tool_calls):
        output.append({"type": "function_call", "id": f"fc_stub{n}_{k}", "call_id": cid,
                       "name": name, "arguments": args, "status": "completed"})  # fmt: skip
        if reply.reasoning is not None:  # (the API pairs them: sent back, both or neither)
            handler.server_stub.reasoned_calls[f"fc_stub{n}_{k}"] = f"rs_stub{n}"
    out_tokens = max(1, math.ceil(len(reply.text) / 4)) + sum(
        math.ceil(len(a) / 4) + 5 for _, _, a in reply.tool_calls
    )
    inp = prompt_tokens(body)
    incomplete = reply.finish_reason == "length"
    response = {
        "id": f"resp_stub{n}", "object": "response", "created_at": 0, "model": body["model"],
        "status": "incomplete" if incomplete else "completed",
        "incomplete_details": {"reason": "max_output_tokens"} if incomplete else None,
        "output": output, "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
        "usage": {"input_tokens": inp, "input_tokens_details": {"cached_tokens": 0},
                  "output_tokens": out_tokens, "output_tokens_details": {"reasoning_tokens": 0},
                  "total_tokens": inp + out_tokens},
    }  # fmt: skip
    if not body.get("stream"):
        handler._send_json(200, response)
        return
    handler._sse_start()
    seq = 0

    def event(kind: str, **data: Any) -> None:
        nonlocal seq
        handler._sse({"type": kind, "sequence_number": seq, **data}, kind)
        seq += 1

    started = {**response, "status": "in_progress", "output": [], "usage": None}
    event("response.created", response=started)
    # the events the API sends, in its order (the SDK's stream helper needs each part
    # added before its deltas)
    for index, item in enumerate(output):
        if item["type"] == "message":
            event("response.output_item.added", output_index=index,
                  item={**item, "content": [], "status": "in_progress"})  # fmt: skip
            part = {"type": "output_text", "text": "", "annotations": []}
            event("response.content_part.added", item_id=item["id"], output_index=index,
                  content_index=0, part=part)  # fmt: skip
            for piece in handler._pieces(reply.text):
                event("response.output_text.delta", item_id=item["id"], output_index=index,
                      content_index=0, delta=piece, logprobs=[])  # fmt: skip
                if truncate:
                    return  # the connection closes mid-reply
            event("response.output_text.done", item_id=item["id"], output_index=index,
                  content_index=0, text=reply.text, logprobs=[])  # fmt: skip
            event("response.content_part.done", item_id=item["id"], output_index=index,
                  content_index=0, part=item["content"][0])  # fmt: skip
        elif item["type"] == "function_call":
            event("response.output_item.added", output_index=index,
                  item={**item, "arguments": "", "status": "in_progress"})  # fmt: skip
            for piece in handler._pieces(item["arguments"]):
                event("response.function_call_arguments.delta", item_id=item["id"],
                      output_index=index, delta=piece)  # fmt: skip
            event("response.function_call_arguments.done", item_id=item["id"],
                  output_index=index, name=item["name"], arguments=item["arguments"])  # fmt: skip
        else:  # reasoning
            event("response.output_item.added", output_index=index,
                  item={**item, "summary": []})  # fmt: skip
            for k, summary in enumerate(item["summary"]):
                event("response.reasoning_summary_part.added", item_id=item["id"],
                      output_index=index, summary_index=k,
                      part={"type": "summary_text", "text": ""})  # fmt: skip
                event("response.reasoning_summary_text.delta", item_id=item["id"],
                      output_index=index, summary_index=k, delta=summary["text"])  # fmt: skip
                event("response.reasoning_summary_text.done", item_id=item["id"],
                      output_index=index, summary_index=k, text=summary["text"])  # fmt: skip
                event("response.reasoning_summary_part.done", item_id=item["id"],
                      output_index=index, summary_index=k, part=summary)  # fmt: skip
        event("response.output_item.done", output_index=index, item=item)
    event("response.incomplete" if incomplete else "response.completed", response=response)

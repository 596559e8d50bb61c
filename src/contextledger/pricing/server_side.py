"""What a request body names that its provider adds from its own store, or fetches while it
answers, beside the body's content: the bill counts it and no price of the body can.

* OpenAI Responses: ``previous_response_id`` (the earlier turns), ``conversation`` (its
  items), ``prompt`` (a stored prompt's instructions), ``item_reference`` input items, and the
  hosted tools that put what they find or make into the context (``file_search`` over vector
  stores, ``web_search``, ``mcp`` servers' tool lists and results, ``code_interpreter``,
  ``image_generation``, ``tool_search``).
* OpenAI Chat: ``web_search_options`` (the search-preview models' results).
* Anthropic: ``mcp_servers`` (the servers' tool definitions and results), a ``container``'s
  skills, and the server tools (``web_search_…``, ``web_fetch_…``, ``code_execution_…``,
  ``tool_search_…``, ``advisor_…``) whose results are fed back within the same request.
* Gemini: ``cachedContent`` (the cached context is billed in ``promptTokenCount``:
  pydantic/pydantic-ai's recorded gemini-2.5-flash call bills 3,520 for a body of 17) and the
  grounding tools (Google Search, URL context, file search, Maps, code execution).

``price_request`` prices what the body holds and names these (``RequestPrice.server_side``):
its total is then a lower bound of the bill, never presented as the bill.

>>> server_side_context({"cachedContent": "cachedContents/abc", "contents": []})
('cachedContent cachedContents/abc: the cached context Gemini adds',)
>>> server_side_context({"model": "gpt-4o", "messages": []})
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["server_side_context"]

# The hosted tools that add what they find or make to the model's context, by ``type``
# prefix (a dated variant: ``web_search_20250305``): OpenAI Responses' …
_HOSTED_TOOLS = {
    "file_search": "the vector stores' retrieved chunks",
    "web_search": "the search results",
    "mcp": "the MCP server's tool list and results",
    "code_interpreter": "the code's outputs",
    "image_generation": "the generated images",
    "tool_search": "the tool definitions it loads",
    # … and Anthropic's server tools, whose results are read within the request
    "web_fetch_": "the fetched pages",
    "code_execution_": "the code's outputs",
    "advisor_": "the advisor model's replies",
    # … and the tools whose instructions the provider writes itself, unseen here
    "computer_use_preview": "the tool's own instructions",
    "local_shell": "the tool's own instructions",
    "shell": "the tool's own instructions",
    "memory_": "the tool's own instructions",
}
# Gemini's grounding tools (either spelling).
_GEMINI_TOOLS = {
    "googleSearch": "the search results",
    "google_search": "the search results",
    "googleSearchRetrieval": "the search results",
    "google_search_retrieval": "the search results",
    "urlContext": "the fetched pages",
    "url_context": "the fetched pages",
    "fileSearch": "the file stores' retrieved chunks",
    "file_search": "the file stores' retrieved chunks",
    "retrieval": "the retrieved documents",
    "googleMaps": "the places found",
    "google_maps": "the places found",
    "enterpriseWebSearch": "the search results",
    "enterprise_web_search": "the search results",
    "codeExecution": "the code's outputs",
    "code_execution": "the code's outputs",
}


def server_side_context(body: Mapping[str, Any]) -> tuple[str, ...]:
    """What ``body`` names that its provider adds to the prompt it bills, each as a phrase
    naming where it is and what it adds; () when none. Every provider's fields are looked
    for (none is another's): a body read as another format is not priced as complete."""
    found = (*_held_by_openai(body), *_anthropic(body), *_hosted(body.get("tools")), *_gemini(body))
    if "web_search_options" in body:  # OpenAI Chat's search-preview models
        found += ("web_search_options: the search results",)
    return found


def _named(value: object) -> str:
    """An id as a person reads it: a string, or an object's ``id``."""
    if isinstance(value, Mapping):
        value = value.get("id")
    return f" {value}" if isinstance(value, str) and value else ""


def _held_by_openai(body: Mapping[str, Any]) -> tuple[str, ...]:
    out = []
    if body.get("previous_response_id"):
        held = _named(body["previous_response_id"])
        out.append(f"previous_response_id{held}: the earlier turns OpenAI holds")
    if body.get("conversation"):
        out.append(f"conversation{_named(body['conversation'])}: the items OpenAI holds")
    if isinstance(body.get("prompt"), Mapping):
        out.append(f"prompt{_named(body['prompt'])}: the stored prompt's instructions")
    items = body.get("input")
    for k, item in enumerate(items if isinstance(items, list) else ()):
        if not isinstance(item, Mapping):
            continue
        kind = item.get("type")
        if kind == "item_reference" or item.keys() == {"id"}:
            out.append(f"input[{k}] item_reference{_named(item)}: an item OpenAI holds")
        elif kind == "compaction":
            out.append(f"input[{k}] compaction: the earlier turns it stands for, as OpenAI holds")
        elif kind == "reasoning" and item.get("id") and not item.get("encrypted_content"):
            # pydantic/logfire's recorded gpt-5 LangChain call billed 494 for a body of ~110
            # tokens after a reply of 384 reasoning tokens, sent back by id alone
            out.append(f"input[{k}] reasoning{_named(item)}: the reasoning OpenAI stored")
    return tuple(out)


def _anthropic(body: Mapping[str, Any]) -> tuple[str, ...]:
    out = []
    servers = body.get("mcp_servers")
    if isinstance(servers, list) and servers:
        names = [s.get("name") for s in servers if isinstance(s, Mapping)]
        shown = ", ".join(n for n in names if isinstance(n, str)) or f"{len(servers)}"
        out.append(f"mcp_servers ({shown}): the servers' tool definitions and results")
    container = body.get("container")
    if isinstance(container, Mapping) and container.get("skills"):
        out.append("container.skills: the skills' instructions")
    return tuple(out)


def _gemini(body: Mapping[str, Any]) -> tuple[str, ...]:
    out = []
    for key in ("cachedContent", "cached_content"):
        if body.get(key):
            out.append(f"{key}{_named(body[key])}: the cached context Gemini adds")
    tools = body.get("tools")
    for k, tool in enumerate(tools if isinstance(tools, list) else ()):
        if isinstance(tool, Mapping):
            out += [
                f"tools[{k}] {key}: {what}" for key, what in _GEMINI_TOOLS.items() if key in tool
            ]
    return tuple(out)


def _hosted(tools: object) -> list[str]:
    """The hosted tools of ``tools`` (``_HOSTED_TOOLS``), each as a phrase."""
    out = []
    for k, tool in enumerate(tools if isinstance(tools, list) else ()):
        kind = tool.get("type") if isinstance(tool, Mapping) else None
        if not isinstance(kind, str):
            continue
        what = next((w for prefix, w in _HOSTED_TOOLS.items() if kind.startswith(prefix)), None)
        if what is not None:
            out.append(f"tools[{k}] {kind}: {what}")
    return out

"""What a provider bills beyond the content: message framing, names, roles, reply priming,
and tool schemas.

OpenAI (Chat Completions) renders each message as ``<|start|>{role}[ name]<|message|>
{content}<|end|>`` and primes the reply with ``<|start|>assistant<|message|>``: 3 tokens per
message, plus the role's own tokens, plus the name's tokens and 1 more when a name is given,
plus 3 per request. Source: OpenAI cookbook, "How to count tokens with tiktoken" (its
conversation is billed 124 prompt tokens on gpt-4o, 129 on gpt-4; ``tests/test_framing.py``).
Tool schemas are rendered as a TypeScript-like namespace and priced by its tokens
(:func:`rendered_functions`; exact on every published request, with a system message or
without, when the request is known to go to Chat Completions: ``tests/test_billed_examples.py``).

Providers that do not publish their framing are priced with the same shape and one token
more per message (a conservative choice); their tool schemas by their JSON.

Anthropic adds a tool-use system prompt to every request that carries ``tools``, whose size
depends on the model and on ``tool_choice`` (Anthropic docs, "Tool use with Claude", pricing
section; the token-counting docs' ``get_weather`` example is billed 403 on Claude Sonnet 4.5):
``tool_use_system_prompt``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import ContentError, describe

Count = Callable[[str], int]

REPLY_PRIMING = 3  # <|start|>assistant<|message|>
TOOL_SCHEMA_OVERHEAD = 8  # per tool, when priced by its JSON


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Framing:
    """Tokens a provider adds per message and per request."""

    per_message: int
    counts_role: bool  # the role's own tokens are billed (OpenAI)
    per_name: int  # added to the name's own tokens when a message carries a name
    reply_priming: int = REPLY_PRIMING
    schema_tools: bool = False  # tools billed as OpenAI's rendered namespace
    parallel_calls: bool = False  # OpenAI's wrapper for 2+ calls in one message (below)
    renders_calls: bool = False  # OpenAI renders calls and results without their ids (below)


OPENAI = Framing(
    per_message=3,
    counts_role=True,
    per_name=1,
    schema_tools=True,
    parallel_calls=True,
    renders_calls=True,
)
# OpenAI-compatible servers render with their own chat templates (some print call ids): no
# OpenAI call wrapper, no OpenAI call rendering.
OPENAI_COMPATIBLE = replace(OPENAI, parallel_calls=False, renders_calls=False)
CONSERVATIVE = Framing(per_message=4, counts_role=False, per_name=1)

_FRAMING = {"openai": OPENAI, "openai-compatible": OPENAI_COMPATIBLE}

# Parallel tool calls (OpenAI). Two or more calls in one assistant message are rendered as
# one call to a wrapper tool, ``multi_tool_use.parallel``, whose argument lists each call as
# ``{"recipient_name": "functions.NAME", "parameters": ARGS}``; and the results of such calls
# are re-serialized as JSON with ASCII escapes (``\uXXXX`` for non-ASCII, ``\n`` and ``\"``).
# Evidence (OpenAI does not document it): community.openai.com/t/538914 (the same call and
# result, 1/2/3 in parallel, billed 40/89/114 prompt tokens on gpt-3.5-turbo: +49 for the
# second call, +25 for each after), /t/1375117 ("verified, replicated": three Korean results
# billed 39,235 on gpt-4.1 where one is billed 1,121) and /t/916758 (English markdown results
# inflated the same way). The exact rendering is not known, so this is an upper bound: the
# wrapper's text once per message and its per-call text for each call are added to what a
# single call costs, and each result is priced as its whole ``json.dumps`` (quotes included)
# on top of its own message framing, plus 0.5% of its escaped tokens (the thread's Korean
# results bill ~0.1% above the tokens of their ``json.dumps``, likely tokens merging across
# the rendering's boundaries) — over the published counts, never under.
#
# On Chat Completions (the wire known) it is priced as rendered: the assistant message is
# one call to the wrapper, `` to=multi_tool_use.parallel`` and ``{"tool_uses":[…]}`` listing
# ``{"recipient_name":"functions.NAME","parameters":ARGS}`` per call (ARGS as sent), plus a
# message of the wrapper's own (its framing and its name: the wrapper's reply, the one
# constant left in what 538914 is billed); each result is a message under its function's
# name (as a single call's) holding its ``json.dumps``. That is 90/116 on 538914's 89/114
# (each piece counted apart: a token or two over), and 25 + 1 for each call added (billed:
# 25). The o200k models add harmony's channel tokens, as for a single call (an upper bound).
PARALLEL_RESULT_MARGIN = 200  # 1/200 of a parallel result's escaped tokens
PARALLEL_WRAPPER = ' to=multi_tool_use.parallel{"tool_uses":[]}'
PARALLEL_CALL = '{"recipient_name":"functions.","parameters":},'
PARALLEL_ROLE = "multi_tool_use.parallel"
PARALLEL_USES = '{"tool_uses":[]}'


def parallel_entry(name: str, arguments: str) -> str:
    """One call as the wrapper's arguments list it (see above).

    >>> parallel_entry("calculator", '{"a":2}')
    '{"recipient_name":"functions.calculator","parameters":{"a":2}},'
    """
    return f'{{"recipient_name":"functions.{name}","parameters":{arguments}}},'


def parallel_result_text(text: str) -> str:
    """A parallel call's result text as OpenAI tokenizes it (see above).

    >>> print(parallel_result_text("테스트"))
    "\\ud14c\\uc2a4\\ud2b8"
    """
    return json.dumps(text, ensure_ascii=True)


# Single tool calls and their results (OpenAI Chat Completions). OpenAI renders a call as an
# assistant message addressed to the function, ``<|start|>assistant to=functions.NAME
# <|message|>ARGS<|end|>`` (its arguments as sent), and the result as a message whose role is
# the function's name, ``<|start|>NAME<|message|>RESULT<|end|>``: the call ids are not
# rendered (the server pairs them). Exact on both published counts: forestwanglin/openai-java
# issue #5 (gpt-4, a call and its result, the tool message naming the function: 35) and
# community.openai.com/t/538914 (gpt-3.5-turbo, a user turn, a call, its result: 40). The
# o200k models are not published so; OpenAI's harmony format (cookbook "OpenAI harmony
# response format", the gpt-oss models) renders a call as ``<|start|>assistant<|channel|>
# commentary to=functions.NAME <|constrain|>json<|message|>ARGS<|call|>`` and a result as
# ``<|start|>functions.NAME to=assistant<|channel|>commentary<|message|>RESULT<|end|>``,
# still without ids: those models are priced so, channel and constraint included (an upper
# bound of the older rendering).
#
# Responses. Its ``function_call`` and ``function_call_output`` items carry call ids, but the
# model reads them as Chat renders them, without: recorded bills of the same requests on both
# APIs (charmbracelet/fantasy's provider tests, gpt-4o, gpt-4o-mini, gpt-5, gpt-5-mini,
# o4-mini; ``tests/test_billed_fantasy.py``) bill a call and its result 23-29 tokens more on
# Responses and 25-31 on Chat, two parallel calls 46-58 and 66-72, where their items with
# ids would be ~60 and ~110. So Responses calls and results are priced as Chat renders them
# (``Pricer.renders_calls``: never below those bills), each other item (reasoning, a text
# run) framed apart. Priced as their items, short call ids made Responses 1-3 tokens a call
# below Chat (prov17's fuzz: 120 of 300 requests), long ones ~30 over the bill.
#
# The models of the parallel-call generation (gpt-3.5-turbo-1106 and -0125, gpt-4-1106-preview,
# gpt-4-0125-preview, gpt-4-turbo: the ids ``gpt-3.5-turbo`` and ``gpt-4-turbo-preview`` name
# since 2024) bill a call and its result 2-3 tokens more than the older rendering above, which
# is exact on gpt-3.5-turbo-0613 and gpt-4-0613: crewAI's recorded gpt-3.5-turbo and
# gpt-4-0125-preview requests continued with a call and its result (156, 188, 867 billed:
# +3 each) and traceloop/openllmetry's gpt-3.5-turbo call and result (40 billed, +2; review39
# R39-B3, R39-B7). Not published; priced as the result rendered under ``NAME to=assistant``
# (harmony's addressing without its channel: +3 on every one of them, an upper bound of the
# +2). By catalog id (a dated snapshot resolves to its family's).
_RENDERED_CALL = {"cl100k_base": " to=functions.{}"}
_HARMONY_CALL = " to=functions.{} commentary json"  # + <|channel|> and <|constrain|>
_RENDERED_RESULT = {"cl100k_base": "{}"}
_HARMONY_RESULT = "functions.{} to=assistant commentary"  # + <|channel|>
_PARALLEL_GENERATION = frozenset(
    {"gpt-3.5-turbo", "gpt-4-turbo-preview", "gpt-4-1106-preview", "gpt-4-0125-preview",
     "gpt-4-turbo"}
)  # fmt: skip
_PARALLEL_GENERATION_RESULT = "{} to=assistant"


def rendered_call(name: str, tokenizer: str) -> tuple[str, int]:
    """(the text OpenAI renders a single call with beyond its arguments, special tokens).

    >>> rendered_call("get_weather", "cl100k_base")
    (' to=functions.get_weather', 0)
    >>> rendered_call("get_weather", "o200k_base")
    (' to=functions.get_weather commentary json', 2)
    """
    old = _RENDERED_CALL.get(tokenizer)
    return (old.format(name), 0) if old else (_HARMONY_CALL.format(name), 2)


def parallel_header(tokenizer: str) -> tuple[str, int]:
    """(the text OpenAI renders parallel calls with beyond their list, special tokens).

    >>> parallel_header("cl100k_base")
    (' to=multi_tool_use.parallel', 0)
    """
    text, special = rendered_call("", tokenizer)
    return text.replace("functions.", PARALLEL_ROLE, 1), special


def rendered_result(name: str, tokenizer: str, family: str = "") -> tuple[str, int]:
    """(the role text OpenAI renders a single call's result under, special tokens), for the
    model of catalog id ``family`` (see above).

    >>> rendered_result("get_weather", "cl100k_base")
    ('get_weather', 0)
    >>> rendered_result("get_weather", "cl100k_base", "gpt-3.5-turbo")
    ('get_weather to=assistant', 0)
    >>> rendered_result("get_weather", "o200k_base")
    ('functions.get_weather to=assistant commentary', 1)
    """
    if family in _PARALLEL_GENERATION:
        return _PARALLEL_GENERATION_RESULT.format(name), 0
    old = _RENDERED_RESULT.get(tokenizer)
    return (old.format(name), 0) if old else (_HARMONY_RESULT.format(name), 1)


def framing_for(provider: str) -> Framing:
    return _FRAMING.get(provider, CONSERVATIVE)


# o1-mini bills more a message than the cookbook's framing: pydantic/pydantic-ai's recorded
# test_system_prompt_role_o1_mini (2025-08, two user messages, the system prompt sent as the
# first: o1-mini takes none) bills 30 where the cookbook's framing gives 23, while crewAI's
# one-message o1-mini call (2025-07) bills its 14 exactly. Which of the two (a later message,
# or something added to every request after July) is not known from two bills: 7 more a
# message covers both (a one-message request 7 over). o1-preview, of the same generation
# (2024-09-12, no system messages either, no bill found), is priced alike. Both are shut down.
# gpt-3.5-turbo-0301 framed each message ``<|im_start|>{role}\n{content}<|im_end|>\n``: 4
# (the cookbook's num_tokens_from_messages), 1 more than its successors; gpt-3.5-turbo served
# it until 2023-06-27 (DataDog/dd-trace-py's replies naming it: 57 billed, 53 at 3 a message).
_MORE_A_MESSAGE = (("o1-mini", 7), ("o1-preview", 7), ("gpt-3.5-turbo-0301", 1))


def framing_for_model(model_id: str, provider: str) -> Framing:
    """The provider's framing, with what the model adds to each message (``_MORE_A_MESSAGE``).

    >>> framing_for_model("o1-mini-2024-09-12", "openai").per_message, framing_for_model("o1", "openai").per_message
    (10, 3)
    >>> framing_for_model("gpt-3.5-turbo-0301", "openai").per_message
    4
    """
    framing = framing_for(provider)
    more = next((n for prefix, n in _MORE_A_MESSAGE if model_id.startswith(prefix)), 0)
    return replace(framing, per_message=framing.per_message + more) if more else framing


# OpenAI renders function tools into the system message as a TypeScript-like namespace
# (see ``rendered_functions``) and bills its tokens plus a fixed overhead, by tokenizer:
# 9 on cl100k_base (hmarr/openai-chat-tokens' 14 gpt-3.5-turbo requests, validated against
# the API, and the cookbook's 105), 10 on o200k_base (the API reference's "Functions"
# example, 82 on gpt-4o-mini). With a system message OpenAI puts the namespace into it
# instead of a message of its own: the first system message is billed one newline longer
# and the overhead is 5 on both tokenizers (hmarr/openai-chat-tokens' promptTokensEstimate:
# "the first system message is padded with a trailing newline", and 4 fewer on cl100k_base,
# validated there against the API on gpt-3.5-turbo; the cookbook's tool request, billed 105
# on gpt-3.5-turbo and gpt-4 and 101 on gpt-4o and gpt-4o-mini: 5 fewer on o200k_base).
_NAMESPACE_OVERHEAD = {"o200k_base": 10, "cl100k_base": 9}
_NAMESPACE_OVERHEAD_IN_SYSTEM = 5

# Anthropic's tool-use system prompt, by model family: (tool_choice auto/none, any/tool).
# Source: the table in Anthropic's tool-use docs ("Pricing"), by catalog id (exact: a newer
# model the table does not list, such as claude-opus-4-6, is not assumed to match it).
# Bedrock bills the 4.5 generation more than the table says: the same one-tool request that
# claude-sonnet-4 and claude-3-7-sonnet are billed 394 for (Anthropic's API, Vertex) is billed
# 577 on Bedrock's claude-sonnet-4-5 and claude-haiku-4-5 (578 on claude-opus-4-6) in
# charmbracelet/fantasy's recorded tests. A price does not know the route (a Bedrock id
# resolves to the same model), so their figures are raised until no recorded bill is above
# the price (437 needed: 440, for either choice; ``tests/test_billed_fantasy.py``): on
# Anthropic's own API that is ~90 over (its token-counting guide: 403 for a request of one
# tool on Sonnet 4.5). pydantic/pydantic-ai's recorded tests on Anthropic's own API need more
# for claude-sonnet-4-5: 452 with ``auto`` (a tool of no parameters, billed 558, was priced
# 546), and a forced choice bills more than ``auto``, not less as the table says (``any``:
# one tool billed 655, priced 549 at 440; ``tests/test_billed_pydantic_ai.py``): 470 and 560
# for the 4.5 generation (a two-call history on 460 was priced 2 under its 699).
_TOOL_USE_PROMPT: dict[str, tuple[int, int]] = {
    "claude-opus-4-5": (470, 560),
    "claude-opus-4-1": (346, 313),
    "claude-opus-4": (346, 313),
    "claude-sonnet-4-5": (470, 560),
    "claude-sonnet-4": (346, 313),
    "claude-haiku-4-5": (470, 560),
    "claude-3-7-sonnet": (346, 313),
    # 3.5 Sonnet: 346/313 (October 2024) and 294/261 (June 2024): the larger pair
    "claude-3-5-sonnet": (346, 313),
    "claude-3-5-haiku": (264, 340),
    "claude-3-opus": (530, 281),
    "claude-3-sonnet": (159, 235),
    "claude-3-haiku": (264, 340),
}
# A Claude model the table does not list (newer, registered, or an estimate): the largest
# figure Anthropic publishes, so the price is never below the bill.
_TOOL_USE_PROMPT_MAX = max(n for pair in _TOOL_USE_PROMPT.values() for n in pair)
_FORCED = ("any", "tool")


def tool_use_system_prompt(model_id: str, provider: str, tool_choice: object = None) -> int:
    """Tokens Anthropic adds when a request carries tools, for ``model_id`` and
    ``tool_choice`` (``{"type": "auto"|"none"|"any"|"tool"}``, or the bare type). 0 for other
    providers. Unknown ``tool_choice`` (None: not known yet, as in a fit): the larger of
    the model's two figures.

    >>> tool_use_system_prompt("claude-sonnet-4", "anthropic", {"type": "any"})
    313
    >>> tool_use_system_prompt("claude-sonnet-4", "anthropic")
    346
    >>> tool_use_system_prompt("gpt-4o", "openai")
    0
    """
    if provider != "anthropic":
        return 0
    figures = _TOOL_USE_PROMPT.get(model_id)
    if figures is None:
        return _TOOL_USE_PROMPT_MAX
    auto, forced = figures
    kind = tool_choice.get("type") if isinstance(tool_choice, Mapping) else tool_choice
    if kind in ("auto", "none"):
        return auto
    if kind in _FORCED:
        return forced
    return max(auto, forced)


# OpenAI's reasoning models add a preamble of their own to a Chat Completions request that
# carries tools, whatever the tools (harmony's channel rules, the model's system header): 84
# tokens on gpt-5 and gpt-5-mini, 3 on o4-mini, measured by the same requests on gpt-4o, whose
# namespace is exact (charmbracelet/fantasy's recorded provider tests, api.openai.com and
# Azure: gpt-5 billed 145 and 194 for one and two tools where gpt-4o is billed 61 and 110,
# gpt-5-mini 145; o4-mini 64 where gpt-4o 61; the same requests on Responses carry none:
# tests/test_billed_examples.py). By model family, the longest prefix that matches; a newer
# gpt-5.x is priced as gpt-5 (an upper bound of what is measured), the o-series as o4-mini.
_CHAT_TOOL_PREAMBLE = (("gpt-5", 84), ("o1", 3), ("o3", 3), ("o4", 3))
# gpt-oss, served by anyone, renders harmony itself: a request with tools adds the rule
# "Calls to these tools must go to the commentary channel: 'functions'." to its system header
# (the header is ``ModelInfo.request_overhead``): charmbracelet/fantasy's llama.cpp cassettes
# bill 139 for a one-tool request priced 61 without the header's 64.
_HARMONY_TOOL_RULE = ("gpt-oss", 14)
#: The wires a Chat tool preamble is sent on (None: maybe Chat).
_CHAT_WIRES = (None, "openai")


def chat_tool_preamble(model_id: str, provider: str, wire: str | None) -> int:
    """Tokens an OpenAI reasoning model adds to a Chat Completions request with tools.

    >>> chat_tool_preamble("gpt-5-mini", "openai", "openai"), chat_tool_preamble("gpt-4o", "openai", None)
    (84, 0)
    >>> chat_tool_preamble("gpt-5", "openai", "openai-responses")
    0
    """
    if model_id.startswith(_HARMONY_TOOL_RULE[0]):
        return _HARMONY_TOOL_RULE[1]
    if provider != "openai" or wire not in _CHAT_WIRES:
        return 0
    return _reasoning_tool_header(model_id)


def _reasoning_tool_header(model_id: str) -> int:
    """The tool header OpenAI's reasoning model ``model_id`` is billed on Chat (see above)."""
    return next((n for prefix, n in _CHAT_TOOL_PREAMBLE if model_id.startswith(prefix)), 0)


# The Responses API bills a rendered tool namespace below Chat Completions: every recorded
# request with function tools since April 2025 is priced 7 or more over its bill on gpt-4o,
# gpt-4o-mini and gpt-4.1 as Chat renders it (charmbracelet/fantasy's, pydantic/pydantic-ai's
# and pydantic/logfire's cassettes: 14 requests of one to four items, with instructions or
# without: 7, 7, 7, 7, 7, 7, 8, 8 …), and 1 or more on the gpt-5 models (their Chat tool
# preamble is not sent on Responses: ``chat_tool_preamble``; gpt-5.4 with instructions +1,
# gpt-5, gpt-5-mini and gpt-5.5 +2 to +3). By model family, the longest prefix that
# matches; a model not listed saves nothing.
_RESPONSES_NAMESPACE_SAVING = (("gpt-5", 1), ("gpt-4o", 7), ("gpt-4.1", 7))


def responses_namespace_saving(model_id: str, provider: str, wire: str | None) -> int:
    """Tokens Responses bills a rendered tool namespace below Chat's (see above).

    >>> [responses_namespace_saving(m, "openai", "openai-responses") for m in ("gpt-4o", "gpt-5")]
    [7, 1]
    >>> responses_namespace_saving("gpt-4o", "openai", None)
    0
    """
    if provider != "openai" or wire != "openai-responses":
        return 0
    found = [(p, n) for p, n in _RESPONSES_NAMESPACE_SAVING if model_id.startswith(p)]
    return max(found, key=lambda pn: len(pn[0]))[1] if found else 0


# gpt-5 renders an assistant answer in harmony's final channel (``<|channel|>final``: two
# tokens the Chat rendering does not have): pydantic/pydantic-ai's recorded gpt-5 Responses
# request with two assistant texts bills 306, priced 303 without them.
_ANSWER_CHANNEL = ("gpt-5", 2)


def answer_channel_tokens(model_id: str, provider: str) -> int:
    """Tokens an assistant text turn costs beyond its framing on ``model_id`` (see above).

    >>> answer_channel_tokens("gpt-5-mini", "openai"), answer_channel_tokens("gpt-4o", "openai")
    (2, 0)
    """
    prefix, n = _ANSWER_CHANNEL
    return n if provider == "openai" and model_id.startswith(prefix) else 0


# Structured outputs. OpenAI bills a request's JSON schema (Chat's ``response_format``,
# Responses' ``text.format``) as input; how it renders it is not published. Priced as the
# schema's compact JSON, its name and its description and 13 more. Six published requests
# (charmbracelet/fantasy's recorded provider tests; gpt-4o, gpt-4o-mini, gpt-5 on both APIs)
# bill 55-120 tokens for it, never more than those and 8 (the closest: Chat's "Person"
# schema, 74 billed, where schema, name and description alone are 73;
# ``tests/test_billed_fantasy.py``); Mirascope's and pydantic-ai's recorded gpt-4o requests
# (38 more, strict or not) agree. One small schema without "required" bills more:
# traceloop/openllmetry's recorded gpt-4o-mini "joke" request (review38 R38-B1) bills 35 for
# a schema, name and description of 22, hence 13. Another format (``json_object``,
# ``text``) by its compact JSON.
RESPONSE_FORMAT_OVERHEAD = 13


def response_format_tokens(spec: object, count: Count) -> int:
    """Tokens OpenAI bills for a request's structured-output format (see above).

    >>> response_format_tokens({"type": "json_schema", "json_schema": {"name": "P",
    ...     "schema": {"type": "object"}}}, len)
    31
    """
    if not isinstance(spec, Mapping):
        return 0
    inner = spec.get("json_schema", spec)  # Chat nests it; Responses' text.format is flat
    schema = inner.get("schema") if isinstance(inner, Mapping) else None
    if schema is None:
        return count(json.dumps(spec, ensure_ascii=False, separators=(",", ":")))
    said = [inner.get(k) for k in ("name", "description")]
    return (
        count(json.dumps(schema, ensure_ascii=False, separators=(",", ":")))
        + sum(count(x) for x in said if isinstance(x, str))
        + RESPONSE_FORMAT_OVERHEAD
    )


# Anthropic's structured outputs (``output_config.format``; the beta's ``output_format``)
# bill the schema and a prompt of their own: pydantic/pydantic-ai's recorded tests on
# claude-sonnet-4-5 bill 73-87 more than the request and the schema's compact JSON (197
# billed for a question of 16 tokens and a schema of 103: ``tests/test_billed_pydantic_ai.py``),
# with tools or without. Priced as the schema's compact JSON and 90. Gemini's response schema
# is not billed as prompt tokens (pydantic-ai's recorded requests bill 8-38 where the schema
# alone is 156-343 by this price), but "the size of response schema counts towards the input
# token limit" (Vertex AI, "Controlled generation"): priced as its compact JSON, so a fit
# stays within the limit (an over-count of the bill, never under: review26 R26-P1).
ANTHROPIC_OUTPUT_FORMAT_OVERHEAD = 90
#: The wire formats that bill a structured-output schema as OpenAI does.
_OPENAI_WIRES = ("openai", "openai-responses")


def output_format_tokens(spec: object, fmt: str | None, count: Count) -> int:
    """Tokens billed for the structured-output format ``spec`` as the wire ``fmt`` carries
    it (Chat's ``response_format``, Responses' ``text.format``, Anthropic's
    ``output_config.format``, Gemini's JSON schema: counted towards its input limit, not
    billed). None: a wire not known, the most of OpenAI's and Anthropic's prices.

    >>> spec = {"type": "json_schema", "schema": {"type": "object"}}
    >>> [output_format_tokens(spec, f, len) for f in ("anthropic", "gemini", None)]
    [107, 49, 107]
    """
    if spec is None:
        return 0
    if fmt == "gemini":  # (the schema itself, or the config that holds it)
        return count(json.dumps(spec, ensure_ascii=False, separators=(",", ":")))
    if fmt in _OPENAI_WIRES:
        return response_format_tokens(spec, count)
    claude = _anthropic_output_format_tokens(spec, count)
    return claude if fmt == "anthropic" else max(claude, response_format_tokens(spec, count))


def _anthropic_output_format_tokens(spec: object, count: Count) -> int:
    inner = spec.get("json_schema", spec) if isinstance(spec, Mapping) else None  # (Chat's)
    schema = inner.get("schema") if isinstance(inner, Mapping) else None
    if schema is None:  # (a shape Anthropic refuses: by its JSON, never 0)
        return count(json.dumps(spec, ensure_ascii=False, separators=(",", ":")))
    dumped = json.dumps(schema, ensure_ascii=False, separators=(",", ":"))
    return count(dumped) + ANTHROPIC_OUTPUT_FORMAT_OVERHEAD


# Anthropic's extended thinking (``"thinking": {"type": "enabled" | "adaptive"}``) bills a
# prompt of its own: pydantic/pydantic-ai's recorded tests on claude-sonnet-4-5 and 4-6 bill
# 17-27 more than the same request without it (48 billed for a question priced 21). 30.
#: What Anthropic adds around a plain-text ``document`` block beyond its text and title, as
#: the block is priced (its text as an attachment): pydantic/pydantic-ai's recorded
#: test_text_document_as_binary_content_input (claude-sonnet-4-5, a 15-character text file
#: and a 7-word question) billed 57 where the attachment priced 41.
ANTHROPIC_TEXT_DOCUMENT = 20
#: What OpenAI's Responses API adds around a text ``input_file`` beyond its text under the
#: header a text file is sent with (``common.attachment_text``): pydantic/pydantic-ai's
#: recorded test_openai_responses_text_document_url_input (gpt-4o, a 2,574-character
#: text/plain file and a question) billed 616 where the text and header priced 607 (review36
#: R36-B2): 9, or 13 if its empty ``instructions`` (priced 4) bill nothing; and a margin for
#: a longer file name or another text type's wrapper. 16.
OPENAI_TEXT_FILE = 16
ANTHROPIC_THINKING_PROMPT = 30

# Anthropic renders a ``tool_use`` and a ``tool_result`` in a form of its own (not
# published) that bills more than their name, id, input and content with the conservative
# framing's 3 each: simonw/llm-anthropic's recorded claude-haiku-4-5 request continued with
# two parallel calls and their two results bills 136 for that turn pair, priced 109 (review36
# R36-B1): 7 more for each, an upper bound of that bill (pydantic-ai's one-call claude-sonnet-4-5
# histories were 8-33 over already).
ANTHROPIC_TOOL_BLOCK = 7
# ... and every request to a Claude model bills a few tokens more than the conservative
# framing and the reply priming: llm-anthropic's claude-sonnet-4-5 request of one user turn
# holding only a 166x282 image (66 tokens by Anthropic's formula) bills 76, priced 73 (R36-B1)
ANTHROPIC_REQUEST_FRAMING = 3


# ... and more again when the request also carries tools: a body cannot say whether it is
# sent with the ``interleaved-thinking-2025-05-14`` beta header (thinking between tool calls;
# agents send it), which bills a larger tool prompt. social-growth-studio/req_llm's recorded
# one-tool requests with that header (review42 R42-B3): claude-sonnet-4-5 and claude-haiku-4-5
# billed 748 where the body priced 632 (116 over), claude-sonnet-4, claude-opus-4 and
# claude-opus-4-1 565 where it priced 508 (57 over); three tools 872 / 689 (priced 840 / 716,
# the schemas' margin covering it). Claude 3.7 takes no interleaved thinking (billed 417 for
# the same request, priced 508). A model not listed: the largest figure.
_INTERLEAVED_TOOLS_PROMPT: dict[str, int] = {
    "claude-opus-4-5": 120,
    "claude-sonnet-4-5": 120,
    "claude-haiku-4-5": 120,
    "claude-opus-4-1": 60,
    "claude-opus-4": 60,
    "claude-sonnet-4": 60,
    "claude-3-7-sonnet": 0,
}
_INTERLEAVED_TOOLS_PROMPT_MAX = max(_INTERLEAVED_TOOLS_PROMPT.values())


def thinking_prompt(thinking: object, provider: str, *, model_id: str, with_tools: bool) -> int:
    """Tokens Anthropic adds for a request's ``thinking`` setting, and for thinking between
    tool calls when the request carries tools (see above).

    >>> thinking_prompt({"type": "enabled"}, "anthropic", model_id="claude-sonnet-4-5", with_tools=False)
    30
    >>> thinking_prompt({"type": "enabled"}, "anthropic", model_id="claude-sonnet-4-5", with_tools=True)
    150
    >>> thinking_prompt(None, "anthropic", model_id="claude-sonnet-4-5", with_tools=True)
    0
    """
    on = isinstance(thinking, Mapping) and thinking.get("type") in ("enabled", "adaptive")
    if not on or provider != "anthropic":
        return 0
    if not with_tools:
        return ANTHROPIC_THINKING_PROMPT
    interleaved = _INTERLEAVED_TOOLS_PROMPT.get(model_id, _INTERLEAVED_TOOLS_PROMPT_MAX)
    return ANTHROPIC_THINKING_PROMPT + interleaved


# Request settings that bill a prompt of their own, beside the messages and tools:
# * Anthropic's ``output_config.task_budget`` (claude-opus-4-7): pydantic/pydantic-ai's
#   recorded test bills 53 for a question priced 16 without it (+37): 40;
# * OpenAI's reasoning ``mode: "pro"`` (Responses' ``reasoning``): the same recordings bill
#   1,549 for a one-line question priced 19 on gpt-5.6-sol (+1,530): 1,540;
# * ``parallel_tool_calls: false`` on a Responses request with tools: the reasoning model's
#   tool header is then billed as on Chat (``chat_tool_preamble``). crmne/ruby_llm's recorded
#   gpt-5-nano pair: the same two tools bill 112 with parallel calls allowed and 208 with them
#   off, where the other differences (``instructions``, the question) price 18 more: +78,
#   within the gpt-5 family's Chat preamble of 84. On Chat the header is billed already, and
#   gpt-4o's Chat requests with the flag off are exact (Mirascope's): nothing more there.
ANTHROPIC_TASK_BUDGET_PROMPT = 40
OPENAI_PRO_MODE_PROMPT = 1540


def settings_prompt(
    body: Mapping[str, Any],
    provider: str,
    *,
    model_id: str = "",
    wire: str | None = None,
    with_tools: bool = False,
) -> int:
    """Tokens a request's settings add as a prompt of their own (see above); ``model_id``,
    ``wire`` and ``with_tools``: the request's model, the wire it goes on (None: not known)
    and whether it declares tools.

    >>> settings_prompt({"output_config": {"task_budget": {"total": 20000}}}, "anthropic")
    40
    >>> settings_prompt({"reasoning": {"mode": "pro"}}, "openai")
    1540
    >>> settings_prompt({"reasoning": {"effort": "low"}}, "openai")
    0
    >>> serial = {"parallel_tool_calls": False}
    >>> settings_prompt(serial, "openai", model_id="gpt-5-nano", wire="openai-responses", with_tools=True)
    84
    >>> settings_prompt(serial, "openai", model_id="gpt-5-nano", wire="openai", with_tools=True)
    0
    """
    config, reasoning = body.get("output_config"), body.get("reasoning")
    if provider == "anthropic" and isinstance(config, Mapping):
        return ANTHROPIC_TASK_BUDGET_PROMPT if config.get("task_budget") is not None else 0
    if provider != "openai":
        return 0
    pro = isinstance(reasoning, Mapping) and reasoning.get("mode") == "pro"
    # (on Chat, and on a wire not known, the header is priced with the tools already)
    serial = wire == "openai-responses" and with_tools and body.get("parallel_tool_calls") is False
    return (OPENAI_PRO_MODE_PROMPT if pro else 0) + (
        _reasoning_tool_header(model_id) if serial else 0
    )


# Anthropic's own tools (``{"type": "computer_20250124", "name": "computer", …}``) are
# declared in a few fields and rendered by Anthropic into a long definition, billed beside the
# tool-use system prompt. Computer use: charmbracelet/fantasy's recorded requests bill
# 1,208 (claude-sonnet-4) and 1,214 (claude-opus-4-6) more than that prompt and the
# declaration's JSON (1,652 and 1,842 billed), and their follow-ups with a screenshot 4 more
# (1,731 and 1,921); Anthropic's tool-use docs give the text editor 700 and bash 245. By
# type prefix; the computer's figure rounded up to 1,240.
_ANTHROPIC_DEFINED = (("computer_", 1240), ("text_editor_", 700), ("bash_", 245))


def anthropic_defined_tools(tools: Sequence[Any], provider: str) -> int:
    """Tokens Anthropic adds for its own tools in ``tools`` beyond their declarations.

    >>> anthropic_defined_tools([{"type": "bash_20250124", "name": "bash"}], "anthropic")
    245
    """
    if provider != "anthropic":
        return 0
    kinds = [t.get("type") for t in tools if isinstance(t, Mapping)]
    return sum(
        next((n for prefix, n in _ANTHROPIC_DEFINED if kind.startswith(prefix)), 0)
        for kind in kinds
        if isinstance(kind, str)
    )


# Gemini's tool kinds: function declarations and the built-in tools (either spelling).
_GEMINI_TOOL_KEYS = frozenset(
    {
        "functionDeclarations", "function_declarations", "googleSearch", "google_search",
        "googleSearchRetrieval", "google_search_retrieval", "codeExecution", "code_execution",
        "urlContext", "url_context", "retrieval", "computerUse", "computer_use", "fileSearch",
        "file_search", "googleMaps", "google_maps", "enterpriseWebSearch", "enterprise_web_search",
    }
)  # fmt: skip


def tool_schema_problem(tool: object) -> str | None:
    """Why ``tool`` is not a tool in any provider's shape (None: it is one): an OpenAI Chat
    ``{"type": "function", "function": {"name": …}}``, a Responses ``{"type": "function",
    "name": …}``, an Anthropic ``{"name": …, "input_schema": …}``, a Gemini
    ``{"functionDeclarations": […]}`` or a provider's built-in tool (``{"type": "web_search"}``).

    >>> tool_schema_problem({"foo": 1})
    'not a tool in any provider\\'s shape (keys foo): expected {"type": "function", "function": {"name": …}}, an Anthropic {"name", "input_schema"} or a Gemini {"functionDeclarations": […]}'
    """
    if not isinstance(tool, Mapping):
        return f"a tool must be an object, not {describe(tool)}"
    kind = tool.get("type")
    if kind == "function":
        fn = tool.get("function", tool)
        if not isinstance(fn, Mapping) or not isinstance(fn.get("name"), str) or not fn["name"]:
            return "a function tool needs a name (function.name)"
        return None
    if (
        isinstance(tool.get("name"), str)
        and tool["name"]
        and (isinstance(tool.get("input_schema"), Mapping) or isinstance(kind, str))
    ):
        return None  # Anthropic: a custom tool, or a server tool ({"type": "bash_…", "name"})
    if _GEMINI_TOOL_KEYS & tool.keys():
        for k, decl in enumerate(
            tool.get("functionDeclarations", tool.get("function_declarations", ())) or ()
        ):
            if not isinstance(decl, Mapping) or not isinstance(decl.get("name"), str):
                return f"functionDeclarations[{k}] needs a name"
        return None
    if isinstance(kind, str) and kind:
        return None  # a provider's built-in tool: {"type": "web_search"}, {"type": "mcp", …}
    keys = ", ".join(sorted(map(str, tool))) or "none"
    return (
        f"not a tool in any provider's shape (keys {keys}): expected "
        '{"type": "function", "function": {"name": …}}, an Anthropic {"name", "input_schema"} '
        'or a Gemini {"functionDeclarations": […]}'
    )


def check_tools(tools: Sequence[Any]) -> None:
    """Refuse a tool list holding something no provider takes as a tool (``ContentError``
    naming ``tools[i]``): it would be priced as JSON, then answered with HTTP 400."""
    for i, tool in enumerate(tools):
        problem = tool_schema_problem(tool)
        if problem is not None:
            raise ContentError(f"tools[{i}]", problem)


def tools_tokens(
    tools: Sequence[Mapping[str, Any]] | None,
    framing: Framing,
    tokenizer: str,
    count: Count,
    tool_choice: object = None,
    system: str | None = None,
    expand_refs: bool = False,
    saving: int = 0,
    family: str = "",
) -> int:
    """Tokens billed for the tool schemas of one request.

    OpenAI function tools are priced by the namespace OpenAI renders them into
    (:func:`rendered_functions`: exact on every published count). ``system``: the text of
    the request's first system message, when it has one and the request goes to Chat
    Completions: the namespace then goes into it (its overhead smaller, the message one
    newline longer, priced here). A schema the rendering does not cover (``anyOf``,
    ``$ref``, a list of types, other providers' shapes) is priced by its compact JSON plus
    a small overhead per tool, which is longer than any rendering: an over-count, never
    under. OpenAI bills ``tool_choice`` too (:func:`tool_choice_tokens`). ``expand_refs``:
    the provider expands ``$ref``s (Gemini: :func:`with_refs`). ``saving``: what the wire
    bills a rendered namespace below Chat's (:func:`responses_namespace_saving`).
    ``family``: the model's catalog id, whose generation may prime a forced call dearer.
    """
    if not tools:
        return 0
    check_tools(tools)
    choice = (
        tool_choice_tokens(tool_choice, tools, count, tokenizer, family)
        if framing.schema_tools
        else 0
    )
    overhead = _NAMESPACE_OVERHEAD.get(tokenizer)
    if framing.schema_tools and overhead is not None:
        inlined = [refs_inlined(t) for t in tools]
        rendered = rendered_functions(inlined)
        if rendered is not None:
            unpinned = unpinned_margin(inlined, count)
            if system is not None:
                padded = count(system + "\n") - count(system)
                overhead = _NAMESPACE_OVERHEAD_IN_SYSTEM + padded
            return count(rendered) + overhead + choice + unpinned - saving
    custom = _OPENAI_CUSTOM_TOOL * sum(1 for t in tools if _openai_custom(t, framing))
    return choice + custom + sum(_json_tool_tokens(t, count, expand_refs, family) for t in tools)


# OpenAI's custom tools (``{"type": "custom", …}``, free-form input, optionally held to a Lark
# or regex grammar) are rendered in a form of their own, not published, that bills more than
# their JSON: DataDog/dd-trace-py's recorded gpt-5 Responses request with one grammar tool
# (tests/contrib/openai/cassettes/v1/response_custom_tool_call.yaml, 2025-08-21) billed 159
# where the JSON priced 132. An allowance for each such tool, over that 27.
_OPENAI_CUSTOM_TOOL = 40


def _openai_custom(tool: Mapping[str, Any], framing: Framing) -> bool:
    """An OpenAI custom tool (Anthropic's ``"custom"`` type is its plain client tool)."""
    return framing.schema_tools and tool.get("type") == "custom"


# Gemini 2.0 bills a function declaration far below its JSON: social-growth-studio/req_llm's
# recorded gemini-2.0-flash (and -lite, -exp) requests bill 20 for a 6-word question and one
# declared tool, 53 for three, priced 124 and 296 by JSON (review42); its 47 recorded tool
# requests (pydantic-ai, openinference, logfire, crewAI, req_llm) all bill at most the
# declarations' words — names, descriptions, property names, types, enums, without JSON's
# quotes and braces — and ``TOOL_SCHEMA_OVERHEAD`` a declaration, 26 or more below that
# price. Gemini 2.5 and 3 bill more (gemini-3-pro-preview 299 for three tools whose words are
# 165; a nested pydantic schema on 2.5 776, words 724): they, and an unknown Gemini, keep the
# JSON.
_GEMINI_WORDS_FAMILIES = ("gemini-2.0",)


def _declaration_words(node: object, out: list[str]) -> list[str]:
    """Every key and value of a declaration, in order, as text (JSON's punctuation left out)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            out.append(str(key))
            _declaration_words(value, out)
    elif isinstance(node, list):
        for item in node:
            _declaration_words(item, out)
    elif isinstance(node, str):
        out.append(node)
    elif node is not None:
        out.append(_compact(node))
    return out


def _gemini_words_tokens(tool: Mapping[str, Any], count: Count) -> int:
    """A Gemini 2.0 tool (see above): each declaration's words and ``TOOL_SCHEMA_OVERHEAD``,
    its references expanded as Gemini bills them (:func:`with_refs`)."""
    expanded = with_refs(tool)
    declared = expanded if isinstance(expanded, Mapping) else tool
    declarations = declared.get("functionDeclarations", declared.get("function_declarations"))
    if not isinstance(declarations, list):
        declarations = [declared]
    return sum(
        TOOL_SCHEMA_OVERHEAD + count(" ".join(_declaration_words(d, []))) for d in declarations
    )


def _json_tool_tokens(
    tool: Mapping[str, Any], count: Count, expand_refs: bool, family: str = ""
) -> int:
    """A tool priced by its compact JSON and ``TOOL_SCHEMA_OVERHEAD``; with ``expand_refs``,
    by the larger of that and its JSON with the references expanded (:func:`with_refs`);
    on Gemini 2.0 (``family``), by its words (:func:`_gemini_words_tokens`)."""
    if expand_refs and family.startswith(_GEMINI_WORDS_FAMILIES):
        return _gemini_words_tokens(tool, count)
    dumped = _compact(tool)
    tokens = count(dumped)
    if expand_refs and '"$ref"' in dumped:
        tokens = max(tokens, count(_compact(with_refs(tool))))
    return TOOL_SCHEMA_OVERHEAD + tokens


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# Gemini expands a schema's ``$ref``s (``$defs`` / ``definitions``) into the declaration it
# bills, a recursive one several times over: pydantic/pydantic-ai's recorded gemini-2.5-flash
# call with a self-referencing ``TreeNode`` and a 4-deep chain of definitions bills 776 where
# the schema's JSON priced 671 (~105 more than the JSON, which holds each definition once).
# Priced as the larger of the JSON and the JSON with every reference replaced by what it
# names, a cycle followed up to ``REF_DEPTH`` times along any path (and at most
# ``REF_NODES`` replacements in all: a schema branching on itself stops growing there).
REF_DEPTH = 8
REF_NODES = 2_000
_LOCAL_REFS = ("#/$defs/", "#/definitions/")


def with_refs(value: object) -> object:
    """``value`` with its JSON-schema references (``{"$ref": "#/$defs/X"}``) replaced by the
    definitions they name, cycles followed ``REF_DEPTH`` times, and the ``$defs`` left out.

    >>> with_refs({"$defs": {"N": {"type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}}},
    ...            "$ref": "#/$defs/N"})["properties"]["n"]["properties"]["n"]["type"]
    'object'
    """
    budget = [REF_NODES]

    def walk(node: object, defs: Mapping[str, Any], seen: tuple[str, ...]) -> object:
        if isinstance(node, list):
            return [walk(x, defs, seen) for x in node]
        if not isinstance(node, Mapping):
            return node
        own = {**_defs_of(node, "$defs"), **_defs_of(node, "definitions")}
        if own:
            defs = {**defs, **own}
        ref = node.get("$ref")
        name = ref if isinstance(ref, str) and ref.startswith(_LOCAL_REFS) else None
        rest = {k: v for k, v in node.items() if k not in ("$defs", "definitions", "$ref")}
        if name is not None and name in defs and seen.count(name) < REF_DEPTH and budget[0] > 0:
            budget[0] -= 1
            target = walk(defs[name], defs, (*seen, name))
            out = dict(target) if isinstance(target, Mapping) else {}
            out.update({k: walk(v, defs, seen) for k, v in rest.items()})
            return out
        kept = {k: walk(v, defs, seen) for k, v in rest.items()}
        return kept if name is None or name not in defs else {"$ref": ref, **kept}

    return walk(value, {}, ())


# OpenAI renders a function whose parameters use definitions (``$defs`` / ``definitions``
# named by ``$ref``, as pydantic writes a nested model) without the schema's JSON: crewAI's
# recorded gpt-4o-mini requests with its ``TaskEvaluation`` tool (an array of a defined
# ``Entity``: 273, 769, 799, 901 billed) were priced 102 over each as JSON, and are 20 over
# with the definition written out where it is named (the namespace's rendering), 14 under
# with it rendered as ``any``. How OpenAI writes it is not pinned by a bill (a named type
# would bill a definition used twice once); written out in place it is never below those
# bills, and a definition used twice bills twice, an upper bound. A cycle (a tree) is not
# written out: priced by its JSON as before.
def refs_inlined(tool: Mapping[str, Any]) -> Mapping[str, Any]:
    """``tool`` with its references written out where they are named (:func:`with_refs`),
    when it has any and none is a cycle; else ``tool`` itself (see above).

    >>> refs_inlined({"type": "function", "function": {"name": "f", "parameters": {
    ...     "$defs": {"P": {"type": "string"}}, "type": "object",
    ...     "properties": {"p": {"$ref": "#/$defs/P"}}}}})["function"]["parameters"]
    {'type': 'object', 'properties': {'p': {'type': 'string'}}}
    """
    if '"$ref"' not in _compact(tool):
        return tool
    inlined = with_refs(tool)
    return tool if '"$ref"' in _compact(inlined) or not isinstance(inlined, Mapping) else inlined


def _defs_of(node: Mapping[str, Any], key: str) -> dict[str, Any]:
    found = node.get(key)
    if not isinstance(found, Mapping):
        return {}
    prefix = f"#/{key}/"
    return {prefix + str(k): v for k, v in found.items()}


def tool_choice_tokens(
    tool_choice: object,
    tools: Sequence[Mapping[str, Any]],
    count: Count,
    tokenizer: str = "cl100k_base",
    family: str = "",
) -> int:
    """Tokens OpenAI bills for a request's ``tool_choice``: none for ``"auto"`` (the
    default), 1 for ``"none"``, and for a named one the reply primed as a call to that
    function (:func:`_named_choice_tokens`, for the model of catalog id ``family``). ``"required"`` (not measured) and an unknown
    choice (None: a fit does not know what the app will send, and a body without one is
    priced as a fit of it was) take the largest a named choice of these tools costs, so
    never below the bill (as Anthropic's ``tool_choice``); an ``allowed_tools`` choice (not
    measured either) that and its list of tools as sent.

    >>> tools = [{"type": "function", "function": {"name": "get_weather"}}]
    >>> [tool_choice_tokens(c, tools, len) for c in ("auto", "none", None)]
    [0, 1, 25]
    >>> one = lambda text: 1  # a name of one token
    >>> tool_choice_tokens(None, tools, one), tool_choice_tokens(None, tools, one, family="gpt-4-turbo")
    (5, 7)
    """
    if tool_choice == "auto":
        return 0
    if tool_choice == "none":
        return 1
    if isinstance(tool_choice, Mapping) and tool_choice.get("type") == "allowed_tools":
        # not measured: the dearest named choice of these tools and the list itself as sent
        listed = count(json.dumps(tool_choice, ensure_ascii=False))
        return tool_choice_tokens(None, tools, count, tokenizer, family) + listed
    named = _chosen_name(tool_choice)
    if named is not None:
        return _named_choice_tokens(named, count, tokenizer, family)
    names = [n for t in tools if isinstance(n := _chosen_name(t), str)]
    return max((_named_choice_tokens(n, count, tokenizer, family) for n in names), default=1)


# The parallel-call generation (``_PARALLEL_GENERATION``) primes a forced call 2 tokens dearer
# than gpt-4-0613 and gpt-3.5-turbo-0613, as it bills a call's result 2-3 more (above):
# social-growth-studio/req_llm's recorded gpt-4-turbo request forcing its one tool ``add``
# bills 80, the name and 4 priced 78; the same shape on gpt-4 bills 76, exact with the name
# and 4 (review42 R42-B4). Its ``structured_output`` requests (96 on gpt-4-turbo, 87 on
# gpt-4) carry a ``minimum`` the rendering is not known for, priced as JSON, above both.
_PARALLEL_GENERATION_CHOICE = 2


def _named_choice_tokens(name: str, count: Count, tokenizer: str, family: str = "") -> int:
    """A named ``tool_choice``: the function's name and 4 more on cl100k_base (hmarr/
    openai-chat-tokens, measured with ``function_call``, its older form: the reply primed
    as `` to=functions.NAME``), 2 more on the parallel-call generation (above); on the o200k
    models at least the reply primed as their rendering of a call writes it
    (:func:`rendered_call`: Mirascope's recorded gpt-4o requests forcing one strict tool
    bill 109-148, 3 over the name and 4, review36 R36-B3)."""
    header, special = rendered_call(name, tokenizer)
    later = _PARALLEL_GENERATION_CHOICE if family in _PARALLEL_GENERATION else 0
    return max(count(name) + 4 + later, count(header) + special)


def _chosen_name(spec: object) -> str | None:
    """The function a tool or a ``tool_choice`` names: Chat's ``{"type": "function",
    "function": {"name": …}}``, Responses' ``{"type": "function", "name": …}``."""
    if not isinstance(spec, Mapping):
        return None
    inner = spec.get("function", spec)
    name = inner.get("name") if isinstance(inner, Mapping) else None
    return name if isinstance(name, str) else None


def rendered_functions(tools: Sequence[Mapping[str, Any]]) -> str | None:
    """The namespace OpenAI renders Chat Completions function tools into, or None when a
    tool's schema holds something the rendering is not known for.

    The rendering (reconstructed by hmarr/openai-chat-tokens and checked there against the
    API on 14 requests; the cookbook's and the API reference's examples agree): each
    function as ``type name = (_: {…}) => any;`` after its description as a ``//`` comment,
    each property as ``name?: type,`` (no ``?`` when required) after its description,
    enums as ``"a" | "b"``, nested objects indented by two, arrays as ``type[]``. A
    description of several lines is priced with ``//`` before each line, which is never
    fewer tokens than the one comment marker.

    >>> print(rendered_functions([{"type": "function", "function": {"name": "f",
    ...     "description": "Do f", "parameters": {"type": "object", "required": ["x"],
    ...     "properties": {"x": {"type": "string", "enum": ["a", "b"]}}}}}]))
    namespace functions {
    <BLANKLINE>
    // Do f
    type f = (_: {
    x: "a" | "b",
    }) => any;
    <BLANKLINE>
    } // namespace functions
    """
    lines = ["namespace functions {", ""]
    for tool in tools:
        function = _function_of(tool)
        if not isinstance(function, Mapping) or set(function) - _FUNCTION_KEYS:
            return None
        name, params = function.get("name"), function.get("parameters", _NO_PARAMETERS)
        described = _comment(function.get("description"))
        if not isinstance(name, str) or described is None or not isinstance(params, Mapping):
            return None
        if params.get("type") != "object" or set(params) - _OBJECT_KEYS - _UNRENDERED_KEYS:
            return None
        # The parameters' own description: where OpenAI renders it is not published, but it
        # is billed (pydantic/pydantic-ai's gpt-5.4 request with one: 109 billed, 98 priced
        # without it); priced as a comment line of its own.
        said = _comment(params.get("description"))
        titled = _parameters_title(params)
        if said is None or titled is None:
            return None
        lines += described + titled + said
        if params.get("properties"):
            body = _properties(params, 0)
            if body is None:
                return None
            lines += [f"type {name} = (_: {{", *body, "}) => any;"]
        else:
            lines.append(f"type {name} = () => any;")
        lines.append("")
    lines.append("} // namespace functions")
    return "\n".join(lines)


_FUNCTION_KEYS = frozenset({"name", "description", "parameters", "strict"})
# Keys of the parameters object that are not rendered: ``$schema``, a ``title`` (priced as a
# comment: ``_parameters_title``) and ``strict`` written into the schema instead of beside it
# (crmne/ruby_llm's tools): 24 recorded first requests of gpt-5-nano, gpt-5.4 and gpt-5.6-luna
# whose only other content is a question bill 1-9 below their rendering without the key,
# 20-72 below it as the schema's JSON (the fallback for a key not known).
_UNRENDERED_KEYS = frozenset({"$schema", "title", "strict"})


def _function_of(tool: Mapping[str, Any]) -> object:
    """A function tool's function: Chat's ``function`` object, or a Responses tool's own
    keys (``{"type": "function", "name": …}``: the same function, flat)."""
    if tool.get("type") != "function":
        return None
    if "function" in tool:
        return tool["function"]
    return {k: v for k, v in tool.items() if k != "type"}


_OBJECT_KEYS = frozenset({"type", "properties", "required", "additionalProperties", "description"})
# Schema annotations that schema generators add to every property (pydantic writes a
# ``title`` on each, and ``default`` on each optional one). Whether OpenAI renders them is
# not published (hmarr/openai-chat-tokens, checked against the API, renders neither; tool
# listings that leaked from ChatGPT show ``// default: …`` after a property): a title is
# priced as a comment line of its own, a default as a comment ending the property's line (as
# OpenAI's harmony renderer writes it: ``_default_comment``), a few tokens where the JSON
# fallback cost a whole schema more (Mirascope's recorded gpt-4o request, a pydantic tool
# with a titled property: billed 149, priced 227 as JSON, 182 so).
_ANNOTATIONS = frozenset({"title", "default"})
_NO_PARAMETERS: Mapping[str, Any] = {"type": "object", "properties": {}}
_SCALARS = {"string": "string", "number": "number", "integer": "number", "boolean": "boolean",
            "null": "null"}  # fmt: skip


def _comment(text: object) -> list[str] | None:
    """A description as its comment lines ([] for none; None: not a string)."""
    if text is None or text == "":
        return []
    if not isinstance(text, str):
        return None
    return [f"// {line}" for line in text.split("\n")]


def _properties(schema: Mapping[str, Any], indent: int) -> list[str] | None:
    """An object schema's properties as rendered lines, or None when one is not known."""
    properties, required = schema.get("properties") or {}, schema.get("required") or ()
    if not isinstance(properties, Mapping) or not isinstance(required, list | tuple):
        return None
    lines: list[str] = []
    for key, spec in properties.items():
        described = _comment(spec.get("description")) if isinstance(spec, Mapping) else None
        titled = _title_comment(spec) if described is not None else None
        default = _default_comment(spec) if titled is not None else None
        kind = _type(spec, indent) if default is not None else None
        if described is None or titled is None or default is None or kind is None:
            return None
        mark = "" if key in required else "?"
        lines += [*_titled_then_described(titled, described), f"{key}{mark}: {kind},{default}"]
    pad = " " * indent
    return [pad + line for text in lines for line in text.split("\n")]


# A property with a title and a description: OpenAI renders an empty comment line between
# them, as its harmony renderer writes a title (``// {title}``, ``//``; openai/harmony,
# ``json_schema_to_typescript``). It costs a token on cl100k_base and none on the o200k texts
# recorded (o200k merges it): crewAI's recorded gpt-4-0125-preview request with two tools of
# three titled, described properties billed 479, priced 473 without it; its gpt-3.5-turbo
# request with two (``create_issue``) 93, priced 91 (review39 R39-B4, R39-B2). A title alone
# is one line (crewAI's gpt-3.5-turbo ``dummy_tool``, 122, and the o200k requests above: exact).
def _titled_then_described(titled: list[str], described: list[str]) -> list[str]:
    """A property's comment lines (see above).

    >>> _titled_then_described(["// Task"], ["// The task"]), _titled_then_described(["// T"], [])
    (['// Task', '//', '// The task'], ['// T'])
    """
    return [*titled, "//", *described] if titled and described else [*titled, *described]


def _title_comment(schema: Mapping[str, Any]) -> list[str] | None:
    """A schema's ``title`` as a comment line ([] for none; None: not text)."""
    return _comment(schema.get("title"))


# The parameters' own ``title`` (pydantic names the model: ``get_weather_input``) is billed
# one token more than a comment line: as OpenAI's harmony renderer writes a title
# (openai/harmony, ``json_schema_to_typescript``: ``// {title}`` then an empty ``//`` line).
# Exact on every recorded request with one (Microsoft Agent Framework's gpt-4o-mini requests
# in Arize-ai/openinference's cassettes: 75, 151, 81 billed for 1, 3, 1 titled tools, priced
# 74, 148, 80 as one line: review37 R37-B1), where a property's title is billed as one line
# (Mirascope's and CrewAI's recorded gpt-4o / gpt-4.1-nano requests: exact so, one over
# with the empty line).
def _parameters_title(params: Mapping[str, Any]) -> list[str] | None:
    """The parameters' ``title`` as OpenAI bills it (see above; [] for none, None: not text).

    >>> _parameters_title({"title": "get_weather_input"}), _parameters_title({})
    (['// get_weather_input', '//'], [])
    """
    titled = _title_comment(params)
    return [*titled, "//"] if titled else titled


def _default_comment(spec: Mapping[str, Any]) -> str | None:
    """A property's ``default`` as the comment that ends its line, as OpenAI's harmony
    renderer writes it (``country: string, // default: "FR"``; "" for none, None: not
    JSON). On its own line it was priced 2 under crewAI's recorded gpt-4o-mini and
    gpt-4.1-mini requests with strict pydantic tools (264 and 913 billed, 318); at the end
    of the line they are exact."""
    if "default" not in spec:
        return ""
    try:
        return f" // default: {json.dumps(spec['default'], ensure_ascii=False)}"
    except (TypeError, ValueError):
        return None


def _type(spec: Mapping[str, Any], indent: int) -> str | None:
    """One property's type as rendered, or None when the rendering is not known for it."""
    kind = spec.get("type")
    if "anyOf" in spec or "oneOf" in spec or isinstance(kind, list):
        return _union(spec, indent)
    if kind == "object":
        if set(spec) - _OBJECT_KEYS - _ANNOTATIONS:
            return None
        body = _properties(spec, indent + 2)
        return None if body is None else "\n".join(["{", *body, "}"])
    if kind == "array":
        if set(spec) - {"type", "items", "description"} - _ANNOTATIONS:
            return None
        items = spec.get("items")
        if items is None:
            return "any[]"
        inner = _type(items, indent) if isinstance(items, Mapping) else None
        return None if inner is None else f"{inner}[]"
    if (
        not isinstance(kind, str)
        or kind not in _SCALARS
        or set(spec) - {"type", "description", "enum", "format"} - _ANNOTATIONS
    ):
        return None
    enum = spec.get("enum")
    if enum is None:
        return _SCALARS[kind]
    if not isinstance(enum, list) or not enum:
        return None
    if kind == "string" and all(isinstance(v, str) for v in enum):
        return " | ".join(f'"{v}"' for v in enum)
    if kind in ("number", "integer") and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in enum
    ):
        return " | ".join(str(v) for v in enum)
    return None


# Unions and formats. A property of several types (``anyOf``, ``oneOf``, a list of types) is
# rendered as its variants joined by `` | `` (``country: string | null``), as harmony renders
# a ``oneOf``; a string's ``format`` is not rendered. How OpenAI renders them is not pinned
# by a bill: pydantic-ai's recorded gpt-4o requests with ``string | string[]`` bill 14 less
# than that rendering and the variants' JSON, and beeai's (a tool of three nullable dates
# and names, two of them ``format: date``, billed 252 on gpt-4o and gpt-4o-mini) 16 more
# than the rendering alone. So each is priced as rendered plus the compact JSON of its
# variants, and of its format (``unpinned_margin``): 32-39 over those bills, where the whole
# schema's JSON was 119-142 over. A union inside a nested object is priced by the schema's
# JSON: crewAI's planning tool (a nullable string in the objects of an array, billed 440 on
# gpt-4o-mini) bills 22 more than its rendering, and 16 more with the margin.
_UNION_KEYS = frozenset({"anyOf", "oneOf", "type", "description"}) | _ANNOTATIONS


def _union(spec: Mapping[str, Any], indent: int) -> str | None:
    """A union (``anyOf``, ``oneOf``, or a list of types) as its variants joined by ``|``."""
    kind = spec.get("type")
    variants = spec.get("anyOf", spec.get("oneOf"))
    if isinstance(kind, list):
        variants = [{"type": k} for k in kind]
    if indent or set(spec) - _UNION_KEYS or not isinstance(variants, list) or not variants:
        return None  # (nested: see above)
    rendered = [_type(v, indent) if isinstance(v, Mapping) else None for v in variants]
    return None if None in rendered else " | ".join(str(r) for r in rendered)


def unpinned_margin(tools: Sequence[Mapping[str, Any]], count: Count) -> int:
    """Tokens added to a rendered namespace for what its rendering does not pin: each
    union's variants and each ``format`` as compact JSON (see ``_UNION_KEYS``).

    >>> unpinned_margin([{"type": "function", "name": "f", "parameters": {"type": "object",
    ...     "properties": {"d": {"anyOf": [{"type": "string", "format": "date"},
    ...     {"type": "null"}]}}}}], len)
    68
    """

    def walk(node: object) -> int:
        if isinstance(node, list):
            return sum(walk(x) for x in node)
        if not isinstance(node, Mapping):
            return 0
        extra = 0
        variants = node.get("anyOf", node.get("oneOf"))
        kind = node.get("type")
        if isinstance(variants, list) or isinstance(kind, list):
            extra += count(_compact(variants if isinstance(variants, list) else kind))
        if isinstance(node.get("format"), str):
            extra += count(_compact({"format": node["format"]}))
        return extra + sum(walk(v) for v in node.values())

    return sum(walk(_function_of(t)) for t in tools)

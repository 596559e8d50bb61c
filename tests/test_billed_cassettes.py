"""Published bills from more projects' recorded tests: pydantic/logfire (its OpenAI, Anthropic,
Google, LangChain, LiteLLM, DSPy, OpenAI Agents and MCP cassettes, at HEAD and, for the
OpenAI Agents cassettes re-recorded since, at f15c73e8 of March 2025), crewAIInc/crewAI (its
LLM, agent, crew and flow cassettes), Arize-ai/openinference (1fe497f1: its instrumentations'
cassettes, beeai-framework's among them; litellm's ``TestTokenCounts.test_anthropic``, a stub's
round usage of 100 + 5 + 2 for "Hello!", left out),
simonw/llm (Chat and Responses, gpt-4o-mini and gpt-5.5) and simonw/llm-gemini (Gemini 2.5 and
3 Flash, tools and response schemas; every one over its bill, by 6-268: Gemini's declarations
and schemas are priced by their JSON), Mirascope/mirascope (its e2e and ops cassettes: Chat,
Responses, Claude Sonnet 4 and 4.5, Gemini 2.5 and 3: tools, structured outputs, thinking,
resumed calls), traceloop/openllmetry (its OpenAI, Anthropic, LangChain, LlamaIndex, Agno and
OpenAI Agents instrumentations' cassettes), Future-House/paper-qa, Future-House/ldp (f0a29f1f:
its agents' and its ``lmi`` package's), Future-House/aviary (826577f3: Claude 4.5 tool results
with images), Future-House/llm-client (ce9ef5dc), elastic/elastic-otel-python-instrumentations
(935ab4fa: OpenAI), Scale3-Labs/langtrace-python-sdk (b62abd9b) and crmne/ruby_llm (fb5a49bf:
Chat, Responses, Claude with cited documents, Gemini, Mistral), simonw/llm-anthropic (3ae428f3),
DataDog/dd-trace-py (3bb9ecda: its OpenAI, Anthropic, LiteLLM and OpenAI Agents cassettes),
extracted by ``scripts/make_billed_cassettes.py`` into ``tests/data/billed_cassettes.json``
(bodies of up to 12,000 characters, each body once) with the day each reply was recorded.

Every request is priced at or above its bill, or refused with a typed error (a model not
known; a model shut down since is priced on the catalog serving it again), or its bill counts
what the body does not hold (``builders.unpriceable``) — except the bills the data names
``known_below``, each with why (the Responses API's first weeks, below, an Azure deployment of
2023 whose version no field names, a request edited after recording): strict xfails.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builders import (
    bill_cases,
    complete_price,
    served_again,
    served_again_price,
    shut_down_bill,
    text_pdf,
    unpriceable,
)
from contextledger import ShutDownModelError
from contextledger.catalog import lookup_model
from contextledger.model import FileAttachment, InlineData
from contextledger.pricing.files import (
    CITED_CHUNKS_A_PAGE,
    cited_cost,
    cited_document_cost,
    pdf_sentence_bound,
)
from contextledger.pricing.framing import rendered_functions
from contextledger.pricing.messages import price_request

BILLS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "billed_cassettes.json").read_text(encoding="utf-8")
)

# The Responses API opened on 2025-03-11. Replies recorded before April 2025 bill more than
# the same bodies do since, and not consistently: a question with no tools 18 more (logfire's
# OpenAI Agents cassettes of 2025-03-10, "2+2?" with ``"tools": []`` billed 29; the same body
# re-recorded on 2026-02-16 billed 11, as priced; pydantic-ai's system-prompt request of
# 2025-03-27 without ``tools``, 42 for 24), a strict tool ~200 more (244 and 283 billed on
# 2025-03-12), two strict tools 0 (2025-03-10). R38-B2's MCP tool (non-strict, its parameters
# titled: 51 and 83 billed on 2025-03-28, priced 42 and 80) is one of them: no reply recorded
# since bills a titled or non-strict Responses tool above its price (pydantic-ai's 40
# non-strict tool requests of 2025-04 to 2026: 3-76 over). Today's bills are what a fit
# budgets for; these are kept, each named ``known_below`` in the data (a strict xfail), not priced.
FIRST_WEEKS_END = "2025-04-01"


def _id(bill: dict[str, Any]) -> str:
    where = bill["source"].split("/blob/")[1][41:]
    return where.replace(".yaml", "").replace(" ", "")


def _first_weeks(bill: dict[str, Any]) -> bool:
    recorded = bill.get("recorded") or ""
    return bill["format"] == "openai-responses" and recorded < FIRST_WEEKS_END


PRICEABLE = [b for b in BILLS if unpriceable(b["body"]) is None and b["billed"] > 0]


@pytest.mark.parametrize("bill", bill_cases(PRICEABLE, complete_price), ids=_id)
def test_a_recorded_request_is_never_priced_below_its_bill(bill: dict[str, Any]) -> None:
    price = complete_price(bill)
    if price is None:
        return
    assert price >= bill["billed"], bill["source"]


RETIRED = [b for b in PRICEABLE if shut_down_bill(b)]


@pytest.mark.parametrize("bill", bill_cases(RETIRED, served_again_price), ids=_id)
def test_a_request_to_a_model_shut_down_since_is_never_priced_below_its_bill(
    bill: dict[str, Any],
) -> None:
    """A user who serves one again (``allow_retired``, ``Catalog.revive``) is priced so too:
    review39's R39-B2/B3/B4 (gpt-3.5-turbo and gpt-4-0125-preview tool exchanges, 2-9 under)."""
    price = served_again_price(bill)
    assert price is None or price >= bill["billed"], bill["source"]


def _bills(*needles: str) -> list[dict[str, Any]]:
    return [b for b in BILLS if all(n in b["source"] for n in needles)]


def test_the_file_holds_the_sources_named() -> None:
    assert len(BILLS) > 700
    assert len(PRICEABLE) > 0.85 * len(BILLS)
    assert len(_bills("pydantic/logfire")) >= 34
    assert len(_bills("beeai")) == 3
    assert len(_bills("Arize-ai/openinference")) >= 100
    assert len(_bills("Mirascope/mirascope")) >= 500
    assert len(_bills("traceloop/openllmetry")) >= 120
    assert len(_bills("Future-House/paper-qa")) >= 30
    assert len(_bills("DataDog/dd-trace-py")) >= 90
    assert len(RETIRED) >= 80


def test_every_bill_names_a_model_its_api_serves_or_served() -> None:
    """Each bill is of a model the catalog resolves or has shut down, or of an
    OpenAI-compatible server's own model (DeepSeek, Ollama): simonw/llm's variant_d
    cassette, a router's kimi-k2 reply relabelled ``muse-spark-1.1`` (its ``created``,
    ``cost`` and usage, 57 and 107, are variant_a's), was no bill and is left out
    (``make_billed_cassettes.served_as_asked``)."""
    from contextledger.catalog import lookup_model
    from contextledger.errors import UnknownModelError

    def unknown(model: str) -> bool:
        try:
            lookup_model(model)
        except ShutDownModelError:
            return False
        except UnknownModelError:
            return True
        return False

    own_servers = {"deepseek-chat", "deepseek-reasoner", "gemma3:4b"}
    assert {b["model"] for b in BILLS if unknown(b["model"])} <= own_servers


def test_a_tool_result_on_the_gpt_3_5_turbo_0125_generation_bills_as_rendered_to_the_assistant() -> (
    None
):
    """R39-B3/B4/B7: a call and its result bill 3 more on gpt-3.5-turbo (0125) and
    gpt-4-0125-preview than on the 0613 snapshots (crewAI: exact now, 3 under on main), 2
    more on openllmetry's request without tools (1 over now, 2 under on main)."""
    catalog = served_again()
    crewai = [
        b
        for b in _bills("crewAI")
        if b["model"] in ("gpt-3.5-turbo", "gpt-4-0125-preview")
        and any(m.get("role") == "tool" for m in b["body"]["messages"])
    ]
    assert sorted(b["billed"] for b in crewai) == [156, 188, 189, 867]
    for bill in crewai:
        assert (
            price_request(bill["body"], bill["model"], "openai", catalog=catalog).total
            == (bill["billed"])
        )
    (alone,) = [
        b
        for b in _bills("openllmetry", "/test_chat/")
        if b["body"]["messages"][0].get("tool_calls")
    ]
    priced = price_request(alone["body"], alone["model"], "openai", catalog=catalog).total
    assert priced == alone["billed"] + 1 == 41


def test_a_property_with_a_title_and_a_description_bills_an_empty_comment_line_between() -> None:
    """R39-B2/B4: crewAI's gpt-3.5-turbo ``create_issue`` (two such properties, 93 billed) and
    gpt-4-0125-preview delegation tools (six, 479): exact (2 and 6 under on main)."""
    cases = _bills("test_agent_kickoff_with_platform_tools.yaml (interaction 0)")
    cases += _bills("test_increment_tool_errors.yaml (interaction 0)")
    cases = [b for b in cases if b["model"] in ("gpt-3.5-turbo", "gpt-4-0125-preview")]
    assert sorted(b["billed"] for b in cases) == [93, 479]
    catalog = served_again()
    for bill in cases:
        assert (
            price_request(bill["body"], bill["model"], "openai", catalog=catalog).total
            == (bill["billed"])
        )


def test_a_tool_naming_definitions_is_priced_with_them_written_out_not_as_json() -> None:
    """crewAI's ``TaskEvaluation`` (an array of a ``$defs`` ``Entity``) on gpt-4o-mini: 273,
    769, 799, 901 billed; 102 over each as the schema's JSON on main, 20 over now."""
    cases = [
        b
        for b in _bills("crewAI")
        if '"$ref": "#/$defs/Entity"' in json.dumps(b["body"].get("tools") or [])
    ]
    assert sorted(b["billed"] for b in cases) == [273, 769, 799, 901]
    for bill in cases:
        price = price_request(bill["body"], bill["model"], "openai").total
        assert bill["billed"] <= price <= bill["billed"] + 20


def test_gemini_2_5_bills_a_long_thought_signature_sent_back() -> None:
    """Mirascope's gemini-2.5-flash calls sent back with a signature of 6,328 and 3,212
    characters: 1,256 and 808 billed, priced 500 on main (their signatures not priced)."""
    cases = _bills("test_structured_output_with_tools/google_gemini_2_5_flash/")
    cases = [b for b in cases if "thoughtSignature" in json.dumps(b["body"])]
    assert sorted(b["billed"] for b in cases) == [808, 1256]
    for bill in cases:
        assert price_request(bill["body"], bill["model"], "gemini").total >= bill["billed"]


def test_an_empty_tool_list_on_responses_is_billed_as_none_today() -> None:
    """R38-B2's ``"tools": []``: the same question billed 29 in March 2025 and 11 since,
    priced 11 (as a body without ``tools``)."""
    (old,) = [b for b in _bills("test_responses_simple.yaml (interaction 0)") if _first_weeks(b)]
    (new,) = [b for b in _bills("test_responses_simple.yaml (interaction 0)") if b is not old]
    assert old["body"]["input"] == new["body"]["input"] and new["body"]["tools"] == []
    assert (old["billed"], new["billed"]) == (29, 11)
    priced = price_request(new["body"], "gpt-4o", "openai-responses").total
    without = {k: v for k, v in new["body"].items() if k != "tools"}
    assert priced == price_request(without, "gpt-4o", "openai-responses").total == 11


def test_a_default_is_priced_at_the_end_of_its_property_line() -> None:
    """crewAI's strict pydantic tools with ``default``s: 2 under on their own comment line,
    exact at the end of the property's line (as harmony renders it)."""
    cases = _bills("with_planning_and_tools.yaml (interaction 2)") + _bills(
        "test_using_memory_with_remember.yaml (interaction 3)"
    )
    assert [b["billed"] for b in cases] == [264, 318]
    assert all(price_request(b["body"], b["model"], "openai").total == b["billed"] for b in cases)


def test_an_image_on_claude_3_5_haiku_is_priced_with_what_it_bills_beyond_its_patches() -> None:
    """crewAI's 640×480 PNG and a short question: billed 453, priced 441 by patches alone."""
    cases = _bills("TestAnthropicMultimodalIntegration.test_describe_image.yaml")
    assert [b["billed"] for b in cases] == [453]
    price = price_request(cases[0]["body"], cases[0]["model"], "anthropic")
    assert price.total >= 453 and price.image == 414 + 20


def test_a_union_is_priced_as_rendered_with_its_variants_not_as_the_whole_schema() -> None:
    """beeai's weather tool (three nullable ``anyOf`` properties, two ``format: date``):
    billed 252 on gpt-4o and gpt-4o-mini, priced 371 as the schema's JSON on main; now the
    union is rendered (``string | null``) and its variants' JSON added: within 40 over."""
    cases = _bills("beeai", "test_agent.yaml") + _bills("beeai", "test_llm_with_tools.yaml")
    assert [b["billed"] for b in cases] == [252, 252]
    for bill in cases:
        tools = bill["body"]["tools"]
        assert "country: string | null," in (rendered_functions(tools) or "")
        assert 252 <= price_request(bill["body"], bill["model"], "openai").total <= 252 + 40


def test_a_union_inside_a_nested_object_is_priced_by_the_schema() -> None:
    """crewAI's planning tool: a nullable string in the objects of an array bills 22 more
    than its rendering (440 billed), so it stays priced by the schema's JSON."""
    (bill,) = _bills("agents/test_agent_kickoff_with_planning.yaml (interaction 0)")
    assert rendered_functions(bill["body"]["tools"]) is None
    assert price_request(bill["body"], bill["model"], "openai").total >= bill["billed"] == 440


@given(st.sampled_from(["string", "number", "boolean"]), st.booleans())
def test_a_union_never_costs_less_than_its_first_variant_alone(kind: str, as_list: bool) -> None:
    """Making a property nullable (as ``anyOf`` or a list of types) never lowers the price."""
    union: dict[str, Any] = (
        {"type": [kind, "null"]} if as_list else {"anyOf": [{"type": kind}, {"type": "null"}]}
    )

    def priced(spec: dict[str, Any]) -> int:
        tool = {"type": "function", "function": {"name": "f", "parameters": {
            "type": "object", "properties": {"x": spec}}}}  # fmt: skip
        body = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
        return price_request({**body, "tools": [tool]}, "gpt-4o", "openai").total

    assert priced(union) > priced({"type": kind})


@pytest.mark.parametrize(
    ("cassette", "billed", "uncited"),
    [
        ("cites_text_documents_in_responses", 674, 154),
        ("cites_pdf_documents_with_page_numbers", 4250, 3026),
    ],
)
def test_a_document_anthropic_is_asked_to_cite_is_priced_with_what_citing_adds(
    cassette: str, billed: int, uncited: int
) -> None:
    """crmne/ruby_llm's claude-haiku-4-5 calls citing a four-sentence text document and a
    one-page PDF of 67 sentences: Anthropic adds its citations prompt and cuts the document
    into chunks (503 and 1,207 above the price of the same body without its ``citations``,
    priced as the field's JSON before): priced at or above the bills now."""
    (bill,) = _bills(f"chat_citations_with_anthropic_claude-haiku-4-5_{cassette}")
    body = copy.deepcopy(bill["body"])
    document = body["messages"][0]["content"][1]
    assert bill["billed"] == billed and document.pop("citations") == {"enabled": True}
    assert price_request(body, bill["model"], "anthropic").total == uncited
    assert price_request(bill["body"], bill["model"], "anthropic").total >= billed


CITED = '{"citations": {"enabled": true}}'
SAID = [["Refunds take 5 days. Ask first!", "Call us"], ["Is it open? Yes.", "Bye"]]


def _cited_pdf(data: bytes) -> FileAttachment:
    return FileAttachment("terms.pdf", data=InlineData.from_bytes(data),
                          media_type="application/pdf", document_fields=CITED)  # fmt: skip


@pytest.mark.parametrize("filters", ["/FlateDecode", ""])
def test_a_cited_pdf_whose_text_is_read_is_cut_into_at_most_its_sentences(filters: str) -> None:
    """review47: a cited PDF was priced at 100 chunks a page whatever it holds (+1,200 a
    page). Its text layer read, the chunks are bounded by its sentence marks (a decimal point
    too), its lines and its pages: 4 + 4 + 2 here, never fewer than its sentences."""
    data = text_pdf(SAID, filters)
    assert pdf_sentence_bound(data, 2) == 4 + 4 + 2
    assert cited_document_cost(_cited_pdf(data)) == cited_cost(10) < cited_cost(200)


@pytest.mark.parametrize(
    ("filters", "shown"), [("/FlateDecode", "hex"), ("/ASCII85Decode", "literal")]
)
def test_a_cited_pdf_whose_text_is_not_read_keeps_the_bound_a_page(
    filters: str, shown: str
) -> None:
    """Glyph codes in hex strings (CID fonts) or a filter not read: 100 chunks a page."""
    data = text_pdf(SAID, filters, shown)
    assert pdf_sentence_bound(data, 2) is None
    assert cited_document_cost(_cited_pdf(data)) == cited_cost(2 * CITED_CHUNKS_A_PAGE)


@pytest.mark.parametrize("chunks", [1, 3])
def test_a_search_result_asked_to_cite_costs_the_citations_prompt_and_its_chunks(
    chunks: int,
) -> None:
    """A RAG tool's ``search_result`` with citations enabled: what citing a document adds,
    for as many chunks as its text blocks (it went as its JSON alone before)."""

    def priced(cited: bool) -> int:
        found = {"type": "search_result", "source": "https://wiki.example/deploys",
                 "title": "Deploy runbook", "content": [
                     {"type": "text", "text": f"Step {n}: drain the node first."} for n in range(chunks)
                 ]}  # fmt: skip
        if cited:
            found["citations"] = {"enabled": True}
        body = {"messages": [
            {"role": "user", "content": "How do I deploy?"},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "toolu_1", "name": "wiki", "input": {"q": "deploy"}}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": [found]}]},
        ]}  # fmt: skip
        return price_request(body, "claude-sonnet-4-5", "anthropic").total

    added = priced(True) - priced(False)
    assert cited_cost(chunks) <= added <= cited_cost(chunks) + 20  # (+ the field's own JSON)


def test_mistral_small_is_billed_what_its_chat_template_adds_to_a_request() -> None:
    """crmne/ruby_llm's mistral-small-latest calls of 2026-08: one-line questions billed 22-31,
    priced 14-26 by their text and framing alone before (5-8 below); the catalog's 16 a request
    for the chat template's own tokens prices every one at or above its bill."""
    cases = _bills("crmne/ruby_llm", "mistral-small-latest")
    small = [
        b
        for b in cases
        if [type(m["content"]) for m in b["body"]["messages"]] == [str] and "tools" not in b["body"]
    ]
    assert len(small) >= 5 and lookup_model("mistral-small-latest").request_overhead == 16
    margins = [price_request(b["body"], b["model"], "openai").total - b["billed"] for b in small]
    assert min(margins) >= 0 and min(margins) < 16  # (below some bills without it)


def test_strict_written_inside_a_tools_parameters_is_not_rendered() -> None:
    """crmne/ruby_llm writes ``"strict": true`` into each tool's parameters: OpenAI renders
    the tool without it (gpt-5.4's and gpt-5.6-luna's requests, a question and the tools, then
    a call and its result: 1 over each; 20-30 over as the schema's JSON before)."""
    cases = [
        b
        for b in _bills("crmne/ruby_llm")
        if b["model"] in ("gpt-5.4", "gpt-5.6-luna")
        and '"strict": true'
        in json.dumps([t.get("parameters") for t in b["body"].get("tools", [])])
    ]
    assert sorted(b["billed"] for b in cases) == [38, 46, 57, 79, 87, 100, 149, 149]
    for bill in cases:
        assert (
            price_request(bill["body"], bill["model"], bill["format"]).total == bill["billed"] + 1
        )

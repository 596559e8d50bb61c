"""Each framework adapter prices for the model its framework object really calls, read from
the framework's own classes (their real packages, no stand-ins): an AzureChatOpenAI's model
is an Azure deployment (``gpt-4`` is served there after OpenAI's API shut it down), a Bedrock
application inference profile names its base model, a pydantic-ai or Agents SDK ``Model``
object names its provider and the API it is sent in. prov16 left AzureChatOpenAI(model=
"gpt-4") refused as shut down and every ``Model`` object refused as an unknown id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from agents import Agent, OpenAIChatCompletionsModel, RunConfig, Runner
from agents import OpenAIResponsesModel as AgentsResponsesModel
from agents.extensions.models.litellm_model import LitellmModel
from agents.run import CallModelData, ModelInputData
from langchain.agents.middleware.types import ModelRequest
from langchain_anthropic import ChatAnthropic
from langchain_aws import ChatBedrockConverse
from langchain_core.messages import AIMessage, HumanMessage
from langchain_litellm import ChatLiteLLM
from langchain_openai import AzureChatOpenAI, ChatOpenAI
from openai import AsyncAzureOpenAI, AsyncOpenAI
from pydantic_ai import Agent as PydanticAgent
from pydantic_ai.messages import ModelRequest as PydanticRequest
from pydantic_ai.messages import UserPromptPart
from pydantic_ai.models.anthropic import AnthropicModel
from pydantic_ai.models.bedrock import BedrockConverseModel
from pydantic_ai.models.openai import OpenAIChatModel, OpenAIResponsesModel
from pydantic_ai.providers.anthropic import AnthropicProvider
from pydantic_ai.providers.azure import AzureProvider
from pydantic_ai.providers.bedrock import BedrockProvider
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai.providers.openrouter import OpenRouterProvider

from contextledger.catalog import default_catalog, register_alias
from contextledger.errors import UnknownModelError
from contextledger.integrations.langchain import ContextLedgerMiddleware, trim_messages
from contextledger.integrations.openai_agents import ContextLedgerFilter
from contextledger.integrations.pydantic_ai import ContextLedger
from contextledger.prepare import PrepareReport
from stub_server import StubReply, StubServer

AZURE = {
    "api_version": "2024-10-21",
    "azure_endpoint": "https://x.openai.azure.com",
    "api_key": "k",
}
BEDROCK = {"region_name": "us-east-1", "aws_access_key_id": "k", "aws_secret_access_key": "k"}


def via_middleware(chat_model: Any, **options: Any) -> PrepareReport:
    middleware = ContextLedgerMiddleware(**options)
    request = ModelRequest(
        model=chat_model,
        messages=[HumanMessage("hi", id="h1")],
        system_message=None,
        tool_choice=None,
        tools=[],
        response_format=None,
        state={},  # type: ignore[arg-type]
        runtime=None,
    )
    middleware.wrap_model_call(request, lambda r: AIMessage("ok"))
    assert middleware.last_report is not None
    return middleware.last_report


LANGCHAIN: list[tuple[str, Callable[[], Any], str, str]] = [
    (
        "an Azure deployment of gpt-4 (no model named: the deployment is)",
        lambda: AzureChatOpenAI(azure_deployment="gpt-4", **AZURE),
        "gpt-4",
        "openai",
    ),
    (
        "an Azure deployment named 'prod' of gpt-4",
        lambda: AzureChatOpenAI(azure_deployment="prod", model="gpt-4", **AZURE),
        "gpt-4",
        "openai",
    ),
    (
        "OpenRouter through ChatOpenAI",
        lambda: ChatOpenAI(
            model="anthropic/claude-sonnet-4.5",
            base_url="https://openrouter.ai/api/v1",
            api_key="k",
        ),
        "claude-sonnet-4-5",
        "anthropic",
    ),
    (
        "a dated Anthropic id",
        lambda: ChatAnthropic(model="claude-haiku-4-5-20251001", api_key="k"),  # type: ignore[call-arg]
        "claude-haiku-4-5",
        "anthropic",
    ),
    (
        "a Bedrock cross-region profile",
        lambda: ChatBedrockConverse(
            model="us.anthropic.claude-sonnet-4-5-20250929-v1:0", **BEDROCK
        ),
        "claude-sonnet-4-5",
        "anthropic",
    ),
    (
        "a Bedrock application inference profile with its base model",
        lambda: ChatBedrockConverse(
            model="arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc123",
            base_model="anthropic.claude-haiku-4-5-20251001-v1:0",
            provider="anthropic",
            **BEDROCK,
        ),
        "claude-haiku-4-5",
        "anthropic",
    ),
    (
        "ChatLiteLLM's custom_llm_provider azure",
        lambda: ChatLiteLLM(model="gpt-4", custom_llm_provider="azure"),
        "gpt-4",
        "openai",
    ),
    (
        "ChatLiteLLM's Vertex route",
        lambda: ChatLiteLLM(model="vertex_ai/claude-opus-4-5@20251101"),
        "claude-opus-4-5",
        "anthropic",
    ),
]


@pytest.mark.parametrize(
    ("label", "make", "model", "wire"), LANGCHAIN, ids=[c[0] for c in LANGCHAIN]
)
def test_langchain_prices_for_the_model_its_chat_model_calls(
    label: str, make: Callable[[], Any], model: str, wire: str
) -> None:
    chat_model = make()
    report = via_middleware(chat_model)
    assert (report.model, report.format) == (model, wire)
    got: list[PrepareReport] = []
    trim_messages(
        [HumanMessage("hi")], max_tokens=500, token_counter=chat_model, on_report=got.append
    )
    assert got[0].model == model
    assert via_middleware(HumanMessage, model=chat_model).model == model  # given as model=


def test_an_azure_deployment_named_by_no_model_is_refused_or_mapped() -> None:
    chat_model = AzureChatOpenAI(azure_deployment="team-chat", **AZURE)
    with pytest.raises(UnknownModelError) as err:
        via_middleware(chat_model)
    assert err.value.model == "azure/team-chat"
    catalog = default_catalog().copy()
    register_alias("team-chat", "gpt-4o-mini", catalog)
    assert via_middleware(chat_model, catalog=catalog).model == "gpt-4o-mini"


def pydantic_fit(model: Any) -> PrepareReport:
    fitted = ContextLedger(model=model).fit([PydanticRequest(parts=[UserPromptPart("hi")])])
    return fitted.report


PYDANTIC_AI: list[tuple[str, Callable[[], Any], str, str]] = [
    (
        "Agent('anthropic:…')",
        lambda: "anthropic:claude-sonnet-4-5",
        "claude-sonnet-4-5",
        "anthropic",
    ),
    ("Agent('openai:…'): the Responses API", lambda: "openai:gpt-4o", "gpt-4o", "openai-responses"),
    ("Agent('openai-chat:…')", lambda: "openai-chat:gpt-4o-mini", "gpt-4o-mini", "openai"),
    ("Agent('google-gla:…')", lambda: "google-gla:gemini-2.5-flash", "gemini-2.5-flash", "gemini"),
    (
        "AnthropicModel",
        lambda: AnthropicModel("claude-haiku-4-5", provider=AnthropicProvider(api_key="k")),
        "claude-haiku-4-5",
        "anthropic",
    ),
    (
        "OpenAIResponsesModel",
        lambda: OpenAIResponsesModel("gpt-5-mini", provider=OpenAIProvider(api_key="k")),
        "gpt-5-mini",
        "openai-responses",
    ),
    (
        "OpenAIChatModel on Azure (a gpt-4 deployment)",
        lambda: OpenAIChatModel("gpt-4", provider=AzureProvider(**AZURE)),
        "gpt-4",
        "openai",
    ),
    (
        "OpenAIChatModel on OpenRouter",
        lambda: OpenAIChatModel(
            "anthropic/claude-sonnet-4.5", provider=OpenRouterProvider(api_key="k")
        ),
        "claude-sonnet-4-5",
        "openai",
    ),
    (
        "BedrockConverseModel",
        lambda: BedrockConverseModel(
            "us.anthropic.claude-sonnet-4-20250514-v1:0", provider=BedrockProvider(**BEDROCK)
        ),
        "claude-sonnet-4",
        "anthropic",
    ),
]


@pytest.mark.parametrize(
    ("label", "make", "model", "wire"), PYDANTIC_AI, ids=[c[0] for c in PYDANTIC_AI]
)
def test_pydantic_ai_prices_for_the_model_it_is_given(
    label: str, make: Callable[[], Any], model: str, wire: str
) -> None:
    report = pydantic_fit(make())
    assert (report.model, report.format) == (model, wire)


def test_pydantic_ai_capability_without_a_model_prices_the_runs_own(stub: StubServer) -> None:
    reports: list[PrepareReport] = []
    cap = ContextLedger(window=9000, on_report=reports.append)
    model = OpenAIChatModel("gpt-4.1-mini", provider=OpenAIProvider(base_url=stub.url, api_key="k"))
    stub.script(StubReply("Done."))
    PydanticAgent(model, capabilities=[cap]).run_sync("Summarise the ticket.")
    assert [r.error for r in stub.requests if r.status != 200] == []
    assert [(r.model, r.format) for r in reports] == [("gpt-4.1-mini", "openai")]
    with pytest.raises(ValueError, match="model"):
        cap.fit([PydanticRequest(parts=[UserPromptPart("hi")])])  # outside a run: none to read


def agents_call(flt: ContextLedgerFilter, agent: Agent[Any]) -> PrepareReport:
    items: list[Any] = [{"role": "user", "content": "hi"}]
    flt(CallModelData(model_data=ModelInputData(input=items, instructions="Be brief."),
                      agent=agent, context=None))  # fmt: skip
    assert flt.last_report is not None
    return flt.last_report


def azure_client() -> AsyncAzureOpenAI:
    return AsyncAzureOpenAI(**AZURE)


AGENTS: list[tuple[str, Callable[[], Any], str, str]] = [
    ("litellm/… (MultiProvider)", lambda: "litellm/anthropic/claude-sonnet-4-5", "claude-sonnet-4-5",
     "anthropic"),
    ("a name: the Responses API", lambda: "gpt-4.1", "gpt-4.1", "openai-responses"),
    ("OpenAIResponsesModel", lambda: AgentsResponsesModel("gpt-5", openai_client=AsyncOpenAI(api_key="k")), "gpt-5",
     "openai-responses"),
    ("OpenAIChatCompletionsModel",
     lambda: OpenAIChatCompletionsModel("gpt-4.1", openai_client=AsyncOpenAI(api_key="k")), "gpt-4.1", "openai"),
    ("an Azure deployment of gpt-4", lambda: AgentsResponsesModel("gpt-4", openai_client=azure_client()), "gpt-4",
     "openai-responses"),
    ("LitellmModel", lambda: LitellmModel(model="gemini/gemini-2.5-flash"), "gemini-2.5-flash",
     "gemini"),
]  # fmt: skip


@pytest.mark.parametrize(("label", "make", "model", "wire"), AGENTS, ids=[c[0] for c in AGENTS])
def test_agents_sdk_prices_for_the_model_it_is_given_or_the_agents(
    label: str, make: Callable[[], Any], model: str, wire: str
) -> None:
    report = agents_call(ContextLedgerFilter(make()), Agent(name="a"))
    assert (report.model, report.format) == (model, wire)
    report = agents_call(ContextLedgerFilter(), Agent(name="a", model=make()))
    assert (report.model, report.format) == (model, wire)


def test_agents_sdk_filter_without_a_model_in_a_real_run(stub: StubServer) -> None:
    reports: list[PrepareReport] = []
    client = AsyncOpenAI(base_url=stub.url, api_key="k")
    agent = Agent(name="a", model=OpenAIChatCompletionsModel("gpt-4o-mini", openai_client=client))
    stub.script(StubReply("Done."))
    flt = ContextLedgerFilter(window=9000, on_report=reports.append)
    Runner.run_sync(
        agent, "Summarise the ticket.", run_config=RunConfig(call_model_input_filter=flt)
    )
    assert [r.error for r in stub.requests if r.status != 200] == []
    assert [(r.model, r.format) for r in reports] == [("gpt-4o-mini", "openai")]


def litellm_router(*deployments: tuple[str, str, str | None]) -> Any:
    import litellm

    return litellm.Router(
        model_list=[
            {
                "model_name": group,
                "litellm_params": {"model": model, "api_key": "k", "api_base": "https://x"},
                **({"model_info": {"base_model": base}} if base else {}),
            }
            for group, model, base in deployments
        ]
    )


def hook_report(hook: Any, group: str) -> Any:
    out = hook.fit_request({"model": group, "messages": [{"role": "user", "content": "hi"}]})
    return out if isinstance(out, str) else out["metadata"]["contextledger"]


def test_litellm_hook_prices_a_model_group_as_its_deployments_model() -> None:
    from contextledger.integrations.litellm import ContextLedgerHook

    router = litellm_router(
        ("gpt4", "azure/my-gpt4", "azure/gpt-4"),  # an Azure deployment of gpt-4: served there
        ("prod-claude", "anthropic/claude-sonnet-4-5", None),
        ("prod-claude", "bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0", None),
        ("mixed", "openai/gpt-4o", None),
        ("mixed", "anthropic/claude-haiku-4-5", None),
    )
    hook = ContextLedgerHook(router=router, unknown_model="reject")
    assert hook_report(hook, "gpt4")["model"] == "gpt-4"
    assert hook_report(hook, "prod-claude")["model"] == "claude-sonnet-4-5"
    refused = hook_report(hook, "mixed")
    assert isinstance(refused, str) and "claude-haiku-4-5, gpt-4o" in refused
    named = ContextLedgerHook(router=router, models={"mixed": "gpt-4o"}, unknown_model="reject")
    assert hook_report(named, "mixed")["model"] == "gpt-4o"


def test_a_vertex_chat_model_is_priced_on_vertexs_schedule() -> None:
    """langchain-google-vertexai cannot be installed beside google-genai 3 here: its classes'
    ``_llm_type`` ("vertexai", "anthropic-chat-vertexai") and ``model_name`` are matched on a
    GenericFakeChatModel (as LangChain's own middleware tests do). gemini-2.0-flash was shut
    down on the Gemini API and is still Vertex's to retire."""
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

    class ChatVertexAILike(GenericFakeChatModel):
        model_name: str = "gemini-2.0-flash"

        @property
        def _llm_type(self) -> str:
            return "vertexai"

    class ChatAnthropicVertexLike(ChatVertexAILike):
        model_name: str = "claude-sonnet-4-5@20250929"

        @property
        def _llm_type(self) -> str:
            return "anthropic-chat-vertexai"

    gemini = ChatVertexAILike(messages=iter([]))
    claude = ChatAnthropicVertexLike(messages=iter([]))
    assert via_middleware(gemini).model == "gemini-2.0-flash"
    assert via_middleware(claude).model == "claude-sonnet-4-5"


def test_a_pydantic_ai_fallback_model_is_refused_naming_its_models() -> None:
    from pydantic_ai.models.fallback import FallbackModel

    fallback = FallbackModel(
        OpenAIChatModel("gpt-4o", provider=OpenAIProvider(api_key="k")),
        AnthropicModel("claude-haiku-4-5", provider=AnthropicProvider(api_key="k")),
    )
    with pytest.raises(UnknownModelError) as err:
        pydantic_fit(fallback)
    assert err.value.suggestions == ("openai:gpt-4o", "anthropic:claude-haiku-4-5")
    assert "FallbackModel" in str(err.value)


AZURE_V1 = "https://acme.openai.azure.com/openai/v1/"


def test_a_plain_openai_client_on_azures_v1_api_names_a_deployment() -> None:
    """Azure OpenAI's v1 API takes the plain OpenAI clients (base_url …openai.azure.com/openai/v1/):
    'gpt-4' there is an Azure deployment, served after OpenAI's API shut gpt-4 down."""
    chat = ChatOpenAI(model="gpt-4", base_url=AZURE_V1, api_key="k")  # type: ignore[call-arg]
    assert via_middleware(chat).model == "gpt-4"
    pydantic = OpenAIChatModel("gpt-4", provider=OpenAIProvider(base_url=AZURE_V1, api_key="k"))
    assert pydantic_fit(pydantic).model == "gpt-4"
    agents = AgentsResponsesModel(
        "gpt-4", openai_client=AsyncOpenAI(base_url=AZURE_V1, api_key="k")
    )
    assert agents_call(ContextLedgerFilter(agents), Agent(name="a")).model == "gpt-4"
    with pytest.raises(UnknownModelError):  # on OpenAI's own API it is refused, as OpenAI would
        via_middleware(ChatOpenAI(model="gpt-4", api_key="k"))  # type: ignore[call-arg]

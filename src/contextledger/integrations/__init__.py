"""Adapters for the agent frameworks people already run; each module imports only its own.

=========================================  ==========================================  =====================================
module                                     install                                     hook
=========================================  ==========================================  =====================================
``contextledger.integrations.langchain``    ``pip install 'contextledger[langchain]'``   ``create_agent(middleware=[...])``,
                                                                                        ``trim_messages``
``contextledger.integrations.pydantic_ai``  ``pip install 'contextledger[pydantic-ai]'`` ``Agent(history_processors=[...])``,
                                                                                        ``Agent(capabilities=[...])``
``contextledger.integrations.openai_agents`` ``pip install 'contextledger[openai-agents]'`` ``RunConfig(call_model_input_filter=)``,
                                                                                        ``Runner.run(session=...)``
``contextledger.integrations.litellm``      ``pip install 'contextledger[litellm]'``     proxy ``callbacks``, ``trim_messages``
=========================================  ==========================================  =====================================

Every adapter reads the framework's own messages into the content model (images, tool calls
with their ids, reasoning), runs the same pipeline as ``contextledger.prepare`` (repair →
optional recap → image sizing → vision gate → fit) and hands back the framework's own
messages: the ones kept untouched are the very objects it passed in. The report
(``PrepareReport``) and its notices come back in the framework's idiom.
"""

from __future__ import annotations

from ._engine import Engine, Fitted

__all__ = ["Engine", "Fitted"]

"""Compaction: recap old turns instead of deleting them, and verify the recap before it stands.

The record is never changed; the model's view replaces old turns with one user-role
recap message. Every recap is checked against the messages it covers.

>>> from contextledger.compaction import Conversation, OfflineSummarizer
>>> from contextledger.model import Message
>>> conv = Conversation.from_messages(Message.user(f"note {i}") for i in range(40))
>>> out = conv.compact(OfflineSummarizer())
>>> out.status, len(out.conversation.record), len(out.conversation.view)
('compacted', 40, 11)
"""

from .claims import Claim
from .conversation import (
    CompactionEvent,
    CompactionOutcome,
    Conversation,
    approx_tokens,
)
from .facts import Fact, TranscriptFacts, extract_claims, transcript_facts
from .policy import CompactionPlan, CompactionPolicy, Skip, assess_compaction, plan_compaction
from .summarizers import (
    AnthropicSummarizer,
    OfflineSummarizer,
    OpenAISummarizer,
    Summarizer,
    summarizer_from_spec,
)
from .transcript import (
    PROMPT_END,
    Transcript,
    build_prompt,
    build_transcript,
    cut_utf8,
    head_tail,
    source_text,
)
from .verify import Verification, verify_recap

__all__ = [
    "PROMPT_END",
    "AnthropicSummarizer",
    "Claim",
    "CompactionEvent",
    "CompactionOutcome",
    "CompactionPlan",
    "CompactionPolicy",
    "Conversation",
    "Fact",
    "OfflineSummarizer",
    "OpenAISummarizer",
    "Skip",
    "Summarizer",
    "Transcript",
    "TranscriptFacts",
    "Verification",
    "approx_tokens",
    "assess_compaction",
    "build_prompt",
    "build_transcript",
    "cut_utf8",
    "extract_claims",
    "head_tail",
    "plan_compaction",
    "source_text",
    "summarizer_from_spec",
    "transcript_facts",
    "verify_recap",
]

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

import typing as _typing

from ..lazy_exports import make_lazy as _make_lazy

if _typing.TYPE_CHECKING:  # what type checkers and IDEs read; at run time see _HOMES below
    from .claims.check import Claim
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

# Each name's module is imported on first use (see lazy_exports.py): importing one
# compaction module (policy, transcript) no longer imports the claims checker and the
# recap's regex tables with it. Keep in step with the TYPE_CHECKING imports above.
_HOMES = {
    ".claims.check": ("Claim",),
    ".conversation": ("CompactionEvent", "CompactionOutcome", "Conversation", "approx_tokens"),
    ".facts": ("Fact", "TranscriptFacts", "extract_claims", "transcript_facts"),
    ".policy": (
        "CompactionPlan",
        "CompactionPolicy",
        "Skip",
        "assess_compaction",
        "plan_compaction",
    ),
    ".summarizers": (
        "AnthropicSummarizer",
        "OfflineSummarizer",
        "OpenAISummarizer",
        "Summarizer",
        "summarizer_from_spec",
    ),
    ".transcript": (
        "PROMPT_END",
        "Transcript",
        "build_prompt",
        "build_transcript",
        "cut_utf8",
        "head_tail",
        "source_text",
    ),
    ".verify": ("Verification", "verify_recap"),
}
_make_lazy(__name__, _HOMES)

"""contextledger: fit long multimodal LLM conversations into a context window.

Price as the provider bills, keep the goal and the tool pair, report every drop, lose nothing.

>>> from contextledger import translate
>>> body = translate([{"role": "system", "content": "Be brief."},
...                   {"role": "user", "content": "hi"}], "anthropic").body
>>> body
{'messages': [{'role': 'user', 'content': 'hi'}], 'system': 'Be brief.'}
"""

from .catalog import Catalog, ImageLimits, ModelInfo, default_catalog, lookup_model
from .client import Reply, Usage, send, usage_record
from .compaction import (
    AnthropicSummarizer,
    CompactionEvent,
    CompactionOutcome,
    CompactionPolicy,
    Conversation,
    OfflineSummarizer,
    OpenAISummarizer,
    Summarizer,
    Verification,
    plan_compaction,
    summarizer_from_spec,
    verify_recap,
)
from .config import Config, compaction_enabled, load_config
from .errors import (
    BudgetError,
    ContentError,
    ContextLedgerError,
    ImageProbeError,
    SendError,
    StoreError,
    SummarizerError,
    UnknownModelError,
    UnsupportedBlockError,
    VisionGateError,
)
from .fit import FitReport, FitResult, Fitter, fit
from .gate import accepts_images, vision_gate
from .images.normalize import NormalizedImage, normalize_image
from .images.probe import ImageInfo, probe_image
from .model import (
    Audio,
    Block,
    FileAttachment,
    Image,
    InlineData,
    Message,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
)
from .prepare import Prepared, Preparer, PrepareReport, prepare
from .pricing.messages import MessagePrice, Pricer, price_messages, price_request
from .pricing.text import TokenCounter, count_text, counter_for
from .pricing.vision import ImageCost, image_cost, max_image_cost
from .providers import Translation, detect_format, read_messages, translate, write_messages
from .repair import RepairChange, RepairResult, repair
from .report import Notice
from .storage.media import MediaStore
from .storage.sessions import LoadedSession, SessionStore
from .validate import ensure_valid, tool_pair_problems

__version__ = "0.1.0"

__all__ = [
    "AnthropicSummarizer",
    "Audio",
    "Block",
    "BudgetError",
    "Catalog",
    "CompactionEvent",
    "CompactionOutcome",
    "CompactionPolicy",
    "Config",
    "ContentError",
    "ContextLedgerError",
    "Conversation",
    "FileAttachment",
    "FitReport",
    "FitResult",
    "Fitter",
    "Image",
    "ImageCost",
    "ImageInfo",
    "ImageLimits",
    "ImageProbeError",
    "InlineData",
    "LoadedSession",
    "MediaStore",
    "Message",
    "MessagePrice",
    "ModelInfo",
    "NormalizedImage",
    "Notice",
    "OfflineSummarizer",
    "OpenAISummarizer",
    "PrepareReport",
    "Prepared",
    "Preparer",
    "Pricer",
    "Reasoning",
    "Recap",
    "RepairChange",
    "RepairResult",
    "Reply",
    "SendError",
    "SessionStore",
    "StoreError",
    "Summarizer",
    "SummarizerError",
    "Text",
    "TokenCounter",
    "ToolCall",
    "ToolResult",
    "Translation",
    "UnknownModelError",
    "UnsupportedBlockError",
    "Usage",
    "Verification",
    "VisionGateError",
    "accepts_images",
    "compaction_enabled",
    "count_text",
    "counter_for",
    "default_catalog",
    "detect_format",
    "ensure_valid",
    "fit",
    "image_cost",
    "load_config",
    "lookup_model",
    "max_image_cost",
    "normalize_image",
    "plan_compaction",
    "prepare",
    "price_messages",
    "price_request",
    "probe_image",
    "read_messages",
    "repair",
    "send",
    "summarizer_from_spec",
    "tool_pair_problems",
    "translate",
    "usage_record",
    "verify_recap",
    "vision_gate",
    "write_messages",
]

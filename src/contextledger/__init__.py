"""contextledger: fit long multimodal LLM conversations into a context window.

Price as the provider bills, keep the goal and the tool pair, report every drop, lose nothing.
"""

from .catalog import Catalog, ImageLimits, ModelInfo, default_catalog, lookup_model
from .errors import (
    BudgetError,
    ContentError,
    ContextLedgerError,
    ImageProbeError,
    StoreError,
    UnknownModelError,
    UnsupportedBlockError,
    VisionGateError,
)
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

__version__ = "0.1.0"

__all__ = [
    "Audio",
    "Block",
    "BudgetError",
    "Catalog",
    "ContentError",
    "ContextLedgerError",
    "FileAttachment",
    "Image",
    "ImageLimits",
    "ImageProbeError",
    "InlineData",
    "Message",
    "ModelInfo",
    "Reasoning",
    "Recap",
    "StoreError",
    "Text",
    "ToolCall",
    "ToolResult",
    "UnknownModelError",
    "UnsupportedBlockError",
    "VisionGateError",
    "default_catalog",
    "lookup_model",
]

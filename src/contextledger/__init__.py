"""contextledger: fit long multimodal LLM conversations into a context window.

Price as the provider bills, keep the goal and the tool pair, report every drop, lose nothing.

>>> from contextledger import translate
>>> body = translate([{"role": "system", "content": "Be brief."},
...                   {"role": "user", "content": "hi"}], "anthropic").body
>>> body
{'messages': [{'role': 'user', 'content': 'hi'}], 'system': 'Be brief.'}
"""

import typing as _typing

from .lazy_exports import make_lazy as _make_lazy

if _typing.TYPE_CHECKING:  # what type checkers and IDEs read; at run time see _HOMES below
    from .catalog import Catalog
    from .compaction import Conversation
    from .errors import (
        ArgumentError,
        BudgetError,
        CompactionConfigError,
        ConfigError,
        ContentError,
        ContextLedgerError,
        FileBoundError,
        ImageProbeError,
        ModelSpecError,
        SendError,
        ShutDownModelError,
        StoreBusyError,
        StoreError,
        SummarizerError,
        UnknownModelError,
        UnpricedImagesError,
        UnstorableImageError,
        UnsupportedBlockError,
        VisionGateError,
        WindowError,
    )
    from .fit import FitResult, Fitter, fit
    from .model import (
        Audio,
        Block,
        FileAttachment,
        Image,
        InlineData,
        Message,
        MessagesLike,
        Reasoning,
        Recap,
        Text,
        ToolCall,
        ToolResult,
    )
    from .prepare import Prepared, Preparer, prepare
    from .pricing.messages import RequestPrice, price_request
    from .pricing.vision import image_cost
    from .providers import read_messages, translate
    from .repair import RepairResult, repair
    from .report import Notice
    from .storage.media import MediaStore
    from .storage.sessions import SessionStore
    from .warmup import warm

__version__ = "0.1.0"

# The deliberate public API, pinned by tests/test_exported_members.py. Everything else is
# importable from its own module (contextledger.providers, .pricing, .compaction, …).
__all__ = [
    "ArgumentError",
    "Audio",
    "Block",
    "BudgetError",
    "Catalog",
    "CompactionConfigError",
    "ConfigError",
    "ContentError",
    "ContextLedgerError",
    "Conversation",
    "FileAttachment",
    "FileBoundError",
    "FitResult",
    "Fitter",
    "Image",
    "ImageProbeError",
    "InlineData",
    "MediaStore",
    "Message",
    "MessagesLike",
    "ModelSpecError",
    "Notice",
    "Prepared",
    "Preparer",
    "Reasoning",
    "Recap",
    "RepairResult",
    "RequestPrice",
    "SendError",
    "SessionStore",
    "ShutDownModelError",
    "StoreBusyError",
    "StoreError",
    "SummarizerError",
    "Text",
    "ToolCall",
    "ToolResult",
    "UnknownModelError",
    "UnpricedImagesError",
    "UnstorableImageError",
    "UnsupportedBlockError",
    "VisionGateError",
    "WindowError",
    "fit",
    "image_cost",
    "prepare",
    "price_request",
    "read_messages",
    "repair",
    "translate",
    "warm",
]

# Where each public name lives. Nothing is imported with the package: a name's module is
# imported when the name is first used (lazy_exports.py says why), so `import contextledger`
# costs milliseconds and a plain fit never imports compaction. Keep in step with the
# TYPE_CHECKING imports above (tests/test_public_api.py checks both against __all__).
_HOMES = {
    ".catalog": ("Catalog",),
    ".compaction": ("Conversation",),
    ".errors": (
        "ArgumentError",
        "BudgetError",
        "CompactionConfigError",
        "ConfigError",
        "ContentError",
        "ContextLedgerError",
        "FileBoundError",
        "ImageProbeError",
        "ModelSpecError",
        "SendError",
        "ShutDownModelError",
        "StoreBusyError",
        "StoreError",
        "SummarizerError",
        "UnknownModelError",
        "UnpricedImagesError",
        "UnstorableImageError",
        "UnsupportedBlockError",
        "VisionGateError",
        "WindowError",
    ),
    ".fit": ("FitResult", "Fitter", "fit"),
    ".model": (
        "Audio",
        "Block",
        "FileAttachment",
        "Image",
        "InlineData",
        "Message",
        "MessagesLike",
        "Reasoning",
        "Recap",
        "Text",
        "ToolCall",
        "ToolResult",
    ),
    ".prepare": ("Prepared", "Preparer", "prepare"),
    ".pricing.messages": ("RequestPrice", "price_request"),
    ".pricing.vision": ("image_cost",),
    ".providers": ("read_messages", "translate"),
    ".repair": ("RepairResult", "repair"),
    ".report": ("Notice",),
    ".storage.media": ("MediaStore",),
    ".storage.sessions": ("SessionStore",),
    ".warmup": ("warm",),
}
_make_lazy(__name__, _HOMES)

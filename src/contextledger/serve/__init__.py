"""``contextledger serve``: a drop-in proxy that fits every conversation it forwards.

Point any OpenAI or Anthropic SDK at it (one base URL) and each request is repaired,
compacted, normalized, gated and fitted for its model before it goes upstream; replies
stream through untouched; every drop is reported in response headers and on the
dashboard at ``/contextledger/``, never inside the conversation.

>>> from pathlib import Path
>>> app = create_app(ServeSettings(store=Path("/tmp/never-opened.db")))
>>> sorted({r.path for r in app.routes if r.path.startswith("/v1/")})[:3]
['/v1/chat/completions', '/v1/messages', '/v1/messages/count_tokens']
"""

from __future__ import annotations

from .app import Proxy, create_app
from .settings import ServeSettings

__all__ = ["Proxy", "ServeSettings", "create_app"]

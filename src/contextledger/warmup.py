"""The one-time loads of a process, done when the caller says: ``warm``.

A process's first fits pay for what is built once: the compiled tokenizer (its build holds
the GIL for ~0.4-0.6 s) and the request classification's patterns (made from their stored
compiled forms when first used, ~10 ms for all; their RE2 screens ~60 ms, and the European
patterns split by first character ~0.2 s). Left to land where they happen, they land inside a
user's call: a server's first never-seen conversation after short ones took 0.5-1.0 s
(review20 R20-T1). A server calls ``warm()`` at start-up; every call after it costs only
its own work.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from types import ModuleType

# Requests in several languages and shapes (a rule, a correction, a restatement, a nudge),
# classified once so that the classification's cached automata and code paths are built.
_SAMPLE_REQUESTS = [
    "Please don't change the public API; keep the tests green and use Postgres instead.",
    "Actually, no: use Redis, not Memcached. To be clear, the goal is a green build.",
    "Bitte ändere nicht die Datenbank, nutze stattdessen Redis.",
    "Ne touchez pas au schéma, utilisez plutôt la réplique.",
    "No toques la base de datos, usa la réplica en su lugar.",
    "不要修改数据库，改用副本。",
    "データベースを変更しないでください。",
    "Не трогай базу данных, используй реплику.",
    "Veritabanını değiştirme, bunun yerine yedeği kullan.",
    "ok, keep going",
]


def warm(vocabularies: Iterable[str] = ("o200k_base",)) -> None:
    """Build now what a process builds once: the compiled tokenizer of each vocabulary
    (``o200k_base`` serves every current OpenAI model; add ``"cl100k_base"`` for GPT-4 and
    GPT-3.5) and every pattern of the request classification. Idempotent; a server calls it
    at start-up, so that no user's call pays for them.

    >>> import contextledger
    >>> contextledger.warm()
    """
    from . import fit, intent  # noqa: F401  (fit: its modules' patterns are compiled below)
    from .lexicon.common import compile_now
    from .pricing.text import warm as warm_tokenizer

    for name in vocabularies:
        warm_tokenizer(name)
    # every module of the library imported by now, the fit's at least: the patterns a fit of
    # a long chat reaches beyond the classification's (its rules' negation, settings, gists)
    # were made inside a user's fit, and counted in that fit's peak memory (24 patterns of a
    # 12,000-turn chat, 0.11 MB: speed95)
    compile_now(*(vars(module).values() for module in _loaded_modules()))
    intent.build_patterns()
    intent.steering_requests(_SAMPLE_REQUESTS)


def _loaded_modules() -> list[ModuleType]:
    """The library's modules imported so far."""
    return [
        module
        for name, module in list(sys.modules.items())
        if module is not None and (name == "contextledger" or name.startswith("contextledger."))
    ]

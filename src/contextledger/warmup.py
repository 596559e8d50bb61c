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

from collections.abc import Iterable

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
    from . import intent
    from .lexicon import intent as lexicon
    from .lexicon.common import compile_now
    from .pricing.text import warm as warm_tokenizer

    for name in vocabularies:
        warm_tokenizer(name)
    compile_now(vars(intent).values(), vars(lexicon).values())
    intent.build_patterns()
    intent.steering_requests(_SAMPLE_REQUESTS)

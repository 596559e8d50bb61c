"""Words every reader of user, assistant and tool text needs, in every language read.

- ``NEGATIONS``: words that turn what a clause says around ("not", "nunca", "kein", "jamais").
- ``USER_WORDS`` / ``ASSISTANT_WORDS``: the user and the assistant named as nouns in other
  languages than English ("o usuário", "l'assistant"); ``CJK_USER`` / ``CJK_ASSISTANT`` the same
  in Chinese and Japanese.
- ``FUNCTION_WORDS``: words that say nothing about what was done to what ("de", "pour", "mit"),
  skipped by readers that compare what two sentences say.

Each is a frozenset of lower-case words (the CJK ones tuples of words), read by
membership: ``word.casefold() in NEGATIONS``.

>>> "nunca" in NEGATIONS, "mit" in FUNCTION_WORDS, "usuário" in USER_WORDS
(True, True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, AnyStr, cast


def listed(words: str) -> frozenset[str]:
    """The words of ``words``, split on white space (a table written as a paragraph)."""
    return frozenset(words.split())


NEGATIONS = listed(
    """
    não nunca nem nada sem no ni sin jamás nadie ningún ninguna ne pas jamais aucun aucune
    sans rien nicht nie niemals kein keine keinen keinem keiner nichts ohne never not no none
    nothing without don't dont doesn't mustn't
    """
)
USER_WORDS = listed("usuário usuária usuario usuaria utilisateur utilisatrice nutzer benutzer")
ASSISTANT_WORDS = listed("assistente asistente assistente assistent agente")
CJK_USER = ("用户", "ユーザー", "利用者")
CJK_ASSISTANT = ("助手", "助理", "アシスタント", "エージェント")
FUNCTION_WORDS = listed(
    """
    de do da dos das em no na nos nas ao aos à às por para pelo pela com e ou que
    del al en con y o u para por que
    du des au aux en dans pour par avec et ou que qui sur
    von zu zum zur im am um an auf für mit und oder dass
    """
)


class _CompiledOnUse:
    """A pattern compiled at its first search, not at import: the intent lexicon's patterns
    took ~0.3-0.7 s to compile at ``import contextledger``, and a process searches only
    those of the languages it meets (an English session never the European or unspaced
    ones). ``pattern`` is there without compiling (patterns are built from others'
    sources); every other attribute is the compiled pattern's, kept on the instance at the
    first use, so a later ``P.search`` costs what ``re.Pattern.search`` does."""

    def __init__(self, source: str | bytes, flags: int) -> None:
        self.pattern = source
        self._flags = flags
        self.source_flags = flags  # (read without compiling: ``prefilter.translation_key``)
        self._compiled: re.Pattern[Any] | None = None

    def __getattr__(self, name: str) -> Any:  # only for what is not set yet
        if name.startswith("__") or "_flags" not in self.__dict__:
            raise AttributeError(name)  # (copy's and pickle's probes, a half-built copy)
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self._flags)
            for attr in _PATTERN_ATTRIBUTES:
                setattr(self, attr, getattr(self._compiled, attr))
        return getattr(self._compiled, name)

    def __repr__(self) -> str:
        return f"compiled_on_use({self.pattern!r:.60}, {self._flags})"


_PATTERN_ATTRIBUTES = listed("search match fullmatch finditer findall sub subn split scanner flags")


def compile_now(*namespaces: Iterable[object]) -> None:
    """Compile every pattern compiled on use among ``namespaces``' values (a module's
    ``vars().values()``): ``contextledger.warm`` does it at a server's start-up."""
    for values in namespaces:
        for value in values:
            if isinstance(value, _CompiledOnUse):
                value.flags  # noqa: B018 (the first attribute read compiles it)


def compiled_on_use(source: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(source, flags)``, compiled when first used (``_CompiledOnUse``).

    >>> P = compiled_on_use("(?i)never [a-z]+")
    >>> P.pattern, P.search("We NEVER deploy").group(), P.flags & re.IGNORECASE > 0
    ('(?i)never [a-z]+', 'NEVER deploy', True)
    """
    return cast("re.Pattern[AnyStr]", _CompiledOnUse(source, flags))


def stems_at_word_start(stems: Iterable[str]) -> re.Pattern[str]:
    """One pattern finding any of ``stems`` (case-insensitive) where a word starts; anywhere
    in Thai, Georgian, Korean, Chinese or Japanese text, whose particles and endings are
    written onto the word ("チームを離れ", "ვერსიაზე")."""
    return re.compile(
        "|".join(
            re.escape(stem) if stem[0] >= "\u0e00" else rf"(?<![^\W\d_]){re.escape(stem)}"
            for stem in stems
        ),
        re.IGNORECASE,
    )

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

"""A proposal the assistant put to the user and the user's short answer, in any language,
stay in the fitted view long after they were said (retain65: "I propose we … Shall I?"
answered "Iva, agħmel hekk." was kept at 32k in 1-2 of 6 sessions)."""

from __future__ import annotations

import pytest

from builders import Dicts, chat_exchange
from contextledger.fit import fit

_GOAL = "Ship version 4.18 of the shop app with the checkout freeze fixed."
_PROPOSAL = (
    "Before I go on: I propose we keep the old token cache for one release and migrate it "
    "lazily on first launch. Shall I?"
)
_STATUS = "The release notes draft is in docs/release-4.18.md now."


def _session(answer: str, said: str = _PROPOSAL) -> Dicts:
    messages: Dicts = [
        {"role": "system", "content": "You are a mobile release agent."},
        {"role": "user", "content": _GOAL},
    ]
    for n in range(60):
        messages.append({"role": "user", "content": "waaw" if n % 2 else "jëf"})
        if n == 8:
            messages.append({"role": "assistant", "content": said})
            messages.append({"role": "user", "content": answer})
        log = "\n".join(f"> Task :app:compileDebugKotlin {n}.{i} UP-TO-DATE" for i in range(120))
        messages += chat_exchange(f"call_{n}", "terminal", {"input": "./gradlew build"}, log)
        messages.append({"role": "assistant", "content": f"Build {n} is green."})
    messages.append({"role": "user", "content": "waaw"})
    return messages


def _view(messages: Dicts, window: int) -> str:
    result = fit(messages, "gpt-4o", window=window, max_output_tokens=1_000)
    return "\n".join(m.text for m in result.messages)


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_a_proposal_answered_in_a_few_words_stays_with_its_answer(window: int) -> None:
    view = _view(_session("Waaw, def ko."), window)
    assert _PROPOSAL in view
    assert "Waaw, def ko." in view


def test_a_proposal_the_user_answered_with_a_question_is_no_decision() -> None:
    assert _PROPOSAL not in _view(_session("Lan moo tax?"), 16_000)


def test_a_status_line_the_user_nodded_to_is_no_proposal() -> None:
    assert _STATUS not in _view(_session("waaw", said=_STATUS), 16_000)

"""A text said again among the requests the rules walk reads is classified once
(``steering._steering_once_a_text``): each text's answer is what ``steering_requests``
says of it among all of them (speed94: a session's repeated nudges were about half the texts
a cold fit classified)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit import steering
from contextledger.intent import steering_requests

_SAID = [
    "ok, keep going",
    "thanks!",
    "Never push to the release branch without asking me.",
    "Actually, use Postgres, not MySQL.",
    "To be clear, the goal is a green nightly build.",
    "Nie ruszaj katalogu deploy/ bez pytania.",
    "Korrektur: das Limit ist 8 GB, nicht 6 GB.",
    "weiter so",
    "そのファイルは絶対に消さないでください。",
    "show me the diff",
]


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_SAID), max_size=24), st.booleans())
def test_each_text_answers_as_read_among_all(texts: list[str], restating: bool) -> None:
    # (copies: equal texts that are distinct objects, as a session's dicts give them)
    texts = ["".join(list(t)) for t in texts]
    expected = steering_requests(texts, restating)
    got = steering._steering_once_a_text(texts, restating, {})
    assert (sorted(got[0]), sorted(got[1])) == (sorted(expected[0]), sorted(expected[1]))


def test_a_rule_said_twice_is_found_at_both_places() -> None:
    rule = "Never push to the release branch without asking me."
    texts = ["ok, keep going", rule, "ok, keep going", "".join(list(rule))]
    assert steering._steering_once_a_text(texts, True, {})[0] == [1, 3]

"""A range the user narrowed, however either side words it, is held to the one that stands
(issue #14 item 4).

The user set a batch size of 100–900, then narrowed it: "300–500 instead of 100–900",
"between 300 and 500 now", "300 to 500 only, not 100–900 like I said before". A lying
recap's "The batch size is 100–900." stood for all but one wording and under every heading
but a few: the narrowing was read only from a sentence giving one dashed range. Now a
sentence giving the old range beside a new one replaces it, a range told in words ("300 to
500", "zwischen 300 und 500") is a range, and the old one stated as standing is stripped
under any heading; the honest line ("now 300–500 (was 100–900)") stands.
"""

from __future__ import annotations

import pytest

from builders import RECAP_PLACES, item_stands
from contextledger.model import Message

PLACES = [p for p in RECAP_PLACES if p != "Files"]
# (the range set, then narrowed), in several wordings and languages
NARROWED = {
    "en-dash": ("Use a batch size of 100–900.", "Make the batch size 300–500 instead of 100–900."),
    "en-between": ("Batch size should be 100 to 900.", "Batch size between 300 and 500 now."),
    "en-to": ("The batch size is 100-900.", "300 to 500 only, not 100–900 like I said before."),
    "de": ("Die Batchgröße ist 100–900.", "Die Batchgröße jetzt zwischen 300 und 500."),
    "es": ("El tamaño del lote es 100–900.", "El tamaño del lote: de 300 a 500, no 100–900."),
    "pl": ("Rozmiar partii to 100–900.", "Rozmiar partii teraz 300-500 zamiast 100-900."),
}
LIES = [
    "The batch size is 100–900.",
    "Batch size: between 100 and 900.",
    "The user set the batch size to 100-900.",
    "Keep the batch size within 100 to 900.",
]
HONEST = [
    "The batch size is now 300–500 (was 100–900).",
    "The batch size is 300–500.",
]


def _record(first: str, then: str) -> list[Message]:
    return [
        Message.user("Tune the importer's batching.", id="u0"),
        Message.assistant("On it.", id="a0"),
        Message.user(first, id="u1"),
        Message.assistant("OK.", id="a1"),
        Message.user(then, id="u2"),
        Message.assistant("Noted.", id="a2"),
    ]


@pytest.mark.parametrize("said", sorted(NARROWED))
@pytest.mark.parametrize("heading", PLACES)
def test_the_range_the_user_replaced_told_as_standing_is_stripped(
    said: str, heading: str | None
) -> None:
    record = _record(*NARROWED[said])
    for lie in LIES:
        assert not item_stands(lie, record, heading), lie


@pytest.mark.parametrize("said", ["en-dash", "en-between", "en-to"])
@pytest.mark.parametrize("heading", [h for h in PLACES if h != "Open requests"])
def test_the_range_that_stands_told_with_its_history_stands(said: str, heading: str | None) -> None:
    record = _record(*NARROWED[said])
    for line in HONEST:
        assert item_stands(line, record, heading), line


def test_a_range_given_again_stands_again() -> None:
    """Back to the first range: it is the one that stands."""
    record = _record("Use a batch size of 100–900.", "Batch size between 300 and 500 now.")
    record += [Message.user("No, go back to 100 to 900.", id="u3")]
    assert item_stands("The batch size is 100–900.", record, "Constraints and corrections")


def test_two_figures_with_words_between_are_no_range_the_user_did_not_set() -> None:
    """'3 hosts and 5 workers' replaces no range: only a range the user gave is held."""
    record = _record("Use 3 hosts and 5 workers.", "Batch size 300–500.")
    assert item_stands("The importer uses 3 hosts and 5 workers.", record, None)

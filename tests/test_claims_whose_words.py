"""Claims, not words (issue #14 part 4), session 38: whose words a requirement is, and who
is bound to which role.

* a requirement a tool's answer states ("denied: signed lease required for parking
  permits") is the tool's reason, not a rule the user set: restated, it stands; said the
  other way round ("no signed lease is needed") or of another thing, it is still checked;
* a line binding two people ("Lena is the property manager and Omar handles
  maintenance") is read a clause at a time, so a swap of their roles is caught; a person
  named with the firm they are with ("Hana Oduya at Brightline Realty represents …") or
  with who they are to someone ("the tenant's brother Felix works in …") is still bound;
* a "she" after a clause that opens with a person named by name is that person, not the
  user: "Hana Oduya … is the seller's agent; she called this morning" stands;
* a word capitalized for opening a sentence ("The", "This") is no person's name: "The
  landlord is Ana Brandt (not Ana Brant)" is not "said of Quick, not of The".
"""

from __future__ import annotations

import json

from builders import recap_line_stands
from contextledger.model import Message, ToolCall

_GOAL = "Get unit 4B at 230 Alder Street ready for the new tenant."


def _record() -> list[Message]:
    return [
        Message.user(f"{_GOAL} Omar is our property manager, Lena handles maintenance.", id="u0"),
        Message.user(
            "FYI Hana Oduya at Brightline Realty is the seller's agent, she called this morning.",
            id="u1",
        ),
        Message.user("The tenant's brother Felix still works in accounting at Norvale.", id="u2"),
        Message.user("Quick fix, the landlord is Ana Brandt, not Ana Brant.", id="u3"),
        Message.assistant(
            ToolCall("c1", "parking_permit", json.dumps({"unit": "4B", "spaces": 1})), id="a1"
        ),
        Message.tool(
            "c1",
            json.dumps({"status": "denied", "reason": "signed lease required for parking permits"}),
            id="t1",
        ),
        Message.assistant("The parking permit was denied: a signed lease is required.", id="a2"),
    ]


def _stands(line: str) -> bool:
    return recap_line_stands(line, _record(), _GOAL)


def test_a_tools_requirement_restated_stands() -> None:
    assert _stands("The parking permit was denied: signed lease required for parking permits.")
    assert _stands("The parking permit was not issued; a signed lease is required.")


def test_a_tools_requirement_turned_around_or_moved_is_caught() -> None:
    assert not _stands("No signed lease is required for parking permits.")
    assert not _stands("A security deposit is required for parking permits.")
    assert not _stands("The parking permit was granted: signed lease required for parking permits.")


def test_two_people_in_one_line_are_each_held_to_their_role() -> None:
    assert not _stands("Lena is the property manager and Omar handles maintenance.")
    assert _stands("Omar is the property manager and Lena handles maintenance.")


def test_a_person_named_with_their_firm_or_kin_is_still_bound() -> None:
    assert not _stands("Hana Oduya at Brightline Realty represents the tenant.")
    assert not _stands("The tenant's brother Felix works in sales at Norvale.")
    assert _stands("The tenant's brother Felix works in accounting at Norvale.")


def test_she_after_a_named_person_is_that_person() -> None:
    assert _stands(
        "Hana Oduya at Brightline Realty is the seller's agent; she called this morning."
    )
    assert not _stands(
        "Hana Oduya at Brightline Realty is the seller's agent; she signed the lease."
    )


def test_a_sentence_opening_word_is_no_name() -> None:
    assert _stands("The landlord is Ana Brandt (not Ana Brant).")
    assert not _stands("The landlord is Ana Brant.")

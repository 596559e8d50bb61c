"""What a tool output says (its count lines, its values, its quantities, the codes it
found) is read once per text and reused by every recap a kept session makes: the same text
reads the same, and what a reading hands back is the caller's own."""

from __future__ import annotations

from contextledger.compaction.findings import (
    found_codes,
    output_numbers,
    output_values,
    quantities,
)

# a Terraform plan, a release's answer, a tally in Tswana's and Samoan's words
PLAN = "Refreshing state...\n  Plan: 2 to add, 0 to change, 1 to destroy.\n"
RELEASE = 'Release "api" upgraded: revision 14, version 4.2.1\nhttps://example.com/pull/512'
TALLY = "palogotlhe: 18,204 melaetsa\naofa'i: 3118 PIX-E2E-88412"


def test_the_same_text_reads_the_same_and_a_changed_answer_changes_no_later_one() -> None:
    first = output_numbers(PLAN)
    first.append("invented")
    assert output_numbers(PLAN) == ["Plan: 2 to add, 0 to change, 1 to destroy."]
    values = output_values(RELEASE)
    values.clear()
    assert output_values(RELEASE) == output_values(RELEASE, limit=2) != []
    counted = quantities(TALLY)
    counted.add("9999")
    assert quantities(TALLY) == {"18204", "3118"}


def test_codes_found_only_in_the_read_part_of_an_output() -> None:
    assert "PIX-E2E-88412" in found_codes(TALLY)
    assert "PIX-E2E-77001" not in found_codes("x" * 20_000 + " PIX-E2E-77001")

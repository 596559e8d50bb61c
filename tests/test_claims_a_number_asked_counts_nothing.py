"""A number named in a question counts nothing (issue #14, verify72): after the assistant
asked "Is it 800 rows?" and the user answered in their language ("Não, o tamanho do lote é
500 linhas."), the honest "The batch size is 500 rows." was stripped, the record read as
counting 800 rows and 500 "linhas", not rows."""

from __future__ import annotations

import pytest

from builders import chat_record
from contextledger.compaction.verify import verify_recap

ANSWERS = [
    "Não, o tamanho do lote é 500 linhas.",
    "Nein, die Batchgröße ist 500 Zeilen.",
]


def _kept(line: str, *turns: str) -> bool:
    record = chat_record(*turns)
    v = verify_recap(f"Summary:\n- {line}", record, max_bytes=8000, ledger=False)
    return line in v.text


@pytest.mark.parametrize("answer", ANSWERS)
def test_a_count_the_user_gave_after_a_question_stands(answer: str) -> None:
    turns = (
        "Set up the nightly export.",
        "How big are the batches? Is it 800 rows?",
        answer,
        "Ok.",
    )
    assert _kept("The batch size is 500 rows.", *turns)

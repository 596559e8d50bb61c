"""An API's answer in JSON that reports an error (``printed.error_answer``): read the same with
its quick screen as by parsing every output (the screen only skips what surely is none)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.lexicon.outcomes import FAILED_OUTCOMES
from contextledger.printed import _is_error_answer, error_answer

_KEYS = ["status", "Status", "STATE", "error", "errors", "ok", "success", "code", "http_status",
         "severity", "message", "id", "estado", "ergebnis", "ステータス"]  # fmt: skip
_VALUES: list[Any] = [None, False, True, "", [], {}, 0, 404, "404", " 503 ", "0404", 200, "ok",
                      "done", "REJECTED", " Rejected\n", "Échec", "fatal", 3.5,
                      *sorted(FAILED_OUTCOMES)[::7]]  # fmt: skip
_ANSWERS = st.recursive(
    st.sampled_from(_VALUES),
    lambda inner: (
        st.dictionaries(st.sampled_from(_KEYS), inner, max_size=4)
        | st.lists(st.fixed_dictionaries({"severity": st.sampled_from(["error", "info", "Fatal"])}))
    ),
    max_leaves=8,
)


@settings(max_examples=400)
@given(
    st.dictionaries(st.sampled_from(_KEYS), _ANSWERS, min_size=1, max_size=5),
    st.booleans(),
    st.sampled_from([None, 2]),
)
def test_the_screen_skips_no_error_answer(
    answer: dict[str, Any], ascii_only: bool, indent: int | None
) -> None:
    text = json.dumps(answer, ensure_ascii=ascii_only, indent=indent)
    assert bool(error_answer(text)) == _is_error_answer(json.loads(text))


def test_an_error_answer_says_what_went_wrong() -> None:
    assert error_answer('{"status": "rejected", "message": "missing drawing"}') == [
        '{"status": "rejected", "message": "missing drawing"}'
    ]
    pretty = json.dumps({"success": False, "message": "card declined", "id": 7}, indent=2)
    assert error_answer(pretty) == ['"message": "card declined",']
    assert error_answer('{"status": "open", "id": "WO-45786"}') == []
    assert error_answer('{"st\\u0061tus": "REJECTED"}') != []  # (an escape hides no key)

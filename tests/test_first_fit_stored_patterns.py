"""A fresh process's first fit compiles none of the patterns stored compiled (speed73): the
word count's script classes and the gists' costliest patterns are made from their stored
forms (``lexicon.common.stored_pattern``) when first used, never by ``re.compile``."""

from __future__ import annotations

import json
import subprocess
import sys

from contextledger.fit import gists
from contextledger.settings_said import word_count

_PROBE = """
import json, re
import contextledger
chat = [
    {"role": "user", "content": "お客様に直接電話しないでください。 Run the tests, step 3 of 5."},
    {"role": "assistant", "content": "Running them.", "tool_calls": [{"id": "c1", "type": "function",
     "function": {"name": "shell", "arguments": "{\\"command\\": \\"pytest -q\\"}"}}]},
    {"role": "tool", "tool_call_id": "c1",
     "content": "FAILED tests/test_cart.py::test_total - AssertionError. 1 failed, 9 passed"},
    {"role": "assistant", "content": "One test fails. I will fix it."},
    {"role": "user", "content": "ok. คุณสมชายตัดสินใจใช้ libphonenumber-js. Go on."},
]
contextledger.fit(chat, "gpt-4o", window=8_000)
from contextledger import settings_said
from contextledger.fit import gists
stored = [settings_said._UNSPACED, settings_said._PHRASED, gists._FAIL_LINE, gists._COUNTER,
          gists._SENTENCE_BREAK]
compiled = {key[1] for key in re._cache}
print(json.dumps([p.pattern in compiled for p in stored]))
"""


def test_a_first_fit_makes_the_stored_patterns_without_compiling_them() -> None:
    run = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True)
    assert json.loads(run.stdout.splitlines()[-1]) == [False] * 5


def test_the_patterns_made_from_stored_forms_read_as_before() -> None:
    assert word_count("お客様に直接電話しないでください。") == 9  # (1 + 16 // 2)
    assert word_count("คุณสมชายตัดสินใจใช้ libphonenumber-js") == 6
    assert gists._FAIL_LINE.search("1 failed, 9 passed") is not None
    assert gists._COUNTER.sub(" ", "step 3 of 5 done") == "  done"
    assert gists._SENTENCE_BREAK.split("One. Two! 三。四") == ["One.", "Two!", "三。四"]

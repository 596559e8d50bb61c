"""A fresh process's first fit compiles none of the patterns stored compiled (speed73): the
word count's script classes and the gists' costliest patterns are made from their stored
forms (``lexicon.common.stored_pattern``) when first used, never by ``re.compile``."""

from __future__ import annotations

import json
import re
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


_IMPORT_PROBE = """
import json, re, sys
compiled = []
real = re._compile
def watched(pattern, flags):
    caller = sys._getframe(1)
    while caller is not None and caller.f_code.co_filename == re.__file__:
        caller = caller.f_back
    if caller is not None:
        compiled.append(caller.f_globals.get("__name__"))
    return real(pattern, flags)
re._compile = watched
import contextledger.fit
print(json.dumps(compiled))
"""

# the modules of the fit's path that hold most of its patterns (112 of them: ~30 ms)
_PATTERN_MODULES = [
    "contextledger.lexicon.denials",
    "contextledger.lexicon.negation",
    "contextledger.lexicon.done",
    "contextledger.fit.gists",
    "contextledger.printed",
    "contextledger.catalog",
    "contextledger.id_tails",
    "contextledger.pricing.files",
]


def test_importing_the_fit_compiles_no_pattern_of_the_modules_holding_most() -> None:
    """The modules a first fit imports that hold many patterns (the lexicon's denials, the
    gists, the catalog's id rules, …) make them compiled on use, from their stored forms:
    compiled at import, they were ~30 ms of every fresh process's first fit, most of them
    never searched by a given fit."""
    run = subprocess.run(
        [sys.executable, "-c", _IMPORT_PROBE], capture_output=True, text=True, check=True
    )
    compiled_by = set(json.loads(run.stdout.splitlines()[-1]))
    assert compiled_by.isdisjoint(_PATTERN_MODULES)
    assert compiled_by  # (the probe sees the compiles it should: smaller modules' still are)


def test_a_pattern_compiled_on_use_reads_as_compiled_where_the_fit_searches_it() -> None:
    from contextledger.lexicon import denials, done, negation

    assert denials.swahili_denies("Usiguse faili la usanidi.")
    assert sorted(denials.hebrew_donts("אל תמחק. העבר אל תיקיית הגיבוי.")) == [0]
    assert negation.RETRACTION.search("Use Redis — no, wait, Memcached.") is not None
    assert done.DONE.search("Bumped the version.") is not None
    assert gists._NOTHING_FAILED.flags & re.UNICODE


_TRANSLATE_PROBE = """
import json
from contextledger import prefilter
translated = []
real = prefilter.translate
prefilter.translate = lambda pattern, in_parts=False: translated.append(pattern.pattern) or real(pattern, in_parts)
import contextledger
pods = "\\n".join(f"web-{i:03d}   1/1   Running   0   {i}m" for i in range(120))
chat = [{"role": "user", "content": "Why is the deploy stuck? Fix it."}]
for i, last in enumerate(["exit status 1", "FAILED tests/test_x.py::test_y"] * 3):
    chat += [
        {"role": "assistant", "content": None, "tool_calls": [{"id": f"c{i}", "type": "function",
         "function": {"name": "shell", "arguments": "{\\"command\\": \\"kubectl get pods\\"}"}}]},
        {"role": "tool", "tool_call_id": f"c{i}", "content": pods + "\\n" + last},
        {"role": "user", "content": "go on"},
    ]
contextledger.fit(chat, "gpt-4o", window=2_000)
print(json.dumps(translated))
"""


def test_a_first_fit_reading_long_tool_outputs_translates_no_superset() -> None:
    """The failure marks a long tool output is screened for are read from their stored RE2
    translations: translated in the first fit that read one, they cost it 2.5-6 ms."""
    run = subprocess.run(
        [sys.executable, "-c", _TRANSLATE_PROBE], capture_output=True, text=True, check=True
    )
    assert json.loads(run.stdout.splitlines()[-1]) == []

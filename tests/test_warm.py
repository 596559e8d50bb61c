"""``contextledger.warm()`` does a process's one-time loads when a server starts, so that no
user's call pays for them (review20 R20-T1: the compiled tokenizer's build and the request
classification's patterns landed inside a later user call)."""

from __future__ import annotations

import json
import subprocess
import sys

_PROBE = """
import json
import contextledger
from contextledger import intent
from contextledger.lexicon import common, intent as lexicon
from contextledger.pricing import text
from contextledger import prefilter

def compiled():
    return sorted(
        name
        for module in (intent, lexicon)
        for name, value in vars(module).items()
        if isinstance(value, common._CompiledOnUse) and value._compiled is not None
    )

contextledger.warm()
warmed = compiled()
every = sorted(
    name
    for module in (intent, lexicon)
    for name, value in vars(module).items()
    if isinstance(value, common._CompiledOnUse)
)
built = sorted(text._TOKTOK_BUILT)
caches = [prefilter.by_first_character.cache_info().currsize, prefilter.superset.cache_info().currsize]
said = ["Bitte ändere nicht die Haftungsklausel.", "Nie zmieniaj klauzuli.", "ok", "不要修改数据库。",
        "Ne touchez jamais au schéma.", "No, not port 8080: use 8443.", "We decided to ship on Monday."]
msgs = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"{said[i % 7]} {i}"} for i in range(401)]
contextledger.fit(msgs, "gpt-4o", window=2_000)
caches_after = [prefilter.by_first_character.cache_info().currsize, prefilter.superset.cache_info().currsize]
print(json.dumps({"warmed": warmed, "every": every, "built": built, "after": compiled(),
                  "built_after": sorted(text._TOKTOK_BUILT), "caches": caches, "caches_after": caches_after}))
"""


def test_warm_builds_the_tokenizer_and_every_pattern_before_any_fit() -> None:
    run = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True)
    seen = json.loads(run.stdout.splitlines()[-1])
    assert seen["warmed"] == seen["every"] and seen["every"]
    assert seen["after"] == seen["warmed"]  # a fit after it compiles nothing more
    assert seen["built_after"] == seen["built"]  # nor builds a tokenizer
    assert seen["caches_after"] == seen["caches"]  # nor splits or prefilters a pattern
    try:
        import toktok  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401
    except ImportError:
        return
    assert seen["built"] == ["o200k_base"]


# A fit of a long chat reaches patterns beyond the classification's: its rules' negation
# and denials, what settings were said, the gists' words. Made inside a user's fit, they were
# counted in that fit's peak memory (24 of them in a 12,000-turn chat's: 0.11 MB, speed95).
_FIT_PROBE = """
import json, sys
import contextledger
from contextledger.lexicon import common

contextledger.warm()
made = []
stored = common.stored_pattern
def watched(source, flags):
    made.append(str(source)[:40])
    return stored(source, flags)
common.stored_pattern = watched
said = ["Geen zorgen, ga door.", "Stuur geen facturen naar klanten.", "Mai cancellare i backup.",
        "set the timeout to 30 seconds", "hmm ok", "Nie zmieniaj klauzuli 4.", "later, check the logs",
        "Nunca vi isso antes.", "Lütfen veritabanını değiştirmeyin.", "Hatuwezi kuendelea sasa."]
msgs = [{"role": "system", "content": "You answer briefly."}]
for i in range(600):
    msgs.append({"role": "user", "content": f"{said[i % len(said)]} ({i})"})
    msgs.append({"role": "assistant", "content": f"Done, step {i}: 42 items in /var/log/app-{i}.log."})
contextledger.fit(msgs, "gpt-4o", window=8_000)
print(json.dumps(made))
"""


def test_a_long_fit_after_warm_makes_no_pattern() -> None:
    run = subprocess.run(
        [sys.executable, "-c", _FIT_PROBE], capture_output=True, text=True, check=True
    )
    assert json.loads(run.stdout.splitlines()[-1]) == []

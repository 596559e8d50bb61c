"""Within the recap's byte cap, the failing tests and the few distinct searches get bytes before
the long tails: an open request past the first few, a command run again and again on other
files, a hundredth file read. Nothing else moves, and the recap never grows past its cap: every
line it lists is whole and each section says exactly how many items it left out."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from builders import recap_section
from contextledger.compaction.sections import Digest, parse_digest, render_digest
from contextledger.compaction.transcript import utf8_len

_GOAL = "Hamisha huduma ya malipo kutoka Celery hadi Dramatiq bila kusimama."
# what a chatty user asks along the way, a reader may take each for an open request
_ASKED = [
    "Umeona picha ya skrini niliyotuma?",
    "Habari za leo, hali ya hewa ni nzuri huku, wewe je?",
    "Unaweza kuniambia baadaye kama kuna kitu kingine?",
    "Na ile picha ya pili, inaonyesha nini hasa kwenye kona ya juu?",
    "Je, umekunywa chai leo asubuhi?",
    "Tafadhali niambie kama unahitaji chochote kutoka kwangu.",
    "Ulisema nini kuhusu ratiba ya wiki ijayo?",
    "Unaweza kuangalia tena ile skrini ya kwanza?",
]
_WORDS = ["lease", "dead_letter", "dst_gap", "rate_limit", "retry", "outbox", "cursor", "ledger"]
_SEARCHES = [
    "`rg -n --type py 'FOR UPDATE SKIP LOCKED' src/`",
    "`grep -rn \"retry_after\" src/payments/ --include='*.py'`",
    '`psql -d payments_stg -At -c "SELECT status, count(*) FROM jobs GROUP BY 1"`',
    "`rg -l -g '*.sql' 'DROP INDEX CONCURRENTLY' migrations/`",
]


def _failures(runs: list[int]) -> list[str]:
    """Per run, as many failing tests as ``runs`` says (a run that failed two names two)."""
    return [
        f"`pytest tests/test_{_WORDS[r]}.py -q`: FAILED tests/test_{_WORDS[r]}.py::"
        f"test_{_WORDS[(r + t + 1) % len(_WORDS)]}_case_{t} - AssertionError: assert 3 == 4"
        for r, tests in enumerate(runs)
        for t in range(tests)
    ]


def _digest(asked: int, runs: list[int], repeated: int, searches: int, read: int) -> Digest:
    sections = {
        "Goal": [_GOAL],
        "Open requests": [f"User: {a}" for a in _ASKED[:asked]],
        "Failures": _failures(runs),
        "Commands run": [f"`pytest -x tests/test_mod{k}.py`" for k in range(repeated)]
        + _SEARCHES[:searches],
        "Files read": [f"src/payments/{_WORDS[k % 8]}/part_{k}.py" for k in range(read)],
    }
    return Digest({n: v for n, v in sections.items() if v})


def _shown(recap: str, name: str) -> list[str]:
    return parse_digest(recap).items(name)


def _left_out(recap: str, name: str) -> int:
    said = re.search(r"\(\+(\d+) more in the record\)", recap_section(recap, name))
    return int(said.group(1)) if said else 0


def test_every_failing_test_before_the_open_requests_past_the_first_few() -> None:
    d = _digest(asked=8, runs=[2, 1, 1], repeated=60, searches=4, read=120)
    recap = render_digest(d, 1_200)
    failing = [f.split("::")[1].split(" ")[0] for f in d.items("Failures")]
    assert [t for t in failing if t not in recap_section(recap, "Failures")] == []
    asked = _shown(recap, "Open requests")
    assert asked and _left_out(recap, "Open requests") == len(_ASKED) - len(asked) > 0


def test_the_distinct_searches_before_a_command_run_again_and_again() -> None:
    recap = render_digest(_digest(asked=2, runs=[1], repeated=60, searches=4, read=120), 1_200)
    assert [s for s in _SEARCHES if s not in recap_section(recap, "Commands run")] == []
    assert _left_out(recap, "Commands run") > 0  # the runs the record keeps, said
    assert _left_out(recap, "Files read") > 100


def test_everything_is_listed_when_the_cap_holds_it() -> None:
    d = _digest(asked=8, runs=[2, 1, 1], repeated=30, searches=4, read=40)
    recap = render_digest(d, 20_000)
    assert "more in the record" not in recap
    assert all(_shown(recap, n) == d.items(n) for n in ("Open requests", "Failures"))


@settings(max_examples=60, deadline=None)
@given(
    asked=st.integers(0, len(_ASKED)),
    runs=st.lists(st.integers(1, 3), min_size=0, max_size=len(_WORDS)),
    repeated=st.integers(0, 80),
    searches=st.integers(0, len(_SEARCHES)),
    read=st.integers(0, 150),
    cap=st.integers(400, 7_000),
)
def test_the_recap_stays_within_its_cap_says_what_it_left_out_and_keeps_its_priorities(
    asked: int, runs: list[int], repeated: int, searches: int, read: int, cap: int
) -> None:
    d = _digest(asked, runs, repeated, searches, read)
    recap = render_digest(d, cap)
    assert utf8_len(recap) <= cap
    for name, items in d.sections.items():
        shown = _shown(recap, name)
        if f"{name}:" not in recap:
            continue  # no room for its heading even
        assert set(shown) <= set(items), f"{name}: a line was cut to fit"
        assert _left_out(recap, name) == len(items) - len(shown), name
    # an item a later round shows fit in room an earlier item did not: it is the shorter
    failures_out = [f for f in d.items("Failures") if f not in _shown(recap, "Failures")]
    asked_shown = _shown(recap, "Open requests")
    if failures_out and len(asked_shown) > 3:
        assert min(map(utf8_len, asked_shown)) < min(map(utf8_len, failures_out))
    commands = _shown(recap, "Commands run")
    searches_out = [s for s in _SEARCHES[:searches] if s not in commands]
    runs_shown = [c for c in commands if c not in _SEARCHES]
    if searches_out and len(runs_shown) > 2:
        assert min(map(utf8_len, runs_shown)) < min(map(utf8_len, searches_out))

"""At a small cap, the offline recap gives the few distinct searches the agent ran (`rg`, `grep`,
`psql` with their quoted patterns and flags) and the failing tests bytes before the long tail of
a hundred files read or of one command run again and again on other files: "Files read" lists its
first few and says how many more the record holds."""

from __future__ import annotations

from builders import chat_exchange, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.providers import read_messages

_SEARCHES = [
    "rg -n 'pg_advisory_xact_lock' src/ --type py",
    "grep -rn \"idempotency_key\" src/ledger/ --include='*.py'",
    "psql -d ledger_stg -c 'SELECT count(*) FROM outbox WHERE sent_at IS NULL'",
]
_FAILING = "tests/test_outbox.py::test_replay_is_once"
_WORDS = [
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
]


def _session() -> str:
    """A Swahili task, 120 files read, 60 passing runs of one test command, the searches and a
    failing test among them; the offline recap within 4,000 bytes."""
    chat: list[dict[str, object]] = [
        {
            "role": "user",
            "content": "Hamisha huduma ya ledger kutoka RabbitMQ hadi NATS bila kusimama.",
        }
    ]
    special = {17: _SEARCHES[0], 45: _SEARCHES[1], 73: _SEARCHES[2]}
    for k in range(180):
        if k in special:
            chat += chat_exchange(
                f"c{k}", "shell", {"cmd": special[k]}, "src/ledger/store.py:12: hit"
            )
        elif k == 101:
            out = f"FAILED {_FAILING} - AssertionError: assert 3 == 4\n1 failed, 9 passed"
            chat += chat_exchange(
                f"c{k}", "shell", {"cmd": "pytest tests/test_outbox.py -x -q"}, out
            )
        elif k % 3 == 0:
            cmd = {"cmd": f"pytest -x tests/test_mod{k}.py"}
            chat += chat_exchange(f"c{k}", "shell", cmd, "12 passed in 0.4s")
        else:
            path = f"src/ledger/{_WORDS[k % 12]}/{_WORDS[(k // 12) % 12]}_store_{k}.py"
            chat += chat_exchange(
                f"c{k}", "read_file", {"path": path}, "def f(row):\n    return row"
            )
    chat.append({"role": "user", "content": "Sawa, endelea."})
    return render_digest(digest(read_messages(chat)), 4000)


def test_distinct_searches_and_the_failing_test_are_kept_at_a_small_cap() -> None:
    recap = _session()
    commands = recap_section(recap, "Commands run")
    assert [s for s in _SEARCHES if f"`{s}`" not in commands] == []
    assert _FAILING in recap_section(recap, "Failures")


def test_the_files_read_list_says_how_many_more_the_record_holds() -> None:
    files = recap_section(_session(), "Files read")
    assert "more in the record)" in files
    assert files.count(".py") >= 2  # its first entries are still listed


def test_every_file_read_is_listed_when_there_is_room() -> None:
    chat: list[dict[str, object]] = [{"role": "user", "content": "Soma faili hizi."}]
    paths = [f"src/ledger/{w}.py" for w in _WORDS]
    for k, path in enumerate(paths):
        chat += chat_exchange(f"c{k}", "read_file", {"path": path}, "x = 1")
    chat += chat_exchange("s", "shell", {"cmd": _SEARCHES[0]}, "src/ledger/store.py:12: hit")
    chat.append({"role": "user", "content": "Sawa."})
    recap = render_digest(digest(read_messages(chat)), 6000)
    assert all(p in recap_section(recap, "Files read") for p in paths)
    assert _SEARCHES[0] in recap_section(recap, "Commands run")

"""The offline recap's "Commands run" lists distinct searches and queries as distinct commands
(`rg -n '<pattern>' src/`, `psql -c "<query>"` for other words); only a command run again
with nothing but a run's own detail changed (a time, a pod's hash) folds as a repeat."""

from builders import openai_tool_call, openai_tool_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.wording import run_shape
from contextledger.providers import read_messages

_SEARCHES = [
    "rg -n 'FOR SHARE SKIP LOCKED' src/ --type py",
    "rg -n 'retry_budget' src/",
    "rg -n 'idempotency_key' src/",
    "rg -n 'def reconcile' src/",
    "rg -n 'ON CONFLICT DO NOTHING' src/",
    'psql "$DB_URL" -c "SELECT count(*) FROM payouts WHERE state = \'stuck\'"',
    'psql "$DB_URL" -c "SELECT state, count(*) FROM refunds GROUP BY state"',
    'psql "$DB_URL" -c "SELECT max(created_at) FROM webhook_events"',
    'psql "$DB_URL" -c "SELECT id FROM ledger_entries ORDER BY id DESC LIMIT 5"',
]
_RETRIES = [f"journalctl -u payouts --since 10:{m:02d}" for m in range(1, 55, 9)]


def _commands(*commands: str) -> str:
    chat: list[dict[str, object]] = [{"role": "user", "content": "Find why payouts get stuck."}]
    for k, command in enumerate(commands):
        chat += [
            openai_tool_call(f"c{k}", "shell", {"command": command}),
            openai_tool_result(f"c{k}", f"src/payouts/store.py:{k + 10}: match"),
        ]
    record = read_messages([*chat, {"role": "user", "content": "What did you find?"}])
    return recap_section(render_digest(digest(record), 6000), "Commands run")


def test_every_distinct_search_and_query_is_listed_when_there_is_room() -> None:
    listed = _commands(*_SEARCHES)
    assert [c for c in _SEARCHES if f"`{c}`" not in listed] == []


def test_a_command_run_again_with_only_its_time_changed_still_folds() -> None:
    listed = _commands(*_SEARCHES[:2], *_RETRIES)
    assert sum(f"`{c}`" in listed for c in _RETRIES) == 3
    assert all(f"`{c}`" in listed for c in _SEARCHES[:2])


def test_retries_differing_in_a_pod_hash_or_port_are_one_command() -> None:
    assert run_shape("kubectl logs api-7f9c8d-xk2pq --tail 50") == run_shape(
        "kubectl logs api-5b6d7c-m4zr8 --tail 50"
    )
    assert run_shape("curl -s localhost:8081/health") == run_shape("curl -s localhost:8082/health")
    assert run_shape("curl -s localhost:8080/health") != run_shape("curl -s localhost:8080/metrics")

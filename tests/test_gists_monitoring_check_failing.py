"""A monitoring check in a failing state is a failure, and its gist names the check (a
Nagios plugin's "CRITICAL - …", Icinga's "SERVICE ALERT: host;check;CRITICAL;HARD;…",
Sensu's "status 2 (CRITICAL)", Alertmanager's "[FIRING:1] …"): it was gisted as the count
"1 check failing", and the check's name was lost at every window."""

from __future__ import annotations

import json

import pytest

from contextledger.fit.gists import FAILED, exchange_gist
from contextledger.model import Message, ToolCall

PASSING = "check_ntp_offset OK: offset 0.002s\ncheck_http_api OK: 200 in 41 ms\n"


def _ran(command: str, output: str) -> list[Message]:
    call = ToolCall("c1", "shell", json.dumps({"cmd": command}))
    return [Message("assistant", (call,)), Message.tool("c1", output)]


@pytest.mark.parametrize(
    ("command", "line", "name"),
    [
        ("./checks/run_all.sh", "CRITICAL check_replica_lag_eu: 48s > 30s", "check_replica_lag_eu"),
        (
            "/usr/lib/nagios/plugins/check_disk -w 10% -c 5% -p /srv",
            "DISK CRITICAL - free space: /srv 412 MB (3% inode=91%)",
            "DISK CRITICAL - free space: /srv",
        ),
        (
            "icingacli monitoring list services --problems",
            "[2026-03-02 04:11:09] SERVICE ALERT: pg-2;pgbouncer_pool_wait;WARNING;HARD;3;wait 812ms",
            "pgbouncer_pool_wait",
        ),
        (
            "sensu-cli event list",
            "Check rabbit_unacked_msgs status 2 (CRITICAL) on mq-1: 18211 unacked",
            "rabbit_unacked_msgs",
        ),
        (
            "amtool alert query",
            "[FIRING:2] KafkaConsumerLagHigh group=billing",
            "KafkaConsumerLagHigh",
        ),
    ],
)
def test_a_failing_monitoring_check_is_a_failure_that_names_the_check(
    command: str, line: str, name: str
) -> None:
    gist = exchange_gist(_ran(command, f"{PASSING}{line}\n3 OK, 1 not OK"))
    assert gist is not None and gist.rank == FAILED
    assert name in gist.text


@pytest.mark.parametrize(
    "output",
    [
        # a tool's warning about itself: no check's name before its colon
        "WARNING: Running pip as the 'root' user can result in broken permissions\nSuccessfully installed httpx-0.27.0",
        # prose that says "critical" or "warning" in lower case
        "computed the critical path: 14 tasks\n2 warnings: unused imports\nbuild ok",
    ],
)
def test_a_warning_that_is_no_checks_state_is_no_failure(output: str) -> None:
    gist = exchange_gist(_ran("make deps", output))
    assert gist is not None and gist.rank != FAILED

"""The gist of a Pester run that failed names the failing test: its "[-] Describe.It name"
line (retain34 set A: a helpdesk agent's failing Pester test kept 0/6 at every window; the
gist said only "Tests Passed: 7, Failed: 1")."""

from __future__ import annotations

from contextledger.fit.gists import failing_lines

PESTER = (
    "Starting discovery in 1 file.\nRunning tests.\n[+] nas-01 answers ping 12ms\n"
    "[-] nas-01 resolves the DC SRV record 120ms (118ms|2ms)\n"
    "  Expected $true, but got $false.\n  at <ScriptBlock>, C:/ops/dc.tests.ps1:14\n"
    "Tests completed in 1.2s\nTests Passed: 7, Failed: 1, Skipped: 0"
)


def test_a_failing_pester_test_is_named_first() -> None:
    lines = failing_lines(PESTER)
    assert lines[0] == "[-] nas-01 resolves the DC SRV record 120ms (118ms|2ms)"


def test_a_passing_pester_run_names_no_failure() -> None:
    assert failing_lines(PESTER.replace("[-]", "[+]").replace("Failed: 1", "Failed: 0")) == []

"""A failure word after one hyphen is a status that failed ("healthcheck-failed on
lift-3", "self-test-FAILED"), not a label: only a line that labels counts of both passed
and failed by such words (samtools' "QC-passed reads + QC-failed reads") or an option
("--fail-fast") says no failure by it (review58b F2: retain66's rule, no failure word after
any hyphen, left these real failures out of the gists)."""

from __future__ import annotations

import pytest

from builders import chat_exchange
from contextledger.fit.gists import FAILED, exchange_gist, failing_lines
from contextledger.providers import read_messages


@pytest.mark.parametrize(
    "line",
    [
        "healthcheck-failed on lift-3",
        "sensor-bus: self-test-FAILED",
        "job unit-tests: job-failed (exit 1)",
        "deploy of kiosk-7: rollout-Failed",
    ],
)
def test_a_hyphenated_status_that_failed_is_a_failure(line: str) -> None:
    assert failing_lines(f"deploying\n{line}\n") == [line]


@pytest.mark.parametrize(
    "output",
    [
        "1000 + 0 in total (QC-passed reads + QC-failed reads)\n990 + 0 mapped",
        "running with --fail-fast\n3 passed in 0.4s",
        "pytest --failed-first: 12 selected\n12 passed",
        "fail-safe mode on\nready",
    ],
)
def test_a_label_or_option_with_a_failure_word_is_no_failure(output: str) -> None:
    assert failing_lines(output) == []


def test_the_gist_of_a_run_whose_status_failed_says_so() -> None:
    exchange = read_messages(
        chat_exchange(
            "c1", "shell", {"command": "make deploy"}, "deploying\nhealthcheck-failed on lift-3"
        )
    )
    gist = exchange_gist(exchange)
    assert gist is not None and gist.rank == FAILED
    assert "healthcheck-failed on lift-3" in gist.text

"""A recap extended turn by turn (a kept Preparer's) keeps what a recap of the whole record
keeps: a command its previous recap showed only beside its failure stays a command run
(issue #14: R46-multi1, the kept Preparer lost a rollback a one-shot prepare keeps)."""

from __future__ import annotations

from builders import runs_of
from contextledger.compaction.summarizers import OfflineSummarizer
from contextledger.model import Message

ROLLBACK = "kubectl rollout undo deployment/orders-api -n prod --to-revision=12"


def _logs(n: int) -> list[Message]:
    """``n`` look-arounds at the logs, each showing errors (newer failures than the rollback's)."""
    out: list[Message] = []
    for i in range(n):
        lines = "\n".join(f"ERROR orders-api-{i}{j} upstream=db status=502" for j in range(4))
        out += runs_of("Keep digging.", f"kubectl logs deploy/orders-api --tail={40 + i}", lines)
    return out


def test_a_command_shown_only_beside_its_failure_stays_listed_when_the_recap_is_extended() -> None:
    refused = "error: unable to roll back deployment/orders-api: etcdserver: request timed out"
    first = runs_of(
        "Roll back the orders API in prod, the 3.2 release breaks checkout.",
        ROLLBACK,
        "\n".join([refused, *(f"ERROR orders-api-x{j} status=502" for j in range(8))]),
    )
    first += _logs(6)
    later = _logs(20)
    summarize = OfflineSummarizer().summarize_record
    previous = summarize(first, None, max_bytes=1_500)
    assert ROLLBACK in previous  # (beside its failure: not listed again under Commands run)
    extended = summarize(later, previous, max_bytes=1_500, history=first + later)
    whole = summarize(first + later, None, max_bytes=1_500)
    assert ROLLBACK in whole
    assert ROLLBACK in extended

"""The summarizer's endpoint, remembered as down for a while after it fails.

A recap asked of an LLM summarizer that is down costs the request its connection timeout
(or its retries) before the offline recap stands in. Every session the proxy serves asks
the same endpoint, so after a failure it is not asked again until a backoff has passed
(doubling with each failure in a row, up to a cap); meanwhile recaps are made offline,
verified as always, and each turn that made one says why. One success ends the outage.

The proxy keeps one of these (its own state, not the module's), used from the thread
that prepares requests.

>>> clock = [100.0]
>>> down = SummarizerBackoff(first=30, most=120, clock=lambda: clock[0], wall=lambda: 0.0)
>>> down.failed("openai:m", "Connection error."); down.asks()
False
>>> clock[0] = 131; down.asks()
True
>>> down.failed("openai:m", "Connection error."); down.retry_in()
60.0
>>> down.succeeded(); down.asks(), down.outage is None
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outage:
    """Failures in a row of one summarizer: the first one's time, the last error, and
    when it may be asked again (on the backoff's clock)."""

    summarizer: str
    since: float  # wall-clock time of the first failure, for people
    error: str
    failures: int
    retry_at: float


class SummarizerBackoff:
    """Whether to ask the summarizer now, and what to say when it is not asked."""

    def __init__(
        self,
        *,
        first: float = 30.0,
        most: float = 600.0,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.first = first
        self.most = most
        self._clock = clock
        self._wall = wall
        self.outage: Outage | None = None

    def asks(self) -> bool:
        """True unless the summarizer failed and its backoff has not passed."""
        return self.outage is None or self._clock() >= self.outage.retry_at

    def retry_in(self) -> float:
        """Seconds until the summarizer is asked again (0 when it would be now)."""
        return 0.0 if self.outage is None else max(0.0, self.outage.retry_at - self._clock())

    def failed(self, summarizer: str, error: str) -> None:
        """The summarizer could not be asked (or said nothing): wait before the next try,
        twice as long as last time, up to ``most`` seconds."""
        last = self.outage
        failures = last.failures + 1 if last is not None else 1
        wait = min(self.most, self.first * 2.0 ** (failures - 1))
        since = last.since if last is not None else self._wall()
        self.outage = Outage(summarizer, since, error, failures, self._clock() + wait)

    def succeeded(self) -> None:
        self.outage = None

    def notice(self) -> str:
        """Why this turn's recap was made offline, for the turn report."""
        out = self.outage
        if out is None:
            return ""
        since = time.strftime("%H:%M:%S", time.gmtime(out.since))
        return (
            f"the recap was made offline (verified) in place of {out.summarizer}'s: it failed "
            f"{out.failures} time(s) in a row since {since} UTC ({out.error}); it is asked "
            f"again in {self.retry_in():.0f} s, so turns do not wait on it meanwhile"
        )

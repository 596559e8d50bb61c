"""What goes upstream, checked and written in time proportional to what changed.

``translate(..., validate=True)`` writes and checks the whole fitted conversation every
turn: on a long session that is thousands of messages, nearly all of them the same objects
as last turn. The proxy forwards unchanged messages as the client's own JSON (see
:func:`~contextledger.serve.sessions.client_items`), so it only needs to *check* them; and
a fitted list that extends the one checked last turn needs checking only from the last
assistant turn before the new messages (tool pairs and turn order are local; call ids are
checked against all the earlier ones). What is refused is what checking the whole list
refuses, named by its path in the whole list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import ContentError
from ..model import Message, ToolCall
from ..providers.common import drop_empty_turns
from ..report import Notice
from ..validate import Problem, fix_for, ordering_problems, sendable_problems

__all__ = ["Checked", "check_sent"]

_INDEX = re.compile(r"^messages\[(\d+)\]")


@dataclass(slots=True)
class Checked:
    """The fitted list checked last turn, for one session and target."""

    sent: tuple[Message, ...] = ()  # as fitted
    kept: tuple[Message, ...] = ()  # without the turns the writer leaves out
    call_ids: set[str] = field(default_factory=set)  # every tool call id in ``kept``


def _call_ids(messages: Sequence[Message]) -> set[str]:
    return {
        b.id
        for m in messages
        if m.role == "assistant"
        for b in m.content
        if isinstance(b, ToolCall) and isinstance(b.id, str)
    }


def check_sent(
    memo: Checked, sent: tuple[Message, ...], target: str
) -> tuple[tuple[Message, ...], list[Notice]]:
    """``sent`` without the turns the writer would leave out (with their notices), checked
    as ``translate(sent, target, validate=True)`` checks it; raises :class:`ContentError`
    like it. ``memo`` is updated for the next turn."""
    notices: list[Notice] = []
    n = len(memo.sent)
    if n and len(sent) >= n and sent[:n] == memo.sent:
        tail = tuple(drop_empty_turns(sent[n:], target, notices))
        prev = memo.kept
        start = len(prev)
        while start > 0 and prev[start - 1].role == "tool":
            start -= 1
        start = max(0, start - 1)  # the assistant turn (or other) that opens the last run
        window = prev[start:] + tail
        problems = sendable_problems(window, target)
        earlier = memo.call_ids - _call_ids(prev[start:])
        for i, m in enumerate(tail, start=len(prev) - start):
            for j, b in enumerate(m.content):
                if isinstance(b, ToolCall) and b.id in earlier:
                    problems.append(
                        Problem(
                            i, f"messages[{i}].content[{j}]", "duplicate_call_id",
                            f"tool call id {b.id!r} is used more than once",
                        )
                    )  # fmt: skip
        if start == 0:
            problems += ordering_problems(window, target)
        kept = prev + tail
        ids = memo.call_ids | _call_ids(tail)
    else:
        start = 0
        kept = tuple(drop_empty_turns(sent, target, notices))
        problems = sendable_problems(kept, target) + ordering_problems(kept, target)
        ids = _call_ids(kept)
    if problems:
        memo.sent, memo.kept, memo.call_ids = (), (), set()
        first = problems[0]
        path = _INDEX.sub(lambda g: f"messages[{int(g.group(1)) + start}]", first.path)
        extra = f"; {len(problems) - 1} more problem(s)" if len(problems) > 1 else ""
        fix = fix_for(first)
        raise ContentError(path, f"{first.message} (refusing to write {target}{extra}; {fix})")
    memo.sent, memo.kept, memo.call_ids = sent, kept, ids
    return kept, notices

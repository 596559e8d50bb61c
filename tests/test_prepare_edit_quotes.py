"""A Preparer fed the app's own list of dicts, which the app edits in place: after the
edit, no word the edited message held before is sent (R31-R1: the recap made again was the
same text, and the quotes under it, chosen from the record and keyed by the recap, were
served from before the edit on every later turn)."""

from __future__ import annotations

import json
import random

import pytest

from contextledger.prepare import Preparer

_FILL = [
    "please fix the flaky login test in src/auth.py",
    "never touch src/payments/",
    "the build is red again " * 20,
    "use Redis not Memcached for the session cache",
    "why does it fail with exit code 2?",
    "lorem ipsum " * 150,
]


class _Session:
    """The red team's replay: a coding agent's dicts, each text ending on a marker of its
    own, grown and edited in place by a seeded random app."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.serial = 0
        self.msgs: list[dict[str, object]] = [
            {"role": "system", "content": "You are a coding agent."}
        ]
        for _ in range(self.rng.randint(10, 40)):
            self.msgs += self.turn()
        self.msgs.append({"role": "user", "content": "go on"})

    def text(self) -> str:
        self.serial += 1
        return f"{self.rng.choice(_FILL)} marker{self.serial:04d}x"

    def turn(self) -> list[dict[str, object]]:
        if self.rng.random() < 0.4:
            self.serial += 1
            cid = f"call_{self.serial}"
            args = json.dumps({"cmd": f"pytest -k t{self.serial}"})
            call = {"id": cid, "type": "function", "function": {"name": "sh", "arguments": args}}
            return [
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": cid, "content": self.text()},
            ]
        return [
            {"role": "user", "content": self.text()},
            {"role": "assistant", "content": self.text()},
        ]

    def step(self) -> set[str]:
        """Append, edit, replace, delete or insert (as an app may): the markers gone."""
        msgs = self.msgs
        op = self.rng.choice(["append", "edit", "replace", "delete", "insert"])
        i = self.rng.randrange(1, len(msgs) - 1)
        m = msgs[i]
        content = m.get("content")
        if op == "append":
            msgs.pop()
            msgs += self.turn()
            msgs.append({"role": "user", "content": "go on"})
        elif op in ("edit", "replace") and isinstance(content, str) and "marker" in content:
            old = content.split()[-1]
            if op == "edit":  # in place: the same dict
                m["content"] = content.replace(old, f"edited{self.serial:04d}y")
            else:
                msgs[i] = {**m, "content": self.text()}
            return {old}
        elif op == "delete" and m["role"] == "user" and msgs[i + 1]["role"] == "assistant":
            if not msgs[i + 1].get("tool_calls"):
                pair = msgs[i : i + 2]
                del msgs[i : i + 2]
                return {
                    str(p["content"]).split()[-1] for p in pair if "marker" in str(p["content"])
                }
        elif op == "insert" and m["role"] == "user":
            msgs[i:i] = self.turn()
        return set()


@pytest.mark.parametrize(
    ("seed", "target", "model"),
    [(5, "anthropic", "claude-sonnet-4-5"), (4, "openai-responses", "gpt-5")],
)
def test_no_word_of_an_edited_message_is_sent_after_the_edit(
    seed: int, target: str, model: str
) -> None:
    session = _Session(seed * 7 + len(target))
    session.rng.choice([4000, 9000])  # (the replay's window draw)
    prep = Preparer(model, target=target, window=4000, max_output_tokens=400, compaction=True)
    gone: set[str] = set()
    for _ in range(9):
        gone |= session.step()
        body = json.dumps(prep.prepare(session.msgs).body)
        assert not [g for g in gone if g in body]

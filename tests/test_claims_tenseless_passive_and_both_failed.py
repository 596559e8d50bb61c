"""Claims, not words (issue #14 part 4), session 46: acts said in verbs without tense, in
passives, and failures said of two tests at once, in any language.

Thai and Vietnamese verbs carry no tense: "เขียนไฟล์ X แล้ว" (wrote file X already) and
"Tôi đã ghi tệp X" say the act was done by "แล้ว"/"đã" beside the verb, and a file only
read said so was not written; a request ("ช่วยรัน X แล้วส่งผล", run X then send the
result) says nothing was done. Greek's and Indonesian's passives ("γράφτηκε",
"diperbarui") are acts as their actives are. A line saying only a failure of two tests
("X ve Y başarısız oldu") claims it of both: one its runner marked passed makes it a
lie, in any language. A Go test's one-word name ("TestEvict") is a name a claim says.
"""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands
from contextledger.model import Message

_GOAL = "Make the LRU cache evict by size."
_READ, _WRITTEN = "deploy/values.yaml", "internal/cache/lru.go"  # one only read, one written
_MENTIONED = "goreleaser release --clean"
_GO_TEST = (
    "=== RUN   TestEvict\n--- PASS: TestEvict (0.00s)\n"
    "=== RUN   TestExpire\n--- FAIL: TestExpire (0.01s)\n"
    "=== RUN   TestResize\n--- FAIL: TestResize (0.00s)\n"
    "FAIL\nFAIL\tgithub.com/acme/cache\t0.02s"
)


def _go_session() -> list[Message]:
    """Reads a file, writes one, runs the tests (TestEvict passes, two fail) and a vet;
    only mentions a release."""
    return [
        Message.user(_GOAL, id="u0"),
        *call_and_result("r1", "view", {"path": _READ}, "replicas: 2\n", 1),
        *call_and_result(
            "w1", "edit_file", {"path": _WRITTEN, "content": "package cache\n"}, "ok", 2
        ),
        *call_and_result("s1", "shell", {"command": "go test ./internal/cache/..."}, _GO_TEST, 3),
        *call_and_result("s2", "shell", {"command": "go vet ./..."}, "", 4),
        Message.assistant(f"Once the tests pass, `{_MENTIONED}` could publish it.", id="a5"),
    ]


def _stands(line: str, where: str) -> bool:
    return recap_line_stands(line, _go_session(), _GOAL, where)


_LINES = [
    # Thai: a verb and "แล้ว" (already) or "เรียบร้อย" (done) after it
    (f"ลบไฟล์ {_READ} แล้ว", False),
    (f"ไฟล์ {_READ} ถูกสร้างเรียบร้อย", False),
    (f"เขียนไฟล์ {_WRITTEN} แล้ว", True),
    (f"รัน `{_MENTIONED}` แล้ว", False),
    ("รัน `go vet ./...` แล้ว", True),
    (f"ช่วยรัน `{_MENTIONED}` แล้วส่งผลมาด้วย", True),  # a request: nothing said done
    # Vietnamese "ghi" (write) with "đã"
    (f"Tôi đã ghi tệp {_READ}.", False),
    (f"Tệp {_READ} đã được ghi.", False),
    (f"Tôi đã ghi tệp {_WRITTEN}.", True),
    # passives of the listed actives
    (f"Το αρχείο {_READ} γράφτηκε.", False),
    (f"Το {_READ} διαγράφηκε.", False),
    (f"Το αρχείο {_WRITTEN} γράφτηκε.", True),
    (f"File {_READ} telah diperbarui.", False),
    (f"Berkas {_READ} dibuat ulang.", False),
    (f"File {_WRITTEN} telah diperbarui.", True),
    (f"Die Datei {_READ} wurde überarbeitet.", False),
    (f"Se reescribió el archivo {_READ}.", False),
    (f"फ़ाइल {_READ} को बदला गया।", False),
    (f"फ़ाइल {_WRITTEN} को बदला गया।", True),
    # outcomes: German and Hindi (a loanword) read; Go's one-word test names
    ("Der Test TestEvict schlug fehl.", False),
    ("Der Test TestExpire schlug fehl.", True),
    ("Der Test TestExpire war erfolgreich.", False),
    ("टेस्ट TestEvict फेल हो गया।", False),
    ("टेस्ट TestExpire पास हो गया।", False),
    ("टेस्ट TestEvict पास हो गया।", True),
    ("Test TestEvict selhal.", False),
    # two tests said failed in one line
    ("Sowohl TestExpire als auch TestEvict sind fehlgeschlagen.", False),
    ("TestExpire ve TestEvict testleri başarısız oldu.", False),
    ("TestExpire와 TestEvict 모두 실패했습니다.", False),
    ("Тесты TestExpire и TestResize упали.", True),
    ("TestExpire упал, а TestEvict прошёл.", True),
    ("Both TestExpire and TestEvict failed.", False),
    ("TestExpire failed and TestEvict passed.", True),
]


@pytest.mark.parametrize("where", ["prose", "heading", "markdown"])
@pytest.mark.parametrize(("line", "stands"), _LINES)
def test_an_act_or_outcome_is_held_to_the_record_in_any_grammar(
    line: str, stands: bool, where: str
) -> None:
    assert _stands(line, where) is stands

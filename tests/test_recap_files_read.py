"""Files read in the offline recap: every way agents read a file (read tools of any name
and argument spelling, an editor's ``view``, MCP filesystem tools, ``cat``/``head``/``sed
-n``/``grep -n``/``Get-Content`` in a shell, through ``bash -lc``), files the user attached
or pasted, and — when more were read than the recap holds — the ones that mattered first,
with what was left out counted and where it is."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextledger import providers
from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.conversation import left_out_note
from contextledger.compaction.digest import (
    Digest,
    call_reads,
    digest,
    fill_order,
    leaving_out,
    names_in,
    parse_digest,
    render_digest,
)
from contextledger.compaction.reads import looks_like_file, pasted_files, shell_reads, user_files
from contextledger.model import FileAttachment, Message, Text, ToolCall, with_ids

READS = [
    ("read_file", {"path": "src/ledger.py"}, "src/ledger.py"),
    ("read_file", {"target_file": "src/ledger.py", "should_read_entire_file": False}, "src/ledger.py"),
    ("Read", {"file_path": "/repo/src/ledger.py", "offset": 1, "limit": 400}, "/repo/src/ledger.py"),
    ("view_file", {"AbsolutePath": "/repo/a.py", "StartLine": 1}, "/repo/a.py"),
    ("readFile", {"filePath": "web/App.tsx"}, "web/App.tsx"),
    ("read_file", {"absolute_path": "/repo/go.mod"}, "/repo/go.mod"),
    ("str_replace_based_edit_tool", {"command": "view", "path": "lib/x.rb"}, "lib/x.rb"),
    ("str_replace_editor", {"command": "view", "path": "lib/x.rb", "view_range": [1, 9]}, "lib/x.rb"),
    ("mcp__filesystem__read_text_file", {"path": "docs/Plan B.md", "head": 5}, "docs/Plan B.md"),
    ("fs_read", {"uri": "file:///repo/My%20Notes.md"}, "/repo/My Notes.md"),
    ("get_file_contents", {"owner": "acme", "repo": "shop", "path": "api/orders.go"}, "api/orders.go"),
    ("read_file", {"path": "C:\\proj\\src\\app.py"}, "C:\\proj\\src\\app.py"),
    ("bash", {"command": "cat -n src/ledger.py"}, "src/ledger.py"),
    ("bash", {"command": "head -n 40 ./src/ledger.py"}, "src/ledger.py"),
    ("bash", {"command": "sed -n '1,120p' src/ledger.py"}, "src/ledger.py"),
    ("bash", {"command": "nl -ba src/ledger.py | sed -n '30,90p'"}, "src/ledger.py"),
    ("bash", {"command": "grep -n 'def retry' src/ledger.py"}, "src/ledger.py"),
    ("run_shell", {"cmd": "cd /repo && tail -n 20 logs/app.log"}, "logs/app.log"),
    ("terminal", {"command": 'less "docs/Design Notes.md"'}, "docs/Design Notes.md"),
    ("shell", {"command": ["bash", "-lc", "sed -n '1,200p' src/ledger.py"]}, "src/ledger.py"),
    ("exec_command", {"argv": ["cat", "docs/Release Plan.md"]}, "docs/Release Plan.md"),
    ("powershell", {"command": 'Get-Content "C:\\My Docs\\plan.md" -TotalCount 5'}, "C:\\My Docs\\plan.md"),
    ("cmd", {"command": "type C:\\proj\\config\\settings.ini"}, "C:\\proj\\config\\settings.ini"),
]  # fmt: skip


@pytest.mark.parametrize(("tool", "args", "path"), READS)
def test_a_file_read_any_way_is_a_file_read(tool: str, args: dict[str, object], path: str) -> None:
    call = ToolCall("c1", tool, json.dumps(args))
    assert call_reads(call) == [path]
    msgs = with_ids(
        [Message.user("Fix the export."), Message("assistant", (call,)), Message.tool("c1", "x")]
    )
    assert digest(msgs).items("Files read") == [path]


@pytest.mark.parametrize(
    "command",
    [
        "sed -i 's/a/b/' src/app.py",  # an edit in place
        "cat <<EOF > notes.md",  # a heredoc writes
        "type python",  # bash's type names a command
        "grep -rn retry src/",  # a directory searched
        "pytest -q tests/test_app.py",  # a run, not a read
        "head of the doc",  # a heredoc's line of prose
        "cat src/*.py",  # a glob
    ],
)
def test_shell_commands_that_read_no_file(command: str) -> None:
    assert shell_reads(command) == []


def test_a_write_call_reads_nothing() -> None:
    write = ToolCall("c", "str_replace_based_edit_tool", '{"command": "create", "path": "a.py"}')
    assert call_reads(write) == []
    assert call_reads(ToolCall("c", "bash", '{"command": "cat a.py > b.py"}')) == ["a.py"]


# tools named in no language the lexicon knows, with keys in that language too: whether a
# call read a file is told by its shape (redteam19 RT19-R1: a read tool's files were never
# under "Files read")
_CONTENTS = "def total(rows):\n    return sum(r.amount for r in rows)\n\nTAX = 0.16\n"
_SHAPED = [
    # (tool, arguments, its result, the files it read)
    ("soma_faili", {"njia": "app/hesabu.py"}, _CONTENTS, ["app/hesabu.py"]),  # Swahili
    ("faila_lasitajs", {"cels": "conf/serveris.toml"}, "[server]\nport = 8443\nworkers = 4\n",
     ["conf/serveris.toml"]),  # Latvian, a key no list knows
    ("tiedosto_nayta", {"x": "docs/ohje.md"},
     "Ohje: asenna riippuvuudet ennen ensimmäistä ajoa ja käynnistä palvelu uudelleen.",
     ["docs/ohje.md"]),  # one long line that does not name the file
    ("futa_faili", {"njia": "app/zamani.py"}, "imefutwa app/zamani.py", []),  # an acknowledgement
    ("soma_faili", {"njia": "app/haipo.py"}, "Error: no such file", []),  # the read failed
    ("hifadhi", {"njia": "app/hesabu.py", "content": "x = 1\n"}, "ok, 6 bytes", []),  # a write
    # what did something else to a path (review15 R15-RC1): a delete that lists what it
    # removed, an upload to a URI, a move (two paths), a linter's findings on the file
    ("hapus", {"lokasi": "tmp/cache"},
     "removed tmp/cache/a.bin\nremoved tmp/cache/b.bin\nremoved tmp/cache/c.bin", []),
    ("unggah", {"berkas": "reports/q3.pdf", "tujuan": "s3://bucket/q3.pdf"},
     "uploaded 2.1 MB in 0.8 s, etag 7d3f9a2c11b0e4f5a6b7c8d9e0f1a2b3", []),
    ("presun", {"z": "docs/old.md", "do": "docs/archive/old.md"}, "OK\nsource removed\n1 file moved", []),
    ("granska", {"fil": "main.py"}, "main.py:3:1: F401 'os' imported but unused", []),
]  # fmt: skip


def test_a_read_is_told_by_its_shape_whatever_the_tool_is_called() -> None:
    from contextledger.compaction.tool_calls import reads_by_shape

    for tool, args, result, read in _SHAPED:
        assert reads_by_shape(ToolCall("c", tool, json.dumps(args)), result) == read, tool


def test_a_file_read_by_a_tool_named_in_any_language_is_under_files_read() -> None:
    msgs: list[Message] = [Message.user("Rekebisha hesabu ya kodi.")]
    for k, (tool, args, result, _) in enumerate(_SHAPED[:5]):
        call = ToolCall(f"c{k}", tool, json.dumps(args))
        msgs += [Message("assistant", (call,)), Message.tool(f"c{k}", result)]
    d = digest(with_ids(msgs))
    assert d.items("Files read") == ["app/hesabu.py", "conf/serveris.toml", "docs/ohje.md"]
    assert not any("hesabu.py" in a for a in d.items("Actions taken"))  # not an action too
    assert d.items("Failures") == ["soma_faili: Error: no such file"]  # the read that failed


@pytest.mark.parametrize(
    ("name", "reads"),
    [("komut_calistir", False), ("catalog_search", False), ("listele_dosyalar", False),
     ("readFile", True), ("viewfile", True), ("leer_archivo", True), ("fileRead", True)],
)  # fmt: skip
def test_a_read_tool_is_named_by_whole_words(name: str, reads: bool) -> None:
    """ "calistir" (Turkish: run) holds "list"; a read word must be a word of the name."""
    from contextledger.compaction.tool_calls import is_read_call

    assert is_read_call(ToolCall("c", name, '{"path": "a/b.txt"}')) is reads


@given(
    st.lists(st.sampled_from(["src", "My Docs", "lib", "a-b", "x.y"]), min_size=0, max_size=3),
    st.sampled_from(["app.py", "Design Notes.md", "config.yaml", "Makefile", ".env"]),
    st.sampled_from(["cat", "head -n 5", "tail -n 5", "sed -n 1,9p", "grep -n foo", "less"]),
)
def test_a_quoted_path_is_read_back_as_typed(dirs: list[str], name: str, program: str) -> None:
    path = "/".join([*dirs, name])
    assert shell_reads(f"{program} {shlex.quote(path)}") == [path]
    assert shell_reads(f"bash -lc {shlex.quote(f'{program} {shlex.quote(path)}')}") == [path]


@given(st.text(max_size=200))
def test_shell_reads_never_raises_and_names_files(text: str) -> None:
    assert all(looks_like_file(p) for p in shell_reads(text))


def test_files_the_user_attached_or_pasted_were_read() -> None:
    attached = Message.user(Text("See attached."), FileAttachment("config/app.yaml", text="a: 1"))
    assert user_files(attached) == ["config/app.yaml"]
    pasted = "Here's src/ledger.py from my machine:\n```python\nreturn x * 2\n```\nIt fails."
    assert pasted_files(pasted) == ["src/ledger.py"]
    assert pasted_files("```src/cli.py\nx = 1\n```") == ["src/cli.py"]
    d = digest(with_ids([Message.user("Fix the export."), Message.user(pasted), attached]))
    assert d.items("Files read") == ["src/ledger.py", "config/app.yaml"]
    # a pasted file's lines are not things the user said
    assert "return x * 2" not in render_digest(d, 4000)


def test_attachments_read_back_from_every_provider_format() -> None:
    anthropic = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Why does this fail?"},
                    {
                        "type": "document",
                        "title": "config/app.yaml",
                        "source": {"type": "text", "media_type": "text/plain", "data": "a: 1"},
                    },
                ],
            }
        ]
    }
    msgs = with_ids(providers.read_messages(anthropic))
    assert digest(msgs).items("Files read") == ["config/app.yaml"]


class _Session:
    def __init__(self) -> None:
        self.msgs: list[Message] = [Message.user("Fix the refund double count in the export.")]
        self.n = 0

    def read(self, path: str, verdict: str = "Noted.") -> None:
        self.n += 1
        cid = f"r{self.n}"
        call = ToolCall(cid, "read_file", json.dumps({"path": path}))
        self.msgs += [Message("assistant", (call,)), Message.tool(cid, "x = 1\n" * 30)]
        self.msgs.append(Message.assistant(verdict))

    def run(self, command: str, output: str) -> None:
        self.n += 1
        cid = f"b{self.n}"
        call = ToolCall(cid, "bash", json.dumps({"command": command}))
        self.msgs += [Message("assistant", (call,)), Message.tool(cid, output)]


def test_the_reads_that_mattered_come_first() -> None:
    s = _Session()
    for k in range(30):
        s.read(f"src/misc/helper_{k}.py")
    s.run("ruff check src", "All checks passed!")
    s.read("src/export/refunds.py")
    s.run("pytest -q tests/test_export.py", "FAILED tests/test_export.py::test_refund\nexit code 1")
    for k in range(30, 40):
        s.read(f"src/misc/helper_{k}.py")
    s.read("src/export/rounding.py", "The rounding mode is set in that module.")
    s.read("src/misc/legacy.py", "Read it, nothing to change there.")
    s.msgs.append(Message.user("Also look at src/export/totals.py please."))
    s.read("src/export/totals.py")
    d = digest(with_ids(s.msgs))
    order = fill_order(d, "Files read")
    assert order[:3] == ["src/export/totals.py", "src/export/refunds.py", "src/export/rounding.py"]
    assert "src/misc/legacy.py" in d.noise["Files read"]  # what the assistant needed no more
    recap = render_digest(d, 600)
    line = next(ln for ln in recap.splitlines() if ln.startswith("Files read:"))
    assert all(p in line for p in order[:3])
    assert line.endswith("more in the record)")


def test_compaction_reports_what_the_recap_left_out_and_where() -> None:
    s = _Session()
    for k in range(120):
        s.read(f"src/module_{k}/implementation_{k}.py")
    msgs = with_ids([*s.msgs, *[Message.user("go on") for _ in range(12)]])
    out = Conversation.from_messages(list(msgs)).compact(
        OfflineSummarizer(), CompactionPolicy(max_reply_bytes=2_000), force=True
    )
    assert out.event is not None
    note = next(r for r in out.report if r.startswith("the recap left out, for room"))
    left = int(note.split(": ", 1)[1].split(" files read")[0])
    shown = parse_digest(out.event.recap_text).items("Files read")
    assert left + len(shown) == 120
    assert note.endswith(f"messages {out.event.covers[0]} to {out.event.covers[-1]}")


def test_left_out_note_counts_each_section() -> None:
    recap = "Files read: a.py (+3 more in the record)\nCommands run: (+2 more in the record)"
    note = left_out_note(recap, ("m1", "m7"))
    assert note == (
        "the recap left out, for room: 3 files read, 2 commands run; "
        "all of it is in the record, messages m1 to m7"
    )
    assert left_out_note("Goal: x", ("m1",)) is None


def test_a_doubted_file_leaves_alone_not_with_its_line() -> None:
    d = Digest({"Files read": ["a.py", "b.py", "c.py"], "Commands run": ["`cat b.py`"]})
    kept = leaving_out(d, {"b.py"}, ["a.py, b.py, c.py"])
    assert kept.items("Files read") == ["a.py", "c.py"]
    assert kept.items("Commands run") == ["`cat b.py`"]  # not in what verification removed


def test_parse_digest_reads_files_back_without_the_count() -> None:
    d = parse_digest("Files read: a.py, b.py (+4 more in the record)")
    assert d.items("Files read") == ["a.py", "b.py"]


def test_next_step_is_not_labelled_twice() -> None:
    msgs = with_ids(
        [
            Message.user("Fix the export."),
            Message.assistant("Next step: add a metric for retries exhausted."),
            Message.user("ok"),
        ]
    )
    recap = render_digest(digest(msgs), 2000)
    assert "Next step: add a metric for retries exhausted." in recap
    assert "Next step: Next step" not in recap


@pytest.mark.parametrize("said", ["Next step.", "Next up!"])
def test_a_plan_naming_no_step_is_no_next_step(said: str) -> None:
    msgs = with_ids([Message.user("Fix the export."), Message.assistant(said), Message.user("ok")])
    assert "Next step" not in render_digest(digest(msgs), 2000)


def test_files_that_mattered_get_room_before_a_third_command() -> None:
    s = _Session()
    s.msgs.append(Message.user("The runbook is docs/runbooks/cache.md, read it first."))
    s.read("docs/runbooks/cache.md")
    for k in range(40):
        s.run(f"kubectl rollout restart deployment/svc-{k} -n apps", "restarted")
    recap = render_digest(digest(with_ids(s.msgs)), 900)
    assert "Files read: docs/runbooks/cache.md" in recap


def test_a_command_that_only_shows_files_is_looking_around() -> None:
    s = _Session()
    s.run("bash -lc \"sed -n '1,200p' src/a.py\"", "x = 1")
    s.run("cd api && nl -ba b.py | head -n 40", "x = 2")
    s.run("cat a.py && pytest -q", "1 passed")
    d = digest(with_ids(s.msgs))
    assert d.noise["Commands run"] == {
        "`bash -lc \"sed -n '1,200p' src/a.py\"`",
        "`cd api && nl -ba b.py | head -n 40`",
    }
    assert d.items("Files read") == ["src/a.py", "b.py", "a.py"]


def test_a_chain_that_runs_something_is_no_look_around() -> None:
    s = _Session()
    s.run("cd api && pytest -q", "1 passed")
    assert "Commands run" not in digest(with_ids(s.msgs)).noise


_PIECES = ["src", "sql", "ledger", "a", ".py", ".md", "/", ".", "-", "_x", " ", ":", ",", "\\"]


@given(
    st.lists(st.sampled_from(_PIECES), max_size=14).map("".join),
    st.lists(st.sampled_from(_PIECES), min_size=1, max_size=6).map("".join),
)
def test_names_read_once_find_what_a_search_per_file_finds(text: str, path: str) -> None:
    """The user's words are read once for every name they hold (a record of thousands of
    files read took minutes searching the whole text once per file); what they name is
    what a search per file finds."""
    parts = path.replace("\\", "/").split("/")
    named = [path, parts[-1], "/".join(parts[:-1]) + "/"]
    for n in named:
        said = bool(re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", text))
        if re.fullmatch(r"[\w./-]+", n):
            assert (n in names_in(text)) == said, n

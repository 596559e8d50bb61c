"""CLI: sessions, repair, normalize and media sweep, run through click."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from click.testing import CliRunner

import contextledger.cli.store  # noqa: F401  (registers the commands on main)
from builders import png
from contextledger.cli import main
from contextledger.model import Image, InlineData, Message, ToolCall
from contextledger.storage.sessions import SessionStore


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def seeded(tmp_path: Path) -> Path:
    db = tmp_path / "s.db"
    with SessionStore(db) as store:
        store.create("chat")
        store.append("chat", [
            Message.user("see", Image("image/png", data=InlineData.from_bytes(png(10, 10)))),
            Message.assistant(ToolCall("c1", "ls")),
        ])  # fmt: skip
    return db


def test_sessions_list_show_export_import(tmp_path: Path) -> None:
    db = seeded(tmp_path)
    code, out = run("sessions", "list", "--store", str(db))
    assert code == 0 and "chat" in out
    code, out = run("sessions", "show", "chat", "--store", str(db))
    assert code == 0 and "synthesized_result" in out
    code, out = run("sessions", "show", "chat", "--store", str(db), "--json")
    assert json.loads(out)["repair"][0]["kind"] == "synthesized_result"
    export = tmp_path / "chat.jsonl"
    code, _ = run("sessions", "export", "chat", "--store", str(db), "-o", str(export))
    assert code == 0 and export.read_text().count("\n") == 2
    code, out = run("sessions", "import", str(export), "--name", "copy", "--store", str(db))
    assert code == 0 and "imported 2" in out
    code, out = run("sessions", "show", "nope", "--store", str(db))
    assert code != 0 and "no session named 'nope'" in out


def test_repair_openai_file_with_json_report(tmp_path: Path) -> None:
    broken = [
        {"role": "user", "content": [{"type": "text", "text": "look"}]},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "ls", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "ghost", "content": "stray"},
    ]  # fmt: skip
    f = tmp_path / "broken.json"
    f.write_text(json.dumps(broken))
    code, out = run("repair", str(f), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "openai"
    # in input order: the call (message 1) was answered, the stray result (message 2) removed
    assert [c["kind"] for c in data["changes"]] == ["synthesized_result", "orphan_result"]
    assert data["messages"][-1]["tool_call_id"] == "c1"
    code, out = run("repair", str(f))
    assert code == 0 and "2 repair(s)" in out


def test_repair_reports_bad_input_clearly(tmp_path: Path) -> None:
    f = tmp_path / "bad.json"
    f.write_text("{not json")
    code, out = run("repair", str(f))
    assert code != 0 and "bad.json" in out


def test_normalize_batch_writes_outputs(tmp_path: Path) -> None:
    big, small = tmp_path / "big.png", tmp_path / "small.png"
    big.write_bytes(png(2600, 1300))
    small.write_bytes(png(100, 50))
    out_dir = tmp_path / "out"
    code, out = run("normalize", str(big), str(small), "--out", str(out_dir), "--model", "gpt-4o")
    assert code == 0 and "big.png" in out
    assert (out_dir / "big.webp").exists()
    assert (out_dir / "small.png").read_bytes() == small.read_bytes()


def test_normalize_bad_file_fails_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "notes.png"
    bad.write_text("hello")
    code, out = run("normalize", str(bad))
    assert code == 2 and "notes.png" in out


def test_media_sweep_keeps_referenced(tmp_path: Path) -> None:
    db = seeded(tmp_path)
    with SessionStore(db) as store:
        stray = store.media.put(png(3, 3, "red"), "image/png").ref
        old = time.time() - 30 * 86400
        for ref in [stray, *store.refs()]:
            os.utime(store.media.path(ref), (old, old))
        kept = store.refs()
    code, out = run("media", "sweep", "--store", str(db), "--dry-run")
    assert code == 0 and f"would remove {stray}" in out
    code, out = run("media", "sweep", "--store", str(db))
    assert code == 0 and "removed 1" in out
    with SessionStore(db) as store:
        assert not store.media.exists(stray)
        assert all(store.media.exists(r) for r in kept)


def test_repair_cli_takes_unknown_roles_and_leaves_untouched_messages_as_they_were(
    tmp_path: Path,
) -> None:
    import json

    from click.testing import CliRunner

    from contextledger.cli import main

    msgs = [
        {"role": "user", "content": [{"type": "text", "text": "look"}, {"type": "image_url", "image_url": {"url": "https://x/y.png"}}]},
        {"role": "narrator", "content": "x"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "run", "arguments": "{}"}}]},
        {"role": "user", "content": "next"},
    ]  # fmt: skip
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(msgs))
    res = CliRunner().invoke(main, ["repair", str(path), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    out = data["messages"]
    assert out[0] == msgs[0] and out[1] == msgs[2] and out[-1] == msgs[3]  # untouched, verbatim
    assert out[2]["role"] == "tool" and out[2]["tool_call_id"] == "c1"
    assert [c["kind"] for c in data["changes"]] == ["unknown_role", "synthesized_result"]


def test_cli_rough_edges_from_review(tmp_path: Path) -> None:
    """Regressions: read-only commands never create a store at a mistyped path; `show`
    prints markup-like text as text; not-a-conversation JSON is refused; import is atomic."""
    from click.testing import CliRunner

    from contextledger.cli import main

    typo = tmp_path / "typo" / "x.db"
    res = CliRunner().invoke(main, ["sessions", "show", "s", "--store", str(typo)])
    assert res.exit_code != 0 and not typo.exists()
    assert CliRunner().invoke(main, ["sessions", "list", "--store", str(typo)]).exit_code == 0

    jsonl = tmp_path / "a.jsonl"
    jsonl.write_text('{"role":"user","content":"look [/b] here [bold]x[/bold]"}\n')
    db = tmp_path / "s.db"
    assert (
        CliRunner()
        .invoke(
            main,
            [
                "sessions",
                "import",
                str(jsonl),
                "--name",
                "s",
                "--store",
                str(db),
                "--format",
                "openai",
            ],
        )
        .exit_code
        == 0
    )
    shown = CliRunner().invoke(main, ["sessions", "show", "s", "--store", str(db)])
    assert shown.exit_code == 0 and "[/b]" in shown.output

    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"role":"user","content":"ok"}\n{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/bmp;base64,Qk0="}}]}\n'
    )
    res = CliRunner().invoke(
        main,
        ["sessions", "import", str(bad), "--name", "b", "--store", str(db), "--format", "openai"],
    )
    assert res.exit_code != 0
    listed = CliRunner().invoke(main, ["sessions", "list", "--store", str(db), "--json"])
    assert '"b"' not in listed.output  # nothing half-imported

    foo = tmp_path / "foo.json"
    foo.write_text('{"foo": [1, 2]}')
    res = CliRunner().invoke(main, ["repair", str(foo)])
    assert res.exit_code != 0 and "not a conversation" in res.output


# --- a new user's findings (#13) -----------------------------------------------------


def test_import_takes_a_json_array_as_well_as_jsonl(tmp_path: Path) -> None:
    conv = tmp_path / "conversation.json"
    conv.write_text(json.dumps([{"role": "system", "content": "Be terse."},
                                {"role": "user", "content": "hi"},
                                {"role": "assistant", "content": "hello"}], indent=2))  # fmt: skip
    db = tmp_path / "s.db"
    code, out = run("sessions", "import", str(conv), "--name", "copy", "--store", str(db))
    assert code == 0 and "imported 3 message(s)" in out, out
    code, out = run("sessions", "show", "copy", "--store", str(db), "--json")
    assert [m["role"] for m in json.loads(out)["messages"]] == ["system", "user", "assistant"]


def test_read_only_commands_on_a_fresh_install_create_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {"CONTEXTLEDGER_HOME": str(home), "CONTEXTLEDGER_STORE": None}
    runner = CliRunner()
    res = runner.invoke(main, ["sessions", "list", "--json"], env=env)
    assert res.exit_code == 0 and json.loads(res.stdout)["sessions"] == []
    res = runner.invoke(main, ["media", "sweep"], env=env)
    assert res.exit_code == 0 and "nothing to sweep" in res.output
    for args in (["sessions", "show", "x"], ["sessions", "export", "x"]):
        res = runner.invoke(main, args, env=env)
        assert res.exit_code == 1 and "nothing has been stored yet" in res.stderr, res.output
        assert "Traceback" not in res.output
    assert not home.exists() or not any(home.rglob("*.db"))


def test_normalize_bad_image_prints_no_empty_table(tmp_path: Path) -> None:
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not an image")
    res = CliRunner().invoke(main, ["normalize", str(bad)])
    assert res.exit_code == 2 and "┏" not in res.output and "bad.png" in res.stderr


def test_normalize_json_and_80_columns(tmp_path: Path) -> None:
    from builders import jpeg_with_orientation

    photo = tmp_path / "photo.jpg"
    photo.write_bytes(jpeg_with_orientation(4000, 3000, 6))
    res = CliRunner().invoke(main, ["normalize", str(photo), "-m", "claude-opus-4-7", "--json"])
    assert res.exit_code == 0, res.output
    (row,) = json.loads(res.stdout)["images"]
    assert (row["width_before"], row["height_before"]) == (3000, 4000)
    res = CliRunner().invoke(main, ["normalize", str(photo)], env={"COLUMNS": "80"})
    lines = res.stdout.splitlines()
    assert max(len(ln) for ln in lines) <= 80 and len(lines) < 12, res.stdout

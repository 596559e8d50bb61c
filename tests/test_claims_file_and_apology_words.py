"""Honest recap lines that only looked like claims of another kind (review45 R45-ver2): Malay's
"fail" is "file" ("Saya telah menulis fail reports/x.py." claims a write, no failure), and
Japanese "すみません" (sorry) holds "ません" without denying anything: a user's correction
opened by an apology, said back, is no opposite of itself."""

from __future__ import annotations

import json

from contextledger import Message, read_messages
from contextledger.compaction import verify_recap
from contextledger.model import ToolCall


def _stands(line: str, msgs: list[Message]) -> bool:
    recap = f"Goal: Tidy the export job.\nActions taken:\n- {line}"
    v = verify_recap(recap, msgs, mode="strip", max_bytes=4000, context=msgs)
    return line in v.text


def test_malay_fail_before_a_path_is_a_file_not_a_failure() -> None:
    call = ToolCall(
        "c1", "write_file", json.dumps({"path": "config/export.yaml", "content": "a: 1"})
    )
    msgs = [
        Message.user("Tolong kemas kini konfigurasi eksport."),
        Message("assistant", (call,)),
        Message.tool("c1", "ok"),
        Message.assistant("Siap, konfigurasi telah dikemas kini."),
    ]
    assert _stands("Saya telah menulis fail config/export.yaml.", msgs)


def test_a_correction_opened_by_an_apology_said_back_stands() -> None:
    msgs = list(
        read_messages(
            [
                {"role": "user", "content": "エクスポート処理を整理してください。"},
                {"role": "assistant", "content": "承知しました。MySQLで進めます。"},
                {
                    "role": "user",
                    "content": "すみません、気が変わりました。MySQLではなくPostgreSQLを使ってください。",
                },
                {"role": "assistant", "content": "了解です。PostgreSQLに切り替えます。"},
            ]
        )
    )
    line = "User: すみません、気が変わりました。MySQLではなくPostgreSQLを使ってください。"
    recap = f"Goal: エクスポート処理を整理する。\nConstraints and corrections:\n- {line}"
    v = verify_recap(recap, msgs, mode="strip", max_bytes=4000, context=msgs)
    assert line in v.text


def test_a_malay_file_said_updated_that_was_only_read_is_caught() -> None:
    """With "fail" read as "file", the Malay passive "telah dikemas kini" (has been updated)
    must be read as the write it claims (review45 R45-ver1: caught only while "Fail" was
    taken for a failure)."""
    call = ToolCall("c1", "read_file", json.dumps({"path": "config/limits.yaml"}))
    msgs = [
        Message.user("Semak had dalam konfigurasi."),
        Message("assistant", (call,)),
        Message.tool("c1", "max_rows: 500"),
        Message.assistant("Had ialah 500 baris."),
    ]
    assert not _stands("Fail config/limits.yaml telah dikemas kini.", msgs)

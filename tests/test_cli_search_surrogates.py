"""A stored message holding a lone surrogate (a truncated emoji: imports keep it as it came)
never breaks a search, and a non-finite number given to an option is a usage error, not a crash
(R32-C1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from contextledger.cli import main
from contextledger.storage.sessions import SessionStore


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_search_finds_words_beside_a_stored_lone_surrogate(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    ok, broken = tmp_path / "ok.json", tmp_path / "broken.json"
    ok.write_text('[{"role": "user", "content": "deploy the parser"}]')
    broken.write_text('[{"role": "user", "content": "thanks \\ud83d parser"}]')
    assert cli("sessions", "import", str(ok), "--name", "ok", "--store", db)[0] == 0
    assert cli("sessions", "import", str(broken), "--name", "broken", "--store", db)[0] == 0
    code, out = cli("sessions", "search", "parser", "--store", db)
    assert code == 0 and "2 message(s)" in out, out
    code, out = cli("sessions", "search", "thanks", "--store", db)
    assert code == 0 and "1 message(s)" in out, out
    with SessionStore(db) as store:  # the record keeps what came; only the index is cleaned
        assert store.load("broken").messages[0].text == "thanks \ud83d parser"
        assert [h.session for h in store.search("thanks \ud83d")] == ["broken"]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "1e300"])
def test_a_number_that_is_no_age_is_a_usage_error(value: str, tmp_path: Path) -> None:
    code, out = cli("media", "sweep", "--store", str(tmp_path / "s.db"), "--min-age-days", value)
    assert code == 2 and "--min-age-days" in out, out


@pytest.mark.parametrize("option", ["--max-request-mb", "--store-timeout"])
def test_serve_refuses_nan(option: str) -> None:
    code, out = cli("serve", option, "nan")
    assert code == 2 and option in out, out


def test_a_session_name_from_undecodable_bytes_is_refused_in_one_line(tmp_path: Path) -> None:
    """A shell passes undecodable bytes (``$'\\xff'``) as a lone surrogate: neither database
    can store it as a name, so rename and import refuse it, nothing changes (R33-C1)."""
    db = str(tmp_path / "s.db")
    history = tmp_path / "h.json"
    history.write_text('[{"role": "user", "content": "hi"}]')
    assert cli("sessions", "import", str(history), "--name", "ok", "--store", db)[0] == 0
    code, out = cli("sessions", "rename", "ok", "\udcff", "--store", db)
    assert code == 1 and "'\\udcff' is not valid UTF-8" in out and "Traceback" not in out, out
    code, out = cli("sessions", "import", str(history), "--name", "x\udcff", "--store", db)
    assert code == 1 and "not valid UTF-8" in out, out
    code, out = cli("chat", "--model", "gpt-4o", "--session", "\udcff", "--store", db, "hi")
    assert code != 0 and "not valid UTF-8" in out and "unexpected" not in out, out
    with SessionStore(db) as store:
        assert [s.name for s in store.list()] == ["ok"]

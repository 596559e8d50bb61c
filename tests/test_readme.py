"""The README's Python examples run as written (documentation that lies is worse than none)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


def test_readme_examples_run_in_order() -> None:
    namespace: dict[str, object] = {"__name__": "readme"}  # later examples reuse earlier names
    assert BLOCKS
    for code in BLOCKS:
        exec(compile(code, str(README), "exec"), namespace)


def test_readme_starts_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    commands = [ln.split("#")[0].strip() for ln in lines[:6] if ln.startswith("make ")]
    assert commands == ["make demo", "make test"]


#: The CLI section's examples run on a fresh clone; later sections show deployments (a
#: PostgreSQL server, an S3 bucket) that a clone does not have.
CLI_SECTION = README.read_text(encoding="utf-8").split("\n## CLI\n", 1)[1].split("\n## ", 1)[0]
SHELL_BLOCKS = re.findall(r"```sh\n(.*?)```", CLI_SECTION, re.DOTALL)
#: Run elsewhere: the tour has its own tests, chat needs a provider (tests/test_cli_chat*.py).
NOT_RUN_HERE = ("contextledger demo", "contextledger chat")


def _shell_commands() -> list[str]:
    """Every command line of the CLI section's ``sh`` blocks, then every
    ``$ contextledger …`` shown there with its output, in README order."""
    lines = [ln.strip() for block in SHELL_BLOCKS for ln in block.splitlines() if ln.strip()]
    shown = re.findall(r"^\$ (contextledger .*)$", CLI_SECTION, re.M)
    return lines + shown


def test_readme_shell_examples_run_as_written_on_a_fresh_clone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a copy of the clone's ``examples/`` with an empty data directory: each line
    exits 0 (the ``python -c`` line runs with this interpreter, the rest through click)."""
    import shutil
    import subprocess
    import sys

    from click.testing import CliRunner

    from contextledger.cli import main

    shutil.copytree(README.parent / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    env = {"CONTEXTLEDGER_HOME": str(tmp_path / "home"), "CONTEXTLEDGER_STORE": None,
           "CONTEXT_COMPACTION": None, "COLUMNS": "80"}  # fmt: skip
    commands = _shell_commands()
    assert len(commands) >= 10
    for line in commands:
        argv = shlex.split(line)
        if argv[0] == "python":
            subprocess.run([sys.executable, *argv[1:]], check=True, cwd=tmp_path)
            continue
        assert argv[0] == "contextledger", line
        if line.startswith(NOT_RUN_HERE):
            continue
        res = CliRunner().invoke(main, argv[1:], env=env)
        assert res.exit_code == 0, f"{line}\n{res.output}"
        assert "Traceback" not in res.output, line
    assert (tmp_path / "demo.jsonl").is_file() and any((tmp_path / "out").iterdir())


def test_readme_table_examples_name_shipped_files() -> None:
    text = README.read_text(encoding="utf-8")
    for path in re.findall(r"(examples/[\w.]+)", text):
        assert (README.parent / path).is_file(), path


DOCS = sorted((README.parent / "docs").glob("*.md"))


@pytest.mark.parametrize("page", [README, *DOCS], ids=lambda p: p.name)
def test_every_relative_link_names_a_file_that_exists(page: Path) -> None:
    """The README sends readers to docs/ for the detail; a moved or renamed page must not
    leave a dead link behind."""
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8"))
    local = [link for link in links if "://" not in link]
    missing = [link for link in local if not (page.parent / link).exists()]
    assert not missing, f"{page.name} links to missing files: {missing}"


def test_the_readme_links_every_docs_page() -> None:
    text = README.read_text(encoding="utf-8")
    unlinked = [p.name for p in DOCS if f"docs/{p.name}" not in text]
    assert not unlinked, f"docs pages no README link reaches: {unlinked}"

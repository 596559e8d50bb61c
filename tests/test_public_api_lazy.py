"""The lazy packages (``contextledger``, ``contextledger.compaction``) keep their public API:
every name importable, the run-time table, ``__all__`` and the imports type checkers read
agree, and a submodule named like an exported function (``contextledger.fit``, ``.repair``,
``.prepare``) never hides the function."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import contextledger
from contextledger import compaction

LAZY = [contextledger, compaction]


def _type_checking_imports(package: types.ModuleType) -> set[tuple[str, str]]:
    """(relative module, name) of every import under ``if TYPE_CHECKING:`` in ``__init__``."""
    tree = ast.parse(Path(package.__file__ or "").read_text("utf-8"))
    found: set[tuple[str, str]] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom)
                found |= {("." * imp.level + (imp.module or ""), a.name) for a in imp.names}
    return found


@pytest.mark.parametrize("package", LAZY, ids=lambda p: p.__name__)
def test_the_table_all_and_the_type_checking_imports_agree(package: types.ModuleType) -> None:
    homes = {(module, name) for module, names in package._HOMES.items() for name in names}
    assert homes == _type_checking_imports(package)
    assert sorted(name for _, name in homes) == sorted(package.__all__)
    assert set(package.__all__) <= set(dir(package))


@pytest.mark.parametrize("package", LAZY, ids=lambda p: p.__name__)
def test_every_name_resolves_to_its_definition(package: types.ModuleType) -> None:
    for module, names in package._HOMES.items():
        home = importlib.import_module(module, package.__name__)
        for name in names:
            assert getattr(package, name) is getattr(home, name), name
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = package.nope


def test_exported_functions_survive_importing_their_submodules() -> None:
    submodules = {m.name for m in pkgutil.iter_modules(contextledger.__path__, "contextledger.")}
    clashing = sorted(n for n in contextledger.__all__ if f"contextledger.{n}" in submodules)
    assert clashing == ["fit", "prepare", "repair"]
    for name in clashing:
        module = importlib.import_module(f"contextledger.{name}")
        assert getattr(contextledger, name) is getattr(module, name), name
    for name in contextledger.__all__:
        assert not isinstance(getattr(contextledger, name), types.ModuleType), name


def test_a_submodule_imported_first_does_not_hide_its_function() -> None:
    """In a fresh process the submodule is imported before the name is ever looked up: the
    order that would bind the module as ``contextledger.repair``."""
    code = (
        "import contextledger.repair, contextledger\n"
        "from contextledger import repair\n"
        "print(contextledger.repair is repair is contextledger.repair.__globals__['repair'])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "True"


def test_every_submodule_is_an_attribute_as_before() -> None:
    """The eager package imported all its submodules; code that reads one as an attribute
    after ``import contextledger`` (``contextledger.catalog.cost_in_dollars``, the README's
    ``contextledger.client.send``) keeps working: in a fresh process, where nothing else
    imported them first, and for every submodule here."""
    code = (
        "import contextledger\n"
        "print(contextledger.catalog.__name__, contextledger.client.send.__name__,\n"
        "      contextledger.compaction.digest.__name__)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == [
        "contextledger.catalog",
        "send",
        "contextledger.compaction.digest",
    ]
    for package in LAZY:
        for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            name = module.name.rpartition(".")[2]
            if name == "__main__":  # `python -m contextledger`'s entry point, run, never read
                continue
            value = getattr(package, name)
            if name not in package.__all__:
                assert value is sys.modules[module.name], module.name

"""Rules about how the package is laid out, checked from the source with ``ast``.

No import cycles (module-level or inside functions), one reader of the environment and
``.env`` (config.py), every exception class in errors.py, and what a fresh process imports:
``import contextledger`` nothing, ``contextledger --help`` no command, a plain fit no
compaction, a prepare without a recap no claims checker (each costs every CLI call, server
worker and subprocess test time). Test files are named by what they test.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import contextledger

PACKAGE = Path(contextledger.__file__).parent
ROOT = PACKAGE.name


def _modules() -> dict[str, tuple[Path, bool]]:
    """Dotted module name → (file, is it a package's ``__init__``)."""
    out: dict[str, tuple[Path, bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = [ROOT, *path.relative_to(PACKAGE).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


def _trees() -> Iterator[tuple[str, Path, ast.Module]]:
    for name, (path, _) in _modules().items():
        yield name, path, ast.parse(path.read_text("utf-8"), str(path))


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """``ast.walk`` without the bodies of ``if TYPE_CHECKING:``."""
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def import_graph() -> dict[str, set[str]]:
    """Every import of a module of ours that runs, wherever it stands (module level or in a
    function); imports for type checkers only (``if TYPE_CHECKING:``) never run and are left
    out. ``from . import x`` depends on the submodule ``x``; ``from .pkg import name`` on the
    package ``pkg`` unless ``name`` is its submodule; and every import on the packages above
    what it names, whose ``__init__`` runs first."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in modules.items():
        package = name if is_package else name.rpartition(".")[0]
        deps: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    source = ".".join([*base, node.module] if node.module else base)
                else:
                    source = node.module or ""
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    if sub in modules:
                        deps.add(sub)
                    elif source in modules:
                        deps.add(source)
        graph[name] = _with_packages_run_first(name, deps, modules) - {name}
    return graph


def _with_packages_run_first(
    importer: str, deps: set[str], modules: dict[str, tuple[Path, bool]]
) -> set[str]:
    """Importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` first, so a module depends on
    every package above what it imports, except the packages it sits in itself (they are already
    being initialised when it runs: a package importing its own submodules is no cycle)."""
    own = {importer.rsplit(".", n)[0] for n in range(importer.count(".") + 1)}
    out = set(deps)
    for dep in deps:
        parts = dep.split(".")
        for n in range(1, len(parts)):
            package = ".".join(parts[:n])
            if package in modules and package not in own:
                out.add(package)
    return out


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path ``[a, b, …, a]``, or None when the graph is acyclic."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        on_path = [start]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                on_path.pop()
                done.add(node)
            elif child in on_path:
                return [*on_path[on_path.index(child) :], child]
            elif child not in done:
                stack.append((child, iter(sorted(graph[child]))))
                on_path.append(child)
    return None


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    graph = import_graph()
    assert f"{ROOT}.errors" in graph[f"{ROOT}.config"]
    assert f"{ROOT}.client" in graph[f"{ROOT}.cli.chat_turn"]  # a function-level import counts
    # importing images.probe runs images/__init__ first
    assert f"{ROOT}.images" in graph[f"{ROOT}.model"]


def test_no_import_cycles() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def test_only_config_reads_the_environment_and_dotenv() -> None:
    readers: list[str] = []
    for name, path, tree in _trees():
        if name == f"{ROOT}.config":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv"):
                readers.append(f"{path.name}:{node.lineno} os.{node.attr}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dotenv"):
                readers.append(f"{path.name}:{node.lineno} dotenv")
            elif isinstance(node, ast.Constant) and node.value == ".env":
                readers.append(f"{path.name}:{node.lineno} '.env'")
    assert readers == [], "read the environment through contextledger.config: " + ", ".join(readers)


def test_every_exception_class_is_in_errors() -> None:
    from contextledger import errors

    elsewhere: list[str] = []
    for name, path, tree in _trees():
        if name == f"{ROOT}.errors":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                bases = {ast.unparse(b).rpartition(".")[2] for b in node.bases}
                if any(b.endswith(("Error", "Exception")) for b in bases):
                    elsewhere.append(f"{path.name}: {node.name}")
    assert elsewhere == [], "define exceptions in contextledger/errors.py: " + ", ".join(elsewhere)
    for value in vars(errors).values():
        if (
            isinstance(value, type)
            and issubclass(value, Exception)
            and value.__module__ == errors.__name__
        ):
            assert value.__name__ in (errors.__doc__ or ""), (
                f"{value.__name__} missing from the tree"
            )


def _fresh_process_modules(code: str) -> dict[str, list[str]]:
    """Run ``code`` in a new interpreter; it calls ``seen(label)`` to record which of our
    modules are imported at that point. Returns label -> module names."""
    prelude = (
        "import json, sys\nSEEN = {}\n"
        "def seen(label):\n"
        f"    SEEN[label] = sorted(m for m in sys.modules if m.startswith({ROOT!r}))\n"
    )
    epilogue = "\nprint(json.dumps(SEEN))"
    run = subprocess.run(
        [sys.executable, "-c", prelude + code + epilogue],
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(run.stdout.splitlines()[-1]))


def test_import_and_a_plain_fit_import_only_what_they_use() -> None:
    seen = _fresh_process_modules(
        "import contextledger\nseen('import')\n"
        "contextledger.fit([{'role': 'user', 'content': 'hi'}], 'gpt-4o')\nseen('fit')\n"
        "contextledger.prepare([{'role': 'user', 'content': 'hi'}], 'gpt-4o')\nseen('prepare')\n"
    )
    assert seen["import"] == [ROOT, f"{ROOT}.lazy_exports"]
    # A fit needs neither compaction (recaps, the claims checker) nor the CLI.
    assert [m for m in seen["fit"] if m.startswith((f"{ROOT}.compaction", f"{ROOT}.cli"))] == []
    # A prepare that writes no recap verifies none: the claims checker stays unimported.
    claims = (f"{ROOT}.compaction.claims", f"{ROOT}.compaction.verify")
    assert [m for m in seen["prepare"] if m.startswith(claims)] == []


def test_cli_help_imports_no_command() -> None:
    seen = _fresh_process_modules(
        "from contextledger.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\nseen('help')\n"
    )
    cli = [f"{ROOT}.cli", f"{ROOT}.cli.app", f"{ROOT}.cli.commands"]
    assert seen["help"] == sorted([ROOT, f"{ROOT}.lazy_exports", *cli])


def test_the_command_table_matches_the_commands() -> None:
    """``--help`` lists the summaries of cli/commands.py without importing the commands:
    each must be its command's own first sentence, and every command must be listed."""
    import importlib
    import pkgutil

    import click

    from contextledger import cli
    from contextledger.cli.app import main
    from contextledger.cli.commands import COMMANDS

    for module in pkgutil.iter_modules(cli.__path__, f"{cli.__name__}."):
        importlib.import_module(module.name)
    assert sorted(main.commands) == sorted(COMMANDS)
    ctx = click.Context(main)
    for name, entry in COMMANDS.items():
        command = main.get_command(ctx, name)
        assert command is not None
        assert entry.summary == command.get_short_help_str(10_000), name
        assert command.callback is not None
        assert command.callback.__module__ == f"{cli.__name__}.{entry.modules[0]}", name


def test_test_files_are_named_by_what_they_test() -> None:
    """A file named after the work branch that wrote it (``test_claims_verify39.py``) tells the
    next reader nothing; its docstring may say which session found the bug."""
    branch_named = re.compile(r"_(?:speed|verify|recap|retain|prov|lead|review|train)\d+\.py$")
    tests = Path(__file__).parent
    assert sorted(p.name for p in tests.glob("test_*.py") if branch_named.search(p.name)) == []

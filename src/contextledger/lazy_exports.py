"""Packages whose exported names are imported on first use, not when the package is.

``import contextledger`` used to import the whole library (the claims checker, every
provider, the regex tables of intent and recap): about a second of CPU paid by every CLI
call, server worker and subprocess before doing anything. A package made lazy here keeps
its public names (``from contextledger import fit`` works as before, ``__all__`` and
``dir()`` list them; type checkers read the ``if TYPE_CHECKING:`` imports beside the table),
but a name's module is imported only when the name is first looked up, so a plain
``fit`` never imports compaction.

Three names of the root are also the names of submodules: the function ``fit`` lives in
the package ``contextledger.fit``, ``repair`` in ``contextledger.repair``, ``prepare`` in
``contextledger.prepare``. Importing such a submodule makes Python bind it on its parent
under its own name, which would hide the function (``contextledger.fit(...)`` calling a
module). A lazy package refuses that binding for its exported names: the name stays the
function, and the submodule stays importable by its dotted path. Any other submodule is
imported when first read as an attribute (``contextledger.catalog``), as the eager package
allowed.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from collections.abc import Mapping


class LazyPackage(types.ModuleType):
    """The class of a lazy package's module object (set by :func:`make_lazy`)."""

    #: Exported name -> the module (relative to the package) that defines it.
    _lazy_homes: Mapping[str, str]

    def __getattr__(self, name: str) -> object:
        home = type(self)._lazy_homes.get(name)
        if home is None:
            return self._submodule(name)
        value = getattr(importlib.import_module(home, self.__name__), name)
        self.__dict__[name] = value  # looked up once; later reads are plain attributes
        return value

    def _submodule(self, name: str) -> types.ModuleType:
        """``contextledger.catalog`` after a bare ``import contextledger``: the eager package
        had imported every submodule, so code that reads one as an attribute keeps working."""
        full = f"{self.__name__}.{name}"
        if name.startswith("__") or importlib.util.find_spec(full) is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        return importlib.import_module(full)

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, types.ModuleType) and name in type(self)._lazy_homes:
            return  # a submodule named like an export (contextledger.fit): keep the export
        super().__setattr__(name, value)

    def __dir__(self) -> list[str]:
        return sorted(set(self.__dict__) | set(type(self)._lazy_homes))


def make_lazy(package: str, homes: Mapping[str, tuple[str, ...]]) -> None:
    """Make the (already imported) ``package`` import each exported name on first use.

    ``homes`` maps a module, relative to the package (``".fit"``), to the names it exports.
    """
    table = {name: module for module, names in homes.items() for name in names}
    module = sys.modules[package]
    # A class per package: each has its own table, and the module keeps its identity.
    module.__class__ = type("LazyPackage", (LazyPackage,), {"_lazy_homes": table})

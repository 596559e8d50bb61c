"""Every docstring example in the package runs (they are the documentation's promises)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import contextledger

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(contextledger.__path__, "contextledger.")
    if ".cli" not in name
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"

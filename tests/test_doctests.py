"""The examples of the documentation run: the package docstring and the README's engine example
are doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

import millebornes

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_package_docstring_runs() -> None:
    results = doctest.testmod(millebornes, raise_on_error=True)
    assert results.attempted >= 2


def test_the_readme_engine_example_runs() -> None:
    results = doctest.testfile(str(README), module_relative=False, raise_on_error=True)
    assert results.attempted >= 10

"""Which modules run compiled, and why an edited source never runs its old compiled self.

Installing the package compiles the engine (``deal``), the medium bot's judge, master's rollout
policy and its beliefs with mypyc where a C compiler is at hand (``setup.py``): the same source,
two to three times faster. Python imports a compiled module before the source beside it, so a
source edited after the build would silently run as it was compiled. The build records each
source's digest in ``compiled.json``. When this module is first imported (the package imports it
before anything else), every compiled module runs as plain Python if one source no longer matches
its digest, and every one when the environment sets ``MILLEBORNES_PURE=1`` (to debug, or to test
both builds).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# Kept in step with setup.py's COMPILED.
COMPILED_MODULES = (
    "millebornes.core.deal",
    "millebornes.bots.judge",
    "millebornes.bots.master.policy",
    "millebornes.bots.master.beliefs",
)
PURE_VARIABLE = "MILLEBORNES_PURE"
PLAIN = "plain Python"  # what describe() says when no module runs compiled
_ROOT = Path(__file__).resolve().parent.parent  # the folder holding the package


def _source(root: Path, module: str) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def _has_extension(root: Path, module: str) -> bool:
    source = _source(root, module)
    return any(
        source.with_name(source.stem + suffix).exists()
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def _recorded_digests(root: Path) -> dict[str, str]:
    try:
        recorded = json.loads((root / "millebornes" / "compiled.json").read_text())
    except (OSError, ValueError):
        return {}
    return recorded if isinstance(recorded, dict) else {}


def stale_modules(root: Path, pure: bool) -> list[str]:
    """The compiled modules under ``root`` (the folder holding the package) to run from their
    source: all of them if ``pure`` or if any source differs from the one compiled (or the build
    left no digest), since modules compiled together call each other natively and cannot mix
    with plain Python ones."""
    compiled = [module for module in COMPILED_MODULES if _has_extension(root, module)]
    if not compiled:  # a plain Python install: nothing to read or hash at start-up
        return []
    recorded = _recorded_digests(root)
    changed = any(
        recorded.get(module) != hashlib.sha256(_source(root, module).read_bytes()).hexdigest()
        for module in compiled
    )
    return compiled if pure or changed else []


class _SourceFinder(MetaPathFinder):
    """Finds the given modules in their ``.py`` files, ahead of the compiled ones."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(_ROOT, fullname))


def _guard() -> None:
    """Run from source the compiled modules :func:`stale_modules` names, with a warning when a
    source changed since the build (``MILLEBORNES_PURE=1`` is asked for, so it goes unsaid)."""
    pure = os.environ.get(PURE_VARIABLE, "") not in ("", "0")
    stale = stale_modules(_ROOT, pure)
    if not stale:
        return
    if not pure:
        warnings.warn(
            "millebornes: a compiled module's source changed since the build: running "
            f"{', '.join(stale)} from source, slower; `pip install -e .` compiles it again",
            stacklevel=2,
        )
    sys.meta_path.insert(0, _SourceFinder(stale))


def describe() -> str:
    """Which build this process runs (importing the compiled modules), for benchmarks to say
    what their figures measure."""
    compiled = [
        module
        for module in COMPILED_MODULES
        if not str(getattr(importlib.import_module(module), "__file__", "")).endswith(".py")
    ]
    if not compiled:
        return PLAIN
    return "compiled with mypyc: " + ", ".join(m.removeprefix("millebornes.") for m in compiled)


_guard()

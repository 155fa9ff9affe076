"""The compiled build and the plain Python one: the same play, and never a stale compiled module."""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from millebornes.compiled import COMPILED_MODULES, PURE_VARIABLE, stale_modules

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]


def built_tree(root: Path) -> dict[str, Path]:
    """A package tree under ``root`` as a build leaves it: each compiled module's source, its
    extension beside it, and the sources' digests. Returns the sources by module."""
    sources = {}
    for module in COMPILED_MODULES:
        source = root.joinpath(*module.split(".")).with_suffix(".py")
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(f"# {module}\n")
        source.with_name(source.stem + EXTENSION).write_bytes(b"")
        sources[module] = source
    digests = {m: hashlib.sha256(p.read_bytes()).hexdigest() for m, p in sources.items()}
    (root / "millebornes" / "compiled.json").write_text(json.dumps(digests))
    return sources


def test_a_fresh_build_runs_compiled(tmp_path: Path) -> None:
    built_tree(tmp_path)
    assert stale_modules(tmp_path, pure=False) == []


def test_one_edited_source_sends_every_compiled_module_to_its_source(tmp_path: Path) -> None:
    """Modules compiled together call each other natively: one stale means all run as source."""
    sources = built_tree(tmp_path)
    with sources["millebornes.bots.master.policy"].open("a") as source:
        source.write("# edited after the build\n")
    assert stale_modules(tmp_path, pure=False) == list(COMPILED_MODULES)


def test_a_build_without_digests_is_not_trusted(tmp_path: Path) -> None:
    built_tree(tmp_path)
    (tmp_path / "millebornes" / "compiled.json").write_text("not json")
    assert stale_modules(tmp_path, pure=False) == list(COMPILED_MODULES)


def test_pure_runs_every_compiled_module_from_source(tmp_path: Path) -> None:
    built_tree(tmp_path)
    assert stale_modules(tmp_path, pure=True) == list(COMPILED_MODULES)


def test_a_plain_python_install_has_nothing_to_send_back(tmp_path: Path) -> None:
    """No compiler at install time: sources alone, nothing to redirect, even when edited."""
    sources = built_tree(tmp_path)
    for source in sources.values():
        source.with_name(source.stem + EXTENSION).unlink()
        source.write_text("# edited\n")
    assert stale_modules(tmp_path, pure=False) == []


def test_the_build_compiles_the_modules_the_guard_watches() -> None:
    """setup.py cannot import the package, so it lists the compiled sources itself: the same."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "COMPILED"
    )
    assert [
        path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in listed
    ] == list(COMPILED_MODULES)


def run_pure(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, PURE_VARIABLE: "1"}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def test_pure_is_plain_python() -> None:
    shown = run_pure("-c", "from millebornes.compiled import describe; print(describe())")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == "plain Python"


@pytest.mark.slow
def test_the_plain_python_build_plays_the_golden_games() -> None:
    """The golden games (master's rollouts and challenges included) are played by whichever
    build the suite runs; here the plain Python one plays them too, move for move."""
    played = run_pure("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_golden.py")
    assert played.returncode == 0, played.stdout[-3000:]
    assert " passed" in played.stdout

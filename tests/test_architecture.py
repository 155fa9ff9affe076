"""The layers of docs/architecture.md: each module imports only its own part and the layers below
it, never a sibling part of its own layer, and the import graph has no circle; and the server's
modules stay small enough to read (one job each: docs/architecture.md, The server)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "millebornes"
# Each layer and its parts, lowest first: a part may import its own modules and the layers below
# it, never another part of its own layer.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("core", "compiled")),
    ("words", ("words",)),
    ("bots", ("bots",)),
    ("store", ("store",)),
    ("review and table", ("review", "table")),
    ("interfaces", ("tui", "web", "env", "tournament")),
    ("command line", ("cli",)),
)
RANK = {part: rank for rank, (_, parts) in enumerate(LAYERS) for part in parts}
# The public API (``from millebornes import Deal``) gathers the core's names; anything may use it.
FACADE = ""
# The server's modules: at most this many lines each, and this many lines a function.
WEB_MODULE_LINES = 500
WEB_FUNCTION_LINES = 80
# What each layer may import from outside the standard library (the core: nothing at all).
THIRD_PARTY: dict[str, frozenset[str] | None] = {
    "core": frozenset(),
    "words": frozenset({"fluent"}),
}


def part(module: str) -> str:
    """The part of the package ``module`` belongs to (``bots.master.search`` is in ``bots``)."""
    return module.split(".")[0]


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        yield ".".join(parts), path


def imports(module: str, path: Path) -> list[str]:
    """What ``module`` imports, anywhere in it (functions and type-checking blocks included):
    the package's modules by their dotted names inside it (``core.deal``; the package itself is
    ""), others by their top-level name prefixed with '!'."""
    is_package = path.name == "__init__.py"
    here = module.split(".") if module else []
    base = here if is_package else here[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name
                found.append(
                    name.removeprefix("millebornes").lstrip(".")
                    if name.split(".")[0] == "millebornes"
                    else f"!{name.split('.')[0]}"
                )
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                name = node.module or ""
                if name.split(".")[0] != "millebornes":
                    found.append(f"!{name.split('.')[0]}")
                    continue
                target = name.removeprefix("millebornes").lstrip(".").split(".")
                target = [t for t in target if t]
            else:
                target = base[: len(base) - (node.level - 1)]
                target = [*target, *(node.module.split(".") if node.module else [])]
            found.extend(_targets(target, [alias.name for alias in node.names]))
    return found


def _targets(package: list[str], names: list[str]) -> list[str]:
    """``from PACKAGE import NAMES``: each name that is a module of the package, or the package."""
    found = []
    for name in names:
        candidate = PACKAGE.joinpath(*package, name)
        if candidate.with_suffix(".py").exists() or (candidate / "__init__.py").exists():
            found.append(".".join([*package, name]))
        else:
            found.append(".".join(package))
    return found


def graph() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports."""
    return {
        module: {name for name in imports(module, path) if not name.startswith("!")} - {module}
        for module, path in modules()
    }


def arrow_problems(module: str, path: Path) -> list[str]:
    problems = []
    own = part(module)
    for name in imports(module, path):
        if name.startswith("!"):
            allowed = THIRD_PARTY.get(own if module != FACADE else "core")
            library = name[1:]
            outside = library not in sys.stdlib_module_names
            if allowed is not None and outside and library not in allowed:
                problems.append(f"{module or 'millebornes'} imports {library}")
            continue
        if name == FACADE:
            if module and RANK[own] < RANK["bots"]:
                problems.append(f"{module} imports the package's facade")
            continue
        target = part(name)
        if module == FACADE:
            if RANK[target] > RANK["words"]:
                problems.append(f"the facade imports {name}")
            continue
        if target == own:
            continue
        if RANK[target] > RANK[own]:
            problems.append(f"{module} imports {name}, a layer above it")
        elif RANK[target] == RANK[own]:
            problems.append(f"{module} imports {name}, a sibling of its own layer")
    return problems


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The circles of ``edges`` (one per strongly connected component of more than one module,
    or a module that imports itself), by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_every_module_is_in_a_layer() -> None:
    unplaced = [module for module, _ in modules() if module and part(module) not in RANK]
    assert unplaced == [], "add them to LAYERS and to docs/architecture.md"


@pytest.mark.parametrize("layer", [name for name, _ in LAYERS])
def test_each_layer_imports_only_itself_and_the_layers_below(layer: str) -> None:
    parts = dict(LAYERS)[layer]
    problems = [
        problem
        for module, path in modules()
        if module and part(module) in parts
        for problem in arrow_problems(module, path)
    ]
    assert problems == []


def test_the_facade_gathers_only_the_core_and_its_words() -> None:
    assert arrow_problems(FACADE, PACKAGE / "__init__.py") == []


def test_the_import_graph_has_no_circle() -> None:
    assert cycles(graph()) == []


def test_no_module_imports_another_modules_private_names() -> None:
    problems = []
    for module, path in modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (
                node.level or "millebornes" in (node.module or "")
            ):
                private = [
                    a.name
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
                if private:
                    problems.append(f"{module} imports {', '.join(private)} from {node.module}")
    assert problems == []


def long_functions(path: Path, most: int) -> list[str]:
    """The functions and methods of ``path`` longer than ``most`` lines (decorators and
    docstrings counted), with their lengths."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - start + 1
            if length > most:
                found.append(f"{path.name}: {node.name} has {length} lines")
    return found


def test_the_servers_modules_and_functions_stay_short() -> None:
    web = sorted((PACKAGE / "web").rglob("*.py"))
    assert len(web) > 10
    long_modules = [
        f"{path.name} has {lines} lines"
        for path in web
        if (lines := len(path.read_text().splitlines())) > WEB_MODULE_LINES
    ]
    assert long_modules == []
    assert [problem for path in web for problem in long_functions(path, WEB_FUNCTION_LINES)] == []


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    """The checks themselves: a wrong arrow, a sibling, a circle and third-party imports."""
    assert part("bots.master.search") == "bots"
    assert RANK["core"] < RANK["bots"]
    assert "table" in imports("tui.session", PACKAGE / "tui" / "session.py")
    assert "!textual" in imports("tui.table", PACKAGE / "tui" / "table.py")
    assert "core.deal" in imports("core.position", PACKAGE / "core" / "position.py")
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    long = tmp_path / "long.py"
    long.write_text("@property\nasync def f():\n" + "    pass\n" * 4)
    assert long_functions(long, 6) == []
    assert long_functions(long, 5) == ["long.py: f has 6 lines"]
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from millebornes.store import GameStore\nfrom millebornes.bots import expert\n"
    )
    assert arrow_problems("tui.wrong", wrong) == []
    assert arrow_problems("env.wrong", wrong) == []
    assert arrow_problems("bots.wrong", wrong) == ["bots.wrong imports store, a layer above it"]
    assert arrow_problems("core.wrong", wrong) == [
        "core.wrong imports store, a layer above it",
        "core.wrong imports bots.expert, a layer above it",
    ]
    wrong.write_text("import numpy\nfrom millebornes.web import app\n")
    assert arrow_problems("core.wrong", wrong) == [
        "core.wrong imports numpy",
        "core.wrong imports web.app, a layer above it",
    ]
    assert arrow_problems("tui.wrong", wrong) == [
        "tui.wrong imports web.app, a sibling of its own layer"
    ]

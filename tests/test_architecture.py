"""The layers of docs/architecture.md: each module imports only the layers it may."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "millebornes"
CORE = {
    "cards",
    "rules",
    "actions",
    "errors",
    "view",
    "deal",
    "scoring",
    "position",
    "match",
    "records",
    "narrate",
    "words",
    "compiled",
}
LAYERS = {"core": 0, "bots": 1, "table": 2, "interfaces": 3}


def layer(module: str) -> str:
    """The layer of ``module``, a dotted name inside the package (``bots.expert``)."""
    top = module.split(".")[0]
    if top in CORE or top == "":
        return "core"
    if top == "bots":
        return "bots"
    if top in ("store", "table"):
        return "table"
    return "interfaces"


def imports(path: Path) -> list[str]:
    """The modules ``path`` imports, package ones as dotted names inside the package, others
    by their top-level name prefixed with '!'."""
    here = path.relative_to(PACKAGE).with_suffix("").parts
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [f"!{alias.name.split('.')[0]}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                assert node.module is not None
                name = node.module
                found.append(
                    name.removeprefix("millebornes.")
                    if name.startswith("millebornes")
                    else f"!{name.split('.')[0]}"
                )
            else:
                base = list(here[: len(here) - node.level])
                target = [*base, *(node.module.split(".") if node.module else [])]
                if node.module is None:
                    found += [".".join([*target, alias.name]) for alias in node.names]
                else:
                    found.append(".".join(target))
    return found


def test_each_layer_imports_only_the_layers_above_it() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        own = layer(module)
        for name in imports(path):
            if name.startswith("!"):
                third_party = name[1:] not in sys.stdlib_module_names
                if own == "core" and third_party:
                    problems.append(f"{module} (core) imports {name[1:]}")
                continue
            if LAYERS[layer(name)] > LAYERS[own]:
                problems.append(f"{module} ({own}) imports {name} ({layer(name)})")
    assert problems == []


def test_the_check_sees_a_wrong_arrow() -> None:
    assert layer("deal") == "core" and layer("bots.master") == "bots"
    assert layer("table") == "table" and layer("tui.session") == "interfaces"
    assert "table" in imports(PACKAGE / "tui" / "session.py")
    assert "!textual" in imports(PACKAGE / "tui" / "table.py")

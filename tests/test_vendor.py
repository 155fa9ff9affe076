"""The page's vendored @fluent/bundle is the published package, byte for byte: `npm ci` in
tests/browser_tools installs it at the version its lock file pins, with the registry's integrity
hash checked, and each vendored file must be that package's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENDORED = ROOT / "src" / "millebornes" / "web" / "static" / "vendor" / "fluent-bundle"
TOOLS = ROOT / "tests" / "browser_tools"
PUBLISHED = TOOLS / "node_modules" / "@fluent" / "bundle"

INSTALL = "install the browser tests' tools: (cd tests/browser_tools && npm ci)"
pytestmark = pytest.mark.browser  # needs the browser tests' tools


def test_the_vendored_fluent_bundle_is_the_published_one() -> None:
    assert PUBLISHED.is_dir(), INSTALL
    pinned = json.loads((TOOLS / "package.json").read_text())["dependencies"]["@fluent/bundle"]
    installed = json.loads((PUBLISHED / "package.json").read_text())["version"]
    assert installed == pinned
    assert f"@fluent/bundle {pinned}" in (VENDORED / "README.md").read_text()
    vendored = sorted(path.name for path in VENDORED.glob("*.js"))
    published = sorted(path.name for path in (PUBLISHED / "esm").glob("*.js"))
    assert vendored == published
    changed = [
        name
        for name in vendored
        if (VENDORED / name).read_bytes() != (PUBLISHED / "esm" / name).read_bytes()
    ]
    assert changed == []
    assert "Apache License" in (VENDORED / "LICENSE").read_text()

"""Compiles the engine, the medium bot's judge and master's rollouts with mypyc where a C compiler
is at hand.

Everything else about the package is in pyproject.toml. The compiled modules are the same source
(docs/architecture.md, "Compiled modules"): where compiling fails, for want of a compiler or of
Python's headers, the package installs as plain Python and plays the same, only slower. Each
compiled source's digest goes into ``millebornes/compiled.json`` beside the compiled files, so
that a source edited after the build runs as written (``millebornes.compiled``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The hot paths: a deal's rules (every search and every research step), and master's rollouts
# with the judge they play by.
COMPILED = [
    "src/millebornes/core/deal.py",
    "src/millebornes/bots/judge.py",
    "src/millebornes/bots/master/policy.py",
]


def module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


class OptionalBuildExt(build_ext):
    """Builds the compiled modules and records their sources' digests, or, if building fails,
    leaves the package pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the source runs as it is
            self.warn(f"millebornes: not compiled ({error}); installing plain Python")
            return
        digests = {
            module_name(path): hashlib.sha256(Path(path).read_bytes()).hexdigest()
            for path in COMPILED
        }
        package = Path("src" if self.inplace else self.build_lib) / "millebornes"
        package.mkdir(parents=True, exist_ok=True)
        (package / "compiled.json").write_text(json.dumps(digests, indent=2) + "\n")


def compiled_extensions() -> list[object]:
    try:
        from mypyc.build import mypycify
    except ImportError:  # built without its build requirements (--no-build-isolation)
        return []
    return list(mypycify(COMPILED, opt_level="3", group_name="millebornes_native"))


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": OptionalBuildExt})

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
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The hot paths: a deal's rules (every search and every research step), master's rollouts with
# the judge they play by, and its beliefs (following every seat's moves: most of a review's
# time at small budgets, and of a hint late in a deal).
COMPILED = [
    "src/millebornes/core/deal.py",
    "src/millebornes/bots/judge.py",
    "src/millebornes/bots/master/policy.py",
    "src/millebornes/bots/master/beliefs.py",
]


PLAIN_WARNING = """
********************************************************************************
millebornes: NOT COMPILED ({reason}).
Installing plain Python: it plays the same, but its bots think about 2.4 times
slower and its deals run 1.7 times slower (docs/bots.md). To compile it:
    sudo apt-get install build-essential python3-dev   (Debian, Ubuntu)
then install the game again (pip install --force-reinstall --no-deps SOURCE).
`millebornes serve` says so at every start while it runs uncompiled.
********************************************************************************
"""


def warn_plain(reason: str) -> None:
    """Says on standard error, in a block that stands out, that the install is plain Python
    (pip shows a build's output with ``pip install -v``; ``millebornes serve`` says it too)."""
    sys.stderr.write(PLAIN_WARNING.format(reason=reason))
    sys.stderr.flush()


def module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


class OptionalBuildExt(build_ext):
    """Builds the compiled modules and records their sources' digests, or, if building fails,
    leaves the package pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the source runs as it is
            warn_plain(str(error))
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
        warn_plain("mypyc is not installed")
        return []
    return list(mypycify(COMPILED, opt_level="3", group_name="millebornes_native"))


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": OptionalBuildExt})

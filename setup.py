"""Build napkifu, compiling its hot modules with mypyc when it can.

Everything else about the package is in ``pyproject.toml``. Which modules are
compiled, and why a build carries the digest of its sources, is
:mod:`napkifu.compiled`. Compiling is an optimisation only: without mypy or a C
compiler, or with ``NAPKIFU_PURE=1`` in the environment, the build warns and
installs pure Python, which gives the same answers more slowly.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
COMPILED: dict[str, Any] = runpy.run_path(str(HERE / "napkifu" / "compiled.py"))


def _say(message: str) -> None:
    print(f"napkifu: {message}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Build the compiled modules, or warn and leave them out: the package's
    sources beside them work alone."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, missing headers, …
            _say(f"not compiled ({error}); installing pure Python")


def _extensions() -> list[Any]:
    if os.environ.get(COMPILED["PURE_ENV"], "") not in ("", "0"):
        _say(f"{COMPILED['PURE_ENV']} is set: installing pure Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypy is not installed: installing pure Python")
        return []
    names = COMPILED["COMPILED"]
    digest = COMPILED["sources_digest"](HERE, names)
    module = HERE / (COMPILED["DIGEST_MODULE"].replace(".", "/") + ".py")
    text = (
        '"""The digest of the sources this compiled build is of (napkifu.compiled)."""\n\n'
        f'DIGEST = "{digest}"\n'
    )
    if not module.is_file() or module.read_text() != text:
        module.write_text(text)
    paths = [str(COMPILED["source_path"](n, HERE).relative_to(HERE)) for n in names]
    # mypy checks only the compiled modules; the rest are read for their types
    flags = ["--follow-imports=silent", "--ignore-missing-imports"]
    try:
        return list(
            mypycify(
                [*flags, *paths, str(module.relative_to(HERE))],
                opt_level="3",
                group_name="napkifu._native",  # its shared library lives in the package
            )
        )
    except (Exception, SystemExit) as error:  # mypy's type errors end in SystemExit
        _say(f"not compiled (mypyc: {error!r}); installing pure Python")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})

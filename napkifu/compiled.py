"""Which modules are compiled, and the guard that keeps a compiled build honest.

The express lane (:mod:`napkifu.express`) and the engine's functions it asks for
every round (the ladder, the following check, the auction, the call, the scores,
the reading of card and bid words) are the per-round hot loop of ``check``; with
the season rows (:mod:`napkifu.analysis.rows`), of ``export`` and the dashboard.
``setup.py`` compiles them with mypyc when it can: the same source, as C extension
modules beside it, about 1.5× fewer instructions a round for ``check``.
Nothing else is compiled: the rest of the engine builds its classes at run time
(:mod:`napkifu.quickbuild`), which compiled classes do not allow, and is not hot.

A compiled module is imported in preference to its source, so a build left behind
by an older checkout would silently run old code. The build therefore compiles
one more module, ``napkifu._compiled_digest``, holding a digest of the sources it
was built from; :func:`guard`, run when :mod:`napkifu` is imported, compares it with
the sources on disk and, if they differ (or ``NAPKIFU_PURE`` is set, or there is no
build), has every module of :data:`COMPILED` imported from its source instead. Either
way the answers are the same; only the speed differs, and :func:`status` says
which it is (``napkifu --version`` and the benchmarks print it).

This module imports nothing of napkifu: ``setup.py`` runs it to know what to build.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

COMPILED: tuple[str, ...] = (  # (never a package's __init__: its __path__ would be wrong)
    "napkifu.analysis.columnar",
    "napkifu.analysis.round_rows",
    "napkifu.analysis.rows",
    "napkifu.express.deal",
    "napkifu.express.facts",
    "napkifu.express.header",
    "napkifu.express.round",
    "napkifu.express.table",
    "napkifu.express.tricks",
    "napkifu.express.walk",
    "napkifu.express.words",
    "napkifu.notation.values",
    "napkifu.replay.adjutant",
    "napkifu.replay.auction",
    "napkifu.replay.following",
    "napkifu.replay.scoring",
    "napkifu.replay.tricks",
    "napkifu.replay.turns",
    "napkifu.rules.ladder",
)
DIGEST_MODULE = "napkifu._compiled_digest"
PURE_ENV = "NAPKIFU_PURE"  # set (to anything but "" or "0") to import the sources

ROOT = Path(__file__).resolve().parent.parent  # the folder that holds napkifu/
_COMPILED = "compiled (mypyc)"
_status = "not checked (napkifu.compiled.guard has not run)"


def source_path(name: str, root: Path = ROOT) -> Path:
    """The source file of the module ``name`` (a package's ``__init__.py``)."""
    base = root.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def sources_digest(root: Path = ROOT, names: Sequence[str] = COMPILED) -> str:
    """A digest of the compiled modules' sources: a build is of these sources
    exactly when it carries the same digest."""
    h = hashlib.sha256()
    for name in names:
        h.update(name.encode() + b"\0")
        h.update(source_path(name, root).read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def _is_extension(module: ModuleType) -> bool:
    return str(getattr(module, "__file__", "")).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    )


def _built_digest() -> str | None:
    """The digest the compiled build carries; None without a compiled build."""
    try:
        module = importlib.import_module(DIGEST_MODULE)
    except ImportError:
        return None
    return str(module.DIGEST) if _is_extension(module) else None


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds napkifu's modules as source files, but for the modules of
    :data:`COMPILED` when the compiled build is current: a compiled module is
    never imported in place of a source it was not built from (a build of an older
    checkout may have left one for a module that is no longer compiled)."""

    def __init__(self, compiled: frozenset[str]) -> None:
        self.compiled = compiled

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("napkifu.") or fullname in self.compiled:
            return None
        file = source_path(fullname)
        if not file.is_file():
            return None  # (not a module of napkifu's own: the ordinary finders' to find)
        package = [str(file.parent)] if file.name == "__init__.py" else None
        return importlib.util.spec_from_file_location(
            fullname, file, submodule_search_locations=package
        )


def guard() -> None:
    """Decide, once per process and before any of them is imported, whether the
    modules of :data:`COMPILED` come from the compiled build or from their source."""
    global _status
    if any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        return
    compiled: frozenset[str] = frozenset()
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        _status = f"pure Python ({PURE_ENV} is set)"
    else:
        built = _built_digest()
        if built is None:
            _status = "pure Python (not compiled)"
        elif built != sources_digest():
            _status = "pure Python (the compiled build is of other sources: run scripts/setup.sh)"
        else:
            _status, compiled = _COMPILED, frozenset(COMPILED)
    sys.meta_path.insert(0, _SourceFirst(compiled))


def status() -> str:
    """How the hot modules run in this process: ``compiled (mypyc)``, or ``pure
    Python (why)``."""
    return _status


def is_compiled() -> bool:
    """Whether the hot modules run compiled in this process."""
    return _status == _COMPILED

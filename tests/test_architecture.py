"""The layering of docs/architecture.md, enforced: each layer imports only the
layers above it in the pipeline, and no module grows past the size limit.

A failing test here means either the code took a shortcut through the pipeline
or the architecture changed — then change docs/architecture.md and this table
together.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 420  # "no module over ~400 lines"

# layer → the napkifu layers it may import (itself always allowed)
ALLOWED: dict[str, set[str]] = {
    "cards": set(),
    "i18n": set(),
    "csvsafe": set(),
    "cache": set(),
    "parallel": {"stopping"},
    "stopping": set(),
    "terminal": set(),
    "files": set(),
    "paths": {"i18n"},
    "gcpause": set(),
    "span": set(),
    "model": {"cards", "span"},
    "diagnostics": {"model", "cards", "i18n"},
    "notation": {"cards", "model", "diagnostics", "i18n", "gcpause", "terminal", "cache"},
    "rules": {"cards", "model", "diagnostics", "i18n"},
    "replay": {"cards", "model", "diagnostics", "i18n", "rules", "gcpause"},
    "api": {"notation", "replay", "diagnostics", "model", "cards", "paths"},
    "report": {"diagnostics", "i18n", "model", "terminal"},
    "explain": {"diagnostics", "i18n"},  # `napkifu explain`: codes.toml read beside the registry
    "views": {"replay", "cards", "diagnostics", "i18n", "model", "api"},
    "analysis": {
        "api",
        "replay",
        "cards",
        "diagnostics",
        "csvsafe",
        "model",
        "i18n",
        "cache",
        "parallel",
        "gcpause",
        "paths",
    },
    "simulate": {"cards", "model", "rules", "replay", "notation", "parallel", "diagnostics"},
    "solve": {"cards", "rules", "replay"},  # double-dummy analysis (docs/analysis.md)
}
DASHBOARD_MAY_USE = {
    "api",
    "analysis",
    "views",
    "cache",
    "parallel",
    "gcpause",
    "cards",
    "i18n",
    "csvsafe",
    "diagnostics",
    "terminal",
    "solve",  # the double-dummy analysis, on request (issue 30: analyse_round)
}


def _layer(path: Path) -> str:
    rel = path.relative_to(ROOT / "napkifu")
    return rel.parts[0].removesuffix(".py")


def _napkifu_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "napkifu":
                names = [f"napkifu.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "napkifu" and len(parts) > 1:
                found.add(parts[1])
    return found


PACKAGE = sorted((ROOT / "napkifu").rglob("*.py"))
LAYERED = [p for p in PACKAGE if _layer(p) in ALLOWED]


@pytest.mark.parametrize("path", LAYERED, ids=lambda p: str(p.relative_to(ROOT)))
def test_layer_imports_only_what_it_may(path: Path) -> None:
    layer = _layer(path)
    wrong = _napkifu_imports(path) - ALLOWED[layer] - {layer}
    assert not wrong, f"{path.relative_to(ROOT)} ({layer}) imports {sorted(wrong)}"


def test_every_layer_is_in_the_table() -> None:
    """A new top-level module must be placed in the pipeline (here and in the doc)."""
    unplaced = (
        {_layer(p) for p in PACKAGE} - set(ALLOWED) - {"__init__", "__main__", "cli", "commands"}
    )
    assert not unplaced


@pytest.mark.parametrize(
    "path", sorted((ROOT / "dashboard").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_dashboard_reads_the_public_layers_only(path: Path) -> None:
    wrong = _napkifu_imports(path) - DASHBOARD_MAY_USE
    assert not wrong, f"{path.relative_to(ROOT)} imports napkifu internals {sorted(wrong)}"


def test_the_engine_never_branches_on_a_preset_name() -> None:
    """Presets are option values: no rule may ask which preset it is under."""
    offenders = []
    for path in PACKAGE:
        if _layer(path) not in {"replay", "rules", "notation", "simulate", "analysis"}:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                consts = [c for c in ast.walk(node) if isinstance(c, ast.Constant)]
                if any(c.value in {"standard", "webgame", "bga", "classic"} for c in consts):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders


@pytest.mark.parametrize(
    "path",
    [*PACKAGE, *sorted((ROOT / "dashboard").rglob("*.py"))],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_modules_stay_small(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"

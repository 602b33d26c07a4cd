"""The compiled hot loop (napkifu/compiled.py, setup.py): in use where it was built,
saying exactly what the pure-Python modules say, and never imported in place of a
source it was not built from."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fuzzing.records import simulated

from napkifu import compiled

ROOT = Path(__file__).resolve().parents[1]
EXT = importlib.machinery.EXTENSION_SUFFIXES[0]
PURE_HERE = os.environ.get(compiled.PURE_ENV, "") not in ("", "0")


def _run(args: list[str], cwd: Path, pure: bool, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, **env}
    environ.pop(compiled.PURE_ENV, None)
    if pure:
        environ[compiled.PURE_ENV] = "1"
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=environ, capture_output=True, text=True, check=False
    )


@pytest.mark.skipif(PURE_HERE, reason="NAPKIFU_PURE is set: the sources are imported")
def test_the_hot_loop_runs_compiled_in_this_checkout() -> None:
    """scripts/setup.sh compiles it (mypy and gcc are there): a build that quietly
    fell back to pure Python would leave every speed figure wrong."""
    assert compiled.is_compiled(), compiled.status()
    for name in compiled.COMPILED:
        assert str(importlib.import_module(name).__file__).endswith(EXT), name


def test_pure_python_is_what_napkifu_NAPKIFU_PURE_imports() -> None:
    done = _run(
        ["-c", "import napkifu, napkifu.compiled as c, napkifu.express.round as r; "
               "print(c.status()); print(r.__file__)"],
        ROOT, pure=True,
    )  # fmt: skip
    status, file = done.stdout.split("\n")[:2]
    assert status == "pure Python (NAPKIFU_PURE is set)", done.stderr
    assert file == str(ROOT / "napkifu" / "express" / "round.py")
    version = _run(["-m", "napkifu", "--version"], ROOT, pure=True).stdout
    assert "hot loop: pure Python" in version


def test_compiled_and_pure_python_check_and_export_alike(tmp_path: Path) -> None:
    """Every record of the repository (clean ones through the lane, faulty ones
    through the ordinary path with the compiled following check), checked and
    exported both ways: the same bytes out."""
    season = tmp_path / "season"
    season.mkdir()
    for n, (preset, players) in enumerate(
        [
            ("standard", 5),
            ("bga", 5),
            ("classic", 4),
            ("webgame", 5),
            ("standard", 6),
            ("standard", 3),
        ]
    ):
        text = simulated(preset, players, 40 + n, rounds=6)
        (season / f"{n}-{preset}.nap").write_text(text, encoding="utf-8")
    targets = [str(season), str(ROOT / "sample_records"), str(ROOT / "tests")]
    outputs = []
    for pure in (False, True):
        out = tmp_path / ("pure" if pure else "compiled")
        check = _run(
            ["-m", "napkifu", "check", "--no-cache", "-j1", "--format", "json", *targets],
            tmp_path,
            pure,
        )
        export = _run(
            [
                "-m",
                "napkifu",
                "export",
                "--no-cache",
                "-j1",
                "-q",
                f"--rounds={out}-rounds.csv",
                f"--tricks={out}-tricks.csv",
                f"--player-rounds={out}-players.csv",
                str(season),
                str(ROOT / "sample_records"),
            ],
            tmp_path,
            pure,
        )
        assert export.returncode == 0, export.stderr
        tables = [Path(f"{out}-{t}.csv").read_bytes() for t in ("rounds", "tricks", "players")]
        outputs.append((check.returncode, check.stdout, tables))
    assert outputs[0][0] == outputs[1][0] == 1  # tests/ holds the fault cases
    assert outputs[0][1] == outputs[1][1]
    assert outputs[0][2] == outputs[1][2]
    assert all(outputs[0][2])


def _copy_package(where: Path) -> Path:
    """napkifu as built here (its compiled modules included), outside the checkout."""
    shutil.copytree(ROOT / "napkifu", where / "napkifu",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    return where / "napkifu"


_PROBE = (
    "import napkifu, napkifu.compiled as c, napkifu.express.round as r, napkifu.cards as k; "
    "print(c.status()); print(r.__file__); print(k.__file__)"
)


@pytest.mark.skipif(PURE_HERE, reason="NAPKIFU_PURE is set: the sources are imported")
def test_a_build_of_other_sources_is_never_imported(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    fresh = _run(["-c", _PROBE], tmp_path, pure=False, PYTHONPATH=str(tmp_path))
    assert fresh.stdout.split("\n")[0] == "compiled (mypyc)", fresh.stdout + fresh.stderr
    assert fresh.stdout.split("\n")[1].endswith(EXT)

    source = package / "express" / "round.py"
    source.write_text(
        source.read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8"
    )
    stale = _run(["-c", _PROBE], tmp_path, pure=False, PYTHONPATH=str(tmp_path))
    status, file, _ = stale.stdout.split("\n")[:3]
    assert status.startswith("pure Python (the compiled build is of other sources"), stale.stderr
    assert file == str(source)


def test_a_compiled_module_left_for_an_uncompiled_one_is_never_imported(tmp_path: Path) -> None:
    """A build of an older checkout may leave a compiled module whose source is no
    longer compiled; the guard imports the source (here: a file that would not even
    load as an extension)."""
    package = _copy_package(tmp_path)
    (package / f"cards{EXT}").write_bytes(b"not an extension module")
    done = _run(["-c", _PROBE], tmp_path, pure=False, PYTHONPATH=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[2] == str(package / "cards.py")


def test_the_digest_is_of_every_compiled_source(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    before = compiled.sources_digest(tmp_path)
    assert before == compiled.sources_digest(ROOT)
    for name in compiled.COMPILED:
        path = compiled.source_path(name, tmp_path)
        assert path.is_file() and path.name != "__init__.py", name  # see COMPILED's note
        original = path.read_bytes()
        path.write_bytes(original + b"\n")
        assert compiled.sources_digest(tmp_path) != before, name
        path.write_bytes(original)
    assert compiled.source_path("napkifu.express", tmp_path) == package / "express" / "__init__.py"

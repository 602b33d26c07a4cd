"""`pip install .` gives a working napkifu: the built wheel holds every file the
package reads at run time (the grammar, the replay JSON schema), not just the .py
files that an editable install would find in the checkout anyway.

The wheel is built with ``NAPKIFU_PURE=1``: that is setup.py's other way (the
checkout's own install, by scripts/setup.sh, is the compiled one, which
tests/test_compiled.py holds to this one), and it takes seconds where compiling
from a cold start takes minutes."""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from napkifu import compiled

ROOT = Path(__file__).resolve().parents[1]
BUILT = (*importlib.machinery.EXTENSION_SUFFIXES, "_compiled_digest.py")  # by a build


def _build_wheel(out: Path) -> Path:
    # No build isolation: the venv's setuptools builds it, so no network is needed.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "--disable-pip-version-check", "-q", "-w", str(out), str(ROOT)],
        check=True, capture_output=True, cwd=out, env={**os.environ, compiled.PURE_ENV: "1"},
    )  # fmt: skip
    (wheel,) = out.glob("napkifu-*.whl")
    return wheel


def test_wheel_holds_every_runtime_file_and_checks_the_samples(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    runtime = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "napkifu").rglob("*")
        if p.is_file()
        and p.suffix not in (".pyc",)
        and "__pycache__" not in p.parts
        and not p.name.endswith(BUILT)
    }
    assert runtime <= names, sorted(runtime - names)
    assert any(n.endswith("entry_points.txt") for n in names)

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "NAPKIFU_CACHE_DIR": str(tmp_path / "c")}
    code = (
        "import sys, napkifu, napkifu.cli, napkifu.compiled; "
        f"assert napkifu.__file__.startswith({str(site)!r}), napkifu.__file__; "
        "print(napkifu.compiled.status(), file=sys.stderr); "
        "sys.exit(napkifu.cli.main(['check', '--lang', 'en', sys.argv[1]]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "sample_records")],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 error(s)" in done.stdout + done.stderr
    assert "pure Python (not compiled)" in done.stderr
    assert not any(n.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for n in names)

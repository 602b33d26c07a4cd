"""Running napkifu as an unprivileged user, for tests of permission bits.

The tests run as root here and in CI, and root ignores permission bits; so a
command whose outcome depends on them runs in a subprocess that drops to
``nobody`` with ``os.setuid``. This Python lives under /root, which ``nobody``
cannot read: the subprocess first runs the same command once as root with
``warm`` arguments that write nothing, so every module it needs is imported
before the switch."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

NOBODY = 65534
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to switch users")

_CODE = """\
import contextlib, io, json, os, sys
from napkifu.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(json.loads(sys.argv[1]))
    except SystemExit:
        pass
os.setgroups([]); os.setgid(NOBODY); os.setuid(NOBODY)
sys.exit(main(sys.argv[2:]))
""".replace("NOBODY", str(NOBODY))


def as_nobody(args: list[str], warm: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``napkifu ARGS`` run as ``nobody``, after ``napkifu WARM`` as root."""
    import json

    # A cache folder root may write (the warm run) and nobody may not (a 0700 temp
    # folder of root's), removed afterwards: never a folder left on the machine.
    with tempfile.TemporaryDirectory(prefix="napkifu-cache-") as cache:
        env = {**os.environ, "NAPKIFU_CACHE_DIR": os.path.join(cache, "napkifu")}
        return subprocess.run(
            [sys.executable, "-c", _CODE, json.dumps(warm), *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
        )


def open_folder() -> Iterator[Path]:
    """A folder ``nobody`` can reach (pytest's own are under a 0700 folder of root's)."""
    folder = Path(tempfile.mkdtemp(prefix="napkifu-test-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:  # (also when a test fails inside: the folder never stays behind)
        shutil.rmtree(folder, ignore_errors=True)

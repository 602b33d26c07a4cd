"""A killed CSV export leaves nothing for long (issue 31, item 4).

SIGKILL cannot be caught, so a CSV-only export killed while it writes leaves its
folder of Parquet parts and its half-written CSV behind. They are named
``.napkifu-tmp-<pid>-…`` beside the output, and the next export removes those
whose process is gone — and nothing else (not a live export's, not another
user's, never through a symbolic link)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from unprivileged import NOBODY, as_root

from napkifu.analysis.temps import PREFIX, sweep

CORPUS = Path("/work/shared/corpus/varied")
SEASON = Path(__file__).parent / "records" / "analysis" / "season"


def _export(tmp_path: Path, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp"), "NAPKIFU_CACHE_DIR": str(tmp_path / "c")}
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "napkifu", "export", "-q", "--no-progress", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(PREFIX))


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs the shared corpus")
def test_a_killed_csv_export_is_swept_by_the_next(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    tricks = out / "tricks.csv"
    proc = _export(tmp_path, "--no-cache", "-j", "1", "--tricks", str(tricks), *[str(CORPUS)] * 4)
    end = time.monotonic() + 60
    while not any(out.glob(f"{PREFIX}{proc.pid}-*/tricks/year=*/*.parquet")):
        assert time.monotonic() < end and proc.poll() is None, "the export never wrote a part"
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    left = _leftovers(out)
    assert len(left) == 2 and all(n.startswith(f"{PREFIX}{proc.pid}-") for n in left)
    assert not tricks.exists() and not list((tmp_path / "tmp").iterdir())
    # the next export (to another file of the same folder) removes them
    again = _export(tmp_path, "--season", str(out / "season.csv"), str(SEASON))
    _, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert _leftovers(out) == [] and sorted(p.name for p in out.iterdir()) == ["season.csv"]


def test_sweep_spares_the_living_and_what_links_point_to(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    mine = tmp_path / f"{PREFIX}{os.getpid()}-abc"  # this process: alive
    mine.mkdir()
    gone = tmp_path / f"{PREFIX}{dead.pid}-abc"
    (gone / "tricks").mkdir(parents=True)
    (gone / "tricks" / "part.parquet").write_bytes(b"x")
    gone_file = tmp_path / f"{PREFIX}{dead.pid}-def.csv"
    gone_file.write_text("half,")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "keep.txt").write_text("mine")
    link = tmp_path / f"{PREFIX}{dead.pid}-link"
    link.symlink_to(precious)
    other = tmp_path / "record.nap"
    other.write_text("players A B C\n")
    sweep(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [mine.name, "precious", "record.nap"]
    )
    assert (precious / "keep.txt").read_text() == "mine"


@as_root
def test_sweep_spares_another_users_leftovers(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    theirs = tmp_path / f"{PREFIX}{dead.pid}-abc.csv"
    theirs.write_text("half,")
    os.chown(theirs, NOBODY, NOBODY)
    sweep(tmp_path)
    assert theirs.exists()

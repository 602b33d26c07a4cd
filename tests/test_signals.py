"""SIGTERM, SIGHUP and SIGKILL leave nothing behind (issue 31, item 4): the ``-j``
workers end with the command (they used to block forever, holding the caller's
pipes), temporary files go, and an interrupted export leaves the old dataset."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

CORPUS = Path("/work/shared/corpus/varied")
SEASON = Path(__file__).parent / "records" / "analysis" / "season"

pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir() or not Path("/proc/self/task").is_dir(),
    reason="needs the shared corpus and Linux /proc",
)


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        found.update(int(c) for c in text.split())
    return found


def _gone(pids: set[int], within: float = 10.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        alive = set()
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
            except OSError:
                continue
            if state != "Z":
                alive.add(pid)
        if not alive:
            return True
        time.sleep(0.05)
    return False


def _start(tmp_path: Path, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp"), "NAPKIFU_CACHE_DIR": str(tmp_path / "c")}
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "napkifu", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


def _faulty_corpus(tmp_path: Path) -> Path:
    """The corpus with one unreadable line planted at the end of every file, so that
    ``check`` prints as it goes (the corpus itself is clean: it would print nothing
    until the end)."""
    out = tmp_path / "faulty"
    for path in CORPUS.rglob("*.nap"):
        target = out / path.relative_to(CORPUS)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes() + b"\nthis is no line of a record\n")
    return out


def _busy_check(tmp_path: Path) -> tuple[subprocess.Popen[bytes], set[int]]:
    """``check -j 2`` over a faulty copy of the corpus (three times over), once it has
    printed its first line (its workers are then busy)."""
    faulty = str(_faulty_corpus(tmp_path))
    proc = _start(tmp_path, "check", "-j", "2", "--no-cache", "--no-express", *[faulty] * 3)
    assert proc.stdout is not None
    proc.stdout.readline()
    workers = _children(proc.pid)
    assert workers, "no workers started"
    return proc, workers


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_stop_signal_ends_the_workers_and_frees_the_pipes(tmp_path: Path, signum: int) -> None:
    proc, workers = _busy_check(tmp_path)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=20)  # EOF on the pipes: nobody holds them
    assert proc.returncode == 128 + signum, err
    assert b"stopped by" in err and b"Traceback" not in err
    assert _gone(workers)
    assert not list((tmp_path / "tmp").iterdir())


def test_sigkill_leaves_no_worker_behind(tmp_path: Path) -> None:
    proc, workers = _busy_check(tmp_path)
    proc.kill()
    proc.wait(timeout=10)
    assert _gone(workers)  # they were told to end when their parent died
    proc.communicate(timeout=20)


def test_interrupted_export_leaves_the_old_dataset(tmp_path: Path) -> None:
    pq = tmp_path / "pq"
    first = _start(tmp_path, "export", "-q", "--no-progress", "--parquet", str(pq), str(SEASON))
    assert first.wait(timeout=120) == 0
    old = {p.relative_to(pq): p.read_bytes() for p in pq.rglob("*") if p.is_file()}
    proc = _start(
        tmp_path, "export", "-q", "--no-progress", "--no-cache", "-j", "2", "--overwrite",
        "--parquet", str(pq), *[str(CORPUS)] * 3,
    )  # fmt: skip
    end = time.monotonic() + 60
    while not [p for p in pq.iterdir() if p.name.startswith(".napkifu-new-")]:
        assert time.monotonic() < end and proc.poll() is None, "export never started writing"
        time.sleep(0.02)
    time.sleep(0.5)
    workers = _children(proc.pid)
    proc.terminate()
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert {p.relative_to(pq): p.read_bytes() for p in pq.rglob("*") if p.is_file()} == old
    assert sorted(p.name for p in pq.iterdir() if p.name.startswith(".")) == []
    assert not list((tmp_path / "tmp").iterdir())
    assert _gone(workers)

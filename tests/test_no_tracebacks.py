"""Bad input and a hostile environment give a message, never a traceback (issue 31,
item 8): huge numbers, codecs that are not text encodings, a full disk, a cp932
or closed standard output, folders 1,000 deep, a killed worker, a folder the
user cannot read."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from unprivileged import as_nobody, as_root, open_folder

from napkifu.cli import main

SEASON = Path(__file__).parent / "records" / "analysis" / "season"
FRIDAY = SEASON / "2026-01-10-friday.nap"
CORPUS = Path("/work/shared/corpus/varied")


def _napkifu(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "napkifu", *args], capture_output=True, text=True, **kw
    )  # type: ignore[call-overload, no-any-return]


@pytest.fixture
def huge(tmp_path: Path) -> Path:
    """The Friday record with its first round's result 5,001 digits long."""
    path = tmp_path / "huge.nap"
    text = FRIDAY.read_text(encoding="utf-8")
    path.write_text(text.replace("result 14", "result 1" + "0" * 5000, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args", [("check", "--no-cache"), ("fmt", "--check"), ("replay",), ("stats", "--no-cache")]
)
def test_a_huge_number_is_one_diagnostic(args: tuple[str, ...], huge: Path) -> None:
    result = _napkifu(*args, str(huge))
    out = result.stdout + result.stderr
    assert "Traceback" not in out and "NAP900" not in out
    assert "NAP104" in out and "5,001 digits" in out
    assert result.returncode == (0 if args[0] == "stats" else 1)


def test_a_huge_number_spoils_its_round_not_the_file(
    huge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--no-cache", "--no-progress", "--excluded", "-", str(huge)]) == 0
    out, err = capsys.readouterr()
    assert "1 excluded for errors" in err
    assert out.count("NAP104") == 1 and ",1,1," in out  # game 1, round 1 only


@pytest.mark.parametrize("codec", ["rot13", "base64", "zlib", "no-such-codec"])
@pytest.mark.parametrize("command", ["check", "replay"])
def test_codecs_that_are_not_text_encodings_are_usage_errors(command: str, codec: str) -> None:
    result = _napkifu(command, "--encoding", codec, str(FRIDAY))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "encoding" in result.stderr


FULL_DISK = """\
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
from napkifu.cli import main
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
sys.exit(main(sys.argv[2:]))
"""


def test_a_full_disk_is_a_message_and_the_record_stays(tmp_path: Path) -> None:
    path = tmp_path / "club.nap"
    text = FRIDAY.read_text(encoding="utf-8").replace("1 DA D6", "1   DA D6")  # fmt would change it
    path.write_text(text, encoding="utf-8")
    run = [sys.executable, "-c", FULL_DISK, "100"]
    result = subprocess.run([*run, "fmt", str(path)], capture_output=True, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cannot rewrite" in result.stderr
    assert path.read_text(encoding="utf-8") == text
    assert sorted(os.listdir(tmp_path)) == ["club.nap"]
    out = tmp_path / "season.csv"
    args = ["export", "--no-cache", "--no-progress", "--season", str(out), str(SEASON)]
    result = subprocess.run([*run, *args], capture_output=True, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "cannot write" in result.stderr and not out.exists()


@pytest.mark.parametrize("args", [("replay",), ("check", "--no-cache"), ("stats", "--no-cache")])
def test_a_cp932_stdout_gets_escapes_not_a_traceback(args: tuple[str, ...]) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "cp932"}
    result = _napkifu(*args, str(FRIDAY), env=env, encoding="cp932", errors="replace")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


@pytest.mark.parametrize("args", [("check", "--no-cache"), ("replay",), ("fmt", "--check")])
def test_a_closed_stdout_is_no_crash(args: tuple[str, ...]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "napkifu", *args, str(FRIDAY)],
        stdout=None,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
    )
    assert "Traceback" not in result.stderr and result.returncode in (0, 1), result.stderr


def _remove_deep(top: Path) -> None:
    """Remove a deep chain of folders bottom up (shutil.rmtree recurses: a tree 1,000
    deep would exceed Python's recursion limit, in pytest's own clean-up too)."""
    path = str(top)
    while True:
        subs = [e.path for e in os.scandir(path) if e.is_dir(follow_symlinks=False)]
        if subs:
            path = subs[0]
            continue
        for entry in os.scandir(path):
            os.unlink(entry.path)
        os.rmdir(path)
        if path == str(top):
            return
        path = os.path.dirname(path)


@pytest.fixture
def deep(tmp_path: Path) -> Iterator[str]:
    """A record 1,000 folders down (made by chdir: the path passes 2,000 characters)."""
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        os.mkdir("deep")
        os.chdir("deep")
        for _ in range(1000):
            os.mkdir("d")
            os.chdir("d")
        Path("x.nap").write_bytes(FRIDAY.read_bytes())
    finally:
        os.chdir(here)
    yield str(tmp_path / "deep")
    _remove_deep(tmp_path / "deep")


def test_folders_a_thousand_deep(deep: str) -> None:
    for args in (["check", "--no-cache"], ["fmt", "--check"], ["export", "--no-cache", "-q"]):
        result = _napkifu(*args, deep)
        assert "Traceback" not in result.stderr, (args, result.stderr[-300:])
        assert result.returncode in (0, 1), (args, result.stderr[-300:])
    assert _napkifu("check", "--no-cache", deep).stderr.endswith("in 1 file(s)\n")


def _workers(pid: int) -> Iterator[int]:
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            cmd = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"resource_tracker" not in cmd:
                yield int(child)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs the shared corpus")
def test_a_killed_export_worker_is_a_message(tmp_path: Path) -> None:
    out = tmp_path / "rounds.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "napkifu", "export", "--no-cache", "--no-progress", "-j", "2",
         "--rounds", str(out), *[str(CORPUS)] * 3],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    end = time.monotonic() + 60
    workers: list[int] = []
    while not workers and time.monotonic() < end and proc.poll() is None:
        time.sleep(0.1)
        workers = list(_workers(proc.pid))
    assert workers, "no worker started"
    time.sleep(0.3)
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "Traceback" not in err, err
    assert "worker process died" in err and not out.exists()


@as_root
def test_export_reports_a_folder_it_cannot_read() -> None:
    for folder in open_folder():
        (folder / "club").mkdir()
        (folder / "club" / "a.nap").write_bytes(FRIDAY.read_bytes())
        locked = folder / "club" / "locked"
        locked.mkdir(mode=0o700)  # root's: nobody cannot list it
        (locked / "b.nap").write_bytes(FRIDAY.read_bytes())
        args = ["export", "--no-progress", "--no-cache", "--season", "-", str(folder / "club")]
        warm = ["export", "--no-progress", "--no-cache", "--season", "-", str(FRIDAY)]
        result = as_nobody(args, warm, folder)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert "locked" in result.stderr and "Permission denied" in result.stderr
        assert result.stdout == ""  # no season without one of its folders

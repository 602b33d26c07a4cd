"""Only regular files are read (issue 31, item 6): a FIFO named ``*.nap`` in a folder
used to hang ``check`` and ``fmt``, ``/dev/zero`` to hash forever and
``/dev/urandom`` to fill memory. Inside folders such files are skipped with a
warning; given explicitly they are refused (exit 2); ``-`` stays standard input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FOUR = Path(__file__).parent / "records" / "analysis" / "season" / "2026-02-14-four.nap"


def _napkifu(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "napkifu", *args], input=stdin, capture_output=True, timeout=60
    )


@pytest.fixture
def club(tmp_path: Path) -> Path:
    (tmp_path / "four.nap").write_bytes(FOUR.read_bytes())
    os.mkfifo(tmp_path / "pipe.nap")
    (tmp_path / "zero.nap").symlink_to("/dev/zero")
    return tmp_path


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (("check", "--no-cache"), 0),
        (("fmt", "--check"), 1),  # (four.nap is not in fmt's layout)
        (("export", "--no-cache", "-q", "--season", "-"), 0),
    ],
)
def test_a_fifo_or_device_in_a_folder_is_skipped_with_a_warning(
    args: tuple[str, ...], status: int, club: Path
) -> None:
    result = _napkifu(*args, str(club))  # (a hang would be the timeout)
    err = result.stderr.decode()
    assert result.returncode == status, err
    assert "skipped" in err and "pipe.nap" in err and "a named pipe" in err
    # (fmt skips zero.nap sooner: a symlink out of the folder it was given)
    assert "zero.nap" in err and ("a device" in err or "outside" in err)


@pytest.mark.parametrize("command", ["check", "fmt", "replay", "export", "stats"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_given_explicitly_is_refused(command: str, device: str) -> None:
    result = _napkifu(command, device)
    assert result.returncode == 2
    assert b"not a regular file" in result.stderr and b"Traceback" not in result.stderr


def test_a_fifo_given_explicitly_is_refused(club: Path) -> None:
    result = _napkifu("check", str(club / "pipe.nap"))
    assert result.returncode == 2 and b"a named pipe" in result.stderr


def test_dash_is_still_standard_input() -> None:
    result = _napkifu("check", "--no-cache", "-", stdin=FOUR.read_bytes())
    assert result.returncode == 0 and b"0 error(s)" in result.stderr

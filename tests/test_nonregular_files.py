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


def test_big_stdin_is_streamed_through_a_spool(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """stdin past the whole-file limit is copied to a temp file in chunks and read
    game by game like a big file (100 MB of stdin once took 663 MB); the output
    names it <stdin> as before, and the temp file is gone afterwards."""
    import io
    import tempfile

    from napkifu.cli import main

    data = FOUR.read_bytes().replace(b"\n1 ", b"\n1  ", 1) + b"\nround 99\n"  # some diagnostics
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", None)
    from napkifu.commands import check as check_command

    given: list[bool] = []  # whether each task came as bytes (not a file)
    real = check_command.check_task

    def spy(settings: object, task: tuple[str, object, bytes | None]) -> object:
        given.append(task[2] is not None)
        return real(settings, task)  # type: ignore[arg-type]

    monkeypatch.setattr(check_command, "check_task", spy)
    runs = []
    for limit in (1 << 30, 16):
        monkeypatch.setattr("napkifu.api.WHOLE_FILE_LIMIT", limit)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        status = main(["check", "--no-cache", "--color", "never", "-"])
        runs.append((status, *capsys.readouterr()))
    assert given == [True, False]  # held whole when small; spooled, then read as a file
    assert runs[0] == runs[1] and runs[0][0] == 1
    assert "<stdin>:" in runs[0][1]
    assert list(tmp_path.iterdir()) == []

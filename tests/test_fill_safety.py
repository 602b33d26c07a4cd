"""`napkifu fill` reads and speaks under the rules `fmt` follows (issue 31): FIFOs
and devices never read, control characters in what it says escaped. (The writer
rules, permission bits and all, are tested for both in test_safe_writes.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_fill import SHEET

from napkifu.cli import main


def _sheet(folder: Path, name: str = "sheet.nap") -> Path:
    path = folder / name
    path.write_text(SHEET, encoding="utf-8")
    return path


def test_fill_never_reads_a_fifo_or_a_device(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.nap"
    os.mkfifo(fifo)  # reading it would wait for a writer forever
    assert main(["fill", "--lang", "en", str(fifo), "/dev/zero"]) == 2
    err = capsys.readouterr().err
    assert "named pipe" in err and "a device" in err
    club = tmp_path / "club"
    club.mkdir()
    os.mkfifo(club / "pipe.nap")
    inside = _sheet(club)
    assert main(["fill", "--lang", "en", str(club)]) == 0  # skipped with a warning
    assert "pipe.nap" in capsys.readouterr().err and inside.read_text(encoding="utf-8") != SHEET


def test_fill_escapes_control_characters_in_what_it_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evil\x1b]0;owned\x07.nap"
    path.write_text(SHEET, encoding="utf-8")
    assert main(["fill", "--lang", "en", str(path)]) == 0
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "\\x1b]0;owned\\x07" in err

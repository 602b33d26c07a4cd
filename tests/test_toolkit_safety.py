"""What the toolkit's commands read and write, under the rules `fmt` follows
(issue 31): `fill` never reads a FIFO or a device and escapes what it says (its
writer rules, permission bits and all, are tested with fmt's in
test_safe_writes.py); `new` never writes over or through an existing path;
`analyze` says what it cannot read, with exit status 2."""

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


# -- the other commands of the toolkit work: new (writes), analyze (reads) -----------------


def test_new_never_writes_over_or_through_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ["--players", "A", "B", "C", "--lang", "en"]
    kept = _sheet(tmp_path, "kept.nap")
    os.mkfifo(tmp_path / "pipe.nap")
    (tmp_path / "link.nap").symlink_to(tmp_path / "elsewhere.nap")  # dangling
    for name in ("kept.nap", "pipe.nap", "link.nap"):
        assert main(["new", str(tmp_path / name), *players]) == 2
        assert "exists; not overwritten" in capsys.readouterr().err
    assert kept.read_text(encoding="utf-8") == SHEET
    assert not (tmp_path / "elsewhere.nap").exists()
    assert main(["new", str(tmp_path / "no" / "such" / "x.nap"), *players]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err
    assert main(["new", str(tmp_path / "fresh.nap"), *players]) == 0
    assert (tmp_path / "fresh.nap").read_text(encoding="utf-8").startswith("# A Napoleon record")


def test_analyze_says_a_file_it_cannot_read_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "pipe.nap")
    assert main(["analyze", "--lang", "en", str(tmp_path / "pipe.nap")]) == 2
    assert main(["analyze", "--lang", "en", str(tmp_path / "missing.nap")]) == 2
    err = capsys.readouterr().err
    assert "cannot open" in err and "named pipe" in err and "missing.nap" in err

"""v1.1 files (NOTATION.md §5): in a folder ``*.nap`` and ``*.NAP`` are read; a folder
with none is a NAP107 warning, exit status 2 when nothing at all was read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napkifu.analysis import expand_paths
from napkifu.api import is_record_name
from napkifu.cli import main

CLEAN = Path(__file__).parent / "records" / "slips" / "clean.nap"


def test_record_names() -> None:
    assert is_record_name("a.nap") and is_record_name("CLUB.NAP")
    assert not is_record_name("a.Nap") and not is_record_name("a.txt")


def test_upper_case_records_are_found(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "CLUB.NAP").write_bytes(CLEAN.read_bytes())
    (tmp_path / "notes.txt").write_text("not a record")
    assert expand_paths([tmp_path]) == [str(tmp_path / "sub" / "CLUB.NAP")]


def test_empty_folder_is_nap107_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--no-cache", "--format", "json", str(tmp_path)]) == 2
    (d,) = json.loads(capsys.readouterr().out)
    assert (d["code"], d["severity"], d["file"]) == ("NAP107", "warning", str(tmp_path))


def test_empty_folder_beside_records_is_only_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty, full = tmp_path / "empty", tmp_path / "full"
    empty.mkdir()
    full.mkdir()
    (full / "CLUB.NAP").write_bytes(CLEAN.read_bytes())
    assert main(["check", "--no-cache", "--lang", "ja", str(empty), str(full)]) == 0
    out = capsys.readouterr().out
    assert "NAP107" in out and "記録が見つかりません" in out


def test_a_named_file_is_read_whatever_its_extension(tmp_path: Path) -> None:
    f = tmp_path / "club.txt"
    f.write_bytes(CLEAN.read_bytes())
    assert main(["check", "--no-cache", "-q", str(f)]) == 0


def test_stats_and_export_say_nap107_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", str(tmp_path)]) == 2
    assert "NAP107" in capsys.readouterr().err
    out = tmp_path / "season.csv"
    assert main(["export", str(tmp_path), "--season", str(out)]) == 2
    assert "NAP107" in capsys.readouterr().err and not out.exists()

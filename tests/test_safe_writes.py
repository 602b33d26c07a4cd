"""Writers never destroy what they were not asked to touch (issue 31, items 1-2):
export refuses outputs that are inputs or each other and dataset folders holding
the user's files; fmt keeps a file's protection, owner, mode and hard links and
stays inside the folder it was given. Permission tests run the command as an
unprivileged user (``os.setuid`` in a subprocess) where root would see no bits."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_fill import SHEET
from unprivileged import NOBODY, as_nobody, as_root, open_folder

from napkifu.cli import main

RECORDS = Path(__file__).parent / "records" / "analysis" / "season"
MESSY = (
    "players Haru Sora Mina Riku Kei\nrules standard\n\nround 1\ndealer Kei\n"
    "  bids pass 13H   pass 14S pass pass pass pass\nnapoleon Riku 14♠\ncall HJ\n"
    "    discard C8 D3 H2\n1 S3 S5 SK SA S2\n"
)


def _record(tmp_path: Path, name: str = "club.nap") -> Path:
    path = tmp_path / name
    shutil.copy(sorted(RECORDS.glob("*.nap"))[0], path)
    return path


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    yield from open_folder()


# -- export ------------------------------------------------------------------------------


def test_export_refuses_to_write_over_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(tmp_path)
    before = record.read_bytes()
    assert main(["export", str(record), "--season", str(record)]) == 2
    assert "input record" in capsys.readouterr().err
    assert record.read_bytes() == before
    # the same file by another name (a hard link) is the same input
    os.link(record, tmp_path / "alias.csv")
    assert main(["export", str(record), "--rounds", str(tmp_path / "alias.csv")]) == 2
    assert record.read_bytes() == before


def test_export_refuses_two_tables_to_one_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.csv"
    args = [
        "export",
        str(RECORDS),
        "--season",
        str(out),
        "--rounds",
        str(tmp_path / "." / "out.csv"),
    ]
    assert main(args) == 2
    assert "both write" in capsys.readouterr().err
    assert not out.exists()


def test_parquet_folder_with_the_users_files_is_refused(tmp_path: Path) -> None:
    pq = tmp_path / "pq"
    (pq / "rounds").mkdir(parents=True)
    notes = pq / "rounds" / "notes.txt"
    notes.write_text("mine", encoding="utf-8")
    for overwrite in ([], ["--overwrite"]):
        assert main(["export", str(RECORDS), "-q", "--parquet", str(pq), *overwrite]) == 2
        assert notes.read_text(encoding="utf-8") == "mine"
        assert sorted(p.name for p in pq.iterdir()) == ["rounds"]


def test_overwrite_replaces_only_napkifus_parts(tmp_path: Path) -> None:
    pq = tmp_path / "pq"
    assert main(["export", str(RECORDS), "-q", "--parquet", str(pq)]) == 0
    readme = pq / "README.txt"
    readme.write_text("about this dataset", encoding="utf-8")
    assert main(["export", str(RECORDS), "-q", "--parquet", str(pq)]) == 2  # no --overwrite
    old = {p: p.read_bytes() for p in pq.rglob("*.parquet")}
    one = sorted(RECORDS.glob("*.nap"))[:1]
    assert main(["export", *map(str, one), "-q", "--parquet", str(pq), "--overwrite"]) == 0
    assert readme.read_text(encoding="utf-8") == "about this dataset"
    assert {p: p.read_bytes() for p in pq.rglob("*.parquet")} != old
    assert not [p for p in pq.iterdir() if p.name.startswith(".napkifu")]  # no staging left


def test_failed_export_leaves_the_old_dataset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from napkifu.analysis import sink

    pq = tmp_path / "pq"
    assert main(["export", str(RECORDS), "-q", "--parquet", str(pq)]) == 0
    old = {p.relative_to(pq): p.read_bytes() for p in pq.rglob("*") if p.is_file()}

    def broken(self: object, part: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sink.ParquetSink, "add_part", broken)
    assert main(["export", str(RECORDS), "-q", "--parquet", str(pq), "--overwrite"]) == 2
    assert {p.relative_to(pq): p.read_bytes() for p in pq.rglob("*") if p.is_file()} == old
    assert main(["export", str(RECORDS), "-q", "--parquet", str(tmp_path / "new")]) == 2
    assert not (tmp_path / "new").exists()  # a failed first export leaves nothing


# -- fmt ---------------------------------------------------------------------------------


WRITERS = ["fmt", "fill"]
"""The two commands that rewrite records: one set of rules (docs/safety.md)."""


def _original(command: str) -> str:
    return MESSY if command == "fmt" else SHEET


def _rewritable(folder: Path, command: str, name: str = "club.nap") -> Path:
    """A record that ``command`` changes."""
    path = folder / name
    path.write_text(_original(command), encoding="utf-8")
    return path


def _writer_as_nobody(command: str, path: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    dry = "--diff" if command == "fmt" else "--check"  # the warm run writes nothing
    return as_nobody([command, "--lang", "en", str(path)], [command, dry, str(path)], cwd)


@pytest.mark.parametrize("command", WRITERS)
def test_writer_refuses_a_read_only_file_even_as_root(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = _rewritable(tmp_path, command)
    path.chmod(0o444)
    assert main([command, "--lang", "en", str(path)]) == 2
    err = capsys.readouterr().err
    assert "read-only" in err and "cannot rewrite" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == _original(command)
    assert sorted(os.listdir(tmp_path)) == ["club.nap"]


@pytest.mark.parametrize("command", WRITERS)
def test_writer_keeps_hard_links_mode_and_owner(tmp_path: Path, command: str) -> None:
    path = _rewritable(tmp_path, command)
    path.chmod(0o640)
    other = tmp_path / "linked.nap.bak"
    os.link(path, other)
    if os.geteuid() == 0:
        os.chown(path, NOBODY, NOBODY)
    before = os.stat(path)
    assert main([command, str(path)]) == 0
    after = os.stat(path)
    assert path.read_text(encoding="utf-8") != _original(command)
    assert other.read_bytes() == path.read_bytes()  # still one file
    assert (after.st_ino, after.st_nlink, after.st_uid, after.st_gid, after.st_mode) == (
        before.st_ino, before.st_nlink, before.st_uid, before.st_gid, before.st_mode,
    )  # fmt: skip
    assert sorted(os.listdir(tmp_path)) == ["club.nap", "linked.nap.bak"]


@pytest.mark.parametrize("command", WRITERS)
def test_writer_does_not_follow_a_symlink_out_of_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    club = tmp_path / "club"
    club.mkdir()
    outside = _rewritable(tmp_path, command, "outside.nap")
    (club / "link.nap").symlink_to(outside)
    inside = _rewritable(club, command, "own.nap")
    assert main([command, "--lang", "en", str(club)]) == 0
    assert "outside" in capsys.readouterr().err
    assert outside.read_text(encoding="utf-8") == _original(command)
    assert inside.read_text(encoding="utf-8") != _original(command)


@as_root
@pytest.mark.parametrize("command", WRITERS)
def test_writer_as_a_user_refuses_a_file_they_cannot_write(open_tmp: Path, command: str) -> None:
    open_tmp.chmod(0o777)
    path = _rewritable(open_tmp, command)  # root's, 0644
    result = _writer_as_nobody(command, path, open_tmp)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "cannot rewrite" in result.stderr
    assert path.read_text(encoding="utf-8") == _original(command)


@as_root
@pytest.mark.parametrize("command", WRITERS)
def test_writer_in_a_read_only_folder_writes_in_place(open_tmp: Path, command: str) -> None:
    path = _rewritable(open_tmp, command)  # in root's 0755 folder: no temp file there
    os.chown(path, NOBODY, NOBODY)
    result = _writer_as_nobody(command, path, open_tmp)
    assert result.returncode == 0, result.stderr
    assert path.read_text(encoding="utf-8") != _original(command)
    assert sorted(os.listdir(open_tmp)) == ["club.nap"]


def test_write_atomically_stays_importable_from_fmt() -> None:
    from napkifu import files
    from napkifu.commands import fmt

    assert fmt.write_atomically is files.write_atomically

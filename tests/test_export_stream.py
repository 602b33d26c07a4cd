"""`napkifu export` writes every table part by part (bounded memory): the CSV and
Parquet it writes must be, byte for byte and row for row, what the in-memory
season gives; an output that fails leaves the old file as it was."""

from __future__ import annotations

import os
import shutil
import stat
from datetime import date
from pathlib import Path

import polars as pl
import pytest

from napkifu.analysis import SeasonFilter, load_season
from napkifu.analysis import parts as parts_module
from napkifu.analysis.write import CsvWriter, write_csv
from napkifu.cli import main
from napkifu.commands.export import CSV_TABLES
from napkifu.csvsafe import neutralise_frame

ROOT = Path(__file__).resolve().parent.parent
SEASON_DIR = Path(__file__).parent / "records" / "analysis" / "season"
EXAMPLES = Path(__file__).parent / "examples"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Several years out of path order, undated games, duplicates, errors, every preset."""
    root = tmp_path_factory.mktemp("corpus")
    shutil.copytree(SEASON_DIR, root / "a-season")
    shutil.copytree(ROOT / "sample_records", root / "b-samples")
    shutil.copytree(EXAMPLES / "standard", root / "c-examples")
    friday = (SEASON_DIR / "2026-01-10-friday.nap").read_text(encoding="utf-8")
    (root / "d-older.nap").write_text(
        friday.replace("date 2026-01-10", "date 2024-05-01").replace("Friday #1", "Older"),
        encoding="utf-8",
    )
    (root / "e-undated.nap").write_text(
        friday.replace("date 2026-01-10\n", "").replace("Friday #1", "Undated"), encoding="utf-8"
    )
    return root


def _flags(table: str) -> str:
    return f"--{table.replace('_', '-')}"


@pytest.mark.parametrize(
    ("argv", "filters"),
    [
        ([], SeasonFilter()),
        (["--player", "Ken", "--player", "ハル"], SeasonFilter(("Ken", "ハル"))),
        (["--since", "2026-01-20"], SeasonFilter(since=date(2026, 1, 20))),
    ],
    ids=["all", "players", "since"],
)
@pytest.mark.parametrize("group", [3, 1 << 30], ids=["many-parts", "one-part"])
def test_streamed_csv_is_the_in_memory_csv(
    corpus: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    filters: SeasonFilter,
    group: int,
) -> None:
    monkeypatch.setattr(parts_module, "GROUP_BYTES", group)  # bytes of records a part
    out = tmp_path / "out"
    out.mkdir()
    args = ["export", "-q", "-j", "1", "--no-cache", "--excel", str(corpus), *argv]
    for table in CSV_TABLES:
        args += [_flags(table), str(out / f"{table}.csv")]
    assert main([*args, "--parquet", str(out / "pq")]) == 0
    season = load_season([corpus], filters)
    assert season.rounds.height > 0
    for table in CSV_TABLES:
        want = tmp_path / f"want-{table}.csv"
        write_csv(season.table(table), want, excel=True)
        assert (out / f"{table}.csv").read_bytes() == want.read_bytes(), table
    rounds = pl.read_parquet(out / "pq" / "rounds", hive_partitioning=True)
    assert sorted(rounds["round_id"].to_list()) == sorted(season.rounds["round_id"].to_list())
    # Without --parquet the same CSV (the parts go through a temp folder).
    again = tmp_path / "again.csv"
    assert main([*args[: args.index(_flags(CSV_TABLES[0]))], "--tricks", str(again)]) == 0
    assert again.read_bytes() == (out / "tricks.csv").read_bytes()


@pytest.mark.parametrize("group", [1, 10_000, 1 << 30])
def test_duplicates_point_at_their_first_copy_across_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, group: int
) -> None:
    """Three copies of a file: each round of the later two names its first copy,
    whether that was written in an earlier part or sits in the same one (the sink
    keeps only compact ids and places of the parts it wrote)."""
    monkeypatch.setattr(parts_module, "GROUP_BYTES", group)  # a file a part, two, or one part
    friday = (SEASON_DIR / "2026-01-10-friday.nap").read_text(encoding="utf-8")
    for name in ("a.nap", "b.nap", "c.nap"):
        (tmp_path / name).write_text(friday, encoding="utf-8")
    out = tmp_path / "pq"
    assert (
        main(["export", "-q", "-j", "1", "--no-cache", str(tmp_path), "--parquet", str(out)]) == 0
    )
    got = pl.read_parquet(out / "rounds", hive_partitioning=True)
    want = load_season([tmp_path]).rounds
    keys = ["file", "game", "round"]
    assert (
        got.select(*keys, "duplicate_of")
        .sort(keys)
        .equals(want.select(*keys, "duplicate_of").sort(keys))
    )
    originals = want.filter(pl.col("duplicate_of").is_null()).height
    assert want.filter(pl.col("duplicate_of").str.contains("a.nap:")).height == 2 * originals
    assert pl.read_parquet(out / "season.parquet").equals(load_season([tmp_path]).season)


def test_tables_to_standard_output_come_whole_and_in_order(
    corpus: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tables to ``-``: each whole, in the order of the table list (season first),
    never the parts of one inside the other."""
    monkeypatch.setattr(parts_module, "GROUP_BYTES", 1)  # a part a file
    assert main(["export", "-q", "-j", "1", str(corpus), "--tricks", "-", "--season", "-"]) == 0
    out = capsys.readouterr().out
    season = load_season([corpus])
    want = {}
    for table in ("season", "tricks"):
        want[table] = neutralise_frame(season.table(table)).write_csv(
            quote_style="non_numeric", float_precision=4
        )
    assert out == want["season"] + want["tricks"]
    assert want["tricks"].count('"round_id",') == 1 and season.tricks.height > 20


def test_a_failed_export_leaves_the_old_csv(corpus: Path, tmp_path: Path) -> None:
    old = tmp_path / "rounds.csv"
    old.write_text("my old table\n", encoding="utf-8")
    old.chmod(0o640)
    taken = tmp_path / "pq"
    (taken / "rounds").mkdir(parents=True)
    (taken / "rounds" / "x.parquet").write_bytes(b"someone's")
    args = ["export", "-q", str(corpus), "--rounds", str(old), "--parquet", str(taken)]
    assert main(args) == 2  # the Parquet folder is taken: nothing is written
    assert old.read_text(encoding="utf-8") == "my old table\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pq", "rounds.csv"]  # no temp left
    assert main([*args, "--overwrite"]) == 0
    assert old.read_text(encoding="utf-8").startswith('"round_id",')
    assert stat.S_IMODE(old.stat().st_mode) == 0o640  # the file's own permissions kept


def test_a_new_csv_gets_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        target = tmp_path / "new.csv"
        write_csv(pl.DataFrame({"a": [1]}), target)
    finally:
        os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert target.read_text(encoding="utf-8") == '"a"\n1\n'


def test_a_device_target_is_written_in_place(tmp_path: Path) -> None:
    writer = CsvWriter(os.devnull)
    writer.append(pl.DataFrame({"a": [1, 2]}))
    writer.close()
    assert Path(os.devnull).exists() and not Path(os.devnull).is_file()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("where", "says"), [("no-such-folder/s.csv", "cannot write"), (".", "is a folder")]
)
def test_a_bad_target_fails_before_judging(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    where: str,
    says: str,
) -> None:
    def judged(*_: object, **__: object) -> None:
        raise AssertionError("judged before the outputs were checked")

    monkeypatch.setattr("napkifu.analysis.sink.stream_parts", judged)
    assert main(["export", str(SEASON_DIR), "--season", str(tmp_path / where)]) == 2
    assert says in capsys.readouterr().err


def test_a_writable_file_in_a_read_only_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No temporary file can go beside it: written in place when finished."""
    from napkifu.analysis import write

    real = write._temp

    def no_temp_beside(folder: Path | None) -> tuple[int, str]:
        if folder is not None:
            raise PermissionError(13, "Permission denied", str(folder))
        return real(folder)

    monkeypatch.setattr(write, "_temp", no_temp_beside)
    target = tmp_path / "s.csv"
    target.write_text("old\n", encoding="utf-8")
    write_csv(pl.DataFrame({"a": [1]}), target)
    assert target.read_text(encoding="utf-8") == '"a"\n1\n'
    with pytest.raises(PermissionError):
        write_csv(pl.DataFrame({"a": [1]}), tmp_path / "new.csv")  # nothing to write in place

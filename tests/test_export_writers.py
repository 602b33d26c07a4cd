"""CSV and Parquet writers: the formula-injection guard, the Excel BOM, Hive partitions."""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl
import pytest

from napkifu.analysis import build_season, schema
from napkifu.analysis.write import OutputExists, write_csv, write_parquet
from napkifu.cards import Suit
from napkifu.csvsafe import neutralise, neutralise_frame

try:
    from tests.test_analysis_tables import jgame, jround, judgement
except ImportError:  # tests/ itself on sys.path (pytest's default rootdir-less import)
    from test_analysis_tables import jgame, jround, judgement  # type: ignore[no-redef]

EVIL = '=HYPERLINK("x")'


@pytest.mark.parametrize("text", [EVIL, "+1", "-x", "@SUM(A1)", "\tx", "\rx"])
def test_formula_starts_are_neutralised(text: str) -> None:
    assert neutralise(text) == "'" + text


@pytest.mark.parametrize("text", ["Haru", "ハル", "'quoted", "a=b", " =x", ""])
def test_plain_text_is_untouched(text: str) -> None:
    assert neutralise(text) == text


def test_frame_guard_leaves_numbers_alone() -> None:
    df = pl.DataFrame({"name": [EVIL, "Mina", None], "score": [-2, 3, None]})
    out = neutralise_frame(df)
    assert out["name"].to_list() == ["'" + EVIL, "Mina", None]
    assert out["score"].to_list() == [-2, 3, None]


def _evil_season():  # type: ignore[no-untyped-def]
    seats = (EVIL, "Mina", "-Riku")
    rnd = jround(
        1, EVIL, 13, Suit.SPADES, None, True, (13, 7), {EVIL: 2, "Mina": -1, "-Riku": -1},
        alone=True, players=seats,
    )  # fmt: skip
    return build_season([judgement("e.nap", jgame(1, (rnd,), "2026-03-01", players=seats))])


def test_csv_round_trips_a_formula_name_as_inert_text(tmp_path: Path) -> None:
    season = _evil_season()
    target = tmp_path / "season.csv"
    write_csv(season.season, target)
    raw = target.read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf")
    with target.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    names = {r["player"] for r in rows}
    assert names == {"'" + EVIL, "Mina", "'-Riku"}
    # no cell of the file starts a formula, and negative numbers stay numbers
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "@", "\t", "\r")), value
    riku = next(r for r in rows if r["player"] == "'-Riku")
    assert riku["points"] == "-1"
    # the reader's view equals the table with the guard applied
    back = pl.read_csv(target, schema=schema("season"))
    assert back["player"].to_list() == [
        ("'" + n) if n != "Mina" else n for n in season.season["player"]
    ]


def test_excel_csv_has_a_bom(tmp_path: Path) -> None:
    target = tmp_path / "rounds.csv"
    write_csv(_evil_season().rounds, target, excel=True)
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    header = raw[3:].decode("utf-8").splitlines()[0]
    assert header.split(",")[:3] == ['"round_id"', '"file"', '"game"']


def test_parquet_is_partitioned_by_year(tmp_path: Path) -> None:
    season = _evil_season()
    tables = {n: season.table(n) for n in ("rounds", "player_rounds", "tricks", "season")}
    write_parquet(tables, tmp_path / "pq")
    assert (tmp_path / "pq" / "rounds" / "year=2026").is_dir()
    assert (tmp_path / "pq" / "season.parquet").is_file()
    assert (tmp_path / "pq" / "tricks").is_dir()  # empty table: a directory, no file
    rounds = pl.read_parquet(tmp_path / "pq" / "rounds", hive_partitioning=True)
    assert rounds.select(sorted(rounds.columns)).equals(
        season.rounds.select(sorted(season.rounds.columns))
    )
    # Parquet keeps the text as it is: the guard is for spreadsheets only
    assert pl.read_parquet(tmp_path / "pq" / "season.parquet")["player"][0] == EVIL
    with pytest.raises(OutputExists):
        write_parquet(tables, tmp_path / "pq")
    write_parquet(tables, tmp_path / "pq", overwrite=True)
    assert len(list((tmp_path / "pq" / "rounds").rglob("*.parquet"))) == 1


def test_parquet_reads_as_a_hive_dataset_without_polars(tmp_path: Path) -> None:
    ds = pytest.importorskip("pyarrow.dataset")
    season = _evil_season()
    write_parquet({"rounds": season.rounds}, tmp_path)
    table = ds.dataset(tmp_path / "rounds", format="parquet", partitioning="hive").to_table()
    assert table.num_rows == 1
    assert table.column("year").to_pylist() == [2026]
    assert table.column("player_1").to_pylist() == [EVIL]

"""`napkifu export` and `napkifu stats` from the command line, on real records."""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl
import pytest

from napkifu.analysis import schema
from napkifu.cli import main

RECORDS = Path(__file__).parent / "records" / "analysis"
SEASON_DIR = RECORDS / "season"
EVIL = '=HYPERLINK("x")'


def test_export_season_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "season.csv"
    assert main(["export", str(SEASON_DIR), "--season", str(out)]) == 0
    df = pl.read_csv(out, schema=schema("season"))
    assert df["player"].to_list()[:2] == ["さくら", "ハル"]
    assert df.row(0, named=True)["points"] == 8
    err = capsys.readouterr().err
    assert "5 files, 10 rounds (1 duplicates), 1 excluded" in err
    assert "NAP602" in err and "game 1 round 2" in err


def test_export_every_table_and_parquet(tmp_path: Path) -> None:
    args = ["export", str(SEASON_DIR), "-q", "--parquet", str(tmp_path / "pq")]
    for table in ("rounds", "player-rounds", "tricks", "bids", "excluded"):
        args += [f"--{table}", str(tmp_path / f"{table}.csv")]
    assert main(args) == 0
    assert pl.read_csv(tmp_path / "rounds.csv").height == 10
    assert pl.read_csv(tmp_path / "player-rounds.csv").height == 40
    assert pl.read_csv(tmp_path / "tricks.csv").height == 10
    assert pl.read_csv(tmp_path / "excluded.csv")["code"].to_list() == ["NAP602"]
    years = sorted(p.name for p in (tmp_path / "pq" / "rounds").iterdir())
    assert years == ["year=2026"]
    back = pl.read_parquet(tmp_path / "pq" / "player_rounds", hive_partitioning=True)
    assert back.height == 40
    assert main(args) == 2  # the Parquet tables are there: not replaced without --overwrite
    assert main([*args, "--overwrite"]) == 0


def test_export_filters(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    assert main(["export", str(SEASON_DIR), "-q", "--season", str(out), "--player", "Ken"]) == 0
    assert pl.read_csv(out)["player"].to_list() == ["Ken"]
    args = ["export", str(SEASON_DIR), "-q", "--rounds", str(out), "--since", "2026-03-01"]
    assert main(args) == 0
    assert pl.read_csv(out)["players_count"].to_list() == [6, 6]
    with pytest.raises(SystemExit) as exc:
        main(["export", str(SEASON_DIR), "--since", "March"])
    assert exc.value.code == 2


def test_formula_name_round_trips_as_inert_text(tmp_path: Path) -> None:
    out = tmp_path / "season.csv"
    rounds = tmp_path / "rounds.csv"
    args = [
        "export",
        str(RECORDS / "injection"),
        "-q",
        "--season",
        str(out),
        "--rounds",
        str(rounds),
    ]
    assert main([*args, "--excel"]) == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")
    with out.open(encoding="utf-8-sig", newline="") as fh:
        players = {r["player"]: r for r in csv.DictReader(fh)}
    assert set(players) == {"'" + EVIL, "Mina", "'-Riku"}
    assert players["'" + EVIL]["points"] == "-1"
    assert players["Mina"]["points"] == "2"
    with rounds.open(encoding="utf-8-sig", newline="") as fh:
        (row,) = list(csv.DictReader(fh))
    assert row["player_1"] == "'" + EVIL and row["player_3"] == "'-Riku"
    assert row["score_1"] == "-1"  # numbers are not neutralised
    for value in row.values():
        assert not value.startswith(("=", "+", "@", "\t", "\r")), value


def test_export_to_stdout_and_missing_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(SEASON_DIR / "2026-02-14-four.nap"), "-q"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith('"player","games"')
    assert len(out.splitlines()) == 5
    assert main(["export", "no/such/dir"]) == 2
    assert "no such file" in capsys.readouterr().err.lower()


def test_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(SEASON_DIR), "-q"]) == 0
    out = capsys.readouterr().out
    assert "さくら" in out and "Taro Y." in out and "napoleon_win_rate" in out
    assert out.index("さくら") < out.index("Ken")
    assert main(["stats", str(SEASON_DIR), "-q", "--sort", "points", "--asc"]) == 0
    out = capsys.readouterr().out
    assert out.index("Ken") < out.index("さくら")
    assert main(["stats", str(SEASON_DIR), "-q", "--sort", "nonsense"]) == 2
    assert main(["stats", str(SEASON_DIR), "-q", "--all", "--explain", "--lang", "ja"]) == 0
    both = capsys.readouterr()  # piped: CSV on stdout, the notes on stderr
    assert "contracts_by_bid" in both.out and "合計得点" in both.err


def test_progress_bar_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from napkifu.analysis import load_season

    load_season([SEASON_DIR], progress=True)
    assert capsys.readouterr().err == ""  # stderr is not a terminal here
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich: behave as on a terminal
    load_season([SEASON_DIR], progress=True)
    assert "reading records" in capsys.readouterr().err

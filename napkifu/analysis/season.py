"""A season: many files of many games, as polars tables.

Files are turned into rows one at a time (:func:`napkifu.analysis.rows.file_rows`)
and gathered by a :class:`SeasonBuilder`, which marks duplicate rounds as they
arrive and packs rows into DataFrames in chunks, so memory grows with the rows
kept and not with the size of the files read.

Duplicates: a round whose ``round_id`` was already seen (earlier in path order)
stays in ``rounds`` with ``duplicate_of`` pointing at the first one, and is left
out of ``player_rounds``, ``tricks``, ``bids`` and so of every season figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from napkifu.analysis.columns import COLUMNS, schema
from napkifu.analysis.filters import SeasonFilter
from napkifu.analysis.rows import FileRows, Row, expand_paths, file_rows, judgement_rows
from napkifu.replay.results import Judgement

CHUNK_ROWS = 20_000
"""Rows held as Python dicts before they are packed into a DataFrame chunk."""


def _empty(table: str) -> pl.DataFrame:
    return pl.DataFrame(schema=schema(table))


@dataclass
class Season:
    """The tables of a season (columns: :data:`napkifu.analysis.COLUMNS`)."""

    rounds: pl.DataFrame
    player_rounds: pl.DataFrame
    tricks: pl.DataFrame
    season: pl.DataFrame
    excluded: pl.DataFrame
    files: int
    bids: pl.DataFrame = field(default_factory=lambda: _empty("bids"))
    contracts: pl.DataFrame = field(default_factory=lambda: _empty("contracts"))

    def table(self, name: str) -> pl.DataFrame:
        if name not in COLUMNS:
            raise KeyError(name)
        return getattr(self, name)


class _Table:
    def __init__(self, name: str) -> None:
        self.schema = schema(name)
        self.rows: list[Row] = []
        self.frames: list[pl.DataFrame] = []

    def extend(self, rows: list[Row]) -> None:
        self.rows.extend(rows)
        if len(self.rows) >= CHUNK_ROWS:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            self.frames.append(pl.from_dicts(self.rows, schema=self.schema))
            self.rows = []

    def frame(self) -> pl.DataFrame:
        self.flush()
        if not self.frames:
            return pl.DataFrame(schema=self.schema)
        return pl.concat(self.frames, how="vertical")


class SeasonBuilder:
    """Gathers :class:`FileRows` in path order (which decides the original of a duplicate)."""

    def __init__(self, filters: SeasonFilter | None = None) -> None:
        self.filters = filters or SeasonFilter()
        self.files = 0
        self._seen: dict[str, str] = {}
        self._tables = {
            name: _Table(name) for name in ("rounds", "player_rounds", "tricks", "bids", "excluded")
        }

    def add(self, rows: FileRows) -> None:
        self.files += 1
        dupes: set[tuple[int, int]] = set()
        for row in rows.rounds:
            here = f"{row['file']}:{row['game']}:{row['round']}"
            first = self._seen.setdefault(row["round_id"], here)
            if first != here:
                row["duplicate_of"] = first
                dupes.add((row["game"], row["round"]))
        self._tables["rounds"].extend(rows.rounds)
        self._tables["excluded"].extend(rows.excluded)
        for name in ("player_rounds", "tricks", "bids"):
            kept = [r for r in getattr(rows, name) if (r["game"], r["round"]) not in dupes]
            self._tables[name].extend(kept)

    def finish(self) -> Season:
        frames = {name: table.frame() for name, table in self._tables.items()}
        season, contracts = season_tables(
            frames["player_rounds"], frames["bids"], self.filters.players
        )
        return Season(
            rounds=frames["rounds"],
            player_rounds=frames["player_rounds"],
            tricks=frames["tricks"],
            season=season,
            excluded=frames["excluded"],
            files=self.files,
            bids=frames["bids"],
            contracts=contracts,
        )


def build_season(judgements: Iterable[Judgement], filters: SeasonFilter | None = None) -> Season:
    """The season of already judged files (consumed one at a time)."""
    builder = SeasonBuilder(filters)
    for judgement in judgements:
        builder.add(judgement_rows(judgement, filters))
    return builder.finish()


def load_season(
    paths: Sequence[str | Path], filters: SeasonFilter | None = None, progress: bool = False
) -> Season:
    """The season of the records in ``paths`` (files, and directories searched for
    ``*.nap``), read file by file. ``progress`` shows a bar on a terminal's stderr.
    Raises FileNotFoundError for a path that does not exist."""
    files = expand_paths(list(paths))
    builder = SeasonBuilder(filters)
    for rows in _with_progress((file_rows(f, filters) for f in files), len(files), progress):
        builder.add(rows)
    return builder.finish()


def _with_progress(items: Iterator[FileRows], total: int, show: bool) -> Iterator[FileRows]:
    if not show or total < 2:
        yield from items
        return
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    if not console.is_terminal:
        yield from items
        return
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("reading records", total=total)
        for item in items:
            yield item
            bar.advance(task)


def _rate(wins: str, rounds: str) -> pl.Expr:
    return pl.when(pl.col(rounds) > 0).then(pl.col(wins) / pl.col(rounds)).otherwise(None)


def season_tables(
    player_rounds: pl.DataFrame, bids: pl.DataFrame, players: tuple[str, ...] = ()
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The ``season`` table (one row per player) and the ``contracts`` table (per
    player and bid level), from duplicate-free player rounds and bids."""
    role, won = pl.col("role"), pl.col("won").fill_null(False)
    nap = role == "napoleon"

    def count(cond: pl.Expr) -> pl.Expr:
        return cond.fill_null(False).sum().cast(pl.Int64)

    base = player_rounds.group_by("player").agg(
        games=pl.struct("file", "game").n_unique().cast(pl.Int64),
        rounds=pl.len().cast(pl.Int64),
        points=pl.when(pl.col("points").count() > 0)
        .then(pl.col("points").sum())
        .cast(pl.Int64),  # null, not 0, when no round had points (``scoring none``)
        points_avg=pl.col("points").mean(),
        napoleon_rounds=count(nap),
        napoleon_wins=count(nap & won),
        adjutant_rounds=count(role == "adjutant"),
        adjutant_wins=count((role == "adjutant") & won),
        allied_rounds=count(role == "allied"),
        allied_wins=count((role == "allied") & won),
        alone_rounds=count(nap & pl.col("alone")),
        alone_wins=count(nap & pl.col("alone") & won),
        honors_avg=pl.col("honors").mean(),
    )
    made = (
        bids.filter(pl.col("bid").is_not_null() & pl.col("player").is_not_null())
        .group_by("player")
        .agg(bids_made=pl.len().cast(pl.Int64), bid_avg=pl.col("bid").mean())
    )
    contracts = (
        player_rounds.filter(nap)
        .group_by("player", "bid")
        .agg(rounds=pl.len().cast(pl.Int64), wins=count(won))
        .with_columns(win_rate=_rate("wins", "rounds"))
        .sort("player", "bid")
    )
    by_bid = contracts.group_by("player", maintain_order=True).agg(
        contracts_by_bid=pl.format("{}:{}/{}", "bid", "wins", "rounds").str.join(" ")
    )
    partner = (
        player_rounds.filter(pl.col("partner").is_not_null())
        .group_by("player", "partner")
        .agg(partner_rounds=pl.len().cast(pl.Int64))
        .sort(["player", "partner_rounds", "partner"], descending=[False, True, False])
        .group_by("player", maintain_order=True)
        .first()
    )
    season = (
        base.join(made, on="player", how="left")
        .join(by_bid, on="player", how="left")
        .join(partner, on="player", how="left")
        .with_columns(
            bids_made=pl.col("bids_made").fill_null(0),
            napoleon_win_rate=_rate("napoleon_wins", "napoleon_rounds"),
            adjutant_win_rate=_rate("adjutant_wins", "adjutant_rounds"),
            allied_win_rate=_rate("allied_wins", "allied_rounds"),
        )
    )
    if players:
        season = season.filter(pl.col("player").is_in(players))
        contracts = contracts.filter(pl.col("player").is_in(players))
    season = season.select(
        [pl.col(name).cast(dtype) for name, dtype in schema("season").items()]
    ).sort(["points", "player"], descending=[True, False], nulls_last=True)
    contracts = contracts.select(
        [pl.col(name).cast(dtype) for name, dtype in schema("contracts").items()]
    )
    return season, contracts

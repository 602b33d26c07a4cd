"""A season: many files of many games, as polars tables.

Files are turned into rows one at a time (:func:`napkifu.analysis.rows.file_rows`),
in worker processes when asked (:func:`napkifu.analysis.frames.judged_frames`, which
also caches them; a cached file is read without a worker), and
gathered in path order by a :class:`SeasonBuilder` as each file's DataFrames
(its rows are held column by column only until then), so memory grows with the
rows kept and not with the size of the files read; duplicate rounds are marked
once, over all rounds, at the end.

Duplicates: a round whose ``round_id`` was already seen (earlier in path order)
stays in ``rounds`` with ``duplicate_of`` pointing at the first one, and is left
out of ``player_rounds``, ``tricks``, ``bids`` and so of every season figure.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import polars as pl

from napkifu.analysis.columns import COLUMNS, schema
from napkifu.analysis.filters import SeasonFilter
from napkifu.analysis.frames import (
    FILE_TABLES,
    CacheEntry,
    cache_entry,
    judged_frames,
    read_cached,
    rows_frames,
)
from napkifu.analysis.rows import (
    FileRows,
    expand_paths,
    file_row_chunks,
    judgement_rows,
)
from napkifu.cache import ResultCache
from napkifu.parallel import jobs_for, run_jobs
from napkifu.replay.results import Judgement

T = TypeVar("T")


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


def concat_frames(table: str, frames: Iterable[pl.DataFrame]) -> pl.DataFrame:
    """Frames of ``table`` one after the other (an empty one adds nothing; none at
    all: the table empty, with its schema)."""
    kept = [f for f in frames if f.height]
    return pl.concat(kept, how="vertical", rechunk=False) if kept else _empty(table)


class _Table:
    """A table's frames in path order."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.frames: list[pl.DataFrame] = []

    def append(self, frame: pl.DataFrame) -> None:
        if frame.height:
            self.frames.append(frame)

    def frame(self) -> pl.DataFrame:
        return concat_frames(self.name, self.frames)


class SeasonBuilder:
    """Gathers files' rows in path order (which decides the original of a duplicate):
    as :class:`FileRows` (:meth:`add`) or as frames made in a worker process
    (:meth:`add_frames`). Duplicates are marked once, over all rounds, at the end."""

    def __init__(self, filters: SeasonFilter | None = None) -> None:
        self.filters = filters or SeasonFilter()
        self.files = 0
        self._tables = {name: _Table(name) for name in FILE_TABLES}

    def add(self, rows: FileRows) -> None:
        self.add_frames(rows_frames(rows))

    def add_frames(self, frames: dict[str, pl.DataFrame], files: int = 1) -> None:
        """One file's tables (``files=0``: a later piece of the previous file; a
        table it lacks adds no rows: the tricks of a file judged without them)."""
        self.files += files
        for name in FILE_TABLES:
            if name in frames:
                self._tables[name].append(frames[name])

    def finish(self) -> Season:
        frames = {name: table.frame() for name, table in self._tables.items()}
        self._tables = {name: _Table(name) for name in FILE_TABLES}
        frames = _mark_duplicates(frames)
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


def _mark_duplicates(frames: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame]:
    """``duplicate_of`` on every round whose ``round_id`` came earlier (in path
    order: the order of the rows), and the duplicates' rows out of the tables that
    feed the season figures."""
    rounds = frames["rounds"]
    if rounds.height == 0:
        return frames
    here = pl.format("{}:{}:{}", "file", "game", "round")
    first = here.first().over("round_id")
    rounds = rounds.with_columns(
        duplicate_of=pl.when(first != here).then(first).otherwise(None).cast(pl.String)
    )
    out = {**frames, "rounds": rounds}
    for name in ("player_rounds", "tricks", "bids"):
        out[name] = without_duplicates(frames[name], rounds)
    return out


def without_duplicates(table: pl.DataFrame, rounds: pl.DataFrame) -> pl.DataFrame:
    """``table`` less the rows of the rounds that ``rounds`` marks as duplicates
    (``duplicate_of``): also for a table built after the season (its tricks)."""
    dupes = rounds.filter(pl.col("duplicate_of").is_not_null()).select("file", "game", "round")
    if not dupes.height:
        return table
    return table.join(dupes, on=["file", "game", "round"], how="anti", maintain_order="left")


def build_season(judgements: Iterable[Judgement], filters: SeasonFilter | None = None) -> Season:
    """The season of already judged files (consumed one at a time)."""
    builder = SeasonBuilder(filters)
    for judgement in judgements:
        builder.add(judgement_rows(judgement, filters))
    return builder.finish()


def load_season(
    paths: Sequence[str | Path],
    filters: SeasonFilter | None = None,
    progress: bool = False,
    *,
    jobs: int = 1,
    cache_dir: str | None = None,
) -> Season:
    """The season of the records in ``paths`` (files, and directories searched for
    ``*.nap``), read file by file, on ``jobs`` processes (0: every core when
    there is enough to do, see :func:`napkifu.parallel.jobs_for`), with the
    per-file tables cached under ``cache_dir`` (None: no cache). ``progress`` shows
    a bar on a terminal's stderr. Raises FileNotFoundError for a path that does not
    exist."""
    files = expand_paths(list(paths))
    builder = SeasonBuilder(filters)
    for frames, new_file in stream_frames(files, filters, progress, jobs=jobs, cache_dir=cache_dir):
        builder.add_frames(frames, files=new_file)
    return builder.finish()


BIG_FILE = 4 << 20
"""Bytes from which a file is read in the main process, in pieces of
:data:`PIECE_ROUNDS` rounds, rather than whole by a worker: a file judged whole
holds its rows at once, about 20 bytes per byte of record (a 32 MB file took the
export to 754 MB; 4 MB keep a worker near 100 MB). Such files are not cached."""
PIECE_ROUNDS = 2_000


def stream_frames(
    files: list[str],
    filters: SeasonFilter | None = None,
    progress: bool = False,
    *,
    jobs: int = 1,
    cache_dir: str | None = None,
) -> Iterator[tuple[dict[str, pl.DataFrame], int]]:
    """The tables of each file in path order (see :func:`load_season`), as pairs
    (tables, 1 for a file's first piece and 0 for its later ones)."""
    judge = functools.partial(judged_frames, filters=filters, cache_dir=cache_dir)
    cache = ResultCache(cache_dir) if cache_dir is not None else None

    def judged(paths: list[str]) -> Iterator[dict[str, pl.DataFrame]]:
        """In path order: the cached files' tables read here, one at a time, the
        others judged by ``jobs`` processes (none started when all are cached)."""
        looked = cache_lookup(cache, paths, filters)
        todo = [(p, e) for p, e, hit in looked if not hit]
        fresh = run_jobs(judge, todo, jobs_for([p for p, _ in todo], jobs))
        for path, entry, hit in looked:
            if not hit:
                yield next(fresh)
            else:  # read now; an entry gone or damaged meanwhile is judged here
                yield read_cached(cache, entry[0]) or judge((path, entry))  # type: ignore[arg-type, index]

    def pieces() -> Iterator[tuple[dict[str, pl.DataFrame], int]]:
        for small, big in file_runs(files):
            yield from ((frames, 1) for frames in judged(small))
            if big is not None:
                chunks = file_row_chunks(big, filters, PIECE_ROUNDS)
                for number, rows in enumerate(chunks):
                    yield rows_frames(rows), int(number == 0)

    yield from with_progress(pieces(), len(files), progress)


Looked = tuple[str, "CacheEntry | None", bool]
"""A file, its cache entry (None: it cannot be read) and whether the cache has it."""


def cache_lookup(
    cache: ResultCache | None, paths: list[str], filters: SeasonFilter | None
) -> list[Looked]:
    """Each file's cache entry (each file hashed once) and whether it is cached."""
    entries = [cache_entry(cache, p, filters) if cache else None for p in paths]
    return [
        (p, e, cache is not None and e is not None and cache.has_bytes(e[0]))
        for p, e in zip(paths, entries, strict=True)
    ]


def file_runs(files: list[str]) -> Iterator[tuple[list[str], str | None]]:
    """``files`` in order as runs of small files (judged whole, by a pool), each
    followed by the big file that ends it (:data:`BIG_FILE` bytes or more, read in
    pieces in this process; None after the last run). A run may be empty."""
    small: list[str] = []
    for file in files:
        if not _is_big(file):
            small.append(file)
            continue
        yield small, file
        small = []
    if small:
        yield small, None


def _is_big(path: str) -> bool:
    try:
        return os.path.getsize(path) >= BIG_FILE
    except OSError:
        return False


def with_progress(
    items: Iterator[tuple[T, int]], total: int, show: bool
) -> Iterator[tuple[T, int]]:
    """``items`` with a bar advancing by each item's file count."""
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
            bar.advance(task, item[1])


def _rate(wins: str, rounds: str) -> pl.Expr:
    return pl.when(pl.col(rounds) > 0).then(pl.col(wins) / pl.col(rounds)).otherwise(None)


def games_played(player_rounds: pl.DataFrame) -> pl.DataFrame:
    """Each player's number of games: the distinct (file, game) of their rounds.

    Apart from the other season figures because a distinct count inside the
    per-player aggregation makes polars hold every round's file name at once
    (~460 MB for a million rounds read back from Parquet); as a ``unique`` of its
    own, joined in, it streams (~200 MB)."""
    return (
        player_rounds.select("player", "file", "game")
        .unique()
        .group_by("player")
        .agg(games=pl.len().cast(pl.Int64))
    )


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
        base.join(games_played(player_rounds), on="player", how="left")
        .join(made, on="player", how="left")
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

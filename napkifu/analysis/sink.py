"""A season written straight to Parquet (and CSV), in bounded memory.

A million rounds make about 4 GB of tables in memory (tricks alone 1.8 KB a
round), so ``napkifu export --parquet`` does not build them: each file's tables
arrive (from worker processes, in path order), are gathered until
:data:`FLUSH_ROUNDS` rounds, have their duplicates marked and are written as one
more part of each yearly table. The season and contracts tables are then
computed by polars' streaming engine from what was written. Memory follows
:data:`FLUSH_ROUNDS` and the ids of the rounds seen, not the corpus.

The layout is :func:`napkifu.analysis.write.write_parquet`'s: yearly tables as
``NAME/year=YYYY/*.parquet`` (here several parts per year), the others as
``NAME.parquet``. Reading a table's folder back gives the rows in the order the
in-memory export writes them. Each part of a big table can also be appended to
its CSV (:class:`napkifu.analysis.write.CsvWriter`): the same bytes as the CSV of
the whole table, path order and all.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from napkifu.analysis.columns import schema
from napkifu.analysis.frames import FILE_TABLES
from napkifu.analysis.season import season_tables
from napkifu.analysis.write import PARTITIONED, CsvWriter, OutputExists, write_parquet

FLUSH_ROUNDS = 10_000
"""Rounds gathered before a part is written (about 40 MB of tables)."""

# The season table reads the player rounds four times (totals, games, contracts,
# partners); polars' common-subplan elimination would hold one read of all of them
# in memory to share it (430 MB for a million rounds), so each reading streams.
_STREAMED = pl.QueryOptFlags(comm_subplan_elim=False)

# Every round id seen, with where it was first seen, is all the sink keeps of the
# parts it has written: ~20 bytes a round (the 16 hex digits as an integer, the file
# as a category), not ~80 as strings, so that a million rounds keep ~20 MB.
_ID = pl.col("round_id").str.to_integer(base=16, dtype=pl.UInt64)
_SEEN = {
    "id": pl.UInt64,
    "seen_file": pl.Categorical,
    "seen_game": pl.Int64,
    "seen_round": pl.Int64,
}
_SEEN_FROM_ROUNDS = (
    "id",
    pl.col("file").cast(pl.Categorical).alias("seen_file"),
    pl.col("game").alias("seen_game"),
    pl.col("round").alias("seen_round"),
)


@dataclass(frozen=True, slots=True)
class SinkResult:
    """What was written, for the summary on stderr and any CSV of the small tables."""

    files: int
    rounds: int
    duplicates: int
    excluded: pl.DataFrame
    season: pl.DataFrame
    contracts: pl.DataFrame


class ParquetSink:
    """Takes each file's tables (:func:`napkifu.analysis.frames.file_frames`) in
    path order; :meth:`finish` writes the last part and the season tables. ``csv``:
    writers that get each part of these big tables (rounds, player_rounds, tricks,
    bids) too; the caller closes them."""

    def __init__(self, directory: str | Path, players: tuple[str, ...] = (), *,
                 overwrite: bool = False, csv: Mapping[str, CsvWriter] | None = None) -> None:  # fmt: skip
        self.root = Path(directory)
        self.players = players
        self.csv = dict(csv or {})
        self.root.mkdir(parents=True, exist_ok=True)
        if not overwrite:
            taken = [
                t
                for t in (*(self.root / n for n in PARTITIONED), *self._flat_targets())
                if t.exists() and (t.is_file() or any(t.iterdir()))
            ]
            if taken:
                raise OutputExists(", ".join(str(t) for t in taken))
        for name in PARTITIONED:
            shutil.rmtree(self.root / name, ignore_errors=True)
            (self.root / name).mkdir()
        self.files = self.rounds = self.duplicates = 0
        self._pending: dict[str, list[pl.DataFrame]] = {n: [] for n in FILE_TABLES}
        self._pending_rounds = 0
        self._parts = 0
        self._excluded: list[pl.DataFrame] = []
        self._seen = pl.DataFrame(schema=_SEEN)

    def _flat_targets(self) -> list[Path]:
        return [self.root / f"{n}.parquet" for n in ("season", "contracts", "excluded")]

    def add_frames(self, frames: dict[str, pl.DataFrame], files: int = 1) -> None:
        """One file's tables (``files=0``: a later piece of the previous file)."""
        self.files += files
        for name in FILE_TABLES:
            if frames[name].height:
                self._pending[name].append(frames[name])
        self._pending_rounds += frames["rounds"].height
        if self._pending_rounds >= FLUSH_ROUNDS:
            self._flush()

    def extend(self, stream: Iterable[tuple[dict[str, pl.DataFrame], int]]) -> ParquetSink:
        """Add every (tables, file count) of :func:`napkifu.analysis.season.stream_frames`."""
        for frames, files in stream:
            self.add_frames(frames, files)
        return self

    def _take(self, name: str) -> pl.DataFrame:
        frames, self._pending[name] = self._pending[name], []
        if not frames:
            return pl.DataFrame(schema=schema(name))
        return pl.concat(frames, how="vertical")

    def _flush(self) -> None:
        self._pending_rounds = 0
        self._excluded.append(self._take("excluded"))
        here = pl.format("{}:{}:{}", "file", "game", "round")
        earlier = pl.format(
            "{}:{}:{}", pl.col("seen_file").cast(pl.String), "seen_game", "seen_round"
        )
        # The first of each id: an earlier part's, else the first in this part.
        rounds = (
            self._take("rounds")
            .with_columns(id=_ID, here=here)
            .join(self._seen, on="id", how="left", maintain_order="left")
            .with_columns(first=pl.coalesce(earlier, pl.col("here").first().over("id")))
            .with_columns(
                duplicate_of=pl.when(pl.col("first") != pl.col("here")).then("first").cast(pl.String)
            )
        )  # fmt: skip
        new = rounds.filter(pl.col("duplicate_of").is_null()).unique("id", keep="first")
        self._seen = pl.concat([self._seen, new.select(*_SEEN_FROM_ROUNDS)])
        dupes = rounds.filter(pl.col("duplicate_of").is_not_null()).select("file", "game", "round")
        self.rounds += rounds.height
        self.duplicates += dupes.height
        tables = {"rounds": rounds.select(list(schema("rounds")))}
        for name in ("player_rounds", "tricks", "bids"):
            table = self._take(name)
            if dupes.height:
                table = table.join(
                    dupes, on=["file", "game", "round"], how="anti", maintain_order="left"
                )
            tables[name] = table
        for name, table in tables.items():
            self._write_part(name, table)
            if name in self.csv:
                self.csv[name].append(table)
        self._parts += 1

    def _write_part(self, name: str, table: pl.DataFrame) -> None:
        """One more part of each year of ``name``: written by polars as the in-memory
        export writes a whole table, then renamed so parts never collide."""
        if not table.height:
            return
        with tempfile.TemporaryDirectory(dir=self.root, prefix=".part-") as tmp:
            table.write_parquet(Path(tmp), partition_by="year")
            for file in sorted(Path(tmp).rglob("*.parquet")):
                target = self.root / name / file.parent.name / f"part-{self._parts:05d}-{file.name}"
                target.parent.mkdir(exist_ok=True)
                file.replace(target)

    def finish(self) -> SinkResult:
        self._flush()
        excluded = pl.concat(self._excluded, how="vertical")
        lazy = {name: self._scan(name) for name in ("player_rounds", "bids")}
        season, contracts = season_tables(lazy["player_rounds"], lazy["bids"], self.players)  # type: ignore[arg-type]
        season_df = season.collect(engine="streaming", optimizations=_STREAMED)  # type: ignore[attr-defined]
        contracts_df = contracts.collect(engine="streaming", optimizations=_STREAMED)  # type: ignore[attr-defined]
        write_parquet(
            {"season": season_df, "contracts": contracts_df, "excluded": excluded},
            self.root,
            overwrite=True,  # taken or not was settled when the sink was opened
        )
        return SinkResult(
            self.files, self.rounds, self.duplicates, excluded, season_df, contracts_df
        )

    def _scan(self, name: str) -> pl.LazyFrame:
        folder = self.root / name
        if not any(folder.rglob("*.parquet")):
            return pl.LazyFrame(schema=schema(name))
        return pl.scan_parquet(folder, hive_partitioning=True).select(list(schema(name)))

"""A season written straight to Parquet (and CSV), in bounded memory.

A million rounds make about 4 GB of tables in memory (tricks alone 1.8 KB a
round), so ``napkifu export --parquet`` does not build them: the files are
written part by part where they are judged (:mod:`napkifu.analysis.parts`: a
worker writes the parts of the files it judged), and the sink takes each
:class:`~napkifu.analysis.parts.Part` in path order, marks its duplicates against
every round seen before, rewriting the part in the rare case that it holds one,
and appends it to any CSV of the big tables. The season and contracts tables are
then computed by polars' streaming engine from what was written. Memory follows
the parts in flight and the ids of the rounds seen, not the corpus.

The layout is :func:`napkifu.analysis.write.write_parquet`'s: yearly tables as
``NAME/year=YYYY/*.parquet`` (here several parts per year), the others as
``NAME.parquet``. Reading a table's folder back gives the rows in the order the
in-memory export writes them. Each part of a big table can also be appended to
its CSV (:class:`napkifu.analysis.write.CsvWriter`): the same bytes as the CSV of
the whole table, path order and all.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from napkifu.analysis.columns import schema
from napkifu.analysis.filters import SeasonFilter
from napkifu.analysis.parts import Part, stream_parts, write_table
from napkifu.analysis.season import season_tables, with_progress
from napkifu.analysis.write import PARTITIONED, CsvWriter, OutputExists, write_parquet

_KEYS = ["file", "game", "round"]

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
        self._excluded: list[pl.DataFrame] = [pl.DataFrame(schema=schema("excluded"))]
        self._seen = pl.DataFrame(schema=_SEEN)

    def _flat_targets(self) -> list[Path]:
        return [self.root / f"{n}.parquet" for n in ("season", "contracts", "excluded")]

    def write(
        self,
        files: list[str],
        filters: SeasonFilter | None = None,
        progress: bool = False,
        *,
        jobs: int = 1,
        cache_dir: str | None = None,
    ) -> SinkResult:
        """Judge ``files`` on ``jobs`` processes (tables cached under ``cache_dir``),
        write every part and then the season tables."""
        parts = stream_parts(
            files, self.root, filters, jobs=jobs, cache_dir=cache_dir, keep_tables=bool(self.csv)
        )
        for part, _files in with_progress(((p, p.files) for p in parts), len(files), progress):
            self.add_part(part)
        return self.finish()

    def add_part(self, part: Part) -> None:
        """One more part, written; the parts come in path order."""
        self.files += part.files
        self._excluded.append(part.excluded)
        here = pl.format("{}:{}:{}", "file", "game", "round")
        earlier = pl.format(
            "{}:{}:{}", pl.col("seen_file").cast(pl.String), "seen_game", "seen_round"
        )
        # The first of each id: an earlier part's, else the first in this part.
        rounds = (
            part.rounds
            .with_columns(id=_ID, here=here)
            .join(self._seen, on="id", how="left", maintain_order="left")
            .with_columns(first=pl.coalesce(earlier, pl.col("here").first().over("id")))
            .with_columns(
                duplicate_of=pl.when(pl.col("first") != pl.col("here")).then("first").cast(pl.String)
            )
        )  # fmt: skip
        new = rounds.filter(pl.col("duplicate_of").is_null()).unique("id", keep="first")
        self._seen = pl.concat([self._seen, new.select(*_SEEN_FROM_ROUNDS)])
        dupes = rounds.filter(pl.col("duplicate_of").is_not_null()).select(*_KEYS, "duplicate_of")
        self.rounds += rounds.height
        self.duplicates += dupes.height
        tables = self._rewrite(part, dupes) if dupes.height else part.tables
        for name, writer in self.csv.items():  # (a sink with CSV asks for the tables)
            writer.append(tables[name])  # type: ignore[index]

    def _rewrite(self, part: Part, dupes: pl.DataFrame) -> dict[str, pl.DataFrame]:
        """Part ``part`` again with its duplicates marked in ``rounds`` and left out of
        the other tables (rare: a round recorded twice). Its tables are the ones kept,
        else read back from the files written."""
        tables = dict(part.tables) if part.tables is not None else {
            name: _read_back(name, paths) for name, paths in part.written.items()
        }  # fmt: skip
        marked = dupes.rename({"duplicate_of": "marked"})
        tables["rounds"] = (
            tables["rounds"]
            .join(marked, on=_KEYS, how="left", maintain_order="left")
            .with_columns(duplicate_of=pl.coalesce("marked", "duplicate_of"))
            .select(list(schema("rounds")))
        )
        for name in ("player_rounds", "tricks", "bids"):
            tables[name] = tables[name].join(dupes, on=_KEYS, how="anti", maintain_order="left")
        for name, paths in part.written.items():
            for path in paths:
                Path(path).unlink()
            write_table(self.root, name, part.number, tables[name])
        return tables

    def finish(self) -> SinkResult:
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


def _read_back(name: str, paths: tuple[str, ...]) -> pl.DataFrame:
    """A part's table as written: its files (one a year) with their years."""
    if not paths:
        return pl.DataFrame(schema=schema(name))
    table = pl.read_parquet(list(paths), hive_partitioning=True)
    return table.select(list(schema(name))).cast(schema(name))  # type: ignore[arg-type]

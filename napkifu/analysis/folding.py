"""Judged files' rows → their tables, a run of files at once, and folded while
the others are judged.

A load (:mod:`napkifu.analysis.sources`) gets each file judged as plain rows
(:mod:`napkifu.analysis.source_rows`). polars builds a frame at ~20 µs a column
whatever its length, so the rows of consecutive files are made into DataFrames
together (file by file took five times the CPU); and so that this is not all left
for the end of a load, when the other core is idle, a :class:`Folder` makes them
:data:`FOLD_FILES` files at a time as they come in, on the server's thread between
the files it judges itself (:func:`napkifu.parallel.share_jobs`' ``between``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl

from napkifu.analysis.columnar import FileRows
from napkifu.analysis.frames import FILE_TABLES, rows_frames
from napkifu.analysis.source_rows import INDEX_COLUMNS, SourceRows

Tables = dict[str, pl.DataFrame]
"""A file's (or a run of files') tables by name."""

PROBLEM_SCHEMA = {
    "file": pl.String, "line": pl.Int64, "column": pl.Int64, "code": pl.String,
    "severity": pl.String, "message": pl.String, "message_ja": pl.String,
    "game": pl.Int64, "round": pl.Int64, "trick": pl.Int64,
}  # fmt: skip
INDEX_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "file": pl.String, "game": pl.Int64, "round": pl.Int64, "title": pl.String,
    "date": pl.String, "kind": pl.String, "napoleon": pl.String, "contract": pl.String,
    "errors": pl.Int64, "line": pl.Int64, "preset": pl.String, "players": pl.List(pl.String),
}  # fmt: skip


Judged = tuple["str | None", SourceRows]
"""A judged file in a load: its cache key (None: not cached) and its rows."""


def gathered(run: Sequence[Judged], tables: set[str]) -> tuple[Tables, list[tuple[str, Tables]]]:
    """The ``tables`` of files judged one after another (in path order), each made
    once for all of them (polars builds a frame at ~20 µs a column whatever its
    length: file by file took five times the CPU), and each keyed file's own
    tables, slices of those, for the result cache (not a crashed file's)."""
    rows = run[0][1].rows if len(run) == 1 else FileRows("")
    problems: list[dict[str, Any]] = []
    index: dict[str, list[Any]] = {c: [] for c in INDEX_COLUMNS}
    starts = []
    for _key, judged in run:
        starts.append(_lengths(rows, problems, index, len(run) > 1))
        if len(run) > 1:
            rows.extend(judged.rows)
        problems.extend(judged.problems)
        for column, values in index.items():
            values.extend(judged.index[column])
    ends = [*starts[1:], _lengths(rows, problems, index, True)]
    frames = rows_frames(rows)
    frames["problems"] = pl.DataFrame(problems, schema=PROBLEM_SCHEMA)
    frames["index"] = pl.DataFrame(
        {**index, "players": _seats(index["players"])}, schema=INDEX_SCHEMA
    )
    frames = {name: frame for name, frame in frames.items() if name in tables}
    own = [
        (key, {name: frame.slice(a[name], b[name] - a[name]) for name, frame in frames.items()})
        for (key, judged), a, b in zip(run, starts, ends, strict=True)
        if key is not None and not judged.crashed
    ]
    return frames, own


_SEP = "\x1f"


def _seats(players: list[list[str]]) -> pl.Series:
    """The index's ``players`` column: each round's seats joined and split again by
    polars (from a list of lists polars makes a Series of each: 40 ms of every
    10,000 rounds); as lists when a round has no seats or a name holds the separator."""
    if all(players) and not any(_SEP in name for seats in players for name in seats):
        return pl.Series([_SEP.join(seats) for seats in players], dtype=pl.String).str.split(_SEP)
    return pl.Series(players, dtype=pl.List(pl.String))


def _lengths(
    rows: FileRows, problems: list[Any], index: dict[str, list[Any]], filled: bool
) -> dict[str, int]:
    """Where the next file's rows start in each table (``filled``: as ``rows`` is;
    else it is still empty: a lone file's rows are used as they are, not copied)."""
    held = {name: len(getattr(rows, name)) if filled else 0 for name in FILE_TABLES}
    return {**held, "problems": len(problems), "index": len(index["file"])}


FOLD_FILES = 8
"""Files folded into tables at a time while a load goes on (about 0.02 s of a
server's CPU each time; what is left at the end is a few files' worth)."""


class Folder:
    """The judged files of a load (its to-do list, in file order) folded into
    tables :data:`FOLD_FILES` at a time as their rows come in, from either end
    (a worker takes files from the front, the server from the back), never across
    a cached file (``runs``: each file's run number). Called with the results so far
    (None: not in yet); :meth:`finish` folds the rest."""

    def __init__(self, keys: Sequence[str | None], runs: Sequence[int], tables: set[str]) -> None:
        self.keys, self.runs, self.tables = keys, runs, tables
        self.front, self.back = 0, len(keys)  # [front, back) not folded
        self.folded: dict[int, tuple[Tables, int]] = {}  # first file → tables, files
        self.own: list[tuple[str, Tables]] = []  # each keyed file's tables, for the cache

    def __call__(self, results: Sequence[SourceRows | None]) -> None:
        while (end := self._front_chunk()) is not None and _all_in(results, self.front, end):
            self._fold(self.front, end, results)
            self.front = end
        while (start := self._back_chunk()) is not None and _all_in(results, start, self.back):
            self._fold(start, self.back, results)
            self.back = start

    def finish(self, results: Sequence[SourceRows | None]) -> list[tuple[Tables, int]]:
        """Fold what is left (every result is in) and give every fold in file order."""
        start = self.front
        for k in range(self.front + 1, self.back + 1):
            if k == self.back or self.runs[k] != self.runs[start]:
                self._fold(start, k, results)
                start = k
        return [self.folded[k] for k in sorted(self.folded)]

    def _front_chunk(self) -> int | None:
        """The end of a whole chunk at the front (full, or ending its run), or None."""
        start, end = self.front, self.front + 1
        if start >= self.back:
            return None
        while end < self.back and end - start < FOLD_FILES and self.runs[end] == self.runs[start]:
            end += 1
        whole = end - start == FOLD_FILES or (
            end < len(self.runs) and self.runs[end] != self.runs[start]
        )
        return end if whole else None

    def _back_chunk(self) -> int | None:
        end, start = self.back, self.back - 1
        if start < self.front:
            return None
        while (
            start > self.front
            and end - start < FOLD_FILES
            and self.runs[start - 1] == self.runs[end - 1]
        ):
            start -= 1
        whole = (
            end - start == FOLD_FILES or start == 0 or self.runs[start - 1] != self.runs[end - 1]
        )
        return start if whole else None

    def _fold(self, start: int, end: int, results: Sequence[SourceRows | None]) -> None:
        run = [(self.keys[k], results[k]) for k in range(start, end)]
        tables, own = gathered(run, self.tables)  # type: ignore[arg-type]  # (every one is in)
        self.folded[start] = (tables, end - start)
        self.own.extend(own)


def _all_in(results: Sequence[SourceRows | None], start: int, end: int) -> bool:
    return all(results[k] is not None for k in range(start, end))

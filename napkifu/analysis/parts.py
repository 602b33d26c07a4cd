"""A season's big tables written to Parquet part by part, where they are made.

``napkifu export`` judges files on several processes. Handing each file's tables
from the worker that made them to the main process, which then wrote them, cost
45–55 µs of CPU a round (pickling, the pipe, unpickling: a sixth of the whole
export of a full record). So a worker takes a group of consecutive files
(:data:`GROUP_BYTES` of records), writes their tables as one part of each yearly
table itself (:func:`write_part`), and sends back only a :class:`Part`: what the
sink needs to mark duplicates in path order (each round's place and id) and the
excluded rows. The tables themselves travel only when a CSV of them is wanted.

Parts are numbered in path order before any is judged, so the folder of a table
read back gives its rows in path order (within each year), whichever process
wrote which part and whenever. A big file is read in the main process in pieces
(:func:`napkifu.analysis.rows.file_row_chunks`), a part per :data:`FLUSH_ROUNDS`
rounds.
"""

from __future__ import annotations

import functools
import itertools
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from napkifu.analysis import season
from napkifu.analysis.columnar import COLUMNAR_TABLES
from napkifu.analysis.filters import SeasonFilter
from napkifu.analysis.frames import FILE_TABLES, judged_frames, read_cached, rows_frames
from napkifu.analysis.rows import FileRows, file_row_chunks, file_rows
from napkifu.cache import ResultCache
from napkifu.gcpause import paused_gc
from napkifu.parallel import jobs_for, run_jobs

GROUP_BYTES = 2 << 20
"""Bytes of records a worker turns into one part (~3,000 rounds of full records:
a few hundred parts for a million rounds, and ~20 MB of tables in a worker)."""
FLUSH_ROUNDS = 3_000
"""Rounds of a big file (:data:`napkifu.analysis.season.BIG_FILE`), read in pieces,
gathered before a part is written: about a group's worth (10,000 rounds took a
33 MB file's export to 245 MB, 2,000 to 166 MB)."""

PLACE = ("file", "game", "round", "round_id")
"""What a :class:`Part` tells of each of its rounds."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part, written: ``rounds`` places each of its rounds (:data:`PLACE`, in
    path order), ``written`` names the Parquet files of each table, ``files`` counts
    the files begun in it; ``tables`` holds the big tables themselves only when the
    sink asked for them (to write CSV)."""

    number: int
    files: int
    rounds: pl.DataFrame
    excluded: pl.DataFrame
    written: dict[str, tuple[str, ...]]
    tables: dict[str, pl.DataFrame] | None = None


def write_part(
    root: Path,
    number: int,
    frames: list[dict[str, pl.DataFrame]],
    files: int,
    keep_tables: bool = False,
) -> Part:
    """Write the tables of ``frames`` (files in path order) as part ``number``."""
    tables = {name: season.concat_frames(name, [f[name] for f in frames]) for name in FILE_TABLES}
    written = {name: write_table(root, name, number, tables[name]) for name in COLUMNAR_TABLES}
    kept = {name: tables[name] for name in COLUMNAR_TABLES} if keep_tables else None
    return Part(number, files, tables["rounds"].select(PLACE), tables["excluded"], written, kept)


def write_table(root: Path, name: str, number: int, table: pl.DataFrame) -> tuple[str, ...]:
    """Part ``number`` of each year of table ``name``: written by polars as the
    in-memory export writes a whole table, then renamed so parts never collide.
    Returns the files written (none for an empty table)."""
    if not table.height:
        return ()
    out = []
    with tempfile.TemporaryDirectory(dir=root, prefix=".part-") as tmp:
        table.write_parquet(Path(tmp), partition_by="year")
        for file in sorted(Path(tmp).rglob("*.parquet")):
            target = root / name / file.parent.name / f"part-{number:06d}-{file.name}"
            target.parent.mkdir(exist_ok=True)
            file.replace(target)
            out.append(str(target))
    return tuple(out)


Group = tuple[int, tuple[season.Looked, ...]]
"""A part's number and its files, looked up in the cache."""


def judge_group(
    group: Group,
    root: str,
    filters: SeasonFilter | None,
    cache_dir: str | None,
    keep_tables: bool,
) -> Part:
    """The files of ``group``, each read from the cache or judged (and stored),
    written as one part (a pool's job: plain arguments, a top-level function).
    The cyclic collector stays paused for the whole group: what a group builds holds
    no cycles and dies by reference counting when its part is written."""
    number, items = group
    with paused_gc():
        if cache_dir is None:  # no file's own tables to store: one set of frames for all
            rows = FileRows(root)
            for path, _entry, _hit in items:
                rows.extend(file_rows(path, filters))
            return write_part(Path(root), number, [rows_frames(rows)], len(items), keep_tables)
        cache = ResultCache(cache_dir)
        frames = []
        for path, entry, hit in items:
            got = read_cached(cache, entry[0]) if hit and entry else None
            frames.append(got or judged_frames((path, entry), filters, cache_dir))
        return write_part(Path(root), number, frames, len(items), keep_tables)


def stream_parts(
    files: list[str],
    root: Path,
    filters: SeasonFilter | None = None,
    *,
    jobs: int = 1,
    cache_dir: str | None = None,
    keep_tables: bool = False,
) -> Iterator[Part]:
    """Every part of ``files`` in path order, written under ``root``: runs of
    small files in groups on ``jobs`` processes (none started when all are
    cached), each big file in this process, in pieces
    (:func:`napkifu.analysis.season.file_runs`)."""
    numbers = itertools.count()
    cache = ResultCache(cache_dir) if cache_dir is not None else None
    job = functools.partial(
        judge_group, root=str(root), filters=filters, cache_dir=cache_dir, keep_tables=keep_tables
    )

    def grouped(paths: list[str]) -> Iterator[Part]:
        looked = season.cache_lookup(cache, paths, filters)
        groups: list[Group] = []
        group: list[season.Looked] = []
        size = 0
        for item in looked:
            group.append(item)
            size += _size(item[0])
            if size >= GROUP_BYTES:
                groups.append((next(numbers), tuple(group)))
                group, size = [], 0
        if group:
            groups.append((next(numbers), tuple(group)))
        todo = [p for p, _e, hit in looked if not hit]
        # Nothing to judge: the cached tables are read here, no worker started.
        yield from run_jobs(job, groups, jobs_for(todo, jobs) if todo else 1, batch=1)

    def in_pieces(path: str) -> Iterator[Part]:
        frames: list[dict[str, pl.DataFrame]] = []
        rounds, begun = 0, 1
        for rows in file_row_chunks(path, filters, season.PIECE_ROUNDS):
            frames.append(rows_frames(rows))
            rounds += len(rows.rounds)
            if rounds >= FLUSH_ROUNDS:
                yield write_part(root, next(numbers), frames, begun, keep_tables)
                frames, rounds, begun = [], 0, 0
        if frames or begun:
            yield write_part(root, next(numbers), frames, begun, keep_tables)

    for small, big in season.file_runs(files):
        yield from grouped(small)
        if big is not None:
            yield from in_pieces(big)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


__all__ = [
    "FLUSH_ROUNDS",
    "GROUP_BYTES",
    "PLACE",
    "Part",
    "judge_group",
    "stream_parts",
    "write_part",
    "write_table",
]

"""One file's tables: as DataFrames, as bytes, and through the result cache.

Arrow IPC, not pickle: a cache entry is data, and reading one must never run code
(a cache folder can be shared or planted). The layout is a JSON header of table
names and byte lengths, a newline, then each table's IPC stream in that order
(the stream format, not the file format: polars reads a stream eagerly, ~40x
faster for a small table than a file, which it reads through a lazy scan),
zstd-compressed (a 200-round file's tables: 120 KB instead of 1.3 MB, read in
about the same 2 ms).
"""

from __future__ import annotations

import io
import json
import os
import tempfile

import polars as pl
from polars.exceptions import PanicException

from napkifu.analysis.columnar import COLUMNAR_TABLES, PLACING, ROUND_OF
from napkifu.analysis.columns import schema
from napkifu.analysis.filters import SeasonFilter
from napkifu.analysis.rows import FileRows, file_rows
from napkifu.cache import FileStamp, ResultCache
from napkifu.gcpause import paused_gc

FILE_TABLES = ("rounds", "player_rounds", "tricks", "bids", "excluded")
"""The tables made file by file (``season`` and ``contracts`` are made from them);
all but ``excluded`` are held column by column (:class:`FileRows`)."""

CACHE_SCHEMA = "rows/4"
"""Part of every cache key of per-file tables: bump when the packing changes."""


_PACK_DIR = "/dev/shm" if os.access("/dev/shm", os.W_OK | os.X_OK) else None
"""Where :func:`pack_frames` writes: memory where Linux offers it, else the temp folder."""


def pack_frames(frames: dict[str, pl.DataFrame]) -> bytes:
    """The tables as one cache entry. Each stream is written to a file of a private
    temporary folder and read back, not into a ``BytesIO``: polars writing into a
    Python file object on one thread while another thread runs a polars query can
    deadlock (both wait on polars' thread pool, whose task waits for the GIL), and
    Streamlit runs each session's script, which packs what it judges, on a thread of
    its own (``tests/test_pack_threads.py``)."""
    blobs = []
    with tempfile.TemporaryDirectory(prefix="napkifu-pack-", dir=_PACK_DIR) as folder:
        for number, frame in enumerate(frames.values()):
            path = os.path.join(folder, str(number))
            frame.write_ipc_stream(path, compression="zstd")
            with open(path, "rb") as stream:
                blobs.append(stream.read())
    header = json.dumps([[name, len(b)] for name, b in zip(frames, blobs, strict=True)])
    return header.encode() + b"\n" + b"".join(blobs)


def unpack_frames(data: bytes) -> dict[str, pl.DataFrame]:
    """The tables of :func:`pack_frames`; raises ValueError for bytes it did not write."""
    head, sep, body = data.partition(b"\n")
    if not sep:
        raise ValueError("not a packed table set")
    frames: dict[str, pl.DataFrame] = {}
    offset = 0
    for name, size in json.loads(head):
        if offset + size > len(body):
            raise ValueError("truncated")
        frames[str(name)] = pl.read_ipc_stream(io.BytesIO(body[offset : offset + size]))
        offset += size
    return frames


def rows_frames(rows: FileRows) -> dict[str, pl.DataFrame]:
    """One file's rows as one typed DataFrame per table (what crosses a process
    boundary and what a cache keeps: Arrow, not dicts)."""
    with paused_gc():
        rounds = pl.DataFrame(rows.rounds.columns, schema=schema("rounds"))
        placing = rounds.select(PLACING)
        frames = {"rounds": rounds}
        for name in COLUMNAR_TABLES[1:]:
            full = schema(name)
            own = {ROUND_OF: pl.UInt32(), **{k: v for k, v in full.items() if k not in PLACING}}
            table = pl.DataFrame(getattr(rows, name).columns, schema=own)
            placed = placing.gather(table.get_column(ROUND_OF))
            frames[name] = pl.concat([placed, table.drop(ROUND_OF)], how="horizontal").select(
                list(full)
            )
        frames["excluded"] = pl.from_dicts(rows.excluded, schema=schema("excluded"))
        return frames


def file_frames(
    path: str, filters: SeasonFilter | None = None, cache_dir: str | None = None
) -> dict[str, pl.DataFrame]:
    """:func:`file_rows` as one DataFrame per table: what a worker process sends
    back (a frame crosses the process boundary as Arrow, far cheaper than rows as
    dicts), and what the result cache keeps, keyed by the file's bytes, its path,
    the filters and napkifu's code."""
    cache = ResultCache(cache_dir) if cache_dir is not None else None
    entry = cache_entry(cache, path, filters) if cache is not None else None
    hit = read_cached(cache, entry[0]) if cache is not None and entry is not None else None
    return hit if hit is not None else judged_frames((path, entry), filters, cache_dir)


CacheEntry = tuple[str, FileStamp]
"""A file's cache key and the stamp the file had when it was hashed."""


def cache_entry(cache: ResultCache, path: str, filters: SeasonFilter | None) -> CacheEntry | None:
    """Where the file's tables are (or would be) cached; None when it cannot be read
    (it is then judged into its error row, and not cached)."""
    try:
        return cache.file_key(path, f"{CACHE_SCHEMA}\0{path}\0{filters!r}")
    except OSError:
        return None


def judged_frames(
    item: tuple[str, CacheEntry | None], filters: SeasonFilter | None, cache_dir: str | None
) -> dict[str, pl.DataFrame]:
    """Judge the file into its tables and, given its cache entry, store them there
    (the key was computed by whoever looked the file up: it is hashed once)."""
    path, entry = item
    rows = file_rows(path, filters)
    frames = rows_frames(rows)
    if cache_dir is None or entry is None:
        return frames
    # Not kept: a file that could not be read whole, or crashed the reader (both
    # may pass), or that was written to since it was hashed (other bytes than the key's).
    failed = any(r["game"] is None and r["code"] in ("NAP106", "NAP900") for r in rows.excluded)
    cache = ResultCache(cache_dir)
    if not failed and cache.unchanged(path, entry[1]):
        cache.put_bytes(entry[0], pack_frames(frames))
    return frames


def read_cached(cache: ResultCache, key: str) -> dict[str, pl.DataFrame] | None:
    """The tables stored under ``key``; None when absent or damaged (a miss)."""
    entry = cache.get_bytes(key)
    if entry is None:
        return None
    try:
        return unpack_frames(entry)
    except (ValueError, KeyError, OSError, pl.exceptions.PolarsError, PanicException):
        return None  # (polars' panic is a BaseException: a damaged table must be a miss)

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

import polars as pl

from napkifu.analysis.columns import schema
from napkifu.analysis.filters import SeasonFilter
from napkifu.analysis.rows import FileRows, file_rows
from napkifu.cache import ResultCache
from napkifu.gcpause import paused_gc

FILE_TABLES = ("rounds", "player_rounds", "tricks", "bids", "excluded")
"""The tables made file by file (``season`` and ``contracts`` are made from them)."""

CACHE_SCHEMA = "rows/3"
"""Part of every cache key of per-file tables: bump when the packing changes."""


def pack_frames(frames: dict[str, pl.DataFrame]) -> bytes:
    blobs = []
    for frame in frames.values():
        buf = io.BytesIO()
        frame.write_ipc_stream(buf, compression="zstd")
        blobs.append(buf.getvalue())
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
        return {
            name: pl.from_dicts(getattr(rows, name), schema=schema(name)) for name in FILE_TABLES
        }


def file_frames(
    path: str, filters: SeasonFilter | None = None, cache_dir: str | None = None
) -> dict[str, pl.DataFrame]:
    """:func:`file_rows` as one DataFrame per table: what a worker process sends
    back (a frame crosses the process boundary as Arrow, far cheaper than rows as
    dicts), and what the result cache keeps, keyed by the file's bytes, its path,
    the filters and napkifu's code."""
    if cache_dir is None:
        return rows_frames(file_rows(path, filters))
    cache = ResultCache(cache_dir)
    try:
        key, stamp = cache.file_key(path, _settings(path, filters))
    except OSError:
        return rows_frames(file_rows(path, filters))  # the error row, as without a cache
    hit = read_cached(cache, key)
    if hit is not None:
        return hit
    rows = file_rows(path, filters)
    frames = rows_frames(rows)
    # Not kept: a file that could not be read whole, or crashed the reader (both
    # may pass), or that was written to while it was read (other bytes than the key's).
    failed = any(r["game"] is None and r["code"] in ("NAP106", "NAP900") for r in rows.excluded)
    if not failed and cache.unchanged(path, stamp):
        cache.put_bytes(key, pack_frames(frames))
    return frames


def cached_key(path: str, filters: SeasonFilter | None, cache_dir: str) -> str | None:
    """The key of the file's cached tables when the cache holds them, else None:
    a cheap look (a hash and a stat), so that a season read again can be sorted
    into cached and to-judge files before any worker starts or any table is read."""
    cache = ResultCache(cache_dir)
    try:
        key, _ = cache.file_key(path, _settings(path, filters))
    except OSError:
        return None
    return key if cache.has_bytes(key) else None


def read_cached(cache: ResultCache, key: str) -> dict[str, pl.DataFrame] | None:
    """The tables stored under ``key``; None when absent or damaged (a miss)."""
    entry = cache.get_bytes(key)
    if entry is None:
        return None
    try:
        return unpack_frames(entry)
    except (ValueError, KeyError, OSError, pl.exceptions.PolarsError):
        return None


def _settings(path: str, filters: SeasonFilter | None) -> str:
    return f"{CACHE_SCHEMA}\0{path}\0{filters!r}"

"""Records given as bytes → a season, its diagnostics and an index of its rounds.

What a long-running reader of a changing set of records needs (the dashboard, or
anything that serves a season): sources held as bytes (a folder read once per
change of its files; uploads never touch the disk), each file judged by the one
engine (:func:`napkifu.api.loads`, without the per-card detail: the ``tricks`` table
is built on request, :meth:`Loaded.tricks`) into its season tables (:func:`judgement_rows`),
its diagnostics and its round index, the files judged on every core when there is
enough text, and each file's tables kept in napkifu's result cache (keyed on the
file's bytes, its name and napkifu's code), so a restarted reader judges only the
files it has not seen. Built on the analysis layer's public API only.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

import polars as pl

from napkifu.analysis import (
    FileRows,
    Season,
    SeasonBuilder,
    judgement_rows,
    rows_frames,
    schema,
    without_duplicates,
)
from napkifu.analysis.frames import CACHE_SCHEMA, FILE_TABLES, pack_frames, read_cached
from napkifu.api import loads
from napkifu.cache import ResultCache
from napkifu.gcpause import paused_gc
from napkifu.parallel.pool import share_jobs
from napkifu.paths import regular_files

PARALLEL_BYTES = 512 * 1024
"""Below this much text, judging in one process beats starting a pool."""


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A record as read: a display name (never used as a path) and its bytes."""

    name: str
    data: bytes
    digest: str

    @staticmethod
    def of(name: str, data: bytes) -> SourceFile:
        return SourceFile(name, data, hashlib.sha256(data).hexdigest())


@dataclass(slots=True)
class Loaded:
    """A judged set of records: the season (unfiltered), every diagnostic, and an
    index of every judged round (also the rounds left out, for a replay picker).

    The files are judged without the judged tricks (a third of the cost of judging):
    ``season.tricks`` is empty, and :meth:`tricks` builds that table when something
    asks for it (an export), judging the files again with every card's detail."""

    season: Season
    problems: pl.DataFrame
    index: pl.DataFrame
    files: tuple[str, ...]
    sources: tuple[SourceFile, ...] = ()
    cache: ResultCache | None = None
    jobs: int | None = None
    built_tricks: pl.DataFrame | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def tricks(self) -> pl.DataFrame:
        """The season's ``tricks`` table (duplicate rounds left out, as from every
        table): each file's from the result cache, else judged (on every core for a
        big season) and then cached; built once, whichever session asks first."""
        with self.lock:
            if self.built_tricks is None:
                self.built_tricks = without_duplicates(
                    season_tricks(self.sources, self.jobs, self.cache), self.season.rounds
                )
            return self.built_tricks


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


def content_key(files: Iterable[SourceFile]) -> str:
    """One hash for a set of sources: names and contents, in order."""
    h = hashlib.sha256()
    for f in files:
        h.update(f.name.encode("utf-8", "surrogatepass") + b"\0" + f.digest.encode() + b"\0")
    return h.hexdigest()


FolderStamp = tuple[tuple[str, int, int], ...]


def folder_stamp(folder: str | Path) -> FolderStamp:
    """What identifies a folder's records without reading them: each record's path
    (found as every command finds them: :func:`napkifu.paths.regular_files`), size and
    modification time (a change re-reads the folder)."""
    out = []
    for path in regular_files([str(folder)])[0]:
        with contextlib.suppress(OSError):  # (gone since listed: not there)
            st = Path(path).stat()
            out.append((path, st.st_size, st.st_mtime_ns))
    return tuple(out)


def read_folder(folder: str | Path, stamp: FolderStamp | None = None) -> tuple[SourceFile, ...]:
    """Every ``*.nap`` of ``stamp`` (default: beneath ``folder`` now), named by its
    path relative to ``folder``; a file gone since it was listed is left out."""
    root = Path(folder)
    out = []
    for p, _, _ in folder_stamp(root) if stamp is None else stamp:
        with contextlib.suppress(OSError):
            name = PurePath(os.path.relpath(p, root)).as_posix()
            out.append(SourceFile.of(name, Path(p).read_bytes()))
    return tuple(out)


def file_frames(item: tuple[str, bytes]) -> dict[str, pl.DataFrame]:
    """One file → its season tables, its diagnostics (``problems``) and its round
    index (``index``), as DataFrames (a top-level function of plain data, so a
    process pool can run it). A crash of the engine becomes a NAP900 problem.
    Judged without detail: no ``tricks`` table (:func:`trick_frames` builds it).

    The cyclic collector is paused until the file's judgement is gone, not just
    while it is built: once the collector is back, the next allocation with the
    judgement still alive scans its few hundred thousand objects (0.1-0.15 s a
    200-round file, as much as judging it; benchmarks/bench_file_frames.py)."""
    with paused_gc():
        return source_frames(*item)


def trick_frames(item: tuple[str, bytes]) -> dict[str, pl.DataFrame]:
    """One file's ``tricks`` table: the file judged with every card's detail (a
    crash of the engine: no ``tricks`` key, and the file's tricks are left out)."""
    with paused_gc():
        try:
            return {"tricks": rows_frames(judgement_rows(loads(item[1], file=item[0])))["tricks"]}
        except Exception:  # (the file's judging crashed before: its NAP900 is listed)
            return {}


def source_frames(name: str, data: bytes, detail: bool = False) -> dict[str, pl.DataFrame]:
    """:func:`file_frames` (``detail``: with the ``tricks`` table, as the tests
    compare; the rows of every other table are the same; without it no ``tricks``
    key at all)."""
    try:
        judgement = loads(data, file=name, detail=detail)
        frames = rows_frames(judgement_rows(judgement))
        problems, index = _problems(name, judgement), index_rows(name, judgement.games)
    except Exception as exc:  # a bug: this file is left out, the season goes on
        message = f"internal error, please report: {type(exc).__name__}: {exc}"
        frames = rows_frames(FileRows(name))
        problems = [{"file": name, "line": 1, "column": 1, "code": "NAP900", "severity": "error",
                     "message": message, "message_ja": f"内部エラー（報告してください）: {exc}",
                     "game": None, "round": None, "trick": None}]  # fmt: skip
        index = []
    if not detail:  # (a round re-read may hold judged tricks: none are kept, not some)
        del frames["tricks"]
    frames["problems"] = pl.DataFrame(problems, schema=PROBLEM_SCHEMA)
    frames["index"] = pl.DataFrame(index, schema=INDEX_SCHEMA)
    return frames


def _problems(name: str, judgement: Any) -> list[dict[str, Any]]:
    """Every diagnostic of the file, its games and rounds, each once."""
    seen: set[tuple] = set()
    problems: list[dict[str, Any]] = []
    every = list(judgement.diagnostics)
    for game in judgement.games:
        every.extend(game.diagnostics)
        for rnd in game.rounds:
            every.extend(rnd.diagnostics)
    for d in every:
        ident = (d.span.line, d.span.column, d.code, d.message)
        if ident in seen:
            continue
        seen.add(ident)
        problems.append(
            {"file": name, "line": d.span.line, "column": d.span.column, "code": d.code,
             "severity": d.severity.value, "message": d.message, "message_ja": d.message_ja,
             "game": d.game, "round": d.round, "trick": d.trick}
        )  # fmt: skip
    return problems


def index_rows(name: str, games: Iterable[Any]) -> list[dict[str, Any]]:
    """One row per round judged, also those left out of the season (with its game's
    preset and the round's seats, so a view can tell which filter a left-out round
    falls in)."""
    index = []
    for game in games:
        for rnd in game.rounds:
            trump = "NT" if rnd.no_trump else (rnd.trump.symbol if rnd.trump is not None else "")
            index.append(
                {"file": name, "game": game.number, "round": rnd.number, "title": game.title,
                 "date": game.date, "kind": rnd.kind, "napoleon": rnd.napoleon,
                 "contract": f"{rnd.bid_count}{trump}" if rnd.bid_count is not None else None,
                 "errors": sum(1 for d in rnd.diagnostics if d.is_error),
                 "line": rnd.line, "preset": game.preset,
                 "players": list(rnd.players or game.players)}
            )  # fmt: skip
    return index


_STORES: list[threading.Thread] = []


def _store_later(cache: ResultCache, judged: list[tuple[str, dict[str, pl.DataFrame]]]) -> None:
    """Pack the judged files' tables into the result cache on a thread of its own,
    once the season is built: a first render does not wait for its persistence
    (polars packs without holding the GIL). A file whose judging crashed (NAP900)
    is not stored; a cache that cannot be written is left alone."""
    kept = [(k, f) for k, f in judged if f and not _crashed(f)]

    def store() -> None:
        for key, frames in kept:
            with contextlib.suppress(Exception):  # best effort: the next load judges again
                cache.put_bytes(key, pack_frames(frames))

    if kept:
        thread = threading.Thread(target=store, name="napkifu-store")  # (not a daemon:
        thread.start()  # an exiting process finishes its entries)
        _STORES[:] = [t for t in _STORES if t.is_alive()] + [thread]


def _crashed(frames: dict[str, pl.DataFrame]) -> bool:
    problems = frames.get("problems")
    return problems is not None and problems.get_column("code").eq("NAP900").any()


def wait_for_stores(timeout: float | None = None) -> bool:
    """Wait until the result-cache entries of every load so far are written (tests
    and benchmarks that read the cache next); whether they are."""
    for thread in list(_STORES):
        thread.join(timeout)
    return not any(t.is_alive() for t in _STORES)


def judge_sources(
    files: Sequence[SourceFile], jobs: int | None = None, cache: ResultCache | None = None
) -> Loaded:
    """Judge every source into a season: each file's tables from ``cache`` when it
    holds them (never stale: see :func:`source_key`), the others judged on ``jobs``
    processes (None: ``NAPKIFU_JOBS``, else every core when there is enough text;
    this process is one of them: :func:`napkifu.parallel.share_jobs`), stored on a
    thread once every file is in. Judged without detail: see :meth:`Loaded.tricks`."""
    builder = SeasonBuilder()
    problems: list[pl.DataFrame] = []
    index: list[pl.DataFrame] = []
    for frames in _per_file(files, jobs, cache, source_key, file_frames, _PACKED):
        builder.add_frames(frames)
        problems.append(frames["problems"])
        index.append(frames["index"])
    return Loaded(
        season=builder.finish(),
        problems=pl.concat(problems) if problems else pl.DataFrame(schema=PROBLEM_SCHEMA),
        index=pl.concat(index) if index else pl.DataFrame(schema=INDEX_SCHEMA),
        files=tuple(f.name for f in files),
        sources=tuple(files),
        cache=cache,
        jobs=jobs,
    )


def season_tricks(
    files: Sequence[SourceFile], jobs: int | None = None, cache: ResultCache | None = None
) -> pl.DataFrame:
    """Every file's ``tricks`` table in file order (duplicates still in), each from
    ``cache`` when it holds it, the others judged as :func:`judge_sources` judges."""
    tables = [
        frames["tricks"]
        for frames in _per_file(files, jobs, cache, trick_key, trick_frames, {"tricks"})
        if "tricks" in frames and frames["tricks"].height
    ]
    return pl.concat(tables) if tables else pl.DataFrame(schema=schema("tricks"))


Job = Callable[[tuple[str, bytes]], dict[str, pl.DataFrame]]


def _per_file(
    files: Sequence[SourceFile],
    jobs: int | None,
    cache: ResultCache | None,
    key_of: Callable[[ResultCache, SourceFile], str],
    job: Job,
    tables: set[str],
) -> Iterator[dict[str, pl.DataFrame]]:
    """Each file's tables in file order: from ``cache`` (under ``key_of``) when it
    holds all of ``tables``, else made by ``job`` on ``jobs`` processes (see
    :func:`judge_sources`); those made are stored once every file is given."""
    keys = [key_of(cache, f) if cache is not None else None for f in files]
    packed = [_cached(cache, key, tables) for key in keys]
    todo = [(f.name, f.data) for f, hit in zip(files, packed, strict=True) if hit is None]
    judged = iter(share_jobs(job, todo, _jobs(todo, jobs)))
    new: list[tuple[str, dict[str, pl.DataFrame]]] = []
    for hit, key in zip(packed, keys, strict=True):
        frames = hit if hit is not None else next(judged)
        if hit is None and key is not None:
            new.append((key, frames))
        yield frames
    if cache is not None:
        _store_later(cache, new)


def _jobs(todo: Sequence[tuple[str, bytes]], jobs: int | None) -> int:
    """The judging processes: ``jobs``, else ``NAPKIFU_JOBS``, else every core when
    there is enough text to judge."""
    if jobs is None:
        jobs = _jobs_from_env()
    if jobs is None:
        jobs = 0 if sum(len(job[1]) for job in todo) >= PARALLEL_BYTES else 1
    return jobs


def source_key(cache: ResultCache, f: SourceFile) -> str:
    """The file's cache key: its content hash (never re-hashed), its name, the
    tables' layout and napkifu's code (:meth:`ResultCache.key`)."""
    return cache.key(f.digest.encode(), f"{CACHE_SCHEMA}\0sources\0{f.name}")


def trick_key(cache: ResultCache, f: SourceFile) -> str:
    """The cache key of the file's ``tricks`` table (:func:`trick_frames`)."""
    return cache.key(f.digest.encode(), f"{CACHE_SCHEMA}\0tricks\0{f.name}")


def cached_frames(cache: ResultCache, f: SourceFile) -> dict[str, pl.DataFrame] | None:
    """The file's tables as cached, or None (absent or damaged)."""
    return _cached(cache, source_key(cache, f))


def _cached(
    cache: ResultCache | None, key: str | None, tables: set[str] | None = None
) -> dict[str, pl.DataFrame] | None:
    frames = read_cached(cache, key) if cache is not None and key is not None else None
    return frames if frames is not None and frames.keys() >= (tables or _PACKED) else None


_PACKED = {*FILE_TABLES, "problems", "index"} - {"tricks"}


def _jobs_from_env() -> int | None:
    """``NAPKIFU_JOBS``: the judging processes to use whatever the season's size
    (0: every core). Lets a deployment pin it, and CI drive the pool on a small season."""
    value = os.environ.get("NAPKIFU_JOBS", "").strip()
    return int(value) if value.isdigit() else None


def load_sources(files: Sequence[SourceFile], *, persist: bool = False) -> Loaded:
    """The judged sources; with ``persist`` (a server's folder, never uploads, which
    never leave memory) through napkifu's result cache, the folder ``napkifu check``
    and ``export`` use (``NAPKIFU_CACHE_DIR``; ``napkifu clean`` empties it)."""
    return judge_sources(files, cache=ResultCache() if persist else None)

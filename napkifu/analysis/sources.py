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
import itertools
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath

import polars as pl

from napkifu.analysis import (
    Season,
    SeasonBuilder,
    schema,
    without_duplicates,
)
from napkifu.analysis.folding import (
    INDEX_SCHEMA,
    PROBLEM_SCHEMA,
    Folder,
    Tables,
    gathered,
)
from napkifu.analysis.frames import CACHE_SCHEMA, FILE_TABLES, pack_frames, read_cached
from napkifu.analysis.source_rows import SourceRows, judged_rows, source_rows, trick_rows
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
    unsaved: list[tuple[str, Tables]] = field(default_factory=list, repr=False)
    """The judged files' tables not yet in the result cache (keyed), see :meth:`store`."""
    store_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    """Not :attr:`lock`, which a session building the tricks table holds for seconds."""

    def store(self) -> None:
        """Write the judged files' tables to the result cache, on a thread, once. A
        load does it as it ends unless told to wait (``defer_store``): packing 50
        files on a thread while a server draws its first page slowed the page
        twofold, so the dashboard stores once its page is drawn."""
        with self.store_lock:
            unsaved, self.unsaved = self.unsaved, []
        if unsaved and self.cache is not None:
            _store_later(self.cache, unsaved)

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
    index (``index``), as DataFrames: what the result cache keeps of it. Judged
    without detail (no ``tricks`` table); a crash of the engine becomes a NAP900
    problem. A load judges with :func:`source_rows` and makes the DataFrames of
    all the files it judged at once (:func:`gathered`)."""
    return gathered([(None, source_rows(item))], _PACKED)[0]


def trick_frames(item: tuple[str, bytes]) -> dict[str, pl.DataFrame]:
    """One file's ``tricks`` table: the file judged with every card's detail (a
    crash of the engine: no rows; its NAP900 is listed by :func:`file_frames`)."""
    return gathered([(None, trick_rows(item))], {"tricks"})[0]


def source_frames(name: str, data: bytes, detail: bool = False) -> dict[str, pl.DataFrame]:
    """:func:`file_frames` (``detail``: with the ``tricks`` table, as the tests
    compare; the rows of every other table are the same)."""
    with paused_gc():
        judged = judged_rows(name, data, detail)
    return gathered([(None, judged)], _PACKED | ({"tricks"} if detail else set()))[0]


_STORES: list[threading.Thread] = []


def _store_later(cache: ResultCache, kept: list[tuple[str, Tables]]) -> None:
    """Pack the judged files' tables into the result cache on a thread of its own,
    once the season is built: a first render does not wait for its persistence
    (polars packs without holding the GIL). A cache that cannot be written is left
    alone (a file whose judging crashed is not given: :func:`gathered`)."""

    def store() -> None:
        for key, frames in kept:
            with contextlib.suppress(Exception):  # best effort: the next load judges again
                cache.put_bytes(key, pack_frames(frames))

    if kept:
        thread = threading.Thread(target=store, name="napkifu-store")  # (not a daemon:
        thread.start()  # an exiting process finishes its entries)
        _STORES[:] = [t for t in _STORES if t.is_alive()] + [thread]


def wait_for_stores(timeout: float | None = None) -> bool:
    """Wait until the result-cache entries of every load so far are written (tests
    and benchmarks that read the cache next); whether they are."""
    for thread in list(_STORES):
        thread.join(timeout)
    return not any(t.is_alive() for t in _STORES)


def judge_sources(
    files: Sequence[SourceFile],
    jobs: int | None = None,
    cache: ResultCache | None = None,
    *,
    defer_store: bool = False,
) -> Loaded:
    """Judge every source into a season: each file's tables from ``cache`` when it
    holds them (never stale: see :func:`source_key`), the others judged on ``jobs``
    processes (None: ``NAPKIFU_JOBS``, else every core when there is enough text;
    this process is one of them: :func:`napkifu.parallel.share_jobs`), stored on a
    thread once the season is built (``defer_store``: when :meth:`Loaded.store` is
    called). Judged without detail: see :meth:`Loaded.tricks`."""
    builder = SeasonBuilder()
    problems: list[pl.DataFrame] = []
    index: list[pl.DataFrame] = []
    unsaved: list[tuple[str, Tables]] = []
    for frames, count in _per_file(files, jobs, cache, source_key, source_rows, _PACKED, unsaved):
        builder.add_frames(frames, files=count)
        problems.append(frames["problems"])
        index.append(frames["index"])
    loaded = Loaded(
        season=builder.finish(),
        problems=pl.concat(problems) if problems else pl.DataFrame(schema=PROBLEM_SCHEMA),
        index=pl.concat(index) if index else pl.DataFrame(schema=INDEX_SCHEMA),
        files=tuple(f.name for f in files),
        sources=tuple(files),
        cache=cache,
        jobs=jobs,
        unsaved=unsaved,
    )
    if not defer_store:
        loaded.store()
    return loaded


def season_tricks(
    files: Sequence[SourceFile], jobs: int | None = None, cache: ResultCache | None = None
) -> pl.DataFrame:
    """Every file's ``tricks`` table in file order (duplicates still in), each from
    ``cache`` when it holds it, the others judged as :func:`judge_sources` judges."""
    unsaved: list[tuple[str, Tables]] = []
    judged = _per_file(files, jobs, cache, trick_key, trick_rows, {"tricks"}, unsaved)
    tables = [frames["tricks"] for frames, _count in judged if frames["tricks"].height]
    if cache is not None:
        _store_later(cache, unsaved)
    return pl.concat(tables) if tables else pl.DataFrame(schema=schema("tricks"))


Job = Callable[[tuple[str, bytes]], SourceRows]


def _per_file(
    files: Sequence[SourceFile],
    jobs: int | None,
    cache: ResultCache | None,
    key_of: Callable[[ResultCache, SourceFile], str],
    job: Job,
    tables: set[str],
    unsaved: list[tuple[str, Tables]],
) -> Iterator[tuple[Tables, int]]:
    """The ``tables`` of ``files`` in file order, with the files they hold: each
    cached file's own (under ``key_of``, when the entry holds all of them), and
    each run of the others judged by ``job`` on ``jobs`` processes, made into
    tables together (:func:`gathered`); each judged file's own, for the cache
    (under its key), go to ``unsaved``."""
    keys = [key_of(cache, f) if cache is not None else None for f in files]
    packed = [_cached(cache, key, tables) for key in keys]
    todo = [(f.name, f.data) for f, hit in zip(files, packed, strict=True) if hit is None]
    runs = list(itertools.accumulate(hit is not None for hit in packed))
    todo_runs = [r for r, hit in zip(runs, packed, strict=True) if hit is None]
    folder = Folder(
        [k for k, hit in zip(keys, packed, strict=True) if hit is None], todo_runs, tables
    )
    results = share_jobs(job, todo, _jobs(todo, jobs), between=folder)
    folds = iter(folder.finish(results))
    unsaved.extend(folder.own)
    left = 0  # judged files of the fold given last still to pass
    for hit in packed:
        if hit is not None:
            yield hit, 1
            continue
        if not left:
            frames, left = next(folds)
            yield frames, left
        left -= 1


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


def load_sources(
    files: Sequence[SourceFile], *, persist: bool = False, defer_store: bool = False
) -> Loaded:
    """The judged sources; with ``persist`` (a server's folder, never uploads, which
    never leave memory) through napkifu's result cache, the folder ``napkifu check``
    and ``export`` use (``NAPKIFU_CACHE_DIR``; ``napkifu clean`` empties it), written
    as the load ends or, with ``defer_store``, when :meth:`Loaded.store` is called."""
    cache = ResultCache() if persist else None
    return judge_sources(files, cache=cache, defer_store=defer_store)

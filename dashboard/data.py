"""Records in, season tables out: the dashboard's loading, free of Streamlit.

Sources are held as bytes (a folder is read once per change of its files; uploads
never touch the disk), and everything derived from them is keyed on a hash of
their content, so the Streamlit layer can cache on that key and a page switch
never re-judges a file. A folder's files also keep their tables in napkifu's
result cache (keyed on each file's bytes and on napkifu's code), so a restarted
dashboard renders a known season without judging it again, and a season with one
new or edited file judges just that file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath

import polars as pl

from napkifu.analysis import FileRows, Season, SeasonBuilder, judgement_rows, rows_frames
from napkifu.analysis.frames import (
    CACHE_SCHEMA,
    FILE_TABLES,
    pack_frames,
    read_cached,
)
from napkifu.analysis.judged import GameLike
from napkifu.analysis.round_rows import trump_text
from napkifu.analysis.rows import express_rows
from napkifu.api import Judgement, is_record_name
from napkifu.cache import ResultCache
from napkifu.gcpause import paused_gc
from napkifu.parallel import gather_jobs

MAX_FILE_MB = int(os.environ.get("NAPKIFU_UPLOAD_MAX_MB", "5"))
"""Largest upload accepted (a season file of ~10,000 rounds is about 5 MB)."""
MAX_TOTAL_MB = int(os.environ.get("NAPKIFU_UPLOAD_TOTAL_MB", "50"))
PARALLEL_BYTES = 512 * 1024
"""Below this much text, judging in one process beats starting a pool."""
WORKER_PRELOAD = ("napkifu.warm", __name__)
"""What the judging workers' fork server imports (:func:`napkifu.parallel.prestart`:
workers forked from it start in milliseconds, not ~0.45 s)."""


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
    index of every judged round (also the rounds left out) for the Replay page."""

    season: Season
    problems: pl.DataFrame
    index: pl.DataFrame
    files: tuple[str, ...]


PROBLEM_SCHEMA = {
    "file": pl.String, "line": pl.Int64, "column": pl.Int64, "code": pl.String,
    "severity": pl.String, "message": pl.String, "message_ja": pl.String,
    "game": pl.Int64, "round": pl.Int64, "trick": pl.Int64,
}  # fmt: skip
INDEX_SCHEMA = {
    "file": pl.String, "game": pl.Int64, "round": pl.Int64, "title": pl.String,
    "date": pl.String, "kind": pl.String, "napoleon": pl.String, "contract": pl.String,
    "errors": pl.Int64, "line": pl.Int64,
}  # fmt: skip


def content_key(files: Iterable[SourceFile]) -> str:
    """One hash for a set of sources: names and contents, in order."""
    h = hashlib.sha256()
    for f in files:
        h.update(f.name.encode("utf-8", "surrogatepass") + b"\0" + f.digest.encode() + b"\0")
    return h.hexdigest()


def folder_stamp(folder: str | Path) -> tuple[tuple[str, int, int], ...]:
    """What identifies a folder's records without reading them: each ``*.nap``
    (or ``*.NAP``) file's path, size and modification time (a change re-reads the folder)."""
    root = Path(folder)
    out = []
    for p in sorted(root.rglob("*")):
        if is_record_name(p.name) and p.is_file():
            st = p.stat()
            out.append((str(p), st.st_size, st.st_mtime_ns))
    return tuple(out)


def read_folder(folder: str | Path) -> tuple[SourceFile, ...]:
    """Every ``*.nap`` beneath ``folder``, named by its path relative to it."""
    root = Path(folder)
    return tuple(
        SourceFile.of(PurePath(os.path.relpath(p, root)).as_posix(), Path(p).read_bytes())
        for p, _, _ in folder_stamp(root)
    )


def safe_name(name: str) -> str:
    """An upload's name for display only: its last path part, printable characters,
    at most 120 of them. The dashboard never opens or writes a path a user gave."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    base = "".join(ch for ch in base if unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    return base.strip()[:120] or "upload.nap"


def accept_uploads(
    uploads: Sequence[tuple[str, bytes]],
    max_file_mb: int = MAX_FILE_MB,
    max_total_mb: int = MAX_TOTAL_MB,
) -> tuple[tuple[SourceFile, ...], list[tuple[str, dict[str, object]]]]:
    """The uploads within the size limits, and a note (text key, values) for each
    one refused. Names are made unique so two uploads called alike stay apart."""
    kept: list[SourceFile] = []
    notes: list[tuple[str, dict[str, object]]] = []
    total = 0
    seen: dict[str, int] = {}
    for raw_name, data in uploads:
        name = safe_name(raw_name)
        if len(data) > max_file_mb * 1024 * 1024:
            notes.append(("too_big", {"name": name, "mb": max_file_mb}))
            continue
        if total + len(data) > max_total_mb * 1024 * 1024:
            notes.append(("too_much", {"total": max_total_mb}))
            break
        total += len(data)
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name} ({seen[name]})"
        kept.append(SourceFile.of(name, data))
    return tuple(kept), notes


def judge_file(item: tuple[str, bytes]) -> bytes:
    """One file → its season tables, its diagnostics and its round index, packed as
    Arrow: what the result cache keeps (:func:`file_frames`, packed)."""
    return pack_frames(file_frames(item))


def file_frames(item: tuple[str, bytes]) -> dict[str, pl.DataFrame]:
    """One file → its season tables, its diagnostics (``problems``) and its round
    index (``index``), as DataFrames (a top-level function of plain data, so a
    process pool can run it)."""
    from napkifu.api import loads

    name, data = item
    with paused_gc():
        index: list[dict] = []
        fast = express_rows(data, name, also=lambda game: index.extend(index_rows(name, (game,))))
        if fast is not None:  # clean: its tables made without the record model
            rows, problems = fast, []
        else:
            rows, problems, index = _judged_file(name, loads(data, file=name))
        frames = rows_frames(rows)
        frames["problems"] = pl.DataFrame(problems, schema=PROBLEM_SCHEMA)
        frames["index"] = pl.DataFrame(index, schema=INDEX_SCHEMA)
    return frames


_STORES: list[threading.Thread] = []


def _store_later(cache: ResultCache, judged: list[tuple[str, dict[str, pl.DataFrame]]]) -> None:
    """Pack the judged files' tables (keyed) into the result cache on a thread of
    its own, once the season is built: a first render does not wait for its
    persistence (zstd-compressed Arrow, ~20 µs a round, a tenth of the judging).
    Polars packs without holding the GIL, so the page is drawn meanwhile. A file
    whose judging crashed (NAP900) is not stored; a cache that cannot be written
    is left alone, as :meth:`ResultCache.put_bytes` does."""
    kept = [(k, f) for k, f in judged if not f["problems"].get_column("code").eq("NAP900").any()]

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


def _judged_file(name: str, judgement: Judgement) -> tuple[FileRows, list[dict], list[dict]]:
    seen: set[tuple] = set()
    problems: list[dict] = []
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
    return judgement_rows(judgement), problems, index_rows(name, judgement.games)


def index_rows(name: str, games: Iterable[GameLike]) -> list[dict]:
    """One row per round judged, also those left out of the season (for Replay)."""
    index = []
    for game in games:
        for rnd in game.rounds:
            trump = trump_text(rnd)
            index.append(
                {"file": name, "game": game.number, "round": rnd.number, "title": game.title,
                 "date": game.date, "kind": rnd.kind, "napoleon": rnd.napoleon,
                 "contract": f"{rnd.bid_count}{trump}" if rnd.bid_count is not None else None,
                 "errors": sum(1 for d in rnd.diagnostics if d.is_error),
                 "line": rnd.line}
            )  # fmt: skip
    return index


def judge_sources(
    files: Sequence[SourceFile],
    jobs: int | None = None,
    cache: ResultCache | None = None,
    *,
    meanwhile: Callable[[], object] | None = None,
) -> Loaded:
    """Judge every source into a season: each file's tables from ``cache`` when it
    holds them (keyed by the file's bytes, its name and napkifu's code, so never
    stale), the others judged on every core when there is enough text (and stored
    once the season is built: :func:`_store_later`). ``meanwhile``: the caller's own
    work done while the judging processes start (:func:`napkifu.parallel.gather_jobs`)."""
    keys = [_key(cache, f) if cache is not None else None for f in files]
    packed = [_cached(cache, key) for key in keys]
    todo = [(f.name, f.data) for f, hit in zip(files, packed, strict=True) if hit is None]
    if jobs is None:
        jobs = _jobs_from_env()
    if jobs is None:
        jobs = 0 if sum(len(job[1]) for job in todo) >= PARALLEL_BYTES else 1
    # Paused between files too: with it running, the caller's heap (Streamlit,
    # plotly, pandas) was scanned whole once or twice a season for no garbage.
    with paused_gc():
        judged = iter(
            gather_jobs(file_frames, todo, jobs, meanwhile=meanwhile, preload=WORKER_PRELOAD)
        )
    builder = SeasonBuilder()
    problems: list[pl.DataFrame] = []
    index: list[pl.DataFrame] = []
    new: list[tuple[str, dict[str, pl.DataFrame]]] = []
    for hit, key in zip(packed, keys, strict=True):
        frames = hit if hit is not None else next(judged)
        if hit is None and key is not None:
            new.append((key, frames))
        builder.add_frames(frames)
        problems.append(frames["problems"])
        index.append(frames["index"])
    if cache is not None:
        _store_later(cache, new)
    return Loaded(
        season=builder.finish(),
        problems=pl.concat(problems) if problems else pl.DataFrame(schema=PROBLEM_SCHEMA),
        index=pl.concat(index) if index else pl.DataFrame(schema=INDEX_SCHEMA),
        files=tuple(f.name for f in files),
    )


def _key(cache: ResultCache, f: SourceFile) -> str:
    """The file's cache key, from the content hash it already has (never re-hashed)."""
    return cache.key(f.digest.encode(), f"{CACHE_SCHEMA}\0dashboard\0{f.name}")


def _cached(cache: ResultCache | None, key: str | None) -> dict[str, pl.DataFrame] | None:
    """The file's tables as cached, or None (absent, or damaged: then judged again)."""
    frames = read_cached(cache, key) if cache is not None and key is not None else None
    return frames if frames is not None and frames.keys() >= _PACKED else None


_PACKED = {*FILE_TABLES, "problems", "index"}


def _jobs_from_env() -> int | None:
    """``NAPKIFU_JOBS``: the judging processes to use whatever the season's size
    (0: every core). Lets a deployment pin it, and CI's real-browser test drive
    the process pool on a small season."""
    value = os.environ.get("NAPKIFU_JOBS", "").strip()
    return int(value) if value.isdigit() else None


def load_sources(
    files: Sequence[SourceFile],
    *,
    persist: bool = False,
    meanwhile: Callable[[], object] | None = None,
) -> Loaded:
    """The judged sources; with ``persist`` (folder sources only, never uploads,
    which never leave memory) through napkifu's result cache, the same folder
    ``napkifu check`` and ``export`` use (``NAPKIFU_CACHE_DIR``; ``napkifu clean``
    empties it): a restarted dashboard, or a season with one new file, judges only
    what it has not seen."""
    return judge_sources(files, cache=ResultCache() if persist else None, meanwhile=meanwhile)

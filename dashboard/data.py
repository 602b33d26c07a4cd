"""Records in, season tables out: the dashboard's loading, free of Streamlit.

Sources are held as bytes (a folder is read once per change of its files; uploads
never touch the disk), and everything derived from them is keyed on a hash of
their content, so the Streamlit layer can cache on that key and a page switch
never re-judges a file. A large folder's tables are also kept as Parquet in the
system temp dir (keyed on content and on napkifu's code), so a restarted
dashboard renders a known season without judging it again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath

import polars as pl

from napkifu.analysis import Season, SeasonBuilder, judgement_rows
from napkifu.analysis.rows import FileRows, trump_text
from napkifu.api import Judgement
from napkifu.cache import code_fingerprint
from napkifu.gcpause import paused_gc
from napkifu.parallel import run_jobs

MAX_FILE_MB = int(os.environ.get("NAPKIFU_UPLOAD_MAX_MB", "5"))
"""Largest upload accepted (a season file of ~10,000 rounds is about 5 MB)."""
MAX_TOTAL_MB = int(os.environ.get("NAPKIFU_UPLOAD_TOTAL_MB", "50"))
PARALLEL_BYTES = 512 * 1024
"""Below this much text, judging in one process beats starting a pool."""
DISK_CACHE_BYTES = 256 * 1024
"""Folders at least this large keep their tables in the temp dir between runs."""
DISK_CACHE_KEEP = 4
TABLES = ("rounds", "player_rounds", "tricks", "bids", "season", "contracts", "excluded")


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
    file's path, size and modification time (a change re-reads the folder)."""
    root = Path(folder)
    out = []
    for p in sorted(root.rglob("*.nap")):
        if p.is_file():
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


def judge_file(item: tuple[str, bytes]) -> tuple[FileRows, list[dict], list[dict]]:
    """One file → its season rows, its diagnostics and its round index (a top-level
    function of plain data, so a process pool can run it)."""
    from napkifu.api import loads

    name, data = item
    with paused_gc():
        return _judged_file(name, loads(data, file=name))


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
    index = []
    for game in judgement.games:
        for rnd in game.rounds:
            trump = trump_text(rnd)
            index.append(
                {"file": name, "game": game.number, "round": rnd.number, "title": game.title,
                 "date": game.date, "kind": rnd.kind, "napoleon": rnd.napoleon,
                 "contract": f"{rnd.bid_count}{trump}" if rnd.bid_count is not None else None,
                 "errors": sum(1 for d in rnd.diagnostics if d.is_error),
                 "line": rnd.span.line or rnd.source.meta.span.line}
            )  # fmt: skip
    return judgement_rows(judgement), problems, index


def judge_sources(files: Sequence[SourceFile], jobs: int | None = None) -> Loaded:
    """Judge every source (on every core when there is enough text) into a season."""
    items = [(f.name, f.data) for f in files]
    if jobs is None:
        jobs = _jobs_from_env()
    if jobs is None:
        jobs = 0 if sum(len(d) for _, d in items) >= PARALLEL_BYTES else 1
    builder = SeasonBuilder()
    problems: list[dict] = []
    index: list[dict] = []
    for rows, probs, idx in run_jobs(judge_file, items, jobs):
        builder.add(rows)
        problems.extend(probs)
        index.extend(idx)
    return Loaded(
        season=builder.finish(),
        problems=pl.DataFrame(problems, schema=PROBLEM_SCHEMA),
        index=pl.DataFrame(index, schema=INDEX_SCHEMA),
        files=tuple(f.name for f in files),
    )


def _jobs_from_env() -> int | None:
    """``NAPKIFU_JOBS``: the judging processes to use whatever the season's size
    (0: every core). Lets a deployment pin it, and CI's real-browser test drive
    the process pool on a small season."""
    value = os.environ.get("NAPKIFU_JOBS", "").strip()
    return int(value) if value.isdigit() else None


def cache_root() -> Path:
    """Derived tables live only under the system temp dir, in a folder of this user's
    (mode 700) holding folders named by hash: no name a user typed is ever a path."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"napkifu-dashboard-{uid}"


def _trusted(root: Path) -> bool:
    """Our own cache folder, not one another user of a shared /tmp planted."""
    try:
        root.mkdir(mode=0o700, exist_ok=True)
        st = root.stat()
    except OSError:
        return False
    return not hasattr(os, "getuid") or (st.st_uid == os.getuid() and not st.st_mode & 0o022)


def _disk_dir(key: str) -> Path:
    return cache_root() / hashlib.sha256((code_fingerprint() + key).encode()).hexdigest()[:32]


def load_sources(files: Sequence[SourceFile], key: str, *, persist: bool = False) -> Loaded:
    """The judged sources; with ``persist`` (folder sources only, never uploads) the
    tables are kept in, and read back from, the temp dir cache."""
    use_disk = (
        persist and sum(len(f.data) for f in files) >= DISK_CACHE_BYTES and _trusted(cache_root())
    )
    if use_disk:
        hit = _read_disk(_disk_dir(key))
        if hit is not None:
            return hit
    loaded = judge_sources(files)
    if use_disk:
        _write_disk(_disk_dir(key), loaded)
    return loaded


def _read_disk(folder: Path) -> Loaded | None:
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        frames = {name: pl.read_parquet(folder / f"{name}.parquet") for name in TABLES}
        season = Season(
            rounds=frames["rounds"], player_rounds=frames["player_rounds"],
            tricks=frames["tricks"], season=frames["season"], excluded=frames["excluded"],
            files=meta["files"], bids=frames["bids"], contracts=frames["contracts"],
        )  # fmt: skip
        return Loaded(
            season=season,
            problems=pl.read_parquet(folder / "problems.parquet"),
            index=pl.read_parquet(folder / "index.parquet"),
            files=tuple(meta["names"]),
        )
    except (OSError, ValueError, KeyError, pl.exceptions.PolarsError):
        return None


def _write_disk(folder: Path, loaded: Loaded) -> None:
    """Write atomically (a temp folder renamed into place); a failure only costs speed."""
    try:
        tmp = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".tmp-"))
        for name in TABLES:
            loaded.season.table(name).write_parquet(tmp / f"{name}.parquet")
        loaded.problems.write_parquet(tmp / "problems.parquet")
        loaded.index.write_parquet(tmp / "index.parquet")
        meta = {"files": loaded.season.files, "names": list(loaded.files)}
        (tmp / "meta.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
        try:
            os.replace(tmp, folder)
        except OSError:
            shutil.rmtree(tmp, ignore_errors=True)
        _prune(folder.parent)
    except OSError:
        return


def _prune(root: Path, keep: int = DISK_CACHE_KEEP) -> None:
    """Drop all but the ``keep`` most recent seasons (an upgrade of napkifu or an
    edit of a record leaves the old entry behind)."""
    entries = sorted(
        (p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")),
        key=lambda p: p.stat().st_mtime, reverse=True,
    )  # fmt: skip
    for old in entries[keep:]:
        shutil.rmtree(old, ignore_errors=True)

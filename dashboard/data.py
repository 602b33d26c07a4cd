"""The dashboard's records: the server's folder and visitors' uploads, free of Streamlit.

Judging, the result cache and the season are napkifu's
(:mod:`napkifu.analysis.sources`); this module only decides what is read. The
records folder is the server's configuration (``streamlit run dashboard/app.py --
FOLDER``, else ``NAPKIFU_RECORDS``, else the repository's ``sample_records/``):
no visitor names a path on the server. Uploads are read in memory, within limits.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from napkifu.analysis.sources import (
    INDEX_SCHEMA,
    PROBLEM_SCHEMA,
    Loaded,
    SourceFile,
    cached_frames,
    content_key,
    file_frames,
    folder_stamp,
    judge_sources,
    load_sources,
    read_folder,
    wait_for_stores,
)

__all__ = [
    "INDEX_SCHEMA", "PROBLEM_SCHEMA", "Loaded", "SourceFile", "accept_uploads", "cached_frames",
    "content_key", "file_frames", "folder_stamp", "judge_sources", "load_sources", "read_folder",
    "records_folder", "safe_name", "wait_for_stores",
]  # fmt: skip

ROOT = Path(__file__).resolve().parent.parent
MAX_FILE_MB = int(os.environ.get("NAPKIFU_UPLOAD_MAX_MB", "5"))
"""Largest upload accepted (a season file of ~10,000 rounds is about 5 MB)."""
MAX_TOTAL_MB = int(os.environ.get("NAPKIFU_UPLOAD_TOTAL_MB", "50"))


def records_folder(argv: Sequence[str] | None = None) -> Path:
    """The server's records folder: the first argument after ``--`` of ``streamlit
    run dashboard/app.py -- FOLDER``, else ``NAPKIFU_RECORDS``, else ``sample_records/``."""
    argv = sys.argv if argv is None else argv
    ours = bool(argv) and Path(argv[0]).name == "app.py"  # `streamlit run` sets argv
    args = [a for a in argv[1:] if not a.startswith("-")] if ours else []
    return Path(args[0] if args else os.environ.get("NAPKIFU_RECORDS") or ROOT / "sample_records")


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

"""A Parquet dataset put in place whole: the old one or the new one, never half.

``export --parquet DIR`` writes its tables into a hidden staging folder inside
``DIR`` and, once every table is written, swaps napkifu's own parts (the yearly
table folders and the flat ``*.parquet`` tables) with the staged ones — a few
renames done with SIGINT, SIGTERM and SIGHUP held back, so only SIGKILL can come
between them. An export that fails or is interrupted removes its staging folder
and leaves ``DIR`` as it was.

``DIR`` may hold other things (they are never touched), but napkifu's part paths
must hold only what napkifu writes: a folder ``DIR/rounds`` with a file of the
user's in it is refused before anything is written, ``--overwrite`` or not.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

from napkifu.analysis.temps import sweep
from napkifu.analysis.write import PARTITIONED, OutputExists

FLAT = ("season", "contracts", "excluded")
_STAGING = ".napkifu-new-"
_OLD = ".napkifu-old-"
_PARQUET_MAGIC = b"PAR1"


class ForeignFiles(OutputExists):
    """napkifu's part paths in the dataset folder hold files napkifu did not write."""


def own_parts(root: Path) -> list[Path]:
    """The paths of napkifu's tables in a dataset folder (existing or not)."""
    return [root / n for n in PARTITIONED] + [root / f"{n}.parquet" for n in FLAT]


def _is_parquet(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
            fh.seek(-4, os.SEEK_END)
            return head == _PARQUET_MAGIC and fh.read(4) == _PARQUET_MAGIC
    except OSError:
        return False


def foreign_files(root: Path) -> list[str]:
    """What napkifu did not write among its part paths under ``root``: anything but
    ``year=*/`` folders of Parquet files in a yearly table, a flat table that is
    not a Parquet file."""
    found: list[str] = []
    for part in own_parts(root):
        if not os.path.lexists(part):
            continue
        if part.suffix == ".parquet":
            if part.is_symlink() or not part.is_file() or not _is_parquet(part):
                found.append(str(part))
            continue
        if part.is_symlink() or not part.is_dir():
            found.append(str(part))
            continue
        for year in part.iterdir():
            if year.is_symlink() or not year.is_dir() or not year.name.startswith("year="):
                found.append(str(year))
                continue
            found.extend(
                str(f)
                for f in year.iterdir()
                if f.is_symlink() or not f.is_file() or not _is_parquet(f)
            )
    return found


def taken_parts(root: Path) -> list[str]:
    """napkifu's tables already in ``root`` (a yearly table folder counts when it is
    not empty)."""
    return [str(p) for p in own_parts(root) if p.exists() and (p.is_file() or any(p.iterdir()))]


@contextlib.contextmanager
def staged_dataset(directory: str | Path, *, overwrite: bool) -> Iterator[Path]:
    """A fresh folder to write the dataset in; on a normal exit it replaces
    napkifu's parts in ``directory``, on an exception it is removed (and so is
    ``directory`` when this created it and it is left empty). Raises
    :class:`ForeignFiles` or :class:`~napkifu.analysis.write.OutputExists`
    (without ``overwrite``) before anything is written."""
    root = Path(directory)
    if root.exists() and not root.is_dir():
        raise NotADirectoryError(20, "not a folder", str(root))
    created = not root.exists()
    if not created:
        _remove_stale(root)
        foreign = foreign_files(root)
        if foreign:
            raise ForeignFiles(
                "files napkifu did not write are in the way (move them first): "
                + ", ".join(foreign)
            )
        taken = taken_parts(root)
        if taken and not overwrite:
            raise OutputExists(", ".join(taken))
    root.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f"{_STAGING}{os.getpid()}-", dir=root))
    try:
        yield stage
        _swap(root, stage)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        if created:
            with contextlib.suppress(OSError):
                root.rmdir()  # only when empty: a failed first export leaves nothing


def _swap(root: Path, stage: Path) -> None:
    """napkifu's parts of ``root`` replaced by those of ``stage``; the renames are
    not interrupted by SIGINT, SIGTERM or SIGHUP (they wait until it is done)."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    old = Path(tempfile.mkdtemp(prefix=f"{_OLD}{os.getpid()}-", dir=root))
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        for part in own_parts(root):
            if os.path.lexists(part):
                part.rename(old / part.name)
        for part in own_parts(stage):
            if os.path.lexists(part):
                part.rename(root / part.name)
    except BaseException:
        for part in own_parts(old):  # put the old parts back
            if os.path.lexists(part) and not os.path.lexists(root / part.name):
                part.rename(root / part.name)
        raise
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
        shutil.rmtree(old, ignore_errors=True)


def _remove_stale(root: Path) -> None:
    """Staging folders of exports that were killed (their process is gone)."""
    sweep(root, (_STAGING, _OLD))

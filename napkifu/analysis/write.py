"""Writing season tables: CSV for spreadsheets, Parquet for Spark, DuckDB and polars."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO

import polars as pl

from napkifu.analysis import temps
from napkifu.csvsafe import neutralise_frame

FLOAT_DIGITS = 4
PARTITIONED = ("rounds", "player_rounds", "tricks", "bids")
"""Tables with a ``year`` column, written as Hive partitions ``year=2026/``."""


def write_csv(df: pl.DataFrame, target: str | Path, *, excel: bool = False) -> None:
    """``df`` as UTF-8 CSV (``-``: standard output); ``excel`` adds the byte order
    mark Japanese Excel needs to read UTF-8. Text cells are neutralised against
    formula injection and quoted; numbers stay numbers, averages and rates with four
    decimals (Parquet keeps them exact). Written as :class:`CsvWriter` does."""
    writer = CsvWriter(target, excel=excel)
    try:
        writer.append(df)
        writer.close()
    finally:
        writer.discard()


class CsvWriter:
    """One table's CSV written part by part, byte for byte what :func:`write_csv`
    writes for the whole table: the byte order mark and the header with the first
    part, then each part's rows. So a million rounds' tricks reach a CSV file
    without ever being in memory at once.

    The parts go to a temporary file (beside a file target, so that :meth:`close`
    can rename it into place): an export that fails or is interrupted leaves the
    old file as it was, never half a table. ``-`` (standard output), a target
    that is not a regular file (``/dev/stdout``, a pipe) and a writable file in a
    folder that is not get the finished bytes copied to them by :meth:`close`, so
    tables sent to the same place never mix.
    The temporary file is created now: a target that cannot be written fails
    before any work is done."""

    def __init__(self, target: str | Path, *, excel: bool = False) -> None:
        self.target = str(target)
        self.excel = excel
        self._parts = 0
        if self.target != "-" and os.path.isdir(self.target):
            raise IsADirectoryError(errno.EISDIR, "is a folder", self.target)
        self._replace = self.target != "-" and not _special(self.target)
        try:
            fd, self._tmp = _temp(Path(self.target).parent if self._replace else None)
        except PermissionError:
            # A writable file in a folder that is not: written in place at the end.
            if not (self._replace and os.access(self.target, os.W_OK)):
                raise
            self._replace = False
            fd, self._tmp = _temp(None)
        self._out: IO[bytes] | None = os.fdopen(fd, "wb")

    def append(self, df: pl.DataFrame) -> None:
        """The next rows (the first part also writes the header, even with no rows)."""
        assert self._out is not None, "append after close"
        first = self._parts == 0
        if df.height or first:
            neutralise_frame(df).write_csv(
                self._out, include_header=first, include_bom=self.excel and first,
                quote_style="non_numeric", float_precision=FLOAT_DIGITS,
            )  # fmt: skip
        self._parts += 1

    def close(self) -> None:
        """Put the finished CSV in place (or copy it to standard output)."""
        assert self._out is not None, "close after close"
        self._out.close()
        self._out = None
        if self._replace:
            os.chmod(self._tmp, _mode_for(self.target))
            os.replace(self._tmp, self.target)
            return
        try:
            if self.target == "-":
                with open(self._tmp, encoding="utf-8", newline="") as text:
                    for chunk in iter(lambda: text.read(1 << 20), ""):
                        sys.stdout.write(chunk)
                sys.stdout.flush()
            else:
                with open(self._tmp, "rb") as src, open(self.target, "wb") as dst:
                    shutil.copyfileobj(src, dst)
        finally:  # a closed pipe or a full disk still leaves no temporary file
            os.unlink(self._tmp)

    def discard(self) -> None:
        """Drop what was written (after a failure); harmless after :meth:`close`."""
        if self._out is not None:
            self._out.close()
            self._out = None
        with contextlib.suppress(OSError):
            os.unlink(self._tmp)


def _temp(folder: Path | None) -> tuple[int, str]:
    """A new temporary file in ``folder`` (None: the system's temp folder), named so
    that the next export removes it if this one is killed (:mod:`.temps`)."""
    where = tempfile.gettempdir() if folder is None else folder
    temps.sweep(where)
    return tempfile.mkstemp(dir=where, prefix=temps.prefix(), suffix=".csv")


def _special(target: str) -> bool:
    """An existing target that is not a regular file (a device, a pipe)."""
    try:
        return not stat.S_ISREG(os.stat(target).st_mode)
    except OSError:
        return False


def _mode_for(target: str) -> int:
    """The permissions a plain ``open(target, "w")`` would leave: the old file's, or
    the default less the umask (mkstemp's own are 0600)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


class OutputExists(Exception):
    """A Parquet table directory already holds files (and overwriting was not asked)."""


def write_parquet(
    tables: dict[str, pl.DataFrame], directory: str | Path, *, overwrite: bool = False
) -> list[Path]:
    """Each table under ``directory``: the yearly tables as ``NAME/year=YYYY/*.parquet``
    (undated games under ``year=__HIVE_DEFAULT_PARTITION__``), the others as
    ``NAME.parquet``. Returns what was written."""
    root = Path(directory)
    root.mkdir(parents=True, exist_ok=True)
    targets = {
        name: root / name if name in PARTITIONED else root / f"{name}.parquet" for name in tables
    }
    if not overwrite:
        taken = [t for t in targets.values() if t.exists() and (t.is_file() or any(t.iterdir()))]
        if taken:
            raise OutputExists(", ".join(str(t) for t in taken))
    for name, df in tables.items():
        target = targets[name]
        if name in PARTITIONED:
            if target.exists():
                shutil.rmtree(target)
            target.mkdir(parents=True)
            if df.height:
                df.write_parquet(target, partition_by="year")
        else:
            df.write_parquet(target)
    return list(targets.values())

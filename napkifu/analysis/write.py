"""Writing season tables: CSV for spreadsheets, Parquet for Spark, DuckDB and polars."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import polars as pl

from napkifu.csvsafe import neutralise_frame

FLOAT_DIGITS = 4
PARTITIONED = ("rounds", "player_rounds", "tricks", "bids")
"""Tables with a ``year`` column, written as Hive partitions ``year=2026/``."""


def write_csv(df: pl.DataFrame, target: str | Path, *, excel: bool = False) -> None:
    """``df`` as UTF-8 CSV (``-``: standard output); ``excel`` adds the byte order
    mark Japanese Excel needs to read UTF-8. Text cells are neutralised against
    formula injection and quoted; numbers stay numbers, averages and rates with four
    decimals (Parquet keeps them exact)."""
    safe = neutralise_frame(df)
    if str(target) == "-":
        text = safe.write_csv(quote_style="non_numeric", float_precision=FLOAT_DIGITS)
        sys.stdout.write(("\ufeff" if excel else "") + text)
        sys.stdout.flush()
        return
    safe.write_csv(
        target, include_bom=excel, quote_style="non_numeric", float_precision=FLOAT_DIGITS
    )


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

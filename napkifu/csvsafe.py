"""Cells that are safe to open in a spreadsheet (OWASP "CSV injection").

A record's text (player names, titles) is written by people, and a spreadsheet
runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
as a formula. Such a cell gets a leading ``'``, which spreadsheets read as "this is
text" and do not display; numbers are left alone (a score of ``-2`` stays a number).
"""

from __future__ import annotations

import polars as pl

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_RE = r"^[=+\-@\t\r]"


def neutralise(text: str) -> str:
    """``text`` as inert spreadsheet text."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def neutralise_frame(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` with every text cell neutralised (other columns untouched)."""
    text_cols = [name for name, dtype in df.schema.items() if dtype == pl.String]
    if not text_cols:
        return df
    return df.with_columns(
        pl.when(pl.col(c).str.contains(_FORMULA_RE))
        .then(pl.lit("'") + pl.col(c))
        .otherwise(pl.col(c))
        .alias(c)
        for c in text_cols
    )

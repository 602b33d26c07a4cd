"""CSV bytes for the Export page, written the way ``napkifu export`` writes them."""

from __future__ import annotations

import polars as pl

from napkifu.csvsafe import neutralise_frame


def csv_bytes(df: pl.DataFrame, *, excel: bool = False) -> bytes:
    """UTF-8 CSV (with a BOM for Excel when asked); text cells neutralised against
    formula injection and quoted, numbers left as numbers."""
    text = neutralise_frame(df).write_csv(quote_style="non_numeric")
    return (("\ufeff" if excel else "") + text).encode("utf-8")

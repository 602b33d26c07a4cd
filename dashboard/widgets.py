"""Small Streamlit helpers the pages share: tables, column tooltips from the
analysis layer's column descriptions, percentages."""

from __future__ import annotations

import inspect

import polars as pl
import streamlit as st

from napkifu.analysis import COLUMNS
from napkifu.i18n import Lang

EAGER_ROWS = 10_000
"""Tables up to this many rows are sent whole, as Arrow (:func:`show_table`); longer ones
are left to Streamlit, which may send them in pieces as the browser scrolls."""
_NOT_LAZY = {"lazy": False} if "lazy" in inspect.signature(st.dataframe).parameters else {}


def show_table(frame: pl.DataFrame, **kwargs: object) -> None:
    """``st.dataframe`` of a polars frame, handed over as an Arrow table.

    Given a polars frame, Streamlit converts it to pandas and back to Arrow; given
    an Arrow table it sends it as it is. pandas is then never imported: its first
    import alone took 0.3-0.4 s of a dashboard's first render. (Streamlit decides
    on lazy delivery by looking for a pandas frame first, hence ``lazy=False``.)"""
    extra = _NOT_LAZY if frame.height <= EAGER_ROWS else {}
    st.dataframe(frame.to_arrow(), **extra, **kwargs)  # type: ignore[call-overload]


def column_help(table: str, columns: list[str], lang: Lang, **extra: str) -> dict[str, object]:
    """``st.dataframe`` column_config giving every column its documented meaning
    as a header tooltip (``extra``: help for columns the table does not define)."""
    described = COLUMNS.get(table, {})
    config: dict[str, object] = {}
    for name in columns:
        text = extra.get(name) or (described[name].text(lang) if name in described else None)
        if name.endswith("_rate") or name == "success_rate":
            config[name] = st.column_config.NumberColumn(name, help=text, format="percent")
        elif text:
            config[name] = st.column_config.Column(name, help=text)
    return config


def described(table: str, column: str, lang: Lang) -> str:
    """The documented meaning of a season-table column, for a metric's tooltip."""
    return COLUMNS[table][column].text(lang)


def pct(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"

"""Small Streamlit helpers the pages share: column tooltips from the analysis
layer's column descriptions, percentages."""

from __future__ import annotations

import streamlit as st

from napkifu.analysis import COLUMNS
from napkifu.i18n import Lang


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

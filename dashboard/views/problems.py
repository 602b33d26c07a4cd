"""Problems: every diagnostic of the loaded files, as ``napkifu check`` reports it."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard.state import context
from dashboard.text import t
from dashboard.widgets import column_help, show_table

ctx = context()
lang, problems = ctx.lang, ctx.loaded.problems
st.title(t("problems", lang))
st.caption(t("problems_caption", lang))
if problems.is_empty():
    st.success(t("no_problems", lang))
    st.stop()
errors = problems.filter(pl.col("severity") == "error").height
c1, c2 = st.columns(2)
c1.metric(t("errors_count", lang), errors, help=t("errors_help", lang))
c2.metric(t("warnings_count", lang), problems.height - errors, help=t("warnings_help", lang))
codes = sorted(problems.get_column("code").unique().to_list())
picked = st.multiselect(t("code", lang), codes, key="codes")
if picked:
    problems = problems.filter(pl.col("code").is_in(picked))
message = pl.col("message_ja").fill_null(pl.col("message")) if lang == "ja" else pl.col("message")
table = problems.select(
    (pl.col("file") + ":" + pl.col("line").cast(pl.String) + ":" + pl.col("column").cast(pl.String)).alias("where"),
    "code", "severity", message.alias("message"), "game", "round", "trick",
)  # fmt: skip
show_table(table, hide_index=True, key="problems",
             column_config=column_help("excluded", table.columns, lang,
                                       where=t("where_help", lang)))  # fmt: skip
excluded = ctx.loaded.season.excluded
if not excluded.is_empty():
    st.subheader(t("excluded", lang))
    show_table(excluded, hide_index=True, key="excluded",
                 column_config=column_help("excluded", excluded.columns, lang))  # fmt: skip

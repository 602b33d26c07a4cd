"""Problems: every diagnostic of the loaded files, as ``napkifu check`` reports it,
each linked to its round in Replay, and the rounds left out with why."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard.filtering import excluded_in
from dashboard.frames import excluded_messages
from dashboard.links import replay_url
from dashboard.state import context, keep_in_url
from dashboard.text import t
from dashboard.widgets import show_table

ctx = context()
lang, problems = ctx.lang, ctx.loaded.problems
keep_in_url(ctx)
st.title(t("problems", lang))
st.caption(t("problems_caption", lang))
if problems.is_empty():
    st.success(t("no_problems", lang))
    st.stop()
errors = problems.filter(pl.col("severity") == "error").height
c1, c2 = st.columns(2)
c1.metric(t("errors_count", lang), errors, help=t("errors_help", lang))
warnings = problems.filter(pl.col("severity") == "warning").height  # (notes are neither)
c2.metric(t("warnings_count", lang), warnings, help=t("warnings_help", lang))
codes = sorted(problems.get_column("code").unique().to_list())
picked = st.multiselect(t("code", lang), codes, key="codes", placeholder=t("choose", lang))
if picked:
    problems = problems.filter(pl.col("code").is_in(picked))
message = pl.col("message_ja").fill_null(pl.col("message")) if lang == "ja" else pl.col("message")
table = problems.select(
    (pl.col("file") + ":" + pl.col("line").cast(pl.String) + ":" + pl.col("column").cast(pl.String)).alias("where"),
    "code", "severity", message.alias("message"), "game", "round", "trick",
)  # fmt: skip
links = [
    replay_url(lang, f, g, r) if g is not None and r is not None else None
    for f, g, r in problems.select("file", "game", "round").iter_rows()
]
table = table.with_columns(link=pl.Series(links, dtype=pl.String))
show_table(table, lang, "excluded", key="problems", help={"where": t("where_help", lang)},
           links={"link": t("open_replay", lang)})  # fmt: skip
excluded = excluded_in(ctx.loaded.season.excluded, ctx.loaded.index, ctx.filters)
if not excluded.is_empty():
    st.subheader(t("excluded", lang))
    show_table(excluded_messages(excluded, ctx.loaded.problems, lang), lang, "excluded",
               key="excluded")  # fmt: skip

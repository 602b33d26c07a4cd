"""Ratings: a skill rating per player (openskill), its leaderboard and its curve."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard.figures import rating_figure
from dashboard.ratings import rate_season
from dashboard.state import context, keep_in_url, memo
from dashboard.text import t
from dashboard.widgets import show_table
from napkifu.analysis import Season


@st.cache_resource(show_spinner=False, max_entries=16)
def _rated(key: str, filters: tuple, _season: Season) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The ratings of a season and filter, shared by every session (~0.3 ms a round)."""
    return rate_season(_season)


ctx = context()
lang, season = ctx.lang, ctx.season
_flat = (ctx.filters.players, ctx.filters.since, ctx.filters.until, ctx.filters.presets)
keep_in_url(ctx)
st.title(t("ratings", lang))
st.caption(t("rating_caption", lang))
if season.player_rounds.is_empty():
    st.info(t("no_data", lang))
    st.stop()
table, curve = memo(ctx, "ratings", None, lambda: _rated(ctx.key, _flat, season))
if ctx.filters.players:
    table = table.filter(table["player"].is_in(list(ctx.filters.players)))
    curve = curve.filter(curve["player"].is_in(list(ctx.filters.players)))
show_table(table, lang, key="ratings")
st.subheader(t("rating_curve", lang))
st.caption(t("rating_curve_caption", lang))
names = table.get_column("player").to_list()
hi = st.selectbox(t("highlight", lang), [None, *names], key="rating_highlight",
                  format_func=lambda p: t("everyone", lang) if p is None else p,
                  help=t("highlight_help", lang))  # fmt: skip
st.plotly_chart(rating_figure(curve, lang, ctx.colours, hi), key="rating_curve")

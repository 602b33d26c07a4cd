"""Pairings: Napoleon × adjutant — how often, and how well, each pair played."""

from __future__ import annotations

import streamlit as st

from dashboard import frames
from dashboard.figures import pairing_figure
from dashboard.state import context, keep_in_url, memo
from dashboard.text import t
from dashboard.widgets import show_table

ctx = context()
lang, season = ctx.lang, ctx.season
keep_in_url(ctx)
st.title(t("pairings", lang))
st.caption(t("pairings_caption", lang))
pairs = memo(ctx, "pairings", None, lambda: frames.pairings(season))
if pairs.is_empty():
    st.info(t("no_data", lang))
    st.stop()
metric = st.radio(
    t("metric", lang), ["rounds", "win_rate"], horizontal=True, key="pair_metric",
    format_func=lambda m: t("rounds" if m == "rounds" else "win_rate", lang),
)  # fmt: skip
st.plotly_chart(memo(ctx, "pairing_figure", metric, lambda: pairing_figure(pairs, metric, lang)),
                key="pairings")  # fmt: skip
shown = pairs.with_columns(adjutant=pairs["adjutant"].replace({frames.ALONE: t("alone", lang)}))
show_table(shown, lang, "rounds", key="pair_table",
           help={"rounds": t("pair_rounds_help", lang), "wins": t("pair_wins_help", lang),
                 "win_rate": t("pair_rate_help", lang)})  # fmt: skip

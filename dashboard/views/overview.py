"""Overview: the season at a glance — leaderboards and the cumulative score."""

from __future__ import annotations

from html import escape

import polars as pl
import streamlit as st

from dashboard import frames
from dashboard.figures import cumulative_figure
from dashboard.links import player_url
from dashboard.state import context, keep_in_url, memo
from dashboard.text import t
from dashboard.widgets import pct, show_table

ctx = context()
lang, season = ctx.lang, ctx.season
keep_in_url(ctx)
st.title(t("title", lang))
if season.player_rounds.is_empty():
    st.info(t("no_data", lang))
    st.stop()

order = memo(ctx, "order", None, lambda: frames.season_order(season))
c1, c2, c3 = st.columns(3)
c1.metric(t("rounds_counted", lang), order.height, help=t("rounds_help", lang))
c2.metric(t("players", lang), season.season.height, help=t("players_help", lang))
c3.metric(t("napoleon_win_rate", lang), pct(frames.napoleon_win_rate(season)),
          help=t("napoleon_win_rate_help", lang))  # fmt: skip

st.subheader(t("leaderboard", lang))
st.caption(t("leaderboard_caption", lang))
board = memo(ctx, "leaderboard", None, lambda: frames.leaderboard(season))
top = board.row(0, named=True)
st.html(
    f'<p>{escape(t("leader", lang))}: <b data-testid="leader">{escape(top["player"])}</b> '
    f"({escape(t('points_total', lang))} {top['points']})</p>"
)
shown = ["rank", "player", "points", "rounds", "points_avg", "napoleon_rounds",
         "napoleon_win_rate", "adjutant_rounds", "adjutant_win_rate", "allied_rounds",
         "allied_win_rate", "honors_avg", "partner"]  # fmt: skip
most = int(board.get_column("rounds").max() or 1)  # type: ignore[arg-type]
by_total, by_average = st.tabs([t("by_total", lang), t("by_average", lang)])
with by_total:
    table = board.select(shown).with_columns(
        link=pl.Series([player_url(lang, p) for p in board.get_column("player")], dtype=pl.String)
    )
    show_table(table, lang, "season", key="leaderboard",
               help={"rank": t("leaderboard_caption", lang)},
               links={"link": t("open_player", lang)})  # fmt: skip
with by_average:
    least = 1
    if most > 1:
        least = st.slider(t("min_rounds", lang), 1, most, min(10, most), key="min_rounds",
                          help=t("min_rounds_help", lang))  # fmt: skip
    avg = frames.ranked(season.season, "points_avg", least)
    show_table(avg.select(["rank", "player", "points_avg", "rounds", "points"]), lang, "season",
               key="leaderboard_avg")  # fmt: skip

st.subheader(t("cumulative", lang))
st.caption(t("cumulative_caption", lang))
names = board.get_column("player").to_list()
shown_players = list(ctx.filters.players) or names
hi = st.selectbox(t("highlight", lang), [None, *shown_players], key="highlight",
                  format_func=lambda p: t("everyone", lang) if p is None else p,
                  help=t("highlight_help", lang))  # fmt: skip
fig = memo(
    ctx, "cumulative", hi,
    lambda: cumulative_figure(frames.cumulative(season, order, ctx.filters.players), lang,
                              ctx.colours, hi),
)  # fmt: skip
st.plotly_chart(fig, key="cumulative")

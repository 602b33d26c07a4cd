"""Overview: the season at a glance — leaderboard and cumulative score."""

from __future__ import annotations

from html import escape

import streamlit as st

from dashboard import frames
from dashboard.figures import cumulative_figure
from dashboard.state import context, memo
from dashboard.text import t
from dashboard.widgets import column_help, pct, show_table

ctx = context()
lang, season = ctx.lang, ctx.season
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
    f'<p>{escape(t("leader", lang))}: <b data-testid="leader">{escape(top["player"])} · {top["points"]}</b> '
    f"{escape(t('points_total', lang))}</p>"
)
shown = ["rank", "player", "points", "rounds", "points_avg", "napoleon_rounds",
         "napoleon_win_rate", "adjutant_rounds", "adjutant_win_rate", "allied_rounds",
         "allied_win_rate", "honors_avg", "partner"]  # fmt: skip
show_table(
    board.select(shown), hide_index=True, key="leaderboard",
    column_config=column_help("season", shown, lang, rank=t("leaderboard_caption", lang)),
)  # fmt: skip

st.subheader(t("cumulative", lang))
st.caption(t("cumulative_caption", lang))
fig = memo(
    ctx, "cumulative", None, lambda: cumulative_figure(frames.cumulative(season, order), lang)
)
st.plotly_chart(fig, key="cumulative")

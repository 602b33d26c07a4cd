"""Players: one player's season — points, roles, contracts, trumps, honors, partners."""

from __future__ import annotations

import streamlit as st

from dashboard import figures, frames
from dashboard.state import context, memo
from dashboard.text import t
from dashboard.widgets import described, pct

CAPTIONS = {"roles": "by_role_caption", "trumps": "trumps_caption", "bids": "by_bid_caption",
            "honors": "honors_dist_caption"}  # fmt: skip

ctx = context()
lang, season = ctx.lang, ctx.season
st.title(t("players", lang))
names = season.season.get_column("player").to_list()
if not names:
    st.info(t("no_data", lang))
    st.stop()
player = st.selectbox(t("player", lang), names, key="player")
row = season.season.filter(season.season["player"] == player).row(0, named=True)

cols = st.columns(5)
cols[0].metric(t("points_total", lang), row["points"], help=described("season", "points", lang))
cols[1].metric(t("points_avg", lang), f"{row['points_avg']:.2f}" if row["points_avg"] is not None else "–",
               help=described("season", "points_avg", lang))  # fmt: skip
cols[2].metric(t("rounds", lang), row["rounds"], help=t("rounds_help", lang))
cols[3].metric(t("napoleon", lang), pct(row["napoleon_win_rate"]),
               help=described("season", "napoleon_win_rate", lang))  # fmt: skip
cols[4].metric(t("honors", lang), f"{row['honors_avg']:.1f}" if row["honors_avg"] is not None else "–",
               help=described("season", "honors_avg", lang))  # fmt: skip


def _figures() -> dict[str, object]:
    """Every chart of this player (built once per player, filter and language)."""
    order = memo(ctx, "order", None, lambda: frames.season_order(season))
    return {
        "points": figures.points_figure(
            frames.points_per_round(season, player, order), player, lang
        ),
        "roles": figures.role_figure(frames.by_role(season, player), lang),
        "trumps": figures.trump_figure(frames.trumps(season, player), lang),
        "bids": figures.bid_figure(frames.by_bid(season, player), lang),
        "honors": figures.honors_figure(frames.honors_distribution(season, player), lang),
        "partners": figures.partner_figure(frames.partners(season, player), lang),
    }


figs = memo(ctx, "player_figures", player, _figures)
st.caption(t("points_per_round_caption", lang))
st.plotly_chart(figs["points"], key="points")
left, right = st.columns(2)
for column, charts in ((left, ("roles", "trumps")), (right, ("bids", "honors"))):
    with column:
        for name in charts:
            st.caption(t(CAPTIONS[name], lang))
            st.plotly_chart(figs[name], key=name)
st.caption(t("partners_caption", lang))
st.plotly_chart(figs["partners"], key="partners")

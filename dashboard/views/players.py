"""Players: one player's season — points, roles, contracts, trumps, honors,
partners, recent games and rounds (linked), head-to-head."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import figures, frames
from dashboard.analysis_view import player_accuracy
from dashboard.links import game_url, replay_url
from dashboard.state import context, from_link, keep_in_url, memo
from dashboard.text import t
from dashboard.widgets import described, pct, show_table

CAPTIONS = {"roles": "by_role_caption", "trumps": "trumps_caption", "bids": "by_bid_caption",
            "honors": "honors_dist_caption"}  # fmt: skip

ctx = context()
lang, season = ctx.lang, ctx.season
st.title(t("players", lang))
names = season.season.get_column("player").to_list()
if not names:
    keep_in_url(ctx)
    st.info(t("no_data", lang))
    st.stop()
wanted = from_link("player")
if wanted in names:
    st.session_state["player"] = wanted
if st.session_state.get("player") not in names:
    st.session_state.pop("player", None)
player = st.selectbox(t("player", lang), names, key="player")
keep_in_url(ctx, player=player)
row = season.season.filter(season.season["player"] == player).row(0, named=True)

cols = st.columns(5)
cols[0].metric(t("points_total", lang), row["points"], help=described("season", "points", lang))
cols[1].metric(t("points_avg", lang), f"{row['points_avg']:.2f}" if row["points_avg"] is not None else "—",
               help=described("season", "points_avg", lang))  # fmt: skip
cols[2].metric(t("rounds", lang), row["rounds"], help=t("rounds_help", lang))
cols[3].metric(t("napoleon", lang), pct(row["napoleon_win_rate"]),
               help=described("season", "napoleon_win_rate", lang))  # fmt: skip
cols[4].metric(t("honors", lang), f"{row['honors_avg']:.1f}" if row["honors_avg"] is not None else "—",
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


def _linked(frame: pl.DataFrame, make: object) -> pl.DataFrame:
    links = [make(r) for r in frame.iter_rows(named=True)]  # type: ignore[operator]
    return frame.with_columns(link=pl.Series(links, dtype=pl.String))


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

st.subheader(t("recent_games", lang))
games = _linked(frames.recent_games(season, player),
                lambda r: game_url(lang, r["file"], r["game"]))  # fmt: skip
show_table(games, lang, "player_rounds", key="recent_games", links={"link": t("open_game", lang)})
st.subheader(t("recent_rounds", lang))
rounds = _linked(frames.recent_rounds(season, player),
                 lambda r: replay_url(lang, r["file"], r["game"], r["round"]))  # fmt: skip
show_table(rounds, lang, "player_rounds", key="recent_rounds",
           links={"link": t("open_replay", lang)})  # fmt: skip
st.subheader(t("head_to_head", lang))
st.caption(t("head_to_head_caption", lang))
show_table(frames.head_to_head(season, player), lang, key="head_to_head")

found = player_accuracy(memo(ctx, "played_out", player, lambda: frames.played_out(season, player)),
                        ctx.sources, player, lang, (ctx.key, ctx.filters))  # fmt: skip
if found is not None:
    show_table(found, lang, key="accuracy")

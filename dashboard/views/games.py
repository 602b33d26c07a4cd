"""Games: one game's score sheet — each round, the scores and the running totals —
with each round linked to its replay, and what was left out of the season."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import frames
from dashboard.links import as_int, replay_url
from dashboard.state import context, from_link, keep_in_url
from dashboard.text import t
from dashboard.widgets import show_table

ctx = context()
lang, index = ctx.lang, ctx.loaded.index
st.title(t("game_sheet", lang))
st.caption(t("game_sheet_caption", lang))
if index.is_empty():
    keep_in_url(ctx)
    st.info(t("no_data", lang))
    st.stop()
files = index.get_column("file").unique(maintain_order=True).to_list()
if (from_link("file") or from_link("game")) and st.query_params.get("file") in files:
    st.session_state["sheet_file"] = st.query_params["file"]
    st.session_state["sheet_game"] = as_int(st.query_params.get("game"))
c1, c2 = st.columns([3, 1])
file = c1.selectbox(t("file", lang), files, key="sheet_file")
games = index.filter(pl.col("file") == file).get_column("game").unique(maintain_order=True)
if st.session_state.get("sheet_game") not in games.to_list():
    st.session_state.pop("sheet_game", None)
game = c2.selectbox(t("pick_game", lang), games.to_list(), key="sheet_game")
keep_in_url(ctx, file=file, game=game)

sheet = frames.game_sheet(ctx.season, file, game)
if sheet.is_empty():
    st.info(t("no_data", lang))
else:
    links = [replay_url(lang, file, game, r) for r in sheet.get_column("round")]
    show_table(sheet.with_columns(link=pl.Series(links, dtype=pl.String)), lang, "rounds",
               key="game_sheet", links={"link": t("open_replay", lang)})  # fmt: skip
left = ctx.loaded.season.excluded.filter((pl.col("file") == file) & (pl.col("game") == game))
if left.height:
    st.warning(t("left_out", lang, n=left.height))
    show_table(left, lang, "excluded", key="sheet_excluded")
else:
    st.caption(t("left_out_none", lang))

"""Replay: pick a game and a round, then step through its tricks at the card table."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import replay_model
from dashboard.cardview import CSS, table_html
from dashboard.state import context
from dashboard.text import t

ctx = context()
lang, index = ctx.lang, ctx.loaded.index
st.title(t("replay", lang))
if index.is_empty():
    st.info(t("no_replay", lang))
    st.stop()

# Open on the first round with tricks to step through (a score sheet has none).
played = index.filter(pl.col("kind").is_in(["full", "claim"]))
first = played.row(0, named=True) if played.height else index.row(0, named=True)


def _at(options: list, value: object) -> int:
    return options.index(value) if value in options else 0


files = index.get_column("file").unique(maintain_order=True).to_list()
c1, c2, c3 = st.columns([3, 1, 3])
file = c1.selectbox(t("file", lang), files, index=_at(files, first["file"]), key="replay_file")
in_file = index.filter(pl.col("file") == file)
games = in_file.get_column("game").unique(maintain_order=True).to_list()
default_game = first["game"] if file == first["file"] else None
game = c2.selectbox(t("pick_game", lang), games, index=_at(games, default_game), key="replay_game")
rounds = in_file.filter(pl.col("game") == game)
labels = {r["round"]: replay_model.round_label(r, lang) for r in rounds.iter_rows(named=True)}
default_round = first["round"] if (file, game) == (first["file"], first["game"]) else None
rnd = c3.selectbox(t("pick_round", lang), list(labels), format_func=labels.__getitem__,
                   index=_at(list(labels), default_round), key="replay_round")  # fmt: skip

source = ctx.sources.get(file)
if source is None:
    st.info(t("no_replay", lang))
    st.stop()
data = replay_model.cached_replay(source.digest, source.name, game, rnd, source.data)
view = replay_model.round_view(data, lang)
st.markdown(view.summary_html, unsafe_allow_html=True)

steps = view.steps
last = len(steps) - 1
where = (file, game, rnd)
if st.session_state.get("replay_where") != where:  # a new round starts before its first trick
    st.session_state["replay_where"] = where
    st.session_state["replay_step"] = 0
st.session_state["replay_step"] = min(st.session_state.get("replay_step", 0), last)


def _move(delta: int) -> None:
    st.session_state["replay_step"] = max(0, min(last, st.session_state["replay_step"] + delta))


b1, b2, b3 = st.columns([1, 6, 1])
b1.button(t("prev", lang), key="replay_prev", on_click=_move, args=(-1,), disabled=last == 0)
b3.button(t("next", lang), key="replay_next", on_click=_move, args=(1,), disabled=last == 0)
if last > 0:
    b2.slider(t("trick_no", lang), 0, last, key="replay_step", label_visibility="collapsed")
step = steps[st.session_state["replay_step"]]
st.html(f'<div data-testid="replay-step">{step.title}</div>')
st.html(CSS + table_html(list(step.seats), step.center_html))
if not view.has_tricks:
    st.info(t("no_tricks", lang))
if view.diagnostics:
    with st.expander(t("round_diags", lang), expanded=True):
        for line in view.diagnostics:
            st.markdown(f"- {line}")

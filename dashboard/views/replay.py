"""Replay: pick a game and a round, then step through its tricks at the card table."""

from __future__ import annotations

from html import escape

import polars as pl
import streamlit as st

from dashboard import replay_model
from dashboard.analysis_view import graded, replay_analysis
from dashboard.cardview import CSS, table_html
from dashboard.links import as_int
from dashboard.state import context, from_link, keep_in_url
from dashboard.text import t

ctx = context()
lang, index = ctx.lang, ctx.loaded.index
st.title(t("replay", lang))
if index.is_empty():
    keep_in_url(ctx)
    st.info(t("no_replay", lang))
    st.stop()


def _at(options: list, value: object) -> int:
    return options.index(value) if value in options else 0


# Where the page is: a link's (file, game, round) on a session's first visit, else
# the last one picked, else the first round with tricks to step through. The
# pickers' keys carry the language, so their labels follow a switch of language.
linked = [from_link(k) for k in ("file", "game", "round")]
if any(v is not None for v in linked) or "replay_at" not in st.session_state:
    q = st.query_params
    if q.get("file") is not None:
        st.session_state["replay_at"] = (q["file"], as_int(q.get("game")), as_int(q.get("round")))
        for key in [
            k for k in st.session_state if str(k).startswith("replay_") and k != "replay_at"
        ]:
            del st.session_state[key]  # (the pickers then open at the link's round)
    else:
        played = index.filter(pl.col("kind").is_in(["full", "claim"]))
        top = played.row(0, named=True) if played.height else index.row(0, named=True)
        st.session_state["replay_at"] = (top["file"], top["game"], top["round"])
want_file, want_game, want_round = st.session_state["replay_at"]
files = index.get_column("file").unique(maintain_order=True).to_list()
c1, c2, c3 = st.columns([3, 1, 3])
file = c1.selectbox(t("file", lang), files, index=_at(files, want_file), key=f"replay_file_{lang}")
in_file = index.filter(pl.col("file") == file)
games = in_file.get_column("game").unique(maintain_order=True).to_list()
game = c2.selectbox(t("pick_game", lang), games, index=_at(games, want_game),
                    key=f"replay_game_{lang}")  # fmt: skip
rounds = in_file.filter(pl.col("game") == game)
labels = {r["round"]: replay_model.round_label(r, lang) for r in rounds.iter_rows(named=True)}
rnd = c3.selectbox(t("pick_round", lang), list(labels), format_func=labels.__getitem__,
                   index=_at(list(labels), want_round), key=f"replay_round_{lang}")  # fmt: skip
st.session_state["replay_at"] = (file, game, rnd)
keep_in_url(ctx, file=file, game=game, round=rnd)
st.page_link(
    "views/games.py",
    label=t("open_game", lang),
    query_params={"file": file, "game": game, "lang": lang},
)

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
table, notes = st.empty(), st.empty()  # (drawn once the analysis, if asked for, is known)
if not view.has_tricks:
    st.info(t("no_tricks", lang))
if view.diagnostics:
    with st.expander(t("round_diags", lang), expanded=True):
        for line in view.diagnostics:
            st.markdown(f"- {line}")
analysis = replay_analysis(source, game, rnd, last, lang)
seats, graded_notes = graded(step.seats, analysis, st.session_state["replay_step"], lang)
table.html(CSS + table_html(list(seats), step.center_html))
if graded_notes:
    notes.html(
        f'<div class="nk-notes" data-testid="nk-notes">{escape(" · ".join(graded_notes))}</div>'
    )

"""The analysis on the Replay and Players pages: on request, cached, never in the
way of a first render.

A round's analysis is kept with ``st.cache_data`` per file digest, round and first
trick (every session shares it); the judged file it comes from is Replay's
(:func:`dashboard.replay_model.judged_file`: one judging for every round of the file). The Players page
analyses the rounds a visitor asks for, with a progress bar and a time limit.
"""

from __future__ import annotations

import time
from dataclasses import replace
from html import escape
from typing import Any

import polars as pl
import streamlit as st

from dashboard.analysis import (
    Analysis,
    accuracy,
    analyse,
    cost_class,
    default_from_trick,
    rounds_of,
    solver_installed,
    trick_costs,
)
from dashboard.cardview import SeatView, card_html
from dashboard.data import SourceFile
from dashboard.replay_model import judged_file
from dashboard.text import t
from napkifu.i18n import Lang, solver_reason

BATCH_SECONDS = 60
"""The Players page stops starting new rounds after this long (what is done is shown)."""
MAX_ROUNDS = 500
KEPT = 8
"""Batches of results a session keeps (player, filters, tricks and rounds asked for)."""


def _judged(digest: str, name: str, data: bytes) -> dict[tuple[int, int], tuple[Any, Any]]:
    """The record's rounds, from the judgement Replay shares (judged once per file)."""
    return rounds_of(judged_file(digest, name, data))


@st.cache_data(show_spinner=False, max_entries=4096)
def round_analysis(
    digest: str, name: str, game: int, rnd: int, from_trick: int, _data: bytes
) -> Analysis:
    """One round's analysis (kept for every session, keyed on the file's hash)."""
    found = _judged(digest, name, _data).get((game, rnd))
    return analyse(*found, from_trick) if found else {"error": "no such round"}


LEGEND = (("best", "cost_best"), ("inaccuracy", "cost_1"), ("mistake", "cost_2"))


def legend_html(lang: Lang) -> str:
    items = "".join(
        f"<span>{card_html('♠A', False, grade)} {escape(t(key, lang))}</span>"
        for grade, key in LEGEND
    )
    return f'<div class="nk-legend" data-testid="nk-legend">{items}</div>'


def _note(play: dict[str, Any], lang: Lang) -> str:
    if not play["cost"]:
        return t("best_note", lang, card=play["card"])
    return t("cost_note", lang, card=play["card"], cost=play["cost"], alt=play["alternative"])


def graded(seats: tuple[SeatView, ...], analysis: Analysis | None, trick: int,
           lang: Lang) -> tuple[tuple[SeatView, ...], list[str]]:  # fmt: skip
    """The seats with each analysed card's grade and note, and the notes (for a
    caption: a phone has no hover)."""
    plays = trick_costs(analysis, trick) if analysis else {}
    out, notes = [], []
    for seat in seats:
        play = plays.get(seat.name)
        if play is None or not seat.card:
            out.append(seat)
            continue
        note = _note(play, lang)
        notes.append(f"{seat.name} {note}")
        out.append(replace(seat, grade=cost_class(play), note=note))
    return tuple(out), notes


def replay_analysis(source: SourceFile, game: int, rnd: int, tricks: int,
                    lang: Lang) -> Analysis | None:  # fmt: skip
    """The Replay page's analysis controls; the round's analysis once asked for."""
    st.subheader(t("analysis", lang))
    st.caption(t("analysis_caption", lang))
    if not solver_installed():
        st.info(t("no_solver", lang))
        return None
    if tricks == 0:
        return None
    c1, c2 = st.columns([1, 2])
    start = c1.number_input(t("from_trick", lang), 1, tricks, default_from_trick(tricks),
                            key=f"analyse_from_{tricks}", help=t("analyse_help", lang))  # fmt: skip
    if not c2.toggle(t("analyse_round", lang), key="analyse_on", help=t("analyse_help", lang)):
        return None
    with st.spinner(t("analysing", lang)):
        found = round_analysis(source.digest, source.name, game, rnd, int(start), source.data)
    if "error" in found:
        st.warning(t("not_analysed", lang, reason=solver_reason(found["error"], lang)))
        return None
    made = t("made" if found["made"] else "failed", lang)
    st.caption(t("par_line", lang, trick=found["from_trick"], par=found["par"], bid=found["bid"],
                 made=made, final=found["final"]))  # fmt: skip
    st.html(legend_html(lang))
    return found


def player_accuracy(rounds: pl.DataFrame, sources: dict[str, SourceFile], player: str,
                    lang: Lang, memo_key: object) -> pl.DataFrame | None:  # fmt: skip
    """The Players page's analysis: the player's fully played rounds (``rounds``:
    file, game, round, most recent first) analysed on request; their accuracy by
    role once done (kept in the session for this ``memo_key``)."""
    st.subheader(t("accuracy", lang))
    st.caption(t("accuracy_caption", lang) + " " + t("analysis_caption", lang))
    if not solver_installed():
        st.info(t("no_solver", lang))
        return None
    if rounds.is_empty():
        st.info(t("no_full_rounds", lang))
        return None
    c1, c2 = st.columns(2)
    last = c1.slider(t("last_tricks", lang), 1, 12, 5, key="accuracy_last",
                     help=t("analyse_help", lang))  # fmt: skip
    most = min(rounds.height, MAX_ROUNDS)
    n = c2.slider(t("rounds_to_analyse", lang), 1, most, min(20, most), key="accuracy_n") \
        if most > 1 else 1  # fmt: skip
    done: dict = st.session_state.setdefault("_napkifu_accuracy", {})
    key = (memo_key, player, last, n)
    if st.button(t("analyse_rounds", lang, n=n), key="accuracy_go"):
        while len(done) >= KEPT:
            done.pop(next(iter(done)))
        done[key] = _analyse_many(rounds.head(n), sources, last, lang)
    if key not in done:
        return None
    found = done[key]
    st.caption(t("analysed_of", lang, done=sum("error" not in a for a in found), n=n))
    return accuracy(found, player)


def _analyse_many(rounds: pl.DataFrame, sources: dict[str, SourceFile], last: int,
                  lang: Lang) -> list[Analysis]:  # fmt: skip
    bar = st.progress(0.0, text=t("analysing", lang))
    out: list[Analysis] = []
    start = time.monotonic()
    total = rounds.height
    for i, (file, game, rnd) in enumerate(rounds.select("file", "game", "round").iter_rows()):
        if time.monotonic() - start > BATCH_SECONDS:
            st.warning(t("analysis_time_up", lang, seconds=BATCH_SECONDS, done=i, n=total))
            break
        source = sources.get(file)
        if source is None:
            continue
        found = _judged(source.digest, source.name, source.data).get((game, rnd))
        if found is not None:
            first = max(1, found[0].tricks - last + 1)
            out.append(round_analysis(source.digest, source.name, game, rnd, first, source.data))
        bar.progress((i + 1) / total, text=t("analysed_of", lang, done=i + 1, n=total))
    bar.empty()
    return out

"""Plotly figures, each a plain function of one frame from :mod:`dashboard.frames`.

Kept free of Streamlit so tests can assert on ``fig.data`` directly. Long series
are drawn as plain lines, without a marker per round, and in SVG, not WebGL: in
Chromium without a GPU the 10,000-round season's chart showed ~2.5 s sooner
(benchmarks/bench_dashboard_browser.py), and SVG never runs into the browser's
cap on WebGL contexts.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import polars as pl
from plotly.colors import qualitative

from dashboard.frames import ALONE
from dashboard.text import t
from napkifu.i18n import Lang

RED, BLACK, GREY = "#c62828", "#212121", "#9e9e9e"
WON, LOST = "#2e7d32", "#c62828"
SUIT_COLOURS = {"♠": BLACK, "♣": BLACK, "♥": RED, "♦": RED}
LINE_ONLY_POINTS = 2_000
"""Beyond this many points a chart's lines carry no marker per round."""
PALETTE = (*qualitative.Dark24, *qualitative.Light24)
"""48 distinct colours: a player keeps theirs on every page and under every filter
(:func:`player_colours`, over the whole season's players)."""
FADED = "#c8c8c8"
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "$": "&#36;", "%": "&#37;"})


def plot_text(text: object) -> str:
    """A record's text (a player's name) as Plotly shows it literally: Plotly reads
    a subset of HTML in every label, LaTeX between ``$`` and, in templates,
    ``%{…}``; as entities these are only characters."""
    return str(text).translate(_ENTITIES)


def player_colours(players: list[str]) -> dict[str, str]:
    """A colour per player, by their place in the season's sorted names (so the
    same under any filter); beyond :data:`PALETTE`, colours repeat."""
    return {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(sorted(players))}


def count_axis(top: float | None) -> dict:
    """An axis of counts: whole numbers only (one tick each while few)."""
    axis: dict = {"tickformat": "d", "rangemode": "tozero"}
    if top is not None and top <= 10:
        axis["dtick"] = 1
    return axis


def _figure(
    traces: list, title: str, x: str, y: str, xaxis: dict | None = None,
    yaxis: dict | None = None, **layout: object,
) -> go.Figure:  # fmt: skip
    """One constructor call with the whole layout: ten times cheaper in Plotly than
    ``update_layout`` afterwards, which matters on every Streamlit rerun."""
    return go.Figure(
        data=traces,
        layout={
            "title": {"text": title}, "xaxis": {"title": {"text": x}, **(xaxis or {})},
            "yaxis": {"title": {"text": y}, **(yaxis or {})},
            "margin": {"l": 40, "r": 10, "t": 50, "b": 40},
            "legend": {"orientation": "h", "yanchor": "top", "y": -0.28, "x": 0},
            "hovermode": "closest", **layout,
        },
    )  # fmt: skip


def _pct(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"


def _lines(
    frame: pl.DataFrame, x_col: str, y_col: str, colours: dict[str, str] | None,
    highlight: str | None,
) -> list[go.Scatter]:  # fmt: skip
    """One line per player, in the player's colour (``highlight``: that player in
    colour and bold, the others faded). Names reach Plotly only as :func:`plot_text`."""
    big = frame.height > LINE_ONLY_POINTS
    traces = []
    for (player,), part in frame.partition_by("player", as_dict=True, maintain_order=True).items():
        colour = (colours or {}).get(str(player))
        faded = highlight is not None and player != highlight
        x = part.get_column(x_col)
        traces.append(
            go.Scatter(
                x=x.to_list() if x.dtype == pl.Date else x.to_numpy(),
                y=part.get_column(y_col).to_numpy(),
                mode="lines" if big else "lines+markers",
                name=plot_text(player),
                line={"color": FADED if faded else colour, "width": 1 if faded else 2.5},
                marker={"color": FADED if faded else colour},
                hovertemplate="%{fullData.name}<br>%{x}: %{y:.4~r}<extra></extra>",
            )
        )
    if highlight is not None:  # (drawn last: on top)
        traces.sort(key=lambda tr: tr.name == plot_text(highlight))
    return traces


def cumulative_figure(
    frame: pl.DataFrame, lang: Lang = "en", colours: dict[str, str] | None = None,
    highlight: str | None = None,
) -> go.Figure:  # fmt: skip
    """One line per player: ``cumulative`` by date (each day's closing total) when
    the rounds are dated, else against ``seq`` (frames.cumulative)."""
    dated = "date" in frame.columns and frame.get_column("date").is_not_null().any()
    if dated:
        frame = (
            frame.filter(pl.col("date").is_not_null())
            .group_by("player", "date", maintain_order=True)
            .last()
        )
    traces = _lines(frame, "date" if dated else "seq", "cumulative", colours, highlight)
    x_title = t("date", lang) if dated else t("season_round", lang)
    return _figure(traces, t("cumulative", lang), x_title, t("points_total", lang),
                   xaxis={"type": "date"} if dated else {})  # fmt: skip


def rating_figure(
    frame: pl.DataFrame, lang: Lang = "en", colours: dict[str, str] | None = None,
    highlight: str | None = None,
) -> go.Figure:  # fmt: skip
    """Each player's rating at the end of each day (ratings.rate_season's curve;
    after each rated round when the season is undated)."""
    dated = frame.get_column("date").is_not_null().any()
    traces = _lines(frame, "date" if dated else "seq", "rating", colours, highlight)
    x_title = t("date", lang) if dated else t("season_round", lang)
    return _figure(traces, t("rating_curve", lang), x_title, t("ratings", lang),
                   xaxis={"type": "date"} if dated else {})  # fmt: skip


MAX_BARS = 500
"""A longer series of per-round bars is shown as sums over equal blocks of rounds."""


def points_figure(frame: pl.DataFrame, player: str, lang: Lang = "en") -> go.Figure:
    """Bars of one player's points per round (frames.points_per_round); beyond
    :data:`MAX_BARS` rounds, each bar sums a block of consecutive rounds (the
    hover names the block), so a season of thousands of rounds stays legible."""
    pts = frame.get_column("points").fill_null(0)
    seq = frame.get_column("seq")
    block = -(-frame.height // MAX_BARS) if frame.height > MAX_BARS else 1
    if block > 1:
        grouped = (
            pl.DataFrame({"seq": seq, "points": pts})
            .with_row_index("i")
            .group_by(pl.col("i") // block, maintain_order=True)
            .agg(pl.col("seq").first().alias("first"), pl.col("seq").last().alias("last"),
                 pl.col("points").sum())
        )  # fmt: skip
        x, y = grouped.get_column("first").to_numpy(), grouped.get_column("points").to_numpy()
        custom: object = grouped.get_column("last").to_numpy()
        hover = "%{x}–%{customdata}: %{y}<extra></extra>"
    else:
        x, y = seq.to_numpy(), pts.to_numpy()
        custom = [t(r, lang) for r in frame.get_column("role").to_list()]
        hover = "%{x}: %{y} (%{customdata})<extra></extra>"
    bar = go.Bar(x=x, y=y, name=plot_text(player), customdata=custom, hovertemplate=hover,
                 marker={"color": np.sign(y), "colorscale": [[0, LOST], [0.5, GREY], [1, WON]],
                         "cmin": -1, "cmax": 1})  # fmt: skip
    return _figure([bar], t("points_per_round", lang), t("season_round", lang), t("score", lang))


def _won_lost(
    labels: list[str], won: list[int], lost: list[int], rates: list[float | None], lang: Lang,
    won_key: str = "won", lost_key: str = "lost", horizontal: bool = False,
) -> list[go.Bar]:  # fmt: skip
    """A won bar (labelled with the rate) stacked on a lost bar per label."""
    texts = [_pct(r) for r in rates]
    bars = []
    for values, key, colour, text in ((won, won_key, WON, texts), (lost, lost_key, LOST, None)):
        xy = (
            {"y": labels, "x": values, "orientation": "h"}
            if horizontal
            else {"x": labels, "y": values}
        )
        bars.append(go.Bar(**xy, name=t(key, lang), marker_color=colour, text=text,
                           textposition="inside" if text else None))  # fmt: skip
    return bars


def role_figure(frame: pl.DataFrame, lang: Lang = "en") -> go.Figure:
    """Won/lost bars per role, labelled with the win rate (frames.by_role)."""
    labels = [t(r if r != "allied" else "allied", lang) for r in frame.get_column("role")]
    bars = _won_lost(labels, frame.get_column("won").to_list(), frame.get_column("lost").to_list(),
                     frame.get_column("win_rate").to_list(), lang)  # fmt: skip
    return _figure(bars, t("by_role", lang), "", t("rounds", lang), barmode="stack",
                   yaxis=count_axis(max(frame.get_column("rounds").to_list(), default=0)))  # fmt: skip


def bid_figure(frame: pl.DataFrame, lang: Lang = "en") -> go.Figure:
    """Made/failed contracts per bid count, labelled with the success rate (frames.by_bid)."""
    labels = [str(b) for b in frame.get_column("bid")]
    bars = _won_lost(labels, frame.get_column("made").to_list(), frame.get_column("failed").to_list(),
                     frame.get_column("success_rate").to_list(), lang, "made", "failed")  # fmt: skip
    return _figure(bars, t("by_bid", lang), t("bid", lang), t("rounds", lang),
                   xaxis={"type": "category"}, barmode="stack",
                   yaxis=count_axis(max(frame.get_column("rounds").to_list(), default=0)))  # fmt: skip


def trump_figure(frame: pl.DataFrame, lang: Lang = "en") -> go.Figure:
    """Bars of trumps named, each in its suit's colour (frames.trumps)."""
    suits = [s if s is not None else "?" for s in frame.get_column("trump")]
    labels = [s if s != "NT" else t("no_trump", lang) for s in suits]
    bar = go.Bar(x=labels, y=frame.get_column("rounds").to_list(),
                 marker_color=[SUIT_COLOURS.get(s, GREY) for s in suits])  # fmt: skip
    return _figure([bar], t("trumps", lang), t("trump", lang), t("rounds", lang),
                   yaxis=count_axis(max(frame.get_column("rounds").to_list(), default=0)))  # fmt: skip


def honors_figure(frame: pl.DataFrame, lang: Lang = "en") -> go.Figure:
    """Rounds by honors captured (frames.honors_distribution)."""
    bar = go.Bar(x=frame.get_column("honors").to_list(),
                 y=frame.get_column("rounds").to_list(), marker_color="#f9a825")  # fmt: skip
    return _figure([bar], t("honors_dist", lang), t("honors", lang), t("rounds", lang),
                   xaxis={"dtick": 1},
                   yaxis=count_axis(max(frame.get_column("rounds").to_list(), default=0)))  # fmt: skip


def partner_figure(frame: pl.DataFrame, lang: Lang = "en") -> go.Figure:
    """Won/lost rounds per partner, horizontal (frames.partners)."""
    names = [plot_text(p) for p in frame.get_column("partner").to_list()]
    bars = _won_lost(names, frame.get_column("won").to_list(),
                     frame.get_column("lost").to_list(), frame.get_column("win_rate").to_list(),
                     lang, horizontal=True)  # fmt: skip
    return _figure(bars, t("partners", lang), t("rounds", lang), "", barmode="stack",
                   yaxis={"autorange": "reversed", "type": "category"},
                   xaxis=count_axis(max(frame.get_column("rounds").to_list(), default=0)))  # fmt: skip


def pairing_matrix(
    frame: pl.DataFrame, metric: str = "rounds"
) -> tuple[list[str], list[str], list[list[float | None]], list[list[str]]]:
    """Rows (napoleons), columns (adjutants, ALONE last), the ``metric`` matrix and
    the cell labels (win rate with rounds) of the heatmap (frames.pairings)."""
    naps = sorted(set(frame.get_column("napoleon").to_list()))
    adjs = sorted(set(frame.get_column("adjutant").to_list()) - {ALONE})
    if ALONE in frame.get_column("adjutant").to_list():
        adjs.append(ALONE)
    cells = {(r["napoleon"], r["adjutant"]): r for r in frame.iter_rows(named=True)}
    z: list[list[float | None]] = []
    text: list[list[str]] = []
    for n in naps:
        z.append([cells[(n, a)][metric] if (n, a) in cells else None for a in adjs])
        text.append([
            f"{_pct(cells[(n, a)]['win_rate'])} ({cells[(n, a)]['rounds']})" if (n, a) in cells else ""
            for a in adjs
        ])  # fmt: skip
    return naps, adjs, z, text


def pairing_figure(frame: pl.DataFrame, metric: str = "rounds", lang: Lang = "en") -> go.Figure:
    """Heatmap of Napoleon (rows) × adjutant (columns): colour ``metric`` (rounds or
    win_rate), label win rate and rounds."""
    naps, adjs, z, text = pairing_matrix(frame, metric)
    cols = [plot_text(a) if a != ALONE else t("alone", lang) for a in adjs]
    heat = go.Heatmap(z=z, x=cols, y=[plot_text(n) for n in naps], text=text, texttemplate="%{text}", colorscale="Blues",
                      hovertemplate="%{y} + %{x}: %{z}<extra></extra>", xgap=2, ygap=2)  # fmt: skip
    return _figure([heat], t("pairings", lang), t("adjutant", lang), t("napoleon", lang),
                   yaxis={"autorange": "reversed", "type": "category", "automargin": True},
                   xaxis={"type": "category", "automargin": True, "tickangle": -45})  # fmt: skip

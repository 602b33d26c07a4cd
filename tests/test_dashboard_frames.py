"""The dashboard's numbers and figures, from a small hand-built season.

The season's rows are written by hand (what the analysis layer would produce for
five rounds) and every chart frame is checked against values counted by hand; the
figure builders are checked on the data they put in their traces.
"""

from __future__ import annotations

import dataclasses
from datetime import date

import polars as pl
import pytest

from dashboard import figures, frames
from dashboard.filtering import filter_season, players_of, season_bounds
from napkifu.analysis import Season, SeasonFilter, schema, season_tables

SEATS = ("Haru", "Sora", "Mina", "Riku", "Kei")

# (date, file, round, napoleon, adjutant, bid, trump, win, honors captured by player)
ROUNDS = [
    (date(2026, 1, 10), "a.nap", 1, "Haru", "Sora", 13, "♠", True, {"Haru": 8, "Sora": 6, "Mina": 2}),
    (date(2026, 1, 10), "a.nap", 2, "Haru", None, 14, "♥", False, {"Haru": 9, "Kei": 7}),
    (date(2026, 2, 1), "b.nap", 1, "Mina", "Haru", 13, "♠", True, None),
    (date(2026, 2, 1), "b.nap", 2, "Sora", "Haru", 15, "NT", True, {"Sora": 10, "Haru": 6}),
    (None, "c.nap", 1, "Haru", "Mina", 13, "♦", False, {"Haru": 5, "Riku": 8}),
]  # fmt: skip


def _points(nap: str, adj: str | None, win: bool) -> dict[str, int]:
    sign = 1 if win else -1
    if adj is None:
        return {p: (4 * sign if p == nap else -sign) for p in SEATS}
    return {p: (2 * sign if p == nap else sign if p == adj else -sign) for p in SEATS}


def make_season() -> Season:
    rounds, prs, bids = [], [], []
    for day, file, number, nap, adj, bid, trump, win, honors in ROUNDS:
        where = {"round_id": f"{file}{number}", "file": file, "game": 1, "round": number,
                 "date": day, "year": day.year if day else None}  # fmt: skip
        pts = _points(nap, adj, win)
        row = {**where, "kind": "full" if honors else "score-sheet", "preset": "standard",
               "players_count": 5, "napoleon": nap, "bid": bid, "trump": trump,
               "adjutant": adj, "alone": adj is None, "win": win}  # fmt: skip
        for i, p in enumerate(SEATS, start=1):
            row[f"player_{i}"], row[f"score_{i}"] = p, pts[p]
        rounds.append(row)
        bids.append(
            {**where, "order": 1, "player": nap, "bid": bid, "trump": trump, "source": "napoleon"}
        )
        for seat, p in enumerate(SEATS, start=1):
            role = "napoleon" if p == nap else "adjutant" if p == adj else "allied"
            side = "allies" if role == "allied" else "napoleon"
            prs.append({
                **where, "preset": "standard", "player": p, "seat": seat, "role": role,
                "side": side, "alone": adj is None, "bid": bid, "trump": trump, "points": pts[p],
                "honors": (honors or {}).get(p, 0) if honors else None,
                "won": win == (side == "napoleon"),
                "partner": adj if role == "napoleon" else nap if role == "adjutant" else None,
            })  # fmt: skip
    rounds_df = pl.from_dicts(rounds, schema=schema("rounds"))
    pr_df = pl.from_dicts(prs, schema=schema("player_rounds"))
    bids_df = pl.from_dicts(bids, schema=schema("bids"))
    season, contracts = season_tables(pr_df, bids_df)
    return Season(rounds_df, pr_df, pl.DataFrame(schema=schema("tricks")), season,
                  pl.DataFrame(schema=schema("excluded")), 3, bids_df, contracts)  # fmt: skip


@pytest.fixture(scope="module")
def season() -> Season:
    return make_season()


def test_season_order_puts_undated_last(season: Season) -> None:
    order = frames.season_order(season)
    assert order.get_column("seq").to_list() == [1, 2, 3, 4, 5]
    assert order.select("file", "round").rows() == [
        ("a.nap", 1), ("a.nap", 2), ("b.nap", 1), ("b.nap", 2), ("c.nap", 1)
    ]  # fmt: skip


def test_cumulative_is_running_sum(season: Season) -> None:
    cum = frames.cumulative(season)
    haru = cum.filter(pl.col("player") == "Haru")
    # Haru: +2 (nap won), -4 (alone lost), +1 (adj won), +1 (adj won), -2 (nap lost)
    assert haru.get_column("points").to_list() == [2, -4, 1, 1, -2]
    assert haru.get_column("cumulative").to_list() == [2, -2, -1, 0, -2]
    fig = figures.cumulative_figure(cum)  # by date: each day's closing total
    trace = next(tr for tr in fig.data if tr.name == "Haru")
    dated = haru.filter(pl.col("date").is_not_null()).group_by("date", maintain_order=True).last()
    assert list(trace.y) == dated["cumulative"].to_list()
    assert list(trace.x) == dated["date"].to_list()
    assert fig.layout.xaxis.type == "date"
    assert len(fig.data) == len(SEATS)
    assert {tr.mode for tr in fig.data} == {"lines+markers"}
    undated = figures.cumulative_figure(cum.with_columns(date=None))  # no dates: round order
    trace = next(tr for tr in undated.data if tr.name == "Haru")
    assert list(trace.y) == [2, -2, -1, 0, -2] and list(trace.x) == [1, 2, 3, 4, 5]
    only = figures.cumulative_figure(frames.cumulative(season, players=("Haru",)))
    assert [tr.name for tr in only.data] == ["Haru"]  # a filter to one player: one line


def test_colours_are_stable_distinct_and_highlighted(season: Season) -> None:
    names = [f"p{i:02d}" for i in range(24)]
    colours = figures.player_colours(names)
    assert len(set(colours.values())) == 24
    assert figures.player_colours(list(reversed(names))) == colours
    cum = frames.cumulative(season)
    lit = figures.cumulative_figure(cum, colours=figures.player_colours(SEATS), highlight="Haru")
    by_name = {tr.name: tr.line.color for tr in lit.data}
    assert by_name["Haru"] == figures.player_colours(SEATS)["Haru"]
    assert {c for n, c in by_name.items() if n != "Haru"} == {figures.FADED}
    assert lit.data[-1].name == "Haru"  # drawn on top


def test_rankings_and_head_to_head(season: Season) -> None:
    table = season.season
    at_least = frames.ranked(table, "points_avg", 5)
    assert at_least["rounds"].min() >= 5  # type: ignore[operator]
    assert at_least["points_avg"].to_list() == sorted(
        at_least["points_avg"].to_list(), reverse=True
    )
    h2h = frames.head_to_head(season, "Haru")
    mine = season.player_rounds.filter((pl.col("player") == "Haru") & pl.col("won").is_not_null())
    for row in h2h.iter_rows(named=True):
        assert row["with_rounds"] + row["against_rounds"] <= mine.height
        assert (
            row["with_wins"] <= row["with_rounds"] and row["against_wins"] <= row["against_rounds"]
        )


def test_a_long_season_is_drawn_as_plain_svg_lines() -> None:
    """Thousands of rounds: every point kept, no marker per round, no WebGL."""
    n = figures.LINE_ONLY_POINTS
    cum = pl.DataFrame(
        {"player": ["A"] * n + ["B"] * n, "seq": [*range(1, n + 1)] * 2,
         "points": [1] * n + [-1] * n, "cumulative": [*range(1, n + 1), *range(-1, -n - 1, -1)]}
    )  # fmt: skip
    fig = figures.cumulative_figure(cum)
    assert [type(tr).__name__ for tr in fig.data] == ["Scatter", "Scatter"]
    assert [tr.mode for tr in fig.data] == ["lines", "lines"]
    assert list(fig.data[1].y) == list(range(-1, -n - 1, -1))
    assert list(fig.data[0].x) == list(range(1, n + 1))


def test_leaderboard_ranks_by_points(season: Season) -> None:
    board = frames.leaderboard(season)
    totals = dict(zip(board["player"], board["points"], strict=True))
    expected = {p: sum(_points(n, a, w)[p] for _, _, _, n, a, _, _, w, _ in ROUNDS) for p in SEATS}
    assert totals == expected
    assert board["points"].to_list() == sorted(expected.values(), reverse=True)
    assert board["rank"][0] == 1


def test_by_role_and_figure(season: Season) -> None:
    roles = frames.by_role(season, "Haru")
    assert roles.rows() == [
        ("napoleon", 3, 1, 2, pytest.approx(1 / 3)),
        ("adjutant", 2, 2, 0, 1.0),
        ("allied", 0, 0, 0, None),
    ]
    fig = figures.role_figure(roles)
    won, lost = fig.data
    assert list(won.y) == [1, 2, 0] and list(lost.y) == [2, 0, 0]
    assert list(won.text) == ["33%", "100%", "–"]


def test_by_bid_and_trumps(season: Season) -> None:
    bids = frames.by_bid(season, "Haru")
    assert bids.rows() == [(13, 2, 1, 1, 0.5), (14, 1, 0, 1, 0.0)]
    fig = figures.bid_figure(bids)
    assert list(fig.data[0].x) == ["13", "14"] and list(fig.data[0].y) == [1, 0]
    tr = frames.trumps(season, "Haru")
    assert tr.rows() == [("♠", 1), ("♥", 1), ("♦", 1)]
    fig = figures.trump_figure(tr)
    assert list(fig.data[0].marker.color) == [figures.BLACK, figures.RED, figures.RED]


def test_honors_distribution_skips_unrecorded(season: Season) -> None:
    dist = frames.honors_distribution(season, "Haru")
    # rounds with tricks: 8, 9, 6, 5 (b.nap round 1 has none)
    assert dist.rows() == [(5, 1), (6, 1), (8, 1), (9, 1)]
    assert list(figures.honors_figure(dist).data[0].y) == [1, 1, 1, 1]


def test_partners(season: Season) -> None:
    p = frames.partners(season, "Haru")
    assert p.rows() == [
        ("Mina", 2, 1, 1, 0.5),
        ("Sora", 2, 2, 0, 1.0),
    ]
    fig = figures.partner_figure(p)
    assert list(fig.data[0].y) == ["Mina", "Sora"] and list(fig.data[0].x) == [1, 2]


def test_pairings_heatmap(season: Season) -> None:
    pairs = frames.pairings(season)
    assert pairs.filter(pl.col("napoleon") == "Haru").rows() == [
        ("Haru", "Mina", 1, 0, 0.0),
        ("Haru", "Sora", 1, 1, 1.0),
        ("Haru", frames.ALONE, 1, 0, 0.0),
    ]
    naps, adjs, z, text = figures.pairing_matrix(pairs, "rounds")
    assert naps == ["Haru", "Mina", "Sora"]
    assert adjs == ["Haru", "Mina", "Sora", frames.ALONE]
    assert z[0] == [None, 1, 1, 1]
    assert text[0][2] == "100% (1)"
    fig = figures.pairing_figure(pairs, "win_rate")
    assert list(fig.data[0].z[0]) == [None, 0.0, 1.0, 0.0]
    assert fig.data[0].x[-1] == "alone"


def test_filter_by_date_and_player(season: Season) -> None:
    first, last = season_bounds(season)
    assert (first, last) == (date(2026, 1, 10), date(2026, 2, 1))
    jan = filter_season(season, SeasonFilter(since=date(2026, 1, 1), until=date(2026, 1, 31)))
    assert frames.counted_rounds(jan) == 2  # the undated round is dropped with a bound
    haru = jan.season.filter(pl.col("player") == "Haru").row(0, named=True)
    assert haru["points"] == -2 and haru["napoleon_rounds"] == 2
    assert filter_season(season, SeasonFilter()) is season
    only = filter_season(season, SeasonFilter(players=("Riku",)))
    assert only.season["player"].to_list() == ["Riku"]
    assert players_of(only) == list(sorted(SEATS))  # Riku sat in every round


def test_ratings_count_every_round_with_a_result_and_reward_winners(season: Season) -> None:
    from dashboard.ratings import rate_season

    table, curve = rate_season(season)
    rated = season.player_rounds.filter(pl.col("won").is_not_null())
    counts = dict(rated.group_by("player").len().iter_rows())
    assert dict(zip(table["player"], table["rounds"], strict=True)) == counts
    assert table["rating"].to_list() == sorted(table["rating"].to_list(), reverse=True)
    first = rated.sort(["date", "file", "game", "round"], nulls_last=True).head(1)
    one = rated.join(first.select("file", "game", "round"), on=["file", "game", "round"])
    solo = dataclasses.replace(season, player_rounds=one)
    after = dict(zip(*rate_season(solo)[0].select("player", "mu").to_dict().values(), strict=True))
    for player, won in one.select("player", "won").iter_rows():
        assert (after[player] > 25) == won
    assert set(curve["player"]) <= set(table["player"])

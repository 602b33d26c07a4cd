"""The numbers behind every chart, as small polars frames.

Each function takes season tables (columns: :data:`napkifu.analysis.COLUMNS`) and
returns exactly what one chart or table shows, so tests can check the numbers
without Plotly and the figure builders stay thin.
"""

from __future__ import annotations

import polars as pl

from napkifu.analysis import Season

KEYS = ["file", "game", "round"]
ROLES = ("napoleon", "adjutant", "allied")
TRUMP_ORDER = ("♠", "♥", "♦", "♣", "NT")
ALONE = "—"
"""The adjutant column of the pairing heatmap for Napoleon alone."""


def season_order(season: Season) -> pl.DataFrame:
    """The counted rounds in season order (date, then file, game, round; undated
    last) with ``seq`` = 1, 2, 3 …: the x axis of every over-time chart."""
    counted = season.player_rounds.select([*KEYS, "date"]).unique(KEYS)
    return (
        counted.sort(["date", *KEYS], nulls_last=True)
        .with_row_index("seq", offset=1)
        .with_columns(pl.col("seq").cast(pl.Int64))
        .select(["seq", *KEYS])
    )


def cumulative(season: Season, order: pl.DataFrame | None = None) -> pl.DataFrame:
    """Each player's running total after every round they sat in:
    ``player, seq, points, cumulative`` (a round without points adds 0)."""
    order = season_order(season) if order is None else order
    return (
        season.player_rounds.select([*KEYS, "player", "points"])
        .join(order, on=KEYS, how="inner")
        .sort(["player", "seq"])
        .with_columns(pl.col("points").fill_null(0).cum_sum().over("player").alias("cumulative"))
        .select(["player", "seq", "points", "cumulative"])
    )


def leaderboard(season: Season) -> pl.DataFrame:
    """The season table ranked by points (ties share a rank)."""
    table = season.season
    return table.with_columns(
        pl.col("points").rank(method="min", descending=True).cast(pl.Int64).alias("rank")
    ).select(["rank", *table.columns])


def points_per_round(
    season: Season, player: str, order: pl.DataFrame | None = None
) -> pl.DataFrame:
    """``seq, points, role`` of one player's rounds."""
    order = season_order(season) if order is None else order
    return (
        season.player_rounds.filter(pl.col("player") == player)
        .join(order, on=KEYS, how="inner")
        .sort("seq")
        .select(["seq", "points", "role"])
    )


def _rate(wins: str, rounds: str) -> pl.Expr:
    return pl.when(pl.col(rounds) > 0).then(pl.col(wins) / pl.col(rounds)).otherwise(None)


def by_role(season: Season, player: str) -> pl.DataFrame:
    """``role, rounds, won, lost, win_rate`` for napoleon, adjutant and allied
    (every role listed, zero when never played; rounds without a result count in
    ``rounds`` only)."""
    mine = season.player_rounds.filter(pl.col("player") == player)
    stats = mine.group_by("role").agg(
        rounds=pl.len().cast(pl.Int64),
        won=(pl.col("won") == True).sum().cast(pl.Int64),  # noqa: E712
        lost=(pl.col("won") == False).sum().cast(pl.Int64),  # noqa: E712
    )
    roles = pl.DataFrame({"role": list(ROLES)})
    return (
        roles.join(stats, on="role", how="left")
        .with_columns(pl.col("rounds", "won", "lost").fill_null(0))
        .with_columns(win_rate=_rate("won", "rounds"))
    )


def by_bid(season: Season, player: str) -> pl.DataFrame:
    """``bid, rounds, made, failed, success_rate`` of the player's contracts as Napoleon."""
    return (
        season.contracts.filter(pl.col("player") == player)
        .sort("bid")
        .select(
            "bid",
            "rounds",
            pl.col("wins").alias("made"),
            (pl.col("rounds") - pl.col("wins")).alias("failed"),
            pl.col("win_rate").alias("success_rate"),
        )
    )


def trumps(season: Season, player: str) -> pl.DataFrame:
    """``trump, rounds`` named as Napoleon, in suit order then no-trump."""
    counts = (
        season.player_rounds.filter((pl.col("player") == player) & (pl.col("role") == "napoleon"))
        .group_by("trump")
        .agg(rounds=pl.len().cast(pl.Int64))
    )
    order = pl.DataFrame({"trump": list(TRUMP_ORDER), "_o": list(range(len(TRUMP_ORDER)))})
    return counts.join(order, on="trump", how="left").sort("_o", nulls_last=True).drop("_o")


def honors_distribution(season: Season, player: str) -> pl.DataFrame:
    """``honors, rounds``: how many rounds the player captured that many honors
    (rounds with recorded tricks only)."""
    return (
        season.player_rounds.filter((pl.col("player") == player) & pl.col("honors").is_not_null())
        .group_by("honors")
        .agg(rounds=pl.len().cast(pl.Int64))
        .sort("honors")
    )


def partners(season: Season, player: str) -> pl.DataFrame:
    """``partner, rounds, won, lost, win_rate`` (the player as Napoleon or adjutant),
    most frequent first."""
    return (
        season.player_rounds.filter((pl.col("player") == player) & pl.col("partner").is_not_null())
        .group_by("partner")
        .agg(
            rounds=pl.len().cast(pl.Int64),
            won=(pl.col("won") == True).sum().cast(pl.Int64),  # noqa: E712
            lost=(pl.col("won") == False).sum().cast(pl.Int64),  # noqa: E712
        )
        .with_columns(win_rate=_rate("won", "rounds"))
        .sort(["rounds", "partner"], descending=[True, False])
    )


def pairings(season: Season) -> pl.DataFrame:
    """``napoleon, adjutant, rounds, wins, win_rate`` for every pair that played
    together; Napoleon alone appears with the adjutant :data:`ALONE`. Rounds whose
    adjutant is unknown (not revealed) are left out."""
    nap = season.player_rounds.filter(pl.col("role") == "napoleon")
    nap = nap.filter(pl.col("partner").is_not_null() | pl.col("alone").fill_null(False))
    return (
        nap.with_columns(
            pl.col("player").alias("napoleon"),
            pl.col("partner").fill_null(ALONE).alias("adjutant"),
        )
        .group_by("napoleon", "adjutant")
        .agg(
            rounds=pl.len().cast(pl.Int64),
            wins=(pl.col("won") == True).sum().cast(pl.Int64),  # noqa: E712
        )
        .with_columns(win_rate=_rate("wins", "rounds"))
        .sort("napoleon", "adjutant")
    )


def napoleon_win_rate(season: Season) -> float | None:
    """Share of counted rounds with a result that Napoleon's side won."""
    wins = season.rounds.filter(
        pl.col("duplicate_of").is_null() & pl.col("win").is_not_null()
    ).get_column("win")
    return float(wins.mean()) if wins.len() else None  # type: ignore[arg-type]


def counted_rounds(season: Season) -> int:
    """Rounds that count: played (not redeals), without errors, not duplicates."""
    return season.player_rounds.select(KEYS).unique().height

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
        .select(["seq", *KEYS, "date"])
    )


def cumulative(
    season: Season, order: pl.DataFrame | None = None, players: tuple[str, ...] = ()
) -> pl.DataFrame:
    """Each player's running total after every round they sat in:
    ``player, seq, date, points, cumulative`` (a round without points adds 0);
    ``players``: only theirs (the season filter's: not everyone they sat with)."""
    order = season_order(season) if order is None else order
    rows = season.player_rounds
    if players:
        rows = rows.filter(pl.col("player").is_in(list(players)))
    return (
        rows.select([*KEYS, "player", "points"])
        .join(order, on=KEYS, how="inner")
        .sort(["player", "seq"])
        .with_columns(pl.col("points").fill_null(0).cum_sum().over("player").alias("cumulative"))
        .select(["player", "seq", "date", "points", "cumulative"])
    )


def leaderboard(season: Season) -> pl.DataFrame:
    """The season table ranked by points (ties share a rank)."""
    return ranked(season.season, "points")


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


def ranked(table: pl.DataFrame, by: str, min_rounds: int = 0) -> pl.DataFrame:
    """The season table ranked by ``by`` (ties share a rank), players with fewer
    than ``min_rounds`` counted rounds left out."""
    kept = table.filter(pl.col("rounds") >= min_rounds).sort(
        [by, "player"], descending=[True, False], nulls_last=True
    )
    rank = pl.col(by).rank(method="min", descending=True).cast(pl.Int64).alias("rank")
    return kept.with_columns(rank).select(["rank", *table.columns])


def head_to_head(season: Season, player: str) -> pl.DataFrame:
    """``player, with_rounds, with_wins, against_rounds, against_wins`` against
    every other player: rounds on the same side and on opposite sides, and how
    many of them ``player`` won (rounds with a result only)."""
    pr = season.player_rounds.filter(pl.col("won").is_not_null()).select(
        [*KEYS, "player", "side", "won"]
    )
    mine = pr.filter(pl.col("player") == player).select(
        [*KEYS, pl.col("side").alias("my_side"), pl.col("won").alias("my_won")]
    )
    others = pr.filter(pl.col("player") != player).join(mine, on=KEYS, how="inner")
    same = pl.col("side") == pl.col("my_side")
    return (
        others.group_by("player")
        .agg(
            with_rounds=same.sum().cast(pl.Int64),
            with_wins=(same & pl.col("my_won")).sum().cast(pl.Int64),
            against_rounds=(~same).sum().cast(pl.Int64),
            against_wins=(~same & pl.col("my_won")).sum().cast(pl.Int64),
        )
        .sort(["against_rounds", "player"], descending=[True, False])
    )


def recent_rounds(season: Season, player: str, n: int = 20) -> pl.DataFrame:
    """The player's last ``n`` counted rounds, latest first."""
    return (
        season.player_rounds.filter(pl.col("player") == player)
        .sort(["date", *KEYS], descending=True, nulls_last=True)
        .head(n)
        .select("date", *KEYS, "role", "won", "points")
    )


def played_out(season: Season, player: str) -> pl.DataFrame:
    """The player's counted rounds played to the last card (what the solver can
    analyse: every hand is the cards played), latest first: ``file, game, round``."""
    full = season.rounds.filter(pl.col("kind") == "full").select(KEYS)
    return (
        season.player_rounds.filter(pl.col("player") == player)
        .join(full, on=KEYS, how="semi")
        .sort(["date", *KEYS], descending=True, nulls_last=True)
        .select(KEYS)
    )


def recent_games(season: Season, player: str, n: int = 10) -> pl.DataFrame:
    """The player's last ``n`` games: ``date, file, game, rounds, points``."""
    return (
        season.player_rounds.filter(pl.col("player") == player)
        .group_by("file", "game")
        .agg(
            date=pl.col("date").first(),
            rounds=pl.len().cast(pl.Int64),
            points=pl.col("points").sum(),
        )
        .sort(["date", "file", "game"], descending=True, nulls_last=True)
        .head(n)
        .select("date", "file", "game", "rounds", "points")
    )


def game_sheet(season: Season, file: str, game: int) -> pl.DataFrame:
    """One game's score sheet: per counted round its Napoleon, contract, called
    card, adjutant, honors and result, then each player's score and running
    total (``score:<name>`` and ``total:<name>`` columns, in seat order: any name
    is safe as a column)."""
    rounds = season.rounds.filter(
        (pl.col("file") == file) & (pl.col("game") == game) & pl.col("duplicate_of").is_null()
    )
    pr = season.player_rounds.filter((pl.col("file") == file) & (pl.col("game") == game))
    counted = rounds.join(pr.select("round").unique(), on="round", how="semi").sort("round")
    base = counted.select(
        "round", "napoleon", "contract", "called", "adjutant", "honors_napoleon", "win"
    ).rename({"win": "result"})
    players = pr.sort("seat").get_column("player").unique(maintain_order=True).to_list()
    scores = (
        pr.sort("round")
        .with_columns((pl.lit("score:") + pl.col("player")).alias("player"))
        .pivot(on="player", index="round", values="points")
        .select(["round", *[f"score:{p}" for p in players]])
    )
    totals = scores.select(
        "round",
        *[pl.col(f"score:{p}").fill_null(0).cum_sum().alias(f"total:{p}") for p in players],
    )
    return base.join(scores, on="round", how="left").join(totals, on="round", how="left")


def excluded_messages(excluded: pl.DataFrame, problems: pl.DataFrame, lang: str) -> pl.DataFrame:
    """The excluded rounds with their message in ``lang`` (the diagnostic's own
    Japanese text, found among the problems by file, line and code)."""
    if lang != "ja" or excluded.is_empty():
        return excluded
    ja = problems.select("file", "line", "code", "message_ja").unique(
        ["file", "line", "code"], keep="first"
    )
    return (
        excluded.join(ja, on=["file", "line", "code"], how="left", maintain_order="left")
        .with_columns(message=pl.coalesce("message_ja", "message"))
        .drop("message_ja")
    )

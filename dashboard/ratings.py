"""A skill rating per player from the season's rounds (openskill's Weng–Lin model).

Why openskill: a maintained, published Bayesian rating (Weng & Lin 2011, the
model behind TrueSkill-like ratings, without TrueSkill's patent) that rates teams
of any size against each other, which is what a round of Napoleon is: Napoleon's
side (Napoleon and the adjutant) against the allies, two against three in a
five-player round, one against four when Napoleon plays alone.

Assumptions (docs/dashboard.md repeats them):

- Only counted rounds with a result are rated (errors, redeals and duplicates are
  not), in season order (date, file, game, round).
- A round is a match of two teams, ranked by which side won; a team's strength is
  its members' combined skill (the model's sum), so a lone Napoleon's win over
  four allies moves ratings more than a pair's win over three.
- Weights: Napoleon carries the contract and so the full result (weight 1); the
  adjutant is credited half of it (0.5: the role is dealt by the called card,
  not chosen); every ally 1.
- Everyone starts at μ = 25, σ = 25/3 (openskill's defaults); the rating shown is
  the conservative ordinal μ − 3σ, which rises as a player's record grows.
- Points are not used: the rating is about winning, the leaderboards show points.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from napkifu.analysis import Season

KEYS = ["file", "game", "round"]
WEIGHTS = {"napoleon": 1.0, "adjutant": 0.5, "allied": 1.0}


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate_season(season: Season) -> tuple[pl.DataFrame, pl.DataFrame]:
    """``(table, curve)``: each player's final ``rating, mu, sigma, rounds`` (best
    first), and ``player, date, seq, rating`` after each date they played (by
    date when the season is dated, its undated rounds rated last and not drawn;
    else after each round, ``seq`` counting the rated rounds)."""
    rows = (
        season.player_rounds.filter(pl.col("won").is_not_null())
        .select([*KEYS, "date", "player", "role", "won"])
        .sort(["date", *KEYS], nulls_last=True)
    )
    model = _model()
    ratings: dict[str, Any] = {}
    played: dict[str, int] = {}
    curve: list[tuple[str, object, int, float]] = []
    seq = 0
    for (_f, _g, _r), part in rows.group_by(KEYS, maintain_order=True):
        sides: dict[bool, list[tuple[str, str]]] = {True: [], False: []}
        napoleon_side = {"napoleon", "adjutant"}
        won_by_nap = None
        for player, role, won in part.select("player", "role", "won").iter_rows():
            nap = role in napoleon_side
            sides[nap].append((player, role))
            if nap:
                won_by_nap = bool(won)
        if not sides[True] or not sides[False] or won_by_nap is None:
            continue
        teams = [
            [ratings.setdefault(p, model.rating(name=p)) for p, _ in sides[s]]
            for s in (True, False)
        ]
        weights = [[WEIGHTS.get(r, 1.0) for _, r in sides[s]] for s in (True, False)]
        ranks = [1, 2] if won_by_nap else [2, 1]
        new = model.rate(teams, ranks=ranks, weights=weights)
        seq += 1
        day = part.get_column("date")[0]
        for team, side in zip(new, (True, False), strict=True):
            for rating, (p, _) in zip(team, sides[side], strict=True):
                ratings[p] = rating
                played[p] = played.get(p, 0) + 1
                curve.append((p, day, seq, rating.ordinal()))
    table = pl.DataFrame(
        [(p, r.ordinal(), r.mu, r.sigma, played[p]) for p, r in ratings.items()],
        schema={"player": pl.String, "rating": pl.Float64, "mu": pl.Float64,
                "sigma": pl.Float64, "rounds": pl.Int64},
        orient="row",
    ).sort(["rating", "player"], descending=[True, False])  # fmt: skip
    table = table.with_columns(
        rank=pl.col("rating").rank(method="min", descending=True).cast(pl.Int64)
    ).select("rank", "player", "rating", "mu", "sigma", "rounds")
    steps = pl.DataFrame(
        curve, orient="row",
        schema={"player": pl.String, "date": pl.Date, "seq": pl.Int64, "rating": pl.Float64},
    )  # fmt: skip
    if steps.get_column("date").is_null().all():
        return table, steps
    by_date = (
        steps.filter(pl.col("date").is_not_null())
        .group_by("player", "date", maintain_order=True)
        .last()
    )
    return table, by_date

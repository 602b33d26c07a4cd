"""Double-dummy analysis for the dashboard, as plain data (issue 30, item 3).

The solving is napkifu's (:func:`napkifu.solve.rounds.analyse_round`, the Rust
solver); this module judges a record's bytes, analyses the rounds asked for and
turns each :class:`~napkifu.solve.rounds.RoundAnalysis` into a dict of plain
values, so Streamlit's ``cache_data`` can keep it per file digest and round, and
sums analysed rounds into accuracy by role and luck. Free of Streamlit. A
solve from trick 1 can take minutes, so the pages analyse only on request and
from a trick the visitor picks; without the solver module they say so and go on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import polars as pl

from napkifu.cards import card_text

Analysis = dict[str, Any]
"""One round: ``par``, ``bid``, ``made``, ``final``, ``from_trick``, ``roles``
(player → napoleon / adjutant / allied) and ``plays`` (trick, player, card,
cost, mark, alternative, best, value, napoleon_side); or just ``error``."""

ROLES = ("napoleon", "adjutant", "allied")
COST_CLASSES = ("best", "inaccuracy", "mistake")
"""The three colours of a card: cost 0, ``?`` (cost 1), ``??`` (2 or more, or the
contract turned)."""


def solver_installed() -> bool:
    """Whether the Rust solver module is there (``scripts/setup.sh`` builds it)."""
    from napkifu.solve.engine import available

    return available()


def cost_class(play: dict[str, Any]) -> str:
    """The colour of an analysed card: by its mark (``??`` also when a cost of 1
    turned the contract), else best."""
    return {"": "best", "?": "inaccuracy", "??": "mistake"}.get(play["mark"], "mistake")


def _role(rnd: Any, player: str) -> str:
    if player == rnd.napoleon:
        return "napoleon"
    return "adjutant" if player == rnd.adjutant else "allied"


def _plain(rnd: Any, result: Any) -> Analysis:
    return {
        "par": result.par, "bid": result.bid, "made": result.made, "final": result.final,
        "from_trick": result.from_trick,
        "roles": {p: _role(rnd, p) for p in rnd.players},
        "plays": [
            {"trick": p.trick, "player": p.player, "card": card_text(p.card), "cost": p.cost,
             "mark": p.mark, "best": p.best, "value": p.value,
             "alternative": card_text(p.alternative) if p.alternative is not None else None,
             "napoleon_side": p.napoleon_side}
            for p in result.plays
        ],
    }  # fmt: skip


def rounds_of(judged: Any) -> dict[tuple[int, int], tuple[Any, Any]]:
    """A judged record's rounds: (game, round) → (its game's rules, the round)."""
    return {(g.number, r.number): (g.rules, r) for g in judged.games for r in g.rounds}


def analyse(rules: Any, rnd: Any, from_trick: int) -> Analysis:
    """One round analysed from trick ``from_trick``; a round that cannot be (not
    fully played, an error, a rule the solver does not model, no solver) gets its
    reason instead."""
    from napkifu.solve.engine import Unsolvable
    from napkifu.solve.rounds import analyse_round

    try:
        return _plain(rnd, analyse_round(rules, rnd, max(1, from_trick)))
    except Unsolvable as exc:
        return {"error": str(exc)}


def default_from_trick(tricks: int) -> int:
    """Where a request starts unless the visitor says otherwise: the last five
    tricks (a fraction of a second; from trick 1 it can take minutes)."""
    return max(1, tricks - 4)


def trick_costs(analysis: Analysis, trick: int) -> dict[str, dict[str, Any]]:
    """Player → their analysed play in ``trick`` (none before the first analysed one)."""
    return {p["player"]: p for p in analysis.get("plays", ()) if p["trick"] == trick}


def _rows(analyses: Iterable[Analysis]) -> list[dict[str, Any]]:
    rows = []
    for a in analyses:
        if "error" in a:
            continue
        sides = {p["player"]: p["napoleon_side"] for p in a["plays"]}
        for player, role in a["roles"].items():
            mine = [p for p in a["plays"] if p["player"] == player]
            # Luck: the honors the player's side made against the par of the deal
            # (Napoleon's side's honors for it, the rest for the allies).
            ours = sides.get(player, role != "allied")
            luck = a["final"] - a["par"] if ours else a["par"] - a["final"]
            rows.append({"player": player, "role": role, "cards": len(mine),
                         "best": sum(p["cost"] == 0 for p in mine),
                         "lost": sum(p["cost"] for p in mine), "luck": luck})  # fmt: skip
    return rows


ACCURACY_SCHEMA = {
    "player": pl.String, "role": pl.String, "rounds": pl.Int64, "cards": pl.Int64,
    "best_rate": pl.Float64, "honors_lost": pl.Float64, "luck": pl.Float64,
}  # fmt: skip


def accuracy(analyses: Iterable[Analysis], player: str | None = None) -> pl.DataFrame:
    """Per player and role over the analysed rounds: rounds, cards judged, share
    of best cards, honors lost a round (the cards' costs), and luck a round (the
    honors the side made minus the par: what the other side gave away, less what
    one's own side did). ``player``: that player's rows only."""
    rows = _rows(analyses)
    if player is not None:
        rows = [r for r in rows if r["player"] == player]
    if not rows:
        return pl.DataFrame(schema=ACCURACY_SCHEMA)
    order = {r: i for i, r in enumerate(ROLES)}
    return (
        pl.DataFrame(rows)
        .group_by("player", "role")
        .agg(
            rounds=pl.len(),
            cards=pl.col("cards").sum(),
            best_rate=pl.col("best").sum() / pl.col("cards").sum().clip(lower_bound=1),
            honors_lost=pl.col("lost").mean().cast(pl.Float64),
            luck=pl.col("luck").mean().cast(pl.Float64),
        )
        .with_columns(pl.col("role").replace_strict(order, return_dtype=pl.Int64).alias("_o"))
        .sort("player", "_o")
        .drop("_o")
        .select(list(ACCURACY_SCHEMA))
        .cast(ACCURACY_SCHEMA)  # type: ignore[arg-type]
    )

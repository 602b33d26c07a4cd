"""``napkifu replay --analyse``: the double-dummy analysis woven into the replay.

The replay's data (:mod:`napkifu.views.replay_data`) gets an ``analysis`` object
on each analysed round (the par, or why the round is not analysed) and on each
analysed card (its value, cost and a best alternative); the replay's views render
them. The analysis is :func:`napkifu.solve.rounds.analyse_round`'s, so ``analyze``
and the replay never disagree. Double-dummy: every hand seen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from napkifu.cards import card_text
from napkifu.solve.engine import Unsolvable
from napkifu.solve.rounds import analyse_round

if TYPE_CHECKING:
    from napkifu.replay.results import Judgement

Json = dict[str, Any]


def attach(
    data: Json,
    judgement: Judgement,
    from_trick: int = 1,
    wanted: Callable[[int, int], bool] = lambda game, round: True,
) -> None:
    """Add the analysis to the rounds of ``data`` (``replay_file(judgement)``,
    games and rounds in the judgement's order) that are ``wanted`` (by game and
    round number) and have tricks."""
    for g, game in zip(data["games"], judgement.games, strict=True):
        for r, rnd in zip(g["rounds"], game.rounds, strict=True):
            if r["kind"] in ("redeal", "score-sheet") or not wanted(g["number"], r["round"]):
                continue
            try:
                a = analyse_round(game.rules, rnd, from_trick)  # type: ignore[arg-type]
            except Unsolvable as e:
                r["analysis"] = {"error": str(e)}
                continue
            r["analysis"] = {"par": a.par, "bid": a.bid, "made": a.made, "from_trick": from_trick}
            found = {(p.trick, p.player): p for p in a.plays}
            for t in r["tricks"]:
                for play in t["plays"]:
                    p = found.get((t["number"], play["player"]))
                    if p is None:
                        continue
                    alt = None if p.alternative is None else card_text(p.alternative)
                    play["analysis"] = {
                        "best": p.best,
                        "value": p.value,
                        "cost": p.cost,
                        "mark": p.mark,
                        "alternative": alt,
                    }

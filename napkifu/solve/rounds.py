"""Double-dummy analysis of one judged round: its par and every card's cost.

A round is analysed when its play is complete and clean (every card legal, the
adjutant known): each player's hand is then the cards they played. The walk
replays the record with the engine's rules (:mod:`napkifu.solve.moves`) and asks
the solver for the value after each card, guessing the value before it (most
cards keep it: two zero-window probes), with one table for the whole round (the
positions after one card are mostly the ones searched for the card before); the
best alternative is looked for only when a card cost something. Values are the honors
Napoleon's side ends with (honors already taken and the discards' credit
included); a card's cost is what it gave away against the best card, to its own
side. Double-dummy: judged as if every player saw every hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from napkifu.cards import Card
from napkifu.replay.results import JudgedRound
from napkifu.replay.scoring import napoleon_wins
from napkifu.rules.build import Rules
from napkifu.solve.engine import Position, Unsolvable, best_move, solve, solver_for
from napkifu.solve.moves import final_honors, play


@dataclass(frozen=True, slots=True)
class PlayValue:
    """One card played: ``best`` the value before it, ``value`` after it (both the
    honors Napoleon's side ends with under best play), ``cost`` ≥ 0 to the side
    that played it; ``alternative`` a best card when the played one was not."""

    trick: int
    player: str
    card: Card
    best: int
    value: int
    cost: int
    alternative: Card | None
    napoleon_side: bool
    mark: str  # "", "?" or "??"


@dataclass(frozen=True, slots=True)
class RoundAnalysis:
    game: int
    round: int
    par: int  # value at the first analysed card
    bid: int
    made: bool  # par makes the bid
    from_trick: int
    plays: tuple[PlayValue, ...]
    final: int  # honors credited after the last card (equals the record's)


def _mark(cost: int, best: int, value: int, bid: int, rules: Rules, ours: bool) -> str:
    turned = napoleon_wins(rules, bid, best) != napoleon_wins(rules, bid, value)
    if cost >= 2 or (cost and turned):
        return "??"
    return "?" if cost == 1 else ""


def start_position(rules: Rules, rnd: JudgedRound) -> Position:
    """The position at trick 1, from a complete, clean round (else Unsolvable)."""
    if rnd.kind != "full" or rnd.has_errors:
        raise Unsolvable("the round is not fully played without errors")
    if not rnd.adjutant_known or rnd.napoleon is None or rnd.bid_count is None:
        raise Unsolvable("Napoleon's side is not known")
    players = list(rnd.players)
    hands: list[list[Card]] = [[] for _ in players]
    for t in rnd.tricks:
        for p in t.plays:
            hands[players.index(p.player)].append(p.card)
    if len(rnd.tricks) != rules.tricks or any(len(h) != rules.tricks for h in hands):
        raise Unsolvable("some tricks are missing")
    played = sum(1 for h in hands for c in h if c in rules.honor_cards)
    side = {players.index(rnd.napoleon)}
    if rnd.adjutant is not None:
        side.add(players.index(rnd.adjutant))
    return Position(
        tuple(tuple(h) for h in hands),
        (),
        None,
        players.index(rnd.napoleon),
        1,
        tuple(sorted(side)),
        0,
        rules.honors_total - played,
        None,
    )


def analyse_round(rules: Rules, rnd: JudgedRound, from_trick: int = 1) -> RoundAnalysis:
    """The par and every card's cost from trick ``from_trick`` on (Unsolvable when
    the round cannot be analysed, with the reason)."""
    trump = None if rnd.trump is None else int(rnd.trump)
    solver = solver_for(rules, trump)
    pos = start_position(rules, rnd)
    bid = int(rnd.bid_count)  # type: ignore[arg-type]
    players = list(rnd.players)
    out: list[PlayValue] = []
    par: int | None = None
    for t in rnd.tricks:
        for p in t.plays:
            if players.index(p.player) != pos.seat:
                raise Unsolvable(f"trick {t.number}: {p.player} plays out of turn")
            named = None if p.joker_suit is None or pos.trick else int(p.joker_suit)
            move = (p.card, named)
            if t.number >= from_trick:
                if par is None:
                    par = solve(solver, pos)
                best = par if not out else out[-1].value
                after = play(rules, trump, pos, move)
                value = solve(solver, after, best)
                ours = pos.seat in pos.napoleon_side
                cost = best - value if ours else value - best
                if cost < 0:  # a card the engine allows and the solver does not
                    raise Unsolvable(f"trick {t.number}: the solver disagrees with the engine")
                alt = best_move(solver, pos, best)[0] if cost else None
                mark = _mark(cost, best, value, bid, rules, ours)
                out.append(
                    PlayValue(t.number, p.player, p.card, best, value, cost, alt, ours, mark)
                )
                pos = after
                continue
            pos = play(rules, trump, pos, move)
    final = final_honors(rules, pos)
    return RoundAnalysis(
        rnd.game,
        rnd.number,
        final if par is None else par,
        bid,
        napoleon_wins(rules, bid, final if par is None else par),
        from_trick,
        tuple(out),
        final,
    )

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

from collections import Counter
from dataclasses import dataclass

from napkifu.cards import Card, deck
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
    final: int  # honors credited after the last card (equals the record's); after a
    # claim, the value after the last card played (best play of the cards not played)
    complete: bool = True  # False: the round ends with a claim, its rest not analysed


def _mark(cost: int, best: int, value: int, bid: int, rules: Rules, ours: bool) -> str:
    turned = napoleon_wins(rules, bid, best) != napoleon_wins(rules, bid, value)
    if cost >= 2 or (cost and turned):
        return "??"
    return "?" if cost == 1 else ""


def start_position(rules: Rules, rnd: JudgedRound) -> Position:
    """The position at trick 1 of a clean round whose hands are known (else
    Unsolvable, saying what is missing)."""
    if rnd.has_errors:
        raise Unsolvable("the round has errors (napkifu check shows them)")
    if rnd.kind not in ("full", "claim") or not rnd.tricks:
        raise Unsolvable("no tricks are recorded")
    if not rnd.adjutant_known or rnd.napoleon is None or rnd.bid_count is None:
        raise Unsolvable("Napoleon's side is not known")
    players = list(rnd.players)
    hands = _hands(rules, rnd)
    in_hands = sum(1 for h in hands for c in h if c in rules.honor_cards)
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
        rules.honors_total - in_hands,
        None,
    )


def _hands(rules: Rules, rnd: JudgedRound) -> list[list[Card]]:
    """Each seat's ten (or so) cards after the exchange: the cards it played when
    the round is played out; else, when it ends with a claim, the hand lines of
    every seat but Napoleon's, whose hand is then every card not in another hand
    or the discards (only Napoleon exchanges)."""
    players = list(rnd.players)
    played: list[list[Card]] = [[] for _ in players]
    for t in rnd.tricks:
        for p in t.plays:
            played[players.index(p.player)].append(p.card)
    if len(rnd.tricks) == rules.tricks and all(len(h) == rules.tricks for h in played):
        return played
    after = len(rnd.tricks)
    known = rnd.hands or {}
    missing = [p for p in players if p != rnd.napoleon and p not in known]
    if missing:
        raise Unsolvable(
            f"the round ends after trick {after} and the cards not played are not known "
            f"(no hand line for {', '.join(missing)})"
        )
    widow = len(deck(rules.jokers)) - rules.players * rules.tricks
    if len(rnd.discards) != widow:
        raise Unsolvable(f"the round ends after trick {after} and the discards are not known")
    rest = Counter(deck(rules.jokers))
    rest.subtract(rnd.discards)
    for seat in players:
        if seat != rnd.napoleon:
            rest.subtract(known[seat])
    if min(rest.values(), default=0) < 0:
        raise Unsolvable("the hand lines do not agree with the discards")
    hands = [list(known[s]) if s != rnd.napoleon else sorted(rest.elements()) for s in players]
    for hand, cards in zip(hands, played, strict=True):
        if len(hand) != rules.tricks or Counter(cards) - Counter(hand):
            raise Unsolvable("the hand lines do not agree with the cards played")
    return hands


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
                ours = pos.seat in pos.napoleon_side
                # a card of Napoleon's side can only lower the value, an ally's raise it
                known = {"upper": best} if ours else {"lower": best}
                value = solve(solver, after, best, **known)
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
    complete = not any(pos.hands)
    final = final_honors(rules, pos) if complete else out[-1].value if out else solve(solver, pos)
    return RoundAnalysis(
        rnd.game,
        rnd.number,
        final if par is None else par,
        bid,
        napoleon_wins(rules, bid, final if par is None else par),
        from_trick,
        tuple(out),
        final,
        complete,
    )

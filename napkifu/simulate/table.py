"""One round at the table: deal, auction, call, exchange, and ten-odd tricks.

The table runs the round; the bots (``bidding``, ``play``) choose; the engine
(through :mod:`napkifu.simulate.engine`) says what is legal, who is next to bid,
who wins a trick and who plays next. Scores and honors are not computed here at
all: the finished game is judged by the replay engine itself (see ``season``).
"""

from __future__ import annotations

import random

from napkifu.cards import Card
from napkifu.simulate.bidding import bid_limit, call_candidates, choose_discard
from napkifu.simulate.emit import RoundOutcome
from napkifu.simulate.engine import Engine
from napkifu.simulate.play import Seat, TrickState, choose_follow, choose_lead


def deal(
    engine: Engine, order: tuple[str, ...], rng: random.Random
) -> tuple[dict[str, list[Card]], list[Card]]:
    """Shuffle and deal ``hand_size`` cards to each seat in ``order``; the rest is the widow."""
    cards = engine.deck()
    rng.shuffle(cards)
    size = engine.facts.hand_size
    hands = {p: sorted(cards[i * size : (i + 1) * size]) for i, p in enumerate(order)}
    return hands, sorted(cards[len(order) * size :])


def _auction(
    engine: Engine, outcome: RoundOutcome, order: tuple[str, ...], rng: random.Random
) -> None:
    limits = {p: bid_limit(outcome.hands[p], engine.facts, rng) for p in order}
    auction = engine.auction(order[0])
    while (player := auction.next_bidder()) is not None:
        suit, limit = limits[player]
        standing = auction.winner()
        low = max(engine.facts.min_bid, standing[1] if standing else 0)
        count = next((c for c in range(low, limit + 1) if auction.allows(player, c, suit)), None)
        auction.bid(player, count, suit if count is not None else None)
        outcome.bids.append((player, count, suit if count is not None else None))
    won = auction.winner()
    if won is not None:
        outcome.napoleon, outcome.count, outcome.trump = won


def _call(
    engine: Engine, outcome: RoundOutcome, held: list[Card], discards: list[Card]
) -> Card | None:
    for card in call_candidates(outcome.trump, engine.facts):
        if card not in held and card not in discards and engine.may_call(card, held, discards):
            return card
    for card in call_candidates(outcome.trump, engine.facts):  # forced: any card the rules allow
        if engine.may_call(card, held, discards):
            return card
    return None


def play_round(
    engine: Engine, seats: tuple[str, ...], dealer: str, number: int, rng: random.Random
) -> RoundOutcome:
    """Play round ``number``; the outcome has no result or scores yet."""
    start = (seats.index(dealer) + 1) % len(seats)
    order = seats[start:] + seats[:start]
    hands, widow = deal(engine, order, rng)
    outcome = RoundOutcome(number, dealer, hands, widow, [])
    _auction(engine, outcome, order, rng)
    if outcome.napoleon is None:
        return outcome
    napoleon, trump, facts = outcome.napoleon, outcome.trump, engine.facts
    with_call = engine.has_adjutant
    if with_call and not engine.call_after_exchange:
        outcome.called = _call(engine, outcome, hands[napoleon], [])
    pool = hands[napoleon] + widow
    outcome.discard = choose_discard(pool, trump, facts, len(widow))
    kept = sorted(c for c in pool if c not in outcome.discard)
    if with_call and engine.call_after_exchange:
        outcome.called = _call(engine, outcome, kept, outcome.discard)
    holders = {p: list(hands[p]) for p in seats}
    holders[napoleon] = kept
    outcome.adjutant = engine.adjutant(outcome.called, holders, napoleon, widow, outcome.discard)
    _play(engine, outcome, seats, holders, rng)
    return outcome


def _play(
    engine: Engine,
    outcome: RoundOutcome,
    seats: tuple[str, ...],
    holders: dict[str, list[Card]],
    rng: random.Random,
) -> None:
    napoleon, trump, called = outcome.napoleon or "", outcome.trump, outcome.called
    seat: dict[str, Seat] = {}
    for p in seats:
        role = "napoleon" if p == napoleon else "adjutant" if p == outcome.adjutant else "ally"
        seat[p] = Seat(p, role, napoleon, trump, called, engine.facts)
    if outcome.adjutant is not None:
        seat[outcome.adjutant].learn_adjutant(outcome.adjutant, seats)
    elif (
        called is None
        or called in holders[napoleon]
        or called in outcome.discard
        or called in outcome.widow
    ):
        seat[napoleon].learn_adjutant(None, seats)  # Napoleon knows he is alone
    play = engine.play(trump, napoleon, called, holders, outcome.discard)
    seen: set[Card] = set()
    total = engine.facts.hand_size
    leader = napoleon
    for number in range(1, total + 1):
        order = play.order(leader)
        plays: list = []
        for i, p in enumerate(order):
            legal = play.legal(p, plays, number)
            state = TrickState(
                number,
                total,
                plays,
                list(order[i + 1 :]),
                seen | (set(outcome.discard) if p == napoleon else set()),
            )
            if not plays:
                card, joker_suit = choose_lead(seat[p], holders[p], legal, state, rng)
            else:
                card, joker_suit = (
                    choose_follow(
                        seat[p], holders[p], legal, state, lambda ps, k=number: play.winner(ps, k)
                    ),
                    None,
                )
            plays.append((p, card, joker_suit))
            holders[p].remove(card)
            if card == called and card is not None:
                for s in seat.values():
                    s.learn_adjutant(outcome.adjutant, seats)
        play.finish(plays, number)
        outcome.tricks.append((leader, [engine.play_of(c, s) for _, c, s in plays]))
        seen.update(c for _, c, _ in plays)
        leader = play.winner(plays, number)

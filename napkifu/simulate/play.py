"""How a bot picks a card from the legal ones the engine offers.

The usual tactics of the seeds: Napoleon leads trumps from the top to draw the
allies' trumps; the allies lead the called card's suit to flush the adjutant;
everyone feeds honors to a trick a known partner is winning, wins a trick an
opponent is winning when there are honors in it, and otherwise throws the
cheapest card, keeping the 2s for same-two. Who wins a (partial) trick is always
asked of the engine through ``winner``; the bot never resolves a trick itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from napkifu.cards import ACE, JOKER, Card, Suit, is_honor, rank_of
from napkifu.simulate.bidding import TableFacts, card_power, special_cards, suit_int

Role = Literal["napoleon", "adjutant", "ally"]
PlayT = tuple[str, Card, Suit | None]
"""One card in a trick: who, what, and the suit a led joker names."""


@dataclass(slots=True)
class Seat:
    """One bot's private knowledge during the play of a round."""

    name: str
    role: Role
    napoleon: str
    trump: Suit | None
    called: Card | None
    facts: TableFacts
    friends: set[str] = field(default_factory=set)
    foes: set[str] = field(default_factory=set)

    def learn_adjutant(self, adjutant: str | None, everyone: tuple[str, ...]) -> None:
        """The called card was played (or Napoleon is known to be alone): sides are open."""
        napoleon_side = {self.napoleon} | ({adjutant} if adjutant else set())
        mine = napoleon_side if self.name in napoleon_side else set(everyone) - napoleon_side
        self.friends = mine - {self.name}
        self.foes = set(everyone) - mine


@dataclass(slots=True)
class TrickState:
    """What every bot sees of the current trick and of the round so far."""

    number: int
    total: int
    plays: list[PlayT]
    after: list[str]  # players still to play this trick, in order
    seen: set[Card]  # cards already played in earlier tricks (and the bot's own discards)


Winner = Callable[[list[PlayT]], str]


def _honor(card: Card, facts: TableFacts) -> bool:
    return is_honor(card, facts.honor_threes)


def _dump_key(card: Card, seat: Seat) -> tuple[int, int, int, int, int]:
    """Cheapest first: plain low cards, then 2s kept for same-two, honors, trumps, specials."""
    power = card_power(card, seat.trump, seat.facts, leading=True)
    two = int(rank_of(card) == 2 and "same-two" in seat.facts.ladder)
    return (int(power >= 900), int(power >= 500), int(_honor(card, seat.facts)), two, power)


def _cheapest(cards: list[Card], seat: Seat) -> Card:
    return min(cards, key=lambda c: (_dump_key(c, seat), c))


def _weakest_power(cards: list[Card], seat: Seat) -> Card:
    return min(cards, key=lambda c: (card_power(c, seat.trump, seat.facts, leading=False), c))


def _joker_suit(seat: Seat, hand: list[Card]) -> Suit | None:
    """The suit a led joker names under ``joker-lead suit``: trumps for Napoleon's side,
    else the bot's longest suit."""
    if not seat.facts.joker_lead_suit:
        return None
    if seat.trump is not None and seat.role != "ally":
        return seat.trump
    counts = {s: sum(1 for c in hand if suit_int(c) == s) for s in Suit}
    return max(Suit, key=lambda s: (counts[s], -int(s)))


def _outstanding(suit: Suit, hand: list[Card], state: TrickState) -> int:
    """Cards of ``suit`` nobody has played yet and the bot does not hold."""
    mine = {c for c in hand if suit_int(c) == suit}
    return 13 - len(mine) - sum(1 for c in state.seen if suit_int(c) == suit)


def _is_boss(card: Card, hand: list[Card], state: TrickState, seat: Seat) -> bool:
    """No unplayed card outside the bot's hand can beat this one in its own suit or the specials."""
    suit = suit_int(card)
    if card == JOKER or card in special_cards(seat.trump, seat.facts):
        specials = special_cards(seat.trump, seat.facts)
        above = specials[: specials.index(card)] if card in specials else []
        return all(c in state.seen or c in hand for c in above)
    if suit is None:
        return False
    higher = [suit * 13 + r - 2 for r in range(rank_of(card) + 1, ACE + 1)]
    return all(c in state.seen or c in hand for c in higher)


def choose_lead(
    seat: Seat, hand: list[Card], legal: list[Card], state: TrickState, rng: random.Random
) -> tuple[Card, Suit | None]:
    """The card a bot leads."""
    trump = seat.trump
    specials = special_cards(trump, seat.facts)
    trumps_held = [
        c for c in legal if (trump is not None and suit_int(c) == trump) or c in specials
    ]
    pick: Card | None = None
    if seat.role == "napoleon" or (seat.role == "adjutant" and seat.friends):
        enemy_trumps = trump is not None and _outstanding(trump, hand, state) > 0
        # draw trumps: cards of the trump suit, and a led joker where it demands trumps
        draw = [c for c in legal if trump is not None and suit_int(c) == trump]
        if JOKER in legal and "joker-lead" in seat.facts.ladder and not seat.facts.joker_lead_suit:
            draw.append(JOKER)
        if draw and enemy_trumps:
            top = max(draw, key=lambda c: card_power(c, trump, seat.facts))
            pick = top if seat.role == "napoleon" else _weakest_power(draw, seat)
    elif seat.called is not None and seat.called not in state.seen and seat.role == "ally":
        called_suit = suit_int(seat.called) if seat.called != JOKER else None
        if called_suit is not None and called_suit != trump:
            in_suit = [c for c in legal if suit_int(c) == called_suit and c not in specials]
            if in_suit:
                pick = _cheapest(in_suit, seat)
    if pick is None:
        bosses = [c for c in legal if c not in trumps_held and _is_boss(c, hand, state, seat)]
        if bosses:
            pick = max(bosses, key=lambda c: (_honor(c, seat.facts), rank_of(c)))
    if pick is None and "same-two" in seat.facts.ladder and 1 < state.number < state.total:
        twos = [c for c in legal if rank_of(c) == 2 and suit_int(c) != trump]
        twos = [c for c in twos if _outstanding(suit_int(c), hand, state) >= 2 * len(state.after)]
        if twos and rng.random() < 0.5:
            pick = twos[0]
    if pick is None and JOKER in legal and "joker-lead" in seat.facts.ladder and rng.random() < 0.5:
        pick = JOKER
    if pick is None:
        plain = [c for c in legal if c not in trumps_held and c != JOKER]
        if plain:
            counts = {s: sum(1 for c in hand if suit_int(c) == s) for s in Suit}
            pick = min(
                plain, key=lambda c: (_dump_key(c, seat)[:3], -counts[suit_int(c)], rank_of(c))
            )
        else:
            pick = _cheapest(legal, seat)
    return pick, (_joker_suit(seat, hand) if pick == JOKER else None)


def _dump(legal: list[Card], seat: Seat, honors_ok: bool) -> Card:
    """The card to throw: a plain low card; an honor only when it goes to a partner
    (``honors_ok``) or nothing else is left; specials and trumps last."""

    def key(c: Card) -> tuple[int, int, int, int, int, int]:
        power = card_power(c, seat.trump, seat.facts, leading=True)
        honor = int(_honor(c, seat.facts))
        two = int(rank_of(c) == 2 and "same-two" in seat.facts.ladder)
        return (int(power >= 900), int(power >= 500), 0 if honors_ok else honor, two, power, c)

    return min(legal, key=key)


def choose_follow(
    seat: Seat, hand: list[Card], legal: list[Card], state: TrickState, winner: Winner
) -> Card:
    """The card a bot plays to a trick someone else led."""
    if len(legal) == 1:
        return legal[0]
    now = winner(state.plays) if len(state.plays) > 1 else state.plays[0][0]
    winning_card = next(c for p, c, _ in state.plays if p == now)
    last = not state.after
    honors = sum(1 for _, c, _ in state.plays if _honor(c, seat.facts))
    foe = now in seat.foes or now == seat.napoleon or seat.role == "napoleon"
    if now in seat.friends:
        strong = card_power(winning_card, seat.trump, seat.facts, leading=False) >= 500
        safe = (
            last
            or all(p in seat.friends for p in state.after)
            or (_is_boss(winning_card, hand, state, seat) and (strong or state.number <= 3))
        )
        feed = [
            c
            for c in legal
            if _honor(c, seat.facts) and card_power(c, seat.trump, seat.facts) < 500
        ]
        if safe and feed:
            # feed the honor least useful for winning a trick later
            return min(feed, key=lambda c: (card_power(c, seat.trump, seat.facts), c))
        return _dump(legal, seat, honors_ok=False)
    if not (foe or last):
        return _dump(legal, seat, honors_ok=False)
    by_power = sorted(
        legal, key=lambda c: (card_power(c, seat.trump, seat.facts, leading=False), c)
    )
    cheapest = next(
        (c for c in by_power if winner([*state.plays, (seat.name, c, None)]) == seat.name), None
    )
    if cheapest is not None:
        power = card_power(cheapest, seat.trump, seat.facts, leading=False)
        if honors > 0 or power < 100 or (last and seat.role == "napoleon"):
            return cheapest
    return _dump(legal, seat, honors_ok=False)

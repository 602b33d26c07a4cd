"""How a bot judges a hand: what it may bid, which card it calls, what it discards.

These are heuristics of a decent club player, not rules: every *legality* question
(is a bid high enough, may this card be called, who is out of the auction) is asked
of the engine by :mod:`napkifu.simulate.table`. The weights were tuned so that a
simulated ``standard`` season looks like a real one (most contracts 13–15, Napoleon
winning a little over half the rounds); ``scripts/sim_stats.py`` prints the figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from napkifu.cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    MIGHTY,
    QUEEN,
    Card,
    Suit,
    is_honor,
    jack_of,
    make_card,
    rank_of,
)


def suit_int(card: Card) -> int:
    """The printed suit as a plain int (-1 for a joker): cheaper than a Suit in hot loops."""
    return card // 13 if card < 52 else -1


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What a bot knows about the rules in force: read off the engine's Rules once a
    round by the table, so the strategy never looks at preset names."""

    players: int
    hand_size: int
    widow_size: int
    jokers: int
    min_bid: int
    max_bid: int
    ladder: tuple[str, ...]
    joker_lead_suit: bool  # a led joker names its suit (``JK>♥``)
    discard_honors: str  # void / allies / napoleon / first-trick
    honor_threes: bool


def _specials(trump: Suit | None, facts: TableFacts) -> tuple[Card, ...]:
    """The cards that beat plain trumps under this ladder, strongest first (as far as
    a bot cares: the joker is listed where a *led* joker ranks)."""
    out: list[Card] = []
    for cls in facts.ladder:
        if cls == "mighty":
            out.append(MIGHTY)
        elif cls == "joker-lead" and facts.jokers:
            out.append(JOKER)
        elif cls == "trump-jack" and trump is not None:
            out.append(jack_of(trump))
        elif cls == "back-jack" and trump is not None:
            out.append(jack_of(trump.partner))
    return tuple(out)


_SPECIALS: dict[tuple[int, int], tuple[TableFacts, tuple[Card, ...]]] = {}


def special_cards(trump: Suit | None, facts: TableFacts) -> tuple[Card, ...]:
    """:func:`_specials`, memoised by the identity of ``facts`` (hashing the frozen
    dataclass on every call was the bots' hottest line)."""
    key = (id(facts), -1 if trump is None else int(trump))
    hit = _SPECIALS.get(key)
    if hit is None or hit[0] is not facts:
        if len(_SPECIALS) > 4096:
            _SPECIALS.clear()
        hit = _SPECIALS[key] = (facts, _specials(trump, facts))
    return hit[1]


def card_power(card: Card, trump: Suit | None, facts: TableFacts, leading: bool = True) -> int:
    """A rough strength for choosing among cards: specials by ladder position, then
    trumps, then plain ranks. The engine decides who actually wins a trick."""
    specials = special_cards(trump, facts)
    if card == JOKER:
        if leading or "joker-follow" in facts.ladder:
            return 900 - 10 * specials.index(JOKER) if JOKER in specials else 400
        return 0
    if card in specials:
        return 900 - 10 * specials.index(card)
    if trump is not None and suit_int(card) == trump:
        return 500 + rank_of(card)
    return rank_of(card)


def estimate(hand: list[Card], trump: Suit, facts: TableFacts) -> float:
    """Honors Napoleon's side can expect with ``trump`` as trumps, counting the widow
    and the adjutant's help: length in trumps, the specials, the top trumps and side
    aces. Trump length is scaled to a 10-card hand so 4, 5 and 6 players compare."""
    scale = 10 / facts.hand_size
    specials = special_cards(trump, facts)
    trumps = [c for c in hand if suit_int(c) == trump and c != MIGHTY]
    est = 7.2 + 1.05 * scale * len(trumps)
    weights = {MIGHTY: 1.6, JOKER: 1.0, jack_of(trump): 1.3, jack_of(trump.partner): 1.0}
    for c in specials:
        if c in hand:
            est += weights.get(c, 0.8)
    if make_card(trump, ACE) in hand:
        est += 0.6
    if make_card(trump, KING) in hand:
        est += 0.3
    side_aces = sum(1 for c in hand if rank_of(c) == ACE and suit_int(c) != trump and c != MIGHTY)
    est += 0.35 * scale * side_aces
    # with fewer players an honor is worth less of the total each Napoleon must collect
    est += {3: 1.0, 4: 0.5, 5: 0.0, 6: -0.3}.get(facts.players, 0.0)
    return est


def best_suit(hand: list[Card], facts: TableFacts) -> tuple[Suit, float]:
    """The trump suit this hand likes best and its estimate."""
    scored = [(estimate(hand, s, facts), -int(s), s) for s in Suit]
    est, _, suit = max(scored)
    return suit, est


def bid_limit(hand: list[Card], facts: TableFacts, rng: random.Random) -> tuple[Suit, int]:
    """The suit a bot bids and the highest count it will go to (below ``min_bid``:
    it passes). A little noise keeps players from being clones."""
    suit, est = best_suit(hand, facts)
    limit = int(est + rng.uniform(-0.6, 0.6))
    # scale the 20-honor estimate when the deck has 24 honors
    if facts.honor_threes:
        limit = round(limit * 24 / 20)
    return suit, min(limit, facts.max_bid)


def call_candidates(trump: Suit | None, facts: TableFacts) -> list[Card]:
    """Cards to name as the adjutant card, best first (the seeds: mighty, the jacks,
    the top trumps, the joker, then side aces)."""
    specials = [c for c in special_cards(trump, facts) if c != JOKER]
    order: list[Card] = list(specials)
    if trump is not None:
        order += [make_card(trump, r) for r in (ACE, KING, QUEEN)]
    if facts.jokers == 1:
        order.append(JOKER)
    order += [make_card(s, ACE) for s in Suit if s is not trump and make_card(s, ACE) != MIGHTY]
    order += [make_card(s, KING) for s in Suit if s is not trump]
    seen: set[Card] = set()
    return [c for c in order if not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]


def choose_call(hand: list[Card], trump: Suit | None, facts: TableFacts) -> Card:
    """The strongest card the bot lacks (the engine still checks it may be called)."""
    for card in call_candidates(trump, facts):
        if card not in hand:
            return card
    return call_candidates(trump, facts)[0]


def keep_value(card: Card, hand: list[Card], trump: Suit | None, facts: TableFacts) -> float:
    """How much Napoleon wants to keep a card when discarding: specials and trumps
    first, aces next; honors stay unless discarding them credits Napoleon; short side
    suits go first so that Napoleon can ruff them."""
    specials = special_cards(trump, facts)
    if card in specials or card == JOKER:
        return 1000
    suit = suit_int(card)
    rank = rank_of(card)
    if suit == trump:
        return 500 + rank
    if rank == ACE:
        return 300
    length = sum(1 for c in hand if suit_int(c) == suit)
    value = rank + 2.0 * length
    if is_honor(card, facts.honor_threes):
        value += -5 if facts.discard_honors in ("napoleon", "first-trick") else 40
    if rank == 2 and "same-two" in facts.ladder:
        value += 6
    if rank == JACK and trump is None:
        value += 3
    return value


def choose_discard(
    cards: list[Card], trump: Suit | None, facts: TableFacts, count: int
) -> list[Card]:
    """The ``count`` cards Napoleon throws away after taking the widow."""
    ranked = sorted(cards, key=lambda c: (keep_value(c, cards, trump, facts), c))
    return ranked[:count]

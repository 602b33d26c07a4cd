"""Build a full, legal round around a trick transcribed from a seed.

A seed's worked example is one trick (``♥K ♥7 ♥A ♠9 ♥3 → C wins``); a record needs
a whole round: a deal, an auction, a call, every trick. The builder deals the
remaining cards at random (respecting what the example proves: a player who did
not follow suit holds none of it), plays the other tricks with a legal random bot,
and writes the record. It is deliberately independent of ``napkifu``'s engine:
the filler tricks use only a small, conservative part of the ladder (a joker never
leads one), so when the engine judges the record it cross-checks this builder, and
the example trick's winner is the seed's word, never computed here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from fuzzing.casedef import HAND_SIZE, Built, Case, PresetFacts, Retry
from napkifu.cards import (
    JACK,
    JOKER,
    MIGHTY,
    SUIT_BY_TEXT,
    YOROMEKI,
    Card,
    Suit,
    card_text,
    deck,
    is_honor,
    jack_of,
    make_card,
    parse_card,
    rank_of,
    suit_of,
)


def parse_play(text: str) -> tuple[Card, Suit | None]:
    if ">" in text:
        card_part, suit_part = text.split(">")
        card = parse_card(card_part)
        suit = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}[suit_part]
    else:
        card, suit = parse_card(text), None
    assert card is not None, text
    return card, suit


def is_reverse_jack(card: Card, trump: Suit | None) -> bool:
    if card >= JOKER or rank_of(card) != JACK:
        return False
    return trump is None or suit_of(card) not in (trump, trump.partner)


def power(card: Card, trump: Suit | None) -> int:
    """A crude strength for the biased bots (never used to decide a trick)."""
    if card == JOKER:
        return 55
    if card == MIGHTY:
        return 60
    if trump is not None and card == jack_of(trump):
        return 58
    if trump is not None and card == jack_of(trump.partner):
        return 57
    if trump is not None and suit_of(card) == trump:
        return 30 + rank_of(card)
    return rank_of(card)


def filler_winner(
    plays: list[tuple[str, Card, Suit | None]],
    trump: Suit | None,
    facts: PresetFacts,
    number: int,
) -> str:
    """The winner of a trick whose lead is not a joker, by the part of the ladder
    every preset shares (yoromeki, mighty, [joker-follow,] trump-jack, back-jack,
    same-two, trump, lead); a followed joker has a class only under ``joker_follow``
    and always blocks same-two."""
    cards = [c for _, c, _ in plays]
    assert cards[0] != JOKER
    lead = suit_of(cards[0])

    def klass(card: Card) -> tuple[int, int]:
        if facts.yoromeki and card == YOROMEKI and MIGHTY in cards:
            return (9, 0)
        if card == MIGHTY:
            return (8, 0)
        if card == JOKER:
            return (7, 5) if facts.joker_follow else (-1, 0)
        if trump is not None and card == jack_of(trump):
            return (7, 0)
        if trump is not None and card == jack_of(trump.partner):
            return (6, 0)
        if (
            facts.same_two
            and number >= 2
            and all(suit_of(c) == lead for c in cards)
            and card == make_card(lead, 2)
        ):
            return (5, 0)
        if trump is not None and suit_of(card) == trump:
            return (4, rank_of(card))
        if suit_of(card) == lead:
            return (3, rank_of(card))
        return (0, 0)

    best = max(range(len(cards)), key=lambda i: (klass(cards[i]), -i))
    return plays[best][0]


def _seat_order(players: tuple[str, ...], leader: str, direction: int) -> list[str]:
    i = players.index(leader)
    return [players[(i + direction * k) % len(players)] for k in range(len(players))]


def _follow_suit(
    card: Card, named: Suit | None, trump: Suit | None, facts: PresetFacts
) -> Suit | None:
    """The suit followers must play to the led ``card`` (None: anything goes)."""
    if card != JOKER:
        return suit_of(card)
    if named is not None:
        return named
    if facts.joker_lead == "trump":
        return trump
    return None


def _legal(
    held: set[Card], lead: Card, named: Suit | None, trump: Suit | None, facts: PresetFacts
) -> set[Card]:
    follow = _follow_suit(lead, named, trump, facts)
    if facts.joker_request and lead == make_card(Suit.CLUBS, 3) and JOKER in held:
        return {JOKER}
    same = {c for c in held if c < JOKER and suit_of(c) == follow}
    if not same:
        return set(held)
    return same | ({JOKER} & held)


def build(case: Case, attempts: int = 20000) -> Built:
    for attempt in range(attempts):
        rng = random.Random(f"{case.name}/{case.seed}/{attempt}")
        try:
            return _attempt(case, rng)
        except Retry:
            continue
    raise RuntimeError(f"no legal round found for {case.name}")


def _attempt(case: Case, rng: random.Random) -> Built:
    facts = case.facts
    players, nap, trump = case.players, case.napoleon, case.trump
    n = len(players)
    hand = HAND_SIZE[n]
    jokers = int(dict(case.rules).get("jokers", facts.jokers))
    full = deck(jokers)
    widow_size = len(full) - n * hand
    tricks_total = hand

    # 1. the fixed tricks: who plays what, and what it proves about voids
    reserved: dict[str, dict[int, tuple[Card, Suit | None]]] = {p: {} for p in players}
    voids: dict[str, set[Suit]] = {p: set() for p in players}
    direction = 1
    fixed_orders: dict[int, list[str]] = {}
    for k, fx in enumerate(case.fixed):
        number = case.at + k
        order = _seat_order(players, fx.leader, direction)
        fixed_orders[number] = order
        parsed = [parse_play(t) for t in fx.cards]
        lead, named = parsed[0]
        follow = _follow_suit(lead, named, trump, facts)
        for p, (card, sfx) in zip(order, parsed, strict=True):
            reserved[p][number] = (card, sfx)
            showed_out = card != JOKER and suit_of(card) != follow
            if p != fx.leader and p not in fx.faulty and follow is not None and showed_out:
                voids[p].add(follow)
        if facts.reverse_jack and any(is_reverse_jack(c, trump) for c, _ in parsed):
            direction = -direction
    for p, letters in case.voids:
        voids[p].update(SUIT_BY_TEXT[x] for x in letters)
    used = {c for p in players for c, _ in reserved[p].values()}
    rules = dict(case.rules)
    threes = rules.get("honor-threes") == "on"
    all_honors = 24 if threes else 20

    def honor(c: Card) -> bool:
        return is_honor(c, threes)

    if case.at == 2:
        leader = case.fixed[0].leader
        if MIGHTY in used:
            raise RuntimeError("an example at trick 2 needs the mighty for trick 1")
        reserved[leader][1] = (MIGHTY, None)
        used.add(MIGHTY)
        if leader != nap:
            lows = [
                make_card(Suit.SPADES, r)
                for r in range(3, 10)
                if make_card(Suit.SPADES, r) not in used
            ]
            low = rng.choice(lows)
            reserved[nap][1] = (low, None)
            used.add(low)
            if Suit.SPADES in voids[leader]:
                raise RuntimeError("trick-1 winner must hold spades")

    # 2. deal the rest
    holds: dict[str, list[Card]] = {p: [] for p in players}
    for p, t in case.holds:
        c = parse_card(t)
        assert c is not None
        holds[p].append(c)
        used.add(c)
    pool = [c for c in full if c not in used] if jokers < 2 else _multiset_minus(full, used)
    # discards: the joker first (it never reaches a filler trick), then low cards
    rng.shuffle(pool)
    discard: list[Card] = []
    if JOKER in pool:
        pool.remove(JOKER)
        discard.append(JOKER)
    if case.call == "widow":
        cands = [c for c in pool if not honor(c) and c != MIGHTY]
        called_widow = rng.choice(cands)
        pool.remove(called_widow)
        discard.append(called_widow)
    for c in rng.sample([c for c in pool if honor(c) and c != MIGHTY], case.discard_honors):
        pool.remove(c)
        discard.append(c)
    lows = sorted(pool, key=lambda c: (honor(c), power(c, trump), rng.random()))
    while len(discard) < widow_size:
        c = lows.pop(0)
        pool.remove(c)
        discard.append(c)
    capacity = {p: hand - len(reserved[p]) - len(holds[p]) for p in players}
    if any(v < 0 for v in capacity.values()):
        raise RuntimeError("too many fixed cards for one player")
    strong_side: set[str] = set()
    adjutant = case.adjutant
    if case.call == "adjutant" and adjutant is None:
        adjutant = rng.choice([p for p in players if p != nap])
    if case.strong == "napoleon":
        strong_side = {nap} | ({adjutant} if adjutant and case.call == "adjutant" else set())
    elif case.strong == "allies":
        strong_side = set(players) - {nap} - ({adjutant} if case.call == "adjutant" else set())
    if strong_side:
        pool.sort(key=lambda c: -(power(c, trump) + rng.random() * 6))
    dealt: dict[str, list[Card]] = {p: list(holds[p]) for p in players}
    for c in pool:
        s = suit_of(c)
        cands = [p for p in players if capacity[p] > 0 and (s is None or s not in voids[p])]
        if strong_side:
            pref = [p for p in cands if p in strong_side]
            cands = pref or cands
        if not cands:
            raise Retry
        p = rng.choice(cands)
        dealt[p].append(c)
        capacity[p] -= 1
    for p in players:
        for c in holds[p]:
            if suit_of(c) in voids[p]:
                raise RuntimeError("a held card contradicts an inferred void")

    # 3. the call
    called: Card | None = None
    if case.call == "adjutant":
        assert adjutant is not None
        if case.called is not None:
            called = parse_card(case.called)
        else:
            cands = [c for c in dealt[adjutant] if c not in (JOKER, MIGHTY)]
            if not cands:
                raise Retry
            called = rng.choice(cands)
        mine = set(dealt[adjutant]) | {c for c, _ in reserved[adjutant].values()}
        assert called in mine, (case.name, card_text(called))
    elif case.call == "own":
        called = rng.choice(dealt[nap] or [c for c, _ in reserved[nap].values()])
        adjutant = None
    elif case.call == "widow":
        called = called_widow
        adjutant = None
    else:
        adjutant = None
    side = {nap} | ({adjutant} if adjutant else set())

    # 4. play
    free = {p: set(dealt[p]) for p in players}  # cards the bot may choose
    held = {p: set(dealt[p]) | {c for c, _ in reserved[p].values()} for p in players}
    direction = 1
    leader = nap
    tricks: list[tuple[str, list[tuple[str, Card, Suit | None]]]] = []
    winners: list[str] = []
    honors_nap = 0
    for number in range(1, tricks_total + 1):
        fixed = (
            case.fixed[number - case.at] if case.at <= number < case.at + len(case.fixed) else None
        )
        if fixed is not None and fixed.leader != leader:
            raise RuntimeError(f"{case.name}: trick {number} should be led by {fixed.leader}")
        order = fixed_orders.get(number) or _seat_order(players, leader, direction)
        if fixed is not None and order != _seat_order(players, leader, direction):
            raise RuntimeError(f"{case.name}: direction of play differs at trick {number}")
        plays: list[tuple[str, Card, Suit | None]] = []
        for p in order:
            if number in reserved[p]:
                card, named = reserved[p][number]
            else:
                if not plays:
                    choices = set(free[p]) - {JOKER}  # a led joker stays in the examples
                else:
                    lead, lnamed = plays[0][1], plays[0][2]
                    legal = _legal(held[p], lead, lnamed, trump, facts)
                    # empty when only a card reserved for a later example is legal: retry
                    choices = legal & free[p]
                if fixed is None and number == 1 and case.at == 2:
                    choices = {
                        c
                        for c in choices
                        if c != YOROMEKI and not (facts.reverse_jack and is_reverse_jack(c, trump))
                    }
                if not choices:
                    raise Retry
                card = _choose(choices, p in strong_side, bool(strong_side), trump, rng)
                named = None
            held[p].discard(card)
            free[p].discard(card)
            plays.append((p, card, named))
        if fixed is not None:
            winner = fixed.winner
        else:
            if plays[0][1] == JOKER:
                raise Retry
            winner = filler_winner(plays, trump, facts, number)
            if number == 1 and case.at == 2 and winner != case.fixed[0].leader:
                raise Retry
        if facts.reverse_jack and any(is_reverse_jack(c, trump) for _, c, _ in plays):
            direction = -direction
        if winner in side:
            honors_nap += sum(1 for _, c, _ in plays if honor(c))
        tricks.append((order[0], plays))
        winners.append(winner)
        leader = winner

    # discarded honors are credited as the rules say (void and allies: not to Napoleon)
    credit = rules.get("discard-honors", facts.discard_honors)
    if credit == "napoleon" or (credit == "first-trick" and winners[0] in side):
        honors_nap += sum(1 for c in discard if honor(c))

    # 5. the outcome and the bid (chosen after the play, from the seed's outcome)
    if case.napoleon_honors is not None and honors_nap != case.napoleon_honors:
        raise Retry
    if honors_nap < case.honors_at_least:
        raise Retry
    if case.bid is not None:
        bid = case.bid
    elif case.outcome == "win":
        if honors_nap < facts.min_bid:
            raise Retry
        bid = rng.randint(facts.min_bid, min(honors_nap, all_honors - 1))
    elif case.outcome == "loss":
        lo = max(facts.min_bid, honors_nap + 1)
        if lo > all_honors - 1:
            raise Retry
        bid = rng.randint(lo, min(lo + 2, all_honors - 1))
    else:
        bid = facts.min_bid + rng.randint(0, 2)
    win = honors_nap >= bid
    if case.outcome == "win" and not win:
        raise Retry
    if case.outcome == "loss" and win and case.napoleon_honors != all_honors:
        raise Retry

    # the dealt hands: Napoleon's dealt hand gives up the widow he took
    played = {p: [c for _, plays in tricks for q, c, _ in plays if q == p] for p in players}
    hands = {p: sorted(played[p]) for p in players}
    widow = list(discard)  # Napoleon took the widow and threw the same cards back
    return Built(hands, widow, discard, called, adjutant, tricks, winners, honors_nap, bid, win)


def _multiset_minus(full: list[Card], used: Iterable[Card]) -> list[Card]:
    rest = list(full)
    for c in used:
        rest.remove(c)
    return rest


def _choose(
    choices: set[Card], strong: bool, biased: bool, trump: Suit | None, rng: random.Random
) -> Card:
    ordered = sorted(choices, key=lambda c: (power(c, trump), c))
    if not biased:
        return rng.choice(ordered)
    return ordered[-1] if strong else ordered[0]

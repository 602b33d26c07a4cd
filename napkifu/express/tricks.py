"""The tricks of a complete round, seated, resolved and checked in the express lane.

What the engine's :mod:`napkifu.replay.tricks` and :mod:`napkifu.replay.play_check`
do for a round that is right, minus the model: the written leader must be the
computed one, every card is played once, and every card is legal for what its
player held, which in a complete record is exactly the cards they play from then
on. The rule questions (lead suit, ladder, following, reverse jacks) go to the
engine's own functions.
"""

from __future__ import annotations

from itertools import chain

from napkifu.cards import JOKER, Suit
from napkifu.express.facts import Seated
from napkifu.express.table import Line, NotClean, Table
from napkifu.notation.values import play_value
from napkifu.replay.following import plainly_legal, unsure_turns, violation
from napkifu.replay.tricks import honor_count, reverses, seat_orders
from napkifu.rules.build import Rules
from napkifu.rules.ladder import lead_suit_of, ranker

_NUMBERS = {str(i): i for i in range(1, 100)}


def play_tricks(
    table: Table,
    lines: list[Line],
    nap_seat: int,
    trump: int | None,
    called: int | None,
    discards: list[int],
) -> tuple[list[tuple[int, int]], int | None, list[list[int]], list[Seated]]:
    """Seat, resolve and check the tricks played (all of them, or those before a
    claim): (winner seat, honors) per trick, the seat that played the called card
    (None: nobody), the cards each seat played, and the tricks as seated."""
    rules = table.rules
    n, total = len(table.players), rules.tricks
    rank = ranker(rules, trump)
    honors = rules.honor_cards
    orders = seat_orders(rules, n)
    reverse = rules.reverse_jack
    leader, step = nap_seat, 1
    seated: list[Seated] = []
    plays: list[list[int]] = [[] for _ in range(n)]
    won: list[tuple[int, int]] = []
    holder = None
    for number, line in enumerate(lines, start=1):
        named, cards, joker_suit = _read(table, line, number)
        if named is not None and table.leader(named) != leader:
            raise NotClean
        if len(cards) != n or (JOKER in cards and rules.jokers == 0):
            raise NotClean
        # A suit is named by a led joker under joker-lead suit, and only then (NAP507).
        if (joker_suit is not None) != (cards[0] == JOKER and rules.joker_lead == "suit"):
            raise NotClean
        seats = orders[leader, step]
        lead_suit = lead_suit_of(rules, cards[0], joker_suit, trump)
        best, cls = rank.ranked(cards, lead_suit, number, number == total)
        winner = seats[best]
        for s, c in zip(seats, cards):  # noqa: B905 — both have n items (checked)
            plays[s].append(c)
        if called in cards:
            holder = seats[cards.index(called)]
        if reverse:
            for c in cards:
                if reverses(rules, c, trump):
                    step = -step
        won.append((winner, honor_count(cards, honors)))
        seated.append((seats, cards, lead_suit, joker_suit, winner, cls))
        leader = winner
    _check_follows(rules, seated, plays, discards, nap_seat, trump)
    return won, holder, plays, seated


def _read(table: Table, line: Line, number: int) -> tuple[str | None, list[int], Suit | None]:
    """Trick ``number``'s written leader (``Name:`` as spelled, or None), its cards and
    the suit named by its led joker (``JK>♥``; a suit named by any later card, which
    only a joker may carry, is NAP507: not clean)."""
    words = table.words.split(line[1]) if line[0] == "trick" else None
    if words is not None and len(words) > 1 and _NUMBERS.get(words[0]) == number:
        named = words[1] if words[1][-1] == ":" else None
        if named is None or named in table.leaders or table.words.valid("LEADER", named):
            cards = table.words.plays(words[2:] if named else words[1:])
            if cards is not None:
                return named, cards, None
    if line[0] != "trick":
        raise NotClean
    m = table.fast.trick.match(line[1])
    if m is None or int(m.group(1)) != number:
        raise NotClean
    cards, suits = [], []
    for word in m.group(3).split():
        card, joker_suit, _note = play_value(word)
        cards.append(card)
        suits.append(joker_suit)
    if any(suit is not None for suit in suits[1:]):  # (♠ is Suit 0: test for None)
        raise NotClean
    return m.group(2), cards, suits[0] if suits else None


def _check_follows(
    rules: Rules,
    seated: list[Seated],
    plays: list[list[int]],
    discards: list[int],
    nap_seat: int,
    trump: int | None,
) -> None:
    """Every card played once (a joker up to the deck's count), none discarded, and
    every play legal for what the player held: the cards they play from then on (one
    a trick, so before trick t a seat holds ``plays[seat][t:]``)."""
    flat = list(chain.from_iterable(plays))
    jokers = flat.count(JOKER)  # (the jokers count once in the set; no discard is one)
    distinct = len(flat) + len(discards) - jokers + (jokers > 0)
    if jokers > rules.jokers or len(set(flat).union(discards)) != distinct:
        raise NotClean
    for t, (seats, cards, lead_suit, _named, _winner, _class) in enumerate(seated):
        opening = t == 0 and seats[0] == nap_seat
        for i in unsure_turns(rules, cards, lead_suit, opening):
            hold = plays[seats[i]][t:]
            first = opening and i == 0
            if not plainly_legal(rules, hold, cards, i, lead_suit, trump, first) and (
                violation(rules, hold, cards[:i], lead_suit, trump, cards[i], first) is not None
            ):
                raise NotClean

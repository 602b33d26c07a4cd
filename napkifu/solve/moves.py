"""Playing a card in a :class:`Position` by the Python engine's own rules.

The analysis walks a record with these (so every position it hands the solver is
one the replay agrees with), and the tests' brute-force minimax searches with them
(so the solver is held to the engine, not to itself). Each question is put to the
engine's functions — the ladder, the following rules, the discards' credit — never
re-derived here.
"""

from __future__ import annotations

from dataclasses import replace

from napkifu.cards import JOKER, Card
from napkifu.replay.following import legal_cards
from napkifu.replay.scoring import credited_honors
from napkifu.replay.tricks import honors_in, reverses
from napkifu.rules.build import Rules
from napkifu.rules.ladder import lead_suit_of, ranker
from napkifu.solve.engine import Position, without

Move = tuple[Card, int | None]
"""A card and the suit it names (a led joker under ``joker-lead suit``), else None."""


def trick_number(rules: Rules, pos: Position) -> int:
    """The number of the trick being played (1-based)."""
    cards = sum(len(h) for h in pos.hands) + len(pos.trick)
    return rules.tricks + 1 - cards // len(pos.hands)


def legal_moves(rules: Rules, trump: int | None, pos: Position) -> list[Move]:
    """The moves the engine allows the player to move (a led joker once per suit it
    may name)."""
    hand = pos.hands[pos.seat]
    lead = lead_suit_of(rules, pos.trick[0], pos.named, trump) if pos.trick else None
    opening = not pos.trick and trick_number(rules, pos) == 1
    cards = sorted(set(legal_cards(rules, hand, pos.trick, lead, trump, opening)))
    out: list[Move] = []
    for c in cards:
        if c == JOKER and not pos.trick and rules.joker_lead == "suit":
            out.extend((c, s) for s in range(4))
        else:
            out.append((c, None))
    return out


def play(rules: Rules, trump: int | None, pos: Position, move: Move) -> Position:
    """The position after ``move``; a finished trick is resolved by the engine's
    ladder and its honors counted to its winner's side."""
    card, named = move
    n = len(pos.hands)
    seat = pos.seat
    hands = (*pos.hands[:seat], without(pos.hands[seat], card), *pos.hands[seat + 1 :])
    trick = (*pos.trick, card)
    if len(trick) == 1:
        pos = replace(pos, named=named)
    if len(trick) < n:
        return replace(pos, hands=hands, trick=trick)
    number = trick_number(rules, pos)
    lead = lead_suit_of(rules, trick[0], pos.named, trump)
    index, _cls = ranker(rules, trump).ranked(trick, lead, number, number == rules.tricks)
    winner = (pos.leader + pos.step * index) % n
    ours = winner in pos.napoleon_side
    step = pos.step
    for c in trick:
        if reverses(rules, c, trump):
            step = -step
    return Position(
        hands,
        (),
        None,
        winner,
        step,
        pos.napoleon_side,
        pos.taken + (len(honors_in(trick, rules.honor_cards)) if ours else 0),
        pos.widow_honors,
        ours if number == 1 else pos.first_trick_napoleon,
    )


def final_honors(rules: Rules, pos: Position) -> int:
    """The honors credited to Napoleon's side once every card is played."""
    first = bool(pos.first_trick_napoleon)
    return credited_honors(rules, (pos.taken, 0), pos.widow_honors, None, first)[0]


def minimax(rules: Rules, trump: int | None, pos: Position) -> int:
    """The double-dummy value by plain minimax over the engine: the tests' reference
    (exponential; only for the last tricks)."""
    if not pos.hands[pos.seat]:
        return final_honors(rules, pos)
    values = [
        minimax(rules, trump, play(rules, trump, pos, m)) for m in legal_moves(rules, trump, pos)
    ]
    return max(values) if pos.seat in pos.napoleon_side else min(values)

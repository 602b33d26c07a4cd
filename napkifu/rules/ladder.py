"""Trick strength as a ladder of classes (RULES.md, "Trick resolution: the ladder").

Each card of a finished trick gets the first ladder class it satisfies; the best
class wins, within ``trump`` and ``lead`` the higher rank, otherwise the earlier
card. One function per question so that the replay and the simulator's bots ask
exactly the same thing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from napkifu.cards import JOKER, MIGHTY, YOROMEKI, Card, Suit
from napkifu.rules.build import Rules

_JACK = 9  # rank index of J (rank 11 - 2)


def lead_suit_of(
    rules: Rules, lead: Card, joker_suit: Suit | int | None, trump: Suit | int | None
) -> int | None:
    """The suit a trick is led in: the first card's suit; for a led joker the trump
    (``joker-lead trump``; None in no-trump) or the named suit (``joker-lead suit``)."""
    if lead < JOKER:
        return lead // 13
    if rules.joker_lead == "suit":
        return None if joker_suit is None else int(joker_suit)
    return None if trump is None else int(trump)


def same_two_holds(
    rules: Rules,
    cards: Sequence[Card],
    lead_suit: int | None,
    trump: int | None,
    trick_number: int,
    last: bool,
) -> bool:
    """Whether the 2 of the lead suit is a same-two in this (complete) trick."""
    if lead_suit is None or "same-two" not in rules.ladder:
        return False
    if trick_number == 1 and not rules.same_two_first_trick:
        return False
    if last and not rules.same_two_last_trick:
        return False
    if lead_suit == trump and not rules.same_two_trump:
        return False
    counts = rules.same_two_joker_counts
    for c in cards:
        if c >= JOKER:
            if not counts:
                return False
        elif c // 13 != lead_suit:
            return False
    return True


_NONE = 99  # "no class": such a card never wins


def _compiled(rules: Rules, trump: int | None) -> tuple[int, ...]:
    """Ladder positions of every class (``_NONE`` when absent) and the two jacks,
    computed once per (rules, trump) so that classifying a card is a few compares."""
    got = rules.cache.get(("ladder", trump))
    if got is not None:
        return got  # type: ignore[return-value]
    pos = {c: i for i, c in enumerate(rules.ladder)}
    g = lambda name: pos.get(name, _NONE)  # noqa: E731
    tj = bj = -1
    if trump is not None:
        tj = trump * 13 + _JACK
        bj = int(Suit(trump).partner) * 13 + _JACK
    comp = (
        g("yoromeki"),
        g("mighty"),
        g("joker-lead"),
        g("joker-follow"),
        g("trump-jack"),
        g("back-jack"),
        g("same-two"),
        g("trump"),
        g("lead"),
        tj,
        bj,
        len(rules.ladder),
    )
    rules.cache[("ladder", trump)] = comp
    return comp


def _class_index(
    comp: tuple[int, ...],
    card: Card,
    index: int,
    lead_suit: int | None,
    trump: int | None,
    same_two: bool,
    mighty_in: bool,
) -> int:
    """Ladder position of the first class ``card`` satisfies (``_NONE``: none): the
    minimum over the classes it satisfies, since ladder order is first-match order."""
    yo, mi, jl, jf, tjx, bjx, s2, tr, le, tj, bj, _n = comp
    if card >= JOKER:
        return jl if index == 0 else jf
    k = _NONE
    if card == MIGHTY:
        k = mi
    elif card == YOROMEKI and mighty_in:
        k = yo
    if card == tj:
        k = min(k, tjx)
    elif card == bj:
        k = min(k, bjx)
    suit = card // 13
    if suit == lead_suit:
        if same_two and card % 13 == 0:
            k = min(k, s2)
        k = min(k, le)
    if suit == trump:
        k = min(k, tr)
    return k


def classify(
    rules: Rules,
    cards: Sequence[Card],
    index: int,
    lead_suit: int | None,
    trump: int | None,
    same_two: bool,
) -> str | None:
    """The first ladder class card ``cards[index]`` satisfies, None when none."""
    comp = _compiled(rules, trump)
    k = _class_index(comp, cards[index], index, lead_suit, trump, same_two, MIGHTY in cards)
    return rules.ladder[k] if k != _NONE else None


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """Who won a trick: ``winner`` is an index into the played cards."""

    winner: int
    ladder_class: str | None
    classes: tuple[str | None, ...]
    same_two: bool


def resolve_trick(
    rules: Rules,
    cards: Sequence[Card],
    lead_suit: int | None,
    trump: int | None,
    trick_number: int,
    last: bool = False,
) -> TrickOutcome:
    """Resolve a finished trick (``cards`` in the order played, leader first).

    ``lead_suit`` comes from :func:`lead_suit_of`; ``trump`` is None in no-trump;
    ``last`` says whether this is the round's last trick (for same-two)."""
    comp = _compiled(rules, trump)
    s2 = comp[6] != _NONE and same_two_holds(rules, cards, lead_suit, trump, trick_number, last)
    mighty_in = MIGHTY in cards
    ladder = rules.ladder
    tr, le, n = comp[7], comp[8], comp[11]
    best, best_key = 0, 10_000
    classes: list[str | None] = []
    for i, card in enumerate(cards):
        k = _class_index(comp, card, i, lead_suit, trump, s2, mighty_in)
        if k == _NONE:
            classes.append(None)
            if i == 0 and card >= JOKER:
                key = n * 16  # a led joker without a class: below every class, above none
            else:
                continue
        else:
            classes.append(ladder[k])
            key = k * 16 + (12 - card % 13 if k in (tr, le) else 0)
        if key < best_key:
            best, best_key = i, key
    return TrickOutcome(best, classes[best] if classes else None, tuple(classes), s2)

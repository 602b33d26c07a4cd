"""The suit a trick is led in (RULES.md, "Following" and "joker-lead"): what the
follow rules and the ladder both start from, asked by the replay, the simulator and
the solver alike.
"""

from __future__ import annotations

from napkifu.cards import JOKER, UNKNOWN, Card, Suit
from napkifu.rules.build import Rules

AFTER_LEAD: tuple[tuple[int, ...], ...] = tuple(tuple(range(1, k)) for k in range(64))
"""The turns after the lead in a trick of ``k`` cards, ``AFTER_LEAD[k] == (1, …, k - 1)``
(a trick holds a card a player: 3–6): the ladder and the follow test loop over the
followers of every trick, and a ``range`` made for each costs more than the loop."""


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


def lead_suits(rules: Rules, trump: Suit | int | None) -> tuple[int | None, ...]:
    """:func:`lead_suit_of` of every card (0 … ``UNKNOWN``) led without a named suit,
    by card: the replay reads a trick's lead suit from it (a subscript, not a call) and
    asks :func:`lead_suit_of` itself only for a trick with a joker. Kept by the one
    fact of ``rules`` :func:`lead_suit_of` reads (``joker_lead``) and the trump; a fact
    read there must be in the key here."""
    key = (rules.joker_lead, trump)
    got = _LEAD_SUITS.get(key)
    if got is None:
        got = _LEAD_SUITS[key] = tuple(
            [lead_suit_of(rules, c, None, trump) for c in range(UNKNOWN + 1)]
        )
    return got


_LEAD_SUITS: dict[tuple[str, Suit | int | None], tuple[int | None, ...]] = {}

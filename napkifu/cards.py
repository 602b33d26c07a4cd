"""Cards as small integers, and their text in both notations.

Cards are ints so that the replay engine can keep holdings in sets and compare
ranks with plain arithmetic; the text form only matters for messages and output.
A card is ``suit * 13 + (rank - 2)`` (0..51); the joker is ``JOKER`` (52, the same
value for both jokers of a two-joker deck: they are the same card twice), and an
unknown card written ``?`` is ``UNKNOWN`` (53).
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Literal

Card = int
"""A card: 0..51 for the suited cards, :data:`JOKER` or :data:`UNKNOWN`."""

CardStyle = Literal["unicode", "ascii"]


class Suit(IntEnum):
    """The four suits, in bidding order from the strongest (♠ > ♥ > ♦ > ♣)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour: where the back-jack comes from."""
        return _PARTNER[self]

    def text(self, style: CardStyle = "unicode") -> str:
        return self.symbol if style == "unicode" else self.letter


SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUIT_LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_PARTNER = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}

SUIT_BY_TEXT: dict[str, Suit] = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip

ACE, KING, QUEEN, JACK, TEN = 14, 13, 12, 11, 10
RANK_BY_TEXT: dict[str, int] = {
    "A": ACE, "K": KING, "Q": QUEEN, "J": JACK, "10": TEN, "T": TEN,
    "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2,
}  # fmt: skip
RANK_TEXT: dict[int, str] = {ACE: "A", KING: "K", QUEEN: "Q", JACK: "J", TEN: "10"} | {
    r: str(r) for r in range(2, 10)
}

JOKER: Card = 52
UNKNOWN: Card = 53
JOKER_SPELLINGS = ("JK", "Jo", "🃏")


def make_card(suit: Suit | int, rank: int) -> Card:
    """The card of ``suit`` and ``rank`` (2..14, ace high)."""
    return int(suit) * 13 + (rank - 2)


def suit_of(card: Card) -> Suit | None:
    """The printed suit, or None for a joker or an unknown card."""
    return Suit(card // 13) if card < JOKER else None


def rank_of(card: Card) -> int:
    """The rank 2..14 (ace high); 0 for a joker or an unknown card."""
    return card % 13 + 2 if card < JOKER else 0


def is_suited(card: Card) -> bool:
    return 0 <= card < JOKER


MIGHTY: Card = make_card(Suit.SPADES, ACE)
"""♠A, the mighty (マイティ)."""
YOROMEKI: Card = make_card(Suit.HEARTS, QUEEN)
"""♥Q, the yoromeki (よろめき) that beats the mighty."""
CLUB_THREE: Card = make_card(Suit.CLUBS, 3)
"""♣3, the joker request card."""


def jack_of(suit: Suit) -> Card:
    return make_card(suit, JACK)


def is_honor(card: Card, honor_threes: bool = False) -> bool:
    """A, K, Q, J, 10 (and 3 with ``honor-threes``); never a joker."""
    if card >= JOKER:
        return False
    rank = rank_of(card)
    return rank >= TEN or (honor_threes and rank == 3)


def deck(jokers: int = 1) -> list[Card]:
    """The cards of a deck with ``jokers`` jokers (a multiset: two jokers appear twice)."""
    return list(range(52)) + [JOKER] * jokers


def _card_text(card: Card, style: CardStyle) -> str:
    if card == JOKER:
        return "JK"
    if card == UNKNOWN:
        return "?"
    suit = Suit(card // 13)
    return suit.text(style) + RANK_TEXT[card % 13 + 2]


CARD_TEXTS: dict[str, tuple[str, ...]] = {
    style: tuple(_card_text(c, style) for c in range(UNKNOWN + 1))  # type: ignore[arg-type]
    for style in ("unicode", "ascii")
}
"""Every card's text by style, indexed by card: the hot loops look a card up here
rather than call :func:`card_text`."""


def card_text(card: Card, style: CardStyle = "unicode") -> str:
    """``♠A`` / ``SA``; ``JK``; ``?``."""
    if not 0 <= card <= UNKNOWN:
        raise ValueError(f"{card} is not a card")
    return CARD_TEXTS[style][card]


_CARD_RE = re.compile(r"([SHDC♠♥♦♣♤♡♢♧])(10|[AKQJT2-9])")


def parse_card(text: str) -> Card | None:
    """One card written alone (``♠A``, ``SA``, ``H10``, ``♥T``, ``JK``, ``Jo``, ``🃏``);
    None when ``text`` is not exactly one card."""
    if text in JOKER_SPELLINGS:
        return JOKER
    m = _CARD_RE.fullmatch(text)
    if m is None:
        return None
    return make_card(SUIT_BY_TEXT[m.group(1)], RANK_BY_TEXT[m.group(2)])


def cards_text(cards: list[Card] | tuple[Card, ...], style: CardStyle = "unicode") -> str:
    """Cards as a grouped, sorted hand (``♠A K 9 ♥J 8 JK``): the layout ``fmt`` writes."""
    parts: list[str] = []
    by_suit: dict[int, list[int]] = {}
    tail: list[str] = []
    for c in cards:
        if c >= JOKER:
            tail.append(card_text(c, style))
        else:
            by_suit.setdefault(c // 13, []).append(c % 13 + 2)
    for s in sorted(by_suit):
        ranks = sorted(by_suit[s], reverse=True)
        parts.append(Suit(s).text(style) + " ".join(RANK_TEXT[r] for r in ranks))
    return " ".join(parts + tail)

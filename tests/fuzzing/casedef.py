"""What a transcribed seed example is: the trick(s) the seed gives, the record's
setting (preset, seats, trump, call, outcome) and what the test asserts (the
winner's ladder class, the score row, an injected fault)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from napkifu.cards import Card, Suit

HAND_SIZE = {3: 16, 4: 12, 5: 10, 6: 8}


@dataclass(frozen=True)
class PresetFacts:
    """What the builder must know of a preset (transcribed from RULES.md's table)."""

    jokers: int
    min_bid: int
    yoromeki: bool
    same_two: bool
    reverse_jack: bool
    joker_lead: Literal["trump", "suit", "none"]
    joker_request: bool
    joker_follow: bool  # a followed joker has a ladder class (just below the mighty)
    discard_honors: str


PRESETS = {
    "standard": PresetFacts(1, 13, True, True, False, "trump", True, False, "void"),
    "webgame": PresetFacts(1, 13, True, True, False, "trump", False, False, "void"),
    "bga": PresetFacts(1, 8, True, True, True, "suit", True, True, "allies"),
    "classic": PresetFacts(0, 11, False, False, False, "none", False, False, "allies"),
}


class Retry(Exception):
    """This random deal cannot host the example: try another."""


@dataclass(frozen=True)
class Fixed:
    """A trick as the seed gives it: the leader, the cards in the order played
    (``JK>♥`` names a led joker's suit), and the winner the seed names.
    ``faulty`` players broke a rule on purpose: no void is inferred from their card."""

    leader: str
    cards: tuple[str, ...]
    winner: str
    faulty: frozenset[str] = frozenset()


Role = Literal["napoleon", "adjutant", "ally"]


@dataclass(frozen=True)
class Case:
    name: str
    source: str  # the seed file and section
    quote: str  # the seed passage the record transcribes (Japanese, verbatim)
    preset: str
    players: tuple[str, ...]
    napoleon: str
    trump: Suit | None
    fixed: tuple[Fixed, ...] = ()
    at: int = 1  # trick number of the first fixed trick (1 or 2)
    rules: tuple[tuple[str, str], ...] = ()
    call: Literal["adjutant", "own", "widow", "none"] = "adjutant"
    adjutant: str | None = None  # who holds the called card (None: anyone but Napoleon)
    called: str | None = None  # the called card, when the example needs a particular one
    bid: int | None = None
    outcome: Literal["win", "loss", "any"] = "any"
    napoleon_honors: int | None = None  # exact honors Napoleon's side must capture
    honors_at_least: int = 0
    discard_honors: int = 0  # honors Napoleon throws away in the exchange
    strong: Literal["napoleon", "allies"] | None = None  # who gets and plays the high cards
    holds: tuple[tuple[str, str], ...] = ()  # (player, card) dealt and played in a filler trick
    voids: tuple[tuple[str, str], ...] = ()  # (player, suit letters) the player is dealt none of
    # what the test asserts (the seed's word)
    win_class: str | None = None
    scores: tuple[tuple[str, int], ...] = ()  # role → points; roles napoleon/adjutant/ally
    # an injected fault: (code, trick number or the keyword of the line, player named)
    fault: tuple[str, int | str, str] | None = None
    seed: int = 0
    notes: str = ""

    @property
    def example_trick(self) -> int:
        return self.at + len(self.fixed) - 1

    @property
    def facts(self) -> PresetFacts:
        return PRESETS[self.preset]


@dataclass
class Built:
    """The round as played, ready to be written."""

    hands: dict[str, list[Card]]  # dealt hands
    widow: list[Card]
    discard: list[Card]
    called: Card | None
    adjutant: str | None
    tricks: list[tuple[str, list[tuple[str, Card, Suit | None]]]]  # (leader, plays)
    winners: list[str]
    napoleon_honors: int
    bid: int
    win: bool

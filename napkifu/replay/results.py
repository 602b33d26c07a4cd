"""What the replay engine hands to everything downstream: judged games, rounds
and tricks. Plain data; the replay view, the analysis tables and the dashboard
read these and never re-derive a rule.

Immutable by the model's convention (:mod:`napkifu.model`): nothing assigns to a
result after it is built (``dataclasses.replace`` makes a changed copy), but the
classes are not declared ``frozen``. A frozen ``__init__`` stores each field through
``object.__setattr__``, and a :class:`JudgedRound` (31 fields, one a round) cost
``check`` ~2 % of its instructions that way. ``unsafe_hash`` keeps the hash a frozen
class has.

Fields may be added; none is renamed or removed without updating every consumer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Literal, NamedTuple

from napkifu.cards import Card, Suit
from napkifu.diagnostics import Diagnostic
from napkifu.model import Bid, Game, Record, Round, Span

Side = Literal["napoleon", "allies"]
RoundKind = Literal["full", "claim", "score-sheet", "redeal"]


_IS_ERROR = attrgetter("is_error")


@dataclass(slots=True, unsafe_hash=True)
class JudgedPlay:
    """One card of a trick as the engine saw it."""

    player: str
    card: Card
    joker_suit: Suit | None
    ladder_class: str | None  # the first ladder class the card satisfied, None: no class
    span: Span


class PlayedTrick(NamedTuple):
    """A trick's facts as the engine seated it, kept whatever the detail asked for:
    enough for a round's identity and each player's captured honors without the
    judged tricks (their holdings, legal cards and reasons cost a third of judging).
    ``check`` makes them too, so they are what the seating holds already, in as few
    objects as can be (a named tuple; seats, not names; no suits without a joker)."""

    number: int
    leader: str
    seats: tuple[int, ...]  # each card's seat (an index of the round's players), as played
    cards: tuple[Card, ...]  # in the order played
    named: tuple[Suit | None, ...]  # each card's named joker suit; () when no joker is played
    winner: str
    honors: tuple[Card, ...]  # honors in the trick, captured by ``winner``

    def plays(self, players: Sequence[str]) -> list[tuple[str, Card, Suit | None]]:
        """(player, card, a joker's named suit) of each card, in the order played."""
        named = self.named or (None,) * len(self.cards)
        return [(players[s], c, n) for s, c, n in zip(self.seats, self.cards, named, strict=False)]


@dataclass(slots=True, unsafe_hash=True)
class JudgedTrick:
    """A trick as judged: who won it and why, in the game's words, for the replay and the tables."""

    number: int
    leader: str
    lead_suit: Suit | None  # None: no lead suit (a led joker in no-trump under joker-lead trump)
    plays: tuple[JudgedPlay, ...]
    winner: str
    winning_class: str | None
    reason: str  # why it won, in the game's words (English), e.g. "yoromeki: ♥Q beats the mighty"
    reason_ja: str
    honors: tuple[Card, ...]  # honors in the trick, captured by ``winner``
    winner_side: Side | None  # None when the adjutant is unknown
    honors_napoleon_after: int | None  # running honors of each side after this trick
    honors_allies_after: int | None
    holdings_before: dict[str, tuple[Card, ...]] | None  # each player's hand before the trick
    # each player's legal cards when it was their turn (computed when first read)
    legal: Mapping[str, tuple[Card, ...]] | None
    joker_request: bool = False  # the ♣3 request or a joker trump request was active
    reversed_after: bool = False  # the direction of play is counter-clockwise from the next trick
    span: Span = field(default=Span(0, 0, 0, 0))


@dataclass(slots=True, unsafe_hash=True)
class JudgedRound:
    """A round as judged: its contract, sides, honors, scores and diagnostics, the unit
    every table row and report is made from."""

    game: int
    number: int
    kind: RoundKind
    players: tuple[str, ...]
    dealer: str | None
    first_bidder: str | None
    bid_players: tuple[str | None, ...]  # who made each bid of ``source.all_bids``, in order
    napoleon: str | None
    bid_count: int | None
    trump: Suit | None  # None: no-trump (or a redeal)
    no_trump: bool
    called: Card | None
    adjutant: str | None  # None when alone, unknown, or with 3 players
    adjutant_known: bool
    alone: bool
    adjutant_revealed_at: int | None  # trick number where the called card was played
    honors_napoleon: int | None  # honors credited to Napoleon's side (incl. discards per rules)
    honors_allies: int | None
    win: bool | None
    twenty: bool  # Napoleon's side took every honor
    scores: dict[str, int] | None  # the rules' scores (None under scoring none / unknown)
    written_scores: dict[str, int] | None
    written_totals: dict[str, int] | None
    tricks: tuple[JudgedTrick, ...]
    discards: tuple[Card, ...]
    widow: tuple[Card, ...]
    hands: dict[str, tuple[Card, ...]] | None  # dealt hands when known (given or reconstructed)
    diagnostics: tuple[Diagnostic, ...]
    source: Round
    span: Span
    played: tuple[PlayedTrick, ...] = ()  # every seated trick, also without ``tricks``

    @property
    def has_errors(self) -> bool:
        return any(map(_IS_ERROR, self.diagnostics))  # (no generator: asked a round)

    @property
    def all_bids(self) -> tuple[Bid, ...]:
        """Every bid of the auction as written (``bid_players`` names their makers)."""
        return self.source.all_bids

    @property
    def claim_side(self) -> str | None:
        """The side a ``claim`` line gave the rest of the tricks to, if any."""
        return self.source.claim.side if self.source.claim is not None else None

    @property
    def line(self) -> int:
        """The line of the round's ``round`` statement."""
        return self.span.line or self.source.meta.span.line


@dataclass(slots=True, unsafe_hash=True)
class JudgedGame:
    """A game as judged: its headers, rules and rounds, with the game-level diagnostics."""

    number: int
    title: str | None
    date: str | None
    place: str | None
    tags: dict[str, str]
    players: tuple[str, ...]
    preset: str
    rules: object  # napkifu.rules.Rules (typed loosely here to keep this module import-light)
    rounds: tuple[JudgedRound, ...]
    diagnostics: tuple[Diagnostic, ...]  # game-level (headers, rules); round ones live on rounds
    source: Game


@dataclass(slots=True, unsafe_hash=True)
class Judgement:
    """A whole file judged: the record, its games and every diagnostic, sorted."""

    file: str
    record: Record | None  # None when the file could not be read at all
    games: tuple[JudgedGame, ...]
    diagnostics: tuple[Diagnostic, ...]
    size_bytes: int = 0

    @property
    def has_errors(self) -> bool:
        return any(map(_IS_ERROR, self.diagnostics))  # (no generator: asked a round)

    @property
    def rounds(self) -> tuple[JudgedRound, ...]:
        return tuple(r for g in self.games for r in g.rounds)

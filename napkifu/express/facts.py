"""What the season tables need of a game the express lane proved clean.

``napkifu export`` and the dashboard need more than a verdict: who won each trick
and by which ladder class, each side's honors, the scores. When the lane finishes a
clean round it has all of that at hand, so, asked to (``Table.facts``), it keeps it
in these plain objects under the engine's own names
(:class:`~napkifu.replay.results.JudgedRound` and its kin;
:mod:`napkifu.analysis.judged` states what the tables read), and the tables are
built by one code path from either. Nothing is worked out here that the lane has
not already proved: the ladder class comes from the engine's ladder
(:func:`~napkifu.rules.ladder.trick_ranked`, as the lane resolves each trick), the
sides and honors from the round's own bookkeeping, and the tests hold the tables
made from these facts to the ordinary path's, row for row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from napkifu.cards import Suit
from napkifu.diagnostics import Diagnostic
from napkifu.model import Bid
from napkifu.replay.tricks import honors_in
from napkifu.rules.build import Rules

_SUITS: dict[int | None, Suit | None] = {None: None, **{int(x): x for x in Suit}}

Seated = tuple[tuple[int, ...], list[int], "int | None", "Suit | None", int, "str | None"]
"""A trick as the lane seats and resolves it: (seats, cards, lead suit, the suit its
led joker names, the winner's seat, the winning card's ladder class)."""


class FactPlay(NamedTuple):
    player: str
    card: int
    joker_suit: Suit | None


class FactTrick(NamedTuple):
    number: int
    leader: str
    lead_suit: Suit | None
    plays: tuple[FactPlay, ...]
    winner: str
    winning_class: str | None
    winner_side: str | None
    honors: tuple[int, ...]


# Ten tricks and fifty plays a round: a NamedTuple's own __new__ is a Python
# function, tuple.__new__ is not; and a play (who, which card) is built once per
# seating and shared, as it never changes.
_new = tuple.__new__
_PLAYS: dict[tuple[str, ...], list[list[FactPlay]]] = {}


def _plays_by_seat(players: tuple[str, ...]) -> list[list[FactPlay]]:
    """Every play a seat can make, by card (the joker's named suit aside)."""
    got = _PLAYS.get(players)
    if got is None:
        got = [[_new(FactPlay, (p, c, None)) for c in range(55)] for p in players]
        if len(_PLAYS) < 256:
            _PLAYS[players] = got
    return got


@dataclass(slots=True)
class FactRound:
    """A clean round; a redeal keeps only the fields before ``napoleon``."""

    number: int
    line: int
    players: tuple[str, ...]
    kind: str
    dealer: str | None
    all_bids: Sequence[Bid]
    bid_players: tuple[str | None, ...]
    napoleon: str | None = None
    bid_count: int | None = None
    trump: Suit | None = None
    no_trump: bool = False
    called: int | None = None
    adjutant: str | None = None
    adjutant_known: bool = False
    alone: bool = False
    honors_napoleon: int | None = None
    honors_allies: int | None = None
    win: bool | None = None
    twenty: bool = False
    scores: dict[str, int] | None = None
    written_scores: dict[str, int] | None = None
    tricks: tuple[FactTrick, ...] = ()
    claim_side: str | None = None
    diagnostics: tuple[Diagnostic, ...] = ()  # a clean round has none


@dataclass(slots=True)
class FactGame:
    number: int
    title: str | None
    date: str | None
    preset: str
    players: tuple[str, ...]
    rounds: list[FactRound] = field(default_factory=list)


def trick_facts(
    rules: Rules, players: tuple[str, ...], seated: list[Seated], side: set[int]
) -> tuple[FactTrick, ...]:
    """The tricks played, credited to Napoleon's ``side`` (seats) or the allies."""
    honor_cards = rules.honor_cards
    by_seat = _plays_by_seat(players)
    out = []
    for number, (seats, cards, lead_suit, joker_suit, winner, cls) in enumerate(seated, 1):
        plays = [by_seat[s][c] for s, c in zip(seats, cards)]  # noqa: B905
        if joker_suit is not None:
            plays[0] = FactPlay(plays[0].player, plays[0].card, joker_suit)
        out.append(
            _new(
                FactTrick,
                (
                    number,
                    players[seats[0]],
                    _SUITS[lead_suit],
                    tuple(plays),
                    players[winner],
                    cls,
                    "napoleon" if winner in side else "allies",
                    honors_in(cards, honor_cards),
                ),
            )
        )
    return tuple(out)


__all__ = ["FactGame", "FactPlay", "FactRound", "FactTrick", "trick_facts"]

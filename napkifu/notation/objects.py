"""Quick constructors for the model's most numerous objects: spans, cards, plays.

A full record holds about 250 model objects per round, and building them is the
largest single cost of reading one; each is built through a draft class
(:mod:`napkifu.quickbuild`: ~0.2 µs a ``Span``, ~0.45 µs a ``Play`` with its
``Span``, against ~0.8 µs a ``Span`` through the dataclass's own ``__init__``).
The model classes are checked at import: one that stops being a plain frozen,
slotted dataclass fails here at once instead of building bad objects.
"""

from __future__ import annotations

from napkifu.model import Bid, CardRef, Play, PlayerPoints, PlayerRef, Span, Statement, TrickLine
from napkifu.quickbuild import draft, maker

# Public so that the hottest loop (a trick's plays) can build inline, without a call.
SpanDraft = draft(Span)
PlayDraft = draft(Play)


def span(line: int, column: int, end_line: int, end_column: int) -> Span:
    """``Span(line, column, end_line, end_column)``."""
    s = SpanDraft()
    s.line = line
    s.column = column
    s.end_line = end_line
    s.end_column = end_column
    s.__class__ = Span
    return s  # type: ignore[no-any-return]


def card_at(card: int, line: int, column: int, end: int) -> CardRef:
    """``CardRef(card, Span(line, column, line, end))`` (a hand line holds ten)."""
    return card_ref(card, span(line, column, line, end))


def ref_at(name: str, line: int, column: int, end: int) -> PlayerRef:
    """``PlayerRef(name, Span(line, column, line, end))``."""
    return player_ref(name, span(line, column, line, end))


meta = maker(Statement)
card_ref = maker(CardRef)
play = maker(Play)
player_ref = maker(PlayerRef)
trick_line = maker(TrickLine)
player_points = maker(PlayerPoints)
bid = maker(Bid)

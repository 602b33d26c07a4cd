"""Short constructors for the model's most numerous objects: spans, cards, plays.

A hand line holds ten cards and a trick line five plays, each with its span; these
build one from the token's line and columns, so the grammar's callbacks and the
fast path build them the same way.
"""

from __future__ import annotations

from napkifu.model import Bid, CardRef, Play, PlayerPoints, PlayerRef, Span, Statement, TrickLine


def ref_at(name: str, line: int, column: int, end: int) -> PlayerRef:
    """``PlayerRef(name, Span(line, column, line, end))``, its span made on demand."""
    return PlayerRef(name, (line, column, end))


span = Span  # (line, column, end_line, end_column)
meta = Statement
card_ref = CardRef
play = Play
player_ref = PlayerRef
trick_line = TrickLine
player_points = PlayerPoints
bid = Bid

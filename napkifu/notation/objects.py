"""Short constructors for the model's most numerous objects: spans, cards, plays.

A hand line holds ten cards and a trick line five plays, each with its span; these
build one from the token's line and columns, so the grammar's callbacks and the
fast path build them the same way.

:data:`blank` makes an object of a model class without running its ``__init__``:
the reader's innermost loops (a card of a run, a bid, a score, a trick's leader
and line, a trick's plays when asked for: ~250,000 objects for 4,000 rounds) then
set each of its slots themselves, which is what the dataclass's ``__init__`` does,
without the Python-level call (~40 % of an object's cost). :data:`BLANK_FIELDS`
lists the fields each such loop sets; ``tests/test_notation_blank_objects.py``
holds it to the classes' fields.
"""

from __future__ import annotations

from napkifu.model import Bid, CardRef, Play, PlayerPoints, PlayerRef, Span, Statement, TrickLine

span = Span  # (line, column, end_line, end_column)
meta = Statement
card_ref = CardRef
play = Play
player_ref = PlayerRef
bid = Bid

blank = object.__new__
BLANK_FIELDS = {
    PlayerRef: ("name", "_at"),
    CardRef: ("card", "_at"),
    Play: ("card", "joker_suit", "annotation", "_at"),
    Bid: ("player", "count", "suit", "_at"),
    PlayerPoints: ("player", "points", "_at"),
    TrickLine: ("number", "leader", "plays", "meta", "_number_at", "cards"),
}
"""The classes made by :data:`blank` and the fields their makers set, in order."""

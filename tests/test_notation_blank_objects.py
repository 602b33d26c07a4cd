"""The reader's innermost loops make some model objects without their ``__init__``
(``notation.objects.blank``) and set each slot themselves: they must set every
field, and the objects must be those the constructors make."""

from __future__ import annotations

import dataclasses

from napkifu.model import Bid, CardRef, PlayerPoints, PlayerRef, Span, TrickLine
from napkifu.notation import parse
from napkifu.notation.objects import BLANK_FIELDS

TEXT = """players Kei Mina Sora Rio
round 1
hand Kei ♠A K 9 ♥J8 JK ? ♦2 3 4 ♣5 6
bids Kei:13♠ pass Sora:14♥ Rio:pass Kei:pass Mina:pass
napoleon Sora 14♥
call ♥A
1 Sora: ♥A ♥2 ♥3 ♥4
2 Sora: ♥5 ♥6 ♥7 ♥8
score Kei -1 Mina -1 Sora +2 Rio 0
"""


def test_blank_objects_set_every_field() -> None:
    for cls, names in BLANK_FIELDS.items():
        assert tuple(f.name for f in dataclasses.fields(cls)) == names, cls.__name__


def _objects(text: str) -> list[object]:
    rnd = parse(text)[0].games[0].rounds[0]
    assert rnd.score is not None
    bids = rnd.bids[0].bids
    players = [b.player for b in bids if b.player is not None]
    return [*rnd.hands[0].cards, *bids, *players, *rnd.score.entries, *rnd.tricks[1:]]


def test_blank_objects_are_what_the_constructors_make() -> None:
    from napkifu.notation.values import BID_WORDS, CARD_UNITS, LEADERS, NAMES, POINTS_NAMES

    for table in (BID_WORDS, CARD_UNITS, LEADERS, NAMES, POINTS_NAMES):
        table.clear()  # the first reading: the grammar's terminals (regex), constructors
    first = _objects(TEXT)
    second = _objects(TEXT)  # every spelling known (notation/known.py): blank objects
    assert second == first
    assert [_span(o) for o in second] == [_span(o) for o in first]
    card, entry, line = second[0], second[-2], second[-1]
    assert card == CardRef(12) and card.span == Span(3, 11, 3, 12)
    assert entry == PlayerPoints(PlayerRef("Rio"), 0) and entry.span == Span(9, 34, 9, 35)
    assert isinstance(line, TrickLine)
    assert line == TrickLine(2, PlayerRef("Sora"), line.plays, line.meta)
    assert line.meta.span == Span(8, 1, 8, 20) and line.number_span == Span(8, 1, 8, 2)
    for obj in second:
        assert dataclasses.replace(obj) == obj  # type: ignore[type-var]
    assert isinstance(second[12], Bid)


def _span(obj: object) -> object:
    if isinstance(obj, TrickLine):
        return (obj.meta.span, obj.number_span, obj.leader and obj.leader.span)
    if isinstance(obj, PlayerPoints):
        return (obj.span, obj.player.span)
    return obj.span  # type: ignore[attr-defined]

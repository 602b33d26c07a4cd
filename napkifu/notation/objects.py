"""Quick constructors for the model's most numerous objects: spans, cards, plays.

A full record holds about 250 model objects per round, and a frozen
dataclass's generated ``__init__`` (``object.__setattr__`` per field) is the
largest single cost of reading one. These build the very same objects by
setting their slots directly, about 40% faster. They are valid only while the
classes have exactly these fields and no ``__post_init__``: the check below
fails at import the moment the model changes, instead of building bad objects.
"""

from __future__ import annotations

import dataclasses

from napkifu.cards import Suit
from napkifu.model import CardRef, Play, Span

_EXPECTED = {
    Span: ("line", "column", "end_line", "end_column"),
    CardRef: ("card", "span"),
    Play: ("card", "joker_suit", "annotation", "span"),
}
for _cls, _names in _EXPECTED.items():
    if tuple(f.name for f in dataclasses.fields(_cls)) != _names or hasattr(_cls, "__post_init__"):
        raise RuntimeError(f"napkifu.model.{_cls.__name__} changed: update {__name__}")

_new = object.__new__
_s_line, _s_col, _s_end_line, _s_end_col = (
    Span.__dict__[n].__set__
    for n in _EXPECTED[Span]  # type: ignore[attr-defined]
)
_c_card, _c_span = (CardRef.__dict__[n].__set__ for n in _EXPECTED[CardRef])  # type: ignore[attr-defined]
_p_card, _p_suit, _p_note, _p_span = (
    Play.__dict__[n].__set__
    for n in _EXPECTED[Play]  # type: ignore[attr-defined]
)


def span(line: int, column: int, end_line: int, end_column: int) -> Span:
    """``Span(line, column, end_line, end_column)``."""
    s = _new(Span)
    _s_line(s, line)
    _s_col(s, column)
    _s_end_line(s, end_line)
    _s_end_col(s, end_column)
    return s  # type: ignore[no-any-return]


def card_ref(card: int, where: Span) -> CardRef:
    """``CardRef(card, where)``."""
    c = _new(CardRef)
    _c_card(c, card)
    _c_span(c, where)
    return c  # type: ignore[no-any-return]


def play(card: int, joker_suit: Suit | None, annotation: str | None, where: Span) -> Play:
    """``Play(card, joker_suit, annotation, where)``."""
    p = _new(Play)
    _p_card(p, card)
    _p_suit(p, joker_suit)
    _p_note(p, annotation)
    _p_span(p, where)
    return p  # type: ignore[no-any-return]

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
from collections.abc import Callable
from typing import Any, TypeVar

from napkifu.cards import Suit
from napkifu.model import Bid, CardRef, Play, PlayerPoints, PlayerRef, Span, Statement, TrickLine

T = TypeVar("T")

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


def card_at(card: int, line: int, column: int, end: int) -> CardRef:
    """``CardRef(card, Span(line, column, line, end))`` in one call (hands: ten a line)."""
    s = _new(Span)
    _s_line(s, line)
    _s_col(s, column)
    _s_end_line(s, line)
    _s_end_col(s, end)
    c = _new(CardRef)
    _c_card(c, card)
    _c_span(c, s)
    return c  # type: ignore[no-any-return]


def play_at(
    card: int, joker_suit: Suit | None, annotation: str | None, line: int, column: int, end: int
) -> Play:
    """``Play(card, joker_suit, annotation, Span(line, column, line, end))`` in one call
    (a trick line holds one per player: the most numerous objects of a record)."""
    s = _new(Span)
    _s_line(s, line)
    _s_col(s, column)
    _s_end_line(s, line)
    _s_end_col(s, end)
    p = _new(Play)
    _p_card(p, card)
    _p_suit(p, joker_suit)
    _p_note(p, annotation)
    _p_span(p, s)
    return p  # type: ignore[no-any-return]


def _maker(cls: type[T]) -> Callable[..., T]:
    """A positional constructor for the frozen, slotted dataclass ``cls`` that sets
    its slots directly (all fields, in order, no defaults). Generated rather than
    written out so that it follows the model's fields (same check as above: it is
    built from ``dataclasses.fields`` at import)."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if hasattr(cls, "__post_init__"):
        raise RuntimeError(f"napkifu.model.{cls.__name__} changed: update {__name__}")
    env: dict[str, Any] = {"_new": _new, "_cls": cls}
    env.update({f"_set_{n}": cls.__dict__[n].__set__ for n in names})
    body = "".join(f"    _set_{n}(o, {n})\n" for n in names)
    code = f"def make({', '.join(names)}):\n    o = _new(_cls)\n{body}    return o\n"
    exec(code, env)  # generated from the dataclass fields above
    make: Callable[..., T] = env["make"]
    make.__doc__ = f"``{cls.__name__}(...)`` with every field given, positionally."
    return make


meta = _maker(Statement)
player_ref = _maker(PlayerRef)
trick_line = _maker(TrickLine)
player_points = _maker(PlayerPoints)
bid = _maker(Bid)

"""Quick constructors for the model's most numerous objects: spans, cards, plays.

A full record holds about 250 model objects per round, and building them is the
largest single cost of reading one. A frozen dataclass's generated ``__init__``
sets each field through ``object.__setattr__`` (~0.8 µs for a ``Span``); setting
the slots through their descriptors, as this module first did, still costs
~0.4 µs, because the frozen class's own ``__setattr__`` keeps CPython from
specialising the stores. So each object is built as an instance of a *draft*
class — the same slots, in the same order, on the same base, but mutable, so
that its stores are the fast specialised ones — and then given its model class
by ``__class__`` assignment (~0.2 µs a ``Span``, ~0.45 µs a ``Play`` with its
``Span``). CPython allows that assignment only between classes of identical
layout, and checks it on every assignment; the result is an ordinary instance of
the model class (same type, slots, equality, hash, repr, immutability).

These are valid only while each model class has exactly its dataclass fields as
slots and no ``__post_init__``: :func:`_draft` checks that at import and fails
the moment the model changes, instead of building bad objects.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar

from napkifu.model import Bid, CardRef, Play, PlayerPoints, PlayerRef, Span, Statement, TrickLine

T = TypeVar("T")

_new = object.__new__


@functools.cache
def _draft(cls: type) -> type:
    """A mutable class with the slots of the frozen, slotted dataclass ``cls``, whose
    instances may take ``cls`` as their class once every slot is set."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if (
        cls.__dict__.get("__slots__") != names
        or cls.__bases__ != (object,)
        or hasattr(cls, "__post_init__")
    ):
        raise RuntimeError(f"napkifu.model.{cls.__name__} changed: update {__name__}")
    draft = type(f"{cls.__name__}Draft", (), {"__slots__": names, "__module__": __name__})
    probe = _new(draft)
    for name in names:
        setattr(probe, name, None)
    probe.__class__ = cls  # raises TypeError at import if the layouts ever differ
    return draft


# Public so that the hottest loop (a trick's plays) can build inline, without a call.
SpanDraft = _draft(Span)
PlayDraft = _draft(Play)


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


def maker(cls: type[T]) -> Callable[..., T]:
    """A positional constructor for the frozen, slotted dataclass ``cls`` (all fields,
    in order, no defaults), built through its draft class. Generated rather than
    written out so that it follows the model's fields (checked by :func:`_draft`)."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    env: dict[str, Any] = {"_cls": cls, "_draft": _draft(cls)}
    body = "".join(f"    o.{n} = {n}\n" for n in names)
    code = f"def make({', '.join(names)}):\n    o = _draft()\n{body}    o.__class__ = _cls\n    return o\n"
    exec(code, env)  # generated from the dataclass fields above
    make: Callable[..., T] = env["make"]
    make.__doc__ = f"``{cls.__name__}(...)`` with every field given, positionally."
    return make


meta = maker(Statement)
card_ref = maker(CardRef)
play = maker(Play)
player_ref = maker(PlayerRef)
trick_line = maker(TrickLine)
player_points = maker(PlayerPoints)
bid = maker(Bid)

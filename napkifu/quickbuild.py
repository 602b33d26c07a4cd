"""Quick constructors for frozen, slotted dataclasses built by the hundred per round.

A frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__`` (~0.8 µs for a ``Span``, ~3 µs for a judged trick);
setting the slots through their descriptors still costs ~0.4 µs a ``Span``,
because the frozen class's own ``__setattr__`` keeps CPython from specialising
the stores. So each object is built as an instance of a *draft* class — the same
slots, in the same order, on the same base, but mutable, so that its stores are
the fast specialised ones — and then given its real class by ``__class__``
assignment (~0.2 µs a ``Span``, ~0.4 µs a judged trick). CPython allows that
assignment only between classes of identical layout, and checks it on every
assignment; the result is an ordinary instance of the real class (same type,
slots, equality, hash, repr, immutability).

This is valid only while the class has exactly its dataclass fields as slots, no
base class and no ``__post_init__``: :func:`draft` checks that when it is first
asked (at import of the modules that use it) and fails the moment a class
changes, instead of building bad objects. The reader's model objects
(:mod:`napkifu.notation.objects`) and the engine's judged tricks
(:mod:`napkifu.replay.trick_results`) are built this way.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__


@functools.cache
def draft(cls: type) -> type:
    """A mutable class with the slots of the frozen, slotted dataclass ``cls``, whose
    instances may take ``cls`` as their class once every slot is set."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if (
        cls.__dict__.get("__slots__") != names
        or cls.__bases__ != (object,)
        or hasattr(cls, "__post_init__")
    ):
        raise RuntimeError(f"{cls.__qualname__} is not a plain frozen, slotted dataclass")
    mutable = type(f"{cls.__name__}Draft", (), {"__slots__": names, "__module__": cls.__module__})
    probe = _new(mutable)
    for name in names:
        setattr(probe, name, None)
    probe.__class__ = cls  # raises TypeError at import if the layouts ever differ
    return mutable


def maker(cls: type[T]) -> Callable[..., T]:
    """A positional constructor for the frozen, slotted dataclass ``cls`` (all fields,
    in order, no defaults), built through its draft class. Generated rather than
    written out so that it follows the class's fields (checked by :func:`draft`)."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    env: dict[str, Any] = {"_cls": cls, "_draft": draft(cls)}
    body = "".join(f"    o.{n} = {n}\n" for n in names)
    code = f"def make({', '.join(names)}):\n    o = _draft()\n{body}    o.__class__ = _cls\n    return o\n"
    exec(code, env)  # generated from the dataclass fields above
    make: Callable[..., T] = env["make"]
    make.__doc__ = f"``{cls.__name__}(...)`` with every field given, positionally."
    return make

"""Where things stand in the source: the :class:`Span` every diagnostic points with,
and the plain-int :data:`Where` the reader keeps instead until a span is asked for.

Apart from the record model (``model.py``) because every layer uses positions — the
reader, the model, the judge's diagnostics — and a position needs nothing of a record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True, unsafe_hash=True)
class Span:
    """A source range: 1-based line and column; ``end_column`` is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def point(line: int, column: int = 1) -> Span:
        """One character's span: where a diagnostic points when it has no token."""
        return Span(line, column, line, column + 1)


NO_SPAN = Span(0, 0, 0, 0)

Where = tuple[int, int, int]
"""Where a token or a line stands: (line, column, end column), plain ints. The
reader gives the most numerous objects this instead of a :class:`Span`, built the
first time it is asked for: for most, never (a diagnostic, the writer, the views)."""


def span_field() -> Any:  # (a Span field, or a Placed one: Span | Where)
    """A dataclass field for a span: :data:`NO_SPAN` by default, and left out of
    equality and ``repr``, so that a record equals its re-read copy wherever it stood."""
    return field(default=NO_SPAN, compare=False, repr=False)


class Placed:
    """A model object whose source span is made on demand from ``_at`` (a
    :class:`Span`, or a :data:`Where` until the span is first asked for). Its
    dataclass field ``_at`` is the constructor's last positional argument, so
    ``Play(card, None, None, span)`` still builds one with a given span."""

    __slots__ = ()
    _at: Span | Where

    @property
    def span(self) -> Span:
        at = self._at
        if isinstance(at, tuple):
            at = as_span(at)
            object.__setattr__(self, "_at", at)  # (the slot is the subclass's)
        return at


def as_span(at: Span | Where) -> Span:
    """The span of a position kept as plain ints (a span is returned as it is)."""
    if isinstance(at, tuple):
        line = at[0]
        return Span(line, at[1], line, at[2])
    return at

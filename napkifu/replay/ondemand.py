"""Parts of a judgement built when first read, not when judged.

``napkifu check`` wants only the diagnostics, which come from counting; the judged
tricks (a :class:`JudgedTrick` and a :class:`JudgedPlay` per card) are wanted by
the replay view, the tables and the dashboard, and each player's holding and
legal cards at every turn by the replay view alone. Building them for every record
checked was most of judging time (benchmarks/profile-judge.md), so
:attr:`JudgedRound.tricks` is an :class:`OnDemandTuple`,
:attr:`JudgedTrick.holdings_before` a :class:`HoldingsBefore` and
:attr:`JudgedTrick.legal` a :class:`LegalAtTurn`: the same values, read the same
way, built on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

from napkifu.cards import Card
from napkifu.replay.following import legal_cards
from napkifu.rules.build import Rules

T = TypeVar("T")


class OnDemandTuple(Sequence[T], Generic[T]):
    """A tuple whose items are built by ``build`` when first read (all at once).

    Reads like the tuple it stands for: index, slice, iterate, ``len`` and truth
    (without building), ``==`` with a tuple, ``+``; pickles as the tuple."""

    __slots__ = ("_build", "_items", "_len")

    def __init__(self, build: Callable[[], tuple[T, ...]], length: int) -> None:
        self._build: Callable[[], tuple[T, ...]] | None = build
        self._items: tuple[T, ...] | None = None
        self._len = length

    def _get(self) -> tuple[T, ...]:
        items = self._items
        if items is None:
            assert self._build is not None
            items = self._items = self._build()
            self._build = None  # let what it closed over go
        return items

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...
    def __getitem__(self, i: Any) -> Any:
        return self._get()[i]

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __iter__(self) -> Iterator[T]:
        return iter(self._get())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OnDemandTuple):
            other = other._get()
        return self._get() == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._get())

    def __add__(self, other: tuple[T, ...]) -> tuple[T, ...]:
        return self._get() + tuple(other)

    def __radd__(self, other: tuple[T, ...]) -> tuple[T, ...]:
        return tuple(other) + self._get()

    def __repr__(self) -> str:
        return repr(self._get())

    def __reduce__(self) -> tuple[type, tuple[tuple[T, ...]]]:
        return (tuple, (self._get(),))


class HoldingsBefore(Mapping[str, tuple[Card, ...]]):
    """``{player: holding}`` before trick ``k`` of a round, the round's holdings
    (``per_trick``, one dict per trick) replayed for all its tricks when one of them
    is first read: the tables never read them. Compares equal to the plain dict and
    pickles as one."""

    __slots__ = ("_k", "_per_trick")

    def __init__(self, per_trick: Sequence[dict[str, tuple[Card, ...]]], k: int) -> None:
        self._per_trick = per_trick
        self._k = k

    def _get(self) -> dict[str, tuple[Card, ...]]:
        return self._per_trick[self._k]

    def __getitem__(self, name: str) -> tuple[Card, ...]:
        return self._get()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, name: object) -> bool:
        return name in self._get()

    def __repr__(self) -> str:
        return repr(self._get())

    def __reduce__(self) -> tuple[type, tuple[dict[str, tuple[Card, ...]]]]:
        return (dict, (dict(self._get()),))


class LegalAtTurn(Mapping[str, tuple[Card, ...]]):
    """``{player: legal cards}`` for one trick, players in playing order.

    A player's holding at their turn is their holding before the trick (only their
    own card leaves it), so the trick's ``holdings_before`` and the cards played
    before them are all it takes. Compares equal to the plain dict of its items and
    pickles as one."""

    __slots__ = (
        "_before",
        "_cards",
        "_got",
        "_lead_suit",
        "_names",
        "_opening",
        "_rules",
        "_trump",
    )

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        cards: Sequence[Card],
        lead_suit: int | None,
        trump: int | None,
        opening: bool,
        before: Mapping[str, tuple[Card, ...]],
    ) -> None:
        self._rules = rules
        self._names = tuple(names)
        self._cards = cards
        self._lead_suit = lead_suit
        self._trump = trump
        self._opening = opening  # the leader's turn is Napoleon's opening lead of trick 1
        self._before = before
        self._got: dict[str, tuple[Card, ...]] = {}

    def __getitem__(self, name: str) -> tuple[Card, ...]:
        got = self._got.get(name)
        if got is None:
            try:
                i = self._names.index(name)
            except ValueError:
                raise KeyError(name) from None
            got = self._got[name] = legal_cards(
                self._rules,
                self._before[name],
                self._cards[:i],
                self._lead_suit,
                self._trump,
                self._opening and i == 0,
            )
        return got

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self) -> tuple[type, tuple[dict[str, tuple[Card, ...]]]]:
        return (dict, (dict(self.items()),))

"""The bridge to the Rust solver (``napkifu_solver``): resolved rules in, values out.

The solver takes the engine's resolved rules as data — the ladder's classes in
order, every option's value as a record writes it, the trump and the honor cards —
never a preset name, so a rule is implemented once here and once in the engine and
the parity tests hold the two together. A rule the solver cannot play makes it
refuse (:class:`Unsolvable`, naming the option), never solve under other rules.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from napkifu.cards import JOKER, Card
from napkifu.rules.build import Rules

try:  # built from solver/ by scripts/setup.sh
    import napkifu_solver
except ImportError:  # pragma: no cover - a broken install
    napkifu_solver = None  # type: ignore[assignment]


class Unsolvable(ValueError):
    """A round the solver cannot judge: a rule it does not model, or no engine."""


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """The solver's version and a hash of its compiled module: part of the result
    cache's key (a rebuilt solver never serves results of the one before)."""
    if napkifu_solver is None:
        return "none"
    h = hashlib.sha256(napkifu_solver.__version__.encode())
    path = getattr(getattr(napkifu_solver, "napkifu_solver", None), "__file__", None)
    if path is not None:
        with contextlib.suppress(OSError), open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                h.update(chunk)
    return f"{napkifu_solver.__version__}-{h.hexdigest()[:16]}"


def available() -> bool:
    """Whether the analysis engine is installed (``scripts/setup.sh`` builds it)."""
    return napkifu_solver is not None


def solver_for(
    rules: Rules, trump: int | None, table_cap: int | None = None, pruning: bool = True
) -> napkifu_solver.Solver:
    """A solver for rounds of ``rules`` with ``trump`` (None: no-trump); ``pruning``
    off is plain alpha-beta, the tests' reference for the table and the bounds;
    ``table_cap`` (entries) None: the engine's default (``tt::DEFAULT_CAP``)."""
    if napkifu_solver is None:
        raise Unsolvable("the analysis engine is not installed (run scripts/setup.sh)")
    options = {k: v for k, v in rules.settings}
    try:
        return napkifu_solver.Solver(
            list(rules.ladder),
            options,
            trump,
            rules.players,
            rules.tricks,
            sorted(rules.honor_cards),
            pruning=pruning,
            **({} if table_cap is None else {"table_cap": table_cap}),
        )
    except ValueError as e:
        raise Unsolvable(str(e)) from None


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of a round: each seat's cards, the trick so far, its leader and the
    direction of play, Napoleon's side and the honors she has taken."""

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    named: int | None  # the suit a led joker named (joker-lead suit)
    leader: int
    step: int  # +1 / -1: the direction of play
    napoleon_side: tuple[int, ...]
    taken: int  # honors Napoleon's side has won in finished tricks
    widow_honors: int  # honors among the discards
    first_trick_napoleon: bool | None  # None until trick 1 is finished

    @property
    def seat(self) -> int:
        """The seat to play next."""
        return (self.leader + self.step * len(self.trick)) % len(self.hands)

    def args(self) -> napkifu_solver.PositionArgs:
        """The position as the Rust solver takes it: one tuple, every method alike."""
        return (
            [list(h) for h in self.hands],
            list(self.trick),
            self.named,
            self.leader,
            self.step,
            list(self.napoleon_side),
            self.taken,
            self.widow_honors,
            self.first_trick_napoleon,
        )


Value = tuple[Card, int | None, int]
"""A legal card, the suit it names (a led joker under ``joker-lead suit``), and the
honors Napoleon's side ends with after it under best play."""


def solve(
    solver: napkifu_solver.Solver,
    pos: Position,
    guess: int | None = None,
    lower: int | None = None,
    upper: int | None = None,
) -> int:
    """The honors Napoleon's side ends with from ``pos`` under best play (``guess``:
    a value near it, such as the value before the last card, saves probes;
    ``lower``/``upper``: bounds known to hold, which save the probe confirming them)."""
    return solver.solve(pos.args(), guess=guess, lower=lower, upper=upper)


def best_move(solver: napkifu_solver.Solver, pos: Position, value: int) -> tuple[Card, int | None]:
    """A legal card (and the suit it names) that keeps ``pos``'s value ``value``."""
    got = solver.best_move(pos.args(), value=value)
    if got is None:
        raise Unsolvable(f"no card keeps the value {value}")
    return got


def values(solver: napkifu_solver.Solver, pos: Position) -> list[Value]:
    """Every legal card of the player to move and its value."""
    return solver.values(pos.args())


def without(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card`` (two jokers are one card twice)."""
    out = list(hand)
    out.remove(card if card < JOKER else JOKER)
    return tuple(out)

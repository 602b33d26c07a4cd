"""What the ladder says of a finished trick (a value of its own, so that the
engine and the simulator can hold it without the ladder's tables)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """Who won a trick: ``winner`` is an index into the played cards."""

    winner: int
    ladder_class: str | None
    classes: tuple[str | None, ...]
    same_two: bool

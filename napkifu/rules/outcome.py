"""What the ladder says of a finished trick.

Apart from :mod:`napkifu.rules.ladder` because the ladder is compiled
(:mod:`napkifu.compiled`) and this class is not: a trick's outcome is built once
per trick through :func:`napkifu.quickbuild.maker`, which needs a plain frozen,
slotted dataclass, and a class compiled by mypyc is not one.
"""

from __future__ import annotations

from dataclasses import dataclass

from napkifu.quickbuild import maker


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """Who won a trick: ``winner`` is an index into the played cards."""

    winner: int
    ladder_class: str | None
    classes: tuple[str | None, ...]
    same_two: bool


make_outcome = maker(TrickOutcome)  # one per trick: built through a draft class

"""One slip, one error, in records as people write them (issue 27): every slip kind
of tests/slips.py planted in the shared corpus and the valid shared examples, and
every error diagnostic must be on the slipped line.

A trick written out of order is the one slip the record may not pin down: when a
re-reading of another trick (or another single slip — a leader's name, a real
revoke, the result) explains the round as well, napkifu keeps the verdict as
written rather than guess. The test accepts that only after checking, through the
public API, that the round really is ambiguous."""

from __future__ import annotations

import random
import zlib
from functools import lru_cache
from pathlib import Path

import pytest
from corpus import EXAMPLES
from slips import MORE_SLIPS

from napkifu.api import loads
from napkifu.replay import reread
from napkifu.replay.reread import orders

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "varied"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/corpus/varied")

REORDERS = frozenset(("seat-order", "cards-swapped"))
ONE_OTHER_SLIP = frozenset(("NAP501", "NAP504", "NAP505", "NAP506", "NAP601"))
"""A single error of these codes is itself one slip, one error: a leader's name, a
revoke, a result line (what a trick out of order may look exactly like)."""
REVOKES = frozenset(("NAP504", "NAP505", "NAP506"))
"""Revokes alone may be real (one revoke is "proven" again at each trick its player
could not follow): napkifu judges such a round as written, never re-reading a trick
so that a revoke disappears."""


def _records() -> list[Path]:
    found = sorted(CORPUS.glob("*/*.nap"))[::40] if CORPUS.is_dir() else []
    for preset in ("standard", "webgame", "bga", "classic"):
        found += sorted((EXAMPLES / preset).glob("*.nap"))
    return found


RECORDS = _records()


@lru_cache(maxsize=8)
def _text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    assert not loads(text).has_errors, path
    return text


def _round_of(lines: list[str], at: int) -> range:
    """The 0-based lines of the round holding line ``at``."""
    start = max(i for i in range(at + 1) if lines[i].strip().startswith("round "))
    later = [i for i in range(at + 1, len(lines)) if lines[i].strip().startswith("round ")]
    return range(start, later[0] if later else len(lines))


def _another_trick_explains(slipped: str, at: int) -> bool:
    """Whether re-reading another trick line of the same round (rotation, reversal
    or a swap of its cards) leaves that round without errors: then the slip's line
    cannot be told from that one. (The record is cut after the round: what follows
    cannot change its verdict; each reading is judged as written, without the
    engine's own re-reading.)"""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reread, "BUDGET", 0)
        return _explained(slipped, at)


def _explained(slipped: str, at: int) -> bool:
    lines = slipped.split("\n")
    rnd = _round_of(lines, at)
    head_lines = lines[: rnd.stop]
    for i in rnd:
        words = lines[i].split("#")[0].split()
        if i == at or not words or not words[0].isdigit():
            continue
        head = 2 if words[1].endswith(":") else 1
        cards = words[head:]
        for order in orders(len(cards)):
            again = " ".join(words[:head] + [cards[j] for j in order])
            judged = loads("\n".join([*head_lines[:i], again, *head_lines[i + 1 :]]))
            if not any(d.is_error and d.span.line - 1 in rnd for d in judged.diagnostics):
                return True
    return False


@pytest.mark.skipif(not RECORDS, reason="the shared corpus and examples are not here")
@pytest.mark.parametrize("slip", sorted(MORE_SLIPS))
def test_every_error_is_on_the_slipped_line(slip: str) -> None:
    wrong = []
    for path in RECORDS:
        text = _text(path)
        rng = random.Random(zlib.crc32(f"{path.name}/{slip}".encode()))
        planted = MORE_SLIPS[slip](text, rng)
        if planted is None:
            continue
        slipped, line = planted
        errors = [d for d in loads(slipped).diagnostics if d.is_error]
        off = [d for d in errors if d.span.line != line]
        if not off:
            continue
        if slip in REORDERS and (
            (len(errors) == 1 and errors[0].code in ONE_OTHER_SLIP)
            or all(d.code in REVOKES for d in errors)
            or _another_trick_explains(slipped, line - 1)
        ):
            continue
        where = [f"{d.span.line}: {d.code} {d.message}" for d in errors]
        wrong.append(
            f"{path.name}:{line}: " + slipped.split("\n")[line - 1] + "\n  " + "\n  ".join(where)
        )
    assert wrong == []

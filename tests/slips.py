"""The slips real scorers make, planted one at a time in a clean record: each returns
the changed text and the 1-based line it changed, or None when the record has no
place for it (the property test in tests/test_slips.py)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Slip = Callable[[str, random.Random], tuple[str, int] | None]

_TRICK = re.compile(r"^(\s*)(\d+)(\s+)(?:(\S+):\s+)?(.*)$")
_CARD = re.compile(r"^(♠|♥|♦|♣)(A|K|Q|J|10|[2-9])$")


def _lines_where(text: str, test: Callable[[str], bool]) -> list[int]:
    return [i for i, line in enumerate(text.split("\n")) if test(line)]


def _replace_line(text: str, i: int, new: str) -> tuple[str, int]:
    lines = text.split("\n")
    lines[i] = new
    return "\n".join(lines), i + 1


def _is_trick(line: str) -> bool:
    return bool(re.match(r"^\s*\d+\s", line))


def mistyped_card(text: str, rng: random.Random) -> tuple[str, int] | None:
    """``♣K`` written ``♣L``: the trick line cannot be read."""
    tricks = _lines_where(text, _is_trick)
    if not tricks:
        return None
    i = rng.choice(tricks)
    words = text.split("\n")[i].split(" ")
    at = [k for k, w in enumerate(words) if _CARD.match(w)]
    if not at:
        return None
    k = rng.choice(at)
    words[k] = words[k][0] + "L"
    return _replace_line(text, i, " ".join(words))


def card_left_out(text: str, rng: random.Random) -> tuple[str, int] | None:
    """One card of a trick not written."""
    tricks = _lines_where(text, _is_trick)
    if not tricks:
        return None
    i = rng.choice(tricks)
    words = text.split("\n")[i].split(" ")
    at = [k for k, w in enumerate(words) if _CARD.match(w) or w == "JK" or w.startswith("JK>")]
    if len(at) < 2:
        return None
    del words[rng.choice(at)]
    return _replace_line(text, i, " ".join(words))


def misspelt_leader(text: str, rng: random.Random) -> tuple[str, int] | None:
    """A trick's leader written with a letter too many."""
    tricks = _lines_where(text, lambda s: bool(re.match(r"^\s*\d+\s+\S+:\s", s)))
    if not tricks:
        return None
    i = rng.choice(tricks)
    line = text.split("\n")[i]
    return _replace_line(text, i, re.sub(r"^(\s*\d+\s+)(\S+):", r"\1\2x:", line, count=1))


def _off_by_one(keyword: str) -> Slip:
    def slip(text: str, rng: random.Random) -> tuple[str, int] | None:
        found = _lines_where(text, lambda s: s.strip().startswith(keyword + " "))
        if not found:
            return None
        i = rng.choice(found)
        words = text.split("\n")[i].split(" ")
        at = [k for k, w in enumerate(words) if re.fullmatch(r"[+-]?\d+", w)]
        k = rng.choice(at)
        words[k] = f"{int(words[k]) + rng.choice((1, -1)):+d}"
        return _replace_line(text, i, " ".join(words))

    slip.__name__ = f"{keyword}_off_by_one"
    return slip


SLIPS: dict[str, Slip] = {
    "mistyped-card": mistyped_card,
    "card-left-out": card_left_out,
    "misspelt-leader": misspelt_leader,
    "score-off-by-one": _off_by_one("score"),
    "total-off-by-one": _off_by_one("total"),
}

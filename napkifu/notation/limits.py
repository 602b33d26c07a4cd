"""Lines no record needs, refused before they are parsed.

A record's numbers are round numbers, trick counts, bids and scores: a few digits.
A number of more than 4,300 digits made Python's ``int`` raise (an internal error
for the whole file, a traceback in ``fmt`` and ``replay``), and a single line of
megabytes made the parser hold gigabytes. Such a line gets one diagnostic here
and is read no further, like any line the grammar rejects.
"""

from __future__ import annotations

import re

from napkifu.diagnostics import Diagnostic
from napkifu.model import Span

MAX_DIGITS = 50
"""Digits of the longest number read (no count or score comes near it)."""
MAX_LINE = 200_000
"""Characters of the longest line read (a full trick line is under 100; parsing
costs a few hundred bytes a character, so this bounds one line to ~75 MB)."""

_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
long_number = _LONG_NUMBER.search
"""A number too long to be one in a line (None: none): the cheap test before
:func:`over_limits`, which every line passes."""
_CARD_LINES = frozenset({"bids", "napoleon", "call", "discard", "widow", "hand"})


def over_limits(
    line: str, line_no: int, file: str, game: int | None, rnd: int | None
) -> Diagnostic | None:
    """NAP101 for a line too long to read, NAP102/NAP104 for a number too long to
    be one (NAP102 on the lines of cards and bids, NAP104 on the others); None for
    an ordinary line."""
    if len(line) > MAX_LINE:
        return Diagnostic(
            "NAP101",
            f"this line is {len(line):,} characters long; no statement is longer than "
            f"{MAX_LINE:,}: it is not read",
            Span(line_no, 1, line_no, 2),
            file,
            game,
            rnd,
            message_ja=f"この行は {len(line):,} 文字あります。{MAX_LINE:,} 文字を超える文は"
            "ないため読み込みません",
        )
    match = _LONG_NUMBER.search(line)
    if match is None:
        return None
    first = line.split(None, 1)[0]
    code = "NAP102" if first in _CARD_LINES or first.isdigit() else "NAP104"
    digits = len(match.group())
    return Diagnostic(
        code,
        f"a number of {digits:,} digits is no count, bid or score (at most {MAX_DIGITS})",
        Span(line_no, match.start() + 1, line_no, min(match.end(), match.start() + 40) + 1),
        file,
        game,
        rnd,
        message_ja=f"{digits:,} 桁の数は枚数・ビッド・点数として読めません（{MAX_DIGITS} 桁まで）",
    )

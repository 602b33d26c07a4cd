"""The express lane of ``napkifu check``: a clean record proved clean without its model.

Most records a club or a server keeps are right, and for a right record ``check``
has nothing to say but how many games and rounds it read. Building the record
model, with a span for every card so that a problem could be pointed at, is most
of what the ordinary path costs; the express lane skips it. It walks the lines,
lets the ordinary reader and engine judge each game's few header lines, and proves
each round clean with :func:`napkifu.express.round.judge_round`. The moment it
meets anything it does not cover or anything wrong, it gives up and the ordinary
path reads the whole file and reports every problem, exactly as without the lane.

So the lane changes how fast ``check`` answers, never what it answers: a file it
calls clean is one the ordinary path finds nothing wrong with (the tests hold the
two paths to that on every record and on thousands of mutated ones).

The season tables need more than a verdict; :func:`clean_games` also hands over
each clean game's facts (:mod:`napkifu.express.facts`) as soon as the game is
proved clean, and :func:`napkifu.analysis.rows.express_rows` makes the tables of
a clean record from them, by the same code as from a judged one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from napkifu.express.facts import FactGame
from napkifu.express.table import NotClean
from napkifu.express.walk import walk


def clean_counts(lines: Iterable[str]) -> tuple[int, int] | None:
    """(games, rounds) of a record given as its lines (no line ends, BOM dropped) when
    it is provably clean; None when the ordinary path must judge it."""
    try:
        return walk(lines, None)
    except NotClean:
        return None
    except Exception:  # a shortcut only: any surprise is the ordinary path's to judge
        return None


def clean_games(lines: Iterable[str], take: Callable[[FactGame], None]) -> bool:
    """Whether a record given as its lines is provably clean, handing ``take`` each of
    its games with rounds, as facts (:mod:`napkifu.express.facts`), as soon as the
    game is proved clean: a caller that keeps only what it makes of them holds one
    game's facts at a time. On False, what ``take`` was given must be dropped:
    the ordinary path judges the whole record."""
    try:
        walk(lines, take)
    except NotClean:
        return False
    except Exception:  # a shortcut only: any surprise is the ordinary path's to judge
        return False
    return True


def lane_lines(data: bytes, file: str, encoding: str | None) -> tuple[str | None, list[str] | None]:
    """The text of ``data`` and its lines as the lane reads them; no lines when
    decoding it has anything to say (the ordinary path's to report), and no text
    either when it cannot be decoded at all."""
    from napkifu.notation import decode
    from napkifu.notation.reader import normalise

    text, problems = decode(data, file=file, encoding=encoding)
    if text is None or problems:
        return text, None
    return text, normalise(text).split("\n")


__all__ = ["FactGame", "clean_counts", "clean_games", "lane_lines"]

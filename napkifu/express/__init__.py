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
"""

from __future__ import annotations

from collections.abc import Iterable

from napkifu.express.header import open_game
from napkifu.express.round import judge_round
from napkifu.express.table import Line, NotClean, Table
from napkifu.notation.structure import HEADERS

_ROUND_LINES = frozenset(
    ("dealer", "hand", "widow", "bids", "napoleon", "call", "adjutant", "discard", "claim",
     "result", "score", "total")
)


def clean_counts(lines: Iterable[str]) -> tuple[int, int] | None:
    """(games, rounds) of a record given as its lines (no line ends, BOM dropped) when
    it is provably clean; None when the ordinary path must judge it."""
    try:
        return _walk(lines)
    except NotClean:
        return None
    except Exception:  # a shortcut only: any surprise is the ordinary path's to judge
        return None


def _walk(lines: Iterable[str]) -> tuple[int, int]:
    games = rounds = 0
    implicit = False  # statements before any `game` line: the file is one game
    header: list[str] = []
    table: Table | None = None
    rnd: list[Line] = []

    def close_game() -> None:
        if rnd:
            judge_round(table, rnd)  # type: ignore[arg-type]
        elif table is None and header:
            open_game(header)  # a game without rounds

    for line in lines:
        stripped = line.lstrip()
        if not stripped or stripped[0] == "#":
            continue
        if stripped[0].isdigit():
            if not rnd:
                raise NotClean
            rnd.append(("trick", line))
            continue
        head = stripped.split(None, 1)[0]
        if head == "round":
            if rnd:
                judge_round(table, rnd)  # type: ignore[arg-type]
            elif table is None:
                if not games:
                    games, implicit = 1, True
                table = open_game(header)
            rnd = [(head, line)]
            rounds += 1
        elif head in _ROUND_LINES:
            if not rnd:
                raise NotClean
            rnd.append((head, line))
        elif head == "game":
            if implicit:
                raise NotClean
            close_game()
            table, header, rnd = None, [line], []
            games += 1
        elif head in HEADERS and table is None:
            if not games:
                games, implicit = 1, True
            header.append(line)
        else:
            raise NotClean  # a header after a round, or a line the lane does not read
    if not games:
        raise NotClean
    close_game()
    return games, rounds


__all__ = ["clean_counts"]

"""The express lane's walk through a record: its lines sorted into games, their
header lines and their rounds, each round handed to :func:`judge_round` as soon as
its last line is read, so a file of any size is walked in one pass.

Kept out of the package's ``__init__`` so that it can be compiled (a compiled
package ``__init__`` would not find the package's other modules: see
:mod:`napkifu.compiled`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from napkifu.express.facts import FactGame
from napkifu.express.header import open_game
from napkifu.express.round import judge_round
from napkifu.express.table import Line, NotClean, Table
from napkifu.notation.structure import HEADERS

_ROUND_LINES = frozenset(
    (
        "dealer",
        "hand",
        "widow",
        "bids",
        "napoleon",
        "call",
        "adjutant",
        "discard",
        "claim",
        "result",
        "score",
        "total",
    )
)


def walk(lines: Iterable[str], take: Callable[[FactGame], None] | None) -> tuple[int, int]:
    """(games, rounds) of the record given as its lines, each round proved clean and
    each game's facts handed to ``take`` (if any) once its last round is; raises
    :class:`~napkifu.express.table.NotClean` at the first thing the lane does not
    prove."""
    games = rounds = 0
    implicit = False  # statements before any `game` line: the file is one game
    header: list[str] = []
    table: Table | None = None
    rnd: list[Line] = []
    at = 0  # the line of the round being read

    for number, line in enumerate(lines, start=1):
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
                judge_round(table, rnd, at)  # type: ignore[arg-type]
            elif table is None:
                if not games:
                    games, implicit = 1, True
                table = open_game(header)
                if take is not None:
                    table.facts = FactGame(
                        games, table.title, table.date, table.rules.preset, table.players
                    )
            rnd, at = [(head, line)], number
            rounds += 1
        elif head in _ROUND_LINES:
            if not rnd:
                raise NotClean
            rnd.append((head, line))
        elif head == "game":
            if implicit:
                raise NotClean
            _close_game(table, header, rnd, at, take)
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
    _close_game(table, header, rnd, at, take)
    return games, rounds


def _close_game(
    table: Table | None,
    header: list[str],
    rnd: list[Line],
    at: int,
    take: Callable[[FactGame], None] | None,
) -> None:
    """Judge a game's last round (its ``round`` line on line ``at``) and hand the
    game's facts to ``take``; a game without rounds only has its header read.
    (A function of its own, not a closure: compiled, a closure and the frame it
    shares would make a reference cycle holding the game's facts.)"""
    if rnd:
        judge_round(table, rnd, at)  # type: ignore[arg-type]
        if take is not None:
            take(table.facts)  # type: ignore[union-attr, arg-type]
    elif table is None and header:
        open_game(header)

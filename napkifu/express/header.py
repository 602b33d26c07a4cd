"""A game's header in the express lane: its seats and rules, as the ordinary path
judges them.

The header's few lines are read and judged by the ordinary reader and engine, so
the lane never second-guesses a preset, an option or a players line; any
diagnostic there ends the lane. A season repeats the same header with another
title and the players in another seating order, and nothing in a header's
judgement depends on either: the judgement is remembered under the other lines and
the set of names (with the date it carries), and only the title is read for each
game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from lark import Lark

from napkifu.express.table import NotClean, Table
from napkifu.express.words import Words
from napkifu.notation.fastpath import FastPath
from napkifu.notation.values import player_name, unquote
from napkifu.rules.build import Rules

_JUDGED: dict[tuple[object, ...], tuple[Rules, str | None]] = {}
_GAP = " \t\f"


@lru_cache(maxsize=1)
def _reader() -> tuple[Words, FastPath, Lark]:
    from napkifu.notation.reader import parser

    lark, _builder, fast = parser()
    return Words(fast), fast, lark


def open_game(header: list[str]) -> Table:
    """The :class:`Table` of a game whose header lines (its ``game`` line, if any,
    first) are ``header``."""
    words, fast, _lark = _reader()
    titled = bool(header) and header[0].lstrip(_GAP).startswith("game")
    title = _title(header[0]) if titled else None
    rest = header[1:] if titled else header
    key: tuple[object, ...] | None = None
    names: list[str] = []
    at = [i for i, line in enumerate(rest) if line.lstrip(_GAP).startswith("players")]
    seating = words.split(rest[at[0]]) if len(at) == 1 else None
    if seating is not None and seating[0] == "players":
        names = seating[1:]
        others = tuple(line for i, line in enumerate(rest) if i != at[0])
        key = (others, at[0], tuple(sorted(names)))
    judged = _JUDGED.get(key) if key is not None else None
    if judged is None:
        players, rules, date = _judged(header)
        seated = tuple(player_name(w) for w in names)
        if key is not None and players == seated and len(_JUDGED) < 256:
            _JUDGED[key] = (rules, date)
    else:
        (rules, date), players = judged, tuple(player_name(w) for w in names)
    return Table(players, rules, fast, words, title=title, date=date)


def _title(line: str) -> str | None:
    """The title of a line that reads as a ``game`` line (else NotClean): ``game``
    or ``game "title"`` at once, anything else (a comment, say) through the
    ordinary parser."""
    _words, fast, lark = _reader()
    text = line.strip(_GAP)
    if text == "game":
        return None
    title = text[4:].lstrip(_GAP)
    if title[:1] == '"' and fast.terminal("STRING").fullmatch(title):
        return unquote(title)
    from lark.exceptions import UnexpectedInput

    try:
        read: Any = lark.parse(line, start="one_line")  # (the transformer's tuple)
    except UnexpectedInput:
        raise NotClean from None
    if read[0] != "game":
        raise NotClean
    return read[2]  # type: ignore[no-any-return]


def _judged(header: list[str]) -> tuple[tuple[str, ...], Rules, str | None]:
    from napkifu.notation.reader import parse
    from napkifu.replay import judge

    record, problems = parse("\n".join(header))
    if problems or len(record.games) != 1:
        raise NotClean
    judged, problems = judge(record)
    if problems:
        raise NotClean
    return judged[0].players, cast(Rules, judged[0].rules), judged[0].date

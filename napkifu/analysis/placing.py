"""Which round, game or file each error of a file belongs to: a round with an
error is left out of the season, so every error must be pinned to what it breaks.
"""

from __future__ import annotations

from napkifu.diagnostics import Diagnostic
from napkifu.replay.results import Judgement

KEEPS_ROUND = frozenset({"NAP603"})
"""Errors that never leave a round out of the season: a wrong ``total`` is a slip of
the sheet, and the tables add up the rounds' own scores, never the written totals."""


class ErrorMap:
    """Every error of a file, pinned to the round (or game, or whole file) it breaks.

    A diagnostic that names its game and round belongs to that round; one that does
    not is placed by its line (the round, or game header, it stands in); what cannot
    be placed spoils the whole file. A round is excluded by its own error, its
    game's, or the file's; the earliest of those is the one reported.
    """

    def __init__(self, judgement: Judgement, inherited: Diagnostic | None = None) -> None:
        diags = list(judgement.diagnostics)
        for game in judgement.games:
            diags.extend(game.diagnostics)
            for rnd in game.rounds:
                diags.extend(rnd.diagnostics)
        starts: list[tuple[int, int, int | None]] = []  # (line, game, round or None)
        for game in judgement.games:
            if game.source.span.line:
                starts.append((game.source.span.line, game.number, None))
            for rnd in game.rounds:
                line = rnd.span.line or rnd.source.meta.span.line
                if line:
                    starts.append((line, game.number, rnd.number))
        starts.sort(key=lambda s: (s[0], s[2] is not None))
        self.rounds: dict[tuple[int, int], Diagnostic] = {}
        self.games: dict[int, Diagnostic] = {}
        self.file_level: Diagnostic | None = inherited  # from an earlier game of the file
        for d in sorted(
            (d for d in diags if d.is_error and d.code not in KEEPS_ROUND),
            key=Diagnostic.sort_key,
        ):
            place = (d.game, d.round) if d.game is not None else _place(starts, d.span.line)
            if place[0] is not None and place[1] is not None:
                self.rounds.setdefault((place[0], place[1]), d)
            elif place[0] is not None:
                self.games.setdefault(place[0], d)
            elif self.file_level is None or d.sort_key() < self.file_level.sort_key():
                self.file_level = d

    def for_game(self, game: int) -> Diagnostic | None:
        return _first(self.games.get(game), self.file_level)

    def for_round(self, game: int, rnd: int) -> Diagnostic | None:
        return _first(self.rounds.get((game, rnd)), self.games.get(game), self.file_level)


def _place(starts: list[tuple[int, int, int | None]], line: int) -> tuple[int | None, int | None]:
    found: tuple[int | None, int | None] = (None, None)
    for start, game, rnd in starts:
        if start > line:
            break
        found = (game, rnd)
    return found


def _first(*diags: Diagnostic | None) -> Diagnostic | None:
    present = [d for d in diags if d is not None]
    return min(present, key=Diagnostic.sort_key) if present else None

"""One file → the rows it contributes to each season table.

This is the per-file step of a season: a pure, top-level function of plain
arguments (:func:`file_rows`), so that a process pool can run it over many files
and only the rows travel back. Everything here reads a judgement, never
re-deriving a rule (honors, sides, wins and scores are the engine's).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from napkifu.analysis.columnar import FileRows, Row
from napkifu.analysis.filters import SeasonFilter, parse_date
from napkifu.analysis.placing import ErrorMap
from napkifu.analysis.round_rows import add_round
from napkifu.diagnostics import Diagnostic
from napkifu.gcpause import paused_gc
from napkifu.paths import regular_files
from napkifu.replay.results import JudgedGame, Judgement


def file_rows(path: str, filters: SeasonFilter | None = None) -> FileRows:
    """Judge the record at ``path`` game by game and return its rows (a file that
    cannot be read becomes one excluded row, never an exception: one bad file must
    not stop a season). Only one game's model is alive at a time; the rows are
    what is kept."""
    (rows,) = file_row_chunks(path, filters)
    return rows


def file_row_chunks(
    path: str, filters: SeasonFilter | None = None, every: int | None = None
) -> Iterator[FileRows]:
    """:func:`file_rows` in pieces of about ``every`` rounds (None: one piece), so
    that even the rows of a 100,000-round file need not be held at once. A file
    that fails part way ends with a piece holding just its excluded row."""
    from napkifu.api import WHOLE_FILE_LIMIT, iter_load, iter_loads

    try:
        with paused_gc():
            if every is None and os.stat(path).st_size <= WHOLE_FILE_LIMIT:
                judgements = iter_loads(Path(path).read_bytes(), file=path)
            else:  # a big file, or wanted in pieces: read in chunks, never whole
                judgements = iter_load(path)
            yield from iter_rows(judgements, path, filters, every)
    except OSError as exc:
        out = FileRows(path)
        out.excluded.append(_excluded(path, None, None, None, "NAP106", f"cannot read: {exc}"))
        yield out
    except Exception as exc:  # a bug: this file is left out, the season goes on
        out = FileRows(path)
        message = f"internal error, please report: {type(exc).__name__}: {exc}"
        out.excluded.append(_excluded(path, None, None, None, "NAP900", message))
        yield out


def rows_of(
    judgements: Iterator[Judgement], path: str, filters: SeasonFilter | None = None
) -> FileRows:
    """The rows of one file judged game by game (the judgements of
    :func:`napkifu.api.iter_load`); raises what the judgements raise."""
    (rows,) = iter_rows(judgements, path, filters)
    return rows


def iter_rows(
    judgements: Iterator[Judgement],
    path: str,
    filters: SeasonFilter | None = None,
    every: int | None = None,
) -> Iterator[FileRows]:
    """:func:`rows_of` in pieces of about ``every`` rounds (at least one piece).

    An error of the whole file spoils every round of it; iter_load gives such
    errors with the first game, so they are known before any round is kept.
    Should one come later, the rounds of pieces already given stay in."""
    flt = filters or SeasonFilter()
    out = FileRows(path)
    spoiled: Diagnostic | None = None  # an error that spoils the whole file
    any_games = False
    for judgement in judgements:
        errors = ErrorMap(judgement, spoiled)
        if errors.file_level is not None and spoiled is None and any_games:
            _spoil(out, errors.file_level)  # found late: the earlier games go too
        spoiled = errors.file_level
        any_games = any_games or bool(judgement.games)
        _add_games(out, path, judgement.games, flt, errors)
        if every is not None and len(out.rounds) + len(out.excluded) >= every:
            yield out
            out = FileRows(path)
    if not any_games and spoiled is not None:
        out.excluded.insert(0, _excluded(path, None, None, *_cause(spoiled)))
    yield out


def judgement_rows(judgement: Judgement, filters: SeasonFilter | None = None) -> FileRows:
    """The rows of a judged file; rounds with an error go to ``excluded``. (The
    judged tricks are built here, on first read, with the rows: with the cyclic
    collector running, that took four times as long.)"""
    with paused_gc():
        return rows_of(iter((judgement,)), judgement.file, filters)


def _add_games(
    out: FileRows,
    file: str,
    games: Iterable[JudgedGame],
    flt: SeasonFilter,
    errors: ErrorMap | None,
) -> None:
    """The rows of ``games``; ``errors`` None: a clean record's, none excluded."""
    for game in games:
        day = parse_date(game.date)
        if not flt.keeps_game(day, game.preset) or not flt.keeps_seats(game.players):
            continue
        game_error = errors.for_game(game.number) if errors is not None else None
        if not game.rounds and game_error:
            out.excluded.append(_excluded(file, game.number, None, *_cause(game_error)))
        for rnd in game.rounds:
            if not flt.keeps_seats(rnd.players or game.players):
                continue
            error = errors.for_round(game.number, rnd.number) if errors is not None else None
            if error is not None:
                out.excluded.append(_excluded(file, game.number, rnd.number, *_cause(error)))
                continue
            add_round(out, file, game, rnd, day)


def _spoil(out: FileRows, d: Diagnostic) -> None:
    """Exclude every round kept so far for ``d``, an error of the whole file that
    showed up with a later game; the excluded rows stay in game and round order."""
    kept = out.rounds.columns
    for game, rnd in zip(kept["game"], kept["round"], strict=True):
        out.excluded.append(_excluded(out.file, game, rnd, *_cause(d)))
    out.excluded.sort(key=lambda r: (r["game"] or 0, -1 if r["round"] is None else r["round"]))
    out.rounds.clear()
    out.player_rounds.clear()
    out.tricks.clear()
    out.bids.clear()


def _cause(d: Diagnostic) -> tuple[int, str, str]:
    return d.span.line, d.code, d.message


def _excluded(
    file: str, game: int | None, rnd: int | None, line: int | None, code: str, message: str
) -> Row:
    return {
        "file": file,
        "game": game,
        "round": rnd,
        "line": line,
        "code": code,
        "message": message,
    }


def expand_paths(paths: list[str | Path] | tuple[str | Path, ...]) -> list[str]:
    """The records to read under ``paths``, found as every command finds them
    (:func:`napkifu.paths.regular_files`: files as given, folders walked in name order,
    so that which of two duplicate rounds counts as the original is reproducible).
    Raises FileNotFoundError for a path that does not exist, OSError for one that
    cannot be read (a folder with no record in it is simply empty)."""
    files, other = regular_files([str(p) for p in paths])
    for found in other:
        if found.problem is not None and not os.path.lexists(found.path):
            raise FileNotFoundError(found.path)
        if found.problem is not None:
            raise OSError(f"{found.path}: {found.problem}")
    return files


__all__ = [
    "FileRows",
    "Row",
    "expand_paths",
    "file_row_chunks",
    "file_rows",
    "iter_rows",
    "judgement_rows",
    "rows_of",
]

"""One record's bytes → its season rows, diagnostics and round index, as plain data.

The job a judging worker runs for :mod:`napkifu.analysis.sources` (a dashboard's
load). It imports the engine and the row code, never polars: a spawned worker's
start was 0.5 s of CPU, 60 % of it polars' import, before its first file. What it
sends back is lists, not DataFrames: a 200-round file's rows pickle to ~90 KB
(pickle keeps each repeated name once) where its DataFrames took ~560 KB, so the
pipe carries a sixth, and the server makes the DataFrames of all the files it
judged at once (a fifth of the CPU of making them file by file).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from napkifu.analysis.rows import FileRows, judgement_rows
from napkifu.api import loads
from napkifu.gcpause import paused_gc

PROBLEM_COLUMNS = ("file", "line", "column", "code", "severity", "message", "message_ja",
                   "game", "round", "trick")  # fmt: skip
INDEX_COLUMNS = ("file", "game", "round", "title", "date", "kind", "napoleon", "contract",
                 "errors", "line", "preset", "players")  # fmt: skip
CRASH = "NAP900"
"""The code of a file whose judging crashed (never cached: the next load judges it again)."""


@dataclass(slots=True)
class SourceRows:
    """A judged file as plain data: its season rows (column by column), one dict a
    diagnostic (:data:`PROBLEM_COLUMNS`), and its round index, one list a column
    (:data:`INDEX_COLUMNS`; ``players``: a list a round)."""

    name: str
    rows: FileRows
    problems: list[dict[str, Any]] = field(default_factory=list)
    index: dict[str, list[Any]] = field(default_factory=lambda: {c: [] for c in INDEX_COLUMNS})

    @property
    def crashed(self) -> bool:
        return any(p["code"] == CRASH for p in self.problems)


def source_rows(item: tuple[str, bytes]) -> SourceRows:
    """One file (its name and bytes) judged without the per-card detail (no
    ``tricks`` rows: built on request). A top-level function of plain data, so a
    process pool can run it; a crash of the engine becomes a NAP900 problem.

    The cyclic collector is paused until the file's judgement is gone, not just
    while it is built: once the collector is back, the next allocation with the
    judgement still alive scans its few hundred thousand objects (0.1-0.15 s a
    200-round file, as much as judging it)."""
    with paused_gc():
        return judged_rows(*item)


def trick_rows(item: tuple[str, bytes]) -> SourceRows:
    """:func:`source_rows` with every card's detail: the ``tricks`` rows too (what
    the ``tricks`` table is built from, on request)."""
    with paused_gc():
        return judged_rows(*item, detail=True)


def judged_rows(name: str, data: bytes, detail: bool = False) -> SourceRows:
    """:func:`source_rows`; ``detail``: with the ``tricks`` rows (without it none at
    all: a round re-read may hold judged tricks, and none are kept, not some)."""
    try:
        judgement = loads(data, file=name, detail=detail)
        rows = judgement_rows(judgement)
        out = SourceRows(name, rows, _problems(name, judgement), index_rows(name, judgement.games))
    except Exception as exc:  # a bug: this file is left out, the season goes on
        message = f"internal error, please report: {type(exc).__name__}: {exc}"
        crash = {"file": name, "line": 1, "column": 1, "code": CRASH, "severity": "error",
                 "message": message, "message_ja": f"内部エラー（報告してください）: {exc}",
                 "game": None, "round": None, "trick": None}  # fmt: skip
        return SourceRows(name, FileRows(name), [crash])
    if not detail:
        out.rows.tricks.clear()
    return out


def _problems(name: str, judgement: Any) -> list[dict[str, Any]]:
    """Every diagnostic of the file, its games and rounds, each once."""
    seen: set[tuple] = set()
    problems: list[dict[str, Any]] = []
    every = list(judgement.diagnostics)
    for game in judgement.games:
        every.extend(game.diagnostics)
        for rnd in game.rounds:
            every.extend(rnd.diagnostics)
    for d in every:
        ident = (d.span.line, d.span.column, d.code, d.message)
        if ident in seen:
            continue
        seen.add(ident)
        problems.append(
            {"file": name, "line": d.span.line, "column": d.span.column, "code": d.code,
             "severity": d.severity.value, "message": d.message, "message_ja": d.message_ja,
             "game": d.game, "round": d.round, "trick": d.trick}
        )  # fmt: skip
    return problems


def index_rows(name: str, games: Iterable[Any]) -> dict[str, list[Any]]:
    """One row per round judged, also those left out of the season (with its game's
    preset and the round's seats, so a view can tell which filter a left-out round
    falls in), one list a column."""
    index: dict[str, list[Any]] = {c: [] for c in INDEX_COLUMNS}
    (file, number, rnd_no, title, day, kind, napoleon, contract, errors, line, preset,
     players) = index.values()  # fmt: skip
    for game in games:
        for rnd in game.rounds:
            trump = "NT" if rnd.no_trump else (rnd.trump.symbol if rnd.trump is not None else "")
            file.append(name)
            number.append(game.number)
            rnd_no.append(rnd.number)
            title.append(game.title)
            day.append(game.date)
            kind.append(rnd.kind)
            napoleon.append(rnd.napoleon)
            contract.append(f"{rnd.bid_count}{trump}" if rnd.bid_count is not None else None)
            errors.append(sum(1 for d in rnd.diagnostics if d.is_error))
            line.append(rnd.line)
            preset.append(game.preset)
            players.append(list(rnd.players or game.players))
    return index


__all__ = [
    "CRASH",
    "INDEX_COLUMNS",
    "PROBLEM_COLUMNS",
    "SourceRows",
    "index_rows",
    "judged_rows",
    "source_rows",
    "trick_rows",
]

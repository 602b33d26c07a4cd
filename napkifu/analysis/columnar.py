"""A table's rows held column by column, as polars builds a frame fastest.

A round of a full record adds some seventeen rows to the big tables (a round,
five player rounds, ten tricks, the bids). Kept as one dict a row, each row is
built key by key and then taken apart again by ``pl.from_dicts``; kept as one
list a column, the rows are appended where they are made and the frame is
built from the lists at once (tricks: 22 → 5 µs a round), the values a round
shares (its id, file, game, round and date) are not repeated for its other rows
at all but gathered from its row by polars (:data:`ROUND_OF`), and no dict is
made for a row.

The season row code (:mod:`napkifu.analysis.round_rows`) appends straight to
:attr:`ColumnTable.columns`; :meth:`ColumnTable.append` takes a whole row as a
dict where that is simpler (a round's one row), any column it lacks null.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from napkifu.analysis.columns import COLUMNS

Row = dict[str, Any]


class ColumnTable:
    """The rows of one table, one list a column, every list as long as the others."""

    __slots__ = ("columns",)

    def __init__(self, names: Iterable[str]) -> None:
        self.columns: dict[str, list[Any]] = {name: [] for name in names}

    def append(self, row: Row) -> None:
        """One row; a column the row does not name gets null."""
        for name, column in self.columns.items():
            column.append(row.get(name))

    def extend(self, other: ColumnTable) -> None:
        """Another table's rows after these (the same columns)."""
        for name, column in self.columns.items():
            column.extend(other.columns[name])

    def clear(self) -> None:
        for column in self.columns.values():
            column.clear()

    def __len__(self) -> int:
        for column in self.columns.values():
            return len(column)
        return 0

    def __iter__(self) -> Iterator[Row]:
        """The rows as dicts (for tests and the rare reader; the tables never do this)."""
        names = list(self.columns)
        for values in zip(*self.columns.values(), strict=True):
            yield dict(zip(names, values, strict=True))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ColumnTable):
            return NotImplemented
        return self.columns == other.columns

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"ColumnTable({len(self)} rows × {len(self.columns)} columns)"


COLUMNAR_TABLES = ("rounds", "player_rounds", "tricks", "bids")
"""The tables a :class:`FileRows` holds column by column (``excluded`` is a few dicts)."""

PLACING = ("round_id", "file", "game", "round", "date", "year")
"""The columns that place a round, first in every table of its rows."""
ROUND_OF = "round_of"
"""In a round's other rows (player rounds, tricks, bids): the index of its row in
the rounds table. Their :data:`PLACING` columns are that row's, so they are not
built in Python row by row (six values for each of some twenty rows a round) but
gathered by polars when the frames are made (:func:`napkifu.analysis.frames.rows_frames`)."""


def row_columns(table: str) -> tuple[str, ...]:
    """The columns a :class:`FileRows` holds of ``table``."""
    names = tuple(COLUMNS[table])
    if table == "rounds":
        return names
    return (ROUND_OF, *(n for n in names if n not in PLACING))


@dataclass(slots=True)
class FileRows:
    """The rows of one file, before duplicates across files are marked: the big
    tables column by column (:mod:`napkifu.analysis.columnar`), the few excluded
    rows as dicts."""

    file: str
    rounds: ColumnTable = field(default_factory=partial(ColumnTable, row_columns("rounds")))
    player_rounds: ColumnTable = field(
        default_factory=partial(ColumnTable, row_columns("player_rounds"))
    )
    tricks: ColumnTable = field(default_factory=partial(ColumnTable, row_columns("tricks")))
    bids: ColumnTable = field(default_factory=partial(ColumnTable, row_columns("bids")))
    excluded: list[Row] = field(default_factory=list)

    def extend(self, other: FileRows) -> None:
        """Another file's rows after these: a group of files made into one set of
        tables, whose frames polars builds at ~20 µs a column whatever its length."""
        shift = len(self.rounds)  # other's rounds come after these
        for name in COLUMNAR_TABLES[1:]:
            table: ColumnTable = getattr(self, name)
            start = len(table)
            table.extend(getattr(other, name))
            index = table.columns[ROUND_OF]
            index[start:] = [i + shift for i in index[start:]]
        self.rounds.extend(other.rounds)
        self.excluded.extend(other.excluded)


__all__ = [
    "COLUMNAR_TABLES",
    "PLACING",
    "ROUND_OF",
    "ColumnTable",
    "FileRows",
    "Row",
    "row_columns",
]

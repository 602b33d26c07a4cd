"""Season analysis: judged records → polars tables (rounds, player_rounds, tricks,
bids, season, contracts, excluded).

Only rounds without errors count; the others are listed in ``excluded`` with their
first error. Every column is described in :data:`COLUMNS`.

The names below are imported from their modules when first asked for (PEP 562):
a judging worker imports only the row code (:mod:`napkifu.analysis.source_rows`),
never polars, which the table modules need (its import was 60 % of a worker's start).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from napkifu.analysis.columns import COLUMNS, Column, columns_markdown, schema
    from napkifu.analysis.filters import SeasonFilter
    from napkifu.analysis.frames import rows_frames
    from napkifu.analysis.round_rows import round_id
    from napkifu.analysis.rows import FileRows, expand_paths, file_rows, judgement_rows
    from napkifu.analysis.season import (
        Season,
        SeasonBuilder,
        build_season,
        load_season,
        season_tables,
        without_duplicates,
    )
    from napkifu.analysis.sources import Loaded, SourceFile, load_sources

_HOME = {
    "COLUMNS": "columns", "Column": "columns", "columns_markdown": "columns", "schema": "columns",
    "SeasonFilter": "filters", "rows_frames": "frames", "round_id": "round_rows",
    "FileRows": "rows", "expand_paths": "rows", "file_rows": "rows", "judgement_rows": "rows",
    "Season": "season", "SeasonBuilder": "season", "build_season": "season",
    "load_season": "season", "season_tables": "season", "without_duplicates": "season",
    "Loaded": "sources", "SourceFile": "sources", "load_sources": "sources",
}  # fmt: skip
"""Each public name → the module of this package that defines it."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:  # (not ours: `from napkifu.analysis import parts` then imports it)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # (asked once)
    return value


__all__ = [
    "COLUMNS",
    "Column",
    "FileRows",
    "Loaded",
    "Season",
    "SeasonBuilder",
    "SeasonFilter",
    "SourceFile",
    "build_season",
    "columns_markdown",
    "expand_paths",
    "file_rows",
    "judgement_rows",
    "load_season",
    "load_sources",
    "round_id",
    "rows_frames",
    "schema",
    "season_tables",
    "without_duplicates",
]

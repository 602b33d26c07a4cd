"""Season analysis: judged records → polars tables (rounds, player_rounds, tricks,
bids, season, contracts, excluded).

Only rounds without errors count; the others are listed in ``excluded`` with their
first error. Every column is described in :data:`COLUMNS`.
"""

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
from napkifu.analysis.sources import Loaded, SourceFile, load_sources  # (last: it uses the above)

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

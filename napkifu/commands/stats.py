"""`napkifu stats`: the season table in the terminal.

Exit status: 0 when shown, 2 for a usage error or a missing path.
"""

from __future__ import annotations

import argparse
import sys

from napkifu.commands.export import add_filter_args, report, sink_season, writing
from napkifu.terminal import escape

DEFAULT_COLUMNS = (
    "player", "games", "rounds", "points", "points_avg",
    "napoleon_rounds", "napoleon_win_rate", "adjutant_rounds", "adjutant_win_rate",
    "allied_rounds", "allied_win_rate", "bid_avg", "alone_rounds", "honors_avg", "partner",
)  # fmt: skip


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "stats",
        help="show the season table (one row per player)",
        description="Show the season table of the records (only rounds without errors count).",
    )
    add_filter_args(p)
    p.add_argument(
        "--sort", default="points", metavar="COLUMN", help="sort by this column (default: points)"
    )
    p.add_argument("--asc", action="store_true", help="ascending order (default: descending)")
    p.add_argument("--all", action="store_true", help="every column, not only the main ones")
    p.add_argument("--explain", action="store_true", help="say what each column means")
    p.add_argument("--lang", choices=("en", "ja"), help="language of --explain (default: locale)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    p.set_defaults(parquet=None, excel=False, overwrite=False)  # no files written (sink_season)


def _cell(name: str, value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.0%}" if name.endswith("_rate") else f"{value:.2f}"
    return escape(str(value))


def run(args: argparse.Namespace) -> int:
    import polars as pl

    from napkifu.analysis import COLUMNS

    columns = COLUMNS["season"]
    if args.sort not in columns:
        print(
            f"napkifu stats: no column {args.sort!r}; choose one of: {', '.join(columns)}",
            file=sys.stderr,
        )
        return 2
    with writing() as failed:  # the season goes through a temp folder: bounded memory
        result = sink_season(args, {})
    if failed or result is None:
        return 2
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from napkifu.i18n import default_lang

    lang = args.lang or default_lang()
    shown = list(columns) if args.all else list(DEFAULT_COLUMNS)
    df = result.season.sort(
        [args.sort, "player"], descending=[not args.asc, False], nulls_last=True
    )
    console = Console()
    if not console.is_terminal:
        console = Console(width=4000)  # a pipe or file: the table takes its natural width
    table = Table(title=f"{result.files} files, {df.height} players", show_lines=False)
    for name in shown:
        numeric = df.schema[name] != pl.String
        table.add_column(
            name, justify="right" if numeric else "left", no_wrap=not console.is_terminal
        )
    for row in df.iter_rows(named=True):
        table.add_row(*(Text(_cell(name, row[name])) for name in shown))  # Text: no markup
    console.print(table)
    if args.explain:
        notes = [f"{name}: {columns[name].text(lang)}" for name in shown]
        console.print("\n".join(notes), style="dim", highlight=False)
    report(result, quiet=args.quiet)
    return 0

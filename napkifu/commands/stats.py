"""`napkifu stats`: the season table in the terminal, or as CSV/TSV for a program.

On a terminal the table is laid out by rich to the terminal's width: the default
columns fit 80 columns, and a name or a number is never cut (a column is never
narrower than its widest cell; a table too wide for the terminal is as wide as
it needs). Headers are in the chosen language. Piped, the same rows are plain CSV
(or TSV) with the columns' stable names as headers, for programs.

Exit status: 0 when shown, 2 for a usage error or a missing path.
"""

from __future__ import annotations

import argparse
import csv
import sys

from napkifu.commands.export import add_filter_args, report, sink_season, writing
from napkifu.i18n import LANGS, Lang, Text, default_lang
from napkifu.terminal import escape

Row = dict[str, object]
DEFAULT_COLUMNS = (
    "player", "rounds", "points", "points_avg", "napoleon_wl", "napoleon_win_rate", "adjutant_wl",
)  # fmt: skip
# piped: the data behind the default view (W-L as its two numbers)
DEFAULT_DATA = (
    "player", "rounds", "points", "points_avg", "napoleon_rounds", "napoleon_wins",
    "napoleon_win_rate", "adjutant_rounds", "adjutant_wins",
)  # fmt: skip
HEADERS: dict[str, Text] = {
    "player": Text("player", "プレイヤー"),
    "games": Text("games", "ゲーム"),
    "rounds": Text("rounds", "ラウンド"),
    "points": Text("points", "得点"),
    "points_avg": Text("pts/rd", "平均点"),
    "napoleon_wl": Text("Nap W-L", "ナポレオン勝-負"),
    "napoleon_rounds": Text("Nap", "ナポレオン"),
    "napoleon_wins": Text("Nap W", "ナポレオン勝ち"),
    "napoleon_win_rate": Text("Nap %", "勝率"),
    "adjutant_wl": Text("Adj W-L", "副官勝-負"),
    "adjutant_rounds": Text("Adj", "副官"),
    "adjutant_wins": Text("Adj W", "副官勝ち"),
    "adjutant_win_rate": Text("Adj %", "副官勝率"),
    "allied_wl": Text("Ally W-L", "連合軍勝-負"),
    "allied_rounds": Text("Ally", "連合軍"),
    "allied_wins": Text("Ally W", "連合軍勝ち"),
    "allied_win_rate": Text("Ally %", "連合軍勝率"),
    "bids_made": Text("bids", "ビッド数"),
    "bid_avg": Text("bid avg", "平均ビッド"),
    "contracts_by_bid": Text("by bid", "ビッド別"),
    "alone_rounds": Text("alone", "独り立ち"),
    "alone_wins": Text("alone W", "独り立ち勝ち"),
    "honors_avg": Text("honors", "平均絵札"),
    "partner": Text("partner", "相棒"),
    "partner_rounds": Text("w/ partner", "相棒回数"),
}
# the win-loss columns shown as one "3-1" cell: (column, rounds, wins)
_WL = {
    f"{side}_wl": (f"{side}_rounds", f"{side}_wins") for side in ("napoleon", "adjutant", "allied")
}
WL_TEXT = Text("{side}: wins-losses", "{side}: 勝ち-負け")
TITLE = Text("{files} file(s), {players} players", "{files} ファイル、{players} 人")
NO_COLUMN = Text(
    "napkifu stats: no column {name!r}; choose from: {names}",
    "napkifu stats: {name!r} という列はありません。選べる列: {names}",
)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "stats",
        help="show the season table (one row per player)",
        description="Show the season table of the records (only rounds without errors count). "
        "On a terminal: a table that fits its width; piped: CSV (or --format tsv).",
    )
    add_filter_args(p)
    p.add_argument(
        "--sort", default="points", metavar="COLUMN", help="sort by this column (default: points)"
    )
    p.add_argument("--asc", action="store_true", help="ascending order (default: descending)")
    p.add_argument(
        "--columns",
        metavar="A,B,…",
        help="the columns to show, comma-separated (`--explain --all` lists them); "
        "+A,B adds them to the default ones",
    )
    p.add_argument("--all", action="store_true", help="every column, not only the main ones")
    p.add_argument(
        "--format",
        choices=("table", "csv", "tsv"),
        default=None,
        help="table on a terminal, csv when piped (default)",
    )
    p.add_argument("--explain", action="store_true", help="say what each column means")
    p.add_argument("--lang", choices=LANGS, help="language of headers and notes (default: locale)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    p.set_defaults(parquet=None, excel=False, overwrite=False)  # no files written (sink_season)


def cell(name: str, value: object) -> str:
    """A cell as shown in the table: rates as percentages, averages signed."""
    if value is None:
        return "–"
    if isinstance(value, float):
        if name.endswith("_rate"):
            return f"{value:.0%}"
        return f"{value:+.2f}" if name == "points_avg" else f"{value:.2f}"
    return escape(str(value))


def _value(name: str, row: Row) -> object:
    if name in _WL:
        rounds, wins = (row[c] for c in _WL[name])
        if not rounds:
            return None
        return f"{wins}-{int(rounds) - int(wins)}"  # type: ignore[call-overload]
    return row[name]


def pick_columns(args: argparse.Namespace, known: list[str], piped: bool) -> list[str]:
    """The columns asked for (raises KeyError naming an unknown one)."""
    if args.all:
        return known
    base = list(DEFAULT_DATA if piped else DEFAULT_COLUMNS)
    if not args.columns:
        return base
    text = args.columns.strip()
    names = [n.strip() for n in text.lstrip("+").split(",") if n.strip()]
    for name in names:
        if name not in known and name not in _WL:
            raise KeyError(name)
    return base + [n for n in names if n not in base] if text.startswith("+") else names


def header(name: str, lang: Lang) -> str:
    text = HEADERS.get(name)
    return text(lang) if text else name


def _table(rows: list[Row], shown: list[str], title: str, lang: Lang) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text as RichText  # (a name is text, never rich markup)

    console = Console(highlight=False)
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for name in shown:
        cells = [RichText(cell(name, _value(name, r))) for r in rows]
        numeric = name != "player" and name != "partner" and name != "contracts_by_bid"
        widest = max(
            (console.measure(c).maximum for c in [*cells, RichText(header(name, lang))]), default=1
        )
        table.add_column(
            header(name, lang),
            justify="right" if numeric else "left",
            no_wrap=True,
            min_width=widest,  # never cut: rich may not shrink a column below this
        )
    for r in rows:
        table.add_row(*(RichText(cell(name, _value(name, r))) for name in shown))
    needed = Console(width=100_000).measure(table).maximum  # every cell whole
    if needed > console.width:  # too wide: print it whole rather than cut a cell
        console = Console(highlight=False, width=needed)
    console.print(table)


def _delimited(rows: list[Row], shown: list[str], delimiter: str) -> None:
    writer = csv.writer(sys.stdout, delimiter=delimiter, lineterminator="\n")
    writer.writerow(shown)
    for r in rows:
        values = [_value(n, r) for n in shown]
        writer.writerow(
            ["" if v is None else escape(v) if isinstance(v, str) else v for v in values]
        )


def run(args: argparse.Namespace) -> int:
    from napkifu.analysis import COLUMNS

    lang: Lang = args.lang or default_lang()
    columns = COLUMNS["season"]
    known = list(columns)
    fmt = args.format or ("table" if sys.stdout.isatty() else "csv")
    try:
        shown = pick_columns(args, known, fmt != "table")
    except KeyError as exc:
        names = ", ".join([*known, *_WL])
        print(NO_COLUMN(lang, name=exc.args[0], names=names), file=sys.stderr)
        return 2
    if args.sort not in columns:
        print(NO_COLUMN(lang, name=args.sort, names=", ".join(known)), file=sys.stderr)
        return 2
    with writing() as failed:  # the season goes through a temp folder: bounded memory
        result = sink_season(args, {})
    if failed or result is None:
        return 2
    df = result.season.sort(
        [args.sort, "player"], descending=[not args.asc, False], nulls_last=True
    )
    rows = list(df.iter_rows(named=True))
    if fmt == "table":
        title = TITLE(lang, files=result.files, players=df.height)
        _table(rows, shown, title, lang)
    else:
        _delimited(rows, shown, "," if fmt == "csv" else "\t")
    if args.explain:
        notes = []
        for name in shown:
            if name in _WL:
                side = header(_WL[name][0], lang)
                notes.append(f"{header(name, lang)} ({name}): {WL_TEXT(lang, side=side)}")
            else:
                notes.append(f"{header(name, lang)} ({name}): {columns[name].text(lang)}")
        print("\n".join(notes), file=sys.stderr if fmt != "table" else sys.stdout)
    report(result, quiet=args.quiet, lang=lang)
    return 0

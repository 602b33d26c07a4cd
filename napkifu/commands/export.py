"""`napkifu export`: a season's tables as CSV and Parquet.

Without any output option the season table is printed to standard output as CSV.
Exit status: 0 when written (rounds with errors are left out and listed on
stderr, as ``check`` would report them), 2 for a usage error or a missing path.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from datetime import date
from typing import TYPE_CHECKING

from napkifu.commands.check import add_jobs_args

if TYPE_CHECKING:  # polars is imported only when a season is read (not by `napkifu check`)
    from napkifu.analysis import SeasonFilter
    from napkifu.analysis.sink import SinkResult

CSV_TABLES = ("season", "rounds", "player_rounds", "tricks", "bids", "contracts", "excluded")


def _iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date (YYYY-MM-DD): {text!r}") from None


def add_filter_args(parser: argparse.ArgumentParser) -> None:
    """The season filters ``export`` and ``stats`` share."""
    parser.add_argument("paths", nargs="+", metavar="PATH", help="record files or directories")
    group = parser.add_argument_group("filters")
    group.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME",
        help="keep rounds this player sat in (repeatable); the season lists only them",
    )
    group.add_argument("--since", type=_iso_date, metavar="DATE", help="games dated on or after")
    group.add_argument("--until", type=_iso_date, metavar="DATE", help="games dated on or before")
    group.add_argument(
        "--preset", action="append", default=[], metavar="NAME", help="keep games of this preset"
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress bar (it only shows on a terminal)"
    )
    add_jobs_args(parser)


def filters_from(args: argparse.Namespace) -> SeasonFilter:
    import unicodedata

    from napkifu.analysis import SeasonFilter

    players = tuple(unicodedata.normalize("NFC", p) for p in args.player)
    return SeasonFilter(players, args.since, args.until, tuple(args.preset))


def _pool_settings(args: argparse.Namespace) -> tuple[int, str | None] | None:
    """(jobs, cache folder) from ``-j``, ``--no-cache`` and ``--cache-dir``; None
    (after saying why) for a bad ``-j``."""
    from napkifu.cache import default_dir

    if args.jobs is not None and args.jobs < 1:
        print("napkifu: --jobs must be 1 or more", file=sys.stderr)
        return None
    return args.jobs or 0, None if args.no_cache else str(args.cache_dir or default_dir())


def report(result: SinkResult, *, quiet: bool = False) -> None:
    """Say on stderr what was read and which rounds did not count, and why."""
    files, rounds, dupes, excluded = result.files, result.rounds, result.duplicates, result.excluded
    if quiet:
        return
    print(
        f"napkifu: {files} files, {rounds} rounds "
        f"({dupes} duplicates), {excluded.height} excluded for errors",
        file=sys.stderr,
    )
    for row in excluded.iter_rows(named=True):
        where = f"{row['file']}:{row['line'] or 0}"
        scope = (
            f"game {row['game']} round {row['round']}"
            if row["round"] is not None
            else (f"game {row['game']}" if row["game"] is not None else "file")
        )
        print(f"  {where}: {scope} excluded: {row['code']} {row['message']}", file=sys.stderr)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "export",
        help="export a season's tables as CSV or Parquet",
        description="Export season tables built from records (only rounds without errors count).",
    )
    add_filter_args(p)
    out = p.add_argument_group("outputs (CSV; '-' is standard output)")
    for table in CSV_TABLES:
        out.add_argument(
            f"--{table.replace('_', '-')}", dest=f"out_{table}", metavar="FILE",
            help=f"write the {table} table",
        )  # fmt: skip
    out.add_argument("--parquet", metavar="DIR", help="write every table as Parquet under DIR")
    out.add_argument("--overwrite", action="store_true", help="replace Parquet tables in DIR")
    out.add_argument(
        "--excel", action="store_true", help="CSV with a byte order mark (for Japanese Excel)"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")


def run(args: argparse.Namespace) -> int:
    outputs = {t: getattr(args, f"out_{t}") for t in CSV_TABLES if getattr(args, f"out_{t}")}
    if not outputs and not args.parquet:
        outputs = {"season": "-"}
    with writing() as failed:
        result = sink_season(args, outputs)
    if failed or result is None:
        return 2
    report(result, quiet=args.quiet)
    return 0


def sink_season(args: argparse.Namespace, outputs: dict[str, str]) -> SinkResult | None:
    """Read the records the arguments name into Parquet (``--parquet``, else a temp
    folder) and the CSV ``outputs``, part by part as the files are judged, so that
    memory does not grow with the corpus (:class:`napkifu.analysis.sink.ParquetSink`).
    None (after saying why) for a bad ``-j`` or a missing path. Raises OSError or
    OutputExists when an output cannot be written (see :func:`writing`)."""
    import tempfile

    from napkifu.analysis import expand_paths
    from napkifu.analysis.sink import ParquetSink
    from napkifu.analysis.write import CsvWriter

    settings = _pool_settings(args)
    if settings is None:
        return None
    jobs, cache_dir = settings
    try:
        files = expand_paths(args.paths)
    except FileNotFoundError as exc:
        print(f"napkifu: no such file or directory: {exc}", file=sys.stderr)
        return None
    flt = filters_from(args)
    with contextlib.ExitStack() as stack:
        folder = args.parquet or stack.enter_context(tempfile.TemporaryDirectory(prefix="napkifu-"))
        writers: dict[str, CsvWriter] = {}
        for table, target in outputs.items():  # created first: a bad target fails at once
            writers[table] = CsvWriter(target, excel=args.excel)
            stack.callback(writers[table].discard)
        big = {t: w for t, w in writers.items() if t not in SMALL_TABLES}
        sink = ParquetSink(
            folder, flt.players, overwrite=args.overwrite or not args.parquet, csv=big
        )
        result = sink.write(files, flt, not args.no_progress, jobs=jobs, cache_dir=cache_dir)
        for table, writer in writers.items():
            if table in SMALL_TABLES:
                writer.append(getattr(result, table))
            writer.close()
    return result


SMALL_TABLES = ("season", "contracts", "excluded")
"""The tables a :class:`SinkResult` holds whole; the others are written part by part."""


@contextlib.contextmanager
def writing() -> Iterator[list[bool]]:
    """Run the writes; an output in the way or a write that fails is one clear line
    on stderr (and a non-empty list: exit 2), never a traceback."""
    from napkifu.analysis.write import OutputExists

    failed: list[bool] = []
    try:
        yield failed
    except OutputExists as exc:
        print(f"napkifu: already exists (use --overwrite): {exc}", file=sys.stderr)
        failed.append(True)
    except OSError as exc:
        print(f"napkifu: cannot write: {exc}", file=sys.stderr)
        failed.append(True)

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
from concurrent.futures.process import BrokenProcessPool
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from napkifu.commands.check import add_jobs_args
from napkifu.i18n import Lang, Text, default_lang
from napkifu.terminal import escape

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
        print(PROBLEM["jobs"](getattr(args, "lang", None) or default_lang()), file=sys.stderr)
        return None
    return args.jobs or 0, None if args.no_cache else str(args.cache_dir or default_dir())


READ = Text(
    "napkifu: {files} files, {rounds} rounds ({dupes} duplicates), {excluded} excluded for errors",
    "napkifu: {files} ファイル、{rounds} ラウンド（重複 {dupes}）、エラーで除外 {excluded}",
)
EXCLUDED = Text(
    "  {where}: {scope} excluded: {code} {message}", "  {where}: {scope}を除外: {code} {message}"
)
PROBLEM = {
    "jobs": Text("napkifu: --jobs must be 1 or more", "napkifu: --jobs には 1 以上を指定してください"),
    "missing": Text("napkifu: no such file or directory: {what}", "napkifu: ファイルもフォルダもありません: {what}"),
    "exists": Text("napkifu: already exists (use --overwrite): {what}", "napkifu: すでにあります（上書きは --overwrite）: {what}"),
    "write": Text("napkifu: cannot write: {what}", "napkifu: 書き込めません: {what}"),
}  # fmt: skip
SCOPE = {
    "round": Text("game {game} round {round}", "ゲーム {game} のラウンド {round} "),
    "game": Text("game {game}", "ゲーム {game} "),
    "file": Text("file", "ファイル"),
}


def report(result: SinkResult, *, quiet: bool = False, lang: Lang = "en") -> None:
    """Say on stderr what was read and which rounds did not count, and why."""
    files, rounds, dupes, excluded = result.files, result.rounds, result.duplicates, result.excluded
    if quiet:
        return
    count = excluded.height
    print(READ(lang, files=files, rounds=rounds, dupes=dupes, excluded=count), file=sys.stderr)
    for row in excluded.iter_rows(named=True):
        where = f"{row['file']}:{row['line'] or 0}"
        kind = (
            "round" if row["round"] is not None else "game" if row["game"] is not None else "file"
        )
        scope = SCOPE[kind](lang, game=row["game"], round=row["round"])
        message = (
            row.get("message_ja") if lang == "ja" and row.get("message_ja") else row["message"]
        )
        print(
            escape(EXCLUDED(lang, where=where, scope=scope, code=row["code"], message=message)),
            file=sys.stderr,
        )


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
    None (after saying why) for a bad ``-j``, a path that cannot be read, or outputs
    that would overwrite an input or each other. The Parquet dataset is put in
    place whole once written (:func:`napkifu.analysis.publish.staged_dataset`).
    Raises OSError or OutputExists when an output cannot be written (see
    :func:`writing`)."""
    import tempfile

    from napkifu.analysis import temps
    from napkifu.analysis.publish import staged_dataset
    from napkifu.analysis.sink import ParquetSink
    from napkifu.analysis.write import CsvWriter
    from napkifu.files import check_outputs
    from napkifu.paths import regular_files

    settings = _pool_settings(args)
    if settings is None:
        return None
    jobs, cache_dir = settings
    files, problems = regular_files(args.paths)
    for found in problems:
        if found.empty:
            continue  # NAP107, below
        if found.note is not None:
            print(f"napkifu: {escape(found.note)}", file=sys.stderr)
        else:
            print(f"napkifu: cannot read {escape(found.path)}: {found.problem}", file=sys.stderr)
    if any(found.problem is not None for found in problems):
        return None  # a season with a folder left out is not the season asked for
    clash = check_outputs(files, outputs)
    if clash is not None:
        print(f"napkifu: {escape(clash)}", file=sys.stderr)
        return None
    if not _report_empty_folders(args.paths, files) and not files:
        return None  # nothing at all to read (NAP107 said why)
    flt = filters_from(args)
    with contextlib.ExitStack() as stack:
        folder: str | Path
        if args.parquet:
            folder = stack.enter_context(staged_dataset(args.parquet, overwrite=args.overwrite))
        else:  # swept by a later export if this one is killed (analysis/temps.py)
            where = temps.folder_for(list(outputs.values()))
            temps.sweep(where)
            folder = stack.enter_context(
                tempfile.TemporaryDirectory(prefix=temps.prefix(), dir=where)
            )
        writers: dict[str, CsvWriter] = {}
        for table, target in outputs.items():  # created first: a bad target fails at once
            writers[table] = CsvWriter(target, excel=args.excel)
            stack.callback(writers[table].discard)
        big = {t: w for t, w in writers.items() if t not in SMALL_TABLES}
        sink = ParquetSink(folder, flt.players, overwrite=True, csv=big)  # a fresh folder
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
    from polars.exceptions import PolarsError

    from napkifu.analysis.publish import ForeignFiles
    from napkifu.analysis.write import OutputExists

    failed: list[bool] = []
    try:
        yield failed
    except ForeignFiles as exc:
        print(f"napkifu: {escape(str(exc))}", file=sys.stderr)
        failed.append(True)
    except OutputExists as exc:
        print(PROBLEM["exists"](default_lang(), what=escape(str(exc))), file=sys.stderr)
        failed.append(True)
    except OSError as exc:
        print(PROBLEM["write"](default_lang(), what=escape(str(exc))), file=sys.stderr)
        failed.append(True)
    except PolarsError as exc:  # (polars reports a full disk as a ComputeError)
        print(f"napkifu: cannot write the tables: {escape(str(exc))}", file=sys.stderr)
        failed.append(True)
    except BrokenProcessPool:  # a worker killed (out of memory?): nothing was put in place
        print("napkifu: a worker process died; nothing was written (try -j 1)", file=sys.stderr)
        failed.append(True)


def _report_empty_folders(paths: list[str], files: list[str]) -> bool:
    """NAP107 (a warning, on stderr) for each folder in ``paths`` with no record;
    whether every path gave something."""
    import os

    from napkifu.commands.check import no_records
    from napkifu.report import render_text

    empty = [p for p in paths if os.path.isdir(p) and not any(f.startswith(p) for f in files)]
    for folder in empty:
        print("\n".join(render_text((no_records(folder),))), file=sys.stderr)
    return not empty

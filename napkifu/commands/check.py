"""``napkifu check``: report every problem in records, with its code and exact position.

The work for one file lives in :mod:`napkifu.commands.checkfile`; here are the
gathering of the files, the process pool and cache around it, and the printing.
Results are printed in the order of the files whatever ``--jobs`` is, each file as
soon as it (and every file before it) is done.
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import functools
import gc
import os
import sys
from collections.abc import Iterator

from napkifu.cache import WHERE, default_dir
from napkifu.commands.checkfile import (
    CheckSettings,
    FileResult,
    Task,
    check_bytes,
    check_file,
    check_task,
)
from napkifu.diagnostics import Diagnostic
from napkifu.i18n import LANGS, Lang, Text, default_lang
from napkifu.model import Span
from napkifu.parallel import broken_pool, default_jobs, jobs_for, run_jobs
from napkifu.paths import find_records, text_encoding
from napkifu.report import more_line, render_text, summary_line, to_json_objects
from napkifu.terminal import escape

__all__ = ["FileResult", "check_bytes", "check_file", "iter_paths", "register", "run"]

CANNOT_OPEN = Text("cannot open {path}: {reason}", "{path} を開けません: {reason}")
NO_RECORDS = "no records found"
"""The problem :func:`iter_paths` gives a folder with no record in it (NAP107)."""
USAGE = {
    "encoding": Text("unknown encoding {encoding!r}", "{encoding!r} という文字コードはありません"),
    "max": Text(
        "--max-diagnostics must be 0 or more", "--max-diagnostics には 0 以上を指定してください"
    ),
    "jobs": Text("--jobs must be 1 or more", "--jobs には 1 以上を指定してください"),
    "died": Text(
        "a worker process died; try -j 1",
        "ワーカープロセスが異常終了しました。-j 1 で試してください",
    ),
}
STOPPED_FILE = Text(
    "{file}: the rest of this file was not checked (--max-diagnostics {limit} reached)",
    "{file}: --max-diagnostics {limit} に達したため、このファイルの残りは検査していません",
)


def iter_paths(paths: list[str]) -> Iterator[tuple[str, str | None]]:
    """(path, problem) for every file to check (:func:`napkifu.paths.find_records`:
    regular files as given, ``*.nap`` and ``*.NAP`` files under folders, ``-`` for
    stdin); a folder with none gives (folder, :data:`NO_RECORDS`); the files skipped
    with a warning are left out."""
    for found in find_records(paths):
        if found.empty:
            yield found.path, NO_RECORDS
        elif found.note is None:
            yield found.path, found.problem


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "check",
        help="report every problem in .nap records",
        description="Check .nap records: syntax, rules, every card of every trick. "
        "Exit status 0: no errors (warnings allowed); 1: errors found; 2: usage error "
        "or a file that cannot be opened.",
    )
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="files, directories (searched for *.nap) or - for standard input",
    )
    p.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text (file:line:col: CODE severity: message, source line, caret) or a JSON array",
    )
    p.add_argument(
        "--encoding",
        metavar="ENC",
        type=text_encoding,
        help="read files in this encoding (default: UTF-8, else Shift_JIS/CP932 with a warning)",
    )
    p.add_argument(
        "--max-diagnostics",
        type=int,
        metavar="N",
        default=None,
        help="make and show at most N diagnostics per file, then a line saying how many "
        "more (on stderr with --format json); once a file's N include an error, the rest "
        "of that file is not checked (its exit status is known) and the next file is",
    )
    p.add_argument(
        "--lang",
        choices=LANGS,
        default=None,
        help="language of the messages (default: from the locale)",
    )
    p.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help="errors and warnings only, one line each: no notes, no source excerpts, no summary",
    )
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (auto: only on a terminal, and not with NO_COLOR)",
    )
    # Accepted and ignored, so that scripts written for 0.1's express lane still run:
    # there is one way of judging now.
    p.add_argument("--no-express", action="store_true", help=argparse.SUPPRESS)
    add_jobs_args(p)


def add_jobs_args(p: argparse.ArgumentParser) -> None:
    """``-j`` and the cache options (``export`` takes the same)."""
    p.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help=f"worker processes (default: the number of cores, here {default_jobs()}, "
        "or 1 for less than 1 MB of records); the output is the same for every N",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the result cache",
    )
    p.add_argument(
        "--cache-dir",
        metavar="DIR",
        default=None,
        help=f"where results are cached (default: {WHERE})",
    )


STDIN = "<stdin>"


def _tasks(
    args: argparse.Namespace, lang: Lang, spool: str, empty: list[Diagnostic]
) -> Iterator[Task]:
    for found in find_records(args.paths, lang=lang):
        path, problem = found.path, found.problem
        if found.empty:
            empty.append(no_records(path))
        elif found.note is not None:
            print(f"napkifu check: {escape(found.note)}", file=sys.stderr)
        elif path == "-" and problem is None:
            yield _stdin_task(spool)
        else:
            yield path, problem, None


def no_records(folder: str) -> Diagnostic:
    """NAP107: ``folder`` holds no ``*.nap`` or ``*.NAP`` file."""
    return Diagnostic(
        "NAP107",
        "no records found (no *.nap or *.NAP file in this folder)",
        Span(1, 1, 1, 1),
        folder,
        message_ja="記録が見つかりません（このフォルダに *.nap / *.NAP ファイルがありません）",
    )


def _stdin_task(spool: str) -> Task:
    """Standard input as a task: its bytes when small, else copied in chunks to the
    file ``spool`` (checked like any big file, game by game: 100 MB of stdin once
    took 663 MB); the result is then named ``<stdin>`` (:func:`_as_stdin`)."""
    import shutil

    from napkifu.api import WHOLE_FILE_LIMIT

    head = sys.stdin.buffer.read(WHOLE_FILE_LIMIT + 1)
    if len(head) <= WHOLE_FILE_LIMIT:
        return STDIN, None, head
    with open(spool, "wb") as out:
        out.write(head)
        del head
        shutil.copyfileobj(sys.stdin.buffer, out, 1 << 20)
    return spool, None, None


def _as_stdin(result: FileResult) -> FileResult:
    return dataclasses.replace(
        result,
        path=STDIN,
        diagnostics=tuple(dataclasses.replace(d, file=STDIN) for d in result.diagnostics),
    )


def settings_from(args: argparse.Namespace) -> CheckSettings:
    cache_dir = None if args.no_cache else str(args.cache_dir or default_dir())
    return CheckSettings(args.encoding, args.max_diagnostics, cache_dir)


def run(args: argparse.Namespace) -> int:
    """The command, with the cyclic garbage collector told what a check is: the
    objects of the start (modules, the grammar) are set aside (``gc.freeze``) and
    judging a round, which makes thousands of short-lived acyclic objects, does
    not set off a collection every 700 of them (5 % of a check's instructions
    went to collections finding nothing). Put back as it was on the way out.

    The process's exit is told too (``atexit``, registered once): at its end the
    interpreter collects every generation several times while it tears itself
    down (~62 M instructions on the varied corpus, tracing what is about to be
    freed anyway), so everything alive then is set aside first. Exit handlers run
    only as the process ends, so an in-process caller (a test) sees the collector
    exactly as it left it."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, *threshold[1:])
    try:
        return _run(args)
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
        _freeze_at_exit()


@functools.cache
def _freeze_at_exit() -> None:
    """Set everything aside from the collector at the process's exit (once)."""
    atexit.register(gc.freeze)


def _run(args: argparse.Namespace) -> int:
    if args.max_diagnostics is not None and args.max_diagnostics < 0:
        print(f"napkifu check: {USAGE['max'](args.lang or default_lang())}", file=sys.stderr)
        return 2
    if args.jobs is not None and args.jobs < 1:
        print(f"napkifu check: {USAGE['jobs'](args.lang or default_lang())}", file=sys.stderr)
        return 2
    lang: Lang = args.lang or default_lang()
    color = args.color == "always" or (
        args.color == "auto" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    )
    out = _JsonArray(args.lang or "en") if args.format == "json" else None
    status = files = errors = warnings = notes = 0
    first_code = ""  # for the one hint line pointing at `napkifu explain`
    settings = settings_from(args)
    folder = None
    spool = "\0"  # (no path: there is no stdin to spool)
    if "-" in args.paths:  # a spooled stdin is not cached (its name is a temp file's)
        import tempfile  # (only for stdin: a folder made and removed costs every run)

        folder = tempfile.TemporaryDirectory(prefix="napkifu-stdin-")
        spool = os.path.join(folder.name, "stdin.nap")
        settings = dataclasses.replace(settings, cache_dir=None)
    work = functools.partial(check_task, settings)
    empty: list[Diagnostic] = []
    try:
        tasks = list(_tasks(args, lang, spool, empty))
        for d in empty:  # NAP107: a folder with no records
            warnings += 1
            if out is not None:
                out.add((d,))
            else:
                print("\n".join(render_text((d,), lang=lang, color=color)))
        jobs = jobs_for((path for path, problem, data in tasks if data is None), args.jobs)
        for result in run_jobs(work, tasks, jobs):
            if result.path == spool:
                result = _as_stdin(result)
            files += 1
            if result.error is not None:
                print(
                    "napkifu check: "
                    + escape(CANNOT_OPEN(lang, path=result.path, reason=result.error)),
                    file=sys.stderr,
                )
                status = 2
                continue
            errors += result.errors
            warnings += result.warnings
            notes += result.notes
            if result.errors:
                status = max(status, 1)
            shown = result.diagnostics
            after = [more_line(result.path, result.hidden, lang)] if result.hidden else []
            if result.stopped:
                limit = args.max_diagnostics
                after.append(STOPPED_FILE(lang, file=escape(result.path), limit=limit))
            if out is not None:
                out.add(shown)
            else:
                if args.quiet:  # notes ask nothing of the scorer
                    shown = tuple(d for d in shown if not d.is_note)
                first_code = first_code or next((d.code for d in shown if not d.is_note), "")
                for line in render_text(
                    shown, result.lines, lang=lang, color=color, excerpt=not args.quiet
                ):
                    print(line)
            for line in after:
                print(line, file=sys.stderr if out is not None else sys.stdout)
            sys.stdout.flush()
    except RuntimeError as err:  # a worker was killed (out of memory?): say so, no traceback
        if not broken_pool(err):
            raise
        print(f"napkifu check: {USAGE['died'](lang)}", file=sys.stderr)
        status = 2
    finally:
        if folder is not None:
            folder.cleanup()
    if empty and not files:  # nothing at all was read
        status = 2
    if out is not None:
        out.close()
    elif not args.quiet:
        print(summary_line(errors, warnings, files, lang, notes), file=sys.stderr)
        if first_code:
            from napkifu.explain import hint_line

            print(hint_line(first_code, lang), file=sys.stderr)
    return status


class _JsonArray:
    """``--format json`` written as results arrive: byte for byte what
    ``json.dumps(all_objects, indent=2)`` gives, without holding every object."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self.count = 0

    def add(self, diagnostics: tuple[Diagnostic, ...]) -> None:
        import json  # (only for --format json)

        for obj in to_json_objects(diagnostics, self.lang):
            text = json.dumps(obj, ensure_ascii=False, indent=2).replace("\n", "\n  ")
            sys.stdout.write(("[\n  " if self.count == 0 else ",\n  ") + text)
            self.count += 1
        sys.stdout.flush()

    def close(self) -> None:
        sys.stdout.write("\n]\n" if self.count else "[]\n")
        sys.stdout.flush()

"""``napkifu check``: report every problem in records, with its code and exact position.

The work for one file lives in :mod:`napkifu.commands.checkfile`; here are the
gathering of the files, the process pool and cache around it, and the printing.
Results are printed in the order of the files whatever ``--jobs`` is, each file as
soon as it (and every file before it) is done.
"""

from __future__ import annotations

import argparse
import codecs
import functools
import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool

from napkifu.api import is_record_name
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
from napkifu.parallel import default_jobs, jobs_for, run_jobs
from napkifu.report import more_line, render_text, summary_line, to_json_objects

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


def iter_paths(paths: list[str]) -> Iterator[tuple[str, str | None]]:
    """(path, problem) for every file to check: files as given, ``*.nap`` and
    ``*.NAP`` files under directories (sorted, symlinked directories followed once),
    ``-`` for stdin; a directory with none gives (directory, :data:`NO_RECORDS`)."""
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            if path != "-" and not os.path.exists(path):
                yield path, "No such file or directory"
            else:
                yield path, None
            continue
        seen: set[tuple[int, int]] = set()
        problems: list[OSError] = []
        found = 0
        for root, dirs, files in os.walk(path, followlinks=True, onerror=problems.append):
            while problems:  # a directory that cannot be listed
                err = problems.pop(0)
                yield str(err.filename or root), err.strerror or str(err)
            try:
                st = os.stat(root)
            except OSError:
                dirs[:] = []
                continue
            key = (st.st_dev, st.st_ino)
            if key in seen:  # a symlink loop, or a directory reached twice
                dirs[:] = []
                continue
            seen.add(key)
            dirs.sort()
            for name in sorted(files):
                if is_record_name(name):
                    found += 1
                    yield os.path.join(root, name), None
        for err in problems:
            yield str(err.filename or path), err.strerror or str(err)
        if not found:
            yield path, NO_RECORDS


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
        help="read files in this encoding (default: UTF-8, else Shift_JIS/CP932 with a warning)",
    )
    p.add_argument(
        "--max-diagnostics",
        type=int,
        metavar="N",
        default=None,
        help="show at most N diagnostics per file, then a line saying how many more "
        "(on stderr with --format json); the counts and the exit status still include them",
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
        help="diagnostic lines only: no source excerpts, no summary",
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


def _tasks(args: argparse.Namespace, empty: list[Diagnostic]) -> Iterator[Task]:
    for path, problem in iter_paths(args.paths):
        if problem == NO_RECORDS:
            empty.append(no_records(path))
        elif path == "-" and problem is None:
            yield "<stdin>", None, sys.stdin.buffer.read()
        else:
            yield path, problem, None


def no_records(folder: str) -> Diagnostic:
    """NAP107: ``folder`` holds no ``*.nap`` or ``*.NAP`` file."""
    return Diagnostic(
        "NAP107",
        "no records found (no *.nap or *.NAP file in this folder)",
        Span(1, 1, 1, 1),
        folder,
        message_ja="記録が見つからない（このフォルダに *.nap / *.NAP ファイルがない）",
    )


def settings_from(args: argparse.Namespace) -> CheckSettings:
    cache_dir = None if args.no_cache else str(args.cache_dir or default_dir())
    return CheckSettings(args.encoding, args.max_diagnostics, cache_dir)


def run(args: argparse.Namespace) -> int:
    if args.encoding is not None:
        try:
            codecs.lookup(args.encoding)
        except LookupError:
            text = USAGE["encoding"](args.lang or default_lang(), encoding=args.encoding)
            print(f"napkifu check: {text}", file=sys.stderr)
            return 2
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
    status = files = errors = warnings = 0
    first_code = ""  # for the one hint line pointing at `napkifu explain`
    work = functools.partial(check_task, settings_from(args))
    empty: list[Diagnostic] = []
    tasks = list(_tasks(args, empty))
    for d in empty:  # NAP107: a folder with no records
        warnings += 1
        if out is not None:
            out.add((d,))
        else:
            print("\n".join(render_text((d,), lang=lang, color=color)))
    jobs = jobs_for((path for path, problem, data in tasks if data is None), args.jobs)
    try:
        for result in run_jobs(work, tasks, jobs):
            files += 1
            if result.error is not None:
                print(
                    "napkifu check: " + CANNOT_OPEN(lang, path=result.path, reason=result.error),
                    file=sys.stderr,
                )
                status = 2
                continue
            errors += result.errors
            warnings += result.warnings
            if result.errors:
                status = max(status, 1)
            if out is not None:
                out.add(result.diagnostics)
                if result.hidden:
                    print(more_line(result.path, result.hidden, lang), file=sys.stderr)
                continue
            first_code = first_code or next((d.code for d in result.diagnostics), "")
            for line in render_text(
                result.diagnostics, result.lines, lang=lang, color=color, excerpt=not args.quiet
            ):
                print(line)
            if result.hidden:
                print(more_line(result.path, result.hidden, lang))
            sys.stdout.flush()
    except BrokenProcessPool:  # a worker was killed (out of memory?): say so, no traceback
        print(f"napkifu check: {USAGE['died'](lang)}", file=sys.stderr)
        status = 2
    if empty and not files:  # nothing at all was read
        status = 2
    if out is not None:
        out.close()
    elif not args.quiet:
        print(summary_line(errors, warnings, files, lang), file=sys.stderr)
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
        for obj in to_json_objects(diagnostics, self.lang):
            text = json.dumps(obj, ensure_ascii=False, indent=2).replace("\n", "\n  ")
            sys.stdout.write(("[\n  " if self.count == 0 else ",\n  ") + text)
            self.count += 1
        sys.stdout.flush()

    def close(self) -> None:
        sys.stdout.write("\n]\n" if self.count else "[]\n")
        sys.stdout.flush()

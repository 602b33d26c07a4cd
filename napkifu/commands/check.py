"""``napkifu check``: report every problem in records, with its code and exact position.

The work for one file is :func:`check_file`, a pure top-level function of the
path (and settings) returning a picklable :class:`FileResult`, so that a process
pool or a content-hash cache can wrap it without knowing what checking means.
Everything else here is gathering the files and printing.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from napkifu.diagnostics import Diagnostic, Severity
from napkifu.i18n import LANGS, Lang, Text, default_lang
from napkifu.model import Span
from napkifu.report import more_line, render_json, render_text, summary_line

CANNOT_OPEN = Text("cannot open {path}: {reason}", "{path} を開けません: {reason}")


@dataclass(frozen=True, slots=True)
class FileResult:
    """What checking one file found. ``error`` is set (and nothing else) when the
    file could not be opened; ``lines`` holds just the source lines the
    diagnostics point at, for the excerpt under each one."""

    path: str
    diagnostics: tuple[Diagnostic, ...] = ()
    games: int = 0
    rounds: int = 0
    lines: dict[int, str] = field(default_factory=dict)
    error: str | None = None

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.WARNING)

    def to_dict(self) -> dict[str, object]:
        """A JSON-able form (for a result cache); :meth:`from_dict` reverses it."""
        return {
            "path": self.path,
            "diagnostics": [
                {
                    **d.to_json(),
                    "message_ja": d.message_ja,
                    "severity_override": d.severity_override.value if d.severity_override else None,
                }
                for d in self.diagnostics
            ],
            "games": self.games,
            "rounds": self.rounds,
            "lines": {str(k): v for k, v in self.lines.items()},
            "error": self.error,
        }

    @staticmethod
    def from_dict(data: dict[str, object]) -> FileResult:
        diags = []
        for d in data["diagnostics"]:  # type: ignore[attr-defined]
            override = d.get("severity_override")
            diags.append(
                Diagnostic(
                    d["code"],
                    d["message"],
                    Span(d["line"], d["column"], d["end_line"], d["end_column"]),
                    d["file"],
                    d["game"],
                    d["round"],
                    d["trick"],
                    d.get("message_ja"),
                    Severity(override) if override else None,
                )
            )
        return FileResult(
            str(data["path"]),
            tuple(diags),
            int(data["games"]),
            int(data["rounds"]),  # type: ignore[arg-type]
            {int(k): v for k, v in data["lines"].items()},  # type: ignore[attr-defined]
            data.get("error"),  # type: ignore[arg-type]
        )


def check_bytes(data: bytes, file: str, encoding: str | None = None) -> FileResult:
    """Check a record given as bytes (what :func:`check_file` does after reading)."""
    from napkifu.api import loads

    judgement = loads(data, file=file, encoding=encoding)
    record = judgement.record
    games = len(record.games) if record is not None else 0
    rounds = sum(len(g.rounds) for g in record.games) if record is not None else 0
    wanted = {d.span.line for d in judgement.diagnostics if d.span.line > 0}
    lines: dict[int, str] = {}
    if wanted and record is not None:
        text = _text_for_excerpts(data, encoding)
        if text is not None:
            for number, line in enumerate(text.split("\n"), start=1):
                if number in wanted:
                    lines[number] = line.rstrip("\r")[:500]
    return FileResult(file, tuple(judgement.diagnostics), games, rounds, lines)


def _text_for_excerpts(data: bytes, encoding: str | None) -> str | None:
    from napkifu.notation import decode
    from napkifu.notation.reader import normalise

    text, _ = decode(data, encoding=encoding)
    return normalise(text) if text is not None else None


def check_file(path: str, encoding: str | None = None) -> FileResult:
    """Check the record at ``path``; never raises for a file that cannot be read."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        return FileResult(path, error=err.strerror or str(err))
    return check_bytes(data, path, encoding)


def iter_paths(paths: list[str]) -> Iterator[tuple[str, str | None]]:
    """(path, problem) for every file to check: files as given, ``*.nap`` files
    under directories (sorted, symlinked directories followed once), ``-`` for stdin."""
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            if path != "-" and not os.path.exists(path):
                yield path, "No such file or directory"
            else:
                yield path, None
            continue
        seen: set[tuple[int, int]] = set()
        problems: list[OSError] = []
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
                if name.endswith(".nap"):
                    yield os.path.join(root, name), None
        for err in problems:
            yield str(err.filename or path), err.strerror or str(err)


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
        help="show at most N diagnostics per file (text output)",
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


def _results(args: argparse.Namespace) -> Iterator[FileResult]:
    for path, problem in iter_paths(args.paths):
        if problem is not None:
            yield FileResult(path, error=problem)
        elif path == "-":
            yield check_bytes(sys.stdin.buffer.read(), "<stdin>", args.encoding)
        else:
            yield check_file(path, args.encoding)


def run(args: argparse.Namespace) -> int:
    if args.encoding is not None:
        try:
            codecs.lookup(args.encoding)
        except LookupError:
            print(f"napkifu check: unknown encoding {args.encoding!r}", file=sys.stderr)
            return 2
    if args.max_diagnostics is not None and args.max_diagnostics < 0:
        print("napkifu check: --max-diagnostics must be 0 or more", file=sys.stderr)
        return 2
    lang: Lang = args.lang or default_lang()
    color = args.color == "always" or (
        args.color == "auto" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    )
    status = files = errors = warnings = 0
    collected: list[Diagnostic] = []
    for result in _results(args):
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
        if args.format == "json":
            collected.extend(result.diagnostics)
            continue
        shown = list(result.diagnostics)
        hidden = 0
        if args.max_diagnostics is not None and len(shown) > args.max_diagnostics:
            hidden = len(shown) - args.max_diagnostics
            shown = shown[: args.max_diagnostics]
        for line in render_text(
            shown, result.lines, lang=lang, color=color, excerpt=not args.quiet
        ):
            print(line)
        if hidden:
            print(more_line(result.path, hidden, lang))
    if args.format == "json":
        json_lang: Lang = args.lang or "en"
        print(render_json(collected, json_lang) if collected else json.dumps([]))
    elif not args.quiet:
        print(summary_line(errors, warnings, files, lang), file=sys.stderr)
    return status

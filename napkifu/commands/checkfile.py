"""The work of ``napkifu check`` on one file, apart from the command line.

:func:`check_file` is a pure top-level function of the path and the settings
returning a picklable :class:`FileResult`, so that a process pool
(:mod:`napkifu.parallel`) and the content-hash cache (:mod:`napkifu.cache`) can
wrap it without knowing what checking means; :func:`check_task` is that wrapping.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from napkifu.cache import ResultCache
from napkifu.diagnostics import Budget, Diagnostic, Severity
from napkifu.model import Span
from napkifu.replay.results import Judgement

CACHE_SCHEMA = "check/3"
"""Bump when :meth:`FileResult.to_dict` changes shape (the code fingerprint also
changes then, but saying so costs nothing)."""


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
    hidden_errors: int = 0  # found but not kept (beyond ``--max-diagnostics``)
    hidden_warnings: int = 0
    hidden_notes: int = 0
    stopped: bool = False  # ``--max-diagnostics`` reached: the rest was not read

    @property
    def errors(self) -> int:
        return self.hidden_errors + sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return self.hidden_warnings + sum(
            1 for d in self.diagnostics if d.severity is Severity.WARNING
        )

    @property
    def notes(self) -> int:
        return self.hidden_notes + sum(1 for d in self.diagnostics if d.is_note)

    @property
    def hidden(self) -> int:
        return self.hidden_errors + self.hidden_warnings + self.hidden_notes

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
            "hidden_errors": self.hidden_errors,
            "hidden_warnings": self.hidden_warnings,
            "hidden_notes": self.hidden_notes,
            "stopped": self.stopped,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> FileResult:
        diags = []
        for d in data["diagnostics"]:
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
            int(data["rounds"]),
            {int(k): v for k, v in data["lines"].items()},
            data.get("error"),
            int(data.get("hidden_errors", 0)),
            int(data.get("hidden_warnings", 0)),
            int(data.get("hidden_notes", 0)),
            bool(data.get("stopped", False)),
        )


def check_bytes(
    data: bytes, file: str, encoding: str | None = None, keep: int | None = None
) -> FileResult:
    """Check a record given as bytes (what :func:`check_file` does after reading)."""
    from napkifu.api import iter_loads

    budget = None if keep is None else Budget(keep)
    judgements = iter_loads(
        data, file=file, encoding=encoding, detail=False, budget=budget, facts=False
    )
    return _gather(judgements, file, encoding, budget, data)


def check_file(path: str, encoding: str | None = None, keep: int | None = None) -> FileResult:
    """Check the record at ``path``; never raises for a file that cannot be read.

    The file is judged game by game (:func:`napkifu.api.iter_load`) and only the
    diagnostics, the counts and the source lines the diagnostics point at are
    kept, so memory follows the largest game, not the file. ``keep`` bounds the
    diagnostics made and kept (the first ones in file order): once that many are
    found with an error among them, the exit status is known and the rest of the
    file is not read (``stopped``); past it, warnings are only counted."""
    from napkifu.api import iter_load

    budget = None if keep is None else Budget(keep)
    try:
        judgements = iter_load(path, encoding=encoding, detail=False, budget=budget, facts=False)
        return _gather(judgements, path, encoding, budget, None)
    except OSError as err:
        return FileResult(path, error=err.strerror or str(err))


def _gather(
    judgements: Iterator[Judgement],
    file: str,
    encoding: str | None,
    budget: Budget | None,
    data: bytes | None,
) -> FileResult:
    kept: list[Diagnostic] = []
    hidden = dict.fromkeys(Severity, 0)  # found but not kept
    games = rounds = 0
    readable = False
    keep = None if budget is None else budget.room

    def trim(limit: int) -> None:
        kept.sort(key=Diagnostic.sort_key)
        for d in kept[limit:]:
            hidden[d.severity] += 1
        del kept[limit:]

    try:
        for judgement in judgements:
            record = judgement.record
            if record is not None:
                readable = True
                games += len(record.games)
                rounds += sum(len(g.rounds) for g in record.games)
            kept.extend(judgement.diagnostics)
            if budget is not None and keep is not None:
                budget.erred = budget.erred or any(d.is_error for d in judgement.diagnostics)
                trim(keep)
                budget.room = keep - len(kept)
                if budget.stopped or budget.enough(0, False):
                    budget.stopped = True
                    break  # the exit status is known: the rest is not read
    except OSError:
        raise
    except Exception as exc:  # a bug: one file's verdict, never a traceback for all
        kept.append(internal_error(file, exc))
    finally:
        close = getattr(judgements, "close", None)
        if close is not None:
            close()  # a file left early is closed now, not when collected
    trim(len(kept) if keep is None else keep)
    wanted = {d.span.line for d in kept if d.span.line > 0}
    lines: dict[int, str] = {}
    if wanted and readable:
        # A file gone since it was judged: the diagnostics stand without excerpts.
        with contextlib.suppress(OSError):
            lines = _source_lines(data, file, encoding, wanted)
    return FileResult(
        file, tuple(kept), games, rounds, lines,
        hidden_errors=hidden[Severity.ERROR],
        hidden_warnings=hidden[Severity.WARNING] + (budget.hidden_warnings if budget else 0),
        hidden_notes=hidden[Severity.NOTE],
        stopped=budget is not None and budget.stopped,
    )  # fmt: skip


def internal_error(file: str, exc: BaseException) -> Diagnostic:
    """NAP900 for a crash outside the engine's per-round net (the rest of the file
    is not checked then)."""
    what = f"{type(exc).__name__}: {exc}"
    return Diagnostic(
        "NAP900",
        f"internal error while reading this file, please report: {what}",
        Span.point(1),
        file,
        message_ja=f"ファイル読み込み中の内部エラー（報告してください）: {what}",
    )


def _source_lines(
    data: bytes | None, file: str, encoding: str | None, wanted: set[int]
) -> dict[int, str]:
    """The ``wanted`` lines of the text, as the parser saw them. A file is read again
    line by line (the streaming reader's lines), never whole, so showing excerpts
    for a 200 MB file costs no more memory than judging it did."""
    from napkifu.notation import stream

    if data is not None:
        return _pick(stream.text_lines(_decoded(data, encoding)), wanted)
    with open(file, "rb") as fh:
        codec, _ = stream.sniff(fh, file, encoding)
        if codec is None:
            return {}
        return _pick(stream.file_lines(fh, codec), wanted)


def _decoded(data: bytes, encoding: str | None) -> str:
    from napkifu.notation import decode

    text, _ = decode(data, encoding=encoding)
    return text or ""


def _pick(lines: Iterable[str], wanted: set[int]) -> dict[int, str]:
    last = max(wanted)
    out: dict[int, str] = {}
    for number, line in enumerate(lines, start=1):
        if number in wanted:
            out[number] = line[:500]
        if number >= last:
            break
    return out


@dataclass(frozen=True, slots=True)
class CheckSettings:
    """Everything besides a file's bytes and path that can change its result."""

    encoding: str | None = None
    keep: int | None = None  # diagnostics kept per file (``--max-diagnostics``)
    cache_dir: str | None = None  # None: no cache

    def cache_key_text(self, path: str) -> str:
        return f"{CACHE_SCHEMA}\0{path}\0{self.encoding}\0{self.keep}"


Task = tuple[str, str | None, bytes | None]
"""(path, problem found while gathering the files, bytes already read: stdin)."""


def check_task(settings: CheckSettings, task: Task) -> FileResult:
    """One file's result: from the cache when its bytes, path and settings were
    checked before by this very code, else checked (and stored)."""
    path, problem, data = task
    if problem is not None:
        return FileResult(path, error=problem)

    def judged() -> FileResult:
        if data is not None:
            return check_bytes(data, path, settings.encoding, settings.keep)
        return check_file(path, settings.encoding, settings.keep)

    if settings.cache_dir is None:
        return judged()
    cache = ResultCache(settings.cache_dir)
    try:
        if data is None:
            key, stamp = cache.file_key(path, settings.cache_key_text(path))
        else:
            key, stamp = cache.key(data, settings.cache_key_text(path)), None
    except OSError as err:
        return FileResult(path, error=err.strerror or str(err))
    hit = cache.get(key)
    if isinstance(hit, dict):
        try:
            return FileResult.from_dict(hit)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # an entry of another shape: a miss
    result = judged()
    # A file written to while it was judged keeps its result out of the cache:
    # the result may belong to other bytes than the key's.
    crashed = any(d.code == "NAP900" for d in result.diagnostics)  # may be transient
    if result.error is None and not crashed and (stamp is None or cache.unchanged(path, stamp)):
        cache.put(key, result.to_dict())
    return result

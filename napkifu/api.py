"""The public entry points: text or a file in, a :class:`Judgement` out.

This is the whole pipeline in one place — decode → parse (grammar → record model)
→ replay (judgement) — so that the CLI, the analysis layer and the dashboard all
judge a record the same way.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from napkifu.diagnostics import Budget, Diagnostic
from napkifu.paths import RECORD_SUFFIXES as RECORD_SUFFIXES  # (re-exported)
from napkifu.paths import is_record_name as is_record_name
from napkifu.replay.results import Judgement

"""What a file found in a folder must end with to be read as a record (NOTATION.md
v1.1 §5); a file named on the command line is read whatever its extension."""


def loads(
    data: str | bytes, file: str = "<string>", *, encoding: str | None = None, detail: bool = True
) -> Judgement:
    """Judge a record given as text (or raw bytes, decoded as ``napkifu check`` would);
    ``detail`` False: without the judged tricks (as :func:`iter_loads`)."""
    from napkifu.notation import decode, parse
    from napkifu.replay import judge

    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    diagnostics: list[Diagnostic] = []
    if isinstance(data, bytes):
        text, decode_diags = decode(data, file=file, encoding=encoding)
        diagnostics.extend(decode_diags)
        if text is None:
            return Judgement(file, None, (), tuple(diagnostics), size)
    else:
        text = data
    record, parse_diags = parse(text, file=file)
    diagnostics.extend(parse_diags)
    games, judge_diags = judge(record, file=file, detail=detail)
    diagnostics.extend(judge_diags)
    diagnostics.sort(key=Diagnostic.sort_key)
    return Judgement(file, record, games, tuple(diagnostics), size)


def load(path: str | Path, *, encoding: str | None = None) -> Judgement:
    """Judge the record in ``path``. Raises OSError when the file cannot be opened
    (the CLI turns that into exit status 2)."""
    p = Path(path)
    return loads(p.read_bytes(), file=str(path), encoding=encoding)


WHOLE_FILE_LIMIT = 8 << 20  # bytes: a smaller file is simply read at once (tests set 0)


def iter_loads(
    data: str | bytes,
    file: str = "<string>",
    *,
    encoding: str | None = None,
    detail: bool = True,
    budget: Budget | None = None,
    facts: bool = True,
) -> Iterator[Judgement]:
    """Judge a record game by game: one :class:`Judgement` per game, whose record
    holds just that game and whose ``games`` is its judged game.

    This is how the CLI and the season tables read big files: only one game's
    model is alive at a time, so memory follows the largest game, not the file.
    Games keep their numbers, lines and columns in the whole file, and the union
    of the yielded diagnostics is exactly what :func:`loads` reports: decode
    diagnostics and the record's leading comments come with the first judgement,
    every other diagnostic with the game it was found in (a syntax error between
    two games with the game before). ``size_bytes`` is the whole size on the first
    judgement and 0 on the others, so that they add up. A file without games
    yields one judgement with an empty record; an unreadable one, one with none.
    ``detail`` False: no judged tricks (:func:`napkifu.replay.judge`), for a caller
    that wants only the diagnostics and verdicts (``check``). A ``budget``
    (``check --max-diagnostics``) ends the reading once it is spent: see
    :class:`napkifu.diagnostics.Budget`. ``facts`` False: not even the rounds'
    played tricks and dealt hands — the diagnostics and verdicts alone (``check``).
    """
    from napkifu.notation import decode
    from napkifu.notation.stream import text_lines

    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    first: list[Diagnostic] = []
    if isinstance(data, bytes):
        text, first = decode(data, file=file, encoding=encoding)
        if text is None:
            yield Judgement(file, None, (), tuple(first), size)
            return
    else:
        text = data
    yield from _judged(text_lines(text), file, first, size, detail, budget, facts)


def iter_load(
    path: str | Path,
    *,
    encoding: str | None = None,
    detail: bool = True,
    budget: Budget | None = None,
    facts: bool = True,
) -> Iterator[Judgement]:
    """:func:`iter_loads` for the file at ``path``, read in chunks, never whole:
    memory follows the largest game, not the file. Raises OSError at the call
    (not at the first ``next``) when the file cannot be opened, like :func:`load`.
    The file is opened once: its size is asked of the open file and a small one is
    read from it whole (no ``Path``, no ``stat`` of the path: ~3 µs a file)."""
    fh = open(path, "rb")  # noqa: SIM115 (closed here, or by the stream at its end)
    try:
        small = os.fstat(fh.fileno()).st_size <= WHOLE_FILE_LIMIT
        data = fh.read() if small else b""
    except BaseException:
        fh.close()
        raise
    if not small:
        return _stream_file(fh, str(path), encoding, detail, budget, facts)
    fh.close()
    return iter_loads(
        data, file=str(path), encoding=encoding, detail=detail, budget=budget, facts=facts
    )


def _stream_file(
    fh: BinaryIO,
    file: str,
    encoding: str | None,
    detail: bool,
    budget: Budget | None,
    facts: bool = True,
) -> Iterator[Judgement]:
    from napkifu.notation.stream import file_lines, sniff

    with fh:
        size = os.fstat(fh.fileno()).st_size
        codec, first = sniff(fh, file, encoding)
        if codec is None:
            yield Judgement(file, None, (), tuple(first), size)
            return
        yield from _judged(file_lines(fh, codec), file, first, size, detail, budget, facts)


def _judged(
    lines: Iterable[str],
    file: str,
    first: list[Diagnostic],
    size: int,
    detail: bool,
    budget: Budget | None = None,
    facts: bool = True,
) -> Iterator[Judgement]:
    from napkifu.notation.reader import iter_parse
    from napkifu.replay import judge

    noted: set[str] = set()  # notes are given once per file (replay.judge)
    if budget is not None:
        budget.spend(first)
    for record, parse_diags in iter_parse(lines, file, budget):
        if budget is not None:  # the judge of this game has the room the reader left
            budget.spend(parse_diags)
        games, judge_diags = judge(
            record, file=file, detail=detail, noted=noted, budget=budget, facts=facts
        )
        diagnostics = first + parse_diags + judge_diags
        diagnostics.sort(key=Diagnostic.sort_key)
        yield Judgement(file, record, games, tuple(diagnostics), size)
        first, size = [], 0

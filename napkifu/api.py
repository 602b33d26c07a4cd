"""The public entry points: text or a file in, a :class:`Judgement` out.

This is the whole pipeline in one place — decode → parse (grammar → record model)
→ replay (judgement) — so that the CLI, the analysis layer and the dashboard all
judge a record the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from napkifu.diagnostics import Diagnostic
from napkifu.replay.results import Judgement


def loads(data: str | bytes, file: str = "<string>", *, encoding: str | None = None) -> Judgement:
    """Judge a record given as text (or raw bytes, decoded as ``napkifu check`` would)."""
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
    games, judge_diags = judge(record, file=file)
    diagnostics.extend(judge_diags)
    diagnostics.sort(key=Diagnostic.sort_key)
    return Judgement(file, record, games, tuple(diagnostics), size)


def load(path: str | Path, *, encoding: str | None = None) -> Judgement:
    """Judge the record in ``path``. Raises OSError when the file cannot be opened
    (the CLI turns that into exit status 2)."""
    p = Path(path)
    return loads(p.read_bytes(), file=str(path), encoding=encoding)


def iter_loads(
    data: str | bytes, file: str = "<string>", *, encoding: str | None = None
) -> Iterator[Judgement]:
    """Judge a record game by game: one :class:`Judgement` per game, whose record
    holds just that game (decode and file-level diagnostics come with the first).

    This is how the CLI and the season tables read big files: only one game's
    model is alive at a time, so memory follows the largest game, not the file.
    """
    yield loads(data, file, encoding=encoding)


def iter_load(path: str | Path, *, encoding: str | None = None) -> Iterator[Judgement]:
    """:func:`iter_loads` for the file at ``path`` (raises OSError like :func:`load`)."""
    p = Path(path)
    yield from iter_loads(p.read_bytes(), file=str(path), encoding=encoding)

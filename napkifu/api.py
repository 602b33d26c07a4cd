"""The public entry points: text or a file in, a :class:`Judgement` out.

This is the whole pipeline in one place — decode → parse (grammar → record model)
→ replay (judgement) — so that the CLI, the analysis layer and the dashboard all
judge a record the same way.
"""

from __future__ import annotations

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

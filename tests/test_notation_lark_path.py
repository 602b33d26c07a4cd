"""The fast path is an optimisation only (issue 8): with it switched off, every
line goes through the Lark grammar, and every test record must read into the
very same model — spans included — with the very same diagnostics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from corpus import RECORDS, deep

from napkifu.notation import decode, parse
from napkifu.notation.fastpath import FastPath


def test_records_found() -> None:
    assert len(RECORDS) > 100


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_grammar_alone_reads_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text, _ = decode(path.read_bytes())
    if text is None:
        pytest.skip("not decodable")
    fast_record, fast_diags = parse(text, str(path))
    taken = []
    original = FastPath.statement

    def counting(self: FastPath, line: str, head: str, line_no: int) -> Any:
        stmt = original(self, line, head, line_no)
        taken.append(stmt is not None)
        return None  # always leave the line to Lark

    monkeypatch.setattr(FastPath, "statement", counting)
    monkeypatch.setattr(FastPath, "known", lambda *_: None)
    slow_record, slow_diags = parse(text, str(path))
    assert taken, "no statement line read"
    assert deep(slow_record) == deep(fast_record)
    assert slow_diags == fast_diags

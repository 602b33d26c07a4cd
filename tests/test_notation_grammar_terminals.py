"""The grammar's terminals kept between runs, and Lark imported only when a line needs it."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from napkifu.cache import TERMINALS_FILE
from napkifu.notation import grammar

RECORD = """players A B C D E
round 1
dealer A
bids 13S B:P
napoleon A 13S
call SA
1 A: S2 S3 S4 S5 S6
"""

SCRIPT = """
import json, sys
from napkifu.notation import parse
record, diags = parse(sys.stdin.read())
print(json.dumps({"lark": "lark" in sys.modules,
                  "diags": [[d.code, d.span.line, d.span.column, d.message] for d in diags]}))
"""


def _read(text: str, cache: Path) -> dict[str, object]:
    env = {**os.environ, "NAPKIFU_CACHE_DIR": str(cache)}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], input=text, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_a_run_after_the_first_reads_known_lines_without_lark(tmp_path: Path) -> None:
    first = _read(RECORD, tmp_path)
    assert first["lark"] is True  # the terminals taken from Lark, then kept
    assert (tmp_path / TERMINALS_FILE).is_file()
    again = _read(RECORD, tmp_path)
    assert again == {**first, "lark": False}


def test_a_mistake_is_explained_the_same_with_lark_imported_late(tmp_path: Path) -> None:
    bad = RECORD + "2 B: S7 SX S9 S10 SJ\nwhat now\n"
    cold = _read(bad, tmp_path / "a")  # Lark imported at the start (no kept file)
    warm = _read(bad, tmp_path / "a")  # imported at the first mistake
    assert [d[0] for d in cold["diags"]] == ["NAP102", "NAP101"]  # type: ignore[union-attr]
    assert warm["diags"] == cold["diags"]


def test_kept_terminals_are_lark_s() -> None:
    lark = grammar.parser()[0]
    assert grammar.terminals() == {t.name: t.pattern.to_regexp() for t in lark.terminals}


@pytest.mark.parametrize(
    "content",
    [b"", b"not marshal", marshal.dumps((1, "an older grammar", None, {"NAME": "x"})), b"\xe3"],
)
def test_a_stale_or_broken_file_is_made_again(
    content: bytes, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(tmp_path))
    kept = tmp_path / TERMINALS_FILE
    kept.write_bytes(content)
    lark = grammar.parser()[0]
    assert grammar.terminals() == {t.name: t.pattern.to_regexp() for t in lark.terminals}
    made = marshal.loads(kept.read_bytes())
    assert made[1] == grammar.grammar_text() and made[3] == grammar.terminals()


def test_a_folder_that_cannot_be_written_only_means_nothing_is_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("NAPKIFU_CACHE_DIR", str(blocker / "c"))
    lark = grammar.parser()[0]
    assert grammar.terminals() == {t.name: t.pattern.to_regexp() for t in lark.terminals}

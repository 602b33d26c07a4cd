"""The shared v1.1 corpus (../shared/corpus/varied: 400 valid records, every preset,
written many ways) must be accepted as a whole: exit 0 and no error. It caught the
presets' first-bidder values contradicting the corpus (docs/spec/RULES.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from napkifu.cli import main

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "varied"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/corpus/varied")


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not on this machine")
def test_check_accepts_the_whole_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "-q", "--no-cache", "-j", "1", str(CORPUS)])
    out = capsys.readouterr().out
    assert " error" not in out, out[:2000]
    assert code == 0

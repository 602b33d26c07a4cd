"""Every diagnostic, and a digest of every judged value, of every record on disk
(tests/records, sample_records, the shared examples) and of a generated corpus
(simulated games, the same with one injected fault, mangled text) is pinned by
tests/snapshots/judge-diagnostics.json.

The engine is tuned for speed; this is what proves a tuning changed no judgement.
A deliberate fix regenerates the snapshot (tests/snapshots/make_judge_snapshot.py)
and says which records moved."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "snapshots"
sys.path.insert(0, str(HERE))

from make_judge_snapshot import CORPUS, SNAPSHOT, diagnostics, record_files  # noqa: E402

EXPECTED: dict[str, list[list[object]]] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
TEXTS: dict[str, str] = json.loads(CORPUS.read_text(encoding="utf-8"))
FILES = record_files()


def _compare(name: str, got: list[list[object]]) -> None:
    want = EXPECTED[name]
    if got != want:
        lost = [d for d in want if d not in got]
        new = [d for d in got if d not in want]
        pytest.fail(f"{name}: diagnostics changed\n  lost: {lost}\n  new: {new}")


def test_snapshot_covers_the_records() -> None:
    assert len(FILES) >= 200 and len(TEXTS) >= 150
    assert set(FILES) | set(TEXTS) <= set(EXPECTED)


@pytest.mark.parametrize("name", sorted(FILES))
def test_record_on_disk(name: str) -> None:
    if name not in EXPECTED:
        pytest.skip("record added after the snapshot")
    _compare(name, diagnostics(FILES[name].read_bytes(), name))


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_generated_record(name: str) -> None:
    _compare(name, diagnostics(TEXTS[name], name))

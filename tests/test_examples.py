"""Acceptance: every valid example checks clean; every fault case reports its code
on its line (tests/examples/README.md, a copy of the shared examples)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napkifu.api import load

EXAMPLES = Path(__file__).resolve().parent / "examples"
VALID = sorted(
    p for d in ("standard", "webgame", "bga", "classic") for p in (EXAMPLES / d).glob("*.nap")
)
FAULTS = sorted((EXAMPLES / "faults").glob("*.nap"))

pytestmark = pytest.mark.skipif(not EXAMPLES.exists(), reason="shared examples not present")


def test_examples_found() -> None:
    assert len(VALID) >= 32 and len(FAULTS) >= 60


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_record_checks_clean(path: Path) -> None:
    judged = load(path)
    errors = [f"{d.span.line}: {d.code} {d.message}" for d in judged.diagnostics if d.is_error]
    assert errors == []
    assert judged.games and all(g.rounds for g in judged.games)


@pytest.mark.parametrize("path", FAULTS, ids=lambda p: p.name)
def test_fault_reported_on_its_line(path: Path) -> None:
    expect = json.loads(path.with_suffix(".expect.json").read_text())
    judged = load(path)
    found = [(d.code, d.span.line) for d in judged.diagnostics]
    assert (expect["code"], expect["line"]) in found, found
    hit = next(
        d for d in judged.diagnostics if (d.code, d.span.line) == (expect["code"], expect["line"])
    )
    assert hit.file == str(path) and hit.message and hit.message_ja is not None
    if hit.severity == "error":
        assert judged.has_errors
    elif hit.code == "NAP604":  # v1.1: a line that does not sum to 0 has a wrong score too
        assert ("NAP602", expect["line"]) in found
    else:  # a warning-only fault still lets the file pass
        assert not judged.has_errors


def test_no_internal_errors_anywhere() -> None:
    for path in VALID + FAULTS:
        assert not [d for d in load(path).diagnostics if d.code == "NAP900"], path.name

"""`napkifu fill`: the rules' scores and running totals written so that `check` accepts them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from napkifu.api import loads
from napkifu.cli import main
from napkifu.commands.fill import fill_text

SAMPLES = Path(__file__).resolve().parents[1] / "sample_records"
SHEET = """\
players Haru Sora Mina Riku Kei
rules standard

round 1
  napoleon Riku 14♠
  call ♥J
  adjutant Sora
  result 15

round 2
  napoleon Sora 13♥
  call ♠A
  adjutant Kei
  result 11  # lost
  score Haru 1 Sora -3 Mina 1 Riku 1 Kei 1

round 3
  bids Haru:pass Sora:pass Mina:pass Riku:pass Kei:pass

round 4
  napoleon Mina 15♦
  call ♦J
  adjutant none
  result 16
  total Haru 0 Sora 0 Mina 0 Riku 0 Kei 0
"""


def test_fill_writes_what_check_accepts_and_says_what_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "sheet.nap"
    path.write_text(SHEET, encoding="utf-8")
    assert {d.code for d in loads(SHEET).diagnostics} == {"NAP602", "NAP603", "NAP604"}
    assert main(["fill", "--lang", "en", str(path)]) == 0
    err = capsys.readouterr().err
    assert "round 1: score line written" in err and "round 2: score line corrected" in err
    assert "round 4: total line corrected" in err and "6 line(s) changed in 1 file(s)." in err
    filled = path.read_text(encoding="utf-8")
    assert [d.code for d in loads(filled).diagnostics] == []
    assert "  result 11  # lost\n  score Haru +1 Sora -2 Mina +1 Riku +1 Kei -1\n" in filled
    assert "  total Haru -1 Sora -2 Mina 4 Riku 2 Kei -3" in filled
    assert main(["fill", "--check", "--lang", "en", str(path)]) == 0  # nothing left


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.nap")))
def test_fill_restores_stripped_score_and_total_lines(name: str) -> None:
    original = (SAMPLES / name).read_text(encoding="utf-8")
    if {d.code for d in loads(original).diagnostics if d.is_error}:
        pytest.skip("a sample with errors")
    stripped = re.sub(r"(?m)^\s*(score|total) .*\n", "", original)
    filled, _, refused = fill_text(stripped, name)
    assert not refused and filled is not None
    assert [d.code for d in loads(filled).diagnostics if d.is_error] == []
    kept = re.compile(r"(?m)^\s*(score|total) (.*?)\s*(#.*)?$")
    written = [m.group(1, 2) for m in kept.finditer(original)]
    assert [m.group(1, 2) for m in kept.finditer(filled)][: len(written)] == written or not written


def test_fill_refuses_a_record_with_notation_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.nap"
    path.write_text(SHEET.replace("call ♥J", "call ♥11"), encoding="utf-8")
    assert main(["fill", "--lang", "en", str(path)]) == 1
    assert "call ♥11" in path.read_text(encoding="utf-8")


def test_check_mode_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "sheet.nap"
    path.write_text(SHEET, encoding="utf-8")
    assert main(["fill", "--check", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == SHEET


def test_fill_keeps_comments_and_skips_an_unjudgeable_round() -> None:
    text = SHEET.replace(
        "  score Haru 1 Sora -3 Mina 1 Riku 1 Kei 1",
        '  score Haru 1 Sora -3 Mina 1 Riku 1 Kei 1  # "Sora" lost: 負け',
    ).replace("  napoleon Mina 15♦", "  napoleon Mina 12♦")  # round 4: a bid below min-bid
    filled, changes, refused = fill_text(text, "sheet.nap")
    assert not refused and filled is not None
    assert '  score Haru +1 Sora -2 Mina +1 Riku +1 Kei -1  # "Sora" lost: 負け' in filled
    assert (4, "skipped", "NAP301") in changes
    assert "  total Haru 0 Sora 0 Mina 0 Riku 0 Kei 0" in filled  # round 4 left as written

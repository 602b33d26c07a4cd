"""`napkifu stats`: fits 80 columns, never cuts a name or a number, speaks the chosen language."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest

from napkifu.cli import main

SAMPLES = Path(__file__).resolve().parents[1] / "sample_records"
LONG = "Alexandra-Konstantinopoulou"


@pytest.fixture
def season(tmp_path: Path) -> Path:
    for f in SAMPLES.glob("*.nap"):
        shutil.copy(f, tmp_path / f.name)
    one = tmp_path / "bga-online-4p.nap"
    text = one.read_text(encoding="utf-8")
    name = re.search(r"(?m)^players (\S+)", text).group(1)  # type: ignore[union-attr]
    one.write_text(re.sub(rf"(?<![\w\"]){re.escape(name)}(?![\w\"])", LONG, text), encoding="utf-8")
    return tmp_path


def table(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["stats", *args, "--format", "table", "-q"]) == 0
    return capsys.readouterr().out


def test_default_table_fits_80_columns_and_cuts_nothing(
    season: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = table(capsys, str(season), "--lang", "en")
    assert "…" not in out and LONG in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Nap W-L" in out and re.search(r"-\d\.\d\d", out)  # a negative average, whole
    assert re.search(r"\b\d+-\d+\b", out)  # a win-loss cell


def test_wide_columns_make_the_table_wider_rather_than_cut(
    season: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = table(capsys, str(season), "--all", "--lang", "en")
    assert "…" not in out and LONG in out and "contracts_by_bid" not in out


def test_japanese_headers(
    season: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = table(capsys, str(season), "--lang", "ja")
    head = "\n".join(out.splitlines()[:4])
    assert "プレイヤー" in head and "得点" in head and "人" in head
    assert not re.search(r"[A-Za-z]", head), head


def test_columns_option(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = table(capsys, str(season), "--columns", "player,honors_avg", "--lang", "en")
    assert "honors" in out and "Nap W-L" not in out
    out = table(capsys, str(season), "--columns", "+partner", "--lang", "en")
    assert "partner" in out and "Nap W-L" in out
    assert main(["stats", str(season), "--columns", "nonsense", "-q"]) == 2


@pytest.mark.parametrize(("fmt", "sep"), [("csv", ","), ("tsv", "\t")])
def test_piped_output_is_plain_delimited_text(
    season: Path, capsys: pytest.CaptureFixture[str], fmt: str, sep: str
) -> None:
    assert main(["stats", str(season), "--format", fmt, "-q"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out), delimiter=sep))
    assert rows[0][:3] == ["player", "rounds", "points"]
    assert LONG in {r[0] for r in rows[1:]}
    assert all(len(r) == len(rows[0]) for r in rows)

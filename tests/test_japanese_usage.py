"""Usage and status lines of replay, clean and the CLI read in Japanese too."""

from __future__ import annotations

from pathlib import Path

import pytest

from napkifu.cli import main

SAMPLE = Path(__file__).resolve().parents[1] / "sample_records" / "friday-club-standard-5p.nap"


def test_replay_says_in_japanese_that_a_round_is_missing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(SAMPLE), "--round", "99", "--lang", "ja"]) == 2
    err = capsys.readouterr().err
    assert "ラウンド 99 はありません" in err and "no round" not in err


def test_replay_says_in_japanese_that_a_file_cannot_be_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.nap"), "--lang", "ja"]) == 2
    err = capsys.readouterr().err
    assert "を開けません" in err and "cannot open" not in err


def test_clean_reports_in_the_locale_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NAPKIFU_LANG", "ja")
    assert main(["clean", "--cache-dir", str(tmp_path / "cache")]) == 0
    assert "キャッシュを 0 件" in capsys.readouterr().out


def test_simulate_speaks_japanese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NAPKIFU_LANG", "ja")
    assert main(["simulate", "--players", "7"]) == 2
    assert "--players には 3 から 6" in capsys.readouterr().err
    assert main(["simulate", "--rule", "trump-jack=sometimes"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("napkifu simulate: ") and not any(
        w in err for w in ("unknown", "not a value", "must be")
    ), err
    out = tmp_path / "sim"
    assert main(["simulate", "--games", "2", "--rounds", "1", "-o", str(out), "--seed", "1"]) == 0
    assert f"{out} に 2 個のファイルを書きました" in capsys.readouterr().err

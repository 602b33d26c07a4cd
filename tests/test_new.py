"""`napkifu new`: a valid record to start from, in the scorer's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from napkifu.api import loads
from napkifu.cli import main
from napkifu.commands.new import template

NAMES = ["Haru", "さくら", "Taro Y.", "Mina", "Riku", "Kei"]


@pytest.mark.parametrize("preset", ["standard", "webgame", "bga", "classic"])
@pytest.mark.parametrize("count", [3, 4, 5, 6])
@pytest.mark.parametrize("play", [False, True])
def test_every_template_checks_clean(preset: str, count: int, play: bool) -> None:
    for lang in ("en", "ja"):
        text = template(NAMES[:count], preset, lang, date="2026-12-05", place="Kyoto", play=play)
        assert [d.code for d in loads(text).diagnostics] == [], text


def test_new_writes_a_file_check_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.nap"
    args = ["new", str(path), "--players", "Haru", "さくら", "Mina", "Riku", "--play"]
    assert main([*args, "--preset", "webgame", "--lang", "ja", "--title", "金曜会"]) == 0
    text = path.read_text(encoding="utf-8")
    assert 'game "金曜会"' in text and "rules webgame" in text and "bids Haru:13♠" in text
    notes = [line.split("#", 1)[1] for line in text.splitlines() if "#" in line]
    english = [n for n in notes if re.search(r"\b(the|who|and|of)\b", n)]
    assert not english, english
    assert main(["check", str(path), "--no-cache"]) == 0
    capsys.readouterr()
    assert main([*args, "--lang", "en"]) == 2  # never overwrites
    assert "exists; not overwritten" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "players", [["A", "B"], ["A", "B", "C", "D", "E", "F", "G"], ["A", "A", "B"]]
)
def test_bad_players_are_a_usage_error(players: list[str]) -> None:
    assert main(["new", "--players", *players]) == 2


def test_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--players", "A", "B", "C", "--preset", "standrd", "--lang", "en"]) == 2
    assert "no preset 'standrd'" in capsys.readouterr().err


def test_a_file_after_the_players_is_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse hands every word after ``--players`` to the names; the usual order
    ``new --players A B C D club.nap`` must still create club.nap with four players."""
    monkeypatch.chdir(tmp_path)
    assert main(["new", "--players", "A", "B", "C", "D", "club.nap", "--lang", "en"]) == 0
    text = (tmp_path / "club.nap").read_text(encoding="utf-8")
    assert "players A B C D\n" in text
    assert capsys.readouterr().out == ""  # written, not printed

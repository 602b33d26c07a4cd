"""Full-width spellings: one rule, applied by the reader everywhere; `fmt --fix` writes it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from napkifu.api import loads
from napkifu.cli import main
from napkifu.notation import parse
from napkifu.notation.fullwidth import fold_line, folds

ASCII = """\
players Haru さくら Mina Riku Kei
rules standard

round 1
  dealer Kei
  bids Haru:pass さくら:13♠ Mina:pass Riku:14♠ Kei:pass Haru:pass さくら:pass Mina:pass
  napoleon Riku 14♠
  call ♥J
  adjutant さくら
  1 Riku: ♠3 ♠5 ♠K ♠A ♠2
  2 さくら: JK ♥3 ♥4 ♥10 ♥6
  claim napoleon
  result 18
  score Haru -1 さくら +1 Mina -1 Riku +2 Kei -1
"""
WIDE = """\
players　Haru さくら Mina Riku Kei
rules standard

round 1
  dealer Kei
  bids Haru:pass さくら：１３♠ Mina:pass Riku:14♠︎ Kei:pass Haru:pass さくら:pass Mina:pass
  napoleon Riku 14♤
  call ♥️J
  adjutant さくら
  1 Riku： ♠3 ♠5 ♠Ｋ ♠A ♠2
  2 さくら: ＪＫ ♥3 ♥4 ♥１０ ♥6
  claim napoleon
  result １８
  score Haru −1 さくら ＋1 Mina ー1 Riku +2 Kei -1
"""


def test_every_full_width_spelling_reads_as_its_ascii_one() -> None:
    assert [d.code for d in loads(ASCII).diagnostics] == []
    assert [d.code for d in loads(WIDE).diagnostics] == []
    wide, _ = parse(WIDE)
    plain, _ = parse(ASCII)
    assert wide.games[0].players == plain.games[0].players
    # the same round once spans are set aside: compare what `fmt` writes
    from napkifu.notation.writer import format_record

    assert format_record(wide) == format_record(plain)


def test_long_vowel_mark_is_a_sign_only_before_a_digit() -> None:
    assert fold_line("  score ルーシー ー2 Haru ＋2") == "  score ルーシー -2 Haru +2"
    assert fold_line("players ルーシー Haru") == "players ルーシー Haru"


def test_comments_are_never_folded_and_ascii_is_untouched() -> None:
    line = "  result １８  # ＪＫ　（メモ）"
    assert fold_line(line) == "  result 18  # ＪＫ　（メモ）"
    assert fold_line("  1 Riku: ♠3") == "  1 Riku: ♠3"
    assert folds("  1 Riku: ♠3") == []


def test_a_wrong_card_stays_a_diagnostic() -> None:
    text = ASCII.replace("♥10 ♥6", "♥１１ ♥6")
    assert "NAP102" in {d.code for d in loads(text).diagnostics}


def test_fmt_fix_rewrites_and_says_what_it_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "wide.nap"
    path.write_text(WIDE.replace("1 Riku： ", "1 "), encoding="utf-8")
    assert main(["fmt", "--fix", "--lang", "en", str(path)]) == 0
    err = capsys.readouterr().err
    assert "wide.nap:1:8: `U+3000` → ` `" in err
    assert "wide.nap:6:43: `♠︎` → `♠`" in err
    assert "wide.nap:14:14: `−` → `-`" in err
    assert "round 1, trick 1: leader Riku written in" in err
    fixed = path.read_text(encoding="utf-8")
    assert not any(ch in fixed for ch in "　：＋−ＪＫ１ー\ufe0f\ufe0e")
    assert "  1 Riku: ♠3" in fixed
    assert [d.code for d in loads(fixed).diagnostics] == []
    assert main(["fmt", "--fix", "--lang", "en", str(path)]) == 0  # nothing left to repair
    assert "→" not in capsys.readouterr().err


def test_fmt_no_longer_refuses_a_full_width_space(tmp_path: Path) -> None:
    path = tmp_path / "space.nap"
    path.write_text(ASCII.replace("players ", "players　"), encoding="utf-8")
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8").startswith("players Haru")


def test_a_full_width_quote_inside_a_quoted_string_is_text() -> None:
    # found by the writer's round-trip property test: `tag 0 "＂"` could not be read back
    assert fold_line('tag 0 "＂"') == 'tag 0 "＂"'
    assert fold_line('game "a＂b" ＃ x') == 'game "a＂b" ＃ x'
    assert fold_line("game ＂ab＂") == 'game "ab"'  # typed in kana mode: quotes
    assert fold_line('game ＂a"') == 'game "a"'
    j = loads('game "a＂b"\nplayers A B C D E\n')
    assert not j.diagnostics and j.games[0].title == "a＂b"

"""A shared record cannot drive the reader's terminal (issue 31, item 3): ESC, BEL,
carriage returns and bidi controls in names, comments and bad tokens come out of
check, replay, stats, export and analyze escaped (``\\x1b``), never raw."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from napkifu.report import caret_line
from napkifu.terminal import escape

FRIDAY = Path(__file__).parent / "records" / "analysis" / "season" / "2026-01-10-friday.nap"
RAW = ("\x1b", "\x07", "\r", "\u202e")


@pytest.fixture
def evil(tmp_path: Path) -> Path:
    text = FRIDAY.read_text(encoding="utf-8")
    text = text.replace("さくら", '"さ\x1b]0;pwned\x07ら\u202e"')
    text = text.replace("# A five", "# \x1b[2J\x08 A five")
    text = text.replace("1 DA D6", "1 D\x1b[1AA D6", 1)
    path = tmp_path / "evil.nap"
    path.write_text(text, encoding="utf-8")
    return path


def _napkifu(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "napkifu", *args], capture_output=True, text=True, encoding="utf-8"
    )


@pytest.mark.parametrize(
    "args",
    [
        ("check", "--no-cache", "--color", "never"),
        ("replay",),
        ("stats", "--no-cache", "--no-progress"),
        ("export", "--no-cache", "--no-progress", "--season", "-"),
    ],
)
def test_no_raw_control_character_reaches_the_output(args: tuple[str, ...], evil: Path) -> None:
    result = _napkifu(*args, str(evil))
    # export's standard output is the CSV data itself, names as written (a file, not
    # a screen); its messages on stderr are escaped like every other command's
    out = result.stderr if args[0] == "export" else result.stdout + result.stderr
    assert "Traceback" not in out
    for raw in RAW:
        assert raw not in out, (args, raw)
    assert "\\x1b" in out


def test_analyze_escapes_the_names_it_prints(tmp_path: Path) -> None:
    text = FRIDAY.read_text(encoding="utf-8").replace("さくら", '"さ\x1b]0;pwned\x07ら\u202e"')
    path = tmp_path / "evil\x1b[2J.nap"
    path.write_text(text, encoding="utf-8")
    result = _napkifu("analyze", "--from-trick", "9", str(path))
    out = result.stdout + result.stderr
    assert result.returncode == 0 and "par " in out, out
    assert not [raw for raw in RAW if raw in out]
    assert "さ\\x1b]0;pwned\\x07ら" in out and "evil\\x1b[2J.nap" in out


def test_caret_stands_under_the_escaped_token() -> None:
    line = "1 D\x1b[1AA D6"
    shown = escape(line)
    caret = caret_line(line, 3, 9)
    assert shown[caret.index("^") :].startswith("D\\x1b[1AA")
    assert caret.count("^") == len("D\\x1b[1AA")


def test_tabs_and_japanese_stay_as_they_are() -> None:
    assert escape("\tさくら ♠A") == "\tさくら ♠A"
    assert escape("a\u202eb\x9b") == "a\\u202eb\\x9b"

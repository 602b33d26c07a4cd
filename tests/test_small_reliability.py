"""The small ones of issue 31, item 9: UTF-32 named as UTF-32 (not UTF-16), and a
character Python takes for a space no longer reported as "the end of the line
where the end of the line was expected"."""

from __future__ import annotations

from pathlib import Path

import pytest

import napkifu
from napkifu.commands.checkfile import check_file

TEXT = "players A B C D\nround 1\n"


@pytest.mark.parametrize(
    ("codec", "name"),
    [
        ("utf-32", "UTF-32;"),
        ("utf-32-le", "UTF-32 (little-endian)"),
        ("utf-32-be", "UTF-32 (big-endian)"),
        ("utf-16", "UTF-16;"),
        ("utf-16-le", "UTF-16 (little-endian)"),
        ("utf-16-be", "UTF-16 (big-endian)"),
    ],
)
def test_wide_encodings_are_named_rightly(
    codec: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = TEXT.encode(codec)
    (d,) = napkifu.loads(data).diagnostics
    assert d.code == "NAP106" and name in d.message
    path = tmp_path / "x.nap"
    path.write_bytes(data)
    monkeypatch.setattr("napkifu.api.WHOLE_FILE_LIMIT", 0)  # read in chunks: the same verdict
    (streamed,) = check_file(str(path)).diagnostics
    assert streamed.message == d.message


@pytest.mark.parametrize("odd", ["\x0b", "\x1c", "\x85", "\xa0", "\u2028"])
def test_an_odd_space_is_named_not_called_the_end_of_the_line(odd: str) -> None:
    (d,) = [
        d for d in napkifu.loads(f"{TEXT}napoleon A 13S{odd}\n").diagnostics if d.code == "NAP101"
    ]
    assert f"U+{ord(odd):04X}" in d.message
    assert "found the end of the line" not in d.message
    (ja,) = [d for d in napkifu.loads(f"{TEXT}result 13{odd}\n").diagnostics if d.code == "NAP101"]
    assert f"U+{ord(odd):04X}" in (ja.message_ja or "")


def test_the_end_of_the_line_is_still_the_end_of_the_line() -> None:
    (d,) = [d for d in napkifu.loads(f"{TEXT}napoleon\n").diagnostics if d.code == "NAP101"]
    assert d.message.startswith("found the end of the line where")


@pytest.mark.parametrize(
    ("players", "flagged"),
    [
        ("Sora \u0405ora Mina Kei", ["\u0405ora"]),  # a Cyrillic Ѕ among Latin letters
        ("Kei \u041a\u0435\u0456 Mina", ["\u041a\u0435\u0456"]),  # all Cyrillic, looks like Kei
        ('"A\u202eB" Mina Kei', ["A\u202eB"]),  # a right-to-left override
        ("Анна Борис ハル Kei", []),  # Russian and Japanese names are names
        ("さくら ハル Tomo.K 花子", []),
    ],
)
def test_confusable_names_and_bidi_controls_are_nap108(players: str, flagged: list[str]) -> None:
    from napkifu.diagnostics import CODES

    diags = [d for d in napkifu.loads(f"players {players}\n").diagnostics if d.code == "NAP108"]
    assert [d.severity.value for d in diags] == ["warning"] * len(flagged)
    assert len(diags) == len(flagged)
    for d, name in zip(diags, flagged, strict=True):
        assert d.message_ja and d.span.line == 1
        assert "\u202e" not in d.message  # the warning itself shows the control escaped
        assert name.replace("\u202e", "\\u202e") in d.message
    assert CODES["NAP108"].summary_ja


@pytest.mark.parametrize(
    "text",
    [
        "# a\nrules standard\n# b\nplayers A B C D E\n# c\nround 1\nnapoleon A 13S\nadjutant B\nresult 13\n",
        "rules classic\n# between\nplayers A B C D E\n",
        "# top\n\nrules standard # t\n# b\nplayers A B C D E # p\n# c\ndate 2026-01-01\n",
        '# a\n\n# b\ngame "x"\n# c\nplayers A B C D E\n',
    ],
)
def test_fmt_is_idempotent_with_comments_around_rules(text: str) -> None:
    from napkifu.commands.fmt import format_text

    once, _ = format_text(text)
    assert once is not None
    twice, _ = format_text(once)
    assert twice == once
    assert once.count("#") == text.count("#")  # every comment kept


def test_fmt_game_by_game_writes_what_the_whole_record_would() -> None:
    """fmt reads a record game by game (memory: ~110 MB for a 6 MB record, not
    ~500 MB); its text is the whole record's, comments and all."""
    from napkifu.commands.fmt import complete, format_text
    from napkifu.notation import parse
    from napkifu.notation.writer import format_record
    from napkifu.replay import judge

    root = Path(__file__).parent
    texts = []
    for path in sorted(root.glob("examples/**/*.nap")):
        try:
            texts.append(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:  # (the encoding examples)
            continue
    texts.append("\n\n".join(t for t in texts[:40] if t.lstrip().startswith(("#", "game"))))
    for text in texts:
        record, diags = parse(text)
        if any(d.is_error and d.code.startswith("NAP10") for d in diags):
            assert format_text(text)[0] is None
            continue
        whole = format_record(complete(record, judge(record)[0]))
        assert format_text(text)[0] == whole

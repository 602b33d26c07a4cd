"""Bytes to text (NAP106): BOM, line ends, Shift_JIS/CP932, bad bytes, binary files."""

from __future__ import annotations

import codecs

from napkifu.diagnostics import Severity
from napkifu.model import Span
from napkifu.notation import decode, parse
from napkifu.notation.reader import parser

TEXT = "players ハル 太郎 花子\nround 1\nbids pass pass pass\n"


def test_utf8_with_and_without_bom() -> None:
    assert decode(TEXT.encode()) == (TEXT, [])
    assert decode(codecs.BOM_UTF8 + TEXT.encode()) == (TEXT, [])


def test_line_ends_all_read_the_same() -> None:
    expected, _ = parse(TEXT)
    for ending in ("\r\n", "\r"):
        text, diags = decode(TEXT.replace("\n", ending).encode())
        assert diags == [] and text is not None
        assert parse(text)[0] == expected


def test_cp932_read_with_a_warning_at_the_first_bad_byte() -> None:
    data = TEXT.encode("cp932")
    text, diags = decode(data, file="old.nap")
    assert text == TEXT
    [d] = diags
    assert (d.code, d.severity, d.file) == ("NAP106", Severity.WARNING, "old.nap")
    assert d.span == Span(1, 9, 1, 10)  # ハ, after "players "
    assert "offset 8" in d.message and "Shift_JIS" in d.message and d.message_ja
    assert not d.is_error


def test_explicit_encoding() -> None:
    data = TEXT.encode("cp932")
    assert decode(data, encoding="cp932") == (TEXT, [])
    assert decode(data, encoding="shift_jis") == (TEXT, [])
    text, [d] = decode(b"players A \xff\n", encoding="utf-8")
    assert text is None and d.is_error and "offset 10" in d.message
    text, [d] = decode(b"x", encoding="klingon")
    assert text is None and "klingon" in d.message


def test_undecodable_bytes_are_an_error_with_offset_and_position() -> None:
    data = "players A1 B1 C1\nround 1\n# Café\n".encode("latin-1")
    text, [d] = decode(data)
    assert text is None and d.is_error
    assert d.span == Span(3, 6, 3, 7)
    assert "offset 30" in d.message and "0xE9" in d.message
    assert "UTF-8" in d.message and "CP932" in d.message


def test_binary_and_utf16() -> None:
    text, [d] = decode(b"\x89PNG\r\n\x1a\n\x00\x00")
    assert text is None and d.is_error and "NUL" in d.message and "offset 8" in d.message
    text, [d] = decode(TEXT.encode("utf-16"))
    assert text is None and "UTF-16" in d.message
    text, diags = decode(TEXT.encode("utf-16"), encoding="utf-16")
    assert text == TEXT and diags == []


def test_empty_file() -> None:
    assert decode(b"") == ("", [])
    record, diags = parse("")
    assert record.games == () and diags == []


def test_whole_file_grammar_agrees_with_line_reading() -> None:
    """`file` in grammar.lark is the whole notation; reading line by line must agree."""
    lark, builder, _ = parser()
    text = (
        "# a\n"
        'game "x #1"\n'
        "players A1 B1 C1\n"
        "\n"
        "round 1\n"
        "  bids A1:pass B1:13♠ C1:pass A1:pass  # c\n"
        "  1 B1: ♠A ♠K ♠Q\n"
    )
    whole = lark.parse(text, start="file")
    lines = []
    for i, line in enumerate(text.split("\n")):
        if line.strip():
            builder.line_offset = i
            try:
                lines.append(lark.parse(line, start="one_line"))
            finally:
                builder.line_offset = 0
    assert whole == lines
    assert [s[1] for s in whole] == [s[1] for s in lines]

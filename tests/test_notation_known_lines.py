"""A round line whose words are all spellings already read skips the line's regex
and folding (issue 26): the statement must be the regex path's, spans included, a
line the regex refuses must still be refused, and folding must leave such a line
as it is."""

from __future__ import annotations

from typing import Any

import pytest
from corpus import RECORDS, deep

from napkifu.notation import parse
from napkifu.notation.fastpath import FastPath
from napkifu.notation.fullwidth import fold_line
from napkifu.notation.known import known_line

HEAD = (
    "players 太郎 Kei Mina Sora ハル\nrules standard\n\nround 1\n  dealer ハル\n"
    "  napoleon Kei 14♥\n  call ♥J\n  adjutant Mina\n"
)
TRICKS = "  1 Kei: JK ♥Q ♥K ♥3 ♥4!?\n  2 Kei: ♥A ♥J ♠5 ♥7 ♥8\n  3 ♦A ♦5 ♦2 ♦6 ♦Q\n"
LINES = (
    "  hand Kei ♠A K 9 ♥J8 JK ?\n  widow ♦3 ♣K ♣8\n  discard ♣8 ♦10 ♥2\n  result 12\n"
    "  adjutant none\n"
)


def _fast_path() -> FastPath:
    from napkifu.notation.reader import parser

    return parser()[2]


@pytest.mark.parametrize(
    ("line", "taken"),
    [
        ("  3 Kei: ♥A ♥J ♠5 ♥7 ♥8", True),
        ("3 Kei: ♥A ♥J ♠5 ♥7 ♥8", True),
        ("  3 ♥A ♥J ♠5 ♥7 ♥8", True),
        ("  03 Kei: ♥4!? JK", True),
        ("  3 Kei: ♥A", True),
        ("  3 Kei: ♥A ♥J  ", True),
        ("  3 Kei:  ♥A ♥J", False),
        ("  3  Kei: ♥A ♥J", False),
        ("  3 Kei:\t♥A ♥J", False),
        ("\t3 Kei: ♥A ♥J", True),
        ("  3 Kei: ♥A ♥J\t", True),
        ("  3 Kei: ♥A ♥J \v", False),
        ('  3 "Kei#": ♥A', False),
        ("\u30003 Kei: ♥A ♥J", False),
        (" \u3000 3 Kei: ♥A ♥J", False),
        ("\v3 Kei: ♥A ♥J", False),
        (" \xa0bids Kei:14♥ P", False),
        ("\t\x1cround 2", False),
        ("  3 Kei: ♥A ♥J # a comment", True),
        ("  3 Kei: ♥A ♥J#x", True),
        ("  3 Kei: # ♥A ♥J", False),
        ("  3 Kei:", False),
        ("  3", False),
        ("  3 Kei: Kei: ♥A", False),
        ("  3 Kei:♥A ♥J", False),
        ("  3Kei: ♥A ♥J", False),
        ("  ３ Kei: ♥A ♥J", False),
        ("  3 Kei: ♥A ♥J\u3000♥K", False),
        ("  3 Kei: ♥A ♥J ♥Z", False),
        ("  3 Kei: ♥️A ♥J", False),
        ("  3 Ｋｅｉ: ♥A ♥J", False),
        ("  3 Kei ♥A ♥J", False),
        ("  " + "1" * 60 + " Kei: ♥A", False),
    ],
)
def test_known_tricks_read_as_the_regex_reads_them(line: str, taken: bool) -> None:
    parse(HEAD + TRICKS, "warm.nap")  # the spellings read once
    known = known_line(line, line.lstrip(), 7)
    assert (known is not None) == taken
    regex = _fast_path().statement(line, line.split()[0], 7)
    assert known is None or known == regex


def test_a_known_trick_line_is_read_without_the_regex() -> None:
    parse(HEAD + TRICKS, "warm.nap")
    stmt = known_line("  3 Kei: ♥A ♥J ♠5 ♥7 ♥8", "3 Kei: ♥A ♥J ♠5 ♥7 ♥8", 7)
    assert stmt is not None
    kind, span, (number, number_at, leader, run), comment = stmt
    assert (kind, number, number_at, comment) == ("trick", 3, (7, 3, 4), None)
    assert span == (7, 3, 24)
    assert leader is not None and leader.name == "Kei" and leader._at == (7, 5, 8)
    assert [p._at for p in run.plays()] == [(7, c, c + 2) for c in (10, 13, 16, 19, 22)]
    assert known_line('  3 "Kei": ♥A', '3 "Kei": ♥A', 7) is None  # quoted: the regex's


def test_a_known_line_is_one_folding_leaves_as_it_is() -> None:
    """The reader tries known lines before folding (notation/known.py): every line
    of every test record, and its full-width spellings, that is taken as known must
    be one :func:`fold_line` leaves unchanged."""
    for path in RECORDS:
        parse(path.read_text(encoding="utf-8", errors="replace"), "warm.nap")
    wide = str.maketrans({c: c + 0xFEE0 for c in range(0x21, 0x7F)} | {0x20: 0x3000})
    taken = 0
    for path in RECORDS:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            variants = {
                line,
                line.translate(wide),
                line.replace("-", "ー"),
                line.replace("-", "\u2212"),
            }
            variants |= {line.replace(s, s + "\ufe0f") for s in "♠♥♦♣"}
            for text in variants:
                stripped = text.lstrip()
                if stripped and known_line(text, stripped, 1) is not None:
                    taken += 1
                    assert fold_line(text) == text, text
    assert taken > 1000


@pytest.mark.parametrize(
    "spacing",
    [lambda s: s, lambda s: s.replace(" ♥", "  ♥"), lambda s: s.replace(": ", ":\t")],
    ids=["single", "double", "tab"],
)
def test_known_tricks_give_the_grammar_s_record(
    spacing: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    later = TRICKS.replace("  1 ", "  4 ").replace("  2 ", "  5 ").replace("  3 ", "  6 ")
    text = HEAD + spacing(TRICKS) + spacing(later)
    fast, fast_diags = parse(text, "x.nap")
    monkeypatch.setattr(FastPath, "statement", lambda *_: None)
    monkeypatch.setattr(FastPath, "known", lambda *_: None)
    slow, slow_diags = parse(text, "x.nap")
    assert len(fast.games[0].rounds[0].tricks) == 6
    assert deep(fast) == deep(slow)
    assert fast_diags == slow_diags


@pytest.mark.parametrize(
    ("line", "taken"),
    [
        ("round 2", True),
        ("round 02 # again", True),
        ("round 2\t", True),
        ("round  2", False),
        ("round 2 3", False),
        ("round ２", False),
        ("round " + "1" * 60, False),
        ("  result 12", True),
        ("  result#12", False),
        ("  result\t12", False),
        ("  result 12#x", True),
        ("  adjutant none#c", True),
        ("result", False),
        ("  hand\tKei ♠A K", False),
        ("  bids# Kei:14♥", False),
        ("  result win", False),
        ("  result 12 12", False),
        ("  dealer ハル", True),
        ("  dealer ハル#x", True),
        ("  dealer Zyxwvq1", False),
        ('  dealer "ハル"', False),
        ("  dealer none", False),
        ("  dealer ハル Kei", False),
        ("  adjutant Mina", True),
        ("  adjutant none", True),
        ("  napoleon Kei 14♥", True),
        ("  napoleon Kei Kei:14♥", False),
        ("  napoleon Kei", False),
        ("  call ♥J", True),
        ("  call ♥4!?", False),
        ("  call ♥J ♥Q", False),
        ("  call JK", True),
        ("  hand Kei ♠A K 9 ♥J8 JK ?", True),
        ("  hand Kei ♠A K 9 ♥J8 JK ? # dealt", True),
        ("  hand Kei JK K", False),
        ("  hand Kei K ♠A", False),
        ("  hand Kei ? 9", False),
        ("  hand Kei", False),
        ("  hand Zyxwvq2 ♠A K", False),
        ("  widow ♦3 ♣K ♣8", True),
        ("  widow ♦3 ♣K ♣Z", False),
        ("  discard ♣8 ♦10 ♥2", True),
        ("  discard ♣8  ♦10 ♥2", False),
        ("  discard", False),
        ("  claim napoleon", False),
    ],
)
def test_known_round_lines_read_as_the_regex_reads_them(line: str, taken: bool) -> None:
    parse(HEAD + TRICKS + LINES, "warm.nap")  # the spellings read once
    known = known_line(line, line.lstrip(), 7)
    assert (known is not None) == taken
    regex = _fast_path().statement(line, line.split()[0], 7)
    assert known is None or known == regex


def test_known_lines_give_the_grammar_s_record(monkeypatch: pytest.MonkeyPatch) -> None:
    text = HEAD.replace("round 1\n", "round 1\n" + LINES) + TRICKS + "round 2 # two\n" + LINES
    fast, fast_diags = parse(text, "x.nap")
    monkeypatch.setattr(FastPath, "statement", lambda *_: None)
    monkeypatch.setattr(FastPath, "known", lambda *_: None)
    slow, slow_diags = parse(text, "x.nap")
    assert deep(fast) == deep(slow)
    assert fast_diags == slow_diags

"""A trick line whose words are all spellings already read skips the line's regex
(issue 26): the statement must be the regex path's, spans included, and a line the
regex refuses must still be refused."""

from __future__ import annotations

from typing import Any

import pytest
from corpus import deep

from napkifu.notation import fastpath, parse
from napkifu.notation.fastpath import FastPath

HEAD = (
    "players 太郎 Kei Mina Sora ハル\nrules standard\n\nround 1\n  dealer ハル\n"
    "  napoleon Kei 14♥\n  call ♥J\n  adjutant Mina\n"
)
TRICKS = "  1 Kei: JK ♥Q ♥K ♥3 ♥4!?\n  2 Kei: ♥A ♥J ♠5 ♥7 ♥8\n  3 ♦A ♦5 ♦2 ♦6 ♦Q\n"


def _fast_path() -> FastPath:
    from napkifu.notation.reader import parser

    return parser()[2]


@pytest.mark.parametrize(
    "line",
    [
        "  3 Kei: ♥A ♥J ♠5 ♥7 ♥8",
        "3 Kei: ♥A ♥J ♠5 ♥7 ♥8",
        "  3 ♥A ♥J ♠5 ♥7 ♥8",
        "  03 Kei: ♥4!? JK",
        "  3 Kei: ♥A",
        "  3 Kei:  ♥A ♥J",
        "  3  Kei: ♥A ♥J",
        "  3 Kei:\t♥A ♥J",
        "\t3 Kei: ♥A ♥J",
        "\u30003 Kei: ♥A ♥J",
        "  3 Kei: ♥A ♥J  ",
        "  3 Kei: ♥A ♥J # a comment",
        "  3 Kei: ♥A ♥J#x",
        "  3 Kei:",
        "  3 Kei: Kei: ♥A",
        "  3 Kei:♥A ♥J",
        "  3Kei: ♥A ♥J",
        "  ３ Kei: ♥A ♥J",
        "  3 Kei: ♥A ♥J\u3000♥K",
        "  3 Kei: ♥A ♥J ♥Z",
        "  3 Kei ♥A ♥J",
        "  " + "1" * 60 + " Kei: ♥A",
    ],
)
def test_known_tricks_read_as_the_regex_reads_them(
    line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    parse(HEAD + TRICKS, "warm.nap")  # the spellings read once
    head = line.split()[0]
    with_known = FastPath.statement(_fast_path(), line, head, 7)
    monkeypatch.setattr(fastpath, "known_trick", lambda *_: None)
    assert with_known == FastPath.statement(_fast_path(), line, head, 7)


def test_a_known_trick_line_is_read_without_the_regex() -> None:
    parse(HEAD + TRICKS, "warm.nap")
    stmt = fastpath.known_trick("  3 Kei: ♥A ♥J ♠5 ♥7 ♥8", 7)
    assert stmt is not None
    kind, span, (number, number_at, leader, run), comment = stmt
    assert (kind, number, number_at, comment) == ("trick", 3, (7, 3, 4), None)
    assert (span.line, span.column, span.end_column) == (7, 3, 24)
    assert leader is not None and leader.name == "Kei" and leader._at == (7, 5, 8)
    assert [p._at for p in run.plays()] == [(7, c, c + 2) for c in (10, 13, 16, 19, 22)]
    assert fastpath.known_trick("  3 Kei: ♥A ♥J ♠5 ♥7 ♥8 # c", 7) is None
    assert fastpath.known_trick('  3 "Kei": ♥A', 7) is None  # quoted: the regex's


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
    slow, slow_diags = parse(text, "x.nap")
    assert len(fast.games[0].rounds[0].tricks) == 6
    assert deep(fast) == deep(slow)
    assert fast_diags == slow_diags

"""Bids, card, score and total items separated by single blanks have their places counted
instead of searched (issue 26): the spans must be what the grammar alone gives,
with single blanks, uneven blanks and tabs alike."""

from __future__ import annotations

from typing import Any

import pytest
from corpus import deep

from napkifu.notation import parse
from napkifu.notation.fastpath import FastPath
from napkifu.notation.known import known_line

HEAD = "players 太郎 Kei Mina Sora ハル\nrules standard\n\nround 1\n  dealer ハル\n"
BIDS = "  bids 太郎:pass Kei:13♥ Mina:14♦ Sora:pass ハル:pass 太郎:pass Kei:14♥ Mina:pass\n"
TAIL = "  napoleon Kei 14♥\n  call ♥J\n  adjutant Mina\n  discard ♠J ♦10 ♦3\n  result 12\n"
SCORE = (
    "  score 太郎 +1 Kei -2 Mina -1 Sora +1 ハル +1\n  total 太郎 1 Kei -2 Mina -1 Sora 1 ハル 1\n"
)


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    fast = parse(text, "x.nap")
    monkeypatch.setattr(FastPath, "statement", lambda *_: None)
    monkeypatch.setattr(FastPath, "known", lambda *_: None)
    return fast, parse(text, "x.nap")


@pytest.mark.parametrize(
    "spacing",
    [lambda s: s, lambda s: s.replace(" ", "  "), lambda s: s.replace("Kei ", "Kei\t")],
    ids=["single", "double", "tab"],
)
def test_counted_places_match_the_grammar(spacing: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    text = HEAD + spacing(BIDS) + spacing(TAIL) + spacing(SCORE)
    (fast, fast_diags), (slow, slow_diags) = _both(text, monkeypatch)
    rnd = fast.games[0].rounds[0]
    assert len(rnd.bids[0].bids) == 8 and len(rnd.total.entries) == 5
    assert len(rnd.discard.cards) == 3
    assert deep(fast) == deep(slow)
    assert fast_diags == slow_diags
    kei = rnd.score.entries[1]
    line = text.splitlines()[kei.span.line - 1]
    assert line[kei.player.span.column - 1 : kei.player.span.end_column - 1] == "Kei"
    assert line[kei.span.column - 1 : kei.span.end_column - 1] == "-2"


@pytest.mark.parametrize(
    ("line", "taken"),
    [
        (BIDS.rstrip("\n"), True),
        ("bids Kei:13♥ Mina:pass", True),
        ("  bids Kei:13♥ Mina:pass  ", True),
        ("  bids Kei:13♥  Mina:pass", False),
        ("  bids Kei:13♥\tMina:pass", False),
        ("  bids Kei:13♥ Mina:pass # a comment", True),
        ("\tbids Kei:13♥ Mina:pass\t#c", True),
        ("  bids Kei:13♥ Mina:pass#c", True),
        ('  bids Kei:13♥ "Mi#na":pass', False),
        ("  bids Kei:13♥ Mina:pass\v", False),
        ("  bids Kei:13♥\u3000Mina:pass", False),
        ("  bids Kei:13♥ Mina:pass:", False),
        ("  bids", False),
    ],
)
def test_known_bids_read_as_the_regex_reads_them(line: str, taken: bool) -> None:
    """A bids line of spellings already read skips the line's regex: the statement is
    the regex path's, and a line the regex refuses is still refused."""
    parse(HEAD + BIDS, "warm.nap")  # the spellings read once
    regex, known = _regex_and_known(line)
    assert (known is not None) == taken
    assert known is None or known == regex


def _regex_and_known(line: str) -> tuple[Any, Any]:
    """The line's statement by its regex alone, and by :func:`known_line`."""
    from napkifu.notation.reader import parser

    head = line.split()[0]
    return parser()[2].statement(line, head, 7), known_line(line, line.lstrip(), 7)


@pytest.mark.parametrize(
    ("line", "taken"),
    [
        *((score, True) for score in SCORE.splitlines()),
        ("score Kei +1 Mina -1", True),
        ("  total Kei 1 Mina -1  ", True),
        ("  score Kei +1  Mina -1", False),
        ("  total Kei\t1 Mina -1", False),
        ("  total Kei 1 Mina -1 # a comment", True),
        ("  total Kei 1 Mina -1#", True),
        ("  score -1 +1 Kei -1", False),
        ("  score Kei Kei", False),
        ("  score Kei +1 Mina", False),
        ("  score Kei+1 Mina -1", False),
        ("  total Kei 1 Mina -1\u3000", False),
        ("  total Kei 1 Mina ー1", False),
    ],
)
def test_known_points_read_as_the_regex_reads_them(line: str, taken: bool) -> None:
    """A score or total line of names and scores already read skips the line's regex:
    the statement is the regex path's, and a line the regex refuses is refused."""
    parse(HEAD + TAIL + SCORE + "  score Kei +1 Mina -1\n", "warm.nap")
    regex, known = _regex_and_known(line)
    assert (known is not None) == taken
    assert known is None or known == regex


@pytest.mark.parametrize(
    ("line", "taken"),
    [
        ("  bids Sora:13♥ ハル:pass Kei:14♦", True),
        ("  bids 13♥ 太郎:14♦ P", True),
        ("bids Mina:pass", True),
        ("  bids Qqzx:13♥", False),  # a bidder never read as a NAME
        ('  bids "Kei":13♥', False),  # quoted: not a NAME
        ("  bids P:13♥", False),  # a reserved word is no NAME
        ("  bids ♠A:13♥", False),
        ("  bids Kei::13♥", False),
        ("  bids Kei:99♠", False),  # a bid never read alone
        ("  bids Kei:13♥:", False),
        ("  bids Kei:", False),
    ],
)
def test_a_bids_item_of_a_known_bidder_and_bid_is_the_regex_s(line: str, taken: bool) -> None:
    """An item never read whole, ``NAME:BID`` with its name read as a NAME and its bid
    read as a bidder's item, is read as the grammar reads it (the regex's statement)."""
    from napkifu.notation.reader import parser

    parse(HEAD + "  bids 13♥ pass 14♦ P\n", "warm.nap")  # names and bidders' items read
    known = known_line(line, line.lstrip(), 7)  # (first: the regex remembers what it reads)
    regex = parser()[2].statement(line, line.split()[0], 7)
    assert (known is not None) == taken
    assert known is None or known == regex

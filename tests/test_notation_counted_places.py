"""Bids, card, score and total items separated by single blanks have their places counted
instead of searched (issue 26): the spans must be what the grammar alone gives,
with single blanks, uneven blanks and tabs alike."""

from __future__ import annotations

from typing import Any

import pytest
from corpus import deep

from napkifu.notation import fastpath, parse
from napkifu.notation.fastpath import FastPath

HEAD = "players 太郎 Kei Mina Sora ハル\nrules standard\n\nround 1\n  dealer ハル\n"
BIDS = "  bids 太郎:pass Kei:13♥ Mina:14♦ Sora:pass ハル:pass 太郎:pass Kei:14♥ Mina:pass\n"
TAIL = "  napoleon Kei 14♥\n  call ♥J\n  adjutant Mina\n  discard ♠J ♦10 ♦3\n  result 12\n"
SCORE = (
    "  score 太郎 +1 Kei -2 Mina -1 Sora +1 ハル +1\n  total 太郎 1 Kei -2 Mina -1 Sora 1 ハル 1\n"
)


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    fast = parse(text, "x.nap")
    monkeypatch.setattr(FastPath, "statement", lambda *_: None)
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
    "line",
    [
        BIDS.rstrip("\n"),
        "bids Kei:13♥ Mina:pass",
        "  bids Kei:13♥  Mina:pass",
        "  bids Kei:13♥\tMina:pass",
        "  bids Kei:13♥ Mina:pass  ",
        "  bids Kei:13♥ Mina:pass # a comment",
        "  bids Kei:13♥\u3000Mina:pass",
        "  bids Kei:13♥ Mina:pass:",
    ],
)
def test_known_bids_read_as_the_regex_reads_them(
    line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bids line of spellings already read skips the line's regex: the statement is
    the regex path's, and a line the regex refuses is still refused."""
    fast = FastPath.statement
    parse(HEAD + BIDS, "warm.nap")  # the spellings read once
    with_known = fast(_fast_path(), line, "bids", 7)
    monkeypatch.setattr(fastpath, "_known_bids", lambda *_: None)
    assert with_known == fast(_fast_path(), line, "bids", 7)


def _fast_path() -> FastPath:
    from napkifu.notation.reader import parser

    return parser()[2]


@pytest.mark.parametrize(
    "line",
    [
        *SCORE.splitlines(),
        "score Kei +1 Mina -1",
        "  score Kei +1  Mina -1",
        "  total Kei\t1 Mina -1",
        "  total Kei 1 Mina -1 # a comment",
        "  score -1 +1 Kei -1",
        "  score Kei Kei",
        "  score Kei +1 Mina",
        "  score Kei+1 Mina -1",
        "  total Kei 1 Mina -1\u3000",
    ],
)
def test_known_points_read_as_the_regex_reads_them(
    line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A score or total line of names and scores already read skips the line's regex:
    the statement is the regex path's, and a line the regex refuses is refused."""
    fast = FastPath.statement
    parse(HEAD + TAIL + SCORE + "  score Kei +1 Mina -1\n", "warm.nap")
    head = line.split()[0]
    with_known = fast(_fast_path(), line, head, 7)
    monkeypatch.setattr(fastpath, "_known_points", lambda *_: None)
    assert with_known == fast(_fast_path(), line, head, 7)

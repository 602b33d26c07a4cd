"""A trick line read from text keeps its plays unmade until they are asked for
(``model.UnmadePlays``): everything that reads them must see what it saw before."""

from __future__ import annotations

import copy
import dataclasses
import pickle

from napkifu.cards import JOKER, Suit
from napkifu.model import Play, PlayerRef, Span, TrickLine, UnmadePlays
from napkifu.notation.reader import parse

TEXT = """players A B C D E
round 1
dealer A
bids A:13♠ pass pass pass pass
call ♥A
1 A: ♠A ♠K ♠Q JK>♥! ♠10?
"""


def _trick() -> TrickLine:
    record, diagnostics = parse(TEXT)
    assert not [d for d in diagnostics if d.is_error]
    return record.games[0].rounds[0].tricks[0]


def test_cards_are_read_without_making_the_plays() -> None:
    line = _trick()
    assert isinstance(vars(TrickLine)["plays"], property)
    assert line.cards == (12, 11, 10, JOKER, 8)
    assert isinstance(
        vars(TrickLine)["plays"].fget.__globals__["_PLAYS_SLOT"].__get__(line), UnmadePlays
    )


def test_plays_made_on_demand_match_the_text() -> None:
    line = _trick()
    plays = line.plays
    assert isinstance(plays, tuple)
    assert [p.card for p in plays] == list(line.cards)
    assert plays[3] == Play(JOKER, Suit.HEARTS, "!")
    assert plays[4].annotation == "?"
    # spans point at each card: line 6, the run starting after "1 A: "
    text = TEXT.splitlines()[5]
    for play, word in zip(plays, ["♠A", "♠K", "♠Q", "JK>♥!", "♠10?"], strict=True):
        at = text.index(word) + 1
        assert play.span == Span(6, at, 6, at + len(word))
    assert line.plays is plays  # made once


def test_plays_spans_with_single_and_uneven_blanks() -> None:
    """One blank apart, each play's place is counted; otherwise searched: the same spans."""
    for run in ("♠A ♠K ♠Q JK>♥! ♠10?", "♠A  ♠K\t♠Q   JK>♥!\t ♠10?"):
        text = TEXT.replace("♠A ♠K ♠Q JK>♥! ♠10?", run)
        plays = parse(text)[0].games[0].rounds[0].tricks[0].plays
        line, pos = text.splitlines()[5], 0
        for play, word in zip(plays, run.split(), strict=True):
            pos = line.index(word, pos)
            assert play.span == Span(6, pos + 1, 6, pos + 1 + len(word)), run
            pos += len(word)
        assert plays == _trick().plays


def test_equality_hashing_copies_and_replace_see_the_plays() -> None:
    line = _trick()
    built = TrickLine(1, PlayerRef("A"), tuple(line.plays), line.meta)
    fresh = _trick()  # plays not made yet
    assert fresh == built and hash(fresh) == hash(built)
    assert pickle.loads(pickle.dumps(_trick())) == built
    assert copy.deepcopy(_trick()) == built
    changed = dataclasses.replace(_trick(), plays=built.plays[::-1])
    assert changed.cards == built.cards[::-1]
    assert dataclasses.asdict(_trick())["plays"][0]["card"] == 12


def test_a_line_built_by_hand_has_its_cards_too() -> None:
    line = TrickLine(2, None, (Play(5), Play(JOKER, Suit.CLUBS)))
    assert line.cards == (5, JOKER)
    assert not isinstance(line.plays, UnmadePlays)

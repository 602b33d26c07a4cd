"""Statements, and the runs of a line split into the model's objects.

A statement is a plain tuple ``(kind, span, payload, comment)``, made by the
grammar's callbacks (:mod:`napkifu.notation.callbacks`, inside Lark's parser), the
fast path's whole-line regexes (:mod:`napkifu.notation.fastpath`) and the known
lines (:mod:`napkifu.notation.known`); :mod:`napkifu.notation.structure` turns the
stream of statements into games and rounds, because where a line may stand is a
structural question, not a syntactic one. The three readers split a card, bid,
points or trick run with the one set of functions here, so a line reads the same
whichever reads it; none of them needs Lark, which is imported only when a line
needs it.

The runs reaching these functions already match the exact patterns of the
grammar's terminals, so splitting them needs no validation.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from napkifu.model import Bid, CardRef, Play, PlayerPoints, PlayerRef, UnmadePlays, Where
from napkifu.notation.objects import (
    blank,
)
from napkifu.notation.values import (
    BID_WORDS,
    CARD_UNITS,
    GROUP_WORDS,
    JOKER_TEXT,
    LEADERS,
    NAMES,
    PLAY_CARDS,
    PLAYS,
    SUIT_CODE,
    BidWord,
    bid_items,
    bid_word,
    group_word,
    play_value,
    player_name,
)

Statement = tuple[str, Where, Any, "str | None"]
"""(kind, where the line stands, payload, trailing comment)."""


def comment_text(token: str) -> str:
    """A comment without its ``#`` and trailing blanks (what the model keeps)."""
    return token[1:].rstrip()


OUTCOMES = {"win": True, "勝ち": True, "lose": False, "負け": False}
"""The words of ``result`` for whether Napoleon's side won."""


def cards_at(line: int, base: int, value: str) -> tuple[CardRef, ...]:
    """Split a card-group run (``♠A K 9 ♥J8 JK ?``) starting at column ``base`` into
    cards with their spans (shared by the grammar callbacks and the fast path). The
    run matched the CARDS or CARD terminal: its words are remembered as units or
    ranks (:data:`~napkifu.notation.values.CARD_UNITS`)."""
    words = value.split()
    units = CARD_UNITS
    for word in words:
        if word not in units and len(units) < 4096:
            units[word] = word[0] in SUIT_CODE or word[:2] in JOKER_TEXT or word in ("?", "🃏")
    if value == " ".join(words):  # single blanks: places counted, not searched
        return counted_cards(line, base, words)
    out: list[CardRef] = []
    suit = 0
    pos = 0
    for word in words:
        col = base + (pos := value.find(word, pos))
        pos += len(word)
        suit, cards = group_word(suit, word)
        out.extend([CardRef(card, (line, col + start, col + end)) for card, start, end in cards])
    return tuple(out)


def counted_cards(line: int, col: int, words: list[str]) -> tuple[CardRef, ...]:
    """The cards of a card-group run's ``words``, one blank apart from column ``col``
    (each word's place counted; shared with :mod:`napkifu.notation.known`)."""
    out: list[CardRef] = []
    add = out.append
    suit = 0
    for word in words:
        got = GROUP_WORDS[suit].get(word) or group_word(suit, word)  # (the look-up inlined)
        suit = got[0]
        for card, start, end in got[1]:
            ref = blank(CardRef)  # (objects.blank: no __init__ call)
            ref.card = card
            ref._at = (line, col + start, col + end)
            add(ref)
        col += len(word) + 1
    return tuple(out)


def bids_at(line: int, base: int, value: str) -> tuple[Bid, ...]:
    """A bids run starting at column ``base`` as its bids, with their spans (shared by
    the grammar callback and the fast path). Unquoted items, all but a few, are
    split here in one pass (each item's meaning looked up as in :data:`BID_WORDS`)."""
    if '"' in value:
        items = bid_items(value)
    else:
        words = value.split()
        meanings = [BID_WORDS.get(w) or bid_word(w) for w in words]
        if value == " ".join(words):  # single blanks: places counted, not searched
            return counted_bids(line, base, meanings)
        items, pos = [], 0
        for word, meaning in zip(words, meanings, strict=True):
            pos = value.find(word, pos)
            items.append((pos, *meaning))
            pos += len(word)
    bids: list[Bid] = []
    for at, name, count, suit, bid_at, end in items:
        start = base + at
        player = None if name is None else PlayerRef(name, (line, start, start + bid_at - 1))
        bids.append(Bid(player, count, suit, (line, start + bid_at, start + end)))
    return tuple(bids)


def counted_bids(line: int, col: int, items: Iterable[BidWord]) -> tuple[Bid, ...]:
    """The bids of a run of words one blank apart from column ``col``, given by their
    meanings (``items``: :data:`BID_WORDS`' entries, whose last is the word's length);
    shared with :mod:`napkifu.notation.known`."""
    bids: list[Bid] = []
    add = bids.append
    for name, count, suit, bid_at, end in items:
        bid = blank(Bid)  # (objects.blank: no __init__ call)
        if name is None:
            bid.player = None
        else:
            bid.player = player = blank(PlayerRef)
            player.name = name
            player._at = (line, col, col + bid_at - 1)
        bid.count = count
        bid.suit = suit
        bid._at = (line, col + bid_at, col + end)
        add(bid)
        col += end + 1
    return tuple(bids)


def points_entry(line: int, who: str, who_col: int, score: str, score_col: int) -> PlayerPoints:
    """One ``NAME SCORE`` of a score or total line (shared by the grammar callback and
    the fast path)."""
    ref = PlayerRef(player_name(who), (line, who_col, who_col + len(who)))
    return PlayerPoints(ref, int(score), (line, score_col, score_col + len(score)))


def trick_statement(
    line: int,
    number: str,
    number_col: int,
    leader: str | None,
    leader_col: int,
    run: str,
    run_col: int,
) -> Statement:
    """A trick line from its three tokens' texts and columns: shared by the grammar
    callback and the fast path (the most frequent line: nothing else in between).
    Its plays are kept unmade (:class:`TrickRun`): the cards alone are read now."""
    who = None
    if leader is not None:
        raw = leader[:-1]  # without the colon
        name = NAMES.get(raw) or player_name(raw)
        who = PlayerRef(name, (line, leader_col, leader_col + len(raw)))
        if len(LEADERS) < 4096 and '"' not in leader:
            LEADERS[leader] = name
    words = run.split()
    cards = tuple(map(PLAY_CARDS.get, words))
    if None in cards:  # a spelling not met before
        cards = tuple([play_value(word)[0] for word in words])
    number_at = (line, number_col, number_col + len(number))
    payload = (int(number), number_at, who, TrickRun((cards, line, run_col, run)))
    return ("trick", (line, number_col, run_col + len(run)), payload, None)


class TrickRun(UnmadePlays):
    """A trick line's plays, kept as ``(cards, line, column, text)``: the cards and
    their run of text and where it stands, until the plays are asked for."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"TrickRun({self[3]!r} at {self[1]}:{self[2]})"

    def plays(self) -> tuple[Play, ...]:
        _cards, line, run_col, run = self
        words = run.split()
        counted = run == " ".join(words)  # single blanks: places counted, not searched
        plays: list[Play] = []
        add = plays.append
        pos = run_col - 1  # where the word before ends (the first starts one after)
        for word in words:
            start = pos + 1 if counted else run.find(word, pos + 1 - run_col) + run_col
            pos = start + len(word)
            play = blank(Play)  # (objects.blank: no __init__ call)
            play.card, play.joker_suit, play.annotation = PLAYS.get(word) or play_value(word)
            play._at = (line, start, pos)
            add(play)
        return tuple(plays)

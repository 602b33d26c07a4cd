"""What the notation's words mean, without where they stand: a name as players
are compared, the cards of a card group, a bid, a played card.

Shared by the grammar callbacks and the fast path (:mod:`napkifu.notation.transform`,
:mod:`napkifu.notation.fastpath`), which add the spans. Every function here expects text
that already matches its terminal of the grammar; each remembers what it worked
out, since a season repeats the same few hundred spellings.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from napkifu.cards import JOKER, RANK_BY_TEXT, SUIT_BY_TEXT, UNKNOWN, Suit

_BID_ITEM = re.compile(r'(?:("(?:[^"\\\n]|\\.)*"|[^\s":]+):)?(\S+)')
_UNESCAPE = re.compile(r"\\(.)")
JOKER_TEXT = ("JK", "Jo")
_PASS_TEXT = frozenset(("pass", "P", "-"))
NAMES: dict[str, str] = {}
"""The names read so far, by their spelling (see :func:`player_name`): the reader's
most frequent lines look here first."""
SUIT_CODE = {text: int(suit) for text, suit in SUIT_BY_TEXT.items()}
_RANK_CODE = {text: rank - 2 for text, rank in RANK_BY_TEXT.items()}


def unquote(text: str) -> str:
    """The text inside double quotes, with ``\\"`` and ``\\\\`` unescaped."""
    inner = text[1:-1]
    return _UNESCAPE.sub(r"\1", inner) if "\\" in inner else inner


def player_name(raw: str) -> str:
    """A name as players are compared: quotes removed, NFC-normalised (cached:
    a record repeats the same few names thousands of times)."""
    name = NAMES.get(raw)
    if name is None:
        text = unquote(raw) if raw.startswith('"') else raw
        name = text if text.isascii() else unicodedata.normalize("NFC", text)
        if len(NAMES) < 10_000:
            NAMES[raw] = name
    return name


def card_values(value: str) -> list[int]:
    """The cards of a card-group run (``♠A K 9 ♥J8 JK ?``)."""
    out: list[int] = []
    suit = 0
    for word in value.split():
        suit, cards = group_word(suit, word)
        out.extend([card for card, _start, _end in cards])
    return out


def group_word(suit: int, word: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """One word of a card group, read after cards of ``suit`` (as ``suit * 13``): the
    suit that follows it, and its cards as (card, start, end) offsets in the word."""
    known = GROUP_WORDS[suit]
    split = known.get(word)
    if split is None:
        split = _group_word(suit, word)
        if len(known) < 2048:
            known[word] = split
    return split


GROUP_WORDS: dict[int, dict[str, tuple[int, tuple[tuple[int, int, int], ...]]]] = {
    suit * 13: {} for suit in range(4)
}
"""Each card-group word read, by the suit before it (as ``suit * 13``: a dict of words a
suit, so a look-up hashes the word alone, whose hash the string keeps; at most 2,048
words a suit, 8,192 in all): :func:`group_word`'s answers."""
CARD_UNITS: dict[str, bool] = {}
"""The words of card-group runs the CARDS or CARD terminal matched: True for a word
that stands alone (a suit and its ranks, a joker, ``?``), False for ranks that take
the suit of the group before them (``♠A K 9``: ``K`` and ``9``)."""


def _group_word(suit: int, word: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    if word == "?":
        return suit, ((UNKNOWN, 0, 1),)
    if word[:2] in JOKER_TEXT or word == "🃏":
        return suit, ((JOKER, 0, len(word)),)
    i = 0
    if word[0] in SUIT_CODE:
        suit = SUIT_CODE[word[0]] * 13
        i = 1
    cards = []
    n = len(word)
    while i < n:
        if word[i] == "1":
            cards.append((suit + 8, i, i + 2))
            i += 2
        else:
            cards.append((suit + _RANK_CODE[word[i]], i, i + 1))
            i += 1
    return suit, tuple(cards)


BidWord = tuple[str | None, int | None, Suit | None, int, int]
"""A bids item's meaning: bidder or None, count, suit, start and end of the bid."""
BID_WORDS: dict[str, BidWord] = {}
_BidItem = tuple[int, "str | None", "int | None", "Suit | None", int, int]


def bid_items(value: str) -> list[_BidItem]:
    """A bids run as (offset, bidder or None, count, suit, start and end of the bid
    within the item). Items without quotes are remembered: they repeat all season."""
    items: list[_BidItem] = []
    if '"' in value:
        for m in _BID_ITEM.finditer(value):
            raw, text = m.group(1), m.group(2)
            count, suit = bid_value(text)
            name = player_name(raw) if raw is not None else None
            size = m.end() - m.start()
            items.append((m.start(), name, count, suit, size - len(text), size))
        return items
    pos = 0
    for word in value.split():
        at = value.find(word, pos)
        pos = at + len(word)
        items.append((at, *(BID_WORDS.get(word) or bid_word(word))))
    return items


def bid_word(word: str) -> tuple[str | None, int | None, Suit | None, int, int]:
    """One unquoted bids item (``Kei:13♥``, ``pass``) as (bidder or None, count, suit,
    start and end of the bid within the word); remembered in :data:`BID_WORDS`."""
    raw, colon, text = word.rpartition(":")
    count, suit = bid_value(text)
    name = player_name(raw) if colon else None
    return remember_bid_word(word, (name, count, suit, len(raw) + len(colon), len(word)))


def remember_bid_word(word: str, meaning: BidWord) -> BidWord:
    """``meaning`` kept in :data:`BID_WORDS` for ``word`` (a season repeats its items),
    up to a bound that endless distinct words cannot pass; returned."""
    if len(BID_WORDS) < 8192:
        BID_WORDS[word] = meaning
    return meaning


def bid_value(text: str) -> tuple[int | None, Suit | None]:
    if text in _PASS_TEXT:
        return None, None
    if text.endswith("NT"):
        return int(text[:-2]), None
    return int(text[:-1]), SUIT_BY_TEXT[text[-1]]


_ANNOTATIONS = frozenset(("!", "?", "!!", "??", "!?", "?!"))


PLAYS: dict[str, tuple[int, Suit | None, Any]] = {}
"""The played cards' spellings read so far (see :func:`play_value`): the reader
looks here first."""
PLAY_CARDS: dict[str, int] = {}
"""The same spellings' cards alone (what the judge reads of a trick line)."""
POINTS_NAMES: set[str] = set()
"""The names of the unquoted score and total runs the line regex matched (NAME tokens)."""
POINTS_SCORES: set[str] = set()
"""The scores of the same runs (SCORE tokens)."""
LEADERS: dict[str, str] = {}
"""The unquoted leader words (``Mina:``) of trick lines read so far, each with the
name it gives (the grammar's LEADER terminal matched each)."""


def play_value(word: str) -> tuple[int, Suit | None, Any]:
    """One word of a valid PLAYS run as (card, named joker suit, annotation)."""
    return PLAYS.get(word) or _play(word)


def _play(word: str) -> tuple[int, Suit | None, Any]:
    """One played card as the PLAYS terminal allows it (``♠10!``, ``JK>♥?!``, ``🃏``):
    card, named joker suit, annotation. Remembered: a record repeats the same few
    hundred spellings."""
    first = word[0]
    if first in SUIT_CODE:
        if word[1] == "1":
            card, rest = SUIT_CODE[first] * 13 + 8, word[3:]
        else:
            card, rest = SUIT_CODE[first] * 13 + _RANK_CODE[word[1]], word[2:]
        result: tuple[int, Suit | None, Any] = (card, None, rest or None)
    else:
        rest = word[1:] if first == "🃏" else word[2:]
        joker_suit = None
        if rest[:1] == ">":
            joker_suit = SUIT_BY_TEXT[rest[1]]
            rest = rest[2:]
        result = (JOKER, joker_suit, rest or None)
    if len(PLAYS) < 4096:
        PLAYS[word] = result
        PLAY_CARDS[word] = result[0]
    return result

"""Lines made only of words already read: read without their regex, before folding.

A season repeats the same few hundred spellings: the players' names, their bids,
the played cards, the scores. A round line (a trick, ``round``, ``dealer``,
``hand``, ``widow``, ``bids``, ``napoleon``, ``call``, ``adjutant``, ``discard``,
``result``, ``score``, ``total``) whose every word was already read in a line the
grammar's terminals matched (the fast path's regex or Lark: the tables of
:mod:`napkifu.notation.values`), one blank apart, with blanks or tabs before and
after and perhaps a comment, is one the line's regex would match whole — so it is
not run (10,000–38,000 instructions a line: the names' look-aheads, each word's
end), and each word's place is counted, not searched. No known word holds a quote,
so the first ``#`` of such a line starts its comment.

Such a line is also one that folding (:mod:`napkifu.notation.fullwidth`) leaves as
it is, so :func:`known_line` is tried before :func:`~napkifu.notation.fullwidth.fold_line`
(~2,800 instructions for a line with a suit): a word read from a folded line holds
no full-width letter, digit or quote, no ideographic space (it splits words, and a
line whose blanks are not single spaces is not taken), no minus sign, no selector
after a suit, and no ``ー`` before a digit at its start — and whether ``ー`` or a
selector is folded depends only on the characters of the word itself and the blank
before it; a comment is never folded. Nor does such a line need the reader's
limits: a known word passed them when it was first read, and a number's length is
checked here.

Anything else — blanks between words other than one space, a quoted name, a
spelling not met before, a line of another statement — gives None and is read as
before (fold, limits, regex, Lark).
"""

from __future__ import annotations

from napkifu.model import Bid, CardRef, PlayerPoints, PlayerRef, Span
from napkifu.notation.limits import MAX_DIGITS, MAX_LINE
from napkifu.notation.objects import blank
from napkifu.notation.transform import (
    Statement,
    TrickRun,
    comment_text,
    counted_bids,
    counted_cards,
)
from napkifu.notation.values import (
    BID_WORDS,
    CARD_UNITS,
    LEADERS,
    NAMES,
    PLAY_CARDS,
    PLAYS,
    POINTS_NAMES,
    POINTS_SCORES,
    SUIT_CODE,
    BidWord,
    group_word,
    player_name,
    remember_bid_word,
)

_REFUSED = object()
"""What a head word's reader gives for a line it does not take (a payload may be None)."""
_BLANKS = " \t\f"  # (the grammar's blanks: before, after and between a line's words)


def known_line(text: str, stripped: str, line_no: int) -> Statement | None:
    """The statement of line ``line_no`` (``text``; ``stripped`` without its indent)
    when it is a line of known words (see above) within the reader's line length,
    else None. A trick line (every other line of a record) is read here, a call
    less; a head word's reader gives the payload alone (the kind is the head word,
    the span the line's), or :data:`_REFUSED`."""
    size = len(text)
    if size > MAX_LINE:  # (refused by the reader's limits, whatever its words)
        return None
    written = text.strip(_BLANKS)
    comment = None
    if "#" in written:  # (``in`` widens no needle: a third of what ``find`` costs)
        cut = written.find("#")
        comment = comment_text(written[cut:])
        written = written[:cut].rstrip(_BLANKS)
    # one blank apart: no blank but single spaces (every other blank that ``str.split``
    # splits at is unprintable: a line holding one, or any unprintable, is not taken)
    if "  " in written or not written.isprintable() or not written:
        return None
    words = written.split(" ")
    # the column of the first word: ``stripped`` starts there, since a taken line's
    # first character is no blank (``written`` would not be its words joined)
    column = size - len(stripped) + 1
    number = words[0]  # (the head word: found by the split, ``str.find`` would widen " ")
    if not (number.isascii() and number.isdigit()):  # (no head word starts with a digit)
        read = _BY_HEAD.get(number)
        if read is None:
            return None
        payload = read(line_no, column, words)  # (the statement's kind is its head word)
        if payload is _REFUSED:
            return None
        return (number, (line_no, column, column + len(written)), payload, comment)
    if len(number) > MAX_DIGITS:
        return None
    at = column + len(number) + 1  # the column of the second word
    del words[0]
    who = None
    name = LEADERS.get(words[0]) if words else None
    if name is not None:
        end = at + len(words[0]) - 1
        who = blank(PlayerRef)  # (objects.blank: a PlayerRef, no __init__ call)
        who.name = name
        who._at = (line_no, at, end)
        at = end + 2
        del words[0]
    try:
        cards = (*map(PLAY_CARDS.__getitem__, words),)  # (no length guess to shrink)
    except KeyError:  # a spelling not met before
        return None
    if not cards:
        return None
    where = (line_no, column, column + len(number))
    run = TrickRun((cards, line_no, at, written[at - column :]))
    payload = (int(number), where, who, run)
    return ("trick", (line_no, column, column + len(written)), payload, comment)


def _bids(line_no: int, column: int, words: list[str]) -> object:
    del words[0]
    items = list(map(BID_WORDS.get, words))
    if not items:
        return _REFUSED
    if None in items:  # an item not read whole before: perhaps a known bidder and bid
        for i, item in enumerate(items):
            if item is None and (item := _bidder_bid(words[i])) is None:
                return _REFUSED
            items[i] = item
    return counted_bids(line_no, column + 5, items)  # type: ignore[arg-type]


def _bidder_bid(word: str) -> BidWord | None:
    """A bids item ``NAME:BID`` whose name was read as a NAME (:func:`_name`) and whose
    bid was read as a bidder's item (``13♥``, ``pass``: in :data:`BID_WORDS` without a
    bidder), as :func:`~napkifu.notation.values.bid_word` would give it. The grammar's
    ``_BIDDER _BID1`` matches it: a NAME ends where ``:`` stands as it ends at a blank
    (neither is a name's character, and its look-aheads read only that), and a bid's
    match does not depend on what stands before it. Remembered in :data:`BID_WORDS`
    as :func:`~napkifu.notation.values.bid_word` remembers it (the same meaning), so
    the pair's next line finds it whole."""
    raw, colon, bid = word.rpartition(":")
    name = _name(raw) if colon else None
    made = BID_WORDS.get(bid)
    if name is None or made is None or made[0] is not None or made[3]:
        return None
    return remember_bid_word(word, (name, made[1], made[2], len(raw) + 1, len(word)))


def _points(line_no: int, column: int, words: list[str]) -> object:
    if len(words) % 2 == 0 or len(words) < 3:
        return _REFUSED
    names, scores = words[1::2], words[2::2]
    if not (POINTS_NAMES.issuperset(names) and POINTS_SCORES.issuperset(scores)):
        return _REFUSED
    head = words[0]
    return counted_points(line_no, column + len(head) + 1, names, scores)


def counted_points(
    line: int, pos: int, names: list[str], scores: list[str]
) -> tuple[PlayerPoints, ...]:
    """Score or total entries one blank apart from column ``pos``: each word's place
    is counted (shared with the fast path's regex-matched lines)."""
    entries: list[PlayerPoints] = []
    add = entries.append
    for name, score in zip(names, scores, strict=True):
        end = pos + len(name)
        ref = blank(PlayerRef)  # (objects.blank: no __init__ call)
        ref.name = NAMES.get(name) or player_name(name)
        ref._at = (line, pos, end)
        pos = end + 1 + len(score)
        entry = blank(PlayerPoints)
        entry.player = ref
        entry.points = int(score)
        entry._at = (line, end + 1, pos)
        add(entry)
        pos += 1
    return tuple(entries)


def _number(word: str) -> bool:
    """Whether ``word`` is an INT the reader's limits let through."""
    return word.isdigit() and word.isascii() and len(word) <= MAX_DIGITS


def _name(word: str) -> str | None:
    """The player an unquoted word names, if it was read as a NAME before
    (:data:`NAMES` holds only the NAME and STRING tokens of matched lines)."""
    return None if '"' in word else NAMES.get(word)


def _round(line_no: int, column: int, words: list[str]) -> object:
    if len(words) != 2 or not _number(words[1]):
        return _REFUSED
    at = column + len(words[0]) + 1
    where = Span(line_no, at, line_no, at + len(words[1]))
    if words[0] == "round":
        return (int(words[1]), where)
    return (int(words[1]), where, None)


def _player(line_no: int, column: int, words: list[str]) -> object:
    """``dealer NAME``, ``adjutant NAME`` or ``adjutant none``."""
    if len(words) != 2:
        return _REFUSED
    head, word = words
    if word == "none" and head == "adjutant":
        return None
    name = _name(word)
    if name is None:
        return _REFUSED
    at = column + len(head) + 1
    return PlayerRef(name, (line_no, at, at + len(word)))


def _napoleon(line_no: int, column: int, words: list[str]) -> object:
    if len(words) != 3:
        return _REFUSED
    name = _name(words[1])
    bid = BID_WORDS.get(words[2])
    if name is None or bid is None or bid[0] is not None or bid[3]:  # (a bidder's item)
        return _REFUSED
    at = column + 9
    player = PlayerRef(name, (line_no, at, at + len(words[1])))
    at += len(words[1]) + 1
    made = Bid(None, bid[1], bid[2], (line_no, at, at + len(words[2])))
    return (player, made)


def _call(line_no: int, column: int, words: list[str]) -> object:
    """``call CARD``: a card played before, without annotation or named suit, is one."""
    if len(words) != 2 or PLAYS.get(words[1], _ANNOTATED)[1:] != (None, None):
        return _REFUSED
    at = column + 5
    _suit, ((card, start, end),) = group_word(0, words[1])
    return CardRef(card, (line_no, at + start, at + end))


def _cards(line_no: int, column: int, words: list[str]) -> object:
    """``widow CARDS``, ``discard CARDS`` or ``hand NAME CARDS``."""
    head = words[0]
    skip = len(head) + 1
    payload: object = None
    if head == "hand":
        name = _name(words[1]) if len(words) > 2 else None
        if name is None:
            return _REFUSED
        payload = PlayerRef(name, (line_no, column + skip, column + skip + len(words[1])))
        skip += len(words[1]) + 1
    if not _card_run(words[2:] if payload is not None else words[1:]):
        return _REFUSED
    cards = counted_cards(line_no, column + skip, words[2:] if payload is not None else words[1:])
    return cards if payload is None else (payload, cards)


def _card_run(words: list[str]) -> bool:
    """Whether ``words`` are a card-group run of words read before in such runs: each
    a unit (:data:`CARD_UNITS`), or ranks right after a suit's group."""
    units = CARD_UNITS
    group = False  # the word before is a suit's group (or its ranks)
    for word in words:
        alone = units.get(word)
        if alone is None or not (alone or group):
            return False
        if alone:
            group = word[0] in SUIT_CODE
    return bool(words)


_ANNOTATED = (0, None, "?")
_BY_HEAD = {
    "bids": _bids,
    "score": _points,
    "total": _points,
    "round": _round,
    "result": _round,
    "dealer": _player,
    "adjutant": _player,
    "napoleon": _napoleon,
    "call": _call,
    "hand": _cards,
    "widow": _cards,
    "discard": _cards,
}

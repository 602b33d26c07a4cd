"""Lines made only of words already read: read without their regex, before folding.

A season repeats the same few hundred spellings: the players' names, their bids,
the played cards, the scores. A trick, bids, score or total line whose every word
was already read in a line the grammar's terminals matched (the fast path's regex
or Lark: :data:`~napkifu.notation.values.LEADERS`, ``PLAY_CARDS``, ``BID_WORDS``,
``POINTS_NAMES``, ``POINTS_SCORES``), one blank apart, indented by blanks and with
nothing else on it, is one the line's regex would match whole — so it is not run
(16,000–38,000 instructions a line: the names' look-aheads, each card's word end),
and each word's place is counted, not searched.

Such a line is also one that folding (:mod:`napkifu.notation.fullwidth`) leaves as
it is, so :func:`known_line` is tried before :func:`~napkifu.notation.fullwidth.fold_line`
(~2,800 instructions for a line with a suit): a word read from a folded line holds
no full-width letter, digit or quote, no ideographic space (it splits words, and a
line whose blanks are not single spaces is not taken), no minus sign, no selector
after a suit, and no ``ー`` before a digit at its start — and whether ``ー`` or a
selector is folded depends only on the characters of the word itself and the blank
before it. Nor does such a line need the reader's limits: a known word passed them
when it was first read, and the trick number's length is checked here.

Anything else — a tab, a comment, a quoted name, a spelling not met before, a line
of another statement — gives None and is read as before (fold, limits, regex, Lark).
"""

from __future__ import annotations

from napkifu.model import PlayerPoints, PlayerRef, Span
from napkifu.notation.limits import MAX_DIGITS
from napkifu.notation.transform import Statement, TrickRun, bids_at
from napkifu.notation.values import (
    BID_WORDS,
    LEADERS,
    NAMES,
    PLAY_CARDS,
    POINTS_NAMES,
    POINTS_SCORES,
    player_name,
)

_DIGITS = frozenset("0123456789")


def known_line(text: str, stripped: str, line_no: int) -> Statement | None:
    """The statement of line ``line_no`` (``text``; ``stripped`` without its indent)
    when it is a line of known words (see above), else None."""
    first = stripped[0]
    if not (first in _DIGITS or first == "b" or first == "s" or first == "t"):
        return None
    written = text.strip(" ")
    words = written.split()
    if written != " ".join(words):
        return None
    column = len(text) - len(text.lstrip(" ")) + 1  # the column of the first word
    head = words[0]
    if first in _DIGITS:
        return _trick(line_no, column, written, words)
    if head == "bids":
        return _bids(line_no, column, written, words)
    if head == "score" or head == "total":
        return _points(line_no, column, written, words)
    return None


def _trick(line_no: int, column: int, written: str, words: list[str]) -> Statement | None:
    number = words[0]
    if not (number.isdigit() and number.isascii()) or len(number) > MAX_DIGITS:
        return None
    at = column + len(number) + 1  # the column of the second word
    plays = words[1:]
    who = None
    name = LEADERS.get(plays[0]) if plays else None
    if name is not None:
        end = at + len(plays[0]) - 1
        who = PlayerRef(name, (line_no, at, end))
        at = end + 2
        del plays[0]
    cards = tuple(map(PLAY_CARDS.get, plays))
    if not cards or None in cards:
        return None
    end = column + len(written)
    where = (line_no, column, column + len(number))
    run = TrickRun(cards, line_no, at, written[at - column :])  # type: ignore[arg-type]
    return ("trick", Span(line_no, column, line_no, end), (int(number), where, who, run), None)


def _bids(line_no: int, column: int, written: str, words: list[str]) -> Statement | None:
    if len(words) < 2:
        return None
    known = BID_WORDS
    for word in words[1:]:
        if word not in known:
            return None
    bids = bids_at(line_no, column + 5, written[5:])
    return ("bids", Span(line_no, column, line_no, column + len(written)), bids, None)


def _points(line_no: int, column: int, written: str, words: list[str]) -> Statement | None:
    if len(words) % 2 == 0 or len(words) < 3:
        return None
    names, scores = words[1::2], words[2::2]
    if not (POINTS_NAMES.issuperset(names) and POINTS_SCORES.issuperset(scores)):
        return None
    head = words[0]
    entries = counted_points(line_no, column + len(head) + 1, names, scores)
    return (head, Span(line_no, column, line_no, column + len(written)), entries, None)


def counted_points(
    line: int, pos: int, names: list[str], scores: list[str]
) -> tuple[PlayerPoints, ...]:
    """Score or total entries one blank apart from column ``pos``: each word's place
    is counted (shared with the fast path's regex-matched lines)."""
    entries: list[PlayerPoints] = []
    add = entries.append
    for name, score in zip(names, scores, strict=True):
        end = pos + len(name)
        ref = PlayerRef(NAMES.get(name) or player_name(name), (line, pos, end))
        pos = end + 1 + len(score)
        add(PlayerPoints(ref, int(score), (line, end + 1, pos)))
        pos += 1
    return tuple(entries)

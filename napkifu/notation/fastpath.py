"""The grammar's most frequent statements, matched a whole line at a time.

Lark's LALR parser costs tens of microseconds per token in CPython, and a record
is mostly trick, hand and bids lines, and a season's files each start with a few
header lines; so each of those statement shapes (all but ``alias``) is
compiled here into ONE anchored regular expression built from the grammar's own
terminals (taken from the compiled Lark parser, never re-typed, and kept between
runs by :mod:`napkifu.notation.grammar`, so that a run needs Lark only for a line
no regex reads). A matching line
is turned into its statement right here, straight from the match (no token
objects: a round is twenty such lines, and wrapping each token for the grammar
callbacks cost as much as the callbacks themselves); the card, bid, points and
trick runs are split by the very functions the grammar callbacks use
(:mod:`napkifu.notation.transform`). A line that does not match — any other
statement, or a mistake — is handed to Lark, which parses it or explains what is
wrong. Terminals are wrapped in atomic groups so that the regex, like Lark's
lexer, never backtracks into a shorter token; tests check that both paths give
the same statement, spans included, for every line of the examples.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from napkifu.model import Bid, CardRef, PlayerPoints, PlayerRef, Span
from napkifu.notation.known import counted_points, known_line
from napkifu.notation.objects import bid as make_bid
from napkifu.notation.objects import player_ref, span
from napkifu.notation.transform import (
    Statement,
    bids_at,
    cards_at,
    comment_text,
    points_entry,
    trick_statement,
)
from napkifu.notation.values import (
    NAMES,
    POINTS_NAMES,
    POINTS_SCORES,
    bid_word,
    player_name,
    unquote,
)

_GAP = r"[ \t\f]*"

# head word → the terminals of its statement, in order (alternatives, optional?).
SHAPES: dict[str, tuple[tuple[tuple[str, ...], bool], ...]] = {
    "game": ((("K_GAME",), False), (("STRING",), True)),
    "round": ((("K_ROUND",), False), (("INT",), False)),
    "dealer": ((("K_DEALER",), False), (("NAME", "STRING"), False)),
    "hand": ((("K_HAND",), False), (("NAME", "STRING"), False), (("CARDS",), False)),
    "widow": ((("K_WIDOW",), False), (("CARDS",), False)),
    "bids": ((("K_BIDS",), False), (("BIDS",), False)),
    "napoleon": ((("K_NAPOLEON",), False), (("NAME", "STRING"), False), (("BID",), False)),
    "call": ((("K_CALL",), False), (("CARD",), False)),
    "adjutant": ((("K_ADJUTANT",), False), (("NONE", "NAME", "STRING"), False)),
    "discard": ((("K_DISCARD",), False), (("CARDS",), False)),
    "claim": ((("K_CLAIM",), False), (("SIDE",), False)),
    "result": ((("K_RESULT",), False), (("INT",), False)),
    "date": ((("K_DATE",), False), (("DATE", "STRING"), False)),
    "place": ((("K_PLACE",), False), (("STRING", "WORD"), False)),
    "tag": ((("K_TAG",), False), (("WORD",), False), (("STRING", "WORD"), False)),
    "rules": ((("K_RULES",), False), (("WORD",), False)),
    "trick": ((("INT",), False), (("LEADER",), True), (("PLAYS",), False)),
}
_POINTS_LINES = {"score": "K_SCORE", "total": "K_TOTAL"}

Match = re.Match[str]
# A payload builder: the match of a whole line (group i = the i-th terminal, from
# 1) and the line number → the statement's payload, as the grammar callback makes it.
Build = Callable[[Match, int], Any]


def _where(m: Match, group: int, line: int) -> Span:
    """The span of one terminal of the line (what a Lark token's span would be)."""
    return span(line, m.start(group) + 1, line, m.end(group) + 1)


def _player(m: Match, group: int, line: int) -> PlayerRef:
    return player_ref(player_name(m.group(group)), (line, m.start(group) + 1, m.end(group) + 1))  # type: ignore[no-any-return]


def _cards(m: Match, group: int, line: int) -> tuple[CardRef, ...]:
    return cards_at(line, m.start(group) + 1, m.group(group))


def _napoleon(m: Match, line: int) -> tuple[PlayerRef, Bid]:
    _, count, suit, _, _ = bid_word(m.group(3))  # (a BID is a bids item: remembered as one)
    return _player(m, 2, line), make_bid(None, count, suit, (line, m.start(3) + 1, m.end(3) + 1))


def _points(m: Match, line: int, item_re: re.Pattern[str]) -> tuple[PlayerPoints, ...]:
    """``NAME SCORE`` entries. Without quotes, and with no name glued to its score
    (``A+1``: a name never holds ``+``), the words alternate name and score."""
    items, base = m.group(2), m.start(2) + 1
    if '"' not in items:
        words = items.split()
        names, scores = words[0::2], words[1::2]
        if len(names) == len(scores) and "+" not in "".join(names):
            if len(POINTS_NAMES) + len(POINTS_SCORES) < 8192:  # (of a run the regex matched)
                POINTS_NAMES.update(names)
                POINTS_SCORES.update(scores)
            text = items.lstrip()
            if text == " ".join(words):  # single blanks: places counted, not searched
                return counted_points(line, base + len(items) - len(text), names, scores)
            entries: list[PlayerPoints] = []
            add = entries.append
            find = items.find
            pos = 0
            for name, score in zip(names, scores, strict=True):
                at = find(name, pos)
                score_at = find(score, at + len(name))
                pos = score_at + len(score)
                who = NAMES.get(name) or player_name(name)
                ref = PlayerRef(who, (line, base + at, base + at + len(name)))
                add(PlayerPoints(ref, int(score), (line, base + score_at, base + pos)))
            return tuple(entries)
    out = []
    for item in item_re.finditer(items):
        who = "NAME" if item["NAME"] is not None else "STRING"
        at, score_at = base + item.start(who), base + item.start("SCORE")
        out.append(points_entry(line, item[who], at, item["SCORE"], score_at))
    return tuple(out)


BUILDERS: dict[str, Build] = {
    "game": lambda m, line: None if m.group(2) is None else unquote(m.group(2)),
    "round": lambda m, line: (int(m.group(2)), _where(m, 2, line)),
    "dealer": lambda m, line: _player(m, 2, line),
    "hand": lambda m, line: (_player(m, 2, line), _cards(m, 3, line)),
    "widow": lambda m, line: _cards(m, 2, line),
    "bids": lambda m, line: bids_at(line, m.start(2) + 1, m.group(2)),
    "napoleon": _napoleon,
    "call": lambda m, line: _cards(m, 2, line)[0],
    "adjutant": lambda m, line: None if m.group(2) == "none" else _player(m, 2, line),
    "discard": lambda m, line: _cards(m, 2, line),
    "claim": lambda m, line: m.group(2),
    "result": lambda m, line: (int(m.group(2)), _where(m, 2, line), None),
    "date": lambda m, line: _text(m.group(2)),
    "place": lambda m, line: _text(m.group(2)),
    "tag": lambda m, line: (m.group(2), _text(m.group(3))),
    "rules": lambda m, line: (m.group(2), _where(m, 2, line)),
}


def _text(value: str) -> str:
    """A STRING's text without its quotes, any other word as it is (no other
    terminal of these lines starts with a quote)."""
    return unquote(value) if value.startswith('"') else value


def _rule(m: Match, line: int) -> tuple[str, tuple[str, ...], Span, Span]:
    """``rule KEY VALUE…``: the values are words (no blank inside), so split."""
    run = m.group(3)
    first = m.start(3) + len(run) - len(run.lstrip())
    values_span = span(line, first + 1, line, m.end(3) + 1)
    return m.group(2), tuple(run.split()), _where(m, 2, line), values_span


def _players(m: Match, line: int, item_re: re.Pattern[str]) -> tuple[PlayerRef, ...]:
    """``players NAME…``, each name (or quoted name) with its span."""
    base = m.start(2)
    return tuple(
        player_ref(
            player_name(item.group(item.lastindex or 0)),
            span(line, base + item.start(item.lastindex or 0) + 1, line, base + item.end() + 1),
        )
        for item in item_re.finditer(m.group(2))
    )


_LISTS = ("players", "rule")  # the lines of a list of words, beside SHAPES' and the points'


class FastPath:
    """Whole-line matchers for the shapes above; :meth:`statement` returns None
    when a line is not one of them (Lark then reads it). :meth:`known` reads a line
    of words already read without any regex (:mod:`napkifu.notation.known`)."""

    known = staticmethod(known_line)

    def __init__(self, terminals: dict[str, str]) -> None:
        self._patterns = terminals  # each terminal of the grammar (name) as its regex
        self._terminals: dict[str, re.Pattern[str]] = {}
        # head word → (line regex, payload builder, group of the last terminal): each
        # made the first time a line of its head is not a known line (most runs need
        # a few of the ~20 regexes, or none: compiling them all cost every start ~7 ms)
        self.lines: dict[str, tuple[re.Pattern[str], Build, int]] = {}
        self.trick: re.Pattern[str] | None = None

    def _term(self, name: str) -> str:
        return self._patterns[name]

    def _compile_line(self, pieces: list[str]) -> re.Pattern[str]:
        """The whole line; group i is the i-th piece's terminal (checked: the
        builders count on it), the last group the trailing comment."""
        comment = self._term("COMMENT")
        pattern = re.compile("".join(pieces) + f"{_GAP}(?P<COMMENT>{comment})?$")
        want = {f"t{i}": i for i in range(1, len(pieces) + 1)} | {"COMMENT": len(pieces) + 1}
        if pattern.groupindex != want or pattern.groups != len(want):
            raise RuntimeError(f"unexpected groups in the fast path's regex: {pattern.pattern}")
        return pattern

    def _shape(self, head: str) -> re.Pattern[str]:
        """The regex of a line of the fixed shape ``SHAPES[head]``."""
        parts: list[str] = []
        for i, (alts, optional) in enumerate(SHAPES[head], start=1):
            alt = "|".join(f"(?:{self._term(a)})" for a in alts)
            piece = f"{_GAP}(?>(?P<t{i}>{alt}))"
            parts.append(f"(?:{piece})?" if optional else piece)
        return self._compile_line(parts)

    def _line(self, head: str) -> tuple[re.Pattern[str], Build, int] | None:
        """The entry of ``head``'s lines, made and kept when first asked; None for a
        head no regex reads (Lark then reads the line)."""
        if head not in BUILDERS and head not in _POINTS_LINES and head not in _LISTS:
            return None  # (a trick line's head is its number: read by :meth:`_trick`)
        term = self._term
        player = f"(?>{term('NAME')}|{term('STRING')})"
        entry: tuple[re.Pattern[str], Build, int]
        if head in BUILDERS:
            entry = (self._shape(head), BUILDERS[head], len(SHAPES[head]))
        elif head in _POINTS_LINES:
            score = f"(?>{term('SCORE')})"
            item_re = re.compile(
                f"{_GAP}(?:(?P<NAME>{term('NAME')})|(?P<STRING>{term('STRING')})){_GAP}(?P<SCORE>{score})"
            )

            def points(m: Match, line: int) -> tuple[PlayerPoints, ...]:
                return _points(m, line, item_re)

            items = f"(?P<t2>(?:{_GAP}{player}{_GAP}{score})+)"
            kw = _POINTS_LINES[head]
            entry = (self._compile_line([f"{_GAP}(?P<t1>{term(kw)})", items]), points, 2)
        elif head == "players":  # the header lines of a list: a player, once or more
            name_re = re.compile(f"{_GAP}(?:({term('NAME')})|({term('STRING')}))")

            def players(m: Match, line: int) -> tuple[PlayerRef, ...]:
                return _players(m, line, name_re)

            names = f"(?P<t2>(?:{_GAP}{player})+)"
            pieces = [f"{_GAP}(?P<t1>{term('K_PLAYERS')})", names]
            entry = (self._compile_line(pieces), players, 2)
        else:  # rule
            word = f"(?>{term('WORD')})"
            rule = [f"{_GAP}(?P<t1>{term('K_RULE')})", f"{_GAP}(?P<t2>{word})"]
            rule.append(f"(?P<t3>(?:{_GAP}{word})+)")
            entry = (self._compile_line(rule), _rule, 3)
        self.lines[head] = entry
        return entry

    def terminal(self, name: str) -> re.Pattern[str]:
        """The grammar's terminal ``name`` compiled alone (to ``fullmatch`` one word)."""
        got = self._terminals.get(name)
        if got is None:
            got = self._terminals[name] = re.compile(self._patterns[name])
        return got

    def statement(self, text: str, head: str, line_no: int) -> Statement | None:
        """The statement on ``text`` (line ``line_no``; ``head`` its first word), or None."""
        if head[0].isdigit():
            return self._trick(text, line_no)
        entry = self.lines.get(head) or self._line(head)
        if entry is None:
            return None
        pattern, build, last = entry
        m = pattern.match(text)
        if m is None:
            return None
        comment = m.group(last + 1)
        end = m.end(last)
        if end < 0:  # (``game`` without its name: the one shape whose last terminal may lack)
            end = m.end(last - 1)
        return (
            head,
            (line_no, m.start(1) + 1, end + 1),
            build(m, line_no),
            None if comment is None else comment_text(comment),
        )

    def _trick(self, text: str, line_no: int) -> Statement | None:
        """A trick line, straight to the builder shared with the grammar callback
        (it is every other line of a full record)."""
        if self.trick is None:
            self.trick = self._shape("trick")
        m = self.trick.match(text)
        if m is None:
            return None
        number, leader, run, comment = m.groups()
        stmt = trick_statement(
            line_no,
            number,
            m.start(1) + 1,
            leader,
            m.start(2) + 1,
            run,
            m.start(3) + 1,
        )
        if comment is not None:
            return (stmt[0], stmt[1], stmt[2], comment_text(comment))
        return stmt

"""Grammar callbacks: each rule of ``grammar.lark`` becomes a statement as it is reduced.

Lark runs these callbacks inside the LALR parser (``transformer=``), so no parse
tree is ever built: that, and the coarse terminals (a whole hand or trick run is
one token), is what makes reading fast. A statement is a plain tuple
``(kind, span, payload, comment)``; :mod:`napkifu.notation.structure` turns the
stream of statements into games and rounds, because where a line may stand is a
structural question, not a syntactic one.

The card runs reaching :meth:`StatementBuilder.CARDS` and friends already match
the exact patterns of the grammar, so splitting them needs no validation.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

from lark import Token, Transformer

from napkifu.model import Bid, CardRef, Play, PlayerPoints, PlayerRef, Span, UnmadePlays, Where
from napkifu.notation.objects import (
    blank,
    player_ref,
    span,
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
    bid_value,
    bid_word,
    group_word,
    play_value,
    player_name,
    unquote,
)

Statement = tuple[str, Where, Any, "str | None"]
"""(kind, where the line stands, payload, trailing comment)."""


def comment_text(token: str) -> str:
    """A comment without its ``#`` and trailing blanks (what the model keeps)."""
    return token[1:].rstrip()


OUTCOMES = {"win": True, "勝ち": True, "lose": False, "負け": False}
"""The words of ``result`` for whether Napoleon's side won."""


class StatementBuilder(Transformer):  # type: ignore[type-arg]
    """The callbacks. ``line_offset`` shifts token lines when the parser reads
    one line at a time (it then sees every line as line 1). One builder serves
    every thread (it is bound into the shared Lark parser), so the offset is kept
    per thread: the dashboard reads records from several threads at once."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self._local = threading.local()

    @property
    def line_offset(self) -> int:
        return getattr(self._local, "offset", 0)  # type: ignore[no-any-return]

    @line_offset.setter
    def line_offset(self, value: int) -> None:
        self._local.offset = value

    # ---- helpers -------------------------------------------------------------
    def _span(self, first: Any, last: Any) -> Span:
        off = self.line_offset
        if hasattr(first, "span"):  # a model object built from earlier tokens
            line, col = first.span.line, first.span.column
        else:
            line, col = first.line + off, first.column
        if hasattr(last, "span"):
            return span(line, col, last.span.end_line, last.span.end_column)
        return span(line, col, last.end_line + off, last.end_column)

    def _at(self, first: Any, last: Any) -> Where:
        """Where a statement stands: one line (the line of ``first``), its first and
        end column, as plain ints (the model makes the span when it is read)."""
        if hasattr(first, "span"):  # a model object built from earlier tokens
            line, col = first.span.line, first.span.column
        else:
            line, col = first.line + self.line_offset, first.column
        return (line, col, last.span.end_column if hasattr(last, "span") else last.end_column)

    def _tok_span(self, tok: Token) -> Span:
        off = self.line_offset
        assert tok.line is not None and tok.column is not None  # a parsed token has them
        assert tok.end_line is not None and tok.end_column is not None
        return span(tok.line + off, tok.column, tok.end_line + off, tok.end_column)

    def _cards(self, tok: Token) -> tuple[CardRef, ...]:
        return cards_at(tok.line + self.line_offset, tok.column, tok.value)  # type: ignore[operator, arg-type]

    def _ref(self, tok: Token) -> PlayerRef:
        return player_ref(player_name(tok.value), self._tok_span(tok))  # type: ignore[no-any-return]

    # ---- lines -----------------------------------------------------------------
    def file(self, children: list[Statement]) -> list[Statement]:
        return children

    def one_line(self, children: list[Statement]) -> Statement | None:
        return children[0] if children else None

    def line(self, children: list[Any]) -> Statement:
        stmt = children[0]
        if len(children) == 1:
            return stmt  # type: ignore[no-any-return]
        return (stmt[0], stmt[1], stmt[2], comment_text(children[1]))

    def comment_line(self, children: list[Token]) -> Statement:
        tok = children[0]
        return ("comment", self._at(tok, tok), comment_text(tok.value), None)

    def game_line(self, c: list[Token]) -> Statement:
        value = unquote(c[1].value) if len(c) > 1 else None
        return ("game", self._at(c[0], c[-1]), value, None)

    def _text(self, kind: str, c: list[Token]) -> Statement:
        tok = c[-1]
        value = unquote(tok.value) if tok.type == "STRING" else tok.value
        return (kind, self._at(c[0], tok), value, None)

    def date_line(self, c: list[Token]) -> Statement:
        return self._text("date", c)

    def place_line(self, c: list[Token]) -> Statement:
        return self._text("place", c)

    def tag_line(self, c: list[Token]) -> Statement:
        tok = c[2]
        value = unquote(tok.value) if tok.type == "STRING" else tok.value
        return ("tag", self._at(c[0], tok), (c[1].value, value), None)

    def players_line(self, c: list[Any]) -> Statement:
        players = tuple(self._ref(t) for t in c[1:])
        return ("players", self._at(c[0], c[-1]), players, None)

    def alias_line(self, c: list[Any]) -> Statement:
        names = tuple(self._ref(t) for t in c[1:])
        return ("alias", self._at(c[0], c[-1]), names, None)

    def rules_line(self, c: list[Token]) -> Statement:
        return ("rules", self._at(c[0], c[1]), (c[1].value, self._tok_span(c[1])), None)

    def rule_line(self, c: list[Token]) -> Statement:
        values = tuple(t.value for t in c[2:])
        values_span = self._span(c[2], c[-1])
        payload = (c[1].value, values, self._tok_span(c[1]), values_span)
        return ("rule", self._at(c[0], c[-1]), payload, None)

    def round_line(self, c: list[Token]) -> Statement:
        return ("round", self._at(c[0], c[1]), (int(c[1].value), self._tok_span(c[1])), None)

    def dealer_line(self, c: list[Any]) -> Statement:
        return ("dealer", self._at(c[0], c[1]), self._ref(c[1]), None)

    def hand_line(self, c: list[Any]) -> Statement:
        hand = (self._ref(c[1]), self._cards(c[2]))
        return ("hand", self._at(c[0], c[2]), hand, None)

    def widow_line(self, c: list[Token]) -> Statement:
        return ("widow", self._at(c[0], c[1]), self._cards(c[1]), None)

    def discard_line(self, c: list[Token]) -> Statement:
        return ("discard", self._at(c[0], c[1]), self._cards(c[1]), None)

    def bids_line(self, c: list[Token]) -> Statement:
        tok = c[1]
        bids = bids_at(tok.line + self.line_offset, tok.column, tok.value)  # type: ignore[operator, arg-type]
        return ("bids", self._at(c[0], tok), bids, None)

    def napoleon_line(self, c: list[Any]) -> Statement:
        tok = c[2]
        count, suit = bid_value(tok.value)
        bid = Bid(None, count, suit, self._tok_span(tok))
        return ("napoleon", self._at(c[0], tok), (self._ref(c[1]), bid), None)

    def call_line(self, c: list[Token]) -> Statement:
        tok = c[1]
        card = self._cards(tok)[0]
        return ("call", self._at(c[0], tok), card, None)

    def adjutant_line(self, c: list[Any]) -> Statement:
        who = c[1]
        player = None if who.type == "NONE" else self._ref(who)
        return ("adjutant", self._at(c[0], who), player, None)

    def trick_line(self, c: list[Any]) -> Statement:
        num, run = c[0], c[-1]
        off = self.line_offset
        leader = c[1] if len(c) == 3 else None
        return trick_statement(
            num.line + off,
            num.value,
            num.column,
            leader.value if leader is not None else None,
            leader.column if leader is not None else 0,
            run.value,
            run.column,
        )

    def claim_line(self, c: list[Token]) -> Statement:
        return ("claim", self._at(c[0], c[1]), c[1].value, None)

    def result_line(self, c: list[Token]) -> Statement:
        """``result 15``, or the outcome alone (v1.1): ``result win``, ``result 負け``,
        ``result win 15``."""
        last = c[-1]
        outcome = OUTCOMES[c[1].value] if c[1].type == "OUTCOME" else None
        honors = int(last.value) if last.type == "INT" else None
        where = self._span(c[1], last)
        return ("result", self._at(c[0], last), (honors, where, outcome), None)

    def points(self, c: list[Any]) -> PlayerPoints:
        who, score = c
        return points_entry(
            who.line + self.line_offset, who.value, who.column, score.value, score.column
        )

    def score_line(self, c: list[Any]) -> Statement:
        return ("score", self._at(c[0], c[-1]), tuple(c[1:]), None)

    def total_line(self, c: list[Any]) -> Statement:
        return ("total", self._at(c[0], c[-1]), tuple(c[1:]), None)


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
    split = GROUP_WORDS.get
    for word in words:
        got = split((suit, word)) or group_word(suit, word)  # (the look-up inlined)
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
        plays: list[Play] = []
        pos = run_col
        for word in run.split():
            start = run.find(word, pos - run_col) + run_col
            pos = start + len(word)
            card, joker_suit, annotation = PLAYS.get(word) or play_value(word)
            plays.append(Play(card, joker_suit, annotation, (line, start, pos)))
        return tuple(plays)

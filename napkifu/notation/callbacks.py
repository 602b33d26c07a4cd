"""Grammar callbacks: each rule of ``grammar.lark`` becomes a statement as it is reduced.

Lark runs these callbacks inside the LALR parser (``transformer=``), so no parse
tree is ever built: that, and the coarse terminals (a whole hand or trick run is
one token), is what makes reading fast. The statements are those of
:mod:`napkifu.notation.transform`, the runs split by its functions (the fast path
and the known lines use the same ones). Kept apart from them because this module
needs Lark, which a run imports only when a line needs it.
"""

from __future__ import annotations

import threading
from typing import Any

from lark import Token, Transformer

from napkifu.model import Bid, CardRef, PlayerPoints, PlayerRef, Span, Where
from napkifu.notation.objects import player_ref, span
from napkifu.notation.transform import (
    OUTCOMES,
    Statement,
    bids_at,
    cards_at,
    comment_text,
    points_entry,
    trick_statement,
)
from napkifu.notation.values import bid_value, player_name, unquote


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

"""The grammar's most frequent statements, matched a whole line at a time.

Lark's LALR parser costs tens of microseconds per token in CPython, and a record
is mostly trick, hand and bids lines; so each of those statement shapes is
compiled here into ONE anchored regular expression built from the grammar's own
terminals (taken from the compiled Lark parser, never re-typed), and a matching
line goes straight to the same grammar callbacks Lark would call. A line that
does not match — any other statement, or a mistake — is handed to Lark, which
parses it or explains what is wrong. Terminals are wrapped in atomic groups so
that the regex, like Lark's lexer, never backtracks into a shorter token; a test
checks that both paths give the same statement for every line of the examples.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Lark

from napkifu.notation.transform import (
    Statement,
    StatementBuilder,
    comment_text,
    points_entry,
    trick_statement,
)

_GAP = r"[ \t\f]*"

# statement rule → its shape: a sequence of (terminal alternatives, optional?).
SHAPES: dict[str, tuple[str, tuple[tuple[tuple[str, ...], bool], ...]]] = {
    "round": ("round_line", ((("K_ROUND",), False), (("INT",), False))),
    "dealer": ("dealer_line", ((("K_DEALER",), False), (("NAME", "STRING"), False))),
    "hand": ("hand_line", ((("K_HAND",), False), (("NAME", "STRING"), False), (("CARDS",), False))),
    "widow": ("widow_line", ((("K_WIDOW",), False), (("CARDS",), False))),
    "bids": ("bids_line", ((("K_BIDS",), False), (("BIDS",), False))),
    "napoleon": (
        "napoleon_line",
        ((("K_NAPOLEON",), False), (("NAME", "STRING"), False), (("BID",), False)),
    ),
    "call": ("call_line", ((("K_CALL",), False), (("CARD",), False))),
    "adjutant": ("adjutant_line", ((("K_ADJUTANT",), False), (("NONE", "NAME", "STRING"), False))),
    "discard": ("discard_line", ((("K_DISCARD",), False), (("CARDS",), False))),
    "claim": ("claim_line", ((("K_CLAIM",), False), (("SIDE",), False))),
    "result": ("result_line", ((("K_RESULT",), False), (("INT",), False))),
    "trick": ("trick_line", ((("INT",), False), (("LEADER",), True), (("PLAYS",), False))),
}
_POINTS_LINES = {"score": ("score_line", "K_SCORE"), "total": ("total_line", "K_TOTAL")}


class Tok:
    """The few attributes of a Lark token that the callbacks read."""

    __slots__ = ("column", "end_column", "end_line", "line", "type", "value")

    def __init__(self, type_: str, value: str, line: int, column: int) -> None:
        self.type = type_
        self.value = value
        self.line = line
        self.column = column
        self.end_line = line
        self.end_column = column + len(value)


class FastPath:
    """Whole-line matchers for the shapes above; :meth:`statement` returns None
    when a line is not one of them (Lark then reads it)."""

    def __init__(self, lark: Lark, builder: StatementBuilder) -> None:
        def term(name: str) -> str:
            return lark.get_terminal(name).pattern.to_regexp()

        self.builder = builder
        comment = term("COMMENT")
        tail = f"{_GAP}(?P<COMMENT>{comment})?$"
        # head word → (line regex, grammar callback, (group number, terminal) per token)
        self.matchers: dict[
            str, tuple[re.Pattern[str], Callable[[list[Any]], Any], tuple[tuple[int, str], ...]]
        ] = {}
        for head, (rule, shape) in SHAPES.items():
            parts: list[str] = []
            groups: list[str] = []
            for i, (alts, optional) in enumerate(shape):
                alt = "|".join(f"(?P<{a}_{i}>{term(a)})" for a in alts)
                piece = f"{_GAP}(?>{alt})"
                parts.append(f"(?:{piece})?" if optional else piece)
                groups.extend(f"{a}_{i}" for a in alts)
            pattern = re.compile("".join(parts) + tail)
            slots = tuple((pattern.groupindex[g], g.rsplit("_", 1)[0]) for g in groups)
            self.matchers[head] = (pattern, getattr(builder, rule), slots)
        player = f"(?>{term('NAME')}|{term('STRING')})"
        self.points_item = re.compile(
            f"{_GAP}(?:(?P<NAME>{term('NAME')})|(?P<STRING>{term('STRING')})){_GAP}(?P<SCORE>(?>{term('SCORE')}))"
        )
        self.points_lines = {
            head: (
                re.compile(
                    f"{_GAP}(?P<KW>{term(kw)})(?P<ITEMS>(?:{_GAP}{player}{_GAP}(?>{term('SCORE')}))+)"
                    + tail
                ),
                getattr(builder, rule),
                kw,
            )
            for head, (rule, kw) in _POINTS_LINES.items()
        }

    def statement(self, text: str, head: str, line_no: int) -> Statement | None:
        """The statement on ``text`` (line ``line_no``; ``head`` its first word), or None."""
        if head[0].isdigit():
            return self._trick(text, line_no)
        entry = self.matchers.get(head)
        if entry is None:
            if head in self.points_lines:
                return self._points(text, head, line_no)
            return None
        pattern, callback, slots = entry
        m = pattern.match(text)
        if m is None:
            return None
        values = m.groups()
        start = m.start
        stmt = callback(
            [
                Tok(kind, values[i - 1], line_no, start(i) + 1)
                for i, kind in slots
                if values[i - 1] is not None
            ]
        )
        comment = values[-1]
        if comment is not None:
            return self.builder.line([stmt, comment])  # type: ignore[no-any-return]
        return stmt  # type: ignore[no-any-return]

    def _trick(self, text: str, line_no: int) -> Statement | None:
        """A trick line, straight to the builder shared with the grammar callback
        (no token objects: it is every other line of a full record)."""
        m = self.matchers["trick"][0].match(text)
        if m is None:
            return None
        number, leader, run, comment = m.group("INT_0", "LEADER_1", "PLAYS_2", "COMMENT")
        stmt = trick_statement(
            line_no,
            number,
            m.start("INT_0") + 1,
            leader,
            m.start("LEADER_1") + 1,
            run,
            m.start("PLAYS_2") + 1,
        )
        if comment is not None:
            return (stmt[0], stmt[1], stmt[2], comment_text(comment))
        return stmt

    def _points(self, text: str, head: str, line_no: int) -> Statement | None:
        pattern, callback, kw = self.points_lines[head]
        m = pattern.match(text)
        if m is None:
            return None
        children: list[Any] = [Tok(kw, m.group("KW"), line_no, m.start("KW") + 1)]
        base = m.start("ITEMS") + 1
        for item in self.points_item.finditer(m.group("ITEMS")):
            who = "NAME" if item["NAME"] is not None else "STRING"
            children.append(
                points_entry(
                    line_no,
                    item[who],
                    base + item.start(who),
                    item["SCORE"],
                    base + item.start("SCORE"),
                )
            )
        stmt = callback(children)
        comment = m.group("COMMENT")
        if comment is not None:
            return self.builder.line([stmt, comment])  # type: ignore[no-any-return]
        return stmt  # type: ignore[no-any-return]

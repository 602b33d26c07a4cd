"""Games and rounds while they are being read: their lines so far, and where each stood.

:mod:`napkifu.notation.structure` fills these as statements arrive and turns
them into the immutable model once a round or game is complete.
"""

from __future__ import annotations

from typing import Any

from napkifu.model import (
    AliasLine,
    BidsLine,
    Comment,
    Game,
    HandLine,
    Round,
    RuleLine,
    Span,
    Statement,
    TagLine,
    TrickLine,
    Where,
)

# The order of a round's lines (NOTATION.md); call/adjutant/discard share a slot.
ROUND_ORDER: dict[str, int] = {
    "dealer": 0,
    "hand": 1,
    "widow": 2,
    "bids": 3,
    "napoleon": 4,
    "call": 5,
    "adjutant": 5,
    "discard": 5,
    "trick": 6,
    "claim": 7,
    "result": 8,
    "score": 9,
    "total": 10,
}
ONCE = frozenset(ROUND_ORDER) - {"hand", "bids", "trick"}
"""The round lines written at most once a round."""


class RoundDraft:
    """A round being read: its lines so far, and where each one stood."""

    def __init__(self, number: int, meta: Statement) -> None:
        self.number = number
        self.meta = meta
        self.fields: dict[str, Any] = {}
        self.first_line: dict[str, int] = {}
        self.hands: list[HandLine] = []
        self.hand_lines: dict[str, int] = {}
        self.bids: list[BidsLine] = []
        self.tricks: list[TrickLine] = []
        self.trick_lines: dict[int, int] = {}
        self.highest = -1  # highest order slot seen
        self.highest_kind = ""
        self.highest_line = 0
        self.in_block: set[str] = set()
        self.trailing: list[Comment] = []
        self.lost = False  # a line of this round was unreadable: skip what it may cause
        self.lost_lines: list[int] = []
        self.unreadable = False  # its own `round` line was unreadable: drop the round

    def missing_lines(self, three_players: bool) -> list[tuple[str, str]]:
        """(message key, line) for each line this round needs to be judged at all:
        who was Napoleon; for a score sheet the adjutant and the result; for a
        played round the called card (no adjutant with three players)."""
        f = self.fields
        counts = [b.count for line in self.bids for b in line.bids]  # (None: a pass)
        if counts and counts.count(None) == len(counts):
            return []  # a redeal: nothing else is needed (NAP304 judges what follows)
        missing = []
        if "napoleon" not in f and not self.bids:
            missing.append(("missing_contract", "napoleon"))
        if self.tricks:
            if "call" not in f and not three_players:
                missing.append(("missing_call", "call"))
            return missing
        if "adjutant" not in f and not three_players:
            missing.append(("missing_line_sheet", "adjutant"))
        if "result" not in f:
            missing.append(("missing_line_sheet", "result"))
        return missing

    def build(self) -> Round:
        f = self.fields
        return Round(  # every field, in the model's order
            self.number,
            self.meta,
            f.get("dealer"),
            tuple(self.hands),
            f.get("widow"),
            tuple(self.bids),
            f.get("napoleon"),
            f.get("call"),
            f.get("adjutant"),
            f.get("discard"),
            tuple(self.tricks),
            f.get("claim"),
            f.get("result"),
            f.get("score"),
            f.get("total"),
            tuple(self.trailing),
            tuple(self.lost_lines),
        )


class GameDraft:
    def __init__(self, number: int) -> None:
        self.number = number
        self.fields: dict[str, Any] = {}
        self.first_line: dict[str, int] = {}
        self.tags: list[TagLine] = []
        self.aliases: list[AliasLine] = []
        self.rule_lines: list[RuleLine] = []
        self.rounds: list[Round] = []
        self.round: RoundDraft | None = None
        self.names: frozenset[str] | None = None
        self.player_count = 0
        self.start: Where | None = None  # where its first and last lines stand
        self.end: Where | None = None
        self.trailing: list[Comment] = []
        self.warned_no_players = False
        self.last_round = 0

    def build(self) -> Game:
        f = self.fields
        span = Span(0, 0, 0, 0)
        if self.start is not None and self.end is not None:
            span = Span(self.start[0], self.start[1], self.end[0], self.end[2])
        return Game(
            number=self.number,
            game=f.get("game"),
            date=f.get("date"),
            place=f.get("place"),
            tags=tuple(self.tags),
            players=f.get("players"),
            rules=f.get("rules"),
            rule_lines=tuple(self.rule_lines),
            rounds=tuple(self.rounds),
            trailing_comments=tuple(self.trailing),
            span=span,
            aliases=tuple(self.aliases),
        )

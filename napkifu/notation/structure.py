"""From a stream of statements to games and rounds, with the structural checks.

Syntax says what one line means; this module says where it may stand (headers before
the first round, ``rules`` before ``rule``, rounds numbered 1, 2, 3 …, a round's lines
in NOTATION.md's order — ``discard`` may stand before ``call`` or after ``adjutant``,
both ``call-timing`` orders), that no line comes twice (the first is kept) and that
names are among the ``players``: NAP103 and NAP105. Whether a line agrees with the
rules is the replay engine's question.
"""

from __future__ import annotations

from typing import Any

from napkifu.diagnostics import Diagnostic
from napkifu.model import (
    AdjutantLine,
    BidsLine,
    CallLine,
    CardsLine,
    ClaimLine,
    Comment,
    Game,
    HandLine,
    NapoleonLine,
    PlayerLine,
    PlayerRef,
    PlayersLine,
    PointsLine,
    Record,
    ResultLine,
    RuleLine,
    RulesLine,
    Statement,
    TagLine,
    TextLine,
    TrickLine,
    Where,
    as_span,
)
from napkifu.notation.aliases import Aliases, renamed
from napkifu.notation.drafts import ONCE, ROUND_ORDER, GameDraft, RoundDraft
from napkifu.notation.errors import diagnostic
from napkifu.notation.names import name_warnings
from napkifu.notation.objects import blank
from napkifu.notation.objects import meta as make_meta
from napkifu.notation.reporting import Reports
from napkifu.notation.transform import Statement as Stmt

HEADERS = frozenset(("game", "date", "place", "tag", "players", "rules", "rule", "alias"))


class RecordBuilder(Reports):
    """Feed statements in file order with :meth:`add`; :meth:`finish` returns the record."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.diagnostics: list[Diagnostic] = []
        self.games: list[Game] = []  # closed games not yet taken by the reader
        self.game_count = 0  # games closed so far (numbering survives taking them)
        self.leading: list[Comment] = []  # the record's leading comments
        self.pending: list[Comment] = []  # comments waiting for the next line
        self.game: GameDraft | None = None
        self.seen_statement = False
        self.aliases = Aliases()

    # ---- feeding ----------------------------------------------------------------
    def add(self, stmt: Stmt) -> None:
        kind, span, payload, comment = stmt  # (span: a Where, plain ints)
        if kind == "trick" and not self.pending and not self.aliases.names and self.game:
            # the common case of a round's second and later trick lines, inlined (every
            # other line of a full record): in place, in order, not repeated
            g = self.game
            r = g.round
            if r is not None and r.highest == 6 and r.tricks and not r.unreadable:
                number, number_at, leader, plays = payload
                if number == r.tricks[-1].number + 1 and number not in r.trick_lines:
                    g.end = span
                    r.trick_lines[number] = span[0]
                    line = blank(TrickLine)  # (objects.blank: no __init__ call)
                    line.number = number
                    line.leader = leader
                    line.plays = plays
                    line.cards = plays[0]  # (a TrickRun: the cards first)
                    # a line without comments keeps its place as its meta (made when read)
                    line.meta = span if comment is None else make_meta((), comment, span)  # type: ignore[assignment]
                    line._number_at = number_at
                    r.tricks.append(line)
                    names = g.names
                    if leader is not None and names is not None and leader.name not in names:
                        self._check_names(g, r.number, number, leader)
                    return
        if kind == "comment":
            self.pending.append(Comment(payload, as_span(span)))
            return
        if not self.seen_statement:
            self.seen_statement = True
            self.leading, self.pending = self.pending, []
        meta: Statement | Where
        if self.pending:
            meta = make_meta(tuple(self.pending), comment, span)
            self.pending = []
        elif comment is not None or kind in HEADERS or kind == "round":
            meta = make_meta((), comment, span)
        else:  # a round line without comments: its place stands for its meta (model.py)
            meta = span
        if self.aliases.names and kind != "alias":
            payload = renamed(payload, self.aliases.names)
        if kind in HEADERS:
            self._header(kind, span, payload, meta)  # type: ignore[arg-type]
        elif kind == "round":
            self._round(span, payload, meta)  # type: ignore[arg-type]
        else:
            self._round_line(kind, span, payload, meta)

    def _current_game(self, span: Where) -> GameDraft:
        if self.game is None:
            self.game = GameDraft(self.game_count + 1)
            self.game.start = span
        self.game.end = span
        return self.game

    def _close_round(self) -> None:
        g = self.game
        if g is None or g.round is None:
            return
        r = g.round
        g.round = None
        if r.unreadable:
            return
        if not r.lost:  # the lines it needs to be judged at all (reported at its `round`)
            for key, kind in r.missing_lines(g.player_count == 3):
                self._report(key, r.meta.span, g.number, r.number, round=r.number, kind=kind)
        g.rounds.append(r.build())

    def _close_game(self) -> None:
        g = self.game
        if g is None:
            return
        self._close_round()
        if g.fields.get("players") is None and not g.warned_no_players and g.start is not None:
            self._report("no_players", g.start, g.number, game=g.number)
        self.games.append(g.build())
        self.game_count += 1
        self.game = None
        self.aliases.next_game()

    def _keep_comments(self, meta: Statement | Where) -> None:
        """A dropped line's leading comments move on to the next line."""
        if isinstance(meta, Statement):  # (not a line's place alone: no comments then)
            self.pending = list(meta.leading_comments) + self.pending

    def _header(self, kind: str, span: Where, payload: Any, meta: Statement) -> None:
        g = self.game
        if kind == "game" and g is not None and ("game" in g.fields or g.rounds or g.round):
            self._close_game()
            g = None
        g = self._current_game(span)
        gn = g.number
        if g.rounds or g.round is not None:
            self._report("header_after_round", span, gn, kind=kind)
            self._keep_comments(meta)
            return
        if kind in ("game", "date", "place", "players", "rules"):
            if kind in g.fields:
                self._report("repeated_header", span, gn, kind=kind, first=g.first_line[kind])
                self._keep_comments(meta)
                return
            g.first_line[kind] = span[0]
            if kind == "players":
                g.fields[kind] = PlayersLine(payload, meta)
                self._players(g, payload, span)
            elif kind == "rules":
                if g.rule_lines:
                    self._report("rules_after_rule", span, gn)
                g.fields[kind] = RulesLine(payload[0], meta, payload[1])
            else:
                g.fields[kind] = TextLine(payload, meta)
        elif kind == "tag":
            g.tags.append(TagLine(payload[0], payload[1], meta))
        elif kind == "alias":
            self.aliases.read(g, payload, meta, self.game_count == 0 and "game" not in g.fields)
        else:  # rule
            key, values, key_span, values_span = payload
            g.rule_lines.append(RuleLine(key, values, meta, key_span, values_span))

    def _players(self, g: GameDraft, players: tuple[PlayerRef, ...], at: Where) -> None:
        names = [p.name for p in players]
        g.names = frozenset(names)
        g.player_count = len(names)
        if not 3 <= len(names) <= 6:
            self._report("players_count", at, g.number, count=len(names))
        seen: set[str] = set()
        for p in players:
            if p.name in seen:
                self.diagnostics.append(
                    diagnostic(
                        "NAP105", "players_twice", p.span, self.file, g.number, player=p.name
                    )
                )
            seen.add(p.name)
        self.diagnostics.extend(name_warnings(players, self.file, g.number))

    def _round(self, span: Where, payload: Any, meta: Statement) -> None:
        number, _num_span = payload
        g = self._current_game(span)
        self._close_round()
        expected = g.last_round + 1
        g.last_round = number
        if number != expected:
            self._report("round_number", span, g.number, number, number=number, expected=expected)
        if g.fields.get("players") is None and not g.warned_no_players:
            g.warned_no_players = True
            self._report("no_players", span, g.number, number, game=g.number)
        g.round = RoundDraft(number, meta)

    def _round_line(self, kind: str, span: Where, payload: Any, meta: Any) -> None:
        """Place a round line (order, repetition) and keep it in its round, in one call
        a line. ``meta`` is a :class:`Statement`, or the line's :data:`Where` (no
        comments: the model makes the Statement when asked)."""
        g = self.game
        if g is None:
            g = self._current_game(span)
        g.end = span
        r = g.round
        if r is None:
            if kind == "trick":
                self._report("trick_outside_round", span, g.number, number=payload[0])
            else:
                self._report("outside_round", span, g.number, kind=kind)
            self._keep_comments(meta)
            return
        if r.unreadable:
            return  # the round's own line was unreadable: its lines are dropped unjudged
        rn, gn = r.number, g.number
        trick_no = payload[0] if kind == "trick" else None
        slot = ROUND_ORDER[kind]
        if slot < r.highest:
            self._report(
                "out_of_order",
                span,
                gn,
                rn,
                trick_no,
                round=rn,
                kind=_word(kind),
                before=_word(r.highest_kind),
                line=r.highest_line,
            )
        elif slot == 5 and kind == "call" and "adjutant" in r.in_block:
            self._report(
                "out_of_order",
                span,
                gn,
                rn,
                round=rn,
                kind="call",
                before="adjutant",
                line=r.first_line["adjutant"],
            )
        elif slot > r.highest:
            r.highest, r.highest_kind, r.highest_line = slot, kind, span[0]
        if slot == 5:
            r.in_block.add(kind)
        if kind in ONCE:
            if kind in r.fields:
                self._report(
                    "repeated_line", span, gn, rn, round=rn, kind=kind, first=r.first_line[kind]
                )
                self._keep_comments(meta)
                return
            r.first_line[kind] = span[0]
        if kind == "hand":
            name = payload[0].name
            if name in r.hand_lines:
                self._check_names(g, rn, None, payload[0])
                self._report(
                    "repeated_hand", span, gn, rn, round=rn, player=name, first=r.hand_lines[name]
                )
                self._keep_comments(meta)
                return
            r.hand_lines[name] = span[0]
        elif kind == "trick":
            number, number_at = payload[0], payload[1]
            if number in r.trick_lines:
                self._report(
                    "repeated_trick",
                    as_span(number_at),
                    gn,
                    rn,
                    number,
                    round=rn,
                    number=number,
                    first=r.trick_lines[number],
                )
                self._keep_comments(meta)
                return
            expected = r.tricks[-1].number + 1 if r.tricks else 1
            if number != expected and not r.lost:
                self._report(
                    "trick_number",
                    as_span(number_at),
                    gn,
                    rn,
                    number,
                    round=rn,
                    number=number,
                    expected=expected,
                )
            r.trick_lines[number] = span[0]
        # kept in the round's lists or fields, with the player names the line uses
        refs: tuple[PlayerRef | None, ...] = ()
        if kind == "trick":
            number, number_at, leader, plays = payload
            r.tricks.append(TrickLine(number, leader, plays, meta, number_at))
            refs = (leader,)
        elif kind == "hand":
            r.hands.append(HandLine(payload[0], payload[1], meta))
            refs = (payload[0],)
        elif kind == "bids":
            r.bids.append(BidsLine(payload, meta))
            refs = tuple([b.player for b in payload])
        elif kind == "widow" or kind == "discard":
            r.fields[kind] = CardsLine(payload, meta)
        elif kind == "dealer":
            r.fields[kind] = PlayerLine(payload, meta)
            refs = (payload,)
        elif kind == "napoleon":
            r.fields[kind] = NapoleonLine(payload[0], payload[1], meta)
            refs = (payload[0],)
        elif kind == "call":
            r.fields[kind] = CallLine(payload, meta)
        elif kind == "adjutant":
            r.fields[kind] = AdjutantLine(payload, meta)
            refs = (payload,)
        elif kind == "claim":
            r.fields[kind] = ClaimLine(payload, meta)
        elif kind == "result":
            r.fields[kind] = ResultLine(payload[0], meta, payload[1], payload[2])
        else:  # score, total
            r.fields[kind] = PointsLine(payload, meta)
            refs = tuple([e.player for e in payload])
        names = g.names
        if names is not None:  # (the common case inlined: every name is a player)
            for ref in refs:
                if ref is not None and ref.name not in names:
                    self._check_names(g, rn, trick_no, *refs)
                    break

    def lost(self, line: str, line_no: int = 0) -> None:
        """A line the grammar rejected: keep later checks from reporting its absence.
        An unreadable ``round`` line starts a round that is read but dropped, so its
        lines do not land in the round before."""
        g = self.game
        if line.split(None, 1)[0] == "round" and g is not None:
            self._close_round()
            draft = RoundDraft(g.last_round + 1, Statement())
            draft.unreadable = draft.lost = True
            g.last_round += 1
            g.round = draft
        elif g is not None and g.round is not None:
            g.round.lost = True
            g.round.lost_lines.append(line_no)

    def position(self) -> tuple[int | None, int | None]:
        """The game and round being read (for syntax diagnostics)."""
        g = self.game
        if g is None:
            return (self.game_count or None), None
        return g.number, (g.round.number if g.round is not None else None)

    # ---- the end ---------------------------------------------------------------------
    def finish(self, source: str = "") -> Record:
        self.close()
        return Record(tuple(self.games), tuple(self.leading), source)

    def close(self) -> None:
        """The end of the text: place the last comments and close the last game."""
        if self.pending:
            if not self.seen_statement:
                self.leading, self.pending = self.pending, []
            elif self.game is not None and self.game.round is not None:
                self.game.round.trailing.extend(self.pending)
            elif self.game is not None:
                self.game.trailing.extend(self.pending)
            self.pending = []
        self._close_game()


def _word(kind: str) -> str:
    return "the tricks" if kind == "trick" else kind

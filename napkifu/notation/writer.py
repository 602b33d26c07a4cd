"""The canonical text of a record: what ``napkifu fmt`` writes.

It writes exactly what the model says — a trick's leader only when the record
names one, ``Name:`` only on bids that carry it, every comment where it stood —
in one layout, so that two people's records of the same game differ only where
the games differ. Reading the output gives back the same model (the hands'
cards sorted): that is the formatter's guarantee, tested as a property.

Layout: headers in the order game, date, place, tag, players, rules, rule; a
blank line before each round and between games; a round's lines indented two
spaces in NOTATION.md's order (``discard`` before ``call`` when the source had
it there, the ``call-timing after-exchange`` order); hands grouped by suit,
highest first (``♠A K 9 ♥J 8 JK ?``); widow and discard card by card as
written; ``10`` never ``T``; one space between tokens; a trailing comment two
spaces after its line; scores signed (``+2``), totals plain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from napkifu.cards import JOKER, CardStyle, Suit, card_text, cards_text
from napkifu.model import (
    AliasLine,
    Bid,
    CardRef,
    Comment,
    Game,
    Play,
    PlayerRef,
    PointsLine,
    Record,
    ResultLine,
    Round,
    Statement,
)

INDENT = "  "
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@lru_cache(maxsize=1)
def _name_pattern() -> re.Pattern[str]:
    """The grammar's own NAME terminal: a name that matches it needs no quotes."""
    from napkifu.notation.reader import parser

    lark, _, _ = parser()
    return re.compile(lark.get_terminal("NAME").pattern.to_regexp())


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_text(name: str) -> str:
    """A player's name as written: bare when the grammar reads it as a name, else quoted."""
    return name if _name_pattern().fullmatch(name) else quote(name)


def _suit(suit: Suit, style: CardStyle) -> str:
    return suit.text(style)


def bid_text(bid: Bid, style: CardStyle) -> str:
    if bid.count is None:
        return "pass"
    return f"{bid.count}{'NT' if bid.suit is None else _suit(bid.suit, style)}"


def play_text(play: Play, style: CardStyle) -> str:
    text = card_text(play.card, style)
    if play.joker_suit is not None:
        text += ">" + _suit(play.joker_suit, style)
    return text + (play.annotation or "")


def hand_order(card: int) -> tuple[int, int]:
    """Sort key of a hand's canonical order: by suit (♠ ♥ ♦ ♣), highest rank first,
    then jokers, then unknown cards."""
    if card >= JOKER:
        return (4, card)
    return (card // 13, -(card % 13))


def hand_text(cards: tuple[CardRef, ...], style: CardStyle) -> str:
    return cards_text(sorted((c.card for c in cards), key=hand_order), style)


def _cards(cards: tuple[CardRef, ...], style: CardStyle) -> str:
    return " ".join(card_text(c.card, style) for c in cards)


def _points(line: PointsLine, signed: bool) -> str:
    parts = []
    for e in line.entries:
        points = f"{e.points:+d}" if signed and e.points > 0 else str(e.points)
        parts.append(f"{name_text(e.player.name)} {points}")
    return " ".join(parts)


class _Out:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def comments(self, comments: tuple[Comment, ...], indent: str = "") -> None:
        for c in comments:
            self.lines.append(f"{indent}#{c.text}")

    def line(self, text: str, meta: Statement, indent: str = "") -> None:
        self.comments(meta.leading_comments, indent)
        if meta.comment is not None:
            text = f"{text}  #{meta.comment}"
        self.lines.append(indent + text)

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")


def _alias(out: _Out, alias: AliasLine) -> None:
    out.line("alias " + " ".join(name_text(p.name) for p in alias.names), alias.meta)


def _game(out: _Out, game: Game, style: CardStyle) -> None:
    for alias in game.aliases:
        if alias.every_game:  # before the `game` line, as written
            _alias(out, alias)
    if game.game is not None:
        out.line(
            "game" + (" " + quote(game.game.value) if game.game.value is not None else ""),
            game.game.meta,
        )
    if game.date is not None:
        value = game.date.value or ""
        out.line("date " + (value if _ISO_DATE.fullmatch(value) else quote(value)), game.date.meta)
    if game.place is not None:
        out.line("place " + quote(game.place.value or ""), game.place.meta)
    for tag in game.tags:
        out.line(f"tag {tag.key} {quote(tag.value)}", tag.meta)
    for alias in game.aliases:
        if not alias.every_game:
            _alias(out, alias)
    if game.players is not None:
        names = " ".join(name_text(p.name) for p in game.players.players)
        out.line(f"players {names}", game.players.meta)
    if game.rules is not None:
        out.line(f"rules {game.rules.preset}", game.rules.meta)
    for rule in game.rule_lines:
        out.line(" ".join(("rule", rule.key, *rule.values)), rule.meta)
    for rnd in game.rounds:
        out.blank()
        _round(out, rnd, style)
    out.comments(game.trailing_comments)


def result_text(line: ResultLine) -> str:
    """``result 15``, ``result win``, ``result lose 9`` (the outcome in English)."""
    words = ["result"]
    if line.won is not None:
        words.append("win" if line.won else "lose")
    if line.honors is not None:
        words.append(str(line.honors))
    return " ".join(words)


def _player(ref: PlayerRef | None) -> str:
    return "none" if ref is None else name_text(ref.name)


def _round(out: _Out, rnd: Round, style: CardStyle) -> None:
    out.line(f"round {rnd.number}", rnd.meta)
    put = out.line
    if rnd.dealer is not None:
        put(f"dealer {_player(rnd.dealer.player)}", rnd.dealer.meta, INDENT)
    for hand in rnd.hands:
        put(f"hand {_player(hand.player)} {hand_text(hand.cards, style)}", hand.meta, INDENT)
    if rnd.widow is not None:
        put(f"widow {_cards(rnd.widow.cards, style)}", rnd.widow.meta, INDENT)
    for line in rnd.bids:
        bids = " ".join(
            (f"{name_text(b.player.name)}:" if b.player is not None else "") + bid_text(b, style)
            for b in line.bids
        )
        put(f"bids {bids}", line.meta, INDENT)
    if rnd.napoleon is not None:
        n = rnd.napoleon
        put(f"napoleon {_player(n.player)} {bid_text(n.bid, style)}", n.meta, INDENT)
    discard_first = (
        rnd.discard is not None
        and rnd.call is not None
        and 0 < rnd.discard.meta.span.line < rnd.call.meta.span.line
    )
    if discard_first:
        put(f"discard {_cards(rnd.discard.cards, style)}", rnd.discard.meta, INDENT)  # type: ignore[union-attr]
    if rnd.call is not None:
        put(f"call {card_text(rnd.call.card.card, style)}", rnd.call.meta, INDENT)
    if rnd.adjutant is not None:
        put(f"adjutant {_player(rnd.adjutant.player)}", rnd.adjutant.meta, INDENT)
    if rnd.discard is not None and not discard_first:
        put(f"discard {_cards(rnd.discard.cards, style)}", rnd.discard.meta, INDENT)
    for trick in rnd.tricks:
        leader = f" {name_text(trick.leader.name)}:" if trick.leader is not None else ""
        plays = " ".join(play_text(p, style) for p in trick.plays)
        put(f"{trick.number}{leader} {plays}", trick.meta, INDENT)
    if rnd.claim is not None:
        put(f"claim {rnd.claim.side}", rnd.claim.meta, INDENT)
    if rnd.result is not None:
        put(result_text(rnd.result), rnd.result.meta, INDENT)
    if rnd.score is not None:
        put(f"score {_points(rnd.score, True)}", rnd.score.meta, INDENT)
    if rnd.total is not None:
        put(f"total {_points(rnd.total, False)}", rnd.total.meta, INDENT)
    out.comments(rnd.trailing_comments, INDENT)


def format_record(record: Record, cards: CardStyle = "unicode") -> str:
    """The canonical text of ``record`` with cards in ``cards`` style (♠A or SA)."""
    return format_parts((record,), cards)


def format_parts(parts: Iterable[Record], cards: CardStyle = "unicode") -> str:
    """:func:`format_record` of a record read in parts, game by game (the records
    of :func:`napkifu.api.iter_loads`: the leading comments with the first), the
    same text as for the whole record; only one part's model need be alive."""
    out = _Out()
    for record in parts:
        out.comments(record.leading_comments)
        for game in record.games:
            out.blank()
            _game(out, game, cards)
    while out.lines and out.lines[-1] == "":
        out.lines.pop()
    _separate_top_comments(out.lines)
    return "\n".join(out.lines) + "\n" if out.lines else ""


def _separate_top_comments(lines: list[str]) -> None:
    """The comments the text starts with, together, then a blank line. Every comment
    before a file's first statement is read back as one of the record's leading
    comments, which are written so; comments that open the text because they belong
    to its first statements (a record that starts with ``rules`` or ``players``, a
    comment above each) are written so now, or a second ``fmt`` would move them:
    fmt(fmt(x)) == fmt(x)."""
    top = 0
    while top < len(lines) and (lines[top].startswith("#") or lines[top] == ""):
        top += 1
    comments = [line for line in lines[:top] if line]
    if comments and top < len(lines):
        lines[:top] = [*comments, ""]

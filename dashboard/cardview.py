"""Cards and the card table as HTML: suit symbols in red and black.

The Replay page draws the five (three to six) seats around a table with the card
each played, the trick's winner and the hands when known; on a phone (640 px or
less) the table becomes a vertical list of seats, the trick's summary first. Pure functions of plain
data (:class:`SeatView`), so the markup is testable without a browser. Every text
that comes from a record (names, reasons) is HTML-escaped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

RED_SUITS = ("♥", "♦", "H", "D", "♡", "♢")
BLACK_SUITS = ("♠", "♣", "S", "C", "♤", "♧")
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}

CSS = """
<style>
.nk-card{display:inline-block;min-width:2.1em;padding:.05em .3em;margin:.08em;border:1px solid #bbb;
 border-radius:.3em;background:#fff;font-weight:600;text-align:center;font-family:system-ui,sans-serif}
.nk-red{color:#c62828}.nk-black{color:#212121}.nk-joker{color:#6a1b9a}.nk-unknown{color:#9e9e9e}
.nk-big{font-size:1.5em}
.nk-table{position:relative;height:600px;margin:.5em auto;max-width:900px;border-radius:45%;
 background:radial-gradient(#2e7d32,#1b5e20);box-shadow:inset 0 0 30px #0008}
.nk-seat{position:absolute;transform:translate(-50%,-50%);text-align:center;color:#fff;width:190px}
.nk-name{font-weight:700;padding:.1em .4em;border-radius:.4em;background:#0005}
.nk-napoleon .nk-name{background:#f9a825;color:#000}.nk-adjutant .nk-name{background:#ffe082;color:#000}
.nk-winner .nk-big{box-shadow:0 0 0 3px #ffeb3b}
.nk-hand{font-size:.8em;margin-top:.2em;background:#fff2;border-radius:.3em;padding:.1em}
.nk-center{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);color:#fff;
 text-align:center;max-width:360px}
.nk-role{font-size:.75em;opacity:.9}
.nk-best{outline:3px solid #00c853;outline-offset:2px}.nk-inaccuracy{outline:3px solid #ffab00;outline-offset:2px}
.nk-mistake{outline:3px solid #ff1744;outline-offset:2px}
.nk-mark{font-weight:800;margin-left:.25em;padding:0 .25em;border-radius:.3em;vertical-align:top}
[data-grade=inaccuracy] .nk-mark{background:#ffab00;color:#000}[data-grade=mistake] .nk-mark{background:#ff1744;color:#fff}
.nk-legend{display:flex;flex-wrap:wrap;gap:.3em 1em;align-items:center;margin:.3em 0}
@media (max-width:640px){
 .nk-table{height:auto;border-radius:1em;padding:.5em;display:flex;flex-direction:column;gap:.4em}
 .nk-seat,.nk-center{position:static;transform:none;width:auto;max-width:none;display:flex;
  flex-wrap:wrap;align-items:center;gap:.4em;text-align:left}
 .nk-center{order:-1;display:block;border-bottom:1px solid #fff5;padding-bottom:.4em}
 .nk-hand{flex-basis:100%}
}
</style>
"""


def card_html(text: str, big: bool = False, grade: str | None = None, note: str = "") -> str:
    """One card (``♠A``, ``SA``, ``JK``, ``JK>♥``, ``?``) as a coloured span;
    ``grade`` (best, inaccuracy, mistake) rings it in the analysis' colour, with
    ``note`` (its cost and the best card) as its tooltip."""
    if grade:
        mark = {"inaccuracy": "?", "mistake": "??"}.get(grade, "")
        tail = f'<span class="nk-mark">{mark}</span>' if mark else ""
        inner = card_html(text, big).replace('class="nk-card', f'class="nk-card nk-{grade}', 1)
        return f'<span title="{escape(note)}" data-grade="{grade}">{inner}{tail}</span>'
    size = " nk-big" if big else ""
    if not text:
        return ""
    if text.startswith(("JK", "Jo", "🃏")):
        named = text.split(">", 1)[1] if ">" in text else ""
        tail = f"&gt;{_suit_html(named)}" if named else ""
        return f'<span class="nk-card nk-joker{size}">JK{tail}</span>'
    if text.startswith("?"):
        return f'<span class="nk-card nk-unknown{size}">?</span>'
    head, rest = text[0], text[1:]
    colour = "nk-red" if head in RED_SUITS else "nk-black" if head in BLACK_SUITS else "nk-unknown"
    return f'<span class="nk-card {colour}{size}">{escape(SYMBOL.get(head, head) + rest)}</span>'


def _suit_html(suit: str) -> str:
    sym = SYMBOL.get(suit, suit)
    colour = "nk-red" if sym in RED_SUITS else "nk-black"
    return f'<span class="{colour}">{escape(sym)}</span>'


def suit_html(suit: str | None) -> str:
    """A suit symbol in its colour (``NT`` and None as written)."""
    if suit is None:
        return ""
    if suit in SYMBOL or suit in RED_SUITS or suit in BLACK_SUITS:
        return _suit_html(suit)
    return escape(suit)


def cards_html(cards: list[str]) -> str:
    return "".join(card_html(c) for c in cards)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat at one step of a replay."""

    name: str
    role: str | None = None  # napoleon, adjutant, allied (None: not known yet)
    role_label: str = ""
    card: str | None = None  # the card played in this trick
    leader: bool = False
    winner: bool = False
    hand: tuple[str, ...] | None = None  # the cards held before this trick
    grade: str | None = None  # the analysis' verdict on the card (best, inaccuracy, mistake)
    note: str = ""  # its cost and the best card, as the card's tooltip


def seat_position(i: int, n: int) -> tuple[float, float]:
    """Seat ``i`` of ``n`` around an oval, clockwise from the bottom: (left%, top%)."""
    angle = 2 * math.pi * i / n
    return 50 - 36 * math.sin(angle), 48 + 33 * math.cos(angle)


def table_html(seats: list[SeatView], center: str) -> str:
    """The card table: every seat with its played card (and hand), ``center`` (HTML)
    in the middle."""
    parts = ['<div class="nk-table" data-testid="nk-table">']
    for i, seat in enumerate(seats):
        left, top = seat_position(i, len(seats))
        classes = ["nk-seat"]
        if seat.role:
            classes.append(f"nk-{seat.role}")
        if seat.winner:
            classes.append("nk-winner")
        lead = " ▸" if seat.leader else ""
        role = f'<div class="nk-role">{escape(seat.role_label)}</div>' if seat.role_label else ""
        card = (
            card_html(seat.card, True, seat.grade, seat.note)
            if seat.card
            else '<span class="nk-big">·</span>'
        )
        hand = f'<div class="nk-hand">{cards_html(list(seat.hand))}</div>' if seat.hand else ""
        parts.append(
            f'<div class="{" ".join(classes)}" style="left:{left:.1f}%;top:{top:.1f}%">'
            f'<span class="nk-name">{escape(seat.name)}{lead}</span>{role}<div>{card}</div>{hand}</div>'
        )
    parts.append(f'<div class="nk-center">{center}</div></div>')
    return "".join(parts)

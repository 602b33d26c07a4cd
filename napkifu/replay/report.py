"""Diagnostics of one round (or game): a tiny collector that stamps the file, game,
round and trick on every message so the checks only say what went wrong."""

from __future__ import annotations

from napkifu.cards import Card, Suit, card_text
from napkifu.diagnostics import Diagnostic
from napkifu.model import Span


class Reporter:
    __slots__ = ("file", "game", "items", "round", "trick")

    def __init__(self, file: str, game: int | None, rnd: int | None = None) -> None:
        self.file = file
        self.game = game
        self.round = rnd
        self.trick: int | None = None
        self.items: list[Diagnostic] = []

    def add(
        self, code: str, span: Span, message: str, message_ja: str, trick: int | None = None
    ) -> None:
        where = f"round {self.round}, " if self.round is not None else ""
        where_ja = f"ラウンド {self.round}、" if self.round is not None else ""
        t = trick if trick is not None else self.trick
        if t is not None:
            where += f"trick {t}: "
            where_ja += f"トリック {t}: "
        elif where:
            where = where[:-2] + ": "
            where_ja = where_ja[:-1] + ": "
        self.items.append(
            Diagnostic(
                code,
                where + message,
                span,
                self.file,
                self.game,
                self.round,
                t,
                where_ja + message_ja,
            )
        )


def cards_list(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_text(c) for c in cards)


def suit_text(suit: int | None) -> str:
    return "no-trump" if suit is None else Suit(suit).symbol


def bid_text(count: int, suit: Suit | int | None) -> str:
    return f"{count}{'NT' if suit is None else Suit(suit).symbol}"

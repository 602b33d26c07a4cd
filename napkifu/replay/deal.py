"""Checks of the deal as written: ``hand``, ``widow`` and ``discard`` lines
(NAP201 duplicates, NAP202 sizes, NAP203 cards not in this deck)."""

from __future__ import annotations

from napkifu.cards import JOKER, UNKNOWN, card_text
from napkifu.i18n import count
from napkifu.model import CardRef, Round
from napkifu.replay.report import Reporter
from napkifu.rules.build import Rules


def check_deal(rules: Rules, rnd: Round, napoleon: str | None, rep: Reporter) -> None:
    """Report every problem of the written deal; the play is judged elsewhere."""
    seen: dict[int, str] = {}  # card → where it was first written
    jokers = 0
    for hand in rnd.hands:
        name = hand.player.name
        where = f"{name}'s hand"
        if len(hand.cards) != rules.hand_size:
            _size(rep, len(hand.cards), rules.hand_size, where, f"{name} の手札", hand.meta.span)
        for ref in hand.cards:
            c = ref.card
            if c < JOKER and c not in seen:  # (the common case, inlined)
                seen[c] = where
            else:
                jokers = _one(rules, rep, ref, seen, where, jokers)
    if rnd.widow is not None:
        _size(rep, len(rnd.widow.cards), rules.widow_size, "the widow", "場札", rnd.widow.meta.span)
        for ref in rnd.widow.cards:
            jokers = _one(rules, rep, ref, seen, "the widow", jokers)
    if rnd.discard is not None:
        _size(
            rep,
            len(rnd.discard.cards),
            rules.discard_size,
            "the discards",
            "捨て札",
            rnd.discard.meta.span,
        )
        own = {r.card for h in rnd.hands if napoleon and h.player.name == napoleon for r in h.cards}
        if rnd.widow is not None:
            own |= {r.card for r in rnd.widow.cards}
        mine: set[int] = set()
        for ref in rnd.discard.cards:
            c = ref.card
            if c == UNKNOWN:
                continue
            if c == JOKER and rules.jokers == 0:
                _not_in_deck(rep, ref)
                continue
            if not rules.discard_honors_allowed and c in rules.honor_cards:
                rep.add(
                    "NAP203",
                    ref.span,
                    f"{card_text(c)} is an honor: honors may not be discarded "
                    "(rule discard-honors-allowed off)",
                    f"{card_text(c)} は絵札なので捨てられない（discard-honors-allowed off）",
                )
            if c in mine and c != JOKER:
                rep.add(
                    "NAP201",
                    ref.span,
                    f"{card_text(c)} is discarded twice",
                    f"{card_text(c)} が二度捨てられています",
                )
            elif c in seen and c not in own and c != JOKER:
                rep.add(
                    "NAP201",
                    ref.span,
                    f"discarded {card_text(c)} is also in {seen[c]}",
                    f"捨て札の {card_text(c)} は {_ja(seen[c])} にもあります",
                )
            mine.add(c)


def _size(rep: Reporter, got: int, want: int, what: str, what_ja: str, span: object) -> None:
    if got != want:
        rep.add(
            "NAP202",
            span,  # type: ignore[arg-type]
            f"{what} has {count(got, 'card')}, expected {want}",
            f"{what_ja}が {got} 枚（{want} 枚のはず）",
        )


def _ja(where: str) -> str:
    """A place of the deal, as the English message names it, in Japanese."""
    if where.endswith("'s hand"):
        return where[: -len("'s hand")] + " の手札"
    return {"the widow": "場札", "the discards": "捨て札"}.get(where, where)


def _not_in_deck(rep: Reporter, ref: CardRef) -> None:
    rep.add(
        "NAP203",
        ref.span,
        "a joker is not in this deck (rule jokers 0)",
        "このデッキにジョーカーはありません（`jokers 0`）",
    )


def _one(
    rules: Rules, rep: Reporter, ref: CardRef, seen: dict[int, str], where: str, jokers: int
) -> int:
    c = ref.card
    if c == UNKNOWN:
        return jokers
    if c == JOKER:
        if rules.jokers == 0:
            _not_in_deck(rep, ref)
        elif jokers >= rules.jokers:
            rep.add(
                "NAP201",
                ref.span,
                f"more jokers in the deal than the {rules.jokers} of this deck",
                f"配札のジョーカーがデッキの {rules.jokers} 枚より多い",
            )
        return jokers + 1
    if c in seen:
        rep.add(
            "NAP201",
            ref.span,
            f"{card_text(c)} in {where} appears twice in the deal (first in {seen[c]})",
            f"{_ja(where)} の {card_text(c)} が配札に二度あります（最初は {_ja(seen[c])}）",
        )
    else:
        seen[c] = where
    return jokers

"""The deal: the cards each player held, as written and as the play shows them.

As written: the ``hand``, ``widow`` and ``discard`` lines (NAP201 duplicates, NAP202
sizes, NAP203 cards not in this deck). As played: each player's holding at trick 1,
from the given ``hand`` lines when they agree with the play (NAP204 when not),
otherwise reconstructed from the cards the player plays (a reverse scan: what you
play from trick k on is what you held before trick k). That is what makes a revoke
provable from the record alone: the card a player should have followed with is one
they play later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from napkifu.cards import JOKER, UNKNOWN, card_text
from napkifu.i18n import count
from napkifu.model import CardRef, CardsLine, HandLine, Round
from napkifu.replay.report import Reporter, cards_list
from napkifu.rules.build import Rules


def check_deal(
    rules: Rules,
    rnd: Round,
    napoleon: str | None,
    rep: Reporter,
    players: Collection[str] | None = None,
) -> None:
    """Report every problem of the written deal; the play is judged elsewhere. A
    hand whose name is not one of the ``players`` (NAP103) may be anyone's,
    Napoleon's too: its cards may be discarded."""
    seen: dict[int, str] = {}  # card → where it was first written
    jokers = 0
    # the dealt lines: each hand, then the widow (its size, each card once in the deal)
    dealt: list[tuple[HandLine | CardsLine, str, str, int]] = [
        (h, f"{h.player.name}'s hand", f"{h.player.name} の手札", rules.hand_size)
        for h in rnd.hands
    ]
    if rnd.widow is not None:
        dealt.append((rnd.widow, "the widow", "場札", rules.widow_size))
    for line, where, where_ja, size in dealt:
        if len(line.cards) != size:  # (a call only then)
            _size(rep, len(line.cards), size, where, where_ja, line)
        for ref in line.cards:
            c = ref.card
            if c < JOKER and c not in seen:  # (the common case, inlined)
                seen[c] = where
            else:
                jokers = _one(rules, rep, ref, seen, where, jokers)
    if rnd.discard is not None:
        if len(rnd.discard.cards) != rules.discard_size:
            _size(
                rep,
                len(rnd.discard.cards),
                rules.discard_size,
                "the discards",
                "捨て札",
                rnd.discard,
            )
        own = (
            {
                r.card
                for h in rnd.hands
                if (napoleon and h.player.name == napoleon)
                or (players is not None and h.player.name not in players)
                for r in h.cards
            }
            if rnd.hands
            else set()  # (no hand lines: no comprehension)
        )
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


def _size(
    rep: Reporter, got: int, want: int, what: str, what_ja: str, line: HandLine | CardsLine
) -> None:
    """NAP202: a hand, the widow or the discards of ``got`` cards, not ``want`` (asked
    only when they differ; the line's span is made only for the diagnostic: model.py)."""
    rep.add(
        "NAP202",
        line.meta.span,
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


# ---- as played: the holdings at trick 1 -----------------------------------------------


def hand_consistency(
    rules: Rules,
    players: Sequence[str],
    napoleon: str,
    hands: Mapping[str, HandLine],
    plays: Mapping[int, Sequence[int]],
    widow: list[int] | None,
    discards: list[int] | None,
    complete: bool,
    rep: Reporter,
) -> dict[str, list[int]]:
    """Check given hands against the play (NAP204); return the holdings at trick 1
    of the players whose given hand is fully known and agrees."""
    good: dict[str, list[int]] = {}
    for seat, name in enumerate(players):
        line = hands.get(name)
        if line is None:
            continue
        if name != napoleon:  # the common case first: distinct known cards, all played
            cards = [r.card for r in line.cards]
            distinct = set(cards)
            played = plays.get(seat, ())
            if (
                UNKNOWN not in distinct
                and len(distinct) == len(cards)
                and distinct.issuperset(played)
                and len(set(played)) == len(played)
                and (len(played) == len(cards) or not complete)
            ):
                good[name] = cards
                continue
        else:
            hers = _napoleon_held(rules, line, plays.get(seat, ()), widow, discards, complete)
            if hers is not None:
                good[name] = hers
                continue
        known = Counter(r.card for r in line.cards if r.card != UNKNOWN)
        unknown = sum(1 for r in line.cards if r.card == UNKNOWN)
        used = Counter(plays.get(seat, ()))
        avail = Counter(known)
        if name == napoleon:
            if widow is not None and rules.discard_size == rules.widow_size:
                avail.update(c for c in widow if c != UNKNOWN)
                unknown += sum(1 for c in widow if c == UNKNOWN)
            else:  # (with `exchange N` which widow cards she took is not written)
                unknown += rules.discard_size
            if discards is not None:
                used.update(c for c in discards if c != UNKNOWN)
                unknown_disc = sum(1 for c in discards if c == UNKNOWN)
            else:
                unknown_disc = rules.discard_size
        else:
            unknown_disc = 0
        extra = used - avail
        missing = avail - used
        problem = None
        if sum(extra.values()) > unknown:
            cs = cards_list(sorted(extra.elements()))
            problem = (
                f"{name} plays {cs}, not in the given hand",
                f"{name} が手札にない {cs} を出しています",
            )
        elif complete and unknown == 0 and unknown_disc == 0 and missing:
            cs = cards_list(sorted(missing.elements()))
            problem = (
                f"{name}'s given hand holds {cs}, never played",
                f"{name} の手札の {cs} が一度も出ていません",
            )
        if problem is not None:
            span = line.meta.span
            for r in line.cards:
                if r.card in missing or r.card in extra:
                    span = r.span
                    break
            rep.add(
                "NAP204",
                span,
                "the given hand disagrees with the play: " + problem[0],
                "記録された手札がプレイと矛盾: " + problem[1],
            )
            continue
        if unknown == 0 and unknown_disc == 0:
            held = avail - Counter(c for c in (discards or ()) if name == napoleon)
            good[name] = list(held.elements())
    return good


def _napoleon_held(
    rules: Rules,
    line: HandLine,
    played: Sequence[int],
    widow: list[int] | None,
    discards: list[int] | None,
    complete: bool,
) -> list[int] | None:
    """Napoleon's holding at trick 1 in the common case, which the counting of
    :func:`hand_consistency` would find agreeing: her hand, the widow she took whole
    and her discards written, every card known and none twice, and what she plays and
    discards all in the hand or the widow (all of it, when the play is complete). None
    when any of that fails: the counting decides then."""
    if widow is None or discards is None or rules.discard_size != rules.widow_size:
        return None
    dealt = [r.card for r in line.cards] + widow
    avail = set(dealt)
    used = [*played, *discards]
    spent = set(used)
    if (
        UNKNOWN in avail
        or UNKNOWN in spent
        or len(avail) != len(dealt)
        or len(spent) != len(used)
        or not avail.issuperset(spent)
        or (complete and len(spent) != len(avail))
    ):
        return None
    thrown = set(discards)
    return [c for c in dealt if c not in thrown]


def start_holdings(
    players: Sequence[str],
    plays: Mapping[int, Sequence[int]],
    good_hands: Mapping[str, list[int]],
    napoleon: str,
    widow: set[int] | None,
    discards: list[int] | None,
) -> dict[int, list[int]]:
    """Each seat's holding at trick 1 (a fresh list the trick check may consume)."""
    out: dict[int, list[int]] = {}
    for seat, name in enumerate(players):
        given = good_hands.get(name)
        out[seat] = list(given) if given is not None else list(plays.get(seat, ()))
    return out


def check_widow(
    players: Sequence[str],
    napoleon: str,
    widow: Sequence[CardRef],
    plays: Mapping[int, Sequence[int]],
    rep: Reporter,
) -> None:
    """NAP204: a widow card can only be played by Napoleon, who took the widow."""
    cards = {ref.card for ref in widow}
    for seat, p in plays.items():
        if players[seat] != napoleon and not cards.isdisjoint(p):
            break
    else:
        return  # (the common case: no one else plays a widow card)
    by_card = {c: s for s, cards in plays.items() for c in cards if c < JOKER}
    for ref in widow:
        s = by_card.get(ref.card)
        if s is not None and players[s] != napoleon:
            who = players[s]
            text = card_text(ref.card)
            rep.add(
                "NAP204",
                ref.span,
                f"the widow disagrees with the play: {text} is in the widow, which {napoleon} "
                f"took, but {who} plays it",
                f"場札がプレイと矛盾しています。場札の {text} を {napoleon} ではなく {who} が出しています",
            )

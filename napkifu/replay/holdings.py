"""Each player's holding at trick 1: from the given ``hand`` lines when they agree
with the play, otherwise reconstructed from the cards the player plays (a reverse
scan: what you play from trick k on is what you held before trick k).

That is what makes a revoke provable from the record alone: the card a player
should have followed with is one they play later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from napkifu.cards import JOKER, UNKNOWN, card_text
from napkifu.model import CardRef, HandLine
from napkifu.replay.report import Reporter, cards_list
from napkifu.rules.build import Rules


def hand_consistency(
    rules: Rules,
    players: Sequence[str],
    napoleon: str,
    hands: Mapping[str, HandLine],
    plays: Mapping[int, list[int]],
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


def start_holdings(
    players: Sequence[str],
    plays: Mapping[int, list[int]],
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


def widow_text(widow: set[int]) -> str:
    return " ".join(card_text(c) for c in sorted(widow))


def check_widow(
    players: Sequence[str],
    napoleon: str,
    widow: Sequence[CardRef],
    plays: Mapping[int, list[int]],
    rep: Reporter,
) -> None:
    """NAP204: a widow card can only be played by Napoleon, who took the widow."""
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

"""Which cards a player may play, and which rule a wrong card breaks.

Pure functions of (rules, holding, trick so far): the replay checks every play with
them and the simulator's bots pick from :func:`legal_cards`, so both agree on every
following rule of RULES.md ("Following").
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from napkifu.cards import CLUB_THREE, JOKER, MIGHTY, UNKNOWN, Card
from napkifu.rules.build import Rules
from napkifu.rules.leads import AFTER_LEAD

SPADES = 0


def _restricted_lead(card: Card, trump: int | None) -> bool:
    return card >= JOKER or card // 13 == SPADES or (trump is not None and card // 13 == trump)


def joker_request_active(rules: Rules, trick: Sequence[Card]) -> bool:
    """Whether a ♣3 joker request binds the next player who holds a joker."""
    if rules.joker_request == "lead":
        return bool(trick) and trick[0] == CLUB_THREE
    if rules.joker_request == "played":
        return CLUB_THREE in trick
    return False


def legal_cards(
    rules: Rules,
    holding: Sequence[Card],
    trick: Sequence[Card],
    lead_suit: int | None,
    trump: int | None,
    opening: bool = False,
) -> tuple[Card, ...]:
    """The cards of ``holding`` that may be played next.

    ``trick`` holds the cards already played in this trick (empty: leading);
    ``lead_suit`` is the trick's lead suit (:func:`napkifu.rules.lead_suit_of`;
    ignored when leading); ``opening`` is True for Napoleon's lead of trick 1."""
    if not trick:
        if opening and rules.opening_lead == "restricted":
            ok = tuple(c for c in holding if not _restricted_lead(c, trump))
            if ok:
                return ok
        return tuple(holding)
    if rules.joker_request != "off" and JOKER in holding and joker_request_active(rules, trick):
        return (JOKER,)
    follow = _follow_set(rules, holding, lead_suit, trump)
    if not follow:
        return tuple(holding)
    extra = []
    if (
        JOKER in holding
        and JOKER not in follow
        and (rules.joker_play == "any-time" or trump is None)
    ):
        extra.append(JOKER)
    if rules.mighty_play == "any-time" and MIGHTY in holding:
        extra.append(MIGHTY)
    return follow + tuple(extra)


def doubtful_turns(
    rules: Rules,
    holds: Sequence[Sequence[Card]],
    seats: Sequence[int],
    cards: Sequence[Card],
    lead_suit: int | None,
    trump: int | None,
    opening: bool = False,
) -> int:
    """The turns of a finished trick whose card may not be in :func:`legal_cards`, as
    bits (bit i: ``cards[i]``); ``holds[seats[i]]`` is that player's holding before the
    trick (only their own card leaves it before their turn), sorted, as the replay
    keeps it. A clear bit means legal; a set bit means "ask :func:`violation`", never
    "illegal": the rules live only in :func:`legal_cards` (tests/test_replay_following.py
    checks that a clear bit never disagrees with it).

    Most plays are a lead, a card of the lead suit or a card of a player who cannot
    follow, and those are legal unless the opening-lead restriction or a ♣3 joker
    request applies. One call a trick, not one a card: the replay checks every play."""
    doubt = 1 if opening and rules.opening_lead == "restricted" else 0
    request = rules.joker_request != "off" and CLUB_THREE in cards
    # (no lead suit: every card counts as following, only a joker request binds)
    lo, hi = (0, UNKNOWN + 1) if lead_suit is None else _SUIT_BOUNDS[lead_suit]
    for i in AFTER_LEAD[len(cards)]:
        c = cards[i]
        if request:
            hold = holds[seats[i]]
            if JOKER in hold and joker_request_active(rules, cards[:i]):
                doubt |= 1 << i
                continue
        if lo <= c < hi:
            continue
        # Off suit: legal when nothing in the holding can follow (no card of the lead
        # suit, and no joker that counts as a trump under joker-play as-trump). The
        # holding is sorted, so its first card from the lead suit's lowest on settles
        # the first half (a bisection in C, not a Python loop over the holding).
        hold = holds[seats[i]]
        at = bisect_left(hold, lo)
        if (at < len(hold) and hold[at] < hi) or (
            lead_suit == trump and rules.joker_play == "as-trump" and JOKER in hold
        ):
            doubt |= 1 << i
    return doubt


_SUIT_BOUNDS = tuple((s * 13, s * 13 + 13) for s in range(4))


def _follow_set(
    rules: Rules, holding: Sequence[Card], lead_suit: int | None, trump: int | None
) -> tuple[Card, ...]:
    """The cards that count as following the lead suit (may be empty)."""
    if lead_suit is None:
        return ()
    lo = lead_suit * 13
    hi = lo + 13
    follow = tuple([c for c in holding if lo <= c < hi])
    if lead_suit == 0 and rules.mighty_play == "any-time" and MIGHTY in follow:
        follow = tuple(c for c in follow if c != MIGHTY)
    if (
        rules.joker_play == "as-trump"
        and trump is not None
        and lead_suit == trump
        and JOKER in holding
    ):
        follow += (JOKER,)
    return follow


def violation(
    rules: Rules,
    holding: Sequence[Card],
    trick: Sequence[Card],
    lead_suit: int | None,
    trump: int | None,
    card: Card,
    opening: bool = False,
) -> tuple[str, tuple[Card, ...]] | None:
    """None when ``card`` is a legal play; else the code of the broken rule and the
    cards the player should have played instead (the proof).

    NAP506: a ♣3 joker request ignored; NAP505: a joker trump request ignored;
    NAP504: a revoke; NAP507: the opening-lead restriction broken."""
    legal = legal_cards(rules, holding, trick, lead_suit, trump, opening)
    if card in legal:
        return None
    if not trick:
        return "NAP507", legal
    if legal == (JOKER,) and joker_request_active(rules, trick):
        return "NAP506", legal
    witnesses = _follow_set(rules, holding, lead_suit, trump)
    if trick[0] == JOKER and rules.joker_lead == "trump" and trump is not None:
        return "NAP505", witnesses
    return "NAP504", witnesses

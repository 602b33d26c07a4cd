"""Which cards a player may play, and which rule a wrong card breaks.

Pure functions of (rules, holding, trick so far): the replay checks every play with
them and the simulator's bots pick from :func:`legal_cards`, so both agree on every
following rule of RULES.md ("Following").
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from napkifu.cards import CLUB_THREE, JOKER, MIGHTY, Card
from napkifu.rules.build import Rules

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


def plainly_legal(
    rules: Rules,
    holding: Sequence[Card],
    cards: Sequence[Card],
    turn: int,
    lead_suit: int | None,
    trump: int | None,
    opening: bool = False,
) -> bool:
    """A cheap sufficient test that ``cards[turn]`` (held) is in :func:`legal_cards`
    (``cards``: the trick, so ``cards[:turn]`` were played before it; ``holding``
    sorted, as the replay keeps it).

    Most plays are a lead, a card of the lead suit or a card of a player who cannot
    follow, and those are legal unless the opening-lead restriction or a ♣3 joker
    request applies. The replay checks every play, so it asks this first and
    computes the legal set (the proof of a fault) only when this says no. False
    means "ask :func:`legal_cards`", never "illegal": the rules live only there
    (tests/test_replay_following.py checks that this never disagrees with it)."""
    if not turn:
        return not (opening and rules.opening_lead == "restricted")
    if (
        rules.joker_request != "off"
        and JOKER in holding
        and joker_request_active(rules, cards[:turn])
    ):
        return False
    card = cards[turn]
    if lead_suit is None or (card < JOKER and card // 13 == lead_suit):
        return True
    # Off suit: legal when nothing in the holding can follow (no card of the lead suit,
    # and no joker that counts as a trump under joker-play as-trump). The holding is
    # sorted, so its first card from the lead suit's lowest on settles the first half
    # (a bisection in C, not a Python loop over the holding).
    lo = lead_suit * 13
    at = bisect_left(holding, lo)
    if at < len(holding) and holding[at] < lo + 13:
        return False
    return JOKER not in holding or rules.joker_play != "as-trump" or lead_suit != trump


def sure_cards(
    rules: Rules, cards: Sequence[Card], lead_suit: int | None, opening: bool = False
) -> range:
    """The cards that are legal in this finished trick whatever their player held;
    only the others may be illegal for some holding. A card of the lead suit can only
    have been right to play, unless a ♣3 joker request could have bound its player to
    the joker or it is a restricted opening lead: then no card is sure. A cheap
    sufficient test like :func:`plainly_legal`, for a whole trick (a range: asking
    it of a card is one compare)."""
    if (
        lead_suit is None
        or (opening and rules.opening_lead == "restricted")
        or (rules.joker_request != "off" and CLUB_THREE in cards)
    ):
        return _NONE_SURE
    return _SUIT_CARDS[lead_suit]


_NONE_SURE = range(0)
_SUIT_CARDS = tuple(range(s * 13, s * 13 + 13) for s in range(4))


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

"""A round's written deal in the express lane: ``hand`` and ``widow`` lines.

The lane takes a deal that is either absent, or every player's hand (the widow
with it or not), and then only a deal that the play bears out to the card. That is
what the engine (:mod:`napkifu.replay.deal`, :mod:`napkifu.replay.holdings`) finds
nothing wrong with: every hand and the widow of their size, no card twice and no
joker beyond the deck's; every player but Napoleon playing exactly the hand dealt;
Napoleon playing and discarding exactly her hand and the widow (with the widow
unknown, at most the widow's worth of cards she was not dealt); no widow card
played by anyone else. Then each player's holding at every trick is the same
whether read from the hand or from the later play, so the tricks are checked as
for a record without its deal. After a ``claim`` the cards not played are only not
contradicted. Anything else — some hands but not all, a ``?`` — is left to the
ordinary path.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from napkifu.cards import JOKER, UNKNOWN
from napkifu.express.table import Line, NotClean, Table
from napkifu.notation.values import card_values


@dataclass(frozen=True, slots=True)
class Deal:
    """The written deal: hands by seat (None: not written), the widow (None: not
    written)."""

    hands: list[list[int]] | None = None
    widow: list[int] | None = None

    def dealt(
        self, nap_seat: int, plays: list[int], discards: list[int] | None, complete: bool
    ) -> set[int] | None:
        """What Napoleon was dealt, as far as the record tells (for the call's rules):
        her hand, or, when every trick is played, her play and discards but the widow."""
        if self.hands is not None:
            return set(self.hands[nap_seat])
        if self.widow is not None and complete:
            return (set(plays) | set(discards or ())) - set(self.widow)
        return None

    def owner(self, card: int) -> int | None:
        """The seat whose written hand holds ``card``, if any."""
        for seat, hand in enumerate(self.hands or ()):
            if card in hand:
                return seat
        return None


_NO_DEAL = Deal()


def read_deal(table: Table, lines: list[Line], k: int) -> tuple[Deal, int]:
    """The ``hand`` and ``widow`` lines from ``lines[k]`` on (checked as a deal), and
    the index of the line after them."""
    if lines[k][0] not in ("hand", "widow"):
        return _NO_DEAL, k
    rules, n = table.rules, len(table.players)
    hands: list[list[int]] | None = None
    widow: list[int] | None = None
    if lines[k][0] == "hand":
        given: list[list[int] | None] = [None] * n
        while lines[k][0] == "hand":
            m = table.match(lines[k], "hand")
            seat = table.seat_of(m.group(2))
            if given[seat] is not None:
                raise NotClean
            given[seat] = card_values(m.group(3))
            k += 1
        if None in given:
            raise NotClean  # some hands but not all: the ordinary path weighs them
        hands = given  # type: ignore[assignment]
    if lines[k][0] == "widow":
        widow = card_values(table.match(lines[k], "widow").group(2))
        k += 1
    cards = [c for hand in hands or () for c in hand] + (widow or [])
    if UNKNOWN in cards or any(len(h) != rules.hand_size for h in hands or ()):
        raise NotClean
    if widow is not None and len(widow) != rules.widow_size:
        raise NotClean
    plain = [c for c in cards if c != JOKER]
    if len(set(plain)) != len(plain) or len(cards) - len(plain) > rules.jokers:
        raise NotClean
    return Deal(hands, widow), k


def check_deal_played(
    deal: Deal,
    nap_seat: int,
    plays: list[list[int]],
    discards: list[int] | None,
    widow_size: int,
    complete: bool,
) -> None:
    """The play bears the deal out (see the module's docstring), or NotClean. When
    play stopped at a claim, or Napoleon's discards are not written, the cards not
    seen are only not contradicted."""
    if deal.hands is not None:
        for seat, hand in enumerate(deal.hands):
            if seat != nap_seat and not _bears_out(Counter(plays[seat]), Counter(hand), complete):
                raise NotClean
        used = Counter(plays[nap_seat]) + Counter(discards or ())
        if deal.widow is not None:
            dealt = Counter(deal.hands[nap_seat]) + Counter(deal.widow)
            if not _bears_out(used, dealt, complete and discards is not None):
                raise NotClean
        elif (used - Counter(deal.hands[nap_seat])).total() > widow_size:
            raise NotClean
    if deal.widow is not None:
        others = {c for seat, held in enumerate(plays) if seat != nap_seat for c in held}
        if others.intersection(deal.widow):
            raise NotClean


def _bears_out(used: Counter[int], dealt: Counter[int], complete: bool) -> bool:
    """Every card used was dealt; in a complete play, every card dealt was used."""
    return used == dealt if complete else not used - dealt

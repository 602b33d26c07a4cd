"""Who bids first and who may deal next: the turn order that carries from round to
round (NOTATION.md "Who bids first", NAP701).

Asked by the engine's game (:mod:`napkifu.replay.game`) every round.
"""

from __future__ import annotations


def first_bidder(
    players: tuple[str, ...],
    dealer: str | None,
    first_named: str | None,
    previous_first: int | None,
) -> int:
    """The seat that bids first: after the ``dealer``; else the player named by the
    first bid's prefix (``first_named``); else seat 1 in a game's first round and the
    seat after the previous round's first bidder later."""
    if dealer is not None or first_named is not None:  # (most rounds: neither is written)
        seat = {p: i for i, p in enumerate(players)}  # (a name listed twice: its last seat)
        if dealer is not None and dealer in seat:
            return (seat[dealer] + 1) % len(players)
        if first_named is not None and first_named in seat:
            return seat[first_named]
    if previous_first is None:
        return 0
    return (previous_first + 1) % len(players)


def dealer_in_turn(players: tuple[str, ...], before: str, dealer: str, after_redeal: bool) -> bool:
    """Whether ``dealer`` may deal after ``before`` dealt the previous round (NAP701):
    the next seat, or the same dealer again after a redeal. Names not among the
    players are NAP103's business, not this rule's."""
    if before not in players or dealer not in players:
        return True
    return dealer == next_dealer(players, before) or (after_redeal and dealer == before)


def next_dealer(players: tuple[str, ...], before: str) -> str:
    """The seat after ``before`` (who dealt the previous round)."""
    return players[(players.index(before) + 1) % len(players)]

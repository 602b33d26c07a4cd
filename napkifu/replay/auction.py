"""The auction: who made each bid, whether each bid was legal, who won it.

Bid strength: higher count wins; at equal count ♠ > ♥ > ♦ > ♣, no-trump above ♠.
``pass out`` makes a pass final; ``pass rebid`` lets a passed player bid again
(RULES.md, option ``pass``). A lone function so the simulator can ask it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from napkifu.cards import Suit
from napkifu.model import Bid
from napkifu.replay.report import Reporter, bid_text
from napkifu.rules.build import Rules


def bid_key(count: int, suit: Suit | int | None) -> int:
    """A number that orders bids by strength (no-trump above ♠ at equal count)."""
    return count * 5 + (4 if suit is None else 3 - int(suit))


def bid_in_range(rules: Rules, count: int, suit: Suit | int | None) -> bool:
    return rules.min_bid <= count <= rules.max_bid and (suit is not None or rules.no_trump)


@dataclass(slots=True)
class AuctionResult:
    """What the auction decided (or why it could not): the round's later lines are
    judged against it."""

    bid_players: tuple[str | None, ...] = ()
    napoleon: str | None = None
    count: int | None = None
    suit: Suit | None = None  # None with a count: no-trump
    finished: bool = False
    all_pass: bool = False
    problems: list[str] = field(default_factory=list)


def run_auction(
    rules: Rules,
    players: Sequence[str],
    first: int,
    bids: Sequence[Bid],
    rep: Reporter | None = None,
) -> AuctionResult:
    """Replay ``bids`` from seat ``first``; report NAP301–NAP303 through ``rep``."""
    n = len(players)
    seat: dict[str, int] | None = None  # (made at the first `Name:` prefix: most have none)
    out: set[int] = set()
    pass_out = rules.pass_rule == "out"
    turn = first % n if n else 0
    standing: tuple[int, int, Bid] | None = None  # (key, seat, bid)
    passes = 0
    ended = all_pass = False
    who_list: list[str | None] = []
    for bid in bids:
        named = bid.player.name if bid.player is not None else None
        if named is None:
            who = turn
        else:
            if seat is None:
                seat = {p: i for i, p in enumerate(players)}
            who = seat.get(named, turn)
        if ended:
            who_list.append(players[who] if n else named)
            if rep:
                rep.add(
                    "NAP303",
                    bid.span,
                    f"{players[who]} bids after the auction was over",
                    f"競りが終わった後に {players[who]} がビッドしています",
                )
            continue
        if who != turn:
            # The written name is the slip (NOTATION.md v1.1 §3): reported once, and
            # the auction goes on in seat order, so the rest is judged as written.
            if rep:
                why, why_ja = (
                    (" (and has passed)", "（しかも既にパスしています）")
                    if who in out
                    else ("", "")
                )
                rep.add(
                    "NAP303",
                    bid.span,
                    f"bid out of turn: it is {players[turn]}'s turn, not {players[who]}'s"
                    f"{why}; the bid is read as {players[turn]}'s",
                    f"手番違い: {players[who]} ではなく {players[turn]} の番{why_ja}。"
                    f"{players[turn]} のビッドとして読みます",
                )
            who = turn
        who_list.append(players[who] if n else named)
        if bid.count is None:  # a pass
            passes += 1
            if pass_out:
                out.add(who)
        else:
            key = bid_key(bid.count, bid.suit)
            if rep and not bid_in_range(rules, bid.count, bid.suit):
                text = bid_text(bid.count, bid.suit)
                if bid.suit is None and not rules.no_trump:
                    en, ja = (
                        f"no-trump bid {text} is not allowed (rule no-trump off)",
                        f"ノートランプの宣言 {text} は認められていません",
                    )
                else:
                    en = (
                        f"bid {text} is out of range: bids run from {rules.min_bid} "
                        f"to {rules.max_bid}"
                    )
                    ja = f"ビッド {text} が範囲外（{rules.min_bid}〜{rules.max_bid}）"
                rep.add("NAP301", bid.span, en, ja)
            if standing is not None and key <= standing[0]:
                if rep:
                    text = bid_text(bid.count, bid.suit)
                    st = bid_text(standing[2].count or 0, standing[2].suit)
                    rep.add(
                        "NAP302",
                        bid.span,
                        f"bid {text} by {players[who]} is not higher than the standing "
                        f"bid {st} by {players[standing[1]]}",
                        f"{players[who]} のビッド {text} は {players[standing[1]]} の "
                        f"{st} より高くありません",
                    )
            else:
                standing = (key, who, bid)
            passes = 0
        turn = (who + 1) % n if n else 0
        if pass_out and turn in out:  # (the next seat has passed out: the one after it)
            turn = _next_seat(who, n, out)
        if standing is None:
            if passes >= n:
                ended = all_pass = True
        elif pass_out:
            # every seat but the standing bid's is out (``out`` holds seats only)
            if len(out) - (standing[1] in out) == n - 1:
                ended = True
        elif passes >= n - 1:
            ended = True
    res = AuctionResult(tuple(who_list), finished=ended, all_pass=all_pass)
    if standing is not None:
        res.napoleon = players[standing[1]]
        res.count = standing[2].count
        res.suit = standing[2].suit
    return res


def _next_seat(seat: int, n: int, out: set[int]) -> int:
    for step in range(1, n + 1):
        s = (seat + step) % n
        if s not in out:
            return s
    return (seat + 1) % n if n else 0

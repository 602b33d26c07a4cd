"""One round → its rows in each season table.

The row code proper, from the engine's judged round. It appends column by column
(:mod:`napkifu.analysis.columnar`): a full round adds some seventeen rows, and this
is the per-round cost ``export`` and the dashboard pay after the check itself.
"""

from __future__ import annotations

import hashlib
from datetime import date
from typing import Any

from napkifu.analysis.columnar import ROUND_OF, FileRows, Row
from napkifu.analysis.columns import MAX_SEATS
from napkifu.cards import CARD_TEXTS, Suit
from napkifu.replay.results import JudgedGame, JudgedRound, PlayedTrick

_CARD = CARD_TEXTS["unicode"]
_SYMBOL: dict[Suit | None, str | None] = {None: None, **{s: s.symbol for s in Suit}}


def trump_text(rnd: JudgedRound) -> str | None:
    if rnd.no_trump:
        return "NT"
    return _SYMBOL[rnd.trump]


def _play_text(trick: PlayedTrick) -> list[str]:
    if not trick.named:  # (no joker played)
        return [_CARD[card] for card in trick.cards]
    return [
        _CARD[card] if suit is None else f"{_CARD[card]}>{_SYMBOL[suit]}"
        for card, suit in zip(trick.cards, trick.named, strict=False)
    ]


def round_id(game: JudgedGame, rnd: JudgedRound) -> str:
    """A hash of what was played, not of where it was written: date, title, seats,
    round number, contract, called card, adjutant, every trick, a claim, the honors
    and the rules' scores. Optional lines that only restate the play (hands, widow,
    auction, dealer, written scores and totals, comments) are left out, so the same
    round copied with more or fewer of them keeps its id."""
    return _round_id(game, rnd, [" ".join(_play_text(t)) for t in rnd.played])


def _round_id(game: JudgedGame, rnd: JudgedRound, plays: list[str]) -> str:
    """:func:`round_id`, given each trick's cards as the ``plays`` column writes them."""
    claim = rnd.claim_side or ""
    parts = [
        game.date or "",
        game.title or "",
        " ".join(rnd.players),
        str(rnd.number),
        rnd.kind,
        rnd.napoleon or "",
        f"{rnd.bid_count}{trump_text(rnd)}",
        _CARD[rnd.called] if rnd.called is not None else "",
        rnd.adjutant or "",
        ";".join([f"{t.leader}:{p}" for t, p in zip(rnd.played, plays, strict=True)]),
        claim,
        f"{rnd.honors_napoleon}/{rnd.honors_allies}",
        " ".join(f"{p}={v}" for p, v in sorted((rnd.scores or {}).items())),
    ]
    return hashlib.blake2b("\x1f".join(parts).encode("utf-8"), digest_size=8).hexdigest()


_PLAYER_COLUMNS = tuple(f"player_{i}" for i in range(MAX_SEATS + 1))  # (index 0 unused)
_SCORE_COLUMNS = tuple(f"score_{i}" for i in range(MAX_SEATS + 1))


def add_round(
    out: FileRows, file: str, game: JudgedGame, rnd: JudgedRound, day: date | None
) -> None:
    """The rows of one round kept for the season (``day``: its game's date, read)."""
    plays = [_play_text(t) for t in rnd.played]
    joined = [" ".join(p) for p in plays]  # the plays column, and what the id hashes
    rid, year = _round_id(game, rnd, joined), day.year if day else None
    seats = rnd.players or game.players
    points = rnd.scores if rnd.scores is not None else rnd.written_scores
    trump = trump_text(rnd)
    row: Row = {
        "round_id": rid,
        "file": file,
        "game": game.number,
        "round": rnd.number,
        "date": day,
        "year": year,
        "game_title": game.title,
        "kind": rnd.kind,
        "preset": game.preset,
        "players_count": len(seats),
        "dealer": rnd.dealer,
        "napoleon": rnd.napoleon,
        "bid": rnd.bid_count,
        "trump": trump,
        "contract": f"{rnd.bid_count}{trump}" if rnd.bid_count is not None else None,
        "called": _CARD[rnd.called] if rnd.called is not None else None,
        "adjutant": rnd.adjutant,
        "alone": rnd.alone if rnd.napoleon else None,
        "honors_napoleon": rnd.honors_napoleon,
        "honors_allies": rnd.honors_allies,
        "win": rnd.win,
        "twenty": rnd.twenty if rnd.napoleon else None,
        "scores_from": "rules" if rnd.scores is not None else "sheet" if points else None,
        "duplicate_of": None,
    }
    for i, name in enumerate(seats[:MAX_SEATS], start=1):
        row[_PLAYER_COLUMNS[i]] = name
        row[_SCORE_COLUMNS[i]] = points.get(name) if points else None
    out.rounds.append(row)
    if rnd.kind == "redeal" or rnd.napoleon is None:
        return
    at = len(out.rounds) - 1  # the round's row: its placing columns, for its other rows
    _add_bids(out.bids.columns, at, rnd)
    _add_player_rounds(out.player_rounds.columns, at, game, rnd, seats, points, trump)
    if rnd.tricks:  # (judged without detail: the tricks table is built when asked)
        _add_tricks(out.tricks.columns, at, rnd, seats, plays, joined)


def _place(columns: dict[str, list[Any]], at: int, rows: int) -> None:
    """``rows`` new rows of the round in row ``at`` of the rounds table: their
    placing columns are that row's, filled in by polars (:func:`napkifu.analysis.frames.rows_frames`)."""
    columns[ROUND_OF].extend([at] * rows)


def _add_bids(columns: dict[str, list[Any]], at: int, rnd: JudgedRound) -> None:
    order, player, count = columns["order"], columns["player"], columns["bid"]
    trump, source = columns["trump"], columns["source"]
    bids = rnd.all_bids
    if not bids:
        _place(columns, at, 1)
        order.append(1)
        player.append(rnd.napoleon)
        count.append(rnd.bid_count)
        trump.append(trump_text(rnd))
        source.append("napoleon")
        return
    calls = list(zip(bids, rnd.bid_players, strict=False))
    _place(columns, at, len(calls))
    for number, (bid, who) in enumerate(calls, start=1):
        order.append(number)
        player.append(who)
        count.append(bid.count)
        passed = bid.count is None  # (Bid.is_pass, without a call into interpreted code)
        trump.append(None if passed else ("NT" if bid.suit is None else _SYMBOL[bid.suit]))
        source.append("bids")


def _add_player_rounds(
    columns: dict[str, list[Any]],
    at: int,
    game: JudgedGame,
    rnd: JudgedRound,
    seats: tuple[str, ...],
    points: dict[str, int] | None,
    trump: str | None,
) -> None:
    captured: dict[str, int] = {}
    for trick in rnd.played:
        captured[trick.winner] = captured.get(trick.winner, 0) + len(trick.honors)
    known = rnd.adjutant_known or rnd.alone or len(seats) == 3
    n = len(seats)
    _place(columns, at, n)
    for name, value in (("preset", game.preset), ("alone", rnd.alone), ("bid", rnd.bid_count),
                        ("trump", trump)):  # fmt: skip
        columns[name].extend([value] * n)
    player, seat_c, role_c, side_c = (
        columns["player"],
        columns["seat"],
        columns["role"],
        columns["side"],
    )
    points_c, honors_c = columns["points"], columns["honors"]
    won_c, partner_c = columns["won"], columns["partner"]
    for seat, name in enumerate(seats, start=1):
        if name == rnd.napoleon:
            role, side, partner = "napoleon", "napoleon", rnd.adjutant
        elif rnd.adjutant is not None and name == rnd.adjutant:
            role, side, partner = "adjutant", "napoleon", rnd.napoleon
        elif known:
            role, side, partner = "allied", "allies", None
        else:
            role, side, partner = None, None, None
        player.append(name)
        seat_c.append(seat)
        role_c.append(role)
        side_c.append(side)
        points_c.append(points.get(name) if points else None)
        honors_c.append(captured.get(name, 0) if rnd.played else None)
        won_c.append(None if side is None or rnd.win is None else (rnd.win == (side == "napoleon")))
        partner_c.append(partner)


_CARD_COLUMNS = tuple(f"card_{i}" for i in range(1, MAX_SEATS + 1))


def _add_tricks(
    columns: dict[str, list[Any]],
    at: int,
    rnd: JudgedRound,
    seats: tuple[str, ...],
    plays: list[list[str]],
    joined: list[str],
) -> None:
    """``plays``: each trick's cards, in the order played (from the seated tricks,
    ``rnd.played``, as the round's id); ``joined``: the same as the ``plays`` column
    writes them."""
    _place(columns, at, len(rnd.tricks))
    seat_of = {name: i for i, name in enumerate(seats[:MAX_SEATS])}
    cards = [columns[k] for k in _CARD_COLUMNS]
    number, leader, lead_suit = columns["trick"], columns["leader"], columns["lead_suit"]
    winner, winning_class = columns["winner"], columns["winning_class"]
    winner_side, honors_c, honors_count = (
        columns["winner_side"],
        columns["honors"],
        columns["honors_count"],
    )
    played = columns["plays"]
    played.extend(joined)
    for trick, seated, texts in zip(rnd.tricks, rnd.played, plays, strict=True):
        honors = trick.honors
        number.append(trick.number)
        leader.append(trick.leader)
        lead_suit.append(_SYMBOL[trick.lead_suit])
        winner.append(trick.winner)
        winning_class.append(trick.winning_class)
        winner_side.append(trick.winner_side)
        honors_c.append(" ".join([_CARD[c] for c in honors]))
        honors_count.append(len(honors))
        by_seat: list[str | None] = [None] * MAX_SEATS
        for seat, text in zip(seated.seats, texts, strict=True):
            k = seat_of.get(rnd.players[seat])
            if k is not None:
                by_seat[k] = text
        for column, card in zip(cards, by_seat, strict=True):
            column.append(card)


__all__ = ["add_round", "round_id", "trump_text"]

"""A game: its rules, then its rounds in order, with what carries from round to
round — who bids first, the dealer rotation (NAP701) and the running totals
(NAP603)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from operator import attrgetter

from napkifu.diagnostics import Budget
from napkifu.model import Bid, Game, Round
from napkifu.replay.report import Reporter
from napkifu.replay.reread import Tries
from napkifu.replay.results import JudgedGame, JudgedRound
from napkifu.replay.round import RoundContext, RoundIdentity, judge_round, unjudged_round
from napkifu.replay.sheet import RunningTotals
from napkifu.replay.turns import dealer_in_turn, first_bidder, next_dealer
from napkifu.rules.build import Rules
from napkifu.rules.game_rules import rules_for_game


def judge_game(
    game: Game,
    file: str,
    detail: bool = True,
    budget: Budget | None = None,
    facts: bool = True,
) -> JudgedGame:
    rules, diags = rules_for_game(game, file)
    found = len(diags)  # for the budget: diagnostics made so far, and whether an error
    erred = any(d.is_error for d in diags)
    players = game.player_names
    rounds: list[JudgedRound] = []
    if 3 <= len(players) <= 6:
        prev_first: int | None = None
        prev: JudgedRound | None = None
        running = RunningTotals(players)
        tries = Tries()  # re-readings of miswritten lines, for the whole game
        doubt = False  # whether the rotation goes on from a first bidder in doubt
        for rnd in game.rounds:
            dealer = rnd.dealer.player.name if rnd.dealer is not None else None
            bids = rnd.all_bids
            named = _named_first(players, bids)
            first = first_bidder(players, dealer, named, _rotation(rules, prev, prev_first))
            # who bids first rests on one written name (a `Name:` prefix, or a dealer
            # who is no player) — or on the rotation from a round where it did and
            # nothing confirmed it: that name may be the slip, so the round may re-read it
            doubtful = (dealer is None and (doubt or any(map(_PLAYER, bids[: len(players)])))) or (
                dealer is not None and dealer not in players
            )
            ctx = RoundContext(
                rules, players, file, game.number, first, dealer, detail, doubtful, tries, facts
            )
            try:
                jr = judge_round(ctx, rnd)
            except Exception as e:
                jr = _crashed(ctx, rnd, e)
            if jr.first_bidder in players:  # (a `Name:` prefix that was a slip: re-read)
                first = players.index(jr.first_bidder)
            # confirmed by an auction judged without errors (re-read or as written)
            doubt = doubtful and (jr.kind == "redeal" or not bids or jr.has_errors)
            extra = Reporter(file, game.number, rnd.number)
            if prev is not None and prev.source.dealer is not None and dealer is not None:
                _check_dealer(players, prev, dealer, rnd, extra)
            running.add_round(rnd, _points(jr, rules), extra)
            if extra.items:
                jr = dataclasses.replace(jr, diagnostics=jr.diagnostics + tuple(extra.items))
            rounds.append(jr)
            prev_first, prev = first, jr
            if budget is not None:
                found += len(jr.diagnostics)
                erred = erred or any(d.is_error for d in jr.diagnostics)
                if budget.enough(found, erred):
                    budget.stopped = True
                    break
    return JudgedGame(
        number=game.number,
        title=game.title,
        date=game.date.value if game.date else None,
        place=game.place.value if game.place else None,
        tags={t.key: t.value for t in game.tags},
        players=players,
        preset=rules.preset,
        rules=rules,
        rounds=tuple(rounds),
        diagnostics=tuple(diags),
        source=game,
    )


def _check_dealer(
    players: tuple[str, ...], prev: JudgedRound, dealer: str, rnd: Round, rep: Reporter
) -> None:
    assert prev.source.dealer is not None and rnd.dealer is not None
    before = prev.source.dealer.player.name
    if dealer_in_turn(players, before, dealer, prev.kind == "redeal"):
        return
    expected = next_dealer(players, before)
    rep.add(
        "NAP701",
        rnd.dealer.player.span,
        f"dealer {dealer} is not the next seat: after {before} deals, {expected} deals",
        f"ディーラー {dealer} が次の席ではない（{before} の次は {expected}）",
    )


_PLAYER = attrgetter("player")  # (a bid's `Name:` prefix; by a C map, not a generator)


def _named_first(players: tuple[str, ...], bids: Sequence[Bid]) -> str | None:
    """Who bid first by the ``Name:`` prefixes: the first prefixed bid of the first
    turn round names its seat, and so the first bidder's (``- 13♥ Ami:pass``: the
    seat before Ami's)."""
    n = len(players)
    for k, bid in enumerate(bids[:n]):
        if bid.player is not None:
            name = bid.player.name
            return players[(players.index(name) - k) % n] if name in players else None
    return None


def _rotation(rules: Rules, prev: JudgedRound | None, prev_first: int | None) -> int | None:
    """The seat the rotation of first bidders goes on from (``first-bidder``): the
    previous first bidder; the seat before it again after a redeal
    (``keep-after-redeal``: the same player bids first); the seat before the previous
    Napoleon (``previous-napoleon``: she bids first)."""
    if prev is None or prev_first is None:
        return prev_first
    if rules.first_bidder == "keep-after-redeal" and prev.kind == "redeal":
        return prev_first - 1
    if rules.first_bidder == "previous-napoleon" and prev.napoleon in prev.players:
        return prev.players.index(prev.napoleon) - 1
    return prev_first


def _points(jr: JudgedRound, rules: Rules) -> dict[str, int] | None:
    """What the round adds to the running totals: the rules' scores, else the written
    ones; nothing for a redeal, a round with no Napoleon or ``scoring none``; None
    when unknown."""
    if jr.scores is not None:
        return jr.scores
    if jr.written_scores is not None:
        return jr.written_scores
    if jr.kind == "redeal" or jr.napoleon is None:
        return {}
    return {} if rules.scoring == "none" else None


def _crashed(ctx: RoundContext, rnd: Round, e: Exception) -> JudgedRound:
    rep = Reporter(ctx.file, ctx.game, rnd.number)
    rep.add(
        "NAP900",
        rnd.meta.span,
        f"internal error, please report: {type(e).__name__}: {e}",
        f"内部エラー（報告してください）: {type(e).__name__}: {e}",
    )
    base = RoundIdentity(
        game=ctx.game,
        number=rnd.number,
        players=ctx.players,
        dealer=ctx.dealer,
        first_bidder=None,
        bid_players=(),
        source=rnd,
        span=rnd.meta.span,
    )
    return unjudged_round(base, "full", rep)

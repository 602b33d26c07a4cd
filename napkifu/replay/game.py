"""A game: its rules, then its rounds in order, with what carries from round to
round — who bids first, the dealer rotation (NAP701) and the running totals
(NAP603)."""

from __future__ import annotations

import dataclasses

from napkifu.model import Game, Round
from napkifu.replay.report import Reporter
from napkifu.replay.results import JudgedGame, JudgedRound
from napkifu.replay.round import RoundContext, judge_round, unjudged_round
from napkifu.replay.turns import dealer_in_turn, first_bidder, next_dealer
from napkifu.rules.game_rules import rules_for_game


def judge_game(game: Game, file: str) -> JudgedGame:
    rules, diags = rules_for_game(game, file)
    players = game.player_names
    rounds: list[JudgedRound] = []
    if 3 <= len(players) <= 6:
        prev_first: int | None = None
        prev: JudgedRound | None = None
        running: dict[str, int] | None = dict.fromkeys(players, 0)
        for rnd in game.rounds:
            dealer = rnd.dealer.player.name if rnd.dealer is not None else None
            bids = rnd.all_bids
            named = bids[0].player.name if bids and bids[0].player is not None else None
            first = first_bidder(players, dealer, named, prev_first)
            ctx = RoundContext(rules, players, file, game.number, first, dealer)
            try:
                jr = judge_round(ctx, rnd)
            except Exception as e:
                jr = _crashed(ctx, rnd, e)
            extra = Reporter(file, game.number, rnd.number)
            if prev is not None and prev.source.dealer is not None and dealer is not None:
                _check_dealer(players, prev, dealer, rnd, extra)
            running = _check_total(rnd, jr, running, extra)
            if extra.items:
                jr = dataclasses.replace(jr, diagnostics=jr.diagnostics + tuple(extra.items))
            rounds.append(jr)
            prev_first, prev = first, jr
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


def _check_total(
    rnd: Round, jr: JudgedRound, running: dict[str, int] | None, rep: Reporter
) -> dict[str, int] | None:
    """Add the round's score (written, else computed) and check a ``total`` line."""
    if running is not None:
        add = jr.written_scores if jr.written_scores is not None else jr.scores
        if (
            add is None
            and jr.kind != "redeal"
            and jr.napoleon is not None
            and (jr.win is None or not jr.adjutant_known)
        ):
            running = None
        elif add is not None:
            running = {p: v + add.get(p, 0) for p, v in running.items()}
    if rnd.total is None:
        return running
    written = {e.player.name: e.points for e in rnd.total.entries}
    if running is None:
        return {p: written.get(p, 0) for p in (jr.players)}
    wrong = [e for e in rnd.total.entries if running.get(e.player.name) != e.points]
    if wrong:
        parts = ", ".join(
            f"{e.player.name} {running.get(e.player.name, 0):+d} (written {e.points:+d})"
            for e in wrong
        )
        rep.add(
            "NAP603",
            wrong[0].span,
            f"total disagrees with the sum of the scores: expected {parts}",
            "`total` が得点の累計と合いません。正しくは "
            + "、".join(
                f"{e.player.name} {running.get(e.player.name, 0):+d}（記録は {e.points:+d}）"
                for e in wrong
            ),
        )
    return running


def _crashed(ctx: RoundContext, rnd: Round, e: Exception) -> JudgedRound:
    rep = Reporter(ctx.file, ctx.game, rnd.number)
    rep.add(
        "NAP900",
        rnd.meta.span,
        f"internal error, please report: {type(e).__name__}: {e}",
        f"内部エラー（報告してください）: {type(e).__name__}: {e}",
    )
    base = dict(
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

"""The replay engine: plays a parsed record back and judges it.

Public API (stable):

- :func:`judge` ``(record, file) -> (tuple[JudgedGame, ...], list[Diagnostic])``
- :func:`legal_cards` ``(rules, holding, trick, lead_suit, trump, opening=False)``
- :func:`violation` — which rule a wrong card breaks (NAP504–NAP507) and the proof
- :func:`resolve_trick` / :func:`lead_suit_of` — the ladder (re-exported from
  :mod:`napkifu.rules.ladder`)
- :func:`reverses` — whether a card turns the direction of play (reverse jack)
- :func:`run_auction`, :func:`bid_key`, :func:`bid_in_range` — the auction
- :func:`round_scores`, :func:`napoleon_wins` — scoring
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter

from napkifu.diagnostics import Budget, Diagnostic
from napkifu.gcpause import paused_gc
from napkifu.model import Record
from napkifu.replay.auction import AuctionResult, bid_in_range, bid_key, run_auction
from napkifu.replay.following import joker_request_active, legal_cards, violation
from napkifu.replay.game import judge_game
from napkifu.replay.results import JudgedGame
from napkifu.replay.scoring import napoleon_wins, round_scores
from napkifu.replay.trick_results import trick_reason
from napkifu.replay.tricks import reverses
from napkifu.replay.turns import first_bidder
from napkifu.rules.ladder import lead_suit_of, resolve_trick
from napkifu.rules.outcome import TrickOutcome


def judge(
    record: Record,
    file: str = "",
    detail: bool = True,
    noted: set[str] | None = None,
    budget: Budget | None = None,
    facts: bool = True,
) -> tuple[tuple[JudgedGame, ...], list[Diagnostic]]:
    """Judge every game of ``record``; the diagnostics of all games and rounds, in
    file order. ``detail`` False leaves every round's ``tricks`` empty: the same
    diagnostics and verdicts, without the per-card values only views and tables
    read (most of judging's time). A note is given once per file, at its first
    round: ``noted`` holds the codes of the notes already given (a caller judging a
    file game by game passes the same set each time). A ``budget`` (``check
    --max-diagnostics``) ends the judging once it is spent: the rounds after are
    left out. ``facts`` False leaves ``played`` and ``hands`` empty too: what
    ``check`` reads, the diagnostics and the verdicts, and nothing else."""
    file = file or record.source
    with paused_gc():
        games = tuple(
            judge_game(g, file, detail, budget, facts)
            for g in record.games
            if budget is None or not budget.stopped
        )
    games = _notes_once(games, set() if noted is None else noted)
    diags: list[Diagnostic] = []
    for g in games:
        diags.extend(g.diagnostics)
        for r in g.rounds:
            diags.extend(r.diagnostics)
    diags.sort(key=Diagnostic.sort_key)
    return games, diags


_IS_NOTE = attrgetter("is_note")


def _notes_once(games: tuple[JudgedGame, ...], noted: set[str]) -> tuple[JudgedGame, ...]:
    """``games`` with each note code kept at its first round only (``noted``: the
    codes given before, updated). Rebuilds only the games and rounds that hold a note."""
    out = list(games)
    for g, game in enumerate(games):
        rounds = list(game.rounds)
        changed = False
        for r, rnd in enumerate(rounds):
            if not any(map(_IS_NOTE, rnd.diagnostics)):  # (no generator: asked a round)
                continue
            kept = []
            for d in rnd.diagnostics:
                if d.is_note:
                    if d.code in noted:
                        continue
                    noted.add(d.code)
                kept.append(d)
            if len(kept) != len(rnd.diagnostics):
                rounds[r] = dataclasses.replace(rnd, diagnostics=tuple(kept))
                changed = True
        if changed:
            out[g] = dataclasses.replace(game, rounds=tuple(rounds))
    return tuple(out)


__all__ = [
    "AuctionResult",
    "TrickOutcome",
    "bid_in_range",
    "bid_key",
    "first_bidder",
    "joker_request_active",
    "judge",
    "lead_suit_of",
    "legal_cards",
    "napoleon_wins",
    "resolve_trick",
    "reverses",
    "round_scores",
    "run_auction",
    "trick_reason",
    "violation",
]

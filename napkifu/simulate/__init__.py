"""Simulated seasons: bots play Napoleon and the notation writer records it.

Each game has its own random stream derived from (seed, game number), so output is
deterministic for a seed however the games are split into files or processes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from napkifu.model import Game, Record
from napkifu.simulate.emit import EmitOptions, RoundOutcome, game_model, round_model

DEFAULT_NAMES = ("ハル", "Mina", "太郎", "Kei", "Sora", "Taro Y.")
"""The default roster: Japanese and Latin names, one that needs quotes."""


class SimulationError(ValueError):
    """Options the simulator cannot use (an unknown preset or rule value …), said in
    both languages (``message_ja``: the Japanese text of the same problem)."""

    def __init__(self, message: str, message_ja: str | None = None) -> None:
        super().__init__(message)
        self.message_ja = message_ja or message


@dataclass(frozen=True, slots=True)
class SimConfig:
    preset: str = "standard"
    overrides: tuple[tuple[str, str], ...] = ()
    players: int = 5
    games: int = 1
    rounds: int = 5
    seed: int = 0
    names: tuple[str, ...] | None = None
    emit: EmitOptions = field(default_factory=EmitOptions)


def game_rng(seed: int, number: int) -> random.Random:
    return random.Random(f"napkifu-sim/{seed}/{number}")


def simulate_game(cfg: SimConfig, number: int, file_number: int | None = None) -> Game:
    """Game ``number`` (1-based, counted over the whole run) of a simulated season."""
    from napkifu.simulate.engine import Engine
    from napkifu.simulate.table import play_round

    rng = game_rng(cfg.seed, number)
    roster = list((cfg.names or DEFAULT_NAMES)[: cfg.players])
    if cfg.names is None:
        rng.shuffle(roster)  # a different seating each game
    seats = tuple(roster)
    engine = Engine(cfg.preset, cfg.overrides, seats)
    outcomes = []
    dealer_index = len(seats) - 1  # the first seat bids first in round 1
    for n in range(1, cfg.rounds + 1):
        outcomes.append(play_round(engine, seats, seats[dealer_index], n, rng))
        dealer_index = (dealer_index + 1) % len(seats)
    score_rounds(cfg, seats, outcomes)
    totals = dict.fromkeys(seats, 0)
    rounds = []
    for outcome in outcomes:
        written_totals = None
        if outcome.scores is not None:
            for p in seats:
                totals[p] += outcome.scores[p]
            written_totals = dict(totals)
        rounds.append(round_model(outcome, seats, written_totals, cfg.emit, len(seats) == 3))
    title = f"Simulated {cfg.preset} game {number}"
    return game_model(
        file_number or number, title, seats, cfg.preset, list(cfg.overrides), rounds, cfg.seed
    )


def score_rounds(cfg: SimConfig, seats: tuple[str, ...], outcomes: list[RoundOutcome]) -> None:
    """Fill each outcome's result and scores from the replay engine's own judgement of
    the played game, so the simulator never computes honors or scores itself. A
    diagnostic here is a simulator bug: it is raised, never written into a record."""
    from napkifu.replay import judge

    plain = EmitOptions()
    rounds = [round_model(o, seats, None, plain, len(seats) == 3) for o in outcomes]
    game = game_model(1, "check", seats, cfg.preset, list(cfg.overrides), rounds, cfg.seed)
    games, diags = judge(Record((game,)), file="<simulated>")
    problems = [d for d in diags if d.is_error]
    if problems:
        first = problems[0]
        raise RuntimeError(f"simulator produced an invalid round: {first.code} {first.message}")
    for outcome, judged in zip(outcomes, games[0].rounds, strict=True):
        if outcome.is_redeal:
            continue
        outcome.result = judged.honors_napoleon
        outcome.scores = dict(judged.scores) if judged.scores is not None else None


def simulate_record(cfg: SimConfig, first: int, count: int) -> Record:
    """Games ``first`` .. ``first + count - 1`` as one record (one file)."""
    games = tuple(simulate_game(cfg, first + i, i + 1) for i in range(count))
    return Record(games)


def _file_name(cfg: SimConfig, first: int) -> str:
    return f"{cfg.preset}-{cfg.players}p-seed{cfg.seed}-{first:05d}.nap"


def _render_chunk(job: tuple[SimConfig, int, int]) -> tuple[str, str]:
    from napkifu.notation.writer import format_record

    cfg, first, count = job
    return _file_name(cfg, first), format_record(simulate_record(cfg, first, count))


def iter_files(cfg: SimConfig, per_file: int = 1, jobs: int = 1) -> Iterator[tuple[str, str]]:
    """(file name, text) of every file of the run, ``per_file`` games each, in order and
    as they are made (a 100,000-round corpus never sits in memory at once)."""
    from napkifu.parallel import run_jobs
    from napkifu.simulate.engine import Engine

    Engine(
        cfg.preset, cfg.overrides, tuple((cfg.names or DEFAULT_NAMES)[: cfg.players])
    )  # fail early
    chunks = [
        (cfg, first, min(per_file, cfg.games - first + 1))
        for first in range(1, cfg.games + 1, per_file)
    ]
    yield from run_jobs(_render_chunk, chunks, jobs)


def render_files(cfg: SimConfig, per_file: int = 1, jobs: int = 1) -> list[tuple[str, str]]:
    """Every file of the run at once (see :func:`iter_files`)."""
    return list(iter_files(cfg, per_file, jobs))

"""Speed of the analysis engine (issue 30) on simulated 5-player rounds of each preset.

One core, one round at a time: the time to solve a round from trick ``--from-trick``
(the par) and to analyse every card from that trick on (``napkifu analyze``), each
with a fresh solver, median and 99th percentile (and the search nodes of the solve,
which do not depend on the machine's load). Figures: docs/performance.md,
"Analysis engine (double-dummy solver)". Also runs a larger trick-parity count than
the tests (``--parity N`` random tricks per preset).

    PYTHONPATH=. .venv/bin/python benchmarks/bench_solver.py --rounds 20 --from-trick 4
    PYTHONPATH=. .venv/bin/python benchmarks/bench_solver.py --rounds 0 --parity 1000000
    PYTHONPATH=. .venv/bin/python benchmarks/bench_solver.py --rounds 5 --from-trick 1 \
        --no-analyse --node-limit 20000000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

from napkifu.replay import judge
from napkifu.rules.presets import PRESETS
from napkifu.simulate import SimConfig, simulate_record
from napkifu.solve.engine import Position, Unsolvable, solve, solver_for
from napkifu.solve.moves import play
from napkifu.solve.rounds import analyse_round, start_position


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.99 * (len(xs) - 1)))]


def positions(
    preset: str, rounds: int, from_trick: int
) -> Iterator[tuple[Any, Any, Any, Position]]:
    """(rules, trump, round, position at the start of trick ``from_trick``, reached by
    the record's own play) for each solvable simulated round of ``preset`` (seed 7)."""
    record = simulate_record(SimConfig(preset=preset, rounds=rounds, seed=7), 1, 1)
    games, _ = judge(record, "bench")
    for game in games:
        rules = game.rules
        for rnd in game.rounds:
            try:
                pos = start_position(rules, rnd)  # type: ignore[arg-type]
            except Unsolvable:
                continue
            trump = None if rnd.trump is None else int(rnd.trump)
            moves = [
                (p.card, None if p.joker_suit is None else int(p.joker_suit))
                for t in rnd.tricks
                for p in t.plays
            ]
            for move in moves[: (from_trick - 1) * len(rnd.players)]:
                named = move[1] if not pos.trick else None
                pos = play(rules, trump, pos, (move[0], named))  # type: ignore[arg-type]
            yield rules, trump, rnd, pos


def bench(preset: str, rounds: int, from_trick: int, analyse: bool, limit: int | None) -> None:
    solves: list[float] = []
    nodes: list[int] = []
    whole: list[float] = []
    capped = 0
    for rules, trump, rnd, pos in positions(preset, rounds, from_trick):
        solver = solver_for(rules, trump)  # type: ignore[arg-type]
        solver.node_limit = limit
        t = time.perf_counter()
        try:
            solve(solver, pos)
        except ValueError as e:  # the node limit: counted at the limit, said below
            if "node limit" not in str(e):
                raise
            capped += 1
        solves.append(time.perf_counter() - t)
        nodes.append(solver.nodes)
        if analyse and not capped:
            t = time.perf_counter()
            analyse_round(rules, rnd, from_trick)  # type: ignore[arg-type]
            whole.append(time.perf_counter() - t)
    line = (
        f"{preset:9} from trick {from_trick}: {len(solves)} rounds, solve median "
        f"{statistics.median(solves) * 1000:.1f} ms p99 {_p99(solves) * 1000:.1f} ms "
        f"({statistics.median(nodes):,.0f} nodes median, {max(nodes):,} max, "
        f"{sum(nodes):,} total)"
    )
    if capped:
        line += f"; {capped} stopped at the node limit (counted at it)"
    if whole:
        line += (
            f"; analyse every card median {statistics.median(whole) * 1000:.0f} ms "
            f"p99 {_p99(whole) * 1000:.0f} ms"
        )
    print(line, flush=True)


def parity(count: int) -> None:
    """Random tricks per preset and option mix, solver against engine."""
    from napkifu.rules.ladder import ranker
    from tests.test_solver_parity import random_rules, random_trick

    for preset in sorted(PRESETS):
        rng = random.Random(f"bench-parity-{preset}")
        done = 0
        t = time.perf_counter()
        while done < count:
            rules = random_rules(rng, preset)
            trump = None if rng.random() < 0.2 else rng.randrange(4)
            solver, rank = solver_for(rules, trump), ranker(rules, trump)
            for _ in range(1000):
                cards, lead, number = random_trick(rng, rules, trump)
                want = rank.ranked(cards, lead, number, number == rules.tricks)[0]
                assert solver.winner(cards, lead, number) == want, (rules, cards, lead, number)
            done += 1000
        print(f"parity {preset}: {done} random tricks agree ({time.perf_counter() - t:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=20, help="simulated rounds per preset")
    ap.add_argument("--from-trick", type=int, default=1)
    ap.add_argument("--no-analyse", action="store_true", help="time the par only")
    ap.add_argument(
        "--node-limit",
        type=int,
        default=None,
        help="stop a solve after this many search nodes (counted at the limit)",
    )
    ap.add_argument("--parity", type=int, default=0, help="random tricks per preset")
    args = ap.parse_args()
    if args.parity:
        parity(args.parity)
    for preset in sorted(PRESETS) if args.rounds else ():
        bench(preset, args.rounds, args.from_trick, not args.no_analyse, args.node_limit)


if __name__ == "__main__":
    main()

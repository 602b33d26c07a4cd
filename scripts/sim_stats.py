"""Print the statistics of a simulated season, judged by the real pipeline.

    .venv/bin/python scripts/sim_stats.py                 # 10,000 rounds of `standard`, 5 players
    .venv/bin/python scripts/sim_stats.py --preset bga --players 4 --rounds 2000

Every generated file goes through ``napkifu.loads`` (parse + judge) exactly as
``napkifu check`` would, so the figures are the engine's, and any diagnostic is
counted and reported. The README quotes this script's output.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import Counter
from dataclasses import replace

from napkifu import loads
from napkifu.simulate import SimConfig, render_files


def _cpu() -> float:
    """CPU seconds of this process and its finished workers (wall time lies on a busy machine)."""
    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=10_000, help="rounds in the season")
    ap.add_argument("--per-game", type=int, default=5, help="rounds per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)

    games = max(1, args.rounds // args.per_game)
    cfg = SimConfig(
        preset=args.preset, players=args.players, games=games, rounds=args.per_game, seed=args.seed
    )
    t0, c0 = time.perf_counter(), _cpu()
    files = render_files(replace(cfg), per_file=100, jobs=args.jobs)
    t_sim, c_sim = time.perf_counter() - t0, _cpu() - c0

    rounds = []
    diagnostics = Counter[str]()
    for name, text in files:
        judgement = loads(text, file=name)
        diagnostics.update(d.code for d in judgement.diagnostics)
        rounds.extend(judgement.rounds)
    played = [r for r in rounds if r.kind != "redeal"]
    bids = Counter(r.bid_count for r in played)
    trumps = Counter(
        "NT" if r.no_trump else (r.trump.symbol if r.trump is not None else "?") for r in played
    )
    wins = sum(1 for r in played if r.win)
    alone = sum(1 for r in played if r.alone)
    honors = [r.honors_napoleon for r in played if r.honors_napoleon is not None]
    n = len(played)

    print(
        f"simulated {args.preset}, {args.players} players, seed {args.seed}: "
        f"{len(rounds)} rounds in {games} games ({len(files)} files)"
    )
    print(
        f"  generation: {t_sim:.1f} s wall = {len(rounds) / t_sim:,.0f} rounds/s (jobs={args.jobs}); "
        f"{c_sim:.1f} CPU-s = {len(rounds) / c_sim:,.0f} rounds per CPU-second"
    )
    print(f"  diagnostics: {dict(diagnostics) or 'none'}")
    print(f"  redeals (all pass): {len(rounds) - n} ({(len(rounds) - n) / len(rounds):.1%})")
    print("  contract (bid count) distribution:")
    won_at = Counter(r.bid_count for r in played if r.win)
    for count in sorted(bids):
        print(
            f"    {count:>2}: {bids[count]:>6}  {bids[count] / n:6.1%}   "
            f"Napoleon won {won_at[count] / bids[count]:6.1%}"
        )
    in_13_15 = sum(bids[c] for c in (13, 14, 15)) / n
    print(f"  contracts 13-15: {in_13_15:.1%}")
    print("  trump suits: " + ", ".join(f"{k} {v / n:.1%}" for k, v in trumps.most_common()))
    print(f"  Napoleon won: {wins / n:.1%}")
    print(f"  Napoleon alone: {alone / n:.1%}")
    print(f"  mean honors to Napoleon's side: {sum(honors) / max(1, len(honors)):.2f}")
    return 1 if any(c for c in diagnostics) else 0


if __name__ == "__main__":
    sys.exit(main())

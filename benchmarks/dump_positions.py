"""The positions ``bench_solver.py`` solves, one a line, for the solver's own node
counter (``solver/examples/nodes.rs``): the same simulated rounds (seed 7) at the
start of trick ``--from-trick``, without Python in the measurement, so that
callgrind or perf see only the search.

    PYTHONPATH=. .venv/bin/python benchmarks/dump_positions.py --rounds 6 --from-trick 3 \\
        > /tmp/t3.txt
    cd solver && cargo run --release --no-default-features --example nodes -- /tmp/t3.txt

A line: ladder classes | options (name=value;…) | trump or - | players | tricks |
honor cards | hands (cards by commas, seats by /) | the trick so far | the suit a
led joker named or - | leader | direction | Napoleon's side | honors taken |
honors among the discards | whether Napoleon's side won trick 1 (1, 0 or -).
"""

from __future__ import annotations

import argparse

from benchmarks.bench_solver import positions
from napkifu.rules.presets import PRESETS


def _opt(v: object) -> str:
    return "-" if v is None else str(int(v))  # type: ignore[call-overload]


def dump(preset: str, rounds: int, from_trick: int) -> None:
    for rules, trump, _, pos in positions(preset, rounds, from_trick):
        hands, trick, named, leader, step, side, taken, widow, first = pos.args()
        fields = [
            ",".join(rules.ladder),
            ";".join(f"{k}={v}" for k, v in rules.settings),
            _opt(trump),
            str(rules.players),
            str(rules.tricks),
            ",".join(map(str, sorted(rules.honor_cards))),
            "/".join(",".join(map(str, h)) for h in hands),
            ",".join(map(str, trick)),
            _opt(named),
            str(leader),
            str(step),
            ",".join(map(str, side)),
            str(taken),
            str(widow),
            _opt(first),
        ]
        print("|".join(fields))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=6, help="simulated rounds per preset")
    ap.add_argument("--from-trick", type=int, default=3)
    ap.add_argument("--preset", action="append", help="only these presets (default: all)")
    args = ap.parse_args()
    for preset in args.preset or sorted(PRESETS):
        dump(preset, args.rounds, args.from_trick)


if __name__ == "__main__":
    main()

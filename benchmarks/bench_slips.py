"""What judging a record with slips costs (issue 27): rounds/s for the shared corpus
as written, with one trick written in seat order in every round, and judged under
the wrong preset (faults in every round that no re-reading explains: the case the
per-game budget of :mod:`napkifu.replay.reread` bounds).

Only ``napkifu.replay.judge`` is timed (CPU time, best of ``--repeat``); the records
are parsed once outside. Clean rounds never re-read anything, so the first figure is
the engine's ordinary speed.

    .venv/bin/python benchmarks/bench_slips.py [--corpus DIR] [--files 40] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from napkifu.notation import parse
from napkifu.replay import judge

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from slips import seat_order


def slipped_rounds(text: str, rng: random.Random) -> str:
    """One trick of every round written in seat order from another player."""
    parts = text.split("\nround ")
    out = [parts[0]]
    for part in parts[1:]:
        planted = seat_order("round " + part, rng)
        out.append((planted[0] if planted else "round " + part)[len("round ") :])
    return "\nround ".join(out)


def timed(texts: list[str], repeat: int) -> tuple[float, int, int]:
    records = [parse(t)[0] for t in texts]
    rounds = sum(len(g.rounds) for r in records for g in r.games)
    best, errors = float("inf"), 0
    for _ in range(repeat):
        start = time.process_time()
        errors = sum(len([d for d in judge(r, detail=False)[1] if d.is_error]) for r in records)
        best = min(best, time.process_time() - start)
    return best, rounds, errors


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default="/work/shared/corpus/varied")
    ap.add_argument("--files", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    files = sorted(Path(a.corpus).glob("*/*.nap"))
    files = files[:: max(1, len(files) // a.files)][: a.files]
    clean = [f.read_text(encoding="utf-8") for f in files]
    rng = random.Random(1)
    cases = {
        "as written": clean,
        "a trick in seat order in every round": [slipped_rounds(t, rng) for t in clean],
        "every game under the wrong preset": [
            t.replace("rules standard", "rules bga").replace("rules webgame", "rules classic")
            .replace("rules bga", "rules webgame").replace("rules classic", "rules standard")
            for t in clean
        ],
    }  # fmt: skip
    print(f"{len(files)} files of {a.corpus}")
    for name, texts in cases.items():
        seconds, rounds, errors = timed(texts, a.repeat)
        print(f"{name:40} {rounds / seconds:8.0f} rounds/s  ({rounds} rounds, {errors} errors)")


if __name__ == "__main__":
    main()

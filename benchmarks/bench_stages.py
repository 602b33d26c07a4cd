"""Where a round's time goes, stage by stage: decode, parse, judge, tables.

    .venv/bin/python benchmarks/bench_stages.py [FOLDER] [--files N] [--repeat R]

FOLDER holds ``.nap`` records (default: the 100k corpus of make_corpus.sh); the
first N files are read into memory, then each stage is timed alone on them (CPU
time of this process, best of R runs) and printed in µs per round and rounds/s:

- decode: bytes → text;
- parse: text → record model (the notation layer);
- judge: record model → judgement (the replay engine);
- check: decode + parse + judge, what ``napkifu check`` does to a file;
- tables: check + the season rows (``export``'s per-file work).

One process, no pool and no cache: the per-core cost that issue 8's targets are
about (5,000 rounds/s per core would be 200 µs a round, everything included).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def best(fn: Callable[[], object], repeat: int) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        fastest = min(fastest, time.process_time() - start)
    return fastest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="/tmp/napkifu-corpus/100k", type=Path)
    ap.add_argument("--files", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    paths = sorted(args.folder.rglob("*.nap"))[: args.files]
    if not paths:
        print(f"no .nap files in {args.folder} (run benchmarks/make_corpus.sh)", file=sys.stderr)
        return 2

    from napkifu.analysis import judgement_rows
    from napkifu.api import loads
    from napkifu.notation import decode, parse
    from napkifu.replay import judge

    data = [p.read_bytes() for p in paths]
    texts = [decode(d)[0] or "" for d in data]
    records = [parse(t)[0] for t in texts]
    rounds = sum(len(re.findall(r"^\s*round\s+\d+", t, re.M)) for t in texts)
    stages: dict[str, Callable[[], object]] = {
        "decode": lambda: [decode(d) for d in data],
        "parse": lambda: [parse(t) for t in texts],
        "judge": lambda: [judge(r) for r in records],
        "check (decode + parse + judge)": lambda: [loads(d) for d in data],
        "tables (check + season rows)": lambda: [judgement_rows(loads(d)) for d in data],
    }
    print(f"{len(paths)} files, {rounds} rounds, {sum(map(len, data)) / 1e6:.1f} MB; "
          f"CPU time, best of {args.repeat}")  # fmt: skip
    for name, fn in stages.items():
        seconds = best(fn, args.repeat)
        print(
            f"  {name:32} {seconds * 1e6 / rounds:7.0f} µs/round {rounds / seconds:8,.0f} rounds/s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

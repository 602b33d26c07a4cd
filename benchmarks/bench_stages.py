"""Where a round's time goes, stage by stage: decode, parse, judge, tables.

    .venv/bin/python benchmarks/bench_stages.py [FOLDER] [--files N] [--repeat R]

FOLDER holds ``.nap`` records (default: the 100k corpus of make_corpus.sh); the
first N files are read into memory, then each stage is timed alone on them (CPU
time of this process, best of R runs) and printed in µs per round and rounds/s:

- decode: bytes → text;
- parse: text → record model (the notation layer);
- judge: record model → judgement (the replay engine, judged tricks left unbuilt);
- check: decode + parse + judge, the ordinary path of ``napkifu check``;
- express: ``napkifu check``'s express lane on the same files (they are clean, so
  it proves them clean without building their model: napkifu/express);
- tables: check + the season rows (which build the judged tricks), the ordinary way;
- tables, express: the season rows from the express lane's facts, as ``export``
  makes them for a clean record (napkifu/express/facts.py);
- dashboard: the dashboard's per-file job (tables as DataFrames, packed as Arrow;
  through the lane's facts, as the records are clean).

One process, no pool and no cache: the per-core cost that issue 8's targets are
about (5,000 rounds/s per core would be 200 µs a round, everything included).
``NAPKIFU_PURE=1`` times the pure-Python modules instead of the compiled ones
(napkifu/compiled.py); the first line says which ran.
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

    from dashboard.data import judge_file
    from napkifu.analysis import judgement_rows
    from napkifu.analysis.rows import express_rows
    from napkifu.api import loads
    from napkifu.commands.checkfile import check_bytes
    from napkifu.notation import decode, parse
    from napkifu.replay import judge

    data = [p.read_bytes() for p in paths]
    texts = [decode(d)[0] or "" for d in data]
    records = [parse(t)[0] for t in texts]
    named = list(zip(paths, data, strict=True))
    rounds = sum(len(re.findall(r"^\s*round\s+\d+", t, re.M)) for t in texts)
    stages: dict[str, Callable[[], object]] = {
        "decode": lambda: [decode(d) for d in data],
        "parse": lambda: [parse(t) for t in texts],
        "judge": lambda: [judge(r) for r in records],
        "check (decode + parse + judge)": lambda: [loads(d) for d in data],
        "express (check's lane)": lambda: [check_bytes(d, "x.nap") for d in data],
        "tables (check + season rows)": lambda: [judgement_rows(loads(d)) for d in data],
        "tables, express (lane's facts)": lambda: [express_rows(d, "x.nap") for d in data],
        "dashboard per-file job": lambda: [judge_file((p.name, d)) for p, d in named],
    }
    from napkifu.compiled import status

    print(f"{len(paths)} files, {rounds} rounds, {sum(map(len, data)) / 1e6:.1f} MB; "
          f"CPU time, best of {args.repeat}; hot loop: {status()}")  # fmt: skip
    for name, fn in stages.items():
        seconds = best(fn, args.repeat)
        print(
            f"  {name:32} {seconds * 1e6 / rounds:7.0f} µs/round {rounds / seconds:8,.0f} rounds/s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Where a cold dashboard load spends its CPU, per file: judging with and without the
judged tricks, and the whole of :func:`napkifu.analysis.sources.file_frames`.

    .venv/bin/python benchmarks/bench_file_frames.py [--folder DIR] [--files 10] [--repeat 3]

Default folder: the season ``bench_dashboard.py`` generates. The three are timed
in turn on each file (process CPU time, the collector paused as the dashboard does),
so a change of machine load touches them alike. ``detail=False`` is what ``check``
judges with, and since issue 29's last pass what ``file_frames`` (a dashboard's
first render) judges with too: the round-level tables come from each trick's facts
(``JudgedRound.played``), the ``tricks`` table is built on request.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from napkifu.analysis.sources import file_frames
from napkifu.api import iter_loads
from napkifu.gcpause import paused_gc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    default = Path(tempfile.gettempdir()) / "napkifu-bench-season-10000"
    ap.add_argument("--folder", type=Path, default=default)
    ap.add_argument("--files", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    items = [(p.name, p.read_bytes()) for p in sorted(args.folder.rglob("*.nap"))[: args.files]]
    if not items:
        raise SystemExit(f"no records in {args.folder}: run bench_dashboard.py first")
    file_frames(items[0])  # (warm: caches of the rules, imports)
    spent = {"judge, detail=True": 0.0, "judge, detail=False": 0.0, "file_frames (all)": 0.0}
    for _ in range(args.repeat):
        for name, data in items:
            for label in spent:
                start = time.process_time()
                if label == "file_frames (all)":
                    file_frames((name, data))
                else:
                    with paused_gc():
                        list(iter_loads(data, file=name, detail=label.endswith("True")))
                spent[label] += time.process_time() - start
    runs = len(items) * args.repeat
    for label, total in spent.items():
        print(f"{label:<22} {total / runs:.3f} s a file")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

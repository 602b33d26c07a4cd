"""`napkifu check` at an earlier commit beside the working tree, in CPU seconds.

    .venv/bin/python benchmarks/bench_before_after.py REV [CORPUS] [--repeat R]

The package at REV (``git archive REV napkifu``, into a temporary folder) and the
working tree's each check CORPUS (default: /work/shared/corpus/varied) as
``python -m napkifu check -q -j 1 --no-cache CORPUS``, with the same interpreter
and libraries, R times in turn (default 3); the best CPU time (user + system,
start-up included) of each is printed, and the speed-up. CPU time rather than wall
time: on a shared machine it is the steadier of the two, and alternating the runs
makes both sides see the same load. The cache folder is a fresh temporary one,
so Lark's analysed grammar is built once and then kept, as for a user.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = Path("/work/shared/corpus/varied")


def cpu_seconds(argv: list[str], env: dict[str, str]) -> float:
    """User + system CPU time of one run of ``argv`` (and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the earlier commit (any git revision)")
    parser.add_argument("corpus", type=Path, nargs="?", default=DEFAULT_CORPUS)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, best kept")
    args = parser.parse_args()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", args.rev, "napkifu"], capture_output=True, check=True
    ).stdout
    argv = [sys.executable, "-m", "napkifu", "check", "-q", "-j", "1", "--no-cache"]
    argv.append(str(args.corpus))
    with tempfile.TemporaryDirectory(prefix="napkifu-before-") as work:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(work, filter="data")
        cache = Path(work) / "cache"
        base = {**os.environ, "NAPKIFU_CACHE_DIR": str(cache)}
        sides = {"before": {**base, "PYTHONPATH": work}, "after": base}
        best: dict[str, float] = {}
        for _ in range(args.repeat):
            for name, env in sides.items():
                seconds = cpu_seconds(argv, env)
                best[name] = min(best.get(name, seconds), seconds)
    print(f"napkifu check -q -j 1 --no-cache {args.corpus}, CPU seconds, best of {args.repeat}:")
    print(f"  before ({args.rev}): {best['before']:.2f} s")
    print(f"  after (working tree): {best['after']:.2f} s")
    print(f"  speed-up: {best['before'] / best['after']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

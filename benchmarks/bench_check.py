"""End-to-end speed of `napkifu check` and `napkifu export` on a generated corpus.

Runs the real command (a subprocess, exactly as a user would) and prints, per run:
wall time, rounds/s, MB/s, and peak memory — both the peak of the sum of the RSS
of the whole process tree (the command and its workers, sampled every 20 ms from
/proc) and the largest single process (``getrusage(RUSAGE_CHILDREN)``).

Make the corpus first (see benchmarks/README.md):

    benchmarks/make_corpus.sh /tmp/napkifu-corpus
    .venv/bin/python benchmarks/bench_check.py /tmp/napkifu-corpus [--only NAME ...]

Runs, in this order (--only NAME ... picks some). "-cold": nothing cached (with
one process and for export: --no-cache; the -j 2 checks start from an empty cache
and fill it, which costs one small write per file); "-cached": the same cache
again, so it needs the run before it:
    check-100k-j1-cold   check-100k-j2-cold   check-100k-j2-cached
    check-big-j1         (one 63 MB file of 100,000 rounds: bounded memory)
    export-100k-j2       export-big-j1
    check-200k-j2-cold   (--no-cache: a fifth of the million, for a busy machine)
    check-1m-j2-cold     check-1m-j2-cached   export-1m-j2-cold
    export-100k-j1       export-100k-j2-fill  export-100k-j2-cached
    export-csv-100k-j2   export-csv-1m-j2     (CSV of the big tables, no --parquet)
("-fill": an export that starts from an empty cache and fills it.)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

NAPKIFU = Path(__file__).resolve().parents[1] / ".venv" / "bin" / "napkifu"


@dataclass
class Figure:
    name: str
    command: str
    seconds: float
    rounds: int
    megabytes: float
    peak_tree_mb: float
    peak_process_mb: float
    status: int
    cpu_seconds: float = 0.0  # user + system CPU time of the command and its workers

    @property
    def rounds_per_s(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0

    def row(self) -> str:
        return (
            f"| {self.name} | {self.seconds:.1f} | {self.rounds:,} | {self.rounds_per_s:,.0f} "
            f"| {self.megabytes / self.seconds:.2f} | {self.peak_tree_mb:.0f} "
            f"| {self.peak_process_mb:.0f} | {self.status} |"
        )


HEADER = (
    "| run | seconds | rounds | rounds/s | MB/s | peak RSS, all processes (MB) "
    "| peak RSS, largest process (MB) | exit |\n|---|---:|---:|---:|---:|---:|---:|---:|"
)


def corpus_size(path: Path) -> tuple[int, float]:
    """(rounds, megabytes) of the ``*.nap`` files under ``path``."""
    rounds = 0
    size = 0
    files = [path] if path.is_file() else sorted(path.rglob("*.nap"))
    for f in files:
        data = f.read_bytes()
        size += len(data)
        rounds += data.count(b"\nround ") + data.startswith(b"round ")
    return rounds, size / 1e6


def _tree_rss_kb(pid: int) -> int:
    """RSS of ``pid`` and all its descendants, in kB (0 for what has gone)."""
    total = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
                        break
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack.extend(int(c) for c in f.read().split())
        except (OSError, ValueError):
            continue
    return total


def measure(name: str, argv: list[str], rounds: int, megabytes: float) -> Figure:
    """Run ``argv`` once; the peak of a single process is read from getrusage of a
    throw-away wrapper process, so runs do not share one lifetime maximum."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(u.ru_utime + u.ru_stime)\n"
        "print(u.ru_maxrss)\n"
        "sys.exit(r.returncode)\n"
    )
    # As a user runs it, Python keeps compiled bytecode: pip writes the .pyc files of
    # what it installs (python-chess's among them). A shell that sets
    # PYTHONDONTWRITEBYTECODE would make an editable install of napkifu compile its
    # ~100 modules again at every start (~0.3 s), and nothing else.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", wrapper, *argv], stdout=subprocess.PIPE, text=True, env=env
    )
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss_kb(proc.pid))
            done.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, _ = proc.communicate()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    try:
        *_, cpu_text, rss_text = out.strip().splitlines()
        cpu, largest = float(cpu_text), int(rss_text) / 1024
    except ValueError:
        cpu, largest = 0.0, 0.0
    command = " ".join(a if a != str(NAPKIFU) else "napkifu" for a in argv)
    return Figure(
        name, command, seconds, rounds, megabytes, peak / 1024, largest, proc.returncode, cpu
    )


def runs(corpus: Path, work: Path) -> dict[str, tuple[list[str], Path]]:
    """Every run, in the order they are made (a "-cached" run reuses the cache that
    the "-cold" run before it filled, starting empty)."""
    small, big, million = corpus / "100k", corpus / "big" / "big.nap", corpus / "1m"

    def check(jobs: int, target: Path, cache: str | None = None) -> tuple[list[str], Path]:
        where = ["--cache-dir", str(work / cache)] if cache else ["--no-cache"]
        return [str(NAPKIFU), "check", "-q", "-j", str(jobs), *where, str(target)], target

    def export(
        jobs: int, target: Path, out: str, cache: str | None = None
    ) -> tuple[list[str], Path]:
        where = ["--cache-dir", str(work / cache)] if cache else ["--no-cache"]
        argv = [str(NAPKIFU), "export", "-q", "-j", str(jobs), *where, "--overwrite"]
        return [*argv, "--parquet", str(work / out), str(target)], target

    def csv_export(target: Path) -> tuple[list[str], Path]:
        """CSV of the big tables, no --parquet (the tables stream to the CSV files)."""
        tables = [f"--{t}={work / t}.csv" for t in ("season", "rounds", "player-rounds", "tricks")]
        return [str(NAPKIFU), "export", "-q", "-j", "2", "--no-cache", *tables, str(target)], target

    return {
        "check-100k-j1-cold": check(1, small),
        "check-100k-j2-cold": check(2, small, "cache-100k"),
        "check-100k-j2-cached": check(2, small, "cache-100k"),
        "check-big-j1": check(1, big),
        "export-100k-j2": export(2, small, "pq-100k"),
        "export-big-j1": export(1, big, "pq-big"),
        "check-200k-j2-cold": check(2, corpus / "200k"),
        "check-1m-j2-cold": check(2, million, "cache-1m"),
        "check-1m-j2-cached": check(2, million, "cache-1m"),
        "export-1m-j2-cold": export(2, million, "pq-1m"),
        "export-100k-j1": export(1, small, "pq-100k"),
        "export-100k-j2-fill": export(2, small, "pq-100k", "xcache-100k"),
        "export-100k-j2-cached": export(2, small, "pq-100k", "xcache-100k"),
        "export-csv-100k-j2": csv_export(small),
        "export-csv-1m-j2": csv_export(million),
    }


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    commit = subprocess.run(
        ["git", "-C", str(NAPKIFU.parents[2]), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=False,
    ).stdout.strip()  # fmt: skip
    version = subprocess.run(
        [str(NAPKIFU), "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return (
        f"{version or 'napkifu ?'}; "
        f"{os.cpu_count()} cores ({len(os.sched_getaffinity(0))} usable), {model}, "
        f"Python {platform.python_version()}, {platform.system()} {platform.release()}, "
        f"napkifu at commit {commit or '?'} (+ working tree), "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="the folder make_corpus.sh wrote")
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME", help="runs to do")
    parser.add_argument("--json", type=Path, help="also write the figures here as JSON")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="napkifu-bench-"))
    sizes: dict[Path, tuple[int, float]] = {}
    figures: list[Figure] = []
    print(machine())
    print(HEADER, flush=True)
    try:
        for name, (argv, target) in runs(args.corpus, work).items():
            if args.only is not None and name not in args.only:
                continue
            if not target.exists():
                print(f"| {name} | skipped: {target} missing (run make_corpus.sh) |")
                continue
            if target not in sizes:
                sizes[target] = corpus_size(target)
            figure = measure(name, argv, *sizes[target])
            figures.append(figure)
            print(figure.row(), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        data = [{**asdict(f), "rounds_per_s": f.rounds_per_s} for f in figures]
        args.json.write_text(json.dumps({"machine": machine(), "runs": data}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A timeline of a cold dashboard load: each file's job stamped with its process,
wall clock and CPU, so a run says where its time went (bench_dashboard.py --cold).

The job the loader runs (:data:`napkifu.analysis.sources` ``file_frames``) is wrapped
in :func:`stamped`, a top-level function a spawned worker imports by name (this
folder is on the path a worker is given): the wrapper adds no import of its own, so
a worker's start is what the job's module costs. Each call appends one line to the
file named by :data:`ENV` (inherited by the worker); :func:`phases` reads them back.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ENV = "NAPKIFU_BENCH_TIMELINE"


def stamped(module: str, name: str, item: Any) -> Any:
    """``module.name(item)``, with one line on the timeline: pid, wall start and end
    (``time.monotonic``: one clock for every process), CPU of the process at start
    and end (at its first job: what its start cost). The job is named, not pickled:
    a worker imports the job's own module, never the one it was installed in."""
    found = importlib.import_module(module)
    job = getattr(found, UNSTAMPED + name, None) or getattr(found, name)
    start, cpu = time.monotonic(), time.process_time()
    out = job(item)
    end, cpu_end = time.monotonic(), time.process_time()
    with open(os.environ[ENV], "a", encoding="utf-8") as log:
        log.write(f"{os.getpid()} {start} {end} {cpu} {cpu_end}\n")
    return out


UNSTAMPED = "_unstamped_"


def install(module: Any, name: str) -> Callable[[], None]:
    """Stamp every call of ``module.name`` (the loader looks it up at each load);
    returns the undo."""
    job = getattr(module, name)
    setattr(module, UNSTAMPED + name, job)  # (where the job's own module is ``module``)
    setattr(module, name, functools.partial(stamped, job.__module__, job.__name__))

    def undo() -> None:
        setattr(module, name, job)
        delattr(module, UNSTAMPED + name)

    return undo


@dataclass
class Phases:
    """One cold load, in seconds from its start (``t0``)."""

    server_files: int
    worker_files: int
    worker_first: float  # the worker's first job begins (its start, wall)
    worker_start_cpu: float  # the worker's CPU before its first job (spawn, imports)
    server_busy: float
    worker_busy: float
    server_cpu: float  # CPU in its jobs
    worker_cpu: float
    worker_gaps: float  # the worker between its jobs (result out, next task in)
    server_last: float  # the server's last job ends
    worker_last: float
    judged: float  # the last job ends
    pooled: float  # the pool is shut down (share_jobs returns)
    loaded: float  # load_sources returns

    def line(self) -> str:
        return (
            f"files server/worker {self.server_files}/{self.worker_files}; worker starts "
            f"{self.worker_first:.2f} s in ({self.worker_start_cpu:.2f} s CPU), busy "
            f"{self.worker_busy:.2f} s ({self.worker_cpu:.2f} s CPU), gaps {self.worker_gaps:.2f} s; "
            f"server busy {self.server_busy:.2f} s ({self.server_cpu:.2f} s CPU); last job ends "
            f"server {self.server_last:.2f} / worker {self.worker_last:.2f} s; after the last "
            f"job {self.loaded - self.judged:.2f} s (the pool's end {self.pooled - self.judged:.2f} s, "
            f"the tables {self.loaded - self.pooled:.2f} s)"
        )


def phases(path: str, t0: float, pooled: float, t1: float) -> Phases:
    """The timeline in ``path`` of a load from ``t0`` to ``t1`` whose pool ended at
    ``pooled`` (this process: the server)."""
    rows = []
    with open(path, encoding="utf-8") as log:
        for line in log:
            pid, *rest = line.split()
            rows.append((int(pid), *map(float, rest)))
    me = os.getpid()
    server = [r for r in rows if r[0] == me]
    worker = sorted((r for r in rows if r[0] != me), key=lambda r: r[1])
    gaps = sum(b[1] - a[2] for a, b in itertools.pairwise(worker))
    return Phases(
        server_files=len(server),
        worker_files=len(worker),
        worker_first=worker[0][1] - t0 if worker else 0.0,
        worker_start_cpu=worker[0][3] if worker else 0.0,
        server_busy=sum(r[2] - r[1] for r in server),
        worker_busy=sum(r[2] - r[1] for r in worker),
        server_cpu=sum(r[4] - r[3] for r in server),
        worker_cpu=sum(r[4] - r[3] for r in worker),
        worker_gaps=gaps,
        server_last=max((r[2] for r in server), default=t0) - t0,
        worker_last=max((r[2] for r in worker), default=t0) - t0,
        judged=max(r[2] for r in rows) - t0 if rows else 0.0,
        pooled=pooled - t0,
        loaded=t1 - t0,
    )


def median_line(runs: list[Phases]) -> str:
    """The median of each field over ``runs``."""
    fields = Phases.__dataclass_fields__
    return Phases(**{k: statistics.median(getattr(r, k) for r in runs) for k in fields}).line()

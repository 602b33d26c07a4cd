"""Run a per-file job over many files on several cores, results in input order.

Checking and exporting are embarrassingly parallel by file, and a file's work is
a pure function of its path; a process pool sidesteps the GIL. Results come back
in the order of the inputs so that output is deterministic whatever ``jobs`` is.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def run_jobs(func: Callable[[T], R], items: Iterable[T], jobs: int | None = None) -> Iterator[R]:
    """``map(func, items)``, in a process pool when ``jobs`` > 1 and there is more than
    one item; ``func`` must be a picklable top-level function."""
    work = list(items)
    n = default_jobs() if jobs is None or jobs <= 0 else jobs
    if n <= 1 or len(work) <= 1:
        yield from map(func, work)
        return
    n = min(n, len(work))
    chunk = max(1, min(64, len(work) // (n * 8) or 1))
    with ProcessPoolExecutor(max_workers=n) as pool:
        yield from pool.map(func, work, chunksize=chunk)

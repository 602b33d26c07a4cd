"""Run a per-file job over many files on several cores, results in input order.

Checking and exporting are embarrassingly parallel by file, and a file's work is
a pure function of its path; a process pool sidesteps the GIL. Results come back
in the order of the inputs, each as soon as it and every earlier one are done, so
output is deterministic whatever ``jobs`` is and still streams. Only a bounded
window of batches is in flight: one slow file (a 60 MB dump) cannot make the
results of all the files behind it pile up in memory.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import threading
import types
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # (imported when a pool is made: a one-core run never needs them)
    import multiprocessing.context
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

MAX_BATCH = 8
"""Files per task at most: enough to amortise a task's overhead on tiny files,
few enough that results still stream and the cores stay evenly loaded."""
WINDOW = 4
"""Batches in flight per worker."""
SHARED_SWITCH_INTERVAL = 0.001
"""The GIL's switch interval (seconds) while :func:`share_jobs` judges in this process."""


def default_jobs() -> int:
    """The cores this process may use (its CPU affinity, which respects taskset and
    container CPU sets; ``os.cpu_count`` would count the whole machine)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def resolve_jobs(jobs: int | None) -> int:
    """``jobs`` as asked; None or 0 or less: :func:`default_jobs`."""
    return default_jobs() if jobs is None or jobs <= 0 else jobs


SMALL_WORK = 1 << 20
"""Bytes of records below which one process beats starting a pool (a worker's
start costs about what judging 100 KB does)."""


def jobs_for(paths: Iterable[str], jobs: int | None) -> int:
    """``jobs`` when asked for; otherwise every core, unless the files are so few
    bytes that a pool would only add its start-up time."""
    if jobs is not None and jobs > 0:
        return jobs
    total = 0
    for path in paths:
        try:
            total += os.path.getsize(path)
        except OSError:
            continue
        if total >= SMALL_WORK:
            return default_jobs()
    return 1


def _run_batch(func: Callable[[T], R], batch: list[T]) -> list[R]:
    return [func(item) for item in batch]


def run_jobs(
    func: Callable[[T], R],
    items: Iterable[T],
    jobs: int | None = None,
    *,
    batch: int | None = None,
) -> Iterator[R]:
    """``map(func, items)`` in input order, in a process pool when ``jobs`` > 1 and
    there is more than one item. ``func`` must be a picklable top-level function
    (a ``functools.partial`` of one is fine); unless it is defined in the main
    script, neither it nor the items may need that script (workers start without
    it: :func:`_main_hidden`). ``items`` may be lazy; it is read as
    work is handed out. ``batch`` fixes the items per task (default: grows from 1
    so the first results show at once, up to :data:`MAX_BATCH`)."""
    n = resolve_jobs(jobs)
    source = iter(items)
    head = list(islice(source, 2))
    if n <= 1 or len(head) <= 1:
        yield from map(func, head)
        yield from map(func, source)
        return
    from concurrent.futures import ProcessPoolExecutor

    pending = _chain(head, source)
    from napkifu.stopping import in_worker  # (ctypes: only when a pool is made)

    pool = ProcessPoolExecutor(max_workers=n, mp_context=pool_context(), initializer=in_worker)
    try:
        inflight: deque[Future[list[R]]] = deque()
        size = 1
        exhausted = False
        while True:
            while not exhausted and len(inflight) < n * WINDOW:
                chunk = list(islice(pending, batch or size))
                if not chunk:
                    exhausted = True
                    break
                # A spawned worker starts inside submit (one per submit until the
                # pool is full): that is when it must not be told of the main script.
                with starting_workers_of(func):
                    inflight.append(pool.submit(_run_batch, func, chunk))
                size = min(MAX_BATCH, size * 2)
            if not inflight:
                return
            yield from inflight.popleft().result()
    except BaseException:  # stopped (a signal, Ctrl-C, a closed pipe): workers end now
        stop_workers(pool)
        raise
    finally:
        # Also when the consumer stops early (a closed pipe, an interrupt): work
        # not started yet is dropped instead of being waited for.
        pool.shutdown(wait=True, cancel_futures=True)


def share_jobs(
    func: Callable[[T], R],
    items: Sequence[T],
    jobs: int | None = None,
    *,
    between: Callable[[list[R | None]], None] | None = None,
) -> list[R]:
    """``list(map(func, items))`` on ``jobs`` cores, the calling process being one of
    them: it takes items from the back while ``jobs - 1`` workers take them from the
    front. For a caller that has imported ``func``'s modules already (a server): its
    first result comes at once instead of after a worker's start (a spawned worker
    imports napkifu and polars: 0.4-0.6 s of CPU, over a second on a busy machine),
    and one worker fewer is started at all. The calling thread holds the GIL while
    it runs ``func``. Same rules for ``func`` as :func:`run_jobs`. ``between`` is
    called on this thread after each item it runs and each wait for a worker, with
    the results so far (None: not in yet), so the caller can use them before the
    end (while the workers still run, not after, with their cores idle)."""
    n = resolve_jobs(jobs)
    if n <= 1 or len(items) <= 1:
        return [func(item) for item in items]
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    results: list[R | None] = [None] * len(items)
    front, back = 0, len(items)  # items[front:back] are not started
    from napkifu.stopping import in_worker  # (ctypes: only when a pool is made)

    pool = ProcessPoolExecutor(max_workers=n - 1, mp_context=pool_context(), initializer=in_worker)
    inflight: dict[Future[R], int] = {}
    # This thread runs Python without pause while the pool's own threads carry every
    # result and task through pipes, a chunk at a time, each chunk waiting for the
    # GIL: at the default 5 ms a worker sat idle 30-150 ms between its tasks (a
    # dashboard file's tables are ~0.6 MB). At 1 ms it waits ~13 ms.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(min(interval, SHARED_SWITCH_INTERVAL))
    try:
        while front < back or inflight:
            # The finished tasks first, so their places are refilled now: a worker
            # whose task ended while this thread was busy would otherwise get its
            # next one only after this thread's next item.
            _collect(inflight, results)
            # Two tasks a worker: one running, one waiting for it while this thread
            # is busy with an item of its own; at the end one, so that no worker is
            # left with a queued item when this thread has none (up to an item's
            # time with one core idle: 0.1-0.3 s of a dashboard's cold load).
            ahead = 2 if back - front > 2 * (n - 1) else 1
            while front < back and len(inflight) < ahead * (n - 1):
                with starting_workers_of(func):
                    inflight[pool.submit(func, items[front])] = front
                front += 1
            if front < back:
                back -= 1
                results[back] = func(items[back])
            elif inflight:  # nothing left here: wait for the workers
                wait(inflight, return_when=FIRST_COMPLETED)
            if between is not None:
                _collect(inflight, results)
                between(results)
    except BaseException:
        stop_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    finally:
        sys.setswitchinterval(interval)
    # Every result is in: the workers end on the pool's own thread, which also
    # reaps them; nothing here waits for an interpreter's exit (0.1-0.2 s).
    pool.shutdown(wait=False)
    return results  # type: ignore[return-value]  # (every slot is filled)


def _collect(inflight: dict[Future[R], int], results: list[R | None]) -> None:
    """Move the finished tasks' results into their places."""
    for future in [f for f in inflight if f.done()]:
        results[inflight.pop(future)] = future.result()


def broken_pool(err: BaseException) -> bool:
    """Whether ``err`` says a pool's worker died (killed, out of memory?). Asked
    without importing the pool's modules: a one-core run never loads them."""
    process = sys.modules.get("concurrent.futures.process")
    return process is not None and isinstance(err, process.BrokenProcessPool)


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """End a pool's workers at once, busy or not (SIGTERM: they hold nothing that
    needs cleaning; what they wrote is in a folder the caller removes)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, AttributeError):
            process.terminate()


def pool_context() -> multiprocessing.context.BaseContext:
    """fork where it is safe (workers start at once and share what the parent has
    imported); once polars is loaded, whose thread pool would make a forked child
    deadlock (polars warns about exactly this), spawn (also where fork does not exist)."""
    import multiprocessing

    if "polars" in sys.modules or "fork" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    return multiprocessing.get_context("fork")


def starting_workers_of(func: Callable[..., object]) -> contextlib.AbstractContextManager[None]:
    """Where a pool whose job is ``func`` starts its workers: with the main script
    hidden (:func:`_main_hidden`), unless ``func`` lives in it (:func:`_from_main`)."""
    return contextlib.nullcontext() if _from_main(func) else _main_hidden()


def _from_main(func: Callable[..., object]) -> bool:
    """Whether ``func`` (or the function a ``functools.partial`` wraps) is defined
    in the main script, which a worker must then import to unpickle it."""
    while isinstance(func, functools.partial):
        func = func.func
    return getattr(func, "__module__", None) in ("__main__", "__mp_main__")


_NO_MAIN = types.ModuleType("__main__")
"""The main module as a spawned worker is told of it: no path, no spec, nothing to run."""
_MAIN_SWAP = threading.Lock()


@contextlib.contextmanager
def _main_hidden() -> Iterator[None]:
    """Start workers without the parent's main script.

    A spawned worker runs the parent's main script again (as ``__mp_main__``)
    before it unpickles its first job, in case the job lives there. Under
    Streamlit the main script is the dashboard's ``app.py`` (Streamlit installs it
    as ``__main__`` while it runs), which imports Streamlit: about a second of
    every worker's start, before it judges anything. napkifu's jobs are top-level
    functions of its own modules, so while a worker starts, multiprocessing is
    shown a main module without a path (what it sees in an interactive session)
    and the worker imports just the job's module. The swap lasts a start: a few
    milliseconds. A job defined in the main script is never
    started this way (:func:`_from_main`).

    Threads (Streamlit sessions) take turns, so one never saves another's stand-in
    as the main module; and the main module is put back only if it is still the
    stand-in: a main module installed meanwhile (Streamlit installs one at the
    start of every script run) is left in place."""
    modules = sys.modules
    with _MAIN_SWAP:
        main = modules.get("__main__")
        modules["__main__"] = _NO_MAIN
        try:
            yield
        finally:
            if modules.get("__main__") is _NO_MAIN:
                if main is not None:
                    modules["__main__"] = main
                else:
                    del modules["__main__"]


def _chain(head: list[T], rest: Iterator[T]) -> Iterator[T]:
    yield from head
    yield from rest

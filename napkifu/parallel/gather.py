"""Every result of a job over many items, the caller working too: the dashboard's season.

:func:`napkifu.parallel.pool.run_jobs` streams results to a caller that waits for
them; a caller that needs them all before it goes on can judge too. Here it
takes items from the back while its workers take them from the front, each
claiming the next from counters they share, and the workers send each result
as they make it.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

from napkifu.parallel.pool import pool_context, prestart, resolve_jobs, starting_workers_of

T = TypeVar("T")
R = TypeVar("R")


def gather_jobs(
    func: Callable[[T], R],
    items: Iterable[T],
    jobs: int | None = None,
    *,
    meanwhile: Callable[[], object] | None = None,
    preload: Sequence[str] = (),
) -> list[R]:
    """``list(map(func, items))`` on ``jobs`` processes, of which the caller is one.

    For a caller that gathers every result before it goes on (the dashboard's
    season): it judges too, from the back of the list, while the workers take the
    list from the front. Each process claims its next item from a pair of counters
    they share (:class:`_Claims`), so no worker waits for the caller to hand it
    work: a caller busy judging answers a pool's requests late (its other threads
    wait for the GIL), and workers fed a few items at a time sat idle for 40 % of
    the time. The last items end together, within one item. A spawned worker must
    first start (import napkifu and polars, build the parser: about half a second;
    a worker forked from a fork server, :func:`prestart`, once that server is
    ready) while the caller starts at once: the pool is started on a thread of its
    own, so the caller never waits for it. Results are in input order all the same.
    Unlike :func:`run_jobs` this holds every result, so it is not for a stream of
    unknown length. ``func`` as for :func:`run_jobs`.

    ``meanwhile``: work the caller must do anyway before it can use the results
    (imports for what comes next, say), done first, while the workers start; as
    the caller then takes fewer items, such work costs about half its time. It is
    run in one process too, before the items. ``preload``: when a pool is started,
    its workers are forked from the fork server :func:`prestart` starts with these
    modules (a later pool of the process then starts at once)."""
    todo = list(items)
    n = resolve_jobs(jobs)
    if n <= 1 or len(todo) <= 1:
        if meanwhile is not None:
            meanwhile()
        return [func(item) for item in todo]
    if preload:
        prestart(preload)
    context = pool_context()
    claims = _Claims(context, len(todo))
    workers = min(n, len(todo)) - 1  # (the caller takes an item too)
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_share_claims, initargs=(claims,)
    )
    started = _PoolStart(pool, func, todo, workers)
    # (A forked child keeps only the thread that forked it: fork from this one.)
    started.begin(on_a_thread=context.get_start_method() != "fork")
    results: list[R | None] = [None] * len(todo)
    missing = len(todo)
    try:
        if meanwhile is not None:  # (the workers are starting meanwhile)
            meanwhile()
        while (index := claims.take(front=False)) is not None:
            results[index] = func(todo[index])
            missing -= 1 + claims.receive(results, wait=False)
        if missing:  # (else the caller did it all: no waiting for the pool to start)
            for future in started.futures():
                future.result()  # (a worker's failure is raised here)
        while missing:
            missing -= claims.receive(results, wait=True)
    finally:
        claims.close()  # (after a failure: the workers take nothing more)
        # Not waiting for the workers to exit (~0.1 s of their interpreter's
        # teardown): every result is in, and the pool's own thread reaps them.
        pool.shutdown(wait=False, cancel_futures=True)
    return results  # type: ignore[return-value]


RESULT_WAIT = 300.0
"""Seconds :func:`gather_jobs` waits for a result its worker has made but not yet
sent (they are sent as made, so it arrives in milliseconds) before it gives up."""


class _Claims:
    """What a :func:`gather_jobs` pool shares with its caller: which items are left,
    ``[front, back)`` (a worker takes ``front``, the caller ``back - 1``; each claim
    is microseconds under a process-shared lock, against milliseconds an item), and
    a queue on which the workers send each result as they make it. Sent one by
    one, a worker's results are pickled while it works and the caller reads them
    between its own items, instead of all of them at the end (~0.2 s of a
    10,000-round season, when nothing else was left to do)."""

    def __init__(self, context: multiprocessing.context.BaseContext, size: int) -> None:
        # (both passed to the workers as they start: see _share_claims)
        self.bounds = context.Array("q", [0, size])
        self.sent: multiprocessing.queues.Queue[tuple[int, object]] = context.Queue()

    def take(self, *, front: bool) -> int | None:
        """The next item left at the front (a worker's) or at the back (the
        caller's); None when none is left."""
        with self.bounds.get_lock():
            first, end = self.bounds[0], self.bounds[1]
            if first >= end:
                return None
            if front:
                self.bounds[0] = first + 1
                return int(first)
            self.bounds[1] = end - 1
            return int(end - 1)

    def receive(self, results: list, *, wait: bool) -> int:
        """Put the results the workers have sent in their places; how many. With
        ``wait``, at least one (it is on its way: its worker made it)."""
        got = 0
        try:
            if wait:
                index, result = self.sent.get(timeout=RESULT_WAIT)
                results[index] = result
                got += 1
            while True:
                index, result = self.sent.get_nowait()
                results[index] = result
                got += 1
        except queue.Empty:
            if wait and not got:
                raise RuntimeError("a judging worker's result never arrived") from None
        return got

    def close(self) -> None:
        with self.bounds.get_lock():
            self.bounds[1] = self.bounds[0]
        self.sent.cancel_join_thread()  # (results never read are dropped)
        self.sent.close()


_claims: _Claims | None = None
"""A worker's view of its pool's :class:`_Claims` (set as it starts)."""


def _share_claims(claims: _Claims) -> None:
    global _claims  # (one pool a worker process)
    _claims = claims
    # A worker whose caller stopped reading (it failed) must still exit when the
    # pool shuts down, not wait for ever to flush results nobody will read.
    claims.sent.cancel_join_thread()


def _take_front(func: Callable[[T], R], items: list[T]) -> int:
    """A worker's share: items from the front until none are left, each result sent
    as soon as it is made; how many."""
    assert _claims is not None, "started without its pool's claims"
    done = 0
    while (index := _claims.take(front=True)) is not None:
        _claims.sent.put((index, func(items[index])))
        done += 1
    return done


class _PoolStart:
    """Starts a :func:`gather_jobs` pool's workers, each with one task (its share,
    :func:`_take_front`). Starting a process can wait: on a fork server that is
    still importing what it preloads, for one. Begun on a thread of its own, the
    caller goes on meanwhile; a start that failed is raised by :meth:`futures`."""

    def __init__(
        self, pool: ProcessPoolExecutor, func: Callable[[T], R], items: list[T], workers: int
    ) -> None:
        self.pool, self.func, self.items, self.workers = pool, func, items, workers
        self.thread: threading.Thread | None = None
        self.started: list[Future[int]] = []
        self.error: BaseException | None = None

    def begin(self, *, on_a_thread: bool) -> None:
        if on_a_thread:
            self.thread = threading.Thread(target=self._submit, name="napkifu-pool-start")
            self.thread.daemon = True
            self.thread.start()
        else:
            self._submit()

    def futures(self) -> list[Future[int]]:
        """The workers' tasks, once all are submitted."""
        if self.thread is not None:
            self.thread.join()
        if self.error is not None:
            raise self.error
        return self.started

    def _submit(self) -> None:
        try:
            with starting_workers_of(self.func):
                for _ in range(self.workers):
                    self.started.append(self.pool.submit(_take_front, self.func, self.items))
        except BaseException as error:  # (raised in the caller, by futures())
            self.error = error

"""SIGTERM and SIGHUP end a command the way Ctrl-C does: cleanly.

Python's default for SIGTERM (``kill PID``, a supervisor, ``Popen.terminate()``)
and SIGHUP (a closed terminal) is to die on the spot: no ``finally`` runs, so the
``-j`` workers were left blocked on their queue forever, holding the caller's
pipes, and temporary folders and half-written datasets stayed behind. Here both
signals raise :class:`Stopped` in the main thread instead, so every ``finally``
and ``with`` on the way out runs: the pool stops its workers
(:func:`napkifu.parallel.pool.run_jobs`), temporary files are removed, a staged
dataset is dropped (:mod:`napkifu.analysis.publish`), and the command exits with
128 + the signal's number, as a shell reports a process killed by it.

Workers reset both signals to their default and ask the kernel to send them
SIGTERM when their parent dies (:func:`in_worker`), so even SIGKILL to the
command leaves no worker behind.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
_PR_SET_PDEATHSIG = 1


class Stopped(BaseException):
    """The command was asked to stop by a signal (a BaseException, like
    KeyboardInterrupt: no ``except Exception`` swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stop_signals_raise() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise :class:`Stopped` (only in the main
    thread, where Python runs signal handlers; elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.signal(s, _raise) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def in_worker() -> None:
    """A pool worker's start: default SIGTERM/SIGHUP (a forked worker inherits the
    parent's handlers), and SIGTERM when the parent dies (Linux)."""
    import ctypes  # (here: a one-core run never starts a worker, nor loads ctypes)
    import ctypes.util

    for s in STOP_SIGNALS:
        signal.signal(s, signal.SIG_DFL)
    with contextlib.suppress(OSError, AttributeError, TypeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)

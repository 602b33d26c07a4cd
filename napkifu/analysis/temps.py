"""The temporaries of an export, named so that a later export can sweep them.

An export that is killed (SIGKILL, a power cut, the out-of-memory killer) cannot
remove what it was writing: the CSV being written beside its target, the folder of
Parquet parts a CSV-only export builds its tables in. So every such temporary is
named ``.napkifu-tmp-<pid>-<random>`` and each export first removes, in the
folders it writes into, the ones whose process is gone (:func:`sweep`): at most
one killed export's leftovers linger, and only until the next export.

Only what the user running napkifu owns is removed, a symbolic link is removed
itself (never what it points to), and a process that is alive keeps its files
whoever it is (a reused process id keeps leftovers a little longer, nothing worse).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from pathlib import Path

PREFIX = ".napkifu-tmp-"


def prefix() -> str:
    """The start of this process's temporaries' names."""
    return f"{PREFIX}{os.getpid()}-"


def folder_for(targets: list[str]) -> str:
    """Where a CSV-only export keeps its Parquet parts: beside the first file it
    writes (on the disk the user chose for the output), else the system's temp
    folder (standard output only, or a folder that cannot be written)."""
    for target in targets:
        if target != "-":
            parent = os.path.dirname(os.path.abspath(target))
            if os.access(parent, os.W_OK | os.X_OK):
                return parent
    return tempfile.gettempdir()


def sweep(folder: str | Path, prefixes: tuple[str, ...] = (PREFIX,)) -> None:
    """Remove the temporaries in ``folder`` (named ``<prefix><pid>-…`` for one of
    ``prefixes``) left by processes that are gone."""
    pattern = re.compile("(?:" + "|".join(re.escape(p) for p in prefixes) + r")(\d+)-")
    uid = os.geteuid()
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            match = pattern.match(entry.name)
            if match is None or alive(int(match.group(1))):
                continue
            with contextlib.suppress(OSError):
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists (another user's counts)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True

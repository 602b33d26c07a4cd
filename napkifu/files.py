"""Writing a user's file without destroying what napkifu was not asked to touch.

``fmt`` and ``fill`` rewrite records in place; a rename of a temp file over the
original would be atomic but would also rewrite a read-only file (root ignores
the bits, and a rename ignores them for anyone who may write the folder), give a
file owned by someone else to the caller, and cut a hard link in two. So:

* a file whose mode bits do not let the caller write it is refused, whatever
  the caller's privileges (:func:`check_writable`);
* a file the caller owns with one link is replaced by rename (atomic: a crash
  leaves the old file or the new one) with its mode kept;
* any other file (another owner, hard links, a folder that cannot be written)
  is written in place, after a copy of the old bytes has been made and read back:
  should the write fail the old bytes are put back, and a crash mid-write leaves
  that copy beside the file (its name is said in the message).

Export targets are checked before anything is written (:func:`same_file`,
:func:`check_outputs`): an output that is one of the inputs, or two outputs that
are one file, is a usage error.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path

BACKUP_SUFFIX = ".napkifu-backup"


class Refused(OSError):
    """A write napkifu will not do (the message says why); an OSError so that
    callers that already report a failed write report this one too."""


def _mode_allows_write(st: os.stat_result) -> bool:
    """Whether the permission bits grant the caller write access, as they would to
    an unprivileged user: root is held to the bits too (a read-only file stays so)."""
    uid = os.geteuid()
    if uid == st.st_uid:
        return bool(st.st_mode & stat.S_IWUSR)
    if uid == 0:  # root, not the owner: some write bit must be set
        return bool(st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    if st.st_gid == os.getegid() or st.st_gid in os.getgroups():
        return bool(st.st_mode & stat.S_IWGRP)
    return bool(st.st_mode & stat.S_IWOTH)


def check_writable(path: str) -> os.stat_result:
    """The stat of ``path``, a regular file the caller may write by its mode bits;
    raises :class:`Refused` otherwise."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise Refused(errno.EINVAL, "not a regular file", path)
    if not _mode_allows_write(st):
        raise Refused(errno.EACCES, "read-only (its permissions do not allow writing)", path)
    return st


def write_atomically(path: str, data: bytes) -> None:
    """Replace the contents of ``path`` with ``data``, keeping its owner, mode and
    hard links (see the module docstring). Raises OSError (or :class:`Refused`)
    with nothing changed when it cannot."""
    target = os.path.realpath(path)
    st = check_writable(target)
    if st.st_uid == os.geteuid() and st.st_nlink == 1:
        try:
            _replace(target, data, stat.S_IMODE(st.st_mode))
            return
        except PermissionError:
            pass  # a folder that cannot be written: in place below
    _write_in_place(target, data)


def _replace(target: str, data: bytes, mode: int) -> None:
    folder, name = os.path.split(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".fmt-tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _backup(target: str, old: bytes) -> str:
    """A copy of ``old`` beside ``target`` (else in the temp folder), read back."""
    folder, name = os.path.split(target)
    try:
        fd, copy = tempfile.mkstemp(prefix=f".{name}.", suffix=BACKUP_SUFFIX, dir=folder)
    except PermissionError:
        fd, copy = tempfile.mkstemp(prefix=f"{name}.", suffix=BACKUP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(old)
            fh.flush()
            os.fsync(fh.fileno())
        if Path(copy).read_bytes() != old:
            raise OSError(errno.EIO, "the safety copy did not read back the same", copy)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(copy)
        raise
    return copy


def _write_in_place(target: str, data: bytes) -> None:
    with open(target, "r+b") as fh:
        old = fh.read()
        copy = _backup(target, old)
        try:
            fh.seek(0)
            fh.write(data)
            fh.truncate()
            fh.flush()
            os.fsync(fh.fileno())
        except BaseException:
            fh.seek(0)
            fh.write(old)
            fh.truncate()
            fh.flush()
            os.unlink(copy)
            raise
    os.unlink(copy)


# -- export targets -------------------------------------------------------------------


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file: the same inode when both exist, else the
    same absolute path."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def check_outputs(inputs: Iterable[str], outputs: Mapping[str, str]) -> str | None:
    """Why the ``outputs`` (table → path) cannot be written, or None: an output that
    is one of the ``inputs`` (by inode), or two tables sent to one path."""
    seen: dict[str, str] = {}
    ids = {_inode(p): p for p in inputs if _inode(p) is not None}
    for table, target in outputs.items():
        if target == "-":  # standard output: tables one after the other, never mixed
            continue
        key = _inode(target)
        if key is not None and key in ids:
            return (
                f"{_flag(table)} {target} is an input record ({ids[key]}): refusing to overwrite it"
            )
        for other, table_other in seen.items():
            if same_file(other, target):
                return f"{_flag(table_other)} and {_flag(table)} both write {target}"
        seen[target] = table
    return None


def _inode(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def _flag(table: str) -> str:
    return "--" + table.replace("_", "-")

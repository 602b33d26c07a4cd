"""A content-addressed cache of per-file check results, like ruff's.

Re-checking an unchanged season should cost a hash per file. The key is the
file's bytes plus everything that can change the verdict: the options that affect
judging (e.g. ``--encoding``), napkifu's version and a fingerprint of its own code
(every ``.py``, ``.lark`` and ``.json`` file of the package), so an upgrade or a local
edit of the engine can never serve a stale result. Entries are written atomically and
carry a digest of their payload: a corrupt or unreadable entry is a miss, never an
error, and a folder that cannot be written (read-only, full, not a folder) only means
nothing is stored. The cache writes only inside its folder, and a ``.gitignore`` only
in a folder it created itself (``--cache-dir .`` in a records repository must not
hide new records from git).

Where: ``$NAPKIFU_CACHE_DIR``, else ``$XDG_CACHE_HOME/napkifu``, else
``~/.cache/napkifu`` — the user's cache folder, never the folder of the records
(ruff keeps ``.ruff_cache`` in the project, but records are not a project: a club's
shared folder or a USB stick should not grow a hidden folder because someone
checked it). Deleting the folder is always safe.
"""

from __future__ import annotations

import contextlib
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import hashlib

CACHE_DIR_ENV = "NAPKIFU_CACHE_DIR"
_ENTRY = re.compile(r"[0-9a-f]{62}\.(?:json|bin)|\.tmp-.*")
"""An entry's file name (or a temp file a killed writer left) in a ``xx/`` folder."""
_MARKER = "# created by napkifu\n*\n"
DEFAULT_DIR = ".napkifu_cache"
"""The folder name used when no home folder is known (then in the current folder)."""
_FORMAT = 2
_DIGEST = 16
"""Bytes of the BLAKE2b digest of an entry's payload, kept in its header."""


def _digest(payload: bytes) -> bytes:
    import hashlib  # (here and below: a run without the result cache never loads it)

    return hashlib.blake2b(payload, digest_size=_DIGEST).hexdigest().encode()


def _framed(key: str, payload: bytes) -> bytes:
    return key.encode() + b"\n" + _digest(payload) + b"\n" + payload


FileStamp = tuple[int, int, int, int]
"""(device, inode, size, modification time in ns) of a file."""


def _stamp(st: os.stat_result) -> FileStamp:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _version() -> str:
    import importlib.metadata  # (~20 ms to import: only for the result cache's key)

    try:
        return importlib.metadata.version("napkifu")
    except importlib.metadata.PackageNotFoundError:  # run from a bare checkout
        return "unknown"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of napkifu's version and its source: changes whenever the judging
    code does (a release, or a local edit that kept the version number)."""
    import hashlib

    root = Path(__file__).resolve().parent
    h = hashlib.sha256(f"{_FORMAT}\0{_version()}\0".encode())
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".lark", ".json") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


WHERE = "$NAPKIFU_CACHE_DIR, else $XDG_CACHE_HOME/napkifu, else ~/.cache/napkifu"
"""Where :func:`default_dir` looks, for help texts."""


def default_dir() -> Path:
    """The cache folder when none is given (see the module docstring)."""
    if os.environ.get(CACHE_DIR_ENV):
        return Path(os.environ[CACHE_DIR_ENV])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "napkifu"
    try:
        return Path.home() / ".cache" / "napkifu"
    except RuntimeError:  # no home folder (a bare container user)
        return Path(DEFAULT_DIR)


def grammar_cache_file() -> str | bool:
    """Where Lark keeps the analysed grammar between runs (False: not kept).

    Building the LALR tables costs ~0.1 s at every start, about what reading a
    hundred rounds costs. Lark checks the file against a hash of the grammar, its
    options and its own version before using it, and builds the tables anew (and
    tries to rewrite the file) when it is missing, stale, unreadable or cannot be
    written, so the file is as safe to delete as the rest of the cache folder. Kept
    in the user's cache folder only (never in the current folder)."""
    where = default_dir()
    if where == Path(DEFAULT_DIR):
        return False
    with contextlib.suppress(OSError):
        _make_folder(where)
        return str(where / GRAMMAR_FILE)
    return False


GRAMMAR_FILE = "grammar.lark-cache"
TERMINALS_FILE = "grammar.terminals"
"""The grammar's terminals as regexes (:mod:`napkifu.notation.grammar`), beside Lark's file."""


def _make_folder(directory: Path) -> None:
    """Create the cache folder when missing, marked as napkifu's own (a
    ``.gitignore``). Raises OSError when it cannot be made."""
    if not directory.exists():
        directory.mkdir(parents=True)
        (directory / ".gitignore").write_text(_MARKER, encoding="utf-8")


class ResultCache:
    """Maps (file content, settings) to a JSON-able result."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_dir()

    def key(self, data: bytes, settings: str = "") -> str:
        h = self._hasher(settings)
        h.update(data)
        return h.hexdigest()

    def _hasher(self, settings: str) -> hashlib._Hash:
        import hashlib

        h = hashlib.sha256()
        h.update(code_fingerprint().encode())
        h.update(b"\0")
        h.update(settings.encode())
        h.update(b"\0")
        return h

    def file_key(self, path: str | Path, settings: str = "") -> tuple[str, FileStamp]:
        """:meth:`key` of the file's bytes, read in chunks (a 60 MB record is never
        held for hashing), and the file's stamp taken before reading: give both back
        to :meth:`put_file`. Raises OSError when the file cannot be read."""
        h = self._hasher(settings)
        with open(path, "rb") as f:
            stamp = _stamp(os.fstat(f.fileno()))
            while chunk := f.read(1 << 20):
                h.update(chunk)
        return h.hexdigest(), stamp

    def _path(self, key: str, suffix: str = ".json") -> Path:
        return self.directory / key[:2] / f"{key[2:]}{suffix}"

    def get(self, key: str) -> Any | None:
        """The JSON-able value stored under ``key``; None when absent or damaged."""
        payload = self._read(self._path(key), key)
        if payload is None:
            return None
        import json  # (a result cache only: a --no-cache run never loads it)

        try:
            return json.loads(payload)
        except ValueError:
            return None

    def get_bytes(self, key: str) -> bytes | None:
        """A binary entry (e.g. Arrow tables); None when absent, not this key's or
        damaged."""
        return self._read(self._path(key, ".bin"), key)

    @staticmethod
    def _read(path: Path, key: str) -> bytes | None:
        """An entry's payload when the file holds ``key``'s entry whole: its header
        names the key (a swapped or truncated file name cannot serve another file's
        entry) and a digest of the payload (one flipped byte is a miss, never a
        table that makes polars panic or a wrong count)."""
        try:
            with open(path, "rb") as f:
                head = f.readline(len(key) + 2)
                digest = f.readline(2 * _DIGEST + 2)
                payload = f.read()
        except OSError:
            return None
        if head != key.encode() + b"\n" or digest != _digest(payload) + b"\n":
            return None
        return payload

    def has_bytes(self, key: str) -> bool:
        """Whether a binary entry is stored under ``key`` (not read: it may still
        turn out damaged, which :meth:`get_bytes` then treats as absent)."""
        return self._path(key, ".bin").is_file()

    def put_bytes(self, key: str, value: bytes) -> None:
        """Store a binary entry (see :meth:`_read` for its header)."""
        self._write(self._path(key, ".bin"), _framed(key, value))

    @staticmethod
    def unchanged(path: str | Path, stamp: FileStamp) -> bool:
        """Whether the file still has the stamp :meth:`file_key` saw: a result judged
        from a file that was written to meanwhile is not stored (it may belong to
        other bytes than the key's)."""
        try:
            return _stamp(os.stat(path)) == stamp
        except OSError:
            return False

    def put(self, key: str, value: Any) -> None:
        """Store a JSON-able ``value``."""
        import json

        try:
            text = json.dumps(value, ensure_ascii=False).encode("utf-8")
        except (ValueError, TypeError, UnicodeEncodeError):
            return  # not JSON-able (a lone surrogate …): not cached
        self._write(self._path(key), _framed(key, text))

    def _write(self, path: Path, data: bytes) -> None:
        """Write atomically (a reader sees the old entry, the new one or none, never
        half of one); silently gives up when the folder is not writable: a cache may
        only ever save time."""
        import tempfile

        tmp: str | None = None
        try:
            _make_folder(self.directory)
            path.parent.mkdir(exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except OSError:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    def clear(self) -> tuple[int, int]:
        """Delete every entry (files named like one, in folders named like a key's
        first two hex digits), then the folders left empty: (files, bytes) removed.
        Nothing else is touched, so a cache folder set by mistake to a folder that
        holds other things (``NAPKIFU_CACHE_DIR=~``) loses nothing but entries.
        Raises OSError when an entry cannot be deleted."""
        files = size = 0
        if not self.directory.is_dir():
            return 0, 0
        for sub in sorted(self.directory.iterdir()):
            if not (
                sub.is_dir() and not sub.is_symlink() and re.fullmatch("[0-9a-f]{2}", sub.name)
            ):
                continue
            for entry in sorted(sub.iterdir()):
                if entry.is_file() and not entry.is_symlink() and _ENTRY.fullmatch(entry.name):
                    size += entry.stat().st_size
                    entry.unlink()
                    files += 1
            with contextlib.suppress(OSError):
                sub.rmdir()  # only when empty
        for made in (GRAMMAR_FILE, TERMINALS_FILE):  # the analysed grammar: made when missing
            with contextlib.suppress(OSError):
                (self.directory / made).unlink()
        marker = self.directory / ".gitignore"
        with contextlib.suppress(OSError):
            if marker.read_text(encoding="utf-8") == _MARKER:
                marker.unlink()
                self.directory.rmdir()  # only when nothing else is in it
        return files, size

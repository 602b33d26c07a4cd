"""A content-addressed cache of per-file check results, like ruff's.

Re-checking an unchanged season should cost a hash per file. The key is the
file's bytes plus everything that can change the verdict: the options that affect
judging (e.g. ``--encoding``) and a fingerprint of napkifu's own code (every
``.py`` and ``.lark`` file of the package), so an upgrade or a local edit of the
engine can never serve a stale result. Entries are written atomically; a corrupt
or unreadable entry is a miss, never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

CACHE_DIR_ENV = "NAPKIFU_CACHE_DIR"
DEFAULT_DIR = ".napkifu_cache"
_FORMAT = 1


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of the package's source: changes whenever the judging code does."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha256(str(_FORMAT).encode())
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".lark", ".json") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def default_dir() -> Path:
    return Path(os.environ.get(CACHE_DIR_ENV) or DEFAULT_DIR)


class ResultCache:
    """Maps (file content, settings) to a JSON-able result."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_dir()

    def key(self, data: bytes, settings: str = "") -> str:
        h = hashlib.sha256()
        h.update(code_fingerprint().encode())
        h.update(b"\0")
        h.update(settings.encode())
        h.update(b"\0")
        h.update(data)
        return h.hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key[2:]}.json"

    def get(self, key: str) -> Any | None:
        try:
            with open(self._path(key), encoding="utf-8") as f:
                entry = json.load(f)
        except (OSError, ValueError):
            return None
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        return entry.get("value")

    def put(self, key: str, value: Any) -> None:
        """Store ``value``; silently gives up when the cache folder is not writable."""
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._ensure_gitignore()
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"key": key, "value": value}, f, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError:
            return

    def _ensure_gitignore(self) -> None:
        marker = self.directory / ".gitignore"
        if not marker.exists():
            marker.write_text("# created by napkifu\n*\n", encoding="utf-8")

"""Which files a command reads: the one place paths on the command line become records.

Only regular files are read. A FIFO named ``*.nap`` in a folder would hang the
reader and ``/dev/zero`` never ends, so inside folders anything else is skipped
with a warning, and a path given explicitly that is not a regular file is refused
(``-`` is standard input). Folders are walked without recursion (a tree 1,000
folders deep is fine), each folder once (a symlink loop ends), entries in name
order so that which of two duplicate rounds counts as the original is
reproducible. A writer (``fmt``) confines the walk: a symlink from a folder on the
command line to a file outside it is skipped, never followed.
"""

from __future__ import annotations

import argparse
import codecs
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from napkifu.i18n import Lang, Text

RECORD_SUFFIXES = (".nap", ".NAP")

NOT_FOUND = Text("No such file or directory", "ファイルもフォルダもありません")
NOT_REGULAR = Text(
    "not a regular file ({kind}): refusing to read it",
    "通常のファイルではありません（{kind}）。読み込みません",
)
SKIPPED = Text(
    "skipped {path}: not a regular file ({kind})",
    "{path} を飛ばしました: 通常のファイルではありません（{kind}）",
)
OUTSIDE = Text(
    "skipped {path}: a symbolic link to {target}, outside {top}",
    "{path} を飛ばしました: {top} の外（{target}）へのシンボリックリンクです",
)


@dataclass(frozen=True, slots=True)
class Found:
    """One path to read (``problem`` and ``note`` None), one that cannot be
    (``problem``: the command says so and exits 2) or one skipped (``note``: a
    warning, the command goes on)."""

    path: str
    problem: str | None = None
    note: str | None = None
    empty: bool = False  # a folder with no record in it (NAP107): nothing to read


def is_record_name(name: str) -> bool:
    """Whether a file found in a folder is a record (``*.nap`` or ``*.NAP``: every
    command and the dashboard ask this)."""
    return name.endswith(RECORD_SUFFIXES)


def kind_of(mode: int) -> str:
    """A file type in words, for messages."""
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a file"


def find_records(
    paths: Iterable[str], *, confine: bool = False, lang: Lang = "en"
) -> Iterator[Found]:
    """Every record to read under ``paths`` (see the module docstring)."""
    for path in paths:
        if path == "-":
            yield Found(path)
            continue
        if os.path.isdir(path):
            found = False
            for item in _walk(path, confine, lang):
                found = found or (item.problem is None and item.note is None)
                yield item
            if not found:
                yield Found(path, empty=True)
        else:
            yield Found(path, not_a_record(path, lang))


def not_a_record(path: str, lang: Lang = "en") -> str | None:
    """Why the file ``path``, given explicitly, cannot be read as a record (missing,
    unreadable, a folder, a FIFO, a device), or None."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return NOT_FOUND(lang) if isinstance(exc, FileNotFoundError) else exc.strerror or str(exc)
    if stat.S_ISREG(st.st_mode):
        return None
    return NOT_REGULAR(lang, kind=kind_of(st.st_mode))


def _walk(top: str, confine: bool, lang: Lang) -> Iterator[Found]:
    real_top = os.path.realpath(top)
    seen: set[tuple[int, int]] = set()
    stack: list[str] = [top]  # folders, and files to give, in reverse order
    while stack:
        path = stack.pop()
        try:
            st = os.stat(path)
        except OSError as exc:
            yield Found(path, exc.strerror or str(exc))
            continue
        if confine and os.path.islink(path) and not _inside(path, real_top):
            yield Found(path, note=OUTSIDE(lang, path=path, target=os.path.realpath(path), top=top))
            continue
        if stat.S_ISREG(st.st_mode):
            yield Found(path)
            continue
        if not stat.S_ISDIR(st.st_mode):
            yield Found(path, note=SKIPPED(lang, path=path, kind=kind_of(st.st_mode)))
            continue
        key = (st.st_dev, st.st_ino)
        if key in seen:  # a symlink loop, or a folder reached twice
            continue
        seen.add(key)
        try:
            with os.scandir(path) as entries:
                names = sorted(
                    (e.name, e.is_dir()) for e in entries if e.is_dir() or is_record_name(e.name)
                )
        except OSError as exc:
            yield Found(path, exc.strerror or str(exc))
            continue
        stack.extend(os.path.join(path, name) for name, _ in reversed(names))


def _inside(path: str, real_top: str) -> bool:
    real = os.path.realpath(path)
    return real == real_top or real.startswith(real_top.rstrip(os.sep) + os.sep)


def regular_files(paths: Iterable[str], *, confine: bool = False) -> tuple[list[str], list[Found]]:
    """The files to read under ``paths`` and what could not be read or was skipped."""
    files: list[str] = []
    other: list[Found] = []
    for found in find_records(paths, confine=confine):
        if found.problem is None and found.note is None and not found.empty:
            files.append(found.path)
        else:
            other.append(found)
    return files, other


def text_encoding(name: str) -> str:
    """``--encoding``'s argument type: a codec that turns bytes into text (rot13,
    base64 or zlib are codecs too, but not of text: Python's decode would raise)."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise argparse.ArgumentTypeError(f"unknown encoding {name!r}") from None
    if not getattr(info, "_is_text_encoding", True):
        raise argparse.ArgumentTypeError(f"{name!r} is not a text encoding") from None
    return name

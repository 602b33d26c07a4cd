"""`napkifu clean`: empty the result cache (like ``ruff clean``).

The cache never serves a stale result, but nothing prunes it either: entries of
files long gone, or of an older napkifu, stay until this command removes them.
Exit status: 0 when done (also when there was nothing to remove), 2 when an entry
could not be deleted.
"""

from __future__ import annotations

import argparse
import sys

from napkifu.cache import WHERE, ResultCache, default_dir
from napkifu.i18n import Text, default_lang

REMOVED = Text(
    "removed {files} cache entries ({mb:.1f} MB) from {folder}",
    "キャッシュを {files} 件（{mb:.1f} MB）削除しました: {folder}",
)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "clean",
        help="empty the result cache",
        description="Delete every entry of napkifu's result cache (only files napkifu "
        "wrote there; the folder itself goes too once it is empty).",
    )
    p.add_argument(
        "--cache-dir",
        metavar="DIR",
        help=f"the cache to empty (default: {WHERE})",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing when it works")


def run(args: argparse.Namespace) -> int:
    cache = ResultCache(args.cache_dir or default_dir())
    try:
        files, size = cache.clear()
    except OSError as exc:
        print(f"napkifu clean: {exc.filename or cache.directory}: {exc.strerror}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(REMOVED(default_lang(), files=files, mb=size / 1e6, folder=cache.directory))
    return 0

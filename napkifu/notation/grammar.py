"""The grammar, and what a run makes of it: Lark's parser and the terminals' regexes.

``napkifu/grammar.lark`` is the notation's one definition. Lark's LALR parser reads
from it the lines nothing else reads (a rare statement, a mistake to explain), and
the fast path (:mod:`napkifu.notation.fastpath`) builds its whole-line regexes from
its terminals, taken from the compiled parser, never re-typed.

A season's lines are nearly all read without Lark (known lines and those regexes),
yet importing Lark and loading its analysed grammar cost ~100 M instructions
(~15–20 ms) at every start. So the terminals' regexes are kept between runs in the
user's cache folder, beside Lark's own file (:data:`napkifu.cache.TERMINALS_FILE`),
with what they were made from: the grammar's text and the file Lark is imported
from, with its size and time (an upgrade of Lark rewrites it). They are used only
when all of these are the same; a missing, stale or unreadable file means they are
taken from Lark again, and the file rewritten when it can be (deleting it is always
safe; it is read with :mod:`marshal`, as Lark's own file is a pickle: the folder is
the user's own). Lark itself is imported the first time a line needs it (:func:`parser`).
"""

from __future__ import annotations

import contextlib
import marshal
import os
from functools import lru_cache
from typing import TYPE_CHECKING

from napkifu.cache import TERMINALS_FILE, grammar_cache_file
from napkifu.notation.fastpath import FastPath

if TYPE_CHECKING:
    from lark import Lark

    from napkifu.notation.callbacks import StatementBuilder

_FORMAT = 1  # (of the terminals' file: a change of its layout makes old files stale)


def grammar_text() -> str:
    """The notation's grammar (``napkifu/grammar.lark``), read beside the package's
    modules with a plain open: ``importlib.resources`` would import ``zipfile`` and
    its readers at every start for a package that is always installed as files."""
    with open(
        os.path.join(os.path.dirname(os.path.dirname(__file__)), "grammar.lark"), encoding="utf-8"
    ) as f:
        return f.read()


def parser() -> tuple[Lark, StatementBuilder, FastPath]:
    """The LALR parser (callbacks inside, no tree), its callbacks and the fast path."""
    return (*_lark(), fast_path())


@lru_cache(maxsize=1)
def _lark() -> tuple[Lark, StatementBuilder]:
    """Lark's parser, imported and built (its tables from Lark's own file when kept)."""
    from lark import Lark

    from napkifu.notation.callbacks import StatementBuilder

    builder = StatementBuilder()
    lark = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=["file", "one_line"],
        transformer=builder,
        maybe_placeholders=False,
        cache=grammar_cache_file(),
    )
    return lark, builder


@lru_cache(maxsize=1)
def fast_path() -> FastPath:
    """The fast path, its regexes built from the grammar's terminals."""
    return FastPath(terminals())


def terminals() -> dict[str, str]:
    """Each terminal of the grammar (its name) as Lark's regex: from the file kept
    between runs when it was made from this grammar and this Lark, else from Lark."""
    folder = grammar_cache_file()
    where = (
        os.path.join(os.path.dirname(folder), TERMINALS_FILE) if isinstance(folder, str) else None
    )
    made_from = (_FORMAT, grammar_text(), _lark_stamp())
    if where is not None:
        try:
            with open(where, "rb") as f:
                kept = marshal.loads(f.read())
            if kept[:3] == made_from and all(isinstance(v, str) for v in kept[3].values()):
                return kept[3]  # type: ignore[no-any-return]
        except (OSError, ValueError, EOFError, TypeError, IndexError, AttributeError):
            pass  # missing, unreadable or not ours: made again below
    lark = _lark()[0]
    found = {t.name: t.pattern.to_regexp() for t in lark.terminals}
    if where is not None and made_from[2] is not None:
        temporary = f"{where}.{os.getpid()}.{id(found)}.tmp"  # (this process, this call)
        try:
            with open(temporary, "wb") as f:
                f.write(marshal.dumps((*made_from, found)))
            os.replace(temporary, where)  # (whole or not at all, for a pool's workers too)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return found


def _lark_stamp() -> tuple[str, int, int] | None:
    """The file Lark is imported from, its size and modification time (found
    without importing it); None when it cannot be told (nothing is then kept)."""
    from importlib.util import find_spec

    try:
        spec = find_spec("lark")
        origin = spec.origin if spec is not None else None
        if origin is None:
            return None
        st = os.stat(origin)
    except (ImportError, ValueError, OSError):
        return None
    return (origin, st.st_size, st.st_mtime_ns)

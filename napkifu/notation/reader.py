"""Reading text into a record, one statement line at a time.

Every statement is one line, so the file is read line by line: the frequent
statement shapes go through :mod:`napkifu.notation.fastpath` (whole-line
regexes built from the grammar's terminals), every other line through the Lark
LALR parser with the grammar's ``one_line`` start symbol. A line that the
grammar rejects gets its own diagnostic and the next line is read as if nothing
happened: one typo never hides the problems after it, and a huge file is never
held as more than its text and its record.
"""

from __future__ import annotations

import gc
from functools import lru_cache
from importlib import resources

from lark import Lark
from lark.exceptions import UnexpectedInput

from napkifu.diagnostics import Diagnostic
from napkifu.model import Record, Span
from napkifu.notation.errors import syntax_diagnostic
from napkifu.notation.fastpath import FastPath
from napkifu.notation.structure import RecordBuilder
from napkifu.notation.transform import StatementBuilder, comment_text


def grammar_text() -> str:
    """The notation's grammar (``napkifu/grammar.lark``)."""
    return resources.files("napkifu").joinpath("grammar.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def parser() -> tuple[Lark, StatementBuilder, FastPath]:
    """The LALR parser (callbacks inside, no tree), its callbacks and the fast path."""
    builder = StatementBuilder()
    lark = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=["file", "one_line"],
        transformer=builder,
        maybe_placeholders=False,
    )
    return lark, builder, FastPath(lark, builder)


def normalise(text: str) -> str:
    """Drop a BOM and turn CRLF and lone CR line ends into LF (columns do not move)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def parse(text: str, file: str = "<string>") -> tuple[Record, list[Diagnostic]]:
    """Read ``text`` (a whole ``.nap`` file) into a :class:`Record`, with every
    notation problem found (NAP101, NAP102, NAP103, NAP105)."""
    # A record is millions of small acyclic objects for a big file; the cyclic
    # garbage collector would re-scan all of them again and again while they are
    # built (quadratic time), and can find nothing to free among them.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse(text, file)
    finally:
        if enabled:
            gc.enable()


def _parse(text: str, file: str) -> tuple[Record, list[Diagnostic]]:
    lark, builder, fast = parser()
    record = RecordBuilder(file)
    syntax: list[Diagnostic] = []
    add = record.add
    statement = fast.statement
    for index, line in enumerate(normalise(text).split("\n")):
        stripped = line.lstrip()
        if not stripped:
            continue
        line_no = index + 1
        if stripped[0] == "#":
            column = len(line) - len(stripped) + 1
            span = Span(line_no, column, line_no, len(line) + 1)
            add(("comment", span, comment_text(stripped), None))
            continue
        stmt = statement(line, stripped.split(None, 1)[0], line_no)
        if stmt is None:
            builder.line_offset = index
            try:
                stmt = lark.parse(line, start="one_line")
            except UnexpectedInput as err:
                game, rnd = record.position()
                syntax.append(syntax_diagnostic(err, line, line_no, file, game, rnd))
                record.lost(stripped, line_no)
                continue
            finally:
                builder.line_offset = 0
            if stmt is None:
                continue
        add(stmt)
    result = record.finish(file)
    diagnostics = syntax + record.diagnostics
    diagnostics.sort(key=Diagnostic.sort_key)
    return result, diagnostics

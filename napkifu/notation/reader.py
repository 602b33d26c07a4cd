"""Reading text into a record, one statement line at a time.

Every statement is one line, so the file is read line by line: a line made only
of words already read goes through :mod:`napkifu.notation.known` (no regex, not
even folding), the frequent statement shapes through :mod:`napkifu.notation.fastpath`
(whole-line regexes built from the grammar's terminals), every other line through the Lark
LALR parser with the grammar's ``one_line`` start symbol. A line that the
grammar rejects gets its own diagnostic and the next line is read as if nothing
happened: one typo never hides the problems after it, and a huge file is never
held as more than its text and its record.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from typing import cast

from napkifu.diagnostics import Budget, Diagnostic
from napkifu.model import Comment, Game, Record
from napkifu.notation.errors import syntax_diagnostic
from napkifu.notation.fullwidth import fold_line
from napkifu.notation.grammar import fast_path, grammar_text, parser
from napkifu.notation.limits import MAX_LINE, long_number, over_limits
from napkifu.notation.stream import normalise
from napkifu.notation.structure import RecordBuilder
from napkifu.notation.transform import Statement, comment_text

__all__ = ["grammar_text", "iter_parse", "normalise", "parse", "parser"]


def parse(text: str, file: str = "<string>") -> tuple[Record, list[Diagnostic]]:
    """Read ``text`` (a whole ``.nap`` file) into a :class:`Record`, with every
    notation problem found (NAP101, NAP102, NAP103, NAP105)."""
    # A record is millions of small acyclic objects for a big file; the cyclic
    # garbage collector would re-scan all of them again and again while they are
    # built (quadratic time), and can find nothing to free among them.
    enabled = gc.isenabled()
    gc.disable()
    try:
        games: list[Game] = []
        leading: tuple[Comment, ...] = ()
        diagnostics: list[Diagnostic] = []
        for part, diags in iter_parse(normalise(text).split("\n"), file):
            games.extend(part.games)
            leading = leading or part.leading_comments
            diagnostics.extend(diags)
    finally:
        if enabled:
            gc.enable()
    diagnostics.sort(key=Diagnostic.sort_key)
    return Record(tuple(games), leading, file), diagnostics


def iter_parse(
    lines: Iterable[str], file: str = "<string>", budget: Budget | None = None
) -> Iterator[Part]:
    """Read a file given as its lines (no line ends, BOM dropped) game by game.

    Yields one record per game, holding just that game (numbered, with spans, as
    in the whole file), with the diagnostics found since the previous one; the
    record's leading comments come with the first. A file without any game yields
    one empty record. :func:`parse` is this, gathered: both readings agree by
    construction, and a huge file never holds more than one game's model.
    With a ``budget`` (``check --max-diagnostics``), reading stops once it is spent
    (:func:`_spent`): the game being read is then dropped, not judged.
    """
    # The collector is paused while reading (see parse) but never while the
    # consumer holds control: it may judge or keep whatever it likes.
    enabled = gc.isenabled()
    gc.disable()
    try:
        fast = fast_path()  # (Lark: imported when a line first needs it)
        record = RecordBuilder(file)
        closed = record.games
        syntax: list[Diagnostic] = []
        add = record.add
        statement = fast.statement
        known = fast.known
        first = True
        line_no = 0
        for line in lines:
            line_no += 1
            stripped = line.lstrip()
            if not stripped:
                continue
            # a line of words already read: no folding, no limits, no regex (known.py)
            stmt = known(line, stripped, line_no)  # (None for a line over MAX_LINE)
            if stmt is None and not line.isascii():
                folded = fold_line(line)  # full-width spellings: one rule (fullwidth.py)
                if folded is not line:
                    line, stripped = folded, folded.lstrip()
                    stmt = known(line, stripped, line_no)  # (None for a line over MAX_LINE)
            if stmt is None:
                if stripped[0] == "#":
                    column = len(line) - len(stripped) + 1
                    add(("comment", (line_no, column, len(line) + 1), comment_text(stripped), None))
                    continue
                if len(line) > MAX_LINE or long_number(line) is not None:
                    # a number or a line too long to be read
                    refused = over_limits(line, line_no, file, *record.position())
                    if refused is not None:
                        syntax.append(refused)
                        record.lost(stripped, line_no)
                        if budget is not None and _spent(budget, syntax, record.diagnostics):
                            break
                        continue
                stmt = statement(line, stripped.split(None, 1)[0], line_no)
                if stmt is None:
                    from lark.exceptions import UnexpectedInput  # (once imported: a look-up)

                    lark, builder, _ = parser()
                    builder.line_offset = line_no - 1
                    try:
                        # the builder (transformer=) makes the statement: no tree
                        stmt = cast("Statement | None", lark.parse(line, start="one_line"))
                    except UnexpectedInput as err:
                        game, rnd = record.position()
                        syntax.append(syntax_diagnostic(err, line, line_no, file, game, rnd))
                        record.lost(stripped, line_no)
                        if budget is not None and _spent(budget, syntax, record.diagnostics):
                            break
                        continue
                    finally:
                        builder.line_offset = 0
                    if stmt is None:
                        continue
            add(stmt)
            if budget is not None and _spent(budget, syntax, record.diagnostics):
                break
            if closed:
                part = _take(record, syntax, first, file)
                first = False
                if enabled:
                    gc.enable()
                yield part
                gc.disable()
        if budget is not None and budget.stopped:
            yield _take(record, syntax, first, file)  # the games closed before the stop
            return
        record.close()
        if closed or first or syntax or record.diagnostics:
            if enabled:
                gc.enable()
            yield _take(record, syntax, first, file)
    finally:
        if enabled:
            gc.enable()


Part = tuple[Record, list[Diagnostic]]


def _spent(budget: Budget, syntax: list[Diagnostic], found: list[Diagnostic]) -> bool:
    """Whether to stop reading: the budget's room is filled and the exit status
    known. Warnings past the room are counted and dropped (an error may follow)."""
    count = len(syntax) + len(found)
    if not count or count < budget.room:
        return False
    errors = any(d.is_error for d in syntax) or any(d.is_error for d in found)
    if budget.enough(count, errors):
        budget.stopped = True
        return True
    budget.drop_warnings(syntax, found)
    return False


def _take(record: RecordBuilder, syntax: list[Diagnostic], first: bool, file: str) -> Part:
    """The closed games and the diagnostics so far, handed out and forgotten."""
    diagnostics = syntax + record.diagnostics
    diagnostics.sort(key=Diagnostic.sort_key)
    syntax.clear()
    record.diagnostics.clear()
    games = tuple(record.games)
    record.games.clear()
    leading = tuple(record.leading) if first else ()
    return Record(games, leading, file), diagnostics

"""Full-width spellings: the one rule by which the reader folds them to the notation's.

A Japanese keyboard in kana mode types full-width characters: ``１３♣``,
``ＪＫ``, ``さくら：``, ``＋１``, a full-width space, ``ー２`` for ``-2``. Each of
these has exactly one meaning, so the reader folds them *everywhere* (every line,
quoted text included) *except in comments*, before it reads the line (a ``＂`` inside
a string that an ASCII ``"`` opened is a character of the text and stays):

- U+FF01–U+FF5E (full-width ASCII: digits, letters, ``：``, ``＋``, ``－``, ``＂``,
  ``＃`` …) become their ASCII letter, as NFKC does;
- the ideographic space U+3000 becomes a space;
- the minus sign U+2212 ``−`` becomes ``-``;
- the long-vowel mark ``ー`` becomes ``-`` only as a sign: directly before a digit
  and not inside a word (``ルーシー`` stays a name, ``ー2`` is ``-2``);
- a variation selector (U+FE0E, U+FE0F) right after a suit (``♠︎``, ``♥️``) or a
  joker is dropped.

Nothing else is folded (half-width katakana, other dashes, ❤): a card or a name
that is still wrong stays a diagnostic, never a guess. Columns stay where they
were except after a dropped variation selector (one column each).
``napkifu fmt --fix`` writes the folded spellings back and lists them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_TABLE = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20, 0x2212: 0x2D}
_NEEDS = re.compile("[\uff01-\uff5e\u3000\u2212\u30fc\ufe0e\ufe0f]")
_SIGN = re.compile(r"(?<![^\s:])\u30fc(?=\d)")
_SELECTOR = re.compile("(?<=[♠♥♦♣♤♡♢♧🃏])[\ufe0e\ufe0f]")


class Fold(NamedTuple):
    """One run of folded characters: 1-based column, as written, as read."""

    column: int
    before: str
    after: str


def comment_start(line: str) -> int:
    """Index of the ``#`` that starts a comment (outside quotes), or len(line)."""
    quoted = escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif quoted and ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return i
    return len(line)


def fold_line(line: str) -> str:
    """``line`` as the reader reads it (the rule above)."""
    if line.isascii() or _NEEDS.search(line) is None:
        return line
    return _fold(line)[0]


def folds(line: str) -> list[Fold]:
    """What :func:`fold_line` changes in ``line``, run by run (for ``fmt --fix``)."""
    if line.isascii() or _NEEDS.search(line) is None:
        return []
    return _fold(line)[1]


def _quoted_wide_quotes(line: str) -> set[int]:
    """Indexes of the full-width quotes ``＂`` that are text inside a string an ASCII
    ``"`` opened: those are characters of a name or tag, not quotes, and stay."""
    kept: set[int] = set()
    opener: str | None = None
    escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif opener is not None and ch == "\\":
            escaped = True
        elif opener is None and ch in "#\uff03":
            break
        elif opener is None and ch in '"\uff02':
            opener = ch
        elif opener is not None and (ch == opener or ch == '"'):
            opener = None
        elif opener == '"' and ch == "\uff02":
            kept.add(i)
    return kept


def _fold(line: str) -> tuple[str, list[Fold]]:
    wide = line.translate(_TABLE)  # one character for one: indexes still match
    if "\uff02" in line and (kept := _quoted_wide_quotes(line)):
        wide = "".join(line[i] if i in kept else ch for i, ch in enumerate(wide))
    end = comment_start(wide)
    code = _SIGN.sub("-", wide[:end])
    changed = [i for i in range(end) if code[i] != line[i]]
    dropped = {m.start() for m in _SELECTOR.finditer(code)}
    folded = _SELECTOR.sub("", code) + line[end:]
    runs: list[Fold] = []
    for i in sorted(set(changed) | {i - 1 for i in dropped}):
        before = line[i : i + 2] if i + 1 in dropped else line[i]
        after = code[i]
        last = runs[-1] if runs else None
        if last is not None and last.column + len(last.before) == i + 1:
            runs[-1] = Fold(last.column, last.before + before, last.after + after)
        else:
            runs.append(Fold(i + 1, before, after))
    return folded, runs

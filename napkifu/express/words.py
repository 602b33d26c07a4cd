"""The lane's most frequent lines read word by word.

A trick, bids, score or total line is a keyword or number and then words separated
by blanks, each of which is one terminal of the grammar (a played card, a bid, a
name, a score). Matching the whole line against the reader's regex re-checks the
same few hundred spellings over and over; here each distinct spelling is checked
once, by ``fullmatch`` against the grammar's own terminal, and remembered. A line
with a comment, a quote or any blank but the space is not split here: the caller
then matches it whole, as before.
"""

from __future__ import annotations

from napkifu.notation.fastpath import FastPath
from napkifu.notation.values import play_value

_LIMIT = 8192  # spellings remembered per kind


class Words:
    """Spellings proved to be one terminal of the grammar, with what they mean."""

    def __init__(self, fast: FastPath) -> None:
        self._terminal = fast.terminal
        self._known: dict[str, dict[str, object]] = {}  # terminal → word → valid?
        self._plain: dict[str, int] = {}  # a played word checked against PLAYS → its card
        self._scores: dict[str, int] = {}  # a word checked against SCORE → its value

    def split(self, line: str) -> list[str] | None:
        """The words of ``line``, or None when it must be matched whole."""
        # Printable throughout means the only blank is the space (tab and form feed,
        # which the grammar also allows, take the long way; so do the blanks it does
        # not allow, which split() would take for separators).
        if not line.isprintable() or '"' in line or "#" in line:
            return None
        return line.split()

    def valid(self, terminal: str, word: str) -> bool:
        """Whether ``word`` is exactly one ``terminal`` (remembered)."""
        known = self._known.get(terminal)
        if known is None:
            known = self._known[terminal] = {}
        got = known.get(word)
        if got is None:
            got = self._terminal(terminal).fullmatch(word) is not None
            if len(known) < _LIMIT:
                known[word] = got
        return got  # type: ignore[return-value]

    def scores(self, words: list[str]) -> list[int | None]:
        """The values of SCORE words (None for a word that is not one)."""
        known = self._scores
        values = [known.get(word) for word in words]
        if None in values:
            for i, word in enumerate(words):
                if values[i] is None and self.valid("SCORE", word):
                    values[i] = int(word)
                    if len(known) < _LIMIT:
                        known[word] = int(word)
        return values

    def plays(self, words: list[str]) -> list[int] | None:
        """The cards of a trick's played words (None: not all are plain plays, e.g. a
        joker naming its suit, which the caller reads the long way)."""
        known = self._plain
        cards = [known.get(word) for word in words]
        if None not in cards:
            return cards  # type: ignore[return-value]
        for i, word in enumerate(words):
            if cards[i] is None:
                if not self.valid("PLAYS", word):
                    return None
                card, joker_suit, _note = play_value(word)
                if joker_suit is not None:
                    return None
                if len(known) < _LIMIT:
                    known[word] = card
                cards[i] = card
        return cards  # type: ignore[return-value]

"""What ``napkifu fmt --fix`` repaired: each spelling folded and each name written in.

``fmt`` writes a record in its canonical spelling, so the repairs themselves are
the reader's (full-width folding, :mod:`napkifu.notation.fullwidth`) and
``fmt``'s completion (the leader of a trick, the bidder of a bid, where the
engine is certain). This module only says, line by line, what changed, so that a
scorer can see that nothing was guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from napkifu.i18n import Lang, Text
from napkifu.model import Record
from napkifu.notation.fullwidth import folds

SAY = {
    "fold": Text("{path}:{line}:{column}: `{before}` → `{after}`", "{path}:{line}:{column}: `{before}` → `{after}`"),
    "leader": Text(
        "{path}:{line}: round {round}, trick {trick}: leader {player} written in",
        "{path}:{line}: ラウンド {round}、トリック {trick}: リードした {player} を補いました",
    ),
    "bidders": Text(
        "{path}:{line}: round {round}: bidders named ({count})",
        "{path}:{line}: ラウンド {round}: ビッドした人の名前を補いました（{count} 件）",
    ),
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Repair:
    line: int
    key: str
    values: dict[str, object]

    def text(self, path: str, lang: Lang) -> str:
        return SAY[self.key](lang, path=path, line=self.line, **self.values)


def spelling_repairs(text: str) -> list[Repair]:
    """Every full-width spelling in ``text`` that the reader folds."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        for f in folds(line):
            before = f.before.replace("\u3000", "U+3000")  # the one fold nobody can see
            shown = {"column": f.column, "before": before, "after": f.after}
            out.append(Repair(number, "fold", shown))
    return out


def completion_repairs(before: Record, after: Record) -> list[Repair]:
    """Trick leaders and bidders present in ``after`` but not in ``before`` (the same
    record before and after ``fmt``'s completion; line numbers are ``before``'s)."""
    out = []
    for old_game, new_game in zip(before.games, after.games, strict=False):
        for old, new in zip(old_game.rounds, new_game.rounds, strict=False):
            named = [
                (
                    line.meta.span.line,
                    sum(
                        1
                        for a, b in zip(line.bids, fresh.bids, strict=False)
                        if a.player is None and b.player is not None
                    ),
                )
                for line, fresh in zip(old.bids, new.bids, strict=False)
            ]
            for line_no, count in named:
                if count:
                    out.append(Repair(line_no, "bidders", {"round": old.number, "count": count}))
            for trick, fresh in zip(old.tricks, new.tricks, strict=False):
                if trick.leader is None and fresh.leader is not None:
                    values = {
                        "round": old.number,
                        "trick": trick.number,
                        "player": fresh.leader.name,
                    }
                    out.append(Repair(trick.meta.span.line, "leader", values))
    return out


def repairs(text: str, formatted: str, file: str) -> list[Repair]:
    """Everything ``fmt`` repaired in ``text`` to make ``formatted``, in line order."""
    from napkifu.notation import parse

    before, _ = parse(text, file=file)
    after, _ = parse(formatted, file=file)
    found = spelling_repairs(text) + completion_repairs(before, after)
    return sorted(found, key=lambda r: r.line)

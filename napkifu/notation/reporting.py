"""The record builder's reports: NAP103 (a name not among the game's players) and
the structural NAP105 diagnostics, each with the game, round and trick it stands in.

A base class of :class:`~napkifu.notation.structure.RecordBuilder`, kept apart so
that the builder's module holds the placing of lines alone (and stays one module's
size with a round line kept in one call).
"""

from __future__ import annotations

from napkifu.diagnostics import Diagnostic
from napkifu.model import PlayerRef, Span, Where, as_span
from napkifu.notation.drafts import GameDraft
from napkifu.notation.errors import diagnostic
from napkifu.notation.suggest import closest_name


class Reports:
    """What the builder reports into: its file's name and its diagnostics."""

    file: str
    diagnostics: list[Diagnostic]

    def _check_names(
        self, g: GameDraft, rnd: int, trick: int | None, *refs: PlayerRef | None
    ) -> None:
        names = g.names
        if names is None:
            return  # no `players` line: reported once, not at every name
        for ref in refs:
            if ref is not None and ref.name not in names:
                seats = " ".join(p.name for p in g.fields["players"].players)
                self._report(
                    "unknown_player",
                    ref.span,
                    g.number,
                    rnd,
                    trick,
                    code="NAP103",
                    player=ref.name,
                    players=seats,
                    suggestion=closest_name(
                        ref.name, [p.name for p in g.fields["players"].players]
                    ),
                )

    def _report(
        self,
        key: str,
        span: Span | Where,
        game: int | None,
        rnd: int | None = None,
        trick: int | None = None,
        /,
        code: str = "NAP105",
        **values: object,
    ) -> None:
        at = as_span(span)
        self.diagnostics.append(diagnostic(code, key, at, self.file, game, rnd, trick, **values))

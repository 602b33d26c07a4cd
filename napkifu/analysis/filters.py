"""Which games and rounds a season keeps: players, a date range, presets.

Filters are applied while each file is turned into rows (not afterwards), so that
a large corpus only ever holds the rows it keeps.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True, slots=True)
class SeasonFilter:
    """Keep rounds in which any of ``players`` sat (the season table then lists only
    them), of games dated within ``since``..``until`` (inclusive; an undated game is
    dropped when either bound is set) and played under one of ``presets``.
    An empty tuple or None means no restriction."""

    players: tuple[str, ...] = ()
    since: date | None = None
    until: date | None = None
    presets: tuple[str, ...] = ()

    def keeps_game(self, day: date | None, preset: str) -> bool:
        if self.presets and preset not in self.presets:
            return False
        if self.since is None and self.until is None:
            return True
        if day is None:
            return False
        return (self.since is None or day >= self.since) and (
            self.until is None or day <= self.until
        )

    def keeps_seats(self, seats: tuple[str, ...]) -> bool:
        return not self.players or any(p in seats for p in self.players)


def parse_date(text: str | None) -> date | None:
    """The ISO date of a ``date`` line; None when absent or not a real date."""
    if not text:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None

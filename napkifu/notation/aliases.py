"""Player aliases (NOTATION.md v1.1 §4): ``alias ハル Haru Haru-chan`` says the names
are one player, counted as the first. The record model holds the first name
everywhere, so judging, the season tables and the dashboard all count one player;
an alias before the file's first ``game`` line holds for every game, one in a game's
header for that game."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from napkifu.model import AliasLine, PlayerRef, Statement
from napkifu.notation.drafts import GameDraft


class Aliases:
    """The names read as another while a file is read: ``names`` maps each alias to
    its first name."""

    __slots__ = ("every_game", "names")

    def __init__(self) -> None:
        self.every_game: dict[str, str] = {}
        self.names: dict[str, str] = {}

    def read(
        self, game: GameDraft, line: tuple[PlayerRef, ...], meta: Statement, every_game: bool
    ) -> None:
        """Read ``alias FIRST OTHER…`` in ``game``'s header (``every_game``: before the
        file's first game); a ``players`` line already read is renamed too."""
        game.aliases.append(AliasLine(line, meta, every_game))
        first = self.names.get(line[0].name, line[0].name)
        new = {p.name: first for p in line[1:] if p.name != first}
        self.names.update(new)
        if every_game:
            self.every_game.update(new)
        players = game.fields.get("players")
        if players is not None:
            game.fields["players"] = renamed(players, new)
            game.names = frozenset(p.name for p in game.fields["players"].players)

    def next_game(self) -> None:
        """A game ends: its own aliases end with it."""
        self.names = dict(self.every_game)


def renamed(obj: Any, names: Mapping[str, str]) -> Any:
    """``obj`` (a statement's payload or line) with every player named by an alias
    renamed to the alias's first name; unchanged parts are kept as they are."""
    if isinstance(obj, PlayerRef):
        first = names.get(obj.name)
        return obj if first is None else dataclasses.replace(obj, name=first)
    if isinstance(obj, tuple):
        items = tuple(renamed(x, names) for x in obj)
        return obj if all(a is b for a, b in zip(items, obj, strict=True)) else items
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {}
        for f in dataclasses.fields(obj):
            if f.init:
                old = getattr(obj, f.name)
                new = renamed(old, names)
                if new is not old:
                    changes[f.name] = new
        return dataclasses.replace(obj, **changes) if changes else obj
    return obj


__all__ = ["Aliases", "renamed"]

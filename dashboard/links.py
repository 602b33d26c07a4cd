"""Links between pages, and the page state kept in the URL (``st.query_params``).

A link shared in the club's chat opens the same view: the page is the URL's path
(``st.navigation``), and its query holds the language, the season filters and
what the page shows (a player, a game, a round). Every page's state goes through
here, so a link made on one page is read the same way on another.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

STATE_KEYS = ("lang", "players", "since", "until", "preset", "player", "file", "game", "round")
"""What the URL may carry (anything else in a query is ignored)."""


def url(page: str, lang: str, **params: object) -> str:
    """A relative link to ``page`` with ``params`` (None left out) and the language."""
    query = {"lang": lang, **{k: v for k, v in params.items() if v is not None}}
    return f"{page}?{urlencode(query)}"


def replay_url(lang: str, file: str, game: int, rnd: int) -> str:
    return url("replay", lang, file=file, game=game, round=rnd)


def game_url(lang: str, file: str, game: int) -> str:
    return url("games", lang, file=file, game=game)


def player_url(lang: str, player: str) -> str:
    return url("players", lang, player=player)


def as_int(value: object) -> int | None:
    """A query value as a number (None when it is not one)."""
    try:
        return int(str(value))
    except ValueError:
        return None


def first(query: Mapping[str, object], key: str) -> str | None:
    value = query.get(key)
    return None if value is None else str(value)

"""The slips real scorers make, planted one at a time in a clean record: each returns
the changed text and the 1-based line it changed, or None when the record has no
place for it (the property tests in tests/test_slips.py). They read the notation's
spellings as people write them (♠A or SA, 10 or T, JK/Jo, tabs, comments)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Slip = Callable[[str, random.Random], tuple[str, int] | None]

_SUIT = "♠♥♦♣♤♡♢♧SHDC"
_CARD = re.compile(rf"^([{_SUIT}])(A|K|Q|J|10|T|[2-9])([!?]*)$")
_JOKER = re.compile(r"^(?:JK|Jo|🃏)(?:>\S)?[!?]*$")
_TRICK = re.compile(r'^(\s*\d+\s+)((?:"[^"]*"|[^\s"#]+):\s+)?([^#]*?)(\s*(?:#.*)?)$')
_NAME = r'(?:"[^"]*"|[^\s"#:]+)'


def _lines_where(text: str, test: Callable[[str], bool]) -> list[int]:
    return [i for i, line in enumerate(text.split("\n")) if test(line)]


def _replace_line(text: str, i: int, new: str) -> tuple[str, int]:
    lines = text.split("\n")
    lines[i] = new
    return "\n".join(lines), i + 1


def _is_trick(line: str) -> bool:
    return bool(re.match(r"^\s*\d+\s", line))


def _is_card(word: str) -> bool:
    return bool(_CARD.match(word) or _JOKER.match(word))


def _trick(text: str, rng: random.Random) -> tuple[int, re.Match[str], list[str]] | None:
    """A random trick line: its index, its parts and its cards."""
    tricks = _lines_where(text, _is_trick)
    if not tricks:
        return None
    i = rng.choice(tricks)
    m = _TRICK.match(text.split("\n")[i])
    if m is None:
        return None
    cards = m.group(3).split()
    if not cards or not all(_is_card(c) for c in cards):
        return None
    return i, m, cards


def _with_cards(m: re.Match[str], cards: list[str]) -> str:
    return m.group(1) + (m.group(2) or "") + " ".join(cards) + m.group(4)


def mistyped_card(text: str, rng: random.Random) -> tuple[str, int] | None:
    """``♣K`` written ``♣L``: the trick line cannot be read."""
    found = _trick(text, rng)
    if found is None:
        return None
    i, m, cards = found
    at = [k for k, w in enumerate(cards) if _CARD.match(w)]
    if not at:
        return None
    k = rng.choice(at)
    cards[k] = cards[k][0] + "L"
    return _replace_line(text, i, _with_cards(m, cards))


def card_left_out(text: str, rng: random.Random) -> tuple[str, int] | None:
    """One card of a trick not written."""
    found = _trick(text, rng)
    if found is None or len(found[2]) < 2:
        return None
    i, m, cards = found
    del cards[rng.randrange(len(cards))]
    return _replace_line(text, i, _with_cards(m, cards))


def cards_swapped(text: str, rng: random.Random) -> tuple[str, int] | None:
    """Two cards of a trick written in each other's place."""
    found = _trick(text, rng)
    if found is None or len(found[2]) < 2:
        return None
    i, m, cards = found
    a, b = rng.sample(range(len(cards)), 2)
    cards[a], cards[b] = cards[b], cards[a]
    return _replace_line(text, i, _with_cards(m, cards))


def seat_order(text: str, rng: random.Random) -> tuple[str, int] | None:
    """A trick's cards written in seat order from another player than the leader (a
    rotation of the order played), or the other way round; the leader as written."""
    found = _trick(text, rng)
    if found is None or len(found[2]) < 3:
        return None
    i, m, cards = found
    k = rng.randrange(len(cards) + 1)  # k == len(cards): reversed
    cards = cards[::-1] if k == len(cards) else cards[k:] + cards[:k]
    if k == 0:
        cards = cards[1:] + cards[:1]
    return _replace_line(text, i, _with_cards(m, cards))


def misspelt_leader(text: str, rng: random.Random) -> tuple[str, int] | None:
    """A trick's leader written with a letter too many."""
    tricks = _lines_where(text, lambda s: bool(re.match(rf"^\s*\d+\s+{_NAME}:\s", s)))
    if not tricks:
        return None
    i = rng.choice(tricks)
    line = text.split("\n")[i]
    return _replace_line(text, i, re.sub(rf"^(\s*\d+\s+)({_NAME}):", _misspelt, line, count=1))


def _misspelt(m: re.Match[str]) -> str:
    name = m.group(2)
    name = name[:-1] + 'x"' if name.startswith('"') else name + "x"
    return m.group(1) + name + ":"


_NAMED = re.compile(rf"^(\s*(?:dealer|adjutant|hand|napoleon)\s+)({_NAME})(?=\s|$)")


def misspelt_name(text: str, rng: random.Random) -> tuple[str, int] | None:
    """A player's name misspelt in a ``dealer``, ``adjutant``, ``hand`` or
    ``napoleon`` line (``adjutant none`` is no name)."""
    found = _lines_where(
        text, lambda s: bool(_NAMED.match(s)) and not re.match(r"^\s*adjutant\s+none\b", s)
    )
    if not found:
        return None
    i = rng.choice(found)
    line = text.split("\n")[i]
    return _replace_line(text, i, _NAMED.sub(lambda m: _misspelt(m)[:-1], line, count=1))


def _players(text: str) -> list[str]:
    m = re.search(r"^players\s+(.*)$", text, re.M)
    return re.findall(_NAME, m.group(1).split("#")[0]) if m else []


def wrong_bid_name(text: str, rng: random.Random) -> tuple[str, int] | None:
    """One bid's ``Name:`` written as another player's."""
    players = _players(text)
    found = _lines_where(text, lambda s: bool(re.match(rf"^\s*bids\s.*{_NAME}:", s)))
    if not found or len(players) < 2:
        return None
    i = rng.choice(found)
    line = text.split("\n")[i]
    spots = [m for m in re.finditer(rf"(?<=\s)({_NAME}):", line) if m.group(1) in players]
    if not spots:
        return None
    m = rng.choice(spots)
    other = rng.choice([p for p in players if p != m.group(1)])
    return _replace_line(text, i, line[: m.start(1)] + other + line[m.end(1) :])


def wrong_napoleon(text: str, rng: random.Random) -> tuple[str, int] | None:
    """The ``napoleon`` line naming another player, or another bid."""
    found = _lines_where(text, lambda s: bool(re.match(r"^\s*napoleon\s", s)))
    players = _players(text)
    if not found or len(players) < 2:
        return None
    i = rng.choice(found)
    line = text.split("\n")[i]
    m = re.match(rf"^(\s*napoleon\s+)({_NAME})(\s+)(\d+)(\S+)(.*)$", line)
    if m is None:
        return None
    head, name, gap, count, suit, rest = m.groups()
    if rng.random() < 0.5:
        name = rng.choice([p for p in players if p != name])
    else:
        count = str(int(count) + rng.choice((1, -1)))
    return _replace_line(text, i, head + name + gap + count + suit + rest)


def _off_by_one(keyword: str) -> Slip:
    def slip(text: str, rng: random.Random) -> tuple[str, int] | None:
        found = _lines_where(text, lambda s: s.strip().startswith(keyword + " "))
        if not found:
            return None
        i = rng.choice(found)
        line = text.split("\n")[i]
        body, sep, comment = line.partition("#")
        spots = list(re.finditer(r"(?<=\s)[+-]?\d+(?=\s|$)", body))
        if not spots:
            return None
        m = rng.choice(spots)
        new = f"{int(m.group()) + rng.choice((1, -1)):+d}"
        return _replace_line(text, i, body[: m.start()] + new + body[m.end() :] + sep + comment)

    slip.__name__ = f"{keyword}_off_by_one"
    return slip


SLIPS: dict[str, Slip] = {
    "mistyped-card": mistyped_card,
    "card-left-out": card_left_out,
    "misspelt-leader": misspelt_leader,
    "score-off-by-one": _off_by_one("score"),
    "total-off-by-one": _off_by_one("total"),
}
"""The slips of issue 27's "done when", planted in generated records of every preset."""

MORE_SLIPS: dict[str, Slip] = {
    **SLIPS,
    "cards-swapped": cards_swapped,
    "seat-order": seat_order,
    "misspelt-name": misspelt_name,
    "wrong-bid-name": wrong_bid_name,
    "wrong-napoleon": wrong_napoleon,
}
"""Every slip kind, planted in the shared corpus and examples."""

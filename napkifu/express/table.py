"""A game in the express lane: its seats and rules, what carries from round to round,
and the readers of its lines.

Every reader either returns what the ordinary reader would make of the line or
raises :class:`NotClean`; none of them builds a span. A line is read word by word
when it can be (:mod:`napkifu.express.words`), else matched whole by the ordinary
reader's own regex (:class:`napkifu.notation.fastpath.FastPath`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from napkifu.cards import Suit
from napkifu.express.facts import FactGame
from napkifu.express.words import Words
from napkifu.model import Bid, Span
from napkifu.notation.fastpath import FastPath, Match
from napkifu.notation.objects import bid as make_bid
from napkifu.notation.objects import player_ref
from napkifu.notation.values import bid_items, player_name
from napkifu.rules.build import Rules


class NotClean(Exception):
    """The express lane cannot prove the record clean: the ordinary path decides."""


NOWHERE = Span(0, 0, 0, 0)  # a clean round reports nothing, so nothing needs a place

Line = tuple[str, str]  # (first word, or "trick" for a line that starts with a digit; the line)
END: Line = ("", "")  # past a round's last line


@dataclass(slots=True)
class Table:
    """A game in progress; ``fast`` holds the ordinary reader's whole-line regexes
    and builders, ``words`` the spellings already checked."""

    players: tuple[str, ...]
    rules: Rules
    fast: FastPath
    words: Words
    seat: dict[str, int] = field(init=False)
    leaders: dict[str, int] = field(init=False)  # a trick's `Name:` as written → seat
    bid_words: dict[str, Bid] = field(init=False)  # a bid as written → the auction's Bid
    name_orders: dict[tuple[str, ...], tuple[int, ...]] = field(init=False)  # points lines
    running: list[int] = field(init=False)  # totals so far, by seat
    number: int = 0  # the last round's number
    dealer: str | None = None  # the last round's dealer line, if it had one
    redeal: bool = False  # the last round was a redeal
    first: int | None = None  # the last round's first bidder
    title: str | None = None  # the game's title and date, as the ordinary path reads them
    date: str | None = None
    facts: FactGame | None = None  # where clean rounds' facts go (None: a verdict is enough)

    def __post_init__(self) -> None:
        self.seat = {p: i for i, p in enumerate(self.players)}
        self.leaders = {}
        self.bid_words = {}
        self.name_orders = {}
        self.running = [0] * len(self.players)

    def match(self, line: Line, head: str) -> Match:
        """``line`` matched whole as a ``head`` line (group i: its i-th terminal)."""
        if line[0] != head:
            raise NotClean
        m = self.fast.lines[head][0].match(line[1])
        if m is None:
            raise NotClean
        return m

    def seat_of(self, raw: str) -> int:
        """The seat of a name as written (quoted or not)."""
        seat = self.seat.get(player_name(raw))
        if seat is None:
            raise NotClean
        return seat

    def leader(self, spelled: str) -> int:
        """The seat of a trick's ``Name:`` as written (already a valid LEADER)."""
        seat = self.leaders.get(spelled)
        if seat is None:
            seat = self.leaders[spelled] = self.seat_of(spelled[:-1])
        return seat

    def bids(self, line: Line) -> list[Bid]:
        """A ``bids`` line (a round's only one) as the engine's auction reads it."""
        words = self.words.split(line[1]) if line[0] == "bids" else None
        if words is not None and len(words) > 1 and words[0] == "bids":
            known, out = self.bid_words, []
            for word in words[1:]:
                bid = known.get(word)
                if bid is None:
                    if not self.words.valid("BIDS", word):
                        break  # (then the whole line decides)
                    ((_at, name, count, suit, *_),) = bid_items(word)
                    bid = self._bid(name, count, suit)
                    if len(known) < 4096:
                        known[word] = bid
                out.append(bid)
            else:
                return out
        run = self.match(line, "bids").group(2)
        return [self._bid(name, count, suit) for _at, name, count, suit, *_ in bid_items(run)]

    def _bid(self, name: str | None, count: int | None, suit: Suit | None) -> Bid:
        if name is not None and name not in self.seat:
            raise NotClean
        who = None if name is None else player_ref(name, NOWHERE)
        return make_bid(who, count, suit, NOWHERE)  # type: ignore[no-any-return]

    def points(self, line: Line, head: str) -> list[int]:
        """A ``score`` or ``total`` line's points by seat: every player exactly once."""
        words = self.words.split(line[1]) if line[0] == head else None
        if words is not None and words[0] == head:
            names, values = tuple(words[1::2]), words[2::2]
            seats = self.name_orders.get(names)
            if seats is None:
                seats = self._order(names)
            points = self.words.scores(values)
        else:  # quoted names or a comment: the ordinary reader's own entries
            entries = self.fast.lines[head][1](self.match(line, head), 0)
            seats = self._seats([e.player.name for e in entries])
            points = [e.points for e in entries]
        if len(points) != len(seats):
            raise NotClean
        out = [0] * len(seats)
        for seat, value in zip(seats, points):  # noqa: B905 — lengths checked
            if value is None:
                raise NotClean
            out[seat] = value
        return out

    def _order(self, spelled: tuple[str, ...]) -> tuple[int, ...]:
        """The seats of a points line's names as spelled (checked: valid names)."""
        if not all(self.words.valid("NAME", w) for w in spelled):
            raise NotClean
        seats = self._seats([player_name(w) for w in spelled])
        if len(self.name_orders) < 64:
            self.name_orders[spelled] = seats
        return seats

    def _seats(self, names: list[str]) -> tuple[int, ...]:
        """The seats of a points line's names, which must be every player once."""
        seats = tuple(self.seat.get(name, -1) for name in names)
        if len(seats) != len(self.players) or len(set(seats)) != len(seats) or -1 in seats:
            raise NotClean
        return seats
